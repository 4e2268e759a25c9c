//! Shared test helpers.
#![allow(dead_code)]

pub mod zdump;

/// Where a test's prerequisite (zdump, the system zoneinfo, matching tz releases) is missing:
/// under CI (the `CI` environment variable set, as CI services and `.ci/run` do) this is a
/// failure whose message says what to install, so a machine without them cannot pass by
/// testing nothing; elsewhere the test is skipped with the same message on stderr.
///
/// Returns normally only outside CI; the caller then returns from the test.
pub fn missing(what: &str, remedy: &str) {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    if ci {
        panic!("{what}, and CI is set so this is not skipped: {remedy}");
    }
    eprintln!("{what}: skipped ({remedy}; under CI this fails)");
}

/// Whether the system time zone database is installed (checked through one of its files).
pub fn have_zoneinfo() -> bool {
    std::path::Path::new("/usr/share/zoneinfo/America/New_York").exists()
}

/// The remedy for a missing system database.
pub const INSTALL_TZDATA: &str =
    "install the tz database under /usr/share/zoneinfo (Debian/Ubuntu: apt-get install tzdata)";
