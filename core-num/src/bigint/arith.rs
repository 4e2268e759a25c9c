//! Magnitude arithmetic on normalised limb vectors: the single place where `BigUint` and
//! `BigInt` operators meet the mpn layer.
//!
//! Every function takes normalised inputs and leaves normalised outputs. The `*_assign` forms
//! write into the left operand's buffer, growing it only when the result does not fit, so owned
//! operator forms (`a + &b`, `a <<= 3`) reuse memory.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::mem::MaybeUninit;

use super::mpn;
use super::storage::{self, LimbVec, INLINE};

/// `dst += b`.
#[inline]
pub(crate) fn add_assign(dst: &mut LimbVec, b: &[u64]) {
    if b.len() > dst.len() {
        if b.len() > dst.capacity() {
            // Room for the carry too.
            dst.reserve_total(b.len() + 1);
        }
        dst.resize(b.len());
    }
    let carry = mpn::add_assign(dst.as_mut_slice(), b);
    if carry != 0 {
        dst.push(carry);
    }
}

/// `a + b` into a fresh vector sized for the carry.
#[inline]
pub(crate) fn add(a: &[u64], b: &[u64]) -> LimbVec {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut r = LimbVec::zeroed(a.len() + 1);
    let n = a.len();
    let carry = mpn::add(&mut r.as_mut_slice()[..n], a, b);
    r.as_mut_slice()[n] = carry;
    r.normalize();
    r
}

/// `dst -= b`; `Err(())` (and `dst` unchanged) when `b > dst`.
#[inline]
pub(crate) fn sub_assign(dst: &mut LimbVec, b: &[u64]) -> Result<(), ()> {
    if cmp(dst.as_slice(), b) == Ordering::Less {
        return Err(());
    }
    let borrow = mpn::sub_assign(dst.as_mut_slice(), b);
    debug_assert_eq!(borrow, 0);
    dst.normalize();
    Ok(())
}

/// `dst = a - dst`; `Err(())` (and `dst` unchanged) when `dst > a`.
#[inline]
pub(crate) fn rsub_assign(dst: &mut LimbVec, a: &[u64]) -> Result<(), ()> {
    if cmp(a, dst.as_slice()) == Ordering::Less {
        return Err(());
    }
    dst.resize(a.len());
    let borrow = mpn::sub_n_rev_assign(dst.as_mut_slice(), a);
    debug_assert_eq!(borrow, 0);
    dst.normalize();
    Ok(())
}

/// `dst -= 1` for a non-zero `dst`.
#[inline]
pub(crate) fn sub_1(dst: &mut LimbVec) {
    debug_assert!(!dst.is_empty());
    let borrow = mpn::sub_1_assign(dst.as_mut_slice(), 1);
    debug_assert_eq!(borrow, 0);
    dst.normalize();
}

/// `a - b` into a fresh vector; `None` when `b > a`.
#[inline]
pub(crate) fn sub(a: &[u64], b: &[u64]) -> Option<LimbVec> {
    if cmp(a, b) == Ordering::Less {
        return None;
    }
    let mut r = LimbVec::zeroed(a.len());
    let borrow = mpn::sub(r.as_mut_slice(), a, b);
    debug_assert_eq!(borrow, 0);
    r.normalize();
    Some(r)
}

/// Compares two normalised magnitudes.
#[inline]
pub(crate) fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| mpn::cmp_n(a, b))
}

/// `a * b` into a fresh vector.
#[inline]
pub(crate) fn mul(a: &[u64], b: &[u64]) -> LimbVec {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.is_empty() {
        return LimbVec::EMPTY;
    }
    let n = a.len();
    if n + b.len() > INLINE {
        // A heap result either way: the mpn layer allocates it.
        let mut r = LimbVec::from_vec(mpn::mul::mul_alloc(a, b));
        r.normalize();
        return r;
    }
    let mut r = LimbVec::zeroed(n + b.len());
    if b.len() == 1 {
        let rs = r.as_mut_slice();
        rs[n] = mpn::mul_1(&mut rs[..n], a, b[0]);
    } else {
        mpn::mul::mul(r.as_mut_slice(), a, b);
    }
    r.normalize();
    r
}

/// `dst *= b`; in place when `b` is one limb.
#[inline]
pub(crate) fn mul_assign(dst: &mut LimbVec, b: &[u64]) {
    match b.len() {
        0 => dst.clear(),
        1 if !dst.is_empty() => {
            let hi = mpn::mul_1_assign(dst.as_mut_slice(), b[0]);
            if hi != 0 {
                dst.push(hi);
            }
        }
        _ => *dst = mul(dst.as_slice(), b),
    }
}

/// `(a / b, a % b)`.
///
/// # Panics
///
/// When `b` is zero.
#[inline]
pub(crate) fn div_rem(a: &[u64], b: &[u64]) -> (LimbVec, LimbVec) {
    if b.is_empty() {
        panic_div_zero();
    }
    if cmp(a, b) == Ordering::Less {
        return (LimbVec::EMPTY, LimbVec::from_slice(a));
    }
    if a.len() <= INLINE {
        // Both fit u128: the native division, no scratch.
        let (x, y) = (to_u128(a), to_u128(b));
        return (LimbVec::from_u128(x / y), LimbVec::from_u128(x % y));
    }
    let mut q = LimbVec::zeroed(a.len() - b.len() + 1);
    let mut r = LimbVec::zeroed(b.len());
    mpn::div::div_rem(q.as_mut_slice(), r.as_mut_slice(), a, b);
    q.normalize();
    r.normalize();
    (q, r)
}

/// A magnitude of at most two limbs as `u128`.
#[inline]
fn to_u128(a: &[u64]) -> u128 {
    a.iter().rev().fold(0, |acc, &x| acc << 64 | x as u128)
}

/// `a / b`, computing no remainder.
///
/// # Panics
///
/// When `b` is zero.
#[inline]
pub(crate) fn div(a: &[u64], b: &[u64]) -> LimbVec {
    if b.is_empty() {
        panic_div_zero();
    }
    if cmp(a, b) == Ordering::Less {
        return LimbVec::EMPTY;
    }
    if a.len() <= INLINE {
        return LimbVec::from_u128(to_u128(a) / to_u128(b));
    }
    let mut q = LimbVec::zeroed(a.len() - b.len() + 1);
    mpn::div::div_q(q.as_mut_slice(), a, b);
    q.normalize();
    q
}

/// `a / b` where `b` divides `a` exactly (`b` non-zero).
#[inline]
pub(crate) fn divexact(a: &[u64], b: &[u64]) -> LimbVec {
    debug_assert!(!b.is_empty());
    if a.len() < b.len() {
        return LimbVec::EMPTY;
    }
    let mut q;
    if b.len() == 1 {
        q = LimbVec::zeroed(a.len());
        mpn::div::divexact_1(q.as_mut_slice(), a, b[0]);
    } else {
        q = LimbVec::zeroed(a.len() - b.len() + 1);
        mpn::div::divexact(q.as_mut_slice(), a, b);
    }
    q.normalize();
    q
}

/// `a % b`, keeping no quotient.
///
/// # Panics
///
/// When `b` is zero.
#[inline]
pub(crate) fn rem(a: &[u64], b: &[u64]) -> LimbVec {
    if b.is_empty() {
        panic_div_zero();
    }
    if b.len() == 1 {
        return LimbVec::from_limb(mpn::div::rem_1(a, b[0]));
    }
    if cmp(a, b) == Ordering::Less {
        return LimbVec::from_slice(a);
    }
    if a.len() <= INLINE {
        return LimbVec::from_u128(to_u128(a) % to_u128(b));
    }
    let mut r = LimbVec::zeroed(b.len());
    mpn::div::div_r(r.as_mut_slice(), a, b);
    r.normalize();
    r
}

/// `dst %= b`, in place when `dst < b`.
///
/// # Panics
///
/// When `b` is zero.
#[inline]
pub(crate) fn rem_assign(dst: &mut LimbVec, b: &[u64]) {
    if b.is_empty() {
        panic_div_zero();
    }
    if cmp(dst.as_slice(), b) == Ordering::Less {
        return;
    }
    let r = rem(dst.as_slice(), b);
    dst.assign_slice(r.as_slice());
}

/// The division-by-zero panic, with the message primitive integers use.
#[cold]
#[track_caller]
pub(crate) fn panic_div_zero() -> ! {
    panic!("attempt to divide by zero")
}

/// The subtraction-underflow panic of `BigUint` (num-bigint's message).
#[cold]
#[track_caller]
pub(crate) fn panic_sub_underflow() -> ! {
    panic!("Cannot subtract b from a because b is larger than a.")
}

/// `dst <<= bits`.
pub(crate) fn shl_assign(dst: &mut LimbVec, bits: u64) {
    if dst.is_empty() || bits == 0 {
        return;
    }
    let limbs = usize::try_from(bits / 64).unwrap_or(usize::MAX);
    let b = (bits % 64) as u32;
    let n = dst.len();
    let new_len = shifted_len(dst.as_slice(), limbs, b);
    dst.reserve_total(new_len);
    dst.resize(new_len);
    let s = dst.as_mut_slice();
    s.copy_within(..n, limbs);
    s[..limbs].fill(0);
    if b != 0 {
        let out = mpn::shl_assign(&mut s[limbs..limbs + n], b);
        if out != 0 {
            s[limbs + n] = out;
        }
    }
}

/// `a << bits` into a fresh vector.
pub(crate) fn shl(a: &[u64], bits: u64) -> LimbVec {
    if a.is_empty() {
        return LimbVec::EMPTY;
    }
    let limbs = usize::try_from(bits / 64).unwrap_or(usize::MAX);
    let b = (bits % 64) as u32;
    let n = a.len();
    let len = shifted_len(a, limbs, b);
    if len <= INLINE {
        let mut r = LimbVec::zeroed(len);
        let s = r.as_mut_slice();
        if b == 0 {
            s[limbs..limbs + n].copy_from_slice(a);
        } else {
            let out = mpn::shl(&mut s[limbs..limbs + n], a, b);
            if out != 0 {
                s[limbs + n] = out;
            }
        }
        return r;
    }
    // A buffer (pooled when this thread has one) written once: zeros below, the shifted limbs
    // above (no `calloc`, which clears the whole block first: at 449 limbs that alone cost
    // more than the shift).
    let mut v: Vec<u64> = storage::heap_vec(len);
    let spare = &mut v.spare_capacity_mut()[..len];
    spare[..limbs].fill(MaybeUninit::new(0));
    let (body, top) = spare[limbs..].split_at_mut(n);
    if b == 0 {
        for (r, &x) in body.iter_mut().zip(a) {
            r.write(x);
        }
    } else {
        let out = mpn::shl_uninit(body, a, b);
        if let Some(t) = top.first_mut() {
            t.write(out);
        }
    }
    // SAFETY: the first `len` limbs of the spare capacity were all written above: `limbs`
    // zeros, `n` limbs of `body` (every limb, by `shl_uninit`'s contract or the copy), and
    // `top`, which is one limb exactly when `shifted_len` counted the carried-out bits.
    unsafe { v.set_len(len) };
    LimbVec::Heap(v)
}

/// Limbs of the non-zero normalised `a` shifted left by `limbs` limbs and `b` (< 64) bits.
///
/// # Panics
///
/// When that many limbs could never be allocated.
#[inline]
fn shifted_len(a: &[u64], limbs: usize, b: u32) -> usize {
    let extra = usize::from(b != 0 && a[a.len() - 1] >> (64 - b) != 0);
    match a.len().checked_add(limbs).and_then(|x| x.checked_add(extra)) {
        Some(len) if len <= isize::MAX as usize / 8 => len,
        _ => panic!("capacity overflow"),
    }
}

/// `dst >>= bits`; returns whether any one bits were shifted out.
pub(crate) fn shr_assign(dst: &mut LimbVec, bits: u64) -> bool {
    let n = dst.len();
    let limbs = usize::try_from(bits / 64).unwrap_or(usize::MAX);
    if limbs >= n {
        let lost = n != 0;
        dst.clear();
        return lost;
    }
    let b = (bits % 64) as u32;
    let s = dst.as_mut_slice();
    let mut lost = s[..limbs].iter().any(|&x| x != 0);
    s.copy_within(limbs.., 0);
    let m = n - limbs;
    if b != 0 {
        lost |= mpn::shr_assign(&mut s[..m], b) != 0;
    }
    dst.truncate(m);
    dst.normalize();
    lost
}

/// `a >> bits` into a fresh vector.
pub(crate) fn shr(a: &[u64], bits: u64) -> LimbVec {
    let limbs = usize::try_from(bits / 64).unwrap_or(usize::MAX);
    if limbs >= a.len() {
        return LimbVec::EMPTY;
    }
    let b = (bits % 64) as u32;
    let m = a.len() - limbs;
    let mut r = LimbVec::zeroed(m);
    if b == 0 {
        r.as_mut_slice().copy_from_slice(&a[limbs..]);
    } else {
        mpn::shr(r.as_mut_slice(), &a[limbs..], b);
    }
    r.normalize();
    r
}

/// Number of significant bits.
#[inline]
pub(crate) fn bits(a: &[u64]) -> u64 {
    match a.last() {
        None => 0,
        Some(&top) => a.len() as u64 * 64 - u64::from(top.leading_zeros()),
    }
}

/// Index of the lowest one bit, `None` for zero.
#[inline]
pub(crate) fn trailing_zeros(a: &[u64]) -> Option<u64> {
    let i = a.iter().position(|&x| x != 0)?;
    Some(i as u64 * 64 + u64::from(a[i].trailing_zeros()))
}

/// Whether any of the low `bits` bits is one.
#[inline]
pub(crate) fn low_bits_nonzero(a: &[u64], bits: u64) -> bool {
    trailing_zeros(a).is_some_and(|tz| tz < bits)
}
