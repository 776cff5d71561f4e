//! A list of at most `N` small `Copy` values kept inline, with no check of where they live on
//! each access (what `SmallVec` pays for being able to grow): the quick test's lists have
//! bounds known in advance.

use std::ops::{Deref, DerefMut};

/// Up to `N` values of `T`, inline.
#[derive(Clone, Copy)]
pub(super) struct Fixed<T: Copy + Default, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Fixed<T, N> {
    pub(super) fn new() -> Self {
        Fixed { len: 0, items: [T::default(); N] }
    }

    /// Adds `item` at the end. Panics past `N` items: callers keep within their bound.
    #[inline]
    pub(super) fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }

    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    #[cfg(test)]
    pub(super) fn from_slice(items: &[T]) -> Self {
        let mut f = Fixed::new();
        items.iter().for_each(|&x| f.push(x));
        f
    }
}

impl<T: Copy + Default, const N: usize> Default for Fixed<T, N> {
    fn default() -> Self {
        Fixed::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for Fixed<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for Fixed<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for Fixed<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_keeps_what_is_pushed_in_order() {
        let mut f: Fixed<u16, 4> = Fixed::new();
        assert!(f.is_empty());
        f.push(3);
        f.push(9);
        assert_eq!(&f[..], &[3, 9]);
        assert_eq!(f.pop(), Some(9));
        f.push(5);
        f.push(6);
        f.push(7);
        assert_eq!(&f[..], &[3, 5, 6, 7]);
        f[1] = 4;
        assert_eq!(format!("{f:?}"), "[3, 4, 6, 7]");
        f.clear();
        assert_eq!(f.pop(), None);
        assert_eq!(&Fixed::<u8, 3>::from_slice(&[1, 2])[..], &[1, 2]);
    }

    #[test]
    #[should_panic]
    fn it_refuses_more_than_it_holds() {
        let mut f: Fixed<u8, 2> = Fixed::new();
        (0..3).for_each(|x| f.push(x));
    }
}
