//! `core-time`: IANA time zones with cached transitions, and fast ISO-8601 formats.

mod civil;
mod datetime;
mod error;
pub mod fmt;
mod offset;
mod timestamp;
pub mod tz;
mod zoned;

pub use datetime::DateTime;
pub use error::RangeError;
pub use offset::Offset;
pub use timestamp::Timestamp;
pub use tz::{now_local, Disambiguation, LocalTimeError, TimeZone, Transition, TzError};
pub use zoned::{Abbreviation, Zoned};
