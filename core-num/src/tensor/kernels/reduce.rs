//! Reductions: four independent vector accumulators per pass (so additions overlap instead of
//! waiting on each other), combined pairwise at the end; extremes with NaN and signed zeros
//! handled as `f64::maximum`-style IEEE 754 operations; softmax in two passes.

use super::elementwise::{map1, Op1};
use super::{math, Lanes, MAX_LANES};
use core::ptr;
use core_cpu::vector::float::{Elem, Float};

/// Sum-like reductions of one slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fold {
    Sum,
    Product,
    SumOfSquares,
}

/// Sum-like reductions of two slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fold2 {
    Dot,
    SquaredDistance,
}

/// Which extreme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extreme {
    Max,
    Min,
    MaxMagnitude,
    MinMagnitude,
}

/// One accumulation step of `fold` and how two accumulators combine (types, not closures:
/// see `kernels/mod.rs`).
trait Step<V: Float>: Copy {
    /// `acc` with the lanes `x` (and `y`) taken in.
    ///
    /// # Safety
    /// The CPU runs `V`'s ISA.
    unsafe fn step(self, acc: V, x: V, y: V) -> V;
    /// Two accumulators as one.
    ///
    /// # Safety
    /// The CPU runs `V`'s ISA.
    #[inline(always)]
    unsafe fn join(self, a: V, b: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { a.add(b) }
    }
}

/// Declares unit types for the accumulation steps.
macro_rules! steps {
    ($($name:ident($a:ident, $x:ident, $y:ident) => $e:expr;)*) => {$(
        #[derive(Clone, Copy)]
        struct $name;
        impl<V: Float> Step<V> for $name {
            #[inline(always)]
            unsafe fn step(self, $a: V, $x: V, $y: V) -> V {
                // SAFETY: the caller's contract.
                unsafe { $e }
            }
        }
    )*};
}

steps! {
    SumStep(a, x, _y) => a.add(x);
    SquareStep(a, x, _y) => x.mul_add(x, a);
    DotStep(a, x, y) => x.mul_add(y, a);
    DistanceStep(a, x, y) => {
        let d = x.sub(y);
        d.mul_add(d, a)
    };
}

/// Products: multiplied in, and joined by multiplying.
#[derive(Clone, Copy)]
struct ProductStep;

impl<V: Float> Step<V> for ProductStep {
    #[inline(always)]
    unsafe fn step(self, a: V, x: V, _y: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { a.mul(x) }
    }
    #[inline(always)]
    unsafe fn join(self, a: V, b: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { a.mul(b) }
    }
}

/// The vector of `x[i..i + k]` followed by `fill` (`k <= LANES`).
///
/// # Safety
/// `x[i..i + k]` is readable; the CPU runs `V`'s ISA.
#[inline(always)]
unsafe fn load_tail<V: Float>(x: *const V::Elem, k: usize, fill: V::Elem) -> V {
    let mut buf = [fill; MAX_LANES];
    // SAFETY: per the contract; `k <= LANES <= MAX_LANES`.
    unsafe {
        ptr::copy_nonoverlapping(x, buf.as_mut_ptr(), k);
        V::load(buf.as_ptr())
    }
}

/// `step(acc, x, y)` over all lanes of `x` and `y` (one length) into four accumulators that
/// start at `init`; the tail padded with `pad`.
///
/// # Safety
/// `x`, `y` readable for `n` elements; the CPU runs `V`'s ISA.
#[inline(always)]
unsafe fn fold<V: Float>(
    x: *const V::Elem,
    y: *const V::Elem,
    n: usize,
    init: V::Elem,
    pad: V::Elem,
    step: impl Step<V>,
) -> V {
    let l = V::LANES;
    // SAFETY: every load lies below `n`.
    unsafe {
        let mut acc = [V::splat(init); 4];
        let mut i = 0;
        while i + 4 * l <= n {
            for (k, a) in acc.iter_mut().enumerate() {
                *a = step.step(*a, V::load(x.add(i + k * l)), V::load(y.add(i + k * l)));
            }
            i += 4 * l;
        }
        while i + l <= n {
            acc[0] = step.step(acc[0], V::load(x.add(i)), V::load(y.add(i)));
            i += l;
        }
        if i < n {
            let (a, b) = (load_tail(x.add(i), n - i, pad), load_tail(y.add(i), n - i, pad));
            acc[1] = step.step(acc[1], a, b);
        }
        step.join(step.join(acc[0], acc[1]), step.join(acc[2], acc[3]))
    }
}

/// Sum, product or sum of squares.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold1<V: Lanes>(op: Fold, x: &[V::Elem]) -> V::Elem {
    let (p, n) = (x.as_ptr(), x.len());
    let (zero, one) = (V::Elem::default(), V::Elem::from_f64(1.0));
    // SAFETY: `p` is readable for `n` elements; the CPU per the contract.
    unsafe {
        match op {
            Fold::Sum => fold::<V>(p, p, n, zero, zero, SumStep).reduce_add(),
            Fold::SumOfSquares => fold::<V>(p, p, n, zero, zero, SquareStep).reduce_add(),
            Fold::Product => {
                let v = fold::<V>(p, p, n, one, one, ProductStep);
                let mut lanes = [one; MAX_LANES];
                v.store(lanes.as_mut_ptr());
                let mut acc = V::splat(lanes[0]);
                for &lane in &lanes[1..V::LANES] {
                    acc = acc.mul(V::splat(lane));
                }
                acc.store(lanes.as_mut_ptr());
                lanes[0]
            }
        }
    }
}

/// Dot product or squared Euclidean distance over the common length (the caller checks that
/// the lengths are equal).
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold2<V: Lanes>(op: Fold2, x: &[V::Elem], y: &[V::Elem]) -> V::Elem {
    let (p, q, n) = (x.as_ptr(), y.as_ptr(), x.len().min(y.len()));
    let zero = V::Elem::default();
    // SAFETY: both readable for `n` elements; the CPU per the contract.
    unsafe {
        match op {
            Fold2::Dot => fold::<V>(p, q, n, zero, zero, DotStep),
            Fold2::SquaredDistance => fold::<V>(p, q, n, zero, zero, DistanceStep),
        }
        .reduce_add()
    }
}

/// One step of `dot3`.
#[inline(always)]
unsafe fn step3<V: Float>(a: &mut [V; 3], u: V, v: V) {
    // SAFETY: the caller runs on V's ISA.
    unsafe {
        a[0] = u.mul_add(v, a[0]);
        a[1] = u.mul_add(u, a[1]);
        a[2] = v.mul_add(v, a[2]);
    }
}

/// `(x·y, x·x, y·y)` in one pass over the common length, for the cosine similarity.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn dot3<V: Lanes>(x: &[V::Elem], y: &[V::Elem]) -> [V::Elem; 3] {
    let (p, q, n, l) = (x.as_ptr(), y.as_ptr(), x.len().min(y.len()), V::LANES);
    // SAFETY: both readable for `n` elements; the CPU per the contract.
    unsafe {
        let zero = V::Elem::default();
        // Four sets of three accumulators: twelve independent FMA chains, enough to cover
        // the FMA latency at two per cycle.
        let mut acc = [[V::splat(zero); 3]; 4];
        let mut i = 0;
        while i + 4 * l <= n {
            for (k, a) in acc.iter_mut().enumerate() {
                step3(a, V::load(p.add(i + k * l)), V::load(q.add(i + k * l)));
            }
            i += 4 * l;
        }
        while i < n {
            let k = l.min(n - i);
            step3(&mut acc[0], load_tail(p.add(i), k, zero), load_tail(q.add(i), k, zero));
            i += k;
        }
        core::array::from_fn(|j| {
            acc[0][j].add(acc[1][j]).add(acc[2][j].add(acc[3][j])).reduce_add()
        })
    }
}

/// The better of `a` and `v` per lane for `op` (NaN lanes are found separately): a strictly
/// better key wins; of equal keys (equal values, or `±0`, or `±m` by magnitude) the bitwise
/// and keeps the positive one (for a maximum), the bitwise or the negative one (minimum).
#[inline(always)]
unsafe fn better<V: Float>(op: Extreme, a: V, v: V) -> V {
    // SAFETY: the CPU runs V's ISA (the caller's contract).
    unsafe {
        let (ka, kv) = match op {
            Extreme::Max | Extreme::Min => (a, v),
            Extreme::MaxMagnitude | Extreme::MinMagnitude => (a.abs(), v.abs()),
        };
        let (wins, tie) = match op {
            Extreme::Max | Extreme::MaxMagnitude => (ka.lt(kv), a.and(v)),
            Extreme::Min | Extreme::MinMagnitude => (kv.lt(ka), a.or(v)),
        };
        V::select(wins, v, V::select(ka.eq(kv), tie, a))
    }
}

/// The extreme element for `op`, the first NaN if there is one; `None` for an empty slice.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn extreme<V: Lanes>(op: Extreme, x: &[V::Elem]) -> Option<V::Elem> {
    let (p, n, l) = (x.as_ptr(), x.len(), V::LANES);
    let first = *x.first()?;
    // SAFETY: every load lies below `n`; the CPU per the contract.
    unsafe {
        let mut acc = [V::splat(first); 2];
        let mut nan = V::splat(first).is_nan();
        let mut i = 0;
        while i + 2 * l <= n {
            let (a, b) = (V::load(p.add(i)), V::load(p.add(i + l)));
            nan = V::mask_or(nan, V::mask_or(a.is_nan(), b.is_nan()));
            acc[0] = better(op, acc[0], a);
            acc[1] = better(op, acc[1], b);
            i += 2 * l;
        }
        if i < n {
            // The first element pads the tail: it is already counted, so it changes nothing.
            while i < n {
                let k = l.min(n - i);
                let a = load_tail::<V>(p.add(i), k, first);
                nan = V::mask_or(nan, a.is_nan());
                acc[0] = better(op, acc[0], a);
                i += k;
            }
        }
        if V::mask_any(nan) {
            return x.iter().copied().find(|v| v.partial_cmp(v).is_none());
        }
        let v = better(op, acc[0], acc[1]);
        let mut lanes = [first; MAX_LANES];
        v.store(lanes.as_mut_ptr());
        let mut best = V::splat(lanes[0]);
        for &lane in &lanes[1..l] {
            best = better(op, best, V::splat(lane));
        }
        best.store(lanes.as_mut_ptr());
        Some(lanes[0])
    }
}

/// The index of the first element whose bits are `target`'s (of the first NaN if `target`
/// is NaN).
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn position<V: Lanes>(x: &[V::Elem], target: V::Elem) -> Option<usize> {
    let (p, n, l) = (x.as_ptr(), x.len(), V::LANES);
    let is_nan = target.partial_cmp(&target).is_none();
    let same = |v: V::Elem| {
        if is_nan {
            v.partial_cmp(&v).is_none()
        } else {
            v.bits_u64() == target.bits_u64()
        }
    };
    // SAFETY: every load lies below `n`; the CPU per the contract.
    unsafe {
        let t = V::splat(target);
        let mut i = 0;
        while i + l <= n {
            let v = V::load(p.add(i));
            let m = if is_nan { v.is_nan() } else { v.eq(t) };
            let mut bits = V::mask_bits(m);
            while bits != 0 {
                let k = i + bits.trailing_zeros() as usize;
                if same(x[k]) {
                    return Some(k);
                }
                bits &= bits - 1;
            }
            i += l;
        }
        (i..n).find(|&k| same(x[k]))
    }
}

/// `out = softmax(x)`: `e^(x - max x)`, then divided by its sum.
///
/// # Safety
/// `x` is readable and `out` writable for `n` elements, the same pointer or not overlapping;
/// the CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn softmax<V: Lanes>(x: *const V::Elem, out: *mut V::Elem, n: usize) {
    if n == 0 {
        return;
    }
    // SAFETY: per the contract; the slice view of `x` ends before `out` is written.
    unsafe {
        let m = extreme::<V>(Extreme::Max, core::slice::from_raw_parts(x, n)).unwrap_or_default();
        let mv = V::splat(m);
        map1::<V>(x, out, n, ExpShifted(mv));
        let sum = fold1::<V>(Fold::Sum, core::slice::from_raw_parts(out, n));
        map1::<V>(out, out, n, DivBy(V::splat(sum)));
    }
}

/// `e^(v - m)`.
#[derive(Clone, Copy)]
struct ExpShifted<V>(V);

impl<V: Lanes> Op1<V> for ExpShifted<V> {
    #[inline(always)]
    unsafe fn apply(self, v: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { v.sub(self.0).wide::<math::Exp>() }
    }
}

/// `v / d`.
#[derive(Clone, Copy)]
struct DivBy<V>(V);

impl<V: Float> Op1<V> for DivBy<V> {
    #[inline(always)]
    unsafe fn apply(self, v: V) -> V {
        // SAFETY: the caller's contract.
        unsafe { v.div(self.0) }
    }
}
