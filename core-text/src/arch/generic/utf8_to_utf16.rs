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
//!     no 3-byte char in the next 2 * BYTES bytes (ASCII, 2- and 4-byte chars), block after
//!         block while that lasts: every byte but ASCII gives exactly one output byte, a
//!         function of itself and its neighbours (loaded at -2, -1, +1, +2); per 8 bytes a
//!         shuffle keyed by which are ASCII puts a zero after each ASCII byte. No block waits
//!         for the one before but for its output offset; the run ends on a char boundary
//!     [BMI2] a 64-byte block: 4-char windows as below, found with deposit_bits
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

use crate::arch::scalar::utf8 as scalar;
use core::mem::MaybeUninit;
use core_cpu::vector::{Shuffle, Vector};

/// What a level adds to [`Shuffle`] for this transcoder: hooks of this algorithm alone.
pub(crate) trait Transcode: Shuffle {
    /// [`byte_run`] at this level, compiled as a function of its own: inlined into the
    /// transcoder, its loop shared the registers with every other path there and reloaded
    /// constants and spilled values on every step.
    ///
    /// # Safety
    /// As [`byte_run`].
    unsafe fn byte_run(
        src: &[u8],
        i: usize,
        dst: &mut [MaybeUninit<u16>],
        o: usize,
    ) -> (usize, usize);

    /// Per 16-bit lane `[lo, hi]` (bytes in memory order): `(hi & 0x3F) << 6 | lo & 0x3F`,
    /// two continuation bytes' payloads in order.
    ///
    /// # Safety
    /// The CPU runs the level.
    #[inline(always)]
    unsafe fn join_payloads(self) -> Self {
        // SAFETY: CPU per the contract.
        unsafe { self.and(Self::splat16(0x3F)).or(self.shr16::<2>().and(Self::splat16(0xFC0))) }
    }

    /// Whether [`Transcode::extract_bits`] and [`Transcode::deposit_bits`] are single
    /// instructions (BMI2); the block algorithm is picked only then.
    const FAST_BIT_SCATTER: bool = false;
    /// The bits of `a` selected by `m`, packed to the bottom (BMI2 `pext`).
    ///
    /// # Safety
    /// The CPU runs the level.
    #[inline(always)]
    unsafe fn extract_bits(a: u64, m: u64) -> u64 {
        let (mut m, mut out, mut bit) = (m, 0, 0);
        while m != 0 {
            out |= (a >> m.trailing_zeros() & 1) << bit;
            bit += 1;
            m &= m - 1;
        }
        out
    }
    /// The low bits of `a` spread to the positions of the bits of `m` (BMI2 `pdep`).
    ///
    /// # Safety
    /// The CPU runs the level.
    #[inline(always)]
    unsafe fn deposit_bits(a: u64, m: u64) -> u64 {
        let (mut m, mut out, mut bit) = (m, 0, 0);
        while m != 0 {
            out |= (a >> bit & 1) << m.trailing_zeros();
            bit += 1;
            m &= m - 1;
        }
        out
    }
}

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

/// Per half `h` of a 16-byte window and key (bit `j` set: byte `8h + j` is ASCII): the
/// shuffle that spreads the window's 8 bytes `8h..8h + 8` to one output byte each, plus a zero
/// byte after each ASCII one (the high byte of its unit).
static SPREAD: [[[u8; 16]; 256]; 2] = spread();

const fn spread() -> [[[u8; 16]; 256]; 2] {
    let mut t = [[[0x80u8; 16]; 256]; 2];
    let mut h = 0;
    while h < 2 {
        let mut key = 0;
        while key < 256 {
            let mut out = 0;
            let mut j = 0;
            while j < 8 {
                t[h][key][out] = (8 * h + j) as u8;
                out += 1 + (key >> j & 1);
                j += 1;
            }
            key += 1;
        }
        h += 1;
    }
    t
}

/// The formulas [`byte_units`] and [`byte_units_no_two`] pick from, per byte (each meaningful
/// only for its class): `low` (a 2-byte lead, or the third byte of a 4-byte char), `lead4`
/// (a 4-byte lead), `second` (the second byte of a 4-byte char) and `high2`, `(p1 >> 2) & 7`
/// (a 2-byte char's continuation, and the fourth byte's bits).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn byte_formulas<V: Vector>(c: V, p1: V, n1: V, n2: V) -> (V, V, V, V) {
    // SAFETY: CPU per contract.
    unsafe {
        let low6 = n1.and(V::splat8(0x3F));
        // Byte-wise shifts through 16-bit ones: the masks drop what crossed a byte boundary.
        let low = c.and(V::splat8(3)).shl16::<6>().or(low6);
        let lead4 = low6.shl16::<2>().or(n2.shr16::<4>().and(V::splat8(3))).sub8(V::splat8(0x40));
        let borrow = V::splat8(0x10).gt_i8(c.and(V::splat8(0x30)));
        // `p1` is a 4-byte lead 0xF0..=0xF4 here: `0xD8 + (p1 & 7)` is `p1 - 0x18`.
        let second = p1.sub8(V::splat8(0x18)).add8(borrow);
        let high2 = p1.shr16::<2>().and(V::splat8(7));
        (low, lead4, second, high2)
    }
}

/// The UTF-16 byte each input byte maps to, in input without 3-byte chars: there every byte
/// but ASCII yields exactly one byte of output, so the units come out in input order once a
/// zero is put after each ASCII byte (see [`byte_run`]). `c` holds the bytes, `p1` and `p2`
/// the bytes one and two before each, `n1` and `n2` one and two after (only lanes whose
/// neighbours belong to the same char are used):
///
/// ```text
/// ASCII                              the byte (the unit's low byte)
/// 2-byte lead, third of a 4-byte     (c & 3) << 6 | n1 & 0x3F   (a unit's low byte)
/// continuation of a 2-byte lead      (p1 >> 2) & 7              (its high byte)
/// 4-byte lead                        ((n1 & 0x3F) << 2 | (n2 >> 4) & 3) - 0x40
///                                    (the high surrogate's low byte: (cp >> 10) - 0x40)
/// second of a 4-byte                 0xD8 + (p1 & 7) - borrow   (its high byte; the low
///                                    byte borrowed when (c & 0x30) == 0)
/// fourth of a 4-byte                 0xDC | (p1 >> 2) & 3       (the low surrogate's high
///                                    byte)
/// ```
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn byte_units<V: Shuffle>(c: V, p1: V, p2: V, n1: V, n2: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        let (low, lead4, second, high2) = byte_formulas(c, p1, n1, n2);
        // `p1` is a continuation `10ab_cdxx` here: high2 = `b_cd`, and 0xDC has bit 2 set.
        let fourth = high2.or(V::splat8(0xDC));
        // Each choice is between two byte classes that one bit tells apart, moved to the top
        // of the byte for `blend_high`: bit 6 (`x + x`) splits continuations from leads, bit
        // 5 (`x << 2`) 2-byte leads from 4-byte ones. A 4-byte lead two back means a third
        // byte; otherwise a continuation after a continuation is a fourth.
        let after_lead = V::blend_high(p1.shl16::<2>(), second, high2);
        let after_cont = V::blend_high(p2.add8(p2), low, fourth);
        let cont = V::blend_high(p1.add8(p1), after_lead, after_cont);
        let lead = V::blend_high(c.shl16::<2>(), lead4, low);
        let non_ascii = V::blend_high(c.add8(c), lead, cont);
        V::blend_high(c, non_ascii, c)
    }
}

/// [`byte_units`] for input without 2-byte chars either (ASCII and 4-byte chars, as in
/// emoji-heavy text): a lead is a 4-byte lead, a continuation after a lead is a second byte,
/// so two of the five choices and their formulas drop out.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn byte_units_no_two<V: Shuffle>(c: V, p1: V, p2: V, n1: V, n2: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        // `third` is a 2-byte lead's `low` formula; `fourth` as in `byte_units`.
        let (third, lead4, second, high2) = byte_formulas(c, p1, n1, n2);
        let fourth = high2.or(V::splat8(0xDC));
        let after_cont = V::blend_high(p2.add8(p2), third, fourth);
        let cont = V::blend_high(p1.add8(p1), second, after_cont);
        let non_ascii = V::blend_high(c.add8(c), lead4, cont);
        V::blend_high(c, non_ascii, c)
    }
}

/// Non-zero in the bytes of `v` that lead a 2- or 3-byte char (0xC0..=0xEF).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn two_three_byte_leads<V: Vector>(v: V) -> V {
    // SAFETY: CPU per contract.
    unsafe { V::splat8(0x30).subs_u8(v.xor(V::splat8(0xC0))) }
}

/// Non-zero in the bytes of `v` that lead a 3-byte char (0xE0..=0xEF).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn three_byte_leads<V: Vector>(v: V) -> V {
    // SAFETY: CPU per contract.
    unsafe { V::splat8(0x10).subs_u8(v.xor(V::splat8(0xE0))) }
}

/// Stores the bytes of `v` zero-extended to `BYTES` units at `q` (`2 * BYTES` bytes): the
/// UTF-16 of those that are ASCII.
///
/// # Safety
/// `q..q + 2 * BYTES` is writable and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn store_widened<V: Vector>(v: V, q: *mut u8) {
    // SAFETY: writes inside `q..q + 2 * BYTES` per contract; CPU per contract.
    unsafe {
        let (lo, hi) = v.widen8();
        lo.store(q);
        hi.store(q.add(V::BYTES));
    }
}

/// Widens ASCII from byte `i` (unit `o`) on, two vectors a step, while both are ASCII and
/// the bounds allow; returns where it stopped, `(i, o)` advanced alike.
///
/// # Safety
/// `o <= dst.len()`, and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn ascii_pairs<V: Vector>(
    src: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u16>],
    mut o: usize,
) -> (usize, usize) {
    let b = V::BYTES;
    // SAFETY: reads `i..i + 2 * BYTES <= src.len()` and writes units `o..o + 2 * BYTES <=
    // dst.len()`, by the loop condition; CPU per contract.
    unsafe {
        while i + 2 * b <= src.len() && o + 2 * b <= dst.len() {
            let p = src.as_ptr().add(i);
            let (v0, v1) = (V::load(p), V::load(p.add(b)));
            if v0.or(v1).any_high_bit() {
                break;
            }
            let q = dst.as_mut_ptr().add(o).cast::<u8>();
            store_widened(v0, q);
            store_widened(v1, q.add(2 * b));
            i += 2 * b;
            o += 2 * b;
        }
    }
    (i, o)
}

/// [`byte_units`] of the vector `c` loaded from `p`, its neighbours loaded around it.
///
/// # Safety
/// `p - 2 .. p + BYTES + 2` is readable and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn byte_units_at<V: Shuffle, const NO_TWO: bool>(p: *const u8, c: V) -> V {
    // SAFETY: reads inside `p - 2 .. p + BYTES + 2` per contract; CPU per contract.
    unsafe {
        let (p1, p2) = (V::load(p.sub(1)), V::load(p.sub(2)));
        let (n1, n2) = (V::load(p.add(1)), V::load(p.add(2)));
        if NO_TWO {
            byte_units_no_two(c, p1, p2, n1, n2)
        } else {
            byte_units(c, p1, p2, n1, n2)
        }
    }
}

/// Writes the bytes of `units` (from [`byte_units`]) with a zero after each ASCII one (bit
/// `j` of `ascii` set: byte `j` is ASCII; bits from `BYTES` on are ignored) to `q`; returns
/// the bytes that make up the output, `BYTES` plus one per ASCII byte.
///
/// # Safety
/// `q..q + 2 * BYTES` is writable and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn spread_units<V: Shuffle>(units: V, ascii: u64, q: *mut u8) -> usize {
    let b = V::BYTES;
    let ascii = ascii & (u64::MAX >> (64 - b));
    // SAFETY: window `w` (8 input bytes) stores 16 bytes at most `16 * w` bytes in, the last
    // ending by `2 * BYTES`; CPU per contract.
    unsafe {
        if ascii == 0 {
            units.store(q);
            return b;
        }
        let mut at = 0;
        for w in 0..b / 8 {
            // Sixteen times the window's key: the offset of its table entry.
            let key16 = (ascii << 4 >> (8 * w) & 0xFF0) as usize;
            let idx = SPREAD[w % 2].as_ptr().cast::<u8>().add(key16);
            units.shuffle_window_to(w / 2, idx, q.add(at));
            at += 8 + key16.count_ones() as usize;
        }
        at
    }
}

/// The steps of [`byte_run`] from byte `s` (output byte `out`): two vectors each, mapped by
/// [`byte_units_no_two`] with `NO_TWO`, by [`byte_units`] otherwise, for as long as the bounds
/// allow and no step holds a lead the map cannot take (with `NO_TWO` a 2- or 3-byte lead, or
/// else a 3-byte one). Returns whether such a lead stopped it (its step is left undone).
///
/// # Safety
/// `src` is valid UTF-8, `s >= 2`, no 3-byte char (and with `NO_TWO` no char but a 4-byte
/// one) began before `s` and continues at or after it, `last = src.len() - 2 * BYTES - 2`,
/// `o + out / 2 <= dst.len()`, and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn byte_steps<V: Shuffle, const NO_TWO: bool>(
    src: &[u8],
    s: &mut usize,
    last: usize,
    dst: &mut [MaybeUninit<u16>],
    o: usize,
    out: &mut usize,
) -> bool {
    let b = V::BYTES;
    // Two vectors per step: reads end at `s + 2 * BYTES + 2`, writes at `out + 4 * BYTES`
    // bytes (see `spread_units` for each vector's stores).
    let room = 2 * (dst.len() - o);
    let (mut si, mut oi) = (*s, *out);
    let mut stopped = false;
    // SAFETY: a step reads `si - 2 .. si + 2 * BYTES + 2`, inside `src` by the contract and
    // `si <= last`, and writes `oi .. oi + 4 * BYTES` bytes, inside `dst` by the loop
    // condition. CPU per contract.
    unsafe {
        let q = dst.as_mut_ptr().add(o).cast::<u8>();
        while si <= last && oi + 4 * b <= room {
            let p = src.as_ptr().add(si);
            let (c0, c1) = (V::load(p), V::load(p.add(b)));
            let stop = if NO_TWO {
                two_three_byte_leads(c0).or(two_three_byte_leads(c1))
            } else {
                three_byte_leads(c0).or(three_byte_leads(c1))
            };
            if stop.any() {
                stopped = true;
                break;
            }
            let high = c0.bitmask() | c1.bitmask() << b;
            let q = q.add(oi);
            si += 2 * b;
            if high == 0 {
                store_widened(c0, q);
                store_widened(c1, q.add(2 * b));
                oi += 4 * b;
                continue;
            }
            let ascii = !high & (u64::MAX >> (64 - 2 * b));
            let at = spread_units(byte_units_at::<V, NO_TWO>(p, c0), ascii, q);
            oi +=
                at + spread_units(byte_units_at::<V, NO_TWO>(p.add(b), c1), ascii >> b, q.add(at));
        }
    }
    (*s, *out) = (si, oi);
    stopped
}

/// Blocks of `BYTES` input bytes with no 3-byte char, from the char boundary `i`, for as long
/// as they last and the bounds allow: each block is mapped byte by byte ([`byte_units`], or
/// [`byte_units_no_two`] up to the first block with a 2-byte lead; see [`byte_steps`]) and
/// spread by 8-byte windows keyed by which bytes are ASCII, so a block needs nothing from the
/// one before it but the output offset. Blocks may end inside a char (the output then ends
/// inside a unit); the run is cut back to the last char boundary. Returns `(bytes, units)`,
/// `(0, 0)` if the block at `i` has a 3-byte char.
///
/// # Safety
/// `src` is valid UTF-8, `i >= 2` a char boundary, `o <= dst.len()`, and the CPU supports
/// `V`'s level.
#[inline(always)]
pub(crate) unsafe fn byte_run<V: Shuffle>(
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u16>],
    o: usize,
) -> (usize, usize) {
    let Some(last) = src.len().checked_sub(2 * V::BYTES + 2) else {
        return (0, 0);
    };
    // Text of ASCII and 4-byte chars takes the shorter map until a step holds a 2- or 3-byte
    // lead; the rest of the run takes the full one, until a 3-byte lead. At `i` no char
    // began before (a char boundary), and while no step had a 2-byte lead, none began at
    // the byte before a step.
    let (mut s, mut out) = (i, 0);
    // SAFETY: forwarded contract, and `s`, `out` as the steps leave them.
    unsafe {
        if byte_steps::<V, true>(src, &mut s, last, dst, o, &mut out) {
            byte_steps::<V, false>(src, &mut s, last, dst, o, &mut out);
        }
    }
    if s == i {
        return (0, 0);
    }
    // Back to the start of the char holding byte `s` (its bytes before `s`, not ASCII, gave
    // one output byte each); at a char boundary the output is whole units.
    let mut j = s;
    while (src[j] as i8) < -0x40 {
        j -= 1;
    }
    out -= s - j;
    debug_assert!(out % 2 == 0);
    (j - i, out / 2)
}

/// Bytes a block step classifies; it reads up to `BLOCK + 18` bytes and writes up to
/// `BLOCK + 8` units.
const BLOCK: usize = 64;

/// Transcodes the 4-char windows of a 64-byte block without a serial dependency (levels with
/// BMI2): per byte, "starts a char" and the two bits of `len - 1` of each lead become 64-bit
/// masks; `extract_bits` packs the length bits of every char of the block to the bottom (4
/// chars = one 8-bit key per window) and `deposit_bits(0x1111.., starts)` marks every fourth
/// char start (the window addresses). Windows whose 4 chars start in the block are done (the
/// last char started is left for the next step, so the block ends on a known boundary).
/// Returns `(bytes, units)`, or `None` if the block holds fewer than 5 chars.
///
/// # Safety
/// `p..p + BLOCK + 18` is readable valid UTF-8 from a char boundary on (ending on one too),
/// `q..q + 2 * (BLOCK + 8)` is writable, and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn block_step<V: Transcode>(
    p: *const u8,
    q: *mut u8,
    low_halves: V,
) -> Option<(usize, usize)> {
    // SAFETY: reads are inside `p..p + BLOCK + 16` (windows start below `p + BLOCK`), writes
    // inside `q..q + 2 * (BLOCK + 8)` (units written <= bytes taken < BLOCK, plus one 8-unit
    // store); CPU per contract.
    unsafe {
        let (mut starts, mut len_bit0, mut len_bit1) = (0u64, 0u64, 0u64);
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
            k += V::BYTES;
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
        Some((windows.trailing_zeros() as usize, o))
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
    let end = (i + V::BYTES).min(src.len());
    let (mut j, mut p) = (i, o);
    while j < end {
        let (dj, dp) = scalar::decode_step(src, j, dst, p);
        j += dj;
        p += dp;
    }
    (j - i, p - o)
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
                store_widened(v, q);
                // More ASCII is likely: two vectors a step while it lasts.
                (i, o) = ascii_pairs::<V>(src, i + b, dst, o + b);
                continue;
            }
            let lead = *p;
            if lead < 0x80 {
                // The lane index is only computed on a hit. A short ASCII prefix (a space
                // between words of another script) is left to the mixed step, which takes
                // whole chars of every width.
                let k = v.first_high_bit();
                if k >= b / 2 {
                    store_widened(v, q);
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
pub(crate) unsafe fn to_utf16<V: Transcode>(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
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
                        // Valid UTF-8 from a char boundary: when every third byte leads a
                        // 3-byte char, the two after each lead are its continuations.
                        if g2.and(V::splat16(0xF0)).xor(V::splat16(0xE0)).any() {
                            break;
                        }
                        g1.join_payloads().or(g2.shl16::<12>()).store(q);
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
                // No 3-byte char in the next 2 * BYTES bytes (checked here, before the call,
                // as the run's first step will: in mixed text most runs end there): whole
                // blocks mapped byte by byte.
                let (c0, c1) = (V::load(p), V::load(p.add(V::BYTES)));
                if i >= 2 && !three_byte_leads(c0).or(three_byte_leads(c1)).any() {
                    let (di, d_o) = V::byte_run(src, i, dst, o);
                    if di > 0 {
                        return (di, d_o);
                    }
                }
                if V::FAST_BIT_SCATTER && i + BLOCK + 18 <= src.len() && o + BLOCK + 8 <= dst.len()
                {
                    if let Some((di, d_o)) = block_step(p, q, low_halves) {
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
    // With room for a unit per byte, the one-pass validating walk: at this level it is faster
    // than the run paths below even with its checks (it stays in its scalar loop for as long
    // as non-ASCII text lasts, where `convert` goes back to a vector test every 16 bytes).
    if dst.len() >= src.len() {
        // SAFETY: `dst` holds `src.len()` units; CPU per contract.
        if let Ok(units) = unsafe { to_utf16_checked_no_shuffle::<V>(src, dst) } {
            return units;
        }
        // Unreachable for valid input: the run paths below write it all again.
    }
    // SAFETY: forwarded contract; the scalar step is bounds-checked.
    unsafe { convert::<V>(src, dst, scalar_chars::<V>) }
}

/// Validates UTF-8 and transcodes it to UTF-16 in one pass, for levels without a byte
/// shuffle (SSE2), where the validating and transcoding kernels both walk non-ASCII text
/// char by char in scalar code: doing that walk once instead of twice is what pays. Vectors
/// take the ASCII runs (two a step while they last); at the first high byte the vector's
/// ASCII prefix is kept and the chars after it are validated and decoded one at a time until
/// eight ASCII bytes come in a row. Returns `Ok(units written)`, or `Err(resume)` as
/// `Kernels::utf8_check` (then what `dst` holds is unspecified).
///
/// # Safety
/// `dst` holds at least `src.len()` units and the CPU supports `V`'s level.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn to_utf16_checked_no_shuffle<V: Vector>(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, usize> {
    let b = V::BYTES;
    let n = src.len();
    debug_assert!(dst.len() >= n);
    let (mut i, mut o) = (0, 0);
    loop {
        // SAFETY: reads stay below `i + BYTES <= n` (two vectors: `i + 2 * BYTES <= n`). The
        // prefix `src[..i]` is valid, so `o <= i` (no char takes more units than bytes), and
        // the stores end at `o + BYTES <= i + BYTES <= n <= dst.len()` units (twice that with
        // two vectors); CPU per contract.
        unsafe {
            (i, o) = ascii_pairs::<V>(src, i, dst, o);
            while i + b <= n {
                let v = V::load(src.as_ptr().add(i));
                store_widened(v, dst.as_mut_ptr().add(o).cast::<u8>());
                if v.any_high_bit() {
                    let k = v.first_high_bit();
                    i += k;
                    o += k;
                    break;
                }
                i += b;
                o += b;
            }
        }
        // SAFETY: `dst.len() >= n` (contract) and `o <= i` (above).
        unsafe {
            if i + b > n {
                return scalar::decode_checked::<false>(src, i, dst, o).map(|(_, o)| o);
            }
            (i, o) = scalar::decode_checked::<true>(src, i, dst, o)?;
        }
    }
}

/// `utf8_to_utf16_checked` where the level's validating and transcoding kernels are each
/// vectorized (byte shuffles): one pass of each beats a fused walk. Both are inlined into the
/// level's entry (calling the two entries from a third costs a few ns a call on short text).
///
/// # Safety
/// `dst` holds at least `src.len()` units and the CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn checked_in_two_passes<V: Transcode + core_cpu::vector::Lookup>(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, usize> {
    // SAFETY: the level per the contract; checking accepts any input, and valid input of
    // `src.len()` bytes needs at most that many units, which `dst` holds.
    unsafe {
        super::utf8_validate::check::<V>(src)?;
        Ok(to_utf16::<V>(src, dst))
    }
}
