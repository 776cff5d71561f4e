//! Verdicts on 3×3 candidates already seen.
//!
//! A 3×3 KenKen candidate is one of few: its square is one of 12, and the cuts and clues
//! repeat too (seed 1, 3×3 easy: 100,534 candidates, 1,224 distinct square-and-cut pairs,
//! and of the 37,568 given clues 1,086 distinct cuts-with-clues). Each thread keeps what it
//! found on each, and looks it up on the next: the trades that keep every cage's values
//! ([`trades::keeps_values`]) and the quick test's verdict ([`quick::verdict`] up to hard).
//! Both are functions of the candidate alone, so an answer looked up is the answer computed:
//! the puzzles made do not depend on what a thread saw before (nor on the thread count). The
//! draws that make a candidate are all made as before; only the checks are saved.
//!
//! From 4×4 on, candidates rarely come back (4×4 easy: 78,884 distinct pairs in 106,346
//! candidates), and the checks run every time.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::logic::QuickHash;
use crate::puzzle::Operator;

use super::cages::CageCells;
use super::ops::Clue;
use super::quick::{self, Verdict};
use super::trades;

/// The side whose candidates are remembered.
pub(super) const SIDE: usize = 3;

/// Most verdicts of each kind kept per thread (then it starts again): about 1,400 pairs and
/// 1,200 cuts with clues come up at 3×3.
const MOST: usize = 1 << 16;

/// A cut and its clues, as a key: the cut's key and, per cage, the operator (3 bits) and the
/// target (8 bits), then the level asked.
type VerdictKey = (u64, u128, u8);

#[derive(Default)]
struct Seen {
    values: HashMap<u64, bool, BuildHasherDefault<QuickHash>>,
    verdicts: HashMap<VerdictKey, Option<Verdict>, BuildHasherDefault<QuickHash>>,
}

thread_local! {
    static SEEN: RefCell<Seen> = RefCell::new(Seen::default());
}

/// [`trades::keeps_values`], remembered at 3×3.
pub(super) fn keeps_values(n: usize, square: &[u8], cut: &[CageCells]) -> bool {
    let Some(key) = values_key(n, square, cut) else {
        return trades::keeps_values(n, square, cut);
    };
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        if let Some(&known) = seen.values.get(&key) {
            return known;
        }
        let found = trades::keeps_values(n, square, cut);
        if seen.values.len() >= MOST {
            seen.values.clear();
        }
        seen.values.insert(key, found);
        found
    })
}

/// [`quick::verdict`] up to `up_to` (at most hard), remembered at 3×3.
pub(super) fn verdict(n: usize, cut: &[CageCells], clues: &[Clue], up_to: u8) -> Option<Verdict> {
    let Some(key) = verdict_key(n, cut, clues, up_to) else {
        return quick::verdict(n, cut, clues, up_to);
    };
    SEEN.with(|seen| {
        if let Some(&known) = seen.borrow().verdicts.get(&key) {
            return known;
        }
        // Computed with the memo released: the quick test keeps its own thread state.
        let found = quick::verdict(n, cut, clues, up_to);
        let mut seen = seen.borrow_mut();
        if seen.verdicts.len() >= MOST {
            seen.verdicts.clear();
        }
        seen.verdicts.insert(key, found);
        found
    })
}

/// Each cell's cage (cages numbered in the cut's order), four bits a cell: None unless the
/// grid is 3×3 and the cut covers it.
fn cut_key(n: usize, cut: &[CageCells]) -> Option<u64> {
    if n != SIDE || cut.len() > 16 {
        return None;
    }
    let mut key = 0u64;
    let mut covered = 0u16;
    for (k, cells) in cut.iter().enumerate() {
        for &c in cells {
            if c >= SIDE * SIDE {
                return None;
            }
            covered |= 1 << c;
            key |= (k as u64) << (4 * c);
        }
    }
    (covered == (1 << (SIDE * SIDE)) - 1).then_some(key)
}

/// The cut's key with the square's values above it (two bits a cell).
fn values_key(n: usize, square: &[u8], cut: &[CageCells]) -> Option<u64> {
    let mut key = cut_key(n, cut)?;
    if square.len() != SIDE * SIDE || square.iter().any(|&v| !(1..=3).contains(&v)) {
        return None;
    }
    for (i, &v) in square.iter().enumerate() {
        key |= u64::from(v) << (4 * SIDE * SIDE + 2 * i);
    }
    Some(key)
}

/// The key of a cut with its clues at a level: None when a target does not fit in 8 bits.
fn verdict_key(n: usize, cut: &[CageCells], clues: &[Clue], up_to: u8) -> Option<VerdictKey> {
    let cut_key = cut_key(n, cut)?;
    if clues.len() != cut.len() {
        return None;
    }
    let mut key = 0u128;
    for (k, &(op, target)) in clues.iter().enumerate() {
        if target > 0xff {
            return None;
        }
        let op: u128 = match op {
            None => 0,
            Some(Operator::Add) => 1,
            Some(Operator::Sub) => 2,
            Some(Operator::Mul) => 3,
            Some(Operator::Div) => 4,
        };
        key |= (op | u128::from(target as u8) << 3) << (11 * k);
    }
    Some((cut_key, key, up_to))
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::HashSet;

    use crate::generate::rng::Rng;
    use crate::generate::{Kind, Options, cages, kenken, latin};

    /// 3×3 candidates (square, cut, clues as shown) as the generator draws them, with every
    /// operator, × alone and hidden operators.
    fn candidates(count: u64) -> Vec<(Vec<u8>, Vec<CageCells>, Vec<Clue>)> {
        (0..count)
            .filter_map(|i| {
                let mut options = Options::new(Kind::KenKen, SIDE);
                match i % 3 {
                    0 => {}
                    1 => options.ops = vec![Operator::Mul],
                    _ => options.hidden_ops = true,
                }
                let (square, cut, _, clues) = kenken::candidate(&options, &mut Rng::new(31, i))?;
                Some((square.cells().to_vec(), cut, clues))
            })
            .collect()
    }

    #[test]
    fn keys_tell_every_candidate_apart() {
        let mut by_values: HashMap<u64, (Vec<u8>, Vec<CageCells>)> = HashMap::new();
        let mut by_clues: HashMap<VerdictKey, (Vec<CageCells>, Vec<Clue>)> = HashMap::new();
        for (square, cut, clues) in candidates(4_000) {
            let key = values_key(SIDE, &square, &cut).expect("a 3×3 key");
            let pair = (square.clone(), cut.clone());
            assert_eq!(by_values.entry(key).or_insert_with(|| pair.clone()), &pair);
            for up_to in 0..=quick::HARD {
                let key = verdict_key(SIDE, &cut, &clues, up_to).expect("a 3×3 key");
                let pair = (cut.clone(), clues.clone());
                assert_eq!(by_clues.entry(key).or_insert_with(|| pair.clone()), &pair);
            }
        }
        // Candidates come back (else there would be nothing to remember), and the keys hold
        // more than one of each.
        assert!(by_values.len() > 100 && by_values.len() < 3_000, "{}", by_values.len());
        assert!(by_clues.len() > 300, "{}", by_clues.len());
    }

    #[test]
    fn remembered_answers_are_the_computed_ones() {
        let all = candidates(3_000);
        let mut kept = 0;
        // Twice over: the second pass answers from the memo.
        for _ in 0..2 {
            for (square, cut, clues) in &all {
                assert_eq!(
                    keeps_values(SIDE, square, cut),
                    trades::keeps_values(SIDE, square, cut),
                    "{square:?} {cut:?}"
                );
                for up_to in 0..=quick::HARD {
                    let direct = quick::verdict(SIDE, cut, clues, up_to);
                    assert_eq!(verdict(SIDE, cut, clues, up_to), direct, "{cut:?} {clues:?}");
                    kept += usize::from(direct == Some(Verdict::Solves(up_to)));
                }
            }
        }
        assert!(kept > 0, "some candidates are solved at the level");
        let remembered = SEEN.with(|s| s.borrow().values.len());
        let distinct: HashSet<_> = all.iter().map(|(s, c, _)| (s.clone(), c.clone())).collect();
        assert_eq!(remembered, distinct.len());
    }

    #[test]
    fn other_sides_and_odd_inputs_are_not_remembered() {
        let mut rng = Rng::new(5, 0);
        let mut square = Vec::new();
        latin::latin_cells(4, &mut rng, &mut square);
        let mut cut = Vec::new();
        assert!(cages::cut_into(4, 4, &mut rng, cages::ANY_CAGE, &mut cut));
        assert_eq!(values_key(4, &square, &cut), None);
        // A cut that leaves a cell out, and a target above 8 bits.
        let part: Vec<CageCells> = vec![[0, 1].into_iter().collect()];
        assert_eq!(cut_key(SIDE, &part), None);
        let (_, cut, mut clues) = candidates(1).remove(0);
        clues[0].1 = 300;
        assert_eq!(verdict_key(SIDE, &cut, &clues, 0), None);
    }
}
