//! The case model shared by the criterion benches and the `report` binary.
//!
//! A [`Case`] is one input and the functions that all do the same work on it: ours
//! ([`Role::Ours`]) and the peers ([`Role::Peer`]). Each [`Function`] is a closure over its own
//! copy of the state; [`Function::run`] calls it `n` times in a tight loop (input and result go
//! through [`black_box`]), so both consumers time exactly the same code. [`Case::check`] calls
//! each function's timed closure once more, on the same state the timing uses, and asserts they
//! all return the same result, so a report never compares different work.

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
    body: Box<dyn Body>,
}

impl Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function").field("name", &self.name).field("role", &self.role).finish()
    }
}

/// The timed closure and its state, behind one object: [`Body::run`] is the timed loop and
/// [`Body::outcome`] calls the very same closure on the very same state once more and digests
/// what it produced, so the check sees exactly what the timing runs.
trait Body {
    fn run(&mut self, n: u64);
    fn outcome(&mut self) -> Outcome;
}

/// `f(&mut state)`, its result digested.
struct Returned<S, F> {
    state: S,
    f: F,
}

impl<S, R, F> Body for Returned<S, F>
where
    R: Hash + Debug,
    F: FnMut(&mut S) -> R,
{
    fn run(&mut self, n: u64) {
        for _ in 0..n {
            black_box((self.f)(black_box(&mut self.state)));
        }
    }

    fn outcome(&mut self) -> Outcome {
        Outcome::of(&(self.f)(black_box(&mut self.state)))
    }
}

/// `f(&mut state)`, then the state digested by `digest`.
struct Digested<S, F, D> {
    state: S,
    f: F,
    digest: D,
}

impl<S, R, F, D> Body for Digested<S, F, D>
where
    F: FnMut(&mut S) -> R,
    D: Fn(&S) -> String,
{
    fn run(&mut self, n: u64) {
        for _ in 0..n {
            black_box((self.f)(black_box(&mut self.state)));
        }
    }

    fn outcome(&mut self) -> Outcome {
        black_box((self.f)(black_box(&mut self.state)));
        Outcome::of(&(self.digest)(&self.state))
    }
}

/// `f(&input, &mut buf)`, then the first elements of `buf` it reports written.
struct Buffered<I, T, F> {
    input: I,
    buf: Vec<T>,
    f: F,
}

impl<I, T, F> Body for Buffered<I, T, F>
where
    T: Hash + Debug,
    F: FnMut(&I, &mut [T]) -> usize,
{
    fn run(&mut self, n: u64) {
        for _ in 0..n {
            black_box((self.f)(black_box(&self.input), black_box(&mut self.buf[..])));
        }
    }

    fn outcome(&mut self) -> Outcome {
        let n = (self.f)(black_box(&self.input), black_box(&mut self.buf[..]));
        match self.buf.get(..n) {
            Some(written) => Outcome::of(written),
            None => Outcome::of(&format!("claims {n} elements written into {}", self.buf.len())),
        }
    }
}

impl Function {
    /// A function over `state`: `f` gets `&mut state` (through [`black_box`]) and returns a
    /// result that [`Case::check`] compares with the other functions'.
    pub fn new<S, R, F>(name: &'static str, role: Role, state: S, f: F) -> Function
    where
        S: 'static,
        R: Hash + Debug,
        F: FnMut(&mut S) -> R + 'static,
    {
        Function { name, role, body: Box::new(Returned { state, f }) }
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
        S: 'static,
        F: FnMut(&mut S) -> R + 'static,
        D: Fn(&S) -> String + 'static,
    {
        Function { name, role, body: Box::new(Digested { state, f, digest }) }
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
        I: 'static,
        T: Copy + Default + Hash + Debug + 'static,
        F: FnMut(&I, &mut [T]) -> usize + 'static,
    {
        let buf = vec![T::default(); out_len];
        Function { name, role, body: Box::new(Buffered { input, buf, f }) }
    }

    /// Runs the function `n` times.
    pub fn run(&mut self, n: u64) {
        self.body.run(n);
    }

    /// Runs the function `n` times and returns the elapsed time (criterion's `iter_custom`).
    pub fn time(&mut self, n: u64) -> Duration {
        let start = Instant::now();
        self.body.run(n);
        start.elapsed()
    }

    /// Calls the timed closure once more, on the state the timing uses, and digests its result.
    pub fn outcome(&mut self) -> Outcome {
        self.body.outcome()
    }
}

/// The .NET figures a seed case is measured against: the .NET 10 and .NET 11 means published in
/// Microsoft's *Performance Improvements in .NET 11* post (measured on its author's machine, so
/// they are set beside ours for scale, not compared as if from the same run).
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

    /// Calls every function's timed closure once (on the state the timing uses) and checks that
    /// they all return the same result.
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

    #[test]
    fn check_sees_the_timed_state() {
        let counter = |s: &mut u64| {
            *s += 1;
            *s
        };
        let mut case = Case {
            op: "test/op",
            input: "x".into(),
            bytes: None,
            size: None,
            seed: None,
            functions: vec![
                Function::new("a", Role::Ours, 0u64, counter),
                Function::new("b", Role::Peer { vs: "a" }, 0u64, counter),
            ],
        };
        assert_eq!(case.check(), Ok(()));
        // Timing `a` alone moves its state on; the next check must see that, not a fresh copy.
        case.functions[0].run(5);
        let err = case.check().unwrap_err();
        assert!(err.contains("`b` returned 2 but `a` returned 7"), "{err}");
    }

    #[test]
    fn buffered_and_digested_outcomes() {
        let mut case = Case {
            op: "test/op",
            input: "x".into(),
            bytes: None,
            size: None,
            seed: None,
            functions: vec![
                Function::buffered(
                    "a",
                    Role::Ours,
                    vec![1u8, 2, 3],
                    8,
                    |i: &Vec<u8>, o: &mut [u8]| {
                        o[..i.len()].copy_from_slice(i);
                        i.len()
                    },
                ),
                Function::with_digest(
                    "b",
                    Role::Peer { vs: "a" },
                    Vec::new(),
                    |v: &mut Vec<u8>| {
                        v.clear();
                        v.extend([1u8, 2, 3]);
                    },
                    |v| format!("{v:?}"),
                ),
            ],
        };
        // The buffered digest is of `[u8]` and the other of a `String`: they differ.
        assert!(case.check().is_err());
        case.functions[1] =
            Function::buffered("b", Role::Peer { vs: "a" }, (), 8, |_: &(), o: &mut [u8]| {
                o[..3].copy_from_slice(&[1, 2, 3]);
                3
            });
        assert_eq!(case.check(), Ok(()));
        // A function claiming more than its buffer holds is reported, not a panic.
        case.functions[1] =
            Function::buffered("b", Role::Peer { vs: "a" }, (), 2, |_: &(), _: &mut [u8]| 3);
        let err = case.check().unwrap_err();
        assert!(err.contains("claims 3 elements written into 2"), "{err}");
    }
}
