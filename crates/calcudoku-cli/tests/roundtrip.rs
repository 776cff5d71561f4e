//! Every output reads back: what `generate` and `convert` write, in every format that can write
//! the kind, of one puzzle or several (from one file or several, whose `==> FILE <==` headers
//! are decoration), is read by detection alone to the same puzzles.

use serde_json::Value;

mod common;
use common::run_with as run;

const FORMATS: [&str; 6] = ["ops", "cells", "counted", "sudoku", "keen", "json"];

/// The kinds made: every kind, and the options that change what a format must write (hidden
/// operators, long − and ÷, sums only, Killer givens, Sudoku sizes with and without a line
/// form).
const KINDS: [&[&str]; 10] = [
    &["-k", "kenken", "-s", "5"],
    &["-k", "kenken", "-s", "4", "--hidden-ops"],
    &["-k", "kenken", "-s", "5", "--long-ops", "-d", "hard"],
    &["-k", "kenken", "-s", "4", "--ops", "+"],
    &["-k", "sudoku", "-s", "9"],
    &["-k", "sudoku", "-s", "10", "-d", "easy"],
    &["-k", "sudoku", "-s", "4", "-d", "easy"],
    &["-k", "sudoku", "-s", "16", "-d", "easy"],
    &["-k", "killer", "-s", "6", "-d", "easy"],
    &["-k", "killer", "-s", "4", "-d", "easy", "--givens"],
];

/// The JSON objects of a text, one after the other (JSON Lines or pretty-printed).
fn objects(text: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(text).into_iter::<Value>().map(Result::unwrap).collect()
}

/// A puzzle's JSON in a form that does not depend on how a format orders or spells it: cages
/// sorted, a one-cell cage's `+` dropped (the cage formats write a given so), no all-empty
/// givens.
fn canonical(puzzle: &Value) -> String {
    let mut p = puzzle.as_object().unwrap().clone();
    let mut cages: Vec<String> = p
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| {
            let mut c = c.as_object().unwrap().clone();
            if c["cells"].as_array().unwrap().len() == 1 && c.get("op").is_none_or(|o| o == "+") {
                c.remove("op");
            }
            Value::Object(c).to_string()
        })
        .collect();
    cages.sort();
    p.insert("cages".into(), cages.into());
    let empty = |g: &Value| {
        g.as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap()).all(|v| v == 0)
    };
    if p.get("givens").is_some_and(empty) {
        p.remove("givens");
    }
    Value::Object(p).to_string()
}

/// The puzzles of a text, read by detection alone (`convert --to json` of standard input).
fn read_back(text: &str) -> Result<Vec<String>, String> {
    let (code, out, err) = run(&["convert", "--to", "json", "-q", "-"], text);
    if code != 0 {
        return Err(err);
    }
    Ok(objects(&out).iter().map(canonical).collect())
}

#[test]
fn generate_and_convert_output_reads_back_by_detection() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let mut checked = 0;
    for kind in KINDS {
        for count in ["1", "3"] {
            let made = [&["generate", "--seed", "4", "-q", "-n", count][..], kind].concat();
            let (code, lines, err) = run(&[&made[..], &["--json"]].concat(), "");
            assert_eq!(code, 0, "{kind:?}: {err}");
            let puzzles: Vec<Value> = objects(&lines).iter().map(|o| o["puzzle"].clone()).collect();
            let expected: Vec<String> = puzzles.iter().map(canonical).collect();
            assert_eq!(expected.len(), count.parse::<usize>().unwrap());
            let mut written = 0;
            for to in std::iter::once(None).chain(FORMATS.map(Some)) {
                // `generate`, in the default format and every one asked.
                let mut args = made.clone();
                args.extend(to.iter().flat_map(|to| ["--to", to]));
                let (code, out, err) = run(&args, "");
                if code == 2 {
                    // Refused at once, in one line, only where the format cannot write the kind.
                    assert!(to.is_some() && to != Some("json"), "{args:?}: {err}");
                    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
                    assert!(err.contains("cannot write"), "{args:?}: {err}");
                    continue;
                }
                assert_eq!(code, 0, "{args:?}: {err}");
                written += 1;
                assert_eq!(read_back(&out), Ok(expected.clone()), "{args:?}:\n{out}");
                checked += 1;
                // `convert` of the same puzzles, from one file and from two (with headers),
                // in rows and, for Sudoku, one line each.
                let json: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
                std::fs::write(a, &json).unwrap();
                std::fs::write(b, &json).unwrap();
                let to = to.unwrap_or("json");
                let layouts: &[&[&str]] = if to == "sudoku" { &[&[], &["--line"]] } else { &[&[]] };
                for files in [&[a][..], &[a, b]] {
                    for layout in layouts {
                        let args = [&["convert", "-q", "--to", to][..], layout, files].concat();
                        let (code, out, err) = run(&args, "");
                        if code != 0 {
                            // The line form of a size that has none, only.
                            assert_eq!(layout, &["--line"], "{args:?}: {err}");
                            continue;
                        }
                        let twice: Vec<String> =
                            files.iter().flat_map(|_| expected.iter().cloned()).collect();
                        assert_eq!(read_back(&out), Ok(twice), "{args:?}:\n{out}");
                        checked += 1;
                    }
                }
            }
            // The default format and JSON at least.
            assert!(written >= 2, "{kind:?}");
        }
    }
    assert!(checked > 200, "{checked}");
}

/// Two equal givens in a row: the same answer in every format that can write them (a puzzle
/// without solution, status 1), as the README says.
#[test]
fn clashing_givens_are_no_solution_in_every_format() {
    let line = "44...........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......8.5.3...";
    let rows: String = line
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let values: Vec<String> = r
                .iter()
                .map(|&c| if c == b'.' { "0".into() } else { (c as char).to_string() })
                .collect();
            values.join(" ") + "\n"
        })
        .collect();
    let givens: Vec<Vec<u8>> =
        rows.lines().map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect()).collect();
    let json = serde_json::json!({"size": 9, "boxes": "3x3", "givens": givens}).to_string();
    for text in [format!("{line}\n"), rows, json] {
        let (code, out, err) = run(&[], &text);
        assert_eq!((code, out.as_str()), (1, "No solution.\n"), "{text}: {err}");
        let (code, out, _) = run(&["count"], &text);
        assert_eq!((code, out.as_str()), (1, "0\n"), "{text}");
    }
}
