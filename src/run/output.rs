//! What the runner and the `backtrack` command line share on the way out: the formats, the
//! exit statuses, the one JSON writer, the progress line.

use crate::Stats;
use std::io::{self, Write};
use std::time::Duration;

/// How answers are printed: one type for the runner and every command of `backtrack`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For a person to read (a Sudoku as its grid: `grid` says the same).
    #[default]
    #[value(alias = "grid")]
    Text,
    /// One line an answer, for other programs: a Sudoku as its N² characters, a solution's
    /// lines joined by " / ".
    Line,
    /// One JSON object a line (JSON lines).
    Json,
}

/// What the process tells its caller. A batch reports the highest status of its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Answered: solved, counted, listed.
    Solved = 0,
    /// There is no solution.
    NoSolution = 1,
    /// Some input could not be read, or the arguments are wrong.
    BadInput = 2,
    /// A budget (--max-nodes, --timeout) stopped the search before it could answer.
    Stopped = 3,
}

impl From<Status> for std::process::ExitCode {
    fn from(status: Status) -> Self {
        std::process::ExitCode::from(status as u8)
    }
}

/// Write `value` as one line of JSON (JSON lines): the one place that serialises answers, for
/// the runner and every command of `backtrack`, so another data format would be added here.
pub fn json_line(mut out: impl Write, value: &impl serde::Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)
}

/// The fields of a search's JSON answer after its solutions, in the words of `backtrack
/// cover`: the verdict, the count, the counters, the time; Knuth's profile with `--stats`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Summary {
    verdict: &'static str,
    count: u64,
    nodes: u64,
    dead_ends: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<Vec<u64>>,
    time_ms: f64,
}

impl Summary {
    /// The summary of a search that found `found` solutions (and stopped at its budget or not).
    pub(crate) fn new(found: u64, stats: &Stats, stopped: bool, time: Duration, profile: bool) -> Summary {
        Summary {
            verdict: match (found, stopped) {
                (_, true) => "stopped",
                (0, false) => "no_solution",
                _ => "solved",
            },
            count: found,
            nodes: stats.nodes(),
            dead_ends: stats.dead_ends(),
            profile: profile.then(|| stats.profile().to_vec()),
            time_ms: (time.as_secs_f64() * 1e6).round() / 1e3,
        }
    }
}

/// A live counter on standard error for long work, only when standard error is a terminal
/// (never in pipes or files): `unit` counts what is done ("puzzles"), or `None` for a spinner
/// with a message and the time spent.
pub fn progress(unit: Option<&'static str>) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    let template = match unit {
        Some(unit) => counting(unit),
        None => "{spinner} {msg} ({elapsed})".to_string(),
    };
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

/// The template of a counter of `unit`s done.
fn counting(unit: &str) -> String {
    format!("{{spinner}} {{human_pos}} {unit} ({{per_sec}}, {{elapsed}})")
}

/// The same counter of what is done, followed by a count kept elsewhere and read at each
/// redraw: `counted` things of `label` ("1 puzzles (…), 1,204 solutions tried").
pub fn progress_with(
    unit: &'static str,
    label: &'static str,
    counted: std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> Option<indicatif::ProgressBar> {
    let bar = progress(Some(unit))?;
    let template = format!("{}, {{counted}} {label}", counting(unit));
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        let style =
            style.with_key("counted", move |_: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let n = counted.load(std::sync::atomic::Ordering::Relaxed);
                let _ = write!(w, "{}", indicatif::HumanCount(n));
            });
        bar.set_style(style);
    }
    Some(bar)
}

/// A writer that pauses after each flush: the pace of an animation whose frames a
/// [`Watcher`](crate::watch::Watcher) writes and flushes one at a time.
#[derive(Debug)]
pub struct Paced<W> {
    out: W,
    delay: Duration,
}

impl<W: Write> Paced<W> {
    /// Write to `out`, pausing `delay` after each flush.
    pub fn new(out: W, delay: Duration) -> Paced<W> {
        Paced { out, delay }
    }
}

impl<W: Write> Write for Paced<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        if !self.delay.is_zero() {
            std::thread::sleep(self.delay);
        }
        Ok(())
    }
}
