//! The sums that Killer Sudoku's units imply, compiled as cages of their own.

use crate::puzzle::{Operator, Puzzle};

/// The sums that Killer Sudoku's units imply, as cages of their own (the "rule of 45"): the
/// cells of a row, column or box, or of a run of consecutive rows or columns, add up to
/// N(N+1)/2 apiece. Take away the sum cages wholly inside such a region and the rest of its
/// cells (the *innies*) have a known sum; when the cages that cross its border are all sum
/// cages, so do their cells outside it (the *outies*). Each such group of at most
/// [`MAX_DERIVED_CELLS`] cells becomes a sum cage, once. The values of a derived cage must
/// differ only where the cells share a unit or a cage (the model's usual conflicts).
pub(super) fn unit_sums(p: &Puzzle, cell_units: &[[u32; 3]]) -> Vec<(Vec<u16>, u64)> {
    let n = p.size();
    let unit_sum = (n * (n + 1) / 2) as u64;
    let cages = p.cages();
    let mut caged = vec![false; n * n];
    for c in cages.iter().flat_map(|k| &k.cells) {
        caged[c.index()] = true;
    }
    let uncaged = caged.iter().any(|&c| !c);
    let mut found: Vec<(Vec<u16>, u64)> = Vec::new();
    let (mut innies, mut outies) = (Vec::new(), Vec::new());
    // Per cage, how many of its cells lie in units first..first + i, for i in 0..=n.
    let mut before = vec![0u16; cages.len() * (n + 1)];
    for (kind, first) in [(0, 0), (1, n), (2, 2 * n)] {
        before.fill(0);
        for (k, cage) in cages.iter().enumerate() {
            let counts = &mut before[k * (n + 1)..(k + 1) * (n + 1)];
            for c in &cage.cells {
                counts[cell_units[c.index()][kind] as usize - first + 1] += 1;
            }
            for i in 1..=n {
                counts[i] += counts[i - 1];
            }
        }
        // Runs of up to n/2 rows or columns (a longer run's sums are mostly those of the
        // lines outside it; measured, they found nothing more); single boxes.
        let runs = if kind == 2 { 1 } else { n / 2 };
        for from in 0..n {
            for to in from + 1..=(from + runs).min(n) {
                let inside =
                    |c: usize| (from..to).contains(&(cell_units[c][kind] as usize - first));
                // Sums of the cages wholly inside, cells of the others inside and outside.
                let (mut known, mut crossing, mut all_sums) = (0u64, 0u64, !uncaged);
                innies.clear();
                outies.clear();
                for (k, cage) in cages.iter().enumerate() {
                    let count = before[k * (n + 1) + to] - before[k * (n + 1) + from];
                    if count == 0 {
                        continue;
                    }
                    let sum = cage.op == Some(Operator::Add) || cage.cells.len() == 1;
                    // Saturating: a target no cells can make (up to u64::MAX) must not wrap
                    // round to one they can.
                    if count as usize == cage.cells.len() && sum {
                        known = known.saturating_add(cage.target);
                        continue;
                    }
                    all_sums &= sum;
                    crossing = crossing.saturating_add(cage.target);
                    for c in &cage.cells {
                        if inside(c.index()) { innies.push(c.0) } else { outies.push(c.0) }
                    }
                }
                if uncaged {
                    // Cells in no cage are innies too (and then outies are not known).
                    innies.extend((0..n * n).filter(|&c| !caged[c] && inside(c)).map(|c| c as u16));
                }
                let total = (to - from) as u64 * unit_sum;
                let Some(innie_sum) = total.checked_sub(known) else { continue };
                if (1..=MAX_DERIVED_CELLS).contains(&innies.len()) {
                    found.push((innies.clone(), innie_sum));
                }
                let outie_sum = crossing.checked_sub(innie_sum);
                if let (true, Some(sum)) = (all_sums, outie_sum) {
                    if (1..=MAX_DERIVED_CELLS).contains(&outies.len()) {
                        found.push((outies.clone(), sum));
                    }
                }
            }
        }
    }
    for (cells, _) in &mut found {
        cells.sort_unstable();
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// The most cells a derived cage may have: larger ones say too little to pay for their tables.
const MAX_DERIVED_CELLS: usize = 4;
