//! Tests of the trades: rectangles and longer cycles, the keys that tell kept sums,
//! products and values, and both searches against the solver and a reference.

use super::*;
use crate::generate::kenken;
use crate::generate::ops::puzzle_of;
use crate::generate::rng::Rng;
use crate::generate::{Kind, Options, ops};
use crate::solve::Solver;

/// A 4×4 square made of 2×2 blocks, each `a b` over `b a`.
fn square() -> Grid {
    Grid::from_valid(4, vec![1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1])
}

/// The clues of `cut` on `square` with operator `op` on every cage (None: givens).
fn clues(square: &Grid, cut: &[CageCells], op: Option<Operator>) -> Vec<Clue> {
    cut.iter()
        .map(|k| {
            let values: Vec<u8> = k.iter().map(|&c| square.cells()[c]).collect();
            let target = match op {
                Some(op) => ops::target(op, &values).expect("fits"),
                None => values[0] as u64,
            };
            (op, target)
        })
        .collect()
}

fn count(n: usize, cut: &[CageCells], clues: &[Clue]) -> u64 {
    Solver::new(&puzzle_of(n, cut, clues)).count(2).unwrap().solutions
}

#[test]
fn a_rectangle_whose_swap_keeps_the_cages_is_a_second_solution() {
    let square = square();
    // Each 2×2 block a + cage: swapping its diagonals keeps the sum.
    let blocks: Vec<CageCells> = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
        .iter()
        .map(|k| CageCells::from_slice(k))
        .collect();
    let sums = clues(&square, &blocks, Some(Operator::Add));
    assert_eq!(
        second_solution(square.size(), square.cells(), &blocks, &sums),
        Some(Trade::Rectangle([0, 1, 4, 5]))
    );
    assert_eq!(count(4, &blocks, &sums), 2);
    // Every cell a given: no trade keeps them.
    let givens: Vec<CageCells> = (0..16).map(|c| CageCells::from_slice(&[c])).collect();
    let given = clues(&square, &givens, None);
    assert_eq!(second_solution(square.size(), square.cells(), &givens, &given), None);
    assert_eq!(count(4, &givens, &given), 1);
}

#[test]
fn a_cycle_of_three_is_found_where_no_rectangle_is() {
    // The cyclic square of side 3 has no rectangle. Rows 0 and 1 as two + cages of three
    // cells (1 2 3 over 2 3 1: swapping them keeps both sums), the rest given.
    let square = Grid::from_valid(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]);
    let mut cut: Vec<CageCells> = vec![CageCells::from_slice(&[0, 1, 2])];
    cut.push(CageCells::from_slice(&[3, 4, 5]));
    cut.extend((6..9).map(|c| CageCells::from_slice(&[c])));
    let mut clue = clues(&square, &cut[..2], Some(Operator::Add));
    clue.extend(clues(&square, &cut[2..], None));
    assert_eq!(second_solution(square.size(), square.cells(), &cut, &clue), Some(Trade::Cycle));
    assert_eq!(count(3, &cut, &clue), 2);
    // One more given in row 0 and the swap breaks it: then there is no second solution.
    let mut cut: Vec<CageCells> = vec![CageCells::from_slice(&[0])];
    cut.push(CageCells::from_slice(&[1, 2]));
    cut.push(CageCells::from_slice(&[3, 4, 5]));
    cut.extend((6..9).map(|c| CageCells::from_slice(&[c])));
    let mut clue = clues(&square, &cut[..1], None);
    clue.extend(clues(&square, &cut[1..3], Some(Operator::Add)));
    clue.extend(clues(&square, &cut[3..], None));
    assert_eq!(second_solution(square.size(), square.cells(), &cut, &clue), None);
    assert_eq!(count(3, &cut, &clue), 1);
}

/// The cyclic square of side 3 (`S[r][c] = (r + c) mod 3 + 1`) cut so that only rows,
/// or only columns, have a cycle that keeps every cage: each cycle of three there touches
/// a given unless the cages are laid out for it.
#[test]
fn rows_and_columns_each_give_cycles() {
    let square = Grid::from_valid(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]);
    let layouts: [(Pair, [&[usize]; 5]); 2] = [
        (Pair::Rows, [&[0, 1, 2], &[3, 4, 5], &[6], &[7], &[8]]),
        (Pair::Columns, [&[0, 3, 6], &[1, 4, 7], &[2], &[5], &[8]]),
    ];
    for (kind, cages) in layouts {
        let cut: Vec<CageCells> = cages.iter().map(|k| CageCells::from_slice(k)).collect();
        let clue: Vec<Clue> = cut
            .iter()
            .map(|k| {
                let op = (k.len() > 1).then_some(Operator::Add);
                clues(&square, std::slice::from_ref(k), op)[0]
            })
            .collect();
        let mut trades = Trades::<256, 16>::empty(square.size(), &cut, Some(&clue));
        trades.fill(square.cells());
        for pair in [Pair::Rows, Pair::Columns] {
            assert_eq!(trades.cycles(pair), pair == kind, "{kind:?} layout, {pair:?} cycles");
        }
        assert_eq!(trades.rectangle(), None);
        assert_eq!(second_solution(square.size(), square.cells(), &cut, &clue), Some(Trade::Cycle));
        assert_eq!(count(3, &cut, &clue), 2, "{kind:?}");
    }
}

/// Every multiset of 1 to `len` values from 1 to `top`, each sorted.
fn multisets(len: usize, top: u8) -> Vec<Vec<u8>> {
    let mut sets: Vec<Vec<u8>> = (1..=top).map(|v| vec![v]).collect();
    for len in 2..=len {
        let longer: Vec<Vec<u8>> = sets
            .iter()
            .filter(|s| s.len() == len - 1)
            .flat_map(|s| (s[s.len() - 1]..=top).map(move |v| [&s[..], &[v]].concat()))
            .collect();
        sets.extend(longer);
    }
    sets
}

/// Products are kept exactly when their exponents are: every multiset of up to three
/// values from 1 to 16 against every other of the same size.
#[test]
fn exponents_tell_equal_products() {
    let sets = multisets(3, 16);
    let (mut equal, mut pairs) = (0, 0);
    for x in &sets {
        for y in sets.iter().filter(|y| y.len() == x.len()) {
            let product = |s: &[u8]| s.iter().map(|&v| u64::from(v)).product::<u64>();
            let key =
                |s: &[u8]| s.iter().fold(0u64, |k, &v| k.wrapping_add(Balance::Product.of(v)));
            assert_eq!(product(x) == product(y), key(x) == key(y), "{x:?} {y:?}");
            equal += usize::from(product(x) == product(y) && x != y);
            pairs += 1;
        }
    }
    assert!(equal > 1000 && pairs > 500_000, "{equal} {pairs}");
}

/// The trades [`keeps_values`] weighs, made one by one on a copy of the square: every
/// cycle of every two rows (rectangles) and of neighbouring rows or columns (three places
/// or more), kept when every cage holds the same values after it, compared sorted.
fn reference(n: usize, square: &[u8], cut: &[CageCells]) -> bool {
    let sorted = |grid: &[u8], cells: &CageCells| {
        let mut v: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        v.sort_unstable();
        v
    };
    for by_rows in [true, false] {
        let cell = |line: usize, place: usize| {
            if by_rows { line * n + place } else { place * n + line }
        };
        for a in 0..n {
            for b in a + 1..n {
                let mut seen = vec![false; n];
                for start in 0..n {
                    if seen[start] {
                        continue;
                    }
                    // The cycle through `start`: the place where line a holds what line b
                    // holds at the current place comes next.
                    let mut places = vec![start];
                    loop {
                        let here = *places.last().unwrap();
                        let wanted = square[cell(b, here)];
                        let next = (0..n).find(|&p| square[cell(a, p)] == wanted).unwrap();
                        if next == start {
                            break;
                        }
                        places.push(next);
                    }
                    for &p in &places {
                        seen[p] = true;
                    }
                    let weighed = places.len() == 2 && by_rows || places.len() >= 3 && b == a + 1;
                    if !weighed {
                        continue;
                    }
                    let mut traded = square.to_vec();
                    for &p in &places {
                        traded.swap(cell(a, p), cell(b, p));
                    }
                    if cut.iter().all(|k| sorted(&traded, k) == sorted(square, k)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The same verdict as the reference on candidates made as the generator makes them,
/// sizes 1 to 9, cages of up to two, three and six cells; both verdicts come up often.
#[test]
fn keeps_values_finds_what_trading_cell_by_cell_finds() {
    let mut seen = [0usize; 2];
    for size in 1..=9 {
        for seed in 0..300u64 {
            let mut options = Options::new(Kind::KenKen, size);
            options.max_cage = [2, 3, 6][seed as usize % 3];
            let mut rng = Rng::new(seed, 400 + size as u64);
            let Some((square, cut, _, _)) = kenken::candidate(&options, &mut rng) else {
                continue;
            };
            let found = keeps_values(size, square.cells(), &cut);
            assert_eq!(found, reference(size, square.cells(), &cut), "{size} {seed}: {cut:?}");
            seen[usize::from(found)] += 1;
        }
    }
    assert!(seen[0] >= 500 && seen[1] >= 500, "{seen:?}");
}

/// A trade that keeps every cage's values keeps every clue: on candidates made as the
/// generator makes them (sizes 3 to 9, all operators, × only, hidden operators), wherever
/// `keeps_values` finds one, the trades with the candidate's clues find one too and the
/// solver counts two solutions, with those clues and with the cages' operators all ×.
/// And it finds most of the candidates with two solutions (the generator turns those
/// down before drawing operators).
#[test]
fn trades_that_keep_the_values_keep_every_clue() {
    let (mut kept, mut several, mut tried) = (0, 0, 0);
    for size in 3..=9 {
        for seed in 0..80u64 {
            let mut options = Options::new(Kind::KenKen, size);
            match seed % 3 {
                0 => options.hidden_ops = true,
                1 => options.ops = vec![Operator::Mul],
                _ => {}
            }
            let mut rng = Rng::new(seed, 300 + size as u64);
            let Some((square, cut, _, clue)) = kenken::candidate(&options, &mut rng) else {
                continue;
            };
            tried += 1;
            let found = keeps_values(size, square.cells(), &cut);
            let solutions = count(size, &cut, &clue);
            several += usize::from(solutions == 2);
            if !found {
                continue;
            }
            kept += 1;
            assert_eq!(solutions, 2, "{size} {seed}");
            assert!(second_solution(size, square.cells(), &cut, &clue).is_some(), "{size} {seed}");
            let products = clues(&square, &cut, Some(Operator::Mul));
            assert_eq!(count(size, &cut, &products), 2, "{size} {seed}");
        }
    }
    assert!(tried >= 400, "{tried}");
    assert!(kept * 10 >= several * 8 && kept >= 150, "{kept} of {several}");
}

/// A cage's values are kept exactly when their counts are: every multiset of up to four
/// values from 1 to 15 against every other of the same size.
#[test]
fn counts_tell_equal_values() {
    let sets = multisets(4, 15);
    let key = |s: &[u8]| s.iter().fold(0u64, |k, &v| k.wrapping_add(Balance::Values.of(v)));
    let mut keys: Vec<u64> = sets.iter().map(|s| key(s)).collect();
    keys.sort_unstable();
    keys.dedup();
    // Sorted multisets, all different: as many keys as multisets.
    assert_eq!(keys.len(), sets.len());
    assert_eq!(sets.len(), 3875); // 15 + 120 + 680 + 3,060
}

/// On candidates made as the generator makes them, a trade is found only where the solver
/// counts two solutions, and most candidates with two are found (the cycles among them).
#[test]
fn trades_are_second_solutions_and_find_most() {
    let (mut found, mut cycles, mut several) = (0, 0, 0);
    for size in 3..=7 {
        for seed in 0..120u64 {
            let mut options = Options::new(Kind::KenKen, size);
            if seed % 3 == 0 {
                options.hidden_ops = true;
            }
            let mut rng = Rng::new(seed, 100 + size as u64);
            let Some((square, cut, _, clue)) = kenken::candidate(&options, &mut rng) else {
                continue;
            };
            let trade = second_solution(square.size(), square.cells(), &cut, &clue);
            let solutions = count(size, &cut, &clue);
            assert!(trade.is_none() || solutions == 2, "{size} {seed}: {trade:?}");
            several += usize::from(solutions == 2);
            found += usize::from(trade.is_some());
            cycles += usize::from(trade == Some(Trade::Cycle));
        }
    }
    assert!(several >= 300, "{several}");
    // 3,770 of 4,199 (90%) on ten times these seeds: no less than 85% on these.
    assert!(found * 20 >= several * 17, "{found} of {several}");
    assert!(cycles >= 100, "{cycles} cycles");
}

/// The search without the state of `Trades` (up to 8×8) gives the verdict of the search with
/// it, on random Latin squares cut as the generator cuts them (cages of up to two, three,
/// four and six cells) and cut at random into cages of any cells, connected or not (the
/// short search must not lean on the cut's shapes); both verdicts come up often.
#[test]
fn values_kept_as_by_the_state() {
    use crate::generate::{cages, latin};
    let mut seen = [0usize; 2];
    for n in 1..=8 {
        for seed in 0..1500u64 {
            let mut rng = Rng::new(seed, 700 + n as u64);
            let square = latin::latin_square(n, &mut rng);
            let cut = if seed % 2 == 0 {
                match cages::cut(n, [2, 3, 4, 6][seed as usize / 2 % 4], &mut rng) {
                    Some(cut) => cut,
                    None => continue,
                }
            } else {
                // Each cell in one of `kinds` cages drawn at random, fewer for more cells.
                let kinds = 1 + rng.below(n * n);
                let label: Vec<usize> = (0..n * n).map(|_| rng.below(kinds)).collect();
                (0..kinds)
                    .map(|k| (0..n * n).filter(|&c| label[c] == k).collect::<CageCells>())
                    .filter(|k| !k.is_empty())
                    .collect()
            };
            let cells = square.cells();
            let short = if n <= 4 {
                values_kept::<16>(n, cells, &cut)
            } else {
                values_kept::<64>(n, cells, &cut)
            };
            assert_eq!(short, values_kept_by_state(n, cells, &cut), "{n} {seed}: {cut:?}");
            seen[usize::from(short)] += 1;
        }
    }
    assert!(seen[0] >= 3000 && seen[1] >= 3000, "{seen:?}");
}
