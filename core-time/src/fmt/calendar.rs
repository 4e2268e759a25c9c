//! The field view of a date and time that the formatters and parsers work with; the calendar
//! arithmetic itself is `crate::civil`.

use crate::civil;
use crate::datetime::DateTime;

/// A date and time as separate numbers, the form the formatters and parsers work with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fields {
    pub(crate) year: i32,
    pub(crate) month: u32,
    pub(crate) day: u32,
    pub(crate) hour: u32,
    pub(crate) minute: u32,
    pub(crate) second: u32,
    pub(crate) nanosecond: u32,
}

impl Fields {
    #[inline(always)]
    pub(crate) fn from_datetime(dt: &DateTime) -> Fields {
        Fields {
            year: dt.year(),
            month: dt.month() as u32,
            day: dt.day() as u32,
            hour: dt.hour() as u32,
            minute: dt.minute() as u32,
            second: dt.second() as u32,
            nanosecond: dt.nanosecond(),
        }
    }

    /// The reading `secs` seconds after 1970-01-01T00:00:00 (a Unix time plus an offset,
    /// which keeps it within a few days of the civil range, years -10000 to 10000).
    #[inline(always)]
    pub(crate) fn from_local_secs(secs: i64, nanosecond: u32) -> Fields {
        // civil's arithmetic wraps, so arbitrary input cannot panic; in range it is exact.
        let (days, sod) = civil::split_secs(secs);
        let (year, month, day) = civil::civil_from_days(days);
        let (month, day) = (month as u32, day as u32);
        let hour = sod / 3600;
        let rest = sod - hour * 3600;
        let minute = rest / 60;
        Fields { year, month, day, hour, minute, second: rest - minute * 60, nanosecond }
    }

    /// Seconds after 1970-01-01T00:00:00 of this reading; the fields must be valid, and the
    /// year from -12,799 to 30,000.
    #[inline(always)]
    pub(crate) fn local_secs(&self) -> i64 {
        days_from_date(self.year, self.month, self.day) * civil::SECS_PER_DAY
            + (self.hour * 3600 + self.minute * 60 + self.second) as i64
    }
}

/// Day number (days since 1970-01-01) of a valid date of a year from -12,799 to 30,000:
/// `civil::days_from_civil` in 32-bit arithmetic, which is enough for the parsers.
///
/// As there, the year starts on 1 March so that the leap day comes last; it is counted from
/// 1 March of year -12,800, which keeps every quantity non-negative and below 2^32.
#[inline(always)]
const fn days_from_date(year: i32, month: u32, day: u32) -> i64 {
    const SHIFT: u32 = 12_800;
    let jan_feb = (month <= 2) as u32;
    // The year of the March-based count (below 25,600) and its month (3 to 14).
    let y = (year + SHIFT as i32) as u32 - jan_feb;
    let m = month + 12 * jan_feb;
    // (y * 5243) >> 19 is y / 100 for every y below 43,699.
    let century = (y * 5243) >> 19;
    let year_days = 365 * y + y / 4 - century + century / 4;
    let month_days = (979 * m - 2919) / 32; // from 1 March to the 1st of month m
    (year_days + month_days + day) as i64 - EPOCH_DAY
}

/// What [`days_from_date`]'s sum comes to on 1970-01-01, day 0.
const EPOCH_DAY: i64 = {
    let y = 1969 + 12_800u32;
    let century = y / 100;
    (365 * y + y / 4 - century + century / 4 + (979 * 13 - 2919) / 32 + 1) as i64
};

/// Day numbers of 0000-01-01 and 9999-12-31, the days [`split_days`] takes.
const FIRST_DAY: i64 = civil::days_from_civil(0, 1, 1);
const LAST_DAY: i64 = civil::days_from_civil(9999, 12, 31);

/// The date of day number `days` as the formatters want it, when its year is 0 to 9999:
/// the year's first two digits and its last two, and the day of the year counted from
/// 1 March (0 to 365, where January and February are days 306 on). `None` for other years.
///
/// The steps are those of `civil::civil_from_days`, counted from 1 March of year -400 so that
/// every quantity is small and non-negative, and the year is left in two halves, as it comes
/// out of the arithmetic, rather than put together and taken apart again.
#[inline(always)]
pub(crate) fn split_days(days: i64) -> Option<(u32, u32, u32)> {
    if !(FIRST_DAY..=LAST_DAY).contains(&days) {
        return None;
    }
    // Days since -0400-03-01: below 3.8 million, so 4n + 3 fits 32 bits.
    let n = (days - FIRST_DAY) as u32 + 146_037;
    let n1 = 4 * n + 3;
    let century = n1 / 146_097; // centuries since -400: 3 to 103
    let day_of_century = (n1 % 146_097) / 4;
    let p2 = 2_939_745 * (4 * day_of_century as u64 + 3);
    let year_of_century = (p2 >> 32) as u32;
    let day_of_year = (p2 as u32) / 2_939_745 / 4;
    // January and February belong to the next calendar year; at the end of a century that
    // carries into the first two digits.
    let low = year_of_century + (day_of_year >= 306) as u32;
    let carry = (low == 100) as u32;
    Some((century + carry - 4, low - 100 * carry, day_of_year))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_seconds_round_trip() {
        for secs in [
            -400_000_000_000i64,
            -377_705_116_800,
            -86_401,
            -86_400,
            -1,
            0,
            1,
            86_399,
            86_400,
            1_784_116_800,
            253_402_300_799,
            253_402_400_000,
        ] {
            let f = Fields::from_local_secs(secs, 7);
            let days = secs.div_euclid(86_400);
            let sod = secs.rem_euclid(86_400) as u32;
            let (y, m, d) = civil::civil_from_days(days);
            assert_eq!(
                f,
                Fields {
                    year: y,
                    month: m as u32,
                    day: d as u32,
                    hour: sod / 3600,
                    minute: sod / 60 % 60,
                    second: sod % 60,
                    nanosecond: 7
                }
            );
            assert_eq!(f.local_secs(), secs);
        }
    }

    #[test]
    fn split_days_agrees_with_civil() {
        let mut checked = 0;
        for days in FIRST_DAY - 1000..=LAST_DAY + 1000 {
            let split = split_days(days);
            let (year, month, day) = civil::civil_from_days(days);
            if !(0..=9999).contains(&year) {
                assert_eq!(split, None, "day {days}");
                continue;
            }
            let (hi, lo, doy) = split.unwrap();
            assert_eq!((hi * 100 + lo) as i32, year, "day {days}");
            assert!(hi < 100 && lo < 100);
            // The day of the year counted from 1 March of the year it starts in.
            let march = civil::days_from_civil(if month <= 2 { year - 1 } else { year }, 3, 1);
            assert_eq!(doy as i64, days - march, "day {days} ({year}-{month}-{day})");
            checked += 1;
        }
        assert_eq!(checked, LAST_DAY - FIRST_DAY + 1);
    }

    #[test]
    fn days_from_date_agrees_with_civil() {
        let (first, last) =
            (civil::days_from_civil(-12_000, 1, 1), civil::days_from_civil(12_000, 12, 31));
        for days in first..=last {
            let (y, m, d) = civil::civil_from_days(days);
            assert_eq!(days_from_date(y, m as u32, d as u32), days, "{y}-{m}-{d}");
        }
    }
}
