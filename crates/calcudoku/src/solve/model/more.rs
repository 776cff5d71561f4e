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

/// One side of a relation between two cells, seen from one of them: the other cell, and
/// what the other may hold given this cell's values (see the engine's `relations`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Arc {
    pub other: u16,
    pub kind: RelationKind,
    /// Whether this cell is the relation's first (`a` of `a < b`).
    pub this_is_first: bool,
    /// The two cells share a row or column, and so differ as well.
    pub differ: bool,
}

/// Where a cell's arcs lie in [`More::arcs`], and whether all of them are not-consecutive
/// ones: those rule a value out of the other cell only once this cell's values lie within
/// three in a row.
///
/// Its own layout rather than a [`CellLists`]: every narrowing reads it, and one load here
/// (against two `start` entries, a test and a flag vector) measured 5–10% fewer instructions
/// on Futoshiki and Adjacent; [`More::new`] places the arcs by counting, as
/// [`CellLists::from_pairs`] does, because building through it cost 9×9 trivial Adjacent 6%.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Arcs {
    pub start: u32,
    pub len: u16,
    pub sparse: bool,
}

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
    /// The relations between two cells, as arcs: each relation gives one to each of its
    /// cells, and a cell's arcs lie together (where: `arcs_of`, one per cell; empty without
    /// relations). A narrowed cell is looked at again, not its relations: the other cell of
    /// each of its arcs is filtered by its values.
    pub arcs: Vec<Arc>,
    pub arcs_of: Vec<Arcs>,
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
            // Each cell's arcs together, in the relations' order: counted, then placed.
            let mut of = vec![Arcs { start: 0, len: 0, sparse: true }; cells];
            for r in p.relations() {
                for c in [r.a, r.b] {
                    let of = &mut of[c.index()];
                    of.len += 1;
                    of.sparse &= r.kind == RelationKind::NotConsecutive;
                }
            }
            let mut next = 0;
            for of in &mut of {
                of.start = next;
                next += u32::from(of.len);
            }
            let filler =
                Arc { other: 0, kind: RelationKind::Less, this_is_first: false, differ: false };
            more.arcs = vec![filler; next as usize];
            let mut placed = vec![0u32; cells];
            for r in p.relations() {
                let differ = r.a.row(n) == r.b.row(n) || r.a.col(n) == r.b.col(n);
                for (this, other, this_is_first) in [(r.a, r.b, true), (r.b, r.a, false)] {
                    let at = of[this.index()].start + placed[this.index()];
                    placed[this.index()] += 1;
                    more.arcs[at as usize] =
                        Arc { other: other.0, kind: r.kind, this_is_first, differ };
                }
            }
            more.arcs_of = of;
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
        !self.has_extra_units() && self.arcs.is_empty() && self.sightlines.is_empty()
    }

    /// Whether the units are only rows, columns and rectangular boxes, laid out the same for
    /// every puzzle of a side and box shape.
    pub fn plain_layout(&self) -> bool {
        !self.jigsaw && self.cell_units.is_empty()
    }

    /// The arcs of cell `c` (none without relations).
    #[inline]
    pub fn arcs(&self, c: usize) -> &[Arc] {
        match self.arcs_of.get(c) {
            Some(of) => &self.arcs[of.start as usize..][..of.len as usize],
            None => &[],
        }
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
