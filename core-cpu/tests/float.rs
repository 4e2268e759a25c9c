//! Every floating-point lane operation of every available level against the scalar model
//! (`vector::float::scalar`), lane by lane, on random values mixed with edge values (signed
//! zeros, infinities, NaN, subnormals, halves, the integer thresholds `2^23` and `2^52`).

#![allow(clippy::undocumented_unsafe_blocks)] // each test body runs behind its level's check

use core_cpu::vector::float::{scalar, Elem, F32x, Float};
use core_cpu::Level;

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
    /// A value: an edge, a small number with a fraction, or random bits.
    fn value<T: Elem>(&mut self) -> T {
        let edges = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            3.49,
            f64::INFINITY,
            -f64::INFINITY,
            f64::NAN,
            1e-310,
            -1e-42,
            8_388_607.5,
            8_388_608.5,
            -4_503_599_627_370_495.5,
            4_503_599_627_370_497.0,
            1e30,
            -7.25,
        ];
        let r = self.next();
        match r % 4 {
            0 => T::from_f64(edges[(r >> 8) as usize % edges.len()]),
            1 => T::from_f64(((r >> 8) % 2001) as f64 / 8.0 - 125.0),
            _ => T::from_bits_u64(r >> (64 - T::BITS_WIDTH)),
        }
    }
}

/// `Elem::BITS`, spelled so it cannot clash with the inherent constant.
trait Width {
    const BITS_WIDTH: u32;
}
impl<T: Elem> Width for T {
    const BITS_WIDTH: u32 = <T as Elem>::BITS;
}

fn lanes<V: Float>(v: V) -> Vec<V::Elem> {
    let mut out = vec![V::Elem::default(); V::LANES];
    unsafe { v.store(out.as_mut_ptr()) };
    out
}

fn nan<T: Elem>(a: T) -> bool {
    a.partial_cmp(&a).is_none()
}

fn same<T: Elem>(a: T, b: T) -> bool {
    a.bits_u64() == b.bits_u64() || (nan(a) && nan(b))
}

/// Runs `op` on the vector and on the model (chunk by chunk) and compares every lane.
macro_rules! check_unary {
    ($v:ty, $m:ty, $x:expr; $($name:ident => |$a:ident| $e:expr;)*) => {$(
        let got = lanes(unsafe { let $a = <$v>::load($x.as_ptr()); $e });
        let want: Vec<_> = $x.chunks(<$m>::LANES).flat_map(|c| lanes(unsafe {
            let $a = <$m>::load(c.as_ptr());
            $e
        })).collect();
        for i in 0..got.len() {
            assert!(same(got[i], want[i]), "{} of {:?}: {:?} != {:?}", stringify!($name), $x[i], got[i], want[i]);
        }
    )*};
}

macro_rules! check_binary {
    ($v:ty, $m:ty, $x:expr, $y:expr; $($name:ident => |$a:ident, $b:ident| $e:expr;)*) => {$(
        let got = lanes(unsafe { let ($a, $b) = (<$v>::load($x.as_ptr()), <$v>::load($y.as_ptr())); $e });
        let want: Vec<_> = $x.chunks(<$m>::LANES).zip($y.chunks(<$m>::LANES)).flat_map(|(c, d)| {
            lanes(unsafe { let ($a, $b) = (<$m>::load(c.as_ptr()), <$m>::load(d.as_ptr())); $e })
        }).collect();
        for i in 0..got.len() {
            assert!(same(got[i], want[i]), "{} of {:?}, {:?}: {:?} != {:?}", stringify!($name), $x[i], $y[i], got[i], want[i]);
        }
    )*};
}

/// The mask's flags as a lane vector of the model (all ones or zero).
fn flags<V: Float>(m: V::Mask) -> u64 {
    unsafe { V::mask_bits(m) }
}

#[inline(always)]
fn check<V: Float, M: Float<Elem = V::Elem, Mask = M>>(rng: &mut Rng)
where
    V::Elem: core::ops::Add<Output = V::Elem> + core::ops::Mul<Output = V::Elem>,
{
    let n = V::LANES;
    let x: Vec<V::Elem> = (0..n).map(|_| rng.value()).collect();
    let mut y: Vec<V::Elem> = (0..n).map(|_| rng.value()).collect();
    y[0] = x[0]; // an equal pair for the compares
    let z: Vec<V::Elem> = (0..n).map(|_| rng.value()).collect();
    check_unary! { V, M, x;
        load => |a| a;
        sqrt => |a| a.sqrt();
        abs => |a| a.abs();
        neg => |a| a.neg();
        round_even => |a| a.round_even();
        floor => |a| a.floor();
        ceil => |a| a.ceil();
        trunc => |a| a.trunc();
        shl3 => |a| a.shl::<3>();
        shr7 => |a| a.shr::<7>();
    }
    check_binary! { V, M, x, y;
        add => |a, b| a.add(b);
        sub => |a, b| a.sub(b);
        mul => |a, b| a.mul(b);
        div => |a, b| a.div(b);
        and => |a, b| a.and(b);
        or => |a, b| a.or(b);
        xor => |a, b| a.xor(b);
        and_not => |a, b| a.and_not(b);
        add_bits => |a, b| a.add_bits(b);
        sub_bits => |a, b| a.sub_bits(b);
    }
    // Compares and select, through the mask bits and a select of the two inputs.
    let (vx, vy) = unsafe { (V::load(x.as_ptr()), V::load(y.as_ptr())) };
    let model = |f: &dyn Fn(M, M) -> M| -> u64 {
        let mut bits = 0;
        for (k, (c, d)) in x.chunks(M::LANES).zip(y.chunks(M::LANES)).enumerate() {
            let m = f(unsafe { M::load(c.as_ptr()) }, unsafe { M::load(d.as_ptr()) });
            bits |= unsafe { M::mask_bits(m) } << (k * M::LANES);
        }
        bits
    };
    unsafe {
        assert_eq!(flags::<V>(vx.eq(vy)), model(&|a, b| a.eq(b)), "eq {x:?} {y:?}");
        assert_eq!(flags::<V>(vx.lt(vy)), model(&|a, b| a.lt(b)), "lt {x:?} {y:?}");
        assert_eq!(flags::<V>(vx.le(vy)), model(&|a, b| a.le(b)), "le {x:?} {y:?}");
        assert_eq!(flags::<V>(vx.is_nan()), model(&|a, _| a.is_nan()), "is_nan {x:?}");
        let both = V::mask_and(vx.lt(vy), vy.is_nan());
        assert_eq!(flags::<V>(both), 0);
        let either = V::mask_or(vx.lt(vy), vy.lt(vx));
        assert_eq!(flags::<V>(either), model(&|a, b| M::mask_or(a.lt(b), b.lt(a))));
        assert_eq!(V::mask_any(vx.lt(vy)), model(&|a, b| a.lt(b)) != 0);
        let sel = lanes(V::select(vx.lt(vy), vx, vy));
        for i in 0..n {
            let want = if x[i] < y[i] { x[i] } else { y[i] };
            assert!(same(sel[i], want), "select {:?} {:?}", x[i], y[i]);
        }
        // min/max where the answer is specified: ordered, distinct lanes.
        let (mn, mx) = (lanes(vx.min(vy)), lanes(vx.max(vy)));
        for i in 0..n {
            if !nan(x[i]) && !nan(y[i]) && x[i] != y[i] {
                let (lo, hi) = if x[i] < y[i] { (x[i], y[i]) } else { (y[i], x[i]) };
                assert!(same(mn[i], lo) && same(mx[i], hi), "min/max {:?} {:?}", x[i], y[i]);
            }
        }
        // mul_add: fused or not, as the level says.
        let fma = lanes(vx.mul_add(vy, V::load(z.as_ptr())));
        for i in 0..n {
            let (a, b, c) = (x[i].to_f64(), y[i].to_f64(), z[i].to_f64());
            // The f64 fma rounded to f32 is the f32 fma except in rare double-rounding cases,
            // hence the one-ulp slack there.
            let want =
                if V::FUSED { V::Elem::from_f64(a.mul_add(b, c)) } else { x[i] * y[i] + z[i] };
            if V::Elem::BITS_WIDTH == 32 && V::FUSED {
                let d = (fma[i].to_f64() - want.to_f64()).abs();
                assert!(same(fma[i], want) || d <= want.to_f64().abs() * 1.2e-7, "fma");
            } else {
                assert!(
                    same(fma[i], want),
                    "mul_add {:?} {:?} {:?}: {:?} {:?}",
                    x[i],
                    y[i],
                    z[i],
                    fma[i],
                    want
                );
            }
        }
        // Horizontal operations on ordered values; small integers keep the sum exact.
        let ints: Vec<V::Elem> =
            (0..n).map(|_| V::Elem::from_f64((rng.next() % 1000) as f64 - 500.0)).collect();
        let vi = V::load(ints.as_ptr());
        let sum = ints.iter().map(|v| v.to_f64()).sum::<f64>();
        assert_eq!(vi.reduce_add().to_f64(), sum);
        let lo = ints.iter().map(|v| v.to_f64()).fold(f64::INFINITY, f64::min);
        let hi = ints.iter().map(|v| v.to_f64()).fold(-f64::INFINITY, f64::max);
        assert_eq!(vi.reduce_min().to_f64(), lo);
        assert_eq!(vi.reduce_max().to_f64(), hi);
        assert!(same(V::splat(x[1]).reduce_max(), x[1]) || nan(x[1]));
    }
}

/// `widen` and `narrow` against `as` conversions.
#[inline(always)]
fn check_convert<V: F32x>(rng: &mut Rng) {
    let x: Vec<f32> = (0..V::LANES).map(|_| rng.value()).collect();
    let wide: Vec<f64> = (0..V::LANES)
        .map(|_| {
            let v: f64 = rng.value();
            if rng.next().is_multiple_of(2) {
                v
            } else {
                v * 1e-30
            }
        })
        .collect();
    unsafe {
        let (lo, hi) = V::load(x.as_ptr()).widen();
        let got: Vec<f64> = lanes(lo).into_iter().chain(lanes(hi)).collect();
        for i in 0..x.len() {
            assert!(same(got[i], x[i] as f64), "widen {:?}", x[i]);
        }
        let h = V::LANES / 2;
        let lo = <V::F64 as Float>::load(wide.as_ptr());
        let hi = <V::F64 as Float>::load(wide[h..].as_ptr());
        let got = lanes(V::narrow(lo, hi));
        for i in 0..x.len() {
            assert!(same(got[i], wide[i] as f32), "narrow {:?}", wide[i]);
        }
    }
}

#[inline(always)]
fn check_level<V32: F32x>(rng: &mut Rng)
where
    V32::F64: Float<Elem = f64>,
{
    check::<V32, scalar::F32x4>(rng);
    check::<V32::F64, scalar::F64x2>(rng);
    check_convert::<V32>(rng);
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use core_cpu::vector::float::{avx2, avx512, sse2, sse42};

    core_cpu::target_fn!(sse2;
        pub unsafe fn sse2(rng: &mut Rng) {
            check_level::<sse2::F32x4>(rng);
        }
    );
    core_cpu::target_fn!(sse42;
        pub unsafe fn sse42(rng: &mut Rng) {
            check_level::<sse42::F32x4>(rng);
        }
    );
    core_cpu::target_fn!(avx2;
        pub unsafe fn avx2(rng: &mut Rng) {
            check_level::<avx2::F32x8>(rng);
        }
    );
    core_cpu::target_fn!(avx512;
        pub unsafe fn avx512(rng: &mut Rng) {
            check_level::<avx512::F32x16>(rng);
        }
    );
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use super::*;
    core_cpu::target_fn!(neon;
        pub unsafe fn neon(rng: &mut Rng) {
            check_level::<core_cpu::vector::float::neon::F32x4>(rng);
        }
    );
}

#[test]
fn every_level_matches_the_model() {
    let mut tested = Vec::new();
    for level in Level::available() {
        let mut rng = Rng(level as u64 + 7);
        for _ in 0..3000 {
            // SAFETY: each arm runs only for an available level, whose features it needs.
            match level {
                Level::Scalar => check_level::<scalar::F32x4>(&mut rng),
                #[cfg(target_arch = "x86_64")]
                Level::Sse2 => unsafe { x86::sse2(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Sse42 => unsafe { x86::sse42(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Avx2 => unsafe { x86::avx2(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Avx512 => unsafe { x86::avx512(&mut rng) },
                #[cfg(target_arch = "aarch64")]
                Level::Neon => unsafe { arm::neon(&mut rng) },
                _ => break,
            }
        }
        tested.push(level);
    }
    assert!(tested.contains(&Level::best()));
    eprintln!("float levels tested: {tested:?}");
}

/// The model itself against `std` (rounding and square root are its own code).
#[test]
fn model_matches_std() {
    let mut rng = Rng(99);
    for _ in 0..100_000 {
        let (a, b): (f64, f32) = (rng.value(), rng.value());
        unsafe {
            let m = scalar::F64x2::splat(a);
            assert!(same(lanes(m.floor())[0], a.floor()), "floor {a:?}");
            assert!(same(lanes(m.ceil())[0], a.ceil()), "ceil {a:?}");
            assert!(same(lanes(m.trunc())[0], a.trunc()), "trunc {a:?}");
            assert!(same(lanes(m.round_even())[0], a.round_ties_even()), "round {a:?}");
            assert!(same(lanes(m.sqrt())[0], a.sqrt()), "sqrt {a:?}");
            let m = scalar::F32x4::splat(b);
            assert!(same(lanes(m.floor())[0], b.floor()), "floor {b:?}");
            assert!(same(lanes(m.ceil())[0], b.ceil()), "ceil {b:?}");
            assert!(same(lanes(m.trunc())[0], b.trunc()), "trunc {b:?}");
            assert!(same(lanes(m.round_even())[0], b.round_ties_even()), "round {b:?}");
            assert!(same(lanes(m.sqrt())[0], b.sqrt()), "sqrt {b:?}");
        }
    }
}
