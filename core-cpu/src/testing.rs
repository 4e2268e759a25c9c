//! Support for the family's tests of `CORE_SIMD_MAX` (not part of the API).
//!
//! The cap is read once per process, so a test of it runs in a child: the same test binary,
//! asked to run one test with the variable set, and [`CHILD`] set to tell that test it is
//! the child.

use std::process::{Command, Output};
use std::string::String;

/// Set in the child's environment.
pub const CHILD: &str = "CORE_CPU_CAP_CHILD";

/// A program that runs the test binary, when it cannot run itself: cross-compiled suites
/// under `qemu-aarch64` (user-mode emulation executes a child as a host program), set by
/// `scripts/test-aarch64.sh`.
pub const RUNNER: &str = "CORE_CPU_TEST_RUNNER";

/// Whether this process is such a child.
pub fn is_child() -> bool {
    std::env::var_os(CHILD).is_some()
}

/// Runs the test `name` of this test binary alone, in a child process with
/// `CORE_SIMD_MAX=value`; its output, and whether it passed.
///
/// # Panics
/// When the test binary cannot be started again.
pub fn run_capped(name: &str, value: &str) -> (bool, String) {
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut command = match std::env::var_os(RUNNER) {
        Some(runner) => {
            let mut c = Command::new(runner);
            c.arg(exe);
            c
        }
        None => Command::new(exe),
    };
    let out: Output = command
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .env("CORE_SIMD_MAX", value)
        .output()
        .expect("the test binary runs again");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    // A filter that matched nothing passes too: insist that the test ran.
    let ran = text.contains("1 passed") || text.contains("1 failed");
    assert!(ran, "the child did not run `{name}`:\n{text}");
    (out.status.success(), text)
}
