//! `From` between our types and the `half` crate's: the same bits, so nothing changes value.

use crate::half::{bf16, f16};

impl From<half::f16> for f16 {
    #[inline]
    fn from(x: half::f16) -> f16 {
        f16::from_bits(x.to_bits())
    }
}

impl From<f16> for half::f16 {
    #[inline]
    fn from(x: f16) -> half::f16 {
        half::f16::from_bits(x.to_bits())
    }
}

impl From<half::bf16> for bf16 {
    #[inline]
    fn from(x: half::bf16) -> bf16 {
        bf16::from_bits(x.to_bits())
    }
}

impl From<bf16> for half::bf16 {
    #[inline]
    fn from(x: bf16) -> half::bf16 {
        half::bf16::from_bits(x.to_bits())
    }
}
