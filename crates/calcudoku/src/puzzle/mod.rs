//! The one puzzle model: an N×N Latin square (every value 1..=N once in each row and column)
//! with givens and a list of constraints, each a kind of its own (see [`Constraint`]):
//!
//! - houses whose values all differ: Sudoku's rectangular boxes or a jigsaw's irregular
//!   regions, the two diagonals (X), extra regions (windoku, hyper: any sets of cells);
//! - arithmetic cages (`+ − × ÷`, or a hidden operator), whose values may also have to differ
//!   (Killer Sudoku);
//! - relations between two cells: `a < b` (Futoshiki), consecutive or not (Tatham's Adjacent);
//! - line clues: how many towers are seen from each edge (Skyscrapers).
//!
//! A Sudoku is a Latin square with boxes and givens, a KenKen (Calcudoku) one with cages, a
//! Killer Sudoku has boxes and distinct-valued sum cages. Every solver, format and picture
//! works on this one type; [`Puzzle::kind`] names it for people.

mod cage;
mod constraint;
pub(crate) mod error;
mod grid;
mod houses_key;
mod kind;
#[cfg(test)]
mod tests;
mod value;

pub use cage::{Cage, Operator, neighbours};
pub(crate) use cage::{push_number, rule_holds};
pub use constraint::{Constraint, Edge, House, LineClues, Relation, RelationKind, towers_seen};
pub use grid::{BoxShape, Grid};
pub(crate) use houses_key::HousesKey;
pub use kind::{Family, Kind};
pub(crate) use value::bits;
pub use value::{Cell, MAX_SIZE, Value, ValueSet, ValueSetIter};

use self::error::ModelError;
use smallvec::{SmallVec, smallvec};

/// How the grid is cut into regions whose values differ, besides rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Regions {
    /// Sudoku's rectangular boxes.
    Boxes(BoxShape),
    /// A jigsaw's irregular regions: each cell's region, numbered 0.. in order of first
    /// appearance (row-major), N regions of N cells.
    Jigsaw(Box<[u8]>),
}

/// A puzzle: an N×N Latin square with givens and constraints (see the module's notes).
#[derive(Debug, PartialEq, Eq)]
pub struct Puzzle {
    size: usize,
    regions: Option<Regions>,
    givens: Grid,
    cages: Vec<Cage>,
    distinct_cages: bool,
    diagonals: bool,
    extra_regions: Vec<Vec<Cell>>,
    relations: Vec<Relation>,
    line_clues: Option<Box<LineClues>>,
}

impl Clone for Puzzle {
    fn clone(&self) -> Puzzle {
        Puzzle {
            size: self.size,
            regions: self.regions.clone(),
            givens: self.givens.clone(),
            cages: self.cages.clone(),
            distinct_cages: self.distinct_cages,
            diagonals: self.diagonals,
            extra_regions: self.extra_regions.clone(),
            relations: self.relations.clone(),
            line_clues: self.line_clues.clone(),
        }
    }

    /// A copy in the room `self` already has: the grader's and the generator's boards keep
    /// one copy of the puzzle and refill it for each puzzle.
    fn clone_from(&mut self, from: &Puzzle) {
        self.size = from.size;
        self.regions.clone_from(&from.regions);
        self.givens.clone_from(&from.givens);
        self.cages.clone_from(&from.cages);
        self.distinct_cages = from.distinct_cages;
        self.diagonals = from.diagonals;
        self.extra_regions.clone_from(&from.extra_regions);
        self.relations.clone_from(&from.relations);
        self.line_clues.clone_from(&from.line_clues);
    }
}

/// Builds a [`Puzzle`] from its parts, checked by [`PuzzleBuilder::build`]:
///
/// ```
/// use calcudoku::puzzle::{Cell, Puzzle, Relation, RelationKind};
///
/// let less = Relation::new(Cell(0), Cell(1), RelationKind::Less);
/// let puzzle = Puzzle::builder(3).relations(vec![less]).build().unwrap();
/// assert_eq!(puzzle.kind().id(), "futoshiki");
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct PuzzleBuilder {
    size: usize,
    boxes: Option<BoxShape>,
    jigsaw: Option<Vec<u8>>,
    givens: Option<Grid>,
    cages: Vec<Cage>,
    distinct_cages: bool,
    diagonals: bool,
    extra_regions: Vec<Vec<Cell>>,
    relations: Vec<Relation>,
    line_clues: Option<LineClues>,
}

impl PuzzleBuilder {
    /// Rectangular boxes of this shape (Sudoku).
    pub fn boxes(mut self, boxes: Option<BoxShape>) -> Self {
        self.boxes = boxes;
        self
    }
    /// Irregular regions (jigsaw): for each cell, row-major, the label of its region (any
    /// numbers; N labels of N cells each). A map that happens to be rectangular boxes is kept
    /// as boxes.
    pub fn regions(mut self, labels: Vec<u8>) -> Self {
        self.jigsaw = Some(labels);
        self
    }
    /// The givens (an empty grid when not called).
    pub fn givens(mut self, givens: Grid) -> Self {
        self.givens = Some(givens);
        self
    }
    /// Arithmetic cages; with `distinct`, the values within each must differ (Killer).
    pub fn cages(mut self, cages: Vec<Cage>, distinct: bool) -> Self {
        self.cages = cages;
        self.distinct_cages = distinct;
        self
    }
    /// Both main diagonals hold every value once (X).
    pub fn diagonals(mut self, on: bool) -> Self {
        self.diagonals = on;
        self
    }
    /// Extra regions whose values differ (windoku, hyper): each 2 to N cells.
    pub fn extra_regions(mut self, regions: Vec<Vec<Cell>>) -> Self {
        self.extra_regions = regions;
        self
    }
    /// Relations between two cells.
    pub fn relations(mut self, relations: Vec<Relation>) -> Self {
        self.relations = relations;
        self
    }
    /// Skyscrapers' clues around the grid (all 0: none).
    pub fn line_clues(mut self, clues: LineClues) -> Self {
        self.line_clues = Some(clues);
        self
    }

    /// Checks the structure: size in 1..=[`MAX_SIZE`], boxes tiling the grid or N regions of
    /// N cells, givens in 1..=N, cage cells in range, no cell in two cages, no empty cage,
    /// extra regions of 2 to N different cells, relations between two different cells, N
    /// line clues a side in 0..=N.
    pub fn build(self) -> Result<Puzzle, ModelError> {
        let size = self.size;
        if size == 0 || size > MAX_SIZE {
            return Err(ModelError::Size { size });
        }
        let givens = self.givens.unwrap_or_else(|| Grid::empty(size));
        check_givens(size, &givens)?;
        check_cages(size, &self.cages)?;
        let regions = match (self.boxes, self.jigsaw) {
            (Some(_), Some(_)) => return Err(ModelError::BoxesAndRegions),
            (Some(b), None) => {
                if b.height == 0 || b.width == 0 || b.height as usize * b.width as usize != size {
                    return Err(ModelError::BoxShape { shape: b, size });
                }
                Some(Regions::Boxes(b))
            }
            (None, Some(labels)) => Some(jigsaw_regions(size, labels)?),
            (None, None) => None,
        };
        let cells = size * size;
        let in_range = |c: Cell| {
            if c.index() < cells {
                Ok(())
            } else {
                Err(ModelError::CellOutOfRange { cell: c.index(), cells })
            }
        };
        for (k, region) in self.extra_regions.iter().enumerate() {
            if region.len() < 2 || region.len() > size {
                return Err(ModelError::ExtraRegionSize { region: k, cells: region.len(), size });
            }
            let mut seen = vec![false; cells];
            for &c in region {
                in_range(c)?;
                if std::mem::replace(&mut seen[c.index()], true) {
                    return Err(ModelError::ExtraRegionRepeat { region: k, cell: c.index() });
                }
            }
        }
        for (k, r) in self.relations.iter().enumerate() {
            in_range(r.a)?;
            in_range(r.b)?;
            if r.a == r.b {
                return Err(ModelError::RelationToItself { relation: k, cell: r.a.index() });
            }
        }
        // In one order whatever the input's (every format writing them back reads the same
        // puzzle), each once.
        let mut relations = self.relations;
        relations.sort_unstable();
        relations.dedup();
        let line_clues = match self.line_clues {
            Some(clues) => {
                for edge in Edge::ALL {
                    let line = clues.edge(edge);
                    if line.len() != size {
                        return Err(ModelError::LineClueCount { edge, found: line.len(), size });
                    }
                    if let Some(i) = line.iter().position(|&s| s as usize > size) {
                        return Err(ModelError::LineClueRange {
                            edge,
                            index: i,
                            seen: line[i],
                            size,
                        });
                    }
                }
                (!clues.is_empty()).then(|| Box::new(clues))
            }
            None => None,
        };
        Ok(Puzzle {
            size,
            regions,
            givens,
            cages: self.cages,
            distinct_cages: self.distinct_cages,
            diagonals: self.diagonals,
            extra_regions: self.extra_regions,
            relations,
            line_clues,
        })
    }
}

/// Givens: an N×N grid of values 0..=N.
fn check_givens(size: usize, givens: &Grid) -> Result<(), ModelError> {
    if givens.size() != size {
        return Err(ModelError::GivensSize { expected: size, found: givens.size() });
    }
    // The largest given first (a loop without an early exit, which the compiler widens):
    // the cell is looked for only when one is out of range.
    if givens.cells().iter().fold(0, |m, &v| m.max(v)) as usize > size {
        let out = givens.cells().iter().enumerate().find(|&(_, &v)| v as usize > size);
        if let Some((i, &v)) = out {
            return Err(ModelError::GivenOutOfRange { cell: Cell(i as u16), value: v, size });
        }
    }
    Ok(())
}

/// Cages: none empty, every cell in range and in one cage at most.
fn check_cages(size: usize, cages: &[Cage]) -> Result<(), ModelError> {
    // The cells already in a cage, a bit each (on the stack up to 16×16: the generator
    // builds a puzzle per puzzle it makes, and a map of owners on the heap was a fifth of
    // this function at 3×3); the first cage of a cell found twice is looked for then.
    let mut taken: SmallVec<[u64; 4]> =
        if cages.is_empty() { SmallVec::new() } else { smallvec![0; (size * size).div_ceil(64)] };
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.is_empty() {
            return Err(ModelError::EmptyCage { cage: k });
        }
        for &c in &cage.cells {
            let i = c.index();
            if i >= size * size {
                return Err(ModelError::CellOutOfRange { cell: i, cells: size * size });
            }
            if taken[i / 64] & 1 << (i % 64) != 0 {
                let first = cages.iter().position(|g| g.cells.contains(&c)).unwrap_or(k);
                return Err(ModelError::CellInTwoCages { cell: i, first, second: k });
            }
            taken[i / 64] |= 1 << (i % 64);
        }
    }
    Ok(())
}

/// A jigsaw's regions from their labels: renumbered in order of first appearance, checked
/// to be N regions of N cells, and kept as boxes when they are rectangular boxes.
fn jigsaw_regions(size: usize, labels: Vec<u8>) -> Result<Regions, ModelError> {
    let cells = size * size;
    if labels.len() != cells {
        return Err(ModelError::RegionMapSize { size, found: labels.len() });
    }
    let mut number = [u8::MAX; 256];
    let mut next = 0usize;
    let mut counts = vec![0usize; size];
    let mut map = Vec::with_capacity(cells);
    for &label in &labels {
        let k = &mut number[label as usize];
        if *k == u8::MAX {
            if next == size {
                return Err(ModelError::RegionCount { size, found: size + 1 });
            }
            *k = next as u8;
            next += 1;
        }
        counts[*k as usize] += 1;
        map.push(*k);
    }
    if next != size {
        return Err(ModelError::RegionCount { size, found: next });
    }
    if let Some(k) = counts.iter().position(|&n| n != size) {
        return Err(ModelError::RegionSize { region: k, cells: counts[k], size });
    }
    // Rectangular after all: boxes of some shape.
    for height in 1..=size {
        if size % height != 0 {
            continue;
        }
        let shape = BoxShape { height: height as u8, width: (size / height) as u8 };
        let mut as_boxes = vec![u8::MAX; size];
        let fits = (0..cells).all(|c| {
            let b = shape.box_of(c / size, c % size, size);
            let k = &mut as_boxes[b];
            if *k == u8::MAX {
                *k = map[c];
            }
            *k == map[c]
        });
        if fits && size > 1 {
            return Ok(Regions::Boxes(shape));
        }
    }
    Ok(Regions::Jigsaw(map.into_boxed_slice()))
}

impl Puzzle {
    /// A puzzle of side `size`, to be given its parts (see [`PuzzleBuilder`]).
    pub fn builder(size: usize) -> PuzzleBuilder {
        PuzzleBuilder {
            size,
            boxes: None,
            jigsaw: None,
            givens: None,
            cages: Vec::new(),
            distinct_cages: false,
            diagonals: false,
            extra_regions: Vec::new(),
            relations: Vec::new(),
            line_clues: None,
        }
    }

    /// A puzzle of boxes, givens and cages. Checks the structure: size in 1..=[`MAX_SIZE`],
    /// boxes tiling the grid, givens in 1..=N, cage cells in range, no cell in two cages, no
    /// empty cage.
    ///
    /// `distinct_cages`: the values within each cage must differ (Killer Sudoku rules).
    pub fn new(
        size: usize,
        boxes: Option<BoxShape>,
        givens: Grid,
        cages: Vec<Cage>,
        distinct_cages: bool,
    ) -> Result<Puzzle, ModelError> {
        Puzzle::builder(size).boxes(boxes).givens(givens).cages(cages, distinct_cages).build()
    }

    /// A plain Sudoku: boxes and givens, no cages.
    pub fn sudoku(
        size: usize,
        boxes: Option<BoxShape>,
        givens: Grid,
    ) -> Result<Puzzle, ModelError> {
        Puzzle::new(size, boxes, givens, Vec::new(), false)
    }

    /// A KenKen (Calcudoku): cages only.
    pub fn kenken(size: usize, cages: Vec<Cage>) -> Result<Puzzle, ModelError> {
        Puzzle::new(size, None, Grid::empty(size), cages, false)
    }

    /// The same puzzle with other givens (checked as [`PuzzleBuilder::build`] checks them).
    pub fn with_givens(&self, givens: Grid) -> Result<Puzzle, ModelError> {
        check_givens(self.size, &givens)?;
        Ok(Puzzle { givens, ..self.clone() })
    }

    /// The same puzzle with both main diagonals holding every value once (X), or not.
    pub fn with_diagonals(&self, on: bool) -> Puzzle {
        Puzzle { diagonals: on, ..self.clone() }
    }

    /// The same puzzle with the windows of a windoku as extra regions (added to any it has):
    /// boxes of the puzzle's standard shape, h×w, set one cell in from the top left and one
    /// cell apart, as many as fit (four on a 9×9, one on a 4×4). An error for a side with no
    /// box shape (a prime) or too small to hold a window.
    pub fn with_windows(&self) -> Result<Puzzle, ModelError> {
        let windows = windoku_windows(self.size);
        if windows.is_empty() {
            return Err(ModelError::NoWindows { size: self.size });
        }
        let mut extra = self.extra_regions.clone();
        for w in windows {
            if !extra.contains(&w) {
                extra.push(w);
            }
        }
        Puzzle::builder(self.size)
            .extra_regions(extra)
            .build()
            .map(|p| Puzzle { extra_regions: p.extra_regions, ..self.clone() })
    }

    /// Side length N of the N×N grid (1 to [`MAX_SIZE`]).
    pub fn size(&self) -> usize {
        self.size
    }
    /// The shape of the boxes (Sudoku, Killer Sudoku); `None` when the puzzle has none
    /// (or irregular regions instead: see [`Puzzle::jigsaw`]).
    pub fn boxes(&self) -> Option<BoxShape> {
        match self.regions {
            Some(Regions::Boxes(b)) => Some(b),
            _ => None,
        }
    }
    /// A jigsaw's irregular regions: for each cell (row-major) its region, numbered from 0
    /// in order of first appearance; `None` for rectangular boxes or no regions.
    pub fn jigsaw(&self) -> Option<&[u8]> {
        match &self.regions {
            Some(Regions::Jigsaw(map)) => Some(map),
            _ => None,
        }
    }
    /// Whether the grid is cut into boxes or regions.
    pub fn has_regions(&self) -> bool {
        self.regions.is_some()
    }
    /// The region (box, numbered row-major, or jigsaw region) of a cell, if the puzzle has
    /// regions.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        let n = self.size;
        match &self.regions {
            None => None,
            Some(Regions::Boxes(b)) => Some(b.box_of(cell.row(n), cell.col(n), n)),
            Some(Regions::Jigsaw(map)) => Some(map[cell.index()] as usize),
        }
    }
    /// Whether both main diagonals hold every value once (X).
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }
    /// The extra regions whose values differ (windoku, hyper), in input order.
    pub fn extra_regions(&self) -> &[Vec<Cell>] {
        &self.extra_regions
    }
    /// The relations between two cells (Futoshiki, Adjacent), ordered by their first cell,
    /// then their second (row-major), each once.
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }
    /// Skyscrapers' clues around the grid; `None` when there are none.
    pub fn line_clues(&self) -> Option<&LineClues> {
        self.line_clues.as_deref()
    }

    /// What the puzzle is called: its family and variants.
    pub fn kind(&self) -> Kind {
        let family = if !self.cages.is_empty() {
            if self.regions.is_some() { Family::Killer } else { Family::KenKen }
        } else if self.line_clues.is_some() {
            Family::Skyscrapers
        } else if !self.relations.is_empty() {
            if self.relations.iter().all(|r| r.kind != RelationKind::Less) {
                Family::Adjacent
            } else {
                Family::Futoshiki
            }
        } else if self.regions.is_some() {
            Family::Sudoku
        } else {
            Family::Latin
        };
        Kind {
            family,
            jigsaw: matches!(self.regions, Some(Regions::Jigsaw(_))),
            diagonals: self.diagonals,
            extra_regions: !self.extra_regions.is_empty(),
        }
    }

    /// Every house whose values must differ: rows, columns, boxes or regions, diagonals,
    /// extra regions, each with its cells in row-major order.
    pub fn houses(&self) -> Vec<(House, Vec<Cell>)> {
        let n = self.size;
        let mut houses = Vec::with_capacity(3 * n + 2 + self.extra_regions.len());
        for r in 0..n {
            houses.push((House::Row(r as u8), (0..n).map(|c| Cell::at(r, c, n)).collect()));
        }
        for c in 0..n {
            houses.push((House::Column(c as u8), (0..n).map(|r| Cell::at(r, c, n)).collect()));
        }
        if let Some(regions) = &self.regions {
            let mut cells = vec![Vec::with_capacity(n); n];
            for c in 0..n * n {
                cells[self.region_of(Cell(c as u16)).unwrap_or(0)].push(Cell(c as u16));
            }
            let house = |k: usize| match regions {
                Regions::Boxes(_) => House::Box(k as u8),
                Regions::Jigsaw(_) => House::Region(k as u8),
            };
            houses.extend(cells.into_iter().enumerate().map(|(k, cells)| (house(k), cells)));
        }
        if self.diagonals {
            houses.push((House::Diagonal, (0..n).map(|i| Cell::at(i, i, n)).collect()));
            houses.push((House::AntiDiagonal, (0..n).map(|i| Cell::at(i, n - 1 - i, n)).collect()));
        }
        for (k, region) in self.extra_regions.iter().enumerate() {
            let mut cells = region.clone();
            cells.sort_unstable();
            houses.push((House::Extra(k as u8), cells));
        }
        houses
    }

    /// Every constraint of the puzzle, as data: its houses, cages, relations, line clues and
    /// givens. A complete grid solves the puzzle exactly when it keeps them all
    /// ([`Puzzle::is_solution`] checks the same, faster).
    pub fn constraints(&self) -> Vec<Constraint<'_>> {
        let n = self.size;
        let mut all: Vec<Constraint<'_>> = self
            .houses()
            .into_iter()
            .map(|(house, cells)| Constraint::House { house, cells })
            .collect();
        let distinct = self.distinct_cages;
        all.extend(self.cages.iter().map(|cage| Constraint::Cage { cage, distinct }));
        all.extend(self.relations.iter().map(|&r| Constraint::Relation(r)));
        if let Some(clues) = &self.line_clues {
            all.extend(clues.given().map(|(edge, index, seen)| Constraint::Sightline {
                edge,
                index,
                seen,
                cells: edge.line(index, n).collect(),
            }));
        }
        let givens = self.givens.cells().iter().enumerate().filter(|(_, v)| **v != 0);
        all.extend(givens.map(|(i, &value)| Constraint::Given { cell: Cell(i as u16), value }));
        all
    }
    /// The given values, N×N, 0 where a cell is not given (all 0 for a KenKen).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    /// The cages, in input order (empty for a plain Sudoku); a cage's index here is the one
    /// errors and [`Puzzle::cage_of_cells`] use.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }
    /// Whether the values within each cage must differ (Killer Sudoku).
    pub fn distinct_cages(&self) -> bool {
        self.distinct_cages
    }
    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }
    /// For each cell, the index of its cage (None when in no cage).
    pub fn cage_of_cells(&self) -> Vec<Option<usize>> {
        let mut owner = vec![None; self.cell_count()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                owner[c.index()] = Some(k);
            }
        }
        owner
    }
    /// Whether every cell lies in exactly one cage (what a KenKen requires).
    pub fn cages_cover_grid(&self) -> bool {
        self.cage_of_cells().iter().all(Option::is_some)
    }

    /// Whether a complete grid solves the puzzle: a Latin square, every house, cage,
    /// relation, line clue and given kept. Independent of any solver.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        let n = self.size;
        if grid.size() != n || grid.cells().iter().any(|&v| v == 0 || v as usize > n) {
            return false;
        }
        let full = ValueSet::full(n);
        for i in 0..n {
            let mut row = ValueSet::EMPTY;
            let mut col = ValueSet::EMPTY;
            for j in 0..n {
                row.insert(grid.at(i, j));
                col.insert(grid.at(j, i));
            }
            if row != full || col != full {
                return false;
            }
        }
        if self.regions.is_some() {
            let mut seen = vec![ValueSet::EMPTY; n];
            for c in 0..n * n {
                seen[self.region_of(Cell(c as u16)).unwrap_or(0)].insert(grid.cells()[c]);
            }
            if seen.iter().any(|&s| s != full) {
                return false;
            }
        }
        for (g, v) in self.givens.cells().iter().zip(grid.cells()) {
            if *g != 0 && g != v {
                return false;
            }
        }
        self.cages.iter().all(|cage| {
            let values: SmallVec<[u8; 16]> = cage.cells.iter().map(|&c| grid.get(c)).collect();
            let distinct = !self.distinct_cages || {
                let mut s = ValueSet::EMPTY;
                values.iter().all(|&v| {
                    let fresh = !s.contains(v);
                    s.insert(v);
                    fresh
                })
            };
            distinct && cage.holds(&values)
        }) && self.other_constraints_hold(grid)
    }

    /// The constraints [`Puzzle::is_solution`] does not check itself: diagonals, extra
    /// regions, relations and line clues.
    fn other_constraints_hold(&self, grid: &Grid) -> bool {
        if !self.diagonals
            && self.extra_regions.is_empty()
            && self.relations.is_empty()
            && self.line_clues.is_none()
        {
            return true;
        }
        self.constraints().iter().all(|c| match c {
            Constraint::House { house: House::Row(_) | House::Column(_), .. }
            | Constraint::House { house: House::Box(_) | House::Region(_), .. }
            | Constraint::Cage { .. }
            | Constraint::Given { .. } => true,
            other => other.holds(grid),
        })
    }
}

/// The windows of a windoku of side `n` (see [`Puzzle::with_windows`]); none when `n` has no
/// box shape.
pub fn windoku_windows(n: usize) -> Vec<Vec<Cell>> {
    let Some(shape) = BoxShape::standard(n).filter(|_| n > 1) else {
        return Vec::new();
    };
    let (h, w) = (shape.height as usize, shape.width as usize);
    let tops: Vec<usize> = (0..).map(|k| 1 + k * (h + 1)).take_while(|r| r + h < n).collect();
    let lefts: Vec<usize> = (0..).map(|k| 1 + k * (w + 1)).take_while(|c| c + w < n).collect();
    let mut out = Vec::new();
    for &r in &tops {
        for &c in &lefts {
            let cells = (0..h * w).map(|i| Cell::at(r + i / w, c + i % w, n)).collect();
            out.push(cells);
        }
    }
    out
}
