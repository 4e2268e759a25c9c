//! Half-precision floating point: [`f16`](struct@f16) (IEEE 754 binary16) and [`bf16`] (bfloat16), with
//! the `half` crate's API, exact conversions, and slice conversions that use the CPU's
//! conversion instructions.
//!
//! - **Rounding.** Every narrowing conversion (`from_f32`, `from_f64`, `FromStr`, the
//!   arithmetic operators, the slice conversions) rounds exactly once, to nearest with ties to
//!   even; subnormal results are exact. `from_f64` rounds from the `f64` itself, not through
//!   `f32` (which would round twice: `1 + 2^-11 + 2^-40` is just above a halfway point of
//!   `f16` but lands on it as an `f32`); parsing decides halfway cases from the exact decimal
//!   digits (see the `FromStr` impls). Widening is exact.
//! - **Comparison.** NaN is checked once, then the sign-magnitude bits become a two's
//!   complement key (`magnitude`, negated for negative values), which orders like the values
//!   and maps `-0` and `+0` to the same key: `<`, `<=`, `==` and `partial_cmp` are an integer
//!   compare with no branch.
//! - **Slices.** [`convert_to_f32`], [`convert_from_f32`], [`convert_to_f64`] and
//!   [`convert_from_f64`] (and `half`'s [`HalfFloatSliceExt`] methods) run on F16C or AVX-512
//!   (x86_64) or `fcvtl`/`fcvtn` (aarch64), picked at run time; bf16 runs in integer vector
//!   lanes at every level.
//!
//! ```
//! use core_num::half::{convert_to_f32, HalfFloatSliceExt};
//! use core_num::{bf16, f16};
//!
//! let x = f16::from_f64(0.1);
//! assert_eq!(x.to_bits(), 0x2E66);
//! assert_eq!(x, "0.1".parse().unwrap());
//! assert!(f16::from_f32(70000.0).is_infinite());
//! assert_eq!(f16::MAX.next_up(), f16::INFINITY);
//!
//! let halves = [f16::ONE, f16::PI, -f16::E];
//! let mut wide = [0f32; 3];
//! convert_to_f32(&halves, &mut wide)?;
//! assert_eq!(wide, [1.0, 3.140625, -2.71875]);
//! assert_eq!(halves.to_f32_vec(), wide);
//! assert_eq!(bf16::from_f32(wide[1]).to_f32(), 3.140625);
//! # Ok::<(), core_num::half::LengthMismatchError>(())
//! ```
//!
//! # Migrating from `half`
//!
//! Replace `half::` with `core_num::half::` (or `core_num::` for the two types); the methods,
//! constants, operators, conversions and extension traits keep their names and results.
//! Differences: `FromStr` rounds once from the text (`half` parses an `f32` and rounds
//! again); `from_f64` rounds once (`half` 2.7 on x86 with F16C rounds through `f32` first);
//! `next_up`, `next_down` and `abs` are inherent methods here; the exponent and radix
//! formats honour precision and `#` flags; there are no `Vec` extension traits or `rand`,
//! `rkyv`, `zerocopy` and `arbitrary` features.

pub(crate) mod convert;
mod features;
mod ops;
mod parse;
mod slice;
mod types;

#[doc(hidden)]
pub use slice::__at;
pub use slice::{
    convert_from_f32, convert_from_f64, convert_to_f32, convert_to_f64, Half, HalfBitsSliceExt,
    HalfFloatSliceExt, LengthMismatchError,
};
pub use types::{bf16, f16};

/// The types and extension traits, as `half::prelude` has them: `use core_num::half::prelude::*`.
pub mod prelude {
    pub use super::{bf16, f16, HalfBitsSliceExt, HalfFloatSliceExt};
}
