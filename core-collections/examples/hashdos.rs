//! Times builds and lookups of `ImmutableHashMap` and `FrozenMap` on 16,000 random byte keys
//! and on 16,000 keys shaped like a HashDoS attack on a folded-multiply hash
//! (`x ++ K ++ "-suffix"`, K a public constant the hasher once mixed data with).
//!
//! ```text
//! cargo run --release -p core-collections --example hashdos
//! ```

use core_collections::frozen::FrozenMap;
use core_collections::hash::{hash_one, FastState};
use core_collections::immutable::ImmutableHashMap;
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    const N: u64 = 16_000;
    let k1 = 0x1319_8a2e_0370_7344u64;
    let crafted: Vec<Vec<u8>> =
        (0..N).map(|x| [&x.to_le_bytes()[..], &k1.to_le_bytes(), b"-suffix"].concat()).collect();
    let mut x = 1u64;
    let random: Vec<Vec<u8>> = (0..N)
        .map(|_| {
            (0..23)
                .map(|_| {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    (x >> 56) as u8
                })
                .collect()
        })
        .collect();
    println!("| keys | distinct hashes | ImmutableHashMap build | lookup per key | FrozenMap build | lookup per key |");
    println!("|---|--:|--:|--:|--:|--:|");
    for (name, keys) in [("random", &random), ("crafted", &crafted)] {
        let state = FastState::new();
        let distinct: HashSet<u64> = keys.iter().map(|k| hash_one(&state, k)).collect();
        let t = Instant::now();
        let m: ImmutableHashMap<Vec<u8>, u64> = keys.iter().cloned().zip(0..).collect();
        let build = t.elapsed();
        let t = Instant::now();
        for k in keys.iter() {
            black_box(m.get(k));
        }
        let lookup = t.elapsed() / keys.len() as u32;
        let t = Instant::now();
        let f: FrozenMap<Vec<u8>, u64> = keys.iter().cloned().zip(0..).collect();
        let fbuild = t.elapsed();
        let t = Instant::now();
        for k in keys.iter() {
            black_box(f.get(k));
        }
        let flookup = t.elapsed() / keys.len() as u32;
        println!(
            "| {N} {name} | {} | {build:.2?} | {lookup:.1?} | {fbuild:.2?} | {flookup:.1?} |",
            distinct.len()
        );
    }
}
