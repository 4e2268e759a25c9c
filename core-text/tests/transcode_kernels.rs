//! Differential tests of the UTF-8 <-> UTF-16 transcoders at every available level against
//! std, over every length 0..=300 and start offset 0..=64, long homogeneous runs and the
//! boundary code points.

use core_text::Backend;

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Boundary code points of every width.
const EDGES: [char; 12] = [
    '\u{0}',
    '\u{7F}',
    '\u{80}',
    '\u{7FF}',
    '\u{800}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{10FFFF}',
    '\u{FFFD}',
    '\u{FEFF}',
];

/// A random char of width 1..=4 (or a boundary code point), weighted towards runs.
fn random_char(seed: &mut u64, width: u64) -> char {
    let r = next(seed);
    let c = match width {
        0 => (r % 0x80) as u32,
        1 => 0x80 + (r % 0x780) as u32,
        2 => {
            let c = 0x800 + (r % 0xF800) as u32;
            if (0xD800..0xE000).contains(&c) {
                c + 0x800
            } else {
                c
            }
        }
        3 => 0x1_0000 + (r % 0x10_0000) as u32,
        _ => return EDGES[(r % EDGES.len() as u64) as usize],
    };
    char::from_u32(c).unwrap()
}

/// A random string of about `len` bytes: runs of one width, mixed widths, boundary chars.
fn random_string(seed: &mut u64, len: usize) -> String {
    let mut s = String::new();
    let style = next(seed) % 3;
    while s.len() < len {
        let run = if style == 0 { 1 } else { 1 + next(seed) % 40 };
        let width = next(seed) % 5;
        for _ in 0..run {
            let w = if style == 2 { next(seed) % 5 } else { width };
            s.push(random_char(seed, w));
            if s.len() >= len {
                break;
            }
        }
    }
    s
}

/// Every transcoding entry point at `b` on `s` (stored at `offset` inside a larger buffer, so
/// the kernel sees every alignment) against std.
fn check(b: Backend, s: &str, offset: usize) {
    let expect: Vec<u16> = s.encode_utf16().collect();
    let ctx = || format!("{b:?} offset {offset} {s:?}");

    // UTF-8 -> UTF-16.
    let mut padded = vec![b'#'; offset];
    padded.extend_from_slice(s.as_bytes());
    padded.extend_from_slice(b"##");
    let bytes = &padded[offset..offset + s.len()];
    let text = core::str::from_utf8(bytes).unwrap();
    assert_eq!(b.utf8_to_utf16_vec(text), expect, "to_utf16_vec {}", ctx());
    let mut out = vec![0u16; offset + expect.len() + 1];
    let slot = &mut out[offset..offset + expect.len()];
    assert_eq!(b.utf8_to_utf16(text, slot), Ok(expect.len()), "to_utf16 exact {}", ctx());
    assert_eq!(slot, &expect[..], "to_utf16 exact {}", ctx());
    let mut big = vec![0xAAAAu16; s.len() + 40];
    let n = b.utf8_to_utf16(text, &mut big).unwrap();
    assert_eq!(&big[..n], &expect[..], "to_utf16 large {}", ctx());
    let mut exact = vec![0u16; expect.len()];
    assert_eq!(b.utf8_to_utf16_from_bytes(bytes, &mut exact), Ok(expect.len()), "{}", ctx());
    assert_eq!(exact, expect, "to_utf16_from_bytes {}", ctx());
    assert_eq!(b.utf8_to_utf16_vec_from_bytes(bytes).unwrap(), expect, "{}", ctx());

    // UTF-16 -> UTF-8.
    let mut units = vec![0x2323u16; offset];
    units.extend_from_slice(&expect);
    units.push(0x2323);
    let units = &units[offset..offset + expect.len()];
    assert_eq!(b.utf16_to_string(units).unwrap(), s, "utf16_to_string {}", ctx());
    assert_eq!(b.utf16_to_string_lossy(units), s, "utf16_to_string_lossy {}", ctx());
    let mut out = vec![0u8; s.len()];
    assert_eq!(b.utf16_to_utf8(units, &mut out), Ok(s.len()), "utf16_to_utf8 {}", ctx());
    assert_eq!(out, s.as_bytes(), "utf16_to_utf8 {}", ctx());
}

#[test]
fn every_length_and_offset() {
    let mut seed = 0x2545_F491_4F6C_DD1D;
    for b in Backend::all() {
        for len in 0..=300 {
            let s = random_string(&mut seed, len);
            for offset in 0..=64 {
                check(b, &s, offset);
            }
        }
    }
}

#[test]
fn random_mixes() {
    let mut seed = 0x9E37_79B9_7F4A_7C15;
    for b in Backend::all() {
        for _ in 0..3000 {
            let len = (next(&mut seed) % 700) as usize;
            let s = random_string(&mut seed, len);
            check(b, &s, (next(&mut seed) % 65) as usize);
        }
    }
}

#[test]
fn homogeneous_runs() {
    let mut seed = 0x1234_5678_9ABC_DEF1;
    for b in Backend::all() {
        for width in 0..4 {
            for len in [1000, 4099, 65_536 + 7] {
                let s: String = (0..len / (width as usize + 1))
                    .map(|_| random_char(&mut seed, width))
                    .collect();
                for offset in [0, 1, 3, 17] {
                    check(b, &s, offset);
                }
            }
        }
        // CJK with punctuation and emoji with spaces, as real text has them.
        let cjk: String = (0..20_000)
            .map(|k| {
                if k % 13 == 0 {
                    '。'
                } else if k % 29 == 0 {
                    ' '
                } else {
                    random_char(&mut seed, 2)
                }
            })
            .collect();
        check(b, &cjk, 5);
        let emoji: String = (0..20_000)
            .map(|k| {
                if next(&mut seed).is_multiple_of(4) {
                    ' '
                } else {
                    char::from_u32(0x1F300 + k % 0x350).unwrap()
                }
            })
            .collect();
        check(b, &emoji, 9);
    }
}

#[test]
fn boundary_code_points() {
    let mut seed = 0xDEAD_BEEF_CAFE_F00D;
    for b in Backend::all() {
        for &c in &EDGES {
            for len in [1, 2, 3, 5, 8, 9, 16, 17, 33, 64, 65, 100] {
                let s: String = core::iter::repeat_n(c, len).collect();
                check(b, &s, 0);
                check(b, &s, 1);
            }
        }
        for _ in 0..2000 {
            let len = (next(&mut seed) % 120) as usize;
            let s: String =
                (0..len).map(|_| EDGES[(next(&mut seed) % EDGES.len() as u64) as usize]).collect();
            check(b, &s, (next(&mut seed) % 65) as usize);
        }
    }
}

#[test]
fn lossy_with_unpaired_surrogates() {
    let mut seed = 0x0123_4567_89AB_CDEF;
    for b in Backend::all() {
        for _ in 0..3000 {
            let len = (next(&mut seed) % 200) as usize;
            let s = random_string(&mut seed, len);
            let mut units: Vec<u16> = s.encode_utf16().collect();
            for _ in 0..(next(&mut seed) % 3) {
                if !units.is_empty() {
                    let at = (next(&mut seed) % units.len() as u64) as usize;
                    units[at] = 0xD800 + (next(&mut seed) % 0x800) as u16;
                }
            }
            assert_eq!(b.utf16_to_string_lossy(&units), String::from_utf16_lossy(&units), "{b:?}");
            assert_eq!(b.utf16_to_string(&units).ok(), String::from_utf16(&units).ok(), "{b:?}");
        }
    }
}

/// A run of `base` chars broken by one char of every width (and by a short ASCII word) at
/// every position: the all-emoji, emoji-and-ASCII, CJK and no-3-byte fast paths at each
/// place they can stop, and pairs straddling every vector boundary.
#[test]
fn runs_broken_at_every_position() {
    let mut seed = 0x5EED_0F0F_1234_4321;
    let breakers = ['a', ' ', 'é', '\u{7FF}', '中', '。', '\u{FFFF}', '😀', '\u{10FFFF}'];
    for b in Backend::all() {
        for base in ['😀', '\u{1F64F}', '\u{10000}', '中', '\u{FFFD}', 'ß'] {
            for len in [40, 70] {
                for at in 0..len {
                    for &c in &breakers {
                        let mut s: String = core::iter::repeat_n(base, len).collect();
                        let cut = s.char_indices().nth(at).map_or(s.len(), |(k, _)| k);
                        s.insert(cut, c);
                        check(b, &s, (next(&mut seed) % 5) as usize);
                    }
                }
            }
        }
    }
}

/// Random text of ASCII, 2-byte and 4-byte chars only (no 3-byte char: the token blocks of
/// UTF-8 -> UTF-16 and the 1-2 byte packing of UTF-16 -> UTF-8), and emoji with spaces.
#[test]
fn no_three_byte_chars() {
    let mut seed = 0x0BAD_CAFE_0000_0042;
    for b in Backend::all() {
        for _ in 0..3000 {
            let len = (next(&mut seed) % 400) as usize;
            let weights = next(&mut seed);
            let s: String = (0..len)
                .map(|_| {
                    let r = next(&mut seed) % 16;
                    if r < weights % 8 {
                        random_char(&mut seed, 0)
                    } else if r < weights % 8 + (weights >> 8) % 4 {
                        random_char(&mut seed, 1)
                    } else {
                        random_char(&mut seed, 3)
                    }
                })
                .collect();
            check(b, &s, (next(&mut seed) % 65) as usize);
        }
        // Emoji runs of 1..=6 with one space after each, long enough for many blocks.
        let mut s = String::new();
        while s.len() < 20_000 {
            for _ in 0..1 + next(&mut seed) % 6 {
                s.push(char::from_u32(0x1F300 + (next(&mut seed) % 0x350) as u32).unwrap());
            }
            s.push(' ');
        }
        for offset in [0, 1, 2, 3, 7] {
            check(b, &s, offset);
            check(b, &s[s.char_indices().nth(offset).unwrap().0..], 0);
        }
    }
}

/// Emoji and spaces (the map for text without 2- and 3-byte chars) with one 2-byte char at
/// every place in the first few steps, after 0..=3 ASCII bytes: the run goes on with the full
/// map from the step that holds it, including a lead on a step's last byte.
#[test]
fn two_byte_char_inside_emoji_text() {
    for b in Backend::all() {
        for pad in 0..4 {
            for at in 0..90 {
                let mut s = " ".repeat(pad);
                for k in 0..90 {
                    if k == at {
                        s.push(if k % 2 == 0 { 'é' } else { '\u{7FF}' });
                    }
                    s.push(if k % 4 == 3 { ' ' } else { '😀' });
                }
                check(b, &s, 0);
            }
        }
    }
}
