//! ASCII helpers over bytes and UTF-16 units: the ASCII test, case-insensitive equality,
//! equality across the two widths, and casing (bytes and UTF-16) in place or into a new buffer.
//!
//! Case folding is ASCII-only, as in std's `eq_ignore_ascii_case` and `make_ascii_uppercase`:
//! `b'a'..=b'z'` and `b'A'..=b'Z'` fold, every other byte (UTF-8 lead and continuation bytes
//! included) compares and stays exactly as it is, so casing UTF-8 text keeps it UTF-8. Over
//! `u16` only the units below 0x80 fold.
//!
//! ```
//! use core_text::ascii;
//! assert!(ascii::is_ascii(b"plain text"));
//! assert!(ascii::eq_ignore_case(b"Content-Type", b"content-type"));
//! assert!(ascii::starts_with_ignore_case(b"HTTPS://example.org", b"https://"));
//! let wide: Vec<u16> = "GET".encode_utf16().collect();
//! assert!(ascii::eq_bytes_u16(b"GET", &wide));
//! let mut header = *b"x-request-id";
//! ascii::make_upper(&mut header);
//! assert_eq!(&header, b"X-REQUEST-ID");
//! assert_eq!(ascii::to_lower(b"MiXeD 123"), b"mixed 123");
//! ```
//!
//! # Algorithms
//!
//! Each operation runs the best SIMD level's kernel, written once over core-cpu's vectors:
//! letters are found with one add and one signed compare per vector (after adding
//! `0x80 - b'a'`, the 26 lower-case letters are the 26 smallest signed bytes), and a letter's
//! case is its 0x20 bit, so casing is an XOR with the compare mask AND 0x20, and two bytes
//! are equal ignoring case when they differ at most in 0x20 and the first, with 0x20 set, is
//! a lower-case letter. Reductions OR four vectors before one test. Inputs shorter than a
//! vector take the vector of half the width, then a word-at-a-time path (eight bytes in a
//! `u64`, the same technique as std's `is_ascii`), which is also the `scalar` level; the
//! cross-width equality of 8 to 15 elements compares two overlapping 8-element windows in one
//! 128-bit vector (inline, with the target's baseline SSE2 or NEON). Every public function
//! handles inputs shorter than 16 bytes inline. At AVX-512, ignore-case equality and byte
//! casing have kernels of their own (`arch::x86_64::ascii`): letter tests in mask registers,
//! masked loads for up to 64 bytes, and in-place casing that reads and writes every byte
//! once, by one vector or word (so casing or reading the buffer again right after loads what
//! one store wrote, which the CPU forwards from its store buffer), storing only the vectors
//! that hold a letter to change.
//!
//! [`Backend`] runs the same operations at one pinned [`Level`](crate::Level).

pub(crate) mod generic;
mod ops;
mod swar;

use crate::error::BufferTooSmall;
use alloc::vec::Vec;
use core::fmt;
use core::mem::MaybeUninit;
use ops::{Auto, Ops, Pinned};

/// Is every byte of `s` ASCII (below 0x80)? As `<[u8]>::is_ascii`.
///
/// ```
/// assert!(core_text::ascii::is_ascii(b"abc\x7F"));
/// assert!(!core_text::ascii::is_ascii("café".as_bytes()));
/// ```
#[inline]
pub fn is_ascii(s: &[u8]) -> bool {
    if s.len() < 16 {
        return swar::is_ascii(s);
    }
    Auto.is_ascii(s)
}

/// Is every unit of `s` ASCII (below 0x80)?
///
/// ```
/// let wide: Vec<u16> = "abc".encode_utf16().collect();
/// assert!(core_text::ascii::is_ascii_u16(&wide));
/// assert!(!core_text::ascii::is_ascii_u16(&[0x61, 0x100]));
/// ```
#[inline]
pub fn is_ascii_u16(s: &[u16]) -> bool {
    if s.len() < 8 {
        return swar::is_ascii_u16(s);
    }
    Auto.is_ascii_u16(s)
}

/// Are `a` and `b` equal ignoring ASCII case? As `<[u8]>::eq_ignore_ascii_case`: the lengths
/// must match, ASCII letters fold, every other byte compares exactly.
///
/// ```
/// use core_text::ascii::eq_ignore_case;
/// assert!(eq_ignore_case(b"Hello, World", b"hELLO, wORLD"));
/// assert!(!eq_ignore_case(b"@", b"`")); // 0x40 and 0x60 differ in the case bit only
/// assert!(!eq_ignore_case("É".as_bytes(), "é".as_bytes())); // not ASCII: compared exactly
/// ```
#[inline]
pub fn eq_ignore_case(a: &[u8], b: &[u8]) -> bool {
    if a.len() < 16 {
        return swar::eq_ignore_case(a, b);
    }
    Auto.eq_ignore_case(a, b)
}

/// Are the UTF-16 `a` and `b` equal ignoring ASCII case? Units below 0x80 fold as in
/// [`eq_ignore_case`]; every other unit (surrogates included) compares exactly.
///
/// ```
/// let a: Vec<u16> = "Grüße".encode_utf16().collect();
/// let b: Vec<u16> = "gRüSSE".encode_utf16().collect();
/// let c: Vec<u16> = "GRüßE".encode_utf16().collect();
/// assert!(!core_text::ascii::eq_ignore_case_u16(&a, &b)); // ß is not ASCII
/// assert!(core_text::ascii::eq_ignore_case_u16(&a, &c));
/// ```
#[inline]
pub fn eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
    if a.len() < 8 {
        return swar::eq_ignore_case_u16(a, b);
    }
    Auto.eq_ignore_case_u16(a, b)
}

/// Do the bytes `a` and the UTF-16 units `b` hold the same ASCII text? True when the lengths
/// match and every byte is ASCII and equal to its unit; any non-ASCII element makes it false
/// (a byte above 0x7F is not a character of its own in UTF-8, so no unit can equal it).
///
/// ```
/// use core_text::ascii::eq_bytes_u16;
/// let wide: Vec<u16> = "keep-alive".encode_utf16().collect();
/// assert!(eq_bytes_u16(b"keep-alive", &wide));
/// assert!(!eq_bytes_u16(b"Keep-alive", &wide));
/// assert!(!eq_bytes_u16(&[0xE9], &[0xE9])); // Latin-1 'é' is not ASCII
/// ```
#[inline]
pub fn eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    if a.len() < 16 {
        return short_eq_bytes_u16(a, b);
    }
    Auto.eq_bytes_u16(a, b)
}

/// [`eq_bytes_u16`] for fewer than 16 elements, inline: 8 to 15 with the 128-bit vector of
/// the compilation target's baseline (SSE2 on x86_64, NEON on aarch64), which every CPU
/// that runs the program has, so no dispatch is needed; fewer a word at a time.
#[inline(always)]
fn short_eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: the program is compiled for SSE2 (`target_feature = "sse2"`), so the CPU
    // running it has it.
    return unsafe { generic::eq_bytes_u16::<core_cpu::vector::sse2::V128>(a, b) };
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    // SAFETY: the program is compiled for NEON, so the CPU running it has it.
    return unsafe { generic::eq_bytes_u16::<core_cpu::vector::neon::V128>(a, b) };
    #[allow(unreachable_code)]
    swar::eq_bytes_u16(a, b)
}

/// Does `s` start with `prefix`, ignoring ASCII case?
///
/// ```
/// assert!(core_text::ascii::starts_with_ignore_case(b"Https://dot.net", b"https://"));
/// assert!(!core_text::ascii::starts_with_ignore_case(b"http", b"https"));
/// ```
#[inline]
pub fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && eq_ignore_case(&s[..prefix.len()], prefix)
}

/// Does `s` end with `suffix`, ignoring ASCII case?
///
/// ```
/// assert!(core_text::ascii::ends_with_ignore_case(b"System.Private.CoreLib.dll", b".DLL"));
/// ```
#[inline]
pub fn ends_with_ignore_case(s: &[u8], suffix: &[u8]) -> bool {
    s.len() >= suffix.len() && eq_ignore_case(&s[s.len() - suffix.len()..], suffix)
}

/// Upper-cases the ASCII letters of `s` in place; other bytes stay. As
/// `<[u8]>::make_ascii_uppercase`.
///
/// ```
/// let mut s = *b"hello, world";
/// core_text::ascii::make_upper(&mut s);
/// assert_eq!(&s, b"HELLO, WORLD");
/// ```
#[inline]
pub fn make_upper(s: &mut [u8]) {
    if s.len() < 16 {
        return swar::make_case::<true>(s);
    }
    Auto.make_upper(s)
}

/// Lower-cases the ASCII letters of `s` in place; other bytes stay. As
/// `<[u8]>::make_ascii_lowercase`.
///
/// ```
/// let mut s = *b"HELLO, World";
/// core_text::ascii::make_lower(&mut s);
/// assert_eq!(&s, b"hello, world");
/// ```
#[inline]
pub fn make_lower(s: &mut [u8]) {
    if s.len() < 16 {
        return swar::make_case::<false>(s);
    }
    Auto.make_lower(s)
}

/// `s` with its ASCII letters upper-cased, in a new vector. As `<[u8]>::to_ascii_uppercase`.
///
/// ```
/// assert_eq!(core_text::ascii::to_upper(b"runtime"), b"RUNTIME");
/// ```
#[inline]
pub fn to_upper(s: &[u8]) -> Vec<u8> {
    to_vec_in(Auto, s, true, true)
}

/// `s` with its ASCII letters lower-cased, in a new vector. As `<[u8]>::to_ascii_lowercase`.
///
/// ```
/// assert_eq!(core_text::ascii::to_lower(b"RunTime"), b"runtime");
/// ```
#[inline]
pub fn to_lower(s: &[u8]) -> Vec<u8> {
    to_vec_in(Auto, s, false, true)
}

/// Writes `src` with its ASCII letters upper-cased to the start of `dst`, returning the
/// number of bytes written (`src.len()`).
///
/// # Errors
/// [`BufferTooSmall`] when `dst` is shorter than `src`; nothing is written then.
///
/// ```
/// let mut out = [0u8; 16];
/// let n = core_text::ascii::to_upper_into(b"abc", &mut out)?;
/// assert_eq!(&out[..n], b"ABC");
/// assert!(core_text::ascii::to_upper_into(b"abc", &mut [0u8; 2]).is_err());
/// # Ok::<(), core_text::BufferTooSmall>(())
/// ```
#[inline]
pub fn to_upper_into(src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
    to_slice_in(Auto, src, dst, true, true)
}

/// Writes `src` with its ASCII letters lower-cased to the start of `dst`, returning the
/// number of bytes written (`src.len()`).
///
/// # Errors
/// [`BufferTooSmall`] when `dst` is shorter than `src`; nothing is written then.
///
/// ```
/// let mut out = [0u8; 8];
/// let n = core_text::ascii::to_lower_into(b"ABC", &mut out)?;
/// assert_eq!(&out[..n], b"abc");
/// # Ok::<(), core_text::BufferTooSmall>(())
/// ```
#[inline]
pub fn to_lower_into(src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
    to_slice_in(Auto, src, dst, false, true)
}

/// Upper-cases the UTF-16 units that are ASCII letters, in place; other units stay.
///
/// ```
/// let mut s: Vec<u16> = "grüße".encode_utf16().collect();
/// core_text::ascii::make_upper_u16(&mut s);
/// assert_eq!(String::from_utf16_lossy(&s), "GRüßE");
/// ```
#[inline]
pub fn make_upper_u16(s: &mut [u16]) {
    if s.len() < 8 {
        return swar::make_case_u16::<true>(s);
    }
    Auto.make_upper_u16(s)
}

/// Lower-cases the UTF-16 units that are ASCII letters, in place; other units stay.
///
/// ```
/// let mut s: Vec<u16> = "ÉCOLE".encode_utf16().collect();
/// core_text::ascii::make_lower_u16(&mut s);
/// assert_eq!(String::from_utf16_lossy(&s), "École");
/// ```
#[inline]
pub fn make_lower_u16(s: &mut [u16]) {
    if s.len() < 8 {
        return swar::make_case_u16::<false>(s);
    }
    Auto.make_lower_u16(s)
}

/// The UTF-16 `s` with its ASCII letters upper-cased, in a new vector.
///
/// ```
/// let s: Vec<u16> = "runtime".encode_utf16().collect();
/// let up: Vec<u16> = "RUNTIME".encode_utf16().collect();
/// assert_eq!(core_text::ascii::to_upper_u16(&s), up);
/// ```
#[inline]
pub fn to_upper_u16(s: &[u16]) -> Vec<u16> {
    to_vec_u16_in(Auto, s, true, true)
}

/// The UTF-16 `s` with its ASCII letters lower-cased, in a new vector.
///
/// ```
/// let s: Vec<u16> = "RunTime".encode_utf16().collect();
/// let low: Vec<u16> = "runtime".encode_utf16().collect();
/// assert_eq!(core_text::ascii::to_lower_u16(&s), low);
/// ```
#[inline]
pub fn to_lower_u16(s: &[u16]) -> Vec<u16> {
    to_vec_u16_in(Auto, s, false, true)
}

#[inline(always)]
fn to_vec_u16_in(k: impl Ops, s: &[u16], upper: bool, short: bool) -> Vec<u16> {
    let n = s.len();
    let mut out = Vec::with_capacity(n);
    let dst = &mut out.spare_capacity_mut()[..n];
    match (upper, short && n < 8) {
        (true, true) => swar::to_case_u16::<true>(s, dst),
        (false, true) => swar::to_case_u16::<false>(s, dst),
        (true, false) => k.to_upper_u16(s, dst),
        (false, false) => k.to_lower_u16(s, dst),
    }
    // SAFETY: the kernels wrote all `n` slots with initialised units, within the capacity.
    unsafe { out.set_len(n) };
    out
}

/// The casing kernel of `k`, or the word-at-a-time code for short inputs when `short`.
#[inline(always)]
fn case_into(k: impl Ops, src: &[u8], dst: &mut [MaybeUninit<u8>], upper: bool, short: bool) {
    match (upper, short && src.len() < 16) {
        (true, true) => swar::to_case::<true>(src, dst),
        (false, true) => swar::to_case::<false>(src, dst),
        (true, false) => k.to_upper(src, dst),
        (false, false) => k.to_lower(src, dst),
    }
}

#[inline(always)]
fn to_vec_in(k: impl Ops, s: &[u8], upper: bool, short: bool) -> Vec<u8> {
    let n = s.len();
    let mut out = Vec::with_capacity(n);
    case_into(k, s, &mut out.spare_capacity_mut()[..n], upper, short);
    // SAFETY: the kernels wrote all `n` slots (the shorter of the two lengths, both `n`) with
    // initialised bytes, within the capacity.
    unsafe { out.set_len(n) };
    out
}

#[inline(always)]
fn to_slice_in(
    k: impl Ops,
    src: &[u8],
    dst: &mut [u8],
    upper: bool,
    short: bool,
) -> Result<usize, BufferTooSmall> {
    let n = src.len();
    if dst.len() < n {
        return Err(BufferTooSmall { needed: n, available: dst.len() });
    }
    // SAFETY: the kernels store initialised bytes only, so `dst` stays initialised.
    let out = unsafe { crate::arch::as_output(&mut dst[..n]) };
    case_into(k, src, out, upper, short);
    Ok(n)
}

/// The ASCII operations at one fixed [`Level`](crate::Level): the free functions of this
/// module use the best level; a `Backend` runs the kernels of the level it was made for
/// (at every length), which tests, fuzz targets and benchmarks use to cover each one.
///
/// ```
/// use core_text::{ascii, Level};
/// for b in ascii::Backend::all() {
///     assert!(b.eq_ignore_case(b"ABC", b"abc"), "{:?}", b.level());
/// }
/// assert!(ascii::Backend::new(Level::Scalar).is_some());
/// ```
#[derive(Clone, Copy)]
pub struct Backend {
    k: Pinned,
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ascii::Backend").field(&self.k.level()).finish()
    }
}

impl Backend {
    /// The backend for `level`, or `None` when this CPU (or build) cannot run it.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{ascii, Level};
    /// let scalar = ascii::Backend::new(Level::Scalar).expect("scalar always runs");
    /// assert!(scalar.is_ascii(b"plain"));
    /// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
    /// assert!(ascii::Backend::new(missing).is_none());
    /// ```
    pub fn new(level: crate::Level) -> Option<Backend> {
        ops::pinned(level).map(|k| Backend { k })
    }

    /// The backend of [`Level::best`](crate::Level::best).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{ascii, Level};
    /// assert_eq!(ascii::Backend::best().level(), Level::best());
    /// ```
    pub fn best() -> Backend {
        Backend { k: ops::best() }
    }

    /// Backends for every level in [`Level::available`](crate::Level::available), best
    /// first.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{ascii, Level};
    /// let levels: Vec<Level> = ascii::Backend::all().map(|b| b.level()).collect();
    /// assert_eq!(levels.last(), Some(&Level::Scalar));
    /// assert_eq!(levels, Level::available().collect::<Vec<_>>());
    /// ```
    pub fn all() -> impl Iterator<Item = Backend> {
        ops::levels().map(|k| Backend { k })
    }

    /// The level this backend runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{ascii, Level};
    /// assert_eq!(ascii::Backend::new(Level::Scalar).unwrap().level(), Level::Scalar);
    /// ```
    #[inline]
    pub fn level(&self) -> crate::Level {
        self.k.level()
    }

    /// [`is_ascii`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let long = "ascii only, ".repeat(10);
    /// for b in Backend::all() {
    ///     assert!(b.is_ascii(long.as_bytes()));
    ///     assert!(!b.is_ascii("naïve".as_bytes()), "at {:?}", b.level());
    /// }
    /// ```
    #[inline]
    pub fn is_ascii(&self, s: &[u8]) -> bool {
        self.k.is_ascii(s)
    }

    /// [`is_ascii_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let plain: Vec<u16> = "plain text".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert!(b.is_ascii_u16(&plain));
    ///     assert!(!b.is_ascii_u16(&[0x41, 0x80]));
    /// }
    /// ```
    #[inline]
    pub fn is_ascii_u16(&self, s: &[u16]) -> bool {
        self.k.is_ascii_u16(s)
    }

    /// [`eq_ignore_case`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     assert!(b.eq_ignore_case(b"Content-Length", b"content-length"));
    ///     assert!(!b.eq_ignore_case(b"abc", b"abd"));
    ///     assert!(!b.eq_ignore_case(b"abc", b"ab")); // lengths differ
    /// }
    /// ```
    #[inline]
    pub fn eq_ignore_case(&self, a: &[u8], b: &[u8]) -> bool {
        self.k.eq_ignore_case(a, b)
    }

    /// [`eq_ignore_case_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let a: Vec<u16> = "HeLLo Wörld".encode_utf16().collect();
    /// let b: Vec<u16> = "hello wörld".encode_utf16().collect();
    /// let c: Vec<u16> = "hello WÖrld".encode_utf16().collect(); // Ö is not ASCII
    /// for be in Backend::all() {
    ///     assert!(be.eq_ignore_case_u16(&a, &b));
    ///     assert!(!be.eq_ignore_case_u16(&a, &c));
    /// }
    /// ```
    #[inline]
    pub fn eq_ignore_case_u16(&self, a: &[u16], b: &[u16]) -> bool {
        self.k.eq_ignore_case_u16(a, b)
    }

    /// [`eq_bytes_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let wide: Vec<u16> = "key".encode_utf16().collect();
    /// for be in Backend::all() {
    ///     assert!(be.eq_bytes_u16(b"key", &wide));
    ///     assert!(!be.eq_bytes_u16(b"Key", &wide));
    /// }
    /// ```
    #[inline]
    pub fn eq_bytes_u16(&self, a: &[u8], b: &[u16]) -> bool {
        self.k.eq_bytes_u16(a, b)
    }

    /// [`starts_with_ignore_case`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     assert!(b.starts_with_ignore_case(b"HTTP/1.1 200", b"http/"));
    ///     assert!(!b.starts_with_ignore_case(b"ht", b"http/")); // shorter than the prefix
    /// }
    /// ```
    #[inline]
    pub fn starts_with_ignore_case(&self, s: &[u8], prefix: &[u8]) -> bool {
        s.len() >= prefix.len() && self.k.eq_ignore_case(&s[..prefix.len()], prefix)
    }

    /// [`ends_with_ignore_case`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     assert!(b.ends_with_ignore_case(b"photo.JPG", b".jpg"));
    ///     assert!(!b.ends_with_ignore_case(b"photo.png", b".jpg"));
    /// }
    /// ```
    #[inline]
    pub fn ends_with_ignore_case(&self, s: &[u8], suffix: &[u8]) -> bool {
        s.len() >= suffix.len() && self.k.eq_ignore_case(&s[s.len() - suffix.len()..], suffix)
    }

    /// [`make_upper`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut s = "grüße, world".as_bytes().to_vec();
    ///     b.make_upper(&mut s);
    ///     assert_eq!(s, "GRüßE, WORLD".as_bytes()); // non-ASCII bytes are left alone
    /// }
    /// ```
    #[inline]
    pub fn make_upper(&self, s: &mut [u8]) {
        self.k.make_upper(s)
    }

    /// [`make_lower`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut s = *b"MiXeD 123";
    ///     b.make_lower(&mut s);
    ///     assert_eq!(&s, b"mixed 123");
    /// }
    /// ```
    #[inline]
    pub fn make_lower(&self, s: &mut [u8]) {
        self.k.make_lower(s)
    }

    /// [`make_upper_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut s: Vec<u16> = "abc é".encode_utf16().collect();
    ///     b.make_upper_u16(&mut s);
    ///     assert_eq!(String::from_utf16(&s).unwrap(), "ABC é");
    /// }
    /// ```
    #[inline]
    pub fn make_upper_u16(&self, s: &mut [u16]) {
        self.k.make_upper_u16(s)
    }

    /// [`make_lower_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut s: Vec<u16> = "ÀBC".encode_utf16().collect();
    ///     b.make_lower_u16(&mut s);
    ///     assert_eq!(String::from_utf16(&s).unwrap(), "Àbc");
    /// }
    /// ```
    #[inline]
    pub fn make_lower_u16(&self, s: &mut [u16]) {
        self.k.make_lower_u16(s)
    }

    /// [`to_upper_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let s: Vec<u16> = "id_42".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(String::from_utf16(&b.to_upper_u16(&s)).unwrap(), "ID_42");
    /// }
    /// ```
    #[inline]
    pub fn to_upper_u16(&self, s: &[u16]) -> Vec<u16> {
        to_vec_u16_in(self.k, s, true, false)
    }

    /// [`to_lower_u16`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let s: Vec<u16> = "GET".encode_utf16().collect();
    /// for b in Backend::all() {
    ///     assert_eq!(String::from_utf16(&b.to_lower_u16(&s)).unwrap(), "get");
    /// }
    /// ```
    #[inline]
    pub fn to_lower_u16(&self, s: &[u16]) -> Vec<u16> {
        to_vec_u16_in(self.k, s, false, false)
    }

    /// [`to_upper`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// let long = "mixed Case text ".repeat(8);
    /// for b in Backend::all() {
    ///     assert_eq!(b.to_upper(long.as_bytes()), long.to_ascii_uppercase().into_bytes());
    /// }
    /// ```
    #[inline]
    pub fn to_upper(&self, s: &[u8]) -> Vec<u8> {
        to_vec_in(self.k, s, true, false)
    }

    /// [`to_lower`] at this level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.to_lower(b"UTF-8"), b"utf-8");
    /// }
    /// ```
    #[inline]
    pub fn to_lower(&self, s: &[u8]) -> Vec<u8> {
        to_vec_in(self.k, s, false, false)
    }

    /// [`to_upper_into`] at this level.
    ///
    /// # Errors
    /// As [`to_upper_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 8];
    ///     assert_eq!(b.to_upper_into(b"abc", &mut buf), Ok(3));
    ///     assert_eq!(&buf[..3], b"ABC");
    ///     assert_eq!(b.to_upper_into(b"too long!", &mut buf).unwrap_err().needed(), 9);
    /// }
    /// ```
    #[inline]
    pub fn to_upper_into(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
        to_slice_in(self.k, src, dst, true, false)
    }

    /// [`to_lower_into`] at this level.
    ///
    /// # Errors
    /// As [`to_lower_into`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::ascii::Backend;
    /// for b in Backend::all() {
    ///     let mut buf = [0u8; 2];
    ///     assert_eq!(b.to_lower_into(b"OK", &mut buf), Ok(2));
    ///     assert_eq!(&buf, b"ok");
    ///     assert!(b.to_lower_into(b"NOPE", &mut buf).is_err());
    /// }
    /// ```
    #[inline]
    pub fn to_lower_into(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
        to_slice_in(self.k, src, dst, false, false)
    }
}
