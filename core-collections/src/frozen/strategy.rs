//! [`Strategy`]: the lookup strategy a frozen collection picked for its keys.

/// The lookup strategy a frozen collection picked for its keys (see the [module
/// docs](crate::frozen) for how each is chosen). Reported by `strategy()`, for tests and for
/// users who want to know what their keys cost.
///
/// ```
/// use core_collections::frozen::{FrozenMap, FrozenSet, Strategy};
/// let dense: FrozenSet<u16> = (100..200).collect();
/// assert_eq!(dense.strategy(), Strategy::DenseInts);
/// let sparse: FrozenSet<u64> = (0..100).map(|i| i * 1_000_003).collect();
/// assert_eq!(sparse.strategy(), Strategy::SparseInts);
/// let tuples: FrozenMap<(u8, u8), ()> = (0..20).map(|i| ((i, i), ())).collect();
/// assert_eq!(tuples.strategy(), Strategy::GeneralHash);
/// // The string strategies carry their parameters; match with `..` to ignore them.
/// let paths: FrozenSet<String> = (0..100).map(|i| format!("/api/v1/item/{i:03}")).collect();
/// assert!(matches!(
///     paths.strategy(),
///     Strategy::Substring { .. } | Strategy::StringHash | Strategy::LengthBuckets
/// ));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// At most 8 keys (or none), compared one by one.
    SmallScan,
    /// 1 to 8 integer keys, compared all at once against the query (vectorised).
    SmallIntScan,
    /// Integer keys spanning a range at most 4× their count: an array indexed by
    /// `key - min`.
    DenseInts,
    /// Other integer keys: a table hashed by multiplying the key itself. Up to 32 keys, a
    /// multiplier is searched under which each key has a slot of its own among 256, so a
    /// lookup is one byte load and one compare; more keys are grouped in buckets.
    SparseInts,
    /// String keys with at most 2 per byte length: buckets indexed by length, scanned.
    LengthBuckets,
    /// String keys hashed on one slice of `len` bytes at `offset` from the start (or from the
    /// end, `from_end`), unique enough among the keys: for keys of 8 bytes or more an 8-byte
    /// window (one load), for shorter ones the shortest such slice; lengths outside the keys'
    /// range are rejected before hashing.
    Substring {
        /// Whether `offset` counts from the end of the key.
        from_end: bool,
        /// Bytes before (or after, `from_end`) the slice.
        offset: usize,
        /// Bytes in the slice, 1 to 8.
        len: usize,
    },
    /// String keys hashed whole, after the length range check.
    StringHash,
    /// Any other key type: a seeded hash into an open-addressing table whose size and
    /// multiplier were searched for the fewest collisions.
    GeneralHash,
}
