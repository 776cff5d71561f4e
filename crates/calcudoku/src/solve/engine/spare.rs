//! Buffers an engine leaves behind for the next one on the same thread: a KenKen of the
//! corpus is solved in the time of a few dozen allocations, so the engine's vectors (and its
//! cage walker's) are taken from here when it is made and put back when it is dropped.
//! Nothing in them carries over: each is cleared or refilled before use.

use std::cell::Cell;
use std::rc::Rc;

use super::super::bands::Bands;
use super::super::cage::CageFilter;

/// The vectors of one engine.
#[derive(Default)]
pub(super) struct Spare {
    pub dom: Vec<u64>,
    pub trail: Vec<(u16, u64)>,
    pub tuples: Vec<u64>,
    pub tuple_trail: Vec<(u32, u64)>,
    pub late_masks: Vec<u64>,
    pub late_tables: Vec<Option<(u32, u32, u32)>>,
    pub scratch: Vec<u64>,
    pub allowed: Vec<u64>,
    pub singles: Vec<u16>,
    pub cage_queue: (Vec<u32>, Vec<bool>),
    pub supports: Vec<u64>,
    pub listed: Vec<u8>,
    pub filter: CageFilter,
    /// The bands of a puzzle without boxes (none), shared.
    pub no_bands: Option<Rc<Bands>>,
}

thread_local! {
    static SPARE: Cell<Option<Box<Spare>>> = const { Cell::new(None) };
}

/// The buffers left by the last engine dropped on this thread, or new ones.
pub(super) fn take() -> Box<Spare> {
    SPARE.with(|s| s.take()).unwrap_or_default()
}

/// Leaves `spare` for the next engine on this thread.
pub(super) fn put_back(spare: Box<Spare>) {
    SPARE.with(|s| s.set(Some(spare)));
}
