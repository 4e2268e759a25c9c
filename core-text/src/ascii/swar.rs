//! The scalar level of the ASCII operations and the short-input paths of every level: words
//! of eight bytes (or four UTF-16 units) in a `u64`, and over bytes, 32-byte blocks of
//! branch-free byte code that the compiler vectorizes with the target's baseline.
//!
//! ```text
//! letters(x):  x7 = x & 0x7F..; ge = x7 + (0x80 - 'a'); gt = x7 + (0x80 - 'z' - 1)
//!              0x80 in each byte where ge has its high bit, gt has not and x has not
//! upper(x)  = x ^ (lower_letters(x) >> 2)        (0x80 >> 2 = 0x20, the case bit)
//! eq_ic(a,b): (a ^ b) & !(lower_letters(a | 0x20..) >> 2) == 0
//! ```
//!
//! Adding to the low seven bits never carries out of a byte, so the bytes of a word are
//! independent lanes (the "SIMD within a register" technique). A word that does not fill a
//! step is loaded overlapping the previous one: every operation here is either a reduction
//! (re-reading a byte changes nothing) or idempotent casing.

/// `0x01` in every byte.
const BYTES1: u64 = u64::from_le_bytes([1; 8]);
/// `0x80` in every byte.
const HIGH: u64 = 0x80 * BYTES1;
/// `0x0001` in every 16-bit lane.
const UNITS1: u64 = 0x0001_0001_0001_0001;
/// `0x8000` in every 16-bit lane.
const UNIT_HIGH: u64 = 0x8000 * UNITS1;

/// `0x80` in each byte of `x` in `lo..=hi` (both ASCII), else 0.
#[inline(always)]
const fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let x7 = x & !HIGH;
    let ge = x7 + (0x80 - lo as u64) * BYTES1;
    let gt = x7 + (0x80 - hi as u64 - 1) * BYTES1;
    ge & !gt & !x & HIGH
}

/// The word with `b'a'..=b'z'` bytes upper-cased (`UPPER`) or `b'A'..=b'Z'` lower-cased.
#[inline(always)]
pub(crate) const fn case_word<const UPPER: bool>(x: u64) -> u64 {
    let m = if UPPER { in_range(x, b'a', b'z') } else { in_range(x, b'A', b'Z') };
    x ^ (m >> 2)
}

/// The byte upper-cased (`UPPER`) or lower-cased, branch-free (byte loops of it vectorize).
#[inline(always)]
const fn case_byte<const UPPER: bool>(b: u8) -> u8 {
    let lo = if UPPER { b'a' } else { b'A' };
    b ^ (((b.wrapping_sub(lo) < 26) as u8) << 5)
}

/// Do the words of four UTF-16 units each match, ignoring ASCII case?
#[inline(always)]
const fn eq_ignore_case_units(a: u64, b: u64) -> bool {
    let la = a | (0x20 * UNITS1);
    // 0x8000 in each lane whose bits 7..16 are not all zero (a unit above 0x7F).
    let high = la & (0xFF80 * UNITS1);
    let above = (((high & !UNIT_HIGH) + 0x7FFF * UNITS1) | high) & UNIT_HIGH;
    let x7 = la & (0x7F * UNITS1);
    let ge = x7 + (0x8000 - b'a' as u64) * UNITS1;
    let gt = x7 + (0x8000 - b'z' as u64 - 1) * UNITS1;
    let letters = (ge & !gt & !above & UNIT_HIGH) >> 10;
    (a ^ b) & !letters == 0
}

/// The 8 bytes at `s[i..]`, little-endian.
#[inline(always)]
fn word(s: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&s[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The 4 units at `s[i..]` as a word, the first in the low 16 bits.
#[inline(always)]
fn units(s: &[u16], i: usize) -> u64 {
    let u = &s[i..i + 4];
    u64::from(u[0]) | u64::from(u[1]) << 16 | u64::from(u[2]) << 32 | u64::from(u[3]) << 48
}

/// The 4 bytes at `s[i..]` zero-extended to four 16-bit lanes.
#[inline(always)]
fn widened(s: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&s[i..i + 4]);
    let x = u64::from(u32::from_le_bytes(w));
    let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    (x | x << 8) & 0x00FF_00FF_00FF_00FF
}

/// Runs `f` on the offsets of the `K`-element windows covering `0..n` (`n >= K`): one per
/// step, the last one ending at `n`; stops early when `f` returns false.
#[inline(always)]
fn windows<const K: usize>(n: usize, mut f: impl FnMut(usize) -> bool) -> bool {
    debug_assert!(n >= K);
    let mut i = 0;
    while i + K <= n {
        if !f(i) {
            return false;
        }
        i += K;
    }
    i == n || f(n - K)
}

/// The bytes of `s` (`s.len() < 8`) packed in a word, each at least once: two overlapping
/// 4-byte windows from 4 bytes up, else the first, middle and last bytes (zeros elsewhere).
#[inline(always)]
fn short_word(s: &[u8]) -> u64 {
    let n = s.len();
    debug_assert!(n < 8);
    if n >= 4 {
        let w = |i: usize| {
            let mut b = [0u8; 4];
            b.copy_from_slice(&s[i..i + 4]);
            u64::from(u32::from_le_bytes(b))
        };
        w(0) | w(n - 4) << 32
    } else if n > 0 {
        u64::from(s[0]) | u64::from(s[n / 2]) << 8 | u64::from(s[n - 1]) << 16
    } else {
        0
    }
}

/// Writes a word read by [`short_word`] (and transformed byte by byte) back to `d`, whose
/// length is that of the source; the overlapping windows hold equal bytes.
#[inline(always)]
fn put_short_word<T>(d: &mut [T], w: u64, mut put: impl FnMut(&mut T, u8)) {
    let n = d.len();
    let b = w.to_le_bytes();
    if n >= 4 {
        for k in 0..4 {
            put(&mut d[n - 4 + k], b[4 + k]);
            put(&mut d[k], b[k]);
        }
    } else if n > 0 {
        put(&mut d[n - 1], b[2]);
        put(&mut d[n / 2], b[1]);
        put(&mut d[0], b[0]);
    }
}

/// Is every byte below 0x80?
#[inline]
pub(crate) fn is_ascii(s: &[u8]) -> bool {
    let n = s.len();
    if n < 8 {
        return short_word(s) & HIGH == 0;
    }
    let mut acc = word(s, n - 8);
    let blocks = s.chunks_exact(128);
    let rest = blocks.remainder().len();
    for c in blocks {
        // Sixteen words OR-ed: the compiler vectorizes them with the target's baseline.
        let m = c
            .chunks_exact(8)
            .fold(0, |m, w| m | u64::from_le_bytes(w.try_into().unwrap_or([0; 8])));
        if m & HIGH != 0 {
            return false;
        }
    }
    let mut i = n - rest;
    while i + 8 <= n {
        acc |= word(s, i);
        i += 8;
    }
    acc & HIGH == 0
}

/// Is every unit below 0x80?
#[inline]
pub(crate) fn is_ascii_u16(s: &[u16]) -> bool {
    if s.len() < 4 {
        return s.iter().fold(0, |a, &b| a | b) < 0x80;
    }
    let mut acc = 0;
    windows::<4>(s.len(), |i| {
        acc |= units(s, i);
        true
    });
    acc & (0xFF80 * UNITS1) == 0
}

/// Bits set where the words differ other than in the case of an ASCII letter.
#[inline(always)]
const fn case_mismatch(a: u64, b: u64) -> u64 {
    let letters = in_range(a | (0x20 * BYTES1), b'a', b'z') >> 2;
    (a ^ b) & !letters
}

/// `a.eq_ignore_ascii_case(b)`.
#[inline]
pub(crate) fn eq_ignore_case(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return case_mismatch(short_word(a), short_word(b)) == 0;
    }
    let mut acc = case_mismatch(word(a, n - 8), word(b, n - 8));
    let blocks = a.chunks_exact(32).zip(b.chunks_exact(32));
    let rest = n % 32;
    for (x, y) in blocks {
        // Byte by byte over a fixed length: vectorized by the compiler.
        let m = x.iter().zip(y).fold(0, |m, (&p, &q)| {
            let letter = (p | 0x20).wrapping_sub(b'a') < 26;
            m | ((p ^ q) & !(u8::from(letter) << 5))
        });
        if m != 0 {
            return false;
        }
    }
    let mut i = n - rest;
    while i + 8 <= n {
        acc |= case_mismatch(word(a, i), word(b, i));
        i += 8;
    }
    acc == 0
}

/// The UTF-16 form of [`eq_ignore_case`]: units below 0x80 fold, the rest compare exactly.
#[inline]
pub(crate) fn eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 4 {
        return a.iter().zip(b).all(|(&x, &y)| unit_eq_ignore_case(x, y));
    }
    windows::<4>(n, |i| eq_ignore_case_units(units(a, i), units(b, i)))
}

/// One unit pair of [`eq_ignore_case_u16`].
#[inline(always)]
pub(crate) fn unit_eq_ignore_case(x: u16, y: u16) -> bool {
    x == y || (x < 0x80 && y < 0x80 && (x as u8).eq_ignore_ascii_case(&(y as u8)))
}

/// Same length, every byte ASCII and equal to its unit.
#[inline]
pub(crate) fn eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 4 {
        return a.iter().zip(b).all(|(&x, &y)| x < 0x80 && u16::from(x) == y);
    }
    let mut high = 0;
    windows::<4>(n, |i| {
        let w = widened(a, i);
        high |= w;
        w == units(b, i)
    }) && high & (0x80 * UNITS1) == 0
}

/// Upper-cases (`UPPER`) or lower-cases the ASCII letters of `s` in place.
#[inline]
pub(crate) fn make_case<const UPPER: bool>(s: &mut [u8]) {
    let n = s.len();
    if n < 8 {
        let w = case_word::<UPPER>(short_word(s));
        return put_short_word(s, w, |d, b| *d = b);
    }
    // The last word first (see the vector kernel: no load of a word just partly stored).
    let last = case_word::<UPPER>(word(s, n - 8));
    for b in &mut s[..n - n % 8] {
        *b = case_byte::<UPPER>(*b);
    }
    s[n - 8..].copy_from_slice(&last.to_le_bytes());
}

/// In-place casing of fewer than 16 bytes in pieces of 8, 4, 2 and 1 bytes from the start, each
/// read once as one word and written back if it changed. Pieces that overlap (two words
/// covering 8 to 15 bytes) would be cheaper by a word, but a load that spans two earlier
/// stores cannot be forwarded from them, and casing the same buffer again soon (or reading
/// it) would wait for both stores to reach the cache.
// Only the x86_64 AVX-512 kernel calls it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) fn make_case_short<const UPPER: bool>(s: &mut [u8]) {
    debug_assert!(s.len() < 16);
    let mut rest = s;
    for size in [8, 4, 2, 1] {
        if rest.len() >= size {
            let (piece, tail) = rest.split_at_mut(size);
            let mut b = [0u8; 8];
            b[..size].copy_from_slice(piece);
            let (x, w) = (u64::from_le_bytes(b), case_word::<UPPER>(u64::from_le_bytes(b)));
            if w != x {
                piece.copy_from_slice(&w.to_le_bytes()[..size]);
            }
            rest = tail;
        }
    }
}

/// `src` with its ASCII letters upper-cased (`UPPER`) or lower-cased, written to the start of
/// `dst` (as much as fits).
#[inline]
pub(crate) fn to_case<const UPPER: bool>(src: &[u8], dst: &mut [core::mem::MaybeUninit<u8>]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    if n < 8 {
        let w = case_word::<UPPER>(short_word(src));
        return put_short_word(dst, w, |d, b| {
            d.write(b);
        });
    }
    for (d, &b) in dst[..n - n % 8].iter_mut().zip(&src[..n - n % 8]) {
        d.write(case_byte::<UPPER>(b));
    }
    let w = case_word::<UPPER>(word(src, n - 8)).to_le_bytes();
    for (d, b) in dst[n - 8..].iter_mut().zip(w) {
        d.write(b);
    }
}

/// The unit upper-cased (`UPPER`) or lower-cased if it is an ASCII letter, branch-free.
#[inline(always)]
const fn case_unit<const UPPER: bool>(u: u16) -> u16 {
    let lo = if UPPER { b'a' } else { b'A' } as u16;
    u ^ (((u.wrapping_sub(lo) < 26) as u16) << 5)
}

/// The UTF-16 form of [`make_case`] (a loop the compiler vectorizes).
#[inline]
pub(crate) fn make_case_u16<const UPPER: bool>(s: &mut [u16]) {
    for u in s {
        *u = case_unit::<UPPER>(*u);
    }
}

/// The UTF-16 form of [`to_case`].
#[inline]
pub(crate) fn to_case_u16<const UPPER: bool>(src: &[u16], dst: &mut [core::mem::MaybeUninit<u16>]) {
    for (d, &u) in dst.iter_mut().zip(src) {
        d.write(case_unit::<UPPER>(u));
    }
}
