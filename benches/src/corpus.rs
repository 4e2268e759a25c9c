//! Deterministic text corpora, generated in memory (nothing is downloaded or read from disk).
//!
//! Every corpus is built by [`generate`] to an exact byte length: text is produced from a fixed
//! seed until it is long enough, cut at the last char boundary that fits and padded with ASCII
//! spaces to the exact size. The same kind and size always give the same bytes, on every
//! machine, so runs and peers compare the same input.
//!
//! ```
//! use core_benches::corpus::{generate, Corpus};
//! let text = generate(Corpus::Cjk, 1024);
//! assert_eq!(text.len(), 1024);
//! assert_eq!(text, generate(Corpus::Cjk, 1024));
//! ```

use std::fmt;

/// A small, fast, deterministic PRNG (SplitMix64). Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` (`n > 0`); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A uniform value in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi - lo + 1)
    }

    /// A random element of `items` (non-empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u32) as usize]
    }
}

/// The kinds of text the benchmarks run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corpus {
    /// English-like ASCII prose: words, punctuation, line breaks (1 byte per char).
    Ascii,
    /// French, German and Spanish-like prose with many é ü ñ ß (mostly 1 and 2-byte chars).
    Latin1,
    /// Mostly CJK ideographs U+4E00..U+9FFF with CJK punctuation (3-byte chars).
    Cjk,
    /// Mostly emoji U+1F300..U+1F64F with some spaces (4-byte chars, surrogate pairs in UTF-16).
    Emoji,
    /// Short runs of all the above, switching often.
    Mixed,
    /// ASCII, Cyrillic, CJK and emoji interleaved every few characters (1 to 6), so nearly
    /// every 16-byte block holds several widths: the hardest case for run-based fast paths.
    Interleaved,
}

impl Corpus {
    /// Every corpus, in report order.
    pub const ALL: [Corpus; 6] = [
        Corpus::Ascii,
        Corpus::Latin1,
        Corpus::Cjk,
        Corpus::Emoji,
        Corpus::Mixed,
        Corpus::Interleaved,
    ];

    /// The name used in case names (`ascii`, `latin1`, `cjk`, `emoji`, `mixed`,
    /// `interleaved`).
    pub const fn name(self) -> &'static str {
        match self {
            Corpus::Ascii => "ascii",
            Corpus::Latin1 => "latin1",
            Corpus::Cjk => "cjk",
            Corpus::Emoji => "emoji",
            Corpus::Mixed => "mixed",
            Corpus::Interleaved => "interleaved",
        }
    }

    fn seed(self) -> u64 {
        match self {
            Corpus::Ascii => 0xA5C1_1000,
            Corpus::Latin1 => 0x1A71_0001,
            Corpus::Cjk => 0xC0C0_4E00,
            Corpus::Emoji => 0x1F60_0000,
            Corpus::Mixed => 0x0B1E_0D00,
            Corpus::Interleaved => 0x1E7E_A5ED,
        }
    }
}

impl fmt::Display for Corpus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// English words, separated by white space.
const ENGLISH: &str = "\
    the of and to in is that it was for on are with as his they be at one have this from by \
    hot word but what some we can out other were all there when up use your how said each \
    which she do their time if will way about many then them write would like so these her \
    long make thing see him two has look more day could go come did number sound no most \
    people my over know water than call first who may down side been now find benchmark \
    validation throughput processor vector encoding character boundary surrogate";

/// French, German and Spanish words, separated by white space.
const LATIN1: &str = "\
    été über Straße niño français Größe déjà mañana naïve Müller café crème würde señor ça \
    où lächeln Bär höflich Mädchen garçon élève fête hôtel tôt Fußgänger schön Übung año \
    pequeño corazón canción árbol pingüino résumé Äpfel Öl grüßen Grüße fröhlich Küche \
    Brötchen égalité noël maïs cœur Ärger la le et der die und el de que un une les das ist \
    nicht à für mit sur très über señora niñez Weißbier Spaß";

/// CJK punctuation and full-width forms: 、 。 ， 「 」 ： ！ ？ （ ）.
const CJK_PUNCT: &[char] = &[
    '\u{3001}', '\u{3002}', '\u{FF0C}', '\u{300C}', '\u{300D}', '\u{FF1A}', '\u{FF01}', '\u{FF1F}',
    '\u{FF08}', '\u{FF09}',
];

/// The word lists, split once per [`generate`] call.
struct Words {
    english: Vec<&'static str>,
    latin1: Vec<&'static str>,
}

impl Words {
    fn new() -> Words {
        Words {
            english: ENGLISH.split_whitespace().collect(),
            latin1: LATIN1.split_whitespace().collect(),
        }
    }
}

fn push_english(rng: &mut Rng, words: &Words, out: &mut String) {
    let w = *rng.pick(&words.english);
    if rng.below(12) == 0 {
        let mut cs = w.chars();
        if let Some(c) = cs.next() {
            out.push(c.to_ascii_uppercase());
            out.push_str(cs.as_str());
        }
    } else {
        out.push_str(w);
    }
    match rng.below(40) {
        0..=2 => out.push_str(", "),
        3..=4 => out.push_str(". "),
        5 => out.push('\n'),
        6 => out.push_str("; "),
        _ => out.push(' '),
    }
}

fn push_latin1(rng: &mut Rng, words: &Words, out: &mut String) {
    let w = *rng.pick(&words.latin1);
    out.push_str(w);
    match rng.below(30) {
        0..=1 => out.push_str(", "),
        2 => out.push_str(". "),
        3 => out.push('\n'),
        _ => out.push(' '),
    }
}

fn push_cjk(rng: &mut Rng, out: &mut String) {
    let run = rng.range(4, 18);
    for _ in 0..run {
        let c = char::from_u32(rng.range(0x4E00, 0x9FFF)).expect("ideographs are chars");
        out.push(c);
    }
    if rng.below(25) == 0 {
        out.push('\n');
    } else {
        out.push(*rng.pick(CJK_PUNCT));
    }
}

fn push_emoji(rng: &mut Rng, out: &mut String) {
    let run = rng.range(1, 6);
    for _ in 0..run {
        let c = char::from_u32(rng.range(0x1F300, 0x1F64F)).expect("emoji are chars");
        out.push(c);
    }
    out.push(' ');
}

fn push_mixed(rng: &mut Rng, words: &Words, out: &mut String) {
    // A short run of one of the other kinds, then switch: every vector sees a different mix.
    let pieces = rng.range(1, 3);
    let kind = rng.below(4);
    for _ in 0..pieces {
        match kind {
            0 => push_english(rng, words, out),
            1 => push_latin1(rng, words, out),
            2 => push_cjk(rng, out),
            _ => push_emoji(rng, out),
        }
    }
}

fn push_interleaved(rng: &mut Rng, words: &Words, out: &mut String) {
    // One to six chars of one script, then another: widths change within every vector.
    let run = rng.range(1, 6);
    match rng.below(5) {
        0 | 1 => {
            let w = rng.pick(&words.english);
            out.extend(w.chars().take(run as usize));
            out.push(' ');
        }
        2 => {
            for _ in 0..run {
                // а..я and А..Я (U+0410..U+044F): 2 bytes each.
                out.push(char::from_u32(rng.range(0x410, 0x44F)).expect("Cyrillic letters"));
            }
        }
        3 => {
            for _ in 0..run {
                out.push(char::from_u32(rng.range(0x4E00, 0x9FFF)).expect("ideographs are chars"));
            }
        }
        _ => {
            for _ in 0..run.min(2) {
                out.push(char::from_u32(rng.range(0x1F300, 0x1F64F)).expect("emoji are chars"));
            }
        }
    }
}

/// `corpus` text of exactly `len` bytes (valid UTF-8; deterministic).
pub fn generate(corpus: Corpus, len: usize) -> String {
    let mut rng = Rng::new(corpus.seed());
    let words = Words::new();
    let mut out = String::with_capacity(len + 64);
    while out.len() < len {
        match corpus {
            Corpus::Ascii => push_english(&mut rng, &words, &mut out),
            Corpus::Latin1 => push_latin1(&mut rng, &words, &mut out),
            Corpus::Cjk => push_cjk(&mut rng, &mut out),
            Corpus::Emoji => push_emoji(&mut rng, &mut out),
            Corpus::Mixed => push_mixed(&mut rng, &words, &mut out),
            Corpus::Interleaved => push_interleaved(&mut rng, &words, &mut out),
        }
    }
    fit(out, len)
}

/// Cuts `s` at the last char boundary at or below `len` and pads it with spaces to `len` bytes.
pub fn fit(mut s: String, len: usize) -> String {
    let mut cut = len.min(s.len());
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    s.truncate(cut);
    while s.len() < len {
        s.push(' ');
    }
    s
}

/// The seed input of B-TXT-01 `ValidWithSurrogatePairs`: repeat [a random `'A'..='Z'`, then
/// U+1F600 as a surrogate pair] until the length is at least 4,094 units, giving 4,095 units
/// (1,365 ASCII letters and 1,365 pairs; 6,825 bytes as UTF-8).
pub fn valid_with_surrogate_pairs() -> Vec<u16> {
    const LENGTH: usize = 4096;
    let mut rng = Rng::new(42);
    let mut units = Vec::with_capacity(LENGTH);
    while units.len() < LENGTH - 2 {
        units.push(rng.range(u32::from(b'A'), u32::from(b'Z')) as u16);
        units.extend_from_slice(&[0xD83D, 0xDE00]);
    }
    units
}

/// The seed input of B-TXT-02 `Utf8GetCharCount`: 16,384 bytes of `b'a'`.
pub fn utf8_get_char_count() -> Vec<u8> {
    vec![b'a'; 16_384]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_lengths_and_deterministic() {
        for corpus in Corpus::ALL {
            for len in [0, 1, 7, 8, 63, 64, 1000, 1024, 65_536] {
                let s = generate(corpus, len);
                assert_eq!(s.len(), len, "{corpus} {len}");
                assert_eq!(s, generate(corpus, len));
            }
        }
    }

    #[test]
    fn corpora_have_their_character() {
        let n = 65_536;
        let count =
            |c: Corpus, f: fn(char) -> bool| generate(c, n).chars().filter(|&ch| f(ch)).count();
        assert!(generate(Corpus::Ascii, n).is_ascii());
        assert!(count(Corpus::Latin1, |c| ('\u{80}'..='\u{FF}').contains(&c)) > 3_000);
        let cjk = count(Corpus::Cjk, |c| ('\u{4E00}'..='\u{9FFF}').contains(&c));
        assert!(cjk * 3 > n * 8 / 10, "{cjk}");
        let emoji = count(Corpus::Emoji, |c| ('\u{1F300}'..='\u{1F64F}').contains(&c));
        assert!(emoji * 4 > n * 7 / 10, "{emoji}");
        let mixed = generate(Corpus::Mixed, n);
        for w in [1, 2, 3, 4] {
            assert!(mixed.chars().filter(|c| c.len_utf8() == w).count() > 500, "width {w}");
        }
        // Interleaved: every width, Cyrillic among the 2-byte chars, and short runs (the
        // width changes at least once every 8 chars on average).
        let inter: Vec<char> = generate(Corpus::Interleaved, n).chars().collect();
        for w in [1, 2, 3, 4] {
            assert!(inter.iter().filter(|c| c.len_utf8() == w).count() > 1_000, "width {w}");
        }
        assert!(inter.iter().filter(|c| ('\u{410}'..='\u{44F}').contains(c)).count() > 1_000);
        let switches = inter.windows(2).filter(|p| p[0].len_utf8() != p[1].len_utf8()).count();
        assert!(switches * 8 > inter.len(), "{switches} of {}", inter.len());
    }

    #[test]
    fn seed_inputs() {
        let u = valid_with_surrogate_pairs();
        assert_eq!(u.len(), 4095);
        assert_eq!(String::from_utf16(&u).ok().map(|s| s.len()), Some(6825));
        assert!(u.chunks(3).all(|c| (65..=90).contains(&c[0]) && c[1..] == [0xD83D, 0xDE00]));
        assert_eq!(utf8_get_char_count().len(), 16_384);
    }
}
