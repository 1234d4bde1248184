//! The solvers against each other: on any grid, every engine counts up to two solutions — the
//! band engine, DLX, the driver with propagation, the seed's driver (fewest candidates first) —
//! and the logic solver gives its verdict where there are not several solutions. They must agree
//! on none, one or more, and on the solution when it is unique; each solution must keep the
//! rules and the givens.
//!
//! Every search runs on a node budget; an engine that stops at it takes no part in the vote.

#![no_main]

use backtrack::sudoku::bitboard::{self, Propagation};
use backtrack::sudoku::{Board, ExactCover, logic};
use backtrack::{Event, stack_assumptions};
use backtrack_fuzz::{grids, timed};
use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;

/// Nodes (guesses for the band engine) a search may spend.
const BUDGET: u64 = 20_000;

/// What an engine found: the solutions (up to two), or `None` when it stopped at the budget.
type Count = Option<Vec<Board>>;

fuzz_target!(|data: &[u8]| {
    let cells = grids::grid(data);
    let Ok(board) = Board::try_from(cells) else { return };
    let engines: [(&str, Count); 4] = [
        ("band engine", timed("the band engine", || band(&board))),
        ("dlx", timed("dlx", || dlx(&board))),
        ("driver with propagation", timed("the driver with propagation", || propagating(&board))),
        ("seed's driver", timed("the seed's driver", || seed(&board))),
    ];
    let mut truth: Option<(&str, &Vec<Board>)> = None;
    for (name, found) in &engines {
        let Some(solutions) = found else { continue };
        for solution in solutions {
            check(&board, solution, name);
        }
        match truth {
            None => truth = Some((name, solutions)),
            Some((first, expected)) => {
                assert_eq!(
                    expected.len(),
                    solutions.len(),
                    "{first} and {name} count differently: {}",
                    grids::line(&cells)
                );
                if expected.len() == 1 {
                    assert_eq!(expected, solutions, "{first} and {name} differ: {}", grids::line(&cells));
                }
            }
        }
    }
    // The logic solver, bifurcation last, says "contradiction" when there is no solution and
    // finds the solution when it is unique. (On grids with many solutions, where bifurcation
    // makes it the slowest part by far, the logic solver is checked by `logic_sound`.)
    let Some((_, solutions)) = truth else { return };
    if solutions.len() > 1 {
        return;
    }
    let report = timed("the logic solver", || logic::solve(&board));
    match solutions.first() {
        None => assert!(
            matches!(report.outcome, logic::Outcome::Contradiction(_)),
            "logic solved a grid without a solution: {}",
            grids::line(&cells)
        ),
        Some(solution) => {
            assert_eq!(
                report.outcome,
                logic::Outcome::Solved,
                "logic failed a solvable grid: {}",
                grids::line(&cells)
            );
            let solved = report.board();
            check(&board, &solved, "logic");
            assert_eq!(&solved, solution, "logic found another solution: {}", grids::line(&cells));
        }
    }
});

/// A solution keeps the givens, and every row, column and box holds each digit once.
fn check(board: &Board, solution: &Board, engine: &str) {
    use backtrack::sudoku::{Cell, House};
    for cell in Cell::all() {
        let digit = solution.get(cell).unwrap_or_else(|| panic!("{engine}: {cell} empty in a solution"));
        if let Some(given) = board.get(cell) {
            assert_eq!(digit, given, "{engine}: {cell} changed a given");
        }
    }
    for house in House::all() {
        let mut seen = 0u16;
        for cell in house.cells() {
            seen |= 1 << solution.get(cell).expect("full").get();
        }
        assert_eq!(seen, 0b11_1111_1110, "{engine}: {house} does not hold each digit once");
    }
}

fn band(board: &Board) -> Count {
    let budget = bitboard::Budget { max_guesses: BUDGET, deadline: None };
    let mut search = bitboard::Solutions::new(board).budget(budget);
    let solutions: Vec<Board> = search.by_ref().take(2).map(|s| s.to_board()).collect();
    (search.outcome() != bitboard::Outcome::OutOfBudget).then_some(solutions)
}

thread_local! {
    /// The Sudoku matrix, built once: each search chooses the givens and leaves it whole.
    static COVER: std::cell::RefCell<ExactCover> = std::cell::RefCell::new(ExactCover::new());
}

fn dlx(board: &Board) -> Count {
    COVER.with_borrow_mut(|cover| dlx_on(cover, board))
}

fn dlx_on(cover: &mut ExactCover, board: &Board) -> Count {
    let mut solver = cover.solver(board);
    solver.set_budget(backtrack::dlx::Budget { max_nodes: BUDGET, ..Default::default() });
    let mut solutions = Vec::new();
    while solutions.len() < 2 {
        let Some(options) = solver.next_solution() else { break };
        solutions.push(ExactCover::board(options));
    }
    (solver.outcome() != backtrack::dlx::Outcome::OutOfBudget).then_some(solutions)
}

/// Count a driver search's solutions up to two, the board as it stands taken at each.
fn drive<A>(search: impl Iterator<Item = A>, stopped: impl Fn() -> bool, board: impl Fn() -> Board) -> Count {
    let mut solutions = Vec::new();
    for _ in search {
        solutions.push(board());
        if solutions.len() == 2 {
            break;
        }
    }
    (!stopped()).then_some(solutions)
}

/// An observer that stops a driver search after [`BUDGET`] assumptions.
fn budget<A>(stopped: &std::cell::Cell<bool>) -> impl FnMut(Event<'_, A>) -> ControlFlow<()> + '_ {
    let mut nodes = 0;
    move |event| {
        if let Event::Assume { .. } = event {
            nodes += 1;
            if nodes > BUDGET {
                stopped.set(true);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

fn propagating(board: &Board) -> Count {
    let grid = Propagation::new(board);
    let generators = grid.generators();
    let stopped = std::cell::Cell::new(false);
    let search = stack_assumptions(&generators).observe(budget(&stopped));
    drive(search, || stopped.get(), || grid.board())
}

fn seed(board: &Board) -> Count {
    let generators = board.generators();
    let stopped = std::cell::Cell::new(false);
    let search = stack_assumptions(&generators).fewest_first().observe(budget(&stopped));
    drive(search, || stopped.get(), || board.clone())
}
