//! The `core-num` half-precision cases: the Half seed cases (`CompareTo`, `LessThan`,
//! `BitIncrementHalf`) and slice conversions, against the `half` crate (default build: it
//! detects F16C at run time on each call) and plain per-element loops.
//!
//! Case names are `core-num/half/<operation>/<input>`. `half` compiled with F16C enabled at
//! build time is a different build of the same crate, so it is not a function here: run the
//! report with `RUSTFLAGS='-C target-feature=+f16c'` to measure it (the `half` column then
//! shows that build; ours is the same code either way).

use crate::case::{Case, Function, Role, Seed};
use core_num::half::{HalfBitsSliceExt, HalfFloatSliceExt as _};
use core_num::{arch::Level, f16};
use std::rc::Rc;

const OURS: Role = Role::Ours;
const VS: Role = Role::Peer { vs: "core" };

/// The seed's inputs: `left[i] = (i - 2048)`, `right[i] = (2048 - i)`, as f16 bits.
fn seed_pairs() -> (Vec<u16>, Vec<u16>) {
    let left = (0..4096).map(|i| f16::from_f32(i as f32 - 2048.0).to_bits()).collect();
    let right = (0..4096).map(|i| f16::from_f32(2048.0 - i as f32).to_bits()).collect();
    (left, right)
}

fn seed_case(op: &'static str, input: &str, seed: Seed, functions: Vec<Function>) -> Case {
    Case { op, input: input.to_string(), bytes: None, size: None, seed: Some(seed), functions }
}

fn compare_cases() -> Vec<Case> {
    let (l, r) = seed_pairs();
    let ours =
        Rc::new((l.reinterpret_cast::<f16>().to_vec(), r.reinterpret_cast::<f16>().to_vec()));
    let theirs: Rc<(Vec<half::f16>, Vec<half::f16>)> = Rc::new((
        l.iter().map(|&b| half::f16::from_bits(b)).collect(),
        r.iter().map(|&b| half::f16::from_bits(b)).collect(),
    ));
    let sign = |o: Option<std::cmp::Ordering>| o.map_or(0, |o| o as i32);
    vec![
        seed_case(
            "core-num/half/CompareTo",
            "4096",
            Seed { id: "B-NUM-06", net10_ns: 9_340.0, net11_ns: 5_745.0 },
            vec![
                Function::new("core", OURS, ours.clone(), move |p| {
                    p.0.iter().zip(&p.1).map(|(a, b)| sign(a.partial_cmp(b))).sum::<i32>()
                }),
                Function::new("half", VS, theirs.clone(), move |p| {
                    p.0.iter().zip(&p.1).map(|(a, b)| sign(a.partial_cmp(b))).sum::<i32>()
                }),
            ],
        ),
        seed_case(
            "core-num/half/LessThan",
            "4096",
            Seed { id: "B-NUM-06", net10_ns: 7_514.0, net11_ns: 5_672.0 },
            vec![
                Function::new("core", OURS, ours, |p| {
                    p.0.iter().zip(&p.1).filter(|(a, b)| a < b).count()
                }),
                Function::new("half", VS, theirs, |p| {
                    p.0.iter().zip(&p.1).filter(|(a, b)| a < b).count()
                }),
            ],
        ),
    ]
}

/// `BitIncrementHalf`: 4,096 values patterned by `i & 7` (0, -0, +inf, -inf, NaN, then
/// `i / 7`), each stepped to the next value up, slice to slice. `half` has no `next_up` (and
/// `std` no stable `f16`), so this case is measured against the .NET figures only.
fn bit_increment() -> Case {
    let src: Vec<f16> = (0..4096)
        .map(|i| match i & 7 {
            0 => f16::ZERO,
            1 => f16::NEG_ZERO,
            2 => f16::INFINITY,
            3 => f16::NEG_INFINITY,
            4 => f16::NAN,
            _ => f16::from_f32(i as f32 / 7.0),
        })
        .collect();
    let digest = |s: &(Rc<Vec<f16>>, Vec<f16>)| {
        let bits: &[u16] = s.1.reinterpret_cast();
        format!("{:x}", bits.iter().fold(0u64, |h, &b| h.rotate_left(5) ^ b as u64))
    };
    let state = (Rc::new(src.clone()), vec![f16::ZERO; src.len()]);
    #[allow(clippy::redundant_clone)]
    seed_case(
        "core-num/half/BitIncrementHalf",
        "4096",
        Seed { id: "B-NUM-09", net10_ns: 3_918.0, net11_ns: 573.6 },
        vec![Function::with_digest(
            "core",
            OURS,
            state.clone(),
            |s| {
                for (d, x) in s.1.iter_mut().zip(s.0.iter()) {
                    *d = x.next_up();
                }
            },
            digest,
        )],
    )
}

fn digest_f32(v: &[f32]) -> String {
    format!("{:x}", v.iter().fold(0u64, |h, x| h.rotate_left(7) ^ x.to_bits() as u64))
}

fn digest_u16(v: &[u16]) -> String {
    format!("{:x}", v.iter().fold(0u64, |h, &x| h.rotate_left(7) ^ x as u64))
}

/// f16 -> f32 and f32 -> f16 over `n` values: ours (the best level), ours pinned to the
/// portable level, `half`'s slice method and a per-element loop over `half::f16::to_f32`.
fn conversions(n: usize) -> Vec<Case> {
    let floats: Vec<f32> = (0..n).map(|i| ((i * 7919) % 20011) as f32 * 0.37 - 3000.0).collect();
    let halves: Vec<f16> = floats.iter().map(|&x| f16::from_f32(x)).collect();
    let theirs: Vec<half::f16> = halves.iter().map(|h| half::f16::from_bits(h.to_bits())).collect();
    let label = if n >= 1 << 20 { format!("{}Mi", n >> 20) } else { n.to_string() };
    let (halves, theirs, floats) = (Rc::new(halves), Rc::new(theirs), Rc::new(floats));

    let to = |name, role, f: fn(&[f16], &[half::f16], &mut [f32])| {
        let state = (halves.clone(), theirs.clone(), vec![0f32; n]);
        Function::with_digest(
            name,
            role,
            state,
            move |s| f(&s.0, &s.1, &mut s.2),
            |s| digest_f32(&s.2),
        )
    };
    let widen = Case {
        op: "core-num/half/convert_to_f32",
        input: label.clone(),
        bytes: Some(2 * n as u64),
        size: Some(n),
        seed: None,
        functions: vec![
            to("core", OURS, |o, _, d| o.convert_to_f32_slice(d)),
            to("core-scalar", VS, |o, _, d| {
                core_num::half::__at::to_f32(Level::Scalar, o, d).unwrap()
            }),
            to("half", VS, |_, t, d| half::slice::HalfFloatSliceExt::convert_to_f32_slice(t, d)),
            to("half-loop", VS, |_, t, d| {
                for (o, x) in d.iter_mut().zip(t) {
                    *o = x.to_f32();
                }
            }),
        ],
    };

    let from = |name, role, f: fn(&[f32], &mut [f16], &mut [half::f16])| {
        let state = (
            floats.clone(),
            vec![f16::ZERO; n],
            vec![half::f16::ZERO; n],
            role == OURS || name == "core-scalar",
        );
        Function::with_digest(
            name,
            role,
            state,
            move |s| f(&s.0, &mut s.1, &mut s.2),
            |s| {
                if s.3 {
                    digest_u16(s.1.reinterpret_cast())
                } else {
                    digest_u16(half::slice::HalfFloatSliceExt::reinterpret_cast(&s.2[..]))
                }
            },
        )
    };
    let narrow = Case {
        op: "core-num/half/convert_from_f32",
        input: label,
        bytes: Some(4 * n as u64),
        size: Some(n),
        seed: None,
        functions: vec![
            from("core", OURS, |s, o, _| o.convert_from_f32_slice(s)),
            from("core-scalar", VS, |s, o, _| {
                core_num::half::__at::from_f32(Level::Scalar, s, o).unwrap()
            }),
            from("half", VS, |s, _, t| {
                half::slice::HalfFloatSliceExt::convert_from_f32_slice(t, s)
            }),
            from("half-loop", VS, |s, _, t| {
                for (o, &x) in t.iter_mut().zip(s) {
                    *o = half::f16::from_f32(x);
                }
            }),
        ],
    };
    vec![widen, narrow]
}

/// Every half-precision case.
pub fn cases() -> Vec<Case> {
    let mut out = compare_cases();
    out.push(bit_increment());
    out.extend(conversions(4096));
    out.extend(conversions(1 << 20));
    out
}
