//! [`ImmutableHashMap`]: the persistent map, its builder and its iterators.

use super::iter::Entries;
use super::node::{ptr_eq_slots, Entry, Inserted, Node};
use crate::hash::FastState;
use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::ops::Index;

/// The seed of the hasher that digests elements for the collections' own `Hash` impls: fixed,
/// so equal collections with different hashers hash alike.
pub(crate) const DIGEST: FastState = FastState::with_seed(0x9e37_79b9_7f4a_7c15);

/// A persistent hash map: a hash array-mapped trie with structural sharing.
///
/// [`insert`](Self::insert), [`remove`](Self::remove) and [`update`](Self::update) return a new
/// map in O(log₃₂ n) and leave `self` unchanged; the new map shares every node off the changed
/// path. `clone` is O(1). The `*_in_place` variants change `self`, copying only the nodes that
/// are shared with other versions; [`ImmutableHashMap::builder`] builds a map in O(n).
///
/// # Example
/// ```
/// use core_collections::immutable::hash::ImmutableHashMap;
/// let v1: ImmutableHashMap<&str, i32> = [("a", 1), ("b", 2)].into_iter().collect();
/// let v2 = v1.insert("c", 3).remove("a");
/// assert_eq!(v1.get("a"), Some(&1));
/// assert_eq!(v2.get("a"), None);
/// assert_eq!(v2.len(), 2);
/// ```
pub struct ImmutableHashMap<K, V, S = FastState> {
    pub(crate) root: Option<Node<K, V>>,
    pub(crate) len: usize,
    pub(crate) hasher: S,
}

impl<K, V> ImmutableHashMap<K, V, FastState> {
    /// An empty map with a [`FastState`] hasher (no allocation).
    pub fn new() -> Self {
        Self::with_hasher(FastState::new())
    }

    /// A builder for a map with a [`FastState`] hasher.
    pub fn builder() -> ImmutableHashMapBuilder<K, V, FastState> {
        ImmutableHashMapBuilder { map: Self::new() }
    }
}

impl<K, V, S> ImmutableHashMap<K, V, S> {
    /// An empty map that hashes with `hasher`.
    pub const fn with_hasher(hasher: S) -> Self {
        ImmutableHashMap { root: None, len: 0, hasher }
    }

    /// A builder for a map that hashes with `hasher`.
    pub const fn builder_with_hasher(hasher: S) -> ImmutableHashMapBuilder<K, V, S> {
        ImmutableHashMapBuilder { map: Self::with_hasher(hasher) }
    }

    /// The number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the map has no entries.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The hasher.
    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    /// The entries, in an unspecified order.
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.entries() }
    }

    /// The keys, in the order of [`iter`](Self::iter).
    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys { inner: self.entries() }
    }

    /// The values, in the order of [`iter`](Self::iter).
    pub fn values(&self) -> Values<'_, K, V> {
        Values { inner: self.entries() }
    }

    pub(crate) fn entries(&self) -> Entries<'_, K, V> {
        Entries::new(self.root.as_ref(), self.len)
    }

    /// Whether both maps share their root (so are equal without looking further). Two empty
    /// maps share it.
    #[doc(hidden)]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        match (&self.root, &other.root) {
            (Some(a), Some(b)) => ptr_eq_slots(&a.slots, &b.slots),
            (None, None) => true,
            _ => false,
        }
    }
}

impl<K, V, S> ImmutableHashMap<K, V, S>
where
    K: Hash + Eq,
    S: BuildHasher,
{
    /// The value for `key`.
    #[inline(always)]
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.get_entry(key).map(|e| &e.value)
    }

    /// The stored key and the value for `key`.
    pub fn get_key_value<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.get_entry(key).map(|e| (&e.key, &e.value))
    }

    /// Whether the map has an entry for `key`.
    #[inline(always)]
    pub fn contains_key<Q>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        match self.root.as_ref() {
            Some(root) => root.contains(self.hasher.hash_one(key), key),
            None => false,
        }
    }

    #[inline(always)]
    pub(crate) fn get_entry<Q>(&self, key: &Q) -> Option<&Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let root = self.root.as_ref()?;
        root.get(self.hasher.hash_one(key), key)
    }

    /// Whether `self` and `other` hold the same keys with equal values (by `values`), without
    /// allocating. With the same hasher both tries have the same shape, so one lockstep walk
    /// decides, skipping shared subtrees; otherwise (or when the walk finds a difference that
    /// different hashers could explain) every entry is looked up in `other`.
    pub(crate) fn entries_equal<V2, S2, F>(
        &self,
        other: &ImmutableHashMap<K, V2, S2>,
        values: F,
    ) -> bool
    where
        S2: BuildHasher,
        F: Fn(&V, &V2) -> bool,
    {
        if self.len != other.len {
            return false;
        }
        let (Some(a), Some(b)) = (self.root.as_ref(), other.root.as_ref()) else {
            return true; // both empty
        };
        if a.bitmap == b.bitmap && ptr_eq_slots(&a.slots, &b.slots) {
            return true;
        }
        let probe = self.entries().next();
        let same_hashes = probe.is_some_and(|e| other.hasher.hash_one(&e.key) == e.hash);
        if same_hashes && a.same_as(b, &values) {
            return true;
        }
        self.entries().all(|e| other.get_entry(&e.key).is_some_and(|o| values(&e.value, &o.value)))
    }
}

impl<K, V, S> ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    /// A new map with `key` mapped to `value` (replacing any old value).
    #[must_use]
    pub fn insert(&self, key: K, value: V) -> Self {
        let mut next = self.clone();
        next.insert_in_place(key, value);
        next
    }

    /// A new map without `key` (`self` shared, no copy, when the key is absent).
    #[must_use]
    pub fn remove<Q>(&self, key: &Q) -> Self
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut next = self.clone();
        next.remove_in_place(key);
        next
    }

    /// A new map where `key`'s entry is `f` of its current value: `Some` inserts or replaces,
    /// `None` removes.
    #[must_use]
    pub fn update<F>(&self, key: K, f: F) -> Self
    where
        F: FnOnce(Option<&V>) -> Option<V>,
    {
        let mut next = self.clone();
        next.update_in_place(key, f);
        next
    }

    /// Maps `key` to `value` in this map, copying the nodes shared with other versions.
    /// Returns the old value.
    pub fn insert_in_place(&mut self, key: K, value: V) -> Option<V> {
        let hash = self.hasher.hash_one(&key);
        self.insert_entry(Entry { hash, key, value })
    }

    /// Inserts an entry whose hash was computed by this map's hasher.
    pub(crate) fn insert_entry(&mut self, entry: Entry<K, V>) -> Option<V> {
        let Some(root) = self.root.as_mut() else {
            self.root = Some(Node::single(entry));
            self.len = 1;
            return None;
        };
        match root.insert(entry) {
            Inserted::New => {
                self.len += 1;
                None
            }
            Inserted::Replaced(old) => Some(old),
        }
    }

    /// Removes `key` from this map, copying the nodes shared with other versions. Returns the
    /// removed value.
    pub fn remove_in_place<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let hash = self.hasher.hash_one(key);
        let root = self.root.as_mut()?;
        // Look first, so that a miss copies nothing.
        root.get(hash, key)?;
        let removed = root.remove(hash, key)?;
        self.len -= 1;
        if self.len == 0 {
            self.root = None;
        }
        Some(removed.value)
    }

    /// Sets `key`'s entry to `f` of its current value in this map: `Some` inserts or replaces,
    /// `None` removes. Returns the old value.
    pub fn update_in_place<F>(&mut self, key: K, f: F) -> Option<V>
    where
        F: FnOnce(Option<&V>) -> Option<V>,
    {
        match f(self.get(&key)) {
            Some(v) => self.insert_in_place(key, v),
            None => self.remove_in_place(&key),
        }
    }
}

impl<K, V, S: Clone> Clone for ImmutableHashMap<K, V, S> {
    /// O(1): shares the trie.
    fn clone(&self) -> Self {
        ImmutableHashMap { root: self.root.clone(), len: self.len, hasher: self.hasher.clone() }
    }
}

impl<K, V, S: Default> Default for ImmutableHashMap<K, V, S> {
    fn default() -> Self {
        Self::with_hasher(S::default())
    }
}

impl<K: fmt::Debug, V: fmt::Debug, S> fmt::Debug for ImmutableHashMap<K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K, V, S, S2> PartialEq<ImmutableHashMap<K, V, S2>> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq,
    V: PartialEq,
    S: BuildHasher,
    S2: BuildHasher,
{
    fn eq(&self, other: &ImmutableHashMap<K, V, S2>) -> bool {
        self.entries_equal(other, |a, b| a == b)
    }
}

impl<K: Hash + Eq, V: Eq, S: BuildHasher> Eq for ImmutableHashMap<K, V, S> {}

impl<K, V, S, S2> PartialEq<HashMap<K, V, S2>> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq,
    V: PartialEq,
    S2: BuildHasher,
{
    fn eq(&self, other: &HashMap<K, V, S2>) -> bool {
        self.len == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<K: Hash, V: Hash, S> Hash for ImmutableHashMap<K, V, S> {
    /// Order-independent: the wrapping sum of each entry's digest under a fixed hasher.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let sum = self
            .entries()
            .fold(0u64, |acc, e| acc.wrapping_add(DIGEST.hash_one((&e.key, &e.value))));
        state.write_usize(self.len);
        state.write_u64(sum);
    }
}

impl<K, Q, V, S> Index<&Q> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Borrow<Q>,
    Q: Hash + Eq + ?Sized,
    S: BuildHasher,
{
    type Output = V;

    /// # Panics
    /// If the key is absent.
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("key not in the ImmutableHashMap")
    }
}

impl<K, V, S> Extend<(K, V)> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert_in_place(k, v);
        }
    }
}

impl<K, V, S> FromIterator<(K, V)> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone + Default,
{
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = Self::default();
        map.extend(iter);
        map
    }
}

impl<K, V, S, S2> From<HashMap<K, V, S2>> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone + Default,
{
    fn from(map: HashMap<K, V, S2>) -> Self {
        map.into_iter().collect()
    }
}

impl<K, V, S, const N: usize> From<[(K, V); N]> for ImmutableHashMap<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone + Default,
{
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<'a, K, V, S> IntoIterator for &'a ImmutableHashMap<K, V, S> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Iter<'a, K, V> {
        self.iter()
    }
}

/// Builds an [`ImmutableHashMap`] in O(n): the trie is owned by the builder alone, so every
/// insert changes it in place (no path copying).
///
/// # Example
/// ```
/// use core_collections::immutable::hash::ImmutableHashMap;
/// let mut b = ImmutableHashMap::builder();
/// for i in 0..100u32 {
///     b.insert(i, i * i);
/// }
/// let map = b.build();
/// assert_eq!(map.get(&9), Some(&81));
/// ```
pub struct ImmutableHashMapBuilder<K, V, S = FastState> {
    map: ImmutableHashMap<K, V, S>,
}

impl<K, V, S> ImmutableHashMapBuilder<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    /// Maps `key` to `value`; returns the old value.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.map.insert_in_place(key, value)
    }

    /// Removes `key`; returns its value.
    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove_in_place(key)
    }

    /// The value for `key`.
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(key)
    }

    /// The number of entries so far.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing was inserted yet.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The map (O(1)).
    pub fn build(self) -> ImmutableHashMap<K, V, S> {
        self.map
    }
}

impl<K, V, S> Extend<(K, V)> for ImmutableHashMapBuilder<K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        self.map.extend(iter);
    }
}

impl<K: fmt::Debug, V: fmt::Debug, S> fmt::Debug for ImmutableHashMapBuilder<K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ImmutableHashMapBuilder").field(&self.map).finish()
    }
}

/// The entries of an [`ImmutableHashMap`]: `(&K, &V)`.
pub struct Iter<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The keys of an [`ImmutableHashMap`].
pub struct Keys<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The values of an [`ImmutableHashMap`].
pub struct Values<'a, K, V> {
    inner: Entries<'a, K, V>,
}

entry_iterator!(Iter, (&'a K, &'a V), |e| (&e.key, &e.value));
entry_iterator!(Keys, &'a K, |e| &e.key);
entry_iterator!(Values, &'a V, |e| &e.value);
