//! Byte and unit sets of random size and split, at every level, against naive references:
//! the first input byte sizes the set, the set is drawn from the next bytes, the rest is the
//! haystack (bytes, and the same bytes paired into units).
#![no_main]

use core_text::search::{self, ByteSet, U16Set};
use core_text::Backend;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else { return };
    let n = (n as usize).min(rest.len());
    let (members, hay) = rest.split_at(n);
    let set = ByteSet::new(members);
    let is = |b: &u8| members.contains(b);
    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.set_find(&set, hay), hay.iter().position(is), "find at {level}");
        assert_eq!(b.set_rfind(&set, hay), hay.iter().rposition(is), "rfind at {level}");
        assert_eq!(
            b.set_find_not(&set, hay),
            hay.iter().position(|x| !is(x)),
            "find_not at {level}"
        );
        assert_eq!(
            b.set_rfind_not(&set, hay),
            hay.iter().rposition(|x| !is(x)),
            "rfind_not at {level}"
        );
        assert_eq!(
            b.set_count(&set, hay),
            hay.iter().filter(|x| is(x)).count(),
            "count at {level}"
        );
        let pieces: Vec<&[u8]> = b.split_set(hay, &set).collect();
        assert_eq!(pieces, hay.split(is).collect::<Vec<_>>(), "split at {level}");
        let back: Vec<&[u8]> = b.split_set(hay, &set).rev().collect();
        assert_eq!(back, hay.rsplit(is).collect::<Vec<_>>(), "rsplit at {level}");
    }
    // Units: members and haystack paired little-endian.
    let pair = |s: &[u8]| {
        s.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect::<Vec<u16>>()
    };
    let (units, hay16) = (pair(members), pair(hay));
    let set16 = U16Set::new(&units);
    let is16 = |u: &u16| units.contains(u);
    for b in Backend::all() {
        let level = b.level();
        assert_eq!(b.set16_find(&set16, &hay16), hay16.iter().position(is16), "find16 at {level}");
        assert_eq!(
            b.set16_rfind(&set16, &hay16),
            hay16.iter().rposition(is16),
            "rfind16 at {level}"
        );
        assert_eq!(
            b.set16_find_not(&set16, &hay16),
            hay16.iter().position(|x| !is16(x)),
            "find_not16 at {level}"
        );
        assert_eq!(
            b.set16_count(&set16, &hay16),
            hay16.iter().filter(|x| is16(x)).count(),
            "count16 at {level}"
        );
    }
    let text = String::from_utf8_lossy(hay);
    assert_eq!(search::trim(&text), text.trim());
    assert_eq!(search::str_lines(&text).collect::<Vec<_>>(), text.lines().collect::<Vec<_>>());
});
