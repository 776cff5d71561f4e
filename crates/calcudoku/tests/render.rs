//! Pictures: snapshots of the terminal and SVG drawings of every kind (KenKen, Sudoku 4×4, 9×9
//! and 16×16, Killer), the SVG read back by usvg, the PNG decoded, and PDF sheets read back by
//! lopdf (page count, text).

use std::path::PathBuf;

use calcudoku::logic::{self, Board, Ladder};
use calcudoku::render::{Content, Ink, Kind, Marks, Picture, svg, term};
use calcudoku::{Cell, Puzzle, ValueSet, format, solve};

fn repo(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn puzzle(path: &str) -> Puzzle {
    format::parse(&repo(path), None).unwrap()
}

const KENKEN: &str = "examples/kenken-6x6.ops.txt";
const SUDOKU: &str = "examples/sudoku-9x9.rows.txt";
const SUDOKU4: &str = "tests/data/sudoku/sudoku-4x4.rows.txt";
const SUDOKU16: &str = "tests/data/sudoku/sudoku-16x16.rows.txt";
const KILLER: &str = "examples/killer-9x9.ops.txt";
const ALL: [&str; 5] = [KENKEN, SUDOKU, SUDOKU4, SUDOKU16, KILLER];

const PLAIN: term::Options = term::Options { colour: false };

/// The first step of the puzzle's logic path, drawn on the bare board.
fn first_step(p: &Puzzle) -> (Board, logic::Leveled) {
    let board = Board::new(p).unwrap();
    let step = logic::next_step(&board, &Ladder::for_board(&board)).expect("a first step");
    (board, step)
}

#[test]
fn terminal_kenken() {
    let p = puzzle(KENKEN);
    insta::assert_snapshot!("term_kenken", term::render(&Picture::new(&p), PLAIN));
    let solution = solve::solve(&p).unwrap();
    let picture = Picture::new(&p).with_values(&solution).with_caption("KenKen 6×6");
    insta::assert_snapshot!("term_kenken_solution", term::render(&picture, PLAIN));
}

#[test]
fn terminal_sudoku() {
    let p = puzzle(SUDOKU);
    insta::assert_snapshot!("term_sudoku9", term::render(&Picture::new(&p), PLAIN));
    let p4 = puzzle(SUDOKU4);
    let solution = solve::solve(&p4).unwrap();
    let picture = Picture::new(&p4).with_values(&solution);
    insta::assert_snapshot!("term_sudoku4_solution", term::render(&picture, PLAIN));
    insta::assert_snapshot!(
        "term_sudoku4_solution_colour",
        term::render(&picture, term::Options { colour: true })
    );
    let p16 = puzzle(SUDOKU16);
    insta::assert_snapshot!("term_sudoku16", term::render(&Picture::new(&p16), PLAIN));
}

#[test]
fn terminal_killer() {
    let p = puzzle(KILLER);
    insta::assert_snapshot!("term_killer", term::render(&Picture::new(&p), PLAIN));
}

#[test]
fn terminal_steps() {
    let p = puzzle(KENKEN);
    let (board, step) = first_step(&p);
    let picture = Picture::new(&p).with_step(&board, &step.step);
    let text = term::render(&picture, PLAIN);
    // Each eliminated candidate is struck out where it stands.
    assert_eq!(text.matches('\u{0336}').count(), step.step.eliminations.len(), "{text}");
    insta::assert_snapshot!("term_kenken_step", text);
    let coloured = term::render(&picture, term::Options { colour: true });
    assert_eq!(coloured.matches("\x1b[9;31").count(), step.step.eliminations.len());
    let k = puzzle(KILLER);
    let (board, step) = first_step(&k);
    let picture = Picture::new(&k).with_step(&board, &step.step);
    insta::assert_snapshot!("term_killer_step", term::render(&picture, PLAIN));
}

#[test]
fn terminal_pictures_fit_80_columns_where_they_can() {
    for path in ALL {
        let p = puzzle(path);
        let text = term::render(&Picture::new(&p), PLAIN);
        let widths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{path}: ragged lines\n{text}");
        assert!(widths[0] <= 80, "{path}: {} columns", widths[0]);
        let top = text.lines().next().unwrap();
        assert!(top.starts_with('┏') && top.ends_with('┓'), "{path}: {top}");
    }
}

#[test]
fn svg_kenken() {
    let p = puzzle(KENKEN);
    insta::assert_snapshot!("svg_kenken", svg::render(&Picture::new(&p)));
}

#[test]
fn svg_sudoku() {
    let p = puzzle(SUDOKU);
    let solution = solve::solve(&p).unwrap();
    insta::assert_snapshot!(
        "svg_sudoku9_solution",
        svg::render(&Picture::new(&p).with_values(&solution))
    );
    insta::assert_snapshot!("svg_sudoku4", svg::render(&Picture::new(&puzzle(SUDOKU4))));
    insta::assert_snapshot!("svg_sudoku16", svg::render(&Picture::new(&puzzle(SUDOKU16))));
}

#[test]
fn svg_killer() {
    let p = puzzle(KILLER);
    let text = svg::render(&Picture::new(&p));
    // One dashed closed outline per cage.
    let dashed = text.lines().find(|l| l.contains("stroke-dasharray")).expect("dashed outlines");
    assert_eq!(dashed.matches('Z').count(), p.cages().len());
    insta::assert_snapshot!("svg_killer", text);
}

#[test]
fn svg_step() {
    let p = puzzle(KENKEN);
    let (board, step) = first_step(&p);
    let text = step.step.text(&board);
    let picture = Picture::new(&p).with_step(&board, &step.step).with_caption(text);
    insta::assert_snapshot!("svg_kenken_step", svg::render(&picture));
}

/// The fonts the PNG and PDF renderers bundle, for reading pictures back with text.
fn usvg_options() -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    let db = options.fontdb_mut();
    for name in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansMath-Regular.ttf"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/fonts").join(name);
        db.load_font_data(std::fs::read(path).unwrap());
    }
    options.font_family = "Noto Sans".into();
    options
}

/// Every text of a usvg tree, in order.
fn texts(group: &usvg::Group, out: &mut Vec<String>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => texts(g, out),
            usvg::Node::Text(t) => out.push(t.chunks().iter().map(|c| c.text()).collect()),
            _ => {}
        }
    }
}

#[test]
fn svg_reads_back_with_every_label_and_value() {
    let options = usvg_options();
    for path in ALL {
        let p = puzzle(path);
        let solution = solve::solve(&p).unwrap();
        for with_solution in [false, true] {
            let picture = if with_solution {
                Picture::new(&p).with_values(&solution)
            } else {
                Picture::new(&p)
            };
            let text = svg::render(&picture);
            assert!(
                !text.contains("<script") && !text.contains("href"),
                "{path}: scripts or links"
            );
            let tree = usvg::Tree::from_str(&text, &options)
                .unwrap_or_else(|e| panic!("{path}: not read back: {e}"));
            let (w, h) = svg::dimensions(&picture);
            assert_eq!((tree.size().width() as f64, tree.size().height() as f64), (w, h));
            let mut found = Vec::new();
            texts(tree.root(), &mut found);
            let n = p.size();
            let labels: Vec<String> =
                (0..n * n).filter_map(|i| picture.label(Cell(i as u16))).collect();
            let givens = p.givens().cells().iter().filter(|&&v| v != 0).count();
            let values = if with_solution { n * n } else { givens };
            assert_eq!(found.len(), labels.len() + values, "{path}, solution {with_solution}");
            for label in &labels {
                assert!(found.contains(label), "{path}: label {label} missing");
            }
        }
    }
}

#[test]
fn kinds_are_named() {
    assert_eq!(Kind::of(&puzzle(KENKEN)), Kind::KenKen);
    assert_eq!(Kind::of(&puzzle(SUDOKU)), Kind::Sudoku);
    assert_eq!(Kind::of(&puzzle(KILLER)), Kind::Killer);
}

#[test]
fn wrong_cells_are_marked() {
    let p = puzzle(SUDOKU4);
    let solution = solve::solve(&p).unwrap();
    let mut grid = solution.clone();
    let wrong = (0..16).map(|i| Cell(i as u16)).find(|&c| p.givens().get(c) == 0).unwrap();
    grid.set(wrong, grid.get(wrong) % 4 + 1);
    let marks = Marks { wrong: vec![wrong], ..Marks::default() };
    let picture = Picture::new(&p).with_values(&grid).with_marks(marks);
    let text = svg::render(&picture);
    assert_eq!(text.matches("fill=\"#ffd0d0\"").count(), 1, "one cell on red");
    assert!(term::render(&picture, PLAIN).contains(&format!("!{}", grid.get(wrong))));
}

#[test]
fn a_players_pencil_marks_and_room_for_them() {
    let p = puzzle(KENKEN);
    let n = p.size();
    let bare = Picture::new(&p);
    // Room for marks: the larger cells, nothing else drawn.
    let roomy = Picture::new(&p).with_room_for_candidates();
    assert!(!roomy.has_candidates() && roomy.room_for_candidates() && !bare.room_for_candidates());
    assert!(svg::dimensions(&roomy).0 > svg::dimensions(&bare).0);
    assert_eq!(svg::grid_box(&roomy).cell, svg::MARKS_CELL);
    assert_eq!(svg::grid_box(&bare).cell, svg::CELL);
    let (w, _) = svg::dimensions(&roomy);
    let b = svg::grid_box(&roomy);
    assert_eq!(b.left + n as f64 * b.cell + b.left, w, "the grid is centred, margins alike");
    assert_eq!(
        svg::render(&roomy).matches("<text").count(),
        svg::render(&bare).matches("<text").count()
    );
    // A player's marks: 1 and 3 in cell 0, 2 in the last cell, none elsewhere; a value in cell
    // 1; a hint striking 3 from cell 0.
    let mut marks = vec![ValueSet::EMPTY; n * n];
    marks[0] = ValueSet::single(1) | ValueSet::single(3);
    marks[n * n - 1] = ValueSet::single(2);
    marks[1] = ValueSet::single(4); // hidden by the value
    let mut values = calcudoku::Grid::empty(n);
    values.set(Cell(1), 5);
    let struck = calcudoku::logic::Placement { cell: Cell(0), value: 3 };
    let picture = Picture::new(&p)
        .with_values(&values)
        .with_candidates(&marks)
        .with_marks(Marks { eliminations: vec![struck], ..Marks::default() });
    assert_eq!(
        picture.content(Cell(0)),
        Content::Candidates { left: ValueSet::single(1), struck: ValueSet::single(3) }
    );
    assert_eq!(picture.content(Cell(1)), Content::Value(5, Ink::Filled));
    assert_eq!(
        picture.content(Cell(2)),
        Content::Candidates { left: ValueSet::EMPTY, struck: ValueSet::EMPTY }
    );
    let text = svg::render(&picture);
    let pencil = text.split("fill=\"#555\"").nth(1).expect("a group of pencil marks");
    let pencil = &pencil[..pencil.find("</g>").unwrap()];
    assert_eq!(pencil.matches("<text").count(), 2, "{pencil}");
    assert!(text.contains("stroke=\"#b01a25\" stroke-width=\"1.2\""), "3 struck out");
    // A list of the wrong length is ignored.
    let short = Picture::new(&p).with_candidates(&marks[1..]);
    assert!(!short.has_candidates());
}

#[cfg(feature = "png")]
#[test]
fn png_has_the_size_asked_and_draws_the_grid() {
    use calcudoku::render::png as picture_png;
    let p = puzzle(SUDOKU);
    let bytes = picture_png::render(&Picture::new(&p), 1.5).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = svg::dimensions(&Picture::new(&p));
    assert_eq!((info.width, info.height), ((w * 1.5) as u32, (h * 1.5) as u32));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let px = |x: u32, y: u32| {
        let i = (y * info.width + x) as usize * 3;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    // The outer border (at 6 units, 3 wide) is black; the middle of an empty cell is white.
    assert_eq!(px(200, 9), [0, 0, 0]);
    let empty = (0..81).find(|&i| p.givens().cells()[i] == 0).unwrap();
    let (r, c) = (empty / 9, empty % 9);
    let centre = |k: usize| ((6.0 + k as f64 * 40.0 + 20.0) * 1.5) as u32;
    assert_eq!(px(centre(c), centre(r)), [255, 255, 255]);
    // A given is drawn in black ink around its cell's middle.
    let given = (0..81).find(|&i| p.givens().cells()[i] != 0).unwrap();
    let (r, c) = (given / 9, given % 9);
    let dark = (0..20).any(|d| px(centre(c) - 10 + d, centre(r)).iter().all(|&v| v < 80));
    assert!(dark, "no ink in the given's cell");
    assert!(picture_png::render(&Picture::new(&p), 0.0).is_err());
}

#[cfg(feature = "pdf")]
mod sheets {
    use super::*;
    use calcudoku::Grid;
    use calcudoku::render::pdf;

    fn items<'a>(puzzles: &'a [Puzzle], solutions: &[Grid]) -> Vec<pdf::Item<'a>> {
        puzzles
            .iter()
            .zip(solutions)
            .enumerate()
            .map(|(k, (p, s))| pdf::Item {
                puzzle: p,
                solution: Some(s.clone()),
                level: (k == 0).then(|| "easy".to_string()),
                id: format!("test:{}", k + 1),
            })
            .collect()
    }

    /// The text of a page, read as a PDF viewer reads it: the page's content and the form
    /// XObjects it draws (svg2pdf puts each page's drawing in one), each font's ToUnicode map
    /// turning glyphs back into characters (svg2pdf writes a text object per glyph: the text
    /// comes out as one run).
    fn page_text(doc: &lopdf::Document, page: u32) -> String {
        let id = doc.get_pages()[&page];
        let dict = doc.get_dictionary(id).unwrap();
        let resources = doc.get_dict_in_dict(dict, b"Resources").unwrap();
        let mut out = String::new();
        resources_text(doc, resources, &mut out);
        out
    }

    fn resources_text(doc: &lopdf::Document, resources: &lopdf::Dictionary, out: &mut String) {
        let Ok(xobjects) = doc.get_dict_in_dict(resources, b"XObject") else { return };
        for (_, object) in xobjects.iter() {
            let stream = doc.dereference(object).unwrap().1.as_stream().unwrap();
            if stream.dict.get(b"Subtype").and_then(|s| s.as_name()).ok() != Some(b"Form") {
                continue;
            }
            let Ok(inner) = doc.get_dict_in_dict(&stream.dict, b"Resources") else { continue };
            let mut encodings = std::collections::BTreeMap::new();
            if let Ok(fonts) = doc.get_dict_in_dict(inner, b"Font") {
                for (name, font) in fonts.iter() {
                    let font = doc.dereference(font).unwrap().1.as_dict().unwrap();
                    encodings.insert(name.clone(), font.get_font_encoding(doc).unwrap());
                }
            }
            let data = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
            let content = lopdf::content::Content::decode(&data).unwrap();
            let mut font = None;
            for op in &content.operations {
                match op.operator.as_str() {
                    "Tf" => font = encodings.get(op.operands[0].as_name().unwrap()),
                    "Tj" | "TJ" => {
                        let strings: Vec<&lopdf::Object> = match op.operands[0].as_array() {
                            Ok(parts) => parts.iter().collect(),
                            Err(_) => vec![&op.operands[0]],
                        };
                        for s in strings {
                            if let (Ok(bytes), Some(encoding)) = (s.as_str(), font) {
                                out.push_str(
                                    &lopdf::Document::decode_text(encoding, bytes).unwrap(),
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
            resources_text(doc, inner, out);
        }
    }

    #[test]
    fn pages_and_text() {
        let puzzles: Vec<Puzzle> = [KENKEN, SUDOKU, KILLER, SUDOKU4].map(puzzle).to_vec();
        let solutions: Vec<Grid> = puzzles.iter().map(|p| solve::solve(p).unwrap()).collect();
        let items = items(&puzzles, &solutions);
        for (per_page, paper, pages) in
            [(6, pdf::Paper::A4, 2), (1, pdf::Paper::Letter, 8), (3, pdf::Paper::A4, 4)]
        {
            let options = pdf::Options { per_page, paper, ..pdf::Options::default() };
            let bytes = pdf::sheet(&items, &options).unwrap();
            let doc = lopdf::Document::load_mem(&bytes).unwrap();
            assert_eq!(doc.get_pages().len(), pages, "{per_page} a page");
            let first = doc.get_pages()[&1];
            let media = doc.get_object(first).unwrap().as_dict().unwrap().get(b"MediaBox").unwrap();
            let width = media.as_array().unwrap()[2].as_float().unwrap();
            let expected = if paper == pdf::Paper::A4 { 595.28 } else { 612.0 };
            assert!((width - expected).abs() < 0.01, "page width {width}");
            let text = page_text(&doc, 1);
            assert!(text.contains("Puzzles"), "{text}");
            assert!(text.contains("1 · KenKen 6×6 · easy · test:1"), "{text}");
            let answers = page_text(&doc, pages as u32 / 2 + 1);
            assert!(answers.contains("Solutions"), "{answers}");
        }
        // Without answers, only the puzzle pages.
        let options = pdf::Options { solutions: false, ..pdf::Options::default() };
        let doc = lopdf::Document::load_mem(&pdf::sheet(&items, &options).unwrap()).unwrap();
        assert_eq!(doc.get_pages().len(), 1);
    }

    #[test]
    fn captions_name_kind_size_level_and_id() {
        let p = puzzle(KILLER);
        let item = pdf::Item { puzzle: &p, solution: None, level: None, id: "k.txt:3".into() };
        assert_eq!(pdf::caption(7, &item), "7 · Killer Sudoku 9×9 · k.txt:3");
    }
}
