//! What a puzzle is called: its family (KenKen, Sudoku, Skyscrapers, …) and the variants it
//! mixes in (jigsaw regions, diagonals, extra regions). Every front end asks the puzzle
//! ([`Puzzle::kind`](super::Puzzle::kind)) rather than guessing from its parts.

use std::fmt;

/// The family of a puzzle: what its main rule is, besides the Latin square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// A Latin square with givens, and nothing else.
    Latin,
    /// Calcudoku / KenKen: arithmetic cages, no boxes.
    KenKen,
    /// Sudoku: boxes (or jigsaw regions) and givens.
    Sudoku,
    /// Killer Sudoku: boxes (or regions) and sum cages whose values differ.
    Killer,
    /// Skyscrapers (Tatham's Towers): how many towers are seen from the edges.
    Skyscrapers,
    /// Futoshiki (Tatham's Unequal): `<` between neighbouring cells.
    Futoshiki,
    /// Tatham's Adjacent mode of Unequal: bars between neighbours that differ by 1, and no
    /// other neighbours differ by 1.
    Adjacent,
}

impl Family {
    /// The lower-case word used on the command line and in JSON: `kenken`, `sudoku`, …
    pub const fn id(self) -> &'static str {
        match self {
            Family::Latin => "latin",
            Family::KenKen => "kenken",
            Family::Sudoku => "sudoku",
            Family::Killer => "killer",
            Family::Skyscrapers => "skyscrapers",
            Family::Futoshiki => "futoshiki",
            Family::Adjacent => "adjacent",
        }
    }

    /// The name people use: `KenKen`, `Killer Sudoku`, …
    pub const fn name(self) -> &'static str {
        match self {
            Family::Latin => "Latin square",
            Family::KenKen => "KenKen",
            Family::Sudoku => "Sudoku",
            Family::Killer => "Killer Sudoku",
            Family::Skyscrapers => "Skyscrapers",
            Family::Futoshiki => "Futoshiki",
            Family::Adjacent => "Adjacent",
        }
    }
}

/// The kind of a puzzle: its family and the variants it mixes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// The main rule.
    pub family: Family,
    /// Irregular regions instead of rectangular boxes.
    pub jigsaw: bool,
    /// Both main diagonals hold every value once (X).
    pub diagonals: bool,
    /// Extra regions whose values differ (windoku, hyper Sudoku).
    pub extra_regions: bool,
}

impl Kind {
    /// A kind of `family` with no variant.
    pub const fn plain(family: Family) -> Kind {
        Kind { family, jigsaw: false, diagonals: false, extra_regions: false }
    }

    /// The lower-case name used on the command line and in JSON: `kenken`, `sudoku`,
    /// `jigsaw`, `x`, `jigsaw-x`, `windoku`, `killer`, `killer-jigsaw`, `skyscrapers`,
    /// `futoshiki`, `adjacent`, …
    pub fn id(&self) -> String {
        let variants: Vec<&str> =
            [(self.jigsaw, "jigsaw"), (self.diagonals, "x"), (self.extra_regions, "windoku")]
                .into_iter()
                .filter_map(|(on, word)| on.then_some(word))
                .collect();
        match (self.family, variants.is_empty()) {
            (family, true) => family.id().to_string(),
            // A Sudoku is named by its variants alone: `jigsaw`, `x`, `jigsaw-x`.
            (Family::Sudoku, false) => variants.join("-"),
            (family, false) => format!("{}-{}", family.id(), variants.join("-")),
        }
    }
}

impl fmt::Display for Kind {
    /// The name people use: `Sudoku`, `Jigsaw X-Sudoku`, `Windoku`, `Killer Sudoku`,
    /// `Skyscrapers`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.jigsaw {
            f.write_str("Jigsaw ")?;
        }
        let sudoku_like = matches!(self.family, Family::Sudoku | Family::Killer);
        match self.family {
            Family::Killer => f.write_str("Killer ")?,
            _ if !sudoku_like => f.write_str(self.family.name())?,
            _ => {}
        }
        if sudoku_like {
            if self.diagonals {
                f.write_str("X-")?;
            }
            f.write_str(if self.extra_regions { "Windoku" } else { "Sudoku" })
        } else {
            if self.diagonals {
                f.write_str(" with diagonals")?;
            }
            if self.extra_regions {
                f.write_str(" with extra regions")?;
            }
            Ok(())
        }
    }
}
