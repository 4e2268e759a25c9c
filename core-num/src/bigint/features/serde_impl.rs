//! `Serialize` / `Deserialize` in num-bigint 0.4's form, so values written by either crate read
//! back in the other, in any serde format:
//!
//! - [`BigUint`]: a sequence of `u32` digits, least significant first, without high zeros
//!   (zero is the empty sequence);
//! - [`Sign`]: an `i8`, -1, 0 or 1;
//! - [`BigInt`]: a 2-tuple (sign, magnitude).
//!
//! Reading accepts high zero digits, a zero magnitude with any sign and a non-zero magnitude
//! with sign 0 (both read as zero), as num-bigint does.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeSeq, SerializeTuple, Serializer};

use crate::bigint::{BigInt, BigUint, Sign};

impl Serialize for BigUint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let digits = self.iter_u32_digits();
        let mut seq = serializer.serialize_seq(Some(digits.len()))?;
        for d in digits {
            seq.serialize_element(&d)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for BigUint {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BigUint, D::Error> {
        deserializer.deserialize_seq(DigitsVisitor)
    }
}

struct DigitsVisitor;

impl<'de> Visitor<'de> for DigitsVisitor {
    type Value = BigUint;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of unsigned 32-bit digits")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BigUint, A::Error> {
        // The length hint comes from the input: trust it only up to a modest size.
        let hint = seq.size_hint().unwrap_or(0).min(1 << 12);
        let mut limbs = alloc::vec::Vec::with_capacity(hint.div_ceil(2));
        while let Some(lo) = seq.next_element::<u32>()? {
            let hi = seq.next_element::<u32>()?;
            limbs.push(u64::from(lo) | u64::from(hi.unwrap_or(0)) << 32);
            if hi.is_none() {
                break;
            }
        }
        Ok(BigUint::from_limbs(limbs))
    }
}

impl Serialize for Sign {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i8(match self {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        })
    }
}

impl<'de> Deserialize<'de> for Sign {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sign, D::Error> {
        match i8::deserialize(deserializer)? {
            -1 => Ok(Sign::Minus),
            0 => Ok(Sign::NoSign),
            1 => Ok(Sign::Plus),
            other => Err(de::Error::invalid_value(
                Unexpected::Signed(i64::from(other)),
                &"a sign of -1, 0, or 1",
            )),
        }
    }
}

impl Serialize for BigInt {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tuple = serializer.serialize_tuple(2)?;
        tuple.serialize_element(&self.sign())?;
        tuple.serialize_element(self.magnitude())?;
        tuple.end()
    }
}

impl<'de> Deserialize<'de> for BigInt {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BigInt, D::Error> {
        deserializer.deserialize_tuple(2, SignedVisitor)
    }
}

struct SignedVisitor;

impl<'de> Visitor<'de> for SignedVisitor {
    type Value = BigInt;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sign and a sequence of unsigned 32-bit digits")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BigInt, A::Error> {
        let sign: Sign = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let magnitude: BigUint =
            seq.next_element()?.ok_or_else(|| de::Error::invalid_length(1, &self))?;
        Ok(BigInt::from_biguint(sign, magnitude))
    }
}
