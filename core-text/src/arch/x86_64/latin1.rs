//! Latin-1 kernels of the AVX-512 level (BW, VL, VBMI2): mask registers and byte compress
//! instead of the generic kernels' shuffle tables, masked loads and stores instead of scalar
//! tails.
//!
//! ```text
//! utf8_len:   n + popcount(sign-bit mask) per 64 bytes
//! to_utf16:   zero-extend 32 bytes to 32 16-bit lanes (vpmovzxbw), one store
//! from_utf16: 64 units; any high byte? stop there; else pack to bytes, one store
//! to_utf8:    64 bytes ASCII? store as is; else per 32 bytes, widened to 16-bit lanes:
//!             ASCII lane u stays u, another becomes [0xC0 | u >> 6, 0x80 | u & 0x3F]
//!             (= [0xC0 | u >> 6, u & 0xBF]); vpcompressb keeps byte 0 of every lane and
//!             byte 1 of the non-ASCII ones
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

/// One 32-byte half of a [`to_utf8`] step: `v` holds the 32 Latin-1 bytes widened to 16-bit
/// lanes, bit `j` of `high` is set where byte `j` is >= 0x80; returns the converted bytes
/// packed to the front (`32 + high.count_ones()` of them).
///
/// # Safety
/// The CPU has AVX-512 BW and VBMI2.
#[inline(always)]
unsafe fn expand_half(v: __m512i, high: u32) -> __m512i {
    // SAFETY: CPU per contract.
    unsafe {
        // Lane u >= 0x80: low byte 0xC0 | u >> 6, high byte (u << 8) & 0xBF00 (bit 7 of u
        // is the continuation byte's 0x80).
        let lead = _mm512_srli_epi16::<6>(v);
        let tail = _mm512_slli_epi16::<8>(v);
        // (tail & 0xBF00) | lead; then + 0xC0 (bits 6 and 7 are clear) in the non-ASCII lanes.
        let joined =
            _mm512_ternarylogic_epi32::<0xF8>(lead, tail, _mm512_set1_epi16(0xBF00u16 as i16));
        let bytes = _mm512_mask_add_epi16(v, high, joined, _mm512_set1_epi16(0xC0));
        let keep = 0x5555_5555_5555_5555 | _pdep_u64(u64::from(high), 0xAAAA_AAAA_AAAA_AAAA);
        _mm512_maskz_compress_epi8(keep, bytes)
    }
}

/// Latin-1 to UTF-8; returns the bytes written.
///
/// # Safety
/// `dst.len() >= utf8_len(src)`; the CPU has AVX-512 BW and VBMI2.
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
            for h in 0..2 {
                let half = _mm512_cvtepu8_epi16(_mm256_loadu_si256(p.add(i + 32 * h).cast()));
                let high = (high >> (32 * h)) as u32;
                _mm512_storeu_si512(d.add(o).cast(), expand_half(half, high));
                o += 32 + high.count_ones() as usize;
            }
            i += 64;
        }
        while i < n {
            let m = low_bits(n - i) as u32;
            let bytes = _mm256_maskz_loadu_epi8(m, p.add(i).cast());
            // The bytes past the end load as zero: ASCII.
            let high = _mm256_movepi8_mask(bytes);
            let written = (n - i).min(32) + high.count_ones() as usize;
            let out = expand_half(_mm512_cvtepu8_epi16(bytes), high);
            _mm512_mask_storeu_epi8(d.add(o).cast(), low_bits(written), out);
            i += 32;
            o += written;
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
