//! The oracle no one here wrote: `zdump -v` (glibc) over every zone for 1900..2100, compared
//! with our conversions and transition lists, for the zone loaded from the system database
//! and for the embedded copy. zdump reads the same bytes as we do in each case (the system
//! file, or the embedded zone written to a temporary file), so the test does not depend on
//! which tz release the machine has. Skips (with a message) where zdump or the system
//! database is missing, and fails instead when `CI` is set; `.ci/run` installs both.

mod common;

use common::zdump;
use core_time::TimeZone;
use std::process::Command;

const LO: i64 = -2_208_902_400; // 1900-01-02T00:00:00Z
const HI: i64 = 4_102_272_000; // 2099-12-31T00:00:00Z

fn zdump_lines(name: &str) -> Option<Vec<zdump::Line>> {
    let out = Command::new("zdump").args(["-v", "-c", "1900,2100", name]).output().ok()?;
    out.status.success().then(|| zdump::parse(&String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn every_zone_matches_zdump() {
    if Command::new("zdump").arg("--version").output().is_err() {
        return common::missing(
            "zdump is not installed",
            "install zdump (Debian/Ubuntu: apt-get install libc-bin; Fedora: glibc-common)",
        );
    }
    if !common::have_zoneinfo() {
        return common::missing("/usr/share/zoneinfo is missing", common::INSTALL_TZDATA);
    }
    let names = core_time::tz::available_names();
    assert!(names.len() > 500);
    let dir = std::env::temp_dir().join(format!("core-time-zdump-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for name in &names {
        let Some(lines) = zdump_lines(&format!("/usr/share/zoneinfo/{name}")) else { continue };
        let system = TimeZone::get(name).unwrap();
        if let Err(e) = zdump::check(&system, &lines, LO, HI) {
            failures.push(format!("system: {e}"));
        }
        let bytes = core_time::tz::embedded_tzif(name).unwrap();
        let embedded = TimeZone::from_tzif(name, bytes).unwrap();
        let file = dir.join(name.replace('/', "__"));
        std::fs::write(&file, bytes).unwrap();
        let embedded_lines = zdump_lines(file.to_str().unwrap())
            .unwrap_or_else(|| panic!("zdump failed on the embedded {name}"));
        if let Err(e) = zdump::check(&embedded, &embedded_lines, LO, HI) {
            failures.push(format!("embedded: {e}"));
        }
        checked += 1;
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(checked > 500, "only {checked} zones checked");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
