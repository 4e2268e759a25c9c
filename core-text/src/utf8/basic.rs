//! `simdutf8::basic` under the same names: validation that only says valid or not.
//!
//! [`from_utf8`] and [`from_utf8_mut`] answer with a zero-sized [`Utf8Error`], which costs
//! nothing to return; when the position of the error matters, [`compat`](super::compat) gives
//! std's. Both run [`validate`](super::validate), so the level is picked at run time as for
//! every other function of the crate.
//!
//! [`imp`] has simdutf8's streaming validators, [`imp::Utf8Validator`] (input in pieces of any
//! size) and [`imp::ChunkedUtf8Validator`] (pieces of whole 64-byte blocks), one per level in
//! the modules simdutf8 uses (`imp::x86::avx2`, `imp::x86::sse42`, `imp::aarch64::neon`), plus
//! `imp::x86::avx512`. Moving from simdutf8 is a change of the `use` lines:
//!
//! ```
//! use core_text::utf8::basic::from_utf8;
//! assert_eq!(from_utf8(b"d\xC3\xA9j\xC3\xA0")?, "déjà");
//! assert!(from_utf8(b"\xC3(").is_err());
//! # Ok::<(), core_text::utf8::basic::Utf8Error>(())
//! ```

use core::fmt;

/// Invalid UTF-8, and nothing more: zero-sized, so a `Result` of it is as cheap as a `bool`.
///
/// For the position of the error use [`compat::from_utf8`](super::compat::from_utf8).
///
/// # Examples
///
/// ```
/// use core_text::utf8::{basic, compat};
/// let bad = b"ab\xff";
/// assert_eq!(basic::from_utf8(bad), Err(basic::Utf8Error));
/// assert_eq!(basic::Utf8Error.to_string(), "invalid utf-8 sequence");
/// // The same input through `compat` says where.
/// assert_eq!(compat::from_utf8(bad).unwrap_err().valid_up_to(), 2);
/// assert_eq!(std::mem::size_of::<basic::Utf8Error>(), 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Error;

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid utf-8 sequence")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf8Error {}

/// Converts bytes to `&str` like `std::str::from_utf8`, with an error that says nothing.
///
/// # Errors
/// [`Utf8Error`] when `input` is not valid UTF-8.
///
/// ```
/// let s = core_text::utf8::basic::from_utf8("naïve".as_bytes())?;
/// assert_eq!(s.chars().count(), 5);
/// # Ok::<(), core_text::utf8::basic::Utf8Error>(())
/// ```
#[inline]
pub fn from_utf8(input: &[u8]) -> Result<&str, Utf8Error> {
    if super::validate(input) {
        // SAFETY: just validated.
        Ok(unsafe { core::str::from_utf8_unchecked(input) })
    } else {
        Err(Utf8Error)
    }
}

/// Mutable version of [`from_utf8`], like `std::str::from_utf8_mut`.
///
/// # Errors
/// [`Utf8Error`] when `input` is not valid UTF-8.
///
/// ```
/// let mut bytes = *b"abc";
/// core_text::utf8::basic::from_utf8_mut(&mut bytes)?.make_ascii_uppercase();
/// assert_eq!(&bytes, b"ABC");
/// # Ok::<(), core_text::utf8::basic::Utf8Error>(())
/// ```
#[inline]
pub fn from_utf8_mut(input: &mut [u8]) -> Result<&mut str, Utf8Error> {
    if super::validate(input) {
        // SAFETY: just validated.
        Ok(unsafe { core::str::from_utf8_unchecked_mut(input) })
    } else {
        Err(Utf8Error)
    }
}

pub mod imp {
    //! simdutf8's `basic::imp`: streaming validators and validation pinned to one level.
    //!
    //! A validator keeps at most three bytes between calls: the start of a character that the
    //! piece ended inside. Each `update` completes that character from the new piece and
    //! checks it alone, then validates the rest of the piece with the level's kernel up to
    //! the last character boundary, and keeps what follows it. The first invalid byte sets a
    //! flag that later calls only test, so an error costs nothing more to carry.
    //!
    //! The trait methods are `unsafe` as in simdutf8 (the caller promises the CPU has the
    //! module's features). Here a broken promise is not undefined behaviour: a validator
    //! made on a CPU without its level runs the best level the CPU has.
    //!
    //! ```
    //! # #[cfg(target_arch = "x86_64")] {
    //! use core_text::utf8::basic::imp::{ChunkedUtf8Validator, Utf8Validator};
    //! use core_text::utf8::basic::imp::x86::sse42;
    //! let text = "Grüße, 世界! 😀".repeat(20);
    //! if std::is_x86_feature_detected!("sse4.2") {
    //!     // SAFETY: SSE4.2 was detected.
    //!     unsafe {
    //!         let mut v = sse42::Utf8ValidatorImp::new();
    //!         for piece in text.as_bytes().chunks(7) {
    //!             v.update(piece);
    //!         }
    //!         assert!(v.finalize().is_ok());
    //!         let (blocks, rest) = text.as_bytes().split_at(text.len() / 64 * 64);
    //!         let mut c = sse42::ChunkedUtf8ValidatorImp::new();
    //!         c.update_from_chunks(blocks);
    //!         assert!(c.finalize(Some(rest)).is_ok());
    //!     }
    //! }
    //! # }
    //! ```

    use super::Utf8Error;
    use crate::arch::ops::{self, Pinned};
    use crate::arch::Level;

    /// Validation of UTF-8 given in pieces of any size, answered at the end.
    ///
    /// Only [`finalize`](Utf8Validator::finalize) says whether the input was valid.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8::basic::imp::Utf8Validator;
    /// // Generic code over any level's validator; the caller vouches for the CPU.
    /// unsafe fn pieces_valid<V: Utf8Validator>(pieces: &[&[u8]]) -> bool {
    ///     let mut v = unsafe { V::new() };
    ///     pieces.iter().for_each(|p| unsafe { v.update(p) });
    ///     unsafe { v.finalize() }.is_ok()
    /// }
    /// #[cfg(target_arch = "x86_64")]
    /// if std::is_x86_feature_detected!("sse4.2") {
    ///     use core_text::utf8::basic::imp::x86::sse42::Utf8ValidatorImp as V;
    ///     // SAFETY: SSE4.2 was detected. "é" is split across the two pieces.
    ///     assert!(unsafe { pieces_valid::<V>(&[b"caf\xc3", b"\xa9"]) });
    ///     assert!(!unsafe { pieces_valid::<V>(&[b"caf\xc3"]) }); // cut short
    /// }
    /// ```
    pub trait Utf8Validator {
        /// A validator at the start of the input.
        ///
        /// # Safety
        /// The CPU has the features of the module the implementation belongs to.
        #[must_use]
        unsafe fn new() -> Self
        where
            Self: Sized;

        /// Feeds the next piece of the input.
        ///
        /// # Safety
        /// As for [`new`](Utf8Validator::new).
        unsafe fn update(&mut self, input: &[u8]);

        /// Ends the input.
        ///
        /// # Errors
        /// [`Utf8Error`] when the pieces together are not valid UTF-8 (a character left
        /// unfinished by the last piece included).
        ///
        /// # Safety
        /// As for [`new`](Utf8Validator::new).
        unsafe fn finalize(self) -> Result<(), Utf8Error>;
    }

    /// Validation of UTF-8 given in pieces of whole 64-byte blocks, with a last piece of any
    /// size at the end.
    ///
    /// simdutf8 requires the pieces to be multiples of 64 bytes (and panics otherwise); these
    /// validators accept any size, so code written for either runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8::basic::imp::ChunkedUtf8Validator;
    /// unsafe fn blocks_valid<V: ChunkedUtf8Validator>(text: &[u8]) -> bool {
    ///     let (blocks, rest) = text.split_at(text.len() / 64 * 64);
    ///     let mut v = unsafe { V::new() };
    ///     unsafe { v.update_from_chunks(blocks) };
    ///     unsafe { v.finalize(Some(rest)) }.is_ok()
    /// }
    /// #[cfg(target_arch = "x86_64")]
    /// if std::is_x86_feature_detected!("sse4.2") {
    ///     use core_text::utf8::basic::imp::x86::sse42::ChunkedUtf8ValidatorImp as V;
    ///     // SAFETY: SSE4.2 was detected.
    ///     assert!(unsafe { blocks_valid::<V>("ünïcödé ".repeat(30).as_bytes()) });
    ///     assert!(!unsafe { blocks_valid::<V>(&[b'a', 0xC0, 0x80]) }); // an overlong form
    /// }
    /// ```
    pub trait ChunkedUtf8Validator {
        /// A validator at the start of the input.
        ///
        /// # Safety
        /// The CPU has the features of the module the implementation belongs to.
        #[must_use]
        unsafe fn new() -> Self
        where
            Self: Sized;

        /// Feeds the next piece of the input (for simdutf8, a multiple of 64 bytes).
        ///
        /// # Safety
        /// As for [`new`](ChunkedUtf8Validator::new).
        unsafe fn update_from_chunks(&mut self, input: &[u8]);

        /// Feeds `remaining_input`, if any, and ends the input.
        ///
        /// # Errors
        /// [`Utf8Error`] when the pieces together are not valid UTF-8.
        ///
        /// # Safety
        /// As for [`new`](ChunkedUtf8Validator::new).
        unsafe fn finalize(self, remaining_input: Option<&[u8]>) -> Result<(), Utf8Error>;
    }

    /// The state both validators share.
    #[derive(Clone, Copy, Debug)]
    struct Stream {
        kernels: Pinned,
        /// The start of a character the last piece ended inside.
        pending: [u8; 4],
        pending_len: usize,
        failed: bool,
    }

    /// The length of the sequence `lead` starts, as far as the validators need it: 1 for
    /// ASCII and for bytes that start nothing (the kernel rejects those).
    #[inline]
    fn sequence_len(lead: u8) -> usize {
        match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        }
    }

    /// Where the character that `piece` ends inside starts (`piece.len()` when it ends on a
    /// boundary or with an error the kernel will see).
    #[inline]
    fn unfinished_start(piece: &[u8]) -> usize {
        let n = piece.len();
        for back in 1..=n.min(3) {
            let b = piece[n - back];
            if b & 0xC0 != 0x80 {
                return if sequence_len(b) > back { n - back } else { n };
            }
        }
        n
    }

    impl Stream {
        fn new(level: Level) -> Stream {
            Stream {
                // A caller that broke the CPU promise gets the best level instead.
                kernels: ops::pinned(level).unwrap_or_else(ops::best),
                pending: [0; 4],
                pending_len: 0,
                failed: false,
            }
        }

        fn update(&mut self, mut input: &[u8]) {
            if self.failed {
                return;
            }
            if self.pending_len > 0 {
                let need = sequence_len(self.pending[0]);
                let take = (need - self.pending_len).min(input.len());
                self.pending[self.pending_len..self.pending_len + take]
                    .copy_from_slice(&input[..take]);
                self.pending_len += take;
                input = &input[take..];
                if self.pending_len < need {
                    return;
                }
                self.pending_len = 0;
                if core::str::from_utf8(&self.pending[..need]).is_err() {
                    self.failed = true;
                    return;
                }
            }
            let cut = unfinished_start(input);
            if !crate::utf8::validate_in(self.kernels, &input[..cut]) {
                self.failed = true;
                return;
            }
            let rest = &input[cut..];
            self.pending[..rest.len()].copy_from_slice(rest);
            self.pending_len = rest.len();
        }

        fn finalize(self) -> Result<(), Utf8Error> {
            if self.failed || self.pending_len > 0 {
                Err(Utf8Error)
            } else {
                Ok(())
            }
        }
    }

    /// One level's validators and its one-shot validation.
    macro_rules! level_module {
        ($(#[$doc:meta])* $name:ident, $level:expr, $path:literal) => {
            $(#[$doc])*
            pub mod $name {
                use $crate::utf8::basic::imp::{ChunkedUtf8Validator, Stream, Utf8Validator};
                use $crate::utf8::basic::Utf8Error;

                /// Validates `input` at this level.
                ///
                /// # Errors
                /// [`Utf8Error`] when `input` is not valid UTF-8.
                ///
                /// # Safety
                /// The CPU has this level's features (if not, the best level it has runs).
                ///
                /// # Examples
                ///
                /// ```
                #[doc = concat!("use core_text::utf8::basic::imp::", $path, "::validate_utf8;")]
                #[doc = concat!("let level = ", stringify!($level), ";")]
                /// if level.is_available() {
                ///     // SAFETY: the CPU runs this level.
                ///     unsafe {
                ///         assert!(validate_utf8("Grüße".as_bytes()).is_ok());
                ///         assert!(validate_utf8(b"caf\xC3").is_err());
                ///     }
                /// }
                /// ```
                pub unsafe fn validate_utf8(input: &[u8]) -> Result<(), Utf8Error> {
                    let kernels = $crate::arch::ops::pinned($level)
                        .unwrap_or_else($crate::arch::ops::best);
                    if $crate::utf8::validate_in(kernels, input) {
                        Ok(())
                    } else {
                        Err(Utf8Error)
                    }
                }

                /// [`Utf8Validator`] at this level.
                ///
                /// # Examples
                ///
                /// ```
                /// use core_text::utf8::basic::imp::Utf8Validator;
                #[doc = concat!("use core_text::utf8::basic::imp::", $path, "::Utf8ValidatorImp;")]
                #[doc = concat!("let level = ", stringify!($level), ";")]
                /// if level.is_available() {
                ///     // SAFETY: the CPU runs this level.
                ///     unsafe {
                ///         let mut v = Utf8ValidatorImp::new();
                ///         v.update(b"caf\xC3");
                ///         v.update(b"\xA9");
                ///         assert!(v.finalize().is_ok());
                ///         let mut v = Utf8ValidatorImp::new();
                ///         v.update(b"caf\xC3");
                ///         assert!(v.finalize().is_err(), "the input ends inside a character");
                ///     }
                /// }
                /// ```
                #[derive(Clone, Copy, Debug)]
                pub struct Utf8ValidatorImp(Stream);

                impl Utf8Validator for Utf8ValidatorImp {
                    unsafe fn new() -> Self {
                        Utf8ValidatorImp(Stream::new($level))
                    }
                    unsafe fn update(&mut self, input: &[u8]) {
                        self.0.update(input)
                    }
                    unsafe fn finalize(self) -> Result<(), Utf8Error> {
                        self.0.finalize()
                    }
                }

                /// [`ChunkedUtf8Validator`] at this level.
                ///
                /// # Examples
                ///
                /// ```
                /// use core_text::utf8::basic::imp::ChunkedUtf8Validator;
                #[doc = concat!("use core_text::utf8::basic::imp::", $path, "::ChunkedUtf8ValidatorImp;")]
                #[doc = concat!("let level = ", stringify!($level), ";")]
                /// if level.is_available() {
                ///     let text = "0123456789abcdef".repeat(4) + "Grüße";
                ///     // SAFETY: the CPU runs this level.
                ///     unsafe {
                ///         let mut v = ChunkedUtf8ValidatorImp::new();
                ///         v.update_from_chunks(&text.as_bytes()[..64]);
                ///         assert!(v.finalize(Some(&text.as_bytes()[64..])).is_ok());
                ///         let mut v = ChunkedUtf8ValidatorImp::new();
                ///         v.update_from_chunks(&text.as_bytes()[..64]);
                ///         assert!(v.finalize(Some(b"\xFF")).is_err());
                ///     }
                /// }
                /// ```
                #[derive(Clone, Copy, Debug)]
                pub struct ChunkedUtf8ValidatorImp(Stream);

                impl ChunkedUtf8Validator for ChunkedUtf8ValidatorImp {
                    unsafe fn new() -> Self {
                        ChunkedUtf8ValidatorImp(Stream::new($level))
                    }
                    unsafe fn update_from_chunks(&mut self, input: &[u8]) {
                        self.0.update(input)
                    }
                    unsafe fn finalize(
                        mut self,
                        remaining_input: Option<&[u8]>,
                    ) -> Result<(), Utf8Error> {
                        if let Some(rest) = remaining_input {
                            self.0.update(rest);
                        }
                        self.0.finalize()
                    }
                }
            }
        };
    }

    level_modules!(level_module);

    /// Validators and validation at any [`Level`] this CPU runs, for code that tests them
    /// all.
    ///
    /// ```
    /// use core_text::utf8::basic::imp::for_level;
    /// for level in core_text::Level::available() {
    ///     let mut v = for_level(level).expect("available");
    ///     v.update(b"caf\xC3");
    ///     v.update(b"\xA9");
    ///     assert!(v.finalize().is_ok());
    /// }
    /// ```
    pub fn for_level(level: Level) -> Option<LevelValidator> {
        ops::pinned(level).map(|_| LevelValidator(Stream::new(level)))
    }

    /// A streaming validator pinned to a level by [`for_level`]; its methods are safe, as
    /// making it checked the CPU.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8::basic::imp::for_level;
    /// for level in core_text::Level::available() {
    ///     let mut v = for_level(level).expect("an available level");
    ///     for piece in "Grüße 😀".as_bytes().chunks(3) {
    ///         v.update(piece);
    ///     }
    ///     assert!(v.finalize().is_ok(), "at {level}");
    /// }
    /// ```
    #[derive(Clone, Copy, Debug)]
    pub struct LevelValidator(Stream);

    impl LevelValidator {
        /// Feeds the next piece of the input.
        ///
        /// # Examples
        ///
        /// ```
        /// use core_text::utf8::basic::imp::for_level;
        /// use core_text::Level;
        /// let mut v = for_level(Level::Scalar).expect("scalar always runs");
        /// // "€" is E2 82 AC; any split of it is fine.
        /// v.update(b"5 \xe2");
        /// v.update(b"\x82\xac");
        /// assert!(v.finalize().is_ok());
        /// ```
        pub fn update(&mut self, input: &[u8]) {
            self.0.update(input)
        }

        /// Ends the input.
        ///
        /// # Errors
        /// [`Utf8Error`] when the pieces together are not valid UTF-8.
        ///
        /// # Examples
        ///
        /// ```
        /// use core_text::utf8::basic::{imp::for_level, Utf8Error};
        /// let mut v = for_level(core_text::Level::best()).unwrap();
        /// v.update(b"ok \xe2\x82"); // ends inside a character
        /// assert_eq!(v.finalize(), Err(Utf8Error));
        /// ```
        pub fn finalize(self) -> Result<(), Utf8Error> {
            self.0.finalize()
        }
    }
}
