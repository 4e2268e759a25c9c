//! Limb storage: a small vector of `u64` that keeps up to [`INLINE`] limbs without touching the
//! heap.
//!
//! Most integers met in practice (counters, ids, hashes, money in cents) fit in one or two
//! limbs, so `BigUint::from(5u64) + 7u64` never allocates. Once a value has needed the heap,
//! its buffer is kept (values that shrink keep their capacity), so owned arithmetic on large
//! values reuses it.
//!
//! The vector itself does not normalise; [`LimbVec::normalize`] drops high zero limbs, and the
//! integer types call it after every operation.

use alloc::vec::Vec;

/// Number of limbs stored inline.
pub(crate) const INLINE: usize = 2;

/// A vector of limbs, inline up to [`INLINE`] limbs.
pub(crate) enum LimbVec {
    /// Up to `INLINE` limbs; `data[len..]` is always zero.
    Inline {
        /// Number of limbs in use.
        len: u8,
        /// The limbs; the unused ones are zero.
        data: [u64; INLINE],
    },
    /// Any number of limbs.
    Heap(Vec<u64>),
}

impl LimbVec {
    /// The empty vector (the number zero).
    pub(crate) const EMPTY: LimbVec = LimbVec::Inline { len: 0, data: [0; INLINE] };

    /// One limb.
    #[inline]
    pub(crate) const fn from_limb(x: u64) -> LimbVec {
        LimbVec::Inline { len: (x != 0) as u8, data: [x, 0] }
    }

    /// Two limbs, normalised (low first).
    #[inline]
    pub(crate) const fn from_u128(x: u128) -> LimbVec {
        let lo = x as u64;
        let hi = (x >> 64) as u64;
        let len = if hi != 0 {
            2
        } else if lo != 0 {
            1
        } else {
            0
        };
        LimbVec::Inline { len, data: [lo, hi] }
    }

    /// `n` zero limbs.
    #[inline]
    pub(crate) fn zeroed(n: usize) -> LimbVec {
        if n <= INLINE {
            LimbVec::Inline { len: n as u8, data: [0; INLINE] }
        } else {
            LimbVec::Heap(alloc::vec![0; n])
        }
    }

    /// A copy of `s` (not normalised).
    #[inline]
    pub(crate) fn from_slice(s: &[u64]) -> LimbVec {
        if s.len() <= INLINE {
            let mut data = [0; INLINE];
            data[..s.len()].copy_from_slice(s);
            LimbVec::Inline { len: s.len() as u8, data }
        } else {
            LimbVec::Heap(s.to_vec())
        }
    }

    /// Takes `v` over; short vectors move inline and free their buffer.
    #[inline]
    pub(crate) fn from_vec(v: Vec<u64>) -> LimbVec {
        if v.len() <= INLINE {
            LimbVec::from_slice(&v)
        } else {
            LimbVec::Heap(v)
        }
    }

    /// The limbs.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[u64] {
        match self {
            LimbVec::Inline { len, data } => &data[..*len as usize],
            LimbVec::Heap(v) => v,
        }
    }

    /// The limbs, mutably.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u64] {
        match self {
            LimbVec::Inline { len, data } => &mut data[..*len as usize],
            LimbVec::Heap(v) => v,
        }
    }

    /// Number of limbs.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self {
            LimbVec::Inline { len, .. } => *len as usize,
            LimbVec::Heap(v) => v.len(),
        }
    }

    /// Whether there are no limbs.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Limbs that fit without reallocating.
    #[inline]
    pub(crate) fn capacity(&self) -> usize {
        match self {
            LimbVec::Inline { .. } => INLINE,
            LimbVec::Heap(v) => v.capacity(),
        }
    }

    /// Sets the length to `n`, filling new limbs with zeros.
    #[inline]
    pub(crate) fn resize(&mut self, n: usize) {
        match self {
            LimbVec::Inline { len, data } => {
                if n <= INLINE {
                    // Keep the "unused limbs are zero" invariant when shrinking.
                    for x in &mut data[n.min(*len as usize)..] {
                        *x = 0;
                    }
                    *len = n as u8;
                } else {
                    let mut v = Vec::with_capacity(n);
                    v.extend_from_slice(&data[..*len as usize]);
                    v.resize(n, 0);
                    *self = LimbVec::Heap(v);
                }
            }
            LimbVec::Heap(v) => v.resize(n, 0),
        }
    }

    /// Shortens to `n` limbs (no-op when already shorter).
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        if n < self.len() {
            self.resize(n);
        }
    }

    /// Removes every limb, keeping the buffer.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }

    /// Appends one limb.
    #[inline]
    pub(crate) fn push(&mut self, x: u64) {
        match self {
            LimbVec::Inline { len, data } if (*len as usize) < INLINE => {
                data[*len as usize] = x;
                *len += 1;
            }
            LimbVec::Heap(v) => v.push(x),
            LimbVec::Inline { .. } => {
                let n = self.len();
                self.resize(n + 1);
                self.as_mut_slice()[n] = x;
            }
        }
    }

    /// Makes room for at least `n` limbs in total.
    #[inline]
    pub(crate) fn reserve_total(&mut self, n: usize) {
        match self {
            LimbVec::Heap(v) => v.reserve(n.saturating_sub(v.len())),
            LimbVec::Inline { len, data } if n > INLINE => {
                let mut v = Vec::with_capacity(n);
                v.extend_from_slice(&data[..*len as usize]);
                *self = LimbVec::Heap(v);
            }
            LimbVec::Inline { .. } => {}
        }
    }

    /// Drops high zero limbs.
    #[inline]
    pub(crate) fn normalize(&mut self) {
        let s = self.as_slice();
        let mut n = s.len();
        while n > 0 && s[n - 1] == 0 {
            n -= 1;
        }
        self.truncate(n);
    }

    /// Replaces the contents with a copy of `s`, reusing the buffer when it is large enough.
    #[inline]
    pub(crate) fn assign_slice(&mut self, s: &[u64]) {
        if s.len() <= self.capacity() {
            self.resize(s.len());
            self.as_mut_slice().copy_from_slice(s);
        } else {
            *self = LimbVec::from_slice(s);
        }
    }
}

impl Clone for LimbVec {
    /// Copies the limbs into a buffer of exactly their length (inline when short).
    #[inline]
    fn clone(&self) -> Self {
        LimbVec::from_slice(self.as_slice())
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.assign_slice(source.as_slice());
    }
}

impl Default for LimbVec {
    #[inline]
    fn default() -> Self {
        LimbVec::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_past_inline_and_back() {
        let mut v = LimbVec::EMPTY;
        assert!(v.is_empty());
        for i in 1..=5u64 {
            v.push(i);
            assert_eq!(v.len(), i as usize);
            assert_eq!(v.as_slice().last(), Some(&i));
        }
        assert!(matches!(v, LimbVec::Heap(_)));
        assert_eq!(v.as_slice(), &[1, 2, 3, 4, 5]);
        v.truncate(1);
        assert_eq!(v.as_slice(), &[1]);
        // A shrunk heap value keeps its buffer; its clone is inline again.
        assert!(v.capacity() >= 5);
        assert!(matches!(v.clone(), LimbVec::Inline { .. }));
    }

    #[test]
    fn inline_resize_keeps_unused_limbs_zero() {
        let mut v = LimbVec::from_u128(u128::MAX);
        assert_eq!(v.len(), 2);
        v.resize(1);
        v.resize(2);
        assert_eq!(v.as_slice(), &[u64::MAX, 0]);
        v.normalize();
        assert_eq!(v.as_slice(), &[u64::MAX]);
        v.resize(3);
        assert_eq!(v.as_slice(), &[u64::MAX, 0, 0]);
    }

    #[test]
    fn from_u128_normalises() {
        assert_eq!(LimbVec::from_u128(0).len(), 0);
        assert_eq!(LimbVec::from_u128(1).as_slice(), &[1]);
        assert_eq!(LimbVec::from_u128(1 << 64).as_slice(), &[0, 1]);
        assert_eq!(LimbVec::from_limb(0).len(), 0);
        assert_eq!(LimbVec::from_vec(alloc::vec![7, 0]).as_slice(), &[7, 0]);
        let mut w = LimbVec::zeroed(4);
        w.assign_slice(&[9]);
        assert_eq!(w.as_slice(), &[9]);
        assert!(w.capacity() >= 4);
    }
}
