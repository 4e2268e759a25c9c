//! Hostile input: text of ten million digits parses and formats in time and memory
//! proportional to its size (divide and conquer, no quadratic step), and malformed text of
//! that size fails with an error that says where, before any arithmetic.
//!
//! Memory is measured with a counting global allocator (this file is its own test binary):
//! the peak of live heap bytes while one call runs. Tests run one at a time through a lock,
//! so the peak is the call's own.

use core_num::{BigInt, BigUint};
use std::time::Duration;

#[path = "../../test-support/peak_alloc.rs"]
mod peak_alloc;

use peak_alloc::{measured, one_at_a_time};

const TEN_MILLION: usize = 10_000_000;

/// A generous ceiling that only a quadratic algorithm breaks: the subquadratic conversions
/// take seconds on ten million digits, a quadratic one hours.
const NOT_QUADRATIC: Duration = Duration::from_secs(300);

/// Ten million pseudo-random decimal digits, the first non-zero.
fn digits(len: usize) -> Vec<u8> {
    let mut state = 0x1234_5678_9ABC_DEF0u64;
    (0..len)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let d = (state % 10) as u8;
            b'0' + if i == 0 { d.max(1) } else { d }
        })
        .collect()
}

#[test]
fn ten_million_digits_parse_and_format_in_linear_memory() {
    let _one = one_at_a_time();
    let text = digits(TEN_MILLION);
    let (x, peak, elapsed) = measured(|| BigUint::parse_utf8(&text, 10).expect("valid digits"));
    // log2(10) bits per digit.
    let bits = x.bits();
    assert!((33_219_270..=33_219_281).contains(&bits), "{bits} bits");
    // Measured: about 11 bytes per digit at the peak (the transforms of the largest product,
    // three primes wide); a bound per input byte, so linear.
    assert!(peak < 16 * TEN_MILLION, "parsing peaked at {peak} bytes");
    assert!(elapsed < NOT_QUADRATIC, "parsing ten million digits took {elapsed:?}");

    let (back, peak, elapsed) = measured(|| x.to_string());
    assert_eq!(back.as_bytes(), &text[..], "the digits come back");
    assert!(peak < 16 * TEN_MILLION, "formatting peaked at {peak} bytes");
    assert!(elapsed < NOT_QUADRATIC, "formatting ten million digits took {elapsed:?}");
}

#[test]
fn ten_million_digits_with_a_bad_one_fail_fast_and_say_where() {
    let _one = one_at_a_time();
    let mut text = digits(TEN_MILLION);
    for at in [0, TEN_MILLION / 2, TEN_MILLION - 1] {
        let saved = text[at];
        text[at] = b'x';
        let (err, peak, _) = measured(|| BigUint::parse_utf8(&text, 10).unwrap_err());
        assert!(err.is_invalid_digit());
        assert_eq!(err.position(), Some(at));
        assert_eq!(err.to_string(), "invalid digit found in string");
        // Digits are checked before any limb is allocated.
        assert!(peak < 1 << 20, "a rejected input allocated {peak} bytes");
        text[at] = saved;
    }
    // A sign in the middle, a leading underscore (later ones separate digits, as in
    // num-bigint), and a non-ASCII byte.
    let mut signed = b"-".to_vec();
    signed.extend_from_slice(&text);
    signed[TEN_MILLION / 3] = b'-';
    let err = BigInt::parse_utf8(&signed, 10).unwrap_err();
    assert_eq!(err.position(), Some(TEN_MILLION / 3));
    let leading = [b"_".as_slice(), &text].concat();
    assert_eq!(BigUint::parse_utf8(&leading, 10).unwrap_err().position(), Some(0));
    text[17] = 0xC3;
    assert_eq!(BigUint::parse_utf8(&text, 10).unwrap_err().position(), Some(17));
}

#[test]
fn ten_million_digits_in_every_radix_class() {
    let _one = one_at_a_time();
    // Binary (a power of two: bits copied, no arithmetic) and radix 36 (the densest chunks).
    let bits: Vec<u8> = digits(TEN_MILLION).iter().map(|d| b'0' + (d - b'0') % 2).collect();
    let mut bits = bits;
    bits[0] = b'1';
    let (x, peak, _) = measured(|| BigUint::parse_utf8(&bits, 2).expect("binary digits"));
    assert_eq!(x.bits(), TEN_MILLION as u64);
    assert!(peak < 4 * TEN_MILLION / 8, "binary parsing peaked at {peak} bytes");

    let text: Vec<u8> = digits(TEN_MILLION / 4)
        .iter()
        .zip(digits(TEN_MILLION / 4).iter().rev())
        .map(|(a, b)| {
            b"0123456789abcdefghijklmnopqrstuvwxyz"[((a - b'0') * 4 + (b - b'0')) as usize % 36]
        })
        .collect();
    let text = [b"z".as_slice(), &text].concat();
    let x = BigUint::parse_utf8(&text, 36).expect("radix-36 digits");
    assert_eq!(x.to_str_radix(36).as_bytes(), &text[..]);
}

#[test]
fn an_out_of_range_radix_is_an_error_not_a_panic() {
    for radix in [0, 1, 37, u32::MAX] {
        let err = BigUint::parse_utf8(b"123", radix).unwrap_err();
        assert!(err.is_invalid_radix(), "radix {radix}");
        assert_eq!(err.radix(), Some(radix));
        assert_eq!(err.to_string(), format!("radix {radix} is not within 2..=36"));
        assert!(BigInt::from_str_radix("-123", radix).unwrap_err().is_invalid_radix());
    }
}
