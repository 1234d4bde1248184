//! `backtrack sudoku`: solve one puzzle or a batch.

use crate::Outcome;
use backtrack::sudoku::logic::{self, Grade, Technique};
use backtrack::sudoku::{Board, Cell, ExactCover, Placement};
use backtrack::watch::{Counters, Watch, Watcher};
use backtrack::{Assumptions, Event, Observer, SlotOrder, stack_assumptions};
use clap::ValueEnum;
use std::io::{IsTerminal, Write};
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
    /// Why the solver gave no solution, when it can say (the logic solver's contradiction).
    note: Option<String>,
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
    if args.watch().any() && args.solver != Solver::Backtrack {
        eprintln!("error: --trace, --animate and --tree watch the driver: use them with --solver backtrack");
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
    if !args.count && !args.watch().any() && format == Format::Grid {
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

fn run_batch(args: &Args, engine: &mut Engine, text: &str, out: &mut impl Write) -> Outcome {
    let start = Instant::now();
    let lines: Vec<&str> = text.lines().collect();
    let jobs = match args.jobs {
        _ if args.watch().any() => 1, // a trace is one story, told in order
        Some(jobs) => jobs.max(1),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut results: Vec<LineResult> = Vec::with_capacity(lines.len());
    let mut emit = |result: LineResult, out: &mut dyn Write| {
        let _ = out.write_all(result.out.as_bytes());
        if !result.err.is_empty() {
            let _ = out.flush();
            eprint!("{}", result.err);
        }
        results.push(result);
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
    let outcome = results.iter().map(|r| r.outcome).max().unwrap_or(Outcome::Solved);
    if args.stats {
        let _ = out.flush();
        print_batch_stats(&results, start.elapsed(), jobs);
    }
    outcome
}

/// `--stats` for a batch: totals, averages, grades, and the wall time.
fn print_batch_stats(results: &[LineResult], wall: Duration, jobs: usize) {
    let reports: Vec<&Report> = results.iter().filter_map(|r| r.report.as_ref()).collect();
    let puzzles = reports.len();
    eprintln!("puzzles: {puzzles}");
    let mut totals: Vec<(&'static str, u64)> = Vec::new();
    let mut grades: Vec<(Grade, u64)> = Vec::new();
    for report in &reports {
        for &(name, value) in &report.counters {
            match totals.iter_mut().find(|(n, _)| *n == name) {
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
        eprintln!("{name}: {total} ({:.1} a puzzle)", total as f64 / puzzles.max(1) as f64);
    }
    if !grades.is_empty() {
        grades.sort();
        let list: Vec<String> = grades.iter().map(|(g, n)| format!("{g} {n}")).collect();
        eprintln!("grades: {}", list.join(", "));
    }
    let per_second = results.len() as f64 / wall.as_secs_f64().max(1e-9);
    let threads = if jobs == 1 { "1 thread".to_string() } else { format!("{jobs} threads") };
    eprintln!("time: {:.3} s ({per_second:.0} puzzles/s, {threads})", wall.as_secs_f64());
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
        (true, Some(limit)) if !args.watch().any() => limit,
        (true, _) => u64::MAX,
        (false, _) => 1,
    }
}

/// The most nodes `--compare` and `--estimate` let the driver search before giving up.
const NODE_BUDGET: u64 = 20_000_000;

/// Search to the end (every solution), stopping at `NODE_BUDGET` nodes: (stats, stopped).
fn full_search<G, I, S>(
    search: Assumptions<'_, G, I, (), S>,
    first: bool,
) -> (backtrack::Stats, bool, Duration)
where
    G: Fn() -> I,
    I: Iterator,
    S: SlotOrder<G, I>,
{
    let start = Instant::now();
    let mut nodes = 0u64;
    let budget = |event: Event<'_, I::Item>| {
        if let Event::Assume { .. } = event {
            nodes += 1;
            if nodes >= NODE_BUDGET {
                return std::ops::ControlFlow::Break(());
            }
        }
        std::ops::ControlFlow::Continue(())
    };
    let mut search = search.observe(budget);
    if first {
        search.next();
    } else {
        search.by_ref().for_each(drop);
    }
    (search.stats().clone(), search.is_stopped(), start.elapsed())
}

/// `--compare`: the same puzzle, four ways, in one table.
fn compare(board: &Board, out: &mut impl Write) -> Outcome {
    let ms = |t: Duration| format!("{:.3} ms", t.as_secs_f64() * 1e3);
    let _ = writeln!(out, "The problem:\n{board}\n");
    let _ = writeln!(out, "| solver | nodes | dead ends | time | note |");
    let _ = writeln!(out, "|---|---:|---:|---:|---|");
    let generators = board.generators();
    for (name, fewest) in [("backtrack, static order", false), ("backtrack, fewest candidates", true)] {
        let search = stack_assumptions(&generators);
        let (stats, stopped, time) =
            if fewest { full_search(search.fewest_first(), true) } else { full_search(search, true) };
        let note = if stopped {
            format!("gave up at {NODE_BUDGET} nodes")
        } else if stats.solutions() == 0 {
            "no solution".to_string()
        } else {
            format!("deepest level {}", stats.deepest())
        };
        let _ =
            writeln!(out, "| {name} | {} | {} | {} | {note} |", stats.nodes(), stats.dead_ends(), ms(time));
    }
    let start = Instant::now();
    let mut cover = ExactCover::new();
    let built = start.elapsed();
    let start = Instant::now();
    let mut solver = cover.solver(board);
    let found = solver.next_solution().is_some();
    let stats = solver.stats();
    let _ = writeln!(
        out,
        "| dancing links | {} | {} | {} | {} updates; {} to build the matrix once |",
        stats.nodes,
        stats.dead_ends,
        ms(start.elapsed()),
        stats.updates,
        ms(built)
    );
    drop(solver);
    let start = Instant::now();
    let report = logic::solve(board);
    let guesses = count_bifurcations(&report.steps);
    let _ = writeln!(
        out,
        "| logic | {} steps | {guesses} guesses | {} | {} |",
        report.steps.len(),
        ms(start.elapsed()),
        report.outcome_sentence()
    );
    let _ = writeln!(
        out,
        "\nNodes count assumptions (and the root); the first solution of each search. Dancing links\nbranches on the constraint with the fewest options, so it can place a digit in a cell\nwhere the driver sees several candidates."
    );
    if found { Outcome::Solved } else { Outcome::NoSolution }
}

fn count_bifurcations(steps: &[logic::Step]) -> usize {
    steps
        .iter()
        .map(|s| match &s.evidence {
            logic::Evidence::Bifurcation { steps, .. } => 1 + count_bifurcations(steps),
            _ => 0,
        })
        .sum()
}

/// `--estimate`: Knuth's estimate of the whole tree, then the real size.
fn estimate(args: &Args, board: &Board, out: &mut impl Write) -> Outcome {
    let generators = board.generators();
    let start = Instant::now();
    let guess = match args.order {
        Order::Static => backtrack::estimate(&generators, args.probes, args.seed),
        Order::Fewest => backtrack::estimate_fewest_first(&generators, args.probes, args.seed),
    };
    let estimated_in = start.elapsed();
    let search = stack_assumptions(&generators);
    let (stats, stopped, time) = match args.order {
        Order::Static => full_search(search, false),
        Order::Fewest => full_search(search.fewest_first(), false),
    };
    let order = match args.order {
        Order::Static => "static order",
        Order::Fewest => "fewest candidates first",
    };
    let _ = writeln!(out, "search tree, {order}:");
    let _ = writeln!(
        out,
        "  estimate: {:.0} nodes, {:.2} solutions ({} probes, {:.1} ms)",
        guess.nodes,
        guess.solutions,
        guess.probes,
        estimated_in.as_secs_f64() * 1e3
    );
    if stopped {
        let _ = writeln!(out, "  search:   more than {NODE_BUDGET} nodes (stopped there)");
    } else {
        let _ = writeln!(
            out,
            "  search:   {} nodes, {} solutions ({:.1} ms); estimate / real = {:.2}",
            stats.nodes(),
            stats.solutions(),
            time.as_secs_f64() * 1e3,
            guess.ratio_to(&stats)
        );
    }
    Outcome::Solved
}

/// Solve `board` with the logic solver.
fn search_logic(board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let start = Instant::now();
    let report = logic::solve(board);
    let solved = report.outcome == logic::Outcome::Solved;
    if solved {
        found(&report.board());
    }
    let hardest = report.hardest();
    Report {
        solutions: u64::from(solved),
        counters: vec![("steps", report.steps.len() as u64)],
        time: start.elapsed(),
        stopped: false,
        grade: solved.then(|| (report.grade(), Grade::score(hardest), hardest)),
        note: (!solved).then(|| report.outcome_sentence()),
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
        note: None,
    }
}

/// Search `board` with the driver, calling `found` on the board at each solution reported.
fn search(args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let generators = board.generators();
    let search = stack_assumptions(&generators);
    let watch = args.watch();
    if !watch.any() {
        return match args.order {
            Order::Static => drive(search, board, args, found),
            Order::Fewest => drive(search.fewest_first(), board, args, found),
        };
    }
    // The slots are the empty cells, in reading order: name them in the trace.
    let cells: Vec<Cell> = board.empty_cells().collect();
    let dead_end = |slot: usize| format!("dead end: {} has no candidate", cells[slot]);
    let draw = |event: &Event<'_, Placement<'_>>, counters: &Counters| frame(board, event, counters);
    let mut watcher = Watcher::new(std::io::stdout(), &watch, dead_end, draw);
    let observer = |event: Event<'_, Placement<'_>>| watcher.see(&event);
    let report = match args.order {
        Order::Static => drive(search.observe(observer), board, args, found),
        Order::Fewest => drive(search.observe(observer).fewest_first(), board, args, found),
    };
    if let (Some(tree), Some(path)) = (watcher.tree(), &args.tree) {
        if let Err(e) = tree.write_to(path) {
            eprintln!("error: {e}");
        }
    }
    report
}

/// One frame of the animation: the board, the cell of the event highlighted (green: assumed,
/// yellow: taken back), what happened, and the counters.
fn frame(board: &Board, event: &Event<'_, Placement<'_>>, counters: &Counters) -> String {
    let (cell, colour) = match event {
        Event::Assume { assumption, .. } => (Some(assumption.cell()), "42"),
        Event::TakeBack { assumption, .. } => (Some(assumption.cell()), "43"),
        _ => (None, ""),
    };
    let mut out = String::new();
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push('\n');
        }
        out.push_str("   ");
        for col in 0..9 {
            let here = Cell::at(row, col);
            let digit = board.get(here).map_or('.', |d| (b'0' + d.get()) as char);
            if Some(here) == cell {
                out.push_str(&format!("\x1b[{colour};30m{digit}\x1b[0m"));
            } else {
                out.push(digit);
            }
            out.push_str(match col {
                2 | 5 => "    ",
                8 => "\n",
                _ => " ",
            });
        }
    }
    format!("{out}\n{event}\n{counters}\n")
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
        note: None,
    }
}
