//! What the Skyscrapers techniques share: the clues of a board with the cells each looks
//! along, and how a step names its clue.

use smallvec::SmallVec;

use crate::puzzle::{Cell, Edge, Puzzle};

use super::board::Board;
use super::step::Step;

/// A clue around the grid: its edge, its position along the edge (0-based column for top
/// and bottom, row for left and right), how many towers it sees, and its line, nearest first.
#[derive(Clone, Debug)]
pub struct Clue {
    pub edge: Edge,
    pub index: usize,
    pub seen: u8,
    pub line: Vec<Cell>,
}

/// Every clue of `puzzle`, in Tatham's order (top, bottom, left, right), for
/// [`Board::line_clues`].
pub(super) fn clues_of(puzzle: &Puzzle) -> Vec<Clue> {
    let n = puzzle.size();
    let Some(clues) = puzzle.line_clues() else { return Vec::new() };
    clues
        .given()
        .map(|(edge, index, seen)| Clue { edge, index, seen, line: edge.line(index, n).collect() })
        .collect()
}

/// Where a value sits along a line: `at[v]` is its index (nearest the clue first), or None.
pub fn positions(board: &Board, line: &[Cell]) -> SmallVec<[Option<usize>; 17]> {
    let mut at = smallvec::smallvec![None; board.size() + 1];
    for (k, &c) in line.iter().enumerate() {
        if board.is_placed(c) {
            at[board.value(c) as usize] = Some(k);
        }
    }
    at
}

/// The clue a step is about, in words (`the clue 3 above column 2`), from the line it lists
/// first in its cells (nearest the clue first) and the clue in its amount.
pub fn clue_name(step: &Step, board: &Board) -> String {
    let (a, b) = (step.cells[0], step.cells[1]);
    let (ra, ca, rb) = (board.row(a), board.col(a), board.row(b));
    let place = if ca == board.col(b) {
        let side = if rb > ra { "above" } else { "below" };
        format!("{side} column {}", ca + 1)
    } else {
        let side = if board.col(b) > ca { "left of" } else { "right of" };
        format!("{side} row {}", ra + 1)
    };
    format!("the clue {} {place}", step.amount)
}
