//! The B-tree node shared by [`ImmutableOrdMap`](super::ImmutableOrdMap) and
//! [`ImmutableOrdSet`](super::ImmutableOrdSet), and the algorithms that edit it in place.
//!
//! Every edit goes through `&mut Node`, reached from the root with `Arc::make_mut` at each
//! level: a node shared with another version is cloned first (path copying), a node owned by
//! this version alone is edited where it lies. So one recursive algorithm serves both the
//! persistent API (clone the root `Arc`, then edit) and the copy-on-write `&mut self` API.
//!
//! Invariants (checked by [`Node::check`] in the tests): every leaf at the same depth; every
//! node but the root holds `LEAF_MAX / 2..=LEAF_MAX` entries (a leaf) or
//! `INNER_MAX / 2..=INNER_MAX` (an internal node); an internal node has one more child
//! than entries; `size` is the number of entries in the subtree.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::mem;
use std::sync::Arc;

/// The most entries a leaf holds. 32 keeps a leaf's entries within a few cache lines for
/// small keys, and copying a leaf copies only entries.
const LEAF_MAX: usize = 32;
/// The most entries an internal node holds. Copying an internal node (path copying) bumps the
/// reference count of each child, an atomic read-modify-write each: a smaller fan-out than the
/// leaves' keeps those few (about 20 cycles each on some Intel server cores) at the price of
/// some depth.
const INNER_MAX: usize = 8;
/// The deepest a tree can get: a non-root internal node has at least `INNER_MAX / 2 + 1` = 5
/// children, so 20 levels would need more than 10^13 entries.
pub(crate) const MAX_DEPTH: usize = 20;

pub(crate) struct Node<K, V> {
    /// The entries, sorted by key.
    pub(crate) entries: Vec<(K, V)>,
    /// Empty for a leaf; otherwise `entries.len() + 1` subtrees.
    pub(crate) children: Vec<Arc<Node<K, V>>>,
    /// Entries in this subtree.
    pub(crate) size: usize,
}

impl<K: Clone, V: Clone> Clone for Node<K, V> {
    /// A copy with room for one more entry, since the copy is made to be edited.
    fn clone(&self) -> Self {
        let mut entries = Vec::with_capacity(self.entries.len() + 1);
        entries.extend_from_slice(&self.entries);
        let mut children = Vec::new();
        if !self.children.is_empty() {
            children.reserve_exact(self.children.len() + 1);
            children.extend(self.children.iter().cloned());
        }
        Node { entries, children, size: self.size }
    }
}

/// What an insertion did to a subtree.
pub(crate) enum Inserted<K, V> {
    /// The key was there; its old entry (key and value), now replaced.
    Replaced((K, V)),
    /// A new entry; the subtree still fits in its node.
    Added,
    /// A new entry, and the node overflowed: the separator and the new right sibling.
    Split(K, V, Arc<Node<K, V>>),
}

/// Which entry a removal targets.
pub(crate) enum Target<'q, Q: ?Sized> {
    /// The entry with this key.
    Key(&'q Q),
    /// The entry at this in-order position (relative to the current subtree).
    Rank(usize),
}

impl<K, V> Node<K, V> {
    pub(crate) fn leaf(entries: Vec<(K, V)>) -> Self {
        let size = entries.len();
        Node { entries, children: Vec::new(), size }
    }

    #[inline]
    pub(crate) fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }

    /// The most entries this node may hold.
    #[inline]
    fn max_keys(&self) -> usize {
        if self.is_leaf() {
            LEAF_MAX
        } else {
            INNER_MAX
        }
    }

    /// The fewest entries this node may hold unless it is the root: half its maximum, so that
    /// a split makes two nodes that hold enough and a merge one that is not too full.
    #[inline]
    fn min_keys(&self) -> usize {
        self.max_keys() / 2
    }

    /// `Ok(i)`: `entries[i]` has the key; `Err(i)`: the key belongs in `children[i]`.
    ///
    /// A leaf is searched by halving; an internal node, with at most `INNER_MAX` entries, from
    /// the front, whose branches predict better than the halving's.
    #[inline]
    pub(crate) fn search<Q>(&self, q: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        if self.is_leaf() {
            return self.entries.binary_search_by(|(k, _)| k.borrow().cmp(q));
        }
        for (i, (k, _)) in self.entries.iter().enumerate() {
            match k.borrow().cmp(q) {
                Ordering::Less => {}
                Ordering::Equal => return Ok(i),
                Ordering::Greater => return Err(i),
            }
        }
        Err(self.entries.len())
    }

    /// Entries in `children[..i]` plus `entries[..i]`.
    #[inline]
    pub(crate) fn size_before(&self, i: usize) -> usize {
        i + self.children[..i.min(self.children.len())].iter().map(|c| c.size).sum::<usize>()
    }

    /// Like [`Node::search`], by position: decrements `rank` to be relative to the child.
    fn locate_rank(&self, rank: &mut usize) -> Result<usize, usize> {
        if self.is_leaf() {
            return Ok(*rank);
        }
        for (i, c) in self.children.iter().enumerate() {
            match (*rank).cmp(&c.size) {
                Ordering::Less => return Err(i),
                Ordering::Equal => return Ok(i),
                Ordering::Greater => *rank -= c.size + 1,
            }
        }
        unreachable!("rank within the subtree")
    }

    /// The entry at an in-order position of the subtree.
    pub(crate) fn get_rank(&self, mut rank: usize) -> &(K, V) {
        let mut node = self;
        loop {
            match node.locate_rank(&mut rank) {
                Ok(i) => return &node.entries[i],
                Err(i) => node = &node.children[i],
            }
        }
    }

    /// Checks the invariants and returns the subtree's height. Test support.
    pub(crate) fn check(&self, is_root: bool) -> usize
    where
        K: Ord,
    {
        assert!(self.entries.len() <= self.max_keys(), "node overflow");
        assert!(is_root || self.entries.len() >= self.min_keys(), "node underflow");
        assert!(!self.entries.is_empty(), "empty node");
        assert!(self.entries.windows(2).all(|w| w[0].0 < w[1].0), "entries out of order");
        if self.is_leaf() {
            assert_eq!(self.size, self.entries.len(), "leaf size");
            return 1;
        }
        assert_eq!(self.children.len(), self.entries.len() + 1, "child count");
        let heights: Vec<usize> = self.children.iter().map(|c| c.check(false)).collect();
        assert!(heights.windows(2).all(|w| w[0] == w[1]), "leaves at different depths");
        let size = self.entries.len() + self.children.iter().map(|c| c.size).sum::<usize>();
        assert_eq!(self.size, size, "internal size");
        for (i, (k, _)) in self.entries.iter().enumerate() {
            assert!(&self.children[i].entries.last().unwrap().0 < k, "left child order");
            assert!(&self.children[i + 1].entries[0].0 > k, "right child order");
        }
        heights[0] + 1
    }
}

impl<K: Clone + Ord, V: Clone> Node<K, V> {
    /// Inserts `key`; an existing entry is replaced, key and value, and returned.
    pub(crate) fn insert(&mut self, key: K, value: V) -> Inserted<K, V> {
        match self.search(&key) {
            Ok(i) => Inserted::Replaced(mem::replace(&mut self.entries[i], (key, value))),
            Err(i) => {
                if self.is_leaf() {
                    self.entries.insert(i, (key, value));
                } else {
                    match Arc::make_mut(&mut self.children[i]).insert(key, value) {
                        Inserted::Replaced(old) => return Inserted::Replaced(old),
                        Inserted::Added => {}
                        Inserted::Split(k, v, right) => {
                            self.entries.insert(i, (k, v));
                            self.children.insert(i + 1, right);
                        }
                    }
                }
                self.size += 1;
                if self.entries.len() > self.max_keys() {
                    let (k, v, right) = self.split();
                    Inserted::Split(k, v, right)
                } else {
                    Inserted::Added
                }
            }
        }
    }

    /// The value for `key`, reached with `Arc::make_mut` at each level (path copying). The
    /// caller has checked that the key exists, so that a miss copies nothing.
    pub(crate) fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        match self.search(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(i) => Arc::make_mut(self.children.get_mut(i)?).get_mut(key),
        }
    }

    /// Splits an overflowing node around its middle entry.
    fn split(&mut self) -> (K, V, Arc<Self>) {
        let mid = self.entries.len() / 2;
        let mut entries = Vec::with_capacity(self.max_keys() + 1);
        entries.extend(self.entries.drain(mid + 1..));
        let (k, v) = self.entries.pop().expect("an overflowing node is not empty");
        let mut children = Vec::new();
        if !self.is_leaf() {
            children.reserve_exact(INNER_MAX + 2);
            children.extend(self.children.drain(mid + 1..));
        }
        let size = entries.len() + children.iter().map(|c: &Arc<Self>| c.size).sum::<usize>();
        self.size -= size + 1;
        (k, v, Arc::new(Node { entries, children, size }))
    }

    /// Removes the targeted entry. The caller has checked that it exists (a miss would still
    /// have copied the path).
    pub(crate) fn remove<Q>(&mut self, target: &mut Target<'_, Q>) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let found = match target {
            Target::Key(q) => self.search(*q),
            Target::Rank(r) => self.locate_rank(r),
        };
        let out = match found {
            Ok(i) if self.is_leaf() => self.entries.remove(i),
            Ok(i) => {
                // Replace the entry by its predecessor, the last entry of the left subtree.
                let pred = Arc::make_mut(&mut self.children[i]).remove_last();
                let old = mem::replace(&mut self.entries[i], pred);
                self.fix_child(i);
                old
            }
            Err(_) if self.is_leaf() => return None,
            Err(i) => {
                let out = Arc::make_mut(&mut self.children[i]).remove(target)?;
                self.fix_child(i);
                out
            }
        };
        self.size -= 1;
        Some(out)
    }

    fn remove_last(&mut self) -> (K, V) {
        self.size -= 1;
        if self.is_leaf() {
            return self.entries.pop().expect("a non-root node is not empty");
        }
        let i = self.children.len() - 1;
        let out = Arc::make_mut(&mut self.children[i]).remove_last();
        self.fix_child(i);
        out
    }

    /// Restores `children[i]` to at least its minimum of entries: borrow one from a sibling
    /// that can spare it, or merge with a sibling.
    fn fix_child(&mut self, i: usize) {
        // Siblings are at the same depth, so they share the minimum.
        let min = self.children[i].min_keys();
        if self.children[i].entries.len() >= min {
            return;
        }
        if i > 0 && self.children[i - 1].entries.len() > min {
            self.rotate_right(i - 1);
        } else if i + 1 < self.children.len() && self.children[i + 1].entries.len() > min {
            self.rotate_left(i);
        } else if i > 0 {
            self.merge(i - 1);
        } else {
            self.merge(i);
        }
    }

    /// Moves the last entry of `children[i]` up and separator `i` down into `children[i + 1]`.
    fn rotate_right(&mut self, i: usize) {
        let left = Arc::make_mut(&mut self.children[i]);
        let e = left.entries.pop().expect("a rich sibling");
        let c = left.children.pop();
        let moved = 1 + c.as_ref().map_or(0, |c| c.size);
        left.size -= moved;
        let sep = mem::replace(&mut self.entries[i], e);
        let right = Arc::make_mut(&mut self.children[i + 1]);
        right.entries.insert(0, sep);
        if let Some(c) = c {
            right.children.insert(0, c);
        }
        right.size += moved;
    }

    /// Moves the first entry of `children[i + 1]` up and separator `i` down into `children[i]`.
    fn rotate_left(&mut self, i: usize) {
        let right = Arc::make_mut(&mut self.children[i + 1]);
        let e = right.entries.remove(0);
        let c = if right.is_leaf() { None } else { Some(right.children.remove(0)) };
        let moved = 1 + c.as_ref().map_or(0, |c| c.size);
        right.size -= moved;
        let sep = mem::replace(&mut self.entries[i], e);
        let left = Arc::make_mut(&mut self.children[i]);
        left.entries.push(sep);
        left.children.extend(c);
        left.size += moved;
    }

    /// Merges `children[i]`, separator `i` and `children[i + 1]` into `children[i]`.
    fn merge(&mut self, i: usize) {
        let right = self.children.remove(i + 1);
        let sep = self.entries.remove(i);
        let right = Arc::try_unwrap(right).unwrap_or_else(|shared| (*shared).clone());
        let left = Arc::make_mut(&mut self.children[i]);
        left.entries.push(sep);
        left.entries.extend(right.entries);
        left.children.extend(right.children);
        left.size += 1 + right.size;
    }
}

/// Entries a tree of `height` levels holds at most.
fn capacity(height: usize) -> usize {
    let mut cap = LEAF_MAX;
    for _ in 1..height {
        cap = cap.saturating_mul(INNER_MAX + 1).saturating_add(INNER_MAX);
    }
    cap
}

/// Builds a balanced tree from `n` entries in strictly increasing key order, in O(n).
pub(crate) fn build<K, V, I>(entries: I, n: usize) -> Option<Arc<Node<K, V>>>
where
    I: Iterator<Item = (K, V)>,
{
    if n == 0 {
        return None;
    }
    let mut height = 1;
    while capacity(height) < n {
        height += 1;
    }
    let mut entries = entries;
    Some(Arc::new(build_level(&mut entries, n, height)))
}

/// A subtree of exactly `height` levels holding the next `n` entries: the fewest children that
/// can hold them, filled evenly, so every node lands between its minimum and maximum.
fn build_level<K, V>(it: &mut impl Iterator<Item = (K, V)>, n: usize, height: usize) -> Node<K, V> {
    if height == 1 {
        let mut entries = Vec::with_capacity(n + 1);
        entries.extend(it.take(n));
        assert_eq!(entries.len(), n, "the iterator yields the entries it promised");
        return Node::leaf(entries);
    }
    let child_cap = capacity(height - 1);
    let count = (n + 1).div_ceil(child_cap + 1).max(2);
    let in_children = n - (count - 1);
    let (each, extra) = (in_children / count, in_children % count);
    let mut entries = Vec::with_capacity(count);
    let mut children = Vec::with_capacity(count + 1);
    for j in 0..count {
        let m = each + usize::from(j < extra);
        children.push(Arc::new(build_level(it, m, height - 1)));
        if j + 1 < count {
            entries.push(it.next().expect("the iterator yields the entries it promised"));
        }
    }
    Node { entries, children, size: n }
}
