//! The `counted` format (seed 003): like `cells`, with the number of cells after the target:
//! the number of cages, then one line per cage, `target count cell cell …`. Every cage is a sum.
//!
//! ```text
//! 9
//! 5 2 0 5
//! 8 3 1 2 6
//! …
//! ```

use crate::error::{ParseError, WriteError};
use crate::puzzle::{Cage, Puzzle};

/// The `counted` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "counted",
    summary: "the number of cages, then `target count cell …` per sum cage (seed 003)",
    help: "  counted  As cells, but each cage line is: target, number of cells, cells.
             3
             3 2 0 1
             ...",
    could_be: |s| s.single && s.first.is_some_and(super::text::is_digits),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| write(p),
    one_per_line: None,
    claims: |_, _| false,
    preference: 4,
    raw: false,
};

/// Reads a `counted` text. A count that does not match the cells listed is an error at the
/// count.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    super::cells::parse_cage_list(text, true)
}

/// Reads the first line of a `counted` text on its own: the number of cages (for reading a
/// puzzle line by line, as seed 003's dialogue does). Errors are on line 1.
pub fn parse_cage_count(line: &str) -> Result<usize, ParseError> {
    super::cells::parse_cage_count(line)
}

/// Reads one cage line of a `counted` text on its own, `target count cell …` (for reading a
/// puzzle line by line). Errors are on line 1. Whether its cells fit with the other cages is
/// only known to [`parse`] of the whole text.
pub fn parse_cage(line: &str) -> Result<Cage, ParseError> {
    super::cells::parse_one_cage(line, true)
}

/// Writes a puzzle in the `counted` format. Only sum cages covering the grid can be written.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    super::cells::write_cage_list(puzzle, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseErrorKind;

    const SEED: &str = "9\n5 2 0 5\n8 3 1 2 6\n8 2 3 8\n6 3 4 9 14\n13 3 7 12 13\n5 2 10 15\n14 4 11 16 20 21\n6 3 17 18 22\n10 3 19 23 24\n";

    #[test]
    fn reads_the_seed_and_round_trips() {
        let p = parse(SEED).unwrap();
        assert_eq!(p.size(), 5);
        assert_eq!(p.cages().len(), 9);
        assert!(p.cages_cover_grid());
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn errors() {
        let e = parse("2\n3 2 0 1\n3 3 2 3\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        assert_eq!(
            e.to_string(),
            "line 3, column 3: expected 3 cells (as the count says), found 2 cells"
        );

        let e = parse("1\n3\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        assert!(e.to_string().contains("number of cells"), "{e}");

        let e = parse("1\n3 0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));

        let e = parse("1\n3 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
        assert!(matches!(e.kind, ParseErrorKind::Expected { .. }));

        let e = parse("2\n3 2 0 1\n3 2 2 1\n").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::CellInTwoCages { cell: 1, first_line: 2, second_line: 3 }
        ));

        let e = parse("1\n3 2 1 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 7: expected each cell once in a cage, found cell 1 again"
        );
    }

    #[test]
    fn line_by_line() {
        assert_eq!(parse_cage_count("9\n").unwrap(), 9);
        assert_eq!(parse_cage_count(" 9 ").unwrap(), 9);
        let e = parse_cage_count("nine").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.to_string().contains("expected the number of cages"), "{e}");
        assert!(parse_cage_count("0").is_err());
        assert!(parse_cage_count("9 5").is_err());
        let e = parse_cage_count("\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected the number of cages (a whole number), found an empty line"
        );

        let cage = parse_cage("14 4 11 16 20 21\n").unwrap();
        assert_eq!(cage.target, 14);
        assert_eq!(cage.cells.len(), 4);
        assert_eq!(cage.label(), "14+");
        let e = parse_cage("5 2 0").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 3: expected 2 cells (as the count says), found 1 cell"
        );
        let e = parse_cage("5 x 0").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse_cage("").unwrap_err();
        assert!(e.to_string().contains("expected a cage: its target, its number of cells"), "{e}");
        let e = parse_cage("5 2 3 3").unwrap_err();
        assert!(e.to_string().contains("found cell 3 again"), "{e}");
    }
}
