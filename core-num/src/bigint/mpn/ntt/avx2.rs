//! The three-prime NTT on AVX2, eight 32-bit coefficients per vector.
//!
//! For CPUs with AVX2 but without AVX-512 IFMA, where 64-bit products are scalar only. Each
//! 64-bit limb is cut into two 32-bit pieces, so the polynomials are twice as long as in the
//! portable transform, but every residue fits a 32-bit lane:
//!
//! - Three primes `c 2^k + 1` below `2^30` (`k >= 23`), so lazily reduced residues in `[0, 4p)`
//!   still fit 32 bits. The exact coefficients are below `s 2^64` for a shorter operand of
//!   `s` pieces, and the primes' product is above `2^88`: shorter operands of up to `2^23`
//!   limbs. The transform length is at most `2^23` (the first prime's two-power), so the
//!   product at most `2^22` limbs; callers use the portable transform beyond.
//! - Multiplication by a fixed factor `w` is Shoup's: with `w' = floor(w 2^32 / p)`,
//!   `q = hi32(x w')` and `x w - q p` (mod `2^32`) lies in `[0, 2p)` for any 32-bit `x`. The
//!   high halves come from `vpmuludq` on the even and the odd lanes, the low ones from
//!   `vpmulld`.
//! - Pointwise products are Montgomery's (`R = 2^32`); the `R^-1` they leave and the
//!   transform's `N` are undone together by one Shoup product per residue in the CRT.
//! - The forward transform is the radix-2 decimation in frequency with two stages fused per
//!   pass over memory; the last three stages (half-widths 4, 2, 1) run inside each vector: a
//!   lane swap (128-bit halves, 64-bit pairs, 32-bit neighbours), one add and one subtract,
//!   a blend and one Shoup product by a constant vector (1 in the lanes that take the sum).
//!   The output is in bit-reversed order, which the pointwise product does not mind.
//! - The inverse is the decimation in time run with the forward factors: that is the
//!   transform at `w` rather than `w^-1`, so coefficient `k` comes out at index `-k mod N`
//!   and the CRT reads it from there. One table of factors serves both directions.
//! - Above `BLOCK` elements both transforms recurse on quarters, so the inner stages run in
//!   the L1 cache.
//! - The factors come as powers in Montgomery form `x = w 2^32 mod p`, from which `w` (one
//!   Montgomery product by 1) and `w'` (`-x p^-1 mod 2^32`, as `w 2^32 - x` is a multiple
//!   of `p`) follow without a division.
//!
//! Garner's CRT runs on vectors as well; only the final sum into limbs with its carries is
//! scalar.

use alloc::vec;
use alloc::vec::Vec;
use core::arch::x86_64::*;

/// Largest shorter operand, in limbs (see the module notes).
pub(super) const MAX_SHORT: usize = 1 << 23;
/// Longest product, in limbs.
pub(super) const MAX_LEN: usize = 1 << 22;
/// Shortest product, in limbs (the transform must hold at least two vectors).
pub(super) const MIN_LEN: usize = 8;

/// Largest `log2` of a transform length.
const MAX_LG: u32 = 23;

/// Power-of-two transforms of at most this many elements run stage by stage.
const BLOCK: usize = 4096;

/// The primes `119 2^23 + 1`, `45 2^24 + 1`, `7 2^26 + 1`, largest first, and a primitive root
/// of each.
const PRIMES: [u32; 3] = [998_244_353, 754_974_721, 469_762_049];
const GENERATORS: [u32; 3] = [3, 11, 3];

/// `a b mod p` (scalar, for the constants).
const fn mul_mod(a: u32, b: u32, p: u32) -> u32 {
    (a as u64 * b as u64 % p as u64) as u32
}

/// `b^e mod p` (scalar, for the constants).
const fn pow_mod(mut b: u32, mut e: u64, p: u32) -> u32 {
    let mut r = 1 % p;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, p);
        }
        b = mul_mod(b, b, p);
        e >>= 1;
    }
    r
}

/// `p^-1 mod 2^32` for odd `p`.
const fn inv32(p: u32) -> u32 {
    let mut x = p; // right to 3 bits; each Newton step doubles that
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u32.wrapping_sub(p.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// `[w, floor(w 2^32 / p)]` for `w < p`: a factor for Shoup's product.
const fn twiddle(w: u32, p: u32) -> [u32; 2] {
    [w, (((w as u64) << 32) / p as u64) as u32]
}

/// Shoup's product by a scalar factor: `x w mod p` in `[0, 2p)` for any 32-bit `x`.
#[inline(always)]
fn shoup1(x: u32, [w, wq]: [u32; 2], p: u32) -> u32 {
    let q = ((x as u64 * wq as u64) >> 32) as u32;
    x.wrapping_mul(w).wrapping_sub(q.wrapping_mul(p))
}

/// Garner's constants: `p0^-1 mod p1`, `p0^-1 mod p2`, `p1^-1 mod p2` as factors.
const GARNER: [[u32; 2]; 3] = {
    let [p0, p1, p2] = PRIMES;
    [
        twiddle(pow_mod(p0 % p1, (p1 - 2) as u64, p1), p1),
        twiddle(pow_mod(p0 % p2, (p2 - 2) as u64, p2), p2),
        twiddle(pow_mod(p1 % p2, (p2 - 2) as u64, p2), p2),
    ]
};

/// Proof that this CPU runs AVX2 (and that `CORE_SIMD_MAX` allows it): only `Avx2::get` makes
/// one, and every function here that runs the instructions takes one.
#[derive(Clone, Copy)]
pub(super) struct Avx2(#[allow(dead_code)] core_cpu::token::Avx2);

impl Avx2 {
    /// The token, when the vector transform may run here.
    pub(super) fn get() -> Option<Avx2> {
        core_cpu::token::Avx2::get().map(Avx2)
    }

    /// `r = a * b` (`b == None`: `a * a`), `r.len() == a.len() + b.len()` in
    /// `MIN_LEN..=MAX_LEN`, the shorter operand at most `MAX_SHORT` limbs.
    pub(super) fn mul(self, r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
        assert!((MIN_LEN..=MAX_LEN).contains(&r.len()));
        assert!(r.len() == a.len() + b.map_or(a.len(), <[u64]>::len));
        // SAFETY: the token proves AVX2.
        unsafe { mul_impl(r, a, b) }
    }

    /// `b` transformed once for products of up to `max_len` limbs (`b.len() < max_len`,
    /// `max_len` in `MIN_LEN..=MAX_LEN`, `b` at most `MAX_SHORT` limbs).
    pub(super) fn prepare(self, b: &[u64], max_len: usize) -> Prepared {
        assert!(b.len() < max_len && (MIN_LEN..=MAX_LEN).contains(&max_len));
        // SAFETY: the token proves AVX2.
        unsafe { prepare_impl(b, max_len) }
    }

    /// `r = a * b` for the prepared `b`: `r.len() == a.len() + b.len() <= b.max_len()`.
    pub(super) fn mul_prepared(self, r: &mut [u64], a: &[u64], b: &Prepared) {
        assert!(r.len() == a.len() + b.len && r.len() <= b.max_len() && !a.is_empty());
        // SAFETY: the token proves AVX2.
        unsafe { mul_prepared_impl(r, a, b) }
    }
}

/// The transform length for a product of `len` limbs: `2 len - 1` pieces at least, and two
/// vectors.
fn transform_lg(len: usize) -> u32 {
    (2 * len - 1).next_power_of_two().max(16).trailing_zeros()
}

/// Eight lanes from an array.
#[inline(always)]
fn ld(x: &[u32; 8]) -> __m256i {
    // SAFETY: `x` is 32 readable bytes, and `loadu` needs no alignment; the callers run with
    // AVX2 enabled.
    unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
}

/// Eight lanes into an array.
#[inline(always)]
fn st(x: &mut [u32; 8], v: __m256i) {
    // SAFETY: `x` is 32 writable bytes, and `storeu` needs no alignment; the callers run with
    // AVX2 enabled.
    unsafe { _mm256_storeu_si256(x.as_mut_ptr().cast(), v) }
}

/// Four limbs (eight 32-bit pieces, low half first) as lanes.
#[inline(always)]
fn ld64(x: &[u64; 4]) -> __m256i {
    // SAFETY: as `ld`; on x86 a limb's low half is its first four bytes.
    unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
}

/// A prime's constants as vectors.
#[derive(Clone, Copy)]
struct K {
    p: __m256i,
    p2: __m256i,
    pinv: __m256i,
}

/// `x mod 2p` for `x < 4p` (lanes as unsigned 32-bit numbers).
macro_rules! red2 {
    ($k:expr, $x:expr) => {{
        let x = $x;
        _mm256_min_epu32(x, _mm256_sub_epi32(x, $k.p2))
    }};
}

/// `x mod p` for `x < 2p`.
macro_rules! red1v {
    ($k:expr, $x:expr) => {{
        let x = $x;
        _mm256_min_epu32(x, _mm256_sub_epi32(x, $k.p))
    }};
}

/// `x w mod p` in `[0, 2p)` for any lanes `x` (Shoup), with `w` and its quotients `wq`.
macro_rules! shoup {
    ($k:expr, $x:expr, $w:expr, $wq:expr) => {{
        let (x, w, wq) = ($x, $w, $wq);
        let qe = _mm256_srli_epi64::<32>(_mm256_mul_epu32(x, wq));
        let qo = _mm256_mul_epu32(_mm256_srli_epi64::<32>(x), _mm256_srli_epi64::<32>(wq));
        let q = _mm256_blend_epi32::<0b1010_1010>(qe, qo);
        _mm256_sub_epi32(_mm256_mullo_epi32(x, w), _mm256_mullo_epi32(q, $k.p))
    }};
}

/// `a b 2^-32 mod p` in `(0, 2p)` for `a b < p 2^32` (Montgomery): as `m p == a b`
/// (mod `2^32`), `a b - m p` is `(hi32(a b) - hi32(m p)) 2^32` exactly.
macro_rules! mont {
    ($k:expr, $a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let te = _mm256_mul_epu32(a, b);
        let to = _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), _mm256_srli_epi64::<32>(b));
        let ue = _mm256_mul_epu32(_mm256_mul_epu32(te, $k.pinv), $k.p);
        let uo = _mm256_mul_epu32(_mm256_mul_epu32(to, $k.pinv), $k.p);
        let de = _mm256_srli_epi64::<32>(_mm256_sub_epi64(te, ue));
        let d = _mm256_blend_epi32::<0b1010_1010>(de, _mm256_sub_epi64(to, uo));
        _mm256_add_epi32(d, $k.p)
    }};
}

/// The twiddles of one prime for a transform of length `n = 2^lg`.
struct Tables {
    /// The prime.
    p: u32,
    /// Transform length.
    n: usize,
    /// Factors: entry `h + j` is `w_2h^j` for half-widths `h < n` and `j < h`.
    wv: Vec<u32>,
    /// Their Shoup quotients.
    wq: Vec<u32>,
    /// The in-register stages' factors (values, quotients): `[1, 1, 1, 1, 1, w8, w8^2, w8^3]`
    /// for half-width 4 and `[1, 1, 1, w4]` twice for half-width 2.
    last: [[u32; 8]; 4],
    /// `2^32 N^-1 mod p` as a factor: turns the inverse's `c N 2^-32` into `c`.
    scale: [u32; 2],
}

/// Vector constants of prime `p`.
#[target_feature(enable = "avx2")]
fn consts(p: u32) -> K {
    K {
        p: _mm256_set1_epi32(p as i32),
        p2: _mm256_set1_epi32(2 * p as i32),
        pinv: _mm256_set1_epi32(inv32(p) as i32),
    }
}

impl Tables {
    /// The tables of prime `idx` for length `2^lg` (`4 <= lg <= MAX_LG`).
    #[target_feature(enable = "avx2")]
    fn new(idx: usize, lg: u32) -> Tables {
        assert!((4..=MAX_LG).contains(&lg));
        let p = PRIMES[idx];
        let k = consts(p);
        let n = 1usize << lg;
        let root = pow_mod(GENERATORS[idx], ((p - 1) >> lg) as u64, p);
        let half = n / 2;
        let mut wv = vec![0u32; n];
        let mut wq = vec![0u32; n];
        // Montgomery forms `root^j 2^32 mod p` of the top stage's factors: 64 by scalar
        // steps, then each vector the one 64 places back times `root^64`.
        let r32 = ((1u64 << 32) % p as u64) as u32;
        {
            let top = &mut wv[half..];
            let mut y = r32;
            for o in top.iter_mut().take(64) {
                *o = y;
                y = mul_mod(y, root, p);
            }
            let step = _mm256_set1_epi32(y as i32);
            let mut i = 64;
            while i < half {
                let (src, dst) = top.split_at_mut(i);
                let src: &[u32; 8] = src[i - 64..i - 56].try_into().unwrap();
                let dst: &mut [u32; 8] = (&mut dst[..8]).try_into().unwrap();
                st(dst, red1v!(k, mont!(k, ld(src), step)));
                i += 8;
            }
        }
        // Values `root^j` (a Montgomery product by 1) and quotients `-x p^-1 mod 2^32`.
        let one = _mm256_set1_epi32(1);
        let (xs, _) = wv[half..].as_chunks_mut::<8>();
        let (qs, _) = wq[half..].as_chunks_mut::<8>();
        for (x, q) in xs.iter_mut().zip(qs.iter_mut()) {
            let m = ld(x);
            st(q, _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_mullo_epi32(m, k.pinv)));
            st(x, red1v!(k, mont!(k, m, one)));
        }
        // Lower stages: `w_2h^j = w_4h^2j`.
        let mut h = half / 2;
        while h >= 1 {
            for j in 0..h {
                wv[h + j] = wv[2 * h + 2 * j];
                wq[h + j] = wq[2 * h + 2 * j];
            }
            h /= 2;
        }
        let one = twiddle(1, p);
        let mut last = [[0u32; 8]; 4];
        for l in 0..8 {
            let (v4, q4) = if l >= 5 { (wv[l - 4 + 4], wq[l - 4 + 4]) } else { (one[0], one[1]) };
            let (v2, q2) = if l % 4 == 3 { (wv[3], wq[3]) } else { (one[0], one[1]) };
            last[0][l] = v4;
            last[1][l] = q4;
            last[2][l] = v2;
            last[3][l] = q2;
        }
        // 2^lg (p - 1) / 2^lg == -1 (mod p), so 2^-lg = p - (p - 1) / 2^lg.
        let n_inv = p - ((p - 1) >> lg);
        let scale = twiddle(mul_mod(n_inv, r32, p), p);
        Tables { p, n, wv, wq, last, scale }
    }

    /// Forward transform of `a` (`n` elements `< 2p`), bit-reversed order out, values `< 2p`.
    #[target_feature(enable = "avx2")]
    fn forward(&self, a: &mut [u32]) {
        assert!(a.len() == self.n);
        let k = consts(self.p);
        self.forward_rec(&k, a);
    }

    /// Inverse of `forward` times `N`, coefficient `k` at index `-k mod N`; values `< 2p` in,
    /// `< 4p` out.
    #[target_feature(enable = "avx2")]
    fn inverse(&self, a: &mut [u32]) {
        assert!(a.len() == self.n);
        let k = consts(self.p);
        self.inverse_rec(&k, a);
    }

    #[target_feature(enable = "avx2")]
    fn forward_rec(&self, k: &K, a: &mut [u32]) {
        let n = a.len();
        if n > BLOCK {
            self.dif2(k, a, n / 2);
            for q in a.chunks_exact_mut(n / 4) {
                self.forward_rec(k, q);
            }
            return;
        }
        let mut m = n / 2;
        while m >= 16 {
            self.dif2(k, a, m);
            m /= 4;
        }
        if m == 8 {
            self.dif1(k, a, 8);
        }
        self.dif_last3(k, a);
    }

    #[target_feature(enable = "avx2")]
    fn inverse_rec(&self, k: &K, a: &mut [u32]) {
        let n = a.len();
        if n > BLOCK {
            for q in a.chunks_exact_mut(n / 4) {
                self.inverse_rec(k, q);
            }
            self.dit2(k, a, n / 2);
            return;
        }
        self.dit_first3(k, a);
        // Stages 8, 16, ..., n/2: pairs per pass, a single one first when their number is odd.
        let stages = n.trailing_zeros() - 3;
        let mut m = 8;
        if stages % 2 == 1 {
            self.dit1(k, a, 8);
            m = 16;
        }
        while m < n {
            self.dit2(k, a, 2 * m);
            m *= 4;
        }
    }

    /// One decimation-in-frequency stage over blocks of `2m` (`m >= 8`):
    /// `(x, y) -> (x + y, (x - y) w^j)`; values `< 2p` in and out.
    #[target_feature(enable = "avx2")]
    fn dif1(&self, k: &K, a: &mut [u32], m: usize) {
        let (wv, _) = self.wv[m..2 * m].as_chunks::<8>();
        let (wq, _) = self.wq[m..2 * m].as_chunks::<8>();
        for block in a.chunks_exact_mut(2 * m) {
            let (xs, ys) = block.split_at_mut(m);
            let (xs, _) = xs.as_chunks_mut::<8>();
            let (ys, _) = ys.as_chunks_mut::<8>();
            for (((x, y), w), q) in xs.iter_mut().zip(ys.iter_mut()).zip(wv).zip(wq) {
                let (u, v) = (ld(x), ld(y));
                st(x, red2!(k, _mm256_add_epi32(u, v)));
                let d = _mm256_sub_epi32(_mm256_add_epi32(u, k.p2), v);
                st(y, shoup!(k, d, ld(w), ld(q)));
            }
        }
    }

    /// Two decimation-in-frequency stages over blocks of `2m` (half-widths `m`, then `m / 2`;
    /// `m >= 16`) in one pass: the four quarters `x0..x3` of a block at offset `j` go to
    /// `(x0 + x2) + (x1 + x3)`, `((x0 + x2) - (x1 + x3)) v^j`, `(y0 + y1)`, `(y0 - y1) v^j`
    /// with `y0 = (x0 - x2) w^j`, `y1 = (x1 - x3) w^(j + m/2)`, `v = w^2`.
    #[target_feature(enable = "avx2")]
    fn dif2(&self, k: &K, a: &mut [u32], m: usize) {
        let h = m / 2;
        let (w1, _) = self.wv[m..m + h].as_chunks::<8>();
        let (q1, _) = self.wq[m..m + h].as_chunks::<8>();
        let (w2, _) = self.wv[m + h..2 * m].as_chunks::<8>();
        let (q2, _) = self.wq[m + h..2 * m].as_chunks::<8>();
        let (w3, _) = self.wv[h..m].as_chunks::<8>();
        let (q3, _) = self.wq[h..m].as_chunks::<8>();
        for block in a.chunks_exact_mut(2 * m) {
            let (lo, hi) = block.split_at_mut(m);
            let (x0, x1) = lo.split_at_mut(h);
            let (x2, x3) = hi.split_at_mut(h);
            let (x0, _) = x0.as_chunks_mut::<8>();
            let (x1, _) = x1.as_chunks_mut::<8>();
            let (x2, _) = x2.as_chunks_mut::<8>();
            let (x3, _) = x3.as_chunks_mut::<8>();
            let rows = x0.iter_mut().zip(x1.iter_mut()).zip(x2.iter_mut()).zip(x3.iter_mut());
            let ws = w1.iter().zip(q1).zip(w2.iter().zip(q2)).zip(w3.iter().zip(q3));
            for ((((r0, r1), r2), r3), (((w1, q1), (w2, q2)), (w3, q3))) in rows.zip(ws) {
                let (u0, u1, u2, u3) = (ld(r0), ld(r1), ld(r2), ld(r3));
                let s0 = red2!(k, _mm256_add_epi32(u0, u2));
                let s1 = red2!(k, _mm256_add_epi32(u1, u3));
                let d0 = _mm256_sub_epi32(_mm256_add_epi32(u0, k.p2), u2);
                let d1 = _mm256_sub_epi32(_mm256_add_epi32(u1, k.p2), u3);
                let y0 = shoup!(k, d0, ld(w1), ld(q1));
                let y1 = shoup!(k, d1, ld(w2), ld(q2));
                let (w3, q3) = (ld(w3), ld(q3));
                st(r0, red2!(k, _mm256_add_epi32(s0, s1)));
                let e = _mm256_sub_epi32(_mm256_add_epi32(s0, k.p2), s1);
                st(r1, shoup!(k, e, w3, q3));
                st(r2, red2!(k, _mm256_add_epi32(y0, y1)));
                let e = _mm256_sub_epi32(_mm256_add_epi32(y0, k.p2), y1);
                st(r3, shoup!(k, e, w3, q3));
            }
        }
    }

    /// The last three decimation-in-frequency stages, inside each vector.
    #[target_feature(enable = "avx2")]
    fn dif_last3(&self, k: &K, a: &mut [u32]) {
        let (w4, q4, w2, q2) =
            (ld(&self.last[0]), ld(&self.last[1]), ld(&self.last[2]), ld(&self.last[3]));
        let (xs, _) = a.as_chunks_mut::<8>();
        for x in xs.iter_mut() {
            let v = ld(x);
            // Half-width 4: lanes 0-3 take x + y, lanes 4-7 (x - y) w8^j.
            let s = _mm256_permute2x128_si256::<1>(v, v);
            let t = _mm256_blend_epi32::<0xF0>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            let v = shoup!(k, t, w4, q4);
            // Half-width 2: pairs of lanes.
            let s = _mm256_shuffle_epi32::<0x4E>(v);
            let t = _mm256_blend_epi32::<0xCC>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            let v = shoup!(k, t, w2, q2);
            // Half-width 1: neighbours, factor 1.
            let s = _mm256_shuffle_epi32::<0xB1>(v);
            let t = _mm256_blend_epi32::<0xAA>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            st(x, red2!(k, t));
        }
    }

    /// The first three decimation-in-time stages (half-widths 1, 2, 4), inside each vector;
    /// values `< 2p` in, `< 4p` out.
    #[target_feature(enable = "avx2")]
    fn dit_first3(&self, k: &K, a: &mut [u32]) {
        let (w4, q4, w2, q2) =
            (ld(&self.last[0]), ld(&self.last[1]), ld(&self.last[2]), ld(&self.last[3]));
        let (xs, _) = a.as_chunks_mut::<8>();
        for x in xs.iter_mut() {
            let v = ld(x);
            let s = _mm256_shuffle_epi32::<0xB1>(v);
            let v = _mm256_blend_epi32::<0xAA>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            // Half-width 2: the odd pair times [1, w4], then sum and difference.
            let v = shoup!(k, v, w2, q2);
            let s = _mm256_shuffle_epi32::<0x4E>(v);
            let v = _mm256_blend_epi32::<0xCC>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            let v = shoup!(k, v, w4, q4);
            let s = _mm256_permute2x128_si256::<1>(v, v);
            let v = _mm256_blend_epi32::<0xF0>(
                _mm256_add_epi32(v, s),
                _mm256_sub_epi32(_mm256_add_epi32(s, k.p2), v),
            );
            st(x, v);
        }
    }

    /// One decimation-in-time stage over blocks of `2m` (`m >= 8`) with the forward factors:
    /// `(x, y) -> (x + y w^j, x - y w^j)`; values `< 4p` in and out.
    #[target_feature(enable = "avx2")]
    fn dit1(&self, k: &K, a: &mut [u32], m: usize) {
        let (wv, _) = self.wv[m..2 * m].as_chunks::<8>();
        let (wq, _) = self.wq[m..2 * m].as_chunks::<8>();
        for block in a.chunks_exact_mut(2 * m) {
            let (xs, ys) = block.split_at_mut(m);
            let (xs, _) = xs.as_chunks_mut::<8>();
            let (ys, _) = ys.as_chunks_mut::<8>();
            for (((x, y), w), q) in xs.iter_mut().zip(ys.iter_mut()).zip(wv).zip(wq) {
                let u = red2!(k, ld(x));
                let t = shoup!(k, ld(y), ld(w), ld(q));
                st(x, _mm256_add_epi32(u, t));
                st(y, _mm256_sub_epi32(_mm256_add_epi32(u, k.p2), t));
            }
        }
    }

    /// Two decimation-in-time stages over blocks of `2m` (half-widths `m / 2`, then `m`;
    /// `m >= 16`) in one pass, undoing `dif2`; values `< 4p` in and out.
    #[target_feature(enable = "avx2")]
    fn dit2(&self, k: &K, a: &mut [u32], m: usize) {
        let h = m / 2;
        let (w1, _) = self.wv[m..m + h].as_chunks::<8>();
        let (q1, _) = self.wq[m..m + h].as_chunks::<8>();
        let (w2, _) = self.wv[m + h..2 * m].as_chunks::<8>();
        let (q2, _) = self.wq[m + h..2 * m].as_chunks::<8>();
        let (w3, _) = self.wv[h..m].as_chunks::<8>();
        let (q3, _) = self.wq[h..m].as_chunks::<8>();
        for block in a.chunks_exact_mut(2 * m) {
            let (lo, hi) = block.split_at_mut(m);
            let (x0, x1) = lo.split_at_mut(h);
            let (x2, x3) = hi.split_at_mut(h);
            let (x0, _) = x0.as_chunks_mut::<8>();
            let (x1, _) = x1.as_chunks_mut::<8>();
            let (x2, _) = x2.as_chunks_mut::<8>();
            let (x3, _) = x3.as_chunks_mut::<8>();
            let rows = x0.iter_mut().zip(x1.iter_mut()).zip(x2.iter_mut()).zip(x3.iter_mut());
            let ws = w1.iter().zip(q1).zip(w2.iter().zip(q2)).zip(w3.iter().zip(q3));
            for ((((r0, r1), r2), r3), (((w1, q1), (w2, q2)), (w3, q3))) in rows.zip(ws) {
                let (w3, q3) = (ld(w3), ld(q3));
                // Half-width h: (x0, x1) and (x2, x3) with the factor v^j.
                let u0 = red2!(k, ld(r0));
                let t0 = shoup!(k, ld(r1), w3, q3);
                let u2 = red2!(k, ld(r2));
                let t2 = shoup!(k, ld(r3), w3, q3);
                let s0 = _mm256_add_epi32(u0, t0);
                let s1 = _mm256_sub_epi32(_mm256_add_epi32(u0, k.p2), t0);
                let s2 = _mm256_add_epi32(u2, t2);
                let s3 = _mm256_sub_epi32(_mm256_add_epi32(u2, k.p2), t2);
                // Half-width m: (s0, s2) with w^j, (s1, s3) with w^(j + h).
                let s0 = red2!(k, s0);
                let s1 = red2!(k, s1);
                let t2 = shoup!(k, s2, ld(w1), ld(q1));
                let t3 = shoup!(k, s3, ld(w2), ld(q2));
                st(r0, _mm256_add_epi32(s0, t2));
                st(r2, _mm256_sub_epi32(_mm256_add_epi32(s0, k.p2), t2));
                st(r1, _mm256_add_epi32(s1, t3));
                st(r3, _mm256_sub_epi32(_mm256_add_epi32(s1, k.p2), t3));
            }
        }
    }

    /// `dst` = the pieces of `x` reduced into `[0, 2p)`, zero-padded.
    #[target_feature(enable = "avx2")]
    fn load(&self, dst: &mut [u32], x: &[u64]) {
        assert!(2 * x.len() <= dst.len());
        let k = consts(self.p);
        let [w, wq] = twiddle(1, self.p);
        let (w, wq) = (_mm256_set1_epi32(w as i32), _mm256_set1_epi32(wq as i32));
        let (src, tail) = x.as_chunks::<4>();
        let (body, rest) = dst.split_at_mut(8 * src.len());
        let (ds, _) = body.as_chunks_mut::<8>();
        for (d, s) in ds.iter_mut().zip(src) {
            st(d, shoup!(k, ld64(s), w, wq));
        }
        let f = twiddle(1, self.p);
        let mut i = 0;
        for &l in tail {
            rest[i] = shoup1(l as u32, f, self.p);
            rest[i + 1] = shoup1((l >> 32) as u32, f, self.p);
            i += 2;
        }
        rest[i..].fill(0);
    }
}

/// `a = a b 2^-32` pointwise (Montgomery), values `< 2p` in, `(0, 2p)` out.
#[target_feature(enable = "avx2")]
fn pointwise(p: u32, a: &mut [u32], b: &[u32]) {
    let k = consts(p);
    let (xs, _) = a.as_chunks_mut::<8>();
    let (ys, _) = b.as_chunks::<8>();
    for (x, y) in xs.iter_mut().zip(ys) {
        st(x, mont!(k, ld(x), ld(y)));
    }
}

/// `a = a^2 2^-32` pointwise.
#[target_feature(enable = "avx2")]
fn pointwise_sqr(p: u32, a: &mut [u32]) {
    let k = consts(p);
    let (xs, _) = a.as_chunks_mut::<8>();
    for x in xs.iter_mut() {
        let v = ld(x);
        st(x, mont!(k, v, v));
    }
}

/// Shared body of `mul` and `sqr`.
#[target_feature(enable = "avx2")]
fn mul_impl(r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
    let lg = transform_lg(r.len());
    let n = 1usize << lg;
    let mut fb = match b {
        Some(_) => vec![0u32; n],
        None => Vec::new(),
    };
    let mut res: [Vec<u32>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let mut scale = [[0u32; 2]; 3];
    for (i, out) in res.iter_mut().enumerate() {
        let t = Tables::new(i, lg);
        let mut fa = vec![0u32; n];
        t.load(&mut fa, a);
        t.forward(&mut fa);
        match b {
            Some(b) => {
                t.load(&mut fb, b);
                t.forward(&mut fb);
                pointwise(t.p, &mut fa, &fb);
            }
            None => pointwise_sqr(t.p, &mut fa),
        }
        t.inverse(&mut fa);
        scale[i] = t.scale;
        *out = fa;
    }
    drop(fb);
    recombine(r, &mut res, scale);
}

/// An operand transformed modulo each prime for several products.
pub(super) struct Prepared {
    tables: Vec<Tables>,
    fb: [Vec<u32>; 3],
    /// Length of the operand.
    len: usize,
}

impl Prepared {
    /// The longest product (limbs) the transform length takes.
    pub(super) fn max_len(&self) -> usize {
        self.tables[0].n / 2
    }
}

#[target_feature(enable = "avx2")]
fn prepare_impl(b: &[u64], max_len: usize) -> Prepared {
    let lg = transform_lg(max_len);
    let n = 1usize << lg;
    let mut tables = Vec::with_capacity(3);
    let mut fb = [Vec::new(), Vec::new(), Vec::new()];
    for (i, f) in fb.iter_mut().enumerate() {
        let t = Tables::new(i, lg);
        *f = vec![0u32; n];
        t.load(f, b);
        t.forward(f);
        tables.push(t);
    }
    Prepared { tables, fb, len: b.len() }
}

#[target_feature(enable = "avx2")]
fn mul_prepared_impl(r: &mut [u64], a: &[u64], b: &Prepared) {
    let n = b.tables[0].n;
    let mut res: [Vec<u32>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let mut scale = [[0u32; 2]; 3];
    for (i, out) in res.iter_mut().enumerate() {
        let t = &b.tables[i];
        let mut fa = vec![0u32; n];
        t.load(&mut fa, a);
        t.forward(&mut fa);
        pointwise(t.p, &mut fa, &b.fb[i]);
        t.inverse(&mut fa);
        scale[i] = t.scale;
        *out = fa;
    }
    recombine(r, &mut res, scale);
}

/// The coefficient `j` from its mixed-radix digits, stored at index `-j mod n`.
#[inline(always)]
fn coefficient(digits: &[&[u32]; 3], j: usize) -> u128 {
    let [p0, p1, _] = PRIMES;
    let n = digits[0].len();
    let i = n.wrapping_sub(j) & (n - 1);
    let low = digits[0][i] as u64 + digits[1][i] as u64 * p0 as u64;
    low as u128 + digits[2][i] as u128 * (p0 as u64 * p1 as u64) as u128
}

/// Garner's CRT on the inverse transforms' outputs (in place: afterwards `res[i][j]` holds
/// the `i`-th mixed-radix digit of the coefficient at index `j`), then the sum of the
/// coefficients into `r` with carries. `scale[i]` turns prime `i`'s outputs into residues.
#[target_feature(enable = "avx2")]
fn recombine(r: &mut [u64], res: &mut [Vec<u32>; 3], scale: [[u32; 2]; 3]) {
    let n = res[0].len();
    let [p0, p1, p2] = PRIMES;
    let (k0, k1, k2) = (consts(p0), consts(p1), consts(p2));
    macro_rules! bc {
        ($x:expr) => {
            _mm256_set1_epi32($x as i32)
        };
    }
    let s = [
        (bc!(scale[0][0]), bc!(scale[0][1])),
        (bc!(scale[1][0]), bc!(scale[1][1])),
        (bc!(scale[2][0]), bc!(scale[2][1])),
    ];
    let g = [(bc!(GARNER[0][0]), bc!(GARNER[0][1])), (bc!(GARNER[1][0]), bc!(GARNER[1][1]))];
    let g12 = (bc!(GARNER[2][0]), bc!(GARNER[2][1]));
    let (r0, rest) = res.split_at_mut(1);
    let (r1, r2) = rest.split_at_mut(1);
    let (x0s, _) = r0[0].as_chunks_mut::<8>();
    let (x1s, _) = r1[0].as_chunks_mut::<8>();
    let (x2s, _) = r2[0].as_chunks_mut::<8>();
    let twop1 = k1.p2;
    let threep2 = _mm256_add_epi32(k2.p2, k2.p);
    for ((x0, x1), x2) in x0s.iter_mut().zip(x1s.iter_mut()).zip(x2s.iter_mut()) {
        let v0 = red1v!(k0, shoup!(k0, ld(x0), s[0].0, s[0].1));
        let y1 = red1v!(k1, shoup!(k1, ld(x1), s[1].0, s[1].1));
        let y2 = red1v!(k2, shoup!(k2, ld(x2), s[2].0, s[2].1));
        // v0 < p0 < 2 p1 and < 3 p2, v1 < p1 < 2 p2: every argument below is under 4p.
        let d = _mm256_sub_epi32(_mm256_add_epi32(y1, twop1), v0);
        let v1 = red1v!(k1, shoup!(k1, d, g[0].0, g[0].1));
        let d = _mm256_sub_epi32(_mm256_add_epi32(y2, threep2), v0);
        let t = shoup!(k2, d, g[1].0, g[1].1);
        let d = _mm256_sub_epi32(_mm256_add_epi32(t, k2.p2), v1);
        let v2 = red1v!(k2, shoup!(k2, d, g12.0, g12.1));
        st(x0, v0);
        st(x1, v1);
        st(x2, v2);
    }
    // c_j = v0 + v1 p0 + v2 p0 p1 sits at index -j mod n; sum them at 32 j bits.
    let digits = [&r0[0][..], &r1[0][..], &r2[0][..]];
    let pieces = (2 * r.len()).min(n);
    let mut acc = 0u128;
    for (i, limb) in r.iter_mut().enumerate() {
        let j = 2 * i;
        if j < pieces {
            acc += coefficient(&digits, j);
        }
        let lo = acc as u32 as u64;
        acc >>= 32;
        if j + 1 < pieces {
            acc += coefficient(&digits, j + 1);
        }
        *limb = lo | (acc as u32 as u64) << 32;
        acc >>= 32;
    }
    debug_assert_eq!(acc, 0);
}
