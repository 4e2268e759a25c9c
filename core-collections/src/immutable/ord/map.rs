//! [`ImmutableOrdMap`]: a persistent sorted map.

use super::entry::{Entry as OrdEntry, OccupiedEntry, VacantEntry};
use super::iter::{rank, Entries};
use super::node::{build, Inserted, Node, Target};
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Bound, Index, RangeBounds};
use std::sync::Arc;

/// A persistent sorted map: a B-tree whose nodes are shared between versions through `Arc`.
///
/// `clone` is O(1). The API is imbl's: [`insert`](Self::insert) and [`remove`](Self::remove)
/// change this map in place and return the old value, copying only the nodes still shared with
/// another version (copy-on-write); [`update`](Self::update), [`without`](Self::without),
/// [`alter`](Self::alter) and the set operations return a new version, copying only the nodes on
/// the changed paths, O(log n) each. Each node stores its subtree's size, so [`len`](Self::len) is O(1) and
/// [`range_count`](Self::range_count) is O(log n).
///
/// # Examples
/// ```
/// use core_collections::immutable::ord::ImmutableOrdMap;
/// let v1: ImmutableOrdMap<u32, &str> = [(1, "a"), (3, "c")].into_iter().collect();
/// let v2 = v1.update(2, "b");
/// assert_eq!(v1.len(), 2);
/// assert_eq!(v2.range(2..).map(|(k, _)| *k).collect::<Vec<_>>(), [2, 3]);
/// assert_eq!(v2.range_count(..=2), 2);
/// ```
pub struct ImmutableOrdMap<K, V> {
    pub(crate) root: Option<Arc<Node<K, V>>>,
}

impl<K, V> Clone for ImmutableOrdMap<K, V> {
    fn clone(&self) -> Self {
        ImmutableOrdMap { root: self.root.clone() }
    }
}

impl<K, V> Default for ImmutableOrdMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K, V> ImmutableOrdMap<K, V> {
    /// An empty map (no allocation).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::new();
    /// assert!(m.is_empty());
    /// m.insert(2, "b");
    /// m.insert(1, "a");
    /// assert_eq!(m.len(), 2);
    /// ```
    pub const fn new() -> Self {
        ImmutableOrdMap { root: None }
    }

    /// The number of entries, in O(1).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, u32> = (0..1000).map(|i| (i, i)).collect();
    /// assert_eq!(m.len(), 1000);
    /// assert_eq!(m.without_range(..500).len(), 500);
    /// ```
    pub fn len(&self) -> usize {
        self.root.as_ref().map_or(0, |r| r.size)
    }

    /// Whether the map is empty.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::unit(1, "one");
    /// assert!(!m.is_empty());
    /// assert!(m.without(&1).is_empty());
    /// assert!(!m.is_empty()); // `without` left `m` alone
    /// ```
    pub fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// Whether both maps are the same version (or copies of it), in O(1).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, 'a')]);
    /// let b = a.clone();
    /// assert!(a.ptr_eq(&b));
    /// assert!(!a.ptr_eq(&b.update(2, 'b')));
    /// ```
    pub fn ptr_eq(&self, other: &Self) -> bool {
        match (&self.root, &other.root) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }

    /// The entries in key order (double-ended, exact-size).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(3, 'c'), (1, 'a'), (2, 'b')]);
    /// assert_eq!(m.iter().collect::<Vec<_>>(), [(&1, &'a'), (&2, &'b'), (&3, &'c')]);
    /// assert_eq!(m.iter().next_back(), Some((&3, &'c')));
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), [1, 2, 3]);
    /// assert_eq!(m.values().collect::<String>(), "abc");
    /// ```
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: Entries::all(self.root.as_ref()) }
    }

    /// The keys in order.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([("pear", 3), ("apple", 1), ("fig", 2)]);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), ["apple", "fig", "pear"]);
    /// assert_eq!(m.keys().next_back(), Some(&"pear"));
    /// ```
    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys { inner: self.iter().inner }
    }

    /// The values in key order.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(3, "c"), (1, "a"), (2, "b")]);
    /// assert_eq!(m.values().copied().collect::<Vec<_>>(), ["a", "b", "c"]); // in key order
    /// ```
    pub fn values(&self) -> Values<'_, K, V> {
        Values { inner: self.iter().inner }
    }

    /// The entry with the smallest key, as imbl returns it.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(5, 'e'), (1, 'a')]);
    /// assert_eq!(m.get_min(), Some(&(1, 'a')));
    /// assert_eq!(m.get_max(), Some(&(5, 'e')));
    /// assert_eq!(m.first(), Some((&1, &'a')));
    /// assert_eq!(m.last(), Some((&5, &'e')));
    /// ```
    pub fn get_min(&self) -> Option<&(K, V)> {
        let mut node = self.root.as_deref()?;
        while !node.is_leaf() {
            node = &node.children[0];
        }
        node.entries.first()
    }

    /// The entry with the largest key, as imbl returns it.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(2, 'b'), (9, 'i'), (4, 'd')]);
    /// assert_eq!(m.get_max(), Some(&(9, 'i')));
    /// assert_eq!(ImmutableOrdMap::<u8, char>::new().get_max(), None);
    /// ```
    pub fn get_max(&self) -> Option<&(K, V)> {
        let mut node = self.root.as_deref()?;
        while let Some(c) = node.children.last() {
            node = c;
        }
        node.entries.last()
    }

    /// The entry with the largest key at most `key` (`key`'s own entry if there is one).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(10, "ten"), (20, "twenty")]);
    /// assert_eq!(m.get_prev(&15), Some((&10, &"ten")));
    /// assert_eq!(m.get_prev(&20), Some((&20, &"twenty")));
    /// assert_eq!(m.get_next(&15), Some((&20, &"twenty")));
    /// assert_eq!((m.get_prev(&5), m.get_next(&25)), (None, None));
    /// ```
    pub fn get_prev<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.range((Bound::Unbounded, Bound::Included(key))).next_back()
    }

    /// The entry with the smallest key at least `key` (`key`'s own entry if there is one).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(10, "ten"), (20, "twenty")]);
    /// assert_eq!(m.get_next(&11), Some((&20, &"twenty")));
    /// assert_eq!(m.get_next(&10), Some((&10, &"ten"))); // the key itself counts
    /// assert_eq!(m.get_next(&21), None);
    /// ```
    pub fn get_next<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.range((Bound::Included(key), Bound::Unbounded)).next()
    }

    /// The entry with the smallest key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([("b", 2), ("a", 1)]);
    /// assert_eq!(m.first(), Some((&"a", &1)));
    /// assert_eq!(ImmutableOrdMap::<&str, i32>::new().first(), None);
    /// ```
    pub fn first(&self) -> Option<(&K, &V)> {
        self.get_min().map(|(k, v)| (k, v))
    }

    /// The entry with the largest key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, u32> = (1..=100).map(|i| (i, i * i)).collect();
    /// assert_eq!(m.last(), Some((&100, &10_000)));
    /// assert_eq!(ImmutableOrdMap::<u32, u32>::new().last(), None);
    /// ```
    pub fn last(&self) -> Option<(&K, &V)> {
        self.get_max().map(|(k, v)| (k, v))
    }

    /// The entry at position `index` in key order, in O(log n).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, u32> = (0..1000).map(|i| (i * 2, i)).collect();
    /// assert_eq!(m.get_index(10), Some((&20, &10)));
    /// assert_eq!(m.get_index(1000), None);
    /// ```
    pub fn get_index(&self, index: usize) -> Option<(&K, &V)> {
        let root = self.root.as_deref()?;
        (index < root.size).then(|| {
            let (k, v) = root.get_rank(index);
            (k, v)
        })
    }

    /// The value for `key`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(String::from("b"), 2)]);
    /// assert_eq!(m.get("b"), Some(&2));
    /// assert_eq!(m.get("c"), None);
    /// assert!(m.contains_key("b"));
    /// assert_eq!(m.get_key_value("b"), Some((&String::from("b"), &2)));
    /// ```
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.get_key_value(key).map(|(_, v)| v)
    }

    /// The stored key and the value for `key`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(String::from("id"), 7)]);
    /// let (k, v) = m.get_key_value("id").unwrap(); // the stored `String`, found by `&str`
    /// assert_eq!((k.as_str(), *v), ("id", 7));
    /// assert_eq!(m.get_key_value("other"), None);
    /// ```
    pub fn get_key_value<Q>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let mut node = self.root.as_deref()?;
        loop {
            match node.search(key) {
                Ok(i) => {
                    let (k, v) = &node.entries[i];
                    return Some((k, v));
                }
                Err(i) => node = node.children.get(i)?,
            }
        }
    }

    /// Whether the map has `key`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, ()> = (0..10).map(|i| (i * 2, ())).collect();
    /// assert!(m.contains_key(&4));
    /// assert!(!m.contains_key(&5));
    /// ```
    pub fn contains_key<Q>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.get_key_value(key).is_some()
    }

    /// The entries with keys in `range`, in order. An inverted range is empty (no panic).
    /// The iterator knows its length up front: `count()` and `len()` are O(1), and building
    /// it is O(log n).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, char> = (0..26).zip('a'..='z').collect();
    /// let mid: String = m.range(10..13).map(|(_, c)| *c).collect();
    /// assert_eq!(mid, "klm");
    /// assert_eq!(m.range(20..).len(), 6); // known without walking
    /// assert_eq!(m.range(13..10).count(), 0); // inverted: empty
    /// ```
    pub fn range<Q, R>(&self, range: R) -> Iter<'_, K, V>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        Iter { inner: Entries::range(self.root.as_ref(), range.start_bound(), range.end_bound()) }
    }

    /// The number of keys in `range`, in O(log n) and without allocating.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u64, ()> = (0..100_000).map(|i| (i * 3, ())).collect();
    /// assert_eq!(m.range_count(0..300), 100);
    /// assert_eq!(m.range_count(..), 100_000);
    /// ```
    pub fn range_count<Q, R>(&self, range: R) -> usize
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        self.rank_bounds(range.start_bound(), range.end_bound()).1
    }

    /// The rank of the range's start, and the number of keys in the range.
    fn rank_bounds<Q>(&self, start: Bound<&Q>, end: Bound<&Q>) -> (usize, usize)
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let Some(root) = self.root.as_deref() else { return (0, 0) };
        let lo = rank(root, start, true);
        let hi = rank(root, end, false);
        (lo, hi.saturating_sub(lo))
    }

    /// Checks the tree's invariants; panics on a violation. Test support.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m: ImmutableOrdMap<u32, u32> = (0..500).map(|i| (i, i)).collect();
    /// m.remove_range(100..400);
    /// m.check_invariants(); // panics only if the B-tree is malformed
    /// assert_eq!(m.len(), 200);
    /// ```
    #[doc(hidden)]
    pub fn check_invariants(&self)
    where
        K: Ord,
    {
        if let Some(root) = &self.root {
            root.check(true);
        }
    }
}

impl<K: Clone + Ord, V: Clone> ImmutableOrdMap<K, V> {
    /// A map with one entry.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::unit("k", 1);
    /// assert_eq!(m.iter().collect::<Vec<_>>(), [(&"k", &1)]);
    /// ```
    #[must_use]
    pub fn unit(key: K, value: V) -> Self {
        let mut m = Self::new();
        m.insert(key, value);
        m
    }

    /// Maps `key` to `value` in this map and returns the old value (an existing entry's key is
    /// replaced too, as in imbl). Copy-on-write: only the nodes on the key's path that are
    /// shared with other versions are copied. O(log n).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::new();
    /// assert_eq!(m.insert(1, "a"), None);
    /// let before = m.clone(); // O(1)
    /// assert_eq!(m.insert(1, "b"), Some("a"));
    /// assert_eq!((before[&1], m[&1]), ("a", "b"));
    /// ```
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.insert_entry(key, value).map(|(_, v)| v)
    }

    /// Inserts an entry; returns the entry it replaced.
    pub(crate) fn insert_entry(&mut self, key: K, value: V) -> Option<(K, V)> {
        let Some(root) = &mut self.root else {
            let mut entries = Vec::with_capacity(4);
            entries.push((key, value));
            self.root = Some(Arc::new(Node::leaf(entries)));
            return None;
        };
        match Arc::make_mut(root).insert(key, value) {
            Inserted::Replaced(old) => Some(old),
            Inserted::Added => None,
            Inserted::Split(k, v, right) => {
                let left = self.root.take().expect("a root to split");
                let size = left.size + right.size + 1;
                let mut entries = Vec::with_capacity(2);
                entries.push((k, v));
                let node = Node { entries, children: vec![left, right], size };
                self.root = Some(Arc::new(node));
                None
            }
        }
    }

    /// Removes `key` from this map (copy-on-write) and returns its value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let before = m.clone();
    /// assert_eq!(m.remove(&1), Some('a'));
    /// assert_eq!(m.remove(&1), None);
    /// assert_eq!((before.len(), m.len()), (2, 1));
    /// ```
    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.remove_with_key(key).map(|(_, v)| v)
    }

    /// Removes `key` from this map (copy-on-write) and returns the stored key and its value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([(String::from("id"), 7)]);
    /// assert_eq!(m.remove_with_key("id"), Some((String::from("id"), 7)));
    /// assert!(m.is_empty());
    /// ```
    pub fn remove_with_key<Q>(&mut self, key: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        // Look first: a miss must not copy the path.
        if !self.contains_key(key) {
            return None;
        }
        self.remove_target(&mut Target::Key(key))
    }

    /// A mutable reference to the value for `key`; the nodes on its path that are shared with
    /// other versions are copied first (a missing key copies nothing).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([("hits", 1)]);
    /// let old = m.clone();
    /// *m.get_mut("hits").unwrap() += 1;
    /// assert_eq!((old[&"hits"], m[&"hits"]), (1, 2));
    /// ```
    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        if !self.contains_key(key) {
            return None;
        }
        Arc::make_mut(self.root.as_mut()?).get_mut(key)
    }

    /// The entry for `key`, to read, insert, change or remove in place.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut counts: ImmutableOrdMap<char, u32> = ImmutableOrdMap::new();
    /// for c in "abca".chars() {
    ///     *counts.entry(c).or_insert(0) += 1;
    /// }
    /// assert_eq!(counts.get_min(), Some(&('a', 2)));
    /// ```
    pub fn entry(&mut self, key: K) -> OrdEntry<'_, K, V> {
        if self.contains_key(&key) {
            OrdEntry::Occupied(OccupiedEntry { map: self, key })
        } else {
            OrdEntry::Vacant(VacantEntry { map: self, key })
        }
    }

    /// Keeps only the entries for which `keep` returns `true`, in one O(n) pass.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m: ImmutableOrdMap<u32, u32> = (0..10).map(|i| (i, i)).collect();
    /// m.retain(|k, _| k % 2 == 1);
    /// assert_eq!(m.keys().copied().collect::<Vec<_>>(), [1, 3, 5, 7, 9]);
    /// ```
    pub fn retain<F: FnMut(&K, &V) -> bool>(&mut self, mut keep: F) {
        let kept: Vec<(K, V)> = self.iter().filter(|(k, v)| keep(k, v)).map(clone_entry).collect();
        if kept.len() != self.len() {
            let n = kept.len();
            self.root = build(kept.into_iter(), n);
        }
    }

    /// Removes and returns the entry with the smallest key.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([(2, 'b'), (1, 'a'), (3, 'c')]);
    /// assert_eq!(m.pop_first(), Some((1, 'a')));
    /// assert_eq!(m.pop_last(), Some((3, 'c')));
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn pop_first(&mut self) -> Option<(K, V)> {
        if self.is_empty() {
            return None;
        }
        self.remove_target::<K>(&mut Target::Rank(0))
    }

    /// Removes and returns the entry with the largest key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let before = m.clone();
    /// assert_eq!(m.pop_last(), Some((2, 'b')));
    /// assert_eq!(m.pop_last(), Some((1, 'a')));
    /// assert_eq!(m.pop_last(), None); // empty
    /// assert_eq!(before.len(), 2); // other versions keep their entries
    /// ```
    pub fn pop_last(&mut self) -> Option<(K, V)> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        self.remove_target::<K>(&mut Target::Rank(n - 1))
    }

    fn remove_target<Q>(&mut self, target: &mut Target<'_, Q>) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let root = Arc::make_mut(self.root.as_mut()?);
        let out = root.remove(target);
        if root.entries.is_empty() {
            // The root lost its last entry: its only child (if any) becomes the root.
            let child = root.children.pop();
            self.root = child;
        }
        out
    }

    /// A new version with `key` mapped to `value`; `self` is unchanged. O(log n): only the
    /// path to the key is copied.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let v1 = ImmutableOrdMap::unit(1, "a");
    /// let v2 = v1.update(2, "b");
    /// assert_eq!((v1.len(), v2.len()), (1, 2));
    /// assert_eq!(v2.update(1, "A")[&1], "A");
    /// assert_eq!(v1[&1], "a");
    /// ```
    #[must_use]
    pub fn update(&self, key: K, value: V) -> Self {
        let mut next = self.clone();
        next.insert(key, value);
        next
    }

    /// A new version with `key` mapped to `value`, or to `f(old, value)` when `key` has a
    /// value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::unit("n", 1);
    /// assert_eq!(m.update_with("n", 10, |old, new| old + new)[&"n"], 11);
    /// assert_eq!(m.update_with("k", 10, |old, new| old + new)[&"k"], 10);
    /// ```
    #[must_use]
    pub fn update_with<F>(&self, key: K, value: V, f: F) -> Self
    where
        F: FnOnce(V, V) -> V,
    {
        self.update_with_key(key, value, |_, old, new| f(old, new))
    }

    /// A new version with `key` mapped to `value`, or to `f(&key, old, value)` when `key` has
    /// a value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::unit("abc", 1);
    /// let m2 = m.update_with_key("abc", 1, |k, old, new| old + new + k.len());
    /// assert_eq!(m2[&"abc"], 5);
    /// ```
    #[must_use]
    pub fn update_with_key<F>(&self, key: K, value: V, f: F) -> Self
    where
        F: FnOnce(&K, V, V) -> V,
    {
        let v = match self.get(&key) {
            Some(old) => f(&key, old.clone(), value),
            None => value,
        };
        self.update(key, v)
    }

    /// A new version where `key`'s entry is `f(current value)`: `Some` inserts or replaces,
    /// `None` removes.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::unit(1, 10);
    /// assert_eq!(m.alter(|v| v.map(|x| x + 1), 1)[&1], 11);
    /// assert!(m.alter(|_| None, 1).is_empty());
    /// assert_eq!(m.len(), 1);
    /// ```
    #[must_use]
    pub fn alter<F>(&self, f: F, key: K) -> Self
    where
        F: FnOnce(Option<V>) -> Option<V>,
    {
        match f(self.get(&key).cloned()) {
            Some(v) => self.update(key, v),
            None => self.without(&key),
        }
    }

    /// A new version without `key` (a clone of `self` if it has no such key).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let smaller = m.without(&1);
    /// assert_eq!((m.len(), smaller.len()), (2, 1));
    /// assert_eq!(m.without(&9), m);
    /// ```
    #[must_use]
    pub fn without<Q>(&self, key: &Q) -> Self
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let mut next = self.clone();
        next.remove_with_key(key);
        next
    }

    /// The value for `key` and a new version without it; `None` when the key is absent.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let (value, rest) = m.extract(&2).unwrap();
    /// assert_eq!((value, rest.len(), m.len()), ('b', 1, 2));
    /// assert!(m.extract(&3).is_none());
    /// ```
    #[must_use]
    pub fn extract<Q>(&self, key: &Q) -> Option<(V, Self)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let mut next = self.clone();
        next.remove_with_key(key).map(|(_, v)| (v, next))
    }

    /// The entry with the smallest key and a new version without it.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let (min, rest) = m.without_min();
    /// assert_eq!((min, rest.len()), (Some('a'), 1));
    /// let (max, rest) = m.without_max();
    /// assert_eq!((max, rest.len()), (Some('b'), 1));
    /// ```
    #[must_use]
    pub fn without_min(&self) -> (Option<V>, Self) {
        let mut next = self.clone();
        (next.pop_first().map(|(_, v)| v), next)
    }

    /// The entry with the largest key and a new version without it.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m = ImmutableOrdMap::from([(1, "low"), (9, "high")]);
    /// let (max, rest) = m.without_max();
    /// assert_eq!((max, rest.len()), (Some("high"), 1));
    /// assert_eq!(m.len(), 2); // `m` is unchanged
    /// assert_eq!(ImmutableOrdMap::<u8, u8>::new().without_max().0, None);
    /// ```
    #[must_use]
    pub fn without_max(&self) -> (Option<V>, Self) {
        let mut next = self.clone();
        (next.pop_last().map(|(_, v)| v), next)
    }

    /// A new version without the keys in `range` (see [`remove_range`](Self::remove_range)
    /// for the algorithm).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let m: ImmutableOrdMap<u32, ()> = (0..100).map(|i| (i, ())).collect();
    /// let head = m.without_range(10..);
    /// assert_eq!((m.len(), head.len()), (100, 10));
    /// ```
    #[must_use]
    pub fn without_range<Q, R>(&self, range: R) -> Self
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        let mut next = self.clone();
        next.remove_range(range);
        next
    }

    /// Removes the keys in `range` in place, and returns how many were removed.
    ///
    /// No per-element temporary storage: the count comes from the subtree sizes in O(log n);
    /// a small range (under 1/8 of what is kept) is removed entry by entry by rank, each
    /// O(log n) on an already-copied path; a larger one rebuilds the tree in O(n - k) straight
    /// from the two kept ranges of the old tree.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m: ImmutableOrdMap<u32, u32> = (0..100).map(|i| (i, i)).collect();
    /// assert_eq!(m.remove_range(20..80), 60);
    /// assert_eq!(m.len(), 40);
    /// assert_eq!(m.get_next(&20), Some((&80, &80)));
    /// ```
    pub fn remove_range<Q, R>(&mut self, range: R) -> usize
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        let (start, end) = (range.start_bound(), range.end_bound());
        let (lo, k) = self.rank_bounds(start, end);
        if k == 0 {
            return 0;
        }
        let kept = self.len() - k;
        if k <= kept / 8 {
            for _ in 0..k {
                self.remove_target::<K>(&mut Target::Rank(lo));
            }
        } else {
            let root = self.root.as_ref();
            let before = match complement(start) {
                Some(b) => Entries::range(root, Bound::Unbounded, b),
                None => Entries::empty(),
            };
            let after = match complement(end) {
                Some(b) => Entries::range(root, b, Bound::Unbounded),
                None => Entries::empty(),
            };
            let root = build(before.chain(after).cloned(), kept);
            self.root = root;
        }
        k
    }

    /// The entries whose keys are in either map; on a shared key, `self`'s value wins.
    /// O(n + m) by merging the two ordered sequences. `other` may be passed by value or by
    /// reference.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableOrdMap::from([(2, "b"), (3, "b")]);
    /// let u = a.union(&b);
    /// assert_eq!(u.values().copied().collect::<Vec<_>>(), ["a", "a", "b"]);
    /// ```
    #[must_use]
    pub fn union<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if other.is_empty() {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        self.merge(other, true, true, true)
    }

    /// The union of all `maps`; on a key in several, the first map's value.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let all = ImmutableOrdMap::unions([
    ///     ImmutableOrdMap::from([(1, "first")]),
    ///     ImmutableOrdMap::from([(1, "second"), (2, "second")]),
    /// ]);
    /// assert_eq!(all.iter().collect::<Vec<_>>(), [(&1, &"first"), (&2, &"second")]);
    /// ```
    #[must_use]
    pub fn unions<I: IntoIterator<Item = Self>>(maps: I) -> Self {
        maps.into_iter().fold(Self::new(), |acc, m| acc.union(m))
    }

    /// The entries of `self` whose keys are also in `other`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableOrdMap::from([(2, "b"), (3, "b")]);
    /// assert_eq!(a.intersection(&b), ImmutableOrdMap::from([(2, "a")]));
    /// ```
    #[must_use]
    pub fn intersection<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.is_empty() || other.is_empty() {
            return Self::new();
        }
        self.merge(other, false, true, false)
    }

    /// The entries of `self` whose keys are not in `other` (std's and .NET's `difference`,
    /// imbl's `relative_complement`).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableOrdMap::from([(2, "b")]);
    /// assert_eq!(a.difference(&b), ImmutableOrdMap::from([(1, "a")]));
    /// assert_eq!(a.relative_complement(&b), a.difference(&b));
    /// ```
    #[must_use]
    pub fn difference<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.is_empty() || other.is_empty() {
            return self.clone();
        }
        self.merge(other, true, false, false)
    }

    /// [`difference`](Self::difference) under imbl's name.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, 'x'), (2, 'y'), (3, 'z')]);
    /// let b = ImmutableOrdMap::from([(1, '?'), (3, '?')]);
    /// let rest = a.relative_complement(&b); // `b`'s keys go, whatever their values
    /// assert_eq!(rest.iter().collect::<Vec<_>>(), [(&2, &'y')]);
    /// assert_eq!(a.len(), 3); // `a` is unchanged
    /// ```
    #[must_use]
    pub fn relative_complement<O: Borrow<Self>>(&self, other: O) -> Self {
        self.difference(other)
    }

    /// The entries whose keys are in exactly one of the maps.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let a = ImmutableOrdMap::from([(1, "a"), (2, "a")]);
    /// let b = ImmutableOrdMap::from([(2, "b"), (3, "b")]);
    /// assert_eq!(a.symmetric_difference(&b), ImmutableOrdMap::from([(1, "a"), (3, "b")]));
    /// ```
    #[must_use]
    pub fn symmetric_difference<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if other.is_empty() {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        self.merge(other, true, false, true)
    }

    /// One ordered merge pass keeping the left-only, shared (left's value) and right-only
    /// entries as asked, then an O(n) bulk build.
    fn merge(&self, other: &Self, left_only: bool, both: bool, right_only: bool) -> Self {
        let mut out = Vec::new();
        let (mut a, mut b) = (self.iter().inner.peekable(), other.iter().inner.peekable());
        loop {
            let ord = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) => x.0.cmp(&y.0),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => break,
            };
            match ord {
                Ordering::Less => {
                    let e = a.next().expect("peeked");
                    if left_only {
                        out.push(e.clone());
                    }
                }
                Ordering::Greater => {
                    let e = b.next().expect("peeked");
                    if right_only {
                        out.push(e.clone());
                    }
                }
                Ordering::Equal => {
                    let e = a.next().expect("peeked");
                    b.next();
                    if both {
                        out.push(e.clone());
                    }
                }
            }
        }
        let n = out.len();
        ImmutableOrdMap { root: build(out.into_iter(), n) }
    }

    /// Builds from entries in any order: already strictly increasing input is built in O(n)
    /// directly; otherwise it is sorted (stably) and deduplicated, the last value winning.
    pub(crate) fn from_vec(mut v: Vec<(K, V)>) -> Self {
        if !v.windows(2).all(|w| w[0].0 < w[1].0) {
            v.sort_by(|a, b| a.0.cmp(&b.0));
            let mut out: Vec<(K, V)> = Vec::with_capacity(v.len());
            for e in v {
                match out.last_mut() {
                    Some(last) if last.0 == e.0 => *last = e,
                    _ => out.push(e),
                }
            }
            v = out;
        }
        let n = v.len();
        ImmutableOrdMap { root: build(v.into_iter(), n) }
    }
}

/// The bound of the kept side next to a removed range's bound `b`; `None` when nothing is kept
/// on that side (an unbounded end).
fn complement<Q: ?Sized>(b: Bound<&Q>) -> Option<Bound<&Q>> {
    match b {
        Bound::Included(q) => Some(Bound::Excluded(q)),
        Bound::Excluded(q) => Some(Bound::Included(q)),
        Bound::Unbounded => None,
    }
}

impl<K: Clone + Ord, V: Clone> FromIterator<(K, V)> for ImmutableOrdMap<K, V> {
    /// O(n) for input already sorted by key, O(n log n) otherwise; on duplicate keys the last
    /// value wins (as in `BTreeMap`).
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Self::from_vec(iter.into_iter().collect())
    }
}

impl<K: Clone + Ord, V: Clone> Extend<(K, V)> for ImmutableOrdMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Clone + Ord, V: Clone> From<BTreeMap<K, V>> for ImmutableOrdMap<K, V> {
    /// O(n): the entries arrive sorted and unique.
    fn from(map: BTreeMap<K, V>) -> Self {
        let n = map.len();
        ImmutableOrdMap { root: build(map.into_iter(), n) }
    }
}

impl<K: Clone + Ord, V: Clone, const N: usize> From<[(K, V); N]> for ImmutableOrdMap<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        Self::from_vec(entries.into())
    }
}

impl<K: Clone + Ord, V: Clone> From<Vec<(K, V)>> for ImmutableOrdMap<K, V> {
    /// O(n) for entries sorted by key, O(n log n) otherwise; the last value of a key wins.
    fn from(entries: Vec<(K, V)>) -> Self {
        Self::from_vec(entries)
    }
}

impl<K: Clone + Ord, V: Clone> From<&[(K, V)]> for ImmutableOrdMap<K, V> {
    fn from(entries: &[(K, V)]) -> Self {
        Self::from_vec(entries.to_vec())
    }
}

fn clone_entry<K: Clone, V: Clone>((k, v): (&K, &V)) -> (K, V) {
    (k.clone(), v.clone())
}

impl<K: Clone, V: Clone> IntoIterator for ImmutableOrdMap<K, V> {
    type Item = (K, V);
    type IntoIter = IntoIter<K, V>;

    /// The entries by value, in key order: cloned out of the tree, which other versions may
    /// share.
    fn into_iter(self) -> IntoIter<K, V> {
        let entries: Vec<(K, V)> = self.iter().map(clone_entry).collect();
        IntoIter { inner: entries.into_iter() }
    }
}

/// The entries of an [`ImmutableOrdMap`] by value, in key order.
///
/// ```
/// use core_collections::immutable::ImmutableOrdMap;
/// let m = ImmutableOrdMap::from([(2, String::from("b")), (1, String::from("a"))]);
/// let owned: Vec<(i32, String)> = m.into_iter().collect();
/// assert_eq!(owned, [(1, String::from("a")), (2, String::from("b"))]);
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

impl<K, V> DoubleEndedIterator for IntoIter<K, V> {
    #[inline]
    fn next_back(&mut self) -> Option<(K, V)> {
        self.inner.next_back()
    }
}

impl<K, V> ExactSizeIterator for IntoIter<K, V> {}
impl<K, V> std::iter::FusedIterator for IntoIter<K, V> {}

impl<K, V, Q> Index<&Q> for ImmutableOrdMap<K, V>
where
    K: Borrow<Q>,
    Q: Ord + ?Sized,
{
    type Output = V;

    /// # Panics
    /// If the key is absent.
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("key not in ImmutableOrdMap")
    }
}

impl<K: PartialEq, V: PartialEq> PartialEq for ImmutableOrdMap<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && (self.ptr_eq(other) || self.iter().eq(other.iter()))
    }
}

impl<K: Eq, V: Eq> Eq for ImmutableOrdMap<K, V> {}

impl<K: PartialOrd, V: PartialOrd> PartialOrd for ImmutableOrdMap<K, V> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.iter().partial_cmp(other.iter())
    }
}

impl<K: Ord, V: Ord> Ord for ImmutableOrdMap<K, V> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl<K: Hash, V: Hash> Hash for ImmutableOrdMap<K, V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for (k, v) in self {
            k.hash(state);
            v.hash(state);
        }
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for ImmutableOrdMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'a, K, V> IntoIterator for &'a ImmutableOrdMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;

    fn into_iter(self) -> Iter<'a, K, V> {
        self.iter()
    }
}

/// The entries of an [`ImmutableOrdMap`] (or of a range of it), in key order.
///
/// Exact-size: it knows how many entries are left without walking them, so `count()` and
/// `len()` are O(1).
///
/// ```
/// use core_collections::immutable::ImmutableOrdMap;
/// let m: ImmutableOrdMap<u32, u32> = (0..10).map(|i| (i, i * i)).collect();
/// let mut it = m.range(3..);
/// assert_eq!(it.len(), 7);
/// assert_eq!(it.next(), Some((&3, &9)));
/// assert_eq!(it.next_back(), Some((&9, &81)));
/// assert_eq!(it.len(), 5);
/// ```
pub struct Iter<'a, K, V> {
    pub(crate) inner: Entries<'a, K, V>,
}

/// The keys of an [`ImmutableOrdMap`], in order.
///
/// ```
/// use core_collections::immutable::ImmutableOrdMap;
/// let m = ImmutableOrdMap::from([(2, ()), (1, ())]);
/// assert_eq!(m.keys().collect::<Vec<_>>(), [&1, &2]);
/// ```
pub struct Keys<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The values of an [`ImmutableOrdMap`], in key order.
///
/// ```
/// use core_collections::immutable::ImmutableOrdMap;
/// let m = ImmutableOrdMap::from([(2, 'b'), (1, 'a')]);
/// assert_eq!(m.values().rev().collect::<String>(), "ba");
/// ```
pub struct Values<'a, K, V> {
    inner: Entries<'a, K, V>,
}

/// The shared iterator impls, with `count` answered from the cursors' ranks and
/// `DoubleEndedIterator`.
macro_rules! ord_entry_iterator {
    ($name:ident, $item:ty, |$e:ident| $map:expr) => {
        entry_iterator!($name, $item, |$e| $map, {
            #[inline]
            fn count(self) -> usize {
                self.inner.count()
            }

            fn last(mut self) -> Option<$item> {
                self.next_back()
            }
        });

        impl<'a, K, V> DoubleEndedIterator for $name<'a, K, V> {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                self.inner.next_back().map(|$e| $map)
            }
        }
    };
}

ord_entry_iterator!(Iter, (&'a K, &'a V), |e| (&e.0, &e.1));
ord_entry_iterator!(Keys, &'a K, |e| &e.0);
ord_entry_iterator!(Values, &'a V, |e| &e.1);
