//! Tatham's Towers and Unequal puzzles (the in-repository sample, and the shared tables when
//! present): every game ID reads, solves to its solution with proof of uniqueness, and writes
//! back as the same ID; the drawings and JSON carry the same puzzles.

mod common;

use calcudoku::format::{self, Format, Layout};
use calcudoku::puzzle::Family;
use calcudoku::solve::Solver;

/// The ID without its level parameter (`6dh:` → `6:`, `7adk:` → `7a:`): what the formats write.
fn without_level(id: &str) -> String {
    let (head, desc) = id.split_once(':').unwrap();
    let head = head.split_once('d').map_or(head, |(h, _)| h);
    format!("{head}:{desc}")
}

#[test]
fn every_id_reads_solves_and_writes_back() {
    for corpus in common::corpora("tatham") {
        let mut total = 0;
        for (game, id_format, drawing) in [
            ("towers", Format::TOWERS, Format::SKYSCRAPERS),
            ("unequal", Format::UNEQUAL, Format::FUTOSHIKI),
        ] {
            for row in common::tatham_rows(&corpus.root, game) {
                let doc = format::read(&row.id, None).unwrap();
                assert_eq!(doc.format, id_format, "{}", row.id);
                let puzzle = doc.entries[0].puzzle.clone().unwrap();
                let family = puzzle.kind().family;
                match game {
                    "towers" => assert_eq!(family, Family::Skyscrapers),
                    _ if row.spec.contains('a') => assert_eq!(family, Family::Adjacent),
                    // Unequal's trivial puzzles have givens only.
                    _ => assert!(matches!(family, Family::Futoshiki | Family::Latin), "{}", row.id),
                }
                let report = Solver::new(&puzzle).solve().unwrap();
                assert!(report.is_unique(), "{}", row.id);
                let rows: Vec<String> = report
                    .grid
                    .unwrap()
                    .rows()
                    .map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                    .collect();
                assert_eq!(rows.join("/"), row.solution, "{}", row.id);
                let id = format::write_puzzle(&puzzle, id_format, Layout::Rows).unwrap();
                assert_eq!(id.trim_end(), without_level(&row.id));
                let drawn = format::write_puzzle(&puzzle, drawing, Layout::Rows).unwrap();
                let back = format::parse(&drawn, Some(drawing)).unwrap();
                assert_eq!(back, puzzle, "{drawn}");
                // Detected as well, unless a drawing without signs (a Latin square).
                if family != Family::Latin {
                    assert_eq!(format::read(&drawn, None).unwrap().format, drawing, "{drawn}");
                }
                let json = format::write_puzzle(&puzzle, Format::JSON, Layout::Rows).unwrap();
                assert_eq!(format::parse(&json, None).unwrap(), puzzle);
                total += 1;
            }
        }
        let least = if corpus.name == "sample" { 220 } else { 720 };
        assert!(total >= least, "only {total} puzzles in the {} corpus", corpus.name);
    }
}

/// A file of IDs one a line, and the drawings one after the other with blank lines between,
/// read as batches (what `generate` writes).
#[test]
fn streams_of_ids_and_drawings() {
    let corpus = &common::corpora("tatham")[0];
    for (game, id_format, drawing) in [
        ("towers", Format::TOWERS, Format::SKYSCRAPERS),
        ("unequal", Format::UNEQUAL, Format::FUTOSHIKI),
    ] {
        let rows = common::tatham_rows(&corpus.root, game);
        let rows: Vec<_> = rows.iter().filter(|r| r.level != "trivial").take(12).collect();
        let ids: String = rows.iter().map(|r| format!("{}\n", r.id)).collect();
        let doc = format::read(&ids, None).unwrap();
        assert_eq!((doc.format, doc.entries.len()), (id_format, rows.len()));
        let puzzles: Vec<_> = doc.entries.into_iter().map(|e| e.puzzle.unwrap()).collect();
        let drawn: Vec<String> = puzzles
            .iter()
            .map(|p| format::write_puzzle(p, drawing, Layout::Rows).unwrap())
            .collect();
        let doc = format::read(&drawn.join("\n"), None).unwrap();
        assert_eq!(doc.format, drawing);
        let back: Vec<_> = doc.entries.into_iter().map(|e| e.puzzle.unwrap()).collect();
        assert_eq!(back, puzzles);
    }
}

/// The level of every puzzle of Tatham's generators, graded on its game's ladder, against the
/// level Tatham's own solver gives it: every one agrees (the rows that disagree are printed).
#[test]
fn grades_agree_with_tatham() {
    use calcudoku::logic::{Ladder, grade_with};
    for corpus in common::corpora("tatham") {
        for (game, ladder, least) in
            [("towers", Ladder::towers(), 1.0), ("unequal", Ladder::unequal(), 1.0)]
        {
            let rows = common::tatham_rows(&corpus.root, game);
            let mut agree = 0;
            for row in &rows {
                let puzzle = format::parse(&row.id, None).unwrap();
                let grade = grade_with(&puzzle, &ladder, None).unwrap();
                if grade.level_name == row.level {
                    agree += 1;
                } else {
                    eprintln!("{game}: {} is {}, graded {}", row.id, row.level, grade.level_name);
                }
            }
            let share = agree as f64 / rows.len() as f64;
            eprintln!(
                "{} {game}: {agree}/{} agree ({:.1}%)",
                corpus.name,
                rows.len(),
                share * 100.0
            );
            assert!(share >= least, "{} {game}: {agree}/{} agree", corpus.name, rows.len());
        }
    }
}

/// Every step of the path on every puzzle is sound (never places or removes against the
/// solution), says what it does in words, and each technique of the two ladders is used.
#[test]
fn every_step_is_sound_and_every_technique_used() {
    use calcudoku::logic::{Board, End, Ladder, Technique, explain};
    use std::collections::BTreeSet;
    let corpus = &common::corpora("tatham")[0];
    let mut used = BTreeSet::new();
    for (game, ladder) in [("towers", Ladder::towers()), ("unequal", Ladder::unequal())] {
        for row in common::tatham_rows(&corpus.root, game) {
            let puzzle = format::parse(&row.id, None).unwrap();
            let solution: Vec<u8> =
                row.solution.split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
            let path = explain(Board::new(&puzzle).unwrap(), &ladder, None).unwrap();
            assert_eq!(path.end, End::Solved, "{}", row.id);
            for (leveled, text) in &path.steps {
                let step = &leveled.step;
                for p in &step.placements {
                    assert_eq!(solution[p.cell.index()], p.value, "{}: {text}", row.id);
                }
                for e in &step.eliminations {
                    assert_ne!(solution[e.cell.index()], e.value, "{}: {text}", row.id);
                }
                assert!(text.len() > 20, "{text}");
                used.insert(step.technique);
            }
        }
    }
    for t in [
        Technique::FacingClues,
        Technique::TallestSeen,
        Technique::VisibilityBounds,
        Technique::LineAnalysis,
        Technique::Inequality,
        Technique::AdjacentValue,
        Technique::AdjacentCandidates,
    ] {
        assert!(used.contains(&t), "{t} never used");
    }
}

/// `generate` makes Skyscrapers, Futoshiki and Adjacent puzzles at every level of Tatham's:
/// each graded at the level asked on its game's ladder, with one solution (the one given),
/// the same again for the same seed, and written as a game ID that reads back.
#[test]
fn generated_at_every_level() {
    use calcudoku::generate::{Kind, Options, generate};
    use calcudoku::logic::grade_with;
    for (kind, format) in [
        (Kind::Towers, Format::TOWERS),
        (Kind::Unequal, Format::UNEQUAL),
        (Kind::Adjacent, Format::UNEQUAL),
    ] {
        for level in 0..kind.levels().len() as u8 {
            let options = Options { seed: 11, level: Some(level), ..Options::new(kind, 5) };
            let made = generate(&options, 0, None).unwrap();
            let grade = grade_with(&made.puzzle, &kind.ladder(), None).unwrap();
            assert_eq!(grade.level, level, "{kind:?} {}", kind.levels()[level as usize]);
            let report = Solver::new(&made.puzzle).solve().unwrap();
            assert!(report.is_unique());
            assert_eq!(report.grid.as_ref(), Some(&made.solution));
            let again = generate(&options, 0, None).unwrap();
            assert_eq!(again.puzzle, made.puzzle);
            let id = format::write_puzzle(&made.puzzle, format, Layout::Rows).unwrap();
            assert_eq!(format::parse(&id, None).unwrap(), made.puzzle, "{id}");
        }
    }
    assert_eq!(Kind::from_name("Skyscrapers"), Some(Kind::Towers));
    assert_eq!(Kind::from_name("futoshiki"), Some(Kind::Unequal));
}

/// The SVG picture of a Skyscrapers puzzle has its clues in a band around the grid; a
/// Futoshiki's has a chevron per sign, an Adjacent's a bar per pair that differs by 1.
#[test]
fn pictures_show_clues_signs_and_bars() {
    use calcudoku::puzzle::RelationKind;
    use calcudoku::render::{Picture, svg};
    let towers = format::parse("4:2/1//3/2/3/2/1/2/3/1/3/2/2/4/1", None).unwrap();
    let picture = Picture::new(&towers);
    let drawn = svg::render(&picture);
    let clues = towers.line_clues().unwrap().given().count();
    let texts = drawn.matches("<text").count();
    assert_eq!(texts, clues, "{drawn}");
    let (w, _) = svg::dimensions(&picture);
    let b = svg::grid_box(&picture);
    assert!(b.left > b.cell && (w - 2.0 * b.left - 4.0 * b.cell).abs() < 1e-9, "{b:?} {w}");
    let bare = format::parse("4:///////////////", None).unwrap();
    assert!(svg::grid_box(&Picture::new(&bare)).left < b.cell);

    for id in ["4:0,0,2R,0,1D,0,0,0,3,0,0,0,0,0U,0,4,", "3a:1R,2L,3,0,0,0,0,0,0,"] {
        let p = format::parse(id, None).unwrap();
        let drawn = svg::render(&Picture::new(&p));
        let count = |k| p.relations().iter().filter(|r| r.kind == k).count();
        let chevrons =
            drawn.split("d=\"").skip(1).map(|d| d.matches('L').count() / 2).sum::<usize>();
        let bars = drawn.split("stroke-width=\"5\"").nth(1).map_or(0, |rest| {
            let d = rest.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
            d.matches('M').count()
        });
        assert_eq!(chevrons, count(RelationKind::Less), "{id}: {drawn}");
        assert_eq!(bars, count(RelationKind::Consecutive), "{id}: {drawn}");
    }
}

/// In the terminal: the clues above and below the grid, a sign on the border of each pair of
/// neighbours with a `<`, and the picture's title names the game.
#[test]
fn terminal_pictures_show_clues_and_signs() {
    use calcudoku::render::{Picture, term};
    let towers = format::parse("4:2/1//3/2/3/2/1/2/3/1/3/2/2/4/1", None).unwrap();
    let drawn = term::render(&Picture::new(&towers), term::Options::default());
    let lines: Vec<&str> = drawn.lines().collect();
    let digits = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(digits(lines[0]), "2 1 3", "{drawn}");
    assert_eq!(digits(lines[lines.len() - 1]), "2 3 2 1", "{drawn}");
    let futoshiki = format::parse("4:0,0,2R,0,1D,0,0,0,3,0,0,0,0,0U,0,4,", None).unwrap();
    let drawn = term::render(&Picture::new(&futoshiki), term::Options::default());
    let signs = drawn.chars().filter(|c| matches!(c, '<' | '>' | '∧' | '∨')).count();
    assert_eq!(signs, futoshiki.relations().len(), "{drawn}");
    assert!(drawn.contains('>') && drawn.contains('∨') && drawn.contains('∧'), "{drawn}");
    // Its picture is titled by its kind.
    let svg = calcudoku::render::svg::render(&Picture::new(&futoshiki));
    assert!(svg.contains("<title>Futoshiki 4×4</title>"), "{svg}");
}

/// A drawing that fits no format gets the error of the game it looks like: a Futoshiki by its
/// signs, a Skyscrapers by its clues around the grid.
#[test]
fn bad_drawings_are_told_by_their_shape() {
    let cases = [
        ("   . 2\n.  . .  .\n.  . 5  .\n   . .\n", "line 3, column 6: expected a value of 1 to 2"),
        (". < . >\n", "line 2: expected 2 rows of cells"),
        ("4:1/2/3\n", "line 1, column 8: expected '/' and the next clue"),
        ("3:0U,0,0,0,0,0,0,0,0\n", "line 1, column 3: the sign U points off the grid"),
    ];
    for (text, want) in cases {
        let e = format::read(text, None).unwrap_err().to_string();
        assert!(e.starts_with(want), "{text:?}: {e}");
    }
}
