//! Tests of the schoolbook basecase kernel at every level, of the quotient-only and
//! remainder-only entry points, and of the `BigUint`-level division wrappers.

extern crate std;

use super::reciprocal::{reciprocal_3by2, reciprocal_word};
use super::*;
use crate::arch::Level;
use crate::bigint::arith;
use crate::bigint::mpn::kernels::{Kernels, Ops};
use crate::bigint::mpn::test_util::{big, limbs_of, Rng};
use alloc::vec;
use alloc::vec::Vec;

/// This suite's operand shapes.
trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
    fn divisor(&mut self, n: usize) -> Vec<u64>;
}

impl Operands for Rng {
    /// Random limbs in one of several styles: uniform, mostly all-ones, mostly zero, or a
    /// mix (long carry and borrow chains, and the rare branches of the estimate).
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let style = self.index(5);
        (0..n)
            .map(|_| match style {
                0 => u64::MAX - (self.next() & self.next() & 3),
                1 => {
                    if self.index(4) == 0 {
                        self.next()
                    } else {
                        0
                    }
                }
                2 => match self.index(3) {
                    0 => u64::MAX,
                    1 => 0,
                    _ => self.next(),
                },
                _ => self.next(),
            })
            .collect()
    }

    /// A normalised divisor of `n` limbs (top bit set) in a random style.
    fn divisor(&mut self, n: usize) -> Vec<u64> {
        let mut d = match self.index(6) {
            0 => {
                // 1 << 63 followed by zeros (or one low bit).
                let mut d = vec![0u64; n];
                d[0] = self.index(2) as u64;
                d
            }
            1 => vec![u64::MAX; n],
            _ => self.limbs(n),
        };
        d[n - 1] |= 1 << 63;
        d
    }
}

fn levels() -> Vec<Level> {
    let levels: Vec<Level> = Level::available().collect();
    assert!(levels.contains(&Level::Scalar));
    levels
}

/// `a + b * c` by rows of the portable code, as `a.len().max(b.len() + c.len()) + 1` limbs.
fn mul_add(a: &[u64], b: &[u64], c: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; a.len().max(b.len() + c.len()) + 1];
    r[..a.len()].copy_from_slice(a);
    for (j, &y) in c.iter().enumerate() {
        let mut carry = 0u128;
        for (i, &x) in b.iter().enumerate() {
            let s = r[i + j] as u128 + x as u128 * y as u128 + carry;
            r[i + j] = s as u64;
            carry = s >> 64;
        }
        let mut k = j + b.len();
        while carry != 0 {
            let s = r[k] as u128 + carry;
            r[k] = s as u64;
            carry = s >> 64;
            k += 1;
        }
    }
    r
}

/// Runs the basecase kernel of `level` on `a` (`q.len() + d.len()` limbs) and the normalised
/// `d`; checks `a == q * d + r`, `r < d` and the top quotient limb.
fn check_basecase(level: Level, a: &[u64], d: &[u64]) -> (Vec<u64>, u64, Vec<u64>) {
    let k = Kernels::for_level(level).expect("available level");
    let n = d.len();
    let qn = a.len() - n;
    let v = reciprocal_3by2(d[n - 1], d[n - 2]);
    let mut q = vec![0u64; qn];
    let mut w = a.to_vec();
    let qh = k.div_qr_basecase(&mut q, &mut w, d, v);
    assert!(qh <= 1, "{level}: top quotient limb {qh}");
    let r = w[..n].to_vec();
    assert_eq!(
        crate::bigint::mpn::cmp(&r, d),
        core::cmp::Ordering::Less,
        "{level}: remainder not below divisor"
    );
    let mut qfull = q.clone();
    qfull.push(qh);
    let back = mul_add(&r, d, &qfull);
    assert!(back[a.len()..].iter().all(|&x| x == 0), "{level}: {qn}/{n} q*d + r too big");
    assert_eq!(&back[..a.len()], a, "{level}: {qn}/{n} q*d + r != a");
    (q, qh, r)
}

#[test]
fn basecase_every_shape_every_level() {
    for level in levels() {
        let mut rng = Rng(11);
        for n in 2..=100 {
            for qn in 1..=100 {
                // Every shape for the first divisor lengths, a sample beyond.
                if n > 12 && qn > 12 && rng.index(6) != 0 {
                    continue;
                }
                let d = rng.divisor(n);
                let a = rng.limbs(qn + n);
                check_basecase(level, &a, &d);
            }
        }
    }
}

#[test]
fn basecase_levels_agree_with_num_bigint() {
    let mut rng = Rng(12);
    for round in 0..400 {
        let n = 2 + rng.index(60);
        let qn = 1 + rng.index(60);
        let d = rng.divisor(n);
        let a = rng.limbs(qn + n);
        let want_q = big(&a) / big(&d);
        let want_r = big(&a) % big(&d);
        for level in levels() {
            let (q, qh, r) = check_basecase(level, &a, &d);
            let mut qfull = q;
            qfull.push(qh);
            assert_eq!(big(&qfull), want_q, "{level} round {round}");
            assert_eq!(big(&r), want_r, "{level} round {round}");
        }
    }
}

/// The estimate is one too large: a window whose top three limbs are `q * (d1, d0)` exactly
/// over zero limbs, with a non-zero rest of the divisor, needs the add-back.
#[test]
fn basecase_add_back() {
    let mut rng = Rng(13);
    for level in levels() {
        for n in 3..=40 {
            for _ in 0..20 {
                let d = rng.divisor(n);
                let mut d = d;
                if d[..n - 2].iter().all(|&x| x == 0) {
                    d[0] = 1;
                }
                let qhat = rng.next() | 1;
                // q * (d1 d0) as three limbs.
                let lo = qhat as u128 * d[n - 2] as u128;
                let hi = qhat as u128 * d[n - 1] as u128 + (lo >> 64);
                let mut a = vec![0u64; n + 1];
                a[n - 2] = lo as u64;
                a[n - 1] = hi as u64;
                a[n] = (hi >> 64) as u64;
                let (q, qh, _) = check_basecase(level, &a, &d);
                assert_eq!((q[0], qh), (qhat - 1, 0), "{level}: n {n}");
                // The same window under more quotient limbs.
                let mut longer = rng.limbs(3);
                longer.extend_from_slice(&a);
                check_basecase(level, &longer, &d);
            }
        }
    }
}

/// The window's top limbs equal the divisor's (quotient limb B - 1), and the largest
/// remainders (dividend = b * q + b - 1).
#[test]
fn basecase_top_equal_and_max_remainder() {
    let mut rng = Rng(14);
    for level in levels() {
        for n in 2..=40 {
            for _ in 0..10 {
                let mut d = rng.divisor(n);
                if n > 2 && d[..n - 2].iter().all(|&x| x == 0) {
                    d[0] = 1;
                }
                // a = [low limbs..., 0 .. 0, d0, d1]: its top n limbs are below d when the
                // rest of d is non-zero, and the first step sees (d1, d0) on top.
                let k = rng.index(4);
                let low = rng.limbs(k);
                let mut a = low.clone();
                a.extend(core::iter::repeat_n(0, n - 1));
                a.push(d[n - 2]);
                a.push(d[n - 1]);
                if n == 2 {
                    // (d1, d0) on top is then not below d: no B - 1 step, still a division.
                    a.push(0);
                }
                check_basecase(level, &a, &d);

                // b * q + b - 1 for a random q.
                let qn = 1 + rng.index(8);
                let q = rng.limbs(qn);
                let dm1: Vec<u64> = {
                    let mut x = d.clone();
                    let mut i = 0;
                    while x[i] == 0 {
                        x[i] = u64::MAX;
                        i += 1;
                    }
                    x[i] -= 1;
                    x
                };
                let a = mul_add(&dm1, &d, &q);
                let a = &a[..qn + n];
                let (_, _, r) = check_basecase(level, a, &d);
                assert_eq!(r, dm1, "{level}: remainder b - 1");
            }
        }
    }
}

/// Windows built so the remainder's low limb `r0` of the 3/2 step sits at `h` or `h + 1`,
/// `h` the high half of `q` times the divisor's limb below `(d1, d0)`: the case where the
/// row's borrow decides the next top limb late (the BMI2/ADX step's guess is unsure).
#[test]
fn basecase_late_borrow() {
    let mut rng = Rng(15);
    for level in levels() {
        for n in 3..=30 {
            for e in 0..4u64 {
                let d = rng.divisor(n);
                let (d1, d0, dm) = (d[n - 1], d[n - 2], d[n - 3]);
                let qv = rng.next();
                let h = ((qv as u128 * dm as u128) >> 64) as u64;
                // (r1, r0) < (d1, d0) with r0 = h + e - 1 (wrapping), r1 random below d1.
                let r0 = h.wrapping_add(e).wrapping_sub(1);
                let r1 = rng.next() % d1;
                // (u2 u1 u0) = q * (d1 d0) + (r1 r0).
                let lo = qv as u128 * d0 as u128 + r0 as u128;
                let hi = qv as u128 * d1 as u128 + (lo >> 64) + r1 as u128;
                let mut a = rng.limbs(n - 2);
                a.push(lo as u64);
                a.push(hi as u64);
                a.push((hi >> 64) as u64);
                check_basecase(level, &a, &d);
                let k = 1 + rng.index(3);
                let mut longer = rng.limbs(k);
                longer.extend_from_slice(&a);
                check_basecase(level, &longer, &d);
            }
        }
    }
}

/// `div_rem`, `div_q` and `div_r` on unnormalised divisors (every shift) against num-bigint.
#[test]
fn quotient_only_and_remainder_only() {
    let mut rng = Rng(16);
    for shift in 0..64u32 {
        for _ in 0..6 {
            let n = 1 + rng.index(40);
            let m = n + rng.index(60);
            let mut b = rng.limbs(n);
            b[n - 1] = (b[n - 1] | (1 << 63)) >> shift;
            if b[n - 1] == 0 {
                b[n - 1] = 1;
            }
            let mut a = rng.limbs(m);
            if a[m - 1] == 0 {
                a[m - 1] = rng.next() | 1;
            }
            let want_q = limbs_of(&(big(&a) / big(&b)), m - n + 1);
            let want_r = limbs_of(&(big(&a) % big(&b)), n);
            let mut q = vec![0u64; m - n + 1];
            let mut r = vec![0u64; n];
            div_rem(&mut q, &mut r, &a, &b);
            assert_eq!((&q, &r), (&want_q, &want_r), "div_rem shift {shift}");
            let mut q2 = vec![u64::MAX; m - n + 1];
            div_q(&mut q2, &a, &b);
            assert_eq!(q2, want_q, "div_q shift {shift}");
            let mut r2 = vec![u64::MAX; n];
            div_r(&mut r2, &a, &b);
            assert_eq!(r2, want_r, "div_r shift {shift}");
        }
    }
    // Sizes around the on-stack buffers and past them.
    for (n, m) in [(2, 93), (2, 94), (3, 93), (40, 56), (48, 48), (100, 156), (100, 157), (64, 200)]
    {
        let b = rng.limbs(n - 1).into_iter().chain([rng.next() | 1]).collect::<Vec<_>>();
        let a = rng.limbs(m - 1).into_iter().chain([rng.next() | 1]).collect::<Vec<_>>();
        let mut q = vec![0u64; m - n + 1];
        div_q(&mut q, &a, &b);
        assert_eq!(q, limbs_of(&(big(&a) / big(&b)), m - n + 1), "{m}/{n}");
        let mut r = vec![0u64; n];
        div_r(&mut r, &a, &b);
        assert_eq!(r, limbs_of(&(big(&a) % big(&b)), n), "{m}/{n}");
    }
}

/// The `BigUint`-level wrappers: `div`, `rem`, `div_rem` and `rem_assign` against num-bigint,
/// including a dividend below the divisor, one- and two-limb operands.
#[test]
fn biguint_wrappers() {
    let mut rng = Rng(17);
    for _ in 0..600 {
        let n = 1 + rng.index(12);
        let m = rng.index(30);
        let mut b = rng.limbs(n);
        if b[n - 1] == 0 {
            b[n - 1] = 1 + (rng.next() >> rng.index(64));
        }
        let mut a = rng.limbs(m);
        while a.last() == Some(&0) {
            a.pop();
        }
        let (wq, wr) = (big(&a) / big(&b), big(&a) % big(&b));
        let q = arith::div(&a, &b);
        let r = arith::rem(&a, &b);
        assert_eq!(big(q.as_slice()), wq);
        assert_eq!(big(r.as_slice()), wr);
        assert!(q.as_slice().last() != Some(&0) && r.as_slice().last() != Some(&0));
        let (q2, r2) = arith::div_rem(&a, &b);
        assert_eq!((q2.as_slice(), r2.as_slice()), (q.as_slice(), r.as_slice()));
        let mut x = crate::bigint::storage::LimbVec::from_slice(&a);
        arith::rem_assign(&mut x, &b);
        assert_eq!(x.as_slice(), r.as_slice());
    }
}

#[test]
#[should_panic(expected = "attempt to divide by zero")]
fn biguint_div_by_zero_panics() {
    arith::div(&[1, 2, 3], &[]);
}

#[test]
#[should_panic(expected = "attempt to divide by zero")]
fn biguint_rem_by_zero_panics() {
    arith::rem(&[1, 2, 3], &[]);
}

#[test]
fn div_3by2_matches_u128_near_edges() {
    // The 3/2 step of each level against a wide reference, with remainders at the edges.
    let mut rng = Rng(18);
    for i in 0..20_000 {
        let d1 = rng.next() | (1 << 63);
        let d0 = match i % 4 {
            0 => 0,
            1 => u64::MAX,
            _ => rng.next(),
        };
        let v = reciprocal_3by2(d1, d0);
        assert_eq!(reciprocal_word(d1), (u128::MAX / d1 as u128 - (1u128 << 64)) as u64);
        let qv = match i % 3 {
            0 => u64::MAX,
            1 => 0,
            _ => rng.next(),
        };
        let (r1, r0) = match i % 5 {
            0 => (d1, d0.wrapping_sub(1)),
            1 => (0, 0),
            _ => (rng.next() % d1, rng.next()),
        };
        let (r1, r0) = if d0 == 0 && i % 5 == 0 { (d1 - 1, u64::MAX) } else { (r1, r0) };
        let lo = qv as u128 * d0 as u128 + r0 as u128;
        let hi = qv as u128 * d1 as u128 + (lo >> 64) + r1 as u128;
        let (u2, u1, u0) = ((hi >> 64) as u64, hi as u64, lo as u64);
        // A one-step division of (u2 u1 u0) by (d1 d0) through each level's kernel.
        for level in levels() {
            let k = Kernels::for_level(level).expect("available level");
            let mut q = [0u64];
            let mut a = [u0, u1, u2];
            let qh = k.div_qr_basecase(&mut q, &mut a, &[d0, d1], v);
            assert_eq!((qh, q[0], a[1], a[0]), (0, qv, r1, r0), "{level}");
        }
    }
}
