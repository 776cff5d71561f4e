//! Unique rectangles and loops (types 1–4; 4.5 for a rectangle, 4.6/4.7/5.0 for loops of 6,
//! 8, 10+ cells; type 3 adds 0.1 per extra cell of its naked or hidden set). Sound only on a
//! puzzle with one solution, which the rater proves first.
//!
//! SE's search (with lkSudoku's corrections, on by default in SukakuExplainer): from each
//! bivalue cell in index order, depth-first through houses (block, row, column, never the
//! same kind twice in a row) over cells holding both values, at most two of them with extra
//! values unless all extras are one same value; every valid loop gives at most one hint per
//! type; hints are then sorted by rating and type.

use super::grid::{
    BLOCK, Bits, CELL_HOUSE, COL, Grid, HOUSE_SET, HOUSES, PEER_SET, ROW, bit, cell_name, cells,
    size, values,
};
use super::hint::{Hint, removals_text};
use super::subsets::tuples;

struct Found {
    rating: f64,
    kind: u8,
    loop_cells: Vec<usize>,
    removals: Vec<(u8, u16)>,
    v1: usize,
    v2: usize,
}

fn loop_rating(len: usize) -> f64 {
    let mut r = 4.5;
    if len >= 10 {
        r += 0.3;
    }
    if len >= 8 {
        r += 0.2;
    } else if len >= 6 {
        r += 0.1;
    }
    r
}

/// The depth-first search for loops of one value pair, SE's walk with two prunings that keep
/// its order: the cells of the path as a bit set (no scan of the path), and a path whose
/// even-placed (or odd-placed) cells share a house is not extended, as every loop through it
/// fails SE's validity test (no house twice on one side, the same houses on both sides),
/// which SE applies to loops after finding them and this walk at the closing step.
struct Walk<'g> {
    grid: &'g Grid,
    both: u16,
    /// The cells holding both values.
    with_both: u128,
    path: Vec<usize>,
    on_path: u128,
    /// The houses of the path's even- and odd-placed cells, a bit per house (`kind * 9 +
    /// index`).
    houses: [u32; 2],
    /// The valid loops found, in SE's order.
    out: Vec<Vec<usize>>,
}

/// A cell's three houses as bits of a house mask.
fn house_bits(c: usize) -> u32 {
    let [b, r, col] = CELL_HOUSE[c];
    1 << b | 1 << (9 + r as u32) | 1 << (18 + col as u32)
}

impl Walk<'_> {
    /// The valid loops through bivalue `cell` (candidates `v1`, `v2`), in SE's order.
    fn loops(grid: &Grid, cell: usize, v1: usize, v2: usize) -> Vec<Vec<usize>> {
        let mut walk = Walk {
            grid,
            both: bit(v1) | bit(v2),
            with_both: grid.vc[v1 - 1] & grid.vc[v2 - 1],
            path: Vec::with_capacity(16),
            on_path: 0,
            houses: [0; 2],
            out: Vec::new(),
        };
        walk.search(cell, 2, 0, usize::MAX);
        walk.out
    }

    fn search(&mut self, cell: usize, allowed_ex: i32, ex: u16, last_kind: usize) {
        let parity = self.path.len() % 2;
        self.path.push(cell);
        self.on_path |= 1 << cell;
        self.houses[parity] |= house_bits(cell);
        let both = self.both;
        let start = 1u128 << self.path[0];
        for kind in [BLOCK, ROW, COL] {
            if kind == last_kind {
                continue;
            }
            let h = CELL_HOUSE[cell][kind] as usize;
            // The house's cells in SE's order (increasing index, as `HOUSES` lists them)
            // that can follow: off the path and holding both values, or the start.
            let mut next_cells = HOUSE_SET[kind][h] & (self.with_both & !self.on_path | start);
            while next_cells != 0 {
                let next = next_cells.trailing_zeros() as usize;
                next_cells &= next_cells - 1;
                if self.path[0] == next {
                    if self.path.len() >= 4 && self.houses[0] == self.houses[1] {
                        self.out.push(self.path.clone());
                    }
                } else {
                    let m = self.grid.cands[next];
                    if self.houses[1 - parity] & house_bits(next) == 0 {
                        let new_ex = (ex | m) & !both;
                        let card = size(m);
                        if card == 2 || new_ex.single() || allowed_ex > 0 {
                            let a = if card > 2 { allowed_ex - 1 } else { allowed_ex };
                            self.search(next, a, new_ex, kind);
                        }
                    }
                }
            }
        }
        self.path.pop();
        self.on_path &= !(1 << cell);
        self.houses[parity] &= !house_bits(cell);
    }
}

fn same_house(a: usize, b: usize, kind: usize) -> bool {
    CELL_HOUSE[a][kind] == CELL_HOUSE[b][kind]
}

fn type2(grid: &Grid, lp: &[usize], extra: &[usize], v1: usize, v2: usize) -> Found {
    let value = (grid.cands[extra[0]] & !(bit(v1) | bit(v2))).trailing_zeros() as usize + 1;
    let mut common = !0u128;
    for &c in extra {
        common &= PEER_SET[c];
    }
    let removals = cells(common)
        .filter(|&c| !extra.contains(&c) && grid.has(c, value))
        .map(|c| (c as u8, bit(value)))
        .collect();
    Found { rating: loop_rating(lp.len()), kind: 2, loop_cells: lp.to_vec(), removals, v1, v2 }
}

/// Type 3 hints in SE's order, each tagged naked (true) or hidden (false).
fn type3(
    grid: &Grid,
    lp: &[usize],
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
    out: &mut Vec<(Found, bool)>,
) {
    let both = bit(v1) | bit(v2);
    let extra = (grid.cands[c1] | grid.cands[c2]) & !both;
    for degree in 2..=7u32 {
        for kind in [BLOCK, ROW, COL] {
            if !same_house(c1, c2, kind) {
                continue;
            }
            let index = CELL_HOUSE[c1][kind] as usize;
            let house = &HOUSES[kind][index];
            let empty = grid.empty_count(kind, index);
            let i1 = house.iter().position(|&c| c as usize == c1).unwrap();
            let i2 = house.iter().position(|&c| c as usize == c2).unwrap();
            if degree as usize * 2 <= empty && degree >= extra.count_ones() {
                for t in tuples(degree) {
                    if t & (1 << i1) == 0 || t & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & grid.cands[c1] & grid.cands[c2];
                    let mut union = 0u16;
                    let mut ok = true;
                    let mut others: Vec<usize> = Vec::new();
                    for p in values(t) {
                        let p = p - 1;
                        let m = if p == i1 {
                            extra
                        } else {
                            let c = house[p] as usize;
                            others.push(c);
                            naked |= grid.cands[c];
                            grid.cands[c]
                        };
                        if !m.many() {
                            ok = false;
                        }
                        union |= m;
                    }
                    if size(naked) != degree || !ok || size(union) != degree {
                        continue;
                    }
                    let mut removals = Vec::new();
                    for &c in house {
                        let c = c as usize;
                        if !others.contains(&c) && c != c1 && c != c2 {
                            let m = grid.cands[c] & union;
                            if m != 0 {
                                removals.push((c as u8, m));
                            }
                        }
                    }
                    if !removals.is_empty() {
                        let add = f64::from(union.count_ones() - 1) * 0.1;
                        let f = Found {
                            rating: loop_rating(lp.len()) + add,
                            kind: 3,
                            loop_cells: lp.to_vec(),
                            removals,
                            v1,
                            v2,
                        };
                        out.push((f, true));
                    }
                }
            }
            if (degree as usize * 2) < empty {
                let rem: Vec<usize> =
                    (1..=9).filter(|&v| v != v1 && v != v2 && extra & bit(v) == 0).collect();
                if degree as usize - 2 <= rem.len() {
                    for t in combos(degree as usize - 2, rem.len()) {
                        let mut vals: Vec<usize> = t.iter().map(|&i| rem[i]).collect();
                        vals.push(v1);
                        vals.push(v2);
                        let mut union = 0u16;
                        let mut ok = true;
                        for &v in &vals {
                            let p = grid.positions(kind, index, v) & !(1 << i2);
                            if p == 0 {
                                ok = false;
                            }
                            union |= p;
                        }
                        if !ok || size(union) != degree {
                            continue;
                        }
                        let hidden: u16 = vals.iter().map(|&v| bit(v)).fold(0, |a, b| a | b);
                        let pos = union & !(1 << i1) & !(1 << i2);
                        let mut removals = Vec::new();
                        for p in values(pos) {
                            let c = house[p - 1] as usize;
                            let m = grid.cands[c] & !hidden;
                            if m != 0 {
                                removals.push((c as u8, m));
                            }
                        }
                        if !removals.is_empty() {
                            let add = f64::from(pos.count_ones()) - 1.0;
                            let f = Found {
                                rating: loop_rating(lp.len()) + add * 0.1,
                                kind: 3,
                                loop_cells: lp.to_vec(),
                                removals,
                                v1,
                                v2,
                            };
                            out.push((f, false));
                        }
                    }
                }
            }
        }
    }
}

/// k-combinations of 0..n in colexicographic order.
fn combos(k: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if k == 0 {
        out.push(Vec::new());
        return out;
    }
    let mut next: u64 = (1 << k) - 1;
    while next < 1 << n {
        out.push((0..n).filter(|&i| next >> i & 1 == 1).collect());
        let low = next & next.wrapping_neg();
        let ripple = next + low;
        next = (((ripple ^ next) >> 2) / low) | ripple;
    }
    out
}

fn type4(grid: &Grid, lp: &[usize], c1: usize, c2: usize, v1: usize, v2: usize) -> Option<Found> {
    let mut r1 = None;
    let mut r2 = None;
    for kind in [BLOCK, ROW, COL] {
        if !same_house(c1, c2, kind) {
            continue;
        }
        let index = CELL_HOUSE[c1][kind] as usize;
        let mut has1 = false;
        let mut has2 = false;
        for &c in &HOUSES[kind][index] {
            let c = c as usize;
            if c != c1 && c != c2 {
                has1 |= grid.has(c, v1);
                has2 |= grid.has(c, v2);
            }
        }
        if !has1 {
            r1 = Some(kind);
        }
        if !has2 {
            r2 = Some(kind);
        }
    }
    let rem = if r1.is_some() {
        v2
    } else if r2.is_some() {
        v1
    } else {
        return None;
    };
    Some(Found {
        rating: loop_rating(lp.len()),
        kind: 4,
        loop_cells: lp.to_vec(),
        removals: vec![(c1 as u8, bit(rem)), (c2 as u8, bit(rem))],
        v1,
        v2,
    })
}

/// Whether an equal hint (same type family and same loop cells) is already listed.
fn listed(found: &[Found], f: &Found, naked3: bool, kinds3: &[bool]) -> bool {
    found.iter().zip(kinds3).any(|(g, &n3)| {
        g.kind == f.kind
            && (f.kind != 3 || n3 == naked3)
            && g.loop_cells.len() == f.loop_cells.len()
            && f.loop_cells.iter().all(|c| g.loop_cells.contains(c))
    })
}

/// The first uniqueness hint in SE's order.
pub(crate) fn unique_loop(grid: &Grid) -> Option<Hint> {
    let mut found: Vec<Found> = Vec::new();
    // For type 3, SE's naked and hidden hints are different classes (kept apart when
    // removing repeats).
    let mut naked_flag: Vec<bool> = Vec::new();
    for cell in 0..81 {
        let m = grid.cands[cell];
        if !m.pair() {
            continue;
        }
        let v1 = m.trailing_zeros() as usize + 1;
        let v2 = (m & (m - 1)).trailing_zeros() as usize + 1;
        for l in Walk::loops(grid, cell, v1, v2) {
            let extra: Vec<usize> =
                l.iter().copied().filter(|&c| grid.cands[c].count_ones() > 2).collect();
            let add = |f: Found, naked3: bool, found: &mut Vec<Found>, flags: &mut Vec<bool>| {
                if !f.removals.is_empty() && !listed(found, &f, naked3, flags) {
                    found.push(f);
                    flags.push(naked3);
                }
            };
            if extra.len() == 1 {
                let f = Found {
                    rating: loop_rating(l.len()),
                    kind: 1,
                    loop_cells: l.clone(),
                    removals: vec![(extra[0] as u8, bit(v1) | bit(v2))],
                    v1,
                    v2,
                };
                add(f, false, &mut found, &mut naked_flag);
            } else if extra.len() > 2 {
                add(type2(grid, &l, &extra, v1, v2), false, &mut found, &mut naked_flag);
            } else if extra.len() == 2 {
                let (c1, c2) = (extra[0], extra[1]);
                let r = (grid.cands[c1] | grid.cands[c2]) & !(bit(v1) | bit(v2));
                if r.single() {
                    add(type2(grid, &l, &extra, v1, v2), false, &mut found, &mut naked_flag);
                } else if r.many() {
                    let mut t3 = Vec::new();
                    type3(grid, &l, c1, c2, v1, v2, &mut t3);
                    for (f, naked3) in t3 {
                        add(f, naked3, &mut found, &mut naked_flag);
                    }
                }
                if let Some(f) = type4(grid, &l, c1, c2, v1, v2) {
                    add(f, false, &mut found, &mut naked_flag);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by(|&a, &b| {
        found[a]
            .rating
            .partial_cmp(&found[b].rating)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(found[a].kind.cmp(&found[b].kind))
    });
    let f = &found[*order.first()?];
    let shape = if f.loop_cells.len() == 4 {
        "Rectangle".to_string()
    } else {
        format!("Loop {}", f.loop_cells.len())
    };
    let names: Vec<String> = f.loop_cells.iter().map(|&c| cell_name(c)).collect();
    Some(Hint {
        name: format!("Unique {shape} type {}", f.kind),
        rating: f.rating,
        text: format!(
            "{} would hold only {} and {} twice over (two solutions): {}",
            names.join(","),
            f.v1,
            f.v2,
            removals_text(&f.removals)
        ),
        removals: f.removals.clone(),
        place: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se::{Ctx, board_from_givens, next_hint};

    /// SE's walk as SE writes it: every closed path, checked afterwards.
    #[allow(clippy::too_many_arguments)]
    fn plain_walk(
        grid: &Grid,
        cell: usize,
        both: u16,
        lp: &mut Vec<usize>,
        allowed_ex: i32,
        ex: u16,
        last_kind: usize,
        out: &mut Vec<Vec<usize>>,
    ) {
        lp.push(cell);
        for kind in [BLOCK, ROW, COL] {
            if kind == last_kind {
                continue;
            }
            for &next in &HOUSES[kind][CELL_HOUSE[cell][kind] as usize] {
                let next = next as usize;
                if lp[0] == next && lp.len() >= 4 {
                    out.push(lp.clone());
                } else if !lp.contains(&next) {
                    let m = grid.cands[next];
                    if m & both == both {
                        let new_ex = (ex | m) & !both;
                        let card = m.count_ones();
                        if card == 2 || new_ex.count_ones() == 1 || allowed_ex > 0 {
                            let a = if card > 2 { allowed_ex - 1 } else { allowed_ex };
                            plain_walk(grid, next, both, lp, a, new_ex, kind, out);
                        }
                    }
                }
            }
        }
        lp.pop();
    }

    /// SE's test of a loop: no house twice among the even-placed cells nor among the odd ones,
    /// and the same houses on both sides.
    fn plain_valid(lp: &[usize]) -> bool {
        let mut sides: [Vec<(usize, u8)>; 2] = [Vec::new(), Vec::new()];
        for (i, &c) in lp.iter().enumerate() {
            for kind in [BLOCK, ROW, COL] {
                let h = (kind, CELL_HOUSE[c][kind]);
                if sides[i % 2].contains(&h) {
                    return false;
                }
                sides[i % 2].push(h);
            }
        }
        sides[0].len() == sides[1].len() && sides[0].iter().all(|h| sides[1].contains(h))
    }

    /// The pruned walk finds the valid loops of SE's walk, in the same order, on the boards
    /// of top95's paths up to the uniqueness rule (where the rater asks for loops).
    #[test]
    fn the_pruned_walk_keeps_every_valid_loop_in_order() {
        let tsv = include_str!("../../../../../bench/se/norvig-top95.tsv");
        let (mut boards, mut loops) = (0, 0);
        for line in tsv.lines().filter(|l| !l.starts_with('#')).take(40) {
            let p = line.split('\t').next().unwrap();
            let super::super::SeInput::Givens(g) = super::super::parse(p).unwrap() else {
                unreachable!()
            };
            let mut grid = board_from_givens(&g);
            let mut ctx = Ctx { deadline: None, ticks: 0 };
            for _ in 0..40 {
                if grid.is_solved() {
                    break;
                }
                boards += 1;
                for cell in (0..81).filter(|&c| grid.cands[c].count_ones() == 2) {
                    let m = grid.cands[cell];
                    let v1 = m.trailing_zeros() as usize + 1;
                    let v2 = (m & (m - 1)).trailing_zeros() as usize + 1;
                    let mut all = Vec::new();
                    plain_walk(&grid, cell, m, &mut Vec::new(), 2, 0, usize::MAX, &mut all);
                    all.retain(|l| plain_valid(l));
                    assert_eq!(Walk::loops(&grid, cell, v1, v2), all, "{p}, cell {cell}");
                    loops += all.len();
                }
                let Some(h) = next_hint(&grid, &mut ctx).unwrap() else { break };
                h.apply(&mut grid);
            }
        }
        assert!(boards > 1000 && loops > 10_000, "{boards} boards, {loops} loops");
    }
}
