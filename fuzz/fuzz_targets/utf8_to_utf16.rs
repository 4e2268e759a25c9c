//! UTF-8 to UTF-16 transcoding at every level against std, into a new vector, an exact buffer
//! and a buffer one unit too small, then back to UTF-8 with `utf16::to_string`.
#![no_main]

use core_text::{utf16, Backend, TranscodeError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let want: Result<Vec<u16>, _> = std::str::from_utf8(data).map(|s| s.encode_utf16().collect());
    let want_err = want.as_ref().err().map(|e| (e.valid_up_to(), e.error_len()));

    for b in Backend::all() {
        let level = b.level();
        match b.utf8_to_utf16_vec_from_bytes(data) {
            Ok(units) => {
                assert_eq!(Ok(&units), want.as_ref(), "to_utf16_vec_from_bytes at {level}");
                assert_eq!(
                    utf16::to_string(&units).as_deref(),
                    Ok(std::str::from_utf8(data).unwrap())
                );
            }
            Err(e) => assert_eq!(Some((e.valid_up_to(), e.error_len())), want_err, "at {level}"),
        }

        let Ok(want) = want.as_ref() else {
            // Invalid input is reported whatever the buffer size.
            for size in [0, data.len()] {
                match b.utf8_to_utf16_from_bytes(data, &mut vec![0; size]) {
                    Err(TranscodeError::Invalid(e)) => {
                        assert_eq!(Some((e.valid_up_to(), e.error_len())), want_err, "at {level}")
                    }
                    other => panic!("to_utf16_from_bytes at {level}: {other:?}, want {want_err:?}"),
                }
            }
            continue;
        };

        let needed = want.len();
        // Exact, generous (the documented `src.len()` bound) and too small.
        for size in [needed, data.len().max(needed)] {
            let mut dst = vec![0xFFFF; size];
            assert_eq!(b.utf8_to_utf16_from_bytes(data, &mut dst), Ok(needed), "at {level}");
            assert_eq!(&dst[..needed], &want[..], "to_utf16_from_bytes output at {level}");
        }
        if let Some(small) = needed.checked_sub(1) {
            match b.utf8_to_utf16_from_bytes(data, &mut vec![0; small]) {
                Err(TranscodeError::BufferTooSmall(e)) => {
                    assert_eq!((e.needed(), e.available()), (needed, small), "at {level}")
                }
                other => panic!("to_utf16_from_bytes at {level} into {small}: {other:?}"),
            }
        }

        // The `&str` entry points on the same (valid) input.
        let s = std::str::from_utf8(data).unwrap();
        assert_eq!(&b.utf8_to_utf16_vec(s), want, "to_utf16_vec at {level}");
        let mut dst = vec![0; needed];
        assert_eq!(b.utf8_to_utf16(s, &mut dst), Ok(needed), "to_utf16 at {level}");
        assert_eq!(&dst, want);
        if let Some(small) = needed.checked_sub(1) {
            let e = b.utf8_to_utf16(s, &mut dst[..small]).unwrap_err();
            assert_eq!((e.needed(), e.available()), (needed, small), "to_utf16 at {level}");
        }
    }
});
