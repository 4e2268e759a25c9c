//! The `core-text` substring search cases: `memmem` beside the `memchr` crate's `memmem` and
//! std's `str::find` / `str::rfind`, on the same haystacks.
//!
//! Case names are `core-text/memmem/<operation>/<text>/<needle>/<density>/<size>`:
//!
//! - operation: `finder` (a prebuilt `Finder` on each side, every occurrence through
//!   `find_iter`), `find` and `rfind` (one-shot: the searcher is built in the call);
//! - text: `english` (the ASCII corpus) or `random` (uniform bytes; no std, as it is not UTF-8);
//! - needle: `short` (5 and 6 bytes) or `long` (35 and 32 bytes);
//! - density: `none` (the needle does not occur: the whole haystack is scanned), `rare` (once
//!   every 1.5-2.5 KiB, or once in the middle of a smaller haystack) or `frequent` (every
//!   8-56 bytes past the previous one).

use crate::case::{size_label, Case, Function, Role};
use crate::corpus::{generate, Corpus, Rng};
use std::rc::Rc;

const SIZES: [usize; 4] = [64, 4096, 64 << 10, 1 << 20];
const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// The haystack: `text` with `needle` written over it at the density's spacing.
fn haystack(text: &[u8], needle: &[u8], density: &str, seed: u64) -> Vec<u8> {
    let mut hay = text.to_vec();
    let n = hay.len();
    let mut rng = Rng::new(seed);
    let mut plant = |at: usize| hay[at..at + needle.len()].copy_from_slice(needle);
    match density {
        "rare" if n < 4096 => plant(n / 2 - needle.len().min(n / 2)),
        "rare" => {
            let mut at = rng.range(1500, 2500) as usize;
            while at + needle.len() <= n {
                plant(at);
                at += rng.range(1500, 2500) as usize;
            }
        }
        "frequent" => {
            let mut at = rng.range(8, 56) as usize;
            while at + needle.len() <= n {
                plant(at);
                at += needle.len() + rng.range(8, 56) as usize;
            }
        }
        _ => {}
    }
    hay
}

/// One input: its label and the haystack and needle shared by the functions.
struct Input {
    label: String,
    size: usize,
    hay: Rc<Vec<u8>>,
    needle: Rc<Vec<u8>>,
    /// Whether the haystack and needle are UTF-8 (std's `str` search applies).
    text: bool,
}

fn inputs() -> Vec<Input> {
    let mut rng = Rng::new(0x3E33);
    let mut random = |len: usize| (0..len).map(|_| rng.below(256) as u8).collect::<Vec<u8>>();
    let needles = [
        ("english", "short", b"hotel".to_vec()),
        ("english", "long", b"throughput of the vector processor".to_vec()),
        ("random", "short", random(6)),
        ("random", "long", random(32)),
    ];
    let mut out = Vec::new();
    for size in SIZES {
        let english = generate(Corpus::Ascii, size).into_bytes();
        let noise = random(size);
        for (kind, class, needle) in &needles {
            let text = if *kind == "english" { &english } else { &noise };
            for density in ["none", "rare", "frequent"] {
                let hay = haystack(text, needle, density, size as u64);
                if density == "none" {
                    assert!(memchr::memmem::find(&hay, needle).is_none(), "{kind}/{class}: occurs");
                }
                out.push(Input {
                    label: format!("{kind}/{class}/{density}/{}", size_label(size)),
                    size,
                    hay: Rc::new(hay),
                    needle: Rc::new(needle.clone()),
                    text: *kind == "english",
                });
            }
        }
    }
    out
}

fn case(op: &'static str, input: &Input, functions: Vec<Function>) -> Case {
    Case {
        op,
        input: input.label.clone(),
        bytes: Some(input.size as u64),
        size: Some(input.size),
        seed: None,
        functions,
    }
}

/// Every memmem case.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for input in inputs() {
        let (h, n) = (&input.hay, &input.needle);
        let ours = core_text::search::memmem::Finder::new(n.as_slice()).into_owned();
        let peer = memchr::memmem::Finder::new(n.as_slice()).into_owned();
        out.push(case(
            "core-text/memmem/finder",
            &input,
            vec![
                Function::new("core", OURS, (h.clone(), ours), |(h, f)| {
                    f.find_iter(h).fold(0, |s, i| s ^ i)
                }),
                Function::new("memchr", VS, (h.clone(), peer), |(h, f)| {
                    f.find_iter(h).fold(0, |s, i| s ^ i)
                }),
            ],
        ));
        let mut find = vec![
            Function::new("core", OURS, (h.clone(), n.clone()), |(h, n)| {
                core_text::search::memmem::find(h, n)
            }),
            Function::new("memchr", VS, (h.clone(), n.clone()), |(h, n)| {
                memchr::memmem::find(h, n)
            }),
        ];
        let mut rfind = vec![
            Function::new("core", OURS, (h.clone(), n.clone()), |(h, n)| {
                core_text::search::memmem::rfind(h, n)
            }),
            Function::new("memchr", VS, (h.clone(), n.clone()), |(h, n)| {
                memchr::memmem::rfind(h, n)
            }),
        ];
        if input.text {
            let hs = Rc::new(String::from_utf8(h.to_vec()).expect("English text is UTF-8"));
            let ns = Rc::new(String::from_utf8(n.to_vec()).expect("English needle is UTF-8"));
            find.push(Function::new("std", VS, (hs.clone(), ns.clone()), |(h, n)| {
                h.find(n.as_str())
            }));
            rfind.push(Function::new("std", VS, (hs, ns), |(h, n)| h.rfind(n.as_str())));
        }
        out.push(case("core-text/memmem/find", &input, find));
        out.push(case("core-text/memmem/rfind", &input, rfind));
    }
    out
}
