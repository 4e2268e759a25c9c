//! `ByteSet`, `U16Set` and the range helpers against naive references, at every level the
//! machine has: sets built to take each strategy, every length up to past two unrolled steps
//! of the widest vector, every start alignment, hits and misses at every position.

use core_text::search::{self, ByteSet, PackedStrategy, SetStrategy, U16Set};
use core_text::Backend;
use proptest::prelude::*;

/// Every byte-set search of `b` on `hay` against the references.
fn check(b: &Backend, set: &ByteSet, hay: &[u8], what: &str) {
    let ctx = || format!("{:?} {what} len {} set {set:?}", b.level(), hay.len());
    let is = |x: &u8| set.contains(*x);
    assert_eq!(b.set_find(set, hay), hay.iter().position(is), "find {}", ctx());
    assert_eq!(b.set_rfind(set, hay), hay.iter().rposition(is), "rfind {}", ctx());
    assert_eq!(b.set_find_not(set, hay), hay.iter().position(|x| !is(x)), "find_not {}", ctx());
    assert_eq!(b.set_rfind_not(set, hay), hay.iter().rposition(|x| !is(x)), "rfind_not {}", ctx());
    assert_eq!(b.set_count(set, hay), hay.iter().filter(|x| is(x)).count(), "count {}", ctx());
}

/// Every unit-set search of `b` on `hay` against the references.
fn check16(b: &Backend, set: &U16Set, hay: &[u16], what: &str) {
    let ctx = || format!("{:?} {what} len {} set {set:?}", b.level(), hay.len());
    let is = |x: &u16| set.contains(*x);
    assert_eq!(b.set16_find(set, hay), hay.iter().position(is), "find {}", ctx());
    assert_eq!(b.set16_rfind(set, hay), hay.iter().rposition(is), "rfind {}", ctx());
    assert_eq!(b.set16_find_not(set, hay), hay.iter().position(|x| !is(x)), "find_not {}", ctx());
    assert_eq!(
        b.set16_rfind_not(set, hay),
        hay.iter().rposition(|x| !is(x)),
        "rfind_not {}",
        ctx()
    );
    assert_eq!(b.set16_count(set, hay), hay.iter().filter(|x| is(x)).count(), "count {}", ctx());
}

/// Lengths: all up to 140, then around the unrolled steps of 16-, 32- and 64-byte vectors.
fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=140).collect();
    v.extend([255, 256, 257, 383, 384, 511, 512, 513, 600, 1025]);
    v
}

/// Byte sets, one or more per strategy, with the strategy each must take.
fn byte_sets() -> Vec<(ByteSet, SetStrategy)> {
    let mut all_but: Vec<u8> = (0..=255).collect();
    all_but.retain(|&b| b != b'q' && b != 0);
    let high: Vec<u8> = (0u8..=255).filter(|b| b % 37 == 3).collect();
    vec![
        (ByteSet::empty(), SetStrategy::Empty),
        (ByteSet::new(&[0]), SetStrategy::Values(1)),
        (ByteSet::new(&[0xFF, 0x80]), SetStrategy::Values(2)),
        (ByteSet::new(b"xyz"), SetStrategy::Range),
        (ByteSet::new(b"\r\n\t "), SetStrategy::Values(4)),
        (ByteSet::new(&[1, 0x7F, 0x80, 0xFE, b'a']), SetStrategy::Values(5)),
        (ByteSet::from_range(b'0'..=b'9'), SetStrategy::Range),
        // Wrapping past 0xFF.
        (ByteSet::new(&[0xFD, 0xFE, 0xFF, 0, 1]), SetStrategy::Range),
        (ByteSet::new(b"aeiouAEIOU"), SetStrategy::AsciiBitmap),
        (ByteSet::new(b"<>&\"'\0\x7f"), SetStrategy::AsciiBitmap),
        (ByteSet::new(&high), SetStrategy::Bitmap),
        ((0u8..200).map(|b| b.wrapping_mul(97)).collect(), SetStrategy::Bitmap),
        // 254 members: the two others, searched as values of the complement.
        (ByteSet::new(&all_but), SetStrategy::Values(2)),
        (ByteSet::from_range(0..=255), SetStrategy::Empty),
    ]
}

/// Unit sets, one or more per strategy.
fn unit_sets() -> Vec<(U16Set, SetStrategy)> {
    let white: Vec<u16> = (0..=0xFFFFu16)
        .filter(|&u| char::from_u32(u as u32).is_some_and(char::is_whitespace))
        .collect();
    let packed: Vec<u16> = vec![0, 9, 10, 13, 32, 128, 200, 254];
    vec![
        (U16Set::new(&[]), SetStrategy::Empty),
        (U16Set::new(&[0]), SetStrategy::Values(1)),
        (U16Set::new(&[0xFFFF, 0xD800]), SetStrategy::Values(2)),
        (U16Set::new(&[255, 256, 0x100 + 0x80]), SetStrategy::Values(3)),
        (
            U16Set::new(&[b'a' as u16, b'e' as u16, b'i' as u16, b'o' as u16, b'u' as u16]),
            SetStrategy::Values(5),
        ),
        (U16Set::from_range(0xD800..=0xDFFF), SetStrategy::Range),
        (U16Set::from_range(0..=0x7F), SetStrategy::Range),
        (U16Set::new(&packed), SetStrategy::Packed(PackedStrategy::Bitmap)),
        (
            "aeiouAEIOU".encode_utf16().collect::<U16Set>(),
            SetStrategy::Packed(PackedStrategy::Bitmap),
        ),
        (
            [1u16, 3, 5, 7, 9, 11, 13, 15].into_iter().map(|u| u + 0x90).collect(),
            SetStrategy::Packed(PackedStrategy::AsciiBitmap),
        ),
        (U16Set::new(&white), SetStrategy::Filter),
        ((0..3000u16).map(|u| u.wrapping_mul(40503)).collect(), SetStrategy::Filter),
        (U16Set::new(&[0x41]).complement(), SetStrategy::Values(1)),
    ]
}

#[test]
fn strategies_are_the_documented_ones() {
    for (set, want) in byte_sets() {
        assert_eq!(set.strategy(), want, "{set:?}");
    }
    for (set, want) in unit_sets() {
        assert_eq!(set.strategy(), want, "{set:?}");
    }
}

#[test]
fn byte_sets_every_length_alignment_and_position() {
    for (set, _) in byte_sets() {
        let members: Vec<u8> = set.iter().collect();
        let others: Vec<u8> = set.complement().iter().collect();
        for b in Backend::all() {
            for len in lengths() {
                let offsets: Vec<usize> =
                    if len <= 140 { vec![0, 1, 7, 15, 16, 31, 33, 63] } else { vec![0, 1, 63] };
                for &off in &offsets {
                    // Non-members with one member at each position, and the mirror image.
                    for (fill, put) in [(&others, &members), (&members, &others)] {
                        if fill.is_empty() {
                            continue;
                        }
                        let base: Vec<u8> = fill.iter().copied().cycle().take(off + len).collect();
                        let mut hay = base[off..].to_vec();
                        check(&b, &set, &hay, "fill");
                        if put.is_empty() {
                            continue;
                        }
                        let step = if len <= 140 { 1 } else { 11 };
                        for p in (0..len).step_by(step) {
                            let saved = hay[p];
                            hay[p] = put[p % put.len()];
                            check(&b, &set, &hay, "one");
                            hay[len - 1] = put[0];
                            check(&b, &set, &hay, "two");
                            hay.copy_from_slice(&base[off..]);
                            hay[p] = saved;
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn unit_sets_every_length_alignment_and_position() {
    // Units around the byte boundaries and the surrogates, besides each set's own.
    let specials = [0u16, 1, 0x7F, 0x80, 0xFE, 0xFF, 0x100, 0x17F, 0x180, 0xD800, 0xDFFF, 0xFFFF];
    for (set, _) in unit_sets() {
        let members: Vec<u16> = set.iter().take(300).collect();
        let mut others: Vec<u16> = specials.iter().copied().filter(|&u| !set.contains(u)).collect();
        others.extend((0..=0xFFFFu16).step_by(251).filter(|&u| !set.contains(u)));
        for b in Backend::all() {
            for len in lengths() {
                let offsets: Vec<usize> =
                    if len <= 140 { vec![0, 1, 7, 8, 15, 31] } else { vec![0, 1, 31] };
                for &off in &offsets {
                    for (fill, put) in [(&others, &members), (&members, &others)] {
                        if fill.is_empty() {
                            continue;
                        }
                        let base: Vec<u16> = fill.iter().copied().cycle().take(off + len).collect();
                        let mut hay = base[off..].to_vec();
                        check16(&b, &set, &hay, "fill");
                        if put.is_empty() {
                            continue;
                        }
                        let step = if len <= 140 { 1 } else { 11 };
                        for p in (0..len).step_by(step) {
                            hay[p] = put[p % put.len()];
                            check16(&b, &set, &hay, "one");
                            hay[len - 1] = put[0];
                            check16(&b, &set, &hay, "two");
                            hay.copy_from_slice(&base[off..]);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn ranges_match_naive() {
    let hay: Vec<u8> = (0..700u32).map(|i| (i * 37 % 251) as u8).collect();
    for (lo, hi) in [(b'0', b'9'), (0, 0), (255, 255), (0, 255), (200, 100), (100, 200)] {
        let inr = |b: &u8| (lo..=hi).contains(b);
        for n in [0, 5, 40, 700] {
            let h = &hay[..n];
            assert_eq!(search::find_in_range(h, lo, hi), h.iter().position(inr));
            assert_eq!(search::rfind_in_range(h, lo, hi), h.iter().rposition(inr));
            assert_eq!(search::find_not_in_range(h, lo, hi), h.iter().position(|b| !inr(b)));
            assert_eq!(search::rfind_not_in_range(h, lo, hi), h.iter().rposition(|b| !inr(b)));
        }
    }
}

#[test]
fn iterators_walk_both_ends() {
    let set = ByteSet::new(b"aeiou");
    let hay = b"the quick brown fox jumps over the lazy dog".repeat(5);
    let want: Vec<usize> = (0..hay.len()).filter(|&i| set.contains(hay[i])).collect();
    assert_eq!(set.find_iter(&hay).collect::<Vec<_>>(), want);
    assert_eq!(
        set.find_iter(&hay).rev().collect::<Vec<_>>(),
        want.iter().rev().copied().collect::<Vec<_>>()
    );
    let mut it = set.find_iter(&hay);
    let (mut front, mut back) = (vec![], vec![]);
    loop {
        match (it.next(), it.next_back()) {
            (Some(a), Some(b)) => {
                front.push(a);
                back.push(b);
            }
            (Some(a), None) => front.push(a),
            (None, _) => break,
        }
    }
    back.reverse();
    front.extend(back);
    assert_eq!(front, want);
    let units: Vec<u16> = hay.iter().map(|&b| b as u16).collect();
    let uset: U16Set = "aeiou".encode_utf16().collect();
    assert_eq!(uset.find_iter(&units).collect::<Vec<_>>(), want);
    assert_eq!(uset.find_iter(&units).rev().count(), want.len());
}

#[test]
fn set_basics() {
    let set = ByteSet::new(b"abcabc");
    assert_eq!(set.len(), 3);
    assert!(!set.is_empty() && ByteSet::default().is_empty());
    assert_eq!(set.iter().collect::<Vec<_>>(), b"abc");
    assert_eq!(set, ByteSet::from(b'a'..=b'c'));
    assert_eq!(set.complement().complement(), set);
    assert_eq!(set.complement().len(), 253);
    assert!(ByteSet::new(&(0..=255).collect::<Vec<_>>()).searches_complement());
    assert_eq!(
        format!("{:?}", ByteSet::new(b"a\n")),
        "ByteSet { members: [\\n, a], strategy: Values(2) }"
    );
    let u = U16Set::from_range(10..=12);
    assert_eq!(u.len(), 3);
    assert_eq!(u.complement().len(), 65533);
    assert_eq!(SetStrategy::Values(3).to_string(), "3 values");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_byte_sets(members in proptest::collection::vec(any::<u8>(), 0..260),
                        hay in proptest::collection::vec(any::<u8>(), 0..300)) {
        let set = ByteSet::new(&members);
        for b in Backend::all() {
            check(&b, &set, &hay, "random");
        }
        // The haystack drawn from the members and a few others: many hits and misses.
        let mixed: Vec<u8> = hay.iter().map(|&x| if x % 3 == 0 { x } else { members.get(x as usize % members.len().max(1)).copied().unwrap_or(x) }).collect();
        for b in Backend::all() {
            check(&b, &set, &mixed, "mixed");
        }
    }

    #[test]
    fn random_unit_sets(members in proptest::collection::vec(any::<u16>(), 0..40),
                        small in proptest::collection::vec(0u16..300, 0..40),
                        hay in proptest::collection::vec(any::<u16>(), 0..300)) {
        for set in [U16Set::new(&members), U16Set::new(&small)] {
            let pool: Vec<u16> = set.iter().take(64).collect();
            let mixed: Vec<u16> = hay.iter().map(|&x| if x % 3 == 0 || pool.is_empty() { x % 600 } else { pool[x as usize % pool.len()] }).collect();
            for b in Backend::all() {
                check16(&b, &set, &hay, "random");
                check16(&b, &set, &mixed, "mixed");
            }
        }
    }
}

/// The split functions against std's, on `hay` split by `sep`.
fn check_split(b: &Backend, hay: &[u8], sep: u8) {
    let set = ByteSet::new(&[sep]);
    let want: Vec<&[u8]> = hay.split(|&x| x == sep).collect();
    let ctx = || format!("{:?} len {} sep {sep}", b.level(), hay.len());
    assert_eq!(b.split_set(hay, &set).collect::<Vec<_>>(), want, "split {}", ctx());
    let back: Vec<&[u8]> = b.split_set(hay, &set).rev().collect();
    assert_eq!(back, hay.rsplit(|&x| x == sep).collect::<Vec<_>>(), "rsplit {}", ctx());
    let ranges: Vec<&[u8]> = b.split_set(hay, &set).into_ranges().map(|r| &hay[r]).collect();
    assert_eq!(ranges, want, "ranges {}", ctx());
    // Alternating ends meet in the middle.
    let mut it = b.split_set(hay, &set);
    let (mut front, mut tail) = (vec![], vec![]);
    loop {
        match (it.next(), it.next_back()) {
            (Some(x), Some(y)) => {
                front.push(x);
                tail.push(y);
            }
            (Some(x), None) => front.push(x),
            (None, _) => break,
        }
    }
    tail.reverse();
    front.extend(tail);
    assert_eq!(front, want, "both ends {}", ctx());
}

#[test]
fn few_byte_sets_split_like_std() {
    // Sets of one to three bytes: the split cursor searches them with the memchr kernels of
    // the pinned level (the other sets with the set kernels); sparse and dense separators.
    for len in lengths() {
        let sparse: Vec<u8> = (0..len)
            .map(|i| [b',', b';', b'|'][i % 3])
            .enumerate()
            .map(|(i, sep)| if (i * 7 + len) % 29 == 0 { sep } else { b'a' + (i % 26) as u8 })
            .collect();
        let dense: Vec<u8> = (0..len).map(|i| [b',', b'x', b';', b'|', b'y'][i % 5]).collect();
        for seps in [&b","[..], b",;", b",;|"] {
            let set = ByteSet::new(seps);
            for b in Backend::all() {
                for hay in [&sparse, &dense] {
                    let want: Vec<&[u8]> = hay.split(|x| seps.contains(x)).collect();
                    let got: Vec<&[u8]> = b.split_set(hay, &set).collect();
                    assert_eq!(got, want, "{:?} len {len} seps {seps:?}", b.level());
                    let back: Vec<&[u8]> = b.split_set(hay, &set).rev().collect();
                    let want_back: Vec<&[u8]> = hay.rsplit(|x| seps.contains(x)).collect();
                    assert_eq!(back, want_back, "{:?} len {len} seps {seps:?}", b.level());
                }
            }
        }
    }
}

#[test]
fn split_matches_std() {
    for len in lengths() {
        let hay: Vec<u8> = (0..len)
            .map(|i| if (i * 7 + len) % 13 == 0 { b',' } else { b'a' + (i % 26) as u8 })
            .collect();
        let dense: Vec<u8> = (0..len).map(|i| if i % 2 == 0 { b',' } else { b'x' }).collect();
        for b in Backend::all() {
            check_split(&b, &hay, b',');
            check_split(&b, &dense, b',');
            check_split(&b, &dense, b'x');
            check_split(&b, &hay, b'#');
        }
    }
    assert_eq!(search::split(b"", b',').collect::<Vec<_>>(), [b""]);
    for n in 0..5 {
        let hay = b"a,b,,c,";
        assert_eq!(
            search::splitn(hay, n, b',').collect::<Vec<_>>(),
            hay.splitn(n, |&x| x == b',').collect::<Vec<_>>(),
            "splitn {n}"
        );
        assert_eq!(
            search::rsplitn(hay, n, b',').collect::<Vec<_>>(),
            hay.rsplitn(n, |&x| x == b',').collect::<Vec<_>>(),
            "rsplitn {n}"
        );
    }
    let ws = ByteSet::new(b" \t");
    assert_eq!(
        search::split_set(b"a b\t\tc", &ws).collect::<Vec<_>>(),
        [&b"a"[..], b"b", b"", b"c"]
    );
}

#[test]
fn lines_match_std() {
    let texts = [
        "",
        "\n",
        "\n\n",
        "a",
        "a\n",
        "a\r\n",
        "a\r",
        "\r\n",
        "a\nb",
        "a\r\nb\r\n\r\nc\r",
        "x\r\r\n",
    ];
    let long = "line one\r\nline two\n\nthe third line is longer than sixty-four bytes, to cross a block\r\n".repeat(9);
    for t in texts.iter().copied().chain([long.as_str()]) {
        let want: Vec<&str> = t.lines().collect();
        assert_eq!(search::str_lines(t).collect::<Vec<_>>(), want, "{t:?}");
        let back: Vec<&str> = search::str_lines(t).rev().collect();
        assert_eq!(back, t.lines().rev().collect::<Vec<_>>(), "rev {t:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_splits(hay in proptest::collection::vec(prop_oneof![Just(b','), Just(b'\n'), Just(b'\r'), any::<u8>()], 0..400)) {
        for b in Backend::all() {
            check_split(&b, &hay, b',');
        }
        let s = String::from_utf8_lossy(&hay);
        prop_assert_eq!(search::str_lines(&s).collect::<Vec<_>>(), s.lines().collect::<Vec<_>>());
        prop_assert_eq!(search::str_lines(&s).rev().collect::<Vec<_>>(), s.lines().rev().collect::<Vec<_>>());
    }
}

/// The whitespace searches and trims against std, on `s` and its UTF-16 form.
fn check_whitespace(s: &str) {
    let ws = |(_, c): &(usize, char)| c.is_whitespace();
    let first = s.char_indices().find(ws).map(|(i, _)| i);
    let last = s.char_indices().rev().find(ws).map(|(i, _)| i);
    let first_not = s.char_indices().find(|x| !ws(x)).map(|(i, _)| i);
    let last_not = s.char_indices().rev().find(|x| !ws(x)).map(|(i, _)| i);
    assert_eq!(search::find_whitespace(s), first, "{s:?}");
    assert_eq!(search::rfind_whitespace(s), last, "{s:?}");
    assert_eq!(search::find_not_whitespace(s), first_not, "{s:?}");
    assert_eq!(search::rfind_not_whitespace(s), last_not, "{s:?}");
    assert_eq!(search::contains_whitespace(s), first.is_some());
    assert_eq!(search::trim(s), s.trim(), "{s:?}");
    assert_eq!(search::trim_start(s), s.trim_start(), "{s:?}");
    assert_eq!(search::trim_end(s), s.trim_end(), "{s:?}");
    let u: Vec<u16> = s.encode_utf16().collect();
    let is = |x: &u16| char::from_u32(*x as u32).is_some_and(char::is_whitespace);
    assert_eq!(search::find_whitespace16(&u), u.iter().position(is), "{s:?}");
    assert_eq!(search::rfind_whitespace16(&u), u.iter().rposition(is), "{s:?}");
    assert_eq!(search::find_not_whitespace16(&u), u.iter().position(|x| !is(x)), "{s:?}");
    assert_eq!(search::rfind_not_whitespace16(&u), u.iter().rposition(|x| !is(x)), "{s:?}");
    let t: Vec<u16> = s.trim().encode_utf16().collect();
    assert_eq!(search::trim16(&u), &t[..], "{s:?}");
}

#[test]
fn whitespace_matches_std() {
    let white: Vec<char> =
        (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|c| c.is_whitespace()).collect();
    // Non-whitespace chars that share lead bytes or low/high bytes with whitespace.
    let near = [
        'a', '\u{84}', '\u{a1}', '\u{1681}', '\u{200b}', '\u{2030}', '\u{3001}', '\u{85}', 'é',
        '😀', '\u{0}', '\u{0a20}', '\u{2020}',
    ];
    for &w in &white {
        for &x in &near {
            for n in [0, 1, 5, 40, 70] {
                let pad: String = std::iter::repeat_n(w, n).collect();
                check_whitespace(&format!("{pad}{x}{pad}"));
                check_whitespace(&format!("{x}{pad}{x}"));
                let other: String = std::iter::repeat_n(x, n).collect();
                check_whitespace(&format!("{other}{w}{other}"));
            }
        }
    }
    check_whitespace("");
    check_whitespace(&" ".repeat(256));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_whitespace(chars in proptest::collection::vec(prop_oneof![Just(' '), Just('\u{3000}'), Just('\u{85}'), Just('\u{2029}'), any::<char>()], 0..120)) {
        let s: String = chars.into_iter().collect();
        check_whitespace(&s);
    }
}

#[test]
fn split_str_matches_std() {
    let texts = ["", "a", "::", "a::b", "a::::b::", ":a:::b", "ab", "é::ü::", "aaaa"];
    for t in texts {
        for sep in ["::", ":", "", "a", "aa", "::::", "é"] {
            if sep.is_empty() && !t.is_ascii() {
                // Bytes, not chars: an empty separator splits between every byte.
                let n = search::split_str(t.as_bytes(), b"").count();
                assert_eq!(n, t.len() + 2, "{t:?}");
                continue;
            }
            let want: Vec<&str> = t.split(sep).collect();
            let got: Vec<&[u8]> = search::split_str(t.as_bytes(), sep.as_bytes()).collect();
            let want: Vec<&[u8]> = want.iter().map(|s| s.as_bytes()).collect();
            assert_eq!(got, want, "{t:?} by {sep:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_split_str(hay in "[ab,]{0,200}", sep in "[ab,]{1,4}") {
        let want: Vec<&[u8]> = hay.split(sep.as_str()).map(str::as_bytes).collect();
        let got: Vec<&[u8]> = search::split_str(hay.as_bytes(), sep.as_bytes()).collect();
        prop_assert_eq!(got, want);
    }
}
