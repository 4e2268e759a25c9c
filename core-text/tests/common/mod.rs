//! Support shared by every core-text integration test: the padding runner, the std oracles,
//! the proptest strategies and the `CORE_TEXT_EXHAUSTIVE` switch.
//!
//! | module | what |
//! |---|---|
//! | [`imp`] | [`Imp`]: one implementation under test (a `Backend` or the free functions) |
//! | [`padding`] | runs a case with 0..=N bytes/units of padding on both sides |
//! | [`oracle`] | compares every operation with std on one input |
//! | [`strategy`] | proptest strategies: realistic text, corrupted text, surrogate-heavy UTF-16 |
//!
//! # `CORE_TEXT_EXHAUSTIVE`
//!
//! The heaviest sweeps (every 3-byte UTF-8 sequence, every padding pair) read this variable:
//!
//! - unset, `full`, `on`, `1`: everything (the default; a few seconds natively);
//! - `reduced` (also `off`, `0`): a meaningful subset for slow runs such as aarch64 under qemu,
//!   about a tenth of the work: all 1- and 2-byte sequences, 3-byte sequences with leads
//!   `E0..=EF` × every second byte × 8 third bytes, a sweep of padding pairs instead of their
//!   full cross product, and fewer proptest cases.
//!
//! Any other value is a typo and panics.
// Each test crate uses its own part of this module.
#![allow(dead_code)]

pub mod imp;
pub mod oracle;
pub mod padding;
pub mod strategy;

#[allow(unused_imports)] // not every test crate uses all three
pub use imp::{backends, imps, Imp};

use std::sync::OnceLock;

/// How much of the heavy sweeps to run; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Everything.
    Full,
    /// A meaningful subset for emulated targets.
    Reduced,
}

/// The mode set by `CORE_TEXT_EXHAUSTIVE` (default [`Mode::Full`]).
pub fn mode() -> Mode {
    static MODE: OnceLock<Mode> = OnceLock::new();
    *MODE.get_or_init(|| match std::env::var("CORE_TEXT_EXHAUSTIVE") {
        Err(_) => Mode::Full,
        Ok(v) => match v.trim().to_ascii_lowercase().as_str() {
            "" | "full" | "on" | "1" => Mode::Full,
            "reduced" | "off" | "0" => Mode::Reduced,
            other => panic!("CORE_TEXT_EXHAUSTIVE={other:?}: expected `full` or `reduced`"),
        },
    })
}

/// Whether the full sweeps run.
pub fn full() -> bool {
    mode() == Mode::Full
}

/// The number of proptest cases per property: `full` natively, `full / 8` in reduced mode.
pub fn proptest_cases(full: u32) -> u32 {
    match mode() {
        Mode::Full => full,
        Mode::Reduced => (full / 8).max(16),
    }
}

/// Prints bytes or units in hex, for failure messages.
pub struct Hex<'a, T>(pub &'a [T]);

impl<T: std::fmt::UpperHex> std::fmt::Display for Hex<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[")?;
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{x:02X}")?;
        }
        write!(f, "] (len {})", self.0.len())
    }
}

impl<T: std::fmt::UpperHex> std::fmt::Debug for Hex<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// A cheap deterministic mixer (splitmix64), for spreading sweep positions.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A seed derived from a case's contents, so each proptest case sweeps its own padding pairs.
pub fn seed_of<T: Copy + Into<u64>>(case: &[T]) -> u64 {
    case.iter().fold(case.len() as u64, |h, &x| mix(h ^ x.into()))
}

/// Runs `f(i)` for every `i` in `0..n`, split across the machine's cores. A panic in any
/// worker fails the caller.
pub fn par_for(n: usize, f: impl Fn(usize) + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()).min(n.max(1));
    let chunk = n.div_ceil(threads);
    std::thread::scope(|s| {
        for t in 0..threads {
            let f = &f;
            s.spawn(move || (t * chunk..n.min((t + 1) * chunk)).for_each(f));
        }
    });
}
