//! Differential property tests of every UTF-8 operation (each [`core_text::Backend`] level
//! and the free functions) against std: realistic valid text, corrupted text and arbitrary
//! bytes, each run through the padding runner (a sweep of about 2 × 160 padding pairs per
//! case, both fills).
//!
//! Runs fewer cases when `CORE_TEXT_EXHAUSTIVE=reduced` (see `common/mod.rs`).

mod common;

use common::oracle::check_utf8;
use common::padding::{for_each_padded_utf8, Pads};
use common::strategy::{utf8_bytes, utf8_corrupted, utf8_text};
use common::{imps, proptest_cases, seed_of};
use proptest::prelude::*;
use proptest::sample::Index;

/// Checks `case` with padding against std at every level and through the free functions.
fn check_padded(case: &[u8]) {
    let imps = imps();
    for_each_padded_utf8(case, Pads::Sweep(seed_of(case)), |input, at| {
        check_utf8(&imps, input, &at);
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(128)))]

    #[test]
    fn valid_text(s in utf8_text()) {
        check_padded(s.as_bytes());
    }

    #[test]
    fn corrupted_text(v in utf8_corrupted()) {
        check_padded(&v);
    }

    #[test]
    fn arbitrary_bytes(v in utf8_bytes()) {
        check_padded(&v);
    }

    /// Long inputs without padding: many blocks, so the per-block counters are flushed.
    #[test]
    fn long_text(pieces in prop::collection::vec(utf8_text(), 1..24), cut in any::<Index>()) {
        let text = pieces.concat();
        let imps = imps();
        check_utf8(&imps, text.as_bytes(), &"whole");
        // Cutting anywhere, often inside a char, gives an incomplete sequence at the end.
        let cut = cut.index(text.len() + 1);
        check_utf8(&imps, &text.as_bytes()[..cut], &cut);
    }
}
