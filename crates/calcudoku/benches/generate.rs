//! Generation time of a few representative rows (criterion, stable Rust): the same puzzles
//! every iteration (indexes `0..count` of seed 1), so that a regression in the generator shows
//! without building Keen. `cargo bench -p calcudoku --bench generate`; the side-by-side table
//! against Keen's generator is `bench/side-by-side/keen-generate.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use calcudoku::Operator;
use calcudoku::generate::{Kind, Options, generate};

fn bench(c: &mut Criterion) {
    let kenken = |size: usize, level: &str| {
        Options { seed: 1, ..Options::new(Kind::KenKen, size) }.with_level_named(level).unwrap()
    };
    let mult_only =
        |size: usize, level: &str| Options { ops: vec![Operator::Mul], ..kenken(size, level) };
    let grid = |kind: Kind, level: &str| {
        Options { seed: 1, ..Options::new(kind, 9) }.with_level_named(level).unwrap()
    };
    // (name, options, puzzles per iteration): a few milliseconds each.
    let cases = [
        ("kenken 3x3 easy", kenken(3, "easy"), 64),
        ("kenken 6x6 normal", kenken(6, "normal"), 16),
        ("kenken 4x4 extreme", kenken(4, "extreme"), 4),
        ("kenken 7x7 hard", kenken(7, "hard"), 16),
        ("kenken 9x9 easy", kenken(9, "easy"), 2),
        ("kenken 9x9 unreasonable", kenken(9, "unreasonable"), 4),
        ("kenken 8x8 normal, x only", mult_only(8, "normal"), 2),
        ("sudoku 9x9 medium", grid(Kind::Sudoku, "medium"), 2),
        ("killer 9x9 medium", grid(Kind::Killer, "medium"), 2),
    ];
    for (name, options, count) in cases {
        c.bench_function(&format!("generate {name} ({count} puzzles)"), |b| {
            b.iter(|| {
                for index in 0..count {
                    black_box(generate(black_box(&options), index, None).unwrap());
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
