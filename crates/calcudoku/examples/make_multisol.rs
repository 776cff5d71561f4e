//! Makes the puzzles of `bench/kenken-multisol`: Keen-like KenKens from
//! [`calcudoku_testkit::keen_like`] (uniqueness not asked for) kept when they have two
//! solutions or more, written as `NNN.in` (ops format) and `NNN.out` (the first solution in
//! row-major order, what `calcudoku solve` prints) in a folder.
//!
//! ```sh
//! cargo run --release -p calcudoku --example make_multisol -- SIZE COUNT SEED OUT_DIR [LIMIT_MS]
//! ```
//!
//! Seeds are tried in turn from `SEED` until `COUNT` puzzles are kept. A seed is kept when the
//! count to two finds two solutions within `LIMIT_MS` (default 3000); a unique puzzle, or one
//! whose count runs out of time, is passed over (how many is printed). `solve` then gets
//! [`SOLVE_LIMIT`]: a puzzle that needs more stops the run with an error rather than being
//! passed over, so that what is kept never depends on how fast `solve` is. Timings are
//! printed; the puzzles depend on the machine only if a count comes near its limit.

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::Solver;
use calcudoku_testkit::keen_like;

/// Time for `solve` on a kept puzzle.
const SOLVE_LIMIT: Duration = Duration::from_secs(300);

/// What the command line asks for.
struct Args {
    size: usize,
    count: usize,
    seed: u64,
    dir: String,
    limit: Duration,
}

fn parse_args(args: &[String]) -> Option<Args> {
    if !(4..=5).contains(&args.len()) {
        return None;
    }
    let limit_ms: u64 = args.get(4).map_or(Some(3_000), |b| b.parse().ok())?;
    Some(Args {
        size: args[0].parse().ok()?,
        count: args[1].parse().ok()?,
        seed: args[2].parse().ok()?,
        dir: args[3].clone(),
        limit: Duration::from_millis(limit_ms),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(args) = parse_args(&args) else {
        eprintln!("usage: make_multisol SIZE COUNT SEED OUT_DIR [LIMIT_MS]");
        return ExitCode::from(2);
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_multisol: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let dir = Path::new(&args.dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (mut unique, mut slow) = (0, 0);
    let mut kept = 0;
    let mut s = args.seed;
    while kept < args.count {
        let seed = s;
        s += 1;
        let (puzzle, _) = keen_like(args.size, seed);
        let text = format::write_puzzle(&puzzle, Format::OPS, Layout::Rows)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        // What is kept is what is read back.
        let back =
            format::parse(&text, Some(Format::OPS)).map_err(|e| format!("seed {seed}: {e}"))?;
        let started = Instant::now();
        let counted = Solver::new(&back).with_deadline(Some(started + args.limit)).count(2);
        let count_time = started.elapsed();
        match counted {
            Err(_) => {
                slow += 1;
                continue;
            }
            Ok(c) if c.solutions < 2 => {
                unique += 1;
                continue;
            }
            Ok(_) => {}
        }
        let started = Instant::now();
        let report = Solver::new(&back)
            .with_deadline(Some(started + SOLVE_LIMIT))
            .solve()
            .map_err(|e| format!("seed {seed}: solve {e}"))?;
        let solve_time = started.elapsed();
        let grid = report.grid.ok_or_else(|| format!("seed {seed}: counted, yet no solution"))?;
        kept += 1;
        let name = format!("{kept:03}");
        let write = |ext: &str, body: &str| {
            let path = dir.join(format!("{name}.{ext}"));
            std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))
        };
        write("in", &text)?;
        write("out", &format::write_solution(&grid, Layout::Rows))?;
        println!(
            "{name}: seed {seed}, {} cages, count to two {:.1} ms, solve {:.1} ms ({} nodes)",
            puzzle.cages().len(),
            count_time.as_secs_f64() * 1e3,
            solve_time.as_secs_f64() * 1e3,
            report.stats.nodes,
        );
    }
    println!(
        "{kept} puzzles of {n}x{n} from seeds {}..{}: {unique} unique and {slow} out of time \
         passed over",
        args.seed,
        s - 1,
        n = args.size,
    );
    Ok(())
}
