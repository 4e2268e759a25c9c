//! Macros that stamp out the operator impls whose bodies only forward to another form.
//!
//! The arithmetic itself is written once per operator (in `ops_biguint.rs`, `ops_bigint.rs`,
//! `bits.rs`); these macros add the owned/borrowed combinations and the primitive operands.

/// `T op &T` and `T op T` through `T op= &T` / `T op= T`, and `T op= T` through `T op= &T`.
macro_rules! forward_owned_via_assign {
    ($T:ty, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident) => {
        impl core::ops::$Op<&$T> for $T {
            type Output = $T;
            #[inline]
            fn $op(mut self, rhs: &$T) -> $T {
                core::ops::$OpAssign::$op_assign(&mut self, rhs);
                self
            }
        }

        impl core::ops::$Op<$T> for $T {
            type Output = $T;
            #[inline]
            fn $op(mut self, rhs: $T) -> $T {
                core::ops::$OpAssign::$op_assign(&mut self, rhs);
                self
            }
        }
    };
}

/// `T op= T` through `T op= &T`.
macro_rules! forward_assign_owned_via_ref {
    ($T:ty, $OpAssign:ident, $op_assign:ident) => {
        impl core::ops::$OpAssign<$T> for $T {
            #[inline]
            fn $op_assign(&mut self, rhs: $T) {
                core::ops::$OpAssign::$op_assign(self, &rhs);
            }
        }
    };
}

/// `&T op T` for a commutative operator: `T op &T` with the operands swapped, reusing the
/// right operand's buffer.
macro_rules! forward_ref_owned_commutative {
    ($T:ty, $Op:ident, $op:ident) => {
        impl core::ops::$Op<$T> for &$T {
            type Output = $T;
            #[inline]
            fn $op(self, rhs: $T) -> $T {
                core::ops::$Op::$op(rhs, self)
            }
        }
    };
}

/// Every form of a non-commutative operator whose work is done by `&T op &T` (division).
macro_rules! forward_all_via_ref_ref {
    ($T:ty, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident) => {
        impl core::ops::$Op<&$T> for $T {
            type Output = $T;
            #[inline]
            fn $op(self, rhs: &$T) -> $T {
                core::ops::$Op::$op(&self, rhs)
            }
        }

        impl core::ops::$Op<$T> for $T {
            type Output = $T;
            #[inline]
            fn $op(self, rhs: $T) -> $T {
                core::ops::$Op::$op(&self, &rhs)
            }
        }

        impl core::ops::$Op<$T> for &$T {
            type Output = $T;
            #[inline]
            fn $op(self, rhs: $T) -> $T {
                core::ops::$Op::$op(self, &rhs)
            }
        }

        impl core::ops::$OpAssign<&$T> for $T {
            #[inline]
            fn $op_assign(&mut self, rhs: &$T) {
                *self = core::ops::$Op::$op(&*self, rhs);
            }
        }

        impl core::ops::$OpAssign<$T> for $T {
            #[inline]
            fn $op_assign(&mut self, rhs: $T) {
                *self = core::ops::$Op::$op(&*self, &rhs);
            }
        }
    };
}

/// The arithmetic operators between a big type and primitive integers, on either side and
/// in every owned/borrowed form, plus `big op= prim`. The primitive becomes an inline big value
/// (no allocation) and the big-with-big operator does the work.
macro_rules! impl_primitive_ops {
    ($Big:ty; $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident; $($p:ty),*) => {$(
        impl core::ops::$Op<$p> for $Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $p) -> $Big {
                core::ops::$Op::$op(self, <$Big>::from(rhs))
            }
        }

        impl core::ops::$Op<&$p> for $Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$p) -> $Big {
                core::ops::$Op::$op(self, <$Big>::from(*rhs))
            }
        }

        impl core::ops::$Op<$p> for &$Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $p) -> $Big {
                core::ops::$Op::$op(self, <$Big>::from(rhs))
            }
        }

        impl core::ops::$Op<&$p> for &$Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$p) -> $Big {
                core::ops::$Op::$op(self, <$Big>::from(*rhs))
            }
        }

        impl core::ops::$Op<$Big> for $p {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $Big) -> $Big {
                core::ops::$Op::$op(<$Big>::from(self), rhs)
            }
        }

        impl core::ops::$Op<&$Big> for $p {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$Big) -> $Big {
                core::ops::$Op::$op(<$Big>::from(self), rhs)
            }
        }

        impl core::ops::$Op<$Big> for &$p {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $Big) -> $Big {
                core::ops::$Op::$op(<$Big>::from(*self), rhs)
            }
        }

        impl core::ops::$Op<&$Big> for &$p {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$Big) -> $Big {
                core::ops::$Op::$op(<$Big>::from(*self), rhs)
            }
        }

        impl core::ops::$OpAssign<$p> for $Big {
            #[inline]
            fn $op_assign(&mut self, rhs: $p) {
                core::ops::$OpAssign::$op_assign(self, <$Big>::from(rhs));
            }
        }
    )*};
}

/// `Shl`/`Shr` (and their assign forms) by every primitive integer, owned and borrowed, on
/// both operand forms. `$shift` is the method on the big type that takes a validated `u64`
/// count; negative counts panic with num-bigint's message.
macro_rules! impl_shift_ops {
    ($Big:ty; $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident,
     $owned:ident, $borrowed:ident, $what:literal; $($p:ty),*) => {$(
        impl core::ops::$Op<$p> for $Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $p) -> $Big {
                self.$owned(shift_count(rhs, $what))
            }
        }

        impl core::ops::$Op<&$p> for $Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$p) -> $Big {
                self.$owned(shift_count(*rhs, $what))
            }
        }

        impl core::ops::$Op<$p> for &$Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: $p) -> $Big {
                self.$borrowed(shift_count(rhs, $what))
            }
        }

        impl core::ops::$Op<&$p> for &$Big {
            type Output = $Big;
            #[inline]
            fn $op(self, rhs: &$p) -> $Big {
                self.$borrowed(shift_count(*rhs, $what))
            }
        }

        impl core::ops::$OpAssign<$p> for $Big {
            #[inline]
            fn $op_assign(&mut self, rhs: $p) {
                let x = core::mem::take(self);
                *self = x.$owned(shift_count(rhs, $what));
            }
        }

        impl core::ops::$OpAssign<&$p> for $Big {
            #[inline]
            fn $op_assign(&mut self, rhs: &$p) {
                let x = core::mem::take(self);
                *self = x.$owned(shift_count(*rhs, $what));
            }
        }
    )*};
}
