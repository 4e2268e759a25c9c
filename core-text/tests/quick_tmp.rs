use core_text::Backend;
fn rng(seed: &mut u64) -> u64 { *seed ^= *seed << 13; *seed ^= *seed >> 7; *seed ^= *seed << 17; *seed }
#[test]
fn quick() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let pieces: Vec<&[u8]> = vec![b"a", "é".as_bytes(), "€".as_bytes(), "😀".as_bytes(), b"\x80", b"\xC0", b"\xE0\x80", b"\xF4\x90", b"\xED\xA0\x80", b"\xF0", b"\xFF", b" "];
    for b in Backend::all() {
        for _ in 0..20000 {
            let len = (rng(&mut seed) % 150) as usize;
            let mut v = Vec::new();
            let bad = rng(&mut seed) % 4 == 0;
            while v.len() < len {
                let r = rng(&mut seed) as usize;
                let p = if bad { pieces[r % pieces.len()] } else { pieces[r % 4] };
                if !bad && r % 7 < 4 { v.extend_from_slice(b"abcdefg"); }
                v.extend_from_slice(p);
            }
            let std = std::str::from_utf8(&v);
            let ours = b.utf8_from_utf8(&v);
            match (std, ours) {
                (Ok(_), Ok(_)) => {}
                (Err(e), Err(o)) => assert_eq!((e.valid_up_to(), e.error_len()), (o.valid_up_to(), o.error_len()), "{:?} {:x?}", b, v),
                (s, o) => panic!("{:?} {:?} {:?} {:x?}", b, s, o, v),
            }
            assert_eq!(b.utf8_validate(&v), std.is_ok(), "{:?} {:x?}", b, v);
            let l = b.utf8_utf16_len(&v).ok();
            assert_eq!(l, std.ok().map(|s| s.encode_utf16().count()), "{:?} {:x?}", b, v);
            if let Ok(s) = std { assert_eq!(b.utf8_count_chars(s), s.chars().count()); }
            // utf16
            let mut u: Vec<u16> = String::from_utf8_lossy(&v).encode_utf16().collect();
            if bad && !u.is_empty() { let k = rng(&mut seed) as usize % u.len(); u[k] = [0xD800u16, 0xDC00, 0xDBFF, 0x41][rng(&mut seed) as usize % 4]; }
            let s16 = String::from_utf16(&u);
            assert_eq!(b.utf16_validate(&u), s16.is_ok(), "{:?} {:x?}", b, u);
            let l = b.utf16_utf8_len(&u);
            match &s16 { Ok(s) => assert_eq!(l, Ok(s.len())), Err(_) => {
                let want = (0..u.len()).find(|&i| String::from_utf16(&u[..=i]).is_err() && { let h = u[i] & 0xFC00 == 0xD800; !(h && i + 1 < u.len() && u[i+1] & 0xFC00 == 0xDC00) }).unwrap();
                assert_eq!(l.unwrap_err().valid_up_to(), want, "{:?} {:x?}", b, u);
            } }
            assert_eq!(b.utf16_to_string_lossy(&u), String::from_utf16_lossy(&u));
        }
    }
}
