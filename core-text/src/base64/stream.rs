//! Streaming: [`EncoderWriter`] (`std::io::Write`) and [`DecoderReader`] (`std::io::Read`),
//! which accept input in chunks of any size and produce exactly the bytes of one call.
//!
//! The encoder holds back at most one unit of input (3 bytes, or one line's worth when the
//! engine breaks lines) and encodes whole units as they arrive; a unit of lines ends at a
//! line boundary, so the separator is written before the next one. The decoder keeps the
//! text from its last whole group of symbols that is not the final one, so padding and the
//! final group are judged only at the end of the input, as in one call.

use super::alphabet::is_space;
use super::{DecodeError, DecodeSliceError, Engine};
use alloc::vec::Vec;
use std::io::{self, Read, Write};

/// Input bytes encoded per call to the engine.
const CHUNK: usize = 48 * 1024;

/// Encodes everything written to it into `W`, exactly as one call would: it holds back at
/// most one unit of input (3 bytes, or a line's worth when the engine breaks lines).
///
/// Call [`EncoderWriter::finish`] to write the final group (and padding) and get `W` back;
/// dropping the writer finishes it too, ignoring errors.
///
/// ```
/// use core_text::base64::{EncoderWriter, MIME};
/// use std::io::Write;
/// let data = [42u8; 100];
/// let mut w = EncoderWriter::new(Vec::new(), &MIME);
/// for piece in data.chunks(7) {
///     w.write_all(piece)?;
/// }
/// assert_eq!(w.finish()?, MIME.encode(data).into_bytes());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct EncoderWriter<W: Write> {
    engine: Engine,
    inner: Option<W>,
    /// Input not yet encoded: less than one unit.
    held: Vec<u8>,
    out: Vec<u8>,
    /// A line ended last: a separator goes before more text.
    need_sep: bool,
}

impl<W: Write> EncoderWriter<W> {
    /// A writer that encodes with `engine` into `inner`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{EncoderWriter, STANDARD};
    /// use std::io::Write;
    /// let mut w = EncoderWriter::new(Vec::new(), &STANDARD);
    /// w.write_all(b"he")?;
    /// w.write_all(b"llo")?; // groups may span writes
    /// assert_eq!(w.finish()?, b"aGVsbG8=");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(inner: W, engine: &Engine) -> EncoderWriter<W> {
        EncoderWriter {
            engine: *engine,
            inner: Some(inner),
            held: Vec::new(),
            out: Vec::new(),
            need_sep: false,
        }
    }

    fn unit(&self) -> usize {
        match self.engine.config().line_len() {
            0 => 3,
            l => l / 4 * 3,
        }
    }

    /// Encodes `input` (whole units, or the end) and writes it out.
    fn emit(&mut self, input: &[u8]) -> io::Result<()> {
        let Some(inner) = self.inner.as_mut() else {
            return Err(io::Error::other("base64 encoder used after finish"));
        };
        self.out.clear();
        if self.need_sep && !input.is_empty() {
            self.out.extend_from_slice(self.engine.config().line_ending.as_bytes());
        }
        self.engine.encode_to_vec_into(input, &mut self.out);
        self.need_sep = self.engine.config().line_len() > 0;
        inner.write_all(&self.out)
    }

    /// Writes the final group and returns the inner writer.
    ///
    /// # Errors
    /// The inner writer's.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{EncoderWriter, STANDARD};
    /// use std::io::Write;
    /// let mut w = EncoderWriter::new(Vec::new(), &STANDARD);
    /// w.write_all(b"a")?;
    /// // The last, partial group and its padding are written only by `finish`.
    /// let out = w.finish()?;
    /// assert_eq!(out, b"YQ==");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn finish(mut self) -> io::Result<W> {
        self.finish_mut()?;
        self.inner.take().ok_or_else(|| io::Error::other("base64 encoder already finished"))
    }

    fn finish_mut(&mut self) -> io::Result<()> {
        if self.inner.is_none() {
            return Ok(());
        }
        let held = core::mem::take(&mut self.held);
        if !held.is_empty() {
            self.emit(&held)?;
        }
        self.inner.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl<W: Write> Write for EncoderWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let unit = self.unit();
        let mut rest = buf;
        if !self.held.is_empty() {
            let take = (unit - self.held.len()).min(rest.len());
            self.held.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.held.len() < unit {
                return Ok(buf.len());
            }
            let held = core::mem::take(&mut self.held);
            self.emit(&held)?;
            self.held = held;
            self.held.clear();
        }
        let step = (CHUNK / unit).max(1) * unit;
        while rest.len() >= unit {
            let n = (rest.len() / unit * unit).min(step);
            self.emit(&rest[..n])?;
            rest = &rest[n..];
        }
        self.held.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl<W: Write> Drop for EncoderWriter<W> {
    fn drop(&mut self) {
        let _ = self.finish_mut();
    }
}

/// Decodes the Base64 text read from `R`, exactly as one call would: the final group and
/// padding are judged at the end of the input.
///
/// Invalid text is an [`io::ErrorKind::InvalidData`] error wrapping the [`DecodeError`] of
/// the whole text, with offsets from its start. (One difference: a text whose length leaves
/// one byte in its last group gets its length error where one call reports an invalid last
/// byte first.)
///
/// ```
/// use core_text::base64::{DecoderReader, STANDARD};
/// use std::io::Read;
/// let text = STANDARD.encode([7u8; 1000]);
/// let mut bytes = Vec::new();
/// DecoderReader::new(text.as_bytes(), &STANDARD).read_to_end(&mut bytes)?;
/// assert_eq!(bytes, [7u8; 1000]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct DecoderReader<R: Read> {
    engine: Engine,
    inner: R,
    /// Text not yet decoded; `text[0]` is byte `offset` of the whole text.
    text: Vec<u8>,
    offset: usize,
    /// Symbols decoded so far.
    symbols: usize,
    decoded: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl<R: Read> DecoderReader<R> {
    /// A reader that decodes the text of `inner` with `engine`.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecoderReader, STANDARD};
    /// use std::io::{ErrorKind, Read};
    /// let mut out = String::new();
    /// DecoderReader::new(&b"aGVsbG8="[..], &STANDARD).read_to_string(&mut out)?;
    /// assert_eq!(out, "hello");
    /// let err = DecoderReader::new(&b"aGV$"[..], &STANDARD).read_to_end(&mut Vec::new()).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidData);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(inner: R, engine: &Engine) -> DecoderReader<R> {
        DecoderReader {
            engine: *engine,
            inner,
            text: Vec::new(),
            offset: 0,
            symbols: 0,
            decoded: Vec::new(),
            pos: 0,
            eof: false,
        }
    }

    /// The inner reader.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::base64::{DecoderReader, STANDARD};
    /// use std::io::Read;
    /// let mut r = DecoderReader::new(&b"YQ=="[..], &STANDARD);
    /// let mut byte = [0u8; 1];
    /// r.read_exact(&mut byte)?;
    /// assert_eq!(&byte, b"a");
    /// assert!(r.into_inner().len() < 4); // the reader consumed the text
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }

    fn invalid(e: DecodeError) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, e)
    }

    /// Where the text can be cut: after a whole number of groups, with a non-space byte
    /// after the cut (the final group stays); `(cut, symbols before it)`.
    fn cut(&self) -> (usize, usize) {
        if !self.engine.config().is_forgiving() {
            let cut = self.text.len().saturating_sub(1) / 4 * 4;
            return (cut, cut);
        }
        let (mut cut, mut cut_symbols, mut symbols) = (0, 0, 0);
        for (k, b) in self.text.iter().enumerate() {
            if is_space(*b) {
                continue;
            }
            if symbols % 4 == 0 && symbols > 0 {
                // A symbol after a whole group: the text before it can go.
                cut = k;
                cut_symbols = symbols;
            }
            symbols += 1;
        }
        (cut, cut_symbols)
    }

    /// Reads more text and decodes what can be; `Ok(false)` at the end.
    fn refill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let start = self.text.len();
        self.text.resize(start + CHUNK, 0);
        let n = loop {
            match self.inner.read(&mut self.text[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.text.truncate(start);
                    return Err(e);
                }
            }
        };
        self.text.truncate(start + n);
        self.decoded.clear();
        self.pos = 0;
        if n == 0 {
            self.eof = true;
            let text = core::mem::take(&mut self.text);
            self.engine
                .decode_vec(&text, &mut self.decoded)
                .map_err(|e| Self::invalid(e.shifted(self.offset, self.symbols)))?;
            return Ok(true);
        }
        let (cut, symbols) = self.cut();
        if cut > 0 {
            let want = symbols / 4 * 3;
            self.decoded.resize(want, 0);
            let r = self.engine.decode_to_slice(&self.text[..cut], &mut self.decoded);
            let e = match r {
                Ok(k) if k == want => None,
                // Padding before more symbols: the first `=` is out of place.
                Ok(_) => {
                    let at = self.text[..cut].iter().position(|&b| b == b'=').unwrap_or(0);
                    Some(DecodeError::InvalidByte(at, b'='))
                }
                Err(DecodeSliceError::DecodeError(e)) => Some(e),
                Err(DecodeSliceError::OutputSliceTooSmall) => {
                    let at = self.text[..cut].iter().position(|&b| b == b'=').unwrap_or(0);
                    Some(DecodeError::InvalidByte(at, b'='))
                }
            };
            if let Some(e) = e {
                return Err(Self::invalid(e.shifted(self.offset, self.symbols)));
            }
            self.text.drain(..cut);
            self.offset += cut;
            self.symbols += symbols;
        }
        Ok(true)
    }
}

impl<R: Read> Read for DecoderReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.decoded.len() {
            if !self.refill()? {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.decoded.len() - self.pos);
        buf[..n].copy_from_slice(&self.decoded[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
