//! `core-text`: fast UTF-8 and UTF-16 validation, counting and transcoding.
//!
//! Every operation picks the best SIMD implementation for the CPU at run time (AVX2 or SSE2 on
//! x86_64, NEON on aarch64, a portable scalar backend everywhere) and caches the choice, so a
//! call costs one indirect jump on top of the kernel.
//!
//! | module | what |
//! |---|---|
//! | [`utf8`] | `validate`, std-exact `from_utf8`, `utf16_len`, `count_chars`, `to_utf16*` |
//! | [`utf16`] | `validate`, `utf8_len`, `to_utf8`, `to_string`, `to_string_lossy` |
//! | [`latin1`] | ISO-8859-1 to and from UTF-8 and UTF-16 |
//! | [`ascii`] | `is_ascii`, `eq_ignore_case`, `eq_bytes_u16`, `make_upper`, `to_lower`, ... |
//! | [`base64`] | Base64 of every variant: MIME lines, forgiving and in-place decoding, exact errors |
//! | [`search`] | `memchr`-compatible byte search, `memmem`, `ByteSet`/`U16Set`, `LiteralSet`, split, lines, whitespace and trim |
//! | [`arch`] | [`Level`], detection and the `CORE_SIMD_MAX` cap |
//!
//! ```
//! use core_text::{utf16, utf8};
//! let text = "Grüße, 世界! 😀";
//! assert!(utf8::validate(text.as_bytes()));
//! let wide = utf8::to_utf16_vec(text);
//! assert_eq!(wide, text.encode_utf16().collect::<Vec<u16>>());
//! assert_eq!(utf16::to_string(&wide)?, text);
//! # Ok::<(), utf16::Utf16Error>(())
//! ```
//!
//! # Choosing a level
//!
//! The environment variable `CORE_SIMD_MAX` (`scalar`, `sse2`, `avx2`, `avx512`, `neon`) caps
//! the level for the whole process; it is read once. [`Backend`] runs any single available
//! level explicitly, which is how the tests, fuzz targets and benchmarks cover every kernel.
//!
//! # `no_std`
//!
//! The crate is `#![no_std]` with `alloc`. The default `std` feature adds runtime CPU
//! detection, the environment cap and `std::error::Error` impls; without it the level is fixed
//! at compile time from the enabled target features.
#![no_std]
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod arch;
pub mod ascii;
mod backend;
pub mod base64;
mod error;
pub mod latin1;
pub mod search;
pub mod utf16;
pub mod utf8;

pub use arch::Level;
pub use backend::Backend;
pub use error::{BufferTooSmall, TranscodeError};
