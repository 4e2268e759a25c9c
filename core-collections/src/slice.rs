//! Slice aggregates: checked sums, minimum and maximum for every integer type, `find_all` into
//! an exact-size `Vec`, and a hash-based full outer join.
//!
//! The integer reductions run through a table of kernels per SIMD level (`core-cpu`'s
//! dispatch): the best level the CPU has (capped by `CORE_SIMD_MAX`) is picked on the first
//! call and cached, so every later call is one indirect call (a minimum or maximum of under
//! 128 bytes runs inline at the baseline level instead: cheaper than the call; a 32-bit sum of
//! up to 64 elements calls an entry point of its own, with no long-slice code to set up). The
//! kernels (`slice/kernels.rs`)
//! are portable Rust that each level's entry point compiles into its own vectors: per-lane
//! accumulators wide enough not to overflow, the overflow checked once at the end, and
//! minimum/maximum lanes reduced in registers.
//!
//! The sums follow .NET 11's `Enumerable.Sum` (dotnet/runtime#127429: overflow tracked across
//! the vector loop and tested once after it) and the min/max its in-register final reduction
//! (#127995). `find_all` follows `Array.FindAll` (#120336): no growing intermediate list, one
//! exact-size allocation. `full_join` is LINQ's `FullJoin` (#127236).

use std::collections::hash_map::{Entry, HashMap};
use std::fmt;
use std::hash::Hash;
use std::iter::FusedIterator;

use core_cpu::Level;
use ops::Ops as _;

mod kernels;
mod ops;

mod sealed {
    pub trait Sealed {}
}

/// The integer types the aggregates work on: `u8`..`u128`, `i8`..`i128`, `usize`, `isize`.
///
/// Implemented by a macro per type; each picks its accumulator width. Sealed.
///
/// ```
/// use core_collections::slice::SliceInteger;
/// assert_eq!(u16::checked_sum(&[60_000, 5_000]), Some(65_000));
/// assert_eq!(i8::min_of(&[3, -7, 2]), Some(-7));
/// assert_eq!(u128::max_of(&[]), None);
/// ```
pub trait SliceInteger: Copy + Ord + sealed::Sealed {
    /// The exact sum of `values`, or `None` if it does not fit in `Self`. See [`checked_sum`].
    fn checked_sum(values: &[Self]) -> Option<Self>;
    /// The smallest value, or `None` for an empty slice. See [`min`].
    fn min_of(values: &[Self]) -> Option<Self>;
    /// The largest value, or `None` for an empty slice. See [`max`].
    fn max_of(values: &[Self]) -> Option<Self>;
    /// [`checked_sum`](SliceInteger::checked_sum) at `level`, or `None` when this CPU cannot
    /// run it (tests and benchmarks pin every level this way).
    #[doc(hidden)]
    fn __checked_sum_at(level: Level, values: &[Self]) -> Option<Option<Self>>;
    /// [`min_of`](SliceInteger::min_of) at `level`, or `None` when this CPU cannot run it.
    #[doc(hidden)]
    fn __min_at(level: Level, values: &[Self]) -> Option<Option<Self>>;
    /// [`max_of`](SliceInteger::max_of) at `level`, or `None` when this CPU cannot run it.
    #[doc(hidden)]
    fn __max_at(level: Level, values: &[Self]) -> Option<Option<Self>>;
}

/// The sum of `values`, or `None` if it does not fit in `T`. The empty sum is `Some(0)`.
///
/// The sum is exact: `None` means the mathematical sum is out of range, whatever the order of
/// the elements. (A left-to-right `checked_add` fold can also fail on an intermediate partial
/// sum, e.g. `[i32::MAX, 1, -1]`, whose sum `i32::MAX` this returns.)
///
/// Nothing is checked per element: `u8`/`u16` are added into `u32` lanes, 64-bit types as
/// 32-bit halves into 64-bit lanes, and 32-bit types in their own width beside a sum of their
/// high 16 bits, which together give the exact sum of each block of 2^16 elements. No lane can
/// overflow within a block, so the loop has no branch and vectorizes; the range check happens
/// once at the end.
///
/// # Example
/// ```
/// use core_collections::slice::checked_sum;
/// assert_eq!(checked_sum(&[1i32, -2, 3]), Some(2));
/// assert_eq!(checked_sum(&[200u8, 100]), None);
/// assert_eq!(checked_sum::<u64>(&[]), Some(0));
/// ```
pub fn checked_sum<T: SliceInteger>(values: &[T]) -> Option<T> {
    T::checked_sum(values)
}

/// The smallest value of `values`, or `None` if it is empty.
///
/// # Example
/// ```
/// assert_eq!(core_collections::slice::min(&[3u8, 1, 2]), Some(1));
/// ```
pub fn min<T: SliceInteger>(values: &[T]) -> Option<T> {
    T::min_of(values)
}

/// The largest value of `values`, or `None` if it is empty.
///
/// # Example
/// ```
/// assert_eq!(core_collections::slice::max(&[-3i16, 7, 2]), Some(7));
/// ```
pub fn max<T: SliceInteger>(values: &[T]) -> Option<T> {
    T::max_of(values)
}

/// One integer type's operations: the dispatched ones, or (128-bit types) the portable ones.
macro_rules! slice_integer {
    ($($t:ty: $sum:ident $(| $short:ident)?, $min:ident, $max:ident;)*) => {$(
        impl sealed::Sealed for $t {}
        impl SliceInteger for $t {
            #[inline]
            fn checked_sum(values: &[$t]) -> Option<$t> {
                $(if values.len() <= kernels::SHORT_SUM {
                    return ops::Auto.$short(values);
                })?
                ops::Auto.$sum(values)
            }
            #[inline]
            fn min_of(values: &[$t]) -> Option<$t> {
                const S: usize = 16 / std::mem::size_of::<$t>();
                if values.len() < 8 * S {
                    return kernels::short_extreme::<$t, false, S, { 2 * S }, { 4 * S }>(values);
                }
                ops::Auto.$min(values)
            }
            #[inline]
            fn max_of(values: &[$t]) -> Option<$t> {
                const S: usize = 16 / std::mem::size_of::<$t>();
                if values.len() < 8 * S {
                    return kernels::short_extreme::<$t, true, S, { 2 * S }, { 4 * S }>(values);
                }
                ops::Auto.$max(values)
            }
            fn __checked_sum_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                $(if values.len() <= kernels::SHORT_SUM {
                    return Some(ops::pinned(level)?.$short(values));
                })?
                Some(ops::pinned(level)?.$sum(values))
            }
            fn __min_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                Some(ops::pinned(level)?.$min(values))
            }
            fn __max_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                Some(ops::pinned(level)?.$max(values))
            }
        }
    )*};
    (@portable $($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl SliceInteger for $t {
            #[inline]
            fn checked_sum(values: &[$t]) -> Option<$t> {
                <$t as kernels::Sum>::checked_sum::<false>(values)
            }
            #[inline]
            fn min_of(values: &[$t]) -> Option<$t> {
                kernels::fold_extreme::<$t, false>(values)
            }
            #[inline]
            fn max_of(values: &[$t]) -> Option<$t> {
                kernels::fold_extreme::<$t, true>(values)
            }
            fn __checked_sum_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                level.is_available().then(|| Self::checked_sum(values))
            }
            fn __min_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                level.is_available().then(|| Self::min_of(values))
            }
            fn __max_at(level: Level, values: &[$t]) -> Option<Option<$t>> {
                level.is_available().then(|| Self::max_of(values))
            }
        }
    )*};
}

slice_integer! {
    u8: sum_u8, min_u8, max_u8;
    i8: sum_i8, min_i8, max_i8;
    u16: sum_u16, min_u16, max_u16;
    i16: sum_i16, min_i16, max_i16;
    u32: sum_u32 | sum_short_u32, min_u32, max_u32;
    i32: sum_i32 | sum_short_i32, min_i32, max_i32;
    u64: sum_u64, min_u64, max_u64;
    i64: sum_i64, min_i64, max_i64;
    usize: sum_usize, min_usize, max_usize;
    isize: sum_isize, min_isize, max_isize;
}
slice_integer!(@portable u128, i128);

/// The elements of `values` that match `predicate`, in order, in a `Vec` allocated once at
/// its exact size.
///
/// The predicate runs once per element; the matches are first marked in a bitmap (on the
/// stack up to 1,024 elements, else one small heap bitmap of `len / 8` bytes), counted, and
/// then copied into a `Vec::with_capacity(count)`, so the result never grows or over-allocates.
///
/// # Example
/// ```
/// use core_collections::slice::find_all;
/// assert_eq!(find_all(&[1, 2, 3, 4, 5], |x| x % 2 == 1), [1, 3, 5]);
/// ```
pub fn find_all<T: Clone, F: FnMut(&T) -> bool>(values: &[T], predicate: F) -> Vec<T> {
    collect_matches(values, predicate, |i| values[i].clone(), || values.to_vec())
}

/// The indices of the elements of `values` that match `predicate`, in an exact-size `Vec`
/// (see [`find_all`]).
///
/// # Example
/// ```
/// use core_collections::slice::find_all_indices;
/// assert_eq!(find_all_indices(&[5, 6, 7, 8], |x| x % 2 == 0), [1, 3]);
/// ```
pub fn find_all_indices<T, F: FnMut(&T) -> bool>(values: &[T], predicate: F) -> Vec<usize> {
    collect_matches(values, predicate, |i| i, || (0..values.len()).collect())
}

/// Bitmap words kept on the stack: 1,024 elements.
const STACK_WORDS: usize = 16;

/// Marks the matches, then builds the result: nothing when none match, `all()` (a whole copy:
/// one `memcpy` for `Copy` elements) when all do, else `out(i)` per match.
#[inline(always)]
fn collect_matches<T, U>(
    values: &[T],
    predicate: impl FnMut(&T) -> bool,
    out: impl FnMut(usize) -> U,
    all: impl FnOnce() -> Vec<U>,
) -> Vec<U> {
    if values.len() <= 64 {
        let mut mask = [0u64];
        let count = mark(&mut mask, values, predicate);
        return finish(&mask, count, values.len(), out, all);
    }
    collect_long(values, predicate, out, all)
}

/// [`collect_matches`] past one bitmap word, out of line: the short path, inlined into the
/// caller, then needs no stack bitmap and saves fewer registers.
#[inline(never)]
fn collect_long<T, U>(
    values: &[T],
    predicate: impl FnMut(&T) -> bool,
    out: impl FnMut(usize) -> U,
    all: impl FnOnce() -> Vec<U>,
) -> Vec<U> {
    let words = values.len().div_ceil(64);
    if words <= STACK_WORDS {
        let mut mask = [0u64; STACK_WORDS];
        let count = mark(&mut mask[..words], values, predicate);
        finish(&mask[..words], count, values.len(), out, all)
    } else {
        let mut mask = vec![0u64; words];
        let count = mark(&mut mask, values, predicate);
        finish(&mask, count, values.len(), out, all)
    }
}

/// The result of `count` matches out of `len` marked in `mask`.
#[inline(always)]
fn finish<U>(
    mask: &[u64],
    count: usize,
    len: usize,
    out: impl FnMut(usize) -> U,
    all: impl FnOnce() -> Vec<U>,
) -> Vec<U> {
    if count == 0 {
        Vec::new()
    } else if count == len {
        all()
    } else {
        emit(mask, count, out)
    }
}

/// Sets bit `i` of the mask for each matching `values[i]`; returns the number of matches.
#[inline(always)]
fn mark<T>(mask: &mut [u64], values: &[T], mut predicate: impl FnMut(&T) -> bool) -> usize {
    let mut count = 0;
    for (word, chunk) in mask.iter_mut().zip(values.chunks(64)) {
        let mut bits = 0u64;
        let mut bit = 1u64;
        for v in chunk {
            // Counted as marked: `count_ones` is a dozen instructions without POPCNT
            // (not in the baseline target), more than a few elements' additions.
            let hit = predicate(v);
            bits |= if hit { bit } else { 0 };
            count += usize::from(hit);
            bit <<= 1;
        }
        *word = bits;
    }
    count
}

/// `out(i)` for each bit `i` set in `mask` (`count` of them), written straight into the
/// spare capacity of an exact-size `Vec`: no capacity check per element.
#[inline]
fn emit<U>(mask: &[u64], count: usize, mut out: impl FnMut(usize) -> U) -> Vec<U> {
    let mut result = Vec::with_capacity(count);
    let spare = &mut result.spare_capacity_mut()[..count];
    let mut k = 0;
    for (w, &word) in mask.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            // `count` is the number of set bits, so `k < count` here.
            spare[k].write(out(w * 64 + bits.trailing_zeros() as usize));
            k += 1;
            bits &= bits - 1;
        }
    }
    // SAFETY: the loop wrote the first `k` elements of the spare capacity (and `k == count`:
    // one per set bit). Should `out` panic, the written ones leak, which is safe.
    unsafe { result.set_len(k) };
    result
}

/// Sentinel for "no further row with this key".
const NONE: usize = usize::MAX;

/// A full outer join of `left` and `right` on equal keys: every matching pair
/// `(Some(l), Some(r))`, every left row without a match as `(Some(l), None)`, then every right
/// row without a match as `(None, Some(r))`.
///
/// Pairs come in left order, and for one left row in right order; the unmatched right rows
/// follow, in right order. One hashed pass: the right side is indexed once (a hash map from key
/// to its first row, plus a "next row with the same key" array, so duplicate keys need no
/// per-key `Vec`), then the left side is streamed lazily, marking the right rows it matched.
///
/// # Example
/// ```
/// use core_collections::slice::full_join;
/// let left = [(1, "a"), (2, "b")];
/// let right = [(2, 'x'), (3, 'y')];
/// let rows: Vec<_> = full_join(&left, &right, |l| l.0, |r| r.0)
///     .map(|(l, r)| (l.map(|l| l.1), r.map(|r| r.1)))
///     .collect();
/// assert_eq!(rows, [(Some("a"), None), (Some("b"), Some('x')), (None, Some('y'))]);
/// ```
pub fn full_join<'a, L, R, K, FL, FR>(
    left: &'a [L],
    right: &'a [R],
    left_key: FL,
    mut right_key: FR,
) -> FullJoin<'a, L, R, K, FL>
where
    K: Hash + Eq,
    FL: FnMut(&L) -> K,
    FR: FnMut(&R) -> K,
{
    let mut index: HashMap<K, usize> = HashMap::with_capacity(right.len());
    let mut next = vec![NONE; right.len()];
    // Walk right to left, prepending each row to its key's chain: chains come out in order.
    for (r, row) in right.iter().enumerate().rev() {
        match index.entry(right_key(row)) {
            Entry::Occupied(mut e) => next[r] = std::mem::replace(e.get_mut(), r),
            Entry::Vacant(e) => {
                e.insert(r);
            }
        }
    }
    FullJoin {
        left,
        right,
        left_key,
        index,
        next,
        matched: vec![false; right.len()],
        left_pos: 0,
        current: None,
        chain: NONE,
        right_pos: 0,
    }
}

/// The iterator returned by [`full_join`].
///
/// ```
/// use core_collections::slice::full_join;
/// let orders = [("ann", 10), ("bob", 20), ("ann", 5)];
/// let people = [("ann", "Paris"), ("cat", "Oslo")];
/// let mut join = full_join(&orders, &people, |o| o.0, |p| p.0);
/// assert_eq!(join.next(), Some((Some(&("ann", 10)), Some(&("ann", "Paris")))));
/// assert_eq!(join.next(), Some((Some(&("bob", 20)), None)));
/// assert_eq!(join.next(), Some((Some(&("ann", 5)), Some(&("ann", "Paris")))));
/// assert_eq!(join.next(), Some((None, Some(&("cat", "Oslo"))))); // unmatched right rows last
/// assert_eq!(join.next(), None);
/// ```
pub struct FullJoin<'a, L, R, K, FL> {
    left: &'a [L],
    right: &'a [R],
    left_key: FL,
    index: HashMap<K, usize>,
    /// For each right row, the next right row with the same key.
    next: Vec<usize>,
    matched: Vec<bool>,
    left_pos: usize,
    /// The left row whose matches are being emitted.
    current: Option<&'a L>,
    /// The next right row matching `current`, or `NONE`.
    chain: usize,
    right_pos: usize,
}

impl<'a, L, R, K, FL> Iterator for FullJoin<'a, L, R, K, FL>
where
    K: Hash + Eq,
    FL: FnMut(&L) -> K,
{
    type Item = (Option<&'a L>, Option<&'a R>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.chain != NONE {
            let r = self.chain;
            self.chain = self.next[r];
            self.matched[r] = true;
            return Some((self.current, Some(&self.right[r])));
        }
        if let Some(l) = self.left.get(self.left_pos) {
            self.left_pos += 1;
            return match self.index.get(&(self.left_key)(l)) {
                Some(&r) => {
                    self.current = Some(l);
                    self.chain = self.next[r];
                    self.matched[r] = true;
                    Some((Some(l), Some(&self.right[r])))
                }
                None => Some((Some(l), None)),
            };
        }
        while let Some(&m) = self.matched.get(self.right_pos) {
            let r = self.right_pos;
            self.right_pos += 1;
            if !m {
                return Some((None, Some(&self.right[r])));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Every remaining left row yields at least one item.
        (self.left.len() - self.left_pos, None)
    }
}

impl<L, R, K, FL> FusedIterator for FullJoin<'_, L, R, K, FL>
where
    K: Hash + Eq,
    FL: FnMut(&L) -> K,
{
}

impl<L, R, K, FL> fmt::Debug for FullJoin<'_, L, R, K, FL> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FullJoin")
            .field("left_pos", &self.left_pos)
            .field("right_pos", &self.right_pos)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::kernels::{LARGE_BLOCK, SMALL_BLOCK};
    use super::*;

    #[test]
    fn sums_cross_block_boundaries() {
        let v = vec![u8::MAX; SMALL_BLOCK * 2 + 3];
        assert_eq!(checked_sum(&v), None);
        let v = vec![1u8; 255];
        assert_eq!(checked_sum(&v), Some(255));
        let v = vec![-1i16; SMALL_BLOCK + 5];
        assert_eq!(checked_sum(&v), None);
        let v: Vec<i32> =
            (0..LARGE_BLOCK as i32 + 7).map(|i| if i % 2 == 0 { i } else { -i }).collect();
        let naive: i128 = v.iter().map(|&x| i128::from(x)).sum();
        assert_eq!(checked_sum(&v).map(i128::from), i32::try_from(naive).ok().map(i128::from));
    }

    #[test]
    fn split_sums_at_the_block_limits() {
        // A whole block of extremes: the high-half sums reach their bounds exactly.
        for len in [SMALL_BLOCK - 1, SMALL_BLOCK, SMALL_BLOCK + 1, 3 * SMALL_BLOCK + 5] {
            for x in [i32::MIN, i32::MAX, -1, 0xFFFF, -0x10000] {
                let v = vec![x; len];
                let want = i32::try_from(i128::from(x) * len as i128).ok();
                assert_eq!(checked_sum(&v), want, "{x} x {len}");
            }
            for x in [u32::MAX, 0xFFFF, 0x1_0000] {
                let v = vec![x; len];
                let want = u32::try_from(u128::from(x) * len as u128).ok();
                assert_eq!(checked_sum(&v), want, "{x} x {len}");
            }
        }
        // Cancelling extremes: the exact sum is small although every partial sum is huge.
        let v: Vec<i32> =
            (0..SMALL_BLOCK + 3).map(|i| if i % 2 == 0 { i32::MAX } else { -i32::MAX }).collect();
        assert_eq!(checked_sum(&v), Some(i32::MAX * ((SMALL_BLOCK as i32 + 3) % 2)));
    }

    #[test]
    fn min_max_find_the_extreme_at_every_position() {
        for len in 1..=200 {
            for at in 0..len {
                let mut v = vec![7u8; len];
                v[at] = 200;
                assert_eq!(max(&v), Some(200), "len {len} at {at}");
                v[at] = 3;
                assert_eq!(min(&v), Some(3), "len {len} at {at}");
                let mut w = vec![0i32; len];
                w[at] = i32::MIN;
                assert_eq!(min(&w), Some(i32::MIN), "len {len} at {at}");
                w[at] = 1;
                assert_eq!(max(&w), Some(1), "len {len} at {at}");
            }
        }
    }

    #[test]
    fn wide_sums_are_exact() {
        assert_eq!(checked_sum(&[i64::MAX, 1, -1]), Some(i64::MAX));
        assert_eq!(checked_sum(&[i64::MIN, -1]), None);
        assert_eq!(checked_sum(&[u64::MAX, 0]), Some(u64::MAX));
        assert_eq!(checked_sum(&[u128::MAX, 1]), None);
        assert_eq!(checked_sum(&[i128::MAX, 1, -1]), Some(i128::MAX));
        assert_eq!(checked_sum(&[i128::MIN, -1, 1]), Some(i128::MIN));
        assert_eq!(checked_sum(&[i128::MIN, -1]), None);
    }

    #[test]
    fn find_all_uses_the_heap_bitmap_past_1024() {
        let v: Vec<u32> = (0..5000).collect();
        let got = find_all(&v, |x| x % 7 == 0);
        assert_eq!(got.capacity(), got.len());
        assert_eq!(got, v.iter().copied().filter(|x| x % 7 == 0).collect::<Vec<_>>());
    }
}
