//! Files of one-line puzzles, streamed: read in chunks, solved in parallel (rayon), written in
//! input order, one output line per puzzle line. Memory stays bounded by the chunk, whatever
//! the file's length; a bad line gets its error (stderr, with its line number) and an
//! `Invalid puzzle.` line, and the rest go on.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::ops::Range;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::Puzzle;
use calcudoku::format::{Layout, sudoku};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::answer::{Answer, Outcome, Place};
use crate::json;
use crate::run::Ui;
use crate::say::Problem;

/// What a command does with one puzzle: its answer, written in input order.
pub type Work<'a> = dyn Fn(&Puzzle, &Place) -> Answer + Sync + 'a;

/// A command's fast path for a line, tried before the line is read as a puzzle: the answer,
/// or None to leave the line to the reader and [`Work`]. It must answer as [`Work`] would on
/// the puzzle the reader makes of the line (`count` on a plain 9×9 line goes straight to the
/// 9×9 engine, without a `Puzzle`).
pub type LineWork<'a> = dyn Fn(&[u8], &Place) -> Option<Answer> + Sync + 'a;

/// How a command's batch is worked out: the work per puzzle, a fast path per line if it has
/// one, and the threads.
#[derive(Clone, Copy)]
pub struct Stream<'a> {
    pub work: &'a Work<'a>,
    pub line: Option<&'a LineWork<'a>>,
    pub threads: usize,
}

/// Lines solved together (and held in memory at once) by a pool of threads: enough to keep
/// every thread busy between two writes.
const CHUNK: usize = 4096;

/// Lines solved together by one thread: no thread waits for the others, so a small chunk
/// does; its line bytes and answers (about 100 bytes each) stay in a few pages that every
/// chunk reuses. Chunks of 4,096 took a fresh 400 KB of answers each (a fresh mapping, as
/// large blocks are), and touching it cost about 100 page faults per chunk, 3% of a
/// whole-process run on serg-benchmark's 10,000 lines.
const CHUNK_ONE_THREAD: usize = 256;

/// The longest line read whole; longer ones are skipped with an error.
pub const MAX_LINE: u64 = 1 << 20;

/// Counts of a run, for the summary line.
#[derive(Default, Debug)]
pub struct Summary {
    pub puzzles: u64,
    pub unique: u64,
    pub several: u64,
    pub solved_other: u64,
    pub no_solution: u64,
    pub errors: u64,
    pub timed_out: u64,
    /// Puzzles without exactly one solution, where one was needed.
    pub improper: u64,
    pub elapsed: Duration,
    /// Answers' tags (grades' levels) and how often each came, in order of first sight.
    pub tags: Vec<(&'static str, u64)>,
}

impl Summary {
    /// Counts an answer: its outcome and its tag.
    pub fn add_answer(&mut self, answer: &Answer) {
        self.add(Some(answer.outcome));
        if let Some(tag) = answer.tag {
            match self.tags.iter_mut().find(|(t, _)| *t == tag) {
                Some((_, k)) => *k += 1,
                None => self.tags.push((tag, 1)),
            }
        }
    }

    pub fn add(&mut self, outcome: Option<Outcome>) {
        self.puzzles += 1;
        match outcome {
            None => self.errors += 1,
            Some(Outcome::Unique) => self.unique += 1,
            Some(Outcome::Several) => self.several += 1,
            Some(Outcome::Solved) => self.solved_other += 1,
            Some(Outcome::NoSolution) => self.no_solution += 1,
            Some(Outcome::TimedOut) => self.timed_out += 1,
            Some(Outcome::Improper) => self.improper += 1,
        }
    }

    /// The one-line summary written to standard error after a batch.
    pub fn line(&self, name: &str) -> String {
        let rate = self.puzzles as f64 / self.elapsed.as_secs_f64().max(1e-9);
        if !self.tags.is_empty() {
            let mut parts: Vec<String> =
                self.tags.iter().map(|(t, k)| format!("{k} {t}")).collect();
            for (k, what) in [
                (self.improper, "not unique"),
                (self.no_solution, "no solution"),
                (self.errors, if self.errors == 1 { "error" } else { "errors" }),
                (self.timed_out, "timed out"),
            ] {
                if k > 0 {
                    parts.push(format!("{k} {what}"));
                }
            }
            return format!(
                "{name}: {} puzzles: {}; {rate:.0} puzzles/s",
                self.puzzles,
                parts.join(", ")
            );
        }
        let solved = self.unique + self.several + self.solved_other;
        format!(
            "{name}: {} puzzles: {solved} solved ({} unique, {} several solutions), {} no solution, {} errors, {} timed out; {rate:.0} puzzles/s",
            self.puzzles, self.unique, self.several, self.no_solution, self.errors, self.timed_out
        )
    }
}

/// One input line, read.
pub struct RawLine {
    pub no: usize,
    pub bytes: Result<Vec<u8>, Problem>,
}

/// Reads the next line (without its line end), at most [`MAX_LINE`] bytes of it; None at the
/// end of input.
pub fn read_line(reader: &mut dyn BufRead, no: usize) -> io::Result<Option<RawLine>> {
    let mut buf = Vec::new();
    Ok(read_line_into(reader, no, &mut buf)?.map(|bytes| RawLine {
        no,
        bytes: bytes.map(|range| {
            buf.truncate(range.end);
            buf
        }),
    }))
}

/// Reads the next line onto the end of `data` (without its line end) and gives its place
/// there, or the error of a line longer than [`MAX_LINE`] bytes (then nothing is added); None
/// at the end of input. A batch reads all its lines into one buffer this way.
fn read_line_into(
    reader: &mut dyn BufRead,
    no: usize,
    data: &mut Vec<u8>,
) -> io::Result<Option<Result<Range<usize>, Problem>>> {
    let start = data.len();
    let n = Read::take(&mut *reader, MAX_LINE).read_until(b'\n', data)?;
    if n == 0 {
        return Ok(None);
    }
    if data.last() != Some(&b'\n') && n as u64 == MAX_LINE {
        data.truncate(start);
        // Too long: skip to the end of the line without holding it.
        loop {
            let chunk = reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(p) => {
                    reader.consume(p + 1);
                    break;
                }
                None => {
                    let len = chunk.len();
                    reader.consume(len);
                }
            }
        }
        let what = format!("expected a puzzle line, found a line longer than {MAX_LINE} bytes");
        return Ok(Some(Err(Problem::at(no, 0, what))));
    }
    while data.len() > start && matches!(data.last(), Some(b'\n' | b'\r')) {
        data.pop();
    }
    Ok(Some(Ok(start..data.len())))
}

/// The lines of a chunk: their bytes one after the other in one buffer, kept from chunk to
/// chunk, so that reading a line allocates nothing.
#[derive(Default)]
struct Chunk {
    data: Vec<u8>,
    lines: Vec<ChunkLine>,
}

struct ChunkLine {
    no: usize,
    bytes: Result<Range<usize>, Problem>,
}

impl Chunk {
    fn clear(&mut self) {
        self.data.clear();
        self.lines.clear();
    }

    fn bytes<'a>(&'a self, line: &'a ChunkLine) -> Result<&'a [u8], &'a Problem> {
        match &line.bytes {
            Ok(range) => Ok(&self.data[range.clone()]),
            Err(msg) => Err(msg),
        }
    }

    /// A line read before the batch started (the head that told it a batch).
    fn push_raw(&mut self, line: RawLine) {
        let bytes = line.bytes.map(|b| {
            let start = self.data.len();
            self.data.extend_from_slice(&b);
            start..self.data.len()
        });
        self.lines.push(ChunkLine { no: line.no, bytes });
    }
}

/// Lines that are not blank (each gets an answer line).
fn answers_expected(chunk: &Chunk) -> usize {
    chunk
        .lines
        .iter()
        .filter(|l| chunk.bytes(l).map_or(true, |b| !b.iter().all(u8::is_ascii_whitespace)))
        .count()
}

/// One line's answer (None for a blank line or a comment), and with `timed` how long the work
/// took (only `-v` shows it; otherwise the clock is not read).
fn answer_line(
    no: usize,
    bytes: Result<&[u8], &Problem>,
    name: &str,
    stream: Stream,
    timed: bool,
) -> Option<Result<(Answer, Duration), Problem>> {
    let bytes = match bytes {
        Ok(b) => b,
        Err(msg) => return Some(Err(msg.clone())),
    };
    let place = Place { name, line: no, layout: Layout::Line, batch: true, format: None };
    if let Some(line) = stream.line {
        if crate::run::interrupted() {
            return None;
        }
        let started = timed.then(Instant::now);
        if let Some(answer) = line(bytes, &place) {
            return Some(Ok((answer, started.map_or(Duration::ZERO, |t| t.elapsed()))));
        }
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return Some(Err(crate::inputs::not_utf8(bytes, e.valid_up_to(), no))),
    };
    if calcudoku::format::is_blank_or_comment(text) || crate::run::interrupted() {
        return None;
    }
    Some(match sudoku::parse_line_at(text, no) {
        Ok(p) => {
            let started = timed.then(Instant::now);
            let answer = (stream.work)(&p, &place);
            Ok((answer, started.map_or(Duration::ZERO, |t| t.elapsed())))
        }
        Err(e) => Err(Problem::from(e)),
    })
}

/// An input to stream.
pub struct Input<'a> {
    pub name: &'a str,
    /// Lines already read from the start of the input.
    pub first: Vec<RawLine>,
    pub reader: &'a mut dyn BufRead,
    /// Its length in bytes, when known (for the progress bar).
    pub size_hint: Option<u64>,
    /// How results are shown (`--json`: bad lines get an error object instead of
    /// `Invalid puzzle.`; `-q`: no notes; `-v`: a line per puzzle).
    pub ui: Ui,
}

/// Streams the lines of a one-line-puzzle file.
pub fn run(
    input: Input<'_>,
    out: &mut dyn Write,
    stream: Stream,
    summary: &mut Summary,
) -> Result<()> {
    let Input { name, first, reader, size_hint, ui } = input;
    let started = Instant::now();
    // One thread needs no pool (and no thread started for it); the pool is built once the
    // first chunk is read, with no more threads than it has lines.
    let mut pool: Option<rayon::ThreadPool> = None;
    let several = stream.threads > 1;
    let progress = match size_hint {
        Some(total) if total > (1 << 20) && io::stderr().is_terminal() => {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:40} {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        }
        _ => ProgressBar::hidden(),
    };
    let chunk_lines = if several { CHUNK } else { CHUNK_ONE_THREAD };
    let mut pending = first.into_iter();
    let mut next_no = 0;
    let mut chunk = Chunk::default();
    // The answers of a chunk, in a buffer every chunk reuses.
    let mut answers = Vec::new();
    let mut first_chunk = true;
    let timed = ui.verbose && !ui.quiet;
    loop {
        chunk.clear();
        let mut done = false;
        let mut read = 0;
        // Whether the file is one puzzle line (see `lone` below) is known from the first
        // 4,096 lines, whatever the chunk: a first chunk with at most one answer to give
        // reads on up to that many.
        let mut limit = chunk_lines;
        loop {
            if chunk.lines.len() >= limit {
                if first_chunk && limit < CHUNK && answers_expected(&chunk) <= 1 {
                    limit = CHUNK;
                    continue;
                }
                break;
            }
            if let Some(l) = pending.next() {
                next_no = l.no;
                read += l.bytes.as_ref().map_or(0, |b| b.len() as u64 + 1);
                chunk.push_raw(l);
                continue;
            }
            match read_line_into(reader, next_no + 1, &mut chunk.data)? {
                Some(bytes) => {
                    next_no += 1;
                    read += bytes.as_ref().map_or(0, |r| r.len() as u64 + 1);
                    chunk.lines.push(ChunkLine { no: next_no, bytes });
                }
                None => {
                    done = true;
                    break;
                }
            }
        }
        progress.inc(read);
        // A file of one puzzle line is no batch: its error gets no placeholder line on stdout.
        let lone = first_chunk && done && answers_expected(&chunk) == 1;
        first_chunk = false;
        let answer = |l: &ChunkLine| answer_line(l.no, chunk.bytes(l), name, stream, timed);
        answers.clear();
        let lines = chunk.lines.len();
        if several && pool.is_none() && lines > 1 {
            let n = stream.threads.min(lines);
            pool = Some(rayon::ThreadPoolBuilder::new().num_threads(n).build()?);
        }
        match &pool {
            Some(pool) => {
                pool.install(|| chunk.lines.par_iter().map(answer).collect_into_vec(&mut answers))
            }
            None => answers.extend(chunk.lines.iter().map(answer)),
        }
        for (line, answer) in chunk.lines.iter().zip(answers.drain(..)) {
            match answer {
                // Ctrl-C: answers stop at the first line left undone, to keep input order.
                None if crate::run::interrupted() => {
                    done = true;
                    break;
                }
                // A blank line gets a blank answer line: answers line up with input lines.
                None => {
                    if !ui.json {
                        writeln!(out)?;
                    }
                }
                Some(Ok((a, took))) => {
                    if !ui.quiet {
                        progress.suspend(|| crate::run::notes(&ui, name, line.no, &a, took));
                    }
                    out.write_all(a.text.as_bytes())?;
                    summary.add_answer(&a);
                }
                Some(Err(msg)) => {
                    progress.suspend(|| eprintln!("{}", crate::say::located(name, &msg)));
                    if ui.json {
                        let place = Place {
                            name,
                            line: line.no,
                            layout: Layout::Line,
                            batch: true,
                            format: None,
                        };
                        out.write_all(json::error(&place, &msg.to_string()).as_bytes())?;
                    } else if !lone {
                        writeln!(out, "Invalid puzzle.")?;
                    }
                    summary.add(None);
                }
            }
        }
        if done {
            break;
        }
    }
    progress.finish_and_clear();
    summary.elapsed += started.elapsed();
    Ok(())
}
