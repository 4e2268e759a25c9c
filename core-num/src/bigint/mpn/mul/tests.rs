//! Every rung of the ladder against schoolbook, and the whole against num-bigint.

use alloc::vec;
use alloc::vec::Vec;

use super::karatsuba::{self, mul_karatsuba, sqr_karatsuba};
use super::toom3::{self, mul_toom3, mul_toom32, sqr_toom3};
use super::toom4::{self, mul_toom4, sqr_toom4};
use super::unbalanced::mul_chunked;
use super::{level_scratch, mul, mul_alloc, mul_rec, mul_scratch_len, sqr, sqr_scratch_len};
use crate::bigint::mpn::kernels::mul_basecase;
use crate::bigint::mpn::ntt;
use crate::bigint::mpn::test_util::{big, Rng};
use crate::bigint::mpn::thresholds::{
    MUL_KARATSUBA, MUL_NTT, MUL_NTT_AVX2, MUL_NTT_VECTOR, MUL_TOOM3, MUL_TOOM4, SQR_KARATSUBA,
    SQR_NTT, SQR_NTT_AVX2, SQR_NTT_VECTOR, SQR_TOOM3, SQR_TOOM4,
};

/// This suite's operand shapes.
trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
}

impl Operands for Rng {
    /// Random limbs, with a random mix of the kinds that stress carries.
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        match self.next() % 8 {
            0 => vec![u64::MAX; n],
            1 => (0..n).map(|_| if self.next() & 1 == 0 { u64::MAX } else { 0 }).collect(),
            _ => (0..n).map(|_| self.next()).collect(),
        }
    }
}

const GARBAGE: u64 = 0xDEAD_BEEF_F00D_CAFE;

fn schoolbook(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = vec![GARBAGE; a.len() + b.len()];
    if a.len() >= b.len() {
        mul_basecase(&mut r, a, b);
    } else {
        mul_basecase(&mut r, b, a);
    }
    r
}

/// Scratch for forcing one level of any algorithm at `n` limbs, filled with garbage so that
/// no algorithm can rely on zeroed scratch.
fn forced_scratch(n: usize) -> Vec<u64> {
    let len = level_scratch(n, true, true).0 + mul_scratch_len(n).max(sqr_scratch_len(n));
    vec![GARBAGE; len]
}

type MulFn = fn(&mut [u64], &[u64], &[u64], &mut [u64]);
type SqrFn = fn(&mut [u64], &[u64], &mut [u64]);

fn check_mul(f: MulFn, a: &[u64], b: &[u64]) {
    let mut r = vec![GARBAGE; a.len() + b.len()];
    f(&mut r, a, b, &mut forced_scratch(a.len()));
    assert!(r == schoolbook(a, b), "{} x {}", a.len(), b.len());
}

fn check_sqr(f: SqrFn, a: &[u64]) {
    let mut r = vec![GARBAGE; 2 * a.len()];
    f(&mut r, a, &mut forced_scratch(a.len()));
    assert!(r == schoolbook(a, a), "{} squared", a.len());
}

/// `f` on every shape `an x bn` with `an` in `lens`, `bn <= an` accepted by `fits`.
fn sweep_mul(f: MulFn, fits: fn(usize, usize) -> bool, lens: impl Iterator<Item = usize>) {
    let mut rng = Rng(1);
    for an in lens {
        for bn in (1..=an).rev().filter(|&bn| fits(an, bn)) {
            let (a, b) = (rng.limbs(an), rng.limbs(bn));
            check_mul(f, &a, &b);
        }
    }
}

#[test]
fn karatsuba_small_and_unbalanced() {
    sweep_mul(mul_karatsuba, karatsuba::fits, 2..40);
    sweep_mul(mul_karatsuba, karatsuba::fits, [63, 64, 65, 127, 200].into_iter());
}

#[test]
fn karatsuba_squaring() {
    let mut rng = Rng(2);
    for n in (2..80).chain([127, 128, 129, 301]) {
        check_sqr(sqr_karatsuba, &rng.limbs(n));
    }
}

#[test]
fn toom3_small_and_unbalanced() {
    sweep_mul(mul_toom3, toom3::fits, 3..50);
    sweep_mul(mul_toom3, toom3::fits, [95, 96, 97, 300].into_iter());
}

#[test]
fn toom3_squaring() {
    let mut rng = Rng(3);
    for n in (3..90).filter(|&n| toom3::fits(n, n)).chain([299, 300, 301, 1000]) {
        check_sqr(sqr_toom3, &rng.limbs(n));
    }
}

#[test]
fn toom32_shapes() {
    sweep_mul(mul_toom32, toom3::fits32, 5..50);
    sweep_mul(mul_toom32, toom3::fits32, [150, 301].into_iter());
}

#[test]
fn toom4_small_and_unbalanced() {
    sweep_mul(mul_toom4, toom4::fits, 4..50);
    sweep_mul(mul_toom4, toom4::fits, [299, 300, 301].into_iter());
}

#[test]
fn toom4_squaring() {
    let mut rng = Rng(4);
    for n in (4..100).filter(|&n| toom4::fits(n, n)).chain([399, 400, 401, 1500]) {
        check_sqr(sqr_toom4, &rng.limbs(n));
    }
}

#[test]
fn chunked_shapes() {
    let mut rng = Rng(5);
    for bn in [1, 2, 3, 7, 24, 50] {
        for an in bn..=10 * bn + 3 {
            let (a, b) = (rng.limbs(an), rng.limbs(bn));
            check_mul(mul_chunked, &a, &b);
        }
    }
    for (an, bn) in [(1000, 100), (3000, 333), (2001, 1000)] {
        check_mul(mul_chunked, &rng.limbs(an), &rng.limbs(bn));
    }
}

#[test]
fn ladder_around_thresholds() {
    let mut rng = Rng(6);
    let mut sizes = Vec::new();
    for t in [MUL_KARATSUBA, MUL_TOOM3, MUL_TOOM4, SQR_KARATSUBA, SQR_TOOM3, SQR_TOOM4] {
        sizes.extend([t - 1, t, t + 1, 2 * t - 1, 2 * t + 1]);
    }
    for &n in &sizes {
        let (a, b) = (rng.limbs(n), rng.limbs(n));
        check_mul(mul_rec, &a, &b);
        let mut r = vec![GARBAGE; 2 * n];
        mul(&mut r, &a, &b);
        assert!(r == schoolbook(&a, &b), "mul {n}");
        sqr(&mut r, &a);
        assert!(r == schoolbook(&a, &a), "sqr {n}");
        // Unbalanced shapes from 1:1 to 10:1.
        for an in [n + 1, n + n / 3, 3 * n / 2, 3 * n / 2 + 1, 2 * n - 1, 2 * n, 3 * n + 7, 10 * n]
        {
            let a = rng.limbs(an);
            check_mul(mul_rec, &a, &b);
        }
    }
}

#[test]
fn ladder_unbalanced_sweep() {
    // With exactly `mul_scratch_len` limbs of scratch: slicing past it would panic.
    let mut rng = Rng(7);
    for bn in [MUL_KARATSUBA + 1, MUL_TOOM3 + 5, MUL_TOOM4 + 3] {
        let b = rng.limbs(bn);
        for an in (bn..=10 * bn).step_by(bn / 7) {
            let a = rng.limbs(an);
            let mut r = vec![GARBAGE; an + bn];
            mul_rec(&mut r, &a, &b, &mut vec![GARBAGE; mul_scratch_len(an)]);
            assert!(r == schoolbook(&a, &b), "{an} x {bn}");
        }
    }
}

#[test]
fn powers_of_two_and_all_ones() {
    for n in [1, 5, MUL_KARATSUBA, MUL_TOOM3 + 1, MUL_TOOM4 + 2, 1000] {
        let mut p = vec![0u64; n];
        p[n - 1] = 1 << 63;
        let ones = vec![u64::MAX; n];
        let mut r = vec![GARBAGE; 2 * n];
        mul(&mut r, &ones, &p);
        assert!(r == schoolbook(&ones, &p));
        mul(&mut r, &ones, &ones);
        assert!(r == schoolbook(&ones, &ones));
        sqr(&mut r, &ones);
        assert!(r == schoolbook(&ones, &ones));
        sqr(&mut r, &p);
        assert!(r == schoolbook(&p, &p));
    }
}

#[test]
fn big_against_num_bigint() {
    let mut rng = Rng(8);
    for (an, bn) in [(3000, 3000), (2999, 1700), (3000, 1001), (2500, 2400)] {
        let (a, b) = (rng.limbs(an), rng.limbs(bn));
        let mut r = vec![GARBAGE; an + bn];
        mul(&mut r, &a, &b);
        assert_eq!(big(&r), big(&a) * big(&b), "{an} x {bn}");
        let mut s = vec![GARBAGE; 2 * an];
        sqr(&mut s, &a);
        assert_eq!(big(&s), big(&a) * big(&a), "{an} squared");
    }
}

#[test]
fn high_zero_limbs_and_alloc() {
    let mut rng = Rng(9);
    let mut a = rng.limbs(300);
    a[150..].fill(0);
    let b = rng.limbs(200);
    let want = schoolbook(&a, &b);
    let mut r = vec![GARBAGE; 500];
    mul(&mut r, &a, &b);
    assert_eq!(r, want);
    assert_eq!(mul_alloc(&b, &a), want);
    assert_eq!(mul_alloc(&a, &b), want);
    assert_eq!(mul_alloc(&a, &a), schoolbook(&a, &a));
    assert_eq!(mul_alloc(&[], &[]), Vec::<u64>::new());
    assert_eq!(mul_alloc(&[], &[5, 6]), vec![0, 0]);
    let zeros = vec![0u64; 40];
    mul(&mut r[..340], &a, &zeros);
    assert!(r[..340].iter().all(|&l| l == 0));
    sqr(&mut r[..80], &zeros);
    assert!(r[..80].iter().all(|&l| l == 0));
}

#[test]
fn ntt_small_against_schoolbook() {
    let mut rng = Rng(10);
    for (an, bn) in
        [(1, 1), (2, 1), (2, 2), (3, 2), (5, 5), (17, 3), (64, 64), (100, 37), (513, 512)]
    {
        let (a, b) = (rng.limbs(an), rng.limbs(bn));
        let mut r = vec![GARBAGE; an + bn];
        ntt::mul(&mut r, &a, &b);
        assert!(r == schoolbook(&a, &b), "ntt {an} x {bn}");
        let mut s = vec![GARBAGE; 2 * an];
        ntt::sqr(&mut s, &a);
        assert!(s == schoolbook(&a, &a), "ntt {an} squared");
    }
    // All-ones: the largest coefficients the CRT must recover.
    let ones = vec![u64::MAX; 2000];
    let mut r = vec![GARBAGE; 4000];
    ntt::mul(&mut r, &ones, &ones);
    assert!(r == schoolbook(&ones, &ones));
}

#[test]
fn ntt_large_against_toom_and_num_bigint() {
    let mut rng = Rng(11);
    for (an, bn) in [(20000, 20000), (20000, 3001), (16384, 16384), (12000, 11000)] {
        let (a, b) = (rng.limbs(an), rng.limbs(bn));
        let mut r = vec![GARBAGE; an + bn];
        ntt::mul(&mut r, &a, &b);
        let mut t = vec![GARBAGE; an + bn];
        let mut scratch = vec![GARBAGE; mul_scratch_len(an)];
        mul_rec(&mut t, &a, &b, &mut scratch);
        assert!(r == t, "ntt {an} x {bn} vs toom");
        assert_eq!(big(&r), big(&a) * big(&b), "ntt {an} x {bn} vs num-bigint");
        let mut s = vec![GARBAGE; 2 * an];
        ntt::sqr(&mut s, &a);
        assert_eq!(big(&s), big(&a) * big(&a), "ntt {an} squared");
    }
    // Through the entry points, just around the thresholds.
    // (13/12 of the threshold: a poorly filled transform, so Toom-4 again.)
    let (mv, sv) = (MUL_NTT_VECTOR, SQR_NTT_VECTOR);
    for n in [MUL_NTT - 1, MUL_NTT, MUL_NTT + 1, MUL_NTT * 13 / 12, SQR_NTT - 1, SQR_NTT + 1]
        .into_iter()
        .chain([mv - 1, mv, mv + 1, sv - 1, sv, sv + 1])
        .chain([MUL_NTT_AVX2 - 1, MUL_NTT_AVX2, 1025, 3 * MUL_NTT_AVX2 - 1, 3 * MUL_NTT_AVX2])
        .chain([SQR_NTT_AVX2 - 1, SQR_NTT_AVX2, 2048, 2049, 3 * SQR_NTT_AVX2 + 1])
    {
        let (a, b) = (rng.limbs(n), rng.limbs(n));
        let mut r = vec![GARBAGE; 2 * n];
        mul(&mut r, &a, &b);
        assert_eq!(big(&r), big(&a) * big(&b), "mul {n}");
        sqr(&mut r, &a);
        assert_eq!(big(&r), big(&a) * big(&a), "sqr {n}");
    }
}

/// `x mod q` by Horner's rule.
fn mod_q(x: &[u64], q: u64) -> u64 {
    x.iter().rev().fold(0u64, |r, &l| ((((r as u128) << 64) | l as u128) % q as u128) as u64)
}

/// Checks `r == a * b` modulo a few 61-to-64-bit primes (for products too long to compare
/// against a reference).
fn check_mod_primes(r: &[u64], a: &[u64], b: &[u64]) {
    for q in [0xFFFF_FFFF_FFFF_FFC5u64, 0x1FFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_0000_0001] {
        let want = (mod_q(a, q) as u128 * mod_q(b, q) as u128 % q as u128) as u64;
        assert_eq!(mod_q(r, q), want, "mod {q:#x}");
    }
}

#[test]
fn ntt_million_limbs() {
    let mut rng = Rng(12);
    let (a, b) = (rng.limbs(400_000), rng.limbs(300_000));
    let mut r = vec![GARBAGE; a.len() + b.len()];
    mul(&mut r, &a, &b);
    check_mod_primes(&r, &a, &b);
    let mut s = vec![GARBAGE; 2 * b.len()];
    sqr(&mut s, &b);
    check_mod_primes(&s, &b, &b);
}

/// The largest size the NTT is documented for: a product of 2^26 limbs (about 4 GB of
/// memory and a minute of CPU; run by hand with `--ignored`).
#[test]
#[ignore]
fn ntt_2_pow_26_limbs() {
    let mut rng = Rng(13);
    let n = 1 << 25;
    let a = vec![u64::MAX; n];
    let b = rng.limbs(n);
    let mut r = vec![GARBAGE; 2 * n];
    ntt::mul(&mut r, &a, &b);
    check_mod_primes(&r, &a, &b);
    ntt::sqr(&mut r, &a);
    check_mod_primes(&r, &a, &a);
}

/// Times Toom (the recursive ladder) against the NTT this CPU runs, for the cut-overs in
/// `thresholds.rs` (run by hand: `cargo test --release -p core-num --lib -- --ignored
/// --nocapture ntt_cut_over_timings`, with `CORE_SIMD_MAX` set to the level to measure).
#[test]
#[ignore]
fn ntt_cut_over_timings() {
    extern crate std;
    use std::time::Instant;
    fn best<F: FnMut()>(mut f: F) -> f64 {
        let mut best = f64::MAX;
        for _ in 0..7 {
            let t = Instant::now();
            f();
            best = best.min(t.elapsed().as_secs_f64());
        }
        best * 1e6
    }
    std::eprintln!("engine {:?}", ntt::engine());
    let mut rng = Rng(14);
    for n in [700, 1000, 1200, 1500, 1800, 2048, 2500, 3000, 3500, 4096, 5000, 6000, 8192, 16384] {
        let (a, b) = (rng.limbs(n), rng.limbs(n));
        let mut r = vec![0u64; 2 * n];
        let mut scratch = vec![0u64; mul_scratch_len(n).max(sqr_scratch_len(n))];
        let toom = best(|| mul_rec(&mut r, &a, &b, &mut scratch));
        let fft = best(|| ntt::mul(&mut r, &a, &b));
        let toom_s = best(|| super::sqr_rec(&mut r, &a, &mut scratch));
        let fft_s = best(|| ntt::sqr(&mut r, &a));
        std::eprintln!(
            "{n:6} mul toom {toom:9.1} us ntt {fft:9.1} us ({:.2}x)   sqr toom {toom_s:9.1} ntt {fft_s:9.1} ({:.2}x)",
            toom / fft,
            toom_s / fft_s
        );
    }
}
