//! Calendar arithmetic tuned for the formatters and parsers: the conversions between day
//! numbers and civil dates of Neri and Schneider ("Euclidean affine functions and their
//! application to calendar algorithms", 2022), which need only unsigned 32-bit arithmetic once
//! the day number is shifted to be positive. `crate::civil` is the reference they are tested
//! against.

use crate::datetime::DateTime;

/// Eras of 400 years added to every year so that all of them are positive.
const ERAS: u32 = 82;
/// Day number of 1970-01-01 once shifted: the March-based day count from the shifted year 0.
const DAY_SHIFT: u32 = 719_468 + 146_097 * ERAS;
/// Years added by the shift.
const YEAR_SHIFT: i32 = 400 * ERAS as i32;
/// `DAY_SHIFT` in seconds: added to Unix seconds to make them positive.
const SECS_SHIFT: i64 = DAY_SHIFT as i64 * 86_400;

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
        // Wrapping keeps arbitrary input free of overflow panics; in range it is exact.
        let u = secs.wrapping_add(SECS_SHIFT) as u64;
        let days = (u / 86_400) as u32;
        let sod = (u % 86_400) as u32;
        let (year, month, day) = civil_from_shifted_days(days);
        let hour = sod / 3600;
        let rest = sod - hour * 3600;
        let minute = rest / 60;
        Fields { year, month, day, hour, minute, second: rest - minute * 60, nanosecond }
    }

    /// Seconds after 1970-01-01T00:00:00 of this reading; the fields must be valid.
    #[inline(always)]
    pub(crate) fn local_secs(&self) -> i64 {
        let days = shifted_days_from_civil(self.year, self.month, self.day) as i64;
        days * 86_400 - SECS_SHIFT + (self.hour * 3600 + self.minute * 60 + self.second) as i64
    }
}

/// `(year, month, day)` of a shifted day number (`DAY_SHIFT` is 1970-01-01).
#[inline(always)]
fn civil_from_shifted_days(n: u32) -> (i32, u32, u32) {
    // Century and day of the century.
    let n1 = 4 * n + 3;
    let century = n1 / 146_097;
    let n_c = n1 % 146_097 / 4;
    // Year of the century and day of the (March-based) year, by one 64-bit product.
    let n2 = 4 * n_c + 3;
    let p2 = 2_939_745u64 * n2 as u64;
    let year_of_century = (p2 >> 32) as u32;
    let day_of_year = (p2 as u32) / 2_939_745 / 4;
    let year = 100 * century + year_of_century;
    // Month and day from the day of the year.
    let n3 = 2141 * day_of_year + 197_913;
    let month = n3 >> 16;
    let day = (n3 & 0xFFFF) / 2141 + 1;
    // January and February belong to the next civil year.
    let jan_feb = day_of_year >= 306;
    let year = year as i32 - YEAR_SHIFT + jan_feb as i32;
    let month = if jan_feb { month - 12 } else { month };
    (year, month, day)
}

/// The shifted day number of a valid civil date (`DAY_SHIFT` is 1970-01-01).
#[inline(always)]
fn shifted_days_from_civil(year: i32, month: u32, day: u32) -> u32 {
    let jan_feb = month <= 2;
    let y = (year + YEAR_SHIFT) as u32 - jan_feb as u32;
    let m = if jan_feb { month + 12 } else { month };
    let century = y / 100;
    let year_days = 1461 * y / 4 - century + century / 4;
    let month_days = (979 * m - 2919) / 32;
    year_days + month_days + day - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::civil;

    #[test]
    fn agrees_with_civil_on_every_day_of_the_range() {
        // Every day from year -10001 to 10001, a little more than any offset reaches.
        let first = civil::days_from_civil(-10_001, 1, 1);
        let last = civil::days_from_civil(10_001, 12, 31);
        for days in first..=last {
            let want = civil::civil_from_days(days);
            let n = (days + DAY_SHIFT as i64) as u32;
            let (y, m, d) = civil_from_shifted_days(n);
            assert_eq!((y, m as u8, d as u8), want, "day {days}");
            assert_eq!(shifted_days_from_civil(y, m, d), n, "day {days}");
        }
    }

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
}
