//! `FromStr`: decimal text to the nearest value, rounded once.
//!
//! ```text
//! r = the f64 nearest the text               (core's parser: correctly rounded)
//! h = r rounded to the half type             (ties to even)
//! if r lies exactly halfway between two half values:
//!     compare the text's exact decimal digits with that halfway point's digits
//!     above: the upper neighbour; below: the lower; equal: keep h (the even one)
//! ```
//!
//! Rounding the text to `f64` first is safe everywhere except at those halfway points: every
//! halfway point of `f16` and `bf16` is an `f64` (it needs at most 12 significant bits), so
//! the text and `r` always lie on the same side of it, unless `r` lands on it. Then the
//! text may lie a little above or below (for example `"1.00048828125000000000001"`, just
//! above the halfway point `1 + 2^-11`), and the exact comparison decides. A halfway point is
//! `n * 2^k` with `n` odd and small, whose decimal expansion is finite (at most 17 + |k|
//! digits); it is built digit by digit in a fixed buffer, and the comparison reads the text
//! once, so parsing takes linear time and no allocation.
//!
//! The grammar and the error are `f32`'s and `f64`'s (`"inf"`, `"NaN"`, `"1e5"`, `".5"`,
//! ...): the text goes through core's parser first, which also validates it.

use super::{bf16, f16};
use core::num::ParseFloatError;
use core::str::FromStr;

/// Digits of a halfway point: `n < 2^54` times up to `2^128` or `5^150` fits in this many
/// decimal digits.
const MAX_DIGITS: usize = 128;

/// A non-negative decimal `0.d1 d2 d3 ... * 10^exp`, digits most significant first, no
/// leading zero.
struct Decimal {
    digits: [u8; MAX_DIGITS],
    len: usize,
    exp: i64,
}

impl Decimal {
    /// The exact decimal expansion of the positive finite `x` (whose expansion fits).
    fn of(x: f64) -> Decimal {
        let bits = x.to_bits();
        let e = ((bits >> 52) & 0x7FF) as i64;
        let m = bits & ((1 << 52) - 1);
        let (mut n, mut k) = if e == 0 { (m, -1074) } else { (m | 1 << 52, e - 1075) };
        let tz = n.trailing_zeros();
        n >>= tz;
        k += tz as i64;
        // Little-endian base-10 digits of n * 2^k (k >= 0) or n * 5^-k (k < 0); in the
        // second case the value is that integer divided by 10^-k.
        let mut le = [0u8; MAX_DIGITS];
        let mut len = 0;
        while n > 0 {
            le[len] = (n % 10) as u8;
            n /= 10;
            len += 1;
        }
        let (factor, times) = if k >= 0 { (2, k) } else { (5, -k) };
        for _ in 0..times {
            let mut carry = 0;
            for d in le.iter_mut().take(len) {
                let v = *d * factor + carry;
                *d = v % 10;
                carry = v / 10;
            }
            if carry > 0 && len < MAX_DIGITS {
                le[len] = carry;
                len += 1;
            }
        }
        let mut digits = [0u8; MAX_DIGITS];
        for i in 0..len {
            digits[i] = le[len - 1 - i];
        }
        let exp = len as i64 + if k >= 0 { 0 } else { k };
        Decimal { digits, len, exp }
    }
}

/// How the decimal number in `text` (valid `f64` syntax, finite) compares with `mid`,
/// magnitudes only.
fn compare_text(text: &[u8], mid: &Decimal) -> core::cmp::Ordering {
    use core::cmp::Ordering;
    // Split off the exponent; the digits before it, with at most one '.'.
    let (mant, exp_part) = match text.iter().position(|&c| c == b'e' || c == b'E') {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, &[][..]),
    };
    let mant = match mant.first() {
        Some(b'+' | b'-') => &mant[1..],
        _ => mant,
    };
    let mut exp10: i64 = 0;
    let (neg, exp_digits) = match exp_part.first() {
        Some(b'-') => (true, &exp_part[1..]),
        Some(b'+') => (false, &exp_part[1..]),
        _ => (false, exp_part),
    };
    for &c in exp_digits {
        // Saturates far beyond any exponent that can meet a halfway point.
        exp10 = (exp10 * 10 + (c - b'0') as i64).min(1 << 40);
    }
    if neg {
        exp10 = -exp10;
    }
    // The significant digits: skip leading zeros, note where the point falls.
    let point = mant.iter().position(|&c| c == b'.').unwrap_or(mant.len());
    let Some(lead_at) = mant.iter().position(|&c| c != b'0' && c != b'.') else {
        return Ordering::Less; // zero
    };
    let mut text_digits = mant[lead_at..].iter().filter(|&&c| c != b'.').map(|&c| c - b'0');
    // Digits between the leading digit and the point: value = 0.lead... * 10^(that + 1).
    let int_len =
        if lead_at < point { (point - lead_at) as i64 } else { -((lead_at - point - 1) as i64) };
    let text_exp = int_len.saturating_add(exp10);
    if text_exp != mid.exp {
        return text_exp.cmp(&mid.exp);
    }
    for (i, &m) in mid.digits[..mid.len].iter().enumerate() {
        match text_digits.next() {
            None if mid.digits[i..mid.len].iter().all(|&d| d == 0) => return Ordering::Equal,
            None => return Ordering::Less,
            Some(t) if t != m => return t.cmp(&m),
            Some(_) => {}
        }
    }
    if text_digits.any(|t| t != 0) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

macro_rules! from_str {
    ($t:ident) => {
        impl FromStr for $t {
            type Err = ParseFloatError;

            /// The value nearest the decimal text, rounded once (ties to even), in the
            /// syntax of `f32`'s `FromStr`.
            ///
            /// # Errors
            /// When the text is not a number in that syntax (the error is `core`'s).
            fn from_str(src: &str) -> Result<$t, ParseFloatError> {
                let r: f64 = src.parse()?;
                let h = $t::from_f64(r);
                let v = h.to_f64();
                if v == r || r.is_nan() || r == 0.0 {
                    return Ok(h);
                }
                // The neighbour of h on r's side (in magnitude); one past the largest finite
                // value reads as the power of two the encoding of infinity stands for.
                let hb = h.to_bits() & 0x7FFF;
                let other_bits = if v.abs() > r.abs() { hb - 1 } else { hb + 1 };
                let other = magnitude_value(other_bits, $t::MAX.to_bits(), $t::MANTISSA_DIGITS - 1);
                let vv = if hb == $t::INFINITY.to_bits() {
                    magnitude_value(hb, $t::MAX.to_bits(), $t::MANTISSA_DIGITS - 1)
                } else {
                    v.abs()
                };
                let mid = (vv + other) / 2.0;
                if mid != r.abs() {
                    return Ok(h);
                }
                let toward = match compare_text(src.as_bytes(), &Decimal::of(mid)) {
                    core::cmp::Ordering::Equal => return Ok(h),
                    core::cmp::Ordering::Greater => vv.max(other),
                    core::cmp::Ordering::Less => vv.min(other),
                };
                let abs = if toward == vv { hb } else { other_bits };
                Ok($t::from_bits(abs | (h.to_bits() & 0x8000)))
            }
        }
    };
}

/// The value of a magnitude bit pattern with `man` mantissa bits, read as finite even where
/// it encodes infinity (`max_bits + 1`).
fn magnitude_value(bits: u16, max_bits: u16, man: u32) -> f64 {
    debug_assert!(bits <= max_bits + 1);
    let e = (bits >> man) as i32;
    let m = (bits & ((1 << man) - 1)) as f64;
    let bias = (1 << (15 - man - 1)) - 1; // the exponent has the 15 - man bits left
    if e == 0 {
        m * pow2(1 - bias - man as i32)
    } else {
        (m + (1u32 << man) as f64) * pow2(e - bias - man as i32)
    }
}

/// `2^k` for `-1074 <= k <= 1023`.
fn pow2(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (k + 1074))
    }
}

from_str!(f16);
from_str!(bf16);
