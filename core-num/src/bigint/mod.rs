//! Arbitrary-precision integers on 64-bit limbs: [`BigUint`] and [`BigInt`], with
//! num-bigint 0.4's API.
//!
//! The public types are thin: a sign, and a magnitude of little-endian `u64` limbs kept in a
//! small vector (two limbs inline). Every algorithm lives in the `mpn` layer underneath.
//!
//! | file            | contents                                                         |
//! |-----------------|------------------------------------------------------------------|
//! | `storage.rs`    | the limb small-vector                                            |
//! | `arith.rs`      | magnitude add/sub/mul/div/shift over the mpn layer               |
//! | `biguint.rs`    | `BigUint`, constructors, bytes/digits, bit queries, pow, roots   |
//! | `bigint.rs`     | `Sign`, `BigInt`, signed forms of the same                       |
//! | `ops_biguint.rs`, `ops_bigint.rs` | arithmetic operators, `Sum`, `Product`          |
//! | `bits.rs`       | `& \| ^ !` (two's complement for `BigInt`), `<<`, `>>`           |
//! | `convert.rs`    | primitives and floats in and out, `ToBigUint`/`ToBigInt`         |
//! | `parse.rs`, `fmt.rs` | text and digit values in and out                            |
//! | `error.rs`, `iter.rs` | error types, digit iterators                               |
//! | `mpn/`          | the natural-number kernels                                        |

#[macro_use]
mod macros;

pub(crate) mod mpn;

mod arith;
#[allow(clippy::module_inception)]
mod bigint;
mod biguint;
mod bits;
mod convert;
mod error;
#[cfg(any(feature = "num-traits", feature = "num-bigint", feature = "serde", feature = "rand"))]
mod features;
mod fmt;
mod iter;
mod ops_bigint;
mod ops_biguint;
mod parse;
mod storage;

#[cfg(test)]
mod tests;

pub use bigint::{BigInt, Sign};
pub use biguint::BigUint;
pub use convert::{ToBigInt, ToBigUint};
pub use error::{ParseBigIntError, TryFromBigIntError};
#[cfg(feature = "rand")]
pub use features::{RandBigInt, RandomBits, UniformBigInt, UniformBigUint};
pub use iter::{U32Digits, U64Digits};
