//! The `core-text` ASCII and slice-comparison cases: `core_text::ascii` beside std's
//! `eq_ignore_ascii_case`, `make_ascii_uppercase`, `to_ascii_uppercase` and `is_ascii` (and the
//! obvious loop where std has nothing: UTF-16 folding, cross-width equality), and
//! `core_text::search::common_prefix_len` / `eq_16byte` beside the zip-position loop and `==`.
//!
//! Case names are `core-text/ascii/<operation>/<size>` and `core-text/seed/<seed name>` for the
//! seed cases (B-TXT-05 `Equals_Matching`, B-TXT-06 `ShortAscii`/`LongAscii`, B-TXT-07
//! `OrdinalIgnoreCase`, B-TXT-13/14 `IsHttps_OrdinalIgnoreCase` and `EndsWith`, B-TXT-15
//! `GuidEqual`/`Int128Equal`, B-TXT-16 `ShorterFirst`/`LongerFirst`).
//!
//! `report --level` pins our level here too (through `ascii::Backend` and `CompareBackend`).

use crate::case::{size_label, Case, Function, Role, Seed};
use crate::corpus::Rng;
use core_text::ascii;
use core_text::search::{self, CompareBackend, Plain16, PrefixEq};
use core_text::Level;
use std::rc::Rc;

const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// Our functions: the free ones (best level) or pinned to one level.
pub trait AsciiApi: Copy + 'static {
    /// [`ascii::is_ascii`].
    fn is_ascii(self, s: &[u8]) -> bool;
    /// [`ascii::eq_ignore_case`].
    fn eq_ignore_case(self, a: &[u8], b: &[u8]) -> bool;
    /// [`ascii::eq_ignore_case_u16`].
    fn eq_ignore_case_u16(self, a: &[u16], b: &[u16]) -> bool;
    /// [`ascii::eq_bytes_u16`].
    fn eq_bytes_u16(self, a: &[u8], b: &[u16]) -> bool;
    /// [`ascii::starts_with_ignore_case`].
    fn starts_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool;
    /// [`ascii::ends_with_ignore_case`].
    fn ends_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool;
    /// [`ascii::make_upper`].
    fn make_upper(self, s: &mut [u8]);
    /// [`ascii::make_lower`].
    fn make_lower(self, s: &mut [u8]);
    /// [`ascii::to_upper`].
    fn to_upper(self, s: &[u8]) -> Vec<u8>;
    /// [`ascii::to_upper_u16`].
    fn to_upper_u16(self, s: &[u16]) -> Vec<u16>;
    /// [`search::common_prefix_len`].
    fn common_prefix_len<T: PrefixEq>(self, a: &[T], b: &[T]) -> usize;
    /// [`search::eq_16byte`].
    fn eq_16byte<T: Plain16>(self, a: &[T], b: &[T]) -> bool;
}

/// The free functions (runtime dispatch to the best level).
#[derive(Clone, Copy, Debug, Default)]
pub struct Free;

impl AsciiApi for Free {
    #[inline]
    fn is_ascii(self, s: &[u8]) -> bool {
        ascii::is_ascii(s)
    }
    #[inline]
    fn eq_ignore_case(self, a: &[u8], b: &[u8]) -> bool {
        ascii::eq_ignore_case(a, b)
    }
    #[inline]
    fn eq_ignore_case_u16(self, a: &[u16], b: &[u16]) -> bool {
        ascii::eq_ignore_case_u16(a, b)
    }
    #[inline]
    fn eq_bytes_u16(self, a: &[u8], b: &[u16]) -> bool {
        ascii::eq_bytes_u16(a, b)
    }
    #[inline]
    fn starts_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        ascii::starts_with_ignore_case(s, p)
    }
    #[inline]
    fn ends_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        ascii::ends_with_ignore_case(s, p)
    }
    #[inline]
    fn make_upper(self, s: &mut [u8]) {
        ascii::make_upper(s)
    }
    #[inline]
    fn make_lower(self, s: &mut [u8]) {
        ascii::make_lower(s)
    }
    #[inline]
    fn to_upper(self, s: &[u8]) -> Vec<u8> {
        ascii::to_upper(s)
    }
    #[inline]
    fn to_upper_u16(self, s: &[u16]) -> Vec<u16> {
        ascii::to_upper_u16(s)
    }
    #[inline]
    fn common_prefix_len<T: PrefixEq>(self, a: &[T], b: &[T]) -> usize {
        search::common_prefix_len(a, b)
    }
    #[inline]
    fn eq_16byte<T: Plain16>(self, a: &[T], b: &[T]) -> bool {
        search::eq_16byte(a, b)
    }
}

/// The backends of one level.
#[derive(Clone, Copy, Debug)]
pub struct Pinned(ascii::Backend, CompareBackend);

impl AsciiApi for Pinned {
    #[inline]
    fn is_ascii(self, s: &[u8]) -> bool {
        self.0.is_ascii(s)
    }
    #[inline]
    fn eq_ignore_case(self, a: &[u8], b: &[u8]) -> bool {
        self.0.eq_ignore_case(a, b)
    }
    #[inline]
    fn eq_ignore_case_u16(self, a: &[u16], b: &[u16]) -> bool {
        self.0.eq_ignore_case_u16(a, b)
    }
    #[inline]
    fn eq_bytes_u16(self, a: &[u8], b: &[u16]) -> bool {
        self.0.eq_bytes_u16(a, b)
    }
    #[inline]
    fn starts_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        self.0.starts_with_ignore_case(s, p)
    }
    #[inline]
    fn ends_with_ignore_case(self, s: &[u8], p: &[u8]) -> bool {
        self.0.ends_with_ignore_case(s, p)
    }
    #[inline]
    fn make_upper(self, s: &mut [u8]) {
        self.0.make_upper(s)
    }
    #[inline]
    fn make_lower(self, s: &mut [u8]) {
        self.0.make_lower(s)
    }
    #[inline]
    fn to_upper(self, s: &[u8]) -> Vec<u8> {
        self.0.to_upper(s)
    }
    #[inline]
    fn to_upper_u16(self, s: &[u16]) -> Vec<u16> {
        self.0.to_upper_u16(s)
    }
    #[inline]
    fn common_prefix_len<T: PrefixEq>(self, a: &[T], b: &[T]) -> usize {
        self.1.common_prefix_len(a, b)
    }
    #[inline]
    fn eq_16byte<T: Plain16>(self, a: &[T], b: &[T]) -> bool {
        self.1.eq_16byte(a, b)
    }
}

/// Every case, ours at `level` (pinned) or through the free functions (`None`).
///
/// # Panics
/// When `level` is not available on this CPU (the report checks that first).
pub fn cases_at(level: Option<Level>) -> Vec<Case> {
    match level {
        None => cases(Free),
        Some(l) => cases(Pinned(
            ascii::Backend::new(l).expect("an available level"),
            CompareBackend::new(l).expect("an available level"),
        )),
    }
}

/// Mixed-case English-like ASCII: words of letters with capitals, spaces and punctuation.
fn mixed_text(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ len as u64);
    (0..len)
        .map(|_| match rng.below(16) {
            0 => b' ',
            1 => *rng.pick(b".,-:/0123456789"),
            2 | 3 => b'A' + rng.below(26) as u8,
            _ => b'a' + rng.below(26) as u8,
        })
        .collect()
}

fn sized(op: &'static str, size: usize, bytes: usize, functions: Vec<Function>) -> Case {
    Case {
        op,
        input: size_label(size),
        bytes: Some(bytes as u64),
        size: Some(size),
        seed: None,
        functions,
    }
}

fn seeded(name: &str, bytes: usize, seed: Option<Seed>, functions: Vec<Function>) -> Case {
    Case {
        op: "core-text/seed",
        input: name.into(),
        bytes: Some(bytes as u64),
        size: None,
        seed,
        functions,
    }
}

/// std's way to compare UTF-16 ignoring ASCII case (std has no such function): unit by unit.
fn std_eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(&x, &y)| {
            x == y || (x < 0x80 && y < 0x80 && (x as u8).eq_ignore_ascii_case(&(y as u8)))
        })
}

/// The obvious cross-width ASCII equality.
fn std_eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x < 0x80 && u16::from(x) == y)
}

/// The zip-position common prefix.
fn std_prefix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()))
}

/// A GUID as applications declare it: four fields, derived (field-by-field) equality.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C)]
pub struct Guid {
    a: u32,
    b: u16,
    c: u16,
    d: [u8; 8],
}

// SAFETY: 4 + 2 + 2 + 8 = 16 bytes of integers with `repr(C)`: no padding; the derived
// equality compares every field, so it is equality of the bytes.
unsafe impl Plain16 for Guid {}

/// Every case, ours through `api`.
pub fn cases<A: AsciiApi>(api: A) -> Vec<Case> {
    let mut out = seed_cases(api);
    for size in [139, 4096, 64 << 10] {
        let text: Rc<[u8]> = mixed_text(size, 1).into();
        let other: Rc<[u8]> = text.iter().map(|c| c.to_ascii_lowercase()).collect();
        let pair = (text.clone(), other.clone());
        out.push(sized(
            "core-text/ascii/eq_ignore_case",
            size,
            size,
            vec![
                Function::new("core", OURS, (api, pair.clone()), |(a, (x, y))| {
                    a.eq_ignore_case(x, y)
                }),
                Function::new("std", VS, pair, |(x, y)| x.eq_ignore_ascii_case(y)),
            ],
        ));
        let wide: (Rc<[u16]>, Rc<[u16]>) = (
            text.iter().map(|&c| u16::from(c)).collect(),
            other.iter().map(|&c| u16::from(c)).collect(),
        );
        out.push(sized(
            "core-text/ascii/eq_ignore_case_u16",
            size,
            2 * size,
            vec![
                Function::new("core", OURS, (api, wide.clone()), |(a, (x, y))| {
                    a.eq_ignore_case_u16(x, y)
                }),
                Function::new("loop", VS, wide.clone(), |(x, y)| std_eq_ignore_case_u16(x, y)),
            ],
        ));
        let cross = (text.clone(), wide.0.clone());
        out.push(sized(
            "core-text/ascii/eq_bytes_u16",
            size,
            3 * size,
            vec![
                Function::new("core", OURS, (api, cross.clone()), |(a, (x, y))| {
                    a.eq_bytes_u16(x, y)
                }),
                Function::new("loop", VS, cross, |(x, y)| std_eq_bytes_u16(x, y)),
            ],
        ));
        out.push(sized(
            "core-text/ascii/is_ascii",
            size,
            size,
            vec![
                Function::new("core", OURS, (api, text.clone()), |(a, t)| a.is_ascii(t)),
                Function::new("std", VS, text.clone(), |t| t.is_ascii()),
            ],
        ));
        let buf = text.to_vec();
        let digest = |s: &Vec<u8>| String::from_utf8_lossy(s).into_owned();
        let digest_ours = |(_, s): &(A, Vec<u8>)| String::from_utf8_lossy(s).into_owned();
        out.push(sized(
            "core-text/ascii/make_upper",
            size,
            size,
            vec![
                Function::with_digest(
                    "core",
                    OURS,
                    (api, buf.clone()),
                    |(a, s)| a.make_upper(s),
                    digest_ours,
                ),
                Function::with_digest("std", VS, buf.clone(), |s| s.make_ascii_uppercase(), digest),
            ],
        ));
        // `make_upper` above meets its own output from the second call on (nothing left to
        // change); here each call upper-cases then lower-cases the buffer, so every letter
        // changes twice a call, for both.
        out.push(sized(
            "core-text/ascii/make_upper_lower",
            size,
            2 * size,
            vec![
                Function::with_digest(
                    "core",
                    OURS,
                    (api, buf.clone()),
                    |(a, s)| {
                        a.make_upper(s);
                        a.make_lower(s)
                    },
                    digest_ours,
                ),
                Function::with_digest(
                    "std",
                    VS,
                    buf,
                    |s| {
                        s.make_ascii_uppercase();
                        s.make_ascii_lowercase()
                    },
                    digest,
                ),
            ],
        ));
        out.push(sized(
            "core-text/ascii/to_upper",
            size,
            size,
            vec![
                Function::new("core", OURS, (api, text.clone()), |(a, t)| a.to_upper(t)),
                Function::new("std", VS, text.clone(), |t| t.to_ascii_uppercase()),
            ],
        ));
        // A long shared prefix: the slices differ in their last byte.
        let mut changed = text.to_vec();
        *changed.last_mut().expect("nonempty") ^= 1;
        let prefix = (text.clone(), Rc::<[u8]>::from(changed));
        out.push(sized(
            "core-text/ascii/common_prefix_len",
            size,
            2 * size,
            vec![
                Function::new("core", OURS, (api, prefix.clone()), |(a, (x, y))| {
                    a.common_prefix_len(x, y)
                }),
                Function::new("zip-position", VS, prefix, |(x, y)| std_prefix(x, y)),
            ],
        ));
    }
    out
}

/// The seed cases.
fn seed_cases<A: AsciiApi>(api: A) -> Vec<Case> {
    let mut out = Vec::new();
    // B-TXT-05: bytes[i] = 'a' + i % 26 and the same as UTF-16 (equal inputs).
    for (len, net10, net11) in [(8, 3.834, 1.966), (15, 6.177, 2.398)] {
        let bytes: Rc<[u8]> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        let chars: Rc<[u16]> = bytes.iter().map(|&b| u16::from(b)).collect();
        let pair = (bytes, chars);
        out.push(seeded(
            &format!("Equals_Matching/{len}"),
            3 * len,
            Some(Seed { id: "B-TXT-05", net10_ns: net10, net11_ns: net11 }),
            vec![
                Function::new("core", OURS, (api, pair.clone()), |(a, (x, y))| {
                    a.eq_bytes_u16(x, y)
                }),
                Function::new("loop", VS, pair, |(x, y)| std_eq_bytes_u16(x, y)),
            ],
        ));
    }
    // B-TXT-06: upper-casing into a new buffer (UTF-8 here).
    for (name, text, net10, net11) in [
        ("ShortAscii", b"runtime".to_vec(), 18.12, 14.62),
        ("LongAscii", vec![b'a'; 139], 248.38, 39.22),
    ] {
        let seed = Some(Seed { id: "B-TXT-06", net10_ns: net10, net11_ns: net11 });
        let wide: Rc<[u16]> = text.iter().map(|&b| u16::from(b)).collect();
        let text: Rc<[u8]> = text.into();
        out.push(seeded(
            name,
            text.len(),
            seed,
            vec![
                Function::new("core", OURS, (api, text.clone()), |(a, t)| a.to_upper(t)),
                Function::new("std", VS, text, |t| t.to_ascii_uppercase()),
            ],
        ));
        // The like-for-like form of the .NET case (its strings are UTF-16); std has no
        // UTF-16 casing, so the peer is the loop over units.
        out.push(seeded(
            &format!("{name}/utf16"),
            2 * wide.len(),
            seed,
            vec![
                Function::new("core", OURS, (api, wide.clone()), |(a, t)| a.to_upper_u16(t)),
                Function::new("loop", VS, wide, |t| {
                    t.iter()
                        .map(
                            |&u| {
                                if u < 0x80 {
                                    u16::from((u as u8).to_ascii_uppercase())
                                } else {
                                    u
                                }
                            },
                        )
                        .collect::<Vec<u16>>()
                }),
            ],
        ));
    }
    // B-TXT-07: 256 'a' against 256 'A', as UTF-16 (and as bytes, beside std).
    let wide: (Rc<[u16]>, Rc<[u16]>) =
        (vec![u16::from(b'a'); 256].into(), vec![u16::from(b'A'); 256].into());
    out.push(seeded(
        "OrdinalIgnoreCase",
        1024,
        Some(Seed { id: "B-TXT-07", net10_ns: 27.794, net11_ns: 21.861 }),
        vec![
            Function::new("core", OURS, (api, wide.clone()), |(a, (x, y))| {
                a.eq_ignore_case_u16(x, y)
            }),
            Function::new("loop", VS, wide, |(x, y)| std_eq_ignore_case_u16(x, y)),
        ],
    ));
    let narrow: (Rc<[u8]>, Rc<[u8]>) = (vec![b'a'; 256].into(), vec![b'A'; 256].into());
    out.push(seeded(
        "OrdinalIgnoreCase/utf8",
        512,
        None,
        vec![
            Function::new("core", OURS, (api, narrow.clone()), |(a, (x, y))| {
                a.eq_ignore_case(x, y)
            }),
            Function::new("std", VS, narrow, |(x, y)| x.eq_ignore_ascii_case(y)),
        ],
    ));
    // B-TXT-13 and B-TXT-14 (.NET 7 seeds: no .NET 10/11 figures).
    let url: Rc<[u8]> = b"https://dot.net".as_slice().into();
    out.push(seeded(
        "IsHttps_OrdinalIgnoreCase",
        8,
        None,
        vec![
            Function::new("core", OURS, (api, url.clone()), |(a, u)| {
                a.starts_with_ignore_case(u, b"https://")
            }),
            Function::new("std", VS, url, |u| {
                u.len() >= 8 && u[..8].eq_ignore_ascii_case(b"https://")
            }),
        ],
    ));
    let file: Rc<[u8]> = b"System.Private.CoreLib.dll".as_slice().into();
    out.push(seeded(
        "EndsWith",
        4,
        None,
        vec![
            Function::new("core", OURS, (api, file.clone()), |(a, f)| {
                a.ends_with_ignore_case(f, b".DLL")
            }),
            Function::new("std", VS, file, |f| {
                f.len() >= 4 && f[f.len() - 4..].eq_ignore_ascii_case(b".DLL")
            }),
        ],
    ));
    // B-TXT-15: two zeroed GUIDs, two zeroed 128-bit integers.
    let guids: (Rc<[Guid]>, Rc<[Guid]>) =
        ([Guid::default(); 2].into(), [Guid::default(); 2].into());
    out.push(seeded(
        "GuidEqual",
        32,
        Some(Seed { id: "B-TXT-15", net10_ns: 2.960, net11_ns: 2.077 }),
        vec![
            Function::new("core", OURS, (api, guids.clone()), |(a, (x, y))| a.eq_16byte(x, y)),
            Function::new("std", VS, guids, |(x, y)| x == y),
        ],
    ));
    let ints: (Rc<[i128]>, Rc<[i128]>) = ([0i128; 2].into(), [0i128; 2].into());
    out.push(seeded(
        "Int128Equal",
        32,
        Some(Seed { id: "B-TXT-15", net10_ns: 3.547, net11_ns: 2.077 }),
        vec![
            Function::new("core", OURS, (api, ints.clone()), |(a, (x, y))| a.eq_16byte(x, y)),
            Function::new("std", VS, ints, |(x, y)| x == y),
        ],
    ));
    // B-TXT-16: ["value"; 64] against ["value"; 128] (result 64), both orders, as `&str`
    // elements and as bytes.
    let shorter: Rc<[&'static str]> = vec!["value"; 64].into();
    let longer: Rc<[&'static str]> = vec!["value"; 128].into();
    let short_bytes: Rc<[u8]> = b"value".repeat(64).into();
    let long_bytes: Rc<[u8]> = b"value".repeat(128).into();
    for (name, net10, net11, strs, bytes) in [
        (
            "ShorterFirst",
            45.16,
            25.43,
            (shorter.clone(), longer.clone()),
            (short_bytes.clone(), long_bytes.clone()),
        ),
        ("LongerFirst", 26.40, 26.31, (longer, shorter), (long_bytes, short_bytes)),
    ] {
        out.push(seeded(
            name,
            64 * 16,
            Some(Seed { id: "B-TXT-16", net10_ns: net10, net11_ns: net11 }),
            vec![
                Function::new("core", OURS, (api, strs.clone()), |(a, (x, y))| {
                    a.common_prefix_len(x, y)
                }),
                Function::new("zip-position", VS, strs, |(x, y)| std_prefix(x, y)),
            ],
        ));
        out.push(seeded(
            &format!("{name}/bytes"),
            2 * 320,
            None,
            vec![
                Function::new("core", OURS, (api, bytes.clone()), |(a, (x, y))| {
                    a.common_prefix_len(x, y)
                }),
                Function::new("zip-position", VS, bytes, |(x, y)| std_prefix(x, y)),
            ],
        ));
    }
    out
}
