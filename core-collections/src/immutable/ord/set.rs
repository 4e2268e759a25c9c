//! [`ImmutableOrdSet`]: a persistent sorted set, an [`ImmutableOrdMap`] with `()` values.

use super::iter::Entries;
use super::map::ImmutableOrdMap;
use super::node::build;
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::FusedIterator;
use std::ops::RangeBounds;
use std::sync::Arc;

/// A persistent sorted set: a B-tree whose nodes are shared between versions through `Arc`.
///
/// The costs are those of [`ImmutableOrdMap`]: O(1) `clone` and `len`, O(log n) new versions
/// and lookups, O(log n) [`range_count`](Self::range_count), and an allocation-free
/// [`set_equals`](Self::set_equals).
///
/// # Examples
/// ```
/// use core_collections::immutable::ord::ImmutableOrdSet;
/// let a: ImmutableOrdSet<i32> = (0..100).collect();
/// let b = a.without_range(10..90);
/// assert_eq!(a.len(), 100);
/// assert_eq!(b.len(), 20);
/// assert_eq!(a.range_count(10..90), 80);
/// assert!(b.set_equals(&(0..10).chain(90..100).collect()));
/// ```
pub struct ImmutableOrdSet<T> {
    map: ImmutableOrdMap<T, ()>,
}

impl<T> Clone for ImmutableOrdSet<T> {
    fn clone(&self) -> Self {
        ImmutableOrdSet { map: self.map.clone() }
    }
}

impl<T> Default for ImmutableOrdSet<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> ImmutableOrdSet<T> {
    /// An empty set (no allocation).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::new();
    /// assert!(s.is_empty());
    /// s.insert(3);
    /// s.insert(1);
    /// assert_eq!(s.iter().collect::<Vec<_>>(), [&1, &3]);
    /// ```
    pub const fn new() -> Self {
        ImmutableOrdSet { map: ImmutableOrdMap::new() }
    }

    /// The number of elements, in O(1).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u8> = [3, 1, 3].into_iter().collect();
    /// assert_eq!(s.len(), 2); // a duplicate counts once
    /// ```
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the set is empty.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::unit("x");
    /// assert!(!s.is_empty());
    /// s.remove("x");
    /// assert!(s.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Whether both sets are the same version (or copies of it), in O(1).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1, 2, 3]);
    /// let b = a.clone();
    /// assert!(a.ptr_eq(&b)); // a clone is the same version
    /// assert!(!a.ptr_eq(&b.update(4)));
    /// assert!(!a.ptr_eq(&ImmutableOrdSet::from([1, 2, 3]))); // equal, but built apart
    /// ```
    pub fn ptr_eq(&self, other: &Self) -> bool {
        self.map.ptr_eq(&other.map)
    }

    /// The elements in order (double-ended, exact-size).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from(['c', 'a', 'b']);
    /// assert_eq!(s.iter().collect::<String>(), "abc");
    /// assert_eq!(s.iter().next_back(), Some(&'c'));
    /// assert_eq!(s.iter().len(), 3);
    /// ```
    pub fn iter(&self) -> Iter<'_, T> {
        Iter { inner: self.map.iter().inner }
    }

    /// The smallest element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([5, 1, 3]);
    /// assert_eq!((s.get_min(), s.get_max()), (Some(&1), Some(&5)));
    /// assert_eq!((s.first(), s.last()), (Some(&1), Some(&5)));
    /// ```
    pub fn get_min(&self) -> Option<&T> {
        self.map.get_min().map(|(k, _)| k)
    }

    /// The largest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([4, 8, 2]);
    /// assert_eq!(s.get_max(), Some(&8));
    /// assert_eq!(ImmutableOrdSet::<i32>::new().get_max(), None);
    /// ```
    pub fn get_max(&self) -> Option<&T> {
        self.map.get_max().map(|(k, _)| k)
    }

    /// The largest element at most `value` (`value`'s own element if there is one).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([10, 20]);
    /// assert_eq!((s.get_prev(&15), s.get_next(&15)), (Some(&10), Some(&20)));
    /// assert_eq!((s.get_prev(&5), s.get_next(&20)), (None, Some(&20)));
    /// ```
    pub fn get_prev<Q>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.map.get_prev(value).map(|(k, _)| k)
    }

    /// The smallest element at least `value` (`value`'s own element if there is one).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([10, 20, 30]);
    /// assert_eq!(s.get_next(&11), Some(&20));
    /// assert_eq!(s.get_next(&20), Some(&20)); // the value itself counts
    /// assert_eq!(s.get_next(&31), None);
    /// ```
    pub fn get_next<Q>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.map.get_next(value).map(|(k, _)| k)
    }

    /// Whether every element of `self` is in `other`: one lock-step pass, O(n + m), no
    /// allocation.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let small = ImmutableOrdSet::from([1, 2]);
    /// let big = ImmutableOrdSet::from([1, 2, 3]);
    /// assert!(small.is_subset(&big) && small.is_proper_subset(&big));
    /// assert!(big.is_superset(&small) && big.is_proper_superset(&small));
    /// assert!(!small.is_proper_subset(&small));
    /// assert!(small.is_disjoint(ImmutableOrdSet::from([7])));
    /// ```
    pub fn is_subset<O: Borrow<Self>>(&self, other: O) -> bool
    where
        T: Ord,
    {
        let other = other.borrow();
        if self.len() > other.len() {
            return false;
        }
        if self.ptr_eq(other) {
            return true;
        }
        let mut theirs = other.iter();
        'mine: for x in self.iter() {
            for y in theirs.by_ref() {
                match y.cmp(x) {
                    Ordering::Less => {}
                    Ordering::Equal => continue 'mine,
                    Ordering::Greater => return false,
                }
            }
            return false;
        }
        true
    }

    /// Whether every element of `other` is in `self`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let all = ImmutableOrdSet::from([1, 2, 3]);
    /// assert!(all.is_superset(ImmutableOrdSet::from([2, 3])));
    /// assert!(all.is_superset(&all)); // every set is a superset of itself
    /// assert!(!all.is_superset(ImmutableOrdSet::from([0])));
    /// ```
    pub fn is_superset<O: Borrow<Self>>(&self, other: O) -> bool
    where
        T: Ord,
    {
        other.borrow().is_subset(self)
    }

    /// Whether every element of `self` is in `other`, and `other` has more.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1]);
    /// let b = ImmutableOrdSet::from([1, 2]);
    /// assert!(a.is_proper_subset(&b));
    /// assert!(!b.is_proper_subset(&b)); // an equal set is not a proper subset
    /// assert!(!b.is_proper_subset(&a));
    /// ```
    pub fn is_proper_subset<O: Borrow<Self>>(&self, other: O) -> bool
    where
        T: Ord,
    {
        let other = other.borrow();
        self.len() < other.len() && self.is_subset(other)
    }

    /// Whether every element of `other` is in `self`, and `self` has more.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from(["x", "y"]);
    /// let b = ImmutableOrdSet::from(["x"]);
    /// assert!(a.is_proper_superset(&b));
    /// assert!(!a.is_proper_superset(&a)); // an equal set is not a proper superset
    /// assert!(!b.is_proper_superset(&a));
    /// ```
    pub fn is_proper_superset<O: Borrow<Self>>(&self, other: O) -> bool
    where
        T: Ord,
    {
        other.borrow().is_proper_subset(self)
    }

    /// Whether the sets have no element in common: one lock-step pass, no allocation.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let low: ImmutableOrdSet<u32> = (0..10).collect();
    /// let high: ImmutableOrdSet<u32> = (10..20).collect();
    /// assert!(low.is_disjoint(&high));
    /// assert!(!low.is_disjoint(high.update(9)));
    /// ```
    pub fn is_disjoint<O: Borrow<Self>>(&self, other: O) -> bool
    where
        T: Ord,
    {
        let other = other.borrow();
        let (mut a, mut b) = (self.iter().peekable(), other.iter().peekable());
        while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
            match x.cmp(y) {
                Ordering::Less => {
                    a.next();
                }
                Ordering::Greater => {
                    b.next();
                }
                Ordering::Equal => return false,
            }
        }
        true
    }

    /// The smallest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from(["b", "a"]);
    /// assert_eq!(s.first(), Some(&"a"));
    /// assert_eq!(ImmutableOrdSet::<&str>::new().first(), None);
    /// ```
    pub fn first(&self) -> Option<&T> {
        self.map.first().map(|(k, _)| k)
    }

    /// The largest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u32> = (0..1000).collect();
    /// assert_eq!(s.last(), Some(&999));
    /// assert_eq!(s.without_range(500..).last(), Some(&499));
    /// ```
    pub fn last(&self) -> Option<&T> {
        self.map.last().map(|(k, _)| k)
    }

    /// The element at position `index` in order, in O(log n).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u32> = (0..1000).map(|i| i * 5).collect();
    /// assert_eq!(s.get_index(3), Some(&15));
    /// assert_eq!(s.get_index(1000), None);
    /// ```
    pub fn get_index(&self, index: usize) -> Option<&T> {
        self.map.get_index(index).map(|(k, _)| k)
    }

    /// Whether the set has `value`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([String::from("b")]);
    /// assert!(s.contains("b") && !s.contains("a"));
    /// assert_eq!(s.get("b"), Some(&String::from("b")));
    /// ```
    pub fn contains<Q>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([String::from("kiwi")]);
    /// assert_eq!(s.get("kiwi").map(String::len), Some(4)); // the stored `String`, found by `&str`
    /// assert_eq!(s.get("lime"), None);
    /// ```
    pub fn get<Q>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.map.get_key_value(value).map(|(k, _)| k)
    }

    /// The elements in `range`, in order. An inverted range is empty (no panic). `count()`
    /// and `len()` are O(1); building the iterator is O(log n).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u32> = (0..100).collect();
    /// assert_eq!(s.range(10..13).copied().collect::<Vec<_>>(), [10, 11, 12]);
    /// assert_eq!(s.range(90..).len(), 10);
    /// ```
    pub fn range<Q, R>(&self, range: R) -> Iter<'_, T>
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        Iter { inner: self.map.range(range).inner }
    }

    /// The number of elements in `range`, in O(log n) and without allocating.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u64> = (0..100_000).collect();
    /// assert_eq!(s.range_count(500..1500), 1000);
    /// assert_eq!(s.range_count(..=9), 10);
    /// ```
    pub fn range_count<Q, R>(&self, range: R) -> usize
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        self.map.range_count(range)
    }

    /// Whether both sets have the same elements, without allocating: equal lengths first
    /// (O(1)), then one lock-step pass over both, skipping the walk when both are the same
    /// version.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// use std::collections::BTreeSet;
    /// let a: ImmutableOrdSet<u32> = (0..100).collect();
    /// let b: ImmutableOrdSet<u32> = (0..100).rev().collect();
    /// assert!(a.set_equals(&b));
    /// assert!(!a.set_equals(&b.without(&50)));
    /// let std_set: BTreeSet<u32> = (0..100).collect();
    /// assert!(a.set_equals_btree(&std_set));
    /// ```
    pub fn set_equals(&self, other: &Self) -> bool
    where
        T: Ord,
    {
        self.len() == other.len()
            && (self.ptr_eq(other) || self.iter().zip(other.iter()).all(|(a, b)| a == b))
    }

    /// Whether the set has the same elements as a std `BTreeSet`: lengths, then one lock-step
    /// pass, without allocating.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// use std::collections::BTreeSet;
    /// let s = ImmutableOrdSet::from([2, 1]);
    /// let std_set = BTreeSet::from([1, 2]);
    /// assert!(s.set_equals_btree(&std_set));
    /// assert!(!s.update(3).set_equals_btree(&std_set));
    /// ```
    pub fn set_equals_btree(&self, other: &BTreeSet<T>) -> bool
    where
        T: Ord,
    {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }

    /// Checks the tree's invariants; panics on a violation. Test support.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s: ImmutableOrdSet<u32> = (0..1000).collect();
    /// s.remove_range(..900);
    /// s.check_invariants(); // panics only if the B-tree is malformed
    /// assert_eq!(s.len(), 100);
    /// ```
    #[doc(hidden)]
    pub fn check_invariants(&self)
    where
        T: Ord,
    {
        self.map.check_invariants();
    }
}

impl<T: Clone + Ord> ImmutableOrdSet<T> {
    /// A set with one element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::unit('x');
    /// assert_eq!(s.iter().collect::<Vec<_>>(), [&'x']);
    /// ```
    #[must_use]
    pub fn unit(value: T) -> Self {
        let mut s = Self::new();
        s.insert(value);
        s
    }

    /// Adds `value` to this set (copy-on-write: other versions are unchanged). Returns the
    /// element it replaced, if an equal one was there (as imbl does; `None` means `value` is
    /// new). O(log n).
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::new();
    /// assert_eq!(s.insert(2), None);
    /// let before = s.clone(); // O(1)
    /// assert_eq!(s.insert(2), Some(2));
    /// s.insert(1);
    /// assert_eq!((before.len(), s.get_min()), (1, Some(&1)));
    /// ```
    pub fn insert(&mut self, value: T) -> Option<T> {
        self.map.insert_entry(value, ()).map(|(k, ())| k)
    }

    /// Removes `value` from this set (copy-on-write); returns the stored element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::from([1, 2, 3]);
    /// let before = s.clone();
    /// assert_eq!(s.remove(&2), Some(2));
    /// assert_eq!(s.remove(&2), None);
    /// assert_eq!((before.len(), s.len()), (3, 2));
    /// ```
    pub fn remove<Q>(&mut self, value: &Q) -> Option<T>
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.map.remove_with_key(value).map(|(k, ())| k)
    }

    /// Removes and returns the smallest element.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::from([3, 1, 2]);
    /// assert_eq!(s.remove_min(), Some(1));
    /// assert_eq!(s.remove_max(), Some(3));
    /// assert_eq!((s.pop_first(), s.pop_last()), (Some(2), None));
    /// ```
    pub fn remove_min(&mut self) -> Option<T> {
        self.pop_first()
    }

    /// Removes and returns the largest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::from([1, 5, 3]);
    /// assert_eq!(s.remove_max(), Some(5));
    /// assert_eq!(s.get_max(), Some(&3));
    /// assert_eq!(ImmutableOrdSet::<i32>::new().remove_max(), None);
    /// ```
    pub fn remove_max(&mut self) -> Option<T> {
        self.pop_last()
    }

    /// Removes and returns the smallest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s = ImmutableOrdSet::from(['b', 'a']);
    /// let snapshot = s.clone();
    /// assert_eq!(s.pop_first(), Some('a'));
    /// assert_eq!(s.pop_first(), Some('b'));
    /// assert_eq!(s.pop_first(), None); // empty
    /// assert_eq!(snapshot.len(), 2); // other versions keep their elements
    /// ```
    pub fn pop_first(&mut self) -> Option<T> {
        self.map.pop_first().map(|(k, _)| k)
    }

    /// Removes and returns the largest element.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s: ImmutableOrdSet<u32> = (1..=3).collect();
    /// let mut drained = Vec::new();
    /// while let Some(x) = s.pop_last() {
    ///     drained.push(x);
    /// }
    /// assert_eq!(drained, [3, 2, 1]);
    /// assert!(s.is_empty());
    /// ```
    pub fn pop_last(&mut self) -> Option<T> {
        self.map.pop_last().map(|(k, _)| k)
    }

    /// Keeps only the elements for which `keep` returns `true`, in one O(n) pass.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s: ImmutableOrdSet<u32> = (0..10).collect();
    /// s.retain(|x| x % 3 == 0);
    /// assert_eq!(s.iter().copied().collect::<Vec<_>>(), [0, 3, 6, 9]);
    /// ```
    pub fn retain<F: FnMut(&T) -> bool>(&mut self, mut keep: F) {
        self.map.retain(|k, _| keep(k));
    }

    /// A new version with `value` (replacing an equal element); `self` is unchanged.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let v1 = ImmutableOrdSet::unit(1);
    /// let v2 = v1.update(2);
    /// let v3 = v2.without(&1);
    /// assert_eq!((v1.len(), v2.len(), v3.len()), (1, 2, 1));
    /// assert!(v3.contains(&2) && !v1.contains(&2));
    /// ```
    #[must_use]
    pub fn update(&self, value: T) -> Self {
        let mut next = self.clone();
        next.insert(value);
        next
    }

    /// A new version without `value`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let v1 = ImmutableOrdSet::from([1, 2, 3]);
    /// let v2 = v1.without(&2);
    /// assert_eq!(v2, ImmutableOrdSet::from([1, 3]));
    /// assert!(v1.contains(&2)); // `v1` is unchanged
    /// assert_eq!(v2.without(&7), v2); // absent: nothing removed
    /// ```
    #[must_use]
    pub fn without<Q>(&self, value: &Q) -> Self
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        ImmutableOrdSet { map: self.map.without(value) }
    }

    /// The smallest element and a new version without it.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([1, 2, 3]);
    /// let (min, rest) = s.without_min();
    /// assert_eq!((min, rest.len(), s.len()), (Some(1), 2, 3));
    /// let (max, rest) = s.without_max();
    /// assert_eq!((max, rest.get_max()), (Some(3), Some(&2)));
    /// ```
    #[must_use]
    pub fn without_min(&self) -> (Option<T>, Self) {
        let mut next = self.clone();
        (next.pop_first(), next)
    }

    /// The largest element and a new version without it.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s = ImmutableOrdSet::from([1, 2]);
    /// let (max, rest) = s.without_max();
    /// assert_eq!((max, rest.len(), s.len()), (Some(2), 1, 2)); // `s` is unchanged
    /// assert_eq!(ImmutableOrdSet::<u8>::new().without_max().0, None);
    /// ```
    #[must_use]
    pub fn without_max(&self) -> (Option<T>, Self) {
        let mut next = self.clone();
        (next.pop_last(), next)
    }

    /// A new version without the elements in `range` (see
    /// [`ImmutableOrdMap::remove_range`] for the algorithm).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let s: ImmutableOrdSet<u32> = (0..100).collect();
    /// let tail = s.without_range(..90);
    /// assert_eq!((s.len(), tail.len(), tail.get_min()), (100, 10, Some(&90)));
    /// ```
    #[must_use]
    pub fn without_range<Q, R>(&self, range: R) -> Self
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        ImmutableOrdSet { map: self.map.without_range(range) }
    }

    /// Removes the elements in `range` in place; returns how many were removed.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let mut s: ImmutableOrdSet<u32> = (0..100).collect();
    /// assert_eq!(s.remove_range(10..=19), 10);
    /// assert_eq!(s.len(), 90);
    /// assert!(!s.contains(&15));
    /// ```
    pub fn remove_range<Q, R>(&mut self, range: R) -> usize
    where
        T: Borrow<Q>,
        Q: Ord + ?Sized,
        R: RangeBounds<Q>,
    {
        self.map.remove_range(range)
    }

    /// The elements in either set. O(n + m). `other` may be passed by value or by reference.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1, 2]);
    /// let b = ImmutableOrdSet::from([2, 3]);
    /// assert_eq!(a.union(&b), ImmutableOrdSet::from([1, 2, 3]));
    /// assert_eq!(&a | &b, a.union(&b));
    /// ```
    #[must_use]
    pub fn union<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableOrdSet { map: self.map.union(&other.borrow().map) }
    }

    /// The union of all `sets`.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let all = ImmutableOrdSet::unions([ImmutableOrdSet::from([3]), ImmutableOrdSet::from([1, 3])]);
    /// assert_eq!(all.iter().copied().collect::<Vec<_>>(), [1, 3]);
    /// ```
    #[must_use]
    pub fn unions<I: IntoIterator<Item = Self>>(sets: I) -> Self {
        sets.into_iter().fold(Self::new(), |acc, s| acc.union(s))
    }

    /// The elements in both sets (taken from `self`). O(n + m).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1, 2, 3]);
    /// let b = ImmutableOrdSet::from([2, 3, 4]);
    /// assert_eq!(a.intersection(&b), ImmutableOrdSet::from([2, 3]));
    /// assert_eq!(&a & &b, a.intersection(&b));
    /// ```
    #[must_use]
    pub fn intersection<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableOrdSet { map: self.map.intersection(&other.borrow().map) }
    }

    /// The elements of `self` not in `other` (std's and .NET's `difference`, imbl's
    /// `relative_complement`). O(n + m).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1, 2, 3]);
    /// let b = ImmutableOrdSet::from([2, 3, 4]);
    /// assert_eq!(a.difference(&b), ImmutableOrdSet::from([1])); // not the symmetric difference
    /// assert_eq!(&a - &b, a.relative_complement(&b));
    /// ```
    #[must_use]
    pub fn difference<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableOrdSet { map: self.map.difference(&other.borrow().map) }
    }

    /// [`difference`](Self::difference) under imbl's name.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a: ImmutableOrdSet<u32> = (0..10).collect();
    /// let b: ImmutableOrdSet<u32> = (5..20).collect();
    /// let rest = a.relative_complement(&b);
    /// assert_eq!(rest.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    /// assert_eq!(a.len(), 10); // `a` is unchanged
    /// ```
    #[must_use]
    pub fn relative_complement<O: Borrow<Self>>(&self, other: O) -> Self {
        self.difference(other)
    }

    /// The elements in exactly one of the sets. O(n + m).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableOrdSet;
    /// let a = ImmutableOrdSet::from([1, 2, 3]);
    /// let b = ImmutableOrdSet::from([2, 3, 4]);
    /// assert_eq!(a.symmetric_difference(&b), ImmutableOrdSet::from([1, 4]));
    /// assert_eq!(&a ^ &b, a.symmetric_difference(&b));
    /// ```
    #[must_use]
    pub fn symmetric_difference<O: Borrow<Self>>(&self, other: O) -> Self {
        ImmutableOrdSet { map: self.map.symmetric_difference(&other.borrow().map) }
    }
}

/// Set operators on references, each a new set: `&a | &b` (union), `&a & &b` (intersection),
/// `&a - &b` (difference), `&a ^ &b` (symmetric difference).
macro_rules! set_operator {
    ($trait:ident, $method:ident, $op:ident) => {
        impl<T: Clone + Ord> std::ops::$trait<&ImmutableOrdSet<T>> for &ImmutableOrdSet<T> {
            type Output = ImmutableOrdSet<T>;
            fn $method(self, other: &ImmutableOrdSet<T>) -> ImmutableOrdSet<T> {
                self.$op(other)
            }
        }
    };
}

set_operator!(BitOr, bitor, union);
set_operator!(BitAnd, bitand, intersection);
set_operator!(Sub, sub, difference);
set_operator!(BitXor, bitxor, symmetric_difference);

impl<T: Clone + Ord> FromIterator<T> for ImmutableOrdSet<T> {
    /// O(n) for sorted input, O(n log n) otherwise.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        ImmutableOrdSet {
            map: ImmutableOrdMap::from_vec(iter.into_iter().map(|t| (t, ())).collect()),
        }
    }
}

impl<T: Clone + Ord> Extend<T> for ImmutableOrdSet<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for t in iter {
            self.insert(t);
        }
    }
}

impl<T: Clone + Ord> From<BTreeSet<T>> for ImmutableOrdSet<T> {
    /// O(n): the elements arrive sorted and unique.
    fn from(set: BTreeSet<T>) -> Self {
        let n = set.len();
        let root: Option<Arc<_>> = build(set.into_iter().map(|t| (t, ())), n);
        ImmutableOrdSet { map: ImmutableOrdMap { root } }
    }
}

impl<T: Clone + Ord, const N: usize> From<[T; N]> for ImmutableOrdSet<T> {
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}

impl<T: Clone + Ord> From<Vec<T>> for ImmutableOrdSet<T> {
    fn from(values: Vec<T>) -> Self {
        values.into_iter().collect()
    }
}

impl<T: Clone + Ord> From<&[T]> for ImmutableOrdSet<T> {
    fn from(values: &[T]) -> Self {
        values.iter().cloned().collect()
    }
}

impl<T: Clone> IntoIterator for ImmutableOrdSet<T> {
    type Item = T;
    type IntoIter = IntoIter<T>;

    /// The elements by value, in order: cloned out of the tree, which other versions may
    /// share.
    fn into_iter(self) -> IntoIter<T> {
        IntoIter { inner: self.map.into_iter() }
    }
}

/// The elements of an [`ImmutableOrdSet`] by value, in order.
///
/// ```
/// use core_collections::immutable::ImmutableOrdSet;
/// let s = ImmutableOrdSet::from([String::from("b"), String::from("a")]);
/// let owned: Vec<String> = s.into_iter().collect();
/// assert_eq!(owned, ["a", "b"]);
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

impl<T> DoubleEndedIterator for IntoIter<T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        self.inner.next_back().map(|(k, ())| k)
    }
}

impl<T> ExactSizeIterator for IntoIter<T> {}
impl<T> FusedIterator for IntoIter<T> {}

impl<T: PartialEq> PartialEq for ImmutableOrdSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<T: Eq> Eq for ImmutableOrdSet<T> {}

impl<T: Ord> PartialEq<BTreeSet<T>> for ImmutableOrdSet<T> {
    fn eq(&self, other: &BTreeSet<T>) -> bool {
        self.set_equals_btree(other)
    }
}

impl<T: PartialOrd> PartialOrd for ImmutableOrdSet<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.iter().partial_cmp(other.iter())
    }
}

impl<T: Ord> Ord for ImmutableOrdSet<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl<T: Hash> Hash for ImmutableOrdSet<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for t in self {
            t.hash(state);
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for ImmutableOrdSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a ImmutableOrdSet<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// The elements of an [`ImmutableOrdSet`] (or of a range of it), in order.
///
/// Exact-size: `count()` and `len()` are O(1).
///
/// ```
/// use core_collections::immutable::ImmutableOrdSet;
/// let s: ImmutableOrdSet<u32> = (1..=4).collect();
/// let mut it = s.iter();
/// assert_eq!((it.next(), it.next_back(), it.len()), (Some(&1), Some(&4), 2));
/// ```
pub struct Iter<'a, T> {
    inner: Entries<'a, T, ()>,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        self.inner.next().map(|e| &e.0)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }

    #[inline]
    fn count(self) -> usize {
        self.inner.count()
    }

    fn last(mut self) -> Option<&'a T> {
        self.next_back()
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|e| &e.0)
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
