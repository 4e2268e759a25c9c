//! Throwaway timings for tuning (`cargo test --release -p core-num --lib div::timing --
//! --ignored --nocapture`): schoolbook vs recursive crossover and the seed cases against
//! num-bigint. Ignored by default; timings never gate a test run.

extern crate std;

use super::reciprocal::reciprocal_3by2;
use super::*;
use alloc::vec;
use alloc::vec::Vec;
use num_bigint::BigUint;
use num_integer::Integer;
use std::println;
use std::time::Instant;

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn random(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed;
    let mut v: Vec<u64> = (0..n).map(|_| splitmix(&mut s)).collect();
    v[n - 1] |= 1;
    v
}

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// CPU time of this thread in nanoseconds (the machine is shared: wall time would count the
/// time slices other processes take).
fn thread_ns() -> f64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable `struct timespec` (two 64-bit fields on x86_64 Linux);
    // clock_gettime only writes it.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    ts.sec as f64 * 1e9 + ts.nsec as f64
}

/// Best of many short batches, in thread CPU time; nanoseconds per call.
fn time<F: FnMut()>(mut f: F) -> f64 {
    let mut reps = 1u32;
    loop {
        let t = thread_ns();
        for _ in 0..reps {
            f();
        }
        if thread_ns() - t >= 2e6 {
            break;
        }
        reps *= 2;
    }
    let mut best = f64::MAX;
    let start = Instant::now();
    for i in 0..30 {
        let t = thread_ns();
        for _ in 0..reps {
            f();
        }
        best = best.min((thread_ns() - t) / reps as f64);
        if i >= 4 && start.elapsed().as_millis() > 1500 {
            break;
        }
    }
    best
}

fn big(x: &[u64]) -> BigUint {
    let digits: Vec<u32> = x.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
    BigUint::from_slice(&digits)
}

#[test]
#[ignore]
fn crossover_schoolbook_vs_bz() {
    // 2n/n divisions of normalised operands: schoolbook against one recursive level (the
    // halves by schoolbook), and against the tuned DIV_BZ.
    for n in (16usize..=160).step_by(8).chain([200, 300, 500, 1000]) {
        let mut d = random(n, n as u64);
        d[n - 1] |= 1 << 63;
        let a = random(2 * n, 7 + n as u64);
        let v = reciprocal_3by2(d[n - 1], d[n - 2]);
        let mut q = vec![0u64; n];
        let mut w = a.clone();
        let t_sb = time(|| {
            w.copy_from_slice(&a);
            core::hint::black_box(schoolbook::div_qr(&mut q, &mut w, &d, v));
        });
        let t_one = time(|| {
            w.copy_from_slice(&a);
            core::hint::black_box(bz::div_qr(&mut q, &mut w, &d, v, n));
        });
        let t_tuned = time(|| {
            w.copy_from_slice(&a);
            core::hint::black_box(bz::div_qr(&mut q, &mut w, &d, v, DIV_BZ));
        });
        println!(
            "n {n:5}: schoolbook {t_sb:9.0} ns  one level {:.3}  tuned {:.3}   (schoolbook / bz)",
            t_sb / t_one,
            t_sb / t_tuned
        );
    }
}

#[test]
#[ignore]
fn crossover_exact() {
    // Hensel basecase against one recursive level, balanced and long quotients.
    for n in (16usize..=160).step_by(16).chain([250, 500, 1000]) {
        for qn in [n, 4 * n] {
            let x = random(qn, 4);
            let b = random(n, 5);
            let prod = big(&x) * big(&b);
            let mut a = prod.to_u64_digits();
            a.resize(qn + n, 0);
            let mut q = vec![0u64; a.len() - n + 1];
            let t_base = time(|| exact::divexact_with(&mut q, &a, &b, usize::MAX));
            let t_one = time(|| exact::divexact_with(&mut q, &a, &b, n));
            let t_tuned = time(|| divexact(&mut q, &a, &b));
            println!(
                "n {n:5} qn {qn:5}: basecase {t_base:9.0} ns  one level {:.3}  tuned {:.3}",
                t_base / t_one,
                t_base / t_tuned
            );
        }
    }
}

#[test]
#[ignore]
fn seed_cases_vs_num_bigint() {
    for (m, n) in [(56usize, 8usize), (112, 64), (2000, 1000), (20000, 10000)] {
        let a = random(m, 1);
        let b = random(n, 2);
        let (ba, bb) = (big(&a), big(&b));
        let t_ours = time(|| {
            core::hint::black_box(div_rem_alloc(&a, &b));
        });
        let t_num = time(|| {
            core::hint::black_box(ba.div_rem(&bb));
        });
        let (q, r) = div_rem_alloc(&a, &b);
        assert_eq!((big(&q), big(&r)), ba.div_rem(&bb));
        println!(
            "div {m}/{n} limbs: core-num {:10.0} ns  num-bigint {:10.0} ns  ratio {:.2}",
            t_ours,
            t_num,
            t_num / t_ours
        );
    }
    // Single limb and exact division.
    let a = random(1000, 3);
    let ba = big(&a);
    let mut q = vec![0u64; 1000];
    for d in [3u64, 1_000_000_007, u64::MAX - 58] {
        let t_ours = time(|| {
            core::hint::black_box(div_rem_1(&mut q, &a, d));
        });
        let t_rem = time(|| {
            core::hint::black_box(rem_1(&a, d));
        });
        let bd = BigUint::from(d);
        let t_num = time(|| {
            core::hint::black_box(ba.div_rem(&bd));
        });
        println!(
            "div_rem_1 1000 limbs by {d:#x}: {t_ours:.0} ns (rem_1 {t_rem:.0} ns), num-bigint {t_num:.0} ns"
        );
    }
    for (qn, n) in [(8usize, 8usize), (64, 64), (1000, 1000), (10000, 10000), (5000, 50)] {
        let x = random(qn, 4);
        let b = random(n, 5);
        let prod = big(&x) * big(&b);
        let mut a = prod.to_u64_digits();
        a.resize(qn + n, 0);
        let mut q = vec![0u64; a.len() - n + 1];
        let mut r = vec![0u64; n];
        let t_exact = time(|| {
            divexact(&mut q, &a, &b);
        });
        let t_div = time(|| {
            div_rem(&mut q, &mut r, &a, &b);
        });
        println!(
            "divexact {qn}/{n}: {t_exact:.0} ns, div_rem {t_div:.0} ns, ratio {:.2}",
            t_div / t_exact
        );
    }
}

#[test]
#[ignore]
fn single_limb_chains() {
    use super::reciprocal::Divisor1;
    for n in [8usize, 16, 24, 32, 64, 1000] {
        let a = random(n, 3);
        let mut q = vec![0u64; n];
        for d in [3u64, 10_000_000_000_000_000_000] {
            let dv = Divisor1::new(d);
            let top = (a[n - 1] >> 1) >> (63 - dv.shift);
            let t1 = time(|| {
                core::hint::black_box(single::rem_chain(top, &a, 0, dv));
            });
            let t4 = time(|| {
                core::hint::black_box(rem_1(&a, d));
            });
            let tq1 = time(|| {
                core::hint::black_box(single::div_chain(&mut q, top, &a, 0, dv));
            });
            let tq4 = time(|| {
                core::hint::black_box(div_rem_1(&mut q, &a, d));
            });
            let ba = big(&a);
            let bd = BigUint::from(d);
            let tn = time(|| {
                core::hint::black_box(ba.div_rem(&bd));
            });
            println!(
                "n {n:5} d {d:#x}: rem one chain {t1:.0} ns, rem_1 {t4:.0}; div one chain {tq1:.0}, div_rem_1 {tq4:.0}; num-bigint {tn:.0}"
            );
        }
    }
}

#[test]
#[ignore]
fn newton_vs_bz() {
    let shapes = [(80000usize, 80000usize), (100000, 100000), (120000, 120000)];
    let shapes = shapes.into_iter().chain([(100000, 300000), (250000, 250000)]);
    for (n, qn) in shapes {
        let mut d = random(n, 1);
        d[n - 1] |= 1 << 63;
        let a = random(n + qn, 2);
        let v = reciprocal_3by2(d[n - 1], d[n - 2]);
        let mut q = vec![0u64; qn];
        let mut w = a.clone();
        let t_bz = time(|| {
            w.copy_from_slice(&a);
            core::hint::black_box(bz::div_qr(&mut q, &mut w, &d, v, DIV_BZ));
        });
        let t_nw = time(|| {
            w.copy_from_slice(&a);
            core::hint::black_box(newton::div_qr(&mut q, &mut w, &d));
        });
        let mut y = vec![0u64; n];
        let t_inv = time(|| newton::reciprocal(&mut y, &d));
        let mut p = vec![0u64; 2 * n];
        let t_mul = time(|| super::super::mul::mul(&mut p, &d, &d));
        println!(
            "n {n:6} qn {qn:6}: bz {:9.0} us  newton {:9.0} us  (reciprocal {:7.0} us, mul n*n {:7.0} us)  bz/newton {:.2}",
            t_bz / 1e3,
            t_nw / 1e3,
            t_inv / 1e3,
            t_mul / 1e3,
            t_bz / t_nw
        );
    }
}
