//! The constraints a puzzle may add to its Latin square, as data: regions (boxes, jigsaw),
//! diagonals, extra regions, relations between two cells, and lines of sight from the edges.
//! Each is checked by [`Constraint::holds`] on a complete grid, independently of any solver.

use std::fmt;

use super::{Cage, Cell, Grid};

/// A set of cells whose values must all differ ("house", as Sudoku players say). Rows and
/// columns are in every puzzle; the others come with the puzzle's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// Row `r` (0-based).
    Row(u8),
    /// Column `c` (0-based).
    Column(u8),
    /// Box `b` of a Sudoku's rectangular boxes, numbered row-major (0-based).
    Box(u8),
    /// Region `k` of a jigsaw Sudoku, numbered in order of first appearance (row-major).
    Region(u8),
    /// The main diagonal, top left to bottom right (X-Sudoku).
    Diagonal,
    /// The anti-diagonal, top right to bottom left (X-Sudoku).
    AntiDiagonal,
    /// Extra region `k` (windoku, hyper Sudoku: any set of cells), in the puzzle's order.
    Extra(u8),
}

impl House {
    /// The kind of house in a word: `row`, `column`, `box`, `region`, `diagonal`,
    /// `anti-diagonal`, `extra region`.
    pub const fn kind(self) -> &'static str {
        match self {
            House::Row(_) => "row",
            House::Column(_) => "column",
            House::Box(_) => "box",
            House::Region(_) => "region",
            House::Diagonal => "diagonal",
            House::AntiDiagonal => "anti-diagonal",
            House::Extra(_) => "extra region",
        }
    }

    /// The 0-based number of the row, column, box or region (0 for a diagonal).
    pub const fn number(self) -> usize {
        match self {
            House::Row(i)
            | House::Column(i)
            | House::Box(i)
            | House::Region(i)
            | House::Extra(i) => i as usize,
            House::Diagonal | House::AntiDiagonal => 0,
        }
    }
}

impl fmt::Display for House {
    /// `row 3`, `column 5`, `box 2`, `region 4`, `the diagonal`, `extra region 1` (1-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r as usize + 1),
            House::Column(c) => write!(f, "column {}", c as usize + 1),
            House::Box(b) => write!(f, "box {}", b as usize + 1),
            House::Region(k) => write!(f, "region {}", k as usize + 1),
            House::Diagonal => f.write_str("the diagonal"),
            House::AntiDiagonal => f.write_str("the anti-diagonal"),
            House::Extra(k) => write!(f, "extra region {}", k as usize + 1),
        }
    }
}

/// How the values of two cells relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RelationKind {
    /// The first cell's value is less than the second's (Futoshiki's `<`).
    Less,
    /// The values differ by exactly 1 (a bar in Tatham's Adjacent mode).
    Consecutive,
    /// The values do not differ by 1 (an unmarked pair of neighbours in Adjacent mode).
    NotConsecutive,
}

impl RelationKind {
    /// Whether values `a` (of the first cell) and `b` (of the second) keep the relation.
    pub const fn holds(self, a: u8, b: u8) -> bool {
        match self {
            RelationKind::Less => a < b,
            RelationKind::Consecutive => a.abs_diff(b) == 1,
            RelationKind::NotConsecutive => a.abs_diff(b) != 1,
        }
    }

    /// The JSON name: `<`, `consecutive`, `not-consecutive`.
    pub const fn name(self) -> &'static str {
        match self {
            RelationKind::Less => "<",
            RelationKind::Consecutive => "consecutive",
            RelationKind::NotConsecutive => "not-consecutive",
        }
    }
}

/// A relation between the values of two different cells: `a < b`, consecutive, not
/// consecutive. (`a > b` is written as `b < a`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Relation {
    /// The first cell.
    pub a: Cell,
    /// The second cell.
    pub b: Cell,
    /// What must hold between the first cell's value and the second's.
    pub kind: RelationKind,
}

impl Relation {
    /// A relation between `a` and `b` (checked by the puzzle: two different cells of the grid).
    pub const fn new(a: Cell, b: Cell, kind: RelationKind) -> Relation {
        Relation { a, b, kind }
    }

    /// Whether a grid keeps the relation (an empty cell keeps every relation).
    pub fn holds(&self, grid: &Grid) -> bool {
        let (a, b) = (grid.get(self.a), grid.get(self.b));
        a == 0 || b == 0 || self.kind.holds(a, b)
    }
}

/// The four edges of the grid, where line clues stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge {
    /// Above the grid, looking down a column.
    Top,
    /// Below the grid, looking up a column.
    Bottom,
    /// Left of the grid, looking along a row.
    Left,
    /// Right of the grid, looking back along a row.
    Right,
}

impl Edge {
    /// The four edges, in the order Tatham's Towers lists its clues: top, bottom, left, right.
    pub const ALL: [Edge; 4] = [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right];

    /// The `n` cells a viewer at position `i` (0-based column for top and bottom, row for left
    /// and right) of this edge looks along, nearest first, on a side of `n`.
    pub fn line(self, i: usize, n: usize) -> impl Iterator<Item = Cell> {
        (0..n).map(move |k| match self {
            Edge::Top => Cell::at(k, i, n),
            Edge::Bottom => Cell::at(n - 1 - k, i, n),
            Edge::Left => Cell::at(i, k, n),
            Edge::Right => Cell::at(i, n - 1 - k, n),
        })
    }

    /// `top`, `bottom`, `left`, `right`.
    pub const fn name(self) -> &'static str {
        match self {
            Edge::Top => "top",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Right => "right",
        }
    }
}

/// Skyscrapers' clues: around the grid, how many towers (values as heights) a viewer at each
/// edge position sees looking along its row or column, a taller tower hiding every lower one
/// behind it; 0 where there is no clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineClues {
    /// Above each column, left to right.
    pub top: Vec<u8>,
    /// Below each column, left to right.
    pub bottom: Vec<u8>,
    /// Left of each row, top to bottom.
    pub left: Vec<u8>,
    /// Right of each row, top to bottom.
    pub right: Vec<u8>,
}

impl LineClues {
    /// No clue anywhere on a side of `n`.
    pub fn none(n: usize) -> LineClues {
        LineClues { top: vec![0; n], bottom: vec![0; n], left: vec![0; n], right: vec![0; n] }
    }

    /// The clues along one edge.
    pub fn edge(&self, edge: Edge) -> &[u8] {
        match edge {
            Edge::Top => &self.top,
            Edge::Bottom => &self.bottom,
            Edge::Left => &self.left,
            Edge::Right => &self.right,
        }
    }

    /// The clues along one edge, to change.
    pub fn edge_mut(&mut self, edge: Edge) -> &mut Vec<u8> {
        match edge {
            Edge::Top => &mut self.top,
            Edge::Bottom => &mut self.bottom,
            Edge::Left => &mut self.left,
            Edge::Right => &mut self.right,
        }
    }

    /// Every clue given (not 0): its edge, its position along the edge, and the count.
    pub fn given(&self) -> impl Iterator<Item = (Edge, usize, u8)> + '_ {
        Edge::ALL.into_iter().flat_map(move |e| {
            self.edge(e).iter().enumerate().filter(|(_, s)| **s != 0).map(move |(i, &s)| (e, i, s))
        })
    }

    /// Whether no clue is given.
    pub fn is_empty(&self) -> bool {
        self.given().next().is_none()
    }
}

/// How many towers of heights `values` (nearest first) a viewer sees: each one taller than
/// every one before it. Empty cells (0) hide nothing and are not seen.
pub fn towers_seen(values: impl IntoIterator<Item = u8>) -> u8 {
    let mut tallest = 0;
    let mut seen = 0;
    for v in values {
        if v > tallest {
            tallest = v;
            seen += 1;
        }
    }
    seen
}

/// One constraint of a puzzle, as data (see [`Puzzle::constraints`](super::Puzzle::constraints)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint<'p> {
    /// The values of these cells all differ: a row, a column, a box or region, a diagonal, an
    /// extra region. A house of N cells holds every value once.
    House {
        /// Which house.
        house: House,
        /// Its cells, in row-major order.
        cells: Vec<Cell>,
    },
    /// An arithmetic cage; with `distinct`, its values must also differ (Killer Sudoku).
    Cage {
        /// The cage.
        cage: &'p Cage,
        /// Whether its values must differ.
        distinct: bool,
    },
    /// A relation between two cells.
    Relation(Relation),
    /// A line clue: how many towers are seen from `edge` at position `index`.
    Sightline {
        /// The edge the viewer stands at.
        edge: Edge,
        /// The position along the edge (0-based column for top and bottom, row otherwise).
        index: usize,
        /// How many towers are seen.
        seen: u8,
        /// The cells of the line, nearest to the viewer first.
        cells: Vec<Cell>,
    },
    /// A given: the cell holds the value.
    Given {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: u8,
    },
}

impl Constraint<'_> {
    /// Whether a complete grid keeps this constraint.
    pub fn holds(&self, grid: &Grid) -> bool {
        match self {
            Constraint::House { cells, .. } => {
                let mut seen = super::ValueSet::EMPTY;
                cells.iter().all(|&c| {
                    let v = grid.get(c);
                    let fresh = !seen.contains(v);
                    seen.insert(v);
                    fresh
                })
            }
            Constraint::Cage { cage, distinct } => {
                let values: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
                let differ = !distinct || {
                    let mut s = super::ValueSet::EMPTY;
                    values.iter().all(|&v| {
                        let fresh = !s.contains(v);
                        s.insert(v);
                        fresh
                    })
                };
                differ && cage.holds(&values)
            }
            Constraint::Relation(r) => r.holds(grid),
            Constraint::Sightline { seen, cells, .. } => {
                towers_seen(cells.iter().map(|&c| grid.get(c))) == *seen
            }
            Constraint::Given { cell, value } => grid.get(*cell) == *value,
        }
    }
}
