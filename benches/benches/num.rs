//! Criterion benchmarks for `core-num`: one group per case of [`core_benches::num::cases`],
//! ours (`core`) beside num-bigint (and, with `--features extra-peers`, malachite, dashu and
//! rug/GMP) on the same operands.
//!
//! `cargo bench -p core-benches --bench num -- bigint/mul` runs a subset.

use core_benches::num::cases;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

mod common;

fn num(c: &mut Criterion) {
    common::run_cases(c, cases());
}

/// The criterion group (a private module, so the generated function needs no docs).
mod group {
    use super::*;
    criterion_group! {
        name = benches;
        // The 10^6-digit and 32,768-limb cases take up to seconds per call for num-bigint:
        // criterion's minimum of 10 samples keeps them bounded.
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10);
        targets = num
    }
}
criterion_main!(group::benches);
