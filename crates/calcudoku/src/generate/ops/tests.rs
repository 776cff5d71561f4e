//! Tests of the operator hand-out against plain statements of it.

use super::*;

/// A few operators (at most the four), kept inline.
type Ops = smallvec::SmallVec<[Operator; 4]>;

/// The operators that suit a cage's values well, and those that fit only: the plain statement
/// that [`suits_bits`] is checked against.
fn suits(values: &[u8], n: usize, choice: &OpChoice) -> (Ops, Ops) {
    let (mut well, mut only) = (Ops::new(), Ops::new());
    if values.len() < 2 {
        return (well, only);
    }
    let allowed = |op| choice.allowed.contains(&op);
    let n = n as u64;
    if values.len() == 2 {
        let (p, q) = (values[0].max(values[1]) as u64, values[0].min(values[1]) as u64);
        if allowed(Operator::Add) {
            if p + q > 4 && p + q < 2 * n - 2 {
                well.push(Operator::Add)
            } else {
                only.push(Operator::Add)
            }
        }
        if allowed(Operator::Mul) {
            let v = p * q;
            let pairs = (1..=n).filter(|&k| v % k == 0 && v / k <= n && v / k != k).count();
            if pairs <= 2 && choice.hard {
                only.push(Operator::Mul)
            } else {
                well.push(Operator::Mul)
            }
        }
        if allowed(Operator::Sub) && p - q < n - 1 {
            well.push(Operator::Sub);
        }
        if allowed(Operator::Div) && p % q == 0 && 2 * (p / q) <= n {
            well.push(Operator::Div);
        }
        // When the allowed operators leave a pair nothing (`--ops` without + and ×), any −
        // and exact ÷ will do.
        if well.is_empty() && only.is_empty() {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    only.push(op);
                }
            }
        }
    } else {
        for op in [Operator::Add, Operator::Mul] {
            if allowed(op) && target(op, values).is_some() {
                well.push(op);
            }
        }
        if choice.long_sub_div {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    well.push(op);
                }
            }
        }
    }
    (well, only)
}

/// The operators as [`suits`] lists them, as bits of [`ORDER`].
fn as_bits(ops: &[Operator]) -> u8 {
    ops.iter().map(|op| 1 << ORDER.iter().position(|o| o == op).unwrap()).sum()
}

/// Every subset of the four operators.
fn subsets() -> impl Iterator<Item = Vec<Operator>> {
    (1u8..16).map(|m| {
        ORDER.iter().enumerate().filter(|(i, _)| m & 1 << i != 0).map(|(_, &o)| o).collect()
    })
}

#[test]
fn suit_says_what_suits_says() {
    for n in 3..=18usize {
        for allowed in subsets() {
            for (long_sub_div, hard) in [(false, false), (false, true), (true, false)] {
                let choice = OpChoice { allowed: allowed.clone(), long_sub_div, hard };
                let bits = Allowed::of(&choice);
                let check = |values: &[u8]| {
                    let (well, only) = suits(values, n, &choice);
                    // The values as a square of their own, the cage its cells in reverse.
                    let cells: Vec<usize> = (0..values.len()).rev().collect();
                    let square: Vec<u8> = values.iter().rev().copied().collect();
                    let got = suit(&cells, &square, n, bits);
                    assert_eq!(
                        (got & 15, got >> 4),
                        (as_bits(&well), as_bits(&only)),
                        "{values:?} n={n} {choice:?}"
                    );
                };
                for a in 1..=n as u8 {
                    check(&[a]);
                    for b in (1..=n as u8).filter(|&b| b != a) {
                        check(&[a, b]);
                        check(&[a, b, (a % n as u8) + 1]);
                    }
                }
            }
        }
    }
}

/// The hand-out as first written: lists of operators, a scan of the order per pick.
fn choose_by_lists<V: AsRef<[u8]>>(
    cages: &[V],
    n: usize,
    choice: &OpChoice,
    rng: &mut Rng,
) -> Vec<(Option<Operator>, u64)> {
    let fits: Vec<(Ops, Ops)> = cages.iter().map(|v| suits(v.as_ref(), n, choice)).collect();
    let mut ops: Vec<Option<Operator>> = vec![None; cages.len()];
    let order = rng.permutation(cages.len());
    loop {
        let mut assigned = false;
        for op in ORDER {
            let pick = |well: bool, ops: &[Option<Operator>]| {
                order.iter().copied().find(|&k| {
                    ops[k].is_none()
                        && cages[k].as_ref().len() > 1
                        && if well { fits[k].0.contains(&op) } else { fits[k].1.contains(&op) }
                })
            };
            if let Some(k) = pick(true, &ops).or_else(|| pick(false, &ops)) {
                ops[k] = Some(op);
                assigned = true;
            }
        }
        if !assigned {
            break;
        }
    }
    cages
        .iter()
        .zip(ops)
        .map(|(values, op)| match op {
            Some(op) => (Some(op), target(op, values.as_ref()).unwrap()),
            None => (None, values.as_ref().iter().map(|&v| v as u64).sum()),
        })
        .collect()
}

#[test]
fn the_pairs_table_says_what_the_rules_say() {
    for hard in [false, true] {
        for (n, table) in PAIR_SUITS[hard as usize].iter().enumerate().skip(1) {
            for a in 1..=16u8 {
                for b in 1..=16u8 {
                    let got = table[a as usize][b as usize];
                    assert_eq!(got, pair_suits(n, a, b, hard), "{a} {b} n={n} hard={hard}");
                }
            }
        }
    }
}

/// A random case: a side, value lists of cages (up to 256 of them, sometimes past 64, a few
/// longer than 16 cells), and a choice of operators.
fn random_case(source: &mut Rng) -> (usize, Vec<Vec<u8>>, OpChoice) {
    let n = 3 + source.below(14);
    let count = match source.below(4) {
        0 => source.below(MAX_CAGES + 1),
        1 => 60 + source.below(10),
        _ => source.below(65),
    };
    let long = source.chance(1, 20);
    let cages = (0..count)
        .map(|_| {
            let len = [1, 2, 2, 2, 3, 4][source.below(6)];
            if long && source.chance(1, 30) {
                // A long cage (17 to 24 cells) of small values, whose product fits a word.
                let len = 17 + source.below(8);
                return (0..len).map(|_| 1 + source.below(n.min(4)) as u8).collect();
            }
            // Two cells of a cage see each other: their values differ.
            let mut v: Vec<u8> = (0..len).map(|_| 1 + source.below(n) as u8).collect();
            if len == 2 && v[0] == v[1] {
                v[1] = v[0] % n as u8 + 1;
            }
            v
        })
        .collect();
    let allowed = subsets().nth(source.below(15)).unwrap();
    let choice = OpChoice { allowed, long_sub_div: source.chance(1, 3), hard: source.chance(1, 2) };
    (n, cages, choice)
}

/// The cages' values laid out in a square in a random order of its cells, and the cut: the
/// cells of each cage.
fn scatter(cages: &[Vec<u8>], source: &mut Rng) -> (Vec<u8>, Vec<Vec<usize>>) {
    let total: usize = cages.iter().map(Vec::len).sum();
    let mut place = source.permutation(total).into_iter();
    let mut square = vec![0u8; total];
    let cut = cages
        .iter()
        .map(|v| {
            let cells: Vec<usize> = place.by_ref().take(v.len()).collect();
            for (&c, &x) in cells.iter().zip(v) {
                square[c] = x;
            }
            cells
        })
        .collect();
    (square, cut)
}

#[test]
fn the_hand_out_is_the_one_first_written() {
    let mut source = Rng::new(17, 0);
    for round in 0..3000u64 {
        let (n, cages, choice) = random_case(&mut source);
        let (square, cut) = scatter(&cages, &mut source);
        let (mut a, mut b) = (Rng::new(round, 1), Rng::new(round, 1));
        let mut got = vec![(None, 99)];
        choose_cells(&cut, &square, n, Allowed::of(&choice), &mut a, &mut got);
        let want = choose_by_lists(&cages, n, &choice, &mut b);
        assert_eq!(got, want, "round {round}: {} cages", cages.len());
        assert_eq!(a.next_u64(), b.next_u64(), "the same draws");
        // The same with the values laid out cage after cage: wherever the cells lie.
        assert_eq!(got, choose(&cages, n, &choice, &mut Rng::new(round, 1)), "round {round}");
    }
}

#[test]
fn clues_meet_their_cages() {
    let mut source = Rng::new(29, 0);
    for round in 0..2000u64 {
        let (n, cages, choice) = random_case(&mut source);
        let (square, cut) = scatter(&cages, &mut source);
        let mut clues = Vec::new();
        let mut rng = Rng::new(round, 2);
        choose_cells(&cut, &square, n, Allowed::of(&choice), &mut rng, &mut clues);
        assert_eq!(clues.len(), cages.len());
        for (values, &(op, t)) in cages.iter().zip(&clues) {
            let (well, only) = suits(values, n, &choice);
            let sum: u64 = values.iter().map(|&v| v as u64).sum();
            match op {
                // Rounds go on while an operator fits a cage still without one.
                None => {
                    assert!(well.is_empty() && only.is_empty(), "{values:?} left bare");
                    assert_eq!(t, sum, "{values:?}");
                }
                Some(op) => {
                    assert!(values.len() > 1, "a given has no operator");
                    assert!(well.contains(&op) || only.contains(&op), "{op:?} on {values:?}");
                    assert!(op.holds(t, values), "{values:?} {op:?} {t}");
                    assert_eq!(Some(t), target(op, values));
                }
            }
        }
    }
}

#[test]
fn draws_are_those_of_a_permutation_and_clues_repeat() {
    let mut source = Rng::new(31, 0);
    for round in 0..500u64 {
        let (n, cages, choice) = random_case(&mut source);
        let (square, cut) = scatter(&cages, &mut source);
        let allowed = Allowed::of(&choice);
        let mut first = vec![(Some(Operator::Add), 7); 300];
        let mut rng = Rng::new(round, 3);
        choose_cells(&cut, &square, n, allowed, &mut rng, &mut first);
        // As many draws as a permutation of the cages takes.
        let mut permuted = Rng::new(round, 3);
        permuted.permutation(cages.len());
        assert_eq!(rng.next_u64(), permuted.next_u64(), "round {round}");
        // The same stream gives the same clues again, whatever the buffer held.
        let mut again = Vec::new();
        choose_cells(&cut, &square, n, allowed, &mut Rng::new(round, 3), &mut again);
        assert_eq!(first, again, "round {round}");
    }
}

#[test]
fn bits_across_words() {
    let mut set = Bits::<4>::below(130);
    assert_eq!(set.first(), Some(0));
    for i in 0..129 {
        set.remove(i);
    }
    assert_eq!(set.first(), Some(129));
    set.remove(129);
    assert!(set.is_empty());
    let mut high = Bits::<4>::EMPTY;
    high.insert(255);
    high.insert(64);
    assert_eq!(high.and(Bits::below(256)).first(), Some(64));
    assert_eq!(high.and(Bits::below(64)).first(), None);
    assert_eq!(Bits::<1>::below(64).0, [u64::MAX]);
    assert!(Bits::<4>::below(0).is_empty());
}

/// A cage whose product overflows 64 bits (sixteen 16s) gets no ×: with × alone allowed it is
/// left without an operator (and its sum, as any cage no operator fits), with + it gets +.
#[test]
fn a_product_past_64_bits_is_no_clue() {
    let long = [16u8; 16];
    let fits = [15u8; 16]; // 15^16 < 2^64
    for (allowed, want) in [
        (vec![Operator::Mul], (None, 256)),
        (vec![Operator::Add, Operator::Mul], (Some(Operator::Add), 256)),
    ] {
        let choice = OpChoice { allowed, long_sub_div: false, hard: false };
        let clues = choose(&[&long[..], &fits[..]], 16, &choice, &mut Rng::new(1, 0));
        assert_eq!(clues[0], want);
        assert!(clues[1].0.is_some(), "{clues:?}");
    }
}
