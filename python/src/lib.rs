//! Python bindings of calcudoku: types and errors converted at the border, nothing more.
//!
//! Every call that takes time releases the interpreter lock; the batch functions spread their
//! puzzles over threads (rayon) and return results in input order, a bad puzzle giving its
//! error object in its place rather than stopping the others. No panic crosses into Python:
//! pyo3 turns one into `pyo3_runtime.PanicException`, and the library is built not to panic on
//! any input.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use calcudoku::Grid;
use calcudoku::format::{self, Format, Layout};
use calcudoku::logic::{self, Board, Ladder, LogicError, se};
use calcudoku::results;
use calcudoku::solve::Solver;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;

mod se_scale;

use se_scale::{SeGradeResult, se_error, se_givens};

create_exception!(
    calcudoku,
    CalcudokuError,
    PyException,
    "Base class of calcudoku's errors about a puzzle's solutions."
);
create_exception!(
    calcudoku,
    ParseError,
    PyValueError,
    "A puzzle text that does not read: the message says where (line, column) and what was expected; `.line` and `.column` are 1-based (0: the whole input or line)."
);
create_exception!(
    calcudoku,
    FormatError,
    PyValueError,
    "A puzzle that a format cannot express (say, a Sudoku as a Keen game ID)."
);
create_exception!(calcudoku, NoSolutionError, CalcudokuError, "The puzzle has no solution.");
create_exception!(
    calcudoku,
    NotUniqueError,
    CalcudokuError,
    "The puzzle has more than one solution, where exactly one is needed (grade, hint, explain)."
);

fn parse_error(py: Python<'_>, e: &calcudoku::ParseError, file: Option<&str>) -> PyErr {
    let message = match file {
        Some(f) => format!("{f}: {e}"),
        None => e.to_string(),
    };
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("line", e.line);
    let _ = value.setattr("column", e.column);
    let _ = value.setattr("what", e.what());
    err
}

fn logic_error(e: LogicError) -> PyErr {
    match e {
        LogicError::NoSolution => NoSolutionError::new_err("no solution"),
        LogicError::NotUnique => {
            NotUniqueError::new_err("not unique: the puzzle has more than one solution")
        }
        LogicError::Timeout => PyTimeoutError::new_err("out of time"),
        other => CalcudokuError::new_err(other.to_string()),
    }
}

fn format_of(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map(|n| {
        Format::from_name(n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown format {n:?} (expected one of {})",
                Format::names().join(", ")
            ))
        })
    })
    .transpose()
}

fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    match timeout {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(s.min(1e9))))
        }
        Some(s) => Err(PyValueError::new_err(format!(
            "timeout: expected a positive number of seconds, found {s}"
        ))),
    }
}

/// A grid as rows of ints (`u8` would become Python bytes).
fn rows(grid: &Grid) -> Vec<Vec<u32>> {
    grid.rows().map(|r| r.iter().map(|&v| u32::from(v)).collect()).collect()
}

/// The Python ints 0 to `max`, made once and shared by every cell of the grids returned, so
/// that a solution costs its lists and no int conversions.
fn small_ints(py: Python<'_>, max: usize) -> Vec<Bound<'_, PyAny>> {
    (0..=max)
        .map(|v| {
            let Ok(int) = v.into_pyobject(py);
            int.into_any()
        })
        .collect()
}

/// One row of a grid, converted straight into a Python list of the shared ints.
struct Row<'a, 'py> {
    values: &'a [u8],
    ints: &'a [Bound<'py, PyAny>],
}

impl<'py> IntoPyObject<'py> for Row<'_, 'py> {
    type Target = PyList;
    type Output = Bound<'py, PyList>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.values.iter().map(|&v| &self.ints[usize::from(v)]))
    }
}

/// A grid as a Python list of rows, without Rust vectors in between. `ints` must reach the
/// grid's size (see [`small_ints`]).
fn grid_list<'py>(
    py: Python<'py>,
    grid: &Grid,
    ints: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyAny>> {
    PyList::new(py, grid.rows().map(|values| Row { values, ints })).map(Bound::into_any)
}

/// Python's cyclic garbage collector, paused while a batch's results are built and restarted
/// (when it was running) on drop, errors and panics included. A result of rows is ten lists
/// per 9×9 grid: built with the collector on, they set off young collections every 700 and
/// full ones as the heap grows, which cost more than building them (measured in
/// `python/bench/overhead.py`). Paused, they are looked at once, by the first young
/// collection after the call. No Python code runs while it is paused.
struct CollectorPaused<'py>(Option<Bound<'py, PyModule>>);

impl<'py> CollectorPaused<'py> {
    fn new(py: Python<'py>) -> CollectorPaused<'py> {
        let paused = py.import("gc").ok().filter(|gc| {
            gc.call_method0("isenabled").and_then(|on| on.extract::<bool>()).unwrap_or(false)
                && gc.call_method0("disable").is_ok()
        });
        CollectorPaused(paused)
    }
}

impl Drop for CollectorPaused<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.0 {
            let _ = gc.call_method0("enable");
        }
    }
}

fn grid_of(size: usize, rows: Vec<Vec<u32>>) -> PyResult<Grid> {
    if rows.len() != size || rows.iter().any(|r| r.len() != size) {
        return Err(PyValueError::new_err(format!(
            "grid: expected {size} rows of {size} values (0 for an empty cell)"
        )));
    }
    let cells: Vec<u32> = rows.into_iter().flatten().collect();
    if let Some(v) = cells.iter().find(|&&v| v as usize > size) {
        return Err(PyValueError::new_err(format!("grid: expected values 0 to {size}, found {v}")));
    }
    Grid::from_cells(size, cells.into_iter().map(|v| v as u8).collect())
        .map_err(|e| PyValueError::new_err(format!("grid: {e}")))
}

/// A puzzle: KenKen (Calcudoku), Sudoku of any size, or Killer Sudoku.
#[pyclass(module = "calcudoku", frozen, eq)]
#[derive(Clone, PartialEq)]
struct Puzzle {
    inner: calcudoku::Puzzle,
}

#[pymethods]
impl Puzzle {
    /// Reads one puzzle from text, in any format (detected) or the one named.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn parse(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Puzzle> {
        let f = format_of(format)?;
        format::parse(text, f).map(|inner| Puzzle { inner }).map_err(|e| parse_error(py, &e, None))
    }

    /// Reads the one puzzle of a file (`calcudoku.read_file` reads files of many).
    #[staticmethod]
    #[pyo3(signature = (path, format = None))]
    fn from_file(py: Python<'_>, path: PathBuf, format: Option<&str>) -> PyResult<Puzzle> {
        let f = format_of(format)?;
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path)
            .map_err(|e| PyValueError::new_err(format!("{name}: cannot read: {e}")))?;
        format::parse(&text, f)
            .map(|inner| Puzzle { inner })
            .map_err(|e| parse_error(py, &e, Some(&name)))
    }

    /// The side length N.
    #[getter]
    fn size(&self) -> usize {
        self.inner.size()
    }

    /// What the puzzle is, as the command line and JSON name it: `kenken`, `sudoku`,
    /// `killer`, `latin` (givens only), `jigsaw`, `x`, `jigsaw-x`, `windoku`, `skyscrapers`,
    /// `futoshiki`, `adjacent`, …
    #[getter]
    fn kind(&self) -> String {
        self.inner.kind().id()
    }

    /// The givens as rows (0 for an empty cell).
    #[getter]
    fn givens(&self) -> Vec<Vec<u32>> {
        rows(self.inner.givens())
    }

    /// The cages as (label, cells) with cells as (row, col) from 0: `("12+", [(0, 0), (0, 1)])`.
    #[getter]
    fn cages(&self) -> Vec<(String, Vec<(usize, usize)>)> {
        let n = self.inner.size();
        self.inner
            .cages()
            .iter()
            .map(|c| (c.label(), c.cells.iter().map(|&x| (x.row(n), x.col(n))).collect()))
            .collect()
    }

    /// The puzzle written in a format: ops, cells, counted, sudoku, keen, json, solo, jigsaw,
    /// towers, unequal, …
    /// (`line=True`: a Sudoku on one line).
    #[pyo3(signature = (format, line = false))]
    fn to_format(&self, format: &str, line: bool) -> PyResult<String> {
        let f = format_of(Some(format))?.expect("a name was given");
        let layout = if line { Layout::Line } else { Layout::Rows };
        format::write_puzzle(&self.inner, f, layout)
            .map_err(|e| FormatError::new_err(e.to_string()))
    }

    /// The first solution in row-major order as rows of ints, or None when there is none.
    #[pyo3(signature = (timeout = None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let d = deadline(timeout)?;
        let report = py
            .detach(|| Solver::new(&self.inner).with_deadline(d).solve())
            .map_err(|_| PyTimeoutError::new_err("out of time"))?;
        let ints = small_ints(py, self.inner.size());
        report.grid.as_ref().map(|g| grid_list(py, g, &ints)).transpose()
    }

    /// The number of solutions, counting no further than `limit`.
    #[pyo3(signature = (limit = 1000, timeout = None))]
    fn count(&self, py: Python<'_>, limit: u64, timeout: Option<f64>) -> PyResult<u64> {
        if limit == 0 {
            return Err(PyValueError::new_err("limit: expected a positive number"));
        }
        let d = deadline(timeout)?;
        py.detach(|| Solver::new(&self.inner).with_deadline(d).count(limit))
            .map(|c| c.solutions)
            .map_err(|_| PyTimeoutError::new_err("out of time"))
    }

    /// How hard the puzzle is for a person: a `Grade` (`.level`, `.rating`, `.techniques`);
    /// with `scale="se"` (9×9 Sudoku), Sudoku Explainer's ratings: an `SeGrade` (`.er`,
    /// `.ep`, `.ed`, `.hardest`, `.path`). Raises NoSolutionError or NotUniqueError unless it
    /// has exactly one solution.
    #[pyo3(signature = (timeout = None, scale = "calcudoku"))]
    fn grade(&self, py: Python<'_>, timeout: Option<f64>, scale: &str) -> PyResult<Py<PyAny>> {
        let d = deadline(timeout)?;
        match scale {
            "calcudoku" => {
                let g = py
                    .detach(|| logic::grade(&self.inner, d))
                    .map(|g| GradeResult::from(results::GradeResult::from(&g)))
                    .map_err(logic_error)?;
                Ok(Bound::new(py, g)?.into_any().unbind())
            }
            "se" => {
                let givens = se_givens(&self.inner)?;
                let r = py.detach(|| se::rate_givens(&givens, d)).map_err(se_error)?;
                let r = SeGradeResult::from(results::SeGradeResult::of(&r, true));
                Ok(Bound::new(py, r)?.into_any().unbind())
            }
            other => Err(PyValueError::new_err(format!(
                "scale: expected 'calcudoku' or 'se', found {other:?}"
            ))),
        }
    }

    /// The next step, from the bare puzzle or from your own partial grid (rows, 0 empty).
    #[pyo3(signature = (grid = None, timeout = None))]
    fn hint(
        &self,
        py: Python<'_>,
        grid: Option<Vec<Vec<u32>>>,
        timeout: Option<f64>,
    ) -> PyResult<HintResult> {
        let d = deadline(timeout)?;
        let grid = grid.map(|g| grid_of(self.inner.size(), g)).transpose()?;
        let hint = py.detach(|| logic::hint(&self.inner, grid.as_ref(), d)).map_err(logic_error)?;
        Ok(HintResult::from(results::HintResult::of(&self.inner, grid.as_ref(), hint)))
    }

    /// Every step from the puzzle to its solution, easiest first each time.
    #[pyo3(signature = (timeout = None))]
    fn explain(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<Vec<StepResult>> {
        let d = deadline(timeout)?;
        py.detach(|| {
            logic::unique_solution(&self.inner, d)?;
            let board = Board::new(&self.inner).map_err(|_| LogicError::NoSolution)?;
            let ladder = Ladder::for_board(&board);
            let e = logic::explain(board.clone(), &ladder, d)?;
            let result = results::ExplainResult::of(board, &ladder, &e)?;
            Ok(result.steps.into_iter().map(StepResult::from).collect())
        })
        .map_err(logic_error)
    }

    /// The puzzle drawn as SVG 1.1 (newspaper style, no scripts), with its first solution
    /// when `solution` is true (`ValueError` when it has none), and a caption when given.
    #[pyo3(signature = (solution = false, caption = None, timeout = None))]
    fn to_svg(
        &self,
        py: Python<'_>,
        solution: bool,
        caption: Option<String>,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        let deadline = deadline(timeout)?;
        let inner = &self.inner;
        let solved = if solution {
            let report = py
                .detach(|| Solver::new(inner).with_deadline(deadline).solve())
                .map_err(|_| PyTimeoutError::new_err("out of time"))?;
            Some(report.grid.ok_or_else(|| PyValueError::new_err("no solution to draw"))?)
        } else {
            None
        };
        let mut picture = calcudoku::render::Picture::new(inner);
        if let Some(grid) = &solved {
            picture = picture.with_values(grid);
        }
        if let Some(caption) = caption {
            picture = picture.with_caption(caption);
        }
        Ok(calcudoku::render::svg::render(&picture))
    }

    fn __repr__(&self) -> String {
        format!(
            "<calcudoku.Puzzle {} {}x{}, {} cages, {} givens>",
            self.kind(),
            self.inner.size(),
            self.inner.size(),
            self.inner.cages().len(),
            self.inner.givens().cells().iter().filter(|&&v| v != 0).count()
        )
    }

    /// The puzzle in the ops format (Sudoku: rows), as the CLI's `convert` writes it.
    fn __str__(&self) -> String {
        let f = if self.inner.cages().is_empty() { Format::SUDOKU } else { Format::OPS };
        format::write_puzzle(&self.inner, f, Layout::Rows).unwrap_or_else(|e| e.to_string())
    }
}

/// A puzzle's grade.
#[pyclass(module = "calcudoku", frozen, get_all)]
struct GradeResult {
    /// Lower-case level name (KenKen: easy, normal, hard, extreme, unreasonable; Sudoku and
    /// Killer: easy … needs trial).
    level: String,
    /// The rating of the hardest step (Sudoku Explainer-like scale), to a tenth.
    rating: f64,
    /// Steps taken.
    steps: u32,
    techniques_list: Vec<(String, u32)>,
}

#[pymethods]
impl GradeResult {
    /// Each technique used and how many steps used it, in order of first use.
    #[getter]
    fn techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (t, k) in &self.techniques_list {
            d.set_item(t, k)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("<calcudoku.Grade {} rating {:.1}, {} steps>", self.level, self.rating, self.steps)
    }
}

impl From<results::GradeResult> for GradeResult {
    fn from(g: results::GradeResult) -> GradeResult {
        GradeResult {
            level: g.level.to_string(),
            rating: g.rating,
            steps: g.steps,
            techniques_list: g.techniques,
        }
    }
}

/// One deduction, in the library's one shape of a step (`calcudoku::results::StepResult`),
/// except that rows and columns count from 0, as Python counts.
#[pyclass(module = "calcudoku", frozen, get_all)]
#[derive(Clone)]
struct StepResult {
    technique: String,
    /// The level of the rung that found it; None on Sudoku Explainer's scale.
    level: Option<String>,
    /// Its rating, to a tenth.
    rating: f64,
    /// The cells it looks at, as (row, col).
    cells: Vec<(usize, usize)>,
    /// Values placed, as (row, col, value).
    placements: Vec<(usize, usize, u32)>,
    /// Candidates removed, as (row, col, value).
    eliminations: Vec<(usize, usize, u32)>,
    /// The step in one English sentence.
    text: String,
}

impl From<results::StepResult> for StepResult {
    fn from(s: results::StepResult) -> StepResult {
        let triple = |p: &results::ValueAt| (p.row - 1, p.col - 1, u32::from(p.value));
        StepResult {
            technique: s.technique,
            level: s.level.map(str::to_string),
            rating: s.rating,
            cells: s.cells.iter().map(|a| (a.row - 1, a.col - 1)).collect(),
            placements: s.placements.iter().map(triple).collect(),
            eliminations: s.eliminations.iter().map(triple).collect(),
            text: s.text,
        }
    }
}

#[pymethods]
impl StepResult {
    fn __repr__(&self) -> String {
        match &self.level {
            Some(level) => format!("<calcudoku.Step {} [{level}]: {}>", self.technique, self.text),
            None => {
                format!("<calcudoku.Step {} [{:.1}]: {}>", self.technique, self.rating, self.text)
            }
        }
    }
}

/// What `Puzzle.hint` found: `status` is `step` (see `.step`), `wrong` (see `.wrong`, cells of
/// your grid that no solution has), `solved` or `stuck`.
#[pyclass(module = "calcudoku", frozen, get_all)]
struct HintResult {
    status: &'static str,
    step: Option<StepResult>,
    wrong: Vec<(usize, usize)>,
}

impl From<results::HintResult> for HintResult {
    fn from(h: results::HintResult) -> HintResult {
        let (status, step, wrong) = match h {
            results::HintResult::Step(s) => ("step", Some(StepResult::from(s)), Vec::new()),
            results::HintResult::Wrong { wrong } => {
                ("wrong", None, wrong.iter().map(|a| (a.row - 1, a.col - 1)).collect())
            }
            results::HintResult::Solved => ("solved", None, Vec::new()),
            results::HintResult::Stuck => ("stuck", None, Vec::new()),
        };
        HintResult { status, step, wrong }
    }
}

#[pymethods]
impl HintResult {
    fn __repr__(&self) -> String {
        match &self.step {
            Some(s) => format!("<calcudoku.Hint step: {}>", s.text),
            None => format!("<calcudoku.Hint {}>", self.status),
        }
    }
}

/// A batch item: a parsed puzzle, or text to parse (in the worker, without the GIL).
enum Item {
    Puzzle(calcudoku::Puzzle),
    Text(String),
}

fn items(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<Item>> {
    let mut out = Vec::new();
    for p in puzzles.try_iter()? {
        let p = p?;
        if let Ok(puzzle) = p.cast::<Puzzle>() {
            out.push(Item::Puzzle(puzzle.get().inner.clone()));
        } else {
            out.push(Item::Text(
                p.extract::<String>().map_err(|_| {
                    PyValueError::new_err("expected Puzzle objects or puzzle texts")
                })?,
            ));
        }
    }
    Ok(out)
}

/// Why one puzzle of a batch has no result.
enum Failure {
    Parse(calcudoku::ParseError),
    Logic(LogicError),
    /// An error already in Python's terms (the SE scale's).
    Py(PyErr),
}

impl Failure {
    fn into_py(self, py: Python<'_>) -> Py<PyAny> {
        let err = match self {
            Failure::Parse(e) => parse_error(py, &e, None),
            Failure::Logic(e) => logic_error(e),
            Failure::Py(e) => e,
        };
        err.into_value(py).into_any()
    }
}

fn with_puzzle<T>(
    item: &Item,
    f: impl Fn(&calcudoku::Puzzle) -> Result<T, Failure>,
) -> Result<T, Failure> {
    match item {
        Item::Puzzle(p) => f(p),
        Item::Text(t) => f(&format::parse(t, None).map_err(Failure::Parse)?),
    }
}

/// The threads worth starting for `work` items when `threads` are asked for (None or 0: all
/// cores): never more than the cores, nor than the items (at least one).
fn threads_for(threads: Option<usize>, work: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match threads {
        Some(0) | None => cores,
        Some(n) => n.min(cores),
    }
    .min(work)
    .max(1)
}

/// Runs `work` over the items on `threads` threads (None: all cores; never more than the
/// cores or the items), without the GIL.
fn batch<T: Send>(
    py: Python<'_>,
    items: &[Item],
    threads: Option<usize>,
    work: impl Fn(&Item) -> T + Sync,
) -> PyResult<Vec<T>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    py.detach(|| match threads_for(threads, items.len()) {
        1 => Ok(items.iter().map(&work).collect()),
        n if n == cores => Ok(items.par_iter().map(&work).collect()),
        n => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(|| items.par_iter().map(&work).collect()))
            .map_err(|e| PyValueError::new_err(format!("threads: {e}"))),
    })
}

/// Solves many puzzles (Puzzle objects or texts) on all cores: for each, its first solution
/// in row-major order as rows (with `line=True`: as one line of text, `1`–`9` then `A`=10 …,
/// as `calcudoku solve` writes a batch of one-line Sudokus), None when it has none, or the
/// error object of a text that does not read (`ParseError`) or a puzzle out of time
/// (`TimeoutError`).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, timeout = None, line = false))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    timeout: Option<f64>,
    line: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    let items = items(puzzles)?;
    let per = timeout.map(|_| deadline(timeout)).transpose()?.flatten().map(|d| d - Instant::now());
    let results = batch(py, &items, threads, |item| {
        with_puzzle(item, |p| {
            let d = per.map(|t| Instant::now() + t);
            Solver::new(p)
                .with_deadline(d)
                .solve()
                .map(|r| r.grid)
                .map_err(|_| Failure::Logic(LogicError::Timeout))
        })
    })?;
    if line {
        // Strings hold no references: nothing for the collector, one allocation each.
        let mut text = String::new();
        return Ok(results
            .into_iter()
            .map(|r| match r {
                Ok(Some(grid)) => {
                    text.clear();
                    text.extend(grid.cells().iter().map(|&v| format::value_char(v)));
                    PyString::new(py, &text).into_any().unbind()
                }
                Ok(None) => py.None(),
                Err(f) => f.into_py(py),
            })
            .collect());
    }
    let largest = results.iter().flatten().flatten().map(Grid::size).max().unwrap_or(0);
    let ints = small_ints(py, largest);
    let _paused = (results.len() >= 100).then(|| CollectorPaused::new(py));
    results
        .into_iter()
        .map(|r| match r {
            Ok(Some(grid)) => grid_list(py, &grid, &ints).map(Bound::unbind),
            Ok(None) => Ok(py.None()),
            Err(f) => Ok(f.into_py(py)),
        })
        .collect()
}

/// Counts the solutions of many puzzles (up to `limit` each) on all cores; a bad text gives
/// its `ParseError` object in its place.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 1000, threads = None))]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: u64,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let items = items(puzzles)?;
    let results = batch(py, &items, threads, |item| {
        with_puzzle(item, |p| {
            Solver::new(p)
                .count(limit.max(1))
                .map(|c| c.solutions)
                .map_err(|_| Failure::Logic(LogicError::Timeout))
        })
    })?;
    results
        .into_iter()
        .map(|r| match r {
            Ok(k) => Ok(k.into_pyobject(py)?.into_any().unbind()),
            Err(f) => Ok(f.into_py(py)),
        })
        .collect()
}

/// Grades many puzzles on all cores: a `Grade` each (with `scale="se"`, 9×9 Sudoku only: an
/// `SeGrade` without its path, the ratings `calcudoku grade --scale se` gives), or the error
/// object of a puzzle that does not read, has no solution or several (`NotUniqueError`), or
/// ran out of time.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, timeout = None, scale = "calcudoku"))]
fn grade_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    timeout: Option<f64>,
    scale: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let items = items(puzzles)?;
    let per = timeout.map(|_| deadline(timeout)).transpose()?.flatten().map(|d| d - Instant::now());
    match scale {
        "calcudoku" => {}
        "se" => return se_scale::grade_many(py, &items, threads, per),
        other => {
            return Err(PyValueError::new_err(format!(
                "scale: expected 'calcudoku' or 'se', found {other:?}"
            )));
        }
    }
    let results = batch(py, &items, threads, |item| {
        with_puzzle(item, |p| {
            logic::grade(p, per.map(|t| Instant::now() + t)).map_err(Failure::Logic)
        })
    })?;
    results
        .into_iter()
        .map(|r| match r {
            Ok(g) => Bound::new(py, GradeResult::from(results::GradeResult::from(&g)))
                .map(|o| o.into_any().unbind()),
            Err(f) => Ok(f.into_py(py)),
        })
        .collect()
}

/// Reads every puzzle of a text (a file of one-line Sudokus, several Keen IDs, …): a Puzzle,
/// or the `ParseError` of an entry that does not read, in order.
#[pyfunction]
#[pyo3(signature = (text, format = None))]
fn read_text(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Vec<Py<PyAny>>> {
    let f = format_of(format)?;
    let doc = format::read(text, f).map_err(|e| parse_error(py, &e, None))?;
    doc.entries
        .into_iter()
        .map(|e| match e.puzzle {
            Ok(inner) => Bound::new(py, Puzzle { inner }).map(|o| o.into_any().unbind()),
            Err(err) => Ok(parse_error(py, &err, None).into_value(py).into_any()),
        })
        .collect()
}

/// New puzzles with exactly one solution, at a level; puzzle `k` of a seed is the same as
/// `calcudoku generate --seed SEED` makes, on any number of threads. Each item is a `Puzzle`,
/// or the error object of one not found in time (`TimeoutError`) or within `max_attempts`
/// (`CalcudokuError`). Bad options raise `ValueError`. Size and level default as on the
/// command line (the kind's `default_size` and `default_level`); `level="any"` takes any.
/// 9×9 Sudoku: `rating=(lo, hi)` keeps puzzles whose Sudoku Explainer rating (ER) is in the
/// range, ends included (either may be None; or one number, or a text `"8.0..9.0"`), made
/// without a level at the one that reaches it most often; `pattern` (the text of a clue
/// pattern: one line of 81 or 9 rows, `x` a clue, `.` an empty cell) puts the clues on its
/// cells, at any level unless one is given — as `generate --rating/--pattern` does.
#[pyfunction]
#[pyo3(signature = (kind = "kenken", size = None, level = None, count = 1, seed = 0, *, ops = None,
    long_ops = false, hidden_ops = false, max_cage = None, symmetry = "rotational",
    minimal = false, givens = false, max_attempts = None, timeout = None, threads = None,
    rating = None, pattern = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    kind: &str,
    size: Option<usize>,
    level: Option<&str>,
    count: u64,
    seed: u64,
    ops: Option<&str>,
    long_ops: bool,
    hidden_ops: bool,
    max_cage: Option<usize>,
    symmetry: &str,
    minimal: bool,
    givens: bool,
    max_attempts: Option<u32>,
    timeout: Option<f64>,
    threads: Option<usize>,
    rating: Option<&Bound<'_, PyAny>>,
    pattern: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    use calcudoku::generate::{ANY_LEVEL, GenerateError, Kind, Options, Pattern, Symmetry};
    let bad = |m: String| PyValueError::new_err(m);
    let kind = Kind::from_name(kind).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        bad(format!("kind: expected one of {}, found {kind:?}", names.join(", ")))
    })?;
    let size = size.unwrap_or(kind.default_size());
    let mut options =
        Options { seed, long_ops, hidden_ops, minimal, givens, ..Options::new(kind, size) };
    options.rating = rating.map(se_scale::range_of).transpose()?;
    if let Some(text) = pattern {
        let p = Pattern::parse(text).map_err(|e| bad(format!("pattern: {e}")))?;
        options = options.with_pattern(p);
    }
    // No level: the kind's default, as on the command line and the page; `any` for none. A
    // pattern's puzzles come at any level, a rating's at the level that reaches it most often.
    let chosen = match (&options.pattern, options.rating) {
        (Some(_), _) => Some(ANY_LEVEL),
        // Other kinds refuse a rating (below, naming it), not a level of Sudoku's.
        (None, Some(range)) if kind == Kind::Sudoku => Some(range.level()),
        _ => None,
    };
    let level = level.or(chosen).unwrap_or(kind.default_level());
    options = options.with_level_named(level).map_err(|e| bad(e.to_string()))?;
    if let Some(ops) = ops {
        options.ops.clear();
        for c in ops.chars() {
            let op = calcudoku::Operator::from_char(c).ok_or_else(|| {
                bad(format!("ops: expected operators among + - * /, found {c:?}"))
            })?;
            if !options.ops.contains(&op) {
                options.ops.push(op);
            }
        }
    }
    if let Some(m) = max_cage {
        options.max_cage = m;
    }
    options.symmetry = Symmetry::from_name(symmetry).ok_or_else(|| {
        bad(format!("symmetry: expected none, rotational or mirror, found {symmetry:?}"))
    })?;
    if let Some(a) = max_attempts {
        options.max_attempts = a;
    }
    options.check().map_err(|e| bad(e.to_string()))?;
    let timeout = match timeout {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t.min(1e9))),
        Some(t) => {
            return Err(bad(format!("timeout: expected a positive number of seconds, found {t}")));
        }
    };
    let indexes: Vec<u64> = (0..count).collect();
    let made = py.detach(|| {
        let work = |&k: &u64| {
            let deadline = timeout.map(|t| calcudoku::clock::Instant::now() + t);
            calcudoku::generate::generate(&options, k, deadline)
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        match threads_for(threads, indexes.len()) {
            1 => Ok(indexes.iter().map(work).collect::<Vec<_>>()),
            n if n == cores => Ok(indexes.par_iter().map(work).collect()),
            n => rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map(|pool| pool.install(|| indexes.par_iter().map(work).collect())),
        }
    });
    let made = made.map_err(|e| bad(format!("threads: {e}")))?;
    made.into_iter()
        .map(|m| match m {
            Ok(g) => Bound::new(py, Puzzle { inner: g.puzzle }).map(|o| o.into_any().unbind()),
            Err(GenerateError::Timeout) => {
                Ok(PyTimeoutError::new_err("out of time").into_value(py).into_any())
            }
            Err(e) => Ok(CalcudokuError::new_err(e.to_string()).into_value(py).into_any()),
        })
        .collect()
}

#[pymodule]
fn _calcudoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Puzzle>()?;
    m.add_class::<GradeResult>()?;
    m.add_class::<SeGradeResult>()?;
    m.add_class::<StepResult>()?;
    m.add_class::<HintResult>()?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(grade_many, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add("CalcudokuError", py.get_type::<CalcudokuError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("FormatError", py.get_type::<FormatError>())?;
    m.add("NoSolutionError", py.get_type::<NoSolutionError>())?;
    m.add("NotUniqueError", py.get_type::<NotUniqueError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
