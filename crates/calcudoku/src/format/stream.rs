//! Several puzzles in one text, which does not read as one puzzle: Keen game IDs or JSON
//! objects one a line, JSON objects over several lines (pretty-printed, or mixed with JSON
//! Lines), or puzzles of any other format separated by blank lines (Sudoku rows too) — what
//! `convert` and `generate` write for several puzzles.

use crate::error::ParseError;

use super::detect::{detect, read_as};
use super::{Document, Entry, Format, Layout, decor, json, text};

/// A stream of several puzzles that is not one puzzle: Keen game IDs or JSON objects one per
/// line, JSON objects over several lines, or puzzles of any other format (Sudoku rows too)
/// separated by blank lines, each read in the format the first one reads in. None when the text does not look like one (its error as a single puzzle then stands).
/// A bad puzzle is an entry with its error (lines counted in the whole text); the others read.
pub(super) fn read(
    original: &str,
    text: &str,
    format: Option<Format>,
) -> Option<Result<Document, ParseError>> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let filled: Vec<(usize, &str)> =
        lines.iter().copied().filter(|(_, l)| !l.trim().is_empty()).collect();
    // Formats of one puzzle per line (game IDs, JSON objects): every line one puzzle.
    let one_per_line = |f: Format| f.spec().one_per_line.filter(|_| filled.len() >= 2);
    for f in Format::ALL.iter().copied().filter(|&f| format.is_none_or(|g| g == f)) {
        let Some(looks) = one_per_line(f) else { continue };
        if filled.iter().all(|(_, l)| looks(l)) {
            let entries = filled
                .iter()
                .map(|&(no, l)| Entry {
                    line: no,
                    puzzle: (f.spec().parse)(l.trim()).map_err(|e| at_line(e, no - 1)),
                })
                .collect();
            return Some(Ok(Document { format: f, layout: Layout::Rows, entries }));
        }
    }
    // JSON objects over several lines (pretty-printed, as `convert --to json` writes a single
    // puzzle), or mixed with JSON Lines.
    if format.is_none_or(|f| f == Format::JSON)
        && filled.first().is_some_and(|(_, l)| text::strip_bom(l).trim_start().starts_with('{'))
        && let Some(objects) = json_objects(text).filter(|o| o.len() >= 2)
    {
        let entries = objects
            .into_iter()
            .map(|(line, column, object)| {
                // Spaces in place of what precedes the object on its line keep the columns.
                let padded = format!("{}{object}", " ".repeat(column - 1));
                Entry { line, puzzle: json::parse(&padded).map_err(|e| at_line(e, line - 1)) }
            })
            .collect();
        return Some(Ok(Document { format: Format::JSON, layout: Layout::Rows, entries }));
    }
    // Blocks separated by blank lines: of the text as written for a format that reads it so
    // (given, or found by the first block as written), else of the text without decorations.
    let raw_blocks = blocks(original);
    let raw_kind = match format {
        Some(f) => Some(f).filter(|f| f.spec().raw),
        None => raw_blocks.first().and_then(|(_, b)| {
            let doc = detect(b, &decor::strip(b)).ok()?;
            Some(doc.format).filter(|f| f.spec().raw)
        }),
    };
    let blocks = match raw_kind {
        Some(_) => raw_blocks,
        None => blocks(text),
    };
    if blocks.len() < 2 {
        return None;
    }
    let first = match (format, raw_kind) {
        (_, Some(f)) | (Some(f), None) => read_as(&blocks[0].1, f),
        (None, None) => detect(&blocks[0].1, &blocks[0].1),
    };
    let first = first.ok().filter(|d| d.entries.len() == 1 && d.entries[0].puzzle.is_ok())?;
    let kind = first.format;
    // One-line Sudokus with blank lines between read as a whole text: not here.
    if first.layout == Layout::Line {
        return None;
    }
    let mut entries = Vec::with_capacity(blocks.len());
    for (no, block) in &blocks {
        // A block of the sudoku format may hold one-line puzzles: each is an entry.
        match read_as(block, kind) {
            Ok(doc) => entries.extend(doc.entries.into_iter().map(|e| Entry {
                line: e.line + no - 1,
                puzzle: e.puzzle.map_err(|e| at_line(e, no - 1)),
            })),
            Err(e) => entries.push(Entry { line: *no, puzzle: Err(at_line(e, no - 1)) }),
        }
    }
    Some(Ok(Document { format: kind, layout: Layout::Rows, entries }))
}

/// The blocks of a text separated by blank lines: each with the number of its first line.
fn blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            blocks.extend(current.take());
        } else {
            let block = current.get_or_insert_with(|| (i + 1, String::new()));
            block.1.push_str(l);
            block.1.push('\n');
        }
    }
    blocks.extend(current);
    blocks
}

/// The JSON objects of a text that holds nothing else (whitespace between them): each one's
/// line and column (1-based) and text. The last may be cut short (its reading says where).
/// None when something other than an object stands between them.
fn json_objects(text: &str) -> Option<Vec<(usize, usize, &str)>> {
    let body = text::strip_bom(text);
    let mut objects = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let (mut line, mut line_start) = (1usize, 0usize);
    let mut start = (0usize, 0usize, 0usize);
    for (i, c) in body.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else {
            match c {
                '{' => {
                    if depth == 0 {
                        let column = body[line_start..i].chars().count() + 1;
                        start = (i, line, column);
                    }
                    depth += 1;
                }
                '}' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        objects.push((start.1, start.2, &body[start.0..=i]));
                    }
                }
                '"' if depth > 0 => in_string = true,
                _ if depth > 0 || c.is_whitespace() => {}
                _ => return None,
            }
        }
        if c == '\n' {
            line += 1;
            line_start = i + 1;
        }
    }
    if depth > 0 {
        objects.push((start.1, start.2, &body[start.0..]));
    }
    Some(objects)
}

/// An error of a part of a text that starts after `before` lines, placed in the whole text.
pub(super) fn at_line(mut e: ParseError, before: usize) -> ParseError {
    if e.line > 0 {
        e.line += before;
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_objects_pretty_and_in_lines() {
        let t = "{\"a\": \"}{\\\"\"}\n  {\n \"b\": {}\n}\n{\"c\": 1} {\"d\": [\n";
        let found = json_objects(t).unwrap();
        let spans: Vec<(usize, usize)> = found.iter().map(|&(l, c, _)| (l, c)).collect();
        assert_eq!(spans, [(1, 1), (2, 3), (5, 1), (5, 10)]);
        assert_eq!(found[0].2, "{\"a\": \"}{\\\"\"}");
        assert_eq!(found[1].2, "{\n \"b\": {}\n}");
        // The last is cut short: its reading says where.
        assert_eq!(found[3].2, "{\"d\": [\n");
        assert!(json_objects("{} x {}").is_none());
    }

    #[test]
    fn sudoku_rows_and_pretty_json_read_as_streams() {
        let rows = "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n0 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
        let doc = super::super::read(rows, None).unwrap();
        assert_eq!((doc.format, doc.layout), (Format::SUDOKU, Layout::Rows));
        let lines: Vec<usize> = doc.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 6]);
        assert_eq!(doc.entries[1].puzzle.as_ref().unwrap().givens().cells()[1], 2);
        // A bad block is an error at its own line; the others read.
        let bad = rows.replace("0 2 0 0\n0 0 0 0\n", "0 2 0 0\n0 0 x 0\n");
        let doc = super::super::read(&bad, None).unwrap();
        let e = doc.entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (7, 5));
        let pretty = "{\n  \"size\": 2,\n  \"givens\": [[1, 0], [0, 0]]\n}\n{\"size\": 2}\n{\n  \"size\": 0\n}\n";
        let doc = super::super::read(pretty, None).unwrap();
        assert_eq!(doc.format, Format::JSON);
        assert_eq!(doc.entries.len(), 3);
        assert!(doc.entries[0].puzzle.is_ok() && doc.entries[1].puzzle.is_ok());
        assert_eq!(doc.entries[2].line, 6);
        assert!(doc.entries[2].puzzle.is_err());
    }
}
