//! Drop-in check: one program written against the `memchr` crate's API, compiled twice with
//! only its `use` lines changed (once importing `memchr`, once `core_text::search`), must
//! print the same report on every input.

use std::fmt::Write;

/// The program: a small log and path analyser using the byte and substring searches.
macro_rules! program {
    ($($imports:item)*) => {
        $($imports)*

        /// The report for `text`, searched for `word`.
        pub fn report(text: &[u8], word: &[u8]) -> String {
            let mut out = String::new();
            // Lines, front to back and back to front.
            let breaks: Vec<usize> = memchr_iter(b'\n', text).collect();
            let back: Vec<usize> = memrchr_iter(b'\n', text).collect();
            writeln!(out, "lines {} first {:?} last {:?}", breaks.len() + 1, breaks.first(), back.first()).unwrap();
            let mut start = 0;
            let finder = memmem::Finder::new(word);
            for (n, end) in breaks.iter().copied().chain([text.len()]).enumerate() {
                let line = &text[start..end];
                // Fields: the first separator of two or three kinds, and the last ones.
                let sep2 = memchr2(b' ', b'\t', line);
                let sep3 = memchr3(b',', b';', b'=', line);
                let rsep2 = memrchr2(b' ', b'\t', line);
                let rsep3 = memrchr3(b',', b';', b'=', line);
                // A path's file name: after the last slash.
                let name = memrchr(b'/', line).map(|i| &line[i + 1..]);
                let colon = memchr(b':', line);
                // The word: first with the prebuilt finder, last with rfind, all with find_iter.
                let first = finder.find(line);
                let last = memmem::rfind(line, word);
                let all: Vec<usize> = memmem::find_iter(line, word).collect();
                let direct = memmem::find(line, word);
                writeln!(
                    out,
                    "{n}: {sep2:?} {sep3:?} {rsep2:?} {rsep3:?} {:?} {colon:?} {first:?} {last:?} {all:?} {direct:?}",
                    name.map(String::from_utf8_lossy),
                )
                .unwrap();
                start = end + 1;
            }
            // The whole text at once, and the finder reused on every suffix.
            let hits: Vec<usize> = finder.find_iter(text).collect();
            let owned = memmem::Finder::new(word).into_owned();
            let suffixes: Vec<Option<usize>> =
                (0..text.len().min(200)).map(|i| owned.find(&text[i..])).collect();
            writeln!(out, "all {hits:?} needle {:?} suffixes {suffixes:?}", finder.needle()).unwrap();
            out
        }
    };
}

mod peer {
    use super::*;
    program! {
        use memchr::{memchr, memchr2, memchr3, memchr_iter, memrchr, memrchr2, memrchr3, memrchr_iter};
        use memchr::memmem;
    }
}

mod ours {
    use super::*;
    program! {
        use core_text::search::{memchr, memchr2, memchr3, memchr_iter, memrchr, memrchr2, memrchr3, memrchr_iter};
        use core_text::search::memmem;
    }
}

#[test]
fn same_report_as_memchr() {
    let log = "GET /index.html 200\nPOST /api/v1/users?id=7;name=x 201\n\tERROR: timeout, retry=3\n\
               GET /static/app.js 304\n\nwarn: disk at 91%, path=/var/log/syslog\nGET /index.html 200";
    let long: String =
        (0..300).map(|i| format!("line {i}: key{}=value; /tmp/f{i}\n", i % 7)).collect();
    let inputs: [(&[u8], &[u8]); 10] = [
        (log.as_bytes(), b"GET"),
        (log.as_bytes(), b"index"),
        (log.as_bytes(), b"/"),
        (log.as_bytes(), b""),
        (log.as_bytes(), b"not there at all"),
        (long.as_bytes(), b"key3=value"),
        (long.as_bytes(), b"e"),
        (b"", b"x"),
        (b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\naaaa", b"aaa"),
        (b"\n\n\n", b"\n"),
    ];
    for (text, word) in inputs {
        let (want, got) = (peer::report(text, word), ours::report(text, word));
        assert_eq!(got, want, "word {:?}", String::from_utf8_lossy(word));
    }
}
