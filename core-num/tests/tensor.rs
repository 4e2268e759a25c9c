//! The tensor functions at every available level against `std`'s scalar functions: ULP
//! distance on dense samples and special values, exactness where the operation is exact,
//! every length from 0 to 300 at misaligned starts, aliasing (`_in_place`), errors.

use core_num::tensor::{self, Backend, MidpointRounding, TensorError};
use proptest::prelude::*;
use std::ops::Neg;

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = self.0;
        let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Distance in units in the last place: the number of representable values between the two
/// (0 for two NaNs, `u64::MAX` for NaN against a number).
trait Ulp: Copy + PartialEq + std::fmt::Debug {
    fn ordered(self) -> i128;
    fn is_nan_(self) -> bool;
    fn is_zero(self) -> bool;
    fn bits(self) -> u64;
    fn ulps(self, o: Self) -> u64 {
        match (self.is_nan_(), o.is_nan_()) {
            (true, true) => 0,
            (false, false) if self.is_zero() || o.is_zero() => {
                // Zeros must match exactly, sign included.
                if self.bits() == o.bits() {
                    0
                } else {
                    (self.ordered() - o.ordered()).unsigned_abs().max(1) as u64
                }
            }
            (false, false) => (self.ordered() - o.ordered()).unsigned_abs() as u64,
            _ => u64::MAX,
        }
    }
}
impl Ulp for f32 {
    fn ordered(self) -> i128 {
        let b = self.to_bits() as i32;
        (if b < 0 { i32::MIN - b } else { b }) as i128
    }
    fn is_nan_(self) -> bool {
        self.is_nan()
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn bits(self) -> u64 {
        self.to_bits() as u64
    }
}
impl Ulp for f64 {
    fn ordered(self) -> i128 {
        let b = self.to_bits() as i64;
        (if b < 0 { i64::MIN - b } else { b }) as i128
    }
    fn is_nan_(self) -> bool {
        self.is_nan()
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

const SPECIAL: [f64; 26] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    f64::MIN_POSITIVE,
    5e-324,
    -5e-324,
    1e-310,
    f64::MAX,
    f64::MIN,
    709.78,
    709.7827128933841,
    -745.1,
    -745.2,
    1e-9,
    -3e-20,
    20.0,
    -19.5,
    1.0000000000000002,
    0.9999999999999999,
];

/// Inputs for a function: specials, dense uniform samples of `[lo, hi]`, random bit patterns.
fn samples(rng: &mut Rng, lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let mut v: Vec<f64> = SPECIAL.to_vec();
    for _ in 0..n {
        v.push(lo + (hi - lo) * rng.unit());
    }
    for _ in 0..n / 8 {
        v.push(f64::from_bits(rng.next()));
    }
    // Small magnitudes too, where relative accuracy is hardest.
    for _ in 0..n / 8 {
        v.push((rng.unit() - 0.5) * 1e-6);
    }
    v
}

type Unary<T> = fn(Backend, &[T], &mut [T]) -> Result<(), TensorError>;

struct Case {
    name: &'static str,
    lo: f64,
    hi: f64,
    ours32: Unary<f32>,
    ours64: Unary<f64>,
    std64: fn(f64) -> f64,
    /// The tested bound for `f64` (the documented one).
    ulp64: u64,
}

fn sigmoid(x: f64) -> f64 {
    if x < 0.0 {
        let e = x.exp();
        e / (1.0 + e)
    } else {
        1.0 / (1.0 + (-x).exp())
    }
}

fn cases() -> Vec<Case> {
    macro_rules! case {
        ($name:ident, $lo:expr, $hi:expr, $std:expr, $ulp:expr) => {
            Case {
                name: stringify!($name),
                lo: $lo,
                hi: $hi,
                ours32: |b, x, o| b.$name(x, o),
                ours64: |b, x, o| b.$name(x, o),
                std64: $std,
                ulp64: $ulp,
            }
        };
    }
    vec![
        case!(exp, -750.0, 712.0, f64::exp, 1),
        case!(exp2, -1080.0, 1030.0, f64::exp2, 1),
        case!(ln, 0.0, 1e6, f64::ln, 2),
        case!(log2, 0.0, 4.0, f64::log2, 2),
        case!(tanh, -25.0, 25.0, f64::tanh, 3),
        case!(sigmoid, -760.0, 60.0, sigmoid, 4),
        case!(sinh, -712.0, 712.0, f64::sinh, 3),
        case!(cosh, -712.0, 712.0, f64::cosh, 3),
        case!(asin, -1.05, 1.05, f64::asin, 2),
        case!(acos, -1.05, 1.05, f64::acos, 2),
        case!(atan, -30.0, 30.0, f64::atan, 2),
        case!(sin, -10.0, 10.0, f64::sin, 2),
        case!(cos, -10.0, 10.0, f64::cos, 2),
        case!(tan, -10.0, 10.0, f64::tan, 3),
    ]
}

#[test]
fn transcendental_accuracy_at_every_level() {
    let mut report = String::new();
    for case in cases() {
        let mut rng = Rng(case.name.len() as u64);
        let x64 = samples(&mut rng, case.lo, case.hi, 40_000);
        let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
        let want64: Vec<f64> = x64.iter().map(|&v| (case.std64)(v)).collect();
        let want32: Vec<f32> = x32.iter().map(|&v| (case.std64)(v as f64) as f32).collect();
        for b in Backend::all() {
            let mut out64 = vec![0.0; x64.len()];
            (case.ours64)(b, &x64, &mut out64).unwrap();
            let mut worst = (0, 0.0);
            for i in 0..x64.len() {
                let d = out64[i].ulps(want64[i]);
                assert!(
                    d <= case.ulp64,
                    "{} f64 {b:?} at {:e} ({:#x}): {:e} vs std {:e} ({d} ulp)",
                    case.name,
                    x64[i],
                    x64[i].to_bits(),
                    out64[i],
                    want64[i]
                );
                if d > worst.0 {
                    worst = (d, x64[i]);
                }
            }
            let mut out32 = vec![0.0; x32.len()];
            (case.ours32)(b, &x32, &mut out32).unwrap();
            for i in 0..x32.len() {
                let d = out32[i].ulps(want32[i]);
                assert!(
                    d <= 1,
                    "{} f32 {b:?} at {:e}: {:e} vs {:e} ({d} ulp)",
                    case.name,
                    x32[i],
                    out32[i],
                    want32[i]
                );
            }
            report += &format!("{} {b:?}: f64 worst {} ulp at {:e}\n", case.name, worst.0, worst.1);
        }
    }
    eprintln!("{report}");
}

#[test]
fn atan2_accuracy_and_quadrants() {
    let mut rng = Rng(5);
    let mut ys = Vec::new();
    let mut xs = Vec::new();
    for &a in &SPECIAL {
        for &b in &SPECIAL {
            ys.push(a);
            xs.push(b);
        }
    }
    for _ in 0..40_000 {
        ys.push((rng.unit() - 0.5) * 10f64.powi((rng.next() % 20) as i32 - 10));
        xs.push((rng.unit() - 0.5) * 10f64.powi((rng.next() % 20) as i32 - 10));
    }
    for b in Backend::all() {
        let mut out = vec![0.0; ys.len()];
        b.atan2(&ys, &xs, &mut out).unwrap();
        for i in 0..ys.len() {
            let want = ys[i].atan2(xs[i]);
            assert!(
                out[i].ulps(want) <= 2,
                "atan2({:e}, {:e}) {b:?}: {:e} vs {want:e}",
                ys[i],
                xs[i],
                out[i]
            );
        }
        let y32: Vec<f32> = ys.iter().map(|&v| v as f32).collect();
        let x32: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
        let mut out = vec![0.0f32; ys.len()];
        b.atan2(&y32, &x32, &mut out).unwrap();
        for i in 0..ys.len() {
            let want = (y32[i] as f64).atan2(x32[i] as f64) as f32;
            assert!(out[i].ulps(want) <= 1, "atan2 f32({:e}, {:e}) {b:?}", y32[i], x32[i]);
        }
    }
}

/// `sin`, `cos`, `tan` on every scale of argument: the vector reduction up to `2^22`, the exact
/// one (Payne–Hanek) beyond, up to `f64::MAX`, and the doubles closest to multiples of `pi/2`.
#[test]
fn trig_accuracy_at_every_scale() {
    let mut rng = Rng(77);
    let mut x64: Vec<f64> = SPECIAL.to_vec();
    for e in -30..1024 {
        for _ in 0..40 {
            let v = (1.0 + rng.unit()) * 2f64.powi(e);
            x64.push(if rng.next() & 1 == 0 { v } else { -v });
        }
    }
    // Near multiples of pi/2 (the hard cases for the reduction) and near the vector limit.
    for k in 1..2000u64 {
        let m = (k * 1_000_003 % 5_000_000) as f64 * core::f64::consts::FRAC_PI_2;
        x64.extend([m, m.next_up(), m.next_down()]);
    }
    for v in [4_194_304.0f64, 4_194_304.0f64.next_down(), 4_194_304.0f64.next_up(), 1e22, 1e300] {
        x64.extend([v, -v]);
    }
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    type F<T> = fn(Backend, &[T], &mut [T]) -> Result<(), TensorError>;
    type Trig = (&'static str, F<f64>, F<f32>, fn(f64) -> f64, u64);
    let fns: [Trig; 3] = [
        ("sin", |b, x, o| b.sin(x, o), |b, x, o| b.sin(x, o), f64::sin, 2),
        ("cos", |b, x, o| b.cos(x, o), |b, x, o| b.cos(x, o), f64::cos, 2),
        ("tan", |b, x, o| b.tan(x, o), |b, x, o| b.tan(x, o), f64::tan, 3),
    ];
    let mut report = String::new();
    for (name, ours64, ours32, std, bound) in fns {
        for b in Backend::all() {
            let mut out = vec![0.0; x64.len()];
            ours64(b, &x64, &mut out).unwrap();
            let mut worst = 0;
            for i in 0..x64.len() {
                let d = out[i].ulps(std(x64[i]));
                worst = worst.max(d);
                assert!(
                    d <= bound,
                    "{name} f64 {b:?} at {:e} ({:#x}): {:e} vs {:e} ({d} ulp)",
                    x64[i],
                    x64[i].to_bits(),
                    out[i],
                    std(x64[i])
                );
            }
            let mut out = vec![0.0f32; x32.len()];
            ours32(b, &x32, &mut out).unwrap();
            for i in 0..x32.len() {
                let want = std(x32[i] as f64) as f32;
                assert!(out[i].ulps(want) <= 1, "{name} f32 {b:?} at {:e}", x32[i]);
            }
            report += &format!("{name} {b:?}: f64 worst {worst} ulp\n");
        }
    }
    eprintln!("{report}");
    // 6381956970095103 * 2^797 is the double closest to a multiple of pi/2 (about 2^-61
    // relative). The platform's libm is 8 ulp off on its cosine; the correctly rounded values
    // (mpmath at 400 digits) are these.
    let worst = [6381956970095103.0 * 2f64.powi(797)];
    for b in Backend::all() {
        let mut out = [0.0];
        b.sin(&worst, &mut out).unwrap();
        assert_eq!(out[0], 1.0, "{b:?}");
        b.cos(&worst, &mut out).unwrap();
        assert!(out[0].ulps(-4.687165924254628e-19) <= 1, "{b:?}: {:e}", out[0]);
        b.tan(&worst, &mut out).unwrap();
        assert!(out[0].ulps(-2.133485385753704e18) <= 2, "{b:?}: {:e}", out[0]);
    }
}

/// `pow` against `f64::powf`: the special cases on a grid of special values, dense samples of
/// ordinary arguments, results near overflow and underflow, negative bases with integral
/// exponents, bases next to 1 with large exponents.
#[test]
fn pow_accuracy_and_special_cases() {
    let mut rng = Rng(91);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let extra = [3.0, -3.0, 0.5, -0.5, 1e300, -7.0, 4.5, f64::MAX];
    for &a in SPECIAL.iter().chain(&extra) {
        for &b in SPECIAL.iter().chain(&extra) {
            xs.push(a);
            ys.push(b);
        }
    }
    for _ in 0..40_000 {
        // Ordinary: x in (0, 100), y in (-40, 40).
        xs.push(rng.unit() * 100.0);
        ys.push((rng.unit() - 0.5) * 80.0);
        // Results across the whole range (|y ln x| up to about 750).
        let x = 2f64.powf((rng.unit() - 0.5) * 60.0);
        xs.push(x);
        ys.push((rng.unit() - 0.5) * 1500.0 / x.ln().abs().max(1e-3));
        // x next to 1, large y.
        xs.push(1.0 + (rng.unit() - 0.5) * 1e-9);
        ys.push((rng.unit() - 0.5) * 1e12);
        // Negative x, integral y (odd and even).
        xs.push(-rng.unit() * 10.0);
        ys.push(((rng.unit() - 0.5) * 100.0).round());
        // Subnormal x.
        xs.push(f64::from_bits(rng.next() % (1 << 52)));
        ys.push(rng.unit() * 0.9);
    }
    let mut report = String::new();
    for b in Backend::all() {
        let mut out = vec![0.0; xs.len()];
        b.pow(&xs, &ys, &mut out).unwrap();
        let mut worst = 0;
        for i in 0..xs.len() {
            let want = xs[i].powf(ys[i]);
            let d = out[i].ulps(want);
            worst = worst.max(d);
            assert!(
                d <= 2,
                "pow f64 {b:?}({:e}, {:e}): {:e} vs {want:e} ({d} ulp)",
                xs[i],
                ys[i],
                out[i]
            );
        }
        report += &format!("pow {b:?}: f64 worst {worst} ulp\n");
        let x32: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
        let y32: Vec<f32> = ys.iter().map(|&v| v as f32).collect();
        let mut out = vec![0.0f32; xs.len()];
        b.pow(&x32, &y32, &mut out).unwrap();
        for i in 0..xs.len() {
            let want = (x32[i] as f64).powf(y32[i] as f64) as f32;
            assert!(
                out[i].ulps(want) <= 1,
                "pow f32 {b:?}({:e}, {:e}): {:e} vs {want:e}",
                x32[i],
                y32[i],
                out[i]
            );
        }
    }
    eprintln!("{report}");
}

/// Values that exercise rounding: halves, near-halves, big integers, specials.
fn rounding_inputs(rng: &mut Rng) -> Vec<f64> {
    let mut v = SPECIAL.to_vec();
    for k in -40..40 {
        v.push(k as f64 * 0.5);
        v.push(k as f64 * 0.125 + 1e-3);
        v.push(k as f64 * 0.005);
    }
    for _ in 0..4000 {
        v.push((rng.unit() - 0.5) * 10f64.powi((rng.next() % 36) as i32 - 18));
        v.push(f64::from_bits(rng.next()));
    }
    v.extend([4503599627370495.5, -4503599627370497.0, 8388607.5, 8388608.5, 2.345, 1e17]);
    v
}

/// .NET's `Math.Round(value, digits, mode)` in scalar code.
fn round_ref64(v: f64, digits: u32, mode: MidpointRounding) -> f64 {
    let r = |x: f64| match mode {
        MidpointRounding::ToEven => x.round_ties_even(),
        MidpointRounding::AwayFromZero => x.round(),
        MidpointRounding::ToZero => x.trunc(),
        MidpointRounding::ToNegativeInfinity => x.floor(),
        MidpointRounding::ToPositiveInfinity => x.ceil(),
    };
    if digits == 0 {
        return r(v);
    }
    if v.abs() >= 1e16 || v.is_nan() {
        return v;
    }
    let p = 10f64.powi(digits as i32);
    r(v * p) / p
}

fn round_ref32(v: f32, digits: u32, mode: MidpointRounding) -> f32 {
    let r = |x: f32| match mode {
        MidpointRounding::ToEven => x.round_ties_even(),
        MidpointRounding::AwayFromZero => x.round(),
        MidpointRounding::ToZero => x.trunc(),
        MidpointRounding::ToNegativeInfinity => x.floor(),
        MidpointRounding::ToPositiveInfinity => x.ceil(),
    };
    if digits == 0 {
        return r(v);
    }
    if v.abs() >= 1e8 || v.is_nan() {
        return v;
    }
    let p = 10f32.powi(digits as i32);
    r(v * p) / p
}

const MODES: [MidpointRounding; 5] = [
    MidpointRounding::ToEven,
    MidpointRounding::AwayFromZero,
    MidpointRounding::ToZero,
    MidpointRounding::ToNegativeInfinity,
    MidpointRounding::ToPositiveInfinity,
];

#[test]
fn exact_operations_match_std_bit_for_bit() {
    let mut rng = Rng(11);
    let x = rounding_inputs(&mut rng);
    let y: Vec<f64> = x.iter().rev().copied().collect();
    let z: Vec<f64> = x.iter().map(|v| v * 0.75 - 1.0).collect();
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let y32: Vec<f32> = y.iter().map(|&v| v as f32).collect();
    let z32: Vec<f32> = z.iter().map(|&v| v as f32).collect();
    let n = x.len();
    let same64 = |a: &[f64], f: &dyn Fn(usize) -> f64, what: &str| {
        for i in 0..n {
            let w = f(i);
            assert!(
                a[i].to_bits() == w.to_bits() || (a[i].is_nan() && w.is_nan()),
                "{what} at {i}: x={:e} got {:e} want {w:e}",
                x[i],
                a[i]
            );
        }
    };
    let same32 = |a: &[f32], f: &dyn Fn(usize) -> f32, what: &str| {
        for i in 0..n {
            let w = f(i);
            assert!(
                a[i].to_bits() == w.to_bits() || (a[i].is_nan() && w.is_nan()),
                "{what} at {i}: x={:e} got {:e} want {w:e}",
                x32[i],
                a[i]
            );
        }
    };
    for b in Backend::all() {
        let mut o = vec![0.0f64; n];
        let mut o32 = vec![0.0f32; n];
        macro_rules! unary {
            ($($name:ident => $std:ident;)*) => {$(
                b.$name(&x, &mut o).unwrap();
                same64(&o, &|i| x[i].$std(), &format!("{} f64 {b:?}", stringify!($name)));
                b.$name(&x32, &mut o32).unwrap();
                same32(&o32, &|i| x32[i].$std(), &format!("{} f32 {b:?}", stringify!($name)));
            )*};
        }
        unary! {
            abs => abs;
            neg => neg;
            sqrt => sqrt;
            floor => floor;
            ceil => ceil;
            trunc => trunc;
            bit_increment => next_up;
            bit_decrement => next_down;
        }
        macro_rules! binary {
            ($($name:ident => $op:tt;)*) => {$(
                b.$name(&x, &y, &mut o).unwrap();
                same64(&o, &|i| x[i] $op y[i], &format!("{} {b:?}", stringify!($name)));
                b.$name(&x32, &y32, &mut o32).unwrap();
                same32(&o32, &|i| x32[i] $op y32[i], &format!("{} f32 {b:?}", stringify!($name)));
            )*};
        }
        binary! { add => +; sub => -; mul => *; div => /; }
        b.fma(&x, &y, &z, &mut o).unwrap();
        same64(&o, &|i| x[i].mul_add(y[i], z[i]), &format!("fma {b:?}"));
        b.fma(&x32, &y32, &z32, &mut o32).unwrap();
        same32(&o32, &|i| x32[i].mul_add(y32[i], z32[i]), &format!("fma f32 {b:?}"));
        for mode in MODES {
            for digits in [0, 1, 2, 3, 6, 15] {
                b.round(&x, digits, mode, &mut o).unwrap();
                same64(
                    &o,
                    &|i| round_ref64(x[i], digits, mode),
                    &format!("round {digits} {mode:?} {b:?}"),
                );
                if digits <= 6 {
                    b.round(&x32, digits, mode, &mut o32).unwrap();
                    same32(
                        &o32,
                        &|i| round_ref32(x32[i], digits, mode),
                        &format!("round f32 {digits} {mode:?} {b:?}"),
                    );
                }
            }
        }
    }
}

/// `max`/`min`... by the IEEE 754 rules, in scalar code: the first NaN wins; ties by sign.
fn extreme_ref(x: &[f64], better: impl Fn(f64, f64) -> bool) -> Option<(usize, f64)> {
    if let Some(i) = x.iter().position(|v| v.is_nan()) {
        return Some((i, x[i]));
    }
    let mut best: Option<(usize, f64)> = None;
    for (i, &v) in x.iter().enumerate() {
        match best {
            None => best = Some((i, v)),
            Some((_, b)) if better(v, b) => best = Some((i, v)),
            _ => {}
        }
    }
    best
}

fn check_reductions(b: Backend, x: &[f64], y: &[f64]) {
    let n = x.len();
    let tol = |exact: f64, mag: f64| (exact - mag).abs();
    // Sums against a compensated reference, within n ulps of the sum of magnitudes.
    let exact: f64 = x.iter().sum();
    let mag: f64 = x.iter().map(|v| v.abs()).sum();
    if !mag.is_finite() {
        // Infinities and NaN: the sum is what they make in any order.
        let s = b.sum(x);
        assert!(
            s.to_bits() == exact.to_bits() || (s.is_nan() && exact.is_nan()),
            "sum {b:?} {x:?}"
        );
        return check_extremes(b, x);
    }
    let s = b.sum(x);
    assert!(tol(s, exact) <= mag * n as f64 * f64::EPSILON, "sum {b:?} n={n}");
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let y32: Vec<f32> = y.iter().map(|&v| v as f32).collect();
    let exact32: f64 = x32.iter().map(|&v| v as f64).sum();
    let mag32: f64 = x32.iter().map(|v| v.abs() as f64).sum();
    assert!((b.sum(&x32) as f64 - exact32).abs() <= mag32 * (n + 1) as f64 * f32::EPSILON as f64);
    let dot: f64 = x.iter().zip(y).map(|(a, c)| a * c).sum();
    let dmag: f64 = x.iter().zip(y).map(|(a, c)| (a * c).abs()).sum();
    assert!((b.dot(x, y).unwrap() - dot).abs() <= dmag * (n + 1) as f64 * f64::EPSILON);
    let dot32: f64 = x32.iter().zip(&y32).map(|(&a, &c)| a as f64 * c as f64).sum();
    let dmag32: f64 = x32.iter().zip(&y32).map(|(&a, &c)| (a as f64 * c as f64).abs()).sum();
    assert!(
        (b.dot(&x32, &y32).unwrap() as f64 - dot32).abs()
            <= dmag32 * (n + 1) as f64 * f32::EPSILON as f64 + 1e-30
    );
    let ss: f64 = x.iter().map(|v| v * v).sum();
    assert!((b.norm(x) - ss.sqrt()).abs() <= ss.sqrt() * (n + 2) as f64 * f64::EPSILON);
    let d2: f64 = x.iter().zip(y).map(|(a, c)| (a - c) * (a - c)).sum();
    assert!(
        (b.distance(x, y).unwrap() - d2.sqrt()).abs() <= d2.sqrt() * (n + 2) as f64 * f64::EPSILON
    );
    if n > 0 {
        let yy: f64 = y.iter().map(|v| v * v).sum();
        let cos = dot / (ss.sqrt() * yy.sqrt());
        let got = b.cosine_similarity(x, y).unwrap();
        assert!(
            (got - cos).abs() <= 1e-12 + cos.abs() * 1e-12 || (got.is_nan() && cos.is_nan()),
            "cosine {b:?} {got} {cos}"
        );
        let p: f64 = x.iter().map(|v| 1.0 + v * 1e-3).product();
        let xp: Vec<f64> = x.iter().map(|v| 1.0 + v * 1e-3).collect();
        assert!((b.product(&xp) - p).abs() <= p.abs() * (n + 1) as f64 * f64::EPSILON);
    }
    check_extremes(b, x);
}

fn check_extremes(b: Backend, x: &[f64]) {
    type Better = fn(f64, f64) -> bool;
    let rules: [(&str, Better); 4] = [
        ("max", |v, b| v > b || (v == b && b.is_sign_negative() && !v.is_sign_negative())),
        ("min", |v, b| v < b || (v == b && !b.is_sign_negative() && v.is_sign_negative())),
        ("max_magnitude", |v, b| {
            v.abs() > b.abs()
                || (v.abs() == b.abs() && b < 0.0 && v > 0.0)
                || (v == b && b.is_sign_negative() && !v.is_sign_negative())
        }),
        ("min_magnitude", |v, b| {
            v.abs() < b.abs()
                || (v.abs() == b.abs() && b > 0.0 && v < 0.0)
                || (v == b && !b.is_sign_negative() && v.is_sign_negative())
        }),
    ];
    for (name, rule) in rules {
        let want = extreme_ref(x, rule);
        let (got, idx) = match name {
            "max" => (b.max(x), b.index_of_max(x)),
            "min" => (b.min(x), b.index_of_min(x)),
            "max_magnitude" => (b.max_magnitude(x), b.index_of_max_magnitude(x)),
            _ => (b.min_magnitude(x), b.index_of_min_magnitude(x)),
        };
        assert_eq!(
            got.map(f64::to_bits).filter(|_| !got.unwrap().is_nan()),
            want.map(|w| w.1.to_bits()).filter(|_| !want.unwrap().1.is_nan()),
            "{name} {b:?} {x:?}"
        );
        assert_eq!(idx, want.map(|w| w.0), "index_of_{name} {b:?} {x:?}");
    }
}

#[test]
fn every_length_and_alignment() {
    let mut rng = Rng(3);
    let pool: Vec<f64> = (0..400).map(|_| (rng.unit() - 0.5) * 8.0).collect();
    let pool2: Vec<f64> = (0..400).map(|_| (rng.unit() - 0.5) * 8.0).collect();
    for b in Backend::all() {
        for len in 0..=300 {
            for off in [0, 1, 3] {
                let x = &pool[off..off + len];
                let y = &pool2[off..off + len];
                // Elementwise, out of place and in place.
                let mut out = vec![0.0; len + 2];
                b.exp(x, &mut out[1..len + 1]).unwrap();
                let mut inplace = x.to_vec();
                b.exp_in_place(&mut inplace);
                for i in 0..len {
                    assert!(
                        out[1 + i].ulps(x[i].exp()) <= 1,
                        "exp {b:?} len {len} off {off} at {i}: {} {}",
                        out[1 + i],
                        x[i].exp()
                    );
                    assert_eq!(out[1 + i], inplace[i]);
                }
                assert_eq!((out[0], out[len + 1]), (0.0, 0.0), "wrote outside");
                let mut sum = x.to_vec();
                b.add_in_place(&mut sum, y).unwrap();
                let mut acc = y.to_vec();
                b.fma_in_place(x, y, &mut acc).unwrap();
                for i in 0..len {
                    assert_eq!(sum[i], x[i] + y[i]);
                    assert_eq!(acc[i], x[i].mul_add(y[i], y[i]));
                }
                let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
                let mut t32 = vec![0.0f32; len];
                b.tanh(&x32, &mut t32).unwrap();
                for i in 0..len {
                    assert!(t32[i].ulps((x32[i] as f64).tanh() as f32) <= 1);
                }
                // The transcendental functions with their own loops' shapes: sin (one input,
                // Cody-Waite and, for the scaled copy, Payne-Hanek lanes) and pow (two inputs).
                let big: Vec<f64> = x.iter().map(|v| v * 1e12).collect();
                for src in [x, &big[..]] {
                    let mut s = vec![0.0; len];
                    b.sin(src, &mut s).unwrap();
                    for i in 0..len {
                        assert!(s[i].ulps(src[i].sin()) <= 2, "sin {b:?} len {len} off {off}");
                    }
                }
                let base: Vec<f64> = x.iter().map(|v| v.abs() + 0.25).collect();
                let mut pw = base.clone();
                b.pow_in_place(&mut pw, y).unwrap();
                for i in 0..len {
                    assert!(pw[i].ulps(base[i].powf(y[i])) <= 2, "pow {b:?} len {len} off {off}");
                }
                check_reductions(b, x, y);
                // Softmax sums to one and matches the scalar formula.
                let mut p = vec![0.0; len];
                b.softmax(x, &mut p).unwrap();
                if len > 0 {
                    let m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    let s: f64 = x.iter().map(|v| (v - m).exp()).sum();
                    for i in 0..len {
                        let w = (x[i] - m).exp() / s;
                        assert!((p[i] - w).abs() <= w * 1e-14, "softmax {b:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn extremes_with_nan_and_signed_zeros() {
    let cases: [&[f64]; 6] = [
        &[0.0, -0.0, -0.0],
        &[-0.0, 0.0],
        &[1.0, f64::NAN, 3.0, f64::NAN],
        &[-3.0, 3.0, -3.0],
        &[f64::NEG_INFINITY, f64::NEG_INFINITY],
        &[2.0; 40],
    ];
    for b in Backend::all() {
        for x in cases {
            let mut long = vec![-5.0; 37];
            long.extend_from_slice(x);
            check_reductions(b, x, x);
            check_reductions(b, &long, &long);
        }
        assert_eq!(b.max::<f64>(&[]), None);
        assert_eq!(b.index_of_max::<f32>(&[]), None);
        assert_eq!(b.sum::<f32>(&[]), 0.0);
        assert_eq!(b.product::<f64>(&[]), 1.0);
    }
    assert_eq!(tensor::max(&[0.0f32, -0.0]).map(f32::to_bits), Some(0));
    assert_eq!(tensor::min(&[0.0f32, -0.0]).map(f32::to_bits), Some((-0.0f32).to_bits()));
    assert_eq!(tensor::index_of_max_magnitude(&[-3.0, 2.0, 3.0, -3.0]), Some(2));
    assert_eq!(tensor::index_of_min_magnitude(&[3.0, 2.0, -2.0]), Some(2));
}

#[test]
fn errors_and_their_messages() {
    let mut out = [0.0f64; 2];
    let e = tensor::exp(&[1.0, 2.0, 3.0], &mut out).unwrap_err();
    assert_eq!(e, TensorError::LengthMismatch { expected: 3, actual: 2 });
    assert_eq!(e.to_string(), "slice length mismatch: expected 3 elements, found 2");
    assert_eq!(out, [0.0, 0.0]);
    assert!(tensor::dot(&[1.0f32], &[1.0, 2.0]).is_err());
    assert!(tensor::fma(&[1.0f32], &[1.0], &[1.0, 2.0], &mut [0.0]).is_err());
    let e = tensor::round(&[1.0f32], 7, MidpointRounding::ToEven, &mut [0.0]).unwrap_err();
    assert_eq!(e, TensorError::DigitsOutOfRange { digits: 7, max: 6 });
    assert_eq!(e.to_string(), "cannot round to 7 decimal digits: at most 6");
    assert!(tensor::round_in_place(&mut [1.0f64], 16, MidpointRounding::ToZero).is_err());
    assert!(tensor::round_in_place(&mut [1.0f64], 15, MidpointRounding::ToZero).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_slices_at_every_level(x in prop::collection::vec(-50.0f64..50.0, 0..200), d in 0u32..4) {
        for b in Backend::all() {
            let mut o = vec![0.0; x.len()];
            b.ln(&x, &mut o).unwrap();
            for i in 0..x.len() {
                prop_assert!(o[i].ulps(x[i].ln()) <= 2);
            }
            let unit: Vec<f64> = x.iter().map(|v| v / 50.0).collect();
            b.asin(&unit, &mut o).unwrap();
            for i in 0..x.len() {
                prop_assert!(o[i].ulps(unit[i].asin()) <= 2);
            }
            b.round(&x, d, MidpointRounding::AwayFromZero, &mut o).unwrap();
            for i in 0..x.len() {
                prop_assert_eq!(o[i], round_ref64(x[i], d, MidpointRounding::AwayFromZero));
            }
        }
    }
}

/// The `f32` forms that use shorter polynomials than the `f64` ones, on every 1,021st bit
/// pattern of the whole `f32` range.
#[test]
fn f32_sweep_of_the_short_polynomials() {
    let x: Vec<f32> = (0..=u32::MAX / 1021).map(|i| f32::from_bits(i * 1021)).collect();
    let mut out = vec![0.0f32; x.len()];
    type F = fn(Backend, &[f32], &mut [f32]) -> Result<(), TensorError>;
    type Case = (&'static str, F, fn(f64) -> f64);
    let fns: [Case; 6] = [
        ("exp", |b, x, o| b.exp(x, o), f64::exp),
        ("ln", |b, x, o| b.ln(x, o), f64::ln),
        ("asin", |b, x, o| b.asin(x, o), f64::asin),
        ("sin", |b, x, o| b.sin(x, o), f64::sin),
        ("cos", |b, x, o| b.cos(x, o), f64::cos),
        ("tan", |b, x, o| b.tan(x, o), f64::tan),
    ];
    for (name, ours, std) in fns {
        for b in Backend::all() {
            ours(b, &x, &mut out).unwrap();
            for i in 0..x.len() {
                let want = std(x[i] as f64) as f32;
                assert!(
                    out[i].ulps(want) <= 1,
                    "{name} {b:?} at {:e}: {:e} vs {want:e}",
                    x[i],
                    out[i]
                );
            }
        }
    }
}

/// The f16 and bf16 reductions at every level, every length 0..=300 at misaligned starts,
/// against an `f64` reference over the same (exactly widened) values: the error stays within
/// the bound of an `f32` sum of that many terms.
#[test]
fn half_reductions_at_every_level() {
    use core_num::{bf16, f16};
    let mut rng = Rng(16);
    let pool: Vec<f32> = (0..700).map(|_| ((rng.unit() - 0.5) * 8.0) as f32).collect();
    let xf: Vec<f16> = pool[..350].iter().map(|&v| f16::from_f32(v)).collect();
    let yf: Vec<f16> = pool[350..].iter().map(|&v| f16::from_f32(v)).collect();
    let xb: Vec<bf16> = pool[..350].iter().map(|&v| bf16::from_f32(v)).collect();
    let yb: Vec<bf16> = pool[350..].iter().map(|&v| bf16::from_f32(v)).collect();
    fn close(got: f32, want: f64, scale: f64, n: usize, what: &str) {
        let tol = (n as f64 + 2.0) * f32::EPSILON as f64 * scale + 1e-30;
        assert!((got as f64 - want).abs() <= tol, "{what}: {got} vs {want} (n {n})");
    }
    fn check(b: Backend, x: &[f64], y: &[f64], got: [f32; 6], what: &str) {
        let n = x.len();
        let dot: f64 = x.iter().zip(y).map(|(a, b)| a * b).sum();
        let abs_dot: f64 = x.iter().zip(y).map(|(a, b)| (a * b).abs()).sum();
        let xx: f64 = x.iter().map(|a| a * a).sum();
        let yy: f64 = y.iter().map(|a| a * a).sum();
        let sum: f64 = x.iter().sum();
        let abs_sum: f64 = x.iter().map(|a| a.abs()).sum();
        let d2: f64 = x.iter().zip(y).map(|(a, b)| (a - b) * (a - b)).sum();
        let what = format!("{what} {b:?}");
        close(got[0], sum, abs_sum, n, &format!("{what} sum"));
        close(got[1], xx, xx, n, &format!("{what} sum_of_squares"));
        close(got[2], dot, abs_dot, n, &format!("{what} dot"));
        close(got[3], d2.sqrt(), d2.sqrt(), n, &format!("{what} distance"));
        if n > 0 {
            let cos = dot / (xx.sqrt() * yy.sqrt());
            close(got[4], cos, abs_dot / (xx.sqrt() * yy.sqrt()), n, &format!("{what} cosine"));
        } else {
            assert!(got[4].is_nan(), "{what}: cosine of empty slices");
        }
        close(got[5], xx.sqrt(), xx.sqrt(), n, &format!("{what} norm"));
    }
    for b in Backend::all() {
        for len in 0..=300 {
            for off in [0, 1, 3] {
                let (x, y) = (&xf[off..off + len], &yf[off..off + len]);
                let got = [
                    b.sum_half(x),
                    b.sum_of_squares_half(x),
                    b.dot_half(x, y).unwrap(),
                    b.distance_half(x, y).unwrap(),
                    b.cosine_similarity_half(x, y).unwrap(),
                    b.norm_half(x),
                ];
                let wx: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
                let wy: Vec<f64> = y.iter().map(|v| v.to_f64()).collect();
                check(b, &wx, &wy, got, "f16");
                let (x, y) = (&xb[off..off + len], &yb[off..off + len]);
                let got = [
                    b.sum_half(x),
                    b.sum_of_squares_half(x),
                    b.dot_half(x, y).unwrap(),
                    b.distance_half(x, y).unwrap(),
                    b.cosine_similarity_half(x, y).unwrap(),
                    b.norm_half(x),
                ];
                let wx: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
                let wy: Vec<f64> = y.iter().map(|v| v.to_f64()).collect();
                check(b, &wx, &wy, got, "bf16");
            }
        }
        // Every f16 bit pattern goes through the widening loads: NaN and infinity propagate,
        // subnormals count at their value.
        let mut block = [f16::ZERO; 64];
        let mut block_b = [bf16::ZERO; 64];
        for bits in 0..=u16::MAX {
            // In the main loop's first vector, and alone in the tail.
            block[0] = f16::from_bits(bits);
            block_b[0] = bf16::from_bits(bits);
            for (got, want) in [
                (b.sum_half(&block), block[0].to_f32()),
                (b.sum_half(&block[..1]), block[0].to_f32()),
                (b.sum_half(&block_b), block_b[0].to_f32()),
                (b.sum_half(&block_b[..1]), block_b[0].to_f32()),
            ] {
                assert!(got == want || (got.is_nan() && want.is_nan()), "{b:?} {bits:#x}");
            }
        }
        let tiny = [f16::from_bits(1); 40];
        assert_eq!(b.sum_half(&tiny), 40.0 * f16::from_bits(1).to_f32(), "{b:?}");
        let all_b: Vec<bf16> = (0..=u16::MAX).map(bf16::from_bits).collect();
        let sq = b.sum_of_squares_half(&all_b[..0x7f80]);
        assert!(sq.is_infinite(), "{b:?}: the squares of large bf16 overflow f32");
        assert!(b.dot_half(&all_b, &all_b).unwrap().is_nan(), "{b:?}");
        // Mismatched lengths are errors.
        let err = b.dot_half(&xf[..3], &yf[..2]).unwrap_err();
        assert_eq!(err, TensorError::LengthMismatch { expected: 3, actual: 2 });
        assert!(b.distance_half(&xb[..1], &yb[..0]).is_err());
        assert!(b.cosine_similarity_half(&xb[..0], &yb[..1]).is_err());
    }
}

/// `map_half` runs an `f32` function over f16 and bf16 blocks: every length across the block
/// boundary, each result the f16 (bf16) rounding of the `f32` function's, within one ulp of
/// the correctly rounded value.
#[test]
fn map_half_through_f32() {
    use core_num::{bf16, f16};
    let mut rng = Rng(17);
    let src: Vec<f32> = (0..700).map(|_| ((rng.unit() - 0.5) * 10.0) as f32).collect();
    let xf: Vec<f16> = src.iter().map(|&v| f16::from_f32(v)).collect();
    let xb: Vec<bf16> = src.iter().map(|&v| bf16::from_f32(v)).collect();
    for b in Backend::all() {
        for len in [0, 1, 7, 255, 256, 257, 511, 700] {
            let mut out = vec![f16::ZERO; len];
            b.map_half(&xf[..len], &mut out, |x, o| b.exp(x, o)).unwrap();
            for i in 0..len {
                let want = f16::from_f64(xf[i].to_f64().exp());
                let d = (out[i].to_bits() as i32 - want.to_bits() as i32).abs();
                assert!(d <= 1, "{b:?} exp f16 {}: {} vs {}", xf[i], out[i], want);
            }
            let mut out = vec![bf16::ZERO; len];
            b.map_half(&xb[..len], &mut out, |x, o| b.sin(x, o)).unwrap();
            for i in 0..len {
                let want = bf16::from_f64(xb[i].to_f64().sin());
                let d = (out[i].to_bits() as i32 - want.to_bits() as i32).abs();
                assert!(d <= 1, "{b:?} sin bf16 {}: {} vs {}", xb[i], out[i], want);
            }
        }
        let mut out = [f16::ZERO; 2];
        assert!(b.map_half(&xf[..3], &mut out, |x, o| b.exp(x, o)).is_err());
        // An error of the function comes back.
        let e = b.map_half(&xf[..2], &mut out, |x, o| b.add(x, &[1.0], o)).unwrap_err();
        assert_eq!(e, TensorError::LengthMismatch { expected: 2, actual: 1 });
    }
}
