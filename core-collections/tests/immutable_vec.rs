//! `ImmutableVec` against `Vec`/slices: construction, O(1) shared slicing, comparisons with
//! every supported right-hand side, order, hashing and the builder.

use core_collections::immutable::vec::ImmutableVec;
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

fn hash_of<T: Hash + ?Sized>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

proptest! {
    #[test]
    fn matches_vec(v in prop::collection::vec(any::<i32>(), 0..200), lo in 0usize..250, len in 0usize..250) {
        let iv = ImmutableVec::from_slice(&v);
        prop_assert_eq!(&*iv, &v[..]);
        prop_assert!(iv == v);
        prop_assert!(v == iv);
        prop_assert!(iv == v[..]);
        prop_assert!(iv.sequence_eq(v.iter().copied()));
        prop_assert!(iv.sequence_eq(v.iter().copied().collect::<VecDeque<_>>()));
        prop_assert!(iv.sequence_eq(v.iter().copied().filter(|_| true)));
        prop_assert_eq!(hash_of(&iv), hash_of(&v[..]));
        prop_assert_eq!(iv.clone().into_iter().collect::<Vec<_>>(), v.clone());
        prop_assert_eq!(iv.clone().into_iter().rev().collect::<Vec<_>>(), v.iter().rev().copied().collect::<Vec<_>>());
        let lo = lo.min(v.len());
        let hi = (lo + len).min(v.len());
        let s = iv.slice(lo..hi);
        prop_assert_eq!(&*s, &v[lo..hi]);
        prop_assert_eq!(&*s.slice(..), &v[lo..hi]);
        prop_assert_eq!(s.len(), hi - lo);
        // Nested slicing shares and composes.
        if hi > lo {
            prop_assert_eq!(&*s.slice(1..), &v[lo + 1..hi]);
            prop_assert_eq!(&*s.slice(..=0), &v[lo..=lo]);
        }
        let from_vec: ImmutableVec<i32> = v.clone().into();
        let collected: ImmutableVec<i32> = v.iter().copied().collect();
        prop_assert!(from_vec == iv && collected == iv);
        prop_assert_eq!(from_vec.cmp(&s), v[..].cmp(&v[lo..hi]));
        prop_assert_eq!(from_vec.partial_cmp(&s), v[..].partial_cmp(&v[lo..hi]));
    }

    #[test]
    fn inequality(a in prop::collection::vec(0u8..3, 0..20), b in prop::collection::vec(0u8..3, 0..20)) {
        let ia = ImmutableVec::from_slice(&a);
        prop_assert_eq!(ia == b, a == b);
        prop_assert_eq!(ia.sequence_eq(b.iter().copied()), a == b);
        prop_assert_eq!(ia.sequence_eq(b.iter().copied().filter(|_| true)), a == b);
        let ib = ImmutableVec::from(b.clone());
        prop_assert_eq!(ia == ib, a == b);
        prop_assert_eq!(ia.cmp(&ib), a.cmp(&b));
    }
}

#[test]
fn slicing_shares_storage() {
    let v: ImmutableVec<String> = (0..10).map(|i| i.to_string()).collect();
    let s = v.slice(2..5);
    assert_eq!(s.as_ptr(), v[2..].as_ptr());
    assert!(s.clone().ptr_eq(&s));
    assert!(!s.ptr_eq(&v));
    assert_eq!(s, ["2", "3", "4"].map(String::from));
    assert_eq!(format!("{s:?}"), r#"["2", "3", "4"]"#);
}

#[test]
#[should_panic(expected = "out of range")]
fn slice_out_of_range_panics() {
    let _ = ImmutableVec::from([1, 2, 3]).slice(1..4);
}

#[test]
fn builder_and_seed_inputs() {
    // The CreateSlice / SequenceEqual seed inputs: 0..999 as i32.
    let source: Vec<i32> = (0..1000).collect();
    let iv = ImmutableVec::from_slice(&source);
    assert!(iv == source && iv.sequence_eq(&source) && iv.sequence_eq(0..1000));
    assert!(!iv.sequence_eq(0..999) && !iv.sequence_eq(0..1001));
    let mut b = ImmutableVec::builder_with_capacity(1000);
    for i in 0..500 {
        b.push(i);
    }
    b.extend(500..1000);
    assert_eq!(b.len(), 1000);
    assert_eq!(b.build(), iv);
    let empty: ImmutableVec<u8> = ImmutableVec::builder().build();
    assert!(empty.is_empty() && empty == ImmutableVec::new() && empty == [0u8; 0]);
}
