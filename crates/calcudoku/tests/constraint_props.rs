//! The constraint kinds beyond KenKen, Sudoku and Killer — jigsaw regions, diagonals, extra
//! regions, relations between two cells, line clues — against a brute force written apart
//! from the solver: cells in row-major order, values counted up from 1, each partial grid
//! judged by the puzzle's constraints as data ([`Puzzle::constraints`]) alone.
//!
//! For random puzzles of each kind (and mixes), sizes 3 to 5: the solver's count (up to a
//! limit) equals the brute force's, and the grid `solve` returns is the brute force's first,
//! the first in row-major order.

use calcudoku::puzzle::{Cell, Constraint, Edge, LineClues, Relation, RelationKind, towers_seen};
use calcudoku::solve::{self, Solver};
use calcudoku::{Grid, Puzzle};
use proptest::prelude::*;

/// Whether a partial grid (0 = empty) can still keep a constraint: houses have no repeated
/// value; a relation or line clue is judged once its cells are all filled.
fn may_hold(c: &Constraint<'_>, grid: &Grid) -> bool {
    match c {
        Constraint::House { cells, .. } => {
            let mut seen = 0u64;
            cells.iter().all(|&c| {
                let v = grid.get(c);
                let fresh = v == 0 || seen & 1 << v == 0;
                seen |= 1 << v;
                fresh
            })
        }
        Constraint::Sightline { seen, cells, .. } => {
            let values: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
            values.contains(&0) || towers_seen(values) == *seen
        }
        Constraint::Cage { cage, .. } => {
            cage.cells.iter().any(|&c| grid.get(c) == 0) || c.holds(grid)
        }
        Constraint::Given { cell, value } => grid.get(*cell) == 0 || grid.get(*cell) == *value,
        other => other.holds(grid),
    }
}

/// Solutions up to `limit`, and the first in row-major order, by plain enumeration.
fn brute(p: &Puzzle, limit: u64) -> (u64, Option<Grid>) {
    let n = p.size();
    let constraints = p.constraints();
    // The constraints through each cell, judged after each placement there.
    let mut through: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, c) in constraints.iter().enumerate() {
        let cells: Vec<Cell> = match c {
            Constraint::House { cells, .. } | Constraint::Sightline { cells, .. } => cells.clone(),
            Constraint::Cage { cage, .. } => cage.cells.clone(),
            Constraint::Relation(r) => vec![r.a, r.b],
            Constraint::Given { cell, .. } => vec![*cell],
        };
        for c in cells {
            through[c.index()].push(k);
        }
    }
    let mut search = Brute { n, constraints, through, limit, found: 0, first: None };
    search.go(0, &mut Grid::empty(n));
    (search.found, search.first)
}

/// The brute force's state: what it judges by, and what it found.
struct Brute<'p> {
    n: usize,
    constraints: Vec<Constraint<'p>>,
    through: Vec<Vec<usize>>,
    limit: u64,
    found: u64,
    first: Option<Grid>,
}

impl Brute<'_> {
    /// Fills cells `i..` in row-major order, each value from 1 up.
    fn go(&mut self, i: usize, grid: &mut Grid) {
        if self.found >= self.limit {
            return;
        }
        if i == self.n * self.n {
            self.found += 1;
            self.first.get_or_insert_with(|| grid.clone());
            return;
        }
        for v in 1..=self.n as u8 {
            grid.set(Cell(i as u16), v);
            if self.through[i].iter().all(|&k| may_hold(&self.constraints[k], grid)) {
                self.go(i + 1, grid);
            }
        }
        grid.set(Cell(i as u16), 0);
    }
}

/// The solver agrees with the brute force on `p`: its count up to `limit`, and the first
/// solution in row-major order.
fn agrees(p: &Puzzle) {
    const LIMIT: u64 = 30;
    let (want, first) = brute(p, LIMIT);
    let got = solve::count(p, LIMIT);
    assert_eq!(got.solutions, want, "count of {p:?}");
    assert_eq!(got.complete, want < LIMIT, "{p:?}");
    let report = Solver::new(p).solve().expect("no deadline");
    assert_eq!(report.grid, first, "first solution of {p:?}");
    assert_eq!(report.count.solutions, want.min(2), "{p:?}");
    if let Some(g) = &report.grid {
        assert!(p.is_solution(g));
    }
    // The seeds' brute force judges every constraint too.
    assert_eq!(solve::brute::brute_force(p).0, first, "brute force on {p:?}");
}

/// A random Latin square of side `n`, from a seed: the cyclic square with rows, columns and
/// values permuted.
fn latin(n: usize, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut perm = |k: usize| {
        let mut p: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            p.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        p
    };
    let (rows, cols, vals) = (perm(n), perm(n), perm(n));
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[rows[r] * n + cols[c]] = vals[(r + c) % n] as u8 + 1;
        }
    }
    cells
}

/// Regions of `n` cells each grown from a seed (not always connected: the model does not
/// ask it), so that some puzzles are jigsaws.
fn regions(n: usize, seed: u64) -> Vec<u8> {
    let mut order: Vec<usize> = (0..n * n).collect();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    // Mostly rows, with a few cells traded between two rows keeping counts.
    let mut map: Vec<u8> = (0..n * n).map(|c| (c / n) as u8).collect();
    for pair in order.chunks(2).take(n) {
        if let [a, b] = *pair {
            map.swap(a, b);
        }
    }
    map
}

fn givens_from(solution: &[u8], mask: u64) -> Grid {
    let cells =
        solution.iter().enumerate().map(|(i, &v)| if mask >> (i % 64) & 1 == 1 { v } else { 0 });
    Grid::from_cells((solution.len() as f64).sqrt() as usize, cells.collect()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Jigsaw regions, with and without diagonals, and sometimes an extra region.
    #[test]
    fn regions_diagonals_and_extra_regions(
        n in 3usize..=5, seed in any::<u64>(), mask in any::<u64>(),
        diagonals in any::<bool>(), extra in 0usize..3,
    ) {
        let solution = latin(n, seed);
        let givens = givens_from(&solution, mask & mask >> 1 & mask >> 2);
        let mut b = Puzzle::builder(n).givens(givens).diagonals(diagonals);
        if seed % 3 != 0 {
            b = b.regions(regions(n, seed));
        }
        let cells: Vec<Cell> = (0..n * n).map(|c| Cell(c as u16)).collect();
        let extra_regions: Vec<Vec<Cell>> = (0..extra)
            .map(|k| cells.iter().copied().skip(k + 1).step_by(n + 1).take(n - k).collect())
            .filter(|r: &Vec<Cell>| r.len() >= 2)
            .collect();
        match b.extra_regions(extra_regions).build() {
            Ok(p) => agrees(&p),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }

    /// Relations between two cells: `<` between neighbours, or Adjacent's marks.
    #[test]
    fn relations(n in 3usize..=5, seed in any::<u64>(), mask in any::<u64>(), adjacent in any::<bool>()) {
        let solution = latin(n, seed);
        let mut relations = Vec::new();
        let mut bit = 0;
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                bit += 1;
                let (va, vb) = (solution[a], solution[b]);
                let (ca, cb) = (Cell(a as u16), Cell(b as u16));
                if adjacent {
                    let kind = if va.abs_diff(vb) == 1 { RelationKind::Consecutive } else { RelationKind::NotConsecutive };
                    // Now and then a mark that the solution breaks: no solution, or others.
                    let kind = if mask >> (bit % 64) & 7 == 0 {
                        if kind == RelationKind::Consecutive { RelationKind::NotConsecutive } else { RelationKind::Consecutive }
                    } else { kind };
                    relations.push(Relation::new(ca, cb, kind));
                } else if mask >> (bit % 64) & 1 == 1 {
                    let r = if va < vb { Relation::new(ca, cb, RelationKind::Less) } else { Relation::new(cb, ca, RelationKind::Less) };
                    relations.push(r);
                }
            }
        }
        let givens = givens_from(&solution, (mask >> 7) & (mask >> 13) & (mask >> 21));
        let p = Puzzle::builder(n).givens(givens).relations(relations).build().unwrap();
        agrees(&p);
    }

    /// Line clues: each edge position given or not, from a Latin square (so some solution
    /// exists) or, now and then, moved by one (so sometimes none does).
    #[test]
    fn line_clues(n in 3usize..=5, seed in any::<u64>(), mask in any::<u64>(), moved in 0usize..40) {
        let solution = latin(n, seed);
        let grid = Grid::from_cells(n, solution.clone()).unwrap();
        let mut clues = LineClues::none(n);
        for (e, edge) in Edge::ALL.into_iter().enumerate() {
            for i in 0..n {
                if mask >> ((e * n + i) % 64) & 1 == 1 {
                    let seen = towers_seen(edge.line(i, n).map(|c| grid.get(c)));
                    clues.edge_mut(edge)[i] = seen;
                }
            }
        }
        if moved < 4 * n {
            let (edge, i) = (Edge::ALL[moved / n], moved % n);
            let s = &mut clues.edge_mut(edge)[i];
            *s = if *s as usize >= n { 1 } else { *s + 1 };
        }
        let givens = givens_from(&solution, (mask >> 5) & (mask >> 11) & (mask >> 17));
        let p = Puzzle::builder(n).givens(givens).line_clues(clues).build().unwrap();
        agrees(&p);
    }
}

/// Each kind is named as people name it, and each constraint holds on the solution it came
/// from.
#[test]
fn kinds_are_named() {
    let n = 4;
    let x =
        Puzzle::builder(n).boxes(calcudoku::BoxShape::standard(4)).diagonals(true).build().unwrap();
    assert_eq!((x.kind().id(), x.kind().to_string()), ("x".into(), "X-Sudoku".into()));
    let jigsaw = Puzzle::builder(n)
        .regions(vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3])
        .build()
        .unwrap();
    assert_eq!(jigsaw.kind().id(), "jigsaw");
    // Regions that are boxes after all are boxes.
    let boxes = Puzzle::builder(n)
        .regions(vec![5, 5, 7, 7, 5, 5, 7, 7, 1, 1, 2, 2, 1, 1, 2, 2])
        .build()
        .unwrap();
    assert_eq!(
        (boxes.kind().id(), boxes.boxes()),
        ("sudoku".into(), calcudoku::BoxShape::standard(4))
    );
    let towers = Puzzle::builder(n)
        .line_clues(LineClues { top: vec![1, 0, 0, 0], ..LineClues::none(4) })
        .build()
        .unwrap();
    assert_eq!(towers.kind().id(), "skyscrapers");
    let less = Relation::new(Cell(0), Cell(1), RelationKind::Less);
    assert_eq!(Puzzle::builder(n).relations(vec![less]).build().unwrap().kind().id(), "futoshiki");
    let bar = Relation::new(Cell(0), Cell(1), RelationKind::Consecutive);
    assert_eq!(Puzzle::builder(n).relations(vec![bar]).build().unwrap().kind().id(), "adjacent");
    // Regions that do not tile the grid are named as such.
    let bad =
        Puzzle::builder(n).regions(vec![0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]).build();
    assert_eq!(
        bad.unwrap_err().to_string(),
        "the regions do not tile the grid: region 1 has 5 cells, expected 4"
    );
}

/// Every human-style step on a puzzle of the new kinds with one solution keeps that solution:
/// no placement differs from it, no elimination removes its value. Returns the steps checked
/// (0 when the puzzle has not exactly one solution).
fn steps_are_sound(p: &Puzzle) -> usize {
    use calcudoku::logic::{self, Board, Ladder};
    let (count, first) = brute(p, 2);
    let (1, Some(solution)) = (count, first) else { return 0 };
    let board = Board::new(p).expect("the givens fit");
    let ladder = Ladder::for_board(&board);
    let path = logic::explain(board, &ladder, None).expect("a sound path");
    for (found, text) in &path.steps {
        for pl in &found.step.placements {
            assert_eq!(solution.get(pl.cell), pl.value, "{text} on {p:?}");
        }
        for el in &found.step.eliminations {
            assert_ne!(solution.get(el.cell), el.value, "{text} on {p:?}");
        }
    }
    path.steps.len()
}

/// Sudoku's ladder on jigsaw regions, diagonals and Latin squares with relations or line
/// clues (the ladders of their own come later): every step sound, on puzzles with one
/// solution of sides 4 and 5.
#[test]
fn ladder_steps_are_sound_on_the_new_kinds() {
    let (mut puzzles, mut steps) = (0, 0);
    for seed in 0..400u64 {
        let n = 4 + (seed % 2) as usize;
        let solution = latin(n, seed.wrapping_mul(0x2545_f491_4f6c_dd1d));
        let grid = Grid::from_cells(n, solution.clone()).unwrap();
        let mask = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let givens = givens_from(&solution, mask & mask >> 7);
        let base = Puzzle::builder(n).givens(givens);
        let mut kinds = vec![base.clone().diagonals(true).build().unwrap()];
        let jigsaw = base.clone().regions(regions(n, seed)).build().unwrap();
        if jigsaw.is_solution(&grid) {
            kinds.push(jigsaw);
        }
        let less: Vec<Relation> = (0..n * n - 1)
            .filter(|&c| c % n != n - 1 && (mask >> (c % 64)) & 1 == 1)
            .map(|c| {
                let (a, b) = (Cell(c as u16), Cell(c as u16 + 1));
                if solution[c] < solution[c + 1] {
                    Relation::new(a, b, RelationKind::Less)
                } else {
                    Relation::new(b, a, RelationKind::Less)
                }
            })
            .collect();
        kinds.push(base.clone().relations(less).build().unwrap());
        let mut clues = LineClues::none(n);
        for i in (0..n).filter(|i| (mask >> (32 + i)) & 1 == 1) {
            clues.top[i] = towers_seen(Edge::Top.line(i, n).map(|c| grid.get(c)));
            clues.right[i] = towers_seen(Edge::Right.line(i, n).map(|c| grid.get(c)));
        }
        kinds.push(base.line_clues(clues).build().unwrap());
        for p in &kinds {
            let k = steps_are_sound(p);
            steps += k;
            puzzles += usize::from(k > 0);
        }
    }
    assert!(puzzles > 100 && steps > 1000, "{puzzles} puzzles, {steps} steps");
}
