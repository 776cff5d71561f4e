//! Sudoku variants through the real binary: Solo game IDs and jigsaw text read, solved and
//! written back, and `--variant` adding X and windoku rules to what is read.

mod common;
use common::run_with as run;

/// Solo IDs of each kind: plain 3×3, 2×3, jigsaw, X, jigsaw X (from Solo's own generator).
const IDS: &str = "\
3x3:7c6b2c3c4_9a4_5b2b8b2_7_4_3e8a6a7a3e1_2_7_4b9b4b1_3a7_6c9c4b9c6
2x3:4d6a1_5_4c3h3c2_3_1a3d2
9j:c3_1_5b7_7j1b7e3d7c2c8c3d9e4b2j3_2b8_6_9c,ecad__d_caa_abd_bd_bb__bebcda__a_aa_aa_a_a__ab__a_baa__aa_bdac
3x3x:a6a4a2e8h2b6a9a8_1_4c7_3k3_7c2_8_6a7a9b5h1e5a7a6a
9jx:a5a3d1e5e6a7m4a5c7a9m4a9e5e2d3a4a,c_d_____aa__aaa__aab_aba__ba___a_baacdf__a__eabehad__c_dbdd_
";

#[test]
fn solo_ids_round_trip_through_every_writer_that_holds_them() {
    let (code, solo, err) = run(&["convert", "-q", "--to", "solo"], IDS);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solo, IDS);
    let (code, json, err) = run(&["convert", "-q", "--to", "json"], IDS);
    assert_eq!(code, 0, "{err}");
    let (code, back, err) = run(&["convert", "-q", "--to", "solo"], &json);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back, IDS);
    // The jigsaw text holds the jigsaw, and refuses the jigsaw X's diagonals.
    let (code, jig, err) =
        run(&["convert", "-q", "--to", "jigsaw", "--line"], IDS.lines().nth(2).unwrap());
    assert_eq!(code, 0, "{err}");
    let (code, back, err) = run(&["convert", "-q", "--to", "solo"], &jig);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back.trim(), IDS.lines().nth(2).unwrap());
    let (code, _, err) = run(&["convert", "-q", "--to", "jigsaw"], IDS.lines().nth(4).unwrap());
    assert_eq!(code, 2);
    assert!(err.contains("diagonals"), "{err}");
}

#[test]
fn solo_ids_solve_and_count_unique() {
    let (code, out, err) = run(&["count", "-q", "-j", "2"], IDS);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1\n1\n1\n1\n1\n");
    let (code, out, err) = run(&["solve", "-q", "--json"], IDS.lines().nth(3).unwrap());
    assert_eq!(code, 0, "{err}");
    // Solo's solution of this X.
    assert!(out.contains("\"solution\":[[1,6,3,4,9,2,8,5,7],[7,9,8,"), "{out}");
}

/// `--variant x` makes the plain Sudoku of an X's givens the X again: unique, and written as
/// Solo's X ID.
#[test]
fn variant_x_adds_the_diagonals() {
    let plain = IDS.lines().nth(3).unwrap().replace("3x3x:", "3x3:");
    let (code, out, _) = run(&["count", "-q"], &plain);
    assert_eq!((code, out.trim() == "1"), (0, false));
    let (code, out, err) = run(&["count", "-q", "--variant", "x"], &plain);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1\n");
    let (code, out, err) = run(&["convert", "-q", "--to", "solo", "--variant", "x"], &plain);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), IDS.lines().nth(3).unwrap());
    let (code, out, err) =
        run(&["convert", "-q", "--to", "json", "--variant", "x,windoku"], &plain);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"diagonals\": true") && out.contains("\"extra_regions\""), "{out}");
}

/// A Solo ID is graded on Solo's scale by default, giving Solo's own word; `--scale` picks
/// either scale for any Sudoku.
#[test]
fn grade_uses_solos_levels_for_solo_ids() {
    // Levels Solo's solver gives these IDs (shared corpus).
    let cases = [
        ("3x3:7c6b2c3c4_9a4_5b2b8b2_7_4_3e8a6a7a3e1_2_7_4b9b4b1_3a7_6c9c4b9c6", "trivial"),
        ("3x3du:h5a2a3_8b1a1b2_7a3d4_1_9b7_3b6c1b9_1b3_6_5d1a2_3b4a3b5_9a6a4h", "unreasonable"),
    ];
    for (id, level) in cases {
        let (code, out, err) = run(&["grade", "-q", "--json"], id);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("\"level\":\"{level}\"")), "{id}: {out}");
        assert!(out.contains("\"scale\":\"solo\""), "{out}");
    }
    let (code, out, _) = run(&["grade", "-q", "--scale", "ladder"], cases[0].0);
    assert_eq!(code, 0);
    assert!(out.starts_with("easy (rating"), "{out}");
    let (code, json, _) = run(&["convert", "-q", "--to", "json"], cases[0].0);
    assert_eq!(code, 0);
    let (code, out, _) = run(&["grade", "-q", "--scale", "solo"], &json);
    assert_eq!((code, out.as_str()), (0, "trivial: positional elimination in a region ×49\n"));
    let (code, out, err) = run(&["grade", "--scale", "solo"], "{\"size\": 4}");
    assert_eq!(code, 1);
    assert_eq!(out, "error\n");
    assert!(err.contains("Solo's scale grades Sudoku, jigsaw, X and Killer"), "{err}");
}

/// A Solo Killer ID gets Solo's level and its Killer level, in text and JSON (Solo's solver
/// gives this one, from its generator: intermediate, Killer advanced).
#[test]
fn grade_gives_a_killers_two_levels() {
    let id = "3x3k:zzzc,_a__b_____a____a________________a____a_a___a______aa__aadbaabaa_aaab_a__b_a__a_a_a___a__a_aa_aaaaa_,9_12a9_9_14b16a18_7b14a6a18b13a12_8a5b10_10_6b9b6c7b10_15a9_13a7_16c14a15b15_8_8_3a14_15j25c";
    let (code, out, err) = run(&["grade", "-q", "--json"], id);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"level\":\"intermediate\",\"killer_level\":\"advanced\""), "{out}");
    for scale in ["auto", "solo"] {
        let (code, out, _) = run(&["grade", "-q", "--scale", scale], id);
        assert_eq!(code, 0);
        assert!(out.starts_with("intermediate (Killer advanced): "), "{scale}: {out}");
        assert!(out.contains("cage sum sets ×"), "{out}");
    }
    let (code, out, _) = run(&["grade", "-q", "--json", "--scale", "solo"], id);
    assert_eq!(code, 0);
    assert!(out.contains("\"scale\":\"solo\""), "{out}");
    assert!(out.contains("\"level\":\"intermediate\",\"killer_level\":\"advanced\""), "{out}");
    // The same Killer as JSON: Solo's scale on request only.
    let (code, json, _) = run(&["convert", "-q", "--to", "json"], id);
    assert_eq!(code, 0);
    let (_, out, _) = run(&["grade", "-q", "--scale", "solo"], &json);
    assert!(out.starts_with("intermediate (Killer advanced): "), "{out}");
}

/// `generate -k jigsaw|x|jigsaw-x` writes Solo IDs (windoku JSON Lines) that read back unique,
/// the same on one thread or two.
#[test]
fn generate_makes_variants_that_read_back_unique() {
    for (kind, prefix) in
        [("jigsaw", "9j:"), ("x", "3x3x:"), ("windoku", "{"), ("jigsaw-x", "9jx:")]
    {
        let args = ["generate", "-q", "-k", kind, "-n", "2", "--seed", "5", "-d", "easy"];
        let (code, one, err) = run(&[&args[..], &["-j", "1"]].concat(), "");
        assert_eq!(code, 0, "{kind}: {err}");
        assert!(one.lines().all(|l| l.starts_with(prefix)), "{kind}: {one}");
        let (_, two, _) = run(&[&args[..], &["-j", "2"]].concat(), "");
        assert_eq!(one, two, "{kind}");
        let (code, counts, err) = run(&["count", "-q"], &one);
        assert_eq!((code, counts.as_str()), (0, "1\n1\n"), "{kind}: {err}");
    }
}

/// A 4×4 X or windoku has no puzzle above easy: made at easy when no level is asked, refused
/// at once (status 2, one line) when a harder one is.
#[test]
fn four_by_four_variants_default_to_a_level_they_have() {
    for kind in ["x", "windoku", "sudoku"] {
        let (code, out, err) = run(&["generate", "-q", "-k", kind, "-s", "4", "--seed", "1"], "");
        assert_eq!(code, 0, "{kind}: {err}");
        let (code, counts, err) = run(&["count", "-q"], &out);
        assert_eq!((code, counts.as_str()), (0, "1\n"), "{kind}: {err}");
        let (code, _, err) = run(&["generate", "-k", kind, "-s", "4", "-d", "medium"], "");
        assert_eq!(code, 2, "{kind}");
        assert!(err.contains("made only at easy"), "{kind}: {err}");
    }
    let (code, _, err) = run(&["generate", "-k", "jigsaw", "-s", "4", "-d", "hard"], "");
    assert_eq!(code, 2);
    assert!(err.contains("made only at easy and medium"), "{err}");
}

/// `--variant` applies to `hint` and `check` as to the batch commands: the plain givens of an
/// X are not unique, with the diagonals they are; a grid that breaks a diagonal is named.
#[test]
fn hint_and_check_take_variant_rules_too() {
    let tmp = common::temp_dir("variants");
    let dir = tmp.path();
    let plain = IDS.lines().nth(3).unwrap().replace("3x3x:", "3x3:");
    let (code, out, _) = run(&["hint", "-"], &plain);
    assert_eq!((code, out.as_str()), (1, "not unique\n"));
    let (code, out, err) = run(&["hint", "--variant", "x", "-"], &plain);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[easy] "), "{out}");
    // The plain puzzle's first solution breaks a diagonal; the X's solution keeps both.
    let (_, first, _) = run(&["solve", "-q"], &plain);
    let (_, x, _) = run(&["solve", "-q", "--variant", "x"], &plain);
    assert_ne!(first, x);
    for (name, grid, code, said) in [
        ("first.txt", &first, 1, "diagonal has two"),
        ("x.txt", &x, 0, "ok: the grid solves the puzzle"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, grid).unwrap();
        let (c, out, err) = run(&["check", "--variant", "x", "-", path.to_str().unwrap()], &plain);
        assert_eq!(c, code, "{out}{err}");
        assert!(out.contains(said), "{out}");
    }
    // A rule the puzzle cannot take: one line naming the input, status 2.
    let five = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/calcudoku-5x5.cells.txt");
    let five = std::fs::read_to_string(five).unwrap();
    let (code, _, err) = run(&["hint", "--variant", "windoku", "-"], &five);
    assert_eq!(code, 2);
    assert!(err.starts_with("<stdin>:1: a 5x5 grid has no windoku windows"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `generate -d` takes Solo's level words for Sudoku, its variants and Killer: each puzzle is
/// at that level on Solo's scale (`grade --scale solo`), the same on one thread or two; JSON
/// says it as `solo_level`. A word of neither vocabulary is one line naming both, status 2.
#[test]
fn generate_at_solos_levels() {
    for (kind, level) in [
        ("sudoku", "unreasonable"),
        ("sudoku", "trivial"),
        ("x", "extreme"),
        ("jigsaw", "advanced"),
        ("jigsaw-x", "intermediate"),
        ("killer", "basic"),
        ("killer", "advanced"),
    ] {
        let args = ["generate", "-q", "-k", kind, "-d", level, "-n", "3", "--seed", "4"];
        let (code, one, err) = run(&[&args[..], &["-j", "1"]].concat(), "");
        assert_eq!(code, 0, "{kind} {level}: {err}");
        let (_, two, _) = run(&[&args[..], &["-j", "2"]].concat(), "");
        assert_eq!(one, two, "{kind} {level}");
        let (code, grades, err) = run(&["grade", "-q", "--scale", "solo"], &one);
        assert_eq!(code, 0, "{kind} {level}: {err}");
        let levels: Vec<&str> =
            grades.lines().map(|l| l.split([':', ' ']).next().unwrap()).collect();
        assert_eq!(levels, [level; 3], "{kind}: {grades}");
    }
    let (code, out, err) =
        run(&["generate", "-q", "--json", "-k", "x", "-d", "basic", "--seed", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"solo_level\":\"basic\""), "{out}");
    // The ladder's words as before: no Solo level said.
    let (code, out, _) = run(&["generate", "-q", "--json", "-k", "x", "-d", "easy"], "");
    assert_eq!(code, 0);
    assert!(out.contains("\"level\":\"easy\"") && !out.contains("solo_level"), "{out}");
    let (code, _, err) = run(&["generate", "-k", "jigsaw", "-d", "simple"], "");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("easy, medium") && err.contains("or Solo's: trivial, basic"), "{err}");
    // Solo's words are no KenKen level.
    let (code, _, err) = run(&["generate", "-k", "kenken", "-d", "basic"], "");
    assert_eq!(code, 2);
    assert!(!err.contains("Solo"), "{err}");
}
