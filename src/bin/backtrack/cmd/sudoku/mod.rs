//! `backtrack sudoku`: arguments → [`Plan`] → engine → [`Report`] → renderer.
//!
//! - `plan.rs`: the arguments, decoded once; nonsense is refused there.
//! - `engines.rs`: the four solvers, each giving a typed report.
//! - `render.rs`: text or JSON, the one place that writes results.
//! - `batch.rs`: many puzzles, streamed line by line, on every core, in input order.
//! - `teach.rs`: the learners' modes (explain, hint, compare, estimate).

pub mod batch;
mod engines;
mod plan;
pub(crate) use plan::{boxes, rule};
pub(crate) use render::write_grid_notes;
mod render;
mod report;
mod shape;
mod teach;

use crate::cmd::Status;
use backtrack::sudoku::{Board, bitboard, search};
use engines::Engine;
use plan::{Format, Input, Mode, Plan, Solver};
use render::Renderer;
use std::cell::RefCell;
use std::io::{self, Write};

pub use plan::Args;

/// Run the command: `Err` only when standard output cannot be written.
pub fn run(args: Args) -> io::Result<Status> {
    let plan = match args.decode() {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(Status::BadInput);
        }
    };
    let stdout = io::stdout();
    let out = io::BufWriter::new(stdout.lock());
    let status = match &plan.input {
        Input::Puzzle(text) => match plan.shape.read(text) {
            Ok(board) if plan.shard.is_some() => count_shard(&plan, &board, text)?,
            Ok(board) => one(&plan, &board, out)?,
            Err(e) => {
                eprintln!("error: {e}");
                // A file's name where the puzzle goes: say how a file is read.
                if std::path::Path::new(text).is_file() {
                    eprintln!(
                        "(the argument is the puzzle itself; to read puzzles from the file {text}, give -f {text})"
                    );
                }
                Status::BadInput
            }
        },
        Input::Source(source) => match source.open() {
            Ok(reader) => batch::run(&plan, reader, source.may_wait(), out)?,
            Err(e) => {
                eprintln!("error: {e}");
                Status::BadInput
            }
        },
    };
    Ok(status)
}

/// A shard of one puzzle's count (`--count --shard I/N PUZZLE`): Dancing Links' tree cut into
/// 64 subtrees a shard (fewer past 1,024 shards: [`backtrack::split::Shard::parts`]), dealt
/// out as `cover --count --shard` deals them, or, under a rule that is not exact cover
/// (anti-knight, anti-king, non-consecutive), the puzzle cut into as many puzzles for the
/// general engine ([`search::Solutions::count_shard`]); the shard
/// prints one JSON line of its counters, and `backtrack merge` adds the shards of the run up
/// to the count (with Dancing Links, to the nodes and updates of one search too).
fn count_shard(plan: &Plan, board: &Board, text: &str) -> io::Result<Status> {
    let shard = plan.shard.expect("a shard");
    let run = |solver| backtrack::split::Run::new(plan.run_command_of(solver)).input(text.as_bytes());
    let budget = plan.budget_from_now();
    let parts = shard.parts();
    let bound = |stopped: bool, spent: u64| {
        stopped.then(|| match plan.budget.max_nodes {
            Some(max) if spent >= max => format!("--max-nodes {max}"),
            _ => plan.budget.timeout.map_or_else(String::new, |t| format!("--timeout {}", t.as_secs_f64())),
        })
    };
    match backtrack::sudoku::ExactCover::with_cages(board.geometry()) {
        Ok(mut cover) => {
            let (stats, outcome) = cover.count_shard(board, parts, shard, &budget);
            let stopped = bound(outcome == backtrack::dlx::Outcome::OutOfBudget, stats.nodes);
            crate::cmd::shard_line(&run(Solver::Dlx), shard, &stats, false, stopped)
        }
        Err(reason) if plan.solver == Solver::Dlx => {
            eprintln!(
                "error: --solver dlx counts the puzzle as exact cover, and {reason}: leave out --solver \
                 to count it in shards with the general engine"
            );
            Ok(Status::BadInput)
        }
        Err(_) => {
            let count = search::Solutions::count_shard(board, parts, shard, &budget);
            let stopped = bound(count.outcome == bitboard::Outcome::OutOfBudget, count.stats.guesses);
            crate::cmd::guesses_shard_line(&run(plan.solver), shard, &count.stats, stopped)
        }
    }
}

/// One puzzle, in whatever mode the plan asks.
fn one(plan: &Plan, board: &Board, out: impl Write) -> io::Result<Status> {
    // The drawings are made writable here, once the puzzle is read and before the search: a
    // path that cannot be written is refused before any work, and a bad puzzle leaves no
    // empty file behind.
    if let Err(reason) = shape::supports(plan, board.geometry()).and_then(|()| plan.create_drawings()) {
        eprintln!("error: {reason}");
        return Ok(Status::BadInput);
    }
    if let Some(path) = &plan.svg {
        // The general engine takes every grid and rule; a puzzle without a solution is drawn
        // as it is.
        let mut search = backtrack::sudoku::search::Solutions::new(board);
        let solution = search.next().map(|()| search.board());
        match std::fs::write(path, board.svg(solution.as_ref())) {
            Ok(()) => eprintln!("wrote the picture to {}", path.display()),
            Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
        }
    }
    let json = plan.format == Some(Format::Json);
    if let (Some(path), Solver::Logic) = (&plan.html, plan.solver) {
        teach::explore_logic(plan, board, path);
    }
    match plan.mode {
        Mode::Explain => return teach::explain(plan, board, out),
        Mode::Hint { level } => return teach::hint(plan, board, level, out),
        Mode::Compare => return teach::compare(plan, board, json, out),
        Mode::Estimate { probes, seed } => return teach::estimate(plan, board, probes, seed, json, out),
        Mode::Solve | Mode::Count { .. } | Mode::All { .. } => {}
    }
    let format = plan.format.unwrap_or(Format::Text);
    let mut renderer = Renderer::new(out, format, plan.mode, false, plan.watch.is_some());
    renderer.problem(board)?;
    renderer.flush()?; // before a trace or an animation starts writing
    // A long search shows a spinner on a terminal (a watched one draws on the terminal itself).
    let progress = if plan.watch.is_none() { crate::cmd::progress(None) } else { None };
    if let Some(bar) = &progress {
        bar.set_message("searching");
    }
    // A listing goes out as it is found (a driver being watched keeps its frames apart).
    let mut failed = None;
    let report = if matches!(plan.mode, Mode::All { .. }) && plan.watch.is_none() {
        let sink = RefCell::new(|solution: &Board| {
            if let Some(bar) = &progress {
                bar.suspend(|| renderer.solution(solution))
            } else {
                renderer.solution(solution)
            }
            .map_err(|e| failed = Some(e))
            .is_ok()
        });
        Engine::new(plan.solver).search_into(plan, board, None, Some(&sink), plan.jobs)
    } else {
        Engine::new(plan.solver).search(plan, board)
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(e) = failed {
        return Err(e);
    }
    renderer.report(&report)?;
    if plan.stats {
        renderer.stats(&report)?;
    }
    renderer.flush()?;
    Ok(report.verdict.status())
}
