//! UTF-16 (the input read as little-endian units) at every level against std: `validate`,
//! `utf8_len`, `to_string`, `to_string_lossy`, `to_utf8` into exact and too-small buffers, and
//! the round trip back through `utf8::to_utf16_vec`.
#![no_main]

use core_text::{utf8, Backend, TranscodeError};
use libfuzzer_sys::fuzz_target;

/// The index of the first unpaired surrogate: the reference for `Utf16Error::valid_up_to`.
fn first_unpaired(units: &[u16]) -> Option<usize> {
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF if matches!(units.get(i + 1), Some(0xDC00..=0xDFFF)) => i += 2,
            0xD800..=0xDFFF => return Some(i),
            _ => i += 1,
        }
    }
    None
}

fuzz_target!(|data: &[u8]| {
    let units: Vec<u16> =
        data.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
    let want = String::from_utf16(&units);
    let want_err = first_unpaired(&units);
    assert_eq!(want.is_ok(), want_err.is_none(), "reference disagrees with std");
    let lossy = String::from_utf16_lossy(&units);

    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.utf16_validate(&units), want.is_ok(), "validate at {level}");
        assert_eq!(b.utf16_to_string_lossy(&units), lossy, "to_string_lossy at {level}");

        let got = b.utf16_utf8_len(&units);
        assert_eq!(
            got.map_err(|e| e.valid_up_to()),
            want.as_ref().map(String::len).map_err(|_| want_err.unwrap()),
            "utf8_len at {level}"
        );

        match (b.utf16_to_string(&units), &want) {
            (Ok(s), Ok(w)) => assert_eq!(&s, w, "to_string at {level}"),
            (Err(e), Err(_)) => assert_eq!(Some(e.valid_up_to()), want_err, "at {level}"),
            (got, _) => panic!("to_string at {level}: {got:?}, want {want:?}"),
        }

        let Ok(want) = want.as_ref() else {
            for size in [0, units.len() * 3] {
                match b.utf16_to_utf8(&units, &mut vec![0; size]) {
                    Err(TranscodeError::Invalid(e)) => {
                        assert_eq!(Some(e.valid_up_to()), want_err, "at {level}")
                    }
                    other => panic!("to_utf8 at {level}: {other:?}, want {want_err:?}"),
                }
            }
            continue;
        };

        let needed = want.len();
        for size in [needed, units.len() * 3] {
            let mut dst = vec![0xFF; size];
            assert_eq!(b.utf16_to_utf8(&units, &mut dst), Ok(needed), "to_utf8 at {level}");
            assert_eq!(&dst[..needed], want.as_bytes(), "to_utf8 output at {level}");
        }
        if let Some(small) = needed.checked_sub(1) {
            match b.utf16_to_utf8(&units, &mut vec![0; small]) {
                Err(TranscodeError::BufferTooSmall(e)) => {
                    assert_eq!((e.needed(), e.available()), (needed, small), "at {level}")
                }
                other => panic!("to_utf8 at {level} into {small}: {other:?}"),
            }
        }
        assert_eq!(utf8::to_utf16_vec(want), units, "round trip at {level}");
    }
});
