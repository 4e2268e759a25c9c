//! [`dispatch!`](macro@crate::dispatch): a crate's operation table, declared once.
//!
//! ```text
//! dispatch! {
//!     tables { avx2 => [Avx2, Avx512], scalar => [Scalar, Sse2, Sse42, Avx2, Avx512, Neon] }
//!     ops {
//!         /// docs
//!         safe fn count(src: &[u8]) -> usize {      // `safe`: any input; `unsafe`: a contract
//!             avx2: generic::count::<V256>,          // one line per table
//!             scalar: scalar::count,
//!         }
//!     }
//! }
//! ```
//!
//! Each table is named after the feature set its kernels are compiled with (see
//! [`__feature_set!`](crate::__feature_set)) and lists the levels it serves; for a level, the
//! first table that serves it and whose features this CPU has runs it (so a table needing an
//! optional feature falls back to the next). The macro generates, in the invoking module:
//!
//! - `Table`: one `unsafe fn` pointer per operation, and a `static` per table (in `tables`);
//! - per operation, a module of entry points (in `entries`), one per table, each compiled with its set's
//!   `#[target_feature]` and calling the kernel (which inlines and inherits the features);
//! - `pinned(level) -> Option<Pinned>`: the table that runs `level` when this CPU can, whatever
//!   `CORE_SIMD_MAX` says (tests and benchmarks pin each level); `best()` and `levels()` (the
//!   pinned tables of [`Level::available`](crate::Level::available), best first);
//! - `Auto`: the best level through one cached pointer per operation: an `AtomicPtr` that
//!   starts at a detection function, which stores the best table's kernel and runs it, so every
//!   later call is one relaxed load and one indirect call (races store the same pointer);
//! - `trait Ops`, implemented by `Auto` and `Pinned`, so the public API is written once over
//!   `impl Ops` (a `safe` operation's method is safe, an `unsafe` one's keeps its contract).
//!
//! The invoking module is best a dedicated one (`mod ops`): the generated names are fixed.

/// Declares a crate's operation table; see the [module docs](mod@crate::dispatch).
#[macro_export]
macro_rules! dispatch {
    (
        tables { $( $set:ident => [$($lvl:ident),+ $(,)?] ),+ $(,)? }
        ops $ops:tt
    ) => {
        $crate::__dispatch_ops!($ops);

        /// The kernel tables, one per feature set.
        #[allow(non_upper_case_globals)]
        pub(crate) mod tables {
            $( $crate::__feature_set!($set, [$crate::__dispatch_static] { $set; $ops }); )+
        }

        /// The table that runs `level`, or `None` when this CPU cannot run it
        /// (`CORE_SIMD_MAX` is not asked: a pinned level may lie above the cap).
        #[allow(dead_code)]
        pub(crate) fn pinned(level: $crate::Level) -> Option<Pinned> {
            if !level.is_available() {
                return None;
            }
            $(
                $crate::__feature_set!(
                    $set, [$crate::__dispatch_arm] { level; tables::$set; $($lvl),+ }
                );
            )+
            None
        }

        /// The table of the best available level ([`Level::available`]'s first with a
        /// table).
        ///
        /// # Panics
        /// When no table serves `Level::Scalar` (a declaration error, caught by any test).
        #[allow(dead_code)]
        pub(crate) fn best() -> Pinned {
            $crate::Level::available()
                .find_map(pinned)
                .expect("a dispatch table serves Level::Scalar")
        }

        /// The tables of every level in [`Level::available`], best first.
        #[allow(dead_code)]
        pub(crate) fn levels() -> impl Iterator<Item = Pinned> {
            $crate::Level::available().filter_map(pinned)
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_ops {
    ({ $(
        $(#[$m:meta])*
        $safety:ident fn $op:ident $params:tt -> $ret:ty {
            $( $set:ident : $k:expr ),+ $(,)?
        }
    )* }) => {
        /// One kernel table: a pointer per operation, each to an entry point compiled with
        /// the table's features. Handed out only by `pinned`, after detection.
        #[allow(dead_code)]
        pub(crate) struct Table {
            $( $(#[$m])* pub(crate) $op: $crate::__dispatch_fn_ptr!($params -> $ret), )*
        }

        /// The entry points: a module per operation, a function per table in it.
        pub(crate) mod entries {
            $(
                /// The entry points of the operation, one per table.
                #[allow(dead_code)]
                pub(crate) mod $op {
                    #[allow(unused_imports)]
                    use super::super::*;
                    $(
                        $crate::__feature_set!(
                            $set, [$crate::__dispatch_entry] { $set $params -> $ret = $k }
                        );
                    )+
                }
            )*
        }

        /// A kernel table pinned to the level it runs.
        #[derive(Clone, Copy)]
        pub(crate) struct Pinned {
            level: $crate::Level,
            table: &'static Table,
        }

        #[allow(dead_code)]
        impl Pinned {
            /// The level.
            #[inline]
            pub(crate) fn level(self) -> $crate::Level {
                self.level
            }
            /// The table.
            #[inline]
            pub(crate) fn table(self) -> &'static Table {
                self.table
            }
        }

        impl core::fmt::Debug for Pinned {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple("Pinned").field(&self.level).finish()
            }
        }

        /// The process-wide best level, through the cached pointers.
        ///
        /// A type of its own, not a table of the cached entry points: a table of function
        /// pointers lives in relocated data the compiler cannot fold, so every call would pay
        /// two indirect branches instead of one.
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct Auto;

        /// The operations, in safe form where they accept any input. Implemented by `Auto`
        /// and `Pinned`: write each public function once over `impl Ops`.
        #[allow(dead_code)]
        pub(crate) trait Ops: Copy {
            $( $crate::__dispatch_method!(sig $safety; $(#[$m])* $op $params -> $ret); )*
        }

        impl Ops for Auto {
            $( $crate::__dispatch_method!(auto $safety; $(#[$m])* $op $params -> $ret); )*
        }

        impl Ops for Pinned {
            $( $crate::__dispatch_method!(pinned $safety; $(#[$m])* $op $params -> $ret); )*
        }

        /// One cached entry point per operation.
        #[allow(dead_code)]
        mod cached {
            #[allow(unused_imports)]
            use super::*;
            $( $crate::__dispatch_cached!($(#[$m])* $op $params -> $ret); )*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_fn_ptr {
    (($($arg:ident : $ty:ty),* $(,)?) -> $ret:ty) => {
        unsafe fn($($ty),*) -> $ret
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_cached {
    ($(#[$m:meta])* $op:ident ($($arg:ident : $ty:ty),* $(,)?) -> $ret:ty) => {
        $(#[$m])*
        #[inline]
        pub(crate) unsafe fn $op($($arg: $ty),*) -> $ret {
            use core::sync::atomic::{AtomicPtr, Ordering};
            type F = unsafe fn($($ty),*) -> $ret;
            static PTR: AtomicPtr<()> = AtomicPtr::new(detect as F as *mut ());
            /// Finds the best table, caches its kernel and runs it.
            ///
            /// # Safety
            /// The operation's contract.
            unsafe fn detect($($arg: $ty),*) -> $ret {
                let f: F = super::best().table.$op;
                PTR.store(f as *mut (), Ordering::Relaxed);
                // SAFETY: `best` hands out tables of levels this CPU runs only; the caller
                // upholds the operation's contract.
                unsafe { f($($arg),*) }
            }
            let p = PTR.load(Ordering::Relaxed);
            // SAFETY: PTR only ever holds values of type `F` (`detect` and fields of a
            // table), so turning it back into `F` is sound.
            let f = unsafe { core::mem::transmute::<*mut (), F>(p) };
            // SAFETY: an available level's kernel (or `detect`); the caller upholds the
            // operation's contract.
            unsafe { f($($arg),*) }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_method {
    (sig safe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        $(#[$m])*
        fn $op(self, $($arg: $ty),*) -> $ret;
    };
    (sig unsafe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        $(#[$m])*
        ///
        /// # Safety
        /// The operation's contract (above).
        unsafe fn $op(self, $($arg: $ty),*) -> $ret;
    };
    (auto safe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        #[inline]
        fn $op(self, $($arg: $ty),*) -> $ret {
            // SAFETY: the cached entry point runs an available level's kernel, and the
            // operation is declared `safe`: it accepts any input.
            unsafe { cached::$op($($arg),*) }
        }
    };
    (auto unsafe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        #[inline]
        unsafe fn $op(self, $($arg: $ty),*) -> $ret {
            // SAFETY: the cached entry point runs an available level's kernel; the caller
            // upholds the operation's contract.
            unsafe { cached::$op($($arg),*) }
        }
    };
    (pinned safe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        #[inline]
        fn $op(self, $($arg: $ty),*) -> $ret {
            // SAFETY: tables are handed out for levels this CPU runs only, and the operation
            // is declared `safe`: it accepts any input.
            unsafe { (self.table.$op)($($arg),*) }
        }
    };
    (pinned unsafe; $(#[$m:meta])* $op:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        #[inline]
        unsafe fn $op(self, $($arg: $ty),*) -> $ret {
            // SAFETY: tables are handed out for levels this CPU runs only; the caller upholds
            // the operation's contract.
            unsafe { (self.table.$op)($($arg),*) }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_entry {
    (cfg: any, features: none; $set:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $k:expr) => {
        #[allow(unused_unsafe, clippy::missing_safety_doc)]
        pub(crate) unsafe fn $set($($arg: $ty),*) -> $ret {
            // SAFETY: no features needed; the caller upholds the operation's contract.
            unsafe { ($k)($($arg),*) }
        }
    };
    (cfg: $cfg:literal, features: $f:literal;
        $set:ident ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $k:expr) => {
        #[cfg(target_arch = $cfg)]
        #[target_feature(enable = $f)]
        #[allow(unused_unsafe, clippy::missing_safety_doc)]
        pub(crate) unsafe fn $set($($arg: $ty),*) -> $ret {
            // SAFETY: reached only through this set's table, which `pinned` hands out after
            // detecting these features; the caller upholds the operation's contract.
            unsafe { ($k)($($arg),*) }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_static {
    (cfg: $cfg:tt, features: $f:tt; $set:ident; { $(
        $(#[$m:meta])*
        $safety:ident fn $op:ident $params:tt -> $ret:ty {
            $( $s:ident : $k:expr ),+ $(,)?
        }
    )* }) => {
        $crate::__cfg_arch!(item $cfg;
            /// The table of this feature set.
            pub(crate) static $set: super::Table = super::Table { $( $op: super::entries::$op::$set, )* };
        );
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arm {
    (cfg: $cfg:tt, features: none; $level:ident; $table:path; $($lvl:ident),+) => {
        $crate::__cfg_arch!(stmt $cfg;
            if matches!($level, $($crate::Level::$lvl)|+) {
                return Some(Pinned { level: $level, table: &$table });
            }
        );
    };
    (cfg: $cfg:tt, features: $f:literal; $level:ident; $table:path; $($lvl:ident),+) => {
        $crate::__cfg_arch!(stmt $cfg;
            if matches!($level, $($crate::Level::$lvl)|+) && {
                const SET: $crate::FeatureSet = $crate::FeatureSet::parse($f);
                SET.is_detected()
            } {
                return Some(Pinned { level: $level, table: &$table });
            }
        );
    };
}

/// One item, or statements, on every target (`any`) or on one `target_arch`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cfg_arch {
    (item any; $item:item) => {
        $item
    };
    (item $cfg:literal; $item:item) => {
        #[cfg(target_arch = $cfg)]
        $item
    };
    (stmt any; $($stmts:tt)*) => {
        $($stmts)*
    };
    (stmt $cfg:literal; $($stmts:tt)*) => {
        #[cfg(target_arch = $cfg)]
        {
            $($stmts)*
        }
    };
}
