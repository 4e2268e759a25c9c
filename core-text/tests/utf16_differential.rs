//! Differential property tests of every UTF-16 operation (each [`core_text::Backend`] level
//! and the free functions) against std: valid text, corrupted text and surrogate-heavy
//! arbitrary units, each run through the padding runner (a sweep of about 2 × 80 padding pairs
//! per case, both fills).
//!
//! Runs fewer cases when `CORE_TEXT_EXHAUSTIVE=reduced` (see `common/mod.rs`).

mod common;

use common::oracle::check_utf16;
use common::padding::{for_each_padded_utf16, Pads};
use common::strategy::{utf16_corrupted, utf16_text, utf16_units};
use common::{imps, proptest_cases, seed_of};
use proptest::prelude::*;

/// Checks `case` with padding against std at every level and through the free functions.
fn check_padded(case: &[u16]) {
    let imps = imps();
    for_each_padded_utf16(case, Pads::Sweep(seed_of(case)), |input, at| {
        check_utf16(&imps, input, &at);
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(128)))]

    #[test]
    fn valid_text(u in utf16_text()) {
        check_padded(&u);
    }

    #[test]
    fn corrupted_text(u in utf16_corrupted()) {
        check_padded(&u);
    }

    #[test]
    fn surrogate_heavy(u in utf16_units()) {
        check_padded(&u);
    }

    #[test]
    fn arbitrary_units(u in prop::collection::vec(any::<u16>(), 0..200)) {
        check_padded(&u);
    }

    /// Long inputs without padding: many blocks, so the per-block counters are flushed.
    #[test]
    fn long_text(pieces in prop::collection::vec(utf16_units(), 1..16)) {
        check_utf16(&imps(), &pieces.concat(), &"whole");
    }
}
