//! The `core-text` multi-literal cases: [`LiteralSet`] beside `aho-corasick` (its default
//! builder with leftmost-first matching, which picks its Teddy, rare-byte or automaton search)
//! on the same haystacks, counting every non-overlapping match.
//!
//! Case names are `core-text/literal/<text>/<n>` with `n` = 2, 8, 64 or 1000 literals:
//!
//! - `english`: 1 MiB of the English-like corpus; the literals are words of it and of a longer
//!   list (names, rarer words), so some occur often, some rarely, some never.
//! - `dna`: 1 MiB of a-rich DNA (`a` 85 %, `c`, `g`, `t` 5 % each) with the regex-redux
//!   variants `agggtaaa|tttaccct` ... `agggtaa[cgt]|[acg]ttaccct` planted every 4 KiB or so;
//!   the literals are that family expanded (2: the first variant; 8: it and the second; 64:
//!   all 50 of the family and 14 more 8-mers), and 1,000 deterministic random 8-mers with the
//!   family.
//! - `dna-seed`: the .NET 11 seed input: 100,000 × `a` then `tttaccct`, with the 2 literals.

use crate::case::{Case, Function, Role};
use crate::corpus::{generate, Corpus, Rng};
use aho_corasick::{AhoCorasick, MatchKind};
use core_text::search::LiteralSet;
use core_text::Level;
use std::rc::Rc;

const SIZE: usize = 1 << 20;
const COUNTS: [usize; 4] = [2, 8, 64, 1000];

/// The regex-redux variant family, as alternations of classes.
const VARIANTS: [&str; 9] = [
    "agggtaaa|tttaccct",
    "[cgt]gggtaaa|tttaccc[acg]",
    "a[act]ggtaaa|tttacc[agt]t",
    "ag[act]gtaaa|tttac[agt]ct",
    "agg[act]taaa|ttta[agt]cct",
    "aggg[acg]aaa|ttt[cgt]ccct",
    "agggt[cgt]aa|tt[acg]accct",
    "agggta[cgt]a|t[acg]taccct",
    "agggtaa[cgt]|[acg]ttaccct",
];

/// Every literal one alternative of `variant` stands for.
fn expand(variant: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for alt in variant.split('|') {
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut chars = alt.bytes();
        while let Some(c) = chars.next() {
            let options: Vec<u8> = if c == b'[' {
                chars.by_ref().take_while(|&c| c != b']').collect()
            } else {
                vec![c]
            };
            words = words
                .iter()
                .flat_map(|w| options.iter().map(move |&o| [w.as_slice(), &[o]].concat()))
                .collect();
        }
        out.extend(words);
    }
    out
}

/// The DNA literal sets: 2, 8, 64 or 1000.
pub fn dna_literals(n: usize) -> Vec<Vec<u8>> {
    let mut family: Vec<Vec<u8>> = VARIANTS.iter().flat_map(|v| expand(v)).collect();
    family.dedup();
    let mut out: Vec<Vec<u8>> = family.iter().take(n).cloned().collect();
    let mut rng = Rng::new(0xD4A);
    while out.len() < n {
        let w: Vec<u8> = (0..8).map(|_| *rng.pick(b"acgt")).collect();
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// 1 MiB of a-rich DNA with the family planted.
pub fn dna_haystack() -> Vec<u8> {
    let mut rng = Rng::new(0xA11CE);
    let mut h: Vec<u8> = (0..SIZE).map(|_| *rng.pick(b"aaaaaaaaaaaaaaaaacgt")).collect();
    let family: Vec<Vec<u8>> = VARIANTS.iter().flat_map(|v| expand(v)).collect();
    let mut at = 1000;
    while at + 8 < SIZE {
        let w = rng.pick(&family);
        h[at..at + 8].copy_from_slice(w);
        at += 2048 + rng.below(4096) as usize;
    }
    h
}

/// Words for the English sets: some of the corpus's own words, then rarer words and names.
const EXTRA: &str = "Sherlock Holmes Watson Moriarty Baskerville quixotic zephyr jubilant \
    kaleidoscope labyrinth nebula obsidian paradox quasar rhapsody sonnet tempest umbra \
    vortex whimsical xylophone yonder zenith";

/// The English literal sets: 2, 8, 64 or 1000 words.
pub fn english_literals(n: usize) -> Vec<Vec<u8>> {
    let corpus_words = ["people", "water", "benchmark", "number", "sound", "boundary"];
    let mut out: Vec<Vec<u8>> = Vec::new();
    match n {
        2 => out.extend(["Sherlock", "benchmark"].map(|w| w.as_bytes().to_vec())),
        _ => {
            out.extend(corpus_words.iter().map(|w| w.as_bytes().to_vec()));
            out.extend(EXTRA.split_whitespace().map(|w| w.as_bytes().to_vec()));
            let mut rng = Rng::new(0xE4);
            while out.len() < n {
                let len = rng.range(4, 10) as usize;
                let w: Vec<u8> = (0..len).map(|_| b'a' + rng.below(26) as u8).collect();
                if !out.contains(&w) {
                    out.push(w);
                }
            }
            out.truncate(n);
        }
    }
    out
}

fn case(text: &str, n: usize, hay: Rc<Vec<u8>>, pats: &[Vec<u8>], level: Level) -> Case {
    let ours = LiteralSet::builder().level(level).build(pats).expect("the set builds");
    let ac = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostFirst)
        .build(pats)
        .expect("aho-corasick builds");
    let size = hay.len();
    Case {
        op: "core-text/literal",
        input: format!("{text}/{n}"),
        bytes: Some(size as u64),
        size: None,
        seed: None,
        functions: vec![
            Function::new("core", Role::Ours, (Rc::new(ours), hay.clone()), |(s, h)| {
                s.find_iter(h).fold(0usize, |acc, m| acc.wrapping_add(m.start() ^ m.pattern()))
            }),
            Function::new(
                "aho-corasick",
                Role::Peer { vs: "core" },
                (Rc::new(ac), hay),
                |(a, h)| {
                    a.find_iter(h.as_slice())
                        .fold(0usize, |acc, m| acc.wrapping_add(m.start() ^ m.pattern().as_usize()))
                },
            ),
        ],
    }
}

/// Every multi-literal case, ours at `level`.
pub fn cases(level: Level) -> Vec<Case> {
    let mut out = Vec::new();
    let english = Rc::new(generate(Corpus::Ascii, SIZE).into_bytes());
    let dna = Rc::new(dna_haystack());
    for n in COUNTS {
        out.push(case("english", n, english.clone(), &english_literals(n), level));
        out.push(case("dna", n, dna.clone(), &dna_literals(n), level));
    }
    let mut seed = vec![b'a'; 100_000];
    seed.extend_from_slice(b"tttaccct");
    out.push(case("dna-seed", 2, Rc::new(seed), &dna_literals(2), level));
    out
}
