//! `backtrack sudoku`: solve one puzzle or a batch.

mod batch;
mod engines;
mod teach;

use crate::Outcome;
use backtrack::sudoku::Board;
use backtrack::watch::Watch;
use batch::run_batch;
use clap::ValueEnum;
use engines::{Engine, Report};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;
use teach::{compare, estimate, explain, hint};

/// The seed's newspaper puzzle, solved when no puzzle is given.
pub const NEWSPAPER: &str =
    "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

/// Solve Sudoku puzzles: one given as an argument, or a batch, one puzzle a line.
///
/// A puzzle is 81 cells in reading order, `0`, `.` or `_` for an empty cell; spaces, `|`, `-`,
/// `+` and commas are ignored, so a pasted 9-line grid works too.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack sudoku                       solve the seed's newspaper puzzle
  backtrack sudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  backtrack sudoku -f puzzles.txt        one solution line per puzzle line
  cat puzzles.txt | backtrack sudoku -   the same, from standard input
  backtrack sudoku --count --limit 2 PUZZLE   1 if the solution is unique
  backtrack sudoku --trace --limit 40    watch the search
  backtrack sudoku --solver logic PUZZLE solve as a person would, and grade the puzzle
  backtrack sudoku --explain PUZZLE      every step of the logic, in plain sentences
  backtrack sudoku PUZZLE --hint 1       a hint: the technique (2: where, 3: the whole step)

Exit status: 0 solved, 1 a puzzle has no solution, 2 bad input or usage.")]
pub struct Args {
    /// The puzzle (81 cells), or `-` to read puzzles from standard input, one a line.
    /// Without it (and without --file), the seed's newspaper puzzle.
    puzzle: Option<String>,

    /// Read puzzles from FILE, one a line.
    #[arg(short, long, value_name = "FILE", conflicts_with = "puzzle")]
    file: Option<PathBuf>,

    /// Print the number of solutions instead of a solution.
    #[arg(long, conflicts_with = "all")]
    count: bool,

    /// Print every solution.
    #[arg(long)]
    all: bool,

    /// Stop after N solutions (with --count or --all), after N lines (--trace), or after N
    /// nodes of the tree (--tree).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,

    /// Which solver: the driver (stacking assumptions), Dancing Links, or the logic solver
    /// that reasons as a person does and grades the puzzle.
    #[arg(long, value_enum, default_value_t = Solver::Backtrack)]
    solver: Solver,

    /// Solve with logic and print every step, numbered, then the grid.
    #[arg(long, conflicts_with_all = ["count", "all", "trace"])]
    explain: bool,

    /// Print only the next logical step: 1 names the technique, 2 says where to look, 3 (the
    /// default) gives the whole step. Put the puzzle before `--hint` or give the level.
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, default_missing_value = "3",
          value_parser = clap::value_parser!(u8).range(1..=3), conflicts_with_all = ["count", "all", "trace", "explain"])]
    hint: Option<u8>,

    /// Which empty cell the search fills next (with --solver backtrack).
    #[arg(long, value_enum, default_value_t = Order::Fewest)]
    order: Order,

    /// Print the counters (nodes, dead ends or updates, ...) and the time on standard error.
    #[arg(long)]
    stats: bool,

    /// Print every step of the search (assume, dead end, take back), indented by depth.
    #[arg(long)]
    trace: bool,

    /// Redraw the board as the search runs (the cell tried, dead ends, take-backs) with live
    /// counters; the trace when standard output is not a terminal.
    #[arg(long)]
    animate: bool,

    /// Pause between the frames of --animate, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 40)]
    delay: u64,

    /// Solve the puzzle four ways (static order, fewest candidates, DLX, logic) and compare
    /// nodes, dead ends and time in a table.
    #[arg(long, conflicts_with_all = ["count", "all", "trace", "explain", "hint"])]
    compare: bool,

    /// Estimate the size of the whole search tree by Knuth's random probes, then search it and
    /// print the real size beside the estimate (in the --order chosen).
    #[arg(long, conflicts_with_all = ["count", "all", "trace", "explain", "hint", "compare"])]
    estimate: bool,

    /// Random probes for --estimate.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    probes: u64,

    /// Seed of the random probes of --estimate.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Write the search tree (its first --limit nodes) to FILE: Graphviz DOT, or a picture
    /// when FILE ends in .svg.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,

    /// Solve a batch on N threads (default: one a core).
    #[arg(long, short, value_name = "N")]
    jobs: Option<usize>,

    /// How to print a solution (default: grid for one puzzle, line for a batch).
    #[arg(long, value_enum)]
    format: Option<Format>,
}

impl Args {
    /// Whether any way of watching the driver's search is asked for (cheap: no terminal test).
    fn watching(&self) -> bool {
        self.trace || self.animate || self.tree.is_some()
    }

    /// The watching the options ask for.
    fn watch(&self) -> Watch {
        // Frames need a terminal; elsewhere the animation is the trace.
        let frames = self.animate && std::io::stdout().is_terminal();
        Watch {
            trace: self.trace || (self.animate && !frames),
            animate: frames,
            delay: Duration::from_millis(self.delay),
            tree: self.tree.is_some(),
            limit: self.limit.unwrap_or(if self.tree.is_some() { 200 } else { 1000 }),
        }
    }
}

/// The solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Solver {
    /// The driver: one generator per empty cell, stacking assumptions.
    Backtrack,
    /// Dancing Links: Sudoku as an exact-cover problem (the fast path).
    Dlx,
    /// Human-style techniques, easiest first, bifurcation last; prints the grade.
    Logic,
}

/// The order in which the driver takes the empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// Reading order, as in the seed: row by row, left to right.
    Static,
    /// The empty cell with the fewest candidates next.
    Fewest,
}

/// How a board is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The seed's layout: nine lines in three bands.
    Grid,
    /// One line of 81 characters.
    Line,
}

pub fn run(args: Args) -> Outcome {
    let source = match (&args.file, args.puzzle.as_deref()) {
        (Some(path), _) => Some(path.as_path()),
        (None, Some("-")) => Some(std::path::Path::new("-")),
        _ => None,
    };
    let batch = match source.map(super::read_input).transpose() {
        Ok(batch) => batch,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::BadInput;
        }
    };
    if args.watching() && args.solver != Solver::Backtrack {
        eprintln!("error: --trace, --animate and --tree watch the driver: use them with --solver backtrack");
        return Outcome::BadInput;
    }
    // A tree that cannot be written is bad usage: say so before searching, not after.
    if let Some(path) = &args.tree {
        if let Err(e) = std::fs::File::create(path) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return Outcome::BadInput;
        }
    }
    if (args.count || args.all) && args.solver == Solver::Logic {
        eprintln!(
            "error: --count and --all work with --solver backtrack or dlx: the logic solver finds one solution"
        );
        return Outcome::BadInput;
    }
    let mut engine = Engine::new(args.solver);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let outcome = match batch {
        // A pasted grid (no line holds a whole puzzle) is one puzzle, not a batch.
        Some(text) if looks_like_one_grid(&text) => single(&args, &mut engine, &text, &mut out),
        Some(text) => run_batch(&args, &mut engine, &text, &mut out),
        None => single(&args, &mut engine, args.puzzle.as_deref().unwrap_or(NEWSPAPER), &mut out),
    };
    if let Err(e) = out.flush() {
        eprintln!("error: cannot write: {e}");
        return Outcome::BadInput;
    }
    outcome
}

fn looks_like_one_grid(text: &str) -> bool {
    let cells = |line: &str| line.chars().filter(|c| c.is_ascii_digit() || *c == '.' || *c == '_').count();
    text.lines().all(|l| cells(l) < 81) && text.lines().filter(|l| cells(l) > 0).count() == 9
}

fn single(args: &Args, engine: &mut Engine, text: &str, out: &mut impl Write) -> Outcome {
    let board: Board = match text.parse() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::BadInput;
        }
    };
    if let Some(level) = args.hint {
        return hint(&board, level, out);
    }
    if args.compare {
        return compare(&board, out);
    }
    if args.estimate {
        return estimate(args, &board, out);
    }
    if args.explain {
        return explain(args, &board, out);
    }
    let format = args.format.unwrap_or(Format::Grid);
    if !args.count && !args.watching() && format == Format::Grid {
        let _ = writeln!(out, "The problem:\n{board}\n");
    }
    let solutions_header = std::cell::Cell::new(false);
    let report = engine.search(args, &board, &mut |board| {
        if args.count {
            return;
        }
        if format == Format::Grid {
            if !solutions_header.replace(true) {
                let _ = writeln!(out, "{}", if args.all { "Solutions:" } else { "A solution:" });
            }
            let _ = writeln!(out, "{board}\n");
        } else {
            let _ = writeln!(out, "{board:#}");
        }
    });
    if report.stopped {
        let _ = writeln!(out, "(the search stopped at --limit {})", args.watch().limit);
    } else if args.count {
        let _ = writeln!(out, "{}", report.solutions);
    } else if report.solutions == 0 {
        let _ = writeln!(out, "no solution");
        if let Some(note) = &report.note {
            eprintln!("{note}");
        }
    }
    if let Some((grade, score, hardest)) = report.grade {
        let hardest = hardest.map_or(String::new(), |t| format!(", hardest technique: {t}"));
        let _ = writeln!(out, "grade: {grade} ({score:.1}){hardest}");
    }
    if args.stats {
        let _ = out.flush();
        print_stats(&report);
    }
    if report.solutions == 0 && !report.stopped { Outcome::NoSolution } else { Outcome::Solved }
}

fn print_stats(report: &Report) {
    eprintln!("solutions: {}", report.solutions);
    for (name, value) in &report.counters {
        eprintln!("{name}: {value}");
    }
    eprintln!("time: {:.3} ms", report.time.as_secs_f64() * 1e3);
}

/// How many solutions to look for: one, unless counting or listing (up to --limit).
pub(super) fn wanted(args: &Args) -> u64 {
    match (args.count || args.all, args.limit) {
        (true, Some(limit)) if !args.watching() => limit,
        (true, _) => u64::MAX,
        (false, _) => 1,
    }
}
