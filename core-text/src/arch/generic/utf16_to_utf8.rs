//! Transcoding well-formed UTF-16 to UTF-8 over vectors.
//!
//! ```text
//! while a full step (BYTES units) of input and 4 * BYTES bytes of output room remain:
//!     no unit >= 0x80:   pack the units to bytes                                  (ASCII)
//!     [shuffle levels] only 3-byte units (CJK): lead and tail below, a fixed shuffle packs
//!         each 4 units to 12 bytes (no key, no table)
//!     [shuffle levels] otherwise, per unit u (16-bit lanes):
//!         lead  = u (ASCII) or 0xE0 | u >> 12 (3-byte lead)
//!         tail  = [0x80 | (u >> 6) & 0x3F, 0x80 | u & 0x3F]      (last two bytes of 3)
//!                 | 0x40 in the first byte when u < 0x800        (2-byte: 0xC0 | u >> 6)
//!                 high surrogate: the first two bytes of its 4-byte sequence
//!                 low surrogate:  the last two (two bits come from the unit before it)
//!         no 3-byte unit (emoji, Latin-1 and spaces), for this step and the ones after it
//!             while that lasts: 16-bit lanes `u` (ASCII) or the unit's two bytes, one
//!             formula for 2-byte units and both surrogates (see `pair_tail`), a shorter one
//!             when no unit is a surrogate (`narrow_run`); per 8 units a shuffle keyed by
//!             which are ASCII packs 1 or 2 bytes of each
//!         else 32-bit lanes [lead, -, tail0, tail1]; per 4 units, a shuffle keyed by which
//!         units are ASCII (keep lead) and which are 3-byte (keep lead and tail) packs the
//!         bytes; the key's length table advances the output
//!     [SSE2, no byte shuffle] otherwise the exact scalar code for the step
//! the tail in scalar code
//! ```
//!
//! Splitting each 4-byte sequence across its two surrogates makes every unit produce 1, 2 or
//! 3 bytes independently, so one 256-entry table (generated below) covers all input. A pair
//! may straddle two steps: a low surrogate first in a step takes its two bits from the unit
//! loaded before the step, so the next step's loads never wait on this step's last unit.
//! Only the scalar tail is put back on a pair boundary (the high surrogate's two bytes,
//! the last written, are written again there).

use crate::arch::scalar::utf16 as scalar;
use core::mem::MaybeUninit;
use core_cpu::vector::{Shuffle, Vector};

/// Per key (`ascii nibble | three_byte nibble << 4`, 4 units): the packing shuffle of the
/// 32-bit lanes `[lead, -, tail0, tail1]`.
static PACK_SHUFFLES: [[u8; 16]; 256] = pack_shuffles();
/// Per key: the bytes the 4 units produce.
static PACK_LENGTHS: [u8; 256] = pack_lengths();

/// Per key (bit `k` set: unit `k` of 8 is ASCII), the shuffle packing 16-bit lanes of 1 or 2
/// bytes each: an ASCII lane keeps its low byte, any other lane both.
static PACK_NARROW: [[u8; 16]; 256] = pack_narrow();
/// Packs the 32-bit lanes `[lead, -, tail0, tail1]` of 4 three-byte units to 12 bytes.
const PACK_THREE: [u8; 16] = [0, 2, 3, 4, 6, 7, 8, 10, 11, 12, 14, 15, 0x80, 0x80, 0x80, 0x80];

const fn pack_narrow() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut out = 0;
        let mut k = 0;
        while k < 8 {
            t[key][out] = (2 * k) as u8;
            out += 1;
            if key >> k & 1 == 0 {
                t[key][out] = (2 * k + 1) as u8;
                out += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
}

/// The bytes unit `k` of a key keeps, as `(count, [offsets in its 32-bit lane])`.
const fn kept(key: usize, k: usize) -> (usize, [usize; 3]) {
    if key >> k & 1 == 1 {
        (1, [0, 0, 0])
    } else if key >> (k + 4) & 1 == 1 {
        (3, [0, 2, 3])
    } else {
        (2, [2, 3, 0])
    }
}

const fn pack_shuffles() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut out = 0;
        let mut k = 0;
        while k < 4 {
            let (count, offsets) = kept(key, k);
            let mut b = 0;
            while b < count {
                t[key][out] = (4 * k + offsets[b]) as u8;
                out += 1;
                b += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
}

const fn pack_lengths() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut key = 0;
    while key < 256 {
        let mut k = 0;
        while k < 4 {
            t[key] += kept(key, k).0 as u8;
            k += 1;
        }
        key += 1;
    }
    t
}

/// Per high surrogate lane: the first two bytes of its 4-byte sequence. With
/// `v = (high & 0x3FF) + 0x40` (the code point >> 10): `0xF0 | v >> 8, 0x80 | (v >> 2) & 0x3F`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn high_tail<V: Vector>(u: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        let v = u.and(V::splat16(0x3FF)).add16(V::splat16(0x40));
        V::splat16(0x80F0).or(v.shr16::<8>()).or(v.shr16::<2>().and(V::splat16(0x3F)).shl16::<8>())
    }
}

/// Per unit (16-bit lanes): the last two bytes of a 3-byte unit, both bytes of a 2-byte one
/// (`is_short`), or a surrogate's half of its 4-byte sequence (the low one takes two bits of
/// the unit before it, which `prev` holds for each lane).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn general_tail<V: Shuffle>(u: V, is_short: V, is_surrogate: V, prev: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        let mut tail = V::splat16(0x8080)
            .or(u.shr16::<6>().and(V::splat16(0x3F)))
            .or(u.and(V::splat16(0x3F)).shl16::<8>())
            .or(is_short.and(V::splat16(0x40)));
        if is_surrogate.any() {
            let top6 = u.and(V::splat16(0xFC00));
            let is_high = top6.eq16(V::splat16(0xD800));
            let is_low = top6.eq16(V::splat16(0xDC00));
            // Low: 0x80 | (high & 3) << 4 | (low >> 6) & 0xF, then 0x80 | low & 0x3F.
            let low_tail = tail.and(V::splat16(0xFFCF)).or(prev.and(V::splat16(3)).shl16::<4>());
            tail = V::blend(is_low, low_tail, tail);
            tail = V::blend(is_high, high_tail(u), tail);
        }
        tail
    }
}

/// Per unit of a step with no 3-byte unit (16-bit lanes): both bytes of a 2-byte unit, or a
/// surrogate's half of its 4-byte sequence; `prev` holds the unit before each lane. Every
/// case is `P | x >> 6 | (x & 0x3F) << 8`:
///
/// ```text
/// 2-byte u          x = u                                   P = 0x80C0
/// high surrogate    x = ((u & 0x3FF) + 0x40) >> 2           P = 0x80F0   (cp >> 12, cp >> 6)
/// low surrogate     x = (u & 0x3FF) | (prev & 3) << 10      P = 0x8080   (cp >> 6, cp)
/// ```
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn pair_tail<V: Shuffle>(u: V, prev: V) -> V {
    // SAFETY: CPU per contract.
    unsafe {
        let top6 = u.and(V::splat16(0xFC00));
        let is_high = top6.eq16(V::splat16(0xD800));
        let is_low = top6.eq16(V::splat16(0xDC00));
        let ten = u.and(V::splat16(0x3FF));
        let high = ten.add16(V::splat16(0x40)).shr16::<2>();
        let low = ten.or(prev.shl16::<10>().and(V::splat16(0xC00)));
        let x = V::blend(is_high, high, V::blend(is_low, low, u));
        let p = V::splat16(0x80C0);
        let p = V::blend(is_high, V::splat16(0x80F0), V::blend(is_low, V::splat16(0x8080), p));
        p.or(x.shr16::<6>()).or(x.shl16::<8>().and(V::splat16(0x3F00)))
    }
}

/// Per 16-bit lane, all ones where the unit is: below 0x800 (1 or 2 bytes), a surrogate, and
/// neither (3 bytes).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn classify<V: Vector>(u: V) -> (V, V, V) {
    // SAFETY: CPU per contract.
    unsafe {
        let top5 = u.and(V::splat16(0xF800));
        let is_short = top5.eq16(V::zero());
        let is_surrogate = top5.eq16(V::splat16(0xD800));
        (is_short, is_surrogate, is_short.or(is_surrogate).xor(V::splat16(0xFFFF)))
    }
}

/// Per 16-bit lane of each vector: all ones where the unit is ASCII.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn ascii_lanes<V: Vector>(units: [V; 2]) -> [V; 2] {
    // SAFETY: CPU per contract.
    unsafe {
        [
            units[0].and(V::splat16(0xFF80)).eq16(V::zero()),
            units[1].and(V::splat16(0xFF80)).eq16(V::zero()),
        ]
    }
}

/// Per 16-bit lane, the two UTF-8 bytes of a unit below 0x800: `[0xC0 | u >> 6, 0x80 | u &
/// 0x3F]` (meaningless for ASCII lanes).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn two_byte<V: Vector>(u: V) -> V {
    // SAFETY: CPU per contract.
    unsafe { V::splat16(0x80C0).or(u.shr16::<6>()).or(u.shl16::<8>().and(V::splat16(0x3F00))) }
}

/// Stores the 16-bit lanes of `bytes` at output byte `*out` of `dst`: the low byte of each
/// lane whose bit is set in `ascii` (bit `k` for lane `k`), both bytes of every other lane,
/// by a shuffle per 8 lanes; advances `*out` by the bytes written.
///
/// # Safety
/// `dst + *out .. dst + *out + BYTES` is writable (16-byte windows), and the CPU supports
/// `V`'s level.
#[inline(always)]
pub(crate) unsafe fn store_narrow<V: Shuffle>(bytes: V, ascii: u64, dst: *mut u8, out: &mut usize) {
    // SAFETY: window `w` writes 16 bytes at most `16 * w` bytes past `*out` as it was; CPU
    // per contract.
    unsafe {
        for w in 0..V::BYTES / 16 {
            let k = (ascii >> (8 * w) & 0xFF) as usize;
            bytes.shuffle_window_to(w, PACK_NARROW[k].as_ptr(), dst.add(*out));
            *out += 16 - k.count_ones() as usize;
        }
    }
}

/// Steps of `BYTES` units without 3-byte units from unit `i` (output byte `o`), for as long
/// as they last and the bounds allow; each unit gives 1 or 2 bytes, packed per 8 units by a
/// shuffle keyed by which are ASCII ([`store_narrow`]). With `PAIRS` (emoji with spaces)
/// the units may be surrogates ([`pair_tail`]), and a pair may straddle two steps (a low
/// surrogate first takes its bits from the unit loaded before the step); without, every
/// unit is below 0x800 (Latin-1, Greek, Cyrillic: [`two_byte`]). Returns `(units read,
/// bytes written)`; `first` holds the step at `i` (its units and ASCII masks), which must
/// qualify.
///
/// # Safety
/// `src` is well-formed UTF-16, `i + BYTES <= src.len()`, `o + 2 * BYTES <= dst.len()`, the
/// step at `i` qualifies, and the CPU supports `V`'s level.
#[inline(always)]
unsafe fn narrow_run<V: Shuffle, const PAIRS: bool>(
    src: &[u16],
    i: usize,
    dst: &mut [MaybeUninit<u8>],
    o: usize,
    first: ([V; 2], [V; 2]),
) -> (usize, usize) {
    let b = V::BYTES;
    let (mut s, mut out) = (i, o);
    let (mut units, mut ascii) = first;
    // SAFETY: a step reads units `s - 1 .. s + BYTES` (from `s` when `s == 0`, and the one
    // before only with `PAIRS`) and writes 16-byte windows ending by `out + 2 * BYTES`, both
    // inside by the loop condition (and the contract for the first step); CPU per contract.
    unsafe {
        loop {
            let p = src.as_ptr().add(s);
            let ascii_bits = ascii[0].pack16(ascii[1]).bitmask();
            // The unit before each lane; at `s == 0` (a pair boundary) a zero will do.
            let prevs = if PAIRS {
                let before =
                    if s > 0 { V::load(p.sub(1).cast()) } else { units[0].prev2(V::zero()) };
                [before, V::load(p.add(b / 2 - 1).cast())]
            } else {
                [V::zero(); 2]
            };
            for h in 0..2 {
                let u = units[h];
                let bytes = if PAIRS { pair_tail(u, prevs[h]) } else { two_byte(u) };
                let bytes = V::blend(ascii[h], u, bytes);
                store_narrow(bytes, ascii_bits >> (b / 2 * h), dst.as_mut_ptr().cast(), &mut out);
            }
            s += b;
            if s + b > src.len() || out + 2 * b > dst.len() {
                break;
            }
            let p = src.as_ptr().add(s);
            units = [V::load(p.cast()), V::load(p.add(b / 2).cast())];
            let stop = if PAIRS {
                classify(units[0]).2.or(classify(units[1]).2)
            } else {
                units[0].or(units[1]).and(V::splat16(0xF800))
            };
            if stop.any() {
                break;
            }
            ascii = ascii_lanes(units);
        }
    }
    (s - i, out - o)
}

/// The shared driver: ASCII steps in place, anything else through `mixed`, which takes
/// `(src, i, dst, o)` with `i + BYTES <= src.len()` and `o + 4 * BYTES <= dst.len()`, and
/// returns `(units read, bytes written)`, at least one unit read. A step may end between the
/// two units of a pair (the high one's two bytes written); the driver puts the end back on
/// a pair boundary for the scalar tail.
///
/// # Safety
/// `src` is well-formed UTF-16 and `dst` holds at least as many bytes as it needs; the CPU
/// supports `V`'s level; `mixed` upholds the contract above.
#[inline(always)]
unsafe fn convert<V: Vector>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
    mut mixed: impl FnMut(&[u16], usize, &mut [MaybeUninit<u8>], usize) -> (usize, usize),
) -> usize {
    let b = V::BYTES;
    let n = src.len();
    let (mut i, mut o) = (0, 0);
    // SAFETY: reads stay below `i + BYTES <= n` units, writes below `o + BYTES` bytes, inside
    // `dst` by the loop condition; CPU per contract.
    unsafe {
        while i + b <= n && o + 4 * b <= dst.len() {
            let p = src.as_ptr().add(i).cast::<u8>();
            let (x, y) = (V::load(p), V::load(p.add(b)));
            if !x.or(y).and(V::splat16(0xFF80)).any() {
                x.pack16(y).store(dst.as_mut_ptr().add(o).cast());
                i += b;
                o += b;
                continue;
            }
            let (di, d_o) = mixed(src, i, dst, o);
            i += di;
            o += d_o;
        }
    }
    if i > 0 && scalar::is_high(src[i - 1]) {
        i -= 1;
        o -= 2;
    }
    o + scalar::to_utf8(&src[i..], &mut dst[o..])
}

/// Transcodes well-formed UTF-16 to UTF-8 on levels with a byte shuffle; returns the bytes
/// written.
///
/// # Safety
/// `src` is well-formed UTF-16, `dst` holds at least as many bytes as it needs, and the CPU
/// supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_utf8<V: Shuffle>(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
    let b = V::BYTES;
    let windows = b / 16;
    // SAFETY: forwarded contract. The step reads units `i .. i + BYTES` (and the unit before
    // `i` when `i > 0`) and writes packed groups of at most 16 bytes with 16-byte stores, the
    // last one starting below `o + 3 * BYTES`: inside `o + 4 * BYTES`.
    unsafe {
        let pack_three = V::table(&PACK_THREE);
        convert::<V>(
            src,
            dst,
            #[inline(always)]
            |src, i, dst, start| {
                let p = src.as_ptr().add(i);
                let units = [V::load(p.cast()), V::load(p.add(b / 2).cast())];
                let (c0, c1) = (classify(units[0]), classify(units[1]));
                let is_short = [c0.0, c1.0];
                let is_surrogate = [c0.1, c1.1];
                let three = [c0.2, c1.2];
                let ascii = ascii_lanes(units);
                // Only 3-byte units (CJK): a fixed pack of 4 units to 12 bytes per window; the
                // 16-byte stores end at most 4 bytes past the `3 * BYTES` written.
                if !three[0].and(three[1]).xor(V::splat16(0xFFFF)).any() {
                    let q = dst.as_mut_ptr().add(start).cast::<u8>();
                    for (h, u) in units.iter().enumerate() {
                        let lead = u.shr16::<12>().or(V::splat16(0xE0));
                        let tail = V::splat16(0x8080)
                            .or(u.shr16::<6>().and(V::splat16(0x3F)))
                            .or(u.and(V::splat16(0x3F)).shl16::<8>());
                        let (lo, hi) = lead.zip16(tail);
                        // Part `g` of vector `h` holds units `(2 * h + g) * 2 * windows ..`.
                        for (g, part) in [lo, hi].iter().enumerate() {
                            let at = 12 * windows * (2 * h + g);
                            part.shuffle(pack_three).store_windows(q.add(at), q.add(at + 12));
                        }
                    }
                    return (b, 3 * b);
                }
                if !three[0].or(three[1]).any() {
                    // No 3-byte unit: this step and the next ones like it.
                    return if is_surrogate[0].or(is_surrogate[1]).any() {
                        narrow_run::<V, true>(src, i, dst, start, (units, ascii))
                    } else {
                        narrow_run::<V, false>(src, i, dst, start, (units, ascii))
                    };
                }
                // One bit per unit of the step.
                let ascii_bits = ascii[0].pack16(ascii[1]).bitmask();
                let mut o = start;
                {
                    // The unit before each lane; at `i == 0` (a pair boundary) a zero will do.
                    let before =
                        if i > 0 { V::load(p.sub(1).cast()) } else { units[0].prev2(V::zero()) };
                    let prevs = [before, V::load(p.add(b / 2 - 1).cast())];
                    let tails = [
                        general_tail(units[0], is_short[0], is_surrogate[0], prevs[0]),
                        general_tail(units[1], is_short[1], is_surrogate[1], prevs[1]),
                    ];
                    let three = three[0].pack16(three[1]).bitmask();
                    let mut parts = [V::zero(); 4];
                    for h in 0..2 {
                        let u = units[h];
                        let lead = V::blend(ascii[h], u, u.shr16::<12>().or(V::splat16(0xE0)));
                        (parts[2 * h], parts[2 * h + 1]) = lead.zip16(tails[h]);
                    }
                    for (g, part) in parts.iter().enumerate() {
                        // Part `g` holds 4 units per window, from unit `4 * windows * g` on.
                        for w in 0..windows {
                            let at = 4 * windows * g + 4 * w;
                            let k = (ascii_bits >> at & 15 | (three >> at & 15) << 4) as usize;
                            let q = dst.as_mut_ptr().add(o).cast::<u8>();
                            part.shuffle_window_to(w, PACK_SHUFFLES[k].as_ptr(), q);
                            o += PACK_LENGTHS[k] as usize;
                        }
                    }
                }
                // A pair may straddle this step and the next (see `convert`).
                (b, o - start)
            },
        )
    }
}

/// Transcodes well-formed UTF-16 to UTF-8 on levels without a byte shuffle (SSE2): vector
/// ASCII steps, the exact scalar code for the other steps.
///
/// # Safety
/// `src` is well-formed UTF-16, `dst` holds at least as many bytes as it needs, and the CPU
/// supports `V`'s level.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn to_utf8_no_shuffle<V: Vector>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> usize {
    // SAFETY: forwarded contract; the scalar step is bounds-checked.
    unsafe {
        convert::<V>(src, dst, |src, i, dst, o| {
            // BYTES units, one more when that would split a pair.
            let end = (i + V::BYTES).min(src.len());
            let end = if scalar::is_high(src[end - 1]) { end + 1 } else { end }.min(src.len());
            (end - i, scalar::to_utf8(&src[i..end], &mut dst[o..]))
        })
    }
}

/// `utf16_to_utf8_checked` as the level's pairing check, then its transcoder.
///
/// # Safety
/// `dst` holds at least `3 * src.len()` bytes and the CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn checked_in_two_passes<V: Shuffle>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    // SAFETY: the level per the contract; the check accepts any input, and well-formed input
    // needs at most 3 bytes a unit, which `dst` holds.
    unsafe { super::utf16_check::validate::<V>(src).then(|| to_utf8::<V>(src, dst)) }
}

/// [`checked_in_two_passes`] for levels without a byte shuffle (SSE2).
///
/// # Safety
/// As for [`checked_in_two_passes`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn checked_no_shuffle<V: Vector>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    // SAFETY: as in `checked_in_two_passes`.
    unsafe { super::utf16_check::validate::<V>(src).then(|| to_utf8_no_shuffle::<V>(src, dst)) }
}
