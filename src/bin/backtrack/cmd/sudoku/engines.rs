//! The four solvers behind `backtrack sudoku`, each giving a typed [`Report`].

use super::plan::{Format, Mode, Order, Plan, Solver};
use super::report::{Counters, Grading, Report, Verdict};
use super::shape::{ReadError, supports};
use backtrack::sudoku::bitboard::{Forced, Propagation};
use backtrack::sudoku::geometry::CLASSIC_CELLS;
use backtrack::sudoku::logic::{self, Grade};
use backtrack::sudoku::{Board, Cell, ExactCover, Placement, bitboard, search};
use backtrack::watch::{Counters as WatchCounters, Layout, Recorder, Tree, Watcher};
use backtrack::{Assumptions, Budget, Event, Observer, SlotOrder, stack_assumptions};
use std::cell::{Cell as Flag, RefCell};
use std::io::Write;
use std::time::{Duration, Instant};

/// Which solver, with what it keeps between the puzzles of a batch.
pub enum Engine {
    /// The band engine, with a search kept from line to line of a batch (restarted on each).
    Bitboard(Box<bitboard::Solutions>),
    Backtrack,
    Dlx(ExactCover),
    Logic,
}

/// Where the solutions of a listing (`--all`) go the moment they are found, instead of into
/// the report: the output, so that memory stays flat however many there are, the first one
/// shows at once, and the search ends when the reader does (`false`: stop).
pub type Sink<'s> = &'s RefCell<dyn FnMut(&Board) -> bool + 's>;

/// Solutions as a search finds them: counted up to `wanted`, the first `keep` kept as boards,
/// or each handed to the sink.
struct Gather<'s> {
    wanted: u64,
    keep: usize,
    sink: Option<Sink<'s>>,
    solutions: Vec<Board>,
    count: u64,
}

impl<'s> Gather<'s> {
    fn new(limits: Limits<'s>) -> Gather<'s> {
        let Limits { wanted, keep, sink, .. } = limits;
        Gather { wanted, keep, sink, solutions: Vec::new(), count: 0 }
    }

    /// Whether to look for another solution.
    fn wants_more(&self) -> bool {
        self.count < self.wanted
    }

    /// Count a solution; make its board only if it is kept or streamed.
    fn add(&mut self, board: impl FnOnce() -> Board) {
        self.count += 1;
        if let Some(sink) = self.sink {
            if !(sink.borrow_mut())(&board()) {
                self.wanted = self.count; // the reader is gone
            }
        } else if self.solutions.len() < self.keep {
            self.solutions.push(board());
        }
    }
}

/// What a search gives before it becomes a report.
struct Found {
    solutions: Vec<Board>,
    count: u64,
    stopped: bool,
    counters: Counters,
}

impl Engine {
    pub fn new(solver: Solver) -> Engine {
        match solver {
            Solver::Bitboard => Engine::Bitboard(Box::new(bitboard::Solutions::new(&Board::empty()))),
            Solver::Backtrack => Engine::Backtrack,
            Solver::Dlx => Engine::Dlx(ExactCover::new()),
            Solver::Logic => Engine::Logic,
        }
    }

    /// Solve (count, list) `board`, a puzzle alone, as the plan says, on the plan's threads.
    pub fn search(&mut self, plan: &Plan, board: &Board) -> Report {
        self.search_into(plan, board, None, None, plan.jobs)
    }

    /// The same, each solution found handed to `sink` (if any) rather than kept in the report;
    /// `line` is the puzzle's line in a batch, and `threads` the threads its search may take.
    pub fn search_into(
        &mut self,
        plan: &Plan,
        board: &Board,
        line: Option<u64>,
        sink: Option<Sink<'_>>,
        threads: usize,
    ) -> Report {
        let (start, limits) = limits(plan);
        let limits = Limits { sink, threads, ..limits };
        if let Err(reason) = supports(plan, board.geometry()) {
            return Report::invalid(line, reason);
        }
        let found = match self {
            Engine::Logic => return search_logic(plan, board, line, start),
            // Any other grid than the classic one: the general engine.
            Engine::Bitboard(_) if !board.geometry().is_classic() => search_general(board, limits),
            Engine::Bitboard(_) => search_bitboard(&mut bitboard::Solutions::new(board), limits),
            Engine::Dlx(cover) => search_dlx(cover, board, limits),
            Engine::Backtrack => search_driver(plan, board, limits),
        };
        report(plan, found, Some(Box::new(board.clone())), line, start)
    }

    /// Solve the puzzle of a batch's line, read on the plan's grid ([`Shape::read`]). A
    /// classic line of 81 cells goes straight into the band engine, with no board between (a
    /// twentieth of a puzzle's time on the easy sets), into the search it keeps, unless the
    /// answer shows the puzzle (only JSON does); other lines and engines search the line's board.
    ///
    /// Each solution found goes to `sink`, if there is one, rather than into the report; the
    /// search may take `threads` threads.
    pub fn search_text(
        &mut self,
        plan: &Plan,
        text: &str,
        line: Option<u64>,
        sink: Option<Sink<'_>>,
        threads: usize,
    ) -> Result<Report, ReadError> {
        if let Engine::Bitboard(search) = self
            && plan.format != Some(Format::Json)
            && plan.shape.is_plain()
            && text.len() == CLASSIC_CELLS
        {
            search.restart(text).map_err(ReadError::Parse)?;
            let (start, limits) = limits(plan);
            let limits = Limits { sink, ..limits };
            return Ok(report(plan, search_bitboard(search, limits), None, line, start));
        }
        Ok(self.search_into(plan, &plan.shape.read(text)?, line, sink, threads))
    }
}

/// The general engine's search, on any grid.
fn search_general(board: &Board, limits: Limits<'_>) -> Found {
    let mut search = search::Solutions::new(board).budget(&limits.budget()).threads(limits.threads);
    // A count keeps nothing: its search may be split over the threads as it goes.
    if limits.keep == 0 && limits.sink.is_none() {
        let count = search.count_within(limits.wanted);
        let found = Gather { count: count.solutions, ..Gather::new(limits) };
        return guessed(found, count.stats, count.outcome);
    }
    let mut found = Gather::new(limits);
    while found.wants_more() {
        if search.next().is_none() {
            break;
        }
        found.add(|| search.board());
    }
    guessed(found, search.stats(), search.outcome())
}

/// What an engine that guesses (the band engine, the general one) found, with its counters.
fn guessed(found: Gather, stats: bitboard::Stats, outcome: bitboard::Outcome) -> Found {
    Found {
        solutions: found.solutions,
        count: found.count,
        stopped: outcome == bitboard::Outcome::OutOfBudget,
        counters: Counters {
            guesses: Some(stats.guesses),
            dead_ends: Some(stats.dead_ends),
            ..Counters::default()
        },
    }
}

/// When a search started (if it is timed), and how far it may go.
fn limits(plan: &Plan) -> (Option<Instant>, Limits<'static>) {
    let start = plan.times_each().then(Instant::now);
    let deadline = plan.budget.timeout.zip(start).map(|(t, start)| start + t);
    let max_nodes = plan.budget.max_nodes.unwrap_or(u64::MAX);
    // Keep every solution when listing them, the first when solving, none when counting.
    let keep = match plan.mode {
        Mode::All { .. } => usize::MAX,
        Mode::Count { .. } => 0,
        _ => 1,
    };
    (start, Limits { wanted: plan.wanted(), threads: 1, keep, max_nodes, deadline, sink: None })
}

/// A search's report: its verdict, and whether the solution is unique when that was asked.
fn report(
    plan: &Plan,
    found: Found,
    puzzle: Option<Box<Board>>,
    line: Option<u64>,
    start: Option<Instant>,
) -> Report {
    let wanted = plan.wanted();
    let verdict = match (found.count, found.stopped) {
        (_, true) if !matches!(plan.mode, Mode::Solve) || found.count == 0 => Verdict::Stopped,
        (0, _) => Verdict::NoSolution,
        _ => Verdict::Solved,
    };
    let unique = (matches!(plan.mode, Mode::Solve) && wanted == 2 && !found.stopped && found.count > 0)
        .then_some(found.count == 1);
    let reason = match verdict {
        Verdict::Stopped => Some(stop_reason(plan, start)),
        _ => None,
    };
    Report {
        line,
        puzzle,
        verdict,
        solutions: found.solutions,
        count: found.count,
        unique,
        unproved: false,
        grade: None,
        reason,
        counters: found.counters,
        reached: None,
        time: took(start),
    }
}

/// The time since `start`, if the search was timed.
fn took(start: Option<Instant>) -> Duration {
    start.map_or(Duration::ZERO, |s| s.elapsed())
}

/// Why a search that started at `start` stopped early, in words: the bound it met. With both
/// bounds, it is told by the clock: a search stopped before its deadline met the nodes' bound
/// (each engine counts its nodes its own way, and a puzzle split over threads shares them,
/// so their count alone could not tell).
fn stop_reason(plan: &Plan, start: Option<Instant>) -> String {
    let timed_out = |t| start.is_some_and(|s| s.elapsed() >= t);
    match (plan.budget.max_nodes, plan.budget.timeout) {
        (Some(n), Some(t)) if !timed_out(t) => format!("stopped at --max-nodes {n}"),
        (_, Some(t)) => format!("stopped at --timeout {}", t.as_secs_f64()),
        (Some(n), None) => format!("stopped at --max-nodes {n}"),
        (None, None) => "stopped".to_string(),
    }
}

/// What an answer of the logic solver says when [`logic_unique`] ran out of time.
pub(super) const UNPROVED: &str = "not proved to be the only solution: the time limit came first";

/// Whether a puzzle the logic solver solved has one solution: its grid knows it (the engine
/// proved it before the solve, within 2,000 guesses, or looked for a second solution beside
/// the one a bifurcation followed), else it is counted within the deadline of `budget`, the
/// solve's own; `None` when the deadline comes first (a large grid's proof can take seconds).
pub(super) fn logic_unique(
    report: &logic::SolveReport,
    board: &Board,
    budget: &backtrack::Budget,
) -> Option<bool> {
    if let Some(known) = report.grid.uniqueness() {
        return Some(known);
    }
    let mut within = backtrack::Budget::new();
    if let Some(deadline) = budget.deadline_at() {
        within = within.deadline(deadline);
    }
    board.count_solutions_within(2, &within).map(|n| n == 1)
}

fn search_logic(plan: &Plan, board: &Board, line: Option<u64>, start: Option<Instant>) -> Report {
    let budget = plan.budget_from_now();
    let report = logic::solve_within(board, &plan.chain(), &budget);
    let solved = report.outcome == logic::Outcome::Solved;
    // Stuck (some techniques left out) or stopped at the budget: the logic could not answer.
    let stuck = matches!(report.outcome, logic::Outcome::Stuck | logic::Outcome::Stopped);
    let hardest = report.hardest();
    let unique = if solved { logic_unique(&report, board, &budget) } else { None };
    Report {
        line,
        puzzle: Some(Box::new(board.clone())),
        verdict: match (solved, stuck) {
            (true, _) => Verdict::Solved,
            (_, true) => Verdict::Stopped,
            _ => Verdict::NoSolution,
        },
        solutions: if solved { vec![report.board()] } else { Vec::new() },
        count: u64::from(solved),
        unique,
        unproved: solved && unique.is_none(),
        grade: solved.then(|| Grading { grade: report.grade(), score: Grade::score(hardest), hardest }),
        reason: match report.outcome {
            logic::Outcome::Solved => None,
            logic::Outcome::Stopped => Some(stop_reason(plan, start)),
            _ => Some(report.outcome_sentence()),
        },
        counters: Counters { steps: Some(report.steps.len() as u64), ..Counters::default() },
        reached: (report.outcome == logic::Outcome::Stuck).then(|| Box::new(report.board())),
        time: took(start),
    }
}

fn search_bitboard(search: &mut bitboard::Solutions, limits: Limits<'_>) -> Found {
    search.set_budget(&limits.budget());
    let mut found = Gather::new(limits);
    while found.wants_more() {
        let Some(solution) = search.next() else { break };
        found.add(|| solution.to_board());
    }
    guessed(found, search.stats(), search.outcome())
}

fn search_dlx(cover: &mut ExactCover, board: &Board, limits: Limits<'_>) -> Found {
    let fresh = cover.geometry() != board.geometry();
    if fresh {
        // Killer cages go in as their value combinations; the shape check refused the rest.
        let geometry = board.geometry();
        *cover = if geometry.cages().is_empty() {
            ExactCover::of(geometry)
        } else {
            ExactCover::with_cages(geometry).unwrap_or_else(|_| ExactCover::of(geometry))
        };
    }
    let geometry = board.geometry();
    let counters = |stats: backtrack::dlx::Stats| Counters {
        nodes: Some(stats.nodes),
        dead_ends: Some(stats.dead_ends),
        updates: Some(stats.updates),
        ..Counters::default()
    };
    // A count keeps nothing: the tree is shared out over the threads.
    if limits.keep == 0 && limits.sink.is_none() && limits.threads != 1 {
        let (stats, outcome) =
            cover.count_in_parallel_within(board, limits.threads, &limits.budget(), limits.wanted);
        return Found {
            solutions: Vec::new(),
            count: stats.solutions,
            stopped: outcome == backtrack::dlx::Outcome::OutOfBudget,
            counters: counters(stats),
        };
    }
    // On bit sets where they are the faster (built once for the puzzles of a matrix: for one
    // puzzle's solution, on a matrix of its own, building them costs more than they spare),
    // else on the links: the same search, node for node.
    let bits = !fresh || limits.wanted > 2;
    let budget = limits.budget();
    let mut found = Gather::new(limits);
    macro_rules! gather {
        ($solver:expr) => {{
            let solver = $solver;
            solver.set_budget(&budget);
            while found.wants_more() {
                let Some(options) = solver.next_solution() else { break };
                found.add(|| ExactCover::board_of(geometry, options));
            }
            (solver.stats(), solver.outcome())
        }};
    }
    let (stats, outcome) = match if bits { cover.bit_solver(board) } else { None } {
        Some(solver) => gather!(solver),
        None => gather!(&mut cover.solver(board)),
    };
    Found {
        solutions: found.solutions,
        count: found.count,
        stopped: outcome == backtrack::dlx::Outcome::OutOfBudget,
        counters: counters(stats),
    }
}

/// The driver over a grid's propagating guards (`generators`): `board` reads the grid, `placed`
/// the cell a guard assumed.
fn drive_propagating<G, I>(
    plan: &Plan,
    generators: &[G],
    board: &dyn Fn() -> Board,
    placed: &dyn Fn(&I::Item) -> Option<Cell>,
    limits: Limits<'_>,
) -> Found
where
    G: Fn() -> I,
    I: Iterator,
    I::Item: std::fmt::Display,
{
    let view = View {
        board,
        cell: placed,
        dead_end: &|slot| format!("dead end: decision {} has no value left", slot + 1),
        dead_cells: &|_| Vec::new(),
        generators: "the driver with propagation",
    };
    run_driver(plan, stack_assumptions(generators), view, limits)
}

/// The driver's search: the seed's generators in the order asked for, or the propagating ones.
fn search_driver(plan: &Plan, board: &Board, limits: Limits<'_>) -> Found {
    let Some(order) = plan.order else {
        // The band engine's grid on the classic grid, the general engine's on any other: the
        // same guards, one type each.
        if board.geometry().is_classic() {
            let grid = Propagation::new(board);
            let placed = |forced: &Forced<'_>| forced.placed().map(|(cell, _)| cell);
            return drive_propagating(plan, &grid.generators(), &|| grid.board(), &placed, limits);
        }
        let grid = search::Propagation::new(board);
        let placed = |forced: &search::Forced<'_>| forced.placed().map(|(cell, _)| cell);
        return drive_propagating(plan, &grid.generators(), &|| grid.board(), &placed, limits);
    };
    let generators = board.generators();
    // The slots are the empty cells, in reading order: name them in the trace.
    let cells: Vec<Cell> = board.empty_cells().collect();
    let view = View {
        board: &|| board.clone(), // the board holds the assumptions while the search lives
        cell: &|placement: &Placement<'_>| Some(placement.cell()),
        dead_end: &|slot| format!("dead end: {} has no candidate", cells[slot]),
        dead_cells: &|slot| vec![cells[slot].index()],
        generators: match order {
            Order::Static => "the seed's generators in reading order",
            Order::Fewest => "the seed's generators, fewest candidates first",
        },
    };
    let search = stack_assumptions(&generators);
    match order {
        Order::Static => run_driver(plan, search, view, limits),
        Order::Fewest => run_driver(plan, search.fewest_first(), view, limits),
    }
}

/// How many solutions to find and keep, and when to stop.
#[derive(Clone, Copy)]
struct Limits<'s> {
    wanted: u64,
    /// Threads one search may take: `--jobs` for a puzzle alone, one for each of a batch's
    /// (the batch shares the threads out).
    threads: usize,
    keep: usize,
    max_nodes: u64,
    deadline: Option<Instant>,
    sink: Option<Sink<'s>>,
}

impl Limits<'_> {
    /// The crate's budget with these bounds: nodes are each engine's own (assumptions, guesses,
    /// Dancing Links' nodes).
    fn budget(&self) -> Budget {
        let budget = Budget::nodes(self.max_nodes);
        match self.deadline {
            Some(deadline) => budget.deadline(deadline),
            None => budget,
        }
    }
}

/// What the watching needs to know of a driver search: the board as it stands, the cell an
/// assumption is about, and how to name a slot without candidates.
struct View<'v, A> {
    board: &'v dyn Fn() -> Board,
    cell: &'v dyn Fn(&A) -> Option<Cell>,
    dead_end: &'v dyn Fn(usize) -> String,
    /// The cells a dead end is about (none when a slot is not one cell).
    dead_cells: &'v dyn Fn(usize) -> Vec<usize>,
    /// Which generators the search runs, in words.
    generators: &'static str,
}

/// Run a driver search with the budget and the watching (trace, animation, tree) as one
/// observer. When the watching reaches its limit it stops, and the search goes on.
fn run_driver<G, I, S>(
    plan: &Plan,
    search: Assumptions<'_, G, I, (), S>,
    view: View<'_, I::Item>,
    limits: Limits<'_>,
) -> Found
where
    G: Fn() -> I,
    I: Iterator,
    I::Item: std::fmt::Display,
    S: SlotOrder<G, I>,
{
    let Limits { max_nodes, deadline, .. } = limits;
    let budgeted = max_nodes < u64::MAX || deadline.is_some();
    let mut budget = Budget::nodes(max_nodes);
    if let Some(deadline) = deadline {
        budget = budget.deadline(deadline);
    }
    let Some(watch) = &plan.watch else {
        let found = if budgeted {
            drive(search.observe(&budget), &view, limits)
        } else {
            drive(search, &view, limits)
        };
        return Found { stopped: budget.exceeded(), ..found };
    };
    let draw = |event: &Event<'_, I::Item>, counters: &WatchCounters| frame(&view, event, counters);
    let pace = if watch.animate { plan.pace } else { std::time::Duration::ZERO };
    let mut watcher =
        Watcher::new(backtrack::run::Paced::new(std::io::stdout(), pace), watch, view.dead_end, draw);
    let title = format!("backtrack sudoku {:#}: {}", (view.board)(), view.generators);
    let cell_texts = || {
        let board = (view.board)();
        let cells = board.geometry().all_cells();
        cells.map(|c| board.get(c).map_or(String::new(), |d| d.to_string())).collect()
    };
    let mut recorder = plan.html.as_ref().map(|_| {
        // The page says "Dead end: ..." itself.
        let why = |slot| (view.dead_end)(slot).trim_start_matches("dead end: ").to_string();
        let mut recorder =
            Recorder::new(watch.limit as usize, cell_texts, move |slot| ((view.dead_cells)(slot), why(slot)));
        outline(&mut recorder, &(view.board)());
        recorder
    });
    // The page and the tree are written as soon as their recording stops: the search goes
    // on to its end, which on a large grid the driver may not reach for minutes.
    let save_page = |recorder: &Recorder<'_>| {
        let Some(path) = &plan.html else { return };
        let page = recorder.page(&title, &layout(&(view.board)()));
        match std::fs::write(path, page) {
            Ok(()) => eprintln!(
                "wrote {} of the search to {}",
                backtrack::watch::counted(recorder.len() as u64, "event"),
                path.display()
            ),
            Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
        }
    };
    let save_tree = |tree: &Tree| {
        let Some(path) = &plan.tree else { return };
        match tree.write_to(path) {
            Ok(()) => eprintln!(
                "wrote {} of the search tree to {}",
                backtrack::watch::counted(tree.len() as u64, "node"),
                path.display()
            ),
            Err(e) => eprintln!("error: {e}"),
        }
    };
    // The watcher (trace, tree, animation) and the page each see the events until their own
    // limit; the search goes on. A trace or a tree stops at the limit, an animation never.
    let watcher_stops = watch.tree || (watch.trace && !watch.animate);
    let watching = Flag::new(true);
    let recording = Flag::new(recorder.is_some());
    let watch_until_limit = |event: Event<'_, I::Item>| {
        let mut stopped = false;
        if watching.get() && watcher.see(&event).is_break() {
            watching.set(false);
            stopped = true;
            if let Some(tree) = watcher.tree() {
                save_tree(tree);
            }
        }
        if let Some(recorder) = recorder.as_mut().filter(|_| recording.get()) {
            if recorder.see(&event).is_break() {
                recording.set(false);
                stopped = true;
                save_page(recorder);
            }
        }
        let still_watching = recording.get() || (watching.get() && watcher_stops);
        if stopped && !still_watching && !budgeted && (plan.html.is_some() || plan.tree.is_some()) {
            eprintln!("the search goes on to its end (--timeout or --max-nodes bound it)");
        }
    };
    let found = drive(search.observe((watch_until_limit, &budget)), &view, limits);
    let (watching, recording) = (watching.get(), recording.get());
    if recording {
        if let Some(recorder) = &recorder {
            save_page(recorder);
        }
    }
    if watching {
        if let Some(tree) = watcher.tree() {
            save_tree(tree);
        }
    }
    let what = if watch.tree && !watching {
        Some("tree")
    } else if watcher_stops && !watching {
        Some("trace")
    } else if recorder.is_some() && !recording {
        Some("page")
    } else {
        None
    };
    if let Some(what) = what {
        let _ = writeln!(
            std::io::stdout(),
            "(the {what} stopped at --limit {}; the search went on)",
            watch.limit
        );
    }
    Found { stopped: budget.exceeded(), ..found }
}

fn drive<G, I, O, S>(
    mut search: Assumptions<'_, G, I, O, S>,
    view: &View<'_, I::Item>,
    limits: Limits<'_>,
) -> Found
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
    let mut found = Gather::new(limits);
    while found.wants_more() && search.next().is_some() {
        found.add(view.board);
    }
    let stats = search.stats();
    Found {
        solutions: found.solutions,
        count: found.count,
        stopped: false,
        counters: Counters {
            nodes: Some(stats.nodes()),
            dead_ends: Some(stats.dead_ends()),
            deepest: Some(stats.deepest() as u64),
            ..Counters::default()
        },
    }
}

/// One frame of the animation: the board, the cell of the event highlighted (green: assumed,
/// yellow: taken back), what happened, and the counters.
fn frame<A: std::fmt::Display>(view: &View<'_, A>, event: &Event<'_, A>, counters: &WatchCounters) -> String {
    let (cell, colour) = match event {
        Event::Assume { assumption, .. } => ((view.cell)(assumption), "42"),
        Event::TakeBack { assumption, .. } => ((view.cell)(assumption), "43"),
        _ => (None, ""),
    };
    let board = (view.board)();
    let out = board.draw(|here, symbol| {
        if Some(here) == cell { format!("\x1b[{colour};30m{symbol}\x1b[0m") } else { symbol.to_string() }
    });
    format!("{out}\n\n{event}\n{counters}\n")
}

/// Draw a board's jigsaw regions, extra houses and killer cages on the explorer's page.
pub fn outline(recorder: &mut Recorder<'_>, board: &Board) {
    let geometry = board.geometry();
    if matches!(geometry.layout(), backtrack::sudoku::Layout::Regions(_)) {
        let regions = geometry.all_cells().map(|c| geometry.region_of(c).unwrap_or(0)).collect();
        recorder.draw_regions(regions);
    }
    // The extra houses (diagonals, windows) tinted: the borders show only boxes and regions.
    let shaded: Vec<usize> = geometry.extra_house_cells().iter().map(|c| c.index()).collect();
    if !shaded.is_empty() {
        recorder.shade_cells(shaded);
    }
    // Extra regions on top of the boxes: a colour each.
    if geometry.extra_region_map().is_some() {
        recorder.tint_regions(
            geometry.all_cells().map(|c| geometry.extra_region_of(c).map_or(-1, |r| r as i64)).collect(),
        );
    }
    if !geometry.cages().is_empty() {
        let cages: Vec<(Vec<usize>, Option<u32>)> =
            geometry.cages().iter().map(|cage| (cage.cells.clone(), cage.sum)).collect();
        recorder.draw_cages(geometry.cells(), &cages);
    }
}

/// The explorer's picture of a board's grid: its side and its boxes.
pub fn layout(board: &Board) -> Layout {
    let side = board.geometry().side();
    let (box_rows, box_cols) = board.geometry().boxes().unwrap_or((0, 0));
    Layout { rows: side, cols: side, box_rows, box_cols, checkered: false }
}
