//! Forcing chains: follow each possibility with singles alone and see what they agree on.
//!
//! - Cell forcing: whichever candidate a cell (of two or three) holds, the singles that follow
//!   all place the same value somewhere — so it is placed.
//! - Unit forcing: wherever a value goes among its two or three places in a unit, the same.
//! - Contradiction: assuming a candidate, the singles that follow break a rule — so it is
//!   false.
//!
//! The step lists only what it proves; the possibilities followed are its `chain`. Each branch
//! is a copy of the board advanced by naked and hidden singles, so these never assume the
//! puzzle has one solution.

use crate::puzzle::{Cell, ValueSet};

use super::board::{Board, Contradiction, Unit};
use super::singles;
use super::step::{Found, List, Placement, Step, cell_list};
use super::technique::Technique;

/// The most candidates (of a cell) or places (of a value in a unit) followed.
const MAX_BRANCHES: u32 = 3;
/// Singles applied in one branch before it is given up.
const MAX_SINGLES: usize = 400;

/// The board after `assume`, advanced by singles; Err at a contradiction. Each round places
/// every naked single found, or when there is none every hidden single, as the singles' rungs
/// would (without making their steps).
fn follow(board: &Board, assume: Placement) -> Result<Board, Contradiction> {
    let mut b = board.clone();
    b.place(assume.cell, assume.value)?;
    let mut applied = 0;
    let mut found = Vec::new();
    loop {
        found.clear();
        singles::naked_placements(&b, &mut found);
        if found.is_empty() {
            singles::hidden_placements(&b, &mut found);
        }
        if found.is_empty() {
            no_place(&b)?;
            return Ok(b);
        }
        for p in &found {
            b.place(p.cell, p.value)?;
            applied += 1;
        }
        if applied > MAX_SINGLES {
            return Ok(b);
        }
    }
}

/// A contradiction the singles do not raise themselves: a value with no place in a unit.
fn no_place(b: &Board) -> Result<(), Contradiction> {
    for &u in b.units() {
        let mut seen = ValueSet::EMPTY;
        for &c in b.unit_cells(u) {
            seen |= b.candidates(c);
        }
        let missing = ValueSet::full(b.size()) & !seen;
        if let Some(v) = missing.min() {
            return Err(Contradiction::NoPlace { unit: u, value: v });
        }
    }
    Ok(())
}

/// Cells placed in every branch (the values each ends with), with the same value, that are
/// open on `board`.
fn common(board: &Board, branches: &[&[u8]]) -> List<Placement> {
    let mut out = List::new();
    for c in board.cells() {
        if board.is_placed(c) {
            continue;
        }
        let v = branches[0][c.index()];
        if v != 0 && branches.iter().all(|b| b[c.index()] == v) {
            out.push(Placement::new(c, v));
        }
    }
    out
}

/// What following each assumption on one board gave, kept for the three passes of
/// [`find`]: they follow many of the same assumptions (a grade runs all three, and the cell
/// forcing pass follows exactly the candidates the contradiction pass did).
struct Followed<'a> {
    board: &'a Board,
    /// Per cell and value (`cell × N + value − 1`): 0 not followed yet, 1 the branch breaks,
    /// `k + 2` it ends with the values of `values[k × cells ..]`.
    slot: Vec<u32>,
    values: Vec<u8>,
    /// The most bytes of values kept ([`KEPT_VALUES`]; at least four branches' worth).
    budget: usize,
    /// How many times the kept values were dropped for room.
    resets: u32,
}

/// The most bytes of branch values kept (a big grid with many open cells would keep
/// megabytes); past it they are dropped and followed again when asked.
const KEPT_VALUES: usize = 1 << 22;

impl<'a> Followed<'a> {
    fn new(board: &'a Board, budget: usize) -> Followed<'a> {
        let slot = vec![0; board.cell_count() * board.size()];
        let budget = budget.max(4 * board.cell_count());
        Followed { board, slot, values: Vec::new(), budget, resets: 0 }
    }

    /// Follows `a` (once while kept): the index of the values its branch ends with, None when
    /// it breaks. Indices from before a reset ([`Followed::resets`]) are stale.
    fn follow(&mut self, a: Placement) -> Option<usize> {
        let k = a.cell.index() * self.board.size() + a.value as usize - 1;
        if self.slot[k] == 0 {
            self.slot[k] = match follow(self.board, a) {
                Ok(b) => {
                    let cells = self.board.cell_count();
                    if self.values.len() + cells > self.budget {
                        self.slot.fill(0);
                        self.values.clear();
                        self.resets += 1;
                    }
                    let at = self.values.len() / cells;
                    self.values.extend_from_slice(b.values());
                    at as u32 + 2
                }
                Err(_) => 1,
            };
        }
        (self.slot[k] != 1).then(|| self.slot[k] as usize - 2)
    }

    /// The values of the branch at `at` ([`Followed::follow`]).
    fn values(&self, at: usize) -> &[u8] {
        let cells = self.board.cell_count();
        &self.values[at * cells..(at + 1) * cells]
    }
}

/// The work of following one assumption, in [`Found::tick_by`]'s units: a board copied and
/// swept by singles.
fn work(board: &Board) -> u32 {
    board.cell_count() as u32
}

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "forcing chains",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    find_keeping(board, KEPT_VALUES, out);
}

/// [`find`], keeping at most `budget` bytes of branch values at a time; how many times it
/// dropped them.
fn find_keeping(board: &Board, budget: usize, out: &mut Found) -> u32 {
    let mut followed = Followed::new(board, budget);
    find_with(&mut followed, out);
    followed.resets
}

fn find_with(followed: &mut Followed, out: &mut Found) {
    let board = followed.board;
    // Contradictions first: the simplest to follow.
    for cell in board.cells() {
        let cands = board.candidates(cell);
        if board.is_placed(cell) || cands.len() > MAX_BRANCHES {
            continue;
        }
        if out.tick_by(work(board) * cands.len()) {
            return;
        }
        for v in cands.iter() {
            if followed.follow(Placement::new(cell, v)).is_none() {
                out.push(Step::refuted(Technique::ContradictionChain, cell, v));
                if out.done() {
                    return;
                }
            }
        }
    }
    // Cell forcing.
    for cell in board.cells() {
        let cands = board.candidates(cell);
        if board.is_placed(cell) || cands.len() > MAX_BRANCHES {
            continue;
        }
        if out.tick_by(work(board) * cands.len()) {
            return;
        }
        let assumptions: List<Placement> = cands.iter().map(|v| Placement::new(cell, v)).collect();
        if branch(followed, Technique::CellForcingChain, &assumptions, None, out) && out.done() {
            return;
        }
    }
    // Unit forcing.
    for &unit in board.units() {
        if out.tick_by(work(board)) {
            return;
        }
        for v in 1..=board.size() as u8 {
            let places: List<Cell> = board.places(unit, v).collect();
            if places.len() < 2
                || places.len() as u32 > MAX_BRANCHES
                || places.iter().any(|&c| board.is_placed(c))
            {
                continue;
            }
            let assumptions: List<Placement> =
                places.iter().map(|&c| Placement::new(c, v)).collect();
            if branch(followed, Technique::UnitForcingChain, &assumptions, Some(unit), out)
                && out.done()
            {
                return;
            }
        }
    }
}

/// Follows every assumption (one of them is true); pushes a step for what all the branches
/// that do not break agree on. True when it pushed one.
fn branch(
    followed: &mut Followed,
    technique: Technique,
    assumptions: &[Placement],
    unit: Option<Unit>,
    out: &mut Found,
) -> bool {
    let mut at: List<usize> = List::new();
    loop {
        let resets = followed.resets;
        at.clear();
        for &a in assumptions {
            match followed.follow(a) {
                Some(k) => at.push(k),
                // A branch that breaks is a contradiction, found on its own above.
                None => return false,
            }
        }
        // Kept values dropped on the way: again (there is room now for every branch).
        if followed.resets == resets {
            break;
        }
    }
    let branches: List<&[u8]> = at.iter().map(|&k| followed.values(k)).collect();
    let placed = common(followed.board, &branches);
    if placed.is_empty() {
        return false;
    }
    let mut step = Step::new(technique);
    step.chain = assumptions.iter().copied().collect();
    step.cells = assumptions.iter().map(|a| a.cell).collect();
    step.units.extend(unit);
    step.placements.push(placed[0]);
    step.values = ValueSet::single(placed[0].value);
    out.push(step);
    true
}

pub fn describe(step: &Step, board: &Board) -> String {
    match step.technique {
        Technique::ContradictionChain => {
            let a = step.chain[0];
            format!(
                "If {} were {}, the singles that follow would break a rule, so {} is not {}",
                board.name(a.cell),
                a.value,
                board.name(a.cell),
                a.value
            )
        }
        _ => {
            let p = step.placements[0];
            let options = match step.units.first() {
                Some(u) => format!(
                    "{} must go in {} of {u}",
                    step.chain[0].value,
                    cell_list(board, &step.cells).replace(" and ", " or ")
                ),
                None => {
                    let vs: Vec<String> = step.chain.iter().map(|a| a.value.to_string()).collect();
                    format!("{} holds {}", board.name(step.chain[0].cell), vs.join(" or "))
                }
            };
            format!(
                "{options}; each way, the singles that follow place {} in {}, so {} = {}",
                p.value,
                board.name(p.cell),
                board.name(p.cell),
                p.value
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{self, Format};

    /// The branches' values dropped and followed again at every turn give the same steps as
    /// keeping them all.
    #[test]
    fn dropping_kept_branches_changes_no_step() {
        let hard = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ];
        let (mut seen, mut resets) = (0, 0);
        for line in hard {
            let puzzle = format::parse(line, Some(Format::SUDOKU)).unwrap();
            let board = Board::new(&puzzle).unwrap();
            let (mut kept, mut dropped) = (Found::all(), Found::all());
            assert_eq!(find_keeping(&board, KEPT_VALUES, &mut kept), 0);
            // The smallest budget holds four branches: most branches drop them all.
            resets += find_keeping(&board, 0, &mut dropped);
            assert_eq!(kept.steps(), dropped.steps(), "{line}");
            seen += kept.steps().len();
        }
        assert!(seen > 0, "the puzzles gave forcing steps to compare");
        assert!(resets > 0, "the small budget dropped kept branches");
    }
}
