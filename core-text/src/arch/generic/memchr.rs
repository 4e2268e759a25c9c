//! Byte search: the first or last position of one of one, two or three bytes, and the count of
//! one byte, written once over [`Vector`].
//!
//! ```text
//! forward:  one unaligned vector at 0; then aligned steps of 4 vectors: eq = OR of the
//!           compares of each vector with each needle; any(eq of the 4) -> find the vector,
//!           first set bit of its match mask; then aligned single vectors; the tail as one
//!           vector ending at the end (overlapping what was searched: the first match there
//!           is still the first overall, since nothing before matched)
//! reverse:  the mirror image, from the end
//! count:    per vector acc -= eq (a compare's 0xFF is -1), summed every 255 vectors
//! ```
//!
//! Inputs shorter than a vector take a plain loop: a zero-padded load would match a zero
//! needle. The technique is the one of the `memchr` crate (aligned unrolled loops, overlapping
//! ends) and of .NET's `SpanHelpers.IndexOfAnyValueType`.

use core_cpu::vector::Vector;

/// What a byte search looks for, one vector at a time: the hit lanes of a vector (0xFF where
/// the byte is wanted, else 0) and the same test on one byte, for inputs shorter than a
/// vector. Needles, ranges, bitmaps and their negations (`set.rs`) all implement it, so the
/// loops below are written once for every kind of byte set.
pub(crate) trait Matcher<V: Vector>: Copy {
    /// 0xFF in each lane of `v` whose byte is a hit, else 0.
    ///
    /// # Safety
    /// The CPU supports `V`'s level.
    unsafe fn hits(&self, v: V) -> V;
    /// Is `b` a hit?
    fn hit(&self, b: u8) -> bool;
}

/// The needles of a search, splatted (and as bytes, for short inputs).
#[derive(Clone, Copy)]
pub(crate) struct Needles<V, const N: usize>([V; N], [u8; N]);

impl<V: Vector, const N: usize> Needles<V, N> {
    /// # Safety
    /// The CPU supports `V`'s level.
    #[inline(always)]
    pub(crate) unsafe fn new(bytes: [u8; N]) -> Self {
        // SAFETY: CPU per contract.
        Needles(bytes.map(|b| unsafe { V::splat8(b) }), bytes)
    }
}

impl<V: Vector, const N: usize> Matcher<V> for Needles<V, N> {
    #[inline(always)]
    unsafe fn hits(&self, v: V) -> V {
        // SAFETY: CPU per contract.
        unsafe {
            let mut m = v.eq8(self.0[0]);
            for n in &self.0[1..] {
                m = m.or(v.eq8(*n));
            }
            m
        }
    }

    #[inline(always)]
    fn hit(&self, b: u8) -> bool {
        self.1.contains(&b)
    }
}

/// Is some lane of the compare result `m` set? On x86 the byte sign mask (`movemask`, one
/// uop, fused with its test), not `any` (`ptest`, two uops that do not fuse with the branch,
/// or on SSE2 a compare with zero first): the step loops below test one OR of four compares,
/// so the test is a fifth of a step's uops. NEON keeps `any` (a max across 32-bit lanes is
/// cheaper there than across bytes).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn any_set<V: Vector>(m: V) -> bool {
    // SAFETY: CPU per contract; a compare result's set lanes are 0xFF, so their high bit is set.
    unsafe {
        if cfg!(target_arch = "aarch64") {
            m.any()
        } else {
            m.any_high_bit()
        }
    }
}

/// The index of the first set lane of a compare result `m` (some lane is set).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn first<V: Vector>(m: V) -> usize {
    // SAFETY: CPU per contract.
    (unsafe { m.match_mask() }.trailing_zeros() / V::MATCH_STRIDE) as usize
}

/// The index of the last set lane of a compare result `m` (some lane is set).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn last<V: Vector>(m: V) -> usize {
    // SAFETY: CPU per contract.
    let mask = unsafe { m.match_mask() };
    (63 - mask.leading_zeros()) as usize / V::MATCH_STRIDE as usize
}

/// The first position in `hay` of a hit of `k`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn find<V: Vector, M: Matcher<V>>(hay: &[u8], k: M) -> Option<usize> {
    let (n, w) = (hay.len(), V::BYTES);
    if n < w {
        return hay.iter().position(|&b| k.hit(b));
    }
    let p = hay.as_ptr();
    // SAFETY: every load reads `w` bytes at an offset at most `n - w`; CPU per contract.
    unsafe {
        let m = k.hits(V::load(p));
        if any_set(m) {
            return Some(first(m));
        }
        // Aligned from the first boundary after 0 (bytes before it were just searched).
        let mut i = w - (p as usize & (w - 1));
        // `i <= last4`, not `i + 4 * w <= n`: one induction variable instead of two. (When
        // `n < 4 * w`, `last4` is 0 and `i` at least 1.)
        let last4 = n.saturating_sub(4 * w);
        while i <= last4 {
            let q = p.add(i);
            let (a, b) = (k.hits(V::load(q)), k.hits(V::load(q.add(w))));
            let (c, d) = (k.hits(V::load(q.add(2 * w))), k.hits(V::load(q.add(3 * w))));
            if any_set(a.or(b).or(c.or(d))) {
                for (j, m) in [a, b, c, d].into_iter().enumerate() {
                    if any_set(m) {
                        return Some(i + j * w + first(m));
                    }
                }
            }
            i += 4 * w;
        }
        while i + w <= n {
            let m = k.hits(V::load(p.add(i)));
            if any_set(m) {
                return Some(i + first(m));
            }
            i += w;
        }
        if i < n {
            let m = k.hits(V::load(p.add(n - w)));
            if any_set(m) {
                return Some(n - w + first(m));
            }
        }
    }
    None
}

/// The last position in `hay` of a hit of `k`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn rfind<V: Vector, M: Matcher<V>>(hay: &[u8], k: M) -> Option<usize> {
    let (n, w) = (hay.len(), V::BYTES);
    if n < w {
        return hay.iter().rposition(|&b| k.hit(b));
    }
    let p = hay.as_ptr();
    // SAFETY: every load reads `w` bytes at an offset between 0 and `n - w`; CPU per contract.
    unsafe {
        let m = k.hits(V::load(p.add(n - w)));
        if any_set(m) {
            return Some(n - w + last(m));
        }
        // `end` is aligned (and above 0, as `n >= w`): the vectors below it, down to 0.
        let mut end = ((p as usize + n) & !(w - 1)) - p as usize;
        if end >= 4 * w {
            // `s`, the start of the four vectors below `end`, is the one induction variable
            // (a loop on `end` kept two, and three instructions to step them).
            let mut s = end - 4 * w;
            loop {
                let q = p.add(s);
                let (a, b) = (k.hits(V::load(q)), k.hits(V::load(q.add(w))));
                let (c, d) = (k.hits(V::load(q.add(2 * w))), k.hits(V::load(q.add(3 * w))));
                if any_set(a.or(b).or(c.or(d))) {
                    for (j, m) in [d, c, b, a].into_iter().enumerate() {
                        if any_set(m) {
                            return Some(s + (3 - j) * w + last(m));
                        }
                    }
                }
                if s < 4 * w {
                    end = s;
                    break;
                }
                s -= 4 * w;
            }
        }
        while end >= w {
            let m = k.hits(V::load(p.add(end - w)));
            if any_set(m) {
                return Some(end - w + last(m));
            }
            end -= w;
        }
        if end > 0 {
            let m = k.hits(V::load(p));
            if any_set(m) {
                return Some(last(m));
            }
        }
    }
    None
}

/// The number of bytes of `hay` equal to `byte`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count<V: Vector>(hay: &[u8], byte: u8) -> usize {
    // SAFETY: forwarded contract.
    unsafe { count_hits::<V, _>(hay, Needles::<V, 1>::new([byte])) }
}

/// The number of hits of `k` in `hay`.
///
/// The steps load aligned vectors: on a haystack that is not vector-aligned (a `Vec`'s is
/// 16-aligned), unaligned 32- and 64-byte loads cross a cache line every other or every
/// load, which halves their throughput once the data is not in L1. The lanes before the first
/// aligned address are counted from one unaligned vector at 0, those after the last whole step
/// from the vector ending at the end, each with its match mask cut to the lanes not yet
/// counted.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count_hits<V: Vector, M: Matcher<V>>(hay: &[u8], k: M) -> usize {
    let (n, w) = (hay.len(), V::BYTES);
    if n < w {
        return hay.iter().filter(|&&b| k.hit(b)).count();
    }
    let p = hay.as_ptr();
    let s = V::MATCH_STRIDE as usize;
    // SAFETY: every load reads `w` bytes at an offset between 0 and `n - w`; CPU per contract.
    unsafe {
        // Lanes `0..i` of the first vector: those below the first aligned address after 0.
        let mut i = w - (p as usize & (w - 1));
        let head = k.hits(V::load(p)).match_mask() & core_cpu::vector::low_bits(i * s);
        let mut total = head.count_ones() as usize / s;
        while i + 4 * w <= n {
            // Four accumulators, each gaining at most 1 per byte lane a round: sum before 255.
            let mut acc = [V::zero(); 4];
            let mut rounds = 0;
            while rounds < 255 / 4 && i + 4 * w <= n {
                for (j, acc) in acc.iter_mut().enumerate() {
                    *acc = acc.sub8(k.hits(V::load(p.add(i + j * w))));
                }
                i += 4 * w;
                rounds += 1;
            }
            total += acc[0].add8(acc[1]).add8(acc[2].add8(acc[3])).sum8() as usize;
        }
        while i + w <= n {
            total += V::zero().sub8(k.hits(V::load(p.add(i)))).sum8() as usize;
            i += w;
        }
        if i < n {
            // The vector ending at `n`: its lanes from `i` on (the first `i - (n - w)` were
            // counted).
            let m = k.hits(V::load(p.add(n - w))).match_mask() >> ((i - (n - w)) * s);
            total += m.count_ones() as usize / s;
        }
        total
    }
}

/// Bit `j` set where `block[j]` is a hit of `k`, for the first 64 bytes of `block` (all of
/// it when shorter): one mask per 64-byte block, the unit of the split iterators.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn mask64<V: Vector, M: Matcher<V>>(block: &[u8], k: M) -> u64 {
    let (n, w) = (block.len().min(64), V::BYTES);
    let p = block.as_ptr();
    let mut mask = 0u64;
    let mut i = 0;
    // SAFETY: every load reads `w` bytes below `n`; CPU per contract.
    unsafe {
        while i + w <= n {
            mask |= k.hits(V::load(p.add(i))).bitmask() << i;
            i += w;
        }
    }
    if i < n && n >= w {
        // The rest as the vector ending at `n`, its bits for bytes before `i` shifted out.
        // SAFETY: reads `block[n - w..n]`; CPU per contract.
        let bits = unsafe { k.hits(V::load(p.add(n - w))).bitmask() };
        return mask | (bits >> (i - (n - w))) << i;
    }
    for (j, &b) in block[i..n].iter().enumerate() {
        mask |= (k.hit(b) as u64) << (i + j);
    }
    mask
}

/// Stamps the operation-table forms: one, two and three needles, forward and reverse.
macro_rules! arities {
    ($($name:ident = $f:ident($($b:ident),+);)*) => {$(
        /// See [`find`] / [`rfind`].
        ///
        /// # Safety
        /// The CPU supports `V`'s level.
        #[inline(always)]
        pub(crate) unsafe fn $name<V: Vector>(hay: &[u8], $($b: u8),+) -> Option<usize> {
            // SAFETY: forwarded contract.
            unsafe { $f::<V, _>(hay, Needles::<V, { [$(stringify!($b)),+].len() }>::new([$($b),+])) }
        }
    )*};
}

arities! {
    find1 = find(a);
    find2 = find(a, b);
    find3 = find(a, b, c);
    rfind1 = rfind(a);
    rfind2 = rfind(a, b);
    rfind3 = rfind(a, b, c);
}
