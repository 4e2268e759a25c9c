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
//!
//! With `std`, each thread keeps the buffers of a few recently dropped mid-sized values
//! ([`pool`]) and gives them to new values: `&x << 12345` on a 32-limb `x` (a 1.8 KB result)
//! spent half its time in `malloc` and `free`, which a pooled buffer replaces with a few loads
//! and stores.

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
            LimbVec::Heap(match pool::take(n) {
                Some(mut v) => {
                    v.resize(n, 0);
                    v
                }
                // Fresh memory may come zeroed from the system: `calloc` knows.
                None => alloc::vec![0; n],
            })
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
            let mut v = heap_vec(s.len());
            v.extend_from_slice(s);
            LimbVec::Heap(v)
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
                    let mut v = heap_vec(n);
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
                let mut v = heap_vec(n);
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

impl Drop for LimbVec {
    #[inline]
    fn drop(&mut self) {
        if let LimbVec::Heap(v) = self {
            if pool::keeps(v.capacity()) {
                pool::give(core::mem::take(v));
            }
        }
    }
}

/// An empty buffer for at least `n` limbs: a pooled one when this thread has one that fits.
#[inline]
pub(crate) fn heap_vec(n: usize) -> Vec<u64> {
    pool::take(n).unwrap_or_else(|| Vec::with_capacity(n))
}

/// Per-thread reuse of heap buffers of more than 1 KiB, up to 16 KiB.
///
/// Below that range the allocator's own thread caches are as quick (glibc serves blocks up to
/// 1 KiB from one; pooling 512-byte products made a 32-limb multiply 3 % slower); above it
/// the allocation is small next to the arithmetic that fills the buffer. A thread holds at most [`pool::SLOTS`] buffers, 64 KiB in all, freed when it exits.
/// A buffer is handed out only for a request of at least half its capacity, so a small value
/// never keeps a large block alive.
#[cfg(feature = "std")]
pub(crate) mod pool {
    use alloc::vec::Vec;
    use core::cell::RefCell;

    /// Smallest pooled capacity, in limbs: just over 1 KiB.
    pub(crate) const MIN: usize = 129;
    /// Largest pooled capacity, in limbs.
    pub(crate) const MAX: usize = 2048;
    /// Buffers kept per thread.
    pub(crate) const SLOTS: usize = 4;

    /// A thread's kept buffers.
    struct Free {
        /// Empty buffers; an unused slot holds `Vec::new()` (capacity 0).
        slots: [Vec<u64>; SLOTS],
        /// The slot the next buffer replaces when none is unused (round robin, so the pool
        /// follows the sizes a program is working with now).
        next: usize,
    }

    std::thread_local! {
        static FREE: RefCell<Free> =
            const { RefCell::new(Free { slots: [const { Vec::new() }; SLOTS], next: 0 }) };
    }

    /// Whether a buffer of `capacity` limbs is worth keeping.
    #[inline]
    pub(crate) fn keeps(capacity: usize) -> bool {
        (MIN..=MAX).contains(&capacity)
    }

    /// A kept buffer with room for `n..=2n` limbs, if this thread has one.
    #[inline]
    pub(crate) fn take(n: usize) -> Option<Vec<u64>> {
        if !keeps(n) {
            return None;
        }
        FREE.try_with(|free| {
            let mut free = free.try_borrow_mut().ok()?;
            let slot =
                free.slots.iter_mut().find(|v| v.capacity() >= n && v.capacity() <= 2 * n)?;
            Some(core::mem::take(slot))
        })
        .ok()
        .flatten()
    }

    /// Keeps `v`'s buffer (emptied) in an unused slot, or, when all are in use, in place of
    /// the slots' buffers in turn (the replaced one is freed). When the thread is exiting, `v`
    /// is freed.
    #[inline]
    pub(crate) fn give(mut v: Vec<u64>) {
        v.clear();
        let _ = FREE.try_with(move |free| {
            if let Ok(mut free) = free.try_borrow_mut() {
                let free = &mut *free;
                let i = match free.slots.iter().position(|s| s.capacity() == 0) {
                    Some(i) => i,
                    None => {
                        let i = free.next;
                        free.next = (i + 1) % SLOTS;
                        i
                    }
                };
                free.slots[i] = v;
            }
        });
    }

    /// Frees this thread's kept buffers, for tests.
    #[cfg(test)]
    pub(crate) fn clear() {
        FREE.with(|free| {
            *free.borrow_mut() = Free { slots: [const { Vec::new() }; SLOTS], next: 0 }
        });
    }

    /// Capacities of this thread's kept buffers (0 for an empty slot), for tests.
    #[cfg(test)]
    pub(crate) fn kept() -> [usize; SLOTS] {
        FREE.with(|free| free.borrow().slots.each_ref().map(Vec::capacity))
    }
}

/// Without `std` there is no thread-local storage: every buffer comes from the allocator.
#[cfg(not(feature = "std"))]
pub(crate) mod pool {
    use alloc::vec::Vec;

    /// Never: nothing is kept.
    #[inline]
    pub(crate) fn keeps(_capacity: usize) -> bool {
        false
    }

    /// Never a kept buffer.
    #[inline]
    pub(crate) fn take(_n: usize) -> Option<Vec<u64>> {
        None
    }

    /// Frees `v`.
    #[inline]
    pub(crate) fn give(v: Vec<u64>) {
        drop(v);
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

    /// A dropped mid-sized buffer serves the next value of about its size on this thread, which
    /// sees only its own limbs; small, large and much smaller requests do not take it.
    #[cfg(feature = "std")]
    #[test]
    fn dropped_buffers_are_reused() {
        pool::clear();
        let v = LimbVec::from_slice(&[7; 300]);
        let p = v.as_slice().as_ptr();
        drop(v);
        assert!(pool::kept().contains(&300));
        // Too small a request for the buffer: a fresh one.
        let small = LimbVec::zeroed(140);
        assert_ne!(small.as_slice().as_ptr(), p);
        // A request it fits: the same buffer, zeroed where asked.
        let w = LimbVec::zeroed(250);
        assert_eq!(w.as_slice().as_ptr(), p);
        assert!(w.as_slice().iter().all(|&x| x == 0));
        assert_eq!(w.len(), 250);
        assert!(!pool::kept().contains(&300));
        drop(w);
        let c = LimbVec::from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9].repeat(20));
        assert_eq!(c.as_slice().as_ptr(), p);
        assert_eq!(c.as_slice(), [1, 2, 3, 4, 5, 6, 7, 8, 9].repeat(20).as_slice());
        drop(c);
        // Buffers outside the pooled range are freed, never kept.
        drop(LimbVec::zeroed(pool::MIN - 1));
        drop(LimbVec::zeroed(pool::MAX + 1));
        assert!(pool::kept().iter().all(|&c| c == 0 || pool::keeps(c)));
        drop(small);
    }

    /// When every slot is in use, new buffers replace the kept ones in turn, first the
    /// oldest.
    #[cfg(feature = "std")]
    #[test]
    fn a_full_pool_replaces_its_buffers_in_turn() {
        pool::clear();
        let sizes = [150, 400, 900, 1600, 200, 300];
        let values: alloc::vec::Vec<LimbVec> = sizes.iter().map(|&n| LimbVec::zeroed(n)).collect();
        for v in values {
            drop(v);
        }
        let mut kept = pool::kept();
        kept.sort_unstable();
        // 200 took the place of 150, then 300 that of 400.
        assert_eq!(kept, [200, 300, 900, 1600]);
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
