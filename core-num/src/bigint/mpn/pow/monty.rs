//! Montgomery arithmetic modulo an odd `m` of `n` limbs, `R = 2^(64 n)`.
//!
//! An element `x` is held as `x R mod m`, fully reduced. A product is a full product followed
//! by REDC, which divides by `R` modulo `m`:
//!
//! ```text
//! for i in 0..n:  q = t[i] * (-1/m mod 2^64);  t += q * m << 64 i   (t[i] becomes 0)
//! r = t >> 64 n;  if r >= m { r -= m }
//! ```
//!
//! The carry of row `i` is parked in the freed limb `t[i]` and all carries are added at the
//! end (the "separated" REDC of Koç, Acar & Kaliski). Squaring uses `sqr` (half the limb
//! products of `mul`). Four shapes: one limb in `u64`/`u128`, 2..=7 limbs on fixed arrays the
//! compiler unrolls, longer moduli on slices with the `addmul_1` kernel, and from
//! `POW_REDC_MUL` limbs a REDC built from two products, `q = lo(t * m') mod R` and
//! `(t + q m) / R`, so that Karatsuba and Toom apply to the reduction too.

use alloc::vec;
use alloc::vec::Vec;

use super::super::div::div_rem;
use super::super::kernels::addmul_1;
use super::super::mul::{mul, sqr};
use super::super::thresholds::POW_REDC_MUL;
use super::super::{add_n, add_n_assign, cmp_n, sub_n_assign};
use super::lowmul::{inv_limb, inv_mod_pow2, mullo, negate};
use super::window::{window_pow, PowRing};
use core::cmp::Ordering;

/// `a R mod m` for `a < m` given on `m.len()` limbs (one division).
fn to_mont(a: &[u64], m: &[u64]) -> Vec<u64> {
    let n = m.len();
    let mut num = vec![0u64; 2 * n];
    num[n..].copy_from_slice(a);
    let mut q = vec![0u64; n + 1];
    let mut r = vec![0u64; n];
    div_rem(&mut q, &mut r, &num, m);
    r
}

/// `base ^ exp mod m` for odd `m > 1` (normalised), `base < m` on `m.len()` limbs, `exp`
/// normalised and non-zero. Returns `m.len()` limbs.
pub(crate) fn modpow_odd(base: &[u64], exp: &[u64], m: &[u64]) -> Vec<u64> {
    let n = m.len();
    debug_assert!(n >= 1 && m[0] & 1 == 1 && base.len() == n);
    match n {
        1 => vec![Mont64::new(m[0]).pow(base[0], exp)],
        2 => fixed_pow::<2>(base, exp, m),
        3 => fixed_pow::<3>(base, exp, m),
        4 => fixed_pow::<4>(base, exp, m),
        5 => fixed_pow::<5>(base, exp, m),
        6 => fixed_pow::<6>(base, exp, m),
        7 => fixed_pow::<7>(base, exp, m),
        _ => slices_pow(base, exp, m, n >= POW_REDC_MUL),
    }
}

/// The slice-based path; `redc_mul` picks REDC by two products.
pub(super) fn slices_pow(base: &[u64], exp: &[u64], m: &[u64], redc_mul: bool) -> Vec<u64> {
    let mut ring = MontSlices::new(m, redc_mul);
    let b = to_mont(base, m);
    let x = window_pow(&mut ring, b, exp);
    ring.leave(&x)
}

/// One-limb modulus: products in `u128`.
struct Mont64 {
    m: u64,
    /// `-1/m mod 2^64`.
    minv: u64,
}

impl Mont64 {
    fn new(m: u64) -> Self {
        Mont64 { m, minv: inv_limb(m).wrapping_neg() }
    }

    #[inline(always)]
    fn redc(&self, t: u128) -> u64 {
        let q = (t as u64).wrapping_mul(self.minv);
        let (s, c) = t.overflowing_add(u128::from(q) * u128::from(self.m));
        let hi = (s >> 64) as u64;
        // The true value is hi + c * 2^64 < 2m.
        if c || hi >= self.m {
            hi.wrapping_sub(self.m)
        } else {
            hi
        }
    }

    fn pow(mut self, base: u64, exp: &[u64]) -> u64 {
        let b = ((u128::from(base) << 64) % u128::from(self.m)) as u64;
        let x = window_pow(&mut self, b, exp);
        self.redc(u128::from(x))
    }
}

impl PowRing for Mont64 {
    type Elem = u64;
    #[inline(always)]
    fn sqr(&mut self, x: &mut u64) {
        *x = self.redc(u128::from(*x) * u128::from(*x));
    }
    #[inline(always)]
    fn mul(&mut self, x: &mut u64, y: &u64) {
        *x = self.redc(u128::from(*x) * u128::from(*y));
    }
}

/// `N`-limb modulus, `2 <= N <= 7`, on arrays (the loops unroll; no kernel calls).
struct FixedMont<const N: usize> {
    m: [u64; N],
    minv: u64,
}

/// `base ^ exp mod m` for an `N`-limb odd `m` (same contract as [`modpow_odd`]).
pub(super) fn fixed_pow<const N: usize>(base: &[u64], exp: &[u64], m: &[u64]) -> Vec<u64> {
    let mut ring =
        FixedMont::<N> { m: m.try_into().unwrap_or([0; N]), minv: inv_limb(m[0]).wrapping_neg() };
    let b: [u64; N] = to_mont(base, m).as_slice().try_into().unwrap_or([0; N]);
    let x = window_pow(&mut ring, b, exp);
    let mut t = [0u64; 16];
    t[..N].copy_from_slice(&x);
    ring.redc(&mut t).to_vec()
}

impl<const N: usize> FixedMont<N> {
    /// REDC of the `2N`-limb `t[..2N]`.
    #[inline(always)]
    fn redc(&self, t: &mut [u64; 16]) -> [u64; N] {
        for i in 0..N {
            let q = t[i].wrapping_mul(self.minv);
            let mut c = 0u64;
            for j in 0..N {
                let p =
                    u128::from(q) * u128::from(self.m[j]) + u128::from(t[i + j]) + u128::from(c);
                t[i + j] = p as u64;
                c = (p >> 64) as u64;
            }
            t[i] = c;
        }
        let mut r = [0u64; N];
        let mut carry = false;
        for i in 0..N {
            let (s1, c1) = t[N + i].overflowing_add(t[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            r[i] = s2;
            carry = c1 | c2;
        }
        if carry || cmp_n(&r, &self.m) != Ordering::Less {
            sub_n_assign(&mut r, &self.m);
        }
        r
    }
}

impl<const N: usize> PowRing for FixedMont<N> {
    type Elem = [u64; N];

    fn sqr(&mut self, x: &mut [u64; N]) {
        let a = *x;
        let mut t = [0u64; 16];
        // Products a[i] a[j], i < j, then doubled, then the squares a[i]^2.
        for i in 0..N {
            let mut c = 0u64;
            for j in i + 1..N {
                let p = u128::from(a[i]) * u128::from(a[j]) + u128::from(t[i + j]) + u128::from(c);
                t[i + j] = p as u64;
                c = (p >> 64) as u64;
            }
            t[i + N] = c;
        }
        let mut top = 0u64;
        for limb in t.iter_mut().take(2 * N) {
            let v = *limb;
            *limb = (v << 1) | top;
            top = v >> 63;
        }
        let mut c = 0u64;
        for i in 0..N {
            let p = u128::from(a[i]) * u128::from(a[i]);
            let lo = u128::from(t[2 * i]) + (p as u64 as u128) + u128::from(c);
            t[2 * i] = lo as u64;
            let hi = u128::from(t[2 * i + 1]) + (p >> 64) + (lo >> 64);
            t[2 * i + 1] = hi as u64;
            c = (hi >> 64) as u64;
        }
        *x = self.redc(&mut t);
    }

    fn mul(&mut self, x: &mut [u64; N], y: &[u64; N]) {
        let mut t = [0u64; 16];
        for i in 0..N {
            let mut c = 0u64;
            for j in 0..N {
                let p = u128::from(x[j]) * u128::from(y[i]) + u128::from(t[i + j]) + u128::from(c);
                t[i + j] = p as u64;
                c = (p >> 64) as u64;
            }
            t[i + N] = c;
        }
        *x = self.redc(&mut t);
    }
}

/// Modulus of 8 limbs and more, on slices.
struct MontSlices {
    m: Vec<u64>,
    minv: u64,
    /// Product scratch, `2n` limbs.
    t: Vec<u64>,
    /// For REDC by products: `-1/m mod R` and scratch (`n` and `2n` limbs).
    big: Option<(Vec<u64>, Vec<u64>, Vec<u64>)>,
}

impl MontSlices {
    fn new(m: &[u64], redc_mul: bool) -> Self {
        let n = m.len();
        let big = redc_mul.then(|| {
            let mut mi = inv_mod_pow2(m, n);
            negate(&mut mi);
            (mi, vec![0u64; n], vec![0u64; 2 * n])
        });
        MontSlices { m: m.to_vec(), minv: inv_limb(m[0]).wrapping_neg(), t: vec![0u64; 2 * n], big }
    }

    /// `r = t / R mod m`, reading (and clobbering) `self.t`.
    fn redc(&mut self, r: &mut [u64]) {
        let n = self.m.len();
        let t = &mut self.t;
        let carry = if let Some((mi, q, p)) = &mut self.big {
            mullo(q, &t[..n], mi);
            mul(p, q, &self.m);
            // The low half of t + q m is zero, with a carry out of it unless t's low half is.
            let c = add_n_assign(t, p);
            r.copy_from_slice(&t[n..]);
            c != 0
        } else {
            for i in 0..n {
                let q = t[i].wrapping_mul(self.minv);
                t[i] = addmul_1(&mut t[i..i + n], &self.m, q);
            }
            add_n(r, &t[n..], &t[..n]) != 0
        };
        if carry || cmp_n(r, &self.m) != Ordering::Less {
            sub_n_assign(r, &self.m);
        }
    }

    /// Leaves Montgomery form: `x / R mod m`.
    fn leave(&mut self, x: &[u64]) -> Vec<u64> {
        let n = self.m.len();
        self.t[..n].copy_from_slice(x);
        self.t[n..].fill(0);
        let mut r = vec![0u64; n];
        self.redc(&mut r);
        r
    }
}

impl PowRing for MontSlices {
    type Elem = Vec<u64>;

    fn sqr(&mut self, x: &mut Vec<u64>) {
        sqr(&mut self.t, x);
        self.redc(x);
    }

    fn mul(&mut self, x: &mut Vec<u64>, y: &Vec<u64>) {
        mul(&mut self.t, x, y);
        self.redc(x);
    }
}
