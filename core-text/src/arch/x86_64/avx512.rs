//! AVX-512 (F, BW, VL, VBMI, VBMI2): the level's entry points.
//!
//! Transcoding has its own kernels here. VBMI2's byte compress and VBMI's
//! 64-byte permutes replace the AVX2 kernels' shuffle tables and 16-byte windows, and masked
//! loads and stores finish the input with no scalar tail:
//!
//! ```text
//! UTF-8 to UTF-16, per fixed block of 56 bytes (64 loaded):
//!     64 bytes ASCII: widen, and so on while the next 64 are (a loop of its own)
//!     ASCII: widen
//!     only 1- and 2-byte chars (Latin-1, Cyrillic, Greek): per 16-bit lane j, byte j or
//!         (byte j & 0x1F) << 6 | byte j+1 & 0x3F; compress the lanes of char starts
//!     tokens = chars starting in the block, and the third byte of each 4-byte char (carried
//!         into the next block when the lead is in the last two bytes): one UTF-16 unit each
//!         (an ASCII byte, a 2- or 3-byte char, or half of a surrogate pair)
//!     only 3-byte chars: a run of them from the first, 32 chars (96 bytes) a step by two
//!         vpermt2b and a multiply-add, while it lasts; else this block by fixed permutes
//!         (by the first char's offset, 0-2) and arithmetic
//!     else: token positions by vpcompressb; per 32 tokens, each token's first two bytes
//!         permuted into a 16-bit lane (vpermb) and the next two into another; kinds by pext
//!         of the byte-class masks; decode each kind with fixed arithmetic, merge by kind mask
//!     the tail: variable steps of up to 32 tokens, masked loads and stores
//!     validating (one pass): every block but ASCII also gets the UTF-8 check of its 64
//!         bytes (the AVX2 algorithm on 64-byte vectors, shifted inputs by loads), a run
//!         of 3-byte chars a check of its own chars, the bytes after the main loop and the
//!         input's end one by masked loads; the tail steps only once all that passed
//! UTF-16 to UTF-8, per fixed step of 32 units (a masked load at the end):
//!     64 units all ASCII (one test): pack to bytes, a 64-unit step
//!     all ASCII: narrow to bytes
//!     all 3-byte: lead and tail lanes interleaved into 96 bytes by two vpermt2b
//!     else each unit gives 1, 2 or 3 bytes: a surrogate pair's 4-byte sequence is split,
//!         the high surrogate writing the first two bytes and the low one the last two (two
//!         of its bits come from the unit before it: lane 0 reads it from the step before)
//!     no unit from 0x800 (Latin-1, Cyrillic...): one 16-bit lane per unit, compressed by
//!         the top bit of each byte, which is "byte 0, and byte 1 unless ASCII" (vpcompressb)
//!     no 3-byte unit: the same with the surrogates' formulas
//!     else: 32-bit lanes per 16 units, compressed by the bytes each unit needs
//!     validating (one pass): a step with surrogates also updates 32-bit masks of the
//!         pairing (a low surrogate exactly after each high one, across steps by a carry)
//! ```
//!
//! Fixed steps make every step independent of the one before: an earlier version ended each
//! step after its 32nd token, and finding that end (a load, compares, popcount, pdep) chained
//! the steps at about 30 cycles each on Zen 4, where the fixed blocks take about half.
//!
//! The UTF-16 check (pairing and UTF-8 length) has its own kernel too, 64 units a step with
//! the pairing tracked in 64-bit masks ([`scan_utf16`]), and so has counting
//! ([`count_chars`], [`utf16_len_valid`]).
//! UTF-8 validation is the AVX2 algorithm compiled with AVX-512 enabled (see `ops`).

use super::low_bits;
use crate::arch::generic::utf16_check;
use crate::arch::generic::utf8_validate::ErrorTables;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;
use core_cpu::vector::avx2::V256;

/// Byte `j` holds `j`: compressing it by a byte mask lists the mask's positions.
static IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = j as u8;
        j += 1;
    }
    t
};

/// Both bytes of 16-bit lane `t` take byte `first + t`: a token position (from the
/// compressed list), once per byte it gathers.
const fn pair_index(first: usize) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = (first + j / 2) as u8;
        j += 1;
    }
    t
}

/// The positions of tokens 0 to 31, per 16-bit lane.
static PAIR_INDEX: [u8; 64] = pair_index(0);
/// The positions of tokens 32 to 63, per 16-bit lane.
static PAIR_INDEX_HIGH: [u8; 64] = pair_index(32);

/// 16-bit lane `t` takes unit `t - 1`; lane 0 is zeroed by the mask at the use.
static PREVIOUS_UNIT: [u16; 32] = {
    let mut t = [0u16; 32];
    let mut j = 1;
    while j < 32 {
        t[j] = (j - 1) as u16;
        j += 1;
    }
    t
};

/// Per byte of a 64-byte block, as bit masks.
#[derive(Clone, Copy)]
struct Classes {
    /// Not a continuation byte: a char starts there.
    starts: u64,
    /// A 4-byte lead (`>= 0xF0`).
    four: u64,
    /// A lead of 3 or 4 bytes (`>= 0xE0`).
    wide: u64,
    /// Not ASCII (`>= 0x80`).
    high: u64,
}

impl Classes {
    /// The classes of the 64 bytes in `v`.
    ///
    /// # Safety
    /// The CPU has this level's features.
    #[inline(always)]
    unsafe fn of(v: __m512i) -> Classes {
        // SAFETY: register-only intrinsics of this level's features (CPU per contract).
        unsafe {
            // Signed `> 0xBF` (-65): not a continuation byte.
            let starts = _mm512_cmpgt_epi8_mask(v, _mm512_set1_epi8(-65));
            let four = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(0xF0u8 as i8));
            let wide = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(0xE0u8 as i8));
            Classes { starts, four, wide, high: _mm512_movepi8_mask(v) }
        }
    }
}

/// Per token (bit `t`: token `t`), which kind of unit it decodes to. Tokens of none of these
/// are 2-byte chars.
#[derive(Clone, Copy)]
struct Kinds<T> {
    ascii: T,
    /// The second half (`[c2, c3]`) of a 4-byte char: a low surrogate.
    second: T,
    three: T,
    /// The first half of a 4-byte char (its lead): a high surrogate.
    lead4: T,
}

impl Kinds<u64> {
    /// The kinds of `tokens` (of the block `c` describes).
    ///
    /// # Safety
    /// The CPU has BMI2.
    #[inline(always)]
    unsafe fn of(c: Classes, tokens: u64) -> Kinds<u64> {
        // SAFETY: BMI2 per contract.
        unsafe {
            Kinds {
                ascii: _pext_u64(!c.high, tokens),
                second: _pext_u64(!c.starts, tokens),
                three: _pext_u64(c.wide & !c.four, tokens),
                lead4: _pext_u64(c.four, tokens),
            }
        }
    }

    /// Tokens `32 * half..32 * half + 32`.
    #[inline(always)]
    fn half(&self, half: u32) -> Kinds<u32> {
        let h = |x: u64| (x >> (32 * half)) as u32;
        Kinds {
            ascii: h(self.ascii),
            second: h(self.second),
            three: h(self.three),
            lead4: h(self.lead4),
        }
    }
}

/// Per 16-bit lane `[x, y]`: `(x & 0x1F) << 6 | y & 0x3F`, a 2-byte char's code point (one
/// multiply-add of the bytes); for a 3-byte lead it is `(x & 0xF) << 6 | y & 0x3F`.
///
/// # Safety
/// The CPU has this level's features.
#[inline(always)]
unsafe fn two_byte_value(g: __m512i) -> __m512i {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        _mm512_maddubs_epi16(
            _mm512_and_si512(g, _mm512_set1_epi16(0x3F1F)),
            _mm512_set1_epi16(0x0140),
        )
    }
}

/// A 3-byte char's code point from [`two_byte_value`] of its first two bytes and its third
/// byte in the low half of `next`'s lane: `t2 << 6 | c2 & 0x3F`.
///
/// # Safety
/// The CPU has this level's features.
#[inline(always)]
unsafe fn three_byte_value(t2: __m512i, next: __m512i) -> __m512i {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        _mm512_or_si512(_mm512_slli_epi16::<6>(t2), _mm512_and_si512(next, _mm512_set1_epi16(0x3F)))
    }
}

/// Per 16-bit lane: `(b & 0x1F) << 6 | next & 0x3F`, the code point of a 2-byte char whose
/// bytes are `b` and `next` (each zero-extended to its lane).
///
/// # Safety
/// The CPU has this level's features.
#[inline(always)]
unsafe fn two_byte_lanes(b: __m512i, next: __m512i) -> __m512i {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        _mm512_or_si512(
            _mm512_slli_epi16::<6>(_mm512_and_si512(b, _mm512_set1_epi16(0x1F))),
            _mm512_and_si512(next, _mm512_set1_epi16(0x3F)),
        )
    }
}

/// Both halves of 64 bytes widened to 16-bit units (ASCII to UTF-16).
///
/// # Safety
/// The CPU has this level's features.
#[inline(always)]
unsafe fn widen(v: __m512i) -> (__m512i, __m512i) {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        (
            _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)),
            _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(v)),
        )
    }
}

/// The UTF-16 units of 32 tokens of `v`, one per 16-bit lane: the tokens whose positions
/// `pair` picks (lane `t` gets byte `pair[2t]` of `pos`, the compressed token positions),
/// kinds in `kinds`. `v2` holds the bytes from 2 past `v`'s start. Every token's bytes lie in
/// `v` (with `v2`, for the third byte of 3-byte chars and leads).
///
/// # Safety
/// The CPU has this level's features; the tokens are those of valid UTF-8.
#[inline(always)]
unsafe fn decode_tokens(
    v: __m512i,
    v2: __m512i,
    pos: __m512i,
    pair: __m512i,
    kinds: Kinds<u32>,
) -> __m512i {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        // Lane t: [byte at token t, the byte after it], the second byte zeroed for ASCII.
        let idx = _mm512_add_epi8(_mm512_permutexvar_epi8(pair, pos), k(0x0100));
        let second_bytes = _pdep_u64(u64::from(kinds.ascii), 0xAAAA_AAAA_AAAA_AAAA);
        let g = _mm512_maskz_permutexvar_epi8(!second_bytes, idx, v);
        let t2 = two_byte_value(g);
        let mut u = _mm512_mask_mov_epi16(t2, kinds.ascii, g);
        if kinds.second != 0 {
            // Second half `[c2, c3]` of a 4-byte char: 0xDC00 | (c2 & 0xF) << 6 | c3 & 0x3F;
            // t2 also holds bit 4 of c2 at bit 10, which 0xDC00 has set anyway.
            u = _mm512_mask_mov_epi16(u, kinds.second, _mm512_or_si512(t2, k(0xDC00)));
        }
        if kinds.three | kinds.lead4 != 0 {
            // Lane t: [the byte 2 past token t, the one after].
            let next = _mm512_permutexvar_epi8(idx, v2);
            if kinds.three != 0 {
                u = _mm512_mask_mov_epi16(u, kinds.three, three_byte_value(t2, next));
            }
            if kinds.lead4 != 0 {
                // First half: 0xD800 + (cp >> 10) - 0x40, where cp >> 10 = (lead & 7) << 8
                // | (c1 & 0x3F) << 2 | (c2 >> 4) & 3 and t2 << 2 holds all but the last
                // term, plus 0x1000 (bit 4 of the lead).
                let cp10 = _mm512_or_si512(
                    _mm512_slli_epi16::<2>(t2),
                    _mm512_and_si512(_mm512_srli_epi16::<4>(next), k(3)),
                );
                u = _mm512_mask_add_epi16(u, kinds.lead4, cp10, k(0xD7C0 - 0x1000));
            }
        }
        u
    }
}

/// Bytes a block of the main UTF-8 to UTF-16 loop covers. Tokens starting in a block are
/// decoded there; their bytes reach at most 3 past its end, inside the 64 loaded. Emoji text
/// has about 30 tokens in 56 bytes (one 32-lane decode), Latin-1 text about 48 (two).
const BLOCK: usize = 56;

/// Per offset `r < 3`, per 16-bit lane `k`: bytes `3k + r` and `3k + r + 1`, the first two of
/// the 3-byte char `k` of a block of them starting at byte `r` (`% 64` past the 21 that fit).
static THREE_PAIRS: [[u8; 64]; 3] = {
    let mut t = [[0u8; 64]; 3];
    let mut r = 0;
    while r < 3 {
        let mut k = 0;
        while k < 32 {
            t[r][2 * k] = ((3 * k + r) % 64) as u8;
            t[r][2 * k + 1] = ((3 * k + r + 1) % 64) as u8;
            k += 1;
        }
        r += 1;
    }
    t
};

/// Byte `b` of 96 held as `v0` = bytes `0..64` and `v1` = bytes `32..96`: its index for a
/// two-register byte permute of `(v0, v1)`.
const fn run_byte(b: usize) -> u8 {
    (if b < 64 { b } else { b + 32 }) as u8
}

/// Per 16-bit lane `k` of a run step: bytes `3k + 2` and `3k + 1`, the continuations of the
/// 3-byte char `k`, last first (see [`three_byte_run`]).
static RUN_TAILS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 32 {
        t[2 * k] = run_byte(3 * k + 2);
        t[2 * k + 1] = run_byte(3 * k + 1);
        k += 1;
    }
    t
};

/// Per 16-bit lane `k` of a run step: byte `3k`, the lead of char `k` (the lane's high byte
/// is zeroed at the use).
static RUN_LEADS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 32 {
        t[2 * k] = run_byte(3 * k);
        k += 1;
    }
    t
};

/// UTF-16 of a run of 3-byte chars from the char boundary `i`, 32 chars (96 bytes) a step,
/// for as long as the run and the buffers last: returns `(bytes read, units written)`, which
/// may be zero. A step is two loads, two byte permutes (the leads and the continuations of
/// each char into one 16-bit lane each), a compare that every lead is `1110_xxxx` (valid
/// UTF-8 then makes the bytes between continuations), a multiply-add joining the
/// continuations' payloads and one store: about a third of a fixed block's work per char.
///
/// With `CHECK` the input is not known to be valid: each step also ORs into `error` what is
/// non-zero unless every char is one (two continuations, a code point from 0x800 and not a
/// surrogate); a bad step is still transcoded.
///
/// # Safety
/// `i <= src.len()`; without `CHECK`, `src` is valid UTF-8 and `i` a char boundary in it; the
/// CPU has this level's features.
#[inline(always)]
unsafe fn three_byte_run<const CHECK: bool>(
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u16>],
    o: usize,
    error: &mut __m512i,
) -> (usize, usize) {
    let (mut j, mut u) = (i, o);
    // SAFETY: each step reads `j..j + 96 <= src.len()` and writes `u..u + 32 <= dst.len()`
    // units; the tables are 64 bytes. CPU per contract.
    unsafe {
        let tails = _mm512_loadu_si512(RUN_TAILS.as_ptr().cast());
        let leads = _mm512_loadu_si512(RUN_LEADS.as_ptr().cast());
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        while j + 96 <= src.len() && u + 32 <= dst.len() {
            let p = src.as_ptr().add(j);
            let (v0, v1) = (_mm512_loadu_si512(p.cast()), _mm512_loadu_si512(p.add(32).cast()));
            let lead = _mm512_maskz_permutex2var_epi8(0x5555_5555_5555_5555, v0, leads, v1);
            if _mm512_cmpneq_epi16_mask(_mm512_and_si512(lead, k(0xF0)), k(0xE0)) != 0 {
                break;
            }
            let tail = _mm512_permutex2var_epi8(v0, tails, v1);
            let payload = _mm512_maddubs_epi16(_mm512_and_si512(tail, k(0x3F3F)), k(0x4001));
            let units = _mm512_or_si512(payload, _mm512_slli_epi16::<12>(lead));
            if CHECK {
                // Per lane, each term is zero exactly when it holds: both tail bytes are
                // `10xx_xxxx`; the code point is at least 0x800 (no overlong form); it is
                // not a surrogate (`cp - 0xD800` wraps to 0x800 or more).
                let conts = _mm512_xor_si512(_mm512_and_si512(tail, k(0xC0C0)), k(0x8080));
                let overlong = _mm512_subs_epu16(k(0x800), units);
                let surrogate = _mm512_subs_epu16(k(0x800), _mm512_sub_epi16(units, k(0xD800)));
                // error | conts | overlong, then | surrogate (0xFE: a | b | c).
                *error = _mm512_ternarylogic_epi64::<0xFE>(*error, conts, overlong);
                *error = _mm512_or_si512(*error, surrogate);
            }
            _mm512_storeu_si512(dst.as_mut_ptr().add(u).cast(), units);
            j += 96;
            u += 32;
        }
    }
    (j - i, u - o)
}

/// The UTF-8 check of the 64 positions from `i` (`i + 64 <= src.len()`), whose bytes `v`
/// holds: non-zero in the bytes that break UTF-8 with the three before them (bytes before the
/// input count as ASCII). The shifted inputs are loads one to three bytes back, masked at the
/// input's start.
///
/// # Safety
/// `i + 64 <= src.len()`; the CPU has this level's features.
#[inline(always)]
unsafe fn check_block(t: ErrorTables<V512>, src: &[u8], i: usize, v: __m512i) -> __m512i {
    // SAFETY: the loads read `i - 3 .. i + 61` inside `src` when `i >= 3`; else the masks drop
    // the lanes before `src` (masked-off lanes are not accessed). CPU per contract.
    unsafe {
        let p = src.as_ptr().add(i);
        let (p1, p2, p3) = if i >= 3 {
            (
                _mm512_loadu_si512(p.sub(1).cast()),
                _mm512_loadu_si512(p.sub(2).cast()),
                _mm512_loadu_si512(p.sub(3).cast()),
            )
        } else {
            let from = |k: usize| !low_bits(k - i.min(k));
            (
                _mm512_maskz_loadu_epi8(from(1), p.wrapping_sub(1).cast()),
                _mm512_maskz_loadu_epi8(from(2), p.wrapping_sub(2).cast()),
                _mm512_maskz_loadu_epi8(from(3), p.wrapping_sub(3).cast()),
            )
        };
        t.errors(V512(v), V512(p1), V512(p2), V512(p3)).0
    }
}

/// The UTF-8 check of the positions from `c` to the end of `src`, and of its end: 64
/// positions at a time by masked loads, the last chunk holding at least one lane past the
/// end. Those lanes read as zero bytes, so a sequence cut by the end is an error of the
/// check itself (a lead followed by a zero, or a third or fourth byte that is not a
/// continuation).
///
/// # Safety
/// `c <= src.len()`; the CPU has this level's features.
#[inline(always)]
unsafe fn check_end(t: ErrorTables<V512>, src: &[u8], mut c: usize) -> __m512i {
    let n = src.len();
    // SAFETY: the loads' masks keep the lanes of positions `0..n` (masked-off lanes are not
    // accessed); CPU per contract.
    unsafe {
        let mut error = _mm512_setzero_si512();
        loop {
            let live = n - c;
            let p = src.as_ptr().wrapping_add(c);
            // Lanes of shift `k` that hold bytes of `src`: positions `c + j - k` in `0..n`.
            let lanes = |k: usize| low_bits(live + k) & !low_bits(k - c.min(k));
            let x = _mm512_maskz_loadu_epi8(lanes(0), p.cast());
            let p1 = _mm512_maskz_loadu_epi8(lanes(1), p.wrapping_sub(1).cast());
            let p2 = _mm512_maskz_loadu_epi8(lanes(2), p.wrapping_sub(2).cast());
            let p3 = _mm512_maskz_loadu_epi8(lanes(3), p.wrapping_sub(3).cast());
            let e = t.errors(V512(x), V512(p1), V512(p2), V512(p3)).0;
            error = _mm512_or_si512(error, e);
            if live < 64 {
                return error;
            }
            c += 64;
        }
    }
}

/// Where a step of the tail loop ends: `(bytes, units)`. `tokens` marks the token positions
/// of the bytes from the step's start; `len` of them are input. A step takes the first 32
/// tokens when a 33rd follows in the input, else every token when the input ends inside the
/// 64 bytes, else every token but the last (whose bytes may run past them). Each token's bytes
/// end before the next token, so the step never cuts one.
///
/// # Safety
/// The CPU has this level's features (BMI2); `tokens` has at least two bits set when
/// `len == 64`.
#[inline(always)]
unsafe fn token_end(tokens: u64, len: usize) -> (usize, usize) {
    let count = tokens.count_ones() as usize;
    if len < 64 && count <= 32 {
        return (len, count);
    }
    let units = (count - 1).min(32);
    // SAFETY: BMI2 (CPU per contract).
    let end = unsafe { _pdep_u64(1 << units, tokens) }.trailing_zeros() as usize;
    (end, units)
}

/// Transcodes valid UTF-8 to UTF-16; returns the units written.
///
/// # Safety
/// `src` is valid UTF-8, `dst` holds at least as many units as it needs, and the CPU has
/// this level's features.
#[inline(always)]
pub(crate) unsafe fn transcode_utf8(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    // SAFETY: forwarded contract; without the check the kernel always returns `Some`.
    unsafe { transcode_utf8_with::<false>(src, dst).unwrap_or(0) }
}

/// Inputs shorter than this are checked, then transcoded, in two passes: the fused kernel's
/// main loop needs 66 bytes, so short text would run only its masked tail plus two masked
/// checks (64 B of Latin-1 text: 32 ns fused, 24 ns in two passes; ASCII 6.8 against 5.4).
const FUSED_MIN: usize = 128;

/// Validates UTF-8 and transcodes it to UTF-16 in one pass (the level's
/// `utf8_to_utf16_checked`): `Ok(units written)`, or `Err(resume)` as `utf8_check` (then
/// `dst` holds anything).
///
/// # Safety
/// `dst` holds at least `src.len()` units and the CPU has this level's features.
#[inline(always)]
pub(crate) unsafe fn transcode_utf8_checked(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, usize> {
    if src.len() < FUSED_MIN {
        // SAFETY: the level's check kernel (256-bit, as `utf8_check` at this level) accepts
        // any input; valid input of `src.len()` bytes needs at most that many units.
        unsafe {
            crate::arch::generic::utf8_validate::check::<V256>(src)?;
            return Ok(transcode_utf8(src, dst));
        }
    }
    // SAFETY: forwarded contract.
    match unsafe { transcode_utf8_with::<true>(src, dst) } {
        Some(units) => Ok(units),
        None => invalid_resume(src),
    }
}

/// Where the error search resumes on input the fused kernel rejected: the check kernel's
/// answer (it stops at the first bad block; the fused kernel only knows that one was bad).
#[cold]
#[inline(never)]
fn invalid_resume(src: &[u8]) -> Result<usize, usize> {
    // SAFETY: only AVX-512 kernels call this, so the level's check kernel runs on this CPU.
    match unsafe { crate::arch::ops::entries::utf8_check::avx512(src) } {
        Err(resume) => Err(resume),
        // The kernels disagree: resuming from the start lets the exact code decide.
        Ok(_) => Err(0),
    }
}

/// Transcodes valid UTF-8 to UTF-16; returns the units written.
///
/// The main loop takes fixed blocks of [`BLOCK`] bytes, so no block waits on the one before
/// it to know where it starts: a char belongs to the block where it starts, and the second
/// half of a 4-byte char to the block holding its third byte (carried over when the lead is
/// in the block's last two bytes). The tail loop takes variable steps with masked loads and
/// stores.
///
/// With `CHECK` the input is validated on the way, so one pass does both (as simdutf's
/// AVX-512 kernel does): ASCII blocks need no check, every other block of the main loop gets
/// the check of its 64 loaded bytes (which reach past the block's 56: a char the block starts
/// is checked whole, and so is the byte after the block), a run of 3-byte chars checks its
/// own chars, and the bytes after the main loop and the input's end are checked before the
/// tail loop, which may rely on valid input. The main loop is memory-safe on any input (each
/// block's stores are fixed and bounded by the loop condition, and it never writes more units
/// than it reads bytes), so its error bits are tested once, after it. Returns `None` for
/// invalid input (then `dst` holds anything).
///
/// # Safety
/// Without `CHECK`, `src` is valid UTF-8 and `dst` holds at least as many units as it needs;
/// with it, `dst` holds at least `src.len()` units. The CPU has this level's features.
#[inline(always)]
unsafe fn transcode_utf8_with<const CHECK: bool>(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Option<usize> {
    let (mut i, mut o) = (0, 0);
    let n = src.len();
    // Token bits at the start of the next block that its own bytes do not show: second halves
    // of 4-byte chars whose lead ends the block before.
    let mut carry = 0u64;
    // SAFETY: the main loop reads `i..i + 66 <= n` and writes `o..o + 64 <= dst.len()` units
    // (the 1- and 2-byte path: 32 units at `o` and 32 at `o` plus at most 32; its ASCII loop
    // reads and writes 64 or 128 at a time within the bounds it tests);
    // the tail loop loads at most `n - i` bytes at `i` and `n - i - 2` at `i + 2` (masked: the
    // rest are not touched) and stores exactly the units produced, which `dst` has room for
    // by contract. Every step takes at least one byte. CPU per contract.
    unsafe {
        let iota = _mm512_loadu_si512(IOTA.as_ptr().cast());
        let pair = _mm512_loadu_si512(PAIR_INDEX.as_ptr().cast());
        let pair_high = _mm512_loadu_si512(PAIR_INDEX_HIGH.as_ptr().cast());
        let in_block = low_bits(BLOCK);
        let tables = ErrorTables::<V512>::new();
        let mut error = _mm512_setzero_si512();
        while i + 66 <= n && o + 64 <= dst.len() {
            let mut v = _mm512_loadu_si512(src.as_ptr().add(i).cast());
            if _mm512_movepi8_mask(v) == 0 {
                // A run of whole ASCII vectors (a carry would be a continuation byte, which is
                // not ASCII), two a step while both are, up to the input's end. A loop of its
                // own: with the step chosen by the mask (64 or 56), the next load's address
                // waited on this one.
                loop {
                    let q = dst.as_mut_ptr().add(o).cast::<__m512i>();
                    let (lo, hi) = widen(v);
                    _mm512_storeu_si512(q, lo);
                    _mm512_storeu_si512(q.add(1), hi);
                    i += 64;
                    o += 64;
                    while i + 128 <= n && o + 128 <= dst.len() {
                        let p = src.as_ptr().add(i);
                        let (a, b) =
                            (_mm512_loadu_si512(p.cast()), _mm512_loadu_si512(p.add(64).cast()));
                        if _mm512_movepi8_mask(_mm512_or_si512(a, b)) != 0 {
                            break;
                        }
                        let q = dst.as_mut_ptr().add(o).cast::<__m512i>();
                        let ((a0, a1), (b0, b1)) = (widen(a), widen(b));
                        _mm512_storeu_si512(q, a0);
                        _mm512_storeu_si512(q.add(1), a1);
                        _mm512_storeu_si512(q.add(2), b0);
                        _mm512_storeu_si512(q.add(3), b1);
                        i += 128;
                        o += 128;
                    }
                    if i + 64 > n || o + 64 > dst.len() {
                        break;
                    }
                    v = _mm512_loadu_si512(src.as_ptr().add(i).cast());
                    if _mm512_movepi8_mask(v) != 0 {
                        break;
                    }
                }
                carry = 0;
                continue;
            }
            let p = src.as_ptr().add(i);
            let q = dst.as_mut_ptr().add(o).cast::<__m512i>();
            if _mm512_movepi8_mask(v) & in_block == 0 {
                // ASCII (a carry would be a continuation byte, which is not).
                let (lo, hi) = widen(v);
                _mm512_storeu_si512(q, lo);
                _mm512_storeu_si512(q.add(1), hi);
                carry = 0;
                i += BLOCK;
                o += BLOCK;
                continue;
            }
            if CHECK {
                error = _mm512_or_si512(error, check_block(tables, src, i, v));
            }
            let c = Classes::of(v);
            if c.wide & in_block == 0 && carry & !c.starts == 0 {
                // Only ASCII and 2-byte chars start in the block, and no half of a 4-byte
                // char is carried in: every start gives one unit, a function of its byte and
                // the next (a lead at byte 55 has its second byte at 56, inside the load).
                let (b0, b1) = widen(v);
                let (n0, n1) = widen(_mm512_loadu_si512(p.add(1).cast()));
                let ascii = !c.high;
                let u0 = _mm512_mask_blend_epi16(ascii as u32, two_byte_lanes(b0, n0), b0);
                let u1 = _mm512_mask_blend_epi16((ascii >> 32) as u32, two_byte_lanes(b1, n1), b1);
                let tokens = c.starts & in_block;
                let (t0, t1) = (tokens as u32, (tokens >> 32) as u32);
                _mm512_storeu_si512(q, _mm512_maskz_compress_epi16(t0, u0));
                let q1 = q.cast::<u16>().add(t0.count_ones() as usize);
                _mm512_storeu_si512(q1.cast(), _mm512_maskz_compress_epi16(t1, u1));
                carry = 0;
                i += BLOCK;
                o += tokens.count_ones() as usize;
                continue;
            }
            let all = c.starts | c.four << 2 | carry;
            carry = all >> BLOCK & 3;
            let tokens = all & in_block;
            let count = tokens.count_ones() as usize;
            let kinds = Kinds::of(c, tokens);
            let v2 = _mm512_loadu_si512(p.add(2).cast());
            let r = tokens.trailing_zeros() as usize;
            // (Invalid input may have no token in the first three bytes.)
            if kinds.three == low_bits(count) && (!CHECK || r < 3) {
                // Only 3-byte chars, the first at byte 0, 1 or 2: a run of them from there
                // while it lasts, else this block by fixed gathers.
                let (di, d_o) = three_byte_run::<CHECK>(src, i + r, dst, o, &mut error);
                if d_o > 0 {
                    // The run ends on a char boundary: nothing to carry.
                    carry = 0;
                    i += r + di;
                    o += d_o;
                    continue;
                }
                let idx = _mm512_loadu_si512(THREE_PAIRS[r].as_ptr().cast());
                let g = _mm512_permutexvar_epi8(idx, v);
                let next = _mm512_permutexvar_epi8(idx, v2);
                _mm512_storeu_si512(q, three_byte_value(two_byte_value(g), next));
            } else {
                let pos = _mm512_maskz_compress_epi8(tokens, iota);
                _mm512_storeu_si512(q, decode_tokens(v, v2, pos, pair, kinds.half(0)));
                if count > 32 {
                    let u = decode_tokens(v, v2, pos, pair_high, kinds.half(1));
                    _mm512_storeu_si512(q.add(1), u);
                }
            }
            i += BLOCK;
            o += count;
        }
        if CHECK {
            // The bytes from `i` on: the main loop checked the byte at `i` unless the text
            // before it ends on a char boundary (after ASCII or a run), so ASCII needs no check.
            let rest = _mm512_maskz_loadu_epi8(low_bits(n - i), src.as_ptr().add(i).cast());
            if n - i > 64 || _mm512_movepi8_mask(rest) != 0 {
                error = _mm512_or_si512(error, check_end(tables, src, i));
            }
            if _mm512_test_epi8_mask(error, error) != 0 {
                return None;
            }
        }
        // The first tail step may start inside a char; later ones start at a token.
        let mut lead = carry;
        while i < n {
            let len = (n - i).min(64);
            let p = src.as_ptr().add(i);
            let q = dst.as_mut_ptr().add(o).cast::<i16>();
            let v = _mm512_maskz_loadu_epi8(low_bits(len), p.cast());
            let c = Classes::of(v);
            let ascii = (c.high.trailing_zeros() as usize).min(len);
            if ascii >= 32 || ascii == len {
                let (lo, hi) = widen(v);
                let keep = low_bits(ascii);
                _mm512_mask_storeu_epi16(q, keep as u32, lo);
                _mm512_mask_storeu_epi16(q.add(32), (keep >> 32) as u32, hi);
                i += ascii;
                o += ascii;
                lead = 1;
                continue;
            }
            let tokens = (c.starts | c.four << 2 | lead) & low_bits(len);
            let kinds = Kinds::of(c, tokens);
            let v2 =
                _mm512_maskz_loadu_epi8(low_bits(len.saturating_sub(2)), p.wrapping_add(2).cast());
            let (end, units) = token_end(tokens, len);
            let pos = _mm512_maskz_compress_epi8(tokens, iota);
            let u = decode_tokens(v, v2, pos, pair, kinds.half(0));
            _mm512_mask_storeu_epi16(q, low_bits(units) as u32, u);
            i += end;
            o += units;
            lead = 1;
        }
    }
    Some(o)
}

/// UTF-8 of units that need 1 or 2 bytes each, per 16-bit lane `[first, second]`: ASCII
/// (`[u, 0]`), below 0x800, or a surrogate (a high one: the first two bytes of its 4-byte
/// sequence; a low one: the last two, with two bits from `prev`, the unit before it).
///
/// # Safety
/// The CPU has this level's features.
#[inline(always)]
unsafe fn short_units(v: __m512i, prev: __m512i, ascii: u32) -> __m512i {
    // SAFETY: register-only intrinsics of this level's features (CPU per contract).
    unsafe {
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        // Below 0x800: [0xC0 | u >> 6, 0x80 | u & 0x3F].
        let last = _mm512_slli_epi16::<8>(_mm512_and_si512(v, k(0x3F)));
        let two = _mm512_or_si512(
            _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16::<6>(v), k(0x1F)), last),
            k(0x80C0),
        );
        // Without surrogates (Latin-1, Greek, Cyrillic...) that is all: skip their formulas.
        let surrogate = _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, k(0xF800)), k(0xD800));
        if surrogate == 0 {
            return _mm512_mask_mov_epi16(two, ascii, v);
        }
        // Low surrogate: `two` has 0xD0 | (u >> 6) & 0xF in byte 0 (bit 10 is set); the
        // sequence's third byte is 0x80 | (prev & 3) << 4 | (u >> 6) & 0xF.
        let low = _mm512_or_si512(
            _mm512_xor_si512(two, k(0x50)),
            _mm512_slli_epi16::<4>(_mm512_and_si512(prev, k(3))),
        );
        // High surrogate h: with t = h - 0xD7C0 = cp >> 10, [0xF0 | t >> 8, 0x80 | (t >> 2) & 0x3F].
        let t = _mm512_sub_epi16(v, k(0xD7C0));
        let high = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_srli_epi16::<8>(t),
                _mm512_slli_epi16::<8>(_mm512_and_si512(_mm512_srli_epi16::<2>(t), k(0x3F))),
            ),
            k(0x80F0),
        );
        let is_high = _mm512_cmplt_epu16_mask(v, k(0xDC00)) & surrogate;
        let mut u = _mm512_mask_mov_epi16(two, surrogate, low);
        u = _mm512_mask_mov_epi16(u, is_high, high);
        _mm512_mask_mov_epi16(u, ascii, v)
    }
}

/// Per output byte `j < 96` of 32 three-byte units, its source among the 128 bytes of the
/// leads (`< 64`) and tails (`>= 64`) lanes: unit `j / 3`'s lead, then its two tail bytes.
static THREE_BYTE_UNITS: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut j = 0;
    while j < 96 {
        let unit = j / 3;
        t[j] = match j % 3 {
            0 => 2 * unit,
            1 => 64 + 2 * unit,
            _ => 64 + 2 * unit + 1,
        } as u8;
        j += 1;
    }
    t
};

/// Byte 0 of every 16-bit lane.
const EVEN_BYTES: u64 = 0x5555_5555_5555_5555;
/// Byte 0 of every 32-bit lane.
const FIRST_OF_FOUR: u64 = 0x1111_1111_1111_1111;

/// The surrogate pairing of the checked UTF-16 to UTF-8 kernel across its steps, in bit masks
/// (bit `j`: unit `j` of a step).
#[derive(Clone, Copy, Default)]
struct Pairing {
    /// 1 when the last unit of the step before is a high surrogate.
    carry: u32,
    /// Non-zero once a surrogate was found unpaired.
    error: u32,
}

impl Pairing {
    /// A step without surrogates: only a high one right before it is unpaired.
    #[inline(always)]
    fn none(&mut self) {
        self.error |= self.carry;
        self.carry = 0;
    }

    /// A step of `count >= 1` units with high surrogates `hi` and low ones `lo`: every unit
    /// after a high surrogate is a low one, and every low one follows a high one.
    #[inline(always)]
    fn step(&mut self, hi: u32, lo: u32, count: usize) {
        self.error |= (((hi << 1) | self.carry) ^ lo) & low_bits(count) as u32;
        self.carry = hi >> (count - 1) & 1;
    }
}

/// The UTF-8 of up to 32 units `v` (`prev`: each unit's predecessor) into `dst`, of which
/// the first `count` are input (the lanes after them zero); returns the bytes written. With
/// `CHECK`, `pairing` follows the step's surrogates.
///
/// # Safety
/// With `full`, `dst` has room for 128 bytes, else for the bytes produced, at most 3 per unit
/// on any input; without `CHECK`, the units are well-formed UTF-16 apart from a high
/// surrogate in the last lane (whose pair comes next) and a low one in lane 0 (whose pair is
/// in `prev`). The CPU has this level's features.
#[inline(always)]
unsafe fn encode_units<const CHECK: bool>(
    v: __m512i,
    prev: __m512i,
    count: usize,
    dst: *mut i8,
    full: bool,
    pairing: &mut Pairing,
) -> usize {
    // SAFETY: stores write at most the bytes produced (masked) or, with `full`, up to 128
    // bytes (two 64-byte stores, the second at most 64 bytes in); CPU per contract.
    unsafe {
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        let store = |q: *mut i8, n: usize, bytes: __m512i| {
            if full {
                _mm512_storeu_si512(q.cast(), bytes);
            } else {
                _mm512_mask_storeu_epi8(q, low_bits(n), bytes);
            }
        };
        let big = _mm512_cmpge_epu16_mask(v, k(0x800)) & low_bits(count) as u32;
        let ascii = _mm512_cmplt_epu16_mask(v, k(0x80));
        if big == 0 {
            if CHECK {
                pairing.none();
            }
            // Units below 0x800 only (Latin-1, Greek, Cyrillic...; surrogates are above): per
            // lane `[u, 0]` or `[0xC0 | u >> 6, 0x80 | u & 0x3F]`, and the top bit of each
            // byte says which to keep (both bytes of a 2-byte lane have it, neither byte of
            // an ASCII one): a mask move, not a compare on the shuffle port.
            let last = _mm512_slli_epi16::<8>(_mm512_and_si512(v, k(0x3F)));
            let lead = _mm512_and_si512(_mm512_srli_epi16::<6>(v), k(0x1F));
            // lead | last | 0x80C0 (0xFE: a | b | c).
            let two = _mm512_ternarylogic_epi64::<0xFE>(lead, last, k(0x80C0));
            let u = _mm512_mask_mov_epi16(two, ascii, v);
            let keep = (EVEN_BYTES | _mm512_movepi8_mask(u)) & low_bits(2 * count);
            let n = keep.count_ones() as usize;
            store(dst, n, _mm512_maskz_compress_epi8(keep, u));
            return n;
        }
        let surrogate = _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, k(0xF800)), k(0xD800));
        if CHECK {
            let high = _mm512_cmplt_epu16_mask(v, k(0xDC00)) & surrogate;
            pairing.step(high, surrogate & !high, count);
        }
        let three = big & !surrogate;
        if three == 0 {
            let u = short_units(v, prev, ascii);
            // Byte 1 of a lane is kept where its top bit is set (every non-ASCII lane; byte 0
            // has it there too, and is kept anyway).
            let keep = (EVEN_BYTES | _mm512_movepi8_mask(u)) & low_bits(2 * count);
            let n = keep.count_ones() as usize;
            store(dst, n, _mm512_maskz_compress_epi8(keep, u));
            return n;
        }
        // A 3-byte unit's sequence per 16-bit lane: the lead [0xE0 | u >> 12, 0] and the tail
        // [0x80 | (u >> 6) & 0x3F, 0x80 | u & 0x3F] (meaningless in other lanes).
        let lead = _mm512_or_si512(_mm512_srli_epi16::<12>(v), k(0xE0));
        let tail = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_and_si512(_mm512_srli_epi16::<6>(v), k(0x3F)),
                _mm512_slli_epi16::<8>(_mm512_and_si512(v, k(0x3F))),
            ),
            k(0x8080),
        );
        if full && three == u32::MAX {
            // 32 three-byte units, interleaved into 96 bytes by two two-table permutes.
            let (lo, hi) = (&THREE_BYTE_UNITS[..64], &THREE_BYTE_UNITS[64..]);
            let idx_lo = _mm512_loadu_si512(lo.as_ptr().cast());
            let idx_hi = _mm512_loadu_si512(hi.as_ptr().cast());
            _mm512_storeu_si512(dst.cast(), _mm512_permutex2var_epi8(lead, idx_lo, tail));
            let rest = _mm512_permutex2var_epi8(lead, idx_hi, tail);
            _mm512_storeu_si512(dst.add(64).cast(), rest);
            return 96;
        }
        let u = short_units(v, prev, ascii);
        // Per half of 16 units, 32-bit lanes [b0, b1, b2, 0]: the short lane widened, or a
        // 3-byte unit's lead and tail.
        let half_of = |x: __m512i, half: usize| {
            if half == 0 {
                _mm512_castsi512_si256(x)
            } else {
                _mm512_extracti64x4_epi64::<1>(x)
            }
        };
        let mut o = 0;
        for half in 0..2 {
            let units = count.saturating_sub(16 * half).min(16);
            if units == 0 {
                break;
            }
            let wide = _mm512_or_si512(
                _mm512_cvtepu16_epi32(half_of(lead, half)),
                _mm512_slli_epi32::<8>(_mm512_cvtepu16_epi32(half_of(tail, half))),
            );
            let d = _mm512_mask_mov_epi32(
                _mm512_cvtepu16_epi32(half_of(u, half)),
                (three >> (16 * half)) as u16,
                wide,
            );
            // Bytes 1 and 2 are kept where their top bit is set (byte 3 is zero, byte 0 kept).
            let keep = (FIRST_OF_FOUR | _mm512_movepi8_mask(d)) & low_bits(4 * units);
            let n = keep.count_ones() as usize;
            store(dst.add(o), n, _mm512_maskz_compress_epi8(keep, d));
            o += n;
        }
        o
    }
}

/// Transcodes well-formed UTF-16 to UTF-8; returns the bytes written.
///
/// # Safety
/// `src` is well-formed UTF-16, `dst` holds at least as many bytes as it needs, and the CPU
/// has this level's features.
#[inline(always)]
pub(crate) unsafe fn transcode_utf16(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
    // SAFETY: forwarded contract; without the check the kernel always returns `Some`.
    unsafe { transcode_utf16_with::<false>(src, dst).unwrap_or(0) }
}

/// Validates UTF-16 and transcodes it to UTF-8 in one pass (the level's
/// `utf16_to_utf8_checked`): the bytes written, or `None` at an unpaired surrogate (then
/// `dst` holds anything).
///
/// # Safety
/// `dst` holds at least `3 * src.len()` bytes and the CPU has this level's features.
#[inline(always)]
pub(crate) unsafe fn transcode_utf16_checked(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    // SAFETY: forwarded contract.
    unsafe { transcode_utf16_with::<true>(src, dst) }
}

/// Transcodes well-formed UTF-16 to UTF-8; returns the bytes written.
///
/// Steps are a fixed 32 units, so no step waits on the one before it for its input: a pair
/// cut by a step boundary has its high surrogate's bytes written by one step and its low
/// one's by the next, which reads the high surrogate as the unit before its first.
///
/// With `CHECK` the pairing of surrogates is followed on the way ([`Pairing`]): a step
/// without any (ASCII, or no unit from 0x800) pays nothing more than a look at the carry.
/// Unpaired surrogates cost the transcoding nothing but the meaning of its output (each
/// unit still writes at most 3 bytes), so the error is tested once, at the end.
///
/// # Safety
/// Without `CHECK`, `src` is well-formed UTF-16 and `dst` holds at least as many bytes as it
/// needs; with it, `dst` holds at least `3 * src.len()` bytes. The CPU has this level's
/// features.
#[inline(always)]
unsafe fn transcode_utf16_with<const CHECK: bool>(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let (mut i, mut o) = (0, 0);
    let n = src.len();
    let mut pairing = Pairing::default();
    // SAFETY: loads read `min(32, n - i)` units at `i` (masked at the end) and the units from
    // `i - 1` when `i > 0`; the main loop's stores stay within `o + 128 <= dst.len()` bytes,
    // the tail's write exactly the bytes produced, which `dst` has room for by contract (with
    // `CHECK`, on any input: no unit gives more than 3 bytes). CPU per contract.
    unsafe {
        let previous = _mm512_loadu_si512(PREVIOUS_UNIT.as_ptr().cast());
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        let order = _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0);
        // Whether the last step was ASCII: only then is a 64-unit ASCII step tried first
        // (text that is not ASCII would pay for its loads and test at every step).
        let mut after_ascii = true;
        while i < n {
            if after_ascii && i + 64 <= n && o + 128 <= dst.len() {
                let p = src.as_ptr().add(i);
                let (v0, v1) = (_mm512_loadu_si512(p.cast()), _mm512_loadu_si512(p.add(32).cast()));
                // 64 ASCII units (one test for both vectors): one saturating pack (per
                // 128-bit lane, so the quadwords are put back in order) and one store.
                if _mm512_test_epi16_mask(_mm512_or_si512(v0, v1), k(0xFF80)) == 0 {
                    let packed = _mm512_packus_epi16(v0, v1);
                    let q = dst.as_mut_ptr().add(o);
                    _mm512_storeu_si512(q.cast(), _mm512_permutexvar_epi64(order, packed));
                    if CHECK {
                        pairing.none();
                    }
                    i += 64;
                    o += 64;
                    continue;
                }
            }
            let len = (n - i).min(32);
            let full = len == 32 && o + 128 <= dst.len();
            let p = src.as_ptr().add(i);
            let q = dst.as_mut_ptr().add(o).cast::<i8>();
            let lanes = low_bits(len) as u32;
            let v = if full {
                _mm512_loadu_si512(p.cast())
            } else {
                _mm512_maskz_loadu_epi16(lanes, p.cast())
            };
            let ascii = _mm512_cmplt_epu16_mask(v, k(0x80));
            if ascii & lanes == lanes {
                if full {
                    _mm256_storeu_si256(q.cast(), _mm512_cvtepi16_epi8(v));
                } else {
                    _mm256_mask_storeu_epi8(q, lanes, _mm512_cvtepi16_epi8(v));
                }
                if CHECK {
                    pairing.none();
                }
                i += len;
                o += len;
                after_ascii = true;
                continue;
            }
            after_ascii = false;
            let prev = if i == 0 {
                _mm512_maskz_permutexvar_epi16(!1, previous, v)
            } else if full {
                _mm512_loadu_si512(p.sub(1).cast())
            } else {
                _mm512_maskz_loadu_epi16(lanes, p.sub(1).cast())
            };
            o += encode_units::<CHECK>(v, prev, len, q, full, &mut pairing);
            i += len;
        }
    }
    if CHECK && pairing.error | pairing.carry != 0 {
        return None;
    }
    Some(o)
}

/// Byte `j` is `2j + 1`: permuting two vectors of 16-bit units by it lists their top bytes
/// in unit order.
static TOP_BYTES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = (2 * j + 1) as u8;
        j += 1;
    }
    t
};

/// Entry `w` (for `w = min(u >> 6, 127)`) is `[u >= 0x80] + [u >= 0x800]`: the UTF-8 bytes
/// of unit `u` beyond the first.
static EXTRA_BYTES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut w = 0;
    while w < 128 {
        t[w] = (w >= 2) as u8 + (w >= 32) as u8;
        w += 1;
    }
    t
};

/// The tables and constants of [`scan_utf16`]'s steps.
struct Utf16Tables {
    top_bytes: __m512i,
    extra_lo: __m512i,
    extra_hi: __m512i,
    m6: __m512i,
    high: __m512i,
    low: __m512i,
    /// 0xD800 in every 16-bit lane.
    surrogate: __m512i,
}

impl Utf16Tables {
    /// # Safety
    /// The CPU has this level's features.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: CPU per contract; the loads read the tables.
        unsafe {
            Utf16Tables {
                top_bytes: _mm512_loadu_si512(TOP_BYTES.as_ptr().cast()),
                extra_lo: _mm512_loadu_si512(EXTRA_BYTES.as_ptr().cast()),
                extra_hi: _mm512_loadu_si512(EXTRA_BYTES.as_ptr().add(64).cast()),
                m6: _mm512_set1_epi8(0xFCu8 as i8),
                high: _mm512_set1_epi8(0xD8u8 as i8),
                low: _mm512_set1_epi8(0xDCu8 as i8),
                surrogate: _mm512_set1_epi16(0xD800u16 as i16),
            }
        }
    }

    /// The high and low surrogates among the 64 units `a`, `b`, as bit masks in unit order.
    ///
    /// # Safety
    /// The CPU has this level's features.
    #[inline(always)]
    unsafe fn surrogates(&self, a: __m512i, b: __m512i) -> (u64, u64) {
        // SAFETY: register-only intrinsics of this level (CPU per contract).
        unsafe {
            let top = _mm512_and_si512(_mm512_permutex2var_epi8(a, self.top_bytes, b), self.m6);
            (_mm512_cmpeq_epi8_mask(top, self.high), _mm512_cmpeq_epi8_mask(top, self.low))
        }
    }

    /// Per unit of `a`, `b` (in the order of a pack, not of the units), its UTF-8 bytes beyond
    /// the first: `EXTRA_BYTES[min(u >> 6, 127)]`.
    ///
    /// # Safety
    /// The CPU has this level's features.
    #[inline(always)]
    unsafe fn extra_bytes(&self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: register-only intrinsics of this level (CPU per contract).
        unsafe {
            let w = _mm512_packs_epi16(_mm512_srli_epi16::<6>(a), _mm512_srli_epi16::<6>(b));
            _mm512_permutex2var_epi8(self.extra_lo, w, self.extra_hi)
        }
    }
}

/// The UTF-16 check: surrogate pairing and, with `COUNT`, the UTF-8 length, 64 units a step
/// (two vectors; a masked load at the end; a first step up to a 64-byte boundary, which
/// counts only its own units). A step of ASCII costs one test (made at most every fourth
/// step while the text is not ASCII); without `COUNT`, so does a step without a surrogate.
/// Otherwise:
///
/// ```text
/// top:     the units' top bytes in order (one vpermt2b)
/// pairing: hi, lo = 64-bit masks of top & 0xfc == 0xd8, == 0xdc
///          error |= ((hi << 1) | carry) ^ lo      carry = hi >> 63 (the step's last unit)
/// length:  w = min(u >> 6, 127) as bytes (signed saturation); EXTRA_BYTES[w] by vpermt2b;
///          bytes = units + those - 2 per low surrogate (a pair counted 3 + 3 is 4)
/// ```
///
/// Compares into mask registers and permutes share one port on Intel cores, so the step
/// spends as few as it can: two permutes, a pack and two compares for 64 units. The pairing
/// lives in general registers, and the length's byte counters are summed every 127 steps.
#[inline(always)]
pub(crate) unsafe fn scan_utf16<const COUNT: bool, const EARLY: bool>(
    src: &[u16],
) -> Result<usize, usize> {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: CPU per the caller's contract; every load reads units inside `src` (the last
    // step's loads are masked to the units left) or the tables.
    unsafe {
        let k = Utf16Tables::new();
        let non_ascii = _mm512_set1_epi16(0xFF80u16 as i16);
        let m5 = _mm512_set1_epi16(0xF800u16 as i16);
        let mut up = _mm512_setzero_si512();
        let (mut steps, mut untested) = (0, 0);
        let (mut total, mut lows) = (0u64, 0u64);
        let (mut carry, mut error) = (0u64, 0u64);
        let mut i = 0;
        // Units up to the first 64-byte boundary first, by a step whose counts take only
        // them, so that the loop's loads each read one cache line.
        let head = (64 - (p as usize & 63)) % 64 / 2;
        if head != 0 && n >= 128 {
            let (a, b) = (_mm512_loadu_si512(p.cast()), _mm512_loadu_si512(p.add(32).cast()));
            let (hi, lo) = k.surrogates(a, b);
            error = (hi << 1) ^ lo;
            carry = hi >> (head - 1) & 1;
            if COUNT {
                let m = low_bits(head);
                lows = u64::from((lo & m).count_ones());
                // Units past the head count as ASCII (no extra bytes).
                up = k.extra_bytes(
                    _mm512_maskz_mov_epi16(m as u32, a),
                    _mm512_maskz_mov_epi16((m >> 32) as u32, b),
                );
                steps = 1;
            }
            if EARLY && error != 0 {
                return Err(0);
            }
            i = head;
        }
        while i < n {
            let len = (n - i).min(64);
            let (a, b) = if len == 64 {
                (_mm512_loadu_si512(p.add(i).cast()), _mm512_loadu_si512(p.add(i + 32).cast()))
            } else {
                let k = low_bits(len);
                (
                    _mm512_maskz_loadu_epi16(k as u32, p.add(i).cast()),
                    _mm512_maskz_loadu_epi16((k >> 32) as u32, p.add((i + 32).min(n)).cast()),
                )
            };
            // Counting: after a step that is not ASCII the next three skip the test (text
            // that is not ASCII tends to stay so); the full path is right for ASCII too.
            // Validating only: every step tests for a surrogate at all (text without any,
            // Latin-1 or CJK too, then costs about what ASCII does): `(u & 0xf800) ^ 0xd800`
            // is zero exactly for surrogates, and a zero survives the lanes' minimum.
            let quiet = if !COUNT {
                let sa = _mm512_xor_si512(_mm512_and_si512(a, m5), k.surrogate);
                let sb = _mm512_xor_si512(_mm512_and_si512(b, m5), k.surrogate);
                _mm512_cmpeq_epi16_mask(_mm512_min_epu16(sa, sb), _mm512_setzero_si512()) == 0
            } else if untested == 0 {
                _mm512_test_epi16_mask(_mm512_or_si512(a, b), non_ascii) == 0
            } else {
                untested -= 1;
                false
            };
            if quiet {
                // Only a high surrogate right before the step can be unpaired.
                error |= carry;
                carry = 0;
            } else {
                if untested == 0 {
                    untested = 3;
                }
                let (hi, lo) = k.surrogates(a, b);
                error |= ((hi << 1) | carry) ^ lo;
                carry = hi >> 63;
                if COUNT {
                    lows += u64::from(lo.count_ones());
                    up = _mm512_add_epi8(up, k.extra_bytes(a, b));
                    steps += 1;
                    // Each byte lane gains at most 2 a step: sum before 255.
                    if steps == 127 {
                        total += sum_bytes(up);
                        up = _mm512_setzero_si512();
                        steps = 0;
                    }
                }
            }
            if EARLY && error != 0 {
                return Err(utf16_check::resume_point(src, i));
            }
            i += len;
        }
        // A high surrogate as the last unit is unpaired. (In a partial last step its missing
        // low already showed in `error`.)
        if error | carry != 0 {
            return Err(if EARLY { utf16_check::resume_point(src, n) } else { 0 });
        }
        if !COUNT {
            return Ok(0);
        }
        total += sum_bytes(up);
        Ok(n + total as usize - 2 * lows as usize)
    }
}

/// The sum of the 64 bytes of `v`.
#[inline(always)]
unsafe fn sum_bytes(v: __m512i) -> u64 {
    // SAFETY: CPU per the caller's contract.
    unsafe { _mm512_reduce_add_epi64(_mm512_sad_epu8(v, _mm512_setzero_si512())) as u64 }
}

/// Is every surrogate of `src` paired?
///
/// Most text has no surrogate at all, so the units are first only tested for one: `u -
/// 0xD800 < 0x800` (wrapping) exactly for surrogates, and the unsigned minimum of four vectors
/// of differences keeps any such one, so 128 units take four loads, four subtractions, three
/// minimums and one compare. At the first step holding a surrogate the pairing scan
/// ([`scan_utf16`]) takes over from that step's start: the units before it hold no surrogate,
/// so no pair crosses into it.
#[inline(always)]
pub(crate) unsafe fn utf16_pairing_ok(src: &[u16]) -> bool {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: CPU per the caller's contract; a step's four full loads read units `i..i + 128`
    // with `i + 128 <= n` (the last one at `n - 128` when `n >= 128`), shorter inputs' loads
    // are masked to the units left, and the pairing scan gets a subslice of `src` (`i <= n`).
    unsafe {
        let base = _mm512_set1_epi16(0xD800u16 as i16);
        let span = _mm512_set1_epi16(0x800);
        macro_rules! off {
            ($v:expr) => {
                _mm512_sub_epi16($v, base)
            };
        }
        macro_rules! at {
            ($i:expr) => {
                off!(_mm512_loadu_si512(p.add($i).cast()))
            };
        }
        macro_rules! any_surrogate {
            ($i:expr) => {{
                let m = _mm512_min_epu16(
                    _mm512_min_epu16(at!($i), at!($i + 32)),
                    _mm512_min_epu16(at!($i + 64), at!($i + 96)),
                );
                _mm512_cmplt_epu16_mask(m, span) != 0
            }};
        }
        let mut i = 0;
        let found = if n >= 128 {
            loop {
                if i + 128 > n {
                    // The last 128 units, overlapping units already tested (testing a unit
                    // again changes nothing).
                    break i < n && any_surrogate!(n - 128);
                }
                if any_surrogate!(i) {
                    break true;
                }
                i += 128;
            }
        } else {
            // Under 128 units: masked loads (lanes past the end load as zero, which is no
            // surrogate).
            let mut m = span;
            while i < n {
                let k = low_bits((n - i).min(32)) as u32;
                m = _mm512_min_epu16(m, off!(_mm512_maskz_loadu_epi16(k, p.add(i).cast())));
                i += 32;
            }
            i = 0;
            _mm512_cmplt_epu16_mask(m, span) != 0
        };
        !found || scan_utf16::<false, false>(src.get_unchecked(i..)).is_ok()
    }
}

/// Per top six bits of a byte of valid UTF-8: the UTF-16 units of the char it starts (0 for
/// a continuation byte `10xx_xxxx`, 2 for a 4-byte lead `1111_0xxx`).
static UNITS_BY_TOP6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = match j >> 4 {
            2 => 0,
            3 if j >= 60 => 2,
            _ => 1,
        };
        j += 1;
    }
    t
};

/// UTF-16 length of valid UTF-8 `src` (any input is memory-safe): sums
/// `UNITS_BY_TOP6[byte >> 2]` over `src`, 64 bytes a step by one `vpermb`, whose index is the
/// bytes shifted right by 2 within 16-bit lanes (a byte permute reads only the low six bits
/// of each index byte, which are then the byte's own top six: no mask). The step has no
/// compare into a mask register (which shares the permute's port on Intel cores) and no mask moved to a general
/// register (slow on Zen 4). The head up to a 64-byte boundary and the tail are masked loads
/// added into the same byte counters as the steps, which are summed once at the end (and
/// every 125 steps on long inputs): a short input pays for one horizontal sum.
#[inline(always)]
pub(crate) unsafe fn utf16_len_valid(src: &[u8]) -> usize {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: CPU per the caller's contract; full loads stay inside `src`, and the head's and
    // tail's loads are masked to their bytes.
    unsafe {
        let table = _mm512_loadu_si512(UNITS_BY_TOP6.as_ptr().cast());
        macro_rules! lookup {
            ($v:expr) => {
                _mm512_permutexvar_epi8(_mm512_srli_epi16::<2>($v), table)
            };
        }
        // The lookups of `len < 64` bytes at `at` (zero past them), by a masked load.
        macro_rules! part {
            ($at:expr, $len:expr) => {{
                let k = low_bits($len);
                _mm512_maskz_mov_epi8(k, lookup!(_mm512_maskz_loadu_epi8(k, p.add($at).cast())))
            }};
        }
        // Bytes up to the first 64-byte boundary first, so that the loop's loads each read one
        // cache line (split loads measured 1.4x slower).
        let mut i = p.align_offset(64).min(n);
        // Each step adds at most 2 to a byte lane: the head, 125 steps and the tail stay
        // below 255.
        let mut acc = if i > 0 { part!(0, i) } else { _mm512_setzero_si512() };
        let mut total = 0;
        loop {
            let end = n.min(i + 125 * 64);
            while i + 64 <= end {
                acc = _mm512_add_epi8(acc, lookup!(_mm512_loadu_si512(p.add(i).cast())));
                i += 64;
            }
            if i + 64 > n {
                break;
            }
            total += sum_bytes(acc);
            acc = _mm512_setzero_si512();
        }
        if i < n {
            acc = _mm512_add_epi8(acc, part!(i, n - i));
        }
        (total + sum_bytes(acc)) as usize
    }
}

/// Inputs from this many bytes count from a 64-byte boundary in [`count_chars`]; shorter ones
/// (1 KiB took 11.5 ns unaligned) do not pay for the head step.
const LONG_COUNT: usize = 4096;

/// Number of bytes of `src` that are not continuation bytes (`10xx_xxxx`, signed below -64):
/// one compare into a mask and a popcount per 64 bytes, two steps an iteration, the tail by a
/// masked load. The count is in a general register all along, so there is no horizontal sum
/// at the end; a step is one compare on the shuffle port and one mask move.
#[inline(always)]
pub(crate) unsafe fn count_chars(src: &[u8]) -> usize {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: CPU per the caller's contract; full loads read 64 bytes at `i` with
    // `i + 64 <= n`, and the head's (`head < 64 <= n`) and tail's loads are masked to their
    // bytes.
    unsafe {
        let limit = _mm512_set1_epi8(-64);
        macro_rules! cont {
            ($at:expr) => {
                u64::from(
                    _mm512_cmplt_epi8_mask(_mm512_loadu_si512(p.add($at).cast()), limit)
                        .count_ones(),
                )
            };
        }
        let (mut c0, mut c1) = (0u64, 0u64);
        let mut i = 0;
        if n >= LONG_COUNT {
            // Long inputs: the bytes up to the first 64-byte boundary first, so that the
            // loop's loads each read one cache line (at 64 KiB, 1.7x faster than split loads).
            let head = p.align_offset(64);
            if head != 0 {
                let k = low_bits(head);
                let v = _mm512_maskz_loadu_epi8(k, p.cast());
                c1 = u64::from(_mm512_mask_cmplt_epi8_mask(k, v, limit).count_ones());
                i = head;
            }
        }
        while i + 128 <= n {
            c0 += cont!(i);
            c1 += cont!(i + 64);
            i += 128;
        }
        if i + 64 <= n {
            c0 += cont!(i);
            i += 64;
        }
        if i < n {
            let k = low_bits(n - i);
            let v = _mm512_maskz_loadu_epi8(k, p.add(i).cast());
            c1 += u64::from(_mm512_mask_cmplt_epi8_mask(k, v, limit).count_ones());
        }
        n - (c0 + c1) as usize
    }
}

crate::arch::utf8_error_entry!(avx512, sized: V256);

// --- byte search: compares straight into mask registers ---------------------------------------
//
// The generic kernel at this level turns each compare into a vector (`vpmovm2b`) to OR and
// test it; here the compares stay 64-bit masks, OR-ed and tested in mask registers, and
// inputs shorter than a vector take one masked load (no scalar loop).

/// Bit `j` set where byte `j` of `v` is one of the needles.
///
/// # Safety
/// The CPU has AVX-512 BW.
#[inline(always)]
unsafe fn eq_mask<const N: usize>(v: __m512i, k: &[__m512i; N]) -> u64 {
    // SAFETY: CPU per contract.
    unsafe {
        let mut m = _mm512_cmpeq_epi8_mask(v, k[0]);
        for x in &k[1..] {
            m |= _mm512_cmpeq_epi8_mask(v, *x);
        }
        m
    }
}

/// The needles splatted.
///
/// # Safety
/// The CPU has AVX-512 F.
#[inline(always)]
unsafe fn splat_needles<const N: usize>(bytes: [u8; N]) -> [__m512i; N] {
    // SAFETY: CPU per contract.
    bytes.map(|b| unsafe { _mm512_set1_epi8(b as i8) })
}

/// The first position of one of `bytes` in `hay`.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
pub(crate) unsafe fn memchr_find<const N: usize>(hay: &[u8], bytes: [u8; N]) -> Option<usize> {
    let n = hay.len();
    let p = hay.as_ptr();
    // SAFETY: full loads read 64 bytes at offsets at most `n - 64`; the masked load reads only
    // the `n` bytes of `hay` (masked-off bytes are not accessed); CPU per contract.
    unsafe {
        let k = splat_needles(bytes);
        // A macro, not a closure: closures do not inherit the caller's target features.
        macro_rules! load {
            ($i:expr) => {
                _mm512_loadu_si512(p.add($i).cast())
            };
        }
        if n < 64 {
            let m = eq_mask(_mm512_maskz_loadu_epi8(low_bits(n), p.cast()), &k) & low_bits(n);
            return (m != 0).then(|| m.trailing_zeros() as usize);
        }
        let m = eq_mask(load!(0), &k);
        if m != 0 {
            return Some(m.trailing_zeros() as usize);
        }
        let mut i = 64 - (p as usize & 63);
        // `i <= last4` keeps one induction variable (`i` is at least 1 when `last4` is 0).
        let last4 = n.saturating_sub(256);
        while i <= last4 {
            let (a, b) = (eq_mask(load!(i), &k), eq_mask(load!(i + 64), &k));
            let (c, d) = (eq_mask(load!(i + 128), &k), eq_mask(load!(i + 192), &k));
            if (a | b | c | d) != 0 {
                for (j, m) in [a, b, c, d].into_iter().enumerate() {
                    if m != 0 {
                        return Some(i + 64 * j + m.trailing_zeros() as usize);
                    }
                }
            }
            i += 256;
        }
        while i + 64 <= n {
            let m = eq_mask(load!(i), &k);
            if m != 0 {
                return Some(i + m.trailing_zeros() as usize);
            }
            i += 64;
        }
        if i < n {
            let m = eq_mask(load!(n - 64), &k);
            if m != 0 {
                return Some(n - 64 + m.trailing_zeros() as usize);
            }
        }
    }
    None
}

/// The last position of one of `bytes` in `hay`.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
pub(crate) unsafe fn memchr_rfind<const N: usize>(hay: &[u8], bytes: [u8; N]) -> Option<usize> {
    let n = hay.len();
    let p = hay.as_ptr();
    // SAFETY: as in `memchr_find`: loads at offsets between 0 and `n - 64`, or one masked load
    // of `hay`'s bytes; CPU per contract.
    unsafe {
        let k = splat_needles(bytes);
        // A macro, not a closure: closures do not inherit the caller's target features.
        macro_rules! load {
            ($i:expr) => {
                _mm512_loadu_si512(p.add($i).cast())
            };
        }
        let last = |m: u64| 63 - m.leading_zeros() as usize;
        if n < 64 {
            let m = eq_mask(_mm512_maskz_loadu_epi8(low_bits(n), p.cast()), &k) & low_bits(n);
            return (m != 0).then(|| last(m));
        }
        let m = eq_mask(load!(n - 64), &k);
        if m != 0 {
            return Some(n - 64 + last(m));
        }
        let mut end = ((p as usize + n) & !63) - p as usize;
        if end >= 256 {
            // `s`, the start of the four vectors below `end`: one induction variable.
            let mut s = end - 256;
            loop {
                let (a, b) = (eq_mask(load!(s), &k), eq_mask(load!(s + 64), &k));
                let (c, d) = (eq_mask(load!(s + 128), &k), eq_mask(load!(s + 192), &k));
                if (a | b | c | d) != 0 {
                    for (j, m) in [d, c, b, a].into_iter().enumerate() {
                        if m != 0 {
                            return Some(s + 64 * (3 - j) + last(m));
                        }
                    }
                }
                if s < 256 {
                    end = s;
                    break;
                }
                s -= 256;
            }
        }
        while end >= 64 {
            let m = eq_mask(load!(end - 64), &k);
            if m != 0 {
                return Some(end - 64 + last(m));
            }
            end -= 64;
        }
        if end > 0 {
            let m = eq_mask(load!(0), &k);
            if m != 0 {
                return Some(last(m));
            }
        }
    }
    None
}

/// The number of bytes of `hay` equal to `byte`: a popcount of each compare mask.
///
/// The steps load aligned 64-byte vectors (on a haystack that is not 64-aligned, as a `Vec`'s
/// is not, every unaligned load would cross a cache line, which halves load throughput beyond
/// L1); the bytes before the first aligned address and after the last whole vector are read by
/// masked loads.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
pub(crate) unsafe fn memchr_count(hay: &[u8], byte: u8) -> usize {
    let n = hay.len();
    let p = hay.as_ptr();
    // SAFETY: full loads at offsets at most `n - 64`; masked loads read only bytes of `hay`
    // (masked-off bytes are not accessed); CPU per contract.
    unsafe {
        let k = _mm512_set1_epi8(byte as i8);
        // The head: up to the first 64-aligned address (all of `hay` if shorter).
        let mut i = ((64 - (p as usize & 63)) & 63).min(n);
        let head = low_bits(i);
        let v = _mm512_maskz_loadu_epi8(head, p.cast());
        let mut total = (_mm512_cmpeq_epi8_mask(v, k) & head).count_ones() as usize;
        while i + 256 <= n {
            let a = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p.add(i).cast()), k);
            let b = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p.add(i + 64).cast()), k);
            let c = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p.add(i + 128).cast()), k);
            let d = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p.add(i + 192).cast()), k);
            total += (a.count_ones() + b.count_ones() + c.count_ones() + d.count_ones()) as usize;
            i += 256;
        }
        while i + 64 <= n {
            total += _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p.add(i).cast()), k).count_ones()
                as usize;
            i += 64;
        }
        if i < n {
            let rest = low_bits(n - i);
            let v = _mm512_maskz_loadu_epi8(rest, p.add(i).cast());
            total += (_mm512_cmpeq_epi8_mask(v, k) & rest).count_ones() as usize;
        }
        total
    }
}

/// Stamps the memchr-family entry points of this level.
macro_rules! memchr_entries {
    ($($name:ident = $f:ident($($b:ident),+);)*) => {$(
        /// See [`memchr_find`] / [`memchr_rfind`].
        ///
        /// # Safety
        /// The CPU has AVX-512 F and BW.
        #[inline(always)]
        pub(crate) unsafe fn $name(hay: &[u8], $($b: u8),+) -> Option<usize> {
            // SAFETY: forwarded contract.
            unsafe { $f(hay, [$($b),+]) }
        }
    )*};
}

memchr_entries! {
    memchr1 = memchr_find(a);
    memchr2 = memchr_find(a, b);
    memchr3 = memchr_find(a, b, c);
    memrchr1 = memchr_rfind(a);
    memrchr2 = memchr_rfind(a, b);
    memrchr3 = memchr_rfind(a, b, c);
}

// --- byte sets: the few-needle sets on the mask-register kernels above -----------------------

use crate::arch::generic::set::{self as gset, Kind, Spec};
use core_cpu::vector::avx512::V512;

/// [`ByteSet::find`](crate::search::ByteSet::find)'s entry point: sets of one to three
/// values searched for directly take the mask-register kernel, the rest the generic one.
///
/// # Safety
/// The CPU has AVX-512 F and BW (and the level's other features).
#[inline(always)]
pub(crate) unsafe fn set_find(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
    // SAFETY: CPU per contract.
    unsafe {
        match (spec.kind, not != spec.invert) {
            (Kind::Values(1, v), false) => memchr_find(hay, [v[0]]),
            (Kind::Values(2, v), false) => memchr_find(hay, [v[0], v[1]]),
            (Kind::Values(3, v), false) => memchr_find(hay, [v[0], v[1], v[2]]),
            _ => gset::lookup::find::<V512>(hay, spec, not),
        }
    }
}

/// The reverse of [`set_find`].
///
/// # Safety
/// As for [`set_find`].
#[inline(always)]
pub(crate) unsafe fn set_rfind(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
    // SAFETY: CPU per contract.
    unsafe {
        match (spec.kind, not != spec.invert) {
            (Kind::Values(1, v), false) => memchr_rfind(hay, [v[0]]),
            (Kind::Values(2, v), false) => memchr_rfind(hay, [v[0], v[1]]),
            (Kind::Values(3, v), false) => memchr_rfind(hay, [v[0], v[1], v[2]]),
            _ => gset::lookup::rfind::<V512>(hay, spec, not),
        }
    }
}

/// The match mask of the first 64 bytes of `block`: for one to three values, one masked load
/// and the compares straight into a mask register.
///
/// # Safety
/// As for [`set_find`].
#[inline(always)]
pub(crate) unsafe fn set_mask64(block: &[u8], spec: &Spec, not: bool) -> u64 {
    let Kind::Values(n @ 1..=3, v) = spec.kind else {
        // SAFETY: CPU per contract.
        return unsafe { gset::lookup::mask64::<V512>(block, spec, not) };
    };
    let live = low_bits(block.len().min(64));
    // SAFETY: the masked load reads only `block`'s bytes (masked-off ones are not accessed);
    // CPU per contract.
    let m = unsafe {
        let x = _mm512_maskz_loadu_epi8(live, block.as_ptr().cast());
        match n {
            1 => eq_mask(x, &splat_needles([v[0]])),
            2 => eq_mask(x, &splat_needles([v[0], v[1]])),
            _ => eq_mask(x, &splat_needles([v[0], v[1], v[2]])),
        }
    };
    (if not != spec.invert { !m } else { m }) & live
}
