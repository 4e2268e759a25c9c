//! The patterns of a [`LiteralSet`](super::LiteralSet) as every strategy verifies them: the
//! bytes of each, and its first eight bytes as a word, so that most candidate checks are one
//! unaligned load, an OR, an AND and a compare.
//!
//! Case-insensitive patterns are stored lower-cased, with a fold mask that has `0x20` at the
//! positions of letters: `haystack_byte | 0x20 == lower_letter` holds exactly for the two cases
//! of that letter, so `(word | fold) & mask == pattern_word` compares eight bytes ignoring
//! ASCII case in one step.

use super::MatchKind;
use alloc::vec::Vec;

/// One pattern's verification record.
#[derive(Clone, Debug)]
struct Lit {
    /// Offset of the pattern's bytes in [`Patterns::bytes`].
    at: usize,
    len: usize,
    /// The first `min(len, 8)` bytes, little-endian, lower-cased when folding.
    word: u64,
    /// Ones over the bytes `word` holds.
    mask: u64,
    /// `0x20` at the bytes of `word` that are ASCII letters (when folding), else zero.
    fold: u64,
}

/// Every pattern, in the order given, with what verification needs.
#[derive(Clone, Debug)]
pub(super) struct Patterns {
    lits: Vec<Lit>,
    bytes: Vec<u8>,
    fold: bool,
    kind: MatchKind,
}

/// The first eight bytes of `s` (fewer: zero-filled) as a little-endian word.
#[inline(always)]
fn word_of(s: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = s.len().min(8);
    b[..n].copy_from_slice(&s[..n]);
    u64::from_le_bytes(b)
}

impl Patterns {
    pub(super) fn new<P: AsRef<[u8]>>(patterns: &[P], fold: bool, kind: MatchKind) -> Patterns {
        let mut bytes = Vec::new();
        let mut lits = Vec::with_capacity(patterns.len());
        for p in patterns {
            let p = p.as_ref();
            let at = bytes.len();
            bytes.extend(p.iter().map(|&b| if fold { b.to_ascii_lowercase() } else { b }));
            let stored = &bytes[at..];
            let n = p.len().min(8);
            let mut letters = [0u8; 8];
            if fold {
                for (l, &b) in letters.iter_mut().zip(stored) {
                    *l = if b.is_ascii_lowercase() { 0x20 } else { 0 };
                }
            }
            lits.push(Lit {
                at,
                len: p.len(),
                word: word_of(stored),
                mask: core_cpu::vector::low_bits(n * 8),
                fold: u64::from_le_bytes(letters),
            });
        }
        Patterns { lits, bytes, fold, kind }
    }

    /// The number of patterns.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.lits.len()
    }

    /// Pattern `i`'s length.
    #[inline(always)]
    pub(super) fn len_of(&self, i: usize) -> usize {
        self.lits[i].len
    }

    /// Pattern `i`'s bytes (lower-cased when folding).
    #[inline]
    pub(super) fn bytes_of(&self, i: usize) -> &[u8] {
        let l = &self.lits[i];
        &self.bytes[l.at..l.at + l.len]
    }

    /// Does ASCII case fold?
    #[inline]
    pub(super) fn folds(&self) -> bool {
        self.fold
    }

    /// The match semantics.
    #[inline]
    pub(super) fn kind(&self) -> MatchKind {
        self.kind
    }

    /// Does pattern `i` occur in `hay` at `q`?
    #[inline(always)]
    pub(super) fn matches_at(&self, hay: &[u8], q: usize, i: usize) -> bool {
        let l = &self.lits[i];
        let Some(rest) = hay.get(q..) else { return false };
        if rest.len() < l.len {
            return false;
        }
        let head = if rest.len() >= 8 {
            u64::from_le_bytes(rest[..8].try_into().expect("eight bytes"))
        } else {
            word_of(rest)
        };
        if (head | l.fold) & l.mask != l.word {
            return false;
        }
        if l.len <= 8 {
            return true;
        }
        let tail = &self.bytes[l.at + 8..l.at + l.len];
        let hay_tail = &rest[8..l.len];
        if self.fold {
            hay_tail.eq_ignore_ascii_case(tail)
        } else {
            hay_tail == tail
        }
    }

    /// Is `a` the better of two patterns that both match at one position, by the match
    /// semantics? (Leftmost-first: the lower index; leftmost-longest: the longer, then the
    /// lower index.)
    #[inline(always)]
    pub(super) fn better(&self, a: usize, b: usize) -> bool {
        match self.kind {
            MatchKind::LeftmostFirst => a < b,
            MatchKind::LeftmostLongest => {
                let (la, lb) = (self.lits[a].len, self.lits[b].len);
                la > lb || (la == lb && a < b)
            }
        }
    }

    /// The best of the patterns `ids` that occur at `q`.
    #[inline(always)]
    pub(super) fn best_at(
        &self,
        hay: &[u8],
        q: usize,
        ids: impl IntoIterator<Item = usize>,
    ) -> Option<usize> {
        let mut best: Option<usize> = None;
        for i in ids {
            if best.is_none_or(|b| self.better(i, b)) && self.matches_at(hay, q, i) {
                best = Some(i);
            }
        }
        best
    }
}
