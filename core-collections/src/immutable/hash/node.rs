//! The trie itself: nodes are one shared slice of slots, indexed by a 32-bit bitmap that the
//! parent keeps beside the pointer.
//!
//! A node is an `Arc<[Slot]>`: the slots live in the same allocation as the reference counts,
//! and the node's bitmap is stored in the parent's [`Slot::Child`] (in [`Node`] for the root),
//! so a lookup makes one dependent load per level. A branch keeps its `popcount(bitmap)` live
//! slots first, in bit order, then possibly some [`Slot::Empty`] spare room: a node owned by
//! one trie (a builder, repeated in-place updates) grows in place like a `Vec`, while a shared
//! node is copied to exactly the size it needs (path copying).
//!
//! A child with bitmap 0 is a collision node: two or more entries with the same full hash, as
//! leaves, with no spare room (in insertion order).
//!
//! Canonical shape: the node at a hash prefix `P` (below the root) holds exactly the entries
//! whose hash starts with `P`. One entry is stored inline in the parent (a leaf slot), entries
//! that all share one full hash form a collision node, anything else is a branch. Inserts and
//! removals restore that shape, so two tries with the same hasher and the same entries have the
//! same shape whatever the order of operations, which lets equality walk both tries in lockstep
//! and skip shared subtrees by pointer.

use std::borrow::Borrow;
use std::sync::Arc;

/// Bits of the hash consumed per level.
pub(crate) const BITS: u32 = 5;
const MASK: u64 = (1 << BITS) - 1;
/// The most slots a branch has.
const WIDTH: usize = 1 << BITS;

/// One key-value pair and its hash.
#[derive(Clone)]
pub(crate) struct Entry<K, V> {
    pub(crate) hash: u64,
    pub(crate) key: K,
    pub(crate) value: V,
}

/// A node: its slots, in one shared allocation.
type Slots<K, V> = Arc<[Slot<K, V>]>;

/// A slot of a node.
pub(crate) enum Slot<K, V> {
    /// An entry stored inline.
    Leaf(Entry<K, V>),
    /// A child node: its bitmap (0 for a collision node) and its slots.
    Child(u32, Arc<[Slot<K, V>]>),
    /// Spare room after a branch's live slots.
    Empty,
}

impl<K: Clone, V: Clone> Clone for Slot<K, V> {
    #[inline]
    fn clone(&self) -> Self {
        match self {
            Slot::Leaf(e) => Slot::Leaf(e.clone()),
            Slot::Child(b, c) => Slot::Child(*b, Arc::clone(c)),
            Slot::Empty => Slot::Empty,
        }
    }
}

/// The root of a non-empty trie: always a branch (never collapsed, never a collision node).
pub(crate) struct Node<K, V> {
    pub(crate) bitmap: u32,
    pub(crate) slots: Arc<[Slot<K, V>]>,
}

impl<K, V> Clone for Node<K, V> {
    /// O(1): shares the slots.
    #[inline]
    fn clone(&self) -> Self {
        Node { bitmap: self.bitmap, slots: Arc::clone(&self.slots) }
    }
}

#[inline(always)]
fn bit_at(hash: u64, shift: u32) -> u32 {
    // `wrapping_shr`: a collision node may sit below shift 60; its bitmap (0) rejects any bit.
    1u32 << (hash.wrapping_shr(shift) & MASK)
}

#[inline(always)]
fn index_of(bitmap: u32, bit: u32) -> usize {
    (bitmap & (bit - 1)).count_ones() as usize
}

/// The number of live slots of a node with this bitmap and these slots.
#[inline(always)]
pub(crate) fn live<K, V>(bitmap: u32, slots: &[Slot<K, V>]) -> usize {
    if bitmap == 0 {
        slots.len()
    } else {
        bitmap.count_ones() as usize
    }
}

/// The entry for `key` among the leaves of a collision node.
#[cold]
#[inline(never)]
fn collision_get<'a, K, V, Q>(
    slots: &'a [Slot<K, V>],
    hash: u64,
    key: &Q,
) -> Option<&'a Entry<K, V>>
where
    K: Borrow<Q>,
    Q: Eq + ?Sized,
{
    slots.iter().find_map(|s| match s {
        Slot::Leaf(e) if e.hash == hash && e.key.borrow() == key => Some(e),
        _ => None,
    })
}

impl<K, V> Node<K, V> {
    /// A root holding one entry.
    pub(crate) fn single(entry: Entry<K, V>) -> Self {
        Node { bitmap: bit_at(entry.hash, 0), slots: Arc::from([Slot::Leaf(entry)]) }
    }

    /// The live slots of the root.
    #[inline]
    pub(crate) fn live_slots(&self) -> &[Slot<K, V>] {
        &self.slots[..live(self.bitmap, &self.slots)]
    }

    /// The entry for `key`.
    ///
    /// On x86-64 CPUs with `popcnt` (compiled for the baseline, which lacks it) the slot index
    /// of every level is one `popcnt` instruction (inline assembly, so the whole lookup still
    /// inlines into the caller); the portable bit-twiddling count is most of a level's latency.
    /// The feature test is one load of a cached flag and a perfectly predicted branch.
    #[inline(always)]
    pub(crate) fn get<Q>(&self, hash: u64, key: &Q) -> Option<&Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `popcnt` was just detected.
            return self.lookup(hash, key, |x| unsafe { popcnt_asm(x) });
        }
        self.lookup(hash, key, u32::count_ones)
    }

    /// The lookup loop: one dependent load per level; `count` is a population count.
    #[inline(always)]
    fn lookup<Q>(&self, hash: u64, key: &Q, count: impl Fn(u32) -> u32) -> Option<&Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        let mut bitmap = self.bitmap;
        let mut slots: &[Slot<K, V>] = &self.slots;
        let mut shift = 0;
        if bitmap == u32::MAX {
            // A full root (any trie of a few hundred entries or more): the slot index is the
            // hash chunk itself, so the first load does not wait for a population count.
            match slots.get((hash & MASK) as usize) {
                Some(Slot::Leaf(e)) => {
                    return (e.hash == hash && e.key.borrow() == key).then_some(e);
                }
                Some(Slot::Child(b, s)) => {
                    bitmap = *b;
                    slots = s;
                    shift = BITS;
                }
                _ => return None,
            }
        }
        loop {
            let bit = bit_at(hash, shift);
            if bitmap & bit == 0 {
                return if bitmap == 0 { collision_get(slots, hash, key) } else { None };
            }
            match slots.get(count(bitmap & (bit - 1)) as usize) {
                Some(Slot::Leaf(e)) => {
                    return (e.hash == hash && e.key.borrow() == key).then_some(e);
                }
                Some(Slot::Child(b, s)) => {
                    bitmap = *b;
                    slots = s;
                    shift += BITS;
                }
                _ => return None,
            }
        }
    }
}

/// The population count of `x` by the `popcnt` instruction.
///
/// # Safety
/// The CPU must support `popcnt`.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[inline(always)]
unsafe fn popcnt_asm(x: u32) -> u32 {
    let n: u32;
    // SAFETY: the caller guarantees `popcnt`; the instruction reads and writes registers only
    // (and the flags, which `asm!` assumes clobbered unless told otherwise).
    unsafe {
        std::arch::asm!("popcnt {n:e}, {x:e}", x = in(reg) x, n = lateout(reg) n,
            options(pure, nomem, nostack));
    }
    n
}

/// Builds the slot for two entries with different keys that meet at `shift`.
fn pair<K, V>(a: Entry<K, V>, b: Entry<K, V>, shift: u32) -> Slot<K, V> {
    if a.hash == b.hash {
        return Slot::Child(0, Arc::from([Slot::Leaf(a), Slot::Leaf(b)]));
    }
    let (ba, bb) = (bit_at(a.hash, shift), bit_at(b.hash, shift));
    if ba == bb {
        Slot::Child(ba, Arc::from([pair(a, b, shift + BITS)]))
    } else {
        let slots =
            if ba < bb { [Slot::Leaf(a), Slot::Leaf(b)] } else { [Slot::Leaf(b), Slot::Leaf(a)] };
        Slot::Child(ba | bb, Arc::from(slots))
    }
}

/// The capacity of a node that must hold `need` slots: exact for a copy of a shared node (path
/// copying) or a collision node, doubling (up to the branch width) for a node owned alone.
#[inline]
fn capacity(need: usize, owned: bool, collision: bool) -> usize {
    if owned && !collision {
        need.next_power_of_two().clamp(2, WIDTH)
    } else {
        need
    }
}

/// The slots of a node, owned by this trie alone with room for `need` slots: a node owned alone
/// with room already is returned as is; otherwise its `live` slots are moved (owned) or cloned
/// (shared) into a new allocation.
fn reserve<K: Clone, V: Clone>(
    slots: &mut Arc<[Slot<K, V>]>,
    live: usize,
    need: usize,
    collision: bool,
) -> &mut [Slot<K, V>] {
    // No `Weak` is ever made, so a strong count of 1 through `&mut` means owned alone (and
    // `get_mut` below agrees); reading the count is cheaper than asking `get_mut` twice.
    let owned = Arc::strong_count(slots) == 1;
    if !owned || slots.len() < need {
        let cap = capacity(need, owned, collision);
        let grown: Arc<[Slot<K, V>]> = match owned.then(|| Arc::get_mut(slots)).flatten() {
            Some(s) => {
                (0..cap).map(|i| if i < live { take(&mut s[i]) } else { Slot::Empty }).collect()
            }
            None => {
                (0..cap).map(|i| if i < live { slots[i].clone() } else { Slot::Empty }).collect()
            }
        };
        *slots = grown;
    }
    Arc::get_mut(slots).unwrap_or_else(|| unreachable!("the slots were just made unique"))
}

#[inline(always)]
fn take<K, V>(slot: &mut Slot<K, V>) -> Slot<K, V> {
    core::mem::replace(slot, Slot::Empty)
}

/// What an in-place insert did.
pub(crate) enum Inserted<V> {
    /// A new key.
    New,
    /// The key was there; its old value.
    Replaced(V),
}

impl<K: Eq + Clone, V: Clone> Node<K, V> {
    /// Inserts `entry`, copying shared nodes on the way down.
    pub(crate) fn insert(&mut self, entry: Entry<K, V>) -> Inserted<V> {
        insert_branch(&mut self.bitmap, &mut self.slots, entry, 0)
    }

    /// Removes `key`, restoring the canonical shape. The root is never collapsed; it may be
    /// left with no slot (bitmap 0), which the caller drops.
    pub(crate) fn remove<Q>(&mut self, hash: u64, key: &Q) -> Option<Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        remove_branch(&mut self.bitmap, &mut self.slots, hash, key, 0)
    }
}

/// Inserts `entry` into the branch (`bitmap` ≠ 0) at `shift`.
fn insert_branch<K: Eq + Clone, V: Clone>(
    bitmap: &mut u32,
    slots: &mut Arc<[Slot<K, V>]>,
    entry: Entry<K, V>,
    shift: u32,
) -> Inserted<V> {
    let bit = bit_at(entry.hash, shift);
    let idx = index_of(*bitmap, bit);
    let n = bitmap.count_ones() as usize;
    if *bitmap & bit == 0 {
        let s = reserve(slots, n, n + 1, false);
        // s[n] is spare room: rotate it to `idx`.
        s[idx..=n].rotate_right(1);
        s[idx] = Slot::Leaf(entry);
        *bitmap |= bit;
        return Inserted::New;
    }
    let s = reserve(slots, n, n, false);
    let slot = &mut s[idx];
    match slot {
        Slot::Leaf(e) if e.hash == entry.hash && e.key == entry.key => {
            Inserted::Replaced(core::mem::replace(&mut e.value, entry.value))
        }
        Slot::Leaf(_) => {
            // Push the resident entry down next to the new one (moved, not cloned).
            let Slot::Leaf(old) = take(slot) else { unreachable!() };
            *slot = pair(old, entry, shift + BITS);
            Inserted::New
        }
        Slot::Child(0, c) => {
            let chash = match c.first() {
                Some(Slot::Leaf(e)) => e.hash,
                _ => unreachable!("a collision node holds leaves"),
            };
            if chash == entry.hash {
                return insert_collision(c, entry);
            }
            // A different hash reaches a collision node: put a branch above it and insert
            // there.
            let coll = take(slot);
            let mut b = bit_at(chash, shift + BITS);
            let mut wrap: Arc<[Slot<K, V>]> = Arc::from([coll, Slot::Empty]);
            let r = insert_branch(&mut b, &mut wrap, entry, shift + BITS);
            *slot = Slot::Child(b, wrap);
            r
        }
        Slot::Child(b, c) => insert_branch(b, c, entry, shift + BITS),
        Slot::Empty => unreachable!("live slots are not empty"),
    }
}

/// Inserts `entry` (with the collision node's hash) into a collision node.
fn insert_collision<K: Eq + Clone, V: Clone>(
    slots: &mut Arc<[Slot<K, V>]>,
    entry: Entry<K, V>,
) -> Inserted<V> {
    let n = slots.len();
    let found = slots.iter().position(|s| matches!(s, Slot::Leaf(e) if e.key == entry.key));
    match found {
        Some(i) => {
            let s = reserve(slots, n, n, true);
            let Slot::Leaf(e) = &mut s[i] else { unreachable!() };
            Inserted::Replaced(core::mem::replace(&mut e.value, entry.value))
        }
        None => {
            let s = reserve(slots, n, n + 1, true);
            s[n] = Slot::Leaf(entry);
            Inserted::New
        }
    }
}

/// Removes `key` from the branch (`bitmap` ≠ 0) at `shift`.
fn remove_branch<K, V, Q>(
    bitmap: &mut u32,
    slots: &mut Arc<[Slot<K, V>]>,
    hash: u64,
    key: &Q,
    shift: u32,
) -> Option<Entry<K, V>>
where
    K: Eq + Clone + Borrow<Q>,
    V: Clone,
    Q: Eq + ?Sized,
{
    let bit = bit_at(hash, shift);
    if *bitmap & bit == 0 {
        return None;
    }
    let idx = index_of(*bitmap, bit);
    let n = bitmap.count_ones() as usize;
    match &slots[idx] {
        Slot::Leaf(e) => {
            if e.hash != hash || e.key.borrow() != key {
                return None;
            }
            let s = reserve(slots, n, n, false);
            let Slot::Leaf(removed) = take(&mut s[idx]) else { unreachable!() };
            s[idx..n].rotate_left(1);
            *bitmap &= !bit;
            Some(removed)
        }
        Slot::Child(0, c) => {
            let i = c.iter().position(|s| matches!(s, Slot::Leaf(e) if e.key.borrow() == key))?;
            let s = reserve(slots, n, n, false);
            let Slot::Child(_, c) = &mut s[idx] else { unreachable!() };
            let m = c.len();
            let removed;
            if m == 2 {
                // One entry left: inline it in this branch.
                let cs = reserve(c, m, m, true);
                let Slot::Leaf(e) = take(&mut cs[i]) else { unreachable!() };
                removed = e;
                s[idx] = take(&mut cs[1 - i]);
            } else {
                let old = Arc::get_mut(c);
                let (e, rest): (Entry<K, V>, Slots<K, V>) = match old {
                    Some(cs) => {
                        let Slot::Leaf(e) = take(&mut cs[i]) else { unreachable!() };
                        (
                            e,
                            cs.iter_mut()
                                .filter(|s| matches!(s, Slot::Leaf(_)))
                                .map(take)
                                .collect(),
                        )
                    }
                    None => {
                        let Slot::Leaf(e) = c[i].clone() else { unreachable!() };
                        let rest =
                            c.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, s)| s.clone());
                        (e, rest.collect())
                    }
                };
                removed = e;
                *c = rest;
            }
            Some(removed)
        }
        Slot::Child(..) => {
            let s = reserve(slots, n, n, false);
            let slot = &mut s[idx];
            let Slot::Child(b, c) = slot else { unreachable!() };
            let removed = remove_branch(b, c, hash, key, shift + BITS)?;
            // A branch left with one slot that is a leaf or a collision node moves it up.
            if b.count_ones() == 1 && matches!(c[0], Slot::Leaf(_) | Slot::Child(0, _)) {
                let cs = reserve(c, 1, 1, false);
                *slot = take(&mut cs[0]);
            }
            Some(removed)
        }
        Slot::Empty => None,
    }
}

impl<K: Eq, V> Node<K, V> {
    /// Lockstep comparison of two canonical tries built with the same hasher. `values`
    /// compares the values of entries with equal keys. Shared subtrees are skipped.
    pub(crate) fn same_as<V2, F>(&self, other: &Node<K, V2>, values: &F) -> bool
    where
        F: Fn(&V, &V2) -> bool,
    {
        same_nodes(self.bitmap, &self.slots, other.bitmap, &other.slots, values)
    }
}

fn same_nodes<K: Eq, V, V2, F>(
    a: u32,
    sa: &[Slot<K, V>],
    b: u32,
    sb: &[Slot<K, V2>],
    values: &F,
) -> bool
where
    F: Fn(&V, &V2) -> bool,
{
    if a != b {
        return false;
    }
    if a == 0 {
        // Collision nodes: keys are unique on both sides, so equal lengths and inclusion mean
        // equality.
        return sa.len() == sb.len()
            && sa.iter().all(|x| {
                let Slot::Leaf(x) = x else { return false };
                sb.iter().any(
                    |y| matches!(y, Slot::Leaf(y) if x.key == y.key && values(&x.value, &y.value)),
                )
            });
    }
    let n = a.count_ones() as usize;
    sa[..n].iter().zip(&sb[..n]).all(|pair| match pair {
        (Slot::Leaf(x), Slot::Leaf(y)) => {
            x.hash == y.hash && x.key == y.key && values(&x.value, &y.value)
        }
        (Slot::Child(ba, x), Slot::Child(bb, y)) => {
            (ba == bb && ptr_eq_slots(x, y)) || same_nodes(*ba, x, *bb, y, values)
        }
        _ => false,
    })
}

/// Whether two nodes are one allocation, across value types (a map against a set view never
/// shares, but a map against itself does).
#[inline(always)]
pub(crate) fn ptr_eq_slots<K, V, V2>(a: &[Slot<K, V>], b: &[Slot<K, V2>]) -> bool {
    core::ptr::eq(a.as_ptr().cast::<u8>(), b.as_ptr().cast::<u8>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(hash: u64, key: u32) -> Entry<u32, ()> {
        Entry { hash, key, value: () }
    }

    fn shape_of(bitmap: u32, slots: &[Slot<u32, ()>]) -> String {
        if bitmap == 0 {
            let mut keys: Vec<_> = slots
                .iter()
                .map(|s| match s {
                    Slot::Leaf(e) => e.key,
                    _ => panic!("a collision node holds leaves"),
                })
                .collect();
            keys.sort_unstable();
            return format!("C{keys:?}");
        }
        let inner: Vec<_> = slots[..bitmap.count_ones() as usize]
            .iter()
            .map(|s| match s {
                Slot::Leaf(e) => format!("{}", e.key),
                Slot::Child(b, c) => shape_of(*b, c),
                Slot::Empty => panic!("an empty live slot"),
            })
            .collect();
        format!("B{bitmap:x}[{}]", inner.join(","))
    }

    fn shape(n: &Node<u32, ()>) -> String {
        shape_of(n.bitmap, &n.slots)
    }

    #[test]
    fn shape_is_canonical_after_removals() {
        // 1 and 2 share the first level chunk (0), 3 has the full hash of 2.
        let mut root = Node::single(e(0x20, 1));
        for (h, k) in [(0x40, 2), (0x40, 3), (0x1, 4)] {
            assert!(matches!(root.insert(e(h, k)), Inserted::New));
        }
        assert_eq!(shape(&root), "B3[B6[1,C[2, 3]],4]");
        assert!(root.remove(0x20, &1).is_some());
        assert_eq!(shape(&root), "B3[C[2, 3],4]");
        assert!(root.remove(0x40, &2).is_some());
        assert_eq!(shape(&root), "B3[3,4]");
        let mut fresh = Node::single(e(0x1, 4));
        fresh.insert(e(0x40, 3));
        assert!(root.same_as(&fresh, &|_, _| true));
    }

    #[test]
    fn collision_node_grows_and_a_new_hash_wraps_it() {
        let mut root = Node::single(e(0x40, 1));
        for k in 2..6 {
            assert!(matches!(root.insert(e(0x40, k)), Inserted::New));
        }
        assert_eq!(shape(&root), "B1[C[1, 2, 3, 4, 5]]");
        // Same first chunk, different second chunk: a branch above the collision node.
        root.insert(e(0x60, 9));
        assert_eq!(shape(&root), "B1[Bc[C[1, 2, 3, 4, 5],9]]");
        let shared = root.clone();
        for k in 1..5 {
            assert!(root.remove(0x40, &k).is_some());
        }
        assert_eq!(shape(&root), "B1[Bc[5,9]]");
        assert_eq!(shape(&shared), "B1[Bc[C[1, 2, 3, 4, 5],9]]");
        assert!(root.remove(0x60, &9).is_some());
        assert_eq!(shape(&root), "B1[5]");
    }
}
