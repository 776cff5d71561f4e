//! The exact chance of each Latin square under the row-by-row matchings of
//! [`super::latin_cells`], worked out without drawing: the tests check the orbit tables of
//! [`super::orbits`] against it.
//!
//! A row's matching depends only on the symbols each column still lacks. Within a row, taking
//! the columns in a random order is taking, at each step, one of the columns not yet matched
//! at random (a column once matched stays matched: an augmenting path only hands symbols
//! around); and trying a column's symbols in a random order is taking, at each step, one of
//! the symbols not yet tried nor visited at random (the matchings skip those visited by a
//! deeper search). So the chance of each outcome of a search is a sum over a small tree, and
//! the chance of each row a sum over the partial matchings, with exact fractions.

use std::collections::HashMap;

/// A fraction `n / d` in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ratio {
    pub n: u128,
    pub d: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Ratio {
    pub const ZERO: Ratio = Ratio { n: 0, d: 1 };
    pub const ONE: Ratio = Ratio { n: 1, d: 1 };

    pub fn new(n: u128, d: u128) -> Ratio {
        let g = gcd(n, d).max(1);
        Ratio { n: n / g, d: d / g }
    }

    pub fn plus(self, o: Ratio) -> Ratio {
        let g = gcd(self.d, o.d);
        let d = (self.d / g).checked_mul(o.d).expect("denominator within 128 bits");
        let n = self.n * (o.d / g) + o.n * (self.d / g);
        Ratio::new(n, d)
    }

    pub fn times(self, o: Ratio) -> Ratio {
        let (a, b) = (gcd(self.n, o.d).max(1), gcd(o.n, self.d).max(1));
        let n = (self.n / a).checked_mul(o.n / b).expect("numerator within 128 bits");
        Ratio::new(n, (self.d / b) * (o.d / a))
    }
}

/// No column: `owner[s]` for a symbol not matched yet.
const FREE: u8 = u8::MAX;

/// Symbol → column of a partial matching of one row.
type Owner = [u8; 8];

/// The outcomes of a search with their chances: found, the matching after it, the symbols
/// visited.
type Outcomes = Vec<(bool, Owner, u16, Ratio)>;

/// One row's matchings, given the symbols each column lacks.
struct Row<'a> {
    n: usize,
    missing: &'a [u16],
    known: HashMap<(u8, Owner, u16, u16), Outcomes>,
}

impl Row<'_> {
    /// The outcomes of the augmenting search from column `c`.
    fn search(&mut self, c: u8, owner: Owner, seen: u16) -> Outcomes {
        self.go_on(c, self.missing[c as usize] & !seen, owner, seen)
    }

    /// The outcomes of that search with the symbols `untried` still to try.
    fn go_on(&mut self, c: u8, untried: u16, owner: Owner, seen: u16) -> Outcomes {
        let key = (c, owner, seen, untried);
        if let Some(known) = self.known.get(&key) {
            return known.clone();
        }
        let open = untried & !seen;
        let mut out: HashMap<(bool, Owner, u16), Ratio> = HashMap::new();
        let mut add = |found, owner, seen, p: Ratio| {
            let e = out.entry((found, owner, seen)).or_insert(Ratio::ZERO);
            *e = e.plus(p);
        };
        if open == 0 {
            add(false, owner, seen, Ratio::ONE);
        }
        let each = Ratio::new(1, u128::from(open.count_ones()));
        for s in (0..self.n).filter(|&s| open & 1 << s != 0) {
            let seen = seen | 1 << s;
            if owner[s] == FREE {
                let mut owner = owner;
                owner[s] = c;
                add(true, owner, seen, each);
                continue;
            }
            for (found, after, seen, p) in self.search(owner[s], owner, seen) {
                let p = p.times(each);
                if found {
                    let mut after = after;
                    after[s] = c;
                    add(true, after, seen, p);
                } else {
                    for (found, after, seen, q) in self.go_on(c, untried & !(1 << s), after, seen) {
                        add(found, after, seen, q.times(p));
                    }
                }
            }
        }
        let out: Outcomes = out.into_iter().map(|((f, o, s), p)| (f, o, s, p)).collect();
        self.known.insert(key, out.clone());
        out
    }
}

/// Each row the matchings can draw, as the symbol (from 0) of each column, with its chance.
fn row_law(n: usize, missing: &[u16]) -> Vec<(Vec<u8>, Ratio)> {
    let mut row = Row { n, missing, known: HashMap::new() };
    let mut partial: HashMap<Owner, Ratio> = HashMap::from([([FREE; 8], Ratio::ONE)]);
    for step in 0..n {
        let pick = Ratio::new(1, (n - step) as u128);
        let mut next: HashMap<Owner, Ratio> = HashMap::new();
        for (owner, p) in partial {
            let matched = owner[..n].iter().filter(|&&c| c != FREE).fold(0u16, |m, &c| m | 1 << c);
            for c in (0..n as u8).filter(|&c| matched & 1 << c == 0) {
                for (found, after, _, q) in row.search(c, owner, 0) {
                    assert!(found, "a Latin rectangle always extends");
                    let e = next.entry(after).or_insert(Ratio::ZERO);
                    *e = e.plus(q.times(p).times(pick));
                }
            }
        }
        partial = next;
    }
    partial
        .into_iter()
        .map(|(owner, p)| {
            let mut symbols = vec![0u8; n];
            for (s, &c) in owner[..n].iter().enumerate() {
                symbols[c as usize] = s as u8;
            }
            (symbols, p)
        })
        .collect()
}

/// Every Latin square of side `n` (symbols from 0, row by row) with its chance under the
/// matchings (n ≤ 8; sides past 5 take long).
pub(super) fn exact_law(n: usize) -> HashMap<Vec<u8>, Ratio> {
    fn rows(
        n: usize,
        missing: &mut [u16],
        cells: &mut Vec<u8>,
        p: Ratio,
        laws: &mut HashMap<Vec<u16>, Vec<(Vec<u8>, Ratio)>>,
        out: &mut HashMap<Vec<u8>, Ratio>,
    ) {
        if cells.len() == n * (n - 1) {
            // The last row has no choice.
            let mut square = cells.clone();
            square.extend(missing.iter().map(|m| m.trailing_zeros() as u8));
            out.insert(square, p);
            return;
        }
        let law = laws.entry(missing.to_vec()).or_insert_with(|| row_law(n, missing)).clone();
        for (row, q) in law {
            for (m, &s) in missing.iter_mut().zip(&row) {
                *m &= !(1 << s);
            }
            cells.extend_from_slice(&row);
            rows(n, missing, cells, p.times(q), laws, out);
            cells.truncate(cells.len() - n);
            for (m, &s) in missing.iter_mut().zip(&row) {
                *m |= 1 << s;
            }
        }
    }
    assert!((2..=8).contains(&n));
    let mut missing = vec![(1u16 << n) - 1; n];
    let mut out = HashMap::new();
    rows(n, &mut missing, &mut Vec::new(), Ratio::ONE, &mut HashMap::new(), &mut out);
    out
}
