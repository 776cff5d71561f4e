//! `calcudoku generate --rating` and `--pattern` (issue #47) through the real binary: each
//! puzzle's SE rating, re-rated by `grade --scale se`, is in the range asked; the clues sit on
//! the pattern's cells; the same puzzles on one thread or two; bad ranges and patterns refused
//! with exit status 2 and their place; a pattern no grid fits given up on with status 1.

use serde_json::Value;

mod common;
use common::{run_with as run, temp_file};

/// The bundled 28-clue pattern (the clues of a generated puzzle, as 9 rows), which the README
/// runs too.
const PATTERN: &str = include_str!("../../../examples/sudoku-pattern.txt");

/// ER of each line of `grade --scale se` output.
fn ers(graded: &str) -> Vec<f64> {
    graded
        .lines()
        .map(|l| {
            let rating = l.split_whitespace().nth(1).unwrap_or_else(|| panic!("{l}"));
            rating.split('/').next().unwrap().parse().unwrap_or_else(|_| panic!("{l}"))
        })
        .collect()
}

#[test]
fn every_puzzle_is_rated_in_the_range_asked() {
    for (range, lo, hi, count) in [
        ("7.0..7.5", 7.0, 7.5, 4),
        ("..2.0", 0.0, 2.0, 3),
        ("4.2", 4.2, 4.2, 2),
        ("8.0..", 8.0, 20.0, 1),
    ] {
        let args = ["generate", "-k", "sudoku", "--rating", range, "-n", &count.to_string()];
        let (code, puzzles, err) = run(&[&args[..], &["--seed", "5", "-q"]].concat(), "");
        assert_eq!(code, 0, "{range}: {err}");
        assert_eq!(puzzles.lines().count(), count, "{range}: {puzzles}");
        let (code, graded, err) = run(&["grade", "--scale", "se", "-q"], &puzzles);
        assert_eq!(code, 0, "{err}");
        let ers = ers(&graded);
        assert_eq!(ers.len(), count);
        assert!(ers.iter().all(|&er| (lo..=hi).contains(&er)), "{range}: {graded}");
    }
}

#[test]
fn json_carries_the_ratings_grade_gives() {
    let args = ["generate", "-k", "sudoku", "--rating", "6.0..8.0", "-n", "3", "--seed", "2"];
    let (code, out, err) = run(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let (code, puzzles, _) = run(&[&args[..], &["-q"]].concat(), "");
    assert_eq!(code, 0);
    let (_, graded, _) = run(&["grade", "--scale", "se", "-q"], &puzzles);
    let said: Vec<String> = graded.lines().map(|l| l.split(' ').nth(1).unwrap().into()).collect();
    let made: Vec<String> = out
        .lines()
        .map(|l| {
            let o: Value = serde_json::from_str(l).unwrap();
            let r = |k: &str| o[k].as_f64().unwrap_or_else(|| panic!("{k} in {o}"));
            format!("{:.1}/{:.1}/{:.1}", r("er"), r("ep"), r("ed"))
        })
        .collect();
    assert_eq!(made, said);
    // Without a range or a pattern, no SE fields.
    let (_, plain, _) = run(&["generate", "-k", "sudoku", "--json", "--seed", "2"], "");
    let o: Value = serde_json::from_str(plain.lines().next().unwrap()).unwrap();
    assert!(o.get("er").is_none(), "{o}");
}

#[test]
fn the_clues_are_the_patterns_cells() {
    let file = temp_file("pattern.txt", PATTERN);
    let want: String = PATTERN.lines().collect::<String>();
    let path = file.to_str().unwrap();
    for extra in [&[][..], &["--rating", "..3.0"]] {
        let args = ["generate", "-k", "sudoku", "--pattern", path, "-n", "4", "--seed", "9", "-q"];
        let (code, out, err) = run(&[&args[..], extra].concat(), "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), 4, "{out}");
        for line in out.lines() {
            let mask: String = line.chars().map(|c| if c == '.' { '.' } else { 'x' }).collect();
            assert_eq!(mask, want, "{line}");
        }
        let (code, counts, _) = run(&["count", "-q"], &out);
        assert_eq!(code, 0);
        assert_eq!(counts.lines().collect::<Vec<_>>(), ["1"; 4]);
        if !extra.is_empty() {
            let (_, graded, _) = run(&["grade", "--scale", "se", "-q"], &out);
            assert!(ers(&graded).iter().all(|&er| er <= 3.0), "{graded}");
        }
    }
    // The pattern from standard input, as one line, gives the same puzzles.
    let args = ["generate", "-k", "sudoku", "--pattern", "-", "-n", "4", "--seed", "9", "-q"];
    let (code, from_stdin, _) = run(&args, &format!("{want}\n"));
    assert_eq!(code, 0);
    let (_, from_file, _) =
        run(&["generate", "-k", "sudoku", "--pattern", path, "-n", "4", "--seed", "9", "-q"], "");
    assert_eq!(from_stdin, from_file);
}

#[test]
fn the_same_puzzles_on_one_thread_or_two() {
    let file = temp_file("pattern-j.txt", PATTERN);
    let path = file.to_str().unwrap();
    for asked in [
        &["--rating", "7.0..8.5"][..],
        &["--pattern", path],
        &["--pattern", path, "--rating", "2.0.."],
    ] {
        let args =
            [&["generate", "-k", "sudoku", "-n", "5", "--seed", "11", "-q"][..], asked].concat();
        let (code, one, err) = run(&[&args[..], &["-j", "1"]].concat(), "");
        assert_eq!(code, 0, "{asked:?}: {err}");
        let (code, two, _) = run(&[&args[..], &["-j", "2"]].concat(), "");
        assert_eq!(code, 0);
        assert_eq!(one, two, "{asked:?}");
        assert_eq!(one.lines().count(), 5);
    }
}

#[test]
fn bad_patterns_are_refused_with_their_place() {
    let bad_char = temp_file("bad-char.txt", &PATTERN.replacen(".x.x.....", ".x.x...?.", 1));
    let short = temp_file("short.txt", &PATTERN.replacen(".x......x", ".x......", 1));
    let few = temp_file("few.txt", &format!("{}{}\n", "x".repeat(16), ".".repeat(65)));
    for (file, place, what) in [
        (&bad_char, ":3:8: ", "found '?'"),
        (&short, ":4:9: ", "expected 9 cells in a row, found 8"),
        (&few, ":1:1: ", "has 16 clues"),
    ] {
        let path = file.to_str().unwrap();
        let (code, out, err) = run(&["generate", "-k", "sudoku", "--pattern", path], "");
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("{path}{place}")), "{err}");
        assert!(err.contains(what), "{err}");
    }
    let (code, _, err) = run(&["generate", "-k", "sudoku", "--pattern", "/nonexistent/p.txt"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/p.txt") && err.contains("cannot read"), "{err}");
}

#[test]
fn bad_ranges_and_misplaced_options_are_refused() {
    let file = temp_file("pattern-bad.txt", PATTERN);
    let path = file.to_str().unwrap();
    for (args, said) in [
        (&["-k", "sudoku", "--rating", "9.0..8.0"][..], "low end is above the high end"),
        (&["-k", "sudoku", "--rating", "8.25"], "tenths"),
        (&["-k", "sudoku", "--rating", "hard"], "'hard' is not a rating"),
        (&["-k", "sudoku", "--rating", "-1..3"], "is not a rating"),
        (&["-k", "sudoku", "--rating", "11.0.."], "practically never rate above 10.5"),
        (&["-k", "kenken", "--rating", "7.0..8.0"], "--rating applies to 9×9 Sudoku only"),
        (&["-k", "sudoku", "-s", "6", "--rating", "7.0.."], "for 9×9"),
        (&["-k", "killer", "--pattern", path], "--pattern applies to 9×9 Sudoku only"),
        (&["-k", "sudoku", "--pattern", path, "--symmetry", "none"], "a pattern places the clues"),
        (&["-k", "sudoku", "--pattern", path, "--minimal"], "a pattern places the clues"),
    ] {
        let (code, out, err) = run(&[&["generate", "--seed", "1"][..], args].concat(), "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// A pattern no random grid fits with one solution (17 clues) is given up on after
/// --max-attempts, status 1, saying why.
#[test]
fn a_pattern_that_fits_no_grid_is_given_up() {
    let sparse =
        ".................x.....x.x......x.x...x.x......x....x..x......x.x..x...xxx...x...";
    let file = temp_file("pattern-17.txt", sparse);
    let args = ["generate", "-k", "sudoku", "--pattern", file.to_str().unwrap(), "--seed", "1"];
    let (code, out, err) = run(&[&args[..], &["--max-attempts", "300"]].concat(), "");
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("no puzzle at this level after 300 attempts"), "{err}");
    assert!(err.contains("mark more clues or raise --max-attempts"), "{err}");
}
