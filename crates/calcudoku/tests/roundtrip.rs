//! Every format a puzzle can be written in reads back by detection alone (no format named), to
//! the same puzzle: writing what was read gives the same text, and the rules are the same (the
//! puzzle's own solution solves what was read, and the first solutions agree).

use calcudoku::format::{self, Format, Layout};
use calcudoku::generate::{self, Kind, Options};
use calcudoku::solve::Solver;
use calcudoku::{Grid, Puzzle};
use calcudoku_testkit::{self as corpus, CageSettings};

fn puzzles() -> Vec<(String, Puzzle, Grid)> {
    let mut out = Vec::new();
    for seed in 0..6 {
        for size in [3, 4, 5, 6, 7, 9] {
            let (p, g) = corpus::random_kenken(size, seed, &[]);
            out.push((format!("random kenken {size} seed {seed}"), p, g));
        }
        let settings = CageSettings { max_cells: 5, hidden_percent: 30 };
        let (p, g) = corpus::random_cages(6, seed, settings);
        out.push((format!("hidden-operator cages seed {seed}"), p, g));
        for size in [4, 6, 9] {
            if let Some((p, g)) = corpus::random_sudoku(size, seed, size * size / 3) {
                out.push((format!("sudoku {size} seed {seed}"), p, g));
            }
        }
        if let Some((p, g)) = corpus::random_killer(9, seed, 4) {
            out.push((format!("killer 9 seed {seed}"), p, g));
        }
    }
    for kind in Kind::ALL {
        let size = if kind == Kind::KenKen { 7 } else { 9 };
        let made = generate::generate(
            &Options { seed: 1, level: None, ..Options::new(kind, size) },
            0,
            None,
        )
        .unwrap();
        out.push((format!("generated {kind:?}"), made.puzzle, made.solution));
    }
    out
}

#[test]
fn every_format_reads_back_by_detection() {
    let mut written = 0;
    for (name, puzzle, solution) in puzzles() {
        for &to in Format::ALL {
            for layout in [Layout::Line, Layout::Rows] {
                let Ok(text) = format::write_puzzle(&puzzle, to, layout) else { continue };
                written += 1;
                let back = format::parse(&text, None).unwrap_or_else(|e| {
                    panic!("{name} as {to:?} {layout:?} does not read back: {e}\n{text}")
                });
                assert_eq!(
                    format::write_puzzle(&back, to, layout).as_deref(),
                    Ok(text.as_str()),
                    "{name} as {to:?}: written again differs"
                );
                assert!(back.is_solution(&solution), "{name} as {to:?}: other rules");
                let first = |p: &Puzzle| Solver::new(p).solve().unwrap().grid;
                assert_eq!(first(&back), first(&puzzle), "{name} as {to:?}");
            }
        }
    }
    assert!(written > 200, "only {written} texts written");
}
