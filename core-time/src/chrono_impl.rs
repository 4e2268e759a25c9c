//! `chrono` interop (feature `chrono`): [`TimeZone`] implements `chrono::TimeZone`, so code
//! written against `chrono_tz::Tz` switches by changing the type.
//!
//! ```
//! use chrono::{TimeZone as _, NaiveDate};
//! let la = core_time::TimeZone::get("America/Los_Angeles").unwrap();
//! let dt = la.with_ymd_and_hms(2026, 7, 15, 5, 0, 0).unwrap();
//! assert_eq!(dt.timestamp(), 1_784_116_800);
//! assert_eq!(dt.offset().to_string(), "PDT");
//! assert_eq!(dt.to_rfc3339(), "2026-07-15T05:00:00-07:00");
//! ```

use crate::tz::zone::LocalMatch;
use crate::{Abbreviation, DateTime, Offset, TimeZone, Timestamp};
use chrono::{Datelike, FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, Timelike};
use core::fmt;

/// The offset type of [`TimeZone`] under chrono: the zone, its offset from UTC and the
/// abbreviation at an instant (like `chrono_tz::TzOffset`). `Display` writes the
/// abbreviation, `Debug` the abbreviation and offset.
///
/// ```
/// use chrono::{Offset as _, TimeZone as _};
/// let berlin = core_time::TimeZone::get("Europe/Berlin")?;
/// let dt = berlin.with_ymd_and_hms(2026, 7, 15, 9, 30, 0).unwrap();
/// let off = dt.offset();
/// assert_eq!((off.to_string(), off.is_dst()), ("CEST".to_string(), true));
/// assert_eq!(off.fix().local_minus_utc(), 7200);
/// assert_eq!(off.zone().name(), "Europe/Berlin");
/// # Ok::<(), core_time::TzError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ChronoOffset {
    zone: TimeZone,
    offset: Offset,
    abbreviation: Abbreviation,
    is_dst: bool,
}

impl ChronoOffset {
    /// The zone this offset belongs to.
    ///
    /// ```
    /// use chrono::TimeZone as _;
    ///
    /// let paris = core_time::TimeZone::get("Europe/Paris").unwrap();
    /// let winter = paris.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
    /// let summer = paris.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
    /// assert_eq!(winter.offset().zone().name(), "Europe/Paris");
    /// assert_eq!(winter.offset().zone(), summer.offset().zone());
    /// ```
    pub fn zone(&self) -> &TimeZone {
        &self.zone
    }
    /// The offset from UTC.
    ///
    /// ```
    /// use chrono::TimeZone as _;
    ///
    /// let paris = core_time::TimeZone::get("Europe/Paris").unwrap();
    /// let winter = paris.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
    /// let summer = paris.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
    /// assert_eq!(winter.offset().offset().seconds(), 3600);
    /// assert_eq!(summer.offset().offset().seconds(), 7200);
    /// ```
    pub fn offset(&self) -> Offset {
        self.offset
    }
    /// The zone's abbreviation.
    ///
    /// ```
    /// use chrono::TimeZone as _;
    ///
    /// let paris = core_time::TimeZone::get("Europe/Paris").unwrap();
    /// let winter = paris.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
    /// let summer = paris.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
    /// assert_eq!(winter.offset().abbreviation().as_str(), "CET");
    /// assert_eq!(summer.offset().abbreviation().as_str(), "CEST");
    /// ```
    pub fn abbreviation(&self) -> Abbreviation {
        self.abbreviation
    }
    /// Whether daylight-saving time is in effect.
    ///
    /// ```
    /// use chrono::TimeZone as _;
    ///
    /// let paris = core_time::TimeZone::get("Europe/Paris").unwrap();
    /// let winter = paris.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
    /// let summer = paris.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
    /// assert!(!winter.offset().is_dst());
    /// assert!(summer.offset().is_dst());
    /// ```
    pub fn is_dst(&self) -> bool {
        self.is_dst
    }
}

impl fmt::Debug for ChronoOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.abbreviation, self.offset)
    }
}

impl fmt::Display for ChronoOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation.as_str())
    }
}

impl chrono::Offset for ChronoOffset {
    fn fix(&self) -> FixedOffset {
        // Offsets are within ±25:59:59, inside chrono's ±24h limit only up to 23:59:59; the
        // extreme historical values do not occur in the tz database.
        FixedOffset::east_opt(self.offset.seconds()).unwrap_or(FixedOffset::east_opt(0).unwrap())
    }
}

impl TimeZone {
    fn chrono_offset_at(&self, secs: i64) -> ChronoOffset {
        let lt = self.local_type_at(secs);
        ChronoOffset {
            zone: self.clone(),
            offset: Offset::from_seconds_unchecked(lt.offset),
            abbreviation: lt.abbr,
            is_dst: lt.is_dst,
        }
    }
}

fn naive_secs(d: &NaiveDateTime) -> i64 {
    d.and_utc().timestamp()
}

impl chrono::TimeZone for TimeZone {
    type Offset = ChronoOffset;

    fn from_offset(offset: &ChronoOffset) -> TimeZone {
        offset.zone.clone()
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<ChronoOffset> {
        self.offset_from_local_datetime(&local.and_hms_opt(0, 0, 0).unwrap_or_default())
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<ChronoOffset> {
        let l = naive_secs(local);
        match self.local_match(l) {
            LocalMatch::Unique(o) => MappedLocalTime::Single(self.chrono_offset_at(l - o as i64)),
            LocalMatch::Overlap { earlier, later } => MappedLocalTime::Ambiguous(
                self.chrono_offset_at(l - earlier as i64),
                self.chrono_offset_at(l - later as i64),
            ),
            LocalMatch::Gap { .. } => MappedLocalTime::None,
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> ChronoOffset {
        self.offset_from_utc_datetime(&utc.and_hms_opt(0, 0, 0).unwrap_or_default())
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> ChronoOffset {
        self.chrono_offset_at(naive_secs(utc))
    }
}

/// `chrono::NaiveDateTime` → [`DateTime`], for dates within years -9999..=9999.
impl TryFrom<NaiveDateTime> for DateTime {
    type Error = crate::RangeError;
    fn try_from(d: NaiveDateTime) -> Result<DateTime, crate::RangeError> {
        let y = d.year();
        let ns = d.nanosecond().min(999_999_999); // a chrono leap second folds into :59
        DateTime::new(
            y,
            d.month() as u8,
            d.day() as u8,
            d.hour() as u8,
            d.minute() as u8,
            d.second() as u8,
            ns,
        )
    }
}

/// [`DateTime`] → `chrono::NaiveDateTime` (always representable).
impl From<DateTime> for NaiveDateTime {
    fn from(d: DateTime) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(d.year(), d.month() as u32, d.day() as u32)
            .and_then(|date| {
                date.and_hms_nano_opt(
                    d.hour() as u32,
                    d.minute() as u32,
                    d.second() as u32,
                    d.nanosecond(),
                )
            })
            .unwrap_or_default()
    }
}

/// `chrono::DateTime<Utc>` → [`Timestamp`].
impl TryFrom<chrono::DateTime<chrono::Utc>> for Timestamp {
    type Error = crate::RangeError;
    fn try_from(d: chrono::DateTime<chrono::Utc>) -> Result<Timestamp, crate::RangeError> {
        Timestamp::from_unix(d.timestamp(), d.timestamp_subsec_nanos().min(999_999_999))
    }
}

/// [`Timestamp`] → `chrono::DateTime<Utc>` (always representable).
impl From<Timestamp> for chrono::DateTime<chrono::Utc> {
    fn from(t: Timestamp) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::from_timestamp(t.unix_secs(), t.subsec_nanos()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    #[test]
    fn behaves_like_a_chrono_zone() {
        let la = TimeZone::get("America/Los_Angeles").unwrap();
        let summer = la.timestamp_opt(1_784_116_800, 0).unwrap();
        assert_eq!(summer.naive_local().to_string(), "2026-07-15 05:00:00");
        assert_eq!(summer.offset().to_string(), "PDT");
        assert!(summer.offset().is_dst());
        // Spring forward: 02:30 does not exist; fall back: 01:30 exists twice.
        let gap = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap().and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(la.from_local_datetime(&gap), MappedLocalTime::None);
        let twice = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap().and_hms_opt(1, 30, 0).unwrap();
        match la.from_local_datetime(&twice) {
            MappedLocalTime::Ambiguous(a, b) => {
                assert_eq!(b.timestamp() - a.timestamp(), 3600);
                assert_eq!(
                    (a.offset().to_string(), b.offset().to_string()),
                    ("PDT".into(), "PST".into())
                );
            }
            other => panic!("{other:?}"),
        }
        // Converting between zones goes through `from_offset`.
        let paris = TimeZone::get("Europe/Paris").unwrap();
        assert_eq!(summer.with_timezone(&paris).naive_local().to_string(), "2026-07-15 14:00:00");
    }

    #[test]
    fn conversions_round_trip() {
        let d = DateTime::new(2024, 2, 29, 23, 59, 59, 999_999_999).unwrap();
        let n: NaiveDateTime = d.into();
        assert_eq!(DateTime::try_from(n).unwrap(), d);
        let t = Timestamp::from_unix(-1, 5).unwrap();
        let c: chrono::DateTime<chrono::Utc> = t.into();
        assert_eq!(Timestamp::try_from(c).unwrap(), t);
    }
}
