//! `format::keen::parse` directly: no panic; a puzzle it reads writes back to an ID that reads
//! as the same puzzle.
#![no_main]

use calcudoku::format::keen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(puzzle) = keen::parse(text) else { return };
    if let Ok(id) = keen::write(&puzzle) {
        let again = keen::parse(&id).unwrap_or_else(|e| panic!("{id:?} does not read back: {e}"));
        assert_eq!(again, puzzle, "round trip of {id:?}");
    }
});
