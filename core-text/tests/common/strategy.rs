//! proptest strategies: realistic text (weighted ASCII runs and 1- to 4-byte chars, with the
//! boundary code points over-represented), text with random byte corruption, and UTF-16 biased
//! towards surrogates.

use proptest::prelude::*;
use proptest::sample::{select, Index};

/// Code points at the edges of the encodings' length classes and of the surrogate range.
const BOUNDARY_CHARS: [char; 12] = [
    '\0',
    '\u{7F}',
    '\u{80}',
    '\u{7FF}',
    '\u{800}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FFFD}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{FFFFF}',
    '\u{10FFFF}',
];

/// One char, weighted towards ASCII, with every UTF-8 length well represented.
pub fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        6 => 0u32..0x80,
        3 => 0x80u32..0x800,
        2 => 0x800u32..0xD800,
        1 => 0xE000u32..0x1_0000,
        2 => 0x1_0000u32..0x11_0000,
        1 => select(&BOUNDARY_CHARS[..]).prop_map(u32::from),
    ]
    .prop_map(|c| char::from_u32(c).expect("ranges exclude surrogates"))
}

/// Valid text: pieces that are runs of ASCII (long enough to fill whole 64-byte blocks) or
/// runs of mixed chars.
pub fn utf8_text() -> impl Strategy<Value = String> {
    let ascii_run =
        prop::collection::vec(0u8..0x80, 1..140).prop_map(|b| String::from_utf8(b).expect("ASCII"));
    let mixed_run = prop::collection::vec(any_char(), 1..24).prop_map(String::from_iter);
    prop::collection::vec(prop_oneof![1 => ascii_run, 2 => mixed_run], 0..8)
        .prop_map(|pieces| pieces.concat())
}

/// Bytes that break UTF-8 (or almost do) in every way the validator distinguishes.
pub const SPECIAL_BYTES: [u8; 20] = [
    0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0,
    0xF4, 0xF5, 0xF8, 0xFF,
];

/// A corruption applied to valid text.
#[derive(Clone, Debug)]
pub enum Corruption {
    /// Overwrite the byte at the index.
    Set(Index, u8),
    /// Remove the byte at the index.
    Delete(Index),
    /// Insert a byte before the index.
    Insert(Index, u8),
    /// Cut the text at the index (often inside a char).
    Truncate(Index),
}

fn corruption() -> impl Strategy<Value = Corruption> {
    let byte = prop_oneof![2 => select(&SPECIAL_BYTES[..]), 1 => any::<u8>()];
    prop_oneof![
        4 => (any::<Index>(), byte.clone()).prop_map(|(i, b)| Corruption::Set(i, b)),
        2 => any::<Index>().prop_map(Corruption::Delete),
        2 => (any::<Index>(), byte).prop_map(|(i, b)| Corruption::Insert(i, b)),
        1 => any::<Index>().prop_map(Corruption::Truncate),
    ]
}

/// Applies `corruptions` to `text` in order.
pub fn corrupt(text: &str, corruptions: &[Corruption]) -> Vec<u8> {
    let mut v = text.as_bytes().to_vec();
    for c in corruptions {
        match *c {
            Corruption::Set(ref i, b) if !v.is_empty() => {
                let i = i.index(v.len());
                v[i] = b;
            }
            Corruption::Delete(ref i) if !v.is_empty() => {
                v.remove(i.index(v.len()));
            }
            Corruption::Insert(ref i, b) => {
                let i = i.index(v.len() + 1);
                v.insert(i, b);
            }
            Corruption::Truncate(ref i) => v.truncate(i.index(v.len() + 1)),
            _ => v.push(0x80),
        }
    }
    v
}

/// Valid text with one to three corruptions (mostly invalid, sometimes still valid).
pub fn utf8_corrupted() -> impl Strategy<Value = Vec<u8>> {
    (utf8_text(), prop::collection::vec(corruption(), 1..4)).prop_map(|(t, c)| corrupt(&t, &c))
}

/// Arbitrary bytes, with the special bytes over-represented.
pub fn utf8_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![3 => any::<u8>(), 1 => select(&SPECIAL_BYTES[..]), 2 => 0u8..0x80];
    prop::collection::vec(byte, 0..300)
}

/// Valid UTF-16: realistic text re-encoded.
pub fn utf16_text() -> impl Strategy<Value = Vec<u16>> {
    utf8_text().prop_map(|s| s.encode_utf16().collect())
}

/// UTF-16 pieces biased to surrogates: ASCII runs, BMP units, pairs, lone and swapped
/// surrogates, and arbitrary units.
pub fn utf16_units() -> impl Strategy<Value = Vec<u16>> {
    let ascii_run = prop::collection::vec(0u16..0x80, 1..70);
    let piece = prop_oneof![
        2 => ascii_run,
        2 => (0x80u16..0xD800).prop_map(|u| vec![u]),
        1 => (0xE000u16..=0xFFFF).prop_map(|u| vec![u]),
        3 => (0xD800u16..0xDC00, 0xDC00u16..0xE000).prop_map(|(h, l)| vec![h, l]),
        2 => (0xD800u16..0xDC00).prop_map(|h| vec![h]),
        2 => (0xDC00u16..0xE000).prop_map(|l| vec![l]),
        1 => (0xDC00u16..0xE000, 0xD800u16..0xDC00).prop_map(|(l, h)| vec![l, h]),
        1 => select(&[0xD7FFu16, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000][..]).prop_map(|u| vec![u]),
        1 => any::<u16>().prop_map(|u| vec![u]),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

/// Valid UTF-16 with one to three units replaced by surrogates or arbitrary values.
pub fn utf16_corrupted() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![3 => 0xD800u16..0xE000, 1 => any::<u16>()];
    (utf16_text(), prop::collection::vec((any::<Index>(), unit), 1..4)).prop_map(|(mut v, c)| {
        for (i, u) in c {
            if v.is_empty() {
                v.push(u);
            } else {
                let i = i.index(v.len());
                v[i] = u;
            }
        }
        v
    })
}
