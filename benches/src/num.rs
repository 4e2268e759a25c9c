//! The `core-num` big-integer case table: the seed cases B-NUM-01 (`Multiply`, `ShiftLeft`),
//! B-NUM-02 (`Divide_*BurnikelZieglerThreshold`), B-NUM-03 (`ParseLargeDecimal`,
//! `ToStringLargeDecimal`) and B-NUM-04 (`Small`/`Large` `ToDouble`/`ToSingle`), plus a
//! multiplication sweep from 16 to 32,768 limbs, decimal parsing and formatting at 10^3 and
//! 10^6 digits, a 2048-bit modular power and a 4,096-bit gcd.
//!
//! Peers: `num-bigint` always; `malachite`, `dashu` and `rug` (GMP) with the `extra-peers`
//! feature (they build slowly). Every function works on naturals (`BigUint`, `Natural`,
//! `UBig`, and `rug::Integer`, which has no unsigned type), allocates a fresh result per call
//! (the usual `&a * &b` form, no in-place reuse of an output), and its result is digested as
//! lower-case hex (decimal text for formatting, the bit pattern for floats), so the check
//! compares the same value across libraries.
//!
//! Seed operand sizes are counted in 32-bit units as in the seed (64 units = 2,048 bits = 32
//! limbs); the random operands have exactly that many bits (top bit set). .NET's `Random(seed)`
//! is not reproduced: the bits come from SplitMix64 started at the seed's number.
//!
//! Semantics to know when reading the float rows: ours, num-bigint, malachite (`Nearest`) and
//! dashu round to nearest; rug (`mpz_get_d`) truncates. On the seed values both give the same
//! result (the dropped bits are far below half an ulp, and 2^1023 overflows `f32` either way).

use crate::case::{Case, Function, Role, Seed};
use crate::corpus::Rng;
use num_integer::Integer as _;
use num_traits::ToPrimitive as _;
use std::fmt::Display;
use std::rc::Rc;

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

const MUL: &str = "core-num/bigint/mul";
const SHL: &str = "core-num/bigint/shl";
const DIV: &str = "core-num/bigint/div";
const PARSE: &str = "core-num/bigint/parse";
const TO_STRING: &str = "core-num/bigint/to_string";
const TO_FLOAT: &str = "core-num/bigint/to_float";
const MODPOW: &str = "core-num/bigint/modpow";
const GCD: &str = "core-num/bigint/gcd";

/// Limb counts of the balanced multiplication sweep.
pub const MUL_LIMBS: [usize; 5] = [16, 64, 512, 4_096, 32_768];
/// Digit counts of the decimal parse and format cases (besides the 10^5-digit seeds).
pub const DIGITS: [usize; 2] = [1_000, 1_000_000];
/// The seed's shift distance.
pub const SHIFT: u32 = 12_345;

/// One big-integer library, as the cases call it.
trait Lib: 'static {
    /// Its natural-number type.
    type N: Clone + Display + 'static;
    /// The function's name in the report.
    const NAME: &'static str;
    /// The value of `bytes`, least significant first.
    fn from_le(bytes: &[u8]) -> Self::N;
    /// Lower-case hex, the digest compared across libraries.
    fn hex(x: &Self::N) -> String;
    /// `a * b`.
    fn mul(a: &Self::N, b: &Self::N) -> Self::N;
    /// `x << bits`.
    fn shl(x: &Self::N, bits: u32) -> Self::N;
    /// `a / b`.
    fn div(a: &Self::N, b: &Self::N) -> Self::N;
    /// The value of decimal `s`.
    fn parse(s: &str) -> Option<Self::N>;
    /// The nearest `f64` (rug: truncated).
    fn to_f64(x: &Self::N) -> f64;
    /// The nearest `f32` (rug: truncated).
    fn to_f32(x: &Self::N) -> f32;
    /// `b^e mod m` (`b < m`, `m` odd).
    fn modpow(b: &Self::N, e: &Self::N, m: &Self::N) -> Self::N;
    /// The greatest common divisor.
    fn gcd(a: &Self::N, b: &Self::N) -> Self::N;
}

/// `Lib` for a type with num-bigint's API (ours is a drop-in, so one body serves both): the
/// methods resolve to the type's own inherent ones first, then to the num-traits and
/// num-integer traits (`to_f64`, `to_f32`, `gcd` of `num_bigint::BigUint`).
macro_rules! num_bigint_api {
    ($(#[$doc:meta])* $lib:ident, $ty:ty, $name:literal) => {
        $(#[$doc])*
        struct $lib;

        impl Lib for $lib {
            type N = $ty;
            const NAME: &'static str = $name;
            fn from_le(bytes: &[u8]) -> Self::N {
                <$ty>::from_bytes_le(bytes)
            }
            fn hex(x: &Self::N) -> String {
                x.to_str_radix(16)
            }
            fn mul(a: &Self::N, b: &Self::N) -> Self::N {
                a * b
            }
            fn shl(x: &Self::N, bits: u32) -> Self::N {
                x << bits
            }
            fn div(a: &Self::N, b: &Self::N) -> Self::N {
                a / b
            }
            fn parse(s: &str) -> Option<Self::N> {
                s.parse().ok()
            }
            fn to_f64(x: &Self::N) -> f64 {
                x.to_f64().unwrap_or(f64::NAN)
            }
            fn to_f32(x: &Self::N) -> f32 {
                x.to_f32().unwrap_or(f32::NAN)
            }
            fn modpow(b: &Self::N, e: &Self::N, m: &Self::N) -> Self::N {
                b.modpow(e, m)
            }
            fn gcd(a: &Self::N, b: &Self::N) -> Self::N {
                a.gcd(b)
            }
        }
    };
}

num_bigint_api!(
    /// `core_num::BigUint`.
    Core,
    core_num::BigUint,
    "core"
);
num_bigint_api!(
    /// `num_bigint::BigUint` 0.4.
    NumBigint,
    num_bigint::BigUint,
    "num-bigint"
);

#[cfg(feature = "extra-peers")]
mod extra {
    //! The peers behind the `extra-peers` feature.

    use super::Lib;
    use malachite::base::num::arithmetic::traits::{Gcd as _, ModPow as _};
    use malachite::base::num::conversion::traits::RoundingFrom as _;
    use malachite::base::rounding_modes::RoundingMode;
    use malachite::Natural;

    /// `malachite::Natural` (64-bit limbs).
    pub struct Malachite;

    impl Lib for Malachite {
        type N = Natural;
        const NAME: &'static str = "malachite";
        fn from_le(bytes: &[u8]) -> Natural {
            let limbs = bytes
                .chunks(8)
                .map(|c| {
                    let mut w = [0u8; 8];
                    w[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(w)
                })
                .collect();
            Natural::from_owned_limbs_asc(limbs)
        }
        fn hex(x: &Natural) -> String {
            format!("{x:x}")
        }
        fn mul(a: &Natural, b: &Natural) -> Natural {
            a * b
        }
        fn shl(x: &Natural, bits: u32) -> Natural {
            x << bits
        }
        fn div(a: &Natural, b: &Natural) -> Natural {
            a / b
        }
        fn parse(s: &str) -> Option<Natural> {
            s.parse().ok()
        }
        fn to_f64(x: &Natural) -> f64 {
            f64::rounding_from(x, RoundingMode::Nearest).0
        }
        fn to_f32(x: &Natural) -> f32 {
            f32::rounding_from(x, RoundingMode::Nearest).0
        }
        fn modpow(b: &Natural, e: &Natural, m: &Natural) -> Natural {
            b.mod_pow(e, m)
        }
        fn gcd(a: &Natural, b: &Natural) -> Natural {
            a.gcd(b)
        }
    }

    /// `dashu_int::UBig`; modpow through its Montgomery ring (its fastest at 2048 bits).
    pub struct Dashu;

    impl Lib for Dashu {
        type N = dashu_int::UBig;
        const NAME: &'static str = "dashu";
        fn from_le(bytes: &[u8]) -> Self::N {
            dashu_int::UBig::from_le_bytes(bytes)
        }
        fn hex(x: &Self::N) -> String {
            format!("{x:x}")
        }
        fn mul(a: &Self::N, b: &Self::N) -> Self::N {
            a * b
        }
        fn shl(x: &Self::N, bits: u32) -> Self::N {
            x << bits as usize
        }
        fn div(a: &Self::N, b: &Self::N) -> Self::N {
            a / b
        }
        fn parse(s: &str) -> Option<Self::N> {
            s.parse().ok()
        }
        fn to_f64(x: &Self::N) -> f64 {
            x.to_f64().value()
        }
        fn to_f32(x: &Self::N) -> f32 {
            x.to_f32().value()
        }
        fn modpow(b: &Self::N, e: &Self::N, m: &Self::N) -> Self::N {
            let ring = dashu_int::monty::MontgomeryRepr::new(m.clone());
            ring.reduce(b.clone()).pow(e).residue()
        }
        fn gcd(a: &Self::N, b: &Self::N) -> Self::N {
            dashu_int::ops::Gcd::gcd(a, b)
        }
    }

    /// `rug::Integer` (GMP's `mpz`).
    pub struct Rug;

    impl Lib for Rug {
        type N = rug::Integer;
        const NAME: &'static str = "rug";
        fn from_le(bytes: &[u8]) -> Self::N {
            rug::Integer::from_digits(bytes, rug::integer::Order::Lsf)
        }
        fn hex(x: &Self::N) -> String {
            format!("{x:x}")
        }
        fn mul(a: &Self::N, b: &Self::N) -> Self::N {
            rug::Integer::from(a * b)
        }
        fn shl(x: &Self::N, bits: u32) -> Self::N {
            rug::Integer::from(x << bits)
        }
        fn div(a: &Self::N, b: &Self::N) -> Self::N {
            rug::Integer::from(a / b)
        }
        fn parse(s: &str) -> Option<Self::N> {
            s.parse().ok()
        }
        fn to_f64(x: &Self::N) -> f64 {
            x.to_f64()
        }
        fn to_f32(x: &Self::N) -> f32 {
            x.to_f32()
        }
        fn modpow(b: &Self::N, e: &Self::N, m: &Self::N) -> Self::N {
            b.pow_mod_ref(e, m).map_or_else(rug::Integer::new, rug::Integer::from)
        }
        fn gcd(a: &Self::N, b: &Self::N) -> Self::N {
            rug::Integer::from(a.gcd_ref(b))
        }
    }
}

/// The work of one case, on inputs every library converts from the same bytes.
#[derive(Clone)]
enum Op {
    Mul(Rc<[u8]>, Rc<[u8]>),
    Shl(Rc<[u8]>, u32),
    Div(Rc<[u8]>, Rc<[u8]>),
    Parse(Rc<str>),
    ToString(Rc<[u8]>),
    ToF64(Rc<[u8]>),
    ToF32(Rc<[u8]>),
    ModPow(Rc<[u8]>, Rc<[u8]>, Rc<[u8]>),
    Gcd(Rc<[u8]>, Rc<[u8]>),
}

/// The state of a two-operand function: the operands and the last result.
type Binary<N> = (N, N, Option<N>);
/// The state of `modpow`: base, exponent, modulus and the last result.
type Ternary<N> = (N, N, N, Option<N>);

/// The digest of an optional result.
fn hex_of<L: Lib>(x: &Option<L::N>) -> String {
    x.as_ref().map_or_else(|| "<none>".to_string(), L::hex)
}

impl Op {
    /// `L`'s function for this work.
    fn function<L: Lib>(&self, role: Role) -> Function {
        let n = L::NAME;
        match self {
            Op::Mul(a, b) | Op::Div(a, b) | Op::Gcd(a, b) => {
                let run: fn(&L::N, &L::N) -> L::N = match self {
                    Op::Mul(..) => L::mul,
                    Op::Div(..) => L::div,
                    _ => L::gcd,
                };
                Function::with_digest(
                    n,
                    role,
                    (L::from_le(a), L::from_le(b), None::<L::N>),
                    move |(a, b, out): &mut Binary<L::N>| *out = Some(run(a, b)),
                    |(_, _, out)| hex_of::<L>(out),
                )
            }
            Op::Shl(x, bits) => {
                let bits = *bits;
                Function::with_digest(
                    n,
                    role,
                    (L::from_le(x), None::<L::N>),
                    move |(x, out): &mut (L::N, Option<L::N>)| *out = Some(L::shl(x, bits)),
                    |(_, out)| hex_of::<L>(out),
                )
            }
            Op::Parse(text) => Function::with_digest(
                n,
                role,
                (text.clone(), None::<L::N>),
                |(s, out): &mut (Rc<str>, Option<L::N>)| *out = L::parse(s),
                |(_, out)| hex_of::<L>(out),
            ),
            Op::ToString(x) => Function::with_digest(
                n,
                role,
                (L::from_le(x), String::new()),
                |(x, s): &mut (L::N, String)| *s = x.to_string(),
                |(_, s)| s.clone(),
            ),
            Op::ToF64(x) => {
                Function::new(n, role, L::from_le(x), |x: &mut L::N| L::to_f64(x).to_bits())
            }
            Op::ToF32(x) => {
                Function::new(n, role, L::from_le(x), |x: &mut L::N| L::to_f32(x).to_bits())
            }
            Op::ModPow(b, e, m) => Function::with_digest(
                n,
                role,
                (L::from_le(b), L::from_le(e), L::from_le(m), None::<L::N>),
                |(b, e, m, out): &mut Ternary<L::N>| *out = Some(L::modpow(b, e, m)),
                |(_, _, _, out)| hex_of::<L>(out),
            ),
        }
    }

    /// Ours, then every peer compiled in.
    fn functions(&self) -> Vec<Function> {
        #[allow(unused_mut)] // without `extra-peers`
        let mut f = vec![self.function::<Core>(OURS), self.function::<NumBigint>(vs("core"))];
        #[cfg(feature = "extra-peers")]
        f.extend([
            self.function::<extra::Malachite>(vs("core")),
            self.function::<extra::Dashu>(vs("core")),
            self.function::<extra::Rug>(vs("core")),
        ]);
        f
    }
}

fn case(
    op: &'static str,
    input: String,
    size: Option<usize>,
    seed: Option<Seed>,
    work: Op,
) -> Case {
    let bytes = match &work {
        Op::Parse(s) => Some(s.len() as u64),
        _ => None,
    };
    Case { op, input, bytes, size, seed, functions: work.functions() }
}

/// A random number of exactly `bits` bits (top bit set), least significant byte first.
fn random_bits(bits: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let words = bits.div_ceil(64);
    let mut v: Vec<u8> = (0..words).flat_map(|_| rng.next_u64().to_le_bytes()).collect();
    v.truncate(bits.div_ceil(8));
    let top = (bits - 1) % 8;
    let last = v.len() - 1;
    v[last] &= ((1u16 << (top + 1)) - 1) as u8;
    v[last] |= 1 << top;
    v
}

/// `"9"` followed by `digits - 1` random decimal digits.
fn decimal_text(digits: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut s = String::with_capacity(digits);
    s.push('9');
    s.extend((1..digits).map(|_| char::from(b'0' + rng.below(10) as u8)));
    s
}

/// Every `core-num` big-integer case.
pub fn cases() -> Vec<Case> {
    let mut all = vec![mul_sweep(MUL_LIMBS[0]), seed_mul(64), mul_sweep(MUL_LIMBS[1])];
    all.push(seed_mul(512));
    all.extend(MUL_LIMBS[2..].iter().map(|&n| mul_sweep(n)));
    all.extend([seed_shl(64), seed_shl(512), seed_div(false), seed_div(true)]);
    all.extend([parse(None), parse(Some(DIGITS[0])), parse(Some(DIGITS[1]))]);
    all.extend([to_string(None), to_string(Some(DIGITS[0])), to_string(Some(DIGITS[1]))]);
    all.extend(to_float());
    all.extend([modpow(), gcd()]);
    all
}

/// B-NUM-01 `Multiply`: `a * b`, both of `units` × 32 bits (seeds 1 and 2).
fn seed_mul(units: usize) -> Case {
    let seed = match units {
        64 => Seed { id: "B-NUM-01", net10_ns: 2_359.5, net11_ns: 1_328.2 },
        _ => Seed { id: "B-NUM-01", net10_ns: 68_063.6, net11_ns: 35_443.5 },
    };
    let work = Op::Mul(random_bits(units * 32, 1).into(), random_bits(units * 32, 2).into());
    case(MUL, format!("Multiply/{units}"), None, Some(seed), work)
}

/// Balanced multiplication of two `limbs` × 64-bit operands.
fn mul_sweep(limbs: usize) -> Case {
    let work = Op::Mul(random_bits(limbs * 64, 11).into(), random_bits(limbs * 64, 12).into());
    case(MUL, format!("{limbs}-limbs"), Some(limbs), None, work)
}

/// B-NUM-01 `ShiftLeft`: `x << 12345`, `x` of `units` × 32 bits (seed 3).
fn seed_shl(units: usize) -> Case {
    let seed = match units {
        64 => Seed { id: "B-NUM-01", net10_ns: 217.1, net11_ns: 121.6 },
        _ => Seed { id: "B-NUM-01", net10_ns: 673.0, net11_ns: 309.4 },
    };
    let work = Op::Shl(random_bits(units * 32, 3).into(), SHIFT);
    case(SHL, format!("ShiftLeft/{units}"), None, Some(seed), work)
}

/// B-NUM-02: 112 / 16 units (seeds 5, 4) below the threshold, 224 / 128 (seeds 7, 6) above.
fn seed_div(above: bool) -> Case {
    let (name, (nu, su), (du, sd), seed) = if above {
        let seed = Seed { id: "B-NUM-02", net10_ns: 10_766.7, net11_ns: 6_303.4 };
        ("Divide_AboveBurnikelZieglerThreshold", (224, 7), (128, 6), seed)
    } else {
        let seed = Seed { id: "B-NUM-02", net10_ns: 2_954.3, net11_ns: 1_493.8 };
        ("Divide_BelowBurnikelZieglerThreshold", (112, 5), (16, 4), seed)
    };
    let work = Op::Div(random_bits(nu * 32, su).into(), random_bits(du * 32, sd).into());
    case(DIV, name.into(), None, Some(seed), work)
}

/// The seed's 100,000-digit decimal text (B-NUM-03; seed 42).
fn seed_text() -> String {
    decimal_text(100_000, 42)
}

/// B-NUM-03 `ParseLargeDecimal` (`digits: None`), or a `digits`-long text.
fn parse(digits: Option<usize>) -> Case {
    match digits {
        None => {
            let seed = Seed { id: "B-NUM-03", net10_ns: 9_111_926.1, net11_ns: 3_899_478.0 };
            let work = Op::Parse(seed_text().into());
            case(PARSE, "ParseLargeDecimal".into(), None, Some(seed), work)
        }
        Some(d) => {
            let work = Op::Parse(decimal_text(d, 42).into());
            case(PARSE, format!("{d}-digits"), Some(d), None, work)
        }
    }
}

/// The bit length of the random operands of `digits` decimal digits: values in
/// `[2^(bits-1), 2^bits)` lie in `[10^(digits-1), 10^digits)`.
fn bits_for_digits(digits: usize) -> usize {
    ((digits - 1) as f64 * std::f64::consts::LOG2_10).ceil() as usize + 1
}

/// B-NUM-03 `ToStringLargeDecimal` (`digits: None`: the parsed seed text), or a random value
/// of `digits` decimal digits (no parse at setup, so building the 10^6-digit case is cheap).
fn to_string(digits: Option<usize>) -> Case {
    match digits {
        None => {
            let seed = Seed { id: "B-NUM-03", net10_ns: 135_894_135.4, net11_ns: 7_868_359.3 };
            let value: num_bigint::BigUint = seed_text().parse().expect("decimal digits");
            let work = Op::ToString(value.to_bytes_le().into());
            case(TO_STRING, "ToStringLargeDecimal".into(), None, Some(seed), work)
        }
        Some(d) => {
            let work = Op::ToString(random_bits(bits_for_digits(d), 42).into());
            case(TO_STRING, format!("{d}-digits"), Some(d), None, work)
        }
    }
}

/// 2^63 + 123, least significant byte first.
fn small_value() -> Vec<u8> {
    let mut v = vec![0u8; 8];
    v[0] = 123;
    v[7] = 0x80;
    v
}

/// 2^1023 + 2^511 + 123, least significant byte first.
fn large_value() -> Vec<u8> {
    let mut v = vec![0u8; 128];
    v[0] = 123;
    v[511 / 8] |= 1 << (511 % 8);
    v[127] = 0x80;
    v
}

/// B-NUM-04: 2^63 + 123 and 2^1023 + 2^511 + 123 to `f64` and `f32`.
fn to_float() -> Vec<Case> {
    let (small, large): (Rc<[u8]>, Rc<[u8]>) = (small_value().into(), large_value().into());
    let f = |input: &str, net10_ns, net11_ns, work| {
        let seed = Seed { id: "B-NUM-04", net10_ns, net11_ns };
        case(TO_FLOAT, input.into(), None, Some(seed), work)
    };
    vec![
        f("SmallToDouble", 2.873, 1.764, Op::ToF64(small.clone())),
        f("SmallToSingle", 3.548, 1.764, Op::ToF32(small)),
        f("LargeToDouble", 2.863, 2.797, Op::ToF64(large.clone())),
        f("LargeToSingle", 3.559, 2.849, Op::ToF32(large)),
    ]
}

/// `b^e mod m`: random 2048-bit odd modulus, exponent and base (reduced below the modulus).
fn modpow() -> Case {
    let mut m = random_bits(2048, 21);
    m[0] |= 1;
    let mb = num_bigint::BigUint::from_bytes_le(&m);
    let b = num_bigint::BigUint::from_bytes_le(&random_bits(2048, 22)) % &mb;
    let work = Op::ModPow(b.to_bytes_le().into(), random_bits(2048, 23).into(), m.into());
    case(MODPOW, "2048-bits".into(), None, None, work)
}

/// The gcd of two random 4,096-bit values.
fn gcd() -> Case {
    let work = Op::Gcd(random_bits(4096, 31).into(), random_bits(4096, 32).into());
    case(GCD, "4096-bits".into(), None, None, work)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_have_the_stated_size() {
        for bits in [1, 7, 8, 9, 63, 64, 65, 2048, 3_321_925] {
            let v = NumBigint::from_le(&random_bits(bits, 5));
            assert_eq!(v.bits(), bits as u64);
        }
        let t = decimal_text(1000, 42);
        assert_eq!(t.len(), 1000);
        assert!(t.starts_with('9') && t.bytes().all(|b| b.is_ascii_digit()));
        let x = NumBigint::from_le(&random_bits(bits_for_digits(1000), 42));
        assert_eq!(x.to_string().len(), 1000);
        for d in [1_000, 1_000_000] {
            let bits = bits_for_digits(d) as f64;
            assert!(bits - 1.0 >= (d - 1) as f64 * std::f64::consts::LOG2_10);
            assert!(bits < d as f64 * std::f64::consts::LOG2_10);
        }
    }

    #[test]
    fn seed_floats() {
        let one = || num_bigint::BigUint::from(1u8);
        assert_eq!(NumBigint::from_le(&small_value()), (one() << 63u32) + 123u32);
        assert_eq!(
            NumBigint::from_le(&large_value()),
            (one() << 1023u32) + (one() << 511u32) + 123u32
        );
    }

    #[test]
    fn every_case_agrees() {
        // The 10^6-digit cases take seconds for num-bigint: their 10^3-digit siblings and the
        // 10^5-digit seeds check the same code.
        for mut case in cases().into_iter().filter(|c| c.size.is_none_or(|s| s < 1_000_000)) {
            case.check().unwrap();
            assert!(case.functions.len() >= 2, "{}", case.name());
        }
    }

    #[test]
    fn names_are_unique() {
        let all = cases();
        let mut names: Vec<String> = all.iter().map(Case::name).collect();
        assert!(names.contains(&"core-num/bigint/mul/Multiply/64".to_string()));
        assert!(names.contains(&"core-num/bigint/div/Divide_AboveBurnikelZieglerThreshold".into()));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }
}
