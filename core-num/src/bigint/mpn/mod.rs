//! Natural-number kernels on little-endian `u64` limb slices (the "mpn" layer).
//!
//! Everything above this module (`BigUint`, `BigInt`, parsing, formatting) is written over
//! these functions. Conventions, shared by every file here:
//!
//! - A number is a `&[u64]`, least significant limb first. Inputs need not be normalised
//!   (high zero limbs allowed) unless a function says so; outputs have the exact length the
//!   function documents and may carry high zero limbs.
//! - Length contracts are checked with `debug_assert!` only; callers in this crate uphold them.
//! - Functions that need scratch space allocate it themselves (one `Vec` per top-level call,
//!   threaded through the recursion), so callers never size scratch.
//!
//! The modules (each algorithm is testable on its own; cut-overs live in `thresholds.rs`):
//!
//! | module       | contents                                                                |
//! |--------------|-------------------------------------------------------------------------|
//! | `kernels/`   | add_n, sub_n, mul_1, addmul_1, submul_1, shifts, basecase mul and sqr,  |
//! |              | with runtime dispatch to BMI2/ADX `asm!` on x86_64                      |
//! | `mul/`       | Karatsuba, Toom-3, Toom-3.2 and chunked unbalanced products, Toom-4      |
//! | `ntt.rs`     | three-prime NTT multiplication for very large operands                  |
//! | `div/`       | single limb (Möller–Granlund), Knuth D, Burnikel–Ziegler, Newton, exact  |
//! | `radix/`     | parse and format in radix 2..=36, bit slicing or divide and conquer     |
//! | `pow/`       | Montgomery modpow with sliding windows, CRT for even moduli              |
//! | `gcd/`       | Lehmer gcd and modular inverse                                          |
//! | `root/`      | integer square and nth roots by Newton iteration                        |

use core::cmp::Ordering;

pub(crate) mod kernels;
#[cfg(test)]
pub(crate) mod test_util;
pub(crate) mod thresholds;

pub(crate) mod div;
pub(crate) mod gcd;
pub(crate) mod mul;
pub(crate) mod ntt;
pub(crate) mod pow;
pub(crate) mod radix;
pub(crate) mod root;

pub(crate) use kernels::{
    add_n, add_n_assign, mul_1, mul_1_assign, shl, shl_assign, shl_uninit, shr, shr_assign, sub_n,
    sub_n_assign, sub_n_rev_assign, submul_1,
};

/// Length of `a` without its high zero limbs.
#[inline]
pub(crate) fn normalized_len(a: &[u64]) -> usize {
    let mut n = a.len();
    while n > 0 && a[n - 1] == 0 {
        n -= 1;
    }
    n
}

/// `a` without its high zero limbs.
#[inline]
pub(crate) fn normalized(a: &[u64]) -> &[u64] {
    &a[..normalized_len(a)]
}

/// Compares two equal-length numbers.
#[inline]
pub(crate) fn cmp_n(a: &[u64], b: &[u64]) -> Ordering {
    debug_assert_eq!(a.len(), b.len());
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
    }
    Ordering::Equal
}

/// Compares two numbers of any lengths (high zero limbs allowed).
#[inline]
pub(crate) fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    let a = normalized(a);
    let b = normalized(b);
    a.len().cmp(&b.len()).then_with(|| cmp_n(a, b))
}

/// `r = a + b` where `a.len() >= b.len()` and `r.len() == a.len()`; returns the carry (0 or 1).
#[inline]
pub(crate) fn add(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(a.len() >= b.len() && r.len() == a.len());
    let n = b.len();
    let c = add_n(&mut r[..n], &a[..n], b);
    r[n..].copy_from_slice(&a[n..]);
    add_1_assign(&mut r[n..], c)
}

/// `r += b` where `r.len() >= b.len()`; returns the carry out of `r` (0 or 1).
#[inline]
pub(crate) fn add_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() >= b.len());
    let n = b.len();
    let c = add_n_assign(&mut r[..n], b);
    add_1_assign(&mut r[n..], c)
}

/// `r = a - b` where `a.len() >= b.len()` and `r.len() == a.len()`; returns the borrow (0 or 1).
#[inline]
pub(crate) fn sub(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    debug_assert!(a.len() >= b.len() && r.len() == a.len());
    let n = b.len();
    let c = sub_n(&mut r[..n], &a[..n], b);
    r[n..].copy_from_slice(&a[n..]);
    sub_1_assign(&mut r[n..], c)
}

/// `r -= b` where `r.len() >= b.len()`; returns the borrow out of `r` (0 or 1).
#[inline]
pub(crate) fn sub_assign(r: &mut [u64], b: &[u64]) -> u64 {
    debug_assert!(r.len() >= b.len());
    let n = b.len();
    let c = sub_n_assign(&mut r[..n], b);
    sub_1_assign(&mut r[n..], c)
}

/// `r += x` (one limb); returns the carry out of `r` (0 or 1, or `x` itself when `r` is empty).
#[inline]
pub(crate) fn add_1_assign(r: &mut [u64], mut x: u64) -> u64 {
    for limb in r.iter_mut() {
        if x == 0 {
            return 0;
        }
        let (s, c) = limb.overflowing_add(x);
        *limb = s;
        x = c as u64;
    }
    x
}

/// `r -= x` (one limb); returns the borrow out of `r` (0 or 1, or `x` when `r` is empty).
#[inline]
pub(crate) fn sub_1_assign(r: &mut [u64], mut x: u64) -> u64 {
    for limb in r.iter_mut() {
        if x == 0 {
            return 0;
        }
        let (s, c) = limb.overflowing_sub(x);
        *limb = s;
        x = c as u64;
    }
    x
}

/// `(hi, lo)` of the full product `a * b`.
#[inline(always)]
pub(crate) fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    let p = a as u128 * b as u128;
    ((p >> 64) as u64, p as u64)
}
