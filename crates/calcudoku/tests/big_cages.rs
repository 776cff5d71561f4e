//! Cages of any size up to the whole grid (issue #19): no fixed-size buffer may meet a cage's
//! cell count, whatever the operator.

use calcudoku::solve::Solver;
use calcudoku::{Cage, Cell, Operator, Puzzle};

/// One cage over the whole `n`×`n` grid.
fn one_cage(n: usize, target: u64, op: Option<Operator>) -> Puzzle {
    let cells = (0..n * n).map(|i| Cell(i as u16)).collect();
    Puzzle::kenken(n, vec![Cage::new(target, op, cells)]).unwrap()
}

/// The first Latin square of side `n` in row-major order, by a plain depth-first search over
/// the cells in that order, values ascending (independent of the solver).
fn first_latin_square(n: usize) -> Vec<u8> {
    fn go(i: usize, n: usize, cells: &mut [u8], rows: &mut [u64], cols: &mut [u64]) -> bool {
        if i == n * n {
            return true;
        }
        let (r, c) = (i / n, i % n);
        for v in 0..n {
            let bit = 1u64 << v;
            if (rows[r] | cols[c]) & bit == 0 {
                rows[r] |= bit;
                cols[c] |= bit;
                cells[i] = v as u8 + 1;
                if go(i + 1, n, cells, rows, cols) {
                    return true;
                }
                rows[r] &= !bit;
                cols[c] &= !bit;
            }
        }
        false
    }
    let mut cells = vec![0; n * n];
    assert!(go(0, n, &mut cells, &mut vec![0; n], &mut vec![0; n]));
    cells
}

#[test]
fn a_9x9_sum_cage_of_81_cells_is_solved() {
    // Every Latin square adds up to 405: the first in row-major order is the answer.
    let p = one_cage(9, 405, Some(Operator::Add));
    let report = Solver::new(&p).solve().unwrap();
    let grid = report.grid.clone().expect("a solution");
    assert!(p.is_solution(&grid));
    assert_eq!(grid.cells(), &first_latin_square(9)[..]);
    assert!(!report.is_unique());
}

#[test]
fn whole_grid_cages_of_every_operator_are_no_panic() {
    // n = 9: 81 cells. Sum 405 fits every square, 404 none; a product of all values is
    // (9!)^9, past u64 (no square fits); the difference and quotient of 81 cells fit none;
    // a hidden operator with the sum's target fits every square (as a sum).
    let n = 9;
    let cases: [(u64, Option<Operator>, bool); 6] = [
        (405, Some(Operator::Add), true),
        (404, Some(Operator::Add), false),
        (362_880, Some(Operator::Mul), false),
        (1, Some(Operator::Sub), false),
        (2, Some(Operator::Div), false),
        (405, None, true),
    ];
    for (target, op, solvable) in cases {
        let p = one_cage(n, target, op);
        let report = Solver::new(&p).solve().unwrap();
        assert_eq!(report.grid.is_some(), solvable, "{target} {op:?}");
        if let Some(g) = &report.grid {
            assert!(p.is_solution(g));
            assert_eq!(g.cells(), &first_latin_square(n)[..], "{target} {op:?}");
        }
    }
}

#[test]
fn the_largest_grid_in_one_cage() {
    // 64×64: 4096 cells in one sum cage (every Latin square of side 64 adds up to
    // 64 · 2080), and in one hidden-operator cage with the same target.
    let n = 64;
    for op in [Some(Operator::Add), None] {
        let p = one_cage(n, 64 * 2080, op);
        let report = Solver::new(&p).solve().unwrap();
        let grid = report.grid.expect("a solution");
        assert_eq!(grid.cells(), &first_latin_square(n)[..], "{op:?}");
    }
}

#[test]
fn cages_just_past_64_cells() {
    // A 9×9 split into a 65-cell cage and a 16-cell cage, both sums, from the first square
    // (which stays the first solution: it is the first Latin square of all).
    let n = 9;
    let square = first_latin_square(n);
    let (a, b): (Vec<usize>, Vec<usize>) = (0..n * n).partition(|&i| i < 65);
    let sum = |cells: &[usize]| cells.iter().map(|&i| square[i] as u64).sum::<u64>();
    let cage = |cells: &[usize], op| {
        Cage::new(sum(cells), op, cells.iter().map(|&i| Cell(i as u16)).collect())
    };
    for op in [Some(Operator::Add), None] {
        let p = Puzzle::kenken(n, vec![cage(&a, op), cage(&b, op)]).unwrap();
        let report = Solver::new(&p).solve().unwrap();
        assert_eq!(report.grid.expect("a solution").cells(), &square[..], "{op:?}");
    }
}

#[test]
fn a_killer_cage_of_more_than_64_cells_has_no_solution() {
    // Its values must all differ: 81 of them cannot, whatever the target.
    let cells = (0..81).map(|i| Cell(i as u16)).collect();
    let cage = Cage::new(405, Some(Operator::Add), cells);
    let boxes = calcudoku::BoxShape::standard(9);
    let p = Puzzle::new(9, boxes, calcudoku::Grid::empty(9), vec![cage], true).unwrap();
    let report = Solver::new(&p).solve().unwrap();
    assert_eq!(report.grid, None);
    assert!(report.count.complete);
}
