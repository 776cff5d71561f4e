//! [`ModelError`]: a puzzle whose parts do not fit together. It lives with the model that
//! checks it, so that the model needs nothing from the rest of the crate; the crate's
//! `error` module re-exports it beside the parse and write errors.

use thiserror::Error;

use super::BoxShape;

/// A puzzle whose parts do not fit together.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The side length is 0 or larger than [`MAX_SIZE`](super::MAX_SIZE).
    #[error("size {size} is not supported (expected 1 to {max})", max = super::MAX_SIZE)]
    Size {
        /// The side length asked for.
        size: usize,
    },
    /// The box shape has a zero side, or height × width is not the side length.
    #[error("boxes of {shape} do not tile a {size}x{size} grid")]
    BoxShape {
        /// The box shape given.
        shape: BoxShape,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// The grid of givens has a different side length from the puzzle.
    #[error("givens grid is {found}x{found}, expected {expected}x{expected}")]
    GivensSize {
        /// Side length of the puzzle.
        expected: usize,
        /// Side length of the givens grid.
        found: usize,
    },
    /// A grid was built from a number of values other than N².
    #[error("a {size}x{size} grid has {cells} cells, found {found}", cells = size * size)]
    CellCount {
        /// Side length N of the grid.
        size: usize,
        /// Number of values supplied.
        found: usize,
    },
    /// A cell holds a value above N (0, an empty cell, is always allowed).
    #[error("cell {cell} holds {value}, expected 0 (empty) or 1 to {size}", cell = cell.0)]
    GivenOutOfRange {
        /// The first cell (row-major) holding such a value.
        cell: super::Cell,
        /// The value it holds.
        value: u8,
        /// Side length N of the grid.
        size: usize,
    },
    /// A cage lists no cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// Index of the cage in the puzzle's cage list (0-based).
        cage: usize,
    },
    /// A cage names a cell index not below N².
    #[error("cell {cell} is out of range (the grid has cells 0 to {last})", last = cells - 1)]
    CellOutOfRange {
        /// The row-major cell index named.
        cell: usize,
        /// Number of cells in the grid (N²).
        cells: usize,
    },
    /// One cell appears in two cages (or twice in one cage, when `first == second`).
    #[error("cell {cell} is in two cages ({first} and {second})")]
    CellInTwoCages {
        /// The row-major cell index.
        cell: usize,
        /// Index of the first cage holding it (0-based, in the puzzle's cage list).
        first: usize,
        /// Index of the later cage that holds it again.
        second: usize,
    },
    /// Windoku's windows asked of a side that has no box shape to size them.
    #[error("a {size}x{size} grid has no windoku windows (its side has no box shape)")]
    NoWindows {
        /// Side length N of the puzzle.
        size: usize,
    },
    /// Both rectangular boxes and irregular regions were given.
    #[error("a puzzle has either boxes or irregular regions, not both")]
    BoxesAndRegions,
    /// A region map does not have one label per cell.
    #[error("the regions name {found} cells, expected {cells} (one per cell)", cells = size * size)]
    RegionMapSize {
        /// Side length N of the puzzle.
        size: usize,
        /// Labels given.
        found: usize,
    },
    /// The regions do not number N.
    #[error(
        "the regions do not tile the grid: {found} regions, expected {size} of {size} cells each"
    )]
    RegionCount {
        /// Side length N of the puzzle.
        size: usize,
        /// Regions found (N + 1 when there are more than N).
        found: usize,
    },
    /// A region does not hold N cells.
    #[error(
        "the regions do not tile the grid: region {} has {cells} cells, expected {size}",
        region + 1
    )]
    RegionSize {
        /// The region, numbered from 0 in order of first appearance (row-major).
        region: usize,
        /// Its cells.
        cells: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// An extra region holds fewer than 2 or more than N cells.
    #[error("extra region {} has {cells} cells, expected 2 to {size}", region + 1)]
    ExtraRegionSize {
        /// The extra region (0-based, in input order).
        region: usize,
        /// Its cells.
        cells: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// An extra region lists a cell twice.
    #[error("extra region {} lists cell {cell} twice", region + 1)]
    ExtraRegionRepeat {
        /// The extra region (0-based, in input order).
        region: usize,
        /// The row-major cell index.
        cell: usize,
    },
    /// A relation between a cell and itself.
    #[error("relation {} relates cell {cell} to itself", relation + 1)]
    RelationToItself {
        /// The relation (0-based, in input order).
        relation: usize,
        /// The row-major cell index.
        cell: usize,
    },
    /// A side of line clues does not have N clues.
    #[error("{found} {} clues, expected {size} (0 for none)", edge.name())]
    LineClueCount {
        /// The edge.
        edge: super::Edge,
        /// Clues given on it.
        found: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// A line clue above N.
    #[error("the {} clue {} is {seen}, expected 0 (none) to {size}", edge.name(), index + 1)]
    LineClueRange {
        /// The edge.
        edge: super::Edge,
        /// Its position along the edge (0-based).
        index: usize,
        /// The clue.
        seen: u8,
        /// Side length N of the puzzle.
        size: usize,
    },
}
