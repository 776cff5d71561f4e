//! Cutting a grid into cages, as Keen does: each cell still alone is paired with a neighbour
//! into a domino (with three chances in four, the partner first in a random order), then each
//! cell still alone joins the neighbouring cage (or lone cell) that comes first in that order
//! among those below the largest size. A predicate can forbid a cell from joining a cage (Killer
//! cages hold distinct digits).

use smallvec::SmallVec;

use super::rng::Rng;

/// The cells of one cage (inline up to Keen's largest cage, 6 cells).
pub type CageCells = SmallVec<[usize; 6]>;

/// The cages of an `n`×`n` grid as lists of cell indices (row-major, each sorted, in order of
/// their first cell) into `out` (its buffer reused); false when a cell is left alone with
/// nowhere to go (Keen then starts again). `fits(cage, cell)`, when given, says whether `cell`
/// may join the cells of `cage` (Killer cages hold distinct digits); the draws are the same
/// with it or without ([`ANY_CAGE`]).
pub(super) fn cut_into(
    n: usize,
    max_cage: usize,
    rng: &mut Rng,
    fits: Option<impl Fn(&[usize], usize) -> bool>,
    out: &mut Vec<CageCells>,
) -> bool {
    // State sized for the grid: setting up a 16×16 one took a twentieth of a 3×3 candidate.
    if n * n <= 16 {
        cut_in::<16>(n, max_cage, rng, fits, out)
    } else if n * n <= 64 {
        cut_in::<64>(n, max_cage, rng, fits, out)
    } else if n * n <= 256 {
        cut_in::<256>(n, max_cage, rng, fits, out)
    } else {
        cut_in::<MAX_CELLS>(n, max_cage, rng, fits, out)
    }
}

/// No predicate for [`cut_into`]: any cell may join any neighbouring cage with room.
pub(super) const ANY_CAGE: Option<fn(&[usize], usize) -> bool> = None;

/// [`cut_into`] without a predicate, as a new list (None where it gives false).
#[cfg(test)]
pub(super) fn cut(n: usize, max_cage: usize, rng: &mut Rng) -> Option<Vec<CageCells>> {
    let mut cages = Vec::new();
    cut_into(n, max_cage, rng, ANY_CAGE, &mut cages).then_some(cages)
}

/// [`cut_into`] with state for up to `C` cells.
fn cut_in<const C: usize>(
    n: usize,
    max_cage: usize,
    rng: &mut Rng,
    fits: Option<impl Fn(&[usize], usize) -> bool>,
    out: &mut Vec<CageCells>,
) -> bool {
    let a = n * n;
    // The draws of `rng.permutation(a)`, without the allocations.
    let mut order: [u16; C] = std::array::from_fn(|i| i as u16);
    rng.shuffle(&mut order[..a]);
    let mut rank = [0u16; C];
    for (i, &c) in order[..a].iter().enumerate() {
        rank[c as usize] = i as u16;
    }
    // Each cage is a chain of its cells: `head[c]` is the first cell of the chain holding c,
    // `next[c]` the cell after c in it (END: none); `last[h]` and `size[h]`, for a head h,
    // the chain's last cell and its length.
    let mut chains = Chains::<C>::new(a);
    // The neighbour of cell c (row r, column col) that `takes` and comes first in the order,
    // if any: the neighbours looked at one by one, no list made.
    let best = |c: usize, r: usize, col: usize, takes: &mut dyn FnMut(usize) -> bool| {
        let mut best = None;
        let mut first = u16::MAX;
        let mut weigh = |d: usize| {
            if rank[d] < first && takes(d) {
                (best, first) = (Some(d), rank[d]);
            }
        };
        if col > 0 {
            weigh(c - 1);
        }
        if col + 1 < n {
            weigh(c + 1);
        }
        if r > 0 {
            weigh(c - n);
        }
        if r + 1 < n {
            weigh(c + n);
        }
        best
    };
    // Dominoes.
    if max_cage >= 2 {
        for c in 0..a {
            if chains.size_of(c) != 1 {
                continue;
            }
            let mut takes =
                |d: usize| chains.size_of(d) == 1 && fits.as_ref().is_none_or(|f| f(&[d], c));
            if let Some(d) = best(c, c / n, c % n, &mut takes)
                && rng.below(4) != 0
            {
                chains.add(c, d);
            }
        }
    }
    // Cells left alone join a neighbouring cage with room.
    let mut cells: SmallVec<[usize; 16]> = SmallVec::new();
    for c in 0..a {
        if chains.size_of(c) != 1 {
            continue;
        }
        let mut takes = |d: usize| {
            chains.size_of(d) < max_cage
                && fits.as_ref().is_none_or(|f| {
                    chains.cells_of(d, &mut cells);
                    f(&cells, c)
                })
        };
        if let Some(d) = best(c, c / n, c % n, &mut takes) {
            chains.add(c, d);
        }
    }
    // The cages in order of their first cell, each sorted: a cage comes up first at its
    // first cell, going through the cells in order, and gets the rest as they come.
    out.clear();
    let mut place = [u16::MAX; C];
    for c in 0..a {
        let head = chains.head[c] as usize;
        if place[head] == u16::MAX {
            if max_cage >= 2 && chains.size[head] == 1 {
                return false;
            }
            place[head] = out.len() as u16;
            out.push(CageCells::new());
        }
        out[place[head] as usize].push(c);
    }
    true
}

/// The largest grid [`cut_into`] takes, in cells: 25×25, the largest Killer (KenKen go to
/// 16×16). Killers of 20×20 and 25×25 overran a state of 256 cells.
const MAX_CELLS: usize = 625;

/// The end of a chain.
const END: u16 = u16::MAX;

/// The cages of [`cut_into`] as it builds them: chains of cells.
struct Chains<const C: usize> {
    head: [u16; C],
    next: [u16; C],
    last: [u16; C],
    size: [u16; C],
}

impl<const C: usize> Chains<C> {
    /// Every one of the `a` cells alone.
    fn new(a: usize) -> Chains<C> {
        let mut chains = Chains { head: [0; C], next: [END; C], last: [0; C], size: [1; C] };
        for c in 0..a {
            chains.head[c] = c as u16;
            chains.last[c] = c as u16;
        }
        chains
    }

    /// The size of the cage holding `c`.
    fn size_of(&self, c: usize) -> usize {
        self.size[self.head[c] as usize] as usize
    }

    /// The cells of the cage holding `c`, in the order they joined it, into `out`.
    fn cells_of<A: smallvec::Array<Item = usize>>(&self, c: usize, out: &mut SmallVec<A>) {
        out.clear();
        let mut x = self.head[c];
        while x != END {
            out.push(x as usize);
            x = self.next[x as usize];
        }
    }

    /// Adds `c`, a cell alone, to the end of `d`'s cage (every join of the cut is one cell
    /// joining a cage, so no chain is walked).
    fn add(&mut self, c: usize, d: usize) {
        debug_assert!(self.size_of(c) == 1);
        let to = self.head[d] as usize;
        self.head[c] = to as u16;
        self.next[self.last[to] as usize] = c as u16;
        self.last[to] = c as u16;
        self.size[to] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`cut`] as first written, with a list per cage, kept to test the chains against.
    fn cut_by_lists(
        n: usize,
        max_cage: usize,
        rng: &mut Rng,
        fits: impl Fn(&[usize], usize) -> bool,
    ) -> Option<Vec<CageCells>> {
        let a = n * n;
        // The draws of `rng.permutation(a)`, without the allocations.
        let mut order: SmallVec<[usize; 81]> = (0..a).collect();
        rng.shuffle(&mut order);
        let mut rank: SmallVec<[usize; 81]> = smallvec::smallvec![0usize; a];
        for (i, &c) in order.iter().enumerate() {
            rank[c] = i;
        }
        // owner[c]: the index in `cages` of the cage holding c.
        let mut owner: SmallVec<[usize; 81]> = (0..a).collect();
        let mut cages: Vec<CageCells> = (0..a).map(|c| smallvec::smallvec![c]).collect();
        let neighbours = |c: usize| {
            let (r, col) = (c / n, c % n);
            [
                (col > 0).then(|| c - 1),
                (col + 1 < n).then(|| c + 1),
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
            ]
        };
        let merge =
            |owner: &mut SmallVec<[usize; 81]>, cages: &mut Vec<CageCells>, c: usize, d: usize| {
                let (from, to) = (owner[c], owner[d]);
                let moved = std::mem::take(&mut cages[from]);
                for &x in &moved {
                    owner[x] = to;
                }
                cages[to].extend(moved);
            };
        // Dominoes.
        for c in 0..a {
            if cages[owner[c]].len() != 1 || max_cage < 2 {
                continue;
            }
            let best = neighbours(c)
                .into_iter()
                .flatten()
                .filter(|&d| cages[owner[d]].len() == 1 && fits(&cages[owner[d]], c))
                .min_by_key(|&d| rank[d]);
            if let Some(d) = best
                && rng.below(4) != 0
            {
                merge(&mut owner, &mut cages, c, d);
            }
        }
        // Cells left alone join a neighbouring cage with room.
        for c in 0..a {
            if cages[owner[c]].len() != 1 {
                continue;
            }
            let best = neighbours(c)
                .into_iter()
                .flatten()
                .filter(|&d| cages[owner[d]].len() < max_cage && fits(&cages[owner[d]], c))
                .min_by_key(|&d| rank[d]);
            if let Some(d) = best {
                merge(&mut owner, &mut cages, c, d);
            }
        }
        let mut cages: Vec<CageCells> = cages.into_iter().filter(|k| !k.is_empty()).collect();
        if max_cage >= 2 && cages.iter().any(|k| k.len() == 1) {
            return None;
        }
        for k in &mut cages {
            k.sort_unstable();
        }
        cages.sort_unstable_by_key(|k| k[0]);
        Some(cages)
    }

    #[test]
    fn the_chains_cut_as_the_lists_did() {
        for n in [3, 4, 6, 7, 9, 12, 16] {
            for max_cage in [1, 2, 3, 4, 6, 9] {
                for seed in 0..40u64 {
                    let apart = |k: &[usize], c: usize| (c + k[0]) % 7 != 3;
                    let (mut a, mut b) = (Rng::new(seed, n as u64), Rng::new(seed, n as u64));
                    assert_eq!(
                        cut(n, max_cage, &mut a),
                        cut_by_lists(n, max_cage, &mut b, |_, _| true),
                        "{n}, {max_cage}, {seed}"
                    );
                    // The same draws: the streams are at the same place after.
                    assert_eq!(a.next_u64(), b.next_u64());
                    let (mut a, mut b) = (Rng::new(seed, 99), Rng::new(seed, 99));
                    let mut cages = Vec::new();
                    let made = cut_into(n, max_cage, &mut a, Some(apart), &mut cages);
                    assert_eq!(made.then_some(cages), cut_by_lists(n, max_cage, &mut b, apart));
                    assert_eq!(a.next_u64(), b.next_u64());
                }
            }
        }
    }

    #[test]
    fn cages_tile_the_grid_are_connected_and_bounded() {
        for seed in 0..50 {
            let mut rng = Rng::new(seed, 0);
            let Some(cages) = cut(6, 4, &mut rng) else { continue };
            let mut seen = [false; 36];
            for k in &cages {
                assert!((2..=4).contains(&k.len()), "{k:?}");
                for &c in k {
                    assert!(!seen[c]);
                    seen[c] = true;
                }
                // Connected: a walk from the first cell reaches every cell.
                let mut reached = vec![k[0]];
                let mut i = 0;
                while i < reached.len() {
                    let c = reached[i];
                    for &d in k {
                        let adjacent = (c / 6 == d / 6 && c.abs_diff(d) == 1) || c.abs_diff(d) == 6;
                        if adjacent && !reached.contains(&d) {
                            reached.push(d);
                        }
                    }
                    i += 1;
                }
                assert_eq!(reached.len(), k.len(), "{k:?} is not connected");
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn the_predicate_is_respected() {
        // Cells of column 0 never share a cage with cells of other columns.
        let apart = |k: &[usize], c: usize| (c % 5 == 0) == (k[0] % 5 == 0);
        let cuts: Vec<_> = (0..40)
            .filter_map(|s| {
                let mut cages = Vec::new();
                cut_into(5, 5, &mut Rng::new(s, 3), Some(apart), &mut cages).then_some(cages)
            })
            .collect();
        assert!(!cuts.is_empty());
        for cages in cuts {
            for k in cages {
                assert!(k.iter().all(|&x| (x % 5 == 0) == (k[0] % 5 == 0)), "{k:?}");
            }
        }
    }
}
