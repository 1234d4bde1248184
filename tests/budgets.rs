//! Budgets on the driver: a search stops at its node budget or deadline, says it stopped, and
//! the examples report it with exit status 3.

use backtrack::sudoku::Board;
use backtrack::{Budget, Event, stack_assumptions};
use std::process::Command;
use std::time::{Duration, Instant};

const NEWSPAPER: &str = "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

#[test]
fn a_budget_stops_the_search_at_the_node_past_it() {
    // The seed's generators in reading order search the newspaper puzzle in 1,271 nodes, the
    // root included (the tree the seed's Python walks).
    let board: Board = NEWSPAPER.parse().unwrap();
    let generators = board.generators();
    let enough = Budget::nodes(1270);
    let mut search = stack_assumptions(&generators).observe(&enough);
    assert_eq!(search.by_ref().count(), 1);
    assert_eq!(search.stats().nodes(), 1271);
    assert!(!enough.exceeded() && !search.is_stopped());

    let short = Budget::nodes(500);
    let mut search = stack_assumptions(&generators).observe(&short);
    let found = search.by_ref().count();
    assert!(short.exceeded() && search.is_stopped());
    assert_eq!(search.stats().nodes(), 1 + 501, "the root, the 500 nodes allowed, the one past");
    assert_eq!(short.spent(), 501);
    drop(search);
    assert_eq!(found, 0, "the solution lies past node 500");
    let empty = NEWSPAPER.bytes().filter(|&b| b == b'0').count();
    assert_eq!(board.empty_cells().count(), empty, "every assumption was taken back");
}

#[test]
fn a_budget_and_another_observer_see_the_same_events() {
    let board: Board = NEWSPAPER.parse().unwrap();
    let generators = board.generators();
    let budget = Budget::nodes(100);
    let mut assumed = 0;
    let count = |event: Event<'_, _>| {
        if let Event::Assume { .. } = event {
            assumed += 1;
        }
    };
    let mut search = stack_assumptions(&generators).observe((count, &budget));
    search.by_ref().for_each(drop);
    let nodes = search.stats().nodes();
    drop(search);
    assert_eq!(assumed, 101);
    assert_eq!(nodes, 1 + assumed);
}

#[test]
fn a_deadline_ends_a_search_that_would_not_end() {
    // Every solution of the empty grid: about 6.7 * 10^21 of them.
    let board = Board::empty();
    let generators = board.generators();
    let budget = Budget::new().timeout(Duration::from_millis(50));
    let start = Instant::now();
    let mut search = stack_assumptions(&generators).observe(&budget);
    let found = search.by_ref().count();
    assert!(budget.exceeded() && search.is_stopped());
    assert!(found > 0);
    assert!(start.elapsed() < Duration::from_secs(30), "stopped near its deadline");
}

/// Run an example with arguments: its exit status, standard output and error.
fn example(name: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO"))
        .args(["run", "-q", "--example", name, "--"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn the_examples_stop_at_their_budgets_with_status_3() {
    // 10 queens: 724 solutions (OEIS A000170) in a tree of 35,539 nodes.
    let (code, out, _) = example("queens", &["10", "--count", "--max-nodes", "100000"]);
    assert_eq!((code, out.trim()), (Some(0), "724"));
    let (code, out, err) = example("queens", &["10", "--count", "--max-nodes", "1000"]);
    assert_eq!(code, Some(3), "{err}");
    let partial: u64 = out.trim().parse().unwrap();
    assert!(partial < 724);
    let noun = if partial == 1 { "solution" } else { "solutions" };
    assert!(err.contains(&format!("at least {partial} {noun}")), "{err}");
    // 8 queens: the first solution (1 5 8 6 3 7 2 4) comes within 113 nodes, the second
    // within 149; stopped between them, one solution is said in the singular.
    let (code, out, err) = example("queens", &["8", "--count", "--max-nodes", "120"]);
    assert_eq!((code, out.trim()), (Some(3), "1"), "{err}");
    assert!(err.contains("stopped at the budget of 120 nodes: at least 1 solution\n"), "{err}");
    // The same sentence without a budget: one queen on a board of one, two on a board of four.
    let (code, out, _) = example("queens", &["1", "--all"]);
    assert_eq!((code, out.lines().last()), (Some(0), Some("1 solution")));
    let (code, out, _) = example("queens", &["4", "--all"]);
    assert_eq!((code, out.lines().last()), (Some(0), Some("2 solutions")));
    // A limit of no time, or of no end, is refused as the command line refuses it.
    for (limit, why) in [("-1", "above 0"), ("0", "above 0"), ("1e400", "finite")] {
        let (code, _, err) = example("queens", &["10", "--timeout", limit]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("--timeout") && err.contains(why), "{limit}: {err}");
    }
    // No probes, no threads: nothing to estimate or to run on, said as the command line says it.
    for (name, args) in [
        ("queens", &["8", "--estimate", "--probes", "0"][..]),
        ("queens", &["8", "--count", "--jobs", "0"]),
        ("knights_tour", &["5", "--estimate", "--probes", "0"]),
        ("knights_tour", &["5", "--count", "--jobs", "0"]),
    ] {
        let (code, out, err) = example(name, args);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{name} {args:?}: {err}");
        assert!(err.contains("give 1 or more"), "{name} {args:?}: {err}");
    }

    // 5x5 knight's tours from the corner: 304.
    let (code, out, _) = example("knights_tour", &["5", "--count", "--max-nodes", "10000000"]);
    assert_eq!((code, out.trim()), (Some(0), "304"));
    let (code, out, err) = example("knights_tour", &["5", "--count", "--max-nodes", "500"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(out.trim().parse::<u64>().unwrap() < 304);
}

#[test]
fn the_examples_say_no_solution_with_status_1_and_answer_at_once() {
    // Two queens cannot share a 2×2 board, nor three a 3×3; the 4×4 board has no knight's
    // tour (5×5 is the smallest square board with one); a puzzle whose r1c9 can hold nothing.
    let unsolvable = format!("12345678.........9{}", ".".repeat(63));
    for (name, args, said) in [
        ("queens", &["2"][..], "2 queens: no solution"),
        ("queens", &["3", "--count"], "0"),
        ("knights_tour", &["4"], "open knight's tour of the 4x4 board from 1,1: no solution"),
        ("sudoku", &[unsolvable.as_str()], "No solution"),
        // An odd board has no closed tour: said at once, not after minutes of search.
        ("knights_tour", &["7", "--closed"], "closed knight's tour of the 7x7 board from 1,1: no solution"),
    ] {
        let (code, out, err) = example(name, args);
        assert_eq!(code, Some(1), "{name} {args:?}: {out}{err}");
        assert!(out.contains(said), "{name} {args:?}: {out}");
        assert!(!out.contains("unique"), "{name} {args:?}: {out}");
    }
    // 64 queens: one board, checked by the rules (one queen a row, column and diagonal).
    let (code, out, err) = example("queens", &["64", "--timeout", "20"]);
    assert_eq!(code, Some(0), "{err}");
    let queens: Vec<(usize, usize)> = out
        .lines()
        .take(64)
        .enumerate()
        .map(|(r, line)| (r, line.split(' ').position(|s| s == "Q").expect("a queen in each row")))
        .collect();
    assert_eq!(queens.len(), 64);
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[i + 1..] {
            assert!(c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2), "r{r1}c{c1} and r{r2}c{c2} attack");
        }
    }
    // A picture that cannot be written names its path.
    let (code, _, err) = example("knights_tour", &["5", "--quiet", "--svg", "/no/such/dir/tour.svg"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot write /no/such/dir/tour.svg"), "{err}");
    // Words after the puzzle are not ignored.
    let (code, _, err) = example("sudoku", &[".".repeat(81).as_str(), "extra"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("'extra' after the puzzle"), "{err}");
}

#[test]
fn a_budget_stops_the_logic_solver_trials_included() {
    use backtrack::sudoku::logic::{self, Builtin, Outcome, Technique};
    // A puzzle with several solutions: the logic solver bifurcates, inside its trials too.
    let board: Board =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532".parse().unwrap();
    let chain: Vec<&dyn Technique> = Builtin::ALL.iter().map(|t| t as &dyn Technique).collect();
    let enough = Budget::nodes(1_000_000);
    let report = logic::solve_within(&board, &chain, &enough);
    assert_eq!(report.outcome, Outcome::Solved);
    assert!(!enough.exceeded());
    // Each step is a node, and so is each step of a trial: more nodes than top-level steps.
    let all = enough.spent();
    assert!(all > report.steps.len() as u64, "{all} nodes for {} steps", report.steps.len());
    assert_eq!(report.board(), logic::solve(&board).board(), "a budget that is not reached changes nothing");

    let short = Budget::nodes(all / 2);
    let report = logic::solve_within(&board, &chain, &short);
    assert_eq!(report.outcome, Outcome::Stopped);
    assert!(short.exceeded());
    assert_eq!(short.spent(), all / 2 + 1, "the nodes allowed, and the one past");
    assert!(!report.grid.is_solved());
    assert!(report.outcome_sentence().starts_with("stopped: the budget ran out"));

    let late = Budget::new().deadline(Instant::now());
    let report = logic::solve_within(&board, &chain, &late);
    assert_eq!(report.outcome, Outcome::Stopped, "the deadline is looked at every 64 steps");
    assert!(late.exceeded() && late.spent() <= 64);
}
