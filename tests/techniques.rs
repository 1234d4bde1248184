//! The technique chain as users see it: `backtrack techniques`, and `--techniques` restricting
//! the logic solver ("how far do singles get me?").

mod common;

use backtrack::sudoku::logic::{Builtin, Grade};
use backtrack::sudoku::{Board, Cell};
use common::{run_backtrack, text};

/// Needs more than singles: they place three digits and stop.
const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn the_list_names_every_technique_in_the_chains_order() {
    let out = run_backtrack(&["techniques", "--format", "json"], b"");
    assert!(out.status.success());
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = value["techniques"].as_array().unwrap();
    assert_eq!(rows.len(), Builtin::ALL.len());
    for (row, &technique) in rows.iter().zip(Builtin::ALL) {
        let name = row["name"].as_str().unwrap();
        assert_eq!(Builtin::from_name(name), Some(technique), "{name} is what --techniques takes");
        assert_eq!(row["technique"], technique.name());
        assert_eq!(row["rating"].as_f64().unwrap() as f32, technique.rating());
        assert_eq!(row["grade"], technique.grade().to_string());
        assert_eq!(Grade::of(Some(technique.into())), technique.grade());
    }
    // Bifurcation is last, and alone needs guessing.
    assert_eq!(Builtin::ALL.last(), Some(&Builtin::Bifurcation));
    assert!(Builtin::ALL.iter().filter(|t| t.grade() == Grade::NeedsGuessing).eq([&Builtin::Bifurcation]));
    let table = text(&run_backtrack(&["techniques"], b"").stdout);
    assert!(table.lines().nth(11).unwrap().starts_with("x-wing"), "{table}");
}

#[test]
fn singles_go_as_far_as_they_can_and_say_where_they_stop() {
    let args =
        ["sudoku", "--explain", "--techniques", "hidden-single,naked-single", "--format", "json", PUZZLE];
    let out = run_backtrack(&args, b"");
    assert_eq!(out.status.code(), Some(3), "stuck is 'stopped': {}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["verdict"], "stuck");
    assert!(value["outcome"].as_str().unwrap().starts_with("stuck"), "{}", value["outcome"]);
    let steps = value["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(["naked single", "hidden single"].contains(&step["technique"].as_str().unwrap()), "{step}");
    }
    // Every digit of the grid reached is the solution's (found by another solver), and the
    // steps placed exactly the digits that were not given.
    let reached: Board = value["reached"].as_str().unwrap().parse().unwrap();
    let puzzle: Board = PUZZLE.parse().unwrap();
    let solution = backtrack::sudoku::ExactCover::board(
        backtrack::sudoku::ExactCover::new().solver(&puzzle).next_solution().unwrap(),
    );
    let placed = Cell::all().filter(|&c| puzzle.get(c).is_none() && reached.get(c).is_some()).count();
    assert_eq!(placed, steps.len());
    for cell in Cell::all() {
        if let Some(digit) = reached.get(cell) {
            assert_eq!(solution.get(cell), Some(digit), "{cell}");
        }
    }
    // Every technique: the same steps as without the option.
    let all = Builtin::ALL.iter().map(|t| t.flag()).collect::<Vec<_>>().join(",");
    let with = run_backtrack(&["sudoku", "--explain", "--techniques", &all, "--format", "json", PUZZLE], b"");
    let without = run_backtrack(&["sudoku", "--explain", "--format", "json", PUZZLE], b"");
    assert!(with.status.success());
    assert_eq!(with.stdout, without.stdout);
}

#[test]
fn a_restricted_solve_or_hint_that_gets_stuck_says_so() {
    let solve = run_backtrack(&["sudoku", "--techniques", "naked-single", PUZZLE], b"");
    assert_eq!(solve.status.code(), Some(3));
    let shown = text(&solve.stdout);
    assert!(shown.contains("The grid reached:") && shown.trim_end().ends_with("stuck"), "{shown}");
    assert!(
        text(&solve.stderr).contains("stuck: no technique allowed finds a step"),
        "{}",
        text(&solve.stderr)
    );
    let hint = run_backtrack(&["sudoku", "--hint", "--techniques", "x-wing", PUZZLE], b"");
    assert_eq!(hint.status.code(), Some(3));
    assert_eq!(text(&hint.stdout).trim(), "stuck: none of the techniques allowed finds a step");
    // With bifurcation allowed, the chain always finishes.
    let guess = run_backtrack(
        &["sudoku", "--solver", "logic", "--techniques", "naked-single,bifurcation", PUZZLE],
        b"",
    );
    assert!(guess.status.success(), "{}", text(&guess.stderr));
}

#[test]
fn the_grid_reached_keeps_the_givens_and_agrees_with_the_solution() {
    let out = run_backtrack(&["sudoku", "--techniques", "hidden-single", "--format", "json", PUZZLE], b"");
    assert_eq!(out.status.code(), Some(3));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let reached = value["reached"].as_str().unwrap().as_bytes();
    let puzzle = PUZZLE.as_bytes();
    let solution = PUZZLE.parse::<Board>().unwrap().solve().unwrap();
    let mut placed = 0;
    for cell in Cell::all() {
        let (given, got) = (puzzle[cell.index()], reached[cell.index()]);
        if given != b'.' {
            assert_eq!(got, given, "{cell}: a given changed");
        } else if got != b'.' {
            placed += 1;
            assert_eq!(Some(got - b'0'), solution.get(cell).map(|d| d.get()), "{cell}");
        }
    }
    assert_eq!(placed, value["counters"]["steps"].as_u64().unwrap(), "a hidden single places one digit");
}

#[test]
fn unknown_names_and_other_solvers_are_refused() {
    let bad = run_backtrack(&["sudoku", "--techniques", "singles", PUZZLE], b"");
    assert_eq!(bad.status.code(), Some(2));
    let message = text(&bad.stderr);
    assert!(
        message.contains("no technique is called \"singles\"") && message.contains("x-wing"),
        "{message}"
    );
    for args in [&["--count"][..], &["--solver", "dlx"], &["--compare"]] {
        let out = run_backtrack(&[&["sudoku", "--techniques", "x-wing"][..], args, &[PUZZLE]].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("--techniques restricts the logic solver"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
