//! The `ops` format (seeds 001/004): N rows of N cage ids, then one line of labels.
//!
//! ```text
//! 0 0 1
//! 2 1 1
//! 2 3 3
//! 3+ 6* 3+ 4+
//! ```
//!
//! Cage ids are numbered 0..m in order of first appearance, scanning row-major; label k belongs
//! to cage k. A label is a positive target, then optionally one operator (`+ - * / x X × ÷ − ∗`)
//! or `?`. No operator on a one-cell cage makes a given; no operator (or `?`) on several cells
//! makes a hidden operator. Cages need not be contiguous.
//!
//! Killer Sudoku: an optional first line `boxes HxW` (e.g. `boxes 3x3`) adds boxes of H rows by
//! W columns, and then the values within each cage must differ.

use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{BoxShape, Cage, Cell, Grid, MAX_SIZE, Operator, Puzzle, push_number};
use smallvec::{SmallVec, smallvec};

use super::text::{self, Line, Token, parse_u64, show};

/// The `ops` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "ops",
    summary: "N rows of N cage ids, then one line of cage labels (seeds 001 and 004)",
    help: "  ops      N rows of N cage ids (numbered from 0 in order of first appearance),
           then one line of labels: target and operator (+ - * / or x × ÷ −),
           no operator on a one-cell cage (a given), ? for a hidden operator.
             0 0 1
             2 1 1
             2 3 3
             3+ 6* 3+ 4+
           An optional first line `boxes 3x3` makes it a Killer Sudoku.",
    could_be: |s| s.first.is_some_and(|t| !t.starts_with('{') && !t.contains(':')),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| write(p),
    one_per_line: None,
    claims: |first, _| first.eq_ignore_ascii_case("boxes"),
    preference: 2,
    raw: false,
};

/// Reads an `ops` text.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    match parse_plain(text) {
        Some(puzzle) => Ok(puzzle),
        None => parse_general(text),
    }
}

/// Whether every given (a one-cell cage without operator) is a value of the grid: one that is
/// not is bad input, as in the other formats, rather than a puzzle without solution.
fn givens_in_range(puzzle: &Puzzle) -> bool {
    let n = puzzle.size() as u64;
    puzzle
        .cages()
        .iter()
        .all(|c| c.op.is_some() || c.cells.len() != 1 || (1..=n).contains(&c.target))
}

/// Reads any `ops` text, or says what is wrong with it and where.
fn parse_general(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = text::lines(text).peekable();
    let mut line = lines.next().ok_or_else(text::empty)?;
    let mut boxes = None;
    let mut boxes_line = 0;
    if line.tokens().next().is_some_and(|t| t.text.eq_ignore_ascii_case("boxes")) {
        boxes = Some(parse_boxes(line)?);
        boxes_line = line.no;
        line = lines.next().ok_or_else(|| {
            ParseError::expected(
                line.no + 1,
                0,
                "rows of cage ids after the boxes line",
                "the end of the input",
            )
        })?;
    }

    // The first row fixes N.
    let first_row = line;
    let mut n = 0;
    for tok in first_row.tokens() {
        n += 1;
        if n > MAX_SIZE {
            return Err(ParseError::expected(
                line.no,
                tok.col,
                format!(
                    "at most {MAX_SIZE} cage ids in a row (grids are at most {MAX_SIZE}x{MAX_SIZE})"
                ),
                "more",
            ));
        }
    }

    let mut ids: Vec<usize> = Vec::with_capacity(n * n);
    let mut next_id = 0usize;
    let mut last_no = line.no;
    for r in 0..n {
        if r > 0 {
            line = match lines.next() {
                Some(l) => l,
                None => {
                    return Err(ParseError::expected(
                        last_no,
                        0,
                        format!(
                            "{n} rows of cage ids (the first row, line {}, has {n}) and a line of labels",
                            first_row.no
                        ),
                        format!("{r} rows and no labels"),
                    ));
                }
            };
            if lines.peek().is_none() && line.tokens().any(|t| parse_u64(t.text).is_none()) {
                return Err(ParseError::expected(
                    line.no,
                    0,
                    format!(
                        "{n} rows of cage ids (the first row, line {}, has {n}) before the labels",
                        first_row.no
                    ),
                    format!("{r} rows (this line looks like the labels)"),
                ));
            }
        }
        last_no = line.no;
        let mut k = 0;
        for tok in line.tokens() {
            if k == n {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    format!(
                        "{n} cage ids in this row (as in the first row, line {})",
                        first_row.no
                    ),
                    format!("more, starting with {}", show(tok.text)),
                ));
            }
            k += 1;
            let id = parse_u64(tok.text).ok_or_else(|| {
                ParseError::expected(line.no, tok.col, "a cage id (a whole number)", show(tok.text))
            })?;
            if id as usize == next_id && id < (MAX_SIZE * MAX_SIZE) as u64 {
                next_id += 1;
            } else if id >= next_id as u64 {
                return Err(ParseError::new(
                    line.no,
                    tok.col,
                    ParseErrorKind::CageOrder { expected: next_id, found: id },
                ));
            }
            ids.push(id as usize);
        }
        if k < n {
            return Err(ParseError::expected(
                line.no,
                line.end_col(),
                format!("{n} cage ids in this row (as in the first row, line {})", first_row.no),
                format!("{k}"),
            ));
        }
    }

    // The labels.
    let m = next_id;
    let Some(label_line) = lines.next() else {
        return Err(ParseError::expected(
            last_no + 1,
            0,
            format!("a line of {m} labels after the grid"),
            "the end of the input",
        ));
    };
    let mut labels: Vec<(u64, Option<Operator>)> = Vec::with_capacity(m);
    let mut cells_of = vec![0usize; m];
    for &id in &ids {
        cells_of[id] += 1;
    }
    for tok in label_line.tokens() {
        if labels.len() == m {
            return Err(ParseError::expected(
                label_line.no,
                tok.col,
                format!("{m} labels (one per cage)"),
                format!("more, starting with {}", show(tok.text)),
            ));
        }
        let (target, op) = parse_label(label_line.no, tok)?;
        if op.is_none() && cells_of[labels.len()] == 1 && !(1..=n as u64).contains(&target) {
            return Err(ParseError::expected(
                label_line.no,
                tok.col,
                format!("a given from 1 to {n} (cage {} has one cell)", labels.len()),
                target.to_string(),
            ));
        }
        labels.push((target, op));
    }
    if labels.len() < m {
        return Err(ParseError::expected(
            label_line.no,
            0,
            format!("{m} labels (one per cage)"),
            labels.len().to_string(),
        ));
    }
    if let Some(extra) = lines.next() {
        let col = extra.tokens().next().map_or(1, |t| t.col);
        return Err(ParseError::expected(
            extra.no,
            col,
            "the end of the input after the labels",
            show(extra.text.trim()),
        ));
    }

    let cages = cages_of(&ids, labels);
    Puzzle::new(n, boxes, Grid::empty(n), cages, boxes.is_some()).map_err(|e| {
        let line =
            if matches!(e, crate::error::ModelError::BoxShape { .. }) { boxes_line } else { 0 };
        ParseError::new(line, 0, ParseErrorKind::Invalid(e))
    })
}

/// The fast path of [`parse`] for the plain case: ASCII, `\n` line ends, spaces between
/// tokens, no blank line, no `boxes` line, and nothing wrong. It gives the very puzzle
/// [`parse`] gives, or None, and then the general reading (which knows every other case and
/// reports errors with their positions) takes over.
fn parse_plain(text: &str) -> Option<Puzzle> {
    let body = text.strip_suffix('\n').unwrap_or(text).as_bytes();
    // Counted rather than searched with an early exit, which lets the scan run wide.
    if body.iter().filter(|&&b| b != b'\n' && !(b' '..=b'~').contains(&b)).count() != 0 {
        return None;
    }
    let mut scan = Scan { bytes: body, at: 0 };
    // The first row fixes N; the rows hold cage ids, each new one the next number.
    let mut ids = Vec::with_capacity(64);
    while let Some(id) = scan.number(false)? {
        ids.push(id as usize);
    }
    let n = ids.len();
    if n == 0 || n > MAX_SIZE || !scan.next_line() {
        return None;
    }
    for _ in 1..n {
        let before = ids.len();
        while let Some(id) = scan.number(false)? {
            ids.push(id as usize);
        }
        if ids.len() - before != n || !scan.next_line() {
            return None;
        }
    }
    let mut next_id = 0;
    for &id in &ids {
        if id == next_id {
            next_id += 1;
        } else if id > next_id {
            return None;
        }
    }
    // Then one label per cage: a target and an operator sign (or none, or `?`).
    let mut rules = Vec::with_capacity(next_id);
    while let Some(target) = scan.number(true)? {
        let op = match scan.peek() {
            None | Some(b' ') => None,
            Some(c) => {
                scan.at += 1;
                if !matches!(scan.peek(), None | Some(b' ')) {
                    return None;
                }
                if c == b'?' { None } else { Some(Operator::from_char(c as char)?) }
            }
        };
        if target == 0 {
            return None;
        }
        rules.push((target, op));
    }
    if scan.at != body.len() || rules.len() != next_id {
        return None;
    }
    Puzzle::new(n, None, Grid::empty(n), cages_of(&ids, rules), false).ok().filter(givens_in_range)
}

/// The cages of a grid of cage ids (row-major; ids `0..labels.len()`) with their labels in id
/// order; each cage's cell list allocated once at its exact size.
fn cages_of(ids: &[usize], labels: Vec<(u64, Option<Operator>)>) -> Vec<Cage> {
    let mut counts = vec![0usize; labels.len()];
    for &id in ids {
        counts[id] += 1;
    }
    let mut cells: Vec<Vec<Cell>> = counts.iter().map(|&c| Vec::with_capacity(c)).collect();
    for (i, &id) in ids.iter().enumerate() {
        cells[id].push(Cell(i as u16));
    }
    cells
        .into_iter()
        .zip(labels)
        .map(|(cells, (target, op))| Cage::new(target, op, cells))
        .collect()
}

/// A cursor over the bytes of a plain `ops` text.
struct Scan<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The next space-separated whole number of the line: Some(None) at the line's end,
    /// None when something else comes (or the number does not fit a u64). With
    /// `sign_may_follow`, any byte may follow the digits (the caller reads it).
    fn number(&mut self, sign_may_follow: bool) -> Option<Option<u64>> {
        while self.peek() == Some(b' ') {
            self.at += 1;
        }
        let start = self.at;
        let mut value = 0u64;
        while let Some(b) = self.peek().filter(u8::is_ascii_digit) {
            value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
            self.at += 1;
        }
        if self.at == start {
            return matches!(self.peek(), None | Some(b'\n')).then_some(None);
        }
        match self.peek() {
            None | Some(b' ' | b'\n') => Some(Some(value)),
            Some(_) if sign_may_follow => Some(Some(value)),
            Some(_) => None,
        }
    }

    /// Steps over the end of the current line; false when there is none.
    fn next_line(&mut self) -> bool {
        let at_end = self.peek() == Some(b'\n');
        self.at += at_end as usize;
        at_end
    }
}

/// `boxes HxW`.
fn parse_boxes(line: Line<'_>) -> Result<BoxShape, ParseError> {
    let mut toks = line.tokens();
    toks.next();
    let Some(t) = toks.next() else {
        return Err(ParseError::expected(
            line.no,
            line.end_col(),
            "a box shape such as 3x3 after 'boxes'",
            "the end of the line",
        ));
    };
    let bad = || {
        ParseError::expected(
            line.no,
            t.col,
            "a box shape such as 3x3 (rows x columns)",
            show(t.text),
        )
    };
    let (h, w) = t.text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (h, w) = (parse_u64(h).ok_or_else(bad)?, parse_u64(w).ok_or_else(bad)?);
    if h == 0 || w == 0 || h > MAX_SIZE as u64 || w > MAX_SIZE as u64 {
        return Err(bad());
    }
    if let Some(extra) = toks.next() {
        return Err(ParseError::expected(
            line.no,
            extra.col,
            "the end of the boxes line",
            show(extra.text),
        ));
    }
    Ok(BoxShape { height: h as u8, width: w as u8 })
}

/// A label: a positive target, then nothing, one operator, or `?`.
pub(crate) fn parse_label(
    line: usize,
    tok: Token<'_>,
) -> Result<(u64, Option<Operator>), ParseError> {
    let digits = tok.text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(ParseError::expected(
            line,
            tok.col,
            "a label (a target such as 12, then an operator + - * / or nothing)",
            show(tok.text),
        ));
    }
    let (num, rest) = tok.text.split_at(digits);
    let target = text::parse_target(line, Token { col: tok.col, text: num })?;
    let mut chars = rest.chars();
    let op = match (chars.next(), chars.next()) {
        (None, _) => None,
        (Some('?'), None) => None,
        (Some(c), None) => Some(Operator::from_char(c).ok_or_else(|| {
            ParseError::expected(
                line,
                tok.col + digits,
                "an operator (+ - * / or ?) after the target",
                show(&c.to_string()),
            )
        })?),
        (Some(_), Some(_)) => {
            return Err(ParseError::expected(
                line,
                tok.col + digits,
                "one operator (+ - * / or ?) after the target",
                show(rest),
            ));
        }
    };
    Ok((target, op))
}

/// Writes a puzzle in the `ops` format: cage ids renumbered in order of first appearance, and a
/// `boxes HxW` line for a Killer Sudoku.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    super::only_boxes_and_cages(puzzle, "ops")?;
    let n = puzzle.size();
    let mut out = String::new();
    match (puzzle.boxes(), puzzle.distinct_cages()) {
        (Some(b), true) => out.push_str(&format!("boxes {b}\n")),
        (None, false) => {}
        (Some(_), false) => {
            return Err(WriteError::unsupported("ops", "boxes without distinct-valued cages"));
        }
        (None, true) => {
            return Err(WriteError::unsupported("ops", "distinct-valued cages without boxes"));
        }
    }
    super::check_givens_in_cages(puzzle, "ops")?;
    // The cage of each cell, the id given to each cage and the cages in order of their ids,
    // on the stack for puzzles up to 16×16 (the generator writes every puzzle it makes: at 3×3
    // these three maps on the heap took a tenth of the writing).
    const NO: u32 = u32::MAX;
    let cages = puzzle.cages().len();
    let mut owner: SmallVec<[u32; 256]> = smallvec![NO; n * n];
    for (k, cage) in puzzle.cages().iter().enumerate() {
        for &c in &cage.cells {
            owner[c.index()] = k as u32;
        }
    }
    let mut new_id: SmallVec<[u32; 128]> = smallvec![NO; cages];
    let mut order: SmallVec<[u32; 128]> = SmallVec::with_capacity(cages);
    out.reserve(n * n * 3 + cages * 5);
    for r in 0..n {
        for c in 0..n {
            let k = owner[r * n + c];
            if k == NO {
                return Err(WriteError::unsupported(
                    "ops",
                    format!("a cell in no cage (row {}, column {})", r + 1, c + 1),
                ));
            }
            let id = &mut new_id[k as usize];
            if *id == NO {
                *id = order.len() as u32;
                order.push(k);
            }
            let id = *id;
            if c > 0 {
                out.push(' ');
            }
            push_number(&mut out, id as u64);
        }
        out.push('\n');
    }
    // The labels as `Cage::label` writes them, straight into the text.
    for (i, &k) in order.iter().enumerate() {
        let cage = &puzzle.cages()[k as usize];
        if i > 0 {
            out.push(' ');
        }
        cage.push_label_for(cage.cells.len(), &mut out);
    }
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "0 0 1 2 2 3\n0 4 4 5 5 3\n6 7 8 8 9 9\n6 6 10 10 11 11\n12 13 13 14 14 15\n16 16 13 14 17 15\n80* 3 5- 2/ 11+ 1- 9* 2 3- 30* 11+ 2/ 6 8* 13+ 8+ 10* 1\n";

    #[test]
    fn numbers_are_written_as_to_string_writes_them() {
        for x in [0, 1, 9, 10, 99, 100, 12345, u64::MAX / 7, u64::MAX] {
            let mut out = String::from("a");
            push_number(&mut out, x);
            assert_eq!(out, format!("a{x}"));
        }
    }

    #[test]
    fn labels_are_those_of_the_cages() {
        let p = parse(SEED).unwrap();
        let text = write(&p).unwrap();
        let last = text.lines().last().unwrap();
        let labels: Vec<String> = p.cages().iter().map(|c| c.label()).collect();
        assert_eq!(last, labels.join(" "));
        let hidden = parse("0 0\n1 1\n3? 3?\n").unwrap();
        assert_eq!(write(&hidden).unwrap(), "0 0\n1 1\n3? 3?\n");
    }

    #[test]
    fn reads_the_seed() {
        let p = parse(SEED).unwrap();
        assert_eq!(p.size(), 6);
        assert_eq!(p.cages().len(), 18);
        assert_eq!(
            p.cages()[0],
            Cage::new(80, Some(Operator::Mul), vec![Cell(0), Cell(1), Cell(6)])
        );
        assert_eq!(p.cages()[1], Cage::new(3, None, vec![Cell(2)]));
        assert!(p.cages_cover_grid());
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn spellings_hidden_and_boxes() {
        let p = parse("0 0\n1 2\n1× 2? 1\n").unwrap();
        assert_eq!(p.cages()[0].op, Some(Operator::Mul));
        assert_eq!(p.cages()[1].op, None);
        let e = parse("boxes 1x3\n0 0\n1 1\n3+ 3÷\n").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Invalid(_)) && e.line == 1, "{e}");
        let e = parse("boxes 3\n0 0\n1 1\n3+ 3÷\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 7));
        let k = parse("Boxes 2x2\n0 0 1 1\n0 2 1 3\n4 2 5 3\n4 4 5 5\n4+ 6 3 4 1 2\n").unwrap();
        assert_eq!(k.boxes(), Some(BoxShape { height: 2, width: 2 }));
        assert!(k.distinct_cages());
        assert_eq!(parse(&write(&k).unwrap()).unwrap(), k);
    }

    #[test]
    fn errors() {
        let e = parse("0 1\n2 7\n1 2 3 4\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(
            e.to_string(),
            "line 2, column 3: cage ids must be numbered in order of first appearance: expected 3, found 7"
        );

        let e = parse("0 0\n1 1\n3+ 5%\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 5));
        assert!(e.to_string().contains("found '%'"), "{e}");

        let e = parse("0 0\n1 1\n3+\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 0));
        assert_eq!(e.to_string(), "line 3: expected 2 labels (one per cage), found 1");

        let e = parse("0 0\n1 1\n3+ 3 4\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 6));

        let e = parse("0 0\n1 1\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("labels"), "{e}");

        let e = parse("0 0 1\n1 1 2\n3+ 4 5\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("looks like the labels"), "{e}");

        let e = parse("0 0\n1 1 1\n3+ 3+\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));

        let e = parse("0 0\n1 a\n3+ 3+\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));

        let e = parse("0 0\n1 1\n0+ 3+\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 1: expected a positive target, found '0'");

        let e = parse(&"0 ".repeat(65)).unwrap_err();
        assert_eq!((e.line, e.column), (1, 129));

        let e = parse("0 0\n1 1\n3+ 3+\n9\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 1));
    }

    #[test]
    fn writer_refuses_what_it_cannot_express() {
        let p = Puzzle::sudoku(4, BoxShape::standard(4), Grid::empty(4)).unwrap();
        assert!(write(&p).is_err());
        let mut g = Grid::empty(2);
        g.set(Cell(0), 1);
        let cages = vec![
            Cage::new(3, Some(Operator::Add), vec![Cell(0), Cell(1)]),
            Cage::new(3, None, vec![Cell(2), Cell(3)]),
        ];
        let p = Puzzle::new(2, None, g, cages, false).unwrap();
        assert!(write(&p).is_err());
    }

    /// The fast path gives the general reading's puzzle or stands aside: on the seed, on
    /// every ops file of the repository's examples and fixtures, and on each of them changed
    /// one byte at a time (a space, a tab, a digit, an operator, a line end put in or taken
    /// out). It takes the plain files itself.
    #[test]
    fn fast_path_agrees_with_the_general_reading() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut texts = vec![SEED.to_string(), SEED.trim_end().to_string()];
        for dir in ["examples", "tests/fixtures/seeds"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if name.contains("ops") && !name.ends_with(".out") {
                    texts.push(std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let mut plain = 0;
        for text in &texts {
            let general = parse_general(text);
            if let Some(fast) = parse_plain(text) {
                assert_eq!(Ok(fast), general, "{text}");
                plain += 1;
            }
            let bytes = text.as_bytes();
            for at in 0..bytes.len() {
                for edit in
                    [&b" "[..], b"\t", b"7", b"0", b"+", b"?", b"\n", b"\r", b"*", b"x", b""]
                {
                    let mut changed = bytes[..at].to_vec();
                    changed.extend_from_slice(edit);
                    // An empty edit removes the byte; the others go in before it.
                    changed.extend_from_slice(&bytes[at + edit.is_empty() as usize..]);
                    let Ok(changed) = String::from_utf8(changed) else { continue };
                    if let Some(fast) = parse_plain(&changed) {
                        assert_eq!(Ok(fast), parse_general(&changed), "{changed:?}");
                    }
                }
            }
        }
        assert!(plain >= 3, "the fast path took only {plain} of {} files", texts.len());
    }
}
