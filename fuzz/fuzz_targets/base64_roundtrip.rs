//! Base64 round trips of arbitrary bytes at every level: encoding equal to the `base64`
//! crate's, decoding giving the bytes back (out of place, in place, forgiving with line
//! breaks), and the streaming encoder and decoder equal to one call for a chunking taken from
//! the input.
#![no_main]

use base64::Engine as _;
use core_text::base64::{self as b64, Config, Engine, LineEnding};
use core_text::Level;
use libfuzzer_sys::fuzz_target;
use std::io::{Read, Write};

fuzz_target!(|input: &[u8]| {
    let (chunk, data) = match input.split_first() {
        Some((c, d)) => (usize::from(*c) % 97 + 1, d),
        None => (1, input),
    };
    use base64::engine::general_purpose as gp;
    let pem = Engine::new(Config::new().line_wrap(64, LineEnding::Lf).forgiving(true));
    for level in Level::available() {
        let pairs = [(b64::STANDARD, gp::STANDARD), (b64::URL_SAFE_NO_PAD, gp::URL_SAFE_NO_PAD)];
        for (e, peer) in pairs {
            let ours = e.with_level(level).expect("available");
            let text = ours.encode(data);
            assert_eq!(text, peer.encode(data), "at {level}");
            assert_eq!(ours.decode(&text).as_deref(), Ok(data), "at {level}");
        }
        for e in [b64::MIME, pem] {
            let ours = e.with_level(level).expect("available");
            let text = ours.encode(data);
            assert_eq!(text.len(), ours.encoded_len(data.len()));
            assert_eq!(ours.decode(&text).as_deref(), Ok(data), "at {level}");
            let mut place = text.clone().into_bytes();
            let n = ours.decode_in_place(&mut place).expect("valid");
            assert_eq!(&place[..n], data, "in place at {level}");
        }
    }
    for e in [b64::STANDARD, b64::MIME] {
        let mut w = b64::EncoderWriter::new(Vec::new(), &e);
        for piece in data.chunks(chunk) {
            w.write_all(piece).expect("a Vec takes everything");
        }
        let text = w.finish().expect("a Vec takes everything");
        assert_eq!(text, e.encode(data).into_bytes());
        let mut back = Vec::new();
        b64::DecoderReader::new(&text[..], &e).read_to_end(&mut back).expect("valid");
        assert_eq!(back, data);
    }
});
