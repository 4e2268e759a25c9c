//! Instruction-set levels, CPU detection and the per-level kernel tables.
//!
//! Every kernel exists once per [`Level`]. The public functions of this crate go through a
//! cached function pointer per operation (see `dispatch.rs`), which starts at a detection
//! function and is replaced by the best kernel on first use. [`Backend`](crate::Backend) lets a
//! caller pin any available level explicitly (tests, benchmarks and fuzz targets loop over
//! [`Level::available`]).
//!
//! The level can be capped for the whole process with the `CORE_SIMD_MAX` environment variable
//! (`scalar`, `sse2`, `avx2`, `avx512`, `neon`), read once. Without the `std` feature there is
//! no runtime detection: the level is the best one the compile-time target features allow.

use crate::utf8::Utf8Error;
use alloc::vec::Vec;
use core::mem::MaybeUninit;
#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
pub(crate) mod dispatch;
pub(crate) mod generic;
pub(crate) mod scalar;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

use core::fmt;

/// A SIMD instruction-set level.
///
/// Levels are ordered by capability within an architecture; `Scalar` is available everywhere.
/// `Avx512` needs AVX-512 F, BW, VL, VBMI and VBMI2 (Intel from Ice Lake, AMD from Zen 4)
/// besides the AVX2 level's features; its transcoders are its own, its other kernels the AVX2
/// algorithms.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Portable code, no SIMD. A first-class, tested backend.
    Scalar,
    /// x86_64 baseline: 128-bit SSE2.
    Sse2,
    /// x86_64: 256-bit AVX2 (with BMI1, BMI2 and POPCNT).
    Avx2,
    /// x86_64: AVX-512 F/BW/VL/VBMI/VBMI2 (with the AVX2 level's features).
    Avx512,
    /// aarch64 baseline: 128-bit NEON (Advanced SIMD).
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
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => x86_64::avx512_available(),
            #[cfg(target_arch = "x86_64")]
            Level::Sse2 => true,
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => x86_64::avx2_available(),
            #[cfg(target_arch = "aarch64")]
            Level::Neon => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The best level this process will use: detected once and cached, capped by
    /// `CORE_SIMD_MAX` when that is set.
    pub fn best() -> Level {
        use core::sync::atomic::{AtomicU8, Ordering};
        static CACHE: AtomicU8 = AtomicU8::new(u8::MAX);
        let cached = CACHE.load(Ordering::Relaxed);
        if let Some(level) = ALL.iter().copied().find(|l| *l as u8 == cached) {
            return level;
        }
        let cap = max_from_env().map_or(u8::MAX, Level::rank);
        let level = ALL
            .iter()
            .copied()
            .find(|l| l.rank() <= cap && l.is_available())
            .unwrap_or(Level::Scalar);
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
    extern crate std;
    use std::sync::OnceLock;
    static CAP: OnceLock<Option<Level>> = OnceLock::new();
    *CAP.get_or_init(|| std::env::var("CORE_SIMD_MAX").ok().and_then(|v| v.parse().ok()))
}

#[cfg(not(feature = "std"))]
fn max_from_env() -> Option<Level> {
    None
}

/// One level's kernels.
///
/// Every field is an `unsafe fn` because the SIMD kernels require their CPU features; a table is
/// only handed out by [`Kernels::for_level`] after the level was found available. Kernels that
/// take already-valid input say so in their own contract (documented on the field).
pub(crate) struct Kernels {
    pub level: Level,
    /// Is the input valid UTF-8?
    pub utf8_validate: unsafe fn(&[u8]) -> bool,
    /// `from_utf8`'s kernel: `None` for valid UTF-8, else std's exact error. The validation
    /// kernel inlined, the error search out of line (see `utf8_error_entry!`).
    pub utf8_error: unsafe fn(&[u8]) -> Option<Utf8Error>,
    /// `Ok(number of UTF-16 units)` for valid UTF-8; on invalid input `Err(resume)`: a char
    /// boundary such that `input[..resume]` is valid, from which a scalar re-scan finds the
    /// first error within a few vectors.
    pub utf8_check: unsafe fn(&[u8]) -> Result<usize, usize>,
    /// The number of bytes that are not UTF-8 continuation bytes (`chars().count()` for a str).
    pub utf8_count_chars: unsafe fn(&[u8]) -> usize,
    /// The UTF-16 length of input already known to be valid UTF-8 (no validation).
    pub utf8_utf16_len_valid: unsafe fn(&[u8]) -> usize,
    /// Is every surrogate in the input correctly paired?
    pub utf16_validate: unsafe fn(&[u16]) -> bool,
    /// `Ok(number of UTF-8 bytes)` for well-formed UTF-16; on error `Err(resume)`: an index not
    /// inside a surrogate pair such that `input[..resume]` is well formed, from which a scalar
    /// re-scan finds the first unpaired surrogate within a few vectors.
    pub utf16_check: unsafe fn(&[u16]) -> Result<usize, usize>,
    /// Transcodes valid UTF-8 to UTF-16, returning the units written.
    /// Contract: the input is valid UTF-8 and `dst` holds at least as many units as it needs.
    pub utf8_to_utf16: unsafe fn(&[u8], &mut [MaybeUninit<u16>]) -> usize,
    /// Transcodes well-formed UTF-16 to UTF-8, returning the bytes written.
    /// Contract: the input is well formed and `dst` holds at least as many bytes as it needs.
    pub utf16_to_utf8: unsafe fn(&[u16], &mut [MaybeUninit<u8>]) -> usize,
}

impl Kernels {
    /// The kernel table for `level`, or `None` when this CPU cannot run it.
    pub(crate) fn for_level(level: Level) -> Option<&'static Kernels> {
        if !level.is_available() {
            return None;
        }
        match level {
            Level::Scalar => Some(&scalar::KERNELS),
            #[cfg(target_arch = "x86_64")]
            Level::Sse2 => Some(&x86_64::sse2::KERNELS),
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => Some(&x86_64::avx2::KERNELS),
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => Some(&x86_64::avx512::KERNELS),
            #[cfg(target_arch = "aarch64")]
            Level::Neon => Some(&aarch64::neon::KERNELS),
            _ => None,
        }
    }

    /// The table of [`Level::best`].
    pub(crate) fn best() -> &'static Kernels {
        Kernels::for_level(Level::best()).unwrap_or(&scalar::KERNELS)
    }
}

/// Stamps out `#[target_feature]` entry points, one per `name = kernel` line, each only
/// reachable through a table handed out after its features were detected.
#[allow(unused_macros)]
macro_rules! entry_points {
    (
        features: $features:literal,
        $($field:ident = $kernel:expr => fn($($arg:ident: $ty:ty),*) -> $ret:ty;)*
    ) => {
        $(
            #[target_feature(enable = $features)]
            #[allow(unused_unsafe)] // some slots hold safe (scalar) functions
            unsafe fn $field($($arg: $ty),*) -> $ret {
                // SAFETY: this entry point is only reachable through the level's table, which
                // `Kernels::for_level` hands out after detecting the features enabled here; the
                // caller upholds the kernel's input contract.
                unsafe { $kernel($($arg),*) }
            }
        )*
    };
}
#[allow(unused_imports)]
pub(crate) use entry_points;

/// Stamps out a level's `utf8_error` entry point (`from_utf8`'s kernel): validation, and only
/// for input it rejects a call to the level's `utf8_check` entry point (defined beside it) and
/// the exact scalar re-scan.
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
    (features: $features:literal, sized: $v:ty) => {
        /// `utf8_error` for inputs of `LO..=HI` bytes.
        ///
        /// # Safety
        /// The level's features are available; `LO <= src.len() <= HI`.
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn utf8_error_sized<const LO: usize, const HI: usize>(
            src: &[u8],
        ) -> Option<$crate::utf8::Utf8Error> {
            // SAFETY: the caller's contract; `utf8_check` has these features too.
            unsafe {
                $crate::arch::generic::utf8_validate::error_sized::<$v, LO, HI>(src, utf8_check)
            }
        }

        #[target_feature(enable = $features)]
        unsafe fn utf8_error(src: &[u8]) -> Option<$crate::utf8::Utf8Error> {
            use $crate::arch::generic::utf8_validate::{SizeClass as C, Sizes};
            type S = Sizes<$v>;
            // SAFETY: the features as for every entry point (see `entry_points!`); each
            // branch passes its copy only lengths inside that copy's class.
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
    };
    (features: $features:literal, whole: $validate:expr) => {
        #[target_feature(enable = $features)]
        unsafe fn utf8_error(src: &[u8]) -> Option<$crate::utf8::Utf8Error> {
            // SAFETY: as for every entry point (see `entry_points!`): these features were
            // detected before the table was handed out; validation accepts any input, and
            // the check entry point beside this one has the same features.
            unsafe {
                if $validate(src) {
                    None
                } else {
                    $crate::utf8::exact_error(src, utf8_check)
                }
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use utf8_error_entry;

/// Stamps out a level's entry points (see `entry_points!`), its `utf8_error` entry point (see
/// `utf8_error_entry!`, whose form the `utf8_error:` line names: `sized(V)` or `whole`) and
/// its [`Kernels`] table.
/// Only entry points are generated here; the algorithms live in `generic/`.
#[allow(unused_macros)]
macro_rules! kernel_table {
    (
        level: $level:expr, features: $features:literal, utf8_error: $form:ident $(($v:ty))?,
        utf8_validate = $validate:expr => fn($src:ident: $src_ty:ty) -> bool;
        $($field:ident = $kernel:expr => fn($($arg:ident: $ty:ty),*) -> $ret:ty;)*
    ) => {
        $crate::arch::entry_points! {
            features: $features,
            utf8_validate = $validate => fn($src: $src_ty) -> bool;
            $($field = $kernel => fn($($arg: $ty),*) -> $ret;)*
        }
        $crate::arch::kernel_table!(@error $form $(($v))?, $features, $validate);
        pub(crate) static KERNELS: $crate::arch::Kernels = $crate::arch::Kernels {
            level: $level,
            utf8_validate,
            utf8_error,
            $($field,)*
        };
    };
    (@error sized($v:ty), $features:literal, $validate:expr) => {
        $crate::arch::utf8_error_entry! { features: $features, sized: $v }
    };
    (@error whole, $features:literal, $validate:expr) => {
        $crate::arch::utf8_error_entry! { features: $features, whole: $validate }
    };
}
#[allow(unused_imports)]
pub(crate) use kernel_table;

/// Implements `Shuffle::byte_run` for a level: a call to a copy of
/// `utf8_to_utf16::byte_run` compiled out of line with the level's features (see the trait
/// method for why).
#[allow(unused_macros)]
macro_rules! byte_run_out_of_line {
    (features: $features:literal, vector: $v:ty) => {
        #[inline(always)]
        unsafe fn byte_run(
            src: &[u8],
            i: usize,
            dst: &mut [core::mem::MaybeUninit<u16>],
            o: usize,
        ) -> (usize, usize) {
            #[target_feature(enable = $features)]
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
