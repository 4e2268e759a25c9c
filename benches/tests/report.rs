//! The `report` binary end to end: every case it would time agrees at every size and at every
//! level, and `--html` writes a self-contained page.

use core_text::Level;
use std::process::Command;

fn report(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_report"))
        .args(args)
        .output()
        .expect("the report binary runs");
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

/// `--check` runs `Case::check` (the timed closures' own results) on every case of the full
/// table, every size, not only the smallest `--smoke` keeps. `--level` pins every crate, so
/// looping over the levels checks each crate's kernels at each of them; below the best level
/// on the `--smoke` selection (the smallest size of each operation and every fixed-size seed
/// case), which keeps this test to a minute of CPU in a debug build. The crates' own tests
/// cover every level at every size of their kernels.
#[test]
fn every_case_agrees_at_every_size_and_level() {
    let (ok, text) = report(&["--check"]);
    assert!(ok, "{text}");
    assert!(text.contains(&format!("at level {}: 0 disagree", Level::best())), "{text}");
    for level in Level::available() {
        let name = level.name();
        let (ok, text) = report(&["--check", "--smoke", "--level", name]);
        assert!(ok, "--level {name}: {text}");
        assert!(text.contains(&format!("at level {level}: 0 disagree")), "{text}");
    }
}

#[test]
fn a_level_this_cpu_lacks_is_refused() {
    let missing = [Level::Avx512, Level::Neon].into_iter().find(|l| !l.is_available());
    if let Some(level) = missing {
        let (ok, text) = report(&["--check", "--level", level.name()]);
        assert!(!ok && text.contains("not available on this CPU"), "{text}");
    }
    let (ok, text) = report(&["--level", "no-such-level"]);
    assert!(!ok && text.contains("--level no-such-level"), "{text}");
}

#[test]
fn html_page_is_self_contained_with_charts_and_tables() {
    let dir = std::env::temp_dir().join(format!("core-benches-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("report.html");
    let (ok, text) = report(&[
        "--smoke",
        "--time-ms",
        "1",
        "--filter",
        "core-time/GetLocalNow",
        "--filter",
        "core-time/LocalNowFixedZone",
        "--filter",
        "core-collections/immutable/hash_set/union_into_empty",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(ok, "{text}");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    // One chart per crate, each with bars, the 1.0 line, and a .NET bar for the seed cases.
    assert_eq!(html.matches("<svg").count(), 2, "{html}");
    assert!(html.contains(">1×</text>"));
    assert!(html.contains(".NET 10 ÷ .NET 11 (B-TIME-03)"));
    assert!(html.contains(".NET 10 ÷ .NET 11 (B-COL-06)"));
    assert!(html.contains("rpds-if-empty") && html.contains("<table>"));
    // The semantics are stated beside the figures, and the .NET source is one a reader can open.
    assert!(html.contains("LocalNowFixedZone") && html.contains("5-minute"));
    assert!(html.contains("Performance Improvements in .NET 11"));
    // Nothing is fetched when the page is viewed: no external reference of any kind.
    for needle in ["src=", "href=", "@import", "url(", "<script", "<link"] {
        assert!(!html.contains(needle), "{needle} in the page");
    }
}
