//! `core-cpu`: the one home of the core-* family's SIMD levels, CPU detection, the
//! `CORE_SIMD_MAX` cap, kernel dispatch tables and vector types.
//!
//! The domain crates (`core-text`, `core-num`, `core-collections`) build on this crate and
//! re-export what their users need ([`Level`], `Backend`), so a user adds one of them and
//! nothing else; this crate is for writing kernels.
//!
//! - [`Level`]: one meaning of `scalar`, `sse2`, `sse4.2`, `avx2`, `avx512`, `neon` across the
//!   family, each level's features ([`Level::features`]) declared once and used both for
//!   `#[target_feature]` and for detection; [`Level::best`] and [`Level::available`] obey
//!   `CORE_SIMD_MAX`, read once; [`Level::from_env`] reports a value that is not a level.
//! - [`Feature`]: optional features beyond a level (ADX, IFMA, F16C, AVX-512 FP16, ...), whose
//!   [`Feature::is_available`] obeys the same cap; [`token`]s prove a feature set by existing.
//! - [`dispatch!`]: a crate's operation table, declared once (names, signatures, one kernel
//!   line per table); it generates the cached entry points, the pinned per-level tables and
//!   the `Ops` trait the public API is written over. [`target_fn!`] stamps one function with
//!   a set's features.
//! - [`vector`]: byte, 16-bit and 32-bit lane vectors at 128 (SSE2, SSE4.2, NEON), 256 (AVX2)
//!   and 512 bits (AVX-512), with table lookups and shuffles.
//!
//! ```
//! use core_cpu::Level;
//! let best = Level::best();
//! assert!(Level::available().any(|l| l == best));
//! assert!(Level::Scalar.is_available());
//! println!("running {best} ({})", best.features());
//! ```
//!
//! Without the `std` feature there is no runtime detection: the level is the best one the
//! compile-time target features allow, and `CORE_SIMD_MAX` is not read.

#![no_std]
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "std")]
extern crate std;

pub mod dispatch;
mod env;
mod features;
mod level;
#[cfg(feature = "std")]
#[doc(hidden)]
pub mod testing;
pub mod token;
pub mod vector;

pub use env::SimdMaxError;
pub use features::{sets, Feature, FeatureSet};
pub use level::{Level, ParseLevelError};
