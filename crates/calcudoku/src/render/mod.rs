//! Pictures of puzzles: in the terminal ([`term`]), as SVG ([`svg`]), PNG (`png`, feature
//! `png`) and printable PDF sheets (`pdf`, feature `pdf`).
//!
//! ```text
//! Puzzle ─Picture::new─▶ Picture (+ solution, + a logic step) ─term::render / svg::render─▶ text
//!                                                              └─png::render / pdf::sheet─▶ bytes
//! ```
//!
//! Every output draws the same [`Picture`]: the grid with its cage (KenKen) or box (Sudoku)
//! borders thick and the other cell lines thin, Killer cages as dashed outlines with their sum,
//! each cage's target and operator in its top-left cell, the givens, and on request the
//! solution, a player's values, pencil marks and the marks of one logic step (the cells it
//! looks at highlighted, the candidates it removes struck out, the values it places).

#[cfg(any(feature = "png", feature = "pdf"))]
mod fonts;
mod marks_between;
#[cfg(feature = "pdf")]
pub mod pdf;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;
pub mod term;

use thiserror::Error;

use crate::logic::{Board, Placement, Step};
use crate::puzzle::{Cell, Grid, Operator, Puzzle, ValueSet};

/// What can go wrong while drawing an image or a sheet.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The SVG drawing could not be parsed for rasterising or conversion (PNG, PDF); holds
    /// the parser's message.
    #[error("cannot read the drawing back as SVG: {0}")]
    Svg(String),
    /// A PNG scale that is not a finite number in (0, 16], or that gives an image of no
    /// pixels or too many.
    #[error("scale {0} is out of range (expected more than 0 and at most 16)")]
    Scale(f32),
    /// The PNG encoder failed; holds its message.
    #[error("cannot encode the image: {0}")]
    Encode(String),
    /// A page could not be converted to PDF; holds the converter's message.
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    /// Puzzles per page outside 1 to 30; holds the number asked for.
    #[error("expected 1 to 30 puzzles per page, found {0}")]
    PerPage(usize),
    /// A PNG image of more than 2²⁶ pixels (a large grid at a large scale):
    /// its width and height.
    #[error(
        "a {0}×{1} image is too large to draw (at most 67 million pixels): draw it at a smaller scale"
    )]
    TooLarge(u32, u32),
}

/// What kind of puzzle a picture shows, by the parts it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Cages and no boxes: Calcudoku.
    KenKen,
    /// Boxes (or a jigsaw's regions) and no cages.
    Sudoku,
    /// Boxes (or regions) and cages.
    Killer,
    /// Neither: a bare Latin square with givens.
    Latin,
}

impl Kind {
    /// The kind of `puzzle`, from whether it has boxes and whether it has cages.
    pub fn of(puzzle: &Puzzle) -> Kind {
        match (puzzle.has_regions(), puzzle.cages().is_empty()) {
            (true, true) => Kind::Sudoku,
            (true, false) => Kind::Killer,
            (false, false) => Kind::KenKen,
            (false, true) => Kind::Latin,
        }
    }
}

/// The marks of one logic step (or of a check): what to highlight and what to strike out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cells the reasoning looks at (highlighted).
    pub cells: Vec<Cell>,
    /// Values the step places (drawn in their cells, in the "placed" colour).
    pub placements: Vec<Placement>,
    /// Candidates the step removes (struck out).
    pub eliminations: Vec<Placement>,
    /// Cells whose values are wrong (highlighted as errors).
    pub wrong: Vec<Cell>,
}

impl Marks {
    /// The marks of a step: its cells, the cells of its chain, its placements and eliminations.
    pub fn of_step(step: &Step) -> Marks {
        let mut cells: Vec<Cell> = step.cells.to_vec();
        cells.extend(step.chain.iter().map(|p| p.cell));
        cells.sort_unstable();
        cells.dedup();
        Marks {
            cells,
            placements: step.placements.to_vec(),
            eliminations: step.eliminations.to_vec(),
            wrong: Vec::new(),
        }
    }

    /// Whether there is nothing to mark.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
            && self.placements.is_empty()
            && self.eliminations.is_empty()
            && self.wrong.is_empty()
    }
}

/// How a value in a cell came to be there: it decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Part of the puzzle.
    Given,
    /// From the solution, or a value placed earlier on a step's board.
    Filled,
    /// Placed by the step drawn.
    Placed,
    /// A player's value that no solution has.
    Wrong,
}

/// What is drawn in one cell's middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Nothing: no value and no pencil marks.
    Empty,
    /// A value (1..=N), in the colour of its ink.
    Value(u8, Ink),
    /// Pencil marks: the candidates left, and those the step removes (struck out).
    Candidates {
        /// Candidates drawn plainly.
        left: ValueSet,
        /// Candidates the step removes, drawn struck out.
        struck: ValueSet,
    },
}

/// One thing to draw: a puzzle, with what to show on it.
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    puzzle: &'a Puzzle,
    /// Values in cells that are not givens (0: none).
    values: Option<Grid>,
    /// Pencil marks of the cells without a value.
    candidates: Option<Vec<ValueSet>>,
    marks: Marks,
    caption: Option<String>,
    cage_of: Vec<Option<usize>>,
    /// Cells drawn large enough for pencil marks even when none are shown.
    candidate_room: bool,
}

impl<'a> Picture<'a> {
    /// The bare puzzle: grid, cages and givens.
    pub fn new(puzzle: &'a Puzzle) -> Picture<'a> {
        Picture {
            puzzle,
            values: None,
            candidates: None,
            marks: Marks::default(),
            caption: None,
            cage_of: puzzle.cage_of_cells(),
            candidate_room: false,
        }
    }

    /// Shows `grid`'s values (a solution, or a player's partial grid; 0 is empty) in the cells
    /// that are not givens.
    pub fn with_values(mut self, grid: &Grid) -> Picture<'a> {
        if grid.size() == self.puzzle.size() {
            self.values = Some(grid.clone());
        }
        self
    }

    /// Shows the board a step was found on (its values and pencil marks) and the step's marks.
    pub fn with_step(self, board: &Board, step: &Step) -> Picture<'a> {
        self.with_board(board).with_marks(Marks::of_step(step))
    }

    /// Shows a board: its placed values and the candidates of the other cells.
    pub fn with_board(mut self, board: &Board) -> Picture<'a> {
        if board.size() == self.puzzle.size() {
            self.values = Some(board.to_grid());
            self.candidates = Some(board.cells().map(|c| board.candidates(c)).collect());
        }
        self
    }

    /// Shows pencil marks: `candidates[i]` in cell `i` when it has no value (one set per cell,
    /// row after row; a list of another length is ignored).
    pub fn with_candidates(mut self, candidates: &[ValueSet]) -> Picture<'a> {
        if candidates.len() == self.puzzle.cell_count() {
            self.candidates = Some(candidates.to_vec());
        }
        self
    }

    /// Draws the cells at the size they have with pencil marks even when there are none, so
    /// that pictures of a game in progress (where marks come and go) keep one scale.
    pub fn with_room_for_candidates(mut self) -> Picture<'a> {
        self.candidate_room = true;
        self
    }

    /// Shows `marks` (highlighted cells, placements, struck candidates, wrong cells), replacing
    /// any marks set before.
    pub fn with_marks(mut self, marks: Marks) -> Picture<'a> {
        self.marks = marks;
        self
    }

    /// A line of text drawn with the picture (under it in SVG, above it in the terminal).
    pub fn with_caption(mut self, caption: impl Into<String>) -> Picture<'a> {
        self.caption = Some(caption.into());
        self
    }

    /// The puzzle drawn.
    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }
    /// The kind of the puzzle drawn, from its boxes and cages.
    pub fn kind(&self) -> Kind {
        Kind::of(self.puzzle)
    }
    /// The marks shown (empty unless set).
    pub fn marks(&self) -> &Marks {
        &self.marks
    }
    /// The caption, when one was set.
    pub fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }
    /// Side length N of the puzzle's grid.
    pub fn size(&self) -> usize {
        self.puzzle.size()
    }
    /// Whether any cell shows pencil marks.
    pub fn has_candidates(&self) -> bool {
        (0..self.puzzle.cell_count()).any(|i| {
            matches!(self.content(Cell(i as u16)), Content::Candidates { left, struck } if !(left | struck).is_empty())
        })
    }

    /// Whether the cells are drawn at the size pencil marks need: some are shown, or room for
    /// them was asked for ([`Picture::with_room_for_candidates`]).
    pub fn room_for_candidates(&self) -> bool {
        self.candidate_room || self.has_candidates()
    }

    /// Killer style: cages drawn as dashed outlines inside the cells, sums without `+`.
    pub(crate) fn killer_style(&self) -> bool {
        self.puzzle.has_regions() && !self.puzzle.cages().is_empty()
    }

    /// What the middle of `cell` shows.
    pub fn content(&self, cell: Cell) -> Content {
        let given = self.puzzle.givens().get(cell);
        if given != 0 {
            return Content::Value(given, Ink::Given);
        }
        if let Some(p) = self.marks.placements.iter().find(|p| p.cell == cell) {
            return Content::Value(p.value, Ink::Placed);
        }
        let value = self.values.as_ref().map_or(0, |g| g.get(cell));
        if value != 0 {
            let ink = if self.marks.wrong.contains(&cell) { Ink::Wrong } else { Ink::Filled };
            return Content::Value(value, ink);
        }
        match &self.candidates {
            Some(c) => {
                let mut struck = ValueSet::EMPTY;
                for e in self.marks.eliminations.iter().filter(|e| e.cell == cell) {
                    struck.insert(e.value);
                }
                Content::Candidates { left: c[cell.index()] & !struck, struck }
            }
            None => Content::Empty,
        }
    }

    /// Whether `cell` is highlighted: a cell the step looks at, or one it places a value in.
    pub fn highlighted(&self, cell: Cell) -> bool {
        self.marks.cells.contains(&cell) || self.marks.placements.iter().any(|p| p.cell == cell)
    }

    /// Whether `cell` is shaded as part of a rule beyond rows, columns and regions: on a
    /// diagonal of an X, or in a windoku's window (an extra region).
    pub fn shaded(&self, cell: Cell) -> bool {
        let n = self.size();
        let (r, c) = (cell.row(n), cell.col(n));
        (self.puzzle.diagonals() && (r == c || r + c == n - 1))
            || self.puzzle.extra_regions().iter().any(|x| x.contains(&cell))
    }

    /// Whether `cell` holds a wrong value.
    pub fn wrong(&self, cell: Cell) -> bool {
        self.marks.wrong.contains(&cell)
    }

    /// The cage label written in `cell` (its cage's first cell in row-major order), if any:
    /// `12+`, `3−`, `60×`, `2÷`, a Killer's sum, a given's value, a hidden operator's target.
    pub fn label(&self, cell: Cell) -> Option<String> {
        let k = self.cage_of[cell.index()]?;
        let cage = &self.puzzle.cages()[k];
        if cage.cells.iter().any(|c| c.index() < cell.index()) {
            return None;
        }
        Some(match cage.op {
            Some(Operator::Add) if self.killer_style() => cage.target.to_string(),
            Some(op) => format!("{}{}", cage.target, op_sign(op)),
            None => cage.target.to_string(),
        })
    }

    /// The border between two neighbouring cells (or a cell and the outside).
    pub(crate) fn edge(&self, a: Option<(usize, usize)>, b: Option<(usize, usize)>) -> Edge {
        let n = self.size();
        let (Some(a), Some(b)) = (a, b) else { return Edge::Outer };
        // Boxes, or a jigsaw's regions: thick between two of them.
        let region = |c: (usize, usize)| self.puzzle.region_of(Cell::at(c.0, c.1, n));
        if self.puzzle.has_regions() && region(a) != region(b) {
            return Edge::Box;
        }
        let ca = self.cage_of[Cell::at(a.0, a.1, n).index()];
        let cb = self.cage_of[Cell::at(b.0, b.1, n).index()];
        match (ca, cb) {
            (None, None) => Edge::Cell,
            (Some(x), Some(y)) if x == y => Edge::InCage,
            _ => Edge::Cage,
        }
    }

    /// The border above cell (row, col); row may be `n` (the bottom line).
    pub(crate) fn edge_above(&self, row: usize, col: usize) -> Edge {
        let n = self.size();
        let above = row.checked_sub(1).map(|r| (r, col));
        let below = (row < n).then_some((row, col));
        self.edge(above, below)
    }

    /// The border left of cell (row, col); col may be `n` (the right line).
    pub(crate) fn edge_left(&self, row: usize, col: usize) -> Edge {
        let n = self.size();
        let left = col.checked_sub(1).map(|c| (row, c));
        let right = (col < n).then_some((row, col));
        self.edge(left, right)
    }

    /// The cage of each cell.
    pub(crate) fn cage_of(&self) -> &[Option<usize>] {
        &self.cage_of
    }
}

/// The kind of a border between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edge {
    /// The grid's outline.
    Outer,
    /// Between two boxes.
    Box,
    /// Between two cages (or a cage and a cell in none).
    Cage,
    /// Between two cells of one cage.
    InCage,
    /// Between two cells in no cage.
    Cell,
}

/// The operator as printed puzzles write it: `+ − × ÷`.
pub const fn op_sign(op: Operator) -> char {
    match op {
        Operator::Add => '+',
        Operator::Sub => '−',
        Operator::Mul => '×',
        Operator::Div => '÷',
    }
}

/// A value as text: `7`, `12`.
pub(crate) fn value_text(v: u8) -> String {
    v.to_string()
}

/// Escapes text for XML.
pub(crate) fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Draws the puzzle as [`term::render`] does, without colours: box-drawing lines, cage labels
/// and givens. (To write a puzzle in a text format, see [`crate::format::write_puzzle`].)
impl std::fmt::Display for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&term::render(&Picture::new(self), term::Options::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    /// A jigsaw's regions are thick borders like boxes; an X's diagonals are shaded.
    #[test]
    fn jigsaw_borders_and_shaded_diagonals() {
        let jx = format::parse(
            "9jx:7a8_5c9c1_2b5i1_9_1l6l7_2_5i3b8_7c3c7_6a2,daabad__bca_c_ab___aa_baa_baaa_bbbea_baaadab_cd_acb_eade_",
            None,
        )
        .unwrap();
        let p = Picture::new(&jx);
        assert_eq!(p.kind(), Kind::Sudoku);
        let n = 9;
        let region = |r, c| jx.region_of(Cell::at(r, c, n));
        for r in 0..n {
            for c in 0..n - 1 {
                let thick = p.edge(Some((r, c)), Some((r, c + 1))) == Edge::Box;
                assert_eq!(thick, region(r, c) != region(r, c + 1), "({r},{c})");
            }
        }
        assert!(p.shaded(Cell::at(4, 4, n)) && p.shaded(Cell::at(0, 8, n)));
        assert!(!p.shaded(Cell::at(0, 1, n)));
        assert!(svg::render(&p).contains(svg::SHADE));
    }

    #[test]
    fn kinds_and_labels() {
        let kenken = format::parse("0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n", None).unwrap();
        let p = Picture::new(&kenken);
        assert_eq!(p.kind(), Kind::KenKen);
        assert_eq!(p.label(Cell(0)).as_deref(), Some("3+"));
        assert_eq!(p.label(Cell(1)), None);
        assert_eq!(p.label(Cell(2)).as_deref(), Some("9×"));
        assert_eq!(p.edge_left(0, 1), Edge::InCage);
        assert_eq!(p.edge_left(0, 2), Edge::Cage);
        assert_eq!(p.edge_left(0, 0), Edge::Outer);
        assert_eq!(p.edge_above(3, 0), Edge::Outer);
        let sudoku = format::parse(&"0".repeat(16), None).unwrap();
        let p = Picture::new(&sudoku);
        assert_eq!(p.kind(), Kind::Sudoku);
        assert_eq!(p.edge_left(0, 2), Edge::Box);
        assert_eq!(p.edge_left(0, 1), Edge::Cell);
        assert_eq!(p.content(Cell(0)), Content::Empty);
    }

    #[test]
    fn escapes_xml() {
        assert_eq!(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
