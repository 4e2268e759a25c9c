//! The key store of the string strategies: every key's bytes in one contiguous arena, and
//! 16-byte slots that hold a 32-bit tag, the key's length, its place in the arena and its
//! entry's position.
//!
//! A lookup reads one slot and, when tag and length match, compares against the arena: the
//! keys' own allocations (one per `String`) are never touched. The hashed strategies lay the
//! slots out as a flat open-addressing table (a power of two, at least twice the keys, probed
//! linearly, tag 0 marking an empty slot), so a miss usually ends at its first slot; the
//! length buckets keep them in bucket order. Case-insensitive maps store their keys folded to
//! ASCII lower case and fold only the query.

use super::string_hash::{fold_word, read_u32, read_u64};

/// One key: tag, length, arena offset and entry position. An empty table slot is all zeros
/// (tags of stored keys are never 0 in a table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Slot {
    tag: u32,
    len: u32,
    off: u32,
    idx: u32,
}

/// Keys of a string index: their slots and their bytes.
#[derive(Clone, Debug)]
pub(crate) struct StrKeys {
    slots: Box<[Slot]>,
    arena: Box<[u8]>,
    /// `64 - log2(slots.len())` for a table (the home slot is the hash's top bits).
    shift: u32,
}

/// A tag from a 64-bit hash or fingerprint of the whole key: never 0.
#[inline(always)]
pub(crate) fn tag_of(h: u64) -> u32 {
    ((h ^ (h >> 32)) as u32) | 1
}

/// The arena (keys' bytes in entry order, folded if `FOLD`) and each key's offset.
fn arena<'a, const FOLD: bool>(
    n: usize,
    bytes: &impl Fn(usize) -> &'a [u8],
) -> (Box<[u8]>, Vec<u32>) {
    let total: usize = (0..n).map(|i| bytes(i).len()).sum();
    assert!(total < u32::MAX as usize, "a frozen collection's string keys total under 4 GiB");
    let mut arena = Vec::with_capacity(total);
    let mut offs = Vec::with_capacity(n);
    for i in 0..n {
        offs.push(arena.len() as u32);
        arena.extend_from_slice(bytes(i));
    }
    if FOLD {
        arena.make_ascii_lowercase();
    }
    (arena.into_boxed_slice(), offs)
}

impl StrKeys {
    /// An open-addressing table of the `n` keys `bytes(i)`, key `i` placed by the top bits of
    /// its hash `hash(i)` and tagged [`tag_of`] its whole-key digest `digest(i)`.
    ///
    /// # Panics
    /// If `n >= u32::MAX` or the keys total 4 GiB or more.
    pub(crate) fn table<'a, const FOLD: bool>(
        n: usize,
        bytes: impl Fn(usize) -> &'a [u8],
        hash: impl Fn(usize) -> u64,
        digest: impl Fn(usize) -> u64,
    ) -> StrKeys {
        assert!(n < u32::MAX as usize, "a frozen collection holds fewer than 2^32 - 1 entries");
        let (arena, offs) = arena::<FOLD>(n, &bytes);
        // At least twice the keys (four times for small maps: a miss then nearly always ends
        // at its first slot, for little memory).
        let want = if n <= 1024 { 4 * n } else { 2 * n };
        let bits = want.max(16).next_power_of_two().trailing_zeros();
        let mut slots = vec![Slot::default(); 1 << bits].into_boxed_slice();
        let mask = slots.len() - 1;
        let shift = 64 - bits;
        for (i, &off) in offs.iter().enumerate() {
            let h = hash(i);
            let mut p = (h >> shift) as usize;
            while slots[p].tag != 0 {
                p = (p + 1) & mask;
            }
            let len = bytes(i).len() as u32;
            slots[p] = Slot { tag: tag_of(digest(i)), len, off, idx: i as u32 };
        }
        StrKeys { slots, arena, shift }
    }

    /// The keys in the order of `order` (a permutation of the entries), tagged by `tag(i)`:
    /// for scanning ranges of it.
    pub(crate) fn list<'a, const FOLD: bool>(
        order: &[u32],
        bytes: impl Fn(usize) -> &'a [u8],
        tag: impl Fn(usize) -> u32,
    ) -> StrKeys {
        let n = order.len();
        let (arena, offs) = arena::<FOLD>(n, &bytes);
        let slots = order
            .iter()
            .map(|&i| {
                let i = i as usize;
                Slot { tag: tag(i), len: bytes(i).len() as u32, off: offs[i], idx: i as u32 }
            })
            .collect();
        StrKeys { slots, arena, shift: 64 }
    }

    /// Heap bytes held.
    pub(crate) fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.slots) + self.arena.len()
    }

    /// Whether slot `s` holds `b` (same length already known or checked by the caller).
    #[inline(always)]
    fn holds<const FOLD: bool>(&self, s: Slot, b: &[u8]) -> bool {
        let off = s.off as usize;
        match self.arena.get(off..off + b.len()) {
            Some(k) => eq_folded::<FOLD>(k, b),
            None => false,
        }
    }

    /// The entry position of the key `b` whose hash is `h` and tag `tag` (a table from
    /// [`StrKeys::table`]).
    #[inline(always)]
    pub(crate) fn find<const FOLD: bool>(&self, h: u64, tag: u32, b: &[u8]) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut p = (h >> self.shift) as usize;
        // The table is at most half full: the probe ends at an empty slot.
        loop {
            let s = self.slots[p & mask];
            if s.tag == tag && s.len as usize == b.len() {
                if self.holds::<FOLD>(s, b) {
                    return Some(s.idx as usize);
                }
            } else if s.tag == 0 {
                return None;
            }
            p += 1;
        }
    }

    /// The entry position of `b` among the slots `range` (of a list from [`StrKeys::list`]),
    /// all of `b`'s length, whose tag is `tag`.
    #[inline(always)]
    pub(crate) fn scan<const FOLD: bool>(
        &self,
        range: core::ops::Range<usize>,
        tag: u32,
        b: &[u8],
    ) -> Option<usize> {
        self.slots
            .get(range)?
            .iter()
            .find(|s| s.tag == tag && self.holds::<FOLD>(**s, b))
            .map(|s| s.idx as usize)
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
    fn tables_find_their_keys_only() {
        let keys: Vec<String> = (0..3000).map(|i| format!("key-{i}")).collect();
        let bytes = |i: usize| keys[i].as_bytes();
        // A poor hash (many keys share a home slot) still finds every key.
        let hash = |i: usize| (bytes(i).len() as u64) << 60;
        let t = StrKeys::table::<false>(keys.len(), bytes, hash, |i| i as u64);
        for (i, k) in keys.iter().enumerate() {
            let h = (k.len() as u64) << 60;
            assert_eq!(t.find::<false>(h, tag_of(i as u64), k.as_bytes()), Some(i));
            assert_eq!(t.find::<false>(h, tag_of(i as u64), b"key-x"), None);
        }
    }
}
