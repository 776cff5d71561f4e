//! Sudoku Explainer's scale in Python: `Puzzle.grade(scale="se")`, `grade_many(...,
//! scale="se")` (which `calcudoku.dask` runs per partition) and the `SeGrade` they give.

use calcudoku::generate::SeRange;
use calcudoku::logic::se;
use calcudoku::results;
use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;

use std::time::{Duration, Instant};

use crate::{Failure, Item, NoSolutionError, NotUniqueError, StepResult, batch, with_puzzle};

/// `grade_many(..., scale="se")`: SE's ratings of each item (without the path), or its error
/// object; `per` is each puzzle's time.
pub(crate) fn grade_many(
    py: Python<'_>,
    items: &[Item],
    threads: Option<usize>,
    per: Option<Duration>,
) -> PyResult<Vec<Py<PyAny>>> {
    let results = batch(py, items, threads, |item| {
        with_puzzle(item, |p| {
            let givens = se_givens(p).map_err(Failure::Py)?;
            se::rate_givens(&givens, per.map(|t| Instant::now() + t))
                .map_err(|e| Failure::Py(se_error(e)))
        })
    })?;
    results
        .into_iter()
        .map(|r| match r {
            Ok(r) => Bound::new(py, SeGradeResult::from(results::SeGradeResult::of(&r, false)))
                .map(|o| o.into_any().unbind()),
            Err(f) => Ok(f.into_py(py)),
        })
        .collect()
}

/// The givens of a plain 9×9 Sudoku, for the SE scale.
pub(crate) fn se_givens(p: &calcudoku::Puzzle) -> PyResult<[u8; 81]> {
    let boxes = p.boxes().is_some_and(|b| b.height == 3 && b.width == 3);
    if p.size() != 9 || !p.cages().is_empty() || !boxes {
        return Err(PyValueError::new_err("scale 'se': expected a 9x9 Sudoku"));
    }
    let mut g = [0u8; 81];
    g.copy_from_slice(&p.givens().cells()[..81]);
    Ok(g)
}

pub(crate) fn se_error(e: se::SeError) -> PyErr {
    match e {
        se::SeError::NoSolution => NoSolutionError::new_err("no solution"),
        se::SeError::MultipleSolutions => {
            NotUniqueError::new_err("not unique: the puzzle has more than one solution")
        }
        se::SeError::Timeout => PyTimeoutError::new_err("out of time"),
    }
}

/// Sudoku Explainer's ratings of a puzzle (`Puzzle.grade(scale="se")`).
#[pyclass(module = "calcudoku", frozen, get_all)]
pub(crate) struct SeGradeResult {
    /// Explainer rating: the hardest step.
    er: f64,
    /// Pearl rating: the hardest step up to the first placed value.
    ep: f64,
    /// Diamond rating: the first step.
    ed: f64,
    /// SE's name of the first step rated `er`.
    hardest: String,
    /// Steps taken.
    steps: usize,
    /// Each step (its `level` is None: SE rates steps instead).
    path: Vec<StepResult>,
}

impl From<results::SeGradeResult> for SeGradeResult {
    fn from(r: results::SeGradeResult) -> Self {
        SeGradeResult {
            er: r.er,
            ep: r.ep,
            ed: r.ed,
            hardest: r.hardest,
            steps: r.steps,
            path: r.path.unwrap_or_default().into_iter().map(StepResult::from).collect(),
        }
    }
}

#[pymethods]
impl SeGradeResult {
    /// `ER/EP/ED`, as the community writes it.
    fn __str__(&self) -> String {
        format!("{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }

    fn __repr__(&self) -> String {
        format!("<calcudoku.SeGrade {:.1}/{:.1}/{:.1} {}>", self.er, self.ep, self.ed, self.hardest)
    }
}

/// `generate(rating=...)`: a range of SE's ER from `(lo, hi)` (either None for no bound), one
/// number, or a text `"8.0..9.0"` as the command line takes it.
pub(crate) fn range_of(r: &Bound<'_, PyAny>) -> PyResult<SeRange> {
    let bad = |m: String| PyValueError::new_err(m);
    let bound = |x: Option<f64>| -> PyResult<String> {
        let Some(x) = x else { return Ok(String::new()) };
        let t = (x * 10.0).round();
        if !x.is_finite() || (x * 10.0 - t).abs() > 1e-6 {
            return Err(bad(format!("rating: {x} is not in SE's tenths (8.0, 8.1, …)")));
        }
        Ok(format!("{:.1}", t / 10.0))
    };
    let text = if let Ok(text) = r.extract::<String>() {
        text
    } else if let Ok((lo, hi)) = r.extract::<(Option<f64>, Option<f64>)>() {
        format!("{}..{}", bound(lo)?, bound(hi)?)
    } else if let Ok(x) = r.extract::<f64>() {
        bound(Some(x))?
    } else {
        return Err(bad("rating: expected (lo, hi), a number, or a text like '8.0..9.0'".into()));
    };
    text.parse::<SeRange>().map_err(|e| bad(e.to_string()))
}
