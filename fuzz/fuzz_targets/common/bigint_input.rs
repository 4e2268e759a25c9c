//! Operands for the `bigint_*` targets, read from the fuzz input.
//!
//! Each operand starts with a header byte: bit 7 is the sign; the low bits choose between raw
//! little-endian bytes taken from the input (a length byte, then the bytes) and a generated
//! value of up to 2,600 limbs (length, shape and splitmix64 seed from the input), so the
//! large-operand algorithms (Toom, NTT, Burnikel–Ziegler, divide-and-conquer radix) are reached
//! without multi-kilobyte inputs.

// Each target that includes this module uses only some of the readers.
#![allow(dead_code)]

use core_num::{BigInt, BigUint, Sign};

pub struct Input<'a> {
    data: &'a [u8],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        b.iter_mut().for_each(|x| *x = self.byte());
        u64::from_le_bytes(b)
    }

    /// A magnitude (see the module docs) and the sign bit of its header.
    fn magnitude(&mut self, max_limbs: usize) -> (bool, BigUint) {
        let header = self.byte();
        let negative = header & 0x80 != 0;
        if header & 0x7f < 0x60 {
            let n = self.byte() as usize;
            return (negative, BigUint::from_bytes_le(self.take(n)));
        }
        let n = self.u16() as usize % (max_limbs + 1);
        let shape = self.byte();
        let mut seed = self.u64();
        let limbs: Vec<u64> = (0..n)
            .map(|i| match shape % 5 {
                0 => splitmix(&mut seed),
                1 => u64::MAX,
                2 => u64::from(i + 1 == n) << (seed % 64),
                3 => [0, u64::MAX, splitmix(&mut seed)][(splitmix(&mut seed) % 3) as usize],
                _ => {
                    if i == 0 || i + 1 == n {
                        splitmix(&mut seed)
                    } else {
                        0
                    }
                }
            })
            .collect();
        let bytes: Vec<u8> = limbs.iter().flat_map(|x| x.to_le_bytes()).collect();
        (negative, BigUint::from_bytes_le(&bytes))
    }

    pub fn uint(&mut self, max_limbs: usize) -> BigUint {
        self.magnitude(max_limbs).1
    }

    pub fn int(&mut self, max_limbs: usize) -> BigInt {
        let (negative, m) = self.magnitude(max_limbs);
        BigInt::from_biguint(if negative { Sign::Minus } else { Sign::Plus }, m)
    }
}
