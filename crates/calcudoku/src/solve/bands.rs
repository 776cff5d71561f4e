//! Bands (rows of boxes) and stacks (columns of boxes) of a puzzle with boxes, as grids of
//! box–line segments: where locked candidates are looked for, a band at a time.
//!
//! A band of `lines` rows crossing `boxes` boxes holds `lines × boxes` segments, each the cells
//! one row shares with one box (a stack likewise, with columns). Every box–line interaction of
//! the band can be read off the segments' candidate masks alone.

use super::model::Model;

/// One band or stack.
#[derive(Clone, Debug)]
pub(crate) struct Band {
    /// Lines (rows of a band, columns of a stack) across it.
    pub lines: usize,
    /// Boxes along it.
    pub boxes: usize,
    /// The cells of its segments, segment by segment and line by line: segment
    /// `line * boxes + box` holds `cells[i * width..(i + 1) * width]`. One flat array: reading
    /// a band's candidates is its locked candidates' main cost.
    pub cells: Vec<u16>,
    /// Cells per segment.
    pub width: usize,
}

/// The bands and stacks of a model, and where each cell lies.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bands {
    pub bands: Vec<Band>,
    /// For each cell, its band and its stack (empty without boxes).
    pub of_cell: Vec<[u32; 2]>,
}

impl Bands {
    pub fn new(m: &Model) -> Bands {
        if m.partitions.is_empty() {
            return Bands::default();
        }
        let n = m.n;
        let mut bands: Vec<Band> = Vec::new();
        // Per orientation, the band started by a line: boxes of a band cross the same lines.
        let mut by_first_line = std::collections::HashMap::new();
        // Boxes are units 2n..3n; partitions[box] = [its row segments, its column segments].
        let mut columns: Vec<Vec<Vec<u32>>> = Vec::new();
        for b in 2 * n..3 * n {
            for part in &m.partitions[b] {
                let mut segs = part.clone();
                segs.sort_by_key(|&s| m.segments[s as usize].line);
                let first = m.segments[segs[0] as usize].line;
                let k = *by_first_line.entry(first).or_insert_with(|| {
                    columns.push(Vec::new());
                    columns.len() - 1
                });
                columns[k].push(segs);
            }
        }
        let mut of_cell = vec![[0u32; 2]; n * n];
        for (k, boxes) in columns.into_iter().enumerate() {
            let lines = boxes[0].len();
            let mut segs = Vec::with_capacity(lines * boxes.len());
            for line in 0..lines {
                segs.extend(boxes.iter().map(|b| b[line]));
            }
            for &s in &segs {
                let seg = &m.segments[s as usize];
                let orientation = usize::from(seg.line as usize >= n);
                for &c in &seg.cells {
                    of_cell[c as usize][orientation] = k as u32;
                }
            }
            let width = m.segments[segs[0] as usize].cells.len();
            let cells = segs.iter().flat_map(|&s| m.segments[s as usize].cells.iter().copied());
            bands.push(Band { lines, boxes: boxes.len(), cells: cells.collect(), width });
        }
        Bands { bands, of_cell }
    }
}
