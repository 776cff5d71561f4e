//! Solo's *trivial* level: positional elimination in a region — a value with one place left
//! in a region (box or jigsaw region) goes there.

use super::cube::{Cube, Shape, Stuck};
use super::hidden_single_in;

/// The first region (in order) and value with one place left: placed. Ok(true) when one was.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    for region in &shape.regions {
        if hidden_single_in(shape, cube, region)? {
            return Ok(true);
        }
    }
    Ok(false)
}
