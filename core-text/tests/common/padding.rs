//! The padding runner: each case is run with 0..=N bytes (or units) of padding before and after
//! it, so every alignment of the case within a vector and a 64-byte block, every block boundary
//! and every tail length is hit.
//!
//! N is [`PAD_BYTES`] = 160 bytes (more than two 64-byte blocks, the widest unrolled loop) and
//! [`PAD_UNITS`] = 80 units (two and a half 32-unit blocks). Two fills are used:
//!
//! - [`Fill::Ascii`]: ASCII padding (all 128 values, including NUL and DEL);
//! - [`Fill::Wide`]: the padding before the case ends with a multi-byte char (a non-ASCII unit or
//!   a surrogate pair for UTF-16), so the case starts right after non-ASCII; the padding after it
//!   ends with one too, so the tail block is not ASCII.
//!
//! The expected result is always computed by the caller from std on the padded input, so error
//! offsets shift with the padding by construction.

use super::mix;

/// Bytes of padding on each side for UTF-8 cases.
pub const PAD_BYTES: usize = 160;
/// Units of padding on each side for UTF-16 cases.
pub const PAD_UNITS: usize = 80;

/// What the padding is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// ASCII only.
    Ascii,
    /// ASCII ending with a multi-byte char (or non-ASCII unit / surrogate pair).
    Wide,
}

/// Where a case sits in the padded input.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// Padding before the case (bytes or units).
    pub pre: usize,
    /// Padding after the case.
    pub post: usize,
    /// What the padding is made of.
    pub fill: Fill,
}

/// Which (before, after) padding lengths to run.
#[derive(Clone, Copy, Debug)]
pub enum Pads {
    /// Every pair in `0..=N` × `0..=N` (a sweep instead in reduced mode).
    All,
    /// Every length on each side once, paired with a pseudo-random length on the other side
    /// drawn from the seed: about 2N pairs.
    Sweep(u64),
}

impl Pads {
    /// The (before, after) pairs for padding up to `n`.
    pub fn pairs(self, n: usize) -> Vec<(usize, usize)> {
        let pads = match self {
            Pads::All if super::full() => {
                return (0..=n).flat_map(|a| (0..=n).map(move |b| (a, b))).collect();
            }
            Pads::All => Pads::Sweep(0x5EED),
            sweep => sweep,
        };
        let Pads::Sweep(seed) = pads else { unreachable!() };
        let m = (n + 1) as u64;
        let mut out = vec![(0, 0), (n, n)];
        for i in 0..=n {
            out.push((i, (mix(seed ^ i as u64) % m) as usize));
            out.push(((mix(!seed ^ i as u64) % m) as usize, i));
        }
        out
    }
}

/// The ASCII padding byte at position `i`: cycles through all 128 values.
pub fn ascii_byte(i: usize) -> u8 {
    (i.wrapping_mul(37) % 128) as u8
}

/// Multi-byte chars ending (or starting) `Fill::Wide` padding, by width 2, 3, 4.
const WIDE_CHARS: [&str; 3] = ["\u{E9}", "\u{20AC}", "\u{1F600}"];

/// Appends `len` bytes of padding; with `Fill::Wide` (and `len >= 2`) the last bytes are a
/// multi-byte char whose width (2 to 4) depends on `len`.
fn push_utf8_padding(out: &mut Vec<u8>, len: usize, fill: Fill) {
    let wide = match fill {
        Fill::Wide if len >= 2 => WIDE_CHARS[(len % 3).min(len - 2)].as_bytes(),
        _ => &[],
    };
    out.extend((0..len - wide.len()).map(ascii_byte));
    out.extend_from_slice(wide);
}

/// Builds `pre` bytes of padding, the case, and `post` bytes of padding into `out`.
pub fn build_utf8(out: &mut Vec<u8>, case: &[u8], at: Placement) {
    out.clear();
    push_utf8_padding(out, at.pre, at.fill);
    out.extend_from_slice(case);
    push_utf8_padding(out, at.post, at.fill);
}

/// Runs `f` on `case` with every padding pair of `pads` and both fills.
pub fn for_each_padded_utf8(case: &[u8], pads: Pads, mut f: impl FnMut(&[u8], Placement)) {
    let mut buf = Vec::with_capacity(case.len() + 2 * PAD_BYTES);
    for (pre, post) in pads.pairs(PAD_BYTES) {
        for fill in [Fill::Ascii, Fill::Wide] {
            let at = Placement { pre, post, fill };
            build_utf8(&mut buf, case, at);
            f(&buf, at);
        }
    }
}

/// Non-ASCII units ending `Fill::Wide` UTF-16 padding: BMP values at the UTF-8 length
/// boundaries and complete surrogate pairs.
const WIDE_UNITS: [&[u16]; 6] =
    [&[0x00E9], &[0x0800], &[0xD83D, 0xDE00], &[0xFFFF], &[0x07FF], &[0xDBFF, 0xDFFF]];

/// Appends `len` units of padding; with `Fill::Wide` the last one or two units are non-ASCII.
fn push_utf16_padding(out: &mut Vec<u16>, len: usize, fill: Fill) {
    let wide = match fill {
        Fill::Wide if len >= 1 => {
            let w = WIDE_UNITS[len % WIDE_UNITS.len()];
            if w.len() <= len {
                w
            } else {
                WIDE_UNITS[0]
            }
        }
        _ => &[],
    };
    out.extend((0..len - wide.len()).map(|i| u16::from(ascii_byte(i))));
    out.extend_from_slice(wide);
}

/// Builds `pre` units of padding, the case, and `post` units of padding into `out`.
pub fn build_utf16(out: &mut Vec<u16>, case: &[u16], at: Placement) {
    out.clear();
    push_utf16_padding(out, at.pre, at.fill);
    out.extend_from_slice(case);
    push_utf16_padding(out, at.post, at.fill);
}

/// Runs `f` on `case` with every padding pair of `pads` and both fills.
pub fn for_each_padded_utf16(case: &[u16], pads: Pads, mut f: impl FnMut(&[u16], Placement)) {
    let mut buf = Vec::with_capacity(case.len() + 2 * PAD_UNITS);
    for (pre, post) in pads.pairs(PAD_UNITS) {
        for fill in [Fill::Ascii, Fill::Wide] {
            let at = Placement { pre, post, fill };
            build_utf16(&mut buf, case, at);
            f(&buf, at);
        }
    }
}
