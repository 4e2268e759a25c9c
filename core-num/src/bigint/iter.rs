//! Digit iterators: [`U32Digits`] and [`U64Digits`].

use core::iter::FusedIterator;

/// An iterator over the base-2<sup>32</sup> digits of a number, least significant first.
///
/// Made by `iter_u32_digits` on [`BigUint`](crate::BigUint) and [`BigInt`](crate::BigInt)
/// (which yields the magnitude's digits).
///
/// # Examples
/// ```
/// use core_num::BigUint;
/// let x = BigUint::from(u64::MAX) + BigUint::from(2u32); // 2^64 + 1
/// let mut digits = x.iter_u32_digits();
/// assert_eq!(digits.len(), 3);
/// assert_eq!(digits.next(), Some(1));
/// assert_eq!(digits.next_back(), Some(1));
/// assert_eq!(digits.collect::<Vec<u32>>(), [0]);
/// ```
#[derive(Debug, Clone)]
pub struct U32Digits<'a> {
    limbs: &'a [u64],
    /// Next half-limb index from the front.
    front: usize,
    /// One past the last half-limb index still to yield from the back.
    back: usize,
}

impl<'a> U32Digits<'a> {
    pub(crate) fn new(limbs: &'a [u64]) -> Self {
        let back = match limbs.last() {
            None => 0,
            Some(&top) => limbs.len() * 2 - usize::from(top >> 32 == 0),
        };
        U32Digits { limbs, front: 0, back }
    }

    #[inline]
    fn digit(&self, i: usize) -> u32 {
        (self.limbs[i / 2] >> (32 * (i % 2))) as u32
    }
}

impl Iterator for U32Digits<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.front == self.back {
            return None;
        }
        let d = self.digit(self.front);
        self.front += 1;
        Some(d)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<u32> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }

    #[inline]
    fn last(mut self) -> Option<u32> {
        self.next_back()
    }

    #[inline]
    fn count(self) -> usize {
        self.back - self.front
    }
}

impl DoubleEndedIterator for U32Digits<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<u32> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.digit(self.back))
    }
}

impl ExactSizeIterator for U32Digits<'_> {}

impl FusedIterator for U32Digits<'_> {}

/// An iterator over the base-2<sup>64</sup> digits (limbs) of a number, least significant
/// first.
///
/// # Examples
/// ```
/// use core_num::BigInt;
/// let x = BigInt::from(-(1i128 << 64) - 7);
/// assert_eq!(x.iter_u64_digits().len(), 2);
/// assert_eq!(x.iter_u64_digits().rev().collect::<Vec<u64>>(), [1, 7]);
/// ```
#[derive(Debug, Clone)]
pub struct U64Digits<'a> {
    it: core::slice::Iter<'a, u64>,
}

impl<'a> U64Digits<'a> {
    pub(crate) fn new(limbs: &'a [u64]) -> Self {
        U64Digits { it: limbs.iter() }
    }
}

impl Iterator for U64Digits<'_> {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        self.it.next().copied()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.it.size_hint()
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<u64> {
        self.it.nth(n).copied()
    }

    #[inline]
    fn last(self) -> Option<u64> {
        self.it.last().copied()
    }

    #[inline]
    fn count(self) -> usize {
        self.it.len()
    }
}

impl DoubleEndedIterator for U64Digits<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<u64> {
        self.it.next_back().copied()
    }
}

impl ExactSizeIterator for U64Digits<'_> {}

impl FusedIterator for U64Digits<'_> {}
