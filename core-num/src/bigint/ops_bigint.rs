//! Arithmetic operators of [`BigInt`]: `+ - * / %` and unary `-` with `BigInt` and with every
//! primitive integer, owned and borrowed, their assign forms, `Sum` and `Product`.
//!
//! Signed addition is magnitude addition or subtraction chosen by the signs; `/` truncates
//! toward zero and `%` takes the dividend's sign, as for the primitive integers.

use core::cmp::Ordering;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign};

use super::arith;
use super::bigint::{BigInt, Sign};
use super::biguint::BigUint;

impl BigInt {
    /// `self += sign · mag`, in `self`'s buffer.
    fn add_signed_assign(&mut self, sign: Sign, mag: &BigUint) {
        let (my_sign, my_mag) = self.parts_mut();
        match (*my_sign, sign) {
            (_, Sign::NoSign) => {}
            (Sign::NoSign, _) => {
                my_mag.clone_from(mag);
                *my_sign = sign;
            }
            (a, b) if a == b => *my_mag += mag,
            _ => match (*my_mag).cmp(mag) {
                Ordering::Greater => *my_mag -= mag,
                Ordering::Less => {
                    let ok = arith::rsub_assign(&mut my_mag.data, mag.limbs());
                    debug_assert!(ok.is_ok());
                    *my_sign = sign;
                }
                Ordering::Equal => {
                    my_mag.data.clear();
                    *my_sign = Sign::NoSign;
                }
            },
        }
    }

    /// `a_sign · a + b_sign · b` into a fresh value.
    fn add_signed(a_sign: Sign, a: &BigUint, b_sign: Sign, b: &BigUint) -> BigInt {
        match (a_sign, b_sign) {
            (_, Sign::NoSign) => BigInt::from_biguint(a_sign, a.clone()),
            (Sign::NoSign, _) => BigInt::from_biguint(b_sign, b.clone()),
            (x, y) if x == y => BigInt::from_parts_unchecked(x, a + b),
            _ => match a.cmp(b) {
                Ordering::Greater => BigInt::from_parts_unchecked(a_sign, a - b),
                Ordering::Less => BigInt::from_parts_unchecked(b_sign, b - a),
                Ordering::Equal => BigInt::ZERO,
            },
        }
    }
}

// --- Add and Sub ---------------------------------------------------------------------------

impl AddAssign<&BigInt> for BigInt {
    #[inline]
    fn add_assign(&mut self, rhs: &BigInt) {
        self.add_signed_assign(rhs.sign(), rhs.magnitude());
    }
}

impl AddAssign<BigInt> for BigInt {
    #[inline]
    fn add_assign(&mut self, mut rhs: BigInt) {
        if rhs.magnitude().data.capacity() > self.magnitude().data.capacity() {
            core::mem::swap(self, &mut rhs);
        }
        *self += &rhs;
    }
}

impl Add<&BigInt> for &BigInt {
    type Output = BigInt;
    #[inline]
    fn add(self, rhs: &BigInt) -> BigInt {
        BigInt::add_signed(self.sign(), self.magnitude(), rhs.sign(), rhs.magnitude())
    }
}

forward_owned_via_assign!(BigInt, Add, add, AddAssign, add_assign);
forward_ref_owned_commutative!(BigInt, Add, add);

impl SubAssign<&BigInt> for BigInt {
    #[inline]
    fn sub_assign(&mut self, rhs: &BigInt) {
        self.add_signed_assign(-rhs.sign(), rhs.magnitude());
    }
}

impl Sub<&BigInt> for &BigInt {
    type Output = BigInt;
    #[inline]
    fn sub(self, rhs: &BigInt) -> BigInt {
        BigInt::add_signed(self.sign(), self.magnitude(), -rhs.sign(), rhs.magnitude())
    }
}

impl Sub<BigInt> for &BigInt {
    type Output = BigInt;
    #[inline]
    fn sub(self, rhs: BigInt) -> BigInt {
        // a - b = -b + a, computed in b's buffer.
        let mut r = -rhs;
        r += self;
        r
    }
}

forward_assign_owned_via_ref!(BigInt, SubAssign, sub_assign);
forward_owned_via_assign!(BigInt, Sub, sub, SubAssign, sub_assign);

// --- Mul -----------------------------------------------------------------------------------

impl MulAssign<&BigInt> for BigInt {
    #[inline]
    fn mul_assign(&mut self, rhs: &BigInt) {
        let (sign, mag) = self.parts_mut();
        *mag *= rhs.magnitude();
        *sign = *sign * rhs.sign();
    }
}

impl MulAssign<BigInt> for BigInt {
    #[inline]
    fn mul_assign(&mut self, rhs: BigInt) {
        let (rs, rm) = rhs.into_parts();
        let (sign, mag) = self.parts_mut();
        *mag *= rm;
        *sign = *sign * rs;
    }
}

impl Mul<&BigInt> for &BigInt {
    type Output = BigInt;
    #[inline]
    fn mul(self, rhs: &BigInt) -> BigInt {
        BigInt::from_biguint(self.sign() * rhs.sign(), self.magnitude() * rhs.magnitude())
    }
}

forward_owned_via_assign!(BigInt, Mul, mul, MulAssign, mul_assign);
forward_ref_owned_commutative!(BigInt, Mul, mul);

// --- Div and Rem ---------------------------------------------------------------------------

impl Div<&BigInt> for &BigInt {
    type Output = BigInt;
    /// Truncated toward zero.
    ///
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn div(self, rhs: &BigInt) -> BigInt {
        BigInt::from_biguint(self.sign() * rhs.sign(), self.magnitude() / rhs.magnitude())
    }
}

forward_all_via_ref_ref!(BigInt, Div, div, DivAssign, div_assign);

impl RemAssign<&BigInt> for BigInt {
    /// The remainder takes the dividend's sign.
    ///
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn rem_assign(&mut self, rhs: &BigInt) {
        let (_, mag) = self.parts_mut();
        *mag %= rhs.magnitude();
        self.fix_sign();
    }
}

impl Rem<&BigInt> for &BigInt {
    type Output = BigInt;
    /// The remainder takes the dividend's sign.
    ///
    /// # Panics
    ///
    /// When `rhs` is zero.
    #[inline]
    #[track_caller]
    fn rem(self, rhs: &BigInt) -> BigInt {
        BigInt::from_biguint(self.sign(), self.magnitude() % rhs.magnitude())
    }
}

impl Rem<BigInt> for &BigInt {
    type Output = BigInt;
    #[inline]
    #[track_caller]
    fn rem(self, rhs: BigInt) -> BigInt {
        self % &rhs
    }
}

forward_assign_owned_via_ref!(BigInt, RemAssign, rem_assign);
forward_owned_via_assign!(BigInt, Rem, rem, RemAssign, rem_assign);

// --- Neg -----------------------------------------------------------------------------------

impl Neg for BigInt {
    type Output = BigInt;
    #[inline]
    fn neg(mut self) -> BigInt {
        let (sign, _) = self.parts_mut();
        *sign = -*sign;
        self
    }
}

impl Neg for &BigInt {
    type Output = BigInt;
    #[inline]
    fn neg(self) -> BigInt {
        -self.clone()
    }
}

// --- Primitive operands --------------------------------------------------------------------

impl_primitive_ops!(BigInt; Add, add, AddAssign, add_assign;
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_primitive_ops!(BigInt; Sub, sub, SubAssign, sub_assign;
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_primitive_ops!(BigInt; Mul, mul, MulAssign, mul_assign;
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_primitive_ops!(BigInt; Div, div, DivAssign, div_assign;
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_primitive_ops!(BigInt; Rem, rem, RemAssign, rem_assign;
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

// --- Sum and Product -----------------------------------------------------------------------

impl<T> Sum<T> for BigInt
where
    BigInt: Add<T, Output = BigInt>,
{
    fn sum<I: Iterator<Item = T>>(iter: I) -> BigInt {
        iter.fold(BigInt::ZERO, |acc, x| acc + x)
    }
}

impl<T> Product<T> for BigInt
where
    BigInt: Mul<T, Output = BigInt>,
{
    fn product<I: Iterator<Item = T>>(iter: I) -> BigInt {
        iter.fold(BigInt::ONE, |acc, x| acc * x)
    }
}
