//! The `core-text` Base64 cases: encoding and decoding beside `base64-simd`, `base64` and
//! `simdutf` (the C++ library's Base64 through its Rust crate), on the same bytes.
//!
//! Case names are `core-text/base64/<operation>/<size>`, the size counting the binary bytes.
//! - `encode`, `decode`: standard alphabet, padded, into preallocated buffers.
//! - `encode-lines`: 76-column lines with LF (simdutf writes LF only) beside our plain
//!   `encode` of the same bytes (the cost of the line breaks) and simdutf's.
//! - `decode-mime`: MIME text (76 columns, CRLF) decoded skipping whitespace: ours forgiving,
//!   simdutf's own whitespace-skipping decoder, and strip-then-decode with the others.
//! - `ToBase64String_InsertLineBreaks` (57 and 570 random bytes, a `String` with CRLF lines)
//!   and in-place `Decode` (the text of 16,384 zero bytes; every function copies the text
//!   into its buffer first, so each call decodes a fresh copy and the copy is in every time).

use crate::case::{size_label, Case, Function, Role, Seed};
use crate::corpus::Rng;
use base64::Engine as _;
use core_text::base64::{self as b64, Config, Engine, LineEnding};
use core_text::Level;
use std::cell::RefCell;
use std::rc::Rc;

const SIZES: [usize; 5] = [57, 570, 4096, 64 << 10, 1 << 20];
const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

fn random(len: usize) -> Rc<[u8]> {
    let mut rng = Rng::new(0xB64 ^ len as u64);
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

fn is_space(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0C)
}

fn simdutf_encode(src: &[u8], dst: &mut [u8]) -> usize {
    let n = simdutf::base64_length_from_binary(src.len(), simdutf::Base64Options::Default);
    assert!(dst.len() >= n);
    // SAFETY: `dst` holds the encoded length simdutf asks for.
    unsafe {
        simdutf::binary_to_base64(
            src.as_ptr(),
            src.len(),
            dst.as_mut_ptr(),
            simdutf::Base64Options::Default,
        )
    }
}

/// simdutf's (WHATWG forgiving) decoder; `usize::MAX` on an error.
fn simdutf_decode(src: &[u8], dst: &mut [u8]) -> usize {
    let mut n = dst.len();
    // SAFETY: `dst` holds `n` bytes, and simdutf writes at most `n`.
    let r = unsafe {
        simdutf::base64_to_binary_safe(
            src.as_ptr(),
            src.len(),
            dst.as_mut_ptr(),
            &mut n,
            simdutf::Base64Options::Default,
            simdutf::LastChunkHandlingOptions::Loose,
            false,
        )
    };
    if r.error == simdutf::ErrorCode::Success {
        n
    } else {
        usize::MAX
    }
}

/// A function that encodes into a reused buffer, its text the result compared.
fn text_fn(
    name: &'static str,
    role: Role,
    data: Rc<[u8]>,
    len: usize,
    f: impl Fn(&[u8], &mut [u8]) -> usize + Clone + 'static,
) -> Function {
    Function::with_digest(
        name,
        role,
        (data, vec![0u8; len], 0usize),
        move |(s, d, n)| *n = f(s, d),
        |(_, d, n)| String::from_utf8_lossy(&d[..*n]).into_owned(),
    )
}

/// The text and a scratch buffer for whitespace stripping.
type StripInput = (Rc<[u8]>, Rc<RefCell<Vec<u8>>>);

fn strip_input(text: &Rc<[u8]>) -> StripInput {
    (text.clone(), Rc::new(RefCell::new(Vec::with_capacity(text.len()))))
}

fn case(op: &'static str, size: usize, functions: Vec<Function>) -> Case {
    Case {
        op,
        input: size_label(size),
        bytes: Some(size as u64),
        size: Some(size),
        seed: None,
        functions,
    }
}

/// Every Base64 case, ours pinned to `level` (`None`: the best one).
pub fn cases(level: Option<Level>) -> Vec<Case> {
    let pin = |e: Engine| match level {
        Some(l) => e.with_level(l).expect("the report checks the level"),
        None => e,
    };
    let std = pin(b64::STANDARD);
    let mime = pin(b64::MIME);
    let lf = pin(Engine::new(Config::new().line_wrap(76, LineEnding::Lf)));
    let mut out = Vec::new();
    for size in SIZES {
        let data = random(size);
        let text: Rc<[u8]> =
            base64::engine::general_purpose::STANDARD.encode(&data).into_bytes().into();
        let enc_len = text.len();
        out.push(case(
            "core-text/base64/encode",
            size,
            vec![
                Function::buffered("core", OURS, data.clone(), enc_len, move |s, d| {
                    std.encode_to_slice(s, d).unwrap_or(0)
                }),
                Function::buffered("base64-simd", VS, data.clone(), enc_len, |s, d| {
                    base64_simd::STANDARD.encode(s, base64_simd::Out::from_slice(d)).len()
                }),
                Function::buffered("base64", VS, data.clone(), enc_len, |s, d| {
                    base64::engine::general_purpose::STANDARD.encode_slice(s, d).unwrap_or(0)
                }),
                Function::buffered("simdutf", VS, data.clone(), enc_len, |s, d| {
                    simdutf_encode(s, d)
                }),
            ],
        ));
        out.push(case(
            "core-text/base64/decode",
            size,
            vec![
                Function::buffered("core", OURS, text.clone(), size, move |s, d| {
                    std.decode_to_slice(s, d).unwrap_or(usize::MAX)
                }),
                Function::buffered("base64-simd", VS, text.clone(), size, |s, d| {
                    base64_simd::STANDARD
                        .decode(s, base64_simd::Out::from_slice(d))
                        .map_or(usize::MAX, |x| x.len())
                }),
                Function::buffered("base64", VS, text.clone(), size, |s, d| {
                    base64::engine::general_purpose::STANDARD
                        .decode_slice(s, d)
                        .unwrap_or(usize::MAX)
                }),
                Function::buffered("simdutf", VS, text.clone(), size, |s, d| simdutf_decode(s, d)),
            ],
        ));
        // Line breaks: LF lines against our plain encoding and simdutf's lines.
        let lines_len = lf.encoded_len(size);
        out.push(case(
            "core-text/base64/encode-lines",
            size,
            vec![
                text_fn("core", OURS, data.clone(), lines_len, move |s, d| {
                    lf.encode_to_slice(s, d).unwrap_or(0)
                }),
                Function::with_digest(
                    "core-no-lines",
                    VS,
                    (data.clone(), vec![0u8; enc_len]),
                    move |(s, d)| std.encode_to_slice(&s[..], d).unwrap_or(0),
                    // The same text broken into lines, so the check compares like with like.
                    |(_, d)| {
                        d.chunks(76)
                            .map(|c| String::from_utf8_lossy(c).into_owned())
                            .collect::<Vec<_>>()
                            .join("\n")
                    },
                ),
                text_fn("simdutf", VS, data.clone(), lines_len, |s, d| {
                    let o = simdutf::Base64Options::Default;
                    assert!(
                        d.len() >= simdutf::base64_length_from_binary_with_lines(s.len(), o, 76)
                    );
                    // SAFETY: `d` holds the length simdutf asks for.
                    unsafe {
                        simdutf::binary_to_base64_with_lines(
                            s.as_ptr(),
                            s.len(),
                            d.as_mut_ptr(),
                            76,
                            o,
                        )
                    }
                }),
            ],
        ));
        // MIME text decoded skipping its line breaks.
        let mime_text: Rc<[u8]> = mime.encode(&data).into_bytes().into();
        out.push(Case {
            bytes: Some(mime_text.len() as u64),
            ..case(
                "core-text/base64/decode-mime",
                size,
                vec![
                    Function::buffered("core", OURS, mime_text.clone(), size, move |s, d| {
                        mime.decode_to_slice(s, d).unwrap_or(usize::MAX)
                    }),
                    Function::buffered("simdutf", VS, mime_text.clone(), size, |s, d| {
                        simdutf_decode(s, d)
                    }),
                    Function::buffered(
                        "base64-strip",
                        VS,
                        strip_input(&mime_text),
                        size,
                        |(s, t), d| {
                            let mut t = t.borrow_mut();
                            t.clear();
                            t.extend(s.iter().filter(|b| !is_space(b)));
                            base64::engine::general_purpose::STANDARD
                                .decode_slice(&t[..], d)
                                .unwrap_or(usize::MAX)
                        },
                    ),
                    Function::buffered(
                        "base64-simd-strip",
                        VS,
                        strip_input(&mime_text),
                        size,
                        |(s, t), d| {
                            let mut t = t.borrow_mut();
                            t.clear();
                            t.extend(s.iter().filter(|b| !is_space(b)));
                            base64_simd::STANDARD
                                .decode(&t[..], base64_simd::Out::from_slice(d))
                                .map_or(usize::MAX, |x| x.len())
                        },
                    ),
                ],
            )
        });
    }
    // Seed: `Convert.ToBase64String(bytes, InsertLineBreaks)`.
    for (size, net10_ns, net11_ns) in [(57, 60.95, 23.91), (570, 560.66, 194.99)] {
        let data = random(size);
        let crlf = |t: String| {
            t.into_bytes()
                .chunks(76)
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect::<Vec<_>>()
                .join("\r\n")
        };
        out.push(Case {
            op: "core-text/base64/ToBase64String_InsertLineBreaks",
            input: size_label(size),
            bytes: Some(size as u64),
            size: None,
            seed: Some(Seed { id: "B-TXT-07", net10_ns, net11_ns }),
            functions: vec![
                Function::new("core", OURS, data.clone(), move |d| mime.encode(&d[..])),
                Function::new("base64-simd", VS, data.clone(), move |d| {
                    crlf(base64_simd::STANDARD.encode_to_string(&d[..]))
                }),
                Function::new("base64", VS, data.clone(), move |d| {
                    crlf(base64::engine::general_purpose::STANDARD.encode(&d[..]))
                }),
            ],
        });
    }
    // Seed: `Base64.DecodeFromUtf8InPlace` on the text of 16,384 zero bytes.
    let text: Rc<[u8]> = b64::STANDARD.encode([0u8; 16_384]).into_bytes().into();
    let fresh = move |t: &Rc<[u8]>| (t.clone(), t.to_vec());
    out.push(Case {
        op: "core-text/base64/Decode",
        input: "in-place/16384".into(),
        bytes: Some(text.len() as u64),
        size: None,
        seed: Some(Seed { id: "B-TXT-08", net10_ns: 10_700.0, net11_ns: 2256.0 }),
        functions: vec![
            Function::new("core", OURS, fresh(&text), move |(t, b)| {
                b.copy_from_slice(t);
                std.decode_in_place(b).map(|n| (n, b.get(n / 2).copied()))
            }),
            Function::new(
                "core-out-of-place",
                VS,
                (text.clone(), text.to_vec(), vec![0u8; 16_384]),
                move |(t, b, d)| {
                    b.copy_from_slice(t);
                    std.decode_to_slice(&b[..], d)
                        .map(|n| (n, d.get(n / 2).copied()))
                        .map_err(|_| b64::DecodeError::InvalidPadding)
                },
            ),
            Function::new("base64-simd", VS, fresh(&text), |(t, b)| {
                b.copy_from_slice(t);
                base64_simd::STANDARD
                    .decode_inplace(b)
                    .map(|x| (x.len(), x.get(x.len() / 2).copied()))
                    .map_err(|_| b64::DecodeError::InvalidPadding)
            }),
            Function::new(
                "base64",
                VS,
                (text.clone(), text.to_vec(), vec![0u8; 16_384]),
                |(t, b, d)| {
                    b.copy_from_slice(t);
                    base64::engine::general_purpose::STANDARD
                        .decode_slice(&b[..], d)
                        .map(|n| (n, d.get(n / 2).copied()))
                        .map_err(|_| b64::DecodeError::InvalidPadding)
                },
            ),
        ],
    });
    out
}
