//! The key store of the string strategies: 64-byte slots (one cache line) that hold a key's
//! first and last 8 bytes, its length and a tag, its middle words (for keys of up to 32 bytes),
//! its entry's position and, for longer keys, its place in an arena that holds the bytes of
//! the keys of more than 32 bytes.
//!
//! A lookup reads one slot and compares words: keys of up to 32 bytes are whole in their slot,
//! longer ones compare the rest in the arena; the keys' own allocations (one per `String`) are
//! never touched. The hashed strategies lay the slots out as a flat open-addressing table (a power
//! of two, at least twice the keys, four times for small maps). Keys whose home slot is free
//! go there first, and a home slot says whether keys with that home were pushed further, so a
//! lookup nearly always reads one slot; the rest probe linearly to the next empty slot. Tables
//! too big for the caches put a byte per slot in front (7 bits of the key's tag, and that
//! flag), which rejects most misses without reading the slots. The length buckets keep the
//! slots in bucket order. Case-insensitive maps store their keys folded to ASCII lower case
//! and fold only the query.

use super::string_hash::{fold_word, read_u32, read_u64, Seed};

/// The low half of an empty slot's `meta`; a key's is its length plus one (see [`meta`]).
const EMPTY_LEN: u32 = 0;

/// One key, in one cache line: its edge words (see [`edges`]), length and tag, arena offset
/// (keys of more than 32 bytes), entry position and middle words. For keys of at most 32 bytes
/// these are the whole key, so a lookup compares them without touching the arena. An empty
/// table slot is all zero bits (so that a table starts as zeroed memory): its `meta` has the
/// low half [`EMPTY_LEN`], which no key's has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Slot {
    a: u64,
    z: u64,
    /// The length, then a 32-bit tag of the key.
    meta: u64,
    idx: u32,
    off: u32,
    /// For keys of 8 to 32 bytes, the words at 8 and 16 (clamped to the end): with the edges,
    /// the whole key, so that a hit reads one cache line.
    mid: [u64; 2],
    /// Whether keys whose home is this slot continue past it (kept out of `meta`, so that
    /// comparing takes no mask).
    more: bool,
}

/// The length and tag word of a key: its length plus one (never [`EMPTY_LEN`]: a table's keys
/// total under 4 GiB, and a query of another length is rejected before), then the tag.
#[inline(always)]
fn meta(len: usize, tag: u32) -> u64 {
    (len as u64).wrapping_add(1) | (tag as u64) << 32
}

/// `len` empty slots, as zeroed memory (the allocator may have it zeroed already).
fn empty_slots(len: usize) -> Box<[Slot]> {
    use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
    if len == 0 {
        return Box::default();
    }
    let layout = Layout::array::<Slot>(len).expect("a slot table fits the address space");
    // SAFETY: `layout` has a non-zero size (`len > 0`, and a `Slot` is 64 bytes).
    let at = unsafe { alloc_zeroed(layout) }.cast::<Slot>();
    if at.is_null() {
        handle_alloc_error(layout);
    }
    // SAFETY: `at` is a fresh allocation of the global allocator with the layout of `len`
    // slots, as `Box<[Slot]>` frees it; zero bits are a valid `Slot` (integers, and `false`
    // for the `bool`), the empty one.
    unsafe { Box::from_raw(core::ptr::slice_from_raw_parts_mut(at, len)) }
}

/// Keys of a string index: their slots and their bytes.
#[derive(Clone, Debug)]
pub(crate) struct StrKeys {
    slots: Box<[Slot]>,
    /// The bytes of the keys of more than 32 bytes (folded if case-insensitive), in entry
    /// order; shorter keys are whole in their slots.
    arena: Box<[u8]>,
    /// `64 - log2(slots.len())` for a table (the home slot is the hash's top bits).
    shift: u32,
    /// Queries of at most this many bytes are settled by their slot's edges and length (keys
    /// of up to 16 bytes are): 16 if few keys are longer (mixed short keys then take one
    /// predictable branch), else 7 (the common path is then the middle words, from 8 on).
    short: u8,
    /// Optional (empty if not; else as long as `slots`): one byte per slot, read before the
    /// slot: 0 if the slot is empty, else the [`filter_byte`] of its key's tag, plus `0x80` if
    /// keys whose home is this slot continue past it. Most misses end here, in a table 64
    /// times smaller than the slots.
    filter: Box<[u8]>,
}

/// The filter byte of a tag: its top 7 bits. A key whose byte is 0 reads like an empty slot
/// to the filter, which then lets its queries (and 1 in 128 misses at empty slots) through
/// to the slot compare: a rare extra read, and one instruction less on every lookup than
/// keeping 0 for empty slots only.
#[inline(always)]
fn filter_byte(tag: u32) -> u8 {
    (tag >> 25) as u8
}

/// The first and last bytes of `b` packed into two words (folded to lower case if `FOLD`):
/// 8 bytes from each end, 4 for keys of 4 to 7 bytes, and the first, middle and last byte of
/// shorter ones. Together with the length they determine keys of up to 16 bytes.
#[inline(always)]
pub(crate) fn edges<const FOLD: bool>(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    if n >= 8 {
        (fold::<FOLD>(read_u64(b, 0)), fold::<FOLD>(read_u64(b, n - 8)))
    } else if n >= 4 {
        (fold::<FOLD>(read_u32(b, 0)), fold::<FOLD>(read_u32(b, n - 4)))
    } else if n > 0 {
        (fold::<FOLD>(b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16), 0)
    } else {
        (0, 0)
    }
}

/// The words at 8 and 16 of `b` (clamped to end at its end; folded if `FOLD`), which with
/// its [`edges`] cover keys of 8 to 32 bytes.
///
/// # Panics
/// If `b` has fewer than 8 bytes.
#[inline(always)]
pub(crate) fn mid_words<const FOLD: bool>(b: &[u8]) -> [u64; 2] {
    let n = b.len();
    assert!(n >= 8, "middle words of a key of at least 8 bytes");
    let (m, l) = (8.min(n - 8), 16.min(n - 8));
    let at = b.as_ptr();
    // SAFETY: `m, l <= n - 8`, so both 8-byte reads lie inside `b`. (Slicing would test both
    // bounds again on every lookup: the optimiser does not carry `n >= 8` through the `min`s.)
    let (x, y) = unsafe {
        (at.add(m).cast::<u64>().read_unaligned(), at.add(l).cast::<u64>().read_unaligned())
    };
    [fold::<FOLD>(u64::from_le(x)), fold::<FOLD>(u64::from_le(y))]
}

/// A 32-bit tag of a key's [`edges`], for the filter of big substring tables (whose hash
/// ignores most of the key).
#[inline(always)]
pub(crate) fn edge_tag((a, z): (u64, u64)) -> u32 {
    let x = (a ^ z.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (x >> 32) as u32
}

/// Keys longer than this keep their bytes in the arena; shorter ones are whole in their slot.
const IN_SLOT: usize = 32;

/// The arena (the bytes of the keys of more than [`IN_SLOT`] bytes, in entry order, folded if
/// `FOLD`), each key's offset in it (empty if no key is that long; else 0 for shorter keys),
/// and [`StrKeys::short`] for the keys.
///
/// # Panics
/// If the keys total 4 GiB or more.
fn arena<'a, const FOLD: bool>(
    n: usize,
    bytes: &impl Fn(usize) -> &'a [u8],
) -> (Box<[u8]>, Vec<u32>, u8) {
    let (mut total, mut long, mut past16) = (0usize, 0usize, 0usize);
    for i in 0..n {
        let len = bytes(i).len();
        total += len;
        past16 += (len > 16) as usize;
        long += if len > IN_SLOT { len } else { 0 };
    }
    assert!(total < u32::MAX as usize, "a frozen collection's string keys total under 4 GiB");
    let short = if past16 <= n / 20 { 16 } else { 7 };
    if long == 0 {
        return (Box::default(), Vec::new(), short);
    }
    let mut arena = Vec::with_capacity(long);
    let mut offs = Vec::with_capacity(n);
    for i in 0..n {
        let b = bytes(i);
        if b.len() > IN_SLOT {
            offs.push(arena.len() as u32);
            arena.extend_from_slice(b);
        } else {
            offs.push(0);
        }
    }
    if FOLD {
        arena.make_ascii_lowercase();
    }
    (arena.into_boxed_slice(), offs, short)
}

/// How many of the keys with these hashes find their home slot (`h >> shift`) taken.
pub(crate) fn clashes(hashes: &[u64], shift: u32) -> usize {
    let mut taken = vec![0u64; (1usize << (64 - shift)).div_ceil(64)];
    let mut clashes = 0;
    for &h in hashes {
        let p = (h >> shift) as usize;
        let (w, bit) = (p / 64, 1u64 << (p % 64));
        clashes += (taken[w] & bit != 0) as usize;
        taken[w] |= bit;
    }
    clashes
}

/// The most clashes (see [`clashes`]) a table of `n` keys in `2^(64 - shift)` slots accepts
/// from a seed without trying another: a quarter more than random hashes leave on average,
/// `n - m (1 - (1 - 1/m)^n)` for `m` slots, plus a little for small tables.
pub(crate) fn clash_bound(n: usize, shift: u32) -> usize {
    let (n, m) = (n as f64, (1u64 << (64 - shift)) as f64);
    let expected = n - m * (1.0 - (1.0 - 1.0 / m).powf(n));
    (expected * 1.25) as usize + 8
}

/// Of a few seeds derived from `seed`, the one for which the fewest of the `n` keys find
/// their home slot taken; stops at the first with none.
///
/// Past the small maps, where a few tries barely change the count, the first seed whose
/// clashes are within [`clash_bound`] is kept. One folded multiply of structured keys (a
/// counter beside a constant word) spreads the top bits unevenly under some seeds; a table
/// that clusters like that is built again under the next seed (each try hashes the keys once,
/// and a try fails with odds that shrink fast with the margin), so no key set, chosen
/// without the seed, makes probing long.
fn best_seed(
    n: usize,
    shift: u32,
    hash: &impl Fn(Seed, usize) -> u64,
    seed: u64,
) -> (Seed, Vec<u64>) {
    let small = n <= 64;
    let (tries, good) = if small { (16, 0) } else { (8, clash_bound(n, shift)) };
    let mut best = (usize::MAX, Seed::new(seed), Vec::new());
    for t in 0..tries {
        let s = Seed::new(seed.wrapping_add(t as u64));
        let hashes: Vec<u64> = (0..n).map(|i| hash(s, i)).collect();
        let c = clashes(&hashes, shift);
        if c < best.0 {
            best = (c, s, hashes);
        }
        if best.0 <= good {
            break;
        }
    }
    (best.1, best.2)
}

impl StrKeys {
    /// The slot of key `i`, `k` (folded here if `FOLD`), whose arena offset is `off` (0 if
    /// it is not in the arena).
    #[inline(always)]
    fn slot<const FOLD: bool>(k: &[u8], off: u32, tag: u32, i: usize) -> Slot {
        let (a, z) = edges::<FOLD>(k);
        let mid = if k.len() >= 8 { mid_words::<FOLD>(k) } else { [0; 2] };
        Slot { a, z, meta: meta(k.len(), tag), idx: i as u32, off, mid, more: false }
    }

    /// `log2` of the slots of a table of `n` keys: at least twice the keys (four times for
    /// small maps: a miss then nearly always ends at its first slot, for little memory).
    fn table_bits(n: usize) -> u32 {
        let want = if n <= 1024 { 4 * n } else { 2 * n };
        want.max(16).next_power_of_two().trailing_zeros()
    }

    /// Whether this table has a filter: lookups must then pass the same tags as building.
    #[inline(always)]
    pub(crate) fn filtered(&self) -> bool {
        !self.filter.is_empty()
    }

    /// An open-addressing table of the `n` keys `bytes(i)`, tagged `tag(h, i)`, key `i`
    /// placed by the top bits of its hash `h = hash(seed, i)`. Tries a few seeds (more for small
    /// maps) and keeps the one that leaves the fewest keys outside their home slot; returns
    /// the table and that seed.
    ///
    /// With `unique`, `None` if two keys are equal (ignoring ASCII case if `FOLD`): the second
    /// one shares the first one's hash, hence its home, and meets it while it probes for a
    /// free slot, so the table finds repeated keys for the cost of a compare per probe.
    ///
    /// # Panics
    /// If `n >= u32::MAX` or the keys total 4 GiB or more.
    pub(crate) fn table<'a, const FOLD: bool>(
        n: usize,
        bytes: impl Fn(usize) -> &'a [u8],
        hash: impl Fn(Seed, usize) -> u64,
        tag: impl Fn(u64, usize) -> u32,
        seed: u64,
        filter: bool,
        unique: bool,
    ) -> Option<(StrKeys, Seed)> {
        assert!(n < u32::MAX as usize, "a frozen collection holds fewer than 2^32 - 1 entries");
        let (arena, offs, short) = arena::<FOLD>(n, &bytes);
        let off = |i: usize| offs.get(i).copied().unwrap_or(0);
        // At least twice the keys (four times for small maps: a miss then nearly always ends
        // at its first slot, for little memory).
        let bits = Self::table_bits(n);
        let shift = 64 - bits;
        let (seed, hs) = best_seed(n, shift, &hash, seed);
        let mut slots = empty_slots(1 << bits);
        let mask = slots.len() - 1;
        // Which slots are taken, in a bitmap that stays in the first level of cache: the
        // slots themselves are only written.
        let mut taken = vec![0u64; slots.len().div_ceil(64)];
        let mut take = |p: usize| {
            let (w, bit) = (p / 64, 1u64 << (p % 64));
            let free = taken[w] & bit == 0;
            taken[w] |= bit;
            free
        };
        let mut bytes_of_filter = if filter { vec![0u8; slots.len()] } else { Vec::new() };
        let put = |slots: &mut [Slot], filter: &mut [u8], p: usize, i: usize, h: u64| {
            let t = tag(h, i);
            slots[p] = Self::slot::<FOLD>(bytes(i), off(i), t, i);
            if let Some(f) = filter.get_mut(p) {
                *f = filter_byte(t);
            }
        };
        // Keys whose home slot is free go there first, so that as many hits as possible end
        // at their first slot; the others then probe linearly, and their home slot says so
        // ([`Slot::more`], and the filter byte's top bit).
        let mut later = Vec::new();
        for (i, &h) in hs.iter().enumerate() {
            let p = (h >> shift) as usize;
            if take(p) {
                put(&mut slots, &mut bytes_of_filter, p, i, h);
            } else {
                later.push(i);
            }
        }
        for i in later {
            let home = (hs[i] >> shift) as usize;
            let mut p = home;
            // Every key placed before with this home lies between it and the free slot.
            while !take(p) {
                let j = slots[p].idx as usize;
                if unique && hs[j] == hs[i] && same_key::<FOLD>(bytes(j), bytes(i)) {
                    return None;
                }
                p = (p + 1) & mask;
            }
            slots[home].more = true;
            if let Some(f) = bytes_of_filter.get_mut(home) {
                *f |= 0x80;
            }
            put(&mut slots, &mut bytes_of_filter, p, i, hs[i]);
        }
        let filter = bytes_of_filter.into_boxed_slice();
        Some((StrKeys { slots, arena, shift, short, filter }, seed))
    }

    /// The keys in the order of `order` (a permutation of the entries): for scanning ranges
    /// of it.
    pub(crate) fn list<'a, const FOLD: bool>(
        order: &[u32],
        bytes: impl Fn(usize) -> &'a [u8],
    ) -> StrKeys {
        let n = order.len();
        let (arena, offs, short) = arena::<FOLD>(n, &bytes);
        let off = |i: usize| offs.get(i).copied().unwrap_or(0);
        let slots = order
            .iter()
            .map(|&i| {
                let i = i as usize;
                Self::slot::<FOLD>(bytes(i), off(i), 0, i)
            })
            .collect();
        StrKeys { slots, arena, shift: 64, short, filter: Box::default() }
    }

    /// Heap bytes held.
    pub(crate) fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.slots) + self.arena.len() + self.filter.len()
    }

    /// Whether slot `s`, whose edge words and length equal those of `b`, holds `b`: keys of
    /// up to 16 bytes do; longer ones compare their middle against the arena. Keys of 8 to 32
    /// bytes take the same branch-free path (words at 8 and 16, clamped to the key), so that
    /// mixed lengths do not cost mispredictions.
    #[inline(always)]
    fn rest_eq<const FOLD: bool>(&self, s: &Slot, b: &[u8]) -> bool {
        let n = b.len();
        // Only reached for a length some key has: with no key over 16 bytes, always true.
        if n <= self.short as usize {
            return true;
        }
        if n <= 32 {
            let [x, y] = mid_words::<FOLD>(b);
            return (s.mid[0] ^ x) | (s.mid[1] ^ y) == 0;
        }
        self.arena_eq::<FOLD>(s, b)
    }

    /// Whether the arena bytes of slot `s` are `b` (keys of more than 32 bytes).
    #[inline(always)]
    fn arena_eq<const FOLD: bool>(&self, s: &Slot, b: &[u8]) -> bool {
        let off = s.off as usize;
        let Some(k) = self.arena.get(off..off + b.len()) else { return false };
        eq_folded::<FOLD>(k, b)
    }

    /// Whether slot `s` holds `b`, whose edge words are `(a, z)` and length and tag `m`.
    #[inline(always)]
    fn holds<const FOLD: bool>(&self, s: &Slot, a: u64, z: u64, m: u64, b: &[u8]) -> bool {
        (s.a ^ a) | (s.z ^ z) | (s.meta ^ m) == 0 && self.rest_eq::<FOLD>(s, b)
    }

    /// [`StrKeys::holds`], in one test if the query's middle words are known.
    #[inline(always)]
    fn holds_mid<const FOLD: bool>(
        &self,
        s: &Slot,
        a: u64,
        z: u64,
        m: u64,
        mid: Option<[u64; 2]>,
        b: &[u8],
    ) -> bool {
        match mid {
            Some([x, y]) => {
                (s.a ^ a) | (s.z ^ z) | (s.meta ^ m) | (s.mid[0] ^ x) | (s.mid[1] ^ y) == 0
            }
            None => self.holds::<FOLD>(s, a, z, m, b),
        }
    }

    /// The entry position of the key `b` whose hash is `h`, tag `tag` and [`edges`] `(a, z)`
    /// (a table from [`StrKeys::table`]).
    #[inline(always)]
    pub(crate) fn find<const FOLD: bool>(
        &self,
        h: u64,
        tag: u32,
        e: (u64, u64),
        b: &[u8],
    ) -> Option<usize> {
        self.find_in::<FOLD>(h, tag, e, None, b)
    }

    /// [`StrKeys::find`] for a query of 8 to 32 bytes whose [`mid_words`] the caller has (in a
    /// table whose keys all have 8 to 32 bytes): a slot is then compared in one test.
    #[inline(always)]
    pub(crate) fn find_mid<const FOLD: bool>(
        &self,
        h: u64,
        tag: u32,
        e: (u64, u64),
        mid: [u64; 2],
        b: &[u8],
    ) -> Option<usize> {
        self.find_in::<FOLD>(h, tag, e, Some(mid), b)
    }

    /// [`StrKeys::find`], with the query's middle words if known.
    #[inline(always)]
    fn find_in<const FOLD: bool>(
        &self,
        h: u64,
        tag: u32,
        (a, z): (u64, u64),
        mid: Option<[u64; 2]>,
        b: &[u8],
    ) -> Option<usize> {
        let m = meta(b.len(), tag);
        let holds = |s: &Slot| self.holds_mid::<FOLD>(s, a, z, m, mid, b);
        debug_assert!(self.shift < 64 && self.slots.len() == 1 << (64 - self.shift));
        let p = (h >> self.shift) as usize;
        if !self.filter.is_empty() {
            // SAFETY: a table has `1 << (64 - shift)` slots (`StrKeys::table`) and a filter as
            // long as its slots, so the top `64 - shift` bits of `h` index both.
            let x = unsafe { *self.filter.get_unchecked(p) } ^ filter_byte(tag);
            // 1 to 0x7f: a different key (or none) and no more keys past it.
            if x.wrapping_sub(1) < 0x7f {
                return None;
            }
        }
        // SAFETY: as above, `p` is below the table's length.
        let s = unsafe { self.slots.get_unchecked(p) };
        if holds(s) {
            return Some(s.idx as usize);
        }
        if !s.more {
            return None;
        }
        // Keys displaced from this home usually sit in the next slot.
        let q = (p + 1) & (self.slots.len() - 1);
        let s = self.slots.get(q)?;
        if holds(s) {
            return Some(s.idx as usize);
        }
        if s.meta as u32 == EMPTY_LEN {
            return None;
        }
        self.probe::<FOLD>(q + 1, a, z, m, b)
    }

    /// [`StrKeys::find`] the slow way: a linear probe from slot `p` up to the next empty slot
    /// (the table is at most half full).
    #[cold]
    fn probe<const FOLD: bool>(
        &self,
        mut p: usize,
        a: u64,
        z: u64,
        m: u64,
        b: &[u8],
    ) -> Option<usize> {
        let mask = self.slots.len() - 1;
        loop {
            let s = &self.slots[p & mask];
            if s.meta as u32 == EMPTY_LEN {
                return None;
            }
            if self.holds::<FOLD>(s, a, z, m, b) {
                return Some(s.idx as usize);
            }
            p += 1;
        }
    }

    /// The entry position of `b` among the slots `range` (of a list from [`StrKeys::list`]).
    #[inline(always)]
    pub(crate) fn scan<const FOLD: bool>(
        &self,
        range: core::ops::Range<usize>,
        b: &[u8],
    ) -> Option<usize> {
        let (a, z) = edges::<FOLD>(b);
        let m = meta(b.len(), 0);
        self.slots
            .get(range)?
            .iter()
            .find(|s| self.holds::<FOLD>(s, a, z, m, b))
            .map(|s| s.idx as usize)
    }
}

/// Whether two keys are equal (ignoring ASCII case if `FOLD`).
#[inline(always)]
pub(crate) fn same_key<const FOLD: bool>(a: &[u8], b: &[u8]) -> bool {
    if FOLD {
        a.eq_ignore_ascii_case(b)
    } else {
        a == b
    }
}

#[inline(always)]
const fn fold<const FOLD: bool>(x: u64) -> u64 {
    if FOLD {
        fold_word(x)
    } else {
        x
    }
}

/// Whether the stored key `k` (folded if `FOLD`) equals the query `b` (folded if `FOLD`);
/// both have the same length. Inlined word compares up to 32 bytes, no call to `memcmp`.
#[inline(always)]
pub(crate) fn eq_folded<const FOLD: bool>(k: &[u8], b: &[u8]) -> bool {
    let n = b.len();
    if k.len() != n {
        return false;
    }
    if n >= 8 {
        if n <= 32 {
            // Words at 0, 8, 16 (clamped to n - 8) and n - 8 cover the n bytes.
            let (m, l) = ((8).min(n - 8), (16).min(n - 8));
            let d = (read_u64(k, 0) ^ fold::<FOLD>(read_u64(b, 0)))
                | (read_u64(k, m) ^ fold::<FOLD>(read_u64(b, m)))
                | (read_u64(k, l) ^ fold::<FOLD>(read_u64(b, l)))
                | (read_u64(k, n - 8) ^ fold::<FOLD>(read_u64(b, n - 8)));
            return d == 0;
        }
        if !FOLD {
            return k == b;
        }
        let mut at = 0;
        while at + 8 < n {
            if read_u64(k, at) != fold_word(read_u64(b, at)) {
                return false;
            }
            at += 8;
        }
        read_u64(k, n - 8) == fold_word(read_u64(b, n - 8))
    } else if n >= 4 {
        let d = (read_u32(k, 0) ^ fold::<FOLD>(read_u32(b, 0)))
            | (read_u32(k, n - 4) ^ fold::<FOLD>(read_u32(b, n - 4)));
        d == 0
    } else {
        k.iter().zip(b).all(|(&x, &y)| x == if FOLD { y.to_ascii_lowercase() } else { y })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_keys_cluster_no_more_than_random_ones() {
        use crate::frozen::string_hash::{hash_bytes, hash_edges, hash_word, hash_words};
        use crate::hash::families;
        // Every structured family, and a counter beside each public constant at the sizes of
        // big tables (one seed per try then), under every string hash: the seed kept leaves no
        // more keys outside their home slot than the bound random keys are held to, so probes
        // stay short.
        let mut all = families::all();
        for c in families::PUBLIC {
            let keys = (0..20_000u64).map(|x| [x.to_le_bytes(), c.to_le_bytes()].concat());
            all.push((format!("20,000 counters beside {c:#x}"), keys.collect()));
        }
        for (name, mut keys) in all {
            keys.sort();
            keys.dedup();
            let n = keys.len();
            let bytes = |i: usize| keys[i].as_slice();
            let by_bytes = |s, i| hash_bytes::<false>(bytes(i), s);
            let by_edges = |s, i| {
                let (a, z) = edges::<false>(bytes(i));
                hash_edges(a, z, bytes(i).len(), s)
            };
            let by_words = |s, i| hash_words::<false>(bytes(i), edges::<false>(bytes(i)), s);
            let by_word = |s, i| hash_word(read_u64(bytes(i), 0), s);
            let check = |what: &str, hash: &dyn Fn(Seed, usize) -> u64| {
                for base in [0, crate::hash::process_seed()] {
                    let (t, seed) =
                        StrKeys::table::<false>(n, bytes, hash, |_, _| 0, base, false, true)
                            .expect("distinct keys");
                    let hs: Vec<u64> = (0..n).map(|i| hash(seed, i)).collect();
                    let (got, bound) = (clashes(&hs, t.shift), clash_bound(n, t.shift));
                    assert!(got <= bound, "{name}, {what}: {got} keys off home, bound {bound}");
                }
            };
            check("bytes", &by_bytes);
            // The edges hash serves keys determined by their edges, the words hash keys of 8
            // to 32 bytes, the slice hash keys whose windows differ.
            if keys.iter().all(|k| k.len() <= 16) {
                check("edges", &by_edges);
            }
            if keys.iter().all(|k| (8..=32).contains(&k.len())) {
                check("words", &by_words);
                let mut firsts: Vec<u64> = (0..n).map(|i| read_u64(bytes(i), 0)).collect();
                firsts.sort();
                firsts.dedup();
                if firsts.len() == n {
                    check("first word", &by_word);
                }
            }
        }
    }

    #[test]
    fn eq_folded_matches_byte_equality() {
        let text = b"Hello-WORLD_abcXYZ0123456789/Path/To/Somewhere/Far/Away";
        for n in 0..=text.len() {
            let a = &text[..n];
            let lower = a.to_ascii_lowercase();
            assert!(eq_folded::<false>(a, a));
            assert!(eq_folded::<true>(&lower, a));
            for at in 0..n {
                let mut b = a.to_vec();
                b[at] ^= 0x01;
                assert!(!eq_folded::<false>(a, &b), "{n} {at}");
                let mut c = lower.clone();
                c[at] = b'#';
                assert!(!eq_folded::<true>(&c, a), "{n} {at}");
            }
        }
        assert!(!eq_folded::<false>(b"abc", b"abcd"));
    }

    #[test]
    fn middle_word_lookups_agree_with_plain_ones() {
        // Keys of 8 to 32 bytes that share their edges, so that the middle words decide.
        let keys: Vec<String> =
            (0..2000).map(|i| format!("abcdefgh{}{i:05}-ijklmnop", "x".repeat(i % 10))).collect();
        let bytes = |i: usize| keys[i].as_bytes();
        let hash = |seed, b: &[u8]| {
            super::super::string_hash::hash_words::<false>(b, edges::<false>(b), seed)
        };
        for filter in [false, true] {
            let (t, seed) = StrKeys::table::<false>(
                keys.len(),
                bytes,
                |s, i| hash(s, bytes(i)),
                |h, _| h as u32,
                9,
                filter,
                true,
            )
            .expect("distinct keys");
            for (i, k) in keys.iter().enumerate() {
                let mut miss = k.clone().into_bytes();
                miss[12] = b'#'; // no key has one
                for (q, want) in [(k.as_bytes(), Some(i)), (&miss[..], None)] {
                    let (e, h) = (edges::<false>(q), hash(seed, q));
                    let mid = mid_words::<false>(q);
                    assert_eq!(t.find::<false>(h, h as u32, e, q), want);
                    assert_eq!(t.find_mid::<false>(h, h as u32, e, mid, q), want);
                }
            }
        }
    }

    #[test]
    fn tables_refuse_repeated_keys_when_asked() {
        // A repeat anywhere (also past a poor hash's long probe runs, and in another case
        // when folding) makes a `unique` table fail; without `unique` it is built.
        let mut keys: Vec<String> = (0..500).map(|i| format!("key-{i}")).collect();
        keys.push("KEY-250".into());
        let bytes = |i: usize| keys[i].as_bytes();
        let poor = |_, i: usize| (bytes(i).len() as u64) << 60;
        let good = |s, i: usize| crate::frozen::string_hash::hash_bytes::<true>(bytes(i), s);
        let tag = |_, _| 0;
        let n = keys.len();
        assert!(StrKeys::table::<true>(n, bytes, poor, tag, 1, false, true).is_none());
        assert!(StrKeys::table::<true>(n, bytes, good, tag, 1, true, true).is_none());
        assert!(StrKeys::table::<false>(n, bytes, good, tag, 1, true, true).is_some());
        assert!(StrKeys::table::<true>(n, bytes, good, tag, 1, false, false).is_some());
    }

    #[test]
    fn tables_find_their_keys_only() {
        let keys: Vec<String> = (0..3000).map(|i| format!("key-{i}")).collect();
        let bytes = |i: usize| keys[i].as_bytes();
        // A poor hash (many keys share a home slot) still finds every key.
        let hash = |i: usize| (bytes(i).len() as u64) << 60;
        let (t, _) = StrKeys::table::<false>(
            keys.len(),
            bytes,
            |_, i| hash(i),
            |_, i| i as u32 * 2,
            1,
            true,
            true,
        )
        .expect("distinct keys");
        for (i, k) in keys.iter().enumerate() {
            let h = (k.len() as u64) << 60;
            let e = edges::<false>(k.as_bytes());
            assert_eq!(t.find::<false>(h, i as u32 * 2, e, k.as_bytes()), Some(i));
            assert_eq!(t.find::<false>(h, i as u32 * 2, edges::<false>(b"key-x"), b"key-x"), None);
            assert_eq!(t.find::<false>(h, i as u32 * 2 + 2, e, k.as_bytes()), None);
        }
    }
}
