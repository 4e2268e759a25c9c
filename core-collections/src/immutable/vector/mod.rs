//! [`Vector`]: a persistent sequence (an RRB tree) with imbl's method names.
//!
//! A `Vector<T>` is a front buffer, a relaxed radix balanced tree of 64-element leaves, and a
//! back buffer, each behind an `Arc`. Cloning copies three pointers; changing a clone copies
//! only the path to the change (`Arc::make_mut`), so old versions stay valid and cheap.
//!
//! | operation | cost |
//! |---|---|
//! | `clone` | O(1) |
//! | `get`, `set`, `update`, `get_mut` | O(log n) (at most 4 levels up to 16M elements) |
//! | `push_back`, `push_front`, `pop_back`, `pop_front` | amortised O(1) (a leaf moves into or out of the tree every 64 calls) |
//! | `append`, `split_off`, `split_at`, `insert`, `remove` | O(log n) |
//! | `iter` | a slice iterator per 64-element leaf |
//! | `sort`, `retain`, `from` a `Vec` | O(n log n), O(n), O(n) |
//!
//! ```
//! use core_collections::{vector, Vector};
//!
//! let mut v: Vector<u32> = (0..1000).collect();
//! let snapshot = v.clone(); // O(1)
//! v.set(500, 0); // in place: copies one path, the snapshot keeps its value
//! v.push_front(7);
//! assert_eq!((v[501], snapshot[500], v[0]), (0, 500, 7));
//!
//! let (left, right) = snapshot.split_at(10);
//! assert_eq!((left.len(), right[0]), (10, 10));
//! let mut joined = right;
//! joined.append(left);
//! assert_eq!(joined.back(), Some(&9));
//! assert_eq!(vector![1, 2, 3].update(1, 9), vector![1, 9, 3]);
//! ```

mod iter;
mod node;

pub use iter::{Chunks, ChunksMut, ConsumingIter, Iter, IterMut};

use node::{make_mut, Tree, B};
use std::cmp::Ordering;
use std::collections::VecDeque;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Add, Index, IndexMut};
use std::sync::Arc;

/// A persistent vector: O(1) clone, O(log n) indexing, update, split and concatenation,
/// amortised O(1) push and pop at both ends. Method names follow `imbl::Vector`.
///
/// Methods that change the vector take `&mut self` and change it in place, copying shared
/// parts first (copy on write); [`update`](Vector::update) returns a new version instead.
///
/// ```
/// use core_collections::Vector;
///
/// let mut v = Vector::new();
/// v.push_back(2);
/// v.push_front(1);
/// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(v.pop_back(), Some(2));
/// ```
pub struct Vector<T> {
    /// Elements before the tree's (fewer than `B` after a push; `None` when empty).
    head: Option<Arc<VecDeque<T>>>,
    tree: Tree<T>,
    /// Elements after the tree's (at most `B`; `None` when empty).
    tail: Option<Arc<Vec<T>>>,
}

impl<T> Vector<T> {
    /// An empty vector (allocates nothing).
    ///
    /// ```
    /// use core_collections::Vector;
    /// let v: Vector<u8> = Vector::new();
    /// assert!(v.is_empty());
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Vector { head: None, tree: Tree { root: None, height: 0, len: 0 }, tail: None }
    }

    /// A vector of one element.
    ///
    /// ```
    /// use core_collections::Vector;
    /// assert_eq!(Vector::unit(5).len(), 1);
    /// ```
    #[must_use]
    pub fn unit(value: T) -> Self {
        Vector { tail: Some(Arc::new(vec![value])), ..Vector::new() }
    }

    #[inline]
    fn head_len(&self) -> usize {
        self.head.as_ref().map_or(0, |h| h.len())
    }

    #[inline]
    fn tail_slice(&self) -> &[T] {
        match &self.tail {
            Some(t) => t,
            None => &[],
        }
    }

    /// The number of elements.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2, 3].len(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.head_len() + self.tree.len + self.tail_slice().len()
    }

    /// Whether there are no elements.
    ///
    /// ```
    /// use core_collections::Vector;
    /// assert!(Vector::<u8>::new().is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `self` and `other` share all their storage (so they are equal without
    /// comparing elements). Two empty vectors are `ptr_eq`.
    ///
    /// ```
    /// use core_collections::vector;
    /// let a = vector![1, 2, 3];
    /// let b = a.clone();
    /// assert!(a.ptr_eq(&b));
    /// assert!(!a.ptr_eq(&vector![1, 2, 3]));
    /// ```
    #[must_use]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        fn same<X>(a: &Option<Arc<X>>, b: &Option<Arc<X>>) -> bool {
            match (a, b) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
        }
        same(&self.head, &other.head)
            && same(&self.tree.root, &other.tree.root)
            && same(&self.tail, &other.tail)
    }

    /// The element at `index`, or `None` past the end.
    ///
    /// ```
    /// use core_collections::vector;
    /// let v = vector![10, 20];
    /// assert_eq!((v.get(1), v.get(2)), (Some(&20), None));
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&T> {
        let mut i = index;
        if let Some(h) = &self.head {
            if i < h.len() {
                return h.get(i);
            }
            i -= h.len();
        }
        if i < self.tree.len {
            return Some(self.tree.get(i));
        }
        self.tail_slice().get(i - self.tree.len)
    }

    /// The first element.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2].front(), Some(&1));
    /// ```
    #[must_use]
    pub fn front(&self) -> Option<&T> {
        self.get(0)
    }

    /// The last element.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2].back(), Some(&2));
    /// ```
    #[must_use]
    pub fn back(&self) -> Option<&T> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The first element (imbl's name; same as [`front`](Vector::front)).
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2].head(), Some(&1));
    /// ```
    #[must_use]
    pub fn head(&self) -> Option<&T> {
        self.front()
    }

    /// The last element (imbl's name; same as [`back`](Vector::back)).
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2].last(), Some(&2));
    /// ```
    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.back()
    }

    /// An iterator over references, front to back (double-ended, exact size).
    ///
    /// ```
    /// use core_collections::vector;
    /// let v = vector![1, 2, 3];
    /// assert_eq!(v.iter().rev().copied().collect::<Vec<_>>(), [3, 2, 1]);
    /// ```
    #[must_use]
    pub fn iter(&self) -> Iter<'_, T> {
        Iter::new(self)
    }

    /// The elements as contiguous slices (whole leaves and buffers), front to back.
    ///
    /// ```
    /// use core_collections::Vector;
    /// let v: Vector<u32> = (0..1000).collect();
    /// assert_eq!(v.leaves().map(<[u32]>::len).sum::<usize>(), 1000);
    /// assert!(v.leaves().flatten().copied().eq(0..1000));
    /// ```
    #[must_use]
    pub fn leaves(&self) -> Chunks<'_, T> {
        Chunks::new(self)
    }

    /// The contiguous run of elements that starts at `from`, cut at `to` (`from < to <= len`).
    #[inline]
    pub(super) fn chunk_from(&self, from: usize, to: usize) -> &[T] {
        let mut i = from;
        let mut n = to - from;
        if let Some(h) = &self.head {
            let (a, b) = h.as_slices();
            if i < a.len() {
                return &a[i..a.len().min(i + n)];
            }
            if i < h.len() {
                let j = i - a.len();
                return &b[j..b.len().min(j + n)];
            }
            i -= h.len();
        }
        if i < self.tree.len {
            let (leaf, off) = self.tree.leaf_at(i);
            n = n.min(leaf.len() - off);
            return &leaf[off..off + n];
        }
        let j = i - self.tree.len;
        &self.tail_slice()[j..j + n]
    }

    /// The contiguous run of elements that ends just before `to`, cut at `from`
    /// (`from < to <= len`).
    #[inline]
    pub(super) fn chunk_to(&self, from: usize, to: usize) -> &[T] {
        let last = to - 1;
        let mut i = last;
        let n = to - from;
        if let Some(h) = &self.head {
            let (a, b) = h.as_slices();
            if i < a.len() {
                let lo = (i + 1).saturating_sub(n);
                return &a[lo..=i];
            }
            if i < h.len() {
                let j = i - a.len();
                return &b[(j + 1).saturating_sub(n)..=j];
            }
            i -= h.len();
        }
        if i < self.tree.len {
            let (leaf, off) = self.tree.leaf_at(i);
            return &leaf[(off + 1).saturating_sub(n)..=off];
        }
        let j = i - self.tree.len;
        &self.tail_slice()[(j + 1).saturating_sub(n)..=j]
    }

    /// The first index whose element is not `Less` by `f`: `Ok` when `f` says `Equal`
    /// there, `Err` with the insertion point otherwise. The vector must be sorted by `f`.
    ///
    /// ```
    /// use core_collections::vector;
    /// let v = vector![1, 3, 5];
    /// assert_eq!(v.binary_search_by(|x| x.cmp(&3)), Ok(1));
    /// assert_eq!(v.binary_search_by(|x| x.cmp(&4)), Err(2));
    /// ```
    ///
    /// # Errors
    ///
    /// `Err(i)` when no element compares `Equal`: `i` is where one could be inserted keeping
    /// the order.
    pub fn binary_search_by<F>(&self, mut f: F) -> Result<usize, usize>
    where
        F: FnMut(&T) -> Ordering,
    {
        // Halve by element index; each probe is an O(log n) lookup.
        let mut size = self.len();
        let mut base = 0;
        while size > 1 {
            let half = size / 2;
            let mid = base + half;
            if f(&self[mid]) != Ordering::Greater {
                base = mid;
            }
            size -= half;
        }
        if size == 0 {
            return Err(0);
        }
        match f(&self[base]) {
            Ordering::Equal => Ok(base),
            Ordering::Less => Err(base + 1),
            Ordering::Greater => Err(base),
        }
    }

    /// [`binary_search_by`](Vector::binary_search_by) with `Ord`.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 3, 5].binary_search(&5), Ok(2));
    /// ```
    ///
    /// # Errors
    ///
    /// `Err(i)` when `value` is absent: `i` is where it could be inserted keeping the order.
    pub fn binary_search(&self, value: &T) -> Result<usize, usize>
    where
        T: Ord,
    {
        self.binary_search_by(|x| x.cmp(value))
    }

    /// [`binary_search_by`](Vector::binary_search_by) on a key extracted by `f`.
    ///
    /// ```
    /// use core_collections::vector;
    /// let v = vector![(1, 'a'), (3, 'b')];
    /// assert_eq!(v.binary_search_by_key(&3, |p| p.0), Ok(1));
    /// ```
    ///
    /// # Errors
    ///
    /// `Err(i)` when no element has key `b`: `i` is where one could be inserted.
    pub fn binary_search_by_key<K, F>(&self, b: &K, mut f: F) -> Result<usize, usize>
    where
        F: FnMut(&T) -> K,
        K: Ord,
    {
        self.binary_search_by(|x| f(x).cmp(b))
    }

    /// Whether some element equals `value` (a linear scan).
    ///
    /// ```
    /// use core_collections::vector;
    /// assert!(vector![1, 2].contains(&2));
    /// ```
    #[must_use]
    pub fn contains(&self, value: &T) -> bool
    where
        T: PartialEq,
    {
        self.iter().any(|x| x == value)
    }

    /// The index of the first element equal to `value`.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![5, 6, 6].index_of(&6), Some(1));
    /// ```
    #[must_use]
    pub fn index_of(&self, value: &T) -> Option<usize>
    where
        T: PartialEq,
    {
        self.iter().position(|x| x == value)
    }

    /// Drops every element (keeps nothing allocated).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// v.clear();
    /// assert!(v.is_empty());
    /// ```
    pub fn clear(&mut self) {
        *self = Vector::new();
    }

    /// Checks the tree's invariants; panics on a violation. Test support.
    ///
    /// # Examples
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3];
    /// v.push_front(0);
    /// v.push_back(4);
    /// v.check_invariants(); // panics only if the tree is malformed
    /// assert_eq!(v.len(), 5);
    /// ```
    #[doc(hidden)]
    pub fn check_invariants(&self) {
        self.tree.check();
        assert!(self.head.as_ref().is_none_or(|h| h.len() <= B), "front buffer over capacity");
        assert!(self.tail.as_ref().is_none_or(|t| t.len() <= B), "back buffer over capacity");
    }
}

impl<T: Clone> Vector<T> {
    #[inline]
    fn tail_mut(&mut self) -> &mut Vec<T> {
        make_mut(self.tail.get_or_insert_with(|| Arc::new(Vec::with_capacity(B))))
    }

    #[inline]
    fn head_mut(&mut self) -> &mut VecDeque<T> {
        make_mut(self.head.get_or_insert_with(|| Arc::new(VecDeque::with_capacity(B))))
    }

    /// Moves the back buffer into the tree.
    fn flush_tail(&mut self) {
        if let Some(t) = self.tail.take() {
            if !t.is_empty() {
                self.tree.push_back_leaf(Arc::unwrap_or_clone(t));
            }
        }
    }

    /// Moves the front buffer into the tree.
    fn flush_head(&mut self) {
        if let Some(h) = self.head.take() {
            if !h.is_empty() {
                self.tree.push_front_leaf(Vec::from(Arc::unwrap_or_clone(h)));
            }
        }
    }

    /// The element at `index`, mutable, or `None` past the end. Copies the shared parts of
    /// its path first.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// *v.get_mut(0).unwrap() = 9;
    /// assert_eq!(v, vector![9, 2]);
    /// ```
    #[must_use]
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        let mut i = index;
        let hl = self.head_len();
        if i < hl {
            return self.head_mut().get_mut(i);
        }
        i -= hl;
        if i < self.tree.len {
            return Some(self.tree.get_mut(i));
        }
        i -= self.tree.len;
        if i < self.tail_slice().len() {
            return self.tail_mut().get_mut(i);
        }
        None
    }

    /// The first element, mutable.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// *v.front_mut().unwrap() += 10;
    /// assert_eq!(v[0], 11);
    /// ```
    #[must_use]
    pub fn front_mut(&mut self) -> Option<&mut T> {
        self.get_mut(0)
    }

    /// The last element, mutable.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// *v.back_mut().unwrap() += 10;
    /// assert_eq!(v[1], 12);
    /// ```
    #[must_use]
    pub fn back_mut(&mut self) -> Option<&mut T> {
        let i = self.len().checked_sub(1)?;
        self.get_mut(i)
    }

    /// Replaces the element at `index` in place and returns the old one.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3];
    /// assert_eq!(v.set(1, 9), 2);
    /// assert_eq!(v, vector![1, 9, 3]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    pub fn set(&mut self, index: usize, value: T) -> T {
        std::mem::replace(&mut self[index], value)
    }

    /// A new version with the element at `index` replaced; `self` is unchanged.
    ///
    /// ```
    /// use core_collections::vector;
    /// let v = vector![1, 2, 3];
    /// let w = v.update(0, 7);
    /// assert_eq!((v[0], w[0]), (1, 7));
    /// ```
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    #[must_use]
    pub fn update(&self, index: usize, value: T) -> Self {
        let mut v = self.clone();
        v.set(index, value);
        v
    }

    /// Adds an element at the back.
    ///
    /// ```
    /// use core_collections::Vector;
    /// let mut v = Vector::new();
    /// v.push_back(1);
    /// v.push_back(2);
    /// assert_eq!(v.back(), Some(&2));
    /// ```
    #[inline]
    pub fn push_back(&mut self, value: T) {
        if self.tail.as_ref().is_some_and(|t| t.len() >= B) {
            self.flush_tail();
        }
        self.tail_mut().push(value);
    }

    /// Adds an element at the front.
    ///
    /// ```
    /// use core_collections::Vector;
    /// let mut v = Vector::new();
    /// v.push_front(1);
    /// v.push_front(2);
    /// assert_eq!(v.front(), Some(&2));
    /// ```
    #[inline]
    pub fn push_front(&mut self, value: T) {
        if self.head.as_ref().is_some_and(|h| h.len() >= B) {
            self.flush_head();
        }
        self.head_mut().push_front(value);
    }

    /// Removes and returns the last element.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// assert_eq!((v.pop_back(), v.len()), (Some(2), 1));
    /// ```
    pub fn pop_back(&mut self) -> Option<T> {
        if self.tail_slice().is_empty() {
            match self.tree.pop_back_leaf() {
                Some(leaf) => self.tail = Some(Arc::new(leaf)),
                None => return self.head.as_mut().and_then(|h| make_mut(h).pop_back()),
            }
        }
        self.tail_mut().pop()
    }

    /// Removes and returns the first element.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// assert_eq!((v.pop_front(), v.len()), (Some(1), 1));
    /// ```
    pub fn pop_front(&mut self) -> Option<T> {
        if self.head_len() == 0 {
            match self.tree.pop_front_leaf() {
                Some(leaf) => self.head = Some(Arc::new(VecDeque::from(leaf))),
                None => {
                    let t = self.tail.as_mut()?;
                    if t.is_empty() {
                        return None;
                    }
                    return Some(make_mut(t).remove(0));
                }
            }
        }
        self.head_mut().pop_front()
    }

    /// Moves every element of `other` to the back of `self`: O(log n) through the trees'
    /// concatenation (small vectors are pushed element by element).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// v.append(vector![3, 4]);
    /// assert_eq!(v, vector![1, 2, 3, 4]);
    /// ```
    pub fn append(&mut self, mut other: Self) {
        if other.is_empty() {
            return;
        }
        if self.is_empty() {
            *self = other;
            return;
        }
        if other.len() <= B {
            self.extend(other);
            return;
        }
        if self.len() <= B {
            let mut mine = std::mem::take(self).into_iter();
            while let Some(x) = mine.next_back() {
                other.push_front(x);
            }
            *self = other;
            return;
        }
        self.flush_tail();
        other.flush_head();
        let left = std::mem::take(&mut self.tree);
        self.tree = Tree::concat(left, std::mem::take(&mut other.tree));
        self.tail = other.tail.take();
    }

    /// Removes the elements from `at` on and returns them: O(log n).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3, 4];
    /// let back = v.split_off(1);
    /// assert_eq!((v, back), (vector![1], vector![2, 3, 4]));
    /// ```
    ///
    /// # Panics
    ///
    /// If `at > len`.
    #[must_use = "use `truncate` to drop the back part"]
    pub fn split_off(&mut self, at: usize) -> Self {
        let len = self.len();
        assert!(at <= len, "Vector::split_off: index {at} out of bounds (len {len})");
        if at == len {
            return Vector::new();
        }
        if at == 0 {
            return std::mem::take(self);
        }
        let hl = self.head_len();
        let tl = self.tree.len;
        if at >= hl + tl {
            let back = self.tail_mut().split_off(at - hl - tl);
            return Vector { tail: Some(Arc::new(back)), ..Vector::new() };
        }
        if at <= hl {
            let back = self.head_mut().split_off(at);
            let tree = std::mem::take(&mut self.tree);
            return Vector { head: Some(Arc::new(back)), tree, tail: self.tail.take() };
        }
        let (left, right) = std::mem::take(&mut self.tree).split(at - hl);
        self.tree = left;
        let mut back = Vector { head: None, tree: right, tail: self.tail.take() };
        self.tail = self.tree.pop_back_leaf().map(Arc::new);
        back.head = back.tree.pop_front_leaf().map(|v| Arc::new(VecDeque::from(v)));
        back
    }

    /// Splits into the elements before `index` and the rest: O(log n).
    ///
    /// ```
    /// use core_collections::vector;
    /// let (a, b) = vector![1, 2, 3].split_at(2);
    /// assert_eq!((a, b), (vector![1, 2], vector![3]));
    /// ```
    ///
    /// # Panics
    ///
    /// If `index > len`.
    #[must_use]
    pub fn split_at(mut self, index: usize) -> (Self, Self) {
        let right = self.split_off(index);
        (self, right)
    }

    /// A new vector without the first `count` elements (empty when `count >= len`); `self`
    /// is unchanged.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2, 3].skip(1), vector![2, 3]);
    /// assert!(vector![1, 2, 3].skip(5).is_empty());
    /// ```
    #[must_use]
    pub fn skip(&self, count: usize) -> Self {
        if count >= self.len() {
            return Vector::new();
        }
        self.clone().split_off(count)
    }

    /// Removes the elements in `range` and returns them; the elements after the range move
    /// forward. An empty or inverted range (or one starting past the end) removes nothing.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![0, 1, 2, 3, 4];
    /// assert_eq!(v.slice(1..3), vector![1, 2]);
    /// assert_eq!(v, vector![0, 3, 4]);
    /// ```
    ///
    /// # Panics
    ///
    /// If the range ends past `len` (and is not empty).
    #[must_use = "use `truncate` or `split_off` to drop a range without keeping it"]
    pub fn slice<R>(&mut self, range: R) -> Self
    where
        R: std::ops::RangeBounds<usize>,
    {
        use std::ops::Bound;
        let len = self.len();
        let start = match range.start_bound() {
            Bound::Included(&i) => i,
            Bound::Excluded(&i) => i.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let end = match range.end_bound() {
            Bound::Included(&i) => i.saturating_add(1),
            Bound::Excluded(&i) => i,
            Bound::Unbounded => len,
        };
        if start >= end || start >= len {
            return Vector::new();
        }
        let mut middle = self.split_off(start);
        let back = middle.split_off(end - start);
        self.append(back);
        middle
    }

    /// Swaps the elements at `i` and `j`.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3];
    /// v.swap(0, 2);
    /// assert_eq!(v, vector![3, 2, 1]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `i >= len` or `j >= len`.
    pub fn swap(&mut self, i: usize, j: usize) {
        let a = self[i].clone();
        let b = std::mem::replace(&mut self[j], a);
        self[i] = b;
    }

    /// A new vector of the first `count` elements; `self` is unchanged.
    ///
    /// ```
    /// use core_collections::vector;
    /// assert_eq!(vector![1, 2, 3].take(2), vector![1, 2]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `count > len`.
    #[must_use]
    pub fn take(&self, count: usize) -> Self {
        let mut v = self.clone();
        let _ = v.split_off(count);
        v
    }

    /// Drops the elements from `len` on (nothing when `len >= self.len()`).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3];
    /// v.truncate(1);
    /// assert_eq!(v, vector![1]);
    /// ```
    pub fn truncate(&mut self, len: usize) {
        if len < self.len() {
            let _ = self.split_off(len);
        }
    }

    /// Inserts `value` at `index`, shifting the rest back: O(log n).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 3];
    /// v.insert(1, 2);
    /// assert_eq!(v, vector![1, 2, 3]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `index > len`.
    pub fn insert(&mut self, index: usize, value: T) {
        let len = self.len();
        assert!(index <= len, "Vector::insert: index {index} out of bounds (len {len})");
        if index == 0 {
            return self.push_front(value);
        }
        if index == len {
            return self.push_back(value);
        }
        let hl = self.head_len();
        let before_tail = hl + self.tree.len;
        if index > before_tail && self.tail_slice().len() < B {
            return self.tail_mut().insert(index - before_tail, value);
        }
        if index < hl && hl < B {
            return self.head_mut().insert(index, value);
        }
        let back = self.split_off(index);
        self.push_back(value);
        self.append(back);
    }

    /// Removes and returns the element at `index`, shifting the rest forward: O(log n).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3];
    /// assert_eq!(v.remove(1), 2);
    /// assert_eq!(v, vector![1, 3]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(index < len, "Vector::remove: index {index} out of bounds (len {len})");
        let hl = self.head_len();
        let before_tail = hl + self.tree.len;
        if index >= before_tail {
            return self.tail_mut().remove(index - before_tail);
        }
        if index < hl {
            return self.head_mut().remove(index).expect("index within the front buffer");
        }
        let mut back = self.split_off(index);
        let value = back.pop_front().expect("index < len");
        self.append(back);
        value
    }

    /// Inserts `value` where it keeps a sorted vector sorted (after equal elements).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 3];
    /// v.insert_ord(2);
    /// assert_eq!(v, vector![1, 2, 3]);
    /// ```
    pub fn insert_ord(&mut self, value: T)
    where
        T: Ord,
    {
        let i = match self.binary_search_by(|x| x.cmp(&value).then(Ordering::Less)) {
            Ok(i) | Err(i) => i,
        };
        self.insert(i, value);
    }

    /// Inserts `value` where it keeps a vector sorted by `f` sorted.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![3, 1];
    /// v.insert_ord_by(2, |a, b| b.cmp(a));
    /// assert_eq!(v, vector![3, 2, 1]);
    /// ```
    pub fn insert_ord_by<F>(&mut self, value: T, mut f: F)
    where
        F: FnMut(&T, &T) -> Ordering,
    {
        let i = match self.binary_search_by(|x| f(x, &value)) {
            Ok(i) | Err(i) => i,
        };
        self.insert(i, value);
    }

    /// Inserts `value` where it keeps a vector sorted by the key `f` sorted.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![(1, 'a'), (3, 'c')];
    /// v.insert_ord_by_key((2, 'b'), |p| p.0);
    /// assert_eq!(v[1], (2, 'b'));
    /// ```
    pub fn insert_ord_by_key<K, F>(&mut self, value: T, mut f: F)
    where
        K: Ord,
        F: FnMut(&T) -> K,
    {
        let key = f(&value);
        let i = match self.binary_search_by(|x| f(x).cmp(&key)) {
            Ok(i) | Err(i) => i,
        };
        self.insert(i, value);
    }

    /// The elements as mutable contiguous slices (whole leaves and buffers), front to back;
    /// copies shared parts first.
    ///
    /// ```
    /// use core_collections::Vector;
    /// let mut v: Vector<u32> = (0..1000).collect();
    /// v.leaves_mut().for_each(|s| s.fill(1));
    /// assert_eq!(v.iter().sum::<u32>(), 1000);
    /// ```
    #[must_use]
    pub fn leaves_mut(&mut self) -> ChunksMut<'_, T> {
        ChunksMut::new(self.chunks_mut())
    }

    /// Every element's slice, front to back, unshared.
    fn chunks_mut(&mut self) -> Vec<&mut [T]> {
        let mut chunks: Vec<&mut [T]> = Vec::new();
        let Vector { head, tree, tail } = self;
        if let Some(h) = head {
            let (a, b) = make_mut(h).as_mut_slices();
            chunks.push(a);
            chunks.push(b);
        }
        tree.leaves_mut(&mut chunks);
        if let Some(t) = tail {
            chunks.push(make_mut(t).as_mut_slice());
        }
        chunks.retain(|c| !c.is_empty());
        chunks
    }

    /// An iterator over mutable references (copies shared parts first).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2];
    /// v.iter_mut().for_each(|x| *x *= 10);
    /// assert_eq!(v, vector![10, 20]);
    /// ```
    #[must_use]
    pub fn iter_mut(&mut self) -> IterMut<'_, T> {
        let len = self.len();
        IterMut::new(self.chunks_mut(), len)
    }

    /// Keeps only the elements for which `f` returns `true`, in order.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 2, 3, 4];
    /// v.retain(|x| x % 2 == 0);
    /// assert_eq!(v, vector![2, 4]);
    /// ```
    pub fn retain<F>(&mut self, mut f: F)
    where
        F: FnMut(&T) -> bool,
    {
        let kept: Vec<T> = std::mem::take(self).into_iter().filter(|x| f(x)).collect();
        *self = Vector::from(kept);
    }

    /// Sorts in place (stable).
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![3, 1, 2];
    /// v.sort();
    /// assert_eq!(v, vector![1, 2, 3]);
    /// ```
    pub fn sort(&mut self)
    where
        T: Ord,
    {
        self.sort_by(Ord::cmp);
    }

    /// Sorts in place (stable) by `cmp`.
    ///
    /// ```
    /// use core_collections::vector;
    /// let mut v = vector![1, 3, 2];
    /// v.sort_by(|a, b| b.cmp(a));
    /// assert_eq!(v, vector![3, 2, 1]);
    /// ```
    pub fn sort_by<F>(&mut self, cmp: F)
    where
        F: FnMut(&T, &T) -> Ordering,
    {
        let mut all: Vec<T> = std::mem::take(self).into_iter().collect();
        all.sort_by(cmp);
        *self = Vector::from(all);
    }
}

impl<T> Clone for Vector<T> {
    /// O(1): three reference-count increments.
    fn clone(&self) -> Self {
        Vector { head: self.head.clone(), tree: self.tree.clone(), tail: self.tail.clone() }
    }
}

impl<T> Default for Vector<T> {
    fn default() -> Self {
        Vector::new()
    }
}

impl<T> Index<usize> for Vector<T> {
    type Output = T;

    /// # Panics
    ///
    /// If `index >= len`.
    #[inline]
    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(x) => x,
            None => out_of_bounds(index, self.len()),
        }
    }
}

impl<T: Clone> IndexMut<usize> for Vector<T> {
    /// # Panics
    ///
    /// If `index >= len`.
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut T {
        let len = self.len();
        match self.get_mut(index) {
            Some(x) => x,
            None => out_of_bounds(index, len),
        }
    }
}

#[cold]
#[track_caller]
fn out_of_bounds(index: usize, len: usize) -> ! {
    panic!("Vector: index {index} out of bounds (len {len})")
}

impl<T: fmt::Debug> fmt::Debug for Vector<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for Vector<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && (self.ptr_eq(other) || self.iter().eq(other.iter()))
    }
}

impl<T: Eq> Eq for Vector<T> {}

impl<T: PartialOrd> PartialOrd for Vector<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.iter().partial_cmp(other.iter())
    }
}

impl<T: Ord> Ord for Vector<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl<T: Hash> Hash for Vector<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        self.iter().for_each(|x| x.hash(state));
    }
}

impl<T: Clone> From<Vec<T>> for Vector<T> {
    /// O(n): full leaves straight into a dense tree, the remainder into the back buffer.
    fn from(mut v: Vec<T>) -> Self {
        if v.is_empty() {
            return Vector::new();
        }
        let rest = match v.len() % B {
            0 => B,
            r => r,
        };
        let tail = v.split_off(v.len() - rest);
        let mut leaves = Vec::with_capacity(v.len() / B);
        let mut it = v.into_iter();
        while it.len() > 0 {
            leaves.push(it.by_ref().take(B).collect::<Vec<T>>());
        }
        Vector { head: None, tree: Tree::from_leaves(leaves), tail: Some(Arc::new(tail)) }
    }
}

impl<T: Clone> From<&[T]> for Vector<T> {
    fn from(s: &[T]) -> Self {
        Vector::from(s.to_vec())
    }
}

impl<T: Clone> From<&Vec<T>> for Vector<T> {
    fn from(v: &Vec<T>) -> Self {
        Vector::from(v.as_slice())
    }
}

impl<T: Clone, const N: usize> From<[T; N]> for Vector<T> {
    fn from(a: [T; N]) -> Self {
        Vector::from(Vec::from(a))
    }
}

impl<T: Clone> FromIterator<T> for Vector<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Vector::from(iter.into_iter().collect::<Vec<T>>())
    }
}

impl<'a, T: Clone> FromIterator<&'a T> for Vector<T> {
    fn from_iter<I: IntoIterator<Item = &'a T>>(iter: I) -> Self {
        iter.into_iter().cloned().collect()
    }
}

impl<T: Clone> Extend<T> for Vector<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        iter.into_iter().for_each(|x| self.push_back(x));
    }
}

impl<'a, T: Clone> Extend<&'a T> for Vector<T> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        iter.into_iter().for_each(|x| self.push_back(x.clone()));
    }
}

impl<T: Clone> Add for Vector<T> {
    type Output = Vector<T>;

    /// Concatenation ([`append`](Vector::append)).
    fn add(mut self, other: Self) -> Self {
        self.append(other);
        self
    }
}

impl<T: Clone> Add for &Vector<T> {
    type Output = Vector<T>;

    /// Concatenation into a new vector (O(log n); both operands stay as they are).
    fn add(self, other: Self) -> Vector<T> {
        let mut v = self.clone();
        v.append(other.clone());
        v
    }
}

impl<T: Clone> std::iter::Sum for Vector<T> {
    /// Concatenates the vectors.
    fn sum<I: Iterator<Item = Vector<T>>>(iter: I) -> Self {
        iter.fold(Vector::new(), |a, b| a + b)
    }
}

impl<'a, T> IntoIterator for &'a Vector<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Vector<T> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T>;

    fn into_iter(self) -> IterMut<'a, T> {
        self.iter_mut()
    }
}

impl<T: Clone> IntoIterator for Vector<T> {
    type Item = T;
    type IntoIter = ConsumingIter<T>;

    /// Moves the elements out (clones those still shared with another version).
    fn into_iter(self) -> ConsumingIter<T> {
        let len = self.len();
        let mut chunks = Vec::new();
        if let Some(h) = self.head {
            chunks.push(Vec::from(Arc::unwrap_or_clone(h)));
        }
        self.tree.into_leaves(&mut chunks);
        if let Some(t) = self.tail {
            chunks.push(Arc::unwrap_or_clone(t));
        }
        ConsumingIter::new(chunks, len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concat_and_split_keep_invariants() {
        let mut v: Vector<usize> = Vector::new();
        let mut model = Vec::new();
        for round in 0..200usize {
            let n = (round * 37) % 300 + 1;
            let part: Vector<usize> = (0..n).map(|i| i + round * 1000).collect();
            model.extend(part.iter().copied());
            v.append(part);
            v.check_invariants();
            if round % 3 == 0 {
                let at = (round * 7919) % (model.len() + 1);
                let back = v.split_off(at);
                let model_back = model.split_off(at);
                v.check_invariants();
                back.check_invariants();
                assert!(back.iter().eq(model_back.iter()));
                let mut back = back;
                back.append(v);
                v = back;
                let mut m = model_back;
                m.extend(model);
                model = m;
            }
            assert_eq!(v.len(), model.len());
            assert!(v.iter().eq(model.iter()));
            for (i, x) in model.iter().enumerate().step_by(97) {
                assert_eq!(&v[i], x);
            }
        }
        assert!(v.tree.height <= 4, "height {}", v.tree.height);
    }
}
