//! Substring search with the `memchr` crate's `memmem` names and semantics: the first or last
//! occurrence of a byte string, iterators over non-overlapping occurrences, and prebuilt
//! searchers ([`Finder`], [`FinderRev`]) for a needle used many times.
//!
//! ```
//! use core_text::search::memmem;
//! let hay = b"foo bar foo baz foo";
//! assert_eq!(memmem::find(hay, b"bar"), Some(4));
//! assert_eq!(memmem::rfind(hay, b"foo"), Some(16));
//! assert_eq!(memmem::find_iter(hay, "foo").collect::<Vec<_>>(), [0, 8, 16]);
//! let finder = memmem::Finder::new("baz");
//! assert_eq!(finder.find(hay), Some(12));
//! ```
//!
//! # Algorithm
//!
//! ```text
//! m = 0: every position matches; m = 1: memchr / memrchr; m > n: none
//! else:  pick two needle positions whose bytes are guessed rare (a fixed byte ranking:
//!        letters, space, digits, NUL and 0xFF common, the rest rare);
//!        per block of W offsets: two vector compares of the haystack at those positions,
//!        AND-ed, two blocks per test; verify each hit with word compares
//!        fallback: Two-Way (linear time) once failed verifications cost more than the scan
//!        saved
//! ```
//!
//! Every SIMD level runs the same kernel on its vectors (AVX-512: 64 offsets a block; AVX2:
//! 32; SSE4.2, SSE2 and NEON: 16), handing haystacks with fewer offsets than a block to the
//! next narrower vector; the portable level compares 8 offsets in a 64-bit word. Searches
//! take `O(n + m)` time on every input (see the fallback above) and constant space; building
//! a searcher takes `O(m)`.
//!
//! # Migrating from `memchr::memmem`
//!
//! `find`, `rfind`, `find_iter`, `rfind_iter`, [`Finder`] (`new`, `find`, `find_iter`,
//! `needle`, `into_owned`, `as_ref`), [`FinderRev`] (the same with `rfind`) and
//! [`FinderBuilder`] (`new`, `build_forward`, `build_reverse` and their `_owned` forms)
//! behave as `memchr`'s: change `use memchr::memmem` to `use core_text::search::memmem`.
//! Not provided: the builder's `prefilter` switch and custom frequency rankers (the
//! prefilter turns itself off when it stops paying).

mod ops;
mod pair;
mod prefilter;
mod twoway;

use crate::arch::Level;
use alloc::boxed::Box;
use core::fmt;
use core::iter::FusedIterator;
use ops::{Auto, Ops, Pinned};
use pair::Pair;

/// The first position of `needle` in `haystack` (`Some(0)` for an empty needle).
///
/// ```
/// use core_text::search::memmem;
/// assert_eq!(memmem::find(b"foo bar baz", b"bar"), Some(4));
/// assert_eq!(memmem::find(b"foo bar baz", b"quux"), None);
/// ```
#[inline]
pub fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() > haystack.len() {
        return None;
    }
    Auto.memmem_find(haystack, needle, Pair::of(needle))
}

/// The last position of `needle` in `haystack` (`Some(haystack.len())` for an empty needle).
///
/// ```
/// use core_text::search::memmem;
/// assert_eq!(memmem::rfind(b"foo bar foo", b"foo"), Some(8));
/// assert_eq!(memmem::rfind(b"foo", b""), Some(3));
/// ```
#[inline]
pub fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() > haystack.len() {
        return None;
    }
    Auto.memmem_rfind(haystack, needle, Pair::of(needle))
}

/// Every non-overlapping occurrence of `needle` in `haystack`, front to back (an empty needle
/// matches at every position, `0..=haystack.len()`).
///
/// ```
/// use core_text::search::memmem;
/// assert_eq!(memmem::find_iter(b"aaaaa", b"aa").collect::<Vec<_>>(), [0, 2]);
/// ```
#[inline]
pub fn find_iter<'h, 'n, N: 'n + ?Sized + AsRef<[u8]>>(
    haystack: &'h [u8],
    needle: &'n N,
) -> FindIter<'h, 'n> {
    FindIter::new(haystack, Finder::new(needle))
}

/// Every non-overlapping occurrence of `needle` in `haystack`, back to front.
///
/// ```
/// use core_text::search::memmem;
/// assert_eq!(memmem::rfind_iter(b"aaaaa", b"aa").collect::<Vec<_>>(), [3, 1]);
/// ```
#[inline]
pub fn rfind_iter<'h, 'n, N: 'n + ?Sized + AsRef<[u8]>>(
    haystack: &'h [u8],
    needle: &'n N,
) -> FindRevIter<'h, 'n> {
    FindRevIter::new(haystack, FinderRev::new(needle))
}

/// A needle, borrowed or owned.
#[derive(Clone)]
enum Needle<'n> {
    Borrowed(&'n [u8]),
    Owned(Box<[u8]>),
}

impl Needle<'_> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        match self {
            Needle::Borrowed(b) => b,
            Needle::Owned(b) => b,
        }
    }

    fn into_owned(self) -> Needle<'static> {
        match self {
            Needle::Borrowed(b) => Needle::Owned(b.into()),
            Needle::Owned(b) => Needle::Owned(b),
        }
    }
}

/// Which kernels a searcher runs: the best level's (through the cached pointers) or a
/// pinned level's.
#[derive(Clone, Copy, Debug)]
enum Kernels {
    Best,
    At(Pinned),
}

/// What a forward and a reverse searcher share: the needle, its prefilter pair, the kernels.
#[derive(Clone)]
struct Searcher<'n> {
    needle: Needle<'n>,
    pair: Pair,
    kernels: Kernels,
}

impl<'n> Searcher<'n> {
    fn new(needle: Needle<'n>, kernels: Kernels) -> Searcher<'n> {
        let pair = Pair::of(needle.bytes());
        Searcher { needle, pair, kernels }
    }

    fn as_ref(&self) -> Searcher<'_> {
        Searcher { needle: Needle::Borrowed(self.needle.bytes()), ..*self }
    }

    fn into_owned(self) -> Searcher<'static> {
        Searcher { needle: self.needle.into_owned(), pair: self.pair, kernels: self.kernels }
    }

    #[inline]
    fn find(&self, hay: &[u8]) -> Option<usize> {
        let needle = self.needle.bytes();
        if needle.len() > hay.len() {
            return None;
        }
        match self.kernels {
            Kernels::Best => Auto.memmem_find(hay, needle, self.pair),
            Kernels::At(k) => k.memmem_find(hay, needle, self.pair),
        }
    }

    #[inline]
    fn rfind(&self, hay: &[u8]) -> Option<usize> {
        let needle = self.needle.bytes();
        if needle.len() > hay.len() {
            return None;
        }
        match self.kernels {
            Kernels::Best => Auto.memmem_rfind(hay, needle, self.pair),
            Kernels::At(k) => k.memmem_rfind(hay, needle, self.pair),
        }
    }
}

impl Searcher<'_> {
    /// `Debug` for the searcher type `name`: the needle and the pinned level, if any.
    fn debug(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.kernels {
            Kernels::Best => None,
            Kernels::At(k) => Some(k.level()),
        };
        f.debug_struct(name)
            .field("needle", &Escaped(self.needle.bytes()))
            .field("level", &level)
            .finish()
    }
}

/// Bytes shown as an escaped byte string.
struct Escaped<'a>(&'a [u8]);

impl fmt::Debug for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("b\"")?;
        for &b in self.0 {
            fmt::Display::fmt(&b.escape_ascii(), f)?;
        }
        f.write_str("\"")
    }
}

/// A searcher for the first occurrence of one needle, built once (its prefilter positions
/// chosen) and used on many haystacks.
///
/// ```
/// use core_text::search::memmem::Finder;
/// let finder = Finder::new("needle");
/// assert_eq!(finder.find(b"a needle in a haystack"), Some(2));
/// assert_eq!(finder.needle(), b"needle");
/// ```
#[derive(Clone)]
pub struct Finder<'n> {
    s: Searcher<'n>,
}

impl fmt::Debug for Finder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.s.debug("Finder", f)
    }
}

impl<'n> Finder<'n> {
    /// A searcher for `needle`, running the best level's kernels.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// let finder = Finder::new("\r\n\r\n");
    /// assert_eq!(finder.find(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nbody"), Some(23));
    /// assert_eq!(finder.find(b"no end of headers\r\n"), None);
    /// ```
    #[inline]
    pub fn new<B: ?Sized + AsRef<[u8]>>(needle: &'n B) -> Finder<'n> {
        FinderBuilder::new().build_forward(needle)
    }

    /// A searcher for `needle` running `level`'s kernels, or `None` when this CPU (or build)
    /// cannot run that level. Tests and benchmarks use it to cover each implementation.
    ///
    /// ```
    /// use core_text::{search::memmem::Finder, Level};
    /// for level in Level::available() {
    ///     let f = Finder::with_level("b", level).expect("available");
    ///     assert_eq!(f.find(b"abc"), Some(1));
    /// }
    /// ```
    pub fn with_level<B: ?Sized + AsRef<[u8]>>(needle: &'n B, level: Level) -> Option<Finder<'n>> {
        let kernels = Kernels::At(ops::pinned(level)?);
        Some(Finder { s: Searcher::new(Needle::Borrowed(needle.as_ref()), kernels) })
    }

    /// The first position of the needle in `haystack`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// let finder = Finder::new(b"fox");
    /// assert_eq!(finder.find(b"quick brown fox"), Some(12));
    /// assert_eq!(finder.find(b"fo"), None);
    /// // The empty needle is found at 0.
    /// assert_eq!(Finder::new("").find(b"abc"), Some(0));
    /// ```
    #[inline]
    pub fn find(&self, haystack: &[u8]) -> Option<usize> {
        self.s.find(haystack)
    }

    /// Every non-overlapping occurrence of the needle in `haystack`, front to back.
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// let f = Finder::new("ab");
    /// assert_eq!(f.find_iter(b"abcabab").collect::<Vec<_>>(), [0, 3, 5]);
    /// ```
    #[inline]
    pub fn find_iter<'a, 'h>(&'a self, haystack: &'h [u8]) -> FindIter<'h, 'a> {
        FindIter::new(haystack, self.as_ref())
    }

    /// This searcher with a copy of its needle, borrowing nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// let owned: Finder<'static> = {
    ///     let needle = String::from("key");
    ///     Finder::new(&needle).into_owned()
    /// }; // `needle` is dropped here; the finder kept a copy
    /// assert_eq!(owned.find(b"a key"), Some(2));
    /// ```
    pub fn into_owned(self) -> Finder<'static> {
        Finder { s: self.s.into_owned() }
    }

    /// This searcher borrowing its needle from `self` (no copy).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// let owned = Finder::new("ab").into_owned();
    /// let view = owned.as_ref();
    /// assert_eq!(view.find(b"cab"), Some(1));
    /// assert_eq!(view.needle(), owned.needle());
    /// ```
    #[inline]
    pub fn as_ref(&self) -> Finder<'_> {
        Finder { s: self.s.as_ref() }
    }

    /// The needle.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::Finder;
    /// assert_eq!(Finder::new("abc").needle(), b"abc");
    /// ```
    #[inline]
    pub fn needle(&self) -> &[u8] {
        self.s.needle.bytes()
    }
}

/// A searcher for the last occurrence of one needle, built once and used on many haystacks.
///
/// ```
/// use core_text::search::memmem::FinderRev;
/// let finder = FinderRev::new("ab");
/// assert_eq!(finder.rfind(b"abcab"), Some(3));
/// assert_eq!(finder.rfind_iter(b"abcab").collect::<Vec<_>>(), [3, 0]);
/// ```
#[derive(Clone)]
pub struct FinderRev<'n> {
    s: Searcher<'n>,
}

impl fmt::Debug for FinderRev<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.s.debug("FinderRev", f)
    }
}

impl<'n> FinderRev<'n> {
    /// A reverse searcher for `needle`, running the best level's kernels.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// let finder = FinderRev::new("::");
    /// assert_eq!(finder.rfind("a::b::c"), Some(4));
    /// assert_eq!(finder.rfind("abc"), None);
    /// ```
    #[inline]
    pub fn new<B: ?Sized + AsRef<[u8]>>(needle: &'n B) -> FinderRev<'n> {
        FinderBuilder::new().build_reverse(needle)
    }

    /// A reverse searcher for `needle` running `level`'s kernels, or `None` when this CPU
    /// (or build) cannot run that level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// use core_text::Level;
    /// for level in Level::available() {
    ///     let f = FinderRev::with_level("o", level).expect("an available level");
    ///     assert_eq!(f.rfind("foo"), Some(2));
    /// }
    /// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
    /// assert!(FinderRev::with_level("o", missing).is_none());
    /// ```
    pub fn with_level<B: ?Sized + AsRef<[u8]>>(
        needle: &'n B,
        level: Level,
    ) -> Option<FinderRev<'n>> {
        let kernels = Kernels::At(ops::pinned(level)?);
        Some(FinderRev { s: Searcher::new(Needle::Borrowed(needle.as_ref()), kernels) })
    }

    /// The last position of the needle in `haystack`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// let finder = FinderRev::new(".tar");
    /// assert_eq!(finder.rfind("x.tar.y.tar.gz"), Some(7));
    /// assert_eq!(finder.rfind("x.zip"), None);
    /// ```
    #[inline]
    pub fn rfind<B: AsRef<[u8]>>(&self, haystack: B) -> Option<usize> {
        self.s.rfind(haystack.as_ref())
    }

    /// Every non-overlapping occurrence of the needle in `haystack`, back to front.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// let finder = FinderRev::new("aa");
    /// // Non-overlapping, taken from the back.
    /// assert_eq!(finder.rfind_iter(b"aaaaa").collect::<Vec<_>>(), [3, 1]);
    /// ```
    #[inline]
    pub fn rfind_iter<'a, 'h>(&'a self, haystack: &'h [u8]) -> FindRevIter<'h, 'a> {
        FindRevIter::new(haystack, self.as_ref())
    }

    /// This searcher with a copy of its needle, borrowing nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// let finder: FinderRev<'static> = FinderRev::new(&vec![b'z']).into_owned();
    /// assert_eq!(finder.rfind("zaz"), Some(2));
    /// ```
    pub fn into_owned(self) -> FinderRev<'static> {
        FinderRev { s: self.s.into_owned() }
    }

    /// This searcher borrowing its needle from `self` (no copy).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// let owned = FinderRev::new("x").into_owned();
    /// assert_eq!(owned.as_ref().rfind("xax"), Some(2));
    /// ```
    #[inline]
    pub fn as_ref(&self) -> FinderRev<'_> {
        FinderRev { s: self.s.as_ref() }
    }

    /// The needle.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderRev;
    /// assert_eq!(FinderRev::new(b"\x00\x01").needle(), [0, 1]);
    /// ```
    #[inline]
    pub fn needle(&self) -> &[u8] {
        self.s.needle.bytes()
    }
}

/// Builds [`Finder`]s and [`FinderRev`]s (`memchr`'s builder; it has no options here).
///
/// ```
/// use core_text::search::memmem::FinderBuilder;
/// let f = FinderBuilder::new().build_forward_owned(b"xy".to_vec());
/// assert_eq!(f.find(b"wxyz"), Some(1));
/// ```
#[derive(Clone, Debug, Default)]
pub struct FinderBuilder {
    _private: (),
}

impl FinderBuilder {
    /// A builder.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderBuilder;
    /// let builder = FinderBuilder::new();
    /// assert_eq!(builder.build_forward("b").find(b"abc"), Some(1));
    /// assert_eq!(builder.build_reverse("b").rfind(b"abcb"), Some(3));
    /// ```
    pub fn new() -> FinderBuilder {
        FinderBuilder::default()
    }

    /// A forward searcher borrowing `needle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderBuilder;
    /// let f = FinderBuilder::new().build_forward("lo");
    /// assert_eq!(f.find(b"hello"), Some(3));
    /// assert_eq!(f.find(b"help"), None);
    /// ```
    pub fn build_forward<'n, B: ?Sized + AsRef<[u8]>>(&self, needle: &'n B) -> Finder<'n> {
        Finder { s: Searcher::new(Needle::Borrowed(needle.as_ref()), Kernels::Best) }
    }

    /// A forward searcher owning `needle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::{Finder, FinderBuilder};
    /// let word = String::from("owned");
    /// let f: Finder<'static> = FinderBuilder::new().build_forward_owned(word.into_bytes());
    /// assert_eq!(f.find(b"disowned"), Some(3));
    /// ```
    pub fn build_forward_owned<B: Into<Box<[u8]>>>(&self, needle: B) -> Finder<'static> {
        Finder { s: Searcher::new(Needle::Owned(needle.into()), Kernels::Best) }
    }

    /// A reverse searcher borrowing `needle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderBuilder;
    /// let f = FinderBuilder::new().build_reverse("ab");
    /// assert_eq!(f.rfind(b"abab"), Some(2));
    /// assert_eq!(f.rfind(b"ba"), None);
    /// ```
    pub fn build_reverse<'n, B: ?Sized + AsRef<[u8]>>(&self, needle: &'n B) -> FinderRev<'n> {
        FinderRev { s: Searcher::new(Needle::Borrowed(needle.as_ref()), Kernels::Best) }
    }

    /// A reverse searcher owning `needle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::FinderBuilder;
    /// let f = FinderBuilder::new().build_reverse_owned(vec![b'/']);
    /// assert_eq!(f.rfind(b"/a/b"), Some(2));
    /// ```
    pub fn build_reverse_owned<B: Into<Box<[u8]>>>(&self, needle: B) -> FinderRev<'static> {
        FinderRev { s: Searcher::new(Needle::Owned(needle.into()), Kernels::Best) }
    }
}

/// The iterator of [`find_iter`] and [`Finder::find_iter`]: non-overlapping occurrences,
/// front to back.
///
/// # Examples
///
/// ```
/// use core_text::search::memmem;
/// let mut it = memmem::find_iter(b"one two one", b"one");
/// assert_eq!(it.next(), Some(0));
/// assert_eq!(it.next(), Some(8));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct FindIter<'h, 'n> {
    haystack: &'h [u8],
    finder: Finder<'n>,
    /// Where the next search starts.
    pos: usize,
}

impl<'h, 'n> FindIter<'h, 'n> {
    fn new(haystack: &'h [u8], finder: Finder<'n>) -> FindIter<'h, 'n> {
        FindIter { haystack, finder, pos: 0 }
    }

    /// This iterator with its own copy of the needle.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::{FindIter, Finder};
    /// let hay = b"a-b-c";
    /// let it: FindIter<'_, 'static> = {
    ///     let finder = Finder::new(&[b'-']);
    ///     finder.find_iter(hay).into_owned()
    /// };
    /// assert_eq!(it.collect::<Vec<_>>(), [1, 3]);
    /// ```
    pub fn into_owned(self) -> FindIter<'h, 'static> {
        FindIter { haystack: self.haystack, finder: self.finder.into_owned(), pos: self.pos }
    }
}

impl Iterator for FindIter<'_, '_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let rest = self.haystack.get(self.pos..)?;
        let at = self.pos + self.finder.find(rest)?;
        // An empty needle matches at every position: step one byte.
        self.pos = at + self.finder.needle().len().max(1);
        Some(at)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let Some(left) = self.haystack.len().checked_sub(self.pos) else {
            return (0, Some(0));
        };
        match self.finder.needle().len() {
            0 => (left.saturating_add(1), left.checked_add(1)),
            m => (0, Some(left / m)),
        }
    }
}

impl FusedIterator for FindIter<'_, '_> {}

/// The iterator of [`rfind_iter`] and [`FinderRev::rfind_iter`]: non-overlapping
/// occurrences, back to front.
///
/// # Examples
///
/// ```
/// use core_text::search::memmem;
/// let mut it = memmem::rfind_iter(b"one two one", b"one");
/// assert_eq!(it.next(), Some(8));
/// assert_eq!(it.next(), Some(0));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct FindRevIter<'h, 'n> {
    haystack: &'h [u8],
    finder: FinderRev<'n>,
    /// The unsearched part is `..end`; `None` once an empty needle has matched at 0.
    end: Option<usize>,
}

impl<'h, 'n> FindRevIter<'h, 'n> {
    fn new(haystack: &'h [u8], finder: FinderRev<'n>) -> FindRevIter<'h, 'n> {
        FindRevIter { haystack, finder, end: Some(haystack.len()) }
    }

    /// This iterator with its own copy of the needle.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::memmem::{FindRevIter, FinderRev};
    /// let hay = b"a-b-c";
    /// let it: FindRevIter<'_, 'static> = {
    ///     let finder = FinderRev::new(&[b'-']);
    ///     finder.rfind_iter(hay).into_owned()
    /// };
    /// assert_eq!(it.collect::<Vec<_>>(), [3, 1]);
    /// ```
    pub fn into_owned(self) -> FindRevIter<'h, 'static> {
        FindRevIter { haystack: self.haystack, finder: self.finder.into_owned(), end: self.end }
    }
}

impl Iterator for FindRevIter<'_, '_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let end = self.end?;
        let at = self.finder.rfind(&self.haystack[..end])?;
        // An empty needle matches at `end` itself: step one byte down (past 0: done).
        self.end = if at == end { end.checked_sub(1) } else { Some(at) };
        Some(at)
    }
}

impl FusedIterator for FindRevIter<'_, '_> {}
