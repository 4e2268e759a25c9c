//! Error values of every level and the free functions: `Utf8Error` equals std's (fields,
//! `Display`, `From`), `Utf16Error` points at the first unpaired surrogate, writing functions
//! report `BufferTooSmall` with the exact size needed (and `available`) for outputs of
//! needed - 1 and less, succeed at exactly needed, and report invalid input as
//! `TranscodeError::Invalid` whatever the output size.

mod common;

use common::imps;
use core_text::utf16::Utf16Error;
use core_text::utf8::Utf8Error;
use core_text::{BufferTooSmall, TranscodeError};

fn is_error<E: std::error::Error + Send + Sync + Copy + Eq + std::hash::Hash + 'static>() {}

#[test]
fn error_types_are_std_errors() {
    is_error::<Utf8Error>();
    is_error::<Utf16Error>();
    is_error::<BufferTooSmall>();
    is_error::<TranscodeError<Utf8Error>>();
    is_error::<TranscodeError<Utf16Error>>();
}

#[test]
fn utf8_errors_equal_std() {
    let cases: [&[u8]; 8] = [
        b"\xFF",
        b"ab\xE2\x82",
        b"ab\xE2\x82z",
        b"\xF0\x9F\x98",
        b"\xF0\x9F\x98\xF0\x9F\x98\x80",
        b"\xED\xA0\x80",
        b"\xC3\xA9\xC0\x80",
        b"\xF4\x90\x80\x80",
    ];
    for imp in imps() {
        for input in cases {
            let std = std::str::from_utf8(input).unwrap_err();
            let ours = imp.utf8_from_utf8(input).unwrap_err();
            let at = format!("{imp:?} on {input:X?}");
            assert_eq!(
                (ours.valid_up_to(), ours.error_len()),
                (std.valid_up_to(), std.error_len()),
                "{at}"
            );
            assert_eq!(ours.to_string(), std.to_string(), "{at}");
            assert_eq!(ours, Utf8Error::from(std), "{at}");
            assert_eq!(imp.utf8_utf16_len(input), Err(ours), "{at}");
            assert_eq!(imp.utf8_to_utf16_vec_from_bytes(input), Err(ours), "{at}");
            // Invalid wins over a too small output, and is reported with the same error.
            for len in [0, 1, input.len(), 4 * input.len()] {
                let mut dst = vec![0u16; len];
                let got = imp.utf8_to_utf16_from_bytes(input, &mut dst);
                assert_eq!(got, Err(TranscodeError::Invalid(ours)), "{at} into {len}");
                assert_eq!(got.unwrap_err().to_string(), std.to_string(), "{at}");
            }
        }
    }
}

#[test]
fn utf8_to_utf16_buffer_sizes() {
    for imp in imps() {
        for s in ["", "a", "é", "€", "😀", "a€😀", &"x😀é".repeat(40)] {
            let needed = s.encode_utf16().count();
            let want: Vec<u16> = s.encode_utf16().collect();
            for len in
                [needed.saturating_sub(2), needed.saturating_sub(1), needed, needed + 1, s.len()]
            {
                let mut dst = vec![0u16; len];
                let at = format!("{imp:?} on {s:?} into {len}");
                let from_str = imp.utf8_to_utf16(s, &mut dst);
                if len >= needed {
                    assert_eq!(from_str, Ok(needed), "{at}");
                    assert_eq!(dst[..needed], want, "{at}");
                } else {
                    let e = from_str.unwrap_err();
                    assert_eq!((e.needed(), e.available()), (needed, len), "{at}");
                    assert!(e.to_string().contains(&needed.to_string()), "{e}");
                }
                let mut dst = vec![0u16; len];
                let from_bytes = imp.utf8_to_utf16_from_bytes(s.as_bytes(), &mut dst);
                if len >= needed {
                    assert_eq!(from_bytes, Ok(needed), "{at}");
                    assert_eq!(dst[..needed], want, "{at}");
                } else {
                    let e = from_str.unwrap_err();
                    assert_eq!(from_bytes, Err(TranscodeError::BufferTooSmall(e)), "{at}");
                    assert_eq!(from_bytes, Err(TranscodeError::from(e)), "{at}");
                    assert_eq!(from_bytes.unwrap_err().to_string(), e.to_string());
                }
            }
        }
    }
}

#[test]
fn utf16_errors_point_at_first_unpaired_surrogate() {
    let cases: [(&[u16], usize); 8] = [
        (&[0xD800], 0),
        (&[0x41, 0xDC00], 1),
        (&[0xD83D, 0xDE00, 0xD800], 2),
        (&[0xD83D, 0xDE00, 0xD800, 0x41], 2),
        (&[0xDC00, 0xD800], 0),
        (&[0xD800, 0xD800, 0xDC00], 0),
        (&[0x61, 0x62, 0xD800, 0xDC00, 0xDC00], 4),
        (&[0xE9, 0x4E16, 0xDFFF], 2),
    ];
    for imp in imps() {
        for (input, bad) in cases {
            let at = format!("{imp:?} on {input:X?}");
            let e = imp.utf16_utf8_len(input).unwrap_err();
            assert_eq!(e.valid_up_to(), bad, "{at}");
            assert_eq!(e.to_string(), format!("unpaired surrogate at index {bad}"), "{at}");
            assert_eq!(imp.utf16_to_string(input), Err(e), "{at}");
            assert!(!imp.utf16_validate(input), "{at}");
            for len in [0, 1, 3 * input.len(), 100] {
                let mut dst = vec![0u8; len];
                let got = imp.utf16_to_utf8(input, &mut dst);
                assert_eq!(got, Err(TranscodeError::Invalid(e)), "{at} into {len}");
                assert_eq!(got.unwrap_err().to_string(), e.to_string());
            }
        }
    }
}

#[test]
fn utf16_to_utf8_buffer_sizes() {
    for imp in imps() {
        for s in ["", "a", "é", "€", "😀", "a€😀", &"x😀é".repeat(40)] {
            let units: Vec<u16> = s.encode_utf16().collect();
            let needed = s.len();
            for len in [
                needed.saturating_sub(2),
                needed.saturating_sub(1),
                needed,
                needed + 1,
                3 * units.len(),
            ] {
                let mut dst = vec![0u8; len];
                let at = format!("{imp:?} on {s:?} into {len}");
                let got = imp.utf16_to_utf8(&units, &mut dst);
                if len >= needed {
                    assert_eq!(got, Ok(needed), "{at}");
                    assert_eq!(&dst[..needed], s.as_bytes(), "{at}");
                } else {
                    match got {
                        Err(TranscodeError::BufferTooSmall(e)) => {
                            assert_eq!((e.needed(), e.available()), (needed, len), "{at}");
                            assert_eq!(
                                TranscodeError::<Utf16Error>::BufferTooSmall(e).to_string(),
                                e.to_string()
                            );
                        }
                        other => panic!("{at}: {other:?}"),
                    }
                }
            }
        }
    }
}
