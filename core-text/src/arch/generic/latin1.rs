//! Latin-1 (ISO-8859-1) to and from UTF-8 and UTF-16 over vectors.
//!
//! Latin-1 byte `b` is the code point `U+00bb`, so every conversion is a change of width:
//!
//! ```text
//! to UTF-16:   widen each byte to a 16-bit lane
//! from UTF-16: no unit > 0xFF in the step? narrow the lanes to bytes; else stop at the first
//! to UTF-8:    ASCII step? store as is; else widen to 16-bit lanes, each ASCII lane keeps its
//!              low byte, any other becomes [0xC0 | b >> 6, 0x80 | b & 0x3F], and a shuffle
//!              per 8 lanes keyed by which are ASCII packs the 1 or 2 bytes of each
//! from UTF-8:  ASCII step? store as is; a byte >= 0xC4 (a lead above U+00FF)? stop there;
//!              else per byte: a lead (C2, C3) becomes (lead << 6) | (next & 0x3F), a
//!              continuation byte is dropped by a shuffle per 8 bytes keyed by which are
//! the tails in scalar code
//! ```
//!
//! From UTF-8, a lead last in a step reads its continuation byte (the first of the next step)
//! with the shifted load; the next step drops that byte as it drops every continuation byte,
//! so every step is `BYTES` long.
//! The levels without a byte shuffle (SSE2) convert the non-ASCII steps to UTF-8 and back in
//! scalar code.

use super::count::count;
use super::utf16_to_utf8::{store_narrow, two_byte};
use crate::arch::scalar::latin1 as scalar;
use core::mem::MaybeUninit;
use core_cpu::vector::{Shuffle, Vector};

/// Per group parity and key (bit `k` set: byte `k` of the group of 8 is dropped), the
/// shuffle of a 16-byte window that packs the group's kept bytes to the front.
static PACK_KEPT: [[[u8; 16]; 256]; 2] = [pack_kept(0), pack_kept(8)];

const fn pack_kept(base: u8) -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut out = 0;
        let mut k = 0;
        while k < 8 {
            if key >> k & 1 == 0 {
                t[key][out] = base + k as u8;
                out += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
}

/// The UTF-8 length of Latin-1 `src`: one byte more per byte >= 0x80.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn utf8_len<V: Vector>(src: &[u8]) -> usize {
    // A byte >= 0x80 is negative as i8, so `0 > b` marks it with -1.
    // SAFETY: forwarded contract.
    src.len() + unsafe { count::<V>(src, 1, |v| V::zero().gt_i8(v), scalar::high_bytes) }
}

/// Latin-1 to UTF-16; returns `src.len()`.
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_utf16<V: Vector>(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    let (n, b) = (src.len(), V::BYTES);
    debug_assert!(dst.len() >= n);
    let mut i = 0;
    // SAFETY: loads read `i..i + BYTES < n` bytes, stores write units `i..i + BYTES` of
    // `dst`, which holds `n`; CPU per contract.
    unsafe {
        let d = dst.as_mut_ptr().cast::<u8>();
        while i + b <= n {
            let (lo, hi) = V::load(src.as_ptr().add(i)).widen8();
            lo.store(d.add(2 * i));
            hi.store(d.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::to_utf16(&src[i..], &mut dst[i..])
}

/// UTF-16 to Latin-1: `Ok(src.len())`, or `Err(index of the first unit > 0xFF)` (what was
/// written before it is the conversion of the units before it).
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn from_utf16<V: Vector>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, usize> {
    let (n, b) = (src.len(), V::BYTES);
    debug_assert!(dst.len() >= n);
    let mut i = 0;
    // SAFETY: loads read units `i..i + BYTES <= n`, stores write bytes `i..i + BYTES` of
    // `dst`, which holds `n`; CPU per contract.
    unsafe {
        let p = src.as_ptr().cast::<u8>();
        let d = dst.as_mut_ptr().cast::<u8>();
        let (high, bias) = (V::splat16(0xFF00), V::splat16(0x80));
        while i + b <= n {
            let lo = V::load(p.add(2 * i));
            let hi = V::load(p.add(2 * i + b));
            if lo.or(hi).and(high).any() {
                break;
            }
            // The pack saturates as signed: centred on zero, every unit fits exactly.
            lo.sub16(bias).pack16(hi.sub16(bias)).xor(V::splat8(0x80)).store(d.add(i));
            i += b;
        }
    }
    scalar::from_utf16(&src[i..], &mut dst[i..]).map(|k| i + k).map_err(|k| i + k)
}

/// Latin-1 to UTF-8 over `$v` vectors, returning the bytes written: the ASCII steps copied,
/// the others by `$mixed(v, src, i, dst, o) -> bytes written` (an `#[inline(always)]` fn),
/// run with `i + BYTES <= src.len()` and `o + 2 * BYTES <= dst.len()` for the step `v` at
/// `i`. A macro and fns rather than closures: closures do not inherit the kernels' target
/// features.
///
/// Safety (of the expansion, inside `unsafe`): `dst.len() >= utf8_len(src)`; the CPU
/// supports `$v`'s level; `$mixed` converts the step and writes only below `o + 2 * BYTES`.
macro_rules! to_utf8_steps {
    ($v:ty, $src:expr, $dst:expr, $mixed:expr) => {{
        let (src, dst): (&[u8], &mut [MaybeUninit<u8>]) = ($src, $dst);
        let (n, b) = (src.len(), <$v>::BYTES);
        let (mut i, mut o) = (0, 0);
        // Loads read `i..i + BYTES <= n`; an ASCII step writes `o..o + BYTES` and a mixed
        // one below `o + 2 * BYTES <= dst.len()`.
        while i + b <= n && o + 2 * b <= dst.len() {
            let v = <$v>::load(src.as_ptr().add(i));
            if v.any_high_bit() {
                o += $mixed(v, src, i, &mut *dst, o);
            } else {
                v.store(dst.as_mut_ptr().add(o).cast());
                o += b;
            }
            i += b;
        }
        o + scalar::to_utf8(&src[i..], &mut dst[o..])
    }};
}

/// One mixed step of [`to_utf8`]: the 16-bit lanes of the widened bytes, each ASCII one
/// packed to its low byte, the others to their two UTF-8 bytes; returns the bytes written.
///
/// # Safety
/// `dst + o .. dst + o + 2 * BYTES` is writable; the CPU supports `V`'s level.
#[inline(always)]
unsafe fn expand_step<V: Shuffle>(
    v: V,
    _: &[u8],
    _: usize,
    dst: &mut [MaybeUninit<u8>],
    o: usize,
) -> usize {
    // SAFETY: `store_narrow` writes 16-byte windows ending by `o + 2 * BYTES`; CPU per
    // contract.
    unsafe {
        let ascii = !v.bitmask();
        let (lo, hi) = v.widen8();
        let mut out = o;
        for (h, u) in [lo, hi].into_iter().enumerate() {
            let is_ascii = u.and(V::splat16(0xFF80)).eq16(V::zero());
            let bytes = V::blend(is_ascii, u, two_byte(u));
            store_narrow(bytes, ascii >> (V::BYTES / 2 * h), dst.as_mut_ptr().cast(), &mut out);
        }
        out - o
    }
}

/// Latin-1 to UTF-8 with a byte shuffle; returns the bytes written.
///
/// # Safety
/// `dst.len() >= utf8_len(src)`; the CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_utf8<V: Shuffle>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    // SAFETY: forwarded contract (see `to_utf8_steps!`); `expand_step` gets the room it
    // needs.
    unsafe { to_utf8_steps!(V, src, dst, expand_step::<V>) }
}

/// Latin-1 to UTF-8 for levels without a byte shuffle: the non-ASCII steps in scalar code.
///
/// # Safety
/// `dst.len() >= utf8_len(src)`; the CPU supports `V`'s level.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the SSE2 level only
pub(crate) unsafe fn to_utf8_no_shuffle<V: Vector>(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> usize {
    // SAFETY: forwarded contract (see `to_utf8_steps!`).
    unsafe { to_utf8_steps!(V, src, dst, scalar_step::<V>) }
}

/// One mixed step of [`to_utf8_no_shuffle`], in scalar code.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the SSE2 level only
fn scalar_step<V: Vector>(
    _: V,
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u8>],
    o: usize,
) -> usize {
    // The step's `BYTES` bytes give at most `2 * BYTES`.
    scalar::to_utf8(&src[i..i + V::BYTES], &mut dst[o..o + 2 * V::BYTES])
}

/// UTF-8 to Latin-1 over `$v` vectors: `Ok(bytes written)`, or `Err(offset of the first
/// char above U+00FF)`. The ASCII steps copied, the others by `$mixed(v, src, i, dst, o) ->
/// Some((bytes read, bytes written))` or `None` to leave the rest to the scalar code (an
/// `#[inline(always)]` fn), run with `i + BYTES < src.len()` and `o + BYTES + 16 <=
/// dst.len()`.
///
/// Safety (of the expansion, inside `unsafe`): `src` is valid UTF-8 and `dst` holds at least
/// as many bytes as it has chars; the CPU supports `$v`'s level; `$mixed` converts whole
/// chars from `i` and writes below `o + BYTES + 16`.
macro_rules! from_utf8_steps {
    ($v:ty, $src:expr, $dst:expr, $mixed:expr) => {{
        let (src, dst): (&[u8], &mut [MaybeUninit<u8>]) = ($src, $dst);
        let (n, b) = (src.len(), <$v>::BYTES);
        let (mut i, mut o) = (0, 0);
        let mut after_ascii = true;
        // Loads read `i..i + BYTES < n` (and `i + BYTES..i + 2 * BYTES <= n` when that
        // fits), ASCII steps write `o..o + BYTES` (two: `o..o + 2 * BYTES <= dst.len()`) and
        // mixed ones below `o + BYTES + 16 <= dst.len()`.
        while i + b < n && o + b + 16 <= dst.len() {
            let v = <$v>::load(src.as_ptr().add(i));
            // After an ASCII step, two ASCII vectors: one test and two stores (`o + 2 *
            // BYTES <= dst.len()`). Not after a mixed step: mixed text would pay for the
            // second load and test at every step.
            if after_ascii && i + 2 * b <= n && o + 2 * b <= dst.len() {
                let w = <$v>::load(src.as_ptr().add(i + b));
                if !v.or(w).any_high_bit() {
                    v.store(dst.as_mut_ptr().add(o).cast());
                    w.store(dst.as_mut_ptr().add(o + b).cast());
                    i += 2 * b;
                    o += 2 * b;
                    continue;
                }
            }
            after_ascii = !v.any_high_bit();
            if !after_ascii {
                match $mixed(v, src, i, &mut *dst, o) {
                    Some((read, written)) => {
                        i += read;
                        o += written;
                    }
                    None => break,
                }
            } else {
                v.store(dst.as_mut_ptr().add(o).cast());
                i += b;
                o += b;
            }
        }
        // A step may have ended on a lead, whose continuation byte it converted: the scalar
        // code starts after that byte.
        if i < n && src[i] & 0xC0 == 0x80 {
            i += 1;
        }
        scalar::from_utf8(&src[i..], &mut dst[o..]).map(|k| o + k).map_err(|k| i + k)
    }};
}

/// UTF-8 to Latin-1 with a byte shuffle.
///
/// # Safety
/// `src` is valid UTF-8 and `dst` holds at least as many bytes as it has chars; the CPU
/// supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn from_utf8<V: Shuffle>(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, usize> {
    // SAFETY: forwarded contract (see `from_utf8_steps!`).
    unsafe { from_utf8_steps!(V, src, dst, pack_step::<V>) }
}

/// One mixed step of [`from_utf8`]: `None` at a lead above C3, else each lead joined with
/// its continuation byte and the continuation bytes dropped; returns `(bytes read, bytes
/// written)`.
///
/// # Safety
/// `i` is a char boundary of valid UTF-8 `src` with `i + BYTES < src.len()`, `dst + o ..
/// dst + o + BYTES + 16` is writable; the CPU supports `V`'s level.
#[inline(always)]
unsafe fn pack_step<V: Shuffle>(
    v: V,
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u8>],
    o: usize,
) -> Option<(usize, usize)> {
    // SAFETY: the shifted load reads `i + 1..i + 1 + BYTES <= src.len()`; each group's window
    // store writes 16 bytes from an output position at most `BYTES` past `o`; CPU per
    // contract.
    unsafe {
        // A lead above C3 starts a char above U+00FF: the scalar code reports it.
        if v.ge_u8(V::splat8(0xC4)).any() {
            return None;
        }
        let next = V::load(src.as_ptr().add(i + 1));
        let lead = v.ge_u8(V::splat8(0xC0));
        let dropped = v.bitmask() & !lead.bitmask();
        // Per byte: bits 6-7 from the lead's low two bits, the rest from the next byte.
        let joined = v.and(V::splat8(0x03)).shl16::<6>().or(next.and(V::splat8(0x3F)));
        let bytes = V::blend(lead, joined, v);
        let d = dst.as_mut_ptr().cast::<u8>();
        let mut out = o;
        for g in 0..V::BYTES / 8 {
            let key = (dropped >> (8 * g) & 0xFF) as usize;
            bytes.shuffle_window_to(g / 2, PACK_KEPT[g % 2][key].as_ptr(), d.add(out));
            out += 8 - key.count_ones() as usize;
        }
        // A lead last in the step took its continuation byte from the next step, which
        // drops it as it drops every continuation byte: every step is `BYTES` long, so the
        // next load does not wait for this one's data.
        Some((V::BYTES, out - o))
    }
}

/// UTF-8 to Latin-1 for levels without a byte shuffle: the non-ASCII steps in scalar code.
///
/// # Safety
/// `src` is valid UTF-8 and `dst` holds at least as many bytes as it has chars; the CPU
/// supports `V`'s level.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the SSE2 level only
pub(crate) unsafe fn from_utf8_no_shuffle<V: Vector>(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, usize> {
    // SAFETY: forwarded contract (see `from_utf8_steps!`).
    unsafe { from_utf8_steps!(V, src, dst, decode_step::<V>) }
}

/// One mixed step of [`from_utf8_no_shuffle`], in scalar code: the chars that start in the
/// step's `BYTES` bytes (at most `BYTES` output bytes, one more input byte for a last lead).
/// The step may start with the continuation byte of the step before's last lead.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the SSE2 level only
fn decode_step<V: Vector>(
    _: V,
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u8>],
    o: usize,
) -> Option<(usize, usize)> {
    let end = i + V::BYTES;
    let (mut s, mut out) = (i, o);
    if src[s] & 0xC0 == 0x80 {
        s += 1;
    }
    while s < end {
        let (read, c) = scalar::decode(src, s)?;
        dst[out] = MaybeUninit::new(c);
        s += read;
        out += 1;
    }
    Some((s - i, out - o))
}
