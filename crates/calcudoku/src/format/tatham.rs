//! What Simon Tatham's game IDs share (Keen, Towers, Unequal): the shape `N…:description`,
//! a size then the game's parameters (`6dh`, `7adk`) then `:`; which game a line's ID is of;
//! and a cursor that reads an ID character by character and places its errors.

use crate::error::{ModelError, ParseError, ParseErrorKind};
use crate::puzzle::{MAX_SIZE, Puzzle};

/// The games whose IDs the formats read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Game {
    /// Keen: cage borders, then cage clues (`4:b_5a_abbaa__,m6s1m12a9m4a5`).
    Keen,
    /// Towers: 4N clues separated by `/`, perhaps givens (`4:2/1//3/…,c3b`).
    Towers,
    /// Unequal: one field per cell, a number and its signs (`4:0,2R,0D,…`), with `a` after
    /// the size in Adjacent mode.
    Unequal,
}

/// Which game a line's ID is of, from its shape alone (reading it may still fail): None when
/// the line is no game ID at all (one word: a size, perhaps parameters, then `:` and the
/// description, or `#` and a random seed).
///
/// Towers' descriptions hold `/` and Unequal's are comma-separated cells (a number and
/// `U`/`R`/`D`/`L` signs, perhaps after letters that skip cells), or its parameters say
/// Adjacent (`a` after the size); every other ID is taken for Keen's.
pub(crate) fn game_of(line: &str) -> Option<Game> {
    let line = line.trim();
    if line.contains(char::is_whitespace) {
        return None;
    }
    let (head, desc) = line.split_once([':', '#'])?;
    if !head.starts_with(|c: char| c.is_ascii_digit())
        || !head.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return None;
    }
    let params = head.trim_start_matches(|c: char| c.is_ascii_digit());
    let seeded = line.as_bytes()[head.len()] == b'#';
    if seeded {
        return Some(if params.starts_with('a') { Game::Unequal } else { Game::Keen });
    }
    if desc.contains('/') {
        Some(Game::Towers)
    } else if params.starts_with('a') || is_unequal_description(desc) {
        Some(Game::Unequal)
    } else {
        Some(Game::Keen)
    }
}

/// Whether a description is Unequal's: comma-separated cells, each letters that skip cells,
/// a number, then its signs (a trailing comma allowed).
fn is_unequal_description(desc: &str) -> bool {
    let cells = desc.strip_suffix(',').unwrap_or(desc);
    !cells.is_empty()
        && cells.split(',').all(|cell| {
            let rest = cell.trim_start_matches(|c: char| c.is_ascii_lowercase());
            let signs = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            signs.len() < rest.len() && signs.chars().all(|c| matches!(c, 'U' | 'R' | 'D' | 'L'))
        })
}

/// What a puzzle has beyond a Latin square with givens, relations and line clues, which no
/// Towers or Unequal ID can write: the first found, in words.
pub(crate) fn beyond_latin(puzzle: &Puzzle) -> Option<&'static str> {
    [
        (!puzzle.cages().is_empty(), "cages"),
        (puzzle.boxes().is_some(), "boxes"),
        (puzzle.jigsaw().is_some(), "jigsaw regions"),
        (puzzle.diagonals(), "diagonals"),
        (!puzzle.extra_regions().is_empty(), "extra regions"),
    ]
    .into_iter()
    .find_map(|(has, what)| has.then_some(what))
}

/// Writes the cells of a grid as Towers writes its givens: a letter `a`…`z` for a run of 1
/// to 26 empty cells, each value as a number, and `_` between two values that follow each
/// other.
pub(crate) fn write_runs(out: &mut String, cells: &[u8]) {
    let mut run = 0usize;
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            flush_run(out, &mut run);
        } else if i > 0 {
            out.push('_');
        }
        out.push_str(&v.to_string());
    }
    flush_run(out, &mut run);
}

fn flush_run(out: &mut String, run: &mut usize) {
    while *run > 0 {
        let part = (*run).min(26);
        out.push((b'a' + part as u8 - 1) as char);
        *run -= part;
    }
}

/// Whitespace or a byte-order mark, ignored around an ID.
pub(crate) fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// A position in the (untrimmed) input, reading up to `end`.
pub(crate) struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
    pub end: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over the text without its surrounding blanks; an error when nothing is left.
    pub fn trimmed(text: &'a str) -> Result<Cursor<'a>, ParseError> {
        let trimmed_start = text.trim_start_matches(is_blank);
        let start = text.len() - trimmed_start.len();
        let end = start + trimmed_start.trim_end_matches(is_blank).len();
        if start == end {
            return Err(ParseError::whole(ParseErrorKind::Empty));
        }
        Ok(Cursor { text, pos: start, end })
    }

    pub fn peek(&self) -> Option<char> {
        self.text[self.pos..self.end].chars().next()
    }

    pub fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    /// Reads a run of ASCII digits: the digits as written, and their value unless it overflows.
    pub fn number(&mut self) -> (String, Option<u64>) {
        let start = self.pos;
        let mut value = Some(0u64);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(d)));
            self.pos += 1;
        }
        let digits = &self.text[start..self.pos];
        let shown =
            if digits.len() > 30 { format!("{}…", &digits[..30]) } else { digits.to_string() };
        (shown, value)
    }

    /// Reads the grid size an ID starts with: 1 to [`MAX_SIZE`].
    pub fn size(&mut self) -> Result<usize, ParseError> {
        let at = self.pos;
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.expected(at, "the grid size (a number)"));
        }
        let (digits, size) = self.number();
        match size {
            Some(s) if (1..=MAX_SIZE as u64).contains(&s) => Ok(s as usize),
            Some(s) if s <= usize::MAX as u64 => {
                Err(self.error(at, ParseErrorKind::Invalid(ModelError::Size { size: s as usize })))
            }
            _ => Err(self.error(
                at,
                ParseErrorKind::Other(format!(
                    "size {digits} is not supported (expected 1 to {MAX_SIZE})"
                )),
            )),
        }
    }

    /// Reads `d` and a level letter among `letters` when they come next (a game's level, which
    /// says how the puzzle was made, not what it is).
    pub fn level(&mut self, letters: &str, names: &str) -> Result<(), ParseError> {
        if self.peek() == Some('d') {
            self.bump();
            if !self.peek().is_some_and(|c| letters.contains(c)) {
                return Err(self.expected(self.pos, format!("a level letter after 'd' ({names})")));
            }
            self.bump();
        }
        Ok(())
    }

    /// Reads the `:` that ends the parameters; a `#` (a random seed) is explained.
    pub fn colon(&mut self, game: &str) -> Result<(), ParseError> {
        if self.peek() == Some('#') {
            return Err(self.expected(
                self.pos,
                format!(
                    "':' and the puzzle (a random-seed ID, with '#', names a puzzle only \
                     {game}'s own generator can make: copy the game ID instead)"
                ),
            ));
        }
        if self.peek() != Some(':') {
            return Err(self.expected(self.pos, "a digit or ':' after the size"));
        }
        self.bump();
        Ok(())
    }

    /// 1-based line and column (in characters) of byte offset `at` of the input.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let before = &self.text[..at];
        let line = 1 + before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    pub fn error(&self, at: usize, kind: ParseErrorKind) -> ParseError {
        let (line, column) = self.line_col(at);
        ParseError::new(line, column, kind)
    }

    /// "expected …, found <the character at `at`>".
    pub fn expected(&self, at: usize, expected: impl Into<String>) -> ParseError {
        let found = match self.text[at..self.end].chars().next() {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "the end of the input".to_string(),
        };
        let (line, column) = self.line_col(at);
        ParseError::expected(line, column, expected, found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_told_apart_by_shape() {
        let cases = [
            ("4:b_5a_abbaa__,m6s1m12a9m4a5", Some(Game::Keen)),
            ("6dh#12345", Some(Game::Keen)),
            ("9dxm:a_b,s1", Some(Game::Keen)),
            ("4de:2/1/2/3/2/3/2/1/2/3/1/3/2/2/4/1", Some(Game::Towers)),
            ("6dx:/3/4/////////4/2/3//1////3///3/3,g3m2n", Some(Game::Towers)),
            ("4dt:0,0,2,3,1,4,0,0,0,2,0,0,0,0,0,1,", Some(Game::Unequal)),
            ("5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,", Some(Game::Unequal)),
            ("3:b1,0,0,c", Some(Game::Keen)),
            ("3:b1,0,0,2", Some(Game::Unequal)),
            ("6adk:0R,0L", Some(Game::Unequal)),
            ("6adk#1", Some(Game::Unequal)),
            ("4 :x", None),
            ("a4:x", None),
            ("boxes", None),
        ];
        for (id, game) in cases {
            assert_eq!(game_of(id), game, "{id}");
        }
    }
}
