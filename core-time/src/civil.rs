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

// The two conversions below follow Neri and Schneider, "Euclidean affine functions and their
// application to calendar algorithms" (2022): with the year starting on 1 March and every
// quantity shifted to be non-negative, each step is an unsigned multiply and shift instead of
// a signed division with corrections. ERAS 400-year eras of shift keep years down to
// -12,800 non-negative; outside about ±12,000 years the results are meaningless but the
// arithmetic never panics (it wraps).
const ERAS: u64 = 32;
/// Days from 0000-03-01 minus ERAS eras to 1970-01-01.
const EPOCH_SHIFT: u64 = 719_468 + 146_097 * ERAS;

/// Day number (days since 1970-01-01) of a valid civil date.
#[inline]
pub(crate) const fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let jan_feb = (month <= 2) as u64;
    let y = (year as i64 as u64).wrapping_add(400 * ERAS).wrapping_sub(jan_feb);
    let m = month as u64 + 12 * jan_feb; // 3..=14
    let century = y / 100;
    let year_days = (1461u64.wrapping_mul(y) / 4).wrapping_sub(century).wrapping_add(century / 4);
    let month_days = (979 * m - 2919) / 32; // days from 1 March to the 1st of month m
    year_days.wrapping_add(month_days).wrapping_add(day as u64).wrapping_sub(1 + EPOCH_SHIFT) as i64
}

/// Civil date `(year, month, day)` of a day number.
#[inline]
pub(crate) const fn civil_from_days(days: i64) -> (i32, u8, u8) {
    // Within ±12,000 years every intermediate fits 32 bits (n < 10^7) except one product, and
    // 32-bit divisions by constants are single multiplications.
    let n = (days as u64).wrapping_add(EPOCH_SHIFT) as u32;
    // Century and day of the century.
    let n1 = n.wrapping_mul(4).wrapping_add(3);
    let century = n1 / 146_097;
    let day_of_century = (n1 % 146_097) / 4;
    // Year of the century and day of the year: one 64-bit product gives both.
    let p2 = 2_939_745 * (4 * day_of_century as u64 + 3);
    let year_of_century = (p2 >> 32) as u32;
    let day_of_year = (p2 as u32) / 2_939_745 / 4; // 0 = 1 March
                                                   // Month and day: another product.
    let n3 = 2141 * day_of_year + 197_913;
    let month = n3 >> 16; // 3..=14
    let day = (n3 & 0xffff) / 2141 + 1;
    let jan_feb = (day_of_year >= 306) as u32;
    let year = (100 * century + year_of_century + jan_feb) as i32 - (400 * ERAS) as i32;
    (year, (month - 12 * jan_feb) as u8, day as u8)
}

/// Day of the week of a day number: 0 = Sunday .. 6 = Saturday.
#[inline]
pub(crate) const fn weekday_from_days(days: i64) -> u8 {
    // 1970-01-01 was a Thursday (4).
    (days + 4).rem_euclid(7) as u8
}

/// Splits seconds since the epoch into a day number and the second of that day.
///
/// Exact for |secs| below about 10^15 (far beyond the supported years): the shift makes the
/// division unsigned.
#[inline]
pub(crate) const fn split_secs(secs: i64) -> (i64, u32) {
    const SHIFT_DAYS: u64 = 146_097 * ERAS * 10;
    let s = (secs as u64).wrapping_add(SHIFT_DAYS * SECS_PER_DAY as u64);
    (
        ((s / SECS_PER_DAY as u64) as i64).wrapping_sub(SHIFT_DAYS as i64),
        (s % SECS_PER_DAY as u64) as u32,
    )
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
    fn whole_supported_range_agrees_with_plain_arithmetic() {
        // The straightforward signed algorithm, for comparison.
        fn slow(days: i64) -> (i32, u8, u8) {
            let z = days + 719_468;
            let era = z.div_euclid(146_097);
            let doe = z - era * 146_097;
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            let mp = (5 * doy + 2) / 153;
            let d = (doy - (153 * mp + 2) / 5 + 1) as u8;
            let m = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
            ((yoe + era * 400 + (m <= 2) as i64) as i32, m, d)
        }
        let (lo, hi) = (days_from_civil(-10_000, 1, 1), days_from_civil(10_000, 12, 31));
        let mut d = lo;
        while d <= hi {
            assert_eq!(civil_from_days(d), slow(d), "day {d}");
            d += 7; // every weekday offset of every month over the range, still fast
        }
        for secs in [-1i64, 0, 86_399, 86_400, -86_400, -86_401, i32::MIN as i64 * 1000] {
            let (day, sod) = split_secs(secs);
            assert_eq!((day, sod as i64), (secs.div_euclid(86_400), secs.rem_euclid(86_400)));
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
