//! `From` conversions between this crate's integers and num-bigint's, both ways.
//!
//! Values move as digits (`u64` limbs out of num-bigint, `u32` digits into it, the widest
//! constructor it has), never through text, so a conversion is linear in the size.

use alloc::vec::Vec;

use crate::bigint::{BigInt, BigUint, Sign};

impl From<num_bigint::Sign> for Sign {
    #[inline]
    fn from(sign: num_bigint::Sign) -> Sign {
        match sign {
            num_bigint::Sign::Minus => Sign::Minus,
            num_bigint::Sign::NoSign => Sign::NoSign,
            num_bigint::Sign::Plus => Sign::Plus,
        }
    }
}

impl From<Sign> for num_bigint::Sign {
    #[inline]
    fn from(sign: Sign) -> num_bigint::Sign {
        match sign {
            Sign::Minus => num_bigint::Sign::Minus,
            Sign::NoSign => num_bigint::Sign::NoSign,
            Sign::Plus => num_bigint::Sign::Plus,
        }
    }
}

impl From<&num_bigint::BigUint> for BigUint {
    fn from(n: &num_bigint::BigUint) -> BigUint {
        BigUint::from_limbs(n.iter_u64_digits().collect::<Vec<u64>>())
    }
}

impl From<num_bigint::BigUint> for BigUint {
    #[inline]
    fn from(n: num_bigint::BigUint) -> BigUint {
        BigUint::from(&n)
    }
}

impl From<&BigUint> for num_bigint::BigUint {
    fn from(n: &BigUint) -> num_bigint::BigUint {
        num_bigint::BigUint::new(n.iter_u32_digits().collect())
    }
}

impl From<BigUint> for num_bigint::BigUint {
    #[inline]
    fn from(n: BigUint) -> num_bigint::BigUint {
        num_bigint::BigUint::from(&n)
    }
}

impl From<&num_bigint::BigInt> for BigInt {
    fn from(n: &num_bigint::BigInt) -> BigInt {
        BigInt::from_biguint(n.sign().into(), BigUint::from(n.magnitude()))
    }
}

impl From<num_bigint::BigInt> for BigInt {
    #[inline]
    fn from(n: num_bigint::BigInt) -> BigInt {
        BigInt::from(&n)
    }
}

impl From<&BigInt> for num_bigint::BigInt {
    fn from(n: &BigInt) -> num_bigint::BigInt {
        num_bigint::BigInt::from_biguint(n.sign().into(), n.magnitude().into())
    }
}

impl From<BigInt> for num_bigint::BigInt {
    #[inline]
    fn from(n: BigInt) -> num_bigint::BigInt {
        num_bigint::BigInt::from(&n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let values = [
            num_bigint::BigUint::default(),
            num_bigint::BigUint::from(1u32),
            num_bigint::BigUint::from(u64::MAX),
            num_bigint::BigUint::from(u128::MAX) << 70u32,
            num_bigint::BigUint::from(3u32).pow(1000),
        ];
        for v in &values {
            let ours = BigUint::from(v);
            assert_eq!(ours.to_u32_digits(), v.to_u32_digits());
            assert_eq!(&num_bigint::BigUint::from(&ours), v);
            for sign in [num_bigint::Sign::Minus, num_bigint::Sign::Plus] {
                let s = num_bigint::BigInt::from_biguint(sign, v.clone());
                let ours = BigInt::from(s.clone());
                assert_eq!(ours.sign(), Sign::from(s.sign()));
                assert_eq!(ours.magnitude().to_u32_digits(), v.to_u32_digits());
                assert_eq!(num_bigint::BigInt::from(ours), s);
            }
        }
    }
}
