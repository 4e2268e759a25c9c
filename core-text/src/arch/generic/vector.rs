//! The vector abstraction the generic kernels are written against.
//!
//! A `Vector` is a register of `BYTES` bytes (16 for SSE2/NEON, 32 for AVX2). All methods are
//! `unsafe` because they compile to instructions of one ISA: the caller must only use a type
//! inside code compiled for (and running on) a CPU with that ISA, which the kernel entry points
//! guarantee with `#[target_feature]` and the dispatch tables with detection. Every method is
//! `#[inline(always)]` in the implementations so the generic kernels inline into the entry
//! points and inherit their target features.

/// Byte- and 16-bit-lane operations shared by every SIMD level.
pub(crate) trait Vector: Copy {
    /// Register width in bytes.
    const BYTES: usize;

    /// All lanes zero.
    unsafe fn zero() -> Self;
    /// Every byte set to `b`.
    unsafe fn splat8(b: u8) -> Self;
    /// Every 16-bit lane set to `w`.
    unsafe fn splat16(w: u16) -> Self;
    /// Loads `BYTES` bytes from `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + BYTES` is readable.
    unsafe fn load(p: *const u8) -> Self;
    /// Stores `BYTES` bytes to `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + BYTES` is writable.
    unsafe fn store(self, p: *mut u8);

    unsafe fn or(self, o: Self) -> Self;
    unsafe fn and(self, o: Self) -> Self;
    unsafe fn xor(self, o: Self) -> Self;

    /// Per byte: `0xFF` where equal, else 0.
    unsafe fn eq8(self, o: Self) -> Self;
    /// Per byte, signed: `0xFF` where `self > o`, else 0.
    unsafe fn gt_i8(self, o: Self) -> Self;
    /// Per 16-bit lane: `0xFFFF` where equal, else 0.
    unsafe fn eq16(self, o: Self) -> Self;

    /// Per byte, wrapping.
    unsafe fn add8(self, o: Self) -> Self;
    /// Per byte, wrapping.
    unsafe fn sub8(self, o: Self) -> Self;
    /// Per byte, unsigned saturating `self - o`.
    unsafe fn subs_u8(self, o: Self) -> Self;
    /// Per 16-bit lane, wrapping.
    unsafe fn add16(self, o: Self) -> Self;
    /// Per 16-bit lane, wrapping.
    unsafe fn sub16(self, o: Self) -> Self;

    /// The vector made of the last `N` bytes of `prev` followed by the first `BYTES - N` bytes
    /// of `self` (the input shifted by one, two or three bytes across vectors).
    unsafe fn prev1(self, prev: Self) -> Self;
    unsafe fn prev2(self, prev: Self) -> Self;
    unsafe fn prev3(self, prev: Self) -> Self;

    /// Is any bit set?
    unsafe fn any(self) -> bool;
    /// Is any byte ≥ 0x80?
    unsafe fn any_high_bit(self) -> bool;
    /// Index of the first byte ≥ 0x80, or `BYTES` if none.
    unsafe fn first_high_bit(self) -> usize;

    /// Sum of all bytes as unsigned integers.
    unsafe fn sum8(self) -> u64;
    /// Sum of all 16-bit lanes as unsigned integers.
    unsafe fn sum16(self) -> u64;
}

/// Levels with a 16-entry byte table lookup (SSSE3 `pshufb` inside AVX2, NEON `tbl`).
pub(crate) trait Lookup: Vector {
    /// A vector holding `table` in each 16-byte lane.
    unsafe fn table(table: &[u8; 16]) -> Self;
    /// Per byte: `table[self & 15]`; `self` holds indices 0..=15 only.
    unsafe fn lookup(self, table: Self) -> Self;
    /// Per byte: `self >> 4`.
    unsafe fn high_nibbles(self) -> Self;
    /// Per byte: `self & 15`.
    unsafe fn low_nibbles(self) -> Self;
}
