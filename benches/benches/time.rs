//! Criterion benchmarks for `core-time`: one group per case of [`core_benches::time::cases`],
//! ours (`core`) beside every peer on the same input.
//!
//! `cargo bench -p core-benches --bench time -- ConvertTime` runs a subset.

use core_benches::time::cases;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

mod common;

fn time(c: &mut Criterion) {
    common::run_cases(c, cases());
}

/// The criterion group (a private module, so the generated function needs no docs).
mod group {
    use super::*;
    criterion_group! {
        name = benches;
        // keep the default full run within reach on a small machine.
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30);
        targets = time
    }
}
criterion_main!(group::benches);
