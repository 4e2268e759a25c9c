//! The basecase limb kernels and their runtime dispatch. Every other algorithm spends most of
//! its time here.
//!
//! Each kernel exists once per table: `portable` (the `scalar`, `sse2`, `sse4.2` and `neon`
//! levels) and, on x86_64, `x86_64` (BMI2 + ADX: the `avx2` and `avx512` levels); see
//! [`crate::arch`]. The table is one `core_cpu::dispatch!` declaration (`ops`); the functions
//! exported here go through its cached function pointer per kernel, which starts at a
//! detection function and is replaced by the best table's kernel on first use, so the steady
//! state is one relaxed load and one indirect call. Inputs of one or two limbs skip the call.

mod portable;
#[cfg(target_arch = "x86_64")]
mod x86_64;

use crate::arch::Level;
use core::mem::MaybeUninit;

/// Inputs up to this many limbs run the portable code inline, with no indirect call
/// (measured on Zen 4: 1.6-2.7 ns instead of 3-3.5 ns at one or two limbs; at four limbs the
/// inlined unrolled loop is slower than the call).
const INLINE_MAX: usize = 2;

/// The operation table: two tables of kernels, `portable` (the `scalar`, `sse2`, `sse4.2` and
/// `neon` levels, which have nothing faster for carry chains: on aarch64 the `u128` code
/// already compiles to `mul`/`umulh`/`adcs`) and, on x86_64, the BMI2/ADX one (the `avx2`
/// and `avx512` levels when the CPU has ADX as well; without it they run the portable table).
/// Kernels never read or write outside their slices, whatever the lengths (a broken length
/// contract gives a wrong result or a panic, never undefined behaviour), so every operation
/// is `safe`.
mod ops {
    use super::portable;
    #[cfg(target_arch = "x86_64")]
    use super::x86_64;
    use core::mem::MaybeUninit;

    core_cpu::dispatch! {
        tables {
            avx2_adx => [Avx2, Avx512],
            scalar => [Scalar, Sse2, Sse42, Avx2, Avx512, Neon],
        }
        ops {
            /// `r = a + b` (one length); the carry.
            safe fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
                avx2_adx: x86_64::add_n,
                scalar: portable::add_n,
            }
            /// `r += b` (one length); the carry.
            safe fn add_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
                avx2_adx: x86_64::add_n_assign,
                scalar: portable::add_n_assign,
            }
            /// `r = a - b` (one length); the borrow.
            safe fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
                avx2_adx: x86_64::sub_n,
                scalar: portable::sub_n,
            }
            /// `r -= b` (one length); the borrow.
            safe fn sub_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
                avx2_adx: x86_64::sub_n_assign,
                scalar: portable::sub_n_assign,
            }
            /// `r = b - r` (one length); the borrow.
            safe fn sub_n_rev_assign(r: &mut [u64], b: &[u64]) -> u64 {
                avx2_adx: x86_64::sub_n_rev_assign,
                scalar: portable::sub_n_rev_assign,
            }
            /// `r = a * m` (one length); the high limb.
            safe fn mul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
                avx2_adx: x86_64::mul_1,
                scalar: portable::mul_1,
            }
            /// `r *= m`; the high limb.
            safe fn mul_1_assign(r: &mut [u64], m: u64) -> u64 {
                avx2_adx: x86_64::mul_1_assign,
                scalar: portable::mul_1_assign,
            }
            /// `r += a * m` (one length); the high limb.
            safe fn addmul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
                avx2_adx: x86_64::addmul_1,
                scalar: portable::addmul_1,
            }
            /// `r -= a * m` (one length); the limb to subtract above `r`.
            safe fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
                avx2_adx: x86_64::submul_1,
                scalar: portable::submul_1,
            }
            /// `r = a << bits` (one length, `1 <= bits < 64`); the bits shifted out.
            safe fn shl_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64 {
                avx2_adx: x86_64::shl_uninit,
                scalar: portable::shl_uninit,
            }
            /// `r <<= bits` (`1 <= bits < 64`); the bits shifted out.
            safe fn shl_assign(r: &mut [u64], bits: u32) -> u64 {
                avx2_adx: x86_64::shl_assign,
                scalar: portable::shl_assign,
            }
            /// `r = a >> bits` (one length, `1 <= bits < 64`); the bits shifted out (high bits).
            safe fn shr(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
                avx2_adx: x86_64::shr,
                scalar: portable::shr,
            }
            /// `r >>= bits` (`1 <= bits < 64`); the bits shifted out (high bits).
            safe fn shr_assign(r: &mut [u64], bits: u32) -> u64 {
                avx2_adx: x86_64::shr_assign,
                scalar: portable::shr_assign,
            }
            /// Schoolbook `r = a * b` (`a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`;
            /// panics otherwise).
            safe fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) -> () {
                avx2_adx: x86_64::mul_basecase,
                scalar: portable::mul_basecase,
            }
            /// Schoolbook `r = a * a` (`a.len() >= 1`, `r.len() == 2 * a.len()`; panics otherwise).
            safe fn sqr_basecase(r: &mut [u64], a: &[u64]) -> () {
                avx2_adx: x86_64::sqr_basecase,
                scalar: portable::sqr_basecase,
            }
            /// Schoolbook division of `a` by the normalised `d` (Knuth D, see
            /// [`crate::bigint::mpn::div::schoolbook`]): low quotient limbs to `q`, the top one
            /// returned, the remainder in `a[..d.len()]`; `v` is the 3/2 reciprocal of `d`'s top two
            /// limbs (`d.len() >= 2`, top bit set, `a.len() == q.len() + d.len()`; panics otherwise).
            /// Only the tests call it per level (the `arch::__kernels` entry points lack it).
            #[cfg_attr(not(test), allow(dead_code))]
            safe fn div_qr_basecase(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
                avx2_adx: x86_64::div_qr_basecase,
                scalar: portable::div_qr_basecase,
            }
        }
    }
}

pub(crate) use ops::{Auto, Ops, Pinned};

/// A pinned table (tests and the per-level entry points).
pub(crate) type Kernels = Pinned;

impl Pinned {
    /// The table for `level`, or `None` when this CPU cannot run it.
    pub(crate) fn for_level(level: Level) -> Option<Pinned> {
        ops::pinned(level)
    }

    /// The table the cached entry points run.
    pub(crate) fn best() -> Pinned {
        ops::best()
    }
}

/// `r = a + b` (all the same length); returns the carry.
#[inline]
pub(crate) fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::add_n(r, a, b);
    }
    Auto.add_n(r, a, b)
}

/// `r += b` (same length); returns the carry.
#[inline]
pub(crate) fn add_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::add_n_assign(r, b);
    }
    Auto.add_n_assign(r, b)
}

/// `r = a - b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n(r, a, b);
    }
    Auto.sub_n(r, a, b)
}

/// `r -= b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n_assign(r, b);
    }
    Auto.sub_n_assign(r, b)
}

/// `r = b - r` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_rev_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n_rev_assign(r, b);
    }
    Auto.sub_n_rev_assign(r, b)
}

/// `r = a * m` (same length); returns the high limb.
#[inline]
pub(crate) fn mul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::mul_1(r, a, m);
    }
    Auto.mul_1(r, a, m)
}

/// `r *= m`; returns the high limb.
#[inline]
pub(crate) fn mul_1_assign(r: &mut [u64], m: u64) -> u64 {
    if r.len() <= INLINE_MAX {
        return portable::mul_1_assign(r, m);
    }
    Auto.mul_1_assign(r, m)
}

/// `r += a * m` over `a.len()` limbs of `r` (`r.len() == a.len()`); returns the high limb.
#[inline]
pub(crate) fn addmul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::addmul_1(r, a, m);
    }
    Auto.addmul_1(r, a, m)
}

/// `r -= a * m` (`r.len() == a.len()`); returns the limb that must be subtracted above `r`.
#[inline]
pub(crate) fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::submul_1(r, a, m);
    }
    Auto.submul_1(r, a, m)
}

/// `r = a << bits` with `1 <= bits < 64` (same length); returns the bits shifted out (in the
/// low `bits` bits of the result).
#[inline]
pub(crate) fn shl(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    Auto.shl_uninit(as_uninit(r), a, bits)
}

/// [`shl`] into limbs not yet initialised (a fresh result's spare capacity): every limb of `r`
/// is written.
#[inline]
pub(crate) fn shl_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    Auto.shl_uninit(r, a, bits)
}

/// `r` seen as limbs that a write-only kernel may overwrite.
///
/// Private to this module on purpose: through the result, safe code could store
/// `MaybeUninit::uninit()` and de-initialise `r`; the kernels here only ever store
/// initialised limbs (and every limb they are given), so `r` stays initialised.
#[inline]
fn as_uninit(r: &mut [u64]) -> &mut [MaybeUninit<u64>] {
    // SAFETY: `MaybeUninit<u64>` has the layout of `u64`; see above for why `r` stays
    // initialised.
    unsafe { &mut *(r as *mut [u64] as *mut [MaybeUninit<u64>]) }
}

impl Pinned {
    /// `r = a << bits` through this table's write-only shift kernel.
    #[inline]
    pub(crate) fn shl(self, r: &mut [u64], a: &[u64], bits: u32) -> u64 {
        self.shl_uninit(as_uninit(r), a, bits)
    }
}

/// `r <<= bits` with `1 <= bits < 64`; returns the bits shifted out.
#[inline]
pub(crate) fn shl_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    Auto.shl_assign(r, bits)
}

/// `r = a >> bits` with `1 <= bits < 64` (same length); returns the bits shifted out, in the
/// high `bits` bits of the result.
#[inline]
pub(crate) fn shr(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    Auto.shr(r, a, bits)
}

/// `r >>= bits` with `1 <= bits < 64`; returns the bits shifted out (high bits of the result).
#[inline]
pub(crate) fn shr_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    Auto.shr_assign(r, bits)
}

/// Schoolbook `r = a * b` (`a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`).
///
/// # Panics
///
/// When the length contract is broken.
#[inline]
pub(crate) fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    if a.len() <= INLINE_MAX {
        return portable::mul_basecase(r, a, b);
    }
    Auto.mul_basecase(r, a, b)
}

/// Schoolbook `r = a * a` (`a.len() >= 1`, `r.len() == 2 * a.len()`).
///
/// # Panics
///
/// When the length contract is broken.
#[inline]
pub(crate) fn sqr_basecase(r: &mut [u64], a: &[u64]) {
    if a.len() <= INLINE_MAX {
        return portable::sqr_basecase(r, a);
    }
    Auto.sqr_basecase(r, a)
}

/// Schoolbook division of `a` (`q.len() + d.len()` limbs) by the normalised `d`
/// (`d.len() >= 2`), with `v = reciprocal_3by2(d1, d0)`: the low `q.len()` quotient limbs go
/// to `q`, the top one (0 or 1) is returned, the remainder replaces `a[..d.len()]`.
///
/// # Panics
///
/// When the length or normalisation contract is broken.
#[inline]
pub(crate) fn div_qr_basecase(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    Auto.div_qr_basecase(q, a, d, v)
}

#[cfg(test)]
mod tests;
