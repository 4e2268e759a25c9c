//! Base64's operation table: its two kernels at each level.
//!
//! `sse2` runs the scalar kernels: without `pshufb` the nibble tables and the byte spreads
//! take several operations each, and the 16-byte blocks did not pay for them.

#[cfg(target_arch = "x86_64")]
use super::avx512;
use super::{alphabet::Alphabet, generic, scalar};
#[cfg(target_arch = "aarch64")]
use core_cpu::vector::neon::V128 as Neon;
#[cfg(target_arch = "x86_64")]
use core_cpu::vector::{avx2::V256, sse42::V128 as Sse42};

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
        /// Encodes the whole groups of `src` into `dst` with `sep` between lines of `line`
        /// input bytes (`usize::MAX`: one line); returns the bytes written. `dst` holds them.
        unsafe fn base64_encode(
            src: &[u8],
            dst: &mut [u8],
            a: &Alphabet,
            line: usize,
            sep: &[u8],
        ) -> usize {
            avx512: avx512::encode,
            avx2: generic::encode::<V256>,
            sse42: generic::encode::<Sse42>,
            sse2: scalar::encode,
            neon: generic::encode::<Neon>,
            scalar: scalar::encode,
        }
        /// Decodes whole groups from the front of `src` (see `generic::decode`): `(input
        /// consumed, output written)`.
        unsafe fn base64_decode(
            src: *const u8,
            len: usize,
            dst: *mut u8,
            cap: usize,
            a: &Alphabet,
            forgiving: bool,
        ) -> (usize, usize) {
            avx512: avx512::decode,
            avx2: generic::decode::<V256>,
            sse42: generic::decode::<Sse42>,
            sse2: scalar::decode_blocks,
            neon: generic::decode::<Neon>,
            scalar: scalar::decode_blocks,
        }
    }
}
