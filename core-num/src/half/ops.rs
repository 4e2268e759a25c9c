//! Arithmetic operators, `Sum`/`Product` and formatting for both types.
//!
//! Each operation widens to `f32`, computes there, and rounds once. For `+ - * /` that is the
//! correctly rounded result: `f32` has 24 significant bits, at least twice the 11 of `f16`
//! (8 of `bf16`) plus two, and with that margin rounding the exact result to `f32` first never
//! changes where it rounds to afterwards. `%` is exact in `f32` and rounds once.
//!
//! `Sum` and `Product` accumulate in `f32` and round once at the end, as the `half` crate does
//! (so results match it; the sum is more accurate than adding in half precision).
//!
//! `Display`, `Debug` and the exponent forms print the `f32` value (which is exact), in the
//! shortest form that reads back as that `f32`; the hexadecimal, octal and binary forms print
//! the bits. Both as the `half` crate prints.

use super::{bf16, f16};
use core::fmt;
use core::iter::{Product, Sum};
use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

macro_rules! binary_op {
    ($t:ident, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $sym:tt) => {
        impl $Op for $t {
            type Output = $t;
            #[inline]
            fn $op(self, rhs: $t) -> $t {
                $t::from_f32(self.to_f32() $sym rhs.to_f32())
            }
        }
        impl $Op<&$t> for $t {
            type Output = $t;
            #[inline]
            fn $op(self, rhs: &$t) -> $t {
                self $sym *rhs
            }
        }
        impl $Op<$t> for &$t {
            type Output = $t;
            #[inline]
            fn $op(self, rhs: $t) -> $t {
                *self $sym rhs
            }
        }
        impl $Op<&$t> for &$t {
            type Output = $t;
            #[inline]
            fn $op(self, rhs: &$t) -> $t {
                *self $sym *rhs
            }
        }
        impl $OpAssign for $t {
            #[inline]
            fn $op_assign(&mut self, rhs: $t) {
                *self = *self $sym rhs;
            }
        }
        impl $OpAssign<&$t> for $t {
            #[inline]
            fn $op_assign(&mut self, rhs: &$t) {
                *self = *self $sym *rhs;
            }
        }
    };
}

macro_rules! forward_fmt {
    ($t:ident, $($Trait:ident => $via:ident),*) => {
        $(
            impl fmt::$Trait for $t {
                #[inline]
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    fmt::$Trait::fmt(&self.$via(), f)
                }
            }
        )*
    };
}

macro_rules! operators {
    ($t:ident) => {
        binary_op!($t, Add, add, AddAssign, add_assign, +);
        binary_op!($t, Sub, sub, SubAssign, sub_assign, -);
        binary_op!($t, Mul, mul, MulAssign, mul_assign, *);
        binary_op!($t, Div, div, DivAssign, div_assign, /);
        binary_op!($t, Rem, rem, RemAssign, rem_assign, %);

        impl Neg for $t {
            type Output = $t;
            /// Flips the sign bit (NaNs included).
            #[inline]
            fn neg(self) -> $t {
                $t::from_bits(self.to_bits() ^ 0x8000)
            }
        }
        impl Neg for &$t {
            type Output = $t;
            #[inline]
            fn neg(self) -> $t {
                -*self
            }
        }

        impl Sum for $t {
            fn sum<I: Iterator<Item = $t>>(iter: I) -> $t {
                $t::from_f32(iter.map(|x| x.to_f32()).sum())
            }
        }
        impl<'a> Sum<&'a $t> for $t {
            fn sum<I: Iterator<Item = &'a $t>>(iter: I) -> $t {
                iter.copied().sum()
            }
        }
        impl Product for $t {
            fn product<I: Iterator<Item = $t>>(iter: I) -> $t {
                $t::from_f32(iter.map(|x| x.to_f32()).product())
            }
        }
        impl<'a> Product<&'a $t> for $t {
            fn product<I: Iterator<Item = &'a $t>>(iter: I) -> $t {
                iter.copied().product()
            }
        }

        forward_fmt!($t, Display => to_f32, Debug => to_f32, LowerExp => to_f32,
            UpperExp => to_f32, Binary => to_bits, Octal => to_bits, LowerHex => to_bits,
            UpperHex => to_bits);
    };
}

operators!(f16);
operators!(bf16);
