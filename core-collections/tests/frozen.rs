//! Differential and property tests of `core_collections::frozen` against std's `HashMap` and
//! `HashSet`, plus one test per lookup strategy that forces it with crafted keys.

use core_collections::frozen::{
    FrozenCaseInsensitiveMap, FrozenCaseInsensitiveSet, FrozenMap, FrozenSet, Strategy,
};
use proptest::prelude::*;
use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;

/// A custom key type: general strategy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Point {
    x: i16,
    y: u8,
}

/// splitmix64: deterministic data.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn string(&mut self, min: usize, max: usize) -> String {
        let len = min + (self.next() as usize) % (max - min + 1);
        (0..len).map(|_| (b'a' + (self.next() % 26) as u8) as char).collect()
    }
}

/// Checks every operation of a map built from `pairs` against a std `HashMap`, probing the
/// keys and `probes` (mostly misses).
fn check_map<K, Q>(pairs: &[(K, u32)], probes: &[K], as_q: impl Fn(&K) -> &Q)
where
    K: Hash + Eq + Clone + Debug + Borrow<Q>,
    Q: Hash + Eq + ?Sized + Debug,
{
    let mut std_map: HashMap<K, u32> = HashMap::new();
    let mut last_key: HashMap<K, K> = HashMap::new();
    for (k, v) in pairs {
        std_map.insert(k.clone(), *v);
        last_key.insert(k.clone(), k.clone());
    }
    let mut map = FrozenMap::new(pairs.iter().cloned());
    assert_eq!(map.len(), std_map.len());
    assert_eq!(map.is_empty(), std_map.is_empty());
    for k in pairs.iter().map(|(k, _)| k).chain(probes) {
        let q = as_q(k);
        let want = std_map.get(q);
        assert_eq!(map.get(q), want, "get {q:?} ({:?})", map.strategy());
        assert_eq!(map.contains_key(q), want.is_some());
        assert_eq!(map.get_key_value(q).map(|(k, _)| k), want.map(|_| &last_key[q]));
        assert_eq!(map.get_many([q, q]), [want, want]);
        if let Some(v) = want {
            assert_eq!(&map[q], v);
        }
    }
    let got: HashMap<K, u32> = map.iter().map(|(k, v)| (k.clone(), *v)).collect();
    assert_eq!(got, std_map);
    assert_eq!(map.keys().cloned().collect::<HashSet<K>>(), std_map.keys().cloned().collect());
    assert_eq!(
        map.values().fold(0u32, |a, v| a.wrapping_add(*v)),
        std_map.values().fold(0u32, |a, v| a.wrapping_add(*v))
    );
    assert_eq!(map.iter().len(), map.len());
    // Equality ignores order; a clone is equal; a map with one value changed is not.
    let reversed = FrozenMap::new(
        std_map.iter().map(|(k, v)| (k.clone(), *v)).collect::<Vec<_>>().into_iter().rev(),
    );
    assert_eq!(map, reversed);
    assert_eq!(map.clone(), map);
    assert!(!format!("{map:?}").is_empty());
    // Values through &mut.
    if let Some((k, _)) = pairs.first() {
        let q = as_q(k);
        let v = map.get_mut(q).unwrap();
        *v = v.wrapping_add(1);
        assert_eq!(map.get(q), Some(&std_map[q].wrapping_add(1)));
        assert_ne!(map, reversed);
    }
    map.values_mut().for_each(|v| *v = 7);
    map.iter_mut().for_each(|(_, v)| *v += 1);
    assert!(map.values().all(|&v| v == 8));
    // The set of the same keys.
    let set: FrozenSet<K> = pairs.iter().map(|(k, _)| k.clone()).collect();
    assert_eq!(set.len(), std_map.len());
    for k in pairs.iter().map(|(k, _)| k).chain(probes) {
        assert_eq!(set.contains(as_q(k)), std_map.contains_key(as_q(k)));
        assert_eq!(set.get(as_q(k)).is_some(), std_map.contains_key(as_q(k)));
    }
    assert_eq!(set.iter().cloned().collect::<HashSet<K>>(), std_map.keys().cloned().collect());
}

fn same<T>(t: &T) -> &T {
    t
}

/// Sizes around every boundary of the strategies.
const SIZES: [usize; 7] = [0, 1, 7, 8, 9, 100, 1000];

fn int_pairs(n: usize, rng: &mut Rng, spread: u64) -> Vec<(u64, u32)> {
    (0..n).map(|i| (rng.next() % spread.max(1), i as u32)).collect()
}

#[test]
fn integer_types_at_every_size() {
    let mut rng = Rng(1);
    for n in SIZES {
        for spread in [n as u64 + 1, 3 * n as u64 + 1, u64::MAX] {
            let pairs = int_pairs(n, &mut rng, spread);
            let probes: Vec<u64> = (0..200).map(|_| rng.next() % spread.max(2)).collect();
            check_map(&pairs, &probes, same);
            let p32: Vec<(u32, u32)> = pairs.iter().map(|&(k, v)| (k as u32, v)).collect();
            check_map(&p32, &probes.iter().map(|&k| k as u32).collect::<Vec<_>>(), same);
            let pi: Vec<(i32, u32)> = pairs.iter().map(|&(k, v)| (k as i32 - 500, v)).collect();
            check_map(&pi, &probes.iter().map(|&k| k as i32 - 500).collect::<Vec<_>>(), same);
            let p16: Vec<(u16, u32)> = pairs.iter().map(|&(k, v)| (k as u16, v)).collect();
            check_map(&p16, &probes.iter().map(|&k| k as u16).collect::<Vec<_>>(), same);
            let p8: Vec<(u8, u32)> = pairs.iter().map(|&(k, v)| (k as u8, v)).collect();
            check_map(&p8, &probes.iter().map(|&k| k as u8).collect::<Vec<_>>(), same);
        }
    }
}

/// Keys and misses of the same lengths (one byte changed).
fn string_keys(n: usize, rng: &mut Rng, min: usize, max: usize) -> (Vec<String>, Vec<String>) {
    let keys: Vec<String> = (0..n).map(|_| rng.string(min, max)).collect();
    let misses = keys
        .iter()
        .map(|k| {
            let mut b = k.clone().into_bytes();
            let at = (rng.next() as usize) % b.len().max(1);
            if let Some(c) = b.get_mut(at) {
                *c = b'A' + (*c - b'a');
            }
            String::from_utf8(b).unwrap()
        })
        .collect();
    (keys, misses)
}

#[test]
fn string_types_at_every_size() {
    let mut rng = Rng(2);
    for n in SIZES {
        for (min, max) in [(0, 3), (8, 32), (5, 5), (1, 60)] {
            let (keys, misses) = string_keys(n, &mut rng, min, max);
            let pairs: Vec<(String, u32)> = keys.iter().cloned().zip(0..).collect();
            check_map(&pairs, &misses, |k: &String| k.as_str());
            check_map(&pairs, &misses, same);
            let strs: Vec<(&str, u32)> = keys.iter().map(|k| k.as_str()).zip(0..).collect();
            let probes: Vec<&str> = misses.iter().map(|k| k.as_str()).collect();
            check_map(&strs, &probes, |k: &&str| *k);
            let boxed: Vec<(Box<str>, u32)> =
                keys.iter().map(|k| k.as_str().into()).zip(0..).collect();
            let probes: Vec<Box<str>> = misses.iter().map(|k| k.as_str().into()).collect();
            #[allow(clippy::borrowed_box)]
            check_map(&boxed, &probes, |k: &Box<str>| &**k);
        }
    }
}

#[test]
fn tuple_and_custom_keys_at_every_size() {
    let mut rng = Rng(3);
    for n in SIZES {
        let pairs: Vec<((u8, String), u32)> =
            (0..n).map(|i| (((rng.next() % 7) as u8, rng.string(0, 2)), i as u32)).collect();
        let probes: Vec<(u8, String)> =
            (0..50).map(|_| ((rng.next() % 9) as u8, rng.string(0, 2))).collect();
        check_map(&pairs, &probes, same);
        let points: Vec<(Point, u32)> = (0..n)
            .map(|i| (Point { x: (rng.next() % 300) as i16 - 150, y: rng.next() as u8 }, i as u32))
            .collect();
        let probes: Vec<Point> = (0..50).map(|_| Point { x: rng.next() as i16, y: 0 }).collect();
        check_map(&points, &probes, same);
    }
}

#[test]
fn one_hundred_thousand_keys() {
    let mut rng = Rng(4);
    let pairs = int_pairs(100_000, &mut rng, u64::MAX);
    let probes: Vec<u64> = (0..1000).map(|_| rng.next()).collect();
    check_map(&pairs, &probes, same);
    let (keys, misses) = string_keys(100_000, &mut rng, 8, 32);
    let pairs: Vec<(String, u32)> = keys.into_iter().zip(0..).collect();
    check_map(&pairs, &misses[..1000], |k: &String| k.as_str());
}

fn strategy_of<K: Hash + Eq>(keys: impl IntoIterator<Item = K>) -> Strategy {
    let map = FrozenMap::new(keys.into_iter().map(|k| (k, ())));
    // Every key is found, and the strategy is what we pin.
    map.strategy()
}

#[test]
fn each_strategy_is_forced_by_its_keys() {
    assert_eq!(strategy_of::<u32>([]), Strategy::SmallScan);
    assert_eq!(strategy_of([5u64, 1 << 40, 3]), Strategy::SmallIntScan);
    assert_eq!(strategy_of([-1i8, 1, 2, 3, 4, 5, 6, i8::MIN]), Strategy::SmallIntScan);
    assert_eq!(strategy_of(0..9u16), Strategy::DenseInts);
    assert_eq!(strategy_of((0..1000i64).map(|i| i * 3 - 1500)), Strategy::DenseInts);
    assert_eq!(strategy_of((0..1000u64).map(|i| i << 20)), Strategy::SparseInts);
    assert_eq!(strategy_of([0u64, u64::MAX, 1, 2, 3, 4, 5, 6, 7]), Strategy::SparseInts);
    assert_eq!(strategy_of(["a", "b", "c"]), Strategy::SmallScan);
    // Two keys per length, 1 to 20 bytes.
    let buckets: Vec<String> = (1..=20).flat_map(|n| ["x".repeat(n), "y".repeat(n)]).collect();
    assert_eq!(strategy_of(buckets.clone()), Strategy::LengthBuckets);
    // Unique within their first four bytes: keys of 8 bytes or more take the first 8-byte
    // window that is unique enough (a lookup reads and hashes a whole window anyway).
    let numbered: Vec<String> = (0..1000).map(|i| format!("{i:04}-and-some-tail")).collect();
    assert_eq!(strategy_of(numbered), Strategy::Substring { from_end: false, offset: 0, len: 8 });
    // Shorter keys take the shortest unique enough slice.
    let short: Vec<String> = (0..1000).map(|i| format!("{i:03}ab")).collect();
    assert_eq!(strategy_of(short), Strategy::Substring { from_end: false, offset: 0, len: 3 });
    // A long shared prefix, a unique end.
    let paths: Vec<String> =
        (0..1000).map(|i| format!("/api/v1/{}/item{i:03}", "x".repeat(i % 5))).collect();
    match strategy_of(paths.iter().map(String::as_str)) {
        Strategy::Substring { from_end: true, .. } => {}
        s => panic!("{s:?}"),
    }
    // Unique only in the middle, beyond what the shortest keys allow.
    let mut middle: Vec<String> = (0..1000).map(|i| format!("zz{i}zz")).collect();
    middle.push("ab".into());
    assert_eq!(strategy_of(middle), Strategy::StringHash);
    assert_eq!(strategy_of((0..100u8).map(|i| (i, i))), Strategy::GeneralHash);
    assert_eq!(strategy_of((0..100).map(|x| Point { x, y: 0 })), Strategy::GeneralHash);
    assert_eq!(strategy_of((0..100u128).map(|x| x << 70)), Strategy::GeneralHash);
}

#[test]
fn forced_strategies_agree_with_std() {
    let buckets: Vec<(String, u32)> =
        (1..=20).flat_map(|n| ["x".repeat(n), "y".repeat(n)]).zip(0..).collect();
    let probes: Vec<String> = (0..=22).flat_map(|n| ["x".repeat(n), "z".repeat(n)]).collect();
    check_map(&buckets, &probes, |k: &String| k.as_str());
    let mut middle: Vec<(String, u32)> = (0..1000).map(|i| (format!("zz{i}zz"), i)).collect();
    middle.push(("ab".into(), 5000));
    let probes: Vec<String> =
        (0..1000).map(|i| format!("zz{i}zy")).chain(["a".into(), "ab".into()]).collect();
    check_map(&middle, &probes, |k: &String| k.as_str());
    let paths: Vec<(String, u32)> = (0..1000)
        .map(|i| (format!("/api/v1/{}/item{i:03}", "x".repeat(i % 5)), i as u32))
        .collect();
    let probes: Vec<String> =
        (0..1000).map(|i| format!("/api/v2/{}/item{i:03}", "x".repeat(i % 5))).collect();
    check_map(&paths, &probes, |k: &String| k.as_str());
}

#[test]
fn duplicates_last_wins() {
    let map = FrozenMap::new([(1u32, "a"), (2, "b"), (1, "c"), (2, "d"), (3, "e"), (1, "f")]);
    assert_eq!(map.len(), 3);
    assert_eq!(map.get(&1), Some(&"f"));
    assert_eq!(map.get(&2), Some(&"d"));
    let many: Vec<(String, usize)> = (0..3000).map(|i| (format!("k{}", i % 1000), i)).collect();
    let map: FrozenMap<String, usize> = many.into_iter().collect();
    assert_eq!(map.len(), 1000);
    assert!((0..1000).all(|i| map[format!("k{i}").as_str()] == 2000 + i));
}

#[test]
fn repeated_string_keys_keep_the_first_place_and_the_last_value_under_every_strategy() {
    // The string index finds repeated keys while it builds (they meet in its table, bucket or
    // scan) and then builds again without them: the result must be as if they were removed
    // first.
    type Expected = fn(Strategy) -> bool;
    let sets: Vec<(Vec<String>, Expected)> = vec![
        ((0..6).map(|i| format!("k{i}")).collect(), |s| s == Strategy::SmallScan),
        ((1..=20).flat_map(|n| ["x".repeat(n), "y".repeat(n)]).collect(), |s| {
            s == Strategy::LengthBuckets
        }),
        ((0..1000).map(|i| format!("{i:04}-and-some-tail")).collect(), |s| {
            matches!(s, Strategy::Substring { .. })
        }),
        ((0..1000).map(|i| format!("zz{i}zz")).chain(["ab".to_string()]).collect(), |s| {
            s == Strategy::StringHash
        }),
        ((0..300).map(|i| format!("{}-{i}", "long".repeat(10 + i % 3))).collect(), |_| true),
    ];
    for (keys, strategy) in sets {
        let n = keys.len();
        let mut pairs: Vec<(String, usize)> = keys.iter().cloned().zip(0..).collect();
        let distinct = FrozenMap::new(pairs.clone());
        assert!(strategy(distinct.strategy()), "{:?}", distinct.strategy());
        // Repeat a few keys (one of them twice) further on, with new values.
        for (j, &i) in [0, n / 2, n - 1, n / 2].iter().enumerate() {
            pairs.insert(n / 3 + 2 * j, (keys[i].clone(), 10_000 + j));
        }
        let map = FrozenMap::new(pairs.clone());
        let mut want: Vec<(String, usize)> = Vec::new();
        for (k, v) in &pairs {
            match want.iter_mut().find(|(w, _)| w == k) {
                Some(entry) => entry.1 = *v,
                None => want.push((k.clone(), *v)),
            }
        }
        let got: Vec<(String, usize)> = map.iter().map(|(k, v)| (k.clone(), *v)).collect();
        assert_eq!(got, want);
        assert!(want.iter().all(|(k, v)| map.get(k.as_str()) == Some(v)));
        assert_eq!(map.get("absent"), None);
        // The same keys in other cases, ignoring case.
        let caseless: Vec<(String, usize)> = pairs
            .iter()
            .enumerate()
            .map(|(i, (k, v))| (if i % 2 == 0 { k.to_ascii_uppercase() } else { k.clone() }, *v))
            .collect();
        let map = FrozenCaseInsensitiveMap::new(caseless.iter().map(|(k, v)| (k.as_str(), *v)));
        assert_eq!(map.len(), want.len());
        assert!(want.iter().all(|(k, v)| map.get(&k.to_ascii_uppercase()) == Some(v)));
    }
}

#[test]
fn integer_keys_keep_their_order_mapping() {
    // Negative and positive keys are one dense range.
    let map = FrozenMap::new((-50i32..50).map(|k| (k, k * 2)));
    assert_eq!(map.strategy(), Strategy::DenseInts);
    assert!((-50..50).all(|k| map[&k] == k * 2));
    assert_eq!(map.get(&50), None);
    let chars = FrozenSet::new('a'..='z');
    assert_eq!(chars.strategy(), Strategy::DenseInts);
    assert!(chars.contains(&'q') && !chars.contains(&'A'));
    let extremes = [i64::MIN, -1, 0, 1, i64::MAX];
    let map = FrozenMap::new(extremes.iter().map(|&k| (k, k)));
    assert!(extremes.iter().all(|k| map[k] == *k));
    let map = FrozenMap::new((0..100).map(|i| (i64::MIN + i, i)));
    assert_eq!(map.strategy(), Strategy::DenseInts);
    assert_eq!(map.get(&(i64::MAX)), None);
    assert_eq!(map[&(i64::MIN + 99)], 99);
}

/// Flips the case of some ASCII letters.
fn scramble_case(s: &str, rng: &mut Rng) -> String {
    s.chars()
        .map(|c| if rng.next() & 1 == 0 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() })
        .collect()
}

fn check_caseless(pairs: &[(String, u32)], probes: &[String]) {
    let mut rng = Rng(5);
    let mut std_map: HashMap<String, (String, u32)> = HashMap::new();
    for (k, v) in pairs {
        std_map.insert(k.to_ascii_lowercase(), (k.clone(), *v));
    }
    let mut map = FrozenCaseInsensitiveMap::new(pairs.iter().cloned());
    assert_eq!(map.len(), std_map.len());
    for k in pairs.iter().map(|(k, _)| k).chain(probes) {
        let q = scramble_case(k, &mut rng);
        let want = std_map.get(&k.to_ascii_lowercase());
        assert_eq!(map.get(&q), want.map(|w| &w.1), "{q} ({:?})", map.strategy());
        assert_eq!(map.get_key_value(&q), want.map(|(k, v)| (k, v)));
        assert_eq!(map.contains_key(&q), want.is_some());
    }
    let set: FrozenCaseInsensitiveSet<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(set.len(), std_map.len());
    assert!(pairs.iter().all(|(k, _)| set.contains(&k.to_ascii_uppercase())));
    assert_eq!(map.clone(), map);
    map.values_mut().for_each(|v| *v = 0);
    assert!(map.iter().all(|(_, v)| *v == 0));
}

#[test]
fn case_insensitive_maps() {
    let mut rng = Rng(6);
    for n in SIZES {
        for (min, max) in [(1, 3), (8, 32), (6, 6)] {
            let (keys, misses) = string_keys(n, &mut rng, min, max);
            // Mixed case, and some keys again in another case (equal ignoring case).
            let mut pairs: Vec<(String, u32)> =
                keys.iter().map(|k| scramble_case(k, &mut rng)).zip(0..).collect();
            let again: Vec<(String, u32)> =
                keys.iter().step_by(3).map(|k| k.to_ascii_uppercase()).zip(10_000..).collect();
            pairs.extend(again);
            check_caseless(&pairs, &misses);
        }
    }
    let map = FrozenCaseInsensitiveMap::new([("Accept", 1), ("ACCEPT", 2), ("accept-encoding", 3)]);
    assert_eq!(map.len(), 2);
    assert_eq!(map.get_key_value("aCCept"), Some((&"ACCEPT", &2)));
    assert_eq!(map.get("É"), None);
    // Slices must be chosen on folded keys: these differ only by the case of their first byte.
    let keys: Vec<String> =
        (0..500).flat_map(|i| [format!("a{i:03}tail"), format!("A{i:03}tail")]).collect();
    let map = FrozenCaseInsensitiveMap::new(keys.iter().map(|k| (k.as_str(), ())));
    assert_eq!(map.len(), 500);
    assert_ne!(map.strategy(), Strategy::Substring { from_end: false, offset: 0, len: 1 });
    let paths: Vec<(String, u32)> = (0..300).map(|i| (format!("/Api/V1/Item{i:03}"), i)).collect();
    check_caseless(&paths, &[]);
    assert!(matches!(FrozenCaseInsensitiveMap::new(paths).strategy(), Strategy::Substring { .. }));
    let buckets: Vec<(String, u32)> =
        (1..=20).flat_map(|n| ["X".repeat(n), "y".repeat(n)]).zip(0..).collect();
    check_caseless(&buckets, &["x".repeat(21), "Y".repeat(3)]);
    assert_eq!(FrozenCaseInsensitiveMap::new(buckets).strategy(), Strategy::LengthBuckets);
    let mut middle: Vec<(String, u32)> = (0..500).map(|i| (format!("Zz{i}zZ"), i)).collect();
    middle.push(("ab".into(), 1));
    check_caseless(&middle, &["zz1zy".into()]);
    assert_eq!(FrozenCaseInsensitiveMap::new(middle).strategy(), Strategy::StringHash);
}

#[test]
fn debug_and_defaults() {
    let map = FrozenMap::new([(1u8, 'x')]);
    assert_eq!(format!("{map:?}"), "{1: 'x'}");
    let set = FrozenSet::new(["a"]);
    assert_eq!(format!("{set:?}"), "{\"a\"}");
    assert!(FrozenMap::<String, u8>::default().is_empty());
    assert_eq!(FrozenSet::<u8>::default(), FrozenSet::new([]));
    let owned: Vec<(u8, char)> = map.into_iter().collect();
    assert_eq!(owned, [(1, 'x')]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn prop_u8(pairs in prop::collection::vec((any::<u8>(), any::<u32>()), 0..40), probes in prop::collection::vec(any::<u8>(), 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_u16(pairs in prop::collection::vec((any::<u16>(), any::<u32>()), 0..300), probes in prop::collection::vec(any::<u16>(), 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_u32_clustered(pairs in prop::collection::vec((0u32..2000, any::<u32>()), 0..600), probes in prop::collection::vec(0u32..2100, 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_u64(pairs in prop::collection::vec((any::<u64>(), any::<u32>()), 0..300), probes in prop::collection::vec(any::<u64>(), 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_i32(pairs in prop::collection::vec((-500i32..500, any::<u32>()), 0..40), probes in prop::collection::vec(any::<i32>(), 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_string(pairs in prop::collection::vec(("[a-c/]{0,12}", any::<u32>()), 0..200), probes in prop::collection::vec("[a-c/]{0,12}", 0..40)) {
        check_map(&pairs, &probes, |k: &String| k.as_str());
    }

    #[test]
    fn prop_str(pairs in prop::collection::vec(("[a-z]{1,20}", any::<u32>()), 0..200), probes in prop::collection::vec("[a-z]{1,20}", 0..40)) {
        let pairs: Vec<(&str, u32)> = pairs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let probes: Vec<&str> = probes.iter().map(String::as_str).collect();
        check_map(&pairs, &probes, |k: &&str| *k);
    }

    #[test]
    fn prop_tuple(pairs in prop::collection::vec(((any::<u8>(), "[ab]{0,3}"), any::<u32>()), 0..100), probes in prop::collection::vec((any::<u8>(), "[ab]{0,3}"), 0..20)) {
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_custom(pairs in prop::collection::vec(((any::<i16>(), 0u8..3), any::<u32>()), 0..100), probes in prop::collection::vec((any::<i16>(), 0u8..3), 0..20)) {
        let pairs: Vec<(Point, u32)> = pairs.into_iter().map(|((x, y), v)| (Point { x, y }, v)).collect();
        let probes: Vec<Point> = probes.into_iter().map(|(x, y)| Point { x, y }).collect();
        check_map(&pairs, &probes, same);
    }

    #[test]
    fn prop_caseless(pairs in prop::collection::vec(("[a-dA-D-]{0,10}", any::<u32>()), 0..200), probes in prop::collection::vec("[a-eA-E-]{0,10}", 0..40)) {
        check_caseless(&pairs, &probes);
    }
}

/// A key whose `Hash` writes only its id while equality also compares the label: legal, and
/// the integer it writes is shared by different keys.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Tagged {
    id: u32,
    label: &'static str,
}

impl Hash for Tagged {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Level {
    Low,
    Mid,
    High,
}

#[test]
fn any_hash_eq_key_works_without_a_marker() {
    // Field-less enums write one integer: an integer strategy.
    let levels = FrozenMap::new([(Level::Low, 1), (Level::Mid, 2), (Level::High, 3)]);
    assert_eq!(levels.strategy(), Strategy::SmallIntScan);
    assert_eq!(levels[&Level::Mid], 2);
    // Keys sharing an integer: every strategy size, each key found, lookalikes not.
    for n in [4u32, 20, 40, 300] {
        let keys: Vec<Tagged> = (0..n)
            .flat_map(|i| {
                [Tagged { id: i % 7, label: "a" }, Tagged { id: i % 7 + 1000 * i, label: "b" }]
            })
            .collect();
        let map: FrozenMap<Tagged, usize> = keys.iter().cloned().zip(0..).collect();
        let oracle: HashMap<Tagged, usize> = keys.iter().cloned().zip(0..).collect();
        assert_eq!(map.len(), oracle.len());
        for (k, v) in &oracle {
            assert_eq!(map.get(k), Some(v), "{k:?}");
        }
        for id in 0..2000 {
            let q = Tagged { id, label: "zz" };
            assert_eq!(map.get(&q), None);
        }
    }
    // Options write a discriminant and, for `Some`, a value: `None` alone is one integer.
    let opts = FrozenSet::new((0..40).map(Some).chain([None]));
    assert!(opts.contains(&None) && opts.contains(&Some(39)) && !opts.contains(&Some(40)));
    let just_none = FrozenSet::new([None, None]);
    assert!(just_none.contains(&None) && !just_none.contains(&Some(0u8)));
    // Byte vectors write a length, then bytes: hashed whole.
    let blobs = FrozenSet::new((0..50u8).map(|i| vec![i; i as usize]));
    assert_eq!(blobs.strategy(), Strategy::GeneralHash);
    assert!(blobs.contains(&vec![7; 7]) && blobs.contains(&[9u8; 9][..]));
}

#[test]
fn string_keys_borrow_like_std() {
    let owned: FrozenMap<String, u32> = (0..100).map(|i| (format!("key{i}"), i)).collect();
    assert_eq!(owned.get("key42"), Some(&42));
    assert_eq!(owned.get(&"key43".to_string()), Some(&43));
    assert!(!owned.contains_key("key100"));
    let borrowed: FrozenMap<&str, u32> = [("a", 1), ("bb", 2)].into_iter().collect();
    let query = String::from("bb");
    assert_eq!(borrowed.get(query.as_str()), Some(&2));
    let boxed: FrozenSet<Box<str>> = ["x".into(), "yy".into()].into_iter().collect();
    assert!(boxed.contains("yy"));
}

fn sorted_refs<'a, T: Ord + 'a>(it: impl Iterator<Item = &'a T>) -> Vec<&'a T> {
    let mut v: Vec<&T> = it.collect();
    v.sort();
    v
}

proptest! {
    #[test]
    fn set_algebra_agrees_with_std(a in prop::collection::vec(0u16..300, 0..60),
                                   b in prop::collection::vec(0u16..300, 0..60)) {
        let (fa, fb) = (FrozenSet::new(a.iter().copied()), FrozenSet::new(b.iter().copied()));
        let (sa, sb): (HashSet<u16>, HashSet<u16>) =
            (a.iter().copied().collect(), b.iter().copied().collect());
        prop_assert_eq!(sorted_refs(fa.intersection(&fb)), sorted_refs(sa.intersection(&sb)));
        prop_assert_eq!(sorted_refs(fa.union(&fb)), sorted_refs(sa.union(&sb)));
        prop_assert_eq!(sorted_refs(fa.difference(&fb)), sorted_refs(sa.difference(&sb)));
        prop_assert_eq!(
            sorted_refs(fa.symmetric_difference(&fb)),
            sorted_refs(sa.symmetric_difference(&sb))
        );
        // Against std's sets directly, and the operators.
        prop_assert_eq!(sorted_refs(fa.intersection(&sb)), sorted_refs(sa.intersection(&sb)));
        prop_assert_eq!(fa.is_subset(&fb), sa.is_subset(&sb));
        prop_assert_eq!(fa.is_superset(&sb), sa.is_superset(&sb));
        prop_assert_eq!(fa.is_disjoint(&fb), sa.is_disjoint(&sb));
        prop_assert_eq!(fa.is_disjoint(&sb), sa.is_disjoint(&sb));
        prop_assert!(&fa & &fb == &sa & &sb);
        prop_assert!(&fa | &sb == &sa | &sb);
        prop_assert!(&fa - &fb == &sa - &sb);
        prop_assert!(&fa ^ &fb == &sa ^ &sb);
        let ordered: std::collections::BTreeSet<u16> = b.iter().copied().collect();
        prop_assert_eq!(fa.is_subset(&ordered), sa.is_subset(&sb));
        prop_assert!(fa.is_subset(&(&fa | &fb)) && (&fa | &fb).is_superset(&fa));
    }
}

#[test]
fn set_algebra_on_strings_and_conversions() {
    let a: FrozenSet<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
    let b: FrozenSet<String> = ["y", "w"].iter().map(|s| s.to_string()).collect();
    let both: Vec<&String> = a.intersection(&b).collect();
    assert_eq!(both, [&"y".to_string()]);
    assert_eq!((&a ^ &b).len(), 3);
    assert!(format!("{:?}", a.intersection(&b)).contains("\"y\""));
    let mut owned: Vec<String> = (&a - &b).into_iter().collect();
    owned.sort();
    assert_eq!(owned, ["x", "z"]);
    let empty = FrozenSet::<String>::default();
    assert!(empty.is_subset(&a) && empty.is_disjoint(&a) && !a.is_subset(&empty));
    let map = core_collections::frozen_map! { 1u8 => 'a', 2 => 'b', 1 => 'c' };
    assert_eq!((map.len(), map[&1]), (2, 'c'));
    let set = core_collections::frozen_set![3u8, 1, 3];
    assert_eq!(set.len(), 2);
}

#[test]
fn get_disjoint_mut_and_by_value_iterators() {
    let mut map: FrozenMap<String, u32> = (0..20).map(|i| (format!("k{i}"), i)).collect();
    let [a, b, c] = map.get_disjoint_mut(["k1", "k2", "zz"]);
    assert_eq!((a.copied(), b.copied(), c), (Some(1), Some(2), None));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = map.get_disjoint_mut(["k3", "k3"]);
    }));
    assert!(caught.is_err(), "repeated keys panic, as std's do");
    let total: u32 = map.clone().into_values().sum();
    assert_eq!(total, (0..20).sum::<u32>());
    assert_eq!(map.into_keys().filter(|k| k.len() == 3).count(), 10);
}
