//! What a puzzle's houses are made of besides rows and columns, kept to recognise the next
//! puzzle of the same houses: engines that build tables from the houses (the houses solver,
//! Solo's rules) keep the last ones per thread, and a batch or a generator reuses them.

use super::{BoxShape, Cell, Puzzle};

/// Side, boxes or jigsaw regions, diagonals and extra regions: two puzzles with equal keys
/// have the same houses.
#[derive(Debug, PartialEq)]
pub(crate) struct HousesKey {
    size: usize,
    boxes: Option<BoxShape>,
    jigsaw: Option<Vec<u8>>,
    diagonals: bool,
    extra_regions: Vec<Vec<Cell>>,
}

impl HousesKey {
    pub(crate) fn new(puzzle: &Puzzle) -> HousesKey {
        HousesKey {
            size: puzzle.size(),
            boxes: puzzle.boxes(),
            jigsaw: puzzle.jigsaw().map(<[u8]>::to_vec),
            diagonals: puzzle.diagonals(),
            extra_regions: puzzle.extra_regions().to_vec(),
        }
    }

    /// Whether `puzzle` has these houses (compared without building its key).
    pub(crate) fn matches(&self, puzzle: &Puzzle) -> bool {
        self.size == puzzle.size()
            && self.boxes == puzzle.boxes()
            && self.jigsaw.as_deref() == puzzle.jigsaw()
            && self.diagonals == puzzle.diagonals()
            && self.extra_regions == puzzle.extra_regions()
    }

    /// Becomes `puzzle`'s key, reusing its own storage.
    pub(crate) fn update(&mut self, puzzle: &Puzzle) {
        (self.size, self.boxes, self.diagonals) =
            (puzzle.size(), puzzle.boxes(), puzzle.diagonals());
        match (&mut self.jigsaw, puzzle.jigsaw()) {
            (Some(mine), Some(theirs)) => {
                mine.clear();
                mine.extend_from_slice(theirs);
            }
            (mine, theirs) => *mine = theirs.map(<[u8]>::to_vec),
        }
        if self.extra_regions != puzzle.extra_regions() {
            self.extra_regions = puzzle.extra_regions().to_vec();
        }
    }
}
