//! The picture as SVG 1.1, newspaper style: thin cell lines, thick cage (KenKen) and box
//! (Sudoku) borders, Killer cages as dashed outlines inside their cells with the sum in the
//! corner, clues in a sans font, solution values in blue. No scripts, no external references:
//! text and shapes only, written by hand.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use super::{Content, Edge, Ink, Picture, xml_escape};
use crate::puzzle::Cell;

/// The fonts asked for, best first (the PNG and PDF renderers bundle Noto Sans).
pub const FONT_FAMILY: &str = "'Noto Sans', 'DejaVu Sans', Helvetica, Arial, sans-serif";

/// Side of a cell, in user units (pixels at 100 %).
pub const CELL: f64 = 40.0;
/// Side of a cell when pencil marks are shown.
pub const MARKS_CELL: f64 = 56.0;
/// White space around the grid.
const MARGIN: f64 = 6.0;
/// Caption under the grid: font size, line height, and the average width of a character (in
/// ems) used to wrap it.
const CAPTION_SIZE: f64 = 13.0;
const CAPTION_LINE: f64 = 17.0;
const CHAR_WIDTH: f64 = 0.56;
/// How far a Killer cage's dashed outline lies inside its cells.
const INSET: i32 = 4;
const THICK: f64 = 3.0;
const THIN: f64 = 1.0;

/// Colours (also used by the PDF sheet). Every colour text is drawn in keeps a contrast of
/// 4.5:1 or more on every background a cell may have (WCAG's AA for small text; a test checks).
pub(crate) const INK: &str = "#000";
const GRID: &str = "#8a8a8a";
const SOLUTION: &str = "#1d5aae";
const PLACED: &str = "#176b30";
const WRONG: &str = "#b01a25";
const HIGHLIGHT: &str = "#fff2a8";
const WRONG_BACK: &str = "#ffd0d0";
/// The cells of X's diagonals and windoku's windows.
pub(crate) const SHADE: &str = "#e4e4e4";
const PENCIL: &str = "#555";

/// A number as SVG writes it: at most two decimals, no trailing zeros.
#[derive(Clone, Copy)]
pub(crate) struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = (self.0 * 100.0).round() / 100.0;
        if v == v.trunc() && v.abs() < 1e15 { write!(f, "{}", v as i64) } else { write!(f, "{v}") }
    }
}

/// The side of a cell: larger when pencil marks are shown (or room for them was asked for).
fn cell_size(p: &Picture) -> f64 {
    if p.room_for_candidates() { MARKS_CELL } else { CELL }
}

/// Where the grid lies in the picture, in user units: cell (row, col) is the square from
/// (`left + col × cell`, `top + row × cell`) with side `cell`. For pages that find the cell
/// under a pointer, or lay something over the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridBox {
    /// x of the grid's left edge.
    pub left: f64,
    /// y of the grid's top edge.
    pub top: f64,
    /// Side of one cell.
    pub cell: f64,
}

/// The grid's place in [`render`]'s picture (and in [`body`]'s coordinates).
pub fn grid_box(p: &Picture) -> GridBox {
    let at = MARGIN + band(p);
    GridBox { left: at, top: at, cell: cell_size(p) }
}

/// Width of the band around the grid where Skyscrapers clues stand (0 without them).
fn band(p: &Picture) -> f64 {
    if super::marks_between::has_band(p) { cell_size(p) } else { 0.0 }
}

/// Width and height of the picture in user units (the caption, if any, included).
pub fn dimensions(p: &Picture) -> (f64, f64) {
    let cell = cell_size(p);
    let side = 2.0 * MARGIN + p.size() as f64 * cell + 2.0 * band(p);
    let lines = caption_lines(p).len();
    let caption = if lines > 0 { 4.0 + lines as f64 * CAPTION_LINE } else { 0.0 };
    (side, side + caption)
}

/// The caption cut into lines that fit the picture's width, at spaces where it can be.
fn caption_lines(p: &Picture) -> Vec<String> {
    let cell = cell_size(p);
    let Some(caption) = p.caption() else { return Vec::new() };
    let width = p.size() as f64 * cell;
    let fits = ((width / (CAPTION_SIZE * CHAR_WIDTH)) as usize).max(10);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in caption.split_whitespace() {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let needed = word.chars().count() + usize::from(used > 0);
            if used + needed <= fits {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a line: cut it.
            let head: String = word.chars().take(fits).collect();
            word = word.chars().skip(fits).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The picture as a standalone SVG document.
pub fn render(p: &Picture) -> String {
    let (w, h) = dimensions(p);
    let mut out = String::with_capacity(8192 + p.size() * p.size() * 120);
    let title = match p.caption() {
        Some(c) => c.to_string(),
        None => format!("{} {n}×{n}", p.puzzle().kind(), n = p.size()),
    };
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <title>{title}</title>\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n",
        w = Num(w),
        h = Num(h),
        title = xml_escape(&title),
    );
    body(p, &mut out);
    out.push_str("</svg>\n");
    out
}

/// Writes the picture's elements, in its own coordinates (0, 0)–[`dimensions`], with no
/// background: the PDF sheet places several on a page.
pub fn body(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size();
    // With clues around it, the grid moves into the band they stand in.
    let band = band(p);
    if band > 0.0 {
        let _ = writeln!(out, "<g transform=\"translate({} {})\">", Num(band), Num(band));
    }
    let x = |c: usize| MARGIN + c as f64 * cell;
    let side = n as f64 * cell;
    // Cell backgrounds: highlighted and wrong cells, then X's diagonals and windoku's windows.
    for i in 0..n * n {
        let here = Cell(i as u16);
        let fill = if p.wrong(here) {
            WRONG_BACK
        } else if p.highlighted(here) {
            HIGHLIGHT
        } else if p.shaded(here) {
            SHADE
        } else {
            continue;
        };
        let (r, c) = (i / n, i % n);
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
            Num(x(c)),
            Num(x(r)),
            Num(cell),
            Num(cell)
        );
    }
    // Thin lines: every inner line of the grid (thick ones are drawn over them).
    if n > 1 {
        out.push_str("<path fill=\"none\" stroke=\"");
        out.push_str(GRID);
        let _ = write!(out, "\" stroke-width=\"{THIN}\" d=\"");
        for k in 1..n {
            let _ = write!(
                out,
                "M{} {}H{}M{} {}V{}",
                Num(x(0)),
                Num(x(k)),
                Num(x(n)),
                Num(x(k)),
                Num(x(0)),
                Num(x(n))
            );
        }
        out.push_str("\"/>\n");
    }
    if p.killer_style() {
        killer_outlines(p, out);
    }
    thick_lines(p, out);
    let _ = writeln!(
        out,
        "<rect x=\"{m}\" y=\"{m}\" width=\"{s}\" height=\"{s}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{THICK}\"/>",
        m = Num(MARGIN),
        s = Num(side),
    );
    labels(p, out);
    super::marks_between::signs(p, MARGIN, MARGIN, cell, out);
    super::marks_between::clues(p, MARGIN, MARGIN, cell, out);
    values(p, out);
    candidates(p, out);
    if band > 0.0 {
        out.push_str("</g>\n");
    }
    let lines = caption_lines(p);
    if !lines.is_empty() {
        let _ = writeln!(
            out,
            "<g font-family=\"{FONT_FAMILY}\" font-size=\"{CAPTION_SIZE}\" fill=\"{INK}\">"
        );
        for (k, line) in lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                Num(MARGIN),
                Num(2.0 * MARGIN + side + 2.0 * band + CAPTION_SIZE + k as f64 * CAPTION_LINE),
                xml_escape(line)
            );
        }
        out.push_str("</g>\n");
    }
}

/// Whether a border is drawn thick: boxes always, cages when they are KenKen cages.
fn is_thick(edge: Edge, killer: bool) -> bool {
    match edge {
        Edge::Box => true,
        Edge::Cage => !killer,
        Edge::Outer | Edge::InCage | Edge::Cell => false,
    }
}

/// The thick inner borders, runs along each grid line joined into one segment.
fn thick_lines(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size();
    let killer = p.killer_style();
    let x = |c: usize| MARGIN + c as f64 * cell;
    let mut d = String::new();
    for line in 1..n {
        // Horizontal line `line` (above row `line`), then vertical line `line`.
        for vertical in [false, true] {
            let mut start: Option<usize> = None;
            for k in 0..=n {
                let thick = k < n && {
                    let edge = if vertical { p.edge_left(k, line) } else { p.edge_above(line, k) };
                    is_thick(edge, killer)
                };
                match (thick, start) {
                    (true, None) => start = Some(k),
                    (false, Some(s)) => {
                        if vertical {
                            let _ = write!(d, "M{} {}V{}", Num(x(line)), Num(x(s)), Num(x(k)));
                        } else {
                            let _ = write!(d, "M{} {}H{}", Num(x(s)), Num(x(line)), Num(x(k)));
                        }
                        start = None;
                    }
                    _ => {}
                }
            }
        }
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            "<path fill=\"none\" stroke=\"{INK}\" stroke-width=\"{THICK}\" stroke-linecap=\"square\" d=\"{d}\"/>"
        );
    }
}

/// A point of a Killer outline, in user units from the grid's corner (whole numbers: cells
/// are 40 units and the inset 4).
type Point = (i32, i32);

/// Every Killer cage as a dashed closed outline `INSET` inside its cells.
fn killer_outlines(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size() as i32;
    let s = cell as i32;
    let d = INSET;
    let owner = p.cage_of();
    let cage_at = |r: i32, c: i32| -> Option<usize> {
        if r < 0 || c < 0 || r >= n || c >= n { None } else { owner[(r * n + c) as usize] }
    };
    let mut path = String::new();
    for (k, cage) in p.puzzle().cages().iter().enumerate() {
        // Sides of the cage's cells that face outside it, clockwise, as segments.
        let mut segments: Vec<(Point, Point)> = Vec::new();
        for &cell in &cage.cells {
            let (r, c) = ((cell.index() as i32) / n, (cell.index() as i32) % n);
            let inside = |dr: i32, dc: i32| cage_at(r + dr, c + dc) == Some(k);
            let (top, left) = (r * s, c * s);
            let (bottom, right) = (top + s, left + s);
            // The end of a side at a corner: inset when the side turns in there (convex),
            // beyond the cell when the outline turns out (concave), flush when it goes on.
            let end = |along: bool, diagonal: bool, at: i32, toward: i32| {
                if !along {
                    at - toward * d
                } else if diagonal {
                    at + toward * d
                } else {
                    at
                }
            };
            if !inside(-1, 0) {
                let y = top + d;
                let x0 = end(inside(0, -1), inside(-1, -1), left, -1);
                let x1 = end(inside(0, 1), inside(-1, 1), right, 1);
                segments.push(((x0, y), (x1, y)));
            }
            if !inside(0, 1) {
                let x = right - d;
                let y0 = end(inside(-1, 0), inside(-1, 1), top, -1);
                let y1 = end(inside(1, 0), inside(1, 1), bottom, 1);
                segments.push(((x, y0), (x, y1)));
            }
            if !inside(1, 0) {
                let y = bottom - d;
                let x0 = end(inside(0, 1), inside(1, 1), right, 1);
                let x1 = end(inside(0, -1), inside(1, -1), left, -1);
                segments.push(((x0, y), (x1, y)));
            }
            if !inside(0, -1) {
                let x = left + d;
                let y0 = end(inside(1, 0), inside(1, -1), bottom, 1);
                let y1 = end(inside(-1, 0), inside(-1, -1), top, -1);
                segments.push(((x, y0), (x, y1)));
            }
        }
        trace(&segments, &mut path);
    }
    if !path.is_empty() {
        let _ = writeln!(
            out,
            "<path transform=\"translate({m} {m})\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1\" stroke-dasharray=\"4 3\" d=\"{path}\"/>",
            m = Num(MARGIN)
        );
    }
}

/// Joins segments end to start into closed loops, straight runs as one side.
fn trace(segments: &[(Point, Point)], path: &mut String) {
    let starts: HashMap<Point, usize> =
        segments.iter().enumerate().map(|(i, &(a, _))| (a, i)).collect();
    let mut used = vec![false; segments.len()];
    for first in 0..segments.len() {
        if used[first] {
            continue;
        }
        let (start, _) = segments[first];
        let _ = write!(path, "M{} {}", start.0, start.1);
        let mut i = first;
        loop {
            used[i] = true;
            let (a, b) = segments[i];
            let next = starts.get(&b).copied().filter(|&j| !used[j]);
            // Write the corner unless the next side goes on in the same direction.
            let straight = next.is_some_and(|j| {
                let (c, e) = segments[j];
                (a.0 == b.0 && c.0 == e.0 && a.0 == c.0) || (a.1 == b.1 && c.1 == e.1 && a.1 == c.1)
            });
            match next {
                Some(j) => {
                    if !straight {
                        let _ = write!(path, "L{} {}", b.0, b.1);
                    }
                    i = j;
                }
                None => {
                    if b != start {
                        let _ = write!(path, "L{} {}", b.0, b.1);
                    }
                    path.push('Z');
                    break;
                }
            }
        }
    }
}

/// Cage labels in the top-left corners; a Killer's sum on a patch of the cell's colour that
/// breaks the dashed outline.
fn labels(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size();
    let size = label_size(n);
    let killer = p.killer_style();
    let mut texts = String::new();
    for i in 0..n * n {
        let here = Cell(i as u16);
        let Some(label) = p.label(here) else { continue };
        let (x, y) = (MARGIN + (i % n) as f64 * cell, MARGIN + (i / n) as f64 * cell);
        if killer {
            let back = if p.wrong(here) {
                WRONG_BACK
            } else if p.highlighted(here) {
                HIGHLIGHT
            } else {
                "#fff"
            };
            let w = label.chars().count() as f64 * size * 0.58 + 2.0;
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{back}\"/>",
                Num(x + 2.0),
                Num(y + 2.0),
                Num(w),
                Num(size + 1.0)
            );
        }
        let _ = writeln!(
            texts,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            Num(x + 3.0),
            Num(y + 3.0 + size * 0.78),
            xml_escape(&label)
        );
    }
    if !texts.is_empty() {
        let _ = write!(
            out,
            "<g font-family=\"{FONT_FAMILY}\" font-size=\"{}\" fill=\"{INK}\">\n{texts}</g>\n",
            Num(size)
        );
    }
}

/// The font size of cage labels: smaller on big grids, where labels are longer.
fn label_size(n: usize) -> f64 {
    if n >= 10 { 10.0 } else { 11.0 }
}

/// The values: givens in bold black, the solution in blue, a step's placements in bold
/// green, wrong values in bold red.
fn values(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size();
    let caged = !p.puzzle().cages().is_empty();
    // Killer values stay clear of the dashed outlines.
    let size = match (n >= 10, p.killer_style(), caged) {
        (true, _, _) => 18.0,
        (false, true, _) => 20.0,
        (false, false, true) => 22.0,
        (false, false, false) => 24.0,
    };
    // In caged puzzles the value sits a little lower, clear of the label.
    let centre = if caged { cell * 0.58 } else { cell * 0.5 };
    let mut by_ink: [String; 4] = Default::default();
    for i in 0..n * n {
        let Content::Value(v, ink) = p.content(Cell(i as u16)) else { continue };
        let (x, y) = (MARGIN + (i % n) as f64 * cell, MARGIN + (i / n) as f64 * cell);
        let _ = writeln!(
            by_ink[ink as usize],
            "<text x=\"{}\" y=\"{}\">{v}</text>",
            Num(x + cell / 2.0),
            Num(y + centre + size * 0.36)
        );
    }
    for (ink, texts) in [Ink::Given, Ink::Filled, Ink::Placed, Ink::Wrong].iter().zip(&by_ink) {
        if texts.is_empty() {
            continue;
        }
        let (fill, weight) = match ink {
            // Givens in bold, so they differ from the values entered by more than colour.
            Ink::Given => (INK, " font-weight=\"bold\""),
            Ink::Filled => (SOLUTION, ""),
            Ink::Placed => (PLACED, " font-weight=\"bold\""),
            Ink::Wrong => (WRONG, " font-weight=\"bold\""),
        };
        let _ = write!(
            out,
            "<g font-family=\"{FONT_FAMILY}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{fill}\"{weight}>\n{texts}</g>\n",
            Num(size)
        );
    }
}

/// Pencil marks in a small grid in each cell; those a step removes in red, struck through.
fn candidates(p: &Picture, out: &mut String) {
    let cell = cell_size(p);
    let n = p.size();
    let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
    let rows = n.div_ceil(cols);
    let caged = !p.puzzle().cages().is_empty();
    // The area for the marks: inside a Killer's dashed outline, below the label band in
    // caged puzzles.
    let pad = if p.killer_style() { INSET as f64 + 2.0 } else { 2.0 };
    let top = if caged { label_size(n) + 4.0 } else { pad };
    let (w, h) = ((cell - 2.0 * pad) / cols as f64, (cell - top - pad) / rows as f64);
    let size = (h * 0.85).min(w * 0.9).min(11.0);
    let (mut left, mut struck, mut strikes) = (String::new(), String::new(), String::new());
    for i in 0..n * n {
        let Content::Candidates { left: keep, struck: gone } = p.content(Cell(i as u16)) else {
            continue;
        };
        let (x, y) = (MARGIN + (i % n) as f64 * cell, MARGIN + (i / n) as f64 * cell);
        for v in (keep | gone).iter() {
            let k = v as usize - 1;
            let cx = x + pad + (k % cols) as f64 * w + w / 2.0;
            let cy = y + top + (k / cols) as f64 * h + h / 2.0;
            let text = format!(
                "<text x=\"{}\" y=\"{}\">{}</text>\n",
                Num(cx),
                Num(cy + size * 0.36),
                crate::format::value_char(v)
            );
            if gone.contains(v) {
                struck.push_str(&text);
                let half = size * 0.45;
                let _ = write!(
                    strikes,
                    "M{} {}L{} {}",
                    Num(cx - half),
                    Num(cy + half),
                    Num(cx + half),
                    Num(cy - half)
                );
            } else {
                left.push_str(&text);
            }
        }
    }
    for (texts, fill) in [(&left, PENCIL), (&struck, WRONG)] {
        if !texts.is_empty() {
            let _ = write!(
                out,
                "<g font-family=\"{FONT_FAMILY}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{fill}\">\n{texts}</g>\n",
                Num(size)
            );
        }
    }
    if !strikes.is_empty() {
        let _ = writeln!(
            out,
            "<path fill=\"none\" stroke=\"{WRONG}\" stroke-width=\"1.2\" d=\"{strikes}\"/>"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(40.0).to_string(), "40");
        assert_eq!(Num(13.333333).to_string(), "13.33");
        assert_eq!(Num(-2.5).to_string(), "-2.5");
    }

    #[test]
    fn killer_outline_of_an_l_is_one_closed_loop_with_a_concave_corner() {
        // An L of three cells: (0,0), (1,0), (1,1) in cage 0; the rest in other cages.
        let text = "boxes 2x2\n0 1 2 2\n0 0 2 2\n3 3 4 4\n3 3 4 4\n7+ 2+ 10+ 7+ 10+\n";
        let puzzle = format::parse(text, None).unwrap();
        let p = Picture::new(&puzzle);
        let mut segments = Vec::new();
        let mut out = String::new();
        killer_outlines(&p, &mut out);
        assert_eq!(out.matches('Z').count(), 5, "{out}");
        // The L: from (4,4) right to 36, down to 44 (concave: beyond the cell), right to 76, …
        assert!(out.contains("M4 4L36 4L36 44L76 44L76 76L4 76Z"), "{out}");
        segments.push(((0, 0), (1, 0)));
        let mut path = String::new();
        trace(&segments, &mut path);
        assert_eq!(path, "M0 0L1 0Z");
    }

    /// WCAG's relative luminance of `#rgb` or `#rrggbb`.
    fn luminance(hex: &str) -> f64 {
        let hex = hex.trim_start_matches('#');
        let full: String = match hex.len() {
            3 => hex.chars().flat_map(|c| [c, c]).collect(),
            _ => hex.to_string(),
        };
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&full[i..i + 2], 16).unwrap()) / 255.0;
            if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }

    #[test]
    fn text_keeps_a_contrast_of_4_5_on_every_cell_background() {
        for text in [INK, SOLUTION, PLACED, WRONG, PENCIL] {
            for back in ["#fff", HIGHLIGHT, WRONG_BACK, SHADE] {
                let (a, b) = (luminance(text), luminance(back));
                let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
                assert!(ratio >= 4.5, "{text} on {back}: {ratio:.2}");
            }
        }
    }
}
