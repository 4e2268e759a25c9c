//! The integer aggregates, each written once in portable Rust that the compiler vectorizes.
//!
//! Every function here is `#[inline(always)]`: the operation table (`super::ops`) instantiates
//! it inside an entry point compiled with one level's `#[target_feature]` set, so the same loop
//! becomes SSE2, SSE4.1, AVX2 or AVX-512 code (and NEON on aarch64). Nothing here calls a
//! closure or a helper that is not inlined, so no part of a loop falls back to the baseline.
//!
//! ```text
//! checked_sum(xs):  for each block of 2^16..2^20 elements:
//!                       acc[lane] += widen(x)          // wide enough never to overflow here
//!                       (32-bit x: w += x wrapping, h += x >> 16; block sum = h*2^16 + (w - h*2^16) mod 2^32)
//!                   total (wider still) += sum(acc)
//!                   narrow(total) or None              // overflow checked once, at the end
//! min/max(xs):      acc[lane] = min(acc[lane], x)      // pminub/vpmaxsd/... lane-wise
//!                   (4 registers of lanes from 4 registers' bytes on; below that, overlapping
//!                   chunks of 128, 32 or 16 bytes, no loop), then reduce the lanes by halves
//! ```

/// Elements per block of the 8-, 16- and 32-bit sums: small enough that no lane can overflow.
pub(super) const SMALL_BLOCK: usize = 1 << 16;
/// The same for 64-bit elements, whose halves are added in 64-bit lanes.
pub(super) const LARGE_BLOCK: usize = 1 << 20;

/// The exact sum of a slice of one integer type, or `None` when it does not fit the type.
pub(super) trait Sum: Sized {
    /// See [`crate::slice::checked_sum`]. `WIDEN`: the level widens 32-bit lanes to 64 bits
    /// as it loads them (SSE4.1 and up), so short 32-bit slices are summed that way.
    fn checked_sum<const WIDEN: bool>(values: &[Self]) -> Option<Self>;
}

/// Sums through a wider lane type: `$wide` per lane and per block (a block's sum always fits
/// in it), `$total` across blocks; a slice of one block never touches `$total`.
macro_rules! widening_sum {
    ($t:ty, $wide:ty, $total:ty, $lanes:expr) => {
        impl Sum for $t {
            #[inline(always)]
            fn checked_sum<const WIDEN: bool>(values: &[$t]) -> Option<$t> {
                #[inline(always)]
                fn block_sum(block: &[$t]) -> $wide {
                    let mut acc = [0 as $wide; $lanes];
                    let mut chunks = block.chunks_exact($lanes);
                    for chunk in &mut chunks {
                        for (a, &x) in acc.iter_mut().zip(chunk) {
                            *a += <$wide>::from(x);
                        }
                    }
                    let mut tail: $wide = 0;
                    for &x in chunks.remainder() {
                        tail += <$wide>::from(x);
                    }
                    let mut s = tail;
                    for a in acc {
                        s += a;
                    }
                    s
                }
                if values.len() <= SMALL_BLOCK {
                    return <$t>::try_from(block_sum(values)).ok();
                }
                let mut total: $total = 0;
                for block in values.chunks(SMALL_BLOCK) {
                    total += <$total>::from(block_sum(block));
                }
                <$t>::try_from(total).ok()
            }
        }
    };
}

/// Sums of 32-bit values in their own lane width: per block of up to 2^16 elements, the
/// wrapping sum `w` and the sum `h` of the high halves (`x >> 16`, which cannot overflow in a
/// block). The exact block sum is `h * 2^16 + l`, where `l`, the sum of the low halves, lies in
/// `0..2^32` and is therefore `w - h * 2^16` taken modulo `2^32`. Two lane-width additions and
/// a shift per element, no widening: the loop vectorizes like an unchecked sum.
///
/// Short slices (up to [`SHORT_SUM`] elements) at levels with `WIDEN` are instead added in
/// 64-bit lanes, each element
/// widened as it is loaded (`vpmovsxdq`/`vpmovzxdq` from memory): twice the lane traffic but a
/// single accumulator to reduce instead of two, which is what a few registers of input cost.
macro_rules! split16_sum {
    ($t:ty, $u:ty, $wide:ty, $total:ty) => {
        impl Sum for $t {
            #[inline(always)]
            fn checked_sum<const WIDEN: bool>(values: &[$t]) -> Option<$t> {
                #[inline(always)]
                fn block_sum(block: &[$t]) -> $wide {
                    let mut w: $u = 0;
                    let mut h: $t = 0;
                    for &x in block {
                        w = w.wrapping_add(x as $u);
                        h = h.wrapping_add(x >> 16);
                    }
                    let low = w.wrapping_sub((h as $u) << 16);
                    (<$wide>::from(h) << 16) + <$wide>::from(low)
                }
                if WIDEN && values.len() <= SHORT_SUM {
                    return <$t as ShortSum>::short_sum::<true>(values);
                }
                if values.len() <= SMALL_BLOCK {
                    return <$t>::try_from(block_sum(values)).ok();
                }
                let mut total: $total = 0;
                for block in values.chunks(SMALL_BLOCK) {
                    total += <$total>::from(block_sum(block));
                }
                <$t>::try_from(total).ok()
            }
        }

        impl ShortSum for $t {
            #[inline(always)]
            fn short_sum<const WIDEN: bool>(values: &[$t]) -> Option<$t> {
                if WIDEN {
                    let mut s: $wide = 0;
                    for &x in values {
                        s += <$wide>::from(x);
                    }
                    return <$t>::try_from(s).ok();
                }
                <$t as Sum>::checked_sum::<false>(values)
            }
        }
    };
}

/// The longest slice of 32-bit values summed in 64-bit lanes (see `split16_sum!`), and the
/// longest the public entry point sends to [`ShortSum`]'s entry points.
pub(super) const SHORT_SUM: usize = 64;

/// The sum of a short slice (at most [`SHORT_SUM`] elements) of 32-bit values, in an entry
/// point of its own: without the long path's loops and block bookkeeping beside it, the
/// compiled function saves no registers and is a straight run of a few vector additions, so
/// the call costs less (the seed's 32-element sum is mostly call and setup).
pub(super) trait ShortSum: Sized {
    /// As [`Sum::checked_sum`], for `values.len() <= SHORT_SUM`.
    fn short_sum<const WIDEN: bool>(values: &[Self]) -> Option<Self>;
}

/// Sums of 64-bit values: each splits into a signed or unsigned high half (`x >> 32`) and an
/// unsigned low half, both added in 64-bit lanes, recombined exactly in 128 bits per block.
macro_rules! split_sum {
    ($t:ty, $as64:ty, $hi:ty, $total:ty, $lanes:expr) => {
        impl Sum for $t {
            #[inline(always)]
            fn checked_sum<const WIDEN: bool>(values: &[$t]) -> Option<$t> {
                let mut total: $total = 0;
                for block in values.chunks(LARGE_BLOCK) {
                    let mut hi = [0 as $hi; $lanes];
                    let mut lo = [0u64; $lanes];
                    let mut chunks = block.chunks_exact($lanes);
                    for chunk in &mut chunks {
                        for j in 0..$lanes {
                            let x = chunk[j] as $as64;
                            hi[j] += (x >> 32) as $hi;
                            lo[j] += x as u64 & 0xFFFF_FFFF;
                        }
                    }
                    for &x in chunks.remainder() {
                        let x = x as $as64;
                        hi[0] += (x >> 32) as $hi;
                        lo[0] += x as u64 & 0xFFFF_FFFF;
                    }
                    let (mut h, mut l): ($total, $total) = (0, 0);
                    for j in 0..$lanes {
                        h += <$total>::from(hi[j]);
                        l += <$total>::from(lo[j]);
                    }
                    total += (h << 32) + l;
                }
                <$t>::try_from(total).ok()
            }
        }
    };
}

/// 128-bit values have no wider type: a `checked_add` fold with the exact-sum semantics kept
/// by tracking the wrap count. Nothing in it vectorizes, so it is not dispatched.
macro_rules! fold_sum {
    ($t:ty) => {
        impl Sum for $t {
            #[inline]
            fn checked_sum<const WIDEN: bool>(values: &[$t]) -> Option<$t> {
                // The exact sum is `acc + wraps * 2^128`; it fits iff `wraps` ends at zero.
                let mut acc: $t = 0;
                let mut wraps: i128 = 0;
                for &x in values {
                    let (s, o) = acc.overflowing_add(x);
                    if o {
                        #[allow(unused_comparisons)]
                        let up = x >= 0 as $t;
                        wraps += if up { 1 } else { -1 };
                    }
                    acc = s;
                }
                (wraps == 0).then_some(acc)
            }
        }
    };
}

widening_sum!(u8, u32, u64, 32);
widening_sum!(i8, i32, i64, 32);
widening_sum!(u16, u32, u64, 16);
widening_sum!(i16, i32, i64, 16);
split16_sum!(u32, u32, u64, u128);
split16_sum!(i32, u32, i64, i128);
split_sum!(u64, u64, u64, u128, 8);
split_sum!(i64, i64, i64, i128, 8);
split_sum!(usize, u64, u64, u128, 8);
split_sum!(isize, i64, i64, i128, 8);
fold_sum!(u128);
fold_sum!(i128);

/// `a.max(b)` or `a.min(b)`, chosen at compile time.
#[inline(always)]
fn pick<T: Ord, const MAX: bool>(a: T, b: T) -> T {
    if MAX {
        a.max(b)
    } else {
        a.min(b)
    }
}

/// The minimum (`MAX == false`) or maximum of `values`, `None` when empty.
///
/// The const parameters are lane counts of `T`: `W` four registers' worth, and `S`, `T2`, `T3`,
/// `T4` 16, 32, 64 and 128 bytes' worth. From `W` lanes on, a plain min/max loop over the
/// whole multiple of `W` (which the compiler vectorizes as four independent registers and
/// reduces in registers), then the last `W` lanes once more for the rest (taking a minimum
/// twice changes nothing). Below that, no loop: two overlapping 128-, 32- or 16-byte chunks,
/// or four 32-byte ones for 64..128 bytes (a single 64-byte chunk of 32-bit lanes defeated the
/// compiler's vectorizer at AVX-512), reduced by halves in registers. Below 16 bytes, a fold.
///
/// Written without chunk loops on purpose: the compiler vectorizes a loop over fixed-size
/// chunks across its iterations (gathering lanes) rather than within each chunk.
#[inline(always)]
pub(super) fn extreme<
    T,
    const MAX: bool,
    const W: usize,
    const S: usize,
    const T2: usize,
    const T3: usize,
    const T4: usize,
>(
    values: &[T],
) -> Option<T>
where
    T: Copy + Ord,
{
    let len = values.len();
    if len >= W {
        let bulk = len - len % W;
        let mut m = values[0];
        for &x in &values[..bulk] {
            m = pick::<T, MAX>(m, x);
        }
        if bulk != len {
            m = pick::<T, MAX>(m, ends::<T, MAX, W, S>(&values[len - W..])?);
        }
        return Some(m);
    }
    if len >= T4 {
        return ends::<T, MAX, T4, S>(values);
    }
    if len >= T3 {
        return quad::<T, MAX, T2, S>(values);
    }
    if len >= T2 {
        return ends::<T, MAX, T2, S>(values);
    }
    if len >= S {
        return ends::<T, MAX, S, S>(values);
    }
    fold_extreme::<T, MAX>(values)
}

/// [`extreme`] for slices under 128 bytes, for the caller to run inline before dispatching:
/// one or two overlapping chunks of 16, 32 or 64 bytes (up to four 16-byte registers each, no
/// loop) at the baseline level cost less than the indirect call a wider level would need.
/// `S`, `T2`, `T3`: 16, 32 and 64 bytes' lanes.
#[inline(always)]
pub(super) fn short_extreme<
    T: Copy + Ord,
    const MAX: bool,
    const S: usize,
    const T2: usize,
    const T3: usize,
>(
    values: &[T],
) -> Option<T> {
    let len = values.len();
    if len < S {
        return fold_extreme::<T, MAX>(values);
    }
    if len < T2 {
        return ends::<T, MAX, S, S>(values);
    }
    if len < T3 {
        return ends::<T, MAX, T2, S>(values);
    }
    ends::<T, MAX, T3, S>(values)
}

/// The extreme of the first and last `N` lanes (all of them when `N <= len <= 2 * N`).
#[inline(always)]
fn ends<T: Copy + Ord, const MAX: bool, const N: usize, const S: usize>(values: &[T]) -> Option<T> {
    let (first, _) = values.split_first_chunk::<N>()?;
    let (_, last) = values.split_last_chunk::<N>()?;
    let mut acc = *first;
    if values.len() > N {
        for (a, &x) in acc.iter_mut().zip(last) {
            *a = pick::<T, MAX>(*a, x);
        }
    }
    Some(reduce::<T, MAX, N, S>(acc))
}

/// The extreme of the first two and last two chunks of `N` lanes (all of them when
/// `2 * N <= len <= 4 * N`).
#[inline(always)]
fn quad<T: Copy + Ord, const MAX: bool, const N: usize, const S: usize>(values: &[T]) -> Option<T> {
    let (a, rest) = values.split_first_chunk::<N>()?;
    let (b, _) = rest.split_first_chunk::<N>()?;
    let (front, d) = values.split_last_chunk::<N>()?;
    let (_, c) = front.split_last_chunk::<N>()?;
    let mut acc = *a;
    for i in 0..N {
        acc[i] = pick::<T, MAX>(pick::<T, MAX>(a[i], b[i]), pick::<T, MAX>(c[i], d[i]));
    }
    Some(reduce::<T, MAX, N, S>(acc))
}

/// Reduces `N` lanes by halves down to `S` (16 bytes: one register), then that register by
/// halves to one lane; the compiler recognizes the last part as a horizontal reduction
/// (`phminposuw` for bytes and words where the level has it).
#[inline(always)]
fn reduce<T: Copy + Ord, const MAX: bool, const N: usize, const S: usize>(mut acc: [T; N]) -> T {
    let mut width = N;
    while width > S {
        width /= 2;
        for i in 0..width {
            acc[i] = pick::<T, MAX>(acc[i], acc[i + width]);
        }
    }
    let mut lanes = [acc[0]; S];
    lanes.copy_from_slice(&acc[..S]);
    let mut width = S;
    while width > 1 {
        width /= 2;
        for i in 0..width {
            lanes[i] = pick::<T, MAX>(lanes[i], lanes[i + width]);
        }
    }
    lanes[0]
}

/// The extreme by a fold: for slices under 16 bytes, and for 128-bit values (no vector unit
/// compares them).
#[inline(always)]
pub(super) fn fold_extreme<T: Copy + Ord, const MAX: bool>(values: &[T]) -> Option<T> {
    let (&first, rest) = values.split_first()?;
    let mut m = first;
    for &x in rest {
        m = pick::<T, MAX>(m, x);
    }
    Some(m)
}
