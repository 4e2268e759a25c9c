//! Every algorithm cut-over of the mpn layer, in limbs, in one table.
//!
//! The values were measured on the development machine (AMD Zen 4, see the crate README) with
//! the `core-num` benches; each is the smallest size at which the faster algorithm wins.
//!
//! Each helper module owns its own lines; change a value only after measuring.
//!
//! Each value is written `cut(measured, fuzzing)`: fuzz builds (`--cfg fuzzing`, set by
//! `cargo fuzz`) take the second, much smaller value, so inputs of a few hundred limbs reach
//! every algorithm (Toom-3/4, the NTT, Burnikel–Ziegler, Newton division, divide-and-conquer
//! radix conversion) and the fuzzer can compare them with num-bigint quickly. The fuzzing
//! values keep each algorithm's own preconditions (Karatsuba from 21 limbs, see
//! `mul::mul_scratch_len`; Burnikel–Ziegler from 4). `scripts/gen-num-oracle.py` reads the
//! measured values from this file.

/// `measured` in ordinary builds, `fuzzing` under `--cfg fuzzing`.
const fn cut(measured: usize, fuzzing: usize) -> usize {
    if cfg!(fuzzing) {
        fuzzing
    } else {
        measured
    }
}

// --- mul.rs / ntt.rs -----------------------------------------------------------------------
/// Smallest `b.len()` (the shorter operand) multiplied by Karatsuba rather than schoolbook
/// (flat between 28 and 36).
pub(crate) const MUL_KARATSUBA: usize = cut(30, 22);
/// Smallest shorter operand multiplied by Toom-3 (Karatsuba is within 5 % up to 200).
pub(crate) const MUL_TOOM3: usize = cut(120, 44);
/// Smallest shorter operand multiplied by Toom-4 (5-8 % faster than Toom-3 from here on).
pub(crate) const MUL_TOOM4: usize = cut(1000, 90);
/// Smallest shorter operand multiplied by the NTT; up to twice this, only when the transform
/// is at least 85 % full (see `mul::use_ntt`).
pub(crate) const MUL_NTT: usize = cut(6000, 200);
/// Smallest operand squared by Karatsuba.
pub(crate) const SQR_KARATSUBA: usize = cut(40, 22);
/// Smallest operand squared by Toom-3.
pub(crate) const SQR_TOOM3: usize = cut(190, 44);
/// Smallest operand squared by Toom-4 (1-4 % faster than Toom-3 from here on).
pub(crate) const SQR_TOOM4: usize = cut(1500, 90);
/// Smallest operand squared by the NTT, with the same fill rule as `MUL_NTT`.
pub(crate) const SQR_NTT: usize = cut(6000, 200);
/// `MUL_NTT` when the NTT runs on AVX2 without IFMA (`ntt/avx2.rs`); up to three times this,
/// only when its power-of-two transform is at least 85 % full (see `mul::use_ntt`). Measured
/// (Sapphire Rapids, `CORE_SIMD_MAX=avx2`, Toom time / NTT time): 1.08 at 1000 limbs (98 %
/// full), 0.64-0.86 at 1200-1500 (59-73 %), 1.12-1.28 at 1800-2048, 0.83 at 2500 (61 %),
/// 1.04-1.58 at 3000-4096, 2.1 at 8192.
pub(crate) const MUL_NTT_AVX2: usize = cut(1000, 200);
/// `SQR_NTT` on AVX2 without IFMA, with the same rule (0.93 at 1000, 1.03 at 1800, 1.33 at
/// 2048, 0.74 at 2500, 1.04-1.46 at 3000-4096, 0.93 at 5000, 1.23 at 6000).
pub(crate) const SQR_NTT_AVX2: usize = cut(1700, 200);
/// `MUL_NTT` when the NTT runs on AVX-512 IFMA, without the fill rule (even with Toom-3 at
/// 200 limbs, 2x faster at 500, 4x at 4000, 8x at 32000).
pub(crate) const MUL_NTT_VECTOR: usize = cut(200, 200);
/// `SQR_NTT` on AVX-512 IFMA.
pub(crate) const SQR_NTT_VECTOR: usize = cut(280, 280);
/// Smallest shorter operand multiplied through a transform prepared once for several
/// products (`ntt::Prepared`, used by radix conversion), on the portable NTT (even with
/// Toom-4 at 1400 limbs, 1.25x faster at 2800, 1.6x at 5600) ...
pub(crate) const PREPARED_NTT: usize = cut(2000, 120);
/// ... on the AVX2 NTT (not measured separately: where a full transform costs about 1.5x
/// Toom-3/4, at 700 limbs, so a prepared one, two thirds of it, about breaks even) ...
pub(crate) const PREPARED_NTT_AVX2: usize = cut(800, 120);
/// ... and on the vector NTT (even with Toom-3 at 60 limbs, 2x faster at 140).
pub(crate) const PREPARED_NTT_VECTOR: usize = cut(64, 64);

// --- div.rs --------------------------------------------------------------------------------
/// Smallest divisor length divided by Burnikel–Ziegler rather than Knuth D.
pub(crate) const DIV_BZ: usize = cut(96, 24);
/// Smallest divisor length whose quotient-only division computes an approximate quotient
/// over a shrinking divisor (`div/divappr.rs`) rather than the full remainder (measured
/// quotient-only, AVX2: 3-12 % slower at 5-8 limbs, even at 12, 1.3x faster at 20, 1.65x
/// at 112/64, 3x at 200/150).
pub(crate) const DIV_APPR: usize = cut(12, 3);
/// Smallest number of quotient limbs per kernel call in that approximate division (2 and 4
/// even, 8 up to 10 % slower at 20-30 limbs, 16 slower still).
pub(crate) const DIV_APPR_CHUNK: usize = cut(4, 2);
/// Smallest divisor (cut to the quotient length) for which exact division splits the Hensel
/// loop around fast multiplications rather than running it limb by limb.
pub(crate) const DIV_EXACT_DC: usize = cut(400, 40);
/// Smallest divisor and quotient length (both) divided through a Newton reciprocal
/// (measured 2n/n, BZ time / Newton time: 0.6 at 2k-4k limbs, 0.8-1.3 between 10k and 23k
/// as the products hit fast or slow sizes, 1.1-1.4 at 24k-35k, 1.6 at 50k-100k, 1.9 at 200k).
pub(crate) const DIV_NEWTON: usize = cut(24_000, 160);

// --- radix.rs ------------------------------------------------------------------------------
/// Largest number (in limbs) formatted by repeated single-limb division.
pub(crate) const TO_STR_DC: usize = cut(28, 6);
/// Largest number of chunks (`radix^k < 2^64` each, about a limb) parsed by multiply-and-add
/// before divide and conquer.
pub(crate) const PARSE_DC: usize = cut(140, 10);

// --- gcd.rs / pow.rs -----------------------------------------------------------------------
/// Smallest operand (limbs) for which gcd uses Lehmer steps rather than plain Euclid (at or
/// below two limbs everything is done in `u128`, so values under 3 mean "always").
pub(crate) const GCD_LEHMER: usize = cut(3, 3);
/// Smallest odd modulus (limbs) whose Montgomery REDC is done with two products
/// (`mullo` + `mul`) instead of `n` rows of `addmul_1` (measured: loses at 128, wins at 256).
pub(crate) const POW_REDC_MUL: usize = cut(200, 24);
/// Smallest length (limbs) at which a truncated product splits in halves around `mul`.
pub(crate) const POW_MULLO_DC: usize = cut(40, 24);
