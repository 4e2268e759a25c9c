//! Criterion benchmarks for `core-text`: one group per case of [`core_benches::text::cases`],
//! ours (`core`, ...) beside every peer on the same input, with byte throughput.
//!
//! `cargo bench -p core-benches --bench text -- utf8/validate/ascii` runs a subset; the
//! environment variable `CORE_SIMD_MAX` caps our level as usual.

use core_benches::text::{cases, Auto};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn text(c: &mut Criterion) {
    for mut case in cases(Auto) {
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
        // ~250 functions: keep the default full run within reach on a small machine.
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30);
        targets = text
    }
}
criterion_main!(group::benches);
