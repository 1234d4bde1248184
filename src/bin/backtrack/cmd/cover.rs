//! `backtrack cover`: any exact-cover problem in Knuth's format.
//!
//! The same shape as `backtrack sudoku`: the arguments decode into a plan, the search gives a
//! typed report, and one renderer writes it as text or JSON.

use super::{Show, Source, show};
use crate::cmd::Status;
use backtrack::Event;
use backtrack::dlx::{BitMultiSolver, BitSolver, Budget, MultiSolver, Named, Outcome as Search, Stats};
use backtrack::split::Shard;
use backtrack::watch::{Layout, Recorder};
use serde::Serialize;
use std::cell::RefCell;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Solve an exact-cover problem written in Knuth's DLX format.
///
/// The first line that is not a comment (`|` at the start) lists the items: primary first,
/// then `|` and the secondary items (covered at most once). Every further line is an option:
/// the items it covers.
///
/// An option may give a secondary item a colour (`cell:a`): options that give it the same
/// colour may share it (Knuth's Algorithm C, his DLX2). A primary item may carry bounds on
/// how many chosen options cover it (`2:3|piece` for 2 to 3 times, `3|piece` for exactly 3):
/// Algorithm M, his DLX3. The algorithm run, and the counters as his program counts them,
/// come with --stats.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack cover tests/data/queens8.dlx            the first solution, one option a line
  backtrack cover --count tests/data/pent3x20.dlx   the number of solutions
  backtrack cover --all --limit 3 -                 three solutions from standard input
  backtrack cover --count --stats tests/data/queens12.dlx   nodes and updates, as Knuth's DLX1
  backtrack cover --count --format json FILE        the count and the counters as JSON
  backtrack cover --trace tests/data/queens8.dlx    every move of the search, indented by depth
  backtrack cover --count --shard 2/16 FILE         shard 2 of 16 of the count: a JSON line
  parallel backtrack cover --count --shard {}/16 FILE ::: $(seq 16) | backtrack merge

Exit status: 0 solved, 1 no solution, 2 bad input or usage, 3 the search stopped at
--max-nodes, --max-updates or --timeout.")]
#[command(group = clap::ArgGroup::new("mode").multiple(false))]
pub struct Args {
    /// The problem file, or `-` for standard input.
    file: PathBuf,

    /// Print the number of solutions, alone on the last line.
    #[arg(long, group = "mode")]
    count: bool,

    /// Print every solution, separated by blank lines.
    #[arg(long, group = "mode")]
    all: bool,

    /// Stop after N solutions (with --count or --all).
    #[arg(long, value_name = "N", value_parser = crate::cmd::one_or_more, allow_negative_numbers = true)]
    limit: Option<u64>,

    /// Stop the search after N nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_nodes: Option<u64>,

    /// Stop the search after N updates.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_updates: Option<u64>,

    /// Stop the search after SECONDS (a decimal).
    #[arg(long, value_name = "SECONDS", value_parser = backtrack::run::seconds, allow_negative_numbers = true)]
    timeout: Option<Duration>,

    /// Print `nodes: N` and `updates: N` on standard error.
    #[arg(long)]
    stats: bool,

    /// Count on N threads [default: one a core]. A count splits the tree among them: counting
    /// every solution, the count and the counters are the same as on one thread; with --limit
    /// or a budget, the threads stop together within 2,048 nodes each of the bound.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024), allow_negative_numbers = true)]
    jobs: Option<u64>,

    /// Count shard I of N (with --count): the search is cut at the shallowest depth with 64·N
    /// subtrees (65,536 past 1,024 shards, N past 65,536; a smaller search where it has the
    /// most), the subtrees are dealt in turn to the N shards (shard 1 also counts the top,
    /// above the cut), and this one prints a JSON line of its counters and its run
    /// (`{"summary": ...}`). `backtrack merge` adds the lines of one run up: the count, nodes
    /// and updates of one search. Run the shards anywhere: GNU parallel, a Slurm job array, ...
    #[arg(long, value_name = "I/N", value_parser = |s: &str| s.parse::<Shard>())]
    shard: Option<Shard>,

    /// Write the explorer to FILE (.html): one page that replays the search (its first 10,000
    /// moves) on the items, each covered item showing the number of the option that covers it
    /// (a secondary item given a colour: the colour), beside the search tree. One thread.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,

    /// Print every move of the search, indented by depth: the item chosen and the option that
    /// covers it, the colours the option gives (Algorithm C), how many times an item with bounds
    /// is covered (Algorithm M), dead ends and solutions. One thread. The trace stops after
    /// LINES lines (1000 unless given, as --trace=5000), the search goes on.
    #[arg(long, value_name = "LINES", num_args = 0..=1, require_equals = true, default_missing_value = "1000")]
    trace: Option<u64>,

    /// Text (options by name, one a line) or JSON (one object).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// How the result is printed: `text` (and `line`) the options by name, one a line; `json` one
/// object with the solutions as lists of options, the count and the counters.
use backtrack::run::Format;

/// How the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Verdict {
    Solved,
    NoSolution,
    /// A budget stopped the search before it could answer.
    Stopped,
}

/// What the search found.
#[derive(Debug, Serialize)]
struct Report {
    verdict: Verdict,
    /// Knuth's algorithm the search runs: X, or C when an option gives an item a colour.
    algorithm: &'static str,
    count: u64,
    nodes: u64,
    updates: u64,
    /// Cleansings, as Knuth's DLX2 counts them: with colours only.
    #[serde(skip_serializing_if = "Option::is_none")]
    cleansings: Option<u64>,
    /// A budget ended the search (the text says so; in JSON, the verdict `stopped` does, as in
    /// `backtrack sudoku`'s answers).
    #[serde(skip)]
    stopped: bool,
    /// The bound that stopped it, as its option says it ("--max-nodes 100").
    #[serde(skip)]
    bound: String,
    time_ms: f64,
    /// Counting: the text is the count alone.
    #[serde(skip)]
    counting: bool,
}

impl Show for Report {
    /// The count, when counting (the solutions of a listing went out as they were found).
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.counting {
            writeln!(out, "{}", self.count)?;
        }
        Ok(())
    }
}

/// The arguments, checked: nonsense is refused before any input is read.
#[derive(Debug)]
pub struct Plan {
    args: Args,
    source: Source,
    timeout: Option<Duration>,
}

impl Args {
    /// Check the arguments together; the error is a sentence for the user.
    pub fn decode(self) -> Result<Plan, String> {
        if self.limit.is_some() && !(self.count || self.all) {
            return Err("--limit caps --count or --all".to_string());
        }
        if self.trace.is_some() && self.shard.is_some() {
            return Err("--trace tells one whole search: leave out --shard".to_string());
        }
        if self.trace.is_some() && self.format == Format::Json {
            return Err("--trace prints text: use it without --format json".to_string());
        }
        if self.shard.is_some() && (!self.count || self.limit.is_some()) {
            return Err("--shard splits a whole count: give it with --count, without --limit".to_string());
        }
        if let Some(path) = &self.html {
            if !path.extension().is_some_and(|e| e == "html" || e == "htm") {
                return Err(format!("--html {}: the explorer is a web page: name it .html", path.display()));
            }
            if self.shard.is_some() {
                return Err("--html replays one whole search: leave out --shard".to_string());
            }
            std::fs::File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if self.shard.is_some() && self.jobs.is_some_and(|j| j > 1) {
            return Err(
                "--shard runs on one thread: run the shards side by side instead of --jobs".to_string()
            );
        }
        let timeout = self.timeout;
        let source = Source::of(&self.file);
        Ok(Plan { args: self, source, timeout })
    }
}

pub fn run(args: Args) -> io::Result<Status> {
    let plan = match args.decode() {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(Status::BadInput);
        }
    };
    let (text, mut problem) = match plan.read() {
        Ok(read) => read,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(Status::BadInput);
        }
    };
    let budget = plan.budget(Instant::now());
    let progress = super::progress(None);
    if let Some(bar) = &progress {
        bar.set_message(if plan.args.count { "counting" } else { "searching" });
    }
    if let Some(shard) = plan.args.shard {
        let (stats, outcome) = problem.matrix().count_shard(shard.parts(), shard, &budget);
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
        let run = backtrack::split::Run::new("cover --count").input(text.as_bytes());
        let colors = problem.matrix_ref().has_colors();
        let stopped = (outcome == Search::OutOfBudget).then(|| plan.bound_met(&stats));
        return super::shard_line(&run, shard, &stats, colors, stopped);
    }
    let explorer =
        plan.args.html.as_ref().map(|path| Explorer::new(&problem, path, &plan.source, budget.is_bounded()));
    let trace = plan.args.trace.map(|lines| RefCell::new(Trace::new(&problem, lines)));
    let watching = Watching { explorer: explorer.as_ref(), trace: trace.as_ref() };
    let mut render = Renderer {
        out: io::BufWriter::new(io::stdout().lock()),
        format: plan.args.format,
        listed: 0,
        // The trace writes between the solutions: each goes out whole before the next move.
        flush_each: trace.is_some(),
    };
    let multiplicities = problem.matrix_ref().has_multiplicities();
    let report = if plan.args.count && plan.args.jobs != Some(1) && !watching.any() {
        Ok(plan.count_in_parallel(&mut problem, &budget))
    } else if problem.matrix_ref().takes_bits() && !watching.any() {
        // On bit sets where they fit and nobody watches the links dance: the same tree and
        // counters, in a fraction of the time (BENCHMARKS.md §4).
        plan.search_bits(&problem, &budget, &mut render)
    } else if multiplicities {
        plan.search_multi(&mut problem, &budget, &watching, &mut render)
    } else {
        plan.search(&mut problem, &budget, &watching, &mut render)
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let report = report?;
    if let Some(trace) = trace {
        trace.into_inner().finish()?;
    }
    if let Some(explorer) = explorer {
        explorer.write();
    }
    render.report(&report, plan.args.stats)?;
    Ok(match report.verdict {
        Verdict::Solved => Status::Solved,
        Verdict::NoSolution => Status::NoSolution,
        Verdict::Stopped => Status::Stopped,
    })
}

impl Plan {
    /// The input and its problem; the error names the source.
    fn read(&self) -> Result<(String, Named), String> {
        let text = self.source.read_to_string()?;
        let problem = Named::from_knuth_format(&text).map_err(|e| format!("{}: {e}", self.source))?;
        // An option with secondary items only can never be chosen (no item asks for it): left
        // out, as Knuth's programs leave it out, and said rather than dropped without a word.
        for (place, option) in problem.ignored() {
            eprintln!(
                "warning: {}: option {place} ({option}) names no primary item: left out, as Knuth's programs leave it",
                self.source
            );
        }
        Ok((text, problem))
    }

    /// How many solutions the search goes for: one, or --limit N of a count or a listing.
    fn wanted(&self) -> u64 {
        match (self.args.count || self.args.all, self.args.limit) {
            (true, Some(limit)) => limit,
            (true, None) => u64::MAX,
            (false, _) => 1,
        }
    }

    /// The report of a search on one thread: `kind` is the algorithm and whether it has
    /// colours (cleansings are reported then).
    fn report(
        &self,
        kind: (&'static str, bool),
        count: u64,
        stats: Stats,
        stopped: bool,
        start: Instant,
    ) -> Report {
        let all = self.args.count || self.args.all;
        Report {
            verdict: match (count, stopped) {
                (0, true) => Verdict::Stopped,
                (0, false) => Verdict::NoSolution,
                (_, true) if all => Verdict::Stopped,
                _ => Verdict::Solved,
            },
            algorithm: kind.0,
            count,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: kind.1.then_some(stats.cleansings),
            stopped,
            bound: if stopped { self.bound_met(&stats) } else { String::new() },
            time_ms: milliseconds(start),
            counting: self.args.count,
        }
    }

    /// The bound that stopped a search with counters `stats`, as its option says it: a
    /// counter at its bound, else the deadline (the only bound left), else (counters that
    /// read short of the bound they met) every bound given.
    fn bound_met(&self, stats: &Stats) -> String {
        let nodes = self.args.max_nodes.map(|max| (max, stats.nodes, "--max-nodes"));
        let updates = self.args.max_updates.map(|max| (max, stats.updates, "--max-updates"));
        let given: Vec<_> = nodes.into_iter().chain(updates).collect();
        let named = |&(max, _, option): &(u64, u64, &str)| format!("{option} {max}");
        let met: Vec<String> = given.iter().filter(|(max, spent, _)| spent >= max).map(named).collect();
        match self.timeout {
            _ if !met.is_empty() => met.join(" and "),
            Some(time) => format!("--timeout {}", time.as_secs_f64()),
            None => given.iter().map(named).collect::<Vec<_>>().join(" or "),
        }
    }

    /// The budget of a search that starts at `start`.
    fn budget(&self, start: Instant) -> Budget {
        let mut budget = Budget::new();
        if let Some(max) = self.args.max_nodes {
            budget = budget.max_nodes(max);
        }
        if let Some(max) = self.args.max_updates {
            budget = budget.max_updates(max);
        }
        if let Some(time) = self.timeout {
            budget = budget.deadline(start + time);
        }
        budget
    }

    /// Count on every core (or --jobs J), up to --limit and within the budget.
    fn count_in_parallel(&self, problem: &mut Named, budget: &Budget) -> Report {
        let start = Instant::now();
        let threads = self.args.jobs.unwrap_or(0) as usize;
        let (stats, outcome) = problem.matrix().count_in_parallel_within(threads, budget, self.wanted());
        let kind = (algorithm(problem), problem.matrix_ref().has_colors());
        self.report(kind, stats.solutions, stats, outcome == Search::OutOfBudget, start)
    }

    /// Search on one thread on the dancing links (Algorithm X or C, watched or too large for bit
    /// sets): count, or list the solutions to `render` as they are found (none
    /// kept: flat memory, the first at once, and the search ends with a reader that is gone).
    fn search(
        &self,
        problem: &mut Named,
        budget: &Budget,
        watching: &Watching,
        render: &mut Renderer<impl Write>,
    ) -> io::Result<Report> {
        let start = Instant::now();
        let args = &self.args;
        let wanted = self.wanted();
        let problem_kind = (algorithm(problem), problem.matrix_ref().has_colors());
        let mut solver = problem.solver();
        solver.set_budget(budget);
        if watching.any()
            && let Some(links) = solver.solver()
        {
            links.set_watch(|event: Event<'_, usize>| watching.see(event));
        }
        let mut count = 0u64;
        while count < wanted {
            let Some(options) = solver.next_solution() else { break };
            if !args.count {
                render.solution(options)?;
            }
            count += 1;
        }
        let stopped = solver.outcome() == Search::OutOfBudget;
        Ok(self.report(problem_kind, count, solver.stats(), stopped, start))
    }
}

/// A search on bit sets, read lazily ([`BitSolver`], [`BitMultiSolver`]): their own methods.
trait BitSearch {
    fn next_solution(&mut self) -> Option<&[usize]>;
    fn count_solutions(&mut self) -> u64;
    fn outcome(&self) -> Search;
    fn stats(&self) -> Stats;
}

macro_rules! bit_search {
    ($solver:ty) => {
        impl BitSearch for $solver {
            fn next_solution(&mut self) -> Option<&[usize]> {
                <$solver>::next_solution(self)
            }
            fn count_solutions(&mut self) -> u64 {
                <$solver>::count_solutions(self)
            }
            fn outcome(&self) -> Search {
                <$solver>::outcome(self)
            }
            fn stats(&self) -> Stats {
                <$solver>::stats(self)
            }
        }
    };
}
bit_search!(BitSolver);
bit_search!(BitMultiSolver);

impl Plan {
    /// Search on bit sets on one thread, Algorithm M where an item has bounds, else X or C.
    fn search_bits(
        &self,
        problem: &Named,
        budget: &Budget,
        render: &mut Renderer<impl Write>,
    ) -> io::Result<Report> {
        let (start, matrix) = (Instant::now(), problem.matrix_ref());
        if matrix.has_multiplicities() {
            self.drain(BitMultiSolver::new(matrix).budget(budget), problem, render, start)
        } else {
            let solver = BitSolver::new(matrix).expect("a matrix without multiplicities");
            self.drain(solver.budget(budget), problem, render, start)
        }
    }

    /// Run a search on bit sets on one thread: count, or list the solutions to `render` as
    /// they come.
    fn drain(
        &self,
        mut solver: impl BitSearch,
        problem: &Named,
        render: &mut Renderer<impl Write>,
        start: Instant,
    ) -> io::Result<Report> {
        let problem_kind = (algorithm(problem), problem.matrix_ref().has_colors());
        let names = problem.names();
        let (wanted, mut count) = (self.wanted(), 0u64);
        if self.args.count && wanted == u64::MAX {
            // Every solution counted, none read: no list of options built for each.
            count = solver.count_solutions();
        }
        while count < wanted {
            let Some(options) = solver.next_solution() else { break };
            if !self.args.count {
                render.solution(options.iter().map(|&o| names.option(o)))?;
            }
            count += 1;
        }
        let stopped = solver.outcome() == Search::OutOfBudget;
        Ok(self.report(problem_kind, count, solver.stats(), stopped, start))
    }
}

/// Knuth's algorithm for the problem: M (his DLX3) when an item is covered other than once,
/// C (his DLX2) when an option gives an item a colour, else X (DLX1).
fn algorithm(problem: &Named) -> &'static str {
    let m = problem.matrix_ref();
    if m.has_multiplicities() {
        "M"
    } else if m.has_colors() {
        "C"
    } else {
        "X"
    }
}

impl Plan {
    /// Algorithm M on one thread: count, or list the solutions to `render` as they come.
    fn search_multi(
        &self,
        problem: &mut Named,
        budget: &Budget,
        watching: &Watching,
        render: &mut Renderer<impl Write>,
    ) -> io::Result<Report> {
        let start = Instant::now();
        let args = &self.args;
        let wanted = self.wanted();
        let problem_kind = (algorithm(problem), problem.matrix_ref().has_colors());
        let names = problem.names().clone();
        let mut count = 0u64;
        let mut written = Ok(());
        let mut solver = MultiSolver::new(problem.matrix()).budget(budget);
        if watching.any() {
            solver = solver.watch(|event: Event<'_, usize>| watching.see(event));
        }
        let whole = args.count && args.limit.is_none();
        let stats = if whole {
            let stats = solver.count();
            count = stats.solutions;
            stats
        } else {
            solver.search(|options| {
                if !args.count {
                    written = render.solution(options.iter().map(|&o| names.option(o)));
                }
                count += 1;
                written.is_ok() && count < wanted
            })
        };
        written?;
        let stopped = solver.outcome() == Search::OutOfBudget;
        Ok(self.report(problem_kind, count, stats, stopped, start))
    }
}

fn milliseconds(start: Instant) -> f64 {
    (start.elapsed().as_secs_f64() * 1e6).round() / 1e3
}

/// The ways a search on one thread is watched: the explorer, the trace, both or neither.
struct Watching<'w, 'p> {
    explorer: Option<&'w Explorer<'p>>,
    trace: Option<&'w RefCell<Trace>>,
}

impl Watching<'_, '_> {
    fn any(&self) -> bool {
        self.explorer.is_some() || self.trace.is_some()
    }

    /// One move of the search, to each watcher. Neither stops it: the explorer records its
    /// first moves, the trace writes its first lines, and the search goes on.
    fn see(&self, event: Event<'_, usize>) {
        if let Some(trace) = self.trace {
            trace.borrow_mut().see(&event);
        }
        if let Some(explorer) = self.explorer {
            explorer.see(event);
        }
    }
}

/// `--trace`: a line for each move, indented by depth, in the words of the problem. A choice
/// names the item chosen and the option that covers it, and says what the option does beyond
/// covering it: the colour it gives each secondary item (Algorithm C: "takes red" the first
/// time, "red already" when a chosen option gave it that colour before), and how many times
/// each item with bounds is now covered (Algorithm M: "A 2 of 2..3"). M's null move says that
/// its item takes no more covers.
///
/// ```text
/// assume A x:red (for A; x takes red)
///   assume B x:red (for B; x red already)
///     solution
/// ```
struct Trace {
    names: backtrack::dlx::Names,
    /// Each option's items with their colours (0 for none).
    option_items: Vec<Vec<(usize, u32)>>,
    /// Each item's bounds: (1, 1) for an item covered once.
    bounds: Vec<(u32, u32)>,
    /// How many chosen options cover each item now.
    covered: Vec<u32>,
    /// Each secondary item's colour now (0 for none) and how many chosen options give it.
    colors: Vec<(u32, u32)>,
    lines: u64,
    limit: u64,
    out: io::Stdout,
}

impl Trace {
    fn new(problem: &Named, limit: u64) -> Trace {
        let matrix = problem.matrix_ref();
        let items = matrix.items();
        Trace {
            names: problem.names().clone(),
            option_items: (0..matrix.options()).map(|o| matrix.option_colored_items(o).collect()).collect(),
            bounds: (0..items)
                .map(|i| if i < matrix.primary_items() { matrix.bounds(i) } else { (1, 1) })
                .collect(),
            covered: vec![0; items],
            colors: vec![(0, 0); items],
            lines: 0,
            limit,
            out: io::stdout(),
        }
    }

    /// What a choice of `option` for `item` does, in words: its item, the colours it gives,
    /// the covers of items with bounds (the state after the choice).
    fn what_it_does(&self, option: usize, item: usize) -> String {
        let mut said = vec![format!("for {}", self.names.item(item))];
        for &(i, color) in &self.option_items[option] {
            let name = self.names.item(i);
            if color != 0 {
                // The first option to give it the colour gives it; the others find it there.
                let color = self.names.color(color);
                said.push(match self.colors[i].1 {
                    1 => format!("{name} takes {color}"),
                    _ => format!("{name} {color} already"),
                });
            } else if self.bounds[i] != (1, 1) {
                said.push(format!("{name} {} of {}", self.covered[i], bounds(self.bounds[i])));
            }
        }
        said.join("; ")
    }

    /// Choose or take back `option`: the items it covers and the colours it gives.
    fn cover(&mut self, option: usize, on: bool) {
        for &(item, color) in &self.option_items[option] {
            if on {
                self.covered[item] += 1;
                if color != 0 {
                    self.colors[item] = (color, self.colors[item].1 + 1);
                }
            } else {
                self.covered[item] -= 1;
                if color != 0 {
                    self.colors[item].1 -= 1;
                }
            }
        }
    }

    fn see(&mut self, event: &Event<'_, usize>) {
        let line = match *event {
            Event::Assume { level, slot, assumption: &option } if option == MultiSolver::NULL_MOVE => (
                level - 1,
                format!(
                    "assume no more covers for {} ({} of {})",
                    self.names.item(slot),
                    self.covered[slot],
                    bounds(self.bounds[slot])
                ),
            ),
            Event::Assume { level, slot, assumption: &option } => {
                self.cover(option, true);
                (
                    level - 1,
                    format!("assume {} ({})", self.names.option(option), self.what_it_does(option, slot)),
                )
            }
            Event::TakeBack { level, slot, assumption: &option } if option == MultiSolver::NULL_MOVE => {
                (level - 1, format!("take back no more covers for {}", self.names.item(slot)))
            }
            Event::TakeBack { level, assumption: &option, .. } => {
                self.cover(option, false);
                (level - 1, format!("take back {}", self.names.option(option)))
            }
            Event::DeadEnd { level, slot } if self.bounds[slot] == (1, 1) => {
                (level, format!("dead end: item {} has no option left", self.names.item(slot)))
            }
            Event::DeadEnd { level, slot } => (
                level,
                format!(
                    "dead end: item {} has too few options left ({} of {})",
                    self.names.item(slot),
                    self.covered[slot],
                    bounds(self.bounds[slot])
                ),
            ),
            Event::Solution { level } => (level, "solution".to_string()),
        };
        self.lines += 1;
        if self.lines <= self.limit {
            let (depth, text) = line;
            // A reader gone (`| head`) ends the trace, not the search's answer.
            let _ = writeln!(self.out, "{:w$}{text}", "", w = 2 * depth);
        }
    }

    /// Say where the trace stopped, if it did before the search.
    fn finish(self) -> io::Result<()> {
        if self.lines > self.limit {
            writeln!(
                self.out.lock(),
                "(the trace stopped at --trace={}; the search went on for {} more events)",
                self.limit,
                self.lines - self.limit
            )?;
        }
        Ok(())
    }
}

/// An item's bounds in Knuth's words: `3` for exactly 3, `2..3`.
fn bounds((lo, hi): (u32, u32)) -> String {
    if lo == hi { lo.to_string() } else { format!("{lo}..{hi}") }
}

/// The explorer's recording: every item a cell, each showing the option that covers it (a
/// secondary item given a colour: the colour, which several options may share).
struct Explorer<'p> {
    names: std::rc::Rc<backtrack::dlx::Names>,
    items: usize,
    /// Each option's items, with the text each shows while the option is chosen.
    option_items: Vec<Vec<(usize, String)>>,
    /// What each item shows: the texts of the chosen options that cover it, the last on top
    /// (a coloured item stays coloured while any of them is chosen).
    covered: std::rc::Rc<RefCell<Vec<Vec<String>>>>,
    recorder: RefCell<Recorder<'p>>,
    /// Where the page goes, and its title.
    path: PathBuf,
    title: String,
    /// Whether the page is written: as soon as the recording is full, for the search may go
    /// on for long after.
    written: std::cell::Cell<bool>,
    /// Whether the search has a bound (else it is said, when the page is written early, that
    /// the search goes on to its end).
    bounded: bool,
}

impl Explorer<'_> {
    fn new(problem: &Named, path: &std::path::Path, source: &Source, bounded: bool) -> Self {
        let (names, matrix) = (std::rc::Rc::new(problem.names().clone()), problem.matrix_ref());
        let items = matrix.items();
        let option_items = (0..matrix.options())
            .map(|o| {
                let number = (o + 1).to_string();
                let shown = |(item, color): (usize, u32)| match color {
                    0 => (item, number.clone()),
                    c => (item, names.color(c).to_string()),
                };
                matrix.option_colored_items(o).map(shown).collect()
            })
            .collect();
        let covered = std::rc::Rc::new(RefCell::new(vec![Vec::new(); items]));
        let board = {
            let covered = covered.clone();
            // An item covered several times (Algorithm M) shows the last option and how many.
            let shown = |texts: &Vec<String>| match &texts[..] {
                [] => String::new(),
                [one] => one.clone(),
                [.., last] => format!("{last}×{}", texts.len()),
            };
            move || covered.borrow().iter().map(shown).collect()
        };
        let why = {
            let names = names.clone();
            move |item: usize| (vec![item], format!("item {} has no option left", names.item(item)))
        };
        let mut recorder = Recorder::new(10_000, board, why);
        recorder.label_cells((0..items).map(|i| names.item(i).to_string()).collect());
        let title =
            format!("backtrack cover {source}: Dancing Links, the items and the options that cover them");
        Explorer {
            names,
            items,
            option_items,
            covered,
            recorder: RefCell::new(recorder),
            path: path.to_path_buf(),
            title,
            written: std::cell::Cell::new(false),
            bounded,
        }
    }

    /// See one move of the search: an option chosen shows its number (or its colours) on its
    /// items.
    fn see(&self, event: Event<'_, usize>) {
        let mut recorder = self.recorder.borrow_mut();
        if recorder.is_full() {
            if !self.written.get() {
                drop(recorder);
                self.write();
                if !self.bounded {
                    eprintln!(
                        "the search goes on to its end (--timeout, --max-nodes or --max-updates bound it)"
                    );
                }
            }
            return;
        }
        let cover = |option: usize, on: bool| {
            let mut covered = self.covered.borrow_mut();
            for (item, text) in &self.option_items[option] {
                if on {
                    covered[*item].push(text.clone());
                } else {
                    covered[*item].pop();
                }
            }
        };
        // The recorder shows each option by its items' names; Algorithm M's null move, which
        // chooses no option, by what it does.
        let name = |option: usize, slot: usize| match option {
            MultiSolver::NULL_MOVE => format!("no option: {} takes no more covers", self.names.item(slot)),
            option => self.names.option(option).to_string(),
        };
        let _ = match event {
            Event::Assume { level, slot, assumption: &option } => {
                if option != MultiSolver::NULL_MOVE {
                    cover(option, true);
                }
                recorder.see(&Event::Assume { level, slot, assumption: &name(option, slot) })
            }
            Event::TakeBack { level, slot, assumption: &option } => {
                let seen = recorder.see(&Event::TakeBack { level, slot, assumption: &name(option, slot) });
                if option != MultiSolver::NULL_MOVE {
                    cover(option, false);
                }
                seen
            }
            Event::DeadEnd { .. } | Event::Solution { .. } => recorder.see(&event),
        };
    }

    /// Write the page (said on standard error), once.
    fn write(&self) {
        if self.written.replace(true) {
            return;
        }
        let recorder = self.recorder.borrow();
        let columns = (self.items as f64).sqrt().ceil().max(1.0) as usize;
        let rows = self.items.div_ceil(columns);
        let layout = Layout { rows, cols: columns, box_rows: 0, box_cols: 0, checkered: false };
        let path = &self.path;
        match std::fs::write(path, recorder.page(&self.title, &layout)) {
            Ok(()) => eprintln!(
                "wrote {} of the search to {}",
                backtrack::watch::counted(recorder.len() as u64, "move"),
                path.display()
            ),
            Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
        }
    }
}

/// Writes the answer: the solutions as they come, then the report, as text or JSON. In JSON
/// the solutions open the answer's one object, and the report's other fields close it.
struct Renderer<W> {
    out: W,
    format: Format,
    listed: u64,
    /// Flush after each solution (a trace writes between them).
    flush_each: bool,
}

impl<W: Write> Renderer<W> {
    fn solution<'o>(&mut self, options: impl Iterator<Item = &'o str>) -> io::Result<()> {
        let first = self.listed == 0;
        self.listed += 1;
        if self.format == Format::Json {
            let options: Vec<&str> = options.collect();
            let list = serde_json::to_string(&options).map_err(io::Error::other)?;
            return write!(self.out, "{}{list}", if first { "{\"solutions\":[" } else { "," });
        }
        if !first {
            writeln!(self.out)?;
        }
        for option in options {
            writeln!(self.out, "{option}")?;
        }
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    fn report(&mut self, report: &Report, stats: bool) -> io::Result<()> {
        if self.format == Format::Json {
            let rest = serde_json::to_string(report).map_err(io::Error::other)?;
            let listing = !report.counting;
            match (listing, self.listed) {
                (false, _) => writeln!(self.out, "{rest}")?,
                (true, 0) => writeln!(self.out, "{{\"solutions\":[],{}", &rest[1..])?,
                (true, _) => writeln!(self.out, "],{}", &rest[1..])?,
            }
            return self.out.flush();
        }
        show(&mut self.out, false, report)?;
        if stats {
            eprintln!("algorithm: {}", report.algorithm);
            eprintln!("nodes: {}", report.nodes);
            eprintln!("updates: {}", report.updates);
            if let Some(cleansings) = report.cleansings {
                eprintln!("cleansings: {cleansings}");
            }
        }
        if report.stopped {
            eprintln!("stopped at {}: there may be more solutions", report.bound);
        } else if report.count == 0 && !report.counting {
            eprintln!("no solution");
        }
        Ok(())
    }
}
