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
