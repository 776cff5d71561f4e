//! Arithmetic cages: the operator, the target, the cells.

use std::fmt;

use super::Cell;

/// A cage's arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// The sum of the cells.
    Add,
    /// Two cells: the difference; more: the largest minus all the others.
    Sub,
    /// The product of the cells.
    Mul,
    /// Two cells: larger divided by smaller, exactly; more: the largest divided by the product
    /// of the others, exactly.
    Div,
}

impl Operator {
    /// The four operators, in the order `+ - * /`.
    pub const ALL: [Operator; 4] = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];

    /// The ASCII symbol the seeds write: `+ - * /`.
    pub const fn symbol(self) -> char {
        match self {
            Operator::Add => '+',
            Operator::Sub => '-',
            Operator::Mul => '*',
            Operator::Div => '/',
        }
    }

    /// Reads every common spelling: `+ - * / x X × ÷ − ∗` (and `–`, `·`).
    pub fn from_char(c: char) -> Option<Operator> {
        match c {
            '+' => Some(Operator::Add),
            '-' | '−' | '–' => Some(Operator::Sub),
            '*' | 'x' | 'X' | '×' | '∗' | '·' => Some(Operator::Mul),
            '/' | '÷' => Some(Operator::Div),
            _ => None,
        }
    }

    /// The target `values` (one or more, all ≥ 1) make under this operator, when there is
    /// one: the sum; the product, when it fits 64 bits; the largest minus the others, when not
    /// negative; the largest divided by the product of the others, when exact.
    pub fn apply(self, values: &[u8]) -> Option<u64> {
        // Two values, most cages: the same results without the general folds.
        if let &[a, b] = values {
            let (p, q) = (a.max(b) as u64, a.min(b) as u64);
            return match self {
                Operator::Add => Some(p + q),
                Operator::Mul => Some(p * q),
                Operator::Sub => Some(p - q),
                Operator::Div => (q != 0 && p % q == 0).then(|| p / q),
            };
        }
        self.apply_any(values)
    }

    /// [`Operator::apply`] for any number of values.
    pub(super) fn apply_any(self, values: &[u8]) -> Option<u64> {
        let max = *values.iter().max()? as u64;
        let sum = || values.iter().map(|&v| v as u64).sum::<u64>();
        let product = || values.iter().try_fold(1u64, |p, &v| p.checked_mul(v as u64));
        match self {
            Operator::Add => Some(sum()),
            Operator::Mul => product(),
            Operator::Sub => {
                let sum = sum();
                (2 * max >= sum).then(|| 2 * max - sum)
            }
            Operator::Div => {
                let others = product()? / max;
                (max % others == 0).then(|| max / others)
            }
        }
    }

    /// Whether the values (all ≥ 1) meet `target` under this operator.
    pub fn holds(self, target: u64, values: &[u8]) -> bool {
        match self {
            Operator::Add => values.iter().map(|&v| v as u64).sum::<u64>() == target,
            Operator::Mul => {
                let mut p: u64 = 1;
                for &v in values {
                    p = match p.checked_mul(v as u64) {
                        Some(p) if p <= target => p,
                        _ => return false,
                    };
                }
                p == target
            }
            Operator::Sub => {
                let max = values.iter().copied().max().unwrap_or(0) as i64;
                let rest: i64 = values.iter().map(|&v| v as i64).sum::<i64>() - max;
                max - rest == target as i64
            }
            Operator::Div => {
                let max = values.iter().copied().max().unwrap_or(0) as u64;
                let mut rest: u64 = 1;
                let mut skipped = false;
                for &v in values {
                    if !skipped && v as u64 == max {
                        skipped = true;
                        continue;
                    }
                    rest = match rest.checked_mul(v as u64) {
                        Some(r) if r <= max => r,
                        _ => return false,
                    };
                }
                max % rest == 0 && max / rest == target
            }
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cage: cells whose values must meet `target` under `op`.
///
/// `op == None` means no operator was written: on one cell the cage is a given (the cell holds
/// `target`); on several cells the operator is hidden and any of `+ - * /` that fits will do.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells of the cage, in the order the input listed them (checked by [`Puzzle::new`](super::Puzzle::new):
    /// at least one, all in range, none in another cage).
    pub cells: Vec<Cell>,
    /// The number the cells' values must make under `op`; for a one-cell cage without an
    /// operator, the cell's value.
    pub target: u64,
    /// The operator; `None` for a given (one cell) or a hidden operator (several cells).
    pub op: Option<Operator>,
}

impl Clone for Cage {
    fn clone(&self) -> Cage {
        Cage { cells: self.cells.clone(), target: self.target, op: self.op }
    }

    /// A copy in the room `self` already has (a board's copy of the puzzle is refilled for
    /// each puzzle graded).
    fn clone_from(&mut self, from: &Cage) {
        self.cells.clone_from(&from.cells);
        self.target = from.target;
        self.op = from.op;
    }
}

impl Cage {
    /// A cage of `cells` whose values must make `target` under `op`; checked later, by
    /// [`Puzzle::new`](super::Puzzle::new).
    pub fn new(target: u64, op: Option<Operator>, cells: Vec<Cell>) -> Cage {
        Cage { cells, target, op }
    }

    /// Whether a complete assignment of the cage's cells (in `cells` order) meets the cage.
    pub fn holds(&self, values: &[u8]) -> bool {
        rule_holds(self.op, self.target, values)
    }

    /// The label as the `ops` format writes it: `12+`, `3` (a given), `7?` (hidden operator).
    pub fn label(&self) -> String {
        self.label_for(self.cells.len())
    }

    /// The label of a cage of this rule with `cells` cells.
    pub(crate) fn label_for(&self, cells: usize) -> String {
        let mut out = String::new();
        self.push_label_for(cells, &mut out);
        out
    }

    /// Appends [`Cage::label_for`] to `out` (no allocation on its own).
    pub(crate) fn push_label_for(&self, cells: usize, out: &mut String) {
        push_number(out, self.target);
        match self.op {
            Some(op) => out.push(op.symbol()),
            None if cells == 1 => {}
            None => out.push('?'),
        }
    }
}

/// Appends `x` in decimal (no allocation, unlike `to_string`).
pub(crate) fn push_number(out: &mut String, mut x: u64) {
    // Most numbers written are cage ids and small targets.
    if x < 10 {
        out.push(char::from(b'0' + x as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| d as char));
}

/// The cells next to cell `c` of an `n`×`n` grid (row-major indices): up, down, left, right,
/// those that exist.
pub fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [
        (r > 0).then(|| c - n),
        (r + 1 < n).then(|| c + n),
        (col > 0).then(|| c - 1),
        (col + 1 < n).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether `values` (a complete cage) meet `target` under `op`; `None` is a given on one cell
/// and a hidden operator (any of the four) on several.
pub(crate) fn rule_holds(op: Option<Operator>, target: u64, values: &[u8]) -> bool {
    match op {
        Some(op) => op.holds(target, values),
        None if values.len() == 1 => values[0] as u64 == target,
        None => Operator::ALL.iter().any(|op| op.holds(target, values)),
    }
}
