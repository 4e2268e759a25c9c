//! Prints the levels this machine runs, best first, one name per line (as `CORE_SIMD_MAX`
//! takes them): CI runs the test suites once per line.
//!
//! ```text
//! cargo run -q -p core-cpu --example levels
//! ```

fn main() {
    for level in core_cpu::Level::available() {
        println!("{level}");
    }
}
