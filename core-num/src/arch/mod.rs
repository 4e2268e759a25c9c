//! Instruction-set levels and CPU detection for the limb kernels.
//!
//! The big-integer layer spends most of its time in a handful of limb kernels (`addmul_1`,
//! `mul_basecase`, ...). Each exists once per kernel table, and every [`Level`] maps to one
//! table:
//!
//! | level    | table                                                                        |
//! |----------|------------------------------------------------------------------------------|
//! | `scalar` | portable `u128` code                                                         |
//! | `sse2`   | the portable table (SSE2 has nothing for carry chains)                       |
//! | `avx2`   | x86_64 with AVX2, BMI2 and ADX: `mulx` with two carry chains, AVX2 shifts    |
//! | `avx512` | the BMI2/ADX table; with AVX-512 IFMA also the vector NTT for large products |
//! | `neon`   | the portable table (`u128` compiles to `mul`/`umulh`/`adds`/`adcs` there)    |
//!
//! The internal kernel entry points go through a cached function pointer per operation, which
//! starts at a detection function and is replaced by the best table's kernel on first use.
//! The level can be capped for the whole process with the `CORE_SIMD_MAX` environment variable
//! (`scalar`, `sse2`, `avx2`, `avx512`, `neon`), read once. Without the `std` feature there is
//! no runtime detection: the level is the best one the compile-time target features allow.

use core::fmt;

/// An instruction-set level.
///
/// Levels are ordered by capability within an architecture; `Scalar` is available everywhere.
/// For this crate `Avx2` means "x86_64 with AVX2, BMI2 and ADX" (the `mulx`/`adcx`/`adox`
/// carry-chain instructions, which every AVX2 CPU since 2014 has, and AVX2 for the limb
/// shifts); `Avx512` runs the same kernels.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Portable code through `u128`. A first-class, tested backend.
    Scalar,
    /// x86_64 baseline; shares the portable kernels.
    Sse2,
    /// x86_64 with AVX2, BMI2 and ADX.
    Avx2,
    /// x86_64 with AVX-512F (plus BMI2 and ADX); shares the `Avx2` kernels.
    Avx512,
    /// aarch64 baseline; shares the portable kernels.
    Neon,
}

/// All levels, in the order they are tried (best first).
const ALL: [Level; 5] = [Level::Avx512, Level::Avx2, Level::Sse2, Level::Neon, Level::Scalar];

impl Level {
    /// The level's lower-case name, as accepted by `CORE_SIMD_MAX`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Scalar => "scalar",
            Level::Sse2 => "sse2",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
            Level::Neon => "neon",
        }
    }

    /// Rank used for capping: scalar < 128-bit (SSE2, NEON) < AVX2 < AVX-512.
    const fn rank(self) -> u8 {
        match self {
            Level::Scalar => 0,
            Level::Sse2 | Level::Neon => 1,
            Level::Avx2 => 2,
            Level::Avx512 => 3,
        }
    }

    /// Whether this CPU (and this build) can run the level's kernels, ignoring `CORE_SIMD_MAX`.
    pub fn is_available(self) -> bool {
        match self {
            Level::Scalar => true,
            Level::Sse2 => cfg!(target_arch = "x86_64"),
            Level::Avx2 => bmi2_adx_available(),
            Level::Avx512 => bmi2_adx_available() && avx512f_available(),
            Level::Neon => cfg!(target_arch = "aarch64"),
        }
    }

    /// The best level this process uses: detected once and cached, capped by `CORE_SIMD_MAX`
    /// when that is set.
    pub fn best() -> Level {
        use core::sync::atomic::{AtomicU8, Ordering};
        static CACHE: AtomicU8 = AtomicU8::new(u8::MAX);
        let cached = CACHE.load(Ordering::Relaxed);
        if let Some(level) = ALL.iter().copied().find(|l| *l as u8 == cached) {
            return level;
        }
        let level = Level::available().next().unwrap_or(Level::Scalar);
        CACHE.store(level as u8, Ordering::Relaxed);
        level
    }

    /// Every level available on this CPU and allowed by `CORE_SIMD_MAX`, best first.
    pub fn available() -> impl Iterator<Item = Level> {
        let cap = max_from_env().map_or(u8::MAX, Level::rank);
        ALL.into_iter().filter(move |l| l.rank() <= cap && l.is_available())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error returned when parsing a [`Level`] name fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseLevelError;

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown SIMD level (expected scalar, sse2, avx2, avx512 or neon)")
    }
}

impl core::str::FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let s = s.trim();
        ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s)).ok_or(ParseLevelError)
    }
}

/// The `CORE_SIMD_MAX` cap, if set to a known level name.
#[cfg(feature = "std")]
fn max_from_env() -> Option<Level> {
    use std::sync::OnceLock;
    static CAP: OnceLock<Option<Level>> = OnceLock::new();
    *CAP.get_or_init(|| std::env::var("CORE_SIMD_MAX").ok().and_then(|v| v.parse().ok()))
}

#[cfg(not(feature = "std"))]
fn max_from_env() -> Option<Level> {
    None
}

/// BMI2 (`mulx`) and ADX (`adcx`, `adox`), plus AVX2 for the shift kernels.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn bmi2_adx_available() -> bool {
    std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("adx")
        && std::is_x86_feature_detected!("avx2")
}

#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
fn bmi2_adx_available() -> bool {
    cfg!(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        target_feature = "adx",
        target_feature = "avx2"
    ))
}

#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn avx512f_available() -> bool {
    std::is_x86_feature_detected!("avx512f")
}

#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
fn avx512f_available() -> bool {
    cfg!(all(target_arch = "x86_64", target_feature = "avx512f"))
}

/// Per-level entry points to the limb kernels, for tests, benchmarks and fuzz targets.
///
/// Numbers are little-endian `u64` limb slices. Every function returns `None` when `level` is
/// not available on this CPU (see [`Level::is_available`]) or when the slice lengths break the
/// documented contract; it never panics.
#[doc(hidden)]
pub mod __kernels {
    use super::Level;
    use crate::bigint::mpn::kernels::Kernels;

    /// The table of an available level.
    fn table(level: Level) -> Option<&'static Kernels> {
        Kernels::for_level(level)
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
