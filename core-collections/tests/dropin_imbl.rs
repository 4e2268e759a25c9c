//! Drop-in proof against imbl 6: one program, written against imbl's documented `HashMap`,
//! `HashSet`, `OrdMap` and `OrdSet` API, compiled twice — once with imbl's types and macros
//! imported, once with ours under imbl's names — and the two runs must print the same lines.
//! Only the `use` lines of the two modules below differ.
//!
//! Hash collections iterate in an order that depends on the hasher (imbl's `RandomState`,
//! our seeded `FastState`), so every line printed from a hash collection's iteration is
//! sorted first; ordered collections print in their own order.

/// The program: a small shop's order book, as an imbl user would write it.
macro_rules! program {
    () => {
        /// Sorted `Debug` text of a hash collection's items (iteration order is the hasher's).
        fn sorted<T: std::fmt::Debug + Ord>(items: impl IntoIterator<Item = T>) -> String {
            let mut v: Vec<T> = items.into_iter().collect();
            v.sort();
            format!("{v:?}")
        }

        pub fn run() -> Vec<String> {
            let mut out = Vec::new();

            // Stock per product: construction by macro, in-place insert/remove returning the
            // old value, persistent update/without keeping old versions.
            let mut stock: HashMap<String, u32> = hashmap! {
                "apple".to_string() => 10,
                "pear".to_string() => 4,
            };
            let opening = stock.clone();
            out.push(format!("insert new: {:?}", stock.insert("fig".to_string(), 7)));
            out.push(format!("insert old: {:?}", stock.insert("pear".to_string(), 5)));
            out.push(format!("remove: {:?}", stock.remove("apple")));
            out.push(format!("remove again: {:?}", stock.remove("apple")));
            out.push(format!("opening unchanged: {}", sorted(opening.iter())));
            out.push(format!("now: {}", sorted(stock.iter())));
            let restocked = stock.update("apple".to_string(), 20);
            let no_figs = restocked.without("fig");
            out.push(format!("versions: {} {} {}", stock.len(), restocked.len(), no_figs.len()));
            out.push(format!("index: {} {}", restocked["apple"], restocked["pear"]));
            out.push(format!(
                "contains: {} {}",
                no_figs.contains_key("fig"),
                stock.contains_key("fig")
            ));
            out.push(format!("get missing: {:?}", stock.get("kiwi")));

            // alter / update_with: new versions, the old one kept.
            let sold = restocked.alter(|n| n.map(|n| n - 1), "apple".to_string());
            let gone = sold.alter(|_| None, "pear".to_string());
            let added = gone.alter(|n| Some(n.unwrap_or(0) + 3), "kiwi".to_string());
            out.push(format!("alter: {} {} {}", sold["apple"], gone.len(), sorted(added.iter())));
            let merged = added.update_with("kiwi".to_string(), 10, |old, new| old + new);
            out.push(format!("update_with: {} (was {})", merged["kiwi"], added["kiwi"]));

            // The entry API and get_mut, in place.
            let mut tally: HashMap<char, usize> = HashMap::new();
            for c in "mississippi".chars() {
                *tally.entry(c).or_insert(0) += 1;
            }
            if let Some(n) = tally.get_mut(&'m') {
                *n += 100;
            }
            out.push(format!("tally: {}", sorted(tally.iter())));
            out.push(format!("tally total: {}", tally.values().sum::<usize>()));

            // Construction from std types, by value iteration, FromIterator, Extend.
            let prices: HashMap<&str, u32> =
                HashMap::from(vec![("apple", 3), ("pear", 4), ("fig", 9)]);
            let cheap: HashMap<&str, u32> =
                prices.clone().into_iter().filter(|(_, p)| *p < 5).collect();
            out.push(format!("cheap: {}", sorted(cheap.into_iter())));
            let mut more = prices.clone();
            more.extend(vec![("kiwi", 2u32), ("apple", 1)]);
            out.push(format!("extended: {}", sorted(more.iter())));
            out.push(format!("unit: {:?}", HashMap::unit(1, "one").get(&1)));

            // Map algebra: union keeps the left value; intersection; complements.
            let a: HashMap<i32, &str> = hashmap! {1 => "a", 2 => "a", 3 => "a"};
            let b: HashMap<i32, &str> = hashmap! {3 => "b", 4 => "b"};
            out.push(format!("union: {}", sorted(a.clone().union(b.clone()).into_iter())));
            out.push(format!("intersection: {}", sorted(a.clone().intersection(b.clone()))));
            out.push(format!("complement: {}", sorted(a.clone().relative_complement(b.clone()))));
            out.push(format!("symmetric: {}", sorted(a.clone().symmetric_difference(b.clone()))));
            let c: HashMap<i32, &str> = hashmap! {9 => "c"};
            let all = HashMap::unions(vec![a.clone(), b.clone(), c]);
            out.push(format!("unions: {}", sorted(all.iter())));
            out.push(format!("map eq: {} {}", a == a.clone(), a == b));

            // Customers' tags: hash sets.
            let mut tags: HashSet<&str> = hashset!["new", "vip"];
            out.push(format!("set insert: {:?} {:?}", tags.insert("eu"), tags.insert("vip")));
            out.push(format!("set remove: {:?} {:?}", tags.remove("new"), tags.remove("new")));
            let with_us = tags.update("us");
            let without_eu = with_us.without("eu");
            out.push(format!(
                "set versions: {} {} {}",
                tags.len(),
                with_us.len(),
                without_eu.len()
            ));
            let other: HashSet<&str> = vec!["vip", "us", "beta"].into_iter().collect();
            out.push(format!("set union: {}", sorted(with_us.clone().union(other.clone()))));
            out.push(format!("set inter: {}", sorted(with_us.clone().intersection(other.clone()))));
            out.push(format!(
                "set diff: {}",
                sorted(with_us.clone().relative_complement(other.clone()))
            ));
            out.push(format!(
                "set sym: {}",
                sorted(with_us.clone().symmetric_difference(other.clone()))
            ));
            out.push(format!(
                "subset: {} {}",
                without_eu.is_subset(&with_us),
                with_us.is_subset(&without_eu)
            ));
            let mut evens: HashSet<u32> = (0..20u32).collect();
            evens.retain(|x| x % 2 == 0);
            out.push(format!("retain: {} {}", evens.len(), sorted(evens.iter())));
            out.push(format!("set unit: {}", sorted(HashSet::unit(5).into_iter())));
            out.push(format!("set from: {}", HashSet::from(vec![1, 1, 2]).len()));

            // Orders by id: an ordered map, with ranges and min/max.
            let mut orders: OrdMap<u32, &str> = ordmap! {105 => "fig", 101 => "apple"};
            out.push(format!("ord insert: {:?}", orders.insert(103, "pear")));
            out.push(format!("ord insert old: {:?}", orders.insert(101, "kiwi")));
            out.push(format!("ord debug: {:?}", orders));
            out.push(format!("min max: {:?} {:?}", orders.get_min(), orders.get_max()));
            out.push(format!("range: {:?}", orders.range(102..).collect::<Vec<_>>()));
            out.push(format!("range back: {:?}", orders.range(..=103).next_back()));
            out.push(format!("prev next: {:?} {:?}", orders.get_prev(&104), orders.get_next(&104)));
            let snapshot = orders.clone();
            out.push(format!("ord remove: {:?}", orders.remove(&105)));
            out.push(format!("ord snapshot: {:?} now {:?}", snapshot, orders));
            let later = orders.update(110, "plum").without(&101);
            out.push(format!("ord versions: {:?} {:?}", orders.keys().collect::<Vec<_>>(), later));
            let bumped = later.alter(|v| v.map(|_| "PLUM"), 110);
            out.push(format!("ord alter: {:?}", bumped.get(&110)));
            let (first, rest) = bumped.without_min();
            out.push(format!("without_min: {:?} {:?}", first, rest));
            let mut names: OrdMap<&str, u32> = OrdMap::new();
            for w in "to be or not to be".split(' ') {
                *names.entry(w).or_default() += 1;
            }
            out.push(format!("word counts: {:?}", names));
            let owned: Vec<(&str, u32)> = names.clone().into_iter().collect();
            out.push(format!("owned: {:?}", owned));
            let x: OrdMap<i32, i32> = OrdMap::from(vec![(1, 1), (2, 2)]);
            let y: OrdMap<i32, i32> = (2..4).map(|i| (i, i * 10)).collect();
            out.push(format!(
                "ord algebra: {:?} {:?} {:?} {:?}",
                x.clone().union(y.clone()),
                x.clone().intersection(y.clone()),
                x.clone().relative_complement(y.clone()),
                x.clone().symmetric_difference(y.clone())
            ));
            out.push(format!("ord unions: {:?}", OrdMap::unions(vec![x.clone(), y.clone()])));
            out.push(format!("ord unit eq: {}", OrdMap::unit(1, 1) == ordmap! {1 => 1}));
            out.push(format!("ord cmp: {}", x < y));

            // Delivery days: an ordered set.
            let mut days: OrdSet<u32> = ordset![5, 1, 3];
            out.push(format!("ordset insert: {:?} {:?}", days.insert(2), days.insert(3)));
            out.push(format!("ordset remove: {:?} {:?}", days.remove(&1), days.remove(&1)));
            out.push(format!(
                "ordset: {:?} min {:?} max {:?}",
                days,
                days.get_min(),
                days.get_max()
            ));
            let more_days = days.update(9).without(&2);
            out.push(format!("ordset versions: {:?} {:?}", days, more_days));
            out.push(format!("ordset range: {:?}", more_days.range(3..9).collect::<Vec<_>>()));
            let weekend: OrdSet<u32> = OrdSet::from(vec![6, 7, 5]);
            out.push(format!(
                "ordset algebra: {:?} {:?} {:?} {:?}",
                days.clone().union(weekend.clone()),
                days.clone().intersection(weekend.clone()),
                days.clone().relative_complement(weekend.clone()),
                days.clone().symmetric_difference(weekend.clone())
            ));
            out.push(format!(
                "ordset subset: {} {}",
                ordset![5].is_subset(&weekend),
                weekend.is_subset(&days)
            ));
            out.push(format!("ordset remove_min: {:?}", days.remove_min()));
            let owned_days: Vec<u32> = more_days.into_iter().collect();
            out.push(format!("ordset owned: {:?}", owned_days));
            out.push(format!("ordset unions: {:?}", OrdSet::unions(vec![days, weekend])));
            out
        }
    };
}

mod with_imbl {
    use imbl::{hashmap, hashset, ordmap, ordset, HashMap, HashSet, OrdMap, OrdSet};
    program!();
}

mod with_ours {
    use core_collections::immutable::{
        ImmutableHashMap as HashMap, ImmutableHashSet as HashSet, ImmutableOrdMap as OrdMap,
        ImmutableOrdSet as OrdSet,
    };
    use core_collections::{hashmap, hashset, ordmap, ordset};
    program!();
}

#[test]
fn same_output_as_imbl() {
    let theirs = with_imbl::run();
    let ours = with_ours::run();
    assert_eq!(theirs.len(), 62, "every line of the program ran");
    assert_eq!(theirs.len(), ours.len());
    for (t, o) in theirs.iter().zip(&ours) {
        assert_eq!(t, o);
    }
    // Spot checks, so that a program printing nothing useful on both sides cannot pass.
    assert_eq!(ours[0], "insert new: None");
    assert_eq!(ours[1], "insert old: Some(4)");
    assert!(ours.contains(&"ord debug: {101: \"kiwi\", 103: \"pear\", 105: \"fig\"}".to_string()));
}
