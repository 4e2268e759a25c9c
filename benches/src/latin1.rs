//! The `core-text` Latin-1 cases: conversions to and from UTF-8 and UTF-16 beside `simdutf`
//! (the C++ library through its Rust crate) and `encoding_rs::mem`, on the same text.
//!
//! Case names are `core-text/latin1/<operation>/<corpus>/<size>`, the size counting the
//! Latin-1 bytes; the corpora are ASCII and the Latin-1-heavy one (Western European words,
//! about one byte in six above 0x7F), characters outside Latin-1 replaced.
//! - `to_utf8`, `to_utf16`, `utf8_len`: from Latin-1 into preallocated buffers.
//! - `from_utf8`: a `str` known to be Latin-1 only back to Latin-1 (buffers of the UTF-8
//!   length, as encoding_rs asks): ours checks for chars
//!   above U+00FF, simdutf's `convert_valid_utf8_to_latin1` too (returns 0 on one),
//!   encoding_rs's `convert_utf8_to_latin1_lossy` does not check.
//! - `from_utf16`: ours and simdutf's `convert_utf16le_to_latin1` check for units above 0xFF,
//!   encoding_rs's `convert_utf16_to_latin1_lossy` does not.

use crate::case::{size_label, Case, Function, Role};
use crate::corpus::{generate, Corpus};
use core_text::{Backend, Level};
use std::rc::Rc;

const SIZES: [usize; 2] = [1 << 10, 64 << 10];
const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// `len` bytes of Latin-1 text of `corpus` (chars above U+00FF become `?`).
pub fn latin1_text(corpus: Corpus, len: usize) -> Vec<u8> {
    let text = generate(corpus, 2 * len + 64);
    let mut out: Vec<u8> =
        text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
    out.truncate(len);
    assert_eq!(out.len(), len, "the corpus is long enough");
    out
}

fn case(op: &'static str, corpus: Corpus, size: usize, functions: Vec<Function>) -> Case {
    Case {
        op,
        input: format!("{}/{}", corpus.name(), size_label(size)),
        bytes: Some(size as u64),
        size: Some(size),
        seed: None,
        functions,
    }
}

/// Every Latin-1 case, ours pinned to `level` (`None`: the best one).
pub fn cases(level: Option<Level>) -> Vec<Case> {
    let b = match level {
        Some(l) => Backend::new(l).expect("the report checks the level"),
        None => Backend::best(),
    };
    let mut out = Vec::new();
    for corpus in [Corpus::Ascii, Corpus::Latin1] {
        for size in SIZES {
            let src: Rc<[u8]> = latin1_text(corpus, size).into();
            let text: Rc<str> = b.latin1_to_string(&src).into();
            let units: Rc<[u16]> = text.encode_utf16().collect();
            out.push(case(
                "core-text/latin1/to_utf8",
                corpus,
                size,
                vec![
                    Function::buffered("core", OURS, src.clone(), 2 * size, move |s, d| {
                        b.latin1_to_utf8(s, d).unwrap_or(0)
                    }),
                    Function::buffered("simdutf", VS, src.clone(), 2 * size, |s, d: &mut [u8]| {
                        // SAFETY: `d` holds two bytes per input byte, the most it needs.
                        unsafe {
                            simdutf::convert_latin1_to_utf8(s.as_ptr(), s.len(), d.as_mut_ptr())
                        }
                    }),
                    Function::buffered("encoding_rs", VS, src.clone(), 2 * size, |s, d| {
                        encoding_rs::mem::convert_latin1_to_utf8(s, d)
                    }),
                ],
            ));
            out.push(case(
                "core-text/latin1/to_utf16",
                corpus,
                size,
                vec![
                    Function::buffered("core", OURS, src.clone(), size, move |s, d| {
                        b.latin1_to_utf16(s, d).unwrap_or(0)
                    }),
                    Function::buffered("simdutf", VS, src.clone(), size, |s, d: &mut [u16]| {
                        // SAFETY: `d` holds a unit per input byte.
                        unsafe {
                            simdutf::convert_latin1_to_utf16le(s.as_ptr(), s.len(), d.as_mut_ptr())
                        }
                    }),
                    Function::buffered("encoding_rs", VS, src.clone(), size, |s, d| {
                        encoding_rs::mem::convert_latin1_to_utf16(s, d);
                        s.len()
                    }),
                ],
            ));
            out.push(case(
                "core-text/latin1/utf8_len",
                corpus,
                size,
                vec![
                    Function::new("core", OURS, src.clone(), move |s| b.latin1_utf8_len(s)),
                    Function::new("simdutf", VS, src.clone(), |s| {
                        simdutf::utf8_length_from_latin1(s)
                    }),
                ],
            ));
            out.push(case(
                "core-text/latin1/from_utf8",
                corpus,
                size,
                vec![
                    Function::buffered("core", OURS, text.clone(), text.len(), move |s, d| {
                        b.utf8_to_latin1(s, d).unwrap_or(0)
                    }),
                    Function::buffered(
                        "simdutf",
                        VS,
                        text.clone(),
                        text.len(),
                        |s, d: &mut [u8]| {
                            // SAFETY: `s` is valid UTF-8 and `d` holds a byte per char.
                            unsafe {
                                simdutf::convert_valid_utf8_to_latin1(
                                    s.as_ptr(),
                                    s.len(),
                                    d.as_mut_ptr(),
                                )
                            }
                        },
                    ),
                    Function::buffered("encoding_rs", VS, text.clone(), text.len(), |s, d| {
                        encoding_rs::mem::convert_utf8_to_latin1_lossy(s.as_bytes(), d)
                    }),
                ],
            ));
            out.push(case(
                "core-text/latin1/from_utf16",
                corpus,
                size,
                vec![
                    Function::buffered("core", OURS, units.clone(), size, move |s, d| {
                        b.utf16_to_latin1(s, d).unwrap_or(0)
                    }),
                    Function::buffered("simdutf", VS, units.clone(), size, |s, d: &mut [u8]| {
                        // SAFETY: `d` holds a byte per unit.
                        unsafe {
                            simdutf::convert_utf16le_to_latin1(s.as_ptr(), s.len(), d.as_mut_ptr())
                        }
                    }),
                    Function::buffered("encoding_rs", VS, units.clone(), size, |s, d| {
                        encoding_rs::mem::convert_utf16_to_latin1_lossy(s, d);
                        s.len()
                    }),
                ],
            ));
        }
    }
    out
}
