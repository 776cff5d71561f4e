use proptest::prelude::*;

use crate::format::{self, Format};
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::solve::{Branching, Solver};

/// Layouts of every kind this engine takes, each with a solution grid: boxes of several
/// shapes, jigsaw, X, jigsaw X, windoku, a Latin square, a 16×16.
fn layouts() -> &'static [(Puzzle, Grid)] {
    static LAYOUTS: std::sync::OnceLock<Vec<(Puzzle, Grid)>> = std::sync::OnceLock::new();
    LAYOUTS.get_or_init(make_layouts)
}

fn make_layouts() -> Vec<(Puzzle, Grid)> {
    let solved = |id: &str| {
        let p = format::parse(id, Some(Format::SOLO)).unwrap();
        let g = Solver::general(&p).solve().unwrap().grid.expect("solvable");
        (p.with_givens(Grid::empty(p.size())).unwrap(), g)
    };
    let mut out = vec![
        solved("2x3:4d6a1_5_4c3h3c2_3_1a3d2"),
        solved("4j:b1b3a4_4a3b1b,ba___abb_b_b_"),
        solved(
            "9j:c3_1_5b7_7j1b7e3d7c2c8c3d9e4b2j3_2b8_6_9c,ecad__d_caa_abd_bd_bb__bebcda__a_aa_aa_a_a__ab__a_baa__aa_bdac",
        ),
        solved("3x3x:a6a4a2e8h2b6a9a8_1_4c7_3k3_7c2_8_6a7a9b5h1e5a7a6a"),
        solved(
            "9jx:a5a3d1e5e6a7m4a5c7a9m4a9e5e2d3a4a,c_d_____aa__aaa__aab_aba__ba___a_baacdf__a__eabehad__c_dbdd_",
        ),
    ];
    // A windoku: the four windows of a 9×9, on a solution found by the general engine.
    let windows: Vec<Vec<Cell>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(r, c)| (0..9).map(|i| Cell::at(r + i / 3, c + i % 3, 9)).collect::<Vec<_>>())
        .collect();
    let windoku = Puzzle::builder(9)
        .boxes(crate::puzzle::BoxShape::standard(9))
        .extra_regions(windows)
        .build()
        .unwrap();
    let g = Solver::general(&windoku).solve().unwrap().grid.unwrap();
    out.push((windoku, g));
    // A Latin square with a small extra region, and a 16×16 Sudoku.
    let latin = Puzzle::builder(5).extra_regions(vec![vec![Cell(0), Cell(6), Cell(12)]]).build();
    let latin = latin.unwrap();
    let g = Solver::general(&latin).solve().unwrap().grid.unwrap();
    out.push((latin, g));
    let big = Puzzle::builder(16).boxes(crate::puzzle::BoxShape::standard(16)).build().unwrap();
    let g = Solver::general(&big).solve().unwrap().grid.unwrap();
    out.push((big, g));
    out
}

/// The puzzle of `layout` with the givens `keep` picks from its solution, some of them
/// changed (`shift`): unique, several or no solutions.
fn with_givens(layout: &(Puzzle, Grid), keep: &[bool], shift: &[u8]) -> Puzzle {
    let (p, g) = layout;
    let n = p.size() as u8;
    let cells: Vec<u8> = g
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if !keep[i % keep.len()] {
                return 0;
            }
            let s = shift[i % shift.len()];
            if s < 3 { (v - 1 + s) % n + 1 } else { v }
        })
        .collect();
    p.with_givens(Grid::from_valid(p.size(), cells)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The engine counts, orders and finds as the general engine does.
    #[test]
    fn agrees_with_the_general_engine(
        which in 0usize..8,
        density in 0u8..12,
        keep in prop::collection::vec(0u8..20, 1..300),
        shift in prop::collection::vec(0u8..40, 1..40),
    ) {
        let layouts = layouts();
        let keep: Vec<bool> = keep.iter().map(|&k| k < density).collect();
        let p = with_givens(&layouts[which], &keep, &shift);
        let fast = Solver::new(&p);
        let general = Solver::general(&p);
        for limit in [1, 2, 5] {
            let (_, a, _) = fast.search(Branching::FewestCandidates, limit).unwrap();
            let (_, b, _) = general.search(Branching::FewestCandidates, limit).unwrap();
            prop_assert_eq!(a, b);
        }
        let (a, ca, _) = fast.search(Branching::RowMajor, 3).unwrap();
        let (b, cb, _) = general.search(Branching::RowMajor, 3).unwrap();
        prop_assert_eq!(a, b);
        prop_assert_eq!(ca, cb);
        let a = fast.solve().unwrap();
        let b = general.solve().unwrap();
        prop_assert_eq!(a.grid, b.grid);
        prop_assert_eq!(a.count, b.count);
    }
}

/// Every layout takes this engine (and a puzzle with cages does not).
#[test]
fn puzzles_of_houses_take_this_engine() {
    for (p, g) in layouts() {
        let (p, g) = (p.clone(), g.clone());
        assert!(super::Houses::new(&p).is_some());
        let full = p.with_givens(g.clone()).unwrap();
        let found = Solver::new(&full).solve().unwrap();
        assert_eq!(found.grid, Some(g));
        assert!(found.is_unique());
    }
    let killer = r#"{"size": 4, "boxes": "2x2", "cages": [{"op": "+", "target": 3, "cells": [[0, 0], [0, 1]]}]}"#;
    assert!(super::Houses::new(&format::parse(killer, None).unwrap()).is_none());
}
