//! Your problem in a page: a [`Problem`] says what a search is made of, and [`Tools`] gives it
//! a command line with every tool of the crate.
//!
//! A problem gives four things: a name, a fresh shared state, its number of slots, and the
//! candidates of a slot (the generator of [`stack_assumptions`], as a method: a closure's type
//! has no name a trait could return). How to show a solution, and a board for the pictures,
//! are optional. [`Tools`] is a `clap` argument group: flatten it into your own arguments, and
//! [`Tools::run`] answers with the first solution, `--all`, `--count`, `--stats` (Knuth's
//! profile), `--fewest`, `--jobs`, `--shard I/N` (for `backtrack merge`), `--trace`,
//! `--animate`, `--tree`, `--html` (the explorer), `--estimate`, `--max-nodes`, `--timeout` and
//! `--format json`, with a progress line on a terminal and the exit codes of `backtrack`:
//! 0 answered, 1 no solution, 2 bad usage, 3 stopped at a budget.
//!
//! ```
//! use backtrack::run::{Problem, Tools};
//! use backtrack::Attempt;
//! use clap::Parser;
//! use std::cell::Cell;
//!
//! /// Proper colourings of a cycle: neighbours differ.
//! struct Cycle { nodes: usize, colours: u8 }
//!
//! impl Problem for Cycle {
//!     type State = Vec<Cell<u8>>; // each node's colour, 0 for none yet
//!     fn name(&self) -> String {
//!         format!("{}-colourings of a {}-cycle", self.colours, self.nodes)
//!     }
//!     fn state(&self) -> Self::State {
//!         vec![Cell::new(0); self.nodes]
//!     }
//!     fn slots(&self) -> usize {
//!         self.nodes
//!     }
//!     fn candidates<'s>(&'s self, colour: &'s Self::State, node: usize)
//!         -> impl Iterator<Item = impl std::fmt::Display + 's> + 's {
//!         let n = self.nodes;
//!         let clash = move |c| colour[(node + 1) % n].get() == c || colour[(node + n - 1) % n].get() == c;
//!         (1..=self.colours).filter(move |&c| !clash(c)).map(move |c| {
//!             colour[node].set(c);
//!             Attempt::new(format!("node {node}: colour {c}"), move |_| colour[node].set(0))
//!         })
//!     }
//! }
//!
//! #[derive(Parser)]
//! struct Args {
//!     #[command(flatten)]
//!     tools: Tools,
//! }
//!
//! // `cycle --count`: the chromatic polynomial of a cycle, (k-1)^n + (-1)^n (k-1).
//! let args = Args::parse_from(["cycle", "--count"]);
//! let mut out = Vec::new();
//! let status = args.tools.answer(&Cycle { nodes: 5, colours: 3 }, &mut out)?;
//! assert_eq!(String::from_utf8(out)?, "30\n");
//! assert_eq!(status, backtrack::run::Status::Solved);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! In `main`, [`Tools::run`] writes to standard output and turns the answer into the process's
//! exit code; `examples/` has a gallery of problems written so, a page each.

mod output;

use output::Summary;

pub use output::{Format, Paced, Status, json_line, progress, progress_with};

use crate::split::{self, Part, Shard};
use crate::watch::{Counters, Layout, Recorder, Watch, Watcher};
use crate::{Assumptions, Budget, Event, Observer, SlotOrder, Stats, stack_assumptions};
use std::cell::RefCell;
use std::error::Error;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A search problem, as [`stack_assumptions`] takes it: slots, each with a generator of
/// candidates over a shared state.
///
/// The state is built anew for each search ([`Problem::state`]), so that a count split into
/// parts runs each part on its own thread with a state of its own; the problem itself is only
/// read, and shared between the threads (`Sync`).
pub trait Problem: Sync {
    /// The shared state of one search: what the assumptions change, in `Cell`s.
    type State;

    /// What is solved, in a few words (`8 queens`): the title of pages, and what a shard is a
    /// part of (shards of problems with other names do not merge).
    fn name(&self) -> String;

    /// A fresh state: nothing assumed yet.
    fn state(&self) -> Self::State;

    /// The number of slots: a solution is an assumption for each.
    fn slots(&self) -> usize;

    /// The candidates of `slot` as the state stands when the slot is reached: an iterator
    /// whose items are assumption guards, each made when the iterator yields it and taken
    /// back when it is dropped ([`Attempt`](crate::Attempt)). Their text is the trace's line.
    /// An iterator that knows its length ([`ExactSizeIterator`]) makes `--fewest` choose well.
    fn candidates<'s>(
        &'s self,
        state: &'s Self::State,
        slot: usize,
    ) -> impl Iterator<Item = impl Display + 's> + 's;

    /// A solution as text, read from the state when every slot holds an assumption. `None`
    /// (the default): the assumptions in force, in the order of the slots.
    fn show(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// Called at each solution reported (the first, or each of `--all`), before it is shown:
    /// save it, draw it. An error ends the run with status 2.
    fn solved(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// Why `slot` has no candidate, for the trace and the explorer.
    fn dead_end(&self, _state: &Self::State, slot: usize) -> String {
        format!("slot {} has no candidate", slot + 1)
    }

    /// The board the explorer draws, with [`Problem::cells`]. `None` (the default): a grid
    /// of the slots, each showing the assumption it holds.
    fn layout(&self) -> Option<Layout> {
        None
    }

    /// The text of each cell of [`Problem::layout`] as the state stands (empty: nothing).
    fn cells(&self, _state: &Self::State) -> Vec<String> {
        Vec::new()
    }

    /// The cells of [`Problem::layout`] that a dead end of `slot` is about.
    fn dead_end_cells(&self, _slot: usize) -> Vec<usize> {
        Vec::new()
    }
}

/// The generators of `problem` over `state`, one closure a slot. (A macro: the closures'
/// type has no name a function could return.)
macro_rules! generators {
    ($problem:expr, $state:expr) => {{
        let (problem, state) = ($problem, $state);
        (0..problem.slots()).map(move |slot| move || problem.candidates(state, slot)).collect::<Vec<_>>()
    }};
}

/// The first solution of `problem` as it shows it (or as the assumptions in force), without
/// a command line: `None` when there is none.
pub fn first<P: Problem>(problem: &P) -> Option<String> {
    let state = problem.state();
    let generators = generators!(problem, &state);
    let mut search = stack_assumptions(&generators);
    search.next()?;
    Some(shown(problem, &state, &search))
}

/// Count the solutions of `problem` on one thread: Knuth's profile of its tree, its dead ends
/// and its solutions ([`Stats::solutions`]).
pub fn count<P: Problem>(problem: &P) -> Stats {
    let state = problem.state();
    let generators = generators!(problem, &state);
    let mut search = stack_assumptions(&generators);
    search.by_ref().for_each(drop);
    search.stats().clone()
}

/// Every tool of the crate, as command-line options: flatten them into a `clap` parser
/// (`#[command(flatten)] tools: Tools`) and call [`Tools::run`] with the problem.
#[derive(Clone, Debug, clap::Args)]
pub struct Tools {
    /// Count the solutions.
    #[arg(long, help_heading = "What to answer")]
    pub count: bool,
    /// Print every solution (the first N with --limit N), then their number.
    #[arg(long, help_heading = "What to answer", conflicts_with = "count")]
    pub all: bool,
    /// Count, then print Knuth's profile of the tree: nodes per level, dead ends.
    #[arg(long, help_heading = "What to answer")]
    pub stats: bool,
    /// Knuth's estimate of the tree's size by random probes (with --count: and the real size).
    #[arg(long, help_heading = "What to answer")]
    pub estimate: bool,
    /// Random probes of --estimate.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = one_or_more,
          help_heading = "What to answer")]
    pub probes: u64,
    /// The seed of --estimate's probes.
    #[arg(long, value_name = "N", default_value_t = 1, help_heading = "What to answer")]
    pub seed: u64,
    /// Print no solution, only the outcome (and the exit status).
    #[arg(long, help_heading = "What to answer")]
    pub quiet: bool,
    /// Print as text or as JSON (one object a line).
    #[arg(long, value_enum, default_value_t = Format::Text, help_heading = "What to answer")]
    pub format: Format,

    /// Take next the slot with the fewest candidates (else the slots in their order).
    #[arg(long, help_heading = "How to search")]
    pub fewest: bool,
    /// Count (--count, --stats) on J threads, the search cut into subtrees.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = threads,
          help_heading = "How to search")]
    pub jobs: usize,
    /// Count shard I of N alone: a JSON line of its counters; `backtrack merge` adds the
    /// shards' lines up (run them with GNU parallel, a Slurm job array, ...).
    #[arg(long, value_name = "I/N", help_heading = "How to search")]
    pub shard: Option<Shard>,
    /// Stop after N nodes (exit status 3, with what was found).
    #[arg(long, value_name = "N", help_heading = "How to search")]
    pub max_nodes: Option<u64>,
    /// Stop after SECONDS (exit status 3, with what was found).
    #[arg(
        long,
        value_name = "SECONDS",
        value_parser = seconds,
        allow_negative_numbers = true,
        help_heading = "How to search"
    )]
    pub timeout: Option<Duration>,

    /// Print every assumption, take-back and dead end, indented by level.
    #[arg(long, help_heading = "Watching")]
    pub trace: bool,
    /// Redraw the solution so far at every event, --delay MS apart (a trace when not on a
    /// terminal).
    #[arg(long, help_heading = "Watching")]
    pub animate: bool,
    /// The pause between frames of --animate, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 150, help_heading = "Watching")]
    pub delay: u64,
    /// Write the search tree to FILE: Graphviz DOT, or an SVG picture for a name in .svg.
    #[arg(long, value_name = "FILE", help_heading = "Watching")]
    pub tree: Option<PathBuf>,
    /// Write the explorer to FILE: a page that replays the search forward and back.
    #[arg(long, value_name = "FILE", help_heading = "Watching",
          conflicts_with_all = ["trace", "animate", "tree"])]
    pub html: Option<PathBuf>,
    /// At most N trace lines or tree nodes (default 200), explorer events (default 10000), or
    /// solutions listed by --all.
    #[arg(long, value_name = "N", value_parser = one_or_more, help_heading = "Watching")]
    pub limit: Option<u64>,
}

/// A count of 1 or more, refused in words.
fn one_or_more(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a whole number of 1 or more ({e})")),
    }
}

/// A number of threads, 1 or more.
fn threads(text: &str) -> Result<usize, String> {
    one_or_more(text).map(|n| n as usize)
}

/// A time limit in seconds, a decimal above 0: the value parser of every `--timeout`, the
/// runner's and the `backtrack` command's (`#[arg(value_parser = backtrack::run::seconds)]`).
/// A limit past a billion seconds (some 32 years) is held at that.
///
/// ```
/// use backtrack::run::seconds;
/// use std::time::Duration;
///
/// assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
/// assert_eq!(seconds("1e300"), Ok(Duration::from_secs(1_000_000_000)));
/// for bad in ["0", "-1", "abc", "NaN", "inf", "1e400"] {
///     assert!(seconds(bad).is_err(), "{bad}");
/// }
/// ```
pub fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.trim().parse().map_err(|e| format!("not a number of seconds ({e})"))?;
    if seconds.is_infinite() && seconds > 0.0 {
        Err("give a finite number of seconds".into())
    } else if seconds > 0.0 {
        Ok(Duration::from_secs_f64(seconds.min(1e9)))
    } else {
        Err("give a number of seconds above 0".into())
    }
}

impl Tools {
    /// Answer on standard output what the options ask of `problem`, and give the process's
    /// exit code: 0 answered, 1 no solution, 2 an option or a file at fault (said on standard
    /// error), 3 stopped at --max-nodes or --timeout. A reader that leaves (`| head`) ends the
    /// search quietly, with 0.
    pub fn run<P: Problem>(&self, problem: &P) -> std::process::ExitCode {
        // The one place the library writes to the process's own streams: `run` is `main`'s.
        let status = match self.answer_to(problem, &mut io::stdout().lock(), &mut io::stderr()) {
            Ok(status) => status,
            Err(e)
                if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) =>
            {
                Status::Solved
            }
            Err(e) => {
                let program = std::env::args().next().unwrap_or_default();
                let name = std::path::Path::new(&program).file_name().unwrap_or_default().to_string_lossy();
                let _ = writeln!(io::stderr(), "{name}: {e}");
                Status::BadInput
            }
        };
        status.into()
    }

    /// Answer into `out` what the options ask of `problem`: the status, or what stopped it
    /// (a bad combination of options, a file that cannot be written, `out` closed).
    pub fn answer<P: Problem>(&self, problem: &P, out: &mut dyn Write) -> Result<Status, Box<dyn Error>> {
        self.answer_to(problem, out, &mut io::sink())
    }

    /// [`answer`](Self::answer), with what a person should know besides the answer (that a
    /// budget stopped the search, and after how many nodes) written to `notes`: standard
    /// error in [`run`](Self::run).
    pub fn answer_to<P: Problem>(
        &self,
        problem: &P,
        out: &mut dyn Write,
        notes: &mut dyn Write,
    ) -> Result<Status, Box<dyn Error>> {
        let budget = self.budget();
        if self.jobs != 1 || self.shard.is_some() {
            if !(self.count || self.stats) || self.all || self.watching() || self.estimate {
                return Err("--jobs and --shard count: give them with --count or --stats".into());
            }
            if self.jobs != 1 && self.shard.is_some() {
                return Err("--jobs or --shard, not both (a shard runs on one thread)".into());
            }
            return self.in_parts(problem, &budget, out, notes);
        }
        if let Some(path) = &self.html {
            return self.explore(problem, path, out);
        }
        let state = problem.state();
        let generators = generators!(problem, &state);
        if self.estimate {
            let guess = if self.fewest {
                crate::estimate_fewest_first(&generators, self.probes, self.seed)
            } else {
                crate::estimate(&generators, self.probes, self.seed)
            };
            match self.format {
                Format::Json => {
                    let value = serde_json::json!({"probes": self.probes, "nodes": guess.nodes,
                        "solutions": guess.solutions, "profile": guess.profile});
                    json_line(&mut *out, &value)?;
                }
                Format::Text | Format::Line => writeln!(
                    out,
                    "estimate ({} probes): {} nodes, {} solutions",
                    self.probes,
                    about(guess.nodes),
                    about(guess.solutions)
                )?,
            }
            if !(self.count || self.stats) {
                return Ok(Status::Solved);
            }
        }
        if self.watching() {
            return self.watch(problem, &state, &generators, out);
        }
        let progress = Progress::new();
        let search = stack_assumptions(&generators).observe((&budget, progress.clone()));
        let status = if self.fewest {
            self.report(problem, &state, search.fewest_first(), &budget, out, notes)
        } else {
            self.report(problem, &state, search, &budget, out, notes)
        };
        progress.done();
        status
    }

    fn watching(&self) -> bool {
        self.trace || self.animate || self.tree.is_some()
    }

    fn budget(&self) -> Budget {
        let mut budget = Budget::new();
        if let Some(nodes) = self.max_nodes {
            budget = budget.max_nodes(nodes);
        }
        if let Some(time) = self.timeout {
            budget = budget.timeout(time);
        }
        budget
    }

    /// The first solution, every solution, or the count, from `search`.
    fn report<P: Problem, G, I, O, S>(
        &self,
        problem: &P,
        state: &P::State,
        mut search: Assumptions<'_, G, I, O, S>,
        budget: &Budget,
        out: &mut dyn Write,
        notes: &mut dyn Write,
    ) -> Result<Status, Box<dyn Error>>
    where
        G: Fn() -> I,
        I: Iterator,
        I::Item: Display,
        O: Observer<I::Item>,
        S: SlotOrder<G, I>,
    {
        let start = Instant::now();
        let json = self.format == Format::Json;
        let listing = !(self.count || self.stats);
        let wanted = if self.all {
            self.limit.unwrap_or(u64::MAX)
        } else if listing {
            1
        } else {
            u64::MAX
        };
        let mut found = 0;
        if !listing {
            found = search.count_all(); // the whole tree, by recursion where it is shallow
        }
        while listing && found < wanted && search.next().is_some() {
            if listing {
                problem.solved(state)?;
                let text = shown(problem, state, &search).trim_end().to_string();
                if json {
                    let text = serde_json::to_string(&text)?;
                    write!(out, "{}{text}", if found == 0 { "{\"solutions\":[" } else { "," })?;
                } else if self.format == Format::Line {
                    writeln!(out, "{}", text.lines().collect::<Vec<_>>().join(" / "))?;
                } else if !text.is_empty() && !self.quiet {
                    writeln!(out, "{text}{}", if self.all { "\n" } else { "" })?;
                }
            }
            found += 1;
        }
        let stats = search.stats().clone();
        drop(search);
        let stopped = budget.exceeded();
        if json {
            // The solutions opened the answer's one object: the summary's fields close it.
            let summary = Summary::new(found, &stats, stopped, start.elapsed(), self.stats);
            let rest = serde_json::to_string(&summary)?;
            match (listing, found) {
                (false, _) => writeln!(out, "{rest}")?,
                (true, 0) => writeln!(out, "{{\"solutions\":[],{}", &rest[1..])?,
                (true, _) => writeln!(out, "],{}", &rest[1..])?,
            }
        } else if self.stats {
            counters(&stats, out)?;
        } else if self.count {
            writeln!(out, "{found}")?;
        } else if self.all {
            writeln!(out, "{}", solutions(found))?;
        } else if found == 0 && !stopped {
            writeln!(out, "{}: no solution", problem.name())?;
        } else if found > 0 && self.quiet {
            writeln!(out, "a solution after {} nodes, {} dead ends", stats.nodes(), stats.dead_ends())?;
        }
        out.flush()?;
        Ok(status(budget, found, notes))
    }

    /// Trace, animate or record the tree of the search.
    fn watch<P: Problem, G, I>(
        &self,
        problem: &P,
        state: &P::State,
        generators: &[G],
        out: &mut dyn Write,
    ) -> Result<Status, Box<dyn Error>>
    where
        G: Fn() -> I,
        I: Iterator,
        I::Item: Display,
    {
        let terminal = io::stdout().is_terminal();
        let watch = Watch {
            trace: self.trace || (self.animate && !terminal),
            animate: self.animate && terminal,
            tree: self.tree.is_some(),
            limit: self.limit.unwrap_or(200),
        };
        let slots = Slots::new(problem.slots());
        let draw = |event: &Event<'_, I::Item>, counters: &Counters| {
            let board = problem.show(state).unwrap_or_else(|| slots.text());
            format!("{board}\n{event}\n{counters}\n")
        };
        let dead_end = |slot| format!("dead end: {}", problem.dead_end(state, slot));
        let pace = if watch.animate { self.delay } else { 0 };
        let mut watcher =
            Watcher::new(Paced::new(&mut *out, Duration::from_millis(pace)), &watch, dead_end, draw);
        let observer = |e: Event<'_, I::Item>| {
            slots.see(&e);
            watcher.see(&e)
        };
        let search = stack_assumptions(generators).observe(observer);
        let (found, stopped) = if self.fewest { drain(search.fewest_first()) } else { drain(search) };
        if let (Some(tree), Some(path)) = (watcher.tree(), &self.tree) {
            let nodes = tree.len();
            tree.write_to(path)?;
            drop(watcher);
            writeln!(
                out,
                "wrote {} of the search tree to {}",
                crate::watch::counted(nodes as u64, "node"),
                path.display()
            )?;
        } else if stopped {
            drop(watcher);
            writeln!(out, "(stopped at --limit {}; {} so far)", watch.limit, solutions(found))?;
        }
        Ok(Status::Solved)
    }

    /// Write the explorer page of the search (its first --limit events) to `path`.
    fn explore<P: Problem>(
        &self,
        problem: &P,
        path: &PathBuf,
        out: &mut dyn Write,
    ) -> Result<Status, Box<dyn Error>> {
        let state = problem.state();
        let generators = generators!(problem, &state);
        let slots = Slots::new(problem.slots());
        let own = problem.layout();
        // Without a board of its own, the problem is drawn as its slots, a square of them.
        let columns = (problem.slots() as f64).sqrt().ceil().max(1.0) as usize;
        let layout = own.unwrap_or(Layout {
            rows: problem.slots().div_ceil(columns).max(1),
            cols: columns,
            box_rows: 0,
            box_cols: 0,
            checkered: false,
        });
        let cells = || {
            let mut cells = if own.is_some() { problem.cells(&state) } else { slots.texts.borrow().clone() };
            cells.resize(layout.rows * layout.cols, String::new());
            cells
        };
        let dead_end = |slot| {
            let marked = if own.is_some() { problem.dead_end_cells(slot) } else { vec![slot] };
            (marked, problem.dead_end(&state, slot))
        };
        let mut recorder = Recorder::new(self.limit.unwrap_or(10_000) as usize, cells, dead_end);
        let observer = |e: Event<'_, _>| {
            slots.see(&e);
            recorder.see(&e)
        };
        let search = stack_assumptions(&generators).observe(observer);
        if self.fewest {
            drain(search.fewest_first());
        } else {
            drain(search);
        }
        let page = recorder.page(&problem.name(), &layout);
        std::fs::write(path, page).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        writeln!(
            out,
            "wrote {} of the search to {}",
            crate::watch::counted(recorder.len() as u64, "event"),
            path.display()
        )?;
        Ok(Status::Solved)
    }

    /// Count on --jobs threads, or count --shard I/N alone.
    fn in_parts<P: Problem>(
        &self,
        problem: &P,
        budget: &Budget,
        out: &mut dyn Write,
        notes: &mut dyn Write,
    ) -> Result<Status, Box<dyn Error>> {
        let part = |part: Part<'_>, budget: Option<&Budget>| -> Stats {
            let state = problem.state();
            let generators = generators!(problem, &state);
            let search = stack_assumptions(&generators);
            match (self.fewest, budget) {
                (false, None) => part.count(search),
                (true, None) => part.count(search.fewest_first()),
                (false, Some(budget)) => part.count(search.observe(budget)),
                (true, Some(budget)) => part.count(search.observe(budget).fewest_first()),
            }
        };
        let start = Instant::now();
        let total = match self.shard {
            // A shard's parts run one after the other: one budget bounds them all.
            Some(shard) => split::count_shard(shard.parts(), shard, |p| part(p, Some(budget))),
            None if budget.is_bounded() => {
                return Err("--max-nodes and --timeout bound a search on one thread: use --shard".into());
            }
            None => split::count_parallel(self.jobs, |p| part(p, None)),
        };
        let found = total.solutions();
        if let Some(shard) = self.shard {
            // What the shard is a part of: the shards of another problem or order are not kin.
            let order = if self.fewest { " --fewest" } else { "" };
            let run = split::Run::new(format!("{}{order}", problem.name()));
            writeln!(out, "{}", split::shard_summary(&run, shard, &total, budget.exceeded()))?;
        } else if self.format == Format::Json {
            let summary = Summary::new(found, &total, false, start.elapsed(), self.stats);
            json_line(&mut *out, &summary)?;
        } else if self.stats {
            counters(&total, out)?;
        } else {
            writeln!(out, "{found}")?;
        }
        out.flush()?;
        Ok(status(budget, found, notes))
    }
}

/// An estimate as a person reads it: whole below ten million, else in scientific notation.
fn about(x: f64) -> String {
    if x < 1e7 { format!("{x:.1}").trim_end_matches(".0").to_string() } else { format!("{x:.3e}") }
}

/// Knuth's profile of a counted tree, as `--stats` prints it.
fn counters(stats: &Stats, out: &mut dyn Write) -> io::Result<()> {
    let profile: Vec<String> = stats.profile().iter().map(u64::to_string).collect();
    writeln!(
        out,
        "{} solutions, {} nodes, {} dead ends",
        stats.solutions(),
        stats.nodes(),
        stats.dead_ends()
    )?;
    writeln!(out, "nodes per level: {}", profile.join(", "))
}

/// "1 solution", "0 solutions", "2 solutions": for the sentences a person reads (the counters'
/// lines keep one form). The command line says its numbers of solutions with it too.
///
/// ```
/// assert_eq!(backtrack::run::solutions(1), "1 solution");
/// assert_eq!(backtrack::run::solutions(0), "0 solutions");
/// ```
pub fn solutions(n: u64) -> String {
    crate::watch::counted(n, "solution")
}

/// The exit status after `found` solutions: 3 if the budget stopped the search (said in
/// `notes`), 1 if there are none, 0 else.
fn status(budget: &Budget, found: u64, notes: &mut dyn Write) -> Status {
    if budget.exceeded() {
        // The node that passed a bound of nodes is counted in what was spent: the bound is said.
        let (limit, spent) = (budget.node_limit(), budget.spent());
        let bound = if spent > limit {
            format!("the budget of {limit} nodes")
        } else {
            format!("the time limit after {spent} nodes")
        };
        let _ = writeln!(notes, "stopped at {bound}: at least {}", solutions(found));
        Status::Stopped
    } else if found == 0 {
        Status::NoSolution
    } else {
        Status::Solved
    }
}

/// Run a search to its end (or its observer's stop): the solutions, and whether it stopped.
fn drain<G, I, O, S>(mut search: Assumptions<'_, G, I, O, S>) -> (u64, bool)
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
    let solutions = search.by_ref().count() as u64;
    (solutions, search.is_stopped())
}

/// A solution as the problem shows it, or the assumptions in force in the order of the slots.
fn shown<P: Problem, G, I, O, S>(
    problem: &P,
    state: &P::State,
    search: &Assumptions<'_, G, I, O, S>,
) -> String
where
    G: Fn() -> I,
    I: Iterator,
    I::Item: Display,
    S: SlotOrder<G, I>,
{
    problem.show(state).unwrap_or_else(|| {
        let mut path: Vec<(usize, String)> = search.path().map(|(slot, a)| (slot, a.to_string())).collect();
        path.sort_by_key(|&(slot, _)| slot);
        path.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join(", ")
    })
}

/// The text of each slot's assumption in force, kept from the events: the board of a problem
/// that draws none of its own.
struct Slots {
    texts: RefCell<Vec<String>>,
}

impl Slots {
    fn new(slots: usize) -> Slots {
        Slots { texts: RefCell::new(vec![String::new(); slots]) }
    }

    fn see<A: Display>(&self, event: &Event<'_, A>) {
        match event {
            Event::Assume { slot, assumption, .. } => self.texts.borrow_mut()[*slot] = assumption.to_string(),
            Event::TakeBack { slot, .. } => self.texts.borrow_mut()[*slot].clear(),
            _ => {}
        }
    }

    fn text(&self) -> String {
        self.texts.borrow().iter().filter(|t| !t.is_empty()).cloned().collect::<Vec<_>>().join(", ")
    }
}

/// The progress line of a long search on a terminal: nodes and solutions so far, redrawn
/// every 2^16 nodes. Off the terminal it is nothing but a branch an event.
#[derive(Clone)]
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    nodes: u64,
    solutions: u64,
}

impl Progress {
    fn new() -> Progress {
        Progress { bar: progress(None), nodes: 0, solutions: 0 }
    }

    fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl<A> Observer<A> for Progress {
    #[inline]
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()> {
        if let Some(bar) = &self.bar {
            match event {
                Event::Assume { .. } => {
                    self.nodes += 1;
                    if self.nodes & 0xFFFF == 0 {
                        bar.set_message(format!("{} nodes, {} solutions", self.nodes, self.solutions));
                    }
                }
                Event::Solution { .. } => self.solutions += 1,
                _ => {}
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Attempt;
    use clap::Parser;
    use std::cell::Cell;

    /// Permutations of 0..n: n! solutions, and Knuth's profile n!/(n-k)! on level k.
    struct Permutations(usize);

    impl Problem for Permutations {
        type State = Cell<u32>;
        fn name(&self) -> String {
            format!("permutations of {}", self.0)
        }
        fn state(&self) -> Cell<u32> {
            Cell::new(0)
        }
        fn slots(&self) -> usize {
            self.0
        }
        fn candidates<'s>(
            &'s self,
            used: &'s Cell<u32>,
            _: usize,
        ) -> impl Iterator<Item = impl Display + 's> + 's {
            (0..self.0 as u32).filter(move |v| used.get() & 1 << v == 0).map(move |v| {
                used.set(used.get() | 1 << v);
                Attempt::new(v, move |v| used.set(used.get() & !(1 << v)))
            })
        }
    }

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        tools: Tools,
    }

    fn answer(n: usize, args: &[&str]) -> (Status, String) {
        let args = Args::try_parse_from([&["perm"], args].concat()).unwrap();
        let mut out = Vec::new();
        let status = args.tools.answer(&Permutations(n), &mut out).unwrap();
        (status, String::from_utf8(out).unwrap())
    }

    #[test]
    fn every_mode_answers_the_permutations() {
        assert_eq!(answer(5, &["--count"]), (Status::Solved, "120\n".into()));
        assert_eq!(answer(5, &["--count", "--fewest"]).1, "120\n");
        assert_eq!(answer(6, &["--count", "--jobs", "2"]).1, "720\n");
        let (_, stats) = answer(4, &["--stats"]);
        assert_eq!(stats, "24 solutions, 65 nodes, 0 dead ends\nnodes per level: 1, 4, 12, 24, 24\n");
        assert_eq!(answer(3, &[]).1, "0, 1, 2\n");
        let (_, all) = answer(3, &["--all"]);
        assert_eq!(all.matches(", ").count(), 12);
        assert!(all.ends_with("6 solutions\n"), "{all}");
        let (_, json) = answer(3, &["--all", "--limit", "2", "--format", "json"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["solutions"], serde_json::json!(["0, 1, 2", "0, 2, 1"]));
        assert_eq!((value["count"].as_u64(), value["verdict"].as_str()), (Some(2), Some("solved")));
        let (_, trace) = answer(2, &["--trace"]);
        assert_eq!(trace.lines().next(), Some("assume 0"));
        assert_eq!(trace.lines().filter(|l| l.trim() == "solution").count(), 2);
        let (status, count) = answer(8, &["--count", "--max-nodes", "100"]);
        assert_eq!(status, Status::Stopped);
        assert!(count.trim().parse::<u64>().unwrap() < 40_320);
        let (_, shard) = answer(5, &["--count", "--shard", "2/3"]);
        assert!(shard.contains("\"shard\":\"2/3\"") && shard.contains("permutations of 5"), "{shard}");
    }

    #[test]
    fn options_that_do_not_go_together_are_refused() {
        for args in [
            &["--jobs", "2"][..],
            &["--count", "--jobs", "2", "--shard", "1/2"],
            &["--count", "--jobs", "2", "--max-nodes", "9"],
        ] {
            let parsed = Args::try_parse_from([&["perm"], args].concat()).unwrap();
            assert!(parsed.tools.answer(&Permutations(3), &mut Vec::new()).is_err(), "{args:?}");
        }
        for args in [
            &["--count", "--all"][..],
            &["--jobs", "0"],
            &["--timeout", "-1"],
            &["--timeout", "0"],
            &["--timeout", "inf"],
            &["--html", "a", "--trace"],
        ] {
            assert!(Args::try_parse_from([&["perm"], args].concat()).is_err(), "{args:?}");
        }
    }
}
