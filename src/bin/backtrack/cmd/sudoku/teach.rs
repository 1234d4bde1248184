//! The learners' modes: `--compare`, `--estimate`, `--explain`, `--hint`. Each computes a typed
//! report; [`show`] writes it as text or as data.

use super::plan::{Format, Order, Plan};
use super::report::Grading;
use crate::cmd::Status;
use crate::cmd::{Show, show};
use backtrack::sudoku::logic::{self, Grade};
use backtrack::sudoku::{Board, Candidate, Cell, ExactCover, bitboard, search};
use backtrack::watch::Recorder;
use backtrack::{Assumptions, SlotOrder, stack_assumptions};
use serde::{Serialize, Serializer};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The most nodes `--compare` and `--estimate` let the driver search before giving up.
const NODE_BUDGET: u64 = 20_000_000;

/// The time each search of `--compare` and `--estimate` may take without `--timeout`: a row
/// that would take minutes (Dancing Links on a 16×16 killer passes 20 million nodes in 46 s)
/// says it gave up.
const ROW_TIME: Duration = Duration::from_secs(10);

/// How many times its bound a tree may be estimated at for `--estimate` to search it.
const HOPELESS: f64 = 1_000.0;

fn ms(t: Duration) -> f64 {
    (t.as_secs_f64() * 1e6).round() / 1e3
}

fn line<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{board:#}"))
}

fn line_option<S: Serializer>(board: &Option<Board>, s: S) -> Result<S::Ok, S::Error> {
    match board {
        Some(board) => line(board, s),
        None => s.serialize_none(),
    }
}

/// The bound of each search of `--compare` and `--estimate`: `NODE_BUDGET` nodes (fewer with
/// `--max-nodes`), and `--timeout` ([`ROW_TIME`] without it) from the search's start.
fn bound(plan: &Plan) -> backtrack::Budget {
    let nodes = plan.budget.max_nodes.map_or(NODE_BUDGET, |n| n.min(NODE_BUDGET));
    backtrack::Budget::nodes(nodes).timeout(row_time(plan))
}

/// The time each search of `--compare` and `--estimate` may take: `--timeout`, else
/// [`ROW_TIME`].
fn row_time(plan: &Plan) -> Duration {
    plan.budget.timeout.unwrap_or(ROW_TIME)
}

/// The time limit a search of `bound(plan)` met, in words.
fn time_limit(plan: &Plan) -> String {
    match plan.budget.timeout {
        Some(t) => format!("--timeout {}", t.as_secs_f64()),
        None => format!("its time limit of {} s", ROW_TIME.as_secs()),
    }
}

/// Whether a search bounded by `budget` has met its deadline: one stopped before it met its
/// bound of nodes.
fn timed_out(budget: &backtrack::Budget) -> bool {
    budget.deadline_at().is_some_and(|deadline| Instant::now() >= deadline)
}

/// What a row says of a search stopped at `budget`, the bound it met.
fn stopped_note(plan: &Plan, budget: &backtrack::Budget) -> String {
    if timed_out(budget) {
        format!("stopped at {}", time_limit(plan))
    } else {
        format!("gave up at {} nodes", budget.node_limit())
    }
}

/// Search to the end (every solution), or to the first solution, within `budget`: (stats,
/// stopped, time).
fn full_search<G, I, S>(
    search: Assumptions<'_, G, I, (), S>,
    first: bool,
    budget: &backtrack::Budget,
) -> (backtrack::Stats, bool, Duration)
where
    G: Fn() -> I,
    I: Iterator,
    S: SlotOrder<G, I>,
{
    let start = Instant::now();
    let mut search = search.observe(budget);
    if first {
        search.next();
    } else {
        search.by_ref().for_each(drop);
    }
    (search.stats().clone(), budget.exceeded(), start.elapsed())
}

/// The row of the driver over a grid's propagating guards (the band engine's or the general
/// engine's: `generators`), timed from `start` (the grid's making included).
fn propagating<G, I>(plan: &Plan, generators: &[G], start: Instant) -> Row
where
    G: Fn() -> I,
    I: Iterator,
{
    let budget = bound(plan);
    let (stats, stopped, time) = full_search(stack_assumptions(generators), true, &budget);
    Row {
        solver: "backtrack, propagating",
        nodes: stats.nodes(),
        dead_ends: stats.dead_ends(),
        time_ms: ms(time.max(start.elapsed())),
        note: if stopped {
            stopped_note(plan, &budget)
        } else {
            format!("{} decisions at most", generators.len())
        },
    }
}

/// One row of `--compare`.
#[derive(Serialize)]
struct Row {
    solver: &'static str,
    /// Nodes (the driver, DLX), guesses (the band engine) or steps (logic).
    nodes: u64,
    /// Dead ends, or the logic solver's guesses.
    dead_ends: u64,
    time_ms: f64,
    note: String,
}

/// `--compare`: the same puzzle, six ways, in one table (on a grid other than the classic one,
/// the general engine in place of the band engine, and each solver that takes its rules).
pub(super) fn compare(plan: &Plan, board: &Board, data: bool, out: impl Write) -> io::Result<Status> {
    let mut rows = Vec::new();
    let geometry = board.geometry();
    // The seed's generators know the houses only: under a rule between cells they would find
    // grids that break it.
    let generators = board.generators();
    let orders: &[(&str, bool)] = if geometry.beyond_houses().is_none() {
        &[("backtrack, static order", false), ("backtrack, fewest candidates", true)]
    } else {
        &[]
    };
    for &(solver, fewest) in orders {
        let search = stack_assumptions(&generators);
        let budget = bound(plan);
        let (stats, stopped, time) = if fewest {
            full_search(search.fewest_first(), true, &budget)
        } else {
            full_search(search, true, &budget)
        };
        let note = if stopped {
            stopped_note(plan, &budget)
        } else if stats.solutions() == 0 {
            "no solution".to_string()
        } else {
            format!("deepest level {}", stats.deepest())
        };
        rows.push(Row {
            solver,
            nodes: stats.nodes(),
            dead_ends: stats.dead_ends(),
            time_ms: ms(time),
            note,
        });
    }
    let engine_row = |solver, stats: bitboard::Stats, start: Instant, note: &str| Row {
        solver,
        nodes: stats.guesses,
        dead_ends: stats.dead_ends,
        time_ms: ms(start.elapsed()),
        note: note.to_string(),
    };
    let start = Instant::now();
    let found = if geometry.is_classic() {
        let grid = bitboard::Propagation::new(board);
        rows.push(propagating(plan, &grid.generators(), start));
        let start = Instant::now();
        let mut bands = bitboard::Solutions::new(board).budget(&bound(plan));
        let found = bands.next().is_some();
        let note = "locked candidates and singles on bit masks, then guesses";
        rows.push(engine_row("bitboard", bands.stats(), start, note));
        found
    } else {
        let grid = search::Propagation::new(board);
        rows.push(propagating(plan, &grid.generators(), start));
        let start = Instant::now();
        let budget = bound(plan);
        let mut engine = search::Solutions::new(board).budget(&budget);
        let found = engine.next().is_some();
        let engine_words =
            "the general engine: singles, locked candidates (matchings from 12×12), then guesses";
        let note = match engine.outcome() {
            bitboard::Outcome::OutOfBudget => stopped_note(plan, &budget),
            _ if engine.learns() => format!("{engine_words}; past 300 it learns a clause from each dead end"),
            _ => engine_words.into(),
        };
        rows.push(engine_row("search", engine.stats(), start, &note));
        found
    };
    // Dancing Links takes the houses, and killer cages as the options of their sums.
    let start = Instant::now();
    let cover = match (geometry.relation(), geometry.cages().is_empty()) {
        (None, true) => Some(ExactCover::of(geometry)),
        (None, false) => ExactCover::with_cages(geometry).ok(),
        (Some(_), _) => None,
    };
    let built = start.elapsed();
    if let Some(mut cover) = cover {
        let start = Instant::now();
        let mut solver = cover.solver(board);
        let budget = bound(plan);
        solver.set_budget(&budget);
        solver.next_solution();
        let stats = solver.stats();
        let stopped = solver.outcome() == backtrack::dlx::Outcome::OutOfBudget;
        rows.push(Row {
            solver: "dancing links",
            nodes: stats.nodes,
            dead_ends: stats.dead_ends,
            time_ms: ms(start.elapsed()),
            note: match stopped {
                true => stopped_note(plan, &budget),
                false => format!("{} updates; {:.3} ms to build the matrix once", stats.updates, ms(built)),
            },
        });
    }
    if logic::supports(geometry).is_ok() {
        let start = Instant::now();
        let budget = plan.budget_from_now().timeout(row_time(plan));
        let report = logic::solve_within(board, logic::standard(), &budget);
        rows.push(Row {
            solver: "logic",
            nodes: report.steps.len() as u64,
            dead_ends: count_bifurcations(&report.steps) as u64,
            time_ms: ms(start.elapsed()),
            note: report.outcome_sentence(),
        });
    }
    let status = if found { Status::Solved } else { Status::NoSolution };
    show(out, data, &Comparison { puzzle: board.clone(), solvers: rows })?;
    Ok(status)
}

/// What `--compare` found.
#[derive(Serialize)]
struct Comparison {
    #[serde(serialize_with = "line")]
    puzzle: Board,
    solvers: Vec<Row>,
}

impl Show for Comparison {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "The problem:\n{}\n", self.puzzle)?;
        writeln!(out, "| solver | nodes | dead ends | time | note |")?;
        writeln!(out, "|---|---:|---:|---:|---|")?;
        for row in &self.solvers {
            let (nodes, dead_ends) = match row.solver {
                "logic" => (format!("{} steps", row.nodes), format!("{} guesses", row.dead_ends)),
                "bitboard" => (format!("{} guesses", row.nodes), row.dead_ends.to_string()),
                _ => (row.nodes.to_string(), row.dead_ends.to_string()),
            };
            writeln!(
                out,
                "| {} | {nodes} | {dead_ends} | {:.3} ms | {} |",
                row.solver, row.time_ms, row.note
            )?;
        }
        let engine =
            if self.puzzle.geometry().is_classic() { "the band engine" } else { "the general engine" };
        writeln!(
            out,
            "\nNodes count assumptions (and the root); the first solution of each search. Dancing links\n\
             branches on the constraint with the fewest options, so it can place a digit in a cell\n\
             where the driver sees several candidates; {engine} fills every forced cell before\n\
             it guesses."
        )
    }
}

fn count_bifurcations(steps: &[logic::Step]) -> usize {
    steps
        .iter()
        .map(|s| match &s.evidence {
            logic::Evidence::Bifurcation(trial) => 1 + count_bifurcations(&trial.steps),
            _ => 0,
        })
        .sum()
}

/// `--estimate`: Knuth's estimate of the whole tree, then the real size.
pub(super) fn estimate(
    plan: &Plan,
    board: &Board,
    probes: u64,
    seed: u64,
    data: bool,
    out: impl Write,
) -> io::Result<Status> {
    let generators = board.generators();
    let start = Instant::now();
    let order = plan.order.unwrap_or(Order::Fewest);
    let guess = match order {
        Order::Static => backtrack::estimate(&generators, probes, seed),
        Order::Fewest => backtrack::estimate_fewest_first(&generators, probes, seed),
    };
    let estimated_in = start.elapsed();
    let search = stack_assumptions(&generators);
    let budget = bound(plan);
    let bound_nodes = budget.node_limit();
    // A tree estimated at over a thousand times the bound is not searched: the search could
    // only stop at the bound, after seconds or minutes (20 million nodes of a 25×25 grid take
    // half a minute).
    let skipped = guess.nodes > HOPELESS * bound_nodes as f64;
    let (stats, stopped, time) = match order {
        _ if skipped => (backtrack::Stats::default(), true, Duration::ZERO),
        Order::Static => full_search(search, false, &budget),
        Order::Fewest => full_search(search.fewest_first(), false, &budget),
    };
    let report = Estimation {
        order: match order {
            Order::Static => "static order",
            Order::Fewest => "fewest candidates first",
        },
        estimate: Estimated {
            nodes: guess.nodes,
            solutions: guess.solutions,
            probes: guess.probes,
            time_ms: ms(estimated_in),
        },
        search: Searched {
            nodes: stats.nodes(),
            solutions: stats.solutions(),
            stopped,
            skipped,
            timed_out: stopped && !skipped && timed_out(&budget),
            time_limit: time_limit(plan),
            bound: bound_nodes,
            time_ms: ms(time),
            ratio: (!stopped).then(|| guess.ratio_to(&stats)),
        },
    };
    show(out, data, &report)?;
    Ok(Status::Solved)
}

/// What `--estimate` found.
#[derive(Serialize)]
struct Estimation {
    order: &'static str,
    estimate: Estimated,
    search: Searched,
}

#[derive(Serialize)]
struct Estimated {
    nodes: f64,
    solutions: f64,
    probes: u64,
    time_ms: f64,
}

#[derive(Serialize)]
struct Searched {
    nodes: u64,
    solutions: u64,
    /// The search gave up at the node budget (or was not run, `skipped`).
    stopped: bool,
    /// The estimate was past [`HOPELESS`] times the bound: the search was not run.
    skipped: bool,
    /// The search stopped at its time limit, before its bound of nodes.
    timed_out: bool,
    /// That time limit, in words.
    #[serde(skip)]
    time_limit: String,
    /// The most nodes the search may visit.
    bound: u64,
    time_ms: f64,
    /// The estimate over the real size.
    #[serde(skip_serializing_if = "Option::is_none")]
    ratio: Option<f64>,
}

impl Show for Estimation {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let Estimation { order, estimate: e, search: s } = self;
        writeln!(out, "search tree, {order}:")?;
        writeln!(
            out,
            "  estimate: {:.0} nodes, {:.2} solutions ({} probes, {:.1} ms)",
            e.nodes, e.solutions, e.probes, e.time_ms
        )?;
        match s.ratio {
            None if s.skipped => writeln!(
                out,
                "  search:   not run: the estimate is over {HOPELESS} times its bound ({} nodes, --max-nodes)",
                s.bound
            ),
            None if s.timed_out => {
                writeln!(out, "  search:   stopped at {} after {} nodes", s.time_limit, s.nodes)
            }
            None => writeln!(out, "  search:   stopped at its bound of {} nodes", s.bound),
            Some(ratio) => writeln!(
                out,
                "  search:   {}, {} ({:.1} ms); estimate / real = {ratio:.2}",
                backtrack::watch::counted(s.nodes, "node"),
                backtrack::watch::counted(s.solutions, "solution"),
                s.time_ms
            ),
        }
    }
}

/// A step as data: the technique, the sentence, what it placed and removed, and a
/// bifurcation's trial.
#[derive(Serialize)]
struct StepReport {
    technique: String,
    sentence: String,
    placements: Vec<String>,
    eliminations: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    trial: Vec<StepReport>,
}

impl StepReport {
    fn of(step: &logic::Step) -> StepReport {
        let pairs = |list: &[Candidate]| list.iter().map(|c| format!("{}={}", c.cell, c.digit)).collect();
        let trial = match &step.evidence {
            logic::Evidence::Bifurcation(trial) => trial.steps.iter().map(StepReport::of).collect(),
            _ => Vec::new(),
        };
        StepReport {
            technique: step.technique().to_string(),
            sentence: step.to_string(),
            placements: pairs(&step.placements),
            eliminations: pairs(&step.eliminations),
            trial,
        }
    }
}

/// Every step numbered, a bifurcation's trial indented under it (`3.1.`, `3.2.`, ...).
fn write_steps(out: &mut dyn Write, steps: &[StepReport], prefix: &str) -> io::Result<()> {
    for (n, step) in steps.iter().enumerate() {
        let number = format!("{prefix}{}", n + 1);
        let indent = "  ".repeat(prefix.matches('.').count());
        writeln!(out, "{indent}{number}. {}", step.sentence)?;
        write_steps(out, &step.trial, &format!("{number}."))?;
    }
    Ok(())
}

/// What `--explain` found.
#[derive(Serialize)]
struct Explanation {
    #[serde(serialize_with = "line")]
    puzzle: Board,
    steps: Vec<StepReport>,
    verdict: &'static str,
    #[serde(serialize_with = "line_option", skip_serializing_if = "Option::is_none")]
    solution: Option<Board>,
    /// Where the techniques allowed got stuck.
    #[serde(serialize_with = "line_option", skip_serializing_if = "Option::is_none")]
    reached: Option<Board>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<Grading>,
    /// How the solve ended, in a sentence.
    outcome: String,
    /// The solution's layout in text.
    #[serde(skip)]
    layout: Format,
}

impl Show for Explanation {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        super::render::write_problem(out, &self.puzzle)?;
        write_steps(out, &self.steps, "")?;
        writeln!(out)?;
        if let Some(reached) = &self.reached {
            match self.layout {
                Format::Line => writeln!(out, "{reached:#}")?,
                _ => writeln!(out, "The grid reached:\n{reached}\n")?,
            }
        }
        if let Some(solution) = &self.solution {
            match self.layout {
                Format::Line => writeln!(out, "{solution:#}")?,
                _ => writeln!(out, "The solution:\n{solution}\n")?,
            }
            match self.unique {
                Some(false) => writeln!(out, "more than one solution: this is the one the steps reached")?,
                None => writeln!(out, "{}", super::engines::UNPROVED)?,
                Some(true) => {}
            }
        }
        writeln!(out, "{}", self.outcome)
    }
}

/// `--explain`: every step, numbered (a bifurcation's trial indented under it), then the grid.
pub(super) fn explain(plan: &Plan, board: &Board, out: impl Write) -> io::Result<Status> {
    let budget = plan.budget_from_now();
    let report = logic::solve_within(board, &plan.chain(), &budget);
    let solved = report.outcome == logic::Outcome::Solved;
    let stuck = matches!(report.outcome, logic::Outcome::Stuck | logic::Outcome::Stopped);
    let hardest = report.hardest();
    let explanation = Explanation {
        puzzle: board.clone(),
        steps: report.steps.iter().map(StepReport::of).collect(),
        verdict: match (solved, report.outcome) {
            (true, _) => "solved",
            (_, logic::Outcome::Stopped) => "stopped",
            (_, logic::Outcome::Stuck) => "stuck",
            _ => "no_solution",
        },
        solution: solved.then(|| report.board()),
        reached: stuck.then(|| report.board()),
        unique: if solved { super::engines::logic_unique(&report, board, &budget) } else { None },
        grade: solved.then(|| Grading { grade: report.grade(), score: Grade::score(hardest), hardest }),
        outcome: report.outcome_sentence(),
        layout: plan.format.unwrap_or(Format::Text),
    };
    show(out, plan.format == Some(Format::Json), &explanation)?;
    Ok(match (solved, stuck) {
        (true, _) => Status::Solved,
        (_, true) => Status::Stopped,
        _ => Status::NoSolution,
    })
}

/// What `--hint` says: the next step at a level of detail, or why there is none.
#[derive(Serialize)]
struct Hint {
    level: u8,
    /// The hint as a person reads it; absent when there is no step.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    location: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepReport>,
    /// Why there is no step: the puzzle is solved, or has no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<String>,
}

impl Show for Hint {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.hint.as_deref().or(self.verdict.as_deref()).unwrap_or(""))
    }
}

/// `--hint LEVEL`: the next step, revealed progressively.
pub(super) fn hint(plan: &Plan, board: &Board, level: u8, out: impl Write) -> io::Result<Status> {
    let data = plan.format == Some(Format::Json);
    let nothing = Hint { level, hint: None, technique: None, location: None, step: None, verdict: None };
    let Some(step) = logic::next_step_with(board, &plan.chain()) else {
        // No step: the grid is full, or it contradicts itself (bifurcation always has a step),
        // or the techniques allowed find nothing.
        let (verdict, status) = match logic::Grid::new(board).contradiction() {
            None if board.is_full() => ("the puzzle is solved".to_string(), Status::Solved),
            None => ("stuck: none of the techniques allowed finds a step".to_string(), Status::Stopped),
            Some(c) => (format!("no solution: {c}"), Status::NoSolution),
        };
        show(out, data, &Hint { verdict: Some(verdict), ..nothing })?;
        return Ok(status);
    };
    let hint = Hint {
        hint: Some(match level {
            1 => format!("try: {}", step.technique()),
            2 => format!("try: {}, {}", step.technique(), step.location()),
            _ => step.to_string(),
        }),
        technique: Some(step.technique().to_string()),
        location: (level >= 2).then(|| step.location()),
        step: (level >= 3).then(|| StepReport::of(&step)),
        ..nothing
    };
    show(out, data, &hint)?;
    Ok(Status::Solved)
}

/// Write the explorer page of the logic solver's steps on `board`: each step a position of
/// the page, the grid with its pencil marks after it, the cells it rests on, its sentence.
pub(super) fn explore_logic(plan: &Plan, board: &Board, path: &std::path::Path) {
    let report = logic::solve_with(board, &plan.chain());
    let grid = std::cell::RefCell::new(logic::Grid::new(board));
    let texts = || {
        let grid = grid.borrow();
        grid.cells()
            .map(|cell| match grid.value(cell) {
                Some(digit) => digit.to_string(),
                None => {
                    std::iter::once('?').chain(grid.candidates(cell).digits().map(|d| d.symbol())).collect()
                }
            })
            .collect()
    };
    let limit = plan.watch.as_ref().map_or(10_000, |w| w.limit as usize);
    let mut recorder = Recorder::new(limit, texts, |_| (Vec::new(), String::new()));
    super::engines::outline(&mut recorder, board);
    for step in &report.steps {
        {
            let mut grid = grid.borrow_mut();
            for &Candidate { cell, digit } in &step.eliminations {
                grid.eliminate(cell, digit);
            }
            for &Candidate { cell, digit } in &step.placements {
                grid.place(cell, digit);
            }
        }
        if recorder
            .step(&step.to_string(), step.evidence_cells(board.geometry()).iter().map(Cell::index))
            .is_break()
        {
            break;
        }
    }
    let title =
        format!("backtrack sudoku {board:#}: the logic solver, step by step ({})", report.outcome_sentence());
    match std::fs::write(path, recorder.page(&title, &super::engines::layout(board))) {
        Ok(()) => eprintln!(
            "wrote {} of the logic solver to {}",
            backtrack::watch::counted(recorder.len() as u64, "step"),
            path.display()
        ),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
}
