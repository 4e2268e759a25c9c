//! Byte and UTF-16 unit sets, searched with the loops of `memchr.rs` (bytes) and the pair
//! loops here (units): one matcher per strategy, chosen when the set was built.
//!
//! ```text
//! Values(n)  n <= 5 values: n compares OR-ed
//! Range      lo..=hi: (b - lo) <= (hi - lo) unsigned, wrapping (one subtract, one min, one
//!            compare)
//! Ascii      every member < 0x80: row = map[b & 15] (a 16-byte table lookup), bit =
//!            1 << (b >> 4) (another lookup, 0 for b >= 0x80); hit where row & bit != 0
//! Full       any set: the same with two row tables, for b < 0x80 and b >= 0x80, chosen by
//!            the sign of b
//! ```
//!
//! Units (`u16`) are searched two vectors at a time, narrowed into one byte vector of hit
//! lanes: compares of units (values, ranges) are narrowed after the test; a set whose members
//! are all at most 254 is narrowed before it ("packed"): each unit is clamped to 255 and
//! biased by -128, which the signed narrowing keeps exact, and the byte matcher of the biased
//! set (`b ^ 0x80`, 255 left out) runs on the result. Other unit sets filter candidates by two
//! byte maps, of their members' low and of their high bytes, and confirm each candidate in an
//! exact bitmap.

use super::memchr::{self, Matcher, Needles};
use core_cpu::vector::{Lookup, Vector};

/// How a byte set is searched (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// No byte.
    Empty,
    /// The first `n` (1 to 5) values.
    Values(u8, [u8; 5]),
    /// `lo..=hi` modulo 256: the bytes `b` with `b.wrapping_sub(lo) <= hi.wrapping_sub(lo)`.
    Range(u8, u8),
    /// Members all below 0x80: bit `h` of `map[l]` is set for the member `16 * h + l`.
    Ascii([u8; 16]),
    /// Any set: `lo` as `Ascii` for the members below 0x80, `hi` for those above (`h - 8`).
    Full([u8; 16], [u8; 16]),
}

/// A compiled byte set: the strategy of `set` or, when `invert`, of its complement (sets of
/// more than 250 bytes search their few non-members), and the exact members.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spec {
    pub(crate) kind: Kind,
    pub(crate) invert: bool,
    pub(crate) members: [u64; 4],
}

impl Spec {
    /// Is `b` in the set?
    #[inline(always)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        self.members[(b >> 6) as usize] >> (b & 63) & 1 != 0
    }

    /// The set of the members of `members`, with its strategy.
    pub(crate) fn new(members: [u64; 4]) -> Spec {
        let len: u32 = members.iter().map(|w| w.count_ones()).sum();
        let invert = len > 250;
        let target = if invert { members.map(|w| !w) } else { members };
        Spec { kind: Kind::of(&target), invert, members }
    }
}

impl Spec {
    /// The set `members` searched with `Kind::Full` whatever its size.
    pub(crate) const fn bitmap(members: [u64; 4]) -> Spec {
        Spec { kind: Kind::full(&members), invert: false, members }
    }

    /// The set of `bytes` searched with a bitmap (`Kind::Ascii` when all are below 0x80),
    /// built at compile time.
    pub(crate) const fn bitmap_of(bytes: &[u8]) -> Spec {
        let mut members = [0u64; 4];
        let mut i = 0;
        while i < bytes.len() {
            members[(bytes[i] >> 6) as usize] |= 1 << (bytes[i] & 63);
            i += 1;
        }
        let kind = match Kind::full(&members) {
            Kind::Full(lo, _) if members[2] == 0 && members[3] == 0 => Kind::Ascii(lo),
            full => full,
        };
        Spec { kind, invert: false, members }
    }
}

impl Kind {
    /// The two-table bitmap of `members`.
    const fn full(members: &[u64; 4]) -> Kind {
        let (mut lo, mut hi) = ([0u8; 16], [0u8; 16]);
        let mut b = 0usize;
        while b < 256 {
            if members[b >> 6] >> (b & 63) & 1 != 0 {
                let (row, bit) = (b & 15, (b >> 4) & 7);
                if b < 0x80 {
                    lo[row] |= 1 << bit;
                } else {
                    hi[row] |= 1 << bit;
                }
            }
            b += 1;
        }
        Kind::Full(lo, hi)
    }

    /// The cheapest strategy for the set `members`.
    fn of(members: &[u64; 4]) -> Kind {
        let has = |b: u8| members[(b >> 6) as usize] >> (b & 63) & 1 != 0;
        let list = || (0..=255u8).filter(move |&b| has(b));
        let len = list().count();
        if len == 0 {
            return Kind::Empty;
        }
        // A range, possibly wrapping past 0xFF: one run of members going round the circle,
        // starting at a member whose predecessor is not one.
        if len < 256 {
            if let Some(lo) = list().find(|&b| !has(b.wrapping_sub(1))) {
                let hi = lo.wrapping_add(len as u8 - 1);
                let run = (0..len as u8).all(|k| has(lo.wrapping_add(k)));
                if run && len > 1 {
                    return Kind::Range(lo, hi);
                }
            }
        }
        if len <= 5 {
            let mut v = [0u8; 5];
            for (slot, b) in v.iter_mut().zip(list()) {
                *slot = b;
            }
            // Unused slots repeat the first value: harmless extra compares.
            for k in len..5 {
                v[k] = v[0];
            }
            return Kind::Values(len as u8, v);
        }
        match Kind::full(members) {
            Kind::Full(lo, hi) if hi == [0; 16] => Kind::Ascii(lo),
            full => full,
        }
    }
}

/// Nothing is a hit (the empty set).
#[derive(Clone, Copy)]
pub(crate) struct Nothing;

impl<V: Vector> Matcher<V> for Nothing {
    #[inline(always)]
    unsafe fn hits(&self, _: V) -> V {
        // SAFETY: CPU per contract.
        unsafe { V::zero() }
    }
    #[inline(always)]
    fn hit(&self, _: u8) -> bool {
        false
    }
}

/// The bytes that are not hits of `M`.
#[derive(Clone, Copy)]
pub(crate) struct Not<V, M>(M, V);

impl<V: Vector, M: Matcher<V>> Not<V, M> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(m: M) -> Self {
        // SAFETY: CPU per contract.
        Not(m, unsafe { V::splat8(0xFF) })
    }
}

impl<V: Vector, M: Matcher<V>> Matcher<V> for Not<V, M> {
    #[inline(always)]
    unsafe fn hits(&self, v: V) -> V {
        // SAFETY: CPU per contract.
        unsafe { self.0.hits(v).xor(self.1) }
    }
    #[inline(always)]
    fn hit(&self, b: u8) -> bool {
        !self.0.hit(b)
    }
}

/// `lo..=hi`, wrapping.
#[derive(Clone, Copy)]
pub(crate) struct Range<V> {
    lo: V,
    span: V,
    bytes: (u8, u8),
}

impl<V: Vector> Range<V> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(lo: u8, hi: u8) -> Self {
        let span = hi.wrapping_sub(lo);
        // SAFETY: CPU per contract.
        unsafe { Range { lo: V::splat8(lo), span: V::splat8(span), bytes: (lo, span) } }
    }
}

impl<V: Vector> Matcher<V> for Range<V> {
    #[inline(always)]
    unsafe fn hits(&self, v: V) -> V {
        // SAFETY: CPU per contract.
        unsafe { v.sub8(self.lo).le_u8(self.span) }
    }
    #[inline(always)]
    fn hit(&self, b: u8) -> bool {
        b.wrapping_sub(self.bytes.0) <= self.bytes.1
    }
}

/// `1 << h` for the high nibbles `h` of ASCII bytes, 0 for the others.
const ASCII_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
/// `1 << (h & 7)` for every high nibble `h`.
const ALL_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

/// A nibble bitmap (`Kind::Ascii` with `hi` all zero, `Kind::Full` otherwise); `NOT` gives the
/// complement (the compare already yields the misses, so it costs nothing).
#[derive(Clone, Copy)]
pub(crate) struct Bitmap<V, const FULL: bool, const NOT: bool> {
    lo: V,
    hi: V,
    bits: V,
    ones: V,
    spec: Spec,
}

impl<V: Lookup, const FULL: bool, const NOT: bool> Bitmap<V, FULL, NOT> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(lo: &[u8; 16], hi: &[u8; 16], spec: Spec) -> Self {
        let bits = if FULL { &ALL_BITS } else { &ASCII_BITS };
        // SAFETY: CPU per contract.
        unsafe {
            Bitmap {
                lo: V::table(lo),
                hi: V::table(hi),
                bits: V::table(bits),
                ones: V::splat8(0xFF),
                spec,
            }
        }
    }
}

impl<V: Lookup, const FULL: bool, const NOT: bool> Matcher<V> for Bitmap<V, FULL, NOT> {
    #[inline(always)]
    unsafe fn hits(&self, v: V) -> V {
        // SAFETY: CPU per contract.
        unsafe {
            let low = v.low_nibbles();
            let mut row = low.lookup(self.lo);
            if FULL {
                // The row of the bytes >= 0x80 where the sign bit is set.
                let high = V::zero().gt_i8(v);
                row = row.xor(low.lookup(self.hi).xor(row).and(high));
            }
            let misses = row.and(v.high_nibbles().lookup(self.bits)).eq8(V::zero());
            if NOT {
                misses
            } else {
                misses.xor(self.ones)
            }
        }
    }
    #[inline(always)]
    fn hit(&self, b: u8) -> bool {
        // The matcher searches the complement when the spec is inverted.
        (self.spec.contains(b) != self.spec.invert) != NOT
    }
}

/// One search over bytes, run by [`run`] with the matcher of a spec.
pub(crate) trait Job<V: Vector> {
    type Out;
    /// # Safety
    /// The CPU supports `V`'s level.
    unsafe fn run<M: Matcher<V>>(self, m: M) -> Self::Out;
}

/// Runs `job` with the matcher of `spec` (negated when `not`), for the strategies every level
/// has; `Err(job)` for the bitmaps, which need table lookups.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn run_basic<V: Vector, J: Job<V>>(spec: &Spec, not: bool, job: J) -> Result<J::Out, J> {
    let not = not != spec.invert;
    macro_rules! go {
        ($m:expr) => {{
            let m = $m;
            // SAFETY: CPU per contract.
            Ok(if not { job.run(Not::new(m)) } else { job.run(m) })
        }};
    }
    // SAFETY: CPU per contract (for the constructors and `run`).
    unsafe {
        match spec.kind {
            Kind::Empty => go!(Nothing),
            Kind::Values(1, v) => go!(Needles::<V, 1>::new([v[0]])),
            Kind::Values(2, v) => go!(Needles::<V, 2>::new([v[0], v[1]])),
            Kind::Values(3, v) => go!(Needles::<V, 3>::new([v[0], v[1], v[2]])),
            Kind::Values(4, v) => go!(Needles::<V, 4>::new([v[0], v[1], v[2], v[3]])),
            Kind::Values(_, v) => go!(Needles::<V, 5>::new(v)),
            Kind::Range(lo, hi) => go!(Range::<V>::new(lo, hi)),
            Kind::Ascii(..) | Kind::Full(..) => Err(job),
        }
    }
}

/// [`run_basic`] with the bitmaps too, for levels with table lookups.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn run<V: Lookup, J: Job<V>>(spec: &Spec, not: bool, job: J) -> J::Out {
    let not_now = not != spec.invert;
    // SAFETY: CPU per contract.
    unsafe {
        let job = match run_basic(spec, not, job) {
            Ok(out) => return out,
            Err(job) => job,
        };
        let s = *spec;
        match (spec.kind, not_now) {
            (Kind::Ascii(lo), false) => job.run(Bitmap::<V, false, false>::new(&lo, &lo, s)),
            (Kind::Ascii(lo), true) => job.run(Bitmap::<V, false, true>::new(&lo, &lo, s)),
            (Kind::Full(lo, hi), false) => job.run(Bitmap::<V, true, false>::new(&lo, &hi, s)),
            (Kind::Full(lo, hi), true) => job.run(Bitmap::<V, true, true>::new(&lo, &hi, s)),
            _ => unreachable!("run_basic takes every other kind"),
        }
    }
}

/// [`run_basic`], with `fallback` (a scalar loop) for the bitmaps: levels without table
/// lookups (SSE2).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn run_no_lookup<V: Vector, J: Job<V>>(
    spec: &Spec,
    not: bool,
    job: J,
    fallback: impl FnOnce() -> J::Out,
) -> J::Out {
    // SAFETY: CPU per contract.
    match unsafe { run_basic(spec, not, job) } {
        Ok(out) => out,
        Err(_) => fallback(),
    }
}

/// The byte-search jobs.
pub(crate) struct Find<'a>(pub(crate) &'a [u8]);
pub(crate) struct RFind<'a>(pub(crate) &'a [u8]);
pub(crate) struct Count<'a>(pub(crate) &'a [u8]);
pub(crate) struct Mask64<'a>(pub(crate) &'a [u8]);

impl<V: Vector> Job<V> for Find<'_> {
    type Out = Option<usize>;
    #[inline(always)]
    unsafe fn run<M: Matcher<V>>(self, m: M) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { memchr::find::<V, M>(self.0, m) }
    }
}

impl<V: Vector> Job<V> for RFind<'_> {
    type Out = Option<usize>;
    #[inline(always)]
    unsafe fn run<M: Matcher<V>>(self, m: M) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { memchr::rfind::<V, M>(self.0, m) }
    }
}

impl<V: Vector> Job<V> for Count<'_> {
    type Out = usize;
    #[inline(always)]
    unsafe fn run<M: Matcher<V>>(self, m: M) -> usize {
        // SAFETY: forwarded contract.
        unsafe { memchr::count_hits::<V, M>(self.0, m) }
    }
}

impl<V: Vector> Job<V> for Mask64<'_> {
    type Out = u64;
    #[inline(always)]
    unsafe fn run<M: Matcher<V>>(self, m: M) -> u64 {
        // SAFETY: forwarded contract.
        unsafe { memchr::mask64::<V, M>(self.0, m) }
    }
}

/// The operation-table entries for levels with table lookups.
pub(crate) mod lookup {
    use super::*;
    use crate::arch::scalar::search as scalar;

    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn find<V: Lookup>(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { run::<V, _>(spec, not, Find(hay)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn rfind<V: Lookup>(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { run::<V, _>(spec, not, RFind(hay)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn count<V: Lookup>(hay: &[u8], spec: &Spec, not: bool) -> usize {
        // SAFETY: forwarded contract.
        unsafe { run::<V, _>(spec, not, Count(hay)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn mask64<V: Lookup>(block: &[u8], spec: &Spec, not: bool) -> u64 {
        // SAFETY: forwarded contract.
        unsafe { run::<V, _>(spec, not, Mask64(block)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn find16<V: Lookup>(hay: &[u16], spec: &Spec16, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { run16::<V, _>(spec, not, Find16(hay), || scalar::set_find16(hay, spec, not)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn rfind16<V: Lookup>(
        hay: &[u16],
        spec: &Spec16,
        not: bool,
    ) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { run16::<V, _>(spec, not, RFind16(hay), || scalar::set_rfind16(hay, spec, not)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn count16<V: Lookup>(hay: &[u16], spec: &Spec16, not: bool) -> usize {
        // SAFETY: forwarded contract.
        unsafe { run16::<V, _>(spec, not, Count16(hay), || scalar::set_count16(hay, spec, not)) }
    }
}

/// The operation-table entries for levels without table lookups (SSE2): the bitmaps run the
/// scalar loops.
pub(crate) mod no_lookup {
    use super::*;
    use crate::arch::scalar::search as scalar;

    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn find<V: Vector>(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe { run_no_lookup::<V, _>(spec, not, Find(hay), || scalar::set_find(hay, spec, not)) }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn rfind<V: Vector>(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe {
            run_no_lookup::<V, _>(spec, not, RFind(hay), || scalar::set_rfind(hay, spec, not))
        }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn count<V: Vector>(hay: &[u8], spec: &Spec, not: bool) -> usize {
        // SAFETY: forwarded contract.
        unsafe {
            run_no_lookup::<V, _>(spec, not, Count(hay), || scalar::set_count(hay, spec, not))
        }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn mask64<V: Vector>(block: &[u8], spec: &Spec, not: bool) -> u64 {
        // SAFETY: forwarded contract.
        unsafe {
            run_no_lookup::<V, _>(spec, not, Mask64(block), || scalar::set_mask64(block, spec, not))
        }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn find16<V: Vector>(hay: &[u16], spec: &Spec16, not: bool) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe {
            run16_no_lookup::<V, _>(spec, not, Find16(hay), || scalar::set_find16(hay, spec, not))
        }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn rfind16<V: Vector>(
        hay: &[u16],
        spec: &Spec16,
        not: bool,
    ) -> Option<usize> {
        // SAFETY: forwarded contract.
        unsafe {
            run16_no_lookup::<V, _>(spec, not, RFind16(hay), || scalar::set_rfind16(hay, spec, not))
        }
    }
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn count16<V: Vector>(hay: &[u16], spec: &Spec16, not: bool) -> usize {
        // SAFETY: forwarded contract.
        unsafe {
            run16_no_lookup::<V, _>(spec, not, Count16(hay), || scalar::set_count16(hay, spec, not))
        }
    }
}

// --- UTF-16 units ---------------------------------------------------------------------------

/// How a unit set is searched (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind16 {
    /// No unit.
    Empty,
    /// The first `n` (1 to 5) values, compared as units.
    Values(u8, [u16; 5]),
    /// `lo..=hi` (not wrapping).
    Range(u16, u16),
    /// Every member is at most 254: the byte set of the biased members (`m ^ 0x80`) on the
    /// narrowed units.
    Packed(Spec),
    /// Candidates whose biased low byte (`(u & 0xFF) ^ 0x80`) is in the first set and biased
    /// high byte in the second (both `Kind::Full`), confirmed in the exact bitmap.
    Filter(Spec, Spec),
}

/// A compiled unit set: the strategy of the set or, when `invert`, of its complement, and the
/// exact members (a bit per unit, 8 KiB).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spec16 {
    pub(crate) kind: Kind16,
    pub(crate) invert: bool,
    pub(crate) members: Members16,
}

/// The exact bitmap of a unit set: built at run time, or a static one (sets the crate
/// defines, such as whitespace).
#[derive(Clone, Debug)]
pub(crate) enum Members16 {
    Owned(alloc::boxed::Box<[u64; 1024]>),
    Static(&'static [u64; 1024]),
}

impl core::ops::Deref for Members16 {
    type Target = [u64; 1024];
    #[inline(always)]
    fn deref(&self) -> &[u64; 1024] {
        match self {
            Members16::Owned(b) => b,
            Members16::Static(s) => s,
        }
    }
}

impl PartialEq for Members16 {
    fn eq(&self, o: &Members16) -> bool {
        **self == **o
    }
}

impl Eq for Members16 {}

impl core::hash::Hash for Members16 {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h)
    }
}

impl Spec16 {
    /// Is `u` in the set?
    #[inline(always)]
    pub(crate) fn contains(&self, u: u16) -> bool {
        self.members[(u >> 6) as usize] >> (u & 63) & 1 != 0
    }

    /// The set `members`, with its strategy.
    pub(crate) fn new(members: alloc::boxed::Box<[u64; 1024]>) -> Spec16 {
        let len: u32 = members.iter().map(|w| w.count_ones()).sum();
        let invert = len > 65536 - 5;
        let has = |u: u16| (members[(u >> 6) as usize] >> (u & 63) & 1 != 0) != invert;
        let len = if invert { 65536 - len } else { len } as usize;
        let list = || (0..=u16::MAX).filter(move |&u| has(u));
        let kind = if len == 0 {
            Kind16::Empty
        } else if let Some(lo) = list().next().filter(|&lo| {
            len > 1 && usize::from(u16::MAX - lo) >= len - 1 && has(lo + (len - 1) as u16) && {
                (lo..lo + (len - 1) as u16).all(has)
            }
        }) {
            Kind16::Range(lo, lo + (len - 1) as u16)
        } else if list().all(|u| u <= 254) {
            let mut bytes = [0u64; 4];
            for u in list() {
                let b = u as u8 ^ 0x80;
                bytes[(b >> 6) as usize] |= 1 << (b & 63);
            }
            // Few values compare faster as units than narrowed.
            if len <= 5 {
                values16(list(), len)
            } else {
                Kind16::Packed(Spec::new(bytes))
            }
        } else if len <= 5 {
            values16(list(), len)
        } else {
            let (mut low, mut high) = ([0u64; 4], [0u64; 4]);
            for u in list() {
                let (l, h) = ((u & 0xFF) as u8 ^ 0x80, (u >> 8) as u8 ^ 0x80);
                low[(l >> 6) as usize] |= 1 << (l & 63);
                high[(h >> 6) as usize] |= 1 << (h & 63);
            }
            Kind16::Filter(Spec::bitmap(low), Spec::bitmap(high))
        };
        Spec16 { kind, invert, members: Members16::Owned(members) }
    }

    /// The set `members` (a static bitmap) searched by the filter, built at compile time.
    pub(crate) const fn filter_static(members: &'static [u64; 1024]) -> Spec16 {
        let (mut low, mut high) = ([0u64; 4], [0u64; 4]);
        let mut u = 0usize;
        while u < 65536 {
            if members[u >> 6] >> (u & 63) & 1 != 0 {
                let (l, h) = ((u & 0xFF) ^ 0x80, (u >> 8) ^ 0x80);
                low[l >> 6] |= 1 << (l & 63);
                high[h >> 6] |= 1 << (h & 63);
            }
            u += 1;
        }
        Spec16 {
            kind: Kind16::Filter(Spec::bitmap(low), Spec::bitmap(high)),
            invert: false,
            members: Members16::Static(members),
        }
    }
}

fn values16(list: impl Iterator<Item = u16>, len: usize) -> Kind16 {
    let mut v = [0u16; 5];
    for (slot, u) in v.iter_mut().zip(list) {
        *slot = u;
    }
    for k in len..5 {
        v[k] = v[0];
    }
    Kind16::Values(len as u8, v)
}

/// What a unit search looks for: the hit lanes of two vectors of units, narrowed to one byte
/// vector (0xFF where the unit is wanted), and the test on one unit. An inexact matcher
/// (`EXACT` false) may report candidates that `confirm` then rejects.
pub(crate) trait Matcher16<V: Vector>: Copy {
    const EXACT: bool;
    /// # Safety
    /// The CPU supports `V`'s level.
    unsafe fn hits2(&self, a: V, b: V) -> V;
    /// Is `u` a hit?
    fn hit(&self, u: u16) -> bool;
    /// For a candidate lane: is it a hit?
    #[inline(always)]
    fn confirm(&self, u: u16) -> bool {
        Self::EXACT || self.hit(u)
    }
}

/// Unit compares: `n` values or a range, negated when `NOT`.
#[derive(Clone, Copy)]
pub(crate) struct Units<V, const N: usize, const RANGE: bool, const NOT: bool> {
    v: [V; N],
    ones: V,
    raw: [u16; N],
}

impl<V: Vector, const N: usize, const RANGE: bool, const NOT: bool> Units<V, N, RANGE, NOT> {
    /// For a range, `raw` is `[lo, hi - lo]`.
    ///
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(raw: [u16; N]) -> Self {
        // SAFETY: CPU per contract.
        unsafe { Units { v: raw.map(|u| V::splat16(u)), ones: V::splat8(0xFF), raw } }
    }

    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn one(&self, a: V) -> V {
        // SAFETY: CPU per contract.
        unsafe {
            if RANGE {
                a.sub16(self.v[0]).le_u16(self.v[1])
            } else {
                let mut m = a.eq16(self.v[0]);
                for v in &self.v[1..] {
                    m = m.or(a.eq16(*v));
                }
                m
            }
        }
    }
}

impl<V: Vector, const N: usize, const RANGE: bool, const NOT: bool> Matcher16<V>
    for Units<V, N, RANGE, NOT>
{
    const EXACT: bool = true;
    #[inline(always)]
    unsafe fn hits2(&self, a: V, b: V) -> V {
        // SAFETY: CPU per contract; the lanes are 0 or -1, exact under signed narrowing.
        unsafe {
            let m = self.one(a).pack16(self.one(b));
            if NOT {
                m.xor(self.ones)
            } else {
                m
            }
        }
    }
    #[inline(always)]
    fn hit(&self, u: u16) -> bool {
        let h =
            if RANGE { u.wrapping_sub(self.raw[0]) <= self.raw[1] } else { self.raw.contains(&u) };
        h != NOT
    }
}

/// Units narrowed (clamped to 255, biased by -128) into bytes for the byte matcher `M` of the
/// biased set.
#[derive(Clone, Copy)]
pub(crate) struct Packed<V, M> {
    m: M,
    cap: V,
    bias: V,
}

impl<V: Vector, M: Matcher<V>> Packed<V, M> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(m: M) -> Self {
        // SAFETY: CPU per contract.
        unsafe { Packed { m, cap: V::splat16(255), bias: V::splat16(128) } }
    }
}

impl<V: Vector, M: Matcher<V>> Matcher16<V> for Packed<V, M> {
    const EXACT: bool = true;
    #[inline(always)]
    unsafe fn hits2(&self, a: V, b: V) -> V {
        // SAFETY: CPU per contract. Clamped units less 128 lie in -128..=127: the narrowing
        // is exact, and gives the byte `min(u, 255) ^ 0x80`.
        unsafe {
            let a = a.min_u16(self.cap).sub16(self.bias);
            let b = b.min_u16(self.cap).sub16(self.bias);
            self.m.hits(a.pack16(b))
        }
    }
    #[inline(always)]
    fn hit(&self, u: u16) -> bool {
        self.m.hit(u.min(255) as u8 ^ 0x80)
    }
}

/// Candidates by the byte maps of the members' low and high bytes; exact by the bitmap.
#[derive(Clone, Copy)]
pub(crate) struct Filter<'s, V, L, H> {
    low: L,
    high: H,
    mask: V,
    bias: V,
    exact: &'s Spec16,
}

impl<V: Vector, L: Matcher<V>, H: Matcher<V>> Matcher16<V> for Filter<'_, V, L, H> {
    const EXACT: bool = false;
    #[inline(always)]
    unsafe fn hits2(&self, a: V, b: V) -> V {
        // SAFETY: CPU per contract. The bytes less 128 lie in -128..=127 (exact narrowing).
        unsafe {
            let la = a.and(self.mask).sub16(self.bias);
            let lb = b.and(self.mask).sub16(self.bias);
            let ha = a.shr16::<8>().sub16(self.bias);
            let hb = b.shr16::<8>().sub16(self.bias);
            self.low.hits(la.pack16(lb)).and(self.high.hits(ha.pack16(hb)))
        }
    }
    #[inline(always)]
    fn hit(&self, u: u16) -> bool {
        self.exact.contains(u)
    }
}

/// One search over units, run by [`run16`] with the matcher of a spec.
pub(crate) trait Job16<V: Vector> {
    type Out;
    /// Does the job take the inexact filter (searches do; counts go to the fallback)?
    const FILTER: bool = true;
    /// # Safety
    /// The CPU supports `V`'s level.
    unsafe fn run<M: Matcher16<V>>(self, m: M) -> Self::Out;
}

/// Runs `job` with the unit matcher of `spec` (negated when `not`) where no table lookup is
/// needed; `Err(job)` otherwise. The filter runs only for `find`/`rfind` of members: its
/// complement and counts go to the fallback.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn run16_basic<V: Vector, J: Job16<V>>(
    spec: &Spec16,
    not: bool,
    job: J,
) -> Result<J::Out, J> {
    let not = not != spec.invert;
    macro_rules! go {
        ($n:literal, $range:literal, $raw:expr) => {
            // SAFETY: CPU per contract.
            Ok(unsafe {
                if not {
                    job.run(Units::<V, $n, $range, true>::new($raw))
                } else {
                    job.run(Units::<V, $n, $range, false>::new($raw))
                }
            })
        };
    }
    match spec.kind {
        // SAFETY: CPU per contract.
        Kind16::Empty => Ok(unsafe { job.run(Nothing16::<V>::new(not)) }),
        Kind16::Values(1, v) => go!(1, false, [v[0]]),
        Kind16::Values(2, v) => go!(2, false, [v[0], v[1]]),
        Kind16::Values(3, v) => go!(3, false, [v[0], v[1], v[2]]),
        Kind16::Values(4, v) => go!(4, false, [v[0], v[1], v[2], v[3]]),
        Kind16::Values(_, v) => go!(5, false, v),
        Kind16::Range(lo, hi) => go!(2, true, [lo, hi - lo]),
        Kind16::Packed(s) => {
            // SAFETY: CPU per contract.
            unsafe {
                match run_basic::<V, _>(&s, not, PackedJob(job)) {
                    Ok(out) => Ok(out),
                    Err(PackedJob(job)) => Err(job),
                }
            }
        }
        Kind16::Filter(..) => Err(job),
    }
}

/// Nothing is a hit (the empty unit set), or everything when negated.
#[derive(Clone, Copy)]
pub(crate) struct Nothing16<V>(V, bool);

impl<V: Vector> Nothing16<V> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn new(not: bool) -> Self {
        // SAFETY: CPU per contract.
        Nothing16(unsafe { V::splat8(if not { 0xFF } else { 0 }) }, not)
    }
}

impl<V: Vector> Matcher16<V> for Nothing16<V> {
    const EXACT: bool = true;
    #[inline(always)]
    unsafe fn hits2(&self, _: V, _: V) -> V {
        self.0
    }
    #[inline(always)]
    fn hit(&self, _: u16) -> bool {
        self.1
    }
}

/// A unit job run with a byte matcher on narrowed units.
struct PackedJob<J>(J);

impl<V: Vector, J: Job16<V>> Job<V> for PackedJob<J> {
    type Out = J::Out;
    #[inline(always)]
    unsafe fn run<M: Matcher<V>>(self, m: M) -> J::Out {
        // SAFETY: forwarded contract.
        unsafe { self.0.run(Packed::new(m)) }
    }
}

/// [`run16_basic`] with the table-lookup strategies too.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn run16<V: Lookup, J: Job16<V>>(
    spec: &Spec16,
    not: bool,
    job: J,
    fallback: impl FnOnce() -> J::Out,
) -> J::Out {
    // SAFETY: CPU per contract.
    unsafe {
        let job = match run16_basic(spec, not, job) {
            Ok(out) => return out,
            Err(job) => job,
        };
        match (&spec.kind, not != spec.invert) {
            (Kind16::Packed(s), not) => run::<V, _>(s, not, PackedJob(job)),
            (Kind16::Filter(low, high), false) if J::FILTER => {
                let (Kind::Full(l0, l1), Kind::Full(h0, h1)) = (low.kind, high.kind) else {
                    unreachable!("filters are built as full bitmaps")
                };
                job.run(Filter {
                    low: Bitmap::<V, true, false>::new(&l0, &l1, *low),
                    high: Bitmap::<V, true, false>::new(&h0, &h1, *high),
                    mask: V::splat16(0xFF),
                    bias: V::splat16(128),
                    exact: spec,
                })
            }
            _ => fallback(),
        }
    }
}

/// [`run16_basic`], with `fallback` (a scalar loop) for what needs table lookups.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn run16_no_lookup<V: Vector, J: Job16<V>>(
    spec: &Spec16,
    not: bool,
    job: J,
    fallback: impl FnOnce() -> J::Out,
) -> J::Out {
    // SAFETY: CPU per contract.
    match unsafe { run16_basic(spec, not, job) } {
        Ok(out) => out,
        Err(_) => fallback(),
    }
}

/// The unit-search jobs.
pub(crate) struct Find16<'a>(pub(crate) &'a [u16]);
pub(crate) struct RFind16<'a>(pub(crate) &'a [u16]);
pub(crate) struct Count16<'a>(pub(crate) &'a [u16]);

/// The hit vector of units `i..i + V::BYTES` at `p` (two vectors narrowed into one). A
/// function inlined into the entry point, not a closure: closures do not inherit the entry
/// point's target features.
///
/// # Safety
/// The `2 * V::BYTES` bytes at `p + 2 * i` are readable; the CPU supports `V`'s level.
#[inline(always)]
unsafe fn step<V: Vector, M: Matcher16<V>>(k: &M, p: *const u8, i: usize) -> V {
    // SAFETY: per the contract.
    unsafe { k.hits2(V::load(p.add(2 * i)), V::load(p.add(2 * i + V::BYTES))) }
}

/// The index of the first set lane of a match mask.
#[inline(always)]
fn lane<V: Vector>(mask: u64) -> usize {
    (mask.trailing_zeros() / V::MATCH_STRIDE) as usize
}

/// The index of the last set lane of a match mask.
#[inline(always)]
fn last_lane<V: Vector>(mask: u64) -> usize {
    ((63 - mask.leading_zeros()) / V::MATCH_STRIDE) as usize
}

/// The first confirmed lane of `hits` (a hit vector over `units`), front to back.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn first16<V: Vector, M: Matcher16<V>>(k: &M, hits: V, units: &[u16]) -> Option<usize> {
    // SAFETY: CPU per contract.
    let mut mask = unsafe { hits.match_mask() };
    while mask != 0 {
        let j = lane::<V>(mask);
        if k.confirm(units[j]) {
            return Some(j);
        }
        mask &=
            !(core_cpu::vector::low_bits(V::MATCH_STRIDE as usize) << (j as u32 * V::MATCH_STRIDE));
    }
    None
}

/// The last confirmed lane of `hits` (a hit vector over `units`).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn last16<V: Vector, M: Matcher16<V>>(k: &M, hits: V, units: &[u16]) -> Option<usize> {
    // SAFETY: CPU per contract.
    let mut mask = unsafe { hits.match_mask() };
    while mask != 0 {
        let j = last_lane::<V>(mask);
        if k.confirm(units[j]) {
            return Some(j);
        }
        mask &=
            !(core_cpu::vector::low_bits(V::MATCH_STRIDE as usize) << (j as u32 * V::MATCH_STRIDE));
    }
    None
}

impl<V: Vector> Job16<V> for Find16<'_> {
    type Out = Option<usize>;
    #[inline(always)]
    unsafe fn run<M: Matcher16<V>>(self, k: M) -> Option<usize> {
        let hay = self.0;
        // `w` units a step: two vectors, narrowed into one.
        let (n, w) = (hay.len(), V::BYTES);
        if n < w {
            return hay.iter().position(|&u| k.hit(u));
        }
        let p = hay.as_ptr().cast::<u8>();
        // SAFETY: each step reads units `i..i + w` with `i + w <= n`; CPU per contract.
        unsafe {
            let mut i = 0;
            while i + 2 * w <= n {
                let (a, b) = (step(&k, p, i), step(&k, p, i + w));
                if a.or(b).any() {
                    if let Some(j) = first16(&k, a, &hay[i..]) {
                        return Some(i + j);
                    }
                    if let Some(j) = first16(&k, b, &hay[i + w..]) {
                        return Some(i + w + j);
                    }
                }
                i += 2 * w;
            }
            while i + w <= n {
                if let Some(j) = first16(&k, step(&k, p, i), &hay[i..]) {
                    return Some(i + j);
                }
                i += w;
            }
            if i < n {
                // The last `w` units; those before `i` hold no hit.
                return first16(&k, step(&k, p, n - w), &hay[n - w..]).map(|j| n - w + j);
            }
        }
        None
    }
}

impl<V: Vector> Job16<V> for RFind16<'_> {
    type Out = Option<usize>;
    #[inline(always)]
    unsafe fn run<M: Matcher16<V>>(self, k: M) -> Option<usize> {
        let hay = self.0;
        let (n, w) = (hay.len(), V::BYTES);
        if n < w {
            return hay.iter().rposition(|&u| k.hit(u));
        }
        let p = hay.as_ptr().cast::<u8>();
        // SAFETY: each step reads units `i..i + w` with `i + w <= n`; CPU per contract.
        unsafe {
            // The unsearched units are `..end`.
            let mut end = n;
            while end >= 2 * w {
                let (a, b) = (step(&k, p, end - 2 * w), step(&k, p, end - w));
                if a.or(b).any() {
                    if let Some(j) = last16(&k, b, &hay[end - w..]) {
                        return Some(end - w + j);
                    }
                    if let Some(j) = last16(&k, a, &hay[end - 2 * w..]) {
                        return Some(end - 2 * w + j);
                    }
                }
                end -= 2 * w;
            }
            while end >= w {
                if let Some(j) = last16(&k, step(&k, p, end - w), &hay[end - w..]) {
                    return Some(end - w + j);
                }
                end -= w;
            }
            if end > 0 {
                // The first `w` units; those from `end` on hold no hit.
                return last16(&k, step(&k, p, 0), hay);
            }
        }
        None
    }
}

impl<V: Vector> Job16<V> for Count16<'_> {
    type Out = usize;
    const FILTER: bool = false;
    #[inline(always)]
    unsafe fn run<M: Matcher16<V>>(self, k: M) -> usize {
        let hay = self.0;
        if !M::EXACT {
            return hay.iter().filter(|&&u| k.hit(u)).count();
        }
        let (n, w) = (hay.len(), V::BYTES);
        let p = hay.as_ptr().cast::<u8>();
        let (mut total, mut i) = (0usize, 0usize);
        // SAFETY: each step reads units `i..i + w` with `i + w <= n`; CPU per contract.
        unsafe {
            while i + w <= n {
                // Each lane gains at most 1 a step: sum before 255 steps.
                let mut acc = V::zero();
                let mut rounds = 0;
                while rounds < 255 && i + w <= n {
                    acc = acc.sub8(step(&k, p, i));
                    i += w;
                    rounds += 1;
                }
                total += acc.sum8() as usize;
            }
        }
        total + hay[i..].iter().filter(|&&u| k.hit(u)).count()
    }
}
