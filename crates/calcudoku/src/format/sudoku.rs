//! The `sudoku` format, in three forms:
//!
//! - **line**: one puzzle per line, N² characters for N in 4, 6, 8, 9, 12, 16, 25 (16, 36, 64,
//!   81, 144, 256 or 625 characters); `1`–`9`, then letters `A`=10, `B`=11, … (either case);
//!   `.`, `0`, `-`, `_` or `*` for an empty cell. A file of such lines is a batch: each line is
//!   one entry, and a bad line is an error in its entry only. Layout [`Layout::Line`]. After
//!   the puzzle, the line may hold a note (a rating: `…  # 9.2`, `…<tab>9.2`, `…;9.2`), which is
//!   not read.
//! - **rows**: N rows of N whitespace-separated numbers (`0` or `.` empty), N with usual boxes
//!   ([`BoxShape::standard`]: 4, 6, 8, 9, 10, 12, 16, 25, …). Layout [`Layout::Rows`].
//! - **compact rows**: N rows of N characters without spaces (as in the line form), e.g. nine
//!   lines of nine digits. Exactly 16 lines of 16 characters are read as one 16×16 grid, not as
//!   sixteen 4×4 lines. Layout [`Layout::Rows`]. Spaces may split a row into groups, as the
//!   boxes of a drawn grid do (`53. .7. ...`).
//!
//! Boxes are always the standard ones for the size. Givens that clash in a row, column or box
//! read as they are: the puzzle has no solution, which solving reports (status 1), as for a
//! puzzle of any other format whose rules cannot all hold.

use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{BoxShape, Grid, MAX_SIZE, Puzzle};

use super::grid::{self, MAX_CHAR_VALUE, cell_char};
use super::text::{self, Line, Token, show};
use super::{Document, Entry, Format, Layout, value_char};

/// Lengths of a one-line puzzle: N² for N = 4, 6, 8, 9, 12, 16, 25.
pub const LINE_LENGTHS: [usize; 7] = [16, 36, 64, 81, 144, 256, 625];

/// The `sudoku` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "sudoku",
    summary: "an 81-character line (or a file of them), or N rows of N values",
    help: "  sudoku   A line of N² characters (1-9, A=10 …; . or 0 empty) — a file of such
           lines is solved line by line — or N rows of N numbers (0 or . empty)
           for N = 4, 6, 8, 9, 12, 16, 25.
             53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    could_be: |s| s.single || s.square,
    parse,
    read_batch: Some(read),
    detect: Some(detect_read),
    write: |p, layout| match layout {
        Layout::Line => write_line(p),
        Layout::Rows => write_rows(p),
    },
    one_per_line: None,
    claims: |_, _| false,
    preference: 3,
    raw: false,
};

/// How detection tries the format: a text that is clearly no file of Sudoku lines is read
/// by its first line only, so that it gives one error rather than a batch of them.
fn detect_read(text: &str) -> Result<Document, ParseError> {
    if plausible(text) { read(text) } else { read(&first_line_only(text)) }
}

/// The first non-blank line of the text, at its own line number (blank lines kept before it).
fn first_line_only(text: &str) -> String {
    let first = super::text::lines(text).next().map_or(1, |l| l.no);
    let line = super::text::lines(text).next().map_or("", |l| l.text);
    let mut s = "\n".repeat(first - 1);
    s.push_str(line);
    s
}

/// Whether a text could be a Sudoku batch: its first line is rows of several values, or one
/// word of a line-form or compact-row length.
fn plausible(text: &str) -> bool {
    let Some(first) = super::text::lines(text).next() else {
        return false;
    };
    let mut toks = first.tokens();
    let Some(tok) = toks.next() else { return false };
    if toks.next().is_some() {
        return true;
    }
    let len = tok.text.chars().take(LINE_LENGTHS[6] + 1).count();
    LINE_LENGTHS.contains(&len) || is_side(len)
}

/// Reads a `sudoku` text in any of its forms.
pub fn read(text: &str) -> Result<Document, ParseError> {
    let mut lines = text::lines(text);
    let first = lines.next().ok_or_else(text::empty)?;
    let mut toks = first.tokens();
    let mut tok = toks.next().ok_or_else(text::empty)?;
    if toks.next().is_some() {
        match line_word(first) {
            // A one-line puzzle followed by a note.
            Some(word) => tok = word,
            None => {
                let puzzle = parse_rows(text)?;
                return Ok(single(first.no, puzzle));
            }
        }
    }
    let len = tok.text.chars().take(MAX_SIZE + 1).count();
    // One token alone on the only line, of no one-line length: a one-line Sudoku mistyped
    // rather than the first of N rows.
    let chars = tok.text.chars().take(LINE_LENGTHS[6] + 1).count();
    if text::lines(text).nth(1).is_none() && !LINE_LENGTHS.contains(&chars) {
        return Err(ParseError::expected(
            first.no,
            tok.col,
            "a one-line Sudoku of 16, 36, 64, 81, 144, 256 or 625 characters",
            if chars > LINE_LENGTHS[6] {
                format!("more than {} characters", LINE_LENGTHS[6])
            } else {
                format!("{chars} characters")
            },
        ));
    }
    let compact = is_side(len)
        && (!LINE_LENGTHS.contains(&len) || text::lines(text).take(len + 1).count() == len);
    if compact {
        let puzzle = parse_compact(text, len)?;
        return Ok(single(first.no, puzzle));
    }
    let entries = text::lines(text).map(|l| Entry { line: l.no, puzzle: parse_line(l) }).collect();
    Ok(Document { format: Format::SUDOKU, layout: Layout::Line, entries })
}

fn single(line: usize, puzzle: Puzzle) -> Document {
    Document {
        format: Format::SUDOKU,
        layout: Layout::Rows,
        entries: vec![Entry { line, puzzle: Ok(puzzle) }],
    }
}

/// Reads one line of a file of one-line puzzles, `no` being its 1-based line number (errors
/// name it). Lets a caller stream a file of millions of lines without holding it.
pub fn parse_line_at(line: &str, no: usize) -> Result<Puzzle, ParseError> {
    if let Some(puzzle) = plain_line(line.as_bytes()) {
        return Ok(puzzle);
    }
    let line = text::strip_bom(line);
    if line.trim().is_empty() {
        return Err(ParseError::new(no, 0, ParseErrorKind::Empty));
    }
    parse_line(Line { no, text: line })
}

/// Whether a line looks like the first of a file of one-line puzzles of 9×9 or larger (a
/// single token of 81, 144, 256 or 625 characters): such files can be streamed.
pub fn is_long_line_puzzle(line: &str) -> bool {
    let line = Line { no: 1, text: text::strip_bom(line) };
    // A Keen game ID is one token too, but has a ':'.
    line_word(line)
        .is_some_and(|w| w.text.chars().count() >= LINE_LENGTHS[3] && !w.text.contains(':'))
}

/// Reads a text that must hold exactly one Sudoku, in any form.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let doc = read(text)?;
    let mut entries = doc.entries.into_iter();
    match (entries.next(), entries.next()) {
        (Some(e), None) => e.puzzle,
        (None, _) => Err(text::empty()),
        (Some(_), Some(e)) => Err(ParseError::new(
            e.line,
            0,
            ParseErrorKind::Other("expected one puzzle, found several".into()),
        )),
    }
}

/// A side length that has usual boxes and whose values can be spelled with one character.
pub(crate) fn is_side(n: usize) -> bool {
    (4..=MAX_SIZE).contains(&n) && BoxShape::standard(n).is_some()
}

/// The puzzle word of a line of the line form, when it has a one-line length: the line's first
/// word, cut at a `;` or `,` (forum lists separate their fields so). What follows it on the line
/// is a note, such as a rating, and is not read.
fn line_word(line: Line<'_>) -> Option<Token<'_>> {
    let tok = line.tokens().next()?;
    let end = tok.text.bytes().position(|b| b == b';' || b == b',').unwrap_or(tok.text.len());
    let word = Token { col: tok.col, text: &tok.text[..end] };
    let len = if word.text.is_ascii() {
        word.text.len()
    } else {
        word.text.chars().take(LINE_LENGTHS[6] + 1).count()
    };
    LINE_LENGTHS.contains(&len).then_some(word)
}

/// One puzzle of the line form.
fn parse_line(line: Line<'_>) -> Result<Puzzle, ParseError> {
    if let Some(word) = line_word(line) {
        return parse_word(line.no, word);
    }
    let mut toks = line.tokens();
    let tok = toks.next().expect("a non-blank line has a token");
    if let Some(extra) = toks.next() {
        return Err(ParseError::expected(
            line.no,
            extra.col,
            "one puzzle per line (its cells without spaces)",
            format!("more text, starting with {}", show(extra.text)),
        ));
    }
    let len = tok.text.chars().take(LINE_LENGTHS[6] + 1).count();
    if !LINE_LENGTHS.contains(&len) {
        let found = if len > LINE_LENGTHS[6] {
            format!("more than {}", LINE_LENGTHS[6])
        } else {
            len.to_string()
        };
        return Err(ParseError::expected(
            line.no,
            0,
            "a line of 81 characters (or 16, 36, 64, 144, 256 or 625 for other sizes)",
            format!("{found} characters"),
        ));
    }
    parse_word(line.no, tok)
}

/// The puzzle of a word of one-line length.
fn parse_word(no: usize, tok: Token<'_>) -> Result<Puzzle, ParseError> {
    // Files of millions of lines go through here: ASCII words are read through a table, and
    // only a bad character takes the path that words its error.
    let bytes = tok.text.as_bytes();
    let ascii = tok.text.is_ascii();
    let len = if ascii { bytes.len() } else { tok.text.chars().count() };
    let n = text::ceil_sqrt(len);
    let mut values = Vec::with_capacity(len);
    if ascii {
        for &b in bytes {
            match ASCII_VALUE[b as usize] {
                v if (v as usize) <= n => values.push(v),
                _ => break,
            }
        }
    }
    if values.len() < len {
        values.clear();
        for (i, c) in tok.text.chars().enumerate() {
            values.push(cell_char(no, tok.col + i, c, n)?);
        }
    }
    build(n, values)
}

/// The value of each ASCII byte in the line form (`.`, `0`, `-`, `_`, `*` empty; `1`–`9`;
/// letters from 10), or `u8::MAX` for a byte that is no cell.
const ASCII_VALUE: [u8; 256] = {
    let mut t = [u8::MAX; 256];
    let empties = *b".0-_*";
    let mut i = 0;
    while i < empties.len() {
        t[empties[i] as usize] = 0;
        i += 1;
    }
    let mut d = 1;
    while d <= 9 {
        t[(b'0' + d) as usize] = d;
        d += 1;
    }
    let mut l = 0;
    while l < 26 {
        t[(b'a' + l) as usize] = 10 + l;
        t[(b'A' + l) as usize] = 10 + l;
        l += 1;
    }
    t
};

/// The givens of a plain 9×9 line, for a batch's fast path: exactly 81 ASCII cell characters
/// (`1`–`9`, or `.`, `0`, `-`, `_`, `*` for an empty cell), row-major, 0 for an empty cell.
/// None for any other line (a note, spaces, another size, a letter), which [`parse_line_at`]
/// reads. Unlike the reader it does not look for clashing givens: the 9×9 engine finds them
/// as it places the givens (see [`Solver::sudoku9`](crate::solve::Solver::sudoku9)), and the
/// puzzle has no solution.
pub fn plain_givens9(bytes: &[u8]) -> Option<[u8; 81]> {
    let bytes: &[u8; 81] = bytes.try_into().ok()?;
    // By comparisons rather than through `ASCII_VALUE`, so that the compiler does sixteen bytes
    // at a time (the test below checks both agree on every byte).
    let mut givens = [0u8; 81];
    let mut bad = false;
    for (g, &b) in givens.iter_mut().zip(bytes) {
        let d = b.wrapping_sub(b'0');
        let digit = d <= 9;
        let empty = b == b'.' || b == b'-' || b == b'_' || b == b'*';
        *g = if digit { d } else { 0 };
        bad |= !(digit || empty);
    }
    (!bad).then_some(givens)
}

/// The usual line of a big batch, read in one pass: exactly N² cell characters (ASCII, no
/// note, no spaces, no byte-order mark) and no clashing givens. Anything else gives `None` and
/// goes to the general reader, which reads it the same way (clashing givens too) or words its
/// error; on the lines this accepts, both give the same puzzle.
fn plain_line(bytes: &[u8]) -> Option<Puzzle> {
    let values: Vec<u8> = bytes.iter().map(|&b| ASCII_VALUE[b as usize]).collect();
    // The side and the boxes as constants, so that finding a cell's row, column and box costs
    // no division.
    let (n, fits) = match bytes.len() {
        81 => (9, givens_fit::<9, 3, 3>(&values)),
        16 => (4, givens_fit::<4, 2, 2>(&values)),
        36 => (6, givens_fit::<6, 2, 3>(&values)),
        64 => (8, givens_fit::<8, 2, 4>(&values)),
        144 => (12, givens_fit::<12, 3, 4>(&values)),
        256 => (16, givens_fit::<16, 4, 4>(&values)),
        625 => (25, givens_fit::<25, 5, 5>(&values)),
        _ => return None,
    };
    if !fits {
        return None;
    }
    Puzzle::sudoku(n, BoxShape::standard(n), Grid::from_valid(n, values)).ok()
}

/// Whether N² values (`u8::MAX` for a byte that is no cell) are all cells of an N×N Sudoku with
/// H×W boxes, none clashing with another in its row, column or box. Empty cells are skipped
/// eight at a time.
fn givens_fit<const N: usize, const H: usize, const W: usize>(values: &[u8]) -> bool {
    debug_assert_eq!(BoxShape::standard(N), Some(BoxShape { height: H as u8, width: W as u8 }));
    // The values seen in each row, column and box (N ≤ 25: one 32-bit word each).
    let mut seen = [[0u32; N]; 3];
    let mut fits = |i: usize, v: u8| {
        if v as usize > N {
            return false;
        }
        let (r, c) = (i / N, i % N);
        let b = r / H * (N / W) + c / W;
        let bit = 1u32 << (v - 1);
        if (seen[0][r] | seen[1][c] | seen[2][b]) & bit != 0 {
            return false;
        }
        seen[0][r] |= bit;
        seen[1][c] |= bit;
        seen[2][b] |= bit;
        true
    };
    let mut words = values.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let mut x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        while x != 0 {
            let k = x.trailing_zeros() as usize / 8;
            if !fits(at + k, (x >> (8 * k)) as u8) {
                return false;
            }
            x &= !(0xff << (8 * k));
        }
        at += 8;
    }
    for (k, &v) in words.remainder().iter().enumerate() {
        if v != 0 && !fits(at + k, v) {
            return false;
        }
    }
    true
}

/// N rows of N characters.
fn parse_compact(text: &str, n: usize) -> Result<Puzzle, ParseError> {
    let cells = grid::read_compact(text, n, grid::FIRST_ROW, true)?;
    build(n, cells.values)
}

/// N rows of N whitespace-separated numbers.
fn parse_rows(text: &str) -> Result<Puzzle, ParseError> {
    let first = text::lines(text).next().ok_or_else(text::empty)?;
    // N is the most common row length among the first rows (so one bad row is reported as
    // itself, not as a wrong size), the first row's on a tie.
    let counts: Vec<usize> = text::lines(text)
        .take(MAX_SIZE + 1)
        .map(|l| l.tokens().take(MAX_SIZE + 1).count())
        .collect();
    let freq = |k: usize| counts.iter().filter(|&&c| c == k).count();
    let mut n = counts[0];
    for &k in &counts {
        if freq(k) > freq(n) {
            n = k;
        }
    }
    if !is_side(n) {
        // Rows of characters split into groups, as a drawn grid's boxes split them.
        let chars: usize = first.tokens().take(MAX_SIZE + 1).map(|t| t.text.chars().count()).sum();
        if grid::is_grouped(first) && is_side(chars) {
            return parse_compact(text, chars);
        }
        let found = if n > MAX_SIZE {
            format!("more than {MAX_SIZE} values (grids are at most {MAX_SIZE}x{MAX_SIZE})")
        } else {
            format!("{n} values")
        };
        return Err(ParseError::expected(
            first.no,
            0,
            "a row of 4, 6, 8, 9, 12, 16 or 25 values (a size with boxes)",
            found,
        ));
    }
    let cells = grid::read_rows(text, n, grid::FIRST_ROW)?;
    build(n, cells.values)
}

/// The puzzle of checked values. Givens that clash in a row, column or box are read: such a
/// puzzle has no solution, which solving says (status 1), as for every other format.
fn build(n: usize, values: Vec<u8>) -> Result<Puzzle, ParseError> {
    let boxes = BoxShape::standard(n).expect("sizes are checked to have boxes");
    Puzzle::sudoku(n, Some(boxes), Grid::from_valid(n, values))
        .map_err(|e| ParseError::whole(ParseErrorKind::Invalid(e)))
}

/// Whether the puzzle is a plain Sudoku with the usual boxes.
fn check_sudoku(puzzle: &Puzzle) -> Result<(), WriteError> {
    super::only_boxes_and_cages(puzzle, "sudoku")?;
    let n = puzzle.size();
    if !puzzle.cages().is_empty() || puzzle.distinct_cages() {
        return Err(WriteError::unsupported("sudoku", "cages"));
    }
    if puzzle.boxes().is_none() || puzzle.boxes() != BoxShape::standard(n) || n < 4 {
        return Err(WriteError::unsupported(
            "sudoku",
            format!("a {n}x{n} grid without the usual boxes"),
        ));
    }
    Ok(())
}

/// Writes a Sudoku as one line of N² characters (`.` empty, `A`=10 …), ending in a newline.
pub fn write_line(puzzle: &Puzzle) -> Result<String, WriteError> {
    check_sudoku(puzzle)?;
    let n = puzzle.size();
    if !LINE_LENGTHS.contains(&(n * n)) || n > MAX_CHAR_VALUE {
        return Err(WriteError::unsupported("sudoku", format!("a {n}x{n} grid on one line")));
    }
    let mut s: String = puzzle.givens().cells().iter().map(|&v| value_char(v)).collect();
    s.push('\n');
    Ok(s)
}

/// Writes a Sudoku as N rows of N space-separated numbers (`0` empty).
pub fn write_rows(puzzle: &Puzzle) -> Result<String, WriteError> {
    check_sudoku(puzzle)?;
    Ok(puzzle.givens().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const ROWS: &str = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";

    #[test]
    fn line_form() {
        let doc = read(&format!("{LINE}\n\n{LINE}\r\n")).unwrap();
        assert_eq!(doc.layout, Layout::Line);
        assert_eq!(doc.entries.len(), 2);
        assert_eq!(doc.entries[1].line, 3);
        let p = doc.entries[0].puzzle.clone().unwrap();
        assert_eq!(p.size(), 9);
        assert_eq!(p.givens().at(0, 0), 4);
        assert_eq!(write_line(&p).unwrap().trim_end(), LINE);
        assert_eq!(parse(&write_rows(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn rows_and_compact() {
        let p = parse(ROWS).unwrap();
        assert_eq!(p.size(), 9);
        assert_eq!(p.boxes(), BoxShape::standard(9));
        assert_eq!(parse(&write_rows(&p).unwrap()).unwrap(), p);
        assert_eq!(parse(&write_line(&p).unwrap()).unwrap(), p);
        let compact: String = ROWS.replace(' ', "");
        assert_eq!(parse(&compact).unwrap(), p);
    }

    #[test]
    fn other_sizes() {
        let p = parse("1.3.\n..4.\n....\n....\n").unwrap();
        assert_eq!(p.size(), 4);
        let mut g16 = String::new();
        for r in 0..16 {
            for c in 0..16 {
                g16.push(value_char(if r == c { (c + 1) as u8 } else { 0 }));
            }
        }
        let p = parse(&g16).unwrap();
        assert_eq!(p.size(), 16);
        assert_eq!(p.givens().at(15, 15), 16);
        assert_eq!(parse(&write_line(&p).unwrap()).unwrap(), p);
        let six = "1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . 6\n";
        let p = parse(six).unwrap();
        assert_eq!(p.boxes(), Some(BoxShape { height: 2, width: 3 }));
        assert_eq!(parse(&write_line(&p).unwrap()).unwrap(), p);
    }

    /// The one-pass reader of plain lines agrees with the general one: the same puzzle where
    /// it accepts a line, and it leaves every line the general reader rejects (or reads as
    /// something else) to it.
    #[test]
    fn plain_lines_agree_with_the_general_reader() {
        let general = |s: &str| parse_line(Line { no: 1, text: s });
        let mut lines: Vec<String> =
            vec![LINE.into(), LINE.replace('.', "0"), LINE.replace('.', "-")];
        for n in [4usize, 6, 8, 9, 12, 16, 25] {
            let b = BoxShape::standard(n).unwrap();
            let (h, w) = (b.height as usize, b.width as usize);
            // A solved grid (rows shifted by box width, bands by one), every third cell kept.
            let line: String = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    let v = ((r % h) * w + r / h + c) % n + 1;
                    if i % 3 == 0 { value_char(v as u8) } else { '.' }
                })
                .collect();
            lines.push(line.to_lowercase());
            lines.push(line.replace('.', "_"));
            // A clash in the first row, a value too large, a stray byte, a note, a BOM.
            lines.push(format!("{}{}", &line[..3], &line[..n * n - 3]));
            // The same value at (1, 1) as at (0, 0): a clash in the first box only.
            let mut boxed: Vec<char> = line.chars().collect();
            boxed[n + 1] = boxed[0];
            lines.push(boxed.into_iter().collect());
            lines.push(format!("{}{}", value_char(n as u8 + 1), &line[1..]));
            lines.push(format!("{}#{}", &line[..1], &line[2..]));
            lines.push(format!("{}\t9.2", &line));
            lines.push(format!("\u{feff}{line}"));
            lines.push(line);
        }
        let mut accepted = 0;
        for line in &lines {
            match (plain_line(line.as_bytes()), general(line)) {
                (Some(fast), Ok(slow)) => {
                    assert_eq!(fast, slow, "{line}");
                    accepted += 1;
                }
                (Some(_), Err(e)) => panic!("{line}: accepted, but the general reader says {e}"),
                (None, _) => {}
            }
        }
        // Plain lines of every size go the fast way; the others not.
        assert_eq!(accepted, 3 + 7 * 3);
        for bad in ["44......", "4 ......"] {
            assert!(plain_line(format!("{bad}{}", &LINE[8..]).as_bytes()).is_none());
        }
    }

    /// The batch's fast path for 9×9 lines agrees with the reader on every byte in every
    /// place that matters: a line it takes is a puzzle the reader makes with the same givens
    /// (whose givens may clash: the 9×9 engine finds no solution, nor does the solver); every
    /// other line it leaves.
    #[test]
    fn plain_givens9_agree_with_the_reader() {
        use crate::solve::Solver;
        let reader = |s: &[u8]| std::str::from_utf8(s).ok().map(|s| parse_line_at(s, 1));
        let (mut taken, mut clashes) = (0, 0);
        for b in 0..=255u8 {
            // In an empty cell (0, 1), over a given (0, 0), as the last cell, and after it.
            let mut empty = LINE.as_bytes().to_vec();
            empty[1] = b;
            let mut given = LINE.as_bytes().to_vec();
            given[0] = b;
            let last = [&LINE.as_bytes()[..80], &[b][..]].concat();
            let long = [LINE.as_bytes(), &[b][..]].concat();
            for line in [empty, given, last, long] {
                let fast = plain_givens9(&line);
                taken += fast.is_some() as usize;
                match (fast, reader(&line)) {
                    (Some(g), Some(Ok(p))) => {
                        assert_eq!(&g[..], p.givens().cells(), "{line:?}");
                        // The fast path's solver and the reader's puzzle's agree.
                        let fast = Solver::sudoku9(&g).expect("values up to 9").count(2).unwrap();
                        let read = Solver::new(&p).count(2).unwrap();
                        assert_eq!(fast, read, "{line:?}");
                        clashes += usize::from(read.solutions == 0);
                    }
                    (Some(_), Some(Err(e))) => panic!("{line:?}: taken, but not read: {e}"),
                    (Some(_), None) => panic!("{line:?}: taken, but not UTF-8"),
                    // Left: a line that is not 81 cells of a 9×9 grid.
                    (None, _) => assert!(
                        line.len() != 81 || line.iter().any(|&c| ASCII_VALUE[c as usize] > 9),
                        "{line:?}"
                    ),
                }
            }
        }
        // `1`–`9` and the five empty characters, in each of the three cells; some digits
        // clash with a given of the line.
        assert_eq!(taken, 3 * 14);
        assert!(clashes > 0);
    }

    #[test]
    fn errors() {
        let doc = read(&format!("{LINE}\n{}\n{LINE}x\n", &LINE[1..])).unwrap();
        assert!(doc.entries[0].puzzle.is_ok());
        let e = doc.entries[1].puzzle.clone().unwrap_err();
        assert_eq!((e.line, e.column), (2, 0));
        assert!(e.to_string().contains("found 80 characters"), "{e}");
        assert_eq!(doc.entries[2].puzzle.clone().unwrap_err().line, 3);

        let bad = format!("{}%{}", &LINE[..5], &LINE[6..]);
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.to_string().contains("found '%'"), "{e}");

        let e = parse(&format!("A{}", &LINE[1..])).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.to_string().contains("'A' (value 10, too large for a 9x9 grid)"), "{e}");

        // Clashing givens read (the puzzle has no solution, as in every format).
        let clash = parse(&format!("44{}", &LINE[2..])).unwrap();
        assert_eq!(&clash.givens().cells()[..2], [4, 4]);
        let rows = parse(&ROWS.replacen("5 3", "5 5", 1)).unwrap();
        assert_eq!(&rows.givens().cells()[..2], [5, 5]);

        let e = parse(&ROWS.replacen("5 3", "5 10", 1)).unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse(&ROWS.replacen("5 3 0 0 7 0 0 0 0\n", "", 1)).unwrap_err();
        assert!(e.to_string().contains("expected 9 rows"), "{e}");
        let e = parse(&ROWS.replacen("5 3", "5 3 3", 1)).unwrap_err();
        assert_eq!((e.line, e.column), (1, 19));
        assert!(e.to_string().contains("expected 9 values in this row"), "{e}");
        let e = parse("1 2 3\n").unwrap_err();
        assert!(e.to_string().contains("found 3 values"), "{e}");
    }
}
