//! Exhaustive UTF-16 checks at every level, against `char::decode_utf16` (first unpaired
//! surrogate) and the UTF-8 length of the decoded chars:
//!
//! - every unit value (65,536) alone at every position 0..=33 of a 64-unit input (every lane of
//!   8- and 16-unit vectors and of a 32-unit block) and ending the input at that position;
//! - every high × low surrogate pair (1,048,576) at a position spread over 0..=33, and the
//!   boundary pairs at every position;
//! - boundary high surrogates followed by every unit value, and every unit value followed by
//!   boundary low surrogates, across vector and block ends.
//!
//! Each check runs `validate` and the counting check (`utf8_len`) of every backend.
//!
//! # `CORE_TEXT_EXHAUSTIVE`
//!
//! Unset or `full`: everything above. `reduced` (aarch64 under qemu): the positions are cut to
//! the ends of vectors and blocks, and the pairs to a 1-in-16 sample plus the boundary pairs.

mod common;

use common::oracle::{check_utf16_kernels, utf16_expect};
use common::{backends, full, mix, par_for, Imp};

fn levels() -> Vec<Imp> {
    backends().into_iter().map(Imp::Level).collect()
}

/// The kernel checks of every backend on `input`.
fn check(levels: &[Imp], input: &[u16], ctx: &impl std::fmt::Debug) {
    let expect = utf16_expect(input);
    for &imp in levels {
        check_utf16_kernels(imp, input, expect, ctx);
    }
}

/// Positions covering every lane of 8- and 16-unit vectors and of a 32-unit block.
fn positions() -> Vec<usize> {
    if full() {
        (0..=33).collect()
    } else {
        vec![0, 7, 8, 15, 16, 31, 32, 33]
    }
}

/// Inputs are ASCII (`wide == false`) or non-ASCII BMP units around the case.
fn filler(len: usize, wide: bool) -> Vec<u16> {
    (0..len)
        .map(|i| if wide { 0x0100 + (i as u16 * 0x1F3) % 0xD000 } else { 0x20 + (i as u16 % 95) })
        .collect()
}

#[test]
fn every_unit_alone() {
    let levels = levels();
    let positions = positions();
    par_for(1 << 16, |u| {
        let u = u as u16;
        let wide = u % 2 == 1;
        let mut input = filler(64, wide);
        for &p in &positions {
            let keep = input[p];
            input[p] = u;
            check(&levels, &input, &(u, p));
            check(&levels, &input[..=p], &(u, p, "at end"));
            input[p] = keep;
        }
    });
}

#[test]
fn every_surrogate_pair() {
    let levels = levels();
    let step = if full() { 1 } else { 16 };
    par_for(1024, |h| {
        let high = 0xD800 + h as u16;
        let mut input = filler(72, h % 2 == 1);
        for l in (0..1024u16).step_by(step) {
            let low = 0xDC00 + l;
            let p = (mix(u64::from(high) << 16 | u64::from(low)) % 34) as usize;
            let keep = [input[p], input[p + 1]];
            input[p..p + 2].copy_from_slice(&[high, low]);
            check(&levels, &input, &(high, low, p));
            check(&levels, &input[..p + 2], &(high, low, p, "at end"));
            input[p..p + 2].copy_from_slice(&keep);
        }
    });
    // The boundary pairs at every position.
    for high in [0xD800, 0xD801, 0xDB7F, 0xDB80, 0xDBFE, 0xDBFF] {
        for low in [0xDC00, 0xDC01, 0xDDFF, 0xDE00, 0xDFFE, 0xDFFF] {
            for p in 0..=66 {
                for wide in [false, true] {
                    let mut input = filler(72, wide);
                    input[p..p + 2].copy_from_slice(&[high, low]);
                    check(&levels, &input, &(high, low, p));
                    check(&levels, &input[..p + 2], &(high, low, p, "at end"));
                }
            }
        }
    }
}

/// A high surrogate followed by every unit (paired only by a low one), and every unit followed
/// by a low surrogate (paired only after a high one), with the pair across vector ends.
#[test]
fn surrogate_next_to_every_unit() {
    let levels = levels();
    let places: &[usize] = if full() { &[0, 6, 7, 14, 15, 30, 31, 62, 63] } else { &[7, 31] };
    par_for(1 << 16, |u| {
        let u = u as u16;
        let mut input = filler(72, u.is_multiple_of(3));
        for &p in places {
            let keep = [input[p], input[p + 1]];
            for high in [0xD800, 0xDBFF] {
                input[p..p + 2].copy_from_slice(&[high, u]);
                check(&levels, &input, &(high, u, p));
            }
            for low in [0xDC00, 0xDFFF] {
                input[p..p + 2].copy_from_slice(&[u, low]);
                check(&levels, &input, &(u, low, p));
                check(&levels, &input[..p + 2], &(u, low, p, "at end"));
            }
            input[p..p + 2].copy_from_slice(&keep);
        }
    });
}
