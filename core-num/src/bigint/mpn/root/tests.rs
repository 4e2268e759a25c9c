//! Tests for `sqrt` and `nth_root` against num-bigint.

use alloc::vec;
use alloc::vec::Vec;

use super::{estimate, nth_root, root_u128, sqrt};
use crate::bigint::mpn::pow::tests::{big, limbs, Operands, Rng};

fn check(a: &[u64], n: u32) {
    let want = limbs(&big(a).nth_root(n));
    assert_eq!(nth_root(a, n), want, "a={a:x?} n={n}");
    if n == 2 {
        assert_eq!(sqrt(a), limbs(&big(a).sqrt()));
    }
}

/// `r^n - 1`, `r^n`, `r^n + 1`.
fn around_power(r: &[u64], n: u32) -> [Vec<u64>; 3] {
    let p = num_traits::Pow::pow(big(r), n);
    [limbs(&(&p - 1u32)), limbs(&p), limbs(&(&p + 1u32))]
}

#[test]
fn small_values() {
    for a in 0..2000u64 {
        for n in 1..6 {
            check(&[a], n);
        }
    }
    for a in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) - 1, 1 << 32] {
        for n in [2, 3, 4, 7, 63, 64, 65, 200] {
            check(&[a], n);
            check(&[a, a], n);
            check(&[0, a], n);
        }
    }
    assert_eq!(root_u128(u128::MAX, 2), u128::from(u64::MAX));
    assert_eq!(root_u128(u128::MAX, 3), 6_981_463_658_331);
}

#[test]
fn perfect_powers_and_neighbours() {
    let mut rng = Rng(21);
    for n in [2u32, 3, 4, 5, 7, 10, 31, 64, 100] {
        for rl in [1usize, 2, 3, 5, 17, 40] {
            if rl * n as usize > 700 {
                continue;
            }
            for r in [rng.limbs(rl), vec![u64::MAX; rl], {
                let mut v = vec![0u64; rl];
                v[rl - 1] = 1;
                v
            }] {
                for a in around_power(&r, n) {
                    check(&a, n);
                }
            }
        }
        // Small roots of large numbers.
        for r in [2u64, 3, 1000, (1 << 40) - 1, 1 << 40, u64::MAX] {
            for a in around_power(&[r], n) {
                check(&a, n);
            }
        }
    }
}

#[test]
fn random_values() {
    let mut rng = Rng(22);
    for len in (1..=64).chain([200, 257]) {
        let a = rng.limbs(len);
        for n in [2, 3, 4, 5, 6, 11, 64, 65, 1000] {
            check(&a, n);
        }
    }
    let a = rng.limbs(64);
    check(&a, u32::MAX);
    check(&a, 4095);
    check(&a, 4096);
    check(&a, 4097);
}

#[test]
fn estimate_is_close() {
    let mut rng = Rng(23);
    for _ in 0..200 {
        let a = rng.limbs(3);
        for n in [3u32, 4, 5, 9] {
            let est = estimate(&a, n) as f64;
            let exact = big(&a).nth_root(n).to_u64_digits()[0] as f64;
            assert!((est - exact).abs() <= exact * 1e-12 + 1.0, "{est} {exact}");
        }
    }
}

#[test]
fn high_zero_limbs() {
    assert_eq!(sqrt(&[16, 0, 0]), vec![4]);
    assert_eq!(nth_root(&[0, 0], 3), Vec::<u64>::new());
    assert_eq!(nth_root(&[27, 0], 3), vec![3]);
}
