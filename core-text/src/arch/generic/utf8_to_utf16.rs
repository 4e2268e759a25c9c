//! Transcoding valid UTF-8 to UTF-16 over vectors.
//!
//! ```text
//! while a full step of input and output room remain:
//!     v = next BYTES input bytes
//!     no byte >= 0x80:          widen v to BYTES units                      (ASCII)
//!     first byte ASCII:         widen v, keep the units before the first high byte
//!     v is 2-byte chars only:   16-bit lanes: (lead & 0x1F) << 6 | cont & 0x3F
//!     v is 4-byte chars only:   32-bit lanes -> code point -> surrogate pair per lane
//!     [shuffle levels]
//!     48 (24) bytes of 3-byte chars: shuffle each char into a 32-bit lane, decode, narrow,
//!         repeated while the run lasts (else 12 bytes when only the first 4 chars are)
//!     [BMI2] a 64-byte block with no 3-byte char:
//!         tokens = ASCII bytes, 2-byte chars, halves of 4-byte chars (one unit each);
//!         per 8 tokens (a window found with deposit_bits) a shuffle keyed by which are
//!         ASCII puts each in a 16-bit lane, decoded with fixed arithmetic
//!     [BMI2] a block with 3-byte chars: 4-char windows as below, found with deposit_bits
//!     otherwise, per 16-byte window: key = which of the next 12 bytes end a char;
//!         TABLE[key] = (bytes taken, shuffle, units out): up to 4 whole chars, each
//!         shuffled into a 32-bit lane last byte first, decoded to a code point, turned into
//!         a surrogate pair where >= 0x10000, and the units compacted by a second shuffle
//!     [SSE2, no byte shuffle] otherwise the next non-ASCII chars one at a time
//! the tail (and a dst with little room left) in scalar code
//! ```
//!
//! The window tables are generated below by `const fn` from the char lengths a key implies
//! (the "end-of-char mask keyed shuffle" idea of Lemire & Keiser's transcoding paper, in our
//! own formulation: one decode for every char width, and a compaction keyed by which chars
//! are supplementary). Input is valid UTF-8 by contract, so a char's length is fixed by where
//! the next char starts and the byte patterns checked by the run paths prove their widths.

use super::vector::{Shuffle, Vector};
use crate::arch::scalar::utf8 as scalar;
use core::mem::MaybeUninit;

/// Window bytes a table key covers: up to 4 chars whose bytes all lie in the first 12.
const WINDOW: usize = 12;

/// Table entry fields (`u32`): shuffle index, bytes taken, units written, surrogate lanes.
const SHUF_BITS: u32 = 9;
const TAKEN_SHIFT: u32 = 9;
const UNITS_SHIFT: u32 = 13;
const PAIRS_SHIFT: u32 = 17;

/// Per window key (bit `j` set: byte `j` ends a char), the `u32` entry described above.
static WINDOW_ENTRIES: [u32; 1 << WINDOW] = window_entries();
/// Gather shuffles by shuffle index: char `k` lands in 32-bit lane `k`, last byte first.
/// The index is `sum((len_k - 1) << 2k) | (chars == 4) << 8`.
static WINDOW_SHUFFLES: [[u8; 16]; 1 << SHUF_BITS] = window_shuffles();
/// Compaction by surrogate lanes: lane `k` keeps its low unit, and its high one too where
/// bit `k` is set (a surrogate pair).
static COMPACT_UNITS: [[u8; 16]; 16] = compact_units();

/// The chars (lengths) a key describes: up to 4 whole chars ending inside the window.
const fn key_chars(key: usize) -> ([usize; 4], usize) {
    let mut lens = [0; 4];
    let mut count = 0;
    let mut start = 0;
    let mut j = 0;
    while j < WINDOW && count < 4 {
        if key >> j & 1 == 1 {
            lens[count] = j + 1 - start;
            count += 1;
            start = j + 1;
        }
        j += 1;
    }
    (lens, count)
}

const fn window_entries() -> [u32; 1 << WINDOW] {
    let mut t = [0u32; 1 << WINDOW];
    let mut key = 0;
    while key < 1 << WINDOW {
        let (lens, count) = key_chars(key);
        let (mut code, mut taken, mut units, mut pairs, mut valid) = (0, 0, 0, 0, count > 0);
        let mut k = 0;
        while k < count {
            valid &= lens[k] <= 4;
            code |= (lens[k] - 1) << (2 * k);
            taken += lens[k];
            units += 1;
            if lens[k] == 4 {
                units += 1;
                pairs |= 1 << k;
            }
            k += 1;
        }
        if count == 4 {
            code |= 1 << 8;
        }
        // Keys valid UTF-8 cannot produce still make progress (never read by the kernel).
        if !valid {
            (code, taken, units, pairs) = (0, WINDOW, 0, 0);
        }
        t[key] = (code as u32)
            | (taken as u32) << TAKEN_SHIFT
            | (units as u32) << UNITS_SHIFT
            | (pairs as u32) << PAIRS_SHIFT;
        key += 1;
    }
    t
}

const fn window_shuffles() -> [[u8; 16]; 1 << SHUF_BITS] {
    let mut t = [[0x80u8; 16]; 1 << SHUF_BITS];
    let mut index = 0;
    while index < 1 << SHUF_BITS {
        let count = if index >> 8 & 1 == 1 { 4 } else { 3 };
        let mut start = 0;
        let mut k = 0;
        while k < count {
            let len = (index >> (2 * k) & 3) + 1;
            let mut b = 0;
            while b < len {
                let src = start + len - 1 - b;
                if src < 16 {
                    t[index][4 * k + b] = src as u8;
                }
                b += 1;
            }
            start += len;
            k += 1;
        }
        index += 1;
    }
    t
}

const fn compact_units() -> [[u8; 16]; 16] {
    let mut t = [[0x80u8; 16]; 16];
    let mut pairs = 0;
    while pairs < 16 {
        let mut out = 0;
        let mut k = 0;
        while k < 4 {
            let bytes = if pairs >> k & 1 == 1 { 4 } else { 2 };
            let mut b = 0;
            while b < bytes {
                t[pairs][out] = (4 * k + b) as u8;
                out += 1;
                b += 1;
            }
            k += 1;
        }
        pairs += 1;
    }
    t
}

/// Gather shuffles of 4 chars keyed by their lengths as the block path extracts them: bit `k`
/// is bit 0 of `len_k - 1`, bit `k + 4` its bit 1.
static BLOCK_SHUFFLES: [[u8; 16]; 256] = block_shuffles();

const fn block_shuffles() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut start = 0;
        let mut k = 0;
        while k < 4 {
            let len = 1 + (key >> k & 1) + 2 * (key >> (k + 4) & 1);
            let mut b = 0;
            while b < len {
                t[key][4 * k + b] = (start + len - 1 - b) as u8;
                b += 1;
            }
            start += len;
            k += 1;
        }
        key += 1;
    }
    t
}

/// Gathers 4 three-byte chars per 16-byte window into 32-bit lanes, last byte first.
const THREE_BYTE_GATHER: [u8; 16] = [2, 1, 0, 0x80, 5, 4, 3, 0x80, 8, 7, 6, 0x80, 11, 10, 9, 0x80];
/// The low 16 bits of each 32-bit lane, packed into the first 8 bytes.
const LOW_HALVES: [u8; 16] =
    [0, 1, 4, 5, 8, 9, 12, 13, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80];

/// Per half `h` (lanes `4h..4h + 4`): `[c2, c1]` of the 4 three-byte chars of a window.
static THREE_TAILS: [[u8; 16]; 2] = three_gather(2);
/// Per half `h` (lanes `4h..4h + 4`): `[lead, 0]` of the 4 three-byte chars of a window.
static THREE_LEADS: [[u8; 16]; 2] = three_gather(0);

const fn three_gather(first: usize) -> [[u8; 16]; 2] {
    let mut t = [[0x80u8; 16]; 2];
    let mut h = 0;
    while h < 2 {
        let mut k = 0;
        while k < 4 {
            t[h][8 * h + 2 * k] = (3 * k + first) as u8;
            if first == 2 {
                t[h][8 * h + 2 * k + 1] = (3 * k + 1) as u8;
            }
            k += 1;
        }
        h += 1;
    }
    t
}

/// Code points of chars held one per 32-bit lane, last byte first (`[last, .., lead]`,
/// zero above the lead).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn decode_reversed<V: Vector>(w: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        // Byte 0 keeps 7 bits (ASCII, or a continuation whose bit 6 is clear), byte 1 six
        // (a 2-byte lead's bit 5 is clear), byte 3 three (only 4-byte leads get there).
        let x = w.and(V::splat32(0x073F_3F7F));
        // Byte 2 is a continuation or a 3-byte lead `1110_xxxx`: clear the lead's bit 5.
        let x = x.xor(w.and(V::splat32(0x0040_0000)).shr32::<1>());
        x.and(V::splat32(0x7F))
            .or(x.shr32::<2>().and(V::splat32(0xFC0)))
            .or(x.shr32::<4>().and(V::splat32(0x3_F000)))
            .or(x.shr32::<6>().and(V::splat32(0x1C_0000)))
    }
}

/// Code points of 3-byte chars held one per 32-bit lane, last byte first.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn decode_three<V: Vector>(w: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        w.and(V::splat32(0x3F))
            .or(w.shr32::<2>().and(V::splat32(0xFC0)))
            .or(w.shr32::<4>().and(V::splat32(0xF000)))
    }
}

/// Per 32-bit lane: the code point itself below 0x10000, else its surrogate pair (high unit
/// in the low half).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn to_units<V: Vector>(cp: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        let s = cp.sub32(V::splat32(0x1_0000));
        let high = s.shr32::<10>().add32(V::splat32(0xD800));
        let low = s.and(V::splat32(0x3FF)).or(V::splat32(0xDC00));
        let pair = high.or(low.shl32::<16>());
        let supplementary = cp.gt_i32(V::splat32(0xFFFF));
        cp.xor(pair.xor(cp).and(supplementary))
    }
}

/// Per key (bit `t` set: token `t` of 8 is ASCII), the gather of 8 tokens into 16-bit lanes:
/// an ASCII token is one byte (`[a, 0]`), any other two (`[first, second]`).
static TOKEN_GATHER: [[u8; 16]; 256] = token_gather();

const fn token_gather() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut src = 0;
        let mut k = 0;
        while k < 8 {
            t[key][2 * k] = src as u8;
            src += 1;
            if key >> k & 1 == 0 {
                t[key][2 * k + 1] = src as u8;
                src += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
}

/// UTF-16 units of tokens gathered one per 16-bit lane `[x, y]`: an ASCII byte (`y = 0`), a
/// 2-byte char, or half of a 4-byte char (`[lead, c1]` or `[c2, c3]`). `next` holds, per
/// lane, the two bytes after the token's first two (`c2` of a first half); with `pairs`
/// false no lane may be half of a 4-byte char.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn decode_tokens<V: Shuffle>(g: V, next: V, pairs: bool) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        // t = (x & 0x1F) << 6 | y & 0x3F: a 2-byte char. A second half `[c2, c3]` gets bit 10
        // from c2's bit 4 too, which 0xDC00 holds anyway; a first half `[lead, c1]` gets
        // 0x400 | (lead & 7) << 6 | c1 & 0x3F.
        let t = g.and(V::splat16(0x3F1F)).join6();
        let ascii = g.and(V::splat16(0xFF80)).eq16(V::zero());
        let mut u = V::blend(ascii, g, t);
        if pairs {
            let low = g.and(V::splat16(0xC0)).eq16(V::splat16(0x80));
            u = u.or(low.and(V::splat16(0xDC00)));
            // First half: 0xD800 + (cp >> 10) - 0x40 with cp >> 10 = (lead & 7) << 8
            // | (c1 & 0x3F) << 2 | (c2 >> 4) & 3, that is (t << 2) - 0x1000 + (c2 >> 4) & 3.
            let high = g.and(V::splat16(0xF0)).eq16(V::splat16(0xF0));
            let hv = t
                .shl16::<2>()
                .add16(next.shr16::<4>().and(V::splat16(3)))
                .add16(V::splat16(0xD7C0 - 0x1000));
            u = V::blend(high, hv, u);
        }
        u
    }
}

/// A block with no 3-byte char, cut into tokens of one unit each: ASCII bytes, 2-byte chars
/// and the two halves of each 4-byte char (2 bytes each). Every 8th token starts a window
/// (`deposit_bits`), whose key is the 8 tokens' ASCII bits (`extract_bits`); each window
/// writes 8 units. All tokens but the last are done, at most [`CAP_PAIRS`] (with 4-byte chars)
/// or [`CAP`]; where the first token left is a second half, its first half is left too, so the
/// block ends on a char boundary. Returns `(bytes, units)`.
///
/// # Safety
/// As [`block_step`]; `starts`, `tokens` and `ascii` describe `p..p + BLOCK`, which holds at
/// least 2 tokens and no 3-byte char, and `pairs` is set if it holds a 4-byte char.
#[inline(always)]
unsafe fn token_block<V: Shuffle>(
    p: *const u8,
    q: *mut u8,
    starts: u64,
    tokens: u64,
    ascii: u64,
    pairs: bool,
) -> (usize, usize) {
    // SAFETY: windows start at tokens below `p + BLOCK`, so the reads (16 bytes from 2 past
    // the start at most) end inside `p + BLOCK + 18`; at most `ceil(63 / 8) + 1 = 9`
    // windows of 8 units are written: `q + 2 * 72`. CPU per contract.
    unsafe {
        let all = tokens.count_ones() as usize - 1;
        let cap = if pairs { CAP_PAIRS } else { CAP };
        let (n, last) = if all > cap {
            (cap, V::deposit_bits(1 << cap, tokens).trailing_zeros() as usize)
        } else {
            (all, 63 - tokens.leading_zeros() as usize)
        };
        let kinds = V::extract_bits(ascii, tokens);
        let mut windows = V::deposit_bits(0x0101_0101_0101_0101, tokens);
        let count = n.div_ceil(8);
        let lanes = V::BYTES / 16;
        let mut w = 0;
        while w < count {
            let pos0 = windows.trailing_zeros() as usize;
            windows &= windows - 1;
            let key0 = (kinds >> (8 * w) & 0xFF) as usize;
            // 256-bit levels always take two windows; past the last one, the second reads
            // `p + 64..` and its units are written past the ones counted.
            let (pos1, key1) = if lanes == 2 {
                let pos1 = (windows.trailing_zeros() as usize).min(BLOCK);
                windows &= windows.wrapping_sub(1);
                (pos1, (kinds >> (8 * w) >> 8 & 0xFF) as usize)
            } else {
                (pos0, key0)
            };
            let idx = V::load_windows(TOKEN_GATHER[key0].as_ptr(), TOKEN_GATHER[key1].as_ptr());
            let g = V::load_windows(p.add(pos0), p.add(pos1)).shuffle(idx);
            let units = if pairs {
                let next = V::load_windows(p.add(pos0 + 2), p.add(pos1 + 2)).shuffle(idx);
                decode_tokens(g, next, true)
            } else {
                decode_tokens(g, g, false)
            };
            units.store_windows(q.add(16 * w), q.add(16 * w + 16));
            w += lanes;
        }
        let back = (starts >> last & 1 == 0) as usize;
        (last - 2 * back, n - back)
    }
}

/// Tokens a token block with 4-byte chars takes at most: 4 windows, so the window loop runs a
/// fixed two steps at 256 bits instead of a data-dependent count that mispredicts its exit
/// (emoji text: 1.37x faster). 64 bytes of 2- and 4-byte chars are already 32 tokens.
const CAP_PAIRS: usize = 32;
/// The same without 4-byte chars (Latin-1 text: 2-byte chars and ASCII, up to 64 tokens).
const CAP: usize = 48;

/// Bytes a block step classifies; it reads up to `BLOCK + 18` bytes and writes up to
/// `BLOCK + 8` units.
const BLOCK: usize = 64;

/// Transcodes the 4-char windows of a 64-byte block without a serial dependency (levels with
/// BMI2): per byte, "starts a char" and the two bits of `len - 1` of each lead become 64-bit
/// masks; `extract_bits` packs the length bits of every char of the block to the bottom (4
/// chars = one 8-bit key per window) and `deposit_bits(0x1111.., starts)` marks every fourth
/// char start (the window addresses). Windows whose 4 chars start in the block are done (the
/// last char started is left for the next step, so the block ends on a known boundary).
/// A block with no 3-byte char goes through [`token_block`] instead. Returns `(bytes, units,
/// token block?)`, or `None` if the block holds fewer than 5 chars.
///
/// # Safety
/// `p..p + BLOCK + 18` is readable valid UTF-8 from a char boundary on (ending on one too),
/// `q..q + 2 * (BLOCK + 8)` is writable, and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn block_step<V: Shuffle>(
    p: *const u8,
    q: *mut u8,
    low_halves: V,
) -> Option<(usize, usize, bool)> {
    // SAFETY: reads are inside `p..p + BLOCK + 18` (windows start below `p + BLOCK`), writes
    // inside `q..q + 2 * (BLOCK + 8)` (char windows: units written <= bytes taken < BLOCK,
    // plus one 8-unit store; token blocks: see `token_block`); CPU per contract.
    unsafe {
        let (mut starts, mut len_bit0, mut len_bit1) = (0u64, 0u64, 0u64);
        let (mut high, mut four) = (0u64, 0u64);
        let mut k = 0;
        while k < BLOCK {
            let v = V::load(p.add(k));
            let not_cont = v.gt_i8(V::splat8(0xBF));
            // Signed `> x` and the byte's own high bit: unsigned `>= x + 1` for x >= 0x80.
            let ge_c0 = not_cont.and(v).bitmask();
            let ge_e0 = v.gt_i8(V::splat8(0xDF)).and(v).bitmask();
            let ge_f0 = v.gt_i8(V::splat8(0xEF)).and(v).bitmask();
            starts |= not_cont.bitmask() << k;
            len_bit0 |= (ge_c0 ^ ge_e0 ^ ge_f0) << k;
            len_bit1 |= ge_e0 << k;
            high |= v.bitmask() << k;
            four |= ge_f0 << k;
            k += V::BYTES;
        }
        if len_bit1 & !four == 0 {
            // No 3-byte char: tokens are chars and the third bytes of 4-byte chars.
            let tokens = starts | four << 2;
            let (bytes, units) = token_block::<V>(p, q, starts, tokens, !high, four != 0);
            return Some((bytes, units, true));
        }
        let chars = starts.count_ones() as usize;
        if chars < 5 {
            return None;
        }
        let full = (chars - 1) / 4;
        let bit0 = V::extract_bits(len_bit0, starts);
        let bit1 = V::extract_bits(len_bit1, starts);
        let supplementary = bit0 & bit1 != 0;
        let mut windows = V::deposit_bits(0x1111_1111_1111_1111, starts);
        let lanes = V::BYTES / 16;
        let key = |w: usize| ((bit0 >> (4 * w) & 15) | (bit1 >> (4 * w) & 15) << 4) as usize;
        let (mut w, mut o) = (0, 0);
        while w < full {
            let pos0 = windows.trailing_zeros() as usize;
            windows &= windows - 1;
            let key0 = key(w);
            let (pos1, key1) = if lanes == 2 && w + 1 < full {
                let pos1 = windows.trailing_zeros() as usize;
                windows &= windows - 1;
                (pos1, key(w + 1))
            } else {
                (pos0, key0)
            };
            let shuffles =
                V::load_windows(BLOCK_SHUFFLES[key0].as_ptr(), BLOCK_SHUFFLES[key1].as_ptr());
            let cp = decode_reversed(V::load_windows(p.add(pos0), p.add(pos1)).shuffle(shuffles));
            let (pairs0, pairs1) = (key0 & key0 >> 4 & 15, key1 & key1 >> 4 & 15);
            let units0 = 4 + pairs0.count_ones() as usize;
            let units = if supplementary {
                let compact =
                    V::load_windows(COMPACT_UNITS[pairs0].as_ptr(), COMPACT_UNITS[pairs1].as_ptr());
                to_units(cp).shuffle(compact)
            } else {
                cp.shuffle(low_halves)
            };
            units.store_windows(q.add(2 * o), q.add(2 * (o + units0)));
            o += units0;
            w += 1;
            if pos1 != pos0 {
                o += 4 + pairs1.count_ones() as usize;
                w += 1;
            }
        }
        Some((windows.trailing_zeros() as usize, o, false))
    }
}

/// The whole chars starting at `src[i]` up to the first to end at or past `i + BYTES`,
/// decoded by the exact scalar code (levels without a byte shuffle). Returns
/// `(bytes, units)`, at least one char.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn scalar_chars<V: Vector>(
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u16>],
    o: usize,
) -> (usize, usize) {
    let mut j = i;
    while j < src.len() && j < i + V::BYTES {
        j += match src[j] {
            0..=0x7F => 1,
            0x80..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
    }
    let j = j.min(src.len());
    (j - i, scalar::to_utf16(&src[i..j], &mut dst[o..]))
}

/// The shared driver: ASCII, 2-byte and 4-byte runs in place, anything else through `mixed`,
/// which takes `(src, i, dst, o)` at a char boundary with `i + 2 * BYTES <= src.len()` and
/// `o + BYTES <= dst.len()`, and returns `(bytes read, units written)`, both non-zero.
///
/// # Safety
/// `src` is valid UTF-8 and `dst` holds at least as many units as it needs; the CPU supports
/// `V`'s level; `mixed` upholds the contract above.
#[inline(always)]
unsafe fn convert<V: Vector>(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    mut mixed: impl FnMut(&[u8], usize, &mut [MaybeUninit<u16>], usize) -> (usize, usize),
) -> usize {
    let b = V::BYTES;
    let n = src.len();
    let (mut i, mut o) = (0, 0);
    // SAFETY: every access is checked by the loop condition: reads stay below
    // `i + 2 * BYTES <= n` and writes below `o + BYTES <= dst.len()` units (each path below
    // writes at most BYTES units); CPU per contract.
    unsafe {
        while i + 2 * b <= n && o + b <= dst.len() {
            let p = src.as_ptr().add(i);
            let q = dst.as_mut_ptr().add(o).cast::<u8>();
            let v = V::load(p);
            if !v.any_high_bit() {
                let (lo, hi) = v.widen8();
                lo.store(q);
                hi.store(q.add(b));
                i += b;
                o += b;
                continue;
            }
            let lead = *p;
            if lead < 0x80 {
                // The lane index is only computed on a hit. A short ASCII prefix (a space
                // between words of another script) is left to the mixed step, which takes
                // whole chars of every width.
                let k = v.first_high_bit();
                if k >= b / 2 {
                    let (lo, hi) = v.widen8();
                    lo.store(q);
                    hi.store(q.add(b));
                    i += k;
                    o += k;
                    continue;
                }
            }
            if lead < 0xE0 {
                // 16-bit lanes `lead | cont << 8`: every lane `110x_xxxx 10xx_xxxx`?
                let bad = v.and(V::splat16(0xC0E0)).xor(V::splat16(0x80C0));
                if !bad.any() {
                    let units = v
                        .and(V::splat16(0x1F))
                        .shl16::<6>()
                        .or(v.shr16::<8>().and(V::splat16(0x3F)));
                    units.store(q);
                    i += b;
                    o += b / 2;
                    continue;
                }
            } else if lead >= 0xF0 {
                // 32-bit lanes `lead | c1 << 8 | c2 << 16 | c3 << 24`: every lane 4 bytes?
                let bad = v.and(V::splat32(0xC0C0_C0F8)).xor(V::splat32(0x8080_80F0));
                if !bad.any() {
                    let cp = v
                        .and(V::splat32(0x07))
                        .shl32::<18>()
                        .or(v.and(V::splat32(0x3F00)).shl32::<4>())
                        .or(v.shr32::<10>().and(V::splat32(0xFC0)))
                        .or(v.shr32::<24>().and(V::splat32(0x3F)));
                    to_units(cp).store(q);
                    i += b;
                    o += b / 2;
                    continue;
                }
            }
            let (di, d_o) = mixed(src, i, dst, o);
            i += di;
            o += d_o;
        }
    }
    o + scalar::to_utf16(&src[i..], &mut dst[o..])
}

/// Transcodes valid UTF-8 to UTF-16 on levels with a byte shuffle; returns the units written.
///
/// # Safety
/// `src` is valid UTF-8, `dst` holds at least as many units as it needs, and the CPU
/// supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_utf16<V: Shuffle>(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    let windows = V::BYTES / 16;
    // SAFETY: forwarded contract; `mixed` keeps the driver's bounds (see each block).
    unsafe {
        let gather3 = V::table(&THREE_BYTE_GATHER);
        let low_halves = V::table(&LOW_HALVES);
        let (tails_a, tails_b) = (V::table(&THREE_TAILS[0]), V::table(&THREE_TAILS[1]));
        let (leads_a, leads_b) = (V::table(&THREE_LEADS[0]), V::table(&THREE_LEADS[1]));
        convert::<V>(
            src,
            dst,
            #[inline(always)]
            |src, i, dst, o| {
                let p = src.as_ptr().add(i);
                let q = dst.as_mut_ptr().add(o).cast::<u8>();
                if (0xE0..0xF0).contains(&*p) {
                    // 4 three-byte chars per window, twice: windows `p, p + 24` and
                    // `p + 12, p + 36` (128-bit levels: `p` and `p + 12`), gathered into one
                    // 16-bit lane per char (chars 0..4 of the first, 4..8 of the second): `g1`
                    // holds `[c2, c1]`, `g2` the lead. Reads end at
                    // `p + 24 * windows + 4 <= p + 2 * BYTES`; the store of `8 * windows` units
                    // is one vector (`<= BYTES` units). Step after step while the run lasts and
                    // the driver's bounds hold.
                    let (mut di, mut d_o) = (0, 0);
                    loop {
                        let (p, q) = (p.add(di), q.add(2 * d_o));
                        let p1 = p.add(12);
                        let a = V::load_windows(p, p.add(24 * (windows - 1)));
                        let c = V::load_windows(p1, p1.add(24 * (windows - 1)));
                        let g1 = a.shuffle(tails_a).or(c.shuffle(tails_b));
                        let g2 = a.shuffle(leads_a).or(c.shuffle(leads_b));
                        let bad = g1
                            .and(V::splat16(0xC0C0))
                            .xor(V::splat16(0x8080))
                            .or(g2.and(V::splat16(0xF0)).xor(V::splat16(0xE0)));
                        if bad.any() {
                            break;
                        }
                        g1.and(V::splat16(0x3F))
                            .or(g1.shr16::<2>().and(V::splat16(0xFC0)))
                            .or(g2.shl16::<12>())
                            .store(q);
                        di += 24 * windows;
                        d_o += 8 * windows;
                        if i + di + 2 * V::BYTES > src.len() || o + d_o + V::BYTES > dst.len() {
                            break;
                        }
                    }
                    if di > 0 {
                        return (di, d_o);
                    }
                    // 4 three-byte chars per window at `p, p + 12`: reads end at
                    // `p + 12 * windows + 4`, writes `4 * windows + 4 <= BYTES` units.
                    let w = V::load_windows(p, p.add(12)).shuffle(gather3);
                    let bad = w.and(V::splat32(0x00F0_C0C0)).xor(V::splat32(0x00E0_8080));
                    if !bad.any() {
                        decode_three(w).shuffle(low_halves).store_windows(q, q.add(8));
                        return (12 * windows, 4 * windows);
                    }
                }
                if V::FAST_BIT_SCATTER {
                    // Token blocks (no 3-byte char) follow each other while the bounds hold.
                    let (mut di, mut d_o) = (0, 0);
                    while i + di + BLOCK + 18 <= src.len() && o + d_o + BLOCK + 8 <= dst.len() {
                        match block_step(p.add(di), q.add(2 * d_o), low_halves) {
                            Some((bytes, units, more)) => {
                                di += bytes;
                                d_o += units;
                                if !more {
                                    break;
                                }
                            }
                            None => break,
                        }
                    }
                    if di > 0 {
                        return (di, d_o);
                    }
                }
                // Windows of up to 4 whole chars. Window 1 starts where window 0 stopped
                // (`taken <= 12`), so it reads at most `p + 28` and its key bits stay below 25;
                // each window writes 16 bytes = 8 units at most `o + 8` units in: within BYTES.
                let starts = V::load(p).gt_i8(V::splat8(0xBF)).bitmask();
                let e0 = WINDOW_ENTRIES[(starts >> 1) as usize & 0xFFF];
                let taken0 = (e0 >> TAKEN_SHIFT & 15) as usize;
                let units0 = (e0 >> UNITS_SHIFT & 15) as usize;
                let e1 = if windows == 2 {
                    WINDOW_ENTRIES[(starts >> (taken0 + 1)) as usize & 0xFFF]
                } else {
                    0
                };
                let shuffles = V::load_windows(
                    WINDOW_SHUFFLES[(e0 & 0x1FF) as usize].as_ptr(),
                    WINDOW_SHUFFLES[(e1 & 0x1FF) as usize].as_ptr(),
                );
                let compact = V::load_windows(
                    COMPACT_UNITS[(e0 >> PAIRS_SHIFT & 15) as usize].as_ptr(),
                    COMPACT_UNITS[(e1 >> PAIRS_SHIFT & 15) as usize].as_ptr(),
                );
                let w = V::load_windows(p, p.add(taken0)).shuffle(shuffles);
                to_units(decode_reversed(w)).shuffle(compact).store_windows(q, q.add(2 * units0));
                let taken1 = (e1 >> TAKEN_SHIFT & 15) as usize;
                let units1 = (e1 >> UNITS_SHIFT & 15) as usize;
                (taken0 + taken1, units0 + units1)
            },
        )
    }
}

/// Transcodes valid UTF-8 to UTF-16 on levels without a byte shuffle (SSE2): vector ASCII,
/// 2-byte and 4-byte runs, the exact scalar code for the chars between them.
///
/// # Safety
/// `src` is valid UTF-8, `dst` holds at least as many units as it needs, and the CPU
/// supports `V`'s level.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn to_utf16_no_shuffle<V: Vector>(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> usize {
    // SAFETY: forwarded contract; the scalar step is bounds-checked.
    unsafe { convert::<V>(src, dst, scalar_chars::<V>) }
}
