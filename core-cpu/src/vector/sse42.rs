//! SSE4.2 (x86-64-v2): [`Vector`], [`Lookup`] and [`Shuffle`] for `__m128i`.
//!
//! The SSE2 type's operations, plus what SSSE3 and SSE4.1 add: the byte shuffle (`pshufb`)
//! behind [`Lookup`] and [`Shuffle`] and the padded load, `pblendvb` for blends, `pmaddubsw`
//! for [`MulAdd`], and unsigned 16-bit minimum and maximum. [`Vector::any`] stays SSE2's
//! compare and `pmovmskb`: `ptest` measured 1.4x slower in the UTF-16 to UTF-8 ASCII loop on
//! Zen 4 (it cannot fuse with its branch).

use super::sse2::V128 as Sse2;
use super::{Lookup, MulAdd, Shuffle, Vector};
use core::arch::x86_64::*;

/// A 128-bit register on a CPU with SSSE3, SSE4.1, SSE4.2 and POPCNT.
///
/// # Examples
/// ```
/// use core_cpu::vector::{sse42::V128, Vector};
/// if core_cpu::token::Sse42::get().is_some() {
///     // SAFETY: the SSE4.2 features were detected.
///     let sum = unsafe { V128::splat16(0x0102).sum8() };
///     assert_eq!(sum, 8 * (1 + 2));
/// }
/// ```
#[derive(Clone, Copy)]
pub struct V128(pub __m128i);

/// Wraps one SSE4.2-level expression: the trait's contract (the caller runs on a CPU with the
/// level's features) is what makes every intrinsic call sound.
macro_rules! sse42 {
    ($e:expr) => {
        // SAFETY: callers of `Vector`/`Lookup`/`Shuffle` methods guarantee the CPU has the
        // level's features (its tables are only handed out after detection).
        unsafe { $e }
    };
}

/// Methods the SSE2 type implements alike: forwarded.
macro_rules! forward {
    ($(fn $name:ident(self $(, $o:ident)?) -> $ret:ident;)*) => {
        $(
            #[inline(always)]
            unsafe fn $name(self $(, $o: Self)?) -> forward!(@ret $ret) {
                // SAFETY: an SSE2 operation, and SSE2 is baseline on x86_64.
                forward!(@wrap $ret, unsafe { Sse2(self.0).$name($(Sse2($o.0))?) })
            }
        )*
    };
    (@ret Self) => { Self };
    (@ret $t:ident) => { $t };
    (@wrap Self, $e:expr) => { V128($e.0) };
    (@wrap $t:ident, $e:expr) => { $e };
}

impl Vector for V128 {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: an SSE2 operation, and SSE2 is baseline on x86_64.
        V128(unsafe { Sse2::zero() }.0)
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: as above.
        V128(unsafe { Sse2::splat8(b) }.0)
    }
    #[inline(always)]
    unsafe fn splat16(w: u16) -> Self {
        // SAFETY: as above.
        V128(unsafe { Sse2::splat16(w) }.0)
    }
    #[inline(always)]
    unsafe fn splat32(d: u32) -> Self {
        // SAFETY: as above.
        V128(unsafe { Sse2::splat32(d) }.0)
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes (the SSE2 load's contract).
        V128(unsafe { Sse2::load(p) }.0)
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes (the SSE2 store's contract).
        unsafe { Sse2(self.0).store(p) }
    }
    #[inline(always)]
    unsafe fn load_padded(p: *const u8, n: usize) -> Option<Self> {
        debug_assert!((8..16).contains(&n));
        // SAFETY: the caller guarantees `p..p + n` readable; SSSE3 per the trait contract.
        Some(V128(unsafe { super::load_padded_16(p, n) }))
    }
    #[inline(always)]
    unsafe fn min_u16(self, o: Self) -> Self {
        sse42!(V128(_mm_min_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u16(self, o: Self) -> Self {
        sse42!(V128(_mm_max_epu16(self.0, o.0)))
    }

    forward! {
        fn or(self, o) -> Self;
        fn and(self, o) -> Self;
        fn xor(self, o) -> Self;
        fn and_not(self, o) -> Self;
        fn eq8(self, o) -> Self;
        fn gt_i8(self, o) -> Self;
        fn min_u8(self, o) -> Self;
        fn max_u8(self, o) -> Self;
        fn eq16(self, o) -> Self;
        fn gt_i32(self, o) -> Self;
        fn add8(self, o) -> Self;
        fn sub8(self, o) -> Self;
        fn subs_u8(self, o) -> Self;
        fn add16(self, o) -> Self;
        fn sub16(self, o) -> Self;
        fn mullo16(self, o) -> Self;
        fn mulhi_u16(self, o) -> Self;
        fn madd_i16(self, o) -> Self;
        fn add32(self, o) -> Self;
        fn sub32(self, o) -> Self;
        fn prev1(self, o) -> Self;
        fn prev2(self, o) -> Self;
        fn prev3(self, o) -> Self;
        fn any(self) -> bool;
        fn any_high_bit(self) -> bool;
        fn first_high_bit(self) -> usize;
        fn bitmask(self) -> u64;
        fn sum8(self) -> u64;
        fn sum16(self) -> u64;
        fn pack16(self, o) -> Self;
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        sse42!(V128(_mm_slli_epi16::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        sse42!(V128(_mm_srli_epi16::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        sse42!(V128(_mm_slli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        sse42!(V128(_mm_srli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        sse42!((
            V128(_mm_cvtepu8_epi16(self.0)),
            V128(_mm_unpackhi_epi8(self.0, _mm_setzero_si128()))
        ))
    }
    #[inline(always)]
    unsafe fn zip16(self, o: Self) -> (Self, Self) {
        sse42!((V128(_mm_unpacklo_epi16(self.0, o.0)), V128(_mm_unpackhi_epi16(self.0, o.0))))
    }
}

impl MulAdd for V128 {
    #[inline(always)]
    unsafe fn madd_u8_i8(self, o: Self) -> Self {
        sse42!(V128(_mm_maddubs_epi16(self.0, o.0)))
    }
}

impl Lookup for V128 {
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe { V128(_mm_loadu_si128(table.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn lookup(self, table: Self) -> Self {
        sse42!(V128(_mm_shuffle_epi8(table.0, self.0)))
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        sse42!(V128(_mm_and_si128(_mm_srli_epi16::<4>(self.0), _mm_set1_epi8(0x0F))))
    }
    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        sse42!(V128(_mm_and_si128(self.0, _mm_set1_epi8(0x0F))))
    }
}

impl Shuffle for V128 {
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        sse42!(V128(_mm_shuffle_epi8(self.0, idx.0)))
    }
    #[inline(always)]
    unsafe fn load_windows(p0: *const u8, _p1: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `p0`.
        unsafe { V128(_mm_loadu_si128(p0.cast())) }
    }
    #[inline(always)]
    unsafe fn store_windows(self, q0: *mut u8, _q1: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `q0`.
        unsafe { _mm_storeu_si128(q0.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        sse42!(V128(_mm_blendv_epi8(b.0, a.0, mask.0)))
    }
    #[inline(always)]
    unsafe fn blend_high(mask: Self, a: Self, b: Self) -> Self {
        sse42!(V128(_mm_blendv_epi8(b.0, a.0, mask.0)))
    }
}
