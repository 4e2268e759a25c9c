//! `LiteralSet` at every level against a naive leftmost search: random patterns (empty ones,
//! duplicates, up to 80 of them, so every strategy is built) and a random haystack, both
//! optionally squeezed into a six-byte alphabet so that matches are dense, leftmost-first and
//! leftmost-longest, case-sensitive and ASCII-case-insensitive.
#![no_main]

use core_text::search::{LiteralSet, MatchKind};
use core_text::Level;
use libfuzzer_sys::fuzz_target;

type Found = Vec<(usize, usize, usize)>;

/// The best pattern at the leftmost position, iterated the regex way (no empty match where
/// the previous match ended).
fn naive(pats: &[Vec<u8>], kind: MatchKind, fold: bool, hay: &[u8]) -> Found {
    let at_pos = |s: usize| {
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
                (Some(b), MatchKind::LeftmostLongest) => p.len() > pats[b].len(),
                (Some(_), _) => false,
            };
            if ok && better {
                best = Some(i);
            }
        }
        best.map(|i| (i, s, s + pats[i].len()))
    };
    let find = |from: usize| (from..=hay.len()).find_map(at_pos);
    let (mut out, mut at, mut last_end) = (Vec::new(), 0, None);
    while let Some(mut m) = find(at) {
        if m.1 == m.2 && Some(m.2) == last_end {
            at += 1;
            match find(at) {
                Some(x) => m = x,
                None => break,
            }
        }
        at = m.2;
        last_end = Some(m.2);
        out.push(m);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let [flags, count, rest @ ..] = data else { return };
    let squeeze = |b: u8| if flags & 4 != 0 { b"abAB\x00\xFF"[usize::from(b % 6)] } else { b };
    let mut rest = rest;
    let mut pats = Vec::new();
    for _ in 0..count % 81 {
        let Some((&len, tail)) = rest.split_first() else { break };
        let len = usize::from(len % 13).min(tail.len());
        pats.push(tail[..len].iter().map(|&b| squeeze(b)).collect::<Vec<u8>>());
        rest = &tail[len..];
    }
    let hay: Vec<u8> = rest.iter().map(|&b| squeeze(b)).collect();
    let fold = flags & 1 != 0;
    let kind = if flags & 2 != 0 { MatchKind::LeftmostLongest } else { MatchKind::LeftmostFirst };
    let expected = naive(&pats, kind, fold, &hay);
    for level in Level::available() {
        let set = LiteralSet::builder()
            .match_kind(kind)
            .ascii_case_insensitive(fold)
            .level(level)
            .build(&pats)
            .expect("small sets build");
        let got: Found = set.find_iter(&hay).map(|m| (m.pattern(), m.start(), m.end())).collect();
        assert_eq!(got, expected, "{set:?}");
        assert_eq!(
            set.find(&hay).map(|m| (m.pattern(), m.start(), m.end())),
            expected.first().copied()
        );
    }
});
