//! Splitting by bytes, byte sets and lines: one 64-bit mask of separator positions per
//! 64-byte block, computed by the set kernels, then one token per set bit — no search call
//! per token. Where a block holds no separator, the search kernel skips to the next one and
//! the next block starts there, so sparse separators cost what a `memchr` loop does.

use super::set::{ByteSet, U16Set, Via};
use crate::arch::generic::set::{Kind, Spec};
use core::iter::FusedIterator;
use core::ops::Range;

/// The spec of the single byte `b`.
fn byte_spec(b: u8) -> Spec {
    let mut members = [0u64; 4];
    members[(b >> 6) as usize] = 1 << (b & 63);
    Spec { kind: Kind::Values(1, [b; 5]), invert: false, members }
}

/// The pieces of `haystack` between occurrences of `separator`, like `slice::split` with
/// `|b| *b == separator` (and `str::split` with a one-byte pattern): `n` separators give
/// `n + 1` pieces, empty ones included.
///
/// ```
/// use core_text::search::split;
/// let fields: Vec<&[u8]> = split(b"a,b,,c", b',').collect();
/// assert_eq!(fields, [&b"a"[..], b"b", b"", b"c"]);
/// assert_eq!(split(b"a,b", b',').into_ranges().collect::<Vec<_>>(), [0..1, 2..3]);
/// assert_eq!(split(b"a,b,c", b',').rev().collect::<Vec<_>>(), [&b"c"[..], b"b", b"a"]);
/// ```
#[inline]
pub fn split(haystack: &[u8], separator: u8) -> Split<'_> {
    Split::new(haystack, byte_spec(separator), Via::Auto, usize::MAX)
}

/// The pieces of `haystack` between bytes of `separators`.
///
/// ```
/// use core_text::search::{split_set, ByteSet};
/// let ws = ByteSet::new(b" \t\n");
/// let words: Vec<&[u8]> = split_set(b"a b\tc", &ws).collect();
/// assert_eq!(words, [&b"a"[..], b"b", b"c"]);
/// ```
#[inline]
pub fn split_set<'h>(haystack: &'h [u8], separators: &ByteSet) -> Split<'h> {
    Split::new(haystack, *separators.spec(), Via::Auto, usize::MAX)
}

/// At most `n` pieces of `haystack` split by `separator`, the last holding the rest (like
/// `slice::splitn`); none when `n` is 0.
///
/// ```
/// let kv: Vec<&[u8]> = core_text::search::splitn(b"k=v=w", 2, b'=').collect();
/// assert_eq!(kv, [&b"k"[..], b"v=w"]);
/// ```
#[inline]
pub fn splitn(haystack: &[u8], n: usize, separator: u8) -> Split<'_> {
    Split::new(haystack, byte_spec(separator), Via::Auto, n)
}

/// The pieces of `haystack` split by `separator`, last first (like `slice::rsplit`).
#[inline]
pub fn rsplit(haystack: &[u8], separator: u8) -> core::iter::Rev<Split<'_>> {
    split(haystack, separator).rev()
}

/// At most `n` pieces of `haystack` split by `separator` from the end, the last holding the
/// front (like `slice::rsplitn`).
///
/// ```
/// let parts: Vec<&[u8]> = core_text::search::rsplitn(b"a/b/c", 2, b'/').collect();
/// assert_eq!(parts, [&b"c"[..], b"a/b"]);
/// ```
#[inline]
pub fn rsplitn(haystack: &[u8], n: usize, separator: u8) -> RSplitN<'_> {
    RSplitN(Split::new(haystack, byte_spec(separator), Via::Auto, usize::MAX), n)
}

/// The lines of `haystack`, as `str::lines` splits them: at `\n`, with a `\r` before it
/// removed; a final line without `\n` is kept, a final empty one is not.
///
/// ```
/// let lines: Vec<&[u8]> = core_text::search::lines(b"one\r\ntwo\n\nthree\n").collect();
/// assert_eq!(lines, [&b"one"[..], b"two", b"", b"three"]);
/// ```
#[inline]
pub fn lines(haystack: &[u8]) -> Lines<'_> {
    Lines(Split::new(haystack, byte_spec(b'\n'), Via::Auto, usize::MAX))
}

/// The lines of a `str` ([`lines`] on its bytes), as `str::lines` gives them.
///
/// ```
/// let v: Vec<&str> = core_text::search::str_lines("a\r\nb").collect();
/// assert_eq!(v, ["a", "b"]);
/// ```
#[inline]
pub fn str_lines(s: &str) -> impl DoubleEndedIterator<Item = &str> + FusedIterator + '_ {
    // SAFETY: each line is cut at an ASCII byte (`\n`, or before a `\r`), so at char
    // boundaries of valid UTF-8.
    lines(s.as_bytes()).map(|l| unsafe { core::str::from_utf8_unchecked(l) })
}

/// The pieces of a haystack between separators ([`split`], [`split_set`], [`splitn`]);
/// double-ended.
#[derive(Clone, Debug)]
pub struct Split<'h> {
    hay: &'h [u8],
    spec: Spec,
    via: Via,
    /// The unsplit part is `start..end`; `done` once its last piece is out.
    start: usize,
    end: usize,
    done: bool,
    /// Front: separators at `front_block + bit` for the set bits, beyond `start`.
    front_block: usize,
    front: u64,
    /// Back: separators at `back_block + bit`, before `end`.
    back_block: usize,
    back: u64,
    /// Pieces still allowed (`splitn`).
    left: usize,
}

impl<'h> Split<'h> {
    pub(crate) fn new(hay: &'h [u8], spec: Spec, via: Via, limit: usize) -> Split<'h> {
        let n = hay.len();
        let front = if n > 0 { via.set_mask64(hay, &spec, false) } else { 0 };
        let back_block = n.saturating_sub(64);
        let back = if n > 0 { via.set_mask64(&hay[back_block..], &spec, false) } else { 0 };
        Split {
            hay,
            spec,
            via,
            start: 0,
            end: n,
            done: limit == 0,
            front_block: 0,
            front,
            back_block,
            back,
            left: limit,
        }
    }

    /// The same pieces as ranges of the haystack.
    pub fn into_ranges(self) -> SplitRanges<'h> {
        SplitRanges(self)
    }

    /// The next separator at or after `start` and before `end`.
    #[inline]
    fn next_separator(&mut self) -> Option<usize> {
        loop {
            if self.front != 0 {
                let at = self.front_block + self.front.trailing_zeros() as usize;
                self.front &= self.front - 1;
                if at < self.start {
                    continue;
                }
                return (at < self.end).then_some(at);
            }
            // The next block; if it holds no separator, the search kernel skips to the next
            // one (no mask per block where separators are sparse) and a block starts there.
            let from = self.front_block + 64;
            if from >= self.end {
                return None;
            }
            self.front_block = from;
            self.front = self.via.set_mask64(&self.hay[from..self.end], &self.spec, false);
            if self.front == 0 {
                let from = from + 64;
                if from >= self.end {
                    return None;
                }
                let k = self.via.set_find(&self.hay[from..self.end], &self.spec, false)?;
                self.front_block = from + k;
                let block = &self.hay[self.front_block..self.end];
                self.front = self.via.set_mask64(block, &self.spec, false);
            }
        }
    }

    /// The last separator before `end` and at or after `start`.
    #[inline]
    fn prev_separator(&mut self) -> Option<usize> {
        loop {
            if self.back != 0 {
                let bit = 63 - self.back.leading_zeros() as usize;
                self.back &= !(1 << bit);
                let at = self.back_block + bit;
                if at >= self.end {
                    continue;
                }
                return (at >= self.start).then_some(at);
            }
            if self.back_block <= self.start {
                return None;
            }
            // The block before this one; if it holds no separator, the one ending just after
            // the previous separator.
            let block_end = self.back_block;
            self.back_block = block_end.saturating_sub(64).max(self.start);
            let block = &self.hay[self.back_block..block_end];
            self.back = self.via.set_mask64(block, &self.spec, false);
            if self.back == 0 {
                if self.back_block <= self.start {
                    return None;
                }
                let part = &self.hay[self.start..self.back_block];
                let block_end = self.start + self.via.set_rfind(part, &self.spec, false)? + 1;
                self.back_block = block_end.saturating_sub(64).max(self.start);
                let block = &self.hay[self.back_block..block_end];
                self.back = self.via.set_mask64(block, &self.spec, false);
            }
        }
    }

    #[inline]
    fn next_range(&mut self) -> Option<Range<usize>> {
        if self.done {
            return None;
        }
        self.left -= 1;
        let sep = if self.left == 0 { None } else { self.next_separator() };
        match sep {
            Some(at) => {
                let r = self.start..at;
                self.start = at + 1;
                Some(r)
            }
            None => {
                self.done = true;
                Some(self.start..self.end)
            }
        }
    }

    #[inline]
    fn next_back_range(&mut self) -> Option<Range<usize>> {
        if self.done {
            return None;
        }
        match self.prev_separator() {
            Some(at) => {
                let r = at + 1..self.end;
                self.end = at;
                Some(r)
            }
            None => {
                self.done = true;
                Some(self.start..self.end)
            }
        }
    }
}

impl<'h> Iterator for Split<'h> {
    type Item = &'h [u8];

    #[inline]
    fn next(&mut self) -> Option<&'h [u8]> {
        let r = self.next_range()?;
        Some(&self.hay[r])
    }
}

/// Walking from the back ignores a `splitn` limit (use [`rsplitn`] for one from the back).
impl<'h> DoubleEndedIterator for Split<'h> {
    #[inline]
    fn next_back(&mut self) -> Option<&'h [u8]> {
        let r = self.next_back_range()?;
        Some(&self.hay[r])
    }
}

impl FusedIterator for Split<'_> {}

/// [`Split`]'s pieces as ranges ([`Split::into_ranges`]).
#[derive(Clone, Debug)]
pub struct SplitRanges<'h>(Split<'h>);

impl Iterator for SplitRanges<'_> {
    type Item = Range<usize>;

    #[inline]
    fn next(&mut self) -> Option<Range<usize>> {
        self.0.next_range()
    }
}

impl DoubleEndedIterator for SplitRanges<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Range<usize>> {
        self.0.next_back_range()
    }
}

impl FusedIterator for SplitRanges<'_> {}

/// At most `n` pieces from the back ([`rsplitn`]).
#[derive(Clone, Debug)]
pub struct RSplitN<'h>(Split<'h>, usize);

impl<'h> Iterator for RSplitN<'h> {
    type Item = &'h [u8];

    #[inline]
    fn next(&mut self) -> Option<&'h [u8]> {
        match self.1 {
            0 => None,
            1 => {
                self.1 = 0;
                let s = &mut self.0;
                if s.done {
                    return None;
                }
                s.done = true;
                Some(&s.hay[s.start..s.end])
            }
            _ => {
                self.1 -= 1;
                self.0.next_back()
            }
        }
    }
}

impl FusedIterator for RSplitN<'_> {}

/// The lines of a haystack ([`lines`]); double-ended.
#[derive(Clone, Debug)]
pub struct Lines<'h>(Split<'h>);

impl Lines<'_> {
    /// A piece less a final `\r`, when a `\n` followed it.
    #[inline]
    fn trim(piece: &[u8]) -> &[u8] {
        match piece {
            [rest @ .., b'\r'] => rest,
            _ => piece,
        }
    }
}

impl<'h> Iterator for Lines<'h> {
    type Item = &'h [u8];

    #[inline]
    fn next(&mut self) -> Option<&'h [u8]> {
        let s = &mut self.0;
        let r = s.next_range()?;
        if s.done && r.end == s.hay.len() {
            // The piece after the last `\n`: a line only when not empty, and kept whole.
            return (!r.is_empty()).then(|| &s.hay[r]);
        }
        Some(Self::trim(&s.hay[r]))
    }
}

impl<'h> DoubleEndedIterator for Lines<'h> {
    #[inline]
    fn next_back(&mut self) -> Option<&'h [u8]> {
        let s = &mut self.0;
        // The first piece taken from the back is the one after the last `\n` (if any).
        let first_back = s.end == s.hay.len() && !s.done;
        let r = s.next_back_range()?;
        let ended_by_newline = r.end < s.hay.len();
        if first_back && !ended_by_newline {
            if r.is_empty() {
                return self.next_back();
            }
            return Some(&s.hay[r]);
        }
        Some(Self::trim(&s.hay[r]))
    }
}

impl FusedIterator for Lines<'_> {}

/// The pieces of a UTF-16 haystack between units of a set ([`split16`]).
#[derive(Clone, Debug)]
pub struct Split16<'h, 's> {
    hay: &'h [u16],
    set: &'s U16Set,
    start: usize,
    done: bool,
}

/// The pieces of `haystack` between units of `separators`, each found by the set's kernel
/// (for separators of at most 254, the packed path: a haystack without separators costs one
/// narrowed compare per two vectors).
///
/// ```
/// use core_text::search::{split16, U16Set};
/// let hay: Vec<u16> = "a;b;c".encode_utf16().collect();
/// let semi = U16Set::new(&[b';' as u16]);
/// assert_eq!(split16(&hay, &semi).count(), 3);
/// ```
#[inline]
pub fn split16<'h, 's>(haystack: &'h [u16], separators: &'s U16Set) -> Split16<'h, 's> {
    Split16 { hay: haystack, set: separators, start: 0, done: false }
}

impl<'h> Iterator for Split16<'h, '_> {
    type Item = &'h [u16];

    #[inline]
    fn next(&mut self) -> Option<&'h [u16]> {
        if self.done {
            return None;
        }
        let rest = &self.hay[self.start..];
        match self.set.find(rest) {
            Some(k) => {
                self.start += k + 1;
                Some(&rest[..k])
            }
            None => {
                self.done = true;
                Some(rest)
            }
        }
    }
}

impl FusedIterator for Split16<'_, '_> {}
