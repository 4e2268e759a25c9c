//! The Two-Way string matching algorithm (Crochemore and Perrin, "Two-way string-matching",
//! J. ACM 38(3), 1991): linear time and constant space whatever the input, the searchers'
//! fallback when the prefilter keeps proposing candidates that fail.
//!
//! ```text
//! factor:  the needle x = u v at a critical position: the later of the starts of the
//!          maximal suffix of x under the byte order and under the reversed order; p is the
//!          period of that suffix. If u is a suffix of v's first p bytes' repetition
//!          (x[..crit] == x[p..p + crit]) x has period p: shift by p after a match of the
//!          right part and remember how much of the left part is known to match; otherwise
//!          shift by max(|u|, |v|) + 1 and remember nothing.
//! search:  at window j, compare v left to right; a mismatch at i shifts by i - crit + 1.
//!          When v matches, compare u right to left; a match of both is an occurrence.
//!          Windows whose last byte does not occur in x (a 64-bit membership set of the
//!          bytes' low six bits) are skipped whole.
//! ```
//!
//! The reverse search is the same algorithm on the reversed needle over the reversed
//! haystack, read through [`View`] without copying either.

/// How a search reads a byte string: front to back ([`Fwd`]) or back to front ([`Rev`]).
pub(crate) trait View {
    /// Byte `i` of `s` in this reading order (`i < s.len()`).
    fn at(s: &[u8], i: usize) -> u8;
}

/// Front to back.
pub(crate) struct Fwd;
/// Back to front.
pub(crate) struct Rev;

impl View for Fwd {
    #[inline(always)]
    fn at(s: &[u8], i: usize) -> u8 {
        s[i]
    }
}

impl View for Rev {
    #[inline(always)]
    fn at(s: &[u8], i: usize) -> u8 {
        s[s.len() - 1 - i]
    }
}

/// The start and period of the maximal suffix of `x` (read through `D`), under the byte
/// order, or the reversed order when `flip`.
fn max_suffix<D: View>(x: &[u8], flip: bool) -> (usize, usize) {
    // `i`: start of the best suffix so far; `j`: the challenger; `k`: the offset being
    // compared; `p`: the period of the best suffix seen so far.
    let (mut i, mut j, mut k, mut p) = (0, 1, 0, 1);
    while j + k < x.len() {
        let (best, other) = (D::at(x, i + k), D::at(x, j + k));
        let (best, other) = if flip { (other, best) } else { (best, other) };
        if other < best {
            // The challenger loses: everything up to it is inside the period.
            j += k + 1;
            k = 0;
            p = j - i;
        } else if other == best {
            if k + 1 == p {
                j += p;
                k = 0;
            } else {
                k += 1;
            }
        } else {
            // The challenger wins: it becomes the best suffix.
            i = j;
            j = i + 1;
            k = 0;
            p = 1;
        }
    }
    (i, p)
}

/// A needle's critical factorization and skip set (for one reading order).
#[derive(Clone, Copy, Debug)]
struct Factor {
    /// Start of the right part `v`.
    crit: usize,
    /// The shift after a failed left part (the needle's period when `periodic`).
    shift: usize,
    /// Whether the needle has period `shift` (then matched prefixes are remembered).
    periodic: bool,
    /// Bit `b & 63` set for every byte `b` of the needle.
    bytes: u64,
}

impl Factor {
    fn new<D: View>(x: &[u8]) -> Factor {
        let m = x.len();
        let (s1, p1) = max_suffix::<D>(x, false);
        let (s2, p2) = max_suffix::<D>(x, true);
        let (crit, p) = if s1 >= s2 { (s1, p1) } else { (s2, p2) };
        let periodic = crit + p <= m && (0..crit).all(|i| D::at(x, i) == D::at(x, i + p));
        let shift = if periodic { p } else { crit.max(m - crit) + 1 };
        let bytes = x.iter().fold(0u64, |s, &b| s | 1 << (b & 63));
        Factor { crit, shift, periodic, bytes }
    }
}

/// The first window start (in `D`'s reading order) where `needle` occurs in `hay`.
fn search<D: View>(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (n, m) = (hay.len(), needle.len());
    if m == 0 {
        return Some(0);
    }
    let f = Factor::new::<D>(needle);
    let (mut j, mut memory) = (0, 0);
    while j + m <= n {
        if f.bytes & 1 << (D::at(hay, j + m - 1) & 63) == 0 {
            // The window's last byte is nowhere in the needle: no occurrence overlaps it.
            j += m;
            memory = 0;
            continue;
        }
        let mut i = f.crit.max(memory);
        while i < m && D::at(needle, i) == D::at(hay, j + i) {
            i += 1;
        }
        if i < m {
            j += i - f.crit + 1;
            memory = 0;
            continue;
        }
        let mut i = f.crit;
        while i > memory && D::at(needle, i - 1) == D::at(hay, j + i - 1) {
            i -= 1;
        }
        if i <= memory {
            return Some(j);
        }
        j += f.shift;
        memory = if f.periodic { m - f.shift } else { 0 };
    }
    None
}

/// The first position of `needle` in `hay`.
pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    search::<Fwd>(hay, needle)
}

/// The last position of `needle` in `hay`.
pub(crate) fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let j = search::<Rev>(hay, needle)?;
    Some(hay.len() - j - needle.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn naive(hay: &[u8], needle: &[u8]) -> Option<usize> {
        (0..=hay.len().checked_sub(needle.len())?).find(|&i| &hay[i..i + needle.len()] == needle)
    }
    fn naive_rev(hay: &[u8], needle: &[u8]) -> Option<usize> {
        (0..=hay.len().checked_sub(needle.len())?)
            .rev()
            .find(|&i| &hay[i..i + needle.len()] == needle)
    }

    #[test]
    fn maximal_suffixes() {
        assert_eq!(max_suffix::<Fwd>(b"aab", false), (2, 1));
        assert_eq!(max_suffix::<Fwd>(b"abab", false), (1, 2));
        assert_eq!(max_suffix::<Fwd>(b"aaaa", false), (0, 1));
        assert_eq!(max_suffix::<Fwd>(b"aab", true), (0, 3));
    }

    #[test]
    fn every_needle_over_a_small_alphabet() {
        // All needles of up to 7 bytes over {a, b, c} in a few haystacks, both directions.
        let hays: [&[u8]; 4] =
            [b"abacabadabacabaabcabcabcaaaabbbbcccc", b"aaaaaaaaaaaaaaab", b"", b"cbacbacbaccc"];
        let mut needles: Vec<Vec<u8>> = alloc::vec![Vec::new()];
        let mut frontier = needles.clone();
        for _ in 0..7 {
            let mut next = Vec::new();
            for n in &frontier {
                for c in b"abc" {
                    let mut v = n.clone();
                    v.push(*c);
                    next.push(v);
                }
            }
            needles.extend(next.iter().cloned());
            frontier = next;
        }
        for hay in hays {
            for n in &needles {
                assert_eq!(find(hay, n), naive(hay, n), "{hay:?} {n:?}");
                assert_eq!(rfind(hay, n), naive_rev(hay, n), "rev {hay:?} {n:?}");
            }
        }
    }
}
