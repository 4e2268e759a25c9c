//! Bitwise and shift operators of [`BigUint`] and [`BigInt`].
//!
//! `BigInt` operands are seen in two's complement with infinite sign extension. A negative
//! `-m` is `!(m - 1)`, so every mixed-sign case reduces to magnitude operations on `m - 1`:
//!
//! ```text
//! a & -m  =  a & !(m-1)                 -a & -m  =  -(((a-1) | (m-1)) + 1)
//! a | -m  =  -(((m-1) & !a) + 1)        -a | -m  =  -(((a-1) & (m-1)) + 1)
//! a ^ -m  =  -((a ^ (m-1)) + 1)         -a ^ -m  =  (a-1) ^ (m-1)
//! !x      =  -x - 1                     -a >> n  =  -ceil(a / 2^n)
//! ```

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::arith;
use super::bigint::{BigInt, Sign};
use super::biguint::BigUint;
use super::storage::LimbVec;

// --- Limb-vector kernels -------------------------------------------------------------------

/// `dst &= b`.
fn and_assign(dst: &mut LimbVec, b: &[u64]) {
    dst.truncate(b.len());
    for (x, y) in dst.as_mut_slice().iter_mut().zip(b) {
        *x &= y;
    }
    dst.normalize();
}

/// `dst |= b`.
fn or_assign(dst: &mut LimbVec, b: &[u64]) {
    if b.len() > dst.len() {
        dst.resize(b.len());
    }
    for (x, y) in dst.as_mut_slice().iter_mut().zip(b) {
        *x |= y;
    }
}

/// `dst ^= b`.
fn xor_assign(dst: &mut LimbVec, b: &[u64]) {
    if b.len() > dst.len() {
        dst.resize(b.len());
    }
    for (x, y) in dst.as_mut_slice().iter_mut().zip(b) {
        *x ^= y;
    }
    dst.normalize();
}

/// `dst &= !b`.
fn andnot_assign(dst: &mut LimbVec, b: &[u64]) {
    for (x, y) in dst.as_mut_slice().iter_mut().zip(b) {
        *x &= !y;
    }
    dst.normalize();
}

/// `dst = b & !dst`.
fn andnot_rev_assign(dst: &mut LimbVec, b: &[u64]) {
    dst.resize(b.len());
    for (x, y) in dst.as_mut_slice().iter_mut().zip(b) {
        *x = y & !*x;
    }
    dst.normalize();
}

/// `m - 1` for a non-zero magnitude.
fn minus_one(m: &BigUint) -> BigUint {
    m - 1u32
}

// --- BigUint bitwise -----------------------------------------------------------------------

macro_rules! impl_biguint_bitop {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $kernel:ident, $keep_longer:expr) => {
        impl $OpAssign<&BigUint> for BigUint {
            #[inline]
            fn $op_assign(&mut self, rhs: &BigUint) {
                $kernel(&mut self.data, rhs.limbs());
            }
        }

        impl $OpAssign<BigUint> for BigUint {
            #[inline]
            fn $op_assign(&mut self, mut rhs: BigUint) {
                // Work in the buffer whose length the result takes.
                if (rhs.data.len() > self.data.len()) == $keep_longer {
                    core::mem::swap(self, &mut rhs);
                }
                $kernel(&mut self.data, rhs.limbs());
            }
        }

        impl $Op<&BigUint> for &BigUint {
            type Output = BigUint;
            #[inline]
            fn $op(self, rhs: &BigUint) -> BigUint {
                let (a, b) = if (rhs.data.len() > self.data.len()) == $keep_longer {
                    (rhs, self)
                } else {
                    (self, rhs)
                };
                let mut r = a.clone();
                $kernel(&mut r.data, b.limbs());
                r
            }
        }

        forward_owned_via_assign!(BigUint, $Op, $op, $OpAssign, $op_assign);
        forward_ref_owned_commutative!(BigUint, $Op, $op);
    };
}

impl_biguint_bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, and_assign, false);
impl_biguint_bitop!(BitOr, bitor, BitOrAssign, bitor_assign, or_assign, true);
impl_biguint_bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, xor_assign, true);

// --- BigInt bitwise ------------------------------------------------------------------------

/// Which two's-complement operation.
#[derive(Clone, Copy)]
enum BitOp {
    And,
    Or,
    Xor,
}

impl BigInt {
    /// `self = self op rhs` in two's complement, in `self`'s buffer.
    fn bitop_assign(&mut self, rhs: &BigInt, op: BitOp) {
        let a_neg = self.is_negative();
        let b_neg = rhs.is_negative();
        let b = rhs.magnitude();
        let (sign, a) = self.parts_mut();
        let d = &mut a.data;
        // The result is negative exactly when `op` of the two sign bits is one.
        let negative = match op {
            BitOp::And => a_neg && b_neg,
            BitOp::Or => a_neg || b_neg,
            BitOp::Xor => a_neg != b_neg,
        };
        match (op, a_neg, b_neg) {
            (BitOp::And, false, false) => and_assign(d, b.limbs()),
            (BitOp::Or, false, false) => or_assign(d, b.limbs()),
            (BitOp::Xor, false, false) => xor_assign(d, b.limbs()),
            (BitOp::And, false, true) => andnot_assign(d, minus_one(b).limbs()),
            (BitOp::And, true, false) => {
                arith::sub_1(d);
                andnot_rev_assign(d, b.limbs());
            }
            (BitOp::And, true, true) => {
                arith::sub_1(d);
                or_assign(d, minus_one(b).limbs());
            }
            (BitOp::Or, false, true) => andnot_rev_assign(d, minus_one(b).limbs()),
            (BitOp::Or, true, false) => {
                arith::sub_1(d);
                andnot_assign(d, b.limbs());
            }
            (BitOp::Or, true, true) => {
                arith::sub_1(d);
                and_assign(d, minus_one(b).limbs());
            }
            (BitOp::Xor, false, true) => xor_assign(d, minus_one(b).limbs()),
            (BitOp::Xor, true, false) => {
                arith::sub_1(d);
                xor_assign(d, b.limbs());
            }
            (BitOp::Xor, true, true) => {
                arith::sub_1(d);
                xor_assign(d, minus_one(b).limbs());
            }
        }
        if negative {
            // The magnitude computed above is |result| - 1.
            arith::add_assign(d, &[1]);
            *sign = Sign::Minus;
        } else {
            *sign = Sign::Plus;
        }
        self.fix_sign();
    }
}

macro_rules! impl_bigint_bitop {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $which:expr) => {
        impl $OpAssign<&BigInt> for BigInt {
            #[inline]
            fn $op_assign(&mut self, rhs: &BigInt) {
                self.bitop_assign(rhs, $which);
            }
        }

        impl $Op<&BigInt> for &BigInt {
            type Output = BigInt;
            #[inline]
            fn $op(self, rhs: &BigInt) -> BigInt {
                let mut r = self.clone();
                r.bitop_assign(rhs, $which);
                r
            }
        }

        forward_assign_owned_via_ref!(BigInt, $OpAssign, $op_assign);
        forward_owned_via_assign!(BigInt, $Op, $op, $OpAssign, $op_assign);
        forward_ref_owned_commutative!(BigInt, $Op, $op);
    };
}

impl_bigint_bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, BitOp::And);
impl_bigint_bitop!(BitOr, bitor, BitOrAssign, bitor_assign, BitOp::Or);
impl_bigint_bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, BitOp::Xor);

impl Not for BigInt {
    type Output = BigInt;

    /// `-self - 1`, the two's-complement complement.
    #[inline]
    fn not(mut self) -> BigInt {
        let negative = self.is_negative();
        let (sign, mag) = self.parts_mut();
        if negative {
            arith::sub_1(&mut mag.data);
            *sign = Sign::Plus;
        } else {
            arith::add_assign(&mut mag.data, &[1]);
            *sign = Sign::Minus;
        }
        self.fix_sign();
        self
    }
}

impl Not for &BigInt {
    type Output = BigInt;
    #[inline]
    fn not(self) -> BigInt {
        !self.clone()
    }
}

// --- Shifts --------------------------------------------------------------------------------

/// A primitive integer used as a shift count.
pub(crate) trait ShiftCount: Copy {
    /// The count, saturated to `u64::MAX`; `None` when negative.
    fn count(self) -> Option<u64>;
}

macro_rules! impl_shift_count {
    (unsigned: $($u:ty),*; signed: $($s:ty),*) => {
        $(impl ShiftCount for $u {
            #[inline]
            fn count(self) -> Option<u64> {
                Some(u64::try_from(self).unwrap_or(u64::MAX))
            }
        })*
        $(impl ShiftCount for $s {
            #[inline]
            fn count(self) -> Option<u64> {
                if self < 0 {
                    None
                } else {
                    Some(u64::try_from(self).unwrap_or(u64::MAX))
                }
            }
        })*
    };
}

impl_shift_count!(unsigned: u8, u16, u32, u64, u128, usize; signed: i8, i16, i32, i64, i128, isize);

/// The shift count as `u64`.
///
/// # Panics
///
/// When `n` is negative (num-bigint's message).
#[inline]
#[track_caller]
fn shift_count<T: ShiftCount>(n: T, what: &'static str) -> u64 {
    match n.count() {
        Some(c) => c,
        None => panic_negative_shift(what),
    }
}

#[cold]
#[track_caller]
fn panic_negative_shift(what: &'static str) -> ! {
    panic!("attempt to shift {} with negative", what)
}

impl BigUint {
    /// `self << n`, in place.
    #[inline]
    fn shl_owned(mut self, n: u64) -> BigUint {
        arith::shl_assign(&mut self.data, n);
        self
    }

    /// `self << n`.
    #[inline]
    fn shl_borrowed(&self, n: u64) -> BigUint {
        BigUint { data: arith::shl(self.limbs(), n) }
    }

    /// `self >> n`, in place.
    #[inline]
    fn shr_owned(mut self, n: u64) -> BigUint {
        arith::shr_assign(&mut self.data, n);
        self
    }

    /// `self >> n`.
    #[inline]
    fn shr_borrowed(&self, n: u64) -> BigUint {
        BigUint { data: arith::shr(self.limbs(), n) }
    }
}

impl BigInt {
    /// `self << n`, in place.
    #[inline]
    fn shl_owned(mut self, n: u64) -> BigInt {
        let (_, mag) = self.parts_mut();
        arith::shl_assign(&mut mag.data, n);
        self
    }

    /// `self << n`.
    #[inline]
    fn shl_borrowed(&self, n: u64) -> BigInt {
        BigInt::from_parts_unchecked(self.sign(), self.magnitude().shl_borrowed(n))
    }

    /// `self >> n`, rounding toward negative infinity, in place.
    #[inline]
    fn shr_owned(mut self, n: u64) -> BigInt {
        let negative = self.is_negative();
        let (_, mag) = self.parts_mut();
        let lost = arith::shr_assign(&mut mag.data, n);
        if negative && lost {
            arith::add_assign(&mut mag.data, &[1]);
        }
        self.fix_sign();
        self
    }

    /// `self >> n`, rounding toward negative infinity.
    #[inline]
    fn shr_borrowed(&self, n: u64) -> BigInt {
        let mut mag = self.magnitude().shr_borrowed(n);
        if self.is_negative() && arith::low_bits_nonzero(self.magnitude().limbs(), n) {
            arith::add_assign(&mut mag.data, &[1]);
        }
        BigInt::from_biguint(self.sign(), mag)
    }
}

impl_shift_ops!(BigUint; Shl, shl, ShlAssign, shl_assign, shl_owned, shl_borrowed, "left";
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_shift_ops!(BigUint; Shr, shr, ShrAssign, shr_assign, shr_owned, shr_borrowed, "right";
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_shift_ops!(BigInt; Shl, shl, ShlAssign, shl_assign, shl_owned, shl_borrowed, "left";
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_shift_ops!(BigInt; Shr, shr, ShrAssign, shr_assign, shr_owned, shr_borrowed, "right";
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
