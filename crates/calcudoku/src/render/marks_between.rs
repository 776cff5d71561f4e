//! What Skyscrapers and Futoshiki add to the SVG picture: the clues around the grid (in a
//! band one cell wide on each side), the `<` signs between neighbours (drawn `<` `>` across a
//! row's border, pointing up or down across a column's), and Adjacent's bars across the borders of
//! neighbours that differ by 1.

use std::fmt::Write as _;

use super::Picture;
use super::svg::{FONT_FAMILY, INK, Num};
use crate::puzzle::{Edge, RelationKind};

/// Whether the picture has clues around the grid (and so a band for them).
pub(crate) fn has_band(p: &Picture) -> bool {
    p.puzzle().line_clues().is_some_and(|c| !c.is_empty())
}

/// The clues around the grid, for a grid whose top-left corner is at (`left`, `top`).
pub(crate) fn clues(p: &Picture, left: f64, top: f64, cell: f64, out: &mut String) {
    let Some(clues) = p.puzzle().line_clues() else { return };
    let n = p.size();
    let size = (cell * 0.5).round();
    let mut texts = String::new();
    for (edge, i, seen) in clues.given() {
        let along = i as f64 * cell + cell / 2.0;
        let (x, y) = match edge {
            Edge::Top => (left + along, top - cell / 2.0),
            Edge::Bottom => (left + along, top + n as f64 * cell + cell / 2.0),
            Edge::Left => (left - cell / 2.0, top + along),
            Edge::Right => (left + n as f64 * cell + cell / 2.0, top + along),
        };
        let _ =
            writeln!(texts, "<text x=\"{}\" y=\"{}\">{seen}</text>", Num(x), Num(y + size * 0.36));
    }
    if !texts.is_empty() {
        let _ = write!(
            out,
            "<g font-family=\"{FONT_FAMILY}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{INK}\" text-anchor=\"middle\">\n{texts}</g>\n",
            Num(size)
        );
    }
}

/// The signs and bars between neighbouring cells (relations between cells that do not touch
/// are not drawn).
pub(crate) fn signs(p: &Picture, left: f64, top: f64, cell: f64, out: &mut String) {
    let n = p.size();
    let mut texts = String::new();
    let mut bars = String::new();
    let mut chevrons = String::new();
    for r in p.puzzle().relations() {
        let (a, b) = (r.a.index(), r.b.index());
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let across = ra == rb && ca.abs_diff(cb) == 1;
        let down = ca == cb && ra.abs_diff(rb) == 1;
        if !across && !down {
            continue;
        }
        // The middle of the border between the two cells.
        let x = left + (ca.max(cb) as f64) * cell - if across { 0.0 } else { -cell / 2.0 };
        let y = top + (ra.max(rb) as f64) * cell - if down { 0.0 } else { -cell / 2.0 };
        match r.kind {
            RelationKind::Less => {
                // `a < b`: a chevron that opens toward b (the greater), drawn as lines so
                // that every font shows it.
                let (dx, dy) = ((cb as f64 - ca as f64), (rb as f64 - ra as f64));
                let (tip, wing) = (cell * 0.1, cell * 0.15);
                let back = cell * 0.32;
                let _ = writeln!(
                    texts,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
                    Num(x - back / 2.0),
                    Num(y - back / 2.0),
                    Num(back),
                    Num(back)
                );
                // The tip points at a (the smaller), the open end at b.
                let (tx, ty) = (x - dx * tip, y - dy * tip);
                let (ox, oy) = (x + dx * tip, y + dy * tip);
                let _ = write!(
                    chevrons,
                    "M{} {}L{} {}L{} {}",
                    Num(ox - dy * wing),
                    Num(oy - dx * wing),
                    Num(tx),
                    Num(ty),
                    Num(ox + dy * wing),
                    Num(oy + dx * wing)
                );
            }
            RelationKind::Consecutive => {
                let half = cell * 0.3;
                if across {
                    let _ = write!(bars, "M{} {}V{}", Num(x), Num(y - half), Num(y + half));
                } else {
                    let _ = write!(bars, "M{} {}H{}", Num(x - half), Num(y), Num(x + half));
                }
            }
            RelationKind::NotConsecutive => {}
        }
    }
    if !bars.is_empty() {
        let _ = writeln!(
            out,
            "<path fill=\"none\" stroke=\"{INK}\" stroke-width=\"5\" stroke-linecap=\"round\" d=\"{bars}\"/>"
        );
    }
    out.push_str(&texts);
    if !chevrons.is_empty() {
        let _ = writeln!(
            out,
            "<path fill=\"none\" stroke=\"{INK}\" stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{chevrons}\"/>"
        );
    }
}
