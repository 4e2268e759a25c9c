//! Text and digit-value input: `from_str_radix`, `parse_bytes`, `parse_utf8`, `FromStr`,
//! `from_radix_be/le`.
//!
//! The accepted syntax is num-bigint's: an optional `+` (and, for `BigInt`, a `-` not followed
//! by `+`), then digits of the radix in either letter case, with `_` allowed anywhere after the
//! first digit. The digits go to the mpn layer's subquadratic parser, so long inputs cost
//! `O(M(n) log n)`, not `O(n²)`.
//!
//! One deliberate difference: a radix out of range is an error here (`None` for the `Option`
//! forms), where num-bigint panics, so no input can panic a parser.

use alloc::vec::Vec;
use core::str::FromStr;

use super::bigint::{BigInt, Sign};
use super::biguint::BigUint;
use super::error::ParseBigIntError;
use super::mpn::radix;

/// Panics unless `radix` is in `2..=36`.
#[inline]
#[track_caller]
pub(crate) fn check_text_radix(radix: u32) {
    if !(2..=36).contains(&radix) {
        panic!("The radix must be within 2...36");
    }
}

/// Panics unless `radix` is in `2..=256`.
#[inline]
#[track_caller]
pub(crate) fn check_value_radix(radix: u32) {
    if !(2..=256).contains(&radix) {
        panic!("The radix must be within 2...256");
    }
}

/// Parses an unsigned number (optional `+`, digits, `_` separators) starting at byte `offset`
/// of the caller's input, for error positions.
fn parse_unsigned(src: &[u8], offset: usize, radix: u32) -> Result<BigUint, ParseBigIntError> {
    let (digits, offset) = match src.split_first() {
        Some((b'+', rest)) => (rest, offset + 1),
        _ => (src, offset),
    };
    match digits.first() {
        None => return Err(ParseBigIntError::empty()),
        Some(b'_') => return Err(ParseBigIntError::invalid(offset)),
        Some(_) => {}
    }
    if !digits.contains(&b'_') {
        return radix::parse_radix(digits, radix)
            .map(BigUint::from_limbs)
            .map_err(|i| ParseBigIntError::invalid(offset + i));
    }
    // Drop the separators, then map an error index back to the input.
    let kept: Vec<u8> = digits.iter().copied().filter(|&b| b != b'_').collect();
    radix::parse_radix(&kept, radix).map(BigUint::from_limbs).map_err(|i| {
        let at = digits
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != b'_')
            .nth(i)
            .map_or(digits.len(), |(j, _)| j);
        ParseBigIntError::invalid(offset + at)
    })
}

/// Parses a signed number: a leading `-` (unless followed by `+`), then an unsigned number.
fn parse_signed(src: &[u8], radix: u32) -> Result<BigInt, ParseBigIntError> {
    match src {
        [b'-', rest @ ..] if rest.first() != Some(&b'+') => {
            let m = parse_unsigned(rest, 1, radix)?;
            Ok(BigInt::from_biguint(Sign::Minus, m))
        }
        _ => parse_unsigned(src, 0, radix).map(BigInt::from),
    }
}

impl BigUint {
    /// Parses `s` in `radix` (num-traits' `Num::from_str_radix`): an optional `+`, then digits
    /// (letters in either case) with optional `_` separators after the first digit.
    ///
    /// # Errors
    ///
    /// An empty error when there are no digits; an invalid-digit error, with its byte
    /// position, for anything else; an invalid-radix error when `radix` is not in `2..=36`
    /// (where num-bigint panics).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from_str_radix("ff_ff", 16), Ok(BigUint::from(0xffffu32)));
    /// assert!(BigUint::from_str_radix("-1", 10).is_err());
    /// ```
    pub fn from_str_radix(s: &str, radix: u32) -> Result<BigUint, ParseBigIntError> {
        BigUint::parse_utf8(s.as_bytes(), radix)
    }

    /// Parses bytes as [`from_str_radix`](Self::from_str_radix) does, without first checking
    /// that they are UTF-8 (a non-ASCII byte is an invalid digit).
    ///
    /// # Errors
    ///
    /// As `from_str_radix`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::parse_utf8(b"ff", 16), Ok(BigUint::from(255u32)));
    /// let err = BigUint::parse_utf8(b"12\xC3\xA9", 10).unwrap_err();
    /// assert_eq!(err.position(), Some(2));
    /// ```
    pub fn parse_utf8(s: &[u8], radix: u32) -> Result<BigUint, ParseBigIntError> {
        if !(2..=36).contains(&radix) {
            return Err(ParseBigIntError::invalid_radix(radix));
        }
        parse_unsigned(s, 0, radix)
    }

    /// Parses bytes in `radix`, `None` on any error (num-bigint's `parse_bytes`).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::parse_bytes(b"1125", 10), Some(BigUint::from(1125u32)));
    /// assert_eq!(BigUint::parse_bytes(b"12a", 10), None);
    /// ```
    pub fn parse_bytes(buf: &[u8], radix: u32) -> Option<BigUint> {
        BigUint::parse_utf8(buf, radix).ok()
    }

    /// A `BigUint` from big-endian digit values in `radix` (not ASCII: `[1, 2]` is 12 in base
    /// 10); `None` when a value is not below `radix` or `radix` is not in `2..=256`. Empty input
    /// is zero.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from_radix_be(&[1, 2, 3], 10), Some(BigUint::from(123u32)));
    /// assert_eq!(BigUint::from_radix_be(&[1, 10], 10), None);
    /// ```
    pub fn from_radix_be(buf: &[u8], radix: u32) -> Option<BigUint> {
        if !(2..=256).contains(&radix) || buf.iter().any(|&d| u32::from(d) >= radix) {
            return None;
        }
        Some(BigUint::from_limbs(radix::parse_digit_values(buf, radix)))
    }

    /// A `BigUint` from little-endian digit values in `radix`; `None` when a value is not
    /// below `radix` or `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from_radix_le(&[4, 3, 2, 1], 10), Some(BigUint::from(1234u32)));
    /// assert_eq!(BigUint::from_radix_le(&[1, 2], 2), None); // 2 is not a binary digit
    /// assert_eq!(BigUint::from_radix_le(&[1], 257), None);
    /// ```
    pub fn from_radix_le(buf: &[u8], radix: u32) -> Option<BigUint> {
        let mut be = buf.to_vec();
        be.reverse();
        BigUint::from_radix_be(&be, radix)
    }
}

impl BigInt {
    /// Parses `s` in `radix`: an optional sign (`-` or `+`), then digits with optional `_`
    /// separators after the first digit.
    ///
    /// # Errors
    ///
    /// As [`BigUint::from_str_radix`].
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// assert_eq!(BigInt::from_str_radix("-ff", 16), Ok(BigInt::from(-255)));
    /// ```
    pub fn from_str_radix(s: &str, radix: u32) -> Result<BigInt, ParseBigIntError> {
        BigInt::parse_utf8(s.as_bytes(), radix)
    }

    /// Parses bytes as [`from_str_radix`](Self::from_str_radix) does, without a UTF-8 check.
    ///
    /// # Errors
    ///
    /// As `from_str_radix`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::parse_utf8(b"-777", 8), Ok(BigInt::from(-511)));
    /// assert!(BigInt::parse_utf8(b"", 10).unwrap_err().is_empty());
    /// ```
    pub fn parse_utf8(s: &[u8], radix: u32) -> Result<BigInt, ParseBigIntError> {
        if !(2..=36).contains(&radix) {
            return Err(ParseBigIntError::invalid_radix(radix));
        }
        parse_signed(s, radix)
    }

    /// Parses bytes in `radix`, `None` on any error.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::parse_bytes(b"-z", 36), Some(BigInt::from(-35)));
    /// assert_eq!(BigInt::parse_bytes(b"12", 2), None);
    /// ```
    pub fn parse_bytes(buf: &[u8], radix: u32) -> Option<BigInt> {
        BigInt::parse_utf8(buf, radix).ok()
    }

    /// A `BigInt` from a sign and big-endian digit values in `radix`; `None` when a value is
    /// not below `radix` or `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from_radix_be(Sign::Minus, &[1, 0, 0], 16), Some(BigInt::from(-256)));
    /// assert_eq!(BigInt::from_radix_be(Sign::Plus, &[16], 16), None);
    /// ```
    pub fn from_radix_be(sign: Sign, buf: &[u8], radix: u32) -> Option<BigInt> {
        BigUint::from_radix_be(buf, radix).map(|m| BigInt::from_biguint(sign, m))
    }

    /// A `BigInt` from a sign and little-endian digit values in `radix`; `None` when a value
    /// is not below `radix` or `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from_radix_le(Sign::Minus, &[0, 1, 1], 2), Some(BigInt::from(-6)));
    /// assert_eq!(BigInt::from_radix_le(Sign::Plus, &[9], 1), None);
    /// ```
    pub fn from_radix_le(sign: Sign, buf: &[u8], radix: u32) -> Option<BigInt> {
        BigUint::from_radix_le(buf, radix).map(|m| BigInt::from_biguint(sign, m))
    }
}

impl FromStr for BigUint {
    type Err = ParseBigIntError;

    /// Parses a decimal number (see [`BigUint::from_str_radix`]).
    #[inline]
    fn from_str(s: &str) -> Result<BigUint, ParseBigIntError> {
        parse_unsigned(s.as_bytes(), 0, 10)
    }
}

impl FromStr for BigInt {
    type Err = ParseBigIntError;

    /// Parses a decimal number (see [`BigInt::from_str_radix`]).
    #[inline]
    fn from_str(s: &str) -> Result<BigInt, ParseBigIntError> {
        parse_signed(s.as_bytes(), 10)
    }
}
