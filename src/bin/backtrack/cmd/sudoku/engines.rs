//! The three solvers behind `backtrack sudoku`, each giving a [`Report`].

use super::{Args, Order, Solver, wanted};
use backtrack::sudoku::logic::{self, Grade, Technique};
use backtrack::sudoku::{Board, Cell, ExactCover, Placement};
use backtrack::watch::{Counters, Watcher};
use backtrack::{Assumptions, Event, Observer, SlotOrder, stack_assumptions};
use std::time::{Duration, Instant};

/// What the search of one puzzle found.
#[derive(Default)]
pub(super) struct Report {
    /// Solutions found (each printed as it came, or counted).
    pub(super) solutions: u64,
    /// The solver's counters, by name, in the order they are printed.
    pub(super) counters: Vec<(&'static str, u64)>,
    pub(super) time: Duration,
    /// The trace reached its --limit and ended the search.
    pub(super) stopped: bool,
    /// The logic solver's grade, score and hardest technique.
    pub(super) grade: Option<(Grade, f32, Option<Technique>)>,
    /// Why the solver gave no solution, when it can say (the logic solver's contradiction).
    pub(super) note: Option<String>,
}

/// Which solver, with what it keeps between the puzzles of a batch.
pub(super) enum Engine {
    Backtrack,
    Dlx(ExactCover),
    Logic,
}

impl Engine {
    pub(super) fn new(solver: Solver) -> Engine {
        match solver {
            Solver::Backtrack => Engine::Backtrack,
            Solver::Dlx => Engine::Dlx(ExactCover::new()),
            Solver::Logic => Engine::Logic,
        }
    }

    pub(super) fn search(&mut self, args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
        match self {
            Engine::Backtrack => search(args, board, found),
            Engine::Dlx(cover) => search_dlx(cover, args, board, found),
            Engine::Logic => search_logic(board, found),
        }
    }
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
        grade: solved.then(|| (report.grade(), Grade::score(hardest), hardest)),
        note: (!solved).then(|| report.outcome_sentence()),
        ..Report::default()
    }
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
        ..Report::default()
    }
}

/// Search `board` with the driver, calling `found` on the board at each solution reported.
pub(super) fn search(args: &Args, board: &Board, found: &mut dyn FnMut(&Board)) -> Report {
    let generators = board.generators();
    let search = stack_assumptions(&generators);
    if !args.watching() {
        return match args.order {
            Order::Static => drive(search, board, args, found),
            Order::Fewest => drive(search.fewest_first(), board, args, found),
        };
    }
    let watch = args.watch();
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
        match tree.write_to(path) {
            Ok(()) => eprintln!("wrote {} nodes of the search tree to {}", tree.len(), path.display()),
            Err(e) => eprintln!("error: {e}"),
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
        ..Report::default()
    }
}
