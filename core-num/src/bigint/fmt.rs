//! Text and digit-value output: `Display`, `Debug`, `LowerHex`, `UpperHex`, `Binary`,
//! `Octal`, `to_str_radix`, `to_radix_be/le`, `write_utf8`.
//!
//! Values of up to 128 bits are written from a stack buffer; larger ones go through the mpn
//! layer's divide-and-conquer conversion. Formatter flags (width, fill, alignment, `+`, `#`,
//! `0`) are honoured through `Formatter::pad_integral`. Negative `BigInt`s print a `-` and the
//! magnitude in every radix, as num-bigint does.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::bigint::{BigInt, Sign};
use super::biguint::BigUint;
use super::mpn::radix;
use super::parse::{check_text_radix, check_value_radix};

/// Appends the digits of a magnitude in `radix` (2..=36) to `out`; zero is `"0"`.
fn write_digits(limbs: &[u64], radix: u32, upper: bool, out: &mut Vec<u8>) {
    match *limbs {
        [] => out.push(b'0'),
        [x] => {
            let mut buf = [0u8; 64];
            out.extend_from_slice(small_digits(x as u128, radix, upper, &mut buf));
        }
        _ => radix::write_radix(limbs, radix, upper, out),
    }
}

/// The digits of `x` in `radix` (2..=36), written at the end of `buf`.
fn small_digits(mut x: u128, radix: u32, upper: bool, buf: &mut [u8]) -> &[u8] {
    let letters = if upper { b'A' - 10 } else { b'a' - 10 };
    let r = u128::from(radix);
    let mut i = buf.len();
    loop {
        let d = (x % r) as u8;
        x /= r;
        i -= 1;
        buf[i] = if d < 10 { b'0' + d } else { letters + d };
        if x == 0 {
            break;
        }
    }
    &buf[i..]
}

/// Formats a sign and magnitude through `pad_integral`.
fn fmt_radix(
    f: &mut fmt::Formatter<'_>,
    nonneg: bool,
    limbs: &[u64],
    radix: u32,
    upper: bool,
    prefix: &str,
) -> fmt::Result {
    if limbs.len() <= 2 {
        let x = match *limbs {
            [] => 0,
            [lo] => lo as u128,
            [lo, hi] => (hi as u128) << 64 | lo as u128,
            _ => unreachable!(),
        };
        let mut buf = [0u8; 128];
        let digits = small_digits(x, radix, upper, &mut buf);
        return f.pad_integral(nonneg, prefix, ascii_str(digits));
    }
    let mut out = Vec::new();
    radix::write_radix(limbs, radix, upper, &mut out);
    f.pad_integral(nonneg, prefix, ascii_str(&out))
}

/// Views digits as `&str` (they are ASCII by construction).
fn ascii_str(digits: &[u8]) -> &str {
    core::str::from_utf8(digits).unwrap_or_default()
}

macro_rules! impl_fmt {
    ($Trait:ident, $radix:expr, $upper:expr, $prefix:expr) => {
        impl fmt::$Trait for BigUint {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt_radix(f, true, self.limbs(), $radix, $upper, $prefix)
            }
        }

        impl fmt::$Trait for BigInt {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let nonneg = self.sign() != Sign::Minus;
                fmt_radix(f, nonneg, self.magnitude().limbs(), $radix, $upper, $prefix)
            }
        }
    };
}

impl_fmt!(Display, 10, false, "");
impl_fmt!(LowerHex, 16, false, "0x");
impl_fmt!(UpperHex, 16, true, "0x");
impl_fmt!(Binary, 2, false, "0b");
impl_fmt!(Octal, 8, false, "0o");

impl fmt::Debug for BigUint {
    /// The decimal value, as `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for BigInt {
    /// The decimal value, as `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl BigUint {
    /// The value in `radix`, lower-case letters, no prefix.
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=36`.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(0xffffu32).to_str_radix(16), "ffff");
    /// ```
    #[track_caller]
    pub fn to_str_radix(&self, radix: u32) -> String {
        check_text_radix(radix);
        let mut out = Vec::new();
        write_digits(self.limbs(), radix, false, &mut out);
        String::from(ascii_str(&out))
    }

    /// Appends the decimal digits of the value to `out`.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// let mut out = b"n=".to_vec();
    /// BigUint::from(42u32).write_utf8(&mut out);
    /// assert_eq!(out, b"n=42");
    /// ```
    pub fn write_utf8(&self, out: &mut Vec<u8>) {
        write_digits(self.limbs(), 10, false, out);
    }

    /// The big-endian digit values in `radix` (`[0]` for zero).
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=256`.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(0xFFFFu32).to_radix_be(159), vec![2, 94, 27]);
    /// ```
    #[track_caller]
    pub fn to_radix_be(&self, radix: u32) -> Vec<u8> {
        check_value_radix(radix);
        radix::to_digit_values(self.limbs(), radix)
    }

    /// The little-endian digit values in `radix` (`[0]` for zero).
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(1234u32).to_radix_le(10), [4, 3, 2, 1]);
    /// assert_eq!(BigUint::from(0x1FFu32).to_radix_le(256), [0xFF, 1]);
    /// assert_eq!(BigUint::ZERO.to_radix_le(7), [0]);
    /// ```
    #[track_caller]
    pub fn to_radix_le(&self, radix: u32) -> Vec<u8> {
        let mut v = self.to_radix_be(radix);
        v.reverse();
        v
    }
}

impl BigInt {
    /// The value in `radix`, with a `-` for negative values, lower-case letters.
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=36`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-255).to_str_radix(16), "-ff");
    /// assert_eq!(BigInt::from(35).to_str_radix(36), "z");
    /// assert!(std::panic::catch_unwind(|| BigInt::from(1).to_str_radix(37)).is_err());
    /// ```
    #[track_caller]
    pub fn to_str_radix(&self, radix: u32) -> String {
        check_text_radix(radix);
        let mut out = Vec::new();
        if self.sign() == Sign::Minus {
            out.push(b'-');
        }
        write_digits(self.magnitude().limbs(), radix, false, &mut out);
        String::from(ascii_str(&out))
    }

    /// Appends the decimal digits of the value, with a `-` for negative values, to `out`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let mut out = b"x = ".to_vec();
    /// BigInt::from(-1234567).write_utf8(&mut out);
    /// assert_eq!(out, b"x = -1234567");
    /// ```
    pub fn write_utf8(&self, out: &mut Vec<u8>) {
        if self.sign() == Sign::Minus {
            out.push(b'-');
        }
        write_digits(self.magnitude().limbs(), 10, false, out);
    }

    /// The sign and the big-endian digit values of the magnitude in `radix`.
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from(-1234).to_radix_be(10), (Sign::Minus, vec![1, 2, 3, 4]));
    /// assert_eq!(BigInt::from(256).to_radix_be(256), (Sign::Plus, vec![1, 0]));
    /// ```
    #[track_caller]
    pub fn to_radix_be(&self, radix: u32) -> (Sign, Vec<u8>) {
        (self.sign(), self.magnitude().to_radix_be(radix))
    }

    /// The sign and the little-endian digit values of the magnitude in `radix`.
    ///
    /// # Panics
    ///
    /// When `radix` is not in `2..=256`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from(-6).to_radix_le(2), (Sign::Minus, vec![0, 1, 1]));
    /// assert_eq!(BigInt::ZERO.to_radix_le(10), (Sign::NoSign, vec![0]));
    /// ```
    #[track_caller]
    pub fn to_radix_le(&self, radix: u32) -> (Sign, Vec<u8>) {
        (self.sign(), self.magnitude().to_radix_le(radix))
    }
}
