//! [`Entry`]: one key's place in an [`ImmutableOrdMap`], to read, insert, change or remove in
//! place (copy-on-write), as `std`'s and imbl's `entry` API.

use super::map::ImmutableOrdMap;
use std::fmt;

/// A key's entry in an [`ImmutableOrdMap`], from [`ImmutableOrdMap::entry`].
///
/// # Examples
/// ```
/// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
/// let mut m = ImmutableOrdMap::unit("a", 1);
/// match m.entry("a") {
///     Entry::Occupied(mut e) => *e.get_mut() += 10,
///     Entry::Vacant(e) => {
///         e.insert(0);
///     }
/// }
/// assert_eq!(m[&"a"], 11);
/// ```
pub enum Entry<'a, K, V> {
    /// The key has a value.
    Occupied(OccupiedEntry<'a, K, V>),
    /// The key has no value.
    Vacant(VacantEntry<'a, K, V>),
}

/// An entry whose key has a value.
///
/// ```
/// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
/// let mut m = ImmutableOrdMap::from([("a", 1)]);
/// if let Entry::Occupied(mut e) = m.entry("a") {
///     assert_eq!(e.insert(5), 1);
///     assert_eq!(e.remove_entry(), ("a", 5));
/// }
/// assert!(m.is_empty());
/// ```
pub struct OccupiedEntry<'a, K, V> {
    pub(crate) map: &'a mut ImmutableOrdMap<K, V>,
    pub(crate) key: K,
}

/// An entry whose key has no value.
///
/// ```
/// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
/// let mut m: ImmutableOrdMap<u8, char> = ImmutableOrdMap::new();
/// match m.entry(3) {
///     Entry::Vacant(e) => assert_eq!(*e.insert('c'), 'c'),
///     Entry::Occupied(_) => unreachable!(),
/// }
/// assert_eq!(m[&3], 'c');
/// ```
pub struct VacantEntry<'a, K, V> {
    pub(crate) map: &'a mut ImmutableOrdMap<K, V>,
    pub(crate) key: K,
}

const PRESENT: &str = "an occupied entry's key is in the map";

impl<'a, K, V> Entry<'a, K, V>
where
    K: Ord + Clone,
    V: Clone,
{
    /// The value, inserting `default` first if there is none.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut stock = ImmutableOrdMap::from([("apples", 3)]);
    /// *stock.entry("apples").or_insert(0) += 2; // present: the default is not used
    /// *stock.entry("pears").or_insert(0) += 5;
    /// assert_eq!(stock.iter().collect::<Vec<_>>(), [(&"apples", &5), (&"pears", &5)]);
    /// ```
    pub fn or_insert(self, default: V) -> &'a mut V {
        self.or_insert_with(|| default)
    }

    /// The value, inserting `default()` first if there is none.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m: ImmutableOrdMap<u32, Vec<u32>> = ImmutableOrdMap::new();
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
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut groups: ImmutableOrdMap<usize, Vec<&str>> = ImmutableOrdMap::new();
    /// for word in ["ox", "cat", "go", "dog"] {
    ///     groups.entry(word.len()).or_default().push(word);
    /// }
    /// assert_eq!(groups[&2], ["ox", "go"]);
    /// assert_eq!(groups[&3], ["cat", "dog"]);
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
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m = ImmutableOrdMap::from([(1, 'a')]);
    /// assert_eq!(m.entry(1).key(), &1); // occupied
    /// assert_eq!(m.entry(2).key(), &2); // vacant
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
    /// use core_collections::immutable::ImmutableOrdMap;
    /// let mut m: ImmutableOrdMap<&str, u32> = ImmutableOrdMap::new();
    /// for word in ["a", "b", "a"] {
    ///     m.entry(word).and_modify(|n| *n += 1).or_default();
    /// }
    /// assert_eq!(m.iter().collect::<Vec<_>>(), [(&"a", &1), (&"b", &0)]);
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

impl<'a, K, V> OccupiedEntry<'a, K, V>
where
    K: Ord + Clone,
    V: Clone,
{
    /// The entry's key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([('x', 24)]);
    /// let Entry::Occupied(e) = m.entry('x') else { unreachable!() };
    /// assert_eq!(e.key(), &'x');
    /// ```
    pub fn key(&self) -> &K {
        &self.key
    }

    /// The value.
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(10, "ten")]);
    /// let Entry::Occupied(e) = m.entry(10) else { unreachable!() };
    /// assert_eq!(e.get(), &"ten");
    /// ```
    pub fn get(&self) -> &V {
        self.map.get(&self.key).expect(PRESENT)
    }

    /// The value, mutably (copy-on-write on its path).
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(1, String::from("a"))]);
    /// let old = m.clone();
    /// let Entry::Occupied(mut e) = m.entry(1) else { unreachable!() };
    /// e.get_mut().push('b');
    /// assert_eq!((old[&1].as_str(), m[&1].as_str()), ("a", "ab")); // the clone keeps its value
    /// ```
    pub fn get_mut(&mut self) -> &mut V {
        self.map.get_mut(&self.key).expect(PRESENT)
    }

    /// The value, mutably, for as long as the map was borrowed.
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(1, 0)]);
    /// let value: &mut i32 = match m.entry(1) {
    ///     Entry::Occupied(e) => e.into_mut(), // outlives the entry
    ///     Entry::Vacant(_) => unreachable!(),
    /// };
    /// *value -= 1;
    /// assert_eq!(m[&1], -1);
    /// ```
    pub fn into_mut(self) -> &'a mut V {
        self.map.get_mut(&self.key).expect(PRESENT)
    }

    /// Replaces the value; returns the old one.
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(3, 'c')]);
    /// let Entry::Occupied(mut e) = m.entry(3) else { unreachable!() };
    /// assert_eq!(e.insert('C'), 'c'); // the old value
    /// assert_eq!(e.get(), &'C');
    /// ```
    pub fn insert(&mut self, value: V) -> V {
        std::mem::replace(self.get_mut(), value)
    }

    /// Removes the entry; returns its value.
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(1, 'a'), (2, 'b')]);
    /// let before = m.clone();
    /// let Entry::Occupied(e) = m.entry(1) else { unreachable!() };
    /// assert_eq!(e.remove(), 'a');
    /// assert_eq!((m.first(), before.first()), (Some((&2, &'b')), Some((&1, &'a'))));
    /// ```
    pub fn remove(self) -> V {
        self.remove_entry().1
    }

    /// Removes the entry; returns its key and value.
    ///
    /// # Panics
    /// Only if the key's `Ord` impl disagrees with itself (the map no longer
    /// finds the key it found when the entry was made), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(String::from("k"), 1), (String::from("z"), 2)]);
    /// let Entry::Occupied(e) = m.entry(String::from("k")) else { unreachable!() };
    /// assert_eq!(e.remove_entry(), (String::from("k"), 1));
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn remove_entry(self) -> (K, V) {
        self.map.remove_with_key(&self.key).expect(PRESENT)
    }
}

impl<'a, K, V> VacantEntry<'a, K, V>
where
    K: Ord + Clone,
    V: Clone,
{
    /// The entry's key.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m: ImmutableOrdMap<u32, ()> = ImmutableOrdMap::new();
    /// let Entry::Vacant(e) = m.entry(5) else { unreachable!() };
    /// assert_eq!(e.key(), &5);
    /// assert!(m.is_empty());
    /// ```
    pub fn key(&self) -> &K {
        &self.key
    }

    /// The key, giving up the entry.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m: ImmutableOrdMap<String, u32> = ImmutableOrdMap::new();
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
    /// Only if the key's `Clone` or `Ord` impl disagrees with itself (a clone
    /// the map cannot find again), a logic error in the key type.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ord::{Entry, ImmutableOrdMap};
    /// let mut m = ImmutableOrdMap::from([(2, 20)]);
    /// let Entry::Vacant(e) = m.entry(1) else { unreachable!() };
    /// *e.insert(10) += 1; // the returned reference points into the map
    /// assert_eq!(m.iter().collect::<Vec<_>>(), [(&1, &11), (&2, &20)]);
    /// ```
    pub fn insert(self, value: V) -> &'a mut V {
        self.map.insert(self.key.clone(), value);
        self.map.get_mut(&self.key).expect(PRESENT)
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for Entry<'_, K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Occupied(e) => f.debug_tuple("Occupied").field(e).finish(),
            Entry::Vacant(e) => f.debug_tuple("Vacant").field(e).finish(),
        }
    }
}

impl<K: fmt::Debug, V> fmt::Debug for OccupiedEntry<'_, K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OccupiedEntry").field("key", &self.key).finish_non_exhaustive()
    }
}

impl<K: fmt::Debug, V> fmt::Debug for VacantEntry<'_, K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VacantEntry").field("key", &self.key).finish()
    }
}
