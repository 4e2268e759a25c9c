//! Drop-in: one program written against simdutf8's API (`tests/simdutf8_dropin/program.rs`:
//! `basic`, `compat`, their `imp` validators), built against simdutf8 and against
//! `core_text::utf8` with only the imports changed, prints the same.

mod with_simdutf8 {
    use simdutf8::{basic, compat};
    include!("simdutf8_dropin/program.rs");
}

mod with_core_text {
    use core_text::utf8::{basic, compat};
    include!("simdutf8_dropin/program.rs");
}

/// Text files, good and broken, with breaks at every distance from the 64-byte blocks.
fn files() -> Vec<(String, Vec<u8>)> {
    let prose = "Grüße aus Köln, 東京から 😀 and plain ASCII lines.\n".repeat(40);
    let mut files = vec![
        ("empty".to_string(), Vec::new()),
        ("ascii".to_string(), b"hello, world\n".repeat(50)),
        ("prose".to_string(), prose.as_bytes().to_vec()),
        ("lone continuation".to_string(), b"abc\x80def".to_vec()),
        ("overlong".to_string(), b"\xC0\xAF".to_vec()),
        ("surrogate".to_string(), b"x\xED\xA0\x80y".to_vec()),
        ("above U+10FFFF".to_string(), b"\xF4\x90\x80\x80".to_vec()),
        ("truncated".to_string(), "ok 😀".as_bytes()[..5].to_vec()),
    ];
    let bad: [&[u8]; 5] = [b"\xFF", b"\xE2\x82", b"\xF0\x9F\x98", b"\xC3(", b"\xED\xBF\xBF"];
    for (k, b) in bad.iter().enumerate() {
        for at in [0, 1, 31, 62, 63, 64, 65, 127, 128, 500, prose.len() - 1] {
            let mut f = prose.as_bytes()[..at.min(prose.len())].to_vec();
            // Break at a char boundary at or before `at`.
            while std::str::from_utf8(&f).is_err() {
                f.pop();
            }
            f.extend_from_slice(b);
            f.extend_from_slice(&prose.as_bytes()[..200]);
            files.push((format!("bad {k} at {at}"), f));
        }
    }
    files
}

#[test]
fn the_program_prints_the_same_with_either_crate() {
    let files = files();
    let named: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let (theirs, ours) = (with_simdutf8::run(&named), with_core_text::run(&named));
    for (t, o) in theirs.lines().zip(ours.lines()) {
        assert_eq!(t, o);
    }
    assert_eq!(theirs, ours);
    assert!(ours.lines().count() > 500);
}
