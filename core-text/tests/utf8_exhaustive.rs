//! Exhaustive UTF-8 checks against `std::str::from_utf8` at every level:
//!
//! - every 1-byte input through the padding runner (every operation, and simdutf8 as well);
//! - every 2-byte sequence (65,536) at 12 places: across the 16-, 32- and 64-byte boundaries,
//!   in the middle of a buffer and ending the input at a vector or block boundary;
//! - every 3-byte sequence (16,777,216) at two places each: near the 64-byte block boundary
//!   inside a 96-byte buffer, and ending the input at 3, 16, 32, 64, 67 or 128 bytes;
//! - 4-byte sequences: leads `F0..=F4` × every second byte × 20 third × 20 fourth bytes;
//! - every char (all 1,112,064 scalar values) batched into one string, every operation.
//!
//! The sweeps check `validate` and the counting check (`utf16_len`: `valid_up_to`,
//! `error_len` or the UTF-16 length) of each backend on the padded input, with std's result on
//! the same input as the oracle; inputs are ASCII around the sequence, or end with a multi-byte
//! char right before it.
//!
//! # `CORE_TEXT_EXHAUSTIVE`
//!
//! Unset or `full`: everything above (a few seconds natively with the optimised test profile).
//! `reduced` (aarch64 under qemu): every 1- and 2-byte sequence at fewer places, the 3-byte
//! sequences with leads `E0..=EF` × every second byte × 8 third bytes (plus a sample of the
//! others), and 4-byte sequences with 8 third × 8 fourth bytes.

mod common;

use common::oracle::{check_utf8, check_utf8_kernel_ops, check_utf8_kernels};
use common::padding::{build_utf8, for_each_padded_utf8, Fill, Pads, Placement};
use common::strategy::SPECIAL_BYTES;
use common::{backends, full, imps, mix, par_for, Imp};

/// Checks `seq` at `at` with the kernel checks of every backend.
fn check_at(levels: &[Imp], buf: &mut Vec<u8>, seq: &[u8], at: Placement) {
    build_utf8(buf, seq, at);
    check_built(levels, buf, at);
}

/// The kernel checks of every backend on an input built at `at`.
fn check_built(levels: &[Imp], input: &[u8], at: Placement) {
    let std = std::str::from_utf8(input);
    for &imp in levels {
        check_utf8_kernels(imp, input, std, &at);
    }
}

/// A padded input built once for sequences of one length; each sequence overwrites the case.
struct Slot {
    buf: Vec<u8>,
    at: Placement,
}

impl Slot {
    fn new(len: usize, at: Placement) -> Slot {
        let mut buf = Vec::new();
        build_utf8(&mut buf, &vec![0; len], at);
        Slot { buf, at }
    }

    fn check(&mut self, levels: &[Imp], seq: &[u8]) {
        self.buf[self.at.pre..self.at.pre + seq.len()].copy_from_slice(seq);
        check_built(levels, &self.buf, self.at);
    }
}

fn levels() -> Vec<Imp> {
    backends().into_iter().map(Imp::Level).collect()
}

fn fill(bit: u64) -> Fill {
    if bit & 1 == 0 {
        Fill::Ascii
    } else {
        Fill::Wide
    }
}

/// Every byte through the padding runner: every operation of every implementation (reduced
/// mode: the kernel operations of every level).
#[test]
fn every_byte_with_padding() {
    let (imps, levels) = (imps(), levels());
    par_for(256, |b| {
        for_each_padded_utf8(&[b as u8], Pads::Sweep(b as u64), |input, at| {
            if full() {
                check_utf8(&imps, input, &at);
            } else {
                check_utf8_kernel_ops(&levels, input, &at);
            }
        });
    });
}

#[test]
fn every_two_byte_sequence() {
    let levels = levels();
    // (before, after): across each vector/block boundary, and ending the input there.
    let places: &[(usize, usize)] = if full() {
        &[
            (15, 20),
            (31, 20),
            (63, 40),
            (0, 0),
            (14, 0),
            (30, 0),
            (62, 0),
            (126, 0),
            (7, 90),
            (64, 0),
            (100, 7),
            (3, 3),
        ]
    } else {
        &[(31, 20), (63, 40), (62, 0), (14, 0)]
    };
    par_for(256, |b0| {
        let mut buf = Vec::new();
        for b1 in 0..=255u8 {
            let seq = [b0 as u8, b1];
            for (k, &(pre, post)) in places.iter().enumerate() {
                let at = Placement { pre, post, fill: fill(k as u64 ^ u64::from(b1)) };
                check_at(&levels, &mut buf, &seq, at);
            }
        }
    });
}

/// The input lengths a 3-byte sequence ends: whole input, vector and block boundaries, a tail.
const ENDS: [usize; 6] = [3, 16, 32, 64, 67, 128];

#[test]
fn every_three_byte_sequence() {
    let levels = levels();
    // Full: every sequence. Reduced: leads E0..=EF × every second byte × 8 third bytes, and
    // every 61st sequence of the rest.
    let thirds_reduced = [0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
    par_for(256, |b0| {
        // Around the first block boundary inside a 96-byte input, and ending the input.
        let mut mid: Vec<Slot> = (0..16)
            .map(|k| {
                Slot::new(
                    3,
                    Placement { pre: 58 + k / 2, post: 93 - 58 - k / 2, fill: fill(k as u64) },
                )
            })
            .collect();
        let mut end: Vec<Slot> = (0..2 * ENDS.len())
            .map(|k| {
                Slot::new(3, Placement { pre: ENDS[k / 2] - 3, post: 0, fill: fill(k as u64) })
            })
            .collect();
        for b1 in 0..=255u8 {
            for b2 in 0..=255u8 {
                let i = (b0 << 16) | (usize::from(b1) << 8) | usize::from(b2);
                if !full() {
                    let lead_e = (0xE0..=0xEF).contains(&b0) && thirds_reduced.contains(&b2);
                    if !lead_e && i % 61 != 0 {
                        continue;
                    }
                }
                let h = mix(i as u64);
                let seq = [b0 as u8, b1, b2];
                mid[(h % 16) as usize].check(&levels, &seq);
                end[((h >> 16) % (2 * ENDS.len() as u64)) as usize].check(&levels, &seq);
            }
        }
    });
}

#[test]
fn four_byte_sequences() {
    let levels = levels();
    let tails: Vec<u8> = if full() {
        SPECIAL_BYTES.to_vec()
    } else {
        vec![0x00, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xF0, 0xFF]
    };
    let leads = [0xF0u8, 0xF1, 0xF2, 0xF3, 0xF4];
    par_for(leads.len() * 256, |k| {
        let mut buf = Vec::with_capacity(160);
        let (b0, b1) = (leads[k / 256], (k % 256) as u8);
        for &b2 in &tails {
            for &b3 in &tails {
                let seq = [b0, b1, b2, b3];
                let h = mix(u64::from(u32::from_be_bytes(seq)));
                let pre = 57 + (h % 9) as usize;
                check_at(&levels, &mut buf, &seq, Placement { pre, post: 30, fill: fill(h >> 8) });
                let end = [4, 16, 32, 64, 128][((h >> 16) % 5) as usize];
                check_at(
                    &levels,
                    &mut buf,
                    &seq,
                    Placement { pre: end - 4, post: 0, fill: fill(h >> 24) },
                );
            }
        }
    });
}

/// Every scalar value once, batched: all operations on one valid string (and on it cut after
/// each length class, so all three boundaries of the encoding are crossed in one input).
#[test]
fn every_char_batched() {
    let imps = imps();
    let all: String = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
    assert_eq!(all.chars().count(), 1_112_064);
    check_utf8(&imps, all.as_bytes(), &"every char");
    // Each char alone with a little ASCII around, shifted through every alignment of a block.
    let mut buf = Vec::with_capacity(96);
    let levels = levels();
    let mut utf8 = [0; 4];
    for (i, c) in all.chars().enumerate() {
        if !full() && i % 16 != 0 {
            continue;
        }
        let seq = c.encode_utf8(&mut utf8).as_bytes();
        check_at(
            &levels,
            &mut buf,
            seq,
            Placement { pre: i % 67, post: (i / 67) % 5, fill: fill(i as u64 >> 3) },
        );
    }
}
