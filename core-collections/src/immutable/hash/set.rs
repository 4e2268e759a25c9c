//! [`ImmutableHashSet`]: the persistent set (a map to `()`), its builder and set algebra.

use super::map::{ImmutableHashMap, DIGEST};
use super::node::Entry;
use crate::hash::FastState;
use std::borrow::Borrow;
use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::iter::FusedIterator;

/// A persistent hash set: a hash array-mapped trie with structural sharing.
///
/// `clone` is O(1). The API is imbl's: [`insert`](Self::insert) and [`remove`](Self::remove)
/// change this set in place (copy-on-write: only nodes shared with other versions are copied)
/// and return the old element; [`update`](Self::update), [`without`](Self::without) and the set
/// operations return a new set and leave `self` unchanged. Set algebra takes the fast paths:
/// [`set_equals`](Self::set_equals) between sets with the same hasher is one lockstep walk of
/// both tries that skips shared subtrees and allocates nothing, a union into an empty set
/// shares the other set's trie, and identical tries short-circuit every operation.
///
/// # Examples
/// ```
/// use core_collections::immutable::hash::ImmutableHashSet;
/// let a: ImmutableHashSet<u32> = (0..10).collect();
/// let b = a.update(10).without(&0);
/// assert_eq!(a.len(), 10);
/// assert!(b.contains(&10) && !b.contains(&0));
/// assert_eq!(a.intersection(&b).len(), 9);
/// ```
pub struct ImmutableHashSet<T, S = FastState> {
    map: ImmutableHashMap<T, (), S>,
}

impl<T> ImmutableHashSet<T, FastState> {
    /// An empty set with a [`FastState`] hasher (no allocation).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut s = ImmutableHashSet::new();
    /// assert!(s.is_empty());
    /// s.insert("x");
    /// assert!(s.contains("x"));
    /// ```
    pub fn new() -> Self {
        ImmutableHashSet { map: ImmutableHashMap::new() }
    }

    /// A builder for a set with a [`FastState`] hasher.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// for word in "a b a c".split(' ') {
    ///     b.insert(word);
    /// }
    /// assert_eq!(b.build(), ImmutableHashSet::from(["a", "b", "c"]));
    /// ```
    pub fn builder() -> ImmutableHashSetBuilder<T, FastState> {
        ImmutableHashSetBuilder { set: Self::new() }
    }
}

impl<T, S> ImmutableHashSet<T, S> {
    /// An empty set that hashes with `hasher`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// use std::collections::hash_map::RandomState;
    /// let mut s = ImmutableHashSet::with_hasher(RandomState::new());
    /// s.insert(5u8);
    /// assert!(s.contains(&5));
    /// ```
    pub const fn with_hasher(hasher: S) -> Self {
        ImmutableHashSet { map: ImmutableHashMap::with_hasher(hasher) }
    }

    /// A builder for a set that hashes with `hasher`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder_with_hasher(FastState::with_seed(3));
    /// b.extend([1, 2, 3]);
    /// let s = b.build();
    /// assert_eq!((s.len(), s.hasher().seed()), (3, 3));
    /// ```
    pub const fn builder_with_hasher(hasher: S) -> ImmutableHashSetBuilder<T, S> {
        ImmutableHashSetBuilder { set: Self::with_hasher(hasher) }
    }

    /// The number of elements.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s: ImmutableHashSet<u8> = [1, 1, 2].into_iter().collect();
    /// assert_eq!(s.len(), 2); // a duplicate counts once
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the set is empty.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::unit(1);
    /// assert!(!s.is_empty());
    /// assert!(s.without(&1).is_empty());
    /// assert!(!s.is_empty()); // `without` left `s` alone
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The hasher.
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::with_hasher(FastState::with_seed(11)).update(5u32);
    /// assert_eq!(s.hasher().seed(), 11); // new versions keep the hasher
    /// ```
    pub fn hasher(&self) -> &S {
        self.map.hasher()
    }

    /// The elements, in an unspecified order.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::from([3, 1, 2]);
    /// let mut items: Vec<i32> = s.iter().copied().collect();
    /// items.sort();
    /// assert_eq!(items, [1, 2, 3]);
    /// ```
    pub fn iter(&self) -> Iter<'_, T> {
        Iter { inner: self.map.keys() }
    }

    /// Whether both sets share their trie (so are equal without looking further).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2]);
    /// assert!(a.ptr_eq(&a.clone())); // a clone shares the trie
    /// assert!(!a.ptr_eq(&ImmutableHashSet::from([1, 2]))); // equal, but built apart
    /// ```
    #[doc(hidden)]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        self.map.ptr_eq(&other.map)
    }
}

impl<T, S> ImmutableHashSet<T, S>
where
    T: Hash + Eq,
    S: BuildHasher,
{
    /// Whether the set holds `value`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s: ImmutableHashSet<String> = ["ab".to_string()].into_iter().collect();
    /// assert!(s.contains("ab"));
    /// assert!(!s.contains("ba"));
    /// assert_eq!(s.get("ab").map(String::len), Some(2));
    /// ```
    #[inline(always)]
    pub fn contains<Q>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::from([String::from("apple")]);
    /// // The stored `String`, found by `&str`:
    /// assert_eq!(s.get("apple"), Some(&String::from("apple")));
    /// assert_eq!(s.get("pear"), None);
    /// ```
    pub fn get<Q>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get_key_value(value).map(|(k, _)| k)
    }

    /// Whether both sets hold the same elements. Allocates nothing; with the same hasher it is
    /// a count check and one lockstep walk of both tries that skips shared subtrees.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// use std::collections::HashSet;
    /// let a: ImmutableHashSet<u32> = (0..100).collect();
    /// let b: ImmutableHashSet<u32> = (0..100).rev().collect();
    /// assert!(a.set_equals(&b));
    /// assert!(!a.set_equals(&b.without(&5)));
    /// let std_set: HashSet<u32> = (0..100).collect();
    /// assert!(a.set_equals_std(&std_set));
    /// assert!(a.set_equals_iter([0, 0, 1].into_iter().chain(2..100)));
    /// ```
    pub fn set_equals<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        self.map.entries_equal(&other.map, |_, _| true)
    }

    /// Whether the set holds exactly the elements of a std set (count check, then lookups; no
    /// allocation).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// use std::collections::HashSet;
    /// let s = ImmutableHashSet::from([1, 2, 3]);
    /// let std_set: HashSet<i32> = [3, 2, 1].into_iter().collect();
    /// assert!(s.set_equals_std(&std_set));
    /// assert!(!s.without(&1).set_equals_std(&std_set));
    /// ```
    pub fn set_equals_std<S2: BuildHasher>(&self, other: &HashSet<T, S2>) -> bool {
        self.len() == other.len() && self.iter().all(|x| other.contains(x))
    }

    /// Whether the set holds exactly the elements that `other` yields (duplicates allowed).
    /// Stops at the first element not in the set; otherwise counts the distinct elements seen
    /// (by the address of the matching stored element, so nothing is hashed twice).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::from(['a', 'b']);
    /// assert!(s.set_equals_iter(['b', 'a', 'b'])); // duplicates are fine
    /// assert!(!s.set_equals_iter(['a'])); // 'b' is missing
    /// assert!(!s.set_equals_iter(['a', 'b', 'c'])); // 'c' is not in the set
    /// ```
    pub fn set_equals_iter<I>(&self, other: I) -> bool
    where
        I: IntoIterator,
        I::Item: Borrow<T>,
    {
        let mut seen: HashSet<usize, FastState> = HashSet::with_hasher(FastState::new());
        for item in other {
            match self.get(item.borrow()) {
                Some(stored) => {
                    seen.insert(stored as *const T as usize);
                }
                None => return false,
            }
        }
        seen.len() == self.len()
    }

    /// Whether every element of `self` is in `other`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let small = ImmutableHashSet::from([1, 2]);
    /// let big = ImmutableHashSet::from([1, 2, 3]);
    /// assert!(small.is_subset(&big) && small.is_proper_subset(&big));
    /// assert!(big.is_superset(&small) && big.is_proper_superset(&small));
    /// assert!(small.is_subset(&small) && !small.is_proper_subset(&small));
    /// assert!(small.is_disjoint(&ImmutableHashSet::from([7])));
    /// ```
    pub fn is_subset<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        if self.len() > other.len() {
            return false;
        }
        if self.map.len() == other.map.len() {
            return self.set_equals(other);
        }
        self.iter().all(|x| other.contains(x))
    }

    /// Whether every element of `other` is in `self`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let all = ImmutableHashSet::from([1, 2, 3]);
    /// assert!(all.is_superset(&ImmutableHashSet::from([1, 3])));
    /// assert!(all.is_superset(&all)); // every set is a superset of itself
    /// assert!(!all.is_superset(&ImmutableHashSet::from([4])));
    /// ```
    pub fn is_superset<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        other.is_subset(self)
    }

    /// Whether every element of `self` is in `other`, and `other` has more.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1]);
    /// let b = ImmutableHashSet::from([1, 2]);
    /// assert!(a.is_proper_subset(&b));
    /// assert!(!b.is_proper_subset(&b)); // an equal set is not a proper subset
    /// assert!(!b.is_proper_subset(&a));
    /// ```
    pub fn is_proper_subset<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        self.len() < other.len() && self.is_subset(other)
    }

    /// Whether every element of `other` is in `self`, and `self` has more.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from(["x", "y"]);
    /// let b = ImmutableHashSet::from(["x"]);
    /// assert!(a.is_proper_superset(&b));
    /// assert!(!a.is_proper_superset(&a)); // an equal set is not a proper superset
    /// assert!(!b.is_proper_superset(&a));
    /// ```
    pub fn is_proper_superset<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        other.is_proper_subset(self)
    }

    /// Whether the sets have no element in common.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let odd = ImmutableHashSet::from([1, 3, 5]);
    /// let even = ImmutableHashSet::from([2, 4]);
    /// assert!(odd.is_disjoint(&even));
    /// assert!(!odd.is_disjoint(&even.update(3)));
    /// ```
    pub fn is_disjoint<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        if self.len() <= other.len() {
            self.iter().all(|x| !other.contains(x))
        } else {
            other.iter().all(|x| !self.contains(x))
        }
    }
}

impl<T, S> ImmutableHashSet<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone,
{
    /// Adds `value` to this set (copy-on-write: other versions are unchanged). Returns the
    /// element it replaced, if an equal one was there (as imbl does; `None` means `value` is
    /// new).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut s = ImmutableHashSet::new();
    /// assert_eq!(s.insert(1), None);
    /// let before = s.clone(); // O(1)
    /// assert_eq!(s.insert(1), Some(1));
    /// s.insert(2);
    /// assert_eq!((before.len(), s.len()), (1, 2));
    /// ```
    pub fn insert(&mut self, value: T) -> Option<T> {
        let hash = self.map.hasher.hash_one(&value);
        self.map.insert_entry(Entry { hash, key: value, value: () }).map(|old| old.key)
    }

    /// Removes `value` from this set (copy-on-write); returns the stored element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut s = ImmutableHashSet::from([1, 2]);
    /// let before = s.clone();
    /// assert_eq!(s.remove(&1), Some(1));
    /// assert_eq!(s.remove(&1), None);
    /// assert_eq!((before.len(), s.len()), (2, 1));
    /// ```
    pub fn remove<Q>(&mut self, value: &Q) -> Option<T>
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove_entry(value).map(|e| e.key)
    }

    /// Keeps only the elements for which `keep` returns `true` (copy-on-write).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut s: ImmutableHashSet<u32> = (0..10).collect();
    /// s.retain(|x| x % 3 == 0);
    /// assert!(s.set_equals(&ImmutableHashSet::from([0, 3, 6, 9])));
    /// ```
    pub fn retain<F: FnMut(&T) -> bool>(&mut self, mut keep: F) {
        self.map.retain(|k, _| keep(k));
    }

    /// A new set with `value` added; `self` is unchanged.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let v1 = ImmutableHashSet::unit(1);
    /// let v2 = v1.update(2);
    /// assert!(!v1.contains(&2) && v2.contains(&2));
    /// let v3 = v2.without(&1);
    /// assert_eq!((v1.len(), v2.len(), v3.len()), (1, 2, 1));
    /// ```
    #[must_use]
    pub fn update(&self, value: T) -> Self {
        let mut next = self.clone();
        next.insert(value);
        next
    }

    /// A new set without `value` (sharing everything when it is absent).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let v1 = ImmutableHashSet::from(["a", "b"]);
    /// let v2 = v1.without("a");
    /// assert!(!v2.contains("a") && v1.contains("a")); // `v1` is unchanged
    /// assert_eq!(v2.without("zzz"), v2); // absent: nothing removed
    /// ```
    #[must_use]
    pub fn without<Q>(&self, value: &Q) -> Self
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        ImmutableHashSet { map: self.map.without(value) }
    }

    /// The elements in either set. A union with an empty set or with the same trie shares the
    /// other set's trie (O(1), no allocation); otherwise the smaller set's elements are added
    /// to (a version of) the larger. `other` may be passed by value or by reference.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2]);
    /// let b = ImmutableHashSet::from([2, 3]);
    /// assert_eq!(a.union(&b), ImmutableHashSet::from([1, 2, 3]));
    /// assert_eq!(&a | &b, a.union(&b)); // the operator form
    /// let empty = ImmutableHashSet::new();
    /// assert!(empty.union(&a).ptr_eq(&a)); // O(1): shares `a`'s trie
    /// ```
    #[must_use]
    pub fn union<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.is_empty() || self.ptr_eq(other) {
            return other.clone();
        }
        if other.is_empty() {
            return self.clone();
        }
        let (mut big, small) =
            if self.len() >= other.len() { (self.clone(), other) } else { (other.clone(), self) };
        for e in small.map.entries() {
            // A lookup first: an element already there copies no path.
            if big.map.root.as_ref().is_some_and(|r| !r.contains(e.hash, &e.key)) {
                big.map.insert_entry(e.clone());
            }
        }
        big
    }

    /// The union of all `sets`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let all = ImmutableHashSet::unions([
    ///     ImmutableHashSet::from([1]),
    ///     ImmutableHashSet::from([1, 2]),
    ///     ImmutableHashSet::from([3]),
    /// ]);
    /// assert_eq!(all.len(), 3);
    /// ```
    #[must_use]
    pub fn unions<I>(sets: I) -> Self
    where
        I: IntoIterator<Item = Self>,
        S: Default,
    {
        sets.into_iter().fold(Self::default(), |acc, s| acc.union(s))
    }

    /// The elements in both sets.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2, 3]);
    /// let b = ImmutableHashSet::from([2, 3, 4]);
    /// assert_eq!(a.intersection(&b), ImmutableHashSet::from([2, 3]));
    /// assert_eq!(&a & &b, a.intersection(&b));
    /// ```
    #[must_use]
    pub fn intersection<O: Borrow<Self>>(&self, other: O) -> Self {
        let other = other.borrow();
        if self.ptr_eq(other) {
            return self.clone();
        }
        let map = if self.len() <= other.len() {
            self.map.filtered(|x| other.contains(x))
        } else {
            other.map.filtered(|x| self.contains(x))
        };
        ImmutableHashSet { map }
    }

    /// The elements of `self` not in `other` (std's and .NET's `difference`, imbl's
    /// `relative_complement`).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2, 3]);
    /// let b = ImmutableHashSet::from([2, 3, 4]);
    /// assert_eq!(a.difference(&b), ImmutableHashSet::from([1])); // not the symmetric difference
    /// assert_eq!(&a - &b, a.relative_complement(&b));
    /// ```
    #[must_use]
    pub fn difference<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableHashSet { map: self.map.difference(&other.borrow().map) }
    }

    /// The elements of `self` not in `other`: [`difference`](Self::difference) under imbl's
    /// name.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2, 3]);
    /// let b = ImmutableHashSet::from([3, 4]);
    /// assert_eq!(a.relative_complement(&b), ImmutableHashSet::from([1, 2]));
    /// assert_eq!(a.len(), 3); // `a` is unchanged
    /// ```
    #[must_use]
    pub fn relative_complement<O: Borrow<Self>>(&self, other: O) -> Self {
        self.difference(other)
    }

    /// The elements in exactly one of the sets.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let a = ImmutableHashSet::from([1, 2, 3]);
    /// let b = ImmutableHashSet::from([2, 3, 4]);
    /// assert_eq!(a.symmetric_difference(&b), ImmutableHashSet::from([1, 4]));
    /// assert_eq!(&a ^ &b, a.symmetric_difference(&b));
    /// ```
    #[must_use]
    pub fn symmetric_difference<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableHashSet { map: self.map.symmetric_difference(&other.borrow().map) }
    }
}

impl<T: Hash + Eq + Clone> ImmutableHashSet<T, FastState> {
    /// A set with one element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let s = ImmutableHashSet::unit("only");
    /// assert_eq!(s.len(), 1);
    /// assert!(s.contains("only"));
    /// ```
    #[must_use]
    pub fn unit(value: T) -> Self {
        let mut s = Self::new();
        s.insert(value);
        s
    }
}

/// Set operators on references, each a new set: `&a | &b` (union), `&a & &b` (intersection),
/// `&a - &b` (difference), `&a ^ &b` (symmetric difference).
macro_rules! set_operator {
    ($trait:ident, $method:ident, $op:ident) => {
        impl<T, S> std::ops::$trait<&ImmutableHashSet<T, S>> for &ImmutableHashSet<T, S>
        where
            T: Hash + Eq + Clone,
            S: BuildHasher + Clone,
        {
            type Output = ImmutableHashSet<T, S>;
            fn $method(self, other: &ImmutableHashSet<T, S>) -> ImmutableHashSet<T, S> {
                self.$op(other)
            }
        }
    };
}

set_operator!(BitOr, bitor, union);
set_operator!(BitAnd, bitand, intersection);
set_operator!(Sub, sub, difference);
set_operator!(BitXor, bitxor, symmetric_difference);

impl<T, S: Clone> Clone for ImmutableHashSet<T, S> {
    /// O(1): shares the trie.
    fn clone(&self) -> Self {
        ImmutableHashSet { map: self.map.clone() }
    }
}

impl<T, S: Default> Default for ImmutableHashSet<T, S> {
    fn default() -> Self {
        ImmutableHashSet { map: ImmutableHashMap::default() }
    }
}

impl<T: fmt::Debug, S> fmt::Debug for ImmutableHashSet<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<T, S, S2> PartialEq<ImmutableHashSet<T, S2>> for ImmutableHashSet<T, S>
where
    T: Hash + Eq,
    S: BuildHasher,
    S2: BuildHasher,
{
    fn eq(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        self.set_equals(other)
    }
}

impl<T: Hash + Eq, S: BuildHasher> Eq for ImmutableHashSet<T, S> {}

impl<T, S, S2> PartialEq<HashSet<T, S2>> for ImmutableHashSet<T, S>
where
    T: Hash + Eq,
    S: BuildHasher,
    S2: BuildHasher,
{
    fn eq(&self, other: &HashSet<T, S2>) -> bool {
        self.set_equals_std(other)
    }
}

impl<T: Hash, S> Hash for ImmutableHashSet<T, S> {
    /// Order-independent: the wrapping sum of each element's digest under a fixed hasher.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let sum = self.iter().fold(0u64, |acc, x| acc.wrapping_add(DIGEST.hash_one(x)));
        state.write_usize(self.len());
        state.write_u64(sum);
    }
}

impl<T, S> Extend<T> for ImmutableHashSet<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone,
{
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.insert(x);
        }
    }
}

impl<T, S> FromIterator<T> for ImmutableHashSet<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone + Default,
{
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = Self::default();
        set.extend(iter);
        set
    }
}

impl<T, S2> From<HashSet<T, S2>> for ImmutableHashSet<T>
where
    T: Hash + Eq + Clone,
{
    fn from(set: HashSet<T, S2>) -> Self {
        set.into_iter().collect()
    }
}

impl<T, const N: usize> From<[T; N]> for ImmutableHashSet<T>
where
    T: Hash + Eq + Clone,
{
    /// A set with the default hasher, so `ImmutableHashSet::from([..])` needs no annotation
    /// (collect into a set with another hasher).
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}

impl<T: Hash + Eq + Clone> From<Vec<T>> for ImmutableHashSet<T> {
    fn from(values: Vec<T>) -> Self {
        values.into_iter().collect()
    }
}

impl<T: Hash + Eq + Clone> From<&[T]> for ImmutableHashSet<T> {
    fn from(values: &[T]) -> Self {
        values.iter().cloned().collect()
    }
}

impl<T: Clone, S> IntoIterator for ImmutableHashSet<T, S> {
    type Item = T;
    type IntoIter = IntoIter<T>;

    /// The elements by value, in the order of [`iter`](ImmutableHashSet::iter): cloned out of
    /// the trie, which other versions may share.
    fn into_iter(self) -> IntoIter<T> {
        IntoIter { inner: self.map.into_iter() }
    }
}

/// The elements of an [`ImmutableHashSet`] by value.
///
/// ```
/// use core_collections::immutable::ImmutableHashSet;
/// let s = ImmutableHashSet::from([String::from("a")]);
/// let owned: Vec<String> = s.into_iter().collect();
/// assert_eq!(owned, ["a"]);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T> {
    inner: super::map::IntoIter<T, ()>,
}

impl<T> Iterator for IntoIter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        self.inner.next().map(|(k, ())| k)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T> ExactSizeIterator for IntoIter<T> {}
impl<T> FusedIterator for IntoIter<T> {}

impl<'a, T, S> IntoIterator for &'a ImmutableHashSet<T, S> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// Builds an [`ImmutableHashSet`] in O(n), changing a trie it alone owns in place.
///
/// # Examples
/// ```
/// use core_collections::immutable::hash::ImmutableHashSet;
/// let mut b = ImmutableHashSet::builder();
/// b.extend(0..1000u32);
/// let set = b.build();
/// assert_eq!(set.len(), 1000);
/// ```
pub struct ImmutableHashSetBuilder<T, S = FastState> {
    set: ImmutableHashSet<T, S>,
}

impl<T, S> ImmutableHashSetBuilder<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone,
{
    /// Adds `value`; returns whether it was new.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// assert!(b.insert(1));
    /// assert!(!b.insert(1)); // already there
    /// assert!(b.contains(&1) && b.remove(&1) && b.is_empty());
    /// ```
    pub fn insert(&mut self, value: T) -> bool {
        self.set.insert(value).is_none()
    }

    /// Removes `value`; returns whether it was there.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// b.extend(["x", "y"]);
    /// assert!(b.remove("x"));
    /// assert!(!b.remove("x")); // already gone
    /// assert_eq!(b.build(), ImmutableHashSet::from(["y"]));
    /// ```
    pub fn remove<Q>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.set.remove(value).is_some()
    }

    /// Whether `value` was added.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// b.insert(String::from("seen"));
    /// assert!(b.contains("seen"));
    /// assert!(!b.contains("unseen"));
    /// ```
    pub fn contains<Q>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.set.contains(value)
    }

    /// The number of elements so far.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// b.extend([1, 2, 2, 3]);
    /// assert_eq!(b.len(), 3); // a duplicate counts once
    /// ```
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether nothing was added yet.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// assert!(b.is_empty());
    /// b.insert(0u8);
    /// assert!(!b.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The set (O(1)).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableHashSet;
    /// let mut b = ImmutableHashSet::builder();
    /// b.extend(0..100u32);
    /// let s = b.build();
    /// let s2 = s.update(100); // a built set is persistent like any other
    /// assert_eq!((s.len(), s2.len()), (100, 101));
    /// ```
    pub fn build(self) -> ImmutableHashSet<T, S> {
        self.set
    }
}

impl<T, S> Extend<T> for ImmutableHashSetBuilder<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone,
{
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.set.extend(iter);
    }
}

impl<T: fmt::Debug, S> fmt::Debug for ImmutableHashSetBuilder<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ImmutableHashSetBuilder").field(&self.set).finish()
    }
}

/// The elements of an [`ImmutableHashSet`].
///
/// ```
/// use core_collections::immutable::ImmutableHashSet;
/// let s = ImmutableHashSet::from([10, 20]);
/// let it = s.iter();
/// assert_eq!(it.len(), 2);
/// assert_eq!(it.sum::<i32>(), 30);
/// ```
pub struct Iter<'a, T> {
    inner: super::map::Keys<'a, T, ()>,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        self.inner.next()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}
impl<T> FusedIterator for Iter<'_, T> {}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter { inner: self.inner.clone() }
    }
}

impl<T: fmt::Debug> fmt::Debug for Iter<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
