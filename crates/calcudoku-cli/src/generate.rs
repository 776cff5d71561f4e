//! `calcudoku generate`: new puzzles at a level, written in order whatever the threads, the
//! same for the same seed.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use calcudoku::Operator;
use calcudoku::format::{self, Format, Layout};
use calcudoku::generate::{
    self, GenerateError, Generated, Kind, Options, Pattern, SeRange, Setting, Symmetry,
};
use calcudoku::results::GenerateResult;
use rayon::prelude::*;

use crate::cli::GenerateArgs;
use crate::json;
use crate::progress::{self, Progress};
use crate::run::{Status, Ui, in_batch, interrupted, threads};
use crate::say::{self, Problem};

/// Puzzles made together before they are written.
const CHUNK: usize = 64;

pub fn run(args: &GenerateArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let options = options(args)?;
    // Whether the format writes every puzzle these options make is known before any is made.
    let to = match &args.to {
        Some(name) => Format::from_name(name).expect("clap checks the name"),
        None => options.default_format(),
    };
    let layout = options.layout_in(to).map_err(|e| anyhow::anyhow!("--to {to}: {e}"))?;
    let timeout = crate::run::timeout(args.timeout)?;
    if args.seed.is_none() && !ui.quiet {
        eprintln!("calcudoku: seed {} (give --seed {0} to make these again)", options.seed);
    }
    // At most a thread per puzzle and per core (`-j` above the cores gains nothing); one
    // thread needs no pool: handing each chunk to a pool's thread and waiting for it cost 3×3
    // easy about a tenth of its time (two thread wake-ups every 64 puzzles).
    let pool = match threads_for(args.threads, args.count) {
        1 => None,
        n => Some(rayon::ThreadPoolBuilder::new().num_threads(n).build()?),
    };
    let progress = Progress::new(args.count, ui.quiet);
    let shown = progress.shown();
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
            let made = if shown {
                // Candidates are counted in batches (and the rest at the end).
                let mut last = 0;
                let watch = &mut |a: u32| {
                    if a % progress::BATCH == 0 {
                        progress.tried(progress::BATCH);
                    }
                    last = a;
                };
                let made = generate::generate_watched(&options, index, deadline, watch);
                progress.tried(last % progress::BATCH);
                made
            } else {
                generate::generate(&options, index, deadline)
            };
            // The ladder's grade is written only in JSON and with -v (where a puzzle made at
            // one of Solo's levels shows that level instead): made then, on this thread, and
            // counted in the time (and within the time limit).
            let made = made.and_then(|g| {
                if ui.json || (ui.verbose && g.solo.is_none()) {
                    g.grade_by(deadline)?;
                }
                Ok(g)
            });
            progress.done();
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
                        as_text(&g, to, layout, index, args.count)?
                    };
                    progress.suspend(|| out.write_all(text.as_bytes()))?;
                    if ui.verbose {
                        progress.suspend(|| {
                            eprintln!(
                                "puzzle {}: {}{} in {} attempts, {:.3} ms",
                                index + 1,
                                g.solo.map_or_else(|| g.grade().level_name, |l| l.name()),
                                g.se.as_ref().map_or(String::new(), |r| format!(", SE {r}")),
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
    progress.finish();
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
    if failed > 0 && options.pattern.is_some() {
        eprintln!(
            "calcudoku: few random grids give a sparse pattern one solution; mark more clues or \
             raise --max-attempts"
        );
    } else if let (true, Some(range)) = (failed > 0, options.rating) {
        eprintln!(
            "calcudoku: random candidates seldom have an SE rating of {range}; widen the range, \
             try another -d, or raise --max-attempts"
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

/// Threads for `count` puzzles with `-j N` (0: every core): at most one per puzzle and per core.
fn threads_for(n: usize, count: u64) -> usize {
    let cores = threads(0);
    let asked = if n == 0 { cores } else { n.min(cores) };
    asked.min(usize::try_from(count).unwrap_or(usize::MAX)).max(1)
}

/// The library's options from the command line.
fn options(args: &GenerateArgs) -> Result<Options> {
    let kind = Kind::from_name(&args.kind).expect("clap checks the kind");
    let size = args.size.unwrap_or(kind.default_size());
    let mut options = Options::new(kind, size);
    options.seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    // Each option given for a kind it does nothing for is refused, named as it was typed.
    let given = [
        (Setting::Ops, "--mult-only", args.mult_only),
        (Setting::Ops, "--ops", args.ops.is_some()),
        (Setting::LongOps, "--long-ops", args.long_ops),
        (Setting::HiddenOps, "--hidden-ops", args.hidden_ops),
        (Setting::MaxCage, "--max-cage", args.max_cage.is_some()),
        (Setting::Symmetry, "--symmetry", args.symmetry.is_some()),
        (Setting::Minimal, "--minimal", args.minimal),
        (Setting::Givens, "--givens", args.givens),
        (Setting::Rating, "--rating", args.rating.is_some()),
        (Setting::Pattern, "--pattern", args.pattern.is_some()),
    ];
    if let Some((setting, flag, _)) = given.iter().find(|(s, _, on)| *on && !s.applies_to(kind)) {
        bail!("{flag} {}", setting.why_not(kind));
    }
    if args.pattern.is_some() && (args.symmetry.is_some() || args.minimal) {
        let flag = if args.minimal { "--minimal" } else { "--symmetry" };
        bail!("{flag}: a pattern places the clues itself (--pattern)");
    }
    options.rating = args.rating.as_deref().map(str::parse::<SeRange>).transpose()?;
    if let Some(path) = &args.pattern {
        options = options.with_pattern(read_pattern(path)?);
    }
    // A pattern's puzzles come at whatever level it gives; a range of SE's rating alone is
    // made at the level that reaches it most often.
    let chosen = match (options.pattern, options.rating) {
        (Some(_), _) => Some(generate::ANY_LEVEL),
        (None, Some(range)) => Some(range.level()),
        (None, None) => None,
    };
    let level = args.difficulty.as_deref().or(chosen).unwrap_or(kind.default_level_at(size));
    options = options.with_level_named(level)?;
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
    if let Some(symmetry) = &args.symmetry {
        options.symmetry = Symmetry::from_name(symmetry).expect("clap checks the symmetry");
    }
    options.minimal = args.minimal;
    options.givens = args.givens;
    if let Some(a) = args.max_attempts {
        options.max_attempts = a;
    }
    options.check()?;
    Ok(options)
}

/// The clue pattern in `path` (`-`: standard input); a bad one is a `FILE:LINE:COLUMN` error.
fn read_pattern(path: &std::path::Path) -> Result<Pattern> {
    let name = if path.as_os_str() == "-" { "<stdin>".into() } else { path.display().to_string() };
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(path)
    }
    .map_err(|e| say::error(&name, Problem::whole(format!("cannot read: {e}"))))?;
    Pattern::parse(&text).map_err(|e| say::error(&name, Problem::at(e.line, e.column, e.what)))
}

/// The puzzle in the chosen format; puzzles of several lines are separated by a blank line
/// (the way `calcudoku` reads a stream of them back).
fn as_text(g: &Generated, to: Format, layout: Layout, index: u64, count: u64) -> Result<String> {
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
    let mut text = serde_json::to_string(&GenerateResult::of(g, options, index, took))?;
    text.push('\n');
    Ok(text)
}
