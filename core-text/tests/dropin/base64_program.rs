// A program of a `base64` crate user: compiled once against the `base64` crate and once
// against `core_text::base64`, with only the `use` lines before the `include!` changed.
// Everything it computes goes into the returned log.

/// The inputs, from empty to several vector blocks, with and without padding.
fn inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = vec![b"".to_vec(), b"f".to_vec(), b"fo".to_vec(), b"foo".to_vec()];
    v.push(b"Many hands make light work.".to_vec());
    v.push((0..=255u8).collect());
    v.push((0..5000u32).map(|i| (i * 31 % 251) as u8).collect());
    v
}

/// Texts with every kind of mistake.
fn bad_texts() -> Vec<&'static str> {
    vec![
        "Zg", "Zg=", "Zg==", "Zh==", "Z===", "Zm9v=", "Zm9vYg", "Zm9vYmE", "Zm9v*mFy", "Zm9 vYmFy",
        "Zm9vYmFy\n", "=Zm9vYmFy", "Zm==Zm9v", "A", "AAAAA", "AAAA=A==", "-_-_", "+/+/", "aGVsbG8gd29ybGQ=",
        "aGVsbG8gd29ybGQ", "aGVsbG8gd29ybGR=", "YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWjAxMjM0NTY3ODk=",
    ]
}

pub fn run() -> Vec<String> {
    let mut log = Vec::new();
    for data in inputs() {
        let text = STANDARD.encode(&data);
        log.push(text.clone());
        log.push(URL_SAFE_NO_PAD.encode(&data));
        log.push(format!("{:?}", STANDARD.decode(&text)));
        log.push(format!("{:?}", URL_SAFE_NO_PAD.decode(URL_SAFE_NO_PAD.encode(&data))));
        let mut s = String::from("prefix:");
        STANDARD.encode_string(&data, &mut s);
        log.push(s);
        let mut buf = vec![0u8; text.len()];
        log.push(format!("{:?}", STANDARD.encode_slice(&data, &mut buf)));
        log.push(format!("{:?}", STANDARD.encode_slice(&data, &mut buf[..text.len() / 2])));
        let mut out = vec![0u8; data.len()];
        log.push(format!("{:?} {:?}", STANDARD.decode_slice(&text, &mut out), out == data));
        if !data.is_empty() {
            log.push(format!("{:?}", STANDARD.decode_slice(&text, &mut out[..data.len() - 1])));
        }
        let mut v = b"keep".to_vec();
        log.push(format!("{:?} {}", STANDARD.decode_vec(&text, &mut v), v.len()));
    }
    for t in bad_texts() {
        for e in [&STANDARD, &STANDARD_NO_PAD, &URL_SAFE, &URL_SAFE_NO_PAD] {
            let r: Result<Vec<u8>, DecodeError> = e.decode(t);
            log.push(format!("{t}: {r:?}"));
        }
    }
    log
}
