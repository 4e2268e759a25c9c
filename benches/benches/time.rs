//! Criterion benchmarks for `core-time`: one group per case of [`core_benches::time::cases`],
//! ours (`core`) beside every peer on the same input.
//!
//! `cargo bench -p core-benches --bench time -- ConvertTime` runs a subset.

use core_benches::time::cases;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn time(c: &mut Criterion) {
    for mut case in cases() {
        if let Err(e) = case.check() {
            panic!("{e}");
        }
        let mut group = c.benchmark_group(case.name());
        if let Some(bytes) = case.bytes {
            group.throughput(Throughput::Bytes(bytes));
        }
        for f in &mut case.functions {
            group.bench_function(f.name, |b| b.iter_custom(|iters| f.time(iters)));
        }
        group.finish();
    }
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
