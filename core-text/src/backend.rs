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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, Level};
    /// let scalar = Backend::new(Level::Scalar).expect("scalar always runs");
    /// assert_eq!(scalar.level(), Level::Scalar);
    /// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
    /// assert!(Backend::new(missing).is_none());
    /// ```
    pub fn new(level: Level) -> Option<Backend> {
        ops::pinned(level).map(|k| Backend { k })
    }

    /// The backend of [`Level::best`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, Level};
    /// assert_eq!(Backend::best().level(), Level::best());
    /// ```
    pub fn best() -> Backend {
        Backend { k: ops::best() }
    }

    /// Backends for every level in [`Level::available`], best first.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, Level};
    /// let levels: Vec<Level> = Backend::all().map(|b| b.level()).collect();
    /// assert_eq!(levels, Level::available().collect::<Vec<_>>());
    /// assert!(levels.contains(&Level::Scalar));
    /// ```
    pub fn all() -> impl Iterator<Item = Backend> {
        ops::levels().map(|k| Backend { k })
    }

    /// The level this backend runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, Level};
    /// for level in Level::available() {
    ///     assert_eq!(Backend::new(level).unwrap().level(), level);
    /// }
    /// ```
    #[inline]
    pub fn level(&self) -> Level {
        self.k.level()
    }

    /// [`utf8::validate`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let text = "Grüße, 世界! 😀 ".repeat(8);
    /// for b in Backend::all() {
    ///     assert!(b.utf8_validate(text.as_bytes()));
    ///     assert!(!b.utf8_validate(b"\xed\xa0\x80"), "a surrogate at {}", b.level());
    /// }
    /// ```
    #[inline]
    pub fn utf8_validate(&self, src: &[u8]) -> bool {
        utf8::validate_in(self.k, src)
    }

    /// [`utf8::from_utf8`] at this level.
    ///
    /// # Errors
    /// As [`utf8::from_utf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_from_utf8("déjà vu".as_bytes()), Ok("déjà vu"));
    ///     let err = b.utf8_from_utf8(b"ok\xc3").unwrap_err();
    ///     assert_eq!((err.valid_up_to(), err.error_len()), (2, None));
    /// }
    /// ```
    #[inline]
    pub fn utf8_from_utf8<'a>(&self, src: &'a [u8]) -> Result<&'a str, Utf8Error> {
        utf8::from_utf8_in(self.k, src)
    }

    /// [`utf8::from_utf8_mut`] at this level.
    ///
    /// # Errors
    /// As [`utf8::from_utf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     let mut bytes = *b"shout";
    ///     b.utf8_from_utf8_mut(&mut bytes).unwrap().make_ascii_uppercase();
    ///     assert_eq!(&bytes, b"SHOUT");
    ///     assert!(b.utf8_from_utf8_mut(&mut [0xff]).is_err());
    /// }
    /// ```
    #[inline]
    pub fn utf8_from_utf8_mut<'a>(&self, src: &'a mut [u8]) -> Result<&'a mut str, Utf8Error> {
        utf8::from_utf8_mut_in(self.k, src)
    }

    /// [`utf8::utf16_len`] at this level.
    ///
    /// # Errors
    /// As [`utf8::utf16_len`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_utf16_len("a😀".as_bytes()), Ok(3)); // the emoji takes two units
    ///     assert!(b.utf8_utf16_len(b"a\x80").is_err());
    /// }
    /// ```
    #[inline]
    pub fn utf8_utf16_len(&self, src: &[u8]) -> Result<usize, Utf8Error> {
        utf8::utf16_len_in(self.k, src)
    }

    /// [`utf8::utf16_len_str`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let s = "日本語 and 😀";
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_utf16_len_str(s), s.encode_utf16().count());
    /// }
    /// ```
    #[inline]
    pub fn utf8_utf16_len_str(&self, s: &str) -> usize {
        utf8::utf16_len_str_in(self.k, s)
    }

    /// [`utf8::count_chars`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let s = "héllo wörld ".repeat(10);
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_count_chars(&s), 120);
    /// }
    /// ```
    #[inline]
    pub fn utf8_count_chars(&self, s: &str) -> usize {
        self.k.utf8_count_chars(s.as_bytes())
    }

    /// [`utf8::to_utf16`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_utf16`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u16; 4];
    ///     assert_eq!(b.utf8_to_utf16("hé", &mut buf), Ok(2));
    ///     assert_eq!(buf[..2], [0x68, 0xE9]);
    ///     assert_eq!(b.utf8_to_utf16("hello", &mut buf).unwrap_err().needed(), 5);
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16(&self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        utf8::to_utf16_in(self.k, s, dst)
    }

    /// [`utf8::to_utf16_vec`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let s = "wide 😀 text";
    /// let expected: Vec<u16> = s.encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_to_utf16_vec(s), expected);
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16_vec(&self, s: &str) -> Vec<u16> {
        utf8::to_utf16_vec_in(self.k, s)
    }

    /// [`utf8::to_utf16_from_bytes`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_utf16_from_bytes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, TranscodeError};
    /// for b in Backend::all() {
    ///     let mut buf = [0u16; 8];
    ///     assert_eq!(b.utf8_to_utf16_from_bytes(b"abc", &mut buf), Ok(3));
    ///     let err = b.utf8_to_utf16_from_bytes(b"ab\xff", &mut buf).unwrap_err();
    ///     assert!(matches!(err, TranscodeError::Invalid(e) if e.valid_up_to() == 2));
    /// }
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_to_utf16_vec_from_bytes(b"ok"), Ok(vec![0x6F, 0x6B]));
    ///     assert_eq!(b.utf8_to_utf16_vec_from_bytes(b"\xc0\xaf").unwrap_err().valid_up_to(), 0);
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_utf16_vec_from_bytes(&self, src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        utf8::to_utf16_vec_from_bytes_in(self.k, src)
    }

    /// [`utf16::validate`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let good: Vec<u16> = "pair: 😀".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert!(b.utf16_validate(&good));
    ///     assert!(!b.utf16_validate(&[0xDE00, 0xD83D])); // low before high
    /// }
    /// ```
    #[inline]
    pub fn utf16_validate(&self, src: &[u16]) -> bool {
        self.k.utf16_validate(src)
    }

    /// [`utf16::utf8_len`] at this level.
    ///
    /// # Errors
    /// As [`utf16::utf8_len`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let wide: Vec<u16> = "é😀".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf16_utf8_len(&wide), Ok(2 + 4));
    ///     assert_eq!(b.utf16_utf8_len(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
    /// }
    /// ```
    #[inline]
    pub fn utf16_utf8_len(&self, src: &[u16]) -> Result<usize, Utf16Error> {
        utf16::utf8_len_in(self.k, src)
    }

    /// [`utf16::to_utf8`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_utf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, TranscodeError};
    /// let wide: Vec<u16> = "€5".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 8];
    ///     assert_eq!(b.utf16_to_utf8(&wide, &mut buf), Ok(4));
    ///     assert_eq!(&buf[..4], "€5".as_bytes());
    ///     assert!(matches!(b.utf16_to_utf8(&wide, &mut buf[..3]), Err(TranscodeError::BufferTooSmall(_))));
    /// }
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let wide: Vec<u16> = "round trip".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf16_to_string(&wide).as_deref(), Ok("round trip"));
    ///     assert!(b.utf16_to_string(&[0xDC00]).is_err());
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_string(&self, src: &[u16]) -> Result<String, Utf16Error> {
        utf16::to_string_in(self.k, src)
    }

    /// [`utf16::to_string_lossy`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf16_to_string_lossy(&[0x6F, 0xD800, 0x6B]), "o\u{FFFD}k");
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_string_lossy(&self, src: &[u16]) -> String {
        utf16::to_string_lossy_in(self.k, src)
    }

    /// [`latin1::utf8_len`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     // Bytes from 0x80 up take two UTF-8 bytes each.
    ///     assert_eq!(b.latin1_utf8_len(b"caf\xe9"), 5);
    /// }
    /// ```
    #[inline]
    pub fn latin1_utf8_len(&self, src: &[u8]) -> usize {
        self.k.latin1_utf8_len(src)
    }

    /// [`latin1::to_utf8`] at this level.
    ///
    /// # Errors
    /// As [`latin1::to_utf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 6];
    ///     assert_eq!(b.latin1_to_utf8(b"na\xefve", &mut buf), Ok(6));
    ///     assert_eq!(&buf, "naïve".as_bytes());
    ///     assert_eq!(b.latin1_to_utf8(b"na\xefve", &mut buf[..5]).unwrap_err().needed(), 6);
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf8(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
        latin1::to_utf8_in(self.k, src, dst)
    }

    /// [`latin1::to_string`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.latin1_to_string(b"\xa92024 \xb5s"), "©2024 µs");
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_string(&self, src: &[u8]) -> String {
        latin1::to_string_in(self.k, src)
    }

    /// [`latin1::to_utf16`] at this level.
    ///
    /// # Errors
    /// As [`latin1::to_utf16`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u16; 3];
    ///     assert_eq!(b.latin1_to_utf16(b"\xe0 x", &mut buf), Ok(3));
    ///     assert_eq!(buf, [0xE0, 0x20, 0x78]);
    ///     assert!(b.latin1_to_utf16(b"four", &mut buf).is_err());
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf16(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        latin1::to_utf16_in(self.k, src, dst)
    }

    /// [`latin1::to_utf16_vec`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.latin1_to_utf16_vec(b"\xff!"), [0xFF, 0x21]);
    /// }
    /// ```
    #[inline]
    pub fn latin1_to_utf16_vec(&self, src: &[u8]) -> Vec<u16> {
        latin1::to_utf16_vec_in(self.k, src)
    }

    /// [`utf8::to_latin1`] at this level.
    ///
    /// # Errors
    /// As [`utf8::to_latin1`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{Backend, TranscodeError};
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 4];
    ///     assert_eq!(b.utf8_to_latin1("café", &mut buf), Ok(4));
    ///     assert_eq!(&buf, b"caf\xe9");
    ///     let err = b.utf8_to_latin1("a€", &mut buf).unwrap_err();
    ///     assert!(matches!(err, TranscodeError::Invalid(e) if e.valid_up_to() == 1));
    /// }
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf8_to_latin1_vec("Æon").unwrap(), b"\xc6on");
    ///     assert_eq!(b.utf8_to_latin1_vec("ok ✓").unwrap_err().valid_up_to(), 3);
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_latin1_vec(&self, s: &str) -> Result<Vec<u8>, Latin1Error> {
        latin1::from_utf8_vec_in(self.k, s)
    }

    /// [`utf16::to_latin1`] at this level.
    ///
    /// # Errors
    /// As [`utf16::to_latin1`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 2];
    ///     assert_eq!(b.utf16_to_latin1(&[0xE9, 0x21], &mut buf), Ok(2));
    ///     assert_eq!(&buf, b"\xe9!");
    ///     assert!(b.utf16_to_latin1(&[0x41, 0x100], &mut buf).is_err()); // U+0100 is past Latin-1
    /// }
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.utf16_to_latin1_vec(&[0x48, 0x69]).unwrap(), b"Hi");
    ///     assert_eq!(b.utf16_to_latin1_vec(&[0x48, 0x2022]).unwrap_err().valid_up_to(), 1);
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_latin1_vec(&self, src: &[u16]) -> Result<Vec<u8>, Latin1Error> {
        latin1::from_utf16_vec_in(self.k, src)
    }

    /// [`crate::search::memchr`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let hay = [&[b'.'; 100][..], b"x"].concat();
    /// for b in Backend::all() {
    ///     assert_eq!(b.memchr(b'x', &hay), Some(100));
    ///     assert_eq!(b.memchr(b'y', &hay), None);
    /// }
    /// ```
    #[inline]
    pub fn memchr(&self, needle: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr(haystack, needle)
    }

    /// [`crate::search::memchr2`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.memchr2(b'\r', b'\n', b"line\r\n"), Some(4));
    ///     assert_eq!(b.memchr2(b'\r', b'\n', b"line"), None);
    /// }
    /// ```
    #[inline]
    pub fn memchr2(&self, n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr2(haystack, n1, n2)
    }

    /// [`crate::search::memchr3`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.memchr3(b'<', b'>', b'&', b"a &lt; b"), Some(2));
    ///     assert_eq!(b.memchr3(b'<', b'>', b'&', b"plain"), None);
    /// }
    /// ```
    #[inline]
    pub fn memchr3(&self, n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memchr3(haystack, n1, n2, n3)
    }

    /// [`crate::search::memrchr`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let hay = [b"x", &[b'.'; 100][..]].concat();
    /// for b in Backend::all() {
    ///     assert_eq!(b.memrchr(b'x', &hay), Some(0));
    ///     assert_eq!(b.memrchr(b'y', &hay), None);
    /// }
    /// ```
    #[inline]
    pub fn memrchr(&self, needle: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr(haystack, needle)
    }

    /// [`crate::search::memrchr2`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.memrchr2(b'/', b'\\', b"a/b\\c"), Some(3));
    ///     assert_eq!(b.memrchr2(b'/', b'\\', b"abc"), None);
    /// }
    /// ```
    #[inline]
    pub fn memrchr2(&self, n1: u8, n2: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr2(haystack, n1, n2)
    }

    /// [`crate::search::memrchr3`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.memrchr3(b'.', b'!', b'?', b"Hi. Bye!"), Some(7));
    ///     assert_eq!(b.memrchr3(b'.', b'!', b'?', b"Hi"), None);
    /// }
    /// ```
    #[inline]
    pub fn memrchr3(&self, n1: u8, n2: u8, n3: u8, haystack: &[u8]) -> Option<usize> {
        self.k.memrchr3(haystack, n1, n2, n3)
    }

    /// [`crate::search::count`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::Backend;
    /// let text = "row\n".repeat(50);
    /// for b in Backend::all() {
    ///     assert_eq!(b.count(b'\n', text.as_bytes()), 50);
    /// }
    /// ```
    #[inline]
    pub fn count(&self, needle: u8, haystack: &[u8]) -> usize {
        self.k.count_byte(haystack, needle)
    }

    /// [`ByteSet::find`](crate::search::ByteSet::find) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let digits = ByteSet::from_range(b'0'..=b'9');
    /// for b in Backend::all() {
    ///     assert_eq!(b.set_find(&digits, b"abc7"), Some(3));
    ///     assert_eq!(b.set_find(&digits, b"abc"), None);
    /// }
    /// ```
    #[inline]
    pub fn set_find(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_find(haystack, set.spec(), false)
    }

    /// [`ByteSet::rfind`](crate::search::ByteSet::rfind) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let vowels = ByteSet::new(b"aeiou");
    /// for b in Backend::all() {
    ///     assert_eq!(b.set_rfind(&vowels, b"rhythm and blues"), Some(14));
    ///     assert_eq!(b.set_rfind(&vowels, b"rhythm"), None);
    /// }
    /// ```
    #[inline]
    pub fn set_rfind(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_rfind(haystack, set.spec(), false)
    }

    /// [`ByteSet::find_not`](crate::search::ByteSet::find_not) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let blank = ByteSet::new(b" \t");
    /// for b in Backend::all() {
    ///     assert_eq!(b.set_find_not(&blank, b"\t  x"), Some(3));
    ///     assert_eq!(b.set_find_not(&blank, b"   "), None);
    /// }
    /// ```
    #[inline]
    pub fn set_find_not(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_find(haystack, set.spec(), true)
    }

    /// [`ByteSet::rfind_not`](crate::search::ByteSet::rfind_not) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let newline = ByteSet::new(b"\r\n");
    /// for b in Backend::all() {
    ///     assert_eq!(b.set_rfind_not(&newline, b"end\r\n"), Some(2));
    ///     assert_eq!(b.set_rfind_not(&newline, b"\n"), None);
    /// }
    /// ```
    #[inline]
    pub fn set_rfind_not(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> Option<usize> {
        self.k.set_rfind(haystack, set.spec(), true)
    }

    /// [`ByteSet::count`](crate::search::ByteSet::count) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let upper = ByteSet::from_range(b'A'..=b'Z');
    /// let text = "CamelCaseName".repeat(10);
    /// for b in Backend::all() {
    ///     assert_eq!(b.set_count(&upper, text.as_bytes()), 30);
    /// }
    /// ```
    #[inline]
    pub fn set_count(&self, set: &crate::search::ByteSet, haystack: &[u8]) -> usize {
        self.k.set_count(haystack, set.spec(), false)
    }

    /// [`U16Set::find`](crate::search::U16Set::find) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::U16Set, Backend};
    /// let set = U16Set::new(&[0x2028, 0x2029]);
    /// let t: Vec<u16> = "a\u{2029}b".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.set16_find(&set, &t), Some(1));
    ///     assert_eq!(b.set16_find(&set, &t[2..]), None);
    /// }
    /// ```
    #[inline]
    pub fn set16_find(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_find16(haystack, set.spec(), false)
    }

    /// [`U16Set::rfind`](crate::search::U16Set::rfind) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::U16Set, Backend};
    /// let dot = U16Set::new(&[b'.' as u16]);
    /// let t: Vec<u16> = "a.b.c".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.set16_rfind(&dot, &t), Some(3));
    ///     assert_eq!(b.set16_rfind(&dot, &t[..1]), None);
    /// }
    /// ```
    #[inline]
    pub fn set16_rfind(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_rfind16(haystack, set.spec(), false)
    }

    /// [`U16Set::find_not`](crate::search::U16Set::find_not) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::U16Set, Backend};
    /// let space = U16Set::new(&[b' ' as u16]);
    /// let t: Vec<u16> = "  x".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.set16_find_not(&space, &t), Some(2));
    ///     assert_eq!(b.set16_find_not(&space, &t[..2]), None);
    /// }
    /// ```
    #[inline]
    pub fn set16_find_not(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_find16(haystack, set.spec(), true)
    }

    /// [`U16Set::rfind_not`](crate::search::U16Set::rfind_not) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::U16Set, Backend};
    /// let zero = U16Set::new(&[b'0' as u16]);
    /// let t: Vec<u16> = "1.500".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.set16_rfind_not(&zero, &t), Some(2));
    ///     assert_eq!(b.set16_rfind_not(&zero, &t[3..]), None);
    /// }
    /// ```
    #[inline]
    pub fn set16_rfind_not(&self, set: &crate::search::U16Set, haystack: &[u16]) -> Option<usize> {
        self.k.set_rfind16(haystack, set.spec(), true)
    }

    /// [`U16Set::count`](crate::search::U16Set::count) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::U16Set, Backend};
    /// let surrogates = U16Set::from_range(0xD800..=0xDFFF);
    /// let t: Vec<u16> = "😀 and 😀".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.set16_count(&surrogates, &t), 4);
    /// }
    /// ```
    #[inline]
    pub fn set16_count(&self, set: &crate::search::U16Set, haystack: &[u16]) -> usize {
        self.k.set_count16(haystack, set.spec(), false)
    }

    /// [`split_set`](crate::search::split_set) at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{search::ByteSet, Backend};
    /// let seps = ByteSet::new(b",;");
    /// for b in Backend::all() {
    ///     let parts: Vec<&[u8]> = b.split_set(b"a,b;;c", &seps).collect();
    ///     assert_eq!(parts, [&b"a"[..], b"b", b"", b"c"]);
    /// }
    /// ```
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
