//! Shared reading helpers: lines and whitespace-separated tokens with their 1-based line and
//! column numbers in the original text (columns count characters; a tab is one column).
//!
//! Everything streams: nothing here allocates in proportion to the input, so a huge line or a
//! huge count is rejected by the parsers' own limits before it can cost memory.

use crate::error::{ParseError, ParseErrorKind};
use crate::puzzle::MAX_SIZE;

/// Most cells a grid can have (64 × 64).
pub(crate) const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The text without a leading UTF-8 byte-order mark.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether the text holds nothing but whitespace (and perhaps a byte-order mark).
pub(crate) fn is_blank(text: &str) -> bool {
    strip_bom(text).trim().is_empty()
}

/// A non-blank line: its 1-based number and its text (line end removed).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    pub no: usize,
    pub text: &'a str,
}

impl<'a> Line<'a> {
    pub fn tokens(self) -> Tokens<'a> {
        Tokens { rest: self.text, col: 1 }
    }
    /// The column just past the last non-blank character (where a missing token would go).
    pub fn end_col(self) -> usize {
        self.text.trim_end().chars().count() + 1
    }
}

/// The non-blank lines of a text (`\n` or `\r\n` ends; a BOM is skipped).
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    raw_lines(strip_bom(text))
        .enumerate()
        .filter(|(_, l)| !is_blank_line(l))
        .map(|(i, l)| Line { no: i + 1, text: l })
}

/// The lines of a text as [`str::lines`] splits them, found by a plain byte scan: puzzle
/// files have short lines, for which the generic string searcher costs more than the bytes.
fn raw_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let line = match rest.bytes().position(|b| b == b'\n') {
            Some(end) => {
                let line = &rest[..end];
                rest = &rest[end + 1..];
                line.strip_suffix('\r').unwrap_or(line)
            }
            None => std::mem::take(&mut rest),
        };
        Some(line)
    })
}

/// Whether a line holds only whitespace: decided on the first byte that is not ASCII
/// whitespace, unless that byte starts a non-ASCII character.
fn is_blank_line(line: &str) -> bool {
    match line.bytes().position(|b| !is_ascii_space(b)) {
        None => true,
        Some(i) if line.as_bytes()[i].is_ascii() => false,
        Some(i) => line[i..].trim_start().is_empty(),
    }
}

/// A whitespace-separated token and its 1-based column.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub col: usize,
    pub text: &'a str,
}

pub(crate) struct Tokens<'a> {
    rest: &'a str,
    col: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;
    fn next(&mut self) -> Option<Token<'a>> {
        // ASCII (almost every input) is scanned byte by byte; the first non-ASCII byte hands
        // over to the character-wise scan, which knows Unicode whitespace.
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|&b| !is_ascii_space(b)).unwrap_or(bytes.len());
        if bytes.get(start).is_some_and(u8::is_ascii) {
            let len = bytes[start..]
                .iter()
                .position(|&b| is_ascii_space(b) || !b.is_ascii())
                .unwrap_or(bytes.len() - start);
            let end = start + len;
            if bytes.get(end).is_none_or(|&b| is_ascii_space(b)) {
                let (head, rest) = self.rest.split_at(end);
                let token = Token { col: self.col + start, text: &head[start..] };
                self.col += end;
                self.rest = rest;
                return Some(token);
            }
        }
        self.col += start;
        self.rest = &self.rest[start..];
        self.next_unicode()
    }
}

/// Whether an ASCII byte is whitespace as `char::is_whitespace` has it (tab to carriage
/// return, and space).
fn is_ascii_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

impl<'a> Tokens<'a> {
    /// The next token, read character by character.
    fn next_unicode(&mut self) -> Option<Token<'a>> {
        let mut start = None;
        for (i, c) in self.rest.char_indices() {
            if !c.is_whitespace() {
                start = Some(i);
                break;
            }
            self.col += 1;
        }
        let start = start?;
        let tail = &self.rest[start..];
        let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let token = Token { col: self.col, text: &tail[..len] };
        self.col += token.text.chars().count();
        self.rest = &tail[len..];
        Some(token)
    }
}

/// A token as an error message shows it: quoted, cut short when long.
pub(crate) fn show(token: &str) -> String {
    const MAX: usize = 24;
    let mut chars = token.chars();
    let head: String = chars.by_ref().take(MAX).collect();
    if chars.next().is_some() { format!("'{head}…'") } else { format!("'{head}'") }
}

/// A whole number of ASCII digits (a leading `+` is accepted); None when not a number or when
/// it does not fit in a u64.
pub(crate) fn parse_u64(token: &str) -> Option<u64> {
    let digits = token.strip_prefix('+').unwrap_or(token);
    if digits.is_empty() {
        return None;
    }
    digits.bytes().try_fold(0u64, |n, b| {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(d as u64)
    })
}

/// Whether the token is made of ASCII digits only (possibly too large for a u64).
pub(crate) fn is_digits(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit())
}

/// A positive target that fits in a u64.
pub(crate) fn parse_target(line: usize, tok: Token<'_>) -> Result<u64, ParseError> {
    match parse_u64(tok.text) {
        Some(t) if t > 0 => Ok(t),
        Some(_) => Err(ParseError::expected(line, tok.col, "a positive target", show(tok.text))),
        None if is_digits(tok.text.strip_prefix('+').unwrap_or(tok.text)) => {
            Err(ParseError::expected(
                line,
                tok.col,
                "a positive target (at most 18446744073709551615)",
                show(tok.text),
            ))
        }
        None => Err(ParseError::expected(
            line,
            tok.col,
            "a positive target (a whole number)",
            show(tok.text),
        )),
    }
}

/// The smallest n with n² ≥ cells.
pub(crate) fn ceil_sqrt(cells: usize) -> usize {
    let mut n = 0;
    while n * n < cells {
        n += 1;
    }
    n
}

pub(crate) fn empty() -> ParseError {
    ParseError::whole(ParseErrorKind::Empty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_columns() {
        let line = Line { no: 1, text: "\t ab  ×c d" };
        let toks: Vec<_> = line.tokens().map(|t| (t.col, t.text)).collect();
        assert_eq!(toks, vec![(3, "ab"), (7, "×c"), (10, "d")]);
        assert_eq!(line.end_col(), 11);
        // Unicode whitespace separates tokens too; vertical tab and form feed are whitespace.
        let line = Line { no: 1, text: "a\u{a0}b\u{2003} c\x0bd\x0ce é" };
        let toks: Vec<_> = line.tokens().map(|t| (t.col, t.text)).collect();
        assert_eq!(toks, vec![(1, "a"), (3, "b"), (6, "c"), (8, "d"), (10, "e"), (12, "é")]);
    }

    #[test]
    fn lines_skip_blank_and_bom() {
        let text = "\u{feff}\r\n 1 2\r\n\r\n3\t\r\n";
        let ls: Vec<_> = lines(text).map(|l| (l.no, l.text)).collect();
        assert_eq!(ls, vec![(2, " 1 2"), (4, "3\t")]);
        // Unicode whitespace makes a blank line too; a non-ASCII character does not.
        let ls: Vec<_> = lines(" \u{3000}\n\u{a0}é\n").map(|l| (l.no, l.text)).collect();
        assert_eq!(ls, vec![(2, "\u{a0}é")]);
    }

    #[test]
    fn raw_lines_split_as_str_lines() {
        let parts = ["", "a", " b ", "\r", "\n", "\r\n", "é", "\n\r", "\r\r\n"];
        // Every string of up to four parts.
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> =
                texts.iter().flat_map(|t| parts.iter().map(move |p| format!("{t}{p}"))).collect();
            texts.extend(longer);
        }
        for t in &texts {
            assert_eq!(raw_lines(t).collect::<Vec<_>>(), t.lines().collect::<Vec<_>>(), "{t:?}");
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("12"), Some(12));
        assert_eq!(parse_u64("+3"), Some(3));
        assert_eq!(parse_u64("99999999999999999999999"), None);
        assert_eq!(parse_u64("-3"), None);
        assert_eq!(parse_u64("١"), None);
        assert_eq!(ceil_sqrt(24), 5);
        assert_eq!(ceil_sqrt(25), 5);
        assert_eq!(show(&"x".repeat(30)), format!("'{}…'", "x".repeat(24)));
    }
}
