//! Alphabets: the 64 symbols, and every table the kernels derive from them at compile time.

use super::error::AlphabetError;
use core::fmt;

/// Marks a byte that is not a symbol in [`Alphabet`]'s decode table.
pub(crate) const INVALID: u8 = 0xFF;
/// Marks ASCII whitespace (tab, line feed, form feed, carriage return, space) in the decode
/// table: not a symbol, skipped by forgiving decoding.
pub(crate) const SPACE: u8 = 0xFE;

/// Is `b` ASCII whitespace as the WHATWG infra standard defines it (tab, line feed, form feed,
/// carriage return, space)?
#[inline(always)]
pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// The shape of an alphabet the table-lookup kernels (16-entry nibble tables) handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// RFC 4648 section 4: `A-Z a-z 0-9 + /`.
    Standard,
    /// RFC 4648 section 5: `A-Z a-z 0-9 - _`.
    UrlSafe,
    /// Anything else: the scalar tables, and AVX-512's 64-byte permutes, which take any.
    Other,
}

/// The 64 symbols of a Base64 variant, in value order, and the padding byte `=`.
///
/// [`Alphabet::STANDARD`] and [`Alphabet::URL_SAFE`] (RFC 4648) run on every SIMD level;
/// any other alphabet ([`Alphabet::new`], e.g. [`Alphabet::CRYPT`]) is encoded and decoded by
/// the scalar tables, and at `avx512` by 64-byte permutes.
///
/// ```
/// use core_text::base64::{Alphabet, Config, Engine};
/// let alphabet = Alphabet::new("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")?;
/// let engine = Engine::new(Config::new().alphabet(alphabet).padding(false));
/// assert_eq!(engine.encode(b"hi"), "O4Y");
/// # Ok::<(), core_text::base64::AlphabetError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Alphabet {
    pub(crate) encode: [u8; 64],
    pub(crate) decode: [u8; 256],
    /// ASCII bytes to values for 128-entry permutes: the value, `0x80` for a non-symbol,
    /// `0xC0` for whitespace.
    pub(crate) ascii: [u8; 128],
    pub(crate) kind: Kind,
}

impl fmt::Debug for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Alphabet").field(&self.as_str()).finish()
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

const STANDARD_CHARS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE_CHARS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

impl Alphabet {
    /// RFC 4648's standard alphabet: `A-Z a-z 0-9 + /`.
    pub const STANDARD: Alphabet = Alphabet::build(STANDARD_CHARS, Kind::Standard);
    /// RFC 4648's URL- and filename-safe alphabet: `A-Z a-z 0-9 - _`.
    pub const URL_SAFE: Alphabet = Alphabet::build(URL_SAFE_CHARS, Kind::UrlSafe);
    /// The `crypt(3)` alphabet: `. / 0-9 A-Z a-z`.
    pub const CRYPT: Alphabet = Alphabet::build(
        "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        Kind::Other,
    );
    /// The IMAP mailbox-name alphabet (RFC 3501): `A-Z a-z 0-9 + ,`.
    pub const IMAP_MUTF7: Alphabet = Alphabet::build(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,",
        Kind::Other,
    );

    /// An alphabet from its 64 symbols in value order.
    ///
    /// # Errors
    /// The string must be 64 distinct printable ASCII bytes (`!` to `~`) other than `=`.
    ///
    /// ```
    /// use core_text::base64::{Alphabet, AlphabetError};
    /// assert_eq!(Alphabet::new("abc"), Err(AlphabetError::InvalidLength));
    /// assert_eq!(
    ///     Alphabet::new("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
    ///     Ok(Alphabet::STANDARD)
    /// );
    /// ```
    pub const fn new(symbols: &str) -> Result<Alphabet, AlphabetError> {
        let b = symbols.as_bytes();
        if b.len() != 64 {
            return Err(AlphabetError::InvalidLength);
        }
        let mut i = 0;
        while i < 64 {
            let c = b[i];
            if c == b'=' {
                return Err(AlphabetError::ReservedByte(c));
            }
            if !(c >= b'!' && c <= b'~') {
                return Err(AlphabetError::UnprintableByte(c));
            }
            let mut j = 0;
            while j < i {
                if b[j] == c {
                    return Err(AlphabetError::DuplicatedByte(c));
                }
                j += 1;
            }
            i += 1;
        }
        let kind = if eq_bytes(b, STANDARD_CHARS.as_bytes()) {
            Kind::Standard
        } else if eq_bytes(b, URL_SAFE_CHARS.as_bytes()) {
            Kind::UrlSafe
        } else {
            Kind::Other
        };
        Ok(Alphabet::build(symbols, kind))
    }

    const fn build(symbols: &str, kind: Kind) -> Alphabet {
        let b = symbols.as_bytes();
        let mut encode = [0u8; 64];
        let mut decode = [INVALID; 256];
        let mut i = 0;
        while i < 256 {
            if is_space(i as u8) {
                decode[i] = SPACE;
            }
            i += 1;
        }
        let mut v = 0;
        while v < 64 {
            encode[v] = b[v];
            decode[b[v] as usize] = v as u8;
            v += 1;
        }
        let mut ascii = [0x80u8; 128];
        let mut c = 0;
        while c < 128 {
            if decode[c] < 64 {
                ascii[c] = decode[c];
            } else if decode[c] == SPACE {
                ascii[c] = 0xC0;
            }
            c += 1;
        }
        Alphabet { encode, decode, ascii, kind }
    }

    /// The 64 symbols in value order.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::Alphabet;
    /// let url = Alphabet::URL_SAFE.as_str();
    /// assert_eq!(url.len(), 64);
    /// assert!(url.ends_with("-_"));
    /// assert!(Alphabet::STANDARD.as_str().ends_with("+/"));
    /// ```
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(&self.encode) {
            Ok(s) => s,
            // Only `new` and the constants build alphabets, from printable ASCII.
            Err(_) => unreachable!(),
        }
    }
}

/// Symbol pairs: entry `v` (12 bits) holds the symbols of `v >> 6` and `v & 63`, the first in
/// the low byte (a little-endian `u16`), so the scalar encoder makes two symbols per lookup.
pub(crate) type Pairs = [u16; 4096];

const fn pairs(a: &Alphabet) -> Pairs {
    let mut t = [0u16; 4096];
    let mut v = 0;
    while v < 4096 {
        t[v] = u16::from_le_bytes([a.encode[v >> 6], a.encode[v & 63]]);
        v += 1;
    }
    t
}

static PAIRS_STANDARD: Pairs = pairs(&Alphabet::STANDARD);
static PAIRS_URL_SAFE: Pairs = pairs(&Alphabet::URL_SAFE);

impl Alphabet {
    /// The pair table of the two RFC 4648 alphabets (8 KiB each, built at compile time);
    /// `None` for others, which the scalar code encodes a symbol at a time.
    #[inline(always)]
    pub(crate) fn pairs(&self) -> Option<&'static Pairs> {
        match self.kind {
            Kind::Standard => Some(&PAIRS_STANDARD),
            Kind::UrlSafe => Some(&PAIRS_URL_SAFE),
            Kind::Other => None,
        }
    }
}

/// Symbol values pre-shifted to their place in a group: `t[k][x]` is the value of byte `x`
/// shifted left by `18 - 6k` for the `k`-th symbol of a group, or [`QUAD_BAD`] for a
/// non-symbol, so a group decodes to the OR of four lookups.
pub(crate) type Quads = [[u32; 256]; 4];
/// The bit [`Quads`] sets for a non-symbol (outside the 24 bits of a group).
pub(crate) const QUAD_BAD: u32 = 0x8000_0000;

const fn quads(a: &Alphabet) -> Quads {
    let mut t = [[QUAD_BAD; 256]; 4];
    let mut x = 0;
    while x < 256 {
        let v = a.decode[x];
        if v < 64 {
            let mut k = 0;
            while k < 4 {
                t[k][x] = (v as u32) << (18 - 6 * k);
                k += 1;
            }
        }
        x += 1;
    }
    t
}

static QUADS_STANDARD: Quads = quads(&Alphabet::STANDARD);
static QUADS_URL_SAFE: Quads = quads(&Alphabet::URL_SAFE);

impl Alphabet {
    /// The pre-shifted decode tables of the two RFC 4648 alphabets (4 KiB each); `None` for
    /// others, which the scalar code decodes through [`Alphabet`]'s byte table.
    #[inline(always)]
    pub(crate) fn quads(&self) -> Option<&'static Quads> {
        match self.kind {
            Kind::Standard => Some(&QUADS_STANDARD),
            Kind::UrlSafe => Some(&QUADS_URL_SAFE),
            Kind::Other => None,
        }
    }
}

const fn eq_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The 16-entry tables of the Muła–Lemire decoder and encoder for one alphabet, derived from
/// its symbols at compile time and checked against them exhaustively (a failed check is a
/// compile error).
///
/// Decoding classifies byte `x` by `lo[x & 15] & hi[x >> 4]` (non-zero: not a symbol): each
/// high nibble gets one bit per distinct set of valid low nibbles, and `lo[l]` holds the bits
/// of the sets that do not contain `l`. The value is `x + roll[i]`, where `i` is the high
/// nibble, moved by `special_add` for the one symbol (`special`) whose offset differs from the
/// rest of its nibble. Encoding maps a sextet `v` to a table index (`v - 51` saturated, plus
/// one where `v > 25`: 0 for `A-Z`, 1 for `a-z`, 2..=13 for the rest) and adds
/// `shift[index]`.
pub(crate) struct Luts {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
    pub(crate) roll: [u8; 16],
    pub(crate) special: u8,
    pub(crate) special_add: u8,
    pub(crate) shift: [u8; 16],
}

impl Luts {
    pub(crate) const STANDARD: Luts = Luts::derive(&Alphabet::STANDARD, b'/', 0xFF);
    pub(crate) const URL_SAFE: Luts = Luts::derive(&Alphabet::URL_SAFE, b'_', 8);

    const fn derive(a: &Alphabet, special: u8, special_add: u8) -> Luts {
        // Valid low nibbles per high nibble, as 16-bit sets; classes of equal sets.
        let mut sets = [0u16; 16];
        let mut x = 0;
        while x < 256 {
            if a.decode[x] < 64 {
                sets[x >> 4] |= 1 << (x & 15);
            }
            x += 1;
        }
        let mut class_sets = [0u16; 8];
        let mut classes = 0;
        let mut hi = [0u8; 16];
        let mut h = 0;
        while h < 16 {
            let mut c = 0;
            while c < classes && class_sets[c] != sets[h] {
                c += 1;
            }
            if c == classes {
                assert!(classes < 8, "more than 8 nibble classes");
                class_sets[c] = sets[h];
                classes += 1;
            }
            hi[h] = 1 << c;
            h += 1;
        }
        let mut lo = [0u8; 16];
        let mut l = 0;
        while l < 16 {
            let mut c = 0;
            while c < classes {
                if class_sets[c] & (1 << l) == 0 {
                    lo[l] |= 1 << c;
                }
                c += 1;
            }
            l += 1;
        }
        // Offsets: one per high nibble, the special symbol's in its own slot.
        let mut roll = [0u8; 16];
        let mut x = 0;
        while x < 128 {
            let v = a.decode[x];
            if v < 64 {
                let slot = if x as u8 == special {
                    ((x >> 4) as u8).wrapping_add(special_add) as usize
                } else {
                    x >> 4
                };
                roll[slot] = v.wrapping_sub(x as u8);
            }
            x += 1;
        }
        let mut shift = [0u8; 16];
        let mut v = 0;
        while v < 64 {
            let i = if v < 26 {
                0
            } else if v < 52 {
                1
            } else {
                v - 50
            };
            shift[i] = a.encode[v].wrapping_sub(v as u8);
            v += 1;
        }
        let luts = Luts { lo, hi, roll, special, special_add, shift };
        // Every byte: the classification and the value the kernels compute.
        let mut x = 0;
        while x < 256 {
            let b = x as u8;
            let bad = luts.lo[x & 15] & luts.hi[x >> 4] != 0;
            assert!(bad == (a.decode[x] >= 64), "classification differs from the alphabet");
            if !bad {
                let add = if b == special { special_add } else { 0 };
                let slot = ((x >> 4) as u8).wrapping_add(add) as usize;
                assert!(slot < 16, "the special symbol's slot is out of the table");
                assert!(b.wrapping_add(luts.roll[slot]) == a.decode[x], "roll table is wrong");
            }
            x += 1;
        }
        let mut v = 0u8;
        while v < 64 {
            // What the encoders compute: `v - 51` saturated, plus one where `v > 25`.
            let i = v.saturating_sub(51) + (v > 25) as u8;
            assert!(v.wrapping_add(luts.shift[i as usize]) == a.encode[v as usize], "shift");
            v += 1;
        }
        luts
    }
}
