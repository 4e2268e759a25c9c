//! The scalar backend, and the exact code every level finishes with: the final group, the
//! padding, and every error (its kind and offset).
//!
//! Decoding walks groups of four symbols, whitespace skipped in forgiving mode. A group that
//! holds anything else, or the end of the input, hands over to [`finish`], which reads what
//! is left (at most four symbols and padding for valid input) with the rules of the `base64`
//! crate: a non-symbol before the final group is an invalid byte, then the final group's
//! padding, length and trailing bits.

use super::alphabet::{Alphabet, Pairs, Quads, INVALID, QUAD_BAD, SPACE};
use super::config::{Config, DecodePaddingMode};
use super::error::{DecodeError, DecodeSliceError};

/// Encodes the `src.len() / 3` whole groups of `src`, `line` input bytes per line (a
/// multiple of 3; `usize::MAX` for none) with `sep` between lines; returns the bytes written.
///
/// # Safety
/// `dst` holds the whole output: four bytes per group and `sep` between lines.
pub(crate) unsafe fn encode(
    src: &[u8],
    dst: &mut [u8],
    a: &Alphabet,
    line: usize,
    sep: &[u8],
) -> usize {
    let n = src.len() / 3 * 3;
    let mut i = 0;
    let mut o = 0;
    while i < n {
        let end = n.min(i.saturating_add(line));
        o += encode_groups(&src[i..end], &mut dst[o..], a);
        i = end;
        if i < n {
            o += put_sep(dst, o, sep);
        }
    }
    o
}

/// Writes a line separator (1 or 2 bytes) at `dst[o..]` without a call to `memcpy`;
/// returns its length.
#[inline(always)]
pub(crate) fn put_sep(dst: &mut [u8], o: usize, sep: &[u8]) -> usize {
    dst[o] = sep[0];
    if let Some(&b) = sep.get(1) {
        dst[o + 1] = b;
    }
    sep.len()
}

/// Encodes the whole groups of `src` into the front of `dst`; returns the bytes written.
#[inline]
pub(crate) fn encode_groups(src: &[u8], dst: &mut [u8], a: &Alphabet) -> usize {
    match a.pairs() {
        Some(p) => encode_groups_pairs(src, dst, p),
        None => encode_groups_single(src, dst, a),
    }
}

/// Eight symbols of the 6 bytes at the top of `w` (big-endian), as the little-endian bytes of
/// the result: four lookups of 12 bits each.
#[inline(always)]
fn eight(w: u64, p: &Pairs) -> u64 {
    u64::from(p[(w >> 52) as usize])
        | u64::from(p[(w >> 40) as usize & 0xFFF]) << 16
        | u64::from(p[(w >> 28) as usize & 0xFFF]) << 32
        | u64::from(p[(w >> 16) as usize & 0xFFF]) << 48
}

/// The 8 bytes at `s[k..]` as a big-endian word.
#[inline(always)]
fn be64(s: &[u8], k: usize) -> u64 {
    u64::from_be_bytes(s[k..k + 8].try_into().unwrap_or([0; 8]))
}

/// [`encode_groups`] with a pair table: two symbols per lookup, eight per store.
#[inline]
fn encode_groups_pairs(src: &[u8], dst: &mut [u8], p: &Pairs) -> usize {
    let mut o = 0;
    let mut s = src;
    // 24 bytes to 32 symbols a step: four independent 8-byte loads (each uses 6 bytes).
    // `s` holds whole groups, so `s.len() >= 26` means 9 groups, 36 symbols of room.
    while s.len() >= 26 && o + 32 <= dst.len() {
        let (w0, w1, w2, w3) = (be64(s, 0), be64(s, 6), be64(s, 12), be64(s, 18));
        dst[o..o + 8].copy_from_slice(&eight(w0, p).to_le_bytes());
        dst[o + 8..o + 16].copy_from_slice(&eight(w1, p).to_le_bytes());
        dst[o + 16..o + 24].copy_from_slice(&eight(w2, p).to_le_bytes());
        dst[o + 24..o + 32].copy_from_slice(&eight(w3, p).to_le_bytes());
        s = &s[24..];
        o += 32;
    }
    while s.len() >= 8 && o + 8 <= dst.len() {
        dst[o..o + 8].copy_from_slice(&eight(be64(s, 0), p).to_le_bytes());
        s = &s[6..];
        o += 8;
    }
    for (g, d) in s.chunks_exact(3).zip(dst[o..].chunks_exact_mut(4)) {
        let w = u32::from(g[0]) << 16 | u32::from(g[1]) << 8 | u32::from(g[2]);
        d[..2].copy_from_slice(&p[(w >> 12) as usize].to_le_bytes());
        d[2..].copy_from_slice(&p[w as usize & 0xFFF].to_le_bytes());
        o += 4;
    }
    o
}

/// [`encode_groups`] a symbol per lookup, for alphabets without a pair table.
fn encode_groups_single(src: &[u8], dst: &mut [u8], a: &Alphabet) -> usize {
    let t = &a.encode;
    let mut o = 0;
    let mut s = src;
    // Two groups a step from one 8-byte load where the input allows it.
    while s.len() >= 8 && o + 8 <= dst.len() {
        let w = be64(s, 0);
        let out = [
            t[(w >> 58) as usize],
            t[(w >> 52) as usize & 63],
            t[(w >> 46) as usize & 63],
            t[(w >> 40) as usize & 63],
            t[(w >> 34) as usize & 63],
            t[(w >> 28) as usize & 63],
            t[(w >> 22) as usize & 63],
            t[(w >> 16) as usize & 63],
        ];
        dst[o..o + 8].copy_from_slice(&out);
        s = &s[6..];
        o += 8;
    }
    for (g, d) in s.chunks_exact(3).zip(dst[o..].chunks_exact_mut(4)) {
        let w = u32::from(g[0]) << 16 | u32::from(g[1]) << 8 | u32::from(g[2]);
        d[0] = t[(w >> 18) as usize];
        d[1] = t[(w >> 12) as usize & 63];
        d[2] = t[(w >> 6) as usize & 63];
        d[3] = t[w as usize & 63];
        o += 4;
    }
    o
}

/// Encodes the final 1 or 2 bytes of an input (`tail`), padded when `pad`; returns the bytes
/// written. `dst` holds 4 bytes (2 or 3 without padding).
#[inline]
pub(crate) fn encode_tail(tail: &[u8], dst: &mut [u8], a: &Alphabet, pad: bool) -> usize {
    let t = &a.encode;
    let (w, n) = match *tail {
        [x] => (u32::from(x) << 16, 2),
        [x, y] => (u32::from(x) << 16 | u32::from(y) << 8, 3),
        _ => return 0,
    };
    let chars = [t[(w >> 18) as usize], t[(w >> 12) as usize & 63], t[(w >> 6) as usize & 63]];
    dst[..n].copy_from_slice(&chars[..n]);
    if pad {
        dst[n..4].fill(b'=');
        4
    } else {
        n
    }
}

/// The scalar decode kernel: no vector blocks, the whole input is left to [`finish`].
pub(crate) fn decode_blocks(
    _src: *const u8,
    _len: usize,
    _dst: *mut u8,
    _cap: usize,
    _a: &Alphabet,
    _forgiving: bool,
) -> (usize, usize) {
    (0, 0)
}

/// The 24 bits of the group of four symbols in `x` (the first in the low byte), with
/// [`QUAD_BAD`] set if one is not a symbol.
#[inline(always)]
fn quad(x: u32, q: &Quads) -> u32 {
    q[0][(x & 0xFF) as usize]
        | q[1][(x >> 8 & 0xFF) as usize]
        | q[2][(x >> 16 & 0xFF) as usize]
        | q[3][(x >> 24) as usize]
}

/// The values of the eight symbols in `x` (little-endian: the first in the low byte), packed
/// into the top 48 bits, and whether all eight are symbols.
#[inline(always)]
fn eight_symbols(x: u64, t: &[u8; 256]) -> (u64, bool) {
    let v = x.to_le_bytes().map(|b| u64::from(t[b as usize]));
    let ok = (v[0] | v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) < 64;
    let w = v[0] << 58
        | v[1] << 52
        | v[2] << 46
        | v[3] << 40
        | v[4] << 34
        | v[5] << 28
        | v[6] << 22
        | v[7] << 16;
    (w, ok)
}

/// Decodes `src[i..len]` into `dst[o..cap]` and returns the total output length, or the
/// first error of the whole input. `(i, o)` is where a vector kernel stopped: the symbols of
/// `src[..i]` are whole groups, decoded into `dst[..o]`.
///
/// # Safety
/// `src..src + len` is readable, `dst..dst + cap` writable; the two are disjoint, or `dst ==
/// src` (in place: each group is read before its bytes are written over it).
pub(crate) unsafe fn finish(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    mut i: usize,
    mut o: usize,
    c: &Config,
) -> Result<usize, DecodeSliceError> {
    if i == len {
        // The kernel decoded everything (whole groups, no padding).
        return Ok(o);
    }
    let t = &c.alphabet.decode;
    let forgiving = c.forgiving;
    // SAFETY: per the contract, for each read below `< len` and write below `cap`.
    let at = |k: usize| unsafe { *src.add(k) };
    loop {
        // Sixteen symbols a step while they are all symbols: each half decodes to a
        // big-endian word whose top 6 bytes are the output, stored whole (8 bytes; the second
        // store and the next step overwrite the 2 extra). In place, `o <= i`, so the stores
        // end at `o + 14 <= i + 16`, inside the text this step has read.
        if let Some(q) = c.alphabet.quads() {
            // The same with pre-shifted tables: four lookups ORed per group.
            while i + 16 <= len && o + 14 <= cap {
                // SAFETY: `i + 16 <= len`.
                let (x0, x1) = unsafe {
                    (
                        u64::from_le_bytes(src.add(i).cast::<[u8; 8]>().read_unaligned()),
                        u64::from_le_bytes(src.add(i + 8).cast::<[u8; 8]>().read_unaligned()),
                    )
                };
                let g = [x0 as u32, (x0 >> 32) as u32, x1 as u32, (x1 >> 32) as u32]
                    .map(|x| quad(x, q));
                if (g[0] | g[1] | g[2] | g[3]) & QUAD_BAD != 0 {
                    break;
                }
                let w0 = u64::from(g[0]) << 40 | u64::from(g[1]) << 16;
                let w1 = u64::from(g[2]) << 40 | u64::from(g[3]) << 16;
                // SAFETY: as below.
                unsafe {
                    dst.add(o).cast::<[u8; 8]>().write_unaligned(w0.to_be_bytes());
                    dst.add(o + 6).cast::<[u8; 8]>().write_unaligned(w1.to_be_bytes());
                }
                i += 16;
                o += 12;
            }
        }
        while i + 16 <= len && o + 14 <= cap {
            // SAFETY: `i + 16 <= len`.
            let (x0, x1) = unsafe {
                (
                    u64::from_le_bytes(src.add(i).cast::<[u8; 8]>().read_unaligned()),
                    u64::from_le_bytes(src.add(i + 8).cast::<[u8; 8]>().read_unaligned()),
                )
            };
            let (w0, ok0) = eight_symbols(x0, t);
            let (w1, ok1) = eight_symbols(x1, t);
            if !(ok0 && ok1) {
                break;
            }
            // SAFETY: `o + 14 <= cap`; the input these bytes may cover was read above.
            unsafe {
                dst.add(o).cast::<[u8; 8]>().write_unaligned(w0.to_be_bytes());
                dst.add(o + 6).cast::<[u8; 8]>().write_unaligned(w1.to_be_bytes());
            }
            i += 16;
            o += 12;
        }
        // Whole groups of four symbols.
        while i + 4 <= len {
            let (a, b, cc, d) = (
                t[at(i) as usize],
                t[at(i + 1) as usize],
                t[at(i + 2) as usize],
                t[at(i + 3) as usize],
            );
            if (a | b | cc | d) >= 64 {
                break;
            }
            if o + 3 > cap {
                return Err(DecodeSliceError::OutputSliceTooSmall);
            }
            let w = u32::from(a) << 18 | u32::from(b) << 12 | u32::from(cc) << 6 | u32::from(d);
            // SAFETY: `o + 3 <= cap`; the group's bytes were read above.
            unsafe {
                *dst.add(o) = (w >> 16) as u8;
                *dst.add(o + 1) = (w >> 8) as u8;
                *dst.add(o + 2) = w as u8;
            }
            i += 4;
            o += 3;
        }
        if !forgiving {
            break;
        }
        // A group with whitespace in it: gather four symbols across it.
        let mut vals = [0u8; 4];
        let mut got = 0;
        let mut k = i;
        while k < len && got < 4 {
            let v = t[at(k) as usize];
            if v < 64 {
                vals[got] = v;
                got += 1;
            } else if v != SPACE {
                break;
            }
            k += 1;
        }
        if got < 4 {
            break;
        }
        if o + 3 > cap {
            return Err(DecodeSliceError::OutputSliceTooSmall);
        }
        let w = u32::from(vals[0]) << 18
            | u32::from(vals[1]) << 12
            | u32::from(vals[2]) << 6
            | u32::from(vals[3]);
        // SAFETY: `o + 3 <= cap`; the four symbols were read above.
        unsafe {
            *dst.add(o) = (w >> 16) as u8;
            *dst.add(o + 1) = (w >> 8) as u8;
            *dst.add(o + 2) = w as u8;
        }
        i = k;
        o += 3;
    }
    // SAFETY: as above.
    unsafe { final_group(src, len, dst, cap, i, o, c) }
}

/// The rest of the input from a group boundary `i` that whole groups did not cover.
///
/// # Safety
/// As [`finish`].
#[cold]
unsafe fn final_group(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    i: usize,
    mut o: usize,
    c: &Config,
) -> Result<usize, DecodeSliceError> {
    let t = &c.alphabet.decode;
    // SAFETY: per the contract, every index below is `< len`.
    let at = |k: usize| unsafe { *src.add(k) };
    let skip = |b: u8| c.forgiving && t[b as usize] == SPACE;
    // More than four bytes left: the group at `i` holds a non-symbol, and it is not the last.
    let mut left = 0;
    let mut first_bad = None;
    for k in i..len {
        let b = at(k);
        if skip(b) {
            continue;
        }
        left += 1;
        if first_bad.is_none() && t[b as usize] >= 64 {
            first_bad = Some((k, b));
        }
        if left > 4 {
            if let Some((k, b)) = first_bad {
                return Err(DecodeError::InvalidByte(k, b).into());
            }
        }
    }
    if left == 0 {
        return Ok(o);
    }
    let mut morsels = [0u8; 4];
    let mut m = 0;
    let mut pads = 0;
    let mut first_pad = 0;
    let mut last = (0, 0u8);
    let mut idx = 0;
    for k in i..len {
        let b = at(k);
        if skip(b) {
            continue;
        }
        if b == b'=' {
            if idx < 2 {
                return Err(DecodeError::InvalidByte(k, b).into());
            }
            if pads == 0 {
                first_pad = k;
            }
            pads += 1;
        } else if pads > 0 {
            return Err(DecodeError::InvalidByte(first_pad, b'=').into());
        } else {
            let v = t[b as usize];
            if v == INVALID || v == SPACE {
                return Err(DecodeError::InvalidByte(k, b).into());
            }
            morsels[m] = v;
            m += 1;
            last = (k, b);
        }
        idx += 1;
    }
    if m < 2 {
        return Err(DecodeError::InvalidLength(o / 3 * 4 + m).into());
    }
    match c.decode_padding {
        DecodePaddingMode::Indifferent => {}
        DecodePaddingMode::RequireCanonical => {
            if (pads + m) % 4 != 0 {
                return Err(DecodeError::InvalidPadding.into());
            }
        }
        DecodePaddingMode::RequireNone => {
            if pads > 0 {
                return Err(DecodeError::InvalidPadding.into());
            }
        }
    }
    let bytes = m * 6 / 8;
    let w = u32::from(morsels[0]) << 26
        | u32::from(morsels[1]) << 20
        | u32::from(morsels[2]) << 14
        | u32::from(morsels[3]) << 8;
    if !c.allow_trailing_bits && w & (u32::MAX >> (bytes * 8)) != 0 {
        return Err(DecodeError::InvalidLastSymbol(last.0, last.1).into());
    }
    if o + bytes > cap {
        return Err(DecodeSliceError::OutputSliceTooSmall);
    }
    for k in 0..bytes {
        // SAFETY: `o + bytes <= cap`; every input byte was read above.
        unsafe { *dst.add(o + k) = (w >> (24 - 8 * k)) as u8 };
    }
    o += bytes;
    Ok(o)
}

/// The length of the line separator at `src[j..]` (CRLF: 2, LF: 1), or `None` for another
/// byte: how the vector kernels' forgiving line mode recognises regular lines.
///
/// # Safety
/// `src[j]` and `src[j + 1]` are readable.
#[inline(always)]
pub(crate) unsafe fn line_separator(src: *const u8, j: usize) -> Option<usize> {
    // SAFETY: both bytes are readable per the caller.
    match unsafe { (*src.add(j), *src.add(j + 1)) } {
        (b'\r', b'\n') => Some(2),
        (b'\n', _) => Some(1),
        _ => None,
    }
}

/// Copies the first `rest` decoded bytes of `buf` (a whole vector's store, kept away from the
/// output: in place, a direct store could run into text not yet read) to `dst[o..]`,
/// returning the new output length, or `None` when they do not fit in `cap`.
///
/// # Safety
/// `dst` is valid for writes of `cap` bytes.
#[inline(always)]
pub(crate) unsafe fn first_line_out(
    dst: *mut u8,
    cap: usize,
    o: usize,
    rest: usize,
    buf: &[u8; 64],
) -> Option<usize> {
    if o + rest > cap || rest > buf.len() {
        return None;
    }
    // SAFETY: `o + rest <= cap` and `rest <= 64`; `buf` is a separate local.
    unsafe { core::ptr::copy_nonoverlapping(buf.as_ptr(), dst.add(o), rest) };
    Some(o + rest)
}
