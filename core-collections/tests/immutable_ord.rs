//! Differential tests of `ImmutableOrdMap` / `ImmutableOrdSet` against std's `BTreeMap` /
//! `BTreeSet`: op sequences with every old version kept and re-checked, ranges with every bound
//! kind, `range_count`, `remove_range`, set algebra, bulk builds at node-size boundaries, and
//! several key types.

use core_collections::immutable::ord::{Entry, ImmutableOrdMap, ImmutableOrdSet};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::hash::{BuildHasher, Hash, RandomState};
use std::ops::Bound;

/// Node capacity of the tree (the boundary sizes below straddle it and its multiples).
const NODE: usize = 32;

fn bound_strategy<K: Debug + Clone + 'static>(
    key: impl Strategy<Value = K> + Clone + 'static,
) -> impl Strategy<Value = Bound<K>> {
    prop_oneof![
        Just(Bound::Unbounded),
        key.clone().prop_map(Bound::Included),
        key.prop_map(Bound::Excluded),
    ]
}

fn in_range<K: Ord>(k: &K, lo: &Bound<K>, hi: &Bound<K>) -> bool {
    let above = match lo {
        Bound::Unbounded => true,
        Bound::Included(b) => k >= b,
        Bound::Excluded(b) => k > b,
    };
    let below = match hi {
        Bound::Unbounded => true,
        Bound::Included(b) => k <= b,
        Bound::Excluded(b) => k < b,
    };
    above && below
}

/// Everything observable about `ours` equals `model`.
fn assert_same<K, V>(ours: &ImmutableOrdMap<K, V>, model: &BTreeMap<K, V>)
where
    K: Ord + Clone + Debug,
    V: PartialEq + Clone + Debug,
{
    ours.check_invariants();
    assert_eq!(ours.len(), model.len());
    assert_eq!(ours.is_empty(), model.is_empty());
    assert!(ours.iter().eq(model.iter()), "{ours:?} != {model:?}");
    assert!(ours.iter().rev().eq(model.iter().rev()));
    assert_eq!(ours.first(), model.first_key_value());
    assert_eq!(ours.last(), model.last_key_value());
    assert_eq!(ours.iter().len(), model.len());
}

/// `range`, `range_count` and `remove_range` for one pair of bounds.
fn check_range<K, V>(
    ours: &ImmutableOrdMap<K, V>,
    model: &BTreeMap<K, V>,
    lo: Bound<K>,
    hi: Bound<K>,
) where
    K: Ord + Clone + Debug,
    V: PartialEq + Clone + Debug,
{
    let expect: Vec<(&K, &V)> = model.iter().filter(|(k, _)| in_range(*k, &lo, &hi)).collect();
    let r = (lo.clone(), hi.clone());
    assert_eq!(ours.range_count(r.clone()), expect.len(), "range_count {r:?}");
    let it = ours.range(r.clone());
    assert_eq!(it.len(), expect.len());
    assert_eq!(it.clone().count(), expect.len());
    assert_eq!(it.clone().collect::<Vec<_>>(), expect, "range {r:?}");
    assert!(it.clone().rev().eq(expect.iter().rev().copied()));
    // Alternate ends: the two cursors must meet exactly.
    let mut it = it;
    let (mut front, mut back) = (0, expect.len());
    let mut turn = false;
    while front < back {
        if turn {
            back -= 1;
            assert_eq!(it.next_back(), Some(expect[back]));
        } else {
            assert_eq!(it.next(), Some(expect[front]));
            front += 1;
        }
        turn = !turn;
        assert_eq!(it.len(), back - front);
    }
    assert_eq!(it.next(), None);
    assert_eq!(it.next_back(), None);
    // remove_range, both flavours; the original is untouched.
    let snapshot: Vec<(K, V)> = ours.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let removed = ours.without_range(r.clone());
    let mut kept = model.clone();
    kept.retain(|k, _| !in_range(k, &lo, &hi));
    assert_same(&removed, &kept);
    let mut in_place = ours.clone();
    assert_eq!(in_place.remove_range(r), expect.len());
    assert_same(&in_place, &kept);
    assert!(ours.iter().map(|(k, v)| (k.clone(), v.clone())).eq(snapshot));
}

#[derive(Clone, Debug)]
enum Op<K> {
    Insert(K, u32),
    Remove(K),
    Update(K, Option<u32>),
    RemoveRange(Bound<K>, Bound<K>),
    PopFirst,
    PopLast,
    /// Keep the current version (and the model's) for the final check.
    Keep,
    /// Continue from an older kept version.
    Restore(usize),
}

fn op_strategy<K: Debug + Clone + 'static>(
    key: impl Strategy<Value = K> + Clone + 'static,
) -> impl Strategy<Value = Op<K>> {
    prop_oneof![
        8 => (key.clone(), any::<u32>()).prop_map(|(k, v)| Op::Insert(k, v)),
        4 => key.clone().prop_map(Op::Remove),
        2 => (key.clone(), proptest::option::of(any::<u32>())).prop_map(|(k, v)| Op::Update(k, v)),
        1 => (bound_strategy(key.clone()), bound_strategy(key)).prop_map(|(a, b)| Op::RemoveRange(a, b)),
        1 => Just(Op::PopFirst),
        1 => Just(Op::PopLast),
        1 => Just(Op::Keep),
        1 => any::<usize>().prop_map(Op::Restore),
    ]
}

/// Runs `ops` on both maps, alternating the persistent and the in-place API, keeping old
/// versions and checking at the end that none of them changed.
fn run_ops<K: Ord + Clone + Debug>(ops: Vec<Op<K>>) {
    let mut ours: ImmutableOrdMap<K, u32> = ImmutableOrdMap::new();
    let mut model: BTreeMap<K, u32> = BTreeMap::new();
    let mut kept: Vec<(ImmutableOrdMap<K, u32>, BTreeMap<K, u32>)> = Vec::new();
    for (step, op) in ops.into_iter().enumerate() {
        let persistent = step % 2 == 0;
        match op {
            Op::Insert(k, v) => {
                let old = model.insert(k.clone(), v);
                if persistent {
                    ours = ours.update(k, v);
                } else {
                    assert_eq!(ours.insert(k, v), old);
                }
            }
            Op::Remove(k) => {
                let old = model.remove(&k);
                if persistent {
                    ours = ours.without(&k);
                } else {
                    assert_eq!(ours.remove(&k), old);
                }
            }
            Op::Update(k, v) => {
                let f = |old: Option<&u32>| v.map(|v| v ^ old.copied().unwrap_or(0));
                let new = f(model.get(&k));
                match new {
                    Some(n) => model.insert(k.clone(), n),
                    None => model.remove(&k),
                };
                if persistent {
                    ours = ours.alter(|old| f(old.as_ref()), k);
                } else {
                    // In place, through the entry API.
                    match (ours.entry(k), new) {
                        (Entry::Occupied(mut e), Some(n)) => {
                            assert_eq!(e.insert(n) ^ n, v.unwrap())
                        }
                        (Entry::Occupied(e), None) => {
                            e.remove();
                        }
                        (Entry::Vacant(e), Some(n)) => assert_eq!(*e.insert(n), n),
                        (Entry::Vacant(_), None) => {}
                    }
                }
            }
            Op::RemoveRange(lo, hi) => {
                model.retain(|k, _| !in_range(k, &lo, &hi));
                if persistent {
                    ours = ours.without_range((lo, hi));
                } else {
                    ours.remove_range((lo, hi));
                }
            }
            Op::PopFirst => assert_eq!(ours.pop_first(), model.pop_first()),
            Op::PopLast => assert_eq!(ours.pop_last(), model.pop_last()),
            Op::Keep => kept.push((ours.clone(), model.clone())),
            Op::Restore(i) => {
                if !kept.is_empty() {
                    let (o, m) = &kept[i % kept.len()];
                    ours = o.clone();
                    model = m.clone();
                }
            }
        }
        assert_eq!(ours.len(), model.len());
    }
    assert_same(&ours, &model);
    for (o, m) in &kept {
        assert_same(o, m);
    }
}

/// Every query on a map built from `entries`, for a handful of probe keys and bounds.
fn check_queries<K: Ord + Clone + Debug>(
    entries: Vec<(K, u32)>,
    probes: Vec<K>,
    bounds: Vec<(Bound<K>, Bound<K>)>,
) {
    let model: BTreeMap<K, u32> = entries.iter().cloned().collect();
    let ours: ImmutableOrdMap<K, u32> = entries.into_iter().collect();
    assert_same(&ours, &model);
    assert_same(&ImmutableOrdMap::from(model.clone()), &model);
    for p in &probes {
        assert_eq!(ours.get(p), model.get(p));
        assert_eq!(ours.contains_key(p), model.contains_key(p));
        assert_eq!(ours.get_key_value(p), model.get_key_value(p));
    }
    for (i, e) in model.iter().enumerate() {
        assert_eq!(ours.get_index(i), Some(e));
    }
    assert_eq!(ours.get_index(model.len()), None);
    for (lo, hi) in bounds {
        check_range(&ours, &model, lo, hi);
    }
}

macro_rules! key_type_tests {
    ($($name:ident: $key:expr;)*) => {$(
        mod $name {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn op_sequences(ops in proptest::collection::vec(op_strategy($key), 0..400)) {
                    run_ops(ops);
                }

                #[test]
                fn queries(
                    entries in proptest::collection::vec(($key, any::<u32>()), 0..300),
                    probes in proptest::collection::vec($key, 0..20),
                    bounds in proptest::collection::vec((bound_strategy($key), bound_strategy($key)), 0..8),
                ) {
                    check_queries(entries, probes, bounds);
                }
            }
        }
    )*};
}

key_type_tests! {
    keys_u8: any::<u8>();
    keys_u16: 0u16..600;
    keys_u32: any::<u32>();
    keys_u64: any::<u64>();
    keys_i32: -300i32..300;
    keys_string: "[a-d]{0,4}";
    keys_tuple: (0u8..8, 0u16..40);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Long runs of inserts and removes on a key space large enough for 3 levels.
    #[test]
    fn deep_trees(ops in proptest::collection::vec(op_strategy(0u32..5000), 1500..3000)) {
        run_ops(ops);
    }

    #[test]
    fn set_algebra(a in proptest::collection::btree_set(0u16..400, 0..300),
                   b in proptest::collection::btree_set(0u16..400, 0..300)) {
        let (sa, sb) = (ImmutableOrdSet::from(a.clone()), ImmutableOrdSet::from(b.clone()));
        let union: BTreeSet<u16> = a.union(&b).copied().collect();
        let inter: BTreeSet<u16> = a.intersection(&b).copied().collect();
        let diff: BTreeSet<u16> = a.difference(&b).copied().collect();
        for (ours, model) in [(sa.union(&sb), union), (sa.intersection(&sb), inter), (sa.difference(&sb), diff)] {
            ours.check_invariants();
            prop_assert!(ours.set_equals_btree(&model));
            prop_assert!(ours == model);
        }
        prop_assert_eq!(sa.set_equals(&sb), a == b);
        prop_assert_eq!(sa == sb, a == b);
        prop_assert_eq!(sa.cmp(&sb), a.cmp(&b));
        prop_assert!(sa.set_equals(&sa.clone()));
        let (h1, h2) = (RandomState::new(), RandomState::new());
        let _ = h2;
        prop_assert_eq!(h1.hash_one(&sa) == h1.hash_one(&sb), a == b);
    }

    #[test]
    fn set_ops(values in proptest::collection::vec(0u16..200, 0..300), probe in 0u16..200,
               lo in bound_strategy(0u16..200), hi in bound_strategy(0u16..200)) {
        let model: BTreeSet<u16> = values.iter().copied().collect();
        let ours: ImmutableOrdSet<u16> = values.iter().copied().collect();
        ours.check_invariants();
        prop_assert!(ours.iter().eq(model.iter()));
        prop_assert_eq!(ours.contains(&probe), model.contains(&probe));
        prop_assert_eq!(ours.first(), model.first());
        prop_assert_eq!(ours.last(), model.last());
        let expect: Vec<&u16> = model.iter().filter(|k| in_range(*k, &lo, &hi)).collect();
        prop_assert_eq!(ours.range((lo, hi)).collect::<Vec<_>>(), expect.clone());
        prop_assert_eq!(ours.range_count((lo, hi)), expect.len());
        let removed = ours.without_range((lo, hi));
        prop_assert_eq!(removed.len(), model.len() - expect.len());
        let added = ours.update(probe);
        let gone = ours.without(&probe);
        prop_assert!(added.contains(&probe));
        prop_assert!(!gone.contains(&probe));
        prop_assert!(ours.iter().eq(model.iter()), "old version changed");
        let mut m = ours.clone();
        prop_assert_eq!(m.insert(probe).is_none(), !model.contains(&probe));
        prop_assert_eq!(m.remove(&probe), Some(probe));
        prop_assert_eq!(m.get_min(), model.iter().find(|&&x| x != probe));
        prop_assert_eq!(m.get_max(), model.iter().rev().find(|&&x| x != probe));
        prop_assert_eq!(m.len(), model.len() - usize::from(model.contains(&probe)));
        let mut e = ours.clone();
        e.extend(values.iter().rev().copied());
        prop_assert!(e.set_equals(&ours));
    }
}

/// Bulk builds and incremental builds at every size around the node capacity and its
/// multiples, and the empty and one-element trees.
#[test]
fn boundary_sizes() {
    let mut sizes = vec![0, 1, 2, 1000];
    for m in [NODE, NODE + 1, 2 * NODE + 1, (NODE + 1) * (NODE + 1) + NODE] {
        sizes.extend([m - 1, m, m + 1]);
    }
    for n in sizes {
        let model: BTreeMap<u64, u64> = (0..n as u64).map(|i| (i * 3, i)).collect();
        let bulk: ImmutableOrdMap<u64, u64> = model.clone().into_iter().collect();
        assert_same(&bulk, &model);
        let mut inc = ImmutableOrdMap::new();
        for (k, v) in model.iter().rev() {
            inc = inc.update(*k, *v);
        }
        assert_same(&inc, &model);
        let unsorted: ImmutableOrdMap<u64, u64> = model
            .iter()
            .rev()
            .map(|(k, v)| (*k, *v))
            .chain(model.iter().map(|(k, v)| (*k, *v)))
            .collect();
        assert_same(&unsorted, &model);
        for (lo, hi) in [(0, n as u64 * 3), (3, 3), (n as u64, 2 * n as u64), (5, 4)] {
            check_range(&bulk, &model, Bound::Included(lo), Bound::Excluded(hi));
            check_range(&bulk, &model, Bound::Excluded(lo), Bound::Included(hi));
        }
        // Drain from both ends and from the middle; every intermediate tree stays valid.
        let mut drained = bulk.clone();
        let mut m = model.clone();
        let mut i = 0u64;
        while !m.is_empty() {
            match i % 3 {
                0 => assert_eq!(drained.pop_first(), m.pop_first()),
                1 => assert_eq!(drained.pop_last(), m.pop_last()),
                _ => {
                    let k = *m.keys().nth(m.len() / 2).unwrap();
                    assert_eq!(drained.remove(&k), m.remove(&k));
                }
            }
            if i.is_multiple_of(17) {
                assert_same(&drained, &m);
            }
            i += 1;
        }
        assert!(drained.is_empty());
        assert_same(&bulk, &model);
    }
}

#[test]
fn bulk_build_every_size_to_3000() {
    for n in 0..3000u32 {
        let set: ImmutableOrdSet<u32> = (0..n).collect();
        set.check_invariants();
        assert_eq!(set.len(), n as usize);
        if n % 97 == 0 {
            assert!(set.iter().copied().eq(0..n));
        }
    }
}

#[test]
fn hundred_thousand() {
    const N: u32 = 100_000;
    let mut model = BTreeSet::new();
    let mut set = ImmutableOrdSet::new();
    let mut x = 1u32;
    for _ in 0..N {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        model.insert(x % (4 * N));
        set.insert(x % (4 * N));
    }
    set.check_invariants();
    assert!(set.set_equals_btree(&model));
    let old = set.clone();
    let bulk = ImmutableOrdSet::from(model.clone());
    assert!(bulk.set_equals(&set));
    for k in (0..4 * N).step_by(7) {
        assert_eq!(set.range_count(k..k + 1000), model.range(k..k + 1000).count());
        if k % 3 == 0 {
            set.remove(&k);
            model.remove(&k);
        }
    }
    set.check_invariants();
    assert!(set.set_equals_btree(&model));
    assert!(old.set_equals(&bulk), "old version changed");
    let cleared = old.without_range(..);
    assert!(cleared.is_empty());
    let half = old.without_range(N..3 * N);
    half.check_invariants();
    assert_eq!(half.len(), old.len() - old.range_count(N..3 * N));
}

#[test]
fn strings_borrow_as_str() {
    let m: ImmutableOrdMap<String, usize> = ["pear", "apple", "fig", "kiwi"]
        .iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), i))
        .collect();
    assert_eq!(m.get("fig"), Some(&2));
    assert_eq!(m["kiwi"], 3);
    assert_eq!(
        m.range::<str, _>((Bound::Included("b"), Bound::Excluded("l")))
            .map(|(k, _)| k.as_str())
            .collect::<Vec<_>>(),
        ["fig", "kiwi"]
    );
    assert_eq!(m.range_count::<str, _>((Bound::Included("fig"), Bound::Unbounded)), 3);
    assert_eq!(format!("{:?}", m.without("pear")), r#"{"apple": 1, "fig": 2, "kiwi": 3}"#);
    let s: ImmutableOrdSet<&str> = ["b", "a"].into();
    assert_eq!(format!("{s:?}"), r#"{"a", "b"}"#);
}

proptest! {
    #[test]
    fn ord_set_algebra_matches_btreeset(
        a in proptest::collection::btree_set(0u16..64, 0..40),
        b in proptest::collection::btree_set(0u16..64, 0..40),
    ) {
        let (ia, ib): (ImmutableOrdSet<u16>, ImmutableOrdSet<u16>) = (a.clone().into(), b.clone().into());
        let same = |x: &ImmutableOrdSet<u16>, m: BTreeSet<u16>| x.iter().eq(m.iter());
        prop_assert!(same(&(&ia | &ib), a.union(&b).copied().collect()));
        prop_assert!(same(&(&ia & &ib), a.intersection(&b).copied().collect()));
        prop_assert!(same(&(&ia - &ib), a.difference(&b).copied().collect()));
        prop_assert!(same(&(&ia ^ &ib), a.symmetric_difference(&b).copied().collect()));
        prop_assert_eq!(ia.relative_complement(ib.clone()), &ia - &ib);
        prop_assert_eq!(ImmutableOrdSet::unions([ia.clone(), ib.clone()]), &ia | &ib);
        prop_assert_eq!(ia.is_subset(&ib), a.is_subset(&b));
        prop_assert_eq!(ia.is_superset(ib.clone()), a.is_superset(&b));
        prop_assert_eq!(ia.is_disjoint(&ib), a.is_disjoint(&b));
        prop_assert_eq!(ia.is_proper_subset(&ib), a.is_subset(&b) && a.len() < b.len());
        prop_assert_eq!(ia.is_proper_superset(&ib), a.is_superset(&b) && a.len() > b.len());
        prop_assert!(ia.clone().into_iter().eq(a.iter().copied()));
        prop_assert!(ia.clone().into_iter().rev().eq(a.iter().rev().copied()));
        for probe in [0u16, 31, 63, 64] {
            prop_assert_eq!(ia.get_prev(&probe), a.range(..=probe).next_back());
            prop_assert_eq!(ia.get_next(&probe), a.range(probe..).next());
        }
        let (min, rest) = ia.without_min();
        prop_assert_eq!(min.as_ref(), a.first());
        prop_assert_eq!(rest.len(), a.len().saturating_sub(1));
        let mut kept = ia.clone();
        kept.retain(|x| x % 3 == 0);
        prop_assert!(kept.iter().eq(a.iter().filter(|x| *x % 3 == 0)));
        prop_assert!(ia.iter().eq(a.iter()), "the original changed");
        // The maps: union keeps the left value.
        let ma: ImmutableOrdMap<u16, u8> = a.iter().map(|&k| (k, 1)).collect();
        let mb: ImmutableOrdMap<u16, u8> = b.iter().map(|&k| (k, 2)).collect();
        let u = ma.union(&mb);
        let left_wins = u.iter().all(|(k, v)| *v == if a.contains(k) { 1 } else { 2 });
        prop_assert!(left_wins);
        prop_assert_eq!(u.len(), a.union(&b).count());
        prop_assert_eq!(ma.symmetric_difference(&mb).len(), a.symmetric_difference(&b).count());
        prop_assert_eq!(ImmutableOrdMap::unions([ma.clone(), mb.clone()]), u);
    }
}

#[test]
fn ord_in_place_edits_and_macros() {
    use core_collections::{ordmap, ordset};
    let base: ImmutableOrdMap<u32, u32> = (0..5000).map(|i| (i, i)).collect();
    let mut m = base.clone();
    for i in (0..5000).step_by(7) {
        *m.get_mut(&i).unwrap() += 1;
    }
    assert_eq!(m.get_mut(&9999), None);
    m.check_invariants();
    assert!(base.iter().all(|(k, v)| k == v), "the base version changed");
    assert!(m.iter().all(|(k, v)| *v == k + u32::from(k % 7 == 0)));
    assert_eq!(m.get_min(), Some(&(0, 1)));
    assert_eq!(m.get_max(), Some(&(4999, 4999)));
    assert_eq!(m.remove_with_key(&4999), Some((4999, 4999)));
    assert_eq!(base.update_with(3, 4, |old, new| old + new)[&3], 7);
    assert_eq!(base.extract(&3).map(|(v, rest)| (v, rest.len())), Some((3, 4999)));
    let om = ordmap! {2 => "b", 1 => "a", 2 => "B"};
    assert_eq!(format!("{om:?}"), r#"{1: "a", 2: "B"}"#);
    let os = ordset![3, 1, 3];
    assert_eq!(os, ImmutableOrdSet::unit(1).update(3));
    let mut s = os.clone();
    assert_eq!((s.remove_min(), s.remove_max(), s.remove_max()), (Some(1), Some(3), None));
}

#[test]
fn set_update_replaces_the_element() {
    #[derive(Clone, Debug)]
    struct Tagged(u8, &'static str);
    impl PartialEq for Tagged {
        fn eq(&self, o: &Self) -> bool {
            self.0 == o.0
        }
    }
    impl Eq for Tagged {}
    impl PartialOrd for Tagged {
        fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(o))
        }
    }
    impl Ord for Tagged {
        fn cmp(&self, o: &Self) -> std::cmp::Ordering {
            self.0.cmp(&o.0)
        }
    }
    let s: ImmutableOrdSet<Tagged> = [Tagged(1, "old")].into();
    // As in imbl: `insert` replaces an equal element and returns the old one.
    let mut t = s.clone();
    assert_eq!(t.insert(Tagged(1, "new")).unwrap().1, "old");
    assert_eq!(t.first().unwrap().1, "new");
    assert_eq!(s.update(Tagged(1, "new")).first().unwrap().1, "new");
    assert_eq!(s.first().unwrap().1, "old");
}

#[test]
fn map_hash_and_order_follow_the_entries() {
    let a: ImmutableOrdMap<u8, u8> = [(1, 1), (2, 2)].into();
    let b = ImmutableOrdMap::new().update(2, 2).update(1, 1);
    let h = RandomState::new();
    assert_eq!(a, b);
    assert_eq!(h.hash_one(&a), h.hash_one(&b));
    assert!(a < a.update(3, 0));
    assert!(a.update(1, 0) < a);
    fn hash_of<T: Hash>(h: &RandomState, t: &T) -> u64 {
        h.hash_one(t)
    }
    assert_ne!(hash_of(&h, &a), hash_of(&h, &a.update(3, 3)));
}
