//! UTF-8: validation with std-exact errors, UTF-16 length, char counting and transcoding to
//! UTF-16.
//!
//! Validation follows Keiser and Lemire, "Validating UTF-8 in less than one instruction per
//! byte" (2021): every byte is classified by three 16-entry table lookups on the high nibble of
//! the previous byte, its low nibble and the high nibble of the current byte; the AND of the
//! three lookups is non-zero exactly where a two-byte window is invalid, and one more test on
//! the bytes two and three back catches missing or surplus continuation bytes. Blocks of 64
//! ASCII bytes skip all of it after one "any byte ≥ 0x80" test.
//!
//! Errors are std's (`valid_up_to`, `error_len`): the vector kernel only says which block
//! failed, and a scalar re-scan of the few bytes around it finds the exact position, so valid
//! input pays nothing for precise errors.
//!
//! # Migrating from `std::str::from_utf8` or `simdutf8`
//!
//! `core_text::utf8::from_utf8` is a drop-in for `std::str::from_utf8`. For simdutf8, the
//! modules [`basic`] and [`compat`] have its names, error types and streaming validators:
//! switching is a change of the `use` lines.
//!
//! ```
//! use core_text::utf8;
//! assert_eq!(utf8::from_utf8(b"caf\xC3\xA9")?, "café");
//! let err = utf8::from_utf8(b"ab\xE2\x82").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, None));
//! assert_eq!(utf8::utf16_len("héllo 😀".as_bytes())?, 8);
//! # Ok::<(), core_text::utf8::Utf8Error>(())
//! ```

/// The per-level modules of simdutf8's `imp` layout (`x86::{avx512, avx2, sse42}`,
/// `aarch64::neon`), each made by `$module!(doc, name, level)`; shared by [`basic`] and
/// [`compat`].
macro_rules! level_modules {
    ($module:ident) => {
        /// The x86 and x86_64 levels.
        #[cfg(target_arch = "x86_64")]
        pub mod x86 {
            $module!(
                /// AVX-512 (x86-64-v4 with VBMI and VBMI2).
                avx512,
                core_cpu::Level::Avx512,
                "x86::avx512"
            );
            $module!(
                /// AVX2 (x86-64-v3).
                avx2,
                core_cpu::Level::Avx2,
                "x86::avx2"
            );
            $module!(
                /// SSE4.2 (x86-64-v2).
                sse42,
                core_cpu::Level::Sse42,
                "x86::sse42"
            );
        }

        /// The aarch64 level.
        #[cfg(target_arch = "aarch64")]
        pub mod aarch64 {
            $module!(
                /// NEON.
                neon,
                core_cpu::Level::Neon,
                "aarch64::neon"
            );
        }
    };
}

pub mod basic;
pub mod compat;
mod error;

pub use error::Utf8Error;

use crate::arch::ops::{Auto, Ops};
use crate::arch::scalar::utf8 as scalar;
use crate::arch::{append_with, as_output};
use crate::error::{BufferTooSmall, TranscodeError};
use crate::latin1::Latin1Error;
use alloc::vec::Vec;

/// Returns `true` if `src` is valid UTF-8. The fastest check: no error position.
///
/// ```
/// assert!(core_text::utf8::validate("naïve ☕".as_bytes()));
/// assert!(!core_text::utf8::validate(b"\xC0\xAF"));
/// ```
#[inline]
pub fn validate(src: &[u8]) -> bool {
    validate_in(Auto, src)
}

/// Converts bytes to `&str`, with exactly `std::str::from_utf8`'s result on every input.
///
/// # Errors
/// [`Utf8Error`] with std's `valid_up_to` and `error_len` when `src` is not valid UTF-8.
///
/// ```
/// let s = core_text::utf8::from_utf8(b"hello")?;
/// assert_eq!(s, "hello");
/// # Ok::<(), core_text::utf8::Utf8Error>(())
/// ```
#[inline]
pub fn from_utf8(src: &[u8]) -> Result<&str, Utf8Error> {
    from_utf8_in(Auto, src)
}

/// Mutable version of [`from_utf8`], like `std::str::from_utf8_mut`.
///
/// # Errors
/// As [`from_utf8`].
///
/// ```
/// let mut bytes = *b"abc";
/// core_text::utf8::from_utf8_mut(&mut bytes)?.make_ascii_uppercase();
/// assert_eq!(&bytes, b"ABC");
/// # Ok::<(), core_text::utf8::Utf8Error>(())
/// ```
#[inline]
pub fn from_utf8_mut(src: &mut [u8]) -> Result<&mut str, Utf8Error> {
    from_utf8_mut_in(Auto, src)
}

/// The number of UTF-16 code units `src` decodes to (.NET's `GetCharCount`), validating it.
///
/// # Errors
/// [`Utf8Error`] (std-exact) when `src` is not valid UTF-8.
///
/// ```
/// assert_eq!(core_text::utf8::utf16_len("a€😀".as_bytes())?, 4);
/// # Ok::<(), core_text::utf8::Utf8Error>(())
/// ```
#[inline]
pub fn utf16_len(src: &[u8]) -> Result<usize, Utf8Error> {
    utf16_len_in(Auto, src)
}

/// The number of UTF-16 code units of `s` (`s.encode_utf16().count()`).
///
/// ```
/// assert_eq!(core_text::utf8::utf16_len_str("😀x"), 3);
/// ```
#[inline]
pub fn utf16_len_str(s: &str) -> usize {
    utf16_len_str_in(Auto, s)
}

/// The number of chars in `s` (`s.chars().count()`).
///
/// ```
/// assert_eq!(core_text::utf8::count_chars("añ😀"), 3);
/// ```
#[inline]
pub fn count_chars(s: &str) -> usize {
    Auto.utf8_count_chars(s.as_bytes())
}

/// Transcodes `s` to UTF-16 into `dst`, returning the number of units written.
///
/// A `dst` of `s.len()` units is always large enough.
///
/// # Errors
/// [`BufferTooSmall`] (with the exact size needed) when `dst` cannot hold the result; nothing
/// is promised about `dst`'s contents then.
///
/// ```
/// let mut buf = [0u16; 8];
/// let n = core_text::utf8::to_utf16("hé😀", &mut buf)?;
/// assert_eq!(&buf[..n], &[0x68, 0xE9, 0xD83D, 0xDE00]);
/// # Ok::<(), core_text::BufferTooSmall>(())
/// ```
#[inline]
pub fn to_utf16(s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
    to_utf16_in(Auto, s, dst)
}

/// Transcodes `s` to a new UTF-16 vector (`s.encode_utf16().collect()`).
///
/// ```
/// assert_eq!(core_text::utf8::to_utf16_vec("ab"), vec![0x61, 0x62]);
/// ```
#[inline]
pub fn to_utf16_vec(s: &str) -> Vec<u16> {
    to_utf16_vec_in(Auto, s)
}

/// Validates `src` and transcodes it to UTF-16 into `dst`, returning the units written.
///
/// # Errors
/// [`TranscodeError::Invalid`] with the std-exact [`Utf8Error`] when `src` is not UTF-8 (then
/// what `dst` holds is unspecified: a valid prefix may have been transcoded into it), or
/// [`TranscodeError::BufferTooSmall`] when `dst` is too small.
///
/// ```
/// use core_text::{utf8, TranscodeError};
/// let mut buf = [0u16; 4];
/// assert_eq!(utf8::to_utf16_from_bytes(b"abc", &mut buf), Ok(3));
/// assert!(matches!(utf8::to_utf16_from_bytes(b"\xFF", &mut buf), Err(TranscodeError::Invalid(_))));
/// ```
#[inline]
pub fn to_utf16_from_bytes(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Utf8Error>> {
    to_utf16_from_bytes_in(Auto, src, dst)
}

/// Validates `src` and transcodes it to a new UTF-16 vector.
///
/// # Errors
/// The std-exact [`Utf8Error`] when `src` is not UTF-8.
///
/// ```
/// assert_eq!(core_text::utf8::to_utf16_vec_from_bytes(b"hi")?, vec![0x68, 0x69]);
/// # Ok::<(), core_text::utf8::Utf8Error>(())
/// ```
#[inline]
pub fn to_utf16_vec_from_bytes(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
    to_utf16_vec_from_bytes_in(Auto, src)
}

/// Converts `s` to Latin-1 into `dst`, returning the bytes written (one per char).
///
/// A `dst` of `s.len()` bytes is always large enough.
///
/// # Errors
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first char above U+00FF (what
/// comes before it is converted in `dst`), or [`TranscodeError::BufferTooSmall`] when `dst`
/// cannot hold a byte per char of `s`.
///
/// ```
/// use core_text::{utf8, TranscodeError};
/// let mut buf = [0u8; 8];
/// assert_eq!(utf8::to_latin1("café", &mut buf), Ok(4));
/// assert_eq!(&buf[..4], b"caf\xE9");
/// assert!(matches!(utf8::to_latin1("5 €", &mut buf), Err(TranscodeError::Invalid(_))));
/// ```
#[inline]
pub fn to_latin1(s: &str, dst: &mut [u8]) -> Result<usize, TranscodeError<Latin1Error>> {
    crate::latin1::from_utf8_in(Auto, s, dst)
}

/// Converts `s` to a new Latin-1 vector.
///
/// # Errors
/// A [`Latin1Error`] at the first char above U+00FF.
///
/// ```
/// assert_eq!(core_text::utf8::to_latin1_vec("Straße")?, b"Stra\xDFe");
/// # Ok::<(), core_text::latin1::Latin1Error>(())
/// ```
#[inline]
pub fn to_latin1_vec(s: &str) -> Result<Vec<u8>, Latin1Error> {
    crate::latin1::from_utf8_vec_in(Auto, s)
}

/// The Latin-1 length of `s` (a byte per char: [`count_chars`]), for sizing the output of
/// [`to_latin1`].
///
/// ```
/// assert_eq!(core_text::utf8::latin1_len("café"), 4);
/// ```
#[inline]
pub fn latin1_len(s: &str) -> usize {
    count_chars(s)
}

// ---- the implementations, written once over `Ops` (shared with `Backend`) ----

/// The std-exact error of invalid `src`, or `None` when it is valid after all.
#[cold]
#[inline(never)]
fn locate_error(src: &[u8], resume: usize) -> Option<Utf8Error> {
    let resume = if resume <= src.len() { resume } else { 0 };
    let raw = scalar::validate_from(src, resume).err()?;
    Some(Utf8Error::new(raw.valid_up_to, raw.error_len))
}

pub(crate) fn check_in<O: Ops>(o: O, src: &[u8]) -> Result<usize, Utf8Error> {
    match o.utf8_check(src) {
        Ok(n) => Ok(n),
        Err(resume) => after_resume(src, resume),
    }
}

/// What a check kernel's `Err(resume)` comes to: std's exact error, or, should the kernel and
/// the scalar arbiter disagree, the exact scalar code's answer.
fn after_resume(src: &[u8], resume: usize) -> Result<usize, Utf8Error> {
    match locate_error(src, resume) {
        Some(e) => Err(e),
        None => scalar::validate_from(src, 0).map_err(|_| unreachable_error()),
    }
}

/// The error search behind every level's `utf8_error`, for input its validation rejected:
/// the level's check kernel finds where to resume, the scalar code std's exact error (`None`
/// should the kernels disagree and the exact code accept the input).
///
/// # Safety
/// `check` runs on this CPU (it is the calling level's own `utf8_check`).
#[cold]
#[inline(never)]
pub(crate) unsafe fn exact_error(
    src: &[u8],
    check: unsafe fn(&[u8]) -> Result<usize, usize>,
) -> Option<Utf8Error> {
    // SAFETY: the caller's contract; checking accepts any input.
    match unsafe { check(src) } {
        Ok(_) => None,
        Err(resume) => after_resume(src, resume).err(),
    }
}

#[cold]
fn unreachable_error() -> Utf8Error {
    Utf8Error::new(0, Some(1))
}

/// Is `src` (at most 16 bytes) ASCII? Checked inline, before any dispatch: for such short
/// inputs the indirect call would cost more than the check.
#[inline(always)]
fn short_ascii(src: &[u8]) -> bool {
    let n = src.len();
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&src[at..at + 8]);
        u64::from_le_bytes(w)
    };
    if n >= 8 {
        (word(0) | word(n - 8)) & 0x8080_8080_8080_8080 == 0
    } else {
        src.iter().fold(0, |acc, &b| acc | b) < 0x80
    }
}

/// Inputs up to this many bytes get the inline ASCII check first.
const INLINE_MAX: usize = 16;

/// Inputs up to this many bytes get the 16-byte-vector ASCII check first, where the
/// architecture has such vectors in its baseline.
const MEDIUM_MAX: usize = 64;

/// Is `src` (17 to 64 bytes) ASCII? Two or four 16-byte loads (overlapping at the end), with
/// the vectors every x86_64 and aarch64 CPU has: for ASCII this saves the dispatched call,
/// which costs more than the check (a 64-byte ASCII `from_utf8` took 1.4 ns through the call),
/// and text that is not ASCII pays a few instructions before it.
#[inline(always)]
fn medium_ascii(src: &[u8]) -> bool {
    let n = src.len();
    debug_assert!((INLINE_MAX + 1..=MEDIUM_MAX).contains(&n));
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let p = src.as_ptr();
        // SAFETY: SSE2 is part of the x86_64 baseline; `n >= 17`, so every 16-byte load at
        // `0`, `16` (when `n > 32`), `n - 32` (when `n > 32`) and `n - 16` is inside `src`.
        unsafe {
            let at = |i: usize| _mm_loadu_si128(p.add(i).cast());
            // Text that is not ASCII nearly always shows it in its first 16 bytes: it then
            // pays one load and one test before the call.
            if _mm_movemask_epi8(at(0)) != 0 {
                return false;
            }
            let mut acc = at(n - 16);
            if n > 32 {
                acc = _mm_or_si128(acc, _mm_or_si128(at(16), at(n - 32)));
            }
            _mm_movemask_epi8(acc) == 0
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        use core::arch::aarch64::*;
        let p = src.as_ptr();
        // SAFETY: NEON is part of the aarch64 baseline; the loads are inside `src` as above.
        unsafe {
            let at = |i: usize| vld1q_u8(p.add(i));
            if vmaxvq_u8(at(0)) >= 0x80 {
                return false;
            }
            let mut acc = at(n - 16);
            if n > 32 {
                acc = vorrq_u8(acc, vorrq_u8(at(16), at(n - 32)));
            }
            vmaxvq_u8(acc) < 0x80
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = n;
        false
    }
}

/// The ASCII test made inline, before any dispatched call, on inputs up to [`MEDIUM_MAX`]
/// bytes (`false` for longer ones, which the kernels test themselves).
#[inline(always)]
fn inline_ascii(src: &[u8]) -> bool {
    let n = src.len();
    if n <= INLINE_MAX {
        short_ascii(src)
    } else {
        n <= MEDIUM_MAX && medium_ascii(src)
    }
}

#[inline]
pub(crate) fn validate_in<O: Ops>(o: O, src: &[u8]) -> bool {
    inline_ascii(src) || o.utf8_validate(src)
}

/// `None` when `src` is valid, else std's exact error: the inline ASCII test, then one call to
/// the level's `utf8_error` kernel, which validates and only on failure searches (see
/// `utf8_error_entry!` for why the search sits behind the call).
#[inline]
fn error_in<O: Ops>(o: O, src: &[u8]) -> Option<Utf8Error> {
    if inline_ascii(src) {
        return None;
    }
    o.utf8_error(src)
}

/// Marks the path that calls it as unlikely (`core::hint::cold_path` is newer than the
/// crate's minimum Rust version).
#[cold]
#[inline]
fn cold_path() {}

#[inline]
pub(crate) fn from_utf8_in<O: Ops>(o: O, src: &[u8]) -> Result<&str, Utf8Error> {
    match error_in(o, src) {
        // SAFETY: the kernel (or the exact scalar code) found `src` valid.
        None => Ok(unsafe { core::str::from_utf8_unchecked(src) }),
        Some(e) => {
            // Without the hint the valid answer jumped back to the ASCII paths' `Ok` rather
            // than fall through after the call.
            cold_path();
            Err(e)
        }
    }
}

#[inline]
pub(crate) fn from_utf8_mut_in<O: Ops>(o: O, src: &mut [u8]) -> Result<&mut str, Utf8Error> {
    match error_in(o, src) {
        // SAFETY: as in `from_utf8_in`.
        None => Ok(unsafe { core::str::from_utf8_unchecked_mut(src) }),
        Some(e) => {
            cold_path();
            Err(e)
        }
    }
}

pub(crate) fn utf16_len_in<O: Ops>(o: O, src: &[u8]) -> Result<usize, Utf8Error> {
    check_in(o, src)
}

pub(crate) fn utf16_len_str_in<O: Ops>(o: O, s: &str) -> usize {
    // A str is valid, so counting alone suffices: no validation pass.
    o.utf8_utf16_len_valid(s.as_bytes())
}

pub(crate) fn to_utf16_in<O: Ops>(o: O, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
    if dst.len() < s.len() {
        let needed = utf16_len_str_in(o, s);
        if dst.len() < needed {
            return Err(BufferTooSmall { needed, available: dst.len() });
        }
    }
    // SAFETY: `s` is valid UTF-8, and `dst` holds `s.len()` units or at least the exact count;
    // the kernel writes units only.
    Ok(unsafe { o.utf8_to_utf16(s.as_bytes(), as_output(dst)) })
}

pub(crate) fn to_utf16_vec_in<O: Ops>(o: O, s: &str) -> Vec<u16> {
    // Counted exactly first: sizing by `s.len()` and cutting back afterwards is faster at
    // first sight, but the cut-back makes a large block `mremap`ped and unmapped on every
    // call instead of being reused (glibc: no heap reuse above its mmap threshold).
    let needed = utf16_len_str_in(o, s);
    let mut out = Vec::new();
    // SAFETY: `s` is valid UTF-8 and the kernel gets exactly the units it needs; it returns
    // how many it wrote.
    unsafe { append_with(&mut out, needed, |dst| o.utf8_to_utf16(s.as_bytes(), dst)) };
    out
}

pub(crate) fn to_utf16_from_bytes_in<O: Ops>(
    o: O,
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Utf8Error>> {
    // With room for a unit per byte (the most valid input needs), one kernel validates and
    // transcodes; the levels that walk non-ASCII text in scalar code do both in one walk.
    if dst.len() >= src.len() {
        // SAFETY: `dst` holds `src.len()` units; the kernel writes units only.
        match unsafe { o.utf8_to_utf16_checked(src, as_output(dst)) } {
            Ok(units) => return Ok(units),
            Err(resume) => {
                if let Some(e) = locate_error(src, resume) {
                    return Err(TranscodeError::Invalid(e));
                }
                // The kernel and the exact scalar code disagree: the path below settles it.
            }
        }
    }
    let needed = check_in(o, src).map_err(TranscodeError::Invalid)?;
    if dst.len() < needed {
        return Err(BufferTooSmall { needed, available: dst.len() }.into());
    }
    // SAFETY: `src` was just validated and `dst` holds at least the exact count; the kernel
    // writes units only.
    Ok(unsafe { o.utf8_to_utf16(src, as_output(dst)) })
}

pub(crate) fn to_utf16_vec_from_bytes_in<O: Ops>(o: O, src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
    let needed = check_in(o, src)?;
    let mut out = Vec::new();
    // SAFETY: `src` was just validated and the kernel gets exactly the units it needs; it
    // returns how many it wrote.
    unsafe { append_with(&mut out, needed, |dst| o.utf8_to_utf16(src, dst)) };
    Ok(out)
}
