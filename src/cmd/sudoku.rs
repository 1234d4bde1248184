//! `backtrack sudoku`: solve one puzzle or a batch.

use crate::Outcome;
use backtrack::sudoku::logic::{self, Grade, Technique};
use backtrack::sudoku::{Board, ExactCover, Placement};
use backtrack::{Assumptions, Event, Observer, SlotOrder, stack_assumptions};
use clap::ValueEnum;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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

    /// Stop after N solutions (with --count or --all), or N lines (with --trace).
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

    /// How to print a solution (default: grid for one puzzle, line for a batch).
    #[arg(long, value_enum)]
    format: Option<Format>,
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

/// What the search of one puzzle found.
#[derive(Default)]
struct Report {
    /// Solutions found (each printed as it came, or counted).
    solutions: u64,
    /// The solver's counters, by name, in the order they are printed.
    counters: Vec<(&'static str, u64)>,
    time: Duration,
    /// The trace reached its --limit and ended the search.
    stopped: bool,
    /// The logic solver's grade, score and hardest technique.
    grade: Option<(Grade, f32, Option<Technique>)>,
}

/// Which solver, with what it keeps between the puzzles of a batch.
enum Engine {
    Backtrack,
    Dlx(ExactCover),
    Logic,
}

impl Engine {
    fn new(solver: Solver) -> Engine {
        match solver {
            Solver::Backtrack => Engine::Backtrack,
            Solver::Dlx => Engine::Dlx(ExactCover::new()),
            Solver::Logic => Engine::Logic,
        }
    }

    fn search(&mut self, args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
        match self {
            Engine::Backtrack => search(args, board, found),
            Engine::Dlx(cover) => search_dlx(cover, args, board, found),
            Engine::Logic => search_logic(board, found),
        }
    }
}

pub fn run(args: Args) -> Outcome {
    let batch = match (&args.file, args.puzzle.as_deref()) {
        (Some(path), _) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return Outcome::BadInput;
            }
        },
        (None, Some("-")) => {
            let mut text = String::new();
            if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
                eprintln!("error: cannot read standard input: {e}");
                return Outcome::BadInput;
            }
            Some(text)
        }
        _ => None,
    };
    if args.trace && args.solver != Solver::Backtrack {
        eprintln!("error: --trace works with --solver backtrack");
        return Outcome::BadInput;
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
    if args.explain {
        return explain(args, &board, out);
    }
    let format = args.format.unwrap_or(Format::Grid);
    if !args.count && !args.trace && format == Format::Grid {
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
        let _ = writeln!(out, "(the trace reached --limit {}: search stopped)", args.limit.unwrap_or(1000));
    } else if args.count {
        let _ = writeln!(out, "{}", report.solutions);
    } else if report.solutions == 0 {
        let _ = writeln!(out, "no solution");
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

fn run_batch(args: &Args, engine: &mut Engine, text: &str, out: &mut impl Write) -> Outcome {
    let mut outcome = Outcome::Solved;
    let (mut puzzles, mut time) = (0u64, Duration::ZERO);
    let mut totals: Vec<(&'static str, u64)> = Vec::new();
    let mut grades: Vec<(Grade, u64)> = Vec::new();
    let format = args.format.unwrap_or(Format::Line);
    for (i, line) in text.lines().enumerate() {
        let board: Board = match line.parse() {
            Ok(board) => board,
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                let _ = writeln!(out, "invalid");
                outcome = outcome.max(Outcome::BadInput);
                continue;
            }
        };
        let report = engine.search(args, &board, &mut |board| {
            if args.count {
                return;
            }
            let _ = match format {
                Format::Line => writeln!(out, "{board:#}"),
                Format::Grid => writeln!(out, "{board}\n"),
            };
        });
        if args.count {
            let _ = writeln!(out, "{}", report.solutions);
        } else if report.solutions == 0 {
            eprintln!("line {}: no solution", i + 1);
            let _ = writeln!(out, "no solution");
            outcome = outcome.max(Outcome::NoSolution);
        }
        if args.all && format == Format::Line {
            let _ = writeln!(out);
        }
        puzzles += 1;
        time += report.time;
        if let Some((grade, ..)) = report.grade {
            match grades.iter_mut().find(|(g, _)| *g == grade) {
                Some((_, n)) => *n += 1,
                None => grades.push((grade, 1)),
            }
        }
        for (name, value) in report.counters {
            match totals.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total += value,
                None => totals.push((name, value)),
            }
        }
    }
    if args.stats {
        let _ = out.flush();
        eprintln!("puzzles: {puzzles}");
        for (name, total) in totals {
            eprintln!("{name}: {total} ({:.1} a puzzle)", total as f64 / puzzles.max(1) as f64);
        }
        if !grades.is_empty() {
            grades.sort();
            let list: Vec<String> = grades.iter().map(|(g, n)| format!("{g} {n}")).collect();
            eprintln!("grades: {}", list.join(", "));
        }
        let per_second = puzzles as f64 / time.as_secs_f64().max(1e-9);
        eprintln!("time: {:.3} s ({per_second:.0} puzzles/s)", time.as_secs_f64());
    }
    outcome
}

fn print_stats(report: &Report) {
    eprintln!("solutions: {}", report.solutions);
    for (name, value) in &report.counters {
        eprintln!("{name}: {value}");
    }
    eprintln!("time: {:.3} ms", report.time.as_secs_f64() * 1e3);
}

/// How many solutions to look for: one, unless counting or listing (up to --limit).
fn wanted(args: &Args) -> u64 {
    match (args.count || args.all, args.limit) {
        (true, Some(limit)) if !args.trace => limit,
        (true, _) => u64::MAX,
        (false, _) => 1,
    }
}

/// Solve `board` with the logic solver.
fn search_logic(board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let start = Instant::now();
    let report = logic::solve(board);
    let solved = report.outcome == logic::Outcome::Solved;
    if solved {
        found(&report.board());
    } else {
        eprintln!("{}", report.outcome_sentence());
    }
    let hardest = report.hardest();
    Report {
        solutions: u64::from(solved),
        counters: vec![("steps", report.steps.len() as u64)],
        time: start.elapsed(),
        stopped: false,
        grade: solved.then(|| (report.grade(), Grade::score(hardest), hardest)),
    }
}

/// `--explain`: every step, numbered (a bifurcation's trial indented under it), then the grid.
fn explain(args: &Args, board: &Board, out: &mut impl Write) -> Outcome {
    let report = logic::solve(board);
    let _ = writeln!(out, "The problem:\n{board}\n");
    write_steps(out, &report.steps, "");
    let _ = writeln!(out);
    let outcome = if report.outcome == logic::Outcome::Solved {
        match args.format.unwrap_or(Format::Grid) {
            Format::Grid => writeln!(out, "The solution:\n{}\n", report.board()),
            Format::Line => writeln!(out, "{:#}", report.board()),
        }
        .ok();
        Outcome::Solved
    } else {
        Outcome::NoSolution
    };
    let _ = writeln!(out, "{}", report.outcome_sentence());
    outcome
}

fn write_steps(out: &mut impl Write, steps: &[logic::Step], prefix: &str) {
    for (n, step) in steps.iter().enumerate() {
        let number = format!("{prefix}{}", n + 1);
        let indent = "  ".repeat(prefix.matches('.').count());
        let _ = writeln!(out, "{indent}{number}. {step}");
        if let logic::Evidence::Bifurcation { steps: inner, .. } = &step.evidence {
            write_steps(out, inner, &format!("{number}."));
        }
    }
}

/// `--hint LEVEL`: the next step, revealed progressively.
fn hint(board: &Board, level: u8, out: &mut impl Write) -> Outcome {
    let Some(step) = logic::next_step(board) else {
        let report = logic::solve(board);
        let _ = writeln!(
            out,
            "{}",
            if board.is_full() { "the puzzle is solved".to_string() } else { report.outcome_sentence() }
        );
        return if board.is_full() { Outcome::Solved } else { Outcome::NoSolution };
    };
    let _ = match level {
        1 => writeln!(out, "try: {}", step.technique()),
        2 => writeln!(out, "try: {}, {}", step.technique(), step.location()),
        _ => writeln!(out, "{step}"),
    };
    Outcome::Solved
}

/// Search `board` with Dancing Links on the batch's one matrix.
fn search_dlx(cover: &mut ExactCover, args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let start = Instant::now();
    let mut solver = cover.solver(board);
    let wanted = wanted(args);
    let mut solutions = 0;
    while solutions < wanted {
        let Some(options) = solver.next_solution() else { break };
        solutions += 1;
        found(&ExactCover::board(options));
    }
    let stats = solver.stats();
    Report {
        solutions,
        counters: vec![("nodes", stats.nodes), ("updates", stats.updates)],
        time: start.elapsed(),
        stopped: false,
        grade: None,
    }
}

/// Search `board` with the driver, calling `found` on the board at each solution reported.
fn search(args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let generators = board.generators();
    let search = stack_assumptions(&generators);
    if args.trace {
        // --limit caps the trace's lines; the search stops there.
        let limit = args.limit.unwrap_or(1000);
        let mut lines = 0u64;
        let tracer = move |event: Event<'_, Placement<'_>>| {
            lines += 1;
            if lines > limit {
                return ControlFlow::Break(());
            }
            println!("{}", trace_line(&event));
            ControlFlow::Continue(())
        };
        return match args.order {
            Order::Static => drive(search.observe(tracer), board, args, found),
            Order::Fewest => drive(search.observe(tracer).fewest_first(), board, args, found),
        };
    }
    match args.order {
        Order::Static => drive(search, board, args, found),
        Order::Fewest => drive(search.fewest_first(), board, args, found),
    }
}

/// One trace line: the event, indented by its level.
fn trace_line(event: &Event<'_, Placement<'_>>) -> String {
    match event {
        Event::Assume { level, assumption, .. } => {
            format!("{:w$}assume {assumption}", "", w = 2 * (level - 1))
        }
        Event::TakeBack { level, assumption, .. } => {
            format!("{:w$}take back {assumption}", "", w = 2 * (level - 1))
        }
        Event::DeadEnd { level, .. } => format!("{:w$}dead end", "", w = 2 * level),
        Event::Solution { level } => format!("{:w$}solution", "", w = 2 * level),
    }
}

fn drive<G, I, O, S>(
    mut search: Assumptions<'_, G, I, O, S>,
    board: &Board,
    args: &Args,
    found: &mut dyn FnMut(&Board),
) -> Report
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
    let start = Instant::now();
    let wanted = wanted(args);
    let mut solutions = 0;
    while solutions < wanted && search.next().is_some() {
        solutions += 1;
        found(board);
    }
    let stats = search.stats();
    Report {
        solutions,
        counters: vec![
            ("nodes", stats.nodes()),
            ("dead ends", stats.dead_ends()),
            ("deepest level", stats.deepest() as u64),
        ],
        time: start.elapsed(),
        stopped: search.is_stopped(),
        grade: None,
    }
}
