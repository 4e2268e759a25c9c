//! The substring search's operation table: its kernel at each level (see
//! `crate::arch::ops` for the crate's other operations and how a table works).

use super::pair::Pair;
#[allow(unused_imports)] // `Simd` is unused on targets with no vector level
use super::prefilter::{self, Simd, Swar};
#[cfg(target_arch = "aarch64")]
use core_cpu::vector::neon::V128 as Neon;
#[cfg(target_arch = "x86_64")]
use core_cpu::vector::{avx2::V256, avx512::V512, sse2::V128 as Sse2, sse42::V128 as Sse42};

core_cpu::dispatch! {
    tables {
        avx512 => [Avx512],
        avx2 => [Avx2],
        sse42 => [Sse42],
        sse2 => [Sse2],
        neon => [Neon],
        scalar => [Scalar],
    }
    ops {
        /// The first position of `needle` in `hay`, the prefilter comparing `pair`'s bytes
        /// (recomputed when it does not fit the needle).
        safe fn memmem_find(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
            avx512: prefilter::find::<Simd<V512>>,
            avx2: prefilter::find::<Simd<V256>>,
            sse42: prefilter::find::<Simd<Sse42>>,
            sse2: prefilter::find::<Simd<Sse2>>,
            neon: prefilter::find::<Simd<Neon>>,
            scalar: prefilter::find::<Swar>,
        }
        /// The last position of `needle` in `hay`.
        safe fn memmem_rfind(hay: &[u8], needle: &[u8], pair: Pair) -> Option<usize> {
            avx512: prefilter::rfind::<Simd<V512>>,
            avx2: prefilter::rfind::<Simd<V256>>,
            sse42: prefilter::rfind::<Simd<Sse42>>,
            sse2: prefilter::rfind::<Simd<Sse2>>,
            neon: prefilter::rfind::<Simd<Neon>>,
            scalar: prefilter::rfind::<Swar>,
        }
    }
}
