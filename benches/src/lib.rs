//! Benchmark corpora and the comparison report for the core-* crates (not published).
