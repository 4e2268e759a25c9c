//! `core_text::search::memmem` against a naive search and the `memchr` crate, at every level
//! the machine has: needles of 0 to 70 bytes planted at every offset (first, last, none,
//! many), every alignment through the padding runner, periodic needles, and haystacks that
//! defeat the prefilter (its Two-Way fallback).

mod common;

use common::mix;
use core_text::search::memmem::{self, Finder, FinderBuilder, FinderRev};
use core_text::Level;
use proptest::prelude::*;

fn naive_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    (0..=hay.len().checked_sub(needle.len())?).find(|&i| &hay[i..i + needle.len()] == needle)
}

fn naive_rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    (0..=hay.len().checked_sub(needle.len())?).rev().find(|&i| &hay[i..i + needle.len()] == needle)
}

/// The searchers of every available level for one needle.
struct Searchers<'n> {
    fwd: Vec<Finder<'n>>,
    rev: Vec<FinderRev<'n>>,
    levels: Vec<Level>,
}

impl<'n> Searchers<'n> {
    fn new(needle: &'n [u8]) -> Searchers<'n> {
        let levels: Vec<Level> = Level::available().collect();
        assert!(levels.contains(&Level::Scalar));
        let fwd =
            levels.iter().map(|&l| Finder::with_level(needle, l).expect("available")).collect();
        let rev =
            levels.iter().map(|&l| FinderRev::with_level(needle, l).expect("available")).collect();
        Searchers { fwd, rev, levels }
    }

    /// Every level, the free functions and `memchr::memmem` on `hay` against the naive search.
    fn check(&self, hay: &[u8], what: &str) {
        let needle = self.fwd[0].needle();
        let (first, last) = (naive_find(hay, needle), naive_rfind(hay, needle));
        let ctx = || {
            format!(
                "{what}: hay {} bytes, needle {:?}",
                hay.len(),
                needle.escape_ascii().to_string()
            )
        };
        for ((f, r), level) in self.fwd.iter().zip(&self.rev).zip(&self.levels) {
            assert_eq!(f.find(hay), first, "find at {level}, {}", ctx());
            assert_eq!(r.rfind(hay), last, "rfind at {level}, {}", ctx());
        }
        assert_eq!(memmem::find(hay, needle), first, "free find, {}", ctx());
        assert_eq!(memmem::rfind(hay, needle), last, "free rfind, {}", ctx());
        assert_eq!(memchr::memmem::find(hay, needle), first, "memchr, {}", ctx());
    }
}

/// Pseudo-random bytes over the first `alphabet` letters from `a` (small alphabets make
/// partial matches common).
fn text(len: usize, alphabet: u8, seed: u64) -> Vec<u8> {
    (0..len).map(|i| b'a' + (mix(seed ^ i as u64) % u64::from(alphabet)) as u8).collect()
}

const NEEDLE_LENGTHS: [usize; 19] =
    [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 70];

#[test]
fn needles_planted_at_every_offset() {
    for (k, &m) in NEEDLE_LENGTHS.iter().enumerate() {
        // The needle over a larger alphabet than the haystack: it occurs only where planted.
        let needle: Vec<u8> = text(m, 6, 1000 + k as u64);
        let s = Searchers::new(&needle);
        for extra in [0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200] {
            let base = text(m + extra, 4, extra as u64);
            s.check(&base, "base");
            // Every offset natively; every seventh under emulation (`CORE_TEXT_EXHAUSTIVE`).
            for at in (0..=extra).step_by(if common::full() { 1 } else { 7 }) {
                let mut hay = base.clone();
                hay[at..at + m].copy_from_slice(&needle);
                s.check(&hay, "planted once");
                if at + 2 * m <= hay.len() && m > 0 {
                    // A second copy at the end: the first and last occurrences differ.
                    let end = hay.len() - m;
                    hay[end..].copy_from_slice(&needle);
                    s.check(&hay, "planted twice");
                }
            }
        }
    }
}

/// Runs `s` on `case` with `0..=PAD` bytes of padding on either side (a sweep: every length
/// on each side once, paired with a pseudo-random one on the other).
fn padded(s: &Searchers<'_>, case: &[u8], what: &str) {
    const PAD: usize = 140;
    let fill = text(PAD, 3, 77);
    for i in 0..=PAD {
        let other = (mix(i as u64 ^ case.len() as u64) % (PAD as u64 + 1)) as usize;
        for (pre, post) in [(i, other), (other, i)] {
            let mut hay = fill[..pre].to_vec();
            hay.extend_from_slice(case);
            hay.extend_from_slice(&fill[..post]);
            s.check(&hay, what);
        }
    }
}

#[test]
fn padding_runner() {
    let cases: [(&[u8], &[u8]); 8] = [
        (b"xyz", b"xyz"),
        (b"the quick brown fox jumps over the lazy dog", b"lazy"),
        (b"abababababababababababababababababababab", b"abababab"),
        (b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", b"aaaaab"),
        (b"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", b"zz"),
        (b"\x00\xff\x00\xff\x80\x7f\x00", b"\xff\x80\x7f"),
        (b"needle at the end of the case: NEEDLE", b"NEEDLE"),
        (b"", b"no"),
    ];
    for (case, needle) in cases {
        padded(&Searchers::new(needle), case, "padded");
    }
    // Long needles: 64 and 70 bytes in a haystack holding them and near misses.
    let long = text(70, 6, 5);
    let mut case = long.clone();
    case.extend_from_slice(&long[..69]);
    case.push(b'q');
    case.extend_from_slice(&long);
    padded(&Searchers::new(&long), &case, "long");
    padded(&Searchers::new(&long[3..67]), &case, "long 64");
}

#[test]
fn periodic_and_adversarial_haystacks() {
    let cases: Vec<(Vec<u8>, Vec<u8>)> = vec![
        // Every offset is a prefilter hit that fails on the needle's last bytes.
        (b"ab".repeat(3000), [b"ab".repeat(31), b"bb".to_vec()].concat()),
        (
            [b"ab".repeat(3000), b"bb".to_vec()].concat(),
            [b"ab".repeat(31), b"bb".to_vec()].concat(),
        ),
        (vec![b'a'; 20_000], [vec![b'a'; 40], vec![b'b']].concat()),
        ([vec![b'a'; 20_000], vec![b'b']].concat(), [vec![b'a'; 40], vec![b'b']].concat()),
        ([vec![b'b'], vec![b'a'; 20_000]].concat(), [vec![b'b'], vec![b'a'; 40]].concat()),
        (b"abc".repeat(5000), b"abcabcabcabd".to_vec()),
        (b"aab".repeat(5000), b"aabaabaabaab".to_vec()),
        // Random over two letters: hits every few bytes, failing early.
        (text(30_000, 2, 9), text(64, 2, 10)),
        (text(30_000, 2, 11), text(20, 2, 12)),
        (text(30_000, 2, 13), text(9, 2, 14)),
    ];
    for (hay, needle) in &cases {
        let s = Searchers::new(needle);
        s.check(hay, "adversarial");
        // The same with the needle's occurrence moved and the haystack cut at odd places.
        for cut in [1, 7, 63, 64, 65, 1000] {
            if cut < hay.len() {
                s.check(&hay[cut..], "adversarial, front cut");
                s.check(&hay[..hay.len() - cut], "adversarial, end cut");
            }
        }
    }
}

#[test]
fn iterators_match_the_memchr_crate() {
    let hays: [Vec<u8>; 4] =
        [b"aaaaaaaaa".to_vec(), text(5000, 3, 3), b"abcabcab".to_vec(), Vec::new()];
    let needles: [&[u8]; 7] = [b"", b"a", b"aa", b"aaa", b"ab", b"abc", b"cab"];
    for hay in &hays {
        for needle in needles {
            let want: Vec<usize> = memchr::memmem::find_iter(hay, needle).collect();
            assert_eq!(memmem::find_iter(hay, needle).collect::<Vec<_>>(), want, "{needle:?}");
            let f = Finder::new(needle);
            assert_eq!(f.find_iter(hay).collect::<Vec<_>>(), want);
            assert_eq!(f.clone().into_owned().find_iter(hay).collect::<Vec<_>>(), want);
            let it = memmem::find_iter(hay, needle);
            let (lo, hi) = it.size_hint();
            assert!(lo <= want.len() && hi.is_none_or(|h| h >= want.len()));
            assert_eq!(it.into_owned().count(), want.len());

            let want: Vec<usize> = memchr::memmem::rfind_iter(hay, needle).collect();
            assert_eq!(memmem::rfind_iter(hay, needle).collect::<Vec<_>>(), want, "rev {needle:?}");
            let r = FinderRev::new(needle);
            assert_eq!(r.rfind_iter(hay).collect::<Vec<_>>(), want);
            assert_eq!(r.as_ref().rfind_iter(hay).into_owned().collect::<Vec<_>>(), want);
            assert_eq!(r.rfind(hay), memchr::memmem::rfind(hay, needle));
        }
    }
}

#[test]
fn finder_api() {
    let owned = FinderBuilder::new().build_forward_owned(b"fox".to_vec());
    assert_eq!(owned.find(b"the fox"), Some(4));
    assert_eq!(owned.needle(), b"fox");
    assert_eq!(owned.as_ref().find(b"fox"), Some(0));
    let rev = FinderBuilder::new().build_reverse_owned(&b"fox"[..]);
    assert_eq!(rev.rfind("fox fox"), Some(4));
    assert_eq!(FinderBuilder::new().build_reverse(b"o").rfind(b"foo"), Some(2));
    let needle = String::from("abc");
    let f = Finder::new(&needle).into_owned();
    drop(needle);
    assert_eq!(f.find(b"xxabc"), Some(2));
    assert_eq!(format!("{f:?}"), "Finder { needle: b\"abc\", level: None }");
    let r = FinderRev::with_level(b"\n\xff", Level::Scalar).expect("scalar is always there");
    assert_eq!(format!("{r:?}"), "FinderRev { needle: b\"\\n\\xff\", level: Some(Scalar) }");
    // Empty needles and needles longer than the haystack.
    assert_eq!(memmem::find(b"", b""), Some(0));
    assert_eq!(memmem::rfind(b"abc", b""), Some(3));
    assert_eq!(memmem::find(b"ab", b"abc"), None);
    assert_eq!(memmem::rfind(b"ab", b"abc"), None);
}

fn small_bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![4 => b'a'..=b'c', 1 => any::<u8>()], 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::proptest_cases(256)))]

    #[test]
    fn arbitrary_needles(hay in small_bytes(600), needle in small_bytes(72)) {
        Searchers::new(&needle).check(&hay, "proptest");
    }

    #[test]
    fn needles_taken_from_the_haystack(
        hay in small_bytes(800),
        start in any::<prop::sample::Index>(),
        len in 0usize..71,
    ) {
        let from = start.index(hay.len() + 1);
        let to = (from + len).min(hay.len());
        let needle = hay[from..to].to_vec();
        Searchers::new(&needle).check(&hay, "proptest, needle from the haystack");
    }
}
