//! Deductions within a row, column or box: hidden singles, naked and hidden subsets (pairs
//! below size 8, every subset at once by all-different arc consistency from there), and
//! locked candidates a band of boxes at a time.

use std::rc::Rc;

use super::super::bands::Band;
use super::{Conflict, Engine, NONE};

impl Engine<'_> {
    /// In a row, column or box every value must appear: a value that fits only one cell goes
    /// there, and a value that fits none is a contradiction.
    pub(super) fn hidden_singles(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        // Values in one cell, in two or more, and those of decided cells (which have nothing
        // left to tell: their single candidate is their value). With boxes the last are kept
        // per unit rather than found here: 2% fewer instructions on the 25×25 Sudokus of
        // `bench/sudoku-big`.
        let (mut once, mut twice) = (0u64, 0u64);
        let decided = if let Some(&decided) = self.decided_in.get(u) {
            for &c in unit {
                let d = self.dom[c as usize];
                twice |= once & d;
                once |= d;
            }
            debug_assert_eq!(decided, self.decided_values(u), "unit {u}");
            decided
        } else {
            let mut decided = 0;
            for &c in unit {
                let d = self.dom[c as usize];
                twice |= once & d;
                once |= d;
                decided |= if d & (d - 1) == 0 { d } else { 0 };
            }
            decided
        };
        if once != m.full {
            return Err(Conflict);
        }
        let hidden = once & !twice & !decided;
        if hidden == 0 {
            return Ok(());
        }
        for &c in unit {
            let d = self.dom[c as usize];
            let h = d & hidden;
            if h != 0 && d != h {
                if h & (h - 1) != 0 {
                    return Err(Conflict); // one cell would need two values
                }
                self.narrow(c as usize, h)?;
            }
        }
        Ok(())
    }

    /// The values of the decided cells of unit `u`, from scratch.
    pub(super) fn decided_values(&self, u: usize) -> u64 {
        let singles = self.m.unit(u).iter().map(|&c| self.dom[c as usize]);
        singles.filter(|&d| d & (d - 1) == 0).fold(0, |a, d| a | d)
    }

    /// Every subset rule of a unit at once (generalized arc consistency of its all-different
    /// constraint, after Régin): a value stays in a cell only if some way of giving the unit's
    /// open cells distinct values gives it there. Naked and hidden pairs, triples and so on are
    /// all cases of it. A maximum matching of open cells to values (kept from the last call as
    /// a hint) gives one way; in the graph where a cell points to the cells whose matched value
    /// it could take, a value stays in a cell exactly when the cell and the value's owner lie
    /// in the same strongly connected component (then the matching can be rotated round a
    /// cycle through both).
    pub(super) fn all_different(&mut self, u: usize) -> Result<(), Conflict> {
        // Scratch arrays sized for the unit: clearing them is a good part of the cost.
        if self.m.n <= 16 { self.all_different_in::<16>(u) } else { self.all_different_in::<64>(u) }
    }

    /// [`Engine::all_different`] with scratch arrays of `N` entries (at least the side).
    fn all_different_in<const N: usize>(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        // The open cells (positions in the unit) and their candidates.
        let mut pos = [0u8; N];
        let mut dom = [0u64; N];
        let mut k = 0;
        let mut union = 0u64;
        for (i, &c) in unit.iter().enumerate() {
            let d = self.dom[c as usize];
            if d & (d - 1) != 0 {
                pos[k] = i as u8;
                dom[k] = d;
                union |= d;
                k += 1;
            }
        }
        let values = union.count_ones() as usize;
        if values < k {
            return Err(Conflict);
        }
        // Two open cells with two values between them both hold exactly those. More values
        // than cells only happens while a decided value is still among its peers (naked
        // singles run first): left to them.
        if k <= 2 || values > k {
            return Ok(());
        }
        let mut mate = [NONE; N];
        let mut owner = [NONE; N];
        let mut owned = 0u64;
        if self.matching.is_empty() {
            // Made on first use: most easy puzzles are solved before any subset is looked at.
            self.matching = vec![NONE; m.unit_count * m.n];
        }
        let hint = &mut self.matching[u * m.n..(u + 1) * m.n];
        for i in 0..k {
            let v = hint[pos[i] as usize];
            if v != NONE && dom[i] >> v & 1 == 1 && owned >> v & 1 == 0 {
                mate[i] = v;
                owner[v as usize] = i as u8;
                owned |= 1 << v;
            }
        }
        for i in 0..k {
            if mate[i] != NONE {
                continue;
            }
            let free = dom[i] & !owned;
            if free != 0 {
                let v = free.trailing_zeros() as u8;
                mate[i] = v;
                owner[v as usize] = i as u8;
                owned |= 1 << v;
                continue;
            }
            // Augmenting path, breadth-first over cells; parent[j]: the cell that reached j
            // (and would take j's value).
            let mut parent = [NONE; N];
            let mut queue = [0u8; N];
            let (mut head, mut tail) = (0, 1);
            queue[0] = i as u8;
            let mut seen = 0u64;
            let mut end = None;
            while head < tail {
                let a = queue[head] as usize;
                head += 1;
                let reach = dom[a] & !seen;
                seen |= reach;
                let free = reach & !owned;
                if free != 0 {
                    end = Some((a, free.trailing_zeros() as u8));
                    break;
                }
                let mut vs = reach;
                while vs != 0 {
                    let j = owner[vs.trailing_zeros() as usize];
                    vs &= vs - 1;
                    parent[j as usize] = a as u8;
                    queue[tail] = j;
                    tail += 1;
                }
            }
            let Some((mut a, mut v)) = end else {
                return Err(Conflict);
            };
            owned |= 1 << v;
            loop {
                let old = mate[a];
                mate[a] = v;
                owner[v as usize] = a as u8;
                if a == i {
                    break;
                }
                a = parent[a] as usize;
                v = old;
            }
        }
        for i in 0..k {
            hint[pos[i] as usize] = mate[i];
        }
        // Cell graph: i -> j when i could take j's value. A value stays in a cell only when
        // the cell and the value's owner lie in the same strongly connected component.
        let mut adj = [0u64; N];
        let mut radj = [0u64; N];
        for i in 0..k {
            let mut vs = dom[i];
            let mut a = 0u64;
            while vs != 0 {
                let j = owner[vs.trailing_zeros() as usize];
                vs &= vs - 1;
                a |= 1 << j;
                radj[j as usize] |= 1 << i;
            }
            adj[i] = a;
        }
        let mut left = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            let closure = |g: &[u64; N]| {
                let (mut reach, mut front) = (1u64 << s, 1u64 << s);
                while front != 0 {
                    let mut next = 0;
                    let mut f = front;
                    while f != 0 {
                        next |= g[f.trailing_zeros() as usize];
                        f &= f - 1;
                    }
                    front = next & left & !reach;
                    reach |= front;
                }
                reach
            };
            let scc = closure(&adj) & closure(&radj);
            left &= !scc;
            if left == 0 && scc.count_ones() as usize == k {
                return Ok(()); // one component: nothing to remove
            }
            let mut vals = 0u64;
            let mut p = scc;
            while p != 0 {
                vals |= 1 << mate[p.trailing_zeros() as usize];
                p &= p - 1;
            }
            let mut p = scc;
            while p != 0 {
                let i = p.trailing_zeros() as usize;
                p &= p - 1;
                if dom[i] & !vals != 0 {
                    self.narrow(unit[pos[i] as usize] as usize, dom[i] & vals)?;
                }
            }
        }
        Ok(())
    }

    /// Two cells of a unit with the same two candidates hold those two values: no other cell
    /// of the unit can.
    pub(super) fn naked_pairs(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        for (i, &a) in unit.iter().enumerate() {
            let d = self.dom[a as usize];
            if d.count_ones() != 2 {
                continue;
            }
            let Some(&b) = unit[i + 1..].iter().find(|&&b| self.dom[b as usize] == d) else {
                continue;
            };
            for &c in unit {
                let e = self.dom[c as usize];
                if c != a && c != b && e & d != 0 {
                    self.narrow(c as usize, e & !d)?;
                }
            }
        }
        Ok(())
    }

    /// Two values that each fit only the same two cells of a unit fill them: those cells can
    /// hold nothing else.
    pub(super) fn hidden_pairs(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        // Values seen in at least one, two and three cells.
        let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
        for &c in unit {
            let d = self.dom[c as usize];
            three |= two & d;
            two |= one & d;
            one |= d;
        }
        let two = two & !three;
        if two.count_ones() < 2 {
            return Ok(());
        }
        // Each such value's places, as bits of positions in the unit.
        let mut found = [(0u64, 0u64); 64];
        let mut len = 0;
        let mut vs = two;
        while vs != 0 {
            let v = vs & vs.wrapping_neg();
            vs &= vs - 1;
            let places = unit
                .iter()
                .enumerate()
                .filter(|&(_, &c)| self.dom[c as usize] & v != 0)
                .fold(0u64, |a, (i, _)| a | 1 << i);
            found[len] = (v, places);
            len += 1;
        }
        for i in 0..len {
            for j in i + 1..len {
                if found[i].1 == found[j].1 {
                    let both = found[i].0 | found[j].0;
                    let mut p = found[i].1;
                    while p != 0 {
                        let c = unit[p.trailing_zeros() as usize] as usize;
                        p &= p - 1;
                        self.narrow(c, self.dom[c] & both)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Where a box meets a row or column: a value that, within one of them, can only go in
    /// the cells they share cannot go anywhere else in the other. Looked at for a whole band
    /// (or stack) at once, from the candidate masks of its segments. Segments are read from
    /// the band's flat cell array and counted line by line without divisions: 8% fewer
    /// instructions on the big Sudokus than through the model's segments.
    pub(super) fn locked_candidates(&mut self, b: usize) -> Result<(), Conflict> {
        let bands = Rc::clone(&self.bands);
        let band = &bands.bands[b];
        let mut masks = std::mem::take(&mut self.segment_masks);
        let mut lines = std::mem::take(&mut self.line_counts);
        let mut boxes = std::mem::take(&mut self.box_counts);
        masks.clear();
        let dom = &self.dom;
        let segments = band.cells.chunks_exact(band.width);
        masks.extend(segments.map(|seg| seg.iter().fold(0, |a, &c| a | dom[c as usize])));
        lines.clear();
        boxes.clear();
        boxes.resize(band.boxes, (0, 0));
        for row in masks.chunks_exact(band.boxes) {
            let (mut once, mut twice) = (0, 0);
            for (&mask, (box_once, box_twice)) in row.iter().zip(boxes.iter_mut()) {
                twice |= once & mask;
                once |= mask;
                *box_twice |= *box_once & mask;
                *box_once |= mask;
            }
            lines.push((once, twice));
        }
        let mut r = Ok(());
        'all: for line in 0..band.lines {
            for bx in 0..band.boxes {
                let mask = masks[line * band.boxes + bx];
                // Values of the line only here, still elsewhere in the box; and the other way.
                let line_locked = mask & !lines[line].1 & boxes[bx].1;
                let box_locked = mask & !boxes[bx].1 & lines[line].1;
                if line_locked != 0 {
                    let others =
                        (0..band.lines).filter(|&l| l != line).map(|l| l * band.boxes + bx);
                    r = self.remove_from_segments(band, others, line_locked);
                }
                if r.is_ok() && box_locked != 0 {
                    let others =
                        (0..band.boxes).filter(|&x| x != bx).map(|x| line * band.boxes + x);
                    r = self.remove_from_segments(band, others, box_locked);
                }
                if r.is_err() {
                    break 'all;
                }
            }
        }
        self.segment_masks = masks;
        self.line_counts = lines;
        self.box_counts = boxes;
        r
    }

    /// Removes the values `gone` from the cells of the band's segments at positions `at`.
    pub(super) fn remove_from_segments(
        &mut self,
        band: &Band,
        at: impl Iterator<Item = usize>,
        gone: u64,
    ) -> Result<(), Conflict> {
        for i in at {
            for &c in &band.cells[i * band.width..(i + 1) * band.width] {
                let d = self.dom[c as usize];
                if d & gone != 0 {
                    self.narrow(c as usize, d & !gone)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::SplitMix64;
    use crate::puzzle::Grid;
    use crate::puzzle::Puzzle;
    use crate::solve::cage::bits;
    use crate::solve::model::Model;

    /// The values each cell has in some assignment of distinct values to all the cells (the
    /// reference, by trying them all), or None when there is no such assignment.
    fn supported(doms: &[u64]) -> Option<Vec<u64>> {
        fn go(i: usize, doms: &[u64], used: u64, path: &mut Vec<u64>, out: &mut [u64]) {
            if i == doms.len() {
                for (o, &v) in out.iter_mut().zip(path.iter()) {
                    *o |= v;
                }
                return;
            }
            let mut vs = doms[i] & !used;
            while vs != 0 {
                let v = vs & vs.wrapping_neg();
                vs &= vs - 1;
                path.push(v);
                go(i + 1, doms, used | v, path, out);
                path.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        go(0, doms, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&o| o != 0).then_some(out)
    }

    /// Random candidates for the first row of an empty Latin square of side `n`: usually
    /// around a hidden permutation (so that an assignment exists), sometimes not; with
    /// `decided`, some cells have one candidate.
    fn random_row(n: usize, rng: &mut SplitMix64, decided: bool) -> Vec<u64> {
        let mut perm: Vec<u64> = (0..n).map(|v| 1 << v).collect();
        rng.shuffle(&mut perm);
        let planted = rng.below(4) != 0;
        let density = 2 + rng.below(5) as u64; // in tenths
        (0..n)
            .map(|i| {
                loop {
                    let mut d =
                        (0..n).filter(|_| rng.next_u64() % 10 < density).fold(0, |a, v| a | 1 << v);
                    if planted {
                        d |= perm[i];
                    }
                    let one = decided && rng.below(5) == 0;
                    if one && d != 0 {
                        break d & d.wrapping_neg();
                    }
                    if !one && d.count_ones() >= 2 {
                        break d;
                    }
                }
            })
            .collect()
    }

    /// The decided values kept per unit against a count from scratch, along random descents
    /// and backtracks through Sudokus of every usual size (whenever propagation is done: they
    /// are counted as naked singles look at cells).
    #[test]
    fn decided_values_follow_the_search() {
        let mut rng = SplitMix64::new(11);
        for case in 0..60 {
            let n = [4, 6, 8, 9, 12, 16][case % 6];
            let mut givens = crate::corpus::random_sudoku_grid(n, &mut rng).unwrap();
            for i in 0..n * n {
                if rng.below(3) != 0 {
                    givens.set(crate::puzzle::Cell(i as u16), 0);
                }
            }
            let p = Puzzle::sudoku(n, crate::puzzle::BoxShape::standard(n), givens).unwrap();
            let m = Model::new(&p);
            let mut e = Engine::new(&m, None);
            e.queue_everything();
            e.pairs = rng.below(2) == 0;
            assert!(e.propagate().is_ok(), "givens from a solution");
            let check = |e: &Engine<'_>| {
                for u in 0..m.unit_count {
                    assert_eq!(e.decided_in[u], e.decided_values(u), "case {case}, unit {u}");
                }
            };
            check(&e);
            let mut marks = Vec::new();
            for _ in 0..200 {
                let open: Vec<usize> = (0..n * n).filter(|&c| e.dom[c].count_ones() > 1).collect();
                if open.is_empty() || (!marks.is_empty() && rng.below(3) == 0) {
                    let Some(mark) = marks.pop() else { break };
                    e.undo(mark);
                } else {
                    let c = open[rng.below(open.len())];
                    let values: Vec<usize> = bits(e.dom[c]).collect();
                    let v = 1u64 << values[rng.below(values.len())];
                    let mark = e.mark();
                    if e.narrow(c, v).and_then(|()| e.propagate()).is_ok() {
                        marks.push(mark);
                    } else {
                        e.undo(mark);
                    }
                }
                check(&e);
            }
        }
    }

    /// The subset rule against the reference: with every cell open it keeps exactly the
    /// supported values and fails exactly when there are none; with decided cells among them
    /// (where it may leave work to naked singles) it never removes a supported value and
    /// never fails when an assignment exists. The engine is reused, so matchings kept from
    /// earlier rows serve as stale hints.
    #[test]
    fn all_different_keeps_exactly_the_supported_values() {
        let mut rng = SplitMix64::new(7);
        for n in [8, 9] {
            let p = Puzzle::sudoku(n, None, Grid::empty(n)).unwrap();
            let m = Model::new(&p);
            let mut e = Engine::new(&m, None);
            for case in 0..3000 {
                let decided = case % 3 == 2;
                let row = random_row(n, &mut rng, decided);
                e.dom[..n].copy_from_slice(&row);
                let found = e.all_different(0);
                e.clear_queues();
                let got = &e.dom[..n];
                match supported(&row) {
                    None if !decided => assert!(found.is_err(), "{row:?}: no assignment"),
                    None => {}
                    Some(keep) => {
                        assert!(found.is_ok(), "{row:?}: failed, yet {keep:?} fit");
                        let lost = got.iter().zip(&keep).any(|(g, k)| k & !g != 0);
                        assert!(!lost, "{row:?}: kept {got:?}, supported {keep:?}");
                        if !decided {
                            assert_eq!(got, &keep[..], "{row:?}");
                        }
                    }
                }
            }
        }
    }
}
