//! Instruction-set levels for the limb kernels.
//!
//! The big-integer layer spends most of its time in a handful of limb kernels (`addmul_1`,
//! `mul_basecase`, ...). Each exists once per kernel table, and every [`Level`] maps to one
//! table:
//!
//! | level    | table                                                                          |
//! |----------|--------------------------------------------------------------------------------|
//! | `scalar` | portable `u128` code                                                           |
//! | `sse2`   | the portable table (SSE2 has nothing for carry chains)                         |
//! | `sse4.2` | the portable table                                                             |
//! | `avx2`   | with ADX as well: `mulx` with two carry chains (`adcx`/`adox`), AVX2 shifts; else the portable table |
//! | `avx512` | the `avx2` table; with AVX-512 IFMA also the vector NTT for large products     |
//! | `neon`   | the portable table (`u128` compiles to `mul`/`umulh`/`adds`/`adcs` there)      |
//!
//! [`Level`], its detection and the `CORE_SIMD_MAX` cap (`scalar`, `sse2`, `sse4.2`, `avx2`,
//! `avx512`, `neon`, read once) come from `core-cpu` and mean the same in every crate of the
//! family; ADX and IFMA are optional features asked through it, under the same cap. The
//! internal kernel entry points go through a cached function pointer per operation, which
//! starts at a detection function and is replaced by the best table's kernel on first use.
//! Without the `std` feature there is no runtime detection: the level is the best one the
//! compile-time target features allow.

pub use core_cpu::{Level, ParseLevelError};

pub(crate) mod half;

/// Per-level entry points to the limb kernels, for tests, benchmarks and fuzz targets.
///
/// Numbers are little-endian `u64` limb slices. Every function returns `None` when `level` is
/// not available on this CPU (see [`Level::is_available`]) or when the slice lengths break the
/// documented contract; it never panics.
#[doc(hidden)]
pub mod __kernels {
    use super::Level;
    use crate::bigint::mpn::kernels::{Kernels, Ops};

    /// The table of an available level.
    fn table(level: Level) -> Option<Kernels> {
        Kernels::for_level(level)
    }

    /// The level whose kernels the arithmetic runs (through the cached entry points): the
    /// best one within `CORE_SIMD_MAX`.
    pub fn auto_level() -> Level {
        Kernels::best().level()
    }

    /// Whether the vector NTT (AVX-512 IFMA) may run here, within `CORE_SIMD_MAX`.
    pub fn ifma_ntt() -> bool {
        crate::bigint::mpn::ntt::is_vector()
    }

    /// `r = a + b` (all one length); the carry.
    pub fn add_n_at(level: Level, r: &mut [u64], a: &[u64], b: &[u64]) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len() && a.len() == b.len()).then(|| t.add_n(r, a, b))
    }

    /// `r += b` (one length); the carry.
    pub fn add_n_assign_at(level: Level, r: &mut [u64], b: &[u64]) -> Option<u64> {
        let t = table(level)?;
        (r.len() == b.len()).then(|| t.add_n_assign(r, b))
    }

    /// `r = a - b` (all one length); the borrow.
    pub fn sub_n_at(level: Level, r: &mut [u64], a: &[u64], b: &[u64]) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len() && a.len() == b.len()).then(|| t.sub_n(r, a, b))
    }

    /// `r -= b` (one length); the borrow.
    pub fn sub_n_assign_at(level: Level, r: &mut [u64], b: &[u64]) -> Option<u64> {
        let t = table(level)?;
        (r.len() == b.len()).then(|| t.sub_n_assign(r, b))
    }

    /// `r = b - r` (one length); the borrow.
    pub fn sub_n_rev_assign_at(level: Level, r: &mut [u64], b: &[u64]) -> Option<u64> {
        let t = table(level)?;
        (r.len() == b.len()).then(|| t.sub_n_rev_assign(r, b))
    }

    /// `r = a * m` (one length); the high limb.
    pub fn mul_1_at(level: Level, r: &mut [u64], a: &[u64], m: u64) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len()).then(|| t.mul_1(r, a, m))
    }

    /// `r *= m`; the high limb.
    pub fn mul_1_assign_at(level: Level, r: &mut [u64], m: u64) -> Option<u64> {
        Some(table(level)?.mul_1_assign(r, m))
    }

    /// `r += a * m` (one length); the high limb.
    pub fn addmul_1_at(level: Level, r: &mut [u64], a: &[u64], m: u64) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len()).then(|| t.addmul_1(r, a, m))
    }

    /// `r -= a * m` (one length); the limb to subtract above `r`.
    pub fn submul_1_at(level: Level, r: &mut [u64], a: &[u64], m: u64) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len()).then(|| t.submul_1(r, a, m))
    }

    /// `r = a << bits` (one length, `1 <= bits <= 63`); the bits shifted out.
    pub fn shl_at(level: Level, r: &mut [u64], a: &[u64], bits: u32) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len() && (1..64).contains(&bits)).then(|| t.shl(r, a, bits))
    }

    /// `r <<= bits` (`1 <= bits <= 63`); the bits shifted out.
    pub fn shl_assign_at(level: Level, r: &mut [u64], bits: u32) -> Option<u64> {
        let t = table(level)?;
        (1..64).contains(&bits).then(|| t.shl_assign(r, bits))
    }

    /// `r = a >> bits` (one length, `1 <= bits <= 63`); the bits shifted out (high bits).
    pub fn shr_at(level: Level, r: &mut [u64], a: &[u64], bits: u32) -> Option<u64> {
        let t = table(level)?;
        (r.len() == a.len() && (1..64).contains(&bits)).then(|| t.shr(r, a, bits))
    }

    /// `r >>= bits` (`1 <= bits <= 63`); the bits shifted out (high bits).
    pub fn shr_assign_at(level: Level, r: &mut [u64], bits: u32) -> Option<u64> {
        let t = table(level)?;
        (1..64).contains(&bits).then(|| t.shr_assign(r, bits))
    }

    /// Schoolbook `r = a * b` with `a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`.
    pub fn mul_basecase_at(level: Level, r: &mut [u64], a: &[u64], b: &[u64]) -> Option<()> {
        let t = table(level)?;
        let ok = a.len() >= b.len() && !b.is_empty() && r.len() == a.len() + b.len();
        ok.then(|| t.mul_basecase(r, a, b))
    }

    /// Schoolbook `r = a * a` with `a.len() >= 1`, `r.len() == 2 * a.len()`.
    pub fn sqr_basecase_at(level: Level, r: &mut [u64], a: &[u64]) -> Option<()> {
        let t = table(level)?;
        (!a.is_empty() && r.len() == 2 * a.len()).then(|| t.sqr_basecase(r, a))
    }
}
