//! Error types shared by the crate.

use core::fmt;

/// A value was outside the range this crate represents.
///
/// Timestamps cover 9999 BCE (year -9999) to 9999 CE, date-times the same years, and offsets
/// at most 25:59:59 either side of UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeError {
    pub(crate) what: &'static str,
}

impl RangeError {
    pub(crate) const fn new(what: &'static str) -> Self {
        RangeError { what }
    }

    /// Which quantity was out of range ("year", "offset", "timestamp", ...).
    pub fn what(&self) -> &'static str {
        self.what
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} out of range", self.what)
    }
}

impl std::error::Error for RangeError {}
