//! The picture in a terminal: box-drawing characters, heavy lines on cage (KenKen) and box
//! (Sudoku) borders, light lines inside, each cage's label in its top-left cell.
//!
//! In a Killer, whose boxes take the heavy lines, cages are outlined by light lines and the
//! cells of one cage have no line between them (a dotted one when pencil marks are shown, to
//! keep the cells' marks apart). Colour (ANSI escapes) only when asked for: the
//! caller decides (a terminal on standard output, `NO_COLOR` unset). Without colour, a
//! highlighted cell is shaded with `░`, a struck-out candidate carries a combining long stroke
//! (`5̶`), a value a step places is written `[5]` and a wrong one `!5`. Cells on an X's
//! diagonals and in a windoku's windows carry `╲` `╱` `╳` `·` in their inside corners.

use std::fmt::Write as _;

use super::{Content, Edge, Ink, Picture};
use crate::puzzle::Cell;

/// Options of the terminal picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// ANSI colours and text attributes.
    pub colour: bool,
}

/// Line weights, as the box-drawing characters have them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    None = 0,
    Light = 1,
    Heavy = 2,
    /// Dotted, between the cells of one Killer cage when pencil marks are shown; joins as none.
    Dotted = 3,
}

/// Box-drawing characters by arms, indexed `up·27 + right·9 + down·3 + left` with 0 none,
/// 1 light, 2 heavy: every one of the 80 combinations of the Unicode block.
const JUNCTIONS: [char; 81] = {
    let s = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
        .as_bytes();
    // Decode the UTF-8 string at compile time: every character is three bytes but the space.
    let mut out = [' '; 81];
    let (mut i, mut k) = (0, 0);
    while k < 81 {
        if s[i] == b' ' {
            out[k] = ' ';
            i += 1;
        } else {
            let c = ((s[i] as u32 & 0x0f) << 12)
                | ((s[i + 1] as u32 & 0x3f) << 6)
                | (s[i + 2] as u32 & 0x3f);
            out[k] = match char::from_u32(c) {
                Some(c) => c,
                None => ' ',
            };
            i += 3;
        }
        k += 1;
    }
    out
};

fn junction(up: Weight, right: Weight, down: Weight, left: Weight) -> char {
    let all = [up, right, down, left];
    if all.contains(&Weight::Dotted)
        && all.iter().all(|&w| matches!(w, Weight::Dotted | Weight::None))
    {
        return '·';
    }
    let k = |w: Weight| if w == Weight::Dotted { 0 } else { w as usize };
    JUNCTIONS[k(up) * 27 + k(right) * 9 + k(down) * 3 + k(left)]
}

fn horizontal(w: Weight) -> char {
    match w {
        Weight::None => ' ',
        Weight::Light => '─',
        Weight::Heavy => '━',
        Weight::Dotted => '┈',
    }
}

fn vertical(w: Weight) -> char {
    match w {
        Weight::None => ' ',
        Weight::Light => '│',
        Weight::Heavy => '┃',
        Weight::Dotted => '┊',
    }
}

/// What a character on screen is, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Plain,
    HeavyLine,
    LightLine,
    Label,
    Value(Ink),
    Candidate,
    Struck,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Back {
    None,
    Highlight,
    Wrong,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Glyph {
    ch: char,
    role: Role,
    back: Back,
}

impl Glyph {
    const BLANK: Glyph = Glyph { ch: ' ', role: Role::Plain, back: Back::None };
}

/// The SGR parameters of a glyph's look.
fn sgr(role: Role, back: Back) -> String {
    let mut p: Vec<&str> = Vec::new();
    match role {
        Role::Plain | Role::HeavyLine => {}
        Role::LightLine => p.push("2"),
        Role::Label => p.push("36"),
        Role::Value(Ink::Given) => p.push("1"),
        Role::Value(Ink::Filled) => p.push("34"),
        Role::Value(Ink::Placed) => p.extend(["1", "32"]),
        Role::Value(Ink::Wrong) => p.extend(["1", "31"]),
        Role::Candidate => p.push("2"),
        Role::Struck => p.extend(["9", "31"]),
    }
    match back {
        Back::None => {}
        Back::Highlight => p.push("43"),
        Back::Wrong => p.push("41"),
    }
    p.join(";")
}

/// The measures of the drawing: cell width and height in characters, and where things go.
struct Layout {
    n: usize,
    /// Characters across a cell's inside.
    width: usize,
    /// Lines down a cell's inside.
    height: usize,
    /// Whether the first line of a cell is for cage labels.
    label_line: bool,
    /// Pencil marks: columns and rows of the little grid, and the gap between columns.
    marks_cols: usize,
    marks_rows: usize,
    marks_gap: usize,
}

impl Layout {
    fn of(p: &Picture) -> Layout {
        let n = p.size();
        let label_line = !p.puzzle().cages().is_empty();
        let label_width = (0..n * n)
            .filter_map(|i| p.label(Cell(i as u16)))
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let digits = if n >= 10 { 2 } else { 1 };
        let value_width = if digits == 1 { 3 } else { 3.max(digits + 1) };
        let candidates = p.room_for_candidates();
        let marks_cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
        let marks_rows = n.div_ceil(marks_cols);
        let marks_gap = usize::from(n <= 9);
        let marks_width = if candidates { marks_cols + (marks_cols - 1) * marks_gap } else { 0 };
        let width = label_width.max(value_width).max(marks_width);
        let height = usize::from(label_line) + if candidates { marks_rows } else { 1 };
        Layout { n, width, height, label_line, marks_cols, marks_rows, marks_gap }
    }

    fn columns(&self) -> usize {
        self.n * (self.width + 1) + 1
    }
    fn lines(&self) -> usize {
        self.n * (self.height + 1) + 1
    }
}

/// The weight of a border in the terminal.
fn weight(edge: Edge, killer: bool, marks: bool) -> Weight {
    match edge {
        Edge::Outer | Edge::Box => Weight::Heavy,
        Edge::Cage if killer => Weight::Light,
        Edge::Cage => Weight::Heavy,
        // No line inside a Killer cage: the light outlines show the cages.
        Edge::InCage if killer && marks => Weight::Dotted,
        Edge::InCage if killer => Weight::None,
        Edge::InCage | Edge::Cell => Weight::Light,
    }
}

/// Draws the picture as lines of text, each ending in a newline (the caption, if any, first).
pub fn render(p: &Picture, options: Options) -> String {
    let lay = Layout::of(p);
    let n = lay.n;
    let killer = p.killer_style();
    let marks = lay.marks_rows > 0 && p.room_for_candidates();
    let mut screen = vec![vec![Glyph::BLANK; lay.columns()]; lay.lines()];
    let line_glyph = |ch: char, w: Weight| Glyph {
        ch,
        role: if w == Weight::Heavy { Role::HeavyLine } else { Role::LightLine },
        back: Back::None,
    };
    // Borders: horizontal lines r = 0..=n, vertical lines c = 0..=n.
    let above = |r: usize, c: usize| weight(p.edge_above(r, c), killer, marks);
    let left = |r: usize, c: usize| weight(p.edge_left(r, c), killer, marks);
    for r in 0..=n {
        let y = r * (lay.height + 1);
        for c in 0..=n {
            let x = c * (lay.width + 1);
            let up = if r > 0 { left(r - 1, c) } else { Weight::None };
            let down = if r < n { left(r, c) } else { Weight::None };
            let lft = if c > 0 { above(r, c - 1) } else { Weight::None };
            let rgt = if c < n { above(r, c) } else { Weight::None };
            let heaviest = [up, down, lft, rgt].contains(&Weight::Heavy);
            let w = if heaviest { Weight::Heavy } else { Weight::Light };
            screen[y][x] = line_glyph(junction(up, rgt, down, lft), w);
            if c < n {
                for k in 1..=lay.width {
                    screen[y][x + k] = line_glyph(horizontal(rgt), rgt);
                }
            }
            if r < n {
                for k in 1..=lay.height {
                    screen[y + k][x] = line_glyph(vertical(down), down);
                }
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            draw_cell(p, &lay, options, &mut screen, r, c);
        }
    }
    signs(p, &lay, &mut screen);
    let screen = with_clues(p, &lay, screen);
    let mut out = String::new();
    if let Some(caption) = p.caption() {
        out.push_str(caption);
        out.push('\n');
    }
    for row in &screen {
        write_line(&mut out, row, options);
    }
    out
}

/// Futoshiki's signs on the borders between neighbours (`<` `>` across a row, `∧` `∨` across
/// a column, opening toward the greater), and Adjacent's bars (a heavy piece of border).
fn signs(p: &Picture, lay: &Layout, screen: &mut [Vec<Glyph>]) {
    use crate::puzzle::RelationKind;
    let n = lay.n;
    let mid_line = usize::from(lay.label_line) + (lay.height - usize::from(lay.label_line)) / 2;
    let sign = |ch: char| Glyph { ch, role: Role::Label, back: Back::None };
    let bar = |ch: char| Glyph { ch, role: Role::HeavyLine, back: Back::None };
    for r in p.puzzle().relations() {
        let (a, b) = (r.a.index(), r.b.index());
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        if ra == rb && ca.abs_diff(cb) == 1 {
            let x = ca.max(cb) * (lay.width + 1);
            let y = ra * (lay.height + 1) + 1;
            match r.kind {
                RelationKind::Less => {
                    screen[y + mid_line][x] = sign(if ca < cb { '<' } else { '>' });
                }
                RelationKind::Consecutive => {
                    for line in screen.iter_mut().skip(y).take(lay.height) {
                        line[x] = bar('┃');
                    }
                }
                RelationKind::NotConsecutive => {}
            }
        } else if ca == cb && ra.abs_diff(rb) == 1 {
            let y = ra.max(rb) * (lay.height + 1);
            let x = ca * (lay.width + 1) + 1;
            match r.kind {
                RelationKind::Less => {
                    screen[y][x + lay.width / 2] = sign(if ra < rb { '∧' } else { '∨' });
                }
                RelationKind::Consecutive => {
                    for g in screen[y].iter_mut().skip(x).take(lay.width) {
                        *g = bar('━');
                    }
                }
                RelationKind::NotConsecutive => {}
            }
        }
    }
}

/// The screen with Skyscrapers clues around it: a line above and below, a margin left and
/// right (the screen as it was without clues).
fn with_clues(p: &Picture, lay: &Layout, screen: Vec<Vec<Glyph>>) -> Vec<Vec<Glyph>> {
    use crate::puzzle::Edge;
    let Some(clues) = p.puzzle().line_clues().filter(|c| !c.is_empty()) else { return screen };
    let n = lay.n;
    let digits = if n >= 10 { 2 } else { 1 };
    let margin = digits + 1;
    let width = screen[0].len() + 2 * margin;
    let blank = || vec![Glyph::BLANK; width];
    let mut out = Vec::with_capacity(screen.len() + 2);
    out.push(blank());
    for row in screen {
        let mut line = blank();
        line[margin..margin + row.len()].copy_from_slice(&row);
        out.push(line);
    }
    out.push(blank());
    let last = out.len() - 1;
    let mut put = |y: usize, x: usize, v: u8| {
        let text = super::value_text(v);
        for (k, ch) in text.chars().enumerate() {
            if x + k < width {
                out[y][x + k] = Glyph { ch, role: Role::Value(Ink::Given), back: Back::None };
            }
        }
    };
    let row_line = |r: usize| 1 + r * (lay.height + 1) + 1 + usize::from(lay.label_line);
    for (edge, i, seen) in clues.given() {
        let col = margin + i * (lay.width + 1) + 1 + (lay.width - digits) / 2;
        match edge {
            Edge::Top => put(0, col, seen),
            Edge::Bottom => put(last, col, seen),
            Edge::Left => put(row_line(i), 0, seen),
            Edge::Right => put(row_line(i), width - digits, seen),
        }
    }
    out
}

fn draw_cell(
    p: &Picture,
    lay: &Layout,
    options: Options,
    screen: &mut [Vec<Glyph>],
    r: usize,
    c: usize,
) {
    let cell = Cell::at(r, c, lay.n);
    let top = r * (lay.height + 1) + 1;
    let x0 = c * (lay.width + 1) + 1;
    let back = if p.wrong(cell) {
        Back::Wrong
    } else if p.highlighted(cell) {
        Back::Highlight
    } else {
        Back::None
    };
    // Shade the inside (without colour, highlighted cells are filled with `░`).
    let fill = if back != Back::None && !options.colour { '░' } else { ' ' };
    for line in screen.iter_mut().skip(top).take(lay.height) {
        for g in line.iter_mut().skip(x0).take(lay.width) {
            *g = Glyph { ch: fill, role: Role::Plain, back };
        }
    }
    if back == Back::None {
        shade_corners(p, lay, cell, &mut screen[top..top + lay.height], x0);
    }
    let mut put = |line: usize, x: usize, text: &str, role: Role| {
        for (k, ch) in text.chars().enumerate() {
            if x + k < lay.width {
                screen[top + line][x0 + x + k] = Glyph { ch, role, back };
            }
        }
    };
    if let Some(label) = p.label(cell) {
        put(0, 0, &label, Role::Label);
    }
    let area_top = usize::from(lay.label_line);
    let area_height = lay.height - area_top;
    match p.content(cell) {
        Content::Empty => {}
        Content::Value(v, ink) => {
            let mut text = super::value_text(v);
            if !options.colour {
                match ink {
                    Ink::Placed if text.len() + 2 <= lay.width => text = format!("[{text}]"),
                    Ink::Wrong if text.len() < lay.width => text = format!("!{text}"),
                    _ => {}
                }
            }
            let x = (lay.width - text.len().min(lay.width)) / 2;
            put(area_top + (area_height - 1) / 2, x, &text, Role::Value(ink));
        }
        Content::Candidates { left, struck } => {
            let marks_width = lay.marks_cols + (lay.marks_cols - 1) * lay.marks_gap;
            let x = (lay.width - marks_width) / 2;
            let y = area_top + (area_height - lay.marks_rows.min(area_height)) / 2;
            for v in (left | struck).iter() {
                let k = v as usize - 1;
                let (row, col) = (k / lay.marks_cols, k % lay.marks_cols);
                let ch = crate::format::value_char(v);
                let role = if struck.contains(v) { Role::Struck } else { Role::Candidate };
                put(y + row, x + col * (1 + lay.marks_gap), &ch.to_string(), role);
            }
        }
    }
}

/// Marks the inside corners of a cell on an X's diagonals (`╲`, `╱`, `╳` where they cross)
/// or in a windoku's window (`·`): the pictures shade those cells, and here the corners show
/// the rule with or without colour. Labels, values and marks are written over them.
fn shade_corners(p: &Picture, lay: &Layout, cell: Cell, inside: &mut [Vec<Glyph>], x0: usize) {
    if !p.shaded(cell) {
        return;
    }
    let n = lay.n;
    let (r, c) = (cell.row(n), cell.col(n));
    let diagonals = p.puzzle().diagonals();
    let (main, anti) = (diagonals && r == c, diagonals && r + c == n - 1);
    let (last_line, last_x) = (lay.height - 1, x0 + lay.width - 1);
    let corners = [(0, x0), (last_line, last_x), (0, last_x), (last_line, x0)];
    let chars: [Option<char>; 4] = match (main, anti) {
        (true, true) => [Some('╳'); 4],
        (true, false) => [Some('╲'), Some('╲'), None, None],
        (false, true) => [None, None, Some('╱'), Some('╱')],
        (false, false) => [Some('·'); 4],
    };
    for ((line, x), ch) in corners.into_iter().zip(chars) {
        if let Some(ch) = ch {
            inside[line][x] = Glyph { ch, role: Role::LightLine, back: Back::None };
        }
    }
}

/// Writes one line of glyphs, with escapes only where the look changes.
fn write_line(out: &mut String, row: &[Glyph], options: Options) {
    let mut end = row.len();
    while end > 0 && row[end - 1] == Glyph::BLANK {
        end -= 1;
    }
    let mut current: Option<(Role, Back)> = None;
    for g in &row[..end] {
        if options.colour {
            let look = (g.role, g.back);
            if current != Some(look) {
                let params = sgr(g.role, g.back);
                if current.is_some_and(|(r, b)| !sgr(r, b).is_empty()) {
                    out.push_str("\x1b[0m");
                }
                if !params.is_empty() {
                    let _ = write!(out, "\x1b[{params}m");
                }
                current = Some(look);
            }
        }
        out.push(g.ch);
        if g.role == Role::Struck && !options.colour {
            out.push('\u{0336}');
        }
    }
    if options.colour && current.is_some_and(|(r, b)| !sgr(r, b).is_empty()) {
        out.push_str("\x1b[0m");
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn junction_table_matches_unicode_names() {
        use Weight::*;
        assert_eq!(junction(None, Light, Light, None), '┌');
        assert_eq!(junction(None, Heavy, Heavy, None), '┏');
        assert_eq!(junction(Light, Light, Light, Light), '┼');
        assert_eq!(junction(Heavy, Heavy, Heavy, Heavy), '╋');
        assert_eq!(junction(Heavy, Light, Heavy, Light), '╂');
        assert_eq!(junction(Light, Heavy, Light, Heavy), '┿');
        assert_eq!(junction(Heavy, None, Heavy, Light), '┨');
        assert_eq!(junction(Light, Heavy, None, Heavy), '┷');
        assert_eq!(junction(Heavy, Heavy, Light, Light), '╄');
        assert_eq!(junction(None, None, None, None), ' ');
        assert_eq!(junction(Light, None, Light, None), '│');
        assert!(!JUNCTIONS[1..].contains(&' '), "every junction but none has a character");
    }

    #[test]
    fn every_line_is_as_wide_as_the_grid() {
        let p = format::parse("0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n", None).unwrap();
        let text = render(&Picture::new(&p), Options::default());
        let widths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{text}");
        assert_eq!(text.lines().count(), 3 * 2 + 4, "two lines a cell, four borders");
        assert!(text.contains("3+") && text.contains("9×"), "{text}");
    }

    #[test]
    fn colour_only_when_asked() {
        let p = format::parse("1...\n..1.\n.1..\n...1\n", None).unwrap();
        let plain = render(&Picture::new(&p), Options { colour: false });
        let colour = render(&Picture::new(&p), Options { colour: true });
        assert!(!plain.contains('\x1b'));
        assert!(colour.contains("\x1b[1m1"), "{colour}");
    }

    #[test]
    fn diagonals_and_windows_are_marked_in_their_cells() {
        let p = format::parse("1...\n..1.\n.1..\n...1\n", None).unwrap();
        let lines = |p: &crate::Puzzle| -> Vec<String> {
            render(&Picture::new(p), Options::default()).lines().map(String::from).collect()
        };
        let plain = lines(&p);
        assert!(!plain.iter().any(|l| l.contains(['╲', '╱', '╳', '·'])), "{plain:?}");
        let x = lines(&p.with_diagonals(true));
        // Row 1: r1c1 on the main diagonal, r1c4 on the other.
        assert_eq!(x[1], "┃╲1╲│   ┃   │╱ ╱┃", "{x:?}");
        assert_eq!(x[3], "┃   │╲ ╲┃╱1╱│   ┃", "{x:?}");
        let w = lines(&p.with_windows().unwrap());
        // The 4×4's one window: r2c2 to r3c3.
        assert_eq!(w[3], "┃   │· ·┃·1·│   ┃", "{w:?}");
        assert_eq!(w[5], "┃   │·1·┃· ·│   ┃", "{w:?}");
        assert_eq!(w[1], plain[1]);
    }
}
