//! [`Config`]: what an [`Engine`](super::Engine) writes and accepts.

use super::alphabet::Alphabet;

/// How decoding treats the padding `=` at the end of the text.
///
/// ```
/// use core_text::base64::{Config, DecodePaddingMode, Engine, DecodeError};
/// let strict = Engine::new(Config::new().decode_padding_mode(DecodePaddingMode::RequireCanonical));
/// assert_eq!(strict.decode("aGk"), Err(DecodeError::InvalidPadding));
/// let lax = Engine::new(Config::new().decode_padding_mode(DecodePaddingMode::Indifferent));
/// assert_eq!(lax.decode("aGk"), Ok(b"hi".to_vec()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DecodePaddingMode {
    /// Padding may be complete, partial or absent (`YQ==`, `YQ=` and `YQ` all decode to `a`), as
    /// in the `base64` crate's mode of the same name; the symbols must still end on a whole byte.
    Indifferent,
    /// Padding must be present and complete (the text a multiple of 4 symbols).
    #[default]
    RequireCanonical,
    /// Padding must be absent.
    RequireNone,
}

/// The line break written between lines by a line-wrapping [`Config`].
///
/// # Examples
///
/// ```
/// use core_text::base64::{Config, Engine, LineEnding};
/// let lf = Engine::new(Config::new().line_wrap(4, LineEnding::Lf));
/// let crlf = Engine::new(Config::new().line_wrap(4, LineEnding::CrLf));
/// assert_eq!(lf.encode("hello"), "aGVs\nbG8=");
/// assert_eq!(crlf.encode("hello"), "aGVs\r\nbG8=");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LineEnding {
    /// `"\n"`.
    Lf,
    /// `"\r\n"` (MIME, PEM).
    #[default]
    CrLf,
}

impl LineEnding {
    /// The bytes of the line break.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::LineEnding;
    /// assert_eq!(LineEnding::Lf.as_bytes(), b"\n");
    /// assert_eq!(LineEnding::default().as_bytes(), b"\r\n");
    /// ```
    pub const fn as_bytes(self) -> &'static [u8] {
        match self {
            LineEnding::Lf => b"\n",
            LineEnding::CrLf => b"\r\n",
        }
    }
}

/// The settings of an [`Engine`](super::Engine), built with `const` methods.
///
/// ```
/// use core_text::base64::{Alphabet, Config, Engine, LineEnding};
/// // PEM bodies: 64 columns, LF, whitespace skipped when decoding.
/// const PEM: Engine = Engine::new(Config::new().line_wrap(64, LineEnding::Lf).forgiving(true));
/// let text = PEM.encode([7u8; 60]);
/// assert_eq!(text.lines().map(str::len).collect::<Vec<_>>(), [64, 16]);
/// assert_eq!(PEM.decode(&text)?, [7u8; 60]);
/// # Ok::<(), core_text::base64::DecodeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub(crate) alphabet: Alphabet,
    pub(crate) encode_padding: bool,
    pub(crate) decode_padding: DecodePaddingMode,
    pub(crate) allow_trailing_bits: bool,
    pub(crate) forgiving: bool,
    /// Symbols per line (a multiple of 4), 0 for no line breaks.
    pub(crate) line_len: usize,
    pub(crate) line_ending: LineEnding,
}

impl Default for Config {
    fn default() -> Self {
        Config::new()
    }
}

impl Config {
    /// The standard alphabet, padding written and required, trailing bits rejected, strict
    /// about whitespace, no line breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, DecodeError, Engine};
    /// let engine = Engine::new(Config::new());
    /// assert_eq!(engine.encode("hi"), "aGk=");
    /// // Strict by default: no whitespace, padding required.
    /// assert_eq!(engine.decode("aGk"), Err(DecodeError::InvalidPadding));
    /// assert_eq!(engine.decode("aG k="), Err(DecodeError::InvalidByte(2, b' ')));
    /// ```
    pub const fn new() -> Config {
        Config {
            alphabet: Alphabet::STANDARD,
            encode_padding: true,
            decode_padding: DecodePaddingMode::RequireCanonical,
            allow_trailing_bits: false,
            forgiving: false,
            line_len: 0,
            line_ending: LineEnding::CrLf,
        }
    }

    /// Use this alphabet.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Alphabet, Config, Engine};
    /// let url = Engine::new(Config::new().alphabet(Alphabet::URL_SAFE));
    /// assert_eq!(url.encode([0xfb, 0xff]), "-_8=");
    /// assert!(url.decode("+/8=").is_err()); // standard symbols are not in this alphabet
    /// ```
    pub const fn alphabet(mut self, alphabet: Alphabet) -> Config {
        self.alphabet = alphabet;
        self
    }

    /// Write padding when encoding, and require it when decoding (`false`: write none and
    /// require none). Use [`Config::decode_padding_mode`] afterwards for other decoding rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, DecodeError, Engine};
    /// let bare = Engine::new(Config::new().padding(false));
    /// assert_eq!(bare.encode("hi"), "aGk");
    /// assert_eq!(bare.decode("aGk")?, b"hi");
    /// assert_eq!(bare.decode("aGk="), Err(DecodeError::InvalidPadding));
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub const fn padding(mut self, pad: bool) -> Config {
        self.encode_padding = pad;
        self.decode_padding =
            if pad { DecodePaddingMode::RequireCanonical } else { DecodePaddingMode::RequireNone };
        self
    }

    /// Write padding when encoding (the `base64` crate's `with_encode_padding`).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, Engine};
    /// // Write no padding but still require it when decoding.
    /// let e = Engine::new(Config::new().encode_padding(false));
    /// assert_eq!(e.encode("a"), "YQ");
    /// assert!(e.decode("YQ").is_err());
    /// assert_eq!(e.decode("YQ==").unwrap(), b"a");
    /// ```
    pub const fn encode_padding(mut self, pad: bool) -> Config {
        self.encode_padding = pad;
        self
    }

    /// How decoding treats padding.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, DecodePaddingMode, Engine};
    /// let any = Engine::new(Config::new().decode_padding_mode(DecodePaddingMode::Indifferent));
    /// assert_eq!(any.decode("YQ").unwrap(), b"a");
    /// assert_eq!(any.decode("YQ==").unwrap(), b"a");
    /// assert_eq!(any.decode("YQ=").unwrap(), b"a"); // fewer `=` than canonical is accepted too
    /// assert!(any.decode("Y").is_err()); // a lone symbol is never valid
    /// ```
    pub const fn decode_padding_mode(mut self, mode: DecodePaddingMode) -> Config {
        self.decode_padding = mode;
        self
    }

    /// Accept a last symbol whose unused low bits are not zero (a non-canonical encoding):
    /// `false` by default, which rejects it with
    /// [`DecodeError::InvalidLastSymbol`](super::DecodeError::InvalidLastSymbol).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, DecodeError, Engine, STANDARD};
    /// // "aGl=" differs from "aGk=" only in bits no output byte holds.
    /// assert_eq!(STANDARD.decode("aGl="), Err(DecodeError::InvalidLastSymbol(2, b'l')));
    /// let lax = Engine::new(Config::new().decode_allow_trailing_bits(true));
    /// assert_eq!(lax.decode("aGl=")?, b"hi");
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub const fn decode_allow_trailing_bits(mut self, allow: bool) -> Config {
        self.allow_trailing_bits = allow;
        self
    }

    /// Forgiving decoding: skip ASCII whitespace (tab, line feed, form feed, carriage return,
    /// space) anywhere in the text, as the WHATWG "forgiving-base64 decode" does. Strict
    /// decoding (the default) rejects it as an invalid byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, Engine, STANDARD};
    /// let text = "aGVs\r\n bG8=\n";
    /// assert!(STANDARD.decode(text).is_err());
    /// let forgiving = Engine::new(Config::new().forgiving(true));
    /// assert_eq!(forgiving.decode(text).unwrap(), b"hello");
    /// ```
    pub const fn forgiving(mut self, skip_whitespace: bool) -> Config {
        self.forgiving = skip_whitespace;
        self
    }

    /// Break encoded text into lines of `symbols` symbols (rounded down to a multiple of 4,
    /// at least 4) with `ending` between lines (none after the last); `0` turns line breaks
    /// off. Decoding line-broken text needs [`Config::forgiving`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, Engine, LineEnding};
    /// // 6 is rounded down to 4 symbols per line.
    /// let e = Engine::new(Config::new().line_wrap(6, LineEnding::Lf));
    /// assert_eq!(e.config().line_len(), 4);
    /// assert_eq!(e.encode("abcdef"), "YWJj\nZGVm");
    /// ```
    pub const fn line_wrap(mut self, symbols: usize, ending: LineEnding) -> Config {
        self.line_len = if symbols == 0 {
            0
        } else if symbols < 4 {
            4
        } else {
            symbols / 4 * 4
        };
        self.line_ending = ending;
        self
    }

    /// The alphabet.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Alphabet, URL_SAFE};
    /// assert_eq!(URL_SAFE.config().get_alphabet(), &Alphabet::URL_SAFE);
    /// ```
    pub const fn get_alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Does encoding write padding?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{STANDARD, STANDARD_NO_PAD};
    /// assert!(STANDARD.config().encode_padding_enabled());
    /// assert!(!STANDARD_NO_PAD.config().encode_padding_enabled());
    /// ```
    pub const fn encode_padding_enabled(&self) -> bool {
        self.encode_padding
    }

    /// Is decoding forgiving about whitespace?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{Config, STANDARD};
    /// assert!(!STANDARD.config().is_forgiving());
    /// assert!(Config::new().forgiving(true).is_forgiving());
    /// ```
    pub const fn is_forgiving(&self) -> bool {
        self.forgiving
    }

    /// Symbols per line, 0 when encoding writes no line breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{MIME, STANDARD};
    /// assert_eq!(STANDARD.config().line_len(), 0);
    /// assert_eq!(MIME.config().line_len(), 76);
    /// ```
    pub const fn line_len(&self) -> usize {
        self.line_len
    }
}
