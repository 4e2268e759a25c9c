//! `core_text::search::LiteralSet` against `aho-corasick` (leftmost-first and leftmost-longest,
//! case-sensitive and ASCII-case-insensitive) at every level the machine has: each strategy
//! forced by a set built for it, matches at the start, the end, nowhere and everywhere, with
//! 0..=140 bytes of padding on both sides so every alignment and tail of the 16-, 32- and
//! 64-byte blocks is hit.

use aho_corasick::{AhoCorasick, MatchKind as AcKind};
use core_text::search::{LiteralSet, LiteralSetError, LiteralStrategy, MatchKind};
use core_text::Level;
use proptest::prelude::*;

type Found = Vec<(usize, usize, usize)>;

/// The best pattern at each position, leftmost first, iterated the regex way (no empty match
/// where the previous match ended).
fn naive(pats: &[Vec<u8>], kind: MatchKind, fold: bool, hay: &[u8]) -> Found {
    let at_pos = |s: usize| -> Option<(usize, usize, usize)> {
        let mut best: Option<usize> = None;
        for (i, p) in pats.iter().enumerate() {
            let ok = hay.len() - s >= p.len()
                && if fold {
                    hay[s..s + p.len()].eq_ignore_ascii_case(p)
                } else {
                    hay[s..].starts_with(p)
                };
            let better = match (best, kind) {
                (None, _) => true,
                (Some(_), MatchKind::LeftmostFirst) => false,
                (Some(b), MatchKind::LeftmostLongest) => p.len() > pats[b].len(),
            };
            if ok && better {
                best = Some(i);
            }
        }
        best.map(|i| (i, s, s + pats[i].len()))
    };
    let find = |from: usize| (from..=hay.len()).find_map(at_pos);
    let mut out = Vec::new();
    let (mut at, mut last_end) = (0, None);
    while at <= hay.len() {
        let Some(mut m) = find(at) else { break };
        if m.1 == m.2 && Some(m.2) == last_end {
            at += 1;
            match find(at) {
                Some(x) if at <= hay.len() => m = x,
                _ => break,
            }
        }
        at = m.2;
        last_end = Some(m.2);
        out.push(m);
    }
    out
}

/// `aho-corasick`'s matches, or for sets with an empty pattern (where its leftmost automata
/// can skip an empty match at a position where a longer partial match later fails) the naive
/// reference's.
fn oracle(pats: &[Vec<u8>], kind: MatchKind, fold: bool, hay: &[u8]) -> Found {
    Oracle::new(pats, kind, fold).find_iter(hay)
}

/// [`oracle`], with the `aho-corasick` automaton built once.
struct Oracle<'p> {
    pats: &'p [Vec<u8>],
    kind: MatchKind,
    fold: bool,
    ac: Option<AhoCorasick>,
}

impl<'p> Oracle<'p> {
    fn new(pats: &'p [Vec<u8>], kind: MatchKind, fold: bool) -> Oracle<'p> {
        let ac_kind = match kind {
            MatchKind::LeftmostFirst => AcKind::LeftmostFirst,
            MatchKind::LeftmostLongest => AcKind::LeftmostLongest,
        };
        let ac = (!pats.iter().any(|p| p.is_empty())).then(|| {
            AhoCorasick::builder()
                .match_kind(ac_kind)
                .ascii_case_insensitive(fold)
                .build(pats)
                .expect("aho-corasick builds")
        });
        Oracle { pats, kind, fold, ac }
    }

    fn find_iter(&self, hay: &[u8]) -> Found {
        match &self.ac {
            Some(ac) => {
                ac.find_iter(hay).map(|m| (m.pattern().as_usize(), m.start(), m.end())).collect()
            }
            None => naive(self.pats, self.kind, self.fold, hay),
        }
    }
}

fn build(pats: &[Vec<u8>], kind: MatchKind, fold: bool, level: Level) -> LiteralSet {
    LiteralSet::builder()
        .match_kind(kind)
        .ascii_case_insensitive(fold)
        .level(level)
        .build(pats)
        .expect("the set builds")
}

/// `find_iter`, `find` and `is_match` of `set` on `hay` against the oracle's matches.
fn check(set: &LiteralSet, expected: &Found, hay: &[u8], what: &str) {
    let got: Found = set.find_iter(hay).map(|m| (m.pattern(), m.start(), m.end())).collect();
    let ctx = || format!("{what}: {set:?} on {:?}", String::from_utf8_lossy(hay));
    assert_eq!(&got, expected, "find_iter {}", ctx());
    let first = set.find(hay).map(|m| (m.pattern(), m.start(), m.end()));
    assert_eq!(first, expected.first().copied(), "find {}", ctx());
    assert_eq!(set.is_match(hay), !expected.is_empty(), "is_match {}", ctx());
}

fn levels() -> Vec<Level> {
    Level::available().collect()
}

fn has_shuffle(level: Level) -> bool {
    matches!(level, Level::Sse42 | Level::Avx2 | Level::Avx512 | Level::Neon)
}

fn strs(list: &[&str]) -> Vec<Vec<u8>> {
    list.iter().map(|s| s.as_bytes().to_vec()).collect()
}

/// Sets that force each strategy (the Teddy ones at levels with a byte shuffle).
fn forced_sets() -> Vec<(Vec<Vec<u8>>, LiteralStrategy)> {
    let words: Vec<Vec<u8>> =
        (0..40).map(|i| format!("w{i:02}x{}", "yz".repeat(i % 3)).into_bytes()).collect();
    vec![
        (vec![], LiteralStrategy::Empty),
        (strs(&["q"]), LiteralStrategy::Bytes),
        (strs(&["q", "z", "Q"]), LiteralStrategy::Bytes),
        (strs(&["quixotic"]), LiteralStrategy::RareBytes),
        (strs(&["jog", "zip", "jam"]), LiteralStrategy::RareBytes),
        (strs(&["the", "and", "that", "this", "is"]), LiteralStrategy::Teddy),
        (strs(&["a", "e", "i", "o", "u"]), LiteralStrategy::Teddy),
        (strs(&["thereafter", "then", "ten"]), LiteralStrategy::Teddy),
        (strs(&["there", "these", "those"]), LiteralStrategy::Teddy),
        (words, LiteralStrategy::Teddy),
        (strs(&["", "the"]), LiteralStrategy::Automaton),
        ((0..100).map(|i| format!("t{i}e").into_bytes()).collect(), LiteralStrategy::Automaton),
    ]
}

#[test]
fn each_strategy_is_chosen_on_purpose() {
    for level in levels() {
        for (pats, want) in forced_sets() {
            let set = build(&pats, MatchKind::LeftmostFirst, false, level);
            let want = if want == LiteralStrategy::Teddy && !has_shuffle(level) {
                LiteralStrategy::Automaton
            } else {
                want
            };
            assert_eq!(set.strategy(), want, "{level:?} {:?}", strs_of(&pats));
            assert_eq!(set.level(), level);
        }
    }
}

fn strs_of(p: &[Vec<u8>]) -> Vec<String> {
    p.iter().map(|x| String::from_utf8_lossy(x).into_owned()).collect()
}

/// Filler that none of the forced sets' patterns occurs in often: digits and punctuation.
fn filler(len: usize, seed: usize) -> Vec<u8> {
    const F: &[u8] = b"0123456789 .,;:-+*/()[]!?#";
    (0..len).map(|i| F[(i * 7 + seed * 13 + (i >> 3)) % F.len()]).collect()
}

#[test]
fn padding_start_end_none_and_many() {
    const PAD: usize = 140;
    for level in levels() {
        for (pats, _) in forced_sets() {
            for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
                for fold in [false, true] {
                    let set = build(&pats, kind, fold, level);
                    let oracle = Oracle::new(&pats, kind, fold);
                    let ac = |hay: &[u8]| oracle.find_iter(hay);
                    let first = pats.iter().find(|p| !p.is_empty()).cloned().unwrap_or_default();
                    let last =
                        pats.iter().rev().find(|p| !p.is_empty()).cloned().unwrap_or_default();
                    let mut many = Vec::new();
                    for (k, p) in pats.iter().enumerate().take(12) {
                        many.extend_from_slice(p);
                        many.extend_from_slice(&filler(k % 3, k));
                    }
                    let upper: Vec<u8> = first.to_ascii_uppercase();
                    let cases: [&[u8]; 5] = [&[], &first, &last, &many, &upper];
                    for (c, case) in cases.iter().enumerate() {
                        let pad_step = if c == 0 { 1 } else { 3 };
                        for pre in (0..=PAD).step_by(pad_step) {
                            let post = (pre * 37 + c * 11) % (PAD + 1);
                            let mut hay = filler(pre, c);
                            hay.extend_from_slice(case);
                            hay.extend_from_slice(&filler(post, c + pre));
                            check(&set, &ac(&hay), &hay, "padded");
                            // The case at the very start and at the very end.
                            check(&set, &ac(&hay[pre..]), &hay[pre..], "at start");
                            let end = pre + case.len();
                            check(&set, &ac(&hay[..end]), &hay[..end], "at end");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn empty_sets_and_empty_patterns() {
    for level in levels() {
        for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
            let none: [&[u8]; 0] = [];
            let set = LiteralSet::builder().match_kind(kind).level(level).build(none).unwrap();
            assert_eq!(set.find(b"anything"), None);
            assert_eq!(set.find_iter(b"").count(), 0);
            assert_eq!(set.patterns_len(), 0);
            for pats in [strs(&[""]), strs(&["", "a"]), strs(&["a", ""]), strs(&["ab", "", "b"])] {
                let set = build(&pats, kind, false, level);
                for hay in [&b""[..], b"a", b"aa", b"bab", b"xaby"] {
                    check(&set, &oracle(&pats, kind, false, hay), hay, "empty pattern");
                }
            }
        }
    }
}

#[test]
fn case_folding_is_ascii_letters_only() {
    // Bytes 0x20 apart that are not letters must not fold: '@'/'`', '['/'{', '0'/0x10.
    let pats = strs(&["a@[0z", "Zq`", "é"]);
    let hays: [&[u8]; 6] = [b"A@[0Z", b"a`[0z", b"a@{0z", b"zQ`", b"zQ@", "É é".as_bytes()];
    for level in levels() {
        for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
            let set = build(&pats, kind, true, level);
            for hay in hays {
                check(&set, &oracle(&pats, kind, true, hay), hay, "fold");
            }
        }
    }
}

#[test]
fn long_patterns_duplicates_and_high_bytes() {
    let pats: Vec<Vec<u8>> = vec![
        b"abcdefghijklmnopqrstuvwxyz".to_vec(),
        b"abcdefghij".to_vec(),
        b"abcdefghij".to_vec(),
        vec![0, 0xFF, 0x80, 0],
        vec![0xFF; 9],
    ];
    let mut hay = filler(300, 1);
    hay.extend_from_slice(b"abcdefghijklmnopqrstuvwxyABCDEFGHIJKLMNOPQRSTUVWXYZ");
    hay.extend_from_slice(&[
        0, 0xFF, 0x80, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    ]);
    hay.extend_from_slice(b"abcdefghijklmnopqrstuvwxyz");
    for level in levels() {
        for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
            for fold in [false, true] {
                let set = build(&pats, kind, fold, level);
                for end in [hay.len(), hay.len() - 1, hay.len() - 20, 340] {
                    check(&set, &oracle(&pats, kind, fold, &hay[..end]), &hay[..end], "long");
                }
            }
        }
    }
}

#[test]
fn a_thousand_words_on_text() {
    let words: Vec<Vec<u8>> = (0..1000u32)
        .map(|i| {
            let x = i.wrapping_mul(2_654_435_761);
            let len = 2 + (x >> 29) as usize;
            (0..len).map(|k| b'a' + ((x >> (k * 3)) % 26) as u8).collect()
        })
        .collect();
    let hay: Vec<u8> = (0..20_000u32)
        .map(|i| {
            let x = i.wrapping_mul(0x9E37_79B9) >> 24;
            if x % 6 == 0 {
                b' '
            } else {
                b'a' + (x % 26) as u8
            }
        })
        .collect();
    for level in levels() {
        for kind in [MatchKind::LeftmostFirst, MatchKind::LeftmostLongest] {
            for fold in [false, true] {
                let set = build(&words, kind, fold, level);
                assert_eq!(set.strategy(), LiteralStrategy::Automaton);
                check(&set, &oracle(&words, kind, fold, &hay), &hay, "1000 words");
            }
        }
    }
}

#[test]
fn dense_rare_bytes_hand_over() {
    // `g` and `c` are the rare bytes of these patterns, but this input is full of them.
    let pats = strs(&["agggtaaa", "tttaccct"]);
    let hay: Vec<u8> =
        (0..5000u32).map(|i| b"acgt"[(i.wrapping_mul(2_654_435_761) >> 30) as usize]).collect();
    let mut with_match = hay.clone();
    with_match.splice(4000..4000, b"tttaccct".iter().copied());
    for level in levels() {
        let set = build(&pats, MatchKind::LeftmostFirst, false, level);
        assert_eq!(set.strategy(), LiteralStrategy::RareBytes);
        for h in [&hay, &with_match] {
            check(&set, &oracle(&pats, MatchKind::LeftmostFirst, false, h), h, "dense");
        }
    }
}

#[test]
fn unavailable_level_is_an_error() {
    let missing = Level::ALL.into_iter().find(|l| !l.is_available());
    if let Some(l) = missing {
        let err = LiteralSet::builder().level(l).build(["a"]).unwrap_err();
        assert_eq!(err, LiteralSetError::LevelUnavailable(l));
        assert!(err.to_string().contains(l.name()));
    }
}

/// Patterns from a small alphabet (so they overlap and match often), with some upper case.
fn patterns() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let byte = prop_oneof![6 => 0u8..4, 1 => any::<u8>()].prop_map(|b| match b {
        0 => b'a',
        1 => b'b',
        2 => b'A',
        3 => b'c',
        x => x,
    });
    proptest::collection::vec(proptest::collection::vec(byte, 0..7), 0..80)
}

fn haystack() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![8 => 0u8..4, 1 => any::<u8>()], 0..300).prop_map(|v| {
        v.into_iter()
            .map(|b| match b {
                0 => b'a',
                1 => b'b',
                2 => b'B',
                3 => b'x',
                x => x,
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn against_aho_corasick(
        pats in patterns(),
        nonempty in any::<bool>(),
        hay in haystack(),
        fold in any::<bool>(),
        longest in any::<bool>(),
        cap in 1usize..80,
    ) {
        let mut pats: Vec<Vec<u8>> = pats.into_iter().take(cap).collect();
        if nonempty {
            pats.retain(|p| !p.is_empty());
        }
        let kind = if longest { MatchKind::LeftmostLongest } else { MatchKind::LeftmostFirst };
        let expected = oracle(&pats, kind, fold, &hay);
        prop_assert_eq!(&naive(&pats, kind, fold, &hay), &expected);
        for level in levels() {
            let set = build(&pats, kind, fold, level);
            check(&set, &expected, &hay, "proptest");
        }
    }
}

#[test]
fn oversized_automaton_is_an_error() {
    // Every byte value (256 classes) over 2^18 pattern bytes: 2^26 transitions and more.
    let long: Vec<u8> = (0..300_000u32).map(|i| i as u8).collect();
    let err = LiteralSet::new([&long[..]]).unwrap_err();
    assert!(matches!(err, LiteralSetError::TooLarge { .. }), "{err:?}");
    assert!(err.to_string().contains("too large"));
}

#[test]
fn clone_debug_and_accessors() {
    let set = LiteralSet::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .ascii_case_insensitive(true)
        .build(["Frodo", "Sam"])
        .unwrap();
    let copy = set.clone();
    assert_eq!(copy.find(b"sam and FRODO"), set.find(b"sam and FRODO"));
    assert_eq!(set.patterns_len(), 2);
    assert_eq!(set.match_kind(), MatchKind::LeftmostLongest);
    let shown = format!("{set:?}");
    assert!(shown.contains("LeftmostLongest") && shown.contains("strategy"), "{shown}");
    assert_eq!(LiteralStrategy::Teddy.to_string(), "teddy");
    let m = set.find(b"xxsam").unwrap();
    assert_eq!((m.start(), m.end(), m.len(), m.range(), m.is_empty()), (2, 5, 3, 2..5, false));
}

#[test]
fn sets_are_shared_across_threads() {
    fn shared<T: Send + Sync + Clone + std::fmt::Debug>() {}
    shared::<LiteralSet>();
    let set = LiteralSet::new(["needle", "pin"]).unwrap();
    let found: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|k| {
                let set = &set;
                s.spawn(move || set.find(&b"hay pin hay needle"[k * 8..]).unwrap().pattern())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(found, [1, 0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Longer patterns and haystacks: Teddy's 4-byte fingerprints and full blocks, the
    /// rare-byte search and its hand-over, the automaton's longer partial matches.
    #[test]
    fn longer_words_against_aho_corasick(
        pats in proptest::collection::vec(proptest::collection::vec(b'a'..b'i', 1..13), 1..70),
        hay in proptest::collection::vec(prop_oneof![8 => b'a'..b'i', 1 => Just(b' '), 1 => b'A'..b'I'], 0..3000),
        fold in any::<bool>(),
        longest in any::<bool>(),
    ) {
        let kind = if longest { MatchKind::LeftmostLongest } else { MatchKind::LeftmostFirst };
        let expected = oracle(&pats, kind, fold, &hay);
        for level in levels() {
            check(&build(&pats, kind, fold, level), &expected, &hay, "longer words");
        }
    }
}
