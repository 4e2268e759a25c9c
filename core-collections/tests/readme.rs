//! The README's example, kept compiling and passing.

use core_collections::frozen::{FrozenCaseInsensitiveMap, FrozenMap, Strategy};
use core_collections::immutable::{ImmutableHashSet, ImmutableOrdMap};

#[test]
fn readme_example() {
    let codes: FrozenMap<u32, &str> = (200..300).map(|c| (c, "ok")).collect();
    assert_eq!(codes.strategy(), Strategy::DenseInts);
    let headers: FrozenCaseInsensitiveMap<&str, u8> =
        [("Content-Type", 1), ("Accept", 2)].into_iter().collect();
    assert_eq!(headers.get("content-type"), Some(&1));

    let v1: ImmutableHashSet<u64> = (0..1_000).collect();
    let v2 = v1.update(7_777);
    assert!(v1.len() == 1_000 && v2.contains(&7_777) && !v1.contains(&7_777));

    let m: ImmutableOrdMap<u32, u32> = (0..10_000).map(|i| (i, i * i)).collect();
    assert_eq!(m.range_count(100..200), 100);
    let trimmed = m.without_range(5_000..);
    assert_eq!((m.len(), trimmed.len()), (10_000, 5_000));
}
