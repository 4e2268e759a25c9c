//! The zone engine: transition tables expanded in memory, the POSIX rule past them, and the
//! lookups in both directions.

use super::cache::{SpanCache, YearCache};
use super::posix::PosixTz;
use super::tzif::{LocalType, TzifData};
use crate::civil;
use crate::zoned::Abbreviation;
use core::sync::atomic::{AtomicU32, Ordering};

/// Rule transitions are expanded into the table up to the start of this year (UTC); later
/// instants go through the per-year cache.
const TABLE_END_YEAR: i32 = 2041;
/// Largest offset magnitude (25:59:59) plus one: a local time further than this from an
/// instant cannot be that instant's local time.
pub(crate) const MAX_OFFSET: i64 = 26 * 3600;

/// How a local time maps to instants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LocalMatch {
    /// Exactly one instant: `local - offset`.
    Unique(i32),
    /// Skipped by a forward jump: the offsets before and after the jump.
    Gap { before: i32, after: i32 },
    /// Shown twice: the offsets of the earlier and the later occurrence.
    Overlap { earlier: i32, later: i32 },
}

/// The POSIX rule that governs instants from `from` on.
pub(crate) struct Rule {
    pub(crate) tz: PosixTz,
    /// Index of the standard-time type in `Zone::types`.
    pub(crate) std: u32,
    /// Index of the daylight-time type, when the rule has one.
    pub(crate) dst: Option<u32>,
    /// The rule keeps daylight time all year (RFC 8536, section 3.3.1).
    pub(crate) all_year_dst: bool,
    pub(crate) from: i64,
    pub(crate) cache: YearCache,
}

impl Rule {
    fn new(tz: PosixTz, types: &mut Vec<LocalType>, from: i64) -> Rule {
        let mut index_of = |t: LocalType| -> u32 {
            match types.iter().position(|x| *x == t) {
                Some(i) => i as u32,
                None => {
                    types.push(t);
                    types.len() as u32 - 1
                }
            }
        };
        let std =
            index_of(LocalType { offset: tz.std_offset(), is_dst: false, abbr: tz.std_abbr() });
        let dst = tz
            .dst()
            .map(|d| index_of(LocalType { offset: d.offset(), is_dst: true, abbr: d.abbr() }));
        // DST all year: each year's end coincides with (or passes) the next year's start.
        let all_year_dst = dst.is_some()
            && [2001, 2003, 2004].iter().all(|&y| {
                match (tz.transitions_in_year(y), tz.transitions_in_year(y + 1)) {
                    (Some((s, e)), Some((s2, _))) => e >= s2 && s <= e,
                    _ => false,
                }
            });
        Rule { tz, std, dst, all_year_dst, from, cache: YearCache::new() }
    }

    /// `(start, end)` of daylight time in rule year `year`.
    #[inline]
    fn year(&self, year: i32) -> (i64, i64) {
        let tz = &self.tz;
        self.cache.get(year, |y| tz.transitions_in_year(y).unwrap_or((i64::MAX, i64::MAX)))
    }

    /// The year's two transitions in time order, each with "daylight time after it".
    #[inline]
    fn ordered(&self, year: i32) -> [(i64, bool); 2] {
        let (s, e) = self.year(year);
        if s <= e {
            [(s, true), (e, false)]
        } else {
            [(e, false), (s, true)]
        }
    }

    /// The type index in effect at `t`.
    #[inline]
    fn type_at(&self, t: i64) -> u32 {
        let Some(dst) = self.dst else { return self.std };
        if self.all_year_dst {
            return dst;
        }
        let is_dst = self.is_dst_at(t);
        if is_dst {
            dst
        } else {
            self.std
        }
    }

    fn is_dst_at(&self, t: i64) -> bool {
        // An estimate of the year, off by at most one near New Year; the checks of the
        // neighbouring years below make the answer exact either way.
        let y = estimate_year(t);
        let [a, b] = self.ordered(y);
        if t >= b.0 {
            let [a2, b2] = self.ordered(y.saturating_add(1));
            if t >= b2.0 {
                return b2.1;
            }
            if t >= a2.0 {
                return a2.1;
            }
            return b.1;
        }
        if t >= a.0 {
            return a.1;
        }
        let [a0, b0] = self.ordered(y.saturating_sub(1));
        if t >= b0.0 {
            b0.1
        } else if t >= a0.0 {
            a0.1
        } else {
            // Only reachable with rules whose transitions stray more than a year; the plain
            // evaluation is exact.
            self.tz.local_at(t).1
        }
    }

    /// Rule transitions in `year` as `(instant, type index)`, in time order. A start and an
    /// end at the same instant leave only the end (daylight time lasts no time at all):
    /// standard time from that instant, as `type_at` and `PosixTz::local_at` read it, and as
    /// glibc reads such rules.
    fn transitions_in(&self, year: i32) -> [Option<(i64, u32)>; 2] {
        let dst = self.dst.unwrap_or(self.std);
        let [a, b] = self.ordered(year);
        if a.0 == b.0 {
            return [None, Some((b.0, self.std))];
        }
        [a, b].map(|(t, d)| Some((t, if d { dst } else { self.std })))
    }
}

/// `1970 + floor(t / mean year)`: within one of `t`'s civil year.
/// The standard offset behind each type, for splitting an offset into its base and its
/// daylight-saving part. TZif data records only a type's total offset and a DST flag, so:
/// a standard type is its own base; the rule's daylight type has the rule's standard offset;
/// any other daylight type is read at its last use (the most recent history wins where a
/// type served two bases, as Iran's +0430 did in 1978 and in 2008-2022): its base is the
/// nearest different standard offset in force before it, else after it, else one hour
/// below it (a daylight period with no saving is not one); local mean time (`LMT`) and the
/// uninhabited placeholder (`-00`) are not standard times of any rule and are passed over. The tz source files define such
/// periods as a `SAVE` on top of the zone's standard offset, which these neighbours are in
/// all but a few wartime cases (the README lists them).
fn standard_offsets(
    types: &[LocalType],
    initial: u32,
    after: &[u32],
    rule: Option<&Rule>,
) -> Vec<i32> {
    let mut out: Vec<Option<i32>> = types.iter().map(|t| (!t.is_dst).then_some(t.offset)).collect();
    if let Some(r) = rule {
        if let Some(d) = r.dst {
            out[d as usize] = Some(r.tz.std_offset());
        }
    }
    let sequence: Vec<u32> = core::iter::once(initial).chain(after.iter().copied()).collect();
    for (i, &ty) in sequence.iter().enumerate().rev() {
        if out[ty as usize].is_some() {
            continue;
        }
        let own = types[ty as usize].offset;
        let standard = |t: &u32| {
            let lt = &types[*t as usize];
            let placeholder = matches!(lt.abbr.as_str(), "LMT" | "-00");
            (!lt.is_dst && !placeholder && lt.offset != own).then_some(lt.offset)
        };
        let before = sequence[..i].iter().rev().find_map(standard);
        let base = before.or_else(|| sequence[i + 1..].iter().find_map(standard));
        out[ty as usize] = Some(base.unwrap_or(own - 3600));
    }
    out.iter().zip(types).map(|(o, t)| o.unwrap_or(t.offset)).collect()
}

#[inline]
fn estimate_year(t: i64) -> i32 {
    (1970 + t.div_euclid(31_556_952)).clamp(-100_000, 100_000) as i32
}

/// A time zone's data, ready for lookups.
pub(crate) struct Zone {
    /// Transition instants (UTC seconds), strictly increasing, all before `rule.from`.
    utc: Box<[i64]>,
    /// Per transition: the first local second of its gap or overlap window (the earliest
    /// wall-clock reading that is not unique around it) ...
    local_lo: Box<[i64]>,
    /// ... and the first local second after that window (equal to `local_lo` when the
    /// transition changes no offset).
    local_hi: Box<[i64]>,
    /// Per transition: the type index in effect from it on.
    after: Box<[u32]>,
    /// Local types: the file's types, then the rule's (deduplicated).
    pub(crate) types: Box<[LocalType]>,
    /// Per type: the standard offset it is daylight time from (its own offset when it is not
    /// daylight time). See [`standard_offsets`].
    pub(crate) std_offsets: Box<[i32]>,
    /// Type in effect before the first transition.
    initial: u32,
    pub(crate) rule: Option<Rule>,
    /// The state "now", for `TimeZone::now`.
    pub(crate) now: SpanCache,
    /// The table position of the last lookup: `utc[hint - 1] <= t < utc[hint]` held for it.
    /// Instants close in time share it, so most lookups skip the binary search.
    hint: AtomicU32,
}

impl Zone {
    /// A zone with one type for all time.
    pub(crate) fn fixed(offset: i32, abbr: Abbreviation) -> Zone {
        Zone::build(
            Vec::new(),
            Vec::new(),
            vec![LocalType { offset, is_dst: false, abbr }],
            0,
            None,
        )
    }

    /// A zone defined by a POSIX TZ rule alone.
    pub(crate) fn from_posix(tz: PosixTz) -> Zone {
        let ty = LocalType { offset: tz.std_offset(), is_dst: false, abbr: tz.std_abbr() };
        Zone::build(Vec::new(), Vec::new(), vec![ty], 0, Some((tz, i64::MIN)))
    }

    /// A zone from parsed TZif data: its transitions, then its footer rule expanded through
    /// 2040 and cached per year after that.
    pub(crate) fn from_tzif(data: TzifData) -> Zone {
        let TzifData { transitions, transition_types, local_types, footer, .. } = data;
        let mut utc = transitions;
        let mut after: Vec<u32> = transition_types.iter().map(|&t| t as u32).collect();
        let mut types = local_types;
        let Some(tz) = footer else {
            return Zone::build(utc, after, types, 0, None);
        };
        let table_end = civil::days_from_civil(TABLE_END_YEAR, 1, 1) * civil::SECS_PER_DAY;
        let last = utc.last().copied();
        if utc.is_empty() && tz.dst().is_none() {
            // A fixed zone (UTC, Etc/GMT+5, ...): the footer alone says it all.
            let ty = LocalType { offset: tz.std_offset(), is_dst: false, abbr: tz.std_abbr() };
            return Zone::build(Vec::new(), Vec::new(), vec![ty], 0, None);
        }
        let from = match last {
            Some(l) if l >= table_end => l + 1,
            Some(_) => table_end,
            // No transitions: the rule covers all time.
            None => i64::MIN,
        };
        // Expand the rule's transitions after the file's last one and before `from`; the
        // lookups skip entries that change nothing, so none are filtered here.
        let rule = Rule::new(tz, &mut types, from);
        if let (Some(l), Some(_), false) = (last, rule.dst, rule.all_year_dst) {
            for y in estimate_year(l).saturating_sub(1)..=TABLE_END_YEAR {
                for (t, ty) in rule.transitions_in(y).into_iter().flatten() {
                    if t > l && t < from {
                        utc.push(t);
                        after.push(ty);
                    }
                }
            }
        }
        Zone::build(utc, after, types, 0, Some((rule.tz, rule.from)))
    }

    fn build(
        utc: Vec<i64>,
        after: Vec<u32>,
        mut types: Vec<LocalType>,
        initial: u32,
        rule: Option<(PosixTz, i64)>,
    ) -> Zone {
        let rule = rule.map(|(tz, from)| Rule::new(tz, &mut types, from));
        let std_offsets = standard_offsets(&types, initial, &after, rule.as_ref()).into();
        let mut local_lo = Vec::with_capacity(utc.len());
        let mut local_hi = Vec::with_capacity(utc.len());
        let mut before = types[initial as usize].offset as i64;
        for (&t, &ty) in utc.iter().zip(&after) {
            let now = types[ty as usize].offset as i64;
            local_lo.push(t + before.min(now));
            local_hi.push(t + before.max(now));
            before = now;
        }
        Zone {
            utc: utc.into(),
            local_lo: local_lo.into(),
            local_hi: local_hi.into(),
            after: after.into(),
            types: types.into(),
            std_offsets,
            initial,
            rule,
            now: SpanCache::new(),
            hint: AtomicU32::new(0),
        }
    }

    /// Index of the type in effect at UTC second `t`.
    #[inline]
    pub(crate) fn type_index_at(&self, t: i64) -> u32 {
        if let Some(rule) = &self.rule {
            if t >= rule.from {
                return rule.type_at(t);
            }
        }
        let i = self.table_position(t);
        match i.checked_sub(1) {
            Some(i) => self.after[i],
            None => self.initial,
        }
    }

    /// The number of table transitions whose window starts at or before local second `l`.
    /// Shares the hint with `table_position`: away from the windows both counts are equal.
    #[inline]
    fn local_position(&self, l: i64) -> usize {
        let h = self.hint.load(Ordering::Relaxed) as usize;
        let above = h.checked_sub(1).is_none_or(|p| self.local_lo.get(p).is_some_and(|&x| x <= l));
        let below = self.local_lo.get(h).map_or(h == self.local_lo.len(), |&x| l < x);
        if above && below {
            return h;
        }
        let i = self.local_lo.partition_point(|&x| x <= l);
        self.hint.store(i as u32, Ordering::Relaxed);
        i
    }

    /// The number of table transitions at or before `t`.
    #[inline]
    fn table_position(&self, t: i64) -> usize {
        let h = self.hint.load(Ordering::Relaxed) as usize;
        let above = h.checked_sub(1).is_none_or(|p| self.utc.get(p).is_some_and(|&x| x <= t));
        let below = self.utc.get(h).map_or(h == self.utc.len(), |&x| t < x);
        if above && below {
            return h;
        }
        let i = self.utc.partition_point(|&x| x <= t);
        self.hint.store(i as u32, Ordering::Relaxed);
        i
    }

    /// The type in effect at UTC second `t`.
    #[inline]
    pub(crate) fn type_at(&self, t: i64) -> &LocalType {
        &self.types[self.type_index_at(t) as usize]
    }

    /// The span `[from, until)` of instants around `t` that share `t`'s type, found from the
    /// neighbouring transitions.
    pub(crate) fn span_at(&self, t: i64) -> (i64, i64) {
        let prev = self.transitions_back(t).next().map_or(i64::MIN, |x| x.0);
        let next = self.transitions_forward(t).next().map_or(i64::MAX, |x| x.0);
        (prev, next)
    }

    /// How the local wall-clock second `local` (seconds since 1970-01-01T00:00:00 local)
    /// maps to instants.
    pub(crate) fn local_match(&self, local: i64) -> LocalMatch {
        let rule_from = self.rule.as_ref().map_or(i64::MAX, |r| r.from);
        if local.saturating_sub(MAX_OFFSET) >= rule_from {
            return self.local_match_by_candidates(local);
        }
        if local.saturating_add(MAX_OFFSET) < rule_from || self.rule.is_none() {
            let Some(i) = self.local_position(local).checked_sub(1) else {
                return LocalMatch::Unique(self.types[self.initial as usize].offset);
            };
            let now = self.types[self.after[i] as usize].offset;
            if local < self.local_hi[i] {
                let before = match i.checked_sub(1) {
                    Some(p) => self.types[self.after[p] as usize].offset,
                    None => self.types[self.initial as usize].offset,
                };
                return if now > before {
                    LocalMatch::Gap { before, after: now }
                } else {
                    LocalMatch::Overlap { earlier: before, later: now }
                };
            }
            return LocalMatch::Unique(now);
        }
        self.local_match_by_candidates(local)
    }

    /// `local_match` near and past the rule's start. The offsets a day and more either side
    /// are the only ones `local` can have (transitions are days apart), so keep those that
    /// reproduce `local`.
    fn local_match_by_candidates(&self, local: i64) -> LocalMatch {
        // Past the table (by more than a day) the rule's two offsets are the candidates;
        // elsewhere, the offsets a day either side.
        let (x, y) = match &self.rule {
            Some(r) if local.saturating_sub(MAX_OFFSET) >= r.from => {
                let std = self.types[r.std as usize].offset;
                (std, r.dst.map_or(std, |d| self.types[d as usize].offset))
            }
            _ => (
                self.type_at(local.saturating_sub(MAX_OFFSET)).offset,
                self.type_at(local.saturating_add(MAX_OFFSET)).offset,
            ),
        };
        // A larger offset means an earlier instant. Each candidate is probed once; in a gap
        // the two probes land either side of the jump and give its offsets.
        let (a, b) = (x.max(y), x.min(y));
        let at_a = self.type_at(local - a as i64).offset;
        let at_b = if a == b { at_a } else { self.type_at(local - b as i64).offset };
        match (at_a == a, a != b && at_b == b) {
            (true, true) => LocalMatch::Overlap { earlier: a, later: b },
            (true, false) => LocalMatch::Unique(a),
            (false, true) => LocalMatch::Unique(b),
            (false, false) => LocalMatch::Gap { before: at_a, after: at_b },
        }
    }

    /// Transitions strictly after `t`, in increasing order, as `(instant, type index)`;
    /// entries that change nothing (same offset, DST flag and abbreviation) are skipped.
    pub(crate) fn transitions_forward(&self, t: i64) -> Forward<'_> {
        let i = self.utc.partition_point(|&x| x <= t);
        let prev = self.type_index_at(t);
        Forward { zone: self, t, table: i, year: None, pending: [None, None], prev }
    }

    /// Transitions at or before `t`, in decreasing order, as `(instant, type index after)`.
    pub(crate) fn transitions_back(&self, t: i64) -> Back<'_> {
        let i = self.utc.partition_point(|&x| x <= t);
        Back { zone: self, t, table: i, year: None, pending: [None, None] }
    }

    fn same(&self, a: u32, b: u32) -> bool {
        self.types[a as usize] == self.types[b as usize]
    }

    fn type_before_table(&self, i: usize) -> u32 {
        match i.checked_sub(1) {
            Some(p) => self.after[p],
            None => self.initial,
        }
    }
}

/// Iterator behind `TimeZone::transitions_after`.
pub(crate) struct Forward<'a> {
    zone: &'a Zone,
    t: i64,
    table: usize,
    year: Option<i32>,
    pending: [Option<(i64, u32)>; 2],
    prev: u32,
}

impl Iterator for Forward<'_> {
    type Item = (i64, u32);

    fn next(&mut self) -> Option<(i64, u32)> {
        let z = self.zone;
        while self.table < z.utc.len() {
            let i = self.table;
            self.table += 1;
            if !z.same(z.after[i], self.prev) {
                self.prev = z.after[i];
                return Some((z.utc[i], z.after[i]));
            }
        }
        let rule = z.rule.as_ref()?;
        if rule.dst.is_none() || rule.all_year_dst {
            return None;
        }
        let lower = self.t.max(rule.from.saturating_sub(1));
        loop {
            for k in 0..2 {
                if let Some((t, ty)) = self.pending[k].take() {
                    if t > lower && t != i64::MAX && !z.same(ty, self.prev) {
                        self.prev = ty;
                        return Some((t, ty));
                    }
                }
            }
            let y = match self.year {
                None => estimate_year(lower).saturating_sub(1),
                Some(y) if y >= 10_001 => return None,
                Some(y) => y + 1,
            };
            self.year = Some(y);
            self.pending = rule.transitions_in(y);
        }
    }
}

/// Iterator behind `TimeZone::transitions_before`.
pub(crate) struct Back<'a> {
    zone: &'a Zone,
    t: i64,
    table: usize,
    year: Option<i32>,
    pending: [Option<(i64, u32)>; 2],
}

impl Iterator for Back<'_> {
    type Item = (i64, u32);

    fn next(&mut self) -> Option<(i64, u32)> {
        let z = self.zone;
        if let Some(rule) = z.rule.as_ref() {
            if rule.dst.is_some() && !rule.all_year_dst && self.t >= rule.from {
                loop {
                    for k in (0..2).rev() {
                        if let Some((t, ty)) = self.pending[k].take() {
                            if t <= self.t && t >= rule.from {
                                // The type before this one is the rule's other type (or the
                                // table's last, at the boundary).
                                let before = z.type_index_at(t - 1);
                                if !z.same(ty, before) {
                                    return Some((t, ty));
                                }
                            }
                        }
                    }
                    let y = match self.year {
                        None => estimate_year(self.t).saturating_add(1),
                        Some(y) => y - 1,
                    };
                    if y < -10_001 || rule.ordered(y)[1].0 < rule.from {
                        break;
                    }
                    self.year = Some(y);
                    self.pending = rule.transitions_in(y);
                }
            }
        }
        while self.table > 0 {
            self.table -= 1;
            let i = self.table;
            if !z.same(z.after[i], z.type_before_table(i)) {
                return Some((z.utc[i], z.after[i]));
            }
        }
        None
    }
}
