//! The clock deadlines are read from: the standard library's `Instant` natively, and the
//! browser's `performance.now()` in WebAssembly (where `std::time::Instant::now` panics). Both
//! are the same type on native targets, so callers may pass `std::time::Instant` values.

pub use web_time::{Duration, Instant};
