//! The errors of Base64 encoding and decoding.

use core::fmt;

/// Why a Base64 text did not decode. Offsets count bytes (or UTF-16 units) of the input as
/// given, whitespace included.
///
/// The variants and their values are those of the `base64` crate's `DecodeError`.
///
/// ```
/// use core_text::base64::{DecodeError, STANDARD};
/// assert_eq!(STANDARD.decode("aGk*"), Err(DecodeError::InvalidByte(3, b'*')));
/// assert_eq!(STANDARD.decode("aGkhA"), Err(DecodeError::InvalidLength(5)));
/// assert_eq!(STANDARD.decode("aGk="), Ok(b"hi".to_vec()));
/// assert_eq!(STANDARD.decode("aGl="), Err(DecodeError::InvalidLastSymbol(2, b'l')));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// A byte that is not a symbol of the alphabet, at this offset: also a `=` anywhere but
    /// in the final padding, and whitespace in strict mode.
    InvalidByte(usize, u8),
    /// The input ends with a single symbol (of a group of four): the number of symbols.
    InvalidLength(usize),
    /// The last symbol, at this offset, has bits set that no output byte holds (a truncated
    /// or non-canonical encoding), which the engine rejects.
    InvalidLastSymbol(usize, u8),
    /// Padding is missing, incomplete or present against the engine's padding mode.
    InvalidPadding,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecodeError::InvalidByte(at, b) => {
                write!(f, "invalid base64 byte {b:#04x} at offset {at}")
            }
            DecodeError::InvalidLength(n) => {
                write!(f, "invalid base64 length: {n} symbols leave a single one in the last group")
            }
            DecodeError::InvalidLastSymbol(at, b) => {
                write!(f, "base64 symbol {b:#04x} at offset {at} has trailing bits set")
            }
            DecodeError::InvalidPadding => f.write_str("invalid base64 padding"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}

/// Why decoding into a slice failed.
///
/// # Examples
///
/// ```
/// use core_text::base64::{DecodeError, DecodeSliceError, STANDARD};
/// let mut small = [0u8; 2];
/// assert_eq!(STANDARD.decode_to_slice("aGVsbG8=", &mut small), Err(DecodeSliceError::OutputSliceTooSmall));
/// let mut buf = [0u8; 8];
/// let bad = STANDARD.decode_to_slice("aGV!", &mut buf);
/// assert_eq!(bad, Err(DecodeSliceError::DecodeError(DecodeError::InvalidByte(3, b'!'))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeSliceError {
    /// The input is not valid Base64.
    DecodeError(DecodeError),
    /// The output slice cannot hold the decoded bytes.
    OutputSliceTooSmall,
}

impl fmt::Display for DecodeSliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeSliceError::DecodeError(e) => e.fmt(f),
            DecodeSliceError::OutputSliceTooSmall => f.write_str("output slice too small"),
        }
    }
}

impl From<DecodeError> for DecodeSliceError {
    fn from(e: DecodeError) -> Self {
        DecodeSliceError::DecodeError(e)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeSliceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DecodeSliceError::DecodeError(e) => Some(e),
            DecodeSliceError::OutputSliceTooSmall => None,
        }
    }
}

/// Encoding into a slice failed: the output slice cannot hold the encoded text.
///
/// # Examples
///
/// ```
/// use core_text::base64::{EncodeSliceError, STANDARD};
/// let mut buf = [0u8; 3];
/// // Three bytes encode to four symbols.
/// assert_eq!(STANDARD.encode_to_slice(b"abc", &mut buf), Err(EncodeSliceError::OutputSliceTooSmall));
/// assert_eq!(STANDARD.encode_to_slice(b"ab", &mut [0u8; 4]), Ok(4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeSliceError {
    /// The output slice is shorter than [`Engine::encoded_len`](super::Engine::encoded_len).
    OutputSliceTooSmall,
}

impl fmt::Display for EncodeSliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("output slice too small")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EncodeSliceError {}

/// Why a string is not an [`Alphabet`](super::Alphabet).
///
/// # Examples
///
/// ```
/// use core_text::base64::{Alphabet, AlphabetError};
/// assert_eq!(Alphabet::new("abc").unwrap_err(), AlphabetError::InvalidLength);
/// let mut symbols = Alphabet::STANDARD.as_str().to_string();
/// symbols.replace_range(63.., "A"); // "A" is already the first symbol
/// assert_eq!(Alphabet::new(&symbols).unwrap_err(), AlphabetError::DuplicatedByte(b'A'));
/// symbols.replace_range(63.., "=");
/// assert_eq!(Alphabet::new(&symbols).unwrap_err(), AlphabetError::ReservedByte(b'='));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlphabetError {
    /// Not exactly 64 bytes.
    InvalidLength,
    /// A byte appears twice.
    DuplicatedByte(u8),
    /// A byte outside printable ASCII (`!` to `~`).
    UnprintableByte(u8),
    /// The padding byte `=`.
    ReservedByte(u8),
}

impl fmt::Display for AlphabetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AlphabetError::InvalidLength => f.write_str("a base64 alphabet has 64 symbols"),
            AlphabetError::DuplicatedByte(b) => write!(f, "byte {b:#04x} appears twice"),
            AlphabetError::UnprintableByte(b) => write!(f, "byte {b:#04x} is not printable ASCII"),
            AlphabetError::ReservedByte(b) => write!(f, "byte {b:#04x} is reserved for padding"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for AlphabetError {}
