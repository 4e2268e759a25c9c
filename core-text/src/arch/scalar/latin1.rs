//! Latin-1 conversions in portable code: the scalar level's kernels and the vector kernels'
//! tails. ASCII runs go a word at a time ([`ascii_prefix_len`]); the rest a char at a time.

use super::ascii_prefix_len;
use core::mem::MaybeUninit;

const WORD: usize = core::mem::size_of::<usize>();

/// The number of bytes >= 0x80 in `src`.
pub(crate) fn high_bytes(src: &[u8]) -> usize {
    let mut words = src.chunks_exact(WORD);
    let mut total = 0;
    for w in &mut words {
        let mut a = [0u8; WORD];
        a.copy_from_slice(w);
        total += (usize::from_ne_bytes(a) & usize::from_ne_bytes([0x80; WORD])).count_ones();
    }
    total as usize + words.remainder().iter().filter(|&&b| b >= 0x80).count()
}

/// The UTF-8 length of Latin-1 `src`.
pub(crate) fn utf8_len(src: &[u8]) -> usize {
    src.len() + high_bytes(src)
}

/// Latin-1 to UTF-16; returns `src.len()`. Contract: `dst.len() >= src.len()` (else it
/// panics).
pub(crate) fn to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    for (d, &b) in dst[..src.len()].iter_mut().zip(src) {
        *d = MaybeUninit::new(u16::from(b));
    }
    src.len()
}

/// UTF-16 to Latin-1: `Ok(src.len())` or `Err(index of the first unit > 0xFF)`. Contract:
/// `dst.len() >= src.len()` (else it panics).
pub(crate) fn from_utf16(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
    for (k, (d, &u)) in dst[..src.len()].iter_mut().zip(src).enumerate() {
        match u8::try_from(u) {
            Ok(b) => *d = MaybeUninit::new(b),
            Err(_) => return Err(k),
        }
    }
    Ok(src.len())
}

/// Latin-1 to UTF-8, returning the bytes written. Contract: `dst` holds
/// [`utf8_len`]`(src)` bytes (else it panics).
pub(crate) fn to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        let run = copy_ascii_run(&src[i..], &mut dst[o..]);
        i += run;
        o += run;
        while i < src.len() && src[i] >= 0x80 {
            let b = src[i];
            dst[o] = MaybeUninit::new(0xC0 | b >> 6);
            dst[o + 1] = MaybeUninit::new(0x80 | (b & 0x3F));
            i += 1;
            o += 2;
        }
    }
    o
}

/// The char of valid UTF-8 `src` at `i` as `(bytes, Latin-1 byte)`, or `None` when it is
/// above U+00FF. Contract: `i` is a char boundary inside `src` (else it may panic).
#[inline(always)]
pub(crate) fn decode(src: &[u8], i: usize) -> Option<(usize, u8)> {
    match src[i] {
        b @ 0..=0x7F => Some((1, b)),
        b @ 0xC2..=0xC3 => Some((2, (b & 0x03) << 6 | (src[i + 1] & 0x3F))),
        _ => None,
    }
}

/// Valid UTF-8 to Latin-1: `Ok(bytes written)` or `Err(offset of the first char above
/// U+00FF)`. Contract: `src` is valid UTF-8 and `dst` holds as many bytes as `src` has chars
/// (else it may panic).
pub(crate) fn from_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        let run = copy_ascii_run(&src[i..], &mut dst[o..]);
        i += run;
        o += run;
        while i < src.len() && src[i] >= 0x80 {
            let (read, c) = decode(src, i).ok_or(i)?;
            dst[o] = MaybeUninit::new(c);
            i += read;
            o += 1;
        }
    }
    Ok(o)
}

/// Copies the ASCII bytes at the start of `src` to the start of `dst`; returns how many.
/// Contract: `dst` holds at least that many bytes (else it panics).
#[inline(always)]
fn copy_ascii_run(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let run = ascii_prefix_len(src);
    for (d, &b) in dst[..run].iter_mut().zip(&src[..run]) {
        *d = MaybeUninit::new(b);
    }
    run
}
