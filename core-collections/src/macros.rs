//! Construction macros for the persistent collections, with imbl's syntax: `hashmap!`,
//! `hashset!`, `ordmap!`, `ordset!`. Each builds the collection with its default hasher by
//! inserting the items in order (a later duplicate key replaces an earlier one).

/// An [`ImmutableHashMap`](crate::immutable::ImmutableHashMap) from `key => value` pairs.
///
/// # Example
/// ```
/// use core_collections::hashmap;
/// let m = hashmap! {"a" => 1, "b" => 2};
/// assert_eq!(m["b"], 2);
/// let empty: core_collections::immutable::ImmutableHashMap<u8, u8> = hashmap! {};
/// assert!(empty.is_empty());
/// ```
#[macro_export]
macro_rules! hashmap {
    () => { $crate::immutable::ImmutableHashMap::new() };
    ( $( $key:expr => $value:expr ),+ $(,)? ) => {{
        let mut map = $crate::immutable::ImmutableHashMap::new();
        $( map.insert($key, $value); )+
        map
    }};
}

/// An [`ImmutableHashSet`](crate::immutable::ImmutableHashSet) from its elements.
///
/// # Example
/// ```
/// use core_collections::hashset;
/// let s = hashset![1, 2, 3, 2];
/// assert_eq!(s.len(), 3);
/// ```
#[macro_export]
macro_rules! hashset {
    () => { $crate::immutable::ImmutableHashSet::new() };
    ( $( $value:expr ),+ $(,)? ) => {{
        let mut set = $crate::immutable::ImmutableHashSet::new();
        $( set.insert($value); )+
        set
    }};
}

/// An [`ImmutableOrdMap`](crate::immutable::ImmutableOrdMap) from `key => value` pairs.
///
/// # Example
/// ```
/// use core_collections::ordmap;
/// let m = ordmap! {3 => "c", 1 => "a"};
/// assert_eq!(m.keys().copied().collect::<Vec<_>>(), [1, 3]);
/// ```
#[macro_export]
macro_rules! ordmap {
    () => { $crate::immutable::ImmutableOrdMap::new() };
    ( $( $key:expr => $value:expr ),+ $(,)? ) => {{
        let mut map = $crate::immutable::ImmutableOrdMap::new();
        $( map.insert($key, $value); )+
        map
    }};
}

/// An [`ImmutableOrdSet`](crate::immutable::ImmutableOrdSet) from its elements.
///
/// # Example
/// ```
/// use core_collections::ordset;
/// let s = ordset![3, 1, 2];
/// assert_eq!(s.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
/// ```
#[macro_export]
macro_rules! ordset {
    () => { $crate::immutable::ImmutableOrdSet::new() };
    ( $( $value:expr ),+ $(,)? ) => {{
        let mut set = $crate::immutable::ImmutableOrdSet::new();
        $( set.insert($value); )+
        set
    }};
}
