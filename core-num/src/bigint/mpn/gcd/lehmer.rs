//! Lehmer steps: many Euclid quotients computed on the top 128 bits, applied to the full
//! numbers as one 2x2 matrix of single-limb cofactors.
//!
//! Run Euclid on `(a0, a1)`, keeping the cofactors of each remainder, `a_i = ±(x_i a0 - y_i a1)`
//! with `x_i, y_i >= 0` and the sign alternating with `i`. In approximate mode (`a0`, `a1` the
//! top 128 bits of `A >= B` at the same shift, `a0 >= 2^127`) a step is kept only while the new
//! remainder is `>= 2^65`. Then every cofactor is `<= a0 / 2^65 < 2^63`, and for the true
//! numbers `A = a0 2^s + A'`, `B = a1 2^s + B'`:
//!
//! ```text
//! x_i A - y_i B = 2^s a_i + (x_i A' - y_i B'),   |x_i A' - y_i B'| < 2^63 2^s <= 2^s a_i
//! ```
//!
//! so the matrix maps `(A, B)` to two non-negative numbers about 63 bits shorter (the
//! condition used by Möller's half-gcd; a double-digit Lehmer step in Jebelean's sense).
//!
//! [`approx_matrix`] takes the same steps more cheaply: `u128` division only while the larger
//! remainder is `>= 2^96`, then the rest on the pair's top 64 bits (`>> 32`) in `u64`, keeping
//! a step while its remainder is `>= 2^34` there. Why that is still sound, with `(α, β)` the
//! pair at the switch (`2^65 <= β < α < 2^96`), `α' = α >> 32`, `c` the largest cofactor so
//! far and `v` the largest of the `u64` phase (`k = s + 32`):
//!
//! ```text
//! c <= a0 / α < 2^96 / α'                   (Knuth's bound on Euclid's cofactors)
//! v <= α' / 2^34                            (every remainder of the phase is >= 2^34)
//! each full result >= 2^k (γ' - v (1 + 2 c / 2^32)) > 2^k (γ' - α'/2^34 - 2^31) > 2^k (γ' - 2^34)
//! ```
//!
//! with `γ' >= 2^34` the result's own top-64-bit value, so both results stay non-negative,
//! and the final cofactors, at most `2 c v < 2^63`, still fit a limb. The split follows the
//! structure of GMP's `mpn_hgcd2` (double-limb steps, then single-limb on a half-limb shift).

/// The product of the Euclid steps taken: the new pair is
/// `(±(x0 A - y0 B), ∓(x1 A - y1 B))` with `+` first when `odd` is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Matrix {
    pub(super) x0: u64,
    pub(super) y0: u64,
    pub(super) x1: u64,
    pub(super) y1: u64,
    /// An odd number of steps (the signs are swapped).
    pub(super) odd: bool,
    pub(super) steps: u32,
}

/// `(q, r)` with `a = q b + r`, `b > 0`; small quotients by subtraction.
#[inline(always)]
fn divmod(a: u128, b: u128) -> (u128, u128) {
    let r = a - b;
    if r < b {
        return (1, r);
    }
    let r2 = r - b;
    if r2 < b {
        return (2, r2);
    }
    let r3 = r2 - b;
    if r3 < b {
        return (3, r3);
    }
    (a / b, a % b)
}

/// Euclid steps on `(a, b)`, `a >= b`. A step is taken while its remainder is `>= min` and its
/// cofactors fit a limb. Returns the matrix and the reduced pair.
pub(super) fn euclid_u128(mut a: u128, mut b: u128, min: u128) -> (Matrix, u128, u128) {
    debug_assert!(a >= b);
    let (mut x0, mut y0, mut x1, mut y1) = (1u64, 0u64, 0u64, 1u64);
    let mut steps = 0u32;
    while b != 0 && b >= min {
        let (q, r) = divmod(a, b);
        if r < min {
            break;
        }
        let Ok(q) = u64::try_from(q) else { break };
        let Some(nx) = q.checked_mul(x1).and_then(|v| v.checked_add(x0)) else { break };
        let Some(ny) = q.checked_mul(y1).and_then(|v| v.checked_add(y0)) else { break };
        (x0, y0, x1, y1) = (x1, y1, nx, ny);
        (a, b) = (b, r);
        steps += 1;
    }
    (Matrix { x0, y0, x1, y1, odd: steps & 1 == 1, steps }, a, b)
}

/// `min` for approximate steps on top-128-bit approximations.
pub(super) const APPROX_MIN: u128 = 1 << 65;

/// The `u128` steps stop once the larger remainder is below this ...
const SPLIT: u128 = 1 << 96;
/// ... and the `u64` steps on the pair shifted right by 32 keep remainders from here up.
const HALF_MIN: u64 = 1 << 34;

/// `(q, r)` with `a = q b + r`, `b > 0`: quotients 1 and 2 by subtraction (three in five
/// Euclid quotients), the rest by one hardware division.
#[inline(always)]
fn divmod_u64(a: u64, b: u64) -> (u64, u64) {
    let r = a - b;
    if r < b {
        return (1, r);
    }
    let r2 = r - b;
    if r2 < b {
        return (2, r2);
    }
    (a / b, a % b)
}

/// The Lehmer matrix of approximate mode (see the module doc) for the top 128 bits `a`, `b`
/// of `A >= B` at one shift, `a >= 2^127`, `2^65 <= b <= a`: the steps whose remainders stay
/// `>= 2^65`, the last few of them found on 64-bit halves. `steps == 0` when none is safe.
pub(super) fn approx_matrix(mut a: u128, mut b: u128) -> Matrix {
    debug_assert!(a >> 127 == 1 && a >= b && b >= APPROX_MIN);
    let (mut x0, mut y0, mut x1, mut y1) = (1u64, 0u64, 0u64, 1u64);
    let mut steps = 0u32;
    // The cofactor bounds of the module doc keep every update inside a limb.
    macro_rules! step {
        ($q:expr) => {{
            let q: u64 = $q;
            (x0, y0, x1, y1) = (x1, y1, x0 + q * x1, y0 + q * y1);
            steps += 1;
        }};
    }
    'full: {
        while a >= SPLIT {
            let (q, r) = divmod(a, b);
            if r < APPROX_MIN {
                break 'full;
            }
            // q <= a / r < 2^63.
            step!(q as u64);
            (a, b) = (b, r);
        }
        let (mut a, mut b) = ((a >> 32) as u64, (b >> 32) as u64);
        loop {
            let (q, r) = divmod_u64(a, b);
            if r < HALF_MIN {
                break;
            }
            step!(q);
            (a, b) = (b, r);
        }
    }
    Matrix { x0, y0, x1, y1, odd: steps & 1 == 1, steps }
}

/// The 128 bits of `x` starting at bit `p` (bits past the end read as zero).
pub(super) fn bits128_at(x: &[u64], p: u64) -> u128 {
    let li = (p / 64) as usize;
    let off = (p % 64) as u32;
    let limb = |i: usize| x.get(i).copied().unwrap_or(0);
    let (l0, l1, l2) = (limb(li), limb(li + 1), limb(li + 2));
    if off == 0 {
        u128::from(l0) | (u128::from(l1) << 64)
    } else {
        let lo = (l0 >> off) | (l1 << (64 - off));
        let hi = (l1 >> off) | (l2 << (64 - off));
        u128::from(lo) | (u128::from(hi) << 64)
    }
}

/// Applies `m` to `(a, b)` in place (same length; results known to be non-negative and to fit).
pub(super) fn apply(a: &mut [u64], b: &mut [u64], m: &Matrix) {
    if m.odd {
        apply_signed::<true>(a, b, m);
    } else {
        apply_signed::<false>(a, b, m);
    }
}

fn apply_signed<const ODD: bool>(a: &mut [u64], b: &mut [u64], m: &Matrix) {
    debug_assert_eq!(a.len(), b.len());
    let (x0, y0, x1, y1) = (u128::from(m.x0), u128::from(m.y0), u128::from(m.x1), u128::from(m.y1));
    // Four running carries of the four products, and a borrow per output.
    let (mut cxa, mut cyb, mut cxa1, mut cyb1) = (0u64, 0u64, 0u64, 0u64);
    let (mut bra, mut brb) = (false, false);
    for (ai, bi) in a.iter_mut().zip(b.iter_mut()) {
        let (av, bv) = (u128::from(*ai), u128::from(*bi));
        let p = x0 * av + u128::from(cxa);
        cxa = (p >> 64) as u64;
        let q = y0 * bv + u128::from(cyb);
        cyb = (q >> 64) as u64;
        let p1 = x1 * av + u128::from(cxa1);
        cxa1 = (p1 >> 64) as u64;
        let q1 = y1 * bv + u128::from(cyb1);
        cyb1 = (q1 >> 64) as u64;
        // Even: a' = x0 a - y0 b, b' = y1 b - x1 a. Odd: the opposite signs.
        let (pa, na, pb, nb) = if ODD {
            (q as u64, p as u64, p1 as u64, q1 as u64)
        } else {
            (p as u64, q as u64, q1 as u64, p1 as u64)
        };
        let (d, b1) = pa.overflowing_sub(na);
        let (d, b2) = d.overflowing_sub(bra as u64);
        bra = b1 | b2;
        *ai = d;
        let (d, b1) = pb.overflowing_sub(nb);
        let (d, b2) = d.overflowing_sub(brb as u64);
        brb = b1 | b2;
        *bi = d;
    }
    debug_assert!({
        let (ha, hb) = if ODD { (cyb, cxa) } else { (cxa, cyb) };
        let (ka, kb) = if ODD { (cxa1, cyb1) } else { (cyb1, cxa1) };
        ha.wrapping_sub(hb).wrapping_sub(bra as u64) == 0
            && ka.wrapping_sub(kb).wrapping_sub(brb as u64) == 0
    });
}
