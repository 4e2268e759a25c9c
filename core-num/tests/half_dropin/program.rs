// A program written against the `half` crate's documented API. `tests/half_dropin.rs`
// compiles it twice, once per crate, with only the `use` lines changed.

pub fn run() -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };

    // Scalars and constants.
    let a = f16::from_f32(1.5);
    let b = f16::from_f64(-0.333);
    line(format!("{a} {b} {:?} {:e} {}", a + b, a * b, (a / b).to_f32()));
    line(format!("{} {} {}", f16::MAX, f16::MIN_POSITIVE, f16::EPSILON));
    line(format!("{} {} {} {}", f16::PI, f16::E, f16::LN_2, f16::SQRT_2));
    line(format!("{:#06x} {:#06x}", f16::NAN.to_bits(), f16::NEG_INFINITY.to_bits()));
    line(format!("{} {}", f16::MANTISSA_DIGITS, f16::MAX_EXP));
    line(format!("{} {} {}", bf16::MAX, bf16::PI, bf16::from_f32(3.0e38)));
    line(format!("{:?}", f16::from_bits(0x3555).to_le_bytes()));
    line(format!("{}", f16::from_be_bytes([0x3C, 0x01])));

    // Classification and ordering.
    for x in [f16::ZERO, f16::NEG_ZERO, f16::ONE, f16::INFINITY, f16::NAN, f16::MIN_POSITIVE_SUBNORMAL] {
        line(format!(
            "{} nan={} inf={} fin={} normal={} pos={} {:?} signum={}",
            x,
            x.is_nan(),
            x.is_infinite(),
            x.is_finite(),
            x.is_normal(),
            x.is_sign_positive(),
            x.classify(),
            x.signum()
        ));
    }
    line(format!("{} {} {}", f16::ZERO == f16::NEG_ZERO, f16::NAN == f16::from_bits(0x7E00), a > b));
    line(format!("{:?} {:?}", a.partial_cmp(&f16::NAN), f16::NEG_ZERO.total_cmp(&f16::ZERO)));
    line(format!("{} {} {}", a.max(f16::NAN), b.min(a), f16::from_f32(7.0).clamp(b, a)));
    line(format!("{}", (-a).copysign(f16::ONE)));
    let mut sorted = vec![f16::ONE, f16::NEG_INFINITY, f16::ZERO, f16::from_f32(-2.5), f16::MAX];
    sorted.sort_by(|x, y| x.total_cmp(y));
    line(format!("{sorted:?}"));

    // Arithmetic.
    let mut acc = f16::ZERO;
    for i in 0..50u8 {
        acc += f16::from(i) * f16::from_f32(0.1);
        acc -= f16::from_f32(0.01);
    }
    line(format!("{acc} {}", acc % f16::from_f32(3.0)));
    let v: Vec<f16> = (1..=8u8).map(f16::from).collect();
    // A fold, not `Product`: half 2.7's `Product` for f16 gives 0 for 8! on aarch64 (ours is
    // checked against the exact value in tests/half.rs).
    let product = v.iter().fold(f16::ONE, |a, &b| a * b);
    line(format!("{} {product}", v.iter().sum::<f16>()));
    line(format!("{}", f16::from(-5i8) / f16::from(3u8)));
    let parsed: f16 = "3.14159".parse().unwrap();
    line(format!("{parsed} {:?}", "x".parse::<f16>().is_err()));

    // Slices.
    let floats: Vec<f32> = (0..100).map(|i| i as f32 * 0.37 - 10.0).collect();
    let mut halves = vec![f16::ZERO; floats.len()];
    halves.convert_from_f32_slice(&floats);
    let mut back = vec![0f32; halves.len()];
    halves.convert_to_f32_slice(&mut back);
    line(format!("{:?}", &back[..10]));
    let wide = halves.to_f64_vec();
    line(format!("{:?}", &wide[90..]));
    let mut bhalves = [bf16::ZERO; 20];
    bhalves.convert_from_f64_slice(&wide[..20]);
    line(format!("{:?}", bhalves.to_f32_vec()));
    let bits: &[u16] = halves.reinterpret_cast();
    line(format!("{:?}", &bits[..8]));
    let mut raw = vec![0x3C00u16, 0x4000, 0xC200];
    {
        let as_halves: &mut [f16] = raw.reinterpret_cast_mut();
        as_halves[0] = f16::from_f32(0.5);
    }
    let view: &[f16] = raw.reinterpret_cast();
    line(format!("{view:?} {raw:?}"));
    out
}
