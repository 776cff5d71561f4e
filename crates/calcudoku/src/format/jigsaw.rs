//! The `jigsaw` format: a Sudoku's givens and its irregular regions, in the two forms people
//! exchange them in.
//!
//! - **two lines**: the givens as one line of N² characters (`1`–`9`, `A`=10 …; `.` or `0`
//!   empty), then a line of N² region labels, one character a cell (`aaabbbccc…`,
//!   `111222333…`: any characters, each naming one region). Layout [`Layout::Line`].
//! - **two grids**: N rows of givens (N numbers separated by spaces, or N characters), then N
//!   rows of region labels (N characters, or N words separated by spaces). Layout
//!   [`Layout::Rows`].
//!
//! The labels must cut the grid into N regions of N cells each (any region that is not is
//! named in the error). Givens that clash in a row, column or region read: the puzzle has no
//! solution, as in every format. Regions that happen to be the usual boxes give a plain Sudoku.
//!
//! Written: the two lines ([`Layout::Line`]), or the two grids, givens as numbers and regions
//! as letters `a`, `b`, … (numbers from 1 past 26 regions).

use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Cell, Grid, MAX_SIZE, Puzzle};

use super::grid::{self, MAX_CHAR_VALUE, cell_char};
use super::text::{self, Line, show};
use super::{Layout, value_char};

/// The `jigsaw` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "jigsaw",
    summary: "a Sudoku's givens, then its regions: two lines of N² characters, or two grids",
    help: "  jigsaw   A Sudoku with irregular regions: its givens as a line of N² characters
           (or N rows), then as many region labels, a letter or digit a cell.
             4...3.......1..2....2..1.......3...4   (then, on the next line)
             aaabbbaabbccddddccddcceeeeffeeefffgg…",
    could_be: |s| s.first.is_some(),
    parse,
    read_batch: None,
    detect: None,
    write,
    one_per_line: None,
    claims: |_, _| false,
    preference: 2,
    raw: false,
};

/// Whether a text has a jigsaw's shape, whether or not it reads: two lines of one word each,
/// as long as each other and of a square length, or 2N rows, the last N of them region labels
/// (N characters or N words, some of them letters).
pub(crate) fn has_shape(text: &str) -> bool {
    let lines: Vec<Line<'_>> = text::lines(text).take(2 * MAX_SIZE + 1).collect();
    let words = |l: &Line<'_>| l.tokens().take(MAX_SIZE * MAX_SIZE + 1).count();
    let len = |l: &Line<'_>| l.text.trim().chars().count();
    if let [a, b] = lines[..] {
        let k = len(&a);
        let side = (1..=MAX_SIZE).find(|s| s * s >= k).unwrap_or(0);
        return words(&a) == 1 && words(&b) == 1 && k == len(&b) && k >= 4 && side * side == k;
    }
    if lines.len() % 2 != 0 || lines.len() < 4 {
        return false;
    }
    let n = lines.len() / 2;
    let first = words(&lines[0]);
    if first != n && !(first == 1 && len(&lines[0]) == n) {
        return false;
    }
    let labels = &lines[n..];
    labels.iter().all(|l| words(l) == n || (words(l) == 1 && len(l) == n))
        && labels.iter().any(|l| l.text.chars().any(|c| c.is_ascii_alphabetic()))
}

/// Reads a jigsaw Sudoku in either form.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let lines: Vec<Line<'_>> = text::lines(text).take(2 * MAX_SIZE + 1).collect();
    let first = *lines.first().ok_or_else(text::empty)?;
    let mut toks = first.tokens();
    let tok = toks.next().expect("a non-blank line has a token");
    let several = toks.next().is_some();
    let len = tok.text.chars().count();
    if !several && lines.len() == 2 {
        return two_lines(lines[0], lines[1]);
    }
    let n = if several { first.tokens().count() } else { len };
    if !(2..=MAX_SIZE).contains(&n) {
        return Err(ParseError::expected(
            first.no,
            tok.col,
            "a row of a jigsaw's givens (2 to 64 values), or a line of N² givens",
            format!("{n} values"),
        ));
    }
    if lines.len() != 2 * n {
        let (no, col, found) = match lines.get(2 * n) {
            Some(extra) => (extra.no, 1, format!("more, starting with line {}", extra.no)),
            None => {
                let last = lines.last().expect("one line at least");
                (last.no, 0, format!("{} (the text ends at line {})", lines.len(), last.no))
            }
        };
        return Err(ParseError::expected(
            no,
            col,
            format!("{} rows: {n} of givens, then {n} of region labels", 2 * n),
            found,
        ));
    }
    // The givens' rows, read as a grid of their own (lines keep their numbers).
    let split = lines[n].text.as_ptr() as usize - text.as_ptr() as usize;
    let givens_text = &text[..split];
    let why = "as in the first row";
    let cells = if several {
        grid::read_rows(givens_text, n, why)?
    } else {
        if n > MAX_CHAR_VALUE {
            return Err(ParseError::expected(
                first.no,
                0,
                "rows of numbers separated by spaces (rows without spaces go up to 35 values)",
                format!("a row of {n} characters"),
            ));
        }
        grid::read_compact(givens_text, n, why, false)?
    };
    let mut labels = Labels::new(n);
    for line in &lines[n..] {
        let row: Vec<_> = line.tokens().take(n + 1).collect();
        let before = labels.places.len();
        if row.len() == 1 {
            for (i, c) in row[0].text.chars().enumerate() {
                labels.push(line.no, row[0].col + i, c.to_string(), n)?;
            }
        } else {
            for tok in &row {
                labels.push(line.no, tok.col, tok.text.to_string(), n)?;
            }
        }
        let got = labels.places.len() - before;
        if got != n {
            return Err(ParseError::expected(
                line.no,
                if got > n { 0 } else { line.end_col() },
                format!("{n} region labels in this row"),
                got.to_string(),
            ));
        }
    }
    build(n, cells.values, labels)
}

/// The two-line form: the givens' line, then the labels' line.
fn two_lines(givens: Line<'_>, regions: Line<'_>) -> Result<Puzzle, ParseError> {
    let gtoks: Vec<_> = givens.tokens().take(2).collect();
    let len = gtoks[0].text.chars().count();
    let n = (len as f64).sqrt().round() as usize;
    if n * n != len || !(2..=MAX_CHAR_VALUE).contains(&n) {
        return Err(ParseError::expected(
            givens.no,
            gtoks[0].col,
            "a line of N² givens (16, 25, 36, 49, 64, 81, … characters)",
            format!("{len} characters"),
        ));
    }
    let mut values = Vec::with_capacity(len);
    let mut places = Vec::with_capacity(len);
    for (i, c) in gtoks[0].text.chars().enumerate() {
        values.push(cell_char(givens.no, gtoks[0].col + i, c, n)?);
        places.push((givens.no, gtoks[0].col + i));
    }
    let rtoks: Vec<_> = regions.tokens().take(2).collect();
    if let Some(extra) = rtoks.get(1) {
        return Err(ParseError::expected(
            regions.no,
            extra.col,
            format!("one word of {len} region labels"),
            format!("more text, starting with {}", show(extra.text)),
        ));
    }
    let mut labels = Labels::new(n);
    for (i, c) in rtoks[0].text.chars().enumerate() {
        if i == len {
            return Err(ParseError::expected(
                regions.no,
                rtoks[0].col + i,
                format!("{len} region labels, as many as givens"),
                "more",
            ));
        }
        labels.push(regions.no, rtoks[0].col + i, c.to_string(), n)?;
    }
    if labels.places.len() < len {
        return Err(ParseError::expected(
            regions.no,
            regions.end_col(),
            format!("{len} region labels, as many as givens"),
            labels.places.len().to_string(),
        ));
    }
    build(n, values, labels)
}

/// Region labels as read: each cell's region (numbered in order of first appearance), where
/// each label stands, and the labels seen.
struct Labels {
    names: Vec<String>,
    of_cell: Vec<u8>,
    places: Vec<(usize, usize)>,
}

impl Labels {
    fn new(n: usize) -> Labels {
        Labels {
            names: Vec::with_capacity(n),
            of_cell: Vec::with_capacity(n * n),
            places: Vec::with_capacity(n * n),
        }
    }

    /// The next cell's label; more than N different labels is an error at the first extra.
    fn push(&mut self, line: usize, col: usize, label: String, n: usize) -> Result<(), ParseError> {
        let k = match self.names.iter().position(|l| *l == label) {
            Some(k) => k,
            None if self.names.len() == n => {
                return Err(ParseError::expected(
                    line,
                    col,
                    format!("one of the {n} regions' labels ({})", self.names.join(" ")),
                    format!("a region label {}", show(&label)),
                ));
            }
            None => {
                self.names.push(label);
                self.names.len() - 1
            }
        };
        self.of_cell.push(k as u8);
        self.places.push((line, col));
        Ok(())
    }
}

/// The puzzle of checked givens and labels (givens that clash read: the puzzle has no
/// solution, as in every format).
fn build(n: usize, values: Vec<u8>, labels: Labels) -> Result<Puzzle, ParseError> {
    let (line, col) = labels.places[0];
    let at_regions = |e| ParseError::new(line, col, ParseErrorKind::Invalid(e));
    let shape = Puzzle::builder(n).regions(labels.of_cell).build().map_err(at_regions)?;
    shape.with_givens(Grid::from_valid(n, values)).map_err(at_regions)
}

/// Writes the givens and the regions (the boxes, for a Sudoku with boxes): two lines, or two
/// grids.
pub fn write(puzzle: &Puzzle, layout: Layout) -> Result<String, WriteError> {
    let no = |what: &str| Err(WriteError::unsupported("jigsaw", what));
    if let Some(what) = super::beyond(puzzle, &["jigsaw regions"]) {
        return no(what);
    }
    if !puzzle.cages().is_empty() {
        return no("cages");
    }
    if !puzzle.has_regions() {
        return no("a puzzle without regions");
    }
    let n = puzzle.size();
    let region = |c: usize| puzzle.region_of(Cell(c as u16)).unwrap_or(0);
    let letter = |k: usize| (b'a' + k as u8) as char;
    let mut out = String::new();
    match layout {
        Layout::Line => {
            if n > MAX_CHAR_VALUE || n > 26 {
                return no(&format!("a {n}x{n} grid on two lines (up to 26x26)"));
            }
            out.extend(puzzle.givens().cells().iter().map(|&v| value_char(v)));
            out.push('\n');
            out.extend((0..n * n).map(|c| letter(region(c))));
            out.push('\n');
        }
        Layout::Rows => {
            out.push_str(&puzzle.givens().to_string());
            for r in 0..n {
                let row = (r * n..(r + 1) * n).map(region);
                if n <= 26 {
                    out.extend(row.map(letter));
                } else {
                    let words: Vec<String> = row.map(|k| (k + 1).to_string()).collect();
                    out.push_str(&words.join(" "));
                }
                out.push('\n');
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BoxShape, House};

    /// A 6×6 jigsaw and its solution.
    const GIVENS: &str = "1....6...3..4.........2..5.......6..";
    const REGIONS: &str = "aaabbbaacbbbaccdddcccddefffdeefffeee";

    #[test]
    fn two_lines_and_two_grids_read_the_same_puzzle() {
        let text = format!("{GIVENS}\n{REGIONS}\n");
        let p = parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.size(), 6);
        assert!(p.jigsaw().is_some());
        assert_eq!(p.givens().at(0, 0), 1);
        assert_eq!(p.region_of(Cell(7)), Some(0));
        assert_eq!(p.region_of(Cell(8)), Some(2));
        let rows = write(&p, Layout::Rows).unwrap();
        assert_eq!(parse(&rows).unwrap(), p);
        assert_eq!(write(&p, Layout::Line).unwrap(), text);
        // Region labels as words, givens as characters.
        let words: String = REGIONS
            .as_bytes()
            .chunks(6)
            .map(|r| {
                let w: Vec<String> = r.iter().map(|&b| format!("R{}", b - b'a' + 1)).collect();
                w.join(" ") + "\n"
            })
            .collect();
        let compact: String =
            GIVENS.as_bytes().chunks(6).map(|r| String::from_utf8_lossy(r) + "\n").collect();
        assert_eq!(parse(&format!("{compact}{words}")).unwrap(), p);
    }

    #[test]
    fn boxes_read_as_a_sudoku() {
        let boxes = "aaabbbaaabbbcccdddcccdddeeefffeeefff";
        let p = parse(&format!("{GIVENS}\n{boxes}")).unwrap();
        assert_eq!(p.boxes(), Some(BoxShape { height: 2, width: 3 }));
        assert!(p.houses().iter().any(|(h, _)| *h == House::Box(5)));
    }

    #[test]
    fn bad_texts_say_where_and_what() {
        let cases: &[(String, &str)] = &[
            (
                format!("{GIVENS}\naaabbbaacbbbaccdddcccddefffdeefffee"),
                "line 2, column 36: expected 36 region labels",
            ),
            (format!("{GIVENS}\n{REGIONS}ff"), "line 2, column 37: expected 36 region labels"),
            (
                format!("{GIVENS}\naaabbbaacbbbaccdddcccddefffdeefffeeg"),
                "line 2, column 36: expected one of the 6 regions' labels",
            ),
            (
                format!("{GIVENS}\naaabbbaacbbbaccdddcccddefffdeefffeef"),
                "the regions do not tile the grid: region 5 has 5 cells, expected 6",
            ),
            ("1 2\n3 4\nab\n".to_string(), "expected 4 rows: 2 of givens, then 2 of region labels"),
            ("12..3\n".to_string(), "expected 10 rows"),
        ];
        for (text, want) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        // Givens that clash in a row or a region read, as in every format: the puzzle has no
        // solution.
        for givens in
            ["1.1..6...3..4.........2..5.......6..", "1....6.1.3..4.........2..5.......6.."]
        {
            let p = parse(&format!("{givens}\n{REGIONS}")).unwrap();
            assert_eq!(crate::solve::Solver::new(&p).count(1).unwrap().solutions, 0, "{givens}");
        }
    }

    /// Detection names regions that do not tile as such, in both forms, rather than reading
    /// the two lines as two Sudokus or the rows as a Sudoku.
    #[test]
    fn detection_names_regions_that_do_not_tile() {
        let texts = [
            "1..............2\naabbaabbccddccdc\n",
            "1 . . .\n. . . .\n. . . .\n. . . 2\naabb\naabb\nccdd\nccdc\n",
        ];
        for text in texts {
            let e = super::super::read(text, None).unwrap_err().to_string();
            assert!(e.contains("the regions do not tile the grid"), "{text:?}: {e}");
        }
        let ok = "1..............2\naabbaabbccddccdd\n";
        let doc = super::super::read(ok, None).unwrap();
        assert_eq!(doc.format, super::super::Format::JIGSAW);
    }

    #[test]
    fn what_it_cannot_write_is_refused() {
        let x = super::super::json::parse(r#"{"size": 4, "boxes": "2x2", "diagonals": true}"#);
        let e = write(&x.unwrap(), Layout::Rows).unwrap_err();
        assert!(e.to_string().ends_with("diagonals"), "{e}");
        let jx = super::super::solo::parse("9jx:7a8_5c9c1_2b5i1_9_1l6l7_2_5i3b8_7c3c7_6a2,daabad__bca_c_ab___aa_baa_baaa_bbbea_baaadab_cd_acb_eade_").unwrap();
        let e = write(&jx, Layout::Line).unwrap_err();
        assert!(e.to_string().ends_with("diagonals"), "{e}");
        let plain = super::super::json::parse(r#"{"size": 4}"#).unwrap();
        assert!(write(&plain, Layout::Line).is_err());
    }
}
