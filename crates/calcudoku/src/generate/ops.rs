//! Choosing each KenKen cage's operator, as Keen does and beyond.
//!
//! Each cage has operators that suit it: a one-cell cage is a given; two cells may be `+`
//! (unless the sum gives the pair away: at most 4, or at least 2N − 2), `×` (at hard levels and
//! up not when few pairs make the product), `−` (unless the difference is N − 1) and `÷` (exact,
//! with a quotient at most N/2); three or more cells `+` or `×` — and, beyond Keen, `−` and `÷`
//! on more cells where the values make them exact and positive. Operators are then handed out
//! in turn (÷, −, ×, +), each to the next cage in a random order that suits it best, so that
//! every kind appears. `--mult-only` and `--ops` narrow the choice; `--hidden-ops` writes the
//! cages without their operators.

use smallvec::SmallVec;

use crate::puzzle::Operator;

/// A few operators (at most the four), kept inline.
type Ops = SmallVec<[Operator; 4]>;

use super::rng::Rng;

/// How the operators may be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpChoice {
    /// The operators allowed (all four by default).
    pub allowed: Vec<Operator>,
    /// Operators on more than two cells for − and ÷ (not in Keen).
    pub long_sub_div: bool,
    /// At hard levels and up, Keen avoids `×` pairs whose product few pairs make.
    pub hard: bool,
}

/// The operator of each cage (None for one-cell cages, or a cage no allowed operator fits)
/// and its target, from the values the solution gives its cells.
pub fn choose<V: AsRef<[u8]>>(
    cages: &[V],
    n: usize,
    choice: &OpChoice,
    rng: &mut Rng,
) -> Vec<(Option<Operator>, u64)> {
    const ORDER: [Operator; 4] = [Operator::Div, Operator::Sub, Operator::Mul, Operator::Add];
    // For each cage: the operators that suit it well, and those that only fit.
    let fits: SmallVec<[(Ops, Ops); 32]> =
        cages.iter().map(|v| suits(v.as_ref(), n, choice)).collect();
    let mut ops: SmallVec<[Option<Operator>; 32]> = smallvec::smallvec![None; cages.len()];
    let order = rng.permutation(cages.len());
    loop {
        let mut assigned = false;
        for op in ORDER {
            let pick = |well: bool, ops: &[Option<Operator>]| {
                order.iter().copied().find(|&k| {
                    ops[k].is_none()
                        && cages[k].as_ref().len() > 1
                        && if well { fits[k].0.contains(&op) } else { fits[k].1.contains(&op) }
                })
            };
            if let Some(k) = pick(true, &ops).or_else(|| pick(false, &ops)) {
                ops[k] = Some(op);
                assigned = true;
            }
        }
        if !assigned {
            break;
        }
    }
    cages
        .iter()
        .zip(ops)
        .map(|(values, op)| match op {
            Some(op) => (Some(op), target(op, values.as_ref()).expect("an operator that fits")),
            None => (None, values.as_ref().iter().map(|&v| v as u64).sum()),
        })
        .collect()
}

/// The operators that suit a cage's values well, and those that fit only.
fn suits(values: &[u8], n: usize, choice: &OpChoice) -> (Ops, Ops) {
    let (mut well, mut only) = (Ops::new(), Ops::new());
    if values.len() < 2 {
        return (well, only);
    }
    let allowed = |op| choice.allowed.contains(&op);
    let n = n as u64;
    if values.len() == 2 {
        let (p, q) = (values[0].max(values[1]) as u64, values[0].min(values[1]) as u64);
        if allowed(Operator::Add) {
            if p + q > 4 && p + q < 2 * n - 2 {
                well.push(Operator::Add)
            } else {
                only.push(Operator::Add)
            }
        }
        if allowed(Operator::Mul) {
            let v = p * q;
            let pairs = (1..=n).filter(|&k| v % k == 0 && v / k <= n && v / k != k).count();
            if pairs <= 2 && choice.hard {
                only.push(Operator::Mul)
            } else {
                well.push(Operator::Mul)
            }
        }
        if allowed(Operator::Sub) && p - q < n - 1 {
            well.push(Operator::Sub);
        }
        if allowed(Operator::Div) && p % q == 0 && 2 * (p / q) <= n {
            well.push(Operator::Div);
        }
        // When the allowed operators leave a pair nothing (`--ops` without + and ×), any −
        // and exact ÷ will do.
        if well.is_empty() && only.is_empty() {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    only.push(op);
                }
            }
        }
    } else {
        for op in [Operator::Add, Operator::Mul] {
            if allowed(op) {
                well.push(op);
            }
        }
        if choice.long_sub_div {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    well.push(op);
                }
            }
        }
    }
    (well, only)
}

/// The target `values` (one or more) make under `op`, when it is positive (see
/// [`Operator::apply`]; a difference of 0 is no clue Keen would give).
pub fn target(op: Operator, values: &[u8]) -> Option<u64> {
    op.apply(values).filter(|&t| t > 0)
}
