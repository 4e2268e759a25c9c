//! The criterion runner both bench files share: one group per case, every function of the
//! case in it (ours and the peers, on the same input), with byte throughput where it applies.

use core_benches::case::Case;
use criterion::{Criterion, Throughput};

/// Checks each case (all functions must agree) and benchmarks its functions in one group.
pub fn run_cases(c: &mut Criterion, cases: Vec<Case>) {
    for mut case in cases {
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
