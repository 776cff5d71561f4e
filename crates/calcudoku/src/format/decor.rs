//! What surrounds puzzles in the files people have, removed before reading: comments, the
//! section headers of `.sdk` files, and the rules of grids drawn with `|`, `-` and `+` (or
//! box-drawing characters).
//!
//! - `#` at the start of a line, or after whitespace, starts a comment that runs to the line's
//!   end (a `#` inside a word, as in Keen's random-seed IDs `6dh#1234`, is left alone);
//! - a line `[Name]` is a section header (`.sdk` files: `[Puzzle]`, `[State]`); when a
//!   `[Puzzle]` section exists, only its lines are read;
//! - in a drawn grid (a text with `|` or box-drawing characters, or rule lines such as
//!   `------+-------+------`), rule lines are dropped and the vertical bars read as spaces;
//! - a line `==> NAME <==` is the header `head`, `tail` and `calcudoku` itself put before each
//!   file's part when several files are named (`calcudoku convert --to ops a.txt b.txt`).
//!
//! Removed text becomes blanks, so line and column numbers in errors stay those of the original
//! text. JSON text (its first character `{`) is left as it is.

use std::borrow::Cow;

/// The text with its decorations blanked (borrowed unchanged when it has none).
pub(crate) fn strip(text: &str) -> Cow<'_, str> {
    let body = super::text::strip_bom(text);
    if body.trim_start().starts_with('{') || !body.bytes().any(may_decorate) {
        return Cow::Borrowed(text);
    }
    let drawn = body.contains('|') || body.chars().any(is_box_drawing);
    let has_puzzle_section = body.lines().any(|l| l.trim().eq_ignore_ascii_case("[Puzzle]"));
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    // Outside a [Puzzle] section when the text has one (before its header, or in another).
    let mut skipping = has_puzzle_section;
    for piece in text.split_inclusive('\n') {
        let (line, end) = split_end(piece);
        let trimmed = line.trim();
        let kept: Cow<'_, str> = if is_file_header(trimmed) {
            Cow::Borrowed("")
        } else if is_section(trimmed) {
            skipping = has_puzzle_section && !trimmed.eq_ignore_ascii_case("[Puzzle]");
            Cow::Borrowed("")
        } else if skipping || is_rule(trimmed, drawn) {
            Cow::Borrowed("")
        } else {
            let uncommented = without_comment(line);
            if drawn {
                Cow::Owned(
                    uncommented
                        .chars()
                        .map(|c| if c == '|' || is_box_drawing(c) { ' ' } else { c })
                        .collect(),
                )
            } else {
                Cow::Borrowed(uncommented)
            }
        };
        changed |= kept.as_ref() != line;
        out.push_str(&kept);
        out.push_str(end);
    }
    if changed { Cow::Owned(out) } else { Cow::Borrowed(text) }
}

/// Whether a line is nothing but whitespace or a comment (a file of one-line puzzles may
/// have such lines between its puzzles).
pub fn is_blank_or_comment(line: &str) -> bool {
    let t = super::text::strip_bom(line).trim_start();
    t.is_empty() || t.starts_with('#')
}

/// A byte that can start a decoration (box-drawing characters are non-ASCII).
fn may_decorate(b: u8) -> bool {
    matches!(b, b'#' | b'[' | b'|' | b'+' | b'=') || b >= 0x80
}

/// The line and its end (`\n`, `\r\n` or nothing).
fn split_end(piece: &str) -> (&str, &str) {
    if let Some(l) = piece.strip_suffix("\r\n") {
        (l, "\r\n")
    } else if let Some(l) = piece.strip_suffix('\n') {
        (l, "\n")
    } else {
        (piece, "")
    }
}

/// `==> NAME <==`: the header of a file's part in output of several files.
fn is_file_header(trimmed: &str) -> bool {
    trimmed.len() > 8 && trimmed.starts_with("==> ") && trimmed.ends_with(" <==")
}

fn is_section(trimmed: &str) -> bool {
    trimmed.len() >= 3
        && trimmed.starts_with('[')
        && trimmed.ends_with(']')
        && trimmed[1..trimmed.len() - 1].chars().all(|c| c.is_alphanumeric() || c == ' ')
}

/// A rule line of a drawn grid: only `-`, `=`, `+`, `|`, `:` and box-drawing characters (and
/// spaces), with a `+`, `=`, `|` or box-drawing character in it; or, in a drawn grid, a line
/// of dashes alone. A line of dashes in other texts is a row of empty cells.
fn is_rule(trimmed: &str, drawn: bool) -> bool {
    !trimmed.is_empty()
        && trimmed
            .chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|' | ':' | ' ' | '\t') || is_box_drawing(c))
        && (drawn || trimmed.chars().any(|c| matches!(c, '+' | '=')))
}

fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&c)
}

/// The line up to a comment: a `#` at its start or after whitespace.
fn without_comment(line: &str) -> &str {
    let mut prev_space = true;
    for (i, c) in line.char_indices() {
        if c == '#' && prev_space {
            return &line[..i];
        }
        prev_space = c.is_whitespace();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        let t = "1 2\n3+ 4*\n";
        assert!(matches!(strip(t), Cow::Borrowed(_)));
        let j = "{\"size\": 4, \"note\": \"# | [x]\"}";
        assert!(matches!(strip(j), Cow::Borrowed(_)));
    }

    #[test]
    fn comments_go_and_lines_stay() {
        let t = "# made by hand\n0 0 1  # first row\n6dh#123\n";
        assert_eq!(strip(t), "\n0 0 1  \n6dh#123\n");
    }

    #[test]
    fn sdk_sections() {
        let t = "[Puzzle]\r\n53.\r\n[State]\r\n534\r\n";
        assert_eq!(strip(t), "\r\n53.\r\n\r\n\r\n");
        // Without a [Puzzle] section, other sections' headers alone go.
        assert_eq!(strip("[Notes]\n123\n"), "\n123\n");
    }

    #[test]
    fn file_headers() {
        let t = "==> a.txt <==\n4:a\n\n==> my b.txt <==\n5:b\n";
        assert_eq!(strip(t), "\n4:a\n\n\n5:b\n");
        // Not a header: an arrow inside a line, or one without its name.
        assert_eq!(strip("x ==> a <==\n"), "x ==> a <==\n");
        assert_eq!(strip("==>  <==\n"), "==>  <==\n");
    }

    #[test]
    fn drawn_grids() {
        let t = "+---+---+\n| 1 | 2 |\n+===+===+\n";
        assert_eq!(strip(t), "\n  1   2  \n\n");
        let ss = "53.|.7.|...\n-----------\n";
        assert_eq!(strip(ss), "53. .7. ...\n\n");
        let boxed = "┌─┬─┐\n│1│2│\n└─┴─┘\n";
        assert_eq!(strip(boxed), "\n 1 2 \n\n");
        // Dashes alone in an undrawn text are empty cells.
        assert_eq!(strip("---------\n1+\n"), "---------\n1+\n");
        assert!(is_blank_or_comment("  # rating 9.2"));
        assert!(!is_blank_or_comment("4....# 9.2"));
    }
}
