//! How standard error names a place in an input: `FILE:LINE:COLUMN: message`, the form editors
//! and terminals jump to, and `calcudoku: FILE: message` when no line is named.

use std::fmt;

use calcudoku::ParseError;

/// Something wrong with an input, and where: a line and column from 1 (0 when the input as a
/// whole, or the whole line, is meant) and what was expected. Printed from its fields, never
/// by reading its text back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub what: String,
}

impl Problem {
    /// A problem of the input as a whole (it cannot be read, it is too big).
    pub fn whole(what: impl Into<String>) -> Problem {
        Problem { line: 0, column: 0, what: what.into() }
    }

    /// A problem at a line and column (0: the whole line).
    pub fn at(line: usize, column: usize, what: impl Into<String>) -> Problem {
        Problem { line, column, what: what.into() }
    }
}

impl From<&ParseError> for Problem {
    fn from(e: &ParseError) -> Problem {
        Problem { line: e.line, column: e.column, what: e.what() }
    }
}

impl From<ParseError> for Problem {
    fn from(e: ParseError) -> Problem {
        Problem::from(&e)
    }
}

impl fmt::Display for Problem {
    /// The library's wording, place first (`line 3, column 2: expected …`): what `--json`
    /// error objects hold.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.what),
            (l, 0) => write!(f, "line {l}: {}", self.what),
            (l, c) => write!(f, "line {l}, column {c}: {}", self.what),
        }
    }
}

/// A problem of an input (`name` is the file's name or `<stdin>`), as editors and terminals
/// jump to it: `FILE:LINE:COLUMN: what`, `FILE:LINE: what`, or `calcudoku: FILE: what`.
pub fn located(name: &str, p: &Problem) -> String {
    match (p.line, p.column) {
        (0, _) => format!("calcudoku: {name}: {}", p.what),
        (l, 0) => format!("{name}:{l}: {}", p.what),
        (l, c) => format!("{name}:{l}:{c}: {}", p.what),
    }
}

/// A message about the puzzle that starts at a line of an input.
pub fn at_line(name: &str, line: usize, msg: &str) -> String {
    located(name, &Problem::at(line, 0, msg))
}

/// An error whose message is whole already (it names its place): `main` prints it without the
/// `calcudoku: ` prefix that other errors get.
#[derive(Debug)]
pub struct Said(pub String);

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Said {}

/// The error of an input that could not be read, as [`located`] words it.
pub fn error(name: &str, problem: impl Into<Problem>) -> anyhow::Error {
    anyhow::Error::new(Said(located(name, &problem.into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places() {
        assert_eq!(located("a.txt", &Problem::at(4, 5, "expected x")), "a.txt:4:5: expected x");
        assert_eq!(located("<stdin>", &Problem::at(2, 0, "expected y")), "<stdin>:2: expected y");
        assert_eq!(
            located("a.txt", &Problem::whole("empty input")),
            "calcudoku: a.txt: empty input"
        );
        // A message that happens to start like a place is not taken for one.
        assert_eq!(located("a", &Problem::whole("line 3: no")), "calcudoku: a: line 3: no");
        let e = ParseError::expected(7, 2, "a digit", "'x'");
        assert_eq!(located("f", &Problem::from(&e)), format!("f:7:2: {}", e.what()));
        assert_eq!(Problem::from(&e).to_string(), e.to_string());
        assert_eq!(at_line("b", 3, "gave up"), "b:3: gave up");
        assert_eq!(at_line("b", 0, "gave up"), "calcudoku: b: gave up");
    }
}
