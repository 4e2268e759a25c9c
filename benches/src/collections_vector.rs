//! The `core-collections` persistent vector: [`Vector`] against `imbl::Vector` and
//! `rpds::VectorSync` (the `Arc` flavour, like ours and imbl's), with `std::vec::Vec` as the
//! reference where it does the same job. At 1k, 100k and 1M `u64` elements:
//!
//! - `push_back`: build the vector by pushes from empty (in place: `push_back` / rpds's
//!   `push_back_mut`).
//! - `index`: 1,024 reads at pseudo-random indices.
//! - `set`: 1,024 in-place writes at pseudo-random indices into a vector no other version
//!   shares (`set` / rpds's `set_mut`).
//! - `update`: 1,024 persistent updates, each a new version from the same shared base (the
//!   base stays valid: every update copies one path).
//! - `iterate`: the wrapping sum of all elements.
//! - `split_concat`: 16 times, split a shared vector at a pseudo-random point and concatenate
//!   the halves back. rpds's vector has neither split nor concatenation: its row rebuilds the
//!   two halves by pushes (the only way it can do the same job), so it is listed for
//!   completeness, not as a like-for-like structure.

use crate::case::{Case, Function, Role};
use core_collections::Vector;

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

type Imbl<T> = imbl::Vector<T>;
type Rpds<T> = rpds::VectorSync<T>;

/// The sizes every case runs at.
const SIZES: [usize; 3] = [1_000, 100_000, 1_000_000];

/// Operations per timed call of the random-access cases.
const PROBES: usize = 1024;

fn case(op: &'static str, n: usize, functions: Vec<Function>) -> Case {
    Case { op, input: format!("u64/{n}"), bytes: None, size: Some(n), seed: None, functions }
}

/// `count` pseudo-random indices below `n`.
fn indices(n: usize, count: usize, salt: u64) -> Vec<usize> {
    (0..count as u64)
        .map(|i| {
            let h = (i ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            (h % n as u64) as usize
        })
        .collect()
}

fn ours(n: usize) -> Vector<u64> {
    (0..n as u64).collect()
}

fn imbl(n: usize) -> Imbl<u64> {
    (0..n as u64).collect()
}

fn rpds(n: usize) -> Rpds<u64> {
    let mut v = Rpds::new_sync();
    for i in 0..n as u64 {
        v.push_back_mut(i);
    }
    v
}

/// All persistent-vector cases.
pub fn cases() -> Vec<Case> {
    let mut all = Vec::new();
    for n in SIZES {
        all.push(push_back(n));
        all.push(index(n));
        all.push(set(n));
        all.push(update(n));
        all.push(iterate(n));
        all.push(split_concat(n));
    }
    all
}

/// Builds a vector of `n` elements by `push_back` from empty.
pub fn push_back(n: usize) -> Case {
    let n64 = n as u64;
    case(
        "core-collections/vector/push_back",
        n,
        vec![
            Function::new("core", OURS, n64, |n: &mut u64| {
                let mut v = Vector::new();
                for i in 0..*n {
                    v.push_back(i);
                }
                v.len()
            }),
            Function::new("imbl", vs("core"), n64, |n: &mut u64| {
                let mut v = Imbl::new();
                for i in 0..*n {
                    v.push_back(i);
                }
                v.len()
            }),
            Function::new("rpds", vs("core"), n64, |n: &mut u64| {
                let mut v = Rpds::new_sync();
                for i in 0..*n {
                    v.push_back_mut(i);
                }
                v.len()
            }),
            Function::new("std", vs("core"), n64, |n: &mut u64| {
                let mut v = Vec::new();
                for i in 0..*n {
                    v.push(i);
                }
                v.len()
            }),
        ],
    )
}

/// Sums `PROBES` elements at pseudo-random indices.
pub fn index(n: usize) -> Case {
    let ix = indices(n, PROBES, 1);
    let std: Vec<u64> = (0..n as u64).collect();
    case(
        "core-collections/vector/index",
        n,
        vec![
            Function::new("core", OURS, (ours(n), ix.clone()), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v[i]))
            }),
            Function::new("imbl", vs("core"), (imbl(n), ix.clone()), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v[i]))
            }),
            Function::new("rpds", vs("core"), (rpds(n), ix.clone()), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v[i]))
            }),
            Function::new("std", vs("core"), (std, ix), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v[i]))
            }),
        ],
    )
}

/// `PROBES` in-place writes at pseudo-random indices (the vector is not shared).
pub fn set(n: usize) -> Case {
    let ix = indices(n, PROBES, 2);
    let std: Vec<u64> = (0..n as u64).collect();
    case(
        "core-collections/vector/set",
        n,
        vec![
            Function::new("core", OURS, (ours(n), ix.clone()), |(v, ix)| {
                for &i in ix.iter() {
                    v.set(i, i as u64);
                }
                v.len()
            }),
            Function::new("imbl", vs("core"), (imbl(n), ix.clone()), |(v, ix)| {
                for &i in ix.iter() {
                    v.set(i, i as u64);
                }
                v.len()
            }),
            Function::new("rpds", vs("core"), (rpds(n), ix.clone()), |(v, ix)| {
                for &i in ix.iter() {
                    v.set_mut(i, i as u64);
                }
                v.len()
            }),
            Function::new("std", vs("core"), (std, ix), |(v, ix)| {
                for &i in ix.iter() {
                    v[i] = i as u64;
                }
                v.len()
            }),
        ],
    )
}

/// `PROBES` persistent updates, each a new version of the same shared base.
pub fn update(n: usize) -> Case {
    let ix = indices(n, PROBES, 3);
    case(
        "core-collections/vector/update",
        n,
        vec![
            Function::new("core", OURS, (ours(n), ix.clone()), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v.update(i, 7)[i]))
            }),
            Function::new("imbl", vs("core"), (imbl(n), ix.clone()), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| a.wrapping_add(v.update(i, 7)[i]))
            }),
            Function::new("rpds", vs("core"), (rpds(n), ix), |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| {
                    let w = v.set(i, 7).expect("index in bounds");
                    a.wrapping_add(w[i])
                })
            }),
        ],
    )
}

/// The wrapping sum of all `n` elements, by iteration.
pub fn iterate(n: usize) -> Case {
    let std: Vec<u64> = (0..n as u64).collect();
    let sum = |a: u64, x: &u64| a.wrapping_add(*x);
    case(
        "core-collections/vector/iterate",
        n,
        vec![
            Function::new("core", OURS, ours(n), move |v| v.iter().fold(0, sum)),
            Function::new("imbl", vs("core"), imbl(n), move |v| v.iter().fold(0, sum)),
            Function::new("rpds", vs("core"), rpds(n), move |v| v.iter().fold(0, sum)),
            Function::new("std", vs("core"), std, move |v| v.iter().fold(0, sum)),
        ],
    )
}

/// 16 times: split a shared vector at a pseudo-random point, concatenate the halves back.
pub fn split_concat(n: usize) -> Case {
    let ix = indices(n, 16, 4);
    let mut c = case(
        "core-collections/vector/split_concat",
        n,
        vec![
            Function::new("core", OURS, (ours(n), ix.clone()), move |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| {
                    let (mut l, r) = v.clone().split_at(i);
                    l.append(r);
                    a.wrapping_add(l[n / 2])
                })
            }),
            Function::new("imbl", vs("core"), (imbl(n), ix.clone()), move |(v, ix)| {
                ix.iter().fold(0u64, |a, &i| {
                    let (mut l, r) = v.clone().split_at(i);
                    l.append(r);
                    a.wrapping_add(l[n / 2])
                })
            }),
        ],
    );
    if n <= 100_000 {
        c.functions.push(Function::new("rpds", vs("core"), (rpds(n), ix), move |(v, ix)| {
            ix.iter().fold(0u64, |a, &i| {
                let mut l = Rpds::new_sync();
                let mut r = Rpds::new_sync();
                for (k, &x) in v.iter().enumerate() {
                    if k < i {
                        l.push_back_mut(x);
                    } else {
                        r.push_back_mut(x);
                    }
                }
                for &x in r.iter() {
                    l.push_back_mut(x);
                }
                a.wrapping_add(l[n / 2])
            })
        }));
    }
    c
}
