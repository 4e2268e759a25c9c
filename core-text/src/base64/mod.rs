//! Base64 (RFC 4648): every variant, MIME line breaks, whitespace-forgiving and in-place
//! decoding, with errors that say what and where.
//!
//! An [`Engine`] is one configuration; the constants cover the common ones and [`Config`]
//! builds the others (alphabet, padding, trailing bits, whitespace, line breaks):
//!
//! ```
//! use core_text::base64::{MIME, STANDARD, URL_SAFE_NO_PAD};
//! assert_eq!(STANDARD.encode(b"hello"), "aGVsbG8=");
//! assert_eq!(STANDARD.decode("aGVsbG8=")?, b"hello");
//! assert_eq!(URL_SAFE_NO_PAD.encode([0xfb, 0xff]), "-_8");
//! // MIME: 76 columns, CRLF between lines; decoding skips the line breaks.
//! let text = MIME.encode([0u8; 60]);
//! assert_eq!(&text[76..78], "\r\n");
//! assert_eq!(MIME.decode(&text)?, [0u8; 60]);
//! # Ok::<(), core_text::base64::DecodeError>(())
//! ```
//!
//! # Migrating from `base64` and `base64-simd`
//!
//! The engines have the `base64` crate's methods (`encode`, `encode_string`,
//! `encode_slice`, `decode`, `decode_vec`, `decode_slice`; its `DecodeError`,
//! `DecodeSliceError` and `EncodeSliceError` with the same variants and values) and
//! `base64-simd`'s (`encode_to_string`, `decode_to_vec`, `decode_inplace`,
//! `encoded_length`, `check`) as inherent methods: replace the `use` lines.
//!
//! # How it runs
//!
//! Short inputs (under 16 bytes to encode, 64 to decode) take the scalar code directly. Longer ones go through the level's
//! kernel (an operation table of its own, see [`Level`]): the Muła–Lemire byte-shuffle
//! encoder and nibble-table decoder on 16-byte windows (SSE4.2, NEON; AVX2 two windows at
//! once), and 64-byte VBMI permutes at AVX-512; the SSE2 level and alphabets other than the
//! two of RFC 4648 (below AVX-512) run the scalar tables. The kernels stop at the first
//! block they do not handle (padding, an invalid byte, the end) and the scalar code
//! finishes, so the final group and every error are computed once, identically at every
//! level. Forgiving decoding of text in regular lines (MIME, PEM: every line as long as the
//! first, the same LF or CRLF after each) checks each line's separator and decodes its
//! symbols straight from the input; other whitespace is compressed out of its block into a
//! staging buffer (a `pshufb` per 8 bytes, or `vpcompressb`) and decoding keeps to vectors.
//! Line-broken encoding runs the vector encoder per line and writes the separators between;
//! the short tails of MIME's lines share one vector (two lines at AVX2, four at AVX-512), and
//! at AVX-512 76-column lines are written one whole output vector at a time, separators
//! included, from per-vector tables. At
//! AVX-512, inputs under 64 bytes are encoded from one masked load, a text's last symbols
//! (under 64) are decoded from one, and text in lines is decoded a 64-symbol window at a
//! time, a merging masked load skipping each separator. The scalar encoder looks up two symbols per 12 bits, and the scalar decoder takes 8 symbols
//! per 64-bit word.

mod alphabet;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod config;
mod error;
mod generic;
mod ops;
mod scalar;
#[cfg(feature = "std")]
mod stream;

pub use alphabet::Alphabet;
pub use config::{Config, DecodePaddingMode, LineEnding};
pub use error::{AlphabetError, DecodeError, DecodeSliceError, EncodeSliceError};
#[cfg(feature = "std")]
pub use stream::{DecoderReader, EncoderWriter};

use crate::arch::Level;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use ops::Ops;

/// Texts shorter than this are decoded by the scalar code without a dispatched call.
const SHORT: usize = 64;
/// Inputs shorter than this are encoded by the scalar code without a dispatched call (the
/// vector encoders pay off sooner: at 57 bytes, one MIME line, they are 2-4x faster).
const SHORT_ENCODE: usize = 16;

/// The standard alphabet with padding (RFC 4648 section 4).
pub const STANDARD: Engine = Engine::new(Config::new());
/// The standard alphabet without padding; decoding rejects padding.
pub const STANDARD_NO_PAD: Engine = Engine::new(Config::new().padding(false));
/// The URL- and filename-safe alphabet with padding (RFC 4648 section 5).
pub const URL_SAFE: Engine = Engine::new(Config::new().alphabet(Alphabet::URL_SAFE));
/// The URL- and filename-safe alphabet without padding; decoding rejects padding.
pub const URL_SAFE_NO_PAD: Engine =
    Engine::new(Config::new().alphabet(Alphabet::URL_SAFE).padding(false));
/// MIME (RFC 2045): the standard alphabet, padded, 76-symbol lines with CRLF between them;
/// decoding skips whitespace and accepts text with or without padding.
pub const MIME: Engine = Engine::new(
    Config::new()
        .line_wrap(76, LineEnding::CrLf)
        .forgiving(true)
        .decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// A Base64 configuration, ready to encode and decode; see the [module docs](self).
///
/// Engines are `Copy` and built in `const` context. [`Engine::with_level`] pins one to a
/// SIMD [`Level`] (tests and benchmarks use it); otherwise it runs the best level of the CPU.
///
/// # Examples
///
/// ```
/// use core_text::base64::{Alphabet, Config, Engine};
/// const URL_NO_PAD: Engine = Engine::new(Config::new().alphabet(Alphabet::URL_SAFE).padding(false));
/// let token = URL_NO_PAD.encode([0xfa, 0xfb, 0xfc, 0xfd]);
/// assert_eq!(token, "-vv8_Q");
/// assert_eq!(URL_NO_PAD.decode(&token).unwrap(), [0xfa, 0xfb, 0xfc, 0xfd]);
/// ```
#[derive(Clone, Copy)]
pub struct Engine {
    config: Config,
    k: Option<ops::Pinned>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .field("level", &self.k.map(|k| k.level()))
            .finish()
    }
}

impl PartialEq for Engine {
    fn eq(&self, o: &Self) -> bool {
        self.config == o.config && self.k.map(|k| k.level()) == o.k.map(|k| k.level())
    }
}
impl Eq for Engine {}

impl Default for Engine {
    fn default() -> Self {
        STANDARD
    }
}

/// `[u8]`-like inputs (as the `base64` crate's `AsRef<[u8]>` arguments).
macro_rules! bytes {
    ($x:expr) => {
        $x.as_ref()
    };
}

impl Engine {
    /// An engine for `config`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, Engine, STANDARD};
    /// const MINE: Engine = Engine::new(Config::new());
    /// assert_eq!(MINE, STANDARD);
    /// assert_eq!(MINE.encode(b"\x00"), "AA==");
    /// ```
    pub const fn new(config: Config) -> Engine {
        Engine { config, k: None }
    }

    /// The configuration.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, STANDARD_NO_PAD};
    /// assert_eq!(*STANDARD_NO_PAD.config(), Config::new().padding(false));
    /// ```
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// This engine running the kernels of `level`, or `None` when the CPU cannot.
    ///
    /// ```
    /// use core_text::{base64::STANDARD, Level};
    /// for level in Level::available() {
    ///     let e = STANDARD.with_level(level).expect("available");
    ///     assert_eq!(e.encode([1u8; 100]), STANDARD.encode([1u8; 100]));
    /// }
    /// ```
    pub fn with_level(self, level: Level) -> Option<Engine> {
        ops::pinned(level).map(|k| Engine { k: Some(k), ..self })
    }

    /// The level this engine is pinned to, `None` for the best one.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::{base64::STANDARD, Level};
    /// assert_eq!(STANDARD.level(), None);
    /// assert_eq!(STANDARD.with_level(Level::Scalar).unwrap().level(), Some(Level::Scalar));
    /// ```
    pub fn level(&self) -> Option<Level> {
        self.k.map(|k| k.level())
    }

    // ---- lengths ----

    /// The length of the encoded text of `n` bytes, or `None` if it overflows `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{STANDARD, STANDARD_NO_PAD};
    /// assert_eq!(STANDARD.checked_encoded_len(5), Some(8));
    /// assert_eq!(STANDARD_NO_PAD.checked_encoded_len(5), Some(7));
    /// assert_eq!(STANDARD.checked_encoded_len(usize::MAX), None);
    /// ```
    pub const fn checked_encoded_len(&self, n: usize) -> Option<usize> {
        let groups = n / 3;
        let rem = n % 3;
        let Some(full) = groups.checked_mul(4) else { return None };
        let tail = match (rem, self.config.encode_padding) {
            (0, _) => 0,
            (_, true) => 4,
            (1, false) => 2,
            _ => 3,
        };
        let Some(chars) = full.checked_add(tail) else { return None };
        if self.config.line_len == 0 || chars == 0 {
            return Some(chars);
        }
        let breaks = (chars - 1) / self.config.line_len;
        let Some(seps) = breaks.checked_mul(self.config.line_ending.as_bytes().len()) else {
            return None;
        };
        chars.checked_add(seps)
    }

    /// The length of the encoded text of `n` bytes.
    ///
    /// # Panics
    /// If it overflows `usize` ([`Engine::checked_encoded_len`] does not panic).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{MIME, STANDARD};
    /// assert_eq!(STANDARD.encoded_len(1), 4);
    /// // MIME: 76 symbols a line, CRLF between lines.
    /// assert_eq!(MIME.encoded_len(60), 80 + 2);
    /// ```
    pub const fn encoded_len(&self, n: usize) -> usize {
        match self.checked_encoded_len(n) {
            Some(l) => l,
            None => panic!("base64: encoded length overflows usize"),
        }
    }

    /// `base64-simd`'s name for [`Engine::encoded_len`].
    ///
    /// # Panics
    /// As [`Engine::encoded_len`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::URL_SAFE_NO_PAD;
    /// assert_eq!(URL_SAFE_NO_PAD.encoded_length(4), 6);
    /// ```
    pub const fn encoded_length(&self, n: usize) -> usize {
        self.encoded_len(n)
    }

    /// An upper bound of the decoded length of `n` bytes of text (exact for unpadded or
    /// padded text without whitespace, up to the padding).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let text = "aGk=";
    /// assert_eq!(STANDARD.decoded_len_estimate(text.len()), 3);
    /// assert_eq!(STANDARD.decode(text).unwrap().len(), 2); // the padding made it an upper bound
    /// ```
    pub const fn decoded_len_estimate(&self, n: usize) -> usize {
        n / 4 * 3 + (n % 4 * 3).div_ceil(4)
    }

    /// `base64-simd`'s name for [`Engine::decoded_len_estimate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD_NO_PAD;
    /// // An upper bound: "aGk" (3 symbols) decodes to 2 bytes.
    /// assert_eq!(STANDARD_NO_PAD.estimated_decoded_length(3), 3);
    /// assert_eq!(STANDARD_NO_PAD.decode("aGk").unwrap().len(), 2);
    /// ```
    pub const fn estimated_decoded_length(&self, n: usize) -> usize {
        self.decoded_len_estimate(n)
    }

    // ---- encoding ----

    /// Encodes `src` into `dst`, which holds at least `encoded_len(src.len())` bytes;
    /// returns the length written.
    fn encode_into(&self, src: &[u8], dst: &mut [u8]) -> usize {
        let c = &self.config;
        let full = src.len() / 3 * 3;
        let line = if c.line_len == 0 { usize::MAX } else { c.line_len / 4 * 3 };
        let sep = c.line_ending.as_bytes();
        debug_assert!(dst.len() >= self.encoded_len(src.len()));
        // SAFETY: `dst` holds the whole encoded text (the callers size it with
        // `checked_encoded_len`), which is what both kernels need.
        let mut o = unsafe {
            if src.len() < SHORT_ENCODE {
                scalar::encode(src, dst, &c.alphabet, line, sep)
            } else {
                match self.k {
                    Some(k) => k.base64_encode(src, dst, &c.alphabet, line, sep),
                    None => ops::Auto.base64_encode(src, dst, &c.alphabet, line, sep),
                }
            }
        };
        if full < src.len() {
            if full > 0 && full.is_multiple_of(line) {
                dst[o..o + sep.len()].copy_from_slice(sep);
                o += sep.len();
            }
            o += scalar::encode_tail(&src[full..], &mut dst[o..], &c.alphabet, c.encode_padding);
        }
        o
    }

    /// Encodes `src` into the front of `dst`; returns the length written.
    ///
    /// # Errors
    /// [`EncodeSliceError::OutputSliceTooSmall`] when `dst` is shorter than
    /// [`Engine::encoded_len`].
    ///
    /// ```
    /// use core_text::base64::{EncodeSliceError, STANDARD};
    /// let mut buf = [0u8; 8];
    /// assert_eq!(STANDARD.encode_to_slice(b"hello", &mut buf), Ok(8));
    /// assert_eq!(&buf, b"aGVsbG8=");
    /// assert_eq!(STANDARD.encode_to_slice(b"hello!", &mut buf[..7]), Err(EncodeSliceError::OutputSliceTooSmall));
    /// ```
    pub fn encode_to_slice<T: AsRef<[u8]>>(
        &self,
        src: T,
        dst: &mut [u8],
    ) -> Result<usize, EncodeSliceError> {
        let src = bytes!(src);
        match self.checked_encoded_len(src.len()) {
            Some(n) if n <= dst.len() => Ok(self.encode_into(src, &mut dst[..n])),
            _ => Err(EncodeSliceError::OutputSliceTooSmall),
        }
    }

    /// The `base64` crate's name for [`Engine::encode_to_slice`].
    ///
    /// # Errors
    /// As [`Engine::encode_to_slice`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{EncodeSliceError, STANDARD};
    /// let mut buf = [0u8; 4];
    /// assert_eq!(STANDARD.encode_slice("ok", &mut buf), Ok(4));
    /// assert_eq!(&buf, b"b2s=");
    /// assert_eq!(STANDARD.encode_slice("toolong", &mut buf), Err(EncodeSliceError::OutputSliceTooSmall));
    /// ```
    pub fn encode_slice<T: AsRef<[u8]>>(
        &self,
        src: T,
        dst: &mut [u8],
    ) -> Result<usize, EncodeSliceError> {
        self.encode_to_slice(src, dst)
    }

    /// Appends the encoded text of `src` to `dst`.
    ///
    /// # Panics
    /// If the encoded length overflows `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut out = b"data:;base64,".to_vec();
    /// STANDARD.encode_to_vec_into("hi", &mut out);
    /// assert_eq!(out, b"data:;base64,aGk=");
    /// ```
    pub fn encode_to_vec_into<T: AsRef<[u8]>>(&self, src: T, dst: &mut Vec<u8>) {
        let src = bytes!(src);
        let n = self.encoded_len(src.len());
        let start = dst.len();
        dst.resize(start + n, 0);
        let w = self.encode_into(src, &mut dst[start..]);
        debug_assert_eq!(w, n);
    }

    /// The encoded text of `src` as bytes.
    ///
    /// # Panics
    /// If the encoded length overflows `usize`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// assert_eq!(STANDARD.encode_to_vec([0xff]), b"/w==");
    /// ```
    pub fn encode_to_vec<T: AsRef<[u8]>>(&self, src: T) -> Vec<u8> {
        let mut v = Vec::new();
        self.encode_to_vec_into(src, &mut v);
        v
    }

    /// The encoded text of `src`.
    ///
    /// # Panics
    /// If the encoded length overflows `usize`.
    ///
    /// ```
    /// use core_text::base64::STANDARD_NO_PAD;
    /// assert_eq!(STANDARD_NO_PAD.encode("hello"), "aGVsbG8");
    /// ```
    pub fn encode<T: AsRef<[u8]>>(&self, src: T) -> String {
        let v = self.encode_to_vec(src);
        // SAFETY: alphabets, padding and line endings are ASCII.
        unsafe { String::from_utf8_unchecked(v) }
    }

    /// `base64-simd`'s name for [`Engine::encode`].
    ///
    /// # Panics
    /// As [`Engine::encode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::URL_SAFE;
    /// assert_eq!(URL_SAFE.encode_to_string([0xff]), "_w==");
    /// ```
    pub fn encode_to_string<T: AsRef<[u8]>>(&self, src: T) -> String {
        self.encode(src)
    }

    /// Appends the encoded text of `src` to `dst` (the `base64` crate's `encode_string`).
    ///
    /// # Panics
    /// As [`Engine::encode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut header = String::from("Basic ");
    /// STANDARD.encode_string("user:pw", &mut header);
    /// assert_eq!(header, "Basic dXNlcjpwdw==");
    /// ```
    pub fn encode_string<T: AsRef<[u8]>>(&self, src: T, dst: &mut String) {
        // SAFETY: only ASCII is appended to the string's bytes.
        self.encode_to_vec_into(src, unsafe { dst.as_mut_vec() });
    }

    /// Encodes `src` into UTF-16 units at the front of `dst`; returns the number written.
    ///
    /// The text is encoded as bytes into the first half of `dst`'s memory and widened in
    /// place from the back, so no buffer is allocated.
    ///
    /// # Errors
    /// [`EncodeSliceError::OutputSliceTooSmall`] when `dst` is shorter than
    /// [`Engine::encoded_len`].
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut wide = [0u16; 8];
    /// assert_eq!(STANDARD.encode_utf16(b"hello", &mut wide), Ok(8));
    /// assert_eq!(String::from_utf16_lossy(&wide), "aGVsbG8=");
    /// ```
    pub fn encode_utf16<T: AsRef<[u8]>>(
        &self,
        src: T,
        dst: &mut [u16],
    ) -> Result<usize, EncodeSliceError> {
        let src = bytes!(src);
        let n = match self.checked_encoded_len(src.len()) {
            Some(n) if n <= dst.len() => n,
            _ => return Err(EncodeSliceError::OutputSliceTooSmall),
        };
        let p = dst.as_mut_ptr().cast::<u8>();
        {
            // SAFETY: `dst` is `2 * dst.len() >= n` initialised bytes; this view ends before
            // `dst` is used again.
            let bytes = unsafe { core::slice::from_raw_parts_mut(p, n) };
            self.encode_into(src, bytes);
        }
        // Widen from the back, 16 units a step: the step's bytes `[k - 16, k)` are read
        // before its units are written to bytes `[2k - 32, 2k)`, and `2k - 32 >= k - 16`, so
        // no byte is written before it is read.
        let mut k = n;
        while k >= 16 {
            k -= 16;
            let mut chunk = [0u8; 16];
            // SAFETY: bytes `k .. k + 16` lie inside the `2 * dst.len()` bytes.
            unsafe { core::ptr::copy_nonoverlapping(p.add(k), chunk.as_mut_ptr(), 16) };
            for (j, &b) in chunk.iter().enumerate() {
                dst[k + j] = u16::from(b);
            }
        }
        for j in (0..k).rev() {
            // SAFETY: byte `j < k <= n` is inside `dst`'s memory; it is read before unit
            // `j` (bytes `2j, 2j + 1 >= j`) is written, and earlier bytes are untouched.
            let b = unsafe { *p.add(j) };
            dst[j] = u16::from(b);
        }
        Ok(n)
    }

    // ---- decoding ----

    /// Decodes `len` bytes at `src` into `dst`.
    ///
    /// # Safety
    /// `src..src + len` readable, `dst..dst + cap` writable; disjoint, or `dst == src`.
    unsafe fn decode_raw(
        &self,
        src: *const u8,
        len: usize,
        dst: *mut u8,
        cap: usize,
    ) -> Result<usize, DecodeSliceError> {
        let c = &self.config;
        if !c.forgiving && len % 4 == 1 {
            // The `base64` crate reports an invalid last byte of such a length first.
            // SAFETY: `len - 1 < len`.
            let last = unsafe { *src.add(len - 1) };
            if last != b'=' && c.alphabet.decode[last as usize] >= 64 {
                return Err(DecodeError::InvalidByte(len - 1, last).into());
            }
        }
        let (i, o) = if len < SHORT {
            (0, 0)
        } else {
            // SAFETY: per the contract.
            unsafe {
                match self.k {
                    Some(k) => k.base64_decode(src, len, dst, cap, &c.alphabet, c.forgiving),
                    None => ops::Auto.base64_decode(src, len, dst, cap, &c.alphabet, c.forgiving),
                }
            }
        };
        // SAFETY: per the contract; the kernel decoded whole groups up to `(i, o)`.
        unsafe { scalar::finish(src, len, dst, cap, i, o, c) }
    }

    /// Decodes `src` into the front of `dst`; returns the decoded length.
    ///
    /// The vector kernels store whole vectors, so up to four bytes of `dst` just past the
    /// returned length may be overwritten (never past `dst`'s end); on an error, `dst`'s
    /// contents are unspecified. The `base64` crate's `decode_slice` leaves those bytes alone.
    ///
    /// # Errors
    /// [`DecodeSliceError::DecodeError`] for invalid text, or
    /// [`DecodeSliceError::OutputSliceTooSmall`] when the decoded bytes do not fit (a `dst` of
    /// [`Engine::decoded_len_estimate`] bytes always fits them).
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut buf = [0u8; 5];
    /// assert_eq!(STANDARD.decode_to_slice("aGVsbG8=", &mut buf), Ok(5));
    /// assert_eq!(&buf, b"hello");
    /// ```
    pub fn decode_to_slice<T: AsRef<[u8]>>(
        &self,
        src: T,
        dst: &mut [u8],
    ) -> Result<usize, DecodeSliceError> {
        let src = bytes!(src);
        // SAFETY: two distinct borrows; the bounds are the slices'.
        unsafe { self.decode_raw(src.as_ptr(), src.len(), dst.as_mut_ptr(), dst.len()) }
    }

    /// The `base64` crate's name for [`Engine::decode_to_slice`].
    ///
    /// # Errors
    /// As [`Engine::decode_to_slice`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecodeSliceError, STANDARD};
    /// let mut buf = [0u8; 2];
    /// assert_eq!(STANDARD.decode_slice("aGk=", &mut buf), Ok(2));
    /// assert_eq!(&buf, b"hi");
    /// assert_eq!(STANDARD.decode_slice("aGVsbG8=", &mut buf), Err(DecodeSliceError::OutputSliceTooSmall));
    /// ```
    pub fn decode_slice<T: AsRef<[u8]>>(
        &self,
        src: T,
        dst: &mut [u8],
    ) -> Result<usize, DecodeSliceError> {
        self.decode_to_slice(src, dst)
    }

    /// Appends the bytes `src` decodes to onto `dst` (the `base64` crate's `decode_vec`).
    ///
    /// # Errors
    /// As [`Engine::decode`]; `dst` is left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecodeError, STANDARD};
    /// let mut out = b"> ".to_vec();
    /// STANDARD.decode_vec("aGk=", &mut out)?;
    /// assert_eq!(out, b"> hi");
    /// assert_eq!(STANDARD.decode_vec("a", &mut out), Err(DecodeError::InvalidLength(1)));
    /// assert_eq!(out, b"> hi"); // unchanged by the failure
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub fn decode_vec<T: AsRef<[u8]>>(&self, src: T, dst: &mut Vec<u8>) -> Result<(), DecodeError> {
        let src = bytes!(src);
        let start = dst.len();
        let est = self.decoded_len_estimate(src.len());
        dst.reserve(est);
        // SAFETY: `dst` has `est` bytes of spare capacity, disjoint from `src`; only the
        // bytes the decoder wrote are made part of the vector.
        unsafe {
            let q = dst.as_mut_ptr().add(start);
            match self.decode_raw(src.as_ptr(), src.len(), q, est) {
                Ok(n) => {
                    dst.set_len(start + n);
                    Ok(())
                }
                Err(DecodeSliceError::DecodeError(e)) => Err(e),
                // The estimate bounds the output of any text.
                Err(DecodeSliceError::OutputSliceTooSmall) => unreachable!("estimate too small"),
            }
        }
    }

    /// The bytes `src` decodes to.
    ///
    /// # Errors
    /// [`DecodeError`], with the offset of the first offending byte.
    ///
    /// ```
    /// use core_text::base64::{DecodeError, STANDARD};
    /// assert_eq!(STANDARD.decode("aGVsbG8=")?, b"hello");
    /// assert_eq!(STANDARD.decode("aGV sbG8="), Err(DecodeError::InvalidByte(3, b' ')));
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub fn decode<T: AsRef<[u8]>>(&self, src: T) -> Result<Vec<u8>, DecodeError> {
        let mut v = Vec::new();
        self.decode_vec(src, &mut v)?;
        Ok(v)
    }

    /// `base64-simd`'s name for [`Engine::decode`].
    ///
    /// # Errors
    /// As [`Engine::decode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecodeError, STANDARD};
    /// assert_eq!(STANDARD.decode_to_vec("AQID")?, [1, 2, 3]);
    /// assert_eq!(STANDARD.decode_to_vec("AQ#D"), Err(DecodeError::InvalidByte(2, b'#')));
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub fn decode_to_vec<T: AsRef<[u8]>>(&self, src: T) -> Result<Vec<u8>, DecodeError> {
        self.decode(src)
    }

    /// Decodes `buf` in place: the decoded bytes are at its front; returns their number.
    ///
    /// # Errors
    /// As [`Engine::decode`]; `buf` then holds partly decoded bytes.
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut buf = *b"aGVsbG8=";
    /// let n = STANDARD.decode_in_place(&mut buf)?;
    /// assert_eq!(&buf[..n], b"hello");
    /// # Ok::<(), core_text::base64::DecodeError>(())
    /// ```
    pub fn decode_in_place(&self, buf: &mut [u8]) -> Result<usize, DecodeError> {
        let p = buf.as_mut_ptr();
        // SAFETY: one buffer, read and written through the same pointer (`dst == src`), which
        // both kernels allow.
        match unsafe { self.decode_raw(p, buf.len(), p, buf.len()) } {
            Ok(n) => Ok(n),
            Err(DecodeSliceError::DecodeError(e)) => Err(e),
            Err(DecodeSliceError::OutputSliceTooSmall) => unreachable!("3 bytes per 4 fit"),
        }
    }

    /// `base64-simd`'s `decode_inplace`: [`Engine::decode_in_place`] returning the decoded
    /// part of `buf`.
    ///
    /// # Errors
    /// As [`Engine::decode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let mut buf = *b"b2s=";
    /// assert_eq!(STANDARD.decode_inplace(&mut buf).unwrap(), b"ok");
    /// let mut bad = *b"b2s*";
    /// assert!(STANDARD.decode_inplace(&mut bad).is_err());
    /// ```
    pub fn decode_inplace<'a>(&self, buf: &'a mut [u8]) -> Result<&'a mut [u8], DecodeError> {
        let n = self.decode_in_place(buf)?;
        Ok(&mut buf[..n])
    }

    /// Checks that `src` decodes, without keeping the bytes (`base64-simd`'s `check`).
    ///
    /// # Errors
    /// As [`Engine::decode`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecodeError, STANDARD};
    /// assert_eq!(STANDARD.check("aGVsbG8="), Ok(()));
    /// assert_eq!(STANDARD.check("aGVsbG8"), Err(DecodeError::InvalidPadding));
    /// ```
    pub fn check<T: AsRef<[u8]>>(&self, src: T) -> Result<(), DecodeError> {
        let src = bytes!(src);
        let mut buf = [0u8; 3 * 1024];
        // Decode 4 KiB of text at a time (group-aligned), the last part whole.
        let mut rest = src;
        let mut base = 0;
        while rest.len() > 4096 && !self.config.forgiving {
            let (head, tail) = rest.split_at(4096);
            match self.decode_groups(head, &mut buf) {
                Ok(_) => {}
                Err(e) => return Err(e.shifted(base, base)),
            }
            base += 4096;
            rest = tail;
        }
        let mut v = Vec::new();
        self.decode_vec(rest, &mut v).map_err(|e| e.shifted(base, base))
    }

    /// Decodes whole groups of `src` (a multiple of 4 bytes, strict mode) into `dst`, none of
    /// them the final group: padding or any non-symbol is an invalid byte.
    fn decode_groups(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, DecodeError> {
        debug_assert!(src.len().is_multiple_of(4) && dst.len() >= src.len() / 4 * 3);
        match self.decode_to_slice(src, dst) {
            Ok(n) if n == src.len() / 4 * 3 => Ok(n),
            // Padding decoded short: the first `=` is invalid before the final group.
            Ok(_) => {
                let at = src.iter().position(|&b| b == b'=').unwrap_or(0);
                Err(DecodeError::InvalidByte(at, b'='))
            }
            Err(DecodeSliceError::DecodeError(e)) => Err(e),
            Err(DecodeSliceError::OutputSliceTooSmall) => unreachable!("3 bytes per 4 fit"),
        }
    }

    /// Decodes UTF-16 text. Units above `0xFF` are never symbols; an error names them as
    /// byte `0xFF`.
    ///
    /// The units are narrowed into the output vector and decoded in place there.
    ///
    /// # Errors
    /// As [`Engine::decode`], offsets counted in units.
    ///
    /// ```
    /// use core_text::base64::STANDARD;
    /// let wide: Vec<u16> = "aGVsbG8=".encode_utf16().collect();
    /// assert_eq!(STANDARD.decode_utf16(&wide)?, b"hello");
    /// # Ok::<(), core_text::base64::DecodeError>(())
    /// ```
    pub fn decode_utf16(&self, src: &[u16]) -> Result<Vec<u8>, DecodeError> {
        let mut v: Vec<u8> = src.iter().map(|&u| if u > 0xFF { 0xFF } else { u as u8 }).collect();
        let n = self.decode_in_place(&mut v)?;
        v.truncate(n);
        Ok(v)
    }
}

impl DecodeError {
    /// The error of a part of a text that starts at byte `at` and after `symbols` symbols.
    pub(crate) fn shifted(self, at: usize, symbols: usize) -> DecodeError {
        match self {
            DecodeError::InvalidByte(k, b) => DecodeError::InvalidByte(k + at, b),
            DecodeError::InvalidLastSymbol(k, b) => DecodeError::InvalidLastSymbol(k + at, b),
            DecodeError::InvalidLength(n) => DecodeError::InvalidLength(n + symbols),
            DecodeError::InvalidPadding => DecodeError::InvalidPadding,
        }
    }
}
