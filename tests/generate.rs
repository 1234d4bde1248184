//! The generator: every puzzle has one solution (by DLX, not by the band engine the generator
//! uses), is minimal given by given (or symmetry group by group), has the grade asked for, and
//! follows from its seed.

mod common;

use backtrack::sudoku::generate::{Generator, Symmetry};
use backtrack::sudoku::logic::{self, Grade};
use backtrack::sudoku::{Board, Cell, ExactCover};
use common::{check_solution, run_backtrack, text};

/// Solutions by Dancing Links, up to two.
fn dlx_solutions(cover: &mut ExactCover, board: &Board) -> Vec<Board> {
    let mut solver = cover.solver(board);
    let mut found = Vec::new();
    while found.len() < 2 {
        let Some(options) = solver.next_solution() else { break };
        found.push(ExactCover::board(options));
    }
    found
}

/// The board without the digits of `cells`.
fn without(board: &Board, cells: &[Cell]) -> Board {
    let digits: [u8; 81] = std::array::from_fn(|i| {
        let cell = Cell::new(i);
        if cells.contains(&cell) { 0 } else { board.get(cell).map_or(0, |d| d.get()) }
    });
    Board::try_from(digits).unwrap()
}

/// The images of r,c under each symmetry on a grid of side `side`, written out here from the
/// definitions (not taken from the generator).
fn images(symmetry: Symmetry, side: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let last = side - 1;
    match symmetry {
        Symmetry::None => vec![],
        Symmetry::Rotational => vec![(last - r, last - c)],
        Symmetry::Quarter => vec![(c, last - r), (last - r, last - c), (last - c, r)],
        Symmetry::Mirror => vec![(r, last - c)],
        Symmetry::Diagonal => vec![(c, r)],
        Symmetry::Dihedral => vec![(r, last - c), (last - r, c), (last - r, last - c)],
    }
}

/// The cell `i` of a grid of side `side` and its images under `symmetry`, as indices.
fn group(symmetry: Symmetry, side: usize, i: usize) -> Vec<usize> {
    let images = images(symmetry, side, i / side, i % side);
    std::iter::once(i).chain(images.into_iter().map(|(r, c)| r * side + c)).collect()
}

#[test]
fn puzzles_are_unique_minimal_and_of_the_grade_asked() {
    let mut cover = ExactCover::new();
    let cases = [
        (Grade::Easy, Symmetry::None, 4),
        (Grade::Medium, Symmetry::Rotational, 3),
        (Grade::Hard, Symmetry::None, 1),
        (Grade::Fiendish, Symmetry::Mirror, 2),
        (Grade::NeedsGuessing, Symmetry::Dihedral, 2),
        (Grade::Easy, Symmetry::Quarter, 2),
        (Grade::Medium, Symmetry::Diagonal, 2),
    ];
    for (grade, symmetry, count) in cases {
        let generator = Generator::new(2026).grade(grade).symmetry(symmetry);
        for puzzle in generator.puzzles().take(count) {
            let board = &puzzle.board;
            let line = format!("{board:#}");
            // One solution, by another engine, keeping the rules and the givens.
            let solutions = dlx_solutions(&mut cover, board);
            assert_eq!(solutions.len(), 1, "{grade:?} {symmetry:?}: {line}");
            assert_eq!(solutions[0], puzzle.solution, "{line}");
            check_solution(&line, &format!("{:#}", puzzle.solution)).unwrap();
            // The givens follow the symmetry, and the puzzle is minimal: emptying any given
            // (with its images) leaves more than one solution.
            let givens: Vec<Cell> = Cell::all().filter(|&c| board.get(c).is_some()).collect();
            for &cell in &givens {
                let group: Vec<Cell> = group(symmetry, 9, cell.index()).into_iter().map(Cell::new).collect();
                for &image in &group {
                    assert!(board.get(image).is_some(), "{symmetry:?}: {cell} given, {image} not");
                }
                let fewer = without(board, &group);
                assert_eq!(dlx_solutions(&mut cover, &fewer).len(), 2, "{line}: {cell} is not needed");
            }
            // The grade, by the logic solver.
            assert_eq!(logic::solve(board).grade(), grade, "{line}");
            assert_eq!(puzzle.grade, grade);
            assert_eq!(puzzle.givens(), givens.len());
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let a: Vec<_> = Generator::new(9).puzzles().take(5).collect();
    let b: Vec<_> = Generator::new(9).puzzles().take(5).collect();
    assert_eq!(a, b);
    let c: Vec<_> = Generator::new(10).puzzles().take(5).collect();
    assert_ne!(a, c, "another seed, other puzzles");
    // Puzzle i does not depend on the ones before it.
    assert_eq!(Generator::new(9).puzzle(3).as_ref(), Some(&a[3]));
    // A grade that is not reached within the tries gives nothing, and says so.
    let rare = Generator::new(1).grade(Grade::Hard).max_tries(1);
    assert!((0..20).any(|i| rare.puzzle(i).is_none()));
}

/// The count of solutions tried, shared by the threads that make puzzles with one generator
/// (and its clones): every try of every puzzle, those that gave up included.
#[test]
fn every_try_is_counted_on_every_thread() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let tried = Arc::new(AtomicU64::new(0));
    let generator = Generator::new(4).grade(Grade::Hard).max_tries(10).count_tries(Arc::clone(&tried));
    let made: Vec<Option<u64>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..4)
            .map(|i| {
                let generator = generator.clone();
                scope.spawn(move || generator.puzzle(i).map(|p| p.tries))
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    // A puzzle made took its tries and one more; one not made, every try allowed.
    let expected: u64 = made.iter().map(|m| m.map_or(10, |tries| tries + 1)).sum();
    assert!(made.iter().any(Option::is_some) && made.contains(&None), "{made:?}");
    assert_eq!(tried.load(Ordering::Relaxed), expected, "{made:?}");
}

#[test]
fn the_command_prints_puzzles_one_a_line() {
    let args = ["generate", "--count", "6", "--seed", "3", "--grade", "medium", "--symmetry", "rotational"];
    let one = run_backtrack(&[&args[..], &["--jobs", "1"]].concat(), b"");
    let two = run_backtrack(&[&args[..], &["--jobs", "2"]].concat(), b"");
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert_eq!(one.stdout, two.stdout, "the same puzzles on any number of threads");
    let lines: Vec<String> = text(&one.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 6);
    for (i, line) in lines.iter().enumerate() {
        let board: Board = line.parse().unwrap();
        assert_eq!(board.count_solutions(2), 1);
        assert_eq!(
            Some(&board),
            Generator::new(3)
                .grade(Grade::Medium)
                .symmetry(Symmetry::Rotational)
                .puzzle(i as u64)
                .map(|p| p.board)
                .as_ref()
        );
    }

    let json = run_backtrack(&["generate", "--count", "2", "--seed", "4", "--format", "json"], b"");
    assert!(json.status.success());
    // `--grade any`, the default as `--help` says, makes the same puzzles.
    let any = run_backtrack(
        &["generate", "--count", "2", "--seed", "4", "--format", "json", "--grade", "any"],
        b"",
    );
    assert_eq!(text(&any.stdout), text(&json.stdout), "{}", text(&any.stderr));
    for (i, line) in text(&json.stdout).lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["number"], i + 1);
        assert_eq!(value["seed"], 4);
        let (puzzle, solution) = (value["puzzle"].as_str().unwrap(), value["solution"].as_str().unwrap());
        check_solution(puzzle, solution).unwrap();
        assert_eq!(value["givens"], puzzle.bytes().filter(u8::is_ascii_digit).count());
        assert!(
            ["easy", "medium", "hard", "fiendish", "needs guessing"]
                .contains(&value["grade"].as_str().unwrap())
        );
    }
    // The JSON lines are read back as they are, each to its solution.
    let solved = run_backtrack(&["sudoku", "--format", "line", "-f", "-"], &json.stdout);
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    let solutions: Vec<serde_json::Value> =
        text(&json.stdout).lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()).collect();
    let solutions: Vec<&str> = solutions.iter().map(|v| v["solution"].as_str().unwrap()).collect();
    assert_eq!(text(&solved.stdout).lines().collect::<Vec<_>>(), solutions);
}

#[test]
fn the_command_refuses_nonsense_and_says_when_it_gives_up() {
    let bad = run_backtrack(&["generate", "--grade", "impossible"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("impossible"), "{}", text(&bad.stderr));
    // A count of zero is refused in words, not with clap's range up to 2^64 - 1.
    for flag in ["--max-tries", "--count"] {
        let zero = run_backtrack(&["generate", flag, "0"], b"");
        assert_eq!(zero.status.code(), Some(2), "{flag}");
        let said = text(&zero.stderr);
        assert!(said.contains(&format!("'0' for '{flag} <N>': give 1 or more")), "{said}");
        assert!(!said.contains("18446744073709551615"), "{said}");
    }
    // Seed 2's first solution does not give a hard puzzle: one try is not enough.
    let stopped = run_backtrack(&["generate", "--grade", "hard", "--max-tries", "1", "--seed", "2"], b"");
    assert_eq!(stopped.status.code(), Some(3));
    assert!(
        text(&stopped.stderr).contains("no hard puzzle in 1 solution tried"),
        "{}",
        text(&stopped.stderr)
    );
}

/// Killers: cages of different values whose sums are the solution's, one solution (proved by
/// Dancing Links with the cages as options, a solver apart from the general engine the
/// generator asks), minimal (emptying any given leaves more), graded by the logic solver, and
/// read back by the command line from the line `generate --killer` prints.
#[test]
fn killers_are_unique_minimal_graded_and_read_back() {
    let generator = Generator::new(11).killer(true);
    for puzzle in generator.puzzles().take(12) {
        let geometry = puzzle.board.geometry();
        assert!(geometry.is_classic_killer());
        let digits = puzzle.solution.values();
        for cage in geometry.cages() {
            assert!((1..=4).contains(&cage.cells.len()), "{cage:?}");
            let values: std::collections::BTreeSet<u8> = cage.cells.iter().map(|&i| digits[i]).collect();
            assert_eq!(values.len(), cage.cells.len(), "different values in a cage");
            assert_eq!(values.iter().map(|&v| u32::from(v)).sum::<u32>(), cage.sum.unwrap());
        }
        let mut cover = ExactCover::with_cages(geometry).unwrap();
        assert_eq!(dlx_solutions(&mut cover, &puzzle.board).len(), 1, "{:#}", puzzle.board);
        for cell in Cell::all().filter(|&c| puzzle.board.get(c).is_some()) {
            let mut values: Vec<u8> = puzzle.board.values();
            values[cell.index()] = 0;
            let fewer = Board::from_values(geometry, &values).unwrap();
            assert_eq!(dlx_solutions(&mut cover, &fewer).len(), 2, "{cell} could go");
        }
        assert_eq!(logic::solve(&puzzle.board).grade(), puzzle.grade);
    }
    let same: Vec<_> = Generator::new(11).killer(true).puzzles().take(3).collect();
    assert_eq!(same, generator.puzzles().take(3).collect::<Vec<_>>());
    // The command line's lines are the variant file's: `sudoku -f` solves them to their solution.
    read_back(&["--killer", "--count", "5", "--seed", "4"]);
    // A grade asked for is kept.
    for puzzle in Generator::new(5).killer(true).grade(Grade::Easy).puzzles().take(3) {
        assert_eq!(puzzle.grade, Grade::Easy);
    }
}

/// A 6×6 jigsaw of six regions, drawn here (each region six cells side by side).
const JIGSAW_6: &str = "AAABBBAACCBBDACCBEDDCCEEDFFFFEDDFFEE";

/// Grids of other sizes and shapes: each puzzle keeps its grid's rules (by the checker of
/// tests/common, built from the rules), has one solution and is minimal by Dancing Links on the
/// grid's matrix (not the general engine the generator asks), follows its symmetry, and has the
/// grade the logic solver gives it.
#[test]
fn puzzles_of_every_grid_are_unique_minimal_and_graded() {
    use backtrack::sudoku::{Extra, Geometry};
    let latin_checker = |side| common::Rules::new(side, None, None, &[]);
    let cases = [
        (Geometry::of_side(4).unwrap(), common::Rules::new(4, Some((2, 2)), None, &[]), Symmetry::None),
        (Geometry::of_side(5).unwrap(), latin_checker(5), Symmetry::Rotational),
        (Geometry::boxed(2, 3).unwrap(), common::Rules::new(6, Some((2, 3)), None, &[]), Symmetry::Quarter),
        (Geometry::boxed(3, 2).unwrap(), common::Rules::new(6, Some((3, 2)), None, &[]), Symmetry::Mirror),
        (Geometry::boxed(2, 4).unwrap(), common::Rules::new(8, Some((2, 4)), None, &[]), Symmetry::None),
        (
            Geometry::jigsaw(6, JIGSAW_6).unwrap(),
            common::Rules::new(6, None, Some(JIGSAW_6), &[]),
            Symmetry::None,
        ),
        (
            Geometry::classic().with_extras(&[Extra::Diagonals]).unwrap(),
            common::Rules::new(9, Some((3, 3)), None, &["diagonals"]),
            Symmetry::Diagonal,
        ),
        (
            Geometry::classic().with_extras(&[Extra::Windoku]).unwrap(),
            common::Rules::new(9, Some((3, 3)), None, &["windoku"]),
            Symmetry::None,
        ),
    ];
    for (geometry, rules, symmetry) in cases {
        let name = geometry.name();
        let side = geometry.side();
        let mut cover = ExactCover::of(&geometry);
        let generator = Generator::new(8).symmetry(symmetry).geometry(&geometry).unwrap();
        for puzzle in generator.puzzles().take(3) {
            let board = &puzzle.board;
            let (line, solution) = (format!("{board:#}"), format!("{:#}", puzzle.solution));
            assert_eq!(board.geometry(), &geometry);
            assert_eq!(rules.check(&line, &solution), Ok(()), "{name}: {line}");
            assert_eq!(dlx_lines(&mut cover, board), std::slice::from_ref(&solution), "{name}: {line}");
            assert!(puzzle.minimal, "{name}: every check ends on a small grid");
            let values = board.values();
            let givens: Vec<usize> = (0..values.len()).filter(|&i| values[i] != 0).collect();
            assert_eq!(puzzle.givens(), givens.len());
            for &i in &givens {
                let mut fewer = values.clone();
                for j in group(symmetry, side, i) {
                    assert_ne!(values[j], 0, "{name} {symmetry:?}: cell {i} given, its image {j} not");
                    fewer[j] = 0;
                }
                let fewer = Board::from_values(&geometry, &fewer).unwrap();
                assert_eq!(dlx_lines(&mut cover, &fewer).len(), 2, "{name}: {line}: cell {i} is not needed");
            }
            assert_eq!(logic::solve(board).grade(), puzzle.grade, "{name}: {line}");
        }
        // The same seed, the same puzzles.
        let again = Generator::new(8).symmetry(symmetry).geometry(&geometry).unwrap();
        assert_eq!(again.puzzle(1), generator.puzzle(1), "{name}");
    }
    // A grade asked for on another grid is kept.
    let six = Geometry::boxed(2, 3).unwrap();
    for puzzle in Generator::new(1).grade(Grade::Medium).geometry(&six).unwrap().puzzles().take(2) {
        assert_eq!(logic::solve(&puzzle.board).grade(), Grade::Medium);
    }
    // Cages are refused with the reason: the generator makes a killer's own.
    let caged = six.with_cages(vec![backtrack::sudoku::Cage::new(vec![0, 1], Some(3))]).unwrap();
    let why = Generator::new(1).geometry(&caged).unwrap_err();
    assert!(why.contains("makes its own cages"), "{why}");
}

/// Puzzles with rules between cells (anti-knight, anti-king, non-consecutive, and the three at
/// once, the "miracle" grid): the rules kept, one solution and every given needed (each
/// emptied in turn leaves two), both by the plain search of tests/common, which Dancing Links
/// cannot stand in for here; graded by the logic solver; and the command line's lines read
/// back.
#[test]
fn puzzles_with_rules_between_cells_are_unique_minimal_and_graded() {
    use backtrack::sudoku::{Extra, Geometry};
    let six = Geometry::boxed(2, 3).unwrap();
    let cases = [
        (six.clone(), &[Extra::AntiKnight][..], Symmetry::None),
        (six.clone(), &[Extra::AntiKing], Symmetry::Rotational),
        (six.clone(), &[Extra::NonConsecutive], Symmetry::None),
        (Geometry::of_side(8).unwrap(), &[Extra::AntiKnight, Extra::Diagonals], Symmetry::None),
        (Geometry::classic(), &[Extra::AntiKing, Extra::AntiKnight], Symmetry::None),
        (Geometry::classic(), &[Extra::AntiKnight, Extra::AntiKing, Extra::NonConsecutive], Symmetry::None),
    ];
    for (base, extras, symmetry) in cases {
        let geometry = base.with_extras(extras).unwrap();
        let (name, side) = (geometry.name(), geometry.side());
        let names: Vec<&str> = extras.iter().map(|e| e.name()).collect();
        let rules = common::Rules::new(side, geometry.boxes(), None, &names);
        let generator = Generator::new(4).symmetry(symmetry).geometry(&geometry).unwrap();
        for puzzle in generator.puzzles().take(2) {
            let board = &puzzle.board;
            let (line, solution) = (format!("{board:#}"), format!("{:#}", puzzle.solution));
            assert_eq!(board.geometry(), &geometry);
            assert_eq!(rules.check(&line, &solution), Ok(()), "{name}: {line}");
            assert_eq!(rules.solutions(&line, 2), std::slice::from_ref(&solution), "{name}: {line}");
            assert!(puzzle.minimal, "{name}: no check is bounded on grids of up to 81 cells");
            let values = board.values();
            for i in (0..values.len()).filter(|&i| values[i] != 0) {
                let mut fewer = line.clone().into_bytes();
                for j in group(symmetry, side, i) {
                    assert_ne!(values[j], 0, "{name} {symmetry:?}: cell {i} given, its image {j} not");
                    fewer[j] = b'.';
                }
                let fewer = String::from_utf8(fewer).unwrap();
                assert_eq!(rules.solutions(&fewer, 2).len(), 2, "{name}: {line}: cell {i} is not needed");
            }
            assert_eq!(logic::solve(board).grade(), puzzle.grade, "{name}: {line}");
        }
    }
    read_back(&["--rules", "anti-knight", "--size", "6", "--count", "2", "--seed", "3"]);
    read_back(&[
        "--rules",
        "anti-king",
        "--boxes",
        "3x2",
        "--symmetry",
        "mirror",
        "--count",
        "2",
        "--seed",
        "3",
    ]);
    read_back(&["--rules", "non-consecutive", "--size", "9", "--count", "2", "--seed", "3"]);
    read_back(&["--killer", "--rules", "anti-knight", "--size", "6", "--count", "2", "--seed", "3"]);
    // Drawn, a puzzle says the rules its picture does not show, as `backtrack sudoku` does.
    let drawn =
        run_backtrack(&["generate", "--rules", "anti-knight", "--size", "6", "--format", "text"], b"");
    assert!(text(&drawn.stdout).contains("Its grid and rules: 6×6 (2×3 boxes), anti-knight\n"));
    let args = ["generate", "--killer", "--rules", "diagonals", "--size", "4", "--format", "text"];
    let drawn = text(&run_backtrack(&args, b"").stdout);
    assert!(drawn.contains("The cells of its extra houses (#)") && drawn.contains("Its cages"), "{drawn}");
    // No 6×6 grid keeps anti-king and non-consecutive (`backtrack sudoku --count` of the
    // empty grid says 0): said at once.
    let none = run_backtrack(&["generate", "--size", "6", "--rules", "anti-king,non-consecutive"], b"");
    assert_eq!(none.status.code(), Some(2));
    let said = text(&none.stderr);
    assert!(
        said.contains(
            "no filling of the 6×6 (2×3 boxes), anti-king, non-consecutive grid keeps its houses and rules"
        ),
        "{said}"
    );
}

/// Killers on small grids (4×4, a 5×5 Latin square, 6×6 both ways, a jigsaw, 8×8, 10×10,
/// X-Sudoku): cages of different values whose sums are the solution's, one solution (by
/// Dancing Links with the cages as options, not the engine the generator asks), every step of
/// the logic solver's explanation true of the solution the cages were cut from, its 45 rule
/// saying the grid's own total (21 on 6×6), and the command line's lines read back and checked
/// by the checker of tests/common. Then a 16×16 killer (Dancing Links takes minutes there: the
/// engine's proof is the generator's own), its explanation true of the solution the same way.
#[test]
fn killers_of_every_grid_are_unique_and_explained_truly() {
    use backtrack::sudoku::{Extra, Geometry};
    let cases = [
        Geometry::of_side(4).unwrap(),
        Geometry::of_side(5).unwrap(),
        Geometry::boxed(2, 3).unwrap(),
        Geometry::boxed(3, 2).unwrap(),
        Geometry::jigsaw(6, JIGSAW_6).unwrap(),
        Geometry::boxed(2, 4).unwrap(),
        Geometry::boxed(2, 5).unwrap(),
        Geometry::classic().with_extras(&[Extra::Diagonals]).unwrap(),
    ];
    let mut rules_seen = std::collections::BTreeSet::new();
    for geometry in cases {
        let generator = Generator::new(3).killer(true).geometry(&geometry).unwrap();
        for puzzle in generator.puzzles().take(3) {
            let solution = format!("{:#}", puzzle.solution);
            let mut cover = ExactCover::with_cages(puzzle.board.geometry()).unwrap();
            let name = geometry.name();
            let board = &puzzle.board;
            assert_eq!(dlx_lines(&mut cover, board), std::slice::from_ref(&solution), "{name}: {board:#}");
            rules_seen.extend(explained_truly(&puzzle, &geometry));
        }
    }
    // 16×16: the rule's total is 136, and a cage's many sets of values are counted.
    let sixteen = Geometry::of_side(16).unwrap();
    let puzzle = Generator::new(2).killer(true).geometry(&sixteen).unwrap().puzzle(0).unwrap();
    rules_seen.extend(explained_truly(&puzzle, &sixteen));
    assert!(rules_seen.contains(&136), "{rules_seen:?}");
    assert!(rules_seen.iter().any(|&total| total != 45), "the rule of another side: {rules_seen:?}");
    // The command line's lines: the variant file's, with the grid's fields.
    read_back(&["--killer", "--boxes", "2x3", "--count", "3", "--seed", "2"]);
    read_back(&["--killer", "--regions", JIGSAW_6, "--count", "2", "--seed", "2"]);
    read_back(&["--killer", "--size", "4", "--count", "2", "--seed", "2"]);
    read_back(&["--killer", "--boxes", "3x4", "--count", "2", "--seed", "2"]);
    // In JSON too, a killer whose length does not give its boxes says them.
    let out =
        run_backtrack(&["generate", "--killer", "--boxes", "3x2", "--format", "json", "--seed", "1"], b"");
    let made: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((&made["size"], &made["boxes"]), (&serde_json::json!(6), &serde_json::json!("3x2")));
    assert!(made["cages"].as_array().is_some_and(|cages| !cages.is_empty()), "{made}");
}

/// The checks of a killer `puzzle` on `geometry` that need no other solver: its cages of
/// different values whose sums are the solution's, and the logic solver's explanation within
/// the generator's bound, every step true of the solution, its grade the puzzle's, its 45 rule
/// saying the grid's own total; the totals its rule said.
fn explained_truly(
    puzzle: &backtrack::sudoku::generate::Puzzle,
    geometry: &backtrack::sudoku::Geometry,
) -> Vec<usize> {
    use backtrack::sudoku::generate::KILLER_STEPS;
    let (name, side) = (geometry.name(), geometry.side());
    let board = &puzzle.board;
    let caged = board.geometry();
    assert!(!caged.cages().is_empty() && caged.houses().len() == geometry.houses().len(), "{name}");
    let digits = puzzle.solution.values();
    for cage in caged.cages() {
        let values: std::collections::BTreeSet<u8> = cage.cells.iter().map(|&i| digits[i]).collect();
        assert_eq!(values.len(), cage.cells.len(), "{name}: different values in a cage");
        assert_eq!(values.iter().map(|&v| u32::from(v)).sum::<u32>(), cage.sum.unwrap());
    }
    let report = logic::solve_within(board, logic::standard(), &backtrack::Budget::nodes(KILLER_STEPS));
    assert_eq!(report.outcome, logic::Outcome::Solved, "{name}: {board:#}");
    assert_eq!(report.board(), puzzle.solution, "{name}");
    assert_eq!(report.grade(), puzzle.grade, "{name}");
    let mut totals = Vec::new();
    for step in &report.steps {
        for c in &step.placements {
            assert_eq!(c.digit.get(), digits[c.cell.index()], "{name}: {step}");
        }
        for c in &step.eliminations {
            assert_ne!(c.digit.get(), digits[c.cell.index()], "{name}: {step}");
        }
        if step.technique().name.starts_with("45 rule") {
            let total = side * (side + 1) / 2;
            assert!(step.to_string().starts_with(&format!("{total} rule")), "{name}: {step}");
            totals.push(total);
        }
    }
    totals
}

/// `backtrack generate ARGS` prints lines of the variant file, and `backtrack sudoku -f` solves
/// each to its solution, which keeps the line's rules (by the checker of tests/common); so does
/// it the lines of `--format json`, as they are (the puzzle in `puzzle`, `givens` its count).
fn read_back(args: &[&str]) {
    for format in [&[][..], &["--format", "json"]] {
        let args = [args, format].concat();
        let out = run_backtrack(&[&["generate"], &args[..]].concat(), b"");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let lines = text(&out.stdout);
        let solved = run_backtrack(&["sudoku", "--format", "json", "-f", "-"], lines.as_bytes());
        assert!(solved.status.success(), "{args:?}: {}", text(&solved.stderr));
        assert_eq!(text(&solved.stdout).lines().count(), lines.lines().count());
        for (line, answer) in lines.lines().zip(text(&solved.stdout).lines()) {
            let mut line: serde_json::Value = serde_json::from_str(line).unwrap();
            let answer: serde_json::Value = serde_json::from_str(answer).unwrap();
            assert_eq!(answer["solutions"][0], line["solution"], "{args:?}");
            assert_eq!(answer["unique"], true);
            let givens = match line["givens"].as_str() {
                Some(givens) => givens.to_string(),
                None => line["puzzle"].as_str().unwrap().to_string(),
            };
            // A grid its length gives: the JSON says no more than the length, and the boxes
            // are the size's own.
            if line["size"].is_null() {
                let side = givens.len().isqrt();
                let boxes = backtrack::sudoku::Geometry::of_side(side).unwrap().boxes();
                line["size"] = side.into();
                line["boxes"] = boxes.map(|(r, c)| format!("{r}x{c}")).into();
            }
            let rules = common::Rules::of_json(&line);
            assert_eq!(rules.check(&givens, line["solution"].as_str().unwrap()), Ok(()), "{args:?}");
        }
    }
}

/// Solutions on any grid by Dancing Links on its matrix, up to two, as lines.
fn dlx_lines(cover: &mut ExactCover, board: &Board) -> Vec<String> {
    let mut solver = cover.solver(board);
    let mut found = Vec::new();
    while found.len() < 2 {
        let Some(options) = solver.next_solution() else { break };
        found.push(format!("{:#}", ExactCover::board_of(board.geometry(), options)));
    }
    found
}

/// The command line: `--size`, `--boxes`, `--regions`, `--rules`; a puzzle whose length gives
/// its grid is a line, any other a line of the variant file; `backtrack sudoku` reads both back
/// to the solution; and what cannot be made is refused in words.
#[test]
fn the_command_makes_puzzles_of_any_grid() {
    let six = run_backtrack(&["generate", "--size", "6", "--count", "3", "--seed", "5"], b"");
    assert!(six.status.success(), "{}", text(&six.stderr));
    let lines = text(&six.stdout);
    assert_eq!(lines.lines().count(), 3);
    let counted = run_backtrack(&["sudoku", "--count", "--limit", "2", "-f", "-"], lines.as_bytes());
    assert!(counted.status.success(), "{}", text(&counted.stderr));
    for (line, count) in lines.lines().zip(text(&counted.stdout).lines()) {
        assert_eq!(line.len(), 36, "{line}");
        assert!(count.starts_with('1'), "{line}: {count}");
    }
    for args in [
        &["--regions", JIGSAW_6][..],
        &["--boxes", "3x2"],
        &["--rules", "diagonals"],
        &["--size", "4", "--rules", "diagonals"],
    ] {
        read_back(&[&["--count", "2", "--seed", "6"], args].concat());
    }
    // A grid drawn (`--format text`) is read back on the boxes it is drawn with, whatever its
    // size's own: to the solution of the same puzzle in JSON.
    for boxes in ["3x2", "4x3", "5x2", "2x4"] {
        let made = |format: &str| {
            let out = run_backtrack(&["generate", "--boxes", boxes, "--seed", "7", "--format", format], b"");
            assert!(out.status.success(), "{boxes}: {}", text(&out.stderr));
            text(&out.stdout)
        };
        let (drawn, json) = (made("text"), made("json"));
        let json: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        let solved = run_backtrack(&["sudoku", "--format", "json", "-f", "-"], drawn.as_bytes());
        assert!(solved.status.success(), "{boxes}: {}\n{drawn}", text(&solved.stderr));
        let answer: serde_json::Value = serde_json::from_str(text(&solved.stdout).trim()).unwrap();
        assert_eq!(
            (&answer["puzzle"], &answer["unique"]),
            (&json["puzzle"], &serde_json::json!(true)),
            "{boxes}"
        );
        assert_eq!(answer["solutions"][0], json["solution"], "{boxes}");
    }
    for (args, says) in [
        (&["--size", "3"][..], "--size"),
        (&["--size", "26"], "--size"),
        (&["--boxes", "1x3"], "side 3"),
        (&["--regions", "AABB"], "--regions: the map has 4 letters"),
        (&["--regions", "AAAAAAAAAAAAAAAA"], "--regions"),
        (&["--killer", "--symmetry", "none"], "--killer"),
        // Regions that no filling keeps (counted 0 by `backtrack sudoku --count`).
        (&["--regions", "AAABBBBACCCDDDDC"], "no filling of the 4×4 jigsaw grid keeps its houses"),
        // Rules whose empty grid the engine cannot fill within a try's bound: every try would
        // fail (a filling of this one takes 2.3 million guesses), so it is said at once.
        (
            &["--size", "16", "--rules", "anti-king,anti-knight,non-consecutive"],
            "grid found within 10000 guesses: its houses and rules leave too few grids",
        ),
    ] {
        let out = run_backtrack(&[&["generate"], args].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = text(&out.stderr);
        assert!(said.contains(says), "{args:?}: {said}");
        assert!(!said.contains("panicked"), "{said}");
    }
}

/// `--check-guesses`: the bound of each uniqueness check. Bounded at one guess, checks on a
/// 16×16 grid stop and keep their givens, and the JSON says the puzzle is not proved minimal
/// (still one solution, by Dancing Links); without a bound (0) every check ends, and every
/// given is needed (each emptied in turn leaves two solutions, by Dancing Links).
#[test]
fn the_bound_of_each_check_decides_whether_a_puzzle_is_proved_minimal() {
    use backtrack::sudoku::Geometry;
    let made = |bound: &str| {
        let out = run_backtrack(
            &["generate", "--size", "16", "--seed", "2", "--check-guesses", bound, "--format", "json"],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (json["puzzle"].as_str().unwrap().to_string(), json["minimal"].as_bool().unwrap())
    };
    let sixteen = Geometry::of_side(16).unwrap();
    let mut cover = ExactCover::of(&sixteen);
    let (quick, proved) = made("1");
    assert!(!proved, "a check of one guess stops on 16×16: {quick}");
    assert_eq!(dlx_lines(&mut cover, &Board::parse_in(&quick, &sixteen).unwrap()).len(), 1);
    let (thorough, proved) = made("0");
    assert!(proved);
    let board = Board::parse_in(&thorough, &sixteen).unwrap();
    assert_eq!(dlx_lines(&mut cover, &board).len(), 1);
    let values = board.values();
    for i in (0..values.len()).filter(|&i| values[i] != 0) {
        let mut fewer = values.clone();
        fewer[i] = 0;
        let fewer = Board::from_values(&sixteen, &fewer).unwrap();
        assert_eq!(dlx_lines(&mut cover, &fewer).len(), 2, "cell {i} is not needed: {thorough}");
    }
    let bad = run_backtrack(&["generate", "--check-guesses", "many"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("--check-guesses"), "{}", text(&bad.stderr));
}
