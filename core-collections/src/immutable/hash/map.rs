//! [`ImmutableHashMap`]: the persistent map, its builder and its iterators.

use super::entry::{Entry as HashEntry, OccupiedEntry, VacantEntry};
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
/// `clone` is O(1). The API is imbl's: [`insert`](Self::insert) and [`remove`](Self::remove)
/// change this map in place and return the old value, copying only the nodes on the key's path
/// that are shared with other versions (copy-on-write); [`update`](Self::update),
/// [`without`](Self::without), [`alter`](Self::alter) and the set operations return a new map in
/// O(log₃₂ n) per changed key and leave `self` unchanged, sharing every node off the changed
/// paths. [`ImmutableHashMap::builder`] builds a map in O(n).
///
/// # Examples
/// ```
/// use core_collections::immutable::hash::ImmutableHashMap;
/// let v1: ImmutableHashMap<&str, i32> = [("a", 1), ("b", 2)].into_iter().collect();
/// let v2 = v1.update("c", 3).without("a");
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
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m: ImmutableHashMap<&str, u8> = ImmutableHashMap::new();
    /// assert!(m.is_empty());
    /// m.insert("k", 1);
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn new() -> Self {
        Self::with_hasher(FastState::new())
    }

    /// A builder for a map with a [`FastState`] hasher.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// for (i, word) in ["zero", "one", "two"].into_iter().enumerate() {
    ///     b.insert(word, i);
    /// }
    /// let m = b.build();
    /// assert_eq!((m.len(), m["two"]), (3, 2));
    /// ```
    pub fn builder() -> ImmutableHashMapBuilder<K, V, FastState> {
        ImmutableHashMapBuilder { map: Self::new() }
    }
}

impl<K, V, S> ImmutableHashMap<K, V, S> {
    /// An empty map that hashes with `hasher`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// use std::collections::hash_map::RandomState;
    /// let mut m = ImmutableHashMap::with_hasher(RandomState::new());
    /// m.insert(1, "one");
    /// assert_eq!(m.get(&1), Some(&"one"));
    /// ```
    pub const fn with_hasher(hasher: S) -> Self {
        ImmutableHashMap { root: None, len: 0, hasher }
    }

    /// A builder for a map that hashes with `hasher`.
    ///
    /// ```
    /// use core_collections::hash::FastState;
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder_with_hasher(FastState::with_seed(7));
    /// b.extend((0..10).map(|i| (i, i)));
    /// let m = b.build();
    /// assert_eq!(m.hasher().seed(), 7);
    /// assert_eq!(m.len(), 10);
    /// ```
    pub const fn builder_with_hasher(hasher: S) -> ImmutableHashMapBuilder<K, V, S> {
        ImmutableHashMapBuilder { map: Self::with_hasher(hasher) }
    }

    /// The number of entries.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([(1, 'a'), (2, 'b')]);
    /// assert_eq!(m.len(), 2);
    /// m.insert(2, 'c'); // replaces: no new entry
    /// assert_eq!(m.len(), 2);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the map has no entries.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::unit("k", 0);
    /// assert!(!m.is_empty());
    /// m.remove("k");
    /// assert!(m.is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The hasher.
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m: ImmutableHashMap<u8, u8> = ImmutableHashMap::with_hasher(FastState::with_seed(9));
    /// assert_eq!(m.hasher().seed(), 9);
    /// let next = m.update(1, 1);
    /// assert_eq!(next.hasher().seed(), 9); // new versions keep the hasher
    /// ```
    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    /// The entries, in an unspecified order.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([("a", 1), ("b", 2)]);
    /// let mut pairs: Vec<(&str, i32)> = m.iter().map(|(k, v)| (*k, *v)).collect();
    /// pairs.sort();
    /// assert_eq!(pairs, [("a", 1), ("b", 2)]);
    /// assert_eq!(m.keys().count(), 2);
    /// assert_eq!(m.values().sum::<i32>(), 3);
    /// ```
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.entries() }
    }

    /// The keys, in the order of [`iter`](Self::iter).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([("b", 2), ("a", 1)]);
    /// let mut keys: Vec<&str> = m.keys().copied().collect();
    /// keys.sort_unstable();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys { inner: self.entries() }
    }

    /// The values, in the order of [`iter`](Self::iter).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([("a", 1), ("b", 2)]);
    /// assert_eq!(m.values().sum::<i32>(), 3);
    /// assert!(m.keys().zip(m.values()).all(|(k, v)| m[k] == *v)); // the order of `keys`
    /// ```
    pub fn values(&self) -> Values<'_, K, V> {
        Values { inner: self.entries() }
    }

    pub(crate) fn entries(&self) -> Entries<'_, K, V> {
        Entries::new(self.root.as_ref(), self.len)
    }

    /// Whether both maps share their root (so are equal without looking further). Two empty
    /// maps share it.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, 1)]);
    /// let b = a.clone();
    /// assert!(a.ptr_eq(&b)); // a clone shares the trie
    /// let c = ImmutableHashMap::from([(1, 1)]);
    /// assert!(!a.ptr_eq(&c) && a == c); // equal, but built separately
    /// ```
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
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([(String::from("a"), 1)]);
    /// assert_eq!(m.get("a"), Some(&1)); // borrowed lookups, as std's maps
    /// assert_eq!(m.get("b"), None);
    /// assert!(m.contains_key("a"));
    /// assert_eq!(m.get_key_value("a"), Some((&String::from("a"), &1)));
    /// ```
    #[inline(always)]
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.get_entry(key).map(|e| &e.value)
    }

    /// The stored key and the value for `key`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([(String::from("key"), 1)]);
    /// let (k, v) = m.get_key_value("key").unwrap(); // the stored `String`, found by `&str`
    /// assert_eq!((k.as_str(), *v), ("key", 1));
    /// assert_eq!(m.get_key_value("other"), None);
    /// ```
    pub fn get_key_value<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.get_entry(key).map(|e| (&e.key, &e.value))
    }

    /// Whether the map has an entry for `key`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([(1u32, ()), (5, ())]);
    /// assert!(m.contains_key(&5));
    /// assert!(!m.contains_key(&2));
    /// assert!(!m.without(&5).contains_key(&5));
    /// ```
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
    /// Maps `key` to `value` in this map and returns the old value. Copy-on-write: only the
    /// nodes on the key's path that are shared with other versions are copied; other versions
    /// are unchanged. An existing entry's key is replaced too, as in imbl.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::new();
    /// assert_eq!(m.insert("a", 1), None);
    /// let before = m.clone(); // O(1)
    /// assert_eq!(m.insert("a", 2), Some(1));
    /// assert_eq!((before["a"], m["a"]), (1, 2));
    /// ```
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        let hash = self.hasher.hash_one(&key);
        self.insert_entry(Entry { hash, key, value }).map(|old| old.value)
    }

    /// Inserts an entry whose hash was computed by this map's hasher; returns the entry it
    /// replaced.
    pub(crate) fn insert_entry(&mut self, entry: Entry<K, V>) -> Option<Entry<K, V>> {
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

    /// Removes `key` from this map (copy-on-write) and returns its value.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([(1, "one"), (2, "two")]);
    /// assert_eq!(m.remove(&1), Some("one"));
    /// assert_eq!(m.remove(&1), None);
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.remove_entry(key).map(|e| e.value)
    }

    /// Removes `key` from this map (copy-on-write) and returns the stored key and its value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([(String::from("id"), 7)]);
    /// assert_eq!(m.remove_with_key("id"), Some((String::from("id"), 7)));
    /// assert!(m.is_empty());
    /// ```
    pub fn remove_with_key<Q>(&mut self, key: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.remove_entry(key).map(|e| (e.key, e.value))
    }

    pub(crate) fn remove_entry<Q>(&mut self, key: &Q) -> Option<Entry<K, V>>
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
        Some(removed)
    }

    /// A mutable reference to the value for `key`. The nodes on the key's path that are
    /// shared with other versions are copied first (a missing key copies nothing).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([("hits", 1)]);
    /// let old = m.clone();
    /// *m.get_mut("hits").unwrap() += 1;
    /// assert_eq!((old["hits"], m["hits"]), (1, 2));
    /// ```
    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let hash = self.hasher.hash_one(key);
        let root = self.root.as_mut()?;
        root.get(hash, key)?;
        root.get_mut(hash, key).map(|e| &mut e.value)
    }

    /// The entry for `key`, to read, insert, change or remove in place.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut counts: ImmutableHashMap<char, u32> = ImmutableHashMap::new();
    /// for c in "abca".chars() {
    ///     *counts.entry(c).or_insert(0) += 1;
    /// }
    /// assert_eq!(counts[&'a'], 2);
    /// ```
    pub fn entry(&mut self, key: K) -> HashEntry<'_, K, V, S> {
        if self.contains_key(&key) {
            HashEntry::Occupied(OccupiedEntry { map: self, key })
        } else {
            HashEntry::Vacant(VacantEntry { map: self, key })
        }
    }

    /// Keeps only the entries for which `keep` returns `true` (copy-on-write).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m: ImmutableHashMap<u32, u32> = (0..10).map(|i| (i, i * i)).collect();
    /// let all = m.clone();
    /// m.retain(|_, v| *v % 2 == 0);
    /// assert_eq!((all.len(), m.len()), (10, 5));
    /// ```
    pub fn retain<F>(&mut self, mut keep: F)
    where
        F: FnMut(&K, &V) -> bool,
    {
        let gone: Vec<K> =
            self.iter().filter(|(k, v)| !keep(k, v)).map(|(k, _)| k.clone()).collect();
        for k in &gone {
            self.remove_entry(k);
        }
    }

    /// A new map with `key` mapped to `value`; `self` is unchanged and shares every node off
    /// the key's path.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let v1 = ImmutableHashMap::unit("a", 1);
    /// let v2 = v1.update("b", 2);
    /// assert_eq!((v1.len(), v2.len()), (1, 2));
    /// ```
    #[must_use]
    pub fn update(&self, key: K, value: V) -> Self {
        let mut next = self.clone();
        next.insert(key, value);
        next
    }

    /// A new map with `key` mapped to `value`, or to `f(old, value)` when `key` has a value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::unit("n", 1);
    /// let added = m.update_with("n", 10, |old, new| old + new);
    /// let fresh = m.update_with("k", 10, |old, new| old + new);
    /// assert_eq!((added["n"], fresh["k"], fresh["n"]), (11, 10, 1));
    /// ```
    #[must_use]
    pub fn update_with<F>(&self, key: K, value: V, f: F) -> Self
    where
        F: FnOnce(V, V) -> V,
    {
        self.update_with_key(key, value, |_, old, new| f(old, new))
    }

    /// A new map with `key` mapped to `value`, or to `f(&key, old, value)` when `key` has a
    /// value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::unit("abc", 1);
    /// let m2 = m.update_with_key("abc", 1, |k, old, new| old + new + k.len());
    /// assert_eq!(m2["abc"], 5);
    /// ```
    #[must_use]
    pub fn update_with_key<F>(&self, key: K, value: V, f: F) -> Self
    where
        F: FnOnce(&K, V, V) -> V,
    {
        let mut next = self.clone();
        let v = match self.get(&key) {
            Some(old) => f(&key, old.clone(), value),
            None => value,
        };
        next.insert(key, v);
        next
    }

    /// A new map where `key`'s entry is `f` of its current value: `Some` inserts or replaces,
    /// `None` removes.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::unit("n", 1);
    /// let bumped = m.alter(|v| v.map(|n| n + 1), "n");
    /// let gone = m.alter(|_| None, "n");
    /// assert_eq!((m["n"], bumped["n"], gone.len()), (1, 2, 0));
    /// ```
    #[must_use]
    pub fn alter<F>(&self, f: F, key: K) -> Self
    where
        F: FnOnce(Option<V>) -> Option<V>,
    {
        let mut next = self.clone();
        match f(self.get(&key).cloned()) {
            Some(v) => {
                next.insert(key, v);
            }
            None => {
                next.remove_entry(&key);
            }
        }
        next
    }

    /// A new map without `key` (`self` shared, no copy, when the key is absent).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([(1, 'a'), (2, 'b')]);
    /// let smaller = m.without(&1);
    /// assert_eq!((m.len(), smaller.len()), (2, 1));
    /// assert!(m.without(&9).ptr_eq(&m)); // absent key: the same trie
    /// ```
    #[must_use]
    pub fn without<Q>(&self, key: &Q) -> Self
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut next = self.clone();
        next.remove_entry(key);
        next
    }

    /// The value for `key` and a new map without it; `None` when the key is absent.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::from([(1, 'a'), (2, 'b')]);
    /// let (value, rest) = m.extract(&2).unwrap();
    /// assert_eq!((value, rest.len(), m.len()), ('b', 1, 2));
    /// assert!(m.extract(&3).is_none());
    /// ```
    #[must_use]
    pub fn extract<Q>(&self, key: &Q) -> Option<(V, Self)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut next = self.clone();
        next.remove_entry(key).map(|e| (e.value, next))
    }

    /// The entries whose keys are in either map; for a key in both, `self`'s value. The
    /// smaller map's entries are added to (a version of) the larger; a union with an empty map
    /// shares the other map's trie. `other` may be passed by value or by reference.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableHashMap::from([(2, "b"), (3, "b")]);
    /// let u = a.union(&b);
    /// assert_eq!((u.len(), u[&2]), (3, "a"));
    /// ```
    #[must_use]
    pub fn union<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if other.is_empty() || self.ptr_eq(other) {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        if self.len >= other.len {
            let mut out = self.clone();
            for e in other.entries() {
                if out.root.as_ref().is_some_and(|r| !r.contains(e.hash, &e.key)) {
                    out.insert_entry(e.clone());
                }
            }
            out
        } else {
            let mut out = other.clone();
            for e in self.entries() {
                out.insert_entry(e.clone());
            }
            out
        }
    }

    /// The union of all `maps`; for a key in several, the first map's value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let parts = [
    ///     ImmutableHashMap::from([(1, "first")]),
    ///     ImmutableHashMap::from([(1, "second"), (2, "second")]),
    /// ];
    /// let all = ImmutableHashMap::unions(parts);
    /// assert_eq!((all.len(), all[&1]), (2, "first"));
    /// ```
    #[must_use]
    pub fn unions<I>(maps: I) -> Self
    where
        I: IntoIterator<Item = Self>,
        S: Default,
    {
        maps.into_iter().fold(Self::default(), |acc, m| acc.union(m))
    }

    /// The entries of `self` whose keys are also in `other` (with `self`'s values).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableHashMap::from([(2, "b"), (3, "b")]);
    /// let both = a.intersection(&b);
    /// assert_eq!((both.len(), both[&2]), (1, "a"));
    /// ```
    #[must_use]
    pub fn intersection<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.ptr_eq(other) {
            return self.clone();
        }
        self.filtered(|k| other.contains_key(k))
    }

    /// The entries of `self` whose keys are not in `other` (std's and .NET's `difference`,
    /// imbl's `relative_complement`).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableHashMap::from([(2, "b")]);
    /// assert_eq!(a.difference(&b), ImmutableHashMap::from([(1, "a")]));
    /// assert_eq!(a.relative_complement(&b), a.difference(&b));
    /// ```
    #[must_use]
    pub fn difference<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.ptr_eq(other) {
            return Self::with_hasher(self.hasher.clone());
        }
        if other.len < self.len / 4 {
            // Few removals: path-copy them out of a version of `self`.
            let mut out = self.clone();
            for k in other.keys() {
                out.remove_entry(k);
            }
            out
        } else {
            self.filtered(|k| !other.contains_key(k))
        }
    }

    /// The entries of `self` whose keys are not in `other`: the same as
    /// [`difference`](Self::difference), under imbl's name.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, 'x'), (2, 'y'), (3, 'z')]);
    /// let b = ImmutableHashMap::from([(2, '?')]);
    /// let rest = a.relative_complement(&b); // `b`'s keys go, whatever their values
    /// assert_eq!(rest, ImmutableHashMap::from([(1, 'x'), (3, 'z')]));
    /// assert_eq!(a.len(), 3); // `a` is unchanged
    /// ```
    #[must_use]
    pub fn relative_complement<O: Borrow<Self>>(&self, other: O) -> Self {
        self.difference(other)
    }

    /// The entries whose keys are in exactly one of the maps.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let a = ImmutableHashMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableHashMap::from([(2, "b"), (3, "b")]);
    /// assert_eq!(a.symmetric_difference(&b), ImmutableHashMap::from([(1, "a"), (3, "b")]));
    /// ```
    #[must_use]
    pub fn symmetric_difference<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.ptr_eq(other) {
            return Self::with_hasher(self.hasher.clone());
        }
        let mut out = self.clone();
        for e in other.entries() {
            if out.remove_entry(&e.key).is_none() {
                out.insert_entry(e.clone());
            }
        }
        out
    }

    /// The entries of `self` whose keys pass `keep`, with `self`'s hasher and stored hashes
    /// (no rehashing), built in place.
    pub(crate) fn filtered(&self, mut keep: impl FnMut(&K) -> bool) -> Self {
        let mut out = Self::with_hasher(self.hasher.clone());
        for e in self.entries() {
            if keep(&e.key) {
                out.insert_entry(e.clone());
            }
        }
        out
    }
}

impl<K, V> ImmutableHashMap<K, V, FastState>
where
    K: Hash + Eq + Clone,
    V: Clone,
{
    /// A map with one entry.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let m = ImmutableHashMap::unit('x', 24);
    /// assert_eq!((m.len(), m[&'x']), (1, 24));
    /// ```
    #[must_use]
    pub fn unit(key: K, value: V) -> Self {
        let mut m = Self::new();
        m.insert(key, value);
        m
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
            self.insert(k, v);
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

impl<K, V, S2> From<HashMap<K, V, S2>> for ImmutableHashMap<K, V>
where
    K: Hash + Eq + Clone,
    V: Clone,
{
    fn from(map: HashMap<K, V, S2>) -> Self {
        map.into_iter().collect()
    }
}

impl<K, V, const N: usize> From<[(K, V); N]> for ImmutableHashMap<K, V>
where
    K: Hash + Eq + Clone,
    V: Clone,
{
    /// A map with the default hasher, so `ImmutableHashMap::from([..])` needs no annotation
    /// (collect into a map with another hasher).
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K, V> From<Vec<(K, V)>> for ImmutableHashMap<K, V>
where
    K: Hash + Eq + Clone,
    V: Clone,
{
    fn from(pairs: Vec<(K, V)>) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K, V> From<&[(K, V)]> for ImmutableHashMap<K, V>
where
    K: Hash + Eq + Clone,
    V: Clone,
{
    fn from(pairs: &[(K, V)]) -> Self {
        pairs.iter().cloned().collect()
    }
}

impl<K: Clone, V: Clone, S> IntoIterator for ImmutableHashMap<K, V, S> {
    type Item = (K, V);
    type IntoIter = IntoIter<K, V>;

    /// The entries by value, in the order of [`iter`](ImmutableHashMap::iter): cloned out of
    /// the trie, which other versions may share.
    fn into_iter(self) -> IntoIter<K, V> {
        let entries: Vec<(K, V)> = self.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        IntoIter { inner: entries.into_iter() }
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
/// # Examples
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
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// assert_eq!(b.insert(1, "one"), None);
    /// assert_eq!(b.insert(1, "uno"), Some("one")); // replaced: the old value comes back
    /// let m = b.build();
    /// assert_eq!((m.len(), m[&1]), (1, "uno"));
    /// ```
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.map.insert(key, value)
    }

    /// Removes `key`; returns its value.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// b.insert("tmp", 0);
    /// b.insert("keep", 1);
    /// assert_eq!(b.remove("tmp"), Some(0));
    /// assert_eq!(b.remove("tmp"), None); // already gone
    /// assert_eq!(b.build().len(), 1);
    /// ```
    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove(key)
    }

    /// The value for `key`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// for word in "to be or not to be".split(' ') {
    ///     let seen = b.get(word).copied().unwrap_or(0);
    ///     b.insert(word, seen + 1);
    /// }
    /// assert_eq!((b.get("be"), b.get("maybe")), (Some(&2), None));
    /// ```
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(key)
    }

    /// The number of entries so far.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// b.insert('a', 1);
    /// b.insert('a', 2); // the same key: still one entry
    /// b.insert('b', 3);
    /// assert_eq!(b.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing was inserted yet.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// assert!(b.is_empty());
    /// b.insert(0u8, 0u8);
    /// assert!(!b.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The map (O(1)).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut b = ImmutableHashMap::builder();
    /// assert_eq!(b.insert("a", 1), None);
    /// assert_eq!(b.insert("a", 2), Some(1));
    /// assert_eq!(b.get("a"), Some(&2));
    /// b.insert("b", 3);
    /// assert_eq!(b.remove("b"), Some(3));
    /// let m = b.build();
    /// assert_eq!((m.len(), m["a"]), (1, 2));
    /// ```
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
///
/// ```
/// use core_collections::immutable::ImmutableHashMap;
/// let m = ImmutableHashMap::unit(1, 'a');
/// let mut it = m.iter();
/// assert_eq!(it.len(), 1);
/// assert_eq!(it.next(), Some((&1, &'a')));
/// assert_eq!(it.next(), None);
/// ```
pub struct Iter<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The keys of an [`ImmutableHashMap`].
///
/// ```
/// use core_collections::immutable::ImmutableHashMap;
/// let m = ImmutableHashMap::from([(3, ()), (4, ())]);
/// assert_eq!(m.keys().sum::<i32>(), 7);
/// ```
pub struct Keys<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The values of an [`ImmutableHashMap`].
///
/// ```
/// use core_collections::immutable::ImmutableHashMap;
/// let m = ImmutableHashMap::from([('a', 3), ('b', 4)]);
/// assert_eq!(m.values().max(), Some(&4));
/// ```
pub struct Values<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The entries of an [`ImmutableHashMap`] by value: `(K, V)`.
///
/// ```
/// use core_collections::immutable::ImmutableHashMap;
/// let m = ImmutableHashMap::unit(String::from("k"), 1);
/// let kept = m.clone();
/// let pairs: Vec<(String, i32)> = m.into_iter().collect();
/// assert_eq!(pairs, [(String::from("k"), 1)]);
/// assert_eq!(kept.len(), 1); // other versions keep their entries
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<K, V> {
    inner: std::vec::IntoIter<(K, V)>,
}

impl<K, V> Iterator for IntoIter<K, V> {
    type Item = (K, V);
    #[inline]
    fn next(&mut self) -> Option<(K, V)> {
        self.inner.next()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> ExactSizeIterator for IntoIter<K, V> {}
impl<K, V> std::iter::FusedIterator for IntoIter<K, V> {}

entry_iterator!(Iter, (&'a K, &'a V), |e| (&e.key, &e.value));
entry_iterator!(Keys, &'a K, |e| &e.key);
entry_iterator!(Values, &'a V, |e| &e.value);
