//! `report`: a quick side-by-side comparison of our crates and their peers.
//!
//! ```text
//! cargo run --release -p core-benches --bin report [-- OPTIONS]
//!
//!   --smoke            tiny time budget, smallest size of each operation only (CI)
//!   --filter <text>    only cases whose name contains <text> (repeatable: any of them)
//!   --level <name>     pin our SIMD level (scalar, sse2, sse4.2, avx2, ...); default: Level::best()
//!   --time-ms <n>      time budget per function in milliseconds (default 300, smoke 10)
//!   --markdown <file>  also write the Markdown report to <file>
//!   --json <file>      write the results as JSON to <file>
//!   --list             list the selected cases and exit
//! ```
//!
//! Every case first checks that ours and each peer compute the same result on its input,
//! then times them in interleaved batches (see `core_benches::measure`). The report prints,
//! per operation, one row per input: the median time per call of each function, GB/s of input
//! where bytes are meaningful, and for each peer the ratio peer time ÷ our time measured in the
//! same run (> 1 means we are faster). Compare ratios within one run, not absolute times
//! across runs: shared machines are noisy.

use core_benches::case::{Case, Role};
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
    list: bool,
}

const USAGE: &str = "usage: report [--smoke] [--filter TEXT]... [--level NAME] [--time-ms N] \
                     [--markdown FILE] [--json FILE] [--list]";

fn parse_args() -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--smoke" => o.smoke = true,
            "--list" => o.list = true,
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
            Some(b) => run(b, level, &opts),
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
    ExitCode::SUCCESS
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
    let _ = writeln!(
        s,
        "- core-text level: {}{} (`Level::best()` = {})",
        h.level,
        if h.pinned { ", pinned with --level" } else { "" },
        Level::best()
    );
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
    let mut ops: Vec<&'static str> = Vec::new();
    for r in results {
        if !ops.contains(&r.case.op) {
            ops.push(r.case.op);
        }
    }
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
        for r in rows {
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
        if seeded {
            let _ = writeln!(
                s,
                "\n.NET figures: `reference/seed-catalog.md` §6 (the seed cases, B-TXT-*, \
                 B-TIME-*), measured on another machine: indicative only."
            );
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
