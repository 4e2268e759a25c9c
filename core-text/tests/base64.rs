//! `core_text::base64` against the `base64` crate (output and exact errors) and `base64-simd`
//! (verdicts and bytes) at every level
//! the machine has: every length past two unrolled steps of the widest kernel, every start
//! alignment, every single-byte corruption, whitespace at every position, in place against
//! out of place, UTF-16, and the RFC 4648 vectors.

use base64::Engine as _;
use core_text::base64::{self as b64, Config, DecodeError, Engine, LineEnding};
use core_text::Level;
use proptest::prelude::*;

/// Our engines beside the `base64` crate's with the same configuration.
fn pairs() -> Vec<(Engine, base64::engine::GeneralPurpose)> {
    use base64::engine::general_purpose as gp;
    vec![
        (b64::STANDARD, gp::STANDARD),
        (b64::STANDARD_NO_PAD, gp::STANDARD_NO_PAD),
        (b64::URL_SAFE, gp::URL_SAFE),
        (b64::URL_SAFE_NO_PAD, gp::URL_SAFE_NO_PAD),
    ]
}

/// Every available level of `e`.
fn levels(e: Engine) -> impl Iterator<Item = Engine> {
    Level::available().map(move |l| e.with_level(l).expect("available level"))
}

/// Pseudo-random bytes, reproducible.
fn bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=300).collect();
    v.extend([383, 384, 385, 511, 512, 513, 1000, 4096, 4099]);
    v
}

/// The `base64` crate's error as ours (the same variants and values).
fn theirs(e: base64::DecodeError) -> DecodeError {
    match e {
        base64::DecodeError::InvalidByte(k, b) => DecodeError::InvalidByte(k, b),
        base64::DecodeError::InvalidLength(n) => DecodeError::InvalidLength(n),
        base64::DecodeError::InvalidLastSymbol(k, b) => DecodeError::InvalidLastSymbol(k, b),
        base64::DecodeError::InvalidPadding => DecodeError::InvalidPadding,
    }
}

/// Decodes `text` with `ours` every way there is and checks each against the `base64` crate.
fn check_decode(ours: &Engine, peer: &base64::engine::GeneralPurpose, text: &[u8], what: &str) {
    let want = peer.decode(text).map_err(theirs);
    let got = ours.decode(text);
    assert_eq!(
        got,
        want,
        "{what}: {:?} len {} {:?}",
        ours.level(),
        text.len(),
        String::from_utf8_lossy(text)
    );
    let mut place = text.to_vec();
    let n = ours.decode_in_place(&mut place);
    assert_eq!(
        n.map(|n| place[..n].to_vec()),
        want,
        "{what}: in place, {:?} len {}",
        ours.level(),
        text.len()
    );
    if let Ok(w) = &want {
        // Exactly sized output: the kernels must stop short of writing past it.
        let mut exact = vec![0u8; w.len()];
        assert_eq!(ours.decode_to_slice(text, &mut exact), Ok(w.len()));
        assert_eq!(&exact, w);
        if !w.is_empty() {
            let mut short = vec![0u8; w.len() - 1];
            assert_eq!(
                ours.decode_to_slice(text, &mut short),
                Err(b64::DecodeSliceError::OutputSliceTooSmall)
            );
        }
    }
}

#[test]
fn every_length_and_alignment_against_the_base64_crate() {
    let data = bytes(5000 + 64, 1);
    for (e, peer) in pairs() {
        for ours in levels(e) {
            for len in lengths() {
                let offsets: &[usize] =
                    if len <= 140 { &[0, 1, 2, 3, 5, 17, 31, 63] } else { &[0, 4, 7, 12, 20] };
                for &off in offsets {
                    let src = &data[off..off + len];
                    let want = peer.encode(src);
                    assert_eq!(ours.encode(src), want, "{:?} len {len} off {off}", ours.level());
                    // Output at every 4-byte alignment too (long inputs align their stores).
                    let mut exact = vec![0u8; want.len() + 64];
                    let at = off * 4 % 64;
                    assert_eq!(
                        ours.encode_to_slice(src, &mut exact[at..at + want.len()]),
                        Ok(want.len())
                    );
                    assert_eq!(&exact[at..at + want.len()], want.as_bytes());
                    // The text at every alignment too.
                    let mut padded = vec![b'#'; off];
                    padded.extend_from_slice(want.as_bytes());
                    check_decode(&ours, &peer, &padded[off..], "valid");
                }
            }
        }
    }
}

#[test]
fn every_single_byte_corruption_errors_where_the_base64_crate_does() {
    for (e, peer) in pairs() {
        for len in [0usize, 1, 2, 3, 5, 47, 48, 49, 95, 96, 97, 100, 191, 192, 200, 290] {
            let text = peer.encode(bytes(len, len as u64));
            for ours in levels(e) {
                for p in 0..text.len() {
                    for bad in [b'=', b'*', b' ', b'\n', 0x80, 0xFF, 0, b'-', b'/', b'A'] {
                        let mut t = text.clone().into_bytes();
                        if t[p] == bad {
                            continue;
                        }
                        t[p] = bad;
                        check_decode(&ours, &peer, &t, "corrupt");
                    }
                }
                // Truncations and extensions.
                for cut in 0..text.len().min(8) {
                    check_decode(&ours, &peer, &text.as_bytes()[..text.len() - cut], "truncated");
                }
                for extra in ["=", "==", "A", "AA", "AA==", "A==="] {
                    let t = format!("{text}{extra}");
                    check_decode(&ours, &peer, t.as_bytes(), "extended");
                }
            }
        }
    }
}

#[test]
fn rfc_4648_vectors() {
    let v = [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ];
    for ours in levels(b64::STANDARD) {
        for (plain, coded) in v {
            assert_eq!(ours.encode(plain), coded);
            assert_eq!(ours.decode(coded).as_deref(), Ok(plain.as_bytes()));
            let nopad = coded.trim_end_matches('=');
            assert_eq!(b64::STANDARD_NO_PAD.encode(plain), nopad);
            assert_eq!(b64::STANDARD_NO_PAD.decode(nopad).as_deref(), Ok(plain.as_bytes()));
        }
    }
}

/// Forgiving engines: whitespace anywhere equals the text without it; strict ones reject it
/// at its offset.
#[test]
fn whitespace_at_every_position() {
    let forgiving = Engine::new(Config::new().forgiving(true));
    for len in [0usize, 1, 2, 30, 48, 49, 100, 200, 300] {
        let data = bytes(len, 7);
        let text = b64::STANDARD.encode(&data);
        for ours in levels(forgiving) {
            let strict = b64::STANDARD.with_level(ours.level().unwrap()).unwrap();
            for p in 0..=text.len() {
                for ws in [" ", "\r\n", "\t", "\x0c", "\n\n\n\n\n"] {
                    let t = format!("{}{ws}{}", &text[..p], &text[p..]);
                    assert_eq!(
                        ours.decode(&t),
                        Ok(data.clone()),
                        "{:?} len {len} at {p} {ws:?}",
                        ours.level()
                    );
                    let mut place = t.clone().into_bytes();
                    let n = ours.decode_in_place(&mut place).unwrap();
                    assert_eq!(&place[..n], &data[..]);
                    check_decode(
                        &strict,
                        &base64::engine::general_purpose::STANDARD,
                        t.as_bytes(),
                        "strict whitespace",
                    );
                }
            }
            // A non-symbol after whitespace is reported at its own offset.
            if text.len() > 4 {
                let t = format!("{} {}*{}", &text[..2], &text[2..3], &text[3..]);
                assert_eq!(ours.decode(&t), Err(DecodeError::InvalidByte(4, b'*')));
            }
        }
    }
}

#[test]
fn mime_lines_and_forgiving_decoding() {
    for len in [0usize, 1, 56, 57, 58, 113, 114, 115, 570, 1000, 4096] {
        let data = bytes(len, 3);
        let plain = b64::STANDARD.encode(&data);
        let lines: Vec<&str> =
            plain.as_bytes().chunks(76).map(|c| std::str::from_utf8(c).unwrap()).collect();
        let want = lines.join("\r\n");
        for ours in levels(b64::MIME) {
            assert_eq!(ours.encode(&data), want, "{:?} len {len}", ours.level());
            assert_eq!(ours.encoded_len(len), want.len());
            assert_eq!(ours.decode(&want), Ok(data.clone()));
            // Exactly sized output: the forgiving kernels stop short of writing past it.
            let mut exact = vec![0u8; len];
            assert_eq!(ours.decode_to_slice(&want, &mut exact), Ok(len));
            assert_eq!(exact, data);
            let mut place = want.clone().into_bytes();
            let n = ours.decode_in_place(&mut place).unwrap();
            assert_eq!(&place[..n], &data[..]);
        }
        // 64 columns, LF, URL-safe: against the standard text split by hand.
        let pem = Engine::new(Config::new().line_wrap(64, LineEnding::Lf).forgiving(true));
        let want: Vec<&str> =
            plain.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).unwrap()).collect();
        for ours in levels(pem) {
            assert_eq!(ours.encode(&data), want.join("\n"));
            assert_eq!(ours.decode(want.join("\n")), Ok(data.clone()));
        }
    }
}

/// Line-broken encoding for line lengths around the kernels' special cases (lines of whole
/// vectors and a short tail, taken two or four lines a step), every length up to several
/// steps, against the plain text split by hand; the URL-safe alphabet and unaligned output.
#[test]
fn line_broken_encoding_every_length() {
    for columns in [4usize, 8, 16, 32, 44, 64, 68, 72, 76, 80, 96, 100, 128] {
        for ending in [LineEnding::Lf, LineEnding::CrLf] {
            let sep = if ending == LineEnding::Lf { "\n" } else { "\r\n" };
            let engine = Engine::new(Config::new().line_wrap(columns, ending));
            let url = Engine::new(
                Config::new().alphabet(b64::Alphabet::URL_SAFE).line_wrap(columns, ending),
            );
            for len in (0..=700).chain([1100, 1140, 1141, 1200, 2000, 3700, 5000, 7400, 9001]) {
                let data = bytes(len, len as u64 ^ columns as u64);
                let plain = b64::STANDARD.encode(&data);
                let want: Vec<&str> = plain
                    .as_bytes()
                    .chunks(columns)
                    .map(|c| std::str::from_utf8(c).unwrap())
                    .collect();
                let want = want.join(sep);
                let want_url = want.replace('+', "-").replace('/', "_");
                for ours in levels(engine) {
                    assert_eq!(
                        ours.encode(&data),
                        want,
                        "{:?} {columns} {ending:?} len {len}",
                        ours.level()
                    );
                    let mut off = vec![0u8; want.len() + 3];
                    assert_eq!(ours.encode_to_slice(&data, &mut off[3..]), Ok(want.len()));
                    assert_eq!(&off[3..], want.as_bytes());
                }
                for ours in levels(url) {
                    assert_eq!(
                        ours.encode(&data),
                        want_url,
                        "{:?} {columns} url len {len}",
                        ours.level()
                    );
                }
            }
        }
    }
}

/// Forgiving decoding of text in lines (the kernels' line mode): regular lines, then one
/// change (a symbol corrupted, whitespace added or removed, a separator changed) at every
/// position, each level against the scalar level, out of place, into an exact slice and in
/// place.
#[test]
fn forgiving_lines_with_one_change_agree_with_scalar() {
    for (columns, sep) in [
        (76usize, "\r\n"),
        (64, "\n"),
        (64, "\r\n"),
        (68, "\n"),
        (32, "\r\n"),
        (128, "\n"),
        (100, "\r\n"),
        (300, "\r\n"),
        (20, "\n"),
    ] {
        let forgiving = Engine::new(
            Config::new().forgiving(true).decode_padding_mode(b64::DecodePaddingMode::Indifferent),
        );
        let reference = forgiving.with_level(Level::Scalar).unwrap();
        for len in [0usize, 40, 57, 100, 300, 1000] {
            let data = bytes(len, columns as u64 + len as u64);
            let plain = b64::STANDARD.encode(&data);
            let lines: Vec<&str> =
                plain.as_bytes().chunks(columns).map(|c| std::str::from_utf8(c).unwrap()).collect();
            let text = lines.join(sep).into_bytes();
            let mut variants = vec![text.clone(), [text.clone(), sep.as_bytes().to_vec()].concat()];
            for p in 0..text.len() {
                for change in 0..4 {
                    let mut t = text.clone();
                    match change {
                        0 => t[p] = if t[p] == b'\n' { b'A' } else { b'*' },
                        1 => t.insert(p, b' '),
                        2 => {
                            t.remove(p);
                        }
                        _ => t[p] = if t[p] == b'\n' || t[p] == b'\r' { b' ' } else { t[p] },
                    }
                    variants.push(t);
                }
            }
            for t in &variants {
                let want = reference.decode(t);
                for ours in levels(forgiving) {
                    assert_eq!(ours.decode(t), want, "{:?} {columns} len {len}", ours.level());
                    if let Ok(w) = &want {
                        let mut exact = vec![0u8; w.len()];
                        assert_eq!(ours.decode_to_slice(t, &mut exact), Ok(w.len()));
                        assert_eq!(&exact, w);
                        let mut place = t.clone();
                        let n = ours.decode_in_place(&mut place).unwrap();
                        assert_eq!(&place[..n], &w[..]);
                    }
                }
            }
        }
    }
}

#[test]
fn utf16_and_other_alphabets() {
    for len in [0usize, 1, 2, 3, 15, 16, 17, 100, 1000] {
        let data = bytes(len, 5);
        for ours in levels(b64::URL_SAFE) {
            let text = ours.encode(&data);
            let mut wide = vec![0u16; ours.encoded_len(len) + 3];
            let n = ours.encode_utf16(&data, &mut wide).unwrap();
            assert_eq!(String::from_utf16(&wide[..n]).unwrap(), text);
            assert_eq!(ours.decode_utf16(&wide[..n]), Ok(data.clone()));
            let mut bad = wide[..n].to_vec();
            if n > 0 {
                bad[n / 2] = 0x0141;
                assert_eq!(ours.decode_utf16(&bad), Err(DecodeError::InvalidByte(n / 2, 0xFF)));
            }
        }
        let crypt = Engine::new(Config::new().alphabet(b64::Alphabet::CRYPT));
        let peer = base64::engine::GeneralPurpose::new(
            &base64::alphabet::CRYPT,
            base64::engine::general_purpose::PAD,
        );
        for ours in levels(crypt) {
            assert_eq!(ours.encode(&data), peer.encode(&data));
            check_decode(&ours, &peer, peer.encode(&data).as_bytes(), "crypt");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_text(text in proptest::collection::vec(
        prop_oneof![8 => proptest::sample::select(b"ABCXYZabxyz0189+/-_".to_vec()), 1 => any::<u8>()],
        0..400,
    )) {
        for (e, peer) in pairs() {
            for ours in levels(e) {
                check_decode(&ours, &peer, &text, "proptest");
            }
        }
    }

    #[test]
    fn round_trip(data in proptest::collection::vec(any::<u8>(), 0..600)) {
        for (e, peer) in pairs() {
            for ours in levels(e) {
                let text = ours.encode(&data);
                prop_assert_eq!(&text, &peer.encode(&data));
                prop_assert_eq!(ours.decode(&text), Ok(data.clone()));
            }
        }
        prop_assert_eq!(b64::STANDARD.encode_to_string(&data), base64_simd::STANDARD.encode_to_string(&data));
    }
}

/// A reader that hands out its bytes in pieces of the given sizes, in turn.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    k: usize,
}

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let want = self.sizes[self.k % self.sizes.len()].max(1);
        self.k += 1;
        let n = want.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn check_streams(e: &Engine, data: &[u8], sizes: &[usize]) {
    use std::io::{Read, Write};
    let text = e.encode(data);
    let mut w = b64::EncoderWriter::new(Vec::new(), e);
    let mut rest = data;
    let mut k = 0;
    while !rest.is_empty() {
        let n = sizes[k % sizes.len()].min(rest.len());
        w.write_all(&rest[..n]).unwrap();
        rest = &rest[n..];
        k += 1;
    }
    assert_eq!(String::from_utf8(w.finish().unwrap()).unwrap(), text, "encoder, chunks {sizes:?}");
    let mut back = Vec::new();
    let mut r =
        b64::DecoderReader::new(Pieces { data: text.as_bytes(), sizes: sizes.to_vec(), k: 0 }, e);
    r.read_to_end(&mut back).unwrap();
    assert_eq!(back, data, "decoder, chunks {sizes:?}");
    // A corrupt text fails with the error of one call (lengths that leave one byte in the
    // last group excepted, see `DecoderReader`).
    if text.len() > 10 && text.len() % 4 != 1 {
        let mut bad = text.clone().into_bytes();
        let p = text.len() * 2 / 3;
        bad[p] = b'*';
        let want = e.decode(&bad).unwrap_err();
        let got = b64::DecoderReader::new(Pieces { data: &bad, sizes: sizes.to_vec(), k: 0 }, e)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        let inner = got.into_inner().unwrap().downcast::<DecodeError>().unwrap();
        assert_eq!(*inner, want, "decoder error, chunks {sizes:?}");
    }
}

#[test]
fn chunked_streams_equal_one_call() {
    for len in [0usize, 1, 2, 3, 4, 56, 57, 58, 100, 1000, 70_000] {
        let data = bytes(len, 11);
        for e in [
            b64::STANDARD,
            b64::URL_SAFE_NO_PAD,
            b64::MIME,
            Engine::new(Config::new().forgiving(true)),
        ] {
            for sizes in [vec![1], vec![3], vec![7, 1, 64], vec![1000], vec![100_000]] {
                check_streams(&e, &data, &sizes);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_chunkings(data in proptest::collection::vec(any::<u8>(), 0..3000), sizes in proptest::collection::vec(1usize..300, 1..6)) {
        for e in [b64::STANDARD, b64::STANDARD_NO_PAD, b64::MIME] {
            check_streams(&e, &data, &sizes);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `base64-simd` accepts and rejects the same texts, with the same bytes, at every level.
    #[test]
    fn against_base64_simd(text in proptest::collection::vec(
        prop_oneof![8 => proptest::sample::select(b"ABCXYZabxyz0189+/-_=".to_vec()), 1 => any::<u8>()],
        0..300,
    )) {
        let peers = [
            (b64::STANDARD, base64_simd::STANDARD),
            (b64::STANDARD_NO_PAD, base64_simd::STANDARD_NO_PAD),
            (b64::URL_SAFE, base64_simd::URL_SAFE),
            (b64::URL_SAFE_NO_PAD, base64_simd::URL_SAFE_NO_PAD),
        ];
        for (e, peer) in &peers {
            let want = peer.decode_to_vec(&text).ok();
            for ours in levels(*e) {
                prop_assert_eq!(ours.decode_to_vec(&text).ok(), want.clone(), "{:?}", ours.level());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Valid texts of `base64-simd`, and each with one byte replaced: the same verdicts and bytes.
    #[test]
    fn against_base64_simd_near_valid(
        data in proptest::collection::vec(any::<u8>(), 0..400),
        at in any::<usize>(),
        with in proptest::sample::select(b"A=*/_-+ \n".to_vec()),
    ) {
        let peers = [
            (b64::STANDARD, base64_simd::STANDARD),
            (b64::URL_SAFE_NO_PAD, base64_simd::URL_SAFE_NO_PAD),
        ];
        for (e, peer) in &peers {
            let mut text = peer.encode_to_string(&data).into_bytes();
            for round in 0..2 {
                if round == 1 && !text.is_empty() {
                    let k = at % text.len();
                    text[k] = with;
                }
                let want = peer.decode_to_vec(&text).ok();
                for ours in levels(*e) {
                    prop_assert_eq!(ours.decode_to_vec(&text).ok(), want.clone(), "{:?}", ours.level());
                }
            }
        }
    }
}
