//! Where puzzles come from: the files (or standard input) named on the command line, read
//! one after the other, streamed when they are long files of one-line Sudokus, and with
//! several threads worked out in parallel, many files at a time, answers in input order.

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::error::{ParseError, ParseErrorKind};
use calcudoku::format::{self, Document, Format, Layout, sudoku};
use calcudoku::{ModelError, Puzzle};
use rayon::prelude::*;

use crate::answer::{Answer, Place};
use crate::cli::{InputArgs, Variant};
use crate::run::{Status, Ui, in_batch, interrupted, notes};
use crate::say::Problem;
use crate::{batch, json, say};

/// One input: a file, or standard input.
pub struct Source {
    pub name: String,
    pub path: Option<PathBuf>,
}

pub fn sources(input: &InputArgs) -> Vec<Source> {
    if input.files.is_empty() {
        return vec![Source { name: "<stdin>".into(), path: None }];
    }
    input
        .files
        .iter()
        .map(|p| {
            if p == Path::new("-") {
                Source { name: "<stdin>".into(), path: None }
            } else {
                Source { name: p.display().to_string(), path: Some(p.clone()) }
            }
        })
        .collect()
}

/// The most a non-streamed input may hold: puzzles are small, and this keeps memory bounded.
const MAX_INPUT: u64 = 64 << 20;

/// Turns bytes into text, or a message naming the place of the first byte that is not UTF-8.
fn decode(bytes: Vec<u8>) -> Result<String, Problem> {
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error().valid_up_to(), 1))
}

/// The message for a byte that is not UTF-8 at offset `at` of `bytes`, whose first line is
/// line `first_line` of the input.
pub fn not_utf8(bytes: &[u8], at: usize, first_line: usize) -> Problem {
    let line = first_line + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
    Problem::at(line, column, format!("expected text (UTF-8), found byte 0x{:02x}", bytes[at]))
}

/// Reads a whole source as text (at most [`MAX_INPUT`] bytes).
pub fn read_text(src: &Source) -> Result<String, Problem> {
    let cannot = |e: std::io::Error| Problem::whole(format!("cannot read: {e}"));
    let (reader, _) = open(src).map_err(cannot)?;
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_INPUT {
        let mib = MAX_INPUT >> 20;
        return Err(Problem::whole(format!("expected a puzzle file, found more than {mib} MiB")));
    }
    decode(bytes)
}

pub fn open(src: &Source) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    Ok(match &src.path {
        Some(p) => {
            let f = std::fs::File::open(p)?;
            let len = f.metadata().ok().map(|m| m.len());
            (Box::new(io::BufReader::with_capacity(1 << 16, f)), len)
        }
        None => (Box::new(io::BufReader::new(io::stdin())), None),
    })
}

/// A source read as far as telling what it is.
enum Loaded {
    /// It could not be read, or does not read as puzzles: the message.
    Failed(Problem),
    /// A file of one-line Sudokus, to stream: the lines read so far and the rest.
    Stream { head: Vec<batch::RawLine>, reader: Box<dyn BufRead>, size: Option<u64> },
    /// Every puzzle of it.
    Doc(Document),
}

/// Opens a source and reads it: up to its first line with something on it when that line is
/// a one-line Sudoku to stream (`streamable`), else the whole of it as a document.
fn load(src: &Source, forced: Option<Format>, streamable: bool) -> Loaded {
    let (mut reader, size) = match open(src) {
        Ok(r) => r,
        Err(e) => return Loaded::Failed(Problem::whole(format!("cannot read: {e}"))),
    };
    // Read up to the first line with something on it, to tell a streamable batch.
    let mut head = Vec::new();
    loop {
        match batch::read_line(&mut *reader, head.len() + 1) {
            Err(e) => return Loaded::Failed(Problem::whole(format!("cannot read: {e}"))),
            Ok(None) => break,
            Ok(Some(line)) => {
                let blank = line.bytes.as_ref().is_ok_and(|b| {
                    std::str::from_utf8(b).is_ok_and(calcudoku::format::is_blank_or_comment)
                });
                head.push(line);
                if !blank {
                    break;
                }
            }
        }
    }
    let first =
        head.last().and_then(|l| l.bytes.as_ref().ok()).and_then(|b| std::str::from_utf8(b).ok());
    if let Some(first) = first {
        if streamable
            && forced.is_none_or(|f| f == Format::SUDOKU)
            && (sudoku::is_long_line_puzzle(first) || crate::se::is_sukaku_line(first))
        {
            return Loaded::Stream { head, reader, size };
        }
    }
    if let Some(Err(msg)) = head.last().map(|l| &l.bytes) {
        return Loaded::Failed(msg.clone());
    }
    let mut bytes = Vec::new();
    for line in &head {
        bytes.extend_from_slice(line.bytes.as_ref().expect("checked above"));
        bytes.push(b'\n');
    }
    if let Err(e) = reader.take(MAX_INPUT + 1).read_to_end(&mut bytes) {
        return Loaded::Failed(Problem::whole(format!("cannot read: {e}")));
    }
    if bytes.len() as u64 > MAX_INPUT {
        let mib = MAX_INPUT >> 20;
        let what = format!("expected a puzzle file, found more than {mib} MiB");
        return Loaded::Failed(Problem::whole(what));
    }
    match decode(bytes).and_then(|t| format::read(&t, forced).map_err(Problem::from)) {
        Ok(doc) => Loaded::Doc(doc),
        Err(msg) => Loaded::Failed(msg),
    }
}

/// Files read (and, with several threads, worked out) together: their puzzles are spread
/// over the threads, so that many small files keep every thread busy.
const SOURCES_AT_ONCE: usize = 256;

/// Answers worked out ahead, per puzzle of a document (None: not a puzzle, or Ctrl-C).
type Ahead = Vec<Option<(Answer, Duration)>>;

/// Works out in parallel the answers of every puzzle of the documents among `group`.
fn work_ahead(
    pool: &rayon::ThreadPool,
    group: &[(&Source, Loaded)],
    work: &batch::Work,
) -> Vec<Option<Ahead>> {
    let docs: Vec<Option<(&Source, &Document)>> = group
        .iter()
        .map(|(src, loaded)| match loaded {
            Loaded::Doc(doc) => Some((*src, doc)),
            _ => None,
        })
        .collect();
    pool.install(|| {
        docs.par_iter()
            .map(|found| {
                let (src, doc) = (*found)?;
                let batch = doc.entries.len() > 1;
                let answers = doc
                    .entries
                    .par_iter()
                    .map(|entry| {
                        let p = entry.puzzle.as_ref().ok().filter(|_| !interrupted())?;
                        let place = Place {
                            name: &src.name,
                            line: entry.line,
                            layout: doc.layout,
                            batch,
                            format: Some(doc.format),
                        };
                        let started = Instant::now();
                        let a = work(p, &place);
                        Some((a, started.elapsed()))
                    })
                    .collect();
                Some(answers)
            })
            .collect()
    })
}

/// Reads every source and works out each puzzle with `stream`'s work, taken once: a file of
/// one-line 9×9 (or larger) Sudokus is streamed through [`batch::run`]; with `stream`'s thread
/// count above one, the puzzles of files read whole (and of up to [`SOURCES_AT_ONCE`] files at
/// a time) are worked out in parallel and written in input order. Bad input is reported on
/// standard error without stopping: one bad puzzle or file does not stop the others.
pub fn stream_puzzles(
    input: &InputArgs,
    ui: Ui,
    out: &mut dyn Write,
    stream: batch::Stream,
) -> Result<Status> {
    let work = stream.work;
    run_each(input, ui, out, Some(stream), &mut |_| Ok(()), |p, place| Ok(work(p, place)))
}

/// Reads every source and hands each puzzle to `each`, one after the other (work that draws
/// pictures or numbers them across puzzles). Bad input is reported as [`stream_puzzles`] does.
pub fn for_each_puzzle(
    input: &InputArgs,
    ui: Ui,
    out: &mut dyn Write,
    each: impl FnMut(&calcudoku::Puzzle, &Place) -> Result<Answer>,
) -> Result<Status> {
    run_each(input, ui, out, None, &mut |_| Ok(()), each)
}

/// [`for_each_puzzle`] without threads or streaming, telling `loaded` how many puzzles have
/// been read so far each time an input is read, before any of its puzzles is worked on: an
/// error there stops everything (`render` refuses several pictures to standard output).
pub fn for_each_loaded_puzzle(
    input: &InputArgs,
    ui: Ui,
    out: &mut dyn Write,
    loaded: &mut dyn FnMut(usize) -> Result<()>,
    each: impl FnMut(&calcudoku::Puzzle, &Place) -> Result<Answer>,
) -> Result<Status> {
    run_each(input, ui, out, None, loaded, each)
}

fn run_each(
    input: &InputArgs,
    ui: Ui,
    out: &mut dyn Write,
    stream: Option<batch::Stream>,
    loaded: &mut dyn FnMut(usize) -> Result<()>,
    mut each: impl FnMut(&calcudoku::Puzzle, &Place) -> Result<Answer>,
) -> Result<Status> {
    let forced =
        input.format.as_deref().map(|n| Format::from_name(n).expect("clap checked the name"));
    let srcs = sources(input);
    let mut summary = batch::Summary::default();
    let mut status = Status::Solved;
    let bad = |name: &str, msg: &Problem, status: &mut Status, out: &mut dyn Write| {
        eprintln!("{}", say::located(name, msg));
        *status = (*status).max(Status::BadInput);
        if ui.json {
            let place = Place { name, line: 0, layout: Layout::Rows, batch: false, format: None };
            out.write_all(json::error(&place, &msg.to_string()).as_bytes())?;
        }
        io::Result::Ok(())
    };
    let threads = stream.map_or(1, |s| s.threads);
    // Several files at a time only when they are worked out ahead: otherwise one at a time,
    // so that nothing is read before it is needed.
    let at_once = if threads > 1 { SOURCES_AT_ONCE } else { 1 };
    // Built once there are two puzzles to share out: a single puzzle starts no threads.
    let mut pool = None;
    let mut read_so_far = 0;
    in_batch(true);
    'groups: for (g, group) in srcs.chunks(at_once).enumerate() {
        if interrupted() {
            break;
        }
        let group: Vec<(&Source, Loaded)> =
            // (Puzzles given rules by --variant are not streamed: each is read whole.)
            group
                .iter()
                .map(|src| {
                    let streamable = stream.is_some() && input.variant.is_empty();
                    let loaded = match load(src, forced, streamable) {
                        Loaded::Doc(doc) => Loaded::Doc(with_variants(doc, &input.variant)),
                        other => other,
                    };
                    (src, loaded)
                })
                .collect();
        let puzzles: usize = group
            .iter()
            .map(|(_, loaded)| if let Loaded::Doc(doc) = loaded { doc.entries.len() } else { 0 })
            .sum();
        read_so_far += group
            .iter()
            .map(|(_, loaded)| match loaded {
                Loaded::Doc(doc) => doc.entries.iter().filter(|e| e.puzzle.is_ok()).count(),
                _ => 0,
            })
            .sum::<usize>();
        if let Err(e) = loaded(read_so_far) {
            in_batch(false);
            return Err(e);
        }
        let ahead_started = Instant::now();
        let mut ahead = match stream {
            Some(s) if s.threads > 1 && puzzles > 1 => {
                if pool.is_none() {
                    // No more threads than puzzles to share out.
                    let n = s.threads.min(puzzles);
                    pool = Some(rayon::ThreadPoolBuilder::new().num_threads(n).build()?);
                }
                work_ahead(pool.as_ref().expect("built above"), &group, s.work)
            }
            _ => Vec::new(),
        };
        // The time the answers worked out ahead took, counted in the summary's rate once.
        let mut ahead_took = (!ahead.is_empty()).then(|| ahead_started.elapsed());
        for (k, (src, loaded)) in group.into_iter().enumerate() {
            if interrupted() {
                break 'groups;
            }
            let i = g * at_once + k;
            if srcs.len() > 1 && !ui.json {
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "==> {} <==", src.name)?;
            }
            let doc = match loaded {
                Loaded::Failed(msg) => {
                    bad(&src.name, &msg, &mut status, out)?;
                    continue;
                }
                Loaded::Stream { head, mut reader, size } => {
                    let stream = stream.expect("only streamed when allowed");
                    let input = batch::Input {
                        name: &src.name,
                        first: head,
                        reader: &mut *reader,
                        size_hint: size,
                        ui,
                    };
                    batch::run(input, out, stream, &mut summary)?;
                    continue;
                }
                Loaded::Doc(doc) => doc,
            };
            let mut answers = ahead.get_mut(k).and_then(Option::take);
            let batch = doc.entries.len() > 1;
            let started = Instant::now();
            // Lines in the answer before: answers of several lines (grids in rows) get a blank
            // line between them and their neighbours.
            let mut before = 0usize;
            let mut separate = |text: &str, out: &mut dyn Write| -> io::Result<()> {
                let lines = text.lines().count();
                if before > 0 && batch && !ui.json && (before > 1 || lines > 1) {
                    writeln!(out)?;
                }
                before = lines;
                Ok(())
            };
            for (e, entry) in doc.entries.iter().enumerate() {
                if interrupted() {
                    break;
                }
                let place = Place {
                    name: &src.name,
                    line: entry.line,
                    layout: doc.layout,
                    batch,
                    format: Some(doc.format),
                };
                match &entry.puzzle {
                    Ok(p) => {
                        let (a, took) = match answers.as_mut() {
                            Some(answers) => match answers[e].take() {
                                Some(done) => done,
                                None => break, // Ctrl-C
                            },
                            None => {
                                let started = Instant::now();
                                (each(p, &place)?, started.elapsed())
                            }
                        };
                        notes(&ui, place.name, place.line, &a, took);
                        separate(&a.text, out)?;
                        out.write_all(a.text.as_bytes())?;
                        status = status.max(Status::of(a.outcome));
                        if batch {
                            summary.add_answer(&a);
                        }
                    }
                    Err(e) => {
                        eprintln!("{}", say::located(&src.name, &Problem::from(e)));
                        status = status.max(Status::BadInput);
                        if ui.json {
                            out.write_all(json::error(&place, &e.to_string()).as_bytes())?;
                        } else if batch {
                            separate("Invalid puzzle.\n", out)?;
                            writeln!(out, "Invalid puzzle.")?;
                        }
                        if batch {
                            summary.add(None);
                        }
                    }
                }
            }
            if batch {
                summary.elapsed += started.elapsed() + ahead_took.take().unwrap_or_default();
            }
        }
    }
    in_batch(false);
    if (summary.puzzles > 1 || interrupted()) && !ui.quiet {
        out.flush()?;
        let name = if srcs.len() == 1 { srcs[0].name.as_str() } else { "all inputs" };
        let stop = if interrupted() { "interrupted (Ctrl-C): " } else { "" };
        eprintln!("calcudoku: {stop}{}", summary.line(name));
    }
    if interrupted() {
        return Ok(Status::Interrupted);
    }
    if summary.errors > 0 {
        status = status.max(Status::BadInput);
    }
    if summary.timed_out > 0 {
        status = status.max(Status::TimedOut);
    }
    if summary.no_solution > 0 || summary.improper > 0 {
        status = status.max(Status::NoSolution);
    }
    Ok(status)
}

/// `puzzle` with the rules of `--variant` added, or why it cannot take them (a windoku's
/// windows on a size that has none).
pub fn add_variants(puzzle: &Puzzle, variants: &[Variant]) -> Result<Puzzle, ModelError> {
    let mut p = puzzle.clone();
    for v in variants {
        p = match v {
            Variant::X => p.with_diagonals(true),
            Variant::Windoku => p.with_windows()?,
        };
    }
    Ok(p)
}

/// The one puzzle read from `name` (`check`, `hint`) with the rules of `--variant` added, or
/// the one-line error of a puzzle that cannot take them.
pub fn one_with_variants(name: &str, puzzle: Puzzle, variants: &[Variant]) -> Result<Puzzle> {
    if variants.is_empty() {
        return Ok(puzzle);
    }
    add_variants(&puzzle, variants)
        .map_err(|e| say::error(name, ParseError::new(1, 0, ParseErrorKind::Invalid(e))))
}

/// The puzzles of a document with the rules of `--variant` added (a puzzle that cannot take
/// them becomes its entry's error).
fn with_variants(mut doc: Document, variants: &[Variant]) -> Document {
    if variants.is_empty() {
        return doc;
    }
    for entry in &mut doc.entries {
        let Ok(p) = &entry.puzzle else { continue };
        entry.puzzle = add_variants(p, variants)
            .map_err(|e| ParseError::new(entry.line, 0, ParseErrorKind::Invalid(e)));
    }
    doc
}
