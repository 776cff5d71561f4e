//! Listing a cage's assignments (for the tables of late cages): three- and four-cell sums
//! and products by loops of their own, others by a walk over the cells with suffix bounds,
//! the last value of a sum or product worked out.

use super::arith::{push_tuple, v_bit};
use super::{
    CageFilter, CageModel, WALK_MAX_CELLS, exact_quotient, four, pairs, range_mask, three,
};
use crate::puzzle::Operator;

impl CageFilter {
    /// Every assignment of the cage that meets its rule and its conflicts and takes its
    /// values from the candidates `dom` (indexed by cell), flattened into `tuples`; false
    /// when there are more than `max` or the walk visits more than `budget` nodes. Two-cell
    /// cages take every value 1..=n whatever `dom` says (their tables are small anyway).
    pub fn enumerate(
        &mut self,
        cage: CageModel<'_>,
        n: usize,
        dom: &[u64],
        (max, budget): (usize, u32),
        tuples: &mut Vec<u8>,
    ) -> bool {
        let k = cage.cells.len();
        (self.nodes, self.leaves) = (0, 0);
        tuples.clear();
        if k > WALK_MAX_CELLS {
            return false;
        }
        if k == 2 {
            pairs::pairs(&cage, n, tuples);
            return tuples.len() <= max * k;
        }
        if k == 3 {
            let cells = cage.cells;
            let dom = [dom[cells[0] as usize], dom[cells[1] as usize], dom[cells[2] as usize]];
            if let Some(fits) = three::three_cells(&cage, dom, max, tuples) {
                return fits;
            }
        }
        if k == 4 && n <= four::FOUR_UP_TO {
            let dom = [0, 1, 2, 3].map(|i| dom[cage.cells[i] as usize]);
            if let Some(fits) = four::four_cells(&cage, dom, max, tuples) {
                return fits;
            }
        }
        self.walk_listing_in(cage, dom, (max, budget), tuples)
    }

    /// The general walk of [`CageFilter::enumerate`], for the tests of the cages it lists
    /// another way: `dom` holds the cage's own candidates, in cage order.
    #[cfg(test)]
    pub(super) fn walk_listing(
        &mut self,
        cage: CageModel<'_>,
        dom: &[u64],
        max: usize,
        tuples: &mut Vec<u8>,
    ) -> bool {
        (self.nodes, self.leaves) = (0, 0);
        tuples.clear();
        let cells: Vec<u16> = (0..cage.cells.len() as u16).collect();
        let cage = CageModel { cells: &cells, ..cage };
        self.walk_listing_in(cage, dom, (max, super::NODE_BUDGET), tuples)
    }

    /// [`CageFilter::enumerate`] by the walk (sums and products with suffix bounds, the last
    /// value worked out; other operators by the general walk).
    fn walk_listing_in(
        &mut self,
        cage: CageModel<'_>,
        dom: &[u64],
        (max, budget): (usize, u32),
        tuples: &mut Vec<u8>,
    ) -> bool {
        let k = cage.cells.len();
        self.dom.clear();
        self.dom.extend(cage.cells.iter().map(|&c| dom[c as usize]));
        if self.dom.contains(&0) {
            return true; // no assignment at all
        }
        self.prepare(k, &cage);
        self.budget = budget;
        if k >= 3 && matches!(cage.op, Some(Operator::Add | Operator::Mul)) {
            let complete = if cage.op == Some(Operator::Add) {
                self.sums(&cage, 0, 0, tuples, max * k)
            } else {
                self.products(&cage, 0, cage.target, tuples, max * k)
            };
            return complete && tuples.len() <= max * k;
        }
        let mut record = std::mem::take(tuples);
        self.record = Some((record, max * k));
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        out.resize(k, 0);
        let complete = self.walk(&cage, 0, 0, 1, &mut out);
        self.out = out;
        (record, _) = self.record.take().expect("set above");
        let fits = complete && record.len() <= max * k;
        *tuples = record;
        fits
    }

    /// Records into `tuples` every assignment of positions `i..` of a sum cage of three or
    /// more cells (`sum` is that of positions `..i`): the last value is forced by the target,
    /// so it is computed, not searched. False when `tuples` would grow past `max` values or
    /// the walk past its budget.
    fn sums(
        &mut self,
        cage: &CageModel<'_>,
        i: usize,
        sum: u64,
        tuples: &mut Vec<u8>,
        max: usize,
    ) -> bool {
        let k = self.dom.len();
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        let rest = cage.target.saturating_sub(sum);
        let avail = self.dom[i] & !self.taken(cage, i);
        if i + 2 == k {
            return self.last_two_sums(cage, avail, rest, tuples, max);
        }
        // The value must leave the later cells a sum they can make.
        let (least, most) = (self.suf_min[i + 1], self.suf_max[i + 1]);
        let range = if rest > least {
            range_mask(rest.saturating_sub(most).max(1), rest - least)
        } else {
            0
        };
        let mut avail = avail & range;
        while avail != 0 {
            let v = avail.trailing_zeros() as u64 + 1;
            avail &= avail - 1;
            self.vals[i] = v as u8;
            if !self.sums(cage, i + 1, sum + v, tuples, max) {
                return false;
            }
        }
        true
    }

    /// The last two positions of a sum cage, which must add up to `rest`; `avail` holds the
    /// candidates of the first of them.
    fn last_two_sums(
        &mut self,
        cage: &CageModel<'_>,
        avail: u64,
        rest: u64,
        tuples: &mut Vec<u8>,
        max: usize,
    ) -> bool {
        let first_range = |least: u64, most: u64| {
            if rest > least {
                range_mask(rest.saturating_sub(most).max(1), rest - least)
            } else {
                0
            }
        };
        self.last_two(cage, avail, tuples, max, first_range, |v| Some(rest - v))
    }

    /// [`CageFilter::sums`] for a product cage: `rest` is what positions `i..` must multiply
    /// to. Divisibility is tested by multiplication (see [`exact_quotient`]), not division.
    fn products(
        &mut self,
        cage: &CageModel<'_>,
        i: usize,
        rest: u64,
        tuples: &mut Vec<u8>,
        max: usize,
    ) -> bool {
        let k = self.dom.len();
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        let avail = self.dom[i] & self.divisors & !self.taken(cage, i);
        if i + 2 == k {
            return self.last_two_products(cage, avail, rest, tuples, max);
        }
        // The later cells multiply to between `least` and `most`.
        let (least, most) = (self.suf_pmin[i + 1], self.suf_pmax[i + 1]);
        let mut avail = avail;
        while avail != 0 {
            let v = avail.trailing_zeros() as u64 + 1;
            avail &= avail - 1;
            if v.saturating_mul(most) < rest {
                continue; // too small: the later cells could not make up the rest
            }
            if v.saturating_mul(least) > rest {
                break; // too large, and larger values only more so
            }
            let Some(after) = exact_quotient(rest, v) else { continue };
            self.vals[i] = v as u8;
            if !self.products(cage, i + 1, after, tuples, max) {
                return false;
            }
        }
        true
    }

    /// The last two positions of a product cage, which must multiply to `rest`; `avail` holds
    /// the candidates of the first of them.
    fn last_two_products(
        &mut self,
        cage: &CageModel<'_>,
        avail: u64,
        rest: u64,
        tuples: &mut Vec<u8>,
        max: usize,
    ) -> bool {
        // Two divisions here spare a bounds test per value in the loop.
        let first_range = |least: u64, most: u64| range_mask(rest.div_ceil(most), rest / least);
        self.last_two(cage, avail, tuples, max, first_range, |v| exact_quotient(rest, v))
    }

    /// The last two positions of a sum or product cage, the first taking a value of `avail`.
    /// The second's value is computed: `last_of(v)` is the value the rule forces after `v`
    /// (None when there is none), and `first_range(least, most)` the values of the first that
    /// leave the second a value between `least` and `most` (its bounds, after the values it
    /// must differ from). Records each assignment that fits; false when `tuples` is full.
    #[inline(always)]
    fn last_two(
        &mut self,
        cage: &CageModel<'_>,
        avail: u64,
        tuples: &mut Vec<u8>,
        max: usize,
        first_range: impl Fn(u64, u64) -> u64,
        last_of: impl Fn(u64) -> Option<u64>,
    ) -> bool {
        let k = self.dom.len();
        let (last_taken, clash) = self.last_taken(cage, k - 2);
        let last_dom = self.dom[k - 1] & !last_taken;
        if last_dom == 0 {
            return true;
        }
        let (least, most) =
            (last_dom.trailing_zeros() as u64 + 1, 64 - last_dom.leading_zeros() as u64);
        let mut avail = avail & first_range(least, most);
        while avail != 0 {
            let v = avail.trailing_zeros() as u64 + 1;
            avail &= avail - 1;
            // Here least <= last <= most <= 64.
            let Some(last) = last_of(v) else { continue };
            if (last_dom & !v_bit(v, clash)) >> (last - 1) & 1 == 0 {
                continue;
            }
            if tuples.len() + k > max {
                return false;
            }
            self.vals[k - 2] = v as u8;
            self.vals[k - 1] = last as u8;
            push_tuple(tuples, &self.vals, k);
        }
        true
    }

    /// At the last node before the last position (`i == k - 2`): the values of positions
    /// before `i` that the last position must differ from, and whether it must differ from
    /// position `i` too. (Anything at other nodes; unused there.)
    fn last_taken(&self, cage: &CageModel<'_>, i: usize) -> (u64, bool) {
        let k = self.dom.len();
        if i + 2 != k || k > 64 {
            return (0, false);
        }
        let conflicts = cage.conflicts[k - 1];
        let before = conflicts & ((1u64 << i) - 1);
        let mut taken = 0;
        let mut m = before;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            taken |= 1u64 << (self.vals[j] - 1);
        }
        (taken, conflicts >> i & 1 != 0)
    }
}
