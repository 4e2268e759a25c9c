//! Multiplication and squaring of natural numbers: the algorithm ladder.
//!
//! `mul` picks, by the length of the shorter operand `b` (thresholds in `thresholds.rs`):
//!
//! ```text
//! b.len() < MUL_KARATSUBA          schoolbook (kernels::mul_basecase)
//! b.len() <= ceil(a.len() / 2)     unbalanced: a cut into b-sized pieces   (unbalanced.rs)
//! b.len() < MUL_TOOM3              Karatsuba, 3 half-size products         (karatsuba.rs)
//! b.len() < MUL_TOOM4              Toom-3, 5 third-size products           (toom3.rs)
//! b.len() < MUL_NTT                Toom-4, 7 quarter-size products         (toom4.rs)
//! otherwise (see `use_ntt`)         three-prime NTT                         (../ntt.rs)
//! ```
//!
//! Toom-4 needs operands within 4:3 of each other and Toom-3 within 3:2; shapes between 3:2
//! and 2:1 in the Toom range use Toom-3.2 (`toom3::mul_toom32`, about 10 % faster there than
//! Karatsuba or the chunked form). `sqr` runs the same ladder with the `SQR_*` thresholds and
//! the squaring variant of each algorithm. Toom-4 pays from about 1000 limbs (5-8 % over
//! Toom-3 on the development machine) up to the NTT.
//!
//! Where the NTT runs on AVX-512 IFMA (`ntt::engine`) it is several times faster, and it
//! takes over at `MUL_NTT_VECTOR` / `SQR_NTT_VECTOR` (about 200 limbs) whatever the shape, so
//! Toom-4 and the unbalanced chunks only see short operands there. On AVX2 without IFMA the
//! 32-bit-lane NTT takes over at `MUL_NTT_AVX2` / `SQR_NTT_AVX2`.
//!
//! Scratch: a top-level call allocates one buffer (`mul_scratch_len`, at most `5 a.len()`
//! limbs; the sizes are tabulated above `level_scratch`) and every recursive call takes its
//! temporaries from the front of the slice it is given and passes the rest down. The NTT
//! allocates its own transform buffers.

mod karatsuba;
mod toom3;
mod toom4;
mod unbalanced;

#[cfg(test)]
mod tests;

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::kernels::{mul_basecase, sqr_basecase, sub_n};
use super::ntt::Engine;
use super::thresholds::{
    MUL_KARATSUBA, MUL_NTT, MUL_NTT_AVX2, MUL_NTT_VECTOR, MUL_TOOM3, MUL_TOOM4, PREPARED_NTT,
    PREPARED_NTT_AVX2, PREPARED_NTT_VECTOR, SQR_KARATSUBA, SQR_NTT, SQR_NTT_AVX2, SQR_NTT_VECTOR,
    SQR_TOOM3, SQR_TOOM4,
};
use super::{cmp_n, normalized, ntt, sub};

/// `r = a * b` with `a.len() >= b.len() >= 1` and `r.len() == a.len() + b.len()`.
///
/// High zero limbs of either operand are skipped (the matching limbs of `r` are zeroed).
pub(crate) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert!(a.len() >= b.len() && !b.is_empty() && r.len() == a.len() + b.len());
    let (a, b) = (normalized(a), normalized(b));
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.is_empty() {
        r.fill(0);
        return;
    }
    let n = a.len() + b.len();
    r[n..].fill(0);
    let r = &mut r[..n];
    if b.len() < MUL_KARATSUBA {
        mul_basecase(r, a, b);
    } else if use_ntt(b.len(), n, [MUL_NTT, MUL_NTT_AVX2, MUL_NTT_VECTOR]) {
        ntt::mul(r, a, b);
    } else {
        let mut scratch = vec![0u64; mul_scratch_len(a.len())];
        mul_rec(r, a, b, &mut scratch);
    }
}

/// `r = a * a` with `r.len() == 2 * a.len()`, `a` non-empty.
///
/// High zero limbs of `a` are skipped (the matching limbs of `r` are zeroed).
pub(crate) fn sqr(r: &mut [u64], a: &[u64]) {
    debug_assert!(!a.is_empty() && r.len() == 2 * a.len());
    let a = normalized(a);
    let n = 2 * a.len();
    r[n..].fill(0);
    let r = &mut r[..n];
    if a.is_empty() {
        return;
    }
    if a.len() < SQR_KARATSUBA {
        sqr_basecase(r, a);
    } else if use_ntt(a.len(), n, [SQR_NTT, SQR_NTT_AVX2, SQR_NTT_VECTOR]) {
        ntt::sqr(r, a);
    } else {
        let mut scratch = vec![0u64; sqr_scratch_len(a.len())];
        sqr_rec(r, a, &mut scratch);
    }
}

/// Whether a product of `len` limbs whose shorter operand has `short` limbs goes to the NTT
/// (the thresholds of the portable, the AVX2 and the IFMA transform).
///
/// The NTT's cost steps up with each transform length (`ntt::padded_len`), so from the
/// threshold up to twice it (portable) or three times it (AVX2, whose lengths are powers of
/// two only) the NTT is only taken when the transform is at least 85 % full: measured there,
/// the portable one beat Toom-4 by 3-20 % when full and lost by up to 18 % at 73-81 % fill;
/// the AVX2 one lost by up to 36 % at 59-73 % fill (see `thresholds.rs`). The IFMA NTT wins
/// by enough that the fill does not matter.
fn use_ntt(short: usize, len: usize, [portable, avx2, ifma]: [usize; 3]) -> bool {
    let (threshold, always) = match ntt::engine() {
        Engine::Ifma => return short >= ifma && len <= ntt::MAX_LEN,
        Engine::Avx2 => (avx2, 3 * avx2),
        Engine::Portable => (portable, 2 * portable),
    };
    short >= threshold
        && len <= ntt::MAX_LEN
        && (short >= always || 100 * len >= 85 * ntt::padded_len(len))
}

/// Whether a product whose operands have `short` and `long` limbs should use a transform of
/// the shorter one prepared once for several products (`ntt::Prepared`), which saves a
/// third of the work of each.
pub(crate) fn prepared_pays(short: usize, long: usize) -> bool {
    let len = short + long;
    let threshold = match ntt::engine() {
        Engine::Ifma => PREPARED_NTT_VECTOR,
        Engine::Avx2 => PREPARED_NTT_AVX2,
        Engine::Portable => PREPARED_NTT,
    };
    short >= threshold && len <= ntt::MAX_LEN
}

/// `n` zero limbs. Up to 1 KiB from `malloc` and cleared here: glibc's `calloc` skips the
/// per-thread cache that serves those sizes, which cost a 16-limb product 8 % of its time.
/// Larger products take `calloc` (taking a pooled buffer instead measured 6 % slower at 512
/// limbs).
#[allow(clippy::slow_vector_initialization)] // `vec![0; n]` is the `calloc` avoided here
fn zeroed_vec(n: usize) -> Vec<u64> {
    if n <= 128 {
        let mut r = Vec::with_capacity(n);
        r.resize(n, 0);
        r
    } else {
        vec![0u64; n]
    }
}

/// `a * b` for operands of any lengths and order, as a new vector of `a.len() + b.len()` limbs
/// (not normalised; empty when both operands are).
pub(crate) fn mul_alloc(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = zeroed_vec(a.len() + b.len());
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if !b.is_empty() {
        if core::ptr::eq(a, b) {
            sqr(&mut r, a);
        } else {
            mul(&mut r, a, b);
        }
    }
    r
}

/// The recursive multiplication: `r = a * b` with `a.len() >= b.len() >= 1`,
/// `r.len() == a.len() + b.len()`, `scratch.len() >= mul_scratch_len(a.len())`.
pub(super) fn mul_rec(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && bn >= 1 && r.len() == an + bn);
    if bn < MUL_KARATSUBA {
        mul_basecase(r, a, b);
    } else if !karatsuba::fits(an, bn) {
        unbalanced::mul_chunked(r, a, b, scratch);
    } else if bn < MUL_TOOM3 {
        karatsuba::mul_karatsuba(r, a, b, scratch);
    } else if bn >= MUL_TOOM4 && toom4::fits(an, bn) {
        toom4::mul_toom4(r, a, b, scratch);
    } else if toom3::fits(an, bn) {
        toom3::mul_toom3(r, a, b, scratch);
    } else {
        toom3::mul_toom32(r, a, b, scratch);
    }
}

/// The recursive squaring: `r = a * a` with `r.len() == 2 * a.len()`, `a` non-empty,
/// `scratch.len() >= sqr_scratch_len(a.len())`.
pub(super) fn sqr_rec(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(n >= 1 && r.len() == 2 * n);
    if n < SQR_KARATSUBA {
        sqr_basecase(r, a);
    } else if n < SQR_TOOM3 {
        karatsuba::sqr_karatsuba(r, a, scratch);
    } else if n < SQR_TOOM4 {
        toom3::sqr_toom3(r, a, scratch);
    } else {
        toom4::sqr_toom4(r, a, scratch);
    }
}

// Scratch sizes. Each algorithm takes its temporaries from the front of its scratch and
// passes the rest down; for operands of at most `n` limbs (`h = ceil(n/2)`):
//
//   Karatsuba   2h             recursion on at most h limbs
//   chunked     b.len() <= h   recursion on at most 1.5 h (a piece and a short remainder)
//   Toom-3      6(k+1)         recursion on at most k+1,   k = ceil(n/3)
//   Toom-3.2    4(k+1)         recursion on at most k+1,   k = ceil(n/3)
//   Toom-4      10(k+1)        recursion on at most k+1,   k = ceil(n/4)
//
// By induction `5n` limbs always suffice once every algorithm starts at 21 limbs or more
// (Toom-4 is the tightest: 15(k+1) <= 5n for n >= 21; Karatsuba needs 7h, the chunked form
// 8.5h, Toom-3 11(k+1)). For small operands, where only the cheaper algorithms run, the sum
// of the per-level maxima (`ladder_scratch_len`) is smaller, and the minimum of the two is
// taken.
const _: () = assert!(MUL_KARATSUBA >= 21 && SQR_KARATSUBA >= 21);

/// Scratch limbs one level of any algorithm allowed at `n` limbs may take, and the longest
/// operand its recursive calls see (see the table above).
fn level_scratch(n: usize, toom3: bool, toom4: bool) -> (usize, usize) {
    let h = n.div_ceil(2);
    let k3 = n.div_ceil(3) + 1;
    let k4 = n.div_ceil(4) + 1;
    let (mut own, mut next) = (2 * h, h + h / 2);
    if toom3 {
        own = own.max(6 * k3);
        next = next.max(k3);
    }
    if toom4 {
        own = own.max(10 * k4);
        next = next.max(k4);
    }
    (own, next)
}

/// The sum over the levels of `level_scratch`, given the ladder's thresholds; `own` and `next`
/// grow with `n`, so this bounds every shape with `a.len() <= n`.
fn ladder_scratch_len(n: usize, kara: usize, toom3: usize, toom4: usize) -> usize {
    let (mut total, mut m) = (0, n);
    while m >= kara && m >= 2 {
        let (own, next) = level_scratch(m, m >= toom3, m >= toom4);
        total += own;
        if next >= m {
            break;
        }
        m = next;
    }
    if n >= kara {
        total.min(5 * n)
    } else {
        0
    }
}

/// Scratch limbs `mul_rec` needs for `a.len() <= n`.
pub(super) fn mul_scratch_len(n: usize) -> usize {
    ladder_scratch_len(n, MUL_KARATSUBA, MUL_TOOM3, MUL_TOOM4)
}

/// Scratch limbs `sqr_rec` needs for `a.len() <= n`.
pub(super) fn sqr_scratch_len(n: usize) -> usize {
    ladder_scratch_len(n, SQR_KARATSUBA, SQR_TOOM3, SQR_TOOM4)
}

/// `r = |x - y|` with `r.len() == x.len() >= y.len()`; returns `true` when `x < y`.
pub(super) fn abs_sub(r: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    debug_assert!(r.len() == x.len() && x.len() >= y.len());
    let n = y.len();
    if x[n..].iter().all(|&l| l == 0) && cmp_n(&x[..n], y) == Ordering::Less {
        sub_n(&mut r[..n], y, &x[..n]);
        r[n..].fill(0);
        true
    } else {
        sub(r, x, y);
        false
    }
}

/// Divides `a` in place by `d` (odd), which must divide it exactly (Hensel division: one
/// multiplication by `d^-1 mod 2^64` per limb, the borrow carried upwards).
#[inline]
pub(super) fn divexact_odd(a: &mut [u64], d: u64) {
    debug_assert!(d & 1 == 1);
    // Newton iteration for the inverse mod 2^64: each step doubles the correct low bits.
    let mut inv = d; // correct to 3 bits for odd d
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(inv)));
    }
    let mut c = 0u64;
    for x in a.iter_mut() {
        let (s, borrow) = x.overflowing_sub(c);
        let q = s.wrapping_mul(inv);
        *x = q;
        c = ((q as u128 * d as u128) >> 64) as u64 + borrow as u64;
    }
    debug_assert_eq!(c, 0, "inexact division");
}
