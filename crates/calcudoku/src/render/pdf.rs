//! Printable PDF sheets: A4 or Letter pages with a chosen number of puzzles each, every puzzle
//! with a caption (number, kind, size, level when known, an id), then the solutions on the
//! pages after. Each page is drawn as SVG and converted by `svg2pdf` (text stays text, in the
//! bundled font); `pdf-writer` puts the pages together.

use std::collections::HashMap;
use std::fmt::Write as _;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};

use super::svg::{self, FONT_FAMILY, INK, Num};
use super::{Picture, RenderError, fonts, xml_escape};
use crate::puzzle::{Grid, Puzzle};

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (the default).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch).
    pub const fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The paper called `a4` or `letter`, ignoring ASCII case; `None` for any other name.
    pub fn from_name(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// One puzzle of a sheet.
#[derive(Clone, Debug)]
pub struct Item<'a> {
    /// The puzzle drawn.
    pub puzzle: &'a Puzzle,
    /// Its solution, for the answer pages (None: "no solution" there).
    pub solution: Option<Grid>,
    /// Its level, when known (`hard`, `easy`, …).
    pub level: Option<String>,
    /// Where it came from or what it is called (`sheet.txt:12`).
    pub id: String,
}

/// How the sheet is laid out.
#[derive(Clone, Debug)]
pub struct Options {
    /// The paper size of every page.
    pub paper: Paper,
    /// Puzzles per page (1 to [`MAX_PER_PAGE`]).
    pub per_page: usize,
    /// The heading of the puzzle pages.
    pub title: String,
    /// Whether answer pages follow.
    pub solutions: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { paper: Paper::A4, per_page: 6, title: "Puzzles".into(), solutions: true }
    }
}

/// The most puzzles a page may hold.
pub const MAX_PER_PAGE: usize = 30;

const MARGIN: f64 = 36.0;
const HEADER: f64 = 30.0;
const FOOTER: f64 = 20.0;
const CAPTION_SIZE: f64 = 9.0;
const CAPTION: f64 = 16.0;
const GAP: f64 = 14.0;
/// The largest cell drawn, in points (half an inch): small grids are not blown up.
const MAX_CELL: f64 = 36.0;

/// The caption of a puzzle: `3 · KenKen 6×6 · hard · sheet.txt:12`.
pub fn caption(number: usize, item: &Item) -> String {
    let n = item.puzzle.size();
    let mut s = format!("{number} · {} {n}×{n}", item.puzzle.kind());
    if let Some(level) = &item.level {
        let _ = write!(s, " · {level}");
    }
    if !item.id.is_empty() {
        let _ = write!(s, " · {}", item.id);
    }
    s
}

/// Where the puzzles of a page go: columns and rows of slots, and the side of a grid.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slots {
    cols: usize,
    rows: usize,
    /// Width and height of a slot.
    w: f64,
    h: f64,
    /// Side of the picture drawn in a slot.
    side: f64,
}

impl Slots {
    /// The arrangement of `k` puzzles on a page that gives them the largest grids (fewer
    /// columns on a tie).
    fn of(k: usize, paper: Paper) -> Slots {
        let (pw, ph) = paper.size();
        let (aw, ah) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN - HEADER - FOOTER);
        let mut best: Option<Slots> = None;
        for cols in 1..=k {
            let rows = k.div_ceil(cols);
            let (w, h) = (aw / cols as f64, ah / rows as f64);
            let side = (w - GAP).min(h - GAP - CAPTION);
            if best.is_none_or(|b| side > b.side + 1e-9) {
                best = Some(Slots { cols, rows, w, h, side });
            }
        }
        best.expect("k ≥ 1")
    }
}

/// A whole sheet as PDF bytes: the puzzle pages, then (with `options.solutions`) the answers.
pub fn sheet(items: &[Item], options: &Options) -> Result<Vec<u8>, RenderError> {
    if options.per_page == 0 || options.per_page > MAX_PER_PAGE {
        return Err(RenderError::PerPage(options.per_page));
    }
    let pages = items.len().div_ceil(options.per_page).max(1);
    let total = if options.solutions && !items.is_empty() { 2 * pages } else { pages };
    let mut svgs = Vec::with_capacity(total);
    for page in 0..pages {
        let chunk = page_items(items, options.per_page, page);
        svgs.push(page_svg(chunk, page * options.per_page, false, options, page + 1, total));
    }
    if options.solutions && !items.is_empty() {
        for page in 0..pages {
            let chunk = page_items(items, options.per_page, page);
            let number = pages + page + 1;
            svgs.push(page_svg(chunk, page * options.per_page, true, options, number, total));
        }
    }
    assemble(&svgs, options)
}

fn page_items<'a, 'b>(items: &'a [Item<'b>], per_page: usize, page: usize) -> &'a [Item<'b>] {
    let start = (page * per_page).min(items.len());
    &items[start..(start + per_page).min(items.len())]
}

/// Opens a page's SVG document in points: its heading at the top and `page k of n` at the
/// foot. The caller adds the page's pictures and closes the document.
fn page_open(out: &mut String, paper: Paper, heading: &str, page: usize, pages: usize) {
    let (pw, ph) = paper.size();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <g font-family=\"{FONT_FAMILY}\" fill=\"{INK}\">\n",
        w = Num(pw),
        h = Num(ph)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        Num(MARGIN),
        Num(MARGIN + 14.0),
        xml_escape(heading)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\">page {page} of {pages}</text>",
        Num(pw / 2.0),
        Num(ph - MARGIN + 4.0)
    );
    out.push_str("</g>\n");
}

/// One page as an SVG document in points.
fn page_svg(
    items: &[Item],
    first: usize,
    answers: bool,
    options: &Options,
    page: usize,
    pages: usize,
) -> String {
    let slots = Slots::of(options.per_page, options.paper);
    let mut out = String::with_capacity(4096 + items.len() * 16384);
    let heading = if answers { "Solutions" } else { options.title.as_str() };
    page_open(&mut out, options.paper, heading, page, pages);
    for (k, item) in items.iter().enumerate() {
        let (col, row) = (k % slots.cols, k / slots.cols);
        let x0 = MARGIN + col as f64 * slots.w;
        let y0 = MARGIN + HEADER + row as f64 * slots.h;
        let picture = match (&item.solution, answers) {
            (Some(grid), true) => Picture::new(item.puzzle).with_values(grid),
            _ => Picture::new(item.puzzle),
        };
        let (w, _) = svg::dimensions(&picture);
        let scale = (slots.side / w).min(MAX_CELL / svg::CELL);
        let side = w * scale;
        let x = x0 + (slots.w - side) / 2.0;
        let y = y0 + GAP / 2.0 + (slots.side - side) / 2.0;
        let _ =
            writeln!(out, "<g transform=\"translate({} {}) scale({})\">", Num(x), Num(y), scale);
        svg::body(&picture, &mut out);
        out.push_str("</g>\n");
        let number = first + k + 1;
        let mut text = caption(number, item);
        if answers && item.solution.is_none() {
            text = format!("{number} · no solution found");
        }
        let fits = ((slots.w.min(slots.side + GAP) / (CAPTION_SIZE * 0.55)) as usize).max(8);
        if text.chars().count() > fits {
            text = text.chars().take(fits - 1).collect::<String>() + "…";
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"{FONT_FAMILY}\" font-size=\"{CAPTION_SIZE}\" fill=\"{INK}\">{}</text>",
            Num(x),
            Num(y + side + CAPTION - 4.0),
            xml_escape(&text)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A PDF of whole pictures, one a page, each as large as the page allows (a cell at most
/// three quarters of an inch): the steps of `explain --draw --to pdf`, or one hint.
#[derive(Clone, Debug)]
pub struct Book {
    options: Options,
    /// Each page's picture, placed and scaled, as SVG.
    pages: Vec<String>,
}

impl Book {
    /// An empty book on `options.paper`, each page headed `options.title` (`per_page` and
    /// `solutions` do not apply).
    pub fn new(options: Options) -> Book {
        Book { options, pages: Vec::new() }
    }

    /// Adds `picture` (its caption included) on a page of its own.
    pub fn add(&mut self, picture: &Picture) {
        let (pw, ph) = self.options.paper.size();
        let (w, h) = svg::dimensions(picture);
        let (aw, ah) = (pw - 2.0 * MARGIN, ph - 2.0 * MARGIN - HEADER - FOOTER);
        let cell = svg::grid_box(picture).cell;
        let scale = (aw / w).min(ah / h).min(MAX_CELL * 1.5 / cell);
        let (x, y) = (MARGIN + (aw - w * scale) / 2.0, MARGIN + HEADER);
        let mut body = String::with_capacity(16384);
        let _ = writeln!(body, "<g transform=\"translate({} {}) scale({scale})\">", Num(x), Num(y));
        svg::body(picture, &mut body);
        body.push_str("</g>\n");
        self.pages.push(body);
    }

    /// How many pages the book has.
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// Whether no picture was added.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// The PDF: every page headed by the title and numbered `page k of n` at its foot.
    pub fn to_pdf(&self) -> Result<Vec<u8>, RenderError> {
        let total = self.pages.len();
        let svgs: Vec<String> = self
            .pages
            .iter()
            .enumerate()
            .map(|(k, body)| {
                let mut page = String::with_capacity(body.len() + 1024);
                page_open(&mut page, self.options.paper, &self.options.title, k + 1, total);
                page.push_str(body);
                page.push_str("</svg>\n");
                page
            })
            .collect();
        assemble(&svgs, &self.options)
    }
}

/// Converts page SVGs and binds them into one PDF.
fn assemble(svgs: &[String], options: &Options) -> Result<Vec<u8>, RenderError> {
    let (pw, ph) = options.paper.size();
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut pages = Vec::with_capacity(svgs.len());
    let conversion = svg2pdf::ConversionOptions::default();
    for svg in svgs {
        let t = fonts::tree(svg)?;
        let (chunk, root) =
            svg2pdf::to_chunk(&t, conversion).map_err(|e| RenderError::Pdf(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let root = map[&root];
        let (page, contents) = (alloc.bump(), alloc.bump());
        let name = Name(b"P");
        let mut writer = pdf.page(page);
        writer.media_box(Rect::new(0.0, 0.0, pw as f32, ph as f32));
        writer.parent(tree);
        writer.contents(contents);
        writer.resources().x_objects().pair(name, root);
        writer.finish();
        let mut content = Content::new();
        content.transform([pw as f32, 0.0, 0.0, ph as f32, 0.0, 0.0]).x_object(name);
        pdf.stream(contents, &content.finish());
        pdf.extend(&chunk);
        pages.push(page);
    }
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(pages.iter().copied()).count(pages.len() as i32);
    pdf.document_info(info).title(TextStr(&options.title)).producer(TextStr("calcudoku"));
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_fill_the_page() {
        let one = Slots::of(1, Paper::A4);
        assert_eq!((one.cols, one.rows), (1, 1));
        let six = Slots::of(6, Paper::A4);
        assert_eq!((six.cols, six.rows), (2, 3));
        let four = Slots::of(4, Paper::Letter);
        assert_eq!((four.cols, four.rows), (2, 2));
        assert!(six.side > 100.0 && six.side < one.side);
    }

    #[test]
    fn a_book_has_a_page_per_picture() {
        let puzzle = crate::format::parse("3 . . .\n. . . .\n. . . .\n. . . 1\n", None).unwrap();
        let mut book = Book::new(Options { title: "Steps".into(), ..Options::default() });
        assert!(book.is_empty());
        book.add(&Picture::new(&puzzle).with_caption("one"));
        book.add(&Picture::new(&puzzle).with_caption("two"));
        assert_eq!(book.len(), 2);
        let bytes = book.to_pdf().unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/Count 2"), "two pages");
    }

    #[test]
    fn bad_counts_per_page_are_errors() {
        let o = Options { per_page: 0, ..Options::default() };
        assert_eq!(sheet(&[], &o), Err(RenderError::PerPage(0)));
    }
}
