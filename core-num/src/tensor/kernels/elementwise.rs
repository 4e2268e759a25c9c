//! Elementwise kernels: the loops, and the operations on the lane type itself.

use super::{math, Lanes, MAX_LANES};
use crate::tensor::{MidpointRounding, Real};
use core::ptr;
use core_cpu::vector::float::{Elem, Float};

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
}

/// Two-input operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Atan2,
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
    f: impl Fn(V) -> V,
) {
    let l = V::LANES;
    let mut i = 0;
    // SAFETY: every access lies below `n` (loop bounds); a lane block is read before the block
    // at the same offset is written, so an exact alias is fine.
    unsafe {
        while i + 2 * l <= n {
            let (a, b) = (V::load(x.add(i)), V::load(x.add(i + l)));
            let (a, b) = (f(a), f(b));
            a.store(out.add(i));
            b.store(out.add(i + l));
            i += 2 * l;
        }
        while i < n {
            let k = l.min(n - i);
            let mut buf = [V::Elem::default(); MAX_LANES];
            ptr::copy_nonoverlapping(x.add(i), buf.as_mut_ptr(), k);
            f(V::load(buf.as_ptr())).store(buf.as_mut_ptr());
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
    f: impl Fn(V, V) -> V,
) {
    let l = V::LANES;
    let mut i = 0;
    // SAFETY: as in `map1`.
    unsafe {
        while i + 2 * l <= n {
            let a = f(V::load(x.add(i)), V::load(y.add(i)));
            let b = f(V::load(x.add(i + l)), V::load(y.add(i + l)));
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
            f(V::load(bx.as_ptr()), V::load(by.as_ptr())).store(bx.as_mut_ptr());
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
            Unary::Abs => map1::<V>(x, out, n, |v| v.abs()),
            Unary::Neg => map1::<V>(x, out, n, |v| v.neg()),
            Unary::Sqrt => map1::<V>(x, out, n, |v| v.sqrt()),
            Unary::Floor => map1::<V>(x, out, n, |v| v.floor()),
            Unary::Ceil => map1::<V>(x, out, n, |v| v.ceil()),
            Unary::Trunc => map1::<V>(x, out, n, |v| v.trunc()),
            Unary::BitIncrement => map1::<V>(x, out, n, |v| next::<V>(v, true)),
            Unary::BitDecrement => map1::<V>(x, out, n, |v| next::<V>(v, false)),
            Unary::Exp => map1::<V>(x, out, n, |v| v.wide(|w| math::exp(w))),
            Unary::Exp2 => map1::<V>(x, out, n, |v| v.wide(|w| math::exp2(w))),
            Unary::Ln => map1::<V>(x, out, n, |v| v.wide(|w| math::ln(w))),
            Unary::Log2 => map1::<V>(x, out, n, |v| v.wide(|w| math::log2(w))),
            Unary::Sinh => map1::<V>(x, out, n, |v| v.wide(|w| math::sinh(w))),
            Unary::Cosh => map1::<V>(x, out, n, |v| v.wide(|w| math::cosh(w))),
            Unary::Tanh => map1::<V>(x, out, n, |v| v.wide(|w| math::tanh(w))),
            Unary::Sigmoid => map1::<V>(x, out, n, |v| v.wide(|w| math::sigmoid(w))),
            Unary::Asin => map1::<V>(x, out, n, |v| v.wide(|w| math::asin(w))),
            Unary::Acos => map1::<V>(x, out, n, |v| v.wide(|w| math::acos(w))),
            Unary::Atan => map1::<V>(x, out, n, |v| v.wide(|w| math::atan(w))),
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
            Binary::Add => map2::<V>(x, y, out, n, |a, b| a.add(b)),
            Binary::Sub => map2::<V>(x, y, out, n, |a, b| a.sub(b)),
            Binary::Mul => map2::<V>(x, y, out, n, |a, b| a.mul(b)),
            Binary::Div => map2::<V>(x, y, out, n, |a, b| a.div(b)),
            Binary::Atan2 => map2::<V>(x, y, out, n, |a, b| a.wide2(b, |p, q| math::atan2(p, q))),
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

/// Rounded to an integer by `mode`.
#[inline(always)]
unsafe fn round_int<V: Float>(v: V, mode: MidpointRounding) -> V {
    // SAFETY: the CPU runs V's ISA (the caller's contract).
    unsafe {
        match mode {
            MidpointRounding::ToEven => v.round_even(),
            MidpointRounding::ToZero => v.trunc(),
            MidpointRounding::ToNegativeInfinity => v.floor(),
            MidpointRounding::ToPositiveInfinity => v.ceil(),
            MidpointRounding::AwayFromZero => {
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
        if digits == 0 {
            return map1::<V>(x, out, n, |v| round_int(v, mode));
        }
        let p = V::splat(<V::Elem as Real>::pow10(digits));
        let limit = V::splat(<V::Elem as Real>::ROUND_LIMIT);
        map1::<V>(x, out, n, |v| {
            let r = round_int(v.mul(p), mode).div(p);
            V::select(v.abs().lt(limit), r, v)
        })
    }
}
