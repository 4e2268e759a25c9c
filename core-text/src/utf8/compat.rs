//! `simdutf8::compat` under the same names: validation with std's error position.
//!
//! [`Utf8Error`] is the crate's [`utf8::Utf8Error`](super::Utf8Error), whose `valid_up_to`,
//! `error_len`, `Display` and `Debug` are those of `std::str::Utf8Error` and simdutf8's compat
//! error. The vector kernel validates; only on failure does a scalar re-scan of the few bytes
//! around the failing block find the exact position, so valid input costs what
//! [`basic`](super::basic) costs.
//!
//! ```
//! use core_text::utf8::compat::from_utf8;
//! let err = from_utf8(b"ab\xE2\x82").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, None));
//! assert_eq!(err.to_string(), "incomplete utf-8 byte sequence from index 2");
//! ```

pub use super::Utf8Error;

/// Converts bytes to `&str`, with exactly `std::str::from_utf8`'s result on every input.
///
/// # Errors
/// [`Utf8Error`] with std's `valid_up_to` and `error_len` when `input` is not valid UTF-8.
///
/// ```
/// assert_eq!(core_text::utf8::compat::from_utf8(b"\xC3\xA9t\xC3\xA9")?, "été");
/// # Ok::<(), core_text::utf8::compat::Utf8Error>(())
/// ```
#[inline]
pub fn from_utf8(input: &[u8]) -> Result<&str, Utf8Error> {
    super::from_utf8(input)
}

/// Mutable version of [`from_utf8`], like `std::str::from_utf8_mut`.
///
/// # Errors
/// As [`from_utf8`].
///
/// ```
/// let mut bytes = *b"ok\xFF";
/// let err = core_text::utf8::compat::from_utf8_mut(&mut bytes).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
/// ```
#[inline]
pub fn from_utf8_mut(input: &mut [u8]) -> Result<&mut str, Utf8Error> {
    super::from_utf8_mut(input)
}

pub mod imp {
    //! simdutf8's `compat::imp`: validation with std's error, pinned to one level.
    //!
    //! ```
    //! # #[cfg(target_arch = "x86_64")] {
    //! if std::is_x86_feature_detected!("avx2") {
    //!     // SAFETY: AVX2 was detected.
    //!     let err = unsafe { core_text::utf8::compat::imp::x86::avx2::validate_utf8(b"a\xFFb") };
    //!     assert_eq!(err.unwrap_err().valid_up_to(), 1);
    //! }
    //! # }
    //! ```

    /// One level's validation with std's error.
    macro_rules! level_module {
        ($(#[$doc:meta])* $name:ident, $level:expr, $path:literal) => {
            $(#[$doc])*
            pub mod $name {
                use $crate::utf8::compat::Utf8Error;

                /// Validates `input` at this level.
                ///
                /// # Errors
                /// [`Utf8Error`] with std's `valid_up_to` and `error_len` when `input` is not
                /// valid UTF-8.
                ///
                /// # Safety
                /// The CPU has this level's features (if not, the best level it has runs).
                ///
                /// # Examples
                ///
                /// ```
                #[doc = concat!("use core_text::utf8::compat::imp::", $path, "::validate_utf8;")]
                #[doc = concat!("let level = ", stringify!($level), ";")]
                /// if level.is_available() {
                ///     // SAFETY: the CPU runs this level.
                ///     let err = unsafe { validate_utf8(b"ab\xE2\x82z") }.unwrap_err();
                ///     assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(2)));
                ///     // SAFETY: as above.
                ///     assert!(unsafe { validate_utf8("€".as_bytes()) }.is_ok());
                /// }
                /// ```
                pub unsafe fn validate_utf8(input: &[u8]) -> Result<(), Utf8Error> {
                    let kernels = $crate::arch::ops::pinned($level)
                        .unwrap_or_else($crate::arch::ops::best);
                    $crate::utf8::from_utf8_in(kernels, input).map(|_| ())
                }
            }
        };
    }

    level_modules!(level_module);
}
