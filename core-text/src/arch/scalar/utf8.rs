//! Scalar UTF-8: std-exact validation, UTF-16 length, char counting and decoding.

use super::ascii_prefix_len;

/// A UTF-8 error as std reports it: where the valid prefix ends and the length of the invalid
/// sequence (`None` when the input ends inside a sequence).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawUtf8Error {
    pub valid_up_to: usize,
    pub error_len: Option<u8>,
}

/// Is `b` a continuation byte (`10xx_xxxx`)?
#[inline(always)]
pub(crate) const fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

/// Validates `src[start..]`, where `start` is a char boundary and `src[..start]` is valid.
/// The error, if any, has std's exact `valid_up_to` and `error_len`.
/// Also returns the number of UTF-16 units of the validated range.
pub(crate) fn validate_from(src: &[u8], start: usize) -> Result<usize, RawUtf8Error> {
    validate_from_with(src, start, ascii_prefix_len)
}

/// [`validate_from`] with a caller-chosen ASCII-run scanner (the SSE2 level passes a vector
/// one); `ascii_run(s)` returns the length of the all-ASCII prefix of `s`.
#[inline(always)]
pub(crate) fn validate_from_with(
    src: &[u8],
    start: usize,
    ascii_run: impl Fn(&[u8]) -> usize,
) -> Result<usize, RawUtf8Error> {
    let mut i = start;
    let mut units = 0usize;
    let n = src.len();
    while i < n {
        let first = src[i];
        if first < 0x80 {
            let run = ascii_run(&src[i..]);
            units += run;
            i += run;
            continue;
        }
        let err = |len: Option<u8>| RawUtf8Error { valid_up_to: i, error_len: len };
        let at = |k: usize| src.get(i + k).copied();
        let width = match first {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return Err(err(Some(1))),
        };
        let Some(second) = at(1) else { return Err(err(None)) };
        let second_ok = match (first, second) {
            (0xC2..=0xDF, 0x80..=0xBF) => true,
            (0xE0, 0xA0..=0xBF) | (0xE1..=0xEC, 0x80..=0xBF) | (0xED, 0x80..=0x9F) => true,
            (0xEE..=0xEF, 0x80..=0xBF) => true,
            (0xF0, 0x90..=0xBF) | (0xF1..=0xF3, 0x80..=0xBF) | (0xF4, 0x80..=0x8F) => true,
            _ => false,
        };
        if !second_ok {
            return Err(err(Some(1)));
        }
        for k in 2..width {
            match at(k) {
                None => return Err(err(None)),
                Some(b) if !is_continuation(b) => return Err(err(Some(k as u8))),
                Some(_) => {}
            }
        }
        units += if width == 4 { 2 } else { 1 };
        i += width;
    }
    Ok(units)
}

/// Is `src` valid UTF-8?
pub(crate) fn validate(src: &[u8]) -> bool {
    validate_from(src, 0).is_ok()
}

/// UTF-16 length of valid input, or `Err(valid_up_to)`.
pub(crate) fn check(src: &[u8]) -> Result<usize, usize> {
    validate_from(src, 0).map_err(|e| e.valid_up_to)
}

/// Number of bytes that are not continuation bytes.
pub(crate) fn count_chars(src: &[u8]) -> usize {
    const WORD: usize = core::mem::size_of::<usize>();
    const ONES: usize = usize::from_ne_bytes([1; WORD]);
    let mut count = 0usize;
    let mut chunks = src.chunks_exact(WORD);
    for c in &mut chunks {
        let mut w = [0u8; WORD];
        w.copy_from_slice(c);
        let w = usize::from_ne_bytes(w);
        // A byte starts a char unless it is 10xx_xxxx: bit 7 clear, or bits 7 and 6 both set.
        let starts = (!w >> 7 | w >> 6) & ONES;
        count += starts.count_ones() as usize;
    }
    count + chunks.remainder().iter().filter(|&&b| !is_continuation(b)).count()
}

/// Decodes valid UTF-8 into UTF-16 with bounds-checked writes; returns the units written.
///
/// The input must be valid UTF-8 (callers guarantee it); `dst` must be large enough or this
/// panics on the bounds check (never undefined behaviour).
pub(crate) fn to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let mut i = 0;
    let mut o = 0;
    while i < src.len() {
        let b = src[i] as u32;
        if b < 0x80 {
            dst[o] = b as u16;
            i += 1;
            o += 1;
        } else if b < 0xE0 {
            dst[o] = (((b & 0x1F) << 6) | (src[i + 1] as u32 & 0x3F)) as u16;
            i += 2;
            o += 1;
        } else if b < 0xF0 {
            dst[o] = (((b & 0x0F) << 12)
                | ((src[i + 1] as u32 & 0x3F) << 6)
                | (src[i + 2] as u32 & 0x3F)) as u16;
            i += 3;
            o += 1;
        } else {
            let c = ((b & 0x07) << 18)
                | ((src[i + 1] as u32 & 0x3F) << 12)
                | ((src[i + 2] as u32 & 0x3F) << 6)
                | (src[i + 3] as u32 & 0x3F);
            let c = c - 0x1_0000;
            dst[o] = 0xD800 | (c >> 10) as u16;
            dst[o + 1] = 0xDC00 | (c & 0x3FF) as u16;
            i += 4;
            o += 2;
        }
    }
    o
}

/// The table entry: same as [`to_utf16`] (its contract makes it never panic).
pub(crate) fn to_utf16_kernel(src: &[u8], dst: &mut [u16]) -> usize {
    to_utf16(src, dst)
}
