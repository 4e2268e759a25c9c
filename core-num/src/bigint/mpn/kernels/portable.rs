//! Portable limb kernels through `u128`: the scalar level (shared by SSE2 and NEON), and the
//! reference the other levels are tested against.
//!
//! Products go through `u128`, which compiles to `mul` (x86_64) or `mul`/`umulh` (aarch64),
//! and carries through `overflowing_add` pairs, which compile to `adc`/`adcs`. Loops use
//! iterators so they carry no bounds checks; when slice lengths differ, a loop stops at the
//! shortest (the callers' contracts make them equal, checked by `debug_assert!`).

use crate::bigint::mpn::div::reciprocal::div_3by2;
use crate::bigint::mpn::div::schoolbook::{div_qr_with, Steps};
use core::mem::MaybeUninit;

/// `a + b + c`: the sum and the carry out.
#[inline(always)]
fn adc(a: u64, b: u64, c: bool) -> (u64, bool) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(c as u64);
    (s, c1 | c2)
}

/// `a - b - c`: the difference and the borrow out.
#[inline(always)]
fn sbb(a: u64, b: u64, c: bool) -> (u64, bool) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(c as u64);
    (d, b1 | b2)
}

/// `a * b + c + d` as `(low, high)`; cannot overflow.
#[inline(always)]
fn mul_add2(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    let p = a as u128 * b as u128 + c as u128 + d as u128;
    (p as u64, (p >> 64) as u64)
}

/// `r = a + b` (all the same length); returns the carry.
#[inline]
pub(crate) fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    let mut c = false;
    for ((r, &a), &b) in r.iter_mut().zip(a).zip(b) {
        (*r, c) = adc(a, b, c);
    }
    c as u64
}

/// `r += b` (same length); returns the carry.
#[inline]
pub(crate) fn add_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    let mut c = false;
    for (r, &b) in r.iter_mut().zip(b) {
        (*r, c) = adc(*r, b, c);
    }
    c as u64
}

/// `r = a - b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    let mut c = false;
    for ((r, &a), &b) in r.iter_mut().zip(a).zip(b) {
        (*r, c) = sbb(a, b, c);
    }
    c as u64
}

/// `r -= b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    let mut c = false;
    for (r, &b) in r.iter_mut().zip(b) {
        (*r, c) = sbb(*r, b, c);
    }
    c as u64
}

/// `r = b - r` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_rev_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    let mut c = false;
    for (r, &b) in r.iter_mut().zip(b) {
        (*r, c) = sbb(b, *r, c);
    }
    c as u64
}

/// `r = a * m` (same length); returns the high limb.
#[inline]
pub(crate) fn mul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    let mut c = 0u64;
    for (r, &a) in r.iter_mut().zip(a) {
        (*r, c) = mul_add2(a, m, c, 0);
    }
    c
}

/// `r *= m`; returns the high limb.
#[inline]
pub(crate) fn mul_1_assign(r: &mut [u64], m: u64) -> u64 {
    let mut c = 0u64;
    for r in r.iter_mut() {
        (*r, c) = mul_add2(*r, m, c, 0);
    }
    c
}

/// `r += a * m` over `a.len()` limbs of `r` (`r.len() == a.len()`); returns the high limb.
/// Unrolled by four (measured: about 5% faster than the plain loop).
#[inline]
pub(crate) fn addmul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    let mut c = 0u64;
    let (mut rs, mut as_) = (r.chunks_exact_mut(4), a.chunks_exact(4));
    for (r, a) in (&mut rs).zip(&mut as_) {
        (r[0], c) = mul_add2(a[0], m, r[0], c);
        (r[1], c) = mul_add2(a[1], m, r[1], c);
        (r[2], c) = mul_add2(a[2], m, r[2], c);
        (r[3], c) = mul_add2(a[3], m, r[3], c);
    }
    for (r, &a) in rs.into_remainder().iter_mut().zip(as_.remainder()) {
        (*r, c) = mul_add2(a, m, *r, c);
    }
    c
}

/// `r -= a * m` (`r.len() == a.len()`); returns the limb that must be subtracted above `r`.
#[inline]
pub(crate) fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    let mut c = 0u64;
    for (r, &a) in r.iter_mut().zip(a) {
        let (lo, hi) = mul_add2(a, m, c, 0);
        let (d, b) = r.overflowing_sub(lo);
        *r = d;
        c = hi + b as u64;
    }
    c
}

/// `r[..n] + a * (b0 + b1 * 2^64) + c0` with `n = a.len()` and `r.len() == n + 1`: the low
/// `n + 1` limbs go to `r` (its top limb is only written), the top limb is returned.
///
/// Two rows per pass over `a`: each limb of `a` is loaded once for two products, and `r` is
/// read and written once per two rows.
#[inline]
fn addmul_2(r: &mut [u64], a: &[u64], b0: u64, b1: u64, c0: u64) -> u64 {
    debug_assert!(r.len() == a.len() + 1);
    let (lo, top) = r.split_at_mut(a.len());
    // `c0` is pending for the current position, `c1` for the next one.
    let (mut c0, mut c1) = (c0, 0u64);
    for (r, &x) in lo.iter_mut().zip(a) {
        let (s, t) = mul_add2(x, b0, *r, c0);
        *r = s;
        (c0, c1) = mul_add2(x, b1, t, c1);
    }
    if let Some(t) = top.first_mut() {
        *t = c0;
    }
    c1
}

/// `r = a << bits` with `1 <= bits < 64` (same length); returns the bits shifted out (in the
/// low `bits` bits of the result).
#[cfg(test)]
pub(crate) fn shl(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    // SAFETY: `MaybeUninit<u64>` has the layout of `u64`, and `shl_uninit` stores only
    // initialised limbs, so `r` stays initialised.
    let r = unsafe { &mut *(r as *mut [u64] as *mut [MaybeUninit<u64>]) };
    shl_uninit(r, a, bits)
}

/// [`shl`] into limbs that may not be initialised yet; writes every limb of `r`.
#[inline]
pub(crate) fn shl_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    let n = r.len().min(a.len());
    if n == 0 {
        return 0;
    }
    let (bits, back) = (bits & 63, bits.wrapping_neg() & 63);
    let out = a[n - 1] >> back;
    // Distinct slices: any order works, and a forward loop over windows vectorises.
    for (r, w) in r[1..n].iter_mut().zip(a.windows(2)) {
        r.write((w[1] << bits) | (w[0] >> back));
    }
    r[0].write(a[0] << bits);
    out
}

/// `r <<= bits` with `1 <= bits < 64`; returns the bits shifted out.
#[inline]
pub(crate) fn shl_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    let n = r.len();
    if n == 0 {
        return 0;
    }
    let (bits, back) = (bits & 63, bits.wrapping_neg() & 63);
    let out = r[n - 1] >> back;
    for i in (1..n).rev() {
        r[i] = (r[i] << bits) | (r[i - 1] >> back);
    }
    r[0] <<= bits;
    out
}

/// `r = a >> bits` with `1 <= bits < 64` (same length); returns the bits shifted out, in the
/// high `bits` bits of the result.
#[inline]
pub(crate) fn shr(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    let n = r.len().min(a.len());
    if n == 0 {
        return 0;
    }
    let (bits, back) = (bits & 63, bits.wrapping_neg() & 63);
    let out = a[0] << back;
    for (r, w) in r[..n - 1].iter_mut().zip(a.windows(2)) {
        *r = (w[0] >> bits) | (w[1] << back);
    }
    r[n - 1] = a[n - 1] >> bits;
    out
}

/// `r >>= bits` with `1 <= bits < 64`; returns the bits shifted out (high bits of the result).
#[inline]
pub(crate) fn shr_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    let n = r.len();
    if n == 0 {
        return 0;
    }
    let (bits, back) = (bits & 63, bits.wrapping_neg() & 63);
    let out = r[0] << back;
    for i in 0..n - 1 {
        r[i] = (r[i] >> bits) | (r[i + 1] << back);
    }
    r[n - 1] >>= bits;
    out
}

/// Schoolbook `r = a * b` (`a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`): one
/// `mul_1` row, then `addmul_2` rows (two limbs of `b` per pass), then one `addmul_1` row when
/// a limb is left over.
///
/// # Panics
///
/// When the length contract is broken.
pub(crate) fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    assert!(n >= b.len() && !b.is_empty() && r.len() == n + b.len());
    r[n] = mul_1(&mut r[..n], a, b[0]);
    let mut j = 1;
    while j + 1 < b.len() {
        r[j + n + 1] = addmul_2(&mut r[j..j + n + 1], a, b[j], b[j + 1], 0);
        j += 2;
    }
    if j < b.len() {
        r[j + n] = addmul_1(&mut r[j..j + n], a, b[j]);
    }
}

/// `r = 2 * r + (a[0]^2 + a[1]^2 * 2^128 + ...)` with `r.len() == 2 * a.len()`: the last step
/// of squaring, once the off-diagonal triangle is in `r`. The result must fit (it does for a
/// square).
#[inline]
fn double_add_diagonal(r: &mut [u64], a: &[u64]) {
    debug_assert!(r.len() == 2 * a.len());
    let (mut top, mut c) = (0u64, false);
    for (r, &x) in r.chunks_exact_mut(2).zip(a) {
        let p = x as u128 * x as u128;
        let d0 = (r[0] << 1) | top;
        let d1 = (r[1] << 1) | (r[0] >> 63);
        top = r[1] >> 63;
        (r[0], c) = adc(d0, p as u64, c);
        (r[1], c) = adc(d1, (p >> 64) as u64, c);
    }
}

/// Schoolbook `r = a * a` (`a.len() >= 1`, `r.len() == 2 * a.len()`): the products
/// `a[i] * a[j]` with `i < j` once, doubled, plus the squares `a[i]^2` on the diagonal: about
/// half the products of `mul_basecase(a, a)`.
///
/// The triangle goes two rows at a time: rows `i` and `i + 1` are `a[i] * a[i + 1]` at
/// position `2i + 1` plus `a[i + 2..] * (a[i] + a[i + 1] * 2^64)` at `2i + 2`, one `addmul_2`.
///
/// # Panics
///
/// When the length contract is broken.
pub(crate) fn sqr_basecase(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    assert!(n >= 1 && r.len() == 2 * n);
    if n <= 2 {
        // Too short for the triangle to pay.
        return mul_basecase(r, a, a);
    }
    r.fill(0);
    let mut i = 0;
    // Rows `i` and `i + 1` both non-empty; rows so far reach position `i + n` (exclusive).
    while i + 2 < n {
        let (lo, hi) = mul_add2(a[i], a[i + 1], r[2 * i + 1], 0);
        r[2 * i + 1] = lo;
        r[i + n + 1] = addmul_2(&mut r[2 * i + 2..=i + n], &a[i + 2..], a[i], a[i + 1], hi);
        i += 2;
    }
    if i + 1 < n {
        r[i + n] = addmul_1(&mut r[2 * i + 1..i + n], &a[i + 1..], a[i]);
    }
    double_add_diagonal(r, a);
}

/// The portable [`Steps`]: [`div_3by2`] and this file's `submul_1`.
struct PortableSteps;

impl Steps for PortableSteps {
    #[inline(always)]
    fn div_3by2(u2: u64, u1: u64, u0: u64, dv: &[u64; 3]) -> (u64, u64, u64) {
        div_3by2(u2, u1, u0, dv[1], dv[0], dv[2])
    }

    #[inline(always)]
    fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
        submul_1(r, a, m)
    }
}

/// Schoolbook division (Knuth D with the 3/2 estimate) with this file's `submul_1` as the row;
/// see [`div_qr_with`].
///
/// # Panics
///
/// Unless `d.len() >= 2`, `d`'s top bit is set and `a.len() == q.len() + d.len()`.
pub(crate) fn div_qr_basecase(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    div_qr_with::<PortableSteps>(q, a, d, v)
}
