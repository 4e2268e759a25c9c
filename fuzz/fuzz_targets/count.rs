//! Counting at every level against std on arbitrary text (the input made valid with
//! `String::from_utf8_lossy`): `count_chars` and `utf16_len_str`.
#![no_main]

use core_text::{utf8, Backend};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let chars = text.chars().count();
    let units = text.encode_utf16().count();

    assert_eq!(utf8::count_chars(&text), chars);
    assert_eq!(utf8::utf16_len_str(&text), units);
    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.utf8_count_chars(&text), chars, "count_chars at {level}");
        assert_eq!(b.utf8_utf16_len_str(&text), units, "utf16_len_str at {level}");
    }
});
