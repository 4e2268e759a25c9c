//! Optional interop: `half` (conversions to and from the `half` crate's types), `num-traits`,
//! `bytemuck` and `serde`, each behind its feature.

#[cfg(feature = "bytemuck")]
mod bytemuck_impl;
#[cfg(feature = "half")]
mod half_impl;
#[cfg(feature = "num-traits")]
mod num_traits_impl;
#[cfg(feature = "serde")]
mod serde_impl;
