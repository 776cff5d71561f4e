//! Simon Tatham's Solo game IDs: Sudoku with rectangular boxes (`3x3:…`, `2x3:…`), jigsaw
//! (`9j:…`), X (`3x3x:…`, `9jx:…`) and Killer (`3x3k:…`, `9jk:…`), in every mix Solo makes.
//!
//! # Parameters (before the `:`)
//!
//! - `CxR`: boxes of C rows and R columns (Solo's `2x3` is 2 rows of 3), on a side of C·R; `Nj`
//!   (or `CxRj`, or `Cx1`) a jigsaw of side N (C·R); a lone `N`, boxes of N×N on a side of N².
//! - then, in any order: `x` (both main diagonals hold every value once), `k` (Killer), Solo's
//!   symmetry (`r2`, `r4`, `m2`, `md2`, `m4`, `md4`, `m8`, `a`) and level (`dt`, `db`, `di`,
//!   `da`, `de`, `du`). Symmetry and level say how the puzzle was asked of Solo's generator:
//!   they are checked and not kept.
//!
//! # The description (after the `:`)
//!
//! 1. The givens, row by row: a decimal number (1 to N) for a given, a letter for a run of
//!    empty cells (`a` one … `z` 26). `_` separates two givens that follow each other (and is
//!    otherwise allowed anywhere, meaning nothing).
//! 2. A jigsaw's regions: `,` and the walls between them, as in Keen's IDs: the internal edges
//!    taken first between horizontal neighbours in reading order, then between vertical
//!    neighbours column by column; `_` is a wall, `a` to `y` are 1 to 25 edges without a wall
//!    and then a wall, `z` 26 edges without a wall (as Solo reads it); a last wall past the
//!    last edge closes the string.
//! 3. Killer: `,` and the cages' walls likewise, then `,` and a second grid like the givens
//!    holding each cage's sum in one of its cells (Solo puts it in the cage's first cell).
//!    Cages are sums of different values.
//!
//! Written IDs carry no symmetry or level, as the IDs Solo shows do: `3x3:…`, `9jx:…`.

use crate::error::{ModelError, ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{BoxShape, Cage, Cell, Grid, MAX_SIZE, Operator, Puzzle};

/// Solo's level letters in its parameters, easiest first: trivial, basic, intermediate,
/// advanced, extreme, unreasonable.
pub const LEVEL_LETTERS: &str = "tbiaeu";

/// The largest side Solo plays (it spells values up to 31).
pub const SOLO_MAX_SIZE: usize = 31;

/// Whether a line looks like a Solo game ID (to tell the format, not to read it): one word
/// whose parameters start with a number and then `x` and a number, or `j` (a lone number
/// before the `:` is Keen's, and is left to it).
pub fn looks_like_id(line: &str) -> bool {
    let line = line.trim();
    if line.contains(char::is_whitespace) {
        return false;
    }
    let Some((head, _)) = line.split_once([':', '#']) else { return false };
    let rest = head.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == head.len() || !head.chars().all(|c| c.is_ascii_alphanumeric()) {
        return false;
    }
    rest.starts_with('j')
        || rest.strip_prefix('x').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

/// The `solo` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "solo",
    summary: "a game ID of Simon Tatham's Solo: boxes, jigsaw, X, Killer",
    help: "  solo     A game ID of Simon Tatham's Solo: Sudoku with CxR boxes (C rows of R),
           jigsaw (Nj), X (x) and Killer (k), givens then walls and sums.
             2x2:a1b4_2b1a3c2a4b
             9jx:c1b5b5d3b7b4j8_5c9_4b7b1_2c2_9j8b7b8d1b9b8c,bdbab_b___b_…",
    could_be: |s| s.first.is_some_and(|t| t.contains(':')),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| {
        let mut id = write(p)?;
        id.push('\n');
        Ok(id)
    },
    one_per_line: Some(looks_like_id),
    claims: |first, alone| alone && looks_like_id(first),
    preference: 1,
    raw: false,
};

/// What the parameters of an ID say.
struct Params {
    size: usize,
    /// `None` for a jigsaw.
    boxes: Option<BoxShape>,
    diagonals: bool,
    killer: bool,
}

/// Reads a Solo game ID (surrounding whitespace and a byte-order mark are ignored).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let trimmed = text.trim_start_matches(is_blank);
    let start = text.len() - trimmed.len();
    let end = start + trimmed.trim_end_matches(is_blank).len();
    if start == end {
        return Err(ParseError::whole(ParseErrorKind::Empty));
    }
    let mut cur = Cursor { text, pos: start, end };
    let params = parse_params(&mut cur)?;
    let n = params.size;

    let givens_at = cur.pos;
    let givens = parse_grid(&mut cur, n, n as u64, "a given")?;
    let mut builder = Puzzle::builder(n).boxes(params.boxes).diagonals(params.diagonals);
    if params.boxes.is_none() {
        cur.comma("',' and the jigsaw's region walls")?;
        let labels = parse_walls(&mut cur, n)?;
        builder = builder.regions(labels.into_iter().map(|l| l as u8).collect());
    }
    if params.killer {
        cur.comma("',' and the Killer cages' walls")?;
        let owner = parse_walls(&mut cur, n)?;
        cur.comma("',' and the Killer cages' sums")?;
        let sums_at = cur.pos;
        let sums = parse_grid(&mut cur, n, (n * n * n) as u64, "a cage sum")?;
        builder = builder.cages(cages(&owner, &sums, n, &cur, sums_at)?, true);
    }
    if cur.pos < cur.end {
        let what = if cur.peek() == Some(',') {
            "the end of the ID (this kind of puzzle has no more parts)"
        } else {
            "the end of the ID"
        };
        return Err(cur.expected(cur.pos, what));
    }
    let givens = Grid::from_cells(n, givens.into_iter().map(|v| v as u8).collect())
        .map_err(|e| cur.error(givens_at, ParseErrorKind::Invalid(e)))?;
    builder.givens(givens).build().map_err(|e| cur.error(start, ParseErrorKind::Invalid(e)))
}

/// The parameters up to and including the `:`.
fn parse_params(cur: &mut Cursor<'_>) -> Result<Params, ParseError> {
    let at = cur.pos;
    let c = cur.small_number().ok_or_else(|| cur.expected(at, "the box height (a number)"))?;
    let mut r = None;
    if cur.peek() == Some('x') && cur.peek_second().is_some_and(|d| d.is_ascii_digit()) {
        cur.bump();
        r = cur.small_number();
    }
    let (mut jigsaw, mut diagonals, mut killer) = (false, false, false);
    loop {
        let at = cur.pos;
        match cur.peek() {
            Some(':') => {
                cur.bump();
                break;
            }
            Some('j') => jigsaw = true,
            Some('x') => diagonals = true,
            Some('k') => killer = true,
            Some('a') => {}
            Some(s @ ('r' | 'm')) => {
                cur.bump();
                if s == 'm' && cur.peek() == Some('d') {
                    cur.bump();
                }
                let ok =
                    matches!((s, cur.small_number()), ('r', Some(2 | 4)) | ('m', Some(2 | 4 | 8)));
                if !ok {
                    return Err(cur
                        .expected(at, "a symmetry of Solo's (r2, r4, m2, md2, m4, md4, m8 or a)"));
                }
                continue;
            }
            Some('d') => {
                cur.bump();
                if !cur.peek().is_some_and(|l| LEVEL_LETTERS.contains(l)) {
                    return Err(
                        cur.expected(cur.pos, "a level letter after 'd' (t, b, i, a, e or u)")
                    );
                }
            }
            Some('#') => {
                return Err(cur.expected(
                    at,
                    "':' and the puzzle (a random-seed ID, with '#', names a puzzle only Solo's \
                     own generator can make: copy the game ID instead)",
                ));
            }
            _ => {
                return Err(cur.expected(
                    at,
                    "Solo's parameters (j, x, k, a symmetry, d and a level) or ':'",
                ));
            }
        }
        cur.bump();
    }
    let size_error = |what: String| cur.error(at, ParseErrorKind::Other(what));
    // Solo's jigsaw mode: a `j`, or boxes one column wide.
    let jigsaw = jigsaw || r == Some(1);
    let (size, boxes) = match (jigsaw, r) {
        (true, Some(r)) => (c.saturating_mul(r), None),
        (true, None) => (c, None),
        (false, Some(r)) => (c.saturating_mul(r), Some((c, r))),
        (false, None) => (c.saturating_mul(c), Some((c, c))),
    };
    if c < 2 || size < 2 || r == Some(0) {
        return Err(size_error(format!(
            "a Solo puzzle of side {size} (expected boxes of at least 2 rows, or a jigsaw of side 2 or more)"
        )));
    }
    if size > MAX_SIZE {
        return Err(cur.error(at, ParseErrorKind::Invalid(ModelError::Size { size })));
    }
    let boxes = boxes.map(|(h, w)| BoxShape { height: h as u8, width: w as u8 });
    Ok(Params { size, boxes, diagonals, killer })
}

/// Reads a grid of numbers (givens, or Killer sums) up to the next ',' or the end: N² cells,
/// numbers 1 to `max`, letters for runs of empty cells.
fn parse_grid(
    cur: &mut Cursor<'_>,
    n: usize,
    max: u64,
    what: &str,
) -> Result<Vec<u64>, ParseError> {
    let cells = n * n;
    let mut grid = Vec::with_capacity(cells);
    while let Some(ch) = cur.peek() {
        let at = cur.pos;
        match ch {
            ',' => break,
            '_' => cur.bump(),
            'a'..='z' => {
                let run = ch as usize - 'a' as usize + 1;
                if grid.len() + run > cells {
                    return Err(cur.error(at, too_long(cells)));
                }
                grid.extend(std::iter::repeat_n(0, run));
                cur.bump();
            }
            '1'..='9' => {
                let (start, value) = cur.number();
                match value {
                    Some(v) if v <= max => {}
                    _ => {
                        return Err(cur.error(
                            at,
                            ParseErrorKind::Expected {
                                expected: format!("{what} from 1 to {max}"),
                                found: cur.shown(start),
                            },
                        ));
                    }
                }
                if grid.len() == cells {
                    return Err(cur.error(at, too_long(cells)));
                }
                grid.push(value.expect("checked"));
            }
            _ => {
                return Err(cur.expected(
                    at,
                    format!("{what} (1 to {max}), a letter for empty cells, '_' or ','"),
                ));
            }
        }
    }
    if grid.len() < cells {
        return Err(cur.error(
            cur.pos,
            ParseErrorKind::Expected {
                expected: format!("{cells} cells"),
                found: format!("{} described", grid.len()),
            },
        ));
    }
    Ok(grid)
}

fn too_long(cells: usize) -> ParseErrorKind {
    ParseErrorKind::Other(format!("this describes more than the grid's {cells} cells"))
}

/// Reads a wall string up to the next ',' or the end: for each cell, the number of its part
/// (region or cage), numbered from 0 in order of first cell.
fn parse_walls(cur: &mut Cursor<'_>, n: usize) -> Result<Vec<usize>, ParseError> {
    let edges = 2 * n * (n - 1);
    let mut sides = Sides::new(n);
    // Positions covered: edges, then the closing wall.
    let mut pos = 0usize;
    let start = cur.pos;
    let mut last_joins = false;
    // Byte by byte: every byte a wall string may hold is ASCII, and anything else (a
    // multi-byte character included) is an error at its first byte.
    while let Some(&b) = cur.text.as_bytes()[..cur.end].get(cur.pos) {
        let at = cur.pos;
        let joined = match b {
            b',' => break,
            b'_' => 0,
            b'a'..=b'z' => usize::from(b - b'a') + 1,
            _ => return Err(cur.expected(at, "a wall letter ('_' or 'a' to 'z') or ','")),
        };
        let wall = b != b'z';
        if pos + joined + usize::from(wall) > edges + 1 || (pos + joined > edges) {
            return Err(cur.error(
                at,
                ParseErrorKind::Other(format!("the walls describe more than the {edges} edges")),
            ));
        }
        (pos..pos + joined).for_each(|e| sides.join(e));
        pos += joined + usize::from(wall);
        last_joins = !wall;
        cur.pos += 1;
    }
    if cur.pos == start {
        return Err(cur.expected(cur.pos, "a wall string ('_' or 'a' to 'z')"));
    }
    if pos < edges {
        return Err(cur.error(
            cur.pos,
            ParseErrorKind::Other(format!("the walls describe {pos} edges, expected {edges}")),
        ));
    }
    if pos != edges + 1 || last_joins {
        return Err(
            cur.expected(cur.pos, format!("a wall closing the string after the {edges} edges"))
        );
    }
    Ok(sides.parts())
}

/// The open sides of each cell (those without a wall), as the wall string joins them.
struct Sides {
    n: usize,
    open: Vec<u8>,
}

impl Sides {
    const RIGHT: u8 = 1;
    const LEFT: u8 = 2;
    const DOWN: u8 = 4;
    const UP: u8 = 8;

    fn new(n: usize) -> Sides {
        Sides { n, open: vec![0; n * n] }
    }

    /// Internal edge `e` ([`edge_cells`]' order) joins its two cells.
    fn join(&mut self, e: usize) {
        let (a, b) = edge_cells(e, self.n);
        let (from, to) =
            if b == a + 1 { (Self::RIGHT, Self::LEFT) } else { (Self::DOWN, Self::UP) };
        self.open[a] |= from;
        self.open[b] |= to;
    }

    /// Each cell's part (region or cage): the parts numbered from 0 in order of their first
    /// cell.
    fn parts(&self) -> Vec<usize> {
        let n = self.n;
        // Flood fill from each cell not yet reached, in reading order: the first cell of a
        // part is where its fill starts.
        let mut owner = vec![usize::MAX; n * n];
        let mut stack = Vec::with_capacity(n * n);
        let mut next = 0;
        for first in 0..n * n {
            if owner[first] != usize::MAX {
                continue;
            }
            owner[first] = next;
            stack.push(first);
            while let Some(c) = stack.pop() {
                let open = self.open[c];
                let near = [
                    (Self::RIGHT, c + 1),
                    (Self::LEFT, c.wrapping_sub(1)),
                    (Self::DOWN, c + n),
                    (Self::UP, c.wrapping_sub(n)),
                ];
                for (side, to) in near {
                    if open & side != 0 && owner[to] == usize::MAX {
                        owner[to] = next;
                        stack.push(to);
                    }
                }
            }
            next += 1;
        }
        owner
    }
}

/// Killer cages from their walls and the grid of sums: each cage's one sum.
fn cages(
    owner: &[usize],
    sums: &[u64],
    n: usize,
    cur: &Cursor<'_>,
    at: usize,
) -> Result<Vec<Cage>, ParseError> {
    let count = owner.iter().max().map_or(0, |&m| m + 1);
    let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); count];
    let mut sum: Vec<Option<u64>> = vec![None; count];
    for (i, &k) in owner.iter().enumerate() {
        cells[k].push(Cell(i as u16));
        if sums[i] != 0 {
            if sum[k].is_some() {
                return Err(cur.error(
                    at,
                    ParseErrorKind::Other(format!(
                        "the cage at row {}, column {} has two sums",
                        cells[k][0].row(n) + 1,
                        cells[k][0].col(n) + 1
                    )),
                ));
            }
            sum[k] = Some(sums[i]);
        }
    }
    cells
        .into_iter()
        .zip(sum)
        .map(|(cells, sum)| match sum {
            Some(s) => Ok(Cage::new(s, Some(Operator::Add), cells)),
            None => Err(cur.error(
                at,
                ParseErrorKind::Other(format!(
                    "the cage at row {}, column {} has no sum",
                    cells[0].row(n) + 1,
                    cells[0].col(n) + 1
                )),
            )),
        })
        .collect()
}

/// The two cells on either side of internal edge `i`: first the edges between horizontal
/// neighbours in reading order, then those between vertical neighbours column by column.
fn edge_cells(i: usize, n: usize) -> (usize, usize) {
    let per = n - 1;
    if i < n * per {
        let (y, x) = (i / per, i % per);
        (y * n + x, y * n + x + 1)
    } else {
        let j = i - n * per;
        let (x, y) = (j / per, j % per);
        (y * n + x, (y + 1) * n + x)
    }
}

/// Writes a puzzle as a Solo game ID (without a trailing newline), or says what Solo cannot
/// hold.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    let n = puzzle.size();
    if !puzzle.extra_regions().is_empty() {
        return no("extra regions".into());
    }
    if !puzzle.relations().is_empty() {
        return no("relations between cells".into());
    }
    if puzzle.line_clues().is_some() {
        return no("line clues".into());
    }
    if !puzzle.has_regions() {
        return no("a puzzle without boxes or regions (Solo plays Sudoku)".into());
    }
    if !(2..=SOLO_MAX_SIZE).contains(&n) {
        return no(format!("a side of {n} (Solo plays sides 2 to {SOLO_MAX_SIZE})"));
    }
    if puzzle.diagonals() && n < 4 {
        return no(format!("diagonals on a side of {n} (Solo's X needs a side of 4 or more)"));
    }
    let killer = !puzzle.cages().is_empty();
    let mut id = match puzzle.boxes() {
        Some(b) if b.height >= 2 && b.width >= 2 => format!("{}x{}", b.height, b.width),
        _ => format!("{n}j"),
    };
    if puzzle.diagonals() {
        id.push('x');
    }
    let mut owner = vec![0usize; n * n];
    if killer {
        id.push('k');
        owner = killer_owner(puzzle)?;
    }
    id.push(':');
    write_grid(&mut id, puzzle.givens().cells().iter().map(|&v| u64::from(v)));
    if puzzle.boxes().is_none_or(|b| b.height < 2 || b.width < 2) {
        let regions: Vec<usize> =
            (0..n * n).map(|c| puzzle.region_of(Cell(c as u16)).unwrap_or(0)).collect();
        if let Some(k) = (0..n).find(|&k| !connected(&regions, k, n)) {
            return no(format!("region {}, which is in pieces (Solo's regions are joined)", k + 1));
        }
        id.push(',');
        write_walls(&mut id, &regions, n);
    }
    if killer {
        id.push(',');
        write_walls(&mut id, &owner, n);
        id.push(',');
        let mut sums = vec![0u64; n * n];
        for cage in puzzle.cages() {
            let first = cage.cells.iter().map(|c| c.index()).min().expect("no empty cage");
            sums[first] = cage.target;
        }
        write_grid(&mut id, sums.into_iter());
    }
    Ok(id)
}

/// Each cell's cage, when the cages are ones Solo holds: sums of different values on 2 to N
/// joined cells, covering the grid, N at most 9.
fn killer_owner(puzzle: &Puzzle) -> Result<Vec<usize>, WriteError> {
    let n = puzzle.size();
    if n > 9 {
        return no(format!("a Killer of side {n} (Solo's Killers have sides up to 9)"));
    }
    if !puzzle.distinct_cages() {
        return no("cages whose values may repeat (Solo's Killer cages differ)".into());
    }
    let owner = puzzle.cage_of_cells();
    if let Some(cell) = owner.iter().position(Option::is_none) {
        return no(format!(
            "a cell in no cage (row {}, column {}; Solo's cages cover the grid)",
            cell / n + 1,
            cell % n + 1
        ));
    }
    let owner: Vec<usize> = owner.into_iter().flatten().collect();
    for (k, cage) in puzzle.cages().iter().enumerate() {
        let first = cage.cells.iter().map(|c| c.index()).min().expect("no empty cage");
        let at = format!("the cage at row {}, column {}", first / n + 1, first % n + 1);
        if !matches!(cage.op, Some(Operator::Add)) && cage.cells.len() > 1 {
            return no(format!("{at}, which is not a sum (Solo's cages are sums)"));
        }
        if !(2..=n).contains(&cage.cells.len()) {
            return no(format!("{at}, of {} cells (Solo's cages have 2 to {n})", cage.cells.len()));
        }
        if cage.target > (n * n * n) as u64 || cage.target == 0 {
            return no(format!("{at}, whose sum {} Solo cannot write", cage.target));
        }
        if !connected(&owner, k, n) {
            return no(format!("{at}, which is in pieces (Solo's cages are joined)"));
        }
    }
    Ok(owner)
}

/// What Solo cannot hold, as the error of writing it.
fn no<T>(what: String) -> Result<T, WriteError> {
    Err(WriteError::unsupported("solo", what))
}

/// Appends a grid of numbers: letters for runs of zeros, `_` between two numbers.
fn write_grid(out: &mut String, values: impl Iterator<Item = u64>) {
    let mut run = 0usize;
    let mut after_number = false;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(26);
            out.push((b'a' + k as u8 - 1) as char);
            *run -= k;
        }
    };
    for v in values {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            flush(out, &mut run);
        } else if after_number {
            out.push('_');
        }
        out.push_str(&v.to_string());
        after_number = true;
    }
    flush(out, &mut run);
}

/// Appends the walls between parts (`owner`: each cell's), closed by the last wall.
fn write_walls(out: &mut String, owner: &[usize], n: usize) {
    let edges = 2 * n * (n - 1);
    let mut run = 0usize;
    for e in 0..=edges {
        let wall = e == edges || {
            let (a, b) = edge_cells(e, n);
            owner[a] != owner[b]
        };
        if !wall {
            run += 1;
            continue;
        }
        // Solo reads `z` as 26 edges without a wall.
        while run >= 26 {
            out.push('z');
            run -= 26;
        }
        out.push(if run == 0 { '_' } else { (b'a' + run as u8 - 1) as char });
        run = 0;
    }
}

/// Whether the cells of part `k` form one orthogonally joined piece.
fn connected(owner: &[usize], k: usize, n: usize) -> bool {
    let Some(first) = owner.iter().position(|&o| o == k) else { return true };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        let (r, c) = (i / n, i % n);
        let near = [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ];
        for j in near.into_iter().flatten() {
            if !seen[j] && owner[j] == k {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == owner.iter().filter(|&&o| o == k).count()
}

fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// A position in the (untrimmed) input, reading up to `end`.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        // An ASCII byte is its own character (the common case, checked without decoding).
        match self.text.as_bytes()[..self.end].get(self.pos) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.text[self.pos..self.end].chars().next(),
            None => None,
        }
    }

    fn peek_second(&self) -> Option<char> {
        self.text[self.pos..self.end].chars().nth(1)
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    /// Reads a run of ASCII digits: where they start, and their value unless it overflows.
    fn number(&mut self) -> (usize, Option<u64>) {
        let start = self.pos;
        let mut value = Some(0u64);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(d)));
            self.pos += 1;
        }
        (start, value)
    }

    /// The text from `start` to here, as an error shows it (cut short when long).
    fn shown(&self, start: usize) -> String {
        let digits = &self.text[start..self.pos];
        if digits.len() > 30 { format!("{}…", &digits[..30]) } else { digits.to_string() }
    }

    /// A number of the parameters (None when there is none here; huge ones saturate).
    fn small_number(&mut self) -> Option<usize> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return None;
        }
        Some(self.number().1.map_or(usize::MAX, |v| v.min(usize::MAX as u64) as usize))
    }

    /// A ',' here, or an error saying what should follow.
    fn comma(&mut self, what: &str) -> Result<(), ParseError> {
        if self.peek() == Some(',') {
            self.bump();
            Ok(())
        } else {
            Err(self.expected(self.pos, what))
        }
    }

    /// 1-based line and column (in characters) of byte offset `at` of the input.
    fn line_col(&self, at: usize) -> (usize, usize) {
        let before = &self.text[..at];
        let line = 1 + before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    fn error(&self, at: usize, kind: ParseErrorKind) -> ParseError {
        let (line, column) = self.line_col(at);
        ParseError::new(line, column, kind)
    }

    /// "expected …, found <the character at `at`>".
    fn expected(&self, at: usize, expected: impl Into<String>) -> ParseError {
        let found = match self.text[at..self.end].chars().next() {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "the end of the ID".to_string(),
        };
        let (line, column) = self.line_col(at);
        ParseError::expected(line, column, expected, found)
    }
}

#[cfg(test)]
mod tests;
