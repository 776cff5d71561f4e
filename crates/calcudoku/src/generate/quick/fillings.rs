//! The fillings of one cage: every way of giving its cells values from their candidates, none
//! twice in a row or column, that meets the cage's rule — walked with bounds for sums and
//! products, worked out with masks for two cells, or every one checked at the end for other
//! rules (hidden operators, − and ÷ on more cells, givens).

use crate::puzzle::{Operator, rule_holds};

use super::{Cage, KEEP, MAX_CELLS, Mask};

/// What the fillings of one cage say.
#[derive(Clone, Copy)]
pub(super) struct Fillings {
    /// Whether any filling was found.
    pub(super) any: bool,
    /// The values some filling gives each position.
    pub(super) per: [Mask; MAX_CELLS],
    /// For each part, the values every filling puts there.
    pub(super) always: [Mask; 16],
}

impl Fillings {
    /// Before any filling: none found, no values, every value still in every part.
    pub(super) fn none() -> Fillings {
        Fillings { any: false, per: [0; MAX_CELLS], always: [Mask::MAX; 16] }
    }

    /// Adds the filling `values` (one per position); with `parts` (the cage's lines and
    /// their positions), narrows what every filling puts in each.
    #[inline]
    pub(super) fn add(&mut self, values: &[u8], parts: Option<&[(u8, u16)]>) {
        self.any = true;
        for (per, &v) in self.per.iter_mut().zip(values) {
            *per |= 1 << (v - 1);
        }
        for (p, &(_, at)) in parts.unwrap_or_default().iter().enumerate() {
            let mut here = 0;
            let mut m = at;
            while m != 0 {
                here |= 1 << (values[m.trailing_zeros() as usize] - 1);
                m &= m - 1;
            }
            self.always[p] &= here;
        }
    }
}

/// How much of the fillings a rung needs: the walk stops once more fillings cannot add to it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Need {
    /// The values the whole cage uses (easy).
    Union,
    /// The values of each cell (normal).
    PerCell,
    /// And the values every filling puts in each line (hard).
    Lines,
}

/// The fillings of `cage` whose cells have candidates `cand`: values from the candidates, none
/// twice in a row or column, meeting the cage's rule.
pub(super) fn fillings(cage: &Cage, cand: &[Mask], need: Need) -> Fillings {
    walk(cage, cand, need, None).fillings
}

/// What a walk over the fillings found.
pub(super) struct Walked {
    pub(super) fillings: Fillings,
    /// How many fillings it saw (all of them when it kept them).
    pub(super) count: usize,
}

/// The fillings of `cage` (see [`fillings`]); with `keep`, every filling is walked and its
/// values are added to `keep`, one filling after the other.
pub(super) fn walk(cage: &Cage, cand: &[Mask], need: Need, keep: Option<&mut Vec<u8>>) -> Walked {
    let width = cand.len();
    // Most cages are two cells that see each other: their values by masks, with no walk
    // (at hard the walk also gathers what each line always gets).
    if width == 2
        && need != Need::Lines
        && keep.is_none()
        && cage.sees_before[1] != 0
        && let Some(op) = cage.op
    {
        let (first, second) = pair_values(op, cage.target, cand[0], cand[1]);
        let mut out = Fillings { any: first != 0, per: [0; MAX_CELLS], always: [0; 16] };
        out.per[0] = first;
        out.per[1] = second;
        return Walked { fillings: out, count: usize::from(first != 0) };
    }
    let mut walk = Walk {
        cage,
        cand,
        need,
        values: [0; MAX_CELLS],
        low: [0; MAX_CELLS + 1],
        high: [0; MAX_CELLS + 1],
        out: Fillings::none(),
        all: cand.iter().fold(0, |u, &m| u | m),
        keep,
        count: 0,
        lines_open: true,
    };
    match cage.op {
        Some(Operator::Sub | Operator::Div) if width == 2 => walk.pair(),
        Some(op @ (Operator::Add | Operator::Mul)) => {
            let add = op == Operator::Add;
            walk.low[width] = u64::from(!add);
            walk.high[width] = u64::from(!add);
            for i in (0..width).rev() {
                let (lo, hi) = (lowest(cand[i]), highest(cand[i]));
                if add {
                    walk.low[i] = walk.low[i + 1] + lo;
                    walk.high[i] = walk.high[i + 1] + hi;
                } else {
                    walk.low[i] = walk.low[i + 1] * lo;
                    walk.high[i] = walk.high[i + 1] * hi;
                }
            }
            walk.arith(0, cage.target, add);
        }
        _ => {
            walk.any(0);
        }
    }
    Walked { fillings: walk.out, count: walk.count }
}

/// At hard, the fillings of a two-cell cage whose cells see each other, rule `op`, from the
/// candidates `a` and `b` of its cells by masks: what the walk finds, with no walk and nothing
/// kept (a pair has few fillings, and the masks cost less than filtering them).
pub(super) fn pair_fillings(cage: &Cage, op: Operator, a: Mask, b: Mask) -> Fillings {
    let t = cage.target;
    let (first, second) = pair_values(op, t, a, b);
    let mut out = Fillings::none();
    out.any = first != 0;
    out.per[0] = first;
    out.per[1] = second;
    // The line holding both cells always gets a value exactly when no filling does without
    // it: none is left once the value is taken from both cells.
    let mut both = 0;
    let mut values = first | second;
    while values != 0 {
        let x = values & values.wrapping_neg();
        values &= values - 1;
        if pair_values(op, t, a & !x, b & !x).0 == 0 {
            both |= x;
        }
    }
    // A line holding one cell always gets that cell's value when it has only one.
    let alone = |m: Mask| if m.is_power_of_two() { m } else { 0 };
    for (p, &(_, at)) in cage.parts.iter().enumerate() {
        out.always[p] = match at {
            0b01 => alone(first),
            0b10 => alone(second),
            _ => both,
        };
    }
    out
}

/// The values of the first and of the second cell of a two-cell cage with rule `op` and
/// `target` that some filling gives them, from their candidates `a` and `b`; the two cells see
/// each other, so they never hold the same value.
pub(super) fn pair_values(op: Operator, target: u64, a: Mask, b: Mask) -> (Mask, Mask) {
    let t = target;
    match op {
        Operator::Add => {
            // {t − v : v in m}: the mask reversed, then moved so that bit v − 1 lands on t − v − 1.
            let mirror = |m: Mask| -> Mask {
                let r = m.reverse_bits() as u32;
                let m = if t <= 17 {
                    r >> (17 - t)
                } else {
                    r.checked_shl((t - 17) as u32).unwrap_or(0)
                };
                m as Mask
            };
            let half = if t % 2 == 0 && (2..=32).contains(&t) { 1 << (t / 2 - 1) } else { 0 };
            (a & mirror(b) & !half, b & mirror(a) & !half)
        }
        Operator::Sub => {
            if t == 0 || t >= 16 {
                return (0, 0);
            }
            let near = |m: Mask| (m << t) | (m >> t);
            (a & near(b), b & near(a))
        }
        Operator::Mul | Operator::Div => {
            // Beyond the tables no value up to 16 has a partner.
            let partners = match op {
                Operator::Mul if t < PRODUCTS as u64 => &TIMES[t as usize],
                Operator::Div if t < QUOTIENTS as u64 => &OVER[t as usize],
                _ => return (0, 0),
            };
            let (mut first, mut second) = (0, 0);
            let mut rest = a;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let with = partners[v] & b;
                if with != 0 {
                    first |= 1 << v;
                    second |= with;
                }
            }
            (first, second)
        }
    }
}

/// Products up to 16 × 16, and quotients up to 16, have tables.
const PRODUCTS: usize = 16 * 16 + 1;
const QUOTIENTS: usize = 17;

/// `TIMES[t][v - 1]`: the values `w` up to 16, other than `v`, with `v × w = t` (as a mask).
static TIMES: [[Mask; 16]; PRODUCTS] = partners(false);

/// `OVER[t][v - 1]`: the values `w` up to 16, other than `v`, with `v ÷ w = t` or `w ÷ v = t`.
static OVER: [[Mask; 16]; QUOTIENTS] = partners(true);

/// The partner tables of two-cell products (`div` false) or quotients, worked out once at
/// compile time from the rule itself, value by value.
const fn partners<const T: usize>(div: bool) -> [[Mask; 16]; T] {
    let mut table = [[0; 16]; T];
    let mut t = 0;
    while t < T {
        let mut v = 1;
        while v <= 16 {
            let mut w = 1;
            while w <= 16 {
                let holds = if div { v == w * t || w == v * t } else { v * w == t };
                if holds && w != v {
                    table[t][v - 1] |= 1 << (w - 1);
                }
                w += 1;
            }
            v += 1;
        }
        t += 1;
    }
    table
}

/// The least value of a non-empty mask.
fn lowest(m: Mask) -> u64 {
    m.trailing_zeros() as u64 + 1
}

/// The greatest value of a non-empty mask.
fn highest(m: Mask) -> u64 {
    (Mask::BITS - m.leading_zeros()) as u64
}

struct Walk<'a> {
    cage: &'a Cage,
    cand: &'a [Mask],
    need: Need,
    values: [u8; MAX_CELLS],
    /// For sums (products): the least and most the cells from position `i` on can add up to
    /// (multiply to).
    low: [u64; MAX_CELLS + 1],
    high: [u64; MAX_CELLS + 1],
    out: Fillings,
    /// Every candidate of the cage's cells.
    all: Mask,
    /// Where every filling goes, when they are kept (then the walk never stops early).
    keep: Option<&'a mut Vec<u8>>,
    /// Fillings seen.
    count: usize,
    /// Whether some line still has values every filling so far puts there.
    lines_open: bool,
}

impl Walk<'_> {
    /// The candidates of position `i` that no earlier cell of its row or column holds.
    fn allowed(&self, i: usize) -> Mask {
        let mut seen = 0;
        let mut m = self.cage.sees_before[i];
        while m != 0 {
            seen |= 1 << (self.values[m.trailing_zeros() as usize] - 1);
            m &= m - 1;
        }
        self.cand[i] & !seen
    }

    /// Records the filling in `values`; false when more fillings cannot add anything.
    fn record(&mut self) -> bool {
        let width = self.cand.len();
        self.count += 1;
        if let Some(keep) = &mut self.keep {
            // Past the limit they are not kept (the caller sees it by the count).
            if keep.len() + width <= KEEP {
                keep.extend_from_slice(&self.values[..width]);
            }
        }
        // What every filling puts in a line: once no line has a value left in common, later
        // fillings cannot bring one back.
        let parts = (self.need == Need::Lines && self.lines_open).then_some(&self.cage.parts[..]);
        self.out.add(&self.values[..width], parts);
        if let Some(parts) = parts {
            self.lines_open = self.out.always[..parts.len()].iter().any(|&a| a != 0);
        }
        let out = &self.out;
        if self.keep.is_some() {
            return true;
        }
        match self.need {
            Need::Union => out.per[..width].iter().fold(0, |u, &m| u | m) != self.all,
            Need::PerCell => out.per[..width] != self.cand[..],
            Need::Lines => {
                out.per[..width] != self.cand[..]
                    || out.always[..self.cage.parts.len()].iter().any(|&a| a != 0)
            }
        }
    }

    /// Sums and products from position `i`, `rest` left to make; false once saturated.
    fn arith(&mut self, i: usize, rest: u64, add: bool) -> bool {
        let last = i + 1 == self.cand.len();
        let mut allowed = self.allowed(i);
        if last {
            if (1..=16).contains(&rest) && allowed & (1 << (rest - 1)) != 0 {
                self.values[i] = rest as u8;
                return self.record();
            }
            return true;
        }
        while allowed != 0 {
            let v = allowed.trailing_zeros() as u64 + 1;
            allowed &= allowed - 1;
            let next = if add {
                if v > rest {
                    break;
                }
                rest - v
            } else {
                if rest % v != 0 {
                    continue;
                }
                rest / v
            };
            if next < self.low[i + 1] || next > self.high[i + 1] {
                continue;
            }
            self.values[i] = v as u8;
            if !self.arith(i + 1, next, add) {
                return false;
            }
        }
        true
    }

    /// Two-cell differences and quotients.
    fn pair(&mut self) {
        let t = self.cage.target;
        let mut first = self.cand[0];
        while first != 0 {
            let a = first.trailing_zeros() as u64 + 1;
            first &= first - 1;
            let partners: [Option<u64>; 2] = match self.cage.op {
                Some(Operator::Sub) => [Some(a + t), a.checked_sub(t)],
                _ => [Some(a * t), (t != 0 && a % t == 0).then(|| a / t)],
            };
            self.values[0] = a as u8;
            let allowed = self.allowed(1);
            for (j, b) in partners.into_iter().enumerate() {
                let Some(b) = b else { continue };
                // t = 0 (−) or 1 (÷) makes the two partners one.
                if j == 1 && Some(b) == partners[0] {
                    continue;
                }
                if (1..=16).contains(&b) && allowed & (1 << (b - 1)) != 0 {
                    self.values[1] = b as u8;
                    if !self.record() {
                        return;
                    }
                }
            }
        }
    }

    /// Any other rule (hidden operators, − and ÷ on more cells, givens): every filling,
    /// checked at the end.
    fn any(&mut self, i: usize) -> bool {
        if i == self.cand.len() {
            let width = self.cand.len();
            if rule_holds(self.cage.op, self.cage.target, &self.values[..width]) {
                return self.record();
            }
            return true;
        }
        let mut allowed = self.allowed(i);
        while allowed != 0 {
            self.values[i] = allowed.trailing_zeros() as u8 + 1;
            allowed &= allowed - 1;
            if !self.any(i + 1) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixed::Fixed;
    use super::*;
    use crate::generate::rng::Rng;

    /// A cage of two cells side by side in row 0, or (`across`) one above the other.
    fn domino(n: usize, op: Operator, target: u64, across: bool) -> Cage {
        let second = if across { n } else { 1 };
        let mut cage = Cage { op: Some(op), target, ..Cage::default() };
        cage.cells = Fixed::from_slice(&[0, second as u8]);
        cage.sees_before = Fixed::from_slice(&[0, 1]);
        cage
    }

    /// The cage's lines and their positions, as `State::load` lists them.
    fn with_parts(mut cage: Cage, n: usize, across: bool) -> Cage {
        cage.parts = if across {
            Fixed::from_slice(&[(0, 0b01), (n as u8, 0b11), (1, 0b10)])
        } else {
            Fixed::from_slice(&[(0, 0b11), (n as u8, 0b01), (n as u8 + 1, 0b10)])
        };
        cage
    }

    #[test]
    fn two_cell_lines_by_masks_are_what_the_walk_finds() {
        let mut rng = Rng::new(9, 9);
        let mut forced = 0;
        for n in 2..=9usize {
            let full = (1u16 << n) - 1;
            for op in Operator::ALL {
                for target in 0..=(n * n) as u64 {
                    for _ in 0..12 {
                        let a = rng.below(full as usize + 1) as Mask;
                        let b = rng.below(full as usize + 1) as Mask;
                        let across = rng.chance(1, 2);
                        let cage = with_parts(domino(n, op, target, across), n, across);
                        let fast = pair_fillings(&cage, op, a, b);
                        // Every filling walked and kept, as at hard.
                        let mut kept = Vec::new();
                        let slow = walk(&cage, &[a, b], Need::Lines, Some(&mut kept)).fillings;
                        let what = format!("{op:?} {target} {a:b} {b:b} across {across}");
                        assert_eq!(fast.any, slow.any, "{what}");
                        if !slow.any {
                            continue;
                        }
                        assert_eq!(fast.per[..2], slow.per[..2], "{what}");
                        assert_eq!(fast.always[..3], slow.always[..3], "{what}");
                        forced += usize::from(fast.always[..3].iter().any(|&m| m != 0));
                    }
                }
            }
        }
        // Lines with a value every filling puts there came up many times.
        assert!(forced > 1000, "{forced}");
    }

    #[test]
    fn two_cell_masks_are_the_fillings_the_walk_finds() {
        let mut rng = Rng::new(5, 5);
        for n in 2..=9usize {
            let full = (1u16 << n) - 1;
            for op in Operator::ALL {
                // Past the largest clue of the grid too: past the tables' ends.
                for target in 0..=300 {
                    for _ in 0..12 {
                        let a = rng.below(full as usize + 1) as Mask;
                        let b = rng.below(full as usize + 1) as Mask;
                        let cage = domino(n, op, target, rng.chance(1, 2));
                        let fast = fillings(&cage, &[a, b], Need::PerCell);
                        // The walk with the rule checked at the end, as for hidden operators.
                        let mut walk = Walk {
                            cage: &cage,
                            cand: &[a, b],
                            need: Need::PerCell,
                            values: [0; MAX_CELLS],
                            low: [0; MAX_CELLS + 1],
                            high: [0; MAX_CELLS + 1],
                            out: Fillings { any: false, per: [0; MAX_CELLS], always: [0; 16] },
                            all: a | b,
                            keep: None,
                            count: 0,
                            lines_open: true,
                        };
                        // No early stop: every filling.
                        walk.need = Need::Lines;
                        walk.any(0);
                        let slow = walk.out;
                        assert_eq!(fast.any, slow.any, "{op:?} {target} {a:b} {b:b}");
                        assert_eq!(fast.per[..2], slow.per[..2], "{op:?} {target} {a:b} {b:b}");
                    }
                }
            }
        }
    }
}
