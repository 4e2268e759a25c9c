//! Multiplication of very long numbers by a three-prime number-theoretic transform.
//!
//! Each limb is one coefficient of a polynomial (`a = sum a_i x^i` at `x = 2^64`). The cyclic
//! convolution of the two coefficient vectors, of length `N` (the least `2^k` or `3 2^k` that
//! is at least `a.len() + b.len() - 1`), is computed modulo three primes `p < 2^62` with
//! `3 2^51 | p - 1`, so a primitive `N`-th root of unity exists for every such `N <= 2^51`:
//!
//! ```text
//! for each prime p:  A = NTT(a mod p), B = NTT(b mod p), C = A * B pointwise,
//!                    c mod p = NTT^-1(C) / N
//! c_i = CRT(c_i mod p0, c_i mod p1, c_i mod p2)      (Garner's method)
//! r   = sum c_i 2^(64 i)                              (carry propagation)
//! ```
//!
//! Each exact coefficient is below `min(a.len(), b.len()) 2^128`, and the three primes'
//! product is above `2^185`, so the CRT recovers it exactly for operands of fewer than `2^57`
//! limbs; the transform length bounds the product at `MAX_LEN = 2^50` limbs (far beyond
//! memory; callers check it and use Toom above it). Squaring needs one forward transform per
//! prime instead of two.
//!
//! Arithmetic modulo `p` is Montgomery's (`R = 2^64`, REDC through `u128`) with lazy reduction
//! in the style of D. Harvey ("Faster arithmetic for number-theoretic transforms", 2014):
//! values stay in `[0, 2p)` or `[0, 4p)` and are fully reduced only at the end. The power-of-two
//! forward transform is a decimation-in-frequency (Gentleman–Sande) radix-2 transform, natural
//! order in, bit-reversed order out; the inverse is decimation-in-time (Cooley–Tukey),
//! bit-reversed in, natural out, so no permutation is ever done. Both recurse on halves once
//! the array outgrows `BLOCK`, so the inner stages run in cache. A length `3M` adds one
//! radix-3 stage in front of three transforms of length `M` (and behind the inverses), which
//! cuts the zero padding from up to 2x to up to 1.5x. Twiddles are precomputed in Montgomery
//! form once per call.
//!
//! On x86_64 with AVX-512 IFMA (and `CORE_SIMD_MAX` allowing AVX-512) the same plan runs eight
//! coefficients at a time with primes below `2^50` (`ifma.rs`), 3-4 times faster than the
//! code above. Without IFMA but with AVX2, eight 32-bit lanes run primes below `2^30` on
//! half-limb pieces (`avx2.rs`). The code above serves every other CPU and the products too
//! long for those primes (IFMA: shorter operand above `2^21` limbs, or product above `2^26`;
//! AVX2: product above `2^22`).
//!
//! [`Prepared`] keeps one operand's transforms for several products with it (the radix
//! conversions multiply many numbers by the same power), so each such product costs two
//! transforms per prime instead of three.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod ifma;

/// Longest product, in limbs, that `mul` and `sqr` handle (the transform length limit).
pub(crate) const MAX_LEN: usize = {
    let max = 1u64 << 50;
    if max > usize::MAX as u64 {
        usize::MAX
    } else {
        max as usize
    }
};

/// Transforms of at most this many elements run stage by stage (they fit the L1 cache).
const BLOCK: usize = 1024;

/// `b^e mod p`, for the constants (slow `u128` remainders; compile time only).
const fn pow_mod(b: u64, mut e: u64, p: u64) -> u64 {
    let (mut r, mut b) = (1u128, b as u128 % p as u128);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p as u128;
        }
        b = b * b % p as u128;
        e >>= 1;
    }
    r as u64
}

/// Montgomery form `x R mod p`, at compile time.
const fn mont_form(x: u64, p: u64) -> u64 {
    (((x as u128) << 64) % p as u128) as u64
}

/// A twiddle factor `w < p` with its Shoup quotient: `[w, floor(w 2^64 / p)]`.
type Twiddle = [u64; 2];

/// One NTT prime and its Montgomery constants.
#[derive(Clone, Copy)]
struct Prime {
    /// The prime, `c 2^k + 1 < 2^62` with `k >= 51` and `3 | c`.
    p: u64,
    /// `p^-1 mod 2^64`.
    pinv: u64,
    /// `R^2 mod p` (turns `x` into its Montgomery form `x R` by one REDC).
    r2: u64,
    /// `R mod p`: 1 in Montgomery form.
    one: u64,
    /// A primitive root mod `p`, in Montgomery form.
    g: u64,
}

impl Prime {
    /// The constants of the prime `p` with primitive root `g`.
    const fn new(p: u64, g: u64) -> Prime {
        let mut pinv = p; // correct to 3 bits (p odd); each Newton step doubles that
        let mut i = 0;
        while i < 5 {
            pinv = pinv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(pinv)));
            i += 1;
        }
        let one = mont_form(1, p);
        let r2 = (one as u128 * one as u128 % p as u128) as u64;
        Prime { p, pinv, r2, one, g: mont_form(g, p) }
    }

    /// `a b R^-1 mod p`, in `(0, 2p)`, for `a b < p 2^64` (e.g. `a < 4p`, `b < p`).
    #[inline(always)]
    fn mont_mul(self, a: u64, b: u64) -> u64 {
        let t = a as u128 * b as u128;
        let m = (t as u64).wrapping_mul(self.pinv);
        let mp = ((m as u128 * self.p as u128) >> 64) as u64;
        ((t >> 64) as u64).wrapping_sub(mp).wrapping_add(self.p)
    }

    /// `x w mod p` in `[0, 2p)` for any `x` and a twiddle `tw = [w, floor(w 2^64 / p)]`
    /// (V. Shoup's multiplication by a fixed factor: one high and two low products).
    #[inline(always)]
    fn mul_twiddle(self, x: u64, tw: Twiddle) -> u64 {
        let q = ((x as u128 * tw[1] as u128) >> 64) as u64;
        x.wrapping_mul(tw[0]).wrapping_sub(q.wrapping_mul(self.p))
    }

    /// `x mod p` for `x < 2p`.
    #[inline(always)]
    fn reduce(self, x: u64) -> u64 {
        if x >= self.p {
            x - self.p
        } else {
            x
        }
    }

    /// `x mod 2p` for `x < 4p`.
    #[inline(always)]
    fn reduce2(self, x: u64) -> u64 {
        let p2 = 2 * self.p;
        if x >= p2 {
            x - p2
        } else {
            x
        }
    }

    /// Montgomery form `x R mod p` of `x < 4p`, fully reduced.
    #[inline]
    fn to_mont(self, x: u64) -> u64 {
        self.reduce(self.mont_mul(x, self.r2))
    }

    /// `x y mod p` for Montgomery forms, fully reduced.
    #[inline]
    fn mul_mont(self, x: u64, y: u64) -> u64 {
        self.reduce(self.mont_mul(x, y))
    }

    /// `x^e` for a Montgomery form `x`, in Montgomery form.
    fn pow_mont(self, mut x: u64, mut e: u64) -> u64 {
        let mut r = self.one;
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul_mont(r, x);
            }
            x = self.mul_mont(x, x);
            e >>= 1;
        }
        r
    }

    /// The twiddle of the factor whose Montgomery form is `x` (`0 < x < p`): the factor
    /// `w = x R^-1` and `floor(w 2^64 / p)`. As `w 2^64 = w R` leaves the remainder `x`, the
    /// quotient is the exact division `(w 2^64 - x) / p`, i.e. `-x p^-1 mod 2^64`.
    #[inline]
    fn twiddle(self, x: u64) -> Twiddle {
        [self.reduce(self.mont_mul(x, 1)), x.wrapping_neg().wrapping_mul(self.pinv)]
    }

    /// `out[j] = x^j` (Montgomery forms) for `j < out.len()`, in eight independent chains.
    fn powers(self, x: u64, out: &mut [u64]) {
        const LANES: usize = 8;
        let mut y = self.one;
        for o in out.iter_mut().take(LANES) {
            *o = y;
            y = self.mul_mont(y, x);
        }
        for j in LANES..out.len() {
            out[j] = self.mul_mont(out[j - LANES], y);
        }
    }
}

/// The three primes `2019 2^51 + 1`, `501 2^53 + 1`, `993 2^52 + 1` (each `c` a multiple of
/// 3), with primitive roots 10, 7 and 7. Their product is about `2^185.9`. Garner's step relies
/// on them being within a factor 2 of each other.
const PRIMES: [Prime; 3] = [
    Prime::new(4_546_383_823_830_515_713, 10),
    Prime::new(4_512_606_826_625_236_993, 7),
    Prime::new(4_472_074_429_978_902_529, 7),
];

/// The transform length `N` that a product of `len` limbs (`len >= 2`) runs at, in limbs:
/// its cost is about that of `N log N`, whatever the fill `len / N`.
pub(crate) fn padded_len(len: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if avx2_for(len, 0).is_some() {
        // Two pieces per limb, a power-of-two number of pieces.
        return (2 * len - 1).next_power_of_two() / 2;
    }
    let (m, three) = transform_len(len - 1);
    if three {
        3 * m
    } else {
        m
    }
}

/// The transform length for `len` coefficients: `(m, three)` for `N = m` or `N = 3m`, `m` a
/// power of two.
fn transform_len(len: usize) -> (usize, bool) {
    let m = len.next_power_of_two();
    if m >= 4 && 3 * (m / 4) >= len {
        (m / 4, true)
    } else {
        (m, false)
    }
}

/// The twiddles of a transform of length `N = m` or `3m` modulo one prime.
struct Plan {
    pr: Prime,
    /// Length of the power-of-two transforms.
    m: usize,
    /// Whether a radix-3 stage splits `N = 3m` into three transforms of length `m`.
    three: bool,
    /// Radix-2 twiddles: entry `h + j` is `w_2h^j` for each half-width `h < m` and `j < h`.
    w: Vec<Twiddle>,
    /// Radix-3 stage: `[w_N^j, w_N^2j]` for `j < m`.
    w3: Vec<[Twiddle; 2]>,
    /// A primitive cube root of unity `w_N^m` and its square (its inverse).
    cube: [Twiddle; 2],
}

impl Plan {
    fn new(pr: Prime, m: usize, three: bool) -> Plan {
        let n = if three { 3 * m } else { m };
        let root = pr.pow_mont(pr.g, (pr.p - 1) / n as u64);
        let root_m = if three { pr.mul_mont(pr.mul_mont(root, root), root) } else { root };

        let mut pw = vec![0u64; (m / 2).max(1)];
        pr.powers(root_m, &mut pw);
        let mut w = vec![[0u64; 2]; m.max(2)];
        let half = m / 2;
        for (j, &x) in pw.iter().enumerate().take(half) {
            w[half + j] = pr.twiddle(x);
        }
        let mut h = half / 2;
        while h >= 1 {
            for j in 0..h {
                w[h + j] = w[2 * h + 2 * j];
            }
            h /= 2;
        }

        let mut w3 = Vec::new();
        let mut cube = [[0; 2]; 2];
        if three {
            let mut pw = vec![0u64; m];
            pr.powers(root, &mut pw);
            w3.extend(pw.iter().map(|&x| [pr.twiddle(x), pr.twiddle(pr.mul_mont(x, x))]));
            let c = pr.pow_mont(root, m as u64);
            cube = [pr.twiddle(c), pr.twiddle(pr.mul_mont(c, c))];
        }
        Plan { pr, m, three, w, w3, cube }
    }

    /// Forward transform of `a` (`N` elements, values `< 2p`), output in the order `inverse`
    /// expects, values `< 2p`.
    fn forward(&self, a: &mut [u64]) {
        if self.three {
            radix3_forward(self.pr, a, &self.w3, self.cube[0]);
            for row in a.chunks_exact_mut(self.m) {
                forward(self.pr, row, &self.w);
            }
        } else {
            forward(self.pr, a, &self.w);
        }
    }

    /// Inverse of `forward` times `N`; values `< 4p` in and out.
    fn inverse(&self, a: &mut [u64]) {
        if self.three {
            for row in a.chunks_exact_mut(self.m) {
                inverse(self.pr, row, &self.w);
            }
            radix3_inverse(self.pr, a, &self.w3, self.cube);
        } else {
            inverse(self.pr, a, &self.w);
        }
    }

    /// `N^-1 R^2 mod p`: one REDC by it turns `c N R^-1` into `c`.
    fn scale(&self) -> u64 {
        let pr = self.pr;
        let n = if self.three { 3 * self.m } else { self.m } as u64;
        let n_inv = pr.pow_mont(pr.to_mont(n % pr.p), pr.p - 2);
        pr.to_mont(n_inv)
    }
}

/// The radix-3 stage of a forward transform of length `3m`: for each `j < m`, with
/// `x_i = a[j + i m]` and `w` a primitive cube root of unity,
/// `a[j + r m] = w_N^(j r) sum_i x_i w^(i r)`, computed as
/// `y0 = x0 + x1 + x2`, `y1 = x0 - x2 + w (x1 - x2)`, `y2 = x0 - x1 - w (x1 - x2)`.
/// Values `< 2p` in and out.
fn radix3_forward(pr: Prime, a: &mut [u64], tw: &[[Twiddle; 2]], cube: Twiddle) {
    let p2 = 2 * pr.p;
    let m = tw.len();
    let (r0, rest) = a.split_at_mut(m);
    let (r1, r2) = rest.split_at_mut(m);
    for (((x0, x1), x2), t) in r0.iter_mut().zip(r1.iter_mut()).zip(r2.iter_mut()).zip(tw) {
        let (u0, u1, u2) = (*x0, *x1, *x2);
        let s = pr.mul_twiddle(u1 + p2 - u2, cube);
        *x0 = pr.reduce2(u0 + pr.reduce2(u1 + u2));
        *x1 = pr.mul_twiddle(pr.reduce2(u0 + p2 - u2) + s, t[0]);
        *x2 = pr.mul_twiddle(pr.reduce2(u0 + p2 - u1) + p2 - s, t[1]);
    }
}

/// The radix-3 stage of an inverse transform, undoing `radix3_forward` up to the factor 3,
/// with the forward twiddles: for `j >= 1`, `w_N^-j = w^-1 w_N^(m-j)` and
/// `w_N^-2j = w w_N^(2(m-j))`, so with `u1 = y1 w_N^(m-j)`, `u2 = y2 w_N^(2(m-j))` the
/// outputs are `x0 = y0 - u1 - w (u1 - u2)`, `x1 = y0 - u2 + w (u1 - u2)`,
/// `x2 = y0 + u1 + u2`; `j = 0` is the plain inverse butterfly with `w^-1 = w^2`.
/// Values `< 4p` in and out.
fn radix3_inverse(pr: Prime, a: &mut [u64], tw: &[[Twiddle; 2]], cube: [Twiddle; 2]) {
    let p2 = 2 * pr.p;
    let m = tw.len();
    let (r0, rest) = a.split_at_mut(m);
    let (r1, r2) = rest.split_at_mut(m);
    {
        let (z0, z1, z2) = (pr.reduce2(r0[0]), pr.reduce2(r1[0]), pr.reduce2(r2[0]));
        let s = pr.mul_twiddle(z1 + p2 - z2, cube[1]);
        r0[0] = pr.reduce2(z0 + z1) + z2;
        r1[0] = pr.reduce2(z0 + p2 - z2) + s;
        r2[0] = pr.reduce2(z0 + p2 - z1) + p2 - s;
    }
    let rows = r0[1..].iter_mut().zip(r1[1..].iter_mut()).zip(r2[1..].iter_mut());
    for (((x0, x1), x2), t) in rows.zip(tw[1..].iter().rev()) {
        let z0 = pr.reduce2(*x0);
        let u1 = pr.mul_twiddle(*x1, t[0]);
        let u2 = pr.mul_twiddle(*x2, t[1]);
        let s = pr.mul_twiddle(u1 + p2 - u2, cube[0]);
        *x0 = pr.reduce2(z0 + p2 - u1) + p2 - s;
        *x1 = pr.reduce2(z0 + p2 - u2) + s;
        *x2 = pr.reduce2(z0 + u1) + u2;
    }
}

/// One decimation-in-frequency stage over blocks of `2m`: `(x, y) -> (x + y, (x - y) w^j)`.
/// Values in `[0, 2p)` stay in `[0, 2p)`.
#[inline]
fn dif_stage(pr: Prime, a: &mut [u64], m: usize, w: &[Twiddle]) {
    let p2 = 2 * pr.p;
    let w = &w[m..2 * m];
    for block in a.chunks_exact_mut(2 * m) {
        let (xs, ys) = block.split_at_mut(m);
        // j = 0: the twiddle is 1.
        let (x, y) = (xs[0], ys[0]);
        xs[0] = pr.reduce2(x + y);
        ys[0] = pr.reduce2(x + p2 - y);
        for ((x, y), &wj) in xs[1..].iter_mut().zip(ys[1..].iter_mut()).zip(w[1..].iter()) {
            let (u, v) = (*x, *y);
            *x = pr.reduce2(u + v);
            *y = pr.mul_twiddle(u + p2 - v, wj);
        }
    }
}

/// The last two decimation-in-frequency stages (`m = 2`, then `m = 1`) on blocks of four.
#[inline]
fn dif_last2(pr: Prime, a: &mut [u64], w: &[Twiddle]) {
    let p2 = 2 * pr.p;
    let i4 = w[3]; // w_4
    for q in a.chunks_exact_mut(4) {
        let (x0, x1, x2, x3) = (q[0], q[1], q[2], q[3]);
        let y0 = pr.reduce2(x0 + x2);
        let y2 = pr.reduce2(x0 + p2 - x2);
        let y1 = pr.reduce2(x1 + x3);
        let y3 = pr.mul_twiddle(x1 + p2 - x3, i4);
        q[0] = pr.reduce2(y0 + y1);
        q[1] = pr.reduce2(y0 + p2 - y1);
        q[2] = pr.reduce2(y2 + y3);
        q[3] = pr.reduce2(y2 + p2 - y3);
    }
}

/// One decimation-in-time stage over blocks of `2m` with the inverse twiddles:
/// `(x, y) -> (x + y w^-j, x - y w^-j)`, using `w^-j = -w^(m-j)`. Values in `[0, 4p)` stay in
/// `[0, 4p)`.
#[inline]
fn dit_stage(pr: Prime, a: &mut [u64], m: usize, w: &[Twiddle]) {
    let p2 = 2 * pr.p;
    let w = &w[m + 1..2 * m];
    for block in a.chunks_exact_mut(2 * m) {
        let (xs, ys) = block.split_at_mut(m);
        let (x, t) = (pr.reduce2(xs[0]), pr.reduce2(ys[0]));
        xs[0] = x + t;
        ys[0] = x + p2 - t;
        for ((x, y), &wj) in xs[1..].iter_mut().zip(ys[1..].iter_mut()).zip(w.iter().rev()) {
            let t = pr.mul_twiddle(*y, wj);
            let u = pr.reduce2(*x);
            *x = u + p2 - t;
            *y = u + t;
        }
    }
}

/// The first two decimation-in-time stages (`m = 1`, then `m = 2`) on blocks of four.
#[inline]
fn dit_first2(pr: Prime, a: &mut [u64], w: &[Twiddle]) {
    let p2 = 2 * pr.p;
    let i4 = w[3]; // w_4, and w_4^-1 = -w_4
    for q in a.chunks_exact_mut(4) {
        let (x0, x1) = (pr.reduce2(q[0]), pr.reduce2(q[1]));
        let (x2, x3) = (pr.reduce2(q[2]), pr.reduce2(q[3]));
        let (y0, y1) = (pr.reduce2(x0 + x1), pr.reduce2(x0 + p2 - x1));
        let (y2, y3) = (pr.reduce2(x2 + x3), x2 + p2 - x3);
        let t = pr.mul_twiddle(y3, i4);
        q[0] = y0 + y2;
        q[2] = y0 + p2 - y2;
        q[1] = y1 + p2 - t;
        q[3] = y1 + t;
    }
}

/// Forward transform in place: natural order in (values `< 2p`), bit-reversed order out
/// (values `< 2p`), without the `1/N`.
fn forward(pr: Prime, a: &mut [u64], w: &[Twiddle]) {
    let n = a.len();
    if n > BLOCK {
        dif_stage(pr, a, n / 2, w);
        let (lo, hi) = a.split_at_mut(n / 2);
        forward(pr, lo, w);
        forward(pr, hi, w);
        return;
    }
    let mut m = n / 2;
    while m >= 4 {
        dif_stage(pr, a, m, w);
        m /= 2;
    }
    if n >= 4 {
        dif_last2(pr, a, w);
    } else if n == 2 {
        dif_stage(pr, a, 1, w);
    }
}

/// Inverse transform in place without the `1/N`: bit-reversed order in (values `< 4p`),
/// natural order out (values `< 4p`).
fn inverse(pr: Prime, a: &mut [u64], w: &[Twiddle]) {
    let n = a.len();
    if n > BLOCK {
        let (lo, hi) = a.split_at_mut(n / 2);
        inverse(pr, lo, w);
        inverse(pr, hi, w);
        dit_stage(pr, a, n / 2, w);
        return;
    }
    let mut m = 1;
    if n >= 4 {
        dit_first2(pr, a, w);
        m = 4;
    }
    while m < n {
        dit_stage(pr, a, m, w);
        m *= 2;
    }
}

/// `dst = x mod p` reduced into `[0, 2p)`, zero-padded to `dst.len()`.
fn load(pr: Prime, dst: &mut [u64], x: &[u64]) {
    let p2 = 2 * pr.p;
    for (d, &v) in dst.iter_mut().zip(x) {
        // x < 2^64 < 6p: at most two subtractions of 2p.
        let v = if v >= p2 { v - p2 } else { v };
        *d = if v >= p2 { v - p2 } else { v };
    }
    dst[x.len()..].fill(0);
}

/// The cyclic convolution of `a` and `b` (or `a` with itself) modulo one prime, as
/// `c_j N R^-1 mod p` in `[0, 4p)` (the factor is undone in `recombine`). `fb` is a buffer of
/// `N` limbs for `b`'s transform.
fn convolve_mod(plan: &Plan, a: &[u64], b: Option<&[u64]>, fb: &mut [u64]) -> Vec<u64> {
    let pr = plan.pr;
    let mut fa = vec![0u64; if plan.three { 3 * plan.m } else { plan.m }];
    load(pr, &mut fa, a);
    plan.forward(&mut fa);
    match b {
        Some(b) => {
            load(pr, fb, b);
            plan.forward(fb);
            for (x, &y) in fa.iter_mut().zip(fb.iter()) {
                *x = pr.mont_mul(*x, y);
            }
        }
        None => {
            for x in fa.iter_mut() {
                *x = pr.mont_mul(*x, *x);
            }
        }
    }
    plan.inverse(&mut fa);
    fa
}

/// Shared body of `mul` and `sqr` (`b == None` squares `a`).
fn mul_impl(r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
    let out = r.len();
    debug_assert!((2..=MAX_LEN).contains(&out));
    let (m, three) = transform_len(out - 1);
    let n = if three { 3 * m } else { m };
    let mut fb = match b {
        Some(_) => vec![0u64; n],
        None => Vec::new(),
    };
    let mut res: [Vec<u64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let mut scale = [0u64; 3];
    for (i, &pr) in PRIMES.iter().enumerate() {
        let plan = Plan::new(pr, m, three);
        res[i] = convolve_mod(&plan, a, b, &mut fb);
        scale[i] = plan.scale();
    }
    drop(fb);
    recombine(r, &res, scale);
}

/// Montgomery forms of `p0^-1 mod p1`, `p0^-1 mod p2`, `p1^-1 mod p2`.
const GARNER: [u64; 3] = {
    let [p0, p1, p2] = [PRIMES[0].p, PRIMES[1].p, PRIMES[2].p];
    [
        mont_form(pow_mod(p0 % p1, p1 - 2, p1), p1),
        mont_form(pow_mod(p0 % p2, p2 - 2, p2), p2),
        mont_form(pow_mod(p1 % p2, p2 - 2, p2), p2),
    ]
};

/// Garner's CRT per coefficient and carry propagation into `r` (`r.len() - 1` coefficients);
/// `scale[i]` turns prime `i`'s residues into plain ones.
fn recombine(r: &mut [u64], res: &[Vec<u64>; 3], scale: [u64; 3]) {
    let [p0, p1, p2] = PRIMES;
    let [inv01, inv02, inv12] = GARNER;
    let (inv01, inv02, inv12) = (p1.twiddle(inv01), p2.twiddle(inv02), p2.twiddle(inv12));
    let (s0, s1, s2) = (p0.twiddle(scale[0]), p1.twiddle(scale[1]), p2.twiddle(scale[2]));
    let p01 = p0.p as u128 * p1.p as u128;
    let (p01_lo, p01_hi) = (p01 as u64, (p01 >> 64) as u64);

    let coeffs = r.len() - 1;
    // Running sum `c0 + c1 2^64` of the coefficients not yet written: below 2^124 between
    // steps, below 2^187 with the new coefficient added.
    let (mut c0, mut c1) = (0u64, 0u64);
    for (i, limb) in r[..coeffs].iter_mut().enumerate() {
        let x0 = p0.reduce(p0.mul_twiddle(res[0][i], s0));
        let x1 = p1.reduce(p1.mul_twiddle(res[1][i], s1));
        let x2 = p2.reduce(p2.mul_twiddle(res[2][i], s2));
        // x = v0 + v1 p0 + v2 p0 p1, with v0 < p0 < 2 p1 and v1 < p1 < 2 p2 (the primes are
        // close), so every REDC argument below stays under 4p.
        let v0 = x0;
        let v1 = p1.reduce(p1.mul_twiddle(x1 + 2 * p1.p - v0, inv01));
        let t = p2.mul_twiddle(x2 + 2 * p2.p - v0, inv02);
        let v2 = p2.reduce(p2.mul_twiddle(t + 2 * p2.p - v1, inv12));
        let lo = v1 as u128 * p0.p as u128 + v0 as u128;
        let m0 = v2 as u128 * p01_lo as u128;
        let m1 = v2 as u128 * p01_hi as u128;
        // (c0, c1) + lo + m0 + m1 2^64: write the low limb, keep the rest.
        let s = c0 as u128 + (lo as u64) as u128 + (m0 as u64) as u128;
        *limb = s as u64;
        let s = (s >> 64) + c1 as u128 + (lo >> 64) + (m0 >> 64) + (m1 as u64) as u128;
        c0 = s as u64;
        c1 = (s >> 64) as u64 + (m1 >> 64) as u64;
    }
    r[coeffs] = c0;
    debug_assert_eq!(c1, 0);
}

/// Which transform runs the products on this CPU (their cut-overs from Toom-4 differ).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86_64 has the vector ones
pub(crate) enum Engine {
    /// 64-bit scalar arithmetic (`mul_impl` here).
    Portable,
    /// 32-bit lanes on AVX2 (`avx2.rs`).
    Avx2,
    /// 52-bit lanes on AVX-512 IFMA (`ifma.rs`).
    Ifma,
}

/// The transform that takes the products of the sizes the thresholds concern here.
pub(crate) fn engine() -> Engine {
    #[cfg(target_arch = "x86_64")]
    {
        if ifma::Ifma::get().is_some() {
            return Engine::Ifma;
        }
        if avx2::Avx2::get().is_some() {
            return Engine::Avx2;
        }
    }
    Engine::Portable
}

/// Whether products run on the AVX-512 IFMA transform on this CPU.
pub(crate) fn is_vector() -> bool {
    engine() == Engine::Ifma
}

/// The vector transform's token, when it runs here and takes a product of `len` limbs whose
/// shorter operand has `short` limbs.
#[cfg(target_arch = "x86_64")]
fn vector_for(len: usize, short: usize) -> Option<ifma::Ifma> {
    let fits = (ifma::MIN_LEN..=ifma::MAX_LEN).contains(&len) && short <= ifma::MAX_SHORT;
    ifma::Ifma::get().filter(|_| fits)
}

/// The AVX2 transform's token, when it runs here (and IFMA does not) and takes a product of
/// `len` limbs whose shorter operand has `short` limbs.
#[cfg(target_arch = "x86_64")]
fn avx2_for(len: usize, short: usize) -> Option<avx2::Avx2> {
    let fits = (avx2::MIN_LEN..=avx2::MAX_LEN).contains(&len) && short <= avx2::MAX_SHORT;
    avx2::Avx2::get().filter(|_| fits && ifma::Ifma::get().is_none())
}

/// `r = a * b` for `a`, `b` non-empty, `r.len() == a.len() + b.len() <= MAX_LEN`.
pub(crate) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert!(!a.is_empty() && !b.is_empty() && r.len() == a.len() + b.len());
    #[cfg(target_arch = "x86_64")]
    if let Some(v) = vector_for(r.len(), a.len().min(b.len())) {
        return v.mul(r, a, Some(b));
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(v) = avx2_for(r.len(), a.len().min(b.len())) {
        return v.mul(r, a, Some(b));
    }
    mul_impl(r, a, Some(b));
}

/// `r = a * a` for `a` non-empty, `r.len() == 2 a.len() <= MAX_LEN`.
pub(crate) fn sqr(r: &mut [u64], a: &[u64]) {
    debug_assert!(!a.is_empty() && r.len() == 2 * a.len());
    #[cfg(target_arch = "x86_64")]
    if let Some(v) = vector_for(r.len(), a.len()) {
        return v.mul(r, a, None);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(v) = avx2_for(r.len(), a.len()) {
        return v.mul(r, a, None);
    }
    mul_impl(r, a, None);
}

/// The portable transform, whatever the CPU (for tests).
#[cfg(test)]
fn mul_portable(r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
    mul_impl(r, a, b);
}

/// An operand `b` with its transforms modulo each prime at one transform length, for several
/// products `a * b` with `a.len() + b.len()` up to the length it was made for.
pub(crate) struct Prepared {
    inner: PreparedKind,
    /// Length of `b`.
    len: usize,
    /// The longest product (limbs) the transform length takes.
    max_len: usize,
}

enum PreparedKind {
    #[cfg(target_arch = "x86_64")]
    Vector(ifma::Ifma, Box<ifma::Prepared>),
    #[cfg(target_arch = "x86_64")]
    Avx2(avx2::Avx2, Box<avx2::Prepared>),
    Portable {
        plans: Box<[Plan; 3]>,
        fb: [Vec<u64>; 3],
    },
}

impl Prepared {
    /// Transforms `b` (non-empty) for products of up to `max_len` limbs
    /// (`b.len() < max_len <= MAX_LEN`); products with `a` shorter than `b` are fine as well.
    pub(crate) fn new(b: &[u64], max_len: usize) -> Prepared {
        debug_assert!(!b.is_empty() && b.len() < max_len && max_len <= MAX_LEN);
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = vector_for(max_len, b.len()) {
            let (m, three) = ifma::shape(max_len);
            let n = if three { 3 * m } else { m };
            let inner = PreparedKind::Vector(v, Box::new(v.prepare(b, m, three)));
            return Prepared { inner, len: b.len(), max_len: n + 1 };
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = avx2_for(max_len, b.len()) {
            let pre = Box::new(v.prepare(b, max_len));
            let max_len = pre.max_len();
            return Prepared { inner: PreparedKind::Avx2(v, pre), len: b.len(), max_len };
        }
        Prepared::portable(b, max_len)
    }

    /// `new` on the portable transform, whatever the CPU.
    fn portable(b: &[u64], max_len: usize) -> Prepared {
        let (m, three) = transform_len(max_len - 1);
        let n = if three { 3 * m } else { m };
        let plans = Box::new(PRIMES.map(|pr| Plan::new(pr, m, three)));
        let mut fb = [vec![0u64; n], vec![0u64; n], vec![0u64; n]];
        for (plan, f) in plans.iter().zip(fb.iter_mut()) {
            load(plan.pr, f, b);
            plan.forward(f);
        }
        Prepared { inner: PreparedKind::Portable { plans, fb }, len: b.len(), max_len: n + 1 }
    }

    /// Whether `mul` takes an `a` of `a_len` limbs.
    pub(crate) fn fits(&self, a_len: usize) -> bool {
        a_len >= 1 && a_len + self.len <= self.max_len
    }

    /// `r = a * b` for the prepared `b`: `fits(a.len())`, `r.len() == a.len() + b.len()`.
    pub(crate) fn mul(&self, r: &mut [u64], a: &[u64]) {
        debug_assert!(self.fits(a.len()) && r.len() == a.len() + self.len);
        match &self.inner {
            #[cfg(target_arch = "x86_64")]
            PreparedKind::Vector(v, p) => v.mul_prepared(r, a, p),
            #[cfg(target_arch = "x86_64")]
            PreparedKind::Avx2(v, p) => v.mul_prepared(r, a, p),
            PreparedKind::Portable { plans, fb } => {
                let n = fb[0].len();
                let mut res: [Vec<u64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
                let mut scale = [0u64; 3];
                for (i, plan) in plans.iter().enumerate() {
                    let pr = plan.pr;
                    let mut fa = vec![0u64; n];
                    load(pr, &mut fa, a);
                    plan.forward(&mut fa);
                    for (x, &y) in fa.iter_mut().zip(fb[i].iter()) {
                        *x = pr.mont_mul(*x, y);
                    }
                    plan.inverse(&mut fa);
                    res[i] = fa;
                    scale[i] = plan.scale();
                }
                recombine(r, &res, scale);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn roots_have_the_right_order() {
        for pr in PRIMES {
            // g^((p-1)/q) != 1 for the prime factors q of p - 1 that matter here (2 and 3),
            // and the transform lengths we use divide p - 1.
            assert_eq!((pr.p - 1) % (3 << 51), 0);
            let minus_one = pr.to_mont(pr.p - 1);
            assert_eq!(pr.pow_mont(pr.g, (pr.p - 1) / 2), minus_one);
            assert_ne!(pr.pow_mont(pr.g, (pr.p - 1) / 3), pr.one);
        }
    }

    #[test]
    fn transform_lengths() {
        assert_eq!(transform_len(1), (1, false));
        assert_eq!(transform_len(3), (1, true));
        assert_eq!(transform_len(5), (2, true));
        assert_eq!(transform_len(6), (2, true));
        assert_eq!(transform_len(7), (8, false));
        assert_eq!(transform_len(3 << 10), (1 << 10, true));
        assert_eq!(transform_len((3 << 10) + 1), (1 << 12, false));
        assert_eq!(transform_len((1 << 12) + 1), (2 << 10, true));
    }

    /// xorshift64 limbs.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn limbs(&mut self, n: usize) -> Vec<u64> {
            (0..n).map(|_| self.next()).collect()
        }

        /// Random limbs, all ones or random zero/all-ones limbs, by turns (`kind`).
        fn mixed(&mut self, n: usize, kind: usize) -> Vec<u64> {
            match kind % 3 {
                0 => self.limbs(n),
                1 => vec![u64::MAX; n],
                _ => (0..n).map(|_| if self.next() & 1 == 0 { 0 } else { u64::MAX }).collect(),
            }
        }
    }

    fn schoolbook(a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut r = vec![0u64; a.len() + b.len()];
        if a.len() >= b.len() {
            super::super::kernels::mul_basecase(&mut r, a, b);
        } else {
            super::super::kernels::mul_basecase(&mut r, b, a);
        }
        r
    }

    /// The vector transform's token, when this CPU has it.
    #[cfg(target_arch = "x86_64")]
    fn vector() -> Option<ifma::Ifma> {
        let v = ifma::Ifma::get();
        if v.is_none() {
            std::eprintln!("no AVX-512 IFMA here (or capped): vector NTT not tested");
        }
        v
    }

    /// `r = a * b` (or `a * a`) on every transform this CPU runs, each checked against `want`.
    fn check_all(a: &[u64], b: Option<&[u64]>, want: &[u64]) {
        let mut r = vec![0xDEAD_BEEFu64; want.len()];
        mul_portable(&mut r, a, b);
        assert!(r == want, "portable {} x {:?}", a.len(), b.map(|b| b.len()));
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = ifma::Ifma::get() {
            if want.len() >= ifma::MIN_LEN {
                r.fill(0xDEAD_BEEF);
                v.mul(&mut r, a, b);
                assert!(r == want, "vector {} x {:?}", a.len(), b.map(|b| b.len()));
            }
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = avx2::Avx2::get() {
            if want.len() >= avx2::MIN_LEN {
                r.fill(0xDEAD_BEEF);
                v.mul(&mut r, a, b);
                assert!(r == want, "avx2 {} x {:?}", a.len(), b.map(|b| b.len()));
            }
        }
    }

    #[test]
    fn every_length_up_to_200() {
        // Both transform shapes at every small length, against schoolbook.
        let mut rng = Rng(0x1234_5678_9ABC_DEF0);
        for an in 1..100 {
            for (i, bn) in [1, an / 2 + 1, an].into_iter().enumerate() {
                let (a, b) = (rng.mixed(an, an + i), rng.mixed(bn, an));
                check_all(&a, Some(&b), &schoolbook(&a, &b));
            }
            let a = rng.mixed(an, an);
            check_all(&a, None, &schoolbook(&a, &a));
        }
    }

    #[test]
    fn around_each_transform_length() {
        // Products of exactly N and N + 1 limbs (N - 1 and N coefficients) for N = 2^k and
        // 3 2^k, where the transform shape changes, against the schoolbook or each other.
        let mut rng = Rng(77);
        #[cfg(target_arch = "x86_64")]
        let _ = vector();
        for k in 4..=13 {
            for n in [1usize << k, 3 << (k - 1)] {
                for len in [n - 1, n, n + 1, n + 2] {
                    for (i, short) in [len / 2, len / 3, 7].into_iter().enumerate() {
                        let (a, b) = (rng.mixed(len - short, k + i), rng.mixed(short, k));
                        let want = if len <= 3000 {
                            schoolbook(&a, &b)
                        } else {
                            let mut w = vec![0u64; len];
                            mul_portable(&mut w, &a, Some(&b));
                            w
                        };
                        check_all(&a, Some(&b), &want);
                    }
                }
                if n % 2 == 0 {
                    let a = rng.mixed(n / 2, k);
                    let want = if n <= 3000 {
                        schoolbook(&a, &a)
                    } else {
                        let mut w = vec![0u64; n];
                        mul_portable(&mut w, &a, None);
                        w
                    };
                    check_all(&a, None, &want);
                }
            }
        }
    }

    #[test]
    fn vector_against_portable_large() {
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = vector() {
            // Long unbalanced and balanced products; transforms above the in-cache block,
            // one and two stages at the top, radix-3 and not.
            let mut rng = Rng(99);
            for (an, bn) in [(40_000, 33), (9000, 8100), (12_289, 12_288), (70_000, 60_000)] {
                let (a, b) = (rng.mixed(an, an), rng.mixed(bn, bn));
                let mut want = vec![0u64; an + bn];
                mul_portable(&mut want, &a, Some(&b));
                let mut r = vec![0u64; an + bn];
                v.mul(&mut r, &a, Some(&b));
                assert!(r == want, "{an} x {bn}");
                mul_portable(&mut want[..2 * bn], &b, None);
                v.mul(&mut r[..2 * bn], &b, None);
                assert!(r[..2 * bn] == want[..2 * bn], "{bn} squared");
            }
        }
    }

    #[test]
    fn avx2_against_schoolbook_and_portable() {
        // The AVX2 transform directly (whatever IFMA says): lengths on both sides of each
        // stage shape (in-register only, one and two fused stages, above the in-cache block
        // and its recursion), balanced, unbalanced and squared, carry-heavy operands.
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = avx2::Avx2::get() {
            let mut rng = Rng(31);
            for len in [8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 200, 1024, 1025, 2048, 2049, 3000] {
                for (i, short) in [len / 2, len / 3, 1, 3].into_iter().enumerate() {
                    let short = short.max(1);
                    let (a, b) = (rng.mixed(len - short, len + i), rng.mixed(short, i));
                    let mut r = vec![0xDEAD_BEEFu64; len];
                    v.mul(&mut r, &a, Some(&b));
                    assert!(r == schoolbook(&a, &b), "avx2 {} x {short}", len - short);
                }
                if len % 2 == 0 {
                    let a = rng.mixed(len / 2, len);
                    let mut r = vec![0xDEAD_BEEFu64; len];
                    v.mul(&mut r, &a, None);
                    assert!(r == schoolbook(&a, &a), "avx2 {} squared", len / 2);
                }
            }
            for (an, bn) in [(40_000, 33), (9000, 8100), (12_289, 12_288), (70_000, 60_000)] {
                let (a, b) = (rng.mixed(an, an), rng.mixed(bn, bn));
                let mut want = vec![0u64; an + bn];
                mul_portable(&mut want, &a, Some(&b));
                let mut r = vec![0u64; an + bn];
                v.mul(&mut r, &a, Some(&b));
                assert!(r == want, "avx2 {an} x {bn}");
                mul_portable(&mut want[..2 * bn], &b, None);
                v.mul(&mut r[..2 * bn], &b, None);
                assert!(r[..2 * bn] == want[..2 * bn], "avx2 {bn} squared");
            }
            // Powers of two and all ones.
            for n in [4096, 20_000] {
                let mut a = vec![0u64; n];
                a[n - 1] = 1 << 63;
                let ones = vec![u64::MAX; n];
                let mut r = vec![0u64; 2 * n];
                v.mul(&mut r, &a, Some(&ones));
                let mut want = vec![0u64; 2 * n];
                mul_portable(&mut want, &a, Some(&ones));
                assert!(r == want, "avx2 2^k x ones {n}");
                v.mul(&mut r, &ones, None);
                mul_portable(&mut want, &ones, None);
                assert!(r == want, "avx2 ones squared {n}");
            }
        }
    }

    #[test]
    fn avx2_largest_coefficients() {
        // All-ones operands of 2^20 limbs: the middle coefficient is about 2^21 2^64 = 2^85,
        // within 2^3 of the CRT's bound (2^88), so every Garner digit is exercised. The
        // longest shorter operand allowed (2^23 limbs) would take too long here. The product
        // is checked modulo primes near 2^64.
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = avx2::Avx2::get() {
            check_all_ones(1 << 20, |r, a, b| v.mul(r, a, b));
        }
    }

    #[test]
    fn avx2_prepared_products() {
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = avx2::Avx2::get() {
            let mut rng = Rng(6);
            for (bn, max_len) in [(1, 40), (20, 40), (33, 100), (700, 1500), (3000, 9000)] {
                let b = rng.mixed(bn, bn);
                let pre = v.prepare(&b, max_len);
                let top = pre.max_len() - bn;
                assert!(top + bn >= max_len);
                for (i, an) in
                    [1, 2, bn.max(2) - 1, bn, bn + 1, top - 1, top].into_iter().enumerate()
                {
                    let a = rng.mixed(an, i);
                    let mut r = vec![0xDEAD_BEEF; an + bn];
                    v.mul_prepared(&mut r, &a, &pre);
                    assert!(r == schoolbook(&a, &b), "avx2 prepared {bn} (max {max_len}) x {an}");
                }
            }
        }
    }

    /// `x mod q` by Horner's rule.
    #[cfg(target_arch = "x86_64")]
    fn mod_q(x: &[u64], q: u64) -> u64 {
        x.iter().rev().fold(0, |r, &l| ((((r as u128) << 64) | l as u128) % q as u128) as u64)
    }

    /// Squares `n` all-ones limbs with `mul` (`(2^(64n) - 1)^2 = 2^(128n) - 2^(64n + 1) + 1`,
    /// checked limb by limb), then multiplies them by a near-all-ones operand, checked modulo
    /// two primes near 2^64.
    #[cfg(target_arch = "x86_64")]
    fn check_all_ones(n: usize, mul: impl Fn(&mut [u64], &[u64], Option<&[u64]>)) {
        let a = vec![u64::MAX; n];
        let mut r = vec![0u64; 2 * n];
        mul(&mut r, &a, None);
        assert_eq!(r[0], 1);
        assert!(r[1..n].iter().all(|&l| l == 0));
        assert_eq!(r[n], u64::MAX - 1);
        assert!(r[n + 1..].iter().all(|&l| l == u64::MAX));
        let b: Vec<u64> = (0..n as u64).map(|i| u64::MAX - (i & 1)).collect();
        mul(&mut r, &a, Some(&b));
        for q in [0xFFFF_FFFF_FFFF_FFC5u64, 0xFFFF_FFFF_0000_0001] {
            let want = (mod_q(&a, q) as u128 * mod_q(&b, q) as u128 % q as u128) as u64;
            assert_eq!(mod_q(&r, q), want);
        }
    }

    #[test]
    fn vector_largest_coefficients() {
        // All-ones operands of the longest shorter operand the vector transform takes: the
        // middle coefficient is about 2^21 2^128, the CRT's limit within a factor 2. The
        // product is checked modulo primes near 2^64.
        #[cfg(target_arch = "x86_64")]
        if let Some(v) = vector() {
            check_all_ones(ifma::MAX_SHORT, |r, a, b| v.mul(r, a, b));
        }
    }

    #[test]
    fn prepared_products() {
        // Both kinds against plain products: operands longer and shorter than the prepared
        // one, up to the longest the transform takes, and reuse across many products.
        let mut rng = Rng(5);
        for (bn, max_len) in [(1, 40), (20, 40), (33, 100), (700, 1500), (3000, 9000)] {
            let b = rng.mixed(bn, bn);
            let mut kinds = vec![Prepared::portable(&b, max_len), Prepared::new(&b, max_len)];
            #[cfg(target_arch = "x86_64")]
            if vector().is_some() && max_len >= ifma::MIN_LEN {
                assert!(matches!(kinds[1].inner, PreparedKind::Vector(..)));
            }
            for pre in kinds.drain(..) {
                assert!(pre.fits(max_len - bn) && pre.fits(1));
                let mut top = max_len - bn;
                while pre.fits(top + 1) {
                    top += 1;
                }
                // The transform holds products up to one limb more than its length.
                assert!(!pre.fits(0) && padded_len(top + bn) + 1 >= top + bn);
                for (i, an) in
                    [1, 2, bn.max(2) - 1, bn, bn + 1, top - 1, top].into_iter().enumerate()
                {
                    let a = rng.mixed(an, i);
                    let mut r = vec![0xDEAD_BEEF; an + bn];
                    pre.mul(&mut r, &a);
                    assert!(r == schoolbook(&a, &b), "prepared {bn} (max {max_len}) x {an}");
                }
            }
        }
    }
}
