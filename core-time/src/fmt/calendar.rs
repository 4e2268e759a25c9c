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

    /// Seconds after 1970-01-01T00:00:00 of this reading; the fields must be valid.
    #[inline(always)]
    pub(crate) fn local_secs(&self) -> i64 {
        let days = civil::days_from_civil(self.year, self.month as u8, self.day as u8);
        days * civil::SECS_PER_DAY + (self.hour * 3600 + self.minute * 60 + self.second) as i64
    }
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
}
