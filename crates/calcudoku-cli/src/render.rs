//! `calcudoku render FILE…`: puzzles drawn in the terminal, as SVG or PNG pictures, or as one
//! printable PDF sheet; and the pictures of `hint --draw` and `explain --draw`.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use calcudoku::logic::{self, Board, Step};
use calcudoku::render::{Marks, Picture, pdf, png, svg, term};
use calcudoku::solve::Solver;
use calcudoku::{Cell, Grid, Puzzle};

use crate::answer::{Answer, Outcome, Place};
use crate::cli::{ColorWhen, DrawArgs, DrawTarget, PaperArg, RenderArgs, RenderTarget};
use crate::inputs::for_each_loaded_puzzle;
use crate::inputs::for_each_puzzle;
use crate::run::{Status, Ui, deadline};

/// The longest a caption's level may take to find; past it the caption has no level.
const GRADE_BUDGET: Duration = Duration::from_secs(1);

/// Whether terminal pictures get colour: asked for, or a terminal and `NO_COLOR` unset.
fn colour(when: ColorWhen, to_stdout: bool) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => {
            to_stdout
                && io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// `OUT-3.svg` for picture 3 of several written to `OUT.svg`.
fn numbered(out: &Path, k: usize) -> PathBuf {
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match out.extension() {
        Some(ext) => format!("{stem}-{k}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{k}"),
    };
    out.with_file_name(name)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// `kenken-6x6.ops.txt:1`, `stdin:3`: a short id for captions.
fn id(place: &Place) -> String {
    let name = if place.name == "<stdin>" {
        "stdin".to_string()
    } else {
        Path::new(place.name)
            .file_name()
            .map_or_else(|| place.name.to_string(), |n| n.to_string_lossy().into_owned())
    };
    format!("{name}:{}", place.line)
}

/// The solution to draw and whether it is the only one, or why there is none.
fn solution(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<(Grid, bool), Outcome> {
    let solver = Solver::new(puzzle).with_deadline(deadline);
    match solver.solve() {
        Ok(report) => {
            let unique = report.count.solutions == 1 && report.count.complete;
            report.grid.map(|g| (g, unique)).ok_or(Outcome::NoSolution)
        }
        Err(_) => Err(Outcome::TimedOut),
    }
}

/// The answer of a puzzle drawn: nothing to print here, a word for the summary, and a note
/// when its solution could not be drawn.
fn drawn(text: String, missing: Option<Outcome>) -> Answer {
    match missing {
        None => Answer { tag: Some("drawn"), ..Answer::new(text, Outcome::Solved) },
        Some(outcome) => Answer {
            note: Some(format!("{}: drawn without it", outcome.word()).into()),
            tag: Some("drawn"),
            ..Answer::new(text, outcome)
        },
    }
}

pub fn run(args: &RenderArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    if ui.json {
        bail!("render draws pictures: --json does not apply");
    }
    // `-o -`: standard output.
    let output = args.output.as_deref().filter(|o| *o != Path::new("-"));
    let target = args.to.unwrap_or_else(|| {
        match output.and_then(|o| o.extension()).and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("svg") => RenderTarget::Svg,
            Some(e) if e.eq_ignore_ascii_case("png") => RenderTarget::Png,
            Some(e) if e.eq_ignore_ascii_case("pdf") => RenderTarget::Pdf,
            _ => RenderTarget::Term,
        }
    });
    if !(1..=pdf::MAX_PER_PAGE).contains(&args.per_page) {
        bail!("--per-page: expected 1 to {}, found {}", pdf::MAX_PER_PAGE, args.per_page);
    }
    if !(args.scale.is_finite() && args.scale > 0.0 && args.scale <= 16.0) {
        bail!("--scale: expected a number above 0 and at most 16, found {}", args.scale);
    }
    let binary = matches!(target, RenderTarget::Png | RenderTarget::Pdf);
    if binary && output.is_none() && io::stdout().is_terminal() {
        bail!("a {} image is not for a terminal: give -o FILE, or redirect standard output", {
            if target == RenderTarget::Png { "PNG" } else { "PDF" }
        });
    }
    let timeout = deadline(&args.input)?;
    // Several pictures cannot share standard output: refused before any work, when the
    // inputs are read (a file of several puzzles) or named (several files).
    let one_picture = output.is_none() && matches!(target, RenderTarget::Svg | RenderTarget::Png);
    let several = |what: String| {
        let ext = if target == RenderTarget::Svg { "svg" } else { "png" };
        anyhow!(
            "{what}, and standard output takes one picture: give -o OUT to write them to OUT-1.{ext}, OUT-2.{ext}, …"
        )
    };
    if one_picture && args.input.files.len() > 1 {
        let k = args.input.files.len();
        return Err(several(format!("{k} inputs make {k} pictures or more")));
    }
    match target {
        RenderTarget::Term => {
            let colour = colour(args.color, output.is_none());
            let mut file = match output {
                Some(path) => Some(io::BufWriter::new(
                    File::create(path)
                        .with_context(|| format!("cannot write {}", path.display()))?,
                )),
                None => None,
            };
            let sink: &mut dyn Write = match &mut file {
                Some(f) => f,
                None => out,
            };
            let status = for_each_puzzle(&args.input, ui, sink, |puzzle, place| {
                let n = puzzle.size();
                let caption = format!("{} {n}×{n} · {}", puzzle.kind(), id(place));
                let deadline = timeout.map(|t| Instant::now() + t);
                let (grid, missing) = wanted_solution(args.solution, puzzle, deadline);
                let mut picture = Picture::new(puzzle).with_caption(caption);
                if let Some(g) = &grid {
                    picture = picture.with_values(g);
                }
                Ok(drawn(term::render(&picture, term::Options { colour }), missing))
            })?;
            if let Some(mut f) = file {
                f.flush()?;
            }
            Ok(status)
        }
        RenderTarget::Svg | RenderTarget::Png => {
            let mut images: Vec<Vec<u8>> = Vec::new();
            let mut failed = false;
            let loaded = |puzzles: usize| match puzzles {
                k if one_picture && k > 1 => Err(several(format!("{k} puzzles"))),
                _ => Ok(()),
            };
            let status = for_each_loaded_puzzle(
                &args.input,
                ui,
                &mut io::sink(),
                &mut { loaded },
                |puzzle, place| {
                    let deadline = timeout.map(|t| Instant::now() + t);
                    let (grid, missing) = wanted_solution(args.solution, puzzle, deadline);
                    let mut picture = Picture::new(puzzle);
                    if let Some(g) = &grid {
                        picture = picture.with_values(g);
                    }
                    if target == RenderTarget::Svg {
                        images.push(svg::render(&picture).into_bytes());
                    } else {
                        match png::render(&picture, args.scale) {
                            Ok(bytes) => images.push(bytes),
                            Err(e) => {
                                eprintln!(
                                    "{}",
                                    crate::say::at_line(place.name, place.line, &e.to_string())
                                );
                                failed = true;
                            }
                        }
                    }
                    Ok(drawn(String::new(), missing))
                },
            )?;
            match (output, images.len()) {
                (_, 0) => {}
                (Some(path), 1) => write_file(path, &images[0])?,
                (Some(path), _) => {
                    for (k, image) in images.iter().enumerate() {
                        write_file(&numbered(path, k + 1), image)?;
                    }
                }
                (None, 1) => out.write_all(&images[0])?,
                (None, k) => return Err(several(format!("{k} puzzles"))),
            }
            Ok(if failed { status.max(Status::BadInput) } else { status })
        }
        RenderTarget::Pdf => {
            let mut puzzles: Vec<(Puzzle, Option<Grid>, Option<String>, String)> = Vec::new();
            let status = for_each_puzzle(&args.input, ui, &mut io::sink(), |puzzle, place| {
                // One deadline for the puzzle: its solution, then its caption's level.
                let started = Instant::now();
                let deadline = timeout.map(|t| started + t);
                let (grid, missing) = match solution(puzzle, deadline) {
                    Ok((g, unique)) => (Some((g, unique)), None),
                    Err(outcome) => (None, Some(outcome)),
                };
                let (level, late) = match &grid {
                    Some((_, true)) => caption_level(puzzle, started, deadline),
                    // No solution, or several (the search said so): no level to find.
                    _ => (None, false),
                };
                let grid = grid.map(|(g, _)| g);
                puzzles.push((puzzle.clone(), grid, level, id(place)));
                Ok(match late {
                    false => drawn(String::new(), missing),
                    true => Answer {
                        note: Some(
                            "out of time (--timeout) finding its level: drawn without it".into(),
                        ),
                        tag: Some("drawn"),
                        ..Answer::new(String::new(), Outcome::TimedOut)
                    },
                })
            })?;
            if puzzles.is_empty() {
                return Ok(status.max(Status::BadInput));
            }
            let items: Vec<pdf::Item> = puzzles
                .iter()
                .map(|(puzzle, solution, level, id)| pdf::Item {
                    puzzle,
                    solution: solution.clone(),
                    level: level.clone(),
                    id: id.clone(),
                })
                .collect();
            let options = pdf::Options {
                paper: match args.paper {
                    PaperArg::A4 => pdf::Paper::A4,
                    PaperArg::Letter => pdf::Paper::Letter,
                },
                per_page: args.per_page,
                ..pdf::Options::default()
            };
            let bytes = pdf::sheet(&items, &options)?;
            match output {
                Some(path) => write_file(path, &bytes)?,
                None => out.write_all(&bytes)?,
            }
            Ok(status)
        }
    }
}

/// The level for a PDF caption, found within [`GRADE_BUDGET`] of `started` and by `deadline`;
/// and whether `deadline` (the user's) passed first. A puzzle without exactly one solution
/// has no level.
fn caption_level(
    puzzle: &Puzzle,
    started: Instant,
    deadline: Option<Instant>,
) -> (Option<String>, bool) {
    let budget = started + GRADE_BUDGET;
    let by = deadline.map_or(budget, |d| d.min(budget));
    match logic::grade(puzzle, Some(by)) {
        Ok(g) => (Some(g.level_name.to_string()), false),
        Err(logic::LogicError::Timeout) => (None, deadline.is_some_and(|d| d <= budget)),
        Err(_) => (None, false),
    }
}

/// The solution when it is wanted: the grid, or the outcome that kept it from being drawn.
fn wanted_solution(
    wanted: bool,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> (Option<Grid>, Option<Outcome>) {
    if !wanted {
        return (None, None);
    }
    match solution(puzzle, deadline) {
        Ok((g, _)) => (Some(g), None),
        Err(outcome) => (None, Some(outcome)),
    }
}

/// The pixels per SVG unit of `--draw --to png` (`render`'s default `--scale`).
const DRAW_PNG_SCALE: f32 = 1.5;

/// How `hint --draw` and `explain --draw` draw their steps.
pub struct Draw {
    to: DrawTarget,
    colour: bool,
    output: Option<PathBuf>,
    /// `--to pdf`: the pages so far, written by [`Draw::finish`].
    book: RefCell<pdf::Book>,
}

impl Draw {
    /// The drawing asked for, if any; `title` heads the pages of a PDF.
    pub fn from_args(args: &DrawArgs, ui: Ui, title: &str) -> Result<Option<Draw>> {
        if !args.draw {
            return Ok(None);
        }
        if ui.json {
            bail!("--draw does not go with --json");
        }
        let output = args.output.as_deref().filter(|o| *o != Path::new("-"));
        let to = match (args.to, output) {
            (Some(to), _) => to,
            (None, None) => DrawTarget::Term,
            (None, Some(path)) => match path.extension().and_then(|e| e.to_str()) {
                Some(e) if e.eq_ignore_ascii_case("svg") => DrawTarget::Svg,
                Some(e) if e.eq_ignore_ascii_case("png") => DrawTarget::Png,
                Some(e) if e.eq_ignore_ascii_case("pdf") => DrawTarget::Pdf,
                _ => bail!(
                    "-o {}: give --to svg, png or pdf, or a name ending in .svg, .png or .pdf",
                    path.display()
                ),
            },
        };
        if output.is_some() && to == DrawTarget::Term {
            bail!("-o is for --draw --to svg, png or pdf; terminal pictures go to standard output");
        }
        if output.is_none() && matches!(to, DrawTarget::Png | DrawTarget::Pdf) {
            let word = if to == DrawTarget::Png { "png" } else { "pdf" };
            bail!("--draw --to {word} writes a file: give -o OUT");
        }
        let options = pdf::Options { title: title.to_string(), ..pdf::Options::default() };
        Ok(Some(Draw {
            to,
            colour: colour(args.color, true),
            output: output.map(Path::to_path_buf),
            book: RefCell::new(pdf::Book::new(options)),
        }))
    }

    pub fn is_svg(&self) -> bool {
        self.to == DrawTarget::Svg
    }

    /// Whether each picture goes to a file (else into the text on standard output).
    pub fn to_files(&self) -> bool {
        self.output.is_some()
    }

    /// Whether each step makes a file of its own (SVG and PNG; a PDF holds them all).
    pub fn file_per_picture(&self) -> bool {
        self.to_files() && self.to != DrawTarget::Pdf
    }

    /// The picture of a step on `board`, as text for standard output (empty when it went to a
    /// file): the `k`-th of a run when `k` is given (explain), the only one otherwise (hint).
    pub fn step(
        &self,
        board: &Board,
        step: &Step,
        sentence: &str,
        k: Option<usize>,
    ) -> Result<String> {
        let picture = Picture::new(board.puzzle()).with_step(board, step);
        self.emit(picture, sentence, k)
    }

    /// The picture of a player's grid with its wrong cells marked.
    pub fn wrong(
        &self,
        puzzle: &Puzzle,
        grid: &Grid,
        cells: &[Cell],
        sentence: &str,
    ) -> Result<String> {
        let marks = Marks { wrong: cells.to_vec(), ..Marks::default() };
        let picture = Picture::new(puzzle).with_values(grid).with_marks(marks);
        self.emit(picture, sentence, None)
    }

    fn emit(&self, picture: Picture, sentence: &str, k: Option<usize>) -> Result<String> {
        let picture = match self.to {
            DrawTarget::Term => {
                return Ok(term::render(&picture, term::Options { colour: self.colour }));
            }
            _ => picture.with_caption(sentence),
        };
        let bytes = match self.to {
            DrawTarget::Pdf => {
                self.book.borrow_mut().add(&picture);
                return Ok(String::new());
            }
            DrawTarget::Png => png::render(&picture, DRAW_PNG_SCALE)?,
            _ => svg::render(&picture).into_bytes(),
        };
        match (&self.output, k) {
            (Some(path), None) => write_file(path, &bytes).map(|()| String::new()),
            (Some(path), Some(k)) => write_file(&numbered(path, k), &bytes).map(|()| String::new()),
            (None, None) => Ok(String::from_utf8(bytes).expect("SVG is text")),
            (None, Some(_)) => {
                bail!("explain --draw --to svg makes a picture per step: give -o OUT")
            }
        }
    }

    /// Writes the PDF of `--to pdf` (when it has a page); nothing for the other targets.
    pub fn finish(&self) -> Result<()> {
        let book = self.book.borrow();
        match (&self.output, self.to) {
            (Some(path), DrawTarget::Pdf) if !book.is_empty() => write_file(path, &book.to_pdf()?),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_outputs_keep_the_extension() {
        assert_eq!(numbered(Path::new("out/sheet.svg"), 3), PathBuf::from("out/sheet-3.svg"));
        assert_eq!(numbered(Path::new("pic"), 1), PathBuf::from("pic-1"));
    }
}
