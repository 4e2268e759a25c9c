//! Tests for `gcd` and `modinv` against num-bigint.

use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_integer::Integer;

use super::lehmer::{approx_matrix, bits128_at, euclid_u128, Matrix, APPROX_MIN};
use super::{gcd, modinv};
use crate::bigint::mpn::pow::tests::{big, limbs, Operands, Rng};

fn check_gcd(a: &[u64], b: &[u64]) {
    let want = limbs(&big(a).gcd(&big(b)));
    assert_eq!(gcd(a, b), want, "a={a:x?} b={b:x?}");
    assert_eq!(gcd(b, a), want);
}

fn check_modinv(a: &[u64], m: &[u64]) {
    let want = big(a).modinv(&big(m)).map(|x| limbs(&x));
    assert_eq!(modinv(a, m), want, "a={a:x?} m={m:x?}");
}

fn fibonacci_pair(k: usize) -> (Vec<u64>, Vec<u64>) {
    let (mut f0, mut f1) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..k {
        let f2 = &f0 + &f1;
        f0 = f1;
        f1 = f2;
    }
    (limbs(&f1), limbs(&f0))
}

#[test]
fn gcd_edges() {
    check_gcd(&[], &[]);
    check_gcd(&[], &[5, 0]);
    check_gcd(&[0, 0], &[0, 7]);
    check_gcd(&[6], &[4]);
    check_gcd(&[u64::MAX; 3], &[u64::MAX; 3]);
    check_gcd(&[u64::MAX, u64::MAX], &[u64::MAX]);
    check_gcd(&[0, 0, 0, 1], &[0, 0, 1 << 40]);
    check_gcd(&[0, 0, 0, 1], &[0, 0, 3 << 40]);
    check_gcd(&[0, 0, 0, 0, 1 << 5], &[1 << 7]);
    check_gcd(&[1, 0, 0, 0, 1], &[1, 1]);
}

#[test]
fn gcd_fibonacci() {
    for k in [90, 93, 94, 180, 200, 500, 1000, 3000, 6000] {
        let (a, b) = fibonacci_pair(k);
        check_gcd(&a, &b);
        check_modinv(&b, &a);
        check_modinv(&a, &b);
    }
}

#[test]
fn gcd_random() {
    let mut rng = Rng(11);
    for _ in 0..300 {
        let la = rng.below(65) as usize;
        let lb = rng.below(65) as usize;
        let a = rng.limbs(la);
        let b = rng.limbs(lb);
        check_gcd(&a, &b);
        // A large common factor.
        let lc = rng.below(20) as usize + 1;
        let c = big(&rng.limbs(lc));
        check_gcd(&limbs(&(big(&a) * &c)), &limbs(&(big(&b) * &c)));
        // Common powers of two.
        let s = rng.below(300) as usize;
        check_gcd(&limbs(&(big(&a) << s)), &limbs(&(big(&b) << (s / 2))));
    }
    for n in [200, 260] {
        let a = rng.limbs(n);
        let b = rng.limbs(n - 3);
        check_gcd(&a, &b);
        let c = big(&rng.limbs(50));
        check_gcd(&limbs(&(big(&a) * &c)), &limbs(&(big(&b) * &c)));
    }
}

/// Whether `m` maps `(a, b)` to two non-negative numbers with cofactors below 2^63.
fn matrix_is_sound(m: &Matrix, a: &[u64], b: &[u64]) -> bool {
    let (x0, y0, x1, y1) = (big(&[m.x0]), big(&[m.y0]), big(&[m.x1]), big(&[m.y1]));
    let (ba, bb) = (big(a), big(b));
    let small = [m.x0, m.y0, m.x1, m.y1].iter().all(|&c| c < 1 << 63);
    small
        && if m.odd {
            &y0 * &bb >= &x0 * &ba && &x1 * &ba >= &y1 * &bb
        } else {
            &x0 * &ba >= &y0 * &bb && &y1 * &bb >= &x1 * &ba
        }
}

#[test]
fn lehmer_matrix_is_sound() {
    // The approximate matrix keeps both results non-negative for any low bits: random ones,
    // and the extremes (A's low bits all zero with B's all ones, and the reverse).
    let mut rng = Rng(12);
    let mut taken = 0u64;
    for i in 0..20_000 {
        let mut a = rng.limbs(4);
        a[3] |= 1 << 63;
        let mut b = a.clone();
        let drop = if i % 2 == 0 { rng.below(64) as u32 } else { rng.below(3) as u32 };
        for l in b.iter_mut() {
            *l = rng.next();
        }
        b[3] = a[3] >> drop;
        if i % 4 == 1 {
            // Close to a: long runs of quotient 1.
            b[2] = a[2].wrapping_sub(rng.below(1 << 20));
        }
        if big(&b) > big(&a) {
            continue;
        }
        let ah = bits128_at(&a, 128);
        let bh = bits128_at(&b, 128);
        if bh < APPROX_MIN {
            continue;
        }
        let (m, _, _) = euclid_u128(ah, bh, APPROX_MIN);
        assert!(matrix_is_sound(&m, &a, &b));
        let m = approx_matrix(ah, bh);
        taken += u64::from(m.steps);
        for (lo_a, lo_b) in [
            (a[..2].to_vec(), b[..2].to_vec()),
            (vec![0, 0], vec![u64::MAX; 2]),
            (vec![u64::MAX; 2], vec![0, 0]),
        ] {
            let (mut a2, mut b2) = (a.clone(), b.clone());
            a2[..2].copy_from_slice(&lo_a);
            b2[..2].copy_from_slice(&lo_b);
            if big(&b2) <= big(&a2) {
                assert!(matrix_is_sound(&m, &a2, &b2), "a={a2:x?} b={b2:x?} m={m:?}");
            }
        }
    }
    assert!(taken > 50_000, "{taken}");
}

/// Consecutive Fibonacci numbers (quotients all one) and pairs with one huge quotient, on
/// the top bits: both phases of `approx_matrix` and the switch between them.
#[test]
fn approx_matrix_extremes() {
    for k in [186usize, 187, 200] {
        let (a, b) = fibonacci_pair(k);
        let p = super::bit_len(&a) - 128;
        let (ah, bh) = (bits128_at(&a, p), bits128_at(&b, p));
        let m = approx_matrix(ah, bh);
        assert!(m.steps > 60, "{}", m.steps);
        assert!(matrix_is_sound(&m, &a, &b));
    }
    for shift in [1u32, 30, 31, 32, 33, 34, 60, 61, 62] {
        let a: [u64; 2] = [0x1234_5678_9abc_def1, 0xfedc_ba98_7654_3210];
        let av = (u128::from(a[1]) << 64) | u128::from(a[0]);
        let bv = (av >> shift) | 1;
        if bv < APPROX_MIN {
            continue;
        }
        let m = approx_matrix(av, bv);
        let la = [7, 7, a[0], a[1]];
        let lb = [u64::MAX, u64::MAX, bv as u64, (bv >> 64) as u64];
        assert!(matrix_is_sound(&m, &la, &lb), "{shift}");
    }
}

#[test]
fn modinv_edges() {
    check_modinv(&[3], &[1]);
    assert_eq!(modinv(&[3], &[1]), Some(vec![]));
    assert_eq!(modinv(&[3], &[]), None);
    assert_eq!(modinv(&[3], &[0, 0]), None);
    check_modinv(&[], &[7]);
    check_modinv(&[1], &[7]);
    check_modinv(&[6], &[7]);
    check_modinv(&[14], &[7]);
    check_modinv(&[4], &[6]);
    check_modinv(&[3], &[0, 1]);
    check_modinv(&[u64::MAX; 4], &[0, 0, 0, 0, 1]);
    check_modinv(&[u64::MAX - 1, u64::MAX], &[u64::MAX, u64::MAX, 1]);
    check_modinv(&[0, 0, 0, 0, 1], &[u64::MAX; 3]);
    check_modinv(&[1, 0, 0, 0, 1], &[3, 0, 0]);
}

#[test]
fn modinv_random() {
    let mut rng = Rng(13);
    for _ in 0..300 {
        let lm = rng.below(65) as usize + 1;
        let la = rng.below(70) as usize;
        let m = rng.limbs(lm);
        let a = rng.limbs(la);
        check_modinv(&a, &m);
        let mut mo = m.clone();
        mo[0] |= 1;
        check_modinv(&a, &mo);
    }
    let m = rng.limbs(230);
    check_modinv(&rng.limbs(229), &m);
    check_modinv(&rng.limbs(240), &m);
}
