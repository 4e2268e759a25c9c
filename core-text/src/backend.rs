//! [`Backend`]: the whole API pinned to one [`Level`].

use crate::arch::ops::{self, Ops, Pinned};
use crate::arch::Level;

use crate::error::{BufferTooSmall, TranscodeError};
use crate::latin1::{self, Latin1Error};
use crate::utf16::{self, Utf16Error};
use crate::utf8::{self, Utf8Error};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Every operation of this crate at one fixed [`Level`].
///
/// The free functions ([`utf8::from_utf8`], ...) use the best level; a `Backend` runs the
/// kernels of the level it was made for, which tests, fuzz targets and benchmarks use to cover
/// each implementation. Creating one proves the CPU supports the level.
///
/// ```
/// use core_text::{Backend, Level};
/// for level in Level::available() {
///     let b = Backend::new(level).expect("available levels have a backend");
///     assert_eq!(b.utf8_from_utf8(b"ok"), Ok("ok"));
/// }
/// ```
#[derive(Clone, Copy)]
pub struct Backend {
    k: Pinned,
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Backend").field(&self.k.level()).finish()
    }
}

impl Backend {
    /// The backend for `level`, or `None` when this CPU (or build) cannot run it.
    pub fn new(level: Level) -> Option<Backend> {
        ops::pinned(level).map(|k| Backend { k })
    }

    /// The backend of [`Level::best`].
    pub fn best() -> Backend {
        Backend { k: ops::best() }
    }

    /// Backends for every level in [`Level::available`], best first.
    pub fn all() -> impl Iterator<Item = Backend> {
        ops::levels().map(|k| Backend { k })
    }

    /// The level this backend runs.
    #[inline]
    pub fn level(&self) -> Level {
        self.k.level()
    }

    /// [`utf8::validate`] at this level.
    #[inline]
    pub fn utf8_validate(&self, src: &[u8]) -> bool {
        utf8::validate_in(self.k, src)
    }

    /// [`utf8::from_utf8`] at this level.
    ///
    /// # Errors
    /// As [`utf8::from_utf8`].
    #[inline]
    pub fn utf8_from_utf8<'a>(&self, src: &'a [u8]) -> Result<&'a str, Utf8Error> {
        utf8::from_utf8_in(self.k, src)
    }

    /// [`utf8::from_utf8_mut`] at this level.
    ///
    /// # Errors
    /// As [`utf8::from_utf8`].
    #[inline]
    pub fn utf8_from_utf8_mut<'a>(&self, src: &'a mut [u8]) -> Result<&'a mut str, Utf8Error> {
        utf8::from_utf8_mut_in(self.k, src)
    }

    /// [`utf8::utf16_len`] at this level.
    ///
    /// # Errors
    /// As [`utf8::utf16_len`].
    #[inline]
    pub fn utf8_utf16_len(&self, src: &[u8]) -> Result<usize, Utf8Error> {
        utf8::utf16_len_in(self.k, src)
    }

    /// [`utf8::utf16_len_str`] at this level.
    #[inline]
    pub fn utf8_utf16_len_str(&self, s: &str) -> usize {
        utf8::utf16_len_str_in(self.k, s)
    }

    /// [`utf8::count_chars`] at this level.
    #[inline]
    pub fn utf8_count_chars(&self, s: &str) -> usize {
        self.k.utf8_count_chars(s.as_bytes())
    }

    /// [`utf8::to_utf16`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_utf16`].
    #[inline]
    pub fn utf8_to_utf16(&self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        utf8::to_utf16_in(self.k, s, dst)
    }

    /// [`utf8::to_utf16_vec`] at this level.
    #[inline]
    pub fn utf8_to_utf16_vec(&self, s: &str) -> Vec<u16> {
        utf8::to_utf16_vec_in(self.k, s)
    }

    /// [`utf8::to_utf16_from_bytes`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_utf16_from_bytes`].
    #[inline]
    pub fn utf8_to_utf16_from_bytes(
        &self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        utf8::to_utf16_from_bytes_in(self.k, src, dst)
    }

    /// [`utf8::to_utf16_vec_from_bytes`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_utf16_vec_from_bytes`].
    #[inline]
    pub fn utf8_to_utf16_vec_from_bytes(&self, src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        utf8::to_utf16_vec_from_bytes_in(self.k, src)
    }

    /// [`utf16::validate`] at this level.
    #[inline]
    pub fn utf16_validate(&self, src: &[u16]) -> bool {
        self.k.utf16_validate(src)
    }

    /// [`utf16::utf8_len`] at this level.
    ///
    /// # Errors
    /// As [`utf16::utf8_len`].
    #[inline]
    pub fn utf16_utf8_len(&self, src: &[u16]) -> Result<usize, Utf16Error> {
        utf16::utf8_len_in(self.k, src)
    }

    /// [`utf16::to_utf8`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_utf8`].
    #[inline]
    pub fn utf16_to_utf8(
        &self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        utf16::to_utf8_in(self.k, src, dst)
    }

    /// [`utf16::to_string`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_string`].
    #[inline]
    pub fn utf16_to_string(&self, src: &[u16]) -> Result<String, Utf16Error> {
        utf16::to_string_in(self.k, src)
    }

    /// [`utf16::to_string_lossy`] at this level.
    #[inline]
    pub fn utf16_to_string_lossy(&self, src: &[u16]) -> String {
        utf16::to_string_lossy_in(self.k, src)
    }

    /// [`latin1::utf8_len`] at this level.
    #[inline]
    pub fn latin1_utf8_len(&self, src: &[u8]) -> usize {
        self.k.latin1_utf8_len(src)
    }

    /// [`latin1::to_utf8`] at this level.
    ///
    /// # Errors
    /// As [`latin1::to_utf8`].
    #[inline]
    pub fn latin1_to_utf8(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
        latin1::to_utf8_in(self.k, src, dst)
    }

    /// [`latin1::to_string`] at this level.
    #[inline]
    pub fn latin1_to_string(&self, src: &[u8]) -> String {
        latin1::to_string_in(self.k, src)
    }

    /// [`latin1::to_utf16`] at this level.
    ///
    /// # Errors
    /// As [`latin1::to_utf16`].
    #[inline]
    pub fn latin1_to_utf16(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        latin1::to_utf16_in(self.k, src, dst)
    }

    /// [`latin1::to_utf16_vec`] at this level.
    #[inline]
    pub fn latin1_to_utf16_vec(&self, src: &[u8]) -> Vec<u16> {
        latin1::to_utf16_vec_in(self.k, src)
    }

    /// [`utf8::to_latin1`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_latin1`].
    #[inline]
    pub fn utf8_to_latin1(
        &self,
        s: &str,
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error>> {
        latin1::from_utf8_in(self.k, s, dst)
    }

    /// [`utf8::to_latin1_vec`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_latin1_vec`].
    #[inline]
    pub fn utf8_to_latin1_vec(&self, s: &str) -> Result<Vec<u8>, Latin1Error> {
        latin1::from_utf8_vec_in(self.k, s)
    }

    /// [`utf16::to_latin1`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_latin1`].
    #[inline]
    pub fn utf16_to_latin1(
        &self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Latin1Error>> {
        latin1::from_utf16_in(self.k, src, dst)
    }

    /// [`utf16::to_latin1_vec`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_latin1_vec`].
    #[inline]
    pub fn utf16_to_latin1_vec(&self, src: &[u16]) -> Result<Vec<u8>, Latin1Error> {
        latin1::from_utf16_vec_in(self.k, src)
    }

    /// [`crate::search::memchr`] at this level.
    #[inline]
    pub fn memchr(&self, needle: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr(haystack, needle)
    }

    /// [`crate::search::memchr2`] at this level.
    #[inline]
    pub fn memchr2(&self, n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr2(haystack, n1, n2)
    }

    /// [`crate::search::memchr3`] at this level.
    #[inline]
    pub fn memchr3(&self, n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr3(haystack, n1, n2, n3)
    }

    /// [`crate::search::memrchr`] at this level.
    #[inline]
    pub fn memrchr(&self, needle: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr(haystack, needle)
    }

    /// [`crate::search::memrchr2`] at this level.
    #[inline]
    pub fn memrchr2(&self, n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr2(haystack, n1, n2)
    }

    /// [`crate::search::memrchr3`] at this level.
    #[inline]
    pub fn memrchr3(&self, n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr3(haystack, n1, n2, n3)
    }

    /// [`crate::search::count`] at this level.
    #[inline]
    pub fn count(&self, needle: u8, haystack: &[u8]) -> usize {
        self.k.count_byte(haystack, needle)
    }

    /// [`ByteSet::find`](crate::search::ByteSet::find) at this level.
    #[inline]
    pub fn set_find(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_find(haystack, set.spec(), false)
    }

    /// [`ByteSet::rfind`](crate::search::ByteSet::rfind) at this level.
    #[inline]
    pub fn set_rfind(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_rfind(haystack, set.spec(), false)
    }

    /// [`ByteSet::find_not`](crate::search::ByteSet::find_not) at this level.
    #[inline]
    pub fn set_find_not(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_find(haystack, set.spec(), true)
    }

    /// [`ByteSet::rfind_not`](crate::search::ByteSet::rfind_not) at this level.
    #[inline]
    pub fn set_rfind_not(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_rfind(haystack, set.spec(), true)
    }

    /// [`ByteSet::count`](crate::search::ByteSet::count) at this level.
    #[inline]
    pub fn set_count(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> usize {
        self.k.set_count(haystack, set.spec(), false)
    }

    /// [`U16Set::find`](crate::search::U16Set::find) at this level.
    #[inline]
    pub fn set16_find(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_find16(haystack, set.spec(), false)
    }

    /// [`U16Set::rfind`](crate::search::U16Set::rfind) at this level.
    #[inline]
    pub fn set16_rfind(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_rfind16(haystack, set.spec(), false)
    }

    /// [`U16Set::find_not`](crate::search::U16Set::find_not) at this level.
    #[inline]
    pub fn set16_find_not(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_find16(haystack, set.spec(), true)
    }

    /// [`U16Set::rfind_not`](crate::search::U16Set::rfind_not) at this level.
    #[inline]
    pub fn set16_rfind_not(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_rfind16(haystack, set.spec(), true)
    }

    /// [`U16Set::count`](crate::search::U16Set::count) at this level.
    #[inline]
    pub fn set16_count(&self, set: &crate::search::U16Set, haystack: &[u16]) -> usize {
        self.k.set_count16(haystack, set.spec(), false)
    }

    /// [`split_set`](crate::search::split_set) at this level.
    #[inline]
    pub fn split_set<'h>(
        &self,
        haystack: &'h [u8],
        separators: &crate::search::ByteSet,
    ) -> crate::search::Split<'h> {
        crate::search::Split::new(
            haystack,
            *separators.spec(),
            crate::search::set::Via::Pinned(self.k),
            usize::MAX,
        )
    }
}
