//! Parsing arbitrary bytes as a `BigUint` / `BigInt` in a radix taken from the input (any
//! `u8`, so out-of-range radices too): nothing panics, every entry point agrees, and what
//! parses formats back to the canonical text (no `+`, no `_`, no leading zeros, lower case)
//! and parses again to the same value.
#![no_main]

use core_num::{BigInt, BigUint, Sign};
use libfuzzer_sys::fuzz_target;

/// The canonical text of a number that parsed: sign kept only when non-zero, `+` and `_`
/// dropped, leading zeros dropped, lower case.
fn canonical(text: &[u8]) -> String {
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    let digits: String = digits
        .iter()
        .filter(|&&b| b != b'_')
        .map(|&b| b.to_ascii_lowercase() as char)
        .skip_while(|&c| c == '0')
        .collect();
    match (negative, digits.is_empty()) {
        (_, true) => "0".to_string(),
        (true, false) => format!("-{digits}"),
        (false, false) => digits,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&radix, text)) = data.split_first() else {
        return;
    };
    let radix = u32::from(radix);
    let unsigned = BigUint::parse_utf8(text, radix);
    let signed = BigInt::parse_utf8(text, radix);
    assert_eq!(BigUint::parse_bytes(text, radix), unsigned.clone().ok());
    assert_eq!(BigInt::parse_bytes(text, radix), signed.clone().ok());
    if let Ok(s) = std::str::from_utf8(text) {
        assert_eq!(BigUint::from_str_radix(s, radix), unsigned);
        assert_eq!(BigInt::from_str_radix(s, radix), signed);
        if radix == 10 {
            assert_eq!(s.parse::<BigUint>(), unsigned);
            assert_eq!(s.parse::<BigInt>(), signed);
        }
    }
    if !(2..=36).contains(&radix) {
        assert!(unsigned.is_err() && signed.is_err(), "radix {radix} must be refused");
        return;
    }
    // Digit values (not text) in radix 2..=256 never panic either.
    let _ = BigUint::from_radix_be(text, radix * 7 % 255 + 2);
    let _ = BigInt::from_radix_le(Sign::Minus, text, radix * 7 % 255 + 2);

    match &signed {
        Ok(x) => {
            let s = x.to_str_radix(radix);
            assert_eq!(s, canonical(text));
            assert_eq!(BigInt::from_str_radix(&s, radix).as_ref(), Ok(x));
            if radix == 10 {
                assert_eq!(x.to_string(), s);
                let mut out = Vec::new();
                x.write_utf8(&mut out);
                assert_eq!(out, s.as_bytes());
            }
            // BigUint takes no '-', not even on zero.
            if text.first() != Some(&b'-') {
                assert_eq!(unsigned.as_ref().ok(), Some(x.magnitude()));
            } else {
                assert!(unsigned.is_err());
            }
        }
        Err(e) => {
            assert!(unsigned.is_err());
            if let Some(p) = e.position() {
                assert!(p <= text.len());
            }
        }
    }
    if let Ok(x) = &unsigned {
        assert_eq!(x.to_str_radix(radix), canonical(text));
    }
});
