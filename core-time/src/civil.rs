//! Proleptic Gregorian calendar arithmetic on day numbers.
//!
//! Day 0 is 1970-01-01. The conversions shift the year to start in March, so the leap day is
//! the last day of the shifted year and months have a closed-form day count; the era of 400
//! years (146,097 days) makes the arithmetic exact for negative years too.

/// Seconds in a day.
pub(crate) const SECS_PER_DAY: i64 = 86_400;

/// `true` when `year` has a 29 February.
#[inline]
pub(crate) const fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1..=12) of `year`.
#[inline]
pub(crate) const fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 => {
            if is_leap(year) {
                29
            } else {
                28
            }
        }
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Day number (days since 1970-01-01) of a valid civil date.
#[inline]
pub(crate) const fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let y = year as i64 - (month <= 2) as i64;
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // 0..=399
    let m = month as i64;
    let mp = if m > 2 { m - 3 } else { m + 9 }; // March = 0
    let doy = (153 * mp + 2) / 5 + day as i64 - 1; // 0..=365
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // 0..=146096
    era * 146_097 + doe - 719_468
}

/// Civil date `(year, month, day)` of a day number.
#[inline]
pub(crate) const fn civil_from_days(days: i64) -> (i32, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097; // 0..=146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..=399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // 0..=365
    let mp = (5 * doy + 2) / 153; // 0..=11, March = 0
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + (month <= 2) as i64;
    (year as i32, month, day)
}

/// Day of the week of a day number: 0 = Sunday .. 6 = Saturday.
#[inline]
pub(crate) const fn weekday_from_days(days: i64) -> u8 {
    // 1970-01-01 was a Thursday (4).
    (days + 4).rem_euclid(7) as u8
}

/// Splits seconds since the epoch into a day number and the second of that day.
#[inline]
pub(crate) const fn split_secs(secs: i64) -> (i64, u32) {
    (secs.div_euclid(SECS_PER_DAY), secs.rem_euclid(SECS_PER_DAY) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_day_of_many_eras() {
        // -800,000 .. 800,000 days covers years -220..4160, every leap rule and the era edges.
        let mut expected = civil_from_days(-800_000);
        for days in -800_000..800_000i64 {
            let (y, m, d) = civil_from_days(days);
            assert_eq!((y, m, d), expected, "day {days}");
            assert_eq!(days_from_civil(y, m, d), days);
            // Step the expected date by one day by hand.
            expected = if d < days_in_month(y, m) {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
        }
    }

    #[test]
    fn known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(days_from_civil(-9999, 1, 1), -4_371_587);
        assert_eq!(days_from_civil(9999, 12, 31), 2_932_896);
        assert_eq!(weekday_from_days(days_from_civil(2026, 11, 30)), 1); // a Monday
        assert_eq!(weekday_from_days(days_from_civil(0, 12, 31)), 0); // 0001-01-01 was a Monday
        assert!(is_leap(2000) && !is_leap(1900) && is_leap(-4) && !is_leap(-100));
    }
}
