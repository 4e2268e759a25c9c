//! The AVX-512 kernels (VBMI, VBMI2): 64-byte permutes take any alphabet whole, so there
//! are no nibble tables and no windows.
//!
//! ```text
//! encode, 48 bytes to 64 symbols:
//!     vpermb: each 3 bytes [a b c] to a 32-bit lane [b a c b]
//!     vpmultishiftqb: each sextet's 8 bits from its bit offset (10, 4, 22, 16 per lane)
//!     vpermb: sextet (low 6 bits) to symbol through the 64-byte alphabet
//! encode in 76-column lines, 64 bytes of output (symbols and separators) a step:
//!     vpermb and vpmultishiftqb as above, both from that vector's tables; the alphabet
//!     vpermb merge-masked to keep the separators
//! decode, 64 symbols to 48 bytes:
//!     vpermi2b through the 128-byte ASCII table: the value, or 0x80 (non-symbol), 0xC0
//!     (whitespace); a high bit in the result or the input marks a non-symbol
//!     pack: pmaddubsw, pmaddwd, vpermb 48 bytes, masked store
//! forgiving decode: text in regular lines (MIME, PEM) is read 64 symbols a window as if it
//!     had no lines, a merging masked load skipping the separator; a block with other
//!     whitespace is compressed (vpcompressb) and appended to a register of carried values
//!     (vpermb by the carry's length, a blend)
//! ```
//!
//! Inputs under 64 bytes are encoded from one masked load, and the last symbols of a text
//! (under 64) are decoded from one: no scalar loop for whole groups. In place, a block
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

/// As `SPREAD` for the bytes from 48 on: the first five groups are bytes 48 to 62 (the
/// indices wrap past 63, onto groups no input has).
const SPREAD_HI: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = (SPREAD[k] + 48) & 63;
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

/// The tables of [`encode_lines`] for one line layout (symbols a line, separator length):
/// for each 64-byte output vector of one period of the text (the fewest lines whose length
/// with separators is a whole number of vectors), where its input starts and how it is made.
///
/// Each qword of output holds at most 8 symbols (or fewer and separator bytes), whose bits
/// come from at most 8 consecutive input bytes; `spread` puts those bytes in the qword in
/// descending order, so that every sextet's bits are adjacent and in order, and `shifts`
/// gives each output byte's sextet's bit offset (`vpmultishiftqb`). Separator bytes are the
/// set bits of `seps`, kept from a vector of separators by the masked alphabet lookup.
#[repr(C, align(64))]
struct LineTables<const N: usize> {
    spread: [[u8; 64]; N],
    shifts: [[u8; 64]; N],
    seps: [u64; N],
    /// The input offset of each vector's load, from the period's start.
    at: [u16; N],
    /// The input bytes of a period.
    period: usize,
    /// The input bytes of a line.
    line: usize,
    /// The output bytes of a line and its separator.
    width: usize,
}

/// The input bytes of symbol `u` of a text: the first and the last.
const fn symbol_bytes(u: usize) -> (usize, usize) {
    let g = 3 * (u / 4);
    match u % 4 {
        0 => (g, g),
        1 => (g, g + 1),
        2 => (g + 1, g + 2),
        _ => (g + 2, g + 2),
    }
}

/// The symbol or separator at output position `pos` of text in lines of `chars` symbols and
/// `sep` separator bytes: `Some(symbol index)`, or `None` for a separator byte.
const fn symbol_at(pos: usize, chars: usize, sep: usize) -> Option<usize> {
    let (line, col) = (pos / (chars + sep), pos % (chars + sep));
    if col < chars {
        Some(line * chars + col)
    } else {
        None
    }
}

/// Builds [`LineTables`] for lines of `chars` symbols (a multiple of 4, at least 64) and a
/// separator of `sep` bytes; `N` vectors are a period. A two-byte separator must start at
/// even positions (the vector of separators repeats its two bytes).
const fn line_tables<const N: usize>(chars: usize, sep: usize) -> LineTables<N> {
    let width = chars + sep;
    assert!(chars.is_multiple_of(4) && chars >= 64 && (N * 64).is_multiple_of(width));
    let mut t = LineTables {
        spread: [[0; 64]; N],
        shifts: [[0; 64]; N],
        seps: [0; N],
        at: [0; N],
        period: N * 64 / width * (chars / 4 * 3),
        line: chars / 4 * 3,
        width,
    };
    let mut m = 0;
    while m < N {
        // The vector's first symbol (it starts on one, or on the separator before one).
        let mut first = 64 * m;
        let first = loop {
            if let Some(u) = symbol_at(first, chars, sep) {
                break u;
            }
            first += 1;
        };
        let at = first / 4 * 3;
        t.at[m] = at as u16;
        let mut w = 0;
        while w < 8 {
            let (mut lo, mut hi) = (usize::MAX, 0);
            let mut j = 0;
            while j < 8 {
                let pos = 64 * m + 8 * w + j;
                match symbol_at(pos, chars, sep) {
                    Some(u) => {
                        let (a, b) = symbol_bytes(u);
                        if a - at < lo {
                            lo = a - at;
                        }
                        if b - at > hi {
                            hi = b - at;
                        }
                    }
                    None => {
                        t.seps[m] |= 1 << (8 * w + j);
                        let col = pos % width;
                        assert!(sep == 1 || col != chars || pos % 2 == 0);
                    }
                }
                j += 1;
            }
            // Lines are longer than a qword: every qword has a symbol.
            assert!(lo <= hi && hi - lo < 8 && hi < 64);
            let mut k = 0;
            while k < 8 {
                t.spread[m][8 * w + k] = if hi >= k { (hi - k) as u8 } else { 0 };
                k += 1;
            }
            let mut j = 0;
            while j < 8 {
                if let Some(u) = symbol_at(64 * m + 8 * w + j, chars, sep) {
                    // The byte that holds the sextet's low bits, and their offset in it.
                    let (a, b) = symbol_bytes(u);
                    let (low, bit) = match u % 4 {
                        0 => (a, 2),
                        1 => (b, 4),
                        2 => (b, 6),
                        _ => (b, 0),
                    };
                    t.shifts[m][8 * w + j] = (8 * (hi - (low - at)) + bit) as u8;
                }
                j += 1;
            }
            w += 1;
        }
        m += 1;
    }
    t
}

/// MIME's layout: 76 symbols a line, CRLF (32 lines a period).
static LINES_76_CRLF: LineTables<39> = line_tables(76, 2);
/// 76 symbols a line, LF (64 lines a period).
static LINES_76_LF: LineTables<77> = line_tables(76, 1);

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
        if line == usize::MAX && src.len() < 64 {
            return encode_short(src, dst, alphabet);
        }
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
        if line == 57 && (sep.len() == 1 || sep.len() == 2) {
            // 76-symbol lines (MIME): whole output vectors, separators and all (see
            // `encode_lines`).
            (i, o) = if sep.len() == 2 {
                let seps = _mm512_set1_epi16(i16::from_le_bytes([sep[0], sep[1]]));
                encode_lines(p, n, q, cap, alphabet, seps, &LINES_76_CRLF)
            } else {
                encode_lines(p, n, q, cap, alphabet, _mm512_set1_epi8(sep[0] as i8), &LINES_76_LF)
            };
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

/// Line-broken encoding from the text's start, one whole 64-byte output vector a step
/// whatever the lines: the vector's input bytes (at most 51 from its table's offset) are
/// loaded, spread and cut into sextets by its tables, and the alphabet lookup is masked
/// to keep the separators of `seps` where the vector has them. The same work per vector as
/// plain encoding, and no store for separators. Stops while a whole vector of input is
/// left (and output room), and returns the end of the last whole line written with its
/// separator, `(input, output)`, for the other loops to go on from.
///
/// # Safety
/// AVX-512 VBMI; `p` reads `n` bytes, `q` writes `cap`; `n` whole groups, lines of
/// `t`'s layout.
#[inline(always)]
unsafe fn encode_lines<const N: usize>(
    p: *const u8,
    n: usize,
    q: *mut u8,
    cap: usize,
    alphabet: __m512i,
    seps: __m512i,
    t: &LineTables<N>,
) -> (usize, usize) {
    if n < t.period + 64 {
        // Under a whole period the tables' loads do not pay for themselves (570 bytes of
        // LF lines: 34 ns with the other loops, 40 with these).
        return (0, 0);
    }
    let mut base = 0;
    let mut o = 0;
    // Macro, not closure: closures do not inherit the target features.
    macro_rules! vector {
        ($m:expr, $at:expr) => {
            let x = _mm512_loadu_si512(p.add($at).cast());
            let spread = _mm512_load_si512(t.spread[$m].as_ptr().cast());
            let spread = _mm512_permutexvar_epi8(spread, x);
            let shifts = _mm512_load_si512(t.shifts[$m].as_ptr().cast());
            let sextets = _mm512_multishift_epi64_epi8(shifts, spread);
            let y = _mm512_mask_permutexvar_epi8(seps, !t.seps[$m], sextets, alphabet);
            _mm512_storeu_si512(q.add(o).cast(), y);
            o += 64;
        };
    }
    // SAFETY: loads read `p + at .. + 64` with that end at most `n` (a period's last vector
    // loads at most 64 bytes from before its end); stores write `q + o .. + 64` with that
    // end at most `cap`; AVX-512 VBMI per the caller.
    unsafe {
        // Whole periods, unchecked inside.
        while base + t.period + 64 <= n && o + 64 * N <= cap {
            for m in 0..N {
                vector!(m, base + t.at[m] as usize);
            }
            base += t.period;
        }
        // The last part of a period, checking each vector.
        for m in 0..N {
            let at = base + t.at[m] as usize;
            if at + 64 > n || o + 64 > cap {
                break;
            }
            vector!(m, at);
        }
    }
    // Every vector's symbols come from before `at + 51 < n`, so a separator written is
    // followed by more text: the lines written whole end with theirs.
    let lines = o / t.width;
    (lines * t.line, lines * t.width)
}

/// Plain encoding of fewer than 64 bytes (at most 21 groups): one masked load of the input,
/// its first 16 groups and the rest encoded from the same register, two masked stores.
///
/// # Safety
/// AVX-512 VBMI; `src.len() < 64`; `dst` holds the symbols of the whole groups.
#[inline(always)]
unsafe fn encode_short(src: &[u8], dst: &mut [u8], alphabet: __m512i) -> usize {
    let chars = src.len() / 3 * 4;
    let q = dst.as_mut_ptr();
    // SAFETY: the masked load reads `src`'s bytes only; the stores write the `chars <= dst.len()`
    // symbols only; AVX-512 VBMI per the caller.
    unsafe {
        let x = _mm512_maskz_loadu_epi8(mask(src.len()), src.as_ptr().cast());
        _mm512_mask_storeu_epi8(q.cast(), mask(chars), encode_block(x, alphabet));
        if chars > 64 {
            let hi = _mm512_loadu_si512(SPREAD_HI.as_ptr().cast());
            let y = encode_spread(x, hi, alphabet);
            _mm512_mask_storeu_epi8(q.add(64).cast(), mask(chars - 64), y);
        }
    }
    chars
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
        // Methods, not closures: closures do not inherit the target features, and one that
        // is not inlined calls every intrinsic out of line.
        let tb = Tables { lut_lo, lut_hi, pack };
        let misaligned = src as usize % 64;
        if len >= 4096 && cap >= 3072 && misaligned.is_multiple_of(4) && misaligned != 0 {
            // Long texts: a first short block so that every later load is 64-byte aligned
            // (a load across two cache lines costs twice once the data outgrows L2).
            let k = 64 - misaligned;
            let x = _mm512_maskz_loadu_epi8(mask(k), src.cast());
            let (v, bad) = tb.values(x);
            if bad & mask(k) == 0 {
                _mm512_mask_storeu_epi8(dst.cast(), mask(k / 4 * 3), tb.bytes(v, pack));
                i = k;
                o = k / 4 * 3;
            }
        }
        let mut lines_tried = false;
        'blocks: loop {
            while i + 128 <= len && o + 96 <= cap {
                let x0 = _mm512_loadu_si512(src.add(i).cast());
                let x1 = _mm512_loadu_si512(src.add(i + 64).cast());
                let ((v0, bad0), (v1, bad1)) = (tb.values(x0), tb.values(x1));
                if bad0 | bad1 != 0 {
                    break;
                }
                tb.store(v0, dst.add(o));
                tb.store(v1, dst.add(o + 48));
                i += 128;
                o += 96;
            }
            while i + 64 <= len && o + 48 <= cap {
                let x = _mm512_loadu_si512(src.add(i).cast());
                let (v, bad) = tb.values(x);
                if bad != 0 {
                    break;
                }
                tb.store(v, dst.add(o));
                i += 64;
                o += 48;
            }
            if i + 64 > len {
                // Fewer than 64 bytes left: one masked load, and the whole groups of symbols
                // before the first non-symbol (or the end) decoded with one masked store.
                // The final group, when it has padding or is short, stays for the scalar
                // code. In place, the store ends at `o + 3k/4 <= i + k`, inside what was
                // read.
                let r = len - i;
                if r == 0 {
                    return (i, o);
                }
                let x = _mm512_maskz_loadu_epi8(mask(r), src.add(i).cast());
                let (v, bad) = tb.values(x);
                // Bytes past the end count as non-symbols: `r < 64`, so one is found.
                let k = (bad | !mask(r)).trailing_zeros() as usize / 4 * 4;
                if k > 0 && o + k / 4 * 3 <= cap {
                    _mm512_mask_storeu_epi8(dst.add(o).cast(), mask(k / 4 * 3), tb.bytes(v, pack));
                    i += k;
                    o += k / 4 * 3;
                }
                return (i, o);
            }
            if !forgiving || o + 48 > cap {
                return (i, o);
            }
            if !lines_tried {
                // The first non-symbol of the text: try the text as lines (see
                // `decode_lines`).
                lines_tried = true;
                let (ni, no) = decode_lines(src, len, dst, cap, i, o, tb);
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
                let (v, bad) = tb.values(x);
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
                _mm512_mask_storeu_epi8(dst.add(o).cast(), mask(48) & all, tb.bytes(joined, pack));
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

/// Forgiving decoding of text in lines (MIME, PEM): lines of `L` symbols (the first
/// line's, `L >= 64`, a multiple of 4) and the same separator after each. The symbols are
/// taken 64 a vector as if the text had no lines: a line holds at least a vector's symbols,
/// so a window of 64 crosses at most one line end, and there the separator is compared and
/// the window's symbols after it are loaded `sep` bytes further on into the same register
/// (a merging masked load). So decoding costs the plain decoder's vector and one more load
/// per line end. Returns where it stopped (`i` when it decoded nothing: the text is not in
/// such lines) and the output written; any byte that does not fit the pattern stops it, and
/// the caller goes on from there.
///
/// In place: a window's store of 48 bytes at `o` follows its loads, and `o` is at most 3/4
/// of the symbols before the window, so the store ends at or before `3a/4 + 48 <= a + 64`,
/// where `a` is the window's first byte: no further than the bytes read.
///
/// # Safety
/// As `decode`; `i + 64 <= len`, `src[..i]` all symbols (decoded from the text's start) and
/// `o` their output.
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
        let bad = tb.values(_mm512_loadu_si512(src.add(i).cast())).1;
        // The end of the first line: it started at the text's start.
        let line = i + bad.trailing_zeros() as usize;
        if line < 64 || !line.is_multiple_of(4) || line + 2 > len {
            return (i, o);
        }
        let Some(s) = scalar::line_separator(src, line) else { return (i, o) };
        let first = *src.add(line);
        let is_sep = |at: usize| *src.add(at) == first && (s == 1 || *src.add(at + 1) == b'\n');
        let mut a = i;
        // The symbols of the current line before `a`.
        let mut r = i;
        while a + 64 + s <= len && o + 48 <= cap {
            // The symbols left in the line: the window crosses its end when `b < 64`.
            let b = line - r;
            if b <= 64 && !is_sep(a + b) {
                break;
            }
            let x = _mm512_loadu_si512(src.add(a).cast());
            let x =
                if b < 64 { _mm512_mask_loadu_epi8(x, !mask(b), src.add(a + s).cast()) } else { x };
            let (v, bad) = tb.values(x);
            if bad != 0 {
                break;
            }
            tb.store(v, dst.add(o));
            o += 48;
            if b <= 64 {
                a += 64 + s;
                r = 64 - b;
            } else {
                a += 64;
                r += 64;
            }
        }
        (a, o)
    }
}
