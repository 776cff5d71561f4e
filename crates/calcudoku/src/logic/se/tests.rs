//! Tests of the SE rater: SE's own ratings on a fixed sample (golden, from `bench/se`), the
//! soundness of every step (never a candidate of the solution removed, never a wrong value
//! placed), input forms, and the puzzles that are reported instead of rated.

use proptest::prelude::*;

use super::*;

/// Reference rows (puzzle, ER, EP, ED, hardest) from a `bench/se` TSV made by serate.
fn reference(tsv: &str) -> Vec<(String, f64, f64, f64, String)> {
    tsv.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
                f[4].to_string(),
            )
        })
        .collect()
}

const TOP95: &str = include_str!("../../../../../bench/se/norvig-top95.tsv");
const CLUE17: &str = include_str!("../../../../../bench/se/17-clue.tsv");
const TOP1465: &str = include_str!("../../../../../bench/se/magictour-top1465.tsv");

fn check_golden(rows: &[(String, f64, f64, f64, String)]) {
    for (p, er, ep, ed, hardest) in rows {
        let r = rate(&parse(p).unwrap(), None).unwrap();
        let got = format!("{:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed);
        let want = format!("{er:.1}/{ep:.1}/{ed:.1}");
        assert_eq!(got, want, "{p}");
        assert_eq!(&r.hardest, hardest, "{p}");
    }
}

#[test]
fn golden_ratings_equal_se_on_top95() {
    check_golden(&reference(TOP95));
}

#[test]
fn golden_ratings_equal_se_on_a_17_clue_sample() {
    let rows = reference(CLUE17);
    check_golden(&rows[..60]);
}

#[test]
fn golden_ratings_equal_se_on_a_top1465_sample() {
    let rows = reference(TOP1465);
    check_golden(&rows[..25]);
}

#[test]
fn display_is_er_ep_ed() {
    let r = rate(&parse(&reference(TOP95)[0].0).unwrap(), None).unwrap();
    assert_eq!(r.to_string(), format!("{:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed));
    assert_eq!(r.path.iter().map(|s| s.rating).fold(0.0, f64::max), r.er);
    assert_eq!(r.path[0].rating, r.ed);
}

/// Plays the path on the givens and checks each step against the solution.
fn assert_sound(p: &str) {
    let input = parse(p).unwrap();
    let board = input.board();
    let sol = solution::solve(&board).expect("unique");
    let r = rate(&input, None).unwrap();
    for s in &r.path {
        for &(c, v) in &s.removed {
            assert_ne!(sol[c], v, "{p}: {} removed the solution's {v} at {c}", s.technique);
        }
        if let Some((c, v)) = s.placed {
            assert_eq!(sol[c], v, "{p}: {} placed a wrong value", s.technique);
        }
    }
}

fn sample() -> Vec<String> {
    let mut v: Vec<String> = reference(TOP95).into_iter().map(|r| r.0).collect();
    v.extend(reference(CLUE17).into_iter().map(|r| r.0));
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every step on SE's path keeps the solution (checked on random puzzles of the
    /// reference sample, each with its givens shuffled by a relabelling of the digits).
    #[test]
    fn every_step_is_sound(i in 0usize..395, perm in Just([1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle()) {
        let all = sample();
        let p = &all[i % all.len()];
        let relabelled: String = p
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d > 0 => char::from(b'0' + perm[d as usize - 1]),
                _ => c,
            })
            .collect();
        assert_sound(&relabelled);
    }
}

#[test]
fn a_pointing_puzzle_rates_as_se_rates_it() {
    // SE: 2.6/1.2/1.2 (hidden singles in blocks first, then pointing).
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let a = rate(&parse(p).unwrap(), None).unwrap();
    assert_eq!(a.to_string(), "2.6/1.2/1.2");
}

#[test]
fn pencilmarks_of_the_givens_rate_like_the_givens() {
    let p = &reference(TOP95)[3].0;
    let plain = rate(&parse(p).unwrap(), None).unwrap();
    let board = parse(p).unwrap().board();
    // 729-character form: the givens as single candidates, the rest as SE computes them.
    let mut s = String::new();
    for c in 0..81 {
        for v in 1..=9usize {
            let on = if board.values[c] != 0 {
                board.values[c] as usize == v
            } else {
                board.cands[c] & grid::bit(v) != 0
            };
            s.push(if on { char::from(b'0' + v as u8) } else { '.' });
        }
    }
    let sukaku = rate(&parse(&s).unwrap(), None).unwrap();
    assert_eq!(sukaku.to_string(), plain.to_string());
    // The 81-list form of the same marks.
    let lists: Vec<String> = s
        .as_bytes()
        .chunks(9)
        .map(|c| c.iter().filter(|b| **b != b'.').map(|&b| b as char).collect())
        .collect();
    let again = rate(&parse(&lists.join(" ")).unwrap(), None).unwrap();
    assert_eq!(again.to_string(), plain.to_string());
}

#[test]
fn bad_input_names_the_column() {
    let mut p: String = ".".repeat(81);
    p.replace_range(10..11, "z");
    assert_eq!(parse(&p), Err(SeParseError::BadChar { column: 11, found: 'z' }));
    assert_eq!(parse("123"), Err(SeParseError::Length(3)));
    let mut marks = ".".repeat(729);
    marks.replace_range(0..1, "2");
    assert_eq!(
        parse(&marks),
        Err(SeParseError::MisplacedMark { column: 1, found: '2', expected: '1' })
    );
}

#[test]
fn puzzles_without_one_solution_are_reported() {
    let empty = ".".repeat(81);
    assert_eq!(rate(&parse(&empty).unwrap(), None), Err(SeError::MultipleSolutions));
    let mut bad = ".".repeat(81);
    bad.replace_range(0..2, "11");
    assert_eq!(rate(&parse(&bad).unwrap(), None), Err(SeError::NoSolution));
}

#[test]
fn a_past_deadline_times_out() {
    let hard = "98.7.....6...8.7....7..5...4...5..3...89..5.......2..1.3.....4...65..9.......1..2";
    let past = crate::clock::Instant::now();
    assert_eq!(rate(&parse(hard).unwrap(), Some(past)), Err(SeError::Timeout));
}

#[test]
fn ladder_is_in_rating_order_where_se_keeps_it() {
    // SE tries its rules in a fixed order; the base ratings rise along it except where SE
    // itself places a rule early (direct rules, Aligned Triplet Exclusion before Nishio).
    assert_eq!(LADDER[0].name, "Hidden Single");
    assert!(LADDER.iter().any(|r| r.name == "Bivalue Universal Grave" && r.base == 56));
    let chains = LADDER.iter().position(|r| r.name == "Forcing Chains & Cycles").unwrap();
    let ate = LADDER.iter().position(|r| r.name == "Aligned Triplet Exclusion").unwrap();
    assert_eq!(ate, chains + 1);
}
