//! One result type per command — solve, count, grade, hint, explain, check, generate — in the
//! one shape every front end writes: the CLI's `--json` (with the puzzle's file and line
//! added), the web page, the Python package. Rows and columns count from 1, as people count;
//! ratings are rounded to a tenth here, once; every step has the same shape, whatever ladder or
//! scale found it.

use serde::Serialize;

use crate::logic::se::{SeError, SeRating, SeStep};
use crate::logic::{self, Board, End, Explanation, Ladder, Leveled, LogicError, Placement};
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::solve::{Count, Report};

/// A rating on the tenth, as every front end shows it.
pub fn rating(r: impl Into<f64>) -> f64 {
    (r.into() * 10.0).round() / 10.0
}

/// A cell, row and column from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct At {
    /// The row, from 1 at the top.
    pub row: usize,
    /// The column, from 1 at the left.
    pub col: usize,
}

impl At {
    /// The cell of an N×N grid (`n` = N).
    pub fn of(cell: Cell, n: usize) -> At {
        At { row: cell.row(n) + 1, col: cell.col(n) + 1 }
    }
}

/// A value at a cell (a placement, or a candidate removed), row and column from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueAt {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub col: usize,
    /// The value.
    pub value: u8,
}

impl ValueAt {
    /// A placement of an N×N grid.
    pub fn of(p: &Placement, n: usize) -> ValueAt {
        ValueAt { row: p.cell.row(n) + 1, col: p.cell.col(n) + 1, value: p.value }
    }
}

/// A grid as rows of numbers (0 for an empty cell).
fn rows(grid: &Grid) -> Vec<Vec<u8>> {
    grid.rows().map(<[u8]>::to_vec).collect()
}

/// One step of a human-style path, whatever found it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepResult {
    /// The technique's name (`hidden single (row)`, `X-wing`; Sudoku Explainer's own names on
    /// its scale).
    pub technique: String,
    /// The level of the rung that found it (its ladder's word); absent on Sudoku Explainer's
    /// scale, which rates steps instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// Its rating, to a tenth.
    pub rating: f64,
    /// The cells it looks at.
    pub cells: Vec<At>,
    /// The values it places.
    pub placements: Vec<ValueAt>,
    /// The candidates it removes.
    pub eliminations: Vec<ValueAt>,
    /// The step in one sentence.
    pub text: String,
    /// The houses it looks in (`row 3`, `box 2`, …), with their cells: where a first hint
    /// points.
    pub units: Vec<Area>,
    /// The cages it looks at (named by their labels), with their cells.
    pub cages: Vec<Area>,
    /// A chain's links, for the techniques that follow one: each a value at a cell.
    pub chain: Vec<ValueAt>,
}

/// A house or a cage a step looks at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Area {
    /// `row 3`, `column 5`, `box 2`, … or a cage's label (`12+`).
    pub name: String,
    /// Its cells.
    pub cells: Vec<At>,
}

impl StepResult {
    /// A step of `ladder` found on `board`, with its sentence.
    pub fn new(board: &Board, ladder: &Ladder, step: &Leveled, text: String) -> StepResult {
        let n = board.size();
        let s = &step.step;
        StepResult {
            technique: s.technique.name(),
            level: Some(ladder.level_name(step.level)),
            rating: rating(s.technique.rating()),
            cells: s.cells.iter().map(|&c| At::of(c, n)).collect(),
            placements: s.placements.iter().map(|p| ValueAt::of(p, n)).collect(),
            eliminations: s.eliminations.iter().map(|p| ValueAt::of(p, n)).collect(),
            text,
            units: (s.units.iter())
                .map(|&u| Area {
                    name: u.to_string(),
                    cells: board.unit_cells(u).iter().map(|&c| At::of(c, n)).collect(),
                })
                .collect(),
            cages: (s.cages.iter())
                .filter_map(|&k| board.cages().get(k))
                .map(|c| Area {
                    name: c.label(),
                    cells: c.cells.iter().map(|&c| At::of(c, n)).collect(),
                })
                .collect(),
            chain: s.chain.iter().map(|p| ValueAt::of(p, n)).collect(),
        }
    }

    /// `[easy] hidden single (row): In row 2, only r2c1 can hold 3, so r2c1 = 3` (on Sudoku
    /// Explainer's scale the rating stands where the level would).
    pub fn line(&self) -> String {
        match self.level {
            Some(level) => format!("[{level}] {}: {}", self.technique, self.text),
            None => format!("[{:.1}] {}: {}", self.rating, self.technique, self.text),
        }
    }
}

impl From<&SeStep> for StepResult {
    /// A step of Sudoku Explainer's path (9×9): the cells it looks at are those it places a
    /// value in or removes candidates from.
    fn from(s: &SeStep) -> StepResult {
        let value_at = |c: usize, value: u8| ValueAt { row: c / 9 + 1, col: c % 9 + 1, value };
        let mut cells: Vec<usize> = s.placed.iter().chain(&s.removed).map(|&(c, _)| c).collect();
        cells.sort_unstable();
        cells.dedup();
        StepResult {
            technique: s.technique.clone(),
            level: None,
            rating: rating(s.rating),
            cells: cells.into_iter().map(|c| At { row: c / 9 + 1, col: c % 9 + 1 }).collect(),
            placements: s.placed.iter().map(|&(c, v)| value_at(c, v)).collect(),
            eliminations: s.removed.iter().map(|&(c, v)| value_at(c, v)).collect(),
            text: s.text.clone(),
            units: Vec::new(),
            cages: Vec::new(),
            chain: Vec::new(),
        }
    }
}

/// A 9×9 Sudoku's ratings on Sudoku Explainer's scale.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeGradeResult {
    /// Always `graded`.
    pub status: &'static str,
    /// Always `se`.
    pub scale: &'static str,
    /// Explainer rating (the hardest step), to a tenth.
    pub er: f64,
    /// Pearl rating (the hardest step up to the first placement), to a tenth.
    pub ep: f64,
    /// Diamond rating (the first step), to a tenth.
    pub ed: f64,
    /// SE's name of the hardest step.
    pub hardest: String,
    /// Steps taken.
    pub steps: usize,
    /// Every step, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<StepResult>>,
}

impl SeGradeResult {
    /// The ratings, with the path or without.
    pub fn of(r: &SeRating, with_path: bool) -> SeGradeResult {
        SeGradeResult {
            status: "graded",
            scale: "se",
            er: rating(r.er),
            ep: rating(r.ep),
            ed: rating(r.ed),
            hardest: r.hardest.clone(),
            steps: r.path.len(),
            path: with_path.then(|| r.path.iter().map(StepResult::from).collect()),
        }
    }
}

/// What solving found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveResult {
    /// `solved` or `no solution`.
    pub status: &'static str,
    /// The first solution in row-major order, as rows.
    pub solution: Option<Vec<Vec<u8>>>,
    /// Whether it is the only one (absent when the method does not know).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
}

impl SolveResult {
    /// The result of the exact solver's report.
    pub fn of(report: &Report) -> SolveResult {
        SolveResult::of_grid(report.grid.as_ref(), Some(report.is_unique()))
    }

    /// The result of a grid found (or none), and whether it is unique when known.
    pub fn of_grid(grid: Option<&Grid>, unique: Option<bool>) -> SolveResult {
        SolveResult {
            status: if grid.is_some() { "solved" } else { "no solution" },
            solution: grid.map(rows),
            unique,
        }
    }
}

/// How many solutions a count found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountResult {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// False when the count stopped at its limit: there may be more.
    pub complete: bool,
}

impl From<Count> for CountResult {
    fn from(c: Count) -> CountResult {
        CountResult { solutions: c.solutions, complete: c.complete }
    }
}

/// A puzzle's grade on its ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradeResult {
    /// Always `graded` (failures are [`FailureResult`]s).
    pub status: &'static str,
    /// The level's word (KenKen: Keen's five; Sudoku and Killer: easy … needs trial).
    pub level: &'static str,
    /// The rating of the hardest step, to a tenth.
    pub rating: f64,
    /// Steps taken.
    pub steps: u32,
    /// Each technique used and how many steps used it, in order of first use.
    #[serde(serialize_with = "in_order")]
    pub techniques: Vec<(String, u32)>,
}

/// Pairs as a JSON object, in their order.
fn in_order<S: serde::Serializer>(pairs: &[(String, u32)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

impl From<&logic::Grade> for GradeResult {
    fn from(g: &logic::Grade) -> GradeResult {
        GradeResult {
            status: "graded",
            level: g.level_name,
            rating: rating(g.rating),
            steps: g.steps,
            techniques: g.techniques.iter().map(|(t, k)| (t.name(), *k)).collect(),
        }
    }
}

impl GradeResult {
    /// `hard (rating 3.4): naked single ×20, …`.
    pub fn line(&self) -> String {
        let used: Vec<String> = self.techniques.iter().map(|(t, k)| format!("{t} ×{k}")).collect();
        format!("{} (rating {:.1}): {}", self.level, self.rating, used.join(", "))
    }
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum HintResult {
    /// The next step.
    Step(StepResult),
    /// Values of the player's grid that no solution has.
    Wrong {
        /// Their cells.
        wrong: Vec<At>,
    },
    /// The grid is complete and right.
    Solved,
    /// No rule finds a step.
    Stuck,
}

impl HintResult {
    /// The result of [`logic::hint`] on `puzzle` and the player's grid.
    pub fn of(puzzle: &Puzzle, grid: Option<&Grid>, hint: logic::Hint) -> HintResult {
        let n = puzzle.size();
        match hint {
            logic::Hint::Step { step, text } => {
                let board = match grid {
                    Some(g) => Board::with_grid(puzzle, g),
                    None => Board::new(puzzle),
                };
                // The board a hint was found on exists: the hint came from it.
                let board = board.expect("the hint's board");
                let ladder = Ladder::for_board(&board);
                HintResult::Step(StepResult::new(&board, &ladder, &step, text))
            }
            logic::Hint::Wrong(cells) => {
                HintResult::Wrong { wrong: cells.into_iter().map(|c| At::of(c, n)).collect() }
            }
            logic::Hint::Solved => HintResult::Solved,
            logic::Hint::Stuck => HintResult::Stuck,
        }
    }
}

/// A whole path, step by step, and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplainResult {
    /// Every step, easiest first each time.
    pub steps: Vec<StepResult>,
    /// How the path ended.
    pub summary: PathSummary,
}

/// How a path ended: the last line of `explain --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathSummary {
    /// `solved` or `stuck`.
    pub status: &'static str,
    /// The level of the path: the highest of its steps'.
    pub level: &'static str,
    /// The rating of the hardest step, to a tenth.
    pub rating: f64,
    /// Steps taken.
    pub steps: usize,
    /// The board at the end, as rows (0 where no value was placed).
    pub solution: Vec<Vec<u8>>,
}

impl ExplainResult {
    /// The result of [`logic::explain`] from `board` (the board the path starts on), on
    /// `ladder`: the path replayed, each step described on the board it was found on.
    pub fn of(
        mut board: Board,
        ladder: &Ladder,
        e: &Explanation,
    ) -> Result<ExplainResult, LogicError> {
        let mut steps = Vec::with_capacity(e.steps.len());
        let (mut level, mut rate) = (0u8, 0f32);
        for (step, text) in &e.steps {
            steps.push(StepResult::new(&board, ladder, step, text.clone()));
            level = level.max(step.level);
            rate = rate.max(step.step.technique.rating());
            step.step
                .apply(&mut board)
                .map_err(|why| LogicError::Unsound { technique: step.step.technique, why })?;
        }
        let summary = PathSummary {
            status: if e.end == End::Solved { "solved" } else { "stuck" },
            level: ladder.level_name(level),
            rating: rating(rate),
            steps: steps.len(),
            solution: rows(&e.board.to_grid()),
        };
        Ok(ExplainResult { steps, summary })
    }
}

/// What checking a player's grid against a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    /// `solves`, `fits`, `no completion`, `broken` or `timeout`.
    pub status: &'static str,
    /// The same in words (for `broken`, the rule the grid breaks).
    pub message: String,
}

impl CheckResult {
    /// A complete grid that solves the puzzle.
    pub fn solves() -> CheckResult {
        CheckResult { status: "solves", message: "the grid solves the puzzle".into() }
    }

    /// A partial grid with `empty` cells left, which breaks no rule and can be completed.
    pub fn fits(empty: usize) -> CheckResult {
        let cells = if empty == 1 { "1 cell" } else { "cells" };
        let message = if empty == 1 {
            format!("the partial grid fits so far ({cells} empty)")
        } else {
            format!("the partial grid fits so far ({empty} {cells} empty)")
        };
        CheckResult { status: "fits", message }
    }

    /// A partial grid that breaks no rule yet but has no completion.
    pub fn no_completion(empty: usize) -> CheckResult {
        CheckResult {
            status: "no completion",
            message: format!("no way of filling its {empty} empty cells solves the puzzle"),
        }
    }

    /// A grid that breaks a rule (`why`: the rule in words).
    pub fn broken(why: String) -> CheckResult {
        CheckResult { status: "broken", message: why }
    }

    /// The search for a completion gave up after `seconds`.
    pub fn timeout(seconds: f64) -> CheckResult {
        CheckResult {
            status: "timeout",
            message: format!(
                "out of time: gave up after {seconds:.3} s (--timeout) looking for a way to fill \
                 the empty cells"
            ),
        }
    }
}

/// A generated puzzle, with how it was made.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenerateResult {
    /// Its index in the run, from 1 (puzzle `index` of a seed is the same on any machine).
    pub index: u64,
    /// The run's seed.
    pub seed: u64,
    /// `kenken`, `sudoku` or `killer`.
    pub kind: &'static str,
    /// The side.
    pub size: usize,
    /// Its level's word on the kind's ladder.
    pub level: &'static str,
    /// Its level on Tatham's Solo's scale, when one was asked (`-d advanced`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_level: Option<&'static str>,
    /// The rating of its hardest step, to a tenth.
    pub rating: f64,
    /// Candidates made to find it.
    pub attempts: u32,
    /// Milliseconds it took, to a tenth.
    pub ms: f64,
    /// The puzzle, as the `json` format writes it.
    pub puzzle: serde_json::Value,
    /// Its Keen game ID, when Keen can show it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keen: Option<String>,
    /// Its one solution, as rows.
    pub solution: Vec<Vec<u8>>,
    /// Sudoku Explainer's explainer rating (ER), when it was rated as it was made (a 9×9
    /// Sudoku made with a range of it or a clue pattern).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub er: Option<f64>,
    /// SE's pearl rating (EP), with `er`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ep: Option<f64>,
    /// SE's diamond rating (ED), with `er`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ed: Option<f64>,
}

impl GenerateResult {
    /// Puzzle `index` (from 0) of a run with `options`, made in `took`.
    pub fn of(
        g: &crate::generate::Generated,
        options: &crate::generate::Options,
        index: u64,
        took: std::time::Duration,
    ) -> GenerateResult {
        use crate::format::{self, Format, Layout};
        let grade = g.grade();
        GenerateResult {
            index: index + 1,
            seed: options.seed,
            kind: options.kind.name(),
            size: options.size,
            level: grade.level_name,
            solo_level: g.solo.map(crate::logic::SoloLevel::name),
            rating: rating(grade.rating),
            attempts: g.attempts,
            ms: (took.as_secs_f64() * 1e4).round() / 10.0,
            puzzle: serde_json::to_value(format::json::to_json(&g.puzzle)).unwrap_or_default(),
            keen: format::write_puzzle(&g.puzzle, Format::KEEN, Layout::Line)
                .ok()
                .map(|id| id.trim_end().to_string()),
            solution: rows(&g.solution),
            er: g.se.as_ref().map(|r| rating(r.er)),
            ep: g.se.as_ref().map(|r| rating(r.ep)),
            ed: g.se.as_ref().map(|r| rating(r.ed)),
        }
    }
}

/// Why a puzzle got no answer: `no solution`, `not unique`, `timeout`, or an `error`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureResult {
    /// `no solution`, `not unique`, `timeout` or `error`.
    pub status: &'static str,
    /// What went wrong, for an `error`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl FailureResult {
    /// The search gave up at the deadline.
    pub fn timeout() -> FailureResult {
        FailureResult { status: "timeout", error: None }
    }
}

impl From<&LogicError> for FailureResult {
    fn from(e: &LogicError) -> FailureResult {
        let status = match e {
            LogicError::NoSolution => "no solution",
            LogicError::NotUnique => "not unique",
            LogicError::Timeout => "timeout",
            _ => "error",
        };
        FailureResult { status, error: (status == "error").then(|| e.to_string()) }
    }
}

impl From<&SeError> for FailureResult {
    fn from(e: &SeError) -> FailureResult {
        let status = match e {
            SeError::NoSolution => "no solution",
            SeError::Timeout => "timeout",
            SeError::MultipleSolutions => "not unique",
        };
        FailureResult { status, error: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step, a grade and a hint serialise to the shapes the front ends document.
    #[test]
    fn shapes() {
        let p: Puzzle = "0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n".parse().unwrap();
        let g = logic::grade(&p, None).unwrap();
        let grade = serde_json::to_value(GradeResult::from(&g)).unwrap();
        assert_eq!(grade["status"], "graded");
        assert!(grade["techniques"].as_object().is_some_and(|t| !t.is_empty()), "{grade}");
        let hint = HintResult::of(&p, None, logic::hint(&p, None, None).unwrap());
        let json = serde_json::to_value(&hint).unwrap();
        assert_eq!(json["status"], "step", "{json}");
        for key in ["technique", "level", "rating", "cells", "placements", "eliminations", "text"] {
            assert!(json.get(key).is_some(), "{key} in {json}");
        }
        let first = &json["cells"][0];
        assert!(first["row"].as_u64().is_some_and(|r| (1..=3).contains(&r)), "{json}");
        let wrong = HintResult::Wrong { wrong: vec![At { row: 1, col: 2 }] };
        assert_eq!(
            serde_json::to_string(&wrong).unwrap(),
            r#"{"status":"wrong","wrong":[{"row":1,"col":2}]}"#
        );
        assert_eq!(rating(2.25f32), 2.3);
        assert_eq!(
            serde_json::to_string(&FailureResult::from(&LogicError::NotUnique)).unwrap(),
            r#"{"status":"not unique"}"#
        );
    }

    /// A generated puzzle's result carries a puzzle that reads back, its solution and grade.
    #[test]
    fn generate_and_check() {
        use crate::generate::{Kind, Options, generate};
        let options = Options { seed: 3, ..Options::for_kind(Kind::KenKen) };
        let g = generate(&options, 0, None).unwrap();
        let r = GenerateResult::of(&g, &options, 0, std::time::Duration::from_millis(12));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!((json["index"].as_u64(), json["level"].as_str()), (Some(1), Some("normal")));
        let back: Puzzle = crate::format::parse(&json["puzzle"].to_string(), None).unwrap();
        assert_eq!(back, g.puzzle);
        assert_eq!(r.solution, rows(&g.solution));
        assert!(r.keen.as_deref().is_some_and(|id| id.starts_with("6:")), "{r:?}");
        assert_eq!(CheckResult::fits(1).message, "the partial grid fits so far (1 cell empty)");
        assert_eq!(CheckResult::fits(4).message, "the partial grid fits so far (4 cells empty)");
    }
}
