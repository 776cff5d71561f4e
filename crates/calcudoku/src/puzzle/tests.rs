use super::*;

/// The target an operator makes of some values is one its rule holds for, and where there
/// is none (a negative difference, an inexact quotient) no target near holds either.
#[test]
fn apply_gives_a_target_the_rule_holds_for() {
    let cases: [&[u8]; 7] = [&[5], &[2, 6], &[6, 2], &[3, 4, 9], &[1, 2, 3], &[4, 4], &[7, 2, 2]];
    for values in cases {
        for op in Operator::ALL {
            match op.apply(values) {
                Some(t) => assert!(op.holds(t, values), "{op:?} {values:?} -> {t}"),
                None => assert!((0..200).all(|t| !op.holds(t, values)), "{op:?} {values:?}"),
            }
        }
    }
    assert_eq!(Operator::Sub.apply(&[1, 2, 3]), Some(0));
    assert_eq!(Operator::Sub.apply(&[3, 4, 9]), Some(2));
    assert_eq!(Operator::Div.apply(&[7, 2, 2]), None);
    assert_eq!(Operator::Div.apply(&[3, 4, 12]), Some(1));
}

/// The two-value path of `apply` gives what the general one gives.
#[test]
fn apply_to_two_values_is_the_general_apply() {
    for a in 1..=16u8 {
        for b in 1..=16u8 {
            for op in Operator::ALL {
                assert_eq!(op.apply(&[a, b]), op.apply_any(&[a, b]), "{op:?} {a} {b}");
            }
        }
    }
}

#[test]
fn neighbours_are_the_cells_beside() {
    let mut corner: Vec<usize> = neighbours(3, 0).collect();
    corner.sort_unstable();
    assert_eq!(corner, [1, 3]);
    let mut middle: Vec<usize> = neighbours(3, 4).collect();
    middle.sort_unstable();
    assert_eq!(middle, [1, 3, 5, 7]);
    assert_eq!(neighbours(1, 0).count(), 0);
}

#[test]
fn value_set_basics() {
    let s = ValueSet::full(5);
    assert_eq!(s.len(), 5);
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    assert_eq!(ValueSet::range(2, 4).iter().collect::<Vec<_>>(), vec![2, 3, 4]);
    assert!(ValueSet::range(4, 2).is_empty());
    assert_eq!(ValueSet::single(7).single_value(), Some(7));
    assert_eq!(s.single_value(), None);
    assert_eq!(s.min(), Some(1));
    assert_eq!(s.max(), Some(5));
    assert_eq!(ValueSet::full(64).len(), 64);
    assert_eq!(ValueSet::full(64).max(), Some(64));
    // Out-of-range values are no panic: no set holds them.
    let mut t = ValueSet::EMPTY;
    t.insert(0);
    t.insert(65);
    t.remove(0);
    assert!(t.is_empty() && ValueSet::single(0).is_empty() && ValueSet::single(200).is_empty());
}

#[test]
fn operators_follow_the_rules() {
    assert!(Operator::Add.holds(6, &[1, 2, 3]));
    assert!(!Operator::Add.holds(7, &[1, 2, 3]));
    assert!(Operator::Mul.holds(24, &[2, 3, 4]));
    assert!(Operator::Sub.holds(3, &[1, 4]));
    assert!(Operator::Sub.holds(3, &[4, 1]));
    assert!(Operator::Sub.holds(1, &[6, 2, 3]));
    assert!(!Operator::Sub.holds(1, &[2, 3, 6, 1]));
    assert!(Operator::Div.holds(2, &[3, 6]));
    assert!(!Operator::Div.holds(2, &[4, 6]));
    assert!(Operator::Div.holds(2, &[2, 12, 3]));
    assert!(!Operator::Div.holds(2, &[5, 12, 3]));
    assert_eq!(Operator::from_char('×'), Some(Operator::Mul));
    assert_eq!(Operator::from_char('÷'), Some(Operator::Div));
    assert_eq!(Operator::from_char('−'), Some(Operator::Sub));
    assert_eq!(Operator::from_char('%'), None);
}

#[test]
fn hidden_operator_accepts_any_fitting_one() {
    let cage = Cage::new(2, None, vec![Cell(0), Cell(1)]);
    assert!(cage.holds(&[1, 2])); // 2/1 or 2*1
    assert!(cage.holds(&[1, 3])); // 3-1
    assert!(!cage.holds(&[2, 5]));
    let given = Cage::new(4, None, vec![Cell(3)]);
    assert!(given.holds(&[4]) && !given.holds(&[2]));
}

#[test]
fn standard_boxes() {
    assert_eq!(BoxShape::standard(6), Some(BoxShape { height: 2, width: 3 }));
    assert_eq!(BoxShape::standard(9), Some(BoxShape { height: 3, width: 3 }));
    assert_eq!(BoxShape::standard(12), Some(BoxShape { height: 3, width: 4 }));
    assert_eq!(BoxShape::standard(8), Some(BoxShape { height: 2, width: 4 }));
    assert_eq!(BoxShape::standard(7), None);
}

#[test]
fn structure_errors() {
    let c = |v: &[u16]| v.iter().map(|&i| Cell(i)).collect::<Vec<_>>();
    assert!(matches!(
        Puzzle::kenken(2, vec![Cage::new(3, None, c(&[0, 1])), Cage::new(3, None, c(&[1, 2]))]),
        Err(ModelError::CellInTwoCages { cell: 1, first: 0, second: 1 })
    ));
    // Twice in one cage; and past the first 64 cells, behind a cage that does not hold it.
    assert!(matches!(
        Puzzle::kenken(2, vec![Cage::new(3, None, c(&[2])), Cage::new(3, None, c(&[0, 1, 0]))]),
        Err(ModelError::CellInTwoCages { cell: 0, first: 1, second: 1 })
    ));
    let far = vec![
        Cage::new(3, None, c(&[70, 71])),
        Cage::new(3, None, c(&[5])),
        Cage::new(3, None, c(&[80, 71])),
    ];
    assert!(matches!(
        Puzzle::kenken(9, far),
        Err(ModelError::CellInTwoCages { cell: 71, first: 0, second: 2 })
    ));
    assert!(matches!(
        Puzzle::kenken(2, vec![Cage::new(3, None, c(&[0, 4]))]),
        Err(ModelError::CellOutOfRange { cell: 4, .. })
    ));
    assert!(matches!(Puzzle::kenken(0, vec![]), Err(ModelError::Size { .. })));
    assert!(matches!(Puzzle::kenken(65, vec![]), Err(ModelError::Size { .. })));
}

/// A puzzle copied into another's room (`clone_from`, which the grader's boards use) is the
/// puzzle copied, whatever the room held before: other kinds, sizes, cages, signs, clues.
#[test]
fn clone_from_copies_any_puzzle_into_any_other() {
    let examples = [
        "kenken-4x4.ops.txt",
        "kenken-10x10.ops.txt",
        "killer-9x9.ops.txt",
        "jigsaw-9x9.txt",
        "x-sudoku-9x9.solo.txt",
        "futoshiki-5x5.txt",
        "adjacent-5x5.unequal.txt",
        "skyscrapers-5x5.txt",
        "sudoku-9x9.rows.txt",
    ];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let puzzles: Vec<Puzzle> = examples
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(format!("{dir}{name}")).expect(name);
            crate::format::parse(&text, None).expect(name)
        })
        .collect();
    for from in &puzzles {
        for into in &puzzles {
            let mut copy = into.clone();
            copy.clone_from(from);
            assert_eq!(&copy, from);
            assert_eq!(copy.kind(), from.kind());
        }
    }
}
