//! Several puzzles in one text — what `calcudoku generate` writes and what people keep in one
//! file: Keen game IDs one per line, puzzles of the other formats separated by blank lines.
//! Each is an entry; a bad one carries its error (at its line in the whole text) and the others
//! still read; a single puzzle with blank lines inside stays one puzzle.

use calcudoku::format::{self, Format};

const OPS: &str = "0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n";

#[test]
fn ops_puzzles_separated_by_blank_lines() {
    let text = format!("{OPS}\n{OPS}\n\n{OPS}");
    let doc = format::read(&text, None).unwrap();
    assert_eq!(doc.format, Format::OPS);
    let lines: Vec<usize> = doc.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![1, 6, 12]);
    assert!(doc.entries.iter().all(|e| e.puzzle.is_ok()));
}

#[test]
fn a_bad_puzzle_in_a_stream_says_its_own_line() {
    let bad = "0 0 1\n2 x 1\n2 3 3\n3+ 9* 5+ 3+\n";
    let doc = format::read(&format!("{OPS}\n{bad}"), None).unwrap();
    assert!(doc.entries[0].puzzle.is_ok());
    let e = doc.entries[1].puzzle.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (7, 3), "{e}");
}

#[test]
fn keen_ids_one_per_line() {
    let text = "4:b_5a_abbaa__,m6s1m12a9m4a5\n4:a3_5ab_a_aa_,d2s1a9d2s2m12m8\n";
    let doc = format::read(text, None).unwrap();
    assert_eq!(doc.format, Format::KEEN);
    assert_eq!(doc.entries.len(), 2);
    assert!(doc.entries.iter().all(|e| e.puzzle.is_ok()));
    assert_eq!(doc.entries[1].line, 2);
}

#[test]
fn one_puzzle_with_blank_lines_inside_is_one_puzzle() {
    let doc = format::read("0 0 1\n\n2 1 1\n2 3 3\n\n3+ 9* 5+ 3+\n", None).unwrap();
    assert_eq!(doc.entries.len(), 1);
}

#[test]
fn json_objects_separated_by_blank_lines() {
    let p = format::parse(OPS, None).unwrap();
    let one = format::write_puzzle(&p, Format::JSON, format::Layout::Rows).unwrap();
    let doc = format::read(&format!("{one}\n{one}"), None).unwrap();
    assert_eq!(doc.format, Format::JSON);
    assert_eq!(doc.entries.len(), 2);
    assert!(doc.entries.iter().all(|e| e.puzzle.as_ref().is_ok_and(|q| *q == p)));
}
