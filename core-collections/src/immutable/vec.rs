//! [`ImmutableVec`]: an immutable, cheaply shared array with O(1) slicing.
//!
//! ```text
//! ImmutableVec { data: Arc<[T]>, start, end }      // view = data[start..end]
//! clone, slice(range)  -> same Arc, new bounds       (O(1), no copy)
//! from_slice(&[T])     -> one allocation + one copy  (memcpy for Copy types)
//! eq against [T]/Vec   -> length first, then [T]::eq (memcmp for primitives)
//! ```
//!
//! The counterpart of .NET's `ImmutableArray<T>`, whose `Create(array, start, length)` became
//! a bulk copy and whose `SequenceEqual` stays on contiguous-storage paths; here the storage is
//! always contiguous, so every comparison is a slice comparison.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::FusedIterator;
use std::ops::{Bound, Deref, RangeBounds};
use std::sync::Arc;

/// An immutable array shared through an `Arc`: `clone` and [`slice`](Self::slice) are O(1) and
/// share the elements.
///
/// # Examples
/// ```
/// use core_collections::immutable::vec::ImmutableVec;
/// let v = ImmutableVec::from_slice(&[1, 2, 3, 4, 5]);
/// let mid = v.slice(1..4);
/// assert_eq!(mid, [2, 3, 4]);
/// assert_eq!(mid.iter().sum::<i32>(), 9);
/// assert!(v.sequence_eq(1..=5));
/// ```
pub struct ImmutableVec<T> {
    data: Arc<[T]>,
    start: usize,
    end: usize,
}

impl<T> ImmutableVec<T> {
    /// An empty array.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v: ImmutableVec<u8> = ImmutableVec::new();
    /// assert!(v.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::from_arc(Arc::from(Vec::new()))
    }

    /// The array over all of `data` (no copy).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// use std::sync::Arc;
    /// let shared: Arc<[u32]> = Arc::from(vec![1, 2, 3]);
    /// let v = ImmutableVec::from_arc(Arc::clone(&shared));
    /// assert_eq!(v.as_slice(), &shared[..]);
    /// assert_eq!(Arc::strong_count(&shared), 2); // the elements were not copied
    /// ```
    pub fn from_arc(data: Arc<[T]>) -> Self {
        let end = data.len();
        ImmutableVec { data, start: 0, end }
    }

    /// A builder that collects elements before freezing them.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// b.extend("abc".chars());
    /// assert_eq!(b.len(), 3);
    /// assert_eq!(b.build(), ['a', 'b', 'c']);
    /// ```
    pub fn builder() -> ImmutableVecBuilder<T> {
        ImmutableVecBuilder { items: Vec::new() }
    }

    /// A builder with room for `capacity` elements.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder_with_capacity(2);
    /// b.push("x");
    /// b.push("y");
    /// assert_eq!(b.len(), 2);
    /// assert_eq!(b.build(), ["x", "y"]);
    /// ```
    pub fn builder_with_capacity(capacity: usize) -> ImmutableVecBuilder<T> {
        ImmutableVecBuilder { items: Vec::with_capacity(capacity) }
    }

    /// The elements as a slice.
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v = ImmutableVec::from([3, 1, 2]);
    /// assert_eq!(v.as_slice().iter().max(), Some(&3));
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.data[self.start..self.end]
    }

    /// A view of `range` of this array, sharing its elements (O(1)).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v = ImmutableVec::from(vec![10, 20, 30, 40]);
    /// let tail = v.slice(2..);
    /// assert_eq!(tail, [30, 40]);
    /// assert_eq!(tail.slice(..1), [30]); // a view of a view
    /// ```
    ///
    /// # Panics
    /// If the range is out of bounds or decreasing, as slice indexing does.
    #[must_use]
    pub fn slice<R: RangeBounds<usize>>(&self, range: R) -> Self {
        let len = self.end - self.start;
        let lo = match range.start_bound() {
            Bound::Included(&i) => i,
            Bound::Excluded(&i) => i.checked_add(1).expect("slice start overflows"),
            Bound::Unbounded => 0,
        };
        let hi = match range.end_bound() {
            Bound::Included(&i) => i.checked_add(1).expect("slice end overflows"),
            Bound::Excluded(&i) => i,
            Bound::Unbounded => len,
        };
        assert!(lo <= hi, "slice index starts at {lo} but ends at {hi}");
        assert!(hi <= len, "range end index {hi} out of range for slice of length {len}");
        ImmutableVec { data: Arc::clone(&self.data), start: self.start + lo, end: self.start + hi }
    }

    /// Whether both arrays view the same elements of the same allocation.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v = ImmutableVec::from([1, 2, 3]);
    /// assert!(v.ptr_eq(&v.clone()));
    /// assert!(!v.ptr_eq(&v.slice(1..))); // the same allocation, other bounds
    /// assert!(!v.ptr_eq(&ImmutableVec::from([1, 2, 3]))); // equal, but another allocation
    /// ```
    #[doc(hidden)]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.data, &other.data) && self.start == other.start && self.end == other.end
    }

    /// Whether the elements equal the items of `other` (values or references), in order. When `other`'s size hint is
    /// exact the lengths are compared first (no iteration on a length mismatch).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v = ImmutableVec::from([1, 2, 3]);
    /// assert!(v.sequence_eq([1, 2, 3]));
    /// assert!(v.sequence_eq(&vec![1, 2, 3])); // references work too
    /// assert!(!v.sequence_eq(1..=4));
    /// ```
    pub fn sequence_eq<I>(&self, other: I) -> bool
    where
        I: IntoIterator,
        I::Item: Borrow<T>,
        T: PartialEq,
    {
        let mut other = other.into_iter();
        let mine = self.as_slice();
        if let (lo, Some(hi)) = other.size_hint() {
            if lo == hi && lo != mine.len() {
                return false;
            }
        }
        for x in mine {
            match other.next() {
                Some(y) if *x == *y.borrow() => {}
                _ => return false,
            }
        }
        other.next().is_none()
    }
}

impl<T: Clone> ImmutableVec<T> {
    /// A copy of `items` in one allocation (a `memcpy` for `Copy` types).
    ///
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let data = [1.5f32, 2.5];
    /// let v = ImmutableVec::from_slice(&data);
    /// assert_eq!(v, data);
    /// assert_eq!(v.to_vec(), vec![1.5, 2.5]);
    /// ```
    pub fn from_slice(items: &[T]) -> Self {
        Self::from_arc(Arc::from(items))
    }

    /// The elements in a new `Vec`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let v = ImmutableVec::from_slice(&[1, 2, 3]).slice(1..);
    /// let mut owned = v.to_vec();
    /// owned.push(4);
    /// assert_eq!(owned, [2, 3, 4]);
    /// assert_eq!(v, [2, 3]); // the array is unchanged
    /// ```
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }
}

impl<T> Default for ImmutableVec<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Clone for ImmutableVec<T> {
    /// O(1): shares the elements.
    fn clone(&self) -> Self {
        ImmutableVec { data: Arc::clone(&self.data), start: self.start, end: self.end }
    }
}

impl<T> Deref for ImmutableVec<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> AsRef<[T]> for ImmutableVec<T> {
    fn as_ref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> Borrow<[T]> for ImmutableVec<T> {
    fn borrow(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: fmt::Debug> fmt::Debug for ImmutableVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl<T> From<Vec<T>> for ImmutableVec<T> {
    /// Moves the elements into one shared allocation.
    fn from(items: Vec<T>) -> Self {
        Self::from_arc(Arc::from(items))
    }
}

impl<T: Clone> From<&[T]> for ImmutableVec<T> {
    fn from(items: &[T]) -> Self {
        Self::from_slice(items)
    }
}

impl<T, const N: usize> From<[T; N]> for ImmutableVec<T> {
    fn from(items: [T; N]) -> Self {
        Self::from_arc(Arc::from(items))
    }
}

impl<T> From<Arc<[T]>> for ImmutableVec<T> {
    fn from(data: Arc<[T]>) -> Self {
        Self::from_arc(data)
    }
}

impl<T> FromIterator<T> for ImmutableVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::from_arc(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a ImmutableVec<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Clone> IntoIterator for ImmutableVec<T> {
    type Item = T;
    type IntoIter = IntoIter<T>;
    /// Clones the elements out (the storage may be shared).
    fn into_iter(self) -> IntoIter<T> {
        IntoIter { front: self.start, back: self.end, data: self.data }
    }
}

/// The elements of an [`ImmutableVec`], cloned out of the shared storage.
///
/// ```
/// use core_collections::immutable::ImmutableVec;
/// let v = ImmutableVec::from([String::from("a"), String::from("b")]);
/// let keep = v.clone();
/// let owned: Vec<String> = v.into_iter().rev().collect();
/// assert_eq!(owned, ["b", "a"]);
/// assert_eq!(keep.len(), 2);
/// ```
#[derive(Clone)]
pub struct IntoIter<T> {
    data: Arc<[T]>,
    front: usize,
    back: usize,
}

impl<T: Clone> Iterator for IntoIter<T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        Some(self.data[self.front - 1].clone())
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl<T: Clone> DoubleEndedIterator for IntoIter<T> {
    fn next_back(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.data[self.back].clone())
    }
}

impl<T: Clone> ExactSizeIterator for IntoIter<T> {}
impl<T: Clone> FusedIterator for IntoIter<T> {}

impl<T: fmt::Debug> fmt::Debug for IntoIter<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IntoIter").field(&&self.data[self.front..self.back]).finish()
    }
}

// Equality and order are the slice's: `[T]::eq` checks the lengths first and lowers to a
// `memcmp` for primitive element types.

impl<T: PartialEq<U>, U> PartialEq<ImmutableVec<U>> for ImmutableVec<T> {
    #[inline]
    fn eq(&self, other: &ImmutableVec<U>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for ImmutableVec<T> {}

impl<T: PartialEq<U>, U> PartialEq<[U]> for ImmutableVec<T> {
    #[inline]
    fn eq(&self, other: &[U]) -> bool {
        self.as_slice() == other
    }
}

impl<T: PartialEq<U>, U> PartialEq<&[U]> for ImmutableVec<T> {
    #[inline]
    fn eq(&self, other: &&[U]) -> bool {
        self.as_slice() == *other
    }
}

impl<T: PartialEq<U>, U> PartialEq<Vec<U>> for ImmutableVec<T> {
    #[inline]
    fn eq(&self, other: &Vec<U>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq<U>, U, const N: usize> PartialEq<[U; N]> for ImmutableVec<T> {
    #[inline]
    fn eq(&self, other: &[U; N]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq<U>, U> PartialEq<ImmutableVec<U>> for Vec<T> {
    #[inline]
    fn eq(&self, other: &ImmutableVec<U>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq<U>, U> PartialEq<ImmutableVec<U>> for [T] {
    #[inline]
    fn eq(&self, other: &ImmutableVec<U>) -> bool {
        self == other.as_slice()
    }
}

impl<T: PartialOrd> PartialOrd for ImmutableVec<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.as_slice().partial_cmp(other.as_slice())
    }
}

impl<T: Ord> Ord for ImmutableVec<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl<T: Hash> Hash for ImmutableVec<T> {
    /// Hashes as the slice does (so `Borrow<[T]>` lookups work).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// Collects elements for an [`ImmutableVec`].
///
/// # Examples
/// ```
/// use core_collections::immutable::vec::ImmutableVec;
/// let mut b = ImmutableVec::builder_with_capacity(3);
/// b.push(1);
/// b.extend([2, 3]);
/// assert_eq!(b.build(), [1, 2, 3]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct ImmutableVecBuilder<T> {
    items: Vec<T>,
}

impl<T> ImmutableVecBuilder<T> {
    /// Appends `value`.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// b.push(1u8);
    /// b.push(2);
    /// assert_eq!(b.as_slice(), &[1, 2]);
    /// ```
    pub fn push(&mut self, value: T) {
        self.items.push(value);
    }

    /// The number of elements so far.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// assert_eq!(b.len(), 0);
    /// b.extend(0..5);
    /// assert_eq!(b.len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether nothing was pushed yet.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// assert!(b.is_empty());
    /// b.push('a');
    /// assert!(!b.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The elements so far.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// b.extend([3, 1, 2]);
    /// assert_eq!(b.as_slice().iter().max(), Some(&3));
    /// b.push(9);
    /// assert_eq!(b.as_slice(), &[3, 1, 2, 9]);
    /// ```
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// The array: one allocation sized exactly, the elements moved into it.
    ///
    /// # Examples
    /// ```
    /// use core_collections::immutable::ImmutableVec;
    /// let mut b = ImmutableVec::builder();
    /// b.extend(["a", "b"]);
    /// b.push("c");
    /// let v = b.build();
    /// assert_eq!(v, ["a", "b", "c"]);
    /// assert_eq!(v.slice(1..), ["b", "c"]); // views share the built array
    /// ```
    pub fn build(self) -> ImmutableVec<T> {
        ImmutableVec::from(self.items)
    }
}

impl<T> Extend<T> for ImmutableVecBuilder<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.items.extend(iter);
    }
}
