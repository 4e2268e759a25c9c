//! The `report` binary's timing harness: simple, quick and fair within a case.
//!
//! For each case: every function is calibrated (the number of calls per batch that takes about
//! `budget / 16`), warmed up, and then the functions are timed in **interleaved** batches
//! (a, b, c, a, b, c, ...) until each has had its budget, so a burst of noise from the rest of
//! the machine hits all of them alike. Per function the result is the median (and the minimum)
//! of the per-call times of its batches.

use crate::case::{Case, Role};
use std::time::Duration;

/// At least this many timed batches per function, whatever the budget.
pub const MIN_BATCHES: usize = 5;

/// The timing of one function of a case.
#[derive(Clone, Debug)]
pub struct Timing {
    /// The function's name.
    pub name: &'static str,
    /// Ours or a peer.
    pub role: Role,
    /// Median of the batches' time per call, in nanoseconds.
    pub median_ns: f64,
    /// Fastest batch's time per call, in nanoseconds.
    pub min_ns: f64,
    /// Number of timed batches.
    pub batches: usize,
    /// Calls per batch.
    pub calls_per_batch: u64,
}

/// Calls per batch so that one batch takes about `target`.
fn calibrate(f: &mut crate::case::Function, target: Duration) -> u64 {
    let mut n: u64 = 1;
    loop {
        let t = f.time(n);
        if t >= target || n >= 1 << 40 {
            return n;
        }
        let grown = if t < target / 64 {
            n.saturating_mul(16)
        } else {
            let ratio = target.as_secs_f64() / t.as_secs_f64().max(1e-9);
            ((n as f64 * ratio).ceil() as u64).max(n + 1)
        };
        if t * 2 >= target {
            return grown;
        }
        n = grown;
    }
}

/// Times every function of `case` for about `budget` each (after a warm-up of a tenth of it).
pub fn measure(case: &mut Case, budget: Duration) -> Vec<Timing> {
    let target = (budget / 16).clamp(Duration::from_micros(20), Duration::from_millis(20));
    let calls: Vec<u64> = case.functions.iter_mut().map(|f| calibrate(f, target)).collect();
    let warm = budget / 10;
    for (f, &n) in case.functions.iter_mut().zip(&calls) {
        let mut spent = Duration::ZERO;
        while spent < warm {
            spent += f.time(n);
        }
    }
    let k = case.functions.len();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut spent = vec![Duration::ZERO; k];
    loop {
        let mut done = true;
        for (i, f) in case.functions.iter_mut().enumerate() {
            if spent[i] >= budget && samples[i].len() >= MIN_BATCHES {
                continue;
            }
            done = false;
            let t = f.time(calls[i]);
            spent[i] += t;
            samples[i].push(t.as_secs_f64() * 1e9 / calls[i] as f64);
        }
        if done {
            break;
        }
    }
    case.functions
        .iter()
        .zip(samples)
        .zip(calls)
        .map(|((f, mut s), n)| {
            s.sort_by(f64::total_cmp);
            Timing {
                name: f.name,
                role: f.role,
                median_ns: median(&s),
                min_ns: s[0],
                batches: s.len(),
                calls_per_batch: n,
            }
        })
        .collect()
}

fn median(sorted: &[f64]) -> f64 {
    let m = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[m]
    } else {
        (sorted[m - 1] + sorted[m]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Function;

    #[test]
    fn measures_every_function() {
        let mut case = Case {
            op: "test/op",
            input: "x".into(),
            bytes: Some(1024),
            size: None,
            seed: None,
            functions: vec![
                Function::new("a", Role::Ours, vec![1u8; 1024], |v: &mut Vec<u8>| {
                    v.iter().map(|&b| u64::from(b)).sum::<u64>()
                }),
                Function::new("b", Role::Peer { vs: "a" }, vec![1u8; 1024], |v: &mut Vec<u8>| {
                    v.len() as u64
                }),
            ],
        };
        let t = measure(&mut case, Duration::from_millis(5));
        assert_eq!(t.len(), 2);
        for x in &t {
            assert!(x.batches >= MIN_BATCHES);
            assert!(x.min_ns > 0.0 && x.min_ns <= x.median_ns);
        }
        assert_eq!(median(&[1.0, 2.0, 4.0]), 2.0);
        assert_eq!(median(&[1.0, 2.0, 4.0, 8.0]), 3.0);
    }
}
