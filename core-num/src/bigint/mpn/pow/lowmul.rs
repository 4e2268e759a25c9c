//! Arithmetic modulo `2^k`: truncated ("low half") products, inverses by Hensel lifting, and
//! powers with only the low `k` bits kept.
//!
//! `mullo(a, b)` is the low `n` limbs of `a * b`. Below `POW_MULLO_DC` limbs it is the
//! triangle of a schoolbook product (`n^2 / 2` limb products); above, with `h = ceil(n / 2)`:
//!
//! ```text
//! lo(a * b) = lo(a0 * b0) + (lo(a1 * b0) + lo(a0 * b1)) << h       (a = a0 + a1 * 2^(64h))
//! ```
//!
//! where `a0 * b0` is a full product by `mul` (Karatsuba and up).

use alloc::vec;
use alloc::vec::Vec;

use super::super::kernels::addmul_1;
use super::super::mul::{mul, sqr};
use super::super::thresholds::POW_MULLO_DC;
use super::super::{add_n_assign, normalized_len};
use super::window::{window_pow, PowRing};

/// `r = (a * b) mod 2^(64 n)` where `r`, `a` and `b` all have `n >= 1` limbs.
pub(crate) fn mullo(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = r.len();
    debug_assert!(n >= 1 && a.len() == n && b.len() == n);
    if n < POW_MULLO_DC {
        r.fill(0);
        for i in 0..n {
            addmul_1(&mut r[i..], &a[..n - i], b[i]);
        }
        return;
    }
    let h = n.div_ceil(2);
    let l = n - h;
    let mut full = vec![0u64; 2 * h];
    if core::ptr::eq(a, b) {
        sqr(&mut full, &a[..h]);
    } else {
        mul(&mut full, &a[..h], &b[..h]);
    }
    r.copy_from_slice(&full[..n]);
    let mut t = vec![0u64; l];
    mullo(&mut t, &a[h..], &b[..l]);
    add_n_assign(&mut r[h..], &t);
    mullo(&mut t, &a[..l], &b[h..]);
    add_n_assign(&mut r[h..], &t);
}

/// Inverse of the odd limb `a` modulo `2^64` (Newton: each step doubles the correct bits).
pub(crate) fn inv_limb(a: u64) -> u64 {
    debug_assert!(a & 1 == 1);
    // `a * a == 1 (mod 8)` for odd `a`, so `a` is its own inverse to 3 bits; `3a ^ 2` to 5.
    let mut x = a.wrapping_mul(3) ^ 2;
    for _ in 0..4 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

/// The inverse of odd `a` modulo `2^(64 n)` (`n` limbs; `a` is read as its low `n` limbs,
/// zero-extended). Hensel lifting `x <- x * (2 - a * x)`, doubling the precision each time.
pub(crate) fn inv_mod_pow2(a: &[u64], n: usize) -> Vec<u64> {
    debug_assert!(!a.is_empty() && a[0] & 1 == 1 && n >= 1);
    let mut x = vec![0u64; n];
    x[0] = inv_limb(a[0]);
    let mut a_low = vec![0u64; n];
    let take = a.len().min(n);
    a_low[..take].copy_from_slice(&a[..take]);
    let mut t = vec![0u64; n];
    let mut u = vec![0u64; n];
    let mut p = 1;
    while p < n {
        let p2 = (2 * p).min(n);
        // t = 2 - a * x (mod 2^(64 p2)), then x = x * t.
        mullo(&mut t[..p2], &a_low[..p2], &x[..p2]);
        negate(&mut t[..p2]);
        super::super::add_1_assign(&mut t[..p2], 2);
        u[..p2].copy_from_slice(&x[..p2]);
        mullo(&mut x[..p2], &u[..p2], &t[..p2]);
        p = p2;
    }
    x
}

/// `r = -r mod 2^(64 r.len())`.
pub(crate) fn negate(r: &mut [u64]) {
    let mut carry = true;
    for x in r.iter_mut() {
        let (v, c) = (!*x).overflowing_add(carry as u64);
        *x = v;
        carry = c;
    }
}

/// Keeps the low `k` bits of `r` (`r.len() == ceil(k / 64)`).
pub(crate) fn mask_bits(r: &mut [u64], k: u64) {
    let rem = (k % 64) as u32;
    if rem != 0 {
        if let Some(top) = r.last_mut() {
            *top &= (1u64 << rem) - 1;
        }
    }
}

/// Integers modulo `2^k`, `k <= 64`.
struct Ring64 {
    mask: u64,
}

impl PowRing for Ring64 {
    type Elem = u64;
    fn sqr(&mut self, x: &mut u64) {
        *x = x.wrapping_mul(*x) & self.mask;
    }
    fn mul(&mut self, x: &mut u64, y: &u64) {
        *x = x.wrapping_mul(*y) & self.mask;
    }
}

/// Integers modulo `2^k`, `64 < k <= 128`.
struct Ring128 {
    mask: u128,
}

impl PowRing for Ring128 {
    type Elem = u128;
    fn sqr(&mut self, x: &mut u128) {
        *x = x.wrapping_mul(*x) & self.mask;
    }
    fn mul(&mut self, x: &mut u128, y: &u128) {
        *x = x.wrapping_mul(*y) & self.mask;
    }
}

/// Integers modulo `2^k` on `ceil(k / 64)` limbs.
struct RingLimbs {
    k: u64,
    t: Vec<u64>,
}

impl PowRing for RingLimbs {
    type Elem = Vec<u64>;
    fn sqr(&mut self, x: &mut Vec<u64>) {
        mullo(&mut self.t, x, x);
        mask_bits(&mut self.t, self.k);
        x.copy_from_slice(&self.t);
    }
    fn mul(&mut self, x: &mut Vec<u64>, y: &Vec<u64>) {
        mullo(&mut self.t, x, y);
        mask_bits(&mut self.t, self.k);
        x.copy_from_slice(&self.t);
    }
}

/// `base ^ exp mod 2^k` on exactly `ceil(k / 64)` limbs (`k >= 1`; `exp` normalised).
pub(crate) fn pow_mod_pow2(base: &[u64], exp: &[u64], k: u64) -> Vec<u64> {
    let kl = k.div_ceil(64) as usize;
    let mut out = vec![0u64; kl];
    let mut b = vec![0u64; kl];
    let take = base.len().min(kl);
    b[..take].copy_from_slice(&base[..take]);
    mask_bits(&mut b, k);
    if exp.is_empty() {
        out[0] = u64::from(k > 0);
        return out;
    }
    let bn = normalized_len(&b);
    if bn == 0 {
        return out;
    }
    let first = b.iter().position(|&x| x != 0).unwrap_or(0);
    let tz = first as u64 * 64 + u64::from(b[first].trailing_zeros());
    // Even base: the result is divisible by 2^(tz * exp), which is 0 once tz * exp >= k.
    if tz > 0 && (exp.len() > 1 || exp[0].saturating_mul(tz) >= k) {
        return out;
    }
    // Odd base: the unit group mod 2^k has exponent 2^(k-2) (k >= 3), so reduce `exp`.
    let mut e_buf;
    let mut exp = exp;
    if tz == 0 && k >= 3 && super::window::bit_len(exp) > k - 2 {
        let bits = k - 2;
        e_buf = exp[..bits.div_ceil(64) as usize].to_vec();
        mask_bits(&mut e_buf, bits);
        let n = normalized_len(&e_buf);
        if n == 0 {
            out[0] = 1;
            return out;
        }
        exp = &e_buf[..n];
    }
    if k <= 64 {
        let mask = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        out[0] = window_pow(&mut Ring64 { mask }, b[0], exp);
    } else if k <= 128 {
        let mask = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        let v = window_pow(&mut Ring128 { mask }, u128::from(b[0]) | (u128::from(b[1]) << 64), exp);
        out[0] = v as u64;
        out[1] = (v >> 64) as u64;
    } else {
        out = window_pow(&mut RingLimbs { k, t: vec![0u64; kl] }, b, exp);
    }
    out
}
