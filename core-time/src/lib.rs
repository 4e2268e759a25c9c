//! `core-time`: IANA time zones with cached transitions, an embedded tz database, and fast
//! ISO-8601 formats.
//!
//! ```
//! use core_time::{DateTime, Disambiguation, TimeZone, Timestamp};
//!
//! let la = TimeZone::get("America/Los_Angeles")?;
//! let t: Timestamp = "2026-07-15T12:00:00Z".parse()?;
//! let local = la.to_local(t);
//! assert_eq!(local.to_string(), "2026-07-15T05:00:00.0000000-07:00"); // the "O" format
//! assert_eq!(local.format_g().as_str(), "07/15/2026 05:00:00");
//!
//! // Back from a wall-clock reading; gaps and overlaps are resolved as asked.
//! let wall = DateTime::new(2026, 3, 8, 2, 30, 0, 0)?; // skipped by spring-forward
//! assert!(la.to_utc(wall, Disambiguation::Reject).is_err());
//! let later = la.to_zoned(wall, Disambiguation::Compatible)?;
//! assert_eq!(later.datetime().hour(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is inside
//!
//! - **Value types**: [`Timestamp`] (UTC instant, nanoseconds, years -9999..=9999),
//!   [`DateTime`] (civil, no zone), [`Offset`] and [`Zoned`] (an instant as a zone shows it:
//!   civil time, offset, abbreviation, DST flag; `Copy`, no allocation).
//! - **Zones**: [`TimeZone::get`] (ASCII-case-insensitive IANA names), [`TimeZone::system`],
//!   [`TimeZone::utc`], [`TimeZone::fixed`], [`TimeZone::from_tzif`] (RFC 8536 versions 1–4)
//!   and [`TimeZone::from_posix`] (POSIX TZ strings with the version 3 extensions). Clones
//!   share one pointer; zones are `Send + Sync`.
//! - **Data**: `$TZDIR`, then `/usr/share/zoneinfo`, then the embedded database (tzdata
//!   [`tz::embedded_version`], compiled with `zic` by `scripts/gen-tzdb.py`; feature
//!   `embedded-tzdb`, on by default). [`TimeZone::source`] says which one a zone came from.
//! - **Conversions**: at load time a zone's transitions become parallel arrays (UTC instant,
//!   local window start and end, type) and its POSIX footer rule is expanded through 2040; later
//!   years are computed from the rule once per year and cached lock-free. A lookup starts at the
//!   position of the previous one, so nearby instants skip the binary search.
//! - **Now**: [`TimeZone::now`] and [`now_local`] remember the span between the transitions
//!   around the last answer: a call is a clock read, a comparison and the civil arithmetic.
//! - **Formats** ([`fmt`]): the round-trip "O" form (7 fractional digits), RFC 3339 with 0–9
//!   digits, and the invariant "G" form; fixed-width writers, no allocation.
//!
//! # Features
//!
//! - `embedded-tzdb` (default): compile the tz database in (about 280 KB), and [`tzdb`].
//! - `tzdb-backzone`: embed the database built with `backzone` (pre-1970 history of zones
//!   that the main data merges into links) instead.
//! - `chrono`: [`TimeZone`] implements `chrono::TimeZone` (see below), plus conversions
//!   between our value types and chrono's.
//! - `serde`: `Serialize`/`Deserialize` for the value types and zones.
//!
//! # Migrating from chrono-tz
//!
//! With the `chrono` feature, [`tzdb`] has chrono-tz's layout: change `chrono_tz::` to
//! `core_time::tzdb::` in the imports. [`Tz`] is a `Copy` enum with chrono-tz's variant
//! names, constants per region (`tzdb::Europe::Berlin`), `TZ_VARIANTS`, `IANA_TZDB_VERSION`,
//! `OffsetName` and `OffsetComponents`, and prints as chrono-tz prints.
//!
//! ```
//! # #[cfg(feature = "chrono")] {
//! use chrono::TimeZone;
//! use core_time::tzdb::{Europe::Berlin, OffsetName, Tz};
//! let dt = Berlin.with_ymd_and_hms(2026, 7, 15, 9, 30, 0).unwrap();
//! let copy = dt; // `DateTime<Tz>` is `Copy`
//! assert_eq!(format!("{copy:?}"), "2026-07-15T09:30:00CEST");
//! assert_eq!(dt.with_timezone(&Tz::UTC).to_string(), "2026-07-15 07:30:00 UTC");
//! assert_eq!(dt.offset().tz_id(), "Europe/Berlin");
//! # }
//! ```
//!
//! [`TimeZone`] (system files, TZif bytes, POSIX strings) also implements `chrono::TimeZone`.
//! Far in the future we follow each zone's rule where chrono-tz's table ends (it shows PST in
//! July 2200); the README lists the few historical differences and why.

#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

#[cfg(feature = "chrono")]
mod chrono_impl;
mod civil;
mod datetime;
mod error;
pub mod fmt;
mod offset;
#[cfg(feature = "serde")]
mod serde_impl;
mod timestamp;
pub mod tz;
#[cfg(feature = "embedded-tzdb")]
pub mod tzdb;
mod zoned;

#[cfg(feature = "chrono")]
pub use chrono_impl::ChronoOffset;
pub use datetime::DateTime;
pub use error::RangeError;
pub use offset::Offset;
pub use timestamp::Timestamp;
pub use tz::{now_local, Disambiguation, LocalTimeError, TimeZone, Transition, TzError};
#[cfg(feature = "embedded-tzdb")]
pub use tzdb::Tz;
pub use zoned::{Abbreviation, Zoned};
