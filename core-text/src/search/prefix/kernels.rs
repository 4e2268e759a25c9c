//! The slice comparisons over bytes: the length of the common prefix and equality, written
//! once over [`Vector`] (monomorphised per level by the table in `prefix`) and word at a time
//! for the `scalar` level and short inputs.
//!
//! ```text
//! prefix:  d = a ^ b per vector: the first vector, then aligned steps (on `a`) of four whose
//!          d are OR-ed before one test; on a hit, the first vector with a nonzero d and its
//!          first nonzero lane (trailing ones of the equal-lane mask); the last vector ends at
//!          the end (it may overlap lanes known equal)
//! eq:      the same reduction without the search
//! ```

use crate::ascii::generic::{aligned_start, Narrow};
use core_cpu::vector::Vector;

/// The 8 bytes at `s[i..]`, little-endian.
#[inline(always)]
fn word(s: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&s[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The number of leading bytes `a` and `b` share, a word at a time.
#[inline]
pub(crate) fn scalar_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut i = 0;
    while i + 8 <= n {
        let d = word(a, i) ^ word(b, i);
        if d != 0 {
            return i + (d.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + a[i..].iter().zip(&b[i..]).take_while(|(x, y)| x == y).count()
}

/// `a == b`, a word at a time, four words a step.
#[inline]
pub(crate) fn scalar_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a == b;
    }
    let words = |c: &[u8]| -> [u64; 4] {
        core::array::from_fn(|k| {
            u64::from_le_bytes(c[8 * k..8 * k + 8].try_into().unwrap_or([0; 8]))
        })
    };
    for (x, y) in a.chunks_exact(32).zip(b.chunks_exact(32)) {
        let (x, y) = (words(x), words(y));
        if (x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3]) != 0 {
            return false;
        }
    }
    let mut i = n - n % 32;
    while i + 8 <= n {
        if word(a, i) != word(b, i) {
            return false;
        }
        i += 8;
    }
    i == n || word(a, n - 8) == word(b, n - 8)
}

/// The index of the first nonzero byte of `d` (the XOR of two vectors), if any.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn first_difference<V: Vector>(d: V) -> Option<usize> {
    // SAFETY: CPU per the contract.
    unsafe {
        if !d.any() {
            return None;
        }
        let equal = d.eq8(V::zero()).match_mask();
        Some((equal.trailing_ones() / V::MATCH_STRIDE) as usize)
    }
}

/// The number of leading bytes `a` and `b` share.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn prefix<V: Narrow>(a: &[u8], b: &[u8]) -> usize {
    let (n, w) = (a.len().min(b.len()), V::BYTES);
    if n < w {
        // SAFETY: the half-width vector's ISA is part of this one's.
        return if w > 16 { unsafe { prefix::<V::Half>(a, b) } } else { scalar_prefix(a, b) };
    }
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    // SAFETY: every load reads `w` bytes at an offset at most `n - w`, inside both inputs;
    // CPU per contract.
    unsafe {
        macro_rules! diff {
            ($i:expr) => {
                V::load(pa.add($i)).xor(V::load(pb.add($i)))
            };
        }
        if let Some(k) = first_difference(diff!(0)) {
            return k;
        }
        // Aligned on `a`; a difference in lanes overlapping the first vector is impossible.
        let mut i = aligned_start(pa, w);
        while i + 4 * w <= n {
            let d = [diff!(i), diff!(i + w), diff!(i + 2 * w), diff!(i + 3 * w)];
            if d[0].or(d[1]).or(d[2].or(d[3])).any() {
                for (j, d) in d.into_iter().enumerate() {
                    if let Some(k) = first_difference(d) {
                        return i + j * w + k;
                    }
                }
            }
            i += 4 * w;
        }
        while i + w <= n {
            if let Some(k) = first_difference(diff!(i)) {
                return i + k;
            }
            i += w;
        }
        if i < n {
            // The lanes below `i` are equal, so a difference here lies at `i` or after.
            if let Some(k) = first_difference(diff!(n - w)) {
                return n - w + k;
            }
        }
        n
    }
}

/// `a == b`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn eq<V: Narrow>(a: &[u8], b: &[u8]) -> bool {
    let (n, w) = (a.len(), V::BYTES);
    if n != b.len() {
        return false;
    }
    if n < w {
        // SAFETY: the half-width vector's ISA is part of this one's.
        return if w > 16 { unsafe { eq::<V::Half>(a, b) } } else { scalar_eq(a, b) };
    }
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    // SAFETY: every load reads `w` bytes at an offset at most `n - w` of either input; CPU
    // per contract.
    unsafe {
        macro_rules! diff {
            ($i:expr) => {
                V::load(pa.add($i)).xor(V::load(pb.add($i)))
            };
        }
        let mut i = aligned_start(pa, w);
        while i + 4 * w <= n {
            if diff!(i).or(diff!(i + w)).or(diff!(i + 2 * w).or(diff!(i + 3 * w))).any() {
                return false;
            }
            i += 4 * w;
        }
        let mut acc = diff!(n - w).or(diff!(0));
        while i + w <= n {
            acc = acc.or(diff!(i));
            i += w;
        }
        !acc.any()
    }
}
