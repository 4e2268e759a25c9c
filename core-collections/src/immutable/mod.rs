//! Persistent immutable collections.

pub mod hash;
pub mod ord;
pub mod vec;
pub mod vector;

pub use hash::{
    ImmutableHashMap, ImmutableHashMapBuilder, ImmutableHashSet, ImmutableHashSetBuilder,
};
pub use ord::{ImmutableOrdMap, ImmutableOrdSet};
pub use vec::{ImmutableVec, ImmutableVecBuilder};
pub use vector::Vector;
