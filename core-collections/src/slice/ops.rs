//! The slice aggregates' operation table: a checked sum, minimum and maximum per integer type
//! (128-bit types excepted: nothing vectorizes them), at every level.
//!
//! Every level runs the same portable kernels (`super::kernels`), compiled inside its own
//! `#[target_feature]` entry point, where the compiler turns them into that level's vectors.
//! What differs per level is the register width the minimum and maximum are blocked by: 64
//! bytes at `avx512`, 32 at `avx2`, 16 elsewhere. `sse4.2` has a table of its own for the
//! SSE4.1 lane-wise minima and maxima (`pminsb`, `pminuw`, `pminsd`, `pminud`, and `pcmpgtq`
//! for 64-bit lanes) that `sse2` emulates with compares and blends, and for `pmovsxdq`, which
//! lets short 32-bit sums widen their lanes as they load them (without it, widening costs
//! more than the split sum's second accumulator, so `sse2`, `neon` and `scalar` do not).

use super::kernels::{extreme, ShortSum, Sum};

/// `bytes` worth of `T` lanes.
const fn lanes<T>(bytes: usize) -> usize {
    bytes / core::mem::size_of::<T>()
}

/// Declares the three operations of each integer type, one line per table; `$r` is the table's
/// register width in bytes.
macro_rules! slice_ops {
    ($($t:ty: $sum:ident, $min:ident, $max:ident;)*) => {
        slice_ops!(@table $($t: $sum, $min, $max;)*);
    };
    (@table $($t:ty: $sum:ident, $min:ident, $max:ident;)*) => {
        core_cpu::dispatch! {
            tables {
                avx512 => [Avx512],
                avx2 => [Avx2],
                sse42 => [Sse42],
                sse2 => [Sse2],
                neon => [Neon],
                scalar => [Scalar],
            }
            ops {$(
                /// The exact sum, or `None` when it does not fit the type.
                safe fn $sum(values: &[$t]) -> Option<$t> {
                    avx512: <$t as Sum>::checked_sum::<true>,
                    avx2: <$t as Sum>::checked_sum::<true>,
                    sse42: <$t as Sum>::checked_sum::<true>,
                    sse2: <$t as Sum>::checked_sum::<false>,
                    neon: <$t as Sum>::checked_sum::<false>,
                    scalar: <$t as Sum>::checked_sum::<false>,
                }
                /// The smallest value, `None` when empty.
                safe fn $min(values: &[$t]) -> Option<$t> {
                    avx512: slice_ops!(@extreme $t, false, 64),
                    avx2: slice_ops!(@extreme $t, false, 32),
                    sse42: slice_ops!(@extreme $t, false, 16),
                    sse2: slice_ops!(@extreme $t, false, 16),
                    neon: slice_ops!(@extreme $t, false, 16),
                    scalar: slice_ops!(@extreme $t, false, 16),
                }
                /// The largest value, `None` when empty.
                safe fn $max(values: &[$t]) -> Option<$t> {
                    avx512: slice_ops!(@extreme $t, true, 64),
                    avx2: slice_ops!(@extreme $t, true, 32),
                    sse42: slice_ops!(@extreme $t, true, 16),
                    sse2: slice_ops!(@extreme $t, true, 16),
                    neon: slice_ops!(@extreme $t, true, 16),
                    scalar: slice_ops!(@extreme $t, true, 16),
                }
            )*
                /// The exact sum of at most `SHORT_SUM` values, or `None` when it does not fit.
                safe fn sum_short_i32(values: &[i32]) -> Option<i32> {
                    avx512: <i32 as ShortSum>::short_sum::<true>,
                    avx2: <i32 as ShortSum>::short_sum::<true>,
                    sse42: <i32 as ShortSum>::short_sum::<true>,
                    sse2: <i32 as ShortSum>::short_sum::<false>,
                    neon: <i32 as ShortSum>::short_sum::<false>,
                    scalar: <i32 as ShortSum>::short_sum::<false>,
                }
                /// The exact sum of at most `SHORT_SUM` values, or `None` when it does not fit.
                safe fn sum_short_u32(values: &[u32]) -> Option<u32> {
                    avx512: <u32 as ShortSum>::short_sum::<true>,
                    avx2: <u32 as ShortSum>::short_sum::<true>,
                    sse42: <u32 as ShortSum>::short_sum::<true>,
                    sse2: <u32 as ShortSum>::short_sum::<false>,
                    neon: <u32 as ShortSum>::short_sum::<false>,
                    scalar: <u32 as ShortSum>::short_sum::<false>,
                }
            }
        }
    };
    (@extreme $t:ty, $max:literal, $r:literal) => {
        extreme::<
            $t,
            $max,
            { lanes::<$t>(4 * $r) },
            { lanes::<$t>(16) },
            { lanes::<$t>(32) },
            { lanes::<$t>(64) },
            { lanes::<$t>(128) },
        >
    };
}

slice_ops! {
    u8: sum_u8, min_u8, max_u8;
    i8: sum_i8, min_i8, max_i8;
    u16: sum_u16, min_u16, max_u16;
    i16: sum_i16, min_i16, max_i16;
    u32: sum_u32, min_u32, max_u32;
    i32: sum_i32, min_i32, max_i32;
    u64: sum_u64, min_u64, max_u64;
    i64: sum_i64, min_i64, max_i64;
    usize: sum_usize, min_usize, max_usize;
    isize: sum_isize, min_isize, max_isize;
}
