//! Bad input never panics: arbitrary text through every parser, and every search on what they
//! accept.

use backtrack::Event;
use backtrack::dlx::Named;
use backtrack::sudoku::Board;
use backtrack::sudoku::bitboard::Solutions;
use backtrack::sudoku::logic::solve;
use proptest::prelude::*;
use std::ops::ControlFlow;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_text_is_a_board_or_an_error(text in "\\\\PC{0,120}") {
        let _ = text.parse::<Board>();
    }

    #[test]
    fn any_grid_of_digits_is_handled(cells in prop::collection::vec(prop_oneof![12 => Just(0u8), 1 => 1u8..=9], 81)) {
        // Boards from digits: rejected when a house repeats a digit; otherwise every solver
        // ends with a solution or a clear "no solution". The driver sees only naked singles, so
        // a rare open, unsolvable grid costs it minutes: it gets a node budget, and only its
        // finished answers are compared.
        let text: String = cells.iter().map(|d| (b'0' + d) as char).collect();
        if let Ok(board) = text.parse::<Board>() {
            let solvable = Solutions::new(&board).next().is_some();
            let report = solve(&board);
            prop_assert_eq!(solvable, report.outcome == backtrack::sudoku::logic::Outcome::Solved);
            let generators = board.generators();
            let mut nodes = 0u32;
            let budget = |event: Event<'_, _>| {
                nodes += u32::from(matches!(event, Event::Assume { .. }));
                if nodes > 200_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            };
            let mut search = backtrack::stack_assumptions(&generators).observe(budget).fewest_first();
            let by_driver = search.next().is_some();
            if by_driver || !search.is_stopped() {
                prop_assert_eq!(by_driver, solvable);
            }
        }
    }

    #[test]
    fn any_text_is_a_problem_or_an_error(text in "[A-D| :\\n]{0,60}") {
        if let Ok(mut problem) = Named::from_knuth_format(&text) {
            let _ = problem.solver().count_solutions();
            problem.matrix_ref().sanity().unwrap();
        }
    }
}
