//! Box shapes and grids of values.

use std::fmt;

use super::error::ModelError;
use super::{Cell, MAX_SIZE};

/// The shape of a Sudoku box: `height` rows by `width` columns, with height × width = N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape {
    /// Rows per box.
    pub height: u8,
    /// Columns per box.
    pub width: u8,
}

impl BoxShape {
    /// The usual box shape for a Sudoku of side `n` (4, 6, 8, 9, 12, 16, 25, …): the most
    /// square factorisation with height ≤ width (2×3 for 6, 3×4 for 12). None for primes > 3.
    pub fn standard(n: usize) -> Option<BoxShape> {
        if n == 1 {
            return Some(BoxShape { height: 1, width: 1 });
        }
        let mut h = (n as f64).sqrt() as usize;
        while h > 1 && n % h != 0 {
            h -= 1;
        }
        if h <= 1 { None } else { Some(BoxShape { height: h as u8, width: (n / h) as u8 }) }
    }

    /// Index of the box holding (row, col), boxes numbered row-major.
    pub fn box_of(self, row: usize, col: usize, size: usize) -> usize {
        let per_row = size / self.width as usize;
        (row / self.height as usize) * per_row + col / self.width as usize
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

/// A (possibly partial) grid of values, row-major; 0 means empty.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid { size: self.size, cells: self.cells.clone() }
    }

    /// A copy in the room `self` already has.
    fn clone_from(&mut self, from: &Grid) {
        self.size = from.size;
        self.cells.clone_from(&from.cells);
    }
}

impl Grid {
    /// An N×N grid (`size` = N) with every cell empty (0). Not checked; see [`Grid::from_cells`].
    pub fn empty(size: usize) -> Grid {
        Grid { size, cells: vec![0; size * size] }
    }
    /// A grid of `size`² values in 0..=`size`, row-major (0 is an empty cell); an error names
    /// what does not fit.
    pub fn from_cells(size: usize, cells: Vec<u8>) -> Result<Grid, ModelError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ModelError::Size { size });
        }
        if cells.len() != size * size {
            return Err(ModelError::CellCount { size, found: cells.len() });
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > size) {
            return Err(ModelError::GivenOutOfRange {
                cell: Cell(i as u16),
                value: cells[i],
                size,
            });
        }
        Ok(Grid { size, cells })
    }
    /// A grid from values the crate has made itself (checked in debug builds only).
    pub(crate) fn from_valid(size: usize, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), size * size, "grid needs size² cells");
        debug_assert!(cells.iter().all(|&v| v as usize <= size));
        Grid { size, cells }
    }
    /// Side length N of the grid.
    pub fn size(&self) -> usize {
        self.size
    }
    /// All N² values, row-major (0 = empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    /// The value in `cell` (0 = empty). Panics if the cell index is N² or more.
    pub fn get(&self, cell: Cell) -> u8 {
        self.cells[cell.index()]
    }
    /// Puts `v` in `cell` (0 empties it); `v` is not checked against N. Panics if the cell
    /// index is N² or more.
    pub fn set(&mut self, cell: Cell, v: u8) {
        self.cells[cell.index()] = v;
    }
    /// The value at 0-based `row` and `col` (0 = empty); both must be below N.
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size + col]
    }
    /// The rows, top to bottom, each a slice of N values.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.size.max(1))
    }
    /// Whether no cell is empty (says nothing about whether the values are right).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

/// Rows of numbers separated by one space, each row ending in a newline: the seeds' output.
impl Grid {
    /// The grid as rows of values separated by spaces, a line each (what `Display` writes),
    /// appended to `out` byte by byte: a batch writes millions of them, and the formatting
    /// machinery cost more than solving an easy 9×9.
    pub fn write_rows(&self, out: &mut String) {
        out.reserve(self.cells.len() * 3);
        for row in self.rows() {
            for (i, &v) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                if v >= 100 {
                    out.push(char::from(b'0' + v / 100));
                }
                if v >= 10 {
                    out.push(char::from(b'0' + v / 10 % 10));
                }
                out.push(char::from(b'0' + v % 10));
            }
            out.push('\n');
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_rows(&mut out);
        f.write_str(&out)
    }
}
