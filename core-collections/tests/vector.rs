//! `Vector` against `std::vec::Vec` as the model: random op sequences (with many appends and
//! splits, so the tree's relaxed nodes and seam re-packing get exercised), old versions kept
//! and re-checked (persistence), and big sizes.

use core_collections::{vector, Vector};
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

#[derive(Clone, Debug)]
enum Op {
    PushBack(u32),
    PushFront(u32),
    PopBack,
    PopFront,
    Set(usize, u32),
    Update(usize, u32),
    Insert(usize, u32),
    Remove(usize),
    /// Appends a fresh vector of `n` elements built by `build`.
    Append(usize, u8),
    /// Appends a clone of a slice of itself (sharing structure with itself).
    AppendSelf(usize, usize),
    SplitOff(usize),
    /// Splits and swaps the halves.
    Rotate(usize),
    Truncate(usize),
    Retain(u32),
    Sort,
    IterMut(u32),
    Snapshot,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => any::<u32>().prop_map(Op::PushBack),
        3 => any::<u32>().prop_map(Op::PushFront),
        2 => Just(Op::PopBack),
        2 => Just(Op::PopFront),
        2 => (any::<usize>(), any::<u32>()).prop_map(|(i, x)| Op::Set(i, x)),
        1 => (any::<usize>(), any::<u32>()).prop_map(|(i, x)| Op::Update(i, x)),
        2 => (any::<usize>(), any::<u32>()).prop_map(|(i, x)| Op::Insert(i, x)),
        2 => any::<usize>().prop_map(Op::Remove),
        4 => (0usize..3000, any::<u8>()).prop_map(|(n, b)| Op::Append(n, b)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Op::AppendSelf(a, b)),
        3 => any::<usize>().prop_map(Op::SplitOff),
        3 => any::<usize>().prop_map(Op::Rotate),
        1 => any::<usize>().prop_map(Op::Truncate),
        1 => (1u32..5).prop_map(Op::Retain),
        1 => Just(Op::Sort),
        1 => any::<u32>().prop_map(Op::IterMut),
        1 => Just(Op::Snapshot),
    ]
}

/// Builds `0..n` (offset) in one of several ways, so appended parts have varied shapes.
fn build(n: usize, how: u8, base: u32) -> (Vector<u32>, Vec<u32>) {
    let model: Vec<u32> = (0..n as u32).map(|i| base.wrapping_add(i)).collect();
    let v = match how % 4 {
        0 => Vector::from(model.clone()),
        1 => {
            let mut v = Vector::new();
            model.iter().for_each(|&x| v.push_back(x));
            v
        }
        2 => {
            let mut v = Vector::new();
            model.iter().rev().for_each(|&x| v.push_front(x));
            v
        }
        _ => {
            // Many small appends.
            let mut v = Vector::new();
            for c in model.chunks(7) {
                v.append(c.iter().copied().collect());
            }
            v
        }
    };
    (v, model)
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn same(v: &Vector<u32>, m: &[u32]) {
    v.check_invariants();
    assert_eq!(v.len(), m.len());
    assert_eq!(v.is_empty(), m.is_empty());
    assert!(v.iter().eq(m.iter()), "forward");
    assert!(v.iter().rev().eq(m.iter().rev()), "backward");
    assert_eq!(v.iter().fold(0u64, |a, &x| a.wrapping_mul(31).wrapping_add(x.into())), {
        m.iter().fold(0u64, |a, &x| a.wrapping_mul(31).wrapping_add(x.into()))
    });
    assert_eq!(v.front(), m.first());
    assert_eq!(v.back(), m.last());
    let step = (m.len() / 50).max(1);
    for i in (0..m.len()).step_by(step) {
        assert_eq!(v.get(i), Some(&m[i]));
    }
    assert_eq!(v.get(m.len()), None);
}

fn apply(v: &mut Vector<u32>, m: &mut Vec<u32>, op: &Op, kept: &mut Vec<(Vector<u32>, Vec<u32>)>) {
    let len = m.len();
    match *op {
        Op::PushBack(x) => {
            v.push_back(x);
            m.push(x);
        }
        Op::PushFront(x) => {
            v.push_front(x);
            m.insert(0, x);
        }
        Op::PopBack => assert_eq!(v.pop_back(), m.pop()),
        Op::PopFront => {
            let e = if m.is_empty() { None } else { Some(m.remove(0)) };
            assert_eq!(v.pop_front(), e);
        }
        Op::Set(i, x) if len > 0 => {
            let i = i % len;
            assert_eq!(v.set(i, x), std::mem::replace(&mut m[i], x));
        }
        Op::Update(i, x) if len > 0 => {
            let i = i % len;
            let w = v.update(i, x);
            let mut wm = m.clone();
            wm[i] = x;
            same(&w, &wm);
            kept.push((w, wm));
        }
        Op::Insert(i, x) => {
            let i = i % (len + 1);
            v.insert(i, x);
            m.insert(i, x);
        }
        Op::Remove(i) if len > 0 => {
            let i = i % len;
            assert_eq!(v.remove(i), m.remove(i));
        }
        Op::Append(n, how) => {
            let (w, wm) = build(n, how, len as u32 * 7);
            same(&w, &wm);
            v.append(w);
            m.extend(wm);
        }
        Op::AppendSelf(a, b) => {
            let a = a % (len + 1);
            let b = b % (len + 1);
            let (lo, hi) = (a.min(b), a.max(b));
            let part = v.skip(lo).take(hi - lo);
            same(&part, &m[lo..hi]);
            v.append(part);
            m.extend_from_within(lo..hi);
        }
        Op::SplitOff(i) => {
            let i = i % (len + 1);
            let back = v.split_off(i);
            let mback = m.split_off(i);
            same(&back, &mback);
            kept.push((back, mback));
        }
        Op::Rotate(i) => {
            let i = i % (len + 1);
            let (a, b) = std::mem::take(v).split_at(i);
            same(&a, &m[..i]);
            same(&b, &m[i..]);
            *v = b + a;
            m.rotate_left(i);
        }
        Op::Truncate(i) => {
            let i = i % (len + 1);
            v.truncate(i);
            m.truncate(i);
        }
        Op::Retain(k) => {
            v.retain(|x| x % k != 0);
            m.retain(|x| x % k != 0);
        }
        Op::Sort => {
            v.sort();
            m.sort();
            for x in [0, u32::MAX / 2] {
                assert_eq!(v.binary_search(&x).is_ok(), m.binary_search(&x).is_ok());
            }
            if let Some(&x) = m.get(len / 2) {
                let i = v.binary_search(&x).expect("present");
                assert_eq!(v[i], x);
            }
        }
        Op::IterMut(x) => {
            v.iter_mut().step_by(3).for_each(|e| *e ^= x);
            m.iter_mut().step_by(3).for_each(|e| *e ^= x);
        }
        Op::Snapshot => kept.push((v.clone(), m.clone())),
        Op::Set(..) | Op::Update(..) | Op::Remove(_) => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn model(start in 0usize..2000, how in any::<u8>(), ops in proptest::collection::vec(op(), 1..60)) {
        let (mut v, mut m) = build(start, how, 0);
        let mut kept = Vec::new();
        for op in &ops {
            apply(&mut v, &mut m, op, &mut kept);
            same(&v, &m);
        }
        // Old versions are untouched by later changes.
        for (w, wm) in &kept {
            same(w, wm);
        }
        let owned: Vec<u32> = v.clone().into_iter().collect();
        prop_assert_eq!(&owned, &m);
        let back: Vec<u32> = v.clone().into_iter().rev().collect();
        prop_assert!(back.iter().eq(m.iter().rev()));
        prop_assert_eq!(Vector::from(m.clone()), v.clone());
        prop_assert_eq!(hash_of(&Vector::from(m.clone())), hash_of(&v));
    }

    #[test]
    fn compare_like_slices(a in proptest::collection::vec(0u8..3, 0..200), b in proptest::collection::vec(0u8..3, 0..200)) {
        let (va, vb) = (Vector::from(a.clone()), Vector::from(b.clone()));
        prop_assert_eq!(va.cmp(&vb), a.cmp(&b));
        prop_assert_eq!(va.partial_cmp(&vb), a.partial_cmp(&b));
        prop_assert_eq!(va == vb, a == b);
    }

    #[test]
    fn iter_from_both_ends(n in 0usize..1500, pattern in proptest::collection::vec(any::<bool>(), 0..1600), front in 0usize..100) {
        // A vector with a non-empty front buffer, a tree and a back buffer.
        let mut v: Vector<usize> = (front..n + front).collect();
        for i in (0..front).rev() {
            v.push_front(i);
        }
        let m: Vec<usize> = (0..n + front).collect();
        let mut it = v.iter();
        let mut mi = m.iter();
        for &forward in &pattern {
            let (a, b) = if forward { (it.next(), mi.next()) } else { (it.next_back(), mi.next_back()) };
            prop_assert_eq!(a, b);
            prop_assert_eq!(it.len(), mi.len());
        }
        prop_assert!(it.clone().eq(mi.clone()));
        let k = pattern.len() % 97;
        prop_assert_eq!(it.nth(k), mi.nth(k));
    }
}

#[test]
fn iter_mut_and_consuming_from_both_ends() {
    let mut v: Vector<u32> = (100..1200).collect();
    for i in (0..100).rev() {
        v.push_front(i);
    }
    let snapshot = v.clone();
    {
        let mut it = v.iter_mut();
        assert_eq!(it.len(), 1200);
        *it.next().unwrap() = 1;
        *it.next_back().unwrap() = 2;
        assert_eq!(it.len(), 1198);
    }
    assert_eq!((v[0], v[1199], snapshot[0], snapshot[1199]), (1, 2, 0, 1199));
    let mut it = snapshot.clone().into_iter();
    assert_eq!((it.next(), it.next_back(), it.len()), (Some(0), Some(1199), 1198));
    assert!(it.eq(1..1199));
}

#[test]
fn big_one_million() {
    const N: u64 = 1_000_000;
    let mut v = Vector::new();
    for i in 0..N {
        v.push_back(i);
    }
    v.check_invariants();
    assert_eq!(v.len(), N as usize);
    assert_eq!(v.iter().sum::<u64>(), N * (N - 1) / 2);
    let old = v.clone();
    for i in (0..N as usize).step_by(9973) {
        v.set(i, 0);
    }
    assert_eq!(old.iter().sum::<u64>(), N * (N - 1) / 2);
    assert_eq!(v[9973], 0);
    assert_eq!(v[9974], 9974);
    // Split into 100 pieces and concatenate them in reverse piece order.
    let mut pieces = Vec::new();
    let mut rest = old.clone();
    for _ in 0..99 {
        let back = rest.split_off(rest.len() - 10_000);
        pieces.push(back);
    }
    pieces.push(rest);
    let mut joined = Vector::new();
    for p in pieces {
        joined.append(p);
    }
    joined.check_invariants();
    let expect = (0..100u64).rev().flat_map(|p| p * 10_000..(p + 1) * 10_000);
    assert!(joined.iter().copied().eq(expect.clone()));
    for (i, x) in expect.enumerate().step_by(1237) {
        assert_eq!(joined[i], x);
    }
    let mut front = Vector::new();
    for i in 0..N {
        front.push_front(i);
    }
    front.check_invariants();
    assert!(front.iter().copied().eq((0..N).rev()));
    while front.len() > 10 {
        front.pop_back();
        front.pop_front();
    }
    assert!(front.iter().copied().eq((499_995..500_005).rev()));
}

#[test]
fn versions_shared_across_threads_change_independently() {
    // Each thread takes a clone of one shared vector (and of a clone another thread may be
    // dropping) and changes it in place: copy-on-write must copy every shared node and
    // buffer, and a node left unshared by another thread's drop must be reused safely.
    let base: Vector<u64> = (0..5_000).collect();
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            let mine = base.clone();
            std::thread::spawn(move || {
                let mut v = mine;
                for round in 0..50u64 {
                    let keep = v.clone();
                    for i in (t as usize..v.len()).step_by(97) {
                        v.set(i, round * 10 + t);
                    }
                    v.push_back(t);
                    v.push_front(t);
                    drop(keep);
                    let _ = v.pop_front();
                    let _ = v.pop_back();
                }
                v
            })
        })
        .collect();
    for (t, h) in handles.into_iter().enumerate() {
        let v = h.join().expect("thread finished");
        v.check_invariants();
        for (i, &x) in v.iter().enumerate() {
            let changed = i >= t && (i - t) % 97 == 0;
            assert_eq!(x, if changed { 490 + t as u64 } else { i as u64 }, "thread {t}, {i}");
        }
    }
    assert!(base.iter().copied().eq(0..5_000));
}

#[test]
fn many_small_appends_stay_shallow() {
    let mut v = Vector::new();
    let mut m = Vec::new();
    for i in 0..20_000u32 {
        let part: Vector<u32> = (0..i % 5 + 1).map(|k| i * 8 + k).collect();
        m.extend(part.iter().copied());
        v.append(part);
    }
    same(&v, &m);
    let mut w = Vector::new();
    for chunk in m.chunks(100) {
        w.append(Vector::from(chunk));
    }
    same(&w, &m);
}

#[test]
fn macro_conversions_formatting() {
    let v: Vector<i32> = vector![3, 1, 2];
    assert_eq!(format!("{v:?}"), "[3, 1, 2]");
    assert_eq!(vector![7; 3], Vector::from([7, 7, 7]));
    assert_eq!(Vector::<i32>::default(), vector![]);
    assert_eq!(Vector::from(&[1, 2][..]), Vector::from(&vec![1, 2]));
    assert_eq!(Vector::unit(1), vector![1]);
    let mut w = v.clone();
    w.extend([4, 5]);
    w.extend(&[6]);
    assert_eq!(w, vector![3, 1, 2, 4, 5, 6]);
    assert!(v.contains(&2) && !v.contains(&9));
    assert_eq!(v.index_of(&2), Some(2));
    let mut s = v.clone();
    s.insert_ord(2);
    s.sort_by(|a, b| b.cmp(a));
    assert_eq!(s, vector![3, 2, 2, 1]);
    assert!(matches!(s.binary_search_by_key(&-2, |x| -x), Ok(1 | 2)));
    assert_eq!((v.head(), v.last()), (Some(&3), Some(&2)));
    let e: Vector<i32> = vector![];
    assert_eq!((e.front(), e.back(), e.binary_search(&1)), (None, None, Err(0)));
}

#[test]
#[should_panic(expected = "out of bounds")]
fn index_past_end_panics() {
    let v = vector![1, 2, 3];
    let _ = v[3];
}

#[test]
#[should_panic(expected = "out of bounds")]
fn split_past_end_panics() {
    let mut v = vector![1, 2, 3];
    let _ = v.split_off(4);
}

#[test]
#[should_panic(expected = "out of bounds")]
fn remove_past_end_panics() {
    let mut v = vector![1, 2, 3];
    v.remove(3);
}
