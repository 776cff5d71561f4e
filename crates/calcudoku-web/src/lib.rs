//! The web page's bindings: the library's types and errors turned into what JavaScript reads
//! (strings, numbers, JSON), and nothing that thinks. Errors carry the CLI's words.
//!
//! This file holds the puzzle's own calls (reading, drawing, solving, checking, hints,
//! grading, generating); `play` the calls the page's play and print add (pencil marks, the
//! generator's kinds and levels, the PDF sheet).

mod play;

pub use play::generator_kinds;
#[cfg(feature = "pdf")]
pub use play::pdf_sheet;

use calcudoku::format::{self, Format, Layout};
use calcudoku::logic::{self, LogicError, Placement};
use calcudoku::puzzle::RelationKind;
use calcudoku::render::{Marks, Picture, svg};
use calcudoku::results;
use calcudoku::solve::Solver;
use calcudoku::{Cell, Grid, Puzzle, ValueSet};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

/// A puzzle on the page.
#[wasm_bindgen]
pub struct WebPuzzle {
    inner: Puzzle,
}

fn grid_of(size: usize, cells: &[u8]) -> Result<Grid, JsError> {
    Grid::from_cells(size, cells.to_vec()).map_err(|e| JsError::new(&format!("grid: {e}")))
}

fn logic_error(e: LogicError) -> JsError {
    JsError::new(&e.to_string())
}

fn cells_json(size: usize, cells: impl IntoIterator<Item = Cell>) -> Value {
    cells.into_iter().map(|c| json!([c.row(size), c.col(size)])).collect()
}

/// `[[row, col]…]` (or `[[row, col, value]…]` when `with_value`) from a marks object's field,
/// as cells of an n×n grid; anything else is an error naming the field.
fn marked(
    marks: &Value,
    field: &str,
    n: usize,
    with_value: bool,
) -> Result<Vec<Placement>, JsError> {
    let bad = || {
        let shape = if with_value { "[[row, col, value]…]" } else { "[[row, col]…]" };
        JsError::new(&format!("marks: {field}: expected {shape} inside a {n}×{n} grid"))
    };
    let Some(items) = marks.get(field) else { return Ok(Vec::new()) };
    let items = items.as_array().ok_or_else(bad)?;
    items
        .iter()
        .map(|item| {
            let numbers: Vec<u64> = item
                .as_array()
                .ok_or_else(bad)?
                .iter()
                .map(Value::as_u64)
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            let want = if with_value { 3 } else { 2 };
            let (r, c) = match numbers[..] {
                [r, c, ..] if numbers.len() == want => (r as usize, c as usize),
                _ => return Err(bad()),
            };
            let value = if with_value { numbers[2] } else { 0 };
            if r >= n || c >= n || (with_value && !(1..=n as u64).contains(&value)) {
                return Err(bad());
            }
            Ok(Placement { cell: Cell::at(r, c, n), value: value as u8 })
        })
        .collect()
}

#[wasm_bindgen]
impl WebPuzzle {
    /// Reads a puzzle in any format (ops grid, Keen game ID, Sudoku line or rows, JSON, …).
    #[wasm_bindgen(constructor)]
    pub fn parse(text: &str) -> Result<WebPuzzle, JsError> {
        format::parse(text, None)
            .map(|inner| WebPuzzle { inner })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    pub fn size(&self) -> usize {
        self.inner.size()
    }

    /// The puzzle's kind as the library names it on the command line and in JSON: `kenken`,
    /// `sudoku`, `killer`, `latin`, `jigsaw`, `x`, `skyscrapers`, `futoshiki`, …
    pub fn kind(&self) -> String {
        self.inner.kind().id()
    }

    /// The kind's name for people: `KenKen`, `Killer Sudoku`, `Jigsaw X-Sudoku`, …
    pub fn kind_name(&self) -> String {
        self.inner.kind().to_string()
    }

    /// The puzzle's structure as JSON: size, boxes (`[h, w]` or null), regions (each cell's box
    /// or jigsaw region from 0, row after row, or null), diagonals, givens (rows), cages
    /// (`{label, cells: [[row, col]…]}`, rows and columns from 0), distinct, relations
    /// (`{a: [row, col], b: [row, col], rel}`, `rel` one of `less`, `consecutive`,
    /// `not-consecutive`), clues (Skyscrapers': `{top, bottom, left, right}`, 0 for none, or
    /// null).
    pub fn layout(&self) -> String {
        let n = self.inner.size();
        let regions: Option<Vec<usize>> = self.inner.has_regions().then(|| {
            (0..n * n).map(|i| self.inner.region_of(Cell(i as u16)).unwrap_or(0)).collect()
        });
        let cages: Vec<Value> = self
            .inner
            .cages()
            .iter()
            .map(|c| json!({"label": c.label(), "cells": cells_json(n, c.cells.iter().copied())}))
            .collect();
        let at = |c: Cell| json!([c.row(n), c.col(n)]);
        let relations: Vec<Value> = (self.inner.relations().iter())
            .map(|r| {
                let rel = match r.kind {
                    RelationKind::Less => "less",
                    RelationKind::Consecutive => "consecutive",
                    RelationKind::NotConsecutive => "not-consecutive",
                };
                json!({"a": at(r.a), "b": at(r.b), "rel": rel})
            })
            .collect();
        json!({
            "size": n,
            "boxes": self.inner.boxes().map(|b| json!([b.height, b.width])),
            "regions": regions,
            "diagonals": self.inner.diagonals(),
            "givens": self.inner.givens().cells(),
            "cages": cages,
            "distinct": self.inner.distinct_cages(),
            "relations": relations,
            "clues": self.inner.line_clues().map(|c| json!({
                "top": c.top, "bottom": c.bottom, "left": c.left, "right": c.right,
            })),
        })
        .to_string()
    }

    /// A short text that reads back as this puzzle, for a link: a Keen game ID for KenKen,
    /// a one-line Sudoku for Sudoku, else compact JSON.
    pub fn share(&self) -> String {
        let try_write = |f, layout| format::write_puzzle(&self.inner, f, layout).ok();
        let text = match self.kind().as_str() {
            "kenken" => try_write(Format::KEEN, Layout::Rows),
            "sudoku" => try_write(Format::SUDOKU, Layout::Line),
            _ => None,
        };
        text.or_else(|| try_write(Format::JSON, Layout::Rows))
            .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    }

    /// The puzzle drawn by the library as an SVG document: `values` the player's grid (row after
    /// row, 0 empty), `candidates` the pencil marks (a bit per value, bit `v − 1` for `v`, one
    /// number per cell; empty for none), `marks` JSON `{cells, wrong: [[row, col]…],
    /// eliminations, placements: [[row, col, value]…]}` (every field optional): cells
    /// highlighted, wrong values in red, candidates struck out, values placed. The cells are
    /// always drawn at the pencil-mark scale, so the picture keeps its geometry
    /// ([`WebPuzzle::grid_box`]) as marks come and go.
    pub fn render_svg(
        &self,
        values: &[u8],
        candidates: &[u32],
        marks: &str,
    ) -> Result<String, JsError> {
        let n = self.inner.size();
        let grid = grid_of(n, values)?;
        let marks: Value = if marks.trim().is_empty() {
            json!({})
        } else {
            serde_json::from_str(marks).map_err(|e| JsError::new(&format!("marks: {e}")))?
        };
        let cells = |field| -> Result<Vec<Cell>, JsError> {
            Ok(marked(&marks, field, n, false)?.into_iter().map(|p| p.cell).collect())
        };
        let marks = Marks {
            cells: cells("cells")?,
            wrong: cells("wrong")?,
            placements: marked(&marks, "placements", n, true)?,
            eliminations: marked(&marks, "eliminations", n, true)?,
        };
        let mut picture = Picture::new(&self.inner)
            .with_values(&grid)
            .with_marks(marks)
            .with_room_for_candidates();
        if !candidates.is_empty() {
            if candidates.len() != n * n {
                return Err(JsError::new(&format!(
                    "candidates: expected {} numbers (one per cell), found {}",
                    n * n,
                    candidates.len()
                )));
            }
            let sets: Vec<ValueSet> = candidates
                .iter()
                .map(|&bits| ValueSet(u64::from(bits)) & ValueSet::full(n))
                .collect();
            picture = picture.with_candidates(&sets);
        }
        Ok(svg::render(&picture))
    }

    /// Where [`WebPuzzle::render_svg`] draws the grid, in the SVG's user units: `[left, top,
    /// cell, width, height]` (cell (row, col) spans `left + col × cell` … `+ cell`, and so on
    /// down), for the page's layer of clickable cells.
    pub fn grid_box(&self) -> Vec<f64> {
        let picture = Picture::new(&self.inner).with_room_for_candidates();
        let b = svg::grid_box(&picture);
        let (w, h) = svg::dimensions(&picture);
        vec![b.left, b.top, b.cell, w, h]
    }

    /// The first solution in row-major order, row after row, or an empty array.
    pub fn solve(&self) -> Vec<u8> {
        match Solver::new(&self.inner).solve() {
            Ok(r) => r.grid.map(|g| g.cells().to_vec()).unwrap_or_default(),
            Err(_) => Vec::new(),
        }
    }

    /// The cells of a player's grid (row after row, 0 empty) that hold a value no solution has
    /// there, as JSON `[[row, col]…]`; an error when the puzzle has not exactly one solution.
    pub fn check(&self, cells: &[u8]) -> Result<String, JsError> {
        let grid = grid_of(self.inner.size(), cells)?;
        let solution = logic::unique_solution(&self.inner, None).map_err(logic_error)?;
        let n = self.inner.size();
        let wrong = grid
            .cells()
            .iter()
            .zip(solution.cells())
            .enumerate()
            .filter(|(_, (g, s))| **g != 0 && g != s)
            .map(|(i, _)| Cell(i as u16));
        Ok(cells_json(n, wrong).to_string())
    }

    /// The next step from a player's grid, as JSON: the library's `HintResult` (see
    /// `calcudoku::results`), the one shape of a step everywhere — `{status: "step",
    /// technique, level, rating, cells, placements, eliminations, text, units, cages, chain}`
    /// with rows and columns from 1, `{status: "wrong", wrong}`, `{status: "solved"}` or
    /// `{status: "stuck"}`. The page's worker turns it into the page's own form.
    pub fn hint(&self, cells: &[u8]) -> Result<String, JsError> {
        let grid = grid_of(self.inner.size(), cells)?;
        let hint = logic::hint(&self.inner, Some(&grid), None).map_err(logic_error)?;
        let result = results::HintResult::of(&self.inner, Some(&grid), hint);
        serde_json::to_string(&result).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The grade as JSON: the library's `GradeResult` (`{status, level, rating, steps,
    /// techniques: {name: count}}`).
    pub fn grade(&self) -> Result<String, JsError> {
        let g = logic::grade(&self.inner, None).map_err(logic_error)?;
        serde_json::to_string(&results::GradeResult::from(&g))
            .map_err(|e| JsError::new(&e.to_string()))
    }
}

/// A new puzzle of a kind (`kenken`, `sudoku`, `killer`), size and level (one of the kind's
/// level names), the same for the same seed as `calcudoku generate --seed SEED`. Gives up after
/// `seconds` (a rare level on a big grid) with a message saying so.
#[wasm_bindgen]
pub fn generate(
    kind: &str,
    size: usize,
    level: &str,
    seed: u32,
    seconds: f64,
) -> Result<WebPuzzle, JsError> {
    use calcudoku::generate::{self, GenerateError, Kind, Options};
    let kind = Kind::from_name(kind).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        JsError::new(&format!("kind: expected one of {}, found {kind}", names.join(", ")))
    })?;
    let options = Options { seed: seed as u64, ..Options::new(kind, size) }
        .with_level_named(level)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let seconds = if seconds.is_finite() { seconds.clamp(0.1, 3600.0) } else { 5.0 };
    let deadline =
        calcudoku::clock::Instant::now() + calcudoku::clock::Duration::from_secs_f64(seconds);
    match generate::generate(&options, 0, Some(deadline)) {
        Ok(made) => Ok(WebPuzzle { inner: made.puzzle }),
        Err(GenerateError::Timeout | GenerateError::GaveUp(_)) => Err(JsError::new(&format!(
            "no {level} {size}×{size} {} found in time; try again or pick another level",
            kind.name()
        ))),
        Err(e) => Err(JsError::new(&e.to_string())),
    }
}
