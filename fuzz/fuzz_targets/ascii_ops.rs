//! The ASCII operations and the slice comparisons at every level (and the free functions)
//! against std and naive references: the input is split into two byte strings, which are
//! also read as UTF-16 units and 16-byte values.
#![no_main]

use core_text::ascii::{self, Backend};
use core_text::search::{self, CompareBackend};
use libfuzzer_sys::fuzz_target;

fn naive_eq_ignore_case_u16(a: &[u16], b: &[u16]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(&x, &y)| {
            x == y || (x < 0x80 && y < 0x80 && (x as u8).eq_ignore_ascii_case(&(y as u8)))
        })
}

fn naive_eq_bytes_u16(a: &[u8], b: &[u16]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x < 0x80 && u16::from(x) == y)
}

fn naive_prefix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fuzz_target!(|data: &[u8]| {
    // The first byte says where to split; with its high bit, the second half is the first
    // with letters' case flipped (so the equalities are often true).
    let Some((&head, rest)) = data.split_first() else { return };
    let cut = (usize::from(head & 0x7F) * rest.len()) / 127;
    let a = &rest[..cut];
    let b: Vec<u8> = if head & 0x80 != 0 {
        a.iter().map(|&c| if c.is_ascii_alphabetic() { c ^ 0x20 } else { c }).collect()
    } else {
        rest[cut..].to_vec()
    };
    let wa: Vec<u16> = a.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    let wb: Vec<u16> = b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    let narrow: Vec<u16> = a.iter().map(|&c| u16::from(c)).collect();
    let qa: Vec<[u8; 16]> = a.chunks_exact(16).map(|c| c.try_into().unwrap()).collect();
    let qb: Vec<[u8; 16]> = b.chunks_exact(16).map(|c| c.try_into().unwrap()).collect();
    let k = a.len().min(b.len()) / 2;

    let upper = a.to_ascii_uppercase();
    let lower = a.to_ascii_lowercase();
    let check = |level: &str, ops: &dyn Fn() -> [bool; 9], cased: [Vec<u8>; 4]| {
        let want = [
            a.is_ascii(),
            wa.iter().all(|&u| u < 0x80),
            a.eq_ignore_ascii_case(&b),
            naive_eq_ignore_case_u16(&wa, &wb),
            naive_eq_bytes_u16(a, &wb),
            naive_eq_bytes_u16(a, &narrow),
            b.len() >= k && b[..k].eq_ignore_ascii_case(&a[..k]),
            b.len() >= k && b[b.len() - k..].eq_ignore_ascii_case(&a[a.len() - k..]),
            qa == qb,
        ];
        assert_eq!(ops(), want, "at {level}");
        assert_eq!(
            cased,
            [upper.clone(), lower.clone(), upper.clone(), lower.clone()],
            "at {level}"
        );
    };
    for be in Backend::all() {
        let cmp = CompareBackend::new(be.level()).expect("same levels");
        let ops = || {
            [
                be.is_ascii(a),
                be.is_ascii_u16(&wa),
                be.eq_ignore_case(a, &b),
                be.eq_ignore_case_u16(&wa, &wb),
                be.eq_bytes_u16(a, &wb),
                be.eq_bytes_u16(a, &narrow),
                be.starts_with_ignore_case(&b, &a[..k]),
                be.ends_with_ignore_case(&b, &a[a.len() - k..]),
                cmp.eq_16byte(&qa, &qb),
            ]
        };
        let (mut up, mut low) = (a.to_vec(), a.to_vec());
        be.make_upper(&mut up);
        be.make_lower(&mut low);
        let level = be.level().to_string();
        check(&level, &ops, [up, low, be.to_upper(a), be.to_lower(a)]);
        assert_eq!(cmp.common_prefix_len(a, &b), naive_prefix(a, &b), "at {level}");
        assert_eq!(cmp.common_prefix_len(&wa, &wb), naive_prefix(&wa, &wb), "at {level}");
    }
    let ops = || {
        [
            ascii::is_ascii(a),
            ascii::is_ascii_u16(&wa),
            ascii::eq_ignore_case(a, &b),
            ascii::eq_ignore_case_u16(&wa, &wb),
            ascii::eq_bytes_u16(a, &wb),
            ascii::eq_bytes_u16(a, &narrow),
            ascii::starts_with_ignore_case(&b, &a[..k]),
            ascii::ends_with_ignore_case(&b, &a[a.len() - k..]),
            search::eq_16byte(&qa, &qb),
        ]
    };
    let (mut up, mut low) = (a.to_vec(), a.to_vec());
    ascii::make_upper(&mut up);
    ascii::make_lower(&mut low);
    check("free functions", &ops, [up, low, ascii::to_upper(a), ascii::to_lower(a)]);
    assert_eq!(search::common_prefix_len(a, &b), naive_prefix(a, &b));
    let wide_upper: Vec<u16> = wa
        .iter()
        .map(|&u| if u < 0x80 { u16::from((u as u8).to_ascii_uppercase()) } else { u })
        .collect();
    let mut w = wa.clone();
    ascii::make_upper_u16(&mut w);
    assert_eq!(w, wide_upper);
    assert_eq!(ascii::to_upper_u16(&wa), wide_upper);
    for be in Backend::all() {
        let mut w = wa.clone();
        be.make_upper_u16(&mut w);
        assert_eq!(w, wide_upper, "at {}", be.level());
        assert_eq!(be.to_upper_u16(&wa), wide_upper, "at {}", be.level());
        let lower: Vec<u16> = be.to_lower_u16(&w);
        let mut l2 = wa.clone();
        be.make_lower_u16(&mut l2);
        assert_eq!(lower, l2, "at {}", be.level());
    }
    let mut out = vec![0u8; a.len()];
    assert_eq!(ascii::to_upper_into(a, &mut out), Ok(a.len()));
    assert_eq!(out, upper);
});
