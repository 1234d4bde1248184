//! A technique of the user's own, written outside the crate as a user would: it joins the chain,
//! its steps read as sentences, and it grades the puzzles it is needed for.

mod common;

use backtrack::sudoku::logic::{self, Builtin, Grade, Grid, Kind, Outcome, Step, Technique};
use backtrack::sudoku::{Board, Candidate, Cell, ExactCover};

/// The example's technique (examples/own_technique.rs), as a user's crate would hold it.
#[allow(dead_code)]
#[path = "../examples/own_technique.rs"]
mod example;

use example::FullHouse;

/// Knows the answer (a stand-in for a hard technique): places the solution's digit in the first
/// empty cell. Rated above every built-in technique but bifurcation.
struct Oracle(Board);

impl Technique for Oracle {
    fn name(&self) -> &'static str {
        "oracle"
    }
    fn rating(&self) -> f32 {
        7.9
    }
    fn grade(&self) -> Grade {
        Grade::Fiendish
    }
    fn find(&self, grid: &Grid) -> Option<Step> {
        let cell = grid.empty_cells().next()?;
        let digit = self.0.get(cell)?;
        Some(Step::custom(
            Kind::of(self),
            format!("{cell} is {digit}"),
            format!("look at {cell}"),
            vec![Candidate::new(cell, digit)],
            vec![],
        ))
    }
}

fn dlx_solution(board: &Board) -> Board {
    ExactCover::board(ExactCover::new().solver(board).next_solution().unwrap())
}

fn builtins() -> impl Iterator<Item = &'static dyn Technique> {
    Builtin::ALL.iter().map(|t| t as &dyn Technique)
}

#[test]
fn a_technique_of_ones_own_joins_the_chain() {
    let board: Board = common::puzzles(common::EASY50).next().unwrap().parse().unwrap();
    let solution = dlx_solution(&board);
    let chain: Vec<&dyn Technique> =
        std::iter::once(&FullHouse as &dyn Technique).chain(builtins()).collect();
    let report = logic::solve_with(&board, &chain);
    assert_eq!(report.outcome, Outcome::Solved);
    assert_eq!(report.board(), solution);
    let ours: Vec<&Step> = report.steps.iter().filter(|s| s.technique().name == "full house").collect();
    assert!(!ours.is_empty(), "the full house finds the last cells");
    for step in ours {
        assert_eq!(step.builtin(), None);
        let Candidate { cell, digit } = step.placements[0];
        assert_eq!(solution.get(cell), Some(digit), "{step}");
        assert!(
            step.to_string().starts_with(&format!("full house: {cell} is the last empty cell")),
            "{step}"
        );
        assert!(step.location().starts_with("look at"));
    }
    // Without it, the same solution by the built-in chain alone.
    assert_eq!(logic::solve(&board).board(), solution);
}

#[test]
fn its_rating_grades_the_puzzles_that_need_it() {
    // A puzzle of the hardest set that needs guessing with the built-in techniques.
    let board: Board = common::puzzles(common::HARDEST)
        .map(|p| p.parse::<Board>().unwrap())
        .find(|b| logic::solve(b).grade() == Grade::NeedsGuessing)
        .unwrap();
    let solution = dlx_solution(&board);
    let oracle = Oracle(solution.clone());
    // The oracle before bifurcation: it is used instead, and the puzzle takes its grade.
    let mut chain: Vec<&dyn Technique> = builtins().filter(|t| t.name() != "bifurcation").collect();
    chain.push(&oracle);
    chain.push(&Builtin::Bifurcation);
    let report = logic::solve_with(&board, &chain);
    assert_eq!(report.outcome, Outcome::Solved);
    assert_eq!(report.board(), solution);
    assert!(report.steps.iter().all(|s| s.builtin() != Some(Builtin::Bifurcation)));
    assert_eq!(report.hardest(), Some(Kind { name: "oracle", rating: 7.9, grade: Grade::Fiendish }));
    assert_eq!(report.grade(), Grade::Fiendish);
    assert!(Cell::all().all(|c| report.board().get(c).is_some()));
}
