//! The optional features against num-bigint 0.4's own implementations:
//!
//! - `num-traits`: the same generic code over num-traits / num-integer bounds gives the same
//!   results for our types and num-bigint's;
//! - `num-bigint`: `From` both ways round-trips every value;
//! - `serde`: the same JSON and the same serde token stream (so binary formats match too),
//!   and each crate reads what the other writes;
//! - `rand`: the same seeded generator gives the same values.
//!
//! Run with `cargo test -p core-num --all-features --test features`.

#[allow(unused_imports)]
use core_num::{BigInt, BigUint, Sign};
#[allow(unused_imports)]
use num_bigint as nb;

#[allow(dead_code)]
fn r(x: &BigUint) -> nb::BigUint {
    nb::BigUint::new(x.to_u32_digits())
}

#[allow(dead_code)]
fn ri(x: &BigInt) -> nb::BigInt {
    let (s, d) = x.to_u32_digits();
    let s = match s {
        Sign::Minus => nb::Sign::Minus,
        Sign::NoSign => nb::Sign::NoSign,
        Sign::Plus => nb::Sign::Plus,
    };
    nb::BigInt::new(s, d)
}

/// Values with every shape of sign and size: zero, one limb, two limbs, many limbs.
#[allow(dead_code)]
fn samples() -> Vec<BigInt> {
    let mut v: Vec<BigInt> = [0i128, 1, -1, 2, 7, -12, 255, 1 << 32, u64::MAX as i128, -(1 << 64)]
        .iter()
        .map(|&x| BigInt::from(x))
        .collect();
    v.push(BigInt::from(3).pow(200));
    v.push(-BigInt::from(7).pow(333) + 1);
    v.push((BigInt::from(1) << 640) - 1);
    v
}

#[cfg(feature = "num-traits")]
mod num_traits_feature {
    use super::*;
    use num_integer::{Integer, Roots};
    use num_traits::{
        CheckedAdd, CheckedDiv, CheckedEuclid, CheckedMul, CheckedSub, ConstZero, Euclid,
        FromBytes, FromPrimitive, Num, One, Pow, Signed, ToBytes, ToPrimitive, Zero,
    };
    use std::fmt::Display;

    /// Everything the traits offer on an integer type, as text.
    fn integer_ops<T>(a: &T, b: &T, k: u32, f: f64) -> Vec<String>
    where
        T: Integer
            + Roots
            + Clone
            + Display
            + ToPrimitive
            + FromPrimitive
            + CheckedAdd
            + CheckedSub
            + CheckedMul
            + CheckedDiv
            + Euclid
            + CheckedEuclid
            + Pow<u8, Output = T>
            + Pow<u64, Output = T>
            + Pow<usize, Output = T>
            + ToBytes
            + FromBytes<Bytes = [u8]>,
        for<'x> &'x T: Pow<&'x u32, Output = T> + Pow<u128, Output = T>,
        <T as ToBytes>::Bytes: AsRef<[u8]>,
        <T as Num>::FromStrRadixErr: std::fmt::Debug,
    {
        let mut out = Vec::new();
        let mut push = |name: &str, s: String| out.push(format!("{name}: {s}"));
        push("zero one", format!("{} {} {} {}", T::zero(), T::one(), a.is_zero(), a.is_one()));
        push("checked", format!("{:?}", a.checked_add(b).map(|x| x.to_string())));
        push("checked", format!("{:?}", a.checked_sub(b).map(|x| x.to_string())));
        push("checked", format!("{:?}", a.checked_mul(b).map(|x| x.to_string())));
        push("checked", format!("{:?}", a.checked_div(b).map(|x| x.to_string())));
        push("checked_euclid", format!("{:?}", a.checked_div_euclid(b).map(|x| x.to_string())));
        push("checked_euclid", format!("{:?}", a.checked_rem_euclid(b).map(|x| x.to_string())));
        if !b.is_zero() {
            push("div_floor", a.div_floor(b).to_string());
            push("mod_floor", a.mod_floor(b).to_string());
            let (q, r) = a.div_rem(b);
            push("div_rem", format!("{q} {r}"));
            let (q, r) = a.div_mod_floor(b);
            push("div_mod_floor", format!("{q} {r}"));
            push("div_euclid", Euclid::div_euclid(a, b).to_string());
            push("rem_euclid", Euclid::rem_euclid(a, b).to_string());
            push("next_multiple_of", a.next_multiple_of(b).to_string());
            push("prev_multiple_of", a.prev_multiple_of(b).to_string());
        }
        push("is_multiple_of", a.is_multiple_of(b).to_string());
        push("gcd", a.gcd(b).to_string());
        push("lcm", a.lcm(b).to_string());
        let (g, l) = a.gcd_lcm(b);
        push("gcd_lcm", format!("{g} {l}"));
        push("parity", format!("{} {}", a.is_even(), a.is_odd()));
        if *a >= T::zero() {
            push("sqrt", a.sqrt().to_string());
        }
        if *a >= T::zero() || k % 2 == 1 {
            push("nth_root", a.nth_root(k).to_string());
        }
        push("cbrt", a.cbrt().to_string());
        push("pow", Pow::pow(a.clone(), 3u8).to_string());
        push("pow", Pow::pow(a.clone(), 2u64).to_string());
        push("pow", Pow::pow(a.clone(), 5usize).to_string());
        push("pow", Pow::pow(a, &7u32).to_string());
        push("pow", Pow::pow(a, 4u128).to_string());
        push(
            "to_primitive",
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                a.to_i8(),
                a.to_u16(),
                a.to_i32(),
                a.to_u64(),
                a.to_i64(),
                a.to_u128(),
                a.to_i128(),
                a.to_usize()
            ),
        );
        push(
            "to_float",
            format!("{:?} {:?}", a.to_f64().map(f64::to_bits), a.to_f32().map(f32::to_bits)),
        );
        let from = |x: Option<T>| format!("{:?}", x.map(|x| x.to_string()));
        push("from_f64", from(T::from_f64(f)));
        push("from_f32", from(T::from_f32(f as f32)));
        push("from_i64", from(T::from_i64(f as i64)));
        push("from_u64", from(T::from_u64(f as u64)));
        push("from_i128", from(T::from_i128(f as i128)));
        push("from_u128", from(T::from_u128(f as u128)));
        let be = a.to_be_bytes();
        let le = a.to_le_bytes();
        push("bytes", format!("{:?} {:?}", be.as_ref(), le.as_ref()));
        push(
            "from_bytes",
            format!("{} {}", T::from_be_bytes(be.as_ref()), T::from_le_bytes(le.as_ref())),
        );
        let text = a.to_string();
        push(
            "from_str_radix",
            format!("{:?}", T::from_str_radix(&text, 10).map(|x| x.to_string())),
        );
        push(
            "from_str_radix",
            format!("{:?}", T::from_str_radix("zz_z", 36).map(|x| x.to_string())),
        );
        let mut x = a.clone();
        x.inc();
        x.inc();
        x.dec();
        push("inc dec", x.to_string());
        let mut x = a.clone();
        x.set_zero();
        push("set_zero", x.to_string());
        out
    }

    fn signed_ops<T: Signed + Display>(a: &T, b: &T) -> String {
        format!(
            "{} {} {} {} {} {}",
            a.abs(),
            a.abs_sub(b),
            a.signum(),
            a.is_positive(),
            a.is_negative(),
            T::one().neg()
        )
    }

    #[test]
    fn same_results_as_num_bigint() {
        let values = samples();
        for a in &values {
            for b in &values {
                for (k, f) in [(1, 0.5), (2, -3.75), (3, 1e19), (5, -1e30), (64, f64::NAN)] {
                    let ours = integer_ops(a, b, k, f);
                    let theirs = integer_ops(&ri(a), &ri(b), k, f);
                    assert_eq!(ours, theirs, "{a} {b}");
                    let (m, n) = (a.magnitude(), b.magnitude());
                    assert_eq!(integer_ops(m, n, k, f), integer_ops(&r(m), &r(n), k, f), "{m} {n}");
                }
                assert_eq!(signed_ops(a, b), signed_ops(&ri(a), &ri(b)));
                let e = b.magnitude() % 20u32;
                assert_eq!(Pow::pow(a, &e).to_string(), Pow::pow(ri(a), r(&e)).to_string());
                let m = a.magnitude();
                assert_eq!(Pow::pow(m, e.clone()).to_string(), Pow::pow(r(m), &r(&e)).to_string());
                let (eg, reg) = (a.extended_gcd(b), ri(a).extended_gcd(&ri(b)));
                assert_eq!(
                    (eg.gcd.to_string(), eg.x.to_string(), eg.y.to_string()),
                    (reg.gcd.to_string(), reg.x.to_string(), reg.y.to_string())
                );
            }
        }
        assert_eq!(<BigUint as ConstZero>::ZERO, BigUint::zero());
        assert_eq!(<BigInt as ConstZero>::ZERO, BigInt::zero());
        assert_eq!(<BigUint as num_traits::ConstOne>::ONE, BigUint::one());
        assert_eq!(<BigUint as num_traits::bounds::LowerBounded>::min_value(), BigUint::zero());
    }

    #[test]
    fn wide_exponents() {
        // Exponents past u32 work for the bases whose powers fit in memory.
        let one = BigUint::one();
        assert_eq!(Pow::pow(&one, u64::MAX), one);
        assert_eq!(Pow::pow(BigUint::zero(), u128::MAX), BigUint::zero());
        let minus_one = -BigInt::one();
        assert_eq!(Pow::pow(&minus_one, u64::MAX), minus_one);
        assert_eq!(Pow::pow(&minus_one, u64::MAX - 1), BigInt::one());
        let huge = BigUint::one() << 100u32;
        assert_eq!(Pow::pow(&minus_one, &huge), BigInt::one());
        assert_eq!(Pow::pow(BigUint::from(2u32), BigUint::from(10u32)), BigUint::from(1024u32));
    }
}

#[cfg(feature = "num-bigint")]
mod num_bigint_feature {
    use super::*;

    #[test]
    fn from_both_ways() {
        for a in samples() {
            let theirs = nb::BigInt::from(&a);
            assert_eq!(theirs, ri(&a));
            assert_eq!(BigInt::from(&theirs), a);
            assert_eq!(BigInt::from(theirs.clone()), a);
            assert_eq!(nb::BigInt::from(a.clone()), theirs);
            let m = a.magnitude().clone();
            let theirs = nb::BigUint::from(&m);
            assert_eq!(theirs, r(&m));
            assert_eq!(BigUint::from(&theirs), m);
            assert_eq!(BigUint::from(theirs), m);
            assert_eq!(Sign::from(nb::Sign::from(a.sign())), a.sign());
        }
    }
}

#[cfg(feature = "serde")]
mod serde_feature {
    use super::*;
    use serde_test::{assert_tokens, Token};

    fn tokens_unsigned(m: &BigUint, out: &mut Vec<Token>) {
        let digits = m.to_u32_digits();
        out.push(Token::Seq { len: Some(digits.len()) });
        out.extend(digits.into_iter().map(Token::U32));
        out.push(Token::SeqEnd);
    }

    #[test]
    fn same_form_as_num_bigint() {
        for a in samples() {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(json, serde_json::to_string(&ri(&a)).unwrap());
            assert_eq!(serde_json::from_str::<BigInt>(&json).unwrap(), a);
            assert_eq!(serde_json::from_str::<nb::BigInt>(&json).unwrap(), ri(&a));
            let m = a.magnitude();
            let json = serde_json::to_string(m).unwrap();
            assert_eq!(json, serde_json::to_string(&r(m)).unwrap());
            assert_eq!(&serde_json::from_str::<BigUint>(&json).unwrap(), m);

            // The token stream (what a binary format sees) is num-bigint's too.
            let mut tokens = Vec::new();
            tokens_unsigned(m, &mut tokens);
            assert_tokens(m, &tokens);
            assert_tokens(&r(m), &tokens);
            let sign = match a.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            };
            let mut tokens = vec![Token::Tuple { len: 2 }, Token::I8(sign)];
            tokens_unsigned(m, &mut tokens);
            tokens.push(Token::TupleEnd);
            assert_tokens(&a, &tokens);
            assert_tokens(&ri(&a), &tokens);
            assert_tokens(&a.sign(), &[Token::I8(sign)]);
        }
    }

    #[test]
    fn lenient_and_strict_inputs_as_num_bigint() {
        let unsigned = [
            "[]",
            "[1,0,0]",
            "[0]",
            "[4294967295,4294967295]",
            "[4294967296]",
            "[-1]",
            "[1.5]",
            "{}",
            "\"12\"",
            "[1,[2]]",
            "null",
        ];
        for json in unsigned {
            let ours = serde_json::from_str::<BigUint>(json).ok();
            let theirs = serde_json::from_str::<nb::BigUint>(json).ok();
            assert_eq!(ours.as_ref().map(r), theirs, "{json}");
        }
        let signed = [
            "[1,[5]]",
            "[-1,[5,1]]",
            "[0,[5]]",
            "[-1,[]]",
            "[1,[]]",
            "[2,[1]]",
            "[-2,[1]]",
            "[1]",
            "[1,[1],3]",
            "[]",
            "[1,[0,0]]",
            "[300,[1]]",
            "[\"1\",[1]]",
        ];
        for json in signed {
            let ours = serde_json::from_str::<BigInt>(json).ok();
            let theirs = serde_json::from_str::<nb::BigInt>(json).ok();
            assert_eq!(ours.as_ref().map(ri), theirs, "{json}");
        }
        for json in ["-1", "0", "1", "2", "-2", "\"+\""] {
            let ours = serde_json::from_str::<Sign>(json).ok();
            let theirs = serde_json::from_str::<nb::Sign>(json).ok();
            assert_eq!(ours.map(|s| s as i8 - 1), theirs.map(|s| s as i8 - 1), "{json}");
        }
    }
}

#[cfg(feature = "rand")]
mod rand_feature {
    use super::*;
    use core_num::bigint::{RandBigInt, RandomBits};
    use rand::distributions::{Distribution, Uniform};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn rngs(seed: u64) -> (StdRng, StdRng) {
        (StdRng::seed_from_u64(seed), StdRng::seed_from_u64(seed))
    }

    #[test]
    fn same_values_as_num_bigint_for_a_seed() {
        for seed in 0..20 {
            let (mut a, mut b) = rngs(seed);
            for bits in [0, 1, 31, 32, 33, 63, 64, 65, 100, 1000, 4097] {
                let x = RandBigInt::gen_biguint(&mut a, bits);
                assert!(x.bits() <= bits);
                assert_eq!(r(&x), nb::RandBigInt::gen_biguint(&mut b, bits));
                let x = RandBigInt::gen_bigint(&mut a, bits);
                assert!(x.bits() <= bits);
                assert_eq!(ri(&x), nb::RandBigInt::gen_bigint(&mut b, bits));
                let x: BigUint = a.sample(RandomBits::new(bits));
                assert_eq!(r(&x), b.sample(nb::RandomBits::new(bits)));
                let x: BigInt = a.sample(RandomBits::new(bits));
                assert_eq!(ri(&x), b.sample(nb::RandomBits::new(bits)));
            }
            let values = samples();
            for lo in &values {
                for hi in &values {
                    let (lm, hm) = (lo.magnitude(), hi.magnitude());
                    if !hm.is_zero() {
                        let x = RandBigInt::gen_biguint_below(&mut a, hm);
                        assert!(x < *hm);
                        assert_eq!(r(&x), nb::RandBigInt::gen_biguint_below(&mut b, &r(hm)));
                    }
                    if lm < hm {
                        let x = RandBigInt::gen_biguint_range(&mut a, lm, hm);
                        assert!(*lm <= x && x < *hm);
                        assert_eq!(
                            r(&x),
                            nb::RandBigInt::gen_biguint_range(&mut b, &r(lm), &r(hm))
                        );
                        let x: BigUint = a.gen_range(lm.clone()..hm.clone());
                        assert_eq!(r(&x), b.gen_range(r(lm)..r(hm)));
                        let x: BigUint = a.gen_range(lm.clone()..=hm.clone());
                        assert!(*lm <= x && x <= *hm);
                        assert_eq!(r(&x), b.gen_range(r(lm)..=r(hm)));
                        let x = Uniform::new(lm, hm).sample(&mut a);
                        assert_eq!(r(&x), Uniform::new(r(lm), r(hm)).sample(&mut b));
                    }
                    if lo < hi {
                        let x = RandBigInt::gen_bigint_range(&mut a, lo, hi);
                        assert!(lo <= &x && &x < hi);
                        assert_eq!(
                            ri(&x),
                            nb::RandBigInt::gen_bigint_range(&mut b, &ri(lo), &ri(hi))
                        );
                        let x: BigInt = a.gen_range(lo.clone()..hi.clone());
                        assert_eq!(ri(&x), b.gen_range(ri(lo)..ri(hi)));
                        let x = Uniform::new_inclusive(lo, hi).sample(&mut a);
                        assert!(lo <= &x && &x <= hi);
                        assert_eq!(ri(&x), Uniform::new_inclusive(ri(lo), ri(hi)).sample(&mut b));
                    }
                }
            }
        }
    }

    #[test]
    fn uniform_over_a_small_range() {
        // Every value of [-3, 4) turns up, and nothing else.
        let mut rng = StdRng::seed_from_u64(99);
        let mut seen = [0u32; 7];
        for _ in 0..2000 {
            let x = rng.gen_bigint_range(&BigInt::from(-3), &BigInt::from(4));
            seen[usize::try_from(x + 3).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&n| n > 200), "{seen:?}");
    }

    #[test]
    #[should_panic]
    fn below_zero_panics() {
        let mut rng = StdRng::seed_from_u64(1);
        rng.gen_biguint_below(&BigUint::from(0u32));
    }

    #[test]
    #[should_panic]
    fn empty_range_panics() {
        let mut rng = StdRng::seed_from_u64(1);
        rng.gen_bigint_range(&BigInt::from(2), &BigInt::from(2));
    }
}
