//! The packed SIMD fingerprint search ("Teddy", after the algorithm in Intel's Hyperscan) for
//! sets of up to 64 patterns, written once over core-cpu's [`Lookup`] vectors.
//!
//! Each pattern goes into one of 8 buckets (16 for more than 32 patterns: two groups of 8,
//! each a byte of its own). For each of the first `F` bytes of the patterns (`F` = 1 to 4,
//! at most the shortest pattern's length) two 16-entry tables give, per nibble value, the
//! buckets with a pattern whose byte at that offset has that low (or high) nibble:
//!
//! ```text
//! for each block of W bytes at `at`:
//!     acc = all ones
//!     for j in 0..F:                          // F unaligned loads, at at + j
//!         x = load(at + j)
//!         acc &= lookup(lo[j], x & 15) & lookup(hi[j], x >> 4)
//!     // byte k of acc: the buckets whose patterns may start at at + k
//!     for each k with acc[k] != 0, in order:  // verify exactly
//!         best pattern of those buckets that occurs at at + k -> match
//! ```
//!
//! A candidate is verified against the bucket's patterns with one 8-byte compare each (see
//! [`Patterns::matches_at`]), so the first position with a verified pattern is the leftmost
//! match and the bucket lists give its best pattern. The last partial block is copied to a
//! zero-padded buffer and scanned the same way, its lanes past the last start masked off.
//!
//! Levels: every one with [`Lookup`] (SSE4.2, AVX2 and AVX-512 at 16, 32 and 64 bytes a block,
//! NEON at 16). SSE2 and scalar have no byte shuffle; their sets go to the automaton.

use super::pattern::Patterns;
use super::rank::rank;
use crate::arch::Level;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core_cpu::vector::{low_bits, Lookup, Vector};

/// The most patterns a Teddy holds.
pub(super) const MAX_PATTERNS: usize = 64;
/// The most fingerprint bytes.
const MAX_F: usize = 4;
/// Up to this many patterns, one group of 8 buckets; above, two.
const ONE_GROUP: usize = 32;

/// A level's compiled kernel: `(start, pattern)` of the leftmost match.
type Kernel = unsafe fn(&Teddy, &Patterns, &[u8]) -> Option<(usize, usize)>;

/// The fingerprint tables and buckets of one pattern set, and the kernel of the level it
/// was built for.
#[derive(Clone)]
pub(super) struct Teddy {
    /// `lo[g * MAX_F + j]`: bucket bits of group `g` by low nibble of the byte at offset `j`.
    lo: Vec<[u8; 16]>,
    /// The same by high nibble.
    hi: Vec<[u8; 16]>,
    /// The pattern indices of bucket `g * 8 + b`, ascending.
    buckets: Vec<Vec<usize>>,
    fingerprint: usize,
    groups: usize,
    kernel: Kernel,
}

impl fmt::Debug for Teddy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Teddy")
            .field("fingerprint", &self.fingerprint)
            .field("buckets", &self.buckets)
            .finish_non_exhaustive()
    }
}

impl Teddy {
    /// A Teddy for `pats` at `level`, or `None` when the level has no byte shuffle, the set
    /// is empty or too large, or a pattern is empty.
    pub(super) fn new(pats: &Patterns, level: Level) -> Option<Teddy> {
        let n = pats.len();
        let min_len = (0..n).map(|i| pats.len_of(i)).min()?;
        if n > MAX_PATTERNS || min_len == 0 {
            return None;
        }
        let fingerprint = min_len.min(MAX_F);
        let groups = if n <= ONE_GROUP { 1 } else { 2 };
        let kernel = kernel_for(level, fingerprint, groups)?;
        let nb = groups * 8;
        let mut buckets = assign(pats, fingerprint, nb);
        let mut lo = vec![[0u8; 16]; groups * MAX_F];
        let mut hi = vec![[0u8; 16]; groups * MAX_F];
        for (b, ids) in buckets.iter_mut().enumerate() {
            ids.sort_unstable();
            let (g, bit) = (b / 8, 1u8 << (b % 8));
            for &i in ids.iter() {
                for (j, &c) in pats.bytes_of(i)[..fingerprint].iter().enumerate() {
                    let mut set = |c: u8| {
                        lo[g * MAX_F + j][usize::from(c & 15)] |= bit;
                        hi[g * MAX_F + j][usize::from(c >> 4)] |= bit;
                    };
                    set(c);
                    if pats.folds() && c.is_ascii_lowercase() {
                        set(c.to_ascii_uppercase());
                    }
                }
            }
        }
        Some(Teddy { lo, hi, buckets, fingerprint, groups, kernel })
    }

    /// The leftmost match in `hay`: `(start, pattern)`.
    #[inline]
    pub(super) fn find(&self, pats: &Patterns, hay: &[u8]) -> Option<(usize, usize)> {
        // SAFETY: `kernel` came from `kernel_for`, which hands out a level's kernel only when
        // the CPU has the level's features.
        unsafe { (self.kernel)(self, pats, hay) }
    }
}

/// Patterns into `nb` buckets. With no more patterns than buckets, one each (every bucket
/// exact). Otherwise greedily, in fingerprint order: each pattern joins the bucket whose
/// chance of a false candidate on text grows least, at most twice the even share per bucket.
/// A bucket's chance is the product over offsets of the text frequency (by [`rank`]) of the
/// bytes its nibble tables accept there, so patterns whose bytes at some offset differ but
/// together admit a common byte (`aag`, `gaa` admit `aaa`) are kept apart.
fn assign(pats: &Patterns, fingerprint: usize, nb: usize) -> Vec<Vec<usize>> {
    let n = pats.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| pats.bytes_of(a)[..fingerprint].cmp(&pats.bytes_of(b)[..fingerprint]));
    let mut buckets = vec![Vec::new(); nb];
    if n <= nb {
        for (b, &i) in order.iter().enumerate() {
            buckets[b].push(i);
        }
        return buckets;
    }
    // A byte's weight halves every 16 ranks below the most common byte.
    let weight = |x: usize| 1u64 << (rank(x as u8) / 16);
    let total: u64 = (0..256).map(weight).sum();
    // Per bucket and offset: the low- and high-nibble values present (bit per value).
    type Nibbles = [(u16, u16); MAX_F];
    let add = |m: &Nibbles, i: usize| -> Nibbles {
        let mut m = *m;
        for (j, &c) in pats.bytes_of(i)[..fingerprint].iter().enumerate() {
            for c in [c, if pats.folds() { c.to_ascii_uppercase() } else { c }] {
                m[j].0 |= 1 << (c & 15);
                m[j].1 |= 1 << (c >> 4);
            }
        }
        m
    };
    let chance = |m: &Nibbles| -> f64 {
        m[..fingerprint]
            .iter()
            .map(|&(lo, hi)| {
                let admitted: u64 = (0..256)
                    .filter(|&x| lo & (1 << (x & 15)) != 0 && hi & (1 << (x >> 4)) != 0)
                    .map(weight)
                    .sum();
                admitted as f64 / total as f64
            })
            .product()
    };
    let cap = 2 * n.div_ceil(nb);
    let mut masks: Vec<Nibbles> = vec![[(0, 0); MAX_F]; nb];
    let mut costs = vec![0.0f64; nb];
    for &i in &order {
        let mut pick = (f64::INFINITY, 0, [(0, 0); MAX_F], 0.0);
        for b in (0..nb).filter(|&b| buckets[b].len() < cap) {
            let m = add(&masks[b], i);
            let c = chance(&m);
            if c - costs[b] < pick.0 {
                pick = (c - costs[b], b, m, c);
            }
        }
        let (_, b, m, c) = pick;
        buckets[b].push(i);
        masks[b] = m;
        costs[b] = c;
    }
    buckets
}

/// The kernel of `level` for this fingerprint length and group count.
fn kernel_for(level: Level, fingerprint: usize, groups: usize) -> Option<Kernel> {
    if !level.is_available() {
        return None;
    }
    macro_rules! pick {
        ($m:ident) => {
            match (fingerprint, groups) {
                (1, 1) => $m::find::<1, 1> as Kernel,
                (2, 1) => $m::find::<2, 1>,
                (3, 1) => $m::find::<3, 1>,
                (4, 1) => $m::find::<4, 1>,
                (1, _) => $m::find::<1, 2>,
                (2, _) => $m::find::<2, 2>,
                (3, _) => $m::find::<3, 2>,
                _ => $m::find::<4, 2>,
            }
        };
    }
    match level {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => Some(pick!(avx512)),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => Some(pick!(avx2)),
        #[cfg(target_arch = "x86_64")]
        Level::Sse42 => Some(pick!(sse42)),
        #[cfg(target_arch = "aarch64")]
        Level::Neon => Some(pick!(neon)),
        _ => None,
    }
}

/// Per level: the kernel compiled with the level's features.
macro_rules! entry {
    ($set:ident, $v:ty) => {
        pub(super) mod $set {
            use super::{Patterns, Teddy};
            core_cpu::target_fn!($set;
                /// The Teddy kernel at this level.
                ///
                /// # Safety
                /// The CPU has the level's features.
                pub(in super::super) unsafe fn find<const F: usize, const G: usize>(
                    t: &Teddy,
                    pats: &Patterns,
                    hay: &[u8],
                ) -> Option<(usize, usize)> {
                    // SAFETY: the level's features, per the contract.
                    unsafe { super::find::<$v, F, G>(t, pats, hay) }
                }
            );
        }
    };
}

#[cfg(target_arch = "x86_64")]
entry!(avx512, core_cpu::vector::avx512::V512);
#[cfg(target_arch = "x86_64")]
entry!(avx2, core_cpu::vector::avx2::V256);
#[cfg(target_arch = "x86_64")]
entry!(sse42, core_cpu::vector::sse42::V128);
#[cfg(target_arch = "aarch64")]
entry!(neon, core_cpu::vector::neon::V128);

/// The widest block plus the three bytes a 4-byte fingerprint reads past it.
const BUF: usize = 64 + MAX_F - 1;

/// Per group, byte `k`: the buckets whose fingerprint the `F` bytes at `p + k` carry.
///
/// # Safety
/// `p..p + V::BYTES + F - 1` is readable; the CPU runs `V`.
#[inline(always)]
unsafe fn classify<V: Lookup, const F: usize, const G: usize>(
    p: *const u8,
    lo: &[[V; F]; G],
    hi: &[[V; F]; G],
) -> [V; G] {
    // SAFETY: the loads read `p + j .. p + j + BYTES` for `j < F`, inside the contract's
    // range; the CPU runs `V`.
    unsafe {
        let mut acc = [V::zero(); G];
        for j in 0..F {
            let x = V::load(p.add(j));
            let (l, h) = (x.low_nibbles(), x.high_nibbles());
            for g in 0..G {
                let r = l.lookup(lo[g][j]).and(h.lookup(hi[g][j]));
                acc[g] = if j == 0 { r } else { acc[g].and(r) };
            }
        }
        acc
    }
}

/// The leftmost match among the candidates of the block at `at` (its first `valid` lanes).
///
/// # Safety
/// The CPU runs `V`.
#[inline(always)]
unsafe fn verify<V: Vector, const G: usize>(
    t: &Teddy,
    pats: &Patterns,
    hay: &[u8],
    at: usize,
    acc: [V; G],
    valid: usize,
) -> Option<(usize, usize)> {
    let s = V::MATCH_STRIDE as usize;
    // SAFETY: the CPU runs `V`; each store writes `BYTES <= 64` bytes into a 64-byte array.
    let (mut m, lanes) = unsafe {
        let mut any = acc[0];
        for a in &acc[1..] {
            any = any.or(*a);
        }
        let m = !V::zero().eq8(any).match_mask() & low_bits(valid * s);
        let mut lanes = [[0u8; 64]; G];
        if m != 0 {
            for (g, a) in acc.iter().enumerate() {
                a.store(lanes[g].as_mut_ptr());
            }
        }
        (m, lanes)
    };
    while m != 0 {
        let k = m.trailing_zeros() as usize / s;
        m &= !(low_bits(s) << (k * s));
        let q = at + k;
        let mut best: Option<usize> = None;
        for (g, lane) in lanes.iter().enumerate() {
            let mut bits = lane[k];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(i) = pats.best_at(hay, q, t.buckets[g * 8 + b].iter().copied()) {
                    if best.is_none_or(|x| pats.better(i, x)) {
                        best = Some(i);
                    }
                }
            }
        }
        if let Some(i) = best {
            return Some((q, i));
        }
    }
    None
}

/// The Teddy search at vector type `V`: `F` fingerprint bytes, `G` groups of 8 buckets.
///
/// # Safety
/// The CPU runs `V`; `F` and `G` are those `t` was built with.
#[inline(always)]
unsafe fn find<V: Lookup, const F: usize, const G: usize>(
    t: &Teddy,
    pats: &Patterns,
    hay: &[u8],
) -> Option<(usize, usize)> {
    debug_assert!(t.fingerprint == F && t.groups == G && V::BYTES + F - 1 <= BUF);
    // SAFETY: the CPU runs `V` (contract); `t.lo`/`t.hi` hold `G * 3` tables.
    let (lo, hi) = unsafe {
        let table = |v: &[[u8; 16]]| -> [[V; F]; G] {
            core::array::from_fn(|g| core::array::from_fn(|j| V::table(&v[g * MAX_F + j])))
        };
        (table(&t.lo), table(&t.hi))
    };
    let n = hay.len();
    let w = V::BYTES;
    let p = hay.as_ptr();
    let mut at = 0;
    while at + w + F - 1 <= n {
        // SAFETY: the block reads `at..at + w + F - 1`, inside `hay` by the loop condition.
        unsafe {
            let acc = classify::<V, F, G>(p.add(at), &lo, &hi);
            let mut any = acc[0];
            for a in &acc[1..] {
                any = any.or(*a);
            }
            if any.any() {
                if let Some(found) = verify::<V, G>(t, pats, hay, at, acc, w) {
                    return Some(found);
                }
            }
        }
        at += w;
    }
    // The starts left, `at..=n - F` (fewer than `w`), from a zero-padded copy.
    if at + F <= n {
        let mut buf = [0u8; BUF];
        buf[..n - at].copy_from_slice(&hay[at..]);
        // SAFETY: the block reads `w + F - 1 <= BUF` bytes of `buf`.
        unsafe {
            let acc = classify::<V, F, G>(buf.as_ptr(), &lo, &hi);
            return verify::<V, G>(t, pats, hay, at, acc, n - F + 1 - at);
        }
    }
    None
}
