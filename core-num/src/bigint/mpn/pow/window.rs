//! Left-to-right sliding-window scan of an exponent.
//!
//! The exponent is cut, from its top bit down, into windows of at most `k` bits that start and
//! end with a one bit, separated by runs of zeros. Each window `w` (odd, `< 2^k`) costs one
//! multiplication by a precomputed `x^w`; every bit costs one squaring. With `2^(k-1)` table
//! entries this needs about `bits / (k + 1)` multiplications (Brent & Zimmermann, MCA §2.6.1).

/// The window size for an exponent of `bits` bits: the `k` in `1..=8` that minimises the
/// table cost (`2^(k-1)` products) plus the expected number of window products.
pub(super) fn window_bits(bits: u64) -> u32 {
    let mut best = 1;
    let mut best_cost = bits / 2;
    for k in 2..=8u32 {
        let cost = (1u64 << (k - 1)) + bits / (u64::from(k) + 1);
        if cost < best_cost {
            best = k;
            best_cost = cost;
        }
    }
    best
}

/// One step of the scan: square the accumulator `squarings` times, then multiply it by the
/// table entry `window >> 1` unless `window` is zero (trailing zeros of the exponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) squarings: u64,
    pub(super) window: u64,
}

/// Iterator over the [`Step`]s of a normalised, non-zero exponent. The first step's
/// `squarings` should be ignored: the accumulator starts as the first window's table entry.
pub(super) struct Windows<'a> {
    exp: &'a [u64],
    /// Bits not yet consumed: the next bit to read is `pos - 1`.
    pos: u64,
    k: u32,
}

impl<'a> Windows<'a> {
    pub(super) fn new(exp: &'a [u64], k: u32) -> Self {
        debug_assert!((1..=8).contains(&k));
        Windows { exp, pos: bit_len(exp), k }
    }

    fn bit(&self, i: u64) -> u64 {
        (self.exp[(i / 64) as usize] >> (i % 64)) & 1
    }

    /// The `len <= 8` bits `[lo, lo + len)` as a number.
    fn bits(&self, lo: u64, len: u32) -> u64 {
        let li = (lo / 64) as usize;
        let off = (lo % 64) as u32;
        let mut v = self.exp[li] >> off;
        if off + len > 64 {
            v |= self.exp[li + 1] << (64 - off);
        }
        v & ((1u64 << len) - 1)
    }
}

impl Iterator for Windows<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let mut zeros = 0u64;
        while self.pos > 0 && self.bit(self.pos - 1) == 0 {
            zeros += 1;
            self.pos -= 1;
        }
        if self.pos == 0 {
            return (zeros > 0).then_some(Step { squarings: zeros, window: 0 });
        }
        let mut len = self.k.min(self.pos.min(64) as u32);
        let mut w = self.bits(self.pos - u64::from(len), len);
        let tz = w.trailing_zeros();
        w >>= tz;
        len -= tz;
        self.pos -= u64::from(len);
        Some(Step { squarings: zeros + u64::from(len), window: w })
    }
}

/// Number of significant bits of `a` (high zero limbs allowed).
pub(crate) fn bit_len(a: &[u64]) -> u64 {
    let n = super::super::normalized_len(a);
    if n == 0 {
        0
    } else {
        64 * n as u64 - u64::from(a[n - 1].leading_zeros())
    }
}

/// Arithmetic that the windowed exponentiation runs over (a Montgomery residue ring, or the
/// integers modulo a power of two).
pub(super) trait PowRing {
    /// An element; kept reduced by every operation.
    type Elem: Clone;
    /// `x = x * x`.
    fn sqr(&mut self, x: &mut Self::Elem);
    /// `x = x * y`.
    fn mul(&mut self, x: &mut Self::Elem, y: &Self::Elem);
}

/// `base ^ exp` in `ring` by the left-to-right sliding window; `exp` normalised and non-zero.
pub(super) fn window_pow<R: PowRing>(ring: &mut R, base: R::Elem, exp: &[u64]) -> R::Elem {
    debug_assert!(!exp.is_empty() && exp[exp.len() - 1] != 0);
    let k = window_bits(bit_len(exp));
    let mut table = alloc::vec::Vec::with_capacity(1 << (k - 1));
    table.push(base);
    if k > 1 {
        let mut b2 = table[0].clone();
        ring.sqr(&mut b2);
        for i in 1..1usize << (k - 1) {
            let mut t = table[i - 1].clone();
            ring.mul(&mut t, &b2);
            table.push(t);
        }
    }
    let mut steps = Windows::new(exp, k);
    let first = steps.next().map_or(1, |s| s.window);
    let mut acc = table[(first >> 1) as usize].clone();
    for s in steps {
        for _ in 0..s.squarings {
            ring.sqr(&mut acc);
        }
        if s.window != 0 {
            ring.mul(&mut acc, &table[(s.window >> 1) as usize]);
        }
    }
    acc
}
