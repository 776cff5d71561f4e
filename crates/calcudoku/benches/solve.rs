//! Solve-and-prove-unique time of a few representative puzzles (criterion, stable Rust).
//! `cargo bench -p calcudoku`; the whole corpora are timed by `calcudoku bench`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use calcudoku::format;
use calcudoku::solve::Solver;

fn repo(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn bench(c: &mut Criterion) {
    let cases = [
        ("kenken 6x6 (seed 001)", "examples/kenken-6x6.ops.txt"),
        ("kenken 9x9 unreasonable", "examples/kenken-9x9.ops.txt"),
        ("kenken 10x10 hard", "examples/kenken-10x10.ops.txt"),
        ("sudoku 9x9 (seed 002)", "examples/sudoku-9x9.rows.txt"),
        ("killer sudoku 9x9", "examples/killer-9x9.ops.txt"),
        ("sudoku 16x16 minimal", "tests/data/sudoku/sudoku-16x16.rows.txt"),
    ];
    for (name, path) in cases {
        let text = repo(path);
        c.bench_function(&format!("parse+solve {name}"), |b| {
            b.iter(|| {
                let p = format::parse(black_box(&text), None).unwrap();
                Solver::new(&p).solve().unwrap()
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
