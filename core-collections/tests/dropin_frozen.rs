//! Drop-in proof: two realistic programs, one written against frozen-collections' documented
//! run-time API (`FzHashMap`, `FzHashSet`, the `SetOps` algebra and operators, the
//! `fz_string_map!`/`fz_hash_set!` short forms, serde), one against std's
//! `HashMap`/`HashSet` read API. Each program is one macro body, compiled twice: against the
//! peer and against `FrozenMap`/`FrozenSet`, with only the `use` of a module changed (the
//! modules below rename the types and macros). Their outputs must be identical.
//!
//! Iteration order is unspecified in all of them, so the programs sort what they iterate, as
//! a program that prints must.

use std::fmt::Write;

/// frozen-collections' names.
mod fc_peer {
    pub use frozen_collections::*;
    pub use frozen_collections::{
        fz_hash_set as hash_set, fz_string_map as string_map, FzHashMap as FMap, FzHashSet as FSet,
    };
}

/// Ours, under frozen-collections' names.
mod fc_ours {
    pub use core_collections::frozen::{FrozenMap as FMap, FrozenSet as FSet};
    pub use core_collections::{frozen_map as string_map, frozen_set as hash_set};
}

/// std's names.
mod std_peer {
    pub use std::collections::{HashMap as Map, HashSet as Set};
}

/// Ours, under std's names.
mod std_ours {
    pub use core_collections::frozen::{FrozenMap as Map, FrozenSet as Set};
}

/// A service registry loaded at start-up, then queried: frozen-collections' API.
macro_rules! frozen_collections_program {
    ($module:ident) => {{
        use $module::*;
        let mut out = String::new();
        let config: Vec<(String, u16)> = [
            ("http", 80),
            ("https", 443),
            ("ssh", 22),
            ("smtp", 25),
            ("dns", 53),
            ("ftp", 21),
            ("imap", 143),
            ("pop3", 110),
            ("ldap", 389),
            ("ntp", 123),
            ("http", 8080), // a later entry overrides
        ]
        .iter()
        .map(|&(k, v)| (k.to_string(), v))
        .collect();
        let ports = FMap::new(config.clone());
        writeln!(out, "services: {} empty: {}", ports.len(), ports.is_empty()).unwrap();
        for name in ["http", "ssh", "gopher", ""] {
            writeln!(out, "{name:?} -> {:?}", ports.get(name)).unwrap();
        }
        writeln!(out, "by String: {:?}", ports.get(&"https".to_string())).unwrap();
        writeln!(out, "has ntp: {}", ports.contains_key("ntp")).unwrap();
        writeln!(out, "dns entry: {:?}", ports.get_key_value("dns")).unwrap();
        writeln!(out, "ldap: {}", ports["ldap"]).unwrap();
        let mut names: Vec<&String> = ports.keys().collect();
        names.sort();
        writeln!(out, "names: {names:?}").unwrap();
        let mut numbers: Vec<u16> = ports.values().copied().collect();
        numbers.sort_unstable();
        writeln!(out, "numbers: {numbers:?}").unwrap();
        let mut entries: Vec<(&String, &u16)> = ports.iter().collect();
        entries.sort();
        writeln!(out, "entries: {entries:?}").unwrap();

        // Counters keyed by integers: values change, keys do not.
        let mut hits = FMap::new((0u32..100).map(|i| (i * 7, 0u64)).collect::<Vec<_>>());
        for x in 0..1000u32 {
            if let Some(c) = hits.get_mut(&(x % 350)) {
                *c += 1;
            }
        }
        for v in hits.values_mut() {
            *v *= 2;
        }
        for (_, v) in hits.iter_mut() {
            *v += 1;
        }
        let mut counted: Vec<(u32, u64)> =
            hits.iter().filter(|(_, v)| **v > 1).map(|(k, v)| (*k, *v)).collect();
        counted.sort_unstable();
        writeln!(out, "counted: {counted:?}").unwrap();
        let mut keys: Vec<u32> = hits.clone().into_keys().collect();
        keys.sort_unstable();
        writeln!(out, "keys: {} first {:?}", keys.len(), &keys[..3]).unwrap();
        let total: u64 = hits.clone().into_values().sum();
        writeln!(out, "total: {total}").unwrap();

        // Conversions and comparisons.
        let a: FMap<i32, &str> = FMap::from([(1, "one"), (2, "two")]);
        let b: FMap<i32, &str> = [(2, "two"), (1, "one")].into_iter().collect();
        writeln!(out, "equal: {}", a == b).unwrap();
        let empty: FMap<u8, u8> = FMap::default();
        writeln!(out, "default: {} {}", empty.len(), empty.is_empty()).unwrap();
        writeln!(out, "debug: {:?}", FMap::new(vec![("only", 1)])).unwrap();
        let mut owned: Vec<(String, u16)> = ports.into_iter().collect();
        owned.sort();
        writeln!(out, "owned: {owned:?}").unwrap();

        // Sets and their algebra.
        let admins = FSet::new(vec!["alice", "bob", "carol"]);
        let users = FSet::new(vec!["alice", "bob", "carol", "dave", "erin", "bob"]);
        writeln!(out, "users: {} bob admin: {}", users.len(), admins.contains(&"bob")).unwrap();
        writeln!(
            out,
            "subset {} superset {} disjoint {}",
            admins.is_subset(&users),
            users.is_superset(&admins),
            admins.is_disjoint(&users)
        )
        .unwrap();
        fn sorted(mut v: Vec<&str>) -> Vec<&str> {
            v.sort_unstable();
            v
        }
        writeln!(out, "both: {:?}", sorted(admins.intersection(&users).copied().collect()))
            .unwrap();
        writeln!(out, "plain: {:?}", sorted(users.difference(&admins).copied().collect()))
            .unwrap();
        writeln!(out, "all: {:?}", sorted(admins.union(&users).copied().collect())).unwrap();
        let guests = FSet::new(vec!["erin", "frank"]);
        writeln!(out, "xor: {:?}", sorted(users.symmetric_difference(&guests).copied().collect()))
            .unwrap();
        writeln!(out, "-: {:?}", sorted((&users - &admins).into_iter().collect())).unwrap();
        writeln!(out, "&: {:?}", sorted((&users & &guests).into_iter().collect())).unwrap();
        writeln!(out, "|: {:?}", sorted((&admins | &guests).into_iter().collect())).unwrap();
        writeln!(out, "^: {:?}", sorted((&users ^ &guests).into_iter().collect())).unwrap();

        // The short-form macros.
        let ages = string_map!({ "Alice": 31, "Bob": 27, "Sandy": 45 });
        writeln!(out, "ages: {:?} {:?} {}", ages.get(&"Bob"), ages.get(&"Zed"), ages.len())
            .unwrap();
        let digits = hash_set!({ 3, 1, 4, 1, 5, 9, 2, 6 });
        writeln!(out, "digits: {} has 4: {} has 7: {}", digits.len(), digits.contains(&4), digits.contains(&7))
            .unwrap();

        // serde (our `serde` feature; frozen-collections has it by default).
        #[cfg(feature = "serde")]
        {
        let small = FMap::new(vec![("k".to_string(), 1u8)]);
        writeln!(out, "json: {}", serde_json::to_string(&small).unwrap()).unwrap();
        let back: FMap<String, u8> = serde_json::from_str(r#"{"x": 1, "y": 2}"#).unwrap();
        writeln!(out, "from json: {:?} {:?}", back.get("y"), back.get("z")).unwrap();
        let bad = serde_json::from_str::<FMap<String, u8>>(r#"{"x": 300}"#);
        writeln!(out, "bad json is an error: {}", bad.is_err()).unwrap();
        let set: FSet<u8> = serde_json::from_str("[1, 2, 2, 3]").unwrap();
        writeln!(out, "set from json: {}", set.len()).unwrap();
        }
        out
    }};
}

/// A word-frequency report over std's read API.
macro_rules! std_program {
    ($module:ident) => {{
        use $module::*;
        let mut out = String::new();
        let text = "the quick brown fox jumps over the lazy dog the fox";
        let mut counts: Vec<(String, usize)> = Vec::new();
        for w in text.split(' ') {
            match counts.iter_mut().find(|(k, _)| k == w) {
                Some((_, c)) => *c += 1,
                None => counts.push((w.to_string(), 1)),
            }
        }
        let freq: Map<String, usize> = counts.into_iter().collect();
        writeln!(out, "words: {}", freq.len()).unwrap();
        writeln!(out, "the: {:?} cat: {:?}", freq.get("the"), freq.get("cat")).unwrap();
        writeln!(out, "fox: {}", freq["fox"]).unwrap();
        let key = String::from("dog");
        writeln!(out, "dog: {:?} {:?}", freq.get(&key), freq.get_key_value(key.as_str())).unwrap();
        writeln!(out, "has lazy: {}", freq.contains_key("lazy")).unwrap();
        let mut top: Vec<(&String, &usize)> = freq.iter().collect();
        top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        writeln!(out, "top: {:?}", &top[..3]).unwrap();
        let total: usize = freq.values().sum();
        writeln!(out, "total: {total}").unwrap();
        let mut longest: Vec<&String> = freq.keys().filter(|k| k.len() >= 5).collect();
        longest.sort();
        writeln!(out, "long: {longest:?}").unwrap();

        // Lookup tables from arrays, with Borrow queries.
        let codes = Map::from([(404u16, "Not Found"), (200, "OK"), (500, "Internal Server Error")]);
        for c in [200u16, 301, 404] {
            writeln!(out, "{c}: {:?}", codes.get(&c)).unwrap();
        }
        let mut scores: Map<&str, u32> = Map::from([("ann", 3), ("ben", 5)]);
        if let Some(s) = scores.get_mut("ann") {
            *s += 10;
        }
        for v in scores.values_mut() {
            *v *= 2;
        }
        let mut all: Vec<(&str, u32)> = scores.iter().map(|(k, v)| (*k, *v)).collect();
        all.sort_unstable();
        writeln!(out, "scores: {all:?}").unwrap();
        writeln!(out, "debug: {:?}", Map::from([("one", 1)])).unwrap();
        writeln!(out, "eq: {}", codes.clone() == codes).unwrap();
        let empty: Map<u8, u8> = Map::default();
        writeln!(out, "empty: {}", empty.is_empty()).unwrap();
        let mut pairs: Vec<(u16, &str)> = codes.into_iter().collect();
        pairs.sort_unstable();
        writeln!(out, "pairs: {pairs:?}").unwrap();

        // Sets: membership, algebra, operators, conversions.
        let stop: Set<&str> = ["the", "a", "over"].into_iter().collect();
        let words: Set<&str> = text.split(' ').collect();
        fn sorted(mut v: Vec<&str>) -> Vec<&str> {
            v.sort_unstable();
            v
        }
        writeln!(out, "stop has the: {} has fox: {}", stop.contains("the"), stop.contains("fox"))
            .unwrap();
        writeln!(out, "content: {:?}", sorted(words.difference(&stop).copied().collect())).unwrap();
        writeln!(out, "common: {:?}", sorted(words.intersection(&stop).copied().collect()))
            .unwrap();
        writeln!(out, "union: {}", words.union(&stop).count()).unwrap();
        writeln!(out, "xor: {:?}", sorted(stop.symmetric_difference(&words).copied().collect()))
            .unwrap();
        writeln!(
            out,
            "subset {} superset {} disjoint {}",
            stop.is_subset(&words),
            words.is_superset(&Set::from(["fox", "dog"])),
            stop.is_disjoint(&Set::from(["cat"]))
        )
        .unwrap();
        writeln!(out, "&: {:?}", sorted((&words & &stop).into_iter().collect())).unwrap();
        writeln!(out, "|: {}", (&words | &stop).len()).unwrap();
        writeln!(out, "-: {}", (&words - &stop).len()).unwrap();
        writeln!(out, "^: {:?}", sorted((&stop ^ &words).into_iter().collect::<Vec<_>>()).len())
            .unwrap();
        writeln!(out, "set debug: {:?}", Set::from([7])).unwrap();
        writeln!(out, "set eq: {}", Set::from([1, 2]) == Set::from([2, 1])).unwrap();
        let mut by_value: Vec<&str> = stop.into_iter().collect();
        by_value.sort_unstable();
        writeln!(out, "by value: {by_value:?}").unwrap();
        out
    }};
}

#[test]
fn frozen_collections_program_runs_the_same_on_ours() {
    let peer = frozen_collections_program!(fc_peer);
    let ours = frozen_collections_program!(fc_ours);
    assert!(peer.lines().count() > 30, "{peer}");
    assert_eq!(ours, peer);
}

#[test]
fn std_program_runs_the_same_on_ours() {
    let peer = std_program!(std_peer);
    let ours = std_program!(std_ours);
    assert!(peer.lines().count() > 25, "{peer}");
    assert_eq!(ours, peer);
}
