//! Adjacency (Tatham's Adjacent mode): neighbours joined by a bar differ by 1 and the others
//! do not. From a placed value (easy), its neighbour keeps only the values 1 away (bar) or
//! loses them (no bar); from a cell's candidates (tricky), its neighbour keeps only the values
//! some candidate allows.

use crate::puzzle::{Cell, RelationKind, ValueSet};

use super::board::Board;
use super::step::{Found, Placement, Step, eliminations_text, value_list};
use super::technique::Technique;

/// The technique's descriptor for the ladders (see `technique`): from placed values
/// (`Scope::Variant(true)`) or from candidates.
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "adjacency",
    find: |board, scope, out| {
        if let super::technique::Scope::Variant(placed) = scope {
            find(board, placed, out)
        }
    },
    describe,
};

/// Steps from placed values only (`placed`), or from every cell's candidates.
pub fn find(board: &Board, placed: bool, out: &mut Found) {
    let n = board.size() as u8;
    for r in board.puzzle().relations() {
        if r.kind == RelationKind::Less {
            continue;
        }
        for (from, to) in [(r.a, r.b), (r.b, r.a)] {
            if placed != board.is_placed(from) || board.is_placed(to) {
                continue;
            }
            let allowed = allowed(board.candidates(from), r.kind, n);
            let gone = board.candidates(to) & !allowed;
            if gone.is_empty() {
                continue;
            }
            let technique =
                if placed { Technique::AdjacentValue } else { Technique::AdjacentCandidates };
            let mut step = Step::new(technique);
            step.cells.push(from);
            step.cells.push(to);
            step.amount = u64::from(r.kind == RelationKind::Consecutive);
            step.values = gone;
            step.eliminations = gone.iter().map(|v| Placement::new(to, v)).collect();
            out.push(step);
            if out.done() {
                return;
            }
        }
    }
}

/// The values a neighbour may hold next to a cell with candidates `from` (never the same
/// value: the two share a row or a column), worked out on the bits (bit `v - 1` for `v`).
fn allowed(from: ValueSet, kind: RelationKind, n: u8) -> ValueSet {
    let full = ValueSet::full(usize::from(n)).0;
    let f = from.0;
    match kind {
        // One away either way.
        RelationKind::Consecutive => ValueSet((f << 1 | f >> 1) & full),
        // Anything but the value and its two neighbours, for some value of `from`.
        RelationKind::NotConsecutive => {
            let mut keep = 0;
            let mut m = f;
            while m != 0 {
                let b = m & m.wrapping_neg();
                m &= m - 1;
                keep |= !(b | b << 1 | b >> 1);
            }
            ValueSet(keep & full)
        }
        // Above the least value of `from`.
        RelationKind::Less if f != 0 => {
            let least = f & f.wrapping_neg();
            ValueSet(!(least | (least - 1)) & full)
        }
        RelationKind::Less => ValueSet::EMPTY,
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let (from, to): (Cell, Cell) = (step.cells[0], step.cells[1]);
    let bar = if step.amount == 1 {
        "a bar: their values differ by 1"
    } else {
        "no bar: their values do not differ by 1"
    };
    let what = match step.technique {
        Technique::AdjacentValue => format!("{} holds {}", board.name(from), board.value(from)),
        _ => format!("{} can hold only {}", board.name(from), value_list(board.candidates(from))),
    };
    format!(
        "{what}, and it meets {} with {bar}; remove {}",
        board.name(to),
        eliminations_text(board, &step.eliminations)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitwise `allowed` is what trying every pair of values gives, for every set of
    /// candidates of sides 1 to 9 and every kind of relation.
    #[test]
    fn allowed_is_every_value_some_candidate_allows() {
        for n in 1..=9u8 {
            for bits in 0..1u64 << n {
                let from = ValueSet(bits);
                for kind in
                    [RelationKind::Less, RelationKind::Consecutive, RelationKind::NotConsecutive]
                {
                    let mut want = ValueSet::EMPTY;
                    for v in from.iter() {
                        for w in 1..=n {
                            if w != v && kind.holds(v, w) {
                                want.insert(w);
                            }
                        }
                    }
                    assert_eq!(allowed(from, kind, n), want, "{n} {bits:b} {kind:?}");
                }
            }
        }
    }
}
