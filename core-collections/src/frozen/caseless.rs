//! Frozen maps and sets of string keys that ignore ASCII case.

use super::index::Index;
use super::iter::{Iter, IterMut, Keys, Values, ValuesMut};
use super::Strategy;
use core::fmt;

/// A frozen map whose string keys compare ignoring ASCII case (`"Key"`, `"KEY"` and `"key"`
/// are one key). Only ASCII letters fold: `"É"` and `"é"` stay different.
///
/// The key analysis runs on folded keys, so two keys that differ only by case count as
/// duplicates (the last pair wins) and a hashed slice is chosen for being unique among the
/// folded keys.
///
/// ```
/// use core_collections::frozen::FrozenCaseInsensitiveMap;
/// let map = FrozenCaseInsensitiveMap::new([("Content-Type", 1), ("Accept", 2), ("ACCEPT", 3)]);
/// assert_eq!(map.get("content-type"), Some(&1));
/// assert_eq!(map.get("accept"), Some(&3));
/// assert_eq!(map.len(), 2);
/// ```
#[derive(Clone)]
pub struct FrozenCaseInsensitiveMap<K, V> {
    entries: Box<[(K, V)]>,
    index: Index,
}

impl<K: AsRef<str>, V> FrozenCaseInsensitiveMap<K, V> {
    /// Builds a map from `(key, value)` pairs. When keys repeat ignoring ASCII case, the last
    /// pair (key and value) wins, in the position of the first.
    ///
    /// # Panics
    /// With 2³² − 1 entries or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("Accept", 1), ("Host", 2), ("HOST", 3)]);
    /// assert_eq!(map.len(), 2); // "Host" and "HOST" are one key: the last value wins
    /// assert_eq!(map.get("host"), Some(&3));
    /// assert_eq!(map.get_key_value("host"), Some((&"HOST", &3)));
    /// ```
    pub fn new<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        // Pre-sized from the size hint; a `Vec` given by value becomes the entries in place.
        let mut entries: Vec<(K, V)> = pairs.into_iter().collect();
        let index = Index::build_caseless(&mut entries);
        FrozenCaseInsensitiveMap { entries: entries.into_boxed_slice(), index }
    }

    /// The value for `key`, ignoring ASCII case.
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("Host", 1), ("User-Agent", 2)]);
    /// assert_eq!(map.get("HOST"), Some(&1));
    /// assert_eq!(map.get("user-agent"), Some(&2));
    /// assert_eq!(map.get("Hostname"), None);
    /// assert_eq!(map.get_key_value("host"), Some((&"Host", &1))); // the key as given
    /// ```
    #[inline]
    pub fn get(&self, key: &str) -> Option<&V> {
        let i = self.index.find_caseless(&self.entries, key)?;
        Some(&self.entries[i].1)
    }

    /// The stored key and the value for `key`, ignoring ASCII case.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("Content-Type", "text/plain")]);
    /// assert_eq!(map.get_key_value("CONTENT-TYPE"), Some((&"Content-Type", &"text/plain")));
    /// assert_eq!(map.get_key_value("Content-Length"), None);
    /// ```
    #[inline]
    pub fn get_key_value(&self, key: &str) -> Option<(&K, &V)> {
        let (k, v) = &self.entries[self.index.find_caseless(&self.entries, key)?];
        Some((k, v))
    }

    /// Whether the map has `key`, ignoring ASCII case.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("Cookie", ())]);
    /// assert!(map.contains_key("cookie") && map.contains_key("COOKIE"));
    /// assert!(!map.contains_key("Cookies"));
    /// assert!(!map.contains_key("cöokie")); // only ASCII letters fold
    /// ```
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.index.find_caseless(&self.entries, key).is_some()
    }

    /// The value for `key`, ignoring ASCII case, mutable.
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let mut map = FrozenCaseInsensitiveMap::new([("Accept", 0)]);
    /// *map.get_mut("ACCEPT").unwrap() += 1;
    /// assert_eq!(map.get("accept"), Some(&1));
    /// ```
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let i = self.index.find_caseless(&self.entries, key)?;
        Some(&mut self.entries[i].1)
    }

    /// The values for several keys at once.
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("A", 1), ("b", 2)]);
    /// assert_eq!(map.get_many(["a", "B", "c"]), [Some(&1), Some(&2), None]);
    /// ```
    #[inline]
    pub fn get_many<const N: usize>(&self, keys: [&str; N]) -> [Option<&V>; N] {
        keys.map(|k| self.get(k))
    }
}

impl<K, V> FrozenCaseInsensitiveMap<K, V> {
    /// The number of entries.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("a", 1), ("A", 2), ("b", 3)]);
    /// assert_eq!(map.len(), 2);
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
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let empty = FrozenCaseInsensitiveMap::<&str, u8>::new([]);
    /// assert!(empty.is_empty());
    /// assert!(!FrozenCaseInsensitiveMap::new([("x", 0)]).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The lookup strategy picked for the keys (one of the string strategies).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::{FrozenCaseInsensitiveMap, Strategy};
    /// let map = FrozenCaseInsensitiveMap::new([("GET", 1), ("PUT", 2)]);
    /// // Integer strategies are never chosen for string keys.
    /// assert!(!matches!(map.strategy(), Strategy::DenseInts | Strategy::SparseInts));
    /// assert_eq!(map.get("put"), Some(&2));
    /// ```
    pub fn strategy(&self) -> Strategy {
        self.index.strategy()
    }

    /// The entries, as `(&K, &V)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("X-Id", 7), ("x-ID", 8)]);
    /// let pairs: Vec<_> = map.iter().collect();
    /// assert_eq!(pairs, [(&"x-ID", &8)]); // the last spelling and value are kept
    /// ```
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.entries.iter() }
    }

    /// The entries, with mutable values.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let mut map = FrozenCaseInsensitiveMap::new([("a", 1), ("B", 2)]);
    /// for (_, v) in map.iter_mut() {
    ///     *v *= 10;
    /// }
    /// assert_eq!((map.get("A"), map.get("b")), (Some(&10), Some(&20)));
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut { inner: self.entries.iter_mut() }
    }

    /// The keys, as given (not folded).
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("Content-Length", 1)]);
    /// assert_eq!(map.keys().next(), Some(&"Content-Length"));
    /// assert_eq!(map.iter().count(), 1);
    /// ```
    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys { inner: self.entries.iter() }
    }

    /// The values.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let map = FrozenCaseInsensitiveMap::new([("a", 1), ("b", 2), ("B", 3)]);
    /// assert_eq!(map.values().sum::<i32>(), 4);
    /// ```
    pub fn values(&self) -> Values<'_, K, V> {
        Values { inner: self.entries.iter() }
    }

    /// The values, mutable.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveMap;
    /// let mut map = FrozenCaseInsensitiveMap::new([("a", 1), ("b", 2)]);
    /// map.values_mut().for_each(|v| *v = 0);
    /// assert_eq!(map.get("A"), Some(&0));
    /// ```
    pub fn values_mut(&mut self) -> ValuesMut<'_, K, V> {
        ValuesMut { inner: self.entries.iter_mut() }
    }
}

impl<K: AsRef<str>, V> FromIterator<(K, V)> for FrozenCaseInsensitiveMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        FrozenCaseInsensitiveMap::new(pairs)
    }
}

impl<K: AsRef<str>, V> core::ops::Index<&str> for FrozenCaseInsensitiveMap<K, V> {
    type Output = V;

    /// The value for `key`, ignoring ASCII case.
    ///
    /// # Panics
    /// If the map has no `key`.
    #[inline]
    fn index(&self, key: &str) -> &V {
        self.get(key).expect("key not in the FrozenCaseInsensitiveMap")
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for FrozenCaseInsensitiveMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Maps are equal when they have the same keys, ignoring ASCII case, with equal values.
impl<K: AsRef<str>, V: PartialEq> PartialEq for FrozenCaseInsensitiveMap<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k.as_ref()) == Some(v))
    }
}

impl<'a, K, V> IntoIterator for &'a FrozenCaseInsensitiveMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Iter<'a, K, V> {
        self.iter()
    }
}

/// A frozen set of strings that ignores ASCII case (see [`FrozenCaseInsensitiveMap`]).
///
/// ```
/// use core_collections::frozen::FrozenCaseInsensitiveSet;
/// let set: FrozenCaseInsensitiveSet<&str> = ["GET", "Post", "put"].into_iter().collect();
/// assert!(set.contains("post") && set.contains("PUT"));
/// ```
#[derive(Clone)]
pub struct FrozenCaseInsensitiveSet<T> {
    map: FrozenCaseInsensitiveMap<T, ()>,
}

impl<T: AsRef<str>> FrozenCaseInsensitiveSet<T> {
    /// Builds a set; of elements equal ignoring ASCII case, the last is kept.
    ///
    /// # Panics
    /// With 2³² − 1 elements or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// let set = FrozenCaseInsensitiveSet::new(["Get", "GET", "post"]);
    /// assert_eq!(set.len(), 2);
    /// assert_eq!(set.get("get"), Some(&"GET")); // the last of the equal elements
    /// ```
    pub fn new<I: IntoIterator<Item = T>>(elements: I) -> Self {
        FrozenCaseInsensitiveSet {
            map: FrozenCaseInsensitiveMap::new(elements.into_iter().map(|t| (t, ()))),
        }
    }

    /// Whether the set has `value`, ignoring ASCII case.
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// let verbs = FrozenCaseInsensitiveSet::new(["GET", "HEAD"]);
    /// assert!(verbs.contains("get") && verbs.contains("Head"));
    /// assert!(!verbs.contains("POST"));
    /// assert_eq!(verbs.get("head"), Some(&"HEAD"));
    /// ```
    #[inline]
    pub fn contains(&self, value: &str) -> bool {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value` ignoring ASCII case.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// let set = FrozenCaseInsensitiveSet::new([String::from("Accept-Encoding")]);
    /// assert_eq!(set.get("accept-encoding").map(String::as_str), Some("Accept-Encoding"));
    /// assert_eq!(set.get("accept"), None);
    /// ```
    #[inline]
    pub fn get(&self, value: &str) -> Option<&T> {
        self.map.get_key_value(value).map(|(k, _)| k)
    }
}

impl<T> FrozenCaseInsensitiveSet<T> {
    /// The number of elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// assert_eq!(FrozenCaseInsensitiveSet::new(["a", "A", "b"]).len(), 2);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the set is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// assert!(FrozenCaseInsensitiveSet::<&str>::new([]).is_empty());
    /// assert!(!FrozenCaseInsensitiveSet::new(["a"]).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The lookup strategy picked for the elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::{FrozenCaseInsensitiveSet, Strategy};
    /// let set = FrozenCaseInsensitiveSet::new(["gzip", "br", "deflate"]);
    /// assert!(!matches!(set.strategy(), Strategy::DenseInts | Strategy::SparseInts));
    /// assert!(set.contains("GZIP"));
    /// ```
    pub fn strategy(&self) -> Strategy {
        self.map.strategy()
    }

    /// The elements, as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenCaseInsensitiveSet;
    /// let set = FrozenCaseInsensitiveSet::new(["Br", "br"]);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [&"br"]);
    /// ```
    pub fn iter(&self) -> Keys<'_, T, ()> {
        self.map.keys()
    }
}

impl<T: AsRef<str>> FromIterator<T> for FrozenCaseInsensitiveSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(elements: I) -> Self {
        FrozenCaseInsensitiveSet::new(elements)
    }
}

impl<T: AsRef<str>> PartialEq for FrozenCaseInsensitiveSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<T: fmt::Debug> fmt::Debug for FrozenCaseInsensitiveSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
