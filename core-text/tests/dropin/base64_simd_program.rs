// A program of a `base64-simd` user: compiled once against `base64-simd` and once against
// `core_text::base64`, with only the `use` lines before the `include!` changed.

pub fn run() -> Vec<String> {
    let mut log = Vec::new();
    let inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"hello".to_vec(),
        (0..=255u8).collect(),
        (0..10_000u32).map(|i| (i * 7 % 253) as u8).collect(),
    ];
    for data in &inputs {
        for e in [&STANDARD, &STANDARD_NO_PAD, &URL_SAFE, &URL_SAFE_NO_PAD] {
            let text = e.encode_to_string(data);
            log.push(text.clone());
            log.push(format!("{}", e.encoded_length(data.len())));
            log.push(format!("{:?}", e.decode_to_vec(&text).ok()));
            log.push(format!("{:?}", e.check(text.as_bytes()).is_ok()));
            let mut buf = text.clone().into_bytes();
            let decoded = e.decode_inplace(&mut buf).map(|d| d.to_vec());
            log.push(format!("{:?}", decoded.ok()));
        }
    }
    for t in ["Zg==", "Zg", "Zh==", "Zm9v*mFy", "A", "-_-_", "+/+/", "Zm9vYg=="] {
        for e in [&STANDARD, &STANDARD_NO_PAD, &URL_SAFE, &URL_SAFE_NO_PAD] {
            log.push(format!("{t}: {:?}", e.decode_to_vec(t).ok()));
        }
    }
    log
}
