//! What the page's play reads from the bindings, checked natively (the calls that succeed; an
//! error is a JavaScript value, made only in the browser): the layout's clues, a hint's units
//! and cages, the automatic marks, the generator's kinds.

use calcudoku::generate::Kind;
use calcudoku::{Grid, format, logic};
use calcudoku_web::{WebPuzzle, generator_kinds};
use serde_json::Value;

fn puzzle(text: &str) -> WebPuzzle {
    let Ok(p) = WebPuzzle::parse(text) else { panic!("{text}: does not read") };
    p
}

fn json(text: String) -> Value {
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn the_layout_gives_relations_clues_regions_and_diagonals() {
    let futoshiki =
        puzzle(r#"{"size": 4, "relations": [{"cells": [[0, 1], [0, 2]], "rel": "<"}]}"#);
    let layout = json(futoshiki.layout());
    assert_eq!(layout["relations"], json(r#"[{"a": [0, 1], "b": [0, 2], "rel": "less"}]"#.into()));
    assert_eq!(layout["clues"], Value::Null);

    let towers = r#"{"size": 4, "skyscrapers": {"top": [4, 3, 2, 1], "left": [4, 0, 0, 1]}}"#;
    let layout = json(puzzle(towers).layout());
    assert_eq!(layout["clues"]["top"], json("[4, 3, 2, 1]".into()));
    assert_eq!(layout["clues"]["left"], json("[4, 0, 0, 1]".into()));
    assert_eq!(layout["clues"]["bottom"], json("[0, 0, 0, 0]".into()));

    let jigsaw = r#"{"size": 4, "regions": ["0001", "0111", "2223", "2333"], "diagonals": true}"#;
    let layout = json(puzzle(jigsaw).layout());
    let regions: Vec<u64> =
        layout["regions"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(regions, [0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3]);
    assert_eq!(layout["diagonals"], Value::Bool(true));
    assert_eq!(json(puzzle(jigsaw).layout())["relations"], json("[]".into()));
}

#[test]
fn a_hint_names_where_it_looks() {
    let sudoku =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let p = puzzle(sudoku);
    let Ok(text) = p.hint(&[0; 81]) else { panic!("no hint") };
    let hint = json(text);
    assert_eq!(hint["status"], "step");
    let groups: Vec<&Value> =
        hint["units"].as_array().unwrap().iter().chain(hint["cages"].as_array().unwrap()).collect();
    assert!(!groups.is_empty(), "a Sudoku's first step looks at a house: {hint}");
    for g in groups {
        let name = g["name"].as_str().unwrap();
        assert!(["row ", "column ", "box "].iter().any(|w| name.starts_with(w)), "{name}");
        assert_eq!(g["cells"].as_array().unwrap().len(), 9, "{name}: a house of 9 cells");
    }
    // Its step's cells lie in where it looks, or the first stage would point elsewhere.
    assert!(!hint["cells"].as_array().unwrap().is_empty());
}

#[test]
fn automatic_marks_are_the_librarys() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/kenken-6x6.ops.txt"
    ))
    .unwrap();
    let p = puzzle(&text);
    let mut values = vec![0u8; 36];
    values[0] = 1;
    let Ok(bits) = p.pencil_marks(&values) else { panic!("marks") };
    let grid = Grid::from_cells(6, values).unwrap();
    let lib = logic::pencil_marks(&format::parse(&text, None).unwrap(), &grid);
    assert_eq!(bits, lib.iter().map(|s| s.0 as u32).collect::<Vec<_>>());
    assert_eq!(bits[0], 1, "a filled cell: its value alone");
    assert_eq!(bits[1] & 1, 0, "its row's cells lose the 1");
}

#[test]
fn the_generators_kinds_and_levels() {
    let kinds = json(generator_kinds());
    let kinds = kinds.as_array().unwrap();
    assert_eq!(kinds.len(), Kind::ALL.len());
    for (k, kind) in kinds.iter().zip(Kind::ALL) {
        assert_eq!(k["id"], kind.name());
        let levels: Vec<&str> =
            k["levels"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        assert_eq!(levels, kind.levels());
        assert_eq!(k["name"], kind.puzzle_kind().to_string());
        assert_eq!(k["kind"], kind.puzzle_kind().id());
    }
    assert_eq!(kinds[0]["name"], "KenKen");
    let named = |id: &str| kinds.iter().find(|k| k["id"] == id).unwrap().clone();
    assert_eq!(named("towers")["kind"], "skyscrapers");
    assert_eq!(named("jigsaw-x")["name"], "Jigsaw X-Sudoku");
    assert_eq!(named("x")["levels_at"]["4"], serde_json::json!(["easy"]));
    assert_eq!(named("kenken")["levels_at"], serde_json::json!({}));
}
