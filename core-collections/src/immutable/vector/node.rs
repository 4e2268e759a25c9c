//! The relaxed radix balanced tree under [`Vector`](super::Vector).
//!
//! Leaves hold up to [`B`] elements; a branch holds up to [`B`] children and, for each child,
//! the cumulative element count up to and including it (`Entry::end`). Every branch carries
//! this size table, so a lookup at height `h` first guesses the child `i >> (6 * h)` (exact
//! when the children before it are full, as they are in a tree built by pushes) and then steps
//! right while the guess ends at or before `i`: a child never holds more than `B^h` elements,
//! so the guess is never past the answer. After splits and concatenations, nodes on the cut
//! may be partly filled; concatenation re-packs the nodes along its seam so that every node
//! off the left and right edges keeps at least `B / 2` children, which bounds the height by
//! `log_{B/2} n + 2` and the extra steps of a lookup.
//!
//! All sharing is through `Arc`; every change goes through [`make_mut`] (path copying when a
//! node is shared, in place when it is not).

use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;

/// `Arc::make_mut` for the vector's own `Arc`s (its nodes and buffers), which are private and
/// never downgraded, so they have no `Weak` pointers: the value is unshared exactly when the
/// strong count is 1, which one plain load tells. `Arc::make_mut` has to allow for `Weak`s and
/// takes a compare-and-swap (a locked instruction) every call, which was two thirds of a
/// `push_back` loop's time.
#[inline(always)]
pub(super) fn make_mut<T: Clone>(arc: &mut Arc<T>) -> &mut T {
    if Arc::strong_count(arc) == 1 {
        // Pairs with the release decrement of whichever thread dropped the last other
        // reference, so that its uses of the value happen before ours (as in `Arc::get_mut`).
        fence(Ordering::Acquire);
        // SAFETY: `arc` is the only strong reference and no `Weak` exists (the vector never
        // calls `Arc::downgrade` on its `Arc`s and never lets them out), so nothing else can
        // reach the value; no other reference can be made while we hold `&mut arc` (a new one
        // needs a strong reference or a `Weak` to start from). The pointer comes from the
        // `Arc`'s allocation, which lives as long as `arc`, and the returned borrow is tied to
        // `&mut arc`: this is what `Arc::get_mut` returns after its own uniqueness test.
        unsafe { &mut *Arc::as_ptr(arc).cast_mut() }
    } else {
        Arc::make_mut(arc)
    }
}

/// log2 of the branching factor.
pub(super) const BITS: u32 = 6;
/// Branching factor and leaf capacity.
pub(super) const B: usize = 1 << BITS;
/// The fewest children (or elements) a node off the tree's edges keeps after a concatenation.
const MIN: usize = B / 2;

pub(super) enum Node<T> {
    Leaf(Vec<T>),
    Branch(Vec<Entry<T>>),
}

pub(super) struct Entry<T> {
    /// Elements in this child and all children before it.
    pub(super) end: usize,
    pub(super) node: Arc<Node<T>>,
}

impl<T> Clone for Entry<T> {
    fn clone(&self) -> Self {
        Entry { end: self.end, node: Arc::clone(&self.node) }
    }
}

impl<T: Clone> Clone for Node<T> {
    fn clone(&self) -> Self {
        match self {
            Node::Leaf(v) => Node::Leaf(v.clone()),
            Node::Branch(es) => Node::Branch(es.clone()),
        }
    }
}

impl<T> Node<T> {
    /// Elements under this node.
    #[inline]
    fn len(&self) -> usize {
        match self {
            Node::Leaf(v) => v.len(),
            Node::Branch(es) => es.last().map_or(0, |e| e.end),
        }
    }

    /// Elements of a leaf, children of a branch.
    #[inline]
    fn width(&self) -> usize {
        match self {
            Node::Leaf(v) => v.len(),
            Node::Branch(es) => es.len(),
        }
    }
}

/// The child of a branch at `height` that holds element `i` (which must be under it).
#[inline(always)]
fn child_index<T>(es: &[Entry<T>], height: usize, i: usize) -> usize {
    let mut k = i.checked_shr(BITS * height as u32).unwrap_or(0);
    while es[k].end <= i {
        k += 1;
    }
    k
}

/// Where child `k` starts.
#[inline(always)]
fn child_start<T>(es: &[Entry<T>], k: usize) -> usize {
    if k == 0 {
        0
    } else {
        es[k - 1].end
    }
}

fn leaf<T>(v: Vec<T>) -> Arc<Node<T>> {
    Arc::new(Node::Leaf(v))
}

/// A branch over `children` (all of one height, none empty), with its size table.
fn branch<T>(children: Vec<Arc<Node<T>>>) -> Arc<Node<T>> {
    let mut end = 0;
    let es = children
        .into_iter()
        .map(|node| {
            end += node.len();
            Entry { end, node }
        })
        .collect();
    Arc::new(Node::Branch(es))
}

/// The elements of a leaf, moved out when unshared.
fn into_leaf_vec<T: Clone>(node: Arc<Node<T>>) -> Vec<T> {
    match Arc::unwrap_or_clone(node) {
        Node::Leaf(v) => v,
        Node::Branch(_) => unreachable!("a leaf was expected at height 0"),
    }
}

/// The children of a branch, moved out when unshared.
fn into_children<T: Clone>(node: Arc<Node<T>>) -> Vec<Arc<Node<T>>> {
    match Arc::unwrap_or_clone(node) {
        Node::Branch(es) => es.into_iter().map(|e| e.node).collect(),
        Node::Leaf(_) => unreachable!("a branch was expected above height 0"),
    }
}

/// A tree of leaves; `height` 0 is a single leaf at the root.
pub(super) struct Tree<T> {
    pub(super) root: Option<Arc<Node<T>>>,
    pub(super) height: usize,
    pub(super) len: usize,
}

impl<T> Clone for Tree<T> {
    fn clone(&self) -> Self {
        Tree { root: self.root.clone(), height: self.height, len: self.len }
    }
}

impl<T> Default for Tree<T> {
    fn default() -> Self {
        Tree { root: None, height: 0, len: 0 }
    }
}

impl<T> Tree<T> {
    /// Element `i` (`i < len`).
    #[inline]
    pub(super) fn get(&self, i: usize) -> &T {
        let (leaf, off) = self.leaf_at(i);
        &leaf[off]
    }

    /// The leaf that holds element `i` (`i < len`) and `i`'s offset in it.
    #[inline]
    pub(super) fn leaf_at(&self, mut i: usize) -> (&[T], usize) {
        let mut node = match &self.root {
            Some(root) => &**root,
            None => return (&[], i),
        };
        let mut h = self.height;
        loop {
            match node {
                Node::Leaf(v) => return (v, i),
                Node::Branch(es) => {
                    let k = child_index(es, h, i);
                    i -= child_start(es, k);
                    node = &es[k].node;
                    h -= 1;
                }
            }
        }
    }

    /// Collapses branches with one child at the root; drops an empty root.
    fn fix_root(&mut self) {
        while let Some(root) = &self.root {
            match &**root {
                Node::Branch(es) if es.len() == 1 => {
                    let child = Arc::clone(&es[0].node);
                    self.root = Some(child);
                    self.height -= 1;
                }
                node if node.width() == 0 => {
                    self.root = None;
                    self.height = 0;
                }
                _ => break,
            }
        }
    }

    /// Checks the size tables, heights and fill; panics on a violation. Test support.
    pub(super) fn check(&self) {
        fn walk<T>(node: &Node<T>, h: usize, root: bool) -> usize {
            match node {
                Node::Leaf(v) => {
                    assert_eq!(h, 0, "leaf above height 0");
                    assert!(!v.is_empty() && v.len() <= B, "leaf of {} elements", v.len());
                    v.len()
                }
                Node::Branch(es) => {
                    assert!(h > 0, "branch at height 0");
                    assert!(!es.is_empty() && es.len() <= B, "branch of {} children", es.len());
                    assert!(!root || es.len() > 1, "root branch with one child");
                    let mut end = 0;
                    for e in es {
                        let n = walk(&e.node, h - 1, false);
                        assert!(n <= B.pow(h as u32), "child over capacity");
                        end += n;
                        assert_eq!(e.end, end, "size table");
                    }
                    end
                }
            }
        }
        match &self.root {
            None => assert_eq!(self.len, 0),
            Some(root) => assert_eq!(walk(root, self.height, true), self.len),
        }
    }
}

impl<T: Clone> Tree<T> {
    /// Element `i` (`i < len`), unshared along its path first.
    pub(super) fn get_mut(&mut self, mut i: usize) -> &mut T {
        let mut node = make_mut(self.root.as_mut().expect("index within the tree"));
        let mut h = self.height;
        loop {
            match node {
                Node::Leaf(v) => return &mut v[i],
                Node::Branch(es) => {
                    let k = child_index(es, h, i);
                    i -= child_start(es, k);
                    node = make_mut(&mut es[k].node);
                    h -= 1;
                }
            }
        }
    }

    /// Every leaf, left to right and unshared, into `out`.
    pub(super) fn leaves_mut<'a>(&'a mut self, out: &mut Vec<&'a mut [T]>) {
        fn walk<'a, T: Clone>(node: &'a mut Arc<Node<T>>, out: &mut Vec<&'a mut [T]>) {
            match make_mut(node) {
                Node::Leaf(v) => out.push(v),
                Node::Branch(es) => es.iter_mut().for_each(|e| walk(&mut e.node, out)),
            }
        }
        if let Some(root) = &mut self.root {
            walk(root, out);
        }
    }

    /// Every leaf, left to right, moved out (cloned where shared).
    pub(super) fn into_leaves(self, out: &mut Vec<Vec<T>>) {
        fn walk<T: Clone>(node: Arc<Node<T>>, out: &mut Vec<Vec<T>>) {
            match Arc::unwrap_or_clone(node) {
                Node::Leaf(v) => out.push(v),
                Node::Branch(es) => es.into_iter().for_each(|e| walk(e.node, out)),
            }
        }
        if let Some(root) = self.root {
            walk(root, out);
        }
    }

    /// A dense tree over `leaves` (none empty; all but the last full).
    pub(super) fn from_leaves(leaves: Vec<Vec<T>>) -> Tree<T> {
        let len = leaves.iter().map(Vec::len).sum();
        let mut level: Vec<Arc<Node<T>>> = leaves.into_iter().map(leaf).collect();
        if level.is_empty() {
            return Tree::default();
        }
        let mut height = 0;
        while level.len() > 1 {
            let mut up = Vec::with_capacity(level.len().div_ceil(B));
            let mut it = level.into_iter();
            loop {
                let group: Vec<_> = it.by_ref().take(B).collect();
                if group.is_empty() {
                    break;
                }
                up.push(branch(group));
            }
            level = up;
            height += 1;
        }
        Tree { root: level.pop(), height, len }
    }

    /// Appends a leaf of 1 to `B` elements after the last one.
    pub(super) fn push_back_leaf(&mut self, v: Vec<T>) {
        fn rec<T: Clone>(
            node: &mut Arc<Node<T>>,
            new: Arc<Node<T>>,
            n: usize,
        ) -> Option<Arc<Node<T>>> {
            if let Node::Leaf(_) = **node {
                return Some(new);
            }
            let Node::Branch(es) = make_mut(node) else { return Some(new) };
            let count = es.len();
            let last = es.last_mut().expect("branches are never empty");
            match rec(&mut last.node, new, n) {
                None => {
                    last.end += n;
                    None
                }
                Some(sibling) if count < B => {
                    let end = last.end + n;
                    es.push(Entry { end, node: sibling });
                    None
                }
                Some(sibling) => {
                    Some(Arc::new(Node::Branch(vec![Entry { end: n, node: sibling }])))
                }
            }
        }
        let n = v.len();
        debug_assert!(n > 0 && n <= B);
        let new = leaf(v);
        match &mut self.root {
            None => {
                self.root = Some(new);
                self.height = 0;
            }
            Some(root) => {
                if let Some(sibling) = rec(root, new, n) {
                    let old = self.root.take().expect("root present");
                    let es = vec![
                        Entry { end: self.len, node: old },
                        Entry { end: self.len + n, node: sibling },
                    ];
                    self.root = Some(Arc::new(Node::Branch(es)));
                    self.height += 1;
                }
            }
        }
        self.len += n;
    }

    /// Prepends a leaf of 1 to `B` elements before the first one.
    pub(super) fn push_front_leaf(&mut self, v: Vec<T>) {
        fn rec<T: Clone>(
            node: &mut Arc<Node<T>>,
            new: Arc<Node<T>>,
            n: usize,
        ) -> Option<Arc<Node<T>>> {
            if let Node::Leaf(_) = **node {
                return Some(new);
            }
            let Node::Branch(es) = make_mut(node) else { return Some(new) };
            match rec(&mut es[0].node, new, n) {
                None => {
                    es.iter_mut().for_each(|e| e.end += n);
                    None
                }
                Some(sibling) if es.len() < B => {
                    es.iter_mut().for_each(|e| e.end += n);
                    es.insert(0, Entry { end: n, node: sibling });
                    None
                }
                Some(sibling) => {
                    Some(Arc::new(Node::Branch(vec![Entry { end: n, node: sibling }])))
                }
            }
        }
        let n = v.len();
        debug_assert!(n > 0 && n <= B);
        let new = leaf(v);
        match &mut self.root {
            None => {
                self.root = Some(new);
                self.height = 0;
            }
            Some(root) => {
                if let Some(sibling) = rec(root, new, n) {
                    let old = self.root.take().expect("root present");
                    let es = vec![
                        Entry { end: n, node: sibling },
                        Entry { end: n + self.len, node: old },
                    ];
                    self.root = Some(Arc::new(Node::Branch(es)));
                    self.height += 1;
                }
            }
        }
        self.len += n;
    }

    /// Removes and returns the last leaf.
    pub(super) fn pop_back_leaf(&mut self) -> Option<Vec<T>> {
        fn rec<T: Clone>(node: &mut Arc<Node<T>>) -> Vec<T> {
            let Node::Branch(es) = make_mut(node) else {
                unreachable!("pop_back_leaf descends branches only")
            };
            let last = es.last_mut().expect("branches are never empty");
            if let Node::Leaf(_) = *last.node {
                let e = es.pop().expect("branches are never empty");
                return into_leaf_vec(e.node);
            }
            let v = rec(&mut last.node);
            if last.node.width() == 0 {
                es.pop();
            } else {
                last.end -= v.len();
            }
            v
        }
        let root = self.root.as_mut()?;
        let v = if self.height == 0 {
            let root = self.root.take().expect("root present");
            into_leaf_vec(root)
        } else {
            rec(root)
        };
        self.len -= v.len();
        self.fix_root();
        Some(v)
    }

    /// Removes and returns the first leaf.
    pub(super) fn pop_front_leaf(&mut self) -> Option<Vec<T>> {
        fn rec<T: Clone>(node: &mut Arc<Node<T>>) -> Vec<T> {
            let Node::Branch(es) = make_mut(node) else {
                unreachable!("pop_front_leaf descends branches only")
            };
            let v = if let Node::Leaf(_) = *es[0].node {
                into_leaf_vec(es.remove(0).node)
            } else {
                let v = rec(&mut es[0].node);
                if es[0].node.width() == 0 {
                    es.remove(0);
                }
                v
            };
            let n = v.len();
            es.iter_mut().for_each(|e| e.end -= n);
            v
        }
        let root = self.root.as_mut()?;
        let v = if self.height == 0 {
            let root = self.root.take().expect("root present");
            into_leaf_vec(root)
        } else {
            rec(root)
        };
        self.len -= v.len();
        self.fix_root();
        Some(v)
    }

    /// Splits into the first `i` elements and the rest (`0 < i < len`).
    pub(super) fn split(self, i: usize) -> (Tree<T>, Tree<T>) {
        type Halves<T> = (Option<Arc<Node<T>>>, Option<Arc<Node<T>>>);
        fn rec<T: Clone>(node: Arc<Node<T>>, i: usize) -> Halves<T> {
            if i == 0 {
                return (None, Some(node));
            }
            if i >= node.len() {
                return (Some(node), None);
            }
            match Arc::unwrap_or_clone(node) {
                Node::Leaf(mut v) => {
                    let r = v.split_off(i);
                    (Some(leaf(v)), Some(leaf(r)))
                }
                Node::Branch(mut es) => {
                    let k = es.partition_point(|e| e.end <= i);
                    let start = child_start(&es, k);
                    let mut rest = es.split_off(k).into_iter();
                    let mid = rest.next().expect("i is under this branch");
                    let (l, r) = rec(mid.node, i - start);
                    if let Some(l) = l {
                        es.push(Entry { end: i, node: l });
                    }
                    let mut right = Vec::with_capacity(rest.len() + 1);
                    if let Some(r) = r {
                        right.push(Entry { end: mid.end - i, node: r });
                    }
                    right.extend(rest.map(|e| Entry { end: e.end - i, node: e.node }));
                    let wrap =
                        |es: Vec<Entry<T>>| (!es.is_empty()).then(|| Arc::new(Node::Branch(es)));
                    (wrap(es), wrap(right))
                }
            }
        }
        let (height, len) = (self.height, self.len);
        let (l, r) = match self.root {
            Some(root) => rec(root, i),
            None => (None, None),
        };
        let mut left = Tree { root: l, height, len: i.min(len) };
        let mut right = Tree { root: r, height, len: len - i.min(len) };
        left.fix_root();
        right.fix_root();
        (left, right)
    }

    /// `left` followed by `right`, re-packing the nodes along the seam.
    pub(super) fn concat(left: Tree<T>, right: Tree<T>) -> Tree<T> {
        let (l, r) = match (left.root, right.root) {
            (None, r) => return Tree { root: r, ..right },
            (l, None) => return Tree { root: l, ..left },
            (Some(l), Some(r)) => (l, r),
        };
        let height = left.height.max(right.height);
        let mut nodes = concat_nodes(l, left.height, r, right.height);
        let mut tree = if nodes.len() == 1 {
            Tree { root: nodes.pop(), height, len: left.len + right.len }
        } else {
            Tree { root: Some(branch(nodes)), height: height + 1, len: left.len + right.len }
        };
        tree.fix_root();
        tree
    }
}

/// `l` (at height `hl`) followed by `r` (at height `hr`) as one or two nodes at the greater
/// height.
fn concat_nodes<T: Clone>(
    l: Arc<Node<T>>,
    hl: usize,
    r: Arc<Node<T>>,
    hr: usize,
) -> Vec<Arc<Node<T>>> {
    if hl > hr {
        let mut left = into_children(l);
        let last = left.pop().expect("branches are never empty");
        let mid = concat_nodes(last, hl - 1, r, hr);
        repack(left, mid, Vec::new(), hl)
    } else if hl < hr {
        let mut right = into_children(r).into_iter();
        let first = right.next().expect("branches are never empty");
        let mid = concat_nodes(l, hl, first, hr - 1);
        repack(Vec::new(), mid, right.collect(), hr)
    } else if hl == 0 {
        concat_leaves(l, r)
    } else {
        let mut left = into_children(l);
        let last = left.pop().expect("branches are never empty");
        let mut right = into_children(r).into_iter();
        let first = right.next().expect("branches are never empty");
        let mid = concat_nodes(last, hl - 1, first, hl - 1);
        repack(left, mid, right.collect(), hl)
    }
}

/// Two leaves as one (when they fit), as they are (when both are at least half full), or
/// evened out.
fn concat_leaves<T: Clone>(l: Arc<Node<T>>, r: Arc<Node<T>>) -> Vec<Arc<Node<T>>> {
    let (ln, rn) = (l.len(), r.len());
    if ln >= MIN && rn >= MIN {
        return vec![l, r];
    }
    let mut v = into_leaf_vec(l);
    v.extend(into_leaf_vec(r));
    if v.len() <= B {
        vec![leaf(v)]
    } else {
        let back = v.split_off(v.len() / 2);
        vec![leaf(v), leaf(back)]
    }
}

/// The children `left ++ mid ++ right` (at height `h - 1`) as one or two branches at height
/// `h`. A lone `mid` under half full is first concatenated with a neighbour.
fn repack<T: Clone>(
    mut left: Vec<Arc<Node<T>>>,
    mut mid: Vec<Arc<Node<T>>>,
    right: Vec<Arc<Node<T>>>,
    h: usize,
) -> Vec<Arc<Node<T>>> {
    let mut right = right.into_iter();
    if mid.len() == 1 && mid[0].width() < MIN {
        let m = mid.pop().expect("one node");
        if let Some(nb) = left.pop() {
            mid = concat_nodes(nb, h - 1, m, h - 1);
        } else if let Some(nb) = right.next() {
            mid = concat_nodes(m, h - 1, nb, h - 1);
        } else {
            mid.push(m);
        }
    }
    left.extend(mid);
    left.extend(right);
    if left.len() <= B {
        vec![branch(left)]
    } else {
        let back = left.split_off(left.len() / 2);
        vec![branch(left), branch(back)]
    }
}
