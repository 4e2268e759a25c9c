//! Frozen maps and sets: built once, then read many times, with a lookup strategy picked for
//! the keys at construction.
//!
//! The technique is .NET's `FrozenDictionary`: spend a little time analysing the keys up
//! front, then answer every lookup with the cheapest structure that fits them. Building
//! removes duplicate keys (the last pair wins), watches what each key's `Hash` impl writes
//! (one integer, as the integer types, `char`, `bool` and field-less enums do; one string,
//! as `str`, `String` and their smart pointers do; or anything else), and picks a
//! [`Strategy`]. Any `Hash + Eq` type is a key; no marker trait is needed:
//!
//! ```text
//! integer keys:           n <= 8                      -> SmallIntScan  (compare all 8 lanes)
//!                         max - min < 4n              -> DenseInts     (slots[key - min])
//!                         n <= 32                     -> SparseInts    (perfect hash: 256
//!                                                        one-byte slots, one compare)
//!                         otherwise                   -> SparseInts    (table, tag = key)
//! string keys:            n <= 8                      -> SmallScan
//!                         <= 2 keys per length,
//!                         few empty lengths           -> LengthBuckets (bucket[len - min])
//!                         an 8-byte window (keys of 8+
//!                         bytes; else a 1..=8-byte
//!                         slice), from the left or the
//!                         right, repeats in <= 1 key
//!                         of 20                       -> Substring     (hash the window or slice)
//!                         otherwise                   -> StringHash    (hash the whole key)
//! other keys:             n <= 8                      -> SmallScan
//!                         otherwise                   -> GeneralHash   (seeded hash, table)
//! ```
//!
//! The integer and general hashed strategies share one bucketed table whose size and
//! multiplier are chosen among a few candidates by counting collisions. The string strategies
//! index the keys with 64-byte slots, one cache line each, holding the key's edge and middle
//! words (the whole key up to 32 bytes), its length, a tag, its entry position and, for longer
//! keys, their offset in an arena of their bytes: a flat open-addressing table for the hashed
//! ones (keys placed in their home slot first, so a lookup nearly always reads one slot; big
//! tables put one filter byte per slot in front, which rejects most misses), a list in length
//! order for the buckets. They reject a query whose length is outside the keys' range before
//! hashing, and never touch the keys' own allocations. [`FrozenCaseInsensitiveMap`] runs the
//! same analysis on ASCII-folded keys.
//!
//! A lookup is one `match` on the strategy, then a short loop. Building costs a linear,
//! bounded analysis (the slice search stops after a fixed amount of work).

mod caseless;
mod index;
mod iter;
mod key;
mod map;
#[cfg(feature = "serde")]
mod serde;
mod set;
mod str_table;
mod strategy;
mod string_hash;
mod table;

pub use caseless::{FrozenCaseInsensitiveMap, FrozenCaseInsensitiveSet};
pub use iter::{IntoIter, IntoKeys, IntoValues, Iter, IterMut, Keys, Values, ValuesMut};
pub use key::FrozenKey;
pub use map::FrozenMap;
pub use set::{
    Difference, FrozenSet, Intersection, SetIntoIter, SetLookup, SymmetricDifference, Union,
};
pub use strategy::Strategy;
