//! The brute force against planted puzzles: whatever it returns solves the puzzle and comes
//! no later (row-major) than the square the puzzle was made from — it finds the first solution —
//! and it is the very grid the fast solver returns.

use calcudoku::solve::brute::{BruteOutcome, brute_force_with};
use calcudoku::{Operator, validate};
use calcudoku_testkit::random_kenken;
use proptest::prelude::*;

fn ops_subset() -> impl Strategy<Value = Vec<Operator>> {
    proptest::sample::subsequence(Operator::ALL.to_vec(), 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn brute_force_finds_the_first_solution(size in 1usize..=5, seed in any::<u64>(), ops in ops_subset()) {
        let (puzzle, planted) = random_kenken(size, seed, &ops);
        prop_assert!(puzzle.is_solution(&planted));
        let result = brute_force_with(&puzzle, None, &mut |_| false);
        let grid = match result.outcome {
            BruteOutcome::Solved(g) => g,
            other => return Err(TestCaseError::fail(format!("{other:?} for a planted puzzle"))),
        };
        prop_assert!(puzzle.is_solution(&grid), "{grid}");
        prop_assert_eq!(validate::check_solution(&puzzle, &grid), Ok(()));
        prop_assert!(grid.cells() <= planted.cells(), "found\n{grid}after the planted\n{planted}");
        prop_assert!(result.stats.checks >= (size * size) as u64);
        // The fast solver's first solution is the brute force's, exactly.
        let fast = calcudoku::solve::solve(&puzzle);
        prop_assert_eq!(Some(&grid), fast.as_ref());
    }

    #[test]
    fn a_budget_never_changes_the_answer(size in 1usize..=4, seed in any::<u64>(), cut in 1u64..200) {
        let (puzzle, _) = random_kenken(size, seed, &[]);
        let full = brute_force_with(&puzzle, None, &mut |_| false);
        let bounded = brute_force_with(&puzzle, Some(cut), &mut |_| false);
        if full.stats.checks <= cut {
            prop_assert_eq!(bounded, full);
        } else {
            prop_assert_eq!(bounded.outcome, BruteOutcome::Stopped);
            prop_assert_eq!(bounded.stats.checks, cut);
        }
    }
}
