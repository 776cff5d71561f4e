//! Malformed input, through the real binary: every case must end with exit status 2, nothing on
//! standard output, and one line on standard error that names the file, the line (when the
//! problem has one) and the problem.
//!
//! One `#[test]` per case (the macro below), so a failure names its case.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

fn calcudoku() -> Command {
    let mut cmd = Command::cargo_bin("calcudoku").unwrap();
    cmd.timeout(Duration::from_secs(60));
    cmd
}

/// Writes `input` to a file named after the case and checks what the binary says about it.
fn check(name: &str, args: &[&str], input: &[u8], needle: &str, line: Option<usize>) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("malformed");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, input).unwrap();
    let out = calcudoku().args(args).arg(&path).output().unwrap();
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(out.status.code(), Some(2), "{name}: exit status; stderr: {stderr}");
    assert!(out.stdout.is_empty(), "{name}: stdout: {:?}", String::from_utf8_lossy(&out.stdout));
    // `FILE:LINE[:COLUMN]: …` when the message names a line, `calcudoku: FILE: …` otherwise.
    let file = path.display().to_string();
    assert!(
        stderr.starts_with(&format!("calcudoku: {file}: "))
            || stderr.strip_prefix(&file).is_some_and(|r| {
                r.starts_with(':') && r[1..].starts_with(|c: char| c.is_ascii_digit())
            }),
        "{name}: does not name the file: {stderr}"
    );
    assert!(
        stderr.ends_with('\n') && stderr.lines().count() == 1,
        "{name}: not one line: {stderr}"
    );
    assert!(stderr.contains(needle), "{name}: expected {needle:?} in: {stderr}");
    if let Some(line) = line {
        let at = format!("{file}:{line}:");
        assert!(stderr.starts_with(&at), "{name}: expected {at:?} in: {stderr}");
    }
}

macro_rules! malformed {
    ($($name:ident: [$($arg:literal),*] $input:expr => $needle:literal $(, line $line:literal)?;)*) => {
        $(
            #[test]
            fn $name() {
                #[allow(unused_mut, unused_assignments)]
                let mut line = None;
                $(line = Some($line);)?
                check(stringify!($name), &[$($arg),*], $input, $needle, line);
            }
        )*
    };
}

malformed! {
    jigsaw_lines_not_tiling: [] b"1..............2\naabbaabbccddccdc\n" => "the regions do not tile the grid";
    jigsaw_rows_not_tiling: [] b"1 . . .\n. . . .\n. . . .\n. . . 2\naabb\naabb\nccdd\nccdc\n" => "the regions do not tile the grid";
    solo_short: [] b"3x3:a1b\n" => "expected 81 cells", line 1;
    solo_bad_walls: [] b"9j:g4c3a2d7a6b2b5_5d7_6_2b7e6b9_1_6d7_6b2b4a3d5a1c3g,bbad_a_a_aa_ba_ac__f_fbc_bdcccb__bb__aaa__a_a___e_aedbgc\n" => "edges", line 1;
    windoku_on_a_prime_side: ["--variant", "windoku"] b"{\"size\": 5}\n" => "has no windoku windows", line 1;
    empty: [] b"" => "the input is empty";
    blank_lines: [] b"\n  \n\t\n" => "the input is empty";
    bom_only: [] b"\xef\xbb\xbf" => "the input is empty";
    non_utf8: [] b"0 0 1\n2 \xff 1\n" => "expected text (UTF-8), found byte 0xff", line 2;
    non_utf8_sudoku: [] b"53..7....6..195....98....6.8...6...34..8\xc33..17...2...6.6....28....419..5....8..79\n" => "found byte 0xc3", line 1;
    empty_forced_ops: ["-f", "ops"] b"" => "the input is empty";
    empty_forced_keen: ["-f", "keen"] b"" => "the input is empty";
    ops_no_labels: ["-f", "ops"] b"0 0 1\n2 1 1\n2 3 3\n" => "expected a line of 4 labels after the grid, found the end of the input", line 4;
    ops_no_labels_detected: [] b"0 0 1\n2 1 1\n2 3 3\n" => "expected a line of 4 labels after the grid", line 4;
    ops_too_few_labels: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+\n" => "expected 4 labels (one per cage), found 3", line 4;
    ops_too_many_labels: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+ 4+\n" => "found more, starting with '4+'", line 4;
    ops_bad_operator: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3%\n" => "found '%'", line 4;
    ops_two_operators: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 9*+ 5+ 3+\n" => "expected one operator", line 4;
    ops_label_no_target: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ +\n" => "expected a label", line 4;
    ops_zero_target: [] b"0 0 1\n2 1 1\n2 3 3\n0+ 9* 5+ 3+\n" => "expected a positive target, found '0'", line 4;
    ops_huge_target: [] b"0 0 1\n2 1 1\n2 3 3\n3+ 99999999999999999999999* 5+ 3+\n" => "found '99999999999999999999999'", line 4;
    ops_short_row: [] b"0 0 1\n2 1\n2 3 3\n3+ 9* 5+ 3+\n" => "expected 3 cage ids in this row", line 2;
    ops_long_row: [] b"0 0 1\n2 1 1 1\n2 3 3\n3+ 9* 5+ 3+\n" => "expected 3 cage ids in this row", line 2;
    ops_missing_row: ["-f", "ops"] b"0 0 1\n2 1 1\n3+ 9* 5+\n" => "expected 3 rows of cage ids", line 3;
    ops_id_order: [] b"0 0 2\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n" => "numbered in order of first appearance", line 1;
    ops_id_not_number: [] b"0 0 1\n2 a 1\n2 3 3\n3+ 9* 5+ 3+\n" => "expected a cage id (a whole number), found 'a'", line 2;
    ops_negative_id: [] b"0 0 1\n2 -1 1\n2 3 3\n3+ 9* 5+ 3+\n" => "found '-1'", line 2;
    ops_boxes_bad_shape: [] b"boxes 3x3\n0 0 1 1\n2 2 3 3\n4 4 5 5\n6 6 7 7\n3+ 7+ 3+ 7+ 3+ 7+ 3+ 7+\n" => "boxes of 3x3 do not tile a 4x4 grid", line 1;
    ops_boxes_no_shape: [] b"boxes\n0 0 1 1\n" => "expected a box shape", line 1;
    ops_boxes_garbage: [] b"boxes 2y2\n0 0 1 1\n" => "found '2y2'", line 1;
    ops_too_wide: ["-f", "ops"] format!("{}\n", (0..70).map(|i| i.to_string()).collect::<Vec<_>>().join(" ")).as_bytes() => "grids are at most 64x64", line 1;
    ops_huge_id: [] b"0 0 1\n2 1 1\n2 3 99999999999999999999999\n3+ 9* 5+ 3+\n" => "expected a cage id", line 3;
    cells_truncated: [] b"3\n3 0 1\n" => "expected 3 cage lines after this count, found 1", line 1;
    cells_zero_cages: [] b"0\n" => "expected a positive number of cages", line 1;
    cells_huge_count: [] b"1000000000000\n5 0\n" => "expected at most 4096 cages", line 1;
    sudoku_short_digits: [] b"123456789\n" => "expected a one-line Sudoku of 16, 36, 64, 81", line 1;
    sudoku_short_lines: [] b"1234567890123456789012345678901234567890123456789012345678901234567890123456789\n1234567890123456789012345678901234567890123456789012345678901234567890123456789\n" => "found 79 characters", line 1;
    cells_count_not_number: ["-f", "cells"] b"x\n3 0 1\n" => "expected the number of cages", line 1;
    cells_cell_out_of_range: [] b"1\n5 0 99999\n" => "from 0 to 4095", line 2;
    cells_duplicate_cell: [] b"2\n3 0 1\n5 1 2 3\n" => "cell 1 is in two cages", line 3;
    cells_not_square: ["-f", "cells"] b"2\n3 0 1\n7 2 3 4\n" => "not a square number";
    cells_missing_cells: ["-f", "cells"] b"1\n3 0 1 2\n" => "cell 3 is in no cage";
    cells_bad_cell: [] b"3\n3 0 1\n3 2 x\n1 3\n" => "expected a cell number, found 'x'", line 3;
    cells_zero_target: [] b"1\n0 0\n" => "expected a positive target", line 2;
    cells_too_many_lines: ["-f", "cells"] b"1\n1 0\n2 1\n" => "expected no more cages", line 3;
    cells_target_only: ["-f", "cells"] b"1\n5\n" => "expected cell numbers after the target", line 2;
    counted_wrong_count: [] b"2\n3 2 0 1\n5 3 2 3\n" => "expected 3 cells (as the count says), found 2 cells", line 3;
    counted_zero_cells: ["-f", "counted"] b"1\n3 0\n" => "expected the number of cells in the cage", line 2;
    counted_count_only: ["-f", "counted"] b"5 0 1\n2 1 1\n" => "only the number of cages", line 1;
    counted_truncated: ["-f", "counted"] b"2\n3 2 0 1\n" => "expected 2 cage lines", line 1;
    counted_huge_count: ["-f", "counted"] b"1\n3 99999999999 0\n" => "expected 99999999999 cells", line 2;
    counted_extra_cells: ["-f", "counted"] b"1\n1 1 0 1\n" => "expected 1 cell (as the count says), found 2 cells", line 2;
    sudoku_line_short: [] b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n" => "found 80 characters", line 1;
    sudoku_line_long: ["-f", "sudoku"] b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..791\n" => "found 82 characters", line 1;
    sudoku_line_bad_char: [] b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n" => "found 'x'", line 1;
    sudoku_line_letter_too_big: [] b"A3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" => "too large for a 9x9 grid", line 1;
    sudoku_line_huge: [] &[b"1".repeat(10_000), b"\n".to_vec()].concat() => "found more than 625 characters", line 1;
    sudoku_rows_short_row: [] b"1 2 3 4\n3 4 1 2\n2 1 4\n4 3 2 1\n" => "expected 4 values in this row", line 3;
    sudoku_rows_missing_row: ["-f", "sudoku"] b"1 2 3 4\n3 4 1 2\n2 1 4 3\n" => "expected 4 rows", line 3;
    sudoku_rows_out_of_range: [] b"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 9\n" => "found '9'", line 4;
    sudoku_rows_bad_size: ["-f", "sudoku"] b"1 2 3 4 5\n1 2 3 4 5\n1 2 3 4 5\n1 2 3 4 5\n1 2 3 4 5\n" => "found 5 values", line 1;
    sudoku_rows_negative: ["-f", "sudoku"] b"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 -1\n" => "found '-1'", line 4;
    sudoku_compact_rows_bad: ["-f", "sudoku"] b"1234\n3412\n21435\n4321\n" => "expected 4 characters in this row", line 3;
    sudoku_forced_on_ops: ["-f", "sudoku"] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n" => "found 3 values", line 1;
    keen_no_comma: [] b"4:b_5a_abbaa__\n" => "expected ',' after the block string", line 1;
    keen_unknown_letter: [] b"4:b_5a_abbaa__,m6s1m12a9m4a5q3\n" => "expected a clue letter ('a', 'm', 's' or 'd'), found 'q'", line 1;
    keen_missing_clue: [] b"4:b_5a_abbaa__,m6s1m12a9m4\n" => "expected 6 clues, found 5", line 1;
    keen_extra_clue: [] b"4:b_5a_abbaa__,m6s1m12a9m4a5a3\n" => "expected 6 clues, found 7", line 1;
    keen_clue_without_digits: [] b"4:b_5a_abbaa__,m6s1m12a9m4a\n" => "expected a digit after the clue letter 'a'", line 1;
    keen_zero_clue: [] b"4:b_5a_abbaa__,m6s1m12a9m4a0\n" => "expected a positive clue value", line 1;
    keen_huge_clue: [] b"4:b_5a_abbaa__,m6s1m12a9m4a99999999999999999999999\n" => "expected a clue value of at most 18446744073709551615, found 99999999999999999999999", line 1;
    keen_size_zero: [] b"0:,\n" => "size 0 is not supported", line 1;
    keen_size_huge: [] b"99:a,b\n" => "size 99 is not supported (expected 1 to 64)", line 1;
    keen_size_absurd: [] b"99999999999999999999:a,b\n" => "is not supported", line 1;
    keen_bad_blocks: [] b"4:zzz,a1\n" => "block string describes 75 edges, expected 24", line 1;
    keen_sub_on_three_cells: ["-f", "keen"] b"4:b_5a_abbaa__,s6s1m12a9m4a5\n" => "clue 's' needs a cage of 2 cells", line 1;
    keen_forced_on_ops: ["-f", "keen"] b"0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n" => "is not supported", line 1;
    keen_trailing_comma: [] b"4:b_5a_abbaa__,m6s1m12a9m4a5,\n" => "expected a clue letter", line 1;
    ops_forced_on_keen: ["-f", "ops"] b"4:b_5a_abbaa__,m6s1m12a9m4a5\n" => "expected a cage id", line 1;
    cells_forced_on_sudoku: ["-f", "cells"] b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" => "expected the number of cages", line 1;
    counted_forced_on_cells: ["-f", "counted"] b"2\n3 0 1\n5 1 2 3\n" => "expected the number of cells in the cage", line 2;
    garbage_words: [] b"hello world\n" => "found 'hello'", line 1;
    binary_zeros: [] b"\x00\x00\x00\n" => "found 3 characters", line 1;
}

/// The same checks for standard input, named `<stdin>`.
fn check_stdin(args: &[&str], input: &[u8], needle: &str) {
    let out = calcudoku().args(args).write_stdin(input).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.starts_with("calcudoku: <stdin>: ") || stderr.starts_with("<stdin>:"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(needle), "expected {needle:?} in: {stderr}");
}

#[test]
fn stdin_empty() {
    check_stdin(&[], b"", "the input is empty");
    check_stdin(&["-"], b"", "the input is empty");
}

#[test]
fn stdin_bad_label() {
    check_stdin(&["-f", "ops"], b"0 0\n1 1\n3+ x\n", "<stdin>:3:4: expected a label");
}

#[test]
fn stdin_not_utf8() {
    check_stdin(&[], b"\xfe\xff", "<stdin>:1:1: expected text (UTF-8), found byte 0xfe");
}

#[test]
fn count_reports_bad_input_too() {
    let out =
        calcudoku().args(["count", "--limit", "5"]).write_stdin("3\n3 0 1\n").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 3 cage lines"));
}

#[test]
fn missing_file() {
    let out = calcudoku().arg("/nonexistent/puzzle.txt").output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(stderr.starts_with("calcudoku: /nonexistent/puzzle.txt: cannot read: "), "{stderr}");
}

#[test]
fn bad_timeout() {
    for t in ["-1", "0", "NaN", "inf"] {
        let out =
            calcudoku().arg(format!("--timeout={t}")).write_stdin("1\n1 0\n").output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{t}: {stderr}");
        assert!(out.stdout.is_empty(), "{t}");
        assert!(
            stderr.contains("--timeout: expected a positive number of seconds"),
            "{t}: {stderr}"
        );
    }
}

#[test]
fn unknown_format_name() {
    let out = calcudoku().args(["--format", "kenken"]).write_stdin("1\n1 0\n").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("kenken"));
}

/// A bad file among good ones: its own message, the others still solved (status 2 overall).
#[test]
fn bad_file_among_good_ones() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("malformed");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good-2x2.cells.txt");
    let bad = dir.join("bad-among-good.txt");
    std::fs::write(&good, "2\n3 0 1\n3 2 3\n").unwrap();
    std::fs::write(&bad, "2\n3 0 1\n").unwrap();
    // -q: errors only (the good 2x2 has two solutions, which is a note, not an error).
    let out = calcudoku().arg("-q").arg(&good).arg(&bad).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 2\n2 1\n"));
    assert!(stderr.starts_with(&format!("{}:1", bad.display())), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
}
