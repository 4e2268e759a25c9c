//! x86_64: what the SSE2, SSE4.2, AVX2 and AVX-512 levels add to the generic kernels (their
//! `utf8_error` entry points, the transcoder hooks, and the kernels written for one ISA).

pub(crate) mod ascii;
pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod latin1;
pub(crate) mod sse2;
pub(crate) mod sse42;

pub(crate) use core_cpu::vector::low_bits;
