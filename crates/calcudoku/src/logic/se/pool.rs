//! Per-thread spares of the rater's scratch storage: the chaining rules make and drop their
//! sets, queues and cycle arrays hundreds of thousands of times a puzzle, so a dropped one
//! goes back to its thread's pool (cleared by its owner) and the next one is taken from there.

use std::cell::RefCell;
use std::thread::LocalKey;

/// A thread's spares of one kind.
pub(crate) type Pool<T> = RefCell<Vec<T>>;

/// A spare from the pool, if it has one (none while the thread is being torn down).
pub(crate) fn take<T: 'static>(pool: &'static LocalKey<Pool<T>>) -> Option<T> {
    pool.try_with(|p| p.borrow_mut().pop()).ok().flatten()
}

/// Keeps `item` for reuse, unless the pool holds `max` already or the thread is being torn
/// down: then it is simply freed (outside the pool's borrow).
pub(crate) fn give<T: 'static>(pool: &'static LocalKey<Pool<T>>, item: T, max: usize) {
    let unkept = pool.try_with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < max {
            p.push(item);
            None
        } else {
            Some(item)
        }
    });
    drop(unkept);
}
