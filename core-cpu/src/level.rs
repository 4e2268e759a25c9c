//! [`Level`]: the SIMD levels of the family, their detection and the `CORE_SIMD_MAX` cap.

use crate::features::{sets, FeatureSet};
use core::fmt;

/// A SIMD instruction-set level, with one meaning in every crate of the family.
///
/// Levels are ordered by capability within an architecture; `Scalar` is available
/// everywhere. The x86_64 levels follow the psABI microarchitecture levels, so a level's name
/// says what a CPU needs:
///
/// | level    | `CORE_SIMD_MAX` | needs                                                        |
/// |----------|-----------------|--------------------------------------------------------------|
/// | `Scalar` | `scalar`        | nothing: portable code                                       |
/// | `Sse2`   | `sse2`          | the x86-64 baseline (128-bit SSE2)                           |
/// | `Sse42`  | `sse4.2`        | x86-64-v2: SSE3, SSSE3 (`pshufb`), SSE4.1, SSE4.2, POPCNT   |
/// | `Avx2`   | `avx2`          | x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE   |
/// | `Avx512` | `avx512`        | x86-64-v4 (AVX-512 F, BW, CD, DQ, VL) plus VBMI and VBMI2    |
/// | `Neon`   | `neon`          | the aarch64 baseline (Advanced SIMD)                         |
///
/// Each level's feature set is [`Level::features`]; optional features beyond it (ADX, IFMA,
/// AVX-512 FP16, ...) are asked with [`Feature::is_available`](crate::Feature::is_available),
/// which obeys the same cap.
///
/// # Examples
/// ```
/// use core_cpu::Level;
/// let level: Level = "AVX2".parse().unwrap();
/// assert_eq!(level, Level::Avx2);
/// assert!(level.includes(Level::Sse42));
/// assert!(!level.includes(Level::Avx512));
/// assert!("avx3".parse::<Level>().is_err());
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Portable code, no SIMD. A first-class, tested backend.
    Scalar,
    /// x86_64 baseline: 128-bit SSE2.
    Sse2,
    /// x86_64: 128-bit with SSSE3, SSE4.1, SSE4.2 and POPCNT (x86-64-v2).
    Sse42,
    /// x86_64: 256-bit AVX2 with BMI1, BMI2, F16C, FMA, LZCNT and MOVBE (x86-64-v3).
    Avx2,
    /// x86_64: AVX-512 F/BW/CD/DQ/VL/VBMI/VBMI2 (with the AVX2 level's features).
    Avx512,
    /// aarch64 baseline: 128-bit NEON (Advanced SIMD).
    Neon,
}

/// All levels, in the order they are tried (best first).
const ALL: [Level; 6] =
    [Level::Avx512, Level::Avx2, Level::Sse42, Level::Sse2, Level::Neon, Level::Scalar];

impl Level {
    /// Every level, best first (available here or not).
    pub const ALL: [Level; 6] = ALL;

    /// The level's lower-case name, as accepted by `CORE_SIMD_MAX` and [`str::parse`].
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// assert_eq!(Level::Sse42.name(), "sse4.2");
    /// for level in Level::ALL {
    ///     assert_eq!(level.name().parse::<Level>(), Ok(level));
    /// }
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::Scalar => "scalar",
            Level::Sse2 => "sse2",
            Level::Sse42 => "sse4.2",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
            Level::Neon => "neon",
        }
    }

    /// Rank for capping: scalar < 128-bit baselines (SSE2, NEON) < SSE4.2 < AVX2 < AVX-512.
    const fn rank(self) -> u8 {
        match self {
            Level::Scalar => 0,
            Level::Sse2 | Level::Neon => 1,
            Level::Sse42 => 2,
            Level::Avx2 => 3,
            Level::Avx512 => 4,
        }
    }

    /// Whether a cap of `self` allows `other`: `other` ranks no higher. (`Neon` and `Sse2`
    /// rank alike, so either name caps the other architecture's baseline.)
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// assert!(Level::Avx2.includes(Level::Sse2));
    /// assert!(Level::Avx2.includes(Level::Avx2));
    /// assert!(!Level::Scalar.includes(Level::Sse2));
    /// // A cap of `sse2` also lets NEON through on aarch64.
    /// assert!(Level::Sse2.includes(Level::Neon));
    /// ```
    pub const fn includes(self, other: Level) -> bool {
        other.rank() <= self.rank()
    }

    /// The features the level's kernels are compiled with (and detection must find).
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet, Level};
    /// assert_eq!(Level::Scalar.features(), FeatureSet::EMPTY);
    /// assert!(Level::Avx2.features().contains(FeatureSet::of(Feature::Fma)));
    /// // ADX is optional beyond the level: ask `Feature::is_available` for it.
    /// assert!(!Level::Avx2.features().contains(FeatureSet::of(Feature::Adx)));
    /// ```
    pub const fn features(self) -> FeatureSet {
        match self {
            Level::Scalar => sets::SCALAR,
            Level::Sse2 => sets::SSE2,
            Level::Sse42 => sets::SSE42,
            Level::Avx2 => sets::AVX2,
            Level::Avx512 => sets::AVX512,
            Level::Neon => sets::NEON,
        }
    }

    /// Whether this CPU (and this build) can run the level's kernels, ignoring
    /// `CORE_SIMD_MAX`.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// assert!(Level::Scalar.is_available());
    /// // x86_64 levels and NEON never both run in one process.
    /// assert!(!(Level::Sse2.is_available() && Level::Neon.is_available()));
    /// ```
    pub fn is_available(self) -> bool {
        let arch = match self {
            Level::Scalar => true,
            Level::Sse2 | Level::Sse42 | Level::Avx2 | Level::Avx512 => {
                cfg!(target_arch = "x86_64")
            }
            Level::Neon => cfg!(target_arch = "aarch64"),
        };
        arch && self.features().is_detected()
    }

    /// The best level this process uses: detected once and cached, capped by
    /// `CORE_SIMD_MAX` when that is set to a level name.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// let best = Level::best();
    /// assert!(best.is_available());
    /// // The first of the available levels, cached: asking again gives the same answer.
    /// assert_eq!(Level::available().next(), Some(best));
    /// assert_eq!(Level::best(), best);
    /// ```
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

    /// Every level available on this CPU and allowed by `CORE_SIMD_MAX`, best first: what
    /// tests, fuzz targets and benchmarks loop over.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// let levels: Vec<Level> = Level::available().collect();
    /// // Scalar is always there, and last.
    /// assert_eq!(levels.last(), Some(&Level::Scalar));
    /// assert!(levels.iter().all(|l| l.is_available()));
    /// ```
    pub fn available() -> impl Iterator<Item = Level> {
        let cap = crate::env::cap();
        ALL.into_iter().filter(move |l| cap.is_none_or(|c| c.includes(*l)) && l.is_available())
    }

    /// The `CORE_SIMD_MAX` cap: `Ok(None)` when the variable is unset or empty (or without
    /// the `std` feature), `Ok(Some(level))` for a level name, and the error for anything
    /// else, which the process otherwise ignores after one message on standard error.
    ///
    /// ```
    /// // Tests and CI can insist that the variable, when set, names a level.
    /// let cap = core_cpu::Level::from_env();
    /// assert!(cap.is_ok(), "{}", cap.unwrap_err());
    /// ```
    ///
    /// # Errors
    /// [`SimdMaxError`](crate::SimdMaxError) when the variable is set to an unknown name.
    pub fn from_env() -> Result<Option<Level>, crate::SimdMaxError> {
        crate::env::from_env()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error returned when parsing a [`Level`] name fails; it keeps the start of the text
/// that was refused.
///
/// ```
/// use core_cpu::Level;
///
/// let err = "avx3".parse::<Level>().unwrap_err();
/// assert_eq!(err.input(), "avx3");
/// assert_eq!(
///     err.to_string(),
///     "unknown SIMD level \"avx3\" (expected scalar, sse2, sse4.2, avx2, avx512 or neon)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseLevelError {
    /// The first bytes of the refused text (trimmed), cut at a character boundary.
    input: [u8; ParseLevelError::KEPT],
    len: u8,
}

impl ParseLevelError {
    /// The most bytes of the refused text kept (every level name is shorter).
    const KEPT: usize = 24;

    fn new(s: &str) -> ParseLevelError {
        let mut len = s.len().min(Self::KEPT);
        while !s.is_char_boundary(len) {
            len -= 1;
        }
        let mut input = [0; Self::KEPT];
        input[..len].copy_from_slice(&s.as_bytes()[..len]);
        ParseLevelError { input, len: len as u8 }
    }

    /// The refused text, without surrounding white space, cut to its first 24 bytes.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Level;
    /// let err = "  avx-512\n".parse::<Level>().unwrap_err();
    /// assert_eq!(err.input(), "avx-512");
    /// // Long input is cut to its first 24 bytes.
    /// let err = "x".repeat(100).parse::<Level>().unwrap_err();
    /// assert_eq!(err.input(), "x".repeat(24));
    /// ```
    pub fn input(&self) -> &str {
        // The bytes are a prefix of a `&str` cut at a character boundary (see `new`).
        core::str::from_utf8(&self.input[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown SIMD level {:?} (expected scalar, sse2, sse4.2, avx2, avx512 or neon)",
            self.input()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseLevelError {}

impl core::str::FromStr for Level {
    type Err = ParseLevelError;
    /// A level by its [`name`](Level::name), ignoring ASCII case and surrounding white space.
    ///
    /// # Errors
    ///
    /// [`ParseLevelError`], holding the text, for anything else.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let s = s.trim();
        ALL.into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError::new(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::prelude::rust_2021::*;

    #[test]
    fn names_parse_back() {
        for l in ALL {
            assert_eq!(l.name().parse(), Ok(l));
            assert_eq!(format!(" {} ", l.name().to_uppercase()).parse(), Ok(l));
        }
        assert_eq!("sse4".parse::<Level>().unwrap_err().input(), "sse4");
        assert_eq!(" avx ".parse::<Level>().unwrap_err().input(), "avx");
        let long = "é".repeat(20);
        assert_eq!(long.parse::<Level>().unwrap_err().input(), "é".repeat(12));
    }

    #[test]
    fn levels_nest() {
        assert!(Level::Scalar.is_available());
        assert!(Level::Avx512.includes(Level::Sse2) && !Level::Sse2.includes(Level::Sse42));
        assert!(Level::Sse2.includes(Level::Neon) && Level::Neon.includes(Level::Sse2));
        // A CPU with an x86 level has every x86 level below it.
        let x86 = [Level::Avx512, Level::Avx2, Level::Sse42, Level::Sse2];
        for (i, l) in x86.iter().enumerate() {
            if l.is_available() {
                assert!(x86[i..].iter().all(|m| m.is_available()), "{l}");
            }
        }
        assert_eq!(Level::Sse2.is_available(), cfg!(target_arch = "x86_64"));
        assert_eq!(Level::Neon.is_available(), cfg!(target_arch = "aarch64"));
        let best = Level::best();
        assert_eq!(Level::available().next(), Some(best));
        assert!(Level::available().all(|l| best.includes(l)));
    }
}
