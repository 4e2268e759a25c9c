//! Drop-in proof for `Vector`: one program, written against `imbl::Vector`'s documented API
//! (a playlist editor with an undo history, plus bulk numeric work), compiled twice — once
//! with `use imbl::{vector, Vector};` and once with `use core_collections::{vector, Vector};`,
//! the only difference — and the two outputs must be identical.
//!
//! The program covers construction (`new`, `unit`, `vector!`, `From`, `collect`), lookups
//! (`get`, `[]`, `front`/`back`/`head`/`last`, `contains`, `index_of`, binary searches),
//! in-place edits (`set`, `get_mut`, `IndexMut`, `insert`, `remove`, pushes and pops,
//! `swap`, `retain`, `sort`, `insert_ord`, `truncate`, `clear`, `iter_mut`), persistent
//! versions (`update`, `clone`, `skip`, `take`), `append`/`split_off`/`split_at`/`slice`/`+`,
//! iteration (by reference, reversed, owned), comparison, hashing and `Debug` formatting.

macro_rules! program {
    () => {
        use std::collections::HashSet;
        use std::fmt::Write;

        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Track {
            pub title: String,
            pub secs: u32,
        }

        fn track(title: &str, secs: u32) -> Track {
            Track { title: title.to_string(), secs }
        }

        fn titles(v: &Vector<Track>) -> Vec<&str> {
            v.iter().map(|t| t.title.as_str()).collect()
        }

        pub fn run() -> String {
            let mut out = String::new();

            // Construction.
            let empty: Vector<Track> = Vector::new();
            writeln!(out, "empty: {} {:?} {:?}", empty.is_empty(), empty, empty.front()).unwrap();
            let mut playlist: Vector<Track> =
                vector![track("intro", 65), track("theme", 210), track("outro", 90)];
            let mut history: Vec<Vector<Track>> = vec![playlist.clone()];

            // Edits in place; every step is kept in the undo history.
            playlist.push_back(track("bonus", 300));
            playlist.push_front(track("cold open", 30));
            playlist.insert(2, track("interlude", 45));
            history.push(playlist.clone());
            writeln!(out, "{} tracks: {:?}", playlist.len(), titles(&playlist)).unwrap();
            writeln!(
                out,
                "front {:?} back {:?} head {:?} last {:?} [3] {} get(99) {:?}",
                playlist.front().map(|t| &t.title),
                playlist.back().map(|t| &t.title),
                playlist.head().map(|t| t.secs),
                playlist.last().map(|t| t.secs),
                playlist[3].title,
                playlist.get(99)
            )
            .unwrap();
            let old = playlist.set(1, track("intro (remaster)", 66));
            writeln!(out, "replaced {old:?}").unwrap();
            let live = playlist.update(0, track("cold open (live)", 31));
            writeln!(out, "live[0] {} / playlist[0] {}", live[0].title, playlist[0].title).unwrap();
            if let Some(t) = playlist.get_mut(2) {
                t.secs += 5;
            }
            playlist[3].secs -= 10;
            if let Some(t) = playlist.back_mut() {
                t.title.push_str(" (hidden)");
            }
            playlist.swap(0, 1);
            history.push(playlist.clone());
            let total: u32 = playlist.iter().map(|t| t.secs).sum();
            writeln!(out, "total {total}s: {:?}", titles(&playlist)).unwrap();
            let removed = playlist.remove(4);
            let last = playlist.pop_back();
            let first = playlist.pop_front();
            writeln!(out, "removed {removed:?}, popped {last:?} and {first:?}").unwrap();
            writeln!(out, "now {playlist:?}").unwrap();
            writeln!(
                out,
                "contains theme: {}, index_of interlude: {:?}",
                playlist.contains(&track("theme", 205)),
                playlist.index_of(&track("interlude", 50))
            )
            .unwrap();

            // Undo: every saved version is intact.
            for (i, v) in history.iter().enumerate() {
                writeln!(out, "version {i}: {:?}", titles(v)).unwrap();
            }
            let distinct: HashSet<Vector<Track>> =
                history.iter().cloned().chain([history[0].clone()]).collect();
            writeln!(out, "distinct versions {}", distinct.len()).unwrap();
            writeln!(
                out,
                "v0 < v1: {}, v1 == v1 clone: {}, cmp {:?}",
                history[0] < history[1],
                history[1] == history[1].clone(),
                history[2].cmp(&history[1])
            )
            .unwrap();

            // Sorting and searching.
            let mut by_len = history[2].clone();
            by_len.sort_by(|a, b| a.secs.cmp(&b.secs).then_with(|| a.title.cmp(&b.title)));
            writeln!(out, "by length: {:?}", by_len.iter().map(|t| t.secs).collect::<Vec<_>>())
                .unwrap();
            writeln!(
                out,
                "find 205s: {:?}, 100s: {:?}",
                by_len.binary_search_by_key(&205, |t| t.secs),
                by_len.binary_search_by(|t| t.secs.cmp(&100))
            )
            .unwrap();
            let mut nums: Vector<i64> = vector![5, -3, 12, 0, 7, 7, -8];
            nums.sort();
            writeln!(
                out,
                "sorted {nums:?}; 7 at {:?}; 6 goes at {:?}",
                nums.binary_search(&7).is_ok(),
                nums.binary_search(&6)
            )
            .unwrap();
            nums.insert_ord(6);
            nums.insert_ord(-100);
            nums.retain(|x| *x > -50);
            for x in nums.iter_mut() {
                *x *= 2;
            }
            for x in &mut nums {
                *x += 1;
            }
            writeln!(out, "edited {nums:?} rev {:?}", nums.iter().rev().collect::<Vec<_>>())
                .unwrap();
            let owned: Vec<i64> = nums.clone().into_iter().collect();
            let mut by_ref = 0;
            for x in &nums {
                by_ref += x;
            }
            writeln!(out, "owned {owned:?} sum {by_ref}").unwrap();

            // Bulk work: a large vector built, split, concatenated and probed.
            let mut big: Vector<u64> = (0..100_000).collect();
            for i in 0..50_000u64 {
                big.push_front(i * 3);
                big.push_back(i * 5);
            }
            let snapshot = big.clone();
            for i in (0..big.len()).step_by(997) {
                big[i] = 1;
            }
            let back = big.split_off(150_000);
            let (a, b) = big.clone().split_at(40_000);
            writeln!(
                out,
                "split {} {} {} | {:?} {:?} {:?}",
                a.len(),
                b.len(),
                back.len(),
                a.back(),
                b.front(),
                back.get(12_345)
            )
            .unwrap();
            let mut joined = back.clone();
            joined.append(a.clone());
            joined.append(b.clone());
            let glued = &a + &b;
            let summed: Vector<u64> = vec![b.clone(), a.clone(), back.clone()].into_iter().sum();
            writeln!(
                out,
                "joined {} sum {} | glued == big {} | summed[0..3] {:?}",
                joined.len(),
                joined.iter().fold(0u64, |s, x| s.wrapping_add(*x)),
                glued == big,
                summed.iter().take(3).collect::<Vec<_>>()
            )
            .unwrap();
            let probes: u64 = (0..1000).map(|k| snapshot[(k * 7919) % snapshot.len()]).sum();
            writeln!(out, "snapshot probes {probes} first {:?}", snapshot.front()).unwrap();
            let mut cut = joined.clone();
            let middle = cut.slice(1_000..1_010);
            writeln!(out, "slice {middle:?} leaves {} behind", cut.len()).unwrap();
            let skipped = joined.skip(199_990);
            let taken = joined.take(3);
            writeln!(out, "skip {skipped:?} take {taken:?} skip-all {:?}", joined.skip(10_000_000))
                .unwrap();
            let mut shrink = joined;
            shrink.truncate(5);
            writeln!(out, "truncated {shrink:?}").unwrap();
            shrink.clear();
            writeln!(out, "cleared {} {:?}", shrink.len(), shrink.pop_front()).unwrap();

            // Conversions.
            let from_vec = Vector::from(vec![1, 2, 3]);
            let from_slice: Vector<i32> = Vector::from(&[1, 2, 3][..]);
            let from_ref_vec = Vector::from(&vec![1, 2, 3]);
            let from_array = Vector::from([1, 2, 3]);
            let mut extended = Vector::unit(1);
            extended.extend(vec![2, 3]);
            writeln!(
                out,
                "conversions equal: {}",
                [&from_slice, &from_ref_vec, &from_array, &extended]
                    .iter()
                    .all(|v| **v == from_vec)
            )
            .unwrap();
            let words: Vector<String> =
                "the quick brown fox".split(' ').map(String::from).collect();
            writeln!(out, "{words:?} {:?}", words.iter().map(String::len).max()).unwrap();
            out
        }
    };
}

mod with_imbl {
    use imbl::{vector, Vector};
    program!();
}

mod with_core {
    use core_collections::{vector, Vector};
    program!();
}

#[test]
fn same_output_as_imbl() {
    let theirs = with_imbl::run();
    let ours = with_core::run();
    for (i, (a, b)) in theirs.lines().zip(ours.lines()).enumerate() {
        assert_eq!(a, b, "line {i} differs");
    }
    assert_eq!(theirs, ours);
    // The program did real work: spot-check a few lines of the shared output.
    assert!(ours.contains("6 tracks: [\"cold open\", \"intro\", \"interlude\", \"theme\""));
    assert!(ours.contains("distinct versions 3"));
    assert!(ours.contains("conversions equal: true"));
}
