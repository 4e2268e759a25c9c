//! [`FrozenSet`]: a read-optimised set, a [`FrozenMap`] without values.

use super::iter::{IntoIter, Keys};
use super::{FrozenMap, Strategy};
use core::borrow::Borrow;
use core::fmt;
use core::hash::BuildHasher;
use core::hash::Hash;
use core::iter::FusedIterator;
use std::collections::{BTreeSet, HashSet};

/// A set built once from its elements, with a lookup strategy picked for them (see
/// [`FrozenMap`]).
///
/// ```
/// use core_collections::frozen::{FrozenSet, Strategy};
/// let primes: FrozenSet<u32> = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31].into_iter().collect();
/// assert!(primes.contains(&13));
/// assert!(!primes.contains(&15));
/// assert_eq!(primes.strategy(), Strategy::DenseInts);
/// ```
#[derive(Clone)]
pub struct FrozenSet<T> {
    map: FrozenMap<T, ()>,
}

impl<T: Hash + Eq> FrozenSet<T> {
    /// Builds a set from elements. When elements repeat, the last one is kept.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let words = FrozenSet::new(["a", "an", "the", "a"]);
    /// assert_eq!(words.len(), 3);
    /// assert!(words.contains("the"));
    /// ```
    ///
    /// # Panics
    /// With 2³² − 1 elements or more.
    pub fn new<I: IntoIterator<Item = T>>(elements: I) -> FrozenSet<T> {
        FrozenSet { map: FrozenMap::new(elements.into_iter().map(|t| (t, ()))) }
    }

    /// Whether the set has `value`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let words: FrozenSet<String> = ["alpha".to_string(), "beta".to_string()].into();
    /// assert!(words.contains("alpha")); // a &str finds a String element
    /// assert!(!words.contains("gamma"));
    /// ```
    #[inline]
    pub fn contains<Q: Hash + Eq + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let names: FrozenSet<String> = ["ada".to_string(), "alan".to_string()].into();
    /// assert_eq!(names.get("ada").map(String::as_str), Some("ada"));
    /// assert_eq!(names.get("grace"), None);
    /// ```
    #[inline]
    pub fn get<Q: Hash + Eq + ?Sized>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
    {
        self.map.get_key_value(value).map(|(k, _)| k)
    }
}

impl<T> FrozenSet<T> {
    /// The number of elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// assert_eq!(FrozenSet::from([1, 2, 2, 3]).len(), 3);
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
    /// use core_collections::frozen::FrozenSet;
    /// assert!(FrozenSet::<u8>::new([]).is_empty());
    /// assert!(!FrozenSet::from([0u8]).is_empty());
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
    /// use core_collections::frozen::{FrozenSet, Strategy};
    /// let ports = FrozenSet::from([22u16, 80, 443]);
    /// assert_eq!(ports.strategy(), Strategy::SmallIntScan);
    /// assert!(ports.contains(&443));
    /// ```
    pub fn strategy(&self) -> Strategy {
        self.map.strategy()
    }

    /// The elements.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let set = FrozenSet::from([3, 1, 2]);
    /// let mut items: Vec<i32> = set.iter().copied().collect();
    /// items.sort();
    /// assert_eq!(items, [1, 2, 3]);
    /// ```
    pub fn iter(&self) -> Keys<'_, T, ()> {
        self.map.keys()
    }
}

impl<T: Hash + Eq> FromIterator<T> for FrozenSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(elements: I) -> Self {
        FrozenSet::new(elements)
    }
}

impl<T: Hash + Eq, const N: usize> From<[T; N]> for FrozenSet<T> {
    fn from(elements: [T; N]) -> Self {
        FrozenSet::new(elements)
    }
}

impl<T: Hash + Eq> PartialEq for FrozenSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<T: Hash + Eq> Eq for FrozenSet<T> {}

impl<T: Hash + Eq> Default for FrozenSet<T> {
    fn default() -> Self {
        FrozenSet::new([])
    }
}

impl<T: fmt::Debug> fmt::Debug for FrozenSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a FrozenSet<T> {
    type Item = &'a T;
    type IntoIter = Keys<'a, T, ()>;
    fn into_iter(self) -> Keys<'a, T, ()> {
        self.iter()
    }
}

/// A set that [`FrozenSet`]'s algebra can run against: it answers membership and lists its
/// elements. Implemented for [`FrozenSet`], std's `HashSet` and `BTreeSet`.
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// use std::collections::{BTreeSet, HashSet};
/// let ours = FrozenSet::from([1, 2, 3]);
/// let std_hash: HashSet<i32> = [2, 3, 4].into();
/// let std_tree: BTreeSet<i32> = [3].into();
/// assert_eq!(ours.intersection(&std_hash).count(), 2);
/// assert!(std_tree.iter().all(|x| ours.contains(x)) && !ours.is_subset(&std_tree));
/// ```
pub trait SetLookup<T> {
    /// The elements, in the set's order.
    type Items<'a>: Iterator<Item = &'a T>
    where
        Self: 'a,
        T: 'a;

    /// Whether the set has `item`.
    fn has(&self, item: &T) -> bool;

    /// The number of elements.
    fn count(&self) -> usize;

    /// The elements.
    fn items(&self) -> Self::Items<'_>;
}

impl<T: Hash + Eq> SetLookup<T> for FrozenSet<T> {
    type Items<'a>
        = Keys<'a, T, ()>
    where
        T: 'a;
    #[inline]
    fn has(&self, item: &T) -> bool {
        self.contains(item)
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn items(&self) -> Keys<'_, T, ()> {
        self.iter()
    }
}

impl<T: Hash + Eq, S: BuildHasher> SetLookup<T> for HashSet<T, S> {
    type Items<'a>
        = std::collections::hash_set::Iter<'a, T>
    where
        T: 'a,
        S: 'a;
    #[inline]
    fn has(&self, item: &T) -> bool {
        self.contains(item)
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn items(&self) -> Self::Items<'_> {
        self.iter()
    }
}

impl<T: Ord> SetLookup<T> for BTreeSet<T> {
    type Items<'a>
        = std::collections::btree_set::Iter<'a, T>
    where
        T: 'a;
    #[inline]
    fn has(&self, item: &T) -> bool {
        self.contains(item)
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn items(&self) -> Self::Items<'_> {
        self.iter()
    }
}

impl<T: Hash + Eq> FrozenSet<T> {
    /// Whether every element of this set is in `other` (a [`FrozenSet`], `HashSet` or
    /// `BTreeSet`).
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let small = FrozenSet::from([1, 2]);
    /// let big = FrozenSet::from([1, 2, 3]);
    /// assert!(small.is_subset(&big) && !big.is_subset(&small));
    /// assert!(big.is_superset(&small));
    /// ```
    pub fn is_subset<O: SetLookup<T> + ?Sized>(&self, other: &O) -> bool {
        self.len() <= other.count() && self.iter().all(|x| other.has(x))
    }

    /// Whether every element of `other` is in this set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// use std::collections::HashSet;
    /// let all = FrozenSet::from([1, 2, 3]);
    /// assert!(all.is_superset(&HashSet::from([1, 3])));
    /// assert!(!all.is_superset(&HashSet::from([1, 4])));
    /// ```
    pub fn is_superset<O: SetLookup<T> + ?Sized>(&self, other: &O) -> bool {
        other.count() <= self.len() && other.items().all(|x| self.contains(x))
    }

    /// Whether this set and `other` have no element in common (the smaller one is walked).
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// use std::collections::HashSet;
    /// let odd = FrozenSet::from([1, 3, 5]);
    /// assert!(odd.is_disjoint(&FrozenSet::from([2, 4])));
    /// assert!(!odd.is_disjoint(&HashSet::from([5, 6])));
    /// ```
    pub fn is_disjoint<O: SetLookup<T> + ?Sized>(&self, other: &O) -> bool {
        if self.len() <= other.count() {
            self.iter().all(|x| !other.has(x))
        } else {
            other.items().all(|x| !self.contains(x))
        }
    }

    /// The elements of this set that are in `other`, in this set's order.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let a = FrozenSet::from([1, 2, 3]);
    /// let b = FrozenSet::from([2, 3, 4]);
    /// let mut both: Vec<i32> = a.intersection(&b).copied().collect();
    /// both.sort();
    /// assert_eq!(both, [2, 3]);
    /// assert_eq!(&a & &b, FrozenSet::from([2, 3]));
    /// ```
    pub fn intersection<'a, O: SetLookup<T> + ?Sized>(
        &'a self,
        other: &'a O,
    ) -> Intersection<'a, T, O> {
        Intersection { iter: self.iter(), other }
    }

    /// The elements of this set that are not in `other`, in this set's order.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let a = FrozenSet::from([1, 2, 3]);
    /// let b = FrozenSet::from([2, 3, 4]);
    /// assert_eq!(a.difference(&b).collect::<Vec<_>>(), [&1]);
    /// assert_eq!(&a - &b, FrozenSet::from([1]));
    /// ```
    pub fn difference<'a, O: SetLookup<T> + ?Sized>(
        &'a self,
        other: &'a O,
    ) -> Difference<'a, T, O> {
        Difference { iter: self.iter(), other }
    }

    /// The elements of this set, then those of `other` not in this set.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let a = FrozenSet::from([1, 2]);
    /// let b = FrozenSet::from([2, 3]);
    /// assert_eq!(a.union(&b).count(), 3);
    /// assert_eq!(&a | &b, FrozenSet::from([1, 2, 3]));
    /// ```
    pub fn union<'a, O: SetLookup<T> + ?Sized>(&'a self, other: &'a O) -> Union<'a, T, O> {
        Union { first: self.iter(), rest: other.items(), this: self }
    }

    /// The elements of this set not in `other`, then those of `other` not in this set.
    ///
    /// ```
    /// use core_collections::frozen::FrozenSet;
    /// let a = FrozenSet::from([1, 2]);
    /// let b = FrozenSet::from([2, 3]);
    /// assert_eq!(a.symmetric_difference(&b).count(), 2);
    /// assert_eq!(&a ^ &b, FrozenSet::from([1, 3]));
    /// ```
    pub fn symmetric_difference<'a, O: SetLookup<T> + ?Sized>(
        &'a self,
        other: &'a O,
    ) -> SymmetricDifference<'a, T, O> {
        SymmetricDifference { first: self.difference(other), rest: other.items(), this: self }
    }
}

/// The elements of a [`FrozenSet`] that are in another set (see [`FrozenSet::intersection`]).
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// let a = FrozenSet::from([1, 2, 3]);
/// let b = FrozenSet::from([2, 3, 4]);
/// let mut both: Vec<i32> = a.intersection(&b).copied().collect();
/// both.sort();
/// assert_eq!(both, [2, 3]);
/// ```
pub struct Intersection<'a, T, O: ?Sized> {
    iter: Keys<'a, T, ()>,
    other: &'a O,
}

/// The elements of a [`FrozenSet`] that are not in another set (see
/// [`FrozenSet::difference`]).
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// let a = FrozenSet::from([1, 2, 3]);
/// let b = FrozenSet::from([2, 3, 4]);
/// assert_eq!(a.difference(&b).collect::<Vec<_>>(), [&1]);
/// ```
pub struct Difference<'a, T, O: ?Sized> {
    iter: Keys<'a, T, ()>,
    other: &'a O,
}

/// The elements of a [`FrozenSet`] and of another set (see [`FrozenSet::union`]).
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// let a = FrozenSet::from([1, 2]);
/// let b = FrozenSet::from([2, 3]);
/// assert_eq!(a.union(&b).count(), 3); // 2 is listed once
/// ```
pub struct Union<'a, T, O: SetLookup<T> + ?Sized + 'a> {
    first: Keys<'a, T, ()>,
    rest: O::Items<'a>,
    this: &'a FrozenSet<T>,
}

/// The elements in exactly one of a [`FrozenSet`] and another set (see
/// [`FrozenSet::symmetric_difference`]).
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// let a = FrozenSet::from([1, 2]);
/// let b = FrozenSet::from([2, 3]);
/// let mut odd: Vec<i32> = a.symmetric_difference(&b).copied().collect();
/// odd.sort();
/// assert_eq!(odd, [1, 3]);
/// ```
pub struct SymmetricDifference<'a, T, O: SetLookup<T> + ?Sized + 'a> {
    first: Difference<'a, T, O>,
    rest: O::Items<'a>,
    this: &'a FrozenSet<T>,
}

impl<'a, T, O: SetLookup<T> + ?Sized> Iterator for Intersection<'a, T, O> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        let other = self.other;
        self.iter.find(|x| other.has(x))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl<'a, T, O: SetLookup<T> + ?Sized> Iterator for Difference<'a, T, O> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        let other = self.other;
        self.iter.find(|x| !other.has(x))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl<'a, T: Hash + Eq, O: SetLookup<T> + ?Sized> Iterator for Union<'a, T, O> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        if let Some(x) = self.first.next() {
            return Some(x);
        }
        let this = self.this;
        self.rest.find(|x| !this.contains(*x))
    }
}

impl<'a, T: Hash + Eq, O: SetLookup<T> + ?Sized> Iterator for SymmetricDifference<'a, T, O> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        if let Some(x) = self.first.next() {
            return Some(x);
        }
        let this = self.this;
        self.rest.find(|x| !this.contains(*x))
    }
}

impl<T, O: SetLookup<T> + ?Sized> FusedIterator for Intersection<'_, T, O> {}
impl<T, O: SetLookup<T> + ?Sized> FusedIterator for Difference<'_, T, O> {}

impl<T, O: ?Sized> Clone for Intersection<'_, T, O> {
    fn clone(&self) -> Self {
        Intersection { iter: self.iter.clone(), other: self.other }
    }
}

impl<T, O: ?Sized> Clone for Difference<'_, T, O> {
    fn clone(&self) -> Self {
        Difference { iter: self.iter.clone(), other: self.other }
    }
}

impl<'a, T, O: SetLookup<T> + ?Sized> Clone for Union<'a, T, O>
where
    O::Items<'a>: Clone,
{
    fn clone(&self) -> Self {
        Union { first: self.first.clone(), rest: self.rest.clone(), this: self.this }
    }
}

impl<'a, T, O: SetLookup<T> + ?Sized> Clone for SymmetricDifference<'a, T, O>
where
    O::Items<'a>: Clone,
{
    fn clone(&self) -> Self {
        SymmetricDifference { first: self.first.clone(), rest: self.rest.clone(), this: self.this }
    }
}

impl<T: fmt::Debug, O: SetLookup<T> + ?Sized> fmt::Debug for Intersection<'_, T, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<T: fmt::Debug, O: SetLookup<T> + ?Sized> fmt::Debug for Difference<'_, T, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<T: fmt::Debug + Hash + Eq, O: SetLookup<T> + ?Sized> fmt::Debug for Union<'_, T, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Union").finish_non_exhaustive()
    }
}

impl<T: fmt::Debug + Hash + Eq, O: SetLookup<T> + ?Sized> fmt::Debug
    for SymmetricDifference<'_, T, O>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymmetricDifference").finish_non_exhaustive()
    }
}

/// Set operators on references, each building a new [`FrozenSet`] (elements cloned), against
/// another [`FrozenSet`], a `HashSet` or a `BTreeSet`.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $op:ident, $doc:literal) => {
        #[doc = $doc]
        impl<T: Hash + Eq + Clone, O: SetLookup<T> + ?Sized> core::ops::$trait<&O>
            for &FrozenSet<T>
        {
            type Output = FrozenSet<T>;
            fn $method(self, other: &O) -> FrozenSet<T> {
                self.$op(other).cloned().collect()
            }
        }
    };
}

set_operator!(BitAnd, bitand, intersection, "`&a & &b`: the elements in both.");
set_operator!(BitOr, bitor, union, "`&a | &b`: the elements in either.");
set_operator!(Sub, sub, difference, "`&a - &b`: the elements of `a` not in `b`.");
set_operator!(BitXor, bitxor, symmetric_difference, "`&a ^ &b`: the elements in exactly one.");

/// The elements of a frozen set, by value.
///
/// ```
/// use core_collections::frozen::FrozenSet;
/// let set = FrozenSet::from([String::from("x"), String::from("y")]);
/// let mut owned: Vec<String> = set.into_iter().collect();
/// owned.sort();
/// assert_eq!(owned, ["x", "y"]);
/// ```
#[derive(Debug)]
pub struct SetIntoIter<T> {
    inner: IntoIter<T, ()>,
}

impl<T> Iterator for SetIntoIter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        self.inner.next().map(|(t, ())| t)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T> DoubleEndedIterator for SetIntoIter<T> {
    fn next_back(&mut self) -> Option<T> {
        self.inner.next_back().map(|(t, ())| t)
    }
}

impl<T> ExactSizeIterator for SetIntoIter<T> {}
impl<T> FusedIterator for SetIntoIter<T> {}

impl<T> IntoIterator for FrozenSet<T> {
    type Item = T;
    type IntoIter = SetIntoIter<T>;
    fn into_iter(self) -> SetIntoIter<T> {
        SetIntoIter { inner: self.map.into_iter() }
    }
}

/// Equal to a `HashSet` with the same elements.
impl<T: Hash + Eq, S: BuildHasher> PartialEq<HashSet<T, S>> for FrozenSet<T> {
    fn eq(&self, other: &HashSet<T, S>) -> bool {
        self.len() == other.len() && self.is_subset(other)
    }
}
