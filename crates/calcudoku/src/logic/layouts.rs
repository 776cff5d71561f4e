//! The ways a cage can be filled: every assignment of its cells that fits their candidates,
//! the cage's rule, and the Latin rule among the cage's own cells (no value twice in a row,
//! column or box; with Killer rules, no value twice in the cage).
//!
//! Cage techniques read these layouts: the values any layout uses, the values each cell
//! takes, the values every layout puts in a line. The count of layouts can explode on big
//! cages, so enumeration runs on a budget of search nodes; a cut-off enumeration proves
//! nothing and its technique skips the cage.

use crate::puzzle::{Cell, Operator, rule_holds};

use super::board::Board;

/// Search nodes one cage may take before its enumeration is abandoned.
pub const BUDGET: u64 = 200_000;

/// Calls `each` with the values of every layout of cage `cage` (in the order of
/// `board.cages()[cage].cells`). Returns false when the enumeration ran out of `budget`.
pub fn for_each(board: &Board, cage: usize, budget: &mut u64, mut each: impl FnMut(&[u8])) -> bool {
    let info = &board.cages()[cage];
    let cells = &info.cells;
    let mut walk = Walk {
        board,
        cells,
        op: info.op,
        target: info.target,
        values: vec![0; cells.len()],
        budget,
    };
    walk.go(0, info.target, &mut each)
}

struct Walk<'a> {
    board: &'a Board,
    cells: &'a [Cell],
    op: Option<Operator>,
    target: u64,
    values: Vec<u8>,
    budget: &'a mut u64,
}

impl Walk<'_> {
    /// Fills cell `i` onwards; `rest` is what the remaining cells must add up to (sums) or
    /// multiply to (products).
    fn go(&mut self, i: usize, rest: u64, each: &mut impl FnMut(&[u8])) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        if i == self.cells.len() {
            let ok = match self.op {
                Some(Operator::Add) => rest == 0,
                Some(Operator::Mul) => rest == 1,
                op => rule_holds(op, self.target, &self.values),
            };
            if ok {
                each(&self.values);
            }
            return true;
        }
        let cell = self.cells[i];
        let left = (self.cells.len() - i - 1) as u64;
        let n = self.board.size() as u64;
        for v in self.board.candidates(cell).iter() {
            let v64 = v as u64;
            let next = match self.op {
                Some(Operator::Add) => {
                    // The cells after this one add at least `left` and at most `left * n`.
                    if v64 + left > rest || rest - v64 > left * n {
                        continue;
                    }
                    rest - v64
                }
                Some(Operator::Mul) => {
                    if rest % v64 != 0 {
                        continue;
                    }
                    rest / v64
                }
                _ => rest,
            };
            if self.clashes(i, v) {
                continue;
            }
            self.values[i] = v;
            if !self.go(i + 1, next, each) {
                return false;
            }
        }
        self.values[i] = 0;
        true
    }

    /// Whether `v` in cell `i` repeats a value of an earlier cell of the cage that it sees.
    fn clashes(&self, i: usize, v: u8) -> bool {
        let cell = self.cells[i];
        (0..i).any(|k| self.values[k] == v && self.board.sees(self.cells[k], cell))
    }
}
