//! UTF-16: surrogate-pair validation, UTF-8 length and transcoding to UTF-8.
//!
//! Validation and counting work on whole vectors (after .NET's `GetByteCount`, #121981): per
//! unit `u` the UTF-8 length is `1 + (u ≥ 0x80) + (u ≥ 0x800) − (u is a surrogate)`, so a valid
//! pair adds 2 + 2 = 4. Pairing is checked by shifting the "is a high surrogate" mask one unit
//! along (carrying the last lane into the next vector) and comparing it with the "is a low
//! surrogate" mask: they must be equal everywhere. Vectors without non-ASCII units only pay for
//! one test.
//!
//! ```
//! use core_text::utf16;
//! let units: Vec<u16> = "hé😀".encode_utf16().collect();
//! assert!(utf16::validate(&units));
//! assert_eq!(utf16::utf8_len(&units)?, 7);
//! assert_eq!(utf16::to_string(&units)?, "hé😀");
//! assert_eq!(utf16::to_string_lossy(&[0x61, 0xD800]), "a\u{FFFD}");
//! # Ok::<(), core_text::utf16::Utf16Error>(())
//! ```

mod error;

pub use error::Utf16Error;

use crate::arch::ops::{Auto, Ops};
use crate::arch::scalar::utf16 as scalar;
use crate::arch::{append_with, as_output};
use crate::error::{BufferTooSmall, TranscodeError};
use crate::latin1::Latin1Error;
use alloc::string::String;
use alloc::vec::Vec;

/// Returns `true` if every surrogate in `src` is correctly paired.
///
/// ```
/// assert!(core_text::utf16::validate(&[0xD83D, 0xDE00]));
/// assert!(!core_text::utf16::validate(&[0xDE00, 0xD83D]));
/// ```
#[inline]
pub fn validate(src: &[u16]) -> bool {
    Auto.utf16_validate(src)
}

/// The number of UTF-8 bytes `src` encodes to (.NET's `GetByteCount`), validating pairs.
///
/// # Errors
/// [`Utf16Error`] at the first unpaired surrogate.
///
/// ```
/// assert_eq!(core_text::utf16::utf8_len(&[0x61, 0x20AC])?, 4);
/// # Ok::<(), core_text::utf16::Utf16Error>(())
/// ```
#[inline]
pub fn utf8_len(src: &[u16]) -> Result<usize, Utf16Error> {
    utf8_len_in(Auto, src)
}

/// Validates `src` and transcodes it to UTF-8 into `dst`, returning the bytes written.
///
/// A `dst` of `3 * src.len()` bytes is always large enough, and the fastest: then `src` is
/// validated as it is transcoded, not measured first.
///
/// # Errors
/// [`TranscodeError::Invalid`] at the first unpaired surrogate (then what `dst` holds is
/// unspecified: the units before it may have been transcoded into it), or
/// [`TranscodeError::BufferTooSmall`] with the exact size needed (nothing is written).
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = core_text::utf16::to_utf8(&[0x68, 0xE9], &mut buf).unwrap();
/// assert_eq!(&buf[..n], "hé".as_bytes());
/// ```
#[inline]
pub fn to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError<Utf16Error>> {
    to_utf8_in(Auto, src, dst)
}

/// Validates `src` and transcodes it to a new `String` (`String::from_utf16`).
///
/// # Errors
/// [`Utf16Error`] at the first unpaired surrogate.
///
/// ```
/// assert_eq!(core_text::utf16::to_string(&[0x6F, 0x6B])?, "ok");
/// # Ok::<(), core_text::utf16::Utf16Error>(())
/// ```
#[inline]
pub fn to_string(src: &[u16]) -> Result<String, Utf16Error> {
    to_string_in(Auto, src)
}

/// Transcodes `src` to a new `String`, replacing each unpaired surrogate with U+FFFD exactly
/// where `String::from_utf16_lossy` does.
///
/// ```
/// assert_eq!(core_text::utf16::to_string_lossy(&[0xDC00, 0x41]), "\u{FFFD}A");
/// ```
#[inline]
pub fn to_string_lossy(src: &[u16]) -> String {
    to_string_lossy_in(Auto, src)
}

/// Converts `src` to Latin-1 into `dst`, returning the bytes written (one per unit).
///
/// # Errors
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first unit above 0xFF (what
/// comes before it is converted in `dst`), or [`TranscodeError::BufferTooSmall`] when `dst`
/// is shorter than `src` (nothing written).
///
/// ```
/// use core_text::{utf16, TranscodeError};
/// let mut buf = [0u8; 4];
/// assert_eq!(utf16::to_latin1(&[0x63, 0xE9], &mut buf), Ok(2));
/// assert_eq!(&buf[..2], b"c\xE9");
/// let Err(TranscodeError::Invalid(e)) = utf16::to_latin1(&[0x63, 0x20AC], &mut buf) else {
///     panic!("U+20AC is not Latin-1")
/// };
/// assert_eq!(e.valid_up_to(), 1);
/// ```
#[inline]
pub fn to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError<Latin1Error>> {
    crate::latin1::from_utf16_in(Auto, src, dst)
}

/// Converts `src` to a new Latin-1 vector.
///
/// # Errors
/// A [`Latin1Error`] at the first unit above 0xFF.
///
/// ```
/// assert_eq!(core_text::utf16::to_latin1_vec(&[0xFF, 0x41])?, b"\xFFA");
/// # Ok::<(), core_text::latin1::Latin1Error>(())
/// ```
#[inline]
pub fn to_latin1_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error> {
    crate::latin1::from_utf16_vec_in(Auto, src)
}

// ---- the implementations, written once over `Ops` (shared with `Backend`) ----

/// The position of the first unpaired surrogate at or after `resume`.
#[cold]
#[inline(never)]
fn locate_error(src: &[u16], resume: usize) -> Option<Utf16Error> {
    let resume = if resume <= src.len() { resume } else { 0 };
    scalar::check_from(src, resume).err().map(Utf16Error::new)
}

pub(crate) fn utf8_len_in<O: Ops>(o: O, src: &[u16]) -> Result<usize, Utf16Error> {
    match o.utf16_check(src) {
        Ok(n) => Ok(n),
        Err(resume) => match locate_error(src, resume) {
            Some(e) => Err(e),
            // The kernel and the exact scalar code disagree: trust the scalar code.
            None => scalar::check(src).map_err(Utf16Error::new),
        },
    }
}

pub(crate) fn to_utf8_in<O: Ops>(
    o: O,
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Utf16Error>> {
    // With room for the most `src` can need (3 bytes a unit: a pair takes 4 for its 2 units),
    // one kernel validates and transcodes: no count.
    if src.len().checked_mul(3).is_some_and(|max| dst.len() >= max) {
        // SAFETY: `dst` holds `3 * src.len()` bytes; the kernel writes bytes only.
        if let Some(written) = unsafe { o.utf16_to_utf8_checked(src, as_output(dst)) } {
            return Ok(written);
        }
        // Not well formed: the exact path below says where.
    }
    let needed = utf8_len_in(o, src).map_err(TranscodeError::Invalid)?;
    if dst.len() < needed {
        return Err(BufferTooSmall { needed, available: dst.len() }.into());
    }
    // SAFETY: `src` was just validated and `dst` holds at least the exact count; the kernel
    // writes bytes only.
    Ok(unsafe { o.utf16_to_utf8(src, as_output(dst)) })
}

/// Appends well-formed `src` (already measured: `len` bytes) to `out`.
fn push_valid<O: Ops>(o: O, src: &[u16], len: usize, out: &mut Vec<u8>) {
    // SAFETY: the caller validated `src` and measured `len`, its exact UTF-8 size; the kernel
    // returns the bytes it wrote.
    unsafe { append_with(out, len, |dst| o.utf16_to_utf8(src, dst)) };
}

/// Wraps bytes produced from well-formed UTF-16 into a `String`.
fn into_string(bytes: Vec<u8>) -> String {
    debug_assert!(core::str::from_utf8(&bytes).is_ok());
    // SAFETY: every byte came from the transcoder on well-formed UTF-16 (or is U+FFFD's
    // encoding), and the transcoder only emits valid UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

pub(crate) fn to_string_in<O: Ops>(o: O, src: &[u16]) -> Result<String, Utf16Error> {
    // Counted exactly (see `utf8::to_utf16_vec_in` on why not sized by the most it can take).
    let len = utf8_len_in(o, src)?;
    let mut out = Vec::new();
    push_valid(o, src, len, &mut out);
    Ok(into_string(out))
}

pub(crate) fn to_string_lossy_in<O: Ops>(o: O, src: &[u16]) -> String {
    let mut out = Vec::new();
    let mut rest = src;
    loop {
        match o.utf16_check(rest) {
            Ok(len) => {
                push_valid(o, rest, len, &mut out);
                return into_string(out);
            }
            Err(resume) => {
                let bad = match locate_error(rest, resume) {
                    Some(e) => e.valid_up_to(),
                    None => match scalar::check(rest) {
                        Ok(len) => {
                            push_valid(o, rest, len, &mut out);
                            return into_string(out);
                        }
                        Err(bad) => bad,
                    },
                };
                let good = &rest[..bad];
                // The prefix is well formed, so this only measures it.
                let len = o.utf16_check(good).unwrap_or(0);
                push_valid(o, good, len, &mut out);
                out.extend_from_slice("\u{FFFD}".as_bytes());
                rest = &rest[bad + 1..];
            }
        }
    }
}
