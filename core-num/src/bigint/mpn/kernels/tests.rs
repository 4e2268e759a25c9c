//! Every kernel at every available level against the portable code, and the portable code
//! against naive `u128` references.

extern crate std;

use super::{portable, Kernels, Ops};
use crate::arch::{__kernels as k, Level};
use crate::bigint::mpn::test_util::Rng;
use alloc::vec;
use alloc::vec::Vec;

/// Lengths for the linear kernels: every one up to 40 (all unrolled entries and tails), then a
/// few hundred.
const LENS: &[usize] = &[
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 63, 64, 65, 127, 200, 301,
];

/// Operand patterns: random, all ones, zeros, one, a power of two, random limbs mixed with
/// runs of all-ones and zero limbs (long carry and borrow chains).
const PATTERNS: usize = 6;

fn operand(rng: &mut Rng, n: usize, pattern: usize) -> Vec<u64> {
    (0..n)
        .map(|i| match pattern {
            0 => rng.next(),
            1 => u64::MAX,
            2 => 0,
            3 => (i == 0) as u64,
            4 => (i + 1 == n) as u64 * (1 << 63),
            _ => match rng.next() % 3 {
                0 => u64::MAX,
                1 => 0,
                _ => rng.next(),
            },
        })
        .collect()
}

/// A multiplier for the `_1` kernels of the given pattern.
fn multiplier(rng: &mut Rng, pattern: usize) -> u64 {
    match pattern {
        1 => u64::MAX,
        2 => 0,
        3 => 1,
        4 => 1 << 63,
        _ => rng.next(),
    }
}

fn levels() -> Vec<Level> {
    let levels: Vec<Level> = Level::available().collect();
    assert!(levels.contains(&Level::Scalar));
    levels
}

// ---- naive references ----

fn naive_add(a: &[u64], b: &[u64]) -> (Vec<u64>, u64) {
    let mut c = 0u128;
    let r = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| {
            let s = x as u128 + y as u128 + c;
            c = s >> 64;
            s as u64
        })
        .collect();
    (r, c as u64)
}

fn naive_sub(a: &[u64], b: &[u64]) -> (Vec<u64>, u64) {
    let mut borrow = 0i128;
    let r = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| {
            let d = x as i128 - y as i128 - borrow;
            borrow = (d < 0) as i128;
            d as u64
        })
        .collect();
    (r, borrow as u64)
}

/// `a * m` as `n + 1` limbs.
fn naive_mul_1(a: &[u64], m: u64) -> Vec<u64> {
    let mut r = vec![0u64; a.len() + 1];
    for (i, &x) in a.iter().enumerate() {
        let mut c = x as u128 * m as u128;
        let mut j = i;
        while c != 0 {
            let s = r[j] as u128 + (c as u64) as u128;
            r[j] = s as u64;
            c = (c >> 64) + (s >> 64);
            j += 1;
        }
    }
    r
}

/// Schoolbook product, one limb product at a time, carries rippled all the way up.
fn naive_mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            let mut c = x as u128 * y as u128;
            let mut k = i + j;
            while c != 0 {
                let s = r[k] as u128 + (c as u64) as u128;
                r[k] = s as u64;
                c = (c >> 64) + (s >> 64);
                k += 1;
            }
        }
    }
    r
}

#[test]
fn portable_matches_naive() {
    let mut rng = Rng(1);
    for &n in LENS {
        for p in 0..PATTERNS {
            let a = operand(&mut rng, n, p);
            let b = operand(&mut rng, n, (p + 3) % PATTERNS);
            let m = multiplier(&mut rng, p);
            let mut r = vec![0; n];

            let (sum, c) = naive_add(&a, &b);
            assert_eq!(portable::add_n(&mut r, &a, &b), c);
            assert_eq!(r, sum);
            let (diff, c) = naive_sub(&a, &b);
            assert_eq!(portable::sub_n(&mut r, &a, &b), c);
            assert_eq!(r, diff);

            let prod = naive_mul_1(&a, m);
            assert_eq!(portable::mul_1(&mut r, &a, m), prod[n]);
            assert_eq!(r, prod[..n]);

            // r + a * m, and r - a * m through r = (r - a * m) + a * m.
            let r0 = operand(&mut rng, n, p);
            let mut full = naive_mul_1(&a, m);
            let c = portable::add_n_assign(&mut full[..n], &r0);
            full[n] += c;
            r.copy_from_slice(&r0);
            assert_eq!(portable::addmul_1(&mut r, &a, m), full[n]);
            assert_eq!(r, full[..n]);
            let hi = portable::submul_1(&mut r, &a, m);
            assert_eq!(r, r0);
            assert_eq!(hi, full[n]);

            for bits in 1..64 {
                let shifted = naive_mul_1(&a, 1 << bits);
                assert_eq!(portable::shl(&mut r, &a, bits), shifted[n]);
                assert_eq!(r, shifted[..n]);
                let down = naive_mul_1(&a, 1 << (64 - bits));
                if n > 0 {
                    assert_eq!(portable::shr(&mut r, &a, bits), down[0]);
                    assert_eq!(r, down[1..]);
                }
            }
        }
    }
    for an in 1..=24 {
        for bn in 1..=an {
            for p in [0, 1, 5] {
                let a = operand(&mut rng, an, p);
                let b = operand(&mut rng, bn, p);
                let mut r = vec![0; an + bn];
                portable::mul_basecase(&mut r, &a, &b);
                assert_eq!(r, naive_mul(&a, &b), "{an}x{bn} pattern {p}");
            }
        }
        let a = operand(&mut rng, an, 0);
        let mut r = vec![0; 2 * an];
        portable::sqr_basecase(&mut r, &a);
        assert_eq!(r, naive_mul(&a, &a));
    }
}

#[test]
fn linear_kernels_at_every_level() {
    for level in levels() {
        let mut rng = Rng(2);
        for &n in LENS {
            for p in 0..PATTERNS {
                let a = operand(&mut rng, n, p);
                let b = operand(&mut rng, n, (p * 5 + 1) % PATTERNS);
                let m = multiplier(&mut rng, (p + 2) % PATTERNS);
                let ctx = (level, n, p);
                let (mut r, mut want) = (vec![0; n], vec![0; n]);

                let c = portable::add_n(&mut want, &a, &b);
                assert_eq!(k::add_n_at(level, &mut r, &a, &b), Some(c), "{ctx:?}");
                assert_eq!(r, want, "add_n {ctx:?}");
                r.copy_from_slice(&a);
                assert_eq!(k::add_n_assign_at(level, &mut r, &b), Some(c), "{ctx:?}");
                assert_eq!(r, want, "add_n_assign {ctx:?}");

                let c = portable::sub_n(&mut want, &a, &b);
                assert_eq!(k::sub_n_at(level, &mut r, &a, &b), Some(c), "{ctx:?}");
                assert_eq!(r, want, "sub_n {ctx:?}");
                r.copy_from_slice(&a);
                assert_eq!(k::sub_n_assign_at(level, &mut r, &b), Some(c), "{ctx:?}");
                assert_eq!(r, want, "sub_n_assign {ctx:?}");
                r.copy_from_slice(&b);
                assert_eq!(k::sub_n_rev_assign_at(level, &mut r, &a), Some(c), "{ctx:?}");
                assert_eq!(r, want, "sub_n_rev_assign {ctx:?}");

                let c = portable::mul_1(&mut want, &a, m);
                assert_eq!(k::mul_1_at(level, &mut r, &a, m), Some(c), "{ctx:?}");
                assert_eq!(r, want, "mul_1 {ctx:?}");
                r.copy_from_slice(&a);
                assert_eq!(k::mul_1_assign_at(level, &mut r, m), Some(c), "{ctx:?}");
                assert_eq!(r, want, "mul_1_assign {ctx:?}");

                want.copy_from_slice(&b);
                let c = portable::addmul_1(&mut want, &a, m);
                r.copy_from_slice(&b);
                assert_eq!(k::addmul_1_at(level, &mut r, &a, m), Some(c), "{ctx:?}");
                assert_eq!(r, want, "addmul_1 {ctx:?}");

                want.copy_from_slice(&b);
                let c = portable::submul_1(&mut want, &a, m);
                r.copy_from_slice(&b);
                assert_eq!(k::submul_1_at(level, &mut r, &a, m), Some(c), "{ctx:?}");
                assert_eq!(r, want, "submul_1 {ctx:?}");

                for bits in 1..64 {
                    let c = portable::shl(&mut want, &a, bits);
                    assert_eq!(k::shl_at(level, &mut r, &a, bits), Some(c), "{ctx:?} {bits}");
                    assert_eq!(r, want, "shl {ctx:?} {bits}");
                    r.copy_from_slice(&a);
                    assert_eq!(k::shl_assign_at(level, &mut r, bits), Some(c), "{ctx:?}");
                    assert_eq!(r, want, "shl_assign {ctx:?} {bits}");
                    let c = portable::shr(&mut want, &a, bits);
                    assert_eq!(k::shr_at(level, &mut r, &a, bits), Some(c), "{ctx:?} {bits}");
                    assert_eq!(r, want, "shr {ctx:?} {bits}");
                    r.copy_from_slice(&a);
                    assert_eq!(k::shr_assign_at(level, &mut r, bits), Some(c), "{ctx:?}");
                    assert_eq!(r, want, "shr_assign {ctx:?} {bits}");
                }
            }
        }
    }
}

#[test]
fn kernels_stay_inside_their_slices() {
    // Each kernel writes a window in the middle of a guarded buffer; the guards must survive.
    const GUARD: u64 = 0x5a5a_5a5a_5a5a_5a5a;
    for level in levels() {
        let mut rng = Rng(3);
        for n in 0..=13 {
            let a = operand(&mut rng, n, 0);
            let b = operand(&mut rng, n, 0);
            let mut buf = vec![GUARD; n + 8];
            let win = 4..4 + n;
            k::add_n_at(level, &mut buf[win.clone()], &a, &b);
            k::sub_n_at(level, &mut buf[win.clone()], &a, &b);
            k::mul_1_at(level, &mut buf[win.clone()], &a, u64::MAX);
            k::addmul_1_at(level, &mut buf[win.clone()], &a, u64::MAX);
            k::submul_1_at(level, &mut buf[win.clone()], &a, u64::MAX);
            k::shl_at(level, &mut buf[win.clone()], &a, 13);
            k::shr_at(level, &mut buf[win.clone()], &a, 13);
            assert!(buf[..4].iter().chain(&buf[4 + n..]).all(|&g| g == GUARD), "{level} {n}");
            if n > 0 {
                let mut buf = vec![GUARD; 4 * n + 8];
                k::mul_basecase_at(level, &mut buf[4..4 + 2 * n], &a, &b);
                k::sqr_basecase_at(level, &mut buf[2 * n + 4..4 * n + 4], &a);
                assert!(buf[..4].iter().chain(&buf[4 * n + 4..]).all(|&g| g == GUARD));
            }
        }
    }
}

#[test]
fn mul_and_sqr_basecase_at_every_level() {
    for level in levels() {
        let mut rng = Rng(4);
        for an in (1..=40).chain([63, 64, 65, 100]) {
            let bns: Vec<usize> =
                if an <= 40 { (1..=an).collect() } else { vec![1, 2, 3, 5, 17, an - 1, an] };
            for bn in bns {
                for p in [0, 1, 5] {
                    let a = operand(&mut rng, an, p);
                    let b = operand(&mut rng, bn, p);
                    let mut want = vec![0; an + bn];
                    portable::mul_basecase(&mut want, &a, &b);
                    let mut r = vec![1; an + bn];
                    assert_eq!(k::mul_basecase_at(level, &mut r, &a, &b), Some(()));
                    assert_eq!(r, want, "mul_basecase {level} {an}x{bn} pattern {p}");
                }
            }
            for p in 0..PATTERNS {
                let a = operand(&mut rng, an, p);
                let mut want = vec![0; 2 * an];
                portable::mul_basecase(&mut want, &a, &a);
                let mut r = vec![1; 2 * an];
                assert_eq!(k::sqr_basecase_at(level, &mut r, &a), Some(()));
                assert_eq!(r, want, "sqr_basecase {level} {an} pattern {p}");
            }
        }
    }
}

#[test]
fn dispatched_entry_points() {
    let mut rng = Rng(5);
    for &n in LENS {
        let a = operand(&mut rng, n, 0);
        let b = operand(&mut rng, n, 5);
        let m = rng.next();
        let (mut r, mut want) = (vec![0; n], vec![0; n]);
        assert_eq!(super::add_n(&mut r, &a, &b), portable::add_n(&mut want, &a, &b));
        assert_eq!(r, want);
        assert_eq!(super::sub_n(&mut r, &a, &b), portable::sub_n(&mut want, &a, &b));
        assert_eq!(r, want);
        r.copy_from_slice(&b);
        want.copy_from_slice(&b);
        assert_eq!(super::addmul_1(&mut r, &a, m), portable::addmul_1(&mut want, &a, m));
        assert_eq!(r, want);
        assert_eq!(super::submul_1(&mut r, &a, m), portable::submul_1(&mut want, &a, m));
        assert_eq!(r, want);
        assert_eq!(super::mul_1_assign(&mut r, m), portable::mul_1_assign(&mut want, m));
        assert_eq!(r, want);
        assert_eq!(super::shl_assign(&mut r, 7), portable::shl_assign(&mut want, 7));
        assert_eq!(r, want);
        if n > 0 {
            let mut r = vec![0; 2 * n];
            super::mul_basecase(&mut r, &a, &b);
            assert_eq!(r, naive_mul(&a, &b));
            super::sqr_basecase(&mut r, &a);
            assert_eq!(r, naive_mul(&a, &a));
        }
    }
}

#[test]
fn entry_points_reject_broken_contracts() {
    for level in levels() {
        let (a, b) = ([1u64; 4], [2u64; 3]);
        let mut r = [0u64; 4];
        assert_eq!(k::add_n_at(level, &mut r, &a, &b), None);
        assert_eq!(k::addmul_1_at(level, &mut r[..3], &a, 5), None);
        assert_eq!(k::shl_at(level, &mut r, &a, 0), None);
        assert_eq!(k::shr_assign_at(level, &mut r, 64), None);
        assert_eq!(k::mul_basecase_at(level, &mut r, &a, &b), None);
        assert_eq!(k::mul_basecase_at(level, &mut [0; 7], &b, &a), None);
        assert_eq!(k::mul_basecase_at(level, &mut [0; 4], &a, &[]), None);
        assert_eq!(k::sqr_basecase_at(level, &mut [0; 0], &[]), None);
        assert_eq!(k::sqr_basecase_at(level, &mut r, &a), None);
    }
}

#[test]
fn levels_are_consistent() {
    let best = Level::best();
    assert_eq!(Level::available().next(), Some(best));
    assert!(Level::Scalar.is_available());
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        let table = k::addmul_1_at(level, &mut [0], &[3], 5);
        assert_eq!(table.is_some(), level.is_available());
    }
    #[cfg(target_arch = "x86_64")]
    {
        // The avx2 level is x86-64-v3 in every crate; the BMI2/ADX kernels also need ADX, and
        // without it that level runs the portable table (still a table: `Some` above).
        let v3 = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("bmi2");
        assert_eq!(Level::Avx2.is_available(), v3 && std::is_x86_feature_detected!("fma"));
        assert!(Level::Sse2.is_available() && !Level::Neon.is_available());
    }
}

/// A normalised divisor of `n` limbs for the division kernel, in the style of `pattern`.
fn divisor(rng: &mut Rng, n: usize, pattern: usize) -> Vec<u64> {
    let mut d = operand(rng, n, pattern);
    d[n - 1] |= 1 << 63;
    d
}

/// `a == q * d + r` with `r < d`, by the naive product.
fn check_division(a: &[u64], d: &[u64], q: &[u64], qh: u64, r: &[u64], ctx: &str) {
    let n = d.len();
    assert!(qh <= 1, "{ctx}");
    assert!(super::super::cmp(r, d).is_lt(), "remainder not below divisor {ctx}");
    let mut qfull = q.to_vec();
    qfull.push(qh);
    let mut back = naive_mul(d, &qfull);
    let mut c = 0u128;
    for i in 0..back.len() {
        let s = back[i] as u128 + if i < n { r[i] as u128 } else { 0 } + c;
        back[i] = s as u64;
        c = s >> 64;
    }
    assert_eq!(c, 0, "{ctx}");
    assert!(back[a.len()..].iter().all(|&x| x == 0), "{ctx}");
    assert_eq!(&back[..a.len()], a, "q * d + r != a {ctx}");
}

#[test]
fn div_qr_basecase_at_every_level() {
    use crate::bigint::mpn::div::reciprocal::reciprocal_3by2;
    // Divisors of 2..=24 limbs cover the two-limb step, every straight-line row (3..=10
    // limbs) and the unrolled loop at every entry.
    for level in levels() {
        let table = Kernels::for_level(level).expect("available level");
        let mut rng = Rng(6);
        for n in 2..=24 {
            for qn in 0..=12 {
                for p in 0..PATTERNS {
                    let d = divisor(&mut rng, n, p);
                    let a = operand(&mut rng, qn + n, (p + 1) % PATTERNS);
                    let v = reciprocal_3by2(d[n - 1], d[n - 2]);
                    let ctx = std::format!("{level} {qn}/{n} pattern {p}");
                    let (mut want_q, mut want_a) = (vec![0; qn], a.clone());
                    let want_h = portable::div_qr_basecase(&mut want_q, &mut want_a, &d, v);
                    check_division(&a, &d, &want_q, want_h, &want_a[..n], &ctx);
                    let (mut q, mut w) = (vec![7; qn], a.clone());
                    let h = table.div_qr_basecase(&mut q, &mut w, &d, v);
                    assert_eq!((h, &q, &w[..n]), (want_h, &want_q, &want_a[..n]), "{ctx}");
                }
            }
        }
    }
}

#[test]
fn div_qr_basecase_stays_inside_its_slices() {
    use crate::bigint::mpn::div::reciprocal::reciprocal_3by2;
    const GUARD: u64 = 0x5a5a_5a5a_5a5a_5a5a;
    for level in levels() {
        let table = Kernels::for_level(level).expect("available level");
        let mut rng = Rng(7);
        for n in 2..=20 {
            let d = divisor(&mut rng, n, 0);
            let v = reciprocal_3by2(d[n - 1], d[n - 2]);
            for qn in [1, 2, 5] {
                let mut buf = vec![GUARD; qn + n + 8];
                for x in &mut buf[4..4 + qn + n] {
                    *x = rng.next();
                }
                let mut qbuf = vec![GUARD; qn + 8];
                table.div_qr_basecase(&mut qbuf[4..4 + qn], &mut buf[4..4 + qn + n], &d, v);
                let outside =
                    |b: &[u64], len: usize| b[..4].iter().chain(&b[4 + len..]).all(|&g| g == GUARD);
                assert!(outside(&buf, qn + n) && outside(&qbuf, qn), "{level} {qn}/{n}");
            }
        }
    }
}

#[test]
fn div_qr_basecase_rejects_broken_contracts() {
    for level in levels() {
        let table = Kernels::for_level(level).expect("available level");
        let d = [5u64, 1 << 63];
        let run = |q: &mut [u64], a: &mut [u64], d: &[u64]| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                table.div_qr_basecase(q, a, d, 0)
            }))
            .is_err()
        };
        // Wrong lengths, a one-limb divisor, an unnormalised divisor.
        assert!(run(&mut [0; 2], &mut [1; 3], &d), "{level}");
        assert!(run(&mut [0; 2], &mut [1; 3], &[1 << 63]), "{level}");
        assert!(run(&mut [0; 1], &mut [1; 3], &[5, 1]), "{level}");
    }
}
