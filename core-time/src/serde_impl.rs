//! `serde` support (feature `serde`).
//!
//! [`Timestamp`] and [`DateTime`] travel as their "O" text (`2026-07-15T12:00:00.0000000Z`,
//! `2026-07-15T05:00:00.0000000`) and deserialize from any form their `FromStr` accepts;
//! [`Zoned`] serializes as "O" text with its offset; [`Offset`] as seconds east of UTC;
//! [`TimeZone`] as its name (deserialized with [`TimeZone::get`], then as a POSIX TZ string);
//! [`Tz`](crate::Tz) as its exact IANA name.

use crate::{DateTime, Offset, TimeZone, Timestamp, Zoned};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// Deserializes any `FromStr` type from a string.
struct FromText<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for FromText<T>
where
    T::Err: fmt::Display,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.format_o().as_str())
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(FromText(PhantomData, "an ISO-8601 / RFC 3339 instant"))
    }
}

impl Serialize for DateTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.format_o().as_str())
    }
}

impl<'de> Deserialize<'de> for DateTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(FromText(PhantomData, "an ISO-8601 date-time without offset"))
    }
}

impl Serialize for Zoned {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.format_o().as_str())
    }
}

impl Serialize for Offset {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.seconds())
    }
}

impl<'de> Deserialize<'de> for Offset {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let secs = i32::deserialize(d)?;
        Offset::from_seconds(secs).map_err(de::Error::custom)
    }
}

impl Serialize for TimeZone {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TimeZone {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        TimeZone::get(&name).or_else(|_| TimeZone::from_posix(&name)).map_err(de::Error::custom)
    }
}

/// A [`Tz`](crate::Tz) as its IANA name, as chrono-tz writes it.
#[cfg(feature = "embedded-tzdb")]
impl Serialize for crate::Tz {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A [`Tz`](crate::Tz) from its exact IANA name.
#[cfg(feature = "embedded-tzdb")]
impl<'de> Deserialize<'de> for crate::Tz {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(FromText(PhantomData, "an IANA time-zone name"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "embedded-tzdb")]
    #[test]
    fn tz_round_trips_by_name() {
        let tz = crate::tzdb::America::Argentina::Buenos_Aires;
        let j = serde_json::to_string(&tz).unwrap();
        assert_eq!(j, "\"America/Argentina/Buenos_Aires\"");
        assert_eq!(serde_json::from_str::<crate::Tz>(&j).unwrap(), tz);
        let err = serde_json::from_str::<crate::Tz>("\"Mars/Base\"").unwrap_err();
        assert!(err.to_string().contains("failed to parse timezone"), "{err}");
    }

    #[test]
    fn values_round_trip_through_json() {
        let t = Timestamp::from_unix(1_784_116_800, 123_456_700).unwrap();
        let j = serde_json::to_string(&t).unwrap();
        assert_eq!(j, "\"2026-07-15T12:00:00.1234567Z\"");
        assert_eq!(serde_json::from_str::<Timestamp>(&j).unwrap(), t);
        let d = DateTime::new(2024, 3, 15, 13, 45, 30, 0).unwrap();
        let j = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<DateTime>(&j).unwrap(), d);
        let o = Offset::from_seconds(-25_200).unwrap();
        assert_eq!(serde_json::to_string(&o).unwrap(), "-25200");
        assert_eq!(serde_json::from_str::<Offset>("-25200").unwrap(), o);
        assert!(serde_json::from_str::<Offset>("999999").is_err());
        let tz = TimeZone::get("Europe/Paris").unwrap();
        let j = serde_json::to_string(&tz).unwrap();
        assert_eq!(serde_json::from_str::<TimeZone>(&j).unwrap(), tz);
        let z = TimeZone::get("America/Los_Angeles").unwrap().to_local(t);
        assert_eq!(serde_json::to_string(&z).unwrap(), "\"2026-07-15T05:00:00.1234567-07:00\"");
        assert!(serde_json::from_str::<Timestamp>("\"2026-13-01T00:00:00Z\"").is_err());
    }
}
