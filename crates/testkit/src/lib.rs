//! What calcudoku's tests, fuzz targets, benches and corpus examples share, and the library
//! does not ship: deterministic random puzzles of every kind, planted on a random solution
//! ([`corpus`]), and the loosened or broken drafts the differential test compares against its
//! oracle ([`drafts`]). Not published.

pub mod corpus;
pub mod drafts;

pub use corpus::*;
