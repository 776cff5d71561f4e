//! Reading a text: in the format asked for, or by detection (the rule of the module notes),
//! and streams of several puzzles.

use super::{Document, Entry, Format, Layout, decor, stream, sudoku, text};
use crate::error::{ParseError, ParseErrorKind};

/// Reads a text in the given format, or detects it. Errors that concern the whole text (empty,
/// ambiguous, nothing fits) come back as `Err`; errors of one puzzle of a batch come back in
/// its entry.
pub fn read(text: &str, format: Option<Format>) -> Result<Document, ParseError> {
    let original = text;
    let stripped = decor::strip(text);
    let text = stripped.as_ref();
    if text::is_blank(text) {
        return Err(text::empty());
    }
    let raw = if format.is_some_and(|f| f.spec().raw) { original } else { text };
    let whole = match format {
        Some(f) => read_as(raw, f),
        None => detect(original, text),
    };
    match whole {
        Ok(doc) => Ok(doc),
        // Not one puzzle: perhaps a stream of several (what `generate` writes).
        Err(e) => stream::read(original, text, format).unwrap_or(Err(e)),
    }
}

/// Reads a text in one format.
pub(super) fn read_as(text: &str, format: Format) -> Result<Document, ParseError> {
    let spec = format.spec();
    if let Some(read_batch) = spec.read_batch {
        return read_batch(text);
    }
    let puzzle = (spec.parse)(text)?;
    let line = text::lines(text).next().map_or(1, |l| l.no);
    Ok(Document { format, layout: Layout::Rows, entries: vec![Entry { line, puzzle: Ok(puzzle) }] })
}

/// The detection rule of the module documentation, on the text as written (`original`, read
/// by the formats that read drawings so) and without its decorations (`text`, by the others).
pub(super) fn detect(original: &str, text: &str) -> Result<Document, ParseError> {
    // Formats whose shape cannot fit the text are not tried, unless nothing else fits (then
    // every format is tried, so that the error comes from the most plausible one).
    let shape = Shape::of(text);
    let shaped: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|&f| shape.first.is_none() || (f.spec().could_be)(&shape))
        .collect();
    if shaped.len() < Format::ALL.len() {
        if let Some(found) = decide(original, text, &shaped) {
            return found;
        }
    }
    decide(original, text, Format::ALL).expect("with every format tried, detection always decides")
}

/// What detection looks at before reading: the first line's first token, whether it is
/// alone there, and whether the text has as many lines as the first has tokens. A format's
/// `could_be` judges from it, cheaply, whether the text could be in that format.
pub(crate) struct Shape<'a> {
    /// The first token of the first line (None: no text; then every format could be).
    pub first: Option<&'a str>,
    /// Whether that token is alone on its line.
    pub single: bool,
    /// Whether the text has as many lines as the first line has tokens (a square of rows).
    pub square: bool,
}

impl<'a> Shape<'a> {
    fn of(text: &'a str) -> Shape<'a> {
        let Some(line) = text::lines(text).next() else {
            return Shape { first: None, single: false, square: false };
        };
        let mut toks = line.tokens();
        let first = toks.next().map(|t| t.text);
        let rest = toks.count();
        let single = first.is_some() && rest == 0;
        // The rows form of Sudoku has as many lines as its first row has values.
        let n = rest + 1;
        let square = !single && text::lines(text).take(n + 1).count() == n;
        Shape { first, single, square }
    }
}

/// The detection rule over `formats`: Some(the document or the error to report), or None when
/// no format fits and not all were tried.
fn decide(original: &str, text: &str, formats: &[Format]) -> Option<Result<Document, ParseError>> {
    let results: Vec<(Format, Result<Document, ParseError>)> = formats
        .iter()
        .copied()
        .map(|f| {
            let t = if f.spec().raw { original } else { text };
            let r = match f.spec().detect {
                Some(detect) => detect(t),
                None => read_as(t, f),
            };
            (f, r)
        })
        .collect();
    let fits: Vec<usize> = (0..results.len())
        .filter(|&i| {
            results[i].1.as_ref().is_ok_and(|d| d.entries.iter().any(|e| e.puzzle.is_ok()))
        })
        .collect();
    // Formats that read every puzzle of the text go before those that read only some (a
    // jigsaw's two lines are also a Sudoku line and a bad one).
    let whole = |i: &usize| {
        results[*i].1.as_ref().is_ok_and(|d| d.entries.iter().all(|e| e.puzzle.is_ok()))
    };
    if !fits.iter().any(whole) && super::jigsaw::has_shape(text) {
        // A jigsaw's shape that no format reads whole: the jigsaw's own error (regions that do
        // not tile, …), not a Sudoku line's or rows'.
        if let Some(i) = results.iter().position(|(f, _)| *f == Format::JIGSAW) {
            return Some(results.into_iter().nth(i).expect("an index of results").1);
        }
    }
    let fits = if fits.iter().any(whole) { fits.into_iter().filter(whole).collect() } else { fits };
    if let [only] = fits[..] {
        return Some(results.into_iter().nth(only).expect("an index of results").1);
    }
    if fits.len() > 1 {
        let puzzles = |i: usize| {
            let d = results[i].1.as_ref().expect("fits");
            d.entries.iter().map(|e| e.puzzle.as_ref().ok()).collect::<Vec<_>>()
        };
        let first = puzzles(fits[0]);
        if fits.iter().all(|&i| puzzles(i) == first) {
            // The same puzzles: the more self-checking format (see each format's preference).
            let best = fits
                .iter()
                .copied()
                .min_by_key(|&i| results[i].0.spec().preference)
                .expect("some fit");
            return Some(results.into_iter().nth(best).expect("an index of results").1);
        }
        // A format that read the text as written, its `|` and `-` as signs, beats those that
        // read it with them taken for a drawn grid's rules and removed.
        if let [raw] = fits.iter().filter(|&&i| results[i].0.spec().raw).collect::<Vec<_>>()[..] {
            return Some(results.into_iter().nth(*raw).expect("an index of results").1);
        }
        let names: Vec<&str> = fits.iter().map(|&i| results[i].0.name()).collect();
        return Some(Err(ParseError::whole(ParseErrorKind::Ambiguous(names.join(", ")))));
    }
    if formats.len() < Format::ALL.len() {
        return None;
    }
    let guess = guess(text, &results);
    Some(
        results
            .into_iter()
            .find(|(f, _)| *f == guess)
            .map(|(_, r)| r)
            .expect("every format was tried"),
    )
}

/// The most plausible format of a text that fits none (see the module documentation).
fn guess(text: &str, results: &[(Format, Result<Document, ParseError>)]) -> Format {
    let Some(first) = text::lines(text).next() else {
        return Format::SUDOKU;
    };
    let toks: Vec<&str> = first.tokens().take(2).map(|t| t.text).collect();
    // A format that its first token gives away (`{`, `boxes`, a game ID).
    if let Some(&f) = Format::ALL.iter().find(|f| (f.spec().claims)(toks[0], toks.len() == 1)) {
        return f;
    }
    let position = |f: Format| match results.iter().find(|(g, _)| *g == f) {
        Some((_, Err(e))) => (e.line, e.column),
        _ => (usize::MAX, 0),
    };
    if toks.len() == 1 {
        let digits = toks[0].strip_prefix('+').unwrap_or(toks[0]);
        let numeric = text::is_digits(digits);
        // A number too large to count the cages of any grid, on lines of one token each, is
        // a Sudoku line of digits (`123456789` is a short one, not 123,456,789 cages); with
        // cage lines under it, a cage count out of range.
        let no_count = text::parse_u64(digits).is_none_or(|n| n > text::MAX_CELLS as u64)
            && text::lines(text).take(8).all(|l| l.tokens().nth(1).is_none());
        if !numeric || no_count || (toks[0].len() >= 16 && text::lines(text).nth(1).is_none()) {
            return Format::SUDOKU;
        }
        // Cells or counted: does the second number count the cells after it?
        let (mut yes, mut no) = (0usize, 0usize);
        for line in text::lines(text).skip(1).take(text::MAX_CELLS + 1) {
            let mut t = line.tokens();
            t.next();
            let declared = t.next().and_then(|t| text::parse_u64(t.text));
            let rest = t.take(text::MAX_CELLS + 1).count() as u64;
            if declared == Some(rest) { yes += 1 } else { no += 1 }
        }
        return if yes > 0 && yes >= no { Format::COUNTED } else { Format::CELLS };
    }
    // Signs between cells: a Futoshiki drawing.
    if text.contains(['<', '>', '^', '∧', '∨']) {
        return Format::FUTOSHIKI;
    }
    let n = first.tokens().take(crate::puzzle::MAX_SIZE + 2).count();
    let lines: Vec<_> = text::lines(text).take(crate::puzzle::MAX_SIZE + 3).collect();
    // N clues above, N rows of a clue, N cells and a clue, N clues below: Skyscrapers.
    let count = |l: &text::Line<'_>| l.tokens().take(crate::puzzle::MAX_SIZE + 3).count();
    if lines.len() == n + 2
        && n >= 1
        && lines[1..=n].iter().all(|l| count(l) == n + 2)
        && count(&lines[n + 1]) == n
    {
        return Format::SKYSCRAPERS;
    }
    let label_like = lines.last().is_some_and(|l| {
        l.tokens().take(text::MAX_CELLS).any(|t| {
            !text::is_digits(t.text) && t.text.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
    });
    if lines.len() == n + 1 || label_like {
        return Format::OPS;
    }
    if lines.len() == n {
        // N rows of N numbers: a Sudoku, unless N is no Sudoku size and the ops reading got
        // further (a KenKen whose labels line is missing).
        if cage_ids(&lines) {
            return Format::OPS;
        }
        if sudoku::is_side(n) || position(Format::OPS).0 <= position(Format::SUDOKU).0 {
            return Format::SUDOKU;
        }
        return Format::OPS;
    }
    if position(Format::SUDOKU) > position(Format::OPS) { Format::SUDOKU } else { Format::OPS }
}

/// Whether rows of numbers read as cage ids: each new number the next one from 0, and more of
/// them than a row has cells (a KenKen's grid whose labels line is missing, not a Sudoku).
fn cage_ids(lines: &[text::Line<'_>]) -> bool {
    let n = lines.first().map_or(0, |l| l.tokens().count());
    let mut next = 0u64;
    for line in lines {
        for t in line.tokens() {
            match text::parse_u64(t.text) {
                Some(id) if id == next => next += 1,
                Some(id) if id < next => {}
                _ => return false,
            }
        }
    }
    next > n as u64
}
