//! Proof-of-feature tokens: a value of one of these types exists only where kernels may use
//! its feature set (detected, and its level within `CORE_SIMD_MAX`), so a function that takes
//! one can run the set's instructions without repeating the check.
//!
//! ```
//! use core_cpu::token::Avx2;
//! fn kernel(_proof: Avx2, x: u64) -> u32 {
//!     // Sound to call an AVX2-compiled function here: `_proof` exists.
//!     x.count_ones()
//! }
//! if let Some(t) = Avx2::get() {
//!     assert_eq!(kernel(t, 5), 2);
//! }
//! ```

use crate::{sets, FeatureSet, Level};

macro_rules! tokens {
    ($($(#[$doc:meta])* $name:ident: $set:ident at $level:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub struct $name(());

            impl $name {
                /// The feature set the token proves.
                pub const FEATURES: FeatureSet = sets::$set;

                /// The token, when kernels may use the set here: this CPU has every feature
                /// of it and `CORE_SIMD_MAX` allows its level.
                ///
                /// # Examples
                /// ```
                #[doc = concat!("use core_cpu::{token::", stringify!($name), ", Level};")]
                #[doc = concat!("match ", stringify!($name), "::get() {")]
                #[doc = concat!("    Some(_) => assert!(Level::best().includes(Level::", stringify!($level), ")),")]
                #[doc = concat!("    None => assert!(!", stringify!($name), "::FEATURES.is_detected()")]
                #[doc = concat!("        || !Level::best().includes(Level::", stringify!($level), ")),")]
                /// }
                /// ```
                #[inline]
                pub fn get() -> Option<$name> {
                    let ok = Level::best().includes(Level::$level) && sets::$set.is_detected();
                    ok.then_some($name(()))
                }

                /// The token without a check.
                ///
                /// # Safety
                /// The CPU has every feature of [`Self::FEATURES`].
                ///
                /// # Examples
                /// ```
                #[doc = concat!("use core_cpu::{token::", stringify!($name), ", Level};")]
                #[doc = concat!("if ", stringify!($name), "::FEATURES.is_detected() {")]
                ///     // SAFETY: detected just above (this skips the `CORE_SIMD_MAX` check).
                #[doc = concat!("    let token = unsafe { ", stringify!($name), "::new_unchecked() };")]
                ///     // Where the cap allows the level too, `get` hands out the same proof.
                #[doc = concat!("    if Level::best().includes(Level::", stringify!($level), ") {")]
                #[doc = concat!("        assert_eq!(", stringify!($name), "::get(), Some(token));")]
                ///     }
                /// }
                /// ```
                #[inline]
                pub const unsafe fn new_unchecked() -> $name {
                    $name(())
                }
            }
        )*
    };
}

tokens! {
    /// The [`Level::Sse42`] features (x86-64-v2).
    Sse42: SSE42 at Sse42;
    /// The [`Level::Avx2`] features (x86-64-v3).
    Avx2: AVX2 at Avx2;
    /// The [`Level::Avx512`] features.
    Avx512: AVX512 at Avx512;
    /// The [`Level::Avx2`] features plus ADX.
    Avx2Adx: AVX2_ADX at Avx2;
    /// The [`Level::Avx512`] features plus IFMA.
    Avx512Ifma: AVX512_IFMA at Avx512;
    /// NEON (the aarch64 baseline).
    Neon: NEON at Neon;
}
