//! Drawing time: one 9×9 picture as SVG (and in the terminal), a PNG, and a 100-page PDF
//! sheet, with parsing and solving the same puzzles as the peer measured in the same run.
//! `cargo bench -p calcudoku --features png,pdf --bench render`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use calcudoku::render::{Picture, pdf, png, svg, term};
use calcudoku::{format, solve};

fn repo(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn bench(c: &mut Criterion) {
    let cases = [
        ("sudoku 9x9", "examples/sudoku-9x9.rows.txt"),
        ("kenken 9x9", "examples/kenken-9x9.ops.txt"),
        ("killer 9x9", "examples/killer-9x9.ops.txt"),
    ];
    for (name, path) in cases {
        let text = repo(path);
        let puzzle = format::parse(&text, None).unwrap();
        let solution = solve::solve(&puzzle).unwrap();
        c.bench_function(&format!("peer: parse+solve {name}"), |b| {
            b.iter(|| solve::solve(&format::parse(black_box(&text), None).unwrap()).unwrap())
        });
        c.bench_function(&format!("svg {name} with solution"), |b| {
            b.iter(|| svg::render(&Picture::new(black_box(&puzzle)).with_values(&solution)))
        });
        c.bench_function(&format!("term {name} with solution"), |b| {
            b.iter(|| {
                let p = Picture::new(black_box(&puzzle)).with_values(&solution);
                term::render(&p, term::Options { colour: true })
            })
        });
    }
    let killer = format::parse(&repo("examples/killer-9x9.ops.txt"), None).unwrap();
    c.bench_function("png killer 9x9", |b| {
        b.iter(|| png::render(&Picture::new(black_box(&killer)), png::DEFAULT_SCALE).unwrap())
    });
    // 100 pages: 300 puzzles, 6 a page, then their solutions.
    let texts = [
        "examples/kenken-9x9.ops.txt",
        "examples/sudoku-9x9.rows.txt",
        "examples/killer-9x9.ops.txt",
    ];
    let puzzles: Vec<_> = texts.iter().map(|t| format::parse(&repo(t), None).unwrap()).collect();
    let solutions: Vec<_> = puzzles.iter().map(|p| solve::solve(p).unwrap()).collect();
    let items: Vec<pdf::Item> = (0..300)
        .map(|k| pdf::Item {
            puzzle: &puzzles[k % 3],
            solution: Some(solutions[k % 3].clone()),
            level: Some("hard".into()),
            id: format!("bench:{}", k + 1),
        })
        .collect();
    let options = pdf::Options::default();
    let mut group = c.benchmark_group("pdf");
    group.sample_size(10);
    group.bench_function("100-page sheet (300 puzzles, 6 a page, and answers)", |b| {
        b.iter(|| pdf::sheet(black_box(&items), &options).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
