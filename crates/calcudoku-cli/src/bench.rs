//! `calcudoku bench`: solve whole corpora in-process on one thread, prove every solution
//! unique, check it against the expected answer, and print one row per set with the time per
//! puzzle and, where known, the target and the ratio to it.
//!
//! A folder of `NNN.in` files (with `NNN.out` answers) is a KenKen set; its targets come from a
//! `PEERS.tsv` in the folder above. Each KenKen is read once, outside the clock; what is timed
//! per run is compiling it (`Solver::new`) and solving it (first solution, proved unique or
//! not), like the side-by-side driver of Keen's solver, which decodes the game ID untimed and
//! times one solver() call (that builds its cage lists and solver state inside). A file of
//! one-line Sudokus (or of puzzles of any other format, a puzzle a line: Solo game IDs, JSON
//! Lines) is a Sudoku set, measured in puzzles per second, both "solve and prove
//! unique" and "first solution", beside tdoku, and the milliseconds per puzzle of the first
//! (for the big grids, where rates are small). As in tdoku's own benchmark loop, whole passes
//! over the set warm the processor up (half a second) before passes are timed (at least a
//! second).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use calcudoku::format;
use calcudoku::solve::{Branching, Solver};

/// tdoku's speed on this machine class (puzzles per second, one thread, solve and prove
/// unique), from the project's shared data README.
const TDOKU: &[(&str, f64)] = &[
    ("17-clue", 262_000.0),
    ("magictour-top1465", 87_000.0),
    ("forum-hardest-1905-11plus", 17_400.0),
    ("forum-hardest-1106", 10_300.0),
    ("serg-benchmark", 340_000.0),
];

pub struct Options {
    pub paths: Vec<PathBuf>,
    /// Times each puzzle is solved; the median time counts.
    pub repeat: usize,
    /// At most this many puzzles per set (0: all).
    pub max: usize,
    /// Time grading (`logic::grade`) instead of solving, and check KenKen levels against the
    /// set's folder name (`NxN-level`).
    pub grade: bool,
    /// One JSON object per set instead of the table.
    pub json: bool,
}

/// Writes one set's row: the table's line, or with `--json` the object (no header lines).
fn row(out: &mut dyn Write, opts: &Options, line: String, object: serde_json::Value) -> Result<()> {
    if opts.json {
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

pub fn run(opts: &Options, out: &mut dyn Write) -> Result<bool> {
    let mut all_correct = true;
    let tables = |p: &Path| p.extension().is_some_and(|x| x == "tsv");
    let paths = expand(&opts.paths)?;
    // (Tatham's tables write their own header.)
    if opts.grade && !opts.json && !paths.iter().all(|p| tables(p)) {
        writeln!(
            out,
            "{:<28} {:>7} {:>7} {:>10} {:>10} {:>10}  levels",
            "set", "puzzles", "agree", "mean ms", "median ms", "max ms"
        )?;
    }
    let mut kenken_header = false;
    let mut sudoku_header = false;
    for path in paths {
        if tables(&path) {
            all_correct &= tatham_sets(&path, opts, out)?;
            continue;
        }
        if opts.grade {
            all_correct &= grade_set(&path, opts, out)?;
            continue;
        }
        if path.is_dir() {
            if !kenken_header && !opts.json {
                writeln!(
                    out,
                    "{:<24} {:>7} {:>7} {:>10} {:>10} {:>10} {:>10} {:>7}",
                    "set",
                    "puzzles",
                    "correct",
                    "mean ms",
                    "median ms",
                    "max ms",
                    "target ms",
                    "ratio"
                )?;
                kenken_header = true;
            }
            all_correct &= kenken_set(&path, opts, out)?;
        } else {
            if !sudoku_header && !opts.json {
                writeln!(
                    out,
                    "{:<28} {:>7} {:>7} {:>12} {:>10} {:>12} {:>10} {:>7}",
                    "set",
                    "puzzles",
                    "correct",
                    "unique/s",
                    "ms each",
                    "first/s",
                    "tdoku/s",
                    "×tdoku"
                )?;
                sudoku_header = true;
            }
            all_correct &= sudoku_set(&path, opts, out)?;
        }
    }
    Ok(all_correct)
}

/// A folder holding sets (no `.in` files of its own) stands for its sub-folders.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut sets = Vec::new();
    for p in paths {
        if !p.exists() {
            bail!("{}: no such file or folder", p.display());
        }
        if p.is_dir() && !has_puzzles(p)? {
            let mut subs: Vec<PathBuf> = std::fs::read_dir(p)?
                .map(|e| e.map(|e| e.path()))
                .collect::<std::io::Result<_>>()?;
            subs.retain(|s| s.is_dir());
            subs.sort_by_key(|s| set_order(s));
            sets.extend(subs);
        } else {
            sets.push(p.clone());
        }
    }
    Ok(sets)
}

fn has_puzzles(dir: &Path) -> Result<bool> {
    Ok(std::fs::read_dir(dir)?
        .any(|e| e.is_ok_and(|e| e.path().extension().is_some_and(|x| x == "in"))))
}

/// Sorts `3x3-easy` … `10x10-unreasonable` by size, then name.
fn set_order(p: &Path) -> (usize, String) {
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let size = name.split('x').next().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    (size, name)
}

fn target_ms(dir: &Path) -> Option<f64> {
    let name = dir.file_name()?.to_str()?;
    let tsv = std::fs::read_to_string(dir.parent()?.join("PEERS.tsv")).ok()?;
    let header: Vec<&str> = tsv.lines().next()?.split('\t').collect();
    let col = header.iter().position(|h| *h == "target_ms")?;
    tsv.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|r| r[0] == name)?
        .get(col)?
        .parse()
        .ok()
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn kenken_set(dir: &Path, opts: &Options, out: &mut dyn Write) -> Result<bool> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<std::io::Result<_>>()?;
    files.retain(|f| f.extension().is_some_and(|x| x == "in"));
    files.sort();
    if opts.max > 0 {
        files.truncate(opts.max);
    }
    let mut times = Vec::with_capacity(files.len());
    let mut correct = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).with_context(|| f.display().to_string())?;
        let expected = std::fs::read_to_string(f.with_extension("out")).ok();
        let mut runs = Vec::with_capacity(opts.repeat);
        // Read outside the clock, as Keen's driver parses its game ID before timing; compiling
        // the model (`Solver::new`) is timed, as Keen's solver builds its own state inside.
        let puzzle =
            format::parse(&text, None).map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
        // The first run's answer is checked against the puzzle and the expected one, each
        // later run's against the first.
        let mut first = None;
        let mut right = true;
        for _ in 0..opts.repeat.max(1) {
            let started = Instant::now();
            let report = Solver::new(&puzzle).solve().expect("no deadline");
            runs.push(started.elapsed().as_secs_f64() * 1e3);
            match &first {
                None => {
                    right = report.is_unique()
                        && report.grid.as_ref().is_some_and(|g| {
                            puzzle.is_solution(g)
                                && expected.as_ref().is_none_or(|e| *e == g.to_string())
                        });
                    first = Some(report);
                }
                Some(first) => right &= report == *first,
            }
        }
        correct += right as usize;
        times.push(median(&mut runs));
    }
    if files.is_empty() {
        return Ok(true);
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let max = times.iter().copied().fold(0.0, f64::max);
    let med = median(&mut times);
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (target, ratio) = match target_ms(dir) {
        Some(t) => {
            (format!("{t:.4}"), format!("{:.2}{}", mean / t, if mean <= t { "" } else { " ✗" }))
        }
        None => ("-".into(), "-".into()),
    };
    let line = format!(
        "{name:<24} {:>7} {:>7} {mean:>10.4} {med:>10.4} {max:>10.4} {target:>10} {ratio:>7}",
        files.len(),
        correct
    );
    let object = serde_json::json!({
        "set": name, "puzzles": files.len(), "correct": correct,
        "mean_ms": mean, "median_ms": med, "max_ms": max, "target_ms": target_ms(dir),
    });
    row(out, opts, line, object)?;
    Ok(correct == files.len())
}

/// Grades every puzzle of a set (`repeat` times each, the median kept; reading the text is not
/// timed): one row with the mean, median and max milliseconds, how many got the folder's level (KenKen), and the count
/// of each level.
fn grade_set(path: &Path, opts: &Options, out: &mut dyn Write) -> Result<bool> {
    let name = path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (texts, want): (Vec<String>, Option<String>) = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()?;
        files.retain(|f| f.extension().is_some_and(|x| x == "in"));
        files.sort();
        let texts = files
            .iter()
            .map(|f| std::fs::read_to_string(f).with_context(|| f.display().to_string()))
            .collect::<Result<_>>()?;
        let level = name.split('-').nth(1).filter(|l| calcudoku::logic::KEEN_LEVELS.contains(l));
        (texts, level.map(str::to_string))
    } else {
        let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
        (text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect(), None)
    };
    let texts = if opts.max > 0 { &texts[..texts.len().min(opts.max)] } else { &texts[..] };
    if texts.is_empty() {
        return Ok(true);
    }
    let mut times = Vec::with_capacity(texts.len());
    let mut levels: Vec<(&'static str, usize)> = Vec::new();
    let mut agree = 0;
    for (i, text) in texts.iter().enumerate() {
        let mut runs = Vec::with_capacity(opts.repeat);
        let mut level = "";
        // Read outside the clock, as Keen's grader is timed on a parsed game.
        let puzzle = format::parse(text, None)
            .map_err(|e| anyhow::anyhow!("{} (puzzle {}): {e}", path.display(), i + 1))?;
        for _ in 0..opts.repeat.max(1) {
            let started = Instant::now();
            let grade = calcudoku::logic::grade(&puzzle, None)
                .map_err(|e| anyhow::anyhow!("{} (puzzle {}): {e}", path.display(), i + 1))?;
            runs.push(started.elapsed().as_secs_f64() * 1e3);
            level = grade.level_name;
        }
        times.push(median(&mut runs));
        agree += want.as_deref().is_none_or(|w| w == level) as usize;
        match levels.iter_mut().find(|(l, _)| *l == level) {
            Some((_, k)) => *k += 1,
            None => levels.push((level, 1)),
        }
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let max = times.iter().copied().fold(0.0, f64::max);
    let med = median(&mut times);
    let counts: serde_json::Map<String, serde_json::Value> =
        levels.iter().map(|(l, k)| (l.to_string(), (*k).into())).collect();
    let levels: Vec<String> = levels.iter().map(|(l, k)| format!("{k} {l}")).collect();
    let line = format!(
        "{name:<28} {:>7} {:>7} {mean:>10.4} {med:>10.4} {max:>10.4}  {}",
        texts.len(),
        if want.is_some() { agree.to_string() } else { "-".into() },
        levels.join(", ")
    );
    let object = serde_json::json!({
        "set": name, "puzzles": texts.len(), "agree": want.is_some().then_some(agree),
        "mean_ms": mean, "median_ms": med, "max_ms": max, "levels": counts,
    });
    row(out, opts, line, object)?;
    Ok(agree == texts.len())
}

/// The sets of a table of Tatham's puzzles (`spec`, `id`, `level`, `solution` columns, as in
/// the shared data's `tatham/`): one row per spec (`6dh`), each game ID read outside the clock,
/// then solved (proof of uniqueness included, the answer checked against `solution`) or, with
/// `--grade`, graded (the level checked against `level`), `repeat` times, the median kept.
fn tatham_sets(file: &Path, opts: &Options, out: &mut dyn Write) -> Result<bool> {
    let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .with_context(|| format!("{}: no `{name}` column", file.display()))
    };
    let (spec, id, level, solution) =
        (column("spec")?, column("id")?, column("level")?, column("solution")?);
    let game = file.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // Graded on the game's own levels (an Unequal puzzle without signs is a Latin square).
    let ladder = match game.as_str() {
        "towers" => calcudoku::logic::Ladder::towers(),
        "unequal" => calcudoku::logic::Ladder::unequal(),
        _ => anyhow::bail!(
            "{}: a table of Tatham's towers or unequal puzzles expected",
            file.display()
        ),
    };
    // The rows of each spec, in the table's order.
    let mut sets: Vec<(String, Vec<Vec<&str>>)> = Vec::new();
    for line in lines {
        let row: Vec<&str> = line.split('\t').collect();
        let key = row.get(spec).copied().unwrap_or_default().to_string();
        match sets.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rows)) => rows.push(row),
            None => sets.push((key, vec![row])),
        }
    }
    if !opts.json {
        let what = if opts.grade { "agree" } else { "correct" };
        writeln!(
            out,
            "{:<20} {:>7} {:>7} {:>10} {:>10} {:>10}",
            "set", "puzzles", what, "mean ms", "median ms", "max ms"
        )?;
    }
    let mut all = true;
    for (key, mut rows) in sets {
        if opts.max > 0 {
            rows.truncate(opts.max);
        }
        let mut times = Vec::with_capacity(rows.len());
        let mut good = 0;
        for row in &rows {
            let field = |k: usize| row.get(k).copied().unwrap_or_default();
            let puzzle = format::parse(field(id), None)
                .map_err(|e| anyhow::anyhow!("{}: {}: {e}", file.display(), field(id)))?;
            let mut runs = Vec::with_capacity(opts.repeat);
            let mut right = true;
            for _ in 0..opts.repeat.max(1) {
                let started = Instant::now();
                if opts.grade {
                    let grade = calcudoku::logic::grade_with(&puzzle, &ladder, None);
                    runs.push(started.elapsed().as_secs_f64() * 1e3);
                    right &= grade.is_ok_and(|g| g.level_name.eq_ignore_ascii_case(field(level)));
                } else {
                    let report = Solver::new(&puzzle).solve().expect("no deadline");
                    runs.push(started.elapsed().as_secs_f64() * 1e3);
                    let rows: Option<String> = report.grid.as_ref().map(|g| {
                        g.rows()
                            .map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                            .collect::<Vec<_>>()
                            .join("/")
                    });
                    right &= report.is_unique() && rows.as_deref() == Some(field(solution));
                }
            }
            good += right as usize;
            times.push(median(&mut runs));
        }
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        let med = if times.is_empty() { 0.0 } else { median(&mut times) };
        let name = format!("{game} {key}");
        let line =
            format!("{name:<20} {:>7} {good:>7} {mean:>10.4} {med:>10.4} {max:>10.4}", rows.len());
        let what = if opts.grade { "agree" } else { "correct" };
        let object = serde_json::json!({
            "set": name, "puzzles": rows.len(), what: good,
            "mean_ms": mean, "median_ms": med, "max_ms": max,
        });
        row(out, opts, line, object)?;
        all &= good == rows.len();
    }
    Ok(all)
}

/// How long passes over a Sudoku set warm up the processor before the timed ones.
const WARM_UP: Duration = Duration::from_millis(500);
/// How long the timed passes over a Sudoku set last at least.
const TIMED: Duration = Duration::from_millis(1000);

/// Puzzles per second of `solve` over whole passes of `puzzles`: passes until [`WARM_UP`] has
/// passed since `warm`, then passes timed until [`TIMED`] has (at least one of each). Each
/// result goes through `black_box`, so that no pass is optimised away.
fn timed_passes<T>(
    warm: Instant,
    puzzles: &[calcudoku::Puzzle],
    solve: impl Fn(&calcudoku::Puzzle) -> T,
) -> f64 {
    let pass = || {
        for p in puzzles {
            std::hint::black_box(solve(p));
        }
    };
    while warm.elapsed() < WARM_UP {
        pass();
    }
    let started = Instant::now();
    let mut passes = 0;
    while passes == 0 || started.elapsed() < TIMED {
        pass();
        passes += 1;
    }
    (puzzles.len() * passes) as f64 / started.elapsed().as_secs_f64()
}

fn sudoku_set(file: &Path, opts: &Options, out: &mut dyn Write) -> Result<bool> {
    let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
    let name = file.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let several = name.contains("serg");
    // One-line Sudokus (by far the largest files) are read as such; other files of puzzles
    // (Solo game IDs, JSON Lines, …) by detection.
    let sudoku_lines = text.lines().next().is_some_and(format::sudoku::is_long_line_puzzle);
    let doc = format::read(&text, sudoku_lines.then_some(format::Format::SUDOKU))
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let mut puzzles = Vec::new();
    for e in doc.entries {
        puzzles.push(e.puzzle.map_err(|err| anyhow::anyhow!("{}: {err}", file.display()))?);
        if opts.max > 0 && puzzles.len() == opts.max {
            break;
        }
    }
    // The first pass keeps the answers, checked after it; then, as tdoku's own benchmark loop
    // does (a warm-up, then whole passes over the file for a few seconds), passes over the
    // set warm the processor up and more passes are timed. (One cold pass of a set that takes
    // 25 ms varied from 1× to 2.5× its time from run to run.)
    let mut found = Vec::with_capacity(puzzles.len());
    let warm = Instant::now();
    for p in &puzzles {
        let solver = Solver::new(p);
        let (grid, count, _) = solver.search(Branching::FewestCandidates, 2).expect("no deadline");
        found.push((grid, count));
    }
    let unique_rate = timed_passes(warm, &puzzles, |p| {
        let solver = Solver::new(p);
        solver.search(Branching::FewestCandidates, 2).expect("no deadline")
    });
    let correct = puzzles
        .iter()
        .zip(found)
        .filter(|(p, (grid, count))| {
            let ok_count =
                if several { count.solutions >= 2 } else { count.solutions == 1 && count.complete };
            ok_count && grid.as_ref().is_some_and(|g| p.is_solution(g))
        })
        .count();
    let first_rate = timed_passes(Instant::now(), &puzzles, |p| {
        Solver::new(p).search(Branching::FewestCandidates, 1)
    });
    let (tdoku, ratio) = match TDOKU.iter().find(|(n, _)| *n == name) {
        Some((_, t)) => (format!("{t:.0}"), format!("{:.2}", unique_rate / t)),
        None => ("-".into(), "-".into()),
    };
    let line = format!(
        "{name:<28} {:>7} {:>7} {unique_rate:>12.0} {:>10.4} {first_rate:>12.0} {tdoku:>10} {ratio:>7}",
        puzzles.len(),
        correct,
        1e3 / unique_rate
    );
    let object = serde_json::json!({
        "set": name, "puzzles": puzzles.len(), "correct": correct,
        "unique_per_s": unique_rate, "first_per_s": first_rate,
    });
    row(out, opts, line, object)?;
    Ok(correct == puzzles.len())
}
