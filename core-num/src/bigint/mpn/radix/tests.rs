//! Differential tests against num-bigint, plus round trips and error positions.

extern crate std;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::Zero;

use super::{
    format, parse, parse_digit_values, parse_radix, to_digit_values, write_radix, AsciiAlnum,
    RADICES,
};
use crate::bigint::mpn::test_util::Rng;
use crate::bigint::mpn::thresholds::{PARSE_DC, TO_STR_DC};

/// This suite's operand shapes.
trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
    fn digits(&mut self, n: usize, radix: u32) -> Vec<u8>;
}

impl Operands for Rng {
    /// `n` limbs, sometimes all ones, with a random number of top bits cleared.
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let ones = self.below(8) == 0;
        let mut v: Vec<u64> = (0..n).map(|_| if ones { u64::MAX } else { self.next() }).collect();
        if let Some(top) = v.last_mut() {
            *top >>= self.below(64);
            if *top == 0 {
                *top = 1;
            }
        }
        v
    }

    /// `n` random ASCII digits of `radix`, the first one non-zero.
    fn digits(&mut self, n: usize, radix: u32) -> Vec<u8> {
        (0..n)
            .map(|i| {
                let lo = (i == 0) as u64;
                ascii(lo + self.below(radix as u64 - lo), self.below(2) == 0)
            })
            .collect()
    }
}

fn ascii(v: u64, upper: bool) -> u8 {
    match v {
        0..=9 => b'0' + v as u8,
        _ if upper => b'A' + v as u8 - 10,
        _ => b'a' + v as u8 - 10,
    }
}

fn big(a: &[u64]) -> BigUint {
    let bytes: Vec<u8> = a.iter().flat_map(|l| l.to_le_bytes()).collect();
    BigUint::from_bytes_le(&bytes)
}

fn limbs_of(b: &BigUint) -> Vec<u64> {
    b.to_u64_digits()
}

fn write(a: &[u64], radix: u32, upper: bool) -> String {
    let mut out = Vec::new();
    write_radix(a, radix, upper, &mut out);
    String::from_utf8(out).unwrap()
}

/// Writes `a` in `radix` both cases, checks against num-bigint, parses back both cases.
fn check_value(a: &[u64], radix: u32) {
    let expect = big(a).to_str_radix(radix);
    let lower = write(a, radix, false);
    assert_eq!(lower, expect, "radix {radix}, {} limbs", a.len());
    let upper = write(a, radix, true);
    assert_eq!(upper, expect.to_ascii_uppercase());
    let norm = crate::bigint::mpn::normalized(a);
    assert_eq!(parse_radix(lower.as_bytes(), radix).unwrap(), norm);
    assert_eq!(parse_radix(upper.as_bytes(), radix).unwrap(), norm);
}

/// Parses the ASCII digits `s` and checks against num-bigint, then writes the value back.
fn check_string(s: &[u8], radix: u32) {
    let expect = BigUint::parse_bytes(s, radix).unwrap();
    let got = parse_radix(s, radix).unwrap();
    assert_eq!(got, limbs_of(&expect), "radix {radix}, {} digits", s.len());
    assert_eq!(write(&got, radix, false), expect.to_str_radix(radix));
}

#[test]
fn every_radix_every_size_to_200_limbs() {
    let mut rng = Rng(1);
    for radix in 2..=36 {
        for n in 0..200 {
            check_value(&rng.limbs(n), radix);
        }
    }
}

#[test]
fn thresholds_and_power_boundaries() {
    let mut rng = Rng(2);
    for radix in [3, 7, 10, 12, 36] {
        let k = RADICES[radix as usize].chunk_digits;
        let mut lens = vec![PARSE_DC * k, 2 * PARSE_DC * k];
        for j in 0..=10 {
            lens.push(k << j);
        }
        for len in lens {
            for len in len.saturating_sub(1)..=len + 1 {
                check_string(&rng.digits(len.max(1), radix), radix);
            }
        }
        for n in [TO_STR_DC, 2 * TO_STR_DC, 4 * TO_STR_DC, 300, 513] {
            for n in n - 1..=n + 1 {
                check_value(&rng.limbs(n), radix);
            }
        }
    }
}

#[test]
fn powers_of_the_radix_and_neighbours() {
    for radix in 2..=36u32 {
        let k = RADICES[radix as usize].chunk_digits;
        for e in [0, 1, k - 1, k, k + 1, 2 * k, PARSE_DC * k, PARSE_DC * k + 1, 64 * k, 200 * k] {
            let p = BigUint::from(radix).pow(e as u32);
            let mut vals = vec![p.clone(), &p + 1u32];
            if !p.is_zero() {
                vals.push(&p - 1u32);
            }
            for v in vals {
                check_value(&limbs_of(&v), radix);
            }
        }
    }
}

#[test]
fn leading_zeros_all_nines_and_zero() {
    let mut rng = Rng(3);
    for radix in [2, 8, 10, 16, 17, 36] {
        for zeros in [1, 5, 64, 1000, 5000] {
            for len in [0, 1, 19, 40, 700, 3000] {
                let mut s = vec![b'0'; zeros];
                s.extend(rng.digits(len, radix));
                check_string(&s, radix);
            }
        }
    }
    for len in (1..100).chain([570, 571, 1216, 1217, 2432, 5000, 20_000]) {
        check_string(&vec![b'9'; len], 10);
        check_string(&vec![b'z'; len], 36);
    }
    assert_eq!(parse_radix(b"0", 10), Ok(Vec::new()));
    assert_eq!(write(&[], 10, false), "0");
    assert_eq!(write(&[0, 0, 0], 7, false), "0");
    assert_eq!(write(&[5, 0, 0], 10, false), "5");
    assert_eq!(write(&[u64::MAX, 0], 16, true), "FFFFFFFFFFFFFFFF");
    assert_eq!(to_digit_values(&[], 256), [0]);
    assert_eq!(to_digit_values(&[0, 0], 10), [0]);
    assert_eq!(parse_digit_values(&[], 10), Vec::<u64>::new());
    assert_eq!(parse_digit_values(&[0, 0, 0], 200), Vec::<u64>::new());
    let mut out = b"x=".to_vec();
    write_radix(&[255], 2, false, &mut out);
    assert_eq!(out, b"x=11111111");
}

#[test]
fn digit_values_radix_2_to_256() {
    let mut rng = Rng(4);
    for radix in 2..=256u32 {
        for n in [0, 1, 2, 3, 7, TO_STR_DC + 1, 70] {
            let a = rng.limbs(n);
            let b = big(&a);
            let expect = if n == 0 { vec![0] } else { b.to_radix_be(radix) };
            let got = to_digit_values(&a, radix);
            assert_eq!(got, expect, "radix {radix}, {n} limbs");
            assert_eq!(parse_digit_values(&got, radix), crate::bigint::mpn::normalized(&a));
        }
        let len = PARSE_DC * RADICES[radix as usize].chunk_digits * 3 + 5;
        let mut vals: Vec<u8> = (0..len).map(|_| rng.below(radix as u64) as u8).collect();
        vals[..3].fill(0);
        let expect = BigUint::from_radix_be(&vals, radix).unwrap();
        assert_eq!(parse_digit_values(&vals, radix), limbs_of(&expect), "radix {radix}");
    }
}

#[test]
fn error_index_at_every_position() {
    let mut rng = Rng(5);
    for radix in 2..=36u32 {
        let mut bad =
            vec![b' ', b'+', b'-', b'_', b'/', b':', b'@', b'[', b'`', b'{', 0, 0x80, 0xFF];
        if radix < 36 {
            bad.push(ascii(radix as u64, false));
            bad.push(ascii(radix as u64, true));
        }
        for len in [1, 2, 12, 20] {
            let s = rng.digits(len, radix);
            for pos in 0..len {
                for &b in &bad {
                    let mut t = s.clone();
                    t[pos] = b;
                    assert_eq!(parse_radix(&t, radix), Err(pos), "radix {radix} {t:?}");
                    // A second bad byte further on does not change the answer.
                    t.push(b'!');
                    assert_eq!(parse_radix(&t, radix), Err(pos));
                }
            }
        }
        let s = rng.digits(1000, radix);
        for pos in [0, 62, 63, 64, 65, 127, 128, 500, 998, 999] {
            let mut t = s.clone();
            t[pos] = b'.';
            assert_eq!(parse_radix(&t, radix), Err(pos));
        }
    }
}

/// `value mod (2^61 - 1)` from limbs and from decimal digits, independently of num-bigint.
fn residues(limbs: &[u64], digits: &[u8]) -> (u64, u64) {
    const M: u128 = (1 << 61) - 1;
    let from_limbs = limbs.iter().rev().fold(0u128, |acc, &l| ((acc << 64) + l as u128) % M);
    let from_digits = digits.iter().fold(0u128, |acc, &d| (acc * 10 + (d - b'0') as u128) % M);
    (from_limbs as u64, from_digits as u64)
}

#[test]
fn decimal_100k_and_1m_digits_round_trip() {
    let mut rng = Rng(6);
    for len in [100_000, 1_000_000] {
        let s = rng.digits(len, 10);
        let a = parse_radix(&s, 10).unwrap();
        let (x, y) = residues(&a, &s);
        assert_eq!(x, y, "{len} digits");
        assert_eq!(write(&a, 10, false).as_bytes(), &s[..]);
        if len == 100_000 {
            assert_eq!(a, limbs_of(&BigUint::parse_bytes(&s, 10).unwrap()));
        }
    }
}

#[test]
fn one_limb_values() {
    let mut rng = Rng(7);
    for radix in 2..=36u32 {
        let mut vals = vec![0, 1, u64::MAX, u64::MAX - 1, RADICES[radix as usize].chunk_base];
        vals.extend((0..50).map(|_| rng.next() >> rng.below(64)));
        for v in vals {
            check_value(&[v], radix);
        }
    }
}

/// Decimal (or any radix) digits of `a` with the given cut-over, by way of `format::write_with`.
fn write_cut(a: &[u64], radix: u32, cut: usize) -> String {
    let p = &RADICES[radix as usize];
    let bits = a.len() * 64;
    let mut buf = vec![0u8; p.digits_bound(bits)];
    format::write_with(a, p, &mut buf, cut);
    let zeros = buf.iter().position(|&d| d != 0).unwrap_or(buf.len() - 1);
    buf[zeros..].iter().map(|&d| ascii(d as u64, false) as char).collect()
}

#[test]
fn small_cut_overs_recurse_deeply() {
    let mut rng = Rng(9);
    for radix in [3, 10, 35] {
        for cut in [2, 3, 5] {
            for n in (1..120).step_by(7).chain([256, 257]) {
                let a = rng.limbs(n);
                let b = big(&a);
                let s = write_cut(&a, radix, cut);
                assert_eq!(s, b.to_str_radix(radix), "radix {radix} cut {cut} {n} limbs");
                let p = &RADICES[radix as usize];
                assert_eq!(parse::parse_with::<AsciiAlnum>(s.as_bytes(), p, cut), limbs_of(&b));
            }
        }
    }
}

/// Shortest of `reps` runs of `f`, in microseconds (the minimum filters out a busy machine).
fn min_time(reps: usize, f: &mut dyn FnMut()) -> f64 {
    (0..reps.max(1))
        .map(|_| {
            let t = std::time::Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

/// Threshold sweep: `cargo test --release -p core-num --lib radix::tests::tune -- --ignored
/// --nocapture`. Prints microseconds per conversion for each cut-over (in limbs).
#[test]
#[ignore]
fn tune() {
    let mut rng = Rng(10);
    let p = &RADICES[10];
    let sweep = |sizes: &[usize], cuts: &[usize], parse: bool, rng: &mut Rng| {
        for &n in sizes {
            let a = rng.limbs(n);
            let s = write_cut(&a, 10, 1 << 20);
            let mut buf = vec![0u8; s.len() + 1];
            let reps = (400_000 / n / n).max(5);
            let mut line = std::format!("{} {n:4} limbs:", if parse { "parse" } else { "write" });
            for &cut in cuts {
                let t = min_time(reps, &mut || {
                    if parse {
                        let s = core::hint::black_box(s.as_bytes());
                        core::hint::black_box(parse::parse_with::<super::AsciiDecimal>(s, p, cut));
                    } else {
                        format::write_with(core::hint::black_box(&a), p, &mut buf, cut);
                    }
                });
                line += &std::format!(" {cut}:{t:.1}");
            }
            std::println!("{line}");
        }
    };
    sweep(&[16, 24, 32, 40, 48, 64, 96, 128], &[12, 16, 20, 24, 28, 32, 40, 48], false, &mut rng);
    sweep(&[48, 64, 96, 128, 160, 192, 256], &[32, 48, 64, 80, 96, 112, 128, 160], true, &mut rng);
}

/// Timings against num-bigint: `cargo test --release -p core-num --lib radix::tests::timing
/// -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    let mut rng = Rng(8);
    for n in [1, 2, 4, 8, 16, 32, 64, 128] {
        let a = rng.limbs(n);
        let b = big(&a);
        let s = b.to_str_radix(10);
        // Batches of 100 calls, so that the clock's overhead does not count.
        let time = |f: &mut dyn FnMut()| {
            min_time(20_000 / n / n + 5, &mut || (0..100).for_each(|_| f())) * 10.0
        };
        let mut out = Vec::new();
        let ours_fmt = time(&mut || {
            out.clear();
            write_radix(core::hint::black_box(&a), 10, false, &mut out);
        });
        let theirs_fmt = time(&mut || {
            core::hint::black_box(core::hint::black_box(&b).to_str_radix(10));
        });
        let ours_parse = time(&mut || {
            core::hint::black_box(parse_radix(core::hint::black_box(s.as_bytes()), 10).unwrap());
        });
        let theirs_parse = time(&mut || {
            core::hint::black_box(BigUint::parse_bytes(core::hint::black_box(s.as_bytes()), 10));
        });
        std::println!(
            "{n} limbs: parse {ours_parse:.0} ns vs {theirs_parse:.0} ns ({:.1}x), \
             to_string {ours_fmt:.0} ns vs {theirs_fmt:.0} ns ({:.1}x)",
            theirs_parse / ours_parse,
            theirs_fmt / ours_fmt
        );
    }
    let lens: &[usize] =
        if std::env::var_os("RADIX_SMALL_ONLY").is_some() { &[] } else { &[100_000, 1_000_000] };
    for &len in lens {
        let mut s = rng.digits(len, 10);
        s[0] = b'9';
        let reps = if len == 100_000 { 20 } else { 3 };
        let mut a = Vec::new();
        let ours_parse = min_time(reps, &mut || a = parse_radix(&s, 10).unwrap());
        let mut b = BigUint::zero();
        let theirs_parse = min_time(reps, &mut || b = BigUint::parse_bytes(&s, 10).unwrap());
        let mut out = Vec::new();
        let ours_fmt = min_time(reps, &mut || {
            out.clear();
            write_radix(&a, 10, false, &mut out);
        });
        let mut t = String::new();
        let theirs_fmt = min_time(reps, &mut || t = b.to_str_radix(10));
        assert_eq!(out, t.as_bytes());
        std::println!(
            "{len} digits: parse {:.2} ms vs num-bigint {:.2} ms ({:.1}x), \
             to_string {:.2} ms vs {:.2} ms ({:.1}x)",
            ours_parse / 1e3,
            theirs_parse / 1e3,
            theirs_parse / ours_parse,
            ours_fmt / 1e3,
            theirs_fmt / 1e3,
            theirs_fmt / ours_fmt
        );
    }
}
