//! `format::read` with detection: any text gives a document or an error, never a panic; every
//! puzzle read is written back and read again where its format can express it.
#![no_main]

use calcudoku::format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = format::read(text, None) else { return };
    for entry in &doc.entries {
        let Ok(puzzle) = &entry.puzzle else { continue };
        // A puzzle the format wrote must read back as the same puzzle.
        if let Ok(written) = format::write_puzzle(puzzle, doc.format, doc.layout) {
            let again = format::parse(&written, Some(doc.format))
                .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(&again, puzzle, "round trip of {written:?}");
        }
    }
});
