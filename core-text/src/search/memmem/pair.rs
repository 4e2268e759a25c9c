//! The two needle positions the prefilter compares: the bytes a haystack is least likely to
//! hold at both places at once.
//!
//! A fixed guess of how common each byte value is ([`rank`], higher is more common) stands in
//! for the haystack, which is unknown when the searcher is built. The guess favours what
//! programs search most: English and other Latin-script text, source code, and binary data.
//!
//! | rank      | bytes                                                                    |
//! |-----------|--------------------------------------------------------------------------|
//! | 255       | space                                                                    |
//! | 200..=254 | lower-case letters, in English frequency order (`e t a o i n s r h ...`) |
//! | 180..=199 | `\n`, `,`, `.`, NUL and 0xFF (padding of binary data), digits            |
//! | 130..=179 | upper-case letters, `\t`, `\r`, the rest of ASCII punctuation            |
//! | 80..=129  | bytes of multi-byte UTF-8 characters                                     |
//! | below 80  | other control bytes and the remaining values: rare                       |
//!
//! The first position is the rarest byte of the needle; the second the rarest at any other
//! position, preferring a byte value different from the first (two equal bytes filter less).

/// Two distinct positions of a needle (when it has at least two bytes), compared by the
/// prefilter at every candidate offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    /// The rarer byte's position.
    pub(crate) first: usize,
    /// The other position.
    pub(crate) second: usize,
}

/// English letters from most to least common.
const LETTERS: &[u8; 26] = b"etaoinshrdlcumwfgypbvkjxqz";

/// How common byte `b` is guessed to be (255: most common); see the module docs.
const fn rank_of(b: u8) -> u8 {
    match b {
        b' ' => 255,
        b'a'..=b'z' => {
            let mut i = 0;
            while LETTERS[i] != b {
                i += 1;
            }
            254 - 2 * i as u8
        }
        b'\n' | b',' | b'.' => 198,
        0 | 0xFF => 190,
        b'0'..=b'9' => 185 - (b - b'0'),
        b'A'..=b'Z' => 150 + (b'Z' - b) / 2,
        b'\t' | b'\r' => 170,
        b'!'..=b'~' => 140,
        0x80..=0xBF => 110,
        0xC2..=0xF4 => 90,
        _ => 40,
    }
}

/// [`rank_of`] for every byte value.
static RANK: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = rank_of(i as u8);
        i += 1;
    }
    t
};

impl Pair {
    /// The pair for `needle`; `(0, 0)` for needles shorter than two bytes (which the
    /// searchers handle without a pair).
    #[inline]
    pub(crate) fn of(needle: &[u8]) -> Pair {
        if needle.len() < 2 {
            return Pair { first: 0, second: 0 };
        }
        let mut first = 0;
        for (i, &b) in needle.iter().enumerate().skip(1) {
            if RANK[b as usize] < RANK[needle[first] as usize] {
                first = i;
            }
        }
        let b1 = needle[first];
        // A byte equal to the first one ranks after every other byte.
        let key = |b: u8| RANK[b as usize] as u16 + if b == b1 { 256 } else { 0 };
        let mut second = if first == 0 { 1 } else { 0 };
        for (i, &b) in needle.iter().enumerate() {
            if i != first && key(b) < key(needle[second]) {
                second = i;
            }
        }
        Pair { first, second }
    }

    /// `self` when both positions lie inside `needle`, else the pair computed for it (a
    /// searcher's pair always fits; this keeps the kernels memory-safe for any argument).
    #[inline(always)]
    pub(crate) fn fitted(self, needle: &[u8]) -> Pair {
        if self.max() < needle.len() {
            self
        } else {
            Pair::of(needle)
        }
    }

    /// The larger position.
    #[inline(always)]
    pub(crate) fn max(self) -> usize {
        self.first.max(self.second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_table() {
        assert_eq!(RANK[b' ' as usize], 255);
        assert_eq!(RANK[b'e' as usize], 254);
        assert_eq!(RANK[b'z' as usize], 204);
        assert!(RANK[b'q' as usize] < RANK[b'a' as usize]);
        assert!(RANK[b'Q' as usize] < RANK[b'q' as usize]);
        assert!(RANK[0x01] < RANK[b'#' as usize]);
    }

    #[test]
    fn picks_rare_distinct_positions() {
        assert_eq!(Pair::of(b"the quick"), Pair { first: 4, second: 8 });
        let p = Pair::of(b"aaaa");
        assert_ne!(p.first, p.second);
        let p = Pair::of(b"aaza");
        assert_eq!(p.first, 2);
        assert_ne!(b"aaza"[p.second], b'z');
        assert_eq!(Pair::of(b"x"), Pair { first: 0, second: 0 });
        assert_eq!(Pair::of(b"ab").max(), 1);
    }
}
