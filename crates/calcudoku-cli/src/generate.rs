//! `calcudoku generate`: new puzzles at a level, written in order whatever the threads, the
//! same for the same seed.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use calcudoku::Operator;
use calcudoku::format::{self, Format, Layout};
use calcudoku::generate::{self, GenerateError, Generated, Kind, Options, Symmetry};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::cli::GenerateArgs;
use crate::{Status, Ui, in_batch, interrupted, json, threads};

/// Puzzles made together before they are written.
const CHUNK: usize = 64;

pub fn run(args: &GenerateArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let options = options(args)?;
    let to = match &args.to {
        Some(name) => Format::from_name(name).expect("clap checks the name"),
        None => default_format(&options),
    };
    let timeout = crate::timeout(args.timeout)?;
    if args.seed.is_none() && !ui.quiet {
        eprintln!("calcudoku: seed {} (give --seed {0} to make these again)", options.seed);
    }
    // One thread needs no pool: handing each chunk to a pool's thread and waiting for it cost
    // 3×3 easy about a tenth of its time (two thread wake-ups every 64 puzzles).
    let pool = match threads(args.threads) {
        1 => None,
        n => Some(rayon::ThreadPoolBuilder::new().num_threads(n).build()?),
    };
    let progress = if args.count > 1 && io::stderr().is_terminal() && !ui.quiet && !ui.json {
        let bar = ProgressBar::new(args.count);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let shown = !progress.is_hidden();
    // JSON and -v show each puzzle's time and grade.
    let timed = ui.json || ui.verbose;
    let started = Instant::now();
    let mut status = Status::Solved;
    let (mut made, mut failed) = (0u64, 0u64);
    let mut start = 0u64;
    // A first Ctrl-C asks for a clean stop: the puzzles made are written, whole.
    in_batch(true);
    while start < args.count && !interrupted() {
        let end = (start + CHUNK as u64).min(args.count);
        let make = |index: u64| {
            // The clock is read only for what shows it (a read was a twentieth of a 3×3
            // puzzle's time here).
            let started = timed.then(Instant::now);
            let deadline = timeout.map(|t| calcudoku::clock::Instant::now() + t);
            let made = generate::generate(&options, index, deadline);
            // The grade is written only in JSON and with -v: made then, on this thread, and
            // counted in the time.
            if let Ok(g) = &made
                && timed
            {
                g.grade();
            }
            if shown {
                progress.inc(1);
            }
            (index, made, started.map_or(Duration::ZERO, |t| t.elapsed()))
        };
        // One thread writes each puzzle as it is made (no chunk held in memory) and stops at
        // Ctrl-C after the puzzle it is making; a pool makes a chunk, then it is written.
        type Made = (u64, Result<Generated, GenerateError>, Duration);
        let batch: Box<dyn Iterator<Item = Made>> = match &pool {
            Some(pool) => Box::new(
                pool.install(|| (start..end).into_par_iter().map(make).collect::<Vec<_>>())
                    .into_iter(),
            ),
            None => Box::new((start..end).take_while(|_| !interrupted()).map(make)),
        };
        for (index, result, took) in batch {
            match result {
                Ok(g) => {
                    made += 1;
                    let text = if ui.json {
                        as_json(&g, &options, index, took)?
                    } else {
                        as_text(&g, to, index, args.count)?
                    };
                    progress.suspend(|| out.write_all(text.as_bytes()))?;
                    if ui.verbose {
                        progress.suspend(|| {
                            eprintln!(
                                "puzzle {}: {} in {} attempts, {:.1} ms",
                                index + 1,
                                g.grade().level_name,
                                g.attempts,
                                took.as_secs_f64() * 1e3
                            )
                        });
                    }
                }
                Err(e) => {
                    failed += 1;
                    let word = match e {
                        GenerateError::Timeout => {
                            status = status.max(Status::TimedOut);
                            "out of time"
                        }
                        _ => {
                            status = status.max(Status::NoSolution);
                            "gave up"
                        }
                    };
                    if ui.json {
                        let mut o = json::Map::new();
                        o.insert("index".into(), (index + 1).into());
                        o.insert("status".into(), word.into());
                        o.insert("error".into(), e.to_string().into());
                        out.write_all(json::line(o).as_bytes())?;
                    }
                    progress.suspend(|| eprintln!("calcudoku: puzzle {}: {e}", index + 1));
                }
            }
        }
        out.flush()?;
        start = end;
    }
    in_batch(false);
    progress.finish_and_clear();
    if interrupted() {
        status = Status::Interrupted;
    }
    // Killers of cages alone are seldom at the low levels on large grids (12×12 easy: none in
    // 3,000 attempts; with givens, within a few).
    if failed > 0 && options.kind == Kind::Killer && !options.givens {
        eprintln!(
            "calcudoku: Killers from cages alone may not reach this level at this size; try --givens"
        );
    }
    if !ui.quiet && (args.count > 1 || failed > 0) {
        eprintln!(
            "calcudoku: {}{made} puzzles made{}, {:.2} s",
            if interrupted() { "interrupted (Ctrl-C): " } else { "" },
            if failed > 0 { format!(", {failed} failed") } else { String::new() },
            started.elapsed().as_secs_f64()
        );
    }
    Ok(status)
}

/// The library's options from the command line.
fn options(args: &GenerateArgs) -> Result<Options> {
    let kind = Kind::from_name(&args.kind).expect("clap checks the kind");
    let size = args.size.unwrap_or(match kind {
        Kind::KenKen => 6,
        _ => 9,
    });
    let mut options = Options::new(kind, size);
    options.seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let level = args.difficulty.as_deref().unwrap_or(match kind {
        Kind::KenKen => "normal",
        _ => "medium",
    });
    if !level.eq_ignore_ascii_case("any") {
        options = options.with_level_named(level)?;
    }
    if args.mult_only {
        options.ops = vec![Operator::Mul];
    } else if let Some(ops) = &args.ops {
        options.ops = Vec::new();
        for c in ops.chars() {
            match Operator::from_char(c) {
                Some(op) if !options.ops.contains(&op) => options.ops.push(op),
                Some(_) => {}
                None => bail!("--ops: expected operators among + - * / (or x × ÷ −), found '{c}'"),
            }
        }
    }
    options.long_ops = args.long_ops;
    options.hidden_ops = args.hidden_ops;
    if let Some(m) = args.max_cage {
        options.max_cage = m;
    }
    options.symmetry = Symmetry::from_name(&args.symmetry).expect("clap checks the symmetry");
    options.minimal = args.minimal;
    options.givens = args.givens;
    if let Some(a) = args.max_attempts {
        options.max_attempts = a;
    }
    options.check()?;
    Ok(options)
}

/// The ops format (the course's, read by every command) for KenKen and Killer, one-line
/// Sudokus; `--to keen` gives game IDs that open in Keen. Killers with `--givens` are JSON
/// Lines: the ops format has no way to write a given inside a cage of several cells.
fn default_format(options: &Options) -> Format {
    match options.kind {
        Kind::Killer if options.givens => Format::JSON,
        Kind::KenKen | Kind::Killer => Format::OPS,
        Kind::Sudoku => Format::SUDOKU,
        // Solo game IDs hold jigsaws and X (and open in Solo); windoku's windows are JSON.
        Kind::Jigsaw | Kind::X | Kind::JigsawX => Format::SOLO,
        Kind::Windoku => Format::JSON,
    }
}

/// The puzzle in the chosen format; puzzles of several lines are separated by a blank line
/// (the way `calcudoku` reads a stream of them back).
fn as_text(g: &Generated, to: Format, index: u64, count: u64) -> Result<String> {
    let layout = Layout::Line;
    let mut text = format::write_puzzle(&g.puzzle, to, layout)
        .map_err(|e| anyhow::anyhow!("puzzle {}: {e}", index + 1))?;
    // A search for a line break inside, not a count of the lines: at 3×3 counting them took
    // a twentieth of the time a puzzle takes.
    let one_line = !text.trim_end().contains('\n');
    if !one_line && index + 1 < count {
        text.push('\n');
    }
    Ok(text)
}

fn as_json(g: &Generated, options: &Options, index: u64, took: Duration) -> Result<String> {
    let mut o = json::Map::new();
    o.insert("index".into(), (index + 1).into());
    o.insert("seed".into(), options.seed.into());
    o.insert("kind".into(), options.kind.name().into());
    o.insert("size".into(), options.size.into());
    o.insert("level".into(), g.grade().level_name.into());
    o.insert("rating".into(), json::Value::from((g.grade().rating as f64 * 10.0).round() / 10.0));
    o.insert("attempts".into(), g.attempts.into());
    o.insert("ms".into(), json::Value::from((took.as_secs_f64() * 1e4).round() / 10.0));
    let puzzle = serde_json::to_value(&g.puzzle)?;
    o.insert("puzzle".into(), puzzle);
    if let Ok(keen) = format::write_puzzle(&g.puzzle, Format::KEEN, Layout::Line) {
        o.insert("keen".into(), keen.trim_end().into());
    }
    o.insert("solution".into(), json::grid(&g.solution));
    Ok(json::line(o))
}
