//! Instruction-set levels and the kernel table.
//!
//! Every kernel exists once per [`Level`], declared in one table (`ops`, through
//! [`core_cpu::dispatch!`]): the public functions of this crate go through a cached function
//! pointer per operation, which starts at a detection function and is replaced by the best
//! level's kernel on first use. [`Backend`](crate::Backend) pins any available level (tests,
//! benchmarks and fuzz targets loop over [`Level::available`]).
//!
//! | level    | kernels                                                                        |
//! |----------|--------------------------------------------------------------------------------|
//! | `scalar` | word-at-a-time ASCII skipping and exact per-character code                     |
//! | `sse2`   | 16-byte vectors without table lookups: ASCII runs by vectors, the rest scalar  |
//! | `sse4.2` | the table-lookup algorithms (`pshufb`) on 16-byte vectors                      |
//! | `avx2`   | the same on 32-byte vectors, and a UTF-16 check of its own                     |
//! | `avx512` | transcoders, UTF-16 checks and counting of its own; validation is AVX2's       |
//! | `neon`   | the table-lookup algorithms (`tbl`) on 16-byte vectors                         |
//!
//! [`Level`], its detection and the `CORE_SIMD_MAX` cap (`scalar`, `sse2`, `sse4.2`, `avx2`,
//! `avx512`, `neon`, read once) come from `core-cpu` and mean the same in every crate of the
//! family. Without the `std` feature there is no runtime detection: the level is the best one
//! the compile-time target features allow.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
pub(crate) mod generic;
pub(crate) mod ops;
pub(crate) mod scalar;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

pub use core_cpu::{Level, ParseLevelError};

/// Stamps out a level's `utf8_error` kernel (`from_utf8`'s): validation, and only for input
/// it rejects a call to the level's `utf8_check` entry point and the exact scalar re-scan.
///
/// Answering "valid" in a register (`None`) from the kernel leaves `from_utf8` nothing to keep
/// across the call but its input, and one test after it. The kernel's own test then has to
/// fall through to a return of its own: a jump to a return shared by several paths cost more
/// than the test (on the Intel Xeon at `avx2`, about a cycle: 5-10 % of a call on text of 8 to
/// 64 bytes).
///
/// - `sized: V`, for levels that validate with `utf8_validate::validate::<V>`: one copy of
///   the kernel per size class of its paths (`utf8_validate::SizeClass`), each
///   compiled knowing its class so that it keeps only its own path and ends in a single test,
///   and a dispatcher that jumps to the copy (conditional tail calls).
/// - `whole: validate`: the validation kernel inlined once (SSE2's block loop has no short
///   paths to separate).
#[allow(unused_macros)]
macro_rules! utf8_error_entry {
    ($set:ident, sized: $v:ty) => {
        core_cpu::target_fn!($set;
            /// `utf8_error` for inputs of `LO..=HI` bytes.
            ///
            /// # Safety
            /// The level's features are available; `LO <= src.len() <= HI`.
            #[inline(never)]
            unsafe fn utf8_error_sized<const LO: usize, const HI: usize>(
                src: &[u8],
            ) -> Option<$crate::utf8::Utf8Error> {
                // SAFETY: the caller's contract; the level's `utf8_check` entry point has
                // these features too.
                unsafe {
                    $crate::arch::generic::utf8_validate::error_sized::<$v, LO, HI>(
                        src,
                        $crate::arch::ops::entries::utf8_check::$set,
                    )
                }
            }
        );
        core_cpu::target_fn!($set;
            /// The level's `utf8_error` kernel: a jump to the copy of the input's size class.
            ///
            /// # Safety
            /// The level's features are available.
            #[inline]
            pub(crate) unsafe fn utf8_error(src: &[u8]) -> Option<$crate::utf8::Utf8Error> {
                use $crate::arch::generic::utf8_validate::{SizeClass as C, Sizes};
                type S = Sizes<$v>;
                // SAFETY: the features per the contract; each branch passes its copy only
                // lengths inside that copy's class.
                unsafe {
                    match S::of(src.len()) {
                        C::Long => utf8_error_sized::<{ S::LONG.0 }, { S::LONG.1 }>(src),
                        C::Overlapping => {
                            utf8_error_sized::<{ S::OVERLAPPING.0 }, { S::OVERLAPPING.1 }>(src)
                        }
                        C::Two => utf8_error_sized::<{ S::TWO.0 }, { S::TWO.1 }>(src),
                        C::One => utf8_error_sized::<{ S::ONE.0 }, { S::ONE.1 }>(src),
                        C::Padded => utf8_error_sized::<{ S::PADDED.0 }, { S::PADDED.1 }>(src),
                        C::Tiny => utf8_error_sized::<{ S::TINY.0 }, { S::TINY.1 }>(src),
                    }
                }
            }
        );
    };
    ($set:ident, whole: $validate:expr) => {
        core_cpu::target_fn!($set;
            /// The level's `utf8_error` kernel.
            ///
            /// # Safety
            /// The level's features are available.
            #[inline]
            pub(crate) unsafe fn utf8_error(src: &[u8]) -> Option<$crate::utf8::Utf8Error> {
                // SAFETY: the features per the contract; validation accepts any input, and
                // the level's check entry point has the same features.
                unsafe {
                    if $validate(src) {
                        None
                    } else {
                        $crate::utf8::exact_error(src, $crate::arch::ops::entries::utf8_check::$set)
                    }
                }
            }
        );
    };
}
#[allow(unused_imports)]
pub(crate) use utf8_error_entry;

/// Implements `Transcode::byte_run` for a level: a call to a copy of
/// `utf8_to_utf16::byte_run` compiled out of line with the level's features (see the trait
/// method for why).
#[allow(unused_macros)]
macro_rules! byte_run_out_of_line {
    ($set:ident, $v:ty) => {
        #[inline(always)]
        unsafe fn byte_run(
            src: &[u8],
            i: usize,
            dst: &mut [core::mem::MaybeUninit<u16>],
            o: usize,
        ) -> (usize, usize) {
            core_cpu::target_fn!($set;
                #[inline(never)]
                unsafe fn out_of_line(
                    src: &[u8],
                    i: usize,
                    dst: &mut [core::mem::MaybeUninit<u16>],
                    o: usize,
                ) -> (usize, usize) {
                    // SAFETY: forwarded contract.
                    unsafe { $crate::arch::generic::utf8_to_utf16::byte_run::<$v>(src, i, dst, o) }
                }
            );
            // SAFETY: forwarded contract; a level's vectors are only used where its features
            // were detected.
            unsafe { out_of_line(src, i, dst, o) }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use byte_run_out_of_line;

/// `dst` as output for the transcoding kernels, which write to possibly uninitialised memory.
///
/// # Safety
/// Only initialised values may be written through the result (the kernels store computed
/// units only), so `dst` stays initialised.
pub(crate) unsafe fn as_output<T: Copy>(dst: &mut [T]) -> &mut [MaybeUninit<T>] {
    // SAFETY: `MaybeUninit<T>` has the layout of `T`; the caller writes initialised values only.
    unsafe { &mut *(dst as *mut [T] as *mut [MaybeUninit<T>]) }
}

/// Appends to `out` what `fill` writes into the first `max` slots of its spare capacity (no
/// zeroing first).
///
/// # Safety
/// `fill` returns `n <= max` and has initialised the first `n` slots of its argument.
pub(crate) unsafe fn append_with<T>(
    out: &mut Vec<T>,
    max: usize,
    fill: impl FnOnce(&mut [MaybeUninit<T>]) -> usize,
) {
    out.reserve(max);
    let start = out.len();
    let n = fill(&mut out.spare_capacity_mut()[..max]);
    debug_assert!(n <= max);
    // SAFETY: `fill` initialised the first `n <= max` slots past `start`, within capacity.
    unsafe { out.set_len(start + n.min(max)) };
}
