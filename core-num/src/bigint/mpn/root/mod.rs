//! Integer roots: `floor(a^(1/n))`.
//!
//! ```text
//! root(a, n), r = floor(a^(1/n)) with about b bits:
//!     a fits u128           -> isqrt, or a float estimate corrected by exact powers
//!     b <= 64               -> float estimate from the top 64 bits of a (log / exp series),
//!                              then one Newton step from above and a final correction
//!     otherwise             -> r' = root(a >> n h, n) with h ~ b / 2, x0 = (r' + 1) 2^h >= r,
//!                              x1 = ((n-1) x0 + a / x0^(n-1)) / n, which is r or r + 1,
//!                              then x1 -= 1 while x1^n > a
//! ```
//!
//! The Newton step from above never goes below `r`, and from `x0 - a^(1/n) <= 2^h` it lands
//! within `(n-1) 2^(2h) / (2 a^(1/n)) < 1/2` of the root, so the recursion only pays for one
//! division and one power at each halving of the precision (Brent & Zimmermann, MCA §1.5.1).

#[cfg(test)]
mod tests;

use alloc::vec;
use alloc::vec::Vec;

use super::div::{div_rem, div_rem_1};
use super::kernels::mul_1;
use super::pow::{bit_len, pow, shl_bits, shr_bits};
use super::{add_assign, cmp, normalized, normalized_len, sub_1_assign};

/// `floor(sqrt(a))` (normalised).
pub(crate) fn sqrt(a: &[u64]) -> Vec<u64> {
    nth_root(a, 2)
}

/// `floor(a^(1/n))` for `n >= 1` (normalised; `n == 0` is treated as 1).
pub(crate) fn nth_root(a: &[u64], n: u32) -> Vec<u64> {
    let a = normalized(a);
    if a.is_empty() || n <= 1 {
        return a.to_vec();
    }
    let bits = bit_len(a);
    if u64::from(n) >= bits {
        // 1 <= a < 2^bits <= 2^n.
        return vec![1];
    }
    if a.len() <= 2 {
        let v = a.iter().rev().fold(0u128, |acc, &l| (acc << 64) | u128::from(l));
        return from_u128(root_u128(v, n));
    }
    let rb = bits.div_ceil(u64::from(n));
    if rb <= 64 {
        return root_small(a, n);
    }
    // Lower bound on the root's bit length, and a shift h with (n-1) 2^(2h) / 2^(rl-1) <= 1/2.
    let rl = (bits - 1) / u64::from(n) + 1;
    let h = (rl - 2 - u64::from(32 - (n - 1).leading_zeros())) / 2;
    let top = nth_root(&shr_bits(a, u64::from(n) * h), n);
    // d = r' + 1, x0 = d 2^h; x0^(n-1) = d^(n-1) 2^(h (n-1)).
    let mut d = top;
    d.push(0);
    super::add_1_assign(&mut d, 1);
    d.truncate(normalized_len(&d));
    let num = shr_bits(a, h * u64::from(n - 1));
    let q = if n == 2 { quotient(&num, &d) } else { quotient(&num, &pow(&d, u64::from(n - 1))) };
    let mut t = vec![0u64; d.len() + 1];
    t[d.len()] = mul_1(&mut t[..d.len()], &d, u64::from(n - 1));
    let mut t = shl_bits(&t, h);
    t.resize(t.len().max(q.len()) + 1, 0);
    add_assign(&mut t, &q);
    let x1 = div_small(&t, n);
    correct(a, n, x1)
}

/// From any `x >= floor(a^(1/n))`: the root, by decrements and then Newton steps from above.
fn correct(a: &[u64], n: u32, mut x: Vec<u64>) -> Vec<u64> {
    let mut tries = 0;
    loop {
        if cmp(&pow(&x, u64::from(n)), a).is_le() {
            return x;
        }
        tries += 1;
        if tries <= 2 {
            sub_1_assign(&mut x, 1);
            x.truncate(normalized_len(&x));
        } else {
            x = newton_step(a, n, &x);
        }
    }
}

/// `((n-1) x + a / x^(n-1)) / n` for non-zero `x`.
fn newton_step(a: &[u64], n: u32, x: &[u64]) -> Vec<u64> {
    let q = quotient(a, &pow(x, u64::from(n - 1)));
    let mut t = vec![0u64; x.len() + 1];
    t[x.len()] = mul_1(&mut t[..x.len()], x, u64::from(n - 1));
    t.resize(t.len().max(q.len()) + 1, 0);
    add_assign(&mut t, &q);
    div_small(&t, n)
}

/// `floor(a / b)` (normalised), `b` normalised and non-zero.
fn quotient(a: &[u64], b: &[u64]) -> Vec<u64> {
    let a = normalized(a);
    if a.len() < b.len() {
        return Vec::new();
    }
    let mut q = vec![0u64; a.len() - b.len() + 1];
    let mut r = vec![0u64; b.len()];
    div_rem(&mut q, &mut r, a, b);
    q.truncate(normalized_len(&q));
    q
}

/// `floor(t / n)` (normalised).
fn div_small(t: &[u64], n: u32) -> Vec<u64> {
    let mut q = vec![0u64; t.len()];
    div_rem_1(&mut q, t, u64::from(n));
    q.truncate(normalized_len(&q));
    q
}

fn from_u128(v: u128) -> Vec<u64> {
    let mut r = vec![v as u64, (v >> 64) as u64];
    r.truncate(normalized_len(&r));
    r
}

/// `x^n <= a` in `u128`, without overflow.
fn pow_le(x: u128, n: u32, a: u128) -> bool {
    x.checked_pow(n).is_some_and(|p| p <= a)
}

/// `floor(a^(1/n))` for `n >= 2`.
fn root_u128(a: u128, n: u32) -> u128 {
    if n == 2 {
        return if a >> 64 == 0 { u128::from((a as u64).isqrt()) } else { a.isqrt() };
    }
    let est = estimate(&[a as u64, (a >> 64) as u64], n) as u128;
    let mut x = est.max(1);
    while !pow_le(x, n, a) {
        x -= 1;
    }
    while pow_le(x + 1, n, a) {
        x += 1;
    }
    x
}

/// The root when it has at most 64 bits and `a` has at least three limbs.
fn root_small(a: &[u64], n: u32) -> Vec<u64> {
    let est = estimate(a, n);
    if est < 1 << 40 {
        // The estimate is within one of the root: step to it by exact powers.
        let mut x = est.max(1);
        while x > 1 && cmp(&pow(&[x], u64::from(n)), a).is_gt() {
            x -= 1;
        }
        while cmp(&pow(&[x + 1], u64::from(n)), a).is_le() {
            x += 1;
        }
        return vec![x];
    }
    // Relative error ~2^-50: start just above and take one Newton step from above.
    let x0 = est.saturating_add(est >> 40).saturating_add(2);
    let mut x = vec![x0];
    if cmp(&pow(&x, u64::from(n)), a).is_le() {
        // The estimate was off: any power of two above the root works.
        x = shl_bits(&[1], bit_len(a).div_ceil(u64::from(n)));
    }
    let x1 = newton_step(a, n, &x);
    correct(a, n, x1)
}

/// `a^(1/n)` to about 50 bits from the top 64 bits of `a`, saturated to `u64`.
fn estimate(a: &[u64], n: u32) -> u64 {
    let bits = bit_len(a);
    if bits == 0 {
        return 0;
    }
    // a ~ t 2^e with t the top 64 bits (top bit set).
    let e = bits.saturating_sub(64);
    let t = if bits <= 64 {
        a[0] << (64 - bits)
    } else {
        let li = (e / 64) as usize;
        let off = (e % 64) as u32;
        let lo = a[li] >> off;
        if off == 0 {
            lo
        } else {
            lo | (a[li + 1] << (64 - off))
        }
    };
    // log2 a = (bits - 1) + log2(t / 2^63)
    let m = t as f64 / 9_223_372_036_854_775_808.0;
    let l = (bits - 1) as f64 + ln_1_2(m) / core::f64::consts::LN_2;
    let y = l / f64::from(n);
    let iy = y as u64;
    if iy >= 64 {
        return u64::MAX;
    }
    let frac = y - iy as f64;
    let scale = f64::from_bits((iy + 1023) << 52);
    (exp2_01(frac) * scale) as u64
}

/// `ln m` for `m` in `[1, 2]`: `2 atanh((m - 1) / (m + 1))` by its series (`|z| <= 1/3`).
fn ln_1_2(m: f64) -> f64 {
    let z = (m - 1.0) / (m + 1.0);
    let z2 = z * z;
    let mut term = z;
    let mut sum = 0.0;
    let mut k = 1.0;
    for _ in 0..20 {
        sum += term / k;
        term *= z2;
        k += 2.0;
    }
    2.0 * sum
}

/// `2^f` for `f` in `[0, 1)` by the exponential series.
fn exp2_01(f: f64) -> f64 {
    let x = f * core::f64::consts::LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..20 {
        term *= x / f64::from(k);
        sum += term;
    }
    sum
}
