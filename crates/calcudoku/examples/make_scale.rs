//! Makes the puzzles of `bench/kenken-scale`: unique Keen-like KenKens from
//! [`calcudoku_testkit::repaired_keen_like`], written as `NNN.in` (ops format) and `NNN.out`
//! (the solution) in a folder, each read back and proved unique once more, without any time
//! limit, before it is kept.
//!
//! ```sh
//! cargo run --release -p calcudoku --example make_scale -- SIZE COUNT SEED OUT_DIR [BUDGET_MS [MAX_NODES]]
//! ```
//!
//! Puzzle `k` (1-based) is made from seed `SEED + k - 1` with the default settings, except:
//! `MAX_NODES` (default 20000) search nodes at most for the solver's proof of uniqueness (a
//! puzzle needing more is tightened and checked again), and `BUDGET_MS` (default 3000) of time
//! for each search while generating, far more than that many nodes take, so that what is made
//! depends on the seeds only (the number of searches that ran out of time is printed: with
//! none, that holds for sure).

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::Solver;
use calcudoku_testkit::{RepairSettings, repaired_keen_like};

/// What the command line asks for.
struct Args {
    size: usize,
    count: u64,
    seed: u64,
    dir: String,
    settings: RepairSettings,
}

fn parse_args(args: &[String]) -> Option<Args> {
    if !(4..=6).contains(&args.len()) {
        return None;
    }
    let budget_ms: u64 = args.get(4).map_or(Some(3000), |b| b.parse().ok())?;
    let max_nodes: u64 = args.get(5).map_or(Some(20_000), |m| m.parse().ok())?;
    Some(Args {
        size: args[0].parse().ok()?,
        count: args[1].parse().ok()?,
        seed: args[2].parse().ok()?,
        dir: args[3].clone(),
        settings: RepairSettings {
            budget: Some(Duration::from_millis(budget_ms)),
            max_nodes: Some(max_nodes),
            ..RepairSettings::default()
        },
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(args) = parse_args(&args) else {
        eprintln!("usage: make_scale SIZE COUNT SEED OUT_DIR [BUDGET_MS [MAX_NODES]]");
        return ExitCode::from(2);
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_scale: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let dir = Path::new(&args.dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let all = Instant::now();
    let mut timeouts = 0;
    for k in 1..=args.count {
        let s = args.seed + k - 1;
        let started = Instant::now();
        let made = repaired_keen_like(args.size, s, &args.settings)
            .ok_or_else(|| format!("seed {s}: no unique puzzle within the settings"))?;
        let took = started.elapsed();
        timeouts += made.effort.timeouts;
        let text = format::write_puzzle(&made.puzzle, Format::OPS, Layout::Rows)
            .map_err(|e| format!("seed {s}: {e}"))?;
        // Read back what is written and prove it once more, without any time limit.
        let back = format::parse(&text, Some(Format::OPS)).map_err(|e| format!("seed {s}: {e}"))?;
        let proof_started = Instant::now();
        let report = Solver::new(&back).solve().map_err(|e| format!("seed {s}: {e}"))?;
        let proof = proof_started.elapsed();
        if !report.is_unique() || report.grid.as_ref() != Some(&made.solution) {
            return Err(format!(
                "seed {s}: the written puzzle is not uniquely solved by its square"
            ));
        }
        let singles = made.puzzle.cages().iter().filter(|c| c.cells.len() == 1).count();
        let name = format!("{k:03}");
        let write = |ext: &str, body: &str| {
            let path = dir.join(format!("{name}.{ext}"));
            std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))
        };
        write("in", &text)?;
        write("out", &format::write_solution(&made.solution, Layout::Rows))?;
        let e = made.effort;
        println!(
            "{name}: seed {s}, {} cages ({singles} of one cell), made in {:.2} s ({} cuttings, \
             {} checks; repairs: {} by switch, {} by solver, {} blind, {} tightenings; \
             {} timeouts), proved in {:.1} ms ({} nodes)",
            made.puzzle.cages().len(),
            took.as_secs_f64(),
            e.cuttings,
            e.checks,
            e.switch_repairs,
            e.solver_repairs,
            e.shakes,
            e.tightenings,
            e.timeouts,
            proof.as_secs_f64() * 1e3,
            report.stats.nodes,
        );
    }
    println!(
        "{} puzzles of {n}x{n} in {:.1} s, {timeouts} searches out of time",
        args.count,
        all.elapsed().as_secs_f64(),
        n = args.size,
    );
    Ok(())
}
