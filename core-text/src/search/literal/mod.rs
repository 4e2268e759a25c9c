//! [`LiteralSet`]: multi-literal search, its strategies (one file each) and its public types.

mod automaton;
mod pattern;
mod rank;
mod rare;
mod teddy;

use crate::arch::ops::{self, Pinned};
use crate::arch::Level;
use automaton::Automaton;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::Range;
use pattern::Patterns;
use rare::RareBytes;
use teddy::Teddy;

/// Which of the patterns matching at the leftmost position a search reports.
///
/// # Examples
///
/// ```
/// use core_text::search::{LiteralSet, MatchKind};
/// let pats = ["sam", "samwise"];
/// let first = LiteralSet::new(pats)?;
/// let longest = LiteralSet::builder().match_kind(MatchKind::LeftmostLongest).build(pats)?;
/// // Both match at 0; the kind decides which pattern is reported.
/// assert_eq!(first.find(b"samwise").map(|m| m.pattern()), Some(0));
/// assert_eq!(longest.find(b"samwise").map(|m| m.pattern()), Some(1));
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MatchKind {
    /// The pattern listed first (the alternation order of a backtracking regex).
    #[default]
    LeftmostFirst,
    /// The longest pattern; of equal lengths, the one listed first (POSIX alternation).
    LeftmostLongest,
}

/// The search algorithm a [`LiteralSet`] chose when it was built (see [`LiteralSet`]).
///
/// # Examples
///
/// ```
/// use core_text::search::{LiteralSet, LiteralStrategy};
/// let none = LiteralSet::new(Vec::<&[u8]>::new())?;
/// assert_eq!(none.strategy(), LiteralStrategy::Empty);
/// // One-byte patterns, at most three distinct: a plain byte search.
/// assert_eq!(LiteralSet::new(["\n", "\r"])?.strategy(), LiteralStrategy::Bytes);
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LiteralStrategy {
    /// No patterns: nothing matches.
    Empty,
    /// Single-byte patterns, at most three distinct bytes: the `memchr` family.
    Bytes,
    /// The rarest byte of each pattern (at most three distinct bytes) found with the `memchr`
    /// family, each hit verified.
    RareBytes,
    /// The packed SIMD fingerprint search (up to 64 patterns).
    Teddy,
    /// A deterministic Aho–Corasick automaton.
    Automaton,
}

impl LiteralStrategy {
    /// The strategy's name: `empty`, `bytes`, `rare-bytes`, `teddy` or `automaton`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralStrategy;
    /// assert_eq!(LiteralStrategy::RareBytes.name(), "rare-bytes");
    /// assert_eq!(LiteralStrategy::Teddy.to_string(), "teddy");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            LiteralStrategy::Empty => "empty",
            LiteralStrategy::Bytes => "bytes",
            LiteralStrategy::RareBytes => "rare-bytes",
            LiteralStrategy::Teddy => "teddy",
            LiteralStrategy::Automaton => "automaton",
        }
    }
}

impl fmt::Display for LiteralStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a [`LiteralSet`] could not be built.
///
/// # Examples
///
/// ```
/// use core_text::search::{LiteralSet, LiteralSetError};
/// use core_text::Level;
/// // Some level is always missing: NEON on x86_64, the x86 levels elsewhere.
/// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
/// let err = LiteralSet::builder().level(missing).build(["x"]).unwrap_err();
/// assert_eq!(err, LiteralSetError::LevelUnavailable(missing));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralSetError {
    /// [`LiteralSetBuilder::level`] named a level this CPU (or build) cannot run.
    LevelUnavailable(Level),
    /// The automaton would need more transitions than the limit (patterns too many or too
    /// long: its size is about their total length times the number of distinct bytes).
    TooLarge {
        /// An upper bound of the transitions the set needs.
        transitions: usize,
        /// The most a set may have.
        limit: usize,
    },
}

impl fmt::Display for LiteralSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LiteralSetError::LevelUnavailable(l) => write!(f, "SIMD level {l} is not available"),
            LiteralSetError::TooLarge { transitions, limit } => write!(
                f,
                "literal set too large: up to {transitions} automaton transitions (limit {limit})"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LiteralSetError {}

/// One match: which pattern, and where.
///
/// # Examples
///
/// ```
/// use core_text::search::LiteralSet;
/// let set = LiteralSet::new(["cat", "dog"])?;
/// let m = set.find(b"hotdog stand").unwrap();
/// assert_eq!((m.pattern(), m.start(), m.end(), m.len()), (1, 3, 6, 3));
/// assert_eq!(&b"hotdog stand"[m.range()], b"dog");
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    pattern: usize,
    start: usize,
    end: usize,
}

impl Match {
    /// The index of the pattern that matched, in the order the patterns were given.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::new(["GET", "POST", "PUT"])?;
    /// assert_eq!(set.find(b"PUT /x").unwrap().pattern(), 2);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn pattern(&self) -> usize {
        self.pattern
    }
    /// The position of the first byte of the match.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::new(["needle"])?;
    /// assert_eq!(set.find(b"hay needle hay").unwrap().start(), 4);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }
    /// The position just past the match.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::new(["needle"])?;
    /// assert_eq!(set.find(b"hay needle hay").unwrap().end(), 10);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn end(&self) -> usize {
        self.end
    }
    /// `start..end`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let hay = b"error: disk full";
    /// let m = LiteralSet::new(["warning", "error"])?.find(hay).unwrap();
    /// assert_eq!(m.range(), 0..5);
    /// assert_eq!(&hay[m.range()], b"error");
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
    /// The match's length.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::new(["a", "abc"])?;
    /// assert_eq!(set.find(b"xa").unwrap().len(), 1);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    /// Is this an empty pattern's match?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// // An empty pattern matches at the very start.
    /// let m = LiteralSet::new(["", "z"])?.find(b"abc").unwrap();
    /// assert!(m.is_empty());
    /// assert_eq!(m.range(), 0..0);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// Options for building a [`LiteralSet`]: [`MatchKind`], ASCII case folding, and the SIMD
/// level to run (the best available by default).
///
/// ```
/// use core_text::search::{LiteralSet, MatchKind};
/// let set = LiteralSet::builder()
///     .match_kind(MatchKind::LeftmostLongest)
///     .ascii_case_insensitive(true)
///     .build(["ab", "ABC"])?;
/// assert_eq!(set.find(b"xAbCd").map(|m| (m.pattern(), m.range())), Some((1, 1..4)));
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LiteralSetBuilder {
    kind: MatchKind,
    fold: bool,
    level: Option<Level>,
}

impl LiteralSetBuilder {
    /// A builder with the defaults: leftmost-first, case-sensitive, the best level.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{LiteralSetBuilder, MatchKind};
    /// let set = LiteralSetBuilder::new().build(["x"])?;
    /// assert_eq!(set.match_kind(), MatchKind::LeftmostFirst);
    /// assert!(!set.is_match(b"X"));
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn new() -> LiteralSetBuilder {
        LiteralSetBuilder::default()
    }

    /// The match semantics (default [`MatchKind::LeftmostFirst`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{LiteralSet, MatchKind};
    /// let set = LiteralSet::builder().match_kind(MatchKind::LeftmostLongest).build(["in", "int"])?;
    /// assert_eq!(set.find(b"print").unwrap().range(), 2..5);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn match_kind(&mut self, kind: MatchKind) -> &mut LiteralSetBuilder {
        self.kind = kind;
        self
    }

    /// Whether ASCII letters match either case (default `false`). Bytes above 0x7F always
    /// match exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::builder().ascii_case_insensitive(true).build(["select"])?;
    /// assert_eq!(set.find(b"x; SeLeCt *").unwrap().start(), 3);
    /// // Only ASCII folds: `É` does not match `é`.
    /// let accent = LiteralSet::builder().ascii_case_insensitive(true).build(["é"])?;
    /// assert!(!accent.is_match("É".as_bytes()));
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn ascii_case_insensitive(&mut self, yes: bool) -> &mut LiteralSetBuilder {
        self.fold = yes;
        self
    }

    /// Runs the set's kernels at `level` instead of [`Level::best`] (tests and benchmarks pin
    /// each level this way).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// use core_text::Level;
    /// for level in Level::available() {
    ///     let set = LiteralSet::builder().level(level).build(["foo", "bar"])?;
    ///     assert_eq!(set.level(), level);
    ///     assert_eq!(set.find(b"a bar").unwrap().start(), 2);
    /// }
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn level(&mut self, level: Level) -> &mut LiteralSetBuilder {
        self.level = Some(level);
        self
    }

    /// The set of `patterns`, in order (a match's [`Match::pattern`] is the index here).
    ///
    /// # Errors
    /// [`LiteralSetError::LevelUnavailable`] for a level this CPU cannot run;
    /// [`LiteralSetError::TooLarge`] when the automaton would exceed its size limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{LiteralSet, LiteralSetError};
    /// use core_text::Level;
    /// let set = LiteralSet::builder().build([&b"\x00\x01"[..], b"\xff"])?;
    /// assert_eq!(set.patterns_len(), 2);
    /// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
    /// let err = LiteralSet::builder().level(missing).build(["a"]).unwrap_err();
    /// assert!(matches!(err, LiteralSetError::LevelUnavailable(_)));
    /// # Ok::<(), LiteralSetError>(())
    /// ```
    pub fn build<I, P>(&self, patterns: I) -> Result<LiteralSet, LiteralSetError>
    where
        I: IntoIterator<Item = P>,
        P: AsRef<[u8]>,
    {
        let ops = match self.level {
            Some(l) => ops::pinned(l).ok_or(LiteralSetError::LevelUnavailable(l))?,
            None => ops::best(),
        };
        let list: alloc::vec::Vec<P> = patterns.into_iter().collect();
        let pats = Patterns::new(&list, self.fold, self.kind);
        let automaton = Automaton::new(&pats)?;
        let teddy = Teddy::new(&pats, ops.level());
        let rare = RareBytes::new(&pats).filter(|r| r.is_exact() || pats.len() <= 16);
        let strategy = if pats.len() == 0 {
            LiteralStrategy::Empty
        } else if rare.as_ref().is_some_and(|r| r.is_exact()) {
            LiteralStrategy::Bytes
        } else if rare.is_some() {
            LiteralStrategy::RareBytes
        } else if teddy.is_some() {
            LiteralStrategy::Teddy
        } else {
            LiteralStrategy::Automaton
        };
        Ok(LiteralSet { pats, ops, strategy, rare, teddy, automaton })
    }
}

/// A set of byte strings searched for all at once, with the algorithm chosen when the set is
/// built.
///
/// Built once (the work is proportional to the patterns' total length times the number of
/// distinct bytes in them), then shared: searching takes `&self`.
///
/// | [`LiteralStrategy`] | chosen for | how |
/// |---|---|---|
/// | `Empty` | no patterns | never matches |
/// | `Bytes` | single-byte patterns, at most 3 distinct bytes | the level's `memchr`/`memchr2`/`memchr3` |
/// | `RareBytes` | one pattern, or up to 16 whose rarest bytes are at most 3 uncommon ones | `memchr` on those bytes, each hit verified; dense hits hand over to Teddy or the automaton |
/// | `Teddy` | up to 64 non-empty patterns, at levels with a byte shuffle (SSE4.2, AVX2, AVX-512, NEON) | nibble-table fingerprints of the first 1–4 bytes, candidates verified |
/// | `Automaton` | everything else (large sets, empty patterns, SSE2 and scalar levels) | a deterministic Aho–Corasick automaton over byte classes |
///
/// Matches are non-overlapping and leftmost: the match that starts first wins; among the
/// patterns that match at that position, [`MatchKind::LeftmostFirst`] takes the one listed
/// first and [`MatchKind::LeftmostLongest`] the longest (then the one listed first). An empty
/// pattern matches at every position; after a match, an empty match is not reported at the
/// position where that match ended (as in regular-expression iteration).
///
/// ```
/// use core_text::search::{LiteralSet, MatchKind};
/// let set = LiteralSet::new(["Sam", "Samwise", "Frodo"])?;
/// let m = set.find(b"and Samwise said").unwrap();
/// assert_eq!((m.pattern(), m.start(), m.end()), (0, 4, 7));
///
/// let longest = LiteralSet::builder().match_kind(MatchKind::LeftmostLongest).build(["Sam", "Samwise"])?;
/// assert_eq!(longest.find(b"and Samwise said").map(|m| m.range()), Some(4..11));
///
/// let folded = LiteralSet::builder().ascii_case_insensitive(true).build(["frodo"])?;
/// assert!(folded.is_match(b"FRODO!"));
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
///
/// # Migrating from `aho-corasick`
///
/// `AhoCorasick::builder().match_kind(MatchKind::LeftmostFirst).build(p)` is
/// `LiteralSet::new(p)`; `LeftmostLongest` and `ascii_case_insensitive` are builder options
/// with the same names, and `find`, `find_iter`, `is_match` and `Match`'s `pattern`, `start`,
/// `end`, `range` return the same values (`pattern` is a `usize` here), except that with an
/// empty pattern in the set `aho-corasick`'s leftmost searches can pass over an empty match
/// where a longer partial match later fails, which this type reports. Not provided:
/// the standard (earliest-reported) and overlapping semantics, anchored searches, stream and
/// replacement helpers.
#[derive(Clone)]
pub struct LiteralSet {
    pats: Patterns,
    ops: Pinned,
    strategy: LiteralStrategy,
    rare: Option<RareBytes>,
    teddy: Option<Teddy>,
    automaton: Automaton,
}

impl fmt::Debug for LiteralSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LiteralSet")
            .field("patterns", &self.pats.len())
            .field("match_kind", &self.pats.kind())
            .field("ascii_case_insensitive", &self.pats.folds())
            .field("strategy", &self.strategy)
            .field("level", &self.ops.level())
            .finish()
    }
}

impl LiteralSet {
    /// The leftmost-first, case-sensitive set of `patterns` at the best level.
    ///
    /// # Errors
    /// [`LiteralSetError::TooLarge`] when the automaton would exceed its size limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::new(["TODO", "FIXME"])?;
    /// assert_eq!(set.find(b"// FIXME: later").map(|m| m.pattern()), Some(1));
    /// assert_eq!(set.find(b"// done"), None);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn new<I, P>(patterns: I) -> Result<LiteralSet, LiteralSetError>
    where
        I: IntoIterator<Item = P>,
        P: AsRef<[u8]>,
    {
        LiteralSetBuilder::new().build(patterns)
    }

    /// A builder for other options.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let set = LiteralSet::builder().ascii_case_insensitive(true).build(["http"])?;
    /// assert!(set.is_match(b"HTTP/1.1"));
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn builder() -> LiteralSetBuilder {
        LiteralSetBuilder::new()
    }

    /// The algorithm chosen for this set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{LiteralSet, LiteralStrategy};
    /// // A single byte pattern is found with `memchr`.
    /// assert_eq!(LiteralSet::new([";"])?.strategy(), LiteralStrategy::Bytes);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn strategy(&self) -> LiteralStrategy {
        self.strategy
    }

    /// The level its kernels run at.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// use core_text::Level;
    /// assert_eq!(LiteralSet::new(["a"])?.level(), Level::best());
    /// let scalar = LiteralSet::builder().level(Level::Scalar).build(["a"])?;
    /// assert_eq!(scalar.level(), Level::Scalar);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn level(&self) -> Level {
        self.ops.level()
    }

    /// The number of patterns.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// // Duplicates are kept: each keeps its index.
    /// assert_eq!(LiteralSet::new(["a", "b", "a"])?.patterns_len(), 3);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn patterns_len(&self) -> usize {
        self.pats.len()
    }

    /// The match semantics.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{LiteralSet, MatchKind};
    /// assert_eq!(LiteralSet::new(["a"])?.match_kind(), MatchKind::LeftmostFirst);
    /// let set = LiteralSet::builder().match_kind(MatchKind::LeftmostLongest).build(["a"])?;
    /// assert_eq!(set.match_kind(), MatchKind::LeftmostLongest);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    pub fn match_kind(&self) -> MatchKind {
        self.pats.kind()
    }

    /// The leftmost match in `haystack`.
    ///
    /// ```
    /// let set = core_text::search::LiteralSet::new(["agggtaaa", "tttaccct"])?;
    /// let m = set.find(b"cgttttaccctag").unwrap();
    /// assert_eq!((m.pattern(), m.range()), (1, 3..11));
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn find(&self, haystack: &[u8]) -> Option<Match> {
        let (start, pattern) = self.find_raw(haystack)?;
        Some(Match { pattern, start, end: start + self.pats.len_of(pattern) })
    }

    /// Does any pattern occur in `haystack`?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::LiteralSet;
    /// let banned = LiteralSet::new(["DROP", "DELETE"])?;
    /// assert!(banned.is_match(b"x; DROP TABLE t"));
    /// assert!(!banned.is_match(b"SELECT 1"));
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn is_match(&self, haystack: &[u8]) -> bool {
        self.find_raw(haystack).is_some()
    }

    /// Every non-overlapping match, left to right.
    ///
    /// ```
    /// let set = core_text::search::LiteralSet::new(["ab", "b", "c"])?;
    /// let found: Vec<_> = set.find_iter(b"abbc").map(|m| (m.pattern(), m.start())).collect();
    /// assert_eq!(found, [(0, 0), (1, 2), (2, 3)]);
    /// # Ok::<(), core_text::search::LiteralSetError>(())
    /// ```
    #[inline]
    pub fn find_iter<'s, 'h>(&'s self, haystack: &'h [u8]) -> LiteralIter<'s, 'h> {
        LiteralIter { set: self, haystack, at: 0, last_end: None }
    }

    /// `(start, pattern)` of the leftmost match.
    #[inline]
    fn find_raw(&self, hay: &[u8]) -> Option<(usize, usize)> {
        let p = &self.pats;
        match self.strategy {
            LiteralStrategy::Empty => None,
            LiteralStrategy::Teddy => self.teddy.as_ref()?.find(p, hay),
            LiteralStrategy::Automaton => self.automaton.find(p, self.ops, hay),
            LiteralStrategy::Bytes | LiteralStrategy::RareBytes => {
                self.rare.as_ref()?.find(p, self.ops, hay, |rest| match &self.teddy {
                    Some(t) => t.find(p, rest),
                    None => self.automaton.find(p, self.ops, rest),
                })
            }
        }
    }
}

/// The iterator of [`LiteralSet::find_iter`].
///
/// # Examples
///
/// ```
/// use core_text::search::LiteralSet;
/// let set = LiteralSet::new(["aa"])?;
/// // Matches do not overlap: "aaaaa" holds two, at 0 and 2.
/// let starts: Vec<usize> = set.find_iter(b"aaaaa").map(|m| m.start()).collect();
/// assert_eq!(starts, [0, 2]);
/// # Ok::<(), core_text::search::LiteralSetError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LiteralIter<'s, 'h> {
    set: &'s LiteralSet,
    haystack: &'h [u8],
    /// Where the next search starts.
    at: usize,
    /// The end of the last match.
    last_end: Option<usize>,
}

impl Iterator for LiteralIter<'_, '_> {
    type Item = Match;

    #[inline]
    fn next(&mut self) -> Option<Match> {
        let mut m = self.search()?;
        if m.is_empty() && Some(m.end) == self.last_end {
            // No empty match where the previous match ended: one byte on.
            self.at += 1;
            m = self.search()?;
        }
        self.at = m.end;
        self.last_end = Some(m.end);
        Some(m)
    }
}

impl LiteralIter<'_, '_> {
    fn search(&self) -> Option<Match> {
        let rest = self.haystack.get(self.at..)?;
        let m = self.set.find(rest)?;
        Some(Match { pattern: m.pattern, start: m.start + self.at, end: m.end + self.at })
    }
}

impl FusedIterator for LiteralIter<'_, '_> {}
