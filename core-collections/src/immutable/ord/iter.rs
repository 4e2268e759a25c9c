//! In-order iteration over a tree: two cursors (front and back) and the count between them.
//!
//! A cursor is a slice iterator over the rest of its leaf plus a fixed-size stack of
//! `(node, index)` frames for the ancestors, so iterating never allocates and most steps are
//! one slice-iterator step. Placing a cursor at a bound also yields the bound's rank (the
//! entries before it, summed from the subtree sizes on the way down), so a range knows its
//! length in O(log n) before it yields anything: `count()`, `len()` and the stopping test use
//! that number instead of comparing keys.

use super::node::{Node, MAX_DEPTH};
use std::borrow::Borrow;
use std::iter::FusedIterator;
use std::ops::Bound;
use std::sync::Arc;

/// A position between two entries: the unvisited part of the current leaf (walked with a
/// plain slice iterator, the hot path) and the internal ancestors above it. For an ancestor
/// frame `(node, i)`, the cursor is inside `children[i]`.
struct Cursor<'a, K, V> {
    leaf: std::slice::Iter<'a, (K, V)>,
    nodes: [Option<&'a Node<K, V>>; MAX_DEPTH],
    index: [usize; MAX_DEPTH],
    depth: usize,
}

impl<K, V> Clone for Cursor<'_, K, V> {
    fn clone(&self) -> Self {
        Cursor { leaf: self.leaf.clone(), nodes: self.nodes, index: self.index, depth: self.depth }
    }
}

impl<'a, K, V> Cursor<'a, K, V> {
    fn empty() -> Self {
        Cursor { leaf: [].iter(), nodes: [None; MAX_DEPTH], index: [0; MAX_DEPTH], depth: 0 }
    }

    #[inline]
    fn push(&mut self, node: &'a Node<K, V>, index: usize) {
        self.nodes[self.depth] = Some(node);
        self.index[self.depth] = index;
        self.depth += 1;
    }

    /// The next entry forwards; the caller knows one is left.
    #[inline]
    fn next_front(&mut self) -> Option<&'a (K, V)> {
        match self.leaf.next() {
            Some(e) => Some(e),
            None => self.climb_front(),
        }
    }

    /// Leaves an exhausted leaf: yields the separator above it and enters the next subtree's
    /// leftmost leaf.
    #[cold]
    fn climb_front(&mut self) -> Option<&'a (K, V)> {
        while self.depth > 0 {
            let d = self.depth - 1;
            let node = self.nodes[d]?;
            let i = self.index[d];
            if i < node.entries.len() {
                self.index[d] = i + 1;
                let mut n: &'a Node<K, V> = &node.children[i + 1];
                while let Some(c) = n.children.first() {
                    self.push(n, 0);
                    n = c;
                }
                self.leaf = n.entries.iter();
                return Some(&node.entries[i]);
            }
            self.depth -= 1;
        }
        None
    }

    /// The next entry backwards; the caller knows one is left.
    #[inline]
    fn next_back(&mut self) -> Option<&'a (K, V)> {
        match self.leaf.next_back() {
            Some(e) => Some(e),
            None => self.climb_back(),
        }
    }

    #[cold]
    fn climb_back(&mut self) -> Option<&'a (K, V)> {
        while self.depth > 0 {
            let d = self.depth - 1;
            let node = self.nodes[d]?;
            let i = self.index[d];
            if i > 0 {
                self.index[d] = i - 1;
                let mut n: &'a Node<K, V> = &node.children[i - 1];
                while let Some(c) = n.children.last() {
                    self.push(n, n.entries.len());
                    n = c;
                }
                self.leaf = n.entries.iter();
                return Some(&node.entries[i - 1]);
            }
            self.depth -= 1;
        }
        None
    }
}

/// How many entries of `node` come before a lower bound (`lower`) or up to an upper bound.
#[inline]
fn position<K, V, Q>(node: &Node<K, V>, bound: Bound<&Q>, lower: bool) -> usize
where
    K: Borrow<Q>,
    Q: Ord + ?Sized,
{
    let e = &node.entries;
    match (bound, lower) {
        (Bound::Unbounded, true) => 0,
        (Bound::Unbounded, false) => e.len(),
        // Lower bounds: entries below the range; upper bounds: entries up to its end.
        (Bound::Included(q), true) | (Bound::Excluded(q), false) => {
            e.partition_point(|(k, _)| k.borrow() < q)
        }
        (Bound::Excluded(q), true) | (Bound::Included(q), false) => {
            e.partition_point(|(k, _)| k.borrow() <= q)
        }
    }
}

/// Places a cursor at `bound` and returns it with the number of entries before it (lower) or
/// up to it (upper).
fn seek<'a, K, V, Q>(
    root: &'a Node<K, V>,
    bound: Bound<&Q>,
    lower: bool,
) -> (Cursor<'a, K, V>, usize)
where
    K: Borrow<Q>,
    Q: Ord + ?Sized,
{
    let mut cursor = Cursor::empty();
    let mut rank = 0;
    let mut node = root;
    loop {
        let p = position(node, bound, lower);
        rank += node.size_before(p);
        if node.is_leaf() {
            cursor.leaf = if lower { node.entries[p..].iter() } else { node.entries[..p].iter() };
            return (cursor, rank);
        }
        cursor.push(node, p);
        node = &node.children[p];
    }
}

/// The rank of `bound` (see [`seek`]) without building a cursor.
pub(crate) fn rank<K, V, Q>(root: &Node<K, V>, bound: Bound<&Q>, lower: bool) -> usize
where
    K: Borrow<Q>,
    Q: Ord + ?Sized,
{
    match (bound, lower) {
        (Bound::Unbounded, true) => return 0,
        (Bound::Unbounded, false) => return root.size,
        _ => {}
    }
    let mut rank = 0;
    let mut node = root;
    loop {
        let p = position(node, bound, lower);
        rank += node.size_before(p);
        if node.is_leaf() {
            return rank;
        }
        node = &node.children[p];
    }
}

/// The entries of a tree between two bounds, in key order: the map's `iter()`/`range()`
/// iterator (the set's wraps it). Double-ended and exact-size; `count()` is O(1).
pub(crate) struct Entries<'a, K, V> {
    front: Cursor<'a, K, V>,
    back: Cursor<'a, K, V>,
    remaining: usize,
}

impl<K, V> Clone for Entries<'_, K, V> {
    fn clone(&self) -> Self {
        Entries { front: self.front.clone(), back: self.back.clone(), remaining: self.remaining }
    }
}

impl<'a, K, V> Entries<'a, K, V> {
    pub(crate) fn empty() -> Self {
        Entries { front: Cursor::empty(), back: Cursor::empty(), remaining: 0 }
    }

    pub(crate) fn all(root: Option<&'a Arc<Node<K, V>>>) -> Self {
        match root {
            None => Self::empty(),
            Some(root) => {
                let (mut front, mut back) = (Cursor::empty(), Cursor::empty());
                let mut n: &'a Node<K, V> = root;
                while let Some(c) = n.children.first() {
                    front.push(n, 0);
                    n = c;
                }
                front.leaf = n.entries.iter();
                let mut n: &'a Node<K, V> = root;
                while let Some(c) = n.children.last() {
                    back.push(n, n.entries.len());
                    n = c;
                }
                back.leaf = n.entries.iter();
                Entries { front, back, remaining: root.size }
            }
        }
    }

    pub(crate) fn range<Q>(
        root: Option<&'a Arc<Node<K, V>>>,
        start: Bound<&Q>,
        end: Bound<&Q>,
    ) -> Self
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let Some(root) = root else { return Self::empty() };
        let (front, lo) = seek(root, start, true);
        let (back, hi) = seek(root, end, false);
        // An inverted range (start past end) is empty rather than a panic.
        Entries { front, back, remaining: hi.saturating_sub(lo) }
    }
}

impl<'a, K, V> Iterator for Entries<'a, K, V> {
    type Item = &'a (K, V);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        self.front.next_front()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    #[inline]
    fn count(self) -> usize {
        self.remaining
    }

    fn last(mut self) -> Option<Self::Item> {
        self.next_back()
    }
}

impl<K, V> DoubleEndedIterator for Entries<'_, K, V> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        self.back.next_back()
    }
}

impl<K, V> ExactSizeIterator for Entries<'_, K, V> {}
impl<K, V> FusedIterator for Entries<'_, K, V> {}

impl<K: std::fmt::Debug, V: std::fmt::Debug> std::fmt::Debug for Entries<'_, K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
