//! Interop with the ecosystem, each behind its cargo feature:
//!
//! | feature      | what                                                                    |
//! |--------------|-------------------------------------------------------------------------|
//! | `num-traits` | num-traits' and num-integer's traits, as num-bigint 0.4 implements them |
//! | `num-bigint` | `From` conversions to and from num-bigint's types, limb by limb          |
//! | `serde`      | num-bigint's serialized form (u32 digits), so data moves between them    |
//! | `rand`       | [`RandBigInt`], [`RandomBits`] and uniform sampling (rand 0.8)           |
//!
//! None of them needs `std`.

#[cfg(feature = "num-bigint")]
mod num_bigint_impl;
#[cfg(feature = "num-traits")]
mod num_traits_impl;
#[cfg(feature = "rand")]
mod rand_impl;
#[cfg(feature = "serde")]
mod serde_impl;

#[cfg(feature = "rand")]
pub use rand_impl::{RandBigInt, RandomBits, UniformBigInt, UniformBigUint};
