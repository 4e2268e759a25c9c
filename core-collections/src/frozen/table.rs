//! The bucketed hash table behind the hashed strategies.
//!
//! Entries are stored grouped by bucket; `starts[b]..starts[b + 1]` are the entries of bucket
//! `b`, so a lookup reads two adjacent integers and scans a short run of entries (an empty
//! bucket is an empty range: no sentinel test). A key's bucket is the top bits of
//! `tag * multiplier` (multiply-shift hashing), where the tag is the integer key itself or
//! the key's hash. Building tries a few multipliers and two sizes, counting keys that share a
//! bucket, and keeps the layout with the fewest.
//!
//! Up to 32 integer keys get a [`SlotTable`] instead: 256 one-byte slots and a multiplier
//! under which no two keys share a slot (a perfect hash, found by trying multipliers), so a
//! lookup is one multiply, one byte load and one key compare.

use crate::hash::{derive_keys, process_seed};
use core::ops::Range;

/// Odd multipliers a bucket table tries in turn: the golden ratio (Fibonacci hashing, which
/// spreads structured integer keys best and keeps their layout the same from run to run), then
/// three drawn from the per-process secret seed. Keys chosen to pile up under the public one
/// cannot spoil the secret ones, so the layout kept is never worse than random keys get.
fn multipliers() -> [u64; 4] {
    let [a, b, c] = derive_keys(process_seed() ^ 0x6d75_6c74_6970_6c79);
    [GOLDEN, a | 1, b | 1, c | 1]
}

/// The golden-ratio multiplier.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// The most keys one bucket may hold under the public [`GOLDEN`] multiplier. Random keys at a
/// load of at most one per bucket exceed it with negligible probability (the fullest of 2^32
/// buckets holds about 13); keys that do are treated as chosen against the public multiplier.
const PUBLIC_BUCKET_LIMIT: u32 = 16;

/// Odd multipliers a [`SlotTable`] tries first (the golden ratio, then constants from hash
/// finalisers). The search is bounded and falls back to buckets, so public multipliers are
/// safe here.
const SLOT_MULTIPLIERS: [u64; 4] =
    [GOLDEN, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0xd6e8_feb8_6659_fd93];

#[derive(Clone, Debug)]
pub(crate) struct Table {
    starts: Box<[u32]>,
    multiplier: u64,
    shift: u32,
}

/// Extra size bits the integer tables may take (keys are compared inline, so a sparser
/// table is cheap).
pub(crate) const INT_EXTRA: u32 = 3;
/// Extra size bits the hashed tables of other keys may take (smaller: their entries are
/// bigger and their keys are read through pointers, so cache footprint matters more).
pub(crate) const HASH_EXTRA: u32 = 1;

/// `log2` of the smallest power of two at least `n` (and at least 8).
pub(crate) fn table_bits(n: usize) -> u32 {
    n.max(8).next_power_of_two().trailing_zeros()
}

/// How many of the `n` tags land in an already used bucket, stopping at `limit`.
fn count_collisions(
    tag: &impl Fn(usize) -> u64,
    n: usize,
    bits: u32,
    multiplier: u64,
    seen: &mut [u64],
    limit: usize,
) -> usize {
    seen.fill(0);
    let mut collisions = 0;
    for i in 0..n {
        let home = (tag(i).wrapping_mul(multiplier) >> (64 - bits)) as usize;
        let (word, bit) = (home / 64, 1u64 << (home % 64));
        if seen[word] & bit != 0 {
            collisions += 1;
            if collisions >= limit {
                break;
            }
        }
        seen[word] |= bit;
    }
    collisions
}

/// How many of `n` random keys land in an already used bucket of `2^bits`, on average:
/// `n - m (1 - (1 - 1/m)^n)` for `m` buckets.
fn random_collisions(n: usize, bits: u32) -> usize {
    let m = (1u64 << bits) as f64;
    let used = m * (1.0 - (-(n as f64) / m).exp());
    (n as f64 - used).max(0.0) as usize
}

/// Moves `items[i]` to `dest[i]` (`dest` a permutation of `0..items.len()`).
///
/// Scattered into a new buffer: each move is independent of the others, where following
/// the permutation's cycles in place made every swap wait for the one before (a fifth of a
/// sparse integer build).
///
/// # Panics
/// If `dest` is not a permutation of `0..items.len()`.
pub(crate) fn permute<T>(items: &mut Vec<T>, dest: &[u32]) {
    let n = items.len();
    assert_eq!(dest.len(), n, "one destination per item");
    // Which destinations are written: each must be in range and used once.
    let mut written = vec![0u64; n.div_ceil(64)];
    let mut out: Vec<T> = Vec::with_capacity(n);
    let (src, dst) = (items.as_ptr(), out.as_mut_ptr());
    // SAFETY: `items` gives up ownership of its `n` elements first (its length is 0), so
    // none is dropped twice: if a check below fails, the elements not yet moved leak and
    // `out` (length 0) drops none. Each element is read once from `src.add(i)` (`i < n`,
    // initialised) and written to `dst.add(d)` only once `d < n` (in `out`'s capacity) is
    // known to be unused; after `n` distinct destinations below `n`, every slot of `out` is
    // written, and it takes length `n`. The two buffers are distinct allocations.
    unsafe {
        items.set_len(0);
        for (i, &d) in dest.iter().enumerate() {
            let d = d as usize;
            let (word, bit) = (d / 64, 1u64 << (d % 64));
            assert!(d < n && written[word] & bit == 0, "destinations are a permutation");
            written[word] |= bit;
            core::ptr::copy_nonoverlapping(src.add(i), dst.add(d), 1);
        }
        out.set_len(n);
    }
    *items = out;
}

/// How many groups of `2^e` adjacent bits (`e <= 3`, so a group never spans two words) of
/// `bits` have a bit set.
fn used_groups(bits: &[u64], e: u32) -> usize {
    /// [`used_groups`] for one `E`: after the folds, the first bit of each group is the OR
    /// of the group's bits.
    fn count<const E: u32>(bits: &[u64]) -> usize {
        const FIRSTS: [u64; 4] =
            [u64::MAX, 0x5555_5555_5555_5555, 0x1111_1111_1111_1111, 0x0101_0101_0101_0101];
        let fold = |mut x: u64| {
            let mut s = 0;
            while s < E {
                x |= x >> (1 << s);
                s += 1;
            }
            x & FIRSTS[E as usize]
        };
        bits.iter().map(|&w| fold(w).count_ones() as usize).sum()
    }
    match e {
        0 => count::<0>(bits),
        1 => count::<1>(bits),
        2 => count::<2>(bits),
        _ => {
            debug_assert_eq!(e, 3);
            count::<3>(bits)
        }
    }
}

/// Counts the entries of each bucket (`counts[b]` gains one per home `b`) and returns the
/// fullest bucket's count.
fn count_buckets(homes: &[u32], counts: &mut [u32]) -> u32 {
    let mut fullest = 0;
    for &b in homes {
        let c = &mut counts[b as usize];
        *c += 1;
        fullest = fullest.max(*c);
    }
    fullest
}

/// Where each entry of a [`Table`] goes so that every bucket's entries are adjacent: a
/// permutation of `0..n` by construction (only [`Table::build`] makes one, by a counting sort
/// that gives each bucket a run of as many positions as it has entries), so moving the
/// entries needs none of [`permute`]'s checks.
#[derive(Debug)]
pub(crate) struct Placement(Vec<u32>);

impl Placement {
    /// Moves `items[i]` to the position of entry `i`.
    ///
    /// # Panics
    /// If `items` does not have one item per entry.
    pub(crate) fn apply<T>(self, items: &mut Vec<T>) {
        let n = items.len();
        assert_eq!(self.0.len(), n, "one destination per item");
        let mut out: Vec<T> = Vec::with_capacity(n);
        let (src, dst) = (items.as_ptr(), out.as_mut_ptr());
        // SAFETY: `self.0` is a permutation of `0..n` (see the type), so each element of
        // `items` (`i < n`, initialised) is read once and written to its own `dst.add(d)`
        // with `d < n`, inside `out`'s capacity; after the loop every slot of `out` is
        // written, and it takes length `n`. `items` gives up its elements first (length 0),
        // so none is dropped twice. The two buffers are distinct allocations.
        unsafe {
            items.set_len(0);
            for (i, &d) in self.0.iter().enumerate() {
                debug_assert!((d as usize) < n);
                core::ptr::copy_nonoverlapping(src.add(i), dst.add(d as usize), 1);
            }
            out.set_len(n);
        }
        *items = out;
    }
}

/// Turns counts into running totals (`a[i]` becomes `a[0] + ... + a[i]`).
///
/// On x86_64, eight at a time in SSE2 registers (part of the base instruction set, so no
/// dispatch): each half's totals by two shifted adds, then the running sum of the blocks
/// before, whose chain is one add per eight counts. Elsewhere, as four interleaved scalar
/// chains over the four quarters, then adding each quarter's offset: a single chain waits
/// one add per element (a fifth of a sparse integer build, over 8,193 buckets).
#[cfg(target_arch = "x86_64")]
fn running_totals(a: &mut [u32]) {
    use core::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_setzero_si128,
        _mm_shuffle_epi32, _mm_slli_si128, _mm_storeu_si128,
    };
    let blocks = a.len() / 8;
    let p = a.as_mut_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of every x86_64 CPU. Block `k` reads and writes the 16-byte
    // vectors at elements `8k` and `8k + 4`, both inside `a` as `8k + 8 <= a.len()`;
    // unaligned loads and stores need no alignment.
    let carry = unsafe {
        let mut carry = _mm_setzero_si128();
        for k in 0..blocks {
            let (lo, hi) = (p.add(2 * k), p.add(2 * k + 1));
            let (mut x, mut y) = (_mm_loadu_si128(lo), _mm_loadu_si128(hi));
            x = _mm_add_epi32(x, _mm_slli_si128::<4>(x));
            y = _mm_add_epi32(y, _mm_slli_si128::<4>(y));
            x = _mm_add_epi32(x, _mm_slli_si128::<8>(x));
            y = _mm_add_epi32(y, _mm_slli_si128::<8>(y));
            // The first half's total into every lane of the second, then the block's total.
            y = _mm_add_epi32(y, _mm_shuffle_epi32::<0xff>(x));
            let total = _mm_shuffle_epi32::<0xff>(y);
            _mm_storeu_si128(lo, _mm_add_epi32(x, carry));
            _mm_storeu_si128(hi, _mm_add_epi32(y, carry));
            carry = _mm_add_epi32(carry, total);
        }
        _mm_cvtsi128_si32(carry) as u32
    };
    let mut s = carry;
    for x in &mut a[blocks * 8..] {
        s = s.wrapping_add(*x);
        *x = s;
    }
}

/// Turns counts into running totals (see the x86_64 version).
#[cfg(not(target_arch = "x86_64"))]
fn running_totals(a: &mut [u32]) {
    let q = a.len() / 4;
    let (a0, rest) = a.split_at_mut(q);
    let (a1, rest) = rest.split_at_mut(q);
    let (a2, a3) = rest.split_at_mut(q);
    let (mut s0, mut s1, mut s2, mut s3) = (0u32, 0u32, 0u32, 0u32);
    for (((x0, x1), x2), x3) in a0.iter_mut().zip(a1.iter_mut()).zip(a2.iter_mut()).zip(&mut *a3) {
        s0 = s0.wrapping_add(*x0);
        *x0 = s0;
        s1 = s1.wrapping_add(*x1);
        *x1 = s1;
        s2 = s2.wrapping_add(*x2);
        *x2 = s2;
        s3 = s3.wrapping_add(*x3);
        *x3 = s3;
    }
    for x in &mut a3[q..] {
        s3 = s3.wrapping_add(*x);
        *x = s3;
    }
    let (o1, o2) = (s0, s0.wrapping_add(s1));
    let o3 = o2.wrapping_add(s2);
    a1.iter_mut().for_each(|x| *x = x.wrapping_add(o1));
    a2.iter_mut().for_each(|x| *x = x.wrapping_add(o2));
    a3.iter_mut().for_each(|x| *x = x.wrapping_add(o3));
}

impl Table {
    /// A table for the entries `0..n`, entry `i` under tag `tag(i)`, and where each entry
    /// must move to so that buckets are contiguous.
    ///
    /// # Panics
    /// If `n >= u32::MAX` (entry positions are 32-bit).
    pub(crate) fn build(
        n: usize,
        max_extra: u32,
        tag: impl Fn(usize) -> u64,
    ) -> (Table, Placement) {
        assert!(n < u32::MAX as usize, "a frozen collection holds fewer than 2^32 - 1 entries");
        // Sizes from the smallest power of two up to `2^max_extra` times it (one less past
        // 4096 keys): a bigger table leaves most misses an empty bucket and most hits a bucket
        // of one, so the bucket scan's branches predict well. The first size where at most 1
        // key in 32 shares a bucket wins (structured keys often get there early), else the
        // biggest.
        let small = table_bits(n);
        let extra = if n <= 4096 { max_extra } else { max_extra.saturating_sub(1) };
        // At most 2^32 buckets (their numbers are `u32`s below).
        let big = (small + extra).min(32);
        let extra = big - small;
        // Structured keys (spaced integers) often spread perfectly under the golden ratio at
        // a small size, so that multiplier is tried first, at every size at once: a key's
        // bucket at a smaller size is the top bits of its bucket at the biggest, so one pass
        // computes the biggest buckets and counts the collisions of every size. Keys that
        // collide about as much as random ones at a size gain nothing from another
        // multiplier: they take the biggest size, where the first multiplier that does about
        // as well as random keys wins (the golden ratio for most keys; the secret ones when
        // keys pile up under it).
        let mut homes: Vec<u32> = Vec::with_capacity(n);
        let levels = extra as usize + 1;
        debug_assert!(levels <= 4, "at most three extra size bits");
        // One bitmap of the biggest size's buckets, reused by the multiplier search below.
        let mut seen = vec![0u64; (1usize << big).div_ceil(64)];
        for i in 0..n {
            let b = (tag(i).wrapping_mul(GOLDEN) >> (64 - big)) as usize;
            homes.push(b as u32);
            seen[b / 64] |= 1u64 << (b % 64);
        }
        // A bucket `e` bits smaller is `2^e` adjacent buckets of the biggest size, so the
        // buckets used at every size come from this one bitmap (a key collides when its
        // bucket is already used: `n` minus the buckets used).
        let collisions: [usize; 4] =
            core::array::from_fn(|e| if e < levels { n - used_groups(&seen, e as u32) } else { 0 });
        let at = |bits: u32| collisions[(big - bits) as usize];
        let mut bits = small;
        let mut best = loop {
            let c = at(bits);
            if c * 32 <= n || bits == big || c * 10 >= random_collisions(n, bits) * 9 {
                break (c, bits, GOLDEN);
            }
            bits += 1;
        };
        if best.0 * 32 > n {
            let good_enough = random_collisions(n, big) * 11 / 10 + 1;
            best = (at(big), big, GOLDEN);
            if best.0 > good_enough {
                for m in multipliers().into_iter().skip(1) {
                    if best.0 <= good_enough {
                        break;
                    }
                    let c = count_collisions(&tag, n, big, m, &mut seen, best.0);
                    if c < best.0 {
                        best = (c, big, m);
                    }
                }
            }
        }
        let (_, mut bits, mut multiplier) = best;
        if multiplier == GOLDEN {
            let drop_bits = big - bits;
            homes.iter_mut().for_each(|h| *h >>= drop_bits);
        } else {
            homes.clear();
            homes.extend((0..n).map(|i| (tag(i).wrapping_mul(multiplier) >> (64 - bits)) as u32));
        }
        // Counting sort by bucket: `starts[b]` counts bucket `b`, then becomes the end of its
        // run of entries; each entry, last first, takes the place before its bucket's end,
        // which leaves `starts[b]` at the bucket's start (and the entries of a bucket in their
        // given order).
        let mut m = 1usize << bits;
        let mut starts = vec![0u32; m + 1];
        let mut fullest = count_buckets(&homes, &mut starts);
        // The golden ratio is public, and the collision count does not see how collisions
        // are shared out: keys chosen to spread perfectly but for a few dozen in one bucket
        // collide less than random keys do, and each lookup of those keys would scan them
        // all. So its layout stands only while no bucket holds more than
        // `PUBLIC_BUCKET_LIMIT` keys (random keys stay below it at these loads); otherwise
        // the secret multipliers decide, at the biggest size, as for keys that collide.
        if multiplier == GOLDEN && fullest > PUBLIC_BUCKET_LIMIT {
            let secret = multipliers().into_iter().skip(1);
            let fewest = secret
                .map(|k| (count_collisions(&tag, n, big, k, &mut seen, usize::MAX), k))
                .min_by_key(|&(c, _)| c);
            if let Some((_, k)) = fewest {
                (bits, multiplier, m) = (big, k, 1usize << big);
                homes.clear();
                homes.extend((0..n).map(|i| (tag(i).wrapping_mul(k) >> (64 - bits)) as u32));
                starts.clear();
                starts.resize(m + 1, 0);
                fullest = count_buckets(&homes, &mut starts);
            }
        }
        debug_assert!(fullest as usize <= n);
        running_totals(&mut starts[..m]);
        for h in homes.iter_mut().rev() {
            let end = &mut starts[*h as usize];
            *end -= 1;
            *h = *end;
        }
        starts[m] = n as u32;
        let table = Table { starts: starts.into_boxed_slice(), multiplier, shift: 64 - bits };
        (table, Placement(homes))
    }

    /// The positions of the entries that may have `tag`.
    #[inline(always)]
    pub(crate) fn bucket(&self, tag: u64) -> Range<usize> {
        let b = (tag.wrapping_mul(self.multiplier) >> self.shift) as usize;
        debug_assert!(b + 1 < self.starts.len());
        // SAFETY: `shift` is `64 - bits` with `bits` in `3..=32` (see `build`), so `b` is below
        // `1 << bits`, and `starts` has `(1 << bits) + 1` elements: `b` and `b + 1` are in
        // bounds.
        let (start, end) =
            unsafe { (*self.starts.get_unchecked(b), *self.starts.get_unchecked(b + 1)) };
        start as usize..end as usize
    }

    /// Heap bytes held.
    pub(crate) fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.starts)
    }
}

/// At most this many keys go in a [`SlotTable`]: 32 keys in 256 slots are collision-free
/// under about one multiplier in seven, and misses rarely land on a used slot.
pub(crate) const SLOT_KEYS: usize = 32;
/// Multipliers a [`SlotTable`] search tries before giving up (for 32 random keys, it fails
/// about once in 10^16 builds; the keys then go in buckets).
const SLOT_TRIES: usize = 256;
/// A [`SlotTable`] has `2^SLOT_BITS` slots: more would spare few misses a key compare.
const SLOT_BITS: u32 = 8;
const SLOTS: usize = 1 << SLOT_BITS;
/// A [`SlotTable`] slot that holds no key (past every position).
const NO_KEY: u8 = u8::MAX;

/// A collision-free table of up to [`SLOT_KEYS`] integer keys: [`SLOTS`] one-byte slots, the
/// top bits of `key * multiplier` naming the slot that holds the position of the only key
/// that can be there, or [`NO_KEY`]. A lookup is a multiply, a byte load, a bounds check
/// (which also rejects empty slots) and one key compare, with no bucket to scan.
#[derive(Clone, Debug)]
pub(crate) struct SlotTable {
    multiplier: u64,
    slots: Box<[u8; SLOTS]>,
}

impl SlotTable {
    /// A table for the `n` distinct tags `tag(0..n)` (1 to [`SLOT_KEYS`]), or `None` if `n` is
    /// out of range or no multiplier tried puts every tag in a slot of its own.
    pub(crate) fn build(n: usize, tag: impl Fn(usize) -> u64) -> Option<SlotTable> {
        if n == 0 || n > SLOT_KEYS {
            return None;
        }
        let slot = |t: u64, m: u64| (t.wrapping_mul(m) >> (64 - SLOT_BITS)) as usize;
        // The fixed multipliers first, then odd numbers from a splitmix64 sequence: the
        // search is deterministic, so a map's layout does not vary between runs.
        let mut state = 0u64;
        let next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (state ^ (state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) | 1
        };
        let candidates = SLOT_MULTIPLIERS.into_iter().chain(core::iter::repeat_with(next));
        let multiplier = candidates.take(SLOT_TRIES).find(|&m| {
            let mut seen = [0u64; SLOTS / 64];
            (0..n).all(|i| {
                let s = slot(tag(i), m);
                let (word, bit) = (s / 64, 1u64 << (s % 64));
                let free = seen[word] & bit == 0;
                seen[word] |= bit;
                free
            })
        })?;
        let mut slots = Box::new([NO_KEY; SLOTS]);
        (0..n).for_each(|i| slots[slot(tag(i), multiplier)] = i as u8);
        Some(SlotTable { multiplier, slots })
    }

    /// The position of the only entry that may have `tag`: below `n` if its slot is used,
    /// [`NO_KEY`] (at least `n`) if not.
    #[inline(always)]
    pub(crate) fn get(&self, tag: u64) -> usize {
        // The top bits index the slots: no bounds check.
        self.slots[(tag.wrapping_mul(self.multiplier) >> (64 - SLOT_BITS)) as usize] as usize
    }

    /// Heap bytes held.
    pub(crate) fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.slots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_tables_put_each_key_alone() {
        let mut x = 7u64;
        for n in 1..=SLOT_KEYS {
            // Random keys, keys differing only in their top bits, and evenly spaced keys.
            let random: Vec<u64> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    x
                })
                .collect();
            let top: Vec<u64> = (0..n as u64).map(|i| i << 59 | 3).collect();
            let spaced: Vec<u64> = (0..n as u64).map(|i| i * 1000).collect();
            for tags in [random, top, spaced] {
                let t = SlotTable::build(n, |i| tags[i]).expect("a multiplier is found");
                for (i, &tag) in tags.iter().enumerate() {
                    assert_eq!(t.get(tag), i);
                }
                assert_eq!(t.slots.iter().filter(|&&s| s != NO_KEY).count(), n);
            }
        }
        assert!(SlotTable::build(0, |_| 0).is_none());
        assert!(SlotTable::build(SLOT_KEYS + 1, |i| i as u64).is_none());
        // Equal tags can never be separated.
        assert!(SlotTable::build(2, |_| 5).is_none());
    }

    #[test]
    fn running_totals_add_up() {
        for len in (0..40).chain([8191, 8192, 8193]) {
            let counts: Vec<u32> = (0..len as u32).map(|i| i * 7 % 5).collect();
            let mut got = counts.clone();
            running_totals(&mut got);
            let mut sum = 0;
            let want: Vec<u32> = counts
                .iter()
                .map(|c| {
                    sum += c;
                    sum
                })
                .collect();
            assert_eq!(got, want, "{len}");
        }
    }

    #[test]
    fn keys_piled_into_one_golden_bucket_get_a_secret_multiplier() {
        // 950 keys in distinct buckets under the golden ratio at the biggest size, plus 50
        // that share one bucket there: fewer collisions than random keys have, so only the
        // bucket-length check catches them.
        let n = 1000;
        let big = table_bits(n) + 3;
        let bucket = |k: u64| k.wrapping_mul(GOLDEN) >> (64 - big);
        let mut used = std::collections::HashSet::new();
        let mut tags: Vec<u64> = Vec::new();
        let target = bucket(1);
        let mut k = 1u64;
        while tags.len() < 50 {
            if bucket(k) == target {
                tags.push(k);
            }
            k += 1;
        }
        used.insert(target);
        let mut k = 1u64 << 40;
        while tags.len() < n {
            if used.insert(bucket(k)) {
                tags.push(k);
            }
            k += 1;
        }
        let random = random_collisions(n, big);
        let golden =
            count_collisions(&|i| tags[i], n, big, GOLDEN, &mut vec![0; 1 << big], usize::MAX);
        assert!(golden < random, "{golden} collisions, random keys {random}");
        let (t, dest) = Table::build(n, 3, |i| tags[i]);
        assert_ne!(t.multiplier, GOLDEN);
        dest.apply(&mut tags);
        let fullest = tags.iter().map(|&k| t.bucket(k).len()).max().unwrap();
        assert!(fullest <= PUBLIC_BUCKET_LIMIT as usize, "a bucket of {fullest}");
        for (i, &tag) in tags.iter().enumerate() {
            assert!(t.bucket(tag).contains(&i));
        }
    }

    #[test]
    fn buckets_hold_their_tags() {
        for n in [0, 1, 7, 100, 5000] {
            let mut tags: Vec<u64> = (0..n as u64).map(|i| i * 1024).collect();
            let (t, dest) = Table::build(n, 3, |i| tags[i]);
            dest.apply(&mut tags);
            for (i, &tag) in tags.iter().enumerate() {
                assert!(t.bucket(tag).contains(&i));
            }
            assert!(t.bucket(1).all(|i| tags[i] != 1));
        }
    }
}
