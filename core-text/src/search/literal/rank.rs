//! A guess at how common each byte is in the text people search (English prose, source code,
//! markup, UTF-8), as a rank: 255 for the most common, lower for rarer. Used to choose the
//! bytes a prefilter scans for. The order is a judgement, not a measurement of any corpus:
//! letters follow their usual order in English text, lower case before upper case, then digits
//! and punctuation, then control bytes, and bytes above 0x7F by their role in UTF-8.

/// The letters, most common first.
const LETTERS: &[u8; 26] = b"etaoinshrdlcumwfgypbvkjxqz";

/// Punctuation and symbols, most common first.
const PUNCT: &[u8] = b",.-'\"():;/_=?!*#<>[]{}&+%$@|\\`^~";

/// The rank of every byte.
static RANKS: [u8; 256] = {
    let mut r = [0u8; 256];
    // Bytes above 0x7F: UTF-8 continuation bytes are the most common of them, then the lead
    // bytes of 2- and 3-byte sequences; bytes that never occur in UTF-8 are rarest.
    let mut b = 0x80;
    while b < 256 {
        r[b] = match b {
            0x80..=0xBF => 120,
            0xC2..=0xDF => 110,
            0xE0..=0xEF => 105,
            0xF0..=0xF4 => 90,
            _ => 10,
        };
        b += 1;
    }
    // Control bytes are rare in text; NUL is common in binary data.
    let mut c = 0;
    while c < 0x20 {
        r[c] = 20;
        c += 1;
    }
    r[0] = 100;
    r[b'\t' as usize] = 200;
    r[b'\r' as usize] = 190;
    r[b'\n' as usize] = 230;
    r[b' ' as usize] = 255;
    r[0x7F] = 15;
    let mut i = 0;
    while i < 26 {
        let lower = LETTERS[i];
        r[lower as usize] = 254 - i as u8; // 254 ('e') down to 229 ('z')
        r[(lower - 0x20) as usize] = 200 - i as u8; // 'E' 200 down to 'Z' 175
        i += 1;
    }
    let mut d = b'0';
    while d <= b'9' {
        r[d as usize] = 170 - (d - b'0');
        d += 1;
    }
    let mut p = 0;
    while p < PUNCT.len() {
        r[PUNCT[p] as usize] = 215 - p as u8;
        p += 1;
    }
    r
};

/// How common `b` is, 255 for the most common.
#[inline]
pub(super) fn rank(b: u8) -> u8 {
    RANKS[b as usize]
}

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn ranks_order_the_usual_suspects() {
        assert_eq!(rank(b' '), 255);
        assert!(rank(b'e') > rank(b'z'));
        assert!(rank(b'z') > rank(b'Q'));
        assert!(rank(b'q') > rank(0xFF));
        assert!(rank(b',') > rank(b'~'));
    }
}
