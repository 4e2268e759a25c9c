//! The Base64 kernels of the table-lookup levels (SSE4.2, AVX2, NEON), written once over
//! core-cpu's [`Shuffle`] and [`MulAdd`] vectors (Muła and Lemire, "Faster Base64 encoding
//! and decoding using AVX2 instructions", 2018):
//!
//! ```text
//! encode, 12 bytes per 16-byte window (AVX2: two windows, 24 bytes, read 12 bytes apart):
//!     spread each 3 bytes [a b c] to a 32-bit lane [b a c b] (pshufb)
//!     cut the four sextets out with one unsigned high and one low 16-bit multiply
//!     sextet to symbol: add an offset picked by a 16-entry table lookup of its range
//!         (index: sextet - 51 saturated, + 1 above 25)
//! decode, 16 symbols per window:
//!     classify: lo_table[x & 15] & hi_table[x >> 4] != 0 marks a non-symbol
//!     value = x + roll[x >> 4] (one symbol of the alphabet has a slot of its own)
//!     pack sextets: pmaddubsw (a*64 + b), pmaddwd (ab*4096 + cd), pshufb 12 bytes a window
//! forgiving decode, a block with whitespace and nothing else wrong:
//!     compress the block's symbols into a staging buffer (a pshufb per 8 bytes, indices
//!     from a 256-entry table of the 8-bit keep mask), decode four vectors at a time from it
//! ```
//!
//! The kernels stop at the first block that has anything they do not handle (padding, an
//! invalid byte, the end) and the scalar code finishes from a group boundary, so errors and
//! the final group have one implementation at every level.
//!
//! In place (`dst == src`): a block reads `B` bytes at `i` and writes `3B/4 + 4` at
//! `o = 3i/4`; `o + 3B/4 + 4 <= i + B` because `i + B >= 16`, so every store ends at or
//! before the next load. Decoding from the staging buffer writes `3B/4 + 4` bytes at
//! `3c/4`, where `c` symbols were decoded before and `c + B` symbols have been read, so it
//! too ends before the input not yet read.

use super::alphabet::{is_space, Alphabet, Kind, Luts};
use super::scalar;
use core_cpu::vector::{MulAdd, Shuffle, Vector};

/// Within a 16-byte window: bytes `[a b c]` of each 3 to the 32-bit lane `[b a c b]`.
const SPREAD: [u8; 16] = [1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10];
/// As `SPREAD` for the window's last 12 bytes (a window that ends where the input ends).
const SPREAD_END: [u8; 16] = [5, 4, 6, 5, 8, 7, 9, 8, 11, 10, 12, 11, 14, 13, 15, 14];
/// Within a 16-byte window: the three bytes of each 32-bit lane, most significant first.
const PACK: [u8; 16] = [2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 0x80, 0x80, 0x80, 0x80];

/// The encoder's multipliers: `mulhi` moves the first and third sextet of each lane down,
/// `mullo` the second and fourth up, into their bytes.
static MUL_HI: u32 = 0x0400_0040;
static MUL_LO: u32 = 0x0100_0010;
/// The bits of the sextets `MUL_HI` and `MUL_LO` move.
static MASK_HI: u32 = 0x0FC0_FC00;
static MASK_LO: u32 = 0x003F_03F0;

/// Per 8-bit keep mask: the indices of its set bits, then zeroing indices (`+ 8` for the
/// high half of a window).
static COMPRESS: [[[u8; 16]; 256]; 2] = {
    let mut t = [[[0x80u8; 16]; 256]; 2];
    let mut m = 0;
    while m < 256 {
        let mut n = 0;
        let mut b = 0;
        while b < 8 {
            if m & (1 << b) != 0 {
                t[0][m][n] = b as u8;
                t[1][m][n] = b as u8 + 8;
                n += 1;
            }
            b += 1;
        }
        m += 1;
    }
    t
};

/// The encode kernel: see [`scalar::encode`] for the contract.
///
/// # Safety
/// As [`scalar::encode`]; the CPU runs `V`'s level.
#[inline(always)]
pub(crate) unsafe fn encode<V: Shuffle>(
    src: &[u8],
    dst: &mut [u8],
    a: &Alphabet,
    line: usize,
    sep: &[u8],
) -> usize {
    // SAFETY: forwarded.
    unsafe {
        match a.kind {
            Kind::Standard => encode_with::<V>(src, dst, a, line, sep, &Luts::STANDARD),
            Kind::UrlSafe => encode_with::<V>(src, dst, a, line, sep, &Luts::URL_SAFE),
            Kind::Other => scalar::encode(src, dst, a, line, sep),
        }
    }
}

/// One vector of input windows to one vector of symbols.
#[inline(always)]
unsafe fn encode_vector<V: Shuffle>(x: V, shift: V, mul: (V, V, V, V)) -> V {
    // SAFETY: CPU per the caller.
    unsafe { encode_spread(x, V::table(&SPREAD), shift, mul) }
}

/// One vector of input windows, the bytes `table` picks from each, to one vector of symbols.
#[inline(always)]
unsafe fn encode_spread<V: Shuffle>(x: V, table: V, shift: V, mul: (V, V, V, V)) -> V {
    // SAFETY: CPU per the caller.
    unsafe {
        let spread = x.shuffle(table);
        // Sextets 0 and 2 (bits 10..16 and 22..28 of the lane) down into bytes 0 and 2: at
        // AVX2 by two 32-bit shifts, as the textbook unsigned high multiply compiles to
        // widening shuffles there, which contend for the shuffle port with the lookups.
        let x = spread.and(mul.2);
        let hi = if V::BYTES == 32 {
            x.shr32::<10>()
                .and(V::splat32(0x0000_003F))
                .or(x.shr32::<6>().and(V::splat32(0x003F_0000)))
        } else {
            // 16-byte levels: the multiply compiles to one instruction, and SSE's shuffle
            // port has room.
            x.mulhi_u16(mul.0)
        };
        let lo = spread.and(mul.3).mullo16(mul.1);
        let sextets = hi.or(lo);
        // Table index: `v - 51` saturated, plus one where `v > 25` (the compare's -1).
        let range = sextets.subs_u8(V::splat8(51)).sub8(sextets.gt_i8(V::splat8(25)));
        sextets.add8(range.lookup(shift))
    }
}

#[inline(always)]
unsafe fn encode_with<V: Shuffle>(
    src: &[u8],
    dst: &mut [u8],
    a: &Alphabet,
    line: usize,
    sep: &[u8],
    luts: &Luts,
) -> usize {
    let windows = V::BYTES / 16;
    let bin = 12 * windows; // input bytes a vector encodes
    let reach = bin + 4; // input bytes a vector reads
    let n = src.len() / 3 * 3;
    let p = src.as_ptr();
    let q = dst.as_mut_ptr();
    let cap = dst.len();
    let mut i = 0;
    let mut o = 0;
    // SAFETY: CPU per the caller; every load reads `p + i .. p + i + reach` with `i + reach
    // <= src.len()` (the last vector of the input: `end - reach .. end`), every store writes `q + o .. q + o + BYTES` with `o + BYTES <= cap`
    // (checked for the one store that may run past the line, exact otherwise by the
    // contract).
    unsafe {
        let shift = V::table(&luts.shift);
        // The multipliers and masks read as opaque values: known constants let LLVM turn
        // the two multiplies into per-lane shifts or widened multiplies, which take
        // shuffles at `avx2` and SSE (1.4x slower).
        let mul = (
            V::splat32(core::ptr::read_volatile(&MUL_HI)),
            V::splat32(core::ptr::read_volatile(&MUL_LO)),
            V::splat32(core::ptr::read_volatile(&MASK_HI)),
            V::splat32(core::ptr::read_volatile(&MASK_LO)),
        );
        let load = |i: usize| V::load_windows(p.add(i), p.add(i + 12));
        let (full, tail) = if line == usize::MAX { (0, 0) } else { (line / bin, line % bin) };
        if V::BYTES == 32 && full >= 1 && line <= 4 * bin && tail > 0 && tail <= 12 {
            // Lines of whole vectors and a tail that fits one window (MIME's 57 bytes: 24,
            // 24 and 9): two lines a step, their tails encoded together in one vector's two
            // windows, so a line costs 2.5 vectors rather than 3. The stores go in line
            // order: line A's vectors, both tails (A's runs past A's end into B's start, B's
            // past B's end), B's vectors (which rewrite B's start), then both separators.
            let chars = line / 3 * 4;
            let step = chars + sep.len();
            let tail_out = full * V::BYTES;
            while i + 2 * line < n
                && i + line + full * bin + 16 <= src.len()
                && o + 2 * step + V::BYTES <= cap
            {
                let b = i + line;
                let t = encode_vector(
                    V::load_windows(p.add(i + full * bin), p.add(b + full * bin)),
                    shift,
                    mul,
                );
                for v in 0..full {
                    encode_vector(load(i + v * bin), shift, mul).store(q.add(o + v * V::BYTES));
                }
                t.store_windows(q.add(o + tail_out), q.add(o + step + tail_out));
                for v in 0..full {
                    encode_vector(load(b + v * bin), shift, mul)
                        .store(q.add(o + step + v * V::BYTES));
                }
                for at in [o + chars, o + step + chars] {
                    *q.add(at) = sep[0];
                    if sep.len() > 1 {
                        *q.add(at + 1) = sep[1];
                    }
                }
                i += 2 * line;
                o += 2 * step;
            }
        }
        if line <= 4 * bin {
            // Short lines (MIME's 57 bytes, PEM's 48): whole vectors a line, while the input
            // and output have room for what they add past the line (overwritten by the
            // separator and the next line).
            let chars = line / 3 * 4;
            let vectors = line.div_ceil(bin);
            while i + line <= n
                && i + (vectors - 1) * bin + reach <= src.len()
                && o + vectors * V::BYTES + 2 <= cap
            {
                for v in 0..vectors {
                    encode_vector(load(i + v * bin), shift, mul).store(q.add(o + v * V::BYTES));
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
            let start = i;
            let end = n.min(i.saturating_add(line));
            while i + 4 * bin <= end && i + 3 * bin + reach <= src.len() {
                let x = [0, 1, 2, 3].map(|k| load(i + k * bin));
                for (k, x) in x.into_iter().enumerate() {
                    encode_vector(x, shift, mul).store(q.add(o + k * V::BYTES));
                }
                i += 4 * bin;
                o += 4 * V::BYTES;
            }
            while i + bin <= end && i + reach <= src.len() {
                encode_vector(V::load_windows(p.add(i), p.add(i + 12)), shift, mul).store(q.add(o));
                i += bin;
                o += V::BYTES;
            }
            if i < end {
                // The rest of a line: one more vector when the input and output have room
                // (its extra symbols are overwritten by what follows), else scalar.
                if i + reach <= src.len() && o + V::BYTES <= cap {
                    encode_vector(V::load_windows(p.add(i), p.add(i + 12)), shift, mul)
                        .store(q.add(o));
                    o += (end - i) / 3 * 4;
                } else if end - start >= bin && end >= reach {
                    // At the end of the input: one vector of the line's last `bin` bytes,
                    // its windows read to end at `end` (each window's last 12 bytes
                    // encoded); its symbols end where the line's do and rewrite, with the
                    // same values, those already there. The loop above may have left one
                    // group more than a vector (stopped by `reach`): that one goes first.
                    if end - i > bin {
                        o += scalar::encode_groups(&src[i..end - bin], &mut dst[o..], a);
                        i = end - bin;
                    }
                    o += (end - i) / 3 * 4;
                    let x = V::load_windows(p.add(end - reach), p.add(end - reach + 12));
                    encode_spread(x, V::table(&SPREAD_END), shift, mul).store(q.add(o - V::BYTES));
                } else {
                    o += scalar::encode_groups(&src[i..end], &mut dst[o..], a);
                }
                i = end;
            }
            if i < n {
                o += scalar::put_sep(dst, o, sep);
            }
        }
    }
    o
}

/// The decode kernel: decodes whole groups from the front of `src..src + len` into `dst`
/// while they are plain symbols (and whitespace when `forgiving`), and returns `(i, o)`: the
/// input up to a group boundary and the output written (see [`scalar::finish`]).
///
/// # Safety
/// `src..src + len` readable, `dst..dst + cap` writable, disjoint or `dst == src`; the CPU
/// runs `V`'s level.
#[inline(always)]
pub(crate) unsafe fn decode<V: Shuffle + MulAdd>(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    a: &Alphabet,
    forgiving: bool,
) -> (usize, usize) {
    // SAFETY: forwarded.
    unsafe {
        match a.kind {
            Kind::Standard => decode_with::<V>(src, len, dst, cap, forgiving, &Luts::STANDARD),
            Kind::UrlSafe => decode_with::<V>(src, len, dst, cap, forgiving, &Luts::URL_SAFE),
            Kind::Other => (0, 0),
        }
    }
}

/// The decoder's tables in registers.
#[derive(Clone, Copy)]
struct Decoder<V> {
    lo: V,
    hi: V,
    roll: V,
    special: V,
    special_add: V,
}

impl<V: Shuffle + MulAdd> Decoder<V> {
    /// Non-zero bytes where `x` is not a symbol.
    #[inline(always)]
    unsafe fn bad(self, x: V) -> V {
        // SAFETY: CPU per the caller.
        unsafe { x.low_nibbles().lookup(self.lo).and(x.high_nibbles().lookup(self.hi)) }
    }

    /// The 12 bytes of each window's 16 symbols (valid ones), in its first 12 bytes.
    #[inline(always)]
    unsafe fn decode(self, x: V) -> V {
        // SAFETY: CPU per the caller.
        unsafe {
            let slot = x.high_nibbles().add8(x.eq8(self.special).and(self.special_add));
            let sextets = x.add8(slot.lookup(self.roll));
            let pairs = sextets.madd_u8_i8(V::splat32(0x0140_0140));
            let triples = pairs.madd_i16(V::splat32(0x0001_1000));
            triples.shuffle(V::table(&PACK))
        }
    }

    /// Stores [`Decoder::decode`]'s output: `3B/4` bytes, `3B/4 + 4` written.
    #[inline(always)]
    unsafe fn store(out: V, q: *mut u8) {
        // SAFETY: per the caller, `q .. q + 3B/4 + 4` is writable.
        unsafe { out.store_windows(q, q.add(12)) }
    }
}

#[inline(always)]
unsafe fn decode_with<V: Shuffle + MulAdd>(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    forgiving: bool,
    luts: &Luts,
) -> (usize, usize) {
    let b = V::BYTES;
    let bout = b / 4 * 3;
    let reach = bout + 4; // bytes a store writes
    let mut i = 0;
    let mut o = 0;
    let mut lines_tried = false;
    // SAFETY: CPU per the caller. Loads read `src + i .. src + i + B` with `i + B <= len`;
    // stores write `dst + o .. dst + o + reach` with `o + reach <= cap` (in place: see the
    // module docs); the staging buffer's accesses are bounded where they are made.
    unsafe {
        let d = Decoder {
            lo: V::table(&luts.lo),
            hi: V::table(&luts.hi),
            roll: V::table(&luts.roll),
            special: V::splat8(luts.special),
            special_add: V::splat8(luts.special_add),
        };
        'blocks: loop {
            while i + 2 * b <= len && o + bout + reach <= cap {
                let (x0, x1) = (V::load(src.add(i)), V::load(src.add(i + b)));
                if d.bad(x0).or(d.bad(x1)).any() {
                    break;
                }
                let (y0, y1) = (d.decode(x0), d.decode(x1));
                Decoder::store(y0, dst.add(o));
                Decoder::store(y1, dst.add(o + bout));
                i += 2 * b;
                o += 2 * bout;
            }
            while i + b <= len && o + reach <= cap {
                let x = V::load(src.add(i));
                if d.bad(x).any() {
                    break;
                }
                Decoder::store(d.decode(x), dst.add(o));
                i += b;
                o += bout;
            }
            if !forgiving || i + b > len || o + reach > cap {
                return (i, o);
            }
            if !lines_tried {
                // The first non-symbol of the text: when it starts a line break after a
                // first line of `L` symbols, try the text as lines of `L` symbols.
                lines_tried = true;
                let (ni, no) = decode_lines(src, len, dst, cap, i, o, d);
                if ni != i {
                    (i, o) = (ni, no);
                    continue 'blocks;
                }
            }
            // A block with a non-symbol: when it is whitespace, stage the symbols, and
            // decode four vectors at a time from the staging buffer (by then the stores that
            // filled it have mostly retired, so the loads do not wait on store forwarding).
            const STAGED: usize = 4;
            let mut stage = [0u8; 192];
            debug_assert!((STAGED + 1) * b + 16 <= stage.len());
            let s0 = stage.as_mut_ptr();
            let mut s = 0; // staged symbols, < STAGED * B between blocks
            while i + b <= len {
                let x = V::load(src.add(i));
                let bad = d.bad(x);
                if !bad.any() {
                    // `s + B <= (STAGED + 1) * B`.
                    x.store(s0.add(s));
                    s += b;
                } else {
                    let space = space_mask(x);
                    if bad.and_not(space).any() {
                        break;
                    }
                    let keep = !space.bitmask() & core_cpu::vector::low_bits(b);
                    for w in 0..b / 16 {
                        for (h, table) in COMPRESS.iter().enumerate() {
                            let m = (keep >> (16 * w + 8 * h)) as u8;
                            // Writes 16 bytes at `s < (STAGED + 1) * B`: inside the buffer.
                            x.shuffle_window_to(w, table[m as usize].as_ptr(), s0.add(s));
                            s += m.count_ones() as usize;
                        }
                    }
                }
                i += b;
                if s >= STAGED * b {
                    if o + (STAGED - 1) * bout + reach > cap {
                        // No room: give the staged symbols back to the input.
                        break;
                    }
                    for j in 0..STAGED {
                        Decoder::store(d.decode(V::load(s0.add(j * b))), dst.add(o));
                        o += bout;
                    }
                    s -= STAGED * b;
                    // Move the rest (`s < B`) down: one vector read inside the buffer.
                    V::load(s0.add(STAGED * b)).store(s0);
                }
                if s == 0 {
                    // Nothing staged: back to the direct loop.
                    continue 'blocks;
                }
            }
            // `s` symbols read but not decoded: back to the group boundary before them.
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

/// The byte indices 0 to 15.
static IDENTITY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// `0xFF` then `0x00` bytes: 16 bytes read from `16 - t` are `t` ones, then zeros.
static TAIL_MASK: [u8; 32] = {
    let mut m = [0u8; 32];
    let mut k = 0;
    while k < 16 {
        m[k] = 0xFF;
        k += 1;
    }
    m
};

/// Forgiving decoding of text in lines (MIME, PEM) without staging: at `i`, a block whose
/// first non-symbol, at `j`, is the first of the text, so the first line has `L = j`
/// symbols. When a line feed or CRLF follows, the text is taken as lines of `L` symbols
/// (whole vectors and a tail of at most 16, `L >= 32`), `B / 16` lines a step: each line's
/// separator is compared, its vectors and tail checked, then each decoded straight from the
/// input (two lines' tails share one vector's two windows at AVX2). Stops before the first
/// step that differs (the last line, padding, an invalid byte, other whitespace); returns
/// the input position of the first line not decoded (a group boundary; `i` when nothing was
/// decoded) and the output written.
///
/// Stores: a line's vectors, then its tail (16 bytes: past the line's output into the next
/// line's, rewritten by the next line's vectors). In place, before a line `c >= L` symbols
/// were decoded, so its stores end at `3(c + L)/4 + 16 <= c + L` (as `c + L >= 64`), at or
/// before the next line's first byte.
///
/// # Safety
/// As [`decode_with`]; `i + B <= len`, `o` the output of the symbols before `i`, whole
/// groups; the CPU runs `V`'s level.
#[inline(always)]
unsafe fn decode_lines<V: Shuffle + MulAdd>(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    i: usize,
    mut o: usize,
    d: Decoder<V>,
) -> (usize, usize) {
    let b = V::BYTES;
    let bout = b / 4 * 3;
    // SAFETY: CPU per the caller; reads are checked against `len` and writes against `cap`
    // where they are made.
    unsafe {
        let x = V::load(src.add(i));
        let good = d.bad(x).eq8(V::zero()).bitmask();
        let j = i + (!good).trailing_zeros() as usize;
        let line = j;
        let (full, t) = (line / b, line % b);
        if !(32..=256).contains(&line) || !line.is_multiple_of(4) || t > 16 || j + 2 > len {
            return (i, o);
        }
        let Some(sep) = scalar::line_separator(src, j) else { return (i, o) };
        let first = *src.add(j);
        // The rest of the first line: `j - i < B` valid symbols.
        let mut buf = [0u8; 64];
        Decoder::store(d.decode(x), buf.as_mut_ptr());
        let Some(end) = scalar::first_line_out(dst, cap, o, (j - i) / 4 * 3, &buf) else {
            return (i, o);
        };
        o = end;
        let mut pos = j + sep;
        let w = b / 16; // lines a step
        let stride = line + sep;
        let out = line / 4 * 3;
        let tail_mask =
            V::load_windows(TAIL_MASK.as_ptr().add(16 - t), TAIL_MASK.as_ptr().add(16 - t));
        while pos + w * stride <= len
            && pos + (w - 1) * stride + full * b + 16 <= len
            && o + w * out + 16 <= cap
        {
            let mut bad = V::zero();
            for l in 0..w {
                let at = pos + l * stride;
                let e = at + line;
                if *src.add(e) != first || (sep == 2 && *src.add(e + 1) != b'\n') {
                    return (pos, o);
                }
                for v in 0..full {
                    bad = bad.or(d.bad(V::load(src.add(at + v * b))));
                }
            }
            let (ta, tb) = (src.add(pos + full * b), src.add(pos + (w - 1) * stride + full * b));
            let tail = V::load_windows(ta, tb);
            if t > 0 {
                bad = bad.or(d.bad(tail).and(tail_mask));
            }
            if bad.any() {
                return (pos, o);
            }
            let tail = d.decode(tail);
            for l in 0..w {
                let (at, q) = (pos + l * stride, o + l * out);
                for v in 0..full {
                    Decoder::store(d.decode(V::load(src.add(at + v * b))), dst.add(q + v * bout));
                }
                if t > 0 {
                    // Window `l`'s 16 bytes, after the line's vectors (whose last store runs
                    // 4 bytes past them) and before the next line's.
                    tail.shuffle_window_to(l, IDENTITY.as_ptr(), dst.add(q + full * bout));
                }
            }
            pos += w * stride;
            o += w * out;
        }
        (pos, o)
    }
}

/// `0xFF` bytes where `x` is ASCII whitespace (tab, line feed, form feed, carriage return,
/// space).
#[inline(always)]
unsafe fn space_mask<V: Vector>(x: V) -> V {
    // SAFETY: CPU per the caller.
    unsafe {
        let controls = x.sub8(V::splat8(b'\t')).le_u8(V::splat8(b'\r' - b'\t'));
        let vt = x.eq8(V::splat8(0x0B));
        controls.and_not(vt).or(x.eq8(V::splat8(b' ')))
    }
}
