//! 9×9 Sudoku within a range of Sudoku Explainer's rating (`--rating 8.0..9.0`): candidates are
//! made the ordinary way, rated with [`crate::logic::se::rate`], and kept when their ER is in
//! the range.
//!
//! The range is in SE's tenths, both ends included: `8.0..9.0`, `7.1..` (7.1 and up), `..3.0`
//! (up to 3.0), or one rating `8.3`. Which of the ladder's levels to make candidates at, when
//! none is named, comes from [`SeRange::level`]: the level whose puzzles most often fall in the
//! range (measured; see the README).

use std::fmt;
use std::str::FromStr;

use crate::clock::Instant;
use crate::logic::se::{self, SeError, SeRating};
use crate::puzzle::Puzzle;

use super::GenerateError;

/// A range of SE's explainer rating (ER), in tenths, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeRange {
    /// The lowest ER kept, in tenths (0: no lower bound).
    pub lo: u16,
    /// The highest ER kept, in tenths ([`SeRange::TOP`]: no upper bound).
    pub hi: u16,
}

impl SeRange {
    /// The highest rating SE gives (20.0: "beyond solver"), in tenths.
    pub const TOP: u16 = 200;

    /// The highest low end made (10.5): random candidates practically never rate above it
    /// (none of 64 puzzles that need trial rated above 10.4; 10.x is 1 in 20 of them, at
    /// some 2.5 s each). The forum's 11+ puzzles come from searches built for them.
    pub const HIGHEST_LOW: u16 = 105;

    /// The range from `lo` to `hi` (tenths, both included).
    pub const fn new(lo: u16, hi: u16) -> SeRange {
        SeRange { lo, hi }
    }

    /// Whether an ER is in the range.
    pub fn contains(&self, er: f64) -> bool {
        let tenths = (er * 10.0).round();
        tenths >= f64::from(self.lo) && tenths <= f64::from(self.hi)
    }

    /// The level of the Sudoku ladder to make candidates at, when none is named: the level
    /// whose candidates land in the range most often. Measured on 100 puzzles per level (64
    /// needing trial), seed 1, 9×9: easy gives ER 1.2–1.5 (84%) or 2.0–2.x; medium 2.0–2.9
    /// (79%); hard 3.x (87%); fiendish 4.2–4.4 (all); diabolical 4.5–8.4 (6.6 22%, 7.1–7.3
    /// 58%, 8.x 3%); needs trial 9.1–10.4 (9.x 95%, 10.x 5%). An upper bound alone is easy; a
    /// lower bound alone goes by the bound; a closed range by its middle.
    pub fn level(&self) -> &'static str {
        let at = match (self.lo, self.hi) {
            (0, hi) if hi >= Self::TOP => return "any",
            (0, _) => return "easy",
            (lo, hi) if hi >= Self::TOP => lo,
            (lo, hi) => (lo + hi) / 2,
        };
        match at {
            0..=17 => "easy",
            18..=29 => "medium",
            30..=39 => "hard",
            40..=44 => "fiendish",
            45..=89 => "diabolical",
            _ => "needs trial",
        }
    }
}

impl fmt::Display for SeRange {
    /// `8.0..9.0`, `7.1..`, `..3.0`, or `8.3` for one rating.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = |t: u16| format!("{}.{}", t / 10, t % 10);
        match (self.lo, self.hi) {
            (lo, hi) if lo == hi => write!(f, "{}", r(lo)),
            (lo, SeRange::TOP) => write!(f, "{}..", r(lo)),
            (0, hi) => write!(f, "..{}", r(hi)),
            (lo, hi) => write!(f, "{}..{}", r(lo), r(hi)),
        }
    }
}

impl FromStr for SeRange {
    type Err = GenerateError;

    /// `LO..HI`, `LO..`, `..HI` or one rating; ratings of at most one decimal, 0.0 to 20.0.
    fn from_str(text: &str) -> Result<SeRange, GenerateError> {
        let bad = |why: String| {
            GenerateError::Options(format!(
                "rating '{text}': {why} (expected LO..HI, LO.., ..HI or one rating, in SE's \
                 tenths: 8.0..9.0)"
            ))
        };
        let one = |word: &str| -> Result<u16, GenerateError> {
            let word = word.trim();
            let (whole, tenth) = word.split_once('.').unwrap_or((word, "0"));
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(whole) || !digits(tenth) || whole.len() > 2 {
                return Err(bad(format!("'{word}' is not a rating")));
            }
            if tenth.len() > 1 {
                return Err(bad(format!("'{word}': SE rates in tenths")));
            }
            let t =
                whole.parse::<u16>().expect("digits") * 10 + tenth.parse::<u16>().expect("a digit");
            if t > SeRange::TOP {
                return Err(bad(format!("{word} is above SE's highest rating, 20.0")));
            }
            Ok(t)
        };
        let range = match text.split_once("..") {
            None => {
                let t = one(text)?;
                SeRange::new(t, t)
            }
            Some((lo, hi)) if lo.trim().is_empty() && hi.trim().is_empty() => {
                return Err(bad("no bound".into()));
            }
            Some((lo, hi)) => SeRange::new(
                if lo.trim().is_empty() { 0 } else { one(lo)? },
                if hi.trim().is_empty() { SeRange::TOP } else { one(hi)? },
            ),
        };
        if range.lo > range.hi {
            return Err(bad("the low end is above the high end".into()));
        }
        Ok(range)
    }
}

/// SE's rating of a made candidate (9×9 Sudoku, one solution), kept when `range` holds its
/// ER (always without a range): Some(rating) to keep, None to drop.
pub(super) fn rated(
    puzzle: &Puzzle,
    range: Option<SeRange>,
    deadline: Option<Instant>,
) -> Result<Option<SeRating>, GenerateError> {
    let cells = puzzle.givens().cells();
    let givens: [u8; 81] = cells
        .try_into()
        .map_err(|_| GenerateError::Options("the SE scale rates 9×9 Sudoku only".into()))?;
    match se::rate_givens(&givens, deadline) {
        Ok(r) => Ok(range.is_none_or(|range| range.contains(r.er)).then_some(r)),
        Err(SeError::Timeout) => Err(GenerateError::Timeout),
        // A made puzzle has one solution: never reached; dropped were it ever.
        Err(_) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_and_print_back() {
        for (text, lo, hi) in [
            ("8.0..9.0", 80, 90),
            ("7.1..", 71, SeRange::TOP),
            ("..3.0", 0, 30),
            ("8.3", 83, 83),
            ("11..11.9", 110, 119),
        ] {
            let r: SeRange = text.parse().unwrap();
            assert_eq!((r.lo, r.hi), (lo, hi), "{text}");
            let back: SeRange = r.to_string().parse().unwrap();
            assert_eq!(back, r, "{text}");
        }
        assert_eq!("8.0..9.0".parse::<SeRange>().unwrap().to_string(), "8.0..9.0");
        assert_eq!("11".parse::<SeRange>().unwrap().to_string(), "11.0");
        for (bad, why) in [
            ("9.0..8.0", "low end is above"),
            ("..", "no bound"),
            ("8.25", "tenths"),
            ("x..9", "'x' is not a rating"),
            ("21", "above SE's highest"),
            ("", "is not a rating"),
            ("-1..2", "is not a rating"),
        ] {
            let e = bad.parse::<SeRange>().unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn both_ends_are_in_the_range() {
        let r: SeRange = "7.1..7.3".parse().unwrap();
        assert!(r.contains(7.1) && r.contains(7.3) && r.contains(7.2));
        assert!(!r.contains(7.0) && !r.contains(7.4));
        // Float noise in a rating is no bar.
        assert!(r.contains(7.1 + 1e-9) && r.contains(7.3 - 1e-9));
    }

    #[test]
    fn levels_follow_the_middle_of_the_range() {
        let level = |t: &str| t.parse::<SeRange>().unwrap().level();
        assert_eq!(level("..1.5"), "easy");
        assert_eq!(level("..6.0"), "easy");
        assert_eq!(level("9.0.."), "needs trial");
        assert_eq!(level("7.0..8.0"), "diabolical");
        assert_eq!(level("8.0..9.0"), "diabolical");
        assert_eq!(level("4.2"), "fiendish");
        assert_eq!(level("3.0..3.9"), "hard");
        assert_eq!(level("2.0..2.8"), "medium");
        assert_eq!(level("0.0..20.0"), "any");
    }
}
