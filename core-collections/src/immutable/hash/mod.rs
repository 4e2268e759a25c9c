//! Persistent hash maps and sets: hash array-mapped tries (HAMT) with structural sharing.
//!
//! ```text
//! node   = Arc<[slot]>, its bitmap: u32 kept by the parent        // one allocation per node
//! slot   = Leaf(entry: hash, key, value) | Child(bitmap, node) | Empty (spare room)
//! branch : bitmap != 0, one live slot per set bit, in bit order
//! dense branch (16 or more live slots): bitmap stored as u32::MAX, 32 slots, slot c for chunk c
//! collision node: bitmap == 0, two or more leaves with equal 64-bit hashes
//! lookup: h = hash(key); for shift in 0, 5, 10, ..:
//!           c = h >> shift & 31; dense: slot = slots[c] (empty: absent)
//!           else: absent if bitmap bit c is clear, slot = slots[popcount(bitmap below c)]
//!           leaf: compare; child: descend
//! update: copy the nodes on the path to the key (only shared ones; a node owned alone is
//!         changed in place), share every other subtree with the old version
//! ```
//!
//! The technique is Bagwell's "Ideal Hash Trees" (2001) with the canonical-shape rule of
//! Steindorfer and Vinju's CHAMP (2015): a subtree with one entry is always inlined in its
//! parent, so the shape depends only on the set of hashes. Equality of two collections with
//! the same hasher is then one lockstep walk that skips subtrees shared through `Arc::ptr_eq`
//! (the "compatible comparer, no allocation" path of .NET's `ImmutableHashSet.SetEquals`).
//! Entries keep their 64-bit hash, so pushing an entry down a level or copying entries into a
//! filtered result never hashes a key again.

mod entry;
mod iter;
mod map;
mod node;
mod set;

pub use entry::{Entry, OccupiedEntry, VacantEntry};
pub use map::{ImmutableHashMap, ImmutableHashMapBuilder, IntoIter, Iter, Keys, Values};
pub use set::{
    ImmutableHashSet, ImmutableHashSetBuilder, IntoIter as SetIntoIter, Iter as SetIter,
};

#[cfg(test)]
mod tests {
    use super::ImmutableHashMap;
    use std::hash::{BuildHasher, Hasher};

    /// Hashes a `u64` to its low `bits` bits (after a fixed scramble): many shared prefixes and
    /// full collisions.
    #[derive(Clone, Copy, Default)]
    struct Narrow<const BITS: u32>;
    struct NarrowHasher(u64, u32);
    impl<const BITS: u32> BuildHasher for Narrow<BITS> {
        type Hasher = NarrowHasher;
        fn build_hasher(&self) -> NarrowHasher {
            NarrowHasher(0, BITS)
        }
    }
    impl Hasher for NarrowHasher {
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = self.0.wrapping_mul(31).wrapping_add(u64::from(b));
            }
        }
        fn finish(&self) -> u64 {
            let mixed = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            mixed & ((1u64 << self.1) - 1)
        }
    }

    fn same_shape<S>(a: &ImmutableHashMap<u64, u64, S>, b: &ImmutableHashMap<u64, u64, S>) -> bool {
        match (&a.root, &b.root) {
            (Some(x), Some(y)) => x.same_as(y, &|p, q| p == q),
            (None, None) => true,
            _ => false,
        }
    }

    fn shape_is_history_independent<S: BuildHasher + Clone + Default>() {
        let mut rng = 0x1234_5678_u64;
        let mut next = move || {
            rng =
                rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            rng >> 33
        };
        let mut map: ImmutableHashMap<u64, u64, S> = ImmutableHashMap::default();
        let mut versions = Vec::new();
        for step in 0..3000 {
            let key = next() % 400;
            if next() % 3 == 0 {
                map.remove(&key);
            } else {
                map.insert(key, key * 2);
            }
            if step % 100 == 0 {
                versions.push(map.clone());
            }
        }
        versions.push(map);
        for v in &versions {
            // Rebuild from the contents, in reverse key order: the same shape.
            let mut keys: Vec<u64> = v.keys().copied().collect();
            keys.sort_unstable_by(|a, b| b.cmp(a));
            let mut fresh: ImmutableHashMap<u64, u64, S> = ImmutableHashMap::default();
            for k in keys {
                fresh.insert(k, k * 2);
            }
            assert!(same_shape(v, &fresh));
        }
    }

    #[test]
    fn shape_is_history_independent_full_hashes() {
        shape_is_history_independent::<crate::hash::FastState>();
    }

    #[test]
    fn shape_is_history_independent_with_collisions() {
        shape_is_history_independent::<Narrow<6>>();
        shape_is_history_independent::<Narrow<12>>();
    }
}
