//! Where a puzzle came from: what messages and `--json` objects name, and how its answer is
//! laid out. (Its own module, so that the answers and their JSON do not import each other.)

use calcudoku::format::Layout;

/// Where a puzzle came from (for messages) and how its answer is laid out.
pub struct Place<'a> {
    pub name: &'a str,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    pub layout: Layout,
    /// Whether the puzzle is one of several read from the same input.
    pub batch: bool,
    /// The format the puzzle was read in, when known (`grade` grades Solo IDs on Solo's
    /// scale).
    pub format: Option<calcudoku::format::Format>,
}
