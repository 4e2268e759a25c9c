//! `serde` support (feature `serde`): a [`FrozenMap`] is a map and a [`FrozenSet`] a
//! sequence, as std's `HashMap` and `HashSet` are. Deserializing builds the collection as
//! [`FrozenMap::new`] does (duplicate keys: the last one wins).

use super::{FrozenMap, FrozenSet};
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

impl<K: Serialize, V: Serialize> Serialize for FrozenMap<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<T: Serialize> Serialize for FrozenSet<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// At most this many entries are reserved from a size hint (a hostile hint must not make us
/// allocate much before the entries arrive).
const MAX_RESERVE: usize = 4096;

struct MapVisitor<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for MapVisitor<K, V>
where
    K: Deserialize<'de> + Hash + Eq,
    V: Deserialize<'de>,
{
    type Value = FrozenMap<K, V>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let mut pairs = Vec::with_capacity(access.size_hint().unwrap_or(0).min(MAX_RESERVE));
        while let Some(pair) = access.next_entry()? {
            pairs.push(pair);
        }
        Ok(FrozenMap::new(pairs))
    }
}

impl<'de, K, V> Deserialize<'de> for FrozenMap<K, V>
where
    K: Deserialize<'de> + Hash + Eq,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

struct SetVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de> + Hash + Eq> Visitor<'de> for SetVisitor<T> {
    type Value = FrozenSet<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let mut elements = Vec::with_capacity(access.size_hint().unwrap_or(0).min(MAX_RESERVE));
        while let Some(element) = access.next_element()? {
            elements.push(element);
        }
        Ok(FrozenSet::new(elements))
    }
}

impl<'de, T: Deserialize<'de> + Hash + Eq> Deserialize<'de> for FrozenSet<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(SetVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_json() {
        let map: FrozenMap<String, u32> = (0..50).map(|i| (format!("k{i}"), i)).collect();
        let json = serde_json::to_string(&map).expect("serializes");
        let back: FrozenMap<String, u32> = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, map);
        assert_eq!(back.get("k7"), Some(&7));
        let set: FrozenSet<u16> = (0..300).step_by(3).collect();
        let json = serde_json::to_string(&set).expect("serializes");
        assert!(json.starts_with('['));
        let back: FrozenSet<u16> = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, set);
        // Duplicates: the last one wins, as in `FrozenMap::new`.
        let dup: FrozenMap<String, u8> = serde_json::from_str(r#"{"a":1,"a":2}"#).expect("ok");
        assert_eq!(dup.len(), 1);
        assert_eq!(dup["a"], 2);
        // Bad input: an error, not a panic.
        assert!(serde_json::from_str::<FrozenMap<String, u8>>(r#"{"a":"x"}"#).is_err());
        assert!(serde_json::from_str::<FrozenSet<u8>>("[1, 2, 300]").is_err());
        assert!(serde_json::from_str::<FrozenSet<u8>>("{}").is_err());
    }
}
