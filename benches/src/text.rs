//! The `core-text` cases: UTF-8/UTF-16 validation, counting and transcoding, ours beside
//! `simdutf8`, `encoding_rs` and std on the same inputs, plus the seed cases B-TXT-01 and
//! B-TXT-02.
//!
//! Case names are `core-text/<module>/<operation>/<corpus>/<size>`; the size is that of the
//! UTF-8 corpus, and UTF-16 inputs are that corpus transcoded (their byte count, used for
//! GB/s, is twice their length in units).
//!
//! Peers and their semantics, so the comparisons are like for like:
//! - `simdutf8-basic` is a yes/no validator (like our `validate`); `simdutf8-compat` and
//!   `std::str::from_utf8` report std's error position (like our `from_utf8`).
//! - `encoding_rs::mem::convert_str_to_utf16` transcodes a `&str` (no validation), as our
//!   `utf8::to_utf16` does; `convert_utf8_to_utf16_without_replacement` validates, as our
//!   `utf8::to_utf16_from_bytes` does. `convert_utf16_to_utf8` replaces unpaired surrogates
//!   where our `utf16::to_utf8` reports them: on the valid inputs used here both do the same
//!   work.
//! - std has no UTF-16 → UTF-8 length: its peer is the `char::decode_utf16` loop, and
//!   `encoding_rs` has no such count at all.
//! - `simdutf` (the C++ library, through its Rust crate; native-endian UTF-16):
//!   `validate_utf8` (yes/no, like `validate`) and `validate_utf8_with_errors` (an error
//!   position, like `from_utf8`), `count_utf8`, `validate_utf16`, the validating
//!   `convert_utf8_to_utf16` (like `to_utf16_from_bytes`) and `convert_utf16_to_utf8` (like
//!   `utf16::to_utf8`), the assume-valid `convert_valid_utf8_to_utf16` (like `to_utf16`, whose
//!   `&str` is known valid). Its lengths do not validate: `utf16_length_from_utf8` is set
//!   beside our `utf16_len_str` (`core-str`, on a `&str`), and `utf8_length_from_utf16` beside
//!   our validating `utf16::utf8_len` (simdutf does less work there). `to_utf16_vec` and
//!   `to_string` with simdutf are what a user writes: length, allocate, convert. simdutf picks
//!   its own kernel at run time; `report --level` pins it to the matching one (see the report).
//!
//! Sizes: validation at [`SMALL_SIZES`] (ASCII and mixed) and [`VALIDATE_SIZES`], the other
//! operations at [`BULK_SIZES`], from short strings to 64 KiB, on every corpus.

use crate::case::{size_label, Case, Function, Role, Seed};
use crate::corpus::{self, Corpus};
use core_text::utf16::Utf16Error;
use core_text::utf8::Utf8Error;
use core_text::{utf16, utf8, Backend, BufferTooSmall, TranscodeError};
use std::rc::Rc;

/// The `core-text` API our functions call: [`Auto`] (the free functions, best level) or a
/// [`Backend`] pinned to one level.
pub trait Api: Copy + 'static {
    /// [`utf8::validate`].
    fn utf8_validate(self, src: &[u8]) -> bool;
    /// [`utf8::from_utf8`].
    fn utf8_from_utf8(self, src: &[u8]) -> Result<&str, Utf8Error>;
    /// [`utf8::utf16_len`].
    fn utf8_utf16_len(self, src: &[u8]) -> Result<usize, Utf8Error>;
    /// [`utf8::utf16_len_str`].
    fn utf8_utf16_len_str(self, s: &str) -> usize;
    /// [`utf8::count_chars`].
    fn utf8_count_chars(self, s: &str) -> usize;
    /// [`utf8::to_utf16`].
    fn utf8_to_utf16(self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall>;
    /// [`utf8::to_utf16_vec`].
    fn utf8_to_utf16_vec(self, s: &str) -> Vec<u16>;
    /// [`utf8::to_utf16_from_bytes`].
    fn utf8_to_utf16_from_bytes(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>>;
    /// [`utf16::validate`].
    fn utf16_validate(self, src: &[u16]) -> bool;
    /// [`utf16::utf8_len`].
    fn utf16_utf8_len(self, src: &[u16]) -> Result<usize, Utf16Error>;
    /// [`utf16::to_utf8`].
    fn utf16_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>>;
    /// [`utf16::to_string`].
    fn utf16_to_string(self, src: &[u16]) -> Result<String, Utf16Error>;
    /// [`utf16::to_string_lossy`].
    fn utf16_to_string_lossy(self, src: &[u16]) -> String;
    /// [`core_text::search::memchr`].
    fn memchr(self, n: u8, hay: &[u8]) -> Option<usize>;
    /// [`core_text::search::memchr2`].
    fn memchr2(self, n1: u8, n2: u8, hay: &[u8]) -> Option<usize>;
    /// [`core_text::search::memchr3`].
    fn memchr3(self, n1: u8, n2: u8, n3: u8, hay: &[u8]) -> Option<usize>;
    /// [`core_text::search::memrchr`].
    fn memrchr(self, n: u8, hay: &[u8]) -> Option<usize>;
    /// [`core_text::search::count`].
    fn count(self, n: u8, hay: &[u8]) -> usize;
}

/// The free functions of `core-text`: runtime dispatch to [`core_text::Level::best`], exactly
/// what a user calls (each method `#[inline]`, so the timed closure calls the crate's function
/// directly, as user code does, with no extra call frame that the peers do not pay).
#[derive(Clone, Copy, Debug, Default)]
pub struct Auto;

impl Api for Auto {
    #[inline]
    fn utf8_validate(self, src: &[u8]) -> bool {
        utf8::validate(src)
    }
    #[inline]
    fn utf8_from_utf8(self, src: &[u8]) -> Result<&str, Utf8Error> {
        utf8::from_utf8(src)
    }
    #[inline]
    fn utf8_utf16_len(self, src: &[u8]) -> Result<usize, Utf8Error> {
        utf8::utf16_len(src)
    }
    #[inline]
    fn utf8_utf16_len_str(self, s: &str) -> usize {
        utf8::utf16_len_str(s)
    }
    #[inline]
    fn utf8_count_chars(self, s: &str) -> usize {
        utf8::count_chars(s)
    }
    #[inline]
    fn utf8_to_utf16(self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        utf8::to_utf16(s, dst)
    }
    #[inline]
    fn utf8_to_utf16_vec(self, s: &str) -> Vec<u16> {
        utf8::to_utf16_vec(s)
    }
    #[inline]
    fn utf8_to_utf16_from_bytes(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        utf8::to_utf16_from_bytes(src, dst)
    }
    #[inline]
    fn utf16_validate(self, src: &[u16]) -> bool {
        utf16::validate(src)
    }
    #[inline]
    fn utf16_utf8_len(self, src: &[u16]) -> Result<usize, Utf16Error> {
        utf16::utf8_len(src)
    }
    #[inline]
    fn utf16_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        utf16::to_utf8(src, dst)
    }
    #[inline]
    fn utf16_to_string(self, src: &[u16]) -> Result<String, Utf16Error> {
        utf16::to_string(src)
    }
    #[inline]
    fn utf16_to_string_lossy(self, src: &[u16]) -> String {
        utf16::to_string_lossy(src)
    }
    fn memchr(self, n: u8, hay: &[u8]) -> Option<usize> {
        core_text::search::memchr(n, hay)
    }
    fn memchr2(self, n1: u8, n2: u8, hay: &[u8]) -> Option<usize> {
        core_text::search::memchr2(n1, n2, hay)
    }
    fn memchr3(self, n1: u8, n2: u8, n3: u8, hay: &[u8]) -> Option<usize> {
        core_text::search::memchr3(n1, n2, n3, hay)
    }
    fn memrchr(self, n: u8, hay: &[u8]) -> Option<usize> {
        core_text::search::memrchr(n, hay)
    }
    fn count(self, n: u8, hay: &[u8]) -> usize {
        core_text::search::count(n, hay)
    }
}

impl Api for Backend {
    #[inline]
    fn utf8_validate(self, src: &[u8]) -> bool {
        Backend::utf8_validate(&self, src)
    }
    #[inline]
    fn utf8_from_utf8(self, src: &[u8]) -> Result<&str, Utf8Error> {
        Backend::utf8_from_utf8(&self, src)
    }
    #[inline]
    fn utf8_utf16_len(self, src: &[u8]) -> Result<usize, Utf8Error> {
        Backend::utf8_utf16_len(&self, src)
    }
    #[inline]
    fn utf8_utf16_len_str(self, s: &str) -> usize {
        Backend::utf8_utf16_len_str(&self, s)
    }
    #[inline]
    fn utf8_count_chars(self, s: &str) -> usize {
        Backend::utf8_count_chars(&self, s)
    }
    #[inline]
    fn utf8_to_utf16(self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        Backend::utf8_to_utf16(&self, s, dst)
    }
    #[inline]
    fn utf8_to_utf16_vec(self, s: &str) -> Vec<u16> {
        Backend::utf8_to_utf16_vec(&self, s)
    }
    #[inline]
    fn utf8_to_utf16_from_bytes(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        Backend::utf8_to_utf16_from_bytes(&self, src, dst)
    }
    #[inline]
    fn utf16_validate(self, src: &[u16]) -> bool {
        Backend::utf16_validate(&self, src)
    }
    #[inline]
    fn utf16_utf8_len(self, src: &[u16]) -> Result<usize, Utf16Error> {
        Backend::utf16_utf8_len(&self, src)
    }
    #[inline]
    fn utf16_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        Backend::utf16_to_utf8(&self, src, dst)
    }
    #[inline]
    fn utf16_to_string(self, src: &[u16]) -> Result<String, Utf16Error> {
        Backend::utf16_to_string(&self, src)
    }
    #[inline]
    fn utf16_to_string_lossy(self, src: &[u16]) -> String {
        Backend::utf16_to_string_lossy(&self, src)
    }
    fn memchr(self, n: u8, hay: &[u8]) -> Option<usize> {
        Backend::memchr(&self, n, hay)
    }
    fn memchr2(self, n1: u8, n2: u8, hay: &[u8]) -> Option<usize> {
        Backend::memchr2(&self, n1, n2, hay)
    }
    fn memchr3(self, n1: u8, n2: u8, n3: u8, hay: &[u8]) -> Option<usize> {
        Backend::memchr3(&self, n1, n2, n3, hay)
    }
    fn memrchr(self, n: u8, hay: &[u8]) -> Option<usize> {
        Backend::memrchr(&self, n, hay)
    }
    fn count(self, n: u8, hay: &[u8]) -> usize {
        Backend::count(&self, n, hay)
    }
}

/// Sizes of the UTF-8 validation cases, on every corpus.
pub const VALIDATE_SIZES: [usize; 4] = [64, 1 << 10, 64 << 10, 1 << 20];
/// Sizes of the short-input validation cases (ASCII and mixed only).
pub const SMALL_SIZES: [usize; 4] = [8, 16, 32, 63];
/// Sizes of the UTF-8 corpus behind the counting and transcoding cases: short strings (16
/// and 64 bytes), 256 bytes, 1 KiB and 64 KiB.
pub const BULK_SIZES: [usize; 5] = [16, 64, 256, 1 << 10, 64 << 10];

const OURS: Role = Role::Ours;
const fn vs(name: &'static str) -> Role {
    Role::Peer { vs: name }
}

/// Every `core-text` case, ours through `api`.
pub fn cases<A: Api>(api: A) -> Vec<Case> {
    let mut out = seed_cases(api);
    for corpus in [Corpus::Ascii, Corpus::Mixed] {
        for size in SMALL_SIZES {
            out.push(utf8_validate(api, corpus, size));
        }
    }
    for size in VALIDATE_SIZES {
        for corpus in Corpus::ALL {
            out.push(utf8_validate(api, corpus, size));
        }
    }
    type Make<A> = fn(A, Corpus, String) -> Case;
    let bulk: [Make<A>; BULK_OPS] = [
        utf8_count_chars,
        utf8_utf16_len,
        utf16_validate,
        utf16_utf8_len,
        utf8_to_utf16_vec,
        utf8_to_utf16,
        utf8_to_utf16_from_bytes,
        utf16_to_string,
        utf16_to_utf8,
        utf16_to_string_lossy,
    ];
    for make in bulk {
        for size in BULK_SIZES {
            for corpus in Corpus::ALL {
                out.push(make(api, corpus, corpus::generate(corpus, size)));
            }
        }
    }
    out
}

/// How many operations run at [`BULK_SIZES`].
const BULK_OPS: usize = 10;

// ---- simdutf, wrapped for the inputs these cases give it ----
//
// simdutf's converters write through raw pointers and size nothing themselves. The cases
// only hand them valid text (every input is generated as a `String`), for which the bounds
// below are exact; the validating converters still do their full validation work.

/// simdutf's validating UTF-8 → UTF-16: the units written (0 on invalid input).
///
/// # Safety
/// `src` is valid UTF-8.
unsafe fn simdutf_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    assert!(dst.len() >= src.len(), "simdutf needs room for one unit per byte");
    // SAFETY: valid UTF-8 (the caller's contract) takes at most one UTF-16 unit per byte, and
    // `dst` holds `src.len()` units.
    unsafe { simdutf::convert_utf8_to_utf16(src.as_ptr(), src.len(), dst.as_mut_ptr()) }
}

/// simdutf's assume-valid UTF-8 → UTF-16 of a `str`.
fn simdutf_valid_utf8_to_utf16(s: &str, dst: &mut [u16]) -> usize {
    assert!(dst.len() >= s.len(), "simdutf needs room for one unit per byte");
    // SAFETY: a `str` is valid UTF-8, which takes at most one unit per byte; `dst` holds
    // `s.len()` units.
    unsafe { simdutf::convert_valid_utf8_to_utf16(s.as_ptr(), s.len(), dst.as_mut_ptr()) }
}

/// simdutf's validating UTF-16 → UTF-8: the bytes written (0 on invalid input).
///
/// # Safety
/// `src` is well-formed UTF-16.
unsafe fn simdutf_utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> usize {
    assert!(dst.len() / 3 >= src.len(), "simdutf needs room for three bytes per unit");
    // SAFETY: well-formed UTF-16 (the caller's contract) takes at most 3 UTF-8 bytes a unit
    // (a pair 4 for its 2), and `dst` holds `3 * src.len()` bytes.
    unsafe { simdutf::convert_utf16_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) }
}

/// A new `Vec<u16>` of a `str` with simdutf: exact length, allocate, convert.
fn simdutf_to_utf16_vec(s: &str) -> Vec<u16> {
    let n = simdutf::utf16_length_from_utf8(s.as_bytes());
    let mut v = Vec::with_capacity(n);
    // SAFETY: `s` is valid UTF-8, so `n` is exactly the units simdutf writes and `v` has room
    // for them; the first `w <= n` units are initialized by the converter.
    unsafe {
        let w = simdutf::convert_valid_utf8_to_utf16(s.as_ptr(), s.len(), v.as_mut_ptr());
        v.set_len(w.min(n));
    }
    v
}

/// A new `String` from UTF-16 with simdutf: length, allocate, convert with validation
/// (`None` when the converter reports invalid input).
///
/// # Safety
/// `u` is well-formed UTF-16 (then the length is exact and bounds what is written).
unsafe fn simdutf_to_string(u: &[u16]) -> Option<String> {
    let n = simdutf::utf8_length_from_utf16(u);
    let mut v: Vec<u8> = Vec::with_capacity(n);
    // SAFETY: `u` is well-formed (the caller's contract), so the converter writes exactly `n`
    // bytes, the room `v` has.
    let w = unsafe { simdutf::convert_utf16_to_utf8(u.as_ptr(), u.len(), v.as_mut_ptr()) };
    if w == 0 && !u.is_empty() {
        return None;
    }
    // SAFETY: the converter initialized the first `w <= n` bytes.
    unsafe { v.set_len(w.min(n)) };
    // SAFETY: simdutf's UTF-8 output of well-formed UTF-16 is valid UTF-8.
    Some(unsafe { String::from_utf8_unchecked(v) })
}

fn case(op: &'static str, corpus: Corpus, size: usize, bytes: usize) -> Case {
    Case {
        op,
        input: format!("{corpus}/{}", size_label(size)),
        bytes: Some(bytes as u64),
        size: Some(size),
        seed: None,
        functions: Vec::new(),
    }
}

/// B-TXT-01 `ValidWithSurrogatePairs` and B-TXT-02 `Utf8GetCharCount`.
pub fn seed_cases<A: Api>(api: A) -> Vec<Case> {
    let units: Rc<[u16]> = corpus::valid_with_surrogate_pairs().into();
    let pairs = Case {
        op: "core-text/seed",
        input: "ValidWithSurrogatePairs".into(),
        bytes: Some(units.len() as u64 * 2),
        size: None,
        seed: Some(Seed { id: "B-TXT-01", net10_ns: 2994.0, net11_ns: 856.8 }),
        functions: vec![
            Function::new("core", OURS, units.clone(), move |u: &mut Rc<[u16]>| {
                api.utf16_utf8_len(u).ok()
            }),
            Function::new("std", vs("core"), units, |u: &mut Rc<[u16]>| std_utf8_len(u)),
        ],
    };
    let bytes: Rc<[u8]> = corpus::utf8_get_char_count().into();
    let count = Case {
        op: "core-text/seed",
        input: "Utf8GetCharCount".into(),
        bytes: Some(bytes.len() as u64),
        size: None,
        seed: Some(Seed { id: "B-TXT-02", net10_ns: 443.5, net11_ns: 210.6 }),
        functions: utf16_len_functions(api, bytes),
    };
    vec![pairs, count]
}

/// The std way to count the UTF-8 length of UTF-16 (validating pairs).
fn std_utf8_len(units: &[u16]) -> Option<usize> {
    char::decode_utf16(units.iter().copied())
        .map(|r| r.map(|c| c.len_utf8()))
        .sum::<Result<usize, _>>()
        .ok()
}

fn utf16_len_functions<A: Api>(api: A, bytes: Rc<[u8]>) -> Vec<Function> {
    vec![
        Function::new("core", OURS, bytes.clone(), move |b: &mut Rc<[u8]>| {
            api.utf8_utf16_len(b).ok()
        }),
        Function::new("std", vs("core"), bytes.clone(), |b: &mut Rc<[u8]>| {
            std::str::from_utf8(b).map(|s| s.encode_utf16().count()).ok()
        }),
        Function::new("simdutf8+count", vs("core"), bytes, |b: &mut Rc<[u8]>| {
            simdutf8::basic::from_utf8(b).map(|s| s.encode_utf16().count()).ok()
        }),
    ]
}

/// `core-text/utf8/validate/<corpus>/<size>`.
pub fn utf8_validate<A: Api>(api: A, corpus: Corpus, size: usize) -> Case {
    let bytes: Rc<[u8]> = corpus::generate(corpus, size).into_bytes().into();
    let mut c = case("core-text/utf8/validate", corpus, size, size);
    c.functions = vec![
        Function::new("core", OURS, bytes.clone(), move |b: &mut Rc<[u8]>| api.utf8_validate(b)),
        Function::new("core-from_utf8", OURS, bytes.clone(), move |b: &mut Rc<[u8]>| {
            api.utf8_from_utf8(b).is_ok()
        }),
        Function::new("simdutf8-basic", vs("core"), bytes.clone(), |b: &mut Rc<[u8]>| {
            simdutf8::basic::from_utf8(b).is_ok()
        }),
        Function::new(
            "simdutf8-compat",
            vs("core-from_utf8"),
            bytes.clone(),
            |b: &mut Rc<[u8]>| simdutf8::compat::from_utf8(b).is_ok(),
        ),
        Function::new("std", vs("core-from_utf8"), bytes.clone(), |b: &mut Rc<[u8]>| {
            std::str::from_utf8(b).is_ok()
        }),
        Function::new("simdutf", vs("core"), bytes.clone(), |b: &mut Rc<[u8]>| {
            simdutf::validate_utf8(b)
        }),
        Function::new("simdutf-with_errors", vs("core-from_utf8"), bytes, |b: &mut Rc<[u8]>| {
            simdutf::validate_utf8_with_errors(b).error == simdutf::ErrorCode::Success
        }),
    ];
    c
}

fn utf8_count_chars<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let mut c = case("core-text/utf8/count_chars", corpus, text.len(), text.len());
    let s: Rc<str> = text.into();
    c.functions = vec![
        Function::new("core", OURS, s.clone(), move |s: &mut Rc<str>| api.utf8_count_chars(s)),
        Function::new("bytecount", vs("core"), s.clone(), |s: &mut Rc<str>| {
            bytecount::num_chars(s.as_bytes())
        }),
        Function::new("std", vs("core"), s.clone(), |s: &mut Rc<str>| s.chars().count()),
        Function::new("simdutf", vs("core"), s, |s: &mut Rc<str>| {
            simdutf::count_utf8(s.as_bytes())
        }),
    ];
    c
}

fn utf8_utf16_len<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let mut c = case("core-text/utf8/utf16_len", corpus, text.len(), text.len());
    let s: Rc<str> = text.into();
    c.functions = utf16_len_functions(api, Rc::from(s.as_bytes()));
    c.functions.push(Function::new("core-str", OURS, s.clone(), move |s: &mut Rc<str>| {
        Some(api.utf8_utf16_len_str(s))
    }));
    c.functions.push(Function::new("simdutf", vs("core-str"), s, |s: &mut Rc<str>| {
        Some(simdutf::utf16_length_from_utf8(s.as_bytes()))
    }));
    c
}

fn units_of(text: &str) -> Rc<[u16]> {
    text.encode_utf16().collect::<Vec<u16>>().into()
}

fn utf16_validate<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let u = units_of(&text);
    let mut c = case("core-text/utf16/validate", corpus, text.len(), u.len() * 2);
    c.functions = vec![
        Function::new("core", OURS, u.clone(), move |u: &mut Rc<[u16]>| api.utf16_validate(u)),
        Function::new("encoding_rs", vs("core"), u.clone(), |u: &mut Rc<[u16]>| {
            encoding_rs::mem::utf16_valid_up_to(u) == u.len()
        }),
        Function::new("std", vs("core"), u.clone(), |u: &mut Rc<[u16]>| {
            char::decode_utf16(u.iter().copied()).all(|r| r.is_ok())
        }),
        Function::new("simdutf", vs("core"), u, |u: &mut Rc<[u16]>| simdutf::validate_utf16(u)),
    ];
    c
}

fn utf16_utf8_len<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let u = units_of(&text);
    let mut c = case("core-text/utf16/utf8_len", corpus, text.len(), u.len() * 2);
    c.functions = vec![
        Function::new("core", OURS, u.clone(), move |u: &mut Rc<[u16]>| api.utf16_utf8_len(u).ok()),
        Function::new("std", vs("core"), u.clone(), |u: &mut Rc<[u16]>| std_utf8_len(u)),
        Function::new("simdutf", vs("core"), u, |u: &mut Rc<[u16]>| {
            Some(simdutf::utf8_length_from_utf16(u))
        }),
    ];
    c
}

fn utf8_to_utf16_vec<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let mut c = case("core-text/utf8/to_utf16_vec", corpus, text.len(), text.len());
    let s: Rc<str> = text.into();
    c.functions = vec![
        Function::new("core", OURS, s.clone(), move |s: &mut Rc<str>| api.utf8_to_utf16_vec(s)),
        Function::new("std", vs("core"), s.clone(), |s: &mut Rc<str>| {
            s.encode_utf16().collect::<Vec<u16>>()
        }),
        Function::new("simdutf", vs("core"), s, |s: &mut Rc<str>| simdutf_to_utf16_vec(s)),
    ];
    c
}

fn utf8_to_utf16<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let mut c = case("core-text/utf8/to_utf16", corpus, text.len(), text.len());
    // encoding_rs wants `dst.len() >= src.len()`; ours is fine with that too.
    let out_len = text.len() + 1;
    let s: Rc<str> = text.into();
    c.functions = vec![
        Function::buffered("core", OURS, s.clone(), out_len, move |s: &Rc<str>, d: &mut [u16]| {
            api.utf8_to_utf16(s, d).expect("a buffer of s.len() units is large enough")
        }),
        Function::buffered(
            "encoding_rs",
            vs("core"),
            s.clone(),
            out_len,
            |s: &Rc<str>, d: &mut [u16]| encoding_rs::mem::convert_str_to_utf16(s, d),
        ),
        Function::buffered("simdutf", vs("core"), s, out_len, |s: &Rc<str>, d: &mut [u16]| {
            simdutf_valid_utf8_to_utf16(s, d)
        }),
    ];
    c
}

fn utf8_to_utf16_from_bytes<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let mut c = case("core-text/utf8/to_utf16_from_bytes", corpus, text.len(), text.len());
    let out_len = text.len() + 1;
    let b: Rc<[u8]> = text.into_bytes().into();
    c.functions = vec![
        Function::buffered("core", OURS, b.clone(), out_len, move |b: &Rc<[u8]>, d: &mut [u16]| {
            api.utf8_to_utf16_from_bytes(b, d).expect("valid input, large enough buffer")
        }),
        Function::buffered(
            "encoding_rs",
            vs("core"),
            b.clone(),
            out_len,
            |b: &Rc<[u8]>, d: &mut [u16]| {
                encoding_rs::mem::convert_utf8_to_utf16_without_replacement(b, d)
                    .expect("valid input")
            },
        ),
        Function::buffered("simdutf", vs("core"), b, out_len, |b: &Rc<[u8]>, d: &mut [u16]| {
            // SAFETY: `b` holds the bytes of a `String`.
            unsafe { simdutf_utf8_to_utf16(b, d) }
        }),
    ];
    c
}

fn utf16_to_string<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let u = units_of(&text);
    let mut c = case("core-text/utf16/to_string", corpus, text.len(), u.len() * 2);
    c.functions = vec![
        Function::new("core", OURS, u.clone(), move |u: &mut Rc<[u16]>| {
            api.utf16_to_string(u).ok()
        }),
        Function::new("std", vs("core"), u.clone(), |u: &mut Rc<[u16]>| String::from_utf16(u).ok()),
        Function::new("simdutf", vs("core"), u, |u: &mut Rc<[u16]>| {
            // SAFETY: `u` is a `String` transcoded, so well formed.
            unsafe { simdutf_to_string(u) }
        }),
    ];
    c
}

fn utf16_to_utf8<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let u = units_of(&text);
    let mut c = case("core-text/utf16/to_utf8", corpus, text.len(), u.len() * 2);
    // encoding_rs wants `dst.len() >= 3 * src.len()`.
    let out_len = u.len() * 3;
    c.functions = vec![
        Function::buffered("core", OURS, u.clone(), out_len, move |u: &Rc<[u16]>, d: &mut [u8]| {
            api.utf16_to_utf8(u, d).expect("valid input, large enough buffer")
        }),
        Function::buffered(
            "encoding_rs",
            vs("core"),
            u.clone(),
            out_len,
            |u: &Rc<[u16]>, d: &mut [u8]| encoding_rs::mem::convert_utf16_to_utf8(u, d),
        ),
        Function::buffered("simdutf", vs("core"), u, out_len, |u: &Rc<[u16]>, d: &mut [u8]| {
            // SAFETY: `u` is a `String` transcoded, so well formed.
            unsafe { simdutf_utf16_to_utf8(u, d) }
        }),
    ];
    c
}

fn utf16_to_string_lossy<A: Api>(api: A, corpus: Corpus, text: String) -> Case {
    let u = units_of(&text);
    let mut c = case("core-text/utf16/to_string_lossy", corpus, text.len(), u.len() * 2);
    c.functions = vec![
        Function::new("core", OURS, u.clone(), move |u: &mut Rc<[u16]>| {
            api.utf16_to_string_lossy(u)
        }),
        Function::new("std", vs("core"), u, |u: &mut Rc<[u16]>| String::from_utf16_lossy(u)),
    ];
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_agrees_at_every_level() {
        for backend in Backend::all() {
            for mut case in seed_cases(backend) {
                case.check().unwrap();
            }
            for corpus in Corpus::ALL {
                utf8_validate(backend, corpus, 63).check().unwrap();
                utf8_validate(backend, corpus, 1024).check().unwrap();
            }
        }
    }

    #[test]
    fn all_cases_agree() {
        for mut case in cases(Auto) {
            case.check().unwrap();
        }
    }

    #[test]
    fn names_are_unique_and_ours_come_first() {
        let all = cases(Auto);
        let mut names: Vec<String> = all.iter().map(Case::name).collect();
        assert!(names.contains(&"core-text/utf8/validate/ascii/64KiB".to_string()));
        assert!(names.contains(&"core-text/seed/ValidWithSurrogatePairs".to_string()));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        for case in &all {
            assert_eq!(case.functions[0].role, Role::Ours, "{}", case.name());
            for f in &case.functions {
                if let Role::Peer { vs } = f.role {
                    assert!(case.functions.iter().any(|g| g.name == vs && g.role == Role::Ours));
                }
            }
        }
    }
}
