//! Criterion benchmarks for `core-text`: one group per case of [`core_benches::text::cases`],
//! ours (`core`, ...) beside every peer on the same input, with byte throughput.
//!
//! `cargo bench -p core-benches --bench text -- utf8/validate/ascii` runs a subset; the
//! environment variable `CORE_SIMD_MAX` caps our level as usual.

use core_benches::text::{cases, Auto};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

mod common;

fn text(c: &mut Criterion) {
    common::run_cases(c, cases(Auto));
}

/// The criterion group (a private module, so the generated function needs no docs).
mod group {
    use super::*;
    criterion_group! {
        name = benches;
        // ~250 functions: keep the default full run within reach on a small machine.
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30);
        targets = text
    }
}
criterion_main!(group::benches);
