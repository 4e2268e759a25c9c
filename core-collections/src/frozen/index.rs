//! The lookup index of a frozen collection: building it (key analysis) and searching it.
//!
//! Entries live in one boxed slice; the index maps a query to a position in it. Building
//! first removes duplicate keys (the last pair wins, in the first one's position), then asks
//! the keys what they are (what their `Hash` writes, see [`Shaper`]) and picks the cheapest strategy that fits.

use super::key::{BytesSink, Collect, Ignore, Shape, Shaper};
use super::str_table::{edge_tag, edges, mid_words, same_key, StrKeys};
use super::string_hash::{
    fold_word, hash_bytes, hash_edges, hash_mid, hash_word, hash_words, read_u64, short_word, Seed,
};
use super::table::{permute, table_bits, SlotTable, Table, HASH_EXTRA, INT_EXTRA, SLOT_KEYS};

/// An empty dense slot.
const EMPTY: u32 = u32::MAX;
use super::Strategy;
use crate::hash::{hash_one, process_seed, FastState};
use core::borrow::Borrow;
use core::hash::Hash;

/// At most this many keys are scanned instead of indexed.
pub(crate) const SMALL: usize = 8;
/// Integer keys whose range is under this many times their count use the dense array.
const DENSE_SPREAD: u64 = 4;
/// Length buckets hold at most this many keys (beyond that, scanning a bucket costs more than
/// hashing).
const PER_LENGTH: usize = 2;

/// Where a key's hashed slice is, and how a lookup reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slice {
    from_end: bool,
    offset: usize,
    len: usize,
    /// How a lookup reads it (a [`SliceRead`] as plain tests, which compile to less than a
    /// `match` and keep the index small): whether it is the first edge word (the commonest),
    /// else `(end, start)` of the 8-byte window at `(key length & end) + start` (the last edge
    /// word too), else none (the slice's bytes packed by [`short_word`]).
    front: bool,
    window: Option<(usize, usize)>,
}

/// Which 8-byte window of a key holds its slice (keys of at least 8 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SliceRead {
    /// The key's first edge word, or its last one (`back`).
    Edges { back: bool },
    /// The window of 8 bytes at `(key length & end) + start` (wrapping).
    Window { end: usize, start: usize },
}

impl Slice {
    fn new(from_end: bool, offset: usize, len: usize) -> Slice {
        Slice { from_end, offset, len, front: false, window: None }
    }

    /// This slice read through the 8-byte window that holds it, for keys of at least
    /// `min_len >= 8` bytes: an edge word the lookup has anyway, or one load. A window costs
    /// the same whatever the slice's length, and its other bytes tell apart keys that share
    /// the slice, so the whole window is hashed.
    fn windowed(self, min_len: usize) -> Slice {
        if min_len < 8 {
            return self;
        }
        // The window must hold the slice and lie within every key: it starts at most at the
        // slice and at most at `min_len - 8`, counted from the chosen end.
        let (from_end, offset, len) = (self.from_end, self.offset, self.len);
        let at = if from_end { (offset + len).saturating_sub(8) } else { offset.min(min_len - 8) };
        let read = match (at, from_end) {
            (0, back) => SliceRead::Edges { back },
            (_, false) => SliceRead::Window { end: 0, start: at },
            (_, true) => SliceRead::Window { end: usize::MAX, start: (8 + at).wrapping_neg() },
        };
        let window = match read {
            SliceRead::Edges { back: false } => Some((0, 0)),
            SliceRead::Edges { back: true } => Some((usize::MAX, 8usize.wrapping_neg())),
            SliceRead::Window { end, start } => Some((end, start)),
        };
        let front = read == SliceRead::Edges { back: false };
        Slice { front, window, ..self }
    }

    /// The slice of `b` packed into a word, given `b`'s [`edges`]. `b.len()` is at least
    /// `offset + len`.
    #[inline(always)]
    fn word<const FOLD: bool>(self, b: &[u8], (a, _): (u64, u64)) -> u64 {
        if self.front {
            return a;
        }
        let n = b.len();
        if let Some((end, start)) = self.window {
            let w = read_u64(b, (n & end).wrapping_add(start));
            return if FOLD { fold_word(w) } else { w };
        }
        self.packed::<FOLD>(b)
    }

    /// [`Slice::word`] of a packed slice (short keys: rarely the hot path, kept out of line).
    #[inline(never)]
    fn packed<const FOLD: bool>(self, b: &[u8]) -> u64 {
        self.packed_inline::<FOLD>(b)
    }

    /// [`Slice::packed`], inlined (for the slice search, which reads every key).
    #[inline(always)]
    fn packed_inline<const FOLD: bool>(self, b: &[u8]) -> u64 {
        let n = b.len();
        let start = if self.from_end { n - self.offset - self.len } else { self.offset };
        short_word::<FOLD>(&b[start..start + self.len])
    }
}

/// The whole-key hash of a [`Index::StringHash`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whole {
    /// [`hash_bytes`]: any lengths.
    Bytes,
    /// [`hash_words`]: keys of 8 to 32 bytes, without a branch on the length.
    Words,
    /// The length and [`edges`] only: exact up to 16 bytes, for maps with few longer keys.
    Edges,
}

impl Whole {
    #[inline(always)]
    fn hash<const FOLD: bool>(self, b: &[u8], (a, z): (u64, u64), seed: Seed) -> u64 {
        match self {
            Whole::Edges => hash_edges(a, z, b.len(), seed),
            Whole::Words => hash_words::<FOLD>(b, (a, z), seed),
            Whole::Bytes => hash_bytes::<FOLD>(b, seed),
        }
    }
}

/// The table of an [`Index::SparseInts`] index. Nested rather than a fifth integer variant of
/// [`Index`], so that the integer lookup stays a four-way `match` that the optimiser hoists
/// out of a caller's loop (with a fifth arm, it dispatched on every lookup).
#[derive(Clone, Debug)]
pub(crate) enum SparseTable {
    /// Buckets of keys, for any number of keys.
    Buckets(Table),
    /// Up to [`SLOT_KEYS`](super::table::SLOT_KEYS) keys, each alone in its slot.
    Slots(SlotTable),
}

// A plain tag byte in front (not a niche in a field): a lookup's strategy test is one compare
// with it, where the niche took a load, a subtract, a select and a compare, every lookup that
// the caller's loop cannot hoist it out of (words/1000: 1.29x -> 1.33x hashbrown+foldhash).
#[derive(Clone, Debug)]
#[repr(u8)]
pub(crate) enum Index {
    Scan,
    /// The keys as integers, padded with the first one (so the first match is a real key).
    ScanInts([u64; SMALL]),
    /// Every integer of `min..min + len` is a key; entries are in key order.
    DenseFull {
        min: u64,
    },
    DenseInts {
        min: u64,
        slots: Box<[u32]>,
    },
    SparseInts(SparseTable),
    /// Keys listed by length; those of length `min_len + b` are `starts[b]..starts[b + 1]`.
    LengthBuckets {
        min_len: usize,
        starts: Box<[u32]>,
        keys: StrKeys,
    },
    /// Keys in a table by the hash of their slice; lengths `min_len..=min_len + span`.
    Substring {
        min_len: usize,
        span: usize,
        slice: Slice,
        seed: Seed,
        keys: StrKeys,
    },
    /// Keys in a table by the hash of their bytes; lengths `min_len..=min_len + span`.
    StringHash {
        min_len: usize,
        span: usize,
        /// How the keys are hashed.
        whole: Whole,
        seed: Seed,
        keys: StrKeys,
    },
    GeneralHash {
        state: FastState,
        table: Table,
    },
}

impl Index {
    pub(crate) fn strategy(&self) -> Strategy {
        match self {
            Index::Scan => Strategy::SmallScan,
            Index::ScanInts(_) => Strategy::SmallIntScan,
            Index::DenseFull { .. } | Index::DenseInts { .. } => Strategy::DenseInts,
            Index::SparseInts(_) => Strategy::SparseInts,
            Index::LengthBuckets { .. } => Strategy::LengthBuckets,
            Index::Substring { slice, .. } => Strategy::Substring {
                from_end: slice.from_end,
                offset: slice.offset,
                len: slice.len,
            },
            Index::StringHash { .. } => Strategy::StringHash,
            Index::GeneralHash { .. } => Strategy::GeneralHash,
        }
    }

    /// Heap bytes held by the index (not the entries).
    pub(crate) fn heap_size(&self) -> usize {
        match self {
            Index::Scan | Index::ScanInts(_) | Index::DenseFull { .. } => 0,
            Index::DenseInts { slots, .. } => core::mem::size_of_val(&**slots),
            Index::LengthBuckets { starts, keys, .. } => {
                core::mem::size_of_val(&**starts) + keys.heap_size()
            }
            Index::Substring { keys, .. } | Index::StringHash { keys, .. } => keys.heap_size(),
            Index::SparseInts(SparseTable::Slots(table)) => table.heap_size(),
            Index::SparseInts(SparseTable::Buckets(table)) | Index::GeneralHash { table, .. } => {
                table.heap_size()
            }
        }
    }

    /// Deduplicates `entries` (last wins) and indexes them by their keys.
    ///
    /// The keys' shapes (what their `Hash` writes: one integer, one string, or else) pick
    /// the family of strategies; integer keys are deduplicated by their integer (through the
    /// dense array when they are dense), string keys by a hash of their bytes, others by
    /// their seeded hash. Equality always confirms a duplicate.
    pub(crate) fn build<K: Hash + Eq, V>(entries: &mut Vec<(K, V)>) -> Index {
        match entries.first().map(|(k, _)| Shaper::run(k, Ignore).0) {
            Some(Shape::Int(_, width)) => {
                // One pass: every key an integer of the same width, and their range.
                let (mut min, mut max, mut same) = (u64::MAX, 0, true);
                for (k, _) in entries.iter() {
                    let Shape::Int(x, w) = Shaper::run(k, Ignore).0 else {
                        same = false;
                        break;
                    };
                    same &= w == width;
                    min = min.min(x);
                    max = max.max(x);
                }
                if same {
                    if let Some(index) = int_index(entries, Some((min, max))) {
                        return index;
                    }
                }
            }
            Some(Shape::Str) => {
                let mut arena = Vec::new();
                let mut ends = Vec::with_capacity(entries.len());
                for (k, _) in entries.iter() {
                    if Shaper::run(k, Collect(&mut arena)).0 != Shape::Str {
                        break;
                    }
                    ends.push(arena.len());
                }
                if ends.len() == entries.len() {
                    let mut keys: Vec<&[u8]> = Vec::with_capacity(ends.len());
                    let mut start = 0;
                    for &end in &ends {
                        keys.push(&arena[start..end]);
                        start = end;
                    }
                    // Repeated keys are rare: the index finds them as it builds (equal bytes,
                    // equal hashes), and only then are they removed and the index built again.
                    if let Some(index) = string_index::<false>(keys.len(), |i| keys[i], true) {
                        return index;
                    }
                    let seed = Seed::new(process_seed());
                    if let Some(dead) = dedup(entries, |i, _| hash_bytes::<false>(keys[i], seed)) {
                        retain_live(entries, &dead);
                        retain_live(&mut keys, &dead);
                    }
                    // Keys whose `Eq` tells apart equal bytes stay as they are.
                    return string_index::<false>(entries.len(), |i| keys[i], false)
                        .unwrap_or(Index::Scan);
                }
            }
            _ => {}
        }
        // A secret seed: the duplicate check is a hash table, which colliding keys would make
        // quadratic.
        let state = FastState::new();
        let tags: Vec<u64> = entries.iter().map(|(k, _)| hash_one(&state, k)).collect();
        if let Some(dead) = dedup(entries, |i, _| tags[i]) {
            retain_live(entries, &dead);
            let tags: Vec<u64> = (0..dead.len()).filter(|&i| !dead[i]).map(|i| tags[i]).collect();
            return general_index(entries, state, &tags);
        }
        general_index(entries, state, &tags)
    }

    /// Deduplicates `entries` ignoring ASCII case (last wins) and indexes them.
    pub(crate) fn build_caseless<K: AsRef<str>, V>(entries: &mut Vec<(K, V)>) -> Index {
        let key = |i: usize| entries[i].0.as_ref().as_bytes();
        if let Some(index) = string_index::<true>(entries.len(), key, true) {
            return index;
        }
        let seed = Seed::new(process_seed());
        let hashes: Vec<u64> =
            entries.iter().map(|(k, _)| hash_bytes::<true>(k.as_ref().as_bytes(), seed)).collect();
        let eq = |a: &K, b: &K| a.as_ref().eq_ignore_ascii_case(b.as_ref());
        if let Some(dead) = dedup_by(entries, |i, _| hashes[i], eq) {
            retain_live(entries, &dead);
        }
        string_index::<true>(entries.len(), |i| entries[i].0.as_ref().as_bytes(), false)
            .unwrap_or(Index::Scan)
    }

    /// Whether this is an index of integer keys.
    #[inline(always)]
    fn is_int(&self) -> bool {
        matches!(
            self,
            Index::ScanInts(_)
                | Index::DenseFull { .. }
                | Index::DenseInts { .. }
                | Index::SparseInts(_)
        )
    }

    /// The position of `q` among `entries`.
    ///
    /// The query's shape (see [`Shaper`]) is a compile-time constant once its `Hash` call is
    /// inlined, so each key type only ever dispatches among its own strategies: a short
    /// `match` the optimiser can hoist out of a caller's loop. Integer hits are confirmed by
    /// equality; string hits by the bytes the index holds.
    #[inline]
    pub(crate) fn find<K, V, Q>(&self, entries: &[(K, V)], q: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let (shape, probe) = Shaper::run(q, StrProbe { index: self, found: None });
        match shape {
            Shape::Int(x, _) if self.is_int() => {
                let eq = |i: usize| entries.get(i).is_some_and(|(k, _)| k.borrow() == q);
                return self.find_int(entries.len(), x, eq, !exact_int::<Q>());
            }
            Shape::Str => {
                if let Some(found) = probe.found {
                    return found;
                }
            }
            _ => {}
        }
        self.find_other(entries, q)
    }

    /// [`Index::find`] for the scanned and general strategies (and queries whose shape is not
    /// the keys': no key equals them, as equal keys hash alike).
    #[inline]
    fn find_other<K, V, Q>(&self, entries: &[(K, V)], q: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        match self {
            Index::Scan => entries.iter().position(|(k, _)| k.borrow() == q),
            Index::GeneralHash { state, table } => {
                let range = table.bucket(hash_one(state, q));
                let start = range.start;
                Some(start + entries.get(range)?.iter().position(|(k, _)| k.borrow() == q)?)
            }
            _ => None,
        }
    }

    /// The position among `n` entries of the integer key `x` (an index of integer keys;
    /// `eq(i)`: whether entry `i` is the query). The strategies that place keys by their
    /// integer alone confirm a hit with `eq` if `confirm`: not for the std integer types,
    /// whose equality is their integer's.
    #[inline(always)]
    fn find_int(
        &self,
        n: usize,
        x: u64,
        eq: impl Fn(usize) -> bool,
        confirm: bool,
    ) -> Option<usize> {
        let confirmed = |i: usize| (!confirm || eq(i)).then_some(i);
        match self {
            Index::DenseFull { min } => {
                let offset = x.wrapping_sub(*min);
                (offset < n as u64).then_some(offset as usize).and_then(confirmed)
            }
            Index::SparseInts(SparseTable::Buckets(table)) => {
                // Index by index: an empty bucket costs one compare (no slice bounds checks).
                table.bucket(x).find(|&i| eq(i))
            }
            // A used slot holds the only candidate; an empty one fails the caller's bounds
            // check.
            Index::SparseInts(SparseTable::Slots(table)) => {
                let i = table.get(x);
                eq(i).then_some(i)
            }
            Index::ScanInts(keys) => scan_ints(keys, x).and_then(confirmed),
            Index::DenseInts { min, slots } => {
                let offset = usize::try_from(x.wrapping_sub(*min)).ok()?;
                match *slots.get(offset)? {
                    EMPTY => None,
                    i => confirmed(i as usize),
                }
            }
            _ => None,
        }
    }

    /// The position of the string `b` among the `n` entries whose key bytes are `key(i)`,
    /// ignoring ASCII case if `FOLD`; `None` if this index is not one that this function
    /// searches (a scan of case-sensitive keys, or an index of other keys).
    #[inline(always)]
    fn find_str<'a, const FOLD: bool>(
        &self,
        b: &[u8],
        n: usize,
        key: impl Fn(usize) -> &'a [u8],
    ) -> Option<Option<usize>> {
        // The hashed strategies first, as plain tests rather than a jump table: they are the
        // common case of big maps.
        if let Index::Substring { min_len, span, slice, seed, keys } = self {
            if b.len().wrapping_sub(*min_len) > *span {
                return Some(None);
            }
            let e = edges::<FOLD>(b);
            let h = hash_word(slice.word::<FOLD>(b, e), *seed);
            let tag = if keys.filtered() { edge_tag(e) } else { 0 };
            return Some(keys.find::<FOLD>(h, tag, e, b));
        }
        if let Index::StringHash { min_len, span, whole, seed, keys } = self {
            if b.len().wrapping_sub(*min_len) > *span {
                return Some(None);
            }
            let e = edges::<FOLD>(b);
            if *whole == Whole::Words {
                // The middle words serve the hash and then the compare.
                let mid = mid_words::<FOLD>(b);
                let h = hash_mid(e, mid, b.len(), *seed);
                return Some(keys.find_mid::<FOLD>(h, h as u32, e, mid, b));
            }
            let h = if *whole == Whole::Edges {
                hash_edges(e.0, e.1, b.len(), *seed)
            } else {
                hash_bytes::<FOLD>(b, *seed)
            };
            return Some(keys.find::<FOLD>(h, h as u32, e, b));
        }
        self.scan_str::<FOLD>(b, n, key)
    }

    /// [`Index::find_str`] for the small maps (kept out of line, so that the common
    /// strategies above stay two tests, and their code in registers).
    #[inline(never)]
    fn scan_str<'a, const FOLD: bool>(
        &self,
        b: &[u8],
        n: usize,
        key: impl Fn(usize) -> &'a [u8],
    ) -> Option<Option<usize>> {
        match self {
            Index::LengthBuckets { min_len, starts, keys } => {
                let k = b.len().wrapping_sub(*min_len);
                let range = starts.get(k).zip(starts.get(k.wrapping_add(1)));
                Some(
                    range.and_then(|(&start, &end)| {
                        keys.scan::<FOLD>(start as usize..end as usize, b)
                    }),
                )
            }
            // Case-sensitive keys are scanned with their own equality.
            Index::Scan if FOLD => Some((0..n).find(|&i| key(i).eq_ignore_ascii_case(b))),
            _ => None,
        }
    }

    /// The position of `q` among `entries`, ignoring ASCII case (an index from
    /// [`Index::build_caseless`]).
    #[inline]
    pub(crate) fn find_caseless<K: AsRef<str>, V>(
        &self,
        entries: &[(K, V)],
        q: &str,
    ) -> Option<usize> {
        let key = |i: usize| entries[i].0.as_ref().as_bytes();
        self.find_str::<true>(q.as_bytes(), entries.len(), key).flatten()
    }
}

/// Compares all (up to 8) keys with `x` at once; the loop has no early exit, so the compiler
/// turns it into vector compares and a mask.
#[inline(always)]
fn scan_ints(keys: &[u64; SMALL], x: u64) -> Option<usize> {
    let mut mask = 0u32;
    for (i, &k) in keys.iter().enumerate() {
        mask |= ((k == x) as u32) << i;
    }
    if mask == 0 {
        None
    } else {
        Some(mask.trailing_zeros() as usize)
    }
}

/// Whether `Q` is a std integer type (or `char`, `bool`), whose equality is equality of the
/// integer its `Hash` writes. Decided by the type's name, which the optimiser folds to a
/// constant; a name it does not know only costs a confirming compare.
#[inline(always)]
fn exact_int<Q: ?Sized>() -> bool {
    matches!(
        core::any::type_name::<Q>(),
        "u8" | "u16"
            | "u32"
            | "u64"
            | "usize"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "isize"
            | "char"
            | "bool"
    )
}

/// Hands a string query's bytes to [`Index::find_str`] while its `Hash` impl runs.
struct StrProbe<'a> {
    index: &'a Index,
    /// What `find_str` answered, if it searched.
    found: Option<Option<usize>>,
}

impl BytesSink for StrProbe<'_> {
    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        self.found = self.index.find_str::<false>(b, 0, |_| &[][..]);
    }
}

/// Finds entries whose key equals an earlier one's and moves the later pair (key and value)
/// into the earlier one's position; the entries left behind are marked in the returned mask
/// (`None`: no duplicates). `hash(i, k)` is the hash of entry `i`'s key `k` (as it was
/// given), and must agree with equality.
fn dedup<K: Eq, V>(entries: &mut [(K, V)], hash: impl Fn(usize, &K) -> u64) -> Option<Vec<bool>> {
    dedup_by(entries, hash, |a: &K, b: &K| a == b)
}

/// [`dedup`] with the equality `eq`.
fn dedup_by<K, V>(
    entries: &mut [(K, V)],
    hash: impl Fn(usize, &K) -> u64,
    eq: impl Fn(&K, &K) -> bool,
) -> Option<Vec<bool>> {
    let n = entries.len();
    if n < 2 {
        return None;
    }
    // At most half full: linear probing at the load of `table_bits(n)` alone (up to 100%)
    // made this check most of a sparse build.
    let bits = table_bits(n) + 1;
    let mut seen = vec![EMPTY; 1 << bits];
    let mask = seen.len() - 1;
    let mut dead: Option<Vec<bool>> = None;
    for i in 0..n {
        let h = hash(i, &entries[i].0);
        let mut p = (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize;
        loop {
            let j = seen[p];
            if j == EMPTY {
                seen[p] = i as u32;
                break;
            }
            if eq(&entries[j as usize].0, &entries[i].0) {
                entries.swap(i, j as usize);
                dead.get_or_insert_with(|| vec![false; n])[i] = true;
                break;
            }
            p = (p + 1) & mask;
        }
    }
    dead
}

/// Keeps the items of `v` not marked in `dead`.
fn retain_live<T>(v: &mut Vec<T>, dead: &[bool]) {
    let mut i = 0;
    v.retain(|_| {
        i += 1;
        !dead[i - 1]
    });
}

/// A scan for a few keys, else a seeded hash table over `tags` (with `entries` reordered by
/// bucket).
fn general_index<K, V>(entries: &mut Vec<(K, V)>, state: FastState, tags: &[u64]) -> Index {
    if entries.len() <= SMALL {
        return Index::Scan;
    }
    Index::GeneralHash { state, table: hashed(entries, tags) }
}

/// The integer a key's `Hash` writes (an integer key's).
#[inline(always)]
fn int_of<K: Hash>(k: &K) -> u64 {
    match Shaper::run(k, Ignore).0 {
        Shape::Int(x, _) => x,
        _ => 0,
    }
}

/// The integer strategies for integer keys (deduplicating `entries`), or `None` if two
/// different keys share an integer (their `Hash` writes the same number).
fn int_index<K: Hash + Eq, V>(
    entries: &mut Vec<(K, V)>,
    range: Option<(u64, u64)>,
) -> Option<Index> {
    let n = entries.len();
    let (min, max) = range.unwrap_or_else(|| {
        entries.iter().fold((u64::MAX, 0), |(lo, hi), (k, _)| {
            let x = int_of(k);
            (lo.min(x), hi.max(x))
        })
    });
    if n > SMALL && max - min < DENSE_SPREAD.saturating_mul(n as u64) {
        return dense_index(entries, min, max);
    }
    let key = |i: usize| int_of(&entries[i].0);
    if n > SLOT_KEYS {
        // Buckets confirm each candidate by equality: keys sharing an integer are fine. Equal
        // keys share their integer, hence their bucket: rather than a hash table of its own,
        // the duplicate check looks for repeated integers within the buckets, and only if it
        // finds one (or the buckets are too crowded to look cheaply) runs the full check.
        let (table, dest) = Table::build(n, INT_EXTRA, key);
        dest.apply(entries);
        if !repeats_in_buckets(&table, entries) {
            return Some(Index::SparseInts(SparseTable::Buckets(table)));
        }
        if let Some(dead) = dedup_ints(entries) {
            retain_live(entries, &dead);
            return int_index(entries, None);
        }
        // Only different keys that share an integer: the buckets tell them apart.
        return Some(Index::SparseInts(SparseTable::Buckets(table)));
    }
    if let Some(dead) = dedup_ints(entries) {
        retain_live(entries, &dead);
        return int_index(entries, None);
    }
    let key = |i: usize| int_of(&entries[i].0);
    if n <= SMALL {
        // Distinct integers only: the scan takes the first match.
        if (1..n).any(|i| (0..i).any(|j| key(j) == key(i))) {
            return None;
        }
        let mut keys = [key(0); SMALL];
        (0..n).for_each(|i| keys[i] = key(i));
        Some(Index::ScanInts(keys))
    } else if let Some(table) = SlotTable::build(n, key) {
        Some(Index::SparseInts(SparseTable::Slots(table)))
    } else {
        let (table, dest) = Table::build(n, INT_EXTRA, key);
        dest.apply(entries);
        Some(Index::SparseInts(SparseTable::Buckets(table)))
    }
}

/// [`dedup`] for integer keys, hashing their integers under the secret seed (which keeps the
/// check linear whatever the keys).
fn dedup_ints<K: Hash + Eq, V>(entries: &mut [(K, V)]) -> Option<Vec<bool>> {
    let seed = Seed::new(process_seed());
    dedup(entries, |_, k| hash_word(int_of(k), seed))
}

/// Whether two entries of a bucket table (entries grouped by bucket) share an integer, or the
/// buckets are too crowded to tell with a few compares per key (then `true` too: the caller
/// runs the full duplicate check).
fn repeats_in_buckets<K: Hash, V>(table: &Table, entries: &[(K, V)]) -> bool {
    let mut budget = 4 * entries.len() + 64;
    for (i, (k, _)) in entries.iter().enumerate() {
        let x = int_of(k);
        let start = table.bucket(x).start;
        if start < i {
            budget = match budget.checked_sub(i - start) {
                Some(b) => b,
                None => return true,
            };
            if entries[start..i].iter().any(|(other, _)| int_of(other) == x) {
                return true;
            }
        }
    }
    false
}

/// The dense strategies, for integer keys in `min..=max`, a range under [`DENSE_SPREAD`]
/// times their count: one pass over an array of slots finds the duplicates and, if there are
/// none, is the index.
fn dense_index<K: Hash + Eq, V>(entries: &mut Vec<(K, V)>, min: u64, max: u64) -> Option<Index> {
    let n = entries.len();
    assert!(n < EMPTY as usize, "a frozen collection holds fewer than 2^32 - 1 entries");
    if max - min == n as u64 - 1 {
        // Maybe every integer of the range once: no slots needed. Keys given in order need
        // no more than this pass; others, a bitmap to see they are distinct, then a move.
        let offset = |k: &K| (int_of(k) - min) as usize;
        if entries.iter().enumerate().all(|(i, (k, _))| offset(k) == i) {
            return Some(Index::DenseFull { min });
        }
        let mut seen = vec![0u64; n.div_ceil(64)];
        let mut distinct = true;
        for (k, _) in entries.iter() {
            let o = offset(k);
            let (word, bit) = (o / 64, 1u64 << (o % 64));
            distinct &= seen[word] & bit == 0;
            seen[word] |= bit;
        }
        if distinct {
            drop(seen);
            let dest: Vec<u32> = entries.iter().map(|(k, _)| offset(k) as u32).collect();
            permute(entries, &dest);
            return Some(Index::DenseFull { min });
        }
    }
    let mut slots = vec![EMPTY; (max - min) as usize + 1];
    let mut dups = Vec::new();
    for i in 0..n {
        let slot = &mut slots[(int_of(&entries[i].0) - min) as usize];
        if *slot == EMPTY {
            *slot = i as u32;
        } else if entries[*slot as usize].0 == entries[i].0 {
            dups.push((*slot as usize, i));
        } else {
            return None; // two keys, one integer
        }
    }
    if !dups.is_empty() {
        // The later pair into the earlier one's position, in order (the last one wins).
        let mut dead = vec![false; n];
        for (j, i) in dups {
            entries.swap(j, i);
            dead[i] = true;
        }
        retain_live(entries, &dead);
        return int_index(entries, Some((min, max)));
    }
    if n == slots.len() {
        // Every integer of the range: entries in key order, and no slots.
        drop(slots);
        let dest: Vec<u32> = entries.iter().map(|(k, _)| (int_of(k) - min) as u32).collect();
        permute(entries, &dest);
        return Some(Index::DenseFull { min });
    }
    Some(Index::DenseInts { min, slots: slots.into_boxed_slice() })
}

/// The string strategies for the `n` keys `bytes(i)` (`FOLD`: ignoring ASCII case). Leaves
/// the entries in their order. With `unique`, `None` if two keys are equal.
fn string_index<'a, const FOLD: bool>(
    n: usize,
    bytes: impl Fn(usize) -> &'a [u8],
    unique: bool,
) -> Option<Index> {
    let bytes = &bytes;
    let repeat = |range: core::ops::Range<usize>, key: &dyn Fn(usize) -> usize| {
        range
            .clone()
            .any(|j| (range.start..j).any(|i| same_key::<FOLD>(bytes(key(i)), bytes(key(j)))))
    };
    if n <= SMALL {
        return (!unique || !repeat(0..n, &|i| i)).then_some(Index::Scan);
    }
    let (mut min_len, mut max_len) = (usize::MAX, 0);
    for i in 0..n {
        min_len = min_len.min(bytes(i).len());
        max_len = max_len.max(bytes(i).len());
    }
    if let Some((starts, order)) = length_buckets(n, &bytes, min_len, max_len) {
        // Equal keys share a bucket (of at most `PER_LENGTH` keys).
        let key = |i: usize| order[i] as usize;
        if unique && starts.windows(2).any(|b| repeat(b[0] as usize..b[1] as usize, &key)) {
            return None;
        }
        let keys = StrKeys::list::<FOLD>(&order, bytes);
        return Some(Index::LengthBuckets { min_len, starts, keys });
    }
    let seed = process_seed();
    // Big tables are bound by memory, not by hashing: the whole-key hash of 8 to 32-byte keys
    // spreads misses over the table, where the filter rejects most of them.
    let words = min_len >= 8 && max_len <= 32;
    let slices = !(words && n > 4096);
    if let Some(slice) = slices.then(|| find_slice::<FOLD>(n, &bytes, min_len, max_len)).flatten() {
        let slice = slice.windowed(min_len);
        let hash = |seed, i: usize| {
            let b = bytes(i);
            hash_word(slice.word::<FOLD>(b, edges::<FOLD>(b)), seed)
        };
        // The tag only serves the filter (see `StrKeys::filtered`), which pays off once the
        // slots outgrow the caches: misses share their slice, so their home, with some key,
        // but mostly not their edges.
        let filter = n > 16_384;
        let tag = |_, i: usize| if filter { edge_tag(edges::<FOLD>(bytes(i))) } else { 0 };
        let (keys, seed) = StrKeys::table::<FOLD>(n, bytes, hash, tag, seed, filter, unique)?;
        return Some(Index::Substring { min_len, span: max_len - min_len, slice, seed, keys });
    }
    // Keys of at most 16 bytes are determined by their edges; the longer ones may share them
    // (and then probe on), so the edges hash is kept for maps with few long keys.
    let long = (0..n).filter(|&i| bytes(i).len() > 16).count();
    let whole = if long <= n / 20 {
        Whole::Edges
    } else if words {
        Whole::Words
    } else {
        Whole::Bytes
    };
    let hash = |seed, i: usize| {
        let b = bytes(i);
        whole.hash::<FOLD>(b, edges::<FOLD>(b), seed)
    };
    // Misses spread over the table: past the smallest maps, a byte per slot in the first
    // level of cache rejects most of them.
    let filter = n > 64;
    let tag = |h, _| h as u32;
    let (keys, seed) = StrKeys::table::<FOLD>(n, bytes, hash, tag, seed, filter, unique)?;
    Some(Index::StringHash { min_len, span: max_len - min_len, whole, seed, keys })
}

/// A table over `tags` (one per entry), with `entries` reordered by bucket.
fn hashed<T>(entries: &mut Vec<T>, tags: &[u64]) -> Table {
    let (table, dest) = Table::build(tags.len(), HASH_EXTRA, |i| tags[i]);
    dest.apply(entries);
    table
}

/// Length buckets, when no length has more than [`PER_LENGTH`] keys and at most half the
/// lengths in the range are missing: the bucket starts, and the entries in length order.
fn length_buckets<'a>(
    n: usize,
    bytes: &impl Fn(usize) -> &'a [u8],
    min_len: usize,
    max_len: usize,
) -> Option<(Box<[u32]>, Vec<u32>)> {
    let span = max_len - min_len + 1;
    if span * 2 > n + 2 * SMALL {
        return None; // too many lengths for the keys: mostly empty buckets
    }
    let mut starts = vec![0u32; span + 1];
    for i in 0..n {
        let b = bytes(i).len() - min_len;
        starts[b + 1] += 1;
        if starts[b + 1] as usize > PER_LENGTH {
            return None;
        }
    }
    if starts.iter().filter(|&&c| c == 0).count() - 1 > span / 2 {
        return None;
    }
    for b in 1..starts.len() {
        starts[b] += starts[b - 1];
    }
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by_key(|&i| bytes(i as usize).len());
    Some((starts.into_boxed_slice(), order))
}

/// Keys in the sample on which [`find_slice`] ranks its candidates.
const SAMPLE: usize = 32;

/// A slice of the keys on which at most 1 key in 20 repeats another, within a bounded amount
/// of work: for keys of at least 8 bytes, an 8-byte window (the edge words first, then
/// inward, alternating ends), as a lookup reads and hashes the whole window anyway; for
/// shorter keys, a slice of 1 to 8 bytes, left- or right-justified (shorter ones first).
///
/// The candidates are first tried on a sample of [`SAMPLE`] keys spread over all of them; the
/// full check then takes them by fewest repeats in the sample, ties in the order above. Most
/// candidates that repeat too often fail within a few dozen keys, but one that repeats a
/// little too often (the digits of a counter beside constant text) reads most keys before it
/// fails: the sample puts the unique ones first.
fn find_slice<'a, const FOLD: bool>(
    n: usize,
    bytes: &impl Fn(usize) -> &'a [u8],
    min_len: usize,
    max_len: usize,
) -> Option<Slice> {
    let sides: &[bool] = if min_len == max_len { &[false] } else { &[false, true] };
    // Keys of 8 bytes or more: every slice that the short-key search would accept lies in
    // one of the windows (the one `Slice::windowed` reads for it), whose other bytes only tell
    // keys apart more: the windows find a slice whenever the slices do, in far fewer
    // candidates.
    let windows = min_len >= 8;
    let mut candidates = Vec::new();
    if windows {
        for offset in 0..=min_len - 8 {
            for &from_end in sides {
                candidates.push(Slice::new(from_end, offset, 8));
            }
        }
    } else {
        for len in 1..=min_len {
            for &from_end in sides {
                for offset in 0..=min_len - len {
                    candidates.push(Slice::new(from_end, offset, len));
                }
            }
        }
    }
    // The word of a key a candidate hashes (unique per slice, for one slice length).
    #[inline(always)]
    fn word<const FOLD: bool>(windows: bool, c: Slice, b: &[u8]) -> u64 {
        if !windows {
            return c.packed_inline::<FOLD>(b);
        }
        let at = if c.from_end { b.len() - 8 - c.offset } else { c.offset };
        let w = read_u64(b, at);
        if FOLD {
            fold_word(w)
        } else {
            w
        }
    }
    // Repeats within the sample, in a table of twice its size.
    let sample: Vec<&[u8]> = (0..SAMPLE.min(n)).map(|j| bytes(j * n / SAMPLE.min(n))).collect();
    let mut ranked: Vec<(usize, Slice)> = candidates
        .into_iter()
        .map(|c| {
            let mut seen = [u64::MAX; 2 * SAMPLE];
            let mut repeats = 0;
            for b in &sample {
                let w = word::<FOLD>(windows, c, b);
                let mut p = (w.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize;
                loop {
                    if seen[p] == u64::MAX {
                        seen[p] = w;
                        break;
                    }
                    if seen[p] == w {
                        repeats += 1;
                        break;
                    }
                    p = (p + 1) % (2 * SAMPLE);
                }
            }
            (repeats, c)
        })
        .collect();
    // Stable: ties keep the preferred order.
    ranked.sort_by_key(|&(repeats, _)| repeats);

    let allowed = n / 20;
    // At most half full: at the load of `table_bits(n)` alone (up to 100%), linear probing
    // for the accepted slice took most of a string build.
    let bits = table_bits(n) + 1;
    let mut seen = vec![u64::MAX; 1 << bits];
    let mask = seen.len() - 1;
    let mut touched = Vec::with_capacity(n);
    // Each key looked at costs one unit; a failing candidate usually stops early, once it has
    // seen `allowed` repeats.
    let mut budget = (64 * n).max(1 << 20);
    for (_, c) in ranked {
        // Only the slots the last candidate used go back to empty (a fill of the whole
        // table per candidate cost more than the failing candidates' probes).
        for &p in &touched {
            seen[p] = u64::MAX;
        }
        touched.clear();
        let mut repeats = 0;
        let mut i = 0;
        while i < n && repeats <= allowed {
            let w = word::<FOLD>(windows, c, bytes(i));
            let mut p = (w.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize;
            loop {
                if seen[p] == u64::MAX {
                    seen[p] = w;
                    touched.push(p);
                    break;
                }
                if seen[p] == w {
                    repeats += 1;
                    break;
                }
                p = (p + 1) & mask;
            }
            i += 1;
        }
        if repeats <= allowed {
            return Some(c);
        }
        budget = budget.checked_sub(i)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The integer an integer key's `Hash` writes.
    fn as_u64<K: Hash + ?Sized>(k: &K) -> Option<u64> {
        match Shaper::run(k, Ignore).0 {
            Shape::Int(x, _) => Some(x),
            _ => None,
        }
    }

    #[test]
    fn exact_ints_are_the_std_integers() {
        assert!(exact_int::<u64>() && exact_int::<i8>() && exact_int::<usize>());
        assert!(exact_int::<char>() && exact_int::<bool>());
        assert!(!exact_int::<String>() && !exact_int::<(u8,)>() && !exact_int::<u128>());
        assert!(!exact_int::<Rng>() && !exact_int::<str>());
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z ^ (z >> 31)
        }

        fn string(&mut self, min: usize, max: usize, alphabet: &[u8]) -> String {
            let len = min + (self.next() as usize) % (max - min + 1);
            let pick = |r: &mut Rng| alphabet[(r.next() as usize) % alphabet.len()] as char;
            (0..len).map(|_| pick(self)).collect()
        }
    }

    #[test]
    fn windowed_slices_read_the_window_bytes() {
        let mut rng = Rng(1);
        let keys: Vec<String> = (0..200).map(|_| rng.string(8, 20, b"aAbB")).collect();
        for min_len in [8, 12] {
            for from_end in [false, true] {
                for len in 1..=8 {
                    for offset in 0..=min_len - len {
                        let windowed = Slice::new(from_end, offset, len).windowed(min_len);
                        assert!(windowed.window.is_some());
                        // The 8 bytes holding the slice, inside every key of `min_len` bytes.
                        let window = |k: &str| {
                            let b = k.as_bytes();
                            let at = if from_end {
                                b.len() - (offset + len).max(8)
                            } else {
                                offset.min(min_len - 8)
                            };
                            b[at..at + 8].to_vec()
                        };
                        let keys = keys.iter().filter(|k| k.len() >= min_len);
                        let keys: Vec<&String> = keys.collect();
                        for x in &keys {
                            let (bx, wx) = (x.as_bytes(), window(x));
                            assert!(wx.windows(len).any(|w| {
                                let start = if from_end { bx.len() - offset - len } else { offset };
                                w == &bx[start..start + len]
                            }));
                            for y in &keys[..20] {
                                let (by, wy) = (y.as_bytes(), window(y));
                                let w = |b| windowed.word::<false>(b, edges::<false>(b));
                                assert_eq!(w(bx) == w(by), wx == wy);
                                let wf = |b| windowed.word::<true>(b, edges::<true>(b));
                                let lower = |v: Vec<u8>| v.to_ascii_lowercase();
                                assert_eq!(wf(bx) == wf(by), lower(wx.clone()) == lower(wy));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Builds an index over `keys` (plain, and ignoring case) and checks every key and a
    /// one-byte change of each against a `HashMap`.
    fn check(keys: Vec<String>, rng: &mut Rng) {
        let mut entries: Vec<(String, usize)> = keys.into_iter().zip(0..).collect();
        let index = Index::build(&mut entries);
        let oracle: HashMap<&str, usize> =
            entries.iter().enumerate().map(|(i, (k, _))| (k.as_str(), i)).collect();
        let mut lower: Vec<(String, usize)> =
            entries.iter().map(|(k, v)| (k.to_ascii_lowercase(), *v)).collect();
        let caseless = Index::build_caseless(&mut lower);
        let folded: HashMap<String, usize> =
            lower.iter().enumerate().map(|(i, (k, _))| (k.clone(), i)).collect();
        for (k, _) in &entries {
            let mut miss = k.clone().into_bytes();
            let at = (rng.next() as usize) % miss.len().max(1);
            if let Some(c) = miss.get_mut(at) {
                *c = if *c == b'#' { b'%' } else { b'#' };
            }
            let miss = String::from_utf8(miss).unwrap_or_default();
            for q in [k.as_str(), &miss] {
                assert_eq!(index.find(&entries, q), oracle.get(q).copied(), "{q}");
                let upper = q.to_ascii_uppercase();
                let want = folded.get(&q.to_ascii_lowercase()).copied();
                assert_eq!(caseless.find_caseless(&lower, &upper), want, "{q}");
            }
        }
    }

    #[test]
    fn big_tables_with_filters_find_their_keys_only() {
        let mut rng = Rng(2);
        let alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        for (min, max) in [(8, 32), (1, 60), (12, 12), (20, 40)] {
            let keys = (0..20_000).map(|_| rng.string(min, max, alphabet)).collect();
            check(keys, &mut rng);
        }
        // Shared prefixes: a substring table with a window inside the keys.
        let keys = (0..20_000).map(|i| format!("/api/v1/items/{i:06}/x")).collect();
        check(keys, &mut rng);
    }

    #[test]
    fn sparse_int_tables_find_their_keys_only() {
        let mut rng = Rng(4);
        for n in [9, 16, 100, 5000] {
            // Random magnitudes (a wide range), and keys differing only in their top bits.
            let random = (0..n).map(|_| rng.next() >> (rng.next() % 60)).collect::<Vec<_>>();
            let top = (0..n as u64).map(|i| i << 50 | 7).collect::<Vec<_>>();
            for keys in [random, top] {
                let mut entries: Vec<(u64, usize)> = keys.into_iter().zip(0..).collect();
                let index = Index::build(&mut entries);
                assert_eq!(index.strategy(), Strategy::SparseInts);
                let oracle: HashMap<u64, usize> =
                    entries.iter().enumerate().map(|(i, (k, _))| (*k, i)).collect();
                for (k, _) in &entries {
                    for q in [*k, k.wrapping_add(1), k ^ 1 << 63, k.wrapping_sub(1 << 50)] {
                        assert_eq!(index.find(&entries, &q), oracle.get(&q).copied(), "{q}");
                    }
                }
            }
        }
    }

    /// The integer strategy `int_index` should pick for `keys` (distinct).
    fn expected_int_index(keys: &[u64]) -> &'static str {
        let (min, max) = (keys.iter().min().unwrap_or(&0), keys.iter().max().unwrap_or(&0));
        let n = keys.len();
        if n > SMALL && max - min == n as u64 - 1 {
            "dense"
        } else if n <= SMALL {
            "scan"
        } else if max - min < DENSE_SPREAD * n as u64 {
            "dense"
        } else if n <= super::super::table::SLOT_KEYS {
            "slots"
        } else {
            "buckets"
        }
    }

    /// Builds an index over `n` distinct keys made by `make` from random numbers, checks its
    /// strategy, then checks every key, and each query of `queries` plus, for a slot table,
    /// non-keys that land on a used slot, against a `HashMap`.
    fn check_ints<K>(
        rng: &mut Rng,
        n: usize,
        make: impl Fn(u64) -> K,
        queries: impl Fn(&mut Rng, &[K]) -> Vec<K>,
    ) where
        K: Hash + Eq + Copy + core::fmt::Debug,
    {
        let mut keys: Vec<K> = Vec::new();
        while keys.len() < n {
            let k = make(rng.next());
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
        let ints: Vec<u64> = keys.iter().filter_map(as_u64).collect();
        let mut entries: Vec<(K, usize)> = keys.iter().copied().zip(0..).collect();
        let index = Index::build(&mut entries);
        let kind = match &index {
            Index::ScanInts(_) => "scan",
            Index::DenseFull { .. } | Index::DenseInts { .. } => "dense",
            Index::SparseInts(SparseTable::Slots(_)) => "slots",
            Index::SparseInts(SparseTable::Buckets(_)) => "buckets",
            _ => "other",
        };
        assert_eq!(kind, expected_int_index(&ints), "{n} keys {keys:?}");
        let strategy = match kind {
            "scan" => Strategy::SmallIntScan,
            "dense" => Strategy::DenseInts,
            _ => Strategy::SparseInts,
        };
        assert_eq!(index.strategy(), strategy);
        let oracle: HashMap<K, usize> =
            entries.iter().enumerate().map(|(i, (k, _))| (*k, i)).collect();
        let mut qs = queries(rng, &keys);
        qs.extend(&keys);
        if let Index::SparseInts(SparseTable::Slots(table)) = &index {
            // Non-keys sharing a used slot: the one compare must reject them.
            for (k, _) in &entries {
                let home = table.get(as_u64(k).unwrap_or(0));
                let mut found = 0;
                for _ in 0..4096 {
                    let q = make(rng.next());
                    if q != *k && table.get(as_u64(&q).unwrap_or(0)) == home {
                        qs.push(q);
                        found += 1;
                        if found == 2 {
                            break;
                        }
                    }
                }
            }
        }
        for q in qs {
            assert_eq!(index.find(&entries, &q), oracle.get(&q).copied(), "{q:?}");
        }
    }

    #[test]
    fn slot_tables_find_their_keys_only() {
        let mut rng = Rng(5);
        // Around both boundaries: the small scan (8) and the slot table (32).
        for n in [8, 9, 10, 16, 17, 31, 32, 33] {
            for _ in 0..3 {
                // Narrow types: every value is a query.
                let every8 = |_: &mut Rng, _: &[u8]| (0..=u8::MAX).collect();
                check_ints(&mut rng, n, |x| x as u8, every8);
                let every_i8 = |_: &mut Rng, _: &[i8]| (i8::MIN..=i8::MAX).collect();
                check_ints(&mut rng, n, |x| x as i8, every_i8);
                let every16 = |_: &mut Rng, _: &[u16]| (0..=u16::MAX).collect();
                check_ints(&mut rng, n, |x| x as u16, every16);
                // Wide types: neighbours of the keys and random values of the same type.
                macro_rules! wide {
                    ($t:ty, $make:expr) => {{
                        let near = |r: &mut Rng, keys: &[$t]| {
                            let mut q: Vec<$t> = keys
                                .iter()
                                .flat_map(|&k| [k.wrapping_add(1), k.wrapping_sub(1), !k])
                                .collect();
                            q.extend((0..1000).map(|_| ($make)(r.next())));
                            q
                        };
                        check_ints(&mut rng, n, $make, near);
                    }};
                }
                wide!(u32, |x: u64| x as u32);
                wide!(i32, |x: u64| x as i32);
                wide!(u64, |x: u64| x);
                wide!(i64, |x: u64| x as i64);
                // Small magnitudes (sparse but not spread over the whole type) and keys that
                // differ only in their top bits.
                wide!(u64, |x: u64| x % 1000);
                wide!(i32, |x: u64| (x % 1000) as i32 - 500);
                wide!(u64, |x: u64| x << 58);
            }
        }
    }

    #[test]
    fn few_long_keys_compare_their_middle() {
        // Mostly keys of at most 16 bytes, and a few longer ones (up to 40 bytes) that share
        // their edges and length, so that only their middle tells them apart.
        let mut rng = Rng(6);
        let alphabet = b"abcdeABCDE";
        for n in [40, 1000, 20_000] {
            let mut keys: Vec<String> = (0..n).map(|_| rng.string(2, 16, alphabet)).collect();
            for i in 0..n / 50 {
                let middle = rng.string(1, 24, alphabet);
                keys.push(format!("01234567{middle}{i:04}-tail-76543210"));
                keys.push(format!("01234567{}{i:04}-tail-76543210", middle.to_ascii_lowercase()));
            }
            check(keys, &mut rng);
        }
    }

    #[test]
    fn small_tables_find_their_keys_only() {
        let mut rng = Rng(3);
        let alphabet = b"abcdeABCDE01/";
        for n in [9, 30, 100, 1000, 3000] {
            for (min, max) in [(1, 3), (8, 32), (5, 5), (1, 60), (17, 40)] {
                let keys = (0..n).map(|_| rng.string(min, max, alphabet)).collect();
                check(keys, &mut rng);
            }
        }
    }
}
