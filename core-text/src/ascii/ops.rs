//! The ASCII operations' table: each operation's signature and its kernel at every level
//! (the generic kernels at each vector type; the word-at-a-time code at `scalar`).

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
use super::generic;
use super::swar;
#[cfg(target_arch = "x86_64")]
use crate::arch::x86_64::ascii as x86;
use core::mem::MaybeUninit;
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
        /// Is every byte below 0x80?
        safe fn is_ascii(s: &[u8]) -> bool {
            avx512: generic::is_ascii::<V512>,
            avx2: generic::is_ascii::<V256>,
            sse42: generic::is_ascii::<Sse42>,
            sse2: generic::is_ascii::<Sse2>,
            neon: generic::is_ascii::<Neon>,
            scalar: swar::is_ascii,
        }
        /// Is every unit below 0x80?
        safe fn is_ascii_u16(s: &[u16]) -> bool {
            avx512: generic::is_ascii_u16::<V512>,
            avx2: generic::is_ascii_u16::<V256>,
            sse42: generic::is_ascii_u16::<Sse42>,
            sse2: generic::is_ascii_u16::<Sse2>,
            neon: generic::is_ascii_u16::<Neon>,
            scalar: swar::is_ascii_u16,
        }
        /// Equal lengths and equal bytes, ignoring ASCII case.
        safe fn eq_ignore_case(a: &[u8], b: &[u8]) -> bool {
            avx512: x86::eq_ignore_case,
            avx2: generic::eq_ignore_case::<V256>,
            sse42: generic::eq_ignore_case::<Sse42>,
            sse2: generic::eq_ignore_case::<Sse2>,
            neon: generic::eq_ignore_case::<Neon>,
            scalar: swar::eq_ignore_case,
        }
        /// Equal lengths and equal units, ignoring the case of ASCII units.
        safe fn eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
            avx512: generic::eq_ignore_case_u16::<V512>,
            avx2: generic::eq_ignore_case_u16::<V256>,
            sse42: generic::eq_ignore_case_u16::<Sse42>,
            sse2: generic::eq_ignore_case_u16::<Sse2>,
            neon: generic::eq_ignore_case_u16::<Neon>,
            scalar: swar::eq_ignore_case_u16,
        }
        /// Equal lengths, every byte ASCII and equal to its unit.
        safe fn eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
            avx512: generic::eq_bytes_u16::<V512>,
            avx2: generic::eq_bytes_u16::<V256>,
            sse42: generic::eq_bytes_u16::<Sse42>,
            sse2: generic::eq_bytes_u16::<Sse2>,
            neon: generic::eq_bytes_u16::<Neon>,
            scalar: swar::eq_bytes_u16,
        }
        /// Upper-cases the ASCII letters in place.
        safe fn make_upper(s: &mut [u8]) -> () {
            avx512: x86::make_case::<true>,
            avx2: generic::make_case::<V256, true>,
            sse42: generic::make_case::<Sse42, true>,
            sse2: generic::make_case::<Sse2, true>,
            neon: generic::make_case::<Neon, true>,
            scalar: swar::make_case::<true>,
        }
        /// Lower-cases the ASCII letters in place.
        safe fn make_lower(s: &mut [u8]) -> () {
            avx512: x86::make_case::<false>,
            avx2: generic::make_case::<V256, false>,
            sse42: generic::make_case::<Sse42, false>,
            sse2: generic::make_case::<Sse2, false>,
            neon: generic::make_case::<Neon, false>,
            scalar: swar::make_case::<false>,
        }
        /// Writes the input upper-cased to the start of the output (as much as fits; every
        /// slot written is initialised).
        safe fn to_upper(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> () {
            avx512: x86::to_case::<true>,
            avx2: generic::to_case::<V256, true>,
            sse42: generic::to_case::<Sse42, true>,
            sse2: generic::to_case::<Sse2, true>,
            neon: generic::to_case::<Neon, true>,
            scalar: swar::to_case::<true>,
        }
        /// Writes the input lower-cased to the start of the output (as much as fits).
        safe fn to_lower(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> () {
            avx512: x86::to_case::<false>,
            avx2: generic::to_case::<V256, false>,
            sse42: generic::to_case::<Sse42, false>,
            sse2: generic::to_case::<Sse2, false>,
            neon: generic::to_case::<Neon, false>,
            scalar: swar::to_case::<false>,
        }
        /// Upper-cases the ASCII letter units in place.
        safe fn make_upper_u16(s: &mut [u16]) -> () {
            avx512: generic::make_case_u16::<V512, true>,
            avx2: generic::make_case_u16::<V256, true>,
            sse42: generic::make_case_u16::<Sse42, true>,
            sse2: generic::make_case_u16::<Sse2, true>,
            neon: generic::make_case_u16::<Neon, true>,
            scalar: swar::make_case_u16::<true>,
        }
        /// Lower-cases the ASCII letter units in place.
        safe fn make_lower_u16(s: &mut [u16]) -> () {
            avx512: generic::make_case_u16::<V512, false>,
            avx2: generic::make_case_u16::<V256, false>,
            sse42: generic::make_case_u16::<Sse42, false>,
            sse2: generic::make_case_u16::<Sse2, false>,
            neon: generic::make_case_u16::<Neon, false>,
            scalar: swar::make_case_u16::<false>,
        }
        /// Writes the units upper-cased to the start of the output (as much as fits).
        safe fn to_upper_u16(src: &[u16], dst: &mut [MaybeUninit<u16>]) -> () {
            avx512: generic::to_case_u16::<V512, true>,
            avx2: generic::to_case_u16::<V256, true>,
            sse42: generic::to_case_u16::<Sse42, true>,
            sse2: generic::to_case_u16::<Sse2, true>,
            neon: generic::to_case_u16::<Neon, true>,
            scalar: swar::to_case_u16::<true>,
        }
        /// Writes the units lower-cased to the start of the output (as much as fits).
        safe fn to_lower_u16(src: &[u16], dst: &mut [MaybeUninit<u16>]) -> () {
            avx512: generic::to_case_u16::<V512, false>,
            avx2: generic::to_case_u16::<V256, false>,
            sse42: generic::to_case_u16::<Sse42, false>,
            sse2: generic::to_case_u16::<Sse2, false>,
            neon: generic::to_case_u16::<Neon, false>,
            scalar: swar::to_case_u16::<false>,
        }
    }
}
