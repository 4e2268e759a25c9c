//! UTF-8 validation (and UTF-16 length) over vectors, after Keiser & Lemire (2021).
//!
//! ```text
//! for each 64-byte block:
//!     if no byte >= 0x80: error |= previous block ended inside a sequence; continue
//!     for each vector v (prev = the vector before it):
//!         p1, p2, p3 = v shifted by 1, 2, 3 bytes across prev
//!         special = T1[p1 >> 4] & T2[p1 & 15] & T3[v >> 4]     // bad 2-byte windows
//!         must    = (p2 >= 0xE0 | p3 >= 0xF0) & 0x80             // 3rd/4th byte positions
//!         error  |= special ^ must                               // TWO_CONTS must match
//!     incomplete = last vector ends with a lead byte lacking its continuations
//! ```
//!
//! The tables below are our own derivation of the error classes in the paper: each bit is one
//! class, set in T1/T2/T3 exactly for the nibble values that take part in it, so the AND is
//! non-zero only when all three agree.
//!
//! Two departures from the paper's layout pay off on current x86 cores: after the first block
//! the shifted inputs `p1..p3` are unaligned loads one to three bytes back rather than lane
//! shuffles of the previous vector (load ports are idle, shuffle ports are the bottleneck),
//! and the tail reuses a vector that overlaps already-checked bytes instead of a zero-padded
//! copy. Inputs of at most one block take overlapping vectors (under a vector and three bytes,
//! two checked on their own), or below one vector a vector of the bytes and zeros where the
//! level builds that in registers (AVX2), else a shift-based scalar DFA.
//!
//! The UTF-16 length rides along: each char adds one unit per non-continuation byte and one
//! more per 4-byte lead (`>= 0xF0`), counted with per-byte accumulators flushed by a
//! horizontal sum every few dozen blocks.

use super::window;
use crate::arch::scalar::utf8 as scalar;
use crate::utf8::Utf8Error;
use core::marker::PhantomData;
use core_cpu::vector::{Lookup, Vector};

/// Bytes per block; every level reads whole blocks (4 × 16 or 2 × 32 bytes).
const BLOCK: usize = 64;

/// The path [`scan`] takes for an input, by its length alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SizeClass {
    /// Under 8 bytes: the scalar DFA.
    Tiny,
    /// `8..BYTES`: one vector of the bytes and zeros where the level builds it in registers
    /// (`Vector::load_padded`), else the scalar DFA.
    Padded,
    /// Exactly one vector.
    One,
    /// `BYTES + 1..BYTES + 3`: the vector at 0 and the one ending at the end, both on their own.
    Two,
    /// `BYTES + 3..=BLOCK`: overlapping vectors, the later ones with shifted loads.
    Overlapping,
    /// More than a block: the block loop.
    Long,
}

/// The inclusive length range of each [`SizeClass`] for vectors `V`, and the class of a
/// length: the one definition that [`scan`] and the per-class `utf8_error` copies share.
pub(crate) struct Sizes<V>(PhantomData<V>);

impl<V: Vector> Sizes<V> {
    pub(crate) const TINY: (usize, usize) = (0, 7);
    pub(crate) const PADDED: (usize, usize) = (8, V::BYTES - 1);
    pub(crate) const ONE: (usize, usize) = (V::BYTES, V::BYTES);
    pub(crate) const TWO: (usize, usize) = (V::BYTES + 1, V::BYTES + 2);
    pub(crate) const OVERLAPPING: (usize, usize) = (V::BYTES + 3, BLOCK);
    pub(crate) const LONG: (usize, usize) = (BLOCK + 1, usize::MAX);

    /// The class of an input of `n` bytes.
    #[inline(always)]
    pub(crate) fn of(n: usize) -> SizeClass {
        if n > BLOCK {
            SizeClass::Long
        } else if n >= V::BYTES + 3 {
            SizeClass::Overlapping
        } else if n > V::BYTES {
            SizeClass::Two
        } else if n < 8 {
            SizeClass::Tiny
        } else if n < V::BYTES {
            SizeClass::Padded
        } else {
            SizeClass::One
        }
    }
}

// One bit per error class of a two-byte window (previous byte, current byte).
/// Lead byte followed by a non-continuation.
const TOO_SHORT: u8 = 1 << 0;
/// ASCII followed by a continuation.
const TOO_LONG: u8 = 1 << 1;
/// `E0` followed by `80..=9F`.
const OVERLONG_3: u8 = 1 << 2;
/// `F4` followed by `90..=BF`, or `F5..=FF` followed by `90..=BF`.
const TOO_LARGE: u8 = 1 << 3;
/// `ED` followed by `A0..=BF` (a UTF-16 surrogate).
const SURROGATE: u8 = 1 << 4;
/// `C0` or `C1` followed by a continuation.
const OVERLONG_2: u8 = 1 << 5;
/// `F5..=FF` followed by `80..=8F`, or `F0` followed by `80..=8F` (overlong 4-byte).
const TOO_LARGE_1000: u8 = 1 << 6;
const OVERLONG_4: u8 = 1 << 6;
/// Continuation followed by continuation: an error unless the second one is a required
/// third or fourth byte, which the `must` mask cancels.
const TWO_CONTS: u8 = 1 << 7;
/// Classes decided by the high nibbles alone, so every low nibble of the first byte allows them.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// T1: indexed by the high nibble of the first byte of the window.
const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG, // 0..=7 ASCII
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,                                           // 8..=B continuation
    TOO_SHORT | OVERLONG_2,                              // C
    TOO_SHORT,                                           // D
    TOO_SHORT | OVERLONG_3 | SURROGATE,                  // E
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4, // F
];

/// T2: indexed by the low nibble of the first byte of the window.
const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, // 0
    CARRY | OVERLONG_2,                           // 1
    CARRY,
    CARRY,
    CARRY | TOO_LARGE, // 4
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, // D
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// T3: indexed by the high nibble of the second byte of the window.
const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4, // 8
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,                   // 9
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                    // A
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                    // B
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT, // C..=F
];

/// `saturating_sub(v, INCOMPLETE_MAX)` is non-zero where the last 3 bytes of a vector start a
/// sequence that needs more bytes than the vector has left. Read at `32 - BYTES`.
static INCOMPLETE_MAX: [u8; 32] = {
    let mut t = [0xFF; 32];
    t[29] = 0xF0 - 1;
    t[30] = 0xE0 - 1;
    t[31] = 0xC0 - 1;
    t
};

/// The three nibble tables of the check, held in registers, and the check of one vector: what
/// a kernel that validates as it transcodes (AVX-512's UTF-8 to UTF-16) takes from here.
#[derive(Clone, Copy)]
pub(crate) struct ErrorTables<V> {
    t1: V,
    t2: V,
    t3: V,
}

impl<V: Lookup> ErrorTables<V> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn new() -> Self {
        // SAFETY: CPU per contract.
        unsafe {
            ErrorTables {
                t1: V::table(&BYTE_1_HIGH),
                t2: V::table(&BYTE_1_LOW),
                t3: V::table(&BYTE_2_HIGH),
            }
        }
    }

    /// The error bits of `input` given the input shifted by one, two and three bytes (from
    /// `prevN` or from unaligned loads one, two and three bytes earlier): non-zero in the
    /// bytes that break UTF-8 with the three before them.
    ///
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn errors(self, input: V, p1: V, p2: V, p3: V) -> V {
        // SAFETY: CPU per contract.
        unsafe {
            let special = p1
                .high_nibbles()
                .lookup(self.t1)
                .and(p1.low_nibbles().lookup(self.t2))
                .and(input.high_nibbles().lookup(self.t3));
            let third = p2.subs_u8(V::splat8(0xE0 - 0x80));
            let fourth = p3.subs_u8(V::splat8(0xF0 - 0x80));
            let must = third.or(fourth).and(V::splat8(0x80));
            must.xor(special)
        }
    }
}

/// Running state across blocks.
struct State<V> {
    tables: ErrorTables<V>,
    error: V,
    prev: V,
    prev_incomplete: V,
    /// Per-byte UTF-16 unit counters (only with `COUNT`), flushed into `units`.
    acc: V,
    acc_blocks: usize,
    units: usize,
}

impl<V: Lookup> State<V> {
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: `Lookup` methods need the level's CPU features, which the caller's
        // contract provides.
        unsafe {
            State {
                tables: ErrorTables::new(),
                error: V::zero(),
                prev: V::zero(),
                prev_incomplete: V::zero(),
                acc: V::zero(),
                acc_blocks: 0,
                units: 0,
            }
        }
    }

    /// The error bits of `input` given the vector before it.
    #[inline(always)]
    unsafe fn check(&self, input: V, prev: V) -> V {
        // SAFETY: the caller's CPU supports `V`'s level.
        unsafe {
            self.check_shifted(input, input.prev1(prev), input.prev2(prev), input.prev3(prev))
        }
    }

    /// The error bits of `input` given the input shifted by one, two and three bytes.
    #[inline(always)]
    unsafe fn check_shifted(&self, input: V, p1: V, p2: V, p3: V) -> V {
        // SAFETY: the caller's CPU supports `V`'s level.
        unsafe { self.tables.errors(input, p1, p2, p3) }
    }

    /// Validates (and with `COUNT` counts) the 64 bytes at `p`.
    ///
    /// With `SHIFTED`, the inputs shifted by one to three bytes are read with unaligned loads
    /// at `p - 1 ..= p - 3` instead of being assembled from the previous vector: loads go to
    /// the load ports, which frees four shuffle-port operations per vector.
    ///
    /// # Safety
    /// `p..p + BLOCK` is readable, and with `SHIFTED` so are the 3 bytes before `p`; the CPU
    /// supports `V`'s level.
    #[inline(always)]
    unsafe fn block<const COUNT: bool, const SHIFTED: bool>(&mut self, p: *const u8) {
        let n = BLOCK / V::BYTES;
        // SAFETY: `p..p + BLOCK` is readable and `n * V::BYTES == BLOCK`; CPU per contract.
        unsafe {
            let mut v = [V::zero(); 4];
            let mut any = V::zero();
            for (k, slot) in v.iter_mut().enumerate().take(n) {
                *slot = V::load(p.add(k * V::BYTES));
                any = any.or(*slot);
            }
            if !any.any_high_bit() {
                // An ASCII block cannot continue a sequence from the previous block.
                self.error = self.error.or(self.prev_incomplete);
                self.prev_incomplete = V::zero();
                self.prev = v[n - 1];
                if COUNT {
                    self.units += BLOCK;
                }
                return;
            }
            self.multibyte::<COUNT, SHIFTED>(p, &v);
        }
    }

    /// The non-ASCII part of [`State::block`]: `v` holds the block's vectors, loaded from `p`.
    ///
    /// # Safety
    /// As for [`State::block`].
    #[inline(always)]
    unsafe fn multibyte<const COUNT: bool, const SHIFTED: bool>(
        &mut self,
        p: *const u8,
        v: &[V; 4],
    ) {
        let n = BLOCK / V::BYTES;
        // SAFETY: shifted loads read `p - 3 .. p + BLOCK`, readable per contract; CPU too.
        unsafe {
            for (k, &x) in v.iter().enumerate().take(n) {
                // Inside the block the bytes before vector k >= 1 are always readable.
                let e = if SHIFTED || k > 0 {
                    let q = p.add(k * V::BYTES);
                    let (p1, p2, p3) = (V::load(q.sub(1)), V::load(q.sub(2)), V::load(q.sub(3)));
                    self.check_shifted(x, p1, p2, p3)
                } else {
                    self.check(x, self.prev)
                };
                self.error = self.error.or(e);
                self.prev = x;
            }
            self.prev_incomplete =
                self.prev.subs_u8(V::load(INCOMPLETE_MAX.as_ptr().add(32 - V::BYTES)));
            if COUNT {
                // units += [b > 0xBF as i8] + [b > 0xEF as i8] - [b >= 0]: non-continuation
                // bytes plus 4-byte leads; at most 2 per byte per vector.
                let (cont_max, three_max, ascii_min) =
                    (V::splat8(0xBF), V::splat8(0xEF), V::splat8(0xFF));
                for &x in v.iter().take(n) {
                    self.acc = self
                        .acc
                        .sub8(x.gt_i8(cont_max))
                        .sub8(x.gt_i8(three_max))
                        .add8(x.gt_i8(ascii_min));
                }
                self.acc_blocks += 1;
                // Each block adds at most 2 * n <= 8 per byte lane: flush before 255.
                if self.acc_blocks == 31 {
                    self.flush();
                }
            }
        }
    }

    /// Adds the UTF-16 units of the bytes of `x` selected by `mask` to the accumulators
    /// (at most 2 per lane).
    #[inline(always)]
    unsafe fn count_masked(&mut self, x: V, mask: V) {
        // SAFETY: CPU per the caller's contract.
        unsafe {
            let units = V::zero()
                .sub8(x.gt_i8(V::splat8(0xBF)))
                .sub8(x.gt_i8(V::splat8(0xEF)))
                .add8(x.gt_i8(V::splat8(0xFF)));
            self.acc = self.acc.add8(units.and(mask));
        }
    }

    #[inline(always)]
    unsafe fn flush(&mut self) {
        // SAFETY: CPU per the caller's contract.
        unsafe {
            self.units += self.acc.sum8() as usize;
            self.acc = V::zero();
        }
        self.acc_blocks = 0;
    }
}

/// Is `src` ASCII? For short inputs: overlapping vector or word loads, no loop for < 64 B.
#[inline(always)]
unsafe fn is_ascii_short<V: Vector>(src: &[u8]) -> bool {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: every load below reads inside `src` (offsets checked against `n`); CPU per
    // the caller's contract.
    unsafe {
        if n >= V::BYTES {
            // The first and the last vector (the same one at `n == BYTES`: no test for it).
            let mut acc = V::load(p).or(V::load(p.add(n - V::BYTES)));
            let mut i = V::BYTES;
            while i + V::BYTES < n {
                acc = acc.or(V::load(p.add(i)));
                i += V::BYTES;
            }
            !acc.any_high_bit()
        } else if n >= 8 {
            let mut w = p.add(n - 8).cast::<u64>().read_unaligned();
            let mut i = 0;
            while i + 8 < n {
                w |= p.add(i).cast::<u64>().read_unaligned();
                i += 8;
            }
            w & 0x8080_8080_8080_8080 == 0
        } else if n >= 4 {
            let w = p.cast::<u32>().read_unaligned() | p.add(n - 4).cast::<u32>().read_unaligned();
            w & 0x8080_8080 == 0
        } else {
            src.iter().all(|&b| b < 0x80)
        }
    }
}

/// Where a scalar re-scan should start after block `b` reported an error: the start of the
/// sequence holding byte `b - 1`. Everything before it was checked by earlier blocks.
#[inline]
fn resume_point(src: &[u8], b: usize) -> usize {
    let mut s = b;
    if s > 0 {
        s -= 1;
        while s > 0 && b - s < 4 && scalar::is_continuation(src[s]) {
            s -= 1;
        }
    }
    s
}

/// Inputs of `BYTES + 3 ..= BLOCK` bytes without a copy or carried state: with `COUNT` an
/// ASCII test (validation's callers, `utf8::validate_in` and `utf8::error_in`, make it inline
/// before the call), then whole vectors from the front and the vector ending at `n`; all but the first
/// read their shifted copies with direct loads.
///
/// # Safety
/// `V::BYTES + 3 <= src.len() <= BLOCK`; the CPU supports `V`'s level.
#[inline(always)]
unsafe fn short_overlapping<V: Lookup, const COUNT: bool>(src: &[u8]) -> Result<usize, usize> {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: every load reads `BYTES` bytes starting in `0..=n - BYTES`; CPU per contract.
    unsafe {
        // The ASCII test reads the first and last vectors that the check below uses (on
        // unaligned input, loading them again would mostly straddle a cache line twice more).
        let first = V::load(p);
        let last = n - V::BYTES;
        let end = V::load(p.add(last));
        if COUNT {
            let mut pos = V::BYTES;
            let mut any = first.or(end);
            while pos < last {
                any = any.or(V::load(p.add(pos)));
                pos += V::BYTES;
            }
            if !any.any_high_bit() {
                return Ok(n);
            }
        }
        let mut st = State::<V>::new();
        let all = V::splat8(0xFF);
        let mut error = st.check(first, V::zero());
        if COUNT {
            st.count_masked(first, all);
        }
        // Whole vectors up to the last one, which always ends at `n` (at AVX2 up to 64 bytes
        // that is just the second vector: no loop, no exit test).
        let mut pos = V::BYTES;
        while pos < last {
            let q = p.add(pos);
            let v = V::load(q);
            let (p1, p2, p3) = (V::load(q.sub(1)), V::load(q.sub(2)), V::load(q.sub(3)));
            error = error.or(st.check_shifted(v, p1, p2, p3));
            if COUNT {
                st.count_masked(v, all);
            }
            pos += V::BYTES;
        }
        let q = p.add(last);
        let (p1, p2, p3) = (V::load(q.sub(1)), V::load(q.sub(2)), V::load(q.sub(3)));
        error = error.or(st.check_shifted(end, p1, p2, p3));
        if COUNT {
            // The last vector overlaps `pos - last` bytes (0 to BYTES - 1) counted already.
            st.count_masked(end, V::load(window(pos - last)));
        }
        error = error.or(end.subs_u8(V::load(INCOMPLETE_MAX.as_ptr().add(32 - V::BYTES))));
        if error.any() {
            return Err(0);
        }
        if COUNT {
            st.flush();
        }
        Ok(if COUNT { st.units } else { n })
    }
}

/// Inputs of `8..BYTES` bytes held as one vector `v` of them and zeros (`Vector::load_padded`):
/// checked after a zero vector, and the zero after the last byte makes a truncated final
/// sequence an error of the check itself; the zeros count one unit each.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn short_padded<V: Lookup, const COUNT: bool>(v: V, n: usize) -> Result<usize, usize> {
    // SAFETY: CPU per contract.
    unsafe {
        let mut st = State::<V>::new();
        if st.check(v, V::zero()).any() {
            return Err(0);
        }
        if !COUNT {
            return Ok(n);
        }
        st.count_masked(v, V::splat8(0xFF));
        st.flush();
        Ok(st.units - (V::BYTES - n))
    }
}

/// Inputs of `BYTES..BYTES + 3` bytes: the vector at 0 after a zero vector, then (unless `n`
/// is `BYTES`: nothing more to check) the vector ending at `n` checked on its own, where only
/// its last `n - BYTES` bytes count (its first three lack the bytes before them, and the rest
/// were checked with the first vector). Skipping it for exactly one vector took a 32-byte check
/// at AVX2 from 4.8 to 3.1-3.4 ns on the Intel Xeon (its two lookups each need four in-register
/// shifts, all on one port).
///
/// # Safety
/// `V::BYTES <= src.len() < V::BYTES + 3`; the CPU supports `V`'s level.
#[inline(always)]
unsafe fn short_two<V: Lookup, const COUNT: bool>(src: &[u8]) -> Result<usize, usize> {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: both vectors lie inside `src` (`n >= BYTES`); the mask reads the
    // bytes at `window(d)` for `d = 2 * BYTES - n <= 64`; CPU per contract.
    unsafe {
        let mut st = State::<V>::new();
        let (first, end) = (V::load(p), V::load(p.add(n - V::BYTES)));
        let fresh = V::load(window(2 * V::BYTES - n));
        let mut error = st
            .check(first, V::zero())
            .or(end.subs_u8(V::load(INCOMPLETE_MAX.as_ptr().add(32 - V::BYTES))));
        // Exactly one vector: `end` is `first`, with nothing fresh to check.
        if n > V::BYTES {
            error = error.or(st.check(end, V::zero()).and(fresh));
        }
        if error.any() {
            return Err(0);
        }
        if !COUNT {
            return Ok(n);
        }
        st.count_masked(first, V::splat8(0xFF));
        st.count_masked(end, fresh);
        st.flush();
        Ok(st.units)
    }
}

/// The shared scan. `COUNT`: return the UTF-16 length. `EARLY`: stop at the first failing
/// block and return `Err(resume point)`; otherwise `Err(0)` after the whole input.
///
/// Shape: inputs of at most one block take a short path (overlapping vectors, or one vector
/// padded with zeros, or the scalar DFA when too short for those; with `COUNT` an ASCII test
/// first); longer inputs first skip
/// their leading ASCII run 128 bytes at a time with nothing but loads and one test, then run
/// the block loop, and finish the last partial block with whole vectors plus one vector that
/// overlaps the previous one (validation is idempotent, so re-checking bytes is harmless),
/// never a copy.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn scan<V: Lookup, const COUNT: bool, const EARLY: bool>(
    src: &[u8],
) -> Result<usize, usize> {
    let n = src.len();
    let p = src.as_ptr();
    // Up to one block, the overlapping vectors below: one block exactly takes its first vector
    // shifted in-register and the others through shifted loads, with none of the block loop's
    // set-up (about 35 fewer instructions at AVX2; 64-byte inputs 4.3 -> 3.8 ns on Zen 4).
    // The classes of `Sizes`, tested in this order (which suits validation's own layout; the
    // per-class copies of `utf8_error` dispatch with `Sizes::of`).
    if n < Sizes::<V>::LONG.0 {
        if n >= Sizes::<V>::OVERLAPPING.0 {
            // SAFETY: all loads lie inside `src`: vectors at 0 and at multiples of BYTES that
            // fit, and the last one at `n - BYTES >= 3` with its three shifted copies.
            return unsafe { short_overlapping::<V, COUNT>(src) };
        }
        // Validation's callers tested ASCII inline (see `short_overlapping`).
        // SAFETY: CPU per contract.
        if COUNT && unsafe { is_ascii_short::<V>(src) } {
            return Ok(n);
        }
        if n >= Sizes::<V>::ONE.0 {
            // SAFETY: `BYTES <= n < BYTES + 3` (classes One and Two); CPU per contract.
            return unsafe { short_two::<V, COUNT>(src) };
        }
        if n >= Sizes::<V>::PADDED.0 {
            // SAFETY: `load_padded` reads `src`; CPU per contract.
            if let Some(v) = unsafe { V::load_padded(src.as_ptr(), n) } {
                // SAFETY: CPU per contract.
                return unsafe { short_padded::<V, COUNT>(v, n) };
            }
        }
        // Otherwise (under 8 bytes, and levels without `load_padded`): the scalar DFA is
        // cheaper than a padded block assembled in memory (which stalls on store forwarding).
        return if scalar::validate_dfa(src) {
            Ok(if COUNT { scalar::units_of_valid(src) } else { n })
        } else {
            Err(0)
        };
    }
    let mut i = 0;
    // SAFETY: every load is inside `src` (bounds checked against `n`); CPU per contract.
    unsafe {
        // Leading ASCII run: two blocks per step, no state.
        while i + 2 * BLOCK <= n {
            let mut any = V::load(p.add(i));
            for k in 1..(2 * BLOCK / V::BYTES) {
                any = any.or(V::load(p.add(i + k * V::BYTES)));
            }
            if any.any_high_bit() {
                break;
            }
            i += 2 * BLOCK;
        }
        // Then single blocks while they are ASCII (this is all of a 64-byte ASCII input).
        while i + BLOCK <= n {
            let mut any = V::load(p.add(i));
            for k in 1..(BLOCK / V::BYTES) {
                any = any.or(V::load(p.add(i + k * V::BYTES)));
            }
            if any.any_high_bit() {
                break;
            }
            i += BLOCK;
        }
        if i == n {
            return Ok(n);
        }
        let mut st = State::<V>::new();
        if COUNT {
            st.units = i;
        }
        if i + BLOCK <= n {
            // The ASCII scan stopped at a block with a non-ASCII byte: check it without
            // testing for ASCII again. Only the very first block has no bytes before it.
            let mut v = [V::zero(); 4];
            for (k, slot) in v.iter_mut().enumerate().take(BLOCK / V::BYTES) {
                *slot = V::load(p.add(i + k * V::BYTES));
            }
            if i == 0 {
                st.multibyte::<COUNT, false>(p, &v);
            } else {
                st.multibyte::<COUNT, true>(p.add(i), &v);
            }
            if EARLY && st.error.any() {
                return Err(resume_point(src, i));
            }
            i += BLOCK;
        } else {
            st.prev = V::load(p.add(i - V::BYTES));
        }
        while i + BLOCK <= n {
            st.block::<COUNT, true>(p.add(i));
            if EARLY && st.error.any() {
                return Err(resume_point(src, i));
            }
            i += BLOCK;
        }
        let mut tail_ascii = false;
        if i < n {
            // An ASCII tail only has to not follow an unfinished sequence: test the last
            // BLOCK bytes (n >= BLOCK, so they exist) with overlapping loads.
            let mut any = V::load(p.add(n - BLOCK));
            for k in 1..(BLOCK / V::BYTES) {
                any = any.or(V::load(p.add(n - BLOCK + k * V::BYTES)));
            }
            if !any.any_high_bit() {
                tail_ascii = true;
                if COUNT {
                    st.units += n - i;
                }
            }
        }
        if i < n && !tail_ascii {
            // Fewer than BLOCK bytes left and n >= BLOCK: whole vectors, then one vector
            // ending exactly at `n` checked against the vector just before it.
            if COUNT {
                st.flush();
            }
            let all = V::splat8(0xFF);
            let mut j = i;
            while j + V::BYTES <= n {
                let q = p.add(j);
                let v = V::load(q);
                let (p1, p2, p3) = (V::load(q.sub(1)), V::load(q.sub(2)), V::load(q.sub(3)));
                st.error = st.error.or(st.check_shifted(v, p1, p2, p3));
                if COUNT {
                    st.count_masked(v, all);
                }
                st.prev = v;
                j += V::BYTES;
            }
            if j < n {
                let q = n - V::BYTES;
                let last = V::load(p.add(q));
                let (p1, p2, p3) =
                    (V::load(p.add(q - 1)), V::load(p.add(q - 2)), V::load(p.add(q - 3)));
                st.error = st.error.or(st.check_shifted(last, p1, p2, p3));
                if COUNT {
                    st.count_masked(last, V::load(window(j - q)));
                }
                st.prev = last;
            }
            st.prev_incomplete =
                st.prev.subs_u8(V::load(INCOMPLETE_MAX.as_ptr().add(32 - V::BYTES)));
            if EARLY && st.error.any() {
                return Err(resume_point(src, i));
            }
        }
        st.error = st.error.or(st.prev_incomplete);
        if st.error.any() {
            return Err(if EARLY { resume_point(src, n) } else { 0 });
        }
        if COUNT {
            st.flush();
        }
        Ok(st.units)
    }
}

/// Is `src` valid UTF-8?
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn validate<V: Lookup>(src: &[u8]) -> bool {
    // SAFETY: forwarded contract.
    unsafe { scan::<V, false, false>(src).is_ok() }
}

/// `from_utf8`'s kernel for inputs of `LO..=HI` bytes, one [`SizeClass`]: `None` for valid
/// `src`, else std's exact error (found with the level's `check` entry point). Compiled once
/// per class, so that only the class's own path remains and it ends in one test that falls
/// through to its return (see `utf8_error_entry!`).
///
/// # Safety
/// The CPU supports `V`'s level (and `check`'s); `LO <= src.len() <= HI`.
#[inline(always)]
pub(crate) unsafe fn error_sized<V: Lookup, const LO: usize, const HI: usize>(
    src: &[u8],
    check: unsafe fn(&[u8]) -> Result<usize, usize>,
) -> Option<Utf8Error> {
    // SAFETY: the caller's contract (the length bound, the CPU).
    unsafe {
        core::hint::assert_unchecked(LO <= src.len() && src.len() <= HI);
        if validate::<V>(src) {
            None
        } else {
            crate::utf8::exact_error(src, check)
        }
    }
}

/// UTF-16 length of valid `src`, or `Err(resume point)` (see `Kernels::utf8_check`).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn check<V: Lookup>(src: &[u8]) -> Result<usize, usize> {
    // SAFETY: forwarded contract.
    unsafe { scan::<V, true, true>(src) }
}

#[cfg(target_arch = "x86_64")]
/// Is a block of the scalar block loop ASCII? Its vectors OR-ed, one test.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn ascii_block<V: Vector>(block: &[u8; scalar::BLOCK]) -> bool {
    let p = block.as_ptr();
    // SAFETY: every load lies inside the block (`BLOCK` is a multiple of `V::BYTES`); CPU per
    // contract.
    unsafe {
        let mut acc = V::load(p);
        let mut k = V::BYTES;
        while k + V::BYTES <= scalar::BLOCK {
            acc = acc.or(V::load(p.add(k)));
            k += V::BYTES;
        }
        !acc.any_high_bit()
    }
}

#[cfg(target_arch = "x86_64")]
/// Validation for levels without a byte table lookup (SSE2): the scalar block loop (ASCII
/// blocks skipped, the shift DFA on the others), with the ASCII test on vectors.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn check_no_lookup<V: Vector>(src: &[u8]) -> Result<usize, usize> {
    // SAFETY: forwarded contract.
    unsafe { vector_blocks::<V, true>(src) }
}

#[cfg(target_arch = "x86_64")]
/// The scalar block loop with its ASCII test on `V`'s vectors.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn vector_blocks<V: Vector, const COUNT: bool>(src: &[u8]) -> Result<usize, usize> {
    scalar::check_blocks::<COUNT>(src, |b| {
        // SAFETY: forwarded contract (the CPU supports `V`'s level).
        unsafe { ascii_block::<V>(b) }
    })
}

#[cfg(target_arch = "x86_64")]
/// [`check_no_lookup`] as a yes/no answer.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn validate_no_lookup<V: Vector>(src: &[u8]) -> bool {
    if src.len() <= scalar::DFA_MAX {
        // SAFETY: forwarded contract.
        return unsafe { is_ascii_short::<V>(src) } || scalar::validate_dfa(src);
    }
    // SAFETY: forwarded contract.
    unsafe { vector_blocks::<V, false>(src).is_ok() }
}
