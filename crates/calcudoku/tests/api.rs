//! The library's surface for Rust users: `FromStr` and `Display` for puzzles, grids built
//! without panics, errors that say what is wrong.

use calcudoku::{Grid, ModelError, Puzzle, solve};

const KENKEN: &str = "0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n";

#[test]
fn from_str_reads_any_format_and_display_draws() {
    let p: Puzzle = KENKEN.parse().unwrap();
    assert_eq!(p.size(), 3);
    let sudoku: Puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    assert_eq!(sudoku.size(), 9);
    let e = "0 0\n1 1\n3+ x\n".parse::<Puzzle>().unwrap_err();
    assert_eq!((e.line, e.column), (3, 4));

    let drawn = p.to_string();
    // Three rows of cells between four rules, with every cage's label.
    assert!(drawn.lines().count() >= 7, "{drawn}");
    for label in ["3+", "9×", "5+"] {
        assert!(drawn.contains(label), "{label} in\n{drawn}");
    }
    assert!(drawn.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c)), "{drawn}");
    assert!(!drawn.contains('\u{1b}'), "no colours in Display");
    assert!(sudoku.to_string().contains('5'));
}

#[test]
fn grids_are_built_without_panics() {
    let ok = Grid::from_cells(2, vec![1, 2, 2, 0]).unwrap();
    assert_eq!(ok.cells(), &[1, 2, 2, 0]);
    assert!(matches!(
        Grid::from_cells(3, vec![1]),
        Err(ModelError::CellCount { size: 3, found: 1 })
    ));
    let e = Grid::from_cells(2, vec![1, 2, 3, 0]).unwrap_err();
    assert!(e.to_string().contains("holds 3"), "{e}");
    assert!(matches!(Grid::from_cells(0, vec![]), Err(ModelError::Size { size: 0 })));
    assert!(matches!(Grid::from_cells(65, vec![0; 65 * 65]), Err(ModelError::Size { .. })));
    let p: Puzzle = KENKEN.parse().unwrap();
    let grid = solve::solve(&p).unwrap();
    assert!(p.is_solution(&Grid::from_cells(3, grid.cells().to_vec()).unwrap()));
}
