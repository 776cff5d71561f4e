use super::*;

use std::collections::HashMap;

#[test]
fn squares_are_latin_at_every_side() {
    for n in 1..=MAX_SIDE {
        // A KenKen without cages: its solutions are the Latin squares of its side.
        let any = Puzzle::kenken(n, vec![]).unwrap();
        for index in 0..20 {
            let square = latin_square(n, &mut Rng::new(n as u64, index));
            assert!(any.is_solution(&square), "{n}×{n}, stream {index}");
        }
    }
}

/// [`latin_cells`] as first written: a draw for every choice, even with one outcome, and
/// for the last row. Kept to test that leaving those out kept the law of the squares.
fn drawing_every_choice(n: usize, rng: &mut Rng) -> Vec<u8> {
    fn augment(c: u8, missing: &[u16], owner: &mut [u8], seen: &mut u16, rng: &mut Rng) -> bool {
        let mut options: Vec<u8> =
            (0..16).filter(|&s| (missing[c as usize] & !*seen) & 1 << s != 0).collect();
        for i in 0..options.len() {
            let j = i + rng.below(options.len() - i);
            options.swap(i, j);
            let s = options[i] as usize;
            if *seen & (1 << s) != 0 {
                continue;
            }
            *seen |= 1 << s;
            if owner[s] == NONE || augment(owner[s], missing, owner, seen, rng) {
                owner[s] = c;
                return true;
            }
        }
        false
    }
    let mut cells = vec![0u8; n * n];
    let mut missing = vec![((1u32 << n) - 1) as u16; n];
    for r in 0..n {
        let mut cols: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut cols);
        let mut owner = vec![NONE; n];
        for &c in &cols {
            assert!(augment(c, &missing, &mut owner, &mut 0, rng));
        }
        for (s, &c) in owner.iter().enumerate() {
            cells[r * n + c as usize] = s as u8 + 1;
            missing[c as usize] &= !(1 << s);
        }
    }
    cells
}

/// Rectangles `a b` over `b a` in a square of side `n`.
fn intercalates(n: usize, s: &[u8]) -> usize {
    let mut count = 0;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let (a, b) = (s[r1 * n + c1], s[r1 * n + c2]);
                    count += usize::from(s[r2 * n + c1] == b && s[r2 * n + c2] == a);
                }
            }
        }
    }
    count
}

/// The squares come as often as from the matchings that draw every choice (sides 4 and 5
/// now from the orbit tables, 6 from the matchings without the draws that have one outcome):
/// not uniformly (a square of side 4 with 12 rectangles, one of 144 of the 576, comes about
/// 14 times in 100, against 25 for a uniform draw; of side 5 one without any, 17,280 of
/// 161,280, 16 in 100 against 11), and the same way for both.
#[test]
fn leaving_out_draws_with_one_outcome_keeps_the_law() {
    let draws = 40_000u64;
    for (n, rich) in [(4, 12), (5, 0), (6, 0)] {
        let share = |make: &dyn Fn(&mut Rng) -> Vec<u8>| {
            let hits = (0..draws)
                .filter(|&i| intercalates(n, &make(&mut Rng::new(77, i))) == rich)
                .count();
            hits as f64 / draws as f64
        };
        let now = share(&|rng| latin_square(n, rng).cells().to_vec());
        let before = share(&|rng| drawing_every_choice(n, rng));
        // Five standard deviations of the difference of two shares.
        let sd = (2.0 * before * (1.0 - before) / draws as f64).sqrt();
        assert!((now - before).abs() < 5.0 * sd, "{n}×{n}: {now} against {before}");
        let uniform = match n {
            4 => 144.0 / 576.0,
            5 => 17_280.0 / 161_280.0,
            _ => continue,
        };
        assert!((before - uniform).abs() > 0.04, "{n}×{n}: {before} against {uniform}");
    }
}

/// The 12 squares of side 3 come up alike, with the draws for sides up to 3 and with the
/// matchings.
#[test]
fn squares_of_side_three_come_up_alike() {
    let draws = 12_000u64;
    let counts = |make: &dyn Fn(&mut Rng) -> Vec<u8>| {
        let mut seen: HashMap<Vec<u8>, u32> = HashMap::new();
        for i in 0..draws {
            *seen.entry(make(&mut Rng::new(5, i))).or_default() += 1;
        }
        seen
    };
    for seen in [
        counts(&|rng| latin_square(3, rng).cells().to_vec()),
        counts(&|rng| drawing_every_choice(3, rng)),
    ] {
        assert_eq!(seen.len(), 12);
        // 1,000 expected each; five standard deviations either side.
        assert!(seen.values().all(|&k| (850..=1150).contains(&k)), "{seen:?}");
    }
}

/// Every one of the 576 Latin squares of side 4 comes up, none far more often than the
/// others (the matching is drawn from all of a row's extensions, not a few of them).
#[test]
fn every_square_of_side_four_comes_up() {
    let mut seen: HashMap<Vec<u8>, u32> = HashMap::new();
    let draws = 576 * 60;
    for index in 0..draws {
        let square = latin_square(4, &mut Rng::new(9, index));
        *seen.entry(square.cells().to_vec()).or_default() += 1;
    }
    assert_eq!(seen.len(), 576);
    let most = seen.values().max().copied().unwrap_or(0);
    assert!(most < 4 * 60, "one square {most} times in {draws}");
}

/// Each square of side `n` (symbols from 0) that an orbit table's representatives give under
/// every renaming of columns and symbols, with the index of its orbit.
fn orbit_of<const A: usize, const K: usize>(
    n: usize,
    orbits: &[([u8; A], u64); K],
) -> HashMap<Vec<u8>, usize> {
    let ways = (1..=n as u64).product::<u64>();
    let mut orbit = HashMap::new();
    for (k, (rep, _)) in orbits.iter().enumerate() {
        for columns in (0..ways).map(|i| orbits::nth_permutation(n, i)) {
            for symbols in (0..ways).map(|i| orbits::nth_permutation(n, i)) {
                let square: Vec<u8> = (0..n * n)
                    .map(|i| symbols[rep[i / n * n + columns[i % n] as usize] as usize])
                    .collect();
                let before = orbit.insert(square, k);
                assert!(before.is_none_or(|j| j == k), "orbits {before:?} and {k} share a square");
            }
        }
    }
    orbit
}

/// The orbit tables hold the law of the matchings exactly: every square of the side lies in
/// one orbit of the table, and its chance, worked out from the matchings, is its orbit's
/// weight shared among the orbit's squares.
#[test]
fn orbit_tables_hold_the_law_of_the_matchings() {
    fn check<const A: usize, const K: usize>(
        n: usize,
        orbits: &[([u8; A], u64); K],
        total: u64,
        squares: usize,
    ) {
        let exact = law::exact_law(n);
        assert_eq!(exact.len(), squares, "{n}×{n}: squares the matchings make");
        let orbit = orbit_of(n, orbits);
        assert_eq!(orbit.len(), squares, "{n}×{n}: squares in the orbits");
        let mut sizes = [0u128; K];
        for &k in orbit.values() {
            sizes[k] += 1;
        }
        for (square, chance) in &exact {
            let k = orbit[square];
            // chance = weight / (total × size), crossed out.
            assert_eq!(
                chance.n * u128::from(total) * sizes[k],
                u128::from(orbits[k].1) * chance.d,
                "{n}×{n}: {square:?} in orbit {k}"
            );
        }
    }
    check(4, &orbits::ORBITS_4, orbits::TOTAL_4, 576);
    check(5, &orbits::ORBITS_5, orbits::TOTAL_5, 161_280);
}

/// The exact law agrees with drawing: at side 4 the squares with 12 rectangles (one orbit of
/// four, 235 of 1,728) come about 13.6 times in 100 from the matchings that draw every
/// choice; at side 3 the 12 squares are alike.
#[test]
fn the_exact_law_agrees_with_the_matchings() {
    let draws = 40_000u64;
    let rich = (0..draws)
        .filter(|&i| intercalates(4, &drawing_every_choice(4, &mut Rng::new(3, i))) == 12)
        .count() as f64
        / draws as f64;
    let exact: f64 = law::exact_law(4)
        .iter()
        .filter(|(s, _)| intercalates(4, s) == 12)
        .map(|(_, p)| p.n as f64 / p.d as f64)
        .sum();
    assert!((exact - 235.0 / 1728.0).abs() < 1e-12, "{exact}");
    // Five standard deviations of a share near 0.136 over 40,000 draws: 0.0086.
    assert!((rich - exact).abs() < 0.0086, "{rich} against {exact}");
    let three = law::exact_law(3);
    assert_eq!(three.len(), 12);
    assert!(three.values().all(|p| *p == law::Ratio::new(1, 12)), "{three:?}");
}

/// The draws from the orbit tables come with the orbits' chances.
#[test]
fn orbit_draws_come_with_the_orbits_chances() {
    fn check<const A: usize, const K: usize>(n: usize, orbits: &[([u8; A], u64); K], total: u64) {
        let orbit = orbit_of(n, orbits);
        let draws = 60_000u64;
        let mut seen = [0u64; K];
        let mut cells = vec![0u8; n * n];
        let mut rng = Rng::new(11, n as u64);
        for _ in 0..draws {
            orbits::draw(n, &mut rng, &mut cells);
            let square: Vec<u8> = cells.iter().map(|v| v - 1).collect();
            seen[orbit[&square]] += 1;
        }
        for (k, (_, weight)) in orbits.iter().enumerate() {
            let p = *weight as f64 / total as f64;
            let (mean, sd) = (draws as f64 * p, (draws as f64 * p * (1.0 - p)).sqrt());
            assert!((seen[k] as f64 - mean).abs() < 5.0 * sd, "{n}×{n} orbit {k}: {seen:?}");
        }
    }
    check(4, &orbits::ORBITS_4, orbits::TOTAL_4);
    check(5, &orbits::ORBITS_5, orbits::TOTAL_5);
}

/// The permutations by rank: each of the n! once, in lexicographic order.
#[test]
fn permutations_by_rank_are_each_once_in_order() {
    for n in 1..=5usize {
        let ways = (1..=n as u64).product::<u64>();
        let all: Vec<Vec<u8>> =
            (0..ways).map(|k| orbits::nth_permutation(n, k)[..n].to_vec()).collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]), "{n}: {all:?}");
        for p in &all {
            let mut sorted = p.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
        }
    }
}

#[test]
fn sudoku_grids_are_solved_sudokus_of_every_box_shape() {
    // Boxes of every shape up to side 12 (filled cell by cell) and one beyond (completed by
    // the solver): each grid a solution of the empty Sudoku of its shape, the same for the
    // same stream, and not all alike.
    let shapes =
        [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4)];
    for (h, w) in shapes {
        let n = h * w;
        let boxes = BoxShape { height: h as u8, width: w as u8 };
        let empty = Puzzle::sudoku(n, Some(boxes), Grid::empty(n)).unwrap();
        let mut seen = std::collections::HashSet::new();
        for index in 0..30 {
            let grid = sudoku_grid(n, boxes, &mut Rng::new(7, index));
            assert!(empty.is_solution(&grid), "{h}×{w} boxes, stream {index}");
            assert_eq!(grid, sudoku_grid(n, boxes, &mut Rng::new(7, index)));
            seen.insert(grid.cells().to_vec());
        }
        if n >= 4 {
            assert!(seen.len() > 20, "{h}×{w} boxes: {} grids of 30", seen.len());
        }
    }
}
