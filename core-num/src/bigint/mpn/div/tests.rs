//! Division tests: every rung against num-bigint or against the rung below it.

use super::reciprocal::reciprocal_3by2;
use super::*;
use alloc::vec;
use alloc::vec::Vec;
use num_bigint::BigUint;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Random limbs, with a bias toward all-ones and zero limbs (carry and borrow chains).
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let style = self.below(4);
        (0..n)
            .map(|_| match style {
                0 => u64::MAX - (self.next() & self.next() & 3),
                1 if self.below(3) == 0 => 0,
                _ => self.next(),
            })
            .collect()
    }

    /// `n` limbs with a non-zero top limb.
    fn top_nonzero(&mut self, n: usize) -> Vec<u64> {
        let mut v = self.limbs(n);
        if v[n - 1] == 0 {
            v[n - 1] = 1 + (self.next() >> (self.below(64) as u32));
        }
        v
    }
}

fn big(x: &[u64]) -> BigUint {
    let digits: Vec<u32> = x.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
    BigUint::from_slice(&digits)
}

fn limbs_of(x: &BigUint, n: usize) -> Vec<u64> {
    let mut v = x.to_u64_digits();
    assert!(v.len() <= n, "value does not fit in {n} limbs");
    v.resize(n, 0);
    v
}

/// Checks `div_rem_with` (Burnikel–Ziegler from `cut` limbs) against num-bigint.
fn check_div_rem(a: &[u64], b: &[u64], cut: usize) {
    let mut q = vec![0u64; a.len() - b.len() + 1];
    let mut r = vec![0u64; b.len()];
    div_rem_with(&mut q, &mut r, a, b, Cuts { bz: cut, newton: usize::MAX });
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
        divisors.push(rng.next() >> rng.below(64));
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
        divisors.push((rng.next() >> rng.below(64)).max(1));
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
        let extra = rng.below(n);
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

/// The Newton reciprocal is within a few units of the exact one, at every split.
#[test]
fn newton_reciprocal_close_to_exact() {
    let mut rng = Rng(12);
    for n in (2..40).chain([64, 150, 151, 300, 512, 777, 1024]) {
        for base in [4usize, 9, newton::INV_BASE] {
            let mut d = normalised_divisor(&mut rng, n);
            if n % 3 == 0 {
                d[..n - 1].fill(0); // d = B^n / 2: the largest reciprocal
            } else if n % 5 == 0 {
                d.fill(u64::MAX);
            }
            let mut y = vec![0u64; n];
            newton::reciprocal_with(&mut y, &d, base);
            let mut exact = vec![0u64; n];
            newton::reciprocal_with(&mut exact, &d, usize::MAX);
            let (by, be) = (big(&y), big(&exact));
            let diff = if by > be { &by - &be } else { &be - &by };
            assert!(diff <= BigUint::from(2u32), "n {n} base {base}: off by {diff}");
        }
    }
}

/// Newton division against Burnikel–Ziegler on the same normalised operands.
#[test]
fn newton_matches_bz() {
    let mut rng = Rng(13);
    let shapes = [(2usize, 5usize), (7, 7), (40, 3), (150, 150), (151, 300), (300, 1), (300, 17)];
    let shapes = shapes.into_iter().chain([(400, 1234), (97, 1000), (2000, 2000), (1200, 3001)]);
    for (n, qn) in shapes {
        for variant in 0..3 {
            let mut d = normalised_divisor(&mut rng, n);
            let mut a = rng.limbs(n + qn);
            if variant == 1 {
                d[..n - 1].fill(0);
                d[n - 1] = 1 << 63;
            } else if variant == 2 {
                d.fill(u64::MAX);
                a.fill(u64::MAX);
            }
            let v = reciprocal_3by2(d[n - 1], d[n - 2]);
            let (mut q1, mut a1) = (vec![0u64; qn], a.clone());
            let (mut q2, mut a2) = (vec![0u64; qn], a.clone());
            let h1 = bz::div_qr(&mut q1, &mut a1, &d, v, DIV_BZ);
            let h2 = newton::div_qr(&mut q2, &mut a2, &d);
            assert_eq!(h1, h2, "qh, n {n} qn {qn} variant {variant}");
            assert!(q1 == q2, "quotient, n {n} qn {qn} variant {variant}");
            assert!(a1[..n] == a2[..n], "remainder, n {n} qn {qn} variant {variant}");
        }
    }
    // Through the entry point, with the Newton cut-over lowered.
    for (m, n) in [(300usize, 100usize), (1000, 999), (5000, 700)] {
        let a = rng.limbs(m);
        let b = rng.top_nonzero(n);
        let mut q = vec![0u64; m - n + 1];
        let mut r = vec![0u64; n];
        div_rem_with(&mut q, &mut r, &a, &b, Cuts { bz: DIV_BZ, newton: 50 });
        assert_eq!(big(&q), big(&a) / big(&b));
        assert_eq!(big(&r), big(&a) % big(&b));
    }
}

/// Newton reciprocal and division at sizes with many even splits (slow: run with --ignored).
#[test]
#[ignore]
fn newton_large() {
    let mut rng = Rng(14);
    for n in [4096usize, 16384, 40000] {
        let d = normalised_divisor(&mut rng, n);
        let mut y = vec![0u64; n];
        newton::reciprocal(&mut y, &d);
        let mut exact = vec![0u64; n];
        newton::reciprocal_with(&mut exact, &d, usize::MAX);
        let (by, be) = (big(&y), big(&exact));
        let diff = if by > be { &by - &be } else { &be - &by };
        assert!(diff <= BigUint::from(2u32), "n {n}: off by {diff}");
        let a = rng.limbs(2 * n);
        let v = reciprocal_3by2(d[n - 1], d[n - 2]);
        let (mut q1, mut a1) = (vec![0u64; n], a.clone());
        let (mut q2, mut a2) = (vec![0u64; n], a.clone());
        bz::div_qr(&mut q1, &mut a1, &d, v, DIV_BZ);
        newton::div_qr(&mut q2, &mut a2, &d);
        assert!(q1 == q2 && a1[..n] == a2[..n], "n {n}");
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

#[test]
fn zz_diag() {
    extern crate std;
    fn sm(seed: u64, n: usize) -> Vec<u64> {
        let mut r = Rng(seed);
        let mut v: Vec<u64> = (0..n).map(|_| r.next()).collect();
        v[n - 1] |= 1;
        v
    }
    for (sa, na, sb, nb) in [(271u64, 12000usize, 272u64, 4000usize), (1004, 8000, 1005, 4000)] {
        let b = sm(sb, nb);
        let s = b[nb - 1].leading_zeros();
        let mut d = vec![0u64; nb];
        crate::bigint::mpn::shl(&mut d, &b, s);
        for t in [nb, nb / 2, 2000, 1000, 4000 - 1] {
            let dt = &d[nb - t..];
            let mut y = vec![0u64; t];
            newton::reciprocal(&mut y, dt);
            let mut ex = vec![0u64; t];
            newton::reciprocal_with(&mut ex, dt, usize::MAX);
            let (by, be) = (big(&y), big(&ex));
            std::println!(
                "t {t}: y-exact = {}{}",
                if by >= be { "" } else { "-" },
                if by > be { &by - &be } else { &be - &by }
            );
        }
        let _ = (sa, na);
    }
}
