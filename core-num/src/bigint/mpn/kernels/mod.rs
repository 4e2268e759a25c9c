//! The basecase limb kernels and their runtime dispatch. Every other algorithm spends most of
//! its time here.
//!
//! Each kernel exists once per table: `portable` (the `scalar`, `sse2` and `neon` levels) and,
//! on x86_64, `x86_64` (BMI2 + ADX: the `avx2` and `avx512` levels); see [`crate::arch`]. The
//! functions exported here go through a cached function pointer per kernel, which starts at a
//! detection function and is replaced by the best table's kernel on first use, so the steady
//! state is one relaxed load and one indirect call. Inputs of one or two limbs skip the call.

mod portable;
#[cfg(target_arch = "x86_64")]
mod x86_64;

use crate::arch::Level;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicPtr, Ordering};

/// Inputs up to this many limbs run the portable code inline, with no indirect call
/// (measured on Zen 4: 1.6-2.7 ns instead of 3-3.5 ns at one or two limbs; at four limbs the
/// inlined unrolled loop is slower than the call).
const INLINE_MAX: usize = 2;

/// Declares the kernel table, its safe accessors and one cached-pointer entry point per kernel.
macro_rules! kernel_table {
    ($($(#[$doc:meta])* $name:ident: fn($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        /// One table of kernels.
        ///
        /// Every field is an `unsafe fn` because a table's kernels may need CPU features; a
        /// table is only handed out by [`Kernels::for_level`] for an available level. Kernels
        /// never read or write outside their slices, whatever the lengths (a broken length
        /// contract gives a wrong result or a panic, never undefined behaviour).
        pub(crate) struct Kernels {
            $($(#[$doc])* $name: unsafe fn($($ty),*) -> $ret,)*
        }

        impl Kernels {
            $(
                $(#[$doc])*
                #[inline]
                pub(crate) fn $name(&self, $($arg: $ty),*) -> $ret {
                    // SAFETY: tables exist only for levels this CPU runs (`for_level`), and
                    // kernels accept slices of any lengths.
                    unsafe { (self.$name)($($arg),*) }
                }
            )*
        }

        /// The cached entry points.
        mod cached {
            use super::*;
            $(
                #[inline]
                pub(super) fn $name($($arg: $ty),*) -> $ret {
                    type F = unsafe fn($($ty),*) -> $ret;
                    static PTR: AtomicPtr<()> = AtomicPtr::new(detect as F as *mut ());
                    /// Finds the best table, caches its kernel and runs it.
                    ///
                    /// # Safety
                    ///
                    /// None beyond the kernel's (any slices are accepted).
                    unsafe fn detect($($arg: $ty),*) -> $ret {
                        let f: F = Kernels::best().$name;
                        PTR.store(f as *mut (), Ordering::Relaxed);
                        // SAFETY: `Kernels::best` only returns tables of levels this CPU runs.
                        unsafe { f($($arg),*) }
                    }
                    let p = PTR.load(Ordering::Relaxed);
                    // SAFETY: PTR only ever holds values of type `F` (`detect` and fields of
                    // a table), so turning it back into `F` is sound.
                    let f = unsafe { core::mem::transmute::<*mut (), F>(p) };
                    // SAFETY: an available level's kernel (or `detect`); any slices accepted.
                    unsafe { f($($arg),*) }
                }
            )*
        }
    };
}

kernel_table! {
    /// `r = a + b` (one length); the carry.
    add_n: fn(r: &mut [u64], a: &[u64], b: &[u64]) -> u64;
    /// `r += b` (one length); the carry.
    add_n_assign: fn(r: &mut [u64], b: &[u64]) -> u64;
    /// `r = a - b` (one length); the borrow.
    sub_n: fn(r: &mut [u64], a: &[u64], b: &[u64]) -> u64;
    /// `r -= b` (one length); the borrow.
    sub_n_assign: fn(r: &mut [u64], b: &[u64]) -> u64;
    /// `r = b - r` (one length); the borrow.
    sub_n_rev_assign: fn(r: &mut [u64], b: &[u64]) -> u64;
    /// `r = a * m` (one length); the high limb.
    mul_1: fn(r: &mut [u64], a: &[u64], m: u64) -> u64;
    /// `r *= m`; the high limb.
    mul_1_assign: fn(r: &mut [u64], m: u64) -> u64;
    /// `r += a * m` (one length); the high limb.
    addmul_1: fn(r: &mut [u64], a: &[u64], m: u64) -> u64;
    /// `r -= a * m` (one length); the limb to subtract above `r`.
    submul_1: fn(r: &mut [u64], a: &[u64], m: u64) -> u64;
    /// `r = a << bits` (one length, `1 <= bits < 64`); the bits shifted out.
    shl_uninit: fn(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64;
    /// `r <<= bits` (`1 <= bits < 64`); the bits shifted out.
    shl_assign: fn(r: &mut [u64], bits: u32) -> u64;
    /// `r = a >> bits` (one length, `1 <= bits < 64`); the bits shifted out (high bits).
    shr: fn(r: &mut [u64], a: &[u64], bits: u32) -> u64;
    /// `r >>= bits` (`1 <= bits < 64`); the bits shifted out (high bits).
    shr_assign: fn(r: &mut [u64], bits: u32) -> u64;
    /// Schoolbook `r = a * b` (`a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`;
    /// panics otherwise).
    mul_basecase: fn(r: &mut [u64], a: &[u64], b: &[u64]) -> ();
    /// Schoolbook `r = a * a` (`a.len() >= 1`, `r.len() == 2 * a.len()`; panics otherwise).
    sqr_basecase: fn(r: &mut [u64], a: &[u64]) -> ();
    /// Schoolbook division of `a` by the normalised `d` (Knuth D, see
    /// [`crate::bigint::mpn::div::schoolbook`]): low quotient limbs to `q`, the top one
    /// returned, the remainder in `a[..d.len()]`; `v` is the 3/2 reciprocal of `d`'s top two
    /// limbs (`d.len() >= 2`, top bit set, `a.len() == q.len() + d.len()`; panics otherwise).
    /// Only the tests call it per level (the `arch::__kernels` entry points lack it).
    #[cfg_attr(not(test), allow(dead_code))]
    div_qr_basecase: fn(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64;
}

/// The portable table: the `scalar` level, and `sse2` and `neon`, which have nothing faster
/// for carry chains (on aarch64 the `u128` code already compiles to `mul`/`umulh`/`adcs`).
static PORTABLE: Kernels = Kernels {
    add_n: portable::add_n,
    add_n_assign: portable::add_n_assign,
    sub_n: portable::sub_n,
    sub_n_assign: portable::sub_n_assign,
    sub_n_rev_assign: portable::sub_n_rev_assign,
    mul_1: portable::mul_1,
    mul_1_assign: portable::mul_1_assign,
    addmul_1: portable::addmul_1,
    submul_1: portable::submul_1,
    shl_uninit: portable::shl_uninit,
    shl_assign: portable::shl_assign,
    shr: portable::shr,
    shr_assign: portable::shr_assign,
    mul_basecase: portable::mul_basecase,
    sqr_basecase: portable::sqr_basecase,
    div_qr_basecase: portable::div_qr_basecase,
};

/// The BMI2/ADX table: the `avx2` level, and `avx512`, which has no kernel of its own.
#[cfg(target_arch = "x86_64")]
static BMI2_ADX: Kernels = Kernels {
    add_n: x86_64::add_n,
    add_n_assign: x86_64::add_n_assign,
    sub_n: x86_64::sub_n,
    sub_n_assign: x86_64::sub_n_assign,
    sub_n_rev_assign: x86_64::sub_n_rev_assign,
    mul_1: x86_64::mul_1,
    mul_1_assign: x86_64::mul_1_assign,
    addmul_1: x86_64::addmul_1,
    submul_1: x86_64::submul_1,
    shl_uninit: x86_64::shl_uninit,
    shl_assign: x86_64::shl_assign,
    shr: x86_64::shr,
    shr_assign: x86_64::shr_assign,
    mul_basecase: x86_64::mul_basecase,
    sqr_basecase: x86_64::sqr_basecase,
    div_qr_basecase: x86_64::div_qr_basecase,
};

impl Kernels {
    /// The table for `level`, or `None` when this CPU cannot run it.
    pub(crate) fn for_level(level: Level) -> Option<&'static Kernels> {
        if !level.is_available() {
            return None;
        }
        match level {
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 | Level::Avx512 => Some(&BMI2_ADX),
            _ => Some(&PORTABLE),
        }
    }

    /// The table of [`Level::best`].
    fn best() -> &'static Kernels {
        Kernels::for_level(Level::best()).unwrap_or(&PORTABLE)
    }
}

/// `r = a + b` (all the same length); returns the carry.
#[inline]
pub(crate) fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::add_n(r, a, b);
    }
    cached::add_n(r, a, b)
}

/// `r += b` (same length); returns the carry.
#[inline]
pub(crate) fn add_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::add_n_assign(r, b);
    }
    cached::add_n_assign(r, b)
}

/// `r = a - b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == a.len() && a.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n(r, a, b);
    }
    cached::sub_n(r, a, b)
}

/// `r -= b` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n_assign(r, b);
    }
    cached::sub_n_assign(r, b)
}

/// `r = b - r` (same length); returns the borrow.
#[inline]
pub(crate) fn sub_n_rev_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() == b.len());
    if r.len() <= INLINE_MAX {
        return portable::sub_n_rev_assign(r, b);
    }
    cached::sub_n_rev_assign(r, b)
}

/// `r = a * m` (same length); returns the high limb.
#[inline]
pub(crate) fn mul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::mul_1(r, a, m);
    }
    cached::mul_1(r, a, m)
}

/// `r *= m`; returns the high limb.
#[inline]
pub(crate) fn mul_1_assign(r: &mut [u64], m: u64) -> u64 {
    if r.len() <= INLINE_MAX {
        return portable::mul_1_assign(r, m);
    }
    cached::mul_1_assign(r, m)
}

/// `r += a * m` over `a.len()` limbs of `r` (`r.len() == a.len()`); returns the high limb.
#[inline]
pub(crate) fn addmul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::addmul_1(r, a, m);
    }
    cached::addmul_1(r, a, m)
}

/// `r -= a * m` (`r.len() == a.len()`); returns the limb that must be subtracted above `r`.
#[inline]
pub(crate) fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    debug_assert!(r.len() == a.len());
    if r.len() <= INLINE_MAX {
        return portable::submul_1(r, a, m);
    }
    cached::submul_1(r, a, m)
}

/// `r = a << bits` with `1 <= bits < 64` (same length); returns the bits shifted out (in the
/// low `bits` bits of the result).
#[inline]
pub(crate) fn shl(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    cached::shl_uninit(as_uninit(r), a, bits)
}

/// [`shl`] into limbs not yet initialised (a fresh result's spare capacity): every limb of `r`
/// is written.
#[inline]
pub(crate) fn shl_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    cached::shl_uninit(r, a, bits)
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

impl Kernels {
    /// `r = a << bits` through this table's write-only shift kernel.
    #[inline]
    pub(crate) fn shl(&self, r: &mut [u64], a: &[u64], bits: u32) -> u64 {
        self.shl_uninit(as_uninit(r), a, bits)
    }
}

/// `r <<= bits` with `1 <= bits < 64`; returns the bits shifted out.
#[inline]
pub(crate) fn shl_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    cached::shl_assign(r, bits)
}

/// `r = a >> bits` with `1 <= bits < 64` (same length); returns the bits shifted out, in the
/// high `bits` bits of the result.
#[inline]
pub(crate) fn shr(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    debug_assert!(r.len() == a.len() && (1..64).contains(&bits));
    cached::shr(r, a, bits)
}

/// `r >>= bits` with `1 <= bits < 64`; returns the bits shifted out (high bits of the result).
#[inline]
pub(crate) fn shr_assign(r: &mut [u64], bits: u32) -> u64 {
    debug_assert!((1..64).contains(&bits));
    cached::shr_assign(r, bits)
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
    cached::mul_basecase(r, a, b)
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
    cached::sqr_basecase(r, a)
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
    cached::div_qr_basecase(q, a, d, v)
}

#[cfg(test)]
mod tests;
