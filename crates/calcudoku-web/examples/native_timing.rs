//! The native side of the web page's speed budget (`web/tests/budgets.mjs` runs it): the same
//! work as the page's `WebPuzzle.solve()` and `WebPuzzle.grade()` — the library calls the
//! bindings make, and their results turned into what JavaScript gets — timed the same way as
//! the script times them in the browser.
//!
//! Usage: `cargo run --release -p calcudoku-web --example native_timing -- PUZZLES.json`, where
//! the file holds `[{"name": …, "text": …}…]`; prints `[{"name", "solve_ms", "grade_ms"}…]`
//! (a time is null when that call fails on the puzzle, as it would throw in the page).

use std::time::Instant;

use calcudoku::logic;
use calcudoku::solve::Solver;
use serde_json::{Value, json};

/// The median time of one call of `f`, in milliseconds: one call to warm up, then the number of
/// calls that takes at least 20 ms found by doubling, then 7 batches of that many.
/// `budgets.mjs` has the same function for the browser.
fn median_ms(mut f: impl FnMut()) -> f64 {
    f();
    let batch = |f: &mut dyn FnMut(), k: u32| {
        let start = Instant::now();
        for _ in 0..k {
            f();
        }
        start.elapsed().as_secs_f64() * 1000.0
    };
    let mut k = 1;
    while batch(&mut f, k) < 20.0 {
        k *= 2;
    }
    let mut times: Vec<f64> = (0..7).map(|_| batch(&mut f, k) / f64::from(k)).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: native_timing PUZZLES.json")?;
    let puzzles: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    let mut out = Vec::new();
    for item in &puzzles {
        let name = item["name"].as_str().unwrap_or_default();
        let text = item["text"].as_str().ok_or("each puzzle needs a text")?;
        let puzzle = calcudoku::format::parse(text, None).map_err(|e| format!("{name}: {e}"))?;
        // WebPuzzle.solve(): the first solution's cells, or nothing.
        let solve = || {
            let cells = match Solver::new(&puzzle).solve() {
                Ok(r) => r.grid.map(|g| g.cells().to_vec()).unwrap_or_default(),
                Err(_) => Vec::new(),
            };
            std::hint::black_box(cells);
        };
        let solve_ms = median_ms(solve);
        // WebPuzzle.grade(): the grade as JSON text.
        let grade_ms = logic::grade(&puzzle, None).is_ok().then(|| {
            median_ms(|| {
                let text = logic::grade(&puzzle, None).map(|g| {
                    let techniques: serde_json::Map<String, Value> =
                        g.techniques.iter().map(|(t, k)| (t.name(), json!(k))).collect();
                    json!({
                        "level": g.level_name,
                        "rating": (g.rating * 10.0).round() / 10.0,
                        "steps": g.steps,
                        "techniques": techniques,
                    })
                    .to_string()
                });
                std::hint::black_box(text).ok();
            })
        });
        out.push(json!({"name": name, "solve_ms": solve_ms, "grade_ms": grade_ms}));
        eprintln!("native: {name}");
    }
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
