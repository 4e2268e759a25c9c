//! `core_collections::slice` against naive implementations: checked sums for every integer
//! type (with the overflowing element at every position), min/max, `find_all`, `full_join`.

use core_collections::slice::{
    checked_sum, find_all, find_all_indices, full_join, max, min, SliceInteger,
};
use core_cpu::Level;
use proptest::prelude::*;
use std::fmt::Debug;

/// One test module per integer type, against naive `i128` sums and `Iterator::min`/`max`.
macro_rules! integer_tests {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;

            fn naive_sum(v: &[$t]) -> Option<$t> {
                // The exact sum, computed in i128 (every value of the 8..64-bit types fits).
                let s: i128 = v.iter().map(|&x| x as i128).sum();
                <$t>::try_from(s).ok()
            }

            /// The dispatched functions, then each level's kernels pinned.
            fn check(v: &[$t]) {
                let (sum, lo, hi) = (naive_sum(v), v.iter().copied().min(), v.iter().copied().max());
                assert_eq!(checked_sum(v), sum, "sum {v:?}");
                assert_eq!(min(v), lo, "min {v:?}");
                assert_eq!(max(v), hi, "max {v:?}");
                for level in Level::available() {
                    assert_eq!(<$t>::__checked_sum_at(level, v), Some(sum), "{level} sum {v:?}");
                    assert_eq!(<$t>::__min_at(level, v), Some(lo), "{level} min {v:?}");
                    assert_eq!(<$t>::__max_at(level, v), Some(hi), "{level} max {v:?}");
                }
            }

            #[test]
            fn extreme_at_every_position_and_offset() {
                // Lengths past four AVX-512 registers of bytes, from several misaligned
                // starts: every chunk width, the overlapping tail and the short fold.
                let base: Vec<$t> = (0..300 + 8).map(|i| (i % 5) as $t).collect();
                for offset in [0, 1, 3] {
                    for len in (0..=300).filter(|l| l % 7 < 3 || *l < 70) {
                        let v = &base[offset..offset + len];
                        let mut w = v.to_vec();
                        for at in (0..len).step_by(1 + len / 40) {
                            let old = w[at];
                            w[at] = <$t>::MAX;
                            check(&w);
                            w[at] = <$t>::MIN;
                            check(&w);
                            w[at] = old;
                        }
                        check(v);
                    }
                }
            }

            #[test]
            fn empty_and_single() {
                assert_eq!(checked_sum::<$t>(&[]), Some(0));
                assert_eq!(min::<$t>(&[]), None);
                assert_eq!(max::<$t>(&[]), None);
                for x in [<$t>::MIN, <$t>::MAX, 0, 1] {
                    check(&[x]);
                }
            }

            #[test]
            fn overflow_at_every_position() {
                for len in 1..80 {
                    for at in 0..len {
                        // All ones, with MAX at `at`: overflows unless len == 1.
                        let mut v = vec![1 as $t; len];
                        v[at] = <$t>::MAX;
                        check(&v);
                        assert_eq!(checked_sum(&v).is_none(), len > 1);
                        // MAX or MIN among zeros fits; MIN plus a -1 anywhere does not.
                        #[allow(unused_comparisons)]
                        if <$t>::MIN < 0 {
                            v = vec![0 as $t; len];
                            v[at] = <$t>::MAX;
                            check(&v);
                            v[at] = <$t>::MIN;
                            check(&v);
                            if len > 1 {
                                v[(at + 1) % len] = (0 as $t).wrapping_sub(1);
                                assert_eq!(checked_sum(&v), None, "MIN - 1 at {at}");
                            }
                        }
                        // MIN and MAX at every position among zeros.
                        let mut w = vec![0 as $t; len];
                        w[at] = <$t>::MIN;
                        w[len - 1 - at] = <$t>::MAX;
                        check(&w);
                    }
                }
            }

            #[test]
            fn all_equal_and_extremes() {
                for len in [1, 15, 16, 17, 31, 32, 33, 64, 65, 1000] {
                    for x in [<$t>::MIN, <$t>::MAX, 0, 1] {
                        check(&vec![x; len]);
                    }
                    for at in [0, len / 2, len - 1] {
                        let mut v = vec![1 as $t; len];
                        v[at] = <$t>::MIN;
                        check(&v);
                        v[at] = <$t>::MAX;
                        check(&v);
                    }
                }
            }

            #[test]
            fn long_slices() {
                // Past the widening block sizes (2^16 and 2^20 elements).
                let v: Vec<$t> = (0..(1usize << 20) + 77).map(|i| (i as $t).wrapping_mul(31)).collect();
                check(&v);
                let v = vec![(<$t>::MAX as i128 / 300) as $t; 299];
                check(&v);
            }

            proptest! {
                #[test]
                fn random(v in proptest::collection::vec(any::<$t>(), 0..300)) {
                    check(&v);
                }

                #[test]
                fn random_small(v in proptest::collection::vec(-3i8..3, 0..300)) {
                    let v: Vec<$t> = v.iter().map(|&x| x as $t).collect();
                    check(&v);
                }
            }
        }
    )*};
}

integer_tests!(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize);

#[test]
fn sums_128() {
    assert_eq!(checked_sum(&[u128::MAX, 0]), Some(u128::MAX));
    assert_eq!(checked_sum(&[1u128, u128::MAX]), None);
    assert_eq!(checked_sum(&[i128::MAX, 1, i128::MIN]), Some(0));
    assert_eq!(checked_sum(&[i128::MIN, i128::MIN, i128::MAX, i128::MAX]), Some(-2));
    assert_eq!(min(&[3i128, -4, 9]), Some(-4));
    assert_eq!(max(&[3u128, 4, 9]), Some(9));
}

/// The naive full outer join: nested loops, then the unmatched right rows.
fn naive_full_join<'a, L, R, K: PartialEq>(
    left: &'a [L],
    right: &'a [R],
    lk: impl Fn(&L) -> K,
    rk: impl Fn(&R) -> K,
) -> Vec<(Option<&'a L>, Option<&'a R>)> {
    let mut out = Vec::new();
    for l in left {
        let mut any = false;
        for r in right {
            if lk(l) == rk(r) {
                out.push((Some(l), Some(r)));
                any = true;
            }
        }
        if !any {
            out.push((Some(l), None));
        }
    }
    for r in right {
        if !left.iter().any(|l| lk(l) == rk(r)) {
            out.push((None, Some(r)));
        }
    }
    out
}

fn check_join<L: Debug + PartialEq, R: Debug + PartialEq>(left: &[(u8, L)], right: &[(u8, R)]) {
    let ours: Vec<_> = full_join(left, right, |l| l.0, |r| r.0).collect();
    assert_eq!(ours, naive_full_join(left, right, |l| l.0, |r| r.0));
}

proptest! {
    #[test]
    fn full_join_matches_nested_loops(
        left in proptest::collection::vec((0u8..12, any::<u16>()), 0..40),
        right in proptest::collection::vec((0u8..12, any::<i8>()), 0..40),
    ) {
        check_join(&left, &right);
    }

    #[test]
    fn find_all_matches_filter(v in proptest::collection::vec(any::<u16>(), 0..3000), m in 1u16..9) {
        let got = find_all(&v, |x| x % m == 0);
        prop_assert_eq!(got.capacity(), got.len());
        prop_assert_eq!(&got, &v.iter().copied().filter(|x| x % m == 0).collect::<Vec<_>>());
        let idx = find_all_indices(&v, |x| x % m == 0);
        prop_assert_eq!(idx.capacity(), idx.len());
        prop_assert_eq!(idx, (0..v.len()).filter(|&i| v[i] % m == 0).collect::<Vec<_>>());
    }
}

#[test]
fn full_join_duplicates_on_both_sides() {
    let left = [(1, "a1"), (2, "b"), (1, "a2"), (4, "d")];
    let right = [(1, 'x'), (3, 'y'), (1, 'z'), (5, 'w')];
    check_join(&left, &right);
    let rows: Vec<_> = full_join(&left, &right, |l| l.0, |r| r.0)
        .map(|(l, r)| (l.map(|l| l.1), r.map(|r| r.1)))
        .collect();
    assert_eq!(
        rows,
        [
            (Some("a1"), Some('x')),
            (Some("a1"), Some('z')),
            (Some("b"), None),
            (Some("a2"), Some('x')),
            (Some("a2"), Some('z')),
            (Some("d"), None),
            (None, Some('y')),
            (None, Some('w')),
        ]
    );
    check_join::<u8, u8>(&[], &[]);
    check_join::<u8, u8>(&[(1, 1)], &[]);
    check_join::<u8, u8>(&[], &[(1, 1), (1, 2)]);
}

#[test]
fn find_all_seed_sizes() {
    for size in 0..=70 {
        let v: Vec<i32> = (0..size).collect();
        let all = find_all(&v, |_| true);
        assert_eq!(all, v);
        assert_eq!(all.capacity(), v.len());
        assert!(find_all(&v, |_| false).is_empty());
    }
}
