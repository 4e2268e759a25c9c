//! Byte search with the `memchr` crate's names and semantics: the first or last position of
//! one of one, two or three bytes, iterators over every position, and counting.
//!
//! Each function runs the best SIMD level's kernel (AVX-512, AVX2, SSE4.2, SSE2, NEON, or
//! eight bytes a step in a 64-bit word): an unaligned vector at the start, aligned steps of
//! four vectors whose compares are OR-ed before one test, and one vector ending at the end.
//!
//! ```
//! use core_text::search::{memchr, memchr2, memchr_iter, memrchr};
//! let hay = b"the quick brown fox";
//! assert_eq!(memchr(b'q', hay), Some(4));
//! assert_eq!(memrchr(b'o', hay), Some(17));
//! assert_eq!(memchr2(b'x', b'k', hay), Some(8));
//! assert_eq!(memchr_iter(b'o', hay).collect::<Vec<_>>(), [12, 17]);
//! assert_eq!(core_text::search::count(b'o', hay), 2);
//! ```
//!
//! Substring search (`memmem::find`, `memmem::Finder`, ...) is in [`memmem`].
//!
//! # Migrating from `memchr`
//!
//! `memchr`, `memchr2`, `memchr3`, `memrchr`, `memrchr2`, `memrchr3`, `memchr_iter`,
//! `memchr2_iter`, `memchr3_iter` and `memrchr_iter` take the same arguments (needles first,
//! then the haystack) and return the same values; the iterators are double-ended like
//! `memchr::Memchr`. Change `use memchr::...` to `use core_text::search::...`.

use crate::arch::ops::{Auto, Ops};

pub mod memmem;
use core::iter::FusedIterator;

/// The first position of `needle` in `haystack`.
#[inline]
pub fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr(haystack, needle)
}

/// The first position of `n1` or `n2` in `haystack`.
#[inline]
pub fn memchr2(n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr2(haystack, n1, n2)
}

/// The first position of `n1`, `n2` or `n3` in `haystack`.
#[inline]
pub fn memchr3(n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr3(haystack, n1, n2, n3)
}

/// The last position of `needle` in `haystack`.
#[inline]
pub fn memrchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memrchr(haystack, needle)
}

/// The last position of `n1` or `n2` in `haystack`.
#[inline]
pub fn memrchr2(n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memrchr2(haystack, n1, n2)
}

/// The last position of `n1`, `n2` or `n3` in `haystack`.
#[inline]
pub fn memrchr3(n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memrchr3(haystack, n1, n2, n3)
}

/// The number of bytes of `haystack` equal to `needle`.
///
/// ```
/// assert_eq!(core_text::search::count(b'\n', b"a\nb\nc"), 2);
/// ```
#[inline]
pub fn count(needle: u8, haystack: &[u8]) -> usize {
    Auto.count_byte(haystack, needle)
}

/// Every position of `needle` in `haystack`, front to back (or back to front with `rev`).
#[inline]
pub fn memchr_iter(needle: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([needle; 3], 1, haystack)
}

/// Every position of `n1` or `n2` in `haystack`.
#[inline]
pub fn memchr2_iter(n1: u8, n2: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([n1, n2, n2], 2, haystack)
}

/// Every position of `n1`, `n2` or `n3` in `haystack`.
#[inline]
pub fn memchr3_iter(n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([n1, n2, n3], 3, haystack)
}

/// Every position of `needle` in `haystack`, back to front.
#[inline]
pub fn memrchr_iter(needle: u8, haystack: &[u8]) -> core::iter::Rev<Memchr<'_>> {
    memchr_iter(needle, haystack).rev()
}

/// An iterator over the positions of one to three bytes (see [`memchr_iter`]); double-ended:
/// each end keeps its place, and the two never cross.
#[derive(Clone, Debug)]
pub struct Memchr<'h> {
    needles: [u8; 3],
    arity: u8,
    haystack: &'h [u8],
    /// The unsearched part is `start..end`.
    start: usize,
    end: usize,
}

impl<'h> Memchr<'h> {
    fn new(needles: [u8; 3], arity: u8, haystack: &'h [u8]) -> Memchr<'h> {
        Memchr { needles, arity, haystack, start: 0, end: haystack.len() }
    }

    fn search_forward(&self, hay: &[u8]) -> Option<usize> {
        let [a, b, c] = self.needles;
        match self.arity {
            1 => Auto.memchr(hay, a),
            2 => Auto.memchr2(hay, a, b),
            _ => Auto.memchr3(hay, a, b, c),
        }
    }

    fn search_back(&self, hay: &[u8]) -> Option<usize> {
        let [a, b, c] = self.needles;
        match self.arity {
            1 => Auto.memrchr(hay, a),
            2 => Auto.memrchr2(hay, a, b),
            _ => Auto.memrchr3(hay, a, b, c),
        }
    }
}

impl Iterator for Memchr<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let at = self.start + self.search_forward(&self.haystack[self.start..self.end])?;
        self.start = at + 1;
        Some(at)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.end - self.start))
    }
}

impl DoubleEndedIterator for Memchr<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<usize> {
        let at = self.start + self.search_back(&self.haystack[self.start..self.end])?;
        self.end = at;
        Some(at)
    }
}

impl FusedIterator for Memchr<'_> {}
