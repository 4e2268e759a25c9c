//! The substring search kernels: a two-byte SIMD fingerprint that proposes candidates, exact
//! verification, and Two-Way when the fingerprint stops paying. Written once over [`Scan`],
//! which every SIMD level's vector implements (through [`Simd`]), as do a 64-bit word
//! ([`Swar`], the portable level) and a single byte ([`Bytes`]).
//!
//! ```text
//! candidates: offsets 0..=n-m; a block is W consecutive offsets i..i+W
//! block:      eq(load(hay + i + first), splat(needle[first]))
//!             & eq(load(hay + i + second), splat(needle[second]))   one lane per offset
//! forward:    single blocks at offsets 0 and W (when iterating, the next occurrence is
//!             often there);
//!             then UNROLL blocks (128 offsets; 64 at 128 bits) with one OR-ed test and
//!             nothing else in the loop; then single blocks; then one block ending at the
//!             last offset (its lanes below what was searched masked off); each set lane, in
//!             order: compare the needle there
//! reverse:    the mirror image, from the last offset down
//! short:      fewer than W offsets: the next narrower scanner (512 -> 256 -> 128 bits,
//!             128 -> 64-bit words -> bytes)
//! ```
//!
//! The idea is the "generic SIMD" substring search of Wojciech Muła (first and last byte of
//! the needle) with the two bytes chosen by rarity as in the `memchr` crate's packed pair;
//! the rarity guess is [`Pair`]'s own.
//!
//! # Worst case
//!
//! Each failed verification costs at most `m` byte compares. A [`Budget`] charges `m + 32` per
//! failure and credits 8 per offset passed, after a grant of 64 failures; when the charges
//! exceed the credit, the rest of the haystack is searched with Two-Way. Verification work is
//! thus at most `8 n + 64 (m + 32)` and Two-Way is linear: the search is `O(n + m)` on any
//! input, such as a periodic needle in a periodic haystack where every offset is a candidate
//! that fails on its last byte.

use super::pair::Pair;
use super::twoway;
use core_cpu::vector::Vector;

/// One block of candidate offsets: `W` lanes, each `STRIDE` bits of a `u64` mask.
pub(crate) trait Scan: Copy {
    /// Candidate offsets per block.
    const W: usize;
    /// Mask bits per lane (all of a lane's bits are set for a hit).
    const STRIDE: u32;
    /// Blocks tested at once by the main loop.
    const UNROLL: usize;
    /// The scanner for haystacks with fewer than `W` candidate offsets.
    type Narrow: Scan;

    /// Every lane compares with `b`.
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn splat(b: u8) -> Self;
    /// Lane `k` is a hit where `p[k + d1]` matches `s1` and `p[k + d2]` matches `s2`.
    ///
    /// # Safety
    /// The CPU runs the scanner's level; `p + d1 .. p + d1 + W` and the same from `d2` are
    /// readable.
    unsafe fn pair_eq(p: *const u8, d1: usize, d2: usize, s1: Self, s2: Self) -> Self;
    /// The hits of either block.
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn or(self, o: Self) -> Self;
    /// Is any lane a hit?
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn any(self) -> bool;
    /// The hits as a mask: lane `k` in bits `k * STRIDE ..`.
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn mask(self) -> u64;
    /// The first position of byte `b` (one-byte needles).
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn find_byte(hay: &[u8], b: u8) -> Option<usize>;
    /// The last position of byte `b`.
    ///
    /// # Safety
    /// The CPU runs the scanner's level.
    unsafe fn rfind_byte(hay: &[u8], b: u8) -> Option<usize>;
}

/// A SIMD level's vector as a scanner.
#[derive(Clone, Copy)]
pub(crate) struct Simd<V>(V);

/// What a vector type adds to [`Vector`] as a scanner.
pub(crate) trait ScanVector: Vector {
    /// The scanner for haystacks too short for this vector.
    type Narrow: Scan;

    /// Is any lane of a compare result set?
    ///
    /// # Safety
    /// The CPU runs the vector's level.
    #[inline(always)]
    unsafe fn any_lane(self) -> bool {
        // SAFETY: CPU per contract.
        unsafe { self.any() }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{ScanVector, Simd, Swar};
    use core_cpu::vector::{avx2::V256, avx512::V512, sse2, sse42, Vector};

    impl ScanVector for V512 {
        type Narrow = Simd<V256>;

        #[inline(always)]
        unsafe fn any_lane(self) -> bool {
            // The compares are mask registers: test the mask (`kortest`) rather than a
            // vector rebuilt from it.
            // SAFETY: CPU per contract.
            unsafe { self.match_mask() != 0 }
        }
    }
    impl ScanVector for V256 {
        type Narrow = Simd<sse42::V128>;
    }
    impl ScanVector for sse42::V128 {
        type Narrow = Swar;
    }
    impl ScanVector for sse2::V128 {
        type Narrow = Swar;
    }
}

#[cfg(target_arch = "aarch64")]
impl ScanVector for core_cpu::vector::neon::V128 {
    type Narrow = Swar;
}

impl<V: ScanVector> Scan for Simd<V> {
    const W: usize = V::BYTES;
    const STRIDE: u32 = V::MATCH_STRIDE;
    // 128 bytes a step: four blocks of 16 or 32 offsets, two of 64.
    const UNROLL: usize = if V::BYTES >= 64 { 2 } else { 4 };
    type Narrow = V::Narrow;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: CPU per contract.
        Simd(unsafe { V::splat8(b) })
    }
    #[inline(always)]
    unsafe fn pair_eq(p: *const u8, d1: usize, d2: usize, s1: Self, s2: Self) -> Self {
        // SAFETY: both loads are readable and the CPU runs `V`, per contract.
        unsafe { Simd(V::load(p.add(d1)).eq8(s1.0).and(V::load(p.add(d2)).eq8(s2.0))) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: CPU per contract.
        Simd(unsafe { self.0.or(o.0) })
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        // SAFETY: CPU per contract.
        unsafe { self.0.any_lane() }
    }
    #[inline(always)]
    unsafe fn mask(self) -> u64 {
        // SAFETY: CPU per contract.
        unsafe { self.0.match_mask() }
    }
    #[inline(always)]
    unsafe fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
        // SAFETY: CPU per contract.
        unsafe { crate::arch::generic::memchr::find1::<V>(hay, b) }
    }
    #[inline(always)]
    unsafe fn rfind_byte(hay: &[u8], b: u8) -> Option<usize> {
        // SAFETY: CPU per contract.
        unsafe { crate::arch::generic::memchr::rfind1::<V>(hay, b) }
    }
}

/// Eight offsets in a 64-bit word (portable): a hit sets the high bit of its byte.
#[derive(Clone, Copy)]
pub(crate) struct Swar(u64);

impl Swar {
    /// 0x80 in each byte of the word at `p` that equals the byte of `s`, else 0 (exact: no
    /// carry crosses bytes).
    ///
    /// # Safety
    /// `p .. p + 8` is readable.
    #[inline(always)]
    unsafe fn eq(p: *const u8, s: u64) -> u64 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // SAFETY: readable per contract; `read_unaligned` has no alignment requirement.
        let x = u64::from_le(unsafe { p.cast::<u64>().read_unaligned() }) ^ s;
        !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
    }
}

impl Scan for Swar {
    const W: usize = 8;
    const STRIDE: u32 = 8;
    const UNROLL: usize = 2;
    type Narrow = Bytes;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        Swar(u64::from_ne_bytes([b; 8]))
    }
    #[inline(always)]
    unsafe fn pair_eq(p: *const u8, d1: usize, d2: usize, s1: Self, s2: Self) -> Self {
        // The first byte is the rarer: most words need only its compare.
        // SAFETY: both words are readable per contract.
        unsafe {
            let first = Swar::eq(p.add(d1), s1.0);
            Swar(if first == 0 { 0 } else { first & Swar::eq(p.add(d2), s2.0) })
        }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        Swar(self.0 | o.0)
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    unsafe fn mask(self) -> u64 {
        self.0 >> 7
    }
    #[inline(always)]
    unsafe fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
        crate::arch::scalar::search::find1(hay, b)
    }
    #[inline(always)]
    unsafe fn rfind_byte(hay: &[u8], b: u8) -> Option<usize> {
        crate::arch::scalar::search::rfind1(hay, b)
    }
}

/// One offset at a time: the last step for the few offsets too short for a word.
#[derive(Clone, Copy)]
pub(crate) struct Bytes(u8);

impl Scan for Bytes {
    const W: usize = 1;
    const STRIDE: u32 = 1;
    const UNROLL: usize = 1;
    type Narrow = Bytes;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        Bytes(b)
    }
    #[inline(always)]
    unsafe fn pair_eq(p: *const u8, d1: usize, d2: usize, s1: Self, s2: Self) -> Self {
        // SAFETY: both bytes are readable per contract.
        unsafe { Bytes(u8::from(*p.add(d1) == s1.0 && *p.add(d2) == s2.0)) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        Bytes(self.0 | o.0)
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    unsafe fn mask(self) -> u64 {
        u64::from(self.0)
    }
    #[inline(always)]
    unsafe fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
        hay.iter().position(|&x| x == b)
    }
    #[inline(always)]
    unsafe fn rfind_byte(hay: &[u8], b: u8) -> Option<usize> {
        hay.iter().rposition(|&x| x == b)
    }
}

/// Do the `m` bytes at `a` and `b` agree? Word compares, the last one overlapping.
///
/// # Safety
/// `a .. a + m` and `b .. b + m` are readable; `m >= 2`.
#[inline(always)]
unsafe fn equal(a: *const u8, b: *const u8, m: usize) -> bool {
    // SAFETY: every read is within the `m` readable bytes of each side, per contract.
    unsafe {
        let w64 = |p: *const u8, i: usize| p.add(i).cast::<u64>().read_unaligned();
        let w32 = |p: *const u8, i: usize| p.add(i).cast::<u32>().read_unaligned();
        let w16 = |p: *const u8, i: usize| p.add(i).cast::<u16>().read_unaligned();
        if m >= 8 {
            let mut i = 0;
            while i + 8 < m {
                if w64(a, i) != w64(b, i) {
                    return false;
                }
                i += 8;
            }
            w64(a, m - 8) == w64(b, m - 8)
        } else if m >= 4 {
            w32(a, 0) == w32(b, 0) && w32(a, m - 4) == w32(b, m - 4)
        } else {
            w16(a, 0) == w16(b, 0) && w16(a, m - 2) == w16(b, m - 2)
        }
    }
}

/// The cost accounting that bounds verification work (see the module docs).
struct Budget {
    /// Where the scan started (offset).
    start: usize,
    /// Charge per failed verification.
    cost: usize,
    /// Charges so far, less the grant.
    spent: isize,
}

/// Failed verifications allowed before the scan has earned any credit.
const GRANT: usize = 64;
/// Credit per offset passed, in the unit of a verification's charge (bytes compared).
const CREDIT: usize = 8;
/// Charge per failed verification beyond its `m` bytes: the work of reaching it.
const OVERHEAD: usize = 32;

impl Budget {
    #[inline(always)]
    fn new(start: usize, m: usize) -> Budget {
        let cost = m + OVERHEAD;
        Budget { start, cost, spent: -((GRANT * cost) as isize) }
    }

    /// Charges a failed verification at offset `at`; true when the charges exceed the credit
    /// of the offsets passed, and the rest is better searched with Two-Way.
    #[inline(always)]
    fn exhausted(&mut self, at: usize) -> bool {
        self.spent += self.cost as isize;
        self.spent > (CREDIT * at.abs_diff(self.start)) as isize
    }
}

/// The hits of the block at offset `i` (see [`Scan::pair_eq`]).
///
/// # Safety
/// As [`Scan::pair_eq`] at `p + i`.
#[inline(always)]
unsafe fn block<S: Scan>(p: *const u8, i: usize, d1: usize, d2: usize, s1: S, s2: S) -> S {
    // SAFETY: per contract.
    unsafe { S::pair_eq(p.add(i), d1, d2, s1, s2) }
}

/// Has any of the `UNROLL` blocks from offset `i` a hit?
///
/// # Safety
/// As [`Scan::pair_eq`] at `p + i + k * W` for every `k < UNROLL`.
#[inline(always)]
unsafe fn any<S: Scan>(p: *const u8, i: usize, d1: usize, d2: usize, s1: S, s2: S) -> bool {
    // SAFETY: per contract.
    unsafe {
        let mut h = block(p, i, d1, d2, s1, s2);
        for k in 1..S::UNROLL {
            h = h.or(block(p, i + k * S::W, d1, d2, s1, s2));
        }
        h.any()
    }
}

/// What a block's hits came to.
enum Hits {
    /// An occurrence at this offset.
    Found(usize),
    /// None of the hits is an occurrence.
    Miss,
    /// The budget ran out at this offset (which is not an occurrence).
    GiveUp(usize),
}

/// The mask with lane `lane` cleared.
#[inline(always)]
fn clear<S: Scan>(mask: u64, lane: usize) -> u64 {
    mask & !(((1u64 << S::STRIDE) - 1) << (lane * S::STRIDE as usize))
}

/// Verifies the hits of `mask` (a block at offset `base`) in increasing (or, when `REV`,
/// decreasing) order.
///
/// # Safety
/// Every lane set in `mask` is an offset `base + k <= hay.len() - needle.len()`.
#[inline(always)]
unsafe fn verify<S: Scan, const REV: bool>(
    mut mask: u64,
    base: usize,
    hay: &[u8],
    needle: &[u8],
    budget: &mut Budget,
) -> Hits {
    while mask != 0 {
        let lane = if REV {
            (63 - mask.leading_zeros()) / S::STRIDE
        } else {
            mask.trailing_zeros() / S::STRIDE
        } as usize;
        let at = base + lane;
        // SAFETY: `at + m <= n` per contract.
        if unsafe { equal(hay.as_ptr().add(at), needle.as_ptr(), needle.len()) } {
            return Hits::Found(at);
        }
        if budget.exhausted(at) {
            return Hits::GiveUp(at);
        }
        mask = clear::<S>(mask, lane);
    }
    Hits::Miss
}

/// The first position of `needle` in `hay`, with `pair` as the prefilter's positions.
///
/// # Safety
/// The CPU runs `S`'s level.
#[inline(always)]
pub(crate) unsafe fn find<S: Scan>(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
    let (n, m) = (hay.len(), needle.len());
    match m {
        _ if m > n => None,
        0 => Some(0),
        // SAFETY: CPU per contract.
        1 => unsafe { S::find_byte(hay, needle[0]) },
        // SAFETY: CPU per contract; `2 <= m <= n`.
        _ => unsafe { forward::<S>(hay, needle, pair.fitted(needle)) },
    }
}

/// The last position of `needle` in `hay`.
///
/// # Safety
/// The CPU runs `S`'s level.
#[inline(always)]
pub(crate) unsafe fn rfind<S: Scan>(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
    let (n, m) = (hay.len(), needle.len());
    match m {
        _ if m > n => None,
        0 => Some(n),
        // SAFETY: CPU per contract.
        1 => unsafe { S::rfind_byte(hay, needle[0]) },
        // SAFETY: CPU per contract; `2 <= m <= n`.
        _ => unsafe { reverse::<S>(hay, needle, pair.fitted(needle)) },
    }
}

/// [`find`] for `2 <= m <= n` and a pair inside the needle.
///
/// # Safety
/// The CPU runs `S`'s level; `2 <= needle.len() <= hay.len()`; `pair.max() < needle.len()`.
#[inline(always)]
unsafe fn forward<S: Scan>(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
    let (n, m, w) = (hay.len(), needle.len(), S::W);
    let offsets = n - m + 1;
    if w > 1 && offsets < w {
        // SAFETY: the same contract; the narrower scanner's level is part of this one's.
        return unsafe { forward::<S::Narrow>(hay, needle, pair) };
    }
    let (d1, d2) = (pair.first, pair.second);
    let p = hay.as_ptr();
    let mut budget = Budget::new(0, m);
    // SAFETY: a block at offset `i` reads `p + i + d .. p + i + d + w` for `d <= pair.max() <
    // m`; blocks start at most at `offsets - w`, so reads end at most at `n - m + d + 1 <= n`.
    // Every lane of such a block is an offset `<= n - m`, as `verify` needs. CPU per contract.
    let hits = unsafe {
        let (s1, s2) = (S::splat(needle[d1]), S::splat(needle[d2]));
        let block = |i: usize| block::<S>(p, i, d1, d2, s1, s2);
        'scan: {
            // Two single blocks first: an occurrence near the start (the next one, when
            // iterating) is found without the wider step.
            match verify::<S, false>(block(0).mask(), 0, hay, needle, &mut budget) {
                Hits::Miss => {}
                h => break 'scan h,
            }
            let mut i = w;
            if 2 * w <= offsets {
                match verify::<S, false>(block(w).mask(), w, hay, needle, &mut budget) {
                    Hits::Miss => {}
                    h => break 'scan h,
                }
                i = 2 * w;
            }
            let step = S::UNROLL * w;
            // `UNROLL` blocks with one test and nothing else in the loop.
            let any = |i: usize| any::<S>(p, i, d1, d2, s1, s2);
            loop {
                while i + step <= offsets && !any(i) {
                    i += step;
                }
                if i + step > offsets {
                    break;
                }
                for base in (i..i + step).step_by(w) {
                    match verify::<S, false>(block(base).mask(), base, hay, needle, &mut budget) {
                        Hits::Miss => {}
                        h => break 'scan h,
                    }
                }
                i += step;
            }
            while i + w <= offsets {
                match verify::<S, false>(block(i).mask(), i, hay, needle, &mut budget) {
                    Hits::Miss => {}
                    h => break 'scan h,
                }
                i += w;
            }
            if i < offsets {
                // The last block ends at the last offset; lanes below `i` were searched.
                let base = offsets - w;
                let mask = block(base).mask() & (!0u64 << ((i - base) * S::STRIDE as usize));
                break 'scan verify::<S, false>(mask, base, hay, needle, &mut budget);
            }
            Hits::Miss
        }
    };
    match hits {
        Hits::Found(at) => Some(at),
        Hits::Miss => None,
        Hits::GiveUp(at) => twoway::find(&hay[at + 1..], needle).map(|k| at + 1 + k),
    }
}

/// [`rfind`] for `2 <= m <= n` and a pair inside the needle.
///
/// # Safety
/// As [`forward`].
#[inline(always)]
unsafe fn reverse<S: Scan>(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
    let (n, m, w) = (hay.len(), needle.len(), S::W);
    let offsets = n - m + 1;
    if w > 1 && offsets < w {
        // SAFETY: the same contract; the narrower scanner's level is part of this one's.
        return unsafe { reverse::<S::Narrow>(hay, needle, pair) };
    }
    let (d1, d2) = (pair.first, pair.second);
    let p = hay.as_ptr();
    let mut budget = Budget::new(offsets, m);
    // SAFETY: as in `forward`: blocks start between 0 and `offsets - w`.
    let hits = unsafe {
        let (s1, s2) = (S::splat(needle[d1]), S::splat(needle[d2]));
        let block = |i: usize| block::<S>(p, i, d1, d2, s1, s2);
        'scan: {
            // Offsets `end..` have been searched.
            let mut end = offsets - w;
            match verify::<S, true>(block(end).mask(), end, hay, needle, &mut budget) {
                Hits::Miss => {}
                h => break 'scan h,
            }
            let step = S::UNROLL * w;
            let any = |i: usize| any::<S>(p, i, d1, d2, s1, s2);
            loop {
                while end >= step && !any(end - step) {
                    end -= step;
                }
                if end < step {
                    break;
                }
                for k in 1..=S::UNROLL {
                    let base = end - k * w;
                    match verify::<S, true>(block(base).mask(), base, hay, needle, &mut budget) {
                        Hits::Miss => {}
                        h => break 'scan h,
                    }
                }
                end -= step;
            }
            while end >= w {
                end -= w;
                match verify::<S, true>(block(end).mask(), end, hay, needle, &mut budget) {
                    Hits::Miss => {}
                    h => break 'scan h,
                }
            }
            if end > 0 {
                // The first block, at offset 0; lanes from `end` up were searched.
                let mask = block(0).mask() & ((1u64 << (end * S::STRIDE as usize)) - 1);
                break 'scan verify::<S, true>(mask, 0, hay, needle, &mut budget);
            }
            Hits::Miss
        }
    };
    match hits {
        Hits::Found(at) => Some(at),
        Hits::Miss => None,
        Hits::GiveUp(0) => None,
        // Offsets below `at` remain: the occurrences inside `hay[..at - 1 + m]`.
        Hits::GiveUp(at) => twoway::rfind(&hay[..at - 1 + m], needle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_gives_up_on_dense_failures_only() {
        // A failure at every offset: Two-Way after the grant and a little credit.
        let mut b = Budget::new(0, 64);
        let gave_up = (0..1000).find(|&at| b.exhausted(at));
        assert!(matches!(gave_up, Some(at) if (GRANT..2 * GRANT).contains(&at)), "{gave_up:?}");
        // Searching backwards counts the distance from the start too.
        let mut b = Budget::new(10_000, 2);
        assert!((0..10_000).rev().any(|at| b.exhausted(at)));
        // A failure every 16 offsets, even for a long needle, never runs out.
        let mut b = Budget::new(0, 64);
        assert!(!(0..100_000).step_by(16).any(|at| b.exhausted(at)));
    }
}
