//! The `core-collections` ordered-collection and slice-aggregate case table: persistent sorted
//! set operations against `imbl::OrdSet` and `rpds::RedBlackTreeSet` (and std's `BTreeSet`
//! where an in-place set does the same job), and the seed cases B-COL-04 (SetEquals), B-COL-11
//! (FindAllMatch), B-COL-13 (SumInt), B-COL-14 (MaxByte) and B-COL-15 (FullJoin).
//!
//! Persistent operations keep the base version alive and return the new version's length, so
//! every library pays for path copying, not for in-place mutation.

use crate::case::{Case, Function, Role, Seed};
use core_collections::immutable::ord::ImmutableOrdSet;
use core_collections::slice;
use std::collections::{BTreeSet, HashMap, HashSet};

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

const ORD: &str = "core-collections/ord";
const SLICE: &str = "core-collections/slice";

/// All ordered-collection and slice-aggregate cases.
pub fn cases() -> Vec<Case> {
    let mut all = vec![set_equals_seed()];
    for n in [1_000, 100_000] {
        all.extend([insert(n), remove(n), lookup(n), iterate(n), range_count(n), build(n)]);
    }
    all.push(remove_range(10_000));
    all.extend([find_all_match(4), find_all_match(5), sum_int(), max_byte(16), max_byte(64)]);
    all.push(full_join());
    all
}

fn case(
    op: &'static str,
    input: String,
    size: Option<usize>,
    seed: Option<Seed>,
    functions: Vec<Function>,
) -> Case {
    Case { op, input, bytes: None, size, seed, functions }
}

/// Even keys `0, 2, ..`: odd probes miss.
fn evens(n: usize) -> impl Iterator<Item = i32> + Clone {
    (0..n as i32).map(|i| 2 * i)
}

/// A key sequence that visits the key space in scattered order (a full-period LCG step).
fn scatter(counter: &mut u32, n: usize) -> i32 {
    *counter = counter.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    (*counter % n as u32) as i32
}

/// The three persistent sets (ours, imbl, rpds) holding `keys`.
fn persistent_sets(
    keys: impl Iterator<Item = i32> + Clone,
) -> (ImmutableOrdSet<i32>, imbl::OrdSet<i32>, rpds::RedBlackTreeSet<i32>) {
    (keys.clone().collect(), keys.clone().collect(), keys.collect())
}

fn insert(n: usize) -> Case {
    let (ours, im, rp) = persistent_sets(evens(n));
    // Insert an odd (absent) key into the kept base version; return the new version's length.
    let f = vec![
        Function::new(
            "core",
            OURS,
            (ours, 1u32),
            move |(s, c): &mut (ImmutableOrdSet<i32>, u32)| s.update(2 * scatter(c, n) + 1).len(),
        ),
        Function::new(
            "imbl",
            vs("core"),
            (im, 1u32),
            move |(s, c): &mut (imbl::OrdSet<i32>, u32)| s.update(2 * scatter(c, n) + 1).len(),
        ),
        Function::new(
            "rpds",
            vs("core"),
            (rp, 1u32),
            move |(s, c): &mut (rpds::RedBlackTreeSet<i32>, u32)| {
                s.insert(2 * scatter(c, n) + 1).size()
            },
        ),
    ];
    case(ORD, format!("insert_persistent/{n}"), Some(n), None, f)
}

fn remove(n: usize) -> Case {
    let (ours, im, rp) = persistent_sets(evens(n));
    let f = vec![
        Function::new(
            "core",
            OURS,
            (ours, 1u32),
            move |(s, c): &mut (ImmutableOrdSet<i32>, u32)| s.without(&(2 * scatter(c, n))).len(),
        ),
        Function::new(
            "imbl",
            vs("core"),
            (im, 1u32),
            move |(s, c): &mut (imbl::OrdSet<i32>, u32)| s.without(&(2 * scatter(c, n))).len(),
        ),
        Function::new(
            "rpds",
            vs("core"),
            (rp, 1u32),
            move |(s, c): &mut (rpds::RedBlackTreeSet<i32>, u32)| {
                s.remove(&(2 * scatter(c, n))).size()
            },
        ),
    ];
    case(ORD, format!("remove_persistent/{n}"), Some(n), None, f)
}

/// 256 probes per call, half hits; returns the hit count.
fn lookup(n: usize) -> Case {
    let (ours, im, rp) = persistent_sets(evens(n));
    let std: BTreeSet<i32> = evens(n).collect();
    let mut c = 7u32;
    let probes: Vec<i32> = (0..256).map(|_| scatter(&mut c, 2 * n)).collect();
    let f = vec![
        Function::new(
            "core",
            OURS,
            (ours, probes.clone()),
            |(s, p): &mut (ImmutableOrdSet<i32>, Vec<i32>)| {
                p.iter().filter(|k| s.contains(k)).count()
            },
        ),
        Function::new(
            "imbl",
            vs("core"),
            (im, probes.clone()),
            |(s, p): &mut (imbl::OrdSet<i32>, Vec<i32>)| p.iter().filter(|k| s.contains(k)).count(),
        ),
        Function::new(
            "rpds",
            vs("core"),
            (rp, probes.clone()),
            |(s, p): &mut (rpds::RedBlackTreeSet<i32>, Vec<i32>)| {
                p.iter().filter(|k| s.contains(k)).count()
            },
        ),
        Function::new(
            "std",
            vs("core"),
            (std, probes),
            |(s, p): &mut (BTreeSet<i32>, Vec<i32>)| p.iter().filter(|k| s.contains(k)).count(),
        ),
    ];
    case(ORD, format!("contains_256/{n}"), Some(n), None, f)
}

fn iterate(n: usize) -> Case {
    let (ours, im, rp) = persistent_sets(evens(n));
    let std: BTreeSet<i32> = evens(n).collect();
    let f = vec![
        Function::new("core", OURS, ours, |s: &mut ImmutableOrdSet<i32>| {
            s.iter().map(|&x| i64::from(x)).sum::<i64>()
        }),
        Function::new("imbl", vs("core"), im, |s: &mut imbl::OrdSet<i32>| {
            s.iter().map(|&x| i64::from(x)).sum::<i64>()
        }),
        Function::new("rpds", vs("core"), rp, |s: &mut rpds::RedBlackTreeSet<i32>| {
            s.iter().map(|&x| i64::from(x)).sum::<i64>()
        }),
        Function::new("std", vs("core"), std, |s: &mut BTreeSet<i32>| {
            s.iter().map(|&x| i64::from(x)).sum::<i64>()
        }),
    ];
    case(ORD, format!("iterate_sum/{n}"), Some(n), None, f)
}

/// `range(a..b).count()` over the middle half (ours is O(log n) from the subtree sizes).
fn range_count(n: usize) -> Case {
    let (ours, im, rp) = persistent_sets(evens(n));
    let std: BTreeSet<i32> = evens(n).collect();
    let (a, b) = (n as i32 / 2, 3 * n as i32 / 2);
    let f = vec![
        Function::new("core", OURS, ours, move |s: &mut ImmutableOrdSet<i32>| {
            s.range(a..b).count()
        }),
        Function::new("imbl", vs("core"), im, move |s: &mut imbl::OrdSet<i32>| {
            s.range(a..b).count()
        }),
        Function::new("rpds", vs("core"), rp, move |s: &mut rpds::RedBlackTreeSet<i32>| {
            s.range(a..b).count()
        }),
        Function::new("std", vs("core"), std, move |s: &mut BTreeSet<i32>| s.range(a..b).count()),
    ];
    case(ORD, format!("range_count/{n}"), Some(n), None, f)
}

/// Building a set from sorted input (ours: an O(n) bulk build).
fn build(n: usize) -> Case {
    let keys: Vec<i32> = evens(n).collect();
    let f = vec![
        Function::new("core", OURS, keys.clone(), |k: &mut Vec<i32>| {
            k.iter().copied().collect::<ImmutableOrdSet<i32>>().len()
        }),
        Function::new("imbl", vs("core"), keys.clone(), |k: &mut Vec<i32>| {
            k.iter().copied().collect::<imbl::OrdSet<i32>>().len()
        }),
        Function::new("rpds", vs("core"), keys.clone(), |k: &mut Vec<i32>| {
            k.iter().copied().collect::<rpds::RedBlackTreeSet<i32>>().size()
        }),
        Function::new("std", vs("core"), keys, |k: &mut Vec<i32>| {
            k.iter().copied().collect::<BTreeSet<i32>>().len()
        }),
    ];
    case(ORD, format!("from_sorted/{n}"), Some(n), None, f)
}

/// Removing the middle half as a new version (B-COL-05's job, persistent): ours rebuilds from
/// the kept sides; imbl splits twice and unions.
fn remove_range(n: usize) -> Case {
    let (ours, im, _) = persistent_sets(0..n as i32);
    let (a, b) = (n as i32 / 4, 3 * n as i32 / 4);
    let f = vec![
        Function::new("core", OURS, ours, move |s: &mut ImmutableOrdSet<i32>| {
            s.without_range(a..b).len()
        }),
        Function::new("imbl", vs("core"), im, move |s: &mut imbl::OrdSet<i32>| {
            let (low, _, rest) = s.clone().split_member(&a);
            let (_, _, high) = rest.split_member(&(b - 1));
            low.union(high).len()
        }),
    ];
    case(ORD, format!("remove_range_half/{n}"), Some(n), None, f)
}

/// B-COL-04: two sets built separately from 0..9,999 (no shared nodes).
fn set_equals_seed() -> Case {
    let (a, ia, ra) = persistent_sets(0..10_000);
    let (b, ib, rb) = persistent_sets(0..10_000);
    let (sa, sb): (BTreeSet<i32>, BTreeSet<i32>) = ((0..10_000).collect(), (0..10_000).collect());
    let f = vec![
        Function::new(
            "core",
            OURS,
            (a, b),
            |(a, b): &mut (ImmutableOrdSet<i32>, ImmutableOrdSet<i32>)| a.set_equals(b),
        ),
        Function::new(
            "imbl",
            vs("core"),
            (ia, ib),
            |(a, b): &mut (imbl::OrdSet<i32>, imbl::OrdSet<i32>)| a == b,
        ),
        Function::new(
            "rpds",
            vs("core"),
            (ra, rb),
            |(a, b): &mut (rpds::RedBlackTreeSet<i32>, rpds::RedBlackTreeSet<i32>)| a == b,
        ),
        Function::new(
            "std",
            vs("core"),
            (sa, sb),
            |(a, b): &mut (BTreeSet<i32>, BTreeSet<i32>)| a == b,
        ),
    ];
    let seed = Seed { id: "B-COL-04", net10_ns: 767_700.0, net11_ns: 117_600.0 };
    case(ORD, "SetEquals_EqualImmutableSortedSet".into(), None, Some(seed), f)
}

/// B-COL-11: `i32` 0..size, every element matches.
fn find_all_match(size: i32) -> Case {
    let data: Vec<i32> = (0..size).collect();
    let f = vec![
        Function::new("core", OURS, data.clone(), |d: &mut Vec<i32>| slice::find_all(d, |_| true)),
        Function::new("std-filter", vs("core"), data, |d: &mut Vec<i32>| {
            d.iter().filter(|_| true).copied().collect::<Vec<i32>>()
        }),
    ];
    let seed = match size {
        4 => Seed { id: "B-COL-11", net10_ns: 27.61, net11_ns: 9.212 },
        _ => Seed { id: "B-COL-11", net10_ns: 36.93, net11_ns: 11.102 },
    };
    case(SLICE, format!("FindAllMatch/{size}"), None, Some(seed), f)
}

/// B-COL-13: 32 ints in [-1000, 1000) (a fixed LCG; .NET's `Random(42)` is not reproduced).
fn sum_int() -> Case {
    let mut c = 42u32;
    let data: Vec<i32> = (0..32).map(|_| scatter(&mut c, 2000) - 1000).collect();
    let f = vec![
        Function::new("core", OURS, data.clone(), |d: &mut Vec<i32>| slice::checked_sum(d)),
        Function::new("std-checked-fold", vs("core"), data.clone(), |d: &mut Vec<i32>| {
            d.iter().try_fold(0i32, |a, &x| a.checked_add(x))
        }),
        Function::new("std-sum-unchecked", vs("core"), data, |d: &mut Vec<i32>| {
            Some(d.iter().sum::<i32>())
        }),
    ];
    let seed = Seed { id: "B-COL-13", net10_ns: 5.609, net11_ns: 4.731 };
    case(SLICE, "SumInt".into(), None, Some(seed), f)
}

/// B-COL-14: `u8` 0..len.
fn max_byte(len: usize) -> Case {
    let data: Vec<u8> = (0..len).map(|i| i as u8).collect();
    let f = vec![
        Function::new("core", OURS, data.clone(), |d: &mut Vec<u8>| slice::max(d)),
        Function::new("std-iter-max", vs("core"), data, |d: &mut Vec<u8>| d.iter().max().copied()),
    ];
    let seed = match len {
        16 => Seed { id: "B-COL-14", net10_ns: 7.546, net11_ns: 2.176 },
        _ => Seed { id: "B-COL-14", net10_ns: 7.827, net11_ns: 2.059 },
    };
    case(SLICE, format!("MaxByte/{len}"), None, Some(seed), f)
}

type Left = (i32, String);
type Right = (i32, f64);

/// B-COL-15 (single runtime): the seed's .NET "before" is the manual composition
/// (FullJoin_Manual, 27.6 ms) and "after" `FullJoin` (1.70 ms).
fn full_join() -> Case {
    const N: i32 = 10_000;
    let left: Vec<Left> = (0..N).map(|i| (i, format!("item{i}"))).collect();
    let right: Vec<Right> = (N / 4..N / 4 + N).map(|i| (i, f64::from(i) * 1.5)).collect();
    let input = (left, right);
    let f = vec![
        Function::new("core", OURS, input.clone(), |(l, r): &mut (Vec<Left>, Vec<Right>)| {
            slice::full_join(l, r, |l| l.0, |r| r.0).count()
        }),
        Function::new(
            "std-manual",
            vs("core"),
            input.clone(),
            |(l, r): &mut (Vec<Left>, Vec<Right>)| manual_full_join(l, r),
        ),
        Function::new("std-hashmap", vs("core"), input, |(l, r): &mut (Vec<Left>, Vec<Right>)| {
            hashed_full_join(l, r)
        }),
    ];
    let seed = Seed { id: "B-COL-15", net10_ns: 27_615_000.0, net11_ns: 1_702_000.0 };
    case(SLICE, "FullJoin_New".into(), None, Some(seed), f)
}

/// The seed's manual composition: a left outer group join, then the right rows that no left
/// row matches, found by re-scanning the left input for each right row.
fn manual_full_join(left: &[Left], right: &[Right]) -> usize {
    let mut groups: HashMap<i32, Vec<&Right>> = HashMap::new();
    for r in right {
        groups.entry(r.0).or_default().push(r);
    }
    let left_outer = left
        .iter()
        .flat_map(|l| match groups.get(&l.0) {
            Some(rs) => rs.iter().map(|r| (Some(l), Some(*r))).collect::<Vec<_>>(),
            None => vec![(Some(l), None)],
        })
        .count();
    let right_only = right.iter().filter(|r| !left.iter().any(|l| l.0 == r.0)).count();
    left_outer + right_only
}

/// A hand-written hashed full join with std collections (a fairer baseline than the seed's).
fn hashed_full_join(left: &[Left], right: &[Right]) -> usize {
    let mut groups: HashMap<i32, Vec<usize>> = HashMap::new();
    for (i, r) in right.iter().enumerate() {
        groups.entry(r.0).or_default().push(i);
    }
    let mut matched: HashSet<usize> = HashSet::new();
    let mut count = 0;
    for l in left {
        match groups.get(&l.0) {
            Some(rs) => {
                count += rs.len();
                matched.extend(rs.iter().copied());
            }
            None => count += 1,
        }
    }
    count + right.len() - matched.len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_case_agrees() {
        for mut case in super::cases() {
            case.check().unwrap();
        }
    }
}
