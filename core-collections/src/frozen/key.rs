//! How a frozen collection learns what its keys are without a marker trait: it watches what
//! each key's `Hash` impl feeds a hasher.
//!
//! A key whose `Hash` writes exactly one integer (`u8` to `u64`, `usize`, their signed forms,
//! `char`, `bool`, a field-less enum's discriminant) is an integer key; one that writes one
//! byte string followed by the `0xff` terminator (what `str::hash` writes: `str`, `String`,
//! `Box<str>`, `Rc<str>`, `Arc<str>`, `Cow<str>`, references to them and newtypes deriving
//! `Hash`) is a string key; anything else is hashed whole. The shape is a compile-time
//! constant for each type once the `Hash` call is inlined, so a lookup dispatches only among
//! its own type's strategies.

use core::hash::{Hash, Hasher};

/// A key type of a frozen collection: any `Eq + Hash` type (the trait is implemented for all
/// of them and needs no impl of its own; it remains as a name for the bound).
///
/// ```
/// use core_collections::frozen::FrozenMap;
///
/// #[derive(PartialEq, Eq, Hash)]
/// struct Point { x: i32, y: i32 }
///
/// let map = FrozenMap::new([(Point { x: 1, y: 2 }, "a")]);
/// assert_eq!(map.get(&Point { x: 1, y: 2 }), Some(&"a"));
/// ```
pub trait FrozenKey: Eq + Hash {}

impl<T: Eq + Hash + ?Sized> FrozenKey for T {}

/// What a key's `Hash` impl wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Nothing yet.
    Nothing,
    /// One integer, mapped to `u64` in order (signed values offset by 2⁶³), and its width
    /// in bytes (negative for signed), so that keys of mixed widths are not mixed up.
    Int(u64, i8),
    /// One byte string, not yet terminated.
    Bytes,
    /// One byte string and the `0xff` terminator: a string.
    Str,
    /// Anything else.
    Other,
}

/// Receives the bytes of a key that writes a byte string (while the hash call runs: the bytes
/// may be a temporary).
pub(crate) trait BytesSink {
    fn bytes(&mut self, b: &[u8]);
}

/// A hasher that records the [`Shape`] of what it is fed, handing byte strings to `S`.
pub(crate) struct Shaper<S> {
    pub(crate) shape: Shape,
    pub(crate) sink: S,
}

impl<S: BytesSink> Shaper<S> {
    #[inline(always)]
    pub(crate) fn new(sink: S) -> Self {
        Shaper { shape: Shape::Nothing, sink }
    }

    /// Feeds `key` to a fresh shaper; its shape and sink.
    #[inline(always)]
    pub(crate) fn run<Q: Hash + ?Sized>(key: &Q, sink: S) -> (Shape, S) {
        let mut s = Shaper::new(sink);
        key.hash(&mut s);
        (s.shape, s.sink)
    }

    #[inline(always)]
    fn int(&mut self, x: u64, width: i8) {
        self.shape = match self.shape {
            Shape::Nothing => Shape::Int(x, width),
            Shape::Bytes if x == 0xff && width == 1 => Shape::Str,
            _ => Shape::Other,
        };
    }

    #[inline(always)]
    fn signed(&mut self, x: i64, width: i8) {
        // Flipping the sign bit of the sign-extended value keeps the order.
        self.int((x as u64) ^ (1 << 63), -width);
    }
}

impl<S: BytesSink> Hasher for Shaper<S> {
    #[inline(always)]
    fn finish(&self) -> u64 {
        0
    }
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        if self.shape == Shape::Nothing {
            self.shape = Shape::Bytes;
            self.sink.bytes(bytes);
        } else {
            self.shape = Shape::Other;
        }
    }
    #[inline(always)]
    fn write_u8(&mut self, x: u8) {
        self.int(x.into(), 1);
    }
    #[inline(always)]
    fn write_u16(&mut self, x: u16) {
        self.int(x.into(), 2);
    }
    #[inline(always)]
    fn write_u32(&mut self, x: u32) {
        self.int(x.into(), 4);
    }
    #[inline(always)]
    fn write_u64(&mut self, x: u64) {
        self.int(x, 8);
    }
    #[inline(always)]
    fn write_u128(&mut self, _: u128) {
        self.shape = Shape::Other;
    }
    #[inline(always)]
    fn write_usize(&mut self, x: usize) {
        self.int(x as u64, 16);
    }
    #[inline(always)]
    fn write_i8(&mut self, x: i8) {
        self.signed(x.into(), 1);
    }
    #[inline(always)]
    fn write_i16(&mut self, x: i16) {
        self.signed(x.into(), 2);
    }
    #[inline(always)]
    fn write_i32(&mut self, x: i32) {
        self.signed(x.into(), 4);
    }
    #[inline(always)]
    fn write_i64(&mut self, x: i64) {
        self.signed(x, 8);
    }
    #[inline(always)]
    fn write_i128(&mut self, _: i128) {
        self.shape = Shape::Other;
    }
    #[inline(always)]
    fn write_isize(&mut self, x: isize) {
        self.signed(x as i64, 16);
    }
}

/// A sink that drops the bytes (for keys that only need their shape).
pub(crate) struct Ignore;

impl BytesSink for Ignore {
    #[inline(always)]
    fn bytes(&mut self, _: &[u8]) {}
}

/// A sink that appends the bytes to an arena.
pub(crate) struct Collect<'a>(pub(crate) &'a mut Vec<u8>);

impl BytesSink for Collect<'_> {
    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;
    use std::sync::Arc;

    fn shape<Q: Hash + ?Sized>(q: &Q) -> Shape {
        Shaper::run(q, Ignore).0
    }

    #[derive(Hash)]
    enum Color {
        Red,
        Green,
    }

    #[test]
    fn shapes_of_std_types() {
        assert_eq!(shape(&5u32), Shape::Int(5, 4));
        assert_eq!(shape(&5u64), Shape::Int(5, 8));
        assert_eq!(shape(&-1i32), Shape::Int((1 << 63) - 1, -4));
        assert!(matches!(shape(&0i64), Shape::Int(x, -8) if x == 1 << 63));
        assert_eq!(shape(&'a'), Shape::Int(97, 4));
        assert_eq!(shape(&true), Shape::Int(1, 1));
        assert_ne!(shape(&Color::Red), shape(&Color::Green));
        assert!(matches!(shape(&Color::Red), Shape::Int(..)));
        for s in [shape("ab"), shape(&String::from("ab")), shape(&Arc::<str>::from("ab"))] {
            assert_eq!(s, Shape::Str);
        }
        assert_eq!(shape(&Cow::Borrowed("")), Shape::Str);
        assert_eq!(shape(&1u128), Shape::Other);
        assert_eq!(shape(&(1u8, 2u8)), Shape::Other);
        assert_eq!(shape(&vec![1u8, 2]), Shape::Other);
        assert_eq!(shape(&Some(3u32)), Shape::Other);
        assert_eq!(shape(&()), Shape::Nothing);
        let mut arena = Vec::new();
        let (s, _) = Shaper::run("xyz", Collect(&mut arena));
        assert_eq!((s, arena.as_slice()), (Shape::Str, &b"xyz"[..]));
    }
}
