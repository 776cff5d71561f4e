//! How standard error names a place in an input: `FILE:LINE:COLUMN: message`, the form editors
//! and terminals jump to, and `calcudoku: FILE: message` when no line is named.

use std::fmt;

/// A message about a place in an input (`name` is the file's name or `<stdin>`), from the
/// library's wording, which puts the place first: `line L, column C: …` or `line L: …`.
pub fn located(name: &str, msg: &str) -> String {
    if let Some((line, column, rest)) = place(msg) {
        return match column {
            Some(c) => format!("{name}:{line}:{c}: {rest}"),
            None => format!("{name}:{line}: {rest}"),
        };
    }
    format!("calcudoku: {name}: {msg}")
}

/// A message about the puzzle that starts at a line of an input.
pub fn at_line(name: &str, line: usize, msg: &str) -> String {
    if line == 0 { format!("calcudoku: {name}: {msg}") } else { format!("{name}:{line}: {msg}") }
}

/// The line, column and rest of a message that starts with its place.
fn place(msg: &str) -> Option<(usize, Option<usize>, &str)> {
    let rest = msg.strip_prefix("line ")?;
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let line: usize = rest[..digits].parse().ok()?;
    let rest = &rest[digits..];
    if let Some(rest) = rest.strip_prefix(": ") {
        return Some((line, None, rest));
    }
    let rest = rest.strip_prefix(", column ")?;
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let column: usize = rest[..digits].parse().ok()?;
    let rest = rest[digits..].strip_prefix(": ")?;
    Some((line, Some(column), rest))
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
pub fn error(name: &str, msg: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(Said(located(name, &msg.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places() {
        assert_eq!(located("a.txt", "line 4, column 5: expected x"), "a.txt:4:5: expected x");
        assert_eq!(located("<stdin>", "line 2: expected y"), "<stdin>:2: expected y");
        assert_eq!(located("a.txt", "empty input"), "calcudoku: a.txt: empty input");
        assert_eq!(located("a", "line x: no"), "calcudoku: a: line x: no");
        assert_eq!(at_line("b", 3, "gave up"), "b:3: gave up");
        assert_eq!(at_line("b", 0, "gave up"), "calcudoku: b: gave up");
    }
}
