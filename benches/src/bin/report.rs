//! `report`: a quick side-by-side comparison of our crates and their peers.
//!
//! ```text
//! cargo run --release -p core-benches --bin report [-- OPTIONS]
//!
//!   --smoke            tiny time budget, smallest size of each operation only (CI)
//!   --filter <text>    only cases whose name contains <text> (repeatable: any of them)
//!   --level <name>     run every crate of ours at one SIMD level (scalar, sse2, sse4.2, avx2,
//!                      avx512, neon); default: each crate's best (Level::best())
//!   --time-ms <n>      time budget per function in milliseconds (default 300, smoke 10)
//!   --markdown <file>  also write the Markdown report to <file>
//!   --json <file>      write the results as JSON to <file>
//!   --html <file>      write one self-contained page: a bar chart per crate, then the tables
//!   --list             list the selected cases and exit
//!   --check            check that every selected case agrees (every size), time nothing
//! ```
//!
//! `--level` pins in two ways, both at the named level: core-text's cases that take a backend
//! (UTF-8/UTF-16, search, ASCII, Base64, multi-literal) call it pinned, and the process's
//! `CORE_SIMD_MAX` is set to the level before any kernel is dispatched, which caps every other
//! dispatched kernel of the family (core-text's free functions and sets, core-num's big
//! integers, f16/bf16 and tensor kernels, core-collections' slice kernels and trie bit
//! counting) at it: the level is available, so the best one under the cap is the level itself.
//! The simdutf peer is pinned too, to its matching kernel where it has one (`haswell` at
//! `avx2`, `westmere` at `sse4.2` and `sse2`, `fallback` at `scalar`) through
//! `SIMDUTF_FORCE_IMPLEMENTATION`, unless that is already set.
//! core-time has no SIMD kernels.
//!
//! Every case first checks that ours and each peer compute the same result on its input,
//! then times them in interleaved batches (see `core_benches::measure`). The report prints,
//! per operation, one row per input: the median time per call of each function, GB/s of input
//! where bytes are meaningful, and for each peer the ratio peer time ÷ our time measured in the
//! same run (> 1 means we are faster). Compare ratios within one run, not absolute times
//! across runs: shared machines are noisy.

use core_benches::case::{Case, Role};
use core_benches::chart::{bar_chart, escape, Bar, BarKind};
use core_benches::measure::{measure, Timing};
use core_benches::text::{self, Api, Auto};
use core_text::{Backend, Level};
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Command-line options.
#[derive(Debug, Default)]
struct Options {
    smoke: bool,
    filters: Vec<String>,
    level: Option<Level>,
    time_ms: Option<u64>,
    markdown: Option<String>,
    json: Option<String>,
    html: Option<String>,
    list: bool,
    check: bool,
}

const USAGE: &str = "usage: report [--smoke] [--filter TEXT]... [--level NAME] [--time-ms N] \
                     [--markdown FILE] [--json FILE] [--html FILE] [--list] [--check]";

fn parse_args() -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--smoke" => o.smoke = true,
            "--list" => o.list = true,
            "--check" => o.check = true,
            "--filter" => o.filters.push(value("--filter")?),
            "--level" => {
                let v = value("--level")?;
                o.level = Some(v.parse().map_err(|e| format!("--level {v}: {e}"))?);
            }
            "--time-ms" => {
                let v = value("--time-ms")?;
                o.time_ms = Some(v.parse().map_err(|_| format!("--time-ms {v}: not a number"))?);
            }
            "--markdown" => o.markdown = Some(value("--markdown")?),
            "--json" => o.json = Some(value("--json")?),
            "--html" => o.html = Some(value("--html")?),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("report: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match opts.level {
        None => run(Auto, Level::best(), &opts),
        Some(level) => match Backend::new(level) {
            Some(b) => {
                // Caps every dispatched kernel of the family at `level` (core-cpu reads the
                // variable once, at the first dispatch, which has not happened yet). Sound:
                // the process has one thread so far, so nothing reads the environment
                // concurrently.
                std::env::set_var("CORE_SIMD_MAX", level.name());
                // simdutf (a peer) picks its own kernel; pin it to the matching one unless
                // the caller chose one.
                if let Some(kernel) = simdutf_kernel(level) {
                    if std::env::var_os(SIMDUTF_VAR).is_none() {
                        std::env::set_var(SIMDUTF_VAR, kernel);
                    }
                }
                if Level::best() != level {
                    eprintln!("report: CORE_SIMD_MAX={level} did not take effect (read earlier)");
                    return ExitCode::FAILURE;
                }
                run(b, level, &opts)
            }
            None => {
                eprintln!("report: level {level} is not available on this CPU");
                ExitCode::from(2)
            }
        },
    }
}

/// The selected cases: filters, then (for `--smoke`) the smallest size of each operation.
fn select(all: Vec<Case>, opts: &Options) -> Vec<Case> {
    let mut cases: Vec<Case> = all
        .into_iter()
        .filter(|c| {
            let name = c.name();
            opts.filters.is_empty() || opts.filters.iter().any(|f| name.contains(f.as_str()))
        })
        .collect();
    if opts.smoke {
        let smallest = |op: &str, cases: &[Case]| {
            cases.iter().filter(|c| c.op == op).filter_map(|c| c.size).min()
        };
        let keep: Vec<bool> =
            cases.iter().map(|c| c.size.is_none() || c.size == smallest(c.op, &cases)).collect();
        let mut keep = keep.into_iter();
        cases.retain(|_| keep.next().unwrap_or(false));
    }
    cases
}

/// One measured case.
struct Measured {
    case: Case,
    timings: Vec<Timing>,
}

impl Measured {
    fn timing(&self, name: &str) -> Option<&Timing> {
        self.timings.iter().find(|t| t.name == name)
    }

    /// Peer time ÷ the time of our function it is compared with.
    fn ratio(&self, t: &Timing) -> Option<f64> {
        match t.role {
            Role::Ours => None,
            Role::Peer { vs } => self.timing(vs).map(|o| t.median_ns / o.median_ns),
        }
    }

    fn gbps(&self, t: &Timing) -> Option<f64> {
        self.case.bytes.map(|b| b as f64 / t.median_ns)
    }
}

fn run<A: Api>(api: A, level: Level, opts: &Options) -> ExitCode {
    let mut all = text::cases(api);
    all.extend(core_benches::search::cases(api));
    all.extend(core_benches::sets::cases());
    all.extend(core_benches::literal::cases(level));
    all.extend(core_benches::memmem::cases());
    all.extend(core_benches::ascii::cases_at(opts.level));
    all.extend(core_benches::base64::cases(opts.level));
    all.extend(core_benches::latin1::cases(opts.level));
    all.extend(core_benches::time::cases());
    all.extend(core_benches::time::tz_cases());
    all.extend(core_benches::collections_frozen::cases());
    all.extend(core_benches::collections_immutable::cases());
    all.extend(core_benches::collections_ord::cases());
    all.extend(core_benches::collections_vector::cases());
    all.extend(core_benches::num::cases());
    all.extend(core_benches::half::cases());
    all.extend(core_benches::tensor::cases());
    let cases = select(all, opts);
    if opts.list {
        for c in &cases {
            let names: Vec<&str> = c.functions.iter().map(|f| f.name).collect();
            println!("{}  [{}]", c.name(), names.join(", "));
        }
        return ExitCode::SUCCESS;
    }
    if cases.is_empty() {
        eprintln!("report: no case matches the filters");
        return ExitCode::from(2);
    }
    if opts.check {
        let total = cases.len();
        let mut failed = 0;
        for mut case in cases {
            if let Err(e) = case.check() {
                eprintln!("report: {e}");
                failed += 1;
            }
        }
        eprintln!("checked {total} cases at level {}: {failed} disagree", Level::best());
        return if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }
    let time_ms = opts.time_ms.unwrap_or(if opts.smoke { 10 } else { 300 });
    let budget = Duration::from_millis(time_ms);
    let started = Instant::now();
    let total = cases.len();
    let mut results = Vec::with_capacity(total);
    let progress = std::io::stderr().is_terminal();
    for (i, mut case) in cases.into_iter().enumerate() {
        if let Err(e) = case.check() {
            eprintln!("report: results differ, refusing to compare: {e}");
            return ExitCode::FAILURE;
        }
        if progress {
            eprint!("\r[{:>3}/{total}] {:<64}", i + 1, case.name());
        }
        let timings = measure(&mut case, budget);
        results.push(Measured { case, timings });
    }
    let done = format!("measured {total} cases in {:.1} s", started.elapsed().as_secs_f64());
    if progress {
        eprintln!("\r{done:<80}");
    } else {
        eprintln!("{done}");
    }

    let header = Header {
        cpu: cpu_name(),
        threads: std::thread::available_parallelism().map_or(0, |n| n.get()),
        level,
        pinned: opts.level.is_some(),
        time_ms,
        smoke: opts.smoke,
    };
    let md = markdown(&header, &results);
    print!("{md}");
    if let Some(path) = &opts.markdown {
        if let Err(e) = std::fs::write(path, &md) {
            eprintln!("report: cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = &opts.json {
        if let Err(e) = std::fs::write(path, json(&header, &results)) {
            eprintln!("report: cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = &opts.html {
        if let Err(e) = std::fs::write(path, html(&header, &results)) {
            eprintln!("report: cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// The variable simdutf reads, once, to choose its kernel.
const SIMDUTF_VAR: &str = "SIMDUTF_FORCE_IMPLEMENTATION";

/// simdutf's kernel for our `level`, where one matches and is safe to force: `haswell` (AVX2)
/// at `avx2`; `westmere` (SSE4.2, its lowest x86 SIMD kernel) at `sse4.2`, and at `sse2` when
/// the CPU has SSE4.2; `fallback` at `scalar`. At `avx512` and `neon` simdutf keeps its own
/// choice: its `icelake` kernel needs more AVX-512 extensions than our level, and forcing it
/// on a CPU without them would fault.
fn simdutf_kernel(level: Level) -> Option<&'static str> {
    match level {
        Level::Avx2 => Some("haswell"),
        Level::Sse42 => Some("westmere"),
        Level::Sse2 if Level::Sse42.is_available() => Some("westmere"),
        Level::Scalar if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) => {
            Some("fallback")
        }
        _ => None,
    }
}

/// What the report says about the run itself.
struct Header {
    cpu: String,
    threads: usize,
    level: Level,
    pinned: bool,
    time_ms: u64,
    smoke: bool,
}

/// What the header says about the level our code ran at.
fn level_line(h: &Header) -> String {
    if h.pinned {
        format!(
            "{} for every crate, pinned with `--level` (core-text's backend cases pinned, every \
             other kernel capped with `CORE_SIMD_MAX={}`; core-time has no SIMD kernels); \
             simdutf's kernel: {}",
            h.level,
            h.level,
            std::env::var(SIMDUTF_VAR).map_or("its own choice".into(), |k| format!("`{k}`"))
        )
    } else {
        let cap = std::env::var("CORE_SIMD_MAX").ok().filter(|v| !v.trim().is_empty());
        format!(
            "each crate's best, {}{}",
            h.level,
            cap.map_or(String::new(), |c| format!(" (capped by CORE_SIMD_MAX={c})"))
        )
    }
}

/// The CPU's name from `/proc/cpuinfo` (Linux), or a placeholder.
fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

fn fmt_time(ns: f64) -> String {
    let (v, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let digits = if v < 10.0 {
        2
    } else if v < 100.0 {
        1
    } else {
        0
    };
    format!("{v:.digits$} {unit}")
}

fn fmt_ratio(r: f64) -> String {
    if r < 1.0 {
        format!("**{r:.2}×** ⚠")
    } else {
        format!("{r:.2}×")
    }
}

/// The functions of an operation's cases, in order of first appearance, with their roles.
fn columns(results: &[&Measured]) -> Vec<(&'static str, Role)> {
    let mut cols: Vec<(&'static str, Role)> = Vec::new();
    for r in results {
        for t in &r.timings {
            if !cols.iter().any(|(n, _)| *n == t.name) {
                cols.push((t.name, t.role));
            }
        }
    }
    cols
}

fn markdown(h: &Header, results: &[Measured]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# core-benches report\n");
    let _ = writeln!(s, "- CPU: {} ({} logical CPUs)", h.cpu, h.threads);
    let _ = writeln!(s, "- SIMD level: {}", level_line(h));
    let _ = writeln!(
        s,
        "- Timing: {} ms per function{} after a warm-up, interleaved batches; each cell is the \
         median time per call",
        h.time_ms,
        if h.smoke { " (smoke run: smallest sizes only)" } else { "" }
    );
    let _ = writeln!(
        s,
        "- `×` = peer time ÷ our time in this run (> 1: we are faster; ⚠ marks a peer faster \
         than us); GB/s = input bytes ÷ time. Sizes name the UTF-8 corpus; UTF-16 inputs are \
         that corpus transcoded and count 2 bytes per unit.\n"
    );
    let ops = ops_of(results);
    let mut slower: Vec<String> = Vec::new();
    for op in ops {
        let rows: Vec<&Measured> = results.iter().filter(|r| r.case.op == op).collect();
        let cols = columns(&rows);
        let seeded = rows.iter().any(|r| r.case.seed.is_some());
        let _ = writeln!(s, "## {op}\n");
        let mut head = String::from("| input | bytes |");
        let mut rule = String::from("|---|--:|");
        for (name, role) in &cols {
            match role {
                Role::Ours => {
                    let _ = write!(head, " {name} |");
                }
                Role::Peer { vs } => {
                    let _ = write!(head, " {name} (× vs {vs}) |");
                }
            }
            rule.push_str("--:|");
        }
        if seeded {
            head.push_str(" .NET 10 | .NET 11 | .NET 11 ÷ core |");
            rule.push_str("--:|--:|--:|");
        }
        let _ = writeln!(s, "{head}\n{rule}");
        for r in &rows {
            let bytes = r.case.bytes.map_or("–".to_string(), |b| b.to_string());
            let _ = write!(s, "| {} | {bytes} |", r.case.input);
            for (name, _) in &cols {
                let Some(t) = r.timing(name) else {
                    s.push_str(" – |");
                    continue;
                };
                let mut cell = fmt_time(t.median_ns);
                if let Some(g) = r.gbps(t) {
                    let _ = write!(cell, " · {g:.2} GB/s");
                }
                if let Some(x) = r.ratio(t) {
                    let _ = write!(cell, " · {}", fmt_ratio(x));
                    if x < 1.0 {
                        if let Role::Peer { vs } = t.role {
                            slower.push(format!(
                                "- `{}`: {} is {:.2}× the time of our {vs} ({} vs {})",
                                r.case.name(),
                                t.name,
                                x,
                                fmt_time(t.median_ns),
                                fmt_time(r.timing(vs).map_or(0.0, |o| o.median_ns)),
                            ));
                        }
                    }
                }
                let _ = write!(s, " {cell} |");
            }
            if seeded {
                match (r.case.seed, r.timing("core")) {
                    (Some(seed), Some(core)) => {
                        let _ = write!(
                            s,
                            " {} | {} | {:.2}× |",
                            fmt_time(seed.net10_ns),
                            fmt_time(seed.net11_ns),
                            seed.net11_ns / core.median_ns
                        );
                    }
                    _ => s.push_str(" – | – | – |"),
                }
            }
            s.push('\n');
        }
        let notes = notes_for(&rows);
        if !notes.is_empty() {
            s.push('\n');
            for (n, text) in notes {
                let _ = writeln!(s, "- `{n}`: {text}");
            }
        }
        if seeded {
            let _ = writeln!(s, "\n{DOTNET_SOURCE}");
        }
        s.push('\n');
    }
    let _ = writeln!(s, "## Where a peer is faster\n");
    if slower.is_empty() {
        let _ = writeln!(s, "None in this run.");
    } else {
        for line in slower {
            let _ = writeln!(s, "{line}");
        }
    }
    s
}

/// Where the .NET figures come from, in words a reader can follow.
const DOTNET_SOURCE: &str = ".NET figures: the .NET 10 and .NET 11 means published for the \
     same benchmark in Microsoft's *Performance Improvements in .NET 11* post (the seed cases' \
     ids: B-TXT-*, B-TIME-*, B-COL-*, ...), measured on its author's machine: for scale only.";

/// What a reader needs beside some figures: the semantics each side has, by case input.
const NOTES: &[(&str, &str)] = &[
    (
        "GetLocalNow",
        "each library's own \"local now\", whose semantics differ: ours fixes the system zone \
         once per process; jiff re-validates its cached system zone (5-minute expiry); \
         chrono's `Local` re-reads `TZ` about once a second. `LocalNowFixedZone` has the same \
         semantics on every side.",
    ),
    (
        "LocalNowFixedZone",
        "the zone (America/Los_Angeles) is looked up once before timing; each call reads the \
         clock and converts to it, on every side.",
    ),
    (
        "ZoneByName-all-names-shuffled",
        "every zone name the three libraries share, shuffled, one per call: each lookup is of \
         another name.",
    ),
    (
        "ZoneByName-same-name-again",
        "one name again and again: ours answers from its per-thread recent-zones cache (warm).",
    ),
    (
        "*-warm",
        "one instant again and again: ours answers from its per-year rule cache every call.",
    ),
    (
        "*-cold",
        "a different year on every call (one instant per year of the range, scrambled order), \
         as a program converting scattered dates does.",
    ),
    (
        "FreshDestinationUnionWith",
        "ours, imbl and `rpds-if-empty` return the non-empty set sharing its trie (O(1)); \
         `rpds-insert-each` is rpds's general union (inserts every key, O(n)) and \
         `std-copy-if-empty` copies the table (O(n)): those two are not like for like.",
    ),
];

/// The notes that apply to some of `rows` (a name starting with `*` matches a suffix).
fn notes_for(rows: &[&Measured]) -> Vec<&'static (&'static str, &'static str)> {
    let applies = |n: &str, input: &str| match n.strip_prefix('*') {
        Some(suffix) => input.ends_with(suffix),
        None => input == n,
    };
    NOTES.iter().filter(|(n, _)| rows.iter().any(|r| applies(n, &r.case.input))).collect()
}

/// The operations of `results`, in order of first appearance.
fn ops_of(results: &[Measured]) -> Vec<&'static str> {
    let mut ops: Vec<&'static str> = Vec::new();
    for r in results {
        if !ops.contains(&r.case.op) {
            ops.push(r.case.op);
        }
    }
    ops
}

/// The crate an operation belongs to: `core-text/utf8/validate` -> `core-text`.
fn crate_of(op: &str) -> &str {
    op.split('/').next().unwrap_or(op)
}

/// One self-contained page: per crate a bar chart of every peer's ratio (and .NET's own
/// before/after ratio beside the seed cases), then the tables. No script, nothing fetched.
fn html(h: &Header, results: &[Measured]) -> String {
    let e = escape;
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>core-benches report</title><style>\
         body{font-family:sans-serif;margin:1.5em;color:#222}\
         table{border-collapse:collapse;margin:0.5em 0 1.5em;font-size:12px}\
         td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}\
         td:first-child,th:first-child{text-align:left}\
         .slow{color:#b3261e;font-weight:bold}.note{font-size:12px;color:#444}\
         .key span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}\
         </style></head><body>\n<h1>core-benches report</h1>\n<ul>",
    );
    let _ = writeln!(
        s,
        "<li>CPU: {} ({} logical CPUs)</li><li>SIMD level: {}</li><li>Timing: {} ms per \
         function{}, interleaved batches; each cell is the median time per call</li>\
         <li>Ratio = peer time ÷ our time in this run: above 1 we are faster.</li></ul>",
        e(&h.cpu),
        h.threads,
        e(&level_line(h)),
        h.time_ms,
        if h.smoke { " (smoke run: smallest sizes only)" } else { "" }
    );
    s.push_str(
        "<p class=\"key\"><span style=\"background:#3a9b4f\"></span>peer slower than ours\
         <span style=\"background:#d0493c\"></span>peer faster than ours\
         <span style=\"background:#7f93b2\"></span>.NET 10 ÷ .NET 11 (seed cases; .NET's own \
         improvement, for scale)</p>\n",
    );
    let ops = ops_of(results);
    let mut crates: Vec<&str> = Vec::new();
    for op in &ops {
        if !crates.contains(&crate_of(op)) {
            crates.push(crate_of(op));
        }
    }
    for krate in crates {
        let _ = writeln!(s, "<h2 id=\"{0}\">{0}</h2>", e(krate));
        let mut bars = Vec::new();
        for r in results.iter().filter(|r| crate_of(r.case.op) == krate) {
            let short = r.case.op.strip_prefix(krate).unwrap_or(r.case.op).trim_start_matches('/');
            let what = if short.is_empty() {
                r.case.input.clone()
            } else {
                format!("{short}/{}", r.case.input)
            };
            for t in &r.timings {
                if let (Role::Peer { vs }, Some(x)) = (t.role, r.ratio(t)) {
                    let against = if vs == "core" { String::new() } else { format!(" vs {vs}") };
                    bars.push(Bar {
                        label: format!("{what}: {}{against}", t.name),
                        ratio: x,
                        kind: BarKind::Peer,
                    });
                }
            }
            if let Some(seed) = r.case.seed {
                bars.push(Bar {
                    label: format!("{what}: .NET 10 ÷ .NET 11 ({})", seed.id),
                    ratio: seed.net10_ns / seed.net11_ns,
                    kind: BarKind::DotNet,
                });
            }
        }
        if !bars.is_empty() {
            s.push_str(&bar_chart(&format!("{krate}: peer time ÷ ours (log scale)"), &bars));
            s.push('\n');
        }
        for op in ops.iter().filter(|op| crate_of(op) == krate) {
            html_table(&mut s, op, results);
        }
    }
    s.push_str("</body></html>\n");
    s
}

/// The table of one operation, as in the Markdown report.
fn html_table(s: &mut String, op: &str, results: &[Measured]) {
    let e = escape;
    let rows: Vec<&Measured> = results.iter().filter(|r| r.case.op == op).collect();
    let cols = columns(&rows);
    let seeded = rows.iter().any(|r| r.case.seed.is_some());
    let _ = write!(s, "<h3>{}</h3>\n<table><tr><th>input</th><th>bytes</th>", e(op));
    for (name, role) in &cols {
        match role {
            Role::Ours => {
                let _ = write!(s, "<th>{}</th>", e(name));
            }
            Role::Peer { vs } => {
                let _ = write!(s, "<th>{} (× vs {})</th>", e(name), e(vs));
            }
        }
    }
    if seeded {
        s.push_str("<th>.NET 10</th><th>.NET 11</th><th>.NET 11 ÷ core</th>");
    }
    s.push_str("</tr>\n");
    for r in &rows {
        let bytes = r.case.bytes.map_or("–".to_string(), |b| b.to_string());
        let _ = write!(s, "<tr><td>{}</td><td>{bytes}</td>", e(&r.case.input));
        for (name, _) in &cols {
            let Some(t) = r.timing(name) else {
                s.push_str("<td>–</td>");
                continue;
            };
            let mut cell = e(&fmt_time(t.median_ns));
            if let Some(g) = r.gbps(t) {
                let _ = write!(cell, " · {g:.2} GB/s");
            }
            if let Some(x) = r.ratio(t) {
                if x < 1.0 {
                    let _ = write!(cell, " · <span class=\"slow\">{x:.2}×</span>");
                } else {
                    let _ = write!(cell, " · {x:.2}×");
                }
            }
            let _ = write!(s, "<td>{cell}</td>");
        }
        if seeded {
            match (r.case.seed, r.timing("core")) {
                (Some(seed), Some(core)) => {
                    let _ = write!(
                        s,
                        "<td>{}</td><td>{}</td><td>{:.2}×</td>",
                        e(&fmt_time(seed.net10_ns)),
                        e(&fmt_time(seed.net11_ns)),
                        seed.net11_ns / core.median_ns
                    );
                }
                _ => s.push_str("<td>–</td><td>–</td><td>–</td>"),
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    for (n, text) in notes_for(&rows) {
        let _ = writeln!(s, "<p class=\"note\"><code>{}</code>: {}</p>", e(n), e(text));
    }
    if seeded {
        let _ = writeln!(s, "<p class=\"note\">{}</p>", e(DOTNET_SOURCE));
    }
}

fn json_str(out: &mut String, v: &str) {
    out.push('"');
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_num(out: &mut String, v: Option<f64>) {
    match v {
        Some(x) if x.is_finite() => {
            let _ = write!(out, "{x}");
        }
        _ => out.push_str("null"),
    }
}

fn json(h: &Header, results: &[Measured]) -> String {
    let mut s = String::from("{\n  \"cpu\": ");
    json_str(&mut s, &h.cpu);
    let _ = write!(
        s,
        ",\n  \"threads\": {},\n  \"level\": \"{}\",\n  \"best_level\": \"{}\",\n  \
         \"pinned\": {},\n  \"time_ms\": {},\n  \"smoke\": {},\n  \"cases\": [",
        h.threads,
        h.level,
        Level::best(),
        h.pinned,
        h.time_ms,
        h.smoke
    );
    for (i, r) in results.iter().enumerate() {
        s.push_str(if i == 0 { "\n    {\"name\": " } else { ",\n    {\"name\": " });
        json_str(&mut s, &r.case.name());
        s.push_str(", \"op\": ");
        json_str(&mut s, r.case.op);
        s.push_str(", \"input\": ");
        json_str(&mut s, &r.case.input);
        s.push_str(", \"bytes\": ");
        json_num(&mut s, r.case.bytes.map(|b| b as f64));
        s.push_str(", \"seed\": ");
        match r.case.seed {
            Some(seed) => {
                let _ = write!(
                    s,
                    "{{\"id\": \"{}\", \"net10_ns\": {}, \"net11_ns\": {}}}",
                    seed.id, seed.net10_ns, seed.net11_ns
                );
            }
            None => s.push_str("null"),
        }
        s.push_str(", \"functions\": [");
        for (j, t) in r.timings.iter().enumerate() {
            if j > 0 {
                s.push_str(", ");
            }
            s.push_str("\n      {\"name\": ");
            json_str(&mut s, t.name);
            match t.role {
                Role::Ours => s.push_str(", \"role\": \"ours\", \"vs\": null"),
                Role::Peer { vs } => {
                    s.push_str(", \"role\": \"peer\", \"vs\": ");
                    json_str(&mut s, vs);
                }
            }
            s.push_str(", \"median_ns\": ");
            json_num(&mut s, Some(t.median_ns));
            s.push_str(", \"min_ns\": ");
            json_num(&mut s, Some(t.min_ns));
            let _ = write!(
                s,
                ", \"batches\": {}, \"calls_per_batch\": {}",
                t.batches, t.calls_per_batch
            );
            s.push_str(", \"gbps\": ");
            json_num(&mut s, r.gbps(t));
            s.push_str(", \"ratio\": ");
            json_num(&mut s, r.ratio(t));
            s.push('}');
        }
        s.push_str("]}");
    }
    s.push_str("\n  ]\n}\n");
    s
}
