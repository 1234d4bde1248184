//! The one place that turns reports into text or JSON. Write errors travel up.

use super::plan::{Format, Mode};
use super::report::{Counters, Report, Verdict};
use backtrack::sudoku::logic::Grade;
use backtrack::sudoku::{Geometry, Layout};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Duration;

/// Writes reports as the plan asks: the seed's grid, lines, or JSON lines.
pub struct Renderer<W: Write> {
    out: W,
    format: Format,
    mode: Mode,
    /// One puzzle (headings, "The problem:") or a batch (one answer a line, line numbers).
    batch: bool,
    /// The driver's search is shown as it runs: no heading before it.
    watching: bool,
    /// Solutions written as they were found ([`Renderer::solution`]), before the report.
    streamed: u64,
}

impl<W: Write> Renderer<W> {
    pub fn new(out: W, format: Format, mode: Mode, batch: bool, watching: bool) -> Self {
        Renderer { out, format, mode, batch, watching, streamed: 0 }
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// What comes before a single puzzle's search (its problem, in the grid layout).
    pub fn problem(&mut self, puzzle: &backtrack::sudoku::Board) -> io::Result<()> {
        if !self.batch
            && !self.watching
            && self.format == Format::Text
            && !matches!(self.mode, Mode::Count { .. })
        {
            write_problem(&mut self.out, puzzle)?;
        }
        Ok(())
    }

    /// One solution of a listing (`--all` on one puzzle), written the moment it is found:
    /// the report that follows holds the rest. In JSON, the one object of the answer is
    /// opened with its `solutions`, which [`Renderer::report`] closes.
    pub fn solution(&mut self, solution: &backtrack::sudoku::Board) -> io::Result<()> {
        let first = self.streamed == 0;
        self.streamed += 1;
        match self.format {
            Format::Text => {
                if first && !self.batch {
                    writeln!(self.out, "Solutions:")?;
                }
                writeln!(self.out, "{solution}\n")
            }
            Format::Line => writeln!(self.out, "{solution:#}"),
            Format::Json => {
                write!(self.out, "{}\"{solution:#}\"", if first { "{\"solutions\":[" } else { "," })
            }
        }
    }

    /// One puzzle's answer.
    pub fn report(&mut self, report: &Report) -> io::Result<()> {
        // The solutions written before this report were its own: the next report starts anew.
        let streamed = std::mem::take(&mut self.streamed);
        if self.format == Format::Json {
            if streamed > 0 {
                // The object opened by the solutions: its other fields close it.
                let rest = serde_json::to_string(report).map_err(io::Error::other)?;
                return writeln!(self.out, "],{}", rest.strip_prefix('{').unwrap_or(&rest));
            }
            return json_line(&mut self.out, report);
        }
        let out = &mut self.out;
        // Messages for standard error name the line in a batch (made only when there is one).
        let place = || report.line.map_or(String::new(), |n| format!("line {n}: "));
        match report.verdict {
            Verdict::Invalid => {
                if self.batch {
                    writeln!(out, "invalid")?;
                }
                out.flush()?;
                // The reason names the line and column itself.
                eprintln!("{}{}", if self.batch { "" } else { "error: " }, reason(report));
                return Ok(());
            }
            Verdict::Stopped if report.count == 0 => {
                match &report.reached {
                    // How far the techniques allowed got: the grid, for a learner to go on from.
                    Some(reached) if !self.batch && self.format == Format::Text => {
                        writeln!(out, "The grid reached:\n{reached}\n\nstuck")?
                    }
                    Some(_) => writeln!(out, "stuck")?,
                    None => writeln!(out, "stopped")?,
                }
                out.flush()?;
                eprintln!("{}{}", place(), reason(report));
                return Ok(());
            }
            Verdict::NoSolution if !matches!(self.mode, Mode::Count { .. }) => {
                writeln!(out, "no solution")?;
                out.flush()?;
                if self.batch || report.reason.is_some() {
                    eprintln!("{}{}", place(), report.reason.as_deref().unwrap_or("no solution"));
                }
                return Ok(());
            }
            _ => {}
        }
        if report.verdict == Verdict::Stopped {
            // Counted or listed so far: the solutions are real, their number a lower bound.
            out.flush()?;
            eprintln!("{}{} (at least {})", place(), reason(report), crate::cmd::solutions(report.count));
        }
        if let Mode::Count { .. } = self.mode {
            writeln!(out, "{}", report.count)?;
            return Ok(());
        }
        let grid = self.format == Format::Text;
        for (i, solution) in report.solutions.iter().enumerate() {
            if grid {
                if i == 0 && !self.batch {
                    let all = matches!(self.mode, Mode::All { .. });
                    writeln!(out, "{}", if all { "Solutions:" } else { "A solution:" })?;
                }
                writeln!(out, "{solution}\n")?;
            } else if let (true, Some(g)) = (self.batch, &report.grade) {
                // A logic batch grades each puzzle on its line.
                writeln!(out, "{solution:#} {} ({:.1})", g.grade, g.score)?;
            } else {
                writeln!(out, "{solution:#}")?;
            }
        }
        if matches!(self.mode, Mode::All { .. }) && !grid && self.batch {
            writeln!(out)?; // a blank line ends each puzzle's list
        }
        // (In a batch, after the puzzle's line on standard error; else after its grid.)
        let warning = match report.unique {
            Some(false) => Some((
                "more than one solution (this is the first found)",
                "more than one solution: this is the first found",
            )),
            None if report.unproved => {
                Some(("not proved the only solution (the time limit came first)", super::engines::UNPROVED))
            }
            _ => None,
        };
        if let Some((in_batch, alone)) = warning {
            if self.batch {
                out.flush()?;
                eprintln!("{}{in_batch}", place());
            } else {
                writeln!(out, "{alone}")?;
            }
        }
        if let Some(g) = &report.grade {
            if !self.batch {
                let hardest = g.hardest.map_or(String::new(), |t| format!(", hardest technique: {t}"));
                writeln!(out, "grade: {} ({:.1}){hardest}", g.grade, g.score)?;
            }
        }
        Ok(())
    }

    /// `--stats` for one puzzle: its counters and time, on standard error (JSON carries them in
    /// the report).
    pub fn stats(&mut self, report: &Report) -> io::Result<()> {
        if self.format == Format::Json {
            return Ok(());
        }
        self.out.flush()?;
        eprintln!("solutions: {}", report.count);
        for (name, value) in report.counters.named() {
            eprintln!("{name}: {value}");
        }
        eprintln!("time: {:.3} ms", report.time.as_secs_f64() * 1e3);
        Ok(())
    }

    /// `--stats` for a batch: on standard error, or a last JSON line `{"summary": ...}`.
    pub fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        if self.format == Format::Json {
            #[derive(Serialize)]
            struct Line<'a> {
                summary: &'a Summary,
            }
            return json_line(&mut self.out, &Line { summary });
        }
        self.out.flush()?;
        let puzzles = summary.puzzles.max(1) as f64;
        eprintln!("puzzles: {}", summary.puzzles);
        for (name, total) in summary.counters.named() {
            if name == "deepest level" {
                eprintln!("{name}: {total}");
            } else {
                eprintln!("{name}: {total} ({:.1} a puzzle)", total as f64 / puzzles);
            }
        }
        if !summary.grades.is_empty() {
            let list: Vec<String> = summary.grades.iter().map(|(g, n)| format!("{g} {n}")).collect();
            eprintln!("grades: {}", list.join(", "));
        }
        let lines = summary.lines as f64;
        let seconds = summary.wall.as_secs_f64();
        let threads =
            if summary.jobs == 1 { "1 thread".to_string() } else { format!("{} threads", summary.jobs) };
        eprintln!("time: {seconds:.3} s ({:.0} puzzles/s, {threads})", lines / seconds.max(1e-9));
        Ok(())
    }
}

fn reason(report: &Report) -> &str {
    report.reason.as_deref().unwrap_or("")
}

fn json_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    crate::cmd::data_line(out, value)
}

/// What a batch adds up to.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    /// Puzzles read (invalid lines included).
    pub lines: u64,
    /// Puzzles read and searched.
    pub puzzles: u64,
    pub solved: u64,
    pub no_solution: u64,
    pub invalid: u64,
    pub stopped: u64,
    pub counters: Counters,
    #[serde(serialize_with = "grades")]
    pub grades: Vec<(Grade, u64)>,
    #[serde(rename = "wall_s", serialize_with = "seconds")]
    pub wall: Duration,
    pub jobs: usize,
    /// `I/N` when the batch is a shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// A shard's run ([`backtrack::split::Run`]): the command, and the hash of the whole input
    /// (every line, those of the other shards too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
}

impl Summary {
    /// Count one report in.
    pub fn add(&mut self, report: &Report) {
        self.lines += 1;
        match report.verdict {
            Verdict::Solved => self.solved += 1,
            Verdict::NoSolution => self.no_solution += 1,
            Verdict::Invalid => self.invalid += 1,
            Verdict::Stopped => self.stopped += 1,
        }
        if report.verdict == Verdict::Invalid {
            return;
        }
        self.puzzles += 1;
        self.counters.merge(&report.counters);
        if let Some(g) = &report.grade {
            match self.grades.iter_mut().find(|(grade, _)| *grade == g.grade) {
                Some((_, n)) => *n += 1,
                None => {
                    self.grades.push((g.grade, 1));
                    self.grades.sort();
                }
            }
        }
    }
}

fn grades<S: serde::Serializer>(grades: &[(Grade, u64)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(grades.iter().map(|(g, n)| (g.to_string(), n)))
}

fn seconds<S: serde::Serializer>(time: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(time.as_secs_f64())
}

/// The problem in the grid layout, and beneath it what the picture does not show
/// ([`write_grid_notes`]): what a single puzzle's answer opens with, so that a user sees the
/// puzzle was read as meant.
pub fn write_problem(out: &mut dyn Write, puzzle: &backtrack::sudoku::Board) -> io::Result<()> {
    writeln!(out, "The problem:\n{puzzle}\n")?;
    write_grid_notes(out, puzzle)
}

/// What a puzzle's picture does not show, to write beneath it: its grid and rules when they
/// are not the classic ones, its extra regions, the cells of its extra houses and a killer's
/// cages (the answers of `sudoku`, the puzzles `generate --format text` draws).
pub fn write_grid_notes(out: &mut dyn Write, puzzle: &backtrack::sudoku::Board) -> io::Result<()> {
    let geometry = puzzle.geometry();
    let regions = puzzle.extra_region_map();
    // A grid without boxes says so: without a word, a 7×7 answer reads as a jigsaw's whose
    // regions were lost.
    let latin = matches!(geometry.layout(), Layout::Latin);
    if latin || !geometry.extras().is_empty() || !geometry.rules().is_empty() || regions.is_some() {
        writeln!(out, "Its grid and rules: {}\n", geometry.name())?;
    }
    if latin {
        let side = geometry.side();
        // Its side's own grid is a Latin square too where the side is prime; where it has
        // boxes, leaving them out was the variant file's choice (`"boxes": null`).
        match Geometry::of_side(side).map(|own| matches!(own.layout(), Layout::Latin)) {
            Ok(true) => writeln!(
                out,
                "A side of {side} has no boxes: rows and columns only (--regions MAP gives a jigsaw's regions).\n"
            )?,
            _ => writeln!(out, "No boxes: rows and columns only.\n")?,
        }
    }
    if let Some(regions) = regions {
        writeln!(out, "Its extra regions (a letter each), each value once in each:\n{regions}\n")?;
    }
    if let Some(houses) = puzzle.extra_house_map() {
        writeln!(out, "The cells of its extra houses (#), each value once in each:\n{houses}\n")?;
    }
    if let Some(cages) = puzzle.cage_map() {
        writeln!(out, "Its cages (a letter each, then their sums):\n{cages}\n")?;
    }
    Ok(())
}
