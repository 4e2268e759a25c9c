//! Substring search at every level against a naive search: `Finder::find` and
//! `FinderRev::rfind` per level, the free `find` and `rfind`, and `find_iter` against repeated
//! naive searches. The first byte splits the input into needle and haystack; the second, when
//! odd, narrows both to the bytes `a` and `b` so that partial matches and periodic inputs (the
//! prefilter's worst cases) are common.
#![no_main]

use core_text::search::memmem::{self, Finder, FinderRev};
use core_text::Level;
use libfuzzer_sys::fuzz_target;

fn naive_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    (0..=hay.len().checked_sub(needle.len())?).find(|&i| &hay[i..i + needle.len()] == needle)
}

fn naive_rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    (0..=hay.len().checked_sub(needle.len())?).rev().find(|&i| &hay[i..i + needle.len()] == needle)
}

fuzz_target!(|data: &[u8]| {
    let [split, mode, rest @ ..] = data else { return };
    let mut rest = rest.to_vec();
    if mode & 1 == 1 {
        for b in &mut rest {
            *b = b'a' + (*b & 1);
        }
    }
    let cut = usize::from(*split).min(rest.len());
    let (needle, hay) = rest.split_at(cut);
    let (first, last) = (naive_find(hay, needle), naive_rfind(hay, needle));
    assert_eq!(memmem::find(hay, needle), first);
    assert_eq!(memmem::rfind(hay, needle), last);
    for level in Level::available() {
        let f = Finder::with_level(needle, level).expect("available level");
        let r = FinderRev::with_level(needle, level).expect("available level");
        assert_eq!(f.find(hay), first, "find at {level}");
        assert_eq!(r.rfind(hay), last, "rfind at {level}");
    }
    // Non-overlapping occurrences, front to back.
    let mut want = Vec::new();
    let mut pos = 0;
    while let Some(i) = hay.get(pos..).and_then(|h| naive_find(h, needle)) {
        want.push(pos + i);
        pos += i + needle.len().max(1);
    }
    assert_eq!(memmem::find_iter(hay, needle).collect::<Vec<_>>(), want);
});
