use super::*;
use crate::puzzle::Family;

/// IDs made by Solo's own generator, with the solution Solo's solver gives (rows by `/`).
const MADE_BY_SOLO: &[(&str, &str)] = &[
    ("2x2:c1c2_2c4c", ""),
    (
        "2x3:4d6a1_5_4c3h3c2_3_1a3d2",
        "4 2 3 1 5 6/6 1 5 4 2 3/1 3 6 2 4 5/2 5 4 6 3 1/5 6 2 3 1 4/3 4 1 5 6 2",
    ),
    ("4j:b1b3a4_4a3b1b,ba___abb_b_b_", ""),
    (
        "9j:c3_1_5b7_7j1b7e3d7c2c8c3d9e4b2j3_2b8_6_9c,ecad__d_caa_abd_bd_bb__bebcda__a_aa_aa_a_a__ab__a_baa__aa_bdac",
        "6 2 9 3 1 5 4 8 7/7 4 8 9 5 3 6 1 2/4 8 1 6 3 7 5 2 9/8 9 3 5 2 4 1 7 6/9 7 2 1 4 6 8 3 5/5 3 6 7 8 2 9 4 1/3 6 5 4 7 1 2 9 8/1 5 4 2 9 8 7 6 3/2 1 7 8 6 9 3 5 4",
    ),
    (
        "3x3x:a6a4a2e8h2b6a9a8_1_4c7_3k3_7c2_8_6a7a9b5h1e5a7a6a",
        "1 6 3 4 9 2 8 5 7/7 9 8 3 1 5 6 4 2/5 4 2 8 7 6 3 9 1/8 1 4 6 2 9 7 3 5/6 2 5 7 8 3 4 1 9/9 3 7 1 5 4 2 8 6/4 7 6 9 3 1 5 2 8/3 5 9 2 6 8 1 7 4/2 8 1 5 4 7 9 6 3",
    ),
    (
        "9jx:a5a3d1e5e6a7m4a5c7a9m4a9e5e2d3a4a,c_d_____aa__aaa__aab_aba__ba___a_baacdf__a__eabehad__c_dbdd_",
        "8 5 4 3 6 7 2 9 1/3 2 7 9 1 5 8 6 4/1 9 6 2 7 4 5 3 8/7 1 2 4 5 9 3 8 6/4 6 5 8 3 2 7 1 9/6 8 3 7 9 1 4 5 2/5 3 8 1 4 6 9 2 7/9 4 1 5 2 8 6 7 3/2 7 9 6 8 3 1 4 5",
    ),
    ("2x2k:p,_baa_ab______aa_,7_7c5a4_5a7a5c", ""),
    ("4jxk:p,b____aa__c__e,a______aa_baa_aa,5a6_4_8_5d9b3b", ""),
];

fn grid(rows: &str) -> Grid {
    let cells: Vec<u8> = rows.split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
    let n = (cells.len() as f64).sqrt() as usize;
    Grid::from_cells(n, cells).unwrap()
}

#[test]
fn solo_ids_read_as_the_puzzles_they_name() {
    for &(id, solution) in MADE_BY_SOLO {
        let p = parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let head = id.split(':').next().unwrap();
        let kind = p.kind();
        assert_eq!(kind.jigsaw, head.contains('j'), "{id}");
        assert_eq!(kind.diagonals, head.contains("jx") || head.starts_with("3x3x"), "{id}");
        let killer = head.ends_with('k');
        assert_eq!(kind.family, if killer { Family::Killer } else { Family::Sudoku }, "{id}");
        assert_eq!(p.distinct_cages(), killer);
        if !solution.is_empty() {
            let g = grid(solution);
            assert!(p.is_solution(&g), "{id}");
            // Every given is where the solution has it.
            for (given, value) in p.givens().cells().iter().zip(g.cells()) {
                assert!(*given == 0 || given == value);
            }
        }
    }
    // Solo's `2x3` is boxes of 2 rows and 3 columns.
    let p = parse(MADE_BY_SOLO[1].0).unwrap();
    assert_eq!(p.boxes(), Some(BoxShape { height: 2, width: 3 }));
    assert_eq!(p.givens().at(0, 0), 4);
    assert_eq!(p.givens().at(0, 5), 6);
}

#[test]
fn solo_ids_are_written_back_as_solo_wrote_them() {
    for &(id, _) in MADE_BY_SOLO {
        let p = parse(id).unwrap();
        assert_eq!(write(&p).unwrap(), id, "{id}");
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }
}

#[test]
fn full_parameters_are_read_and_not_kept() {
    let plain = parse("2x2:c1c2_2c4c").unwrap();
    for id in ["2x2dt:c1c2_2c4c", "2x2r4db:c1c2_2c4c", "2x2md2de:c1c2_2c4c", "2x2adu:c1c2_2c4c"] {
        assert_eq!(parse(id).unwrap(), plain, "{id}");
    }
    // A lone number: boxes of that side; `Cx1` is Solo's jigsaw.
    assert_eq!(parse("2:c1c2_2c4c").unwrap(), plain);
    let jig = parse("4j:b1b3a4_4a3b1b,ba___abb_b_b_").unwrap();
    assert_eq!(parse("4x1:b1b3a4_4a3b1b,ba___abb_b_b_").unwrap(), jig);
    assert_eq!(parse("2x2j:b1b3a4_4a3b1b,ba___abb_b_b_").unwrap(), jig);
}

#[test]
fn bad_ids_say_where_and_what() {
    let cases: &[(&str, &str)] = &[
        ("2x2:c1c2_2c4", "column 13: expected 16 cells, found 13 described"),
        ("2x2:c1c2_2c4cc", "column 14: this describes more than the grid's 16 cells"),
        ("2x2:c1c2_2c5c", "column 12: expected a given from 1 to 4, found 5"),
        ("2x2:c1c2_2c4c,ab", "column 14: expected the end of the ID"),
        ("2x2q:c1c2_2c4c", "column 4: expected Solo's parameters"),
        ("2x2#123", "random-seed ID"),
        ("1x1:a", "a Solo puzzle of side 1"),
        ("4j:b1b3a4_4a3b1b", "expected ',' and the jigsaw's region walls, found the end"),
        ("4j:b1b3a4_4a3b1b,ba___abb", "column 26: the walls describe 16 edges, expected 24"),
        ("4j:b1b3a4_4a3b1b,ba___abb_b_b", "column 30: expected a wall closing the string"),
        ("4j:b1b3a4_4a3b1b,ba___abb_b_b__", "column 31: the walls describe more than the 24"),
        // Walls everywhere: 16 regions of a cell.
        ("4j:p,_________________________", "the regions do not tile the grid: 5 regions"),
        ("2x2k:p,_baa_ab______aa_,7_7c5a4_5a7a5b", "expected 16 cells"),
        ("2x2k:p,_baa_ab______aa_,7_7c5a4_5a7_5a5b", "has two sums"),
        ("2x2k:p,_baa_ab______aa_,7_7c5a4_5a7a", "expected 16 cells"),
        ("2x2k:p,_baa_ab______aa_,a7c5a4_5a7a5c", "has no sum"),
    ];
    for &(id, want) in cases {
        let e = parse(id).unwrap_err().to_string();
        assert!(e.contains(want), "{id}: {e}");
    }
}

#[test]
fn ids_are_told_from_other_lines() {
    for id in ["3x3:abc", "9j:a,b", "2x3dbr4:x", " 3x3xk:a ", "9jx#123"] {
        assert!(looks_like_id(id), "{id}");
    }
    for other in ["4:b_5a_abbaa__,m6s1m12a9m4a5", "6dh:_3a,m6", "3x:a", "x3:a", "", "3x3 :a"] {
        assert!(!looks_like_id(other), "{other:?}");
    }
}

#[test]
fn what_solo_cannot_hold_is_refused() {
    let json = |text: &str| super::super::json::parse(text).unwrap();
    let cases = [
        (r#"{"size": 4}"#, "without boxes or regions"),
        (r#"{"size": 4, "boxes": "2x2", "extra_regions": [[[0,0],[1,1]]]}"#, "extra regions"),
        (r#"{"size": 3, "boxes": "1x3", "diagonals": true}"#, "diagonals on a side of 3"),
        (
            r#"{"size": 4, "boxes": "2x2", "cages": [{"op": "+", "target": 3, "cells": [[0,0]]}]}"#,
            "a cell in no cage",
        ),
        (
            r#"{"size": 4, "regions": ["aabb", "aabb", "ccdd", "ddcc"]}"#,
            "region 3, which is in pieces",
        ),
    ];
    for (text, want) in cases {
        let e = write(&json(text)).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    // Boxes one row high are no boxes to Solo: written as the jigsaw they are.
    let rows = json(r#"{"size": 3, "boxes": "1x3"}"#);
    assert_eq!(write(&rows).unwrap(), "3j:i,f______");
    assert_eq!(parse("3j:i,f______").unwrap().houses(), rows.houses());
}

#[test]
fn long_runs_of_joined_edges_are_written_as_solo_reads_them() {
    // Regions that are whole rows: every vertical edge in reading order is joined, 7 a row.
    let rows =
        Puzzle::builder(8).regions((0..64).map(|c| (c / 8) as u8).collect()).build().unwrap();
    let id = write(&rows).unwrap();
    assert!(id.contains('z'), "{id}");
    assert_eq!(parse(&id).unwrap().houses(), rows.houses());
}

/// The parts read from a wall string are those a union of joined neighbours gives, numbered in
/// order of first cell, for any set of joined edges (most of them not regions at all).
#[test]
fn parts_are_the_cells_joined_through_open_edges() {
    fn by_union(joins: &[bool], n: usize) -> Vec<usize> {
        let mut root: Vec<usize> = (0..n * n).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while root[i] != i {
                i = root[i];
            }
            i
        }
        for (e, _) in joins.iter().enumerate().filter(|(_, j)| **j) {
            let (a, b) = edge_cells(e, n);
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            root[ra.max(rb)] = ra.min(rb);
        }
        let mut number = vec![usize::MAX; n * n];
        let mut next = 0;
        (0..n * n)
            .map(|i| {
                let r = find(&mut root, i);
                if number[r] == usize::MAX {
                    number[r] = next;
                    next += 1;
                }
                number[r]
            })
            .collect()
    }
    let mut rng = crate::generate::rng::Rng::new(7, 0);
    for round in 0..600 {
        let n = 2 + round % 11;
        let edges = 2 * n * (n - 1);
        // From few joined edges to nearly all of them.
        let keep = rng.below(8);
        let joins: Vec<bool> = (0..edges).map(|_| rng.below(8) < keep).collect();
        let mut sides = Sides::new(n);
        joins.iter().enumerate().filter(|(_, j)| **j).for_each(|(e, _)| sides.join(e));
        assert_eq!(sides.parts(), by_union(&joins, n), "side {n}, joins {joins:?}");
    }
}
