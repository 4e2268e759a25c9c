//! Lock-free caches: per-year rule transitions, and the zone's state "now".

use core::sync::atomic::{fence, AtomicI64, AtomicU32, AtomicU64, Ordering};

/// Mean Gregorian year in seconds; `base(y)` below only needs to be cheap and monotonic.
const MEAN_YEAR: i64 = 31_556_952;
/// Transitions of a rule year lie within this distance of `base(y)` (the year's start moves
/// at most about two days from the mean, and rule times reach ±167 hours).
const BIAS: i64 = 12 * 86_400;
const FIELD_BITS: u32 = 26;
const FIELD_MASK: u64 = (1 << FIELD_BITS) - 1;
const SLOTS: usize = 64;

#[inline]
fn base(year: i32) -> i64 {
    (year as i64 - 1970) * MEAN_YEAR
}

/// A direct-mapped cache of the two rule transitions of a year, for years past the zone's
/// precomputed table.
///
/// Each slot is one `AtomicU64` holding a valid bit, the high bits of the year (the low six
/// bits are the slot index) and both instants relative to the year's base. A reader does one
/// atomic load, so there is no lock and no torn entry; racing writers store identical values.
pub(crate) struct YearCache {
    slots: [AtomicU64; SLOTS],
}

impl YearCache {
    pub(crate) fn new() -> Self {
        YearCache { slots: [const { AtomicU64::new(0) }; SLOTS] }
    }

    /// The cached `(start, end)` of `year`, or `compute(year)` stored for next time.
    #[inline]
    pub(crate) fn get(&self, year: i32, compute: impl FnOnce(i32) -> (i64, i64)) -> (i64, i64) {
        let slot = &self.slots[(year & (SLOTS as i32 - 1)) as usize];
        let tag = Self::tag(year);
        let v = slot.load(Ordering::Relaxed);
        if v >> (2 * FIELD_BITS) == tag {
            let b = base(year) - BIAS;
            return (b + ((v >> FIELD_BITS) & FIELD_MASK) as i64, b + (v & FIELD_MASK) as i64);
        }
        let (s, e) = compute(year);
        let b = base(year) - BIAS;
        let (rs, re) = (s.wrapping_sub(b), e.wrapping_sub(b));
        if (0..=FIELD_MASK as i64).contains(&rs) && (0..=FIELD_MASK as i64).contains(&re) {
            slot.store(
                tag << (2 * FIELD_BITS) | (rs as u64) << FIELD_BITS | re as u64,
                Ordering::Relaxed,
            );
        }
        (s, e)
    }

    /// Valid bit (bit 11 of the tag) and the year's high bits, biased to stay non-negative.
    #[inline]
    fn tag(year: i32) -> u64 {
        (1 << 11) | (((year >> 6) + 1024) as u64 & 0x7ff)
    }
}

/// The zone's local type over a span of instants around "now": `from <= t < until` has type
/// `ty`; and the civil date of local day `day` (days since 1970-01-01), packed as
/// `year << 16 | month << 8 | day`. A sequence lock keeps the fields consistent without
/// blocking readers.
pub(crate) struct SpanCache {
    seq: AtomicU32,
    from: AtomicI64,
    until: AtomicI64,
    ty: AtomicU32,
    day: AtomicI64,
    ymd: AtomicU32,
}

/// What [`SpanCache::get`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) ty: u32,
    pub(crate) day: i64,
    pub(crate) ymd: u32,
}

impl SpanCache {
    pub(crate) fn new() -> Self {
        // An empty span: nothing hits until the first store.
        SpanCache {
            seq: AtomicU32::new(0),
            from: AtomicI64::new(i64::MAX),
            until: AtomicI64::new(i64::MIN),
            ty: AtomicU32::new(0),
            day: AtomicI64::new(i64::MIN),
            ymd: AtomicU32::new(0),
        }
    }

    /// The cached type index and day if `t` lies inside the cached span.
    #[inline]
    pub(crate) fn get(&self, t: i64) -> Option<Span> {
        let s1 = self.seq.load(Ordering::Acquire);
        let from = self.from.load(Ordering::Relaxed);
        let until = self.until.load(Ordering::Relaxed);
        let ty = self.ty.load(Ordering::Relaxed);
        let day = self.day.load(Ordering::Relaxed);
        let ymd = self.ymd.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let s2 = self.seq.load(Ordering::Relaxed);
        (s1 == s2 && s1 & 1 == 0 && from <= t && t < until).then_some(Span { ty, day, ymd })
    }

    /// Records a span and a day; skipped when another thread is writing at the same moment.
    pub(crate) fn set(&self, from: i64, until: i64, span: Span) {
        let s = self.seq.load(Ordering::Relaxed);
        if s & 1 == 1
            || self
                .seq
                .compare_exchange(s, s.wrapping_add(1), Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        self.from.store(from, Ordering::Relaxed);
        self.until.store(until, Ordering::Relaxed);
        self.ty.store(span.ty, Ordering::Relaxed);
        self.day.store(span.day, Ordering::Relaxed);
        self.ymd.store(span.ymd, Ordering::Relaxed);
        self.seq.store(s.wrapping_add(2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn year_cache_round_trips_and_separates_years() {
        let c = YearCache::new();
        for year in [-9999, -1, 0, 1969, 1970, 2026, 2090, 2090 + 64, 9999] {
            let want = (base(year) + 86_400 * 60, base(year) + 86_400 * 300 + 7);
            assert_eq!(c.get(year, |_| want), want);
            // Second call must hit: a computing closure that panics proves it.
            assert_eq!(c.get(year, |_| panic!("miss for {year}")), want);
        }
        // 2090 and 2154 share a slot: the later store evicted the earlier one.
        let mut computed = false;
        c.get(2090, |y| {
            computed = true;
            (base(y), base(y) + 1)
        });
        assert!(computed);
        // Values outside the encodable window are returned but never cached.
        let far = (base(2000) - 100 * 86_400, base(2000));
        assert_eq!(c.get(2000, |_| far), far);
        let mut again = false;
        c.get(2000, |_| {
            again = true;
            far
        });
        assert!(again);
    }

    #[test]
    fn span_cache_hits_only_inside() {
        let c = SpanCache::new();
        assert_eq!(c.get(0), None);
        let span = Span { ty: 3, day: 7, ymd: 1970 << 16 | 1 << 8 | 8 };
        c.set(-5, 10, span);
        assert_eq!(c.get(-5), Some(span));
        assert_eq!(c.get(9), Some(span));
        assert_eq!(c.get(10), None);
        assert_eq!(c.get(-6), None);
    }
}
