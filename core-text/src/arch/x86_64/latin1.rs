//! Latin-1 kernels of the AVX-512 level (BW, VL, VBMI, VBMI2): mask registers and byte compress
//! instead of the generic kernels' shuffle tables, masked loads and stores instead of scalar
//! tails.
//!
//! ```text
//! utf8_len:   n + popcount(sign-bit mask) per 64 bytes
//! to_utf16:   zero-extend 32 bytes to 32 16-bit lanes (vpmovzxbw), one store
//! from_utf16: 64 units; any high byte? stop there; else pack to bytes, one store
//! to_utf8:    64 bytes ASCII? store as is; else per byte b: first = b < 0x80 ? b :
//!             0xC0 | b >> 6, second = b & 0xBF (= 0x80 | b & 0x3F); vpermt2b interleaves
//!             them into pairs, 32 per vector, and vpcompressb keeps the first byte of
//!             every pair and the second of the pairs of bytes >= 0x80
//! from_utf8:  64 bytes ASCII? store as is; a byte >= 0xC4 (a lead above U+00FF)? the
//!             scalar code reports it; else each lead (C2, C3) becomes (lead << 6) |
//!             (next & 0x3F) (the next byte by a load one byte on), and vpcompressb drops
//!             the continuation bytes
//! ```
//!
//! From UTF-8, a lead last in a 64-byte step takes its continuation byte from the shifted
//! load; the next step starts with that byte and drops it as it drops every continuation
//! byte, so every step is 64 bytes and none waits on the one before.

use super::low_bits;
use crate::arch::scalar::latin1 as scalar;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;

/// The UTF-8 length of Latin-1 `src`: one byte more per byte >= 0x80.
///
/// # Safety
/// The CPU has AVX-512 BW.
#[inline(always)]
pub(crate) unsafe fn utf8_len(src: &[u8]) -> usize {
    let (n, p) = (src.len(), src.as_ptr());
    let mut i = 0;
    // Four sums: four short dependency chains.
    let mut sums = [0u64; 4];
    // SAFETY: whole loads read `i..i + 64 <= n`, the masked one only the bytes below `n`;
    // CPU per contract.
    unsafe {
        while i + 256 <= n {
            for (k, sum) in sums.iter_mut().enumerate() {
                let v = _mm512_loadu_si512(p.add(i + 64 * k).cast());
                *sum += u64::from(_mm512_movepi8_mask(v).count_ones());
            }
            i += 256;
        }
        while i + 64 <= n {
            sums[0] +=
                u64::from(_mm512_movepi8_mask(_mm512_loadu_si512(p.add(i).cast())).count_ones());
            i += 64;
        }
        if i < n {
            let v = _mm512_maskz_loadu_epi8(low_bits(n - i), p.add(i).cast());
            sums[1] += u64::from(_mm512_movepi8_mask(v).count_ones());
        }
    }
    n + (sums[0] + sums[1] + sums[2] + sums[3]) as usize
}

/// Latin-1 to UTF-16; returns `src.len()`.
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU has AVX-512 BW.
#[inline(always)]
pub(crate) unsafe fn to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    let n = src.len();
    debug_assert!(dst.len() >= n);
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u16>());
    let mut i = 0;
    // SAFETY: loads read bytes `i..i + 32 <= n` (masked: below `n`), stores write units of
    // the same indices, which `dst` holds; CPU per contract.
    unsafe {
        while i + 64 <= n {
            let a = _mm512_cvtepu8_epi16(_mm256_loadu_si256(p.add(i).cast()));
            let b = _mm512_cvtepu8_epi16(_mm256_loadu_si256(p.add(i + 32).cast()));
            _mm512_storeu_si512(d.add(i).cast(), a);
            _mm512_storeu_si512(d.add(i + 32).cast(), b);
            i += 64;
        }
        while i < n {
            let m = low_bits(n - i) as u32;
            let v = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, p.add(i).cast()));
            _mm512_mask_storeu_epi16(d.add(i).cast(), m, v);
            i += 32;
        }
    }
    n
}

/// UTF-16 to Latin-1: `Ok(src.len())`, or `Err(index of the first unit > 0xFF)` (what was
/// written before it is the conversion of the units before it).
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU has AVX-512 BW.
#[inline(always)]
pub(crate) unsafe fn from_utf16(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
    let n = src.len();
    debug_assert!(dst.len() >= n);
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read units `i..i + 64 <= n` (masked: below `n`), stores write bytes of
    // the same indices, which `dst` holds; CPU per contract.
    unsafe {
        let high = _mm512_set1_epi16(0xFF00u16 as i16);
        // `packus` works per 128-bit lane: this puts the quadwords back in order.
        let order = _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0);
        while i + 64 <= n {
            let a = _mm512_loadu_si512(p.add(i).cast());
            let b = _mm512_loadu_si512(p.add(i + 32).cast());
            if _mm512_test_epi16_mask(_mm512_or_si512(a, b), high) != 0 {
                break;
            }
            let packed = _mm512_permutexvar_epi64(order, _mm512_packus_epi16(a, b));
            _mm512_storeu_si512(d.add(i).cast(), packed);
            i += 64;
        }
        while i < n {
            let m = low_bits(n - i) as u32;
            let v = _mm512_maskz_loadu_epi16(m, p.add(i).cast());
            let bad = _mm512_test_epi16_mask(v, high);
            // Up to the first unit above 0xFF (all of them when there is none).
            let keep = m & bad.wrapping_sub(1) & !bad;
            _mm256_mask_storeu_epi8(d.add(i).cast(), keep, _mm512_cvtepi16_epi8(v));
            if bad != 0 {
                return Err(i + bad.trailing_zeros() as usize);
            }
            i += 32;
        }
    }
    Ok(n)
}

/// Byte `2k` takes byte `k` of the first table, byte `2k + 1` byte `k` of the second (index
/// `64 + k`): pairs from the bytes 0-31 (`first`) and 32-63 (`second`) of two vectors.
const fn interleave(first: u8) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 32 {
        t[2 * j] = first + j as u8;
        t[2 * j + 1] = 64 + first + j as u8;
        j += 1;
    }
    t
}

/// The pairs of bytes 0-31.
static PAIRS_LOW: [u8; 64] = interleave(0);
/// The pairs of bytes 32-63.
static PAIRS_HIGH: [u8; 64] = interleave(32);

/// The UTF-8 form of the 64 Latin-1 bytes of `v` (bit `j` of `high` set where byte `j` is at
/// least 0x80), in two vectors: bytes 0-31's (`32 + popcount` of the low half of `high`
/// bytes, packed to the front) and bytes 32-63's.
///
/// Per byte b: first = b < 0x80 ? b : 0xC0 | b >> 6, second = b & 0xBF; a permute
/// (vpermt2b) interleaves them into pairs, and vpcompressb keeps the first byte of every
/// pair and the second of the pairs of bytes >= 0x80.
///
/// # Safety
/// The CPU has AVX-512 BW, VBMI and VBMI2.
#[inline(always)]
unsafe fn expand(v: __m512i, high: u64) -> (__m512i, __m512i) {
    // SAFETY: CPU per contract; the index tables are 64 bytes.
    unsafe {
        // (v >> 6 & 0x03) | 0xC0 per byte: the 16-bit shift brings bits of the byte above
        // into bits 2-7, which the AND clears.
        let lead = _mm512_ternarylogic_epi32::<0xF8>(
            _mm512_set1_epi8(0xC0u8 as i8),
            _mm512_srli_epi16::<6>(v),
            _mm512_set1_epi8(0x03),
        );
        let first = _mm512_mask_blend_epi8(high, v, lead);
        let second = _mm512_and_si512(v, _mm512_set1_epi8(0xBFu8 as i8));
        let a =
            _mm512_permutex2var_epi8(first, _mm512_loadu_si512(PAIRS_LOW.as_ptr().cast()), second);
        let b =
            _mm512_permutex2var_epi8(first, _mm512_loadu_si512(PAIRS_HIGH.as_ptr().cast()), second);
        let keep = |h: u64| 0x5555_5555_5555_5555 | _pdep_u64(h, 0xAAAA_AAAA_AAAA_AAAA);
        (
            _mm512_maskz_compress_epi8(keep(high & 0xFFFF_FFFF), a),
            _mm512_maskz_compress_epi8(keep(high >> 32), b),
        )
    }
}

/// Latin-1 to UTF-8; returns the bytes written.
///
/// # Safety
/// `dst.len() >= utf8_len(src)`; the CPU has AVX-512 BW, VBMI and VBMI2.
#[inline(always)]
pub(crate) unsafe fn to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let (n, cap) = (src.len(), dst.len());
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // SAFETY: the main loop reads `i..i + 64 <= n` and writes 64-byte vectors at output
    // positions at most `o + 64`, below `o + 128 <= cap`; the tail reads only bytes below
    // `n` and writes exactly the bytes it converts, which `dst` holds by contract. CPU per
    // contract.
    unsafe {
        while i + 64 <= n && o + 128 <= cap {
            let v = _mm512_loadu_si512(p.add(i).cast());
            let high = _mm512_movepi8_mask(v);
            if high == 0 {
                _mm512_storeu_si512(d.add(o).cast(), v);
                i += 64;
                o += 64;
                continue;
            }
            let (a, b) = expand(v, high);
            _mm512_storeu_si512(d.add(o).cast(), a);
            o += 32 + (high as u32).count_ones() as usize;
            _mm512_storeu_si512(d.add(o).cast(), b);
            o += 32 + (high >> 32).count_ones() as usize;
            i += 64;
        }
        while i < n {
            let r = (n - i).min(64);
            // The bytes past the end load as zero: ASCII, and dropped by the store masks.
            let v = _mm512_maskz_loadu_epi8(low_bits(r), p.add(i).cast());
            let high = _mm512_movepi8_mask(v);
            let (a, b) = expand(v, high);
            let first = r.min(32) + (high as u32).count_ones() as usize;
            _mm512_mask_storeu_epi8(d.add(o).cast(), low_bits(first), a);
            o += first;
            let second = r.saturating_sub(32) + (high >> 32).count_ones() as usize;
            _mm512_mask_storeu_epi8(d.add(o).cast(), low_bits(second), b);
            o += second;
            i += r;
        }
    }
    o
}

/// UTF-8 to Latin-1: `Ok(bytes written)`, or `Err(offset of the first char above U+00FF)`
/// (what comes before it is converted in `dst`).
///
/// # Safety
/// `src` is valid UTF-8 and `dst` holds at least as many bytes as it has chars; the CPU has
/// AVX-512 BW and VBMI2.
#[inline(always)]
pub(crate) unsafe fn from_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
    let (n, cap) = (src.len(), dst.len());
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // SAFETY: the main loop reads `i..i + 65 <= n` and writes `o..o + 64 <= cap`; the tail
    // reads only bytes below `n` and writes the chars that start in its step, which `dst`
    // holds by contract (a byte per char). CPU per contract.
    unsafe {
        let (c0, c4, low6) = (
            _mm512_set1_epi8(0xC0u8 as i8),
            _mm512_set1_epi8(0xC4u8 as i8),
            _mm512_set1_epi8(0x3F),
        );
        'steps: {
            while i + 64 < n && o + 64 <= cap {
                let v = _mm512_loadu_si512(p.add(i).cast());
                let high = _mm512_movepi8_mask(v);
                if high == 0 {
                    _mm512_storeu_si512(d.add(o).cast(), v);
                    i += 64;
                    o += 64;
                    continue;
                }
                if _mm512_cmpge_epu8_mask(v, c4) != 0 {
                    break 'steps;
                }
                let next = _mm512_loadu_si512(p.add(i + 1).cast());
                let out = join(v, next, _mm512_cmpge_epu8_mask(v, c0), low6);
                let cont = high & !_mm512_cmpge_epu8_mask(v, c0);
                _mm512_storeu_si512(d.add(o).cast(), _mm512_maskz_compress_epi8(!cont, out));
                i += 64;
                o += 64 - cont.count_ones() as usize;
            }
            while i < n {
                let r = (n - i).min(64);
                let v = _mm512_maskz_loadu_epi8(low_bits(r), p.add(i).cast());
                if _mm512_cmpge_epu8_mask(v, c4) != 0 {
                    break 'steps;
                }
                // A lead last in the step reads its continuation byte, which is in `src`:
                // valid UTF-8 does not end with a lead.
                let next = _mm512_maskz_loadu_epi8(low_bits(n - i - 1), p.add(i + 1).cast());
                let lead = _mm512_cmpge_epu8_mask(v, c0);
                let cont = _mm512_movepi8_mask(v) & !lead;
                let kept = low_bits(r) & !cont;
                let written = kept.count_ones() as usize;
                let out = _mm512_maskz_compress_epi8(kept, join(v, next, lead, low6));
                _mm512_mask_storeu_epi8(d.add(o).cast(), low_bits(written), out);
                i += r;
                o += written;
            }
            return Ok(o);
        }
    }
    // A step holds a char above U+00FF: the scalar code converts up to it and reports it,
    // from a char boundary (the step may start with the continuation byte of the step
    // before's last lead).
    if i < n && src[i] & 0xC0 == 0x80 {
        i += 1;
    }
    scalar::from_utf8(&src[i..], &mut dst[o..]).map(|k| o + k).map_err(|k| i + k)
}

/// The Latin-1 byte of each lead of `v` (bits in `lead`): its low two bits, then the low six
/// of the byte after it (`next`, loaded one byte on); the other bytes as they are.
///
/// # Safety
/// The CPU has AVX-512 BW.
#[inline(always)]
unsafe fn join(v: __m512i, next: __m512i, lead: u64, low6: __m512i) -> __m512i {
    // SAFETY: CPU per contract.
    unsafe {
        // Per byte: bits 6-7 of `v << 6` are the byte's own low two bits (the bits shifted
        // in from the byte below land in bits 0-5, which the select replaces).
        let shifted = _mm512_slli_epi16::<6>(v);
        // low6 ? next : shifted
        let joined = _mm512_ternarylogic_epi32::<0xCA>(low6, next, shifted);
        _mm512_mask_blend_epi8(lead, v, joined)
    }
}

// --- AVX2 ------------------------------------------------------------------------------------

/// Per key (bit `k` set: Latin-1 byte `k` of a group of 8 is >= 0x80), the shuffle of a
/// 16-byte window of byte pairs (pair `k` = the two UTF-8 bytes of byte `k`) that keeps the
/// first byte of every pair and the second of the pairs whose bit is set.
static PACK_PAIRS: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut out = 0;
        let mut k = 0;
        while k < 8 {
            t[key][out] = 2 * k as u8;
            out += 1;
            if key >> k & 1 == 1 {
                t[key][out] = 2 * k as u8 + 1;
                out += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
};

/// Latin-1 to UTF-8 at AVX2, 32 bytes a step; returns the bytes written.
///
/// ```text
/// ASCII step: store as is
/// else, per byte b: first = b < 0x80 ? b : 0xC0 | b >> 6 (a blend by b's own sign bit),
///     second = b & 0xBF; interleave first and second into pairs (unpack), and per group of
///     8 pairs one shuffle keyed by the group's sign bits keeps the bytes of the UTF-8 form
/// ```
///
/// The generic kernel widens to 16-bit lanes and computes each lane's two bytes with
/// 16-bit arithmetic and a compare; working on the bytes saves the widening and the compare.
///
/// # Safety
/// `dst.len() >= utf8_len(src)`; the CPU has AVX2 and POPCNT.
#[inline(always)]
pub(crate) unsafe fn avx2_to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let (n, cap) = (src.len(), dst.len());
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // SAFETY: loads read `i..i + 32 <= n`; an ASCII step writes `o..o + 32`, a mixed one four
    // 16-byte windows, each at most 16 bytes past the one before, so below `o + 64 <= cap`.
    // The table rows are 16 bytes. CPU per contract.
    unsafe {
        let (low2, c0, bf) = (
            _mm256_set1_epi8(0x03),
            _mm256_set1_epi8(0xC0u8 as i8),
            _mm256_set1_epi8(0xBFu8 as i8),
        );
        while i + 32 <= n && o + 64 <= cap {
            let v = _mm256_loadu_si256(p.add(i).cast());
            let high = _mm256_movemask_epi8(v) as u32;
            if high == 0 {
                _mm256_storeu_si256(d.add(o).cast(), v);
                i += 32;
                o += 32;
                continue;
            }
            // `b >> 6` per byte: the 16-bit shift brings bits of the byte above into bits
            // 2-7, which the AND clears.
            let lead = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16::<6>(v), low2), c0);
            let first = _mm256_blendv_epi8(v, lead, v);
            let second = _mm256_and_si256(v, bf);
            // Per 128-bit lane: `lo` holds the pairs of bytes 0-7, `hi` of bytes 8-15.
            let lo = _mm256_unpacklo_epi8(first, second);
            let hi = _mm256_unpackhi_epi8(first, second);
            let windows = [
                _mm256_castsi256_si128(lo),
                _mm256_castsi256_si128(hi),
                _mm256_extracti128_si256::<1>(lo),
                _mm256_extracti128_si256::<1>(hi),
            ];
            for (g, w) in windows.into_iter().enumerate() {
                let key = (high >> (8 * g)) as u8;
                let shuffle = _mm_loadu_si128(PACK_PAIRS[usize::from(key)].as_ptr().cast());
                _mm_storeu_si128(d.add(o).cast(), _mm_shuffle_epi8(w, shuffle));
                o += 8 + key.count_ones() as usize;
            }
            i += 32;
        }
    }
    o + scalar::to_utf8(&src[i..], &mut dst[o..])
}

/// Latin-1 to UTF-16 at AVX2, 32 bytes a step by zero-extending loads; returns `src.len()`.
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU has AVX2.
#[inline(always)]
pub(crate) unsafe fn avx2_to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    let n = src.len();
    debug_assert!(dst.len() >= n);
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u16>());
    let mut i = 0;
    // SAFETY: loads read bytes `i..i + 32 <= n` (`i + 16` in the second loop), stores write
    // the units of the same indices, which `dst` holds; CPU per contract.
    unsafe {
        while i + 32 <= n {
            let a = _mm256_cvtepu8_epi16(_mm_loadu_si128(p.add(i).cast()));
            let b = _mm256_cvtepu8_epi16(_mm_loadu_si128(p.add(i + 16).cast()));
            _mm256_storeu_si256(d.add(i).cast(), a);
            _mm256_storeu_si256(d.add(i + 16).cast(), b);
            i += 32;
        }
        if i + 16 <= n {
            _mm256_storeu_si256(
                d.add(i).cast(),
                _mm256_cvtepu8_epi16(_mm_loadu_si128(p.add(i).cast())),
            );
            i += 16;
        }
    }
    i + scalar::to_utf16(&src[i..], &mut dst[i..])
}

/// UTF-16 to Latin-1 at AVX2, 32 units a step: `Ok(src.len())`, or `Err(index of the first
/// unit > 0xFF)` (what was written before it is the conversion of the units before it).
///
/// # Safety
/// `dst.len() >= src.len()`; the CPU has AVX2.
#[inline(always)]
pub(crate) unsafe fn avx2_from_utf16(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, usize> {
    let n = src.len();
    debug_assert!(dst.len() >= n);
    let (p, d) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read units `i..i + 32 <= n`, stores write bytes `i..i + 32`, which `dst`
    // holds; CPU per contract.
    unsafe {
        let high = _mm256_set1_epi16(0xFF00u16 as i16);
        while i + 32 <= n {
            let a = _mm256_loadu_si256(p.add(i).cast());
            let b = _mm256_loadu_si256(p.add(i + 16).cast());
            if _mm256_testz_si256(_mm256_or_si256(a, b), high) == 0 {
                break;
            }
            // Every unit is at most 0xFF: the unsigned saturating pack is exact; it works per
            // 128-bit lane, so the quadwords are put back in order.
            let packed = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, b));
            _mm256_storeu_si256(d.add(i).cast(), packed);
            i += 32;
        }
    }
    scalar::from_utf16(&src[i..], &mut dst[i..]).map(|k| i + k).map_err(|k| i + k)
}
