//! What the page's play and print add to the puzzle's calls: automatic pencil marks, the
//! generator's kinds with their level names, and the printable PDF sheet. Conversions only.

#[cfg(feature = "pdf")]
use calcudoku::format;
use calcudoku::generate::Kind;
use calcudoku::logic;
#[cfg(feature = "pdf")]
use calcudoku::render::pdf;
#[cfg(feature = "pdf")]
use calcudoku::solve::Solver;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::{WebPuzzle, grid_of};

#[wasm_bindgen]
impl WebPuzzle {
    /// Automatic pencil marks for a player's grid (row after row, 0 empty): one number per
    /// cell, bit `v − 1` for value `v` ([`logic::pencil_marks`]).
    pub fn pencil_marks(&self, values: &[u8]) -> Result<Vec<u32>, JsError> {
        let grid = grid_of(self.inner.size(), values)?;
        Ok(logic::pencil_marks(&self.inner, &grid).iter().map(|s| s.0 as u32).collect())
    }
}

/// The kinds the generator makes, the library's default kind first, as JSON `[{id, kind,
/// name, levels, levels_at, size, level}…]`: `id` what [`crate::generate`] takes, `kind` the
/// id a puzzle of the kind reports (`skyscrapers` for `towers`), `name` the kind's name for
/// people (`Jigsaw X-Sudoku`), `levels` easiest first, `levels_at` the fewer levels some sizes
/// have (`{"4": ["easy"]}`), `size` and `level` the library's defaults for the kind (the same
/// as the command line's and Python's).
#[wasm_bindgen]
pub fn generator_kinds() -> String {
    let mut order = Kind::ALL.to_vec();
    order.sort_by_key(|&k| k != Kind::DEFAULT);
    let kinds: Vec<Value> = order
        .iter()
        .map(|&k| {
            let fewer: serde_json::Map<String, Value> = (3..=16)
                .filter(|&n| k.levels_at(n) != k.levels())
                .map(|n| (n.to_string(), json!(k.levels_at(n))))
                .collect();
            json!({
                "id": k.name(),
                "kind": k.puzzle_kind().id(),
                "name": k.puzzle_kind().to_string(),
                "levels": k.levels(),
                "levels_at": fewer,
                "size": k.default_size(),
                "level": k.default_level(),
            })
        })
        .collect();
    Value::from(kinds).to_string()
}

/// A printable PDF sheet (A4) of puzzles, each read from its text in any format: `items` is
/// JSON `[{text, level?, id?}…]`; `per_page` puzzles a page (1 to 30), then with `solutions`
/// the answer pages. Only in the build with the `pdf` feature.
#[cfg(feature = "pdf")]
#[wasm_bindgen]
pub fn pdf_sheet(
    items: &str,
    title: &str,
    per_page: usize,
    solutions: bool,
) -> Result<Vec<u8>, JsError> {
    let items: Vec<Value> = serde_json::from_str(items)
        .map_err(|e| JsError::new(&format!("sheet: expected [{{text, level, id}}…]: {e}")))?;
    let mut puzzles = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let text = item["text"]
            .as_str()
            .ok_or_else(|| JsError::new(&format!("sheet: puzzle {}: expected a text", k + 1)))?;
        let puzzle = format::parse(text, None)
            .map_err(|e| JsError::new(&format!("sheet: puzzle {}: {e}", k + 1)))?;
        let word = |field: &str| item[field].as_str().map(str::to_string);
        puzzles.push((puzzle, word("level"), word("id").unwrap_or_default()));
    }
    let sheet: Vec<pdf::Item> = puzzles
        .iter()
        .map(|(puzzle, level, id)| pdf::Item {
            puzzle,
            solution: solutions.then(|| Solver::new(puzzle).solve().ok()?.grid).flatten(),
            level: level.clone(),
            id: id.clone(),
        })
        .collect();
    let options =
        pdf::Options { per_page, title: title.to_string(), solutions, ..Default::default() };
    pdf::sheet(&sheet, &options).map_err(|e| JsError::new(&e.to_string()))
}
