//! Division tests: every rung against num-bigint or against the rung below it.

use super::reciprocal::reciprocal_3by2;
use super::*;
use crate::bigint::mpn::test_util::{big, limbs_of, Rng};
use alloc::vec;
use alloc::vec::Vec;
use num_bigint::BigUint;

/// This suite's operand shapes.
trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
    fn top_nonzero(&mut self, n: usize) -> Vec<u64>;
}

impl Operands for Rng {
    /// Random limbs, with a bias toward all-ones and zero limbs (carry and borrow chains).
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let style = self.index(4);
        (0..n)
            .map(|_| match style {
                0 => u64::MAX - (self.next() & self.next() & 3),
                1 if self.index(3) == 0 => 0,
                _ => self.next(),
            })
            .collect()
    }

    /// `n` limbs with a non-zero top limb.
    fn top_nonzero(&mut self, n: usize) -> Vec<u64> {
        let mut v = self.limbs(n);
        if v[n - 1] == 0 {
            v[n - 1] = 1 + (self.next() >> (self.index(64) as u32));
        }
        v
    }
}

/// Checks `div_rem_with` (Burnikel–Ziegler from `cut` limbs) against num-bigint.
fn check_div_rem(a: &[u64], b: &[u64], cut: usize) {
    let mut q = vec![0u64; a.len() - b.len() + 1];
    let mut r = vec![0u64; b.len()];
    div_rem_with(&mut q, &mut r, a, b, Cuts { bz: cut, newton: usize::MAX, ..Cuts::TUNED });
    let (ba, bb) = (big(a), big(b));
    assert_eq!(big(&q), &ba / &bb, "quotient, a.len {} b.len {} cut {cut}", a.len(), b.len());
    assert_eq!(big(&r), &ba % &bb, "remainder, a.len {} b.len {} cut {cut}", a.len(), b.len());
}

#[test]
fn single_limb_matches_num_bigint() {
    let mut rng = Rng(1);
    let mut divisors = vec![1u64, 2, 3, 5, 7, 10, 1 << 32, 1 << 63, (1 << 63) + 1, u64::MAX];
    divisors.extend([u64::MAX - 1, (1 << 62) + 1, 0x1_0000_0001, 1_000_000_007]);
    for _ in 0..40 {
        divisors.push(rng.next() >> rng.index(64));
    }
    divisors.retain(|&d| d != 0);
    for &d in &divisors {
        for len in (0..12).chain([47, 48, 49, 50, 51, 127, 1001]) {
            for _ in 0..4 {
                let a = rng.limbs(len);
                let mut q = vec![0u64; len];
                let r = div_rem_1(&mut q, &a, d);
                let (ba, bd) = (big(&a), BigUint::from(d));
                assert_eq!(big(&q), &ba / &bd, "d = {d:#x}");
                assert_eq!(BigUint::from(r), &ba % &bd, "d = {d:#x}");
                assert_eq!(rem_1(&a, d), r, "rem_1 d = {d:#x}");
            }
        }
    }
}

#[test]
fn single_limb_power_of_two_and_edges() {
    for k in 0..64 {
        let d = 1u64 << k;
        let a = [u64::MAX, 0x1234_5678_9abc_def0, 1];
        let mut q = [0u64; 3];
        let r = div_rem_1(&mut q, &a, d);
        assert_eq!(big(&q), big(&a) / BigUint::from(d));
        assert_eq!(r, a[0] & (d - 1));
        assert_eq!(rem_1(&a, d), r);
    }
    // Dividend top limb equal to, or just above, a divisor with the top bit set.
    for d in [1u64 << 63, u64::MAX, (1 << 63) + 12345] {
        for a in [[0, d], [u64::MAX, d], [d - 1, d - 1], [0, u64::MAX]] {
            let mut q = [0u64; 2];
            let r = div_rem_1(&mut q, &a, d);
            assert_eq!(big(&q), big(&a) / BigUint::from(d));
            assert_eq!(BigUint::from(r), big(&a) % BigUint::from(d));
        }
    }
}

#[test]
fn inv_2adic_and_divexact_1() {
    let mut rng = Rng(2);
    for d in [1u64, 3, u64::MAX, (1 << 63) + 1].into_iter().chain((0..1000).map(|_| rng.next() | 1))
    {
        assert_eq!(d.wrapping_mul(inv_2adic(d)), 1, "d = {d:#x}");
    }
    let mut divisors = vec![1u64, 2, 3, 6, 1 << 63, u64::MAX, 12 << 40];
    for _ in 0..30 {
        divisors.push((rng.next() >> rng.index(64)).max(1));
    }
    for &d in &divisors {
        for len in [0usize, 1, 2, 3, 7, 20] {
            let x = rng.limbs(len);
            let prod = big(&x) * BigUint::from(d);
            let n = len + 1;
            let a = limbs_of(&prod, n);
            let mut q = vec![0u64; n];
            divexact_1(&mut q, &a, d);
            assert_eq!(big(&q), big(&x), "d = {d:#x}");
        }
    }
}

#[test]
fn knuth_d_matches_num_bigint() {
    let mut rng = Rng(3);
    // A cut-over above every size here keeps this on the schoolbook path.
    let cut = usize::MAX;
    for n in 2..=40 {
        for extra in [0usize, 1, 2, 3, 7, 20, 45] {
            for _ in 0..3 {
                let b = rng.top_nonzero(n);
                let a = rng.limbs(n + extra);
                check_div_rem(&a, &b, cut);
            }
        }
    }
}

/// Schoolbook and recursive division on the same normalised operands, limb for limb.
fn check_bz_vs_schoolbook(a: &[u64], d: &[u64], cut: usize) {
    let n = d.len();
    let qn = a.len() - n;
    let v = reciprocal_3by2(d[n - 1], d[n - 2]);
    let (mut q1, mut a1) = (vec![0u64; qn], a.to_vec());
    let (mut q2, mut a2) = (vec![0u64; qn], a.to_vec());
    let h1 = schoolbook::div_qr(&mut q1, &mut a1, d, v);
    let h2 = bz::div_qr(&mut q2, &mut a2, d, v, cut);
    assert_eq!(h1, h2, "qh, n {n} qn {qn} cut {cut}");
    assert!(q1 == q2, "quotient, n {n} qn {qn} cut {cut}");
    assert!(a1[..n] == a2[..n], "remainder, n {n} qn {qn} cut {cut}");
}

fn normalised_divisor(rng: &mut Rng, n: usize) -> Vec<u64> {
    let mut d = rng.limbs(n);
    d[n - 1] |= 1 << 63;
    d
}

#[test]
fn bz_matches_schoolbook_around_cut() {
    let mut rng = Rng(4);
    for n in [DIV_BZ - 1, DIV_BZ, DIV_BZ + 1, 2 * DIV_BZ - 1, 2 * DIV_BZ, 2 * DIV_BZ + 1, 257] {
        for qn in [0, 1, 2, 3, n / 3, n - 1, n, n + 1, 2 * n - 1, 3 * n + 5] {
            let d = normalised_divisor(&mut rng, n);
            let a = rng.limbs(n + qn);
            check_bz_vs_schoolbook(&a, &d, DIV_BZ);
        }
    }
}

#[test]
fn bz_small_cut_deep_recursion() {
    // A tiny cut-over drives the recursion through every odd/even split at small sizes.
    let mut rng = Rng(5);
    for cut in [4, 5, 7] {
        for n in 2..=40 {
            for qn in [0, 1, 2, 3, n / 2, n - 1, n, n + 1, 2 * n + 3] {
                let d = normalised_divisor(&mut rng, n);
                let a = rng.limbs(n + qn);
                check_bz_vs_schoolbook(&a, &d, cut);
            }
        }
    }
}

#[test]
fn bz_large_matches_schoolbook() {
    let mut rng = Rng(6);
    for (n, qn) in [(1000, 1000), (3000, 3000), (700, 2300), (2999, 123), (1500, 1)] {
        let d = normalised_divisor(&mut rng, n);
        let a = rng.limbs(n + qn);
        check_bz_vs_schoolbook(&a, &d, DIV_BZ);
    }
}

#[test]
fn div_rem_matches_num_bigint_all_paths() {
    let mut rng = Rng(7);
    for (m, n) in [(56, 8), (112, 64), (200, 60), (600, 59), (600, 61), (1300, 130), (129, 128)] {
        for _ in 0..2 {
            let a = rng.limbs(m);
            let b = rng.top_nonzero(n);
            check_div_rem(&a, &b, DIV_BZ);
            check_div_rem(&a, &b, 4);
        }
    }
}

/// Divisors and dividends that stress the quotient-limb corrections.
#[test]
fn quotient_edge_cases() {
    let mut rng = Rng(8);
    for n in [2usize, 3, 5, 17, DIV_BZ, DIV_BZ + 1, 150] {
        let mut divisors = vec![];
        let mut top_only = vec![0u64; n];
        top_only[n - 1] = 1 << 63;
        divisors.push(top_only);
        divisors.push(vec![u64::MAX; n]);
        let mut one_top = vec![0u64; n];
        one_top[n - 1] = 1;
        divisors.push(one_top);
        let mut ragged = vec![u64::MAX; n];
        ragged[n - 1] = 1 << 63;
        divisors.push(ragged);
        divisors.push(rng.top_nonzero(n));
        for b in &divisors {
            let bb = big(b);
            for qn in [1usize, 2, n, 3 * n] {
                // q all ones, remainder b - 1: every quotient limb is B - 1.
                let qs = [vec![u64::MAX; qn], rng.limbs(qn), vec![1; qn]];
                for qv in &qs {
                    let rem = &bb - 1u32;
                    let a = big(qv) * &bb + &rem;
                    let a = limbs_of(&a, n + qn + 1);
                    for cut in [DIV_BZ, 4] {
                        check_div_rem(&a, b, cut);
                    }
                }
            }
            // a < b (with a as long as b), a == b, a == b - 1, a == 2b - 1.
            let mut small = b.clone();
            small[n - 1] = b[n - 1] - 1;
            check_div_rem(&small, b, DIV_BZ);
            check_div_rem(b, b, DIV_BZ);
            let m1 = limbs_of(&(&bb - 1u32), n);
            check_div_rem(&m1, b, DIV_BZ);
            let twice = limbs_of(&(&bb * 2u32 - 1u32), n + 1);
            check_div_rem(&twice, b, DIV_BZ);
        }
    }
}

#[test]
fn unbalanced_ten_times_longer() {
    let mut rng = Rng(9);
    for n in [2usize, 9, DIV_BZ - 1, DIV_BZ, 97, 300] {
        let b = rng.top_nonzero(n);
        let extra = rng.index(n);
        let a = rng.limbs(10 * n + extra);
        check_div_rem(&a, &b, DIV_BZ);
    }
}

#[test]
fn div_rem_alloc_normalises() {
    let mut rng = Rng(10);
    let cases: Vec<(Vec<u64>, Vec<u64>)> = vec![
        (vec![], vec![5]),
        (vec![0, 0], vec![5, 0, 0]),
        (vec![3, 0], vec![0, 1]),
        (vec![7], vec![7]),
        (vec![1, 2, 3, 0, 0], vec![0, 1, 0]),
        (rng.limbs(90), rng.top_nonzero(70)),
        (rng.limbs(30), rng.limbs(31)),
        (rng.limbs(20), vec![u64::MAX, 0, 0]),
    ];
    for (a, b) in cases {
        if normalized(&b).is_empty() {
            continue;
        }
        let (q, r) = div_rem_alloc(&a, &b);
        assert_eq!(normalized(&q).len(), q.len());
        assert_eq!(normalized(&r).len(), r.len());
        assert_eq!(big(&q), big(&a) / big(&b));
        assert_eq!(big(&r), big(&a) % big(&b));
    }
}

/// Exact division against `div_rem`, across the Hensel basecase and its recursion.
#[test]
fn divexact_matches_div_rem() {
    let mut rng = Rng(11);
    let shapes = [(1usize, 1usize), (2, 1), (1, 2), (3, 3), (10, 2), (2, 10), (17, 31), (80, 80)];
    let shapes =
        shapes.into_iter().chain([(300, 150), (150, 300), (1000, 7), (61, 59), (400, 401)]);
    for (qlen, blen) in shapes {
        for variant in 0..4 {
            let x = rng.top_nonzero(qlen);
            let mut b = rng.top_nonzero(blen);
            match variant {
                1 => b[0] &= !0xff, // even divisor
                2 if blen > 2 => {
                    b[0] = 0; // low zero limbs
                    b[1] = 0;
                }
                3 => b[0] = 0,
                _ => {}
            }
            if normalized(&b).len() != blen {
                continue;
            }
            let a = limbs_of(&(big(&x) * big(&b)), qlen + blen);
            let qn = a.len() - b.len() + 1;
            let mut q = vec![0u64; qn];
            let mut q_ref = vec![0u64; qn];
            let mut r_ref = vec![0u64; blen];
            div_rem(&mut q_ref, &mut r_ref, &a, &b);
            assert!(normalized(&r_ref).is_empty());
            for cut in [DIV_EXACT_CUT_FOR_TESTS, 4, usize::MAX] {
                exact::divexact_with(&mut q, &a, &b, cut);
                assert!(q == q_ref, "qlen {qlen} blen {blen} variant {variant} cut {cut}");
            }
        }
    }
}

const DIV_EXACT_CUT_FOR_TESTS: usize = super::super::thresholds::DIV_EXACT_DC;

/// Divisor shapes that stress the Newton steps: random, all ones, `B^n/2`, `B^n/2 + 1`, top
/// half `100..0` over a low half of ones (the largest half-size reciprocal over a long tail),
/// top half ones over zeros, and a top limb `0x8000..` over ones.
fn newton_divisors(rng: &mut Rng, n: usize) -> Vec<Vec<u64>> {
    let mut out = vec![normalised_divisor(rng, n), vec![u64::MAX; n]];
    let mut half = vec![0u64; n];
    half[n - 1] = 1 << 63;
    out.push(half.clone());
    half[0] |= 1;
    out.push(half);
    let top = n.div_ceil(2);
    let mut v = vec![u64::MAX; n];
    v[n - top..].fill(0);
    v[n - 1] = 1 << 63;
    out.push(v);
    let mut v = vec![0u64; n];
    v[n - top..].fill(u64::MAX);
    out.push(v);
    let mut v = vec![u64::MAX; n];
    v[n - 1] = 1 << 63;
    out.push(v);
    out
}

/// `floor((B^2n - 1) / d) - B^n` by plain division (Burnikel–Ziegler, Newton disabled).
fn exact_reciprocal(d: &[u64]) -> Vec<u64> {
    let n = d.len();
    let ones = vec![u64::MAX; 2 * n];
    let mut q = vec![0u64; n + 1];
    let mut r = vec![0u64; n];
    div_rem_with(&mut q, &mut r, &ones, d, Cuts { bz: DIV_BZ, newton: usize::MAX, ..Cuts::TUNED });
    assert_eq!(q[n], 1, "the reciprocal of a normalised divisor lies in [B^n, 2B^n)");
    q.truncate(n);
    q
}

/// The Newton reciprocal is the exact one or one unit below it (the bound proved at
/// `newton::reciprocal_with`), at every split: small bases force Newton steps at every level.
#[test]
fn newton_reciprocal_exact_or_one_low() {
    let mut rng = Rng(12);
    let sizes = (2..=160).chain((161..=3000).step_by(97)).chain([255, 256, 257, 1023, 1024, 1025]);
    for n in sizes.chain([2047, 2048, 2049, 3000]) {
        for d in newton_divisors(&mut rng, n) {
            let exact = exact_reciprocal(&d);
            let bases: &[usize] =
                if n <= 160 { &[4, 5, 8, 16] } else { &[4, 8, 16, newton::INV_BASE] };
            for &base in bases {
                let mut y = vec![0u64; n];
                newton::reciprocal_with(&mut y, &d, base);
                let (by, be) = (big(&y), big(&exact));
                assert!(
                    by <= be,
                    "n {n} base {base}: y above the exact reciprocal by {}",
                    &by - &be
                );
                assert!(
                    &be - &by <= BigUint::from(1u32),
                    "n {n} base {base}: y low by {}",
                    &be - &by
                );
            }
        }
    }
}

/// Newton division of normalised `a` by `d` with the reciprocal of the top `t` limbs, checked
/// limb for limb against Burnikel–Ziegler; returns the block statistics.
fn check_newton(a: &[u64], d: &[u64], t: Option<usize>) -> newton::Stats {
    let n = d.len();
    let qn = a.len() - n;
    let v = reciprocal_3by2(d[n - 1], d[n - 2]);
    let (mut q1, mut a1) = (vec![0u64; qn], a.to_vec());
    let (mut q2, mut a2) = (vec![0u64; qn], a.to_vec());
    let h1 = bz::div_qr(&mut q1, &mut a1, d, v, DIV_BZ);
    let mut stats = newton::Stats::default();
    let h2 = match t {
        None => newton::div_qr_stats(&mut q2, &mut a2, d, &mut stats),
        Some(t) => {
            let mut y = vec![0u64; t];
            newton::reciprocal(&mut y, &d[n - t..]);
            newton::div_qr_by(&mut q2, &mut a2, d, &y, &mut stats)
        }
    };
    assert_eq!(h1, h2, "qh, n {n} qn {qn} t {t:?}");
    assert!(q1 == q2, "quotient, n {n} qn {qn} t {t:?}");
    assert!(a1[..n] == a2[..n], "remainder, n {n} qn {qn} t {t:?}");
    // The block bound proved at `newton::block`: at most 5 up, at most 4 down (none when the
    // reciprocal covers the whole divisor), and never the Burnikel–Ziegler fallback.
    let full = t.unwrap_or(n.min(qn)) == n;
    assert!(stats.under <= newton::BLOCK_STEPS, "n {n} qn {qn} t {t:?}: {stats:?}");
    assert!(stats.over <= if full { 0 } else { 4 }, "n {n} qn {qn} t {t:?}: {stats:?}");
    assert_eq!(stats.fallbacks, 0, "n {n} qn {qn} t {t:?}: {stats:?}");
    stats
}

/// Dividends for the block tests: random, all ones, and `Q*d + d - 1` with all-ones `Q`
/// (every remainder as large as it gets).
fn newton_dividends(rng: &mut Rng, d: &[u64], qn: usize) -> Vec<Vec<u64>> {
    let n = d.len();
    let mut out = vec![rng.limbs(n + qn), vec![u64::MAX; n + qn]];
    let bd = big(d);
    let qmax = (BigUint::from(1u32) << (64 * qn)) - 1u32;
    out.push(limbs_of(&(qmax * &bd + &bd - 1u32), n + qn));
    out
}

/// The block estimate stays within its bound for every quotient/divisor shape: qn < n
/// (reciprocal of the top qn limbs), qn == n, qn > n and not a multiple of the block size,
/// and reciprocals shorter than min(n, qn).
#[test]
fn newton_block_bounds() {
    let mut rng = Rng(13);
    let sizes = [2usize, 3, 4, 5, 7, 8, 13, 16, 31, 64, 100, 150, 151, 200, 333, 500];
    let (mut under, mut over, mut blocks) = (0, 0, 0);
    for n in sizes {
        let qns = [1, 2, 3, n / 3, n - 1, n, n + 1, 2 * n, 2 * n + 1, 3 * n - 1, 5 * n / 2 + 7];
        for d in newton_divisors(&mut rng, n) {
            for qn in qns.into_iter().filter(|&qn| qn >= 1) {
                for a in newton_dividends(&mut rng, &d, qn) {
                    let mut ts = vec![None];
                    let tmax = n.min(qn);
                    ts.extend([1, 2, tmax / 3, tmax - 1].into_iter().filter(|&t| t >= 1).map(Some));
                    for t in ts {
                        let s = check_newton(&a, &d, t);
                        under = under.max(s.under);
                        over = over.max(s.over);
                        blocks += s.blocks;
                    }
                }
            }
        }
    }
    // The corpus does reach the correction loops (the bound is not vacuous).
    assert!(under >= 1 && over >= 1 && blocks > 10_000, "under {under} over {over} {blocks}");
}

/// The operand `r:SEED:LIMBS` of tests/oracle.rs (splitmix64 limbs, top limb odd).
fn oracle_operand(seed: u64, n: usize) -> Vec<u64> {
    let mut r = Rng(seed);
    let mut v: Vec<u64> = (0..n).map(|_| r.next()).collect();
    v[n - 1] |= 1;
    v
}

/// `a / b` as `div_rem` hands it to the Newton division: normalised, with the top limb
/// dropped when the shift leaves it zero.
fn normalise_for_newton(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (na, nb) = (a.len(), b.len());
    let s = b[nb - 1].leading_zeros();
    let (mut an, mut d) = (a.to_vec(), b.to_vec());
    an.push(0);
    if s != 0 {
        super::super::shl(&mut d, b, s);
        an[na] = super::super::shl(&mut an[..na], a, s);
    }
    if an[na] == 0 {
        an.pop();
    }
    (an, d)
}

/// Newton division against Burnikel–Ziegler at larger sizes, and the reported shapes
/// (operands as in tests/oracle.rs: splitmix64 limbs, top limb odd).
#[test]
fn newton_matches_bz_large() {
    let mut rng = Rng(15);
    for (n, qn) in [(2000usize, 2000usize), (1200, 3001), (3001, 1200), (700, 5000), (4096, 4097)] {
        let d = normalised_divisor(&mut rng, n);
        let a = rng.limbs(n + qn);
        check_newton(&a, &d, None);
    }
    for (sa, na, sb, nb) in [(271u64, 12000usize, 272u64, 4000usize), (1004, 8000, 1005, 4000)] {
        let (a, b) = (oracle_operand(sa, na), oracle_operand(sb, nb));
        let mut want_q = vec![0u64; na - nb + 1];
        let mut want_r = vec![0u64; nb];
        div_rem_with(
            &mut want_q,
            &mut want_r,
            &a,
            &b,
            Cuts { bz: DIV_BZ, newton: usize::MAX, ..Cuts::TUNED },
        );
        let mut q = vec![0u64; na - nb + 1];
        let mut r = vec![0u64; nb];
        div_rem_with(&mut q, &mut r, &a, &b, Cuts { bz: DIV_BZ, newton: 2000, ..Cuts::TUNED });
        assert!(q == want_q && r == want_r, "r:{sa}:{na} / r:{sb}:{nb}");
        // And the blocks of the normalised operands stay within the bound.
        let (an, d) = normalise_for_newton(&a, &b);
        check_newton(&an, &d, None);
    }
    // Through the entry point, with the Newton cut-over lowered, against num-bigint.
    for (m, n) in [(300usize, 100usize), (1000, 999), (5000, 700)] {
        let a = rng.limbs(m);
        let b = rng.top_nonzero(n);
        let mut q = vec![0u64; m - n + 1];
        let mut r = vec![0u64; n];
        div_rem_with(&mut q, &mut r, &a, &b, Cuts { bz: DIV_BZ, newton: 50, ..Cuts::TUNED });
        assert_eq!(big(&q), big(&a) / big(&b));
        assert_eq!(big(&r), big(&a) % big(&b));
    }
}

/// A wrong reciprocal still gives the right quotient: blocks that would need more than
/// `GIVE_UP` corrections are divided by Burnikel–Ziegler instead of looping.
#[test]
fn newton_wrong_reciprocal_falls_back() {
    let mut rng = Rng(16);
    let mut fallbacks = 0;
    for (n, qn) in [(40usize, 40usize), (40, 130), (97, 30), (300, 300), (150, 451)] {
        let d = normalised_divisor(&mut rng, n);
        // A large top window, so that a reciprocal off by 1000 moves the estimate by over 16.
        let mut a: Vec<u64> = (0..n + qn).map(|_| rng.next()).collect();
        a[n + qn - 1] = d[n - 1] - 1;
        let t = n.min(qn);
        let mut good = vec![0u64; t];
        newton::reciprocal(&mut good, &d[n - t..]);
        for off in [-100_000i64, -1000, -20, -3, 3, 20, 1000, 100_000, i64::MIN] {
            let mut y = good.clone();
            if off == i64::MIN {
                y.fill(0);
            } else if off < 0 {
                if super::super::sub_1_assign(&mut y, off.unsigned_abs()) != 0 {
                    y.fill(0);
                }
            } else if super::super::add_1_assign(&mut y, off as u64) != 0 {
                y.fill(u64::MAX);
            }
            let v = reciprocal_3by2(d[n - 1], d[n - 2]);
            let (mut q1, mut a1) = (vec![0u64; qn], a.clone());
            let (mut q2, mut a2) = (vec![0u64; qn], a.clone());
            let h1 = bz::div_qr(&mut q1, &mut a1, &d, v, DIV_BZ);
            let mut stats = newton::Stats::default();
            let h2 = newton::div_qr_by(&mut q2, &mut a2, &d, &y, &mut stats);
            assert!(h1 == h2 && q1 == q2 && a1[..n] == a2[..n], "n {n} qn {qn} off {off}");
            assert!(stats.over.max(stats.under) <= newton::GIVE_UP);
            if off.unsigned_abs() >= 1000 {
                assert!(stats.fallbacks >= 1, "n {n} qn {qn} off {off}: {stats:?}");
            }
            fallbacks += stats.fallbacks;
        }
    }
    assert!(fallbacks > 0);
}

/// Newton reciprocal and division at sizes with many even splits, and the reported large
/// shapes (slow: run with --ignored).
#[test]
#[ignore]
fn newton_large() {
    let mut rng = Rng(14);
    for n in [4096usize, 16384, 40000] {
        let d = normalised_divisor(&mut rng, n);
        let mut y = vec![0u64; n];
        newton::reciprocal(&mut y, &d);
        let exact = exact_reciprocal(&d);
        let (by, be) = (big(&y), big(&exact));
        assert!(by == be || by + 1u32 == be, "n {n}");
        let a = rng.limbs(2 * n);
        check_newton(&a, &d, None);
    }
    for (sa, na, sb, nb) in [(277u64, 20000usize, 278u64, 10000usize), (262, 40000, 263, 20000)] {
        let (an, d) = normalise_for_newton(&oracle_operand(sa, na), &oracle_operand(sb, nb));
        check_newton(&an, &d, None);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Random shapes through the entry points, at the tuned and at a tiny cut-over.
    #[test]
    fn div_rem_and_divexact_random(
        a in proptest::collection::vec(proptest::prelude::any::<u64>(), 0..260),
        b in proptest::collection::vec(proptest::prelude::any::<u64>(), 1..140),
    ) {
        if normalized(&b).is_empty() {
            return Ok(());
        }
        let (q, r) = div_rem_alloc(&a, &b);
        proptest::prop_assert_eq!(big(&q), big(&a) / big(&b));
        proptest::prop_assert_eq!(big(&r), big(&a) % big(&b));
        let (an, bn) = (normalized(&a), normalized(&b));
        if an.len() >= bn.len() {
            check_div_rem(an, bn, 4);
            // Exact division of a - r by b.
            let exact = limbs_of(&(big(an) - big(&r)), an.len());
            let mut qe = vec![0u64; an.len() - bn.len() + 1];
            for cut in [DIV_EXACT_CUT_FOR_TESTS, 4] {
                exact::divexact_with(&mut qe, &exact, bn, cut);
                proptest::prop_assert_eq!(big(&qe), big(&q));
            }
        }
    }
}

/// Checks the quotient-only division (`div_q`'s body, with the given cut-overs) against
/// num-bigint, and `div_rem` with the same cuts for the same quotient.
fn check_div_q(a: &[u64], b: &[u64], cuts: Cuts) {
    let mut q = vec![0u64; a.len() - b.len() + 1];
    divide(Some(&mut q), None, a, b, cuts);
    let want = big(a) / big(b);
    assert_eq!(big(&q), want, "quotient, a.len {} b.len {} cuts {cuts:?}", a.len(), b.len());
}

/// The cut-over sets the approximate quotient runs under: the tuned one, chunks of two
/// (most chunks, the smallest divisors), chunks of three (uneven last chunk), and recursive
/// division inside the chunks.
fn appr_cuts() -> [Cuts; 4] {
    let base = Cuts { appr: 3, ..Cuts::TUNED };
    [
        Cuts::TUNED,
        Cuts { chunk: 2, ..base },
        Cuts { chunk: 3, ..base },
        Cuts { bz: 4, chunk: 5, ..base },
    ]
}

#[test]
fn div_q_appr_matches_num_bigint() {
    let mut rng = Rng(31);
    for n in (3usize..=20).chain([31, 40, 63, 64, 65, 97, 130]) {
        for qn in [0usize, 1, 2, 3, n / 2, n - 3, n - 2, n - 1, n, n + 1, 2 * n + 5] {
            for _ in 0..2 {
                let b = rng.top_nonzero(n);
                let a = rng.top_nonzero(n + qn);
                for cuts in appr_cuts() {
                    check_div_q(&a, &b, cuts);
                }
            }
        }
    }
}

/// The approximate quotient stays within its proven distance of `B·A / D`, for every chunk
/// size: below by less than 2, above by less than `2k + 5` with `k` chunks.
#[test]
fn divappr_error_bound() {
    let mut rng = Rng(32);
    for n in [3usize, 4, 7, 12, 33, 64, 100] {
        for qn in [1usize, 2, n / 2, n - 2] {
            if qn == 0 || qn + 2 > n {
                continue;
            }
            for chunk in [2usize, 3, 8, 64] {
                for _ in 0..4 {
                    let d = normalised_divisor(&mut rng, n);
                    // Normalised operands with a < d·B^qn (as `div_q_appr` hands them).
                    let mut a = rng.limbs(n + qn);
                    if a[n + qn - 1] >= d[n - 1] {
                        a[n + qn - 1] = d[n - 1] - 1;
                    }
                    let (ba, bd) = (big(&a), big(&d));
                    let v = reciprocal_3by2(d[n - 1], d[n - 2]);
                    let mut q = vec![0u64; qn];
                    let mut w = a.clone();
                    let (top, guard) = divappr::divappr_q(&mut q, &mut w, &d, v, chunk, DIV_BZ);
                    let mut full = vec![guard];
                    full.extend_from_slice(&q);
                    full.push(top);
                    let got = big(&full);
                    let exact = (&ba << 64u32) / &bd;
                    let c = divappr::chunk_size(qn + 1, chunk);
                    let k = (qn + 1).div_ceil(c) as u32;
                    assert!(&got + 2u32 > exact, "low: n {n} qn {qn} chunk {chunk}");
                    assert!(got < &exact + (2 * k + 6), "high: n {n} qn {qn} chunk {chunk}");
                }
            }
        }
    }
}

/// Quotients on or next to an integer (the guard limb near 0 or B - 1), where the candidate
/// is checked by multiplying back: exact multiples, one below, remainders d - 1 and 1, with
/// divisors whose low limbs push the truncation error either way.
#[test]
fn div_q_appr_boundary_quotients() {
    let mut rng = Rng(33);
    for n in [3usize, 4, 5, 9, 16, 40, 64, 100] {
        let mut divisors = vec![];
        let mut top_only = vec![0u64; n];
        top_only[n - 1] = 1 << 63;
        divisors.push(top_only);
        divisors.push(vec![u64::MAX; n]);
        let mut ragged = vec![u64::MAX; n];
        ragged[n - 1] = 1 << 63;
        divisors.push(ragged);
        let mut low_one = vec![0u64; n];
        low_one[n - 1] = 0x8000_0000_0000_0001;
        low_one[0] = 1;
        divisors.push(low_one);
        divisors.push(rng.top_nonzero(n));
        let mut small_top = rng.top_nonzero(n);
        small_top[n - 1] = 3;
        divisors.push(small_top);
        for b in &divisors {
            let bb = big(b);
            for qn in [1usize, 2, n / 2 + 1, n - 2, n, 2 * n] {
                let qs = [vec![u64::MAX; qn], rng.limbs(qn), vec![1; qn], {
                    let mut v = vec![0u64; qn];
                    v[qn - 1] = 1 << 63;
                    v
                }];
                for qv in &qs {
                    let qb = big(qv);
                    let prod = &qb * &bb;
                    let mut dividends = vec![prod.clone(), &prod + 1u32, &prod + &bb - 1u32];
                    if prod > BigUint::from(0u32) {
                        dividends.push(&prod - 1u32);
                    }
                    for x in &dividends {
                        let len = (x.bits() as usize).div_ceil(64).max(n);
                        let a = limbs_of(x, len);
                        for cuts in appr_cuts() {
                            check_div_q(&a, b, cuts);
                        }
                    }
                }
            }
        }
    }
}
