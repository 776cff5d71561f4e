//! What the kinds beyond KenKen, Sudoku and Killer add to the compiled model: units past the
//! rows, columns and boxes (the diagonals, extra regions), relations between two cells, and
//! line clues. A KenKen, Sudoku or Killer Sudoku leaves all of it empty, and the engine's paths
//! for them stay as they were.

use crate::puzzle::{Cell, Edge, Puzzle, RelationKind};

/// A list per cell, in two flat arrays: cell `c`'s items are `items[start[c]..start[c + 1]]`.
/// Empty (both arrays) when no cell has any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellLists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl CellLists {
    /// The lists of `cells` cells from `(cell, item)` pairs, each cell's items in the pairs'
    /// order; empty when there are no pairs.
    pub fn from_pairs(cells: usize, pairs: &[(usize, u32)]) -> CellLists {
        if pairs.is_empty() {
            return CellLists::default();
        }
        let mut start = vec![0u32; cells + 1];
        for &(c, _) in pairs {
            start[c + 1] += 1;
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; pairs.len()];
        for &(c, item) in pairs {
            items[next[c] as usize] = item;
            next[c] += 1;
        }
        CellLists { start, items }
    }

    /// Whether no cell has a list.
    pub fn is_empty(&self) -> bool {
        self.start.is_empty()
    }

    /// The items of cell `c` (none when the lists are empty).
    #[inline]
    pub fn of(&self, c: usize) -> &[u32] {
        if self.start.is_empty() {
            return &[];
        }
        &self.items[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// The bit of a cell's relation list item that marks a not-consecutive relation (the bits
/// below are the relation's index).
pub(crate) const SPARSE_RELATION: u32 = 1 << 31;

/// A line clue as the engine sees it: the line's cells nearest the viewer first, at
/// `cells_at..cells_at + n` of [`More::sight_cells`], how many towers are seen, and the unit
/// (row or column) the line is, whose weight a contradiction adds to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sightline {
    pub cells_at: u32,
    pub seen: u8,
    pub unit: u32,
}

/// See the module's notes.
#[derive(Clone, Debug, Default)]
pub(crate) struct More {
    /// The regions are a jigsaw's: rows, columns and regions are laid out for this puzzle only.
    jigsaw: bool,
    /// Every unit of every cell, when diagonals or extra regions give some cells more than the
    /// two or three of `Model::cell_units` (then `Model::units_of` reads these); else empty.
    pub cell_units: CellLists,
    /// Extra regions of fewer than N cells: their cells differ, but need not hold every value,
    /// so they are no units; each cell's such regions.
    pub small_regions: Vec<Vec<u16>>,
    pub small_of: CellLists,
    /// The relations (first cell, second cell, kind, whether the two cells share a row or
    /// column and so differ as well), and each cell's, [`SPARSE_RELATION`] marking the
    /// not-consecutive ones: those rule a value out of the other cell only once the cell's
    /// values lie within three in a row (see the supports in the engine's `relations`).
    pub relations: Vec<(u16, u16, RelationKind, bool)>,
    pub relations_of: CellLists,
    /// The line clues, the cells of their lines (N each), and each cell's.
    pub sightlines: Vec<Sightline>,
    pub sight_cells: Vec<u16>,
    pub sightlines_of: CellLists,
}

impl More {
    /// The relations, line clues and small extra regions of `p` (the units come with
    /// [`More::add_units`]).
    pub fn new(p: &Puzzle, plain_layout: bool) -> More {
        let n = p.size();
        let cells = n * n;
        let mut more = More { jigsaw: !plain_layout, ..More::default() };
        if !p.relations().is_empty() {
            let mut pairs = Vec::with_capacity(2 * p.relations().len());
            for (k, r) in p.relations().iter().enumerate() {
                let differ = r.a.row(n) == r.b.row(n) || r.a.col(n) == r.b.col(n);
                more.relations.push((r.a.0, r.b.0, r.kind, differ));
                let sparse =
                    if r.kind == RelationKind::NotConsecutive { SPARSE_RELATION } else { 0 };
                pairs.push((r.a.index(), k as u32 | sparse));
                pairs.push((r.b.index(), k as u32 | sparse));
            }
            more.relations_of = CellLists::from_pairs(cells, &pairs);
        }
        if let Some(clues) = p.line_clues() {
            let mut pairs = Vec::new();
            for (edge, i, seen) in clues.given() {
                let k = more.sightlines.len() as u32;
                let cells_at = more.sight_cells.len() as u32;
                for c in edge.line(i, n) {
                    more.sight_cells.push(c.0);
                    pairs.push((c.index(), k));
                }
                let unit = match edge {
                    Edge::Left | Edge::Right => i,
                    Edge::Top | Edge::Bottom => n + i,
                } as u32;
                more.sightlines.push(Sightline { cells_at, seen, unit });
            }
            more.sightlines_of = CellLists::from_pairs(cells, &pairs);
        }
        let small: Vec<&Vec<Cell>> = p.extra_regions().iter().filter(|r| r.len() < n).collect();
        if !small.is_empty() {
            let mut pairs = Vec::new();
            for (k, region) in small.iter().enumerate() {
                more.small_regions.push(region.iter().map(|c| c.0).collect());
                pairs.extend(region.iter().map(|c| (c.index(), k as u32)));
            }
            more.small_of = CellLists::from_pairs(cells, &pairs);
        }
        more
    }

    /// Appends the diagonals and the extra regions of N cells to the units (`unit_cells`, N
    /// cells each, and `unit_count`), and when there are any, lists every unit of every cell
    /// (see [`More::cell_units`]).
    pub fn add_units(
        &mut self,
        p: &Puzzle,
        units_per_cell: usize,
        unit_cells: &mut Vec<u16>,
        unit_count: &mut usize,
        cell_units: &[[u32; 3]],
    ) {
        let n = p.size();
        let mut extra: Vec<Vec<u16>> = Vec::new();
        if p.diagonals() {
            extra.push((0..n).map(|i| Cell::at(i, i, n).0).collect());
            extra.push((0..n).map(|i| Cell::at(i, n - 1 - i, n).0).collect());
        }
        for region in p.extra_regions().iter().filter(|r| r.len() == n) {
            let mut cells: Vec<u16> = region.iter().map(|c| c.0).collect();
            cells.sort_unstable();
            extra.push(cells);
        }
        if extra.is_empty() {
            return;
        }
        let mut pairs = Vec::new();
        for (c, units) in cell_units.iter().enumerate() {
            pairs.extend(units[..units_per_cell].iter().map(|&u| (c, u)));
        }
        for cells in extra {
            let u = *unit_count as u32;
            pairs.extend(cells.iter().map(|&c| (c as usize, u)));
            unit_cells.extend(cells);
            *unit_count += 1;
        }
        // Each cell's units in increasing order: its row, column, region, then the others.
        pairs.sort_by_key(|&(c, u)| (c, u));
        self.cell_units = CellLists::from_pairs(n * n, &pairs);
    }

    /// Whether some cell has units past its row, column and region.
    pub fn has_extra_units(&self) -> bool {
        !self.cell_units.is_empty() || !self.small_regions.is_empty()
    }

    /// Whether the puzzle adds nothing of this module's (jigsaw regions aside).
    pub fn is_empty(&self) -> bool {
        !self.has_extra_units() && self.relations.is_empty() && self.sightlines.is_empty()
    }

    /// Whether the units are only rows, columns and rectangular boxes, laid out the same for
    /// every puzzle of a side and box shape.
    pub fn plain_layout(&self) -> bool {
        !self.jigsaw && self.cell_units.is_empty()
    }

    /// Whether cells `a` and `b` share a diagonal, an extra region or a small extra region.
    pub fn share_extra(&self, a: usize, b: usize) -> bool {
        if !self.has_extra_units() {
            return false;
        }
        let (ua, ub) = (self.cell_units.of(a), self.cell_units.of(b));
        let (sa, sb) = (self.small_of.of(a), self.small_of.of(b));
        ua.iter().any(|u| ub.contains(u)) || sa.iter().any(|k| sb.contains(k))
    }
}
