//! `format::read` with each forced format (the first byte chooses it): no panic, and every
//! error names a place inside the text (or the line just after it: "found the end").
#![no_main]

use calcudoku::format::{self, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let format = Format::ALL[which as usize % Format::ALL.len()];
    let lines = text.lines().count() + 1;
    match format::read(text, Some(format)) {
        Ok(doc) => {
            for e in &doc.entries {
                if let Err(err) = &e.puzzle {
                    assert!(err.line <= lines, "{format}: {err} beyond {lines} lines");
                }
            }
        }
        Err(err) => assert!(err.line <= lines, "{format}: {err} beyond {lines} lines"),
    }
});
