//! Latin-1 (ISO-8859-1): conversions to and from UTF-8 and UTF-16.
//!
//! Latin-1 is the first 256 code points, one byte each: byte `b` is `U+00bb`. HTTP/1 header
//! values, many legacy files and the compact strings of the JVM hold it. This module converts
//! Latin-1 to UTF-8 ([`to_utf8`], [`to_string`]) and to UTF-16 ([`to_utf16`],
//! [`to_utf16_vec`]); the way back is [`utf8::to_latin1`](crate::utf8::to_latin1) and
//! [`utf16::to_latin1`](crate::utf16::to_latin1), which stop with a [`Latin1Error`] at the
//! first character above U+00FF. Every byte sequence is Latin-1, so only the way back fails.
//!
//! The kernels work a vector at a time: ASCII steps are copied (or widened) as they are, the
//! other steps are expanded or packed by byte shuffles keyed by which bytes are ASCII (see
//! the algorithm in the source of `arch/generic/latin1.rs`). On x86_64 the AVX2 level works
//! on bytes rather than 16-bit lanes to UTF-8, and the AVX-512 level (with VBMI2) packs and
//! drops bytes with `vpcompressb` and ends with masked loads and stores instead of scalar
//! tails (`arch/x86_64/latin1.rs`).
//!
//! ```
//! use core_text::{latin1, utf16, utf8};
//! let header = b"attachment; filename=\"r\xE9sum\xE9.pdf\"";
//! let text = latin1::to_string(header);
//! assert_eq!(text, "attachment; filename=\"résumé.pdf\"");
//! assert_eq!(latin1::utf8_len(header), text.len());
//! assert_eq!(utf8::to_latin1_vec(&text)?, header);
//! let wide = latin1::to_utf16_vec(header);
//! assert_eq!(utf16::to_latin1_vec(&wide)?, header);
//! # Ok::<(), latin1::Latin1Error>(())
//! ```

mod error;

pub use error::Latin1Error;

use crate::arch::ops::{Auto, Ops};
use crate::arch::{append_with, as_output};
use crate::error::{BufferTooSmall, TranscodeError};
use alloc::string::String;
use alloc::vec::Vec;

/// The UTF-8 length of Latin-1 `src`: one byte per ASCII byte, two per other byte.
///
/// ```
/// assert_eq!(core_text::latin1::utf8_len(b"na\xEFve"), 6);
/// ```
#[inline]
pub fn utf8_len(src: &[u8]) -> usize {
    Auto.latin1_utf8_len(src)
}

/// The UTF-16 length of Latin-1 `src`: one unit per byte, so `src.len()`.
///
/// ```
/// assert_eq!(core_text::latin1::utf16_len(b"na\xEFve"), 5);
/// ```
#[inline]
pub fn utf16_len(src: &[u8]) -> usize {
    src.len()
}

/// Converts Latin-1 `src` to UTF-8 into `dst`, returning the number of bytes written.
///
/// A `dst` of `2 * src.len()` bytes is always large enough.
///
/// # Errors
/// [`BufferTooSmall`] (with the exact size needed) when `dst` cannot hold the result; nothing
/// is promised about `dst`'s contents then.
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = core_text::latin1::to_utf8(b"caf\xE9", &mut buf)?;
/// assert_eq!(&buf[..n], "café".as_bytes());
/// # Ok::<(), core_text::BufferTooSmall>(())
/// ```
#[inline]
pub fn to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, BufferTooSmall> {
    to_utf8_in(Auto, src, dst)
}

/// Converts Latin-1 `src` to a new `String`.
///
/// ```
/// assert_eq!(core_text::latin1::to_string(b"\xA9 2024 \xBDx"), "© 2024 ½x");
/// ```
#[inline]
pub fn to_string(src: &[u8]) -> String {
    to_string_in(Auto, src)
}

/// Converts Latin-1 `src` to UTF-16 into `dst`, returning the number of units written
/// (`src.len()`).
///
/// # Errors
/// [`BufferTooSmall`] when `dst` has fewer than `src.len()` units; nothing is written then.
///
/// ```
/// let mut buf = [0u16; 4];
/// assert_eq!(core_text::latin1::to_utf16(b"\xFFa", &mut buf)?, 2);
/// assert_eq!(&buf[..2], &[0xFF, 0x61]);
/// # Ok::<(), core_text::BufferTooSmall>(())
/// ```
#[inline]
pub fn to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
    to_utf16_in(Auto, src, dst)
}

/// Converts Latin-1 `src` to a new UTF-16 vector.
///
/// ```
/// assert_eq!(core_text::latin1::to_utf16_vec(b"\xE9!"), vec![0xE9, 0x21]);
/// ```
#[inline]
pub fn to_utf16_vec(src: &[u8]) -> Vec<u16> {
    to_utf16_vec_in(Auto, src)
}

// ---- the implementations, written once over `Ops` (shared with `Backend`) ----

pub(crate) fn to_utf8_in<O: Ops>(
    o: O,
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, BufferTooSmall> {
    if dst.len() < 2 * src.len() {
        let needed = o.latin1_utf8_len(src);
        if dst.len() < needed {
            return Err(BufferTooSmall { needed, available: dst.len() });
        }
    }
    // SAFETY: `dst` holds at least the UTF-8 length; the kernel writes bytes only.
    Ok(unsafe { o.latin1_to_utf8(src, as_output(dst)) })
}

pub(crate) fn to_string_in<O: Ops>(o: O, src: &[u8]) -> String {
    let needed = o.latin1_utf8_len(src);
    let mut out = Vec::new();
    // SAFETY: the kernel gets exactly the bytes it needs and returns how many it wrote.
    unsafe { append_with(&mut out, needed, |dst| o.latin1_to_utf8(src, dst)) };
    // SAFETY: every Latin-1 byte sequence converts to valid UTF-8.
    unsafe { String::from_utf8_unchecked(out) }
}

pub(crate) fn to_utf16_in<O: Ops>(
    o: O,
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, BufferTooSmall> {
    if dst.len() < src.len() {
        return Err(BufferTooSmall { needed: src.len(), available: dst.len() });
    }
    // SAFETY: `dst` holds a unit per byte; the kernel writes units only.
    Ok(unsafe { o.latin1_to_utf16(src, as_output(dst)) })
}

pub(crate) fn to_utf16_vec_in<O: Ops>(o: O, src: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    // SAFETY: the kernel gets a unit per byte and returns how many it wrote.
    unsafe { append_with(&mut out, src.len(), |dst| o.latin1_to_utf16(src, dst)) };
    out
}

pub(crate) fn from_utf8_in<O: Ops>(
    o: O,
    s: &str,
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error>> {
    if dst.len() < s.len() {
        let needed = o.utf8_count_chars(s.as_bytes());
        if dst.len() < needed {
            return Err(BufferTooSmall { needed, available: dst.len() }.into());
        }
    }
    // SAFETY: `s` is valid UTF-8 and `dst` holds a byte per char; the kernel writes bytes.
    unsafe { o.utf8_to_latin1(s.as_bytes(), as_output(dst)) }
        .map_err(|at| TranscodeError::Invalid(Latin1Error::new(at)))
}

pub(crate) fn from_utf8_vec_in<O: Ops>(o: O, s: &str) -> Result<Vec<u8>, Latin1Error> {
    let mut out = Vec::new();
    let mut result = Ok(());
    // SAFETY: `s` is valid UTF-8 and the kernel gets a byte per input byte (at least one per
    // char); it returns how many it wrote, none on failure.
    unsafe {
        append_with(&mut out, s.len(), |dst| match o.utf8_to_latin1(s.as_bytes(), dst) {
            Ok(n) => n,
            Err(at) => {
                result = Err(Latin1Error::new(at));
                0
            }
        })
    };
    result.map(|()| out)
}

pub(crate) fn from_utf16_in<O: Ops>(
    o: O,
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error>> {
    if dst.len() < src.len() {
        return Err(BufferTooSmall { needed: src.len(), available: dst.len() }.into());
    }
    // SAFETY: `dst` holds a byte per unit; the kernel writes bytes only.
    unsafe { o.utf16_to_latin1(src, as_output(dst)) }
        .map_err(|at| TranscodeError::Invalid(Latin1Error::new(at)))
}

pub(crate) fn from_utf16_vec_in<O: Ops>(o: O, src: &[u16]) -> Result<Vec<u8>, Latin1Error> {
    let mut out = Vec::new();
    let mut result = Ok(());
    // SAFETY: the kernel gets a byte per unit and returns how many it wrote, none on failure.
    unsafe {
        append_with(&mut out, src.len(), |dst| match o.utf16_to_latin1(src, dst) {
            Ok(n) => n,
            Err(at) => {
                result = Err(Latin1Error::new(at));
                0
            }
        })
    };
    result.map(|()| out)
}
