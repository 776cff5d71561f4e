//! The engine's work queues: items (cages, units, bands) waiting to be looked at, each at
//! most once.

/// Items (cages, units, bands) waiting to be looked at, each at most once: a stack and a flag
/// per item.
#[derive(Default)]
pub(super) struct Pending {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl Pending {
    pub(super) fn new(items: usize) -> Pending {
        Pending { queue: Vec::with_capacity(items), queued: vec![false; items] }
    }

    /// An empty queue of `items` items in the vectors of an old one (see
    /// [`Pending::into_parts`]).
    pub(super) fn reusing(items: usize, mut queue: Vec<u32>, mut queued: Vec<bool>) -> Pending {
        queue.clear();
        queue.reserve(items);
        queued.clear();
        queued.resize(items, false);
        Pending { queue, queued }
    }

    /// The vectors, for [`Pending::reusing`].
    pub(super) fn into_parts(self) -> (Vec<u32>, Vec<bool>) {
        (self.queue, self.queued)
    }

    /// Queues item `i` unless it is queued (or held) already.
    #[inline]
    pub(super) fn push(&mut self, i: u32) {
        if !self.queued[i as usize] {
            self.queued[i as usize] = true;
            self.queue.push(i);
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        let i = self.queue.pop()?;
        self.queued[i as usize] = false;
        Some(i)
    }

    /// Keeps item `i` (not queued) from being queued until [`Pending::release`].
    pub(super) fn hold(&mut self, i: usize) {
        self.queued[i] = true;
    }

    pub(super) fn release(&mut self, i: usize) {
        self.queued[i] = false;
    }

    pub(super) fn clear(&mut self) {
        for i in self.queue.drain(..) {
            self.queued[i as usize] = false;
        }
    }
}

/// Units waiting to be looked at: a [`Pending`], or where the order they are looked at in
/// cannot matter (no conflict weights, see [`super::Engine::weighted_cell`]) and there are at most
/// 64, a bit per unit, taken lowest first. Propagation reaches the same fixed point in any
/// order; only conflict weights depend on which deduction finds a contradiction first.
pub(super) struct UnitQueue {
    pub(super) bits: u64,
    by_bits: bool,
    pending: Pending,
}

impl UnitQueue {
    pub(super) fn new(units: usize, by_bits: bool) -> UnitQueue {
        let by_bits = by_bits && units <= 64;
        UnitQueue { bits: 0, by_bits, pending: Pending::new(if by_bits { 0 } else { units }) }
    }

    #[inline]
    pub(super) fn push(&mut self, u: u32) {
        if self.by_bits {
            self.bits |= 1 << u;
        } else {
            self.pending.push(u);
        }
    }

    /// Queues units `a` and `b`, in that order.
    #[inline]
    pub(super) fn push_two(&mut self, a: u32, b: u32) {
        if self.by_bits {
            self.bits |= 1 << a | 1 << b;
        } else {
            self.pending.push(a);
            self.pending.push(b);
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        if !self.by_bits {
            return self.pending.pop();
        }
        if self.bits == 0 {
            return None;
        }
        let u = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(u)
    }

    pub(super) fn clear(&mut self) {
        self.bits = 0;
        self.pending.clear();
    }
}

/// Items waiting to be looked at, each at most once, as one bit per item, taken lowest
/// first: queuing is one OR whatever was queued before. For the relations and line clues,
/// which many narrowings queue and whose order reaches the same fixed point.
#[derive(Default)]
pub(super) struct BitQueue {
    words: Vec<u64>,
    /// The words below this one are empty.
    first: usize,
}

impl BitQueue {
    pub(super) fn new(items: usize) -> BitQueue {
        BitQueue { words: vec![0; items.div_ceil(64)], first: usize::MAX }
    }

    #[inline]
    pub(super) fn push(&mut self, i: u32) {
        let w = i as usize / 64;
        self.words[w] |= 1 << (i % 64);
        self.first = self.first.min(w);
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        while let Some(word) = self.words.get_mut(self.first) {
            if *word != 0 {
                let bit = word.trailing_zeros();
                *word &= *word - 1;
                return Some((self.first * 64) as u32 + bit);
            }
            self.first += 1;
        }
        self.first = usize::MAX;
        None
    }

    /// Drops item `i` if queued: what looking at `i` queues of `i` itself (its filtering
    /// being idempotent).
    #[inline]
    pub(super) fn drop_item(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    pub(super) fn clear(&mut self) {
        self.words.fill(0);
        self.first = usize::MAX;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Items come out once each, lowest first, across words; dropped ones not at all.
    #[test]
    fn a_bit_queue_gives_each_item_once_lowest_first() {
        let mut q = BitQueue::new(150);
        for i in [130, 5, 64, 5, 149, 0, 64, 77] {
            q.push(i);
        }
        q.drop_item(77);
        let mut out = Vec::new();
        while let Some(i) = q.pop() {
            out.push(i);
            if i == 64 {
                q.push(3); // below what was taken: still comes out
            }
        }
        assert_eq!(out, [0, 5, 64, 3, 130, 149]);
        q.push(9);
        q.clear();
        assert_eq!(q.pop(), None);
    }
}
