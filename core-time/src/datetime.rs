//! `DateTime`: a civil date and time with no zone.

use crate::civil;
use crate::error::RangeError;
use crate::offset::Offset;
use crate::timestamp::Timestamp;

/// A date and time on the proleptic Gregorian calendar, as read from a wall clock, with no
/// zone or offset attached. Years run from -9999 to 9999.
///
/// ```
/// use core_time::DateTime;
/// let dt = DateTime::new(2024, 3, 15, 13, 45, 30, 0).unwrap();
/// assert_eq!(dt.format_g().as_str(), "03/15/2024 13:45:30");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DateTime {
    // Field order makes the derived `Ord` chronological.
    year: i16,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
    nanosecond: u32,
}

impl Default for DateTime {
    /// 1970-01-01T00:00:00.
    fn default() -> Self {
        DateTime { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanosecond: 0 }
    }
}

impl DateTime {
    /// A checked date and time.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] naming the first field outside its range: year -9999..=9999, month
    /// 1..=12, day 1 to the month's length (leap years counted), hour 0..=23, minute and second
    /// 0..=59 (no leap second), nanosecond below 1,000,000,000.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// let leap = DateTime::new(2024, 2, 29, 23, 59, 59, 999_999_999)?;
    /// assert_eq!(leap.ordinal(), 60);
    /// assert_eq!(DateTime::new(2023, 2, 29, 0, 0, 0, 0).unwrap_err().to_string(), "day 29 out of range 1..=28");
    /// assert_eq!(DateTime::new(2024, 1, 1, 24, 0, 0, 0).unwrap_err().what(), "hour");
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn new(
        year: i32,
        month: u8,
        day: u8,
        hour: u8,
        minute: u8,
        second: u8,
        nanosecond: u32,
    ) -> Result<DateTime, RangeError> {
        if year < -9999 || year > 9999 {
            return Err(RangeError::new("year", year as i128, -9999, 9999));
        }
        if month < 1 || month > 12 {
            return Err(RangeError::new("month", month as i128, 1, 12));
        }
        if day < 1 || day > civil::days_in_month(year, month) {
            return Err(RangeError::new(
                "day",
                day as i128,
                1,
                civil::days_in_month(year, month) as i128,
            ));
        }
        if hour > 23 {
            return Err(RangeError::new("hour", hour as i128, 0, 23));
        }
        if minute > 59 {
            return Err(RangeError::new("minute", minute as i128, 0, 59));
        }
        if second > 59 {
            return Err(RangeError::new("second", second as i128, 0, 59));
        }
        if nanosecond >= 1_000_000_000 {
            return Err(RangeError::new("nanosecond", nanosecond as i128, 0, 999_999_999));
        }
        Ok(DateTime { year: year as i16, month, day, hour, minute, second, nanosecond })
    }

    /// Midnight at the start of a checked date.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new): a year, month or day outside its range.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// let d = DateTime::date(2026, 12, 7)?;
    /// assert_eq!((d.weekday(), d.hour()), (1, 0)); // a Monday, at midnight
    /// assert!(DateTime::date(2026, 13, 1).is_err());
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn date(year: i32, month: u8, day: u8) -> Result<DateTime, RangeError> {
        Self::new(year, month, day, 0, 0, 0, 0)
    }

    /// The year, -9999..=9999.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::date(-44, 3, 15)?.year(), -44); // proleptic: 45 BCE
    /// assert_eq!(DateTime::date(2026, 7, 15)?.year(), 2026);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn year(self) -> i32 {
        self.year as i32
    }
    /// The month, 1..=12.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::date(2026, 12, 7)?.month(), 12);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn month(self) -> u8 {
        self.month
    }
    /// The day of the month, 1..=31.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::date(2024, 2, 29)?.day(), 29);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn day(self) -> u8 {
        self.day
    }
    /// The hour, 0..=23.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::new(2026, 7, 15, 23, 0, 0, 0)?.hour(), 23);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn hour(self) -> u8 {
        self.hour
    }
    /// The minute, 0..=59.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::new(2026, 7, 15, 9, 41, 0, 0)?.minute(), 41);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn minute(self) -> u8 {
        self.minute
    }
    /// The second, 0..=59.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::new(2026, 7, 15, 9, 41, 59, 0)?.second(), 59);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn second(self) -> u8 {
        self.second
    }
    /// The nanosecond within the second, 0..1_000_000_000.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t: Timestamp = "2026-07-15T09:41:00.1234567Z".parse().unwrap();
    /// assert_eq!(t.to_datetime(core_time::Offset::UTC).nanosecond(), 123_456_700);
    /// ```
    pub const fn nanosecond(self) -> u32 {
        self.nanosecond
    }

    /// The day of the week: 0 = Sunday .. 6 = Saturday.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::date(1970, 1, 1)?.weekday(), 4); // a Thursday
    /// assert_eq!(DateTime::date(2026, 12, 13)?.weekday(), 0); // a Sunday
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn weekday(self) -> u8 {
        civil::weekday_from_days(self.days())
    }

    /// The day of the year, 1..=366.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// assert_eq!(DateTime::date(2026, 1, 1)?.ordinal(), 1);
    /// assert_eq!(DateTime::date(2023, 12, 31)?.ordinal(), 365);
    /// assert_eq!(DateTime::date(2024, 12, 31)?.ordinal(), 366); // leap year
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn ordinal(self) -> u16 {
        (self.days() - civil::days_from_civil(self.year as i32, 1, 1) + 1) as u16
    }

    /// Days since 1970-01-01 of the date part.
    #[inline]
    pub(crate) const fn days(self) -> i64 {
        civil::days_from_civil(self.year as i32, self.month, self.day)
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall-clock reading, as if it were UTC.
    #[inline]
    pub(crate) const fn local_secs(self) -> i64 {
        self.days() * civil::SECS_PER_DAY
            + self.hour as i64 * 3600
            + self.minute as i64 * 60
            + self.second as i64
    }

    /// The wall-clock reading `secs` seconds after 1970-01-01T00:00:00.
    ///
    /// The caller keeps `secs` within the civil range (a timestamp plus an offset always is).
    #[inline]
    pub(crate) const fn from_local_secs(secs: i64, nanosecond: u32) -> DateTime {
        let (days, sod) = civil::split_secs(secs);
        let (year, month, day) = civil::civil_from_days(days);
        Self::from_fields_unchecked(year, month, day, sod, nanosecond)
    }

    /// A reading from a valid date and the second of its day (`0..86_400`).
    #[inline]
    pub(crate) const fn from_fields_unchecked(
        year: i32,
        month: u8,
        day: u8,
        second_of_day: u32,
        nanosecond: u32,
    ) -> DateTime {
        DateTime {
            year: year as i16,
            month,
            day,
            hour: (second_of_day / 3600) as u8,
            minute: (second_of_day / 60 % 60) as u8,
            second: (second_of_day % 60) as u8,
            nanosecond,
        }
    }

    /// The instant at which a clock `offset` from UTC shows this reading.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] ("timestamp") when the instant falls outside
    /// [`Timestamp::MIN`]..=[`Timestamp::MAX`], which only readings within a day of the ends of
    /// the civil range can do.
    ///
    /// ```
    /// use core_time::{DateTime, Offset};
    ///
    /// let wall = DateTime::new(2026, 7, 15, 5, 0, 0, 0)?;
    /// let t = wall.to_timestamp(Offset::from_hours(-7)?)?;
    /// assert_eq!(t.to_string(), "2026-07-15T12:00:00.0000000Z");
    /// let first = DateTime::new(-9999, 1, 1, 0, 0, 0, 0)?;
    /// assert_eq!(first.to_timestamp(Offset::UTC).unwrap_err().what(), "timestamp");
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn to_timestamp(self, offset: Offset) -> Result<Timestamp, RangeError> {
        Timestamp::from_unix(self.local_secs() - offset.seconds() as i64, self.nanosecond)
    }
}
