//! Where the test corpora are: a small sample of every public set kept in the repository
//! (`tests/data/*-sample`), so a plain clone tests something real, and the whole sets beside the
//! repository (`../shared/data`) when present — required under CI (`CI` set).

#![allow(dead_code)]

use std::path::PathBuf;

/// A corpus to test on, with the least number of puzzles it must hold (a guard against a
/// folder that silently lost its files).
pub struct Corpus {
    pub root: PathBuf,
    /// `sample` or `shared`.
    pub name: &'static str,
}

/// The in-repository sample of `kind` (`kenken` or `sudoku`), then the shared full set when it
/// is there. Under CI a missing shared set is a failure, elsewhere a note.
pub fn corpora(kind: &str) -> Vec<Corpus> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![Corpus {
        root: manifest.join("tests/data").join(format!("{kind}-sample")),
        name: "sample",
    }];
    let shared = manifest.join("../../../shared/data").join(kind);
    if shared.exists() {
        out.push(Corpus { root: shared, name: "shared" });
    } else {
        assert!(std::env::var_os("CI").is_none(), "corpus {} missing under CI", shared.display());
        eprintln!("note: {} not found; testing the in-repository sample only", shared.display());
    }
    out
}

/// The KenKen set folders of a corpus root, sorted.
pub fn kenken_sets(root: &std::path::Path) -> Vec<PathBuf> {
    let mut dirs: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// The `NNN.in` files of a KenKen set folder, sorted.
pub fn kenken_files(set: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(set)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|f| f.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files
}
pub mod oracle;

/// A row of a table of Tatham's puzzles (`tatham/towers.tsv`, `tatham/unequal.tsv`): the
/// parameters asked of the generator, the game ID, the level Tatham's solver gives it
/// (lower case) and the solution (rows separated by `/`, values by spaces).
pub struct TathamRow {
    pub spec: String,
    pub id: String,
    pub level: String,
    pub solution: String,
}

/// The rows of `game`'s table (`towers` or `unequal`) in a `tatham` corpus root.
pub fn tatham_rows(root: &std::path::Path, game: &str) -> Vec<TathamRow> {
    let text = std::fs::read_to_string(root.join(format!("{game}.tsv"))).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            TathamRow {
                spec: f[0].into(),
                id: f[1].into(),
                level: f[2].to_lowercase(),
                solution: f[3].into(),
            }
        })
        .collect()
}
