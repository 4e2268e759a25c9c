//! The AVX-512 kernels (VBMI, VBMI2): 64-byte permutes take any alphabet whole, so there
//! are no nibble tables and no windows.
//!
//! ```text
//! encode, 48 bytes to 64 symbols:
//!     vpermb: each 3 bytes [a b c] to a 32-bit lane [b a c b]
//!     vpmultishiftqb: each sextet's 8 bits from its bit offset (10, 4, 22, 16 per lane)
//!     vpermb: sextet (low 6 bits) to symbol through the 64-byte alphabet
//! decode, 64 symbols to 48 bytes:
//!     vpermi2b through the 128-byte ASCII table: the value, or 0x80 (non-symbol), 0xC0
//!     (whitespace); a high bit in the result or the input marks a non-symbol
//!     pack: pmaddubsw, pmaddwd, vpermb 48 bytes, masked store
//! forgiving decode: a block with whitespace only is compressed (vpcompressb) and
//!     appended to a register of carried values (vpermb by the carry's length, a blend)
//! ```
//!
//! Masked loads and stores end each line of a line-broken encode exactly. In place, a block
//! reads 64 bytes at `i` and writes 48 at `3i/4`, which ends before `i + 64`; carried
//! values are decoded as the generic kernel's staging buffer (see `generic`), so their
//! stores end at or before the first symbol not yet decoded.

use super::alphabet::{is_space, Alphabet};
use super::scalar;
use core::arch::x86_64::*;

/// Bytes `[a b c]` of each 3 to the 32-bit lane `[b a c b]`.
const SPREAD: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 16 {
        let b = 3 * k as u8;
        t[4 * k] = b + 1;
        t[4 * k + 1] = b;
        t[4 * k + 2] = b + 2;
        t[4 * k + 3] = b + 1;
        k += 1;
    }
    t
};

/// Within each 128-bit lane: its bytes `[a b c]` of each 3 (4 groups from the lane's first
/// 12 bytes) to the 32-bit lane `[b a c b]`.
const SPREAD_LANES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 16 {
        let b = (16 * (k / 4) + 3 * (k % 4)) as u8;
        t[4 * k] = b + 1;
        t[4 * k + 1] = b;
        t[4 * k + 2] = b + 2;
        t[4 * k + 3] = b + 1;
        k += 1;
    }
    t
};

/// The three bytes of each 32-bit lane, most significant first, then zeros.
const PACK: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 16 {
        let b = 4 * k as u8;
        t[3 * k] = b + 2;
        t[3 * k + 1] = b + 1;
        t[3 * k + 2] = b;
        k += 1;
    }
    t
};

/// The byte indices 0 to 63.
const IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = k as u8;
        k += 1;
    }
    t
};

/// The bit offset of each sextet in a qword of two spread lanes.
const SHIFTS: u64 = u64::from_le_bytes([10, 4, 22, 16, 42, 36, 54, 48]);

/// The low `n` bits set, `n <= 64`.
#[inline(always)]
fn mask(n: usize) -> u64 {
    core_cpu::vector::low_bits(n)
}

/// The first 48 bytes of `x` to 64 symbols.
#[inline(always)]
unsafe fn encode_block(x: __m512i, alphabet: __m512i) -> __m512i {
    // SAFETY: AVX-512 VBMI per the caller.
    unsafe { encode_spread(x, _mm512_loadu_si512(SPREAD.as_ptr().cast()), alphabet) }
}

/// The bytes of `x` that `spread` picks (`[b a c b]` per 32-bit lane) to 64 symbols.
#[inline(always)]
unsafe fn encode_spread(x: __m512i, spread: __m512i, alphabet: __m512i) -> __m512i {
    // SAFETY: AVX-512 VBMI per the caller.
    unsafe {
        let spread = _mm512_permutexvar_epi8(spread, x);
        let sextets = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(SHIFTS as i64), spread);
        _mm512_permutexvar_epi8(sextets, alphabet)
    }
}

/// The encode kernel (contract of `scalar::encode`).
///
/// # Safety
/// As `scalar::encode`; the CPU has the `avx512` level's features.
#[inline(always)]
pub(crate) unsafe fn encode(
    src: &[u8],
    dst: &mut [u8],
    a: &Alphabet,
    line: usize,
    sep: &[u8],
) -> usize {
    let n = src.len() / 3 * 3;
    let p = src.as_ptr();
    let q = dst.as_mut_ptr();
    let mut i = 0;
    let mut o = 0;
    // SAFETY: AVX-512 per the contract; whole loads read `p + i .. p + i + 64` inside `src`
    // (checked), masked ones only the bytes up to `end`; whole stores write 64 symbols
    // inside `dst` (checked), masked ones the symbols of the bytes read, inside `dst` by the
    // contract.
    unsafe {
        let alphabet = _mm512_loadu_si512(a.encode.as_ptr().cast());
        let cap = dst.len();
        let misaligned = q as usize % 64;
        if line == usize::MAX && n >= 4096 && misaligned.is_multiple_of(4) && misaligned != 0 {
            // Long inputs: a first short block so that every later store is 64-byte aligned
            // (a store across two cache lines costs twice once the data outgrows L2; 1 MiB
            // encodes 1.6x faster).
            let chars = 64 - misaligned;
            let k = chars / 4 * 3;
            let x = _mm512_maskz_loadu_epi8(mask(k), p.cast());
            _mm512_mask_storeu_epi8(q.cast(), mask(chars), encode_block(x, alphabet));
            i = k;
            o = chars;
        }
        if line > 48 && line <= 60 {
            // Lines of one vector and a tail of at most 12 bytes (MIME's 57): four lines a
            // step, their tails gathered into the four 128-bit lanes of one vector, so a line
            // costs 1.25 vectors rather than 2. Stores in line order: a line's vector, its
            // tail's 16 symbols (running past its end into the next line's start, which the
            // next line's vector rewrites), then the separators.
            let chars = line / 3 * 4;
            let step = chars + sep.len();
            let spread = _mm512_loadu_si512(SPREAD_LANES.as_ptr().cast());
            while i + 4 * line < n && i + 3 * line + 64 <= src.len() && o + 4 * step + 64 <= cap {
                // Macros, not closures: closures do not inherit the target features.
                macro_rules! tail_in {
                    ($l:expr) => {
                        _mm_loadu_si128(p.add(i + $l * line + 48).cast())
                    };
                }
                macro_rules! line_out {
                    ($l:expr, $t:expr) => {
                        let x = _mm512_loadu_si512(p.add(i + $l * line).cast());
                        _mm512_storeu_si512(q.add(o + $l * step).cast(), encode_block(x, alphabet));
                        _mm_storeu_si128(q.add(o + $l * step + 64).cast(), $t);
                    };
                }
                let t = _mm512_inserti32x4::<1>(_mm512_castsi128_si512(tail_in!(0)), tail_in!(1));
                let t = _mm512_inserti32x4::<2>(t, tail_in!(2));
                let t = _mm512_inserti32x4::<3>(t, tail_in!(3));
                let t = encode_spread(t, spread, alphabet);
                line_out!(0, _mm512_castsi512_si128(t));
                line_out!(1, _mm512_extracti32x4_epi32::<1>(t));
                line_out!(2, _mm512_extracti32x4_epi32::<2>(t));
                line_out!(3, _mm512_extracti32x4_epi32::<3>(t));
                for l in 0..4 {
                    let at = o + l * step + chars;
                    *q.add(at) = sep[0];
                    if sep.len() > 1 {
                        *q.add(at + 1) = sep[1];
                    }
                }
                i += 4 * line;
                o += 4 * step;
            }
        }
        if line <= 96 {
            // Short lines (MIME's 57 bytes, PEM's 48): one or two whole vectors a line, no
            // masks, while the input and output have room for what they add past the line
            // (overwritten by the separator and the next line).
            let chars = line / 3 * 4;
            while i + line <= n && i + 112 <= src.len() && o + chars + 2 + 128 <= cap {
                let x0 = _mm512_loadu_si512(p.add(i).cast());
                _mm512_storeu_si512(q.add(o).cast(), encode_block(x0, alphabet));
                if line > 48 {
                    let x1 = _mm512_loadu_si512(p.add(i + 48).cast());
                    _mm512_storeu_si512(q.add(o + 64).cast(), encode_block(x1, alphabet));
                }
                i += line;
                o += chars;
                if i < n {
                    *q.add(o) = sep[0];
                    if sep.len() > 1 {
                        *q.add(o + 1) = sep[1];
                    }
                    o += sep.len();
                }
            }
        }
        while i < n {
            let end = n.min(i.saturating_add(line));
            while i + 192 <= end && i + 208 <= src.len() {
                let x0 = _mm512_loadu_si512(p.add(i).cast());
                let x1 = _mm512_loadu_si512(p.add(i + 48).cast());
                let x2 = _mm512_loadu_si512(p.add(i + 96).cast());
                let x3 = _mm512_loadu_si512(p.add(i + 144).cast());
                _mm512_storeu_si512(q.add(o).cast(), encode_block(x0, alphabet));
                _mm512_storeu_si512(q.add(o + 64).cast(), encode_block(x1, alphabet));
                _mm512_storeu_si512(q.add(o + 128).cast(), encode_block(x2, alphabet));
                _mm512_storeu_si512(q.add(o + 192).cast(), encode_block(x3, alphabet));
                i += 192;
                o += 256;
            }
            while i < end {
                let k = (end - i).min(48);
                if i + 64 <= src.len() && o + 64 <= dst.len() {
                    // Room for whole vectors: what they add past the line is overwritten by
                    // what follows (cheaper than masked loads and stores).
                    let x = _mm512_loadu_si512(p.add(i).cast());
                    _mm512_storeu_si512(q.add(o).cast(), encode_block(x, alphabet));
                } else {
                    let x = _mm512_maskz_loadu_epi8(mask(k), p.add(i).cast());
                    let y = encode_block(x, alphabet);
                    _mm512_mask_storeu_epi8(q.add(o).cast(), mask(k / 3 * 4), y);
                }
                i += k;
                o += k / 3 * 4;
            }
            if i < n {
                o += super::scalar::put_sep(dst, o, sep);
            }
        }
    }
    o
}

/// The decode kernel (contract of `generic::decode`).
///
/// # Safety
/// As `generic::decode`; the CPU has the `avx512` level's features.
#[inline(always)]
pub(crate) unsafe fn decode(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    a: &Alphabet,
    forgiving: bool,
) -> (usize, usize) {
    let mut i = 0;
    let mut o = 0;
    // SAFETY: AVX-512 per the contract; loads read `src + i .. src + i + 64` with `i + 64 <=
    // len`, stores write 48 bytes at `dst + o` with `o + 48 <= cap` (in place: see the module
    // docs).
    unsafe {
        let lut_lo = _mm512_loadu_si512(a.ascii.as_ptr().cast());
        let lut_hi = _mm512_loadu_si512(a.ascii.as_ptr().add(64).cast());
        let pack = _mm512_loadu_si512(PACK.as_ptr().cast());
        let values = |x: __m512i| _mm512_permutex2var_epi8(lut_lo, x, lut_hi);
        let bad = |x: __m512i, v: __m512i| _mm512_movepi8_mask(_mm512_or_si512(x, v));
        let to_bytes = |v: __m512i| {
            let pairs = _mm512_maddubs_epi16(v, _mm512_set1_epi32(0x0140_0140));
            let triples = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_1000));
            _mm512_permutexvar_epi8(pack, triples)
        };
        let store = |y: __m512i, q: *mut u8| _mm512_mask_storeu_epi8(q.cast(), mask(48), y);
        let misaligned = src as usize % 64;
        if len >= 4096 && cap >= 3072 && misaligned.is_multiple_of(4) && misaligned != 0 {
            // Long texts: a first short block so that every later load is 64-byte aligned
            // (a load across two cache lines costs twice once the data outgrows L2).
            let k = 64 - misaligned;
            let x = _mm512_maskz_loadu_epi8(mask(k), src.cast());
            let v = values(x);
            if bad(x, v) & mask(k) == 0 {
                _mm512_mask_storeu_epi8(dst.cast(), mask(k / 4 * 3), to_bytes(v));
                i = k;
                o = k / 4 * 3;
            }
        }
        let mut lines_tried = false;
        'blocks: loop {
            while i + 128 <= len && o + 96 <= cap {
                let x0 = _mm512_loadu_si512(src.add(i).cast());
                let x1 = _mm512_loadu_si512(src.add(i + 64).cast());
                let (v0, v1) = (values(x0), values(x1));
                if bad(x0, v0) | bad(x1, v1) != 0 {
                    break;
                }
                let (y0, y1) = (to_bytes(v0), to_bytes(v1));
                store(y0, dst.add(o));
                store(y1, dst.add(o + 48));
                i += 128;
                o += 96;
            }
            while i + 64 <= len && o + 48 <= cap {
                let x = _mm512_loadu_si512(src.add(i).cast());
                let v = values(x);
                if bad(x, v) != 0 {
                    break;
                }
                store(to_bytes(v), dst.add(o));
                i += 64;
                o += 48;
            }
            if !forgiving || i + 64 > len || o + 48 > cap {
                return (i, o);
            }
            if !lines_tried {
                // The first non-symbol of the text: try the text as lines (see
                // `decode_lines`).
                lines_tried = true;
                let tables = Tables { lut_lo, lut_hi, pack };
                let (ni, no) = decode_lines(src, len, dst, cap, i, o, tables);
                if ni != i {
                    (i, o) = (ni, no);
                    continue 'blocks;
                }
            }
            // Whitespace: the block's values compressed and appended to a carry register
            // of `s < 64` values (one rotation by `s` and a blend), a vector decoded each
            // time 64 are there.
            let iota = _mm512_loadu_si512(IOTA.as_ptr().cast());
            let mut carry = _mm512_setzero_si512();
            let mut s = 0usize;
            while i + 64 <= len && o + 48 <= cap {
                let x = _mm512_loadu_si512(src.add(i).cast());
                let v = values(x);
                let bad = bad(x, v);
                // Whitespace: 0xC0 from the table for an ASCII input byte.
                let space =
                    _mm512_test_epi8_mask(v, _mm512_set1_epi8(0x40)) & !_mm512_movepi8_mask(x);
                if bad & !space != 0 {
                    break;
                }
                let k = (!space).count_ones() as usize;
                let packed = _mm512_maskz_compress_epi8(!space, v);
                // rotated[p] = packed[(p - s) mod 64]: the new values after the carried ones
                // (and, below `s`, those that do not fit, as the next carry).
                let by = _mm512_sub_epi8(iota, _mm512_set1_epi8(s as i8));
                let rotated = _mm512_permutexvar_epi8(by, packed);
                let joined = _mm512_mask_blend_epi8(mask(s), rotated, carry);
                i += 64;
                // Without branches (a vector is complete in most blocks of text with line
                // breaks, but not in a predictable pattern): the store is masked off when the
                // 64 values are not there yet.
                let full = s + k >= 64;
                let all = 0u64.wrapping_sub(u64::from(full));
                _mm512_mask_storeu_epi8(dst.add(o).cast(), mask(48) & all, to_bytes(joined));
                o += 48 & all as usize;
                carry = _mm512_mask_blend_epi8(all, joined, rotated);
                s = s + k - (64 & all as usize);
                if s == 0 {
                    continue 'blocks;
                }
            }
            let mut r = s;
            while r > 0 {
                i -= 1;
                if !is_space(*src.add(i)) {
                    r -= 1;
                }
            }
            return (i, o);
        }
    }
}

/// The decoder's tables in registers.
#[derive(Clone, Copy)]
struct Tables {
    lut_lo: __m512i,
    lut_hi: __m512i,
    pack: __m512i,
}

impl Tables {
    /// The values of the symbols of `x` and a mask of its non-symbols.
    #[inline(always)]
    unsafe fn values(self, x: __m512i) -> (__m512i, u64) {
        // SAFETY: AVX-512 VBMI per the caller.
        unsafe {
            let v = _mm512_permutex2var_epi8(self.lut_lo, x, self.lut_hi);
            (v, _mm512_movepi8_mask(_mm512_or_si512(x, v)))
        }
    }

    /// The bytes of 64 values, in the order `pack` gives (three bytes of each 32-bit lane).
    #[inline(always)]
    unsafe fn bytes(self, v: __m512i, pack: __m512i) -> __m512i {
        // SAFETY: AVX-512 VBMI per the caller.
        unsafe {
            let pairs = _mm512_maddubs_epi16(v, _mm512_set1_epi32(0x0140_0140));
            let triples = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_1000));
            _mm512_permutexvar_epi8(pack, triples)
        }
    }

    /// Stores the 48 bytes of 64 values at `q`.
    #[inline(always)]
    unsafe fn store(self, v: __m512i, q: *mut u8) {
        // SAFETY: AVX-512 VBMI per the caller; 48 bytes at `q` writable.
        unsafe { _mm512_mask_storeu_epi8(q.cast(), mask(48), self.bytes(v, self.pack)) }
    }
}

/// Within each 128-bit lane: the bytes of its first four 32-bit lanes, most significant
/// first (12 bytes), then zeros.
const PACK_LANES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 16 {
        let (lane, g) = (k / 4, k % 4);
        let b = (16 * lane + 4 * g) as u8;
        t[16 * lane + 3 * g] = b + 2;
        t[16 * lane + 3 * g + 1] = b + 1;
        t[16 * lane + 3 * g + 2] = b;
        k += 1;
    }
    t
};

/// Forgiving decoding of text in lines (MIME, PEM), as `generic::decode_lines`: lines of
/// `L` symbols (the first line's, `64 <= L <= 256`, whole vectors and a tail of at most 16)
/// and the same separator, four lines a step, their tails in the four 128-bit lanes of one
/// vector; each line's vectors are stored, then its tail's 16 bytes (past the line's output,
/// rewritten by the next line's vectors). In place, as there, each store ends at or before
/// the next line's first byte. Returns the input position of the first line not decoded
/// (`i` when none) and the output written.
///
/// # Safety
/// As `decode`; `i + 64 <= len`, `o` the output of the symbols before `i`.
#[inline(always)]
unsafe fn decode_lines(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    i: usize,
    mut o: usize,
    tb: Tables,
) -> (usize, usize) {
    // SAFETY: AVX-512 per the caller; reads are checked against `len` and writes against
    // `cap` where they are made.
    unsafe {
        let (v, bad) = tb.values(_mm512_loadu_si512(src.add(i).cast()));
        let j = i + bad.trailing_zeros() as usize;
        let line = j;
        let (full, t) = (line / 64, line % 64);
        if !(64..=256).contains(&line) || !line.is_multiple_of(4) || t > 16 || j + 2 > len {
            return (i, o);
        }
        let Some(sep) = scalar::line_separator(src, j) else { return (i, o) };
        let first = *src.add(j);
        // The rest of the first line.
        let mut buf = [0u8; 64];
        tb.store(v, buf.as_mut_ptr());
        let Some(end) = scalar::first_line_out(dst, cap, o, (j - i) / 4 * 3, &buf) else {
            return (i, o);
        };
        o = end;
        let mut pos = j + sep;
        let stride = line + sep;
        let out = line / 4 * 3;
        let tail_bad = 0x0001_0001_0001_0001u64 * ((1u64 << t) - 1);
        let pack_lanes = _mm512_loadu_si512(PACK_LANES.as_ptr().cast());
        while pos + 4 * stride <= len
            && pos + 3 * stride + full * 64 + 16 <= len
            && o + 4 * out + 16 <= cap
        {
            let mut bad = 0u64;
            for l in 0..4 {
                let at = pos + l * stride;
                let e = at + line;
                if *src.add(e) != first || (sep == 2 && *src.add(e + 1) != b'\n') {
                    return (pos, o);
                }
                for k in 0..full {
                    bad |= tb.values(_mm512_loadu_si512(src.add(at + 64 * k).cast())).1;
                }
            }
            let tail_in = |l: usize| src.add(pos + l * stride + 64 * full).cast::<__m128i>();
            let x = _mm512_castsi128_si512(_mm_loadu_si128(tail_in(0)));
            let x = _mm512_inserti32x4::<1>(x, _mm_loadu_si128(tail_in(1)));
            let x = _mm512_inserti32x4::<2>(x, _mm_loadu_si128(tail_in(2)));
            let x = _mm512_inserti32x4::<3>(x, _mm_loadu_si128(tail_in(3)));
            let (tv, tbad) = tb.values(x);
            if bad | (tbad & tail_bad) != 0 {
                return (pos, o);
            }
            let tail = tb.bytes(tv, pack_lanes);
            let lanes = [
                _mm512_castsi512_si128(tail),
                _mm512_extracti32x4_epi32::<1>(tail),
                _mm512_extracti32x4_epi32::<2>(tail),
                _mm512_extracti32x4_epi32::<3>(tail),
            ];
            for (l, lane) in lanes.into_iter().enumerate() {
                let (at, q) = (pos + l * stride, o + l * out);
                for k in 0..full {
                    let v = tb.values(_mm512_loadu_si512(src.add(at + 64 * k).cast())).0;
                    tb.store(v, dst.add(q + 48 * k));
                }
                if t > 0 {
                    _mm_storeu_si128(dst.add(q + 48 * full).cast(), lane);
                }
            }
            pos += 4 * stride;
            o += 4 * out;
        }
        (pos, o)
    }
}
