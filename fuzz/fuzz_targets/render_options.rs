//! A puzzle and the options a user can give `render` (per page, scale, paper, solution,
//! caption, colour), as raw values: drawing it in the terminal, as SVG, PNG and a PDF sheet
//! never panics; options out of range are errors, and everything drawn is well formed.
//!
//! Input: two option bytes, a four-byte scale (an `f32`, any bits: NaN, infinities, negative),
//! then the puzzle text (detected; up to three puzzles of the document are drawn):
//!
//! - 0: bit 0 the solution drawn, bit 1 letter paper (else A4), bit 2 colour, bit 3 a caption,
//!   bit 4 answer pages, bit 5 a PNG drawn (else only the checks of its options), bit 6 a PDF
//!   sheet made (else only the check of its options: a sheet takes a second here);
//! - 1: puzzles per PDF page, as given (0 and above 30 must be refused).
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::format;
use calcudoku::render::{Picture, RenderError, pdf, png, svg, term};
use calcudoku::solve::Solver;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let (flags, per_page) = (data[0], data[1] as usize);
    let scale = f32::from_le_bytes([data[2], data[3], data[4], data[5]]);
    let Ok(text) = std::str::from_utf8(&data[6..]) else { return };
    let Ok(doc) = format::read(text, None) else { return };
    let puzzles: Vec<_> = doc.entries.into_iter().filter_map(|e| e.puzzle.ok()).take(3).collect();
    let mut items = Vec::new();
    for puzzle in &puzzles {
        let deadline = Some(Instant::now() + Duration::from_millis(20));
        let solution = match flags & 1 {
            0 => None,
            _ => Solver::new(puzzle).with_deadline(deadline).solve().ok().and_then(|r| r.grid),
        };
        let mut picture = Picture::new(puzzle);
        if let Some(g) = &solution {
            assert!(puzzle.is_solution(g));
            picture = picture.with_values(g);
        }
        if flags & 8 != 0 {
            picture = picture.with_caption(String::from_utf8_lossy(&data[6..data.len().min(40)]));
        }
        let drawn = term::render(&picture, term::Options { colour: flags & 4 != 0 });
        assert!(drawn.lines().count() >= puzzle.size());
        let drawing = svg::render(&picture);
        assert!(drawing.starts_with("<?xml") && drawing.trim_end().ends_with("</svg>"));
        // PNG: a scale out of range and an image past the limit are refused before anything
        // is drawn; small images are drawn (larger ones take seconds).
        let (w, h) = svg::dimensions(&picture);
        let pixels = (w * f64::from(scale)).ceil() * (h * f64::from(scale)).ceil();
        let valid = scale.is_finite() && scale > 0.0 && scale <= 16.0;
        let small = pixels <= 2.5e5 && flags & 32 != 0;
        if valid && pixels <= (png::MAX_PIXELS as f64) * 0.99 && !small {
            add_item(&mut items, puzzle, solution);
            continue;
        }
        match png::render(&picture, scale) {
            Ok(bytes) => assert!(bytes.starts_with(b"\x89PNG")),
            Err(RenderError::Scale(s)) => {
                assert!(s.to_bits() == scale.to_bits(), "the scale refused is the one given")
            }
            Err(RenderError::TooLarge(w, h)) => {
                assert!(u64::from(w) * u64::from(h) > png::MAX_PIXELS)
            }
            Err(e) => panic!("PNG: {e}"),
        }
        add_item(&mut items, puzzle, solution);
    }
    let options = pdf::Options {
        paper: if flags & 2 != 0 { pdf::Paper::Letter } else { pdf::Paper::A4 },
        per_page,
        solutions: flags & 16 != 0,
        ..pdf::Options::default()
    };
    if flags & 64 == 0 && (1..=pdf::MAX_PER_PAGE).contains(&per_page) {
        return;
    }
    match pdf::sheet(&items, &options) {
        Ok(bytes) => {
            assert!((1..=pdf::MAX_PER_PAGE).contains(&per_page));
            assert!(bytes.starts_with(b"%PDF"));
        }
        Err(RenderError::PerPage(k)) => {
            assert_eq!(k, per_page);
            assert!(!(1..=pdf::MAX_PER_PAGE).contains(&per_page));
        }
        Err(e) => panic!("PDF: {e}"),
    }
});

/// Adds a puzzle to the sheet's items.
fn add_item<'a>(
    items: &mut Vec<pdf::Item<'a>>,
    puzzle: &'a calcudoku::Puzzle,
    solution: Option<calcudoku::Grid>,
) {
    let id = format!("fuzz:{}", items.len());
    items.push(pdf::Item { puzzle, solution, level: None, id });
}
