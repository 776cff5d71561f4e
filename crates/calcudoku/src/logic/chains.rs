//! Alternating inference chains: candidates linked strongly (if one is false the other is true:
//! the two candidates of a cell, the two places of a value in a unit) and weakly (if one is
//! true the other is false: two candidates of a cell, one value in two cells that see each
//! other), strong and weak in turn. A chain that starts and ends with a strong link proves that
//! its first or its last candidate is true, so a candidate that would rule out both is false.
//!
//! - X-chain: one value throughout (skyscrapers and kites are short ones);
//! - XY-chain: two-candidate cells, each linked to the next by a shared value;
//! - AIC: any mix.
//!
//! The search is breadth first from each candidate, so each start's shortest chain is found
//! first; chains are bounded in length.

use crate::puzzle::{Cell, ValueSet};

use super::board::Board;
use super::step::{Found, List, Placement, Step, eliminations_text};
use super::technique::Technique;

/// The longest chain searched, in candidates.
const MAX_NODES: usize = 14;
/// In `Found::all` mode, stop after this many steps (grading needs one to make progress).
const ENOUGH: usize = 6;

/// A candidate: a cell and a value.
type Node = Placement;

struct Links<'a> {
    board: &'a Board,
    peers: Vec<Vec<Cell>>,
}

impl Links<'_> {
    /// Candidates true whenever `x` is false.
    fn strong(&self, x: Node, out: &mut List<(Node, bool)>) {
        out.clear();
        let cands = self.board.candidates(x.cell);
        if cands.len() == 2 {
            let other = (cands & !ValueSet::single(x.value)).min().expect("two");
            out.push((Node::new(x.cell, other), true));
        }
        for u in self.board.units_of(x.cell) {
            let mut places = self.board.places(u, x.value).filter(|&c| c != x.cell);
            if let (Some(only), None) = (places.next(), places.next()) {
                if !out.iter().any(|(n, _)| n.cell == only && n.value == x.value) {
                    out.push((Node::new(only, x.value), false));
                }
            }
        }
    }

    /// Candidates false whenever `x` is true.
    fn weak(&self, x: Node, out: &mut List<(Node, bool)>) {
        out.clear();
        for v in self.board.candidates(x.cell).iter().filter(|&v| v != x.value) {
            out.push((Node::new(x.cell, v), true));
        }
        for &p in &self.peers[x.cell.index()] {
            if self.board.candidates(p).contains(x.value) && !self.board.is_placed(p) {
                out.push((Node::new(p, x.value), false));
            }
        }
    }

    /// Whether `x` being true makes `y` false.
    fn rules_out(&self, x: Node, y: Node) -> bool {
        if x.cell == y.cell {
            x.value != y.value
        } else {
            x.value == y.value && self.board.sees(x.cell, y.cell)
        }
    }
}

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "chains",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let n = board.size();
    let links = Links { board, peers: board.cells().map(|c| board.peers(c)).collect() };
    let nodes = board.cell_count() * n;
    let index = |x: Node| x.cell.index() * n + x.value as usize - 1;
    // Per (node, parity): the predecessor's index + 1 (0: not reached), and the link kind.
    let mut prev = vec![0u32; 2 * nodes];
    let mut depth = vec![0u8; 2 * nodes];
    let mut strong = List::new();
    let mut weak = List::new();
    // The search's queue, kept from start to start: every state it reached is in it (and
    // is cleared from `prev` after the search, instead of all of `prev`).
    let mut queue: Vec<(Node, usize)> = Vec::new();
    let mut found = 0;
    let work = u32::try_from(nodes / 16).unwrap_or(u32::MAX).max(1);
    for start_cell in board.cells() {
        if board.is_placed(start_cell) {
            continue;
        }
        for v in board.candidates(start_cell).iter() {
            // Each start clears the states and searches from there.
            if out.tick_by(work) {
                return;
            }
            let start = Node::new(start_cell, v);
            // Parity 0: false (given the start is false); parity 1: true.
            let state = |x: Node, p: usize| 2 * index(x) + p;
            for &(x, parity) in &queue {
                prev[state(x, parity)] = 0;
            }
            queue.clear();
            prev[state(start, 0)] = u32::MAX;
            depth[state(start, 0)] = 1;
            queue.push((start, 0usize));
            let mut head = 0;
            'search: while let Some(&(x, parity)) = queue.get(head) {
                head += 1;
                let d = depth[state(x, parity)];
                if d as usize >= MAX_NODES {
                    continue;
                }
                let next_parity = 1 - parity;
                if parity == 0 {
                    links.strong(x, &mut strong);
                } else {
                    links.weak(x, &mut weak);
                }
                let list = if parity == 0 { &strong } else { &weak };
                for &(y, _) in list.iter() {
                    let s = state(y, next_parity);
                    if prev[s] != 0 || y == start {
                        continue;
                    }
                    prev[s] = state(x, parity) as u32 + 1;
                    depth[s] = d + 1;
                    queue.push((y, next_parity));
                    if next_parity == 1 && d >= 3 {
                        if let Some(step) = conclude(&links, start, y, path(&prev, s, n)) {
                            out.push(step);
                            found += 1;
                            if out.done() || found >= ENOUGH {
                                return;
                            }
                            break 'search;
                        }
                    }
                }
            }
        }
    }
}

/// The chain that reached state `at` (`2 × node + parity`), from its start.
fn path(prev: &[u32], at: usize, n: usize) -> List<Node> {
    let mut chain = List::new();
    let mut s = at;
    loop {
        chain.push(Node::new(Cell((s / 2 / n) as u16), (s / 2 % n) as u8 + 1));
        match prev[s] {
            u32::MAX => break,
            p => s = p as usize - 1,
        }
    }
    chain.reverse();
    chain
}

/// The step a chain from `start` (false) to `end` (true) proves, if it removes anything.
fn conclude(links: &Links, start: Node, end: Node, chain: List<Node>) -> Option<Step> {
    let board = links.board;
    let mut step = Step::new(Technique::Aic);
    // Candidates that either end being true would rule out.
    let mut consider: List<Node> = List::new();
    if start.cell == end.cell {
        for v in board.candidates(start.cell).iter() {
            if v != start.value && v != end.value {
                consider.push(Node::new(start.cell, v));
            }
        }
    } else {
        for &p in &links.peers[start.cell.index()] {
            for v in [start.value, end.value] {
                if board.candidates(p).contains(v) {
                    consider.push(Node::new(p, v));
                }
            }
        }
        for v in [end.value, start.value] {
            if board.candidates(start.cell).contains(v) {
                consider.push(Node::new(start.cell, v));
            }
            if board.candidates(end.cell).contains(v) {
                consider.push(Node::new(end.cell, v));
            }
        }
    }
    for x in consider {
        if x == start || x == end || chain.contains(&x) || step.eliminations.contains(&x) {
            continue;
        }
        if links.rules_out(x, start) && links.rules_out(x, end) && !board.is_placed(x.cell) {
            step.eliminations.push(x);
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let one_value = chain.iter().all(|x| x.value == start.value);
    let bivalue_cells = chain.chunks(2).all(|pair| {
        pair.len() == 2 && pair[0].cell == pair[1].cell && board.candidates(pair[0].cell).len() == 2
    });
    step.technique = if one_value {
        Technique::XChain
    } else if bivalue_cells {
        Technique::XyChain
    } else {
        Technique::Aic
    };
    step.cells = chain.iter().map(|x| x.cell).collect();
    step.cells.dedup();
    step.values = chain.iter().fold(ValueSet::EMPTY, |s, x| s | ValueSet::single(x.value));
    step.chain = chain;
    Some(step)
}

pub fn describe(step: &Step, board: &Board) -> String {
    let chain = &step.chain;
    let name = |x: &Node| format!("{}={}", board.name(x.cell), x.value);
    let mut links = Vec::new();
    for (i, pair) in chain.windows(2).enumerate() {
        // Even links are strong (if not … then …), odd ones weak.
        links.push(format!("{}{}", if i % 2 == 0 { "=" } else { "-" }, name(&pair[1])));
    }
    let (first, last) = (&chain[0], &chain[chain.len() - 1]);
    format!(
        "{} {}{}: either {} or {} is true, so remove {}",
        step.technique,
        name(first),
        links.concat(),
        name(first),
        name(last),
        eliminations_text(board, &step.eliminations)
    )
}
