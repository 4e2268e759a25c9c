//! The vector types the family's SIMD kernels are written against, one per level.
//!
//! | level    | type              | width    | traits                          |
//! |----------|-------------------|----------|---------------------------------|
//! | `sse2`   | [`sse2::V128`]    | 128 bits | [`Vector`]                      |
//! | `sse4.2` | [`sse42::V128`]   | 128 bits | [`Vector`], [`Lookup`], [`Shuffle`], [`MulAdd`] |
//! | `avx2`   | [`avx2::V256`]    | 256 bits | [`Vector`], [`Lookup`], [`Shuffle`], [`MulAdd`] |
//! | `avx512` | [`avx512::V512`]  | 512 bits | [`Vector`], [`Lookup`], [`MulAdd`] |
//! | `neon`   | `neon::V128`      | 128 bits | [`Vector`], [`Lookup`], [`Shuffle`], [`MulAdd`] |
//!
//! An algorithm is written once, generic over `V: Vector` (or `Lookup`, `Shuffle`), and
//! compiled per level by an entry point with the level's `#[target_feature]` (see
//! [`dispatch!`](macro@crate::dispatch)). Every method is `unsafe` because it compiles to
//! instructions of one ISA: call it only from code running on a CPU with that ISA (a
//! level's entry point, or behind one of its [`token`](crate::token)s). Every method is
//! `#[inline(always)]`, so a generic kernel inlines into its entry point and inherits its
//! features.
//!
//! Hooks that serve one algorithm (a transcoder's out-of-line loop, a decoder's multiply-add)
//! belong in a trait beside that algorithm, implemented for these types by the crate that
//! owns it. Floating-point lanes have traits of their own in [`float`] ([`float::Float`],
//! [`float::F32x`], [`float::F64x`]), with a type pair per level and a portable model.

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
pub mod float;
#[cfg(target_arch = "aarch64")]
pub mod neon;
#[cfg(target_arch = "x86_64")]
pub mod sse2;
#[cfg(target_arch = "x86_64")]
pub mod sse42;

/// Byte-, 16-bit- and 32-bit-lane operations of every SIMD level.
///
/// # Safety
/// (For every method.) The CPU runs the implementing type's ISA; pointer methods state their
/// own obligations.
///
/// # Examples
/// ```
/// #[cfg(target_arch = "x86_64")]
/// {
///     use core_cpu::vector::{sse2::V128, Vector};
///     let text = *b"find the x in me";
///     // SAFETY: SSE2 is baseline on x86_64, and `text` holds `V128::BYTES` bytes.
///     let mask = unsafe { V128::load(text.as_ptr()).eq8(V128::splat8(b'x')).match_mask() };
///     assert_eq!(mask.trailing_zeros() / V128::MATCH_STRIDE, 9);
/// }
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait Vector: Copy {
    /// Register width in bytes.
    const BYTES: usize;
    /// Bits per byte in [`Vector::match_mask`]: 1 on x86 (`movemask`), 4 on NEON (`shrn`).
    const MATCH_STRIDE: u32 = 1;

    /// All lanes zero.
    unsafe fn zero() -> Self;
    /// Every byte set to `b`.
    unsafe fn splat8(b: u8) -> Self;
    /// Every 16-bit lane set to `w`.
    unsafe fn splat16(w: u16) -> Self;
    /// Every 32-bit lane set to `d`.
    unsafe fn splat32(d: u32) -> Self;
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
    /// The `n` bytes at `p` followed by zero bytes, for `8 <= n < BYTES`, where the level
    /// builds that from loads inside the `n` bytes in a few operations (a `pshufb` of two
    /// overlapping loads, a masked load); `None` (the default) elsewhere.
    ///
    /// # Safety
    /// `p..p + n` is readable.
    #[inline(always)]
    unsafe fn load_padded(p: *const u8, n: usize) -> Option<Self> {
        let _ = (p, n);
        None
    }

    /// Bitwise or.
    unsafe fn or(self, o: Self) -> Self;
    /// Bitwise and.
    unsafe fn and(self, o: Self) -> Self;
    /// Bitwise exclusive or.
    unsafe fn xor(self, o: Self) -> Self;
    /// `self & !o`: the bits of `self` that `o` does not have.
    unsafe fn and_not(self, o: Self) -> Self;

    /// Per byte: `0xFF` where equal, else 0.
    unsafe fn eq8(self, o: Self) -> Self;
    /// Per byte, signed: `0xFF` where `self > o`, else 0.
    unsafe fn gt_i8(self, o: Self) -> Self;
    /// Per byte, unsigned minimum.
    unsafe fn min_u8(self, o: Self) -> Self;
    /// Per byte, unsigned maximum.
    unsafe fn max_u8(self, o: Self) -> Self;
    /// Per byte, unsigned: `0xFF` where `self >= o`, else 0.
    #[inline(always)]
    unsafe fn ge_u8(self, o: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { self.max_u8(o).eq8(self) }
    }
    /// Per byte, unsigned: `0xFF` where `self <= o`, else 0.
    #[inline(always)]
    unsafe fn le_u8(self, o: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { self.min_u8(o).eq8(self) }
    }
    /// Per 16-bit lane: `0xFFFF` where equal, else 0.
    unsafe fn eq16(self, o: Self) -> Self;
    /// Per 16-bit lane, unsigned minimum.
    unsafe fn min_u16(self, o: Self) -> Self;
    /// Per 16-bit lane, unsigned maximum.
    unsafe fn max_u16(self, o: Self) -> Self;
    /// Per 16-bit lane, unsigned: `0xFFFF` where `self >= o`, else 0.
    #[inline(always)]
    unsafe fn ge_u16(self, o: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { self.max_u16(o).eq16(self) }
    }
    /// Per 16-bit lane, unsigned: `0xFFFF` where `self <= o`, else 0.
    #[inline(always)]
    unsafe fn le_u16(self, o: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { self.min_u16(o).eq16(self) }
    }
    /// Per 32-bit lane, signed: all ones where `self > o`, else 0.
    unsafe fn gt_i32(self, o: Self) -> Self;

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
    /// Per 16-bit lane: the low 16 bits of the product.
    unsafe fn mullo16(self, o: Self) -> Self;
    /// Per 16-bit lane, unsigned: the high 16 bits of the product.
    unsafe fn mulhi_u16(self, o: Self) -> Self;
    /// Per 32-bit lane: the sum of the products of the two signed 16-bit lanes it holds
    /// (`pmaddwd`): `self[2k] * o[2k] + self[2k + 1] * o[2k + 1]`.
    unsafe fn madd_i16(self, o: Self) -> Self;
    /// Per 32-bit lane, wrapping.
    unsafe fn add32(self, o: Self) -> Self;
    /// Per 32-bit lane, wrapping.
    unsafe fn sub32(self, o: Self) -> Self;
    /// Per 16-bit lane, logical shift left by `N` (1..=15).
    unsafe fn shl16<const N: i32>(self) -> Self;
    /// Per 16-bit lane, logical shift right by `N` (1..=15).
    unsafe fn shr16<const N: i32>(self) -> Self;
    /// Per 32-bit lane, logical shift left by `N` (1..=31).
    unsafe fn shl32<const N: i32>(self) -> Self;
    /// Per 32-bit lane, logical shift right by `N` (1..=31).
    unsafe fn shr32<const N: i32>(self) -> Self;

    /// The vector made of the last `N` bytes of `prev` followed by the first `BYTES - N` bytes
    /// of `self` (the input shifted by one, two or three bytes across vectors).
    unsafe fn prev1(self, prev: Self) -> Self;
    /// See [`Vector::prev1`].
    unsafe fn prev2(self, prev: Self) -> Self;
    /// See [`Vector::prev1`].
    unsafe fn prev3(self, prev: Self) -> Self;

    /// Is any bit set?
    unsafe fn any(self) -> bool;
    /// Is any byte ≥ 0x80?
    unsafe fn any_high_bit(self) -> bool;
    /// Index of the first byte ≥ 0x80, or `BYTES` if none.
    unsafe fn first_high_bit(self) -> usize;
    /// Bit `k` is the high bit of byte `k` (`BYTES` bits).
    unsafe fn bitmask(self) -> u64;
    /// For a vector of `0x00`/`0xFF` bytes (a compare result): bits `MATCH_STRIDE * k ..`
    /// are set where byte `k` is `0xFF`, in the cheapest form for the ISA (memchr's
    /// "move mask"). `trailing_zeros() / MATCH_STRIDE` is the first match's index.
    #[inline(always)]
    unsafe fn match_mask(self) -> u64 {
        // SAFETY: CPU per the trait contract.
        unsafe { self.bitmask() }
    }

    /// Sum of all bytes as unsigned integers.
    unsafe fn sum8(self) -> u64;
    /// Sum of all 16-bit lanes as unsigned integers.
    unsafe fn sum16(self) -> u64;

    /// The bytes zero-extended to 16-bit lanes, in memory order: the first half of the bytes
    /// in the first vector, the second half in the second.
    unsafe fn widen8(self) -> (Self, Self);
    /// The 16-bit lanes of `self` then `hi`, narrowed to bytes with signed saturation, in
    /// memory order (lanes in `-128..=127`, such as ASCII units and compare masks, are exact).
    unsafe fn pack16(self, hi: Self) -> Self;
    /// The 16-bit lanes of `self` and `o` interleaved, in memory order: 32-bit lane `k` of
    /// the pair is `self[k] | o[k] << 16` (the first half of the lanes in the first vector).
    unsafe fn zip16(self, o: Self) -> (Self, Self);
}

/// Levels with a 16-entry byte table lookup in each 16-byte lane (SSSE3 `pshufb`, NEON `tbl`):
/// nibble-indexed classification (byte sets, Base64 alphabets, UTF-8 validation).
///
/// # Safety
/// As for [`Vector`]: every method needs the implementing type's ISA.
///
/// # Examples
/// ```
/// #[cfg(target_arch = "x86_64")]
/// if core_cpu::token::Sse42::get().is_some() {
///     use core_cpu::vector::{sse42::V128, Lookup, Vector};
///     let idx = [15u8, 14, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
///     let mut out = [0u8; 16];
///     // SAFETY: the SSE4.2 features were detected; both arrays hold 16 bytes.
///     unsafe {
///         let table = V128::table(b"0123456789abcdef");
///         V128::load(idx.as_ptr()).lookup(table).store(out.as_mut_ptr());
///     }
///     assert_eq!(&out, b"fe0123456789abcd");
/// }
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait Lookup: Vector {
    /// A vector holding `table` in each 16-byte lane.
    unsafe fn table(table: &[u8; 16]) -> Self;
    /// Per byte: `table[self & 15]`; `self` holds indices 0..=15 only.
    unsafe fn lookup(self, table: Self) -> Self;
    /// Per byte: `self >> 4`.
    unsafe fn high_nibbles(self) -> Self;
    /// Per byte: `self & 15`.
    unsafe fn low_nibbles(self) -> Self;
}

/// Levels with a byte multiply-add (SSSE3 `pmaddubsw`; NEON by widening multiplies): the
/// packing step of Base64 decoding and of other bit-field gathers.
///
/// # Safety
/// As for [`Vector`]: every method needs the implementing type's ISA.
///
/// # Examples
/// ```
/// #[cfg(target_arch = "x86_64")]
/// if core_cpu::token::Sse42::get().is_some() {
///     use core_cpu::vector::{sse42::V128, MulAdd, Vector};
///     let digits: [u8; 16] = core::array::from_fn(|i| i as u8 + 1);
///     let weights = [10u8, 1].repeat(8);
///     let mut out = [0u16; 8];
///     // SAFETY: the SSE4.2 features were detected; each buffer holds 16 bytes.
///     unsafe {
///         let v = V128::load(digits.as_ptr()).madd_u8_i8(V128::load(weights.as_ptr()));
///         v.store(out.as_mut_ptr().cast());
///     }
///     assert_eq!(out, [12, 34, 56, 78, 100, 122, 144, 166]);
/// }
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait MulAdd: Vector {
    /// Per 16-bit lane, signed saturating: `self[2k] * o[2k] + self[2k + 1] * o[2k + 1]` with
    /// the bytes of `self` unsigned and those of `o` signed.
    unsafe fn madd_u8_i8(self, o: Self) -> Self;
}

/// Levels with a full byte shuffle inside each 16-byte lane, loaded and stored lane by lane.
/// "Windows" are the 16-byte lanes: one for 128-bit levels, two for AVX2, each fed from its
/// own address so consecutive windows can overlap in memory.
///
/// # Safety
/// As for [`Vector`]: every method needs the implementing type's ISA.
///
/// # Examples
/// ```
/// #[cfg(target_arch = "x86_64")]
/// if core_cpu::token::Sse42::get().is_some() {
///     use core_cpu::vector::{sse42::V128, Shuffle, Vector};
///     let reverse: [u8; 16] = core::array::from_fn(|i| 15 - i as u8);
///     let mut out = [0u8; 16];
///     // SAFETY: the SSE4.2 features were detected; every array holds 16 bytes.
///     unsafe {
///         let v = V128::load(b"0123456789abcdef".as_ptr());
///         v.shuffle(V128::load(reverse.as_ptr())).store(out.as_mut_ptr());
///     }
///     assert_eq!(&out, b"fedcba9876543210");
/// }
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait Shuffle: Lookup {
    /// Per byte within each 16-byte lane: `self[idx & 15]`, or 0 where `idx >= 0x80`.
    unsafe fn shuffle(self, idx: Self) -> Self;
    /// Window `k` loaded from the 16 bytes at `p[k]` (128-bit levels read only `p0`).
    ///
    /// # Safety
    /// The 16 bytes at each address the level reads are readable.
    unsafe fn load_windows(p0: *const u8, p1: *const u8) -> Self;
    /// Window `k` stored to the 16 bytes at `q[k]`, `q0` first (128-bit levels write only
    /// `q0`).
    ///
    /// # Safety
    /// The 16 bytes at each address the level writes are writable.
    unsafe fn store_windows(self, q0: *mut u8, q1: *mut u8);

    /// Window `w` of `self` shuffled by the 16 indices at `idx` (as [`Shuffle::shuffle`])
    /// and stored to the 16 bytes at `q`.
    ///
    /// # Safety
    /// `w < BYTES / 16`, `idx..idx + 16` is readable and `q..q + 16` writable.
    #[inline(always)]
    unsafe fn shuffle_window_to(self, w: usize, idx: *const u8, q: *mut u8) {
        debug_assert!(w == 0 && Self::BYTES == 16);
        // SAFETY: per the contract, with one window.
        unsafe { self.shuffle(Self::load_windows(idx, idx)).store_windows(q, q) }
    }
    /// Per byte: `a` where `mask` is all ones, else `b` (`mask` bytes are 0 or 0xFF).
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { b.xor(a.xor(b).and(mask)) }
    }
    /// Per byte: `a` where `mask` has its high bit set, else `b`.
    #[inline(always)]
    unsafe fn blend_high(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { Self::blend(Self::zero().gt_i8(mask), a, b) }
    }
}

/// `n` low bits set, for `n <= 64`.
///
/// # Examples
/// ```
/// use core_cpu::vector::low_bits;
/// assert_eq!(low_bits(0), 0);
/// assert_eq!(low_bits(3), 0b111);
/// assert_eq!(low_bits(64), u64::MAX);
/// assert_eq!(low_bits(100), u64::MAX);
/// ```
#[inline(always)]
pub const fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// 16 zeroing indices (0x80), the byte indices 0 to 15, 16 zeroing indices: the 16 bytes at
/// `16 + s` shift a vector down by `s` bytes, those at `16 - s` up by `s` (a `pshufb` zeroes
/// what it shifts in).
#[cfg(target_arch = "x86_64")]
static PLACE_BYTES: [u8; 48] = {
    let mut t = [0x80u8; 48];
    let mut i = 0;
    while i < 16 {
        t[16 + i] = i as u8;
        i += 1;
    }
    t
};

/// The 8 bytes at `p` and the 8 at `p + n - 8` (`8 <= n <= 16`) as the first `n` bytes of a
/// 16-byte register, zeros after: the second load moved up into place by a `pshufb`.
///
/// # Safety
/// `p..p + n` is readable; the CPU has SSSE3.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn load_padded_16(p: *const u8, n: usize) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    debug_assert!((8..=16).contains(&n));
    // SAFETY: both 8-byte loads lie inside `p..p + n`; the index load reads `PLACE_BYTES` at
    // an offset of at most 8 of its 48 bytes; SSSE3 per the contract.
    unsafe {
        let lo = _mm_loadl_epi64(p.cast());
        let place = _mm_loadu_si128(PLACE_BYTES.as_ptr().add(16 - (n - 8)).cast());
        let hi = _mm_shuffle_epi8(_mm_loadl_epi64(p.add(n - 8).cast()), place);
        _mm_or_si128(lo, hi)
    }
}

/// The 16 bytes at `p` moved down by `s` bytes (`s <= 16`), zeros shifted in.
///
/// # Safety
/// `p..p + 16` is readable; the CPU has SSSE3.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn load_shifted_down(p: *const u8, s: usize) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    debug_assert!(s <= 16);
    // SAFETY: per the contract; the index load reads `PLACE_BYTES` at `16 + s <= 32`.
    unsafe {
        let place = _mm_loadu_si128(PLACE_BYTES.as_ptr().add(16 + s).cast());
        _mm_shuffle_epi8(_mm_loadu_si128(p.cast()), place)
    }
}
