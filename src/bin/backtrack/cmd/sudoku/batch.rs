//! A batch: one puzzle a line, solved on every core, answered line for line.

use super::engines::{Engine, Report};
use super::{Args, Format};
use crate::Outcome;
use backtrack::sudoku::Board;
use backtrack::sudoku::logic::Grade;
use std::io::Write;
use std::time::{Duration, Instant};

/// What one line of a batch gave.
struct LineResult {
    /// Its lines on standard output.
    out: String,
    /// Its messages for standard error.
    err: String,
    outcome: Outcome,
    report: Option<Report>,
}

fn solve_line(args: &Args, engine: &mut Engine, number: usize, line: &str) -> LineResult {
    use std::fmt::Write as _;
    let (mut out, mut err) = (String::new(), String::new());
    let board: Board = match line.parse() {
        Ok(board) => board,
        Err(e) => {
            let _ = writeln!(err, "line {number}: {e}");
            return LineResult { out: "invalid\n".into(), err, outcome: Outcome::BadInput, report: None };
        }
    };
    let format = args.format.unwrap_or(Format::Line);
    let report = engine.search(args, &board, &mut |board| {
        if !args.count {
            let _ = match format {
                Format::Line => writeln!(out, "{board:#}"),
                Format::Grid => writeln!(out, "{board}\n"),
            };
        }
    });
    let mut outcome = Outcome::Solved;
    if args.count {
        let _ = writeln!(out, "{}", report.solutions);
    } else if report.solutions == 0 {
        let _ = writeln!(err, "line {number}: {}", report.note.as_deref().unwrap_or("no solution"));
        out.push_str("no solution\n");
        outcome = Outcome::NoSolution;
    }
    if args.all && format == Format::Line {
        out.push('\n');
    }
    LineResult { out, err, outcome, report: Some(report) }
}

pub(super) fn run_batch(args: &Args, engine: &mut Engine, text: &str, out: &mut impl Write) -> Outcome {
    let start = Instant::now();
    let lines: Vec<&str> = text.lines().collect();
    let jobs = match args.jobs {
        _ if args.watching() => 1, // a trace is one story, told in order
        Some(jobs) => jobs.max(1),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // What the statistics need of each line, once its text is written: no copy of the output.
    let mut outcome = Outcome::Solved;
    let mut reports: Vec<Report> = Vec::with_capacity(lines.len());
    let mut emit = |result: LineResult, out: &mut dyn Write| {
        let _ = out.write_all(result.out.as_bytes());
        if !result.err.is_empty() {
            let _ = out.flush();
            eprint!("{}", result.err);
        }
        outcome = outcome.max(result.outcome);
        reports.extend(result.report);
    };
    if jobs == 1 {
        for (i, line) in lines.iter().enumerate() {
            emit(solve_line(args, engine, i + 1, line), out);
        }
    } else {
        // Each worker thread keeps an engine of its own (for DLX, its own matrix); the lines
        // come back in input order.
        use rayon::prelude::*;
        let solved: Vec<LineResult> = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            Ok(pool) => pool.install(|| {
                lines
                    .par_iter()
                    .enumerate()
                    .map_init(
                        || Engine::new(args.solver),
                        |engine, (i, line)| solve_line(args, engine, i + 1, line),
                    )
                    .collect()
            }),
            Err(_) => {
                lines.iter().enumerate().map(|(i, line)| solve_line(args, engine, i + 1, line)).collect()
            }
        };
        for result in solved {
            emit(result, out);
        }
    }

    if args.stats {
        let _ = out.flush();
        print_batch_stats(&reports, lines.len(), start.elapsed(), jobs);
    }
    outcome
}

/// The counter that a batch reports as a maximum.
const DEEPEST: &str = "deepest level";

/// `--stats` for a batch: totals, averages, grades, and the wall time.
fn print_batch_stats(reports: &[Report], lines: usize, wall: Duration, jobs: usize) {
    let puzzles = reports.len();
    eprintln!("puzzles: {puzzles}");
    let mut totals: Vec<(&'static str, u64)> = Vec::new();
    let mut grades: Vec<(Grade, u64)> = Vec::new();
    for report in reports {
        for &(name, value) in &report.counters {
            match totals.iter_mut().find(|(n, _)| *n == name) {
                // The deepest level of a batch is the deepest of its searches, not a sum.
                Some((DEEPEST, total)) => *total = (*total).max(value),
                Some((_, total)) => *total += value,
                None => totals.push((name, value)),
            }
        }
        if let Some((grade, ..)) = report.grade {
            match grades.iter_mut().find(|(g, _)| *g == grade) {
                Some((_, n)) => *n += 1,
                None => grades.push((grade, 1)),
            }
        }
    }
    for (name, total) in totals {
        if name == DEEPEST {
            eprintln!("{name}: {total}");
        } else {
            eprintln!("{name}: {total} ({:.1} a puzzle)", total as f64 / puzzles.max(1) as f64);
        }
    }
    if !grades.is_empty() {
        grades.sort();
        let list: Vec<String> = grades.iter().map(|(g, n)| format!("{g} {n}")).collect();
        eprintln!("grades: {}", list.join(", "));
    }
    let per_second = lines as f64 / wall.as_secs_f64().max(1e-9);
    let threads = if jobs == 1 { "1 thread".to_string() } else { format!("{jobs} threads") };
    eprintln!("time: {:.3} s ({per_second:.0} puzzles/s, {threads})", wall.as_secs_f64());
}
