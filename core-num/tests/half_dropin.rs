//! Drop-in: one program written against the `half` crate's API (`tests/half_dropin/
//! program.rs`), built against `half` and against `core_num::half` with only the imports
//! changed, prints the same.

mod with_half {
    use half::prelude::*;
    include!("half_dropin/program.rs");
}

mod with_core_num {
    use core_num::half::prelude::*;
    include!("half_dropin/program.rs");
}

#[test]
fn the_program_prints_the_same_with_either_crate() {
    let (theirs, ours) = (with_half::run(), with_core_num::run());
    for (t, o) in theirs.lines().zip(ours.lines()) {
        assert_eq!(t, o);
    }
    assert_eq!(theirs, ours);
    assert!(ours.lines().count() > 20);
}
