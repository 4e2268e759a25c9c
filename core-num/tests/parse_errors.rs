//! Bad text input: every parsing entry point agrees with num-bigint on what parses and on the
//! error kind, reports the byte position of the first invalid digit, agrees with the other
//! entry points on every input, and never panics.
//!
//! One documented difference: num-bigint panics for a radix outside `2..=36` (`2..=256` for
//! digit values); core-num returns an error (`None` for `parse_bytes` / `from_radix_*`).

use core_num::{BigInt, BigUint, ParseBigIntError, Sign};
use num_bigint as nb;
use num_traits::Num;
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Our result as text: the value, or the error message.
fn show<T: ToString>(r: Result<T, ParseBigIntError>) -> Result<String, String> {
    r.map(|x| x.to_string()).map_err(|e| e.to_string())
}

fn theirs<T: Num + ToString>(s: &str, radix: u32) -> Result<String, String>
where
    T::FromStrRadixErr: ToString,
{
    T::from_str_radix(s, radix).map(|x| x.to_string()).map_err(|e| e.to_string())
}

/// Checks every entry point on `s` in `radix` (2..=36) against num-bigint and each other.
fn check(s: &str, radix: u32) {
    let ctx = format!("{s:?} in radix {radix}");
    let u = BigUint::from_str_radix(s, radix);
    let i = BigInt::from_str_radix(s, radix);
    assert_eq!(show(u.clone()), theirs::<nb::BigUint>(s, radix), "BigUint {ctx}");
    assert_eq!(show(i.clone()), theirs::<nb::BigInt>(s, radix), "BigInt {ctx}");
    assert_eq!(BigUint::parse_utf8(s.as_bytes(), radix), u, "BigUint::parse_utf8 {ctx}");
    assert_eq!(BigInt::parse_utf8(s.as_bytes(), radix), i, "BigInt::parse_utf8 {ctx}");
    assert_eq!(BigUint::parse_bytes(s.as_bytes(), radix), u.clone().ok(), "{ctx}");
    assert_eq!(BigInt::parse_bytes(s.as_bytes(), radix), i.clone().ok(), "{ctx}");
    if radix == 10 {
        assert_eq!(s.parse::<BigUint>(), u, "FromStr {ctx}");
        assert_eq!(s.parse::<BigInt>(), i, "FromStr {ctx}");
    }
    for e in [u.err(), i.err()].into_iter().flatten() {
        assert!(e.is_empty() != e.is_invalid_digit(), "{ctx}");
        match e.position() {
            None => assert!(e.is_empty(), "{ctx}"),
            Some(p) => assert!(e.is_invalid_digit() && p <= s.len(), "{ctx}: position {p}"),
        }
    }
}

const RADICES: [u32; 6] = [2, 8, 10, 16, 17, 36];

#[test]
fn signs_underscores_and_empty_input() {
    let cases = [
        "", "+", "-", "+-1", "-+1", "--1", "++1", "+-", "-_", "_", "__", "_1", "1_", "1__0",
        "1_0_", "-_1", "+_1", "-1_", " 1", "1 ", "1 2", "\t1", "1\n", "0x10", "0b1", "٣", "1٣",
        "é", "0", "-0", "+0", "00", "-00", "0_0", "+", "1-", "1+", "1+1", "Z", "z", "-z", "-Z_z",
    ];
    for s in cases {
        for radix in RADICES {
            check(s, radix);
        }
    }
    let empty = BigUint::from_str_radix("", 10).unwrap_err();
    assert!(empty.is_empty());
    assert_eq!(empty.position(), None);
    assert!(BigInt::from_str_radix("-", 10).unwrap_err().is_empty());
    assert!(BigUint::from_str_radix("+", 10).unwrap_err().is_empty());
}

#[test]
fn invalid_digit_at_every_position() {
    // Lengths on both sides of the divide-and-conquer cut-over (30 limbs is about 578 decimal
    // digits).
    for (n, radix) in [(1, 10), (2, 2), (5, 16), (40, 10), (64, 36), (600, 10), (1300, 16)] {
        let digits: Vec<u8> = (0..n)
            .map(|k| b"0123456789abcdefghijklmnopqrstuvwxyz"[(k * 7 + 3) % radix as usize])
            .collect();
        let bad: &[&str] =
            &["!", " ", "-", "+", "é", "\u{0663}", if radix <= 10 { "a" } else { "~" }];
        let step = if n > 100 { n / 37 } else { 1 };
        for at in (0..n).step_by(step) {
            for b in bad {
                let mut s = String::from_utf8(digits[..at].to_vec()).unwrap();
                s.push_str(b);
                s.push_str(std::str::from_utf8(&digits[at + 1..]).unwrap());
                check(&s, radix);
                if at == 0 && *b == "+" {
                    continue; // a sign, not a digit
                }
                let e = BigUint::from_str_radix(&s, radix).unwrap_err();
                assert_eq!(e.position(), Some(at), "{s:?} in radix {radix}");
            }
        }
    }
}

#[test]
fn every_digit_and_non_digit_byte() {
    for radix in 2..=36u32 {
        for b in 0..=255u8 {
            let s = [b'1', b, b'0'];
            let ours = BigUint::parse_utf8(&s, radix);
            let valid = (b as char).is_digit(radix) || b == b'_';
            assert_eq!(ours.is_ok(), valid, "byte {b:#x} in radix {radix}");
            if !valid {
                assert_eq!(ours.unwrap_err().position(), Some(1), "byte {b:#x} in radix {radix}");
            }
            if let Ok(text) = std::str::from_utf8(&s) {
                check(text, radix);
            } else {
                assert_eq!(BigUint::parse_bytes(&s, radix), None);
                assert_eq!(nb::BigUint::parse_bytes(&s, radix), None);
            }
        }
    }
}

/// Runs `f` and returns its result, failing the test if it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(x) => x,
        Err(_) => panic!("{what} panicked; it should return an error"),
    }
}

#[test]
fn radix_out_of_range_is_an_error_not_a_panic() {
    for radix in [0, 1, 37, 64, 100, u32::MAX] {
        let what = format!("radix {radix}");
        assert!(no_panic(&what, || BigUint::from_str_radix("10", radix)).is_err());
        assert!(no_panic(&what, || BigInt::from_str_radix("-10", radix)).is_err());
        assert!(no_panic(&what, || BigUint::parse_utf8(b"10", radix)).is_err());
        assert!(no_panic(&what, || BigInt::parse_utf8(b"10", radix)).is_err());
        assert_eq!(no_panic(&what, || BigUint::parse_bytes(b"10", radix)), None);
        assert_eq!(no_panic(&what, || BigInt::parse_bytes(b"10", radix)), None);
        assert!(no_panic(&what, || BigUint::from_str_radix("", radix)).is_err());
    }
    for radix in [0, 1, 257, u32::MAX] {
        let what = format!("digit-value radix {radix}");
        assert_eq!(no_panic(&what, || BigUint::from_radix_be(&[1, 0], radix)), None);
        assert_eq!(no_panic(&what, || BigUint::from_radix_le(&[1, 0], radix)), None);
        assert_eq!(no_panic(&what, || BigInt::from_radix_be(Sign::Minus, &[1], radix)), None);
        assert_eq!(no_panic(&what, || BigInt::from_radix_le(Sign::Plus, &[1], radix)), None);
    }
}

fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "0",
        "1",
        "7",
        "9",
        "a",
        "F",
        "z",
        "Z",
        "_",
        "+",
        "-",
        " ",
        "é",
        "\u{0663}",
        "00",
        "ff",
        "1234567890",
        "zzzz",
    ]);
    prop_oneof![
        prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat()),
        "[-+_]?[0-9a-zA-Z_]{0,40}",
        // Long digit runs past the divide-and-conquer cut-over, sometimes with one bad byte.
        (
            "[1-9][0-9]{600,700}",
            any::<prop::sample::Index>(),
            prop::sample::select(vec!["", "_", "x", "-"])
        )
            .prop_map(|(s, at, bad)| {
                let at = at.index(s.len());
                format!("{}{bad}{}", &s[..at], &s[at..])
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_num_bigint(s in text(), radix in 2u32..=36) {
        check(&s, radix);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64), radix in 0u32..=40) {
        let u = BigUint::parse_utf8(&bytes, radix);
        let i = BigInt::parse_utf8(&bytes, radix);
        if (2..=36).contains(&radix) {
            prop_assert_eq!(u.clone().ok(), nb::BigUint::parse_bytes(&bytes, radix).map(|x| BigUint::new(x.to_u32_digits())));
            prop_assert_eq!(i.is_ok(), nb::BigInt::parse_bytes(&bytes, radix).is_some());
            if let Ok(s) = std::str::from_utf8(&bytes) {
                prop_assert_eq!(BigUint::from_str_radix(s, radix), u);
                prop_assert_eq!(BigInt::from_str_radix(s, radix), i);
            }
        } else {
            prop_assert!(u.is_err() && i.is_err());
        }
    }
}
