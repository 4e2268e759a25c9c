//! Greatest common divisor and modular inverse.
//!
//! ```text
//! gcd(A, B), A >= B:
//!     while B != 0:
//!         if A fits 2 limbs:  binary gcd on u128 (u64 when both fit)
//!         if B is one limb:   gcd(B, A mod B) on u64
//!         M = Lehmer matrix from the top 128 bits of (A, B)   (see lehmer.rs: u128, then u64)
//!         if M exists: (A, B) = M (A, B)   (about 63 bits shorter, one pass over the limbs)
//!         else:        (A, B) = (B, A mod B)                   (a huge quotient)
//! ```
//!
//! `modinv` runs the same loop on `(m, a mod m)` and also carries the cofactors of `a`.
//! Euclid's cofactors alternate in sign, so only their magnitudes are stored (they only ever
//! add up) with one flag for the sign of the first. Half-gcd (subquadratic) is not done: Lehmer
//! is quadratic with a small constant. References: Knuth TAOCP 2 §4.5.2 (Lehmer, binary gcd);
//! T. Jebelean, "A double-digit Lehmer-Euclid algorithm" (1995); N. Möller, "On Schönhage's
//! algorithm and subquadratic integer gcd computation" (2008) for the reduction condition.

mod lehmer;
#[cfg(test)]
mod tests;

use alloc::vec;
use alloc::vec::Vec;

use super::div::{div_rem, rem_1};
use super::kernels::{addmul_1, mul_1};
use super::pow::{bit_len, mul_any};
use super::thresholds::GCD_LEHMER;
use super::{add_1_assign, add_assign, cmp, normalized, normalized_len, sub_n_rev_assign};
use lehmer::{apply, approx_matrix, bits128_at, euclid_u128, Matrix, APPROX_MIN};

/// `gcd(a, b)` (normalised; `gcd(0, 0) = 0`). Inputs may carry high zero limbs.
pub(crate) fn gcd(a: &[u64], b: &[u64]) -> Vec<u64> {
    let a = normalized(a);
    let b = normalized(b);
    if a.is_empty() {
        return b.to_vec();
    }
    if b.is_empty() {
        return a.to_vec();
    }
    let (a, b) = if cmp(a, b).is_ge() { (a, b) } else { (b, a) };
    let n = a.len();
    let mut x = a.to_vec();
    let mut y = vec![0u64; n];
    y[..b.len()].copy_from_slice(b);
    let (mut na, mut nb) = (n, b.len());
    // Invariants: x[..na] >= y[..nb], both normalised; limbs past na are zero in both.
    loop {
        if nb == 0 {
            x.truncate(na);
            return x;
        }
        if na <= 2 {
            return from_u128(gcd_u128(to_u128(&x[..na]), to_u128(&y[..nb])));
        }
        if nb == 1 {
            let r = rem_1(&x[..na], y[0]);
            return from_u128(u128::from(gcd_u64(y[0], r)));
        }
        if let Some(m) = lehmer_matrix(&x[..na], &y[..na]) {
            apply(&mut x[..na], &mut y[..na], &m);
            let (nx, ny) = (normalized_len(&x[..na]), normalized_len(&y[..na]));
            (na, nb) = (nx, ny);
            if cmp(&x[..na], &y[..nb]).is_lt() {
                core::mem::swap(&mut x, &mut y);
                core::mem::swap(&mut na, &mut nb);
            }
        } else {
            let r = rem(&x[..na], &y[..nb]);
            core::mem::swap(&mut x, &mut y);
            y[..na].fill(0);
            y[..r.len()].copy_from_slice(&r);
            (na, nb) = (nb, r.len());
        }
    }
}

/// The Lehmer matrix of `(x, y)` (`x` normalised, at least `GCD_LEHMER` and 3 limbs, `y <= x`
/// on as many limbs), or `None` when not a single step can be taken from the top bits.
fn lehmer_matrix(x: &[u64], y: &[u64]) -> Option<Matrix> {
    if x.len() < GCD_LEHMER.max(3) {
        return None;
    }
    let p = bit_len(x) - 128;
    let (ah, bh) = (bits128_at(x, p), bits128_at(y, p));
    if bh < APPROX_MIN {
        return None;
    }
    let m = approx_matrix(ah, bh);
    (m.steps > 0).then_some(m)
}

/// `x mod y` (normalised); `y` normalised, non-zero, `x.len() >= y.len()`.
fn rem(x: &[u64], y: &[u64]) -> Vec<u64> {
    let (_, r) = divrem(x, y);
    r
}

/// `(x / y, x mod y)`, both normalised; `y` normalised, non-zero, `x.len() >= y.len()`.
fn divrem(x: &[u64], y: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let mut q = vec![0u64; x.len() - y.len() + 1];
    let mut r = vec![0u64; y.len()];
    div_rem(&mut q, &mut r, x, y);
    q.truncate(normalized_len(&q));
    r.truncate(normalized_len(&r));
    (q, r)
}

fn to_u128(x: &[u64]) -> u128 {
    debug_assert!(x.len() <= 2);
    x.iter().rev().fold(0u128, |acc, &l| (acc << 64) | u128::from(l))
}

fn from_u128(v: u128) -> Vec<u64> {
    let mut r = vec![v as u64, (v >> 64) as u64];
    r.truncate(normalized_len(&r));
    r
}

/// Binary gcd on one limb.
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let s = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << s;
        }
    }
}

/// Binary gcd on two limbs, dropping to one limb as soon as both fit.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let s = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        if b >> 64 == 0 {
            return u128::from(gcd_u64(a as u64, b as u64)) << s;
        }
        b -= a;
        if b == 0 {
            return a << s;
        }
    }
}

/// `c u + d v` for magnitudes `u`, `v`, normalised.
fn combine(u: &[u64], v: &[u64], c: u64, d: u64) -> Vec<u64> {
    let len = u.len().max(v.len()) + 2;
    let mut r = vec![0u64; len];
    r[u.len()] = mul_1(&mut r[..u.len()], u, c);
    let carry = addmul_1(&mut r[..v.len()], v, d);
    add_1_assign(&mut r[v.len()..], carry);
    r.truncate(normalized_len(&r));
    r
}

/// The inverse of `a` modulo `m` in `[0, m)`, or `None` when `gcd(a, m) != 1` or `m == 0`.
/// As in num-bigint, `m == 1` gives `Some(0)`.
pub(crate) fn modinv(a: &[u64], m: &[u64]) -> Option<Vec<u64>> {
    let m = normalized(m);
    if m.is_empty() {
        return None;
    }
    if m == [1] {
        return Some(Vec::new());
    }
    let n = m.len();
    let mut x = m.to_vec();
    let mut y = vec![0u64; n];
    let a = normalized(a);
    if cmp(a, m).is_lt() {
        y[..a.len()].copy_from_slice(a);
    } else {
        let r = rem(a, m);
        y[..r.len()].copy_from_slice(&r);
    }
    let (mut na, mut nb) = (n, normalized_len(&y));
    // x = ±ux a (mod m), y = ∓uy a (mod m); the sign of x's cofactor is `neg`.
    let mut ux: Vec<u64> = Vec::new();
    let mut uy: Vec<u64> = vec![1];
    let mut neg = true;
    while nb != 0 {
        let mat = if na <= 2 {
            let (mat, a2, b2) = euclid_u128(to_u128(&x[..na]), to_u128(&y[..nb]), 0);
            if mat.steps > 0 {
                let (va, vb) = (from_u128(a2), from_u128(b2));
                x[..na].fill(0);
                y[..na].fill(0);
                x[..va.len()].copy_from_slice(&va);
                y[..vb.len()].copy_from_slice(&vb);
                Some(mat)
            } else {
                None
            }
        } else {
            let mat = lehmer_matrix(&x[..na], &y[..na]);
            if let Some(mat) = &mat {
                apply(&mut x[..na], &mut y[..na], mat);
            }
            mat
        };
        if let Some(mat) = mat {
            (ux, uy) = (combine(&ux, &uy, mat.x0, mat.y0), combine(&ux, &uy, mat.x1, mat.y1));
            neg ^= mat.odd;
            (na, nb) = (normalized_len(&x[..na]), normalized_len(&y[..na]));
            if cmp(&x[..na], &y[..nb]).is_lt() {
                core::mem::swap(&mut x, &mut y);
                core::mem::swap(&mut na, &mut nb);
                core::mem::swap(&mut ux, &mut uy);
                neg = !neg;
            }
        } else {
            // (x, y) = (y, x - q y): the new cofactor magnitude is ux + q uy.
            let (q, r) = divrem(&x[..na], &y[..nb]);
            let mut t = mul_any(&q, &uy);
            t.resize(t.len().max(ux.len()) + 1, 0);
            add_assign(&mut t, &ux);
            t.truncate(normalized_len(&t));
            ux = core::mem::replace(&mut uy, t);
            neg = !neg;
            core::mem::swap(&mut x, &mut y);
            y[..na].fill(0);
            y[..r.len()].copy_from_slice(&r);
            (na, nb) = (nb, r.len());
        }
    }
    if na != 1 || x[0] != 1 {
        return None;
    }
    // 1 = ±ux a (mod m), with 0 < ux <= m.
    let mut u = if cmp(&ux, m).is_lt() { ux } else { rem(&ux, m) };
    if neg && !u.is_empty() {
        u.resize(n, 0);
        sub_n_rev_assign(&mut u, m);
        u.truncate(normalized_len(&u));
    }
    Some(u)
}
