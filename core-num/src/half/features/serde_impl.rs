//! `Serialize`/`Deserialize` in the `half` crate's format: a newtype struct (`"f16"`, `"bf16"`)
//! around the `u16` bits. Deserializing also accepts a float (rounded once) or a string
//! (parsed), as `half` does.

use crate::half::{bf16, f16};
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

macro_rules! serde_half {
    ($t:ident, $name:literal, $visitor:ident) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_newtype_struct($name, &self.to_bits())
            }
        }

        struct $visitor;

        impl<'de> Visitor<'de> for $visitor {
            type Value = $t;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!("tuple struct ", $name))
            }

            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<$t, D::Error> {
                Ok($t::from_bits(u16::deserialize(d)?))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<$t, E> {
                v.parse().map_err(|_| E::invalid_value(de::Unexpected::Str(v), &"a float string"))
            }

            fn visit_f32<E: de::Error>(self, v: f32) -> Result<$t, E> {
                Ok($t::from_f32(v))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<$t, E> {
                Ok($t::from_f64(v))
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                d.deserialize_newtype_struct($name, $visitor)
            }
        }
    };
}

serde_half!(f16, "f16", F16Visitor);
serde_half!(bf16, "bf16", Bf16Visitor);
