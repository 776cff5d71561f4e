use super::*;
use crate::format::{self, Format};

fn grade(id: &str) -> Result<SoloGrade, SoloError> {
    solo_grade(&format::parse(id, Some(Format::SOLO)).unwrap(), None)
}

#[test]
fn levels_of_solo_made_puzzles() {
    // One of each level, from Solo's generator, with the level its solver gives.
    let cases = [
        ("3x3:7c6b2c3c4_9a4_5b2b8b2_7_4_3e8a6a7a3e1_2_7_4b9b4b1_3a7_6c9c4b9c6", "trivial"),
        ("2x3:4d6a1_5_4c3h3c2_3_1a3d2", "basic"),
    ];
    for (id, want) in cases {
        assert_eq!(grade(id).unwrap().level.name(), want, "{id}");
    }
}

#[test]
fn what_solo_does_not_play_is_refused() {
    let killer = r#"{"size": 4, "boxes": "2x2", "cages": [{"op": "+", "target": 3, "cells": [[0, 0], [0, 1]]}]}"#;
    let p = format::parse(killer, None).unwrap();
    assert_eq!(solo_grade(&p, None), Err(SoloError::NotSolo));
    let latin = format::parse(r#"{"size": 4}"#, None).unwrap();
    assert_eq!(solo_grade(&latin, None), Err(SoloError::NotSolo));
    // Several solutions: not graded.
    let open = format::parse(r#"{"size": 4, "boxes": "2x2"}"#, None).unwrap();
    assert_eq!(solo_grade(&open, None), Err(SoloError::Logic(LogicError::NotUnique)));
}

#[test]
fn level_words_and_letters() {
    for l in SoloLevel::ALL {
        assert_eq!(SoloLevel::from_name(l.name()), Some(l));
        assert_eq!(SoloLevel::from_name(&l.name()[..1]), Some(l));
    }
    assert_eq!(SoloLevel::from_name("Advanced"), Some(SoloLevel::Advanced));
    assert_eq!(SoloLevel::from_name("hard"), None);
}

/// Killer IDs with the two levels Solo's solver gives them (level, Killer level): one of each
/// level from Solo's generator (no givens; its Killers are all Killer level advanced), and
/// some of them with cells of their solution given (bench/side-by-side/solo-with-givens.py),
/// which Solo judges easier Killers.
const KILLERS: [(&str, &str, &str); 14] = [
    (
        "3x3k:zzzc,_aa__a_a______a_____a_aaa___a_____a_______a______a__a_a_ba_aaa__b____aa___aaaa_aaaa____b__aaa_aa_baa_,4_10a13a8_12_11b10_14a10b9_16_13a11b10d10a10b15b6a10a17_13a15_5_17_15a4b12d14a5b8_7_9b15a18d3b15b11a",
        "trivial",
        "advanced",
    ),
    (
        "3x3k:zzzc,__a______a_______aa_aaaaaa_a___a_a_________a_____b_ae__a_b__a___a__b_____aa__aaa____aa____aaba_aab__,10_19_3a9_11_17_8_11b10h20_13a11a22_6_11c7d9a9a17_9b11_8_7_11b7a14c11_15_11_9_7b14f10a12b5a21c",
        "basic",
        "advanced",
    ),
    (
        "3x3k:zzzc,_a__b_____a____a________________a____a_a___a______aa__aadbaabaa_aaab_a__b_a__a_a_a___a__a_aa_aaaaa_,9_12a9_9_14b16a18_7b14a6a18b13a12_8a5b10_10_6b9b6c7b10_15a9_13a7_16c14a15b15_8_8_3a14_15j25c",
        "intermediate",
        "advanced",
    ),
    (
        "3x3k:zzzc,___aa___a____aa______a___aaa_a___a_a________a__a__aaac_aaba_ab__aa______aaa_a__aaa__b__ab___aaaaa_,9_11_18_14a12a16_6e9_15b8a13a13c18_9a9b3d16a15b8a14_12_5a13a17_5d9_13b6_14_7_27c8f7a8a18b",
        "advanced",
        "advanced",
    ),
    (
        "3x3k:zzzc,a__aa___a_a___aaa__a__a___aa____a____c___aa____aa_bbabaaabaa_b__a_a______aaa__a__ab_____ab__aa_,11a7_20_10a11a5_15_13c17_9d7_5c13b9a12a19_10_16a9a12_7d5a13b7a12_13a13a17e14a18a22a14a20j",
        "extreme",
        "advanced",
    ),
    (
        "3x3k:zzzc,_a__aba_a__a_b___aaa__a__a______a______a_b_a_aaacaaa___aa______aba_ab__aa____b__________a____baaa_,11_10a12_15_7a22f10a11a16_10a16_9c12a6b7a7b8a15a15_14_7a7a11_11_7b16b9c6a11a10a26c11a16a12c12d",
        "unreasonable",
        "advanced",
    ),
    (
        "3x3k:a5e8h4i5_5b6b3c7c3c6b7l7_4f6d9d5a,a____a______a_____a______a___a_a____a______a_aa___a_aaaa_aaaaaaaba_baa___bb_aaa_a___a_a___aa_bbaa,9a13_8_8_15_17a4_9_12d6d6_15_14_15a15_18_14_9i10b7a3a9_7_9_11a11_13a12c24e21b14a11a16_11d9d",
        "trivial",
        "trivial",
    ),
    (
        "3x3k:k9w9c8p7t9_5b,_a__aaa__a____aa___ba___aa_______________a___a_a__ab_bbaa_aaa_a__a_a___a_a___aaa__a__a_a_aaab_baa_,7_7a10_10_12a11b16c16a10_20_17_9a10g11b14a11b17_9a5a6a8_16a13_7_14_18a13b10f11_5a8a26_13d9e6a",
        "trivial",
        "simple",
    ),
    (
        "3x3k:b5c9k2h9j3h1zg,aa_a___a____________a______a_____a__a_____aa___aaa_aaa_aaaaaaaa___aa___aa___aaa___aaa__aaaba_aba_b_,9a9a12_11a11_3_9_10_17b17_9d10a5b8_14_23b12a4_8d4a19b13a12_7c22_15_11_15b3f12_17a5a9a15c15a10d",
        "trivial",
        "intermediate",
    ),
    (
        "3x3k:k3c8zf5zf,aaa_ca__baa___aa___aa__a_aa_____a_________a__a__aa__aaa_____a_______a______a__aaaaaa_aa_a___aaa_aaaa,10a11a13a10_9a14b11a10a14a8a13c10_12a16_10a18a11b7b13c13b10_6a14a8_11a17a7_10d11a7a19_13_7_9b11e12c",
        "basic",
        "intermediate",
    ),
    // Other shapes Solo makes Killers of: 6×6 (2x3k), X (3x3xk) and jigsaw (9jk), and a 6×6
    // with cells given that Solo judges Killer simple.
    (
        "2x3k:zj,a___________a__________aaaaa_aabaa_aa_aaaa,6a10_10_6_5_6_10g5a9_9_8_6_6_8f11_3a8c",
        "extreme",
        "advanced",
    ),
    (
        "3x3xk:zzzc,__a_aa_a_b_a___a______a___b______a______aa____aa__aadaab_aaa_aaa__a_baa___a_a___a___a______a___aab_,17_5_8a14_10a9c12b15b9a14a11_8_12_11b10_5d14a9b14_16b12_4a8_15a18_8c23b9a10a7b10_14b14a5d9c16b",
        "advanced",
        "advanced",
    ),
    (
        "9jk:zzzc,_dbbad_____abba____e__aab_bbbabbedbab_a_d_abd_a_afaabbfab,___b_a_a_ab___aa___a____aa___a_a_a_____a______aa_aab_aab_a_aaa__b_aaa_a___a______aaaa_____a______a_a_,11_14_17_7b10_13e16b11a8a10_11a11a9a14_8b12b3_13b16a8a10b11_11b11b12b12_16_7_7_12_17a5_10e10e5a16a11a",
        "basic",
        "advanced",
    ),
    (
        "2x3k:d6r2c2f4a,_a_______________________a_baaaa_aaaabbbb,6_5a5_8_12a7_7c8b9_9b6_9b13_7b7c8d",
        "trivial",
        "simple",
    ),
];

#[test]
fn killer_levels_of_solo_made_puzzles() {
    for (id, level, killer) in KILLERS {
        let g = grade(id).unwrap();
        assert_eq!(g.level.name(), level, "{id}");
        assert_eq!(g.killer.map(SoloKillerLevel::name), Some(killer), "{id}");
    }
    // A plain Sudoku has no Killer level.
    let plain = "2x3:4d6a1_5_4c3h3c2_3_1a3d2";
    assert_eq!(grade(plain).unwrap().killer, None);
}

/// Capped at a level, the rules give the level of a puzzle at or below it and nothing for one
/// above it; with no count of solutions first, a Killer whose cages leave several solutions
/// gets nothing at any cap below unreasonable.
#[test]
fn levels_within_a_cap() {
    for (id, level, _) in KILLERS {
        let p = format::parse(id, Some(Format::SOLO)).unwrap();
        let level = SoloLevel::from_name(level).unwrap();
        for cap in SoloLevel::ALL {
            let want = (level <= cap).then_some(level);
            assert_eq!(solo_level_within(&p, cap, None).unwrap(), want, "{id} at {cap}");
        }
    }
    // A 4×4 whose cages are its rows (each adding up to 10) has 288 solutions.
    let several = r#"{"size": 4, "boxes": "2x2", "cages": [
        {"op": "+", "target": 10, "cells": [[0, 0], [0, 1], [0, 2], [0, 3]]},
        {"op": "+", "target": 10, "cells": [[1, 0], [1, 1], [1, 2], [1, 3]]},
        {"op": "+", "target": 10, "cells": [[2, 0], [2, 1], [2, 2], [2, 3]]},
        {"op": "+", "target": 10, "cells": [[3, 0], [3, 1], [3, 2], [3, 3]]}]}"#;
    let p = format::parse(several, None).unwrap();
    assert!(crate::logic::run::count_solutions(&p, None).unwrap() > 1);
    for cap in &SoloLevel::ALL[..5] {
        assert_eq!(solo_level_within(&p, *cap, None).unwrap(), None, "{cap}");
    }
}

/// Solo numbers cages by their first cell; a Killer whose cages come in another order (as
/// JSON may list them) is graded the same, and so are cages written without the `+`.
#[test]
fn killer_grade_does_not_depend_on_cage_order() {
    use crate::puzzle::Puzzle;
    // (Boxed Killers only: the rebuilt puzzle keeps boxes, not jigsaw regions or diagonals.)
    for (id, ..) in
        KILLERS.into_iter().filter(|(id, ..)| id.starts_with("3x3k") || id.starts_with("2x3k"))
    {
        let p = format::parse(id, Some(Format::SOLO)).unwrap();
        let mut cages = p.cages().to_vec();
        cages.reverse();
        for k in &mut cages {
            k.cells.reverse();
        }
        let q = Puzzle::builder(p.size())
            .boxes(p.boxes())
            .givens(p.givens().clone())
            .cages(cages, true)
            .build()
            .unwrap();
        assert_eq!(solo_grade(&q, None), solo_grade(&p, None), "{id}");
    }
}

#[test]
fn killers_solo_does_not_play_are_refused() {
    let p = format::parse(KILLERS[0].0, Some(Format::SOLO)).unwrap();
    let cages = p.cages().to_vec();
    // Values may repeat within a cage: not Solo's Killer.
    let q = crate::puzzle::Puzzle::builder(9).boxes(p.boxes()).cages(cages.clone(), false);
    assert_eq!(solo_grade(&q.build().unwrap(), None), Err(SoloError::NotSolo));
    // A product cage.
    let mut other = cages;
    other[0].op = Some(crate::puzzle::Operator::Mul);
    let q = crate::puzzle::Puzzle::builder(9).boxes(p.boxes()).cages(other, true);
    assert_eq!(solo_grade(&q.build().unwrap(), None), Err(SoloError::NotSolo));
}

/// The next number of a xorshift generator (the tests' pseudo-random choices).
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The sweeps of the rules up to a cap (singles swept to their end between single steps of
/// the dearer rules, on the cube and on the boards) answer what Solo's rules, one step per
/// round from the first, answer at trivial, basic, intermediate and advanced: on every Solo
/// ID of the in-repository sample without cages, its givens and its solution with clues
/// taken away as a generator takes them (a pseudo-random fifth to four fifths of the cells
/// kept), with one solution or several.
#[test]
fn rules_in_sweeps_finish_what_solos_rounds_finish() {
    const CAPS: [SoloLevel; 4] =
        [SoloLevel::Trivial, SoloLevel::Basic, SoloLevel::Intermediate, SoloLevel::Advanced];
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let (mut seen, mut finished, mut state) = ([0usize; 4], [0usize; 4], 0x2545_f491_4f6c_dd1du64);
    let mut on_boards = 0;
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        if !p.cages().is_empty() {
            continue;
        }
        let solution: Vec<u8> = f[3].split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
        let shape = Shape::of(&p).unwrap();
        let mut cases = vec![p.givens().cells().to_vec()];
        for keep in [20u64, 30, 35, 40, 50, 55, 65, 80] {
            let thinned =
                solution.iter().map(|&v| if xorshift(&mut state) % 100 < keep { v } else { 0 });
            cases.push(thinned.collect());
        }
        for givens in cases {
            let q =
                p.with_givens(crate::puzzle::Grid::from_cells(p.size(), givens.clone()).unwrap());
            let q = q.unwrap();
            for (i, cap) in CAPS.into_iter().enumerate() {
                let rounds = match rules_on(&shape, &q, cap, None) {
                    Ok(g) => g.level <= cap,
                    Err(SoloError::Unsound) => false,
                    Err(e) => panic!("{e}"),
                };
                let sweeps = rules_finish(&shape, &givens, cap, None).unwrap();
                assert_eq!(sweeps, rounds, "{} at {cap:?}: {givens:?}", f[1]);
                if let Some(boards) = SoloBoards::new(&p, cap) {
                    assert_eq!(boards.finishes(&givens), rounds, "{} at {cap:?}", f[1]);
                    on_boards += 1;
                }
                seen[i] += 1;
                finished[i] += usize::from(sweeps);
            }
        }
    }
    // Both answers occur at every cap, or the comparison proves little.
    for i in 0..CAPS.len() {
        assert!(0 < finished[i] && finished[i] < seen[i], "{finished:?} of {seen:?}");
    }
    // The boards go up to intermediate, and every puzzle of the sample has a side of at
    // most 10: every question up to intermediate was asked of them too.
    assert_eq!(on_boards, seen[0] + seen[1] + seen[2]);
}

/// The boards' walk (the givens' state kept from one orbit to the next, each question
/// stopped once the orbit is placed again) leaves the givens a walk of whole runs leaves: the
/// solution's cells taken away two at a time in a pseudo-random order, put back when the
/// singles no longer finish, on every puzzle of the sample Solo plays without cages.
#[test]
fn the_boards_walk_leaves_what_whole_runs_leave() {
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let (mut walks, mut kept, mut cells) = (0usize, 0usize, 0usize);
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        let solution: Vec<u8> = f[3].split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
        for cap in [SoloLevel::Trivial, SoloLevel::Basic] {
            let Some(boards) = SoloBoards::new(&p, cap) else { continue };
            let mut order: Vec<usize> = (0..solution.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, (xorshift(&mut state) % (i as u64 + 1)) as usize);
            }
            let orbits: Vec<Vec<usize>> = order.chunks(2).map(<[usize]>::to_vec).collect();
            let mut givens = solution.clone();
            for pair in &orbits {
                pair.iter().for_each(|&c| givens[c] = 0);
                if !boards.finishes(&givens) {
                    pair.iter().for_each(|&c| givens[c] = solution[c]);
                }
            }
            assert_eq!(boards.thin(&solution, &orbits), givens, "{} at {cap:?}", f[1]);
            // An orbit met again finds its cells open, or no more to take than before.
            let again: Vec<Vec<usize>> = orbits.iter().chain(&orbits[..3]).cloned().collect();
            assert_eq!(boards.thin(&solution, &again), givens, "{} at {cap:?}", f[1]);
            walks += 1;
            kept += givens.iter().filter(|&&v| v != 0).count();
            cells += givens.len();
        }
    }
    // Some cells were taken away and some kept, or the comparison proves little.
    assert!(walks > 0 && 0 < kept && kept < cells, "{kept} of {cells}");
}

/// A cube built from the values each unit holds is the cube of the givens placed one by one
/// (column by column, as Solo does), and both refuse the same clashing givens: on every ID of
/// the in-repository sample, its solution with cells emptied, and with a value changed.
#[test]
fn a_cube_from_unit_masks_is_the_cube_placed_one_by_one() {
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let mut clashes = 0;
    for (i, row) in tsv.lines().skip(1).enumerate() {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        let Some(shape) = Shape::of(&p) else { continue };
        let n = shape.n;
        let solution: Vec<u8> = f[3].split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
        let mut cases = vec![p.givens().cells().to_vec()];
        let thinned: Vec<u8> = solution
            .iter()
            .enumerate()
            .map(|(c, &v)| if (c + i) % 3 == 0 { 0 } else { v })
            .collect();
        let mut changed = thinned.clone();
        if let Some(c) = changed.iter().position(|&v| v != 0) {
            changed[c] = changed[c] % n as u8 + 1;
        }
        cases.extend([thinned, changed]);
        for givens in cases {
            let all = shape.all_values();
            let mut placed =
                Cube { cand: vec![all; n * n], grid: vec![0; n * n], placed: Vec::new() };
            let mut clash = false;
            for x in 0..n {
                for y in 0..n {
                    let v = givens[y * n + x];
                    if v != 0 && !clash {
                        clash = placed.cand[y * n + x] & cube::bit(v) == 0;
                        placed.place(&shape, y * n + x, v);
                    }
                }
            }
            match Cube::new(&shape, &givens) {
                Ok(cube) => {
                    assert!(!clash, "{}: a clash missed", f[1]);
                    assert_eq!((cube.cand, cube.grid), (placed.cand, placed.grid), "{}", f[1]);
                }
                Err(Stuck) => {
                    assert!(clash, "{}: a clash that is not one", f[1]);
                    clashes += 1;
                }
            }
        }
    }
    assert!(clashes > 20, "{clashes} clashing cases: the refusal is hardly tested");
}

/// Set elimination as first written (every set of columns by a counter, the reduced matrix
/// in vectors): the reference for [`set::eliminate`].
fn eliminate_reference(rows: &[u64], n: usize) -> Result<Option<Vec<(usize, usize)>>, Stuck> {
    let mut row_kept = vec![true; n];
    let mut col_kept = vec![true; n];
    for (i, &r) in rows.iter().enumerate() {
        match r.count_ones() {
            0 => return Err(Stuck),
            1 => {
                row_kept[i] = false;
                col_kept[r.trailing_zeros() as usize] = false;
            }
            _ => {}
        }
    }
    let ri: Vec<usize> = (0..n).filter(|&i| row_kept[i]).collect();
    let ci: Vec<usize> = (0..n).filter(|&j| col_kept[j]).collect();
    let m = ri.len();
    if m != ci.len() || m < 4 {
        return Ok(None);
    }
    let small: Vec<u64> = ri
        .iter()
        .map(|&i| {
            ci.iter()
                .enumerate()
                .filter(|&(_, &j)| rows[i] >> j & 1 != 0)
                .fold(0, |a, (k, _)| a | 1 << k)
        })
        .collect();
    for k in 1u64..(1 << m) {
        let s = (0..m).filter(|&j| k >> (m - 1 - j) & 1 != 0).fold(0u64, |a, j| a | 1 << j);
        let count = s.count_ones() as usize;
        if count < 2 || count > m - 2 {
            continue;
        }
        let ok = small.iter().filter(|&&r| r & s == 0).count();
        if ok > m - count {
            return Err(Stuck);
        }
        if ok == m - count {
            let mut removed = Vec::new();
            for (a, &r) in small.iter().enumerate() {
                if r & s != 0 {
                    for (j, &col) in ci.iter().enumerate() {
                        if s >> j & 1 == 0 && r >> j & 1 != 0 {
                            removed.push((ri[a], col));
                        }
                    }
                }
            }
            if !removed.is_empty() {
                return Ok(Some(removed));
            }
        }
    }
    Ok(None)
}

/// Set elimination gives what the reference gives (the same first set, the same removals in
/// the same order, the same contradictions) on random matrices of sides 1 to 16, sparse and
/// dense, with rows of one 1 and empty rows among them.
#[test]
fn set_elimination_matches_its_reference() {
    let mut rng = crate::corpus::SplitMix64::new(46);
    let (mut found, mut stuck, mut none) = (0, 0, 0);
    // Fewer of the large sides (2^n sets each).
    for case in 0..20_400 {
        let n = if case < 20_000 { 1 + case % 12 } else { 13 + case % 4 };
        let all = (1u64 << n) - 1;
        let density = rng.below(4);
        // Half of them hold a permutation (a solution) and a few other 1s: sets are common.
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let planted = case % 2 == 0;
        let rows: Vec<u64> = (0..n)
            .map(|i| match rng.below(10) {
                0 => 1 << rng.below(n),
                1 if density == 0 && !planted => 0,
                _ if planted => 1 << perm[i] | (rng.next_u64() & rng.next_u64() & all),
                _ => {
                    let mut r = rng.next_u64() & all;
                    for _ in 0..density {
                        r |= rng.next_u64() & all;
                    }
                    r
                }
            })
            .collect();
        let want = eliminate_reference(&rows, n);
        assert_eq!(set::eliminate(&rows, n), want, "case {case}: n {n}, rows {rows:?}");
        match want {
            Ok(Some(_)) => found += 1,
            Err(_) => stuck += 1,
            Ok(None) => none += 1,
        }
    }
    assert!(found > 1000 && stuck > 1000 && none > 1000, "{found} {stuck} {none}");
}

/// Intersectional analysis as first written (each value of each line and region met, both
/// ways, by scanning the cells): the reference for [`intersect::step`].
fn intersect_reference(shape: &Shape, cube: &mut Cube) -> bool {
    fn placed(cube: &Cube, unit: &[usize]) -> u64 {
        unit.iter().filter(|&&c| cube.grid[c] != 0).fold(0, |m, &c| m | cube::bit(cube.grid[c]))
    }
    fn confine(
        cube: &mut Cube,
        a: &[usize],
        in_b: &dyn Fn(usize) -> bool,
        b: &[usize],
        in_a: &dyn Fn(usize) -> bool,
        v: u8,
    ) -> bool {
        let m = cube::bit(v);
        if a.iter().any(|&c| cube.cand[c] & m != 0 && !in_b(c)) {
            return false;
        }
        let mut any = false;
        for &c in b {
            if cube.cand[c] & m != 0 && !in_a(c) {
                cube.cand[c] &= !m;
                any = true;
            }
        }
        any
    }
    for (l, line) in shape.lines.iter().enumerate() {
        let on_line = &shape.on_line[l];
        let line_placed = placed(cube, line);
        for &r in &shape.crossing[l] {
            let region = &shape.regions[r];
            let open = !(line_placed | placed(cube, region));
            for v in 1..=shape.n as u8 {
                if open & cube::bit(v) == 0 {
                    continue;
                }
                let in_region = |c: usize| shape.region_of[c] == r;
                let on_this_line = |c: usize| on_line[c];
                if confine(cube, line, &in_region, region, &on_this_line, v)
                    || confine(cube, region, &on_this_line, line, &in_region, v)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Intersectional analysis does what its reference does, step after step, on the Solo
/// sample's puzzles (plain, jigsaw, X) from their givens and from thinned solutions with
/// random candidates taken away (the solution's kept, and some that are not: states no
/// puzzle reaches are met too).
#[test]
fn intersection_matches_its_reference() {
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let mut rng = crate::corpus::SplitMix64::new(7);
    let (mut steps, mut boards) = (0, 0);
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        let Some(shape) = Shape::of(&p) else { continue };
        let solution: Vec<u8> = f[3].split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
        for round in 0..4 {
            let givens: Vec<u8> = if round == 0 {
                p.givens().cells().to_vec()
            } else {
                solution.iter().map(|&v| if rng.below(3) == 0 { v } else { 0 }).collect()
            };
            let Ok(mut cube) = Cube::new(&shape, &givens) else { continue };
            for (c, &v) in solution.iter().enumerate() {
                if cube.grid[c] == 0 && rng.below(2) == 0 {
                    let keep = if round == 3 { 0 } else { cube::bit(v) };
                    cube.cand[c] &= rng.next_u64() | keep;
                }
            }
            boards += 1;
            let mut reference = Cube {
                cand: cube.cand.clone(),
                grid: cube.grid.clone(),
                placed: cube.placed.clone(),
            };
            loop {
                let want = intersect_reference(&shape, &mut reference);
                assert_eq!(intersect::step(&shape, &mut cube), want, "{}", f[1]);
                assert_eq!(cube.cand, reference.cand, "{}", f[1]);
                if !want {
                    break;
                }
                steps += 1;
            }
        }
    }
    assert!(boards > 100 && steps > 1000, "{boards} boards, {steps} steps");
}

/// The project's own ladder grades every puzzle of the Solo sample (plain, jigsaw, X and
/// jigsaw X) without an unsound step, and those Solo finishes with singles (trivial and basic)
/// at its first level. (On X, placements left their value on the diagonals: the ladder
/// missed singles there and some steps led to contradictions.)
#[test]
fn the_ladder_grades_solo_puzzles_and_finds_their_singles() {
    let tsv = include_str!("../../../tests/data/tatham-sample/solo.tsv");
    let mut singles = 0;
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let p = format::parse(f[1], Some(Format::SOLO)).unwrap();
        let grade = crate::logic::grade(&p, None).unwrap_or_else(|e| panic!("{}: {e}", f[1]));
        if matches!(f[2], "Trivial" | "Basic") {
            assert_eq!(grade.level_name, "easy", "{} ({})", f[1], f[2]);
            singles += 1;
        }
    }
    assert!(singles >= 20, "{singles}");
}
