//! UTF-8 validation at every level against std: `validate`, `from_utf8` and `from_utf8_mut`
//! (same `valid_up_to` and `error_len`), and `utf16_len` (= `encode_utf16().count()`).
#![no_main]

use core_text::{utf8, Backend};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let want = std::str::from_utf8(data);
    let want_err = want.as_ref().err().map(|e| (e.valid_up_to(), e.error_len()));
    let want_len = want.as_ref().ok().map(|s| s.encode_utf16().count());

    // The dispatched entry points, then every level explicitly.
    assert_eq!(utf8::validate(data), want.is_ok());
    assert_eq!(utf8::from_utf8(data).err().map(|e| (e.valid_up_to(), e.error_len())), want_err);

    let mut copy = data.to_vec();
    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.utf8_validate(data), want.is_ok(), "validate at {level}");

        match b.utf8_from_utf8(data) {
            Ok(s) => {
                assert!(want.is_ok(), "from_utf8 accepted invalid input at {level}");
                assert_eq!((s.as_ptr(), s.len()), (data.as_ptr(), data.len()), "at {level}");
            }
            Err(e) => assert_eq!(Some((e.valid_up_to(), e.error_len())), want_err, "at {level}"),
        }

        let got = b.utf8_from_utf8_mut(&mut copy).map(|s| s.len());
        match got {
            Ok(n) => assert_eq!((Some(n), None), (want.ok().map(str::len), want_err), "at {level}"),
            Err(e) => assert_eq!(Some((e.valid_up_to(), e.error_len())), want_err, "at {level}"),
        }

        match b.utf8_utf16_len(data) {
            Ok(n) => assert_eq!(Some(n), want_len, "utf16_len at {level}"),
            Err(e) => assert_eq!(Some((e.valid_up_to(), e.error_len())), want_err, "at {level}"),
        }
    }
    assert_eq!(copy, data, "from_utf8_mut changed its input");
});
