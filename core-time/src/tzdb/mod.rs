//! The embedded tz database as a `Copy` value: [`Tz`], one variant and one constant per IANA
//! name, laid out as chrono-tz lays them out (`tzdb::Europe::Berlin`, `tzdb::UTC`,
//! [`TZ_VARIANTS`], [`IANA_TZDB_VERSION`]); with the `chrono` feature, [`Tz`] is a
//! `chrono::TimeZone` whose offsets (`TzOffset`) are `Copy` and split into their base and
//! daylight-saving parts (`OffsetComponents`) and name themselves (`OffsetName`).
//!
//! Code written against chrono-tz switches by its imports alone (`use core_time::tzdb as
//! chrono_tz;`). This module needs the `embedded-tzdb` feature (on by default).
//!
//! ```
//! use core_time::tzdb::{Europe::Berlin, Tz, TZ_VARIANTS};
//! use core_time::Timestamp;
//!
//! let tz: Tz = "America/Argentina/Buenos_Aires".parse()?;
//! assert_eq!(tz.name(), "America/Argentina/Buenos_Aires");
//! assert_eq!(format!("{Berlin:?} {Berlin}"), "Europe/Berlin Europe/Berlin");
//! assert!(TZ_VARIANTS.contains(&Tz::UTC));
//! // The native API of a zone is one call away.
//! let t: Timestamp = "2026-07-15T12:00:00Z".parse()?;
//! assert_eq!(Berlin.zone().to_local(t).abbreviation().as_str(), "CEST");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How it works: a [`Tz`] is a two-byte index into the list of names that
//! `scripts/gen-tzdb.py` generates from the embedded database. The first use of a zone in a
//! process parses its TZif bytes into the tables a [`TimeZone`] uses (transitions as parallel
//! arrays, the footer rule expanded and cached per year) and keeps them in a per-zone
//! `OnceLock`; every later use is one atomic load and the lookup itself, with no allocation.
//!
//! Unlike [`TimeZone::get`], which prefers the system's files, a [`Tz`] always reads the
//! embedded data: release [`IANA_TZDB_VERSION`], IANA's main data (the `tzdb-backzone`
//! feature swaps in the variant with `backzone`'s pre-1970 history; see the crate's README).

#[cfg(feature = "chrono")]
mod chrono_offset;
#[rustfmt::skip]
mod generated;

#[cfg(feature = "chrono")]
pub use chrono_offset::{OffsetComponents, OffsetName, TzOffset};
pub use generated::*;

use crate::tz::{embedded_tzif, Source};
use crate::{TimeZone, TzError};
use core::fmt;
use std::sync::OnceLock;

/// The zones loaded so far, by [`Tz`] index.
static ZONES: [OnceLock<TimeZone>; generated::COUNT] =
    [const { OnceLock::new() }; generated::COUNT];

/// The names' hash tables, built at compile time: open addressing with linear probing over
/// FNV-1a hashes, in a table a little over three times the number of names, so a lookup is
/// one hash, usually one string comparison, and no allocation.
const SLOTS: usize = (generated::COUNT * 3).next_power_of_two();
const EMPTY: u16 = u16::MAX;
static BY_NAME: [u16; SLOTS] = name_index(false);
/// The same over ASCII-lowercased names, for [`Tz::from_str_insensitive`].
static BY_LOWERCASE_NAME: [u16; SLOTS] = name_index(true);

/// FNV-1a (32 bits) of `bytes`, ASCII-lowercased first when `fold` is set.
const fn name_hash(bytes: &[u8], fold: bool) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        let b = if fold { bytes[i].to_ascii_lowercase() } else { bytes[i] };
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

const fn name_index(fold: bool) -> [u16; SLOTS] {
    let mut table = [EMPTY; SLOTS];
    let mut i = 0;
    while i < generated::COUNT {
        let mut slot = name_hash(generated::NAMES[i].as_bytes(), fold) as usize & (SLOTS - 1);
        while table[slot] != EMPTY {
            slot = (slot + 1) & (SLOTS - 1);
        }
        table[slot] = i as u16;
        i += 1;
    }
    table
}

/// The zone named `name` (compared with `same`), looked up in the table built with `fold`.
#[inline]
fn find(name: &str, fold: bool, same: impl Fn(&str, &str) -> bool) -> Result<Tz, ParseError> {
    let table = if fold { &BY_LOWERCASE_NAME } else { &BY_NAME };
    let mut slot = name_hash(name.as_bytes(), fold) as usize;
    loop {
        slot &= SLOTS - 1;
        let i = table[slot];
        if i == EMPTY {
            return Err(ParseError(()));
        }
        if same(generated::NAMES[i as usize], name) {
            return Ok(TZ_VARIANTS[i as usize]);
        }
        slot += 1;
    }
}

/// The zones [`TimeZone::get`] has loaded by a name the embedded database knows, one slot
/// per variant: those lookups take no lock and allocate nothing.
static LOADED_BY_NAME: [OnceLock<TimeZone>; generated::COUNT] =
    [const { OnceLock::new() }; generated::COUNT];

/// The zone `name` (a variant's name in any ASCII case) from its slot, loading it with `load`
/// (which follows `TimeZone::get`'s order of sources) the first time; `None` for a name that
/// is no variant's.
pub(crate) fn get_by_name(
    name: &str,
    load: impl FnOnce(&str) -> Result<TimeZone, TzError>,
) -> Option<Result<TimeZone, TzError>> {
    // The exact spelling first: its hash is cheaper than the case-folding one.
    let tz = name.parse::<Tz>().or_else(|_| Tz::from_str_insensitive(name)).ok()?;
    let slot = &LOADED_BY_NAME[tz as usize];
    if let Some(zone) = slot.get() {
        return Some(Ok(zone.clone()));
    }
    Some(load(name).map(|zone| slot.get_or_init(|| zone.interned()).clone()))
}

impl Tz {
    /// The IANA name, as spelled in the database (`"America/New_York"`).
    ///
    /// ```
    /// use core_time::tzdb::{America, Tz};
    /// assert_eq!(America::New_York.name(), "America/New_York");
    /// assert_eq!(Tz::Etc__GMTPlus5.name(), "Etc/GMT+5");
    /// ```
    pub fn name(self) -> &'static str {
        generated::NAMES[self as usize]
    }

    /// The zone's data as a [`TimeZone`], for the native API (transitions, [`Zoned`](crate::Zoned)
    /// values, disambiguation choices). Loaded from the embedded database on first use and kept
    /// for the life of the process; the handle costs nothing to clone or drop.
    ///
    /// ```
    /// use core_time::tzdb::Asia::Kolkata;
    /// use core_time::tz::Source;
    /// let zone = Kolkata.zone();
    /// assert_eq!(zone.name(), "Asia/Kolkata");
    /// assert_eq!(zone.source(), &Source::Embedded);
    /// ```
    ///
    /// # Panics
    ///
    /// Only if the embedded database lacked a name that the generated list has, which the
    /// generator rules out and this crate's tests check for every zone.
    pub fn zone(self) -> &'static TimeZone {
        ZONES[self as usize].get_or_init(|| {
            let name = self.name();
            let bytes = embedded_tzif(name).expect("every generated zone name is embedded");
            TimeZone::from_tzif_with_source(name, bytes, Source::Embedded)
                .expect("the embedded TZif data is valid")
                .interned()
        })
    }

    /// The zone of this name, matched ASCII-case-insensitively (`"europe/paris"`), as
    /// chrono-tz's `case-insensitive` feature offers it.
    ///
    /// ```
    /// use core_time::tzdb::{Europe, Tz};
    /// assert_eq!(Tz::from_str_insensitive("europe/PARIS"), Ok(Europe::Paris));
    /// assert!(Tz::from_str_insensitive("Europe/Pariss").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError`] when no zone has this name.
    pub fn from_str_insensitive(name: &str) -> Result<Tz, ParseError> {
        find(name, true, str::eq_ignore_ascii_case)
    }
}

/// [`Tz::UTC`].
impl Default for Tz {
    fn default() -> Tz {
        Tz::UTC
    }
}

/// The IANA name, as chrono-tz writes it.
impl fmt::Debug for Tz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The IANA name.
impl fmt::Display for Tz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The zone of exactly this IANA name (case-sensitive, as in chrono-tz; see
/// [`Tz::from_str_insensitive`]).
///
/// ```
/// use core_time::tzdb::{Tz, ParseError};
/// assert_eq!("Asia/Tokyo".parse::<Tz>().map(Tz::name), Ok("Asia/Tokyo"));
/// assert!("asia/tokyo".parse::<Tz>().is_err());
/// ```
impl core::str::FromStr for Tz {
    type Err = ParseError;
    fn from_str(name: &str) -> Result<Tz, ParseError> {
        find(name, false, |a, b| a == b)
    }
}

/// The zone's data as a [`TimeZone`] (see [`Tz::zone`]).
impl From<Tz> for TimeZone {
    fn from(tz: Tz) -> TimeZone {
        tz.zone().clone()
    }
}

/// A name that is not one of the database's zones, from [`Tz`]'s `FromStr`.
///
/// ```
/// use core_time::tzdb::Tz;
/// let e = "Mars/Olympus_Mons".parse::<Tz>().unwrap_err();
/// assert_eq!(e.to_string(), "failed to parse timezone");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError(());

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("failed to parse timezone")
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_zone_loads_under_its_own_name() {
        for (i, &tz) in TZ_VARIANTS.iter().enumerate() {
            assert_eq!(tz as usize, i);
            assert_eq!(tz.name().parse::<Tz>(), Ok(tz));
            assert_eq!(Tz::from_str_insensitive(&tz.name().to_ascii_uppercase()), Ok(tz));
            assert_eq!(tz.zone().name(), tz.name());
            // Loaded once: the second call hands out the same zone.
            assert!(core::ptr::eq(tz.zone(), tz.zone()));
        }
        assert!(TZ_VARIANTS.windows(2).all(|w| w[0].name() < w[1].name()));
        let names = crate::tz::available_names();
        assert_eq!(TZ_VARIANTS.len(), names.iter().filter(|n| *n != "Factory").count());
        assert!("Factory".parse::<Tz>().is_err());
    }

    #[test]
    fn constants_and_names_agree() {
        assert_eq!(UTC, Tz::UTC);
        assert_eq!(Europe::Berlin.name(), "Europe/Berlin");
        assert_eq!(America::Argentina::Buenos_Aires.name(), "America/Argentina/Buenos_Aires");
        assert_eq!(America::PortauPrince.name(), "America/Port-au-Prince");
        assert_eq!(Etc::GMTMinus14.name(), "Etc/GMT-14");
        assert_eq!(WSU.name(), "W-SU");
        assert_eq!(Tz::default(), UTC);
        assert_eq!(core::mem::size_of::<Tz>(), 2);
        for bad in ["", "Europe/", "europe/berlin", "Europe/Berlin ", "Factory", "/UTC"] {
            assert_eq!(bad.parse::<Tz>(), Err(ParseError(())), "{bad:?}");
        }
        // Every name with one byte changed misses (each probe sequence ends at an empty slot).
        for tz in TZ_VARIANTS {
            let mut wrong = tz.name().as_bytes().to_vec();
            let last = wrong.len() - 1;
            wrong[last] ^= 0x40;
            let wrong = String::from_utf8_lossy(&wrong).into_owned();
            if wrong.parse::<Tz>().is_ok() {
                assert!(TZ_VARIANTS.iter().any(|z| z.name() == wrong), "{wrong:?}");
            }
        }
        assert!(BY_NAME.iter().filter(|&&i| i != EMPTY).count() == TZ_VARIANTS.len());
        assert_eq!(IANA_TZDB_VERSION, crate::tz::embedded_version());
    }
}
