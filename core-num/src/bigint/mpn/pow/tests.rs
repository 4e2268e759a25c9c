//! Tests for `pow` and `modpow` against num-bigint, plus the shared test helpers of the
//! number-theory files (`gcd`, `root`).

use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;

use super::lowmul::{inv_mod_pow2, mullo, pow_mod_pow2};
use super::window::{bit_len, window_bits, Windows};
use super::{modpow, pow};
pub(crate) use crate::bigint::mpn::test_util::{big, Rng};
use crate::bigint::mpn::thresholds::{POW_MULLO_DC, POW_REDC_MUL};

/// This suite's operand shapes.
pub(crate) trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
}

impl Operands for Rng {
    /// `n` limbs, sometimes with runs of all-ones or zero limbs, top limb non-zero.
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let mode = self.below(8);
        let mut v: Vec<u64> = (0..n)
            .map(|_| match mode {
                0 => u64::MAX,
                1 if self.below(2) == 0 => 0,
                1 => u64::MAX,
                _ => self.next(),
            })
            .collect();
        if let Some(top) = v.last_mut() {
            if *top == 0 {
                *top = 1;
            }
        }
        v
    }
}

pub(crate) fn limbs(b: &BigUint) -> Vec<u64> {
    b.to_u64_digits()
}

fn check_modpow(b: &[u64], e: &[u64], m: &[u64]) {
    let want = big(b).modpow(&big(e), &big(m));
    let got = modpow(b, e, m);
    assert_eq!(got, limbs(&want), "b={b:x?} e={e:x?} m={m:x?}");
}

#[test]
fn windows_rebuild_the_exponent() {
    let mut rng = Rng(1);
    for len in 1..6 {
        for k in 1..=8 {
            let e = rng.limbs(len);
            // Replay the steps on an integer accumulator: acc = acc * 2^s + w.
            let mut acc = BigUint::from(0u32);
            let mut first = true;
            for s in Windows::new(&e, k) {
                if first {
                    acc = BigUint::from(s.window);
                    first = false;
                } else {
                    acc = (acc << s.squarings) + s.window;
                }
                assert!(s.window == 0 || (s.window & 1 == 1 && s.window < 1 << k));
            }
            assert_eq!(acc, big(&e));
        }
    }
    assert_eq!(window_bits(1), 1);
    assert!(window_bits(2048) >= 5);
    assert_eq!(bit_len(&[0, 1, 0]), 65);
}

#[test]
fn mullo_and_inverse() {
    let mut rng = Rng(2);
    for n in (1..12).chain([POW_MULLO_DC - 1, POW_MULLO_DC, POW_MULLO_DC + 1, 2 * POW_MULLO_DC + 3])
    {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; n];
        mullo(&mut r, &a, &b);
        let full = big(&a) * big(&b);
        let low = full % (BigUint::from(1u32) << (64 * n));
        assert_eq!(big(&r), low, "n={n}");
        mullo(&mut r, &a, &a);
        assert_eq!(big(&r), (big(&a) * big(&a)) % (BigUint::from(1u32) << (64 * n)));
        let mut odd = a.clone();
        odd[0] |= 1;
        let inv = inv_mod_pow2(&odd, n);
        mullo(&mut r, &odd, &inv);
        let mut one = vec![0u64; n];
        one[0] = 1;
        assert_eq!(r, one, "n={n}");
    }
}

#[test]
fn modpow_special_moduli() {
    let mut rng = Rng(3);
    let p2 = |k: u64| limbs(&(BigUint::from(1u32) << k));
    let mut moduli: Vec<Vec<u64>> = vec![
        vec![1],
        vec![2],
        vec![3],
        vec![0, 1],
        vec![u64::MAX],
        vec![u64::MAX, u64::MAX],
        vec![u64::MAX; 5],
        vec![u64::MAX; 12],
        vec![1, 0, 0, 1],
        vec![0, 0, 3],
    ];
    for k in [1, 2, 3, 5, 63, 64, 65, 127, 128, 129, 200, 640, 3000] {
        moduli.push(p2(k));
        // 2^k * 3, 2^k * (2^64 - 1)
        moduli.push(limbs(&((BigUint::from(1u32) << k) * 3u32)));
        moduli.push(limbs(&((BigUint::from(1u32) << k) * u64::MAX)));
    }
    let exps: Vec<Vec<u64>> = vec![
        vec![],
        vec![1],
        vec![2],
        vec![3],
        vec![64],
        vec![u64::MAX],
        rng.limbs(3),
        rng.limbs(9),
    ];
    for m in &moduli {
        for e in &exps {
            for b in
                [vec![], vec![1], vec![2], vec![u64::MAX; 3], rng.limbs(m.len()), rng.limbs(70)]
            {
                check_modpow(&b, e, m);
            }
        }
    }
}

#[test]
fn modpow_random_sizes() {
    let mut rng = Rng(4);
    let sizes =
        (1..=20).chain([31, 32, 33, 47, 48, 49, 64]).chain([POW_REDC_MUL - 1, POW_REDC_MUL]);
    for n in sizes {
        for odd in [true, false] {
            let mut m = rng.limbs(n);
            if odd {
                m[0] |= 1;
            } else {
                m[0] &= !1;
                if m == [0] {
                    m = vec![2];
                }
            }
            let bl = rng.below(2 * n as u64) as usize + 1;
            let b = rng.limbs(bl);
            let el =
                if n > 32 { 1 + rng.below(3) as usize } else { 1 + rng.below(n as u64) as usize };
            let e = rng.limbs(el);
            check_modpow(&b, &e, &m);
        }
    }
}

#[test]
fn modpow_large_moduli() {
    let mut rng = Rng(5);
    for n in [200, 257] {
        let mut m = rng.limbs(n);
        m[0] |= 1;
        check_modpow(&rng.limbs(n + 3), &[rng.next(), rng.next()], &m);
        // Even, with a large odd part and a 130-bit power of two.
        let mut me = vec![0u64, 0];
        me.extend(rng.limbs(n - 2));
        me[2] |= 4;
        check_modpow(&rng.limbs(n), &[rng.next()], &me);
    }
}

#[test]
fn modpow_high_zero_limbs_and_reduced_inputs() {
    // Inputs with high zero limbs; base a multiple of m; base == m - 1.
    check_modpow(&[5, 0, 0], &[3, 0], &[7, 0, 0]);
    assert_eq!(modpow(&[5, 0, 0], &[3, 0], &[7, 0, 0]), vec![6]);
    assert_eq!(modpow(&[14], &[3], &[7]), Vec::<u64>::new());
    assert_eq!(modpow(&[9], &[], &[10]), vec![1]);
    assert_eq!(modpow(&[9], &[0, 0], &[1, 0]), Vec::<u64>::new());
    let m = [u64::MAX - 58, u64::MAX]; // odd two-limb modulus
    check_modpow(&[u64::MAX - 59, u64::MAX], &[u64::MAX, 7], &m);
}

#[test]
fn pow_mod_pow2_even_base() {
    // 6^e mod 2^k: zero once e >= k.
    for k in [1u64, 5, 64, 65, 200] {
        for e in [1u64, 2, 4, 63, 64, 199, 200, 201] {
            let got = pow_mod_pow2(&[6], &[e], k);
            let want = BigUint::from(6u32).modpow(&BigUint::from(e), &(BigUint::from(1u32) << k));
            assert_eq!(big(&got), want, "k={k} e={e}");
        }
    }
}

#[test]
fn pow_vs_num_bigint() {
    let mut rng = Rng(6);
    for e in [0u64, 1, 2, 3, 7, 31, 64, 100] {
        for b in [
            vec![],
            vec![1],
            vec![2],
            vec![3],
            vec![0, 1],
            vec![u64::MAX],
            vec![12, 0, 0],
            rng.limbs(1),
            rng.limbs(3),
            rng.limbs(20),
        ] {
            let want = num_traits::Pow::pow(big(&b), e as u32);
            assert_eq!(pow(&b, e), limbs(&want), "b={b:x?} e={e}");
        }
    }
    // Powers of two by shifts.
    assert_eq!(pow(&[0, 4], 1000), limbs(&(BigUint::from(1u32) << 66_000u32)));
    assert_eq!(pow(&[1 << 63], 3), limbs(&(BigUint::from(1u32) << 189u32)));
}
