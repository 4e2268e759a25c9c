//! Powers: `pow` (exact) and `modpow` (modular).
//!
//! ```text
//! modpow(b, e, m):
//!     m odd        -> Montgomery arithmetic, left-to-right sliding window over e
//!     m = 2^k * o  -> x1 = b^e mod o  (Montgomery)
//!                     x2 = b^e mod 2^k (products truncated to k bits)
//!                     x  = x1 + o * ((x2 - x1) / o mod 2^k)       (Garner's CRT)
//! pow(b, e):  b = b' 2^t, b' odd;  left-to-right square and multiply on b', then shift by t e
//! ```
//!
//! References: P. Montgomery, "Modular multiplication without trial division" (1985);
//! Brent & Zimmermann, "Modern Computer Arithmetic" §2.4 (Montgomery, Hensel), §2.6
//! (sliding windows), §2.7 (CRT).

mod lowmul;
mod monty;
#[cfg(test)]
pub(crate) mod tests;
mod window;

use alloc::vec;
use alloc::vec::Vec;

use super::div::div_rem;
use super::kernels::mul_1;
use super::mul::{mul, mul_alloc, sqr};
use super::{add_assign, normalized, normalized_len, sub_n_assign};

pub(crate) use window::bit_len;

/// `base ^ exp mod m` (normalised; empty = 0). `m` must be non-zero; `m == 1` gives 0 and
/// `exp == 0` gives `1 mod m`. Inputs may carry high zero limbs.
pub(crate) fn modpow(base: &[u64], exp: &[u64], m: &[u64]) -> Vec<u64> {
    let m = normalized(m);
    let exp = normalized(exp);
    if m.is_empty() || (m.len() == 1 && m[0] == 1) {
        return Vec::new();
    }
    if exp.is_empty() {
        return vec![1];
    }
    let n = m.len();
    let base = reduce(base, m);
    // m = 2^k * o with o odd.
    let zl = m.iter().take_while(|&&x| x == 0).count();
    let k = zl as u64 * 64 + u64::from(m[zl].trailing_zeros());
    let mut out = if k == 0 {
        monty::modpow_odd(&base, exp, m)
    } else {
        let o = shr_bits(m, k);
        let x2 = lowmul::pow_mod_pow2(&base, exp, k);
        if o.len() == 1 && o[0] == 1 {
            x2
        } else {
            let ob = reduce(&base, &o);
            let x1 = monty::modpow_odd(&ob, exp, &o);
            garner(&x1, &x2, &o, k)
        }
    };
    out.truncate(normalized_len(&out));
    debug_assert!(out.len() <= n);
    out
}

/// `a mod m` on exactly `m.len()` limbs (`m` normalised, non-zero).
fn reduce(a: &[u64], m: &[u64]) -> Vec<u64> {
    let a = normalized(a);
    let n = m.len();
    let mut r = vec![0u64; n];
    if a.len() < n || (a.len() == n && super::cmp_n(a, m).is_lt()) {
        r[..a.len()].copy_from_slice(a);
    } else {
        let mut q = vec![0u64; a.len() - n + 1];
        div_rem(&mut q, &mut r, a, m);
    }
    r
}

/// The unique `x < o 2^k` with `x = x1 (mod o)` and `x = x2 (mod 2^k)`; `o` odd, `x1 < o`,
/// `x2 < 2^k` on `ceil(k / 64)` limbs.
fn garner(x1: &[u64], x2: &[u64], o: &[u64], k: u64) -> Vec<u64> {
    let kl = x2.len();
    // d = (x2 - x1) mod 2^k
    let mut d = x2.to_vec();
    let x1n = normalized(x1);
    let mut x1_low = vec![0u64; kl];
    let take = x1n.len().min(kl);
    x1_low[..take].copy_from_slice(&x1n[..take]);
    sub_n_assign(&mut d, &x1_low);
    lowmul::mask_bits(&mut d, k);
    // t = d / o mod 2^k
    let oi = lowmul::inv_mod_pow2(o, kl);
    let mut t = vec![0u64; kl];
    lowmul::mullo(&mut t, &d, &oi);
    lowmul::mask_bits(&mut t, k);
    let mut x = mul_any(o, &t);
    x.resize(x.len().max(x1n.len()) + 1, 0);
    add_assign(&mut x, x1n);
    x
}

/// `a >> s` bits, normalised.
pub(crate) fn shr_bits(a: &[u64], s: u64) -> Vec<u64> {
    let a = normalized(a);
    let limbs = (s / 64) as usize;
    if limbs >= a.len() {
        return Vec::new();
    }
    let bits = (s % 64) as u32;
    let mut r = a[limbs..].to_vec();
    if bits != 0 {
        super::shr_assign(&mut r, bits);
    }
    r.truncate(normalized_len(&r));
    r
}

/// `a << s` bits, normalised.
pub(crate) fn shl_bits(a: &[u64], s: u64) -> Vec<u64> {
    let a = normalized(a);
    if a.is_empty() {
        return Vec::new();
    }
    let limbs = (s / 64) as usize;
    let bits = (s % 64) as u32;
    let mut r = vec![0u64; limbs + a.len() + 1];
    if bits == 0 {
        r[limbs..limbs + a.len()].copy_from_slice(a);
    } else {
        let n = a.len();
        r[limbs + n] = super::shl(&mut r[limbs..limbs + n], a, bits);
    }
    r.truncate(normalized_len(&r));
    r
}

/// `a * b` for any lengths, normalised.
pub(crate) fn mul_any(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = mul_alloc(normalized(a), normalized(b));
    r.truncate(normalized_len(&r));
    r
}

/// `base ^ exp` (normalised; `0^0 = 1`).
///
/// # Panics
///
/// When the result would have more than `u64::MAX` bits (it could not be allocated anyway).
pub(crate) fn pow(base: &[u64], exp: u64) -> Vec<u64> {
    let b = normalized(base);
    if exp == 0 {
        return vec![1];
    }
    if b.is_empty() {
        return Vec::new();
    }
    // b = odd * 2^tz: the power of two becomes a shift.
    let zl = b.iter().take_while(|&&x| x == 0).count();
    let tz = zl as u64 * 64 + u64::from(b[zl].trailing_zeros());
    let shift = tz.checked_mul(exp).expect("power too large");
    let odd = if tz == 0 { b.to_vec() } else { shr_bits(b, tz) };
    let p = pow_odd(&odd, exp);
    if shift == 0 {
        p
    } else {
        shl_bits(&p, shift)
    }
}

/// `b ^ exp` for normalised non-zero `b`, `exp >= 1`: left-to-right binary powering.
fn pow_odd(b: &[u64], exp: u64) -> Vec<u64> {
    if b.len() == 1 {
        if b[0] == 1 {
            return vec![1];
        }
        // Small results in one machine word pair.
        let bits = 64 - u64::from(b[0].leading_zeros());
        if bits.saturating_mul(exp) <= 128 {
            let mut r: u128 = 1;
            for _ in 0..exp {
                r *= u128::from(b[0]);
            }
            let mut v = vec![r as u64, (r >> 64) as u64];
            v.truncate(normalized_len(&v));
            return v;
        }
    }
    let bits = bit_len(b);
    let cap = (bits.saturating_mul(exp) / 64 + 2) as usize;
    let mut acc = Vec::with_capacity(cap);
    acc.extend_from_slice(b);
    let mut tmp: Vec<u64> = Vec::with_capacity(cap);
    let top = 63 - exp.leading_zeros();
    for i in (0..top).rev() {
        tmp.clear();
        tmp.resize(2 * acc.len(), 0);
        sqr(&mut tmp, &acc);
        tmp.truncate(normalized_len(&tmp));
        core::mem::swap(&mut acc, &mut tmp);
        if (exp >> i) & 1 == 1 {
            tmp.clear();
            tmp.resize(acc.len() + b.len(), 0);
            if b.len() == 1 {
                let n = acc.len();
                tmp[n] = mul_1(&mut tmp[..n], &acc, b[0]);
            } else {
                mul(&mut tmp, &acc, b);
            }
            tmp.truncate(normalized_len(&tmp));
            core::mem::swap(&mut acc, &mut tmp);
        }
    }
    acc
}
