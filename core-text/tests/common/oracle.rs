//! Checks every operation of an [`Imp`] on one input against std:
//!
//! | ours | oracle |
//! |---|---|
//! | `utf8::validate`, `from_utf8`, `from_utf8_mut` | `str::from_utf8` (error `Display` too) |
//! | the same | `simdutf8::basic::from_utf8`, `simdutf8::compat::from_utf8` (the peer) |
//! | `utf8::utf16_len`, `utf16_len_str` | `s.encode_utf16().count()` |
//! | `utf8::count_chars` | `s.chars().count()` |
//! | `utf8::to_utf16*` | `s.encode_utf16().collect()` |
//! | `utf16::validate`, `to_string` | `String::from_utf16` |
//! | `utf16::utf8_len` | `String::from_utf16(u).map(|s| s.len())` |
//! | `Utf16Error::valid_up_to` | the first `Err` of `char::decode_utf16` |
//! | `utf16::to_string_lossy` | `String::from_utf16_lossy` |
//!
//! Writing functions are run with an output of exactly the size needed, one less (must be
//! `BufferTooSmall` with the exact `needed`), none, and more than needed; on invalid input they
//! must return `TranscodeError::Invalid` whatever the output size, and write nothing.

use super::{Hex, Imp};
use core_text::utf8::Utf8Error;
use core_text::TranscodeError;
use std::fmt;

/// Failure context, formatted only when an assertion fails.
struct Where<'a, T, C> {
    imp: Imp,
    ctx: &'a C,
    input: &'a [T],
}

impl<T: fmt::UpperHex, C: fmt::Debug> fmt::Display for Where<'_, T, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}, {:?}, input {}", self.imp, self.ctx, Hex(self.input))
    }
}

/// Sentinel written into output buffers before a call, to see what it wrote.
const SENTINEL_U16: u16 = 0xA5A5;
const SENTINEL_U8: u8 = 0xA5;

/// Asserts our `Utf8Error` equals std's: position, length, `Display` and `From`.
pub fn assert_same_utf8_error(ours: Utf8Error, std: std::str::Utf8Error, at: &dyn fmt::Display) {
    assert_eq!(
        (ours.valid_up_to(), ours.error_len()),
        (std.valid_up_to(), std.error_len()),
        "(valid_up_to, error_len): {at}"
    );
    assert_eq!(ours, Utf8Error::from(std), "From<std::str::Utf8Error>: {at}");
}

/// Checks every UTF-8 operation of every `imps` on `input` against std.
pub fn check_utf8(imps: &[Imp], input: &[u8], ctx: &impl fmt::Debug) {
    let std = std::str::from_utf8(input);
    let units: Vec<u16> = match std {
        Ok(s) => s.encode_utf16().collect(),
        Err(_) => Vec::new(),
    };
    let chars = std.map_or(0, |s| s.chars().count());
    // The peer: simdutf8's two flavours.
    let basic = simdutf8::basic::from_utf8(input).is_ok();
    let compat = simdutf8::compat::from_utf8(input).map_err(|e| (e.valid_up_to(), e.error_len()));
    for &imp in imps {
        let at = &Where { imp, ctx, input };
        assert_eq!(imp.utf8_validate(input), basic, "validate vs simdutf8::basic: {at}");
        let ours = imp.utf8_from_utf8(input).map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(ours.map(str::len), compat.map(str::len), "from_utf8 vs simdutf8::compat: {at}");
        check_utf8_bytes(imp, input, std, &units, at);
        if let Ok(s) = std {
            check_utf8_str(imp, s, &units, chars, at);
        }
    }
}

/// The operations on bytes (validating ones).
fn check_utf8_bytes(
    imp: Imp,
    input: &[u8],
    std: Result<&str, std::str::Utf8Error>,
    units: &[u16],
    at: &dyn fmt::Display,
) {
    assert_eq!(imp.utf8_validate(input), std.is_ok(), "validate: {at}");

    match (imp.utf8_from_utf8(input), std) {
        (Ok(ours), Ok(_)) => {
            assert!(std::ptr::eq(ours.as_bytes(), input), "from_utf8 returned another slice: {at}")
        }
        (Err(ours), Err(e)) => {
            assert_same_utf8_error(ours, e, at);
            assert_eq!(ours.to_string(), e.to_string(), "Display: {at}");
        }
        (ours, e) => panic!("from_utf8: ours {ours:?}, std {e:?}: {at}"),
    }

    let mut copy = input.to_vec();
    match (imp.utf8_from_utf8_mut(&mut copy), std) {
        (Ok(ours), Ok(s)) => assert_eq!(ours, s, "from_utf8_mut: {at}"),
        (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
        (ours, e) => panic!("from_utf8_mut: ours {ours:?}, std {e:?}: {at}"),
    }

    match (imp.utf8_utf16_len(input), std) {
        (Ok(n), Ok(_)) => assert_eq!(n, units.len(), "utf16_len: {at}"),
        (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
        (ours, e) => panic!("utf16_len: ours {ours:?}, std {e:?}: {at}"),
    }

    match (imp.utf8_to_utf16_vec_from_bytes(input), std) {
        (Ok(v), Ok(_)) => assert_eq!(v, units, "to_utf16_vec_from_bytes: {at}"),
        (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
        (ours, e) => panic!("to_utf16_vec_from_bytes: ours {ours:?}, std {e:?}: {at}"),
    }

    match std {
        Ok(_) => {
            let needed = units.len();
            for len in output_sizes(needed, input.len()) {
                let mut dst = vec![SENTINEL_U16; len];
                let got = imp.utf8_to_utf16_from_bytes(input, &mut dst);
                if len >= needed {
                    assert_eq!(got, Ok(needed), "to_utf16_from_bytes into {len}: {at}");
                    assert_eq!(&dst[..needed], units, "to_utf16_from_bytes into {len}: {at}");
                } else {
                    match got {
                        Err(TranscodeError::BufferTooSmall(e)) => assert_eq!(
                            (e.needed(), e.available()),
                            (needed, len),
                            "to_utf16_from_bytes into {len}: {at}"
                        ),
                        other => panic!("to_utf16_from_bytes into {len}: {other:?}: {at}"),
                    }
                }
            }
        }
        Err(e) => {
            for len in [0, input.len() + 1] {
                let mut dst = vec![SENTINEL_U16; len];
                match imp.utf8_to_utf16_from_bytes(input, &mut dst) {
                    Err(TranscodeError::Invalid(ours)) => assert_same_utf8_error(ours, e, at),
                    other => panic!("to_utf16_from_bytes into {len}: {other:?}, std {e:?}: {at}"),
                }
                // With room for a unit per byte, the valid prefix may have been transcoded
                // (one pass validates and writes); with none, nothing can be.
                if len < input.len() {
                    assert!(dst.iter().all(|&u| u == SENTINEL_U16), "wrote on invalid input: {at}");
                }
            }
        }
    }
}

/// The operations on `&str`.
fn check_utf8_str(imp: Imp, s: &str, units: &[u16], chars: usize, at: &dyn fmt::Display) {
    assert_eq!(imp.utf8_count_chars(s), chars, "count_chars: {at}");
    assert_eq!(imp.utf8_utf16_len_str(s), units.len(), "utf16_len_str: {at}");
    assert_eq!(imp.utf8_to_utf16_vec(s), units, "to_utf16_vec: {at}");
    let needed = units.len();
    for len in output_sizes(needed, s.len()) {
        let mut dst = vec![SENTINEL_U16; len];
        let got = imp.utf8_to_utf16(s, &mut dst);
        if len >= needed {
            assert_eq!(got, Ok(needed), "to_utf16 into {len}: {at}");
            assert_eq!(&dst[..needed], units, "to_utf16 into {len}: {at}");
        } else {
            let e = got.expect_err("to_utf16 into too small a buffer succeeded");
            assert_eq!((e.needed(), e.available()), (needed, len), "to_utf16 into {len}: {at}");
        }
    }
}

/// Output sizes to try: none, needed - 1, needed, needed + 1, `always_enough` (the documented
/// always-large-enough size), and a generous one.
fn output_sizes(needed: usize, always_enough: usize) -> Vec<usize> {
    let mut sizes =
        vec![0, needed.saturating_sub(1), needed, needed + 1, always_enough, needed + 67];
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// The std oracle for UTF-16: the index of the first unpaired surrogate, from
/// `char::decode_utf16` (each `Ok(c)` consumes `c.len_utf16()` units, an `Err` one).
pub fn first_unpaired(units: &[u16]) -> Option<usize> {
    let mut at = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => at += c.len_utf16(),
            Err(_) => return Some(at),
        }
    }
    None
}

/// `Ok(UTF-8 length)` or `Err(index of the first unpaired surrogate)`, from std.
pub fn utf16_expect(units: &[u16]) -> Result<usize, usize> {
    let mut at = 0;
    let mut bytes = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => {
                at += c.len_utf16();
                bytes += c.len_utf8();
            }
            Err(_) => return Err(at),
        }
    }
    Ok(bytes)
}

/// Checks every UTF-16 operation of every `imps` on `input` against std.
pub fn check_utf16(imps: &[Imp], input: &[u16], ctx: &impl fmt::Debug) {
    let std = String::from_utf16(input).ok();
    let bad = first_unpaired(input);
    assert_eq!(std.is_some(), bad.is_none(), "oracles disagree on {}", Hex(input));
    let lossy = String::from_utf16_lossy(input);
    for &imp in imps {
        let at = &Where { imp, ctx, input };
        assert_eq!(imp.utf16_validate(input), std.is_some(), "validate: {at}");
        assert_eq!(imp.utf16_to_string_lossy(input), lossy, "to_string_lossy: {at}");
        match (&std, bad) {
            (Some(s), _) => {
                assert_eq!(imp.utf16_utf8_len(input), Ok(s.len()), "utf8_len: {at}");
                assert_eq!(imp.utf16_to_string(input).as_ref(), Ok(s), "to_string: {at}");
                let needed = s.len();
                for len in output_sizes(needed, 3 * input.len()) {
                    let mut dst = vec![SENTINEL_U8; len];
                    let got = imp.utf16_to_utf8(input, &mut dst);
                    if len >= needed {
                        assert_eq!(got, Ok(needed), "to_utf8 into {len}: {at}");
                        assert_eq!(&dst[..needed], s.as_bytes(), "to_utf8 into {len}: {at}");
                    } else {
                        match got {
                            Err(TranscodeError::BufferTooSmall(e)) => assert_eq!(
                                (e.needed(), e.available()),
                                (needed, len),
                                "to_utf8 into {len}: {at}"
                            ),
                            other => panic!("to_utf8 into {len}: {other:?}: {at}"),
                        }
                    }
                }
            }
            (None, Some(bad)) => {
                let e = imp.utf16_utf8_len(input).expect_err("utf8_len accepted invalid input");
                assert_eq!(e.valid_up_to(), bad, "utf8_len: {at}");
                assert_eq!(e.to_string(), format!("unpaired surrogate at index {bad}"), "{at}");
                let e = imp.utf16_to_string(input).expect_err("to_string accepted invalid input");
                assert_eq!(e.valid_up_to(), bad, "to_string: {at}");
                for len in [0, 3 * input.len() + 1] {
                    let mut dst = vec![SENTINEL_U8; len];
                    match imp.utf16_to_utf8(input, &mut dst) {
                        Err(TranscodeError::Invalid(e)) => {
                            assert_eq!(e.valid_up_to(), bad, "to_utf8 into {len}: {at}")
                        }
                        other => panic!("to_utf8 into {len}: {other:?}: {at}"),
                    }
                    // With room for 3 bytes a unit, one pass validates and writes (what `dst`
                    // holds is then unspecified); with less, nothing can be written.
                    if len < 3 * input.len() {
                        assert!(
                            dst.iter().all(|&b| b == SENTINEL_U8),
                            "wrote on invalid input: {at}"
                        );
                    }
                }
            }
            (None, None) => unreachable!(),
        }
    }
}

/// The two kernels of UTF-8 checking (`validate` and the counting check behind `utf16_len`)
/// of one implementation on `input`, against `std` (which the caller computed on `input`).
/// The cheap check for the exhaustive sweeps.
pub fn check_utf8_kernels(
    imp: Imp,
    input: &[u8],
    std: Result<&str, std::str::Utf8Error>,
    ctx: &impl fmt::Debug,
) {
    let at = &Where { imp, ctx, input };
    assert_eq!(imp.utf8_validate(input), std.is_ok(), "validate: {at}");
    match (imp.utf8_utf16_len(input), std) {
        (Ok(n), Ok(s)) => assert_eq!(n, s.encode_utf16().count(), "utf16_len: {at}"),
        (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
        (ours, e) => panic!("utf16_len: ours {ours:?}, std {e:?}: {at}"),
    }
}

/// The two kernels of UTF-16 checking (`validate` and the counting check behind `utf8_len`)
/// of one implementation on `input`, against `expect` (from [`utf16_expect`]).
pub fn check_utf16_kernels(
    imp: Imp,
    input: &[u16],
    expect: Result<usize, usize>,
    ctx: &impl fmt::Debug,
) {
    let at = &Where { imp, ctx, input };
    assert_eq!(imp.utf16_validate(input), expect.is_ok(), "validate: {at}");
    let got = imp.utf16_utf8_len(input).map_err(|e| e.valid_up_to());
    assert_eq!(got, expect, "utf8_len (Err: valid_up_to): {at}");
}

/// The operations that run a distinct kernel, on each of `levels`: `validate`, `from_utf8`
/// (validate, then the check that locates errors), `utf16_len` (the counting check), and for
/// valid input `count_chars` and `to_utf16_vec` (the transcoder). Cheaper than [`check_utf8`]
/// (no output-size variations, no error `Display`), for the full padding cross product.
pub fn check_utf8_kernel_ops(levels: &[Imp], input: &[u8], ctx: &impl fmt::Debug) {
    let std = std::str::from_utf8(input);
    let units: Vec<u16> = std.map_or_else(|_| Vec::new(), |s| s.encode_utf16().collect());
    for &imp in levels {
        let at = &Where { imp, ctx, input };
        assert_eq!(imp.utf8_validate(input), std.is_ok(), "validate: {at}");
        match (imp.utf8_from_utf8(input), std) {
            (Ok(ours), Ok(_)) => assert!(std::ptr::eq(ours.as_bytes(), input), "from_utf8: {at}"),
            (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
            (ours, e) => panic!("from_utf8: ours {ours:?}, std {e:?}: {at}"),
        }
        match (imp.utf8_utf16_len(input), std) {
            (Ok(n), Ok(_)) => assert_eq!(n, units.len(), "utf16_len: {at}"),
            (Err(ours), Err(e)) => assert_same_utf8_error(ours, e, at),
            (ours, e) => panic!("utf16_len: ours {ours:?}, std {e:?}: {at}"),
        }
        if let Ok(s) = std {
            assert_eq!(imp.utf8_count_chars(s), s.chars().count(), "count_chars: {at}");
            assert_eq!(imp.utf8_to_utf16_vec(s), units, "to_utf16_vec: {at}");
        }
    }
}

/// The UTF-16 operations that run a distinct kernel, on each of `levels`: `validate`,
/// `utf8_len` (the counting check), `to_string` (check and transcoder) and `to_string_lossy`.
pub fn check_utf16_kernel_ops(levels: &[Imp], input: &[u16], ctx: &impl fmt::Debug) {
    let std = String::from_utf16(input).map_err(|_| first_unpaired(input));
    for &imp in levels {
        let at = &Where { imp, ctx, input };
        assert_eq!(imp.utf16_validate(input), std.is_ok(), "validate: {at}");
        let got = imp.utf16_utf8_len(input).map_err(|e| e.valid_up_to());
        assert_eq!(got, std.as_ref().map(String::len).map_err(|&e| e.unwrap()), "utf8_len: {at}");
        let got = imp.utf16_to_string(input).map_err(|e| Some(e.valid_up_to()));
        assert_eq!(got, std, "to_string: {at}");
        if std.is_err() {
            assert_eq!(imp.utf16_to_string_lossy(input), String::from_utf16_lossy(input), "{at}");
        }
    }
}

/// The standard treatment of a named UTF-8 case: with every padding pair (the cross product),
/// the kernel operations of every level; with a sweep of pairs, every operation of every
/// implementation.
pub fn check_utf8_case(case: &[u8]) {
    use super::padding::{for_each_padded_utf8, Pads};
    let imps = super::imps();
    let levels: Vec<Imp> = super::backends().into_iter().map(Imp::Level).collect();
    let ctx = |at| (Hex(case), at);
    for_each_padded_utf8(case, Pads::All, |input, at| {
        check_utf8_kernel_ops(&levels, input, &ctx(at))
    });
    for_each_padded_utf8(case, Pads::Sweep(super::seed_of(case)), |input, at| {
        check_utf8(&imps, input, &ctx(at))
    });
}

/// The standard treatment of a named UTF-16 case, as [`check_utf8_case`].
pub fn check_utf16_case(case: &[u16]) {
    use super::padding::{for_each_padded_utf16, Pads};
    let imps = super::imps();
    let levels: Vec<Imp> = super::backends().into_iter().map(Imp::Level).collect();
    let ctx = |at| (Hex(case), at);
    for_each_padded_utf16(case, Pads::All, |input, at| {
        check_utf16_kernel_ops(&levels, input, &ctx(at))
    });
    for_each_padded_utf16(case, Pads::Sweep(super::seed_of(case)), |input, at| {
        check_utf16(&imps, input, &ctx(at))
    });
}
