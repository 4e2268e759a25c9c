//! The trie itself: nodes are one shared slice of slots, indexed by a 32-bit bitmap that the
//! parent keeps beside the pointer.
//!
//! A node is an `Arc<[Slot]>`, held as a [`Shared`] (the address of its data, not of its
//! counts): the slots live in the same allocation as the reference counts, and the node's
//! bitmap is stored in the parent's [`Slot::Child`] (in [`Node`] for the root), so a lookup
//! makes one dependent load per level and no arithmetic between them beyond the index. A
//! branch keeps its `popcount(bitmap)` live slots first, in bit order, then possibly some
//! [`Slot::Empty`] spare room: a node owned by one trie (a builder, repeated in-place updates)
//! grows in place like a `Vec`, while a shared node is copied to exactly the size it needs
//! (path copying).
//!
//! A child with bitmap 0 is a collision node: two or more entries with the same full hash, as
//! leaves, with no spare room (in insertion order).
//!
//! A branch with [`DENSE`] or more live slots is dense instead: exactly [`WIDTH`] slots, the one
//! for hash chunk `c` at index `c` and [`Slot::Empty`] where no entry's hash has chunk `c`, and
//! its stored bitmap is `u32::MAX` whatever its entries (the slots say which chunks are live).
//! A lookup then reads the slot at the chunk itself: no population count between the parent's
//! load and the child's, and an absent key is an empty slot. Whether a branch is dense depends
//! on its entries only, so the shape stays canonical (a full branch is the same either way).
//!
//! Canonical shape: the node at a hash prefix `P` (below the root) holds exactly the entries
//! whose hash starts with `P`. One entry is stored inline in the parent (a leaf slot), entries
//! that all share one full hash form a collision node, anything else is a branch. Inserts and
//! removals restore that shape, so two tries with the same hasher and the same entries have the
//! same shape whatever the order of operations, which lets equality walk both tries in lockstep
//! and skip shared subtrees by pointer.

use std::borrow::Borrow;
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::Arc;

/// Bits of the hash consumed per level.
pub(crate) const BITS: u32 = 5;
const MASK: u64 = (1 << BITS) - 1;
/// The most slots a branch has.
const WIDTH: usize = 1 << BITS;
/// A branch with at least this many live slots is dense (indexed by the hash chunk itself).
/// A compact branch so has at most `DENSE - 1` live slots and a capacity of at most `DENSE`.
const DENSE: u32 = 16;

/// One key-value pair and its hash.
#[derive(Clone)]
pub(crate) struct Entry<K, V> {
    pub(crate) hash: u64,
    pub(crate) key: K,
    pub(crate) value: V,
}

/// A node: its slots, in one shared allocation.
pub(crate) type Slots<K, V> = Shared<Slot<K, V>>;

/// An `Arc<[T]>` kept as the address of its data (where `Arc::into_raw` points) rather than of
/// its counts: reading the slots through it adds no offset, so a lookup goes from one node's
/// load to the next with no arithmetic beyond the index. No `Weak` is ever made from it.
pub(crate) struct Shared<T> {
    data: NonNull<[T]>,
    _arc: PhantomData<Arc<[T]>>,
}

// SAFETY: a `Shared<T>` is an `Arc<[T]>` in another form, sent and shared on the same terms.
unsafe impl<T: Send + Sync> Send for Shared<T> {}
// SAFETY: as for `Send`.
unsafe impl<T: Send + Sync> Sync for Shared<T> {}

impl<T> Shared<T> {
    #[inline]
    fn from_arc(arc: Arc<[T]>) -> Self {
        let raw = Arc::into_raw(arc).cast_mut();
        // SAFETY: `Arc::into_raw` never returns null.
        Shared { data: unsafe { NonNull::new_unchecked(raw) }, _arc: PhantomData }
    }

    /// The `Arc` this stands for, lent (dropping it changes no count).
    #[inline]
    fn arc(&self) -> ManuallyDrop<Arc<[T]>> {
        // SAFETY: `data` came from `Arc::into_raw` and this holds one of its counts, so the
        // allocation is alive; the `ManuallyDrop` keeps that count with `self`.
        ManuallyDrop::new(unsafe { Arc::from_raw(self.data.as_ptr()) })
    }

    /// The number of `Shared` handles to this allocation.
    #[inline]
    pub(crate) fn strong_count(this: &Self) -> usize {
        Arc::strong_count(&this.arc())
    }

    /// The slots, mutably, when this is the only handle to them.
    #[inline]
    pub(crate) fn get_mut(this: &mut Self) -> Option<&mut [T]> {
        let mut arc = this.arc();
        Arc::get_mut(&mut arc)?;
        // SAFETY: `Arc::get_mut` found this the only handle (with the ordering it needs against
        // handles dropped on other threads), and `&mut self` keeps it so while the borrow lives.
        Some(unsafe { this.data.as_mut() })
    }
}

impl<T> Deref for Shared<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: the allocation is alive while this handle is, and shared access is what an
        // `Arc` gives.
        unsafe { self.data.as_ref() }
    }
}

impl<T> Clone for Shared<T> {
    /// O(1): one more count.
    #[inline]
    fn clone(&self) -> Self {
        Shared::from_arc(Arc::clone(&self.arc()))
    }
}

impl<T> Drop for Shared<T> {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: this handle owns one count of the `Arc` its pointer came from, given back here
        // once.
        drop(unsafe { Arc::from_raw(self.data.as_ptr()) });
    }
}

impl<T, const N: usize> From<[T; N]> for Shared<T> {
    #[inline]
    fn from(items: [T; N]) -> Self {
        Shared::from_arc(Arc::from(items))
    }
}

impl<T> FromIterator<T> for Shared<T> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Shared::from_arc(iter.into_iter().collect())
    }
}

/// A slot of a node.
pub(crate) enum Slot<K, V> {
    /// An entry stored inline.
    Leaf(Entry<K, V>),
    /// A child node: its bitmap (0 for a collision node, `u32::MAX` for a dense branch) and
    /// its slots.
    Child(u32, Slots<K, V>),
    /// Spare room after a branch's live slots.
    Empty,
}

impl<K: Clone, V: Clone> Clone for Slot<K, V> {
    #[inline]
    fn clone(&self) -> Self {
        match self {
            Slot::Leaf(e) => Slot::Leaf(e.clone()),
            Slot::Child(b, c) => Slot::Child(*b, c.clone()),
            Slot::Empty => Slot::Empty,
        }
    }
}

/// The root of a non-empty trie: always a branch (never collapsed, never a collision node).
pub(crate) struct Node<K, V> {
    pub(crate) bitmap: u32,
    /// How this CPU counts the slots below a chunk (asked once per trie, when its root is
    /// made): a field of the root, so a caller that looks up many keys tests it once, in a
    /// register.
    #[cfg_attr(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))), allow(dead_code))]
    counter: Counter,
    pub(crate) slots: Slots<K, V>,
}

impl<K, V> Clone for Node<K, V> {
    /// O(1): shares the slots.
    #[inline]
    fn clone(&self) -> Self {
        Node { bitmap: self.bitmap, counter: self.counter, slots: self.slots.clone() }
    }
}

#[inline(always)]
fn bit_at(hash: u64, shift: u32) -> u32 {
    // `wrapping_shr`: a collision node may sit below shift 60; its bitmap (0) rejects any bit.
    1u32 << (hash.wrapping_shr(shift) & MASK)
}

#[inline(always)]
fn chunk_at(hash: u64, shift: u32) -> usize {
    (hash.wrapping_shr(shift) & MASK) as usize
}

#[inline(always)]
fn index_of(bitmap: u32, bit: u32) -> usize {
    (bitmap & (bit - 1)).count_ones() as usize
}

/// The stored bitmap of a dense branch.
const DENSE_MARK: u32 = u32::MAX;

/// The chunks of a dense branch's live slots: its bitmap as a compact branch would store it.
fn occupied<K, V>(slots: &[Slot<K, V>]) -> u32 {
    let mut m = 0;
    for (c, s) in slots.iter().enumerate() {
        if !matches!(s, Slot::Empty) {
            m |= 1 << c;
        }
    }
    m
}

/// The number of slots to visit in a node with this bitmap and these slots: a collision node's
/// leaves, a compact branch's live slots, or all the slots of a dense branch (empty ones
/// included).
#[inline(always)]
pub(crate) fn live<K, V>(bitmap: u32, slots: &[Slot<K, V>]) -> usize {
    // Bitmap 0 (collision node) or `DENSE_MARK`: one compare.
    if bitmap.wrapping_add(1) <= 1 {
        slots.len()
    } else {
        bitmap.count_ones() as usize
    }
}

/// Whether `e` is the entry for `key` (with hash `hash`). The stored hash is compared first to
/// skip costly key comparisons, except for small keys that own nothing (integers, small tuples,
/// borrowed strings): comparing those directly takes fewer instructions than both compares.
#[inline(always)]
fn holds<K, V, Q>(e: &Entry<K, V>, hash: u64, key: &Q) -> bool
where
    K: Borrow<Q>,
    Q: Eq + ?Sized,
{
    (cheap::<K>() || e.hash == hash) && e.key.borrow() == key
}

/// Whether keys of type `K` are compared without their stored hash first (see [`holds`]).
#[inline(always)]
const fn cheap<K>() -> bool {
    !core::mem::needs_drop::<K>() && core::mem::size_of::<K>() <= 16
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
        Slot::Leaf(e) if holds(e, hash, key) => Some(e),
        _ => None,
    })
}

impl<K, V> Node<K, V> {
    /// A root holding one entry.
    pub(crate) fn single(entry: Entry<K, V>) -> Self {
        Node {
            bitmap: bit_at(entry.hash, 0),
            counter: Counter::detect(),
            slots: Shared::from([Slot::Leaf(entry)]),
        }
    }

    /// The live slots of the root.
    #[inline]
    pub(crate) fn live_slots(&self) -> &[Slot<K, V>] {
        &self.slots[..live(self.bitmap, &self.slots)]
    }

    /// The entry for `key`.
    #[inline(always)]
    pub(crate) fn get<Q>(&self, hash: u64, key: &Q) -> Option<&Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        self.find(hash, key, Some, None)
    }

    /// Whether there is an entry for `key` (its own instance of the lookup, so a caller that
    /// only wants the answer gets a flag from the key compare, not a pointer tested for null).
    #[inline(always)]
    pub(crate) fn contains<Q>(&self, hash: u64, key: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        self.find(hash, key, |_| true, false)
    }

    /// `found(entry)` for the entry for `key`, or `none`.
    ///
    /// On x86-64 CPUs with `popcnt` (compiled for the baseline, which lacks it) the slot index
    /// of a compact level is one `popcnt` instruction, and with BMI2 too, the bits below the
    /// chunk are one `bzhi` (inline assembly, so the whole lookup still inlines into the
    /// caller); the portable bit-twiddling count is most of a level's latency. The feature
    /// test (and, with BMI2, the density test of the root) reads fields of the root,
    /// loop-invariant for a caller that looks up many keys.
    #[inline(always)]
    fn find<'a, Q, R: Copy>(
        &'a self,
        hash: u64,
        key: &Q,
        found: impl Fn(&'a Entry<K, V>) -> R,
        none: R,
    ) -> R
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        {
            let counter = self.counter;
            if matches!(counter, Counter::Bmi2) {
                // SAFETY: `Counter::detect` found BMI2 and `popcnt` on this CPU.
                let count = |b, c| unsafe { bzhi_popcnt(b, c) };
                // A dense root (any trie of a few hundred entries or more) skips its test.
                if self.bitmap == DENSE_MARK {
                    return self.lookup::<Q, R, true>(hash, key, count, found, none);
                }
                return self.lookup::<Q, R, false>(hash, key, count, found, none);
            }
            // Three instances of the loop, not more: the compiler then moves the tests out of
            // a caller's loop over many keys. CPUs without BMI2 test at each compact level.
            let count = |b, c| match counter {
                // SAFETY: `Counter::detect` found `popcnt` on this CPU.
                Counter::Popcnt => unsafe { popcnt(below(b, c)) },
                _ => below(b, c).count_ones(),
            };
            self.lookup::<Q, R, false>(hash, key, count, found, none)
        }
        #[cfg(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))))]
        self.lookup::<Q, R, false>(hash, key, |b, c| below(b, c).count_ones(), found, none)
    }

    /// The lookup loop: one dependent load per level; `count(bitmap, chunk)` is the number of
    /// bits of `bitmap` below bit `chunk`. `DENSE_ROOT`: the root is known to be dense (the
    /// caller tested it once, so a caller looking up many keys tests it out of its loop).
    ///
    /// A dense branch (the usual case in the top levels) is indexed by the hash chunk, so the
    /// slot's address is known as soon as the parent's slot is read; the density test (one
    /// compare of the bitmap) is predictable and not on that path. The root's step comes
    /// first, apart from the loop, so a caller that looks up many keys keeps the root in
    /// registers, and the second level's step is apart too, so its branches (dense or not,
    /// leaf or child) are predicted apart from the deeper levels'.
    #[inline(always)]
    fn lookup<'a, Q, R: Copy, const DENSE_ROOT: bool>(
        &'a self,
        hash: u64,
        key: &Q,
        count: impl Fn(u32, u32) -> u32,
        found: impl Fn(&'a Entry<K, V>) -> R,
        none: R,
    ) -> R
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        let (mut bitmap, mut slots) = match step::<K, V, Q, R, true, DENSE_ROOT>(
            self.bitmap,
            &self.slots,
            hash,
            hash,
            key,
            &count,
            &found,
            none,
        ) {
            Step::Down(b, s) => (b, s),
            Step::Done(r) => return r,
        };
        let mut h = hash >> BITS;
        match step::<K, V, Q, R, false, false>(bitmap, slots, h, hash, key, &count, &found, none) {
            Step::Down(b, s) => {
                bitmap = b;
                slots = s;
                h >>= BITS;
            }
            Step::Done(r) => return r,
        }
        loop {
            match step::<K, V, Q, R, false, false>(
                bitmap, slots, h, hash, key, &count, &found, none,
            ) {
                Step::Down(b, s) => {
                    bitmap = b;
                    slots = s;
                    // Past the 64 hash bits only a collision node (bitmap 0) can follow, and it
                    // ignores the chunk.
                    h >>= BITS;
                }
                Step::Done(r) => return r,
            }
        }
    }
}

/// One level of a lookup: the answer, or the child to descend into.
enum Step<'a, K, V, R> {
    Done(R),
    Down(u32, &'a [Slot<K, V>]),
}

/// One level of a lookup in the node with this bitmap and these slots (the root's when `ROOT`;
/// a dense branch for sure when `DENSE`); `h`'s low bits are the node's chunk of `hash`.
///
/// A child is tested for first: in a large trie most slots on the way are children, and the
/// leaf and empty cases then share the one remaining test (fewer instructions per level).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn step<'a, K, V, Q, R: Copy, const ROOT: bool, const DENSE: bool>(
    bitmap: u32,
    slots: &'a [Slot<K, V>],
    h: u64,
    hash: u64,
    key: &Q,
    count: &impl Fn(u32, u32) -> u32,
    found: &impl Fn(&'a Entry<K, V>) -> R,
    none: R,
) -> Step<'a, K, V, R>
where
    K: Borrow<Q>,
    Q: Eq + ?Sized,
{
    let chunk = (h & MASK) as usize;
    let slot = if DENSE || bitmap == DENSE_MARK {
        // SAFETY: a dense branch has `WIDTH` slots and `chunk < WIDTH`.
        unsafe { slots.get_unchecked(chunk) }
    } else {
        if bitmap & (1 << chunk) == 0 {
            // The root is never a collision node.
            return Step::Done(if !ROOT && bitmap == 0 {
                // Equal keys have equal hashes: cheap keys are compared alone, so the hash
                // need not stay live through the loop.
                let hash = if cheap::<K>() { 0 } else { hash };
                collision_get(slots, hash, key).map_or(none, found)
            } else {
                none
            });
        }
        // SAFETY: the chunk's bit is set in this compact branch's bitmap, so the index (the
        // bits below it) is below `popcount(bitmap)`, its number of live slots, which `slots`
        // holds first.
        unsafe { slots.get_unchecked(count(bitmap, chunk as u32) as usize) }
    };
    if let Slot::Child(b, s) = slot {
        return Step::Down(*b, s);
    }
    Step::Done(match slot {
        Slot::Leaf(e) if holds(e, hash, key) => found(e),
        _ => none,
    })
}

/// The bits of `bitmap` below bit `chunk` (< 32).
#[inline(always)]
fn below(bitmap: u32, chunk: u32) -> u32 {
    bitmap & ((1 << chunk) - 1)
}

/// The instructions a lookup counts bits with.
#[derive(Clone, Copy)]
enum Counter {
    /// Plain Rust (one instruction when the target has `popcnt`).
    Portable,
    /// The run-time detected `popcnt` instruction.
    #[cfg_attr(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))), allow(dead_code))]
    Popcnt,
    /// `bzhi` (BMI2) and `popcnt`, detected at run time.
    #[cfg_attr(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))), allow(dead_code))]
    Bmi2,
}

impl Counter {
    /// The best counter for this CPU within `CORE_SIMD_MAX` (core-cpu caches the feature
    /// tests: `popcnt` belongs to the `sse4.2` level, BMI2 to `avx2`). Only a target compiled
    /// for the x86-64 baseline, which lacks `popcnt`, asks.
    fn detect() -> Counter {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if core_cpu::Feature::Popcnt.is_available() {
            return if core_cpu::Feature::Bmi2.is_available() {
                Counter::Bmi2
            } else {
                Counter::Popcnt
            };
        }
        Counter::Portable
    }
}

/// The population count of `x` by the `popcnt` instruction.
///
/// # Safety
/// The CPU must support `popcnt`.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[inline(always)]
unsafe fn popcnt(x: u32) -> u32 {
    let n: u32;
    // SAFETY: the caller guarantees `popcnt`; the instruction reads and writes registers only
    // (and the flags, which `asm!` assumes clobbered unless told otherwise).
    unsafe {
        std::arch::asm!("popcnt {n:e}, {x:e}", x = in(reg) x, n = lateout(reg) n,
            options(pure, nomem, nostack));
    }
    n
}

/// The number of bits of `bitmap` below bit `chunk` (< 32), by `bzhi` and `popcnt`.
///
/// # Safety
/// The CPU must support BMI2 and `popcnt`.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[inline(always)]
unsafe fn bzhi_popcnt(bitmap: u32, chunk: u32) -> u32 {
    let n: u32;
    // SAFETY: the caller guarantees both instructions; they read and write registers only
    // (and the flags, which `asm!` assumes clobbered unless told otherwise). `bzhi` keeps the
    // bits of `bitmap` below the index in the low byte of `chunk`.
    unsafe {
        std::arch::asm!("bzhi {n:e}, {b:e}, {c:e}", "popcnt {n:e}, {n:e}", b = in(reg) bitmap,
            c = in(reg) chunk, n = out(reg) n, options(pure, nomem, nostack));
    }
    n
}

/// Builds the slot for two entries with different keys that meet at `shift`.
fn pair<K, V>(a: Entry<K, V>, b: Entry<K, V>, shift: u32) -> Slot<K, V> {
    if a.hash == b.hash {
        return Slot::Child(0, Shared::from([Slot::Leaf(a), Slot::Leaf(b)]));
    }
    let (ba, bb) = (bit_at(a.hash, shift), bit_at(b.hash, shift));
    if ba == bb {
        Slot::Child(ba, Shared::from([pair(a, b, shift + BITS)]))
    } else {
        let slots =
            if ba < bb { [Slot::Leaf(a), Slot::Leaf(b)] } else { [Slot::Leaf(b), Slot::Leaf(a)] };
        Slot::Child(ba | bb, Shared::from(slots))
    }
}

/// The capacity of a node that must hold `need` slots: exact for a copy of a shared node (path
/// copying), a collision node or a dense branch (`exact`), doubling (up to the branch width)
/// for a compact branch owned alone.
#[inline]
fn capacity(need: usize, owned: bool, exact: bool) -> usize {
    if owned && !exact {
        need.next_power_of_two().clamp(2, WIDTH)
    } else {
        need
    }
}

/// The slots of a node, owned by this trie alone with room for `need` slots: a node owned alone
/// with room already is returned as is; otherwise its `live` slots are moved (owned) or cloned
/// (shared) into a new allocation.
fn reserve<K: Clone, V: Clone>(
    slots: &mut Slots<K, V>,
    live: usize,
    need: usize,
    exact: bool,
) -> &mut [Slot<K, V>] {
    // No `Weak` is ever made, so a strong count of 1 through `&mut` means owned alone (and
    // `get_mut` below agrees); reading the count is cheaper than asking `get_mut` twice.
    let owned = Shared::strong_count(slots) == 1;
    if !owned || slots.len() < need {
        let cap = capacity(need, owned, exact);
        let grown: Slots<K, V> = match owned.then(|| Shared::get_mut(slots)).flatten() {
            Some(s) => {
                (0..cap).map(|i| if i < live { take(&mut s[i]) } else { Slot::Empty }).collect()
            }
            None => {
                (0..cap).map(|i| if i < live { slots[i].clone() } else { Slot::Empty }).collect()
            }
        };
        *slots = grown;
    }
    Shared::get_mut(slots).unwrap_or_else(|| unreachable!("the slots were just made unique"))
}

#[inline(always)]
fn take<K, V>(slot: &mut Slot<K, V>) -> Slot<K, V> {
    core::mem::replace(slot, Slot::Empty)
}

/// Turns a compact branch with this bitmap (and `DENSE - 1` live slots) into a dense one owned
/// by this trie: slot `c` holds the slot for chunk `c`. The slots are moved when the node is
/// owned alone and cloned when it is shared.
fn spread<K: Clone, V: Clone>(bitmap: u32, slots: &mut Slots<K, V>) -> &mut [Slot<K, V>] {
    let mut next = 0;
    let has = |c: usize| bitmap >> c & 1 == 1;
    let dense: Slots<K, V> = match Shared::get_mut(slots) {
        Some(s) => (0..WIDTH)
            .map(|c| {
                if has(c) {
                    next += 1;
                    take(&mut s[next - 1])
                } else {
                    Slot::Empty
                }
            })
            .collect(),
        None => (0..WIDTH)
            .map(|c| {
                if has(c) {
                    next += 1;
                    slots[next - 1].clone()
                } else {
                    Slot::Empty
                }
            })
            .collect(),
    };
    *slots = dense;
    Shared::get_mut(slots).unwrap_or_else(|| unreachable!("the slots were just made"))
}

/// Turns a dense branch owned by this trie, left with `live` (< `DENSE`) slots, back into a
/// compact one (live slots first, in chunk order).
fn pack<K, V>(live: usize, slots: &mut Slots<K, V>) {
    let Some(s) = Shared::get_mut(slots) else {
        unreachable!("a dense branch is packed once owned")
    };
    let mut rest = s.iter_mut().filter(|x| !matches!(x, Slot::Empty));
    let cap = capacity(live, true, false);
    let packed: Slots<K, V> = (0..cap).map(|_| rest.next().map_or(Slot::Empty, take)).collect();
    *slots = packed;
}

/// What an in-place insert did.
pub(crate) enum Inserted<K, V> {
    /// A new key.
    New,
    /// The key was there; its old entry, now replaced (key and value).
    Replaced(Entry<K, V>),
}

impl<K: Eq + Clone, V: Clone> Node<K, V> {
    /// Inserts `entry`, copying shared nodes on the way down.
    pub(crate) fn insert(&mut self, entry: Entry<K, V>) -> Inserted<K, V> {
        insert_branch(&mut self.bitmap, &mut self.slots, entry, 0)
    }

    /// The entry for `key`, with the nodes on its path made unique to this trie first (copied
    /// when shared). The caller has checked that the key exists, so that a miss copies
    /// nothing.
    pub(crate) fn get_mut<Q>(&mut self, hash: u64, key: &Q) -> Option<&mut Entry<K, V>>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        get_mut_branch(self.bitmap, &mut self.slots, hash, key, 0)
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
    slots: &mut Slots<K, V>,
    entry: Entry<K, V>,
    shift: u32,
) -> Inserted<K, V> {
    let bit = bit_at(entry.hash, shift);
    let chunk = chunk_at(entry.hash, shift);
    let dense = *bitmap == DENSE_MARK;
    let n = if dense { WIDTH } else { bitmap.count_ones() as usize };
    if dense && matches!(slots[chunk], Slot::Empty) {
        reserve(slots, WIDTH, WIDTH, true)[chunk] = Slot::Leaf(entry);
        return Inserted::New;
    }
    if !dense && *bitmap & bit == 0 {
        if n + 1 == DENSE as usize {
            spread(*bitmap, slots)[chunk] = Slot::Leaf(entry);
            *bitmap = DENSE_MARK;
        } else {
            let idx = index_of(*bitmap, bit);
            let s = reserve(slots, n, n + 1, false);
            // s[n] is spare room: rotate it to `idx`.
            s[idx..=n].rotate_right(1);
            s[idx] = Slot::Leaf(entry);
            *bitmap |= bit;
        }
        return Inserted::New;
    }
    let idx = if dense { chunk } else { index_of(*bitmap, bit) };
    let s = reserve(slots, n, n, dense);
    let slot = &mut s[idx];
    match slot {
        Slot::Leaf(e) if e.hash == entry.hash && e.key == entry.key => {
            Inserted::Replaced(core::mem::replace(e, entry))
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
            let mut wrap: Slots<K, V> = Shared::from([coll, Slot::Empty]);
            let r = insert_branch(&mut b, &mut wrap, entry, shift + BITS);
            *slot = Slot::Child(b, wrap);
            r
        }
        Slot::Child(b, c) => insert_branch(b, c, entry, shift + BITS),
        Slot::Empty => unreachable!("live slots are not empty"),
    }
}

/// The entry for `key` below the node (branch or collision node) with `bitmap` at `shift`,
/// making each node on the way unique to this trie.
fn get_mut_branch<'a, K, V, Q>(
    bitmap: u32,
    slots: &'a mut Slots<K, V>,
    hash: u64,
    key: &Q,
    shift: u32,
) -> Option<&'a mut Entry<K, V>>
where
    K: Eq + Clone + Borrow<Q>,
    V: Clone,
    Q: Eq + ?Sized,
{
    let (live, idx, exact) = if bitmap == 0 {
        let n = slots.len();
        let i = slots.iter().position(|s| matches!(s, Slot::Leaf(e) if holds(e, hash, key)))?;
        (n, i, true)
    } else if bitmap == DENSE_MARK {
        (WIDTH, chunk_at(hash, shift), true)
    } else {
        let bit = bit_at(hash, shift);
        if bitmap & bit == 0 {
            return None;
        }
        (bitmap.count_ones() as usize, index_of(bitmap, bit), false)
    };
    match &mut reserve(slots, live, live, exact)[idx] {
        Slot::Leaf(e) if holds(e, hash, key) => Some(e),
        Slot::Child(b, c) => get_mut_branch(*b, c, hash, key, shift + BITS),
        Slot::Leaf(_) | Slot::Empty => None,
    }
}

/// Inserts `entry` (with the collision node's hash) into a collision node.
fn insert_collision<K: Eq + Clone, V: Clone>(
    slots: &mut Slots<K, V>,
    entry: Entry<K, V>,
) -> Inserted<K, V> {
    let n = slots.len();
    let found = slots.iter().position(|s| matches!(s, Slot::Leaf(e) if e.key == entry.key));
    match found {
        Some(i) => {
            let s = reserve(slots, n, n, true);
            let Slot::Leaf(e) = &mut s[i] else { unreachable!() };
            Inserted::Replaced(core::mem::replace(e, entry))
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
    slots: &mut Slots<K, V>,
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
    let dense = *bitmap == DENSE_MARK;
    if !dense && *bitmap & bit == 0 {
        return None;
    }
    let idx = if dense { chunk_at(hash, shift) } else { index_of(*bitmap, bit) };
    let n = if dense { WIDTH } else { bitmap.count_ones() as usize };
    // A dense branch is copied whole, to exactly its width.
    let (live, exact) = (n, dense);
    match &slots[idx] {
        Slot::Leaf(e) => {
            if e.hash != hash || e.key.borrow() != key {
                return None;
            }
            let s = reserve(slots, live, live, exact);
            let Slot::Leaf(removed) = take(&mut s[idx]) else { unreachable!() };
            if !dense {
                s[idx..n].rotate_left(1);
                *bitmap &= !bit;
            } else {
                let left = occupied(s);
                if left.count_ones() < DENSE {
                    pack(left.count_ones() as usize, slots);
                    *bitmap = left;
                }
            }
            Some(removed)
        }
        Slot::Child(0, c) => {
            let i = c.iter().position(|s| matches!(s, Slot::Leaf(e) if e.key.borrow() == key))?;
            let s = reserve(slots, live, live, exact);
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
                let old = Shared::get_mut(c);
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
            let s = reserve(slots, live, live, exact);
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
    let n = if a == DENSE_MARK { WIDTH } else { a.count_ones() as usize };
    sa[..n].iter().zip(&sb[..n]).all(|pair| match pair {
        (Slot::Empty, Slot::Empty) => true,
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

    /// The bitmap stored for the root's first slot, a child.
    fn first_child_bitmap(n: &Node<u32, ()>) -> u32 {
        match &n.slots[0] {
            Slot::Child(b, _) => *b,
            _ => panic!("the first slot is not a child"),
        }
    }

    #[test]
    fn a_branch_turns_dense_and_back_with_versions_kept() {
        // Root chunk 0 for all, second-level chunk `k`: one second-level branch.
        let h = |k: u32| u64::from(k) << BITS;
        let mut root = Node::single(e(h(0), 0));
        let mut versions = vec![root.clone()];
        for k in 1..32 {
            assert!(matches!(root.insert(e(h(k), k)), Inserted::New));
            versions.push(root.clone());
        }
        // `DENSE - 1` entries: compact; `DENSE` and more: dense (stored as all ones, 32 slots).
        let d = DENSE as usize;
        assert_eq!(first_child_bitmap(&versions[d - 2]), (1 << (d - 1)) - 1);
        assert_eq!(first_child_bitmap(&versions[d - 1]), DENSE_MARK);
        assert!(matches!(&versions[d - 1].slots[0], Slot::Child(_, c) if c.len() == WIDTH));
        for (n, v) in versions.iter().enumerate() {
            for k in 0..40 {
                assert_eq!(v.get(h(k), &k).is_some(), (k as usize) <= n, "{n} {k}");
            }
        }
        // Remove from the full version, in an order unlike the inserts, down to one entry.
        let mut shrinking = versions[31].clone();
        for (i, k) in (0..31).rev().map(|k| (k * 7) % 31).enumerate() {
            assert!(shrinking.remove(h(k), &k).is_some());
            assert!(shrinking.remove(h(k), &k).is_none());
            let left = 31 - i;
            let b = match &shrinking.slots[0] {
                Slot::Child(b, _) => *b,
                Slot::Leaf(_) => 0,
                Slot::Empty => unreachable!(),
            };
            assert_eq!(b == DENSE_MARK, left >= DENSE as usize, "{left} entries");
            // The same entries inserted afresh give the same shape.
            let keys: Vec<u32> = (0..32).filter(|k| shrinking.get(h(*k), k).is_some()).collect();
            assert_eq!(keys.len(), left);
            let mut fresh = Node::single(e(h(keys[0]), keys[0]));
            for &k in &keys[1..] {
                fresh.insert(e(h(k), k));
            }
            assert!(shrinking.same_as(&fresh, &|_, _| true));
        }
        // Every kept version is intact.
        for (n, v) in versions.iter().enumerate() {
            assert!((0..32).all(|k| v.get(h(k), &k).is_some() == ((k as usize) <= n)));
        }
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

    /// The child side of `core_simd_max_caps_the_counter`; passes trivially when not that
    /// child.
    #[test]
    fn capped_child() {
        if !core_cpu::testing::is_child() {
            return;
        }
        let cap: core_cpu::Level = std::env::var("CORE_SIMD_MAX").unwrap().parse().unwrap();
        let counter = Counter::detect();
        // `popcnt` belongs to the sse4.2 level and BMI2 to avx2: below them, portable code.
        if !cap.includes(core_cpu::Level::Sse42) {
            assert!(matches!(counter, Counter::Portable), "CORE_SIMD_MAX={cap}");
        }
        if !cap.includes(core_cpu::Level::Avx2) {
            assert!(!matches!(counter, Counter::Bmi2), "CORE_SIMD_MAX={cap}");
        }
    }

    /// `CORE_SIMD_MAX` caps the trie's bit counting like every kernel of the family (in a
    /// child process per value: the variable is read once).
    #[test]
    fn core_simd_max_caps_the_counter() {
        if core_cpu::testing::is_child() {
            return;
        }
        for level in core_cpu::Level::available() {
            let name = "immutable::hash::node::tests::capped_child";
            let (ok, out) = core_cpu::testing::run_capped(name, level.name());
            assert!(ok, "CORE_SIMD_MAX={level}:\n{out}");
        }
    }

    /// The counters this CPU can run.
    fn counters() -> Vec<Counter> {
        let best = Counter::detect();
        let runs = |c: &Counter| match c {
            Counter::Portable => true,
            Counter::Popcnt => !matches!(best, Counter::Portable),
            Counter::Bmi2 => matches!(best, Counter::Bmi2),
        };
        [Counter::Portable, Counter::Popcnt, Counter::Bmi2].into_iter().filter(runs).collect()
    }

    #[test]
    fn a_dense_root_finds_what_a_compact_one_does() {
        // Root chunk `k % 24` (24 live chunks: a dense root), then a second level that is dense
        // under chunk 0, compact elsewhere, a third level, and collision nodes.
        let h =
            |k: u32| u64::from(k % 24) | u64::from(k / 24 % 20) << BITS | u64::from(k / 480) << 20;
        let keys: Vec<u32> = (0..600).filter(|k| k % 24 == 0 || k % 7 != 0).collect();
        let mut root = Node::single(e(h(keys[0]), keys[0]));
        for &k in &keys[1..] {
            assert!(matches!(root.insert(e(h(k), k)), Inserted::New));
        }
        let collided =
            [(h(5), 1000), (h(5), 1001), (h(30) | 1 << 50, 1002), (h(30) | 1 << 50, 1003)];
        for (hash, k) in collided {
            root.insert(e(hash, k));
        }
        assert_eq!(root.bitmap, DENSE_MARK);
        assert_eq!(first_child_bitmap(&root), DENSE_MARK);
        // The same entries under a compact root (chunk 31 only).
        let low = |hash: u64| hash << BITS | 31;
        let mut compact = Node::single(e(low(h(keys[0])), keys[0]));
        for &k in &keys[1..] {
            compact.insert(e(low(h(k)), k));
        }
        for (hash, k) in collided {
            compact.insert(e(low(hash), k));
        }
        assert_ne!(compact.bitmap, DENSE_MARK);
        let probes: Vec<(u64, u32)> = (0..700)
            .map(|k| (h(k), k))
            .chain(collided)
            .chain([(h(5), 1002), (h(30) | 1 << 50, 1000), (h(30), 1002), (h(7) | 1 << 60, 7)])
            .collect();
        let expect = |hash: u64, k: u32| {
            (keys.contains(&k) && hash == h(k)) || collided.contains(&(hash, k))
        };
        for counter in counters() {
            root.counter = counter;
            compact.counter = counter;
            for &(hash, k) in &probes {
                let want = expect(hash, k);
                assert_eq!(root.contains(hash, &k), want, "{hash:#x} {k}");
                assert_eq!(compact.contains(low(hash), &k), want, "{hash:#x} {k}");
                let got = root.get(hash, &k);
                assert_eq!(got.is_some(), want, "{hash:#x} {k}");
                assert!(got.is_none_or(|e| e.key == k && e.hash == hash));
                let got = compact.get(low(hash), &k);
                assert!(got.is_none_or(|e| e.key == k && e.hash == low(hash)));
                assert_eq!(got.is_some(), want, "{hash:#x} {k}");
            }
        }
    }

    #[test]
    fn shared_slots_count_their_handles() {
        let probe = Arc::new(());
        let mut a: Shared<Arc<()>> = (0..3).map(|_| Arc::clone(&probe)).collect();
        assert_eq!(Arc::strong_count(&probe), 4);
        assert_eq!(Shared::strong_count(&a), 1);
        assert!(Shared::get_mut(&mut a).is_some());
        let mut b = a.clone();
        assert_eq!(Shared::strong_count(&a), 2);
        assert!(core::ptr::eq(a.as_ptr(), b.as_ptr()));
        assert!(Shared::get_mut(&mut a).is_none() && Shared::get_mut(&mut b).is_none());
        // The clone's drop gives one count back and drops no element.
        drop(b);
        assert_eq!(Shared::strong_count(&a), 1);
        assert_eq!(Arc::strong_count(&probe), 4);
        let s = Shared::get_mut(&mut a).expect("the only handle");
        s[0] = Arc::new(());
        assert_eq!(Arc::strong_count(&probe), 3);
        let c = Shared::from([Arc::clone(&probe)]);
        assert_eq!((a.len(), c.len()), (3, 1));
        drop((a, c));
        assert_eq!(Arc::strong_count(&probe), 1);
    }

    #[test]
    fn tries_can_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Node<String, Vec<u8>>>();
        send_sync::<Slots<u64, String>>();
        let mut root = Node::single(e(1, 1));
        for k in 2..100u32 {
            root.insert(e(u64::from(k).wrapping_mul(0x9e37_79b9_7f4a_7c15), k));
        }
        let copy = root.clone();
        let found = std::thread::spawn(move || copy.contains(1, &1)).join();
        assert!(matches!(found, Ok(true)));
        assert!(root.contains(1, &1));
    }

    #[test]
    fn every_counter_finds_the_same_entries() {
        // A compact root, a dense second level (chunk 0), compact and collision nodes below.
        let h = |k: u32| u64::from(k % 20) << BITS | u64::from(k / 20) << (2 * BITS);
        let mut root = Node::single(e(h(0), 0));
        for k in 1..60 {
            root.insert(e(h(k), k));
        }
        for (hash, k) in [(0x3, 100), (0x3, 101), (0x3 | 1 << 40, 102), (0x7, 103)] {
            root.insert(e(hash, k));
        }
        assert_eq!(first_child_bitmap(&root), DENSE_MARK);
        let probes: Vec<(u64, u32)> = (0..80)
            .map(|k| (h(k), k))
            .chain([(0x3, 100), (0x3, 101), (0x3, 102), (0x3 | 1 << 40, 102), (0x3, 104)])
            .chain([(0x7, 103), (0x7, 100), (0x5, 1), (h(7) | 1 << 50, 200)])
            .collect();
        let expect = |hash: u64, k: u32| {
            k < 60 && hash == h(k)
                || matches!((hash, k), (0x3, 100 | 101) | (0x7, 103))
                || (hash, k) == (0x3 | 1 << 40, 102)
        };
        for counter in counters() {
            root.counter = counter;
            for &(hash, k) in &probes {
                let got = root.get(hash, &k);
                assert_eq!(got.is_some(), expect(hash, k), "{hash:#x} {k}");
                assert!(got.is_none_or(|e| e.key == k && e.hash == hash));
                assert_eq!(root.contains(hash, &k), expect(hash, k), "{hash:#x} {k}");
            }
        }
    }
}
