//! The arguments of `backtrack sudoku`, and the one place where they are decoded into a [`Plan`].
//!
//! Everything after this file reads the plan, never the arguments: a combination that makes no
//! sense is refused here, with a sentence that says why, and nothing is silently ignored.

use super::shape::Shape;
use crate::cmd::Source;
use backtrack::split::Shard;
use backtrack::sudoku::logic::Builtin;
use backtrack::sudoku::{Cage, Extra};
use backtrack::watch::Watch;
use clap::ValueEnum;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// Solve Sudoku puzzles: one given as an argument, or a batch, one puzzle a line.
///
/// A puzzle is N² cells in reading order (81 for the classic grid; 16, 36, 256, 625, ... for
/// other sizes), `0`, `.` or `_` for an empty cell, values `1`-`9` then `A`, `B`, ... (16 is
/// `G`); spaces, `|`, `-`, `+` and commas are ignored, so a pasted grid works too. A line of the
/// variant file (a JSON object: size, boxes, givens, regions, rules; boxes left out are those
/// of the size, null none) is a puzzle too. In a batch, blank lines and lines starting with `#`
/// are skipped.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack sudoku                       solve the seed's newspaper puzzle
  backtrack sudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  backtrack sudoku -f tests/data/top95.txt   one solution line per puzzle line
  cat tests/data/top95.txt | backtrack sudoku -   the same, from standard input
  backtrack sudoku --count --limit 2 PUZZLE   1 if the solution is unique
  backtrack sudoku --format json -f FILE      one JSON object a puzzle
  backtrack sudoku --trace --limit 40    watch the driver search
  backtrack sudoku --solver logic PUZZLE solve as a person would, and grade the puzzle
  backtrack sudoku --explain PUZZLE      every step of the logic, in plain sentences
  backtrack sudoku --hint PUZZLE         the next step (--hint=1: the technique, =2: where)
  backtrack sudoku --count ................   288: every 4x4 grid
  backtrack sudoku --boxes 2x3 PUZZLE    a 6x6 puzzle with boxes of 2 rows by 3 columns
  backtrack sudoku --regions MAP PUZZLE  a jigsaw: one letter a region, N² of them
  backtrack sudoku --extra-regions MAP PUZZLE   regions that hold every value besides the boxes
  backtrack sudoku --rules diagonals PUZZLE   X-Sudoku
  backtrack sudoku -f FILE.jsonl         a variant file, one JSON object a puzzle

Exit status: 0 solved, 1 a puzzle has no solution, 2 bad input or usage,
3 a search stopped at --max-nodes or --timeout.")]
#[command(group = clap::ArgGroup::new("mode").multiple(false))]
pub struct Args {
    /// The puzzle (81 cells, or N² for another size), or `-` to read puzzles from standard
    /// input, one a line.
    /// Without it (and without --file), the seed's newspaper puzzle.
    puzzle: Option<String>,

    /// Read puzzles from FILE, one a line (`-` for standard input).
    #[arg(short, long, value_name = "FILE", conflicts_with = "puzzle")]
    file: Option<PathBuf>,

    /// Print the number of solutions instead of a solution.
    #[arg(long, group = "mode")]
    count: bool,

    /// Print every solution.
    #[arg(long, group = "mode")]
    all: bool,

    /// Solve with logic and print every step, numbered, then the grid.
    #[arg(long, group = "mode")]
    explain: bool,

    /// Print only the next logical step: `--hint=1` names the technique, `--hint=2` says where
    /// to look, `--hint` (or `--hint=3`) gives the whole step.
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true, default_missing_value = "3",
          value_parser = clap::value_parser!(u8).range(1..=3), group = "mode")]
    hint: Option<u8>,

    /// Solve the puzzle six ways (the seed's driver in static and fewest order, the driver with
    /// propagation, the band engine, DLX, logic) and compare nodes, dead ends and time. Each
    /// stops at 20 million nodes (--max-nodes) and 10 s (--timeout).
    #[arg(long, group = "mode")]
    compare: bool,

    /// Estimate the size of the driver's search tree by Knuth's random probes, then search it
    /// and print the real size beside the estimate (in the --order chosen).
    #[arg(long, group = "mode")]
    estimate: bool,

    /// With --count or --all: stop after N solutions. With --trace: stop tracing after N lines
    /// (default 1000); with --tree: draw the first N nodes (default 200). The watching stops
    /// there, the search goes on.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    limit: Option<u64>,

    /// Which solver [default: bitboard; the driver (backtrack) when watching, ordering or
    /// estimating].
    #[arg(long, value_enum)]
    solver: Option<Solver>,

    /// The seed's generators, one per empty cell, taken in this order, each assumption one
    /// digit. Without --order the driver assumes with propagation: each slot picks its cell when
    /// reached, and each assumption places every digit it forces.
    #[arg(long, value_enum)]
    order: Option<Order>,

    /// Stop each search after N nodes (guesses for the band engine, steps for the logic solver,
    /// those of its trials included) and report it stopped.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_nodes: Option<u64>,

    /// Stop each search after SECONDS (a decimal) and report it stopped.
    #[arg(long, value_name = "SECONDS", value_parser = backtrack::run::seconds, allow_negative_numbers = true)]
    timeout: Option<Duration>,

    /// Print the counters (nodes, dead ends or updates, ...) and the time on standard error.
    #[arg(long)]
    stats: bool,

    /// Print every step of the driver's search (assume, dead end, take back), indented by depth.
    #[arg(long)]
    trace: bool,

    /// Redraw the board as the driver searches (the cell tried, dead ends, take-backs) with live
    /// counters; the trace when standard output is not a terminal.
    #[arg(long)]
    animate: bool,

    /// Pause between the frames of --animate, in milliseconds [default: 40].
    #[arg(long, value_name = "MS", requires = "animate", allow_negative_numbers = true)]
    delay: Option<u64>,

    /// Random probes for --estimate [default: 1000].
    #[arg(long, value_name = "N", requires = "estimate", value_parser = crate::cmd::one_or_more, allow_negative_numbers = true)]
    probes: Option<u64>,

    /// Seed of the random probes of --estimate [default: 1].
    #[arg(long, value_name = "N", requires = "estimate", allow_negative_numbers = true)]
    seed: Option<u64>,

    /// Write the driver's search tree (its first --limit nodes, default 200) to FILE: Graphviz
    /// DOT for a .dot file, a picture for .svg. One puzzle only.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,

    /// Write the explorer to FILE (.html): one page that replays the driver's search (its first
    /// --limit events, default 10000) on the board beside its tree, forward and back, with the
    /// counters. It opens from disk, without a network. One puzzle only.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,

    /// Write a picture of the puzzle to FILE (.svg): boxes or jigsaw regions, killer cages
    /// dashed with their sums, the givens in black and the first solution's values in blue
    /// (found by the general engine, whatever else is asked). One puzzle only.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Solve on N threads: a batch's puzzles share them out (a few quick ones stay on one, as
    /// starting threads would cost more than they do); a hard puzzle alone (a 25×25) has its
    /// search split into parts, two a thread, once clause learning takes over, and a count of
    /// many solutions shares its search out as it goes (with --solver dlx, the tree is cut into
    /// subtrees for the threads) [default: one a core].
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024), allow_negative_numbers = true)]
    jobs: Option<u64>,

    /// Solve shard I of N of a batch: the lines numbered I, I + N, I + 2N, ... (from 1), with
    /// their own line numbers; with --format json, a last line `{"summary": ...}` holds the
    /// shard's counters and names its run (the command, a hash of the whole input). `backtrack
    /// merge` puts the answers of one run's shards back in order and adds their counters up.
    /// With --count and one puzzle: shard I of N of its count, Dancing Links' tree cut into 64
    /// subtrees a shard, or under anti-knight, anti-king or non-consecutive the puzzle cut into
    /// 64 puzzles a shard for the general engine (either way fewer past 1,024 shards, as
    /// `cover --shard` says); one JSON line of counters.
    #[arg(long, value_name = "I/N", value_parser = shard)]
    shard: Option<Shard>,

    /// Solve with these techniques only (the logic solver; a comma-separated list, e.g.
    /// `naked-single,hidden-single`; `backtrack techniques` lists them). With --explain, the
    /// steps go as far as they can and the grid reached is shown; exit status 3 when stuck.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = technique)]
    techniques: Vec<Builtin>,

    /// How to print: the seed's grid (default for one puzzle), one line (default for a batch),
    /// or JSON (one object a puzzle).
    #[arg(long, value_enum)]
    format: Option<Format>,

    /// Boxes of R rows by C columns (`2x3`, `3x3`, `4x4`, ...): a grid of side R·C. Without it,
    /// each puzzle's length gives its side (16, 36, 64, 81, 144, 256, 625 cells: 4, 6, 8, 9, 12,
    /// 16, 25), with square boxes where the side is a square, else 2x3, 2x4, 3x4, ...; a grid
    /// drawn in bands (blank lines between bands of R rows, gaps between groups of C columns, as
    /// the answers are drawn) on the boxes it shows
    #[arg(long, value_name = "RxC", value_parser = boxes)]
    boxes: Option<(usize, usize)>,

    /// A jigsaw grid: N² letters in reading order, one a region (each of N cells), instead of
    /// boxes.
    #[arg(long, value_name = "MAP", conflicts_with = "boxes")]
    regions: Option<String>,

    /// Extra regions on top of the boxes (or of --regions): N² letters in reading order, one a
    /// region of N cells, each region holding every value once besides the boxes (sigh's
    /// "jigsaw boxes"; any windoku-like houses of one's own).
    #[arg(long, value_name = "MAP")]
    extra_regions: Option<String>,

    /// Extra rules, comma-separated. Houses: `diagonals` (X-Sudoku: both main diagonals),
    /// `windoku` (windows the size of a box, one cell in from the edge: four on 9x9, nine on
    /// 16x16). Between cells: `anti-knight`, `anti-king` (no two cells a knight's or a king's
    /// move apart hold the same value), `non-consecutive` (no two cells side by side hold
    /// values one apart); these are solved by the default solver.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = rule)]
    rules: Vec<Extra>,

    /// A killer's cages, from FILE: a JSON list of `{"sum": S, "cells": [0-based indices]}`
    /// (the sum optional), as the variant file's `cages` field; laid on the puzzle's grid.
    #[arg(long, value_name = "FILE")]
    cages: Option<PathBuf>,
}

/// A cage as `--cages` reads it.
#[derive(serde::Deserialize)]
struct CageField {
    #[serde(default)]
    sum: Option<u32>,
    cells: Vec<usize>,
}

/// The cages of the file `path`.
fn cages(path: &std::path::Path) -> Result<Vec<Cage>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--cages: cannot read {}: {e}", path.display()))?;
    let fields: Vec<CageField> = serde_json::from_str(&text).map_err(|e| {
        format!("--cages: {}: not a JSON list of {{\"sum\": S, \"cells\": [...]}}: {e}", path.display())
    })?;
    Ok(fields.into_iter().map(|c| Cage::new(c.cells, c.sum)).collect())
}

/// `RxC`, for `--boxes`.
pub(crate) fn boxes(text: &str) -> Result<(usize, usize), String> {
    backtrack::sudoku::variant::parse_boxes(text)
        .ok_or_else(|| format!("{text:?}: give boxes as RxC, rows by columns (2x3, 3x3, 4x4, ...)"))
}

/// A rule by name, for `--rules`.
pub(crate) fn rule(name: &str) -> Result<Extra, String> {
    Extra::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Extra::ALL.iter().map(|e| e.name()).collect();
        format!("no rule is called {name:?}; the rules: {}", names.join(", "))
    })
}

/// The solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Solver {
    /// The band engine: the grid as bit masks, searched by copying (the fastest).
    Bitboard,
    /// The driver, stacking assumptions: each places a digit with all it forces (with --order,
    /// the seed's generators: one digit in one cell).
    Backtrack,
    /// Dancing Links: Sudoku as an exact-cover problem.
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

/// How results are printed: the crate's one format (`text`, or `grid`, is the seed's layout in
/// bands; `line` the N² characters; `json` one object a puzzle).
pub use backtrack::run::Format;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution (and whether it is the only one).
    Solve,
    /// The number of solutions, up to a limit.
    Count { limit: u64 },
    /// Every solution, up to a limit.
    All { limit: u64 },
    /// The logic solver's steps.
    Explain,
    /// The next logical step, at a level of detail 1 to 3.
    Hint { level: u8 },
    /// Every solver on the puzzle, side by side.
    Compare,
    /// Knuth's estimate of the driver's tree, and the real size.
    Estimate { probes: u64, seed: u64 },
}

impl Mode {
    /// Whether the mode looks at one puzzle only (a batch is refused).
    pub fn one_puzzle(self) -> bool {
        self.one_puzzle_option().is_some()
    }

    /// The option of a mode that looks at one puzzle only.
    fn one_puzzle_option(self) -> Option<&'static str> {
        match self {
            Mode::Explain => Some("--explain"),
            Mode::Hint { .. } => Some("--hint"),
            Mode::Compare => Some("--compare"),
            Mode::Estimate { .. } => Some("--estimate"),
            Mode::Solve | Mode::Count { .. } | Mode::All { .. } => None,
        }
    }
}

/// Where the puzzles come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// One puzzle, given on the command line (or the seed's newspaper puzzle).
    Puzzle(String),
    /// A file or standard input: a batch, one puzzle a line, or one pasted grid.
    Source(Source),
}

/// The options that bound each search (--max-nodes, --timeout): each puzzle's search gets a
/// `backtrack::Budget` made of them when it starts (the timeout becomes its deadline).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bounds {
    /// The most nodes (guesses for the band engine).
    pub max_nodes: Option<u64>,
    /// The longest time.
    pub timeout: Option<Duration>,
}

/// Everything the command will do, decoded once from the arguments.
#[derive(Debug)]
pub struct Plan {
    pub input: Input,
    pub mode: Mode,
    pub solver: Solver,
    /// Whether `--solver` chose the solver (else the default for the grid).
    pub solver_given: bool,
    /// The grid the puzzles are read on.
    pub shape: Shape,
    /// The driver's generators: the seed's, in an order; `None` for the propagating ones.
    pub order: Option<Order>,
    /// Watching the driver's search (trace, animation, tree): one puzzle or a batch, in order.
    pub watch: Option<Watch>,
    /// The pause after each frame of an animation.
    pub pace: Duration,
    pub tree: Option<PathBuf>,
    /// The explorer page to write.
    pub html: Option<PathBuf>,
    /// The picture of the puzzle to write.
    pub svg: Option<PathBuf>,
    /// `None`: the default for the input (grid for one puzzle, line for a batch).
    pub format: Option<Format>,
    pub stats: bool,
    pub jobs: usize,
    pub budget: Bounds,
    /// The logic solver's techniques, in the chain's order (every one unless restricted).
    pub techniques: Vec<Builtin>,
    /// The part of a batch to solve (`None`: all of it).
    pub shard: Option<Shard>,
}

impl Plan {
    /// The command as a shard names the run it is a part of ([`backtrack::split::Run`]): what
    /// shapes the answers (the mode, the solver, its order and techniques, the grid), in one
    /// spelling whatever the order of the options; not the shard, the threads, the output's
    /// form or the budget (a shard stopped by its budget is run again with a larger one, and
    /// is still a part of the same run).
    pub fn run_command(&self) -> String {
        self.run_command_of(self.solver)
    }

    /// [`run_command`](Plan::run_command) as run by `solver` (one puzzle's count in shards is
    /// Dancing Links' where the puzzle is exact cover).
    pub fn run_command_of(&self, solver: Solver) -> String {
        let mut command = String::from("sudoku");
        match self.mode {
            Mode::Count { limit } | Mode::All { limit } => {
                let what = if matches!(self.mode, Mode::Count { .. }) { "count" } else { "all" };
                command.push_str(&format!(" --{what}"));
                if limit < u64::MAX {
                    command.push_str(&format!(" --limit {limit}"));
                }
            }
            _ => {}
        }
        command.push_str(&format!(" --solver {solver:?}").to_lowercase());
        if let Some(order) = self.order {
            command.push_str(&format!(" --order {order:?}").to_lowercase());
        }
        if solver == Solver::Logic {
            let names: Vec<String> = self.techniques.iter().map(|t| t.flag()).collect();
            command.push_str(&format!(" --techniques {}", names.join(",")));
        }
        command.push_str(&self.shape.options());
        command
    }
}

/// `I/N` with 1 <= I <= N, for `--shard`.
pub fn shard(text: &str) -> Result<Shard, String> {
    text.parse()
}

/// A technique by name (`naked-single`, `x-wing`, ...), for `--techniques`.
fn technique(name: &str) -> Result<Builtin, String> {
    Builtin::from_name(name).ok_or_else(|| {
        let names: Vec<String> = Builtin::ALL.iter().map(|t| t.flag()).collect();
        format!("no technique is called {name:?}; the techniques: {}", names.join(", "))
    })
}

/// The seed's newspaper puzzle, solved when no puzzle is given.
pub const NEWSPAPER: &str =
    "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

impl Args {
    /// Decode the arguments into a plan, or say why they make no sense together.
    pub fn decode(self) -> Result<Plan, String> {
        let input = match (&self.file, self.puzzle.as_deref()) {
            (Some(path), _) => Input::Source(Source::of(path)),
            (None, Some("-")) => Input::Source(Source::Stdin),
            (None, Some(puzzle)) => Input::Puzzle(puzzle.to_string()),
            (None, None) => Input::Puzzle(NEWSPAPER.to_string()),
        };
        let limit = self.limit;
        if limit == Some(0) && (self.count || self.all) {
            return Err("--limit 0 asks for no solution: give 1 or more".into());
        }
        let mode = if self.count {
            Mode::Count { limit: limit.unwrap_or(u64::MAX) }
        } else if self.all {
            Mode::All { limit: limit.unwrap_or(u64::MAX) }
        } else if self.explain {
            Mode::Explain
        } else if let Some(level) = self.hint {
            Mode::Hint { level }
        } else if self.compare {
            Mode::Compare
        } else if self.estimate {
            Mode::Estimate { probes: self.probes.unwrap_or(1000), seed: self.seed.unwrap_or(1) }
        } else {
            Mode::Solve
        };
        // The explorer replays the logic solver's steps when it solves (--solver logic, --explain),
        // else the driver's search.
        let logic_page = self.html.is_some()
            && (self.solver == Some(Solver::Logic)
                || matches!(mode, Mode::Explain)
                || !self.techniques.is_empty());
        let watching =
            self.trace || self.animate || self.tree.is_some() || (self.html.is_some() && !logic_page);
        let driver_only = watching || self.order.is_some() || matches!(mode, Mode::Estimate { .. });
        // Knuth's estimate probes the seed's tree: fewest candidates first unless told otherwise.
        let order = match mode {
            Mode::Estimate { .. } => Some(self.order.unwrap_or(Order::Fewest)),
            _ => self.order,
        };
        let solver = match (self.solver, mode) {
            (Some(_), Mode::Compare) => return Err("--compare runs every solver: leave out --solver".into()),
            (Some(s), Mode::Estimate { .. }) if s != Solver::Backtrack => {
                return Err("--estimate measures the driver's tree: use it without --solver".into());
            }
            (Some(s), Mode::Explain | Mode::Hint { .. }) if s != Solver::Logic => {
                return Err("--explain and --hint are the logic solver's: leave out --solver".into());
            }
            (Some(Solver::Logic), Mode::Count { .. } | Mode::All { .. }) => {
                return Err("--count and --all need a search: the logic solver finds one solution".into());
            }
            (Some(s), _) if driver_only && s != Solver::Backtrack => {
                return Err(
                    "--trace, --animate, --tree, --html and --order watch or steer the driver: use them \
                            with --solver backtrack (or without --solver)"
                        .into(),
                );
            }
            (Some(s), _) => s,
            (None, Mode::Explain | Mode::Hint { .. }) => Solver::Logic,
            (None, _) if driver_only => Solver::Backtrack,
            (None, _) if !self.techniques.is_empty() => Solver::Logic,
            (None, _) => Solver::Bitboard,
        };
        if !self.techniques.is_empty()
            && (solver != Solver::Logic || !matches!(mode, Mode::Solve | Mode::Explain | Mode::Hint { .. }))
        {
            return Err("--techniques restricts the logic solver: use it to solve (--solver logic), \
                        --explain or --hint"
                .into());
        }
        // A shard is a part of a batch (its lines dealt out), or of one puzzle's count (Dancing
        // Links' tree cut into subtrees, dealt out as `cover --count --shard` deals them; under
        // a rule between cells, the puzzle cut into puzzles for the general engine).
        let one_count = matches!(input, Input::Puzzle(_)) && matches!(mode, Mode::Count { .. });
        if self.shard.is_some()
            && ((!matches!(input, Input::Source(_)) && !one_count) || mode.one_puzzle() || watching)
        {
            return Err(
                "--shard splits a batch (solve, count or list the puzzles of -f FILE or -) or the count of \
                        one puzzle (--count PUZZLE)"
                    .into(),
            );
        }
        if self.shard.is_some() && one_count {
            if self.limit.is_some() {
                return Err("--shard splits a whole count: give it with --count, without --limit".into());
            }
            if self.solver.is_some_and(|s| s != Solver::Dlx) {
                return Err(
                    "--shard counts one puzzle with Dancing Links (the general engine under a rule between \
                            cells): leave out --solver, or give --solver dlx"
                        .into(),
                );
            }
            if self.jobs.is_some_and(|j| j > 1) {
                return Err(
                    "--shard runs on one thread: run the shards side by side instead of --jobs".into()
                );
            }
        }
        if watching && mode.one_puzzle() {
            return Err(
                "--trace, --animate, --tree and --html watch a search: use them to solve, count or list"
                    .into(),
            );
        }
        if self.format == Some(Format::Json) && (self.trace || self.animate) {
            return Err("--trace and --animate print text: use them without --format json".into());
        }
        if let Some(path) = &self.tree {
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(extension, "dot" | "gv" | "svg") {
                return Err(format!(
                    "--tree {}: the tree is written as Graphviz DOT (.dot, .gv) or a picture (.svg)",
                    path.display()
                ));
            }
        }
        if logic_page && !matches!(mode, Mode::Solve | Mode::Explain) {
            return Err("--html with the logic solver replays its steps: use it to solve or --explain".into());
        }
        if let Some(path) = &self.html {
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(extension, "html" | "htm") {
                return Err(format!("--html {}: the explorer is a web page: name it .html", path.display()));
            }
        }
        if let Some(path) = &self.svg {
            if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
                return Err(format!("--svg {}: the picture is SVG: name it .svg", path.display()));
            }
        }
        let timeout = self.timeout;
        let watch = watching.then(|| {
            // Frames need a terminal; elsewhere the animation is the trace.
            let frames = self.animate && std::io::stdout().is_terminal();
            Watch {
                trace: self.trace || (self.animate && !frames),
                animate: frames,
                tree: self.tree.is_some(),
                limit: limit.unwrap_or(match (&self.tree, &self.html) {
                    (Some(_), _) => 200,
                    (None, Some(_)) => 10_000,
                    (None, None) => 1000,
                }),
            }
        });
        let jobs = match self.jobs {
            // A trace is one story, told in order.
            _ if watch.is_some() => 1,
            Some(jobs) => jobs as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let cages = match &self.cages {
            Some(path) => cages(path)?,
            None => Vec::new(),
        };
        let shape = Shape::new(
            self.boxes,
            self.regions.as_deref(),
            self.extra_regions.as_deref(),
            self.rules,
            cages,
        )?;
        Ok(Plan {
            input,
            mode,
            solver,
            solver_given: self.solver.is_some(),
            shape,
            order,
            watch,
            pace: Duration::from_millis(self.delay.unwrap_or(40)),
            tree: self.tree,
            html: self.html,
            svg: self.svg,
            format: self.format,
            stats: self.stats,
            jobs,
            budget: Bounds { max_nodes: self.max_nodes, timeout },
            techniques: if self.techniques.is_empty() {
                Builtin::ALL.to_vec()
            } else {
                // The chain keeps its order, easiest first, whatever the order of the list.
                Builtin::ALL.iter().copied().filter(|t| self.techniques.contains(t)).collect()
            },
            shard: self.shard,
        })
    }
}

impl Plan {
    /// The logic solver's chain: the techniques allowed, easiest first.
    pub fn chain(&self) -> Vec<&dyn backtrack::sudoku::logic::Technique> {
        self.techniques.iter().map(|t| t as &dyn backtrack::sudoku::logic::Technique).collect()
    }

    /// The bounds of a search from `--max-nodes` (the engine's nodes: a logic solve's steps,
    /// those of its trials included, or Dancing Links' nodes) and `--timeout`, counted from now.
    pub fn budget_from_now(&self) -> backtrack::Budget {
        let mut budget = backtrack::Budget::new();
        if let Some(n) = self.budget.max_nodes {
            budget = budget.max_nodes(n);
        }
        if let Some(t) = self.budget.timeout {
            budget = budget.timeout(t);
        }
        budget
    }

    /// Whether each search is timed: its time is shown only in JSON and with `--stats`, and a
    /// `--timeout` runs from its start. Reading the clock twice costs 3% of solving a 17-clue
    /// puzzle, which a batch of them would pay for nothing.
    pub fn times_each(&self) -> bool {
        self.format == Some(Format::Json) || self.stats || self.budget.timeout.is_some()
    }

    /// Refuse a batch for an option that looks at one puzzle ([`Plan::one_puzzle_only`]);
    /// `puzzles` is how many the input held.
    pub fn check_batch(&self, puzzles: usize) -> Result<(), String> {
        match self.one_puzzle_only() {
            Some(option) if puzzles != 1 => {
                Err(format!("{option} looks at one puzzle; the input holds {puzzles}"))
            }
            _ => Ok(()),
        }
    }

    /// Write each drawing asked for (--tree, --html, --svg) empty, before the search: one that
    /// cannot be written is bad usage, told before the search rather than after it.
    pub fn create_drawings(&self) -> Result<(), String> {
        [&self.tree, &self.html, &self.svg].into_iter().flatten().try_for_each(|path| create(path))
    }

    /// The option given that looks at one puzzle only (a mode for a learner, or a search or
    /// puzzle drawn to a file), if any: with it, a file or standard input must hold one puzzle
    /// (a line, or a pasted grid).
    pub fn one_puzzle_only(&self) -> Option<&'static str> {
        self.mode
            .one_puzzle_option()
            .or(self.tree.as_ref().map(|_| "--tree"))
            .or(self.html.as_ref().map(|_| "--html"))
            .or(self.svg.as_ref().map(|_| "--svg"))
    }

    /// How many solutions each search looks for: two to tell whether the first is unique, unless
    /// the driver is watched (the story ends at the first).
    pub fn wanted(&self) -> u64 {
        match self.mode {
            Mode::Count { limit } | Mode::All { limit } => limit,
            _ if self.watch.is_some() => 1,
            _ => 2,
        }
    }
}

fn create(path: &std::path::Path) -> Result<(), String> {
    std::fs::File::create(path).map(drop).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The plan of `backtrack sudoku WORDS`, for the tests of the command's modules.
#[cfg(test)]
pub(super) fn decode(words: &[&str]) -> Result<Plan, String> {
    use clap::Parser;
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }
    let cli = Cli::try_parse_from(std::iter::once("sudoku").chain(words.iter().copied()))
        .map_err(|e| e.kind().to_string())?;
    cli.args.decode()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonsense_is_refused_not_ignored() {
        for words in [
            &["--explain", "--solver", "dlx"][..],
            &["--estimate", "--solver", "dlx"],
            &["--compare", "--solver", "logic"],
            &["--count", "--solver", "logic"],
            &["--trace", "--solver", "dlx"],
            &["--order", "static", "--solver", "bitboard"],
            &["--count", "--limit", "0"],
            &["--tree", "t.png"],
            &["--jobs", "0"],
            &["--count", "--all"],
            &["--explain", "--hint"],
            &["--probes", "5"],
            &["--delay", "5"],
            &["--trace", "--format", "json"],
            &["--timeout", "-1"],
            &["--timeout", "0"],
            &["--timeout", "1e400"],
            &["--tree", "x.dot", "--shard", "1/2", "-f", "file.txt"],
            &["--shard", "1/2", NEWSPAPER],
            &["--explain", "--shard", "1/2", NEWSPAPER],
            &["--count", "--limit", "5", "--shard", "1/2", NEWSPAPER],
            &["--count", "--solver", "backtrack", "--shard", "1/2", NEWSPAPER],
            &["--count", "--jobs", "2", "--shard", "1/2", NEWSPAPER],
        ] {
            assert!(decode(words).is_err(), "{words:?} was accepted");
        }
    }

    /// A drawing is written once its puzzle is read (a file's must hold one): the plan takes
    /// it, and writes nothing yet, whether the puzzle is a file's or an argument (which may
    /// turn out not to be a puzzle).
    #[test]
    fn a_drawing_waits_for_its_puzzle() {
        let path = std::env::temp_dir().join(format!("backtrack-plan-{}.dot", std::process::id()));
        let plan = decode(&["--tree", path.to_str().unwrap(), "-f", "file.txt"]).unwrap();
        assert_eq!(plan.one_puzzle_only(), Some("--tree"));
        assert!(!path.exists());
        assert_eq!(plan.check_batch(2), Err("--tree looks at one puzzle; the input holds 2".to_string()));
        assert_eq!(plan.check_batch(1), Ok(()));
        plan.create_drawings().unwrap();
        assert!(path.exists());
        std::fs::remove_file(&path).unwrap();
        let plan = decode(&["--svg", path.with_extension("svg").to_str().unwrap(), "12x"]).unwrap();
        assert_eq!(plan.one_puzzle_only(), Some("--svg"));
        assert!(!path.with_extension("svg").exists());
    }

    #[test]
    fn the_default_solver_follows_the_mode() {
        assert_eq!(decode(&[]).unwrap().solver, Solver::Bitboard);
        assert_eq!(decode(&["--trace"]).unwrap().solver, Solver::Backtrack);
        assert_eq!(decode(&["--order", "static"]).unwrap().solver, Solver::Backtrack);
        assert_eq!(decode(&["--explain"]).unwrap().solver, Solver::Logic);
        let plan = decode(&["--hint", NEWSPAPER]).unwrap();
        assert_eq!(plan.mode, Mode::Hint { level: 3 });
        assert_eq!(plan.input, Input::Puzzle(NEWSPAPER.into()));
        assert_eq!(decode(&["--hint=1"]).unwrap().mode, Mode::Hint { level: 1 });
    }
}
