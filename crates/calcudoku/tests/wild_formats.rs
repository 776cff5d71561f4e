//! The files people already have, read by detection alone: `.sdk` files, grids drawn with `|`,
//! `-` and `+` (or box-drawing characters), `#` comments, a rating after a one-line Sudoku, and
//! Keen game IDs with Keen's full parameters. Each reads as the very puzzle of its plain form,
//! and errors still name the line and column of the original text.

use calcudoku::format::{self, Format, Layout, grid};
use calcudoku::{Puzzle, solve};

const LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn plain() -> Puzzle {
    format::parse(LINE, None).expect("the plain line reads")
}

fn detected(text: &str) -> (Format, Puzzle) {
    let doc = format::read(text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.entries.len(), 1, "{text}");
    let p = doc.entries.into_iter().next().unwrap().puzzle.unwrap_or_else(|e| panic!("{e}"));
    (doc.format, p)
}

/// The puzzle as nine compact rows, with `sep` between boxes and `rule` between bands.
fn drawn(sep: &str, rule: &str, spaced: bool) -> String {
    let mut s = String::new();
    for (r, row) in LINE.as_bytes().chunks(9).enumerate() {
        if r % 3 == 0 && r > 0 && !rule.is_empty() {
            s.push_str(rule);
            s.push('\n');
        }
        for (b, group) in row.chunks(3).enumerate() {
            if b > 0 {
                s.push_str(sep);
            }
            let cells: Vec<String> = group.iter().map(|&c| (c as char).to_string()).collect();
            s.push_str(&cells.join(if spaced { " " } else { "" }));
        }
        s.push('\n');
    }
    s
}

#[test]
fn sdk_file() {
    let mut text = String::from("#A Arto Inkala\r\n#D a classic\r\n[Puzzle]\r\n");
    for row in LINE.as_bytes().chunks(9) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push_str("\r\n");
    }
    let (format, p) = detected(&text);
    assert_eq!((format, p), (Format::SUDOKU, plain()));
    // A [State] section (a player's progress) is not part of the puzzle.
    let with_state = format!("{text}[State]\r\n{}\r\n", "1".repeat(9));
    assert_eq!(detected(&with_state).1, plain());
}

#[test]
fn drawn_grids() {
    let boxed = {
        let rule = "+-------+-------+-------+";
        let mut s = format!("{rule}\n");
        for (r, line) in
            drawn(" | ", rule, true).lines().filter(|l| !l.starts_with('+')).enumerate()
        {
            s.push_str(&format!("| {line} |\n"));
            if r % 3 == 2 {
                s.push_str(rule);
                s.push('\n');
            }
        }
        s
    };
    let simple_sudoku = drawn("|", "-----------", false);
    let plain_rules = drawn(" | ", "------+-------+------", true);
    let unicode = drawn(" │ ", "──────┼───────┼──────", true);
    for text in [&boxed, &simple_sudoku, &plain_rules, &unicode] {
        let (format, p) = detected(text);
        assert_eq!(format, Format::SUDOKU, "{text}");
        assert_eq!(p, plain(), "{text}");
    }
    // An error in a drawn grid names its place in the original text.
    let broken = simple_sudoku.replacen("195", "1x5", 1);
    let e = format::parse(&broken, None).unwrap_err();
    assert_eq!((e.line, e.column), (2, 6), "{e}");
}

#[test]
fn comments_and_ratings() {
    let text = format!("# top list, SE ratings\n{LINE}  # 9.2\n\n{LINE}\t11.9\n{LINE};10.1;2.6\n");
    let doc = format::read(&text, None).unwrap();
    assert_eq!((doc.format, doc.layout), (Format::SUDOKU, Layout::Line));
    let lines: Vec<usize> = doc.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 4, 5]);
    for e in doc.entries {
        assert_eq!(e.puzzle.unwrap(), plain());
    }
    // The streaming reader of big files agrees line by line.
    assert!(format::sudoku::is_long_line_puzzle(&format!("{LINE}  # 9.2")));
    assert_eq!(format::sudoku::parse_line_at(&format!("{LINE}\t11.9"), 7).unwrap(), plain());
    assert!(format::is_blank_or_comment("  # 9.2"));
    // A wrong length is still an error, at its line.
    let e = format::read(&format!("{LINE}\n{}  # 9.2\n", &LINE[1..]), None)
        .unwrap()
        .entries
        .remove(1)
        .puzzle
        .unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    // Comments in a KenKen ops file.
    let ops = "# a 3x3\n0 0 1  # row 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+  # labels\n";
    let (format, p) = detected(ops);
    assert_eq!(format, Format::OPS);
    assert_eq!(p, format::parse("0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n", None).unwrap());
}

#[test]
fn keen_ids_with_full_parameters() {
    let id = "_a_aa_b_7a_4b__a_a_3a_a5_a3_a,s3d2d2m20m75a10m6m24a11s1s2s1a8a7a5m40";
    let bare = format::parse(&format!("6:{id}"), None).unwrap();
    for params in ["6de", "6dh", "6du", "6dxm", "6m"] {
        let (format, p) = detected(&format!("{params}:{id}"));
        assert_eq!((format, &p), (Format::KEEN, &bare), "{params}");
    }
    // A stream of them is a batch.
    let doc = format::read(&format!("6dh:{id}\n6dn:{id}\n"), None).unwrap();
    assert_eq!(doc.entries.len(), 2);
    // A level letter Keen does not have, and a random-seed ID, are errors that say so.
    let e = format::parse(&format!("6dq:{id}"), None).unwrap_err();
    assert!(e.to_string().contains("level letter"), "{e}");
    let e = format::parse("6dh#123456", None).unwrap_err();
    assert!(e.to_string().contains("random-seed"), "{e}");
    assert_eq!((e.line, e.column), (1, 4));
}

#[test]
fn answers_drawn_as_puzzles_are() {
    let puzzle = plain();
    let solution = solve::solve(&puzzle).unwrap();
    let mut text = String::from("# my answer\n");
    for (r, row) in solution.to_string().lines().enumerate() {
        if r % 3 == 0 && r > 0 {
            text.push_str("---+---+---\n");
        }
        let digits: String = row.split(' ').collect();
        text.push_str(&format!("{}|{}|{}\n", &digits[..3], &digits[3..6], &digits[6..]));
    }
    assert_eq!(grid::parse_sized(&text, 9).unwrap(), solution);
    assert_eq!(grid::parse(&text).unwrap(), solution);
}
