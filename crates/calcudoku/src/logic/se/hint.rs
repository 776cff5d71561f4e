//! One step found by an SE rule: what it removes, what it places, its SE name and rating.

use super::grid::{Grid, cell_name, values};

/// A step as SE takes it: candidates removed first, then (for direct hints and chains that
/// prove a value) one value placed.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    /// SE's name of the technique (`Hidden Single`, `Dynamic Cell Forcing Chains`, …).
    pub(crate) name: String,
    /// SE's difficulty, as SE computes it (binary floating point).
    pub(crate) rating: f64,
    /// Candidates removed: (cell, mask).
    pub(crate) removals: Vec<(u8, u16)>,
    /// The value placed, if any (SE's `getCell() != null`): (cell, value).
    pub(crate) place: Option<(u8, u8)>,
    /// One sentence saying why.
    pub(crate) text: String,
}

impl Hint {
    /// Applies the step to the board the way SE's `apply` does.
    pub(crate) fn apply(&self, grid: &mut Grid) {
        for &(c, m) in &self.removals {
            grid.remove(c as usize, m);
        }
        if let Some((c, v)) = self.place {
            grid.place(c as usize, v as usize);
        }
    }
}

/// `r1c2<>5, r3c4<>6,7` for a removal list.
pub(crate) fn removals_text(removals: &[(u8, u16)]) -> String {
    let parts: Vec<String> = removals
        .iter()
        .map(|&(c, m)| {
            let vs: Vec<String> = values(m).map(|v| v.to_string()).collect();
            format!("{}<>{}", cell_name(c as usize), vs.join(","))
        })
        .collect();
    parts.join(", ")
}
