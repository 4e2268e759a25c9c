//! Limbs to digit values for radices that are not powers of two.
//!
//! [`write`] fills a buffer of exactly the given width, with leading zeros, for a value below
//! `radix^width`.
//!
//! - Short values: repeated division by the chunk base `B`, each remainder giving `k` digits
//!   from the right. Each division is a chain of 2/1 steps with a reciprocal fixed per radix
//!   (Möller–Granlund); several divisions run pipelined in one sweep so that their chains
//!   overlap.
//! - Long values: `q, r = x / P, x % P` for the largest power `P = B^(2^j)` below `x`, then `q`
//!   into the high digits and `r` into the low `k * 2^j`, recursively.

use alloc::vec;

use super::powers::{self, Power};
use super::{chunk, RadixParams};
use crate::bigint::mpn::div::div_rem;
use crate::bigint::mpn::normalized;
use crate::bigint::mpn::thresholds::TO_STR_DC;

/// Writes the digit values of `a < radix^buf.len()` into all of `buf`.
pub(super) fn write(a: &[u64], p: &RadixParams, buf: &mut [u8]) {
    write_with(a, p, buf, TO_STR_DC);
}

/// [`write`] with the divide-and-conquer cut-over (in limbs) as a parameter.
pub(super) fn write_with(a: &[u64], p: &RadixParams, buf: &mut [u8], cut: usize) {
    let a = normalized(a);
    let cut = cut.max(2);
    if a.len() <= cut {
        return basecase(a, p, buf);
    }
    let n = a.len();
    // The square of `last` has at least `2 * last.len() - 1` limbs; keep it if shorter than `a`.
    let tree = powers::build(p, |last| 2 * last.len() <= n);
    divide_and_conquer(a, p, &tree, buf, cut);
}

/// Numbers of at most `cut` limbs go to the basecase.
fn divide_and_conquer(a: &[u64], p: &RadixParams, tree: &[Power], buf: &mut [u8], cut: usize) {
    let a = normalized(a);
    let n = a.len();
    // The largest power below `a`, as in parsing: its remainders then split evenly all the way
    // down, and the top quotient is short (measured 10% faster than halving `a` at the top).
    let j = tree.iter().rposition(|pw| pw.len() < n && pw.digits < buf.len());
    let Some(j) = j.filter(|_| n > cut) else {
        return basecase(a, p, buf);
    };
    let pw = &tree[j];
    let (high_buf, low_buf) = buf.split_at_mut(buf.len() - pw.digits);
    let (t, d) = (pw.shift, &pw.limbs[..]);
    if n < t + d.len() {
        high_buf.fill(0);
        return divide_and_conquer(a, p, tree, low_buf, cut);
    }
    // a = hi * 2^(64t) + a[..t]; with hi = q * d + r', a % P = r' * 2^(64t) + a[..t].
    let hi = &a[t..];
    let mut q = vec![0u64; hi.len() - d.len() + 1];
    let mut r = vec![0u64; t + d.len()];
    r[..t].copy_from_slice(&a[..t]);
    div_rem(&mut q, &mut r[t..], hi, d);
    divide_and_conquer(&q, p, tree, high_buf, cut);
    divide_and_conquer(&r, p, tree, low_buf, cut);
}

/// Repeated division by the chunk base (quadratic), [`PASSES`] divisions per sweep; fills
/// `buf` from the right.
fn basecase(a: &[u64], p: &RadixParams, buf: &mut [u8]) {
    let a = normalized(a);
    let mut stack = [0u64; TO_STR_DC];
    let mut heap = alloc::vec::Vec::new();
    let x: &mut [u64] = if a.len() <= TO_STR_DC {
        &mut stack[..a.len()]
    } else {
        heap.resize(a.len(), 0);
        &mut heap
    };
    x.copy_from_slice(a);
    let write = chunk::writer(p.radix);
    let mut n = x.len();
    let mut end = buf.len();
    while n > 1 {
        for rem in divide_passes(&mut x[..n], p) {
            end = put_chunk(rem, p, write, &mut buf[..end]);
        }
        n = normalized(&x[..n]).len();
    }
    if n == 1 {
        // The last limb is a chunk and one digit above it.
        let mut low = 0;
        let high = divide_step(&mut low, x[0], p);
        end = put_chunk(low >> p.base_shift, p, write, &mut buf[..end]);
        end = put_chunk(high, p, write, &mut buf[..end]);
    }
    buf[..end].fill(0);
}

/// Divisions of `x` by the chunk base in one sweep of the dividend.
const PASSES: usize = 4;

/// Divides `x` in place by the chunk base [`PASSES`] times; returns the remainders, least
/// significant first.
///
/// A single division is a chain of 2/1 steps, each waiting for the previous remainder. Pass
/// `k + 1` only needs the quotient limbs of pass `k` from the top down, so it runs one limb
/// behind it in the same sweep: the passes are independent chains that the CPU overlaps, and
/// each limb of `x` is overwritten by the quotients of the passes in turn.
fn divide_passes(x: &mut [u64], p: &RadixParams) -> [u64; PASSES] {
    let n = x.len();
    // Remainders of the passes, times 2^s (the divisor is `chunk_base << s`).
    let mut rem = [0u64; PASSES];
    // At sweep step `t`, pass `k` is at limb `n - 1 - t + k` if that is a limb.
    if n < PASSES {
        for t in 0..n + PASSES - 1 {
            for (k, r) in rem.iter_mut().enumerate() {
                if let Some(j) = (n - 1 + k).checked_sub(t).filter(|&j| j < n) {
                    x[j] = divide_step(r, x[j], p);
                }
            }
        }
    } else {
        // Passes start one by one at the top limb...
        for t in 0..PASSES - 1 {
            for (k, r) in rem.iter_mut().enumerate().take(t + 1) {
                let j = n - 1 - t + k;
                x[j] = divide_step(r, x[j], p);
            }
        }
        // ...all run, at limbs `j, j + 1, ...` for passes `0, 1, ...`...
        for j in (0..=n - PASSES).rev() {
            let window = &mut x[j..j + PASSES];
            for (u, r) in window.iter_mut().zip(rem.iter_mut()) {
                *u = divide_step(r, *u, p);
            }
        }
        // ...and finish one by one at limb 0.
        for first in 1..PASSES {
            for (k, r) in rem.iter_mut().enumerate().skip(first) {
                let j = k - first;
                x[j] = divide_step(r, x[j], p);
            }
        }
    }
    rem.map(|r| r >> p.base_shift)
}

/// `(x / chunk_base, x % chunk_base)` by way of the reciprocal.
pub(super) fn divide_u128(x: u128, p: &RadixParams) -> (u128, u64) {
    let mut rem = 0;
    let high = divide_step(&mut rem, (x >> 64) as u64, p);
    let low = divide_step(&mut rem, x as u64, p);
    (((high as u128) << 64) | low as u128, rem >> p.base_shift)
}

/// One 2/1 step of a division by the chunk base: `rem * 2^64 + u` (with `rem` times
/// `2^base_shift`) divided; returns the quotient limb and updates `rem`.
#[inline(always)]
fn divide_step(rem: &mut u64, u: u64, p: &RadixParams) -> u64 {
    let s = p.base_shift;
    // The top `s` bits of `u` join the remainder; `(u >> 1) >> (63 - s)` is `u >> (64 - s)`
    // without a shift by 64 when `s == 0`.
    let (q, r) = div_2by1(*rem | ((u >> 1) >> (63 - s)), u << s, p.chunk_base << s, p.base_inverse);
    *rem = r;
    q
}

/// `(u1 * 2^64 + u0) / d` and the remainder, for `d >= 2^63`, `u1 < d` and `v` the reciprocal
/// of `d` (Möller and Granlund, "Improved division by invariant integers", algorithm 4).
#[inline(always)]
fn div_2by1(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(d >> 63 == 1 && u1 < d);
    // (v + 2^64) * u1 + u0 < 2^128 because v + 2^64 <= (2^128 - 1) / d and u1 < d.
    let p = v as u128 * u1 as u128 + (((u1 as u128) << 64) | u0 as u128);
    let q0 = p as u64;
    let q1 = ((p >> 64) as u64).wrapping_add(1);
    let r = u0.wrapping_sub(q1.wrapping_mul(d));
    // Taken about half the time, so without a branch.
    let mask = ((r > q0) as u64).wrapping_neg();
    let (q1, r) = (q1.wrapping_add(mask), r.wrapping_add(d & mask));
    if r >= d {
        (q1 + 1, r - d)
    } else {
        (q1, r)
    }
}

/// Writes the chunk `x` at the right end of `buf`; returns where the digits written start.
#[inline]
fn put_chunk(x: u64, p: &RadixParams, write: chunk::Writer, buf: &mut [u8]) -> usize {
    let k = p.chunk_digits;
    let end = buf.len();
    if end == 0 {
        debug_assert!(x == 0, "value wider than its buffer");
        0
    } else if end >= k {
        write(x, &mut buf[end - k..], p.radix as u64);
        end - k
    } else {
        // The top chunk: its value has at most `end` digits.
        let mut t = [0u8; 64];
        write(x, &mut t[..k], p.radix as u64);
        debug_assert!(t[..k - end].iter().all(|&d| d == 0), "value wider than its buffer");
        buf.copy_from_slice(&t[k - end..k]);
        0
    }
}
