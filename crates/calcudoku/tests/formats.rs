//! The text formats against the shared fixtures and data, round trips, malformed input and
//! never-panic properties. Shared files are read from `../../../shared` relative to the crate
//! (`/work/shared` from both the main checkout and the worktrees); when missing, those tests
//! print a message and pass.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use calcudoku::format::{self, Format, Layout, read, write_puzzle};
use calcudoku::{
    BoxShape, Cage, Cell, Grid, ModelError, Operator, ParseError, ParseErrorKind, Puzzle,
};
use proptest::prelude::*;

/// A corpus folder: the shared full set beside the repository when it is there, else the
/// sample kept in the repository (so that a plain clone tests the same things, on fewer files).
fn shared(sub: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let full = root.join("../../../shared").join(sub);
    if full.is_dir() {
        return full;
    }
    let sample = match sub {
        "fixtures/seeds" | "fixtures/sum-cages" => root.join("../../tests").join(sub),
        "data/kenken" => root.join("tests/data/kenken-sample"),
        "data/sudoku" => root.join("tests/data/sudoku-sample"),
        other => panic!("no sample of {other} in the repository"),
    };
    assert!(sample.is_dir(), "{} is missing from the repository", sample.display());
    sample
}

fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().ends_with(suffix))
        .collect();
    v.sort();
    v
}

/// A solution file as a grid (None for "No solution." and the like).
fn grid_of(text: &str) -> Option<Grid> {
    let rows: Vec<Vec<u8>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().ok()).collect::<Option<Vec<u8>>>())
        .collect::<Option<_>>()?;
    let n = rows.len();
    if n == 0 || rows.iter().any(|r| r.len() != n) {
        return None;
    }
    Some(Grid::from_cells(n, rows.concat()).unwrap())
}

fn parse_one(text: &str) -> (Format, Puzzle) {
    let doc = read(text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.entries.len(), 1);
    (doc.format, doc.entries.into_iter().next().unwrap().puzzle.unwrap())
}

#[test]
fn seed_fixtures_detect_and_parse() {
    let dir = shared("fixtures/seeds");
    let ins = files(&dir, ".in");
    assert!(ins.len() >= 5);
    for path in ins {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (format, puzzle) = parse_one(&text);
        let expected = if name.contains("-cells") {
            Format::CELLS
        } else if name.contains("-counted") {
            Format::COUNTED
        } else if name.contains("-ops") {
            Format::OPS
        } else {
            Format::SUDOKU
        };
        assert_eq!(format, expected, "{name}");
        assert_eq!(read(&text, Some(expected)).unwrap().format, expected);
        if format == Format::SUDOKU {
            assert_eq!(puzzle.boxes(), BoxShape::standard(9));
        } else {
            assert!(puzzle.cages_cover_grid(), "{name}");
        }
        let out = std::fs::read_to_string(path.with_extension("out")).unwrap();
        if let Some(grid) = grid_of(&out) {
            assert_eq!(grid.size(), puzzle.size(), "{name}");
            assert!(
                puzzle.is_solution(&grid),
                "{name}: the expected output does not solve the parsed puzzle"
            );
        }
    }
}

#[test]
fn sum_cage_fixtures_agree() {
    let dir = shared("fixtures/sum-cages");
    let cells = files(&dir, ".cells.in");
    assert!(!cells.is_empty());
    for path in cells {
        let text = std::fs::read_to_string(&path).unwrap();
        let counted_path =
            PathBuf::from(path.to_string_lossy().replace(".cells.in", ".counted.in"));
        let counted = std::fs::read_to_string(&counted_path).unwrap();
        let (f1, p1) = parse_one(&text);
        let (f2, p2) = parse_one(&counted);
        assert_eq!((f1, f2), (Format::CELLS, Format::COUNTED), "{}", path.display());
        assert_eq!(p1, p2, "{}", path.display());
        assert!(p1.cages_cover_grid());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let side: usize = name[4..5].parse().unwrap();
        assert_eq!(p1.size(), side, "{name}");
        let out =
            std::fs::read_to_string(path.to_string_lossy().replace(".cells.in", ".out")).unwrap();
        if let Some(grid) = grid_of(&out) {
            assert!(p1.is_solution(&grid), "{name}");
        }
    }
}

#[test]
fn kenken_data_sample() {
    let dir = shared("data/kenken");
    let mut sets: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    sets.sort();
    let mut checked = 0;
    for set in sets {
        let side: usize =
            set.file_name().unwrap().to_string_lossy().split('x').next().unwrap().parse().unwrap();
        for path in files(&set, ".in").into_iter().take(4) {
            let text = std::fs::read_to_string(&path).unwrap();
            let (format, puzzle) = parse_one(&text);
            assert_eq!(format, Format::OPS, "{}", path.display());
            assert_eq!(puzzle.size(), side);
            assert!(puzzle.cages_cover_grid());
            let labels =
                text.lines().rfind(|l| !l.trim().is_empty()).unwrap().split_whitespace().count();
            assert_eq!(puzzle.cages().len(), labels);
            if let Ok(out) = std::fs::read_to_string(path.with_extension("out")) {
                let grid = grid_of(&out).unwrap();
                assert!(puzzle.is_solution(&grid), "{}", path.display());
            }
            let written = write_puzzle(&puzzle, Format::OPS, Layout::Rows).unwrap();
            assert_eq!(format::parse(&written, None).unwrap(), puzzle);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn sudoku_data_sample() {
    let dir = shared("data/sudoku");
    for path in files(&dir, ".txt") {
        let text = std::fs::read_to_string(&path).unwrap();
        let head: String = text.lines().take(200).map(|l| format!("{l}\n")).collect();
        let doc = read(&head, None).unwrap();
        assert_eq!((doc.format, doc.layout), (Format::SUDOKU, Layout::Line));
        assert_eq!(doc.entries.len(), head.lines().count());
        for e in doc.entries {
            let p = e.puzzle.unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            assert_eq!(p.size(), 9);
            assert_eq!(p.boxes(), BoxShape::standard(9));
        }
    }
}

// ---- round trips --------------------------------------------------------------------------

fn kenken_3x3() -> Puzzle {
    let c = |v: &[u16]| v.iter().map(|&i| Cell(i)).collect::<Vec<_>>();
    Puzzle::kenken(
        3,
        vec![
            Cage::new(3, Some(Operator::Add), c(&[0, 1])),
            Cage::new(6, Some(Operator::Mul), c(&[2, 4, 5])),
            Cage::new(3, Some(Operator::Add), c(&[3, 6])),
            Cage::new(4, Some(Operator::Add), c(&[7, 8])),
        ],
    )
    .unwrap()
}

#[test]
fn round_trips_every_format() {
    let ops = kenken_3x3();
    let text = write_puzzle(&ops, Format::OPS, Layout::Rows).unwrap();
    assert_eq!(text, "0 0 1\n2 1 1\n2 3 3\n3+ 6* 3+ 4+\n");
    assert_eq!(format::parse(&text, None).unwrap(), ops);
    assert!(write_puzzle(&ops, Format::CELLS, Layout::Rows).is_err(), "a product cage is no sum");

    let sums = format::parse("9\n9 0 5 6\n7 1 2\n10 3 8 13\n14 4 9 14 19\n3 7\n8 10 11 16\n13 12 17 21 22\n5 15 20\n6 18 23 24\n", None).unwrap();
    for f in [Format::CELLS, Format::COUNTED, Format::OPS] {
        let text = write_puzzle(&sums, f, Layout::Rows).unwrap();
        let doc = read(&text, None).unwrap();
        assert_eq!(doc.format, f);
        // The ops form writes cages in first-appearance order; compare as cage sets.
        let back = doc.entries[0].puzzle.clone().unwrap();
        let mut a = back.cages().to_vec();
        let mut b = sums.cages().to_vec();
        a.sort_by_key(|c| c.cells.clone());
        b.sort_by_key(|c| c.cells.clone());
        assert_eq!(a, b, "{f}");
        assert_eq!(format::parse(&text, Some(f)).unwrap(), back);
    }

    let line = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    let sudoku = format::parse(line, None).unwrap();
    for layout in [Layout::Line, Layout::Rows] {
        let text = write_puzzle(&sudoku, Format::SUDOKU, layout).unwrap();
        let doc = read(&text, None).unwrap();
        assert_eq!(doc.layout, layout);
        assert_eq!(doc.entries[0].puzzle.clone().unwrap(), sudoku);
    }
    assert!(write_puzzle(&sudoku, Format::OPS, Layout::Rows).is_err(), "givens outside cages");
    assert!(write_puzzle(&ops, Format::SUDOKU, Layout::Line).is_err());

    // Killer Sudoku in the ops form.
    let mut rows = String::from("boxes 2x2\n");
    for r in 0..4 {
        let ids: Vec<String> = (0..4).map(|c| (r * 2 + c / 2).to_string()).collect();
        rows.push_str(&ids.join(" "));
        rows.push('\n');
    }
    rows.push_str("3+ 7+ 3+ 7+ 3+ 7+ 3+ 7+\n");
    let killer = format::parse(&rows, None).unwrap();
    assert!(killer.distinct_cages() && killer.boxes().is_some());
    assert_eq!(write_puzzle(&killer, Format::OPS, Layout::Rows).unwrap(), rows);
}

// ---- robustness and malformed input -------------------------------------------------------

#[test]
fn tolerates_bom_crlf_tabs_and_blank_lines() {
    let plain = "0 0 1\n2 1 1\n2 3 3\n3+ 6* 3+ 4+\n";
    let messy =
        "\u{feff}\r\n\r\n0\t0  1 \r\n\r\n 2 1 1\r\n2 3\t3\t\r\n\r\n3+   6× 3+ 4+   \r\n\r\n\r\n";
    assert_eq!(format::parse(messy, None).unwrap(), format::parse(plain, None).unwrap());
    let cells = "\u{feff}\n 2 \r\n\t3 0 1\r\n\r\n7 2   3\r\n";
    let (f, p) = parse_one(cells);
    assert_eq!((f, p.size()), (Format::CELLS, 2));
    // Error positions count from the original text, blank lines and all.
    let e = format::parse("\u{feff}\r\n\r\n0 0\r\n1 1\r\n3+ 5%\r\n", None).unwrap_err();
    assert_eq!((e.line, e.column), (5, 5), "{e}");
}

fn detect_err(text: &str) -> ParseError {
    format::parse(text, None).unwrap_err()
}

#[test]
fn empty_and_blank_input() {
    for text in ["", "   ", "\n\n\t \r\n", "\u{feff}", "\u{feff}  \n"] {
        for f in [
            None,
            Some(Format::CELLS),
            Some(Format::COUNTED),
            Some(Format::OPS),
            Some(Format::SUDOKU),
        ] {
            let e = read(text, f).unwrap_err();
            assert_eq!(e.kind, ParseErrorKind::Empty, "{text:?} {f:?}");
        }
    }
}

#[test]
fn detection_reports_the_plausible_format() {
    // A cells file with a typo: the cells error, not an ops or sudoku one.
    let e = detect_err("3\n3 0 1\n3 2 x\n1 3\n");
    assert_eq!(e.to_string(), "line 3, column 5: expected a cell number, found 'x'");
    // A counted file with a wrong count.
    let e = detect_err("2\n3 2 0 1\n5 3 2 3\n");
    assert_eq!(
        e.to_string(),
        "line 3, column 3: expected 3 cells (as the count says), found 2 cells"
    );
    // A cell in two cages, naming both cages.
    let e = detect_err("2\n3 0 1\n5 1 2 3\n");
    assert_eq!((e.line, e.column), (3, 3));
    assert!(
        e.to_string()
            .contains("cell 1 is in two cages (the cage on line 2 and the cage on line 3)"),
        "{e}"
    );
    // A cell in no cage.
    let e = detect_err("2\n3 0 1\n3 3\n");
    assert!(e.to_string().contains("cell 2 is in no cage"), "{e}");
    // A cell out of range.
    let e = detect_err("2\n3 0 1\n3 2 9\n");
    assert!(
        matches!(e.kind, ParseErrorKind::Invalid(ModelError::CellOutOfRange { cell: 9, cells: 4 })),
        "{e}"
    );
    assert_eq!((e.line, e.column), (3, 5));
    // Truncated cage list.
    let e = detect_err("4\n3 0 1\n3 2 3\n");
    assert!(e.to_string().contains("expected 4 cage lines"), "{e}");
    // Ops: unknown operator, label count, order of ids, truncated.
    let e = detect_err("0 0 1\n2 1 1\n2 3 3\n3+ 6* 3% 4+\n");
    assert_eq!((e.line, e.column), (4, 8));
    assert!(e.to_string().contains("found '%'"), "{e}");
    let e = detect_err("0 0 1\n2 1 1\n2 3 3\n3+ 6* 3+\n");
    assert_eq!(e.to_string(), "line 4: expected 4 labels (one per cage), found 3");
    let e = detect_err("0 0 1\n2 1 1\n2 4 4\n3+ 6* 3+ 4+\n");
    assert_eq!(
        e.to_string(),
        "line 3, column 3: cage ids must be numbered in order of first appearance: expected 3, found 4"
    );
    let e = detect_err("0 0 1\n2 1 1\n3+ 6* 3+ 4+\n");
    assert!(e.to_string().contains("looks like the labels"), "{e}");
    // Sudoku: wrong length, bad character, conflicting givens, rows with a bad value.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let e = detect_err(&line[1..]);
    assert!(e.to_string().contains("found 80 characters"), "{e}");
    let e = detect_err(&line.replacen("8", "#", 1));
    assert_eq!((e.line, e.column), (1, 7));
    // Clashing givens read: the puzzle has no solution, as in JSON.
    let clash = line.replacen(".", "4", 1).parse::<Puzzle>().unwrap();
    assert_eq!(clash.givens().cells()[1], 4);
    assert_eq!(calcudoku::solve::Solver::new(&clash).count(2).unwrap().solutions, 0);
    let rows = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 x\n";
    let e = detect_err(rows);
    assert_eq!(
        e.to_string(),
        "line 9, column 17: expected a value from 1 to 9, or 0 or '.' for an empty cell, found 'x'"
    );
}

#[test]
fn batch_keeps_going_after_a_bad_line() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("{line}\n{}\n\n{line}\n", &line[2..]);
    let doc = read(&text, None).unwrap();
    assert_eq!(doc.format, Format::SUDOKU);
    let lines: Vec<usize> = doc.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![1, 2, 4]);
    assert!(doc.entries[0].puzzle.is_ok() && doc.entries[2].puzzle.is_ok());
    assert_eq!(doc.entries[1].puzzle.as_ref().unwrap_err().line, 2);
    // `parse` wants exactly one puzzle.
    assert!(format::parse(&text, None).is_err());
}

#[test]
fn forced_format_reports_its_own_error() {
    let e = format::parse("0 0 1\n2 1 1\n2 3 3\n3+ 6* 3+ 4+\n", Some(Format::CELLS)).unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.to_string().contains("expected a positive number of cages, found '0'"), "{e}");
    let e = format::parse("5 0 1\n2 1 1\n", Some(Format::COUNTED)).unwrap_err();
    assert_eq!((e.line, e.column), (1, 3));
    assert!(e.to_string().contains("only the number of cages"), "{e}");
    let doc = read("9\n9 0 5 6\n", Some(Format::SUDOKU)).unwrap();
    let e = doc.entries[0].puzzle.clone().unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.to_string().contains("found 1 character"), "{e}");
}

#[test]
fn absurd_sizes_fail_fast() {
    let start = Instant::now();
    let e = detect_err("1000000000000\n5 0\n");
    assert!(e.to_string().contains("at most 4096 cages"), "{e}");
    // Alone, a number no grid has as many cages is a Sudoku line of the wrong length.
    let e = detect_err("123456789\n");
    assert!(e.to_string().contains("one-line Sudoku of 16, 36, 64, 81"), "{e}");
    // A count a grid may have stays a cage count.
    let e = detect_err("4000\n");
    assert!(e.to_string().contains("4000 cage lines"), "{e}");
    let e = detect_err("99999999999999999999999999\n5 0\n");
    assert_eq!((e.line, e.column), (1, 1), "{e}");
    let e = detect_err("1\n99999999999999999999999 0\n");
    assert!(e.to_string().contains("positive target"), "{e}");
    let e = detect_err("1\n5 0 99999\n");
    assert!(e.to_string().contains("from 0 to 4095"), "{e}");
    let big_row = "0 ".repeat(5_000_000);
    let e = detect_err(&big_row);
    assert!(e.to_string().contains("at most 64"), "{e}");
    let big_line = ".".repeat(10_000_000);
    let e = detect_err(&big_line);
    assert!(e.to_string().contains("more than 625 characters"), "{e}");
    let many_lines = "1 0\n".repeat(2_000_000);
    let _ = read(&format!("5\n{many_lines}"), None).unwrap_err();
    let digits = "7".repeat(10_000_000);
    let _ = read(&digits, None);
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
}

#[test]
fn odd_unicode_does_not_panic() {
    for text in [
        "é",
        "0 0\n1 1\n3+ 5é\n",
        "1\n5 0é\n",
        "２\n",
        "0\u{0}0\n",
        "🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲",
        "\u{2028}\u{85}",
    ] {
        let _ = read(text, None);
        for &f in Format::ALL {
            let _ = read(text, Some(f));
        }
    }
    let e = detect_err("0 0\n1 1\n3+ 5ñ\n");
    assert_eq!((e.line, e.column), (3, 5));
    assert!(e.to_string().contains("found 'ñ'"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn read_never_panics_on_strings(text in ".{0,300}") {
        let _ = read(&text, None);
    }

    #[test]
    fn read_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read(&text, None);
        for &f in Format::ALL {
            let _ = read(&text, Some(f));
        }
    }

    #[test]
    fn read_never_panics_on_mutations(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..6),
    ) {
        let seeds = [
            "9\n9 0 5 6\n7 1 2\n10 3 8 13\n14 4 9 14 19\n3 7\n8 10 11 16\n13 12 17 21 22\n5 15 20\n6 18 23 24\n",
            "9\n5 2 0 5\n8 3 1 2 6\n8 2 3 8\n6 3 4 9 14\n13 3 7 12 13\n5 2 10 15\n14 4 11 16 20 21\n6 3 17 18 22\n10 3 19 23 24\n",
            "0 0 1 2 2 3\n0 4 4 5 5 3\n6 7 8 8 9 9\n6 6 10 10 11 11\n12 13 13 14 14 15\n16 16 13 14 17 15\n80* 3 5- 2/ 11+ 1- 9* 2 3- 30* 11+ 2/ 6 8* 13+ 8+ 10* 1\n",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
        ];
        let mut chars: Vec<char> = seeds[which].chars().collect();
        for (at, kind, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 => chars.insert(i, c),
                1 if i < chars.len() => { chars.remove(i); }
                _ if i < chars.len() => chars[i] = c,
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(doc) = read(&text, None) {
            for e in doc.entries {
                if let Err(err) = e.puzzle {
                    prop_assert!(!err.to_string().is_empty());
                }
            }
        }
    }
}
