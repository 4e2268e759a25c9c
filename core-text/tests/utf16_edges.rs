//! Named UTF-16 edge cases, each run through the padding runner against std: with every
//! (before, after) padding pair in `0..=80` × `0..=80` units and both fills, the operations that
//! run a distinct kernel at every level; with a sweep of pairs, every operation at every level
//! and through the free functions (`common::oracle::check_utf16_case`). Then surrogates placed at
//! the ends of 8- and 16-unit vectors and 32-unit blocks.
//!
//! With `CORE_TEXT_EXHAUSTIVE=reduced` the padding pairs are a sweep instead of the full cross
//! product (see `common/mod.rs`).

mod common;

use common::oracle::{check_utf16, check_utf16_case};
use common::{imps, Hex};

fn check_cases(cases: &[&[u16]]) {
    for case in cases {
        check_utf16_case(case);
    }
}

#[test]
fn lone_and_misordered_surrogates() {
    check_cases(&[
        &[0xD800],
        &[0xDBFF],
        &[0xDC00],
        &[0xDFFF],
        &[0xD800, 0xD800],
        &[0xDBFF, 0xDBFF, 0xDFFF],
        &[0xDC00, 0xD800],
        &[0xDFFF, 0xDBFF],
        &[0xD800, 0x0041],
        &[0xD800, 0xE000],
        &[0xDBFF, 0xD7FF],
        &[0x0041, 0xDC00],
        &[0xD800, 0xDC00, 0xDC00],
        &[0xD800, 0xD800, 0xDC00],
        &[0xDC00, 0xDC00, 0xD800, 0xD800],
    ]);
}

#[test]
fn valid_boundary_units() {
    check_cases(&[
        &[0x0000],
        &[0x007F],
        &[0x0080],
        &[0x07FF],
        &[0x0800],
        &[0xD7FF],
        &[0xE000],
        &[0xFFFF],
        &[0xD800, 0xDC00],
        &[0xD800, 0xDFFF],
        &[0xDBFF, 0xDC00],
        &[0xDBFF, 0xDFFF],
        &[0xD83D, 0xDE00, 0xD83D, 0xDE00],
    ]);
}

/// `unit` at each position around the ends of vectors of 8 and 16 units and of 32-unit blocks,
/// in inputs of 96 units (ASCII or non-ASCII around), then ending the input right after it.
#[test]
fn surrogates_at_vector_and_block_ends() {
    let imps = imps();
    let cases: [&[u16]; 7] = [
        &[0xD800],
        &[0xDBFF],
        &[0xDC00],
        &[0xD83D, 0xDE00],
        &[0xDC00, 0xD800],
        &[0xD800, 0xD800],
        &[0x00E9, 0xDFFF],
    ];
    for pos in [0, 1, 6, 7, 8, 14, 15, 16, 17, 30, 31, 32, 33, 47, 48, 62, 63, 64, 65] {
        for case in cases {
            for wide in [false, true] {
                let fill =
                    |i: usize| if wide && i.is_multiple_of(3) { 0x0400 + i as u16 } else { 0x61 };
                let mut input: Vec<u16> = (0..96).map(fill).collect();
                input[pos..pos + case.len()].copy_from_slice(case);
                check_utf16(&imps, &input, &(pos, Hex(case), wide));
                input.truncate(pos + case.len());
                check_utf16(&imps, &input, &(pos, Hex(case), wide, "at end"));
            }
        }
    }
}

/// A lone high surrogate as the last unit of a 32-unit block followed by a whole ASCII block:
/// the carry into the next block must report it (and so for 8- and 16-unit vectors).
#[test]
fn lone_high_at_block_end_then_ascii_block() {
    let imps = imps();
    for last in [7, 15, 31, 63] {
        for before in [0x41u16, 0x00E9, 0x4E16] {
            let mut input = vec![before; last + 1];
            input[last] = 0xD800;
            input.extend(std::iter::repeat_n(0x41, 64));
            check_utf16(&imps, &input, &(last, before));
            let e = core_text::utf16::utf8_len(&input).unwrap_err();
            assert_eq!(e.valid_up_to(), last, "free functions, last = {last}");
            // And a lone low surrogate as the first unit of the next block.
            input[last] = before;
            input[last + 1] = 0xDC00;
            check_utf16(&imps, &input, &(last + 1, before, "low"));
        }
    }
}

/// Inputs long enough for the kernels' periodic sums of their counters (the AVX-512 kernel
/// sums its byte counters every 127 steps of 64 units; AVX2 every 31 blocks), of units of
/// every UTF-8 length, with an unpaired surrogate placed around those sums and around step
/// ends far into the input.
#[test]
fn long_inputs_count_exactly() {
    let imps = imps();
    // A repeating mix: ASCII, 2-byte, 3-byte units and a pair, in a period prime to 64.
    let pattern: [u16; 7] = [0x41, 0x00E9, 0x4E16, 0xD83D, 0xDE00, 0x0416, 0xFFFD];
    // ASCII with a 2-byte unit every 64: no 64-unit step is all ASCII, so per-lane counters
    // of ASCII units (the AVX2 kernel counts 2 a unit short of 3 bytes) fill at full speed.
    let sparse: Vec<u16> = (0..64).map(|k| if k == 0 { 0x00E9 } else { 0x61 }).collect();
    let lens = [127 * 64 - 1, 127 * 64, 127 * 64 + 1, 2 * 127 * 64 + 33, 20_000];
    for (len, pattern) in
        lens.into_iter().map(|len| (len, &pattern[..])).chain([(20_000, &sparse[..])])
    {
        let mut input: Vec<u16> = pattern.iter().copied().cycle().take(len).collect();
        // Never end on a high surrogate: that is an error case of its own below.
        if input[len - 1] == 0xD83D {
            input[len - 1] = 0x41;
        }
        check_utf16(&imps, &input, &(len, "valid"));
        for pos in
            [63, 64, 127 * 64 - 1, 127 * 64, len - 2, len - 1].into_iter().filter(|&p| p < len)
        {
            let mut bad = input.clone();
            // A lone low surrogate at `pos` (or, replacing a low one, an unpaired high before).
            bad[pos] = if bad[pos] == 0xDE00 { 0x41 } else { 0xDC00 };
            check_utf16(&imps, &bad, &(len, pos, "lone low"));
            let mut bad = input.clone();
            bad[pos] = 0xD800;
            if pos + 1 < len && bad[pos + 1] == 0xDE00 {
                bad[pos + 1] = 0x41;
            }
            check_utf16(&imps, &bad, &(len, pos, "lone high"));
        }
    }
}

#[test]
fn pairs_across_the_first_cache_line_boundary() {
    // The AVX2 and AVX-512 kernels check the units up to the first 32- or 64-byte boundary
    // as a step of their own: start the input at every unit of a cache line, with pairs
    // straddling every position, valid and with one pair broken in the first 40 units.
    let imps = imps();
    let period: [u16; 3] = [0x41, 0xD83D, 0xDE00];
    let mut buf: Vec<u16> = period.iter().copied().cycle().take(64 + 32 + 200).collect();
    let line = buf.as_ptr().align_offset(64);
    assert!(line <= 32, "a u16 buffer reaches a 64-byte boundary within 32 units");
    for start in line..line + 35 {
        for len in [128, 131, 200] {
            let input = &mut buf[start..start + len];
            check_utf16(&imps, input, &(start - line, len, "valid"));
            for pos in 0..40 {
                let keep = input[pos];
                input[pos] = 0x42;
                check_utf16(&imps, input, &(start - line, len, pos, "broken"));
                input[pos] = keep;
            }
        }
    }
}

/// The AVX-512 validation first tests surrogate-free text for any surrogate, 128 units a step
/// and the last 128 units overlapping the steps before, and hands the rest to the pairing scan
/// from the step that holds one. A lone or paired surrogate at positions around those steps
/// and the overlap, in ASCII and non-ASCII text of lengths around multiples of 128.
#[test]
fn surrogates_after_a_surrogate_free_prefix() {
    let imps = imps();
    for len in [127, 128, 129, 200, 255, 256, 257, 383, 384, 385] {
        for wide in [false, true] {
            let fill = |i: usize| if wide { 0x4E00 + (i % 512) as u16 } else { 0x61 };
            let input: Vec<u16> = (0..len).map(fill).collect();
            check_utf16(&imps, &input, &(len, wide, "none"));
            let positions = [0, 1, 31, 32, 63, 64, 95, 96, 126, 127, 128, 129, 191, 255, 256, 257];
            for pos in
                positions.into_iter().chain([129, 128, 2, 1].map(|back| len.saturating_sub(back)))
            {
                if pos + 1 >= len {
                    continue;
                }
                for case in [[0xD800u16, 0x41], [0xDC00, 0x41], [0xD83D, 0xDE00], [0x41, 0xDBFF]] {
                    let mut bad = input.clone();
                    bad[pos..pos + 2].copy_from_slice(&case);
                    check_utf16(&imps, &bad, &(len, wide, pos, Hex(&case)));
                }
            }
        }
    }
}
