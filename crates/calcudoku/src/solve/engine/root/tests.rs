//! The fixed-size root passes against the general propagation.

use super::*;
use crate::corpus::{CageSettings, SplitMix64, random_cages, random_kenken};
use crate::puzzle::{Operator, Puzzle};
use crate::solve::model::Model;

/// A random KenKen of side `n`: Keen-like or with cages of any shape, sometimes with a
/// target moved or a cage dropped, so that some have several solutions or none.
fn puzzle(n: usize, rng: &mut SplitMix64) -> Puzzle {
    let seed = rng.next_u64();
    let (p, _) = match rng.below(3) {
        0 => random_kenken(n, seed, &[]),
        1 => {
            let ops = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];
            random_kenken(n, seed, &[ops[rng.below(4)]])
        }
        _ => {
            let settings = CageSettings { max_cells: 2 + rng.below(5), hidden_percent: 20 };
            random_cages(n, seed, settings)
        }
    };
    let mut cages = p.cages().to_vec();
    match rng.below(4) {
        0 if !cages.is_empty() => {
            let k = rng.below(cages.len());
            let target = cages[k].target as i64 + [-2, -1, 1, 2][rng.below(4)];
            cages[k].target = target.max(1) as u64;
        }
        1 => cages.retain(|c| c.cells.len() == 1 || rng.below(6) != 0),
        _ => {}
    }
    Puzzle::new(n, None, p.givens().clone(), cages, p.distinct_cages()).unwrap()
}

/// Asserts that the fixed-size run (`small`, whether it succeeded) and the general one
/// ended alike: both failed, or both succeeded with the same candidates and live
/// assignments. Returns whether they succeeded.
fn same_outcome(
    case: usize,
    p: &Puzzle,
    (small_ok, small): (bool, &Engine),
    (general_ok, general): (bool, &Engine),
) -> bool {
    let text = format!("n {}, cages {:?}", p.size(), p.cages());
    assert_eq!(small_ok, general_ok, "case {case}:\n{text}");
    if small_ok {
        assert_eq!(small.dom, general.dom, "case {case}:\n{text}");
        assert_eq!(small.tuples, general.tuples, "case {case}:\n{text}");
    }
    small_ok
}

/// The whole root propagation with the fixed-size passes (the first, and the late cages'
/// once their tables are built) against the general propagation alone: the same outcome,
/// candidates and live assignments, on puzzles of sizes 1 to 16 (the passes run up to
/// 10×10) with late cages, one solution, several or none.
#[test]
fn small_passes_reach_the_general_root() {
    let mut rng = SplitMix64::new(77);
    let (mut failed, mut late, mut open) = (0, 0, 0);
    for case in 0..1600 {
        let n = 1 + case % SMALL_SIDE;
        let p = puzzle(n, &mut rng);
        let m = Model::new(&p);
        let mut general = Engine::new(&m, None);
        general.small = false;
        let expected = general.root();
        let mut small = Engine::new(&m, None);
        // From 11×11 the search weighs conflicts, which the fixed-size passes do not.
        assert_eq!(small.small_root_fits(), n < 11, "case {case}");
        let got = small.root();
        if !same_outcome(case, &p, (got.is_ok(), &small), (expected.is_ok(), &general)) {
            failed += 1;
            continue;
        }
        late += small.small_late_fits() as usize;
        open += small.dom.iter().any(|d| d.count_ones() > 1) as usize;
    }
    // Every outcome was met, and the late pass ran.
    assert!(failed > 100 && late > 200 && open > 100, "{failed} {late} {open}");
}

/// The fixed-size pass against the general propagation (without subsets, before the late
/// tables): the same contradictions, the same candidates and live assignments left, and
/// every unit queued for subsets. Sizes 1 to 16, every operator, hidden operators, cages
/// of up to six cells, puzzles with one solution, several or none.
#[test]
fn small_root_reaches_the_general_fixed_point() {
    let mut rng = SplitMix64::new(2024);
    let (mut failed, mut solved, mut open) = (0, 0, 0);
    for case in 0..1600 {
        let n = 1 + case % SMALL_SIDE;
        let p = puzzle(n, &mut rng);
        let m = Model::new(&p);
        // Cages whose values must differ make a cell's cage mates its peers: not for
        // this pass, which knows rows and columns only.
        let distinct = Puzzle::new(n, None, p.givens().clone(), p.cages().to_vec(), true);
        let distinct = Model::new(&distinct.unwrap());
        assert!(!Engine::new(&distinct, None).small_root_fits(), "case {case}");
        let mut general = Engine::new(&m, None);
        general.trailing = false;
        general.queue_everything();
        general.pairs = false;
        let expected = general.propagate();
        let mut small = Engine::new(&m, None);
        small.trailing = false;
        small.pairs = false;
        // As the root does it: a cell left empty by its cage is a contradiction found first.
        let got = if small.dom.contains(&0) { Err(Conflict) } else { small.small_root() };
        if !same_outcome(case, &p, (got.is_ok(), &small), (expected.is_ok(), &general)) {
            failed += 1;
            continue;
        }
        let mut queued: Vec<u32> = std::iter::from_fn(|| small.pair_queue.pop()).collect();
        queued.sort_unstable();
        assert_eq!(queued, (0..m.unit_count as u32).collect::<Vec<_>>(), "case {case}");
        if small.dom.iter().all(|d| d.count_ones() == 1) {
            solved += 1;
        } else {
            open += 1;
        }
    }
    // Every outcome was met.
    assert!(failed > 100 && solved > 100 && open > 100, "{failed} {solved} {open}");
}
