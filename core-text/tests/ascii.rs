//! `core_text::ascii` against std (`is_ascii`, `eq_ignore_ascii_case`, `make_ascii_uppercase`,
//! `to_ascii_lowercase`, ...) and naive references, at every level the machine has and through
//! the free functions: every byte value and byte pair, UTF-16 units around the ASCII, Latin-1,
//! surrogate and top boundaries, every length up to past two unrolled steps of the widest
//! vector at every start offset (with guard bytes checked after in-place and into-slice
//! casing), and proptest.

use core_text::ascii::{self, Backend};
use proptest::prelude::*;

/// One implementation under test: a pinned level or the free functions.
#[derive(Clone, Copy, Debug)]
enum Imp {
    Level(Backend),
    Free,
}

fn imps() -> Vec<Imp> {
    let mut v: Vec<Imp> = Backend::all().map(Imp::Level).collect();
    assert!(!v.is_empty());
    v.push(Imp::Free);
    v
}

impl Imp {
    fn is_ascii(self, s: &[u8]) -> bool {
        match self {
            Imp::Level(b) => b.is_ascii(s),
            Imp::Free => ascii::is_ascii(s),
        }
    }
    fn is_ascii_u16(self, s: &[u16]) -> bool {
        match self {
            Imp::Level(b) => b.is_ascii_u16(s),
            Imp::Free => ascii::is_ascii_u16(s),
        }
    }
    fn eq_ignore_case(self, a: &[u8], b: &[u8]) -> bool {
        match self {
            Imp::Level(k) => k.eq_ignore_case(a, b),
            Imp::Free => ascii::eq_ignore_case(a, b),
        }
    }
    fn eq_ignore_case_u16(self, a: &[u16], b: &[u16]) -> bool {
        match self {
            Imp::Level(k) => k.eq_ignore_case_u16(a, b),
            Imp::Free => ascii::eq_ignore_case_u16(a, b),
        }
    }
    fn eq_bytes_u16(self, a: &[u8], b: &[u16]) -> bool {
        match self {
            Imp::Level(k) => k.eq_bytes_u16(a, b),
            Imp::Free => ascii::eq_bytes_u16(a, b),
        }
    }
    fn starts_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        match self {
            Imp::Level(k) => k.starts_with_ignore_case(s, p),
            Imp::Free => ascii::starts_with_ignore_case(s, p),
        }
    }
    fn ends_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        match self {
            Imp::Level(k) => k.ends_with_ignore_case(s, p),
            Imp::Free => ascii::ends_with_ignore_case(s, p),
        }
    }
    fn make_case(self, s: &mut [u8], upper: bool) {
        match (self, upper) {
            (Imp::Level(k), true) => k.make_upper(s),
            (Imp::Level(k), false) => k.make_lower(s),
            (Imp::Free, true) => ascii::make_upper(s),
            (Imp::Free, false) => ascii::make_lower(s),
        }
    }
    fn to_case(self, s: &[u8], upper: bool) -> Vec<u8> {
        match (self, upper) {
            (Imp::Level(k), true) => k.to_upper(s),
            (Imp::Level(k), false) => k.to_lower(s),
            (Imp::Free, true) => ascii::to_upper(s),
            (Imp::Free, false) => ascii::to_lower(s),
        }
    }
    fn to_case_into(
        self,
        s: &[u8],
        dst: &mut [u8],
        upper: bool,
    ) -> Result<usize, core_text::BufferTooSmall> {
        match (self, upper) {
            (Imp::Level(k), true) => k.to_upper_into(s, dst),
            (Imp::Level(k), false) => k.to_lower_into(s, dst),
            (Imp::Free, true) => ascii::to_upper_into(s, dst),
            (Imp::Free, false) => ascii::to_lower_into(s, dst),
        }
    }
}

impl Imp {
    fn make_case_u16(self, s: &mut [u16], upper: bool) {
        match (self, upper) {
            (Imp::Level(k), true) => k.make_upper_u16(s),
            (Imp::Level(k), false) => k.make_lower_u16(s),
            (Imp::Free, true) => ascii::make_upper_u16(s),
            (Imp::Free, false) => ascii::make_lower_u16(s),
        }
    }
    fn to_case_u16(self, s: &[u16], upper: bool) -> Vec<u16> {
        match (self, upper) {
            (Imp::Level(k), true) => k.to_upper_u16(s),
            (Imp::Level(k), false) => k.to_lower_u16(s),
            (Imp::Free, true) => ascii::to_upper_u16(s),
            (Imp::Free, false) => ascii::to_lower_u16(s),
        }
    }
}

/// Units below 0x80 cased as std cases bytes; the rest unchanged.
fn naive_case_u16(s: &[u16], upper: bool) -> Vec<u16> {
    s.iter()
        .map(|&u| match u8::try_from(u) {
            Ok(b) if b < 0x80 => {
                u16::from(if upper { b.to_ascii_uppercase() } else { b.to_ascii_lowercase() })
            }
            _ => u,
        })
        .collect()
}

#[test]
fn utf16_casing_every_length_offset_and_unit() {
    const PAD: usize = 40;
    let specials = special_units();
    for &imp in &imps() {
        for len in (0..=140).chain([255, 256, 257, 1000]) {
            let case: Vec<u16> = (0..len)
                .map(|i| {
                    if i % 3 == 0 {
                        specials[(i * 7 + len) % specials.len()]
                    } else {
                        u16::from(text(1, (i + len) as u64)[0])
                    }
                })
                .collect();
            let offsets: &[usize] = if len <= 140 { &[0, 1, 3, 8, 15, 31] } else { &[0, 7] };
            for &pre in offsets {
                for upper in [true, false] {
                    let want = naive_case_u16(&case, upper);
                    let mut buf = vec![0xA5A5u16; pre + len + PAD];
                    buf[pre..pre + len].copy_from_slice(&case);
                    imp.make_case_u16(&mut buf[pre..pre + len], upper);
                    assert_eq!(buf[pre..pre + len], want, "{imp:?} len {len} pre {pre}");
                    assert!(buf[..pre].iter().chain(&buf[pre + len..]).all(|&g| g == 0xA5A5));
                    assert_eq!(imp.to_case_u16(&buf[pre..pre + len], upper), want);
                    assert_eq!(imp.to_case_u16(&case, upper), want, "{imp:?} len {len}");
                }
            }
        }
    }
}

fn std_upper(s: &[u8]) -> Vec<u8> {
    s.to_ascii_uppercase()
}

fn naive_eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(&x, &y)| {
            x == y || (x < 0x80 && y < 0x80 && (x as u8).eq_ignore_ascii_case(&(y as u8)))
        })
}

fn naive_eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x < 0x80 && u16::from(x) == y)
}

/// Every operation of `imp` on these inputs against the references (`a` and `b` any bytes,
/// `wa` and `wb` any units).
fn check_all(imp: Imp, a: &[u8], b: &[u8], wa: &[u16], wb: &[u16], ctx: &dyn std::fmt::Display) {
    assert_eq!(imp.is_ascii(a), a.is_ascii(), "is_ascii {imp:?} {ctx}");
    assert_eq!(imp.eq_ignore_case(a, b), a.eq_ignore_ascii_case(b), "eq_ic {imp:?} {ctx}");
    assert!(imp.eq_ignore_case(a, a), "eq_ic self {imp:?} {ctx}");
    let upper = std_upper(a);
    let lower = a.to_ascii_lowercase();
    assert_eq!(imp.to_case(a, true), upper, "to_upper {imp:?} {ctx}");
    assert_eq!(imp.to_case(a, false), lower, "to_lower {imp:?} {ctx}");
    assert!(imp.eq_ignore_case(&upper, &lower), "upper ~ lower {imp:?} {ctx}");
    let u16_ascii = wa.iter().all(|&u| u < 0x80);
    assert_eq!(imp.is_ascii_u16(wa), u16_ascii, "is_ascii_u16 {imp:?} {ctx}");
    assert_eq!(
        imp.eq_ignore_case_u16(wa, wb),
        naive_eq_ignore_case_u16(wa, wb),
        "eq_ic_u16 {imp:?} {ctx}"
    );
    let wide_a: Vec<u16> = a.iter().map(|&x| u16::from(x)).collect();
    assert_eq!(imp.eq_bytes_u16(a, &wide_a), a.is_ascii(), "eq_bytes_u16 self {imp:?} {ctx}");
    assert_eq!(imp.eq_bytes_u16(a, wb), naive_eq_bytes_u16(a, wb), "eq_bytes_u16 {imp:?} {ctx}");
    let k = a.len() / 3;
    assert_eq!(
        imp.starts_with_ignore_case(b, &a[..k]),
        b.len() >= k && b[..k].eq_ignore_ascii_case(&a[..k]),
        "starts_with {imp:?} {ctx}"
    );
    assert_eq!(
        imp.ends_with_ignore_case(b, &a[a.len() - k..]),
        b.len() >= k && b[b.len() - k..].eq_ignore_ascii_case(&a[a.len() - k..]),
        "ends_with {imp:?} {ctx}"
    );
}

/// A deterministic mix of letters of both cases, their 0x20 neighbours and high bytes.
fn text(len: usize, seed: u64) -> Vec<u8> {
    const ALPHABET: &[u8] = b"aAzZmM@`[{^~_ 09\x7F\x80\xC3\xE1\xC1\xFAAbCdEfGhIjKlMnOpQrStUvWxYz";
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ALPHABET[(x % ALPHABET.len() as u64) as usize]
        })
        .collect()
}

/// Flips the case of every other letter.
fn flip_case(s: &[u8]) -> Vec<u8> {
    s.iter()
        .enumerate()
        .map(|(i, &c)| if i % 2 == 0 && c.is_ascii_alphabetic() { c ^ 0x20 } else { c })
        .collect()
}

/// Lengths: all up to 300 (five 64-byte vectors: past two unrolled steps of four 16-byte and
/// two 32- and 64-byte vectors), then a few larger.
fn lengths() -> impl Iterator<Item = usize> {
    (0..=300).chain([383, 384, 511, 512, 513, 1000, 4096])
}

#[test]
fn every_length_and_offset_with_guards() {
    const PAD: usize = 70;
    let imps = imps();
    for len in lengths() {
        let case = text(len, len as u64);
        let other = flip_case(&case);
        let offsets: Vec<usize> = if len <= 300 {
            (0..PAD).step_by(if len < 70 { 1 } else { 5 }).collect()
        } else {
            vec![0, 1, 33, 63]
        };
        for &pre in &offsets {
            // The case at every start offset inside a buffer with guard bytes on both sides.
            let mut buf = vec![0xA5u8; pre + len + PAD];
            buf[pre..pre + len].copy_from_slice(&case);
            let wide: Vec<u16> = std::iter::repeat_n(0xFFFF, pre)
                .chain(other.iter().map(|&c| u16::from(c)))
                .collect();
            let wide_case: Vec<u16> =
                std::iter::repeat_n(0, pre).chain(case.iter().map(|&c| u16::from(c))).collect();
            for &imp in &imps {
                let ctx = format!("len {len} offset {pre}");
                let a = &buf[pre..pre + len];
                check_all(imp, a, &other, &wide_case[pre..], &wide[pre..], &ctx);
                for upper in [true, false] {
                    let mut m = buf.clone();
                    imp.make_case(&mut m[pre..pre + len], upper);
                    let mut want = buf.clone();
                    if upper {
                        want[pre..pre + len].make_ascii_uppercase();
                    } else {
                        want[pre..pre + len].make_ascii_lowercase();
                    }
                    assert_eq!(m, want, "make_case upper={upper} {imp:?} {ctx}");
                    let mut out = vec![0x5Au8; pre + len + PAD];
                    let n = imp.to_case_into(a, &mut out[pre..], upper).expect("room");
                    assert_eq!(n, len);
                    assert!(out[..pre].iter().chain(&out[pre + len..]).all(|&g| g == 0x5A));
                    assert_eq!(out[pre..pre + len], want[pre..pre + len], "{imp:?} {ctx}");
                    if len > 0 {
                        let e = imp.to_case_into(a, &mut out[..len - 1], upper).unwrap_err();
                        assert_eq!((e.needed(), e.available()), (len, len - 1));
                    }
                }
            }
        }
    }
}

#[test]
fn every_byte_pair_at_a_vector_lane() {
    // 200 bytes: past a 64-byte vector's unrolled step at every level; the pair moves across
    // lanes and steps with its values.
    let imps = imps();
    let base = text(200, 7);
    for &imp in &imps {
        let (mut a, mut b) = (base.clone(), flip_case(&base));
        for x in 0..=255u8 {
            for y in 0..=255u8 {
                let p = (usize::from(x) * 7 + usize::from(y) * 13) % 200;
                let (sa, sb) = (a[p], b[p]);
                a[p] = x;
                b[p] = y;
                assert_eq!(
                    imp.eq_ignore_case(&a, &b),
                    x.eq_ignore_ascii_case(&y),
                    "{imp:?} {x:#x} {y:#x} at {p}"
                );
                a[p] = sa;
                b[p] = sb;
            }
        }
    }
}

#[test]
fn long_inputs_mismatch_at_every_position() {
    // Past the unrolled steps of four 64-byte vectors, at start offsets that move the aligned
    // body: one differing byte at each position, a non-letter differing only in 0x20 ('@'
    // against '`') or a letter against another letter; and the same case-flipped (equal).
    let imps = imps();
    for len in [257usize, 700] {
        let base = text(len, 11);
        let mut buf = vec![0u8; len + 64];
        for pre in [0usize, 1, 40] {
            let a = &mut buf[pre..pre + len];
            a.copy_from_slice(&base);
            let mut b = flip_case(&base);
            for &imp in &imps {
                assert!(imp.eq_ignore_case(a, &b), "{imp:?} len {len} offset {pre}");
            }
            for p in 0..len {
                let (sa, sb) = (a[p], b[p]);
                for (x, y) in [(b'@', b'`'), (b'k', b'L'), (b'K', b'k')] {
                    a[p] = x;
                    b[p] = y;
                    let want = x.eq_ignore_ascii_case(&y);
                    for &imp in &imps {
                        let ctx = format!("{imp:?} len {len} offset {pre} at {p}");
                        assert_eq!(imp.eq_ignore_case(a, &b), want, "{ctx}");
                        assert_eq!(imp.eq_ignore_case(&b, a), want, "{ctx}");
                    }
                }
                a[p] = sa;
                b[p] = sb;
            }
        }
    }
}

#[test]
fn every_byte_value_cases_and_tests() {
    let all: Vec<u8> = (0..=255u8).collect();
    for &imp in &imps() {
        for len in [1, 15, 16, 31, 32, 63, 64, 100, 256] {
            for start in [0usize, 1, 97, 128, 200] {
                let s: Vec<u8> = all.iter().cycle().skip(start).take(len).copied().collect();
                assert_eq!(imp.to_case(&s, true), s.to_ascii_uppercase(), "{imp:?}");
                assert_eq!(imp.to_case(&s, false), s.to_ascii_lowercase(), "{imp:?}");
                let mut m = s.clone();
                imp.make_case(&mut m, true);
                assert_eq!(m, s.to_ascii_uppercase(), "{imp:?}");
                assert_eq!(imp.is_ascii(&s), s.is_ascii(), "{imp:?}");
                assert!(imp.eq_ignore_case(&s.to_ascii_uppercase(), &s.to_ascii_lowercase()));
            }
        }
        // Each byte alone in an ASCII run, at every position of 130 bytes.
        for x in 0..=255u8 {
            let mut s = vec![b'a'; 130];
            for p in 0..130 {
                s[p] = x;
                assert_eq!(imp.is_ascii(&s), x < 0x80, "{imp:?} {x:#x} at {p}");
                let w: Vec<u16> = s.iter().map(|&c| u16::from(c)).collect();
                assert_eq!(imp.eq_bytes_u16(&s, &w), x < 0x80, "{imp:?} {x:#x} at {p}");
                s[p] = b'a';
            }
        }
    }
}

/// UTF-16 units around the boundaries where folding or the ASCII test could go wrong.
fn special_units() -> Vec<u16> {
    let mut v = Vec::new();
    for c in [
        0u16, 0x20, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xC1, 0xE1, 0xFF,
        0x100, 0x141, 0x161, 0x17F, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFF41, 0xFF61, 0xFFFF,
    ] {
        v.push(c);
        v.push(c ^ 0x20);
        v.push(c.wrapping_add(1));
        v.push(c.wrapping_sub(1));
    }
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn utf16_units_around_boundaries() {
    let specials = special_units();
    for &imp in &imps() {
        for len in [1usize, 3, 4, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 100, 200] {
            let base: Vec<u16> = text(len, 3).iter().map(|&c| u16::from(c)).collect();
            let lower: Vec<u8> = base.iter().map(|&c| (c as u8).to_ascii_lowercase()).collect();
            for &x in &specials {
                for &y in &specials {
                    let p = (usize::from(x) ^ usize::from(y)) % len;
                    let (mut a, mut b) = (base.clone(), base.clone());
                    a[p] = x;
                    b[p] = y;
                    let ctx = format!("{imp:?} len {len} {x:#x} {y:#x} at {p}");
                    assert_eq!(
                        imp.eq_ignore_case_u16(&a, &b),
                        naive_eq_ignore_case_u16(&a, &b),
                        "{ctx}"
                    );
                    assert_eq!(imp.is_ascii_u16(&a), a.iter().all(|&u| u < 0x80), "{ctx}");
                    let mut bytes = lower.clone();
                    bytes[p] = x as u8;
                    assert_eq!(
                        imp.eq_bytes_u16(&bytes, &a),
                        naive_eq_bytes_u16(&bytes, &a),
                        "{ctx}"
                    );
                }
            }
        }
    }
}

#[test]
fn lengths_differ() {
    for &imp in &imps() {
        for n in [0usize, 1, 8, 15, 16, 64, 100] {
            let a = vec![b'a'; n];
            let b = vec![b'A'; n + 1];
            let w = vec![u16::from(b'a'); n + 1];
            assert!(!imp.eq_ignore_case(&a, &b));
            assert!(!imp.eq_ignore_case(&b, &a));
            assert!(!imp.eq_ignore_case_u16(&w[..n], &w));
            assert!(!imp.eq_bytes_u16(&a, &w));
            assert!(imp.eq_bytes_u16(&a, &w[..n]));
            assert!(imp.starts_with_ignore_case(&b, &a));
            assert!(imp.ends_with_ignore_case(&b, &a));
            assert!(!imp.starts_with_ignore_case(&a, &b));
            assert!(!imp.ends_with_ignore_case(&a, &b));
        }
    }
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting = prop_oneof![
        4 => prop::sample::select(b"aAzZmMqQ@`[{\x7F\x80\xFF\xE1\xC1 ".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(interesting, 0..300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn arbitrary_bytes_and_units(a in bytes(), flips in any::<u64>(), extra in any::<u16>()) {
        // `b` is `a` with some letters' case flipped and, on some cases, one byte changed.
        let mut b: Vec<u8> = a.iter().enumerate()
            .map(|(i, &c)| if flips >> (i % 64) & 1 == 1 && c.is_ascii_alphabetic() { c ^ 0x20 } else { c })
            .collect();
        if !b.is_empty() && extra % 3 == 0 {
            let p = usize::from(extra) % b.len();
            b[p] ^= (extra >> 8) as u8 | 1;
        }
        let wa: Vec<u16> = a.iter().map(|&c| u16::from(c) | if c == 0xFF { extra & 0xFF00 } else { 0 }).collect();
        let wb: Vec<u16> = b.iter().map(|&c| u16::from(c)).collect();
        for imp in imps() {
            check_all(imp, &a, &b, &wa, &wb, &"proptest");
            check_all(imp, &a, &b, &wb, &wa, &"proptest swapped");
        }
    }
}

// ---- `core_text::search::common_prefix_len` and `eq_16byte` ----

use core_text::search::{self, CompareBackend, PrefixEq};

/// Every backend's and the free function's common prefix of `a` and `b` against zip-position.
fn check_prefix<T: PrefixEq + std::fmt::Debug>(a: &[T], b: &[T], ctx: &dyn std::fmt::Display) {
    let want = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    for k in CompareBackend::all() {
        assert_eq!(k.common_prefix_len(a, b), want, "{k:?} {ctx}");
        assert_eq!(k.common_prefix_len(b, a), want, "{k:?} swapped {ctx}");
    }
    assert_eq!(search::common_prefix_len(a, b), want, "free {ctx}");
}

#[test]
fn common_prefix_every_length_offset_and_position() {
    let base: Vec<u8> = text(4200, 11);
    for len in lengths() {
        let offsets: &[usize] = if len <= 130 { &[0, 1, 3, 7, 15, 31, 33, 63] } else { &[0, 5] };
        for &off in offsets {
            let a = &base[off..off + len];
            let mut b = a.to_vec();
            let step = if len <= 300 { 1 } else { 13 };
            check_prefix(a, &b, &format_args!("u8 len {len} off {off} equal"));
            // A longer second input, equal on the shared part.
            let mut longer = b.clone();
            longer.push(0);
            check_prefix(a, &longer, &format_args!("u8 len {len} longer"));
            for p in (0..len).step_by(step) {
                b[p] ^= 0x41;
                check_prefix(a, &b, &format_args!("u8 len {len} off {off} diff at {p}"));
                // A second difference later must not matter.
                let last = len - 1;
                b[last] ^= 0x10;
                check_prefix(a, &b, &format_args!("u8 len {len} off {off} two diffs at {p}"));
                b[last] ^= 0x10;
                b[p] ^= 0x41;
            }
        }
    }
}

#[test]
fn common_prefix_of_wider_and_other_types() {
    for len in (0..=140).chain([300, 1000]) {
        let a16: Vec<u16> = (0..len).map(|i| (i as u16).wrapping_mul(0x9E37)).collect();
        let a32: Vec<u32> = (0..len).map(|i| (i as u32).wrapping_mul(0x9E37_79B9)).collect();
        let a128: Vec<[u8; 16]> = (0..len).map(|i| [i as u8; 16]).collect();
        let chars: Vec<char> = (0..len).map(|i| char::from_u32(0x60 + i as u32).unwrap()).collect();
        let strs: Vec<String> = (0..len).map(|i| i.to_string()).collect();
        for p in (0..len).step_by(1 + len / 40) {
            // A difference in the high byte of a unit: a byte compare must still count units.
            let mut b16 = a16.clone();
            b16[p] ^= 0x0100;
            check_prefix(&a16, &b16, &format_args!("u16 len {len} at {p}"));
            let mut b32 = a32.clone();
            b32[p] ^= 0x0100_0000;
            check_prefix(&a32, &b32, &format_args!("u32 len {len} at {p}"));
            let mut b128 = a128.clone();
            b128[p][15] ^= 1;
            check_prefix(&a128, &b128, &format_args!("[u8; 16] len {len} at {p}"));
            let mut bc = chars.clone();
            bc[p] = '\u{10FFFF}';
            check_prefix(&chars, &bc, &format_args!("char len {len} at {p}"));
            let mut bs = strs.clone();
            bs[p].push('x');
            check_prefix(&strs, &bs, &format_args!("String len {len} at {p}"));
            let refs: Vec<&str> = strs.iter().map(|s| s.as_str()).collect();
            let brefs: Vec<&str> = bs.iter().map(|s| s.as_str()).collect();
            check_prefix(&refs, &brefs, &format_args!("&str len {len} at {p}"));
        }
        check_prefix(&a16, &a16, &format_args!("u16 len {len} equal"));
    }
}

#[test]
fn eq_16byte_every_length_and_byte() {
    for len in 0..=40usize {
        let a: Vec<[u8; 16]> =
            (0..len).map(|i| core::array::from_fn(|j| (i * 16 + j) as u8)).collect();
        let wide: Vec<u128> = a.iter().map(|x| u128::from_le_bytes(*x)).collect();
        let mut b = a.clone();
        for k in CompareBackend::all() {
            assert!(k.eq_16byte(&a, &b), "{k:?} len {len}");
            assert!(k.eq_16byte(&wide, &wide), "{k:?} len {len}");
            if len > 0 {
                assert!(!k.eq_16byte(&a, &b[..len - 1]), "{k:?} len {len}");
            }
        }
        assert!(search::eq_16byte(&a, &b));
        for p in 0..len * 16 {
            b[p / 16][p % 16] ^= 0x80;
            for k in CompareBackend::all() {
                assert!(!k.eq_16byte(&a, &b), "{k:?} len {len} byte {p}");
            }
            assert!(!search::eq_16byte(&a, &b), "len {len} byte {p}");
            b[p / 16][p % 16] ^= 0x80;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_prefixes(
        a in prop::collection::vec(0u8..3, 0..600),
        b in prop::collection::vec(0u8..3, 0..600),
        shared in 0usize..600,
    ) {
        // `b` starts with up to `shared` bytes of `a`, then its own bytes.
        let k = shared.min(a.len());
        let b: Vec<u8> = a[..k].iter().chain(&b).copied().collect();
        check_prefix(&a, &b, &"proptest u8");
        let (wa, wb): (Vec<u16>, Vec<u16>) = (
            a.iter().map(|&x| u16::from(x) << (x * 4)).collect(),
            b.iter().map(|&x| u16::from(x) << (x * 4)).collect(),
        );
        check_prefix(&wa, &wb, &"proptest u16");
        let (qa, qb): (Vec<u128>, Vec<u128>) = (
            a.iter().map(|&x| u128::from(x) << (x * 40)).collect(),
            b.iter().map(|&x| u128::from(x) << (x * 40)).collect(),
        );
        for be in CompareBackend::all() {
            prop_assert_eq!(be.eq_16byte(&qa, &qb), qa == qb);
            prop_assert!(be.eq_16byte(&qa, &qa));
        }
    }
}
