//! `FormatBuf`, the inline string the formatters return, and `BufferTooSmall`.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

/// The bytes a `FormatBuf` holds. The longest text this module produces is 39 bytes (the "O"
/// form with an expanded year and an offset with seconds); the formatters build up to 40
/// bytes as five 64-bit words.
pub(crate) const CAP: usize = 47;

/// A short formatted date-time held inline: at most [`FormatBuf::CAPACITY`] bytes of ASCII,
/// 48 bytes in all, no heap allocation.
///
/// It dereferences to `str`, so it can be used wherever a `&str` is expected.
///
/// ```
/// use core_time::Timestamp;
/// let t = Timestamp::from_unix(0, 0).unwrap();
/// let s = t.format_o();
/// assert_eq!(s.as_str(), "1970-01-01T00:00:00.0000000Z");
/// assert_eq!(s.len(), 28);
/// assert!(s.starts_with("1970")); // a `str` method, through `Deref`
/// ```
#[derive(Clone, Copy)]
pub struct FormatBuf {
    // Invariant: every byte of `bytes` is ASCII, and `len <= CAP`. `from_words` and `insert`,
    // the only code that writes to `bytes`, clear the top bit of everything they store.
    bytes: [u8; CAP],
    len: u8,
}

impl FormatBuf {
    /// The most bytes a `FormatBuf` holds.
    pub const CAPACITY: usize = CAP;

    /// The text of length `len` (at most 40) held by five little-endian words. The top bit of
    /// every byte is cleared, so whatever the words, only ASCII is stored.
    #[inline(always)]
    pub(super) fn from_words(words: [u64; 5], len: usize) -> FormatBuf {
        let mut bytes = [0; CAP];
        for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
            chunk.copy_from_slice(&(word & 0x7F7F_7F7F_7F7F_7F7F).to_le_bytes());
        }
        FormatBuf { bytes, len: len.min(40) as u8 }
    }

    /// Inserts the ASCII byte `byte` (its top bit cleared) at `at`, moving the rest of the text
    /// along; nothing happens when the buffer is full or `at` is past the end of the text.
    pub(super) fn insert(&mut self, at: usize, byte: u8) {
        let len = self.len as usize;
        if len < CAP && at <= len {
            self.bytes.copy_within(at..len, at + 1);
            self.bytes[at] = byte & 0x7F;
            self.len += 1;
        }
    }

    /// The text.
    #[inline]
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// let g = DateTime::date(2026, 12, 7).unwrap().format_g();
    /// assert_eq!(g.as_str(), "12/07/2026 00:00:00");
    /// ```
    pub fn as_str(&self) -> &str {
        let bytes = self.as_bytes();
        // SAFETY: all the bytes of `self.bytes` are ASCII (the invariant on the field: the
        // only two functions that store into it clear the top bit of every byte), and ASCII is
        // valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(bytes) }
    }

    /// The text as bytes.
    #[inline]
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let o = Timestamp::UNIX_EPOCH.format_rfc3339(0);
    /// assert_eq!(o.as_bytes(), b"1970-01-01T00:00:00Z");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        // `len <= CAP` is kept by `from_words` and `insert`; `get` keeps this free of a panic path anyway.
        self.bytes.get(..self.len as usize).unwrap_or(&[])
    }

    /// The length in bytes (every byte is one ASCII character).
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t = Timestamp::UNIX_EPOCH;
    /// assert_eq!(t.format_rfc3339(0).len(), 20);
    /// assert_eq!(t.format_rfc3339(3).len(), 24); // ".000" added
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)] // a formatted date-time is never empty
    pub fn len(&self) -> usize {
        self.len as usize
    }
}

impl Deref for FormatBuf {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for FormatBuf {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for FormatBuf {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Display for FormatBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` honours width, fill and alignment flags such as `{:>40}`.
        f.pad(self.as_str())
    }
}

impl fmt::Debug for FormatBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for FormatBuf {
    fn eq(&self, other: &FormatBuf) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for FormatBuf {}

impl PartialEq<str> for FormatBuf {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for FormatBuf {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<FormatBuf> for str {
    fn eq(&self, other: &FormatBuf) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<FormatBuf> for &str {
    fn eq(&self, other: &FormatBuf) -> bool {
        *self == other.as_str()
    }
}

impl Hash for FormatBuf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The same hash as the `str` it equals.
        self.as_str().hash(state);
    }
}

/// A caller's buffer was too short for the text a `write_*` method produces.
///
/// Nothing useful has been written when this is returned; [`needed`](Self::needed) says how
/// many bytes the text takes. [`FormatBuf::CAPACITY`] bytes are always enough.
///
/// ```
/// use core_time::Timestamp;
/// let mut out = [0u8; 10];
/// let err = Timestamp::UNIX_EPOCH.write_o(&mut out).unwrap_err();
/// assert_eq!(err.needed(), 28);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    needed: usize,
}

impl BufferTooSmall {
    pub(crate) const fn new(needed: usize) -> BufferTooSmall {
        BufferTooSmall { needed }
    }

    /// How many bytes the formatted text needs.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t = Timestamp::from_unix(0, 1).unwrap();
    /// let err = t.write_rfc3339(9, &mut [0u8; 8]).unwrap_err();
    /// assert_eq!(err.needed(), t.format_rfc3339(9).len());
    /// assert_eq!(err.needed(), 30);
    /// ```
    pub const fn needed(&self) -> usize {
        self.needed
    }
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "output buffer too small: {} bytes needed", self.needed)
    }
}

impl std::error::Error for BufferTooSmall {}

/// Copies formatted text into a caller's buffer.
#[inline]
pub(crate) fn copy_out(text: &FormatBuf, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
    let src = text.as_bytes();
    match out.get_mut(..src.len()) {
        Some(dst) => {
            dst.copy_from_slice(src);
            Ok(src.len())
        }
        None => Err(BufferTooSmall::new(src.len())),
    }
}
