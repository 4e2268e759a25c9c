//! CPU features, the feature sets kernels are compiled with, and their detection.
//!
//! Every feature set is written once, as the string literal in [`__feature_set!`]. That one
//! literal becomes both the `#[target_feature(enable = ...)]` of every kernel compiled for the
//! set ([`target_fn!`](crate::target_fn), the entry points of [`dispatch!`](macro@crate::dispatch))
//! and, parsed at compile time by [`FeatureSet::parse`], the list of features detection must
//! find before a kernel of the set may run. Nothing else names a set's features.
//!
//! ```text
//! set          target     features                                   kernels of
//! scalar       any        (none)                                     Level::Scalar, fallbacks
//! sse2         x86_64     x86-64 baseline                            Level::Sse2
//! sse42        x86_64     x86-64-v2: SSE3, SSSE3, SSE4.1/4.2, POPCNT Level::Sse42
//! avx2         x86_64     x86-64-v3: AVX, AVX2, BMI1/2, F16C, FMA,   Level::Avx2
//!                         LZCNT, MOVBE (and v2)
//! avx512       x86_64     AVX-512 F/BW/CD/DQ/VL (x86-64-v4) plus     Level::Avx512
//!                         VBMI, VBMI2 (and v3)
//! avx2_adx     x86_64     avx2 plus ADX (add-with-carry chains)      big-integer limb kernels
//! avx512_ifma  x86_64     avx512 plus IFMA (52-bit multiply-add)     big-integer NTT
//! neon         aarch64    Advanced SIMD (baseline)                   Level::Neon
//! ```

use core::fmt;

/// Calls `$cb! { cfg: ARCH, features: "LIST"; ARGS }` with the target and feature list of the
/// named set (see the module table); `ARCH` is `any` or a `target_arch` string and `LIST` is
/// `none` for the scalar set. The one place each set's features are written.
#[doc(hidden)]
#[macro_export]
macro_rules! __feature_set {
    (scalar, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! { cfg: any, features: none; $($args)* }
    };
    (sse2, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! { cfg: "x86_64", features: "sse2"; $($args)* }
    };
    (sse42, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! { cfg: "x86_64", features: "sse2,sse3,ssse3,sse4.1,sse4.2,popcnt"; $($args)* }
    };
    (avx2, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! {
            cfg: "x86_64",
            features: "sse2,sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe";
            $($args)*
        }
    };
    (avx512, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! {
            cfg: "x86_64",
            features: "sse2,sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe,\
                       avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx512vbmi,avx512vbmi2";
            $($args)*
        }
    };
    (avx2_adx, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! {
            cfg: "x86_64",
            features: "sse2,sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe,\
                       adx";
            $($args)*
        }
    };
    (avx512_ifma, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! {
            cfg: "x86_64",
            features: "sse2,sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe,\
                       avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,avx512ifma";
            $($args)*
        }
    };
    (neon, [$($cb:tt)*] { $($args:tt)* }) => {
        $($cb)*! { cfg: "aarch64", features: "neon"; $($args)* }
    };
}

/// The [`FeatureSet`] of a named set (see [`__feature_set!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __set_value {
    (cfg: $cfg:tt, features: none;) => {
        $crate::FeatureSet::EMPTY
    };
    (cfg: $cfg:tt, features: $f:literal;) => {
        $crate::FeatureSet::parse($f)
    };
}

/// Stamps a function compiled for a named feature set: `#[target_feature(enable = ...)]` with
/// the set's features, and `#[cfg(target_arch = ...)]` for the set's target (nothing for
/// `scalar`). The function may be `unsafe fn` or, callable safely only from functions with
/// the same features, a plain `fn`.
///
/// ```
/// core_cpu::target_fn!(avx2;
///     /// Counts the set bits of `x` (one `popcnt` at this set).
///     ///
///     /// # Safety
///     /// The CPU has the `avx2` set's features.
///     pub unsafe fn ones(x: u64) -> u32 {
///         x.count_ones()
///     }
/// );
/// #[cfg(target_arch = "x86_64")]
/// if core_cpu::sets::AVX2.is_detected() {
///     // SAFETY: detected just above.
///     assert_eq!(unsafe { ones(0b1011) }, 3);
/// }
/// ```
#[macro_export]
macro_rules! target_fn {
    ($set:ident; $($item:tt)*) => {
        $crate::__feature_set!($set, [$crate::__target_fn] { $($item)* });
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __target_fn {
    (cfg: any, features: none; $($item:tt)*) => {
        $($item)*
    };
    (cfg: $cfg:literal, features: $f:literal;
        $(#[$m:meta])* $vis:vis unsafe fn $($rest:tt)*) => {
        #[cfg(target_arch = $cfg)]
        $(#[$m])*
        #[target_feature(enable = $f)]
        $vis unsafe fn $($rest)*
    };
    (cfg: $cfg:literal, features: $f:literal;
        $(#[$m:meta])* $vis:vis fn $($rest:tt)*) => {
        #[cfg(target_arch = $cfg)]
        $(#[$m])*
        #[target_feature(enable = $f)]
        $vis fn $($rest)*
    };
}

macro_rules! features {
    ($($(#[$doc:meta])* $name:ident = $s:tt ($arch:tt),)*) => {
        /// A CPU feature that a kernel may need.
        ///
        /// Names are Rust's `target_feature` names. [`Feature::is_detected`] asks the CPU;
        /// [`Feature::is_available`] also obeys `CORE_SIMD_MAX`.
        ///
        /// # Examples
        /// ```
        /// use core_cpu::{Feature, Level};
        /// assert_eq!(Feature::Fma.name(), "fma");
        /// assert_eq!(Feature::Fma.min_level(), Level::Avx2);
        /// // What a kernel may use is detected *and* allowed by the cap.
        /// if Feature::Fma.is_available() {
        ///     assert!(Feature::Fma.is_detected());
        /// }
        /// ```
        #[non_exhaustive]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Feature {
            $($(#[$doc])* $name,)*
        }

        impl Feature {
            /// Every feature, in declaration order.
            pub const ALL: &'static [Feature] = &[$(Feature::$name,)*];

            /// The `target_feature` name.
            ///
            /// # Examples
            /// ```
            /// use core_cpu::Feature;
            /// assert_eq!(Feature::Sse41.name(), "sse4.1");
            /// assert_eq!(Feature::Avx512ifma.to_string(), "avx512ifma");
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(Feature::$name => $s,)*
                }
            }

            /// Whether this CPU has the feature (and, without the `std` feature, whether the
            /// build enables it), ignoring `CORE_SIMD_MAX`.
            #[allow(unreachable_code)]
            fn detect(self) -> bool {
                match self {
                    $(Feature::$name => {
                        #[cfg(all(target_arch = $arch, feature = "std"))]
                        return $crate::__detect!($s);
                        #[cfg(all(target_arch = $arch, not(feature = "std")))]
                        return cfg!(target_feature = $s);
                        false
                    })*
                }
            }
        }
    };
}

/// Runtime detection of one feature of this target (names arrive as plain tokens, so the
/// standard library's macros match them).
#[cfg(target_arch = "x86_64")]
#[doc(hidden)]
#[macro_export]
macro_rules! __detect {
    ($s:tt) => {
        std::arch::is_x86_feature_detected!($s)
    };
}

/// Runtime detection of one feature of this target.
#[cfg(target_arch = "aarch64")]
#[doc(hidden)]
#[macro_export]
macro_rules! __detect {
    ($s:tt) => {
        std::arch::is_aarch64_feature_detected!($s)
    };
}

features! {
    /// SSE2 (x86-64 baseline).
    Sse2 = "sse2" ("x86_64"),
    /// SSE3.
    Sse3 = "sse3" ("x86_64"),
    /// SSSE3: `pshufb`, `palignr`, `pmaddubsw`.
    Ssse3 = "ssse3" ("x86_64"),
    /// SSE4.1: `pblendvb`, `ptest`, `pminud`, `pmovzx`.
    Sse41 = "sse4.1" ("x86_64"),
    /// SSE4.2: `pcmpistri`, `crc32`.
    Sse42 = "sse4.2" ("x86_64"),
    /// POPCNT.
    Popcnt = "popcnt" ("x86_64"),
    /// AVX.
    Avx = "avx" ("x86_64"),
    /// AVX2.
    Avx2 = "avx2" ("x86_64"),
    /// BMI1: `tzcnt`, `andn`, `blsr`.
    Bmi1 = "bmi1" ("x86_64"),
    /// BMI2: `pext`, `pdep`, `bzhi`, `mulx`.
    Bmi2 = "bmi2" ("x86_64"),
    /// F16C: half-precision conversions.
    F16c = "f16c" ("x86_64"),
    /// FMA3: fused multiply-add.
    Fma = "fma" ("x86_64"),
    /// LZCNT.
    Lzcnt = "lzcnt" ("x86_64"),
    /// MOVBE.
    Movbe = "movbe" ("x86_64"),
    /// ADX: `adcx`, `adox`.
    Adx = "adx" ("x86_64"),
    /// AVX-512 Foundation.
    Avx512f = "avx512f" ("x86_64"),
    /// AVX-512 byte and word lanes.
    Avx512bw = "avx512bw" ("x86_64"),
    /// AVX-512 conflict detection.
    Avx512cd = "avx512cd" ("x86_64"),
    /// AVX-512 doubleword and quadword lanes.
    Avx512dq = "avx512dq" ("x86_64"),
    /// AVX-512 at 128 and 256 bits.
    Avx512vl = "avx512vl" ("x86_64"),
    /// AVX-512 byte permutes (`vpermb`, `vpermt2b`).
    Avx512vbmi = "avx512vbmi" ("x86_64"),
    /// AVX-512 byte compress/expand and double shifts.
    Avx512vbmi2 = "avx512vbmi2" ("x86_64"),
    /// AVX-512 52-bit integer multiply-add.
    Avx512ifma = "avx512ifma" ("x86_64"),
    /// AVX-512 half-precision arithmetic.
    Avx512fp16 = "avx512fp16" ("x86_64"),
    /// AArch64 Advanced SIMD (baseline).
    Neon = "neon" ("aarch64"),
    /// AArch64 half-precision arithmetic.
    Fp16 = "fp16" ("aarch64"),
}

impl Feature {
    /// The lowest [`Level`](crate::Level) whose kernels may use the feature: `CORE_SIMD_MAX`
    /// below it hides the feature (VEX- and EVEX-encoded instructions belong to the AVX2 and
    /// AVX-512 levels, POPCNT and the SSE4 family to `sse4.2`).
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, Level};
    /// assert_eq!(Feature::Popcnt.min_level(), Level::Sse42);
    /// assert_eq!(Feature::Adx.min_level(), Level::Avx2);
    /// assert_eq!(Feature::Avx512fp16.min_level(), Level::Avx512);
    /// assert_eq!(Feature::Fp16.min_level(), Level::Neon);
    /// ```
    pub const fn min_level(self) -> crate::Level {
        use crate::Level;
        match self {
            Feature::Sse2 => Level::Sse2,
            Feature::Sse3 | Feature::Ssse3 | Feature::Sse41 | Feature::Sse42 | Feature::Popcnt => {
                Level::Sse42
            }
            Feature::Avx
            | Feature::Avx2
            | Feature::Bmi1
            | Feature::Bmi2
            | Feature::F16c
            | Feature::Fma
            | Feature::Lzcnt
            | Feature::Movbe
            | Feature::Adx => Level::Avx2,
            Feature::Avx512f
            | Feature::Avx512bw
            | Feature::Avx512cd
            | Feature::Avx512dq
            | Feature::Avx512vl
            | Feature::Avx512vbmi
            | Feature::Avx512vbmi2
            | Feature::Avx512ifma
            | Feature::Avx512fp16 => Level::Avx512,
            Feature::Neon | Feature::Fp16 => Level::Neon,
        }
    }

    /// Whether this CPU has the feature, ignoring `CORE_SIMD_MAX` (detected once per process).
    ///
    /// # Examples
    /// ```
    /// use core_cpu::Feature;
    /// // SSE2 is part of every x86_64 CPU; NEON belongs to another architecture.
    /// #[cfg(target_arch = "x86_64")]
    /// {
    ///     assert!(Feature::Sse2.is_detected());
    ///     assert!(!Feature::Neon.is_detected());
    /// }
    /// ```
    pub fn is_detected(self) -> bool {
        detected().contains(FeatureSet::of(self))
    }

    /// Whether kernels may use the feature here: detected, and [`Feature::min_level`] within
    /// the process's cap ([`Level::best`](crate::Level::best) is at least that level).
    ///
    /// ```
    /// use core_cpu::{Feature, Level};
    /// if Feature::Adx.is_available() {
    ///     assert!(Level::best().includes(Level::Avx2));
    /// }
    /// ```
    pub fn is_available(self) -> bool {
        self.is_detected() && crate::Level::best().includes(self.min_level())
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Feature`]s (a bit set).
///
/// # Examples
/// ```
/// use core_cpu::{Feature, FeatureSet, Level};
/// let set = FeatureSet::parse("fma, avx2");
/// assert!(set.contains(FeatureSet::of(Feature::Fma)));
/// assert!(Level::Avx2.features().contains(set));
/// // Printed in declaration order, whatever the order parsed.
/// assert_eq!(set.to_string(), "avx2,fma");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FeatureSet(u64);

impl FeatureSet {
    /// No features.
    pub const EMPTY: FeatureSet = FeatureSet(0);

    /// The set holding `f` alone.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet};
    /// let set = FeatureSet::of(Feature::Bmi2);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Feature::Bmi2]);
    /// assert!(!set.contains(FeatureSet::of(Feature::Bmi1)));
    /// ```
    pub const fn of(f: Feature) -> FeatureSet {
        FeatureSet(1 << f as u8)
    }

    /// The features named in a comma-separated `target_feature` list.
    ///
    /// # Panics
    /// On a name that is not a [`Feature`]; used in constants, that is a compile error.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet};
    /// const SET: FeatureSet = FeatureSet::parse("sse2,popcnt");
    /// assert_eq!(SET, FeatureSet::of(Feature::Sse2).union(FeatureSet::of(Feature::Popcnt)));
    /// assert_eq!(FeatureSet::parse(""), FeatureSet::EMPTY);
    /// // An unknown name panics (at run time here; in a constant it fails the build).
    /// let name = std::hint::black_box("avx3");
    /// assert!(std::panic::catch_unwind(|| FeatureSet::parse(name)).is_err());
    /// ```
    pub const fn parse(list: &str) -> FeatureSet {
        let b = list.as_bytes();
        let (mut set, mut start, mut i) = (0u64, 0, 0);
        while i <= b.len() {
            if i == b.len() || b[i] == b',' {
                let (name, _) = b.split_at(i);
                let (_, name) = name.split_at(start);
                let name = trim(name);
                if !name.is_empty() {
                    set |= FeatureSet::of(find(name)).0;
                }
                start = i + 1;
            }
            i += 1;
        }
        FeatureSet(set)
    }

    /// Whether every feature of `other` is in `self`.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{FeatureSet, Level};
    /// assert!(Level::Avx512.features().contains(Level::Avx2.features()));
    /// assert!(!Level::Sse2.features().contains(Level::Sse42.features()));
    /// assert!(Level::Sse2.features().contains(FeatureSet::EMPTY));
    /// ```
    pub const fn contains(self, other: FeatureSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// The features of both.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet, Level};
    /// let adx = FeatureSet::of(Feature::Adx);
    /// let set = Level::Avx2.features().union(adx);
    /// assert!(set.contains(adx) && set.contains(Level::Avx2.features()));
    /// assert_eq!(set.iter().count(), Level::Avx2.features().iter().count() + 1);
    /// ```
    pub const fn union(self, other: FeatureSet) -> FeatureSet {
        FeatureSet(self.0 | other.0)
    }

    /// Whether this CPU has every feature of the set (ignoring `CORE_SIMD_MAX`).
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet};
    /// assert!(FeatureSet::EMPTY.is_detected());
    /// // No CPU has the baselines of two architectures.
    /// let both = FeatureSet::of(Feature::Sse2).union(FeatureSet::of(Feature::Neon));
    /// assert!(!both.is_detected());
    /// ```
    pub fn is_detected(self) -> bool {
        detected().contains(self)
    }

    /// The features, in [`Feature::ALL`] order.
    ///
    /// # Examples
    /// ```
    /// use core_cpu::{Feature, FeatureSet};
    /// let names: Vec<&str> = FeatureSet::parse("popcnt,sse2").iter().map(Feature::name).collect();
    /// assert_eq!(names, ["sse2", "popcnt"]);
    /// assert_eq!(FeatureSet::EMPTY.iter().next(), None);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.iter().copied().filter(move |&f| self.contains(FeatureSet::of(f)))
    }
}

impl fmt::Debug for FeatureSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for FeatureSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, feature) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(feature.name())?;
        }
        Ok(())
    }
}

/// `name` without surrounding white space (the set literals wrap lines).
const fn trim(mut name: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = name {
        if !first.is_ascii_whitespace() {
            break;
        }
        name = rest;
    }
    while let [rest @ .., last] = name {
        if !last.is_ascii_whitespace() {
            break;
        }
        name = rest;
    }
    name
}

/// The feature named `name`.
const fn find(name: &[u8]) -> Feature {
    let mut i = 0;
    while i < Feature::ALL.len() {
        let f = Feature::ALL[i];
        if eq(f.name().as_bytes(), name) {
            return f;
        }
        i += 1;
    }
    panic!("unknown target feature name in a feature set");
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The features this CPU has (every [`Feature`] asked once, then cached).
fn detected() -> FeatureSet {
    use core::sync::atomic::{AtomicU64, Ordering};
    // Bit 63 marks the cache as filled (no feature uses it).
    const FILLED: u64 = 1 << 63;
    static CACHE: AtomicU64 = AtomicU64::new(0);
    let cached = CACHE.load(Ordering::Relaxed);
    if cached & FILLED != 0 {
        return FeatureSet(cached & !FILLED);
    }
    let mut set = 0;
    for &f in Feature::ALL {
        if f.detect() {
            set |= FeatureSet::of(f).0;
        }
    }
    CACHE.store(set | FILLED, Ordering::Relaxed);
    FeatureSet(set)
}

/// The named feature sets, as values (see the module table).
pub mod sets {
    use super::FeatureSet;

    /// No features: portable code.
    pub const SCALAR: FeatureSet = crate::__feature_set!(scalar, [crate::__set_value] {});
    /// The x86-64 baseline.
    pub const SSE2: FeatureSet = crate::__feature_set!(sse2, [crate::__set_value] {});
    /// x86-64-v2.
    pub const SSE42: FeatureSet = crate::__feature_set!(sse42, [crate::__set_value] {});
    /// x86-64-v3.
    pub const AVX2: FeatureSet = crate::__feature_set!(avx2, [crate::__set_value] {});
    /// x86-64-v4 plus VBMI and VBMI2.
    pub const AVX512: FeatureSet = crate::__feature_set!(avx512, [crate::__set_value] {});
    /// [`AVX2`] plus ADX.
    pub const AVX2_ADX: FeatureSet = crate::__feature_set!(avx2_adx, [crate::__set_value] {});
    /// [`AVX512`] plus IFMA.
    pub const AVX512_IFMA: FeatureSet = crate::__feature_set!(avx512_ifma, [crate::__set_value] {});
    /// AArch64 Advanced SIMD.
    pub const NEON: FeatureSet = crate::__feature_set!(neon, [crate::__set_value] {});

    // Each level's set holds the one below it: a kernel of a higher level may call one of a
    // lower level.
    const _: () = assert!(SSE42.contains(SSE2) && AVX2.contains(SSE42) && AVX512.contains(AVX2));
    const _: () = assert!(AVX2_ADX.contains(AVX2) && AVX512_IFMA.contains(AVX512));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    #[test]
    fn names_round_trip_and_sets_parse() {
        for &f in Feature::ALL {
            assert_eq!(FeatureSet::parse(f.name()), FeatureSet::of(f));
        }
        let s = FeatureSet::parse(" avx2 ,bmi2,\n adx");
        assert_eq!(s.iter().collect::<Vec<_>>(), [Feature::Avx2, Feature::Bmi2, Feature::Adx]);
        assert_eq!(s.to_string(), "avx2,bmi2,adx");
        assert_eq!(FeatureSet::parse(""), FeatureSet::EMPTY);
    }

    #[test]
    #[should_panic(expected = "unknown target feature")]
    fn unknown_names_are_rejected() {
        let _ = FeatureSet::parse("avx2,avx3");
    }

    #[test]
    fn detection_agrees_with_std() {
        for &f in Feature::ALL {
            #[cfg(target_arch = "x86_64")]
            if f.min_level() != crate::Level::Neon {
                let std = match f {
                    Feature::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
                    Feature::Adx => std::arch::is_x86_feature_detected!("adx"),
                    Feature::Avx512vbmi2 => std::arch::is_x86_feature_detected!("avx512vbmi2"),
                    Feature::Sse2 => true,
                    _ => f.is_detected(),
                };
                assert_eq!(f.is_detected(), std, "{f}");
            } else {
                assert!(!f.is_detected(), "{f}");
            }
            #[cfg(target_arch = "aarch64")]
            if f == Feature::Neon {
                assert!(f.is_detected());
            }
        }
    }
}
