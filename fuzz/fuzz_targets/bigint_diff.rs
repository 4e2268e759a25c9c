//! `BigInt` / `BigUint` against num-bigint 0.4 on operands of up to 2,600 limbs: a few
//! operations per input, chosen by the input (arithmetic, division, bitwise with negative
//! values, shifts, powers, modular arithmetic, gcd/lcm, roots, text, bytes, floats).
#![no_main]

#[path = "common/bigint_input.rs"]
mod input;

use core_num::{BigInt, BigUint, Sign};
use input::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint as nb;

fn r(x: &BigUint) -> nb::BigUint {
    nb::BigUint::new(x.to_u32_digits())
}

fn ri(x: &BigInt) -> nb::BigInt {
    let (sign, digits) = x.to_u32_digits();
    let sign = match sign {
        Sign::Minus => nb::Sign::Minus,
        Sign::NoSign => nb::Sign::NoSign,
        Sign::Plus => nb::Sign::Plus,
    };
    nb::BigInt::new(sign, digits)
}

fn one_op(input: &mut Input) {
    let op = input.byte();
    let (a, b) = (input.int(2600), input.int(2600));
    let (ra, rb) = (ri(&a), ri(&b));
    let (m, n) = (a.magnitude(), b.magnitude());
    let (rm, rn) = (ra.magnitude(), rb.magnitude());
    match op % 16 {
        0 => {
            assert_eq!(ri(&(&a + &b)), &ra + &rb);
            assert_eq!(ri(&(&a - &b)), &ra - &rb);
            assert_eq!(r(&(m + n)), rm + rn);
        }
        1 => {
            assert_eq!(ri(&(&a * &b)), &ra * &rb);
            assert_eq!(r(&(m * m)), rm * rm);
        }
        2 => {
            if !b.is_zero() {
                assert_eq!(ri(&(&a / &b)), &ra / &rb);
                assert_eq!(ri(&(&a % &b)), &ra % &rb);
                assert_eq!(r(&(m / n)), rm / rn);
                assert_eq!(r(&(m % n)), rm % rn);
            }
        }
        3 => {
            assert_eq!(ri(&(&a & &b)), &ra & &rb);
            assert_eq!(ri(&(&a | &b)), &ra | &rb);
            assert_eq!(ri(&(&a ^ &b)), &ra ^ &rb);
            assert_eq!(ri(&!&a), !&ra);
            assert_eq!(r(&(m & n)), rm & rn);
            assert_eq!(r(&(m | n)), rm | rn);
            assert_eq!(r(&(m ^ n)), rm ^ rn);
        }
        4 => {
            let s = input.u16() as usize % 9000;
            assert_eq!(ri(&(&a << s)), &ra << s);
            assert_eq!(ri(&(&a >> s)), &ra >> s);
            assert_eq!(r(&(m >> s)), rm >> s);
        }
        5 => {
            let e = u32::from(input.byte() % 64);
            let e = if a.bits() * u64::from(e) > 300_000 { e % 4 } else { e };
            assert_eq!(ri(&a.pow(e)), ra.pow(e));
        }
        6 => {
            // Small moduli keep num-bigint's modpow fast.
            let modulus = input.int(40);
            let exp = input.uint(16);
            if !modulus.is_zero() {
                let rmod = ri(&modulus);
                assert_eq!(
                    r(&m.modpow(&exp, modulus.magnitude())),
                    rm.modpow(&r(&exp), rmod.magnitude())
                );
                let sexp = BigInt::from(exp.clone());
                assert_eq!(ri(&a.modpow(&sexp, &modulus)), ra.modpow(&ri(&sexp), &rmod));
                assert_eq!(a.modinv(&modulus).map(|x| ri(&x)), ra.modinv(&rmod));
            }
        }
        7 => {
            let (a, b) =
                (&a >> (a.bits().saturating_sub(20_000)), &b >> (b.bits().saturating_sub(20_000)));
            let (ra, rb) = (ri(&a), ri(&b));
            assert_eq!(ri(&a.gcd(&b)), num_integer::Integer::gcd(&ra, &rb));
            assert_eq!(ri(&a.lcm(&b)), num_integer::Integer::lcm(&ra, &rb));
        }
        8 => {
            let k = u32::from(input.byte() % 20) + 1;
            assert_eq!(r(&m.sqrt()), rm.sqrt());
            assert_eq!(r(&m.nth_root(k)), rm.nth_root(k));
            if k % 2 == 1 {
                assert_eq!(ri(&a.nth_root(k)), ra.nth_root(k));
            }
        }
        9 => {
            let radix = u32::from(input.byte()) % 35 + 2;
            let s = a.to_str_radix(radix);
            assert_eq!(s, ra.to_str_radix(radix));
            assert_eq!(BigInt::from_str_radix(&s, radix).as_ref(), Ok(&a));
            assert_eq!(
                format!("{a:x} {a:#b} {a:+o} {b:>40} {b:X}"),
                format!("{ra:x} {ra:#b} {ra:+o} {rb:>40} {rb:X}")
            );
        }
        10 => {
            let len = input.byte() as usize;
            let text = input.take(len);
            let radix = u32::from(input.byte()) % 35 + 2;
            assert_eq!(
                BigInt::parse_bytes(text, radix).map(|x| ri(&x)),
                nb::BigInt::parse_bytes(text, radix)
            );
            assert_eq!(
                BigUint::parse_bytes(text, radix).map(|x| r(&x)),
                nb::BigUint::parse_bytes(text, radix)
            );
        }
        11 => {
            assert_eq!(a.to_signed_bytes_le(), ra.to_signed_bytes_le());
            assert_eq!(m.to_bytes_be(), rm.to_bytes_be());
            let len = input.byte() as usize;
            let raw = input.take(len);
            assert_eq!(
                ri(&BigInt::from_signed_bytes_be(raw)),
                nb::BigInt::from_signed_bytes_be(raw)
            );
            let radix = u32::from(input.byte()) + 2;
            if radix <= 256 {
                assert_eq!(m.to_radix_le(radix), rm.to_radix_le(radix));
                assert_eq!(
                    BigUint::from_radix_be(raw, radix).map(|x| r(&x)),
                    nb::BigUint::from_radix_be(raw, radix)
                );
            }
        }
        12 => {
            use num_traits::ToPrimitive;
            // std's decimal parser rounds correctly; num-bigint drops sticky bits below its
            // top 64, so it is no oracle for values just above a halfway point.
            let decimal = a.to_string();
            let f64_bits = decimal.parse::<f64>().ok().map(f64::to_bits);
            assert_eq!(a.to_f64().map(f64::to_bits), f64_bits);
            let f32_bits = decimal.parse::<f32>().ok().map(f32::to_bits);
            assert_eq!(a.to_f32().map(f32::to_bits), f32_bits);
            assert_eq!(a.to_i64(), ra.to_i64());
            assert_eq!(m.to_u128(), rm.to_u128());
            let f = f64::from_bits(input.u64());
            use num_traits::FromPrimitive;
            assert_eq!(BigInt::from_f64(f).map(|x| ri(&x)), nb::BigInt::from_f64(f));
        }
        13 => {
            assert_eq!(a.cmp(&b), ra.cmp(&rb));
            assert_eq!(a.bits(), ra.bits());
            assert_eq!(a.trailing_zeros(), ra.trailing_zeros());
            assert_eq!(m.count_ones(), rm.count_ones());
            let bit = u64::from(input.u16());
            assert_eq!(a.bit(bit), ra.bit(bit));
            let (mut x, mut y) = (a.clone(), ra.clone());
            x.set_bit(bit, op & 0x80 != 0);
            y.set_bit(bit, op & 0x80 != 0);
            assert_eq!(ri(&x), y);
        }
        14 => {
            let p = input.u64() as i64;
            assert_eq!(ri(&(&a + p)), &ra + p);
            assert_eq!(ri(&(p - &a)), p - &ra);
            assert_eq!(ri(&(&a * p)), &ra * p);
            if p != 0 {
                assert_eq!(ri(&(&a / p)), &ra / p);
                assert_eq!(ri(&(&a % p)), &ra % p);
            }
            if !a.is_zero() {
                assert_eq!(ri(&(p / &a)), p / &ra);
            }
        }
        _ => {
            let p = input.u64();
            assert_eq!(r(&(m + p)), rm + p);
            assert_eq!(r(&(m * p)), rm * p);
            if p != 0 {
                assert_eq!(r(&(m / p)), rm / p);
                assert_eq!(r(&(m % p)), rm % p);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    for _ in 0..4 {
        if input.is_empty() {
            break;
        }
        one_op(&mut input);
    }
});
