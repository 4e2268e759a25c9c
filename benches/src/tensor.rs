//! The `core-num` tensor cases: slice math beside plain `std` loops, `wide` (compile-time
//! SIMD, here at the x86-64 baseline a default build gets) and SimSIMD (C kernels with their
//! own runtime dispatch) for the distance functions.
//!
//! Case names are `core-num/tensor/<operation>/<input>`. The seed cases (`AsinFloat`,
//! `AsinDouble`, `BitIncrementFloat`, `BitIncrementDouble`, `RoundZero`) use the seed's length
//! and value patterns; the rest run on 4,096 elements. Functions may differ in the last bits,
//! so the check compares a digest: the sum of the finite results to a few digits and the count
//! of each non-finite kind.

use crate::case::{Case, Function, Role, Seed};
use crate::corpus::Rng;
use core_num::tensor::{self, MidpointRounding};
use simsimd::SpatialSimilarity;
use std::rc::Rc;
use wide::{f32x8, f64x4};

const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };
const LEN: usize = 4096;

/// The digest of a result: the sum of its finite values (a few significant digits) and the
/// number of NaN and infinite values.
fn digest<T: Copy + Into<f64>>(v: &[T]) -> String {
    let (mut sum, mut abs, mut nan, mut inf) = (0.0f64, 0.0f64, 0, 0);
    for &x in v {
        let x: f64 = x.into();
        if x.is_nan() {
            nan += 1;
        } else if x.is_infinite() {
            inf += 1;
        } else {
            sum += x;
            abs += x.abs();
        }
    }
    format!("sum {:.2e} |sum| {:.2e} nan {nan} inf {inf}", sum + 0.0, abs)
}

/// The digest of one value.
fn digest1(x: f64) -> String {
    format!("{x:.3e}")
}

fn uniform(len: usize, lo: f64, hi: f64, seed: u64) -> Vec<f64> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| lo + (hi - lo) * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64).collect()
}

fn to_f32(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}

/// An elementwise function: input and output buffer; `f` maps one into the other.
fn map<T>(name: &'static str, role: Role, x: &Rc<Vec<T>>, f: fn(&[T], &mut [T])) -> Function
where
    T: Copy + Default + Into<f64> + 'static,
{
    let state = (x.clone(), vec![T::default(); x.len()]);
    Function::with_digest(name, role, state, move |(x, out)| f(x, out), |(_, out)| digest(out))
}

/// A reduction to one value.
fn reduce<S: Clone + 'static>(name: &'static str, role: Role, s: S, f: fn(&S) -> f64) -> Function {
    Function::with_digest(name, role, (s, 0.0), move |(s, r)| *r = f(s), |(_, r)| digest1(*r))
}

/// A reduction of halves to one value, compared to one significant digit: SimSIMD's half
/// kernels on this AVX-512 FP16 machine lose precision (its f16 dot of these 4,096 values is
/// -26.53, the exact one -26.585 and ours -26.58543; its bf16 distance 52.499, exact 52.5895,
/// ours 52.589546), so its results agree with an exact-widening `f32` sum only roughly.
fn reduce_half<S: Clone + 'static>(
    name: &'static str,
    role: Role,
    s: S,
    f: fn(&S) -> f64,
) -> Function {
    Function::with_digest(
        name,
        role,
        (s, 0.0),
        move |(s, r)| *r = f(s),
        |(_, r)| format!("{:.0e}", *r),
    )
}

fn case(op: &'static str, input: &str, seed: Option<Seed>, functions: Vec<Function>) -> Case {
    Case { op, input: input.into(), bytes: None, size: None, seed, functions }
}

/// `f` on every lane of `x` through `wide`'s eight `f32` lanes (a scalar loop on the tail).
fn wide32(x: &[f32], out: &mut [f32], f: fn(f32x8) -> f32x8) {
    let (xc, xt) = x.as_chunks::<8>();
    let (oc, ot) = out.as_chunks_mut::<8>();
    for (a, o) in xc.iter().zip(oc) {
        *o = f(f32x8::new(*a)).to_array();
    }
    for (a, o) in xt.iter().zip(ot) {
        *o = f(f32x8::splat(*a)).to_array()[0];
    }
}

/// `f` on every lane of `x` through `wide`'s four `f64` lanes.
fn wide64(x: &[f64], out: &mut [f64], f: fn(f64x4) -> f64x4) {
    let (xc, xt) = x.as_chunks::<4>();
    let (oc, ot) = out.as_chunks_mut::<4>();
    for (a, o) in xc.iter().zip(oc) {
        *o = f(f64x4::new(*a)).to_array();
    }
    for (a, o) in xt.iter().zip(ot) {
        *o = f(f64x4::splat(*a)).to_array()[0];
    }
}

/// A two-input elementwise function.
fn map2<T>(
    name: &'static str,
    role: Role,
    xy: &Rc<(Vec<T>, Vec<T>)>,
    f: fn(&[T], &[T], &mut [T]),
) -> Function
where
    T: Copy + Default + Into<f64> + 'static,
{
    let state = (xy.clone(), vec![T::default(); xy.0.len()]);
    Function::with_digest(
        name,
        role,
        state,
        move |(xy, out)| f(&xy.0, &xy.1, out),
        |(_, out)| digest(out),
    )
}

/// `f` on every pair of lanes through `wide`'s eight `f32` lanes.
fn wide32_2(x: &[f32], y: &[f32], out: &mut [f32], f: fn(f32x8, f32x8) -> f32x8) {
    let (xc, xt) = x.as_chunks::<8>();
    let (yc, yt) = y.as_chunks::<8>();
    let (oc, ot) = out.as_chunks_mut::<8>();
    for ((a, b), o) in xc.iter().zip(yc).zip(oc) {
        *o = f(f32x8::new(*a), f32x8::new(*b)).to_array();
    }
    for ((a, b), o) in xt.iter().zip(yt).zip(ot) {
        *o = f(f32x8::splat(*a), f32x8::splat(*b)).to_array()[0];
    }
}

/// `f` on every pair of lanes through `wide`'s four `f64` lanes.
fn wide64_2(x: &[f64], y: &[f64], out: &mut [f64], f: fn(f64x4, f64x4) -> f64x4) {
    let (xc, xt) = x.as_chunks::<4>();
    let (yc, yt) = y.as_chunks::<4>();
    let (oc, ot) = out.as_chunks_mut::<4>();
    for ((a, b), o) in xc.iter().zip(yc).zip(oc) {
        *o = f(f64x4::new(*a), f64x4::new(*b)).to_array();
    }
    for ((a, b), o) in xt.iter().zip(yt).zip(ot) {
        *o = f(f64x4::splat(*a), f64x4::splat(*b)).to_array()[0];
    }
}

/// sin, cos, tan and pow at 4,096 in both widths, beside `std` loops and `wide`.
fn trig_and_pow(all: &mut Vec<Case>) {
    let tx = uniform(LEN, -10.0, 10.0, 12);
    let t32 = Rc::new(to_f32(&tx));
    let t64 = Rc::new(tx);
    macro_rules! trig {
        ($name:literal, $f:ident, $wide:expr, $wide64:expr) => {
            all.push(case(
                concat!("core-num/tensor/", $name),
                "f32/4096",
                None,
                vec![
                    map("core", OURS, &t32, |x, o| tensor::$f(x, o).unwrap()),
                    map("std", VS, &t32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.$f())),
                    map("wide", VS, &t32, |x, o| wide32(x, o, $wide)),
                ],
            ));
            all.push(case(
                concat!("core-num/tensor/", $name),
                "f64/4096",
                None,
                vec![
                    map("core", OURS, &t64, |x, o| tensor::$f(x, o).unwrap()),
                    map("std", VS, &t64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.$f())),
                    map("wide", VS, &t64, |x, o| wide64(x, o, $wide64)),
                ],
            ));
        };
    }
    trig!("sin", sin, |v| v.sin_cos().0, |v| v.sin_cos().0);
    trig!("cos", cos, |v| v.sin_cos().1, |v| v.sin_cos().1);
    trig!(
        "tan",
        tan,
        |v| {
            let (s, c) = v.sin_cos();
            s / c
        },
        |v| {
            let (s, c) = v.sin_cos();
            s / c
        }
    );
    let px = uniform(LEN, 0.01, 10.0, 13);
    let py = uniform(LEN, -8.0, 8.0, 14);
    let p32 = Rc::new((to_f32(&px), to_f32(&py)));
    let p64 = Rc::new((px, py));
    all.push(case(
        "core-num/tensor/pow",
        "f32/4096",
        None,
        vec![
            map2("core", OURS, &p32, |x, y, o| tensor::pow(x, y, o).unwrap()),
            map2("std", VS, &p32, |x, y, o| {
                x.iter().zip(y).zip(o).for_each(|((a, b), c)| *c = a.powf(*b))
            }),
            map2("wide", VS, &p32, |x, y, o| wide32_2(x, y, o, f32x8::powf_simd)),
        ],
    ));
    all.push(case(
        "core-num/tensor/pow",
        "f64/4096",
        None,
        vec![
            map2("core", OURS, &p64, |x, y, o| tensor::pow(x, y, o).unwrap()),
            map2("std", VS, &p64, |x, y, o| {
                x.iter().zip(y).zip(o).for_each(|((a, b), c)| *c = a.powf(*b))
            }),
            map2("wide", VS, &p64, |x, y, o| wide64_2(x, y, o, f64x4::powf_simd)),
        ],
    ));
}

/// The f16 and bf16 reductions at 4,096 against SimSIMD's (the same bits) and a scalar loop
/// that widens each value (`half`'s `to_f32`).
fn half_reductions(all: &mut Vec<Case>) {
    let a = uniform(LEN, -1.0, 1.0, 15);
    let b = uniform(LEN, -1.0, 1.0, 16);
    macro_rules! kind {
        ($label:literal, $ours:ty, $sims:path, $half:ty) => {{
            let xa: Vec<$ours> = a.iter().map(|&v| <$ours>::from_f64(v)).collect();
            let xb: Vec<$ours> = b.iter().map(|&v| <$ours>::from_f64(v)).collect();
            let sa: Vec<$sims> = xa.iter().map(|v| $sims(v.to_bits())).collect();
            let sb: Vec<$sims> = xb.iter().map(|v| $sims(v.to_bits())).collect();
            let ha: Vec<$half> = xa.iter().map(|v| <$half>::from_bits(v.to_bits())).collect();
            let hb: Vec<$half> = xb.iter().map(|v| <$half>::from_bits(v.to_bits())).collect();
            let ours = Rc::new((xa, xb));
            let sims = Rc::new((sa, sb));
            let halfs = Rc::new((ha, hb));
            all.push(case(
                "core-num/tensor/dot",
                concat!($label, "/4096"),
                None,
                vec![
                    reduce_half("core", OURS, ours.clone(), |p| {
                        tensor::dot_half(&p.0, &p.1).unwrap() as f64
                    }),
                    reduce_half("simsimd", VS, sims.clone(), |p| {
                        SpatialSimilarity::dot(&p.0, &p.1).unwrap()
                    }),
                    reduce_half("half", VS, halfs.clone(), |p| {
                        p.0.iter().zip(&p.1).map(|(x, y)| x.to_f32() * y.to_f32()).sum::<f32>()
                            as f64
                    }),
                ],
            ));
            all.push(case(
                "core-num/tensor/cosine_similarity",
                concat!($label, "/4096"),
                None,
                vec![
                    reduce_half("core", OURS, ours.clone(), |p| {
                        tensor::cosine_similarity_half(&p.0, &p.1).unwrap() as f64
                    }),
                    // SimSIMD returns the cosine distance, 1 - similarity.
                    reduce_half("simsimd", VS, sims.clone(), |p| {
                        1.0 - SpatialSimilarity::cos(&p.0, &p.1).unwrap()
                    }),
                    reduce_half("half", VS, halfs.clone(), |p| {
                        let (mut xy, mut xx, mut yy) = (0.0f32, 0.0f32, 0.0f32);
                        for (x, y) in p.0.iter().zip(&p.1) {
                            let (x, y) = (x.to_f32(), y.to_f32());
                            xy += x * y;
                            xx += x * x;
                            yy += y * y;
                        }
                        (xy / (xx.sqrt() * yy.sqrt())) as f64
                    }),
                ],
            ));
            all.push(case(
                "core-num/tensor/distance",
                concat!($label, "/4096"),
                None,
                vec![
                    reduce_half("core", OURS, ours.clone(), |p| {
                        tensor::distance_half(&p.0, &p.1).unwrap() as f64
                    }),
                    reduce_half("simsimd", VS, sims.clone(), |p| {
                        SpatialSimilarity::l2(&p.0, &p.1).unwrap()
                    }),
                    reduce_half("half", VS, halfs.clone(), |p| {
                        p.0.iter()
                            .zip(&p.1)
                            .map(|(x, y)| (x.to_f32() - y.to_f32()) * (x.to_f32() - y.to_f32()))
                            .sum::<f32>()
                            .sqrt() as f64
                    }),
                ],
            ));
            all.push(case(
                "core-num/tensor/sum",
                concat!($label, "/4096"),
                None,
                vec![
                    reduce_half("core", OURS, ours.clone(), |p| tensor::sum_half(&p.0) as f64),
                    reduce_half("half", VS, halfs.clone(), |p| {
                        p.0.iter().map(|x| x.to_f32()).sum::<f32>() as f64
                    }),
                ],
            ));
        }};
    }
    kind!("f16", core_num::f16, simsimd::f16, half::f16);
    kind!("bf16", core_num::bf16, simsimd::bf16, half::bf16);
}

/// Every tensor case.
pub fn cases() -> Vec<Case> {
    let mut all = Vec::new();
    // Seed NUM-07: 4,096 values uniform in [-1, 1), the doubles the same values widened.
    let unit = uniform(LEN, -1.0, 1.0, 42);
    let (x32, x64) = (
        Rc::new(to_f32(&unit)),
        Rc::new(to_f32(&unit).iter().map(|&v| v as f64).collect::<Vec<_>>()),
    );
    all.push(case(
        "core-num/tensor/asin",
        "AsinFloat",
        Some(Seed { id: "B-NUM-07", net10_ns: 33_720.0, net11_ns: 8_240.0 }),
        vec![
            map("core", OURS, &x32, |x, o| tensor::asin(x, o).unwrap()),
            map("std", VS, &x32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.asin())),
            map("wide", VS, &x32, |x, o| wide32(x, o, f32x8::asin)),
        ],
    ));
    all.push(case(
        "core-num/tensor/asin",
        "AsinDouble",
        Some(Seed { id: "B-NUM-07", net10_ns: 35_800.0, net11_ns: 10_975.0 }),
        vec![
            map("core", OURS, &x64, |x, o| tensor::asin(x, o).unwrap()),
            map("std", VS, &x64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.asin())),
            map("wide", VS, &x64, |x, o| wide64(x, o, f64x4::asin)),
        ],
    ));
    // Seed NUM-08: values by i & 7: 0, -0, +inf, -inf, NaN, then i / 7.
    let pattern: Vec<f64> = (0..LEN)
        .map(|i| match i & 7 {
            0 => 0.0,
            1 => -0.0,
            2 => f64::INFINITY,
            3 => f64::NEG_INFINITY,
            4 => f64::NAN,
            _ => i as f64 / 7.0,
        })
        .collect();
    let (p32, p64) = (Rc::new(to_f32(&pattern)), Rc::new(pattern));
    all.push(case(
        "core-num/tensor/bit_increment",
        "BitIncrementFloat",
        Some(Seed { id: "B-NUM-08", net10_ns: 4_223.0, net11_ns: 1_071.1 }),
        vec![
            map("core", OURS, &p32, |x, o| tensor::bit_increment(x, o).unwrap()),
            map("std", VS, &p32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.next_up())),
        ],
    ));
    all.push(case(
        "core-num/tensor/bit_increment",
        "BitIncrementDouble",
        Some(Seed { id: "B-NUM-08", net10_ns: 4_223.0, net11_ns: 2_140.6 }),
        vec![
            map("core", OURS, &p64, |x, o| tensor::bit_increment(x, o).unwrap()),
            map("std", VS, &p64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.next_up())),
        ],
    ));
    // Seed NUM-09: 4,096 zeros rounded to 0 digits, to even.
    let zeros = Rc::new(vec![0.0f32; LEN]);
    all.push(case(
        "core-num/tensor/round",
        "RoundZero",
        Some(Seed { id: "B-NUM-09", net10_ns: 882.7, net11_ns: 205.5 }),
        vec![
            map("core", OURS, &zeros, |x, o| {
                tensor::round(x, 0, MidpointRounding::ToEven, o).unwrap()
            }),
            map("std", VS, &zeros, |x, o| {
                x.iter().zip(o).for_each(|(a, b)| *b = a.round_ties_even())
            }),
            map("wide", VS, &zeros, |x, o| wide32(x, o, f32x8::round)),
        ],
    ));
    // exp, ln, tanh at 4,096 in both widths.
    let ex = uniform(LEN, -80.0, 80.0, 7);
    let lx = uniform(LEN, 1e-3, 1e3, 8);
    let tx = uniform(LEN, -6.0, 6.0, 9);
    let e32 = Rc::new(to_f32(&ex));
    let e64 = Rc::new(ex);
    let l32 = Rc::new(to_f32(&lx));
    let l64 = Rc::new(lx);
    let t32 = Rc::new(to_f32(&tx));
    let t64 = Rc::new(tx);
    all.push(case(
        "core-num/tensor/exp",
        "f32/4096",
        None,
        vec![
            map("core", OURS, &e32, |x, o| tensor::exp(x, o).unwrap()),
            map("std", VS, &e32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.exp())),
            map("wide", VS, &e32, |x, o| wide32(x, o, f32x8::exp)),
        ],
    ));
    all.push(case(
        "core-num/tensor/exp",
        "f64/4096",
        None,
        vec![
            map("core", OURS, &e64, |x, o| tensor::exp(x, o).unwrap()),
            map("std", VS, &e64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.exp())),
            map("wide", VS, &e64, |x, o| wide64(x, o, f64x4::exp)),
        ],
    ));
    all.push(case(
        "core-num/tensor/ln",
        "f32/4096",
        None,
        vec![
            map("core", OURS, &l32, |x, o| tensor::ln(x, o).unwrap()),
            map("std", VS, &l32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.ln())),
            map("wide", VS, &l32, |x, o| wide32(x, o, f32x8::ln)),
        ],
    ));
    all.push(case(
        "core-num/tensor/ln",
        "f64/4096",
        None,
        vec![
            map("core", OURS, &l64, |x, o| tensor::ln(x, o).unwrap()),
            map("std", VS, &l64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.ln())),
            map("wide", VS, &l64, |x, o| wide64(x, o, f64x4::ln)),
        ],
    ));
    all.push(case(
        "core-num/tensor/tanh",
        "f32/4096",
        None,
        vec![
            map("core", OURS, &t32, |x, o| tensor::tanh(x, o).unwrap()),
            map("std", VS, &t32, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.tanh())),
            map("wide", VS, &t32, |x, o| wide32(x, o, f32x8::tanh)),
        ],
    ));
    all.push(case(
        "core-num/tensor/tanh",
        "f64/4096",
        None,
        vec![
            map("core", OURS, &t64, |x, o| tensor::tanh(x, o).unwrap()),
            map("std", VS, &t64, |x, o| x.iter().zip(o).for_each(|(a, b)| *b = a.tanh())),
            map("wide", VS, &t64, |x, o| wide64(x, o, f64x4::tanh)),
        ],
    ));
    // Reductions at 4,096.
    let a = uniform(LEN, -1.0, 1.0, 10);
    let b = uniform(LEN, -1.0, 1.0, 11);
    let s32 = Rc::new(to_f32(&a));
    let s64 = Rc::new(a.clone());
    all.push(case(
        "core-num/tensor/sum",
        "f32/4096",
        None,
        vec![
            reduce("core", OURS, s32.clone(), |x| tensor::sum(x) as f64),
            reduce("std", VS, s32.clone(), |x| x.iter().sum::<f32>() as f64),
            reduce("wide", VS, s32.clone(), |x| {
                let (c, t) = x.as_chunks::<8>();
                let v = c.iter().fold(f32x8::ZERO, |s, c| s + f32x8::new(*c));
                (v.reduce_add() + t.iter().sum::<f32>()) as f64
            }),
        ],
    ));
    all.push(case(
        "core-num/tensor/sum",
        "f64/4096",
        None,
        vec![
            reduce("core", OURS, s64.clone(), |x| tensor::sum(x)),
            reduce("std", VS, s64.clone(), |x| x.iter().sum::<f64>()),
            reduce("wide", VS, s64.clone(), |x| {
                let (c, t) = x.as_chunks::<4>();
                let v = c.iter().fold(f64x4::ZERO, |s, c| s + f64x4::new(*c));
                v.reduce_add() + t.iter().sum::<f64>()
            }),
        ],
    ));
    let pair32 = Rc::new((to_f32(&a), to_f32(&b)));
    let pair64 = Rc::new((a, b));
    all.push(case(
        "core-num/tensor/dot",
        "f32/4096",
        None,
        vec![
            reduce("core", OURS, pair32.clone(), |p| tensor::dot(&p.0, &p.1).unwrap() as f64),
            reduce("std", VS, pair32.clone(), |p| {
                p.0.iter().zip(&p.1).map(|(x, y)| x * y).sum::<f32>() as f64
            }),
            reduce("wide", VS, pair32.clone(), |p| {
                let (c, _) = p.0.as_chunks::<8>();
                let (d, _) = p.1.as_chunks::<8>();
                let v = c
                    .iter()
                    .zip(d)
                    .fold(f32x8::ZERO, |s, (c, d)| f32x8::new(*c).mul_add(f32x8::new(*d), s));
                v.reduce_add() as f64
            }),
            reduce("simsimd", VS, pair32.clone(), |p| {
                <f32 as SpatialSimilarity>::dot(&p.0, &p.1).unwrap()
            }),
        ],
    ));
    all.push(case(
        "core-num/tensor/dot",
        "f64/4096",
        None,
        vec![
            reduce("core", OURS, pair64.clone(), |p| tensor::dot(&p.0, &p.1).unwrap()),
            reduce("std", VS, pair64.clone(), |p| p.0.iter().zip(&p.1).map(|(x, y)| x * y).sum()),
            reduce("simsimd", VS, pair64.clone(), |p| {
                <f64 as SpatialSimilarity>::dot(&p.0, &p.1).unwrap()
            }),
        ],
    ));
    all.push(case(
        "core-num/tensor/cosine_similarity",
        "f32/4096",
        None,
        vec![
            reduce("core", OURS, pair32.clone(), |p| {
                tensor::cosine_similarity(&p.0, &p.1).unwrap() as f64
            }),
            reduce("std", VS, pair32.clone(), |p| {
                let (mut xy, mut xx, mut yy) = (0.0f32, 0.0f32, 0.0f32);
                for (x, y) in p.0.iter().zip(&p.1) {
                    xy += x * y;
                    xx += x * x;
                    yy += y * y;
                }
                (xy / (xx.sqrt() * yy.sqrt())) as f64
            }),
            // SimSIMD returns the cosine distance, 1 - similarity.
            reduce("simsimd", VS, pair32.clone(), |p| {
                1.0 - <f32 as SpatialSimilarity>::cos(&p.0, &p.1).unwrap()
            }),
        ],
    ));
    all.push(case(
        "core-num/tensor/distance",
        "f32/4096",
        None,
        vec![
            reduce("core", OURS, pair32.clone(), |p| tensor::distance(&p.0, &p.1).unwrap() as f64),
            reduce("std", VS, pair32.clone(), |p| {
                p.0.iter().zip(&p.1).map(|(x, y)| (x - y) * (x - y)).sum::<f32>().sqrt() as f64
            }),
            reduce("simsimd", VS, pair32.clone(), |p| {
                <f32 as SpatialSimilarity>::l2(&p.0, &p.1).unwrap()
            }),
        ],
    ));
    trig_and_pow(&mut all);
    half_reductions(&mut all);
    all
}
