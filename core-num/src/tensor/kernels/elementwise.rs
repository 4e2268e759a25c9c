//! Elementwise kernels: the loops, and the operations on the lane type itself.

use super::{math, Lanes, MAX_LANES};
use crate::tensor::{MidpointRounding, Real};
use core::ptr;
use core_cpu::vector::float::{Elem, Float};

/// The per-vector work of `map1`.
pub(crate) trait Op1<V: Float>: Copy {
    /// The operation on one vector.
    ///
    /// # Safety
    /// The CPU runs `V`'s ISA.
    unsafe fn apply(self, v: V) -> V;
}

/// The per-vector work of `map2`.
pub(crate) trait Op2<V: Float>: Copy {
    /// The operation on one pair of vectors.
    ///
    /// # Safety
    /// The CPU runs `V`'s ISA.
    unsafe fn apply(self, a: V, b: V) -> V;
}

/// Declares unit types for lane operations.
macro_rules! ops {
    ($($name:ident $(<$c:ident: $ct:ty>)? ($($v:ident),+) => $e:expr;)*) => {$(
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name$(<const $c: $ct>)?;
        ops!(@impl $name $(<$c: $ct>)? ($($v),+) => $e);
    )*};
    (@impl $name:ident $(<$c:ident: $ct:ty>)? ($v:ident) => $e:expr) => {
        impl<V: Float $(, const $c: $ct)?> Op1<V> for $name$(<$c>)? {
            #[inline(always)]
            unsafe fn apply(self, $v: V) -> V {
                // SAFETY: the caller's contract.
                unsafe { $e }
            }
        }
    };
    (@impl $name:ident ($a:ident, $b:ident) => $e:expr) => {
        impl<V: Float> Op2<V> for $name {
            #[inline(always)]
            unsafe fn apply(self, $a: V, $b: V) -> V {
                // SAFETY: the caller's contract.
                unsafe { $e }
            }
        }
    };
}

ops! {
    Abs(v) => v.abs();
    Neg(v) => v.neg();
    Sqrt(v) => v.sqrt();
    Floor(v) => v.floor();
    Ceil(v) => v.ceil();
    Trunc(v) => v.trunc();
    Next<UP: bool>(v) => next::<V>(v, UP);
    RoundInt<M: u8>(v) => round_int::<V, M>(v);
    Add(a, b) => a.add(b);
    Sub(a, b) => a.sub(b);
    Mul(a, b) => a.mul(b);
    Div(a, b) => a.div(b);
}

/// A function of `math` on every lane (through `f64` lanes for `f32`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide<M>(pub(crate) M);

impl<V: Lanes, M: math::Math + Copy> Op1<V> for Wide<M> {
    #[inline(always)]
    unsafe fn apply(self, v: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { v.wide::<M>() }
    }
}

/// A two-argument function of `math` on every pair of lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide2<M>(pub(crate) M);

impl<V: Lanes, M: math::Math2 + Copy> Op2<V> for Wide2<M> {
    #[inline(always)]
    unsafe fn apply(self, a: V, b: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { a.wide2::<M>(b) }
    }
}

/// Rounding to `digits` decimals: scaled by `p = 10^digits`, rounded, scaled back, for
/// magnitudes below `limit`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoundDigits<V, const M: u8> {
    p: V,
    limit: V,
}

impl<V: Float, const M: u8> Op1<V> for RoundDigits<V, M> {
    #[inline(always)]
    unsafe fn apply(self, v: V) -> V {
        // SAFETY: the caller's contract.
        unsafe {
            let r = round_int::<V, M>(v.mul(self.p)).div(self.p);
            V::select(v.abs().lt(self.limit), r, v)
        }
    }
}

/// One-input operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unary {
    Abs,
    Neg,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    BitIncrement,
    BitDecrement,
    Exp,
    Exp2,
    Ln,
    Log2,
    Sinh,
    Cosh,
    Tanh,
    Sigmoid,
    Asin,
    Acos,
    Atan,
    Sin,
    Cos,
    Tan,
}

/// Two-input operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Atan2,
    Pow,
}

/// `out[i] = f(x[i])`, two vectors per step, the tail through a padded buffer.
///
/// # Safety
/// `x` is readable and `out` writable for `n` elements; they are the same pointer or do not
/// overlap; the CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn map1<V: Float>(
    x: *const V::Elem,
    out: *mut V::Elem,
    n: usize,
    f: impl Op1<V>,
) {
    let l = V::LANES;
    let mut i = 0;
    // SAFETY: every access lies below `n` (loop bounds); a lane block is read before the block
    // at the same offset is written, so an exact alias is fine.
    unsafe {
        while i + 2 * l <= n {
            let (a, b) = (V::load(x.add(i)), V::load(x.add(i + l)));
            let (a, b) = (f.apply(a), f.apply(b));
            a.store(out.add(i));
            b.store(out.add(i + l));
            i += 2 * l;
        }
        while i < n {
            let k = l.min(n - i);
            let mut buf = [V::Elem::default(); MAX_LANES];
            ptr::copy_nonoverlapping(x.add(i), buf.as_mut_ptr(), k);
            f.apply(V::load(buf.as_ptr())).store(buf.as_mut_ptr());
            ptr::copy_nonoverlapping(buf.as_ptr(), out.add(i), k);
            i += k;
        }
    }
}

/// `out[i] = f(x[i], y[i])`, as [`map1`].
///
/// # Safety
/// `x`, `y` readable and `out` writable for `n` elements; `out` equals or does not overlap
/// each input; the CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn map2<V: Float>(
    x: *const V::Elem,
    y: *const V::Elem,
    out: *mut V::Elem,
    n: usize,
    f: impl Op2<V>,
) {
    let l = V::LANES;
    let mut i = 0;
    // SAFETY: as in `map1`.
    unsafe {
        while i + 2 * l <= n {
            let a = f.apply(V::load(x.add(i)), V::load(y.add(i)));
            let b = f.apply(V::load(x.add(i + l)), V::load(y.add(i + l)));
            a.store(out.add(i));
            b.store(out.add(i + l));
            i += 2 * l;
        }
        while i < n {
            let k = l.min(n - i);
            let mut bx = [V::Elem::default(); MAX_LANES];
            let mut by = [V::Elem::default(); MAX_LANES];
            ptr::copy_nonoverlapping(x.add(i), bx.as_mut_ptr(), k);
            ptr::copy_nonoverlapping(y.add(i), by.as_mut_ptr(), k);
            f.apply(V::load(bx.as_ptr()), V::load(by.as_ptr())).store(bx.as_mut_ptr());
            ptr::copy_nonoverlapping(bx.as_ptr(), out.add(i), k);
            i += k;
        }
    }
}

/// One-input operations.
///
/// # Safety
/// As [`map1`].
#[inline(always)]
pub(crate) unsafe fn unary<V: Lanes>(op: Unary, x: *const V::Elem, out: *mut V::Elem, n: usize) {
    // SAFETY: forwarded to `map1`; the lane operations need `V`'s ISA, which the caller has.
    unsafe {
        match op {
            Unary::Abs => map1::<V>(x, out, n, Abs),
            Unary::Neg => map1::<V>(x, out, n, Neg),
            Unary::Sqrt => map1::<V>(x, out, n, Sqrt),
            Unary::Floor => map1::<V>(x, out, n, Floor),
            Unary::Ceil => map1::<V>(x, out, n, Ceil),
            Unary::Trunc => map1::<V>(x, out, n, Trunc),
            Unary::BitIncrement => map1::<V>(x, out, n, Next::<true>),
            Unary::BitDecrement => map1::<V>(x, out, n, Next::<false>),
            Unary::Exp if V::NARROW => map1::<V>(x, out, n, Wide(math::ExpForF32)),
            Unary::Exp => map1::<V>(x, out, n, Wide(math::Exp)),
            Unary::Exp2 => map1::<V>(x, out, n, Wide(math::Exp2)),
            Unary::Ln if V::NARROW => map1::<V>(x, out, n, Wide(math::LnForF32)),
            Unary::Ln => map1::<V>(x, out, n, Wide(math::Ln)),
            Unary::Log2 => map1::<V>(x, out, n, Wide(math::Log2)),
            Unary::Sinh => map1::<V>(x, out, n, Wide(math::Sinh)),
            Unary::Cosh => map1::<V>(x, out, n, Wide(math::Cosh)),
            Unary::Tanh => map1::<V>(x, out, n, Wide(math::Tanh)),
            Unary::Sigmoid => map1::<V>(x, out, n, Wide(math::Sigmoid)),
            Unary::Asin if V::NARROW => map1::<V>(x, out, n, Wide(math::AsinForF32)),
            Unary::Asin => map1::<V>(x, out, n, Wide(math::Asin)),
            Unary::Acos => map1::<V>(x, out, n, Wide(math::Acos)),
            Unary::Atan => map1::<V>(x, out, n, Wide(math::Atan)),
            Unary::Sin if V::NARROW => map1::<V>(x, out, n, Wide(math::SinForF32)),
            Unary::Sin => map1::<V>(x, out, n, Wide(math::Sin)),
            Unary::Cos if V::NARROW => map1::<V>(x, out, n, Wide(math::CosForF32)),
            Unary::Cos => map1::<V>(x, out, n, Wide(math::Cos)),
            Unary::Tan if V::NARROW => map1::<V>(x, out, n, Wide(math::TanForF32)),
            Unary::Tan => map1::<V>(x, out, n, Wide(math::Tan)),
        }
    }
}

/// Two-input operations.
///
/// # Safety
/// As [`map2`].
#[inline(always)]
pub(crate) unsafe fn binary<V: Lanes>(
    op: Binary,
    x: *const V::Elem,
    y: *const V::Elem,
    out: *mut V::Elem,
    n: usize,
) {
    // SAFETY: forwarded to `map2`; the lane operations need `V`'s ISA, which the caller has.
    unsafe {
        match op {
            Binary::Add => map2::<V>(x, y, out, n, Add),
            Binary::Sub => map2::<V>(x, y, out, n, Sub),
            Binary::Mul => map2::<V>(x, y, out, n, Mul),
            Binary::Div => map2::<V>(x, y, out, n, Div),
            Binary::Atan2 => map2::<V>(x, y, out, n, Wide2(math::Atan2)),
            Binary::Pow if V::NARROW => map2::<V>(x, y, out, n, Wide2(math::PowForF32)),
            Binary::Pow => map2::<V>(x, y, out, n, Wide2(math::Pow)),
        }
    }
}

/// `out[i] = x[i] * y[i] + z[i]` with one rounding: the level's FMA, or `T`'s fused scalar
/// operation where the level has none.
///
/// # Safety
/// `x`, `y`, `z` readable and `out` writable for `n` elements; `out` equals or does not overlap
/// each input; the CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fma<V: Lanes>(
    x: *const V::Elem,
    y: *const V::Elem,
    z: *const V::Elem,
    out: *mut V::Elem,
    n: usize,
) where
    V::Elem: Real,
{
    let l = V::LANES;
    // SAFETY: all accesses lie below `n`; each block is read before it is written.
    unsafe {
        if !V::FUSED {
            for i in 0..n {
                *out.add(i) = Real::fused_mul_add(*x.add(i), *y.add(i), *z.add(i));
            }
            return;
        }
        let mut i = 0;
        while i + l <= n {
            V::load(x.add(i)).mul_add(V::load(y.add(i)), V::load(z.add(i))).store(out.add(i));
            i += l;
        }
        for j in i..n {
            let mut b = [[V::Elem::default(); MAX_LANES]; 3];
            b[0][0] = *x.add(j);
            b[1][0] = *y.add(j);
            b[2][0] = *z.add(j);
            let r = V::load(b[0].as_ptr()).mul_add(V::load(b[1].as_ptr()), V::load(b[2].as_ptr()));
            r.store(b[0].as_mut_ptr());
            *out.add(j) = b[0][0];
        }
    }
}

/// The next representable value up (`up`) or down: NaN stays, `±inf` stays in its own
/// direction, both zeros step to the smallest subnormal of the direction's sign.
#[inline(always)]
unsafe fn next<V: Float>(v: V, up: bool) -> V {
    // SAFETY: the CPU runs V's ISA (the caller's contract).
    unsafe {
        let one = V::splat(V::Elem::from_bits_u64(1));
        let zero = V::splat(V::Elem::default());
        // Moving away from zero adds one to the bits, towards zero subtracts one.
        let away = if up { zero.le(v) } else { v.le(zero) };
        let stepped = V::select(away, v.add_bits(one), v.sub_bits(one));
        let tiny = if up { one } else { one.neg() };
        let r = V::select(v.eq(zero), tiny, stepped);
        let inf = V::splat(V::Elem::from_f64(if up { f64::INFINITY } else { f64::NEG_INFINITY }));
        V::select(V::mask_or(v.is_nan(), v.eq(inf)), v, r)
    }
}

/// Rounded to an integer by the mode numbered `M` (`MidpointRounding as u8`).
#[inline(always)]
unsafe fn round_int<V: Float, const M: u8>(v: V) -> V {
    const EVEN: u8 = MidpointRounding::ToEven as u8;
    const ZERO: u8 = MidpointRounding::ToZero as u8;
    const DOWN: u8 = MidpointRounding::ToNegativeInfinity as u8;
    const UP: u8 = MidpointRounding::ToPositiveInfinity as u8;
    // SAFETY: the CPU runs V's ISA (the caller's contract).
    unsafe {
        match M {
            EVEN => v.round_even(),
            ZERO => v.trunc(),
            DOWN => v.floor(),
            UP => v.ceil(),
            _ => {
                let sign = v.and(V::splat(V::Elem::from_f64(-0.0)));
                let t = v.trunc();
                let half = V::splat(V::Elem::from_f64(0.5));
                // `v - t` is exact: both lie in the same binade or `t` is zero.
                let up = half.le(v.sub(t).abs());
                let one = V::splat(V::Elem::from_f64(1.0)).or(sign);
                let zero = V::splat(V::Elem::default());
                t.add(V::select(up, one, zero)).abs().or(sign)
            }
        }
    }
}

/// Rounded to `digits` decimal places by `mode` (`digits <= T::MAX_DIGITS`, checked by the
/// caller): scaled by `10^digits`, rounded, scaled back, for magnitudes below
/// `T::ROUND_LIMIT` (larger values have no fraction digits to round); `digits == 0` rounds in
/// one pass.
///
/// # Safety
/// As [`map1`].
#[inline(always)]
pub(crate) unsafe fn round<V: Lanes>(
    x: *const V::Elem,
    out: *mut V::Elem,
    n: usize,
    digits: u32,
    mode: MidpointRounding,
) where
    V::Elem: Real,
{
    // SAFETY: forwarded to `map1`; the lane operations need `V`'s ISA, which the caller has.
    unsafe {
        // One instantiation per mode, so the mode is not tested per vector.
        macro_rules! by_mode {
            ($($m:ident),*) => {
                match mode {$(
                    MidpointRounding::$m => {
                        const M: u8 = MidpointRounding::$m as u8;
                        if digits == 0 {
                            map1::<V>(x, out, n, RoundInt::<M>)
                        } else {
                            let p = V::splat(<V::Elem as Real>::pow10(digits));
                            let limit = V::splat(<V::Elem as Real>::ROUND_LIMIT);
                            map1::<V>(x, out, n, RoundDigits::<V, M> { p, limit })
                        }
                    }
                )*}
            };
        }
        by_mode!(ToEven, AwayFromZero, ToZero, ToNegativeInfinity, ToPositiveInfinity)
    }
}
