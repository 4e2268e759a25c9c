//! The `core-text` set, split and whitespace cases: `ByteSet`/`U16Set` beside the naive
//! position loops a user would write (a 256-entry table for bytes, `contains` over the values
//! for units) and `memchr` where it applies; the seed cases of the .NET posts (`IndexOfAny`
//! vowels, `SplitNoSeparators`, whitespace, `LastIndexOfAny` and `CountLines` on the sonnet).
//!
//! Ours runs through the public API, whose level follows `CORE_SIMD_MAX` (run the report
//! under it for per-level figures; `--level` pins only the `Api` cases).

use crate::case::{size_label, Case, Function, Role};
use crate::corpus::Rng;
use core_text::search::{self, ByteSet, U16Set};
use std::rc::Rc;

const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// Shakespeare's Sonnet 18 (public domain), `\n` line endings: the seed's `Sonnet`.
pub const SONNET: &str = "Shall I compare thee to a summer's day?
Thou art more lovely and more temperate:
Rough winds do shake the darling buds of May,
And summer's lease hath all too short a date;
Sometime too hot the eye of heaven shines,
And often is his gold complexion dimm'd;
And every fair from fair sometime declines,
By chance or nature's changing course untrimm'd;
But thy eternal summer shall not fade,
Nor lose possession of that fair thou ow'st;
Nor shall death brag thou wander'st in his shade,
When in eternal lines to time thou grow'st:
So long as men can breathe or eyes can see,
So long lives this, and this gives life to thee.";

fn case(op: &'static str, input: String, bytes: usize, functions: Vec<Function>) -> Case {
    Case { op, input, bytes: Some(bytes as u64), size: Some(bytes), seed: None, functions }
}

/// Lowercase words and spaces.
fn letters(len: usize) -> Vec<u8> {
    let mut rng = Rng::new(len as u64 ^ 0x5e75);
    (0..len).map(|_| if rng.below(6) == 0 { b' ' } else { b'a' + rng.below(26) as u8 }).collect()
}

/// `n` bytes that never occur in [`letters`] (digits and punctuation first, then high bytes).
fn absent(n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = (0u8..=255).filter(|b| !b.is_ascii_lowercase() && *b != b' ').collect();
    v.sort_by_key(|b| (*b >= 0x80, *b));
    v.truncate(n);
    v
}

/// A naive byte-set search: a 256-entry table, one lookup per byte.
fn table(members: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    for &b in members {
        t[b as usize] = true;
    }
    t
}

/// Every set, split and whitespace case.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for size in [64usize, 4096, 64 << 10] {
        let h = Rc::new(letters(size));
        for n in [4usize, 8, 16, 64, 200] {
            let members = absent(n);
            let set = Rc::new(ByteSet::new(&members));
            let t = table(&members);
            out.push(case(
                "core-text/search/byteset/find",
                format!("{n}-values/{}", size_label(size)),
                size,
                vec![
                    Function::new("core", OURS, (set.clone(), h.clone()), |(s, h)| s.find(h)),
                    Function::new("naive-table", VS, h.clone(), move |h| {
                        h.iter().position(|&b| t[b as usize])
                    }),
                    Function::new("naive-contains", VS, (members.clone(), h.clone()), |(m, h)| {
                        h.iter().position(|b| m.contains(b))
                    }),
                ],
            ));
        }
        out.push(case(
            "core-text/search/byteset/rfind",
            format!("3-values/{}", size_label(size)),
            size,
            vec![
                Function::new(
                    "core",
                    OURS,
                    (Rc::new(ByteSet::new(b"7#!")), h.clone()),
                    |(s, h)| s.rfind(h),
                ),
                Function::new("memchr3", VS, h.clone(), |h| memchr::memrchr3(b'7', b'#', b'!', h)),
            ],
        ));
        out.push(case(
            "core-text/search/range",
            format!("digits/{}", size_label(size)),
            size,
            vec![
                Function::new("core", OURS, h.clone(), |h| search::find_in_range(h, b'0', b'9')),
                Function::new("naive", VS, h.clone(), |h| {
                    h.iter().position(|b| b.is_ascii_digit())
                }),
            ],
        ));
        // Any-except: the first byte that is not a letter or space (none).
        let mut word = (b'a'..=b'z').collect::<Vec<u8>>();
        word.push(b' ');
        let t = table(&word);
        out.push(case(
            "core-text/search/byteset/find_not",
            format!("27-values/{}", size_label(size)),
            size,
            vec![
                Function::new("core", OURS, (Rc::new(ByteSet::new(&word)), h.clone()), |(s, h)| {
                    s.find_not(h)
                }),
                Function::new("naive-table", VS, h.clone(), move |h| {
                    h.iter().position(|&b| !t[b as usize])
                }),
            ],
        ));
    }

    // IndexOfAny vowels: 8,191 'x' then 'e', as UTF-16 (the match is the last unit).
    let mut vowels_in: Vec<u16> = vec![b'x' as u16; 8191];
    vowels_in.push(b'e' as u16);
    let vowels_in = Rc::new(vowels_in);
    let vowels: Vec<u16> = "aeiouAEIOU".encode_utf16().collect();
    out.push(case(
        "core-text/search/seed/IndexOfAny",
        "vowels/utf16-8192".into(),
        2 * 8192,
        vec![
            Function::new(
                "core",
                OURS,
                (Rc::new(U16Set::new(&vowels)), vowels_in.clone()),
                |(s, h)| s.find(h),
            ),
            Function::new("naive-contains", VS, (vowels.clone(), vowels_in.clone()), |(v, h)| {
                h.iter().position(|u| v.contains(u))
            }),
        ],
    ));

    // SplitNoSeparators: 16,384 'a' as UTF-16, split by ',' (one piece).
    let a16 = Rc::new(vec![b'a' as u16; 16384]);
    let comma = Rc::new(U16Set::new(&[b',' as u16]));
    out.push(case(
        "core-text/search/seed/SplitNoSeparators",
        "utf16-16384".into(),
        2 * 16384,
        vec![
            Function::new("core", OURS, (comma, a16.clone()), |(s, h)| {
                search::split16(h, s).count()
            }),
            Function::new("std-slice-split", VS, a16.clone(), |h| {
                h.split(|&u| u == b',' as u16).count()
            }),
        ],
    ));
    // The same on UTF-8, through the 64-byte block masks.
    let a8 = Rc::new(vec![b'a'; 16384]);
    out.push(case(
        "core-text/search/split",
        "no-separator/16KiB".into(),
        16384,
        vec![
            Function::new("core", OURS, a8.clone(), |h| search::split(h, b',').count()),
            Function::new("std-slice-split", VS, a8.clone(), |h| h.split(|&b| b == b',').count()),
            Function::new("memchr-iter", VS, a8.clone(), |h| {
                memchr::memchr_iter(b',', h).count() + 1
            }),
        ],
    ));
    let csv = Rc::new(
        letters(64 << 10).iter().map(|&b| if b == b' ' { b',' } else { b }).collect::<Vec<u8>>(),
    );
    out.push(case(
        "core-text/search/split",
        "fields/64KiB".into(),
        64 << 10,
        vec![
            Function::new("core", OURS, csv.clone(), |h| {
                search::split(h, b',').map(|f| f.len()).fold(0, |a, l| a ^ l)
            }),
            Function::new("std-slice-split", VS, csv.clone(), |h| {
                h.split(|&b| b == b',').map(|f| f.len()).fold(0, |a, l| a ^ l)
            }),
            Function::new("memchr-iter", VS, csv.clone(), |h| {
                let (mut start, mut acc) = (0, 0);
                for at in memchr::memchr_iter(b',', h) {
                    acc ^= at - start;
                    start = at + 1;
                }
                acc ^ (h.len() - start)
            }),
        ],
    ));

    // Whitespace: 256 spaces, the first non-whitespace (none).
    let spaces16 = Rc::new(vec![b' ' as u16; 256]);
    out.push(case(
        "core-text/search/seed/IndexOfAnyExceptWhiteSpace",
        "spaces/utf16-256".into(),
        512,
        vec![
            Function::new("core", OURS, spaces16.clone(), |h| search::find_not_whitespace16(h)),
            Function::new("scalar", VS, spaces16.clone(), |h| {
                h.iter().position(|&u| !char::from_u32(u as u32).is_some_and(char::is_whitespace))
            }),
        ],
    ));
    let spaces = Rc::new(" ".repeat(256));
    out.push(case(
        "core-text/search/whitespace/trim_start",
        "spaces/256".into(),
        256,
        vec![
            Function::new("core", OURS, spaces.clone(), |s| search::trim_start(s).len()),
            Function::new("std", VS, spaces.clone(), |s| s.trim_start().len()),
        ],
    ));
    let text = Rc::new(String::from_utf8(letters(4096)).expect("ASCII").replace(' ', "_"));
    out.push(case(
        "core-text/search/whitespace/contains",
        "none/4KiB".into(),
        4096,
        vec![
            Function::new("core", OURS, text.clone(), |s| search::contains_whitespace(s)),
            Function::new("std", VS, text.clone(), |s| s.chars().any(char::is_whitespace)),
        ],
    ));

    // The sonnet: LastIndexOfAny('z', 'q') (a full scan) and CountLines.
    let sonnet16 = Rc::new(SONNET.encode_utf16().collect::<Vec<u16>>());
    out.push(case(
        "core-text/search/seed/LastIndexOfAny",
        "sonnet/utf16".into(),
        2 * sonnet16.len(),
        vec![
            Function::new(
                "core",
                OURS,
                (Rc::new(U16Set::new(&[b'z' as u16, b'q' as u16])), sonnet16.clone()),
                |(s, h)| s.rfind(h),
            ),
            Function::new("naive", VS, sonnet16.clone(), |h| {
                h.iter().rposition(|&u| u == b'z' as u16 || u == b'q' as u16)
            }),
        ],
    ));
    out.push(case(
        "core-text/search/seed/LastIndexOfAny",
        "sonnet/utf8".into(),
        SONNET.len(),
        vec![
            Function::new("core", OURS, (), |_| search::memrchr2(b'z', b'q', SONNET.as_bytes())),
            Function::new("memchr", VS, (), |_| memchr::memrchr2(b'z', b'q', SONNET.as_bytes())),
        ],
    ));
    out.push(case(
        "core-text/search/seed/CountLines",
        "sonnet".into(),
        SONNET.len(),
        vec![
            Function::new("core", OURS, (), |_| search::str_lines(SONNET).count()),
            Function::new("std-lines", VS, (), |_| SONNET.lines().count()),
        ],
    ));
    out
}
