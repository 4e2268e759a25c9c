//! Scalar UTF-8: std-exact validation, UTF-16 length, char counting and decoding.

use super::ascii_prefix_len;
use core::mem::MaybeUninit;

/// A UTF-8 error as std reports it: where the valid prefix ends and the length of the invalid
/// sequence (`None` when the input ends inside a sequence).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawUtf8Error {
    pub valid_up_to: usize,
    pub error_len: Option<u8>,
}

/// Is `b` a continuation byte (`10xx_xxxx`)?
#[inline(always)]
pub(crate) const fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

/// Validates `src[start..]`, where `start` is a char boundary and `src[..start]` is valid,
/// one character at a time: the exact code that finds std's error (`valid_up_to` and
/// `error_len`) near a kernel's resume point, and the arbiter should kernels disagree.
/// Also returns the number of UTF-16 units of the validated range.
pub(crate) fn validate_from(src: &[u8], start: usize) -> Result<usize, RawUtf8Error> {
    let mut i = start;
    let mut units = 0usize;
    let n = src.len();
    while i < n {
        let first = src[i];
        if first < 0x80 {
            let run = ascii_prefix_len(&src[i..]);
            units += run;
            i += run;
            continue;
        }
        let err = |len: Option<u8>| RawUtf8Error { valid_up_to: i, error_len: len };
        let at = |k: usize| src.get(i + k).copied();
        let width = match first {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return Err(err(Some(1))),
        };
        let Some(second) = at(1) else { return Err(err(None)) };
        let second_ok = matches!(
            (first, second),
            (0xC2..=0xDF, 0x80..=0xBF)
                | (0xE0, 0xA0..=0xBF)
                | (0xE1..=0xEC, 0x80..=0xBF)
                | (0xED, 0x80..=0x9F)
                | (0xEE..=0xEF, 0x80..=0xBF)
                | (0xF0, 0x90..=0xBF)
                | (0xF1..=0xF3, 0x80..=0xBF)
                | (0xF4, 0x80..=0x8F)
        );
        if !second_ok {
            return Err(err(Some(1)));
        }
        for k in 2..width {
            match at(k) {
                None => return Err(err(None)),
                Some(b) if !is_continuation(b) => return Err(err(Some(k as u8))),
                Some(_) => {}
            }
        }
        units += if width == 4 { 2 } else { 1 };
        i += width;
    }
    Ok(units)
}

/// Inputs up to this many bytes that are not ASCII go through [`validate_dfa`], which takes
/// about a cycle a byte whatever the text, where the per-character code costs several cycles
/// a character (std's own loop is quicker than it on short CJK and emoji text).
pub(crate) const DFA_MAX: usize = 64;

/// Is `src` valid UTF-8? (Always inline: [`error`] would otherwise pay a second call.)
#[inline(always)]
pub(crate) fn validate(src: &[u8]) -> bool {
    if src.len() <= DFA_MAX {
        return is_ascii_short(src) || validate_dfa(src);
    }
    check_blocks::<false>(src, ascii_block).is_ok()
}

/// Is `src` (at most [`DFA_MAX`] bytes) ASCII? Its words OR-ed (the last one overlapping),
/// then one test.
#[inline(always)]
fn is_ascii_short(src: &[u8]) -> bool {
    let n = src.len();
    if n < 8 {
        return src.iter().fold(0, |acc, &b| acc | b) < 0x80;
    }
    let mut acc = word_at(src, n - 8);
    let mut i = 0;
    while i + 8 < n {
        acc |= word_at(src, i);
        i += 8;
    }
    acc & 0x8080_8080_8080_8080 == 0
}

/// `None` for valid input, else std's exact error (see `Kernels::utf8_error`).
pub(crate) fn error(src: &[u8]) -> Option<crate::utf8::Utf8Error> {
    if validate(src) {
        None
    } else {
        // SAFETY: the scalar check runs everywhere.
        unsafe { crate::utf8::exact_error(src, check) }
    }
}

/// UTF-16 length of valid input, or `Err(resume)` (see `Kernels::utf8_check`).
pub(crate) fn check(src: &[u8]) -> Result<usize, usize> {
    check_blocks::<true>(src, ascii_block)
}

/// Bytes in a block of [`check_blocks`].
pub(crate) const BLOCK: usize = 32;

/// Is the block ASCII? Four word loads and one test.
#[inline(always)]
fn ascii_block(block: &[u8; BLOCK]) -> bool {
    let word = |k: usize| word_at(block, 8 * k);
    (word(0) | word(1) | word(2) | word(3)) & 0x8080_8080_8080_8080 == 0
}

/// The eight bytes at `src[at..]` as a little-endian word (panics past the end).
#[inline(always)]
fn word_at(src: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&src[at..at + 8]);
    u64::from_le_bytes(w)
}

/// One step of the shift DFA: the successor of `state` for byte `b` (the shift only uses
/// the low 6 bits of `state`).
#[inline(always)]
fn dfa_step(state: u64, b: u8) -> u64 {
    dfa::TABLE[b as usize].wrapping_shr(state as u32)
}

/// Runs the shift DFA over `bytes` from `state`.
#[inline(always)]
fn dfa_run(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |s, &b| dfa_step(s, b))
}

/// Runs the DFA over a block as two interleaved chains, so each byte's shift waits on half
/// as long a chain:
/// - the first from `state` over bytes `0..HALF + 4`;
/// - the second from [`dfa::RESYNC`] over bytes `HALF..`, from the first byte there that is
///   not a continuation byte: a character boundary, unless the first chain fails (a character
///   has at most 3 continuation bytes, which the first chain reads).
///
/// Each chain fails on exactly the errors in its bytes, so the block is valid if neither
/// fails; the second chain's state is then the block's end state.
#[inline(always)]
fn dfa_pair(state: u64, block: &[u8; BLOCK]) -> (u64, u64) {
    const HALF: usize = BLOCK / 2;
    let (mut a, mut b) = (state, dfa::RESYNC);
    for k in 0..HALF {
        a = dfa_step(a, block[k]);
        b = dfa_step(b, block[HALF + k]);
    }
    (dfa_run(a, &block[HALF..HALF + 4]), b)
}

/// Validation in blocks of [`BLOCK`] bytes: a block that starts on a character boundary and
/// is ASCII (`ascii` says so) costs one test; every other block runs through the shift DFA,
/// at about 1.3 cycles a byte on any text (Zen 4). With `COUNT`, also counts the UTF-16
/// units.
///
/// On invalid input, `Err(resume)`: the start of the character that spans the start of the
/// block where the DFA failed, so `src[..resume]` is valid and the error is within
/// `BLOCK + 3` bytes of `resume`.
#[inline(always)]
pub(crate) fn check_blocks<const COUNT: bool>(
    src: &[u8],
    ascii: impl Fn(&[u8; BLOCK]) -> bool,
) -> Result<usize, usize> {
    let block_at =
        |at: usize| -> &[u8; BLOCK] { src[at..at + BLOCK].try_into().unwrap_or(&[0; BLOCK]) };
    let n = src.len();
    let mut state = dfa::ACCEPT;
    let mut units = 0;
    let mut at = 0;
    while at + BLOCK <= n {
        if state & 63 == dfa::ACCEPT {
            // On a character boundary: skip ASCII, two blocks to a test while they last.
            while at + 2 * BLOCK <= n && ascii(block_at(at)) & ascii(block_at(at + BLOCK)) {
                at += 2 * BLOCK;
                units += 2 * BLOCK;
            }
            if at + BLOCK > n {
                break;
            }
            if ascii(block_at(at)) {
                at += BLOCK;
                units += BLOCK;
                continue;
            }
        }
        let block = block_at(at);
        let before = state;
        let first;
        (first, state) = dfa_pair(state, block);
        if first & 63 == dfa::ERROR || state & 63 == dfa::ERROR {
            return Err(resume_at(src, at, before));
        }
        if COUNT {
            units += units_of_valid(block);
        }
        at += BLOCK;
    }
    let rest = &src[at..];
    let before = state;
    state = dfa_run(state, rest);
    if state & 63 != dfa::ACCEPT {
        return Err(resume_at(src, at, before));
    }
    Ok(if COUNT { units + units_of_valid(rest) } else { 0 })
}

/// The resume point for an error found in the block at `at`, entered in DFA state `before`:
/// `at` itself on a character boundary, else the lead byte of the character in progress
/// (at most 3 bytes back, all of them valid so far).
#[cold]
fn resume_at(src: &[u8], at: usize, before: u64) -> usize {
    let mut i = at;
    if before & 63 != dfa::ACCEPT {
        while i > 0 && is_continuation(src[i - 1]) {
            i -= 1;
        }
        i = i.saturating_sub(1);
    }
    i
}

/// Number of bytes that are not continuation bytes.
///
/// Eight bytes a step, each byte's "starts a char" bit added into its own byte lane of an
/// accumulator (no per-word popcount, which the baseline x86-64 target lacks as an
/// instruction); the lanes are summed once per 255 words, before any can overflow.
pub(crate) fn count_chars(src: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    let mut count = 0usize;
    let mut words = src.chunks_exact(8);
    loop {
        let mut acc = 0u64;
        let mut taken = 0;
        for word in (&mut words).take(255) {
            let w = word_at(word, 0);
            // A byte starts a char unless it is 10xx_xxxx: bit 7 clear, or bits 7 and 6 set.
            acc += (!w >> 7 | w >> 6) & ONES;
            taken += 1;
        }
        // Byte lanes (each at most 255) to 16-bit lanes, then one multiply sums those.
        let pairs = (acc & EVEN) + (acc >> 8 & EVEN);
        count += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
        if taken < 255 {
            break;
        }
    }
    count + words.remainder().iter().filter(|&&b| !is_continuation(b)).count()
}

/// Decodes valid UTF-8 into UTF-16 with bounds-checked writes; returns the units written.
///
/// The input must be valid UTF-8 (callers guarantee it); `dst` must be large enough or this
/// panics on the bounds check (never undefined behaviour).
pub(crate) fn to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        let (di, d_o) = decode_step(src, i, dst, o);
        i += di;
        o += d_o;
    }
    o
}

/// Decodes the char at `src[i]` (valid UTF-8) into `dst[o..]`, or eight ASCII bytes at once
/// when they are there; returns `(bytes read, units written)`. Bounds-checked: a `dst` too
/// short panics.
#[inline(always)]
pub(crate) fn decode_step(
    src: &[u8],
    i: usize,
    dst: &mut [MaybeUninit<u16>],
    o: usize,
) -> (usize, usize) {
    let b = src[i] as u32;
    if b < 0x80 {
        if let (Some(word), Some(out)) = (src.get(i..i + 8), dst.get_mut(o..o + 8)) {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            if u64::from_ne_bytes(w) & 0x8080_8080_8080_8080 == 0 {
                for (d, &s) in out.iter_mut().zip(&w) {
                    *d = MaybeUninit::new(u16::from(s));
                }
                return (8, 8);
            }
        }
        dst[o] = MaybeUninit::new(b as u16);
        (1, 1)
    } else if b < 0xE0 {
        dst[o] = MaybeUninit::new((((b & 0x1F) << 6) | (src[i + 1] as u32 & 0x3F)) as u16);
        (2, 1)
    } else if b < 0xF0 {
        // Four or two 3-byte chars from two or one words when the next ones are 3-byte chars
        // too (CJK runs): a quarter or half the branches a char. Valid input makes a 3-byte
        // lead's two continuation bytes follow it.
        let word = |at: usize| word_at(src, at);
        let three = |w: u64| ((w & 0x0F) << 12 | (w >> 2 & 0xFC0) | (w >> 16 & 0x3F)) as u16;
        let is_three = |w: u64| w & 0xF0 == 0xE0;
        if i + 14 <= src.len() {
            if let Some(out) = dst.get_mut(o..o + 4) {
                let (w0, w1) = (word(i), word(i + 6));
                if is_three(w0 >> 24) & is_three(w1) & is_three(w1 >> 24) {
                    out[0] = MaybeUninit::new(three(w0));
                    out[1] = MaybeUninit::new(three(w0 >> 24));
                    out[2] = MaybeUninit::new(three(w1));
                    out[3] = MaybeUninit::new(three(w1 >> 24));
                    return (12, 4);
                }
            }
        }
        if i + 8 <= src.len() {
            if let Some(out) = dst.get_mut(o..o + 2) {
                let w = word(i);
                if is_three(w >> 24) {
                    out[0] = MaybeUninit::new(three(w));
                    out[1] = MaybeUninit::new(three(w >> 24));
                    return (6, 2);
                }
            }
        }
        dst[o] = MaybeUninit::new(
            (((b & 0x0F) << 12) | ((src[i + 1] as u32 & 0x3F) << 6) | (src[i + 2] as u32 & 0x3F))
                as u16,
        );
        (3, 1)
    } else {
        let c = ((b & 0x07) << 18)
            | ((src[i + 1] as u32 & 0x3F) << 12)
            | ((src[i + 2] as u32 & 0x3F) << 6)
            | (src[i + 3] as u32 & 0x3F);
        let c = c - 0x1_0000;
        dst[o] = MaybeUninit::new(0xD800 | (c >> 10) as u16);
        dst[o + 1] = MaybeUninit::new(0xDC00 | (c & 0x3FF) as u16);
        (4, 2)
    }
}

/// Validates and decodes the chars from `src[i]` (a char boundary, `src[..i]` valid) into
/// `dst[o..]` until the end of `src`, an error, or (with `ASCII_EXIT`) eight ASCII bytes in a
/// row, which are written first. Returns where it stopped in `src` and `dst`, or `Err(at)`
/// with `at` the boundary of the char that is not valid (the resume point of
/// `Kernels::utf8_check`).
///
/// Per char, the four bytes from its lead are read as one word and matched against the bit
/// patterns of each width (`0xxx_xxxx`, `110x_xxxx 10xx_xxxx`, ...); the decoded value then
/// settles what the pattern cannot (overlongs, surrogates, the top of the range) with one
/// branch. Inside non-ASCII text an ASCII byte (a space) is taken one at a time, a run of
/// eight as a word. The last three bytes go char by char with every access checked.
///
/// # Safety
/// `dst.len() >= src.len()` and `o <= i`: a valid char never takes more units than bytes, so
/// every write stays below `o + (bytes read) <= src.len()`.
#[inline(always)]
pub(crate) unsafe fn decode_checked<const ASCII_EXIT: bool>(
    src: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u16>],
    mut o: usize,
) -> Result<(usize, usize), usize> {
    debug_assert!(dst.len() >= src.len() && o <= i);
    let n = src.len();
    let s = src.as_ptr();
    let d = dst.as_mut_ptr().cast::<u16>();
    // SAFETY: reads stay below `i + 4 <= n` (`i + 8` for the ASCII word); each write of `k`
    // units follows a read of at least `k` bytes from `i >= o`, so it ends at or below
    // `o + 8 <= i + 8 <= n <= dst.len()` (contract).
    unsafe {
        while i + 4 <= n {
            let w = u32::from_le_bytes(s.add(i).cast::<[u8; 4]>().read());
            if w & 0x80 == 0 {
                if i + 8 <= n {
                    let word = u64::from_le_bytes(s.add(i).cast::<[u8; 8]>().read());
                    if word & 0x8080_8080_8080_8080 == 0 {
                        for k in 0..8 {
                            *d.add(o + k) = (word >> (8 * k) & 0xFF) as u16;
                        }
                        i += 8;
                        o += 8;
                        if ASCII_EXIT {
                            return Ok((i, o));
                        }
                        continue;
                    }
                }
                *d.add(o) = (w & 0x7F) as u16;
                i += 1;
                o += 1;
            } else if w & 0xC0E0 == 0x80C0 {
                // 110x_xxxx 10xx_xxxx (C0 and C1 would be overlong), and the next ones while
                // they are 2-byte chars too: Latin, Greek, Cyrillic words.
                let mut w = w;
                loop {
                    if w & 0x1E == 0 {
                        return Err(i);
                    }
                    *d.add(o) = ((w & 0x1F) << 6 | w >> 8 & 0x3F) as u16;
                    i += 2;
                    o += 1;
                    if i + 4 > n {
                        break;
                    }
                    w = u32::from_le_bytes(s.add(i).cast::<[u8; 4]>().read());
                    if w & 0xC0E0 != 0x80C0 {
                        break;
                    }
                }
            } else if w & 0x00C0_C0F0 == 0x0080_80E0 {
                // 1110_xxxx 10xx_xxxx 10xx_xxxx, while they last (CJK runs): four at a time
                // from two words where they are there, one tested branch for the four.
                const PAT2_MASK: u64 = 0xC0C0_F0C0_C0F0;
                const PAT2: u64 = 0x8080_E080_80E0;
                let three =
                    |w: u64| ((w & 0x0F) << 12 | (w >> 2 & 0xFC0) | (w >> 16 & 0x3F)) as u32;
                let bad = |cp: u32| (cp < 0x800) | (cp & 0xF800 == 0xD800);
                loop {
                    while i + 14 <= n {
                        let w0 = u64::from_le_bytes(s.add(i).cast::<[u8; 8]>().read());
                        let w1 = u64::from_le_bytes(s.add(i + 6).cast::<[u8; 8]>().read());
                        if (w0 & PAT2_MASK != PAT2) | (w1 & PAT2_MASK != PAT2) {
                            break;
                        }
                        let cps = [three(w0), three(w0 >> 24), three(w1), three(w1 >> 24)];
                        if cps.iter().fold(false, |acc, &cp| acc | bad(cp)) {
                            return Err(i);
                        }
                        for (k, cp) in cps.into_iter().enumerate() {
                            *d.add(o + k) = cp as u16;
                        }
                        i += 12;
                        o += 4;
                    }
                    if i + 4 > n {
                        break;
                    }
                    let w = u32::from_le_bytes(s.add(i).cast::<[u8; 4]>().read());
                    if w & 0x00C0_C0F0 != 0x0080_80E0 {
                        break;
                    }
                    let cp = (w & 0x0F) << 12 | (w >> 2 & 0xFC0) | (w >> 16 & 0x3F);
                    if (cp < 0x800) | (cp & 0xF800 == 0xD800) {
                        return Err(i);
                    }
                    *d.add(o) = cp as u16;
                    i += 3;
                    o += 1;
                }
            } else if w & 0xC0C0_C0F8 == 0x8080_80F0 {
                // 1111_0xxx and three continuation bytes, while they last (emoji runs).
                let mut w = w;
                loop {
                    let cp =
                        (w & 0x07) << 18 | (w & 0x3F00) << 4 | (w >> 10 & 0xFC0) | (w >> 24 & 0x3F);
                    if !(0x1_0000..=0x10_FFFF).contains(&cp) {
                        return Err(i);
                    }
                    let c = cp - 0x1_0000;
                    *d.add(o) = 0xD800 | (c >> 10) as u16;
                    *d.add(o + 1) = 0xDC00 | (c & 0x3FF) as u16;
                    i += 4;
                    o += 2;
                    if i + 4 > n {
                        break;
                    }
                    w = u32::from_le_bytes(s.add(i).cast::<[u8; 4]>().read());
                    if w & 0xC0C0_C0F8 != 0x8080_80F0 {
                        break;
                    }
                }
            } else {
                return Err(i);
            }
        }
    }
    decode_checked_tail(src, i, dst, o)
}

/// [`decode_checked`] for the last bytes, char by char with every access checked.
#[inline(never)]
fn decode_checked_tail(
    src: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u16>],
    mut o: usize,
) -> Result<(usize, usize), usize> {
    let n = src.len();
    while i < n {
        let at = |k: usize| u32::from(src.get(i + k).copied().unwrap_or(0));
        let cont = |c: u32| c & 0xC0 == 0x80;
        let b = at(0);
        if b < 0x80 {
            dst[o] = MaybeUninit::new(b as u16);
            i += 1;
            o += 1;
        } else if b < 0xE0 {
            let c1 = at(1);
            if b < 0xC2 || !cont(c1) {
                return Err(i);
            }
            dst[o] = MaybeUninit::new(((b & 0x1F) << 6 | c1 & 0x3F) as u16);
            i += 2;
            o += 1;
        } else if b < 0xF0 {
            let (c1, c2) = (at(1), at(2));
            let cp = (b & 0x0F) << 12 | (c1 & 0x3F) << 6 | c2 & 0x3F;
            if !(cont(c1) & cont(c2) & (cp >= 0x800) & (cp & 0xF800 != 0xD800)) {
                return Err(i);
            }
            dst[o] = MaybeUninit::new(cp as u16);
            i += 3;
            o += 1;
        } else {
            // Four bytes from here would have gone through the word loop: too few remain.
            return Err(i);
        }
    }
    Ok((i, o))
}

/// Validates `src` and transcodes it to UTF-16 in one pass: `Ok(units written)`, or
/// `Err(resume)` as `Kernels::utf8_check` (what `dst` holds then is unspecified).
///
/// # Safety
/// `dst` holds at least `src.len()` units.
pub(crate) unsafe fn to_utf16_checked(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, usize> {
    // SAFETY: the contract, and `o = i = 0`.
    unsafe { decode_checked::<false>(src, 0, dst, 0).map(|(_, o)| o) }
}

/// The table entry: same as [`to_utf16`] (its contract makes it never panic).
pub(crate) fn to_utf16_kernel(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
    to_utf16(src, dst)
}

/// States of the shift-based validation DFA, pre-multiplied by 6 (each state's successor
/// lives in bits `state..state + 6` of the byte's table row).
mod dfa {
    pub(super) const ACCEPT: u64 = 0;
    pub(super) const ERROR: u64 = 6;
    /// One continuation byte (80..=BF) left.
    const CONT1: u64 = 12;
    /// Two continuation bytes left.
    const CONT2: u64 = 18;
    /// After E0: A0..=BF, then one more.
    const E0: u64 = 24;
    /// After ED: 80..=9F (no surrogates), then one more.
    const ED: u64 = 30;
    /// Three continuation bytes left (after F1..=F3).
    const CONT3: u64 = 36;
    /// After F0: 90..=BF (no overlongs), then two more.
    const F0: u64 = 42;
    /// After F4: 80..=8F (nothing above U+10FFFF), then two more.
    const F4: u64 = 48;
    /// Where a second chain starts inside a block: continuation bytes are skipped (the first
    /// chain checks them), any other byte is read as from [`ACCEPT`].
    pub(super) const RESYNC: u64 = 54;

    /// The successor of each state for byte `b`.
    const fn next(state: u64, b: u8) -> u64 {
        match state {
            ACCEPT => match b {
                0x00..=0x7F => ACCEPT,
                0xC2..=0xDF => CONT1,
                0xE0 => E0,
                0xED => ED,
                0xE1..=0xEF => CONT2,
                0xF0 => F0,
                0xF1..=0xF3 => CONT3,
                0xF4 => F4,
                _ => ERROR,
            },
            CONT1 => match b {
                0x80..=0xBF => ACCEPT,
                _ => ERROR,
            },
            CONT2 => match b {
                0x80..=0xBF => CONT1,
                _ => ERROR,
            },
            CONT3 => match b {
                0x80..=0xBF => CONT2,
                _ => ERROR,
            },
            E0 => match b {
                0xA0..=0xBF => CONT1,
                _ => ERROR,
            },
            ED => match b {
                0x80..=0x9F => CONT1,
                _ => ERROR,
            },
            F0 => match b {
                0x90..=0xBF => CONT2,
                _ => ERROR,
            },
            F4 => match b {
                0x80..=0x8F => CONT2,
                _ => ERROR,
            },
            RESYNC => match b {
                0x80..=0xBF => RESYNC,
                _ => next(ACCEPT, b),
            },
            _ => ERROR,
        }
    }

    /// Row `b`: the successor of every state for byte `b`, 6 bits each.
    pub(super) static TABLE: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut b = 0;
        while b < 256 {
            let mut row = 0u64;
            let mut s = 0;
            while s <= RESYNC {
                row |= next(s, b as u8) << s;
                s += 6;
            }
            t[b] = row;
            b += 1;
        }
        t
    };
}

/// Is `src` valid UTF-8? A shift-based DFA: one table load and one shift per byte, with a
/// one-cycle dependency chain (the shift count only uses the low 6 bits of the state). Best
/// for short non-ASCII inputs, where a vector block would cost more than the bytes.
#[inline]
pub(crate) fn validate_dfa(src: &[u8]) -> bool {
    dfa_run(dfa::ACCEPT, src) & 63 == dfa::ACCEPT
}

/// UTF-16 units of valid UTF-8: one per non-continuation byte plus one per 4-byte lead.
/// Eight bytes a step: the continuation bytes (`10xx_xxxx`) and the 4-byte leads
/// (`1111_xxxx`) are marked in each byte's top bit and counted with one multiply.
#[inline]
pub(crate) fn units_of_valid(src: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The number of bytes whose top bit is set in `marks` (no other bits set).
    let count = |marks: u64| ((marks >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let mut words = src.chunks_exact(8);
    let mut units = 0;
    for word in &mut words {
        let w = word_at(word, 0);
        // Shifting a whole word left by k moves bit 7 - k of each byte to its bit 7.
        let continuation = w & !(w << 1) & HIGH;
        let four_byte_lead = w & (w << 1) & (w << 2) & (w << 3) & HIGH;
        units += 8 - count(continuation) + count(four_byte_lead);
    }
    units
        + words
            .remainder()
            .iter()
            .map(|&b| usize::from(!is_continuation(b)) + usize::from(b >= 0xF0))
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DFA agrees with std on every 1- and 2-byte input and on every 3-byte input whose
    /// first byte is not ASCII (ASCII-led ones reduce to the shorter cases).
    #[test]
    fn dfa_matches_std_on_short_sequences() {
        for a in 0..=255u8 {
            assert_eq!(validate_dfa(&[a]), core::str::from_utf8(&[a]).is_ok());
            for b in 0..=255u8 {
                assert_eq!(validate_dfa(&[a, b]), core::str::from_utf8(&[a, b]).is_ok());
                if a >= 0x80 {
                    for c in 0..=255u8 {
                        let v = [a, b, c];
                        assert_eq!(validate_dfa(&v), core::str::from_utf8(&v).is_ok(), "{v:x?}");
                    }
                }
            }
        }
    }

    #[test]
    fn dfa_four_byte_sequences() {
        for a in 0xF0..=0xF5u8 {
            for b in 0x70..=0xC0u8 {
                for c in [0x41, 0x80, 0xBF, 0xC0] {
                    for d in [0x41, 0x80, 0xBF, 0xC0] {
                        let v = [a, b, c, d];
                        assert_eq!(validate_dfa(&v), core::str::from_utf8(&v).is_ok(), "{v:x?}");
                    }
                }
            }
        }
    }

    /// The block loop against std around the middle of a block, where its second chain
    /// starts: every multi-byte char, cut or corrupted, at every offset from 8 to 24 of the
    /// second block (the first one ASCII or not, or the second one entered inside a char).
    /// A valid result must count std's units; an invalid one must give a resume point on a
    /// char boundary with a valid prefix, at most `BLOCK + 3` bytes before std's error.
    #[test]
    fn block_loop_around_the_second_chain() {
        let chars = ["\u{E9}", "\u{800}", "\u{20AC}", "\u{D7FF}", "\u{10000}", "\u{10FFFF}"];
        // The second block starts on a char boundary, or inside a char that straddles it.
        let straddling = "x".repeat(BLOCK - 2) + "\u{1F600}";
        for lead in ["", "\u{E9}\u{20AC}", &straddling] {
            for c in chars {
                let c = c.as_bytes();
                for at in 8..=24 {
                    for cut in 0..=c.len() {
                        for bad in [None, Some(0x41u8), Some(0x80), Some(0xC0)] {
                            let mut v = lead.as_bytes().to_vec();
                            v.resize(BLOCK + at, b'x');
                            v.extend_from_slice(&c[..cut]);
                            v.extend(bad);
                            v.resize(3 * BLOCK + 5, b'y');
                            check_against_std(&v);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn count_chars_across_accumulator_batches() {
        // 255 words = 2040 bytes a batch: counts on both sides of each batch end.
        let text = "aé€😀 ".repeat(1000);
        for len in [0, 7, 8, 9, 2039, 2040, 2041, 4080, 4081, 4089, text.len()] {
            let s = &text.as_bytes()[..len];
            let expect = s.iter().filter(|&&b| !is_continuation(b)).count();
            assert_eq!(count_chars(s), expect, "len {len}");
        }
        let all_lead = [0xE2u8; 5000];
        assert_eq!(count_chars(&all_lead), 5000);
    }

    fn check_against_std(v: &[u8]) {
        let ours = check_blocks::<true>(v, ascii_block);
        assert_eq!(check_blocks::<false>(v, ascii_block).is_ok(), ours.is_ok(), "{v:x?}");
        match core::str::from_utf8(v) {
            Ok(s) => assert_eq!(ours, Ok(s.encode_utf16().count()), "{v:x?}"),
            Err(e) => {
                let resume = ours.expect_err("std rejects it");
                assert!(resume <= e.valid_up_to() && e.valid_up_to() - resume <= BLOCK + 3);
                assert!(core::str::from_utf8(&v[..resume]).is_ok(), "{v:x?} {resume}");
            }
        }
    }
}
