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
/// Updates ([`insert`](Self::insert), [`remove`](Self::remove)) return a new set in
/// O(log₃₂ n) and leave `self` unchanged; `clone` is O(1). Set algebra takes the fast paths:
/// [`set_equals`](Self::set_equals) between sets with the same hasher is one lockstep walk of
/// both tries that skips shared subtrees and allocates nothing, a union into an empty set
/// shares the other set's trie, and identical tries short-circuit every operation.
///
/// # Example
/// ```
/// use core_collections::immutable::hash::ImmutableHashSet;
/// let a: ImmutableHashSet<u32> = (0..10).collect();
/// let b = a.insert(10).remove(&0);
/// assert_eq!(a.len(), 10);
/// assert!(b.contains(&10) && !b.contains(&0));
/// assert_eq!(a.intersection(&b).len(), 9);
/// ```
pub struct ImmutableHashSet<T, S = FastState> {
    map: ImmutableHashMap<T, (), S>,
}

impl<T> ImmutableHashSet<T, FastState> {
    /// An empty set with a [`FastState`] hasher (no allocation).
    pub fn new() -> Self {
        ImmutableHashSet { map: ImmutableHashMap::new() }
    }

    /// A builder for a set with a [`FastState`] hasher.
    pub fn builder() -> ImmutableHashSetBuilder<T, FastState> {
        ImmutableHashSetBuilder { set: Self::new() }
    }
}

impl<T, S> ImmutableHashSet<T, S> {
    /// An empty set that hashes with `hasher`.
    pub const fn with_hasher(hasher: S) -> Self {
        ImmutableHashSet { map: ImmutableHashMap::with_hasher(hasher) }
    }

    /// A builder for a set that hashes with `hasher`.
    pub const fn builder_with_hasher(hasher: S) -> ImmutableHashSetBuilder<T, S> {
        ImmutableHashSetBuilder { set: Self::with_hasher(hasher) }
    }

    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The hasher.
    pub fn hasher(&self) -> &S {
        self.map.hasher()
    }

    /// The elements, in an unspecified order.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter { inner: self.map.keys() }
    }

    /// Whether both sets share their trie (so are equal without looking further).
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
    #[inline(always)]
    pub fn contains<Q>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value`.
    pub fn get<Q>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get_key_value(value).map(|(k, _)| k)
    }

    /// Whether both sets hold the same elements. Allocates nothing; with the same hasher it is
    /// a count check and one lockstep walk of both tries that skips shared subtrees.
    pub fn set_equals<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        self.map.entries_equal(&other.map, |_, _| true)
    }

    /// Whether the set holds exactly the elements of a std set (count check, then lookups; no
    /// allocation).
    pub fn set_equals_std<S2: BuildHasher>(&self, other: &HashSet<T, S2>) -> bool {
        self.len() == other.len() && self.iter().all(|x| other.contains(x))
    }

    /// Whether the set holds exactly the elements that `other` yields (duplicates allowed).
    /// Stops at the first element not in the set; otherwise counts the distinct elements seen
    /// (by the address of the matching stored element, so nothing is hashed twice).
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
    pub fn is_superset<S2: BuildHasher>(&self, other: &ImmutableHashSet<T, S2>) -> bool {
        other.is_subset(self)
    }

    /// Whether the sets have no element in common.
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
    /// A new set with `value` added.
    #[must_use]
    pub fn insert(&self, value: T) -> Self {
        ImmutableHashSet { map: self.map.insert(value, ()) }
    }

    /// A new set without `value` (sharing everything when it is absent).
    #[must_use]
    pub fn remove<Q>(&self, value: &Q) -> Self
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        ImmutableHashSet { map: self.map.remove(value) }
    }

    /// Adds `value` to this set, copying the nodes shared with other versions. Returns whether
    /// it was new.
    pub fn insert_in_place(&mut self, value: T) -> bool {
        self.map.insert_in_place(value, ()).is_none()
    }

    /// Removes `value` from this set, copying the nodes shared with other versions. Returns
    /// whether it was there.
    pub fn remove_in_place<Q>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove_in_place(value).is_some()
    }

    /// The elements of `self` that pass `keep`, with `self`'s hasher and stored hashes (no
    /// rehashing), built in place.
    fn filtered(&self, mut keep: impl FnMut(&T) -> bool) -> Self {
        let mut out = ImmutableHashMap::with_hasher(self.map.hasher.clone());
        for e in self.map.entries() {
            if keep(&e.key) {
                out.insert_entry(Entry { hash: e.hash, key: e.key.clone(), value: () });
            }
        }
        ImmutableHashSet { map: out }
    }

    /// The elements in either set. A union with an empty set or with the same trie shares the
    /// other set's trie (O(1), no allocation); otherwise the smaller set's elements are added
    /// to (a version of) the larger.
    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        if self.is_empty() || self.ptr_eq(other) {
            return other.clone();
        }
        if other.is_empty() {
            return self.clone();
        }
        let (mut big, small) =
            if self.len() >= other.len() { (self.clone(), other) } else { (other.clone(), self) };
        for x in small.iter() {
            // A lookup first: an element already there copies no path.
            if !big.contains(x) {
                big.insert_in_place(x.clone());
            }
        }
        big
    }

    /// The elements in both sets.
    #[must_use]
    pub fn intersection(&self, other: &Self) -> Self {
        if self.ptr_eq(other) {
            return self.clone();
        }
        if self.len() <= other.len() {
            self.filtered(|x| other.contains(x))
        } else {
            other.filtered(|x| self.contains(x))
        }
    }

    /// The elements of `self` not in `other`.
    #[must_use]
    pub fn difference(&self, other: &Self) -> Self {
        if self.ptr_eq(other) {
            return ImmutableHashSet::with_hasher(self.map.hasher.clone());
        }
        if other.len() < self.len() / 4 {
            // Few removals: path-copy them out of a version of `self`.
            let mut out = self.clone();
            for x in other.iter() {
                out.remove_in_place(x);
            }
            out
        } else {
            self.filtered(|x| !other.contains(x))
        }
    }

    /// The elements in exactly one of the sets.
    #[must_use]
    pub fn symmetric_difference(&self, other: &Self) -> Self {
        if self.ptr_eq(other) {
            return ImmutableHashSet::with_hasher(self.map.hasher.clone());
        }
        let mut out = self.clone();
        for x in other.iter() {
            if !out.remove_in_place(x) {
                out.insert_in_place(x.clone());
            }
        }
        out
    }
}

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
            self.insert_in_place(x);
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

impl<T, S, S2> From<HashSet<T, S2>> for ImmutableHashSet<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone + Default,
{
    fn from(set: HashSet<T, S2>) -> Self {
        set.into_iter().collect()
    }
}

impl<T, S, const N: usize> From<[T; N]> for ImmutableHashSet<T, S>
where
    T: Hash + Eq + Clone,
    S: BuildHasher + Clone + Default,
{
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}

impl<'a, T, S> IntoIterator for &'a ImmutableHashSet<T, S> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// Builds an [`ImmutableHashSet`] in O(n), changing a trie it alone owns in place.
///
/// # Example
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
    pub fn insert(&mut self, value: T) -> bool {
        self.set.insert_in_place(value)
    }

    /// Removes `value`; returns whether it was there.
    pub fn remove<Q>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.set.remove_in_place(value)
    }

    /// Whether `value` was added.
    pub fn contains<Q>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.set.contains(value)
    }

    /// The number of elements so far.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether nothing was added yet.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The set (O(1)).
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
