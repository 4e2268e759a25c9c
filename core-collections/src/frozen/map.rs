//! [`FrozenMap`]: a read-optimised map built once from its entries.

use super::index::Index;
use super::iter::{IntoIter, IntoKeys, IntoValues, Iter, IterMut, Keys, Values, ValuesMut};
use super::Strategy;
use core::borrow::Borrow;
use core::fmt;
use core::hash::Hash;

/// A map built once from its entries, with a lookup strategy picked for its keys.
///
/// Keys are fixed after construction; values can be changed through `&mut self`. Building
/// analyses the keys (see the [module docs](crate::frozen)); lookups branch once on the
/// chosen [`Strategy`] and run a tight loop. Iteration order is unspecified but the same
/// for the same input.
///
/// ```
/// use core_collections::frozen::{FrozenMap, Strategy};
///
/// let map = FrozenMap::new([("apple", 3), ("pear", 5), ("apple", 4)]);
/// assert_eq!(map.get("apple"), Some(&4)); // duplicates: the last pair wins
/// assert_eq!(map["pear"], 5);
/// assert_eq!(map.len(), 2);
/// assert_eq!(map.strategy(), Strategy::SmallScan);
/// ```
#[derive(Clone)]
pub struct FrozenMap<K, V> {
    entries: Box<[(K, V)]>,
    index: Index,
}

impl<K: Hash + Eq, V> FrozenMap<K, V> {
    /// Builds a map from `(key, value)` pairs. When keys repeat, the last pair (key and
    /// value) wins, in the position of the first.
    ///
    /// The entry buffer is pre-sized from the iterator's size hint (a `Vec` of pairs given by
    /// value is reused in place); the key analysis does a bounded amount of work, linear in
    /// the number of keys.
    ///
    /// ```
    /// use core_collections::frozen::{FrozenMap, Strategy};
    /// let status = FrozenMap::new([(200, "OK"), (404, "Not Found"), (200, "Fine")]);
    /// assert_eq!(status.len(), 2);
    /// assert_eq!(status[&200], "Fine"); // the later pair replaced the earlier one
    /// assert_eq!(status.strategy(), Strategy::SmallIntScan);
    /// ```
    ///
    /// # Panics
    /// With 2³² − 1 entries or more, or string keys of 4 GiB or more in all.
    pub fn new<I: IntoIterator<Item = (K, V)>>(pairs: I) -> FrozenMap<K, V> {
        // Pre-sized from the size hint; a `Vec` given by value becomes the entries in place.
        let mut entries: Vec<(K, V)> = pairs.into_iter().collect();
        let index = Index::build(&mut entries);
        FrozenMap { entries: entries.into_boxed_slice(), index }
    }

    /// The value for `key`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map: FrozenMap<String, u32> = [("one".to_string(), 1), ("two".to_string(), 2)].into();
    /// assert_eq!(map.get("two"), Some(&2)); // a `&str` looks up `String` keys
    /// assert_eq!(map.get("three"), None);
    /// ```
    #[inline]
    pub fn get<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        let i = self.index.find(&self.entries, key)?;
        Some(&self.entries[i].1)
    }

    /// The stored key and the value for `key`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("x", 1.5)]);
    /// assert_eq!(map.get_key_value("x"), Some((&"x", &1.5)));
    /// ```
    #[inline]
    pub fn get_key_value<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
    {
        let (k, v) = &self.entries[self.index.find(&self.entries, key)?];
        Some((k, v))
    }

    /// Whether the map has `key`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map: FrozenMap<u64, ()> = (0..1000).map(|k| (k * 7, ())).collect();
    /// assert!(map.contains_key(&700));
    /// assert!(!map.contains_key(&701));
    /// ```
    #[inline]
    pub fn contains_key<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.index.find(&self.entries, key).is_some()
    }

    /// The value for `key`, mutable.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut hits = FrozenMap::from([("/", 0), ("/about", 0)]);
    /// *hits.get_mut("/about").unwrap() += 1;
    /// assert_eq!(hits["/about"], 1);
    /// assert!(hits.get_mut("/missing").is_none()); // keys are fixed: no insertion
    /// ```
    #[inline]
    pub fn get_mut<Q: Hash + Eq + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        let i = self.index.find(&self.entries, key)?;
        Some(&mut self.entries[i].1)
    }

    /// The values for several distinct keys at once, mutable.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut map = FrozenMap::from([("a", 1), ("b", 2)]);
    /// if let [Some(a), Some(b), None] = map.get_disjoint_mut(["a", "b", "c"]) {
    ///     core::mem::swap(a, b);
    /// }
    /// assert_eq!((map["a"], map["b"]), (2, 1));
    /// ```
    ///
    /// # Panics
    /// If two of the keys are the same entry's (as std's `HashMap::get_disjoint_mut`).
    pub fn get_disjoint_mut<Q: Hash + Eq + ?Sized, const N: usize>(
        &mut self,
        keys: [&Q; N],
    ) -> [Option<&mut V>; N]
    where
        K: Borrow<Q>,
    {
        let found = keys.map(|k| self.index.find(&self.entries, k));
        for (i, a) in found.iter().enumerate() {
            assert!(
                a.is_none() || !found[..i].contains(a),
                "get_disjoint_mut: two keys name the same entry"
            );
        }
        let base = self.entries.as_mut_ptr();
        // SAFETY: every found position is in bounds (`find` returns positions of entries),
        // and the positions are pairwise distinct (checked above), so the references do not
        // alias; they borrow `self` mutably for their lifetime.
        found.map(|i| i.map(|i| unsafe { &mut (*base.add(i)).1 }))
    }

    /// The values for several keys at once.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map: FrozenMap<u32, char> = (0..100).zip('a'..).collect();
    /// assert_eq!(map.get_many([&0, &2, &500]), [Some(&'a'), Some(&'c'), None]);
    /// ```
    #[inline]
    pub fn get_many<Q: Hash + Eq + ?Sized, const N: usize>(&self, keys: [&Q; N]) -> [Option<&V>; N]
    where
        K: Borrow<Q>,
    {
        keys.map(|k| self.get(k))
    }
}

impl<K, V> FrozenMap<K, V> {
    /// The number of entries.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(1, 'a'), (2, 'b'), (1, 'c')]);
    /// assert_eq!(map.len(), 2); // the repeated key counts once
    /// assert_eq!(map[&1], 'c');
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let empty: FrozenMap<u32, u32> = FrozenMap::new([]);
    /// assert!(empty.is_empty());
    /// assert_eq!(empty.get(&0), None);
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The lookup strategy picked for the keys.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::{FrozenMap, Strategy};
    /// let dense: FrozenMap<u32, u32> = (0..100).map(|k| (k, k * k)).collect();
    /// assert_eq!(dense.strategy(), Strategy::DenseInts);
    /// let sparse: FrozenMap<u64, u64> = (0..100).map(|k| (k * 1_000_003, k)).collect();
    /// assert_eq!(sparse.strategy(), Strategy::SparseInts);
    /// ```
    pub fn strategy(&self) -> Strategy {
        self.index.strategy()
    }

    /// Heap bytes held by the map: entries and index (not what the keys and values own).
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map: FrozenMap<u32, u32> = (0..100).map(|k| (k, k)).collect();
    /// assert!(map.heap_size() >= 100 * core::mem::size_of::<(u32, u32)>());
    /// ```
    pub fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.entries) + self.index.heap_size()
    }

    /// The entries, as `(&K, &V)`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("a", 1), ("b", 2), ("c", 3)]);
    /// let mut pairs: Vec<(&str, i32)> = map.iter().map(|(k, v)| (*k, *v)).collect();
    /// pairs.sort();
    /// assert_eq!(pairs, [("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(map.keys().count(), 3);
    /// assert_eq!(map.values().sum::<i32>(), 6);
    /// ```
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.entries.iter() }
    }

    /// The entries, with mutable values.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut map = FrozenMap::from([(1, 10), (2, 20)]);
    /// for (k, v) in map.iter_mut() {
    ///     *v += *k;
    /// }
    /// assert_eq!((map[&1], map[&2]), (11, 22));
    /// map.values_mut().for_each(|v| *v = 0);
    /// assert!(map.values().all(|v| *v == 0));
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut { inner: self.entries.iter_mut() }
    }

    /// The keys.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("b", 2), ("a", 1)]);
    /// let mut keys: Vec<&str> = map.keys().copied().collect();
    /// keys.sort();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys { inner: self.entries.iter() }
    }

    /// The values.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("a", 1), ("b", 2), ("c", 3)]);
    /// assert_eq!(map.values().max(), Some(&3));
    /// ```
    pub fn values(&self) -> Values<'_, K, V> {
        Values { inner: self.entries.iter() }
    }

    /// The values, mutable.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut map = FrozenMap::from([("a", 1), ("b", 2)]);
    /// map.values_mut().for_each(|v| *v += 1);
    /// assert_eq!((map["a"], map["b"]), (2, 3));
    /// ```
    pub fn values_mut(&mut self) -> ValuesMut<'_, K, V> {
        ValuesMut { inner: self.entries.iter_mut() }
    }

    /// The keys, by value.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(1, 'a'), (2, 'b')]);
    /// let mut keys: Vec<i32> = map.into_keys().collect();
    /// keys.sort();
    /// assert_eq!(keys, [1, 2]);
    /// ```
    pub fn into_keys(self) -> IntoKeys<K, V> {
        IntoKeys { inner: self.entries.into_vec().into_iter() }
    }

    /// The values, by value.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([('a', vec![1]), ('b', vec![2, 3])]);
    /// let total: usize = map.into_values().map(|v| v.len()).sum();
    /// assert_eq!(total, 3);
    /// ```
    pub fn into_values(self) -> IntoValues<K, V> {
        IntoValues { inner: self.entries.into_vec().into_iter() }
    }
}

impl<K: Hash + Eq, V> FromIterator<(K, V)> for FrozenMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        FrozenMap::new(pairs)
    }
}

impl<K: Hash + Eq, V, const N: usize> From<[(K, V); N]> for FrozenMap<K, V> {
    fn from(pairs: [(K, V); N]) -> Self {
        FrozenMap::new(pairs)
    }
}

impl<K: Hash + Eq, V> Default for FrozenMap<K, V> {
    fn default() -> Self {
        FrozenMap::new([])
    }
}

impl<K, V, Q> core::ops::Index<&Q> for FrozenMap<K, V>
where
    K: Hash + Eq + Borrow<Q>,
    Q: Hash + Eq + ?Sized,
{
    type Output = V;

    /// The value for `key`.
    ///
    /// # Panics
    /// If the map has no `key` (use [`FrozenMap::get`] to ask instead).
    #[inline]
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("key not in the FrozenMap")
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for FrozenMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Maps are equal when they have the same keys with equal values (in any order).
impl<K: Hash + Eq, V: PartialEq> PartialEq for FrozenMap<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<K: Hash + Eq, V: Eq> Eq for FrozenMap<K, V> {}

impl<'a, K, V> IntoIterator for &'a FrozenMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Iter<'a, K, V> {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut FrozenMap<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;
    fn into_iter(self) -> IterMut<'a, K, V> {
        self.iter_mut()
    }
}

impl<K, V> IntoIterator for FrozenMap<K, V> {
    type Item = (K, V);
    type IntoIter = IntoIter<K, V>;
    fn into_iter(self) -> IntoIter<K, V> {
        IntoIter { inner: self.entries.into_vec().into_iter() }
    }
}
