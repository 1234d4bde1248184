//! Bad input never panics: arbitrary text through every parser, and every search on what they
//! accept.

use backtrack::dlx::Named;
use backtrack::sudoku::Board;
use backtrack::sudoku::logic::solve;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_text_is_a_board_or_an_error(text in "\\\\PC{0,120}") {
        let _ = text.parse::<Board>();
    }

    #[test]
    fn any_grid_of_digits_is_handled(cells in prop::collection::vec(prop_oneof![12 => Just(0u8), 1 => 1u8..=9], 81)) {
        // Boards from digits: rejected when a house repeats a digit; otherwise every solver
        // ends with a solution or a clear "no solution".
        let text: String = cells.iter().map(|d| (b'0' + d) as char).collect();
        if let Ok(board) = text.parse::<Board>() {
            let generators = board.generators();
            let by_driver = backtrack::stack_assumptions(&generators).fewest_first().next().is_some();
            let report = solve(&board);
            prop_assert_eq!(by_driver, report.outcome == backtrack::sudoku::logic::Outcome::Solved);
        }
    }

    #[test]
    fn any_text_is_a_problem_or_an_error(text in "[A-D| :\\n]{0,60}") {
        if let Ok(mut problem) = Named::from_knuth_format(&text) {
            let _ = problem.solver().solver().count_solutions();
            problem.matrix_ref().sanity().unwrap();
        }
    }
}
