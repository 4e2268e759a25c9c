//! Tests for `gcd` and `modinv` against num-bigint.

use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_integer::Integer;

use super::lehmer::{bits128_at, euclid_u128, APPROX_MIN};
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

#[test]
fn lehmer_matrix_is_sound() {
    // The approximate matrix keeps both results non-negative for any low bits.
    let mut rng = Rng(12);
    for _ in 0..2000 {
        let mut a = rng.limbs(4);
        a[3] |= 1 << 63;
        let mut b = a.clone();
        let drop = rng.below(64) as u32;
        for l in b.iter_mut() {
            *l = rng.next();
        }
        b[3] = a[3] >> drop;
        if big(&b) > big(&a) {
            continue;
        }
        let ah = bits128_at(&a, 128);
        let bh = bits128_at(&b, 128);
        if bh < APPROX_MIN {
            continue;
        }
        let (m, _, _) = euclid_u128(ah, bh, APPROX_MIN);
        let (x0, y0, x1, y1) = (big(&[m.x0]), big(&[m.y0]), big(&[m.x1]), big(&[m.y1]));
        let (ba, bb) = (big(&a), big(&b));
        if m.odd {
            assert!(&y0 * &bb >= &x0 * &ba && &x1 * &ba >= &y1 * &bb);
        } else {
            assert!(&x0 * &ba >= &y0 * &bb && &y1 * &bb >= &x1 * &ba);
        }
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
