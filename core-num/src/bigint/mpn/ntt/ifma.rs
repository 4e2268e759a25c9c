//! The three-prime NTT on AVX-512 IFMA (52-bit multiply-add), eight coefficients per vector.
//!
//! Same plan as the portable transform (see the parent module), with primes just below `2^50`
//! so that every residue, even lazily reduced to `[0, 4p)`, fits the 52 bits the IFMA
//! instructions multiply:
//!
//! - Twiddle products are Shoup's: with `w' = floor(w 2^52 / p)`, `q = hi52(x w')` and
//!   `x w - q p` (computed mod `2^52`) lies in `[0, 2p)` for any `x < 2^52`: three IFMA ops.
//! - Pointwise products are Montgomery's with `R = 2^52` (four IFMA ops); the factor `R^-1`
//!   and the transform's `N` are undone by one Shoup product per coefficient in the CRT.
//! - The forward transform is the radix-2 decimation in frequency, two stages per pass over
//!   memory while the half-block is at least 16; the last three stages (half-blocks 4, 2, 1)
//!   run inside pairs of registers with 128-bit and 64-bit shuffles, leaving each 16-element
//!   block in a fixed scrambled order. The pointwise product does not care about the order,
//!   and the inverse undoes exactly those shuffles.
//! - The inverse is the decimation in time run with the forward twiddles, which computes the
//!   transform at `w` instead of `w^-1`: coefficient `k` comes out at index `-k mod N`, and
//!   the CRT reads it from there. So one twiddle table serves both directions.
//! - Lengths `3m` add one radix-3 stage in front (behind, for the inverse), as in the portable
//!   code.
//! - Twiddles come as powers in Montgomery form `x = w 2^52 mod p`, from which both `w` (one
//!   Montgomery product by 1) and its Shoup quotient (`-x p^-1 mod 2^52`, as `w 2^52 - x` is
//!   a multiple of `p`) follow without a division.
//!
//! The coefficients `c_k < min(a.len(), b.len()) 2^128` must stay below the primes' product
//! (about `2^150 - 2^134`): the shorter operand is limited to `MAX_SHORT` limbs, and callers
//! use the portable transform above it.
//!
//! The kernels are `asm!` blocks (the AVX-512 intrinsics need a newer Rust than the crate's
//! minimum). Each works on `zmm16`-`zmm31` only, which code compiled without AVX-512 never
//! uses, and declares them clobbered; operands are pointers, and constants are broadcast from
//! memory (`{1to8}`). The loops stay in Rust, one block per vector step.

use alloc::vec;
use alloc::vec::Vec;
use core::arch::asm;

use super::transform_len;

/// Largest shorter operand, in limbs (the CRT bound allows a little under `2^22`).
pub(super) const MAX_SHORT: usize = 1 << 21;
/// Longest product, in limbs (the primes allow transforms up to `3 2^27`).
pub(super) const MAX_LEN: usize = 1 << 26;
/// Shortest product, in limbs (the power-of-two part of the transform must hold at least two
/// vectors).
pub(super) const MIN_LEN: usize = 32;

/// Transforms of at most this many elements run stage by stage (in the L1 cache).
const BLOCK: usize = 2048;

/// `2^52 - 1`.
const MASK52: u64 = (1 << 52) - 1;

/// The primes `c 3 2^27 + 1` just below `2^50`, largest first (Garner's step relies on them
/// being within a factor 2 of each other), and a primitive root of each.
const PRIMES: [u64; 3] = [1_125_897_625_141_249, 1_125_896_819_834_881, 1_125_892_793_303_041];
const GENERATORS: [u64; 3] = [29, 14, 17];

/// `a b mod p` (scalar, for the constants).
const fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    (a as u128 * b as u128 % p as u128) as u64
}

/// `b^e mod p` (scalar, for the constants).
const fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
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

/// `[w, floor(w 2^52 / p)]` for `w < p`: a factor for `shoup!`.
const fn twiddle(w: u64, p: u64) -> [u64; 2] {
    [w, (((w as u128) << 52) / p as u128) as u64]
}

/// `p^-1 mod 2^52`.
const fn inv52(p: u64) -> u64 {
    let mut x = p; // right to 3 bits; each Newton step doubles that
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(x)));
        i += 1;
    }
    x & MASK52
}

/// `ROOTS[three][i][k]`: a primitive `2^k`-th (`three`: `3 2^k`-th) root of unity modulo
/// `PRIMES[i]`, for `k <= 27`; each entry is the square of the next.
const ROOTS: [[[u64; 28]; 3]; 2] = {
    let mut t = [[[0u64; 28]; 3]; 2];
    let mut three = 0;
    while three < 2 {
        let mut i = 0;
        while i < 3 {
            let p = PRIMES[i];
            let order = if three == 1 { 3u64 << 27 } else { 1 << 27 };
            t[three][i][27] = pow_mod(GENERATORS[i], (p - 1) / order, p);
            let mut k = 27;
            while k > 0 {
                t[three][i][k - 1] = mul_mod(t[three][i][k], t[three][i][k], p);
                k -= 1;
            }
            i += 1;
        }
        three += 1;
    }
    t
};

/// Proof that this CPU runs AVX-512 F and IFMA (and that `CORE_SIMD_MAX` allows AVX-512):
/// only `Ifma::get` makes one, and every function here that runs the instructions takes one.
#[derive(Clone, Copy)]
pub(super) struct Ifma(#[allow(dead_code)] core_cpu::token::Avx512Ifma);

impl Ifma {
    /// The token, when the vector transform may run here.
    pub(super) fn get() -> Option<Ifma> {
        core_cpu::token::Avx512Ifma::get().map(Ifma)
    }

    /// `r = a * b` (`b == None`: `a * a`), `r.len() == a.len() + b.len()` in
    /// `MIN_LEN..=MAX_LEN`, the shorter operand at most `MAX_SHORT` limbs.
    pub(super) fn mul(self, r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
        mul_impl(self, r, a, b);
    }

    /// `b` transformed once for several products (see `Prepared`), at the transform length
    /// `m` or `3m` (`m >= 16` from `shape`); `b` at most `MAX_SHORT` limbs.
    pub(super) fn prepare(self, b: &[u64], m: usize, three: bool) -> Prepared {
        prepare_impl(self, b, m, three)
    }

    /// `r = a * b` for the prepared `b`: `r.len() == a.len() + b.len()`, `r.len() - 1` at most
    /// the prepared transform length.
    pub(super) fn mul_prepared(self, r: &mut [u64], a: &[u64], b: &Prepared) {
        mul_prepared_impl(r, a, b);
    }
}

/// Per-prime constants, read by the kernels as `qword ptr [{k} + offset]{1to8}` broadcasts
/// (offsets in the `k!` macro).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Consts([u64; 16]);

impl Consts {
    /// The constants of `p`; the cube root and the scale are filled in by `Tables::new`.
    const fn new(p: u64) -> Consts {
        let mut c = [0u64; 16];
        c[0] = p;
        c[1] = 2 * p;
        c[2] = 4 * p;
        c[3] = (1 << 52) - p;
        c[4] = inv52(p);
        c[5] = MASK52;
        let [c52, c52q] = twiddle((1 << 52) % p, p);
        c[8] = c52;
        c[9] = c52q;
        c[10] = 1;
        Consts(c)
    }
}

/// The constants of each prime.
const CONSTS: [Consts; 3] =
    [Consts::new(PRIMES[0]), Consts::new(PRIMES[1]), Consts::new(PRIMES[2])];

/// `a b 2^-52 mod p` for `a, b < p` (scalar Montgomery; `k` the prime's constants).
fn mont52(k: &Consts, a: u64, b: u64) -> u64 {
    let (p, pinv) = (k.0[0], k.0[4]);
    let t = a as u128 * b as u128;
    // m p == t (mod 2^52), so t - m p is a multiple of 2^52 in (-p 2^52, p 2^52).
    let m = (t as u64).wrapping_mul(pinv) & MASK52;
    let r = ((t >> 52) as u64).wrapping_sub(((m as u128 * p as u128) >> 52) as u64);
    if r >= p {
        r.wrapping_add(p)
    } else {
        r
    }
}

/// A broadcast memory operand: the constant at byte `$off` of the block in operand `$b`.
macro_rules! kc {
    ($b:ident, $off:literal) => {
        concat!("qword ptr [{", stringify!($b), "} + ", $off, "]{{1to8}}")
    };
}

/// The named constants of a `Consts` block in operand `$b`.
#[rustfmt::skip]
macro_rules! k {
    ($b:ident, P) => { kc!($b, "0") };
    ($b:ident, P2) => { kc!($b, "8") };
    ($b:ident, P4) => { kc!($b, "16") };
    ($b:ident, NEGP) => { kc!($b, "24") };
    ($b:ident, PINV) => { kc!($b, "32") };
    ($b:ident, MASK) => { kc!($b, "40") };
    ($b:ident, CUBE) => { kc!($b, "48") };
    ($b:ident, CUBEQ) => { kc!($b, "56") };
    ($b:ident, C52) => { kc!($b, "64") };
    ($b:ident, C52Q) => { kc!($b, "72") };
    ($b:ident, ONE) => { kc!($b, "80") };
}

/// A vector memory operand: at operand `$p`, plus operand `$o` or a byte offset.
#[rustfmt::skip]
macro_rules! at {
    ($p:ident) => { concat!("zmmword ptr [{", stringify!($p), "}]") };
    ($p:ident + $o:ident) => {
        concat!("zmmword ptr [{", stringify!($p), "} + {", stringify!($o), "}]")
    };
    ($p:ident, $off:literal) => { concat!("zmmword ptr [{", stringify!($p), "} + ", $off, "]") };
}

/// `x = x mod 2p` for `x < 4p` (`t` is scratch).
#[rustfmt::skip]
macro_rules! red2 {
    ($k:ident, $x:literal, $t:literal) => {
        concat!(
            "vpsubq ", $t, ", ", $x, ", ", k!($k, P2), "\n",
            "vpminuq ", $x, ", ", $x, ", ", $t, "\n",
        )
    };
}

/// `x = x mod p` for `x < 2p` (`t` is scratch).
#[rustfmt::skip]
macro_rules! red1 {
    ($k:ident, $x:literal, $t:literal) => {
        concat!(
            "vpsubq ", $t, ", ", $x, ", ", k!($k, P), "\n",
            "vpminuq ", $x, ", ", $x, ", ", $t, "\n",
        )
    };
}

/// `d = x w mod p` in `[0, 2p)` for `x < 2^52` (Shoup): `w` and its quotient `wq` are
/// registers or memory operands; `d`, `x` and the scratch `t` are distinct registers.
#[rustfmt::skip]
macro_rules! shoup {
    ($k:ident, $d:literal, $x:literal, $w:expr, $wq:expr, $t:literal) => {
        concat!(
            "vpxorq ", $t, ", ", $t, ", ", $t, "\n",
            "vpmadd52huq ", $t, ", ", $x, ", ", $wq, "\n",
            "vpxorq ", $d, ", ", $d, ", ", $d, "\n",
            "vpmadd52luq ", $d, ", ", $x, ", ", $w, "\n",
            "vpmadd52luq ", $d, ", ", $t, ", ", k!($k, NEGP), "\n",
            "vpandq ", $d, ", ", $d, ", ", k!($k, MASK), "\n",
        )
    };
}

/// `d = a b 2^-52 mod p` in `(0, 2p)` for `a b < 2^52 p` (Montgomery): as `m p == lo52(a b)`
/// (mod `2^52`) the low halves cancel exactly and `a b - m p = (hi52(a b) - hi52(m p)) 2^52`.
/// `b` may be a memory operand; `d`, `a`, `t`, `u` are distinct registers.
#[rustfmt::skip]
macro_rules! mont {
    ($k:ident, $d:literal, $a:literal, $b:expr, $t:literal, $u:literal) => {
        concat!(
            "vpxorq ", $t, ", ", $t, ", ", $t, "\n",
            "vpmadd52luq ", $t, ", ", $a, ", ", $b, "\n",
            "vpxorq ", $d, ", ", $d, ", ", $d, "\n",
            "vpmadd52huq ", $d, ", ", $a, ", ", $b, "\n",
            "vpxorq ", $u, ", ", $u, ", ", $u, "\n",
            "vpmadd52luq ", $u, ", ", $t, ", ", k!($k, PINV), "\n",
            "vpxorq ", $t, ", ", $t, ", ", $t, "\n",
            "vpmadd52huq ", $t, ", ", $u, ", ", k!($k, P), "\n",
            "vpsubq ", $d, ", ", $d, ", ", $t, "\n",
            "vpaddq ", $d, ", ", $d, ", ", k!($k, P), "\n",
        )
    };
}

/// `d = x + 2p - y` (`d` distinct from `y`).
#[rustfmt::skip]
macro_rules! diff {
    ($k:ident, $d:literal, $x:literal, $y:literal) => {
        concat!(
            "vpaddq ", $d, ", ", $x, ", ", k!($k, P2), "\n",
            "vpsubq ", $d, ", ", $d, ", ", $y, "\n",
        )
    };
}

/// Runs one kernel: the template, then the clobber list of `zmm16`-`zmm31`.
macro_rules! kernel {
    ($($t:tt)*) => {
        asm!(
            $($t)*
            out("zmm16") _, out("zmm17") _, out("zmm18") _, out("zmm19") _,
            out("zmm20") _, out("zmm21") _, out("zmm22") _, out("zmm23") _,
            out("zmm24") _, out("zmm25") _, out("zmm26") _, out("zmm27") _,
            out("zmm28") _, out("zmm29") _, out("zmm30") _, out("zmm31") _,
            options(nostack),
        )
    };
}

/// The factors of the in-register stages, read as vectors at byte offsets: half-width 4 in
/// `dif_last3`'s lane order (0, values; 64, quotients), in `dit_first3`'s (128, 192), and
/// half-width 2 (256, 320).
#[repr(C, align(64))]
struct Small([u64; 48]);

/// The twiddles of one prime for transforms of length `m` or `3m`.
pub(super) struct Tables {
    tok: Ifma,
    /// The prime's constants, with its cube root of unity and the scale.
    k: Consts,
    /// The prime.
    p: u64,
    /// Power-of-two part of the transform length.
    m: usize,
    /// Whether a radix-3 stage makes the length `3m`.
    three: bool,
    /// Radix-2 factors: entry `h + j` is `w_2h^j` for half-widths `h < m` and `j < h`, then
    /// (from `m`) their Shoup quotients.
    w: Vec<u64>,
    /// Radix-3 stage (`3m`): `w_N^j`, their quotients, `w_N^2j`, their quotients, `m` each.
    w3: Vec<u64>,
    small: Small,
}

/// `out[j] = x^j mod p` and `quot[j] = floor(out[j] 2^52 / p)` (`out.len() == quot.len()`,
/// a multiple of 8).
fn powers(_: Ifma, k: &Consts, x: u64, out: &mut [u64], quot: &mut [u64]) {
    let n = out.len();
    assert!(n == quot.len() && n.is_multiple_of(8));
    let p = k.0[0];
    // Montgomery forms `x^j 2^52 mod p`: 32 by scalar steps, then four chains of vectors,
    // each the one 32 places back times `x^32`.
    let xm = mul_mod(x, k.0[8], p);
    let mut y = k.0[8];
    for o in out.iter_mut().take(32) {
        *o = y;
        y = mont52(k, y, xm);
    }
    let step = [y];
    let o = out.as_mut_ptr();
    let mut i = 32;
    while i + 32 <= n {
        // SAFETY: reads out[i - 32..i] and writes out[i..i + 32], inside out; the token
        // proves the instructions.
        unsafe {
            kernel!(
                "vmovdqu64 zmm16, zmmword ptr [{o} - 256]",
                "vmovdqu64 zmm17, zmmword ptr [{o} - 192]",
                "vmovdqu64 zmm18, zmmword ptr [{o} - 128]",
                "vmovdqu64 zmm19, zmmword ptr [{o} - 64]",
                mont!(k, "zmm20", "zmm16", "qword ptr [{s}]{{1to8}}", "zmm24", "zmm25"),
                mont!(k, "zmm21", "zmm17", "qword ptr [{s}]{{1to8}}", "zmm26", "zmm27"),
                mont!(k, "zmm22", "zmm18", "qword ptr [{s}]{{1to8}}", "zmm28", "zmm29"),
                mont!(k, "zmm23", "zmm19", "qword ptr [{s}]{{1to8}}", "zmm30", "zmm31"),
                red1!(k, "zmm20", "zmm24"),
                red1!(k, "zmm21", "zmm25"),
                red1!(k, "zmm22", "zmm26"),
                red1!(k, "zmm23", "zmm27"),
                "vmovdqu64 zmmword ptr [{o}], zmm20",
                "vmovdqu64 zmmword ptr [{o} + 64], zmm21",
                "vmovdqu64 zmmword ptr [{o} + 128], zmm22",
                "vmovdqu64 zmmword ptr [{o} + 192], zmm23",
                o = in(reg) o.add(i),
                s = in(reg) step.as_ptr(),
                k = in(reg) k,
            );
        }
        i += 32;
    }
    // A tail shorter than 32 (n of 8, 16 or 24 past a multiple of 32), one vector at a time.
    while i < n {
        // SAFETY: reads out[i - 32..i - 24] and writes out[i..i + 8] (i + 8 <= n).
        unsafe {
            kernel!(
                "vmovdqu64 zmm16, zmmword ptr [{o} - 256]",
                mont!(k, "zmm20", "zmm16", "qword ptr [{s}]{{1to8}}", "zmm24", "zmm25"),
                red1!(k, "zmm20", "zmm24"),
                "vmovdqu64 zmmword ptr [{o}], zmm20",
                o = in(reg) o.add(i),
                s = in(reg) step.as_ptr(),
                k = in(reg) k,
            );
        }
        i += 8;
    }
    // From `x = w 2^52 mod p`: `w = x 2^-52` by a Montgomery product by 1, and the quotient
    // `(w 2^52 - x) / p = -x p^-1 mod 2^52`.
    let q = quot.as_mut_ptr();
    for i in (0..n).step_by(8) {
        // SAFETY: i + 8 <= n, the length of both.
        unsafe {
            kernel!(
                "vmovdqu64 zmm16, zmmword ptr [{o}]",
                mont!(k, "zmm17", "zmm16", k!(k, ONE), "zmm18", "zmm19"),
                red1!(k, "zmm17", "zmm18"),
                "vpxorq zmm20, zmm20, zmm20",
                concat!("vpmadd52luq zmm20, zmm16, ", k!(k, PINV)),
                "vpxorq zmm21, zmm21, zmm21",
                "vpsubq zmm21, zmm21, zmm20",
                concat!("vpandq zmm21, zmm21, ", k!(k, MASK)),
                "vmovdqu64 zmmword ptr [{o}], zmm17",
                "vmovdqu64 zmmword ptr [{q}], zmm21",
                o = in(reg) o.add(i),
                q = in(reg) q.add(i),
                k = in(reg) k,
            );
        }
    }
}

/// `t[h + j] = t[2h + 2j]` for `j < h`, for each `h = top / 2, top / 4, ..., 1`: the factors
/// of each stage from those of the stage above (`2 top <= t.len()`).
fn fill_levels(_: Ifma, t: &mut [u64], top: usize) {
    static EVEN: Small8 = Small8([0, 2, 4, 6, 8, 10, 12, 14]);
    assert!(2 * top <= t.len());
    let ptr = t.as_mut_ptr();
    let mut h = top / 2;
    while h >= 8 {
        for j in (0..h).step_by(8) {
            // SAFETY: reads t[2h + 2j..2h + 2j + 16] and writes t[h + j..h + j + 8], both
            // inside t[h..4h] (j + 8 <= h, 4h <= 2 top <= t.len()), and they do not overlap.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm18, zmmword ptr [{e}]",
                    "vmovdqu64 zmm16, zmmword ptr [{s}]",
                    "vpermt2q zmm16, zmm18, zmmword ptr [{s} + 64]",
                    "vmovdqu64 zmmword ptr [{d}], zmm16",
                    e = in(reg) &EVEN,
                    s = in(reg) ptr.add(2 * h + 2 * j),
                    d = in(reg) ptr.add(h + j),
                );
            }
        }
        h /= 2;
    }
    while h >= 1 {
        for j in 0..h {
            t[h + j] = t[2 * h + 2 * j];
        }
        h /= 2;
    }
}

/// Eight limbs, aligned for a vector load.
#[repr(C, align(64))]
struct Small8([u64; 8]);

impl Tables {
    /// The tables of prime `idx` for length `m` (a power of two, `16 <= m <= 2^27`) or `3m`.
    fn new(tok: Ifma, idx: usize, m: usize, three: bool) -> Tables {
        assert!((16..=1 << 27).contains(&m) && m.is_power_of_two());
        let p = PRIMES[idx];
        let mut k = CONSTS[idx];
        let lg = m.trailing_zeros() as usize;
        let root = ROOTS[three as usize][idx][lg];
        let root_m = if three { mul_mod(mul_mod(root, root, p), root, p) } else { root };

        let mut w = vec![0u64; 2 * m];
        let half = m / 2;
        {
            let (vals, quots) = w.split_at_mut(m);
            powers(tok, &k, root_m, &mut vals[half..], &mut quots[half..]);
        }
        fill_levels(tok, &mut w[..m], half);
        fill_levels(tok, &mut w[m..], half);

        let mut w3 = Vec::new();
        if three {
            w3 = vec![0u64; 4 * m];
            let (a, b) = w3.split_at_mut(2 * m);
            let (w1, q1) = a.split_at_mut(m);
            let (w2, q2) = b.split_at_mut(m);
            powers(tok, &k, root, w1, q1);
            powers(tok, &k, mul_mod(root, root, p), w2, q2);
            [k.0[6], k.0[7]] = twiddle(ROOTS[1][idx][0], p);
        }

        let mut small = Small([0; 48]);
        let orders: [[usize; 8]; 3] =
            [[4, 5, 6, 7, 4, 5, 6, 7], [4, 5, 4, 5, 6, 7, 6, 7], [2, 3, 2, 3, 2, 3, 2, 3]];
        for (i, order) in orders.iter().enumerate() {
            for (l, &e) in order.iter().enumerate() {
                small.0[16 * i + l] = w[e];
                small.0[16 * i + 8 + l] = w[m + e];
            }
        }
        // 2^k (p - 1) / 2^k == -1 (mod p), so 2^-k = p - (p - 1) / 2^k; likewise 3^-1.
        let mut n_inv = p - ((p - 1) >> lg);
        if three {
            n_inv = mul_mod(n_inv, p - (p - 1) / 3, p);
        }
        [k.0[12], k.0[13]] = twiddle(mul_mod(n_inv, (1u64 << 52) % p, p), p);
        Tables { tok, k, p, m, three, w, w3, small }
    }

    /// `N^-1 2^52 mod p` as a factor: turns the inverse's `c N 2^-52` into `c`.
    fn scale(&self) -> [u64; 2] {
        [self.k.0[12], self.k.0[13]]
    }

    /// Forward transform of `a` (`N` elements `< 2p`), scrambled order out, values `< 2p`.
    fn forward(&self, a: &mut [u64]) {
        if self.three {
            self.radix3_forward(a);
            for row in a.chunks_exact_mut(self.m) {
                self.forward2(row);
            }
        } else {
            self.forward2(a);
        }
    }

    /// Inverse of `forward` times `N`, at index `-k mod N` (see the module notes); values
    /// `< 4p` in and out.
    fn inverse(&self, a: &mut [u64]) {
        if self.three {
            for row in a.chunks_exact_mut(self.m) {
                self.inverse2(row);
            }
            self.radix3_inverse(a);
        } else {
            self.inverse2(a);
        }
    }

    /// Power-of-two forward transform (`a.len() >= 16`), recursing while it outgrows `BLOCK`.
    fn forward2(&self, a: &mut [u64]) {
        let n = a.len();
        debug_assert!(n >= 16 && n.is_power_of_two() && n <= self.m);
        if n > BLOCK {
            if n >= 4 * BLOCK {
                self.dif2(a, n / 2);
                for q in a.chunks_exact_mut(n / 4) {
                    self.forward2(q);
                }
            } else {
                self.dif1(a, n / 2);
                for h in a.chunks_exact_mut(n / 2) {
                    self.forward2(h);
                }
            }
            return;
        }
        let mut m = n / 2;
        while m >= 16 {
            self.dif2(a, m);
            m /= 4;
        }
        if m == 8 {
            self.dif1(a, 8);
        }
        self.dif_last3(a);
    }

    /// Power-of-two inverse transform, the stages of `forward2` undone in reverse order.
    fn inverse2(&self, a: &mut [u64]) {
        let n = a.len();
        debug_assert!(n >= 16 && n.is_power_of_two() && n <= self.m);
        if n > BLOCK {
            if n >= 4 * BLOCK {
                for q in a.chunks_exact_mut(n / 4) {
                    self.inverse2(q);
                }
                self.dit2(a, n / 2);
            } else {
                for h in a.chunks_exact_mut(n / 2) {
                    self.inverse2(h);
                }
                self.dit1(a, n / 2);
            }
            return;
        }
        self.dit_first3(a);
        // Stages 8, 16, ..., n/2 in order; pairs of them per pass, a single one first when
        // their number is odd.
        let stages = n.trailing_zeros() - 3;
        let mut m = 8;
        if stages % 2 == 1 {
            self.dit1(a, 8);
            m = 16;
        }
        while m < n {
            self.dit2(a, 2 * m);
            m *= 4;
        }
    }

    /// Checks a stage's shape: blocks of `2m` over `a`, `m >= min` a multiple of 8, the
    /// factors `w[m..2m]` present. The kernels' memory safety rests on it.
    fn check(&self, a: &[u64], m: usize, min: usize) {
        assert!(m >= min && m.is_multiple_of(8) && a.len().is_multiple_of(2 * m) && m <= self.m);
        assert!(self.w.len() == 2 * self.m);
    }

    /// One decimation-in-frequency stage over blocks of `2m` (`m >= 8`):
    /// `(x, y) -> (x + y, (x - y) w^j)`; values `< 2p` in and out.
    fn dif1(&self, a: &mut [u64], m: usize) {
        self.check(a, m, 8);
        let (ptr, w, qo) = (a.as_mut_ptr(), self.w.as_ptr(), 8 * self.m);
        for base in (0..a.len()).step_by(2 * m) {
            for j in (0..m).step_by(8) {
                // SAFETY: base + m + j + 8 <= a.len() (blocks of 2m inside a); the factors
                // w[m + j..m + j + 8] and their quotients `qo` bytes on are inside w
                // (m + j + 8 <= 2m <= self.m); the token proves the instructions.
                unsafe {
                    kernel!(
                        "vmovdqu64 zmm16, zmmword ptr [{x}]",
                        "vmovdqu64 zmm17, zmmword ptr [{y}]",
                        "vpaddq zmm18, zmm16, zmm17",
                        red2!(k, "zmm18", "zmm19"),
                        diff!(k, "zmm20", "zmm16", "zmm17"),
                        shoup!(k, "zmm21", "zmm20", at!(w), at!(w + qo), "zmm22"),
                        "vmovdqu64 zmmword ptr [{x}], zmm18",
                        "vmovdqu64 zmmword ptr [{y}], zmm21",
                        x = in(reg) ptr.add(base + j),
                        y = in(reg) ptr.add(base + m + j),
                        w = in(reg) w.add(m + j),
                        qo = in(reg) qo,
                        k = in(reg) &self.k,
                    );
                }
            }
        }
    }

    /// Two decimation-in-frequency stages (half-widths `m`, then `m / 2 >= 8`) in one pass.
    fn dif2(&self, a: &mut [u64], m: usize) {
        self.check(a, m, 16);
        let h = m / 2;
        let (ptr, w, qo) = (a.as_mut_ptr(), self.w.as_ptr(), 8 * self.m);
        for base in (0..a.len()).step_by(2 * m) {
            for j in (0..h).step_by(8) {
                // SAFETY: base + m + h + j + 8 <= base + 2m <= a.len(), and every factor
                // index is below 2m <= self.m (quotients `qo` bytes on); the token proves the
                // instructions.
                unsafe {
                    kernel!(
                        "vmovdqu64 zmm16, zmmword ptr [{x0}]",
                        "vmovdqu64 zmm17, zmmword ptr [{x1}]",
                        "vmovdqu64 zmm18, zmmword ptr [{x2}]",
                        "vmovdqu64 zmm19, zmmword ptr [{x3}]",
                        // Half-width m: (x0, x2) by wa, (x1, x3) by wb.
                        "vpaddq zmm20, zmm16, zmm18",
                        diff!(k, "zmm21", "zmm16", "zmm18"),
                        "vpaddq zmm22, zmm17, zmm19",
                        diff!(k, "zmm23", "zmm17", "zmm19"),
                        red2!(k, "zmm20", "zmm24"),
                        red2!(k, "zmm22", "zmm25"),
                        shoup!(k, "zmm16", "zmm21", at!(wa), at!(wa + qo), "zmm24"),
                        shoup!(k, "zmm17", "zmm23", at!(wb), at!(wb + qo), "zmm25"),
                        // Half-width m / 2: (y0, y1) and (y2, y3), both by wc.
                        "vmovdqu64 zmm26, zmmword ptr [{wc}]",
                        "vmovdqu64 zmm27, zmmword ptr [{wc} + {qo}]",
                        "vpaddq zmm18, zmm20, zmm22",
                        diff!(k, "zmm19", "zmm20", "zmm22"),
                        "vpaddq zmm21, zmm16, zmm17",
                        diff!(k, "zmm23", "zmm16", "zmm17"),
                        red2!(k, "zmm18", "zmm24"),
                        red2!(k, "zmm21", "zmm25"),
                        shoup!(k, "zmm20", "zmm19", "zmm26", "zmm27", "zmm24"),
                        shoup!(k, "zmm22", "zmm23", "zmm26", "zmm27", "zmm25"),
                        "vmovdqu64 zmmword ptr [{x0}], zmm18",
                        "vmovdqu64 zmmword ptr [{x1}], zmm20",
                        "vmovdqu64 zmmword ptr [{x2}], zmm21",
                        "vmovdqu64 zmmword ptr [{x3}], zmm22",
                        x0 = in(reg) ptr.add(base + j),
                        x1 = in(reg) ptr.add(base + h + j),
                        x2 = in(reg) ptr.add(base + m + j),
                        x3 = in(reg) ptr.add(base + m + h + j),
                        wa = in(reg) w.add(m + j),
                        wb = in(reg) w.add(m + h + j),
                        wc = in(reg) w.add(h + j),
                        qo = in(reg) qo,
                        k = in(reg) &self.k,
                    );
                }
            }
        }
    }

    /// The last three forward stages (half-widths 4, 2, 1) on each block of 16, in registers.
    /// The block ends in a scrambled order that only `dit_first3` reads.
    fn dif_last3(&self, a: &mut [u64]) {
        assert!(a.len().is_multiple_of(16));
        let ptr = a.as_mut_ptr();
        for base in (0..a.len()).step_by(16) {
            // SAFETY: base + 16 <= a.len(); the factors are in `small`; the token proves the
            // instructions.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm16, zmmword ptr [{a}]",
                    "vmovdqu64 zmm17, zmmword ptr [{a} + 64]",
                    // Half-width 4: x = [u0..u3, v0..v3], y = [u4..u7, v4..v7].
                    "vshufi64x2 zmm18, zmm16, zmm17, 0x44",
                    "vshufi64x2 zmm19, zmm16, zmm17, 0xEE",
                    "vpaddq zmm20, zmm18, zmm19",
                    red2!(k, "zmm20", "zmm24"),
                    diff!(k, "zmm21", "zmm18", "zmm19"),
                    shoup!(k, "zmm22", "zmm21", at!(s), at!(s, "64"), "zmm24"),
                    // Half-width 2: pairs are 128-bit lanes 0-1 and 2-3 of x and of y.
                    "vshufi64x2 zmm16, zmm20, zmm22, 0x88",
                    "vshufi64x2 zmm17, zmm20, zmm22, 0xDD",
                    "vpaddq zmm18, zmm16, zmm17",
                    red2!(k, "zmm18", "zmm24"),
                    diff!(k, "zmm19", "zmm16", "zmm17"),
                    shoup!(k, "zmm21", "zmm19", at!(s, "256"), at!(s, "320"), "zmm24"),
                    // Half-width 1: pairs are the two limbs of each 128-bit lane.
                    "vpunpcklqdq zmm16, zmm18, zmm21",
                    "vpunpckhqdq zmm17, zmm18, zmm21",
                    "vpaddq zmm18, zmm16, zmm17",
                    red2!(k, "zmm18", "zmm24"),
                    diff!(k, "zmm19", "zmm16", "zmm17"),
                    red2!(k, "zmm19", "zmm24"),
                    "vmovdqu64 zmmword ptr [{a}], zmm18",
                    "vmovdqu64 zmmword ptr [{a} + 64], zmm19",
                    a = in(reg) ptr.add(base),
                    s = in(reg) &self.small,
                    k = in(reg) &self.k,
                );
            }
        }
    }

    /// Undoes `dif_last3` (as a transform at `w`, see the module notes): half-widths 1, 2, 4;
    /// values `< 4p` in and out.
    fn dit_first3(&self, a: &mut [u64]) {
        assert!(a.len().is_multiple_of(16));
        let ptr = a.as_mut_ptr();
        for base in (0..a.len()).step_by(16) {
            // SAFETY: as in `dif_last3`.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm16, zmmword ptr [{a}]",
                    "vmovdqu64 zmm17, zmmword ptr [{a} + 64]",
                    red2!(k, "zmm16", "zmm24"),
                    red2!(k, "zmm17", "zmm24"),
                    "vpaddq zmm18, zmm16, zmm17",
                    diff!(k, "zmm19", "zmm16", "zmm17"),
                    "vpunpcklqdq zmm16, zmm18, zmm19",
                    "vpunpckhqdq zmm17, zmm18, zmm19",
                    red2!(k, "zmm16", "zmm24"),
                    shoup!(k, "zmm20", "zmm17", at!(s, "256"), at!(s, "320"), "zmm24"),
                    "vpaddq zmm18, zmm16, zmm20",
                    diff!(k, "zmm19", "zmm16", "zmm20"),
                    // The lanes come back in the order [0, 2, 1, 3] of `dif_last3`'s x and y,
                    // the same for both, so these factors are in that order too.
                    "vshufi64x2 zmm16, zmm18, zmm19, 0x44",
                    "vshufi64x2 zmm17, zmm18, zmm19, 0xEE",
                    red2!(k, "zmm16", "zmm24"),
                    shoup!(k, "zmm20", "zmm17", at!(s, "128"), at!(s, "192"), "zmm24"),
                    "vpaddq zmm18, zmm16, zmm20",
                    diff!(k, "zmm19", "zmm16", "zmm20"),
                    "vshufi64x2 zmm16, zmm18, zmm19, 0x88",
                    "vshufi64x2 zmm17, zmm18, zmm19, 0xDD",
                    "vmovdqu64 zmmword ptr [{a}], zmm16",
                    "vmovdqu64 zmmword ptr [{a} + 64], zmm17",
                    a = in(reg) ptr.add(base),
                    s = in(reg) &self.small,
                    k = in(reg) &self.k,
                );
            }
        }
    }

    /// One decimation-in-time stage over blocks of `2m` (`m >= 8`):
    /// `(x, y) -> (x + y w^j, x - y w^j)`; values `< 4p` in and out.
    fn dit1(&self, a: &mut [u64], m: usize) {
        self.check(a, m, 8);
        let (ptr, w, qo) = (a.as_mut_ptr(), self.w.as_ptr(), 8 * self.m);
        for base in (0..a.len()).step_by(2 * m) {
            for j in (0..m).step_by(8) {
                // SAFETY: as in `dif1`.
                unsafe {
                    kernel!(
                        "vmovdqu64 zmm16, zmmword ptr [{x}]",
                        "vmovdqu64 zmm17, zmmword ptr [{y}]",
                        red2!(k, "zmm16", "zmm19"),
                        shoup!(k, "zmm18", "zmm17", at!(w), at!(w + qo), "zmm19"),
                        "vpaddq zmm20, zmm16, zmm18",
                        diff!(k, "zmm21", "zmm16", "zmm18"),
                        "vmovdqu64 zmmword ptr [{x}], zmm20",
                        "vmovdqu64 zmmword ptr [{y}], zmm21",
                        x = in(reg) ptr.add(base + j),
                        y = in(reg) ptr.add(base + m + j),
                        w = in(reg) w.add(m + j),
                        qo = in(reg) qo,
                        k = in(reg) &self.k,
                    );
                }
            }
        }
    }

    /// Two decimation-in-time stages (half-widths `m / 2 >= 8`, then `m`) in one pass.
    fn dit2(&self, a: &mut [u64], m: usize) {
        self.check(a, m, 16);
        let h = m / 2;
        let (ptr, w, qo) = (a.as_mut_ptr(), self.w.as_ptr(), 8 * self.m);
        for base in (0..a.len()).step_by(2 * m) {
            for j in (0..h).step_by(8) {
                // SAFETY: as in `dif2`.
                unsafe {
                    kernel!(
                        "vmovdqu64 zmm16, zmmword ptr [{x0}]",
                        "vmovdqu64 zmm17, zmmword ptr [{x1}]",
                        "vmovdqu64 zmm18, zmmword ptr [{x2}]",
                        "vmovdqu64 zmm19, zmmword ptr [{x3}]",
                        // Half-width m / 2: (x0, x1) and (x2, x3), both by wc.
                        "vmovdqu64 zmm26, zmmword ptr [{wc}]",
                        "vmovdqu64 zmm27, zmmword ptr [{wc} + {qo}]",
                        red2!(k, "zmm16", "zmm24"),
                        red2!(k, "zmm18", "zmm25"),
                        shoup!(k, "zmm20", "zmm17", "zmm26", "zmm27", "zmm24"),
                        shoup!(k, "zmm28", "zmm19", "zmm26", "zmm27", "zmm25"),
                        "vpaddq zmm21, zmm16, zmm20",
                        diff!(k, "zmm22", "zmm16", "zmm20"),
                        "vpaddq zmm23, zmm18, zmm28",
                        diff!(k, "zmm29", "zmm18", "zmm28"),
                        // Half-width m: (y0, y2) by wa, (y1, y3) by wb.
                        red2!(k, "zmm21", "zmm24"),
                        red2!(k, "zmm22", "zmm25"),
                        shoup!(k, "zmm20", "zmm23", at!(wa), at!(wa + qo), "zmm24"),
                        shoup!(k, "zmm28", "zmm29", at!(wb), at!(wb + qo), "zmm25"),
                        "vpaddq zmm16, zmm21, zmm20",
                        diff!(k, "zmm18", "zmm21", "zmm20"),
                        "vpaddq zmm17, zmm22, zmm28",
                        diff!(k, "zmm19", "zmm22", "zmm28"),
                        "vmovdqu64 zmmword ptr [{x0}], zmm16",
                        "vmovdqu64 zmmword ptr [{x1}], zmm17",
                        "vmovdqu64 zmmword ptr [{x2}], zmm18",
                        "vmovdqu64 zmmword ptr [{x3}], zmm19",
                        x0 = in(reg) ptr.add(base + j),
                        x1 = in(reg) ptr.add(base + h + j),
                        x2 = in(reg) ptr.add(base + m + j),
                        x3 = in(reg) ptr.add(base + m + h + j),
                        wa = in(reg) w.add(m + j),
                        wb = in(reg) w.add(m + h + j),
                        wc = in(reg) w.add(h + j),
                        qo = in(reg) qo,
                        k = in(reg) &self.k,
                    );
                }
            }
        }
    }

    /// Checks the radix-3 stage's shape (the kernels' memory safety rests on it).
    fn check3(&self, a: &[u64]) {
        assert!(self.three && a.len() == 3 * self.m && self.m.is_multiple_of(8));
        assert!(self.w3.len() == 4 * self.m);
    }

    /// The radix-3 stage in front of the forward transform of length `3m` (as the portable
    /// `radix3_forward`); values `< 2p` in and out.
    fn radix3_forward(&self, a: &mut [u64]) {
        self.check3(a);
        let m = self.m;
        let (ptr, t, mo) = (a.as_mut_ptr(), self.w3.as_ptr(), 8 * m);
        for j in (0..m).step_by(8) {
            // SAFETY: j + 8 <= m, so the rows' j + 2m + 8 <= a.len() and the four factor
            // tables' reads (j, plus m, 2m, 3m) stay inside w3; the token proves the
            // instructions.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm16, zmmword ptr [{a}]",
                    "vmovdqu64 zmm17, zmmword ptr [{b}]",
                    "vmovdqu64 zmm18, zmmword ptr [{c}]",
                    diff!(k, "zmm19", "zmm17", "zmm18"),
                    shoup!(k, "zmm20", "zmm19", k!(k, CUBE), k!(k, CUBEQ), "zmm24"),
                    "vpaddq zmm21, zmm17, zmm18",
                    red2!(k, "zmm21", "zmm24"),
                    "vpaddq zmm21, zmm21, zmm16",
                    red2!(k, "zmm21", "zmm24"),
                    diff!(k, "zmm22", "zmm16", "zmm18"),
                    red2!(k, "zmm22", "zmm24"),
                    diff!(k, "zmm23", "zmm16", "zmm17"),
                    red2!(k, "zmm23", "zmm24"),
                    "vpaddq zmm22, zmm22, zmm20",
                    diff!(k, "zmm25", "zmm23", "zmm20"),
                    shoup!(k, "zmm16", "zmm22", at!(t), at!(t + mo), "zmm24"),
                    shoup!(k, "zmm17", "zmm25", at!(u), at!(u + mo), "zmm26"),
                    "vmovdqu64 zmmword ptr [{a}], zmm21",
                    "vmovdqu64 zmmword ptr [{b}], zmm16",
                    "vmovdqu64 zmmword ptr [{c}], zmm17",
                    a = in(reg) ptr.add(j),
                    b = in(reg) ptr.add(m + j),
                    c = in(reg) ptr.add(2 * m + j),
                    t = in(reg) t.add(j),
                    u = in(reg) t.add(2 * m + j),
                    mo = in(reg) mo,
                    k = in(reg) &self.k,
                );
            }
        }
    }

    /// The radix-3 stage behind the inverse transform, at `w` (the forward factors applied
    /// first, then the 3-point transform); values `< 4p` in and out.
    fn radix3_inverse(&self, a: &mut [u64]) {
        self.check3(a);
        let m = self.m;
        let (ptr, t, mo) = (a.as_mut_ptr(), self.w3.as_ptr(), 8 * m);
        for j in (0..m).step_by(8) {
            // SAFETY: as in `radix3_forward`.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm16, zmmword ptr [{a}]",
                    "vmovdqu64 zmm17, zmmword ptr [{b}]",
                    "vmovdqu64 zmm19, zmmword ptr [{c}]",
                    red2!(k, "zmm16", "zmm24"),
                    shoup!(k, "zmm18", "zmm17", at!(t), at!(t + mo), "zmm24"),
                    shoup!(k, "zmm20", "zmm19", at!(u), at!(u + mo), "zmm25"),
                    diff!(k, "zmm21", "zmm18", "zmm20"),
                    shoup!(k, "zmm22", "zmm21", k!(k, CUBE), k!(k, CUBEQ), "zmm24"),
                    // x0 = u0 + u1 + u2, x1 = u0 - u2 + s, x2 = u0 - u1 - s.
                    "vpaddq zmm23, zmm16, zmm18",
                    red2!(k, "zmm23", "zmm24"),
                    "vpaddq zmm23, zmm23, zmm20",
                    diff!(k, "zmm17", "zmm16", "zmm20"),
                    red2!(k, "zmm17", "zmm24"),
                    "vpaddq zmm17, zmm17, zmm22",
                    diff!(k, "zmm19", "zmm16", "zmm18"),
                    red2!(k, "zmm19", "zmm24"),
                    diff!(k, "zmm26", "zmm19", "zmm22"),
                    "vmovdqu64 zmmword ptr [{a}], zmm23",
                    "vmovdqu64 zmmword ptr [{b}], zmm17",
                    "vmovdqu64 zmmword ptr [{c}], zmm26",
                    a = in(reg) ptr.add(j),
                    b = in(reg) ptr.add(m + j),
                    c = in(reg) ptr.add(2 * m + j),
                    t = in(reg) t.add(j),
                    u = in(reg) t.add(2 * m + j),
                    mo = in(reg) mo,
                    k = in(reg) &self.k,
                );
            }
        }
    }

    /// `dst = x mod p` in `[0, 2p)`, zero-padded to `dst.len()` (`x.len() <= dst.len()`).
    fn load(&self, dst: &mut [u64], x: &[u64]) {
        assert!(x.len() <= dst.len());
        let full = x.len() / 8 * 8;
        for i in (0..full).step_by(8) {
            // SAFETY: i + 8 <= full <= x.len() <= dst.len(); the token proves the
            // instructions.
            unsafe {
                kernel!(
                    // x = hi 2^52 + lo: hi 2^52 by a Shoup product, lo (< 2^52 < 5p) by two
                    // conditional subtractions.
                    "vmovdqu64 zmm16, zmmword ptr [{x}]",
                    "vpsrlq zmm17, zmm16, 52",
                    shoup!(k, "zmm18", "zmm17", k!(k, C52), k!(k, C52Q), "zmm24"),
                    concat!("vpandq zmm16, zmm16, ", k!(k, MASK)),
                    concat!("vpsubq zmm19, zmm16, ", k!(k, P4)),
                    "vpminuq zmm16, zmm16, zmm19",
                    red2!(k, "zmm16", "zmm24"),
                    "vpaddq zmm16, zmm16, zmm18",
                    red2!(k, "zmm16", "zmm24"),
                    "vmovdqu64 zmmword ptr [{d}], zmm16",
                    x = in(reg) x.as_ptr().add(i),
                    d = in(reg) dst.as_mut_ptr().add(i),
                    k = in(reg) &self.k,
                );
            }
        }
        for (d, &v) in dst[full..].iter_mut().zip(&x[full..]) {
            *d = v % self.p;
        }
        dst[x.len()..].fill(0);
    }

    /// `a = a b 2^-52` pointwise (`b == None`: `a a 2^-52`); values `< 2p` in, `< 2p` out.
    fn pointwise(&self, a: &mut [u64], b: Option<&[u64]>) {
        let n = a.len();
        assert!(n.is_multiple_of(8) && b.is_none_or(|b| b.len() == n));
        let pa = a.as_mut_ptr();
        let pb = b.map_or(pa.cast_const(), |b| b.as_ptr());
        for i in (0..n).step_by(8) {
            // SAFETY: i + 8 <= n == a.len() (== b.len()); the token proves the instructions.
            unsafe {
                kernel!(
                    "vmovdqu64 zmm16, zmmword ptr [{a}]",
                    "vmovdqu64 zmm17, zmmword ptr [{b}]",
                    mont!(k, "zmm18", "zmm16", "zmm17", "zmm19", "zmm20"),
                    "vmovdqu64 zmmword ptr [{a}], zmm18",
                    a = in(reg) pa.add(i),
                    b = in(reg) pb.add(i),
                    k = in(reg) &self.k,
                );
            }
        }
    }
}

/// `(m, three)` of the transform for a product of `len` limbs (`m >= 16`).
pub(super) fn shape(len: usize) -> (usize, bool) {
    let (m, three) = transform_len(len - 1);
    if m >= 16 {
        (m, three)
    } else {
        ((len - 1).next_power_of_two().max(16), false)
    }
}

fn mul_impl(tok: Ifma, r: &mut [u64], a: &[u64], b: Option<&[u64]>) {
    let out = r.len();
    assert!((MIN_LEN..=MAX_LEN).contains(&out));
    let (m, three) = shape(out);
    let n = if three { 3 * m } else { m };
    // The three residue vectors, then (for a product) b's transform.
    let mut buf = vec![0u64; if b.is_some() { 4 * n } else { 3 * n }];
    let (res, fb) = buf.split_at_mut(3 * n);
    let mut scale = [[0u64; 2]; 3];
    for (i, fa) in res.chunks_exact_mut(n).enumerate() {
        let t = Tables::new(tok, i, m, three);
        t.load(fa, a);
        t.forward(fa);
        if let Some(b) = b {
            t.load(fb, b);
            t.forward(fb);
            t.pointwise(fa, Some(fb));
        } else {
            t.pointwise(fa, None);
        }
        t.inverse(fa);
        scale[i] = t.scale();
    }
    recombine(tok, r, res, scale);
}

/// An operand transformed once, modulo each prime, for several products of one shape.
pub(super) struct Prepared {
    tables: [Tables; 3],
    fb: [Vec<u64>; 3],
    /// The operand's length.
    len: usize,
}

fn prepare_impl(tok: Ifma, b: &[u64], m: usize, three: bool) -> Prepared {
    assert!(b.len() <= MAX_SHORT);
    let n = if three { 3 * m } else { m };
    let tables = [0, 1, 2].map(|i| Tables::new(tok, i, m, three));
    let fb = [0, 1, 2].map(|i| {
        let mut f = vec![0u64; n];
        tables[i].load(&mut f, b);
        tables[i].forward(&mut f);
        f
    });
    Prepared { tables, fb, len: b.len() }
}

fn mul_prepared_impl(r: &mut [u64], a: &[u64], b: &Prepared) {
    let n = b.fb[0].len();
    assert!(r.len() == a.len() + b.len && r.len() > 1 && r.len() - 1 <= n);
    let mut res = vec![0u64; 3 * n];
    let mut scale = [[0u64; 2]; 3];
    for (i, fa) in res.chunks_exact_mut(n).enumerate() {
        let t = &b.tables[i];
        t.load(fa, a);
        t.forward(fa);
        t.pointwise(fa, Some(&b.fb[i]));
        t.inverse(fa);
        scale[i] = t.scale();
    }
    recombine(b.tables[0].tok, r, &mut res, scale);
}

/// Garner's CRT for each coefficient and the carry propagation into `r` (`r.len() - 1`
/// coefficients); `res` is three vectors of `N` residues, where `res[i N + (-k mod N)]` holds
/// `c_k N 2^-52 mod p_i` in `[0, 4p_i)` and `scale[i]` removes the factor. They are used as
/// scratch.
fn recombine(tok: Ifma, r: &mut [u64], res: &mut [u64], scale: [[u64; 2]; 3]) {
    let coeffs = r.len() - 1;
    let n = res.len() / 3;
    assert!(coeffs >= 1 && coeffs <= n && n.is_multiple_of(8) && res.len() == 3 * n);
    // Coefficient 0 is at index 0, the others at the top of the vectors: the CRT works on
    // whole vectors there, each in place.
    let from = n - (coeffs - 1).div_ceil(8) * 8;
    if from < 8 {
        crt(tok, res, scale, 0, n);
    } else {
        crt(tok, res, scale, 0, 8);
        crt(tok, res, scale, from, n);
    }
    // Running sum of the coefficients not yet written, below 2^107.
    let (d0, rest) = res.split_at(n);
    let (d1, d2) = rest.split_at(n);
    let mut s = d0[0] as u128 + ((d1[0] as u128) << 52);
    r[0] = s as u64;
    s = (s >> 64) + ((d2[0] as u128) << 40);
    let top = n + 1 - coeffs..n;
    let digits = d0[top.clone()].iter().zip(&d1[top.clone()]).zip(&d2[top]).rev();
    for (limb, ((&x0, &x1), &x2)) in r[1..coeffs].iter_mut().zip(digits) {
        s += x0 as u128 + ((x1 as u128) << 52);
        *limb = s as u64;
        s = (s >> 64) + ((x2 as u128) << 40);
    }
    r[coeffs] = s as u64;
    debug_assert_eq!(s >> 64, 0);
}

/// The constants of Garner's step, read by `crt` as broadcasts at byte offsets: the three
/// scales (0, 16, 32; values then quotients), `p0^-1 mod p1` (48), `p0^-1 mod p2` (64),
/// `p1^-1 mod p2` (80), the low and high 52-bit digits of `p0 p1` (96, 104) and `p0` (112).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Garner([u64; 16]);

/// `Garner` without the scales.
const GARNER: Garner = {
    let [p0, p1, p2] = PRIMES;
    let mut g = [0u64; 16];
    let inv = [
        twiddle(pow_mod(p0 % p1, p1 - 2, p1), p1),
        twiddle(pow_mod(p0 % p2, p2 - 2, p2), p2),
        twiddle(pow_mod(p1 % p2, p2 - 2, p2), p2),
    ];
    let mut i = 0;
    while i < 3 {
        g[6 + 2 * i] = inv[i][0];
        g[7 + 2 * i] = inv[i][1];
        i += 1;
    }
    let p01 = p0 as u128 * p1 as u128;
    g[12] = p01 as u64 & MASK52;
    g[13] = (p01 >> 52) as u64;
    g[14] = p0;
    Garner(g)
};

/// Garner's CRT on the residues at indices `from..to` (multiples of 8) of each of the three
/// vectors in `res`, in place: each coefficient `c < p0 p1 p2` comes out as three digits
/// `d0 + d1 2^52 + d2 2^104`, each below `2^54`.
fn crt(_: Ifma, res: &mut [u64], scale: [[u64; 2]; 3], from: usize, to: usize) {
    let n = res.len() / 3;
    assert!(
        from.is_multiple_of(8)
            && to.is_multiple_of(8)
            && from <= to
            && to <= n
            && res.len() == 3 * n
    );
    let mut g = GARNER;
    for (i, s) in scale.iter().enumerate() {
        g.0[2 * i..2 * i + 2].copy_from_slice(s);
    }
    let [k0, k1, k2] = &CONSTS;
    let ptr = res.as_mut_ptr();
    for i in (from..to).step_by(8) {
        // SAFETY: i + 8 <= to <= n, so the three reads and writes at i, n + i and 2n + i are
        // inside res; the token proves the instructions.
        unsafe {
            kernel!(
                "vmovdqu64 zmm16, zmmword ptr [{x}]",
                "vmovdqu64 zmm17, zmmword ptr [{y}]",
                "vmovdqu64 zmm18, zmmword ptr [{z}]",
                shoup!(k0, "zmm19", "zmm16", kc!(g, "0"), kc!(g, "8"), "zmm24"),
                red1!(k0, "zmm19", "zmm24"),
                shoup!(k1, "zmm20", "zmm17", kc!(g, "16"), kc!(g, "24"), "zmm24"),
                red1!(k1, "zmm20", "zmm24"),
                shoup!(k2, "zmm21", "zmm18", kc!(g, "32"), kc!(g, "40"), "zmm24"),
                red1!(k2, "zmm21", "zmm24"),
                // c = v0 + v1 p0 + v2 p0 p1; p0 < 2 p2, so the differences below stay
                // positive and under 4p.
                diff!(k1, "zmm22", "zmm20", "zmm19"),
                shoup!(k1, "zmm23", "zmm22", kc!(g, "48"), kc!(g, "56"), "zmm24"),
                red1!(k1, "zmm23", "zmm24"),
                diff!(k2, "zmm22", "zmm21", "zmm19"),
                shoup!(k2, "zmm25", "zmm22", kc!(g, "64"), kc!(g, "72"), "zmm24"),
                diff!(k2, "zmm22", "zmm25", "zmm23"),
                shoup!(k2, "zmm26", "zmm22", kc!(g, "80"), kc!(g, "88"), "zmm24"),
                red1!(k2, "zmm26", "zmm24"),
                // d0 = v0 + lo(v1 p0) + lo(v2 a0), d1 = hi(v1 p0) + hi(v2 a0) + lo(v2 a1),
                // d2 = hi(v2 a1), with p0 p1 = a0 + a1 2^52.
                "vmovdqa64 zmm16, zmm19",
                concat!("vpmadd52luq zmm16, zmm23, ", kc!(g, "112")),
                concat!("vpmadd52luq zmm16, zmm26, ", kc!(g, "96")),
                "vpxorq zmm17, zmm17, zmm17",
                concat!("vpmadd52huq zmm17, zmm23, ", kc!(g, "112")),
                concat!("vpmadd52huq zmm17, zmm26, ", kc!(g, "96")),
                concat!("vpmadd52luq zmm17, zmm26, ", kc!(g, "104")),
                "vpxorq zmm18, zmm18, zmm18",
                concat!("vpmadd52huq zmm18, zmm26, ", kc!(g, "104")),
                "vmovdqu64 zmmword ptr [{x}], zmm16",
                "vmovdqu64 zmmword ptr [{y}], zmm17",
                "vmovdqu64 zmmword ptr [{z}], zmm18",
                x = in(reg) ptr.add(i),
                y = in(reg) ptr.add(n + i),
                z = in(reg) ptr.add(2 * n + i),
                g = in(reg) &g,
                k0 = in(reg) k0,
                k1 = in(reg) k1,
                k2 = in(reg) k2,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants() {
        for (i, &p) in PRIMES.iter().enumerate() {
            assert!((1 << 49) < p && p < 1 << 50 && (p - 1) % (3 << 27) == 0);
            assert!(p < 2 * PRIMES[2]);
            assert_eq!(mul_mod(p, inv52(p), 1 << 52), 1);
            // Orders: exactly 2^k and 3 2^k.
            assert_eq!(ROOTS[0][i][0], 1);
            assert_eq!(ROOTS[0][i][1], p - 1);
            let w = ROOTS[1][i][0];
            assert!(w != 1 && mul_mod(mul_mod(w, w, p), w, p) == 1);
            assert_eq!(pow_mod(ROOTS[1][i][27], 1 << 27, p), w);
            assert_eq!(pow_mod(ROOTS[1][i][27], 3 << 26, p), p - 1);
        }
        // The product of the primes bounds the coefficients of the longest products taken.
        let [p0, p1, p2] = PRIMES;
        let prod = p0 as f64 * p1 as f64 * p2 as f64;
        assert!(prod > MAX_SHORT as f64 * 2f64.powi(128) * 1.5);
    }

    #[test]
    fn twiddle_tables() {
        // Every factor and quotient of a table against scalar arithmetic.
        let Some(tok) = Ifma::get() else { return };
        for (m, three) in [(16, false), (64, true), (1024, false), (512, true)] {
            for idx in 0..3 {
                let t = Tables::new(tok, idx, m, three);
                let p = PRIMES[idx];
                for h in (0..).map(|i| 1usize << i).take_while(|&h| h < m) {
                    let w = ROOTS[0][idx][(2 * h).trailing_zeros() as usize];
                    for j in 0..h {
                        let want = twiddle(pow_mod(w, j as u64, p), p);
                        assert_eq!([t.w[h + j], t.w[m + h + j]], want, "{m} {h} {j}");
                    }
                }
                if three {
                    let w = ROOTS[1][idx][m.trailing_zeros() as usize];
                    for j in 0..m {
                        let a = twiddle(pow_mod(w, j as u64, p), p);
                        let b = twiddle(pow_mod(w, 2 * j as u64, p), p);
                        let got = [t.w3[j], t.w3[m + j], t.w3[2 * m + j], t.w3[3 * m + j]];
                        assert_eq!(got, [a[0], a[1], b[0], b[1]]);
                    }
                }
            }
        }
    }
}
