//! [`Imp`]: one implementation of the whole API, so a check runs unchanged against every
//! [`Backend`] and against the free functions (which dispatch to the best level).

use core_text::utf16::{self, Utf16Error};
use core_text::utf8::{self, Utf8Error};
use core_text::{Backend, BufferTooSmall, TranscodeError};
use std::fmt;

/// An implementation under test.
#[derive(Clone, Copy)]
pub enum Imp {
    /// The `Backend` methods of one level.
    Level(Backend),
    /// `core_text::utf8::*` and `core_text::utf16::*`.
    Free,
}

impl fmt::Debug for Imp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Imp::Level(b) => write!(f, "Backend({})", b.level()),
            Imp::Free => write!(f, "free functions ({})", core_text::Level::best()),
        }
    }
}

/// Every available backend, best first; never empty (scalar is always there).
pub fn backends() -> Vec<Backend> {
    let all: Vec<Backend> = Backend::all().collect();
    assert!(!all.is_empty(), "Backend::all() is empty");
    all
}

/// Every backend, then the free functions.
pub fn imps() -> Vec<Imp> {
    backends().into_iter().map(Imp::Level).chain([Imp::Free]).collect()
}

impl Imp {
    pub fn utf8_validate(self, src: &[u8]) -> bool {
        match self {
            Imp::Level(b) => b.utf8_validate(src),
            Imp::Free => utf8::validate(src),
        }
    }

    pub fn utf8_from_utf8(self, src: &[u8]) -> Result<&str, Utf8Error> {
        match self {
            Imp::Level(b) => b.utf8_from_utf8(src),
            Imp::Free => utf8::from_utf8(src),
        }
    }

    pub fn utf8_from_utf8_mut(self, src: &mut [u8]) -> Result<&mut str, Utf8Error> {
        match self {
            Imp::Level(b) => b.utf8_from_utf8_mut(src),
            Imp::Free => utf8::from_utf8_mut(src),
        }
    }

    pub fn utf8_utf16_len(self, src: &[u8]) -> Result<usize, Utf8Error> {
        match self {
            Imp::Level(b) => b.utf8_utf16_len(src),
            Imp::Free => utf8::utf16_len(src),
        }
    }

    pub fn utf8_utf16_len_str(self, s: &str) -> usize {
        match self {
            Imp::Level(b) => b.utf8_utf16_len_str(s),
            Imp::Free => utf8::utf16_len_str(s),
        }
    }

    pub fn utf8_count_chars(self, s: &str) -> usize {
        match self {
            Imp::Level(b) => b.utf8_count_chars(s),
            Imp::Free => utf8::count_chars(s),
        }
    }

    pub fn utf8_to_utf16(self, s: &str, dst: &mut [u16]) -> Result<usize, BufferTooSmall> {
        match self {
            Imp::Level(b) => b.utf8_to_utf16(s, dst),
            Imp::Free => utf8::to_utf16(s, dst),
        }
    }

    pub fn utf8_to_utf16_vec(self, s: &str) -> Vec<u16> {
        match self {
            Imp::Level(b) => b.utf8_to_utf16_vec(s),
            Imp::Free => utf8::to_utf16_vec(s),
        }
    }

    pub fn utf8_to_utf16_from_bytes(
        self,
        src: &[u8],
        dst: &mut [u16],
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        match self {
            Imp::Level(b) => b.utf8_to_utf16_from_bytes(src, dst),
            Imp::Free => utf8::to_utf16_from_bytes(src, dst),
        }
    }

    pub fn utf8_to_utf16_vec_from_bytes(self, src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        match self {
            Imp::Level(b) => b.utf8_to_utf16_vec_from_bytes(src),
            Imp::Free => utf8::to_utf16_vec_from_bytes(src),
        }
    }

    pub fn utf16_validate(self, src: &[u16]) -> bool {
        match self {
            Imp::Level(b) => b.utf16_validate(src),
            Imp::Free => utf16::validate(src),
        }
    }

    pub fn utf16_utf8_len(self, src: &[u16]) -> Result<usize, Utf16Error> {
        match self {
            Imp::Level(b) => b.utf16_utf8_len(src),
            Imp::Free => utf16::utf8_len(src),
        }
    }

    pub fn utf16_to_utf8(
        self,
        src: &[u16],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        match self {
            Imp::Level(b) => b.utf16_to_utf8(src, dst),
            Imp::Free => utf16::to_utf8(src, dst),
        }
    }

    pub fn utf16_to_string(self, src: &[u16]) -> Result<String, Utf16Error> {
        match self {
            Imp::Level(b) => b.utf16_to_string(src),
            Imp::Free => utf16::to_string(src),
        }
    }

    pub fn utf16_to_string_lossy(self, src: &[u16]) -> String {
        match self {
            Imp::Level(b) => b.utf16_to_string_lossy(src),
            Imp::Free => utf16::to_string_lossy(src),
        }
    }
}
