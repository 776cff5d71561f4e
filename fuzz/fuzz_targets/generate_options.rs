//! Generator options from bytes — kind, size (also out of range), level (also `any` and one
//! past the top), operators, cage size, symmetry, minimal, givens, seed — checked, then made
//! with a few attempts and a 100 ms deadline: no panic, no hang past the deadline; a puzzle
//! made solves with its solution, has one solution (up to 9×9), and is written by every
//! format the options say can write it, and read back by detection to the same puzzle.
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::Operator;
use calcudoku::format::{self, Format};
use calcudoku::generate::{Kind, Options, Symmetry, generate};
use calcudoku::solve::Solver;
use libfuzzer_sys::fuzz_target;

const SIZES: [usize; 18] = [4, 3, 5, 6, 4, 9, 6, 8, 7, 10, 12, 15, 16, 20, 25, 2, 17, 26];

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let kind = Kind::ALL[byte(0) as usize % 3];
    let mut options = Options::new(kind, SIZES[byte(1) as usize % SIZES.len()]);
    // One past the top is out of range; two past is `any`.
    let levels = kind.levels().len() as u8;
    options.level = match byte(2) % (levels + 2) {
        l if l == levels + 1 => None,
        l => Some(l),
    };
    let flags = byte(3);
    if flags & 1 != 0 {
        let all = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];
        options.ops = all
            .into_iter()
            .enumerate()
            .filter(|(i, _)| byte(4) >> i & 1 != 0)
            .map(|(_, o)| o)
            .collect();
    }
    options.long_ops = flags & 2 != 0;
    options.hidden_ops = flags & 4 != 0;
    if flags & 8 != 0 {
        options.max_cage = byte(5) as usize % 10;
    }
    options.symmetry = Symmetry::ALL[(flags >> 4) as usize % 3];
    options.minimal = flags & 64 != 0;
    options.givens = flags & 128 != 0;
    options.seed = u64::from_le_bytes(std::array::from_fn(|i| byte(6 + i)));
    options.max_attempts = 1 + u32::from(byte(14) % 16);
    let index = u64::from(byte(15));
    let layouts: Vec<_> = Format::ALL.iter().map(|&f| (f, options.layout_in(f))).collect();
    if options.check().is_err() {
        return;
    }
    // The default format always writes what the options make.
    assert!(options.layout_in(options.default_format()).is_ok(), "{options:?}");
    let started = Instant::now();
    let deadline = calcudoku::clock::Instant::now() + Duration::from_millis(100);
    let made = generate(&options, index, Some(deadline));
    // The deadline holds (with room for a loaded machine).
    assert!(started.elapsed() < Duration::from_secs(3), "{options:?}: {:?}", started.elapsed());
    let Ok(g) = made else { return };
    assert!(g.puzzle.is_solution(&g.solution));
    if options.size <= 9 {
        let count = Solver::new(&g.puzzle).count(2).unwrap();
        assert_eq!(count.solutions, 1, "{options:?}");
    }
    if let Some(level) = options.level {
        assert_eq!(g.level, level);
    }
    for (f, layout) in layouts {
        let Ok(layout) = layout else { continue };
        let text = format::write_puzzle(&g.puzzle, f, layout)
            .unwrap_or_else(|e| panic!("{f} said it writes {options:?}, but: {e}"));
        let back = format::parse(&text, None)
            .unwrap_or_else(|e| panic!("{f} output does not read back: {e}\n{text}"));
        let again = format::write_puzzle(&back, f, layout).unwrap();
        assert_eq!(again, text, "{f}: read back to another puzzle");
    }
});
