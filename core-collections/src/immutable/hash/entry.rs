//! [`Entry`]: one key's place in an [`ImmutableHashMap`], to read, insert, change or remove in
//! place (copy-on-write), as `std`'s and imbl's `entry` API.

use super::map::ImmutableHashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};

/// A key's entry in an [`ImmutableHashMap`], from [`ImmutableHashMap::entry`].
///
/// # Examples
/// ```
/// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
/// let mut m = ImmutableHashMap::unit("a", 1);
/// match m.entry("a") {
///     Entry::Occupied(mut e) => *e.get_mut() += 10,
///     Entry::Vacant(e) => {
///         e.insert(0);
///     }
/// }
/// assert_eq!(m["a"], 11);
/// ```
pub enum Entry<'a, K, V, S> {
    /// The key has a value.
    Occupied(OccupiedEntry<'a, K, V, S>),
    /// The key has no value.
    Vacant(VacantEntry<'a, K, V, S>),
}

/// An entry whose key has a value.
///
/// ```
/// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
/// let mut m = ImmutableHashMap::from([("a", 1)]);
/// if let Entry::Occupied(e) = m.entry("a") {
///     assert_eq!((e.key(), e.get()), (&"a", &1));
///     assert_eq!(e.remove(), 1);
/// }
/// assert!(m.is_empty());
/// ```
pub struct OccupiedEntry<'a, K, V, S> {
    pub(crate) map: &'a mut ImmutableHashMap<K, V, S>,
    pub(crate) key: K,
}

/// An entry whose key has no value.
///
/// ```
/// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
/// let mut m: ImmutableHashMap<&str, i32> = ImmutableHashMap::new();
/// if let Entry::Vacant(e) = m.entry("new") {
///     *e.insert(1) += 1;
/// }
/// assert_eq!(m["new"], 2);
/// ```
pub struct VacantEntry<'a, K, V, S> {
    pub(crate) map: &'a mut ImmutableHashMap<K, V, S>,
    pub(crate) key: K,
}

const PRESENT: &str = "an occupied entry's key is in the map";

impl<'a, K, V, S> Entry<'a, K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    /// The value, inserting `default` first if there is none.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([("a", 1)]);
    /// *m.entry("a").or_insert(10) += 1; // present: the default is not used
    /// *m.entry("b").or_insert(10) += 1;
    /// assert_eq!((m["a"], m["b"]), (2, 11));
    /// ```
    pub fn or_insert(self, default: V) -> &'a mut V {
        self.or_insert_with(|| default)
    }

    /// The value, inserting `default()` first if there is none.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m: ImmutableHashMap<u32, Vec<u32>> = ImmutableHashMap::new();
    /// m.entry(1).or_insert_with(Vec::new).push(10);
    /// m.entry(1).or_insert_with(Vec::new).push(11);
    /// assert_eq!(m[&1], [10, 11]);
    /// ```
    pub fn or_insert_with<F: FnOnce() -> V>(self, default: F) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(default()),
        }
    }

    /// The value, inserting `V::default()` first if there is none.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m: ImmutableHashMap<&str, Vec<u32>> = ImmutableHashMap::new();
    /// m.entry("evens").or_default().push(2);
    /// m.entry("evens").or_default().push(4);
    /// assert_eq!(m["evens"], [2, 4]);
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }

    /// The entry's key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m = ImmutableHashMap::from([("a", 1)]);
    /// assert_eq!(m.entry("a").key(), &"a"); // occupied
    /// assert_eq!(m.entry("z").key(), &"z"); // vacant
    /// assert_eq!(m.len(), 1); // looking at a vacant entry inserts nothing
    /// ```
    pub fn key(&self) -> &K {
        match self {
            Entry::Occupied(e) => &e.key,
            Entry::Vacant(e) => &e.key,
        }
    }

    /// Calls `f` on the value if there is one; returns the entry.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashMap;
    /// let mut m: ImmutableHashMap<&str, u32> = ImmutableHashMap::new();
    /// for word in ["a", "b", "a"] {
    ///     m.entry(word).and_modify(|n| *n += 1).or_default();
    /// }
    /// assert_eq!((m["a"], m["b"]), (1, 0));
    /// ```
    #[must_use]
    pub fn and_modify<F: FnOnce(&mut V)>(self, f: F) -> Self {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant => vacant,
        }
    }
}

impl<'a, K, V, S> OccupiedEntry<'a, K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    /// The entry's key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([(7, "seven")]);
    /// let Entry::Occupied(e) = m.entry(7) else { unreachable!() };
    /// assert_eq!(e.key(), &7);
    /// ```
    pub fn key(&self) -> &K {
        &self.key
    }

    /// The value.
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([("a", 1)]);
    /// let Entry::Occupied(e) = m.entry("a") else { unreachable!() };
    /// assert_eq!(e.get(), &1);
    /// ```
    pub fn get(&self) -> &V {
        self.map.get(&self.key).expect(PRESENT)
    }

    /// The value, mutably (copy-on-write on its path).
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([("a", 1)]);
    /// let old = m.clone();
    /// let Entry::Occupied(mut e) = m.entry("a") else { unreachable!() };
    /// *e.get_mut() *= 10;
    /// assert_eq!((old["a"], m["a"]), (1, 10)); // the clone keeps its value
    /// ```
    pub fn get_mut(&mut self) -> &mut V {
        self.map.get_mut(&self.key).expect(PRESENT)
    }

    /// The value, mutably, for as long as the map was borrowed.
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([("n", 1)]);
    /// let value: &mut i32 = match m.entry("n") {
    ///     Entry::Occupied(e) => e.into_mut(), // outlives the entry
    ///     Entry::Vacant(_) => unreachable!(),
    /// };
    /// *value += 1;
    /// assert_eq!(m["n"], 2);
    /// ```
    pub fn into_mut(self) -> &'a mut V {
        self.map.get_mut(&self.key).expect(PRESENT)
    }

    /// Replaces the value; returns the old one.
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([("a", 1)]);
    /// let Entry::Occupied(mut e) = m.entry("a") else { unreachable!() };
    /// assert_eq!(e.insert(2), 1); // the old value
    /// assert_eq!(e.get(), &2);
    /// ```
    pub fn insert(&mut self, value: V) -> V {
        std::mem::replace(self.get_mut(), value)
    }

    /// Removes the entry; returns its value.
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([("a", 1), ("b", 2)]);
    /// let before = m.clone();
    /// let Entry::Occupied(e) = m.entry("a") else { unreachable!() };
    /// assert_eq!(e.remove(), 1);
    /// assert!(!m.contains_key("a") && before.contains_key("a"));
    /// ```
    pub fn remove(self) -> V {
        self.remove_entry().1
    }

    /// Removes the entry; returns its key and value.
    ///
    /// # Panics
    /// Only if the key's `Hash` and `Eq` impls disagree with themselves (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m = ImmutableHashMap::from([(String::from("a"), 1)]);
    /// let Entry::Occupied(e) = m.entry(String::from("a")) else { unreachable!() };
    /// assert_eq!(e.remove_entry(), (String::from("a"), 1));
    /// assert!(m.is_empty());
    /// ```
    pub fn remove_entry(self) -> (K, V) {
        self.map.remove_with_key(&self.key).expect(PRESENT)
    }
}

impl<'a, K, V, S> VacantEntry<'a, K, V, S>
where
    K: Hash + Eq + Clone,
    V: Clone,
    S: BuildHasher + Clone,
{
    /// The entry's key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m: ImmutableHashMap<&str, u32> = ImmutableHashMap::new();
    /// let Entry::Vacant(e) = m.entry("new") else { unreachable!() };
    /// assert_eq!(e.key(), &"new");
    /// assert!(m.is_empty());
    /// ```
    pub fn key(&self) -> &K {
        &self.key
    }

    /// The key, giving up the entry.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m: ImmutableHashMap<String, u32> = ImmutableHashMap::new();
    /// let Entry::Vacant(e) = m.entry("k".to_string()) else { unreachable!() };
    /// let key: String = e.into_key(); // the key back, nothing inserted
    /// assert_eq!(key, "k");
    /// assert!(m.is_empty());
    /// ```
    pub fn into_key(self) -> K {
        self.key
    }

    /// Inserts `value` for the key; returns it, mutably.
    ///
    /// # Panics
    /// Only if the key's `Clone` or `Hash` and `Eq` impls disagree with themselves (a clone
    /// the map cannot find again), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::hash::{Entry, ImmutableHashMap};
    /// let mut m: ImmutableHashMap<&str, Vec<u32>> = ImmutableHashMap::new();
    /// let Entry::Vacant(e) = m.entry("list") else { unreachable!() };
    /// let list = e.insert(vec![1]);
    /// list.push(2); // the returned reference points into the map
    /// assert_eq!(m["list"], [1, 2]);
    /// ```
    pub fn insert(self, value: V) -> &'a mut V {
        self.map.insert(self.key.clone(), value);
        self.map.get_mut(&self.key).expect(PRESENT)
    }
}

impl<K: fmt::Debug, V: fmt::Debug, S> fmt::Debug for Entry<'_, K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Occupied(e) => f.debug_tuple("Occupied").field(e).finish(),
            Entry::Vacant(e) => f.debug_tuple("Vacant").field(e).finish(),
        }
    }
}

impl<K: fmt::Debug, V, S> fmt::Debug for OccupiedEntry<'_, K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OccupiedEntry").field("key", &self.key).finish_non_exhaustive()
    }
}

impl<K: fmt::Debug, V, S> fmt::Debug for VacantEntry<'_, K, V, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VacantEntry").field("key", &self.key).finish()
    }
}
