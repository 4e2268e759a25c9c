//! Large cases answered by an independent oracle (CPython's integers): products, quotients,
//! powers, roots, gcds, inverses and radix conversion of up to a million digits.
//!
//! `tests/data/num-oracle.txt` is written by `scripts/gen-num-oracle.py`, which describes the
//! format: each operand is a spec (`[-]KIND:SEED:LIMBS`) that this file expands with the same
//! splitmix64 generator, and each answer is a 64-bit digest, so the data stays small.

use core_num::{BigInt, BigUint, Sign};

const DATA: &str = include_str!("data/num-oracle.txt");
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }
}

fn digest_words(words: impl Iterator<Item = u64>, n: u64) -> u64 {
    words.fold(mix(n ^ 0x243F_6A88_85A3_08D3), |h, w| mix((h ^ w).wrapping_add(GOLDEN)))
}

fn digest(x: &BigInt) -> String {
    let limbs = x.magnitude().to_u64_digits();
    let n = 2 * limbs.len() as u64 + u64::from(x.sign() == Sign::Minus);
    format!("{:016x}", digest_words(limbs.into_iter(), n))
}

fn digest_text(s: &[u8]) -> String {
    let words = s.chunks(8).map(|c| {
        let mut b = [0u8; 8];
        b[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(b)
    });
    format!("{:016x}", digest_words(words, s.len() as u64))
}

/// Expands an operand spec.
fn operand(spec: &str) -> BigInt {
    let (neg, spec) = match spec.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let mut parts = spec.split(':');
    let kind = parts.next().unwrap();
    let seed: u64 = parts.next().unwrap().parse().unwrap();
    let n: usize = parts.next().unwrap().parse().unwrap();
    let mut rng = SplitMix64(seed);
    let mut limbs: Vec<u64> = match kind {
        "r" => (0..n).map(|_| rng.next()).collect(),
        "o" => vec![u64::MAX; n],
        "p" => {
            let mut v = vec![0; n];
            if n > 0 {
                v[n - 1] = 1 << 63;
            }
            v
        }
        "b" => (0..n)
            .map(|_| {
                let x = rng.next();
                let r = rng.next();
                [0, u64::MAX, r, u64::MAX][(x & 3) as usize]
            })
            .collect(),
        _ => panic!("unknown operand kind {kind:?}"),
    };
    if matches!(kind, "r" | "b") {
        if let Some(top) = limbs.last_mut() {
            *top |= 1;
        }
    }
    let bytes: Vec<u8> = limbs.iter().flat_map(|x| x.to_le_bytes()).collect();
    let sign = if neg { Sign::Minus } else { Sign::Plus };
    BigInt::from_bytes_le(sign, &bytes)
}

fn unsigned(spec: &str) -> BigUint {
    operand(spec).into_parts().1
}

/// `d` digits of `radix` from the generator, the first non-zero (as the script does).
fn radix_digits(radix: u32, seed: u64, d: usize) -> Vec<u8> {
    let mut rng = SplitMix64(seed);
    let r = u64::from(radix);
    let mut out = vec![DIGITS[(1 + rng.next() % (r - 1)) as usize]];
    out.extend((1..d).map(|_| DIGITS[(rng.next() % r) as usize]));
    out
}

/// Runs one line; returns the digests computed, to compare with the stored ones.
fn run(op: &str, args: &[&str]) -> Vec<String> {
    match op {
        "gen" => vec![digest(&operand(args[0]))],
        "mul" => vec![digest(&(operand(args[0]) * operand(args[1])))],
        "sqr" => {
            let a = operand(args[0]);
            vec![digest(&(&a * &a))]
        }
        "divrem" => {
            let (a, b) = (operand(args[0]), operand(args[1]));
            let (q, r) = a.div_rem(&b);
            assert_eq!(&a / &b, q);
            assert_eq!(&a % &b, r);
            vec![digest(&q), digest(&r)]
        }
        "pow" => vec![digest(&operand(args[0]).pow(args[1].parse().unwrap()))],
        "modpow" => {
            let (b, e, m) = (unsigned(args[0]), unsigned(args[1]), unsigned(args[2]));
            vec![digest(&b.modpow(&e, &m).into())]
        }
        "modinv" => {
            let (a, m) = (unsigned(args[0]), unsigned(args[1]));
            vec![a.modinv(&m).map_or("none".to_string(), |x| digest(&x.into()))]
        }
        "gcd" => {
            let c = operand(args[2]);
            let (a, b) = (operand(args[0]) * &c, operand(args[1]) * &c);
            vec![digest(&a.gcd(&b))]
        }
        "sqrt" => vec![digest(&unsigned(args[0]).sqrt().into())],
        "root" => vec![digest(&unsigned(args[0]).nth_root(args[1].parse().unwrap()).into())],
        "to_radix" => {
            let a = operand(args[0]);
            let radix: u32 = args[1].parse().unwrap();
            let s = a.to_str_radix(radix);
            if radix == 10 {
                assert_eq!(a.to_string(), s);
                let mut out = Vec::new();
                a.write_utf8(&mut out);
                assert_eq!(out, s.as_bytes());
            }
            vec![digest_text(s.as_bytes())]
        }
        "from_radix" => {
            let radix: u32 = args[0].parse().unwrap();
            let text = radix_digits(radix, args[1].parse().unwrap(), args[2].parse().unwrap());
            let x = BigUint::parse_utf8(&text, radix).expect("the digits are valid");
            vec![digest(&x.into())]
        }
        _ => panic!("unknown operation {op:?}"),
    }
}

#[test]
fn oracle_cases() {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in DATA.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (op, rest) = fields.split_first().unwrap();
        let n_out = if *op == "divrem" { 2 } else { 1 };
        let (args, want) = rest.split_at(rest.len() - n_out);
        match std::panic::catch_unwind(|| run(op, args)) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{line}\n    got {}", got.join(" "))),
            Err(_) => failures.push(format!("{line}\n    panicked")),
        }
        count += 1;
    }
    assert!(count > 200, "only {count} cases in the data file");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The measured cut-overs of `src/bigint/mpn/thresholds.rs`, read the way
/// `scripts/gen-num-oracle.py` reads them: `NAME=value` for each
/// `pub(crate) const NAME: usize = cut(value, ...)` line, sorted by name.
fn source_thresholds() -> Vec<String> {
    let source = include_str!("../src/bigint/mpn/thresholds.rs");
    let mut found: Vec<String> = source
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("pub(crate) const ")?;
            let (name, value) = rest.split_once(": usize = ")?;
            let value = value.strip_prefix("cut(").unwrap_or(value);
            let digits: String =
                value.chars().take_while(|c| c.is_ascii_digit() || *c == '_').collect();
            let value: usize = digits.replace('_', "").parse().ok()?;
            Some(format!("{name}={value}"))
        })
        .collect();
    found.sort();
    found
}

/// The data was generated for the cut-overs the source has now: a changed threshold without
/// a regenerated oracle would leave the new cut-over untested on one side.
#[test]
fn oracle_straddles_the_current_thresholds() {
    let recorded = DATA
        .lines()
        .find_map(|l| l.strip_prefix("# thresholds "))
        .expect("the data names the thresholds it was generated for");
    let mut recorded: Vec<String> = recorded.split_whitespace().map(str::to_string).collect();
    recorded.sort();
    let current = source_thresholds();
    assert!(current.len() >= 15, "only {} thresholds read from thresholds.rs", current.len());
    assert_eq!(
        recorded, current,
        "tests/data/num-oracle.txt was generated for other thresholds than \
         src/bigint/mpn/thresholds.rs has: run python3 scripts/gen-num-oracle.py"
    );
}
