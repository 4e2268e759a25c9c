//! Scalar UTF-16: surrogate pairing, UTF-8 length and encoding.

use core::mem::MaybeUninit;
/// Is `u` a high (leading) surrogate?
#[inline(always)]
pub(crate) const fn is_high(u: u16) -> bool {
    u & 0xFC00 == 0xD800
}

/// Is `u` a low (trailing) surrogate?
#[inline(always)]
pub(crate) const fn is_low(u: u16) -> bool {
    u & 0xFC00 == 0xDC00
}

/// Checks `src[start..]` (`start` not inside a pair, `src[..start]` well formed). Returns the
/// UTF-8 length of that range or the index of the first unpaired surrogate.
pub(crate) fn check_from(src: &[u16], start: usize) -> Result<usize, usize> {
    check_units(src, start, src.len()).map(|(_, bytes)| bytes)
}

/// Checks the units from `start` (not inside a pair) until `end` or just past it (when a
/// pair straddles it), one at a time: `(where it stopped, UTF-8 bytes)` or the index of the
/// first unpaired surrogate.
#[inline(always)]
fn check_units(src: &[u16], start: usize, end: usize) -> Result<(usize, usize), usize> {
    let mut i = start;
    let mut bytes = 0usize;
    while i < end {
        let u = src[i];
        if u < 0x80 {
            bytes += 1;
        } else if u < 0x800 {
            bytes += 2;
        } else if u & 0xF800 != 0xD800 {
            bytes += 3;
        } else if is_high(u) && i + 1 < src.len() && is_low(src[i + 1]) {
            bytes += 4;
            i += 1;
        } else {
            return Err(i);
        }
        i += 1;
    }
    Ok((i, bytes))
}

/// Is every surrogate paired?
///
/// Pairing alone, without the length [`check`] counts: eight units a step are tested for a
/// surrogate at all (one branch, none per unit), and a step that has one is walked unit by
/// unit, a pair at a time, for a [`STRETCH`] (emoji text keeps having them). Text without
/// surrogates (ASCII, Latin-1, Cyrillic, CJK) only pays for the test.
pub(crate) fn validate(src: &[u16]) -> bool {
    let mut i = 0;
    while let Some(block) = src.get(i..i + 8) {
        if !block.iter().fold(false, |acc, &u| acc | (u & 0xF800 == 0xD800)) {
            i += 8;
            continue;
        }
        match pair_units(src, i, (i + STRETCH).min(src.len())) {
            Some(next) => i = next,
            None => return false,
        }
    }
    pair_units(src, i, src.len()).is_some()
}

/// Walks the units from `start` (not inside a pair) until `end` or just past it (when a pair
/// straddles it): where it stopped, or `None` at an unpaired surrogate.
#[inline(always)]
fn pair_units(src: &[u16], start: usize, end: usize) -> Option<usize> {
    let mut i = start;
    while i < end {
        let u = src[i];
        if u & 0xF800 != 0xD800 {
            i += 1;
        } else if is_high(u) && src.get(i + 1).is_some_and(|&n| is_low(n)) {
            i += 2;
        } else {
            return None;
        }
    }
    Some(i)
}

/// Units that [`check`] and [`to_utf8`] take one at a time after a step of four that has a
/// surrogate (or mixes 3-byte units with others): per unit, pairs keep the branches
/// predictable, and coming back to four-unit steps at every step costs more than it saves.
const STRETCH: usize = 256;

/// UTF-8 length of well-formed input, or `Err(index of the first unpaired surrogate)`.
///
/// Four units a step, the path picked once for all four: ASCII; units of 1 or 2 bytes,
/// counted without a branch on which; 3-byte units; else 256 units one at a time by
/// [`check_from`]'s rules (a pair may end one unit past them).
pub(crate) fn check(src: &[u16]) -> Result<usize, usize> {
    let mut i = 0;
    let mut bytes = 0usize;
    while let Some(&[a, b, c, d]) = src.get(i..i + 4) {
        let units = [a, b, c, d];
        let any = a | b | c | d;
        if any < 0x800 {
            bytes += 4 + units.iter().map(|&u| usize::from(u >= 0x80)).sum::<usize>();
            i += 4;
            continue;
        }
        if all_three_byte(units) {
            bytes += 12;
            i += 4;
            continue;
        }
        // Text with surrogates (or mixing 3-byte units with others) goes unit by unit for a
        // while: surrogates come in pairs, which keeps the branches predictable.
        let (next, b) = check_units(src, i, (i + STRETCH).min(src.len()))?;
        i = next;
        bytes += b;
    }
    Ok(bytes + check_from(src, i)?)
}

/// Encodes well-formed UTF-16 as UTF-8 with bounds-checked writes; returns the bytes written.
///
/// The input must be well formed (callers guarantee it); `dst` must be large enough or this
/// panics on the bounds check (never undefined behaviour).
pub(crate) fn to_utf8(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
    let (mut i, mut o) = (0, 0);
    // Four units a step: what the units are picks the path once for all four.
    while let (Some(&[a, b, c, d]), Some(out)) = (src.get(i..i + 4), dst.get_mut(o..o + 12)) {
        let units = [a, b, c, d];
        let any = a | b | c | d;
        if any < 0x80 {
            // Four ASCII units.
            for (d, u) in out.iter_mut().zip(units) {
                *d = MaybeUninit::new(u as u8);
            }
            i += 4;
            o += 4;
        } else if any < 0x800 {
            // Four units of 1 or 2 bytes (Latin-1, Greek, Cyrillic mixed with ASCII), without
            // a branch on which: each stores its 2-byte form (or its ASCII byte and a zero)
            // and moves on by its width.
            let mut k = 0;
            for u in units {
                let two = 0x80C0 | u >> 6 | (u & 0x3F) << 8;
                let [lo, hi] = if u >= 0x80 { two } else { u }.to_le_bytes();
                out[k] = MaybeUninit::new(lo);
                out[k + 1] = MaybeUninit::new(hi);
                k += 1 + usize::from(u >= 0x80);
            }
            i += 4;
            o += k;
        } else if all_three_byte(units) {
            // Four 3-byte units (CJK).
            for (k, u) in units.into_iter().enumerate() {
                out[3 * k] = MaybeUninit::new(0xE0 | (u >> 12) as u8);
                out[3 * k + 1] = MaybeUninit::new(0x80 | ((u >> 6) & 0x3F) as u8);
                out[3 * k + 2] = MaybeUninit::new(0x80 | (u & 0x3F) as u8);
            }
            i += 4;
            o += 12;
        } else {
            // Text with surrogates (or mixing 3-byte units with others) goes unit by unit for
            // a while, as in `check` (a pair may end one unit past the stretch).
            (i, o) = encode_units(src, i, (i + STRETCH).min(src.len()), dst, o);
        }
    }
    encode_units(src, i, src.len(), dst, o).1
}

/// Does each of the four units take 3 bytes (at least 0x800, not a surrogate)? Tested
/// without short-circuiting: one branch on the answer, none per unit.
#[inline(always)]
fn all_three_byte(units: [u16; 4]) -> bool {
    !units.iter().fold(false, |acc, &u| acc | (u < 0x800) | (u & 0xF800 == 0xD800))
}

/// Encodes the units from `src[i]` until `end` or just past it (when a pair straddles it)
/// into `dst[o..]`, one at a time; returns where it stopped in `src` and in `dst`.
#[inline(always)]
fn encode_units(
    src: &[u16],
    mut i: usize,
    end: usize,
    dst: &mut [MaybeUninit<u8>],
    mut o: usize,
) -> (usize, usize) {
    while i < end {
        let (di, d_o) = encode_step(src, i, dst, o);
        i += di;
        o += d_o;
    }
    (i, o)
}

/// Encodes the unit (or the surrogate pair) at `src[i]` into `dst[o..]`; returns
/// `(units read, bytes written)`. Bounds-checked.
#[inline(always)]
fn encode_step(src: &[u16], i: usize, dst: &mut [MaybeUninit<u8>], o: usize) -> (usize, usize) {
    let u = src[i] as u32;
    if u < 0x80 {
        dst[o] = MaybeUninit::new(u as u8);
        (1, 1)
    } else if u < 0x800 {
        dst[o] = MaybeUninit::new(0xC0 | (u >> 6) as u8);
        dst[o + 1] = MaybeUninit::new(0x80 | (u & 0x3F) as u8);
        (1, 2)
    } else if u & 0xF800 != 0xD800 {
        dst[o] = MaybeUninit::new(0xE0 | (u >> 12) as u8);
        dst[o + 1] = MaybeUninit::new(0x80 | ((u >> 6) & 0x3F) as u8);
        dst[o + 2] = MaybeUninit::new(0x80 | (u & 0x3F) as u8);
        (1, 3)
    } else {
        let c = 0x1_0000 + (((u & 0x3FF) << 10) | (src[i + 1] as u32 & 0x3FF));
        dst[o] = MaybeUninit::new(0xF0 | (c >> 18) as u8);
        dst[o + 1] = MaybeUninit::new(0x80 | ((c >> 12) & 0x3F) as u8);
        dst[o + 2] = MaybeUninit::new(0x80 | ((c >> 6) & 0x3F) as u8);
        dst[o + 3] = MaybeUninit::new(0x80 | (c & 0x3F) as u8);
        (2, 4)
    }
}

/// The `utf16_to_utf8_checked` entry: the pairing check, then [`to_utf8`].
pub(crate) fn to_utf8_checked(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> Option<usize> {
    validate(src).then(|| to_utf8(src, dst))
}

/// The table entry: same as [`to_utf8`] (its contract makes it never panic).
pub(crate) fn to_utf8_kernel(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
    to_utf8(src, dst)
}
