//! Construction macros for frozen collections: [`frozen_map!`](crate::frozen_map) and
//! [`frozen_set!`](crate::frozen_set).

/// Builds a [`FrozenMap`](crate::frozen::FrozenMap) from `key => value` pairs (or, as
/// frozen-collections writes them, `{ key: value, ... }` with literal keys). Duplicate keys:
/// the last pair wins, as with [`FrozenMap::new`](crate::frozen::FrozenMap::new).
///
/// ```
/// use core_collections::frozen_map;
///
/// let ports = frozen_map! { "http" => 80, "https" => 443 };
/// assert_eq!(ports["https"], 443);
///
/// let ages = frozen_map!({ "Alice": 31, "Bob": 27 });
/// assert_eq!(ages.get("Bob"), Some(&27));
///
/// let empty: core_collections::frozen::FrozenMap<u8, u8> = frozen_map! {};
/// assert!(empty.is_empty());
/// ```
#[macro_export]
macro_rules! frozen_map {
    ({ $($key:literal : $value:expr),* $(,)? }) => {
        $crate::frozen::FrozenMap::new([$(($key, $value)),*])
    };
    ($($key:expr => $value:expr),* $(,)?) => {
        $crate::frozen::FrozenMap::new([$(($key, $value)),*])
    };
}

/// Builds a [`FrozenSet`](crate::frozen::FrozenSet) from elements (also accepted in braces,
/// as frozen-collections writes them). Duplicates are kept once.
///
/// ```
/// use core_collections::frozen_set;
///
/// let vowels = frozen_set!['a', 'e', 'i', 'o', 'u'];
/// assert!(vowels.contains(&'e') && !vowels.contains(&'y'));
///
/// let names = frozen_set!({ "Alice", "Bob", "Alice" });
/// assert_eq!(names.len(), 2);
/// ```
#[macro_export]
macro_rules! frozen_set {
    ({ $($element:expr),* $(,)? }) => {
        $crate::frozen::FrozenSet::new([$($element),*])
    };
    ($($element:expr),* $(,)?) => {
        $crate::frozen::FrozenSet::new([$($element),*])
    };
}
