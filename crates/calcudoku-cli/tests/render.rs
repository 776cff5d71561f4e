//! `render`, `hint --draw` and `explain --draw` through the real binary: every output kind,
//! files named from -o, one PDF worksheet from a stream, bad input, and the step pictures.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn repo(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path).display().to_string()
}

/// A fresh folder under the system's temporary one, removed when the value is dropped.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("calcudoku-render-{name}-")).tempdir().unwrap()
}

/// Runs the binary: exit code, standard output (bytes) and standard error.
fn run_bytes(args: &[&str], stdin: &str) -> (i32, Vec<u8>, String) {
    let out = Command::cargo_bin("calcudoku")
        .unwrap()
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(stdin)
        .output()
        .unwrap();
    (out.status.code().unwrap(), out.stdout, String::from_utf8(out.stderr).unwrap())
}

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let (code, out, err) = run_bytes(args, stdin);
    (code, String::from_utf8(out).unwrap(), err)
}

fn pages(pdf: &[u8]) -> usize {
    lopdf::Document::load_mem(pdf).expect("a PDF").get_pages().len()
}

const KEEN: &str = "crates/calcudoku/tests/data/kenken-sample";

/// A stream of Keen game IDs, one per line (what `generate` writes).
fn keen_stream(count: usize) -> String {
    let mut ids = Vec::new();
    for set in ["4x4-easy", "5x5-normal", "6x6-hard", "4x4-normal", "5x5-easy", "6x6-easy"] {
        for k in ["001", "002"] {
            let id = std::fs::read_to_string(repo(&format!("{KEEN}/{set}/{k}.keen"))).unwrap();
            ids.push(id.trim().to_string());
        }
    }
    ids.iter().cycle().take(count).cloned().collect::<Vec<_>>().join("\n") + "\n"
}

#[test]
fn terminal_picture_with_caption_and_no_colour_when_piped() {
    let (code, out, err) = run(&["render", &repo("examples/kenken-6x6.ops.txt")], "");
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("KenKen 6×6 · kenken-6x6.ops.txt:1"));
    assert!(lines.next().unwrap().starts_with("┏━━━┯━━━┳"), "{out}");
    assert!(out.contains("┃80×│") && out.contains("2÷"), "{out}");
    assert!(!out.contains('\x1b'), "colour although standard output is a pipe");
    let (_, coloured, _) =
        run(&["render", "--color", "always", &repo("examples/kenken-6x6.ops.txt")], "");
    assert!(coloured.contains("\x1b[36m80×"), "labels in cyan: {coloured}");
}

#[test]
fn terminal_solution() {
    let (code, out, _) = run(&["render", "--solution", &repo("examples/sudoku-9x9.rows.txt")], "");
    assert_eq!(code, 0);
    assert!(out.contains("┃ 5 │ 3 │ 4 ┃ 6 │ 7 │ 8 ┃ 9 │ 1 │ 2 ┃"), "{out}");
}

#[test]
fn svg_to_standard_output_and_format_from_the_extension() {
    let (code, out, _) = run(&["render", "--to", "svg", &repo("examples/killer-9x9.ops.txt")], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("<?xml") && out.ends_with("</svg>\n"), "{out}");
    assert!(out.contains("stroke-dasharray"), "Killer cages dashed");
    let tmp = temp_dir("ext");
    let dir = tmp.path();
    let png = dir.join("k.png");
    let (code, _, err) =
        run(&["render", "-o", png.to_str().unwrap(), &repo("examples/kenken-9x9.ops.txt")], "");
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn several_pictures_are_numbered_files() {
    let tmp = temp_dir("several");
    let dir = tmp.path();
    let out = dir.join("p.svg");
    let files = [repo("examples/kenken-6x6.ops.txt"), repo("examples/sudoku-9x9.rows.txt")];
    let (code, stdout, err) =
        run(&["render", "-o", out.to_str().unwrap(), &files[0], &files[1]], "");
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty());
    for k in [1, 2] {
        let text = std::fs::read_to_string(dir.join(format!("p-{k}.svg"))).unwrap();
        assert!(text.contains("<svg"));
    }
    assert!(!Path::new(&out).exists());
    // Without -o there is nowhere to put them.
    let (code, _, err) = run(&["render", "--to", "svg", &files[0], &files[1]], "");
    assert_eq!(code, 2);
    assert!(err.contains("give -o OUT"), "{err}");
}

#[test]
fn a_dash_for_output_is_standard_output() {
    // Run in a folder of its own, where a file named `-` would show.
    let tmp = temp_dir("dash");
    let dir = tmp.path();
    let file = repo("examples/kenken-6x6.ops.txt");
    let in_dir = |args: &[&str]| {
        let out =
            Command::cargo_bin("calcudoku").unwrap().current_dir(dir).args(args).output().unwrap();
        (out.status.code().unwrap(), out.stdout, String::from_utf8(out.stderr).unwrap())
    };
    for (to, magic) in [("svg", &b"<?xml"[..]), ("png", b"\x89PNG"), ("pdf", b"%PDF")] {
        let (code, bytes, err) = in_dir(&["render", "--to", to, "-o", "-", &file]);
        assert_eq!(code, 0, "{to}: {err}");
        assert!(bytes.starts_with(magic), "{to}");
    }
    let (code, text, err) = in_dir(&["render", "-o", "-", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(String::from_utf8(text).unwrap().contains('┏'));
    assert!(!dir.join("-").exists(), "a file named -");
    // Several pictures to standard output: one line, before any work, whether they come
    // from several files or from one.
    let two = format!(
        "{}\n\n{}",
        std::fs::read_to_string(&file).unwrap(),
        std::fs::read_to_string(&file).unwrap()
    );
    std::fs::write(dir.join("two.txt"), two).unwrap();
    for args in [
        &["render", "--to", "png", "-o", "-", "two.txt"][..],
        &["render", "--to", "svg", "-o", "-", &file, &file],
        &["render", "--to", "svg", "two.txt"],
    ] {
        let (code, bytes, err) = in_dir(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(bytes.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("give -o OUT"), "{err}");
    }
}

#[test]
fn a_stream_on_standard_input_makes_one_worksheet() {
    let tmp = temp_dir("sheet");
    let dir = tmp.path();
    let sheet = dir.join("sheet.pdf");
    let (code, _, err) =
        run(&["render", "--to", "pdf", "-o", sheet.to_str().unwrap()], &keen_stream(14));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("14 puzzles: 14 drawn"), "{err}");
    // 14 puzzles, 6 a page: 3 pages of puzzles, 3 of solutions.
    assert_eq!(pages(&std::fs::read(&sheet).unwrap()), 6);
    // Letter paper, 4 a page, to standard output.
    let (code, bytes, _) = run_bytes(
        &["render", "--to", "pdf", "--per-page", "4", "--paper", "letter"],
        &keen_stream(9),
    );
    assert_eq!(code, 0);
    assert_eq!(pages(&bytes), 6);
}

#[test]
fn a_bad_puzzle_is_reported_and_the_others_drawn() {
    let mut stream: Vec<String> = keen_stream(3).lines().map(String::from).collect();
    stream[1] = "4:b_5a_abbaa__,m6s1m12a9m4".into();
    let text = stream.join("\n") + "\n";
    let (code, bytes, err) = run_bytes(&["render", "--to", "pdf"], &text);
    assert_eq!(code, 2);
    assert!(err.contains("<stdin>:2"), "{err}");
    assert_eq!(pages(&bytes), 2, "the two good puzzles and their answers");
}

#[test]
fn bad_options_are_usage_errors() {
    let file = repo("examples/kenken-6x6.ops.txt");
    for args in [
        vec!["render", "--to", "pdf", "--per-page", "0", &file],
        vec!["render", "--to", "png", "--scale", "0", &file],
        vec!["render", "--json", &file],
        vec!["render", "-o", "/nonexistent-dir/x.svg", &file],
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("calcudoku: "), "{err}");
    }
}

#[test]
fn hint_draws_its_step() {
    let file = repo("examples/kenken-6x6.ops.txt");
    let (code, out, _) = run(&["hint", "--draw", &file], "");
    assert_eq!(code, 0);
    let sentence = out.lines().next().unwrap();
    assert!(sentence.starts_with("[easy] cage combination"), "{out}");
    // The 80× cage's three cells lose 1, 2, 3 and 6: twelve struck candidates.
    assert_eq!(out.matches('\u{0336}').count(), 12, "{out}");
    assert!(out.contains("┃80×░░│"), "the cells used are shaded: {out}");
    let (code, svg, _) = run(&["hint", "--draw", "--to", "svg", &file], "");
    assert_eq!(code, 0);
    assert!(svg.starts_with("<?xml"), "only the picture on standard output");
    assert!(svg.contains(">The 80* cage at r1c1"), "the sentence is its caption");
    assert_eq!(svg.matches("fill=\"#fff2a8\"").count(), 3, "three cells highlighted");
    let (code, _, err) = run(&["hint", "--draw", "--json", &file], "");
    assert_eq!(code, 2);
    assert!(err.contains("--draw does not go with --json"), "{err}");
}

#[test]
fn explain_draws_every_step_to_numbered_files() {
    let tmp = temp_dir("explain");
    let dir = tmp.path();
    let out = dir.join("step.svg");
    let file = repo("crates/calcudoku/tests/data/kenken-sample/4x4-easy/001.in");
    let (code, text, err) =
        run(&["explain", "--draw", "--to", "svg", "-o", out.to_str().unwrap(), &file], "");
    assert_eq!(code, 0, "{err}");
    let steps = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains(". ["))
        .count();
    assert!(steps > 3, "{text}");
    for k in 1..=steps {
        assert!(dir.join(format!("step-{k}.svg")).exists(), "step {k}");
    }
    assert!(!dir.join(format!("step-{}.svg", steps + 1)).exists());
    let (code, _, err) = run(&["explain", "--draw", "--to", "svg", &file], "");
    assert_eq!(code, 2);
    assert!(err.contains("give -o OUT"), "{err}");
    // In the terminal: a picture after each step's line.
    let (code, text, _) = run(&["explain", "--draw", &file], "");
    assert_eq!(code, 0);
    assert_eq!(text.matches('┏').count(), steps);
}

#[test]
fn hint_and_explain_draw_png_and_pdf_too() {
    let tmp = temp_dir("draw-formats");
    let dir = tmp.path();
    let file = repo("crates/calcudoku/tests/data/kenken-sample/4x4-easy/001.in");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // A hint as PNG (from -o's extension) and as PDF (asked for).
    let (code, text, err) = run(&["hint", "--draw", "-o", &path("h.png"), &file], "");
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with('['), "the sentence stays on standard output: {text}");
    let png = std::fs::read(dir.join("h.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG image");
    let (code, _, err) = run(&["hint", "--draw", "--to", "pdf", "-o", &path("h.out"), &file], "");
    assert_eq!(code, 0, "{err}");
    let pdf = std::fs::read(dir.join("h.out")).unwrap();
    assert!(pdf.starts_with(b"%PDF") && String::from_utf8_lossy(&pdf).contains("/Count 1"));
    // The whole path: one PDF of a page per step; PNGs numbered as SVGs are.
    let (code, text, err) = run(&["explain", "--draw", "-o", &path("steps.pdf"), &file], "");
    assert_eq!(code, 0, "{err}");
    let steps = text.lines().filter(|l| l.contains(". [")).count();
    assert!(steps > 3, "{text}");
    let pdf = std::fs::read(dir.join("steps.pdf")).unwrap();
    let count = format!("/Count {steps}");
    assert!(String::from_utf8_lossy(&pdf).contains(&count), "{count}");
    let (code, _, err) = run(&["explain", "--draw", "-o", &path("s.png"), &file], "");
    assert_eq!(code, 0, "{err}");
    assert!(dir.join(format!("s-{steps}.png")).exists());
    assert!(!dir.join(format!("s-{}.png", steps + 1)).exists());
    // PNG and PDF go to files; an -o that names no picture format is refused.
    for args in [
        vec!["hint", "--draw", "--to", "png", &file],
        vec!["explain", "--draw", "--to", "pdf", &file],
        vec!["hint", "--draw", "-o", "x.txt", &file],
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("calcudoku: ") && err.lines().count() == 1, "{err}");
    }
}

/// `hint --draw` on Tatham's kinds: the clues around a Skyscrapers grid and the signs of a
/// Futoshiki are in the picture with the step (IDs from ../shared/data/tatham).
#[test]
fn hint_draws_skyscrapers_clues_and_futoshiki_signs() {
    let towers = "5dh:3////2/////////2//4//3//2,f3o2b";
    let (code, out, err) = run(&["hint", "--draw", "--color", "never", "-"], towers);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("[easy] visibility bounds: The clue 3 above column 1"), "{out}");
    assert_eq!(lines[1].trim_end(), "     3                       2", "the top clues: {out}");
    assert!(lines[3].ends_with("┃ 4"), "a right clue beside its row: {out}");
    assert_eq!(out.matches('\u{0336}').count(), 3, "4 and 5 struck in r1c1, 5 in r2c1: {out}");
    let (code, svg, _) = run(&["hint", "--draw", "--to", "svg", "-"], towers);
    assert_eq!(code, 0);
    assert!(svg.contains(">The clue 3 above column 1"), "the sentence is the caption");
    // The six clues (3 and 2 above, 2 on the left, 4, 3 and 2 on the right) in one group.
    let clues = svg.split("font-size=\"28\"").nth(1).and_then(|g| g.split("</g>").next());
    let clues: Vec<&str> = clues
        .expect("the clues' group")
        .split("</text>")
        .filter_map(|t| t.rsplit('>').next().filter(|v| !v.trim().is_empty()))
        .collect();
    assert_eq!(clues, ["3", "2", "2", "4", "3", "2"], "{svg}");
    let futoshiki = "5dx:0,0,0,0,0D,3R,0,0R,0,0,0D,0,0,0L,0L,0,0,0,0,3,0,2,0U,0,0,";
    let (code, out, err) = run(&["hint", "--draw", "--color", "never", "-"], futoshiki);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[easy] inequality: Across the sign r2c2 < r2c1"), "{out}");
    assert!(
        out.contains("░>4\u{0336}░5\u{0336}"),
        "the sign between r2c1 and r2c2, 4 and 5 struck: {out}"
    );
    assert!(out.contains("──∨──"), "a sign between rows: {out}");
}

#[test]
fn generate_piped_into_render_makes_a_worksheet() {
    let (code, stream, err) = run(&["generate", "--seed", "1", "-n", "12"], "");
    assert_eq!(code, 0, "{err}");
    let (code, bytes, err) = run_bytes(&["render", "--to", "pdf"], &stream);
    assert_eq!(code, 0, "{err}");
    assert_eq!(pages(&bytes), 4, "two pages of six puzzles, two of answers");
}
