//! The trie itself: branch nodes indexed by a 32-bit bitmap, collision nodes for equal hashes.
//!
//! Canonical shape: the node at a hash prefix `P` (below the root) holds exactly the entries
//! whose hash starts with `P`. One entry is stored inline in the parent (a leaf slot), entries
//! that all share one full hash form a [`Node::Collision`], anything else is a
//! [`Node::Branch`]. Inserts and removals restore that shape, so two tries with the same hasher
//! and the same entries have the same shape whatever the order of operations, which lets
//! equality walk both tries in lockstep and skip shared subtrees with `Arc::ptr_eq`.
//!
//! Every mutation goes through `Arc::make_mut`: a node owned by one trie is changed in place
//! (the builders, and repeated in-place updates), a shared one is copied first (path copying
//! for the persistent operations).

use std::borrow::Borrow;
use std::sync::Arc;

/// Bits of the hash consumed per level.
pub(crate) const BITS: u32 = 5;
const MASK: u64 = (1 << BITS) - 1;

/// One key-value pair and its hash.
#[derive(Clone)]
pub(crate) struct Entry<K, V> {
    pub(crate) hash: u64,
    pub(crate) key: K,
    pub(crate) value: V,
}

/// A slot of a branch: an entry stored inline, or a child node.
pub(crate) enum Slot<K, V> {
    Leaf(Entry<K, V>),
    Child(Arc<Node<K, V>>),
}

impl<K: Clone, V: Clone> Clone for Slot<K, V> {
    #[inline]
    fn clone(&self) -> Self {
        match self {
            Slot::Leaf(e) => Slot::Leaf(e.clone()),
            Slot::Child(c) => Slot::Child(Arc::clone(c)),
        }
    }
}

/// A trie node.
pub(crate) enum Node<K, V> {
    /// Up to 32 slots, one per set bit of `bitmap`, in bit order.
    Branch { bitmap: u32, slots: Vec<Slot<K, V>> },
    /// Two or more entries with the same full hash (in insertion order).
    Collision { hash: u64, entries: Vec<Entry<K, V>> },
}

impl<K: Clone, V: Clone> Clone for Node<K, V> {
    /// Copies one node of a path; one spare slot saves a reallocation when the copy is made to
    /// receive an insert (the usual reason for copying).
    fn clone(&self) -> Self {
        match self {
            Node::Branch { bitmap, slots } => {
                let mut copy = Vec::with_capacity((slots.len() + 1).min(32));
                copy.extend(slots.iter().cloned());
                Node::Branch { bitmap: *bitmap, slots: copy }
            }
            Node::Collision { hash, entries } => {
                let mut copy = Vec::with_capacity(entries.len() + 1);
                copy.extend(entries.iter().cloned());
                Node::Collision { hash: *hash, entries: copy }
            }
        }
    }
}

#[inline(always)]
fn bit_at(hash: u64, shift: u32) -> u32 {
    1u32 << ((hash >> shift) & MASK)
}

#[inline(always)]
fn index_of(bitmap: u32, bit: u32) -> usize {
    (bitmap & (bit - 1)).count_ones() as usize
}

impl<K, V> Node<K, V> {
    /// An empty branch (only ever the root).
    pub(crate) fn empty_root() -> Self {
        Node::Branch { bitmap: 0, slots: Vec::new() }
    }

    /// The entry for `key`, looked up from this node (the root: shift 0).
    #[inline]
    pub(crate) fn get<Q>(&self, hash: u64, key: &Q) -> Option<&Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        let mut node = self;
        let mut shift = 0;
        loop {
            match node {
                Node::Branch { bitmap, slots } => {
                    let bit = bit_at(hash, shift);
                    if bitmap & bit == 0 {
                        return None;
                    }
                    match &slots[index_of(*bitmap, bit)] {
                        Slot::Leaf(e) => {
                            return (e.hash == hash && e.key.borrow() == key).then_some(e);
                        }
                        Slot::Child(c) => {
                            node = c;
                            shift += BITS;
                        }
                    }
                }
                Node::Collision { hash: h, entries } => {
                    if *h != hash {
                        return None;
                    }
                    return entries.iter().find(|e| e.key.borrow() == key);
                }
            }
        }
    }

    /// Builds the node for two entries with different keys that meet at `shift`.
    fn pair(a: Entry<K, V>, b: Entry<K, V>, shift: u32) -> Self {
        if a.hash == b.hash {
            return Node::Collision { hash: a.hash, entries: vec![a, b] };
        }
        let (ba, bb) = (bit_at(a.hash, shift), bit_at(b.hash, shift));
        if ba == bb {
            let child = Node::pair(a, b, shift + BITS);
            Node::Branch { bitmap: ba, slots: vec![Slot::Child(Arc::new(child))] }
        } else {
            let slots = if ba < bb {
                vec![Slot::Leaf(a), Slot::Leaf(b)]
            } else {
                vec![Slot::Leaf(b), Slot::Leaf(a)]
            };
            Node::Branch { bitmap: ba | bb, slots }
        }
    }
}

/// What an in-place insert did.
pub(crate) enum Inserted<V> {
    /// A new key.
    New,
    /// The key was there; its old value.
    Replaced(V),
}

impl<K: Eq + Clone, V: Clone> Node<K, V> {
    /// Inserts `entry` below this node (at `shift`), copying shared nodes on the way down.
    pub(crate) fn insert(&mut self, entry: Entry<K, V>, shift: u32) -> Inserted<V> {
        match self {
            Node::Branch { bitmap, slots } => {
                let bit = bit_at(entry.hash, shift);
                let idx = index_of(*bitmap, bit);
                if *bitmap & bit == 0 {
                    slots.insert(idx, Slot::Leaf(entry));
                    *bitmap |= bit;
                    return Inserted::New;
                }
                match &mut slots[idx] {
                    Slot::Leaf(e) if e.hash == entry.hash && e.key == entry.key => {
                        Inserted::Replaced(core::mem::replace(&mut e.value, entry.value))
                    }
                    Slot::Leaf(_) => {
                        // Push the resident entry down next to the new one. Moving it out
                        // through remove/insert avoids cloning the key.
                        let Slot::Leaf(old) = slots.remove(idx) else { unreachable!() };
                        let child = Node::pair(old, entry, shift + BITS);
                        slots.insert(idx, Slot::Child(Arc::new(child)));
                        Inserted::New
                    }
                    Slot::Child(child) => {
                        if let Node::Collision { hash, .. } = &**child {
                            if *hash != entry.hash {
                                // A different hash reaches a collision node: put a branch
                                // above it and insert there.
                                let wrap = Node::Branch {
                                    bitmap: bit_at(*hash, shift + BITS),
                                    slots: vec![Slot::Child(Arc::clone(child))],
                                };
                                *child = Arc::new(wrap);
                            }
                        }
                        Arc::make_mut(child).insert(entry, shift + BITS)
                    }
                }
            }
            Node::Collision { entries, .. } => {
                // Only reached with an equal hash (see the branch case above).
                match entries.iter_mut().find(|e| e.key == entry.key) {
                    Some(e) => Inserted::Replaced(core::mem::replace(&mut e.value, entry.value)),
                    None => {
                        entries.push(entry);
                        Inserted::New
                    }
                }
            }
        }
    }

    /// Removes `key` (known to be present) below this node, restoring the canonical shape.
    pub(crate) fn remove<Q>(&mut self, hash: u64, key: &Q, shift: u32) -> Option<Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        match self {
            Node::Branch { bitmap, slots } => {
                let bit = bit_at(hash, shift);
                if *bitmap & bit == 0 {
                    return None;
                }
                let idx = index_of(*bitmap, bit);
                match &mut slots[idx] {
                    Slot::Leaf(e) => {
                        if e.hash != hash || e.key.borrow() != key {
                            return None;
                        }
                        *bitmap &= !bit;
                        let Slot::Leaf(e) = slots.remove(idx) else { unreachable!() };
                        Some(e)
                    }
                    Slot::Child(child) => {
                        let c = Arc::make_mut(child);
                        let removed = c.remove(hash, key, shift + BITS)?;
                        if let Some(slot) = c.take_if_collapsible() {
                            slots[idx] = slot;
                        }
                        Some(removed)
                    }
                }
            }
            Node::Collision { entries, .. } => {
                let i = entries.iter().position(|e| e.key.borrow() == key)?;
                Some(entries.swap_remove(i))
            }
        }
    }

    /// After a removal below it, a non-root node that no longer deserves to exist: one entry
    /// (inlined into the parent) or a branch whose only slot is a collision node (moved up).
    fn take_if_collapsible(&mut self) -> Option<Slot<K, V>> {
        match self {
            Node::Branch { slots, .. } if slots.len() == 1 => match &slots[0] {
                Slot::Leaf(_) => slots.pop(),
                Slot::Child(c) if matches!(**c, Node::Collision { .. }) => slots.pop(),
                Slot::Child(_) => None,
            },
            Node::Collision { entries, .. } if entries.len() == 1 => entries.pop().map(Slot::Leaf),
            _ => None,
        }
    }
}

impl<K: Eq, V> Node<K, V> {
    /// Lockstep comparison of two canonical tries built with the same hasher. `values`
    /// compares the values of entries with equal keys. Shared subtrees are skipped.
    pub(crate) fn same_as<V2, F>(&self, other: &Node<K, V2>, values: &F) -> bool
    where
        F: Fn(&V, &V2) -> bool,
    {
        match (self, other) {
            (Node::Branch { bitmap: a, slots: sa }, Node::Branch { bitmap: b, slots: sb }) => {
                a == b
                    && sa.iter().zip(sb).all(|pair| match pair {
                        (Slot::Leaf(x), Slot::Leaf(y)) => {
                            x.hash == y.hash && x.key == y.key && values(&x.value, &y.value)
                        }
                        (Slot::Child(x), Slot::Child(y)) => {
                            ptr_eq_nodes(x, y) || x.same_as(y, values)
                        }
                        _ => false,
                    })
            }
            (
                Node::Collision { hash: a, entries: ea },
                Node::Collision { hash: b, entries: eb },
            ) => {
                // Keys are unique on both sides, so equal lengths and inclusion mean equality.
                a == b
                    && ea.len() == eb.len()
                    && ea
                        .iter()
                        .all(|x| eb.iter().any(|y| x.key == y.key && values(&x.value, &y.value)))
            }
            _ => false,
        }
    }
}

/// `Arc::ptr_eq` across value types (a map against a set view never shares, but a map
/// against itself does).
#[inline(always)]
fn ptr_eq_nodes<K, V, V2>(a: &Arc<Node<K, V>>, b: &Arc<Node<K, V2>>) -> bool {
    core::ptr::eq(Arc::as_ptr(a).cast::<u8>(), Arc::as_ptr(b).cast::<u8>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(hash: u64, key: u32) -> Entry<u32, ()> {
        Entry { hash, key, value: () }
    }

    fn shape(n: &Node<u32, ()>) -> String {
        match n {
            Node::Branch { bitmap, slots } => {
                let inner: Vec<_> = slots
                    .iter()
                    .map(|s| match s {
                        Slot::Leaf(e) => format!("{}", e.key),
                        Slot::Child(c) => shape(c),
                    })
                    .collect();
                format!("B{bitmap:x}[{}]", inner.join(","))
            }
            Node::Collision { entries, .. } => {
                let mut keys: Vec<_> = entries.iter().map(|e| e.key).collect();
                keys.sort_unstable();
                format!("C{keys:?}")
            }
        }
    }

    #[test]
    fn shape_is_canonical_after_removals() {
        let mut root = Node::empty_root();
        // 1 and 2 share the first level chunk (0), 3 has the full hash of 2.
        for (h, k) in [(0x20, 1), (0x40, 2), (0x40, 3), (0x1, 4)] {
            assert!(matches!(root.insert(e(h, k), 0), Inserted::New));
        }
        assert_eq!(shape(&root), "B3[B6[1,C[2, 3]],4]");
        assert!(root.remove(0x20, &1, 0).is_some());
        assert_eq!(shape(&root), "B3[C[2, 3],4]");
        assert!(root.remove(0x40, &2, 0).is_some());
        assert_eq!(shape(&root), "B3[3,4]");
        let mut fresh = Node::empty_root();
        for (h, k) in [(0x1, 4), (0x40, 3)] {
            fresh.insert(e(h, k), 0);
        }
        assert!(root.same_as(&fresh, &|_, _| true));
    }
}
