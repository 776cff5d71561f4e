use super::state::State;
use super::tables::*;
use super::*;
use crate::puzzle::{BoxShape, Grid, Puzzle};
use crate::solve::{Branching, Solver};

fn parse(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, ch) in g.iter_mut().zip(line.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    g
}

fn puzzle(givens: &[u8; 81]) -> Puzzle {
    let boxes = Some(BoxShape { height: 3, width: 3 });
    Puzzle::sudoku(9, boxes, Grid::from_valid(9, givens.to_vec())).unwrap()
}

/// A solver that always uses the general engine.
fn general(p: &Puzzle) -> Solver {
    Solver::general(p)
}

/// Lines of a Sudoku set: the shared full file when it is there (required under CI), else
/// the in-repository sample of its first 40 lines.
fn lines(name: &str) -> Vec<String> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let shared = format!("{dir}/../../../shared/data/sudoku/{name}");
    let text = match std::fs::read_to_string(&shared) {
        Ok(text) => text,
        Err(e) if std::env::var_os("CI").is_some() => panic!("{shared}: {e}"),
        Err(_) => {
            let sample = format!("{dir}/tests/data/sudoku-sample/{name}");
            std::fs::read_to_string(&sample).unwrap_or_else(|e| panic!("{sample}: {e}"))
        }
    };
    text.lines().filter(|l| l.len() >= 81).map(String::from).collect()
}

fn cross_check(name: &str, take: usize, several: bool) {
    let lines = lines(name);
    assert!(lines.len() >= take.min(11), "{name}: only {} puzzles", lines.len());
    for line in lines.iter().take(take) {
        let givens = parse(line);
        let p = puzzle(&givens);
        let fast = solve9(&givens, 2);
        let (_, count, _) = general(&p).search(Branching::FewestCandidates, 2).unwrap();
        assert_eq!(fast.solutions, count.solutions, "{name}: {line}");
        assert!(!several || fast.solutions == 2, "{name}: {line}");
        let first = fast.first.expect("a solution");
        assert!(p.is_solution(&Grid::from_valid(9, first.to_vec())), "{name}: {line}");
        // The wired solver agrees, and gives the row-major first solution.
        let wired = Solver::new(&p).solve().unwrap();
        let row_major = general(&p).search(Branching::RowMajor, 1).unwrap().0;
        assert_eq!(wired.grid, row_major, "{name}: {line}");
        assert_eq!(wired.count.solutions, count.solutions, "{name}: {line}");
    }
}

#[test]
fn agrees_with_general_engine_17_clue() {
    cross_check("17-clue.txt", 300, false);
}

#[test]
fn agrees_with_general_engine_forum_hardest() {
    cross_check("forum-hardest-1106.txt", 300, false);
    cross_check("forum-hardest-1905-11plus.txt", 300, false);
}

#[test]
fn agrees_with_general_engine_magictour() {
    cross_check("magictour-top1465.txt", 300, false);
}

#[test]
fn agrees_with_general_engine_norvig() {
    cross_check("norvig-hardest.txt", usize::MAX, false);
    cross_check("norvig-top95.txt", 300, false);
}

#[test]
fn agrees_with_general_engine_serg_several_solutions() {
    cross_check("serg-benchmark.txt", 300, true);
}

/// The row-major search's answer is the general engine's row-major first solution, and a
/// budget too small gives way (for the general engine) rather than a wrong grid.
#[test]
fn row_major_first_agrees_or_gives_way() {
    let mut found = 0;
    for line in lines("serg-benchmark.txt").iter().take(200) {
        let givens = parse(line);
        let row_major = general(&puzzle(&givens)).search(Branching::RowMajor, 1).unwrap().0;
        let row_major = row_major.expect("a solution").cells().to_vec();
        let (counted, first) = first9_until(&givens, false, 1_000_000, None).unwrap();
        assert_eq!(counted.solutions, 2, "{line}");
        assert_eq!(first, RowMajor9::First(row_major.clone().try_into().unwrap()), "{line}");
        match first9_until(&givens, false, 0, None).unwrap().1 {
            RowMajor9::First(g) => {
                assert_eq!(g.to_vec(), row_major, "{line}");
                found += 1;
            }
            RowMajor9::OutOfGuesses => {}
            RowMajor9::NoSolution => panic!("{line}: no solution"),
        }
    }
    assert!(found > 0, "a budget of four times the count's guesses never sufficed");
}

#[test]
fn row_major_first_of_unsolvable_and_unique() {
    let mut g = parse(SOLVED);
    assert_eq!(first9_until(&g, false, 0, None).unwrap().1, RowMajor9::First(g));
    g[1] = g[0];
    assert_eq!(first9_until(&g, false, 0, None).unwrap().1, RowMajor9::NoSolution);
}

#[test]
fn counts_further_than_two() {
    let lines = lines("serg-benchmark.txt");
    for line in lines.iter().take(30) {
        let givens = parse(line);
        let (_, count, _) =
            general(&puzzle(&givens)).search(Branching::FewestCandidates, 50).unwrap();
        assert_eq!(solve9(&givens, 50).solutions, count.solutions, "{line}");
    }
}

/// The permutations a band's pairs allow cover exactly the cells the band logic keeps, and
/// a permutation's own pairs allow it alone.
#[test]
fn configs_agree_with_the_band_table() {
    for index in 0..512 {
        let mut cells = 0;
        for p in 0..6 {
            if CONFIGS[index] >> p & 1 != 0 {
                cells |= PERM_CELLS[p];
            }
        }
        assert_eq!(cells, PERMUTED[index], "pairs {index:#b}");
    }
    for p in 0..6 {
        assert_eq!(CONFIGS[pairs(PERM_CELLS[p])], 1 << p);
    }
    assert_eq!(CONFIGS[0x1ff], 0x3f);
    // A permutation's own pairs are forced, none of a full band; minirow cells.
    for p in 0..6 {
        assert_eq!(FORCED[pairs(PERM_CELLS[p])] as usize, pairs(PERM_CELLS[p]));
        assert_eq!(PAIR_CELLS[0][pairs(PERM_CELLS[p])], PERM_CELLS[p]);
    }
    assert_eq!(FORCED[0x1ff], 0);
    assert_eq!((PAIR_CELLS[0][0x1ff], PAIR_CELLS[1][0b10]), (BAND, 0x1ff << 9));
}

/// Puzzles with many solutions, counted further (where the search branches on band
/// permutations near the root): a 17-clue puzzle less one given, and less all but a few.
#[test]
fn counts_sparse_grids_like_the_general_engine() {
    for (n, line) in lines("17-clue.txt").iter().take(24).enumerate() {
        let mut givens = parse(line);
        let cells: Vec<usize> = (0..81).filter(|&c| givens[c] != 0).collect();
        let keep = if n % 2 == 0 { cells.len() - 1 } else { 3 + n % 8 };
        for &c in &cells[keep..] {
            givens[c] = 0;
        }
        let (_, count, _) =
            general(&puzzle(&givens)).search(Branching::FewestCandidates, 30).unwrap();
        let fast = solve9(&givens, 30);
        assert_eq!(fast.solutions, count.solutions, "{line} less {}", cells.len() - keep);
        let first = fast.first.expect("a solution");
        assert!(puzzle(&givens).is_solution(&Grid::from_valid(9, first.to_vec())));
    }
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn solved_grid_counts_one() {
    let g = parse(SOLVED);
    let r = solve9(&g, 10);
    assert_eq!((r.solutions, r.first), (1, Some(g)));
    assert_eq!(r.guesses, 0);
}

#[test]
fn one_open_cell() {
    let mut g = parse(SOLVED);
    g[40] = 0;
    assert_eq!(solve9(&g, 10).first, Some(parse(SOLVED)));
}

#[test]
fn empty_grid_counts_to_the_limit() {
    let r = solve9(&[0; 81], 1000);
    assert_eq!(r.solutions, 1000);
    assert!(puzzle(&[0; 81]).is_solution(&Grid::from_valid(9, r.first.unwrap().to_vec())));
    assert_eq!(solve9(&[0; 81], 0).solutions, 0);
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut row = [0u8; 81];
    row[0] = 5;
    row[8] = 5;
    let mut col = [0u8; 81];
    col[4] = 7;
    col[76] = 7;
    let mut bx = [0u8; 81];
    bx[30] = 2;
    bx[50] = 2;
    let mut range = [0u8; 81];
    range[3] = 10;
    for g in [row, col, bx, range] {
        assert_eq!(solve9(&g, 2), Sudoku9Result { solutions: 0, first: None, guesses: 0 });
    }
}

#[test]
fn contradiction_found_by_propagation() {
    // Row 0 holds 1..=8 and its last cell sees the 9 below it: no clash among the givens,
    // yet no solution.
    let mut g = [0u8; 81];
    for (c, v) in g.iter_mut().zip(1..=8) {
        *c = v;
    }
    g[17] = 9;
    let r = solve9(&g, 2);
    assert_eq!((r.solutions, r.first), (0, None));
    assert_eq!(Solver::new(&puzzle(&g)).count(2).unwrap().solutions, 0);
    assert_eq!(general(&puzzle(&g)).count(2).unwrap().solutions, 0);
}

#[test]
fn deadline_in_the_past_times_out() {
    let past = Instant::now();
    assert_eq!(solve9_until(&[0; 81], false, u64::MAX, Some(past)), None);
    let p = puzzle(&[0; 81]);
    let solver = Solver::new(&p).with_deadline(Some(past));
    assert!(solver.count(u64::MAX).is_err());
}

/// The row-major search against the general engine's row-major first solution on puzzles
/// with few solutions (a 17-clue puzzle less one given: the witness from the count is often
/// the answer) and with very many (a third of a solution grid's cells kept: the answer lies
/// far from it), so that both ways the witness's cells are settled are taken.
#[test]
fn row_major_first_with_few_and_many_solutions() {
    let mut checked = [0; 2];
    for (i, line) in lines("17-clue.txt").iter().take(30).enumerate() {
        let givens = parse(line);
        let solution = solve9(&givens, 1).first.expect("a solution");
        let clues: Vec<usize> = (0..81).filter(|&c| givens[c] != 0).collect();
        let mut less = givens;
        less[clues[i % clues.len()]] = 0;
        let mut sparse = [0u8; 81];
        for c in (i % 3..81).step_by(3) {
            sparse[c] = solution[c];
        }
        for (kind, puzzle_givens) in [less, sparse].into_iter().enumerate() {
            let row_major = general(&puzzle(&puzzle_givens)).search(Branching::RowMajor, 1);
            let row_major = row_major.unwrap().0.expect("a solution").cells().to_vec();
            let (counted, first) = first9_until(&puzzle_givens, false, 1_000_000, None).unwrap();
            match first {
                RowMajor9::First(g) => {
                    assert_eq!(g.to_vec(), row_major, "{line} ({kind})");
                    if counted.solutions == 2 {
                        checked[kind] += 1;
                    }
                }
                RowMajor9::OutOfGuesses => {}
                RowMajor9::NoSolution => panic!("{line} ({kind}): no solution"),
            }
        }
    }
    assert!(checked[0] >= 10 && checked[1] >= 10, "too few with several solutions: {checked:?}");
}

/// A small deterministic generator for the tests below.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 33
}

/// Dense puzzles (31 to 50 givens kept from solution grids), the kind that skips the stack
/// logic and the branching on band permutations near the root (`SPARSE_OPEN`), counted
/// against the general engine: with one solution, with several, and with none (one given
/// changed to another digit that clashes with no other given).
#[test]
fn counts_dense_grids_like_the_general_engine() {
    let mut seed = 18;
    let mut seen = [0; 3];
    for line in lines("magictour-top1465.txt").iter().take(40) {
        let solution = solve9(&parse(line), 1).first.expect("a solution");
        let keep = 31 + next(&mut seed) as usize % 20;
        let mut cells: Vec<usize> = (0..81).collect();
        for i in 0..81 {
            cells.swap(i, i + next(&mut seed) as usize % (81 - i));
        }
        let mut givens = [0u8; 81];
        for &c in &cells[..keep] {
            givens[c] = solution[c];
        }
        let mut wrong = givens;
        let c = cells[0];
        wrong[c] = clashing_value(&wrong, c, solution[c]).unwrap_or(solution[c]);
        for g in [givens, wrong] {
            let (_, count, _) =
                general(&puzzle(&g)).search(Branching::FewestCandidates, 10).unwrap();
            let fast = solve9(&g, 10);
            assert_eq!(fast.solutions, count.solutions, "{line}: {g:?}");
            seen[(count.solutions as usize).min(2)] += 1;
            if let Some(first) = fast.first {
                assert!(puzzle(&g).is_solution(&Grid::from_valid(9, first.to_vec())));
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 3), "too few of some kind (none, one, several): {seen:?}");
}

/// The band logic's two ways of finding the words a placement changed (`State::bands`)
/// reach the same fixed point, or the same contradiction, from the same state, and both
/// leave every word as they saw it (`seen`), so that the search may switch between them:
/// from the givens of puzzles of every set and after each of a few random placements.
#[test]
fn both_band_logics_reach_the_same_fixed_point() {
    let mut seed = 7;
    let mut outcomes = [0; 2];
    for name in ["17-clue.txt", "magictour-top1465.txt", "serg-benchmark.txt"] {
        for line in lines(name).iter().take(60) {
            let mut s = State::new(&parse(line), false).expect("givens that fit");
            for _ in 0..12 {
                let (mut rounds, mut precise) = (s, s);
                let (a, b) = (rounds.bands::<false>(), precise.bands::<true>());
                assert_eq!(a.is_ok(), b.is_ok(), "{name}: {line}");
                outcomes[a.is_ok() as usize] += 1;
                if a.is_err() {
                    break;
                }
                assert_eq!((rounds.cand, rounds.open), (precise.cand, precise.open), "{line}");
                assert_eq!((rounds.seen, precise.seen), (rounds.cand, precise.cand), "{line}");
                s = if next(&mut seed) % 2 == 0 { rounds } else { precise };
                // A random candidate of a random open cell.
                let open: Vec<(usize, usize)> = (0..3)
                    .flat_map(|b| {
                        (0..27)
                            .filter(move |&bit| s.open[b] >> bit & 1 != 0)
                            .map(move |bit| (b, bit))
                    })
                    .collect();
                if open.is_empty() {
                    break;
                }
                let (b, bit) = open[next(&mut seed) as usize % open.len()];
                let digits = s.digits_at(b, bit);
                if digits == 0 {
                    break;
                }
                let ds: Vec<usize> = (0..9).filter(|&d| digits >> d & 1 != 0).collect();
                s.place(ds[next(&mut seed) as usize % ds.len()], b, bit, digits);
            }
        }
    }
    assert!(outcomes.iter().all(|&n| n >= 20), "fixed points, contradictions: {outcomes:?}");
}

/// Dense puzzles (more than 30 givens) first get the row-major search to two solutions,
/// within a budget of guesses (`first9_from`). At every budget, from none to unlimited, the
/// answer is the general engine's row-major first solution and the count its count to two:
/// on puzzles with several solutions (31 to 40 cells kept from a solution grid), with one
/// that needs guesses (a magictour puzzle filled up to 31 givens from its solution), and with
/// none (one of the latter's givens changed to a digit that clashes with no other given).
/// Each way out of the first search is taken: logic alone, an end within the budget, out of
/// guesses after the first solution (the count follows), and before it (the count and the
/// witness's search follow).
#[test]
fn dense_row_major_first_at_every_budget() {
    let mut seed = 3;
    let mut ways = [0; 4];
    let mut kinds = [0; 3];
    for line in lines("magictour-top1465.txt").iter().take(40) {
        let hard = parse(line);
        let solution = solve9(&hard, 1).first.expect("a solution");
        let mut cells: Vec<usize> = (0..81).collect();
        for i in 0..81 {
            cells.swap(i, i + next(&mut seed) as usize % (81 - i));
        }
        let mut several = [0u8; 81];
        for &c in &cells[..31 + next(&mut seed) as usize % 10] {
            several[c] = solution[c];
        }
        let mut one = hard;
        for &c in &cells {
            if one.iter().filter(|&&v| v != 0).count() >= 31 {
                break;
            }
            one[c] = solution[c];
        }
        let mut none = one;
        let c = *cells.iter().find(|&&c| hard[c] == 0).expect("an open cell");
        if let Some(v) = clashing_value(&none, c, solution[c]) {
            none[c] = v;
        }
        for g in [several, one, none] {
            let p = puzzle(&g);
            let (_, count, _) = general(&p).search(Branching::FewestCandidates, 2).unwrap();
            let row_major = general(&p).search(Branching::RowMajor, 1).unwrap().0;
            let expected = match row_major {
                Some(grid) => RowMajor9::First(grid.cells().to_vec().try_into().unwrap()),
                None => RowMajor9::NoSolution,
            };
            kinds[(count.solutions as usize).min(2)] += 1;
            for budget in [0, 1, 3, 8, ROW_MAJOR_FIRST, u64::MAX] {
                let state = State::new(&g, false).expect("givens that fit");
                let (counted, first) = first9_from(state, 1_000_000, budget, None).unwrap();
                assert_eq!(first, expected, "{line}: {g:?} with {budget}");
                assert_eq!(counted.solutions, count.solutions, "{line}: {g:?} with {budget}");
                // Which way the first search went.
                let mut logic = Search::new(2, None);
                logic.keep_root = true;
                logic.root_only = true;
                logic.start(&mut State::new(&g, false).unwrap());
                let Some(mut root) = logic.root else {
                    ways[0] += 1;
                    continue;
                };
                let mut search = Search::new(2, None);
                search.row_major = true;
                search.budget = budget;
                search.start(&mut root);
                ways[match (search.found, search.out_of_budget) {
                    (2, _) | (_, false) => 1,
                    (1, true) => 2,
                    _ => 3,
                }] += 1;
            }
        }
    }
    assert!(kinds.iter().all(|&n| n >= 5), "too few of some kind (none, one, several): {kinds:?}");
    assert!(ways.iter().all(|&n| n >= 5), "a way out of the first search too rare: {ways:?}");
}

/// The smallest digit other than `right` that no peer of cell `c` holds in `grid`: given
/// there, it breaks the solution `right` belongs to without a clash in sight.
fn clashing_value(grid: &[u8; 81], c: usize, right: u8) -> Option<u8> {
    (1..=9u8).find(|&v| {
        v != right
            && (0..81).all(|o| {
                let peer = o / 9 == c / 9
                    || o % 9 == c % 9
                    || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3);
                o == c || !peer || grid[o] != v
            })
    })
}

/// Mirroring a grid in its main diagonal swaps the ways its bands and its stacks leave (the
/// stack side reads each 3×3 matrix of (band, column) pairs as the band side reads (row, box)).
#[test]
fn mirroring_swaps_the_ways_of_bands_and_stacks() {
    let mut differ = 0;
    for name in ["forum-hardest-1905-11plus.txt", "17-clue.txt", "serg-benchmark.txt"] {
        for line in lines(name).iter().take(40) {
            let givens = parse(line);
            let (bands, stacks) = State::new(&givens, false).unwrap().ways();
            let mirrored = State::new(&mirror(&givens), false).unwrap().ways();
            assert_eq!(mirrored, (stacks, bands), "{line}");
            differ += usize::from(bands != stacks);
        }
    }
    assert!(differ > 60, "only {differ} grids whose two orientations differ");
}

/// A sparse puzzle whose stacks leave fewer ways is searched mirrored: its count is the
/// general engine's, and its first solution is the mirror of the mirrored puzzle's (which is
/// searched as it lies), a solution of the puzzle itself. With puzzles of many solutions too
/// (17-clue puzzles less some givens), where which solution comes first shows the mirroring.
#[test]
fn sparse_puzzles_with_tighter_stacks_are_searched_mirrored() {
    let mut mirrored = 0;
    let hardest = lines("forum-hardest-1905-11plus.txt");
    let clue17 = lines("17-clue.txt");
    let mut cases: Vec<(String, [u8; 81], u64)> =
        hardest.iter().take(40).map(|l| (l.clone(), parse(l), 2)).collect();
    for (n, line) in clue17.iter().take(40).enumerate() {
        let mut givens = parse(line);
        let cells: Vec<usize> = (0..81).filter(|&c| givens[c] != 0).collect();
        givens[cells[n % cells.len()]] = 0;
        cases.push((format!("{line} less one"), givens, 5));
    }
    for (what, givens, limit) in cases {
        let state = State::new(&givens, false).unwrap();
        let (bands, stacks) = state.ways();
        let fast = solve9(&givens, limit);
        let (_, count, _) =
            general(&puzzle(&givens)).search(Branching::FewestCandidates, limit).unwrap();
        assert_eq!(fast.solutions, count.solutions, "{what}");
        let first = fast.first.expect("a solution");
        assert!(puzzle(&givens).is_solution(&Grid::from_valid(9, first.to_vec())), "{what}");
        if state.open_cells() >= SPARSE_OPEN && stacks < bands {
            mirrored += 1;
            let other = solve9(&mirror(&givens), limit);
            assert_eq!(other.solutions, fast.solutions, "{what}");
            assert_eq!(other.first.map(|g| mirror(&g)), Some(first), "{what}");
        }
    }
    assert!(mirrored >= 20, "only {mirrored} puzzles searched mirrored");
}

/// X-Sudoku in this engine (`diagonals`) against the general engine: every X game ID of the
/// in-repository Solo sample, its solution thinned (a pseudo-random fifth to four fifths of
/// the cells kept: one solution or many), with a kept value changed (often no solution, or a
/// clash on a diagonal), and plain Sudokus read as X (mostly no solution). The count to two,
/// a first solution that keeps both diagonals, the row-major first solution, and the wired
/// solver (which routes a 9×9 X-Sudoku here) all agree.
#[test]
fn x_sudoku_agrees_with_the_general_engine() {
    use crate::format::{self, Format};
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut counts = [0usize; 3];
    let mut cases: Vec<Puzzle> = Vec::new();
    for row in tsv.lines().skip(1).filter(|r| r.starts_with("3x3x")) {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        assert!(p.diagonals(), "{row}");
        let solution: Vec<u8> = f[3].split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
        cases.push(p.clone());
        for keep in [20u64, 35, 50, 65, 80] {
            let mut givens: Vec<u8> = solution
                .iter()
                .map(|&v| if next(&mut state) % 100 < keep { v } else { 0 })
                .collect();
            let with = |g: &[u8]| p.with_givens(Grid::from_valid(9, g.to_vec())).unwrap();
            cases.push(with(&givens));
            if let Some(c) = givens.iter().position(|&v| v != 0) {
                givens[c] = givens[c] % 9 + 1;
                cases.push(with(&givens));
            }
        }
    }
    for line in lines("17-clue.txt").iter().take(5) {
        cases.push(puzzle(&parse(line)).with_diagonals(true));
    }
    for q in &cases {
        let givens: [u8; 81] = q.givens().cells().try_into().unwrap();
        let fast = solve9_until(&givens, true, 2, None).unwrap();
        let (_, count, _) = general(q).search(Branching::FewestCandidates, 2).unwrap();
        assert_eq!(fast.solutions, count.solutions, "{givens:?}");
        counts[count.solutions as usize] += 1;
        if let Some(first) = fast.first {
            assert!(q.is_solution(&Grid::from_valid(9, first.to_vec())), "{givens:?}");
        }
        let row_major = general(q).search(Branching::RowMajor, 1).unwrap().0;
        match first9_until(&givens, true, 1_000_000, None).unwrap() {
            (_, RowMajor9::First(g)) => {
                assert_eq!(Some(g.to_vec()), row_major.as_ref().map(|g| g.cells().to_vec()))
            }
            (_, RowMajor9::NoSolution) => assert_eq!(row_major, None, "{givens:?}"),
            (_, RowMajor9::OutOfGuesses) => {}
        }
        let wired = Solver::new(q).solve().unwrap();
        assert_eq!(wired.grid, row_major, "{givens:?}");
        assert_eq!(wired.count.solutions, count.solutions, "{givens:?}");
        assert_eq!(Solver::new(q).count(2).unwrap().solutions, count.solutions, "{givens:?}");
        // The generator's count within a budget: here too, and None only past the budget.
        let within = Solver::new(q).count_within(2, 1_000_000).unwrap();
        assert_eq!(within.map(|c| c.solutions), Some(count.solutions), "{givens:?}");
        if fast.guesses > 0 {
            assert_eq!(Solver::new(q).count_within(2, fast.guesses - 1).unwrap(), None);
        }
    }
    assert!(counts.iter().all(|&n| n >= 10), "too few of each count (0, 1, 2): {counts:?}");
}
