//! `core_text::search` against naive references and the `memchr` crate, at every level the
//! machine has: every length up to past two unrolled steps of the widest vector, every
//! alignment of the start, matches at every position (first, last, none, many).

use core_text::search;
use core_text::Backend;
use proptest::prelude::*;

fn naive_find(hay: &[u8], needles: &[u8]) -> Option<usize> {
    hay.iter().position(|b| needles.contains(b))
}
fn naive_rfind(hay: &[u8], needles: &[u8]) -> Option<usize> {
    hay.iter().rposition(|b| needles.contains(b))
}

/// Every search of `b` on `hay` for these needles (one to three) against the references.
fn check(b: &Backend, hay: &[u8], n: [u8; 3], what: &str) {
    let ctx = || format!("{:?} {what} len {} needles {n:?}", b.level(), hay.len());
    assert_eq!(b.memchr(n[0], hay), naive_find(hay, &n[..1]), "memchr {}", ctx());
    assert_eq!(b.memchr2(n[0], n[1], hay), naive_find(hay, &n[..2]), "memchr2 {}", ctx());
    assert_eq!(b.memchr3(n[0], n[1], n[2], hay), naive_find(hay, &n), "memchr3 {}", ctx());
    assert_eq!(b.memrchr(n[0], hay), naive_rfind(hay, &n[..1]), "memrchr {}", ctx());
    assert_eq!(b.memrchr2(n[0], n[1], hay), naive_rfind(hay, &n[..2]), "memrchr2 {}", ctx());
    assert_eq!(b.memrchr3(n[0], n[1], n[2], hay), naive_rfind(hay, &n), "memrchr3 {}", ctx());
    let count = hay.iter().filter(|&&x| x == n[0]).count();
    assert_eq!(b.count(n[0], hay), count, "count {}", ctx());
}

/// Lengths: all up to 130, then around the unrolled steps of 16-, 32- and 64-byte vectors.
fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=130).collect();
    for k in [255, 256, 257, 383, 384, 511, 512, 513, 600, 1025] {
        v.push(k);
    }
    v
}

#[test]
fn every_length_alignment_and_position() {
    // A zero needle (a zero-padded load would match it) and 0xFF, 0x80 (sign-bit compares).
    for needles in [[b'x', b'y', b'z'], [0, 0xFF, 0x80], [0x7F, 0x81, 1]] {
        let filler = (0u8..=255).filter(|b| !needles.contains(b)).cycle();
        let base: Vec<u8> = filler.take(1100 + 64).collect();
        for b in Backend::all() {
            for len in lengths() {
                // Every start alignment within a 64-byte line (for short inputs), a few else.
                let offsets: Vec<usize> =
                    if len <= 130 { (0..64).collect() } else { vec![0, 1, 31, 63] };
                for &off in &offsets {
                    let mut hay = base[off..off + len].to_vec();
                    check(&b, &hay, needles, "no match");
                    // One needle at every position (each of the three in turn), then a second
                    // one at the last position.
                    let step = if len <= 130 { 1 } else { 7 };
                    for p in (0..len).step_by(step) {
                        let saved = hay[p];
                        hay[p] = needles[p % 3];
                        check(&b, &hay, needles, "one match");
                        if p + 1 < len {
                            let last = hay[len - 1];
                            hay[len - 1] = needles[(p + 1) % 3];
                            check(&b, &hay, needles, "two matches");
                            hay[len - 1] = last;
                        }
                        hay[p] = saved;
                    }
                }
            }
        }
    }
}

#[test]
fn many_matches_and_counting_past_lane_limits() {
    // Counting accumulates in byte lanes: runs longer than 255 vectors of matches.
    for b in Backend::all() {
        for len in [0, 1, 63, 64, 65, 4096, 70_000] {
            let all = vec![b'\n'; len];
            assert_eq!(b.count(b'\n', &all), len, "{:?}", b.level());
            assert_eq!(b.memchr(b'\n', &all), (len > 0).then_some(0));
            assert_eq!(b.memrchr(b'\n', &all), len.checked_sub(1));
            let mixed: Vec<u8> = (0..len).map(|i| if i % 3 == 0 { b'\n' } else { b'a' }).collect();
            assert_eq!(b.count(b'\n', &mixed), len.div_ceil(3), "{:?}", b.level());
        }
    }
}

#[test]
fn counting_at_every_alignment_and_density() {
    // The count kernels read an unaligned head vector and a tail vector ending at the end,
    // each cut to the lanes not counted by the aligned steps: dense matches at every start
    // alignment and at lengths around each level's step sizes.
    let base: Vec<u8> = (0..2200u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let lens = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300];
    let lens = lens.into_iter().chain([511, 512, 513, 1023, 1024, 1025, 2047]);
    for b in Backend::all() {
        for len in lens.clone() {
            for off in 0..64 {
                for every in [1usize, 2, 3, 7, 64] {
                    let hay: Vec<u8> = base[off..off + len]
                        .iter()
                        .enumerate()
                        .map(|(i, &x)| if (i + off) % every == 0 { b'\n' } else { x | 0x80 })
                        .collect();
                    let want = hay.iter().filter(|&&x| x == b'\n').count();
                    let got = b.count(b'\n', &hay);
                    assert_eq!(got, want, "{:?} len {len} off {off} every {every}", b.level());
                }
            }
        }
    }
}

#[test]
fn iterators_match_the_memchr_crate() {
    let hay: Vec<u8> = (0..5000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 27) as u8).collect();
    for n in [0u8, 3, 7, 31] {
        let ours: Vec<usize> = search::memchr_iter(n, &hay).collect();
        assert_eq!(ours, memchr::memchr_iter(n, &hay).collect::<Vec<_>>());
        let back: Vec<usize> = search::memrchr_iter(n, &hay).collect();
        assert_eq!(back, memchr::memrchr_iter(n, &hay).collect::<Vec<_>>());
        let two: Vec<usize> = search::memchr2_iter(n, 5, &hay).collect();
        assert_eq!(two, memchr::memchr2_iter(n, 5, &hay).collect::<Vec<_>>());
        let three: Vec<usize> = search::memchr3_iter(n, 5, 9, &hay).collect();
        assert_eq!(three, memchr::memchr3_iter(n, 5, 9, &hay).collect::<Vec<_>>());
        // Both ends at once never cross or repeat.
        let mut it = search::memchr_iter(n, &hay);
        let mut seen = Vec::new();
        while let Some(x) = if seen.len() % 2 == 0 { it.next() } else { it.next_back() } {
            seen.push(x);
        }
        seen.sort_unstable();
        assert_eq!(seen, ours);
        assert_eq!(search::count(n, &hay), ours.len());
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes(hay in proptest::collection::vec(0u8..8, 0..700), n in any::<[u8; 3]>()) {
        let n = n.map(|x| x % 10);
        for b in Backend::all() {
            check(&b, &hay, n, "proptest");
        }
        prop_assert_eq!(search::memchr(n[0], &hay), memchr::memchr(n[0], &hay));
        prop_assert_eq!(search::memrchr3(n[0], n[1], n[2], &hay), memchr::memrchr3(n[0], n[1], n[2], &hay));
    }
}
