//! `core-collections`: read-optimised frozen maps and sets, persistent immutable collections
//! with structural sharing, and slice aggregates.
//!
//! ```
//! use core_collections::frozen::{FrozenMap, Strategy};
//! use core_collections::immutable::{ImmutableHashSet, ImmutableOrdSet};
//! use core_collections::slice;
//!
//! // Frozen: analysed once at construction, then read many times.
//! let ports: FrozenMap<&str, u16> = [("http", 80), ("https", 443), ("ssh", 22)].into();
//! assert_eq!(ports.get("https"), Some(&443));
//! assert_eq!(ports.strategy(), Strategy::SmallScan);
//!
//! // Persistent: `update`/`without` return a new version; old versions stay valid.
//! let a: ImmutableHashSet<u32> = (0..1000).collect();
//! let b = a.update(5000); // `insert` changes a set in place instead (copy-on-write)
//! assert!(a.len() == 1000 && b.len() == 1001);
//! assert!(!a.set_equals(&b)); // count check first; no allocation either way
//!
//! let sorted: ImmutableOrdSet<u32> = (0..10_000).collect();
//! assert_eq!(sorted.range(100..200).count(), 100); // O(log n): subtree sizes
//!
//! // Slices: overflow checked once, after the vectorised loop.
//! assert_eq!(slice::checked_sum(&[1u8, 2, 3][..]), Some(6));
//! assert_eq!(slice::checked_sum(&[i32::MAX, 1][..]), None);
//! ```
//!
//! # Modules
//!
//! - [`frozen`]: [`FrozenMap`](frozen::FrozenMap) / [`FrozenSet`](frozen::FrozenSet) (and
//!   ASCII-case-insensitive variants) pick a lookup strategy from their keys: a vectorised
//!   scan for a few integers, an array for dense integers, an identity-hashed table for
//!   sparse ones, length buckets or a hash of the shortest distinguishing substring for
//!   strings, a searched low-collision table for anything else. `strategy()` says which.
//! - [`immutable`]: [`ImmutableVec`](immutable::ImmutableVec) (shared slices),
//!   [`ImmutableHashSet`](immutable::ImmutableHashSet) /
//!   [`ImmutableHashMap`](immutable::ImmutableHashMap) (hash array-mapped tries, canonical
//!   shape, zero-allocation `set_equals`, O(1) union into an empty set) and
//!   [`ImmutableOrdSet`](immutable::ImmutableOrdSet) /
//!   [`ImmutableOrdMap`](immutable::ImmutableOrdMap) (persistent B-trees with subtree sizes:
//!   O(log n) range counts, range removal, lock-step `set_equals`).
//! - [`Vector`] (and [`vector!`]): a persistent vector (an RRB tree) with imbl's method names:
//!   O(1) clone, O(log n) index, update, split and concatenation, amortised O(1) push and pop
//!   at both ends, iteration by whole leaves.
//! - [`slice`](mod@slice): `checked_sum`, `min`, `max` for every integer type, `find_all` into an
//!   exact-size `Vec`, and `full_join`, a hash-based full outer join.
//! - [`hash`]: the seeded folded-multiply hasher the collections use by default.
//!
//! # Errors and panics
//!
//! Nothing here returns an error type of its own: lookups answer with `Option`, and
//! [`Vector::binary_search`] answers `Err` with the insertion point, as slices do. Panics are
//! listed under `# Panics` on each function: indexing a map with an absent key, a [`Vector`]
//! position out of bounds (the message names the index and the length), two keys naming one
//! entry in [`FrozenMap::get_disjoint_mut`](frozen::FrozenMap::get_disjoint_mut), and frozen
//! collections of 2³² − 1 entries or more. A key type whose `Hash`, `Eq` or `Ord` disagree
//! with themselves is a logic error, as in std: lookups may miss, the entry API may panic,
//! and nothing is undefined behaviour.
//!
//! # HashDoS
//!
//! The default hashes are keyed by a per-process secret, and every multiplication in them has
//! a seed-derived operand on both sides: keys chosen without the seed collide no more than
//! random keys. That covers the persistent hash collections with their default hasher and
//! every frozen map and set; it does not cover fixed seeds ([`hash::FastState::with_seed`]),
//! hashers you plug in, or `Hash` impls that write the same bytes for different keys. The
//! [`hash`] module docs say exactly what is and is not resistant, and how to plug in another
//! hasher.

#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

/// `Iterator` (plus `ExactSizeIterator`, `FusedIterator`, `Clone`, `Debug`) for a wrapper
/// `$name { inner }` over an entry iterator of a persistent map: each entry maps to `$item`
/// through `$map`. Extra `Iterator` methods (`count`, `last`) may follow in braces.
macro_rules! entry_iterator {
    ($name:ident, $item:ty, |$e:ident| $map:expr $(, { $($extra:item)* })?) => {
        impl<'a, K, V> Iterator for $name<'a, K, V> {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.inner.next().map(|$e| $map)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.inner.size_hint()
            }
            $($($extra)*)?
        }
        impl<K, V> ExactSizeIterator for $name<'_, K, V> {}
        impl<K, V> core::iter::FusedIterator for $name<'_, K, V> {}
        impl<K, V> Clone for $name<'_, K, V> {
            fn clone(&self) -> Self {
                $name { inner: self.inner.clone() }
            }
        }
        impl<K: core::fmt::Debug, V: core::fmt::Debug> core::fmt::Debug for $name<'_, K, V> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_list().entries(self.clone()).finish()
            }
        }
    };
}

mod macros;

pub mod frozen;
mod frozen_macros;
pub mod hash;
pub mod immutable;
pub mod slice;
mod vector_macro;

pub use immutable::Vector;
