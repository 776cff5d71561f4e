//! Rates a file of one-line 9×9 Sudokus with the SE rater and prints, per puzzle,
//! `PUZZLE<TAB>ER<TAB>EP<TAB>ED<TAB>HARDEST<TAB>MICROSECONDS` (the bench script's input).
//! Usage: `cargo run --release --example se_rate FILE [--path]`.

use std::io::{BufRead, BufReader, Write};

use calcudoku::logic::se;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: se_rate FILE [--path]");
        std::process::exit(2);
    };
    let show_path = args.iter().any(|a| a == "--path");
    let f = match std::fs::File::open(file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    for (n, line) in BufReader::new(f).lines().enumerate() {
        let line = line.expect("read");
        let Some(p) = line.split_whitespace().next() else { continue };
        let input = match se::parse(p) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("{file}:{}: {e}", n + 1);
                continue;
            }
        };
        let t = std::time::Instant::now();
        let r = se::rate(&input, None);
        let us = t.elapsed().as_micros();
        match r {
            Ok(r) => {
                if show_path {
                    for s in &r.path {
                        writeln!(out, "  {:.1}\t{}\t{}", s.rating, s.technique, s.text).unwrap();
                    }
                }
                writeln!(out, "{p}\t{:.1}\t{:.1}\t{:.1}\t{}\t{us}", r.er, r.ep, r.ed, r.hardest)
                    .unwrap();
            }
            Err(e) => writeln!(out, "{p}\terror: {e}\t\t\t\t{us}").unwrap(),
        }
    }
}
