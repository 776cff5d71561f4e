//! The small faults of issue #19, each as it was met: every one of these failed before its fix.

mod common;
use common::{run_with as run, temp_file};

const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn a_keen_id_of_a_square_length_is_read_as_keen() {
    // 81 characters, like a one-line Sudoku: it was streamed as one and refused at the ':'.
    let id = "7:_4a_5acdaa__a5e__ba_b_3a_a_6ba_b__c_,s1a6a2a7a21a4a22a3a5a7a17m142a28a27m7a5a15";
    assert_eq!(id.len(), 81);
    let file = temp_file("k7.txt", &format!("{id}\n"));
    let (code, out, err) = run(&[file.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, "No solution.\n"), "{err}");
}

#[test]
fn a_directory_is_reported_once() {
    let dir = std::env::temp_dir();
    let (code, _, err) = run(&[dir.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn count_limit_0_is_a_usage_error() {
    let (code, out, err) = run(&["count", "--limit", "0", "-"], SUDOKU);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--limit"), "{err}");
}

#[test]
fn a_given_out_of_range_in_ops_is_bad_input() {
    let (code, out, err) = run(&["-"], "0 1\n2 3\n1 3 5 2\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("<stdin>:3:3: expected a given from 1 to 2"), "{err}");
}

#[test]
fn an_ops_grid_without_labels_gets_the_ops_error() {
    let grid = "0 0 1 2\n3 4 1 2\n3 4 5 5\n6 7 7 8\n";
    let (code, _, err) = run(&["-"], grid);
    assert_eq!(code, 2);
    assert!(err.contains("labels"), "{err}");
}

#[test]
fn a_line_of_40_characters_is_a_mistyped_one_line_sudoku() {
    let (code, _, err) = run(&["-"], &format!("{}\n", &SUDOKU[..40]));
    assert_eq!(code, 2);
    assert!(err.contains("expected a one-line Sudoku of 16, 36, 64, 81"), "{err}");
    assert!(err.contains("found 40 characters"), "{err}");
}

#[test]
fn a_killer_to_keen_says_why_in_plain_words() {
    let killer = "boxes 2x2\n0 0 1 1\n2 2 3 3\n4 4 5 5\n6 6 7 7\n3+ 7+ 7+ 3+ 3+ 7+ 7+ 3+\n";
    let (code, _, err) = run(&["convert", "--to", "keen", "-"], killer);
    assert_eq!(code, 2);
    assert!(
        err.contains("the keen format cannot express boxes (this puzzle has 2x2 boxes"),
        "{err}"
    );
}

#[test]
fn a_blank_line_in_a_batch_keeps_answers_in_line() {
    let (code, out, _) = run(&["-q", "-"], &format!("{SUDOKU}\n\n{SUDOKU}\n"));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].is_empty());
    assert_eq!(lines[0], lines[2]);
}
