//! [`Tz`] as a `chrono::TimeZone` (feature `chrono`), with chrono-tz's offset type and traits.
//!
//! An offset is found by the zone's cached lookup (the same tables and per-year rule cache a
//! [`TimeZone`](crate::TimeZone) uses) and copied out with the standard offset behind it, so
//! `DateTime<Tz>` is `Copy` and carries everything its offset's methods answer.

use super::Tz;
use crate::tz::zone::LocalMatch;
use crate::Abbreviation;
use chrono::{FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, TimeDelta};
use core::fmt;

/// The offset of a [`Tz`] at an instant: total offset from UTC, the standard offset it is
/// made of, and the abbreviation. `Display` and `Debug` write the abbreviation (`CEST`,
/// `+0530`), as chrono-tz does.
///
/// ```
/// use chrono::{Offset, TimeZone};
/// use core_time::tzdb::{Europe::London, OffsetComponents, OffsetName};
///
/// let summer = London.with_ymd_and_hms(2016, 5, 10, 12, 0, 0).unwrap();
/// let offset = *summer.offset();
/// assert_eq!(offset.tz_id(), "Europe/London");
/// assert_eq!(offset.abbreviation(), Some("BST"));
/// assert_eq!(offset.base_utc_offset().num_seconds(), 0);
/// assert_eq!(offset.dst_offset().num_seconds(), 3600);
/// assert_eq!(offset.fix().local_minus_utc(), 3600);
/// assert_eq!(format!("{summer:?}"), "2016-05-10T12:00:00BST");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TzOffset {
    tz: Tz,
    offset: i32,
    standard: i32,
    abbreviation: Abbreviation,
}

/// An offset split into the zone's standard offset from UTC and the daylight-saving amount
/// added to it (as chrono-tz's trait of the same name).
///
/// TZif data, which this crate reads, records each period's total offset and whether it is
/// daylight time; the standard part of a daylight period is the standard offset in force
/// around it (before it, or after it when nothing came before).
///
/// ```
/// use chrono::{TimeDelta, TimeZone};
/// use core_time::tzdb::{America::New_York, OffsetComponents};
/// let summer = New_York.with_ymd_and_hms(2026, 7, 4, 12, 0, 0).unwrap();
/// assert_eq!(summer.offset().base_utc_offset(), TimeDelta::hours(-5));
/// assert_eq!(summer.offset().dst_offset(), TimeDelta::hours(1));
/// ```
pub trait OffsetComponents {
    /// The standard offset from UTC (without daylight saving).
    fn base_utc_offset(&self) -> TimeDelta;
    /// The daylight-saving amount in effect (zero in standard time; negative for zones whose
    /// winter time is the daylight period, such as Europe/Dublin).
    fn dst_offset(&self) -> TimeDelta;
}

/// The names of an offset (as chrono-tz's trait of the same name).
///
/// ```
/// use chrono::TimeZone;
/// use core_time::tzdb::{Asia::Kolkata, Europe::Paris, OffsetName};
/// let dt = Paris.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
/// assert_eq!((dt.offset().tz_id(), dt.offset().abbreviation()), ("Europe/Paris", Some("CET")));
/// let dt = Kolkata.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
/// assert_eq!(dt.offset().abbreviation(), Some("IST"));
/// ```
pub trait OffsetName {
    /// The IANA name of the zone (`"America/New_York"`).
    fn tz_id(&self) -> &str;
    /// The abbreviation (`Some("EST")`), or `None` where the database has only a numeric one
    /// such as `+0530`.
    fn abbreviation(&self) -> Option<&str>;
}

impl TzOffset {
    fn at(tz: Tz, secs: i64) -> TzOffset {
        let (lt, standard) = tz.zone().local_type_and_standard_at(secs);
        TzOffset { tz, offset: lt.offset, standard, abbreviation: lt.abbr }
    }

    /// The zone this offset belongs to.
    ///
    /// ```
    /// use chrono::TimeZone;
    /// use core_time::tzdb::{Asia::Tokyo, Tz};
    ///
    /// let dt = Tokyo.with_ymd_and_hms(2026, 7, 15, 21, 0, 0).unwrap();
    /// assert_eq!(dt.offset().tz(), Tz::Asia__Tokyo);
    /// assert_eq!(dt.offset().tz().name(), "Asia/Tokyo");
    /// ```
    pub fn tz(&self) -> Tz {
        self.tz
    }
}

impl OffsetComponents for TzOffset {
    fn base_utc_offset(&self) -> TimeDelta {
        TimeDelta::seconds(self.standard.into())
    }

    fn dst_offset(&self) -> TimeDelta {
        TimeDelta::seconds((self.offset - self.standard).into())
    }
}

impl OffsetName for TzOffset {
    fn tz_id(&self) -> &str {
        self.tz.name()
    }

    fn abbreviation(&self) -> Option<&str> {
        let a = self.abbreviation.as_str();
        (!a.starts_with(['+', '-'])).then_some(a)
    }
}

impl fmt::Display for TzOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation.as_str())
    }
}

impl fmt::Debug for TzOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation.as_str())
    }
}

impl chrono::Offset for TzOffset {
    fn fix(&self) -> FixedOffset {
        // The embedded database's offsets all lie within ±15 hours, well inside chrono's ±24.
        FixedOffset::east_opt(self.offset).unwrap_or_else(|| chrono::Utc.fix())
    }
}

fn naive_secs(d: &NaiveDateTime) -> i64 {
    d.and_utc().timestamp()
}

impl chrono::TimeZone for Tz {
    type Offset = TzOffset;

    fn from_offset(offset: &TzOffset) -> Tz {
        offset.tz
    }

    /// The offset of one moment of the day that exists: midnight when it does, else the
    /// day's last second, the earlier of two when ambiguous (chrono-tz's choice, so that
    /// `tz.ymd(..).and_hms(..)` works on days with a transition).
    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<TzOffset> {
        let first = self.offset_from_local_datetime(&local.and_time(chrono::NaiveTime::MIN));
        let last = || {
            let end = local.and_hms_opt(23, 59, 59).unwrap_or_default();
            self.offset_from_local_datetime(&end)
        };
        match first {
            MappedLocalTime::Single(o) | MappedLocalTime::Ambiguous(o, _) => {
                MappedLocalTime::Single(o)
            }
            MappedLocalTime::None => match last() {
                MappedLocalTime::Single(o) | MappedLocalTime::Ambiguous(o, _) => {
                    MappedLocalTime::Single(o)
                }
                MappedLocalTime::None => MappedLocalTime::None,
            },
        }
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<TzOffset> {
        let l = naive_secs(local);
        match self.zone().local_match(l) {
            LocalMatch::Unique(o) => MappedLocalTime::Single(TzOffset::at(*self, l - o as i64)),
            LocalMatch::Overlap { earlier, later } => MappedLocalTime::Ambiguous(
                TzOffset::at(*self, l - earlier as i64),
                TzOffset::at(*self, l - later as i64),
            ),
            LocalMatch::Gap { .. } => MappedLocalTime::None,
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> TzOffset {
        self.offset_from_utc_datetime(&utc.and_time(chrono::NaiveTime::MIN))
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> TzOffset {
        TzOffset::at(*self, naive_secs(utc))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tzdb::{America, Asia, Europe, UTC};
    use chrono::{Offset as _, TimeZone as _};

    fn components(o: &TzOffset) -> (i64, i64) {
        (o.base_utc_offset().num_seconds(), o.dst_offset().num_seconds())
    }

    #[test]
    fn offsets_split_into_standard_and_daylight_parts() {
        let berlin =
            |y, m, d| *Europe::Berlin.with_ymd_and_hms(y, m, d, 12, 0, 0).unwrap().offset();
        assert_eq!(components(&berlin(2024, 1, 10)), (3600, 0));
        assert_eq!(components(&berlin(2024, 7, 10)), (3600, 3600));
        // "Central European Midsummer Time", 1945: two hours on top of CET.
        let cemt = berlin(1945, 6, 10);
        assert_eq!((cemt.to_string(), components(&cemt)), ("CEMT".into(), (3600, 7200)));
        // Dublin's winter is the daylight period of its rules (negative saving).
        let dublin = *Europe::Dublin.with_ymd_and_hms(2024, 1, 10, 12, 0, 0).unwrap().offset();
        assert_eq!(components(&dublin).0 + components(&dublin).1, 0);
        let kolkata = *Asia::Kolkata.with_ymd_and_hms(2024, 1, 10, 12, 0, 0).unwrap().offset();
        assert_eq!(components(&kolkata), (19800, 0));
        assert_eq!((kolkata.abbreviation(), kolkata.tz_id()), (Some("IST"), "Asia/Kolkata"));
        let dubai = *Asia::Dubai.with_ymd_and_hms(2024, 1, 10, 12, 0, 0).unwrap().offset();
        assert_eq!((dubai.abbreviation(), dubai.to_string()), (None, "+04".into()));
        assert_eq!(dubai.fix().local_minus_utc(), 4 * 3600);
    }

    #[test]
    fn local_times_resolve_as_in_chrono_tz() {
        let ny = America::New_York;
        let gap = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap().and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(ny.from_local_datetime(&gap), MappedLocalTime::None);
        let twice = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap().and_hms_opt(1, 30, 0).unwrap();
        let MappedLocalTime::Ambiguous(a, b) = ny.from_local_datetime(&twice) else {
            panic!("01:30 on 2026-11-01 is shown twice in New York")
        };
        assert_eq!((a.offset().to_string(), b.offset().to_string()), ("EDT".into(), "EST".into()));
        // A day that starts in a gap still has an offset (Havana's spring-forward is at 00:00).
        let day = NaiveDate::from_ymd_opt(2024, 3, 10).unwrap();
        #[allow(deprecated)]
        let havana = crate::tzdb::America::Havana.offset_from_local_date(&day);
        assert_eq!(havana.map(|o| o.to_string()), MappedLocalTime::Single("CDT".into()));
        // Values are Copy and convert between zones.
        let dt = UTC.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
        let copy = dt;
        assert_eq!(dt.with_timezone(&Asia::Tokyo).to_string(), "2026-07-15 21:00:00 JST");
        assert_eq!(copy.timezone(), UTC);
    }
}
