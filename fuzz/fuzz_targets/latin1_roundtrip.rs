//! Latin-1 at every level against std on arbitrary bytes: the bytes as Latin-1 to UTF-8 and
//! UTF-16 and back (which must give the bytes again), and the bytes read as UTF-8 (made valid
//! with `String::from_utf8_lossy`) and as UTF-16 to Latin-1, with the error at the first char
//! above U+00FF.
#![no_main]

use core_text::{latin1, utf16, utf8, Backend};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let string: String = data.iter().map(|&b| char::from(b)).collect();
    let units: Vec<u16> = string.encode_utf16().collect();
    assert_eq!(latin1::to_string(data), string);
    assert_eq!(latin1::utf8_len(data), string.len());
    assert_eq!(latin1::to_utf16_vec(data), units);
    assert_eq!(utf8::to_latin1_vec(&string).as_deref(), Ok(data));
    assert_eq!(utf16::to_latin1_vec(&units).as_deref(), Ok(data));

    let text = String::from_utf8_lossy(data);
    let want: Result<Vec<u8>, usize> =
        text.char_indices().map(|(i, c)| u8::try_from(u32::from(c)).map_err(|_| i)).collect();
    let wide: Vec<u16> = data.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
    let want16: Result<Vec<u8>, usize> =
        wide.iter().enumerate().map(|(i, &u)| u8::try_from(u).map_err(|_| i)).collect();
    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.latin1_to_string(data), string, "to_string at {level}");
        assert_eq!(b.latin1_to_utf16_vec(data), units, "to_utf16 at {level}");
        assert_eq!(b.utf8_to_latin1_vec(&string).as_deref(), Ok(data), "back at {level}");
        assert_eq!(b.utf16_to_latin1_vec(&units).as_deref(), Ok(data), "back16 at {level}");
        let got = b.utf8_to_latin1_vec(&text).map_err(|e| e.valid_up_to());
        assert_eq!(got, want, "utf8 to_latin1 at {level}");
        let got16 = b.utf16_to_latin1_vec(&wide).map_err(|e| e.valid_up_to());
        assert_eq!(got16, want16, "utf16 to_latin1 at {level}");
    }
});
