//! The case model shared by the criterion benches and the `report` binary.
//!
//! A [`Case`] is one input and the functions that all do the same work on it: ours
//! ([`Role::Ours`]) and the peers ([`Role::Peer`]). Each [`Function`] is a closure over its own
//! copy of the state; [`Function::run`] calls it `n` times in a tight loop (input and result go
//! through [`black_box`]), so both consumers time exactly the same code. [`Case::check`] calls
//! every function once and asserts they all return the same result, so a report never compares
//! different work.

use std::collections::hash_map::DefaultHasher;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Whose implementation a [`Function`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Our code (a `core-*` crate).
    Ours,
    /// A peer, compared against our function named `vs` in the same case.
    Peer {
        /// The name of our function doing the same job (the ratio's denominator).
        vs: &'static str,
    },
}

/// A digest of a function's result, compared across the functions of one case.
#[derive(Clone, Debug)]
pub struct Outcome {
    hash: u64,
    preview: String,
}

impl Outcome {
    /// The digest of `value` (its hash, plus a short `Debug` preview for error messages).
    pub fn of<T: Hash + Debug + ?Sized>(value: &T) -> Outcome {
        let mut h = DefaultHasher::new();
        value.hash(&mut h);
        let mut preview = format!("{value:?}");
        if preview.len() > 96 {
            let mut cut = 96;
            while !preview.is_char_boundary(cut) {
                cut -= 1;
            }
            preview.truncate(cut);
            preview.push('…');
        }
        Outcome { hash: h.finish(), preview }
    }
}

impl PartialEq for Outcome {
    fn eq(&self, other: &Outcome) -> bool {
        self.hash == other.hash
    }
}

/// One implementation of a case's operation, ready to be timed.
pub struct Function {
    /// Short name: `core`, `std`, `simdutf8-basic`, `encoding_rs`, ...
    pub name: &'static str,
    /// Ours or a peer.
    pub role: Role,
    run: Box<dyn FnMut(u64)>,
    check: Box<dyn FnMut() -> Outcome>,
}

impl Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function").field("name", &self.name).field("role", &self.role).finish()
    }
}

impl Function {
    /// A function over `state`: `f` gets `&mut state` (through [`black_box`]) and returns a
    /// result that [`Case::check`] compares with the other functions'.
    pub fn new<S, R, F>(name: &'static str, role: Role, state: S, f: F) -> Function
    where
        S: Clone + 'static,
        R: Hash + Debug,
        F: FnMut(&mut S) -> R + Clone + 'static,
    {
        let (mut check_state, mut check_f) = (state.clone(), f.clone());
        Function {
            name,
            role,
            run: looped(state, f),
            check: Box::new(move || Outcome::of(&check_f(&mut check_state))),
        }
    }

    /// A function whose result is read from its state: `f` does the work on `&mut state` (for
    /// example, formats into a reused buffer) and `digest` turns the state afterwards into the
    /// value compared across the case's functions (for example, the text, normalised).
    pub fn with_digest<S, R, F, D>(
        name: &'static str,
        role: Role,
        state: S,
        f: F,
        digest: D,
    ) -> Function
    where
        S: Clone + 'static,
        F: FnMut(&mut S) -> R + Clone + 'static,
        D: Fn(&S) -> String + 'static,
    {
        let (mut check_state, mut check_f) = (state.clone(), f.clone());
        Function {
            name,
            role,
            run: looped(state, f),
            check: Box::new(move || {
                check_f(&mut check_state);
                Outcome::of(&digest(&check_state))
            }),
        }
    }

    /// A function that writes into a preallocated buffer of `out_len` elements: `f` gets the
    /// input and the buffer and returns the number of elements written; the check compares the
    /// written elements.
    pub fn buffered<I, T, F>(
        name: &'static str,
        role: Role,
        input: I,
        out_len: usize,
        f: F,
    ) -> Function
    where
        I: Clone + 'static,
        T: Copy + Default + Hash + Debug + 'static,
        F: FnMut(&I, &mut [T]) -> usize + Clone + 'static,
    {
        let state = (input, vec![T::default(); out_len]);
        let (mut run_state, mut run_f) = (state.clone(), f.clone());
        let (mut check_state, mut check_f) = (state, f);
        Function {
            name,
            role,
            run: Box::new(move |n| {
                for _ in 0..n {
                    let (input, buf) = &mut run_state;
                    black_box(run_f(black_box(&*input), black_box(&mut buf[..])));
                }
            }),
            check: Box::new(move || {
                let (input, buf) = &mut check_state;
                let n = check_f(input, buf);
                Outcome::of(&buf[..n])
            }),
        }
    }

    /// Runs the function `n` times.
    pub fn run(&mut self, n: u64) {
        (self.run)(n);
    }

    /// Runs the function `n` times and returns the elapsed time (criterion's `iter_custom`).
    pub fn time(&mut self, n: u64) -> Duration {
        let start = Instant::now();
        (self.run)(n);
        start.elapsed()
    }

    /// Runs the function once and digests its result.
    pub fn outcome(&mut self) -> Outcome {
        (self.check)()
    }
}

/// The timed loop: `f` on its own copy of the state, `n` times, through [`black_box`].
fn looped<S, R, F>(mut state: S, mut f: F) -> Box<dyn FnMut(u64)>
where
    S: 'static,
    F: FnMut(&mut S) -> R + 'static,
{
    Box::new(move |n| {
        for _ in 0..n {
            black_box(f(black_box(&mut state)));
        }
    })
}

/// The .NET figures a seed case is measured against (from `reference/seed-catalog.md`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seed {
    /// Catalog id, e.g. `B-TXT-01`.
    pub id: &'static str,
    /// .NET 10 mean, in nanoseconds.
    pub net10_ns: f64,
    /// .NET 11 mean, in nanoseconds.
    pub net11_ns: f64,
}

/// One input and every implementation of one operation on it.
#[derive(Debug)]
pub struct Case {
    /// The operation, e.g. `core-text/utf8/validate` (one table in the report).
    pub op: &'static str,
    /// The input, e.g. `ascii/64KiB` or a seed name.
    pub input: String,
    /// Input bytes processed per call, when throughput is meaningful.
    pub bytes: Option<u64>,
    /// The size that `--smoke` picks the smallest of per operation; `None`: fixed-size input
    /// that is always kept.
    pub size: Option<usize>,
    /// The .NET figures, for seed cases.
    pub seed: Option<Seed>,
    /// Ours first, then the peers.
    pub functions: Vec<Function>,
}

impl Case {
    /// The full name, `op/input` (criterion's group name).
    pub fn name(&self) -> String {
        format!("{}/{}", self.op, self.input)
    }

    /// Calls every function once and checks that they all return the same result.
    ///
    /// # Errors
    /// A message naming the functions that disagree.
    pub fn check(&mut self) -> Result<(), String> {
        let name = self.name();
        let mut first: Option<(&'static str, Outcome)> = None;
        for f in &mut self.functions {
            let out = f.outcome();
            match &first {
                None => first = Some((f.name, out)),
                Some((n0, o0)) if *o0 != out => {
                    return Err(format!(
                        "{name}: `{}` returned {} but `{n0}` returned {}",
                        f.name, out.preview, o0.preview
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// Formats a byte count as the case names do: `8B`, `1KiB`, `64KiB`, `1MiB`.
pub fn size_label(n: usize) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{}MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{}KiB", n >> 10)
    } else {
        format!("{n}B")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(size_label(8), "8B");
        assert_eq!(size_label(63), "63B");
        assert_eq!(size_label(1024), "1KiB");
        assert_eq!(size_label(65_536), "64KiB");
        assert_eq!(size_label(1 << 20), "1MiB");
    }

    #[test]
    fn check_catches_a_disagreement() {
        let mut case = Case {
            op: "test/op",
            input: "x".into(),
            bytes: None,
            size: None,
            seed: None,
            functions: vec![
                Function::new("a", Role::Ours, 2u32, |s: &mut u32| *s + 1),
                Function::new("b", Role::Peer { vs: "a" }, 2u32, |s: &mut u32| *s * 2),
            ],
        };
        let err = case.check().unwrap_err();
        assert!(err.contains("`b` returned 4 but `a` returned 3"), "{err}");
        case.functions[1] =
            Function::new("b", Role::Peer { vs: "a" }, 2u32, |s: &mut u32| 3 + *s - 2);
        assert_eq!(case.check(), Ok(()));
        case.functions[0].run(10);
        assert!(case.functions[0].time(10) < Duration::from_secs(1));
    }
}
