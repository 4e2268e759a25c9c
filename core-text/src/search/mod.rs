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
//! Beyond single bytes:
//!
//! | what | items |
//! |---|---|
//! | substrings | [`memmem`] (`find`, `rfind`, iterators, `Finder`), linear in the worst case |
//! | byte and unit sets (the `SearchValues` idea) | [`ByteSet`], [`U16Set`]: `find`, `rfind`, `find_not`, `rfind_not`, `count`, `find_iter`; the strategy ([`SetStrategy`]) picked once per set |
//! | ranges | [`find_in_range`], [`find_not_in_range`] and reverse forms |
//! | many literals | [`LiteralSet`]: rare-byte `memchr`, Teddy or an Aho-Corasick DFA |
//! | splitting | [`split`], [`split_set`], [`splitn`], [`rsplit`], [`rsplitn`], [`split_str`], [`lines`], [`str_lines`], [`split16`] |
//! | Unicode whitespace | [`find_whitespace`], [`find_not_whitespace`], reverse forms, [`trim`] and friends, over `str` and UTF-16 |
//! | slices | [`common_prefix_len`], [`eq_16byte`] |
//!
//! Splitting and the iterators read one 64-bit mask of matches per 64-byte block where
//! matches are dense and let the search kernel skip where they are sparse, so neither costs a
//! search call per item.
//!
//! # Migrating from `memchr`
//!
//! `memchr`, `memchr2`, `memchr3`, `memrchr`, `memrchr2`, `memrchr3`, `memchr_iter`,
//! `memchr2_iter`, `memchr3_iter` and `memrchr_iter` take the same arguments (needles first,
//! then the haystack) and return the same values; the iterators are double-ended like
//! `memchr::Memchr`. Change `use memchr::...` to `use core_text::search::...`.

mod literal;

pub use literal::{
    LiteralIter, LiteralSet, LiteralSetBuilder, LiteralSetError, LiteralStrategy, Match, MatchKind,
};

use crate::arch::ops::{Auto, Ops};

pub mod memmem;
pub(crate) mod set;
mod split;
mod whitespace;
pub use set::{
    find_in_range, find_not_in_range, rfind_in_range, rfind_not_in_range, ByteSet, ByteSetIter,
    PackedStrategy, SetStrategy, U16Set, U16SetIter,
};
pub use split::{
    lines, rsplit, rsplitn, split, split16, split_set, split_str, splitn, str_lines, Lines,
    RSplitN, Split, Split16, SplitRanges, SplitStr,
};
pub use whitespace::{
    contains_whitespace, contains_whitespace16, find_not_whitespace, find_not_whitespace16,
    find_whitespace, find_whitespace16, rfind_not_whitespace, rfind_not_whitespace16,
    rfind_whitespace, rfind_whitespace16, trim, trim16, trim_end, trim_end16, trim_start,
    trim_start16,
};

mod prefix;
pub use prefix::{common_prefix_len, eq_16byte, CompareBackend, Plain16, PrefixEq};

/// The first position of `needle` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr;
/// assert_eq!(memchr(b'=', b"key=value"), Some(3));
/// assert_eq!(memchr(b'#', b"key=value"), None);
/// ```
#[inline]
pub fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr(haystack, needle)
}

/// The first position of `n1` or `n2` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr2;
/// // The earlier of the two wins, whichever needle it is.
/// assert_eq!(memchr2(b';', b',', b"a,b;c"), Some(1));
/// assert_eq!(memchr2(b';', b',', b"abc"), None);
/// ```
#[inline]
pub fn memchr2(n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr2(haystack, n1, n2)
}

/// The first position of `n1`, `n2` or `n3` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr3;
/// assert_eq!(memchr3(b'\r', b'\n', b'\t', b"col\tval\n"), Some(3));
/// assert_eq!(memchr3(b'\r', b'\n', b'\t', b"plain"), None);
/// ```
#[inline]
pub fn memchr3(n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memchr3(haystack, n1, n2, n3)
}

/// The last position of `needle` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memrchr;
/// assert_eq!(memrchr(b'/', b"usr/local/bin"), Some(9));
/// assert_eq!(memrchr(b'/', b"file.txt"), None);
/// ```
#[inline]
pub fn memrchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memrchr(haystack, needle)
}

/// The last position of `n1` or `n2` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memrchr2;
/// assert_eq!(memrchr2(b'/', b'\\', b"C:\\dir/sub\\f"), Some(10));
/// assert_eq!(memrchr2(b'/', b'\\', b"f"), None);
/// ```
#[inline]
pub fn memrchr2(n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
    Auto.memrchr2(haystack, n1, n2)
}

/// The last position of `n1`, `n2` or `n3` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memrchr3;
/// assert_eq!(memrchr3(b'a', b'b', b'c', b"cab xyz"), Some(2));
/// assert_eq!(memrchr3(b'a', b'b', b'c', b"xyz"), None);
/// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::memchr_iter;
/// let hay = b"a,b,,c";
/// assert_eq!(memchr_iter(b',', hay).collect::<Vec<_>>(), [1, 3, 4]);
/// assert_eq!(memchr_iter(b',', hay).rev().next(), Some(4));
/// assert_eq!(memchr_iter(b';', hay).count(), 0);
/// ```
#[inline]
pub fn memchr_iter(needle: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([needle; 3], 1, haystack)
}

/// Every position of `n1` or `n2` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr2_iter;
/// let hay = b"x=1;y=2";
/// assert_eq!(memchr2_iter(b'=', b';', hay).collect::<Vec<_>>(), [1, 3, 5]);
/// ```
#[inline]
pub fn memchr2_iter(n1: u8, n2: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([n1, n2, n2], 2, haystack)
}

/// Every position of `n1`, `n2` or `n3` in `haystack`.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr3_iter;
/// let hay = b"(a [b] {c})";
/// assert_eq!(memchr3_iter(b'(', b'[', b'{', hay).collect::<Vec<_>>(), [0, 3, 7]);
/// ```
#[inline]
pub fn memchr3_iter(n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Memchr<'_> {
    Memchr::new([n1, n2, n3], 3, haystack)
}

/// Every position of `needle` in `haystack`, back to front.
///
/// # Examples
///
/// ```
/// use core_text::search::memrchr_iter;
/// assert_eq!(memrchr_iter(b'l', b"hello").collect::<Vec<_>>(), [3, 2]);
/// ```
#[inline]
pub fn memrchr_iter(needle: u8, haystack: &[u8]) -> core::iter::Rev<Memchr<'_>> {
    memchr_iter(needle, haystack).rev()
}

/// An iterator over the positions of one to three bytes (see [`memchr_iter`]); double-ended:
/// each end keeps its place, and the two never cross. Positions come from one 64-bit mask
/// per 64-byte block where matches are dense, from the search kernel where they are sparse.
///
/// # Examples
///
/// ```
/// use core_text::search::memchr_iter;
/// let mut it = memchr_iter(b'x', b"x.x.x.x");
/// // Taking from both ends meets in the middle without repeating a position.
/// assert_eq!(it.next(), Some(0));
/// assert_eq!(it.next_back(), Some(6));
/// assert_eq!(it.collect::<Vec<_>>(), [2, 4]);
/// ```
#[derive(Clone, Debug)]
pub struct Memchr<'h>(split::Cursor<'h>);

impl<'h> Memchr<'h> {
    #[inline]
    fn new(needles: [u8; 3], arity: u8, haystack: &'h [u8]) -> Memchr<'h> {
        let spec = set::needle_spec(&needles[..arity as usize]);
        Memchr(split::Cursor::new(haystack, spec, set::Via::Auto))
    }
}

split::cursor_iterator!(Memchr);
