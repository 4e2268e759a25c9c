//! Named UTF-8 edge cases, each run through the padding runner against std: with every
//! (before, after) padding pair in `0..=160` × `0..=160` and both fills, the operations that run
//! a distinct kernel at every level; with a sweep of pairs, every operation at every level and
//! through the free functions (`common::oracle::check_utf8_case`). The cases: truncated
//! sequences, overlongs, surrogates, values above U+10FFFF, stray continuation bytes, valid chars
//! at every boundary; then errors placed in the last bytes of a vector or block, and inputs
//! ending at a block boundary inside a sequence.
//!
//! With `CORE_TEXT_EXHAUSTIVE=reduced` the padding pairs are a sweep instead of the full cross
//! product (see `common/mod.rs`).

mod common;

use common::oracle::{check_utf8, check_utf8_case};
use common::{imps, Hex};

/// Runs every case with every padding pair.
fn check_cases(cases: &[&[u8]]) {
    for case in cases {
        check_utf8_case(case);
    }
}

/// Every proper prefix of 2-, 3- and 4-byte chars, at the ends of their ranges.
#[test]
fn truncated_sequences() {
    let mut cases: Vec<Vec<u8>> = Vec::new();
    for c in [
        '\u{80}',
        '\u{E9}',
        '\u{7FF}',
        '\u{800}',
        '\u{20AC}',
        '\u{FFFF}',
        '\u{10000}',
        '\u{1F600}',
        '\u{10FFFF}',
    ] {
        let mut buf = [0; 4];
        let bytes = c.encode_utf8(&mut buf).as_bytes();
        for k in 1..bytes.len() {
            cases.push(bytes[..k].to_vec());
            // A truncated sequence followed by a complete char, and by another truncated one.
            cases.push([&bytes[..k], "\u{E9}".as_bytes()].concat());
            cases.push([&bytes[..k], &bytes[..k]].concat());
        }
    }
    check_cases(&cases.iter().map(Vec::as_slice).collect::<Vec<_>>());
}

#[test]
fn overlong_encodings() {
    check_cases(&[
        b"\xC0\x80",
        b"\xC0\xAF",
        b"\xC1\xBF",
        b"\xE0\x80\x80",
        b"\xE0\x80\xAF",
        b"\xE0\x9F\xBF",
        b"\xF0\x80\x80\x80",
        b"\xF0\x80\x80\xAF",
        b"\xF0\x8F\xBF\xBF",
        b"\xF8\x80\x80\x80\x80",
        b"\xFC\x80\x80\x80\x80\x80",
        // The smallest valid ones, for contrast.
        b"\xC2\x80",
        b"\xE0\xA0\x80",
        b"\xF0\x90\x80\x80",
    ]);
}

#[test]
fn surrogates_in_utf8() {
    check_cases(&[
        b"\xED\xA0\x80",
        b"\xED\xAD\xBF",
        b"\xED\xAE\x80",
        b"\xED\xAF\xBF",
        b"\xED\xB0\x80",
        b"\xED\xBE\x80",
        b"\xED\xBF\xBF",
        // CESU-8 pair (U+10000 as two surrogates).
        b"\xED\xA0\x80\xED\xB0\x80",
        // Either side of the surrogate range.
        b"\xED\x9F\xBF",
        b"\xEE\x80\x80",
    ]);
}

#[test]
fn above_u10ffff() {
    check_cases(&[
        b"\xF4\x90\x80\x80",
        b"\xF4\xBF\xBF\xBF",
        b"\xF4\x8F\xBF\xBF", // U+10FFFF, valid
        b"\xF5\x80\x80\x80",
        b"\xF6\x80\x80\x80",
        b"\xF7\xBF\xBF\xBF",
        b"\xF8\x88\x80\x80\x80",
        b"\xFB\xBF\xBF\xBF\xBF",
        b"\xFC\x84\x80\x80\x80\x80",
        b"\xFD\xBF\xBF\xBF\xBF\xBF",
        b"\xFE",
        b"\xFF",
        b"\xFE\xFF",
        b"\xF5",
        b"\xF4\x90",
    ]);
}

#[test]
fn stray_continuation_bytes() {
    check_cases(&[
        b"\x80",
        b"\xBF",
        b"\x80\x80",
        b"\x80\xBF\x80\xBF",
        b"a\x80b",
        b"\xC3\xA9\x80",
        b"\xE2\x82\xAC\xAC",
        b"\xF0\x9F\x98\x80\x80",
        b"\xC3\xA9\xA9\xA9\xA9",
    ]);
}

/// Valid chars at every alignment: nothing here may be rejected.
#[test]
fn valid_boundary_chars() {
    check_cases(&[
        b"\x00",
        b"\x7F",
        "\u{80}".as_bytes(),
        "\u{7FF}".as_bytes(),
        "\u{800}".as_bytes(),
        "\u{D7FF}".as_bytes(),
        "\u{E000}".as_bytes(),
        "\u{FFFD}".as_bytes(),
        "\u{FFFF}".as_bytes(),
        "\u{10000}".as_bytes(),
        "\u{10FFFF}".as_bytes(),
        "é€😀é€😀".as_bytes(),
    ]);
}

/// Bad sequences placed so the bad byte sits at each given offset of a 128-byte input (ASCII
/// or mixed before it), in the input's last bytes and in the middle.
#[test]
fn errors_at_vector_and_block_ends() {
    const OFFSETS: [usize; 9] = [15, 16, 31, 32, 61, 62, 63, 64, 65];
    let bad: [&[u8]; 14] = [
        b"\x80",
        b"\xBF",
        b"\xC0\x80",
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xFF",
        b"\xE0\x80\x80",
        b"\xF0\x80\x80\x80",
        b"\xC3\xA9\xA9",
        b"\xE2\x82\xAC\xAC",
        b"\xF0\x9F\x98\x80\x80",
    ];
    let imps = imps();
    for off in OFFSETS {
        for seq in bad {
            for mixed in [false, true] {
                let prefix = valid_prefix(off, mixed);
                let mut input = [&prefix[..], seq].concat();
                // Ending with the bad sequence (in the last 1-3 bytes of a vector or block).
                check_utf8(&imps, &input, &(off, Hex(seq)));
                // Followed by more text, up to 128 bytes.
                input.extend((input.len()..128).map(|i| b'a' + (i % 26) as u8));
                check_utf8(&imps, &input, &(off, Hex(seq), "then ASCII"));
            }
        }
    }
}

/// An input ending exactly at a 16/32/64/128/192-byte boundary inside a sequence.
#[test]
fn incomplete_at_block_boundary() {
    let imps = imps();
    for end in [16, 32, 48, 64, 96, 128, 192] {
        for c in ['\u{E9}', '\u{20AC}', '\u{1F600}', '\u{10FFFF}'] {
            let mut buf = [0; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            for k in 1..bytes.len() {
                for mixed in [false, true] {
                    let input = [&valid_prefix(end - k, mixed)[..], &bytes[..k]].concat();
                    assert_eq!(input.len(), end);
                    check_utf8(&imps, &input, &(end, c, k));
                    // The completed char, straddling the boundary, is valid.
                    let whole = [&valid_prefix(end - k, mixed)[..], bytes].concat();
                    check_utf8(&imps, &whole, &(end, c, k, "complete"));
                }
            }
        }
    }
}

/// `from_utf8`'s kernel runs a separate copy per size class of the validation paths (under 8
/// bytes, to a vector, one vector, one vector and up to 2 bytes, to a block, longer): every
/// length from 0 to 140 (past each class edge at 16- and 32-byte vectors), of text cut
/// anywhere (so mostly invalid at its ends), and with a byte at every position replaced by
/// an invalid byte, a continuation, a 3-byte lead or ASCII, at every level.
#[test]
fn every_length_and_error_position() {
    let imps = imps();
    let text: Vec<u8> = "aé€😀".repeat(40).into_bytes();
    for len in 0..=140 {
        // The text from each of its first ten bytes, so every kind of byte lands everywhere
        // (reduced mode: from four of them, each a different kind of byte).
        let phases: &[usize] =
            if common::full() { &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } else { &[0, 1, 4, 9] };
        for &phase in phases {
            let base: Vec<u8> = text[phase..phase + len].to_vec();
            check_utf8(&imps, &base, &(len, phase));
            for pos in 0..len {
                for b in [0xFF, 0x80, 0xE2, b'a'] {
                    let mut input = base.clone();
                    input[pos] = b;
                    check_utf8(&imps, &input, &(len, phase, pos, b));
                }
            }
        }
    }
}

/// `len` bytes of valid UTF-8: ASCII, or repeated "aé€😀" completed with ASCII.
fn valid_prefix(len: usize, mixed: bool) -> Vec<u8> {
    let mut v = Vec::with_capacity(len);
    if mixed {
        for c in "aé€😀".chars().cycle() {
            if v.len() + c.len_utf8() > len {
                break;
            }
            v.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    v.extend((v.len()..len).map(|i| b'A' + (i % 26) as u8));
    v
}

/// The `Display` text of our error is std's, word for word.
#[test]
fn display_matches_std() {
    for input in [&b"ab\xE2\x82"[..], b"\xFF", b"ok\xF0\x28", b"\xED\xA0\x80", b"12345\xC3"] {
        let std = std::str::from_utf8(input).unwrap_err();
        let ours = core_text::utf8::from_utf8(input).unwrap_err();
        assert_eq!(ours.to_string(), std.to_string());
        let mut dst = [0u16; 8];
        let via_transcode = core_text::utf8::to_utf16_from_bytes(input, &mut dst).unwrap_err();
        assert_eq!(via_transcode.to_string(), std.to_string());
    }
}

/// Inputs that once broke a kernel, kept as regression cases: a short input ending in two
/// 2-byte chars (an overflow in the UTF-16 count of the short path, found by fuzzing), ASCII
/// followed by a 3-byte char in 16 bytes, and short mixed text.
#[test]
fn regressions() {
    check_cases(&[
        b"777777777777\xDD\xBB\xDD\xBB",
        b"\x00\x25\x4A\x6F\x14\x39\x5E\x03\x28\x4D\x72\x17\x3C\xE2\x82\xAC",
        "na\u{EF}ve \u{2615}".as_bytes(),
        "a\u{E9}\u{1F600}\u{E9}a\u{E9}\u{1F600}\u{E9}\u{20AC}a\u{1F600}\u{1F600}\u{E9}".as_bytes(),
        "x\u{1F600}\u{E9}x\u{1F600}\u{E9}x\u{1F600}\u{E9}x\u{1F600}\u{E9}x\u{1F600}\u{E9}"
            .as_bytes(),
    ]);
}

/// Text long enough for the counting kernels' periodic sums (the AVX-512 kernel sums its byte
/// counters every 127 steps of 64 bytes, when a lane that meets a 4-byte lead at every step
/// holds 254), starting at each offset of a cache line: chars, UTF-16 units and the
/// transcoder, at every level, against std.
#[test]
fn long_text_counts_exactly() {
    let imps = imps();
    let emoji = "😀".repeat(6000);
    let mixed: String = "aé中😀".chars().cycle().take(12_000).collect();
    for text in [&emoji, &mixed] {
        for start in 0..64 {
            // Start on the first char boundary at or after `start`.
            let start = (start..).find(|&i| text.is_char_boundary(i)).unwrap();
            for len in [127 * 64 - 3, 127 * 64 + 5, 20_000] {
                let end = (start + len..).find(|&i| text.is_char_boundary(i)).unwrap();
                let s = &text[start..end];
                let units: Vec<u16> = s.encode_utf16().collect();
                for &imp in &imps {
                    let at = (imp, start, len);
                    assert_eq!(imp.utf8_count_chars(s), s.chars().count(), "{at:?}");
                    assert_eq!(imp.utf8_utf16_len_str(s), units.len(), "{at:?}");
                    assert_eq!(imp.utf8_to_utf16_vec(s), units, "{at:?}");
                }
            }
        }
    }
}
