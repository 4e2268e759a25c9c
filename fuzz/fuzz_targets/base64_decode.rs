//! Base64 decoding of arbitrary text at every level: the same bytes or the same error (kind
//! and offset) as the `base64` crate for the four RFC 4648 engines, in place equal to out of
//! place, and forgiving decoding equal to strict decoding of the text without whitespace.
#![no_main]

use base64::Engine as _;
use core_text::base64::{self as b64, Config, DecodeError, Engine};
use core_text::Level;
use libfuzzer_sys::fuzz_target;

fn theirs(e: base64::DecodeError) -> DecodeError {
    match e {
        base64::DecodeError::InvalidByte(k, b) => DecodeError::InvalidByte(k, b),
        base64::DecodeError::InvalidLength(n) => DecodeError::InvalidLength(n),
        base64::DecodeError::InvalidLastSymbol(k, b) => DecodeError::InvalidLastSymbol(k, b),
        base64::DecodeError::InvalidPadding => DecodeError::InvalidPadding,
    }
}

fuzz_target!(|data: &[u8]| {
    use base64::engine::general_purpose as gp;
    let pairs = [
        (b64::STANDARD, gp::STANDARD),
        (b64::STANDARD_NO_PAD, gp::STANDARD_NO_PAD),
        (b64::URL_SAFE, gp::URL_SAFE),
        (b64::URL_SAFE_NO_PAD, gp::URL_SAFE_NO_PAD),
    ];
    let stripped: Vec<u8> = data
        .iter()
        .copied()
        .filter(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0C))
        .collect();
    for level in Level::available() {
        for (e, peer) in &pairs {
            let ours = e.with_level(level).expect("available");
            let want = peer.decode(data).map_err(theirs);
            assert_eq!(ours.decode(data), want, "at {level}");
            let mut place = data.to_vec();
            let got = ours.decode_in_place(&mut place).map(|n| place[..n].to_vec());
            assert_eq!(got, want, "in place at {level}");
        }
        let forgiving =
            Engine::new(Config::new().forgiving(true)).with_level(level).expect("available");
        let strict = b64::STANDARD.with_level(level).expect("available");
        let f = forgiving.decode(data);
        let s = strict.decode(&stripped);
        assert_eq!(f.is_ok(), s.is_ok(), "forgiving vs stripped at {level}");
        if let (Ok(f), Ok(s)) = (&f, &s) {
            assert_eq!(f, s, "forgiving vs stripped at {level}");
        }
        let mut place = data.to_vec();
        let got = forgiving.decode_in_place(&mut place).map(|n| place[..n].to_vec());
        assert_eq!(got, f, "forgiving in place at {level}");
    }
});
