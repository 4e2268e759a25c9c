//! Benchmark corpora and the comparison report for the core-* crates (not published).
//!
//! - [`corpus`]: deterministic text generators (ASCII, Latin-1-heavy, CJK, emoji, mixed) of an
//!   exact byte size, and the seed-case inputs.
//! - [`case`]: the case model: one input, our functions and the peers' on it, each a closure
//!   that both consumers time; [`case::Case::check`] asserts they all compute the same result.
//! - [`ascii`]: the `core-text` ASCII and slice-comparison cases (casing, ignore-case and
//!   cross-width equality, common prefix, 16-byte equality) against std.
//! - [`text`]: the `core-text` case table (validation, counting, transcoding, seed cases).
//! - [`collections_frozen`], [`collections_immutable`], [`collections_ord`]: the
//!   `core-collections` case tables (frozen lookups, persistent collections, slice seeds).
//! - [`collections_vector`]: the persistent vector against imbl's and rpds's.
//! - [`time`]: the `core-time` case table (seed cases, formats, conversions past 2037).
//! - [`num`]: the `core-num` big-integer case table (seed cases, multiplication up to 32,768
//!   limbs, decimal conversion, modpow, gcd) against num-bigint, and with the `extra-peers`
//!   feature malachite, dashu and rug (GMP).
//! - [`latin1`]: the `core-text` Latin-1 conversions against simdutf and encoding_rs.
//! - [`literal`]: the `core-text` multi-literal cases (`LiteralSet`) against aho-corasick.
//! - [`memmem`]: the `core-text` substring search cases against `memchr::memmem` and std.
//! - [`half`]: the `core-num` f16/bf16 case table (the Half seed cases, slice conversions)
//!   against the `half` crate.
//! - [`tensor`]: the `core-num` tensor case table (seed cases, transcendentals, reductions)
//!   against `std` loops, `wide` and SimSIMD.
//! - [`measure`]: the `report` binary's interleaved timing harness.
//! - [`chart`]: the inline SVG bar charts of the report's `--html` page.
//!
//! Two consumers share the table: the criterion benches (`cargo bench -p core-benches`) and
//! the quick comparison report (`cargo run --release -p core-benches --bin report`).
//!
//! ```
//! use core_benches::text::{utf8_validate, Auto};
//! use core_benches::corpus::Corpus;
//! let mut case = utf8_validate(Auto, Corpus::Mixed, 1024);
//! assert_eq!(case.name(), "core-text/utf8/validate/mixed/1KiB");
//! case.check().expect("ours and the peers agree");
//! ```

pub mod ascii;
pub mod base64;
pub mod case;
pub mod chart;
pub mod collections_frozen;
pub mod collections_immutable;
pub mod collections_ord;
pub mod collections_vector;
pub mod corpus;
pub mod half;
pub mod latin1;
pub mod literal;
pub mod measure;
pub mod memmem;
pub mod num;
pub mod search;
pub mod sets;
pub mod tensor;
pub mod text;
pub mod time;
