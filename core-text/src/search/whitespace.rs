//! Unicode whitespace (the `White_Space` property, the set of `char::is_whitespace`) over
//! `&str` and UTF-16, and trimming built on it.
//!
//! Over UTF-8 the searches run the byte-set kernels on candidates, then look at whole
//! characters only where a byte is not ASCII: whitespace is six ASCII bytes and 19 characters
//! whose UTF-8 starts with 0xC2, 0xE1, 0xE2 or 0xE3. Over UTF-16, skipping whitespace runs the
//! packed kernel over the Latin-1 whitespace units, and finding it the filtered unit set.

use super::set::Via;
use crate::arch::generic::set::{Kind16, Members16, Spec, Spec16};
use crate::arch::ops::{Auto, Ops};

/// Every `White_Space` code point (all in the BMP).
const WHITE_SPACE: [u16; 25] = [
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
];

/// ASCII whitespace bytes.
static ASCII_WS: Spec = Spec::bitmap_of(b"\t\n\x0b\x0c\r ");
/// Bytes that may start whitespace: ASCII whitespace and the lead bytes of the others.
static CANDIDATES: Spec = Spec::bitmap_of(b"\t\n\x0b\x0c\r \xc2\xe1\xe2\xe3");

const fn bitmap16(units: &[u16]) -> [u64; 1024] {
    let mut m = [0u64; 1024];
    let mut i = 0;
    while i < units.len() {
        m[(units[i] >> 6) as usize] |= 1 << (units[i] & 63);
        i += 1;
    }
    m
}

static WHITE_SPACE_BITS: [u64; 1024] = bitmap16(&WHITE_SPACE);
static LATIN_WS_BITS: [u64; 1024] = bitmap16(&WHITE_SPACE_BITS_LATIN);
const WHITE_SPACE_BITS_LATIN: [u16; 8] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0];
/// The biased bytes (`u ^ 0x80`) of the Latin-1 whitespace units.
const LATIN_WS_BIASED: [u8; 8] = [0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0xA0, 0x05, 0x20];

/// Every whitespace unit, searched by the filter.
static WS16: Spec16 = Spec16::filter_static(&WHITE_SPACE_BITS);
/// The Latin-1 whitespace units, searched packed.
static LATIN_WS16: Spec16 = Spec16 {
    kind: Kind16::Packed(Spec::bitmap_of(&LATIN_WS_BIASED)),
    invert: false,
    members: Members16::Static(&LATIN_WS_BITS),
};

/// Is the unit whitespace?
#[inline]
fn is_ws16(u: u16) -> bool {
    WHITE_SPACE_BITS[(u >> 6) as usize] >> (u & 63) & 1 != 0
}

/// The char starting at byte `i` of `s` (a char boundary) and its length.
#[inline]
fn char_at(s: &str, i: usize) -> (char, usize) {
    let c = s[i..].chars().next().unwrap_or('\0');
    (c, c.len_utf8())
}

/// The byte index of the first whitespace char of `s`.
///
/// ```
/// use core_text::search::find_whitespace;
/// assert_eq!(find_whitespace("abc def"), Some(3));
/// assert_eq!(find_whitespace("ab\u{3000}c"), Some(2));
/// assert_eq!(find_whitespace("é€"), None);
/// ```
pub fn find_whitespace(s: &str) -> Option<usize> {
    find_whitespace_in(Via::Auto, s)
}

pub(crate) fn find_whitespace_in(via: Via, s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(k) = via.set_find(&b[i..], &CANDIDATES, false) {
        let at = i + k;
        // Candidates are ASCII or lead bytes: `at` is a char boundary.
        if b[at] < 0x80 || char_at(s, at).0.is_whitespace() {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// The byte index of the first char of `s` that is not whitespace.
///
/// ```
/// assert_eq!(core_text::search::find_not_whitespace(" \t\u{a0}x "), Some(4));
/// ```
pub fn find_not_whitespace(s: &str) -> Option<usize> {
    find_not_whitespace_in(Via::Auto, s)
}

pub(crate) fn find_not_whitespace_in(via: Via, s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(k) = via.set_find(&b[i..], &ASCII_WS, true) {
        let at = i + k;
        // The first byte that is not ASCII whitespace starts a char.
        if b[at] < 0x80 {
            return Some(at);
        }
        let (c, len) = char_at(s, at);
        if !c.is_whitespace() {
            return Some(at);
        }
        i = at + len;
    }
    None
}

/// The byte index of the start of the last whitespace char of `s`.
///
/// ```
/// assert_eq!(core_text::search::rfind_whitespace("a b\u{2009}c"), Some(3));
/// ```
pub fn rfind_whitespace(s: &str) -> Option<usize> {
    rfind_whitespace_in(Via::Auto, s)
}

pub(crate) fn rfind_whitespace_in(via: Via, s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut end = b.len();
    while let Some(at) = via.set_rfind(&b[..end], &CANDIDATES, false) {
        if b[at] < 0x80 || char_at(s, at).0.is_whitespace() {
            return Some(at);
        }
        end = at;
    }
    None
}

/// The byte index of the start of the last char of `s` that is not whitespace.
///
/// ```
/// assert_eq!(core_text::search::rfind_not_whitespace("xé \n"), Some(1));
/// ```
pub fn rfind_not_whitespace(s: &str) -> Option<usize> {
    rfind_not_whitespace_in(Via::Auto, s)
}

pub(crate) fn rfind_not_whitespace_in(via: Via, s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut end = b.len();
    while let Some(at) = via.set_rfind(&b[..end], &ASCII_WS, true) {
        if b[at] < 0x80 {
            return Some(at);
        }
        // A byte of a multi-byte char: back to its start.
        let mut start = at;
        while !s.is_char_boundary(start) {
            start -= 1;
        }
        if !char_at(s, start).0.is_whitespace() {
            return Some(start);
        }
        end = start;
    }
    None
}

/// Does `s` hold a whitespace char?
///
/// # Examples
///
/// ```
/// use core_text::search::contains_whitespace;
/// assert!(contains_whitespace("no\u{a0}break")); // U+00A0 is whitespace too
/// assert!(!contains_whitespace("one_word"));
/// ```
pub fn contains_whitespace(s: &str) -> bool {
    find_whitespace(s).is_some()
}

/// `s` without leading whitespace (as `str::trim_start`).
///
/// ```
/// assert_eq!(core_text::search::trim_start("\u{3000} x "), "x ");
/// ```
pub fn trim_start(s: &str) -> &str {
    &s[find_not_whitespace(s).unwrap_or(s.len())..]
}

/// `s` without trailing whitespace (as `str::trim_end`).
///
/// # Examples
///
/// ```
/// use core_text::search::trim_end;
/// assert_eq!(trim_end("  text \u{2003}\n"), "  text");
/// assert_eq!(trim_end(" \t "), "");
/// ```
pub fn trim_end(s: &str) -> &str {
    match rfind_not_whitespace(s) {
        Some(at) => &s[..at + char_at(s, at).1],
        None => "",
    }
}

/// `s` without leading and trailing whitespace (as `str::trim`).
///
/// ```
/// assert_eq!(core_text::search::trim("  hi there\r\n"), "hi there");
/// ```
pub fn trim(s: &str) -> &str {
    trim_end(trim_start(s))
}

/// The index of the first whitespace unit of UTF-16 text.
///
/// ```
/// let t: Vec<u16> = "ab\u{2028}".encode_utf16().collect();
/// assert_eq!(core_text::search::find_whitespace16(&t), Some(2));
/// ```
pub fn find_whitespace16(s: &[u16]) -> Option<usize> {
    Auto.set_find16(s, &WS16, false)
}

/// The index of the last whitespace unit of UTF-16 text.
///
/// # Examples
///
/// ```
/// use core_text::search::rfind_whitespace16;
/// let t: Vec<u16> = "a b\u{3000}c".encode_utf16().collect();
/// assert_eq!(rfind_whitespace16(&t), Some(3));
/// assert_eq!(rfind_whitespace16(&[b'x' as u16]), None);
/// ```
pub fn rfind_whitespace16(s: &[u16]) -> Option<usize> {
    Auto.set_rfind16(s, &WS16, false)
}

/// The index of the first unit that is not whitespace (a surrogate counts as not
/// whitespace: no whitespace is outside the BMP).
///
/// # Examples
///
/// ```
/// use core_text::search::find_not_whitespace16;
/// let t: Vec<u16> = "\t \u{2028}x".encode_utf16().collect();
/// assert_eq!(find_not_whitespace16(&t), Some(3));
/// let blank: Vec<u16> = " \n".encode_utf16().collect();
/// assert_eq!(find_not_whitespace16(&blank), None);
/// ```
pub fn find_not_whitespace16(s: &[u16]) -> Option<usize> {
    let mut i = 0;
    while let Some(k) = Auto.set_find16(&s[i..], &LATIN_WS16, true) {
        let at = i + k;
        if !is_ws16(s[at]) {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// The index of the last unit that is not whitespace.
///
/// # Examples
///
/// ```
/// use core_text::search::rfind_not_whitespace16;
/// let t: Vec<u16> = "ab \r\n".encode_utf16().collect();
/// assert_eq!(rfind_not_whitespace16(&t), Some(1));
/// assert_eq!(rfind_not_whitespace16(&[]), None);
/// ```
pub fn rfind_not_whitespace16(s: &[u16]) -> Option<usize> {
    let mut end = s.len();
    while let Some(at) = Auto.set_rfind16(&s[..end], &LATIN_WS16, true) {
        if !is_ws16(s[at]) {
            return Some(at);
        }
        end = at;
    }
    None
}

/// Does UTF-16 text hold a whitespace unit?
///
/// # Examples
///
/// ```
/// use core_text::search::contains_whitespace16;
/// let yes: Vec<u16> = "tab\there".encode_utf16().collect();
/// let no: Vec<u16> = "😀none".encode_utf16().collect();
/// assert!(contains_whitespace16(&yes));
/// assert!(!contains_whitespace16(&no));
/// ```
pub fn contains_whitespace16(s: &[u16]) -> bool {
    find_whitespace16(s).is_some()
}

/// UTF-16 text without leading and trailing whitespace.
///
/// ```
/// let t: Vec<u16> = " \u{a0}hi\t".encode_utf16().collect();
/// assert_eq!(core_text::search::trim16(&t), &t[2..4]);
/// ```
pub fn trim16(s: &[u16]) -> &[u16] {
    trim_end16(trim_start16(s))
}

/// UTF-16 text without leading whitespace.
///
/// # Examples
///
/// ```
/// use core_text::search::trim_start16;
/// let t: Vec<u16> = "\u{a0} hi ".encode_utf16().collect();
/// assert_eq!(String::from_utf16_lossy(trim_start16(&t)), "hi ");
/// ```
pub fn trim_start16(s: &[u16]) -> &[u16] {
    &s[find_not_whitespace16(s).unwrap_or(s.len())..]
}

/// UTF-16 text without trailing whitespace.
///
/// # Examples
///
/// ```
/// use core_text::search::trim_end16;
/// let t: Vec<u16> = " hi\u{2009}\n".encode_utf16().collect();
/// assert_eq!(String::from_utf16_lossy(trim_end16(&t)), " hi");
/// ```
pub fn trim_end16(s: &[u16]) -> &[u16] {
    &s[..rfind_not_whitespace16(s).map_or(0, |at| at + 1)]
}
