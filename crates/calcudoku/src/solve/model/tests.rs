//! Tests of the compiled model.

use super::*;
use crate::corpus::{CageSettings, SplitMix64, random_cages, random_kenken, random_killer};
use crate::puzzle::{BoxShape, Cage, Grid, rule_holds};
use crate::solve::engine::{Branching, Engine, Sink};

/// A random Killer Sudoku of side `n` (see [`random_killer`]); in some, a few cages dropped
/// (their cells uncaged) or one target moved, so that puzzles have one solution, several
/// or none.
fn altered_killer(n: usize, rng: &mut SplitMix64, max_cage: usize) -> Puzzle {
    let (p, _) = random_killer(n, rng.next_u64(), max_cage).unwrap();
    let mut cages = p.cages().to_vec();
    match rng.below(4) {
        0 => cages.retain(|_| rng.below(8) != 0),
        1 => {
            let k = rng.below(cages.len());
            let target = cages[k].target as i64 + [-2, -1, 1, 2][rng.below(4)];
            cages[k].target = target.max(1) as u64;
        }
        _ => {}
    }
    Puzzle::new(n, p.boxes(), p.givens().clone(), cages, true).unwrap()
}

/// Solutions up to `limit` (and whether that is all), every one found checked.
fn count(p: &Puzzle, m: &Model, limit: u64) -> (u64, bool) {
    let mut sink = Sink { limit, found: 0, first: None };
    let stop = Engine::new(m, None).run(Branching::FewestCandidates, &mut sink);
    if let Some(g) = &sink.first {
        assert!(p.is_solution(g), "not a solution:\n{g}");
    }
    (sink.found, stop.is_none())
}

#[test]
fn derived_unit_sums_keep_every_solution() {
    // The derived cages only restate what the cages and units imply: with and without
    // them the solutions must be the same (counted up to a limit past two).
    let mut rng = SplitMix64::new(45);
    let (mut derived, mut several, mut none) = (0, 0, 0);
    for round in 0..300 {
        let (n, max_cage) = [(4, 4), (6, 5), (9, 6)][round % 3];
        let p = altered_killer(n, &mut rng, max_cage);
        let with = Model::build(&p, true);
        let without = Model::build(&p, false);
        derived += with.cage_count() - without.cage_count();
        let found = count(&p, &with, 20);
        assert_eq!(found, count(&p, &without, 20), "{}", crate::format::ops::write(&p).unwrap());
        several += (found.0 > 1) as usize;
        none += (found.0 == 0) as usize;
    }
    // Every outcome was exercised, with derived cages in play.
    let unique = 300 - several - none;
    assert!(
        derived > 3000 && several > 20 && none > 20 && unique > 20,
        "{derived} {several} {none}"
    );
}

/// The model of `p` made the plain way, by trying every value and every assignment: what
/// [`Model::build`] must produce, array for array, for grids up to 16×16 (where every early
/// table fits the listing's node limit). Shares with the model only what needs no listing:
/// Killer Sudoku's derived sums and the box–line segments.
fn reference(p: &Puzzle, derive_sums: bool) -> Model {
    let n = p.size();
    let cells = n * n;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let boxes = p.boxes();
    let units_per_cell = if boxes.is_some() { 3 } else { 2 };
    let unit_count = units_per_cell * n;
    let cell_units: Vec<[u32; 3]> = (0..cells)
        .map(|c| {
            let (r, col) = (c / n, c % n);
            let b = boxes.map_or(0, |b| 2 * n + b.box_of(r, col, n));
            [r as u32, (n + col) as u32, b as u32]
        })
        .collect();
    let unit_cells: Vec<u16> = (0..unit_count as u32)
        .flat_map(|u| {
            (0..cells).filter(|&c| cell_units[c][..units_per_cell].contains(&u)).collect::<Vec<_>>()
        })
        .map(|c| c as u16)
        .collect();
    let mut cell_cage = vec![NO_CAGE; cells];
    for (k, cage) in p.cages().iter().enumerate() {
        for c in &cage.cells {
            cell_cage[c.index()] = k as u32;
        }
    }
    let distinct = p.distinct_cages();
    let units_of = |c: usize| cell_units[c][..units_per_cell].to_vec();
    let (mut peer_cells, mut peer_start) = (Vec::new(), Vec::new());
    if boxes.is_some() || distinct {
        for (a, &k) in cell_cage.iter().enumerate() {
            peer_start.push(peer_cells.len() as u32);
            let mut peers: Vec<u16> = Vec::new();
            let mut add = |b: usize| {
                if b != a && !peers.contains(&(b as u16)) {
                    peers.push(b as u16);
                }
            };
            for u in units_of(a) {
                (0..cells).filter(|&b| units_of(b).contains(&u)).for_each(&mut add);
            }
            if distinct && k != NO_CAGE {
                p.cages()[k as usize].cells.iter().for_each(|c| add(c.index()));
            }
            peer_cells.extend(peers);
        }
        peer_start.push(peer_cells.len() as u32);
    }
    let must_differ = |a: usize, b: usize| {
        let (ua, ub) = (units_of(a), units_of(b));
        a != b
            && (ua.iter().zip(&ub).any(|(x, y)| x == y)
                || (distinct && cell_cage[a] != NO_CAGE && cell_cage[a] == cell_cage[b]))
    };
    let mut initial: Vec<u64> =
        p.givens().cells().iter().map(|&g| if g == 0 { full } else { 1u64 << (g - 1) }).collect();
    let mut all: Vec<(Vec<u16>, u64, Option<Operator>)> =
        p.cages().iter().map(|c| (c.cells.iter().map(|c| c.0).collect(), c.target, c.op)).collect();
    let (mut derived_start, mut derived_cages) = (Vec::new(), Vec::new());
    if derive_sums && distinct && boxes.is_some() {
        let sums = unit_sums(p, &cell_units);
        let first = all.len();
        let of_cell = |c: usize| {
            let sums = &sums;
            (0..sums.len())
                .filter(move |&s| sums[s].0.contains(&(c as u16)))
                .map(|s| (first + s) as u32)
        };
        derived_start.push(0);
        for c in 0..cells {
            derived_cages.extend(of_cell(c));
            derived_start.push(derived_cages.len() as u32);
        }
        all.extend(sums.into_iter().map(|(cells, target)| (cells, target, Some(Operator::Add))));
    }
    let (mut cages, mut cage_cells, mut cage_conflicts) = (Vec::new(), Vec::new(), Vec::new());
    let (mut masks, mut initial_tuples) = (Vec::new(), Vec::new());
    for (cells, target, op) in all {
        let len = cells.len();
        let at = cage_cells.len();
        let conflicts: Vec<u64> = (0..len)
            .map(|i| {
                (0..i.min(64))
                    .filter(|&j| must_differ(cells[i] as usize, cells[j] as usize))
                    .fold(0, |m, j| m | 1 << j)
            })
            .collect();
        let (mut pair, mut table) = (None, None);
        // The values each cell takes in some assignment from the candidates so far: its
        // starting candidates once the cage is compiled (for a pair or an early table).
        let mut supported: Option<Vec<u64>> = None;
        if len == 2 {
            let cells = [cells[0], cells[1]];
            let shift = match op {
                Some(Operator::Sub) if (1..n as u64).contains(&target) => target as u32,
                _ => 0,
            };
            pair = Some(PairEntry { cells, masks_at: masks.len() as u32, shift });
            let differ = conflicts[1] & 1 != 0;
            for a in 1..=n as u8 {
                masks.push((1..=n as u8).fold(0u64, |m, b| {
                    let ok = rule_holds(op, target, &[a, b]) && !(differ && a == b);
                    m | (ok as u64) << (b - 1)
                }));
            }
            let mut found = vec![0u64; 2];
            let (ca, cb) = (cells[0] as usize, cells[1] as usize);
            for a in 1..=n as u8 {
                for b in 1..=n as u8 {
                    let open = initial[ca] >> (a - 1) & 1 == 1 && initial[cb] >> (b - 1) & 1 == 1;
                    if open && rule_holds(op, target, &[a, b]) && !(differ && a == b) {
                        found[0] |= 1 << (a - 1);
                        found[1] |= 1 << (b - 1);
                    }
                }
            }
            supported = Some(found);
        } else if len == 1 || len == 3 {
            // Every assignment in lexicographic order: the values of each cell's
            // candidates, counted like digits.
            let doms: Vec<Vec<u8>> = cells
                .iter()
                .map(|&c| {
                    (1..=n as u8).filter(|&v| initial[c as usize] >> (v - 1) & 1 == 1).collect()
                })
                .collect();
            let mut tuples: Vec<Vec<u8>> = vec![Vec::new()];
            for dom in &doms {
                tuples = tuples
                    .into_iter()
                    .flat_map(|t| dom.iter().map(move |&v| [t.clone(), vec![v]].concat()))
                    .collect();
            }
            tuples.retain(|t| {
                (0..len).all(|i| (0..i).all(|j| conflicts[i] >> j & 1 == 0 || t[i] != t[j]))
                    && rule_holds(op, target, t)
            });
            if tuples.len() <= EARLY_TUPLES {
                table = Some((masks.len() as u32, 1, initial_tuples.len() as u32));
                let at = masks.len();
                masks.resize(at + len * n, 0);
                for (t, tuple) in tuples.iter().enumerate() {
                    for (i, &v) in tuple.iter().enumerate() {
                        masks[at + i * n + v as usize - 1] |= 1 << t;
                    }
                }
                initial_tuples.push(if tuples.len() == 64 {
                    u64::MAX
                } else {
                    (1 << tuples.len()) - 1
                });
                let mut found = vec![0u64; len];
                for tuple in &tuples {
                    for (f, &v) in found.iter_mut().zip(tuple) {
                        *f |= 1 << (v - 1);
                    }
                }
                supported = Some(found);
            }
        }
        cages.push(CageEntry {
            cells_at: at as u32,
            len: len as u32,
            target,
            op,
            late: pair.is_none() && table.is_none(),
            table,
            pair,
        });
        if let Some(found) = supported {
            for (&c, f) in cells.iter().zip(found) {
                initial[c as usize] &= f;
            }
        } else if pair.is_none() && table.is_none() {
            // A late cage: the values its target allows, one cell at a time (a divisor of
            // a product; for a sum, one that leaves the others between 1 and n each).
            let others = len as u64 - 1;
            let allowed = (1..=n as u64).filter(|&v| match op {
                Some(Operator::Mul) => target % v == 0,
                Some(Operator::Add) => v + others <= target && target <= v + others * n as u64,
                _ => true,
            });
            let allowed = allowed.fold(0u64, |m, v| m | 1 << (v - 1));
            for &c in &cells {
                initial[c as usize] &= allowed;
            }
        }
        cage_cells.extend(cells);
        cage_conflicts.extend(conflicts);
    }
    let (segments, partitions) = match boxes {
        Some(_) => segments(n, unit_count, &cell_units),
        None => (Vec::new(), Vec::new()),
    };
    // The late cages, listed from the entries.
    let late_cages = (0..cages.len() as u32).filter(|&k| cages[k as usize].late).collect();
    Model {
        settled: boxes.is_none() && !distinct,
        n,
        boxes,
        full,
        unit_cells,
        unit_count,
        cell_units,
        units_per_cell,
        peer_cells,
        peer_start,
        cages,
        late_cages,
        cage_cells,
        cage_conflicts,
        masks,
        cell_cage,
        derived_start,
        derived_cages,
        initial,
        initial_tuples,
        segments,
        partitions,
        more: More::default(),
    }
}

/// Asserts that two models are the same, array for array.
fn assert_same(got: &Model, want: &Model, what: &str) {
    assert_eq!((got.n, got.full, got.unit_count), (want.n, want.full, want.unit_count), "{what}");
    assert_eq!(got.unit_cells, want.unit_cells, "unit cells: {what}");
    assert_eq!(got.cell_units, want.cell_units, "cell units: {what}");
    assert_eq!(got.units_per_cell, want.units_per_cell, "{what}");
    assert_eq!((&got.peer_cells, &got.peer_start), (&want.peer_cells, &want.peer_start), "{what}");
    assert_eq!(got.cell_cage, want.cell_cage, "cell cages: {what}");
    assert_eq!(got.initial, want.initial, "initial: {what}");
    assert_eq!(got.settled, want.settled, "settled: {what}");
    assert_eq!(got.cage_cells, want.cage_cells, "cage cells: {what}");
    assert_eq!(got.cage_conflicts, want.cage_conflicts, "conflicts: {what}");
    for (k, (g, w)) in got.cages.iter().zip(&want.cages).enumerate() {
        assert_eq!(g, w, "cage {k}: {what}");
    }
    assert_eq!(got.cages.len(), want.cages.len(), "cages: {what}");
    assert_eq!(got.late_cages, want.late_cages, "late cages: {what}");
    assert_eq!(got.masks, want.masks, "masks: {what}");
    assert_eq!(got.initial_tuples, want.initial_tuples, "live tuples: {what}");
    assert_eq!(got.derived_start, want.derived_start, "{what}");
    assert_eq!(got.derived_cages, want.derived_cages, "{what}");
    assert_eq!((&got.segments, &got.partitions), (&want.segments, &want.partitions), "{what}");
}

/// A random puzzle of side `n` for [`models_equal_plain_enumeration`]: Keen-like, with
/// cages of any shape and operator (hidden ones too), or a Killer Sudoku; then, at random,
/// targets moved or replaced (so that some cages have no assignment at all), cages dropped
/// (their cells uncaged), givens added (some wrong), boxes or distinct cages imposed.
fn any_puzzle(n: usize, rng: &mut SplitMix64) -> Puzzle {
    let seed = rng.next_u64();
    if let (0, Some(_)) = (rng.below(6), BoxShape::standard(n)) {
        let max_cage = 2 + rng.below(5);
        return altered_killer(n, rng, max_cage);
    }
    let (p, solution) = match rng.below(3) {
        0 => random_kenken(n, seed, &[]),
        1 => {
            let ops = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];
            random_kenken(n, seed, &[ops[rng.below(4)]])
        }
        _ => {
            let settings = CageSettings { max_cells: 1 + rng.below(6), hidden_percent: 20 };
            random_cages(n, seed, settings)
        }
    };
    let mut cages: Vec<Cage> = p.cages().to_vec();
    for cage in &mut cages {
        cage.target = match rng.below(12) {
            0 => cage.target + 1 + rng.below(3) as u64,
            1 => cage.target.saturating_sub(1 + rng.below(3) as u64),
            2 => rng.below(3 * n * n + 2) as u64,
            3 => [0, 1, u64::MAX, 1 << 40, 4096][rng.below(5)],
            _ => cage.target,
        };
    }
    if rng.below(4) == 0 {
        cages.retain(|_| rng.below(8) != 0);
    }
    let mut givens = vec![0u8; n * n];
    if rng.below(4) == 0 {
        for (c, g) in givens.iter_mut().enumerate() {
            if rng.below(5) == 0 {
                let wrong = rng.below(8) == 0;
                *g = if wrong { 1 + rng.below(n) as u8 } else { solution.cells()[c] };
            }
        }
    }
    let boxes = if rng.below(5) == 0 { BoxShape::standard(n) } else { None };
    let distinct = rng.below(5) == 0;
    let givens = Grid::from_cells(n, givens).unwrap();
    Puzzle::new(n, boxes, givens, cages, distinct).unwrap()
}

#[test]
fn models_equal_plain_enumeration() {
    // Sizes 1 to 16, every kind of puzzle (see `any_puzzle`): the compiled model is the one
    // plain enumeration makes, tables, pair masks, conflicts and all.
    let mut rng = SplitMix64::new(0x5eed);
    let (mut tables, mut pairs, mut late, mut empty) = (0, 0, 0, 0);
    for round in 0..1200 {
        let n = 1 + round % 16;
        let p = any_puzzle(n, &mut rng);
        let derive = rng.below(4) != 0;
        let got = Model::build(&p, derive);
        let want = reference(&p, derive);
        assert_same(
            &got,
            &want,
            &format!("round {round}: {}", crate::format::ops::write(&p).unwrap_or_default()),
        );
        tables += got.cages.iter().filter(|e| e.table.is_some()).count();
        pairs += got.cages.iter().filter(|e| e.pair.is_some()).count();
        late += got.cages.iter().filter(|e| e.late).count();
        empty += got.initial_tuples.iter().filter(|&&w| w == 0).count();
    }
    eprintln!("{tables} {pairs} {late} {empty}");
    // Every way of compiling a cage was met, empty tables too.
    assert!(
        tables > 2000 && pairs > 5000 && late > 1000 && empty > 100,
        "{tables} {pairs} {late} {empty}"
    );
}

#[test]
fn corpus_models_equal_plain_enumeration() {
    // The KenKen corpus as it is benchmarked: the in-repository sample, and the shared sets
    // beside the repository when they are there.
    let dir = env!("CARGO_MANIFEST_DIR");
    let roots =
        [format!("{dir}/tests/data/kenken-sample"), format!("{dir}/../../../shared/data/kenken")];
    let mut compared = 0;
    for root in roots.iter().filter(|r| std::path::Path::new(r).exists()) {
        let sets = std::fs::read_dir(root).unwrap().map(|s| s.unwrap().path());
        for set in sets.filter(|s| s.is_dir()) {
            for file in std::fs::read_dir(set).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_none_or(|e| e != "in") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let p = crate::format::parse(&text, None).unwrap();
                assert_same(&Model::new(&p), &reference(&p, true), &path.display().to_string());
                compared += 1;
            }
        }
    }
    assert!(compared >= 98, "{compared}");
}

#[test]
fn unit_layouts_are_reused_only_for_the_same_side_and_boxes() {
    // A dropped model leaves its rows, columns and boxes laid out for the next one of the
    // same side and boxes. One after another on this thread: the same kind twice, then the
    // same side with other boxes, with none, and back; and a model built while another is
    // alive (no spare to take). Each is checked against plain enumeration.
    let mut rng = SplitMix64::new(42);
    let tall = Some(BoxShape { height: 3, width: 2 });
    let wide = Some(BoxShape { height: 2, width: 3 });
    let kinds = [(6, tall), (6, tall), (6, wide), (6, None), (6, None), (6, tall), (9, None)];
    let mut alive = Vec::new();
    for (round, &(n, boxes)) in kinds.iter().cycle().take(3 * kinds.len()).enumerate() {
        let givens = Grid::empty(n);
        let (p, _) = random_kenken(n, rng.next_u64(), &[]);
        let p = Puzzle::new(n, boxes, givens, p.cages().to_vec(), false).unwrap();
        let got = Model::new(&p);
        assert_same(&got, &reference(&p, true), &format!("round {round}: {n}, {boxes:?}"));
        if round % 5 == 4 {
            alive.push(got);
        }
    }
}
