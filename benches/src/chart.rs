//! Inline SVG bar charts of ratios for the report's `--html` page: self-contained markup, no
//! script, no font or style fetched at view time.
//!
//! One horizontal bar per row, on a logarithmic axis centred on the 1.0 line: a bar to the
//! right of the line is a ratio above 1 (for a peer: the peer takes longer than ours).
//!
//! ```
//! use core_benches::chart::{bar_chart, Bar, BarKind};
//! let svg = bar_chart(
//!     "core-text",
//!     &[
//!         Bar { label: "validate/ascii/64KiB: simdutf8".into(), ratio: 1.8, kind: BarKind::Peer },
//!         Bar { label: "Utf8GetCharCount: .NET 10 ÷ .NET 11".into(), ratio: 2.5, kind: BarKind::DotNet },
//!     ],
//! );
//! assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
//! assert!(svg.contains("1.80×") && svg.contains("2.50×"));
//! ```

use std::fmt::Write as _;

/// What a bar shows (and so its colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarKind {
    /// A peer's time ÷ ours, measured in this run.
    Peer,
    /// .NET 10's published time ÷ .NET 11's for a seed case: the improvement .NET made, for
    /// scale beside the peers' bars.
    DotNet,
}

/// One bar: a row label and its ratio.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The row's label (escaped when written).
    pub label: String,
    /// The ratio; a non-finite or non-positive one is drawn as "n/a" without a bar.
    pub ratio: f64,
    /// What the ratio is.
    pub kind: BarKind,
}

const LABEL_W: f64 = 380.0;
const PLOT_W: f64 = 480.0;
const RIGHT_W: f64 = 80.0;
const ROW_H: f64 = 18.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 10.0;

/// Escapes `s` for use in HTML or SVG text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The 1-2-5 ticks from `lo` to `hi` (both included when they are ticks).
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut decade = 10f64.powi(lo.log10().floor() as i32);
    while decade <= hi {
        for m in [1.0, 2.0, 5.0] {
            let t = decade * m;
            if t >= lo * 0.999 && t <= hi * 1.001 {
                out.push(t);
            }
        }
        decade *= 10.0;
    }
    out
}

/// The axis range: every finite ratio, at least 0.5..2, widened to 1-2-5 ticks and clamped
/// to 0.001..1000 (a ratio beyond is drawn at the edge, its value still printed).
fn domain(bars: &[Bar]) -> (f64, f64) {
    let finite = bars.iter().map(|b| b.ratio).filter(|r| r.is_finite() && *r > 0.0);
    let (lo, hi) = finite.fold((0.5f64, 2.0f64), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let down = |x: f64| {
        let d = 10f64.powi(x.log10().floor() as i32);
        [5.0, 2.0, 1.0].into_iter().map(|m| m * d).find(|t| *t <= x).unwrap_or(d)
    };
    let up = |x: f64| {
        let d = 10f64.powi(x.log10().floor() as i32);
        [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * d).find(|t| *t >= x).unwrap_or(10.0 * d)
    };
    (down(lo).max(1e-3), up(hi).min(1e3))
}

fn fmt_tick(t: f64) -> String {
    if t >= 1.0 {
        format!("{t:.0}")
    } else {
        let s = format!("{t:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// An SVG bar chart of `bars` under `title`: log-scale axis with 1-2-5 ticks, the 1.0 line
/// drawn heavier, peer bars green above 1 and red below, .NET bars grey-blue.
pub fn bar_chart(title: &str, bars: &[Bar]) -> String {
    let (lo, hi) = domain(bars);
    let (llo, lhi) = (lo.ln(), hi.ln());
    let x = |r: f64| LABEL_W + (r.clamp(lo, hi).ln() - llo) / (lhi - llo) * PLOT_W;
    let width = LABEL_W + PLOT_W + RIGHT_W;
    let height = TOP + ROW_H * bars.len() as f64 + BOTTOM;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" font-family=\"sans-serif\" \
         font-size=\"11\"><title>{}</title>",
        escape(title)
    );
    let _ = write!(
        s,
        "<text x=\"4\" y=\"14\" font-size=\"13\" font-weight=\"bold\">{}</text>",
        escape(title)
    );
    let bottom = TOP + ROW_H * bars.len() as f64;
    for t in ticks(lo, hi) {
        let tx = x(t);
        let one = (t - 1.0).abs() < 1e-9;
        let _ = write!(
            s,
            "<line x1=\"{tx:.1}\" y1=\"{:.1}\" x2=\"{tx:.1}\" y2=\"{bottom:.1}\" stroke=\"{}\" \
             stroke-width=\"{}\"/><text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
             fill=\"#444\">{}×</text>",
            TOP - 4.0,
            if one { "#000" } else { "#ddd" },
            if one { 1.5 } else { 1.0 },
            TOP - 8.0,
            fmt_tick(t)
        );
    }
    for (i, b) in bars.iter().enumerate() {
        let y = TOP + ROW_H * i as f64;
        let label = escape(&b.label);
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            LABEL_W - 6.0,
            y + ROW_H * 0.7
        );
        if !(b.ratio.is_finite() && b.ratio > 0.0) {
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#888\">n/a</text>",
                x(1.0) + 4.0,
                y + ROW_H * 0.7
            );
            continue;
        }
        let (x0, x1) = (x(1.0), x(b.ratio));
        let (left, w) = if x1 >= x0 { (x0, x1 - x0) } else { (x1, x0 - x1) };
        let fill = match b.kind {
            BarKind::DotNet => "#7f93b2",
            BarKind::Peer if b.ratio >= 1.0 => "#3a9b4f",
            BarKind::Peer => "#d0493c",
        };
        let _ = write!(
            s,
            "<rect x=\"{left:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
             fill=\"{fill}\"><title>{label}: {:.2}×</title></rect>",
            y + 3.0,
            w.max(1.0),
            ROW_H - 6.0,
            b.ratio
        );
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#222\">{:.2}×</text>",
            x(lo.max(hi.min(b.ratio))).max(x0) + 4.0,
            y + ROW_H * 0.7,
            b.ratio
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(r: f64) -> Bar {
        Bar { label: "a<b".into(), ratio: r, kind: BarKind::Peer }
    }

    #[test]
    fn axis_covers_the_ratios_on_1_2_5_ticks() {
        assert_eq!(domain(&[bar(1.3)]), (0.5, 2.0));
        assert_eq!(domain(&[bar(0.03), bar(37.0)]), (0.02, 50.0));
        assert_eq!(domain(&[bar(1e-9), bar(f64::NAN), bar(1e9)]), (1e-3, 1e3));
        assert_eq!(ticks(0.5, 2.0), vec![0.5, 1.0, 2.0]);
        assert_eq!(ticks(0.02, 50.0).len(), 11);
        assert_eq!(fmt_tick(0.05), "0.05");
        assert_eq!(fmt_tick(20.0), "20");
    }

    #[test]
    fn bars_are_escaped_coloured_and_placed() {
        let svg = bar_chart(
            "t&t",
            &[bar(2.0), bar(0.5), Bar { label: "n".into(), ratio: 4.0, kind: BarKind::DotNet }],
        );
        assert!(svg.contains("<title>t&amp;t</title>"));
        assert!(svg.contains("a&lt;b") && !svg.contains("a<b"));
        assert!(svg.contains("#3a9b4f") && svg.contains("#d0493c") && svg.contains("#7f93b2"));
        // The 1.0 line sits in the middle of 0.5..2.0 and 4.0 widens the axis to 5.
        assert!(svg.contains(">1×</text>") && svg.contains(">5×</text>"));
        assert_eq!(svg.matches("<rect").count(), 3);
        let none = bar_chart("n", &[bar(f64::NAN)]);
        assert!(none.contains("n/a") && !none.contains("<rect"));
        assert_eq!(escape("\"'&"), "&quot;&#39;&amp;");
    }
}
