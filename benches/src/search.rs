//! The `core-text` search cases: the `memchr` family beside the `memchr` crate, and byte
//! counting beside `bytecount`, on the same haystacks.
//!
//! Case names are `core-text/search/<operation>/<density>/<size>`. Haystacks are English-like
//! text; `none` searches for bytes it lacks (the whole haystack is scanned), `rare` has the
//! needle once every 1,000 bytes or so and `common` once every 16. The first-match functions
//! run on `none` (the scan is the work); iteration and counting run on every density.

use crate::case::{size_label, Case, Function, Role};
use crate::corpus::Rng;
use crate::text::Api;
use std::rc::Rc;

const SIZES: [usize; 4] = [64, 4096, 64 << 10, 1 << 20];
const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// Lowercase words and spaces, with `needle` about once every `every` bytes (never if 0).
fn haystack(len: usize, needle: u8, every: u32) -> Vec<u8> {
    let mut rng = Rng::new(len as u64 ^ u64::from(every));
    (0..len)
        .map(|_| {
            if every > 0 && rng.below(every) == 0 {
                needle
            } else if rng.below(6) == 0 {
                b' '
            } else {
                b'a' + rng.below(26) as u8
            }
        })
        .collect()
}

fn case(op: &'static str, density: &str, size: usize, functions: Vec<Function>) -> Case {
    Case {
        op,
        input: format!("{density}/{}", size_label(size)),
        bytes: Some(size as u64),
        size: Some(size),
        seed: None,
        functions,
    }
}

/// Every search case, ours through `api`.
pub fn cases<A: Api>(api: A) -> Vec<Case> {
    let mut out = Vec::new();
    for size in SIZES {
        // No match: digits in letters.
        let h = Rc::new(haystack(size, 0, 0));
        type Ours<A> = fn(A, &[u8]) -> Option<usize>;
        type Peer = fn(&[u8]) -> Option<usize>;
        let first: [(&'static str, Ours<A>, Peer); 4] = [
            ("core-text/search/memchr", |a, h| a.memchr(b'7', h), |h| memchr::memchr(b'7', h)),
            (
                "core-text/search/memchr2",
                |a, h| a.memchr2(b'7', b'9', h),
                |h| memchr::memchr2(b'7', b'9', h),
            ),
            (
                "core-text/search/memchr3",
                |a, h| a.memchr3(b'7', b'8', b'9', h),
                |h| memchr::memchr3(b'7', b'8', b'9', h),
            ),
            ("core-text/search/memrchr", |a, h| a.memrchr(b'7', h), |h| memchr::memrchr(b'7', h)),
        ];
        for (op, ours, peer) in first {
            let functions = vec![
                Function::new("core", OURS, (api, h.clone()), move |(a, h)| ours(*a, h)),
                Function::new("memchr", VS, h.clone(), move |h| peer(h)),
            ];
            out.push(case(op, "none", size, functions));
        }
        for (density, every) in [("none", 0), ("rare", 1000), ("common", 16)] {
            let h = Rc::new(haystack(size, b'\n', every));
            out.push(case(
                "core-text/search/count",
                density,
                size,
                vec![
                    Function::new("core", OURS, (api, h.clone()), |(a, h)| a.count(b'\n', h)),
                    Function::new("bytecount", VS, h.clone(), |h| bytecount::count(h, b'\n')),
                    Function::new("memchr-iter", VS, h.clone(), |h| {
                        memchr::memchr_iter(b'\n', h).count()
                    }),
                ],
            ));
            // Iterating every match: the first-match kernel restarted after each one.
            out.push(case(
                "core-text/search/memchr_iter",
                density,
                size,
                vec![
                    Function::new("core", OURS, h.clone(), |h| {
                        core_text::search::memchr_iter(b'\n', h).fold(0, |s, i| s ^ i)
                    }),
                    Function::new("memchr", VS, h.clone(), |h| {
                        memchr::memchr_iter(b'\n', h).fold(0, |s, i| s ^ i)
                    }),
                ],
            ));
        }
    }
    out
}
