//! The checks of the two solver targets, as functions: the fuzz targets call them, and
//! `tests/fuzz_corpus.rs` replays the kept corpus through them, so every input the fuzzer kept
//! (and every finding, added to the corpus) is a test of `cargo test`.
//!
//! This file is compiled twice, here and into that test: it names the crate's parts through
//! `super::` (the grids, next to it in both).

use super::grids;
use backtrack::sudoku::bitboard::{self, Outcome, Propagation, triad::TriadSearch};
use backtrack::sudoku::logic::{self, Builtin};
use backtrack::sudoku::{Board, Candidate, Cell, Digit, ExactCover, Geometry};
use backtrack::{Budget, stack_assumptions};
use cpu_time::{ProcessTime, ThreadTime};
use std::time::Duration;

/// The longest one part of an input may take, in processor time. Every search runs on a node
/// budget, so a part that takes longer is a finding (a search that ignores its budget, or a
/// slow parser), and is reported as a crash with the time it took. Processor time, not wall
/// time: a fuzzer starved by other work on the machine is not a finding.
pub const SLOW: Duration = Duration::from_secs(2);

/// Run `f` on this thread, and fail if it took longer than [`SLOW`] of this thread's processor
/// time. With `FUZZ_TIMES` set in the environment, print each part's time
/// (`T<tab>what<tab>nanoseconds`) on standard error: where a target spends its executions.
pub fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = ThreadTime::now();
    let result = f();
    check_time(what, start.elapsed());
    result
}

/// [`timed`] for work that runs on threads of its own (a batch's reader, its workers): the
/// processor time of the whole process, which runs nothing else while a target runs.
pub fn timed_process<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = ProcessTime::now();
    let result = f();
    check_time(what, start.elapsed());
    result
}

fn check_time(what: &str, took: Duration) {
    if std::env::var_os("FUZZ_TIMES").is_some() {
        eprintln!("T\t{what}\t{}", took.as_nanos());
    }
    assert!(took < SLOW, "slow input: {what} took {:.3} s of processor time", took.as_secs_f64());
}

/// The solvers against each other: on any grid, every engine counts up to two solutions — the
/// band engine, the triad engine alone, the general engine with clause learning from its first
/// guess, DLX, the driver with propagation, the seed's driver (fewest candidates first) —
/// and the logic solver gives its verdict where there are not several solutions. They must agree
/// on none, one or more, and on the solution when it is unique; each solution must keep the
/// rules and the givens.
///
/// Every search runs on a node budget; an engine that stops at it takes no part in the vote.
pub fn engines_agree(data: &[u8]) {
    let cells = grids::grid(data);
    let Ok(board) = Board::try_from(cells) else { return };
    let engines: [(&str, Count); 6] = [
        ("band engine", timed("the band engine", || band(&board))),
        ("triad engine", timed("the triad engine", || triad(&cells))),
        ("clause learning", timed("clause learning", || learning(&board))),
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
}

/// Nodes (guesses for the band engine) a search may spend.
const BUDGET: u64 = 20_000;

/// What an engine found: the solutions (up to two), or `None` when it stopped at the budget.
type Count = Option<Vec<Board>>;

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
    let mut search = bitboard::Solutions::new(board).budget(&bitboard::Budget::nodes(BUDGET));
    let solutions: Vec<Board> = search.by_ref().take(2).map(|s| s.to_board()).collect();
    (search.outcome() != bitboard::Outcome::OutOfBudget).then_some(solutions)
}

/// The triad engine alone, which the band engine hands only the grids that look hard, and
/// only in a build for a processor with AVX2 (elsewhere its lanes are arrays: the same steps).
fn triad(cells: &[u8; 81]) -> Count {
    let mut search = TriadSearch::new(cells).budget(&Budget::nodes(BUDGET));
    let solutions: Vec<Board> = search
        .by_ref()
        .take(2)
        .map(|digits| Board::try_from(digits).expect("the triad engine's solutions keep the rules"))
        .collect();
    (search.outcome() != Outcome::OutOfBudget).then_some(solutions)
}

/// The general engine with clause learning from its first guess (`Solutions::learn_after`).
fn learning(board: &Board) -> Count {
    let mut search =
        backtrack::sudoku::search::Solutions::new(board).learn_after(0).budget(&Budget::nodes(BUDGET));
    let mut solutions = Vec::new();
    while solutions.len() < 2 && search.next().is_some() {
        solutions.push(search.board());
    }
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
    solver.set_budget(&backtrack::Budget::nodes(BUDGET));
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

fn propagating(board: &Board) -> Count {
    let grid = Propagation::new(board);
    let generators = grid.generators();
    let budget = Budget::nodes(BUDGET);
    let search = stack_assumptions(&generators).observe(&budget);
    drive(search, || budget.exceeded(), || grid.board())
}

fn seed(board: &Board) -> Count {
    let generators = board.generators();
    let budget = Budget::nodes(BUDGET);
    let search = stack_assumptions(&generators).fewest_first().observe(&budget);
    drive(search, || budget.exceeded(), || board.clone())
}

/// The logic solver's soundness: on any grid with a solution, every elimination and placement
/// it makes agrees with the grid's solutions.
///
/// The solutions are enumerated by the band engine (up to 64). An elimination must remove a
/// digit that no solution has in that cell; a placement must be the digit every solution has
/// there — except bifurcation's, which are guesses proved by reaching a solution, so they must
/// agree with one solution at least. When the solutions number more than 64, only the
/// eliminations are checked, against those found. The solved grid is one of the solutions.
pub fn logic_sound(data: &[u8]) {
    let cells = grids::grid(data);
    let Ok(board) = Board::try_from(cells) else { return };
    let mut search = bitboard::Solutions::new(&board).budget(&bitboard::Budget::nodes(20_000));
    let solutions: Vec<[u8; 81]> = timed("enumerating", || {
        search.by_ref().take(MOST + 1).map(|s| std::array::from_fn(|i| s.get(Cell::new(i)).get())).collect()
    });
    if solutions.is_empty() || search.outcome() == Outcome::OutOfBudget {
        return;
    }
    let all = solutions.len() <= MOST;
    let has = |s: &[u8; 81], c: Candidate| s[c.cell.index()] == c.digit.get();
    let puzzle = grids::line(&cells);
    let report = timed("the logic solver", || logic::solve(&board));
    steps_hold(&report.steps, &solutions, all, has, &puzzle);
    assert_eq!(report.outcome, logic::Outcome::Solved, "logic failed a solvable grid: {puzzle}");
    if all {
        let end = report.board();
        let end: [u8; 81] = std::array::from_fn(|i| end.get(Cell::new(i)).map_or(0, Digit::get));
        assert!(solutions.contains(&end), "logic ended on a grid that is not a solution: {puzzle}");
    }
}

const MOST: usize = 64;

/// Every step holds of `solutions`: no elimination of a value one of them has; with `all`
/// (they are every solution), each placement made by all of them (a guess: by one at least).
fn steps_hold<S>(
    steps: &[logic::Step],
    solutions: &[S],
    all: bool,
    has: impl Fn(&S, Candidate) -> bool,
    puzzle: &str,
) {
    for step in steps {
        for &elimination in &step.eliminations {
            assert!(
                !solutions.iter().any(|s| has(s, elimination)),
                "{step}: removes {elimination} that a solution has: {puzzle}"
            );
        }
        if !all {
            continue;
        }
        for &placement in &step.placements {
            let agree = solutions.iter().filter(|s| has(s, placement)).count();
            if step.builtin() == Some(Builtin::Bifurcation) {
                assert!(agree > 0, "{step}: a guess that no solution makes: {puzzle}");
            } else {
                assert_eq!(
                    agree,
                    solutions.len(),
                    "{step}: a placement that a solution does not make: {puzzle}"
                );
            }
        }
    }
}

/// Killers: the logic solver's steps on a killer are true of every solution. The input picks
/// a killer of the generator (its first eight bytes the seed, the next its grid: the classic
/// one 7 times in 16, else 4×4, 5×5, 6×6 either way, 8×8, 10×10, 12×12, X-Sudoku or a 6×6
/// jigsaw) and empties a given for each further byte (so the puzzle may have several
/// solutions); the general engine enumerates its solutions, up to [`MOST`] (a killer with
/// more is skipped), Dancing Links on the cages' value combinations must find the same ones,
/// and no step may remove a candidate that one of them holds, nor place a value they do not
/// all hold (a guess: one that some solution holds).
pub fn killer_sound(data: &[u8]) {
    use backtrack::sudoku::generate::Generator;
    use backtrack::sudoku::search::Solutions;
    let Some((seed, rest)) = data.split_first_chunk::<8>() else { return };
    let seed = u64::from_le_bytes(*seed);
    let Some((&pick, rest)) = rest.split_first() else { return };
    let grid = match pick % 16 {
        0 => Geometry::of_side(4),
        1 => Geometry::of_side(5),
        2 => Geometry::boxed(2, 3),
        3 => Geometry::boxed(3, 2),
        4 => Geometry::boxed(2, 4),
        5 => Geometry::classic().with_extras(&[backtrack::sudoku::Extra::Diagonals]),
        6 => Geometry::jigsaw(6, "AAABBBAACCBBDACCBEDDCCEEDFFFFEDDFFEE"),
        // Values past 9: the cage steps' sets of values up to 12.
        7 => Geometry::boxed(2, 5),
        8 => Geometry::boxed(3, 4),
        _ => Ok(Geometry::classic()),
    }
    .expect("the grids are well made");
    let generator =
        Generator::new(seed).killer(true).max_tries(2).geometry(&grid).expect("killers of every grid");
    let Some(puzzle) = timed("generating", || generator.puzzle(0)) else {
        return;
    };
    let geometry = puzzle.board.geometry().clone();
    let mut values = puzzle.board.values();
    for &byte in rest {
        values[usize::from(byte) % geometry.cells()] = 0;
    }
    let board = Board::from_values(&geometry, &values).expect("fewer givens of a killer still fit");
    let mut search = Solutions::new(&board).budget(&bitboard::Budget::nodes(20_000));
    let solutions: Vec<Vec<u8>> = timed("enumerating", || {
        (0..=MOST).map_while(|_| search.next().map(|()| search.board().values())).collect()
    });
    if solutions.is_empty() || solutions.len() > MOST || search.outcome() == Outcome::OutOfBudget {
        return;
    }
    // Dancing Links on the cages' value combinations finds the same grids (the engine reads
    // the sums over bands of houses once it guesses; the matrix knows nothing of them).
    let mut cover = ExactCover::with_cages(&geometry).expect("a killer of the generator is exact cover");
    let mut solver = cover.solver(&board);
    // Past the classic grid's size a killer's matrix is large (200,000 nodes of a 12×12 one
    // take over a second): a tenth of the nodes there, the comparison made when they suffice.
    let larger = geometry.cells() > backtrack::sudoku::geometry::CLASSIC_CELLS;
    solver.set_budget(&Budget::nodes(if larger { 20_000 } else { 200_000 }));
    let mut covered: Vec<Vec<u8>> = timed("dancing links", || {
        (0..=MOST)
            .map_while(|_| solver.next_solution().map(|o| ExactCover::board_of(&geometry, o).values()))
            .collect()
    });
    if solver.outcome() != backtrack::dlx::Outcome::OutOfBudget {
        let mut found = solutions.clone();
        found.sort();
        covered.sort();
        assert_eq!(found, covered, "the engine and Dancing Links differ on a killer: seed {seed}");
    }
    let has = |s: &Vec<u8>, c: Candidate| s[c.cell.index()] == c.digit.get();
    let chain: Vec<&dyn logic::Technique> = Builtin::ALL.iter().map(|t| t as &dyn logic::Technique).collect();
    let report = timed("the logic solver", || logic::solve_within(&board, &chain, &Budget::nodes(2_000)));
    let puzzle = format!("seed {seed}, givens {board:#}");
    steps_hold(&report.steps, &solutions, true, has, &puzzle);
    if report.outcome == logic::Outcome::Solved {
        assert!(
            solutions.contains(&report.board().values()),
            "logic ended on a grid that is not a solution: {puzzle}"
        );
    }
}
