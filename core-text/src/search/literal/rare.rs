//! The rare-byte search, for one pattern or a few: each pattern is represented by its rarest
//! byte (by [`rank`]); when the set needs at most three distinct bytes, the level's
//! `memchr`/`memchr2`/`memchr3` finds them and each hit is verified against the patterns that
//! chose that byte, at the start the byte's offset implies.
//!
//! ```text
//! r = memchr3(rare bytes, from)            // next hit
//! for (pattern, offset) chosen for hay[r]:
//!     if pattern occurs at r - offset: leftmost start so far
//! stop when r - max_offset can no longer beat the leftmost start
//! ```
//!
//! With one pattern this is the classic memchr-then-compare substring search. When hits come
//! too densely (the byte is not rare in this input: fewer than 64 bytes a hit on average over
//! 8 hits), the search hands the rest of the haystack, from the first start it has not ruled
//! out, to the set's Teddy or automaton: the prefilter never costs more than a constant factor.
//! Sets of single bytes (at most three distinct) are searched this way with no verification.

use super::pattern::Patterns;
use super::rank::rank;
use crate::arch::ops::{Ops, Pinned};
use alloc::vec::Vec;

/// Bytes ranked above this are too common to scan for.
const COMMON: u8 = 245;
/// After this many hits without a match, the hit density is checked.
const PATIENCE: usize = 8;
/// Fewer haystack bytes than this per hit hand the search over.
const MIN_GAP: usize = 64;

/// One to three bytes to find with the level's `memchr` family.
#[derive(Clone, Copy, Debug)]
pub(super) struct Needles {
    bytes: [u8; 3],
    count: usize,
}

impl Needles {
    /// The needles for `bytes` (distinct), or `None` for none or more than three.
    pub(super) fn new(bytes: &[u8]) -> Option<Needles> {
        let mut n = Needles { bytes: [0; 3], count: bytes.len() };
        if bytes.is_empty() || bytes.len() > 3 {
            return None;
        }
        n.bytes[..bytes.len()].copy_from_slice(bytes);
        Some(n)
    }

    /// The first position in `hay` of one of the needles.
    #[inline(always)]
    pub(super) fn find(&self, ops: Pinned, hay: &[u8]) -> Option<usize> {
        let [a, b, c] = self.bytes;
        match self.count {
            1 => ops.memchr(hay, a),
            2 => ops.memchr2(hay, a, b),
            _ => ops.memchr3(hay, a, b, c),
        }
    }
}

/// The rare-byte searcher of a set.
#[derive(Clone, Debug)]
pub(super) struct RareBytes {
    needles: Needles,
    /// Per byte value: the index into `entries` of the byte's (pattern, offset) list.
    slot: [u8; 256],
    entries: Vec<Vec<(usize, usize)>>,
    max_offset: usize,
    /// Every pattern is one byte: a hit is a match.
    exact: bool,
}

impl RareBytes {
    /// The rare-byte searcher for `pats`, when at most three bytes (counting both cases of
    /// a letter when folding) represent every pattern and they are not common bytes; a set
    /// of single bytes needs only the first condition.
    pub(super) fn new(pats: &Patterns) -> Option<RareBytes> {
        let n = pats.len();
        if n == 0 || (0..n).any(|i| pats.len_of(i) == 0) {
            return None;
        }
        let exact = (0..n).all(|i| pats.len_of(i) == 1);
        let mut chosen: Vec<u8> = Vec::new();
        let mut choice = Vec::with_capacity(n);
        for i in 0..n {
            let p = pats.bytes_of(i);
            // A byte already chosen costs no needle; otherwise the rarest.
            let off = p.iter().position(|b| chosen.contains(b)).unwrap_or_else(|| {
                let score = |b: u8| {
                    let r = rank(b);
                    if pats.folds() && b.is_ascii_lowercase() {
                        r.max(rank(b.to_ascii_uppercase()))
                    } else {
                        r
                    }
                };
                (0..p.len()).min_by_key(|&o| score(p[o])).expect("non-empty pattern")
            });
            if !chosen.contains(&p[off]) {
                chosen.push(p[off]);
            }
            choice.push((p[off], off));
        }
        let mut bytes: Vec<u8> = Vec::new();
        for &b in &chosen {
            bytes.push(b);
            if pats.folds() && b.is_ascii_lowercase() {
                bytes.push(b.to_ascii_uppercase());
            }
        }
        let needles = Needles::new(&bytes)?;
        if !exact && bytes.iter().any(|&b| rank(b) > COMMON) {
            return None;
        }
        let mut slot = [u8::MAX; 256];
        let mut entries: Vec<Vec<(usize, usize)>> = Vec::new();
        for (k, &b) in chosen.iter().enumerate() {
            slot[usize::from(b)] = k as u8;
            if pats.folds() {
                slot[usize::from(b.to_ascii_uppercase())] = k as u8;
            }
            entries.push(Vec::new());
        }
        for (i, &(b, off)) in choice.iter().enumerate() {
            entries[usize::from(slot[usize::from(b)])].push((i, off));
        }
        let max_offset = choice.iter().map(|c| c.1).max().unwrap_or(0);
        Some(RareBytes { needles, slot, entries, max_offset, exact })
    }

    /// Is this a set of single bytes (no verification)?
    pub(super) fn is_exact(&self) -> bool {
        self.exact
    }

    /// The leftmost match in `hay`, `(start, pattern)`; when hits come too densely, `fallback`
    /// searches the rest (it takes a suffix of `hay` and returns positions in it).
    #[inline]
    pub(super) fn find(
        &self,
        pats: &Patterns,
        ops: Pinned,
        hay: &[u8],
        fallback: impl FnOnce(&[u8]) -> Option<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        let mut from = 0;
        let mut best: Option<usize> = None;
        let mut hits = 0;
        while let Some(k) = self.needles.find(ops, &hay[from..]) {
            let r = from + k;
            if best.is_some_and(|s| r >= s + self.max_offset) {
                break;
            }
            from = r + 1;
            let slot = usize::from(self.slot[usize::from(hay[r])]);
            for &(i, off) in &self.entries[slot] {
                if let Some(q) = r.checked_sub(off) {
                    if best.is_none_or(|s| q < s) && (self.exact || pats.matches_at(hay, q, i)) {
                        best = Some(q);
                    }
                }
            }
            hits += 1;
            if best.is_none() && !self.exact && hits >= PATIENCE && r < hits * MIN_GAP {
                // Every start below `from - max_offset` has been ruled out.
                let resume = from.saturating_sub(self.max_offset);
                return fallback(&hay[resume..]).map(|(s, i)| (s + resume, i));
            }
        }
        let s = best?;
        let i = pats.best_at(hay, s, 0..pats.len())?;
        Some((s, i))
    }
}
