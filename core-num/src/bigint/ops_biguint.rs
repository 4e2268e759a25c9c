//! Arithmetic operators of [`BigUint`]: `+ - * / %` with `BigUint` and with unsigned
//! primitives, owned and borrowed, their assign forms, `Sum` and `Product`.
//!
//! Owned left operands are computed in place (their buffer is reused); `&a op b` reuses `b`'s
//! buffer where the operator allows it.

use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Rem, RemAssign, Sub, SubAssign};

use super::arith;
use super::biguint::BigUint;

// --- Add -----------------------------------------------------------------------------------

impl AddAssign<&BigUint> for BigUint {
    #[inline]
    fn add_assign(&mut self, rhs: &BigUint) {
        arith::add_assign(&mut self.data, rhs.limbs());
    }
}

impl AddAssign<BigUint> for BigUint {
    #[inline]
    fn add_assign(&mut self, mut rhs: BigUint) {
        // Add into whichever buffer is already larger.
        if rhs.data.len() > self.data.len() && rhs.data.capacity() > self.data.capacity() {
            core::mem::swap(self, &mut rhs);
        }
        *self += &rhs;
    }
}

impl Add<&BigUint> for &BigUint {
    type Output = BigUint;
    #[inline]
    fn add(self, rhs: &BigUint) -> BigUint {
        BigUint { data: arith::add(self.limbs(), rhs.limbs()) }
    }
}

forward_owned_via_assign!(BigUint, Add, add, AddAssign, add_assign);
forward_ref_owned_commutative!(BigUint, Add, add);

// --- Sub -----------------------------------------------------------------------------------

impl SubAssign<&BigUint> for BigUint {
    /// # Panics
    ///
    /// When `rhs > self` (the result would be negative).
    #[inline]
    #[track_caller]
    fn sub_assign(&mut self, rhs: &BigUint) {
        if arith::sub_assign(&mut self.data, rhs.limbs()).is_err() {
            arith::panic_sub_underflow();
        }
    }
}

impl Sub<&BigUint> for &BigUint {
    type Output = BigUint;
    /// # Panics
    ///
    /// When `rhs > self`.
    #[inline]
    #[track_caller]
    fn sub(self, rhs: &BigUint) -> BigUint {
        match arith::sub(self.limbs(), rhs.limbs()) {
            Some(data) => BigUint { data },
            None => arith::panic_sub_underflow(),
        }
    }
}

impl Sub<BigUint> for &BigUint {
    type Output = BigUint;
    /// # Panics
    ///
    /// When `rhs > self`.
    #[inline]
    #[track_caller]
    fn sub(self, mut rhs: BigUint) -> BigUint {
        if arith::rsub_assign(&mut rhs.data, self.limbs()).is_err() {
            arith::panic_sub_underflow();
        }
        rhs
    }
}

forward_assign_owned_via_ref!(BigUint, SubAssign, sub_assign);
forward_owned_via_assign!(BigUint, Sub, sub, SubAssign, sub_assign);

// --- Mul -----------------------------------------------------------------------------------

impl MulAssign<&BigUint> for BigUint {
    #[inline]
    fn mul_assign(&mut self, rhs: &BigUint) {
        arith::mul_assign(&mut self.data, rhs.limbs());
    }
}

impl MulAssign<BigUint> for BigUint {
    #[inline]
    fn mul_assign(&mut self, mut rhs: BigUint) {
        // A one-limb factor multiplies the other in place.
        if self.data.len() == 1 && rhs.data.len() > 1 {
            core::mem::swap(self, &mut rhs);
        }
        *self *= &rhs;
    }
}

impl Mul<&BigUint> for &BigUint {
    type Output = BigUint;
    #[inline]
    fn mul(self, rhs: &BigUint) -> BigUint {
        BigUint { data: arith::mul(self.limbs(), rhs.limbs()) }
    }
}

forward_owned_via_assign!(BigUint, Mul, mul, MulAssign, mul_assign);
forward_ref_owned_commutative!(BigUint, Mul, mul);

// --- Div and Rem ---------------------------------------------------------------------------

impl Div<&BigUint> for &BigUint {
    type Output = BigUint;
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn div(self, rhs: &BigUint) -> BigUint {
        BigUint { data: arith::div(self.limbs(), rhs.limbs()) }
    }
}

forward_all_via_ref_ref!(BigUint, Div, div, DivAssign, div_assign);

impl RemAssign<&BigUint> for BigUint {
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn rem_assign(&mut self, rhs: &BigUint) {
        arith::rem_assign(&mut self.data, rhs.limbs());
    }
}

impl Rem<&BigUint> for &BigUint {
    type Output = BigUint;
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn rem(self, rhs: &BigUint) -> BigUint {
        if rhs.is_zero() {
            arith::panic_div_zero();
        }
        BigUint { data: arith::rem(self.limbs(), rhs.limbs()) }
    }
}

impl Rem<BigUint> for &BigUint {
    type Output = BigUint;
    #[inline]
    #[track_caller]
    fn rem(self, rhs: BigUint) -> BigUint {
        self % &rhs
    }
}

forward_assign_owned_via_ref!(BigUint, RemAssign, rem_assign);
forward_owned_via_assign!(BigUint, Rem, rem, RemAssign, rem_assign);

// --- Primitive operands --------------------------------------------------------------------

impl_primitive_ops!(BigUint; Add, add, AddAssign, add_assign; u8, u16, u32, u64, u128, usize);
impl_primitive_ops!(BigUint; Sub, sub, SubAssign, sub_assign; u8, u16, u32, u64, u128, usize);
impl_primitive_ops!(BigUint; Mul, mul, MulAssign, mul_assign; u8, u16, u32, u64, u128, usize);
impl_primitive_ops!(BigUint; Div, div, DivAssign, div_assign; u8, u16, u32, u64, u128, usize);
impl_primitive_ops!(BigUint; Rem, rem, RemAssign, rem_assign; u8, u16, u32, u64, u128, usize);

/// `prim %= BigUint` for every primitive integer, as num-bigint has it: when the divisor does
/// not fit the primitive's type the value is left unchanged; otherwise the primitive `%`
/// applies (and panics on a zero divisor).
macro_rules! impl_primitive_rem_assign {
    ($($p:ty),*) => {$(
        impl RemAssign<&BigUint> for $p {
            #[inline]
            #[track_caller]
            fn rem_assign(&mut self, rhs: &BigUint) {
                if let Ok(d) = <$p>::try_from(rhs) {
                    *self %= d;
                }
            }
        }

        impl RemAssign<BigUint> for $p {
            #[inline]
            #[track_caller]
            fn rem_assign(&mut self, rhs: BigUint) {
                *self %= &rhs;
            }
        }
    )*};
}

impl_primitive_rem_assign!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

// --- Sum and Product -----------------------------------------------------------------------

impl<T> Sum<T> for BigUint
where
    BigUint: Add<T, Output = BigUint>,
{
    fn sum<I: Iterator<Item = T>>(iter: I) -> BigUint {
        iter.fold(BigUint::ZERO, |acc, x| acc + x)
    }
}

impl<T> Product<T> for BigUint
where
    BigUint: Mul<T, Output = BigUint>,
{
    fn product<I: Iterator<Item = T>>(iter: I) -> BigUint {
        iter.fold(BigUint::ONE, |acc, x| acc * x)
    }
}
