//! Latin-1 conversions at every level against a reference written with std, on random text
//! of 0 to 300 bytes at every start offset within a vector.

use core_text::{latin1::Latin1Error, Backend, TranscodeError};
use proptest::prelude::*;

/// Latin-1 as std sees it: byte `b` is `char::from(b)`.
fn reference_string(src: &[u8]) -> String {
    src.iter().map(|&b| char::from(b)).collect()
}

/// UTF-8 to Latin-1 with std: the bytes, or the byte offset of the first char above U+00FF.
fn reference_from_str(s: &str) -> Result<Vec<u8>, usize> {
    s.char_indices().map(|(i, c)| u8::try_from(u32::from(c)).map_err(|_| i)).collect()
}

/// UTF-16 to Latin-1 with std: the bytes, or the index of the first unit above 0xFF.
fn reference_from_units(src: &[u16]) -> Result<Vec<u8>, usize> {
    src.iter().enumerate().map(|(i, &u)| u8::try_from(u).map_err(|_| i)).collect()
}

/// Bytes where `high_per_4` of each 4 are >= 0x80 on average.
fn latin1_bytes() -> impl Strategy<Value = (Vec<u8>, usize)> {
    (0..=4u8, 0..64usize).prop_flat_map(|(high_per_4, offset)| {
        let byte = (0..4u8, any::<u8>())
            .prop_map(move |(k, b)| if k < high_per_4 { b | 0x80 } else { b & 0x7F });
        (proptest::collection::vec(byte, 0..=300), Just(offset))
    })
}

/// Text mostly within Latin-1, at times with one char above it (a 3- or 4-byte one too).
fn mostly_latin1_text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        8 => (0u32..0x80).prop_map(|c| char::from_u32(c).unwrap()),
        4 => (0x80u32..0x100).prop_map(|c| char::from_u32(c).unwrap()),
    ];
    (
        proptest::collection::vec(c, 0..=200),
        proptest::option::weighted(
            0.5,
            (
                any::<prop::sample::Index>(),
                prop_oneof![Just('Ā'), Just('€'), Just('😀'), Just('\u{FFFF}')],
            ),
        ),
    )
        .prop_map(|(mut chars, extra)| {
            if let Some((at, c)) = extra {
                let at = if chars.is_empty() { 0 } else { at.index(chars.len() + 1) };
                chars.insert(at, c);
            }
            chars.into_iter().collect()
        })
}

/// `s` placed `offset` bytes into a buffer, so its start takes every alignment.
fn shifted(s: &[u8], offset: usize) -> Vec<u8> {
    let mut v = vec![b'#'; offset];
    v.extend_from_slice(s);
    v
}

fn check_to_unicode(b: Backend, src: &[u8]) {
    let want = reference_string(src);
    let level = b.level();
    assert_eq!(b.latin1_utf8_len(src), want.len(), "{level}");
    assert_eq!(b.latin1_to_string(src), want, "{level}");
    let mut dst = vec![0u8; want.len()];
    assert_eq!(b.latin1_to_utf8(src, &mut dst), Ok(want.len()), "{level}");
    assert_eq!(dst, want.as_bytes(), "{level}");
    if !want.is_empty() {
        let mut short = vec![0u8; want.len() - 1];
        assert_eq!(b.latin1_to_utf8(src, &mut short).unwrap_err().needed(), want.len());
    }
    let mut roomy = vec![0u8; 2 * src.len() + 3];
    assert_eq!(b.latin1_to_utf8(src, &mut roomy), Ok(want.len()), "{level}");
    assert_eq!(&roomy[..want.len()], want.as_bytes(), "{level}");
    let units: Vec<u16> = want.encode_utf16().collect();
    assert_eq!(b.latin1_to_utf16_vec(src), units, "{level}");
    let mut dst16 = vec![0u16; src.len()];
    assert_eq!(b.latin1_to_utf16(src, &mut dst16), Ok(src.len()), "{level}");
    assert_eq!(dst16, units, "{level}");
    // And back.
    assert_eq!(b.utf8_to_latin1_vec(&want).as_deref(), Ok(src), "{level}");
    assert_eq!(b.utf16_to_latin1_vec(&units).as_deref(), Ok(src), "{level}");
}

fn check_from_str(b: Backend, s: &str) {
    let level = b.level();
    let want = reference_from_str(s);
    assert_eq!(
        b.utf8_to_latin1_vec(s),
        want.clone().map_err(Latin1Error::new_for_tests),
        "{level}"
    );
    let chars = s.chars().count();
    for size in [chars, s.len()] {
        let mut dst = vec![0u8; size];
        match (&want, b.utf8_to_latin1(s, &mut dst)) {
            (Ok(w), Ok(n)) => assert_eq!(&dst[..n], &w[..], "{level}"),
            (Err(at), Err(TranscodeError::Invalid(e))) => {
                assert_eq!(e.valid_up_to(), *at, "{level}");
                // What comes before the error is converted.
                let before = reference_from_str(&s[..*at]).unwrap();
                assert_eq!(&dst[..before.len()], &before[..], "{level}");
            }
            (w, got) => panic!("{level}: {w:?} vs {got:?}"),
        }
    }
    if chars > 0 {
        let mut short = vec![0u8; chars - 1];
        assert_eq!(
            b.utf8_to_latin1(s, &mut short),
            Err(TranscodeError::BufferTooSmall(short_error(chars, chars - 1))),
        );
    }
    let units: Vec<u16> = s.encode_utf16().collect();
    let want16 = reference_from_units(&units);
    assert_eq!(b.utf16_to_latin1_vec(&units).map_err(|e| e.valid_up_to()), want16, "{level}");
    let mut dst = vec![0u8; units.len()];
    match (&want16, b.utf16_to_latin1(&units, &mut dst)) {
        (Ok(w), Ok(n)) => assert_eq!(&dst[..n], &w[..], "{level}"),
        (Err(at), Err(TranscodeError::Invalid(e))) => {
            assert_eq!(e.valid_up_to(), *at, "{level}");
            assert_eq!(&dst[..*at], &reference_from_units(&units[..*at]).unwrap()[..]);
        }
        (w, got) => panic!("{level}: {w:?} vs {got:?}"),
    }
}

/// A `BufferTooSmall` as the API makes it, by asking for one.
fn short_error(needed: usize, available: usize) -> core_text::BufferTooSmall {
    let s: String = "a".repeat(needed);
    let mut dst = vec![0u8; available];
    match core_text::utf8::to_latin1(&s, &mut dst) {
        Err(TranscodeError::BufferTooSmall(e)) => e,
        other => panic!("{other:?}"),
    }
}

trait ForTests {
    fn new_for_tests(at: usize) -> Latin1Error;
}

impl ForTests for Latin1Error {
    /// The error the API gives for a char above U+00FF at `at`.
    fn new_for_tests(at: usize) -> Latin1Error {
        let s = format!("{}€", "a".repeat(at));
        core_text::utf8::to_latin1_vec(&s).unwrap_err()
    }
}

/// Up to a few KiB of runs: ASCII runs and runs of bytes >= 0x80, each 0 to 150 bytes long, so
/// that the kernels' unrolled and whole-vector ASCII steps meet text of both kinds.
fn long_runs() -> impl Strategy<Value = Vec<u8>> {
    let run = (any::<bool>(), 0..150usize, any::<u8>()).prop_map(|(high, len, seed)| {
        let top = if high { 0x80 } else { 0 };
        (0..len)
            .map(|k| top | (seed.wrapping_add((k as u8).wrapping_mul(37)) & 0x7F))
            .collect::<Vec<u8>>()
    });
    proptest::collection::vec(run, 0..40).prop_map(|runs| runs.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn latin1_to_unicode_at_every_level((src, offset) in latin1_bytes()) {
        let buf = shifted(&src, offset);
        for b in Backend::all() {
            check_to_unicode(b, &buf[offset..]);
        }
    }

    #[test]
    fn unicode_to_latin1_at_every_level(s in mostly_latin1_text(), offset in 0..64usize) {
        let buf = shifted(s.as_bytes(), offset);
        let s = std::str::from_utf8(&buf[offset..]).unwrap();
        for b in Backend::all() {
            check_from_str(b, s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn long_runs_at_every_level(src in long_runs(), offset in 0..64usize) {
        let buf = shifted(&src, offset);
        let text = reference_string(&buf[offset..]);
        for b in Backend::all() {
            check_to_unicode(b, &buf[offset..]);
            check_from_str(b, &text);
        }
    }
}

#[test]
fn every_byte_and_every_error_position() {
    let all: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    for b in Backend::all() {
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 1000, 4096] {
            check_to_unicode(b, &all[..len]);
            check_to_unicode(b, &all[all.len() - len..]);
        }
    }
    let text = "Ein Bäcker aus Köln, señor Muñoz, l'été à Paris. ".repeat(20);
    for at in (0..text.len()).filter(|&i| text.is_char_boundary(i)).step_by(7) {
        for bad in ['Ā', '€', '😀'] {
            let mut s = text.clone();
            s.insert(at, bad);
            for b in Backend::all() {
                check_from_str(b, &s);
            }
        }
    }
    for b in Backend::all() {
        check_from_str(b, &text);
    }
}

#[test]
fn the_free_functions_match_the_best_backend() {
    let src: Vec<u8> = (0..=255u8).collect();
    let b = Backend::best();
    assert_eq!(core_text::latin1::to_string(&src), b.latin1_to_string(&src));
    assert_eq!(core_text::latin1::utf8_len(&src), 384);
    assert_eq!(core_text::latin1::utf16_len(&src), 256);
    assert_eq!(core_text::latin1::to_utf16_vec(&src), b.latin1_to_utf16_vec(&src));
    let s = core_text::latin1::to_string(&src);
    assert_eq!(core_text::utf8::latin1_len(&s), 256);
    assert_eq!(core_text::utf8::to_latin1_vec(&s).unwrap(), src);
    let units: Vec<u16> = s.encode_utf16().collect();
    assert_eq!(core_text::utf16::to_latin1_vec(&units).unwrap(), src);
    let e = core_text::utf16::to_latin1_vec(&[0x41, 0xD83D, 0xDE00]).unwrap_err();
    assert_eq!(e.valid_up_to(), 1);
    assert_eq!(e.to_string(), "character above U+00FF at index 1 has no Latin-1 form");
}
