//! Splitting by bytes, byte sets and lines: one 64-bit mask of separator positions per
//! 64-byte block, computed by the set kernels, then one token per set bit — no search call
//! per token. Where a block holds no separator, the search kernel skips to the next one and
//! the next block starts there, so sparse separators cost what a `memchr` loop does.

use super::set::{ByteSet, U16Set, Via};
use crate::arch::generic::set::{Kind, Spec};
use core::iter::FusedIterator;
use core::ops::Range;

/// The spec of the single byte `b`.
#[inline]
fn byte_spec(b: u8) -> Spec {
    super::set::needle_spec(&[b])
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
///
/// # Examples
///
/// ```
/// use core_text::search::rsplit;
/// let parts: Vec<&[u8]> = rsplit(b"www.example.com", b'.').collect();
/// assert_eq!(parts, [&b"com"[..], b"example", b"www"]);
/// ```
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

/// The positions of a byte set's members in a haystack, from both ends. Each end adapts to
/// the density of members: sparse, one search-kernel call per member (what a `memchr` loop
/// does); once two members fall within 64 bytes, one 64-bit mask per 64-byte block (each set
/// bit a member), until a block holds none. The iterators of this module and of the `memchr`
/// family walk it.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'h> {
    pub(crate) hay: &'h [u8],
    spec: Spec,
    via: Via,
    /// Sets of one to three bytes (the `memchr` iterators, splitting by a byte): their
    /// number, and the sparse steps call the `memchr` kernels of `needles` directly, which
    /// skip the set kernels' dispatch on the strategy (a jump table, and a frame for every
    /// strategy's registers: a large share of a search of a short haystack). 0 for other sets.
    arity: u8,
    needles: [u8; 3],
    /// Positions are wanted in `start..end`.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Front: members at `front_block + bit` for the set bits of `front`; the next block
    /// starts at `front_next`; `front_last` is the last member found by a search (sparse).
    front_block: usize,
    front: u64,
    front_next: usize,
    front_last: Option<usize>,
    front_dense: bool,
    /// Back: members at `back_block + bit` for the set bits of `back`; the next block ends at
    /// `back_block`.
    back_block: usize,
    back: u64,
    back_last: Option<usize>,
    back_dense: bool,
}

impl<'h> Cursor<'h> {
    /// A cursor over all of `hay`; nothing is read before the first step.
    #[inline]
    pub(crate) fn new(hay: &'h [u8], spec: Spec, via: Via) -> Cursor<'h> {
        let n = hay.len();
        let (arity, needles) = match spec.kind {
            Kind::Values(k @ 1..=3, v) if !spec.invert => (k, [v[0], v[1], v[2]]),
            _ => (0, [0; 3]),
        };
        Cursor {
            hay,
            spec,
            via,
            arity,
            needles,
            start: 0,
            end: n,
            front_block: 0,
            front: 0,
            front_next: 0,
            front_last: None,
            front_dense: false,
            back_block: n,
            back: 0,
            back_last: None,
            back_dense: false,
        }
    }

    /// The first member in `part`.
    #[inline]
    fn find(&self, part: &[u8]) -> Option<usize> {
        let [a, b, c] = self.needles;
        match self.arity {
            1 => self.via.memchr(part, a),
            2 => self.via.memchr2(part, a, b),
            3 => self.via.memchr3(part, a, b, c),
            _ => self.via.set_find(part, &self.spec, false),
        }
    }

    /// The last member in `part`.
    #[inline]
    fn rfind(&self, part: &[u8]) -> Option<usize> {
        let [a, b, c] = self.needles;
        match self.arity {
            1 => self.via.memrchr(part, a),
            2 => self.via.memrchr2(part, a, b),
            3 => self.via.memrchr3(part, a, b, c),
            _ => self.via.set_rfind(part, &self.spec, false),
        }
    }

    /// The first member at or after `start` and before `end` (the caller moves `start`).
    #[inline]
    pub(crate) fn next_pos(&mut self) -> Option<usize> {
        loop {
            if self.front != 0 {
                let at = self.front_block + self.front.trailing_zeros() as usize;
                self.front &= self.front - 1;
                if at < self.start {
                    continue;
                }
                return (at < self.end).then_some(at);
            }
            let from = self.front_next.max(self.start);
            if from >= self.end {
                return None;
            }
            if self.front_dense {
                self.front = self.via.set_mask64(&self.hay[from..self.end], &self.spec, false);
                self.front_block = from;
                self.front_next = from + 64;
                self.front_dense = self.front != 0;
                continue;
            }
            let at = from + self.find(&self.hay[from..self.end])?;
            self.front_next = at + 1;
            self.front_dense = self.front_last.is_some_and(|last| at - last < 64);
            self.front_last = Some(at);
            return Some(at);
        }
    }

    /// The last member before `end` and at or after `start` (the caller moves `end`).
    #[inline]
    pub(crate) fn prev_pos(&mut self) -> Option<usize> {
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
            let block_end = self.back_block.min(self.end);
            if block_end <= self.start {
                return None;
            }
            if self.back_dense {
                self.back_block = block_end.saturating_sub(64).max(self.start);
                let block = &self.hay[self.back_block..block_end];
                self.back = self.via.set_mask64(block, &self.spec, false);
                self.back_dense = self.back != 0;
                continue;
            }
            let part = &self.hay[self.start..block_end];
            let at = self.start + self.rfind(part)?;
            self.back_block = at;
            self.back_dense = self.back_last.is_some_and(|last| last - at < 64);
            self.back_last = Some(at);
            return Some(at);
        }
    }
}

/// The iterator impls of a newtype over [`Cursor`] yielding member positions, double-ended.
macro_rules! cursor_iterator {
    ($t:ident) => {
        impl Iterator for $t<'_> {
            type Item = usize;

            #[inline]
            fn next(&mut self) -> Option<usize> {
                let at = self.0.next_pos()?;
                self.0.start = at + 1;
                Some(at)
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                (0, Some(self.0.end.saturating_sub(self.0.start)))
            }
        }

        impl DoubleEndedIterator for $t<'_> {
            #[inline]
            fn next_back(&mut self) -> Option<usize> {
                let at = self.0.prev_pos()?;
                self.0.end = at;
                Some(at)
            }
        }

        impl core::iter::FusedIterator for $t<'_> {}
    };
}
pub(crate) use cursor_iterator;

/// The pieces of a haystack between separators ([`split`], [`split_set`], [`splitn`]);
/// double-ended.
///
/// # Examples
///
/// ```
/// use core_text::search::split;
/// let mut it = split(b"1 2 3 4", b' ');
/// assert_eq!(it.next(), Some(&b"1"[..]));
/// assert_eq!(it.next_back(), Some(&b"4"[..]));
/// assert_eq!(it.count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Split<'h> {
    c: Cursor<'h>,
    /// Set once the last piece is out.
    done: bool,
    /// Pieces still allowed (`splitn`).
    left: usize,
}

impl<'h> Split<'h> {
    pub(crate) fn new(hay: &'h [u8], spec: Spec, via: Via, limit: usize) -> Split<'h> {
        Split { c: Cursor::new(hay, spec, via), done: limit == 0, left: limit }
    }

    /// The same pieces as ranges of the haystack.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::split;
    /// let hay = b"ab,cde";
    /// let ranges: Vec<_> = split(hay, b',').into_ranges().collect();
    /// assert_eq!(ranges, [0..2, 3..6]);
    /// assert_eq!(&hay[ranges[1].clone()], b"cde");
    /// ```
    pub fn into_ranges(self) -> SplitRanges<'h> {
        SplitRanges(self)
    }

    #[inline]
    fn next_range(&mut self) -> Option<Range<usize>> {
        if self.done {
            return None;
        }
        self.left -= 1;
        let sep = if self.left == 0 { None } else { self.c.next_pos() };
        match sep {
            Some(at) => {
                let r = self.c.start..at;
                self.c.start = at + 1;
                Some(r)
            }
            None => {
                self.done = true;
                Some(self.c.start..self.c.end)
            }
        }
    }

    #[inline]
    fn next_back_range(&mut self) -> Option<Range<usize>> {
        if self.done {
            return None;
        }
        match self.c.prev_pos() {
            Some(at) => {
                let r = at + 1..self.c.end;
                self.c.end = at;
                Some(r)
            }
            None => {
                self.done = true;
                Some(self.c.start..self.c.end)
            }
        }
    }
}

impl<'h> Iterator for Split<'h> {
    type Item = &'h [u8];

    #[inline]
    fn next(&mut self) -> Option<&'h [u8]> {
        let r = self.next_range()?;
        Some(&self.c.hay[r])
    }
}

/// Walking from the back ignores a `splitn` limit (use [`rsplitn`] for one from the back).
impl<'h> DoubleEndedIterator for Split<'h> {
    #[inline]
    fn next_back(&mut self) -> Option<&'h [u8]> {
        let r = self.next_back_range()?;
        Some(&self.c.hay[r])
    }
}

impl FusedIterator for Split<'_> {}

/// [`Split`]'s pieces as ranges ([`Split::into_ranges`]).
///
/// # Examples
///
/// ```
/// use core_text::search::split;
/// let mut ranges = split(b"a,,b", b',').into_ranges();
/// assert_eq!(ranges.next(), Some(0..1));
/// assert_eq!(ranges.next(), Some(2..2)); // the empty piece between the commas
/// assert_eq!(ranges.next(), Some(3..4));
/// assert_eq!(ranges.next(), None);
/// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::rsplitn;
/// let mut it = rsplitn(b"archive.tar.gz", 2, b'.');
/// assert_eq!(it.next(), Some(&b"gz"[..]));
/// assert_eq!(it.next(), Some(&b"archive.tar"[..]));
/// assert_eq!(it.next(), None);
/// ```
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
                Some(&s.c.hay[s.c.start..s.c.end])
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
///
/// # Examples
///
/// ```
/// use core_text::search::lines;
/// let mut it = lines(b"first\r\nmiddle\nlast");
/// assert_eq!(it.next_back(), Some(&b"last"[..]));
/// assert_eq!(it.next(), Some(&b"first"[..]));
/// assert_eq!(it.collect::<Vec<_>>(), [&b"middle"[..]]);
/// ```
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
        if s.done && r.end == s.c.hay.len() {
            // The piece after the last `\n`: a line only when not empty, and kept whole.
            return (!r.is_empty()).then(|| &s.c.hay[r]);
        }
        Some(Self::trim(&s.c.hay[r]))
    }
}

impl<'h> DoubleEndedIterator for Lines<'h> {
    #[inline]
    fn next_back(&mut self) -> Option<&'h [u8]> {
        let s = &mut self.0;
        // The first piece taken from the back is the one after the last `\n` (if any).
        let first_back = s.c.end == s.c.hay.len() && !s.done;
        let r = s.next_back_range()?;
        let ended_by_newline = r.end < s.c.hay.len();
        if first_back && !ended_by_newline {
            if r.is_empty() {
                return self.next_back();
            }
            return Some(&s.c.hay[r]);
        }
        Some(Self::trim(&s.c.hay[r]))
    }
}

impl FusedIterator for Lines<'_> {}

/// The pieces of a UTF-16 haystack between units of a set ([`split16`]).
///
/// # Examples
///
/// ```
/// use core_text::search::{split16, U16Set};
/// let hay: Vec<u16> = "k1=v1&k2=v2".encode_utf16().collect();
/// let seps = U16Set::new(&[b'&' as u16, b'=' as u16]);
/// let pieces: Vec<String> = split16(&hay, &seps).map(String::from_utf16_lossy).collect();
/// assert_eq!(pieces, ["k1", "v1", "k2", "v2"]);
/// ```
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

/// The pieces of `haystack` between non-overlapping occurrences of `separator`, found left to
/// right by [`memmem`](super::memmem) (a prefiltered search, linear in the worst case): as
/// `str::split` with a string pattern, an empty separator included (it gives an empty piece,
/// each byte, and an empty piece).
///
/// ```
/// let parts: Vec<&[u8]> = core_text::search::split_str(b"a::b::::c", b"::").collect();
/// assert_eq!(parts, [&b"a"[..], b"b", b"", b"c"]);
/// ```
#[inline]
pub fn split_str<'h, 'n>(haystack: &'h [u8], separator: &'n [u8]) -> SplitStr<'h, 'n> {
    SplitStr {
        hay: haystack,
        found: super::memmem::find_iter(haystack, separator),
        len: separator.len(),
        start: 0,
        done: false,
    }
}

/// The pieces of a haystack between occurrences of a byte string ([`split_str`]).
///
/// # Examples
///
/// ```
/// use core_text::search::split_str;
/// let mut it = split_str(b"a<br>b<br>", b"<br>");
/// assert_eq!(it.next(), Some(&b"a"[..]));
/// assert_eq!(it.next(), Some(&b"b"[..]));
/// assert_eq!(it.next(), Some(&b""[..]));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Debug)]
pub struct SplitStr<'h, 'n> {
    hay: &'h [u8],
    found: super::memmem::FindIter<'h, 'n>,
    len: usize,
    start: usize,
    done: bool,
}

impl<'h> Iterator for SplitStr<'h, '_> {
    type Item = &'h [u8];

    #[inline]
    fn next(&mut self) -> Option<&'h [u8]> {
        if self.done {
            return None;
        }
        match self.found.next() {
            Some(at) => {
                let piece = &self.hay[self.start..at];
                self.start = at + self.len;
                Some(piece)
            }
            None => {
                self.done = true;
                Some(&self.hay[self.start..])
            }
        }
    }
}

impl FusedIterator for SplitStr<'_, '_> {}
