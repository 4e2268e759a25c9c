//! The bucketed hash table behind the hashed strategies.
//!
//! Entries are stored grouped by bucket; `starts[b]..starts[b + 1]` are the entries of bucket
//! `b`, so a lookup reads two adjacent integers and scans a short run of entries (an empty
//! bucket is an empty range: no sentinel test). A key's bucket is the top bits of
//! `tag * multiplier` (multiply-shift hashing), where the tag is the integer key itself or
//! the key's hash. Building tries a few multipliers and two sizes, counting keys that share a
//! bucket, and keeps the layout with the fewest.

use core::ops::Range;

/// Odd multipliers tried in turn (the golden ratio, then constants from hash finalisers).
const MULTIPLIERS: [u64; 4] =
    [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0xd6e8_feb8_6659_fd93];

#[derive(Clone, Debug)]
pub(crate) struct Table {
    starts: Box<[u32]>,
    multiplier: u64,
    shift: u32,
}

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

/// Moves `items[i]` to `dest[i]`, in place (cycle by cycle).
pub(crate) fn permute<T>(items: &mut [T], mut dest: Vec<u32>) {
    for i in 0..items.len() {
        while dest[i] as usize != i {
            let d = dest[i] as usize;
            items.swap(i, d);
            dest.swap(i, d);
        }
    }
}

impl Table {
    /// A table for the entries `0..n`, entry `i` under tag `tag(i)`, and where each entry
    /// must move to (see [`permute`]) so that buckets are contiguous.
    ///
    /// # Panics
    /// If `n >= u32::MAX` (entry positions are 32-bit).
    pub(crate) fn build(n: usize, tag: impl Fn(usize) -> u64) -> (Table, Vec<u32>) {
        assert!(n < u32::MAX as usize, "a frozen collection holds fewer than 2^32 - 1 entries");
        // The smallest size first; a doubled one only if the keys collide more than random
        // keys would (about 37% of them at one key per bucket): a hint of structure.
        let small = table_bits(n);
        let mut seen = vec![0u64; (1usize << (small + 1)).div_ceil(64)];
        let mut best = (usize::MAX, small, MULTIPLIERS[0]);
        'search: for bits in [small, small + 1] {
            for m in MULTIPLIERS {
                let c = count_collisions(&tag, n, bits, m, &mut seen, best.0);
                if c < best.0 {
                    best = (c, bits, m);
                }
                if best.0 == 0 {
                    break 'search;
                }
            }
            if best.0 * 20 <= n * 9 {
                break;
            }
        }
        drop(seen);
        let (_, bits, multiplier) = best;
        let bucket = |i: usize| (tag(i).wrapping_mul(multiplier) >> (64 - bits)) as usize;
        // Counting sort by bucket: `starts` first counts, then becomes offsets.
        let mut starts = vec![0u32; (1 << bits) + 1];
        (0..n).for_each(|i| starts[bucket(i) + 1] += 1);
        for b in 1..starts.len() {
            starts[b] += starts[b - 1];
        }
        let mut next = starts.clone();
        let dest = (0..n)
            .map(|i| {
                let b = bucket(i);
                next[b] += 1;
                next[b] - 1
            })
            .collect();
        let table = Table { starts: starts.into_boxed_slice(), multiplier, shift: 64 - bits };
        (table, dest)
    }

    /// The positions of the entries that may have `tag`.
    #[inline(always)]
    pub(crate) fn bucket(&self, tag: u64) -> Range<usize> {
        let b = (tag.wrapping_mul(self.multiplier) >> self.shift) as usize;
        match self.starts.get(b..b + 2) {
            Some(&[start, end]) => start as usize..end as usize,
            _ => 0..0,
        }
    }

    /// Heap bytes held.
    pub(crate) fn heap_size(&self) -> usize {
        core::mem::size_of_val(&*self.starts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_hold_their_tags() {
        for n in [0, 1, 7, 100, 5000] {
            let mut tags: Vec<u64> = (0..n as u64).map(|i| i * 1024).collect();
            let (t, dest) = Table::build(n, |i| tags[i]);
            permute(&mut tags, dest);
            for (i, &tag) in tags.iter().enumerate() {
                assert!(t.bucket(tag).contains(&i));
            }
            assert!(t.bucket(1).all(|i| tags[i] != 1));
        }
    }
}
