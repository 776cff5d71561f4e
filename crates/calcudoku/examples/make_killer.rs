//! Makes the puzzles of `bench/killer-9x9`: Killer Sudokus without givens from
//! [`calcudoku_testkit::random_killer`], kept when the solver proves their solution unique,
//! written as `NNN.in` (ops format, `boxes` line first) and `NNN.out` (the solution) in a
//! folder, each read back and proved unique once more before it is kept.
//!
//! ```sh
//! cargo run --release -p calcudoku --example make_killer -- SIZE COUNT SEED MAX_CAGE OUT_DIR
//! ```
//!
//! Seeds are tried in turn from `SEED` until `COUNT` puzzles are kept; cages have 1 to
//! `MAX_CAGE` cells. Larger cages make fewer puzzles unique and the unique ones harder.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::Solver;
use calcudoku_testkit::random_killer;

/// What the command line asks for.
struct Args {
    size: usize,
    count: usize,
    seed: u64,
    max_cage: usize,
    dir: String,
}

fn parse_args(args: &[String]) -> Option<Args> {
    if args.len() != 5 {
        return None;
    }
    Some(Args {
        size: args[0].parse().ok()?,
        count: args[1].parse().ok()?,
        seed: args[2].parse().ok()?,
        max_cage: args[3].parse().ok()?,
        dir: args[4].clone(),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(args) = parse_args(&args) else {
        eprintln!("usage: make_killer SIZE COUNT SEED MAX_CAGE OUT_DIR");
        return ExitCode::from(2);
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_killer: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let dir = Path::new(&args.dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let all = Instant::now();
    let (mut kept, mut tried) = (0, 0);
    let mut s = args.seed;
    while kept < args.count {
        tried += 1;
        let (puzzle, solution) = random_killer(args.size, s, args.max_cage)
            .ok_or_else(|| format!("{n}x{n} has no usual boxes", n = args.size))?;
        s += 1;
        let count = Solver::new(&puzzle).count(2).map_err(|e| format!("seed {s}: {e}"))?;
        if count.solutions != 1 {
            continue;
        }
        let text = format::write_puzzle(&puzzle, Format::OPS, Layout::Rows)
            .map_err(|e| format!("seed {s}: {e}"))?;
        // Read back what is written and prove it once more.
        let back = format::parse(&text, Some(Format::OPS)).map_err(|e| format!("seed {s}: {e}"))?;
        let report = Solver::new(&back).solve().map_err(|e| format!("seed {s}: {e}"))?;
        if !report.is_unique() || report.grid.as_ref() != Some(&solution) {
            return Err(format!("seed {s}: the written puzzle is not uniquely solved by its grid"));
        }
        kept += 1;
        let name = format!("{kept:03}");
        let write = |ext: &str, body: &str| {
            let path = dir.join(format!("{name}.{ext}"));
            std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))
        };
        write("in", &text)?;
        write("out", &format::write_solution(&solution, Layout::Rows))?;
        println!(
            "{name}: seed {}, {} cages, {} search nodes",
            s - 1,
            puzzle.cages().len(),
            report.stats.nodes
        );
    }
    println!(
        "{kept} puzzles of {n}x{n} from {tried} seeds in {:.1} s",
        all.elapsed().as_secs_f64(),
        n = args.size,
    );
    Ok(())
}
