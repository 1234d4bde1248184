//! The logic solver: each technique on a position where it is the next step, soundness of every
//! step on real puzzles (checked against the driver's solution), explanations and grades.

mod common;

use backtrack::sudoku::logic::{Builtin, Evidence, Grade, Grid, Outcome, Step, Technique, solve, solve_with};
use backtrack::sudoku::{Board, Candidate, Cell, Cells, Digit, Digits, Geometry};
use common::*;

/// Every step of a solve is sound: it places the true digit, and never removes the true digit
/// of a cell. Bifurcation trials are checked for what they conclude, not for their inner steps
/// (a trial on a wrong digit reasons from a false premise, on purpose).
fn check_steps(steps: &[Step], solution: &Board, puzzle: &str) {
    for (n, step) in steps.iter().enumerate() {
        for &Candidate { cell, digit } in &step.placements {
            assert_eq!(
                solution.get(cell),
                Some(digit),
                "{puzzle}: step {} places a wrong digit: {step}",
                n + 1
            );
        }
        for &Candidate { cell, digit } in &step.eliminations {
            assert_ne!(
                solution.get(cell),
                Some(digit),
                "{puzzle}: step {} removes the true digit: {step}",
                n + 1
            );
        }
        if let Evidence::Bifurcation(trial) = &step.evidence {
            if solution.get(trial.cell) == Some(trial.digit) {
                check_steps(&trial.steps, solution, puzzle); // a trial of the true digit is sound throughout
            }
        }
    }
}

fn solve_and_check(set: &str) -> Vec<Grade> {
    let mut grades = Vec::new();
    for puzzle in puzzles(set) {
        let board: Board = puzzle.parse().unwrap();
        let truth = board.solve().expect("the driver solves it");
        let report = solve(&board);
        assert_eq!(report.outcome, Outcome::Solved, "{puzzle}");
        assert_eq!(format!("{:#}", report.board()), format!("{truth:#}"), "{puzzle}");
        check_solution(puzzle, &format!("{:#}", report.board())).unwrap();
        check_steps(&report.steps, &truth, puzzle);
        grades.push(report.grade());
    }
    grades
}

#[test]
fn top95_is_solved_soundly() {
    let grades = solve_and_check(TOP95);
    // Issue #12's goal: at least 90 % without bifurcation (forcing chains get there).
    let guessed = grades.iter().filter(|&&g| g == Grade::NeedsGuessing).count();
    assert!(guessed * 10 <= grades.len(), "{guessed} of {} puzzles need guessing", grades.len());
}

#[test]
fn top1465_sample_is_solved_soundly() {
    solve_and_check(TOP1465);
}

#[test]
fn seventeen_clue_sample_is_solved_soundly() {
    solve_and_check(SEVENTEEN);
}

#[test]
fn easy50_mostly_needs_no_guessing() {
    let grades = solve_and_check(EASY50);
    let guessing = grades.iter().filter(|&&g| g == Grade::NeedsGuessing).count();
    assert!(guessing <= 2, "Project Euler's puzzles are meant for people: {guessing} needed guessing");
}

// ---- One position per technique, built from an empty grid by removing candidates. ----

fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r - 1, c - 1)
}

fn d(n: u8) -> Digit {
    Digit::new(n)
}

/// Keep only `digits` as the candidates of `cell`.
fn keep(grid: &mut Grid, at: Cell, digits: &[u8]) {
    for x in Digit::all().filter(|x| !digits.contains(&x.get())) {
        grid.eliminate(at, x);
    }
}

/// Remove `digit` from every cell of `cells`.
fn remove(grid: &mut Grid, digit: u8, cells: impl IntoIterator<Item = Cell>) {
    for c in cells {
        grid.eliminate(c, d(digit));
    }
}

fn row(r: usize, except: &[usize]) -> Vec<Cell> {
    (1..=9).filter(|c| !except.contains(c)).map(|c| cell(r, c)).collect()
}

fn empty() -> Grid {
    Grid::new(&Board::empty())
}

/// An empty classic grid with these killer cages (each its sum and its cells' indices in
/// reading order), the other cells in no cage.
fn killer(cages: &[(u32, &[usize])]) -> Grid {
    let cages: Vec<String> =
        cages.iter().map(|(sum, cells)| format!(r#"{{"sum":{sum},"cells":{cells:?}}}"#)).collect();
    let line =
        format!(r#"{{"size":9,"boxes":"3x3","givens":"{}","cages":[{}]}}"#, ".".repeat(81), cages.join(","));
    Grid::new(&backtrack::sudoku::variant::Variant::from_json(&line).unwrap().board)
}

/// `technique` is the next step on `grid` (every easier one finds nothing), with exactly these
/// placements and eliminations. Returns the step.
fn expect(grid: &Grid, technique: Builtin, placements: &[(Cell, u8)], eliminations: &[(Cell, u8)]) -> Step {
    for &easier in Builtin::ALL.iter().take_while(|&&t| t != technique) {
        assert!(
            easier.find(grid).is_none(),
            "{easier} fires before {technique}: {}",
            easier.find(grid).unwrap()
        );
    }
    let step = technique.find(grid).unwrap_or_else(|| panic!("{technique} finds nothing"));
    assert_eq!(step.builtin(), Some(technique));
    let sorted = |v: &[Candidate]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let want =
        |v: &[(Cell, u8)]| sorted(&v.iter().map(|&(c, x)| Candidate::new(c, d(x))).collect::<Vec<_>>());
    assert_eq!(sorted(&step.placements), want(placements), "{step}");
    assert_eq!(sorted(&step.eliminations), want(eliminations), "{step}");
    step
}

fn each(cells: &[Cell], digits: &[u8]) -> Vec<(Cell, u8)> {
    cells.iter().flat_map(|&c| digits.iter().map(move |&x| (c, x))).collect()
}

#[test]
fn naked_single() {
    let mut g = empty();
    keep(&mut g, cell(4, 4), &[9]);
    let step = expect(&g, Builtin::NakedSingle, &[(cell(4, 4), 9)], &[]);
    assert_eq!(step.to_string(), "naked single: r4c4 can only be 9");
}

#[test]
fn hidden_single() {
    let mut g = empty();
    remove(
        &mut g,
        5,
        [cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)],
    );
    let step = expect(&g, Builtin::HiddenSingle, &[(cell(2, 2), 5)], &[]);
    assert_eq!(step.to_string(), "hidden single: 5 can only go in r2c2 in box 1");
}

#[test]
fn locked_candidates_pointing() {
    let mut g = empty();
    remove(&mut g, 4, [cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
    let step = expect(&g, Builtin::LockedCandidates, &[], &each(&row(1, &[1, 2, 3]), &[4]));
    assert_eq!(
        step.to_string(),
        "locked candidates (pointing): in box 1, 4 is only in row 1, so remove 4 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
    );
}

#[test]
fn locked_candidates_claiming() {
    let mut g = empty();
    remove(&mut g, 4, row(1, &[1, 2]));
    let rest: Vec<Cell> = [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)].map(|(r, c)| cell(r, c)).to_vec();
    let step = expect(&g, Builtin::LockedCandidates, &[], &each(&rest, &[4]));
    assert!(
        step.to_string()
            .starts_with("locked candidates (claiming): in row 1, 4 is only in box 1, so remove 4")
    );
}

#[test]
fn naked_pair() {
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2]);
    keep(&mut g, cell(1, 5), &[1, 2]);
    let step = expect(&g, Builtin::NakedPair, &[], &each(&row(1, &[1, 5]), &[1, 2]));
    assert!(
        step.to_string().starts_with("naked pair {1,2} in r1c1, r1c5 (row 1): remove 1 from r1c2"),
        "{step}"
    );
}

#[test]
fn hidden_pair() {
    let mut g = empty();
    remove(&mut g, 1, row(1, &[1, 4]));
    remove(&mut g, 2, row(1, &[1, 4]));
    let step = expect(&g, Builtin::HiddenPair, &[], &each(&[cell(1, 1), cell(1, 4)], &[3, 4, 5, 6, 7, 8, 9]));
    assert!(
        step.to_string().starts_with("hidden pair {1,2} in r1c1, r1c4 (row 1): no other digit fits there")
    );
}

#[test]
fn x_wing() {
    let mut g = empty();
    remove(&mut g, 4, row(2, &[3, 8]));
    remove(&mut g, 4, row(7, &[3, 8]));
    let others: Vec<Cell> = [1, 3, 4, 5, 6, 8, 9].iter().flat_map(|&r| [cell(r, 3), cell(r, 8)]).collect();
    let step = expect(&g, Builtin::XWing, &[], &each(&others, &[4]));
    assert!(
        step.to_string()
            .starts_with("X-wing on 4 in rows 2 and 7 (columns 3 and 8): remove 4 from r1c3, r1c8")
    );
}

#[test]
fn swordfish() {
    let mut g = empty();
    remove(&mut g, 5, row(1, &[1, 5]));
    remove(&mut g, 5, row(5, &[5, 9]));
    remove(&mut g, 5, row(9, &[1, 9]));
    let others: Vec<Cell> =
        [2, 3, 4, 6, 7, 8].iter().flat_map(|&r| [cell(r, 1), cell(r, 5), cell(r, 9)]).collect();
    let step = expect(&g, Builtin::Swordfish, &[], &each(&others, &[5]));
    assert!(step.to_string().starts_with("swordfish on 5 in rows 1, 5 and 9 (columns 1, 5 and 9)"), "{step}");
}

#[test]
fn jellyfish() {
    let mut g = empty();
    // Four rows, 6 only in columns 1, 2, 4 and 7: rows 1 and 2 three places each, rows 4 and 7
    // all four. No three rows make a fish, finned or not (the places of any column left out lie
    // in two bands), no line has two places only (else a Skyscraper or a Kite would come
    // first), no box has its 6 in one line (else locked candidates).
    remove(&mut g, 6, row(1, &[2, 4, 7]));
    remove(&mut g, 6, row(2, &[1, 4, 7]));
    remove(&mut g, 6, row(4, &[1, 2, 4, 7]));
    remove(&mut g, 6, row(7, &[1, 2, 4, 7]));
    let others: Vec<Cell> =
        [3, 5, 6, 8, 9].iter().flat_map(|&r| [cell(r, 1), cell(r, 2), cell(r, 4), cell(r, 7)]).collect();
    let step = expect(&g, Builtin::Jellyfish, &[], &each(&others, &[6]));
    assert!(
        step.to_string().starts_with("jellyfish on 6 in rows 1, 2, 4 and 7 (columns 1, 2, 4 and 7)"),
        "{step}"
    );
}

#[test]
fn finned_x_wing() {
    // 4 in row 2 only in columns 3 and 8; in row 7 in columns 3 and 8 and a fin, r7c2. Either
    // the X-Wing holds, or r7c2 is 4: the cells of columns 3 and 8 in the fin's box lose 4.
    let mut g = empty();
    remove(&mut g, 4, row(2, &[3, 8]));
    remove(&mut g, 4, row(7, &[2, 3, 8]));
    let step = expect(&g, Builtin::FinnedXWing, &[], &[(cell(8, 3), 4), (cell(9, 3), 4)]);
    assert_eq!(
        step.to_string(),
        "finned X-wing on 4 in rows 2 and 7 (columns 3 and 8), fin r7c2: either the fish holds or a fin \
         is 4, and either way: remove 4 from r8c3, r9c3"
    );
    assert_eq!(step.location(), "look at 4 in rows 2 and 7");
    assert_eq!(
        step.evidence_cells(&Geometry::classic()),
        Cells::from([cell(2, 3), cell(2, 8), cell(7, 3), cell(7, 8), cell(7, 2)])
    );
}

#[test]
fn finned_swordfish() {
    // 5 in rows 1 and 5 in columns 1, 5 and 9 (three places each: no Skyscraper), in row 9 in
    // columns 1 and 9 and a fin, r9c2.
    let mut g = empty();
    remove(&mut g, 5, row(1, &[1, 5, 9]));
    remove(&mut g, 5, row(5, &[1, 5, 9]));
    remove(&mut g, 5, row(9, &[1, 2, 9]));
    let step = expect(&g, Builtin::FinnedSwordfish, &[], &[(cell(7, 1), 5), (cell(8, 1), 5)]);
    assert!(
        step.to_string()
            .starts_with("finned swordfish on 5 in rows 1, 5 and 9 (columns 1, 5 and 9), fin r9c2"),
        "{step}"
    );
}

#[test]
fn finned_jellyfish() {
    // The jellyfish above, with a fin in row 7: r7c8, in box 9 with column 7.
    let mut g = empty();
    remove(&mut g, 6, row(1, &[2, 4, 7]));
    remove(&mut g, 6, row(2, &[1, 4, 7]));
    remove(&mut g, 6, row(4, &[1, 2, 4, 7]));
    remove(&mut g, 6, row(7, &[1, 2, 4, 7, 8]));
    let step = expect(&g, Builtin::FinnedJellyfish, &[], &[(cell(8, 7), 6), (cell(9, 7), 6)]);
    assert!(
        step.to_string()
            .starts_with("finned jellyfish on 6 in rows 1, 2, 4 and 7 (columns 1, 2, 4 and 7), fin r7c8"),
        "{step}"
    );
}

#[test]
fn naked_triple() {
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2]);
    keep(&mut g, cell(1, 4), &[2, 3]);
    keep(&mut g, cell(1, 7), &[1, 3]);
    let step = expect(&g, Builtin::NakedTriple, &[], &each(&row(1, &[1, 4, 7]), &[1, 2, 3]));
    assert!(step.to_string().starts_with("naked triple {1,2,3} in r1c1, r1c4, r1c7 (row 1)"));
}

#[test]
fn hidden_triple() {
    let mut g = empty();
    for x in [1, 2, 3] {
        remove(&mut g, x, row(1, &[1, 4, 7]));
    }
    expect(&g, Builtin::HiddenTriple, &[], &each(&[cell(1, 1), cell(1, 4), cell(1, 7)], &[4, 5, 6, 7, 8, 9]));
}

#[test]
fn naked_quad() {
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2]);
    keep(&mut g, cell(1, 4), &[2, 3]);
    keep(&mut g, cell(1, 7), &[3, 4]);
    keep(&mut g, cell(1, 9), &[1, 4]);
    expect(&g, Builtin::NakedQuad, &[], &each(&row(1, &[1, 4, 7, 9]), &[1, 2, 3, 4]));
}

#[test]
fn hidden_quad() {
    let mut g = empty();
    for x in [1, 2, 3, 4] {
        remove(&mut g, x, row(1, &[1, 4, 7, 9]));
    }
    let cells = [cell(1, 1), cell(1, 4), cell(1, 7), cell(1, 9)];
    expect(&g, Builtin::HiddenQuad, &[], &each(&cells, &[5, 6, 7, 8, 9]));
}

#[test]
fn skyscraper() {
    // 4 in rows 2 and 4 only in columns 3 and 8, and 3 and 7: the base r2c3, r4c3 share column 3,
    // so r2c8 or r4c7 is 4; the cells that see both lose it.
    let mut g = empty();
    remove(&mut g, 4, row(2, &[3, 8]));
    remove(&mut g, 4, row(4, &[3, 7]));
    let step = expect(
        &g,
        Builtin::Skyscraper,
        &[],
        &[(cell(1, 7), 4), (cell(3, 7), 4), (cell(5, 8), 4), (cell(6, 8), 4)],
    );
    assert_eq!(
        step.to_string(),
        "skyscraper on 4 in rows 2 and 4: r2c3 and r4c3 cannot both be 4, so r2c8 or r4c7 is: \
         remove 4 from r1c7, r3c7, r5c8, r6c8"
    );
    assert_eq!(step.location(), "look at 4 in rows 2 and 4");
    assert_eq!(step.evidence_cells(&Geometry::classic()).len(), 4);
}

#[test]
fn two_string_kite() {
    // 5 in row 1 only in columns 2 and 8, in column 1 only in rows 3 and 7: r1c2 and r3c1 share
    // box 1, so r1c8 or r7c1 is 5, and r7c8, which sees both, is not.
    let mut g = empty();
    remove(&mut g, 5, row(1, &[2, 8]));
    remove(&mut g, 5, [1, 2, 4, 5, 6, 8, 9].map(|r| cell(r, 1)));
    let step = expect(&g, Builtin::TwoStringKite, &[], &[(cell(7, 8), 5)]);
    assert_eq!(
        step.to_string(),
        "2-string kite on 5 in row 1 and column 1: r1c2 and r3c1 share a box and cannot both be 5, \
         so r1c8 or r7c1 is: remove 5 from r7c8"
    );
}

#[test]
fn y_wing() {
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2]);
    keep(&mut g, cell(1, 5), &[1, 3]);
    keep(&mut g, cell(5, 1), &[2, 3]);
    let step = expect(&g, Builtin::YWing, &[], &[(cell(5, 5), 3)]);
    assert_eq!(
        step.to_string(),
        "Y-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: one pincer is 3, so remove 3 from r5c5"
    );
}

#[test]
fn xyz_wing() {
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2, 3]);
    keep(&mut g, cell(1, 5), &[1, 3]);
    keep(&mut g, cell(2, 2), &[2, 3]);
    let step = expect(&g, Builtin::XyzWing, &[], &[(cell(1, 2), 3), (cell(1, 3), 3)]);
    assert!(step.to_string().starts_with("XYZ-wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}"));
}

#[test]
fn w_wing() {
    // r1c1 and r5c9 hold {3,7} and do not see each other; 3 in row 9 is only in r9c1 (which sees
    // r1c1) and r9c9 (which sees r5c9), so one of the two is 7: r1c9 and r5c1 see both.
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[3, 7]);
    keep(&mut g, cell(5, 9), &[3, 7]);
    remove(&mut g, 3, row(9, &[1, 9]));
    let step = expect(&g, Builtin::WWing, &[], &[(cell(1, 9), 7), (cell(5, 1), 7)]);
    assert_eq!(
        step.to_string(),
        "W-wing: r1c1 and r5c9 hold {3,7}; 3 in row 9 is r9c1 or r9c9, which see them, so one of them \
         is 7: remove 7 from r1c9, r5c1"
    );
    assert_eq!(step.location(), "look at r1c1 and r5c9, which hold {3,7}, and at row 9");
    assert_eq!(step.evidence_cells(&Geometry::classic()).len(), 4);
}

#[test]
fn x_chain() {
    // 4 in rows 1, 4 and 7 only in columns 1 and 5, 5 and 8, 8 and 2: if r1c1 is not 4, r1c5 is,
    // so r4c5 is not, so r4c8 is, so r7c8 is not, so r7c2 is. One of the ends is 4: the cells
    // that see both lose it. (Two rows at a time make Skyscrapers that remove nothing.)
    let mut g = empty();
    remove(&mut g, 4, row(1, &[1, 5]));
    remove(&mut g, 4, row(4, &[5, 8]));
    remove(&mut g, 4, row(7, &[8, 2]));
    let step = expect(
        &g,
        Builtin::XChain,
        &[],
        &[(cell(2, 2), 4), (cell(3, 2), 4), (cell(8, 1), 4), (cell(9, 1), 4)],
    );
    assert_eq!(
        step.to_string(),
        "X-chain on 4: r1c1≠4 → r1c5=4 → r4c5≠4 → r4c8=4 → r7c8≠4 → r7c2=4, so r1c1 or r7c2 is 4: \
         remove 4 from r2c2, r3c2, r8c1, r9c1"
    );
    assert_eq!(step.location(), "look at 4 from r1c1 to r7c2");
    assert_eq!(step.evidence_cells(&Geometry::classic()).len(), 6);
}

#[test]
fn xy_chain() {
    // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c9 {4,5}, r9c9 {5,1}: if r1c1 is not 1 it is 2, so
    // r1c5 is 3, so r5c5 is 4, so r5c9 is 5, so r9c9 is 1. One of the ends is 1: r1c9 and r9c1
    // see both. (No three of them make a Y-Wing: no two pincers share a digit; and no two
    // almost locked sets of them share two digits, so no ALS-XZ.)
    let mut g = empty();
    keep(&mut g, cell(1, 1), &[1, 2]);
    keep(&mut g, cell(1, 5), &[2, 3]);
    keep(&mut g, cell(5, 5), &[3, 4]);
    keep(&mut g, cell(5, 9), &[4, 5]);
    keep(&mut g, cell(9, 9), &[5, 1]);
    let step = expect(&g, Builtin::XyChain, &[], &[(cell(1, 9), 1), (cell(9, 1), 1)]);
    assert_eq!(
        step.to_string(),
        "XY-chain on 1: if r1c1 is not 1 it is 2 → r1c5 is 3 → r5c5 is 4 → r5c9 is 5 → r9c9 is 1, so \
         r1c1 or r9c9 is 1: remove 1 from r1c9, r9c1"
    );
    assert_eq!(step.location(), "look at the cells with two candidates from r1c1 to r9c9");
    assert_eq!(step.evidence_cells(&Geometry::classic()).len(), 5);
}

#[test]
fn alternating_inference_chain_through_a_group() {
    // 4 in row 1 only in r1c1 and the group r1c7-r1c8 (box 3); in column 9 only in r2c9 and
    // r9c9. If r1c1 is not 4, the group is, so r2c9 (in its box) is not, so r9c9 is: r9c1 sees
    // both ends. (One strong link without the group: no X-Chain.)
    let mut g = empty();
    remove(&mut g, 4, row(1, &[1, 7, 8]));
    remove(&mut g, 4, (1..=9).filter(|&r| r != 2 && r != 9).map(|r| cell(r, 9)));
    let step = expect(&g, Builtin::Aic, &[], &[(cell(9, 1), 4)]);
    assert_eq!(
        step.to_string(),
        "alternating inference chain: r1c1≠4 → r1c78=4 → r2c9≠4 → r9c9=4, so r1c1=4 or r9c9=4: \
         remove 4 from r9c1"
    );
    assert_eq!(step.location(), "follow the links from r1c1 (4) to r9c9 (4)");
    assert_eq!(
        step.evidence_cells(&Geometry::classic()),
        Cells::from([cell(1, 1), cell(1, 7), cell(1, 8), cell(2, 9), cell(9, 9)])
    );
}

#[test]
fn alternating_inference_chain_of_groups() {
    // magictour_top1465, line 60 of the sample: a group in column 1 and one in row 4, both in
    // box 4, hold its 1s between them.
    let step = real_step(
        Builtin::Aic,
        ".26.39......6....19.....7.......4..9.5....2....85.....3..2..9..4....762.........4",
        &[],
        &[(cell(4, 4), 1)],
    );
    assert_eq!(
        step.to_string(),
        "alternating inference chain: r1c4≠1 → r1c1=1 → r56c1≠1 → r4c23=1, so r1c4=1 or r4c23=1: \
         remove 1 from r4c4"
    );
}

#[test]
fn alternating_inference_chain_of_two_digits() {
    // Line 41: the chain ends on 3 in r2c9 and 2 in r7c9, which see each other: r2c9 is 3 or
    // r7c9 is 2, and if r2c9 were 2, neither could be.
    let step = real_step(
        Builtin::Aic,
        "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1..48..1..3......2..6...2..9...",
        &[],
        &[(cell(2, 9), 2)],
    );
    assert!(step.to_string().ends_with("so r2c9=3 or r7c9=2: remove 2 from r2c9"), "{step}");
}

/// The grid where every technique easier than `technique` is stuck, on a real puzzle, and the
/// puzzle's solution.
fn stuck_before(technique: Builtin, puzzle: &str) -> (Grid, Board) {
    let board: Board = puzzle.parse().unwrap();
    let easier: Vec<&dyn Technique> =
        Builtin::ALL.iter().take_while(|&&t| t != technique).map(|t| t as &dyn Technique).collect();
    let report = solve_with(&board, &easier);
    assert_eq!(report.outcome, Outcome::Stuck, "{puzzle}");
    (report.grid, board.solve().unwrap())
}

/// The grid of a real puzzle's solve just before its first step by `technique` (so every
/// easier technique finds nothing there), and the puzzle's solution.
fn before_first(technique: Builtin, puzzle: &str) -> (Grid, Board) {
    let board: Board = puzzle.parse().unwrap();
    let mut grid = Grid::new(&board);
    for step in solve(&board).steps.iter().take_while(|s| s.builtin() != Some(technique)) {
        for &Candidate { cell, digit } in &step.eliminations {
            grid.eliminate(cell, digit);
        }
        for &Candidate { cell, digit } in &step.placements {
            grid.place(cell, digit);
        }
    }
    (grid, board.solve().unwrap())
}

/// The first step by `technique` in the solve of a real puzzle, on the grid just before it:
/// every easier technique finds nothing there, the step makes exactly `eliminations` (or
/// `placements`), and each is sound against the puzzle's solution.
fn real_step(
    technique: Builtin,
    puzzle: &str,
    placements: &[(Cell, u8)],
    eliminations: &[(Cell, u8)],
) -> Step {
    let (grid, truth) = before_first(technique, puzzle);
    let step = expect(&grid, technique, placements, eliminations);
    check_steps(std::slice::from_ref(&step), &truth, puzzle);
    step
}

#[test]
fn simple_colouring_trap() {
    // magictour_top1465, line 254 (of the sample): the 7s joined by strong links, in two colours;
    // r1c1 and r2c1 see both.
    let step = real_step(
        Builtin::SimpleColouring,
        "....8.......9.....9.53..486.1........4..68..2...1..69.....9..676.8..32....2...1..",
        &[],
        &[(cell(1, 1), 7), (cell(2, 1), 7)],
    );
    assert!(
        step.to_string().ends_with(
            "one of the colours holds 7, and cells that see both lose it: remove 7 from r1c1, r2c1"
        ),
        "{step}"
    );
}

#[test]
fn simple_colouring_wrap() {
    // Line 240 of the sample: r4c5 and r4c7, both of one colour of the 4s, share row 4.
    let puzzle = "....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....";
    let (grid, _) = before_first(Builtin::SimpleColouring, puzzle);
    let step = Builtin::SimpleColouring.find(&grid).expect("a colour wrap");
    let wrong: Vec<(Cell, u8)> = step.eliminations.iter().map(|c| (c.cell, c.digit.get())).collect();
    assert!(wrong.contains(&(cell(4, 5), 4)) && wrong.contains(&(cell(4, 7), 4)), "{step}");
    real_step(Builtin::SimpleColouring, puzzle, &[], &wrong);
    assert!(step.to_string().contains("r4c5 and r4c7 have the same colour and see each other"), "{step}");
    assert_eq!(step.location(), "colour the places of 4 joined by strong links");
}

#[test]
fn unique_rectangle_type_1() {
    // magictour_top1465, line 1 of the sample: r8c2, r9c2 and r9c7 hold only {1,2}; r8c7 more.
    let step = real_step(
        Builtin::UniqueRectangle,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        &[],
        &[(cell(8, 7), 1), (cell(8, 7), 2)],
    );
    assert_eq!(
        step.to_string(),
        "unique rectangle type 1 on {1,2} in r8c2, r8c7, r9c2 and r9c7: r8c7 alone holds more than \
         {1,2}, and must be one of its other digits, or the four cells could swap 1 and 2 and the \
         puzzle would have two solutions: remove 1 from r8c7; remove 2 from r8c7"
    );
    assert_eq!(step.location(), "look at the rectangle r8c2, r8c7, r9c2 and r9c7, which holds {1,2}");
}

#[test]
fn unique_rectangle_type_2() {
    // Line 19: the roof r2c6 and r3c6 holds {1,4,8}; one of them is 8.
    let step = real_step(
        Builtin::UniqueRectangle,
        "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......3....",
        &[],
        &each(&[cell(2, 5), cell(3, 4), cell(5, 6), cell(7, 6), cell(9, 6)], &[8]),
    );
    assert!(
        step.to_string().contains("type 2 on {1,4} in r2c3, r2c6, r3c3 and r3c6: r2c6 or r3c6 is 8"),
        "{step}"
    );
}

#[test]
fn unique_rectangle_type_3() {
    // Line 15: the roof r2c4 and r3c4 holds {3,8} besides {1,4}; with r1c4 ({3,8}) they make a
    // naked pair in column 4.
    let step = real_step(
        Builtin::UniqueRectangle,
        "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......",
        &[],
        &[(cell(5, 4), 3), (cell(5, 4), 8)],
    );
    assert!(step.to_string().contains("with r1c4 they fill 2 cells of column 4 with {3,8}"), "{step}");
}

#[test]
fn unique_rectangle_type_4() {
    // Line 4: 4 in row 5 is r5c8 or r5c9, the roof of a rectangle on {4,6}: neither is 6.
    let step = real_step(
        Builtin::UniqueRectangle,
        "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
        &[],
        &[(cell(5, 8), 6), (cell(5, 9), 6)],
    );
    assert!(step.to_string().contains("4 in row 5 is r5c8 or r5c9, so neither is 6"), "{step}");
}

#[test]
fn uniqueness_needs_a_puzzle_with_one_solution() {
    // A grid of a puzzle proved to have one solution is known so; the empty board's is not.
    let (grid, _) = before_first(
        Builtin::UniqueRectangle,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    );
    assert!(grid.is_unique());
    assert!(Builtin::UniqueRectangle.find(&grid).is_some());

    let mut doubtful = Grid::new(&Board::empty());
    assert!(!doubtful.is_unique(), "the empty board has many solutions");
    doubtful.assume_unique();
    assert!(doubtful.is_unique());

    // A board with two solutions: a full grid without the four corners of a rectangle whose
    // digits can swap (x y / y x, in two boxes). It is not taken as unique, and its solve uses
    // no uniqueness technique (the fuzz target `logic_sound` checks every step of the solve of
    // grids with many solutions against all of them).
    // (A published grid, not `Board::empty().solve()`: which full grid a search fills in
    // first is the engine's choice, and a grid need not have such a rectangle.)
    let full: Board =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293".parse().unwrap();
    let digit = |r: usize, c: usize| full.get(Cell::at(r, c)).unwrap();
    let (r1, r2, c1, c2) = (0..9)
        .flat_map(|r1| (r1 + 1..9).map(move |r2| (r1, r2)))
        .flat_map(|(r1, r2)| (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2))))
        .find(|&(r1, r2, c1, c2)| {
            (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3)
                && digit(r1, c1) == digit(r2, c2)
                && digit(r1, c2) == digit(r2, c1)
        })
        .expect("a full grid has a rectangle that can swap");
    for cell in [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)] {
        full.clear(cell);
    }
    assert_eq!(full.count_solutions(3), 2, "{full}");
    assert!(!Grid::new(&full).is_unique());
    let report = solve(&full);
    assert_eq!(report.outcome, Outcome::Solved);
    let uniqueness = [Builtin::UniqueRectangle, Builtin::Bug];
    assert!(report.steps.iter().all(|s| !uniqueness.contains(&s.builtin().unwrap())));
}

#[test]
fn bug_plus_one() {
    // Line 128: every empty cell holds two candidates but r6c6 {3,6,9}; 6 has three places in
    // its row, column and box.
    let step = real_step(
        Builtin::Bug,
        "...9...7.9.5..4..3.3....2...9..7..6...715....1...8.....6....42.8...97..........3.",
        &[(cell(6, 6), 6)],
        &[],
    );
    assert_eq!(
        step.to_string(),
        "BUG+1: every empty cell but r6c6 holds two candidates, and r6c6 holds {3,6,9}; without 6 \
         there, every digit would have two places in each house and the puzzle two solutions or none: \
         r6c6 is 6"
    );
}

#[test]
fn als_xz() {
    // Line 5: A = r1c7 {6,9}, B = r3c3, r3c5, r3c6, r3c7 {2,4,6,8,9}; the 6s of A and B see each
    // other (box 3 and row 3), so one of them lacks 6 and is locked, and 9 is in A or B: r3c9
    // sees every 9 of both.
    let step = real_step(
        Builtin::AlsXz,
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
        &[],
        &[(cell(3, 9), 9)],
    );
    assert_eq!(
        step.to_string(),
        "ALS-XZ: r1c7 ({6,9}) in row 1 and r3c3, r3c5, r3c6 and r3c7 ({2,4,6,8,9}) in row 3 each hold \
         one digit more than cells; 6 is in one or the other, never both (its places see each other), \
         so the other set is locked and 9 is in one of them: remove 9 from r3c9"
    );
    assert_eq!(step.location(), "look at r1c7 in row 1 and r3c3, r3c5, r3c6 and r3c7 in row 3");
}

#[test]
fn forcing_chain_from_a_contradiction() {
    // top95, line 7: of r3c9's candidates {5,6,9}, 9 runs into a contradiction on singles alone.
    let (grid, truth) = stuck_before(
        Builtin::ForcingChain,
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
    );
    let step = expect(&grid, Builtin::ForcingChain, &[], &[(cell(3, 9), 9)]);
    check_steps(std::slice::from_ref(&step), &truth, "top95 line 7");
    assert_eq!(
        step.to_string(),
        "cell forcing chain on r3c9: r3c9=9 runs after 17 singles into: 7 has no place left in row 8; \
         so remove 9 from r3c9"
    );
    assert_eq!(step.location(), "follow each candidate of r3c9");
}

#[test]
fn forcing_chain_where_every_way_agrees() {
    // top95, line 93: r6c1 is 6 or 9; either way r6c4 loses 7.
    let (grid, truth) = stuck_before(
        Builtin::ForcingChain,
        ".5..9....1.....6.....3.8.....8.4...9514.......3....2..........4.8...6..77..15..6.",
    );
    let step = expect(&grid, Builtin::ForcingChain, &[], &[(cell(6, 4), 7)]);
    check_steps(std::slice::from_ref(&step), &truth, "top95 line 93");
    assert_eq!(
        step.to_string(),
        "cell forcing chain on r6c1: r6c1=6 leads there after 16 singles; r6c1=9 leads there after 1 \
         single; so remove 7 from r6c4"
    );
}

#[test]
fn bifurcation_is_explained_and_right() {
    let puzzle = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."; // magictour_top1465, line 2: no technique short of a trial solves it
    let board: Board = puzzle.parse().unwrap();
    let truth = board.solve().unwrap();
    let report = solve(&board);
    let step = report.steps.iter().find(|s| s.builtin() == Some(Builtin::Bifurcation)).unwrap();
    let Evidence::Bifurcation(trial) = &step.evidence else { unreachable!() };
    let (cell, candidates, digit, steps) = (&trial.cell, &trial.candidates, &trial.digit, &trial.steps);
    assert!(candidates.count() >= 2 && candidates.has(*digit));
    assert!(!steps.is_empty());
    let text = step.to_string();
    assert!(text.starts_with(&format!("bifurcation on {cell} ")), "{text}");
    if truth.get(*cell) == Some(*digit) {
        assert!(text.contains("leads to a solution"), "{text}");
    } else {
        assert!(text.contains(&format!("if {cell} were {digit}, then after")), "{text}");
    }
}

/// The search a bifurcation asks for a solution looks for a second one beside it, so that a
/// solve that guessed knows whether its answer is the only one: checked against a count of
/// the solutions, on a puzzle whose uniqueness is not assumed (anti-knight) and on two with
/// several solutions (a classic and an anti-knight puzzle, each with givens emptied).
#[test]
fn a_solve_that_guesses_knows_whether_its_solution_is_the_only_one() {
    let chain: [&dyn Technique; 3] = [&Builtin::NakedSingle, &Builtin::HiddenSingle, &Builtin::Bifurcation];
    let anti_knight = include_str!("data/variants_sigh.jsonl").lines().nth(5).unwrap();
    let anti_knight = backtrack::sudoku::variant::Variant::from_json(anti_knight).unwrap().board;
    assert_eq!(anti_knight.geometry().relation().map(|r| r.name()), Some("anti-knight"));
    let emptied = |board: &Board, keep: usize| {
        let board = board.clone();
        for cell in
            board.geometry().all_cells().filter(|&c| board.get(c).is_some()).skip(keep).collect::<Vec<_>>()
        {
            board.clear(cell);
        }
        board
    };
    let classic: Board = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........." // magictour_top1465, line 2
        .parse()
        .unwrap();
    for (board, name) in [
        (anti_knight.clone(), "anti-knight"),
        (emptied(&anti_knight, 4), "anti-knight with four givens"),
        (emptied(&classic, 12), "classic with twelve givens"),
    ] {
        let report = solve_with(&board, &chain);
        assert_eq!(report.outcome, Outcome::Solved, "{name}");
        assert!(report.steps.iter().any(|s| s.builtin() == Some(Builtin::Bifurcation)), "{name}");
        let only = board.count_solutions(2) == 1;
        assert_eq!(only, name == "anti-knight", "{name}: the emptied puzzles have several solutions");
        assert_eq!(report.grid.uniqueness(), Some(only), "{name}");
    }
}

#[test]
fn a_contradictory_puzzle_names_its_contradiction() {
    // No rule is broken by the givens, but r1c9 has no candidate.
    let board: Board = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)).parse().unwrap();
    let report = solve(&board);
    assert_eq!(
        report.outcome,
        Outcome::Contradiction(backtrack::sudoku::logic::Contradiction::NoCandidate(cell(1, 9)))
    );
    assert_eq!(report.outcome_sentence(), "no solution: r1c9 has no candidate left");
}

#[test]
fn grades_follow_the_hardest_technique() {
    assert_eq!(Grade::of(None), Grade::Easy);
    assert_eq!(Grade::of(Some(Builtin::HiddenSingle.into())), Grade::Easy);
    assert_eq!(Grade::of(Some(Builtin::LockedCandidates.into())), Grade::Medium);
    assert_eq!(Grade::of(Some(Builtin::XWing.into())), Grade::Hard);
    assert_eq!(Grade::of(Some(Builtin::YWing.into())), Grade::Fiendish);
    assert_eq!(Grade::of(Some(Builtin::Bifurcation.into())), Grade::NeedsGuessing);
    let ratings: Vec<f32> = Builtin::ALL.iter().skip(1).map(|t| t.rating()).collect();
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "ALL is ordered by rating after the naked single");
    let _ = Digits::empty();
}

/// The logic solver's report on a killer within `steps` steps, every placement and elimination
/// of it checked against the published solution (when there is one).
fn every_step_true_of(
    variant: &backtrack::sudoku::variant::Variant,
    steps: u64,
    id: &serde_json::Value,
) -> backtrack::sudoku::logic::SolveReport {
    let chain: Vec<&dyn Technique> = Builtin::ALL.iter().map(|t| t as &dyn Technique).collect();
    let report =
        backtrack::sudoku::logic::solve_within(&variant.board, &chain, &backtrack::Budget::nodes(steps));
    if let Some(published) = &variant.solution {
        let value = |cell: Cell| Digit::new(published.as_bytes()[cell.index()] - b'0');
        for step in &report.steps {
            for c in &step.placements {
                assert_eq!(c.digit, value(c.cell), "{id}: {step}");
            }
            for c in &step.eliminations {
                assert_ne!(c.digit, value(c.cell), "{id}: {step}");
            }
        }
    }
    report
}

/// The killers of sigh's examples (MIT, in `tests/data/variants_sigh.jsonl`): solved by the
/// logic solver as a person solves them, every step true of the published solution, the
/// answer checked against the rules by the tests' own checker. The hard one ("0 cage, hard")
/// needs guessing: its bifurcations try the solution's digits, so it is solved well within the
/// 5,000 steps it is given (trials count theirs), each of them checked.
#[test]
fn killers_are_solved_with_cage_combinations_and_the_45_rule_as_published() {
    let (mut killers, mut solved) = (0, 0);
    let mut used = std::collections::BTreeSet::new();
    for line in puzzles(VARIANTS_SIGH) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = backtrack::sudoku::variant::Variant::from_json(line).unwrap();
        if !variant.board.geometry().is_classic_killer() {
            continue;
        }
        killers += 1;
        let report = every_step_true_of(&variant, 5_000, &fields["id"]);
        used.extend(report.steps.iter().map(|s| s.technique().name));
        match report.outcome {
            Outcome::Solved => {
                solved += 1;
                let answer = format!("{:#}", report.board());
                if let Some(published) = &variant.solution {
                    assert_eq!(&answer, published, "{}", fields["id"]);
                }
                let givens = fields["givens"].as_str().unwrap();
                assert_eq!(Rules::of_json(&fields).check(givens, &answer), Ok(()), "{}", fields["id"]);
            }
            other => panic!("{}: {other:?}", fields["id"]),
        }
    }
    assert_eq!((killers, solved), (4, 4));
    assert!(used.contains("cage combination") && used.contains("45 rule"), "{used:?}");
}

/// A forcing chain on a killer follows each way with the cage combinations besides the singles,
/// as a person following it would: sigh's "White Room" (no givens, eight cages over 18 cells)
/// needed guessing while its ways saw no cage. It is solved without a guess now, every step
/// true of its one solution (found and proved unique by the general engine, and checked
/// against the rules by the tests' own checker).
#[test]
fn a_killers_forcing_chains_follow_its_cages() {
    let line = puzzles(VARIANTS_SIGH).find(|l| l.contains("White Room")).unwrap();
    let fields: serde_json::Value = serde_json::from_str(line).unwrap();
    let variant = backtrack::sudoku::variant::Variant::from_json(line).unwrap();
    let mut search = backtrack::sudoku::search::Solutions::new(&variant.board);
    let truth = search.next().map(|_| search.board()).unwrap();
    assert!(search.next().is_none(), "one solution");
    let givens = fields["givens"].as_str().unwrap();
    Rules::of_json(&fields).check(givens, &format!("{truth:#}")).unwrap();

    let report = solve(&variant.board);
    assert_eq!(report.outcome, Outcome::Solved);
    assert_eq!(format!("{:#}", report.board()), format!("{truth:#}"));
    check_steps(&report.steps, &truth, "White Room");
    assert_eq!(report.grade(), Grade::Fiendish);
    let chains: Vec<String> = report
        .steps
        .iter()
        .filter(|s| s.builtin() == Some(Builtin::ForcingChain))
        .map(|s| s.to_string())
        .collect();
    assert!(!chains.is_empty());
    for chain in &chains {
        assert!(chain.contains(", each way followed with singles and cage combinations: "), "{chain}");
        assert!(chain.contains(" steps") && !chain.contains(" singles;"), "{chain}");
    }
}

/// The 45 rule on a band of rows, columns or boxes, on the killers of sigh's examples and the three
/// hard ones (`tests/data/killers_hard.jsonl`, no givens, cages across boxes): every step of
/// the first 2,000 true of the published solution (the band's cells may repeat a value, and a
/// cell of the band may be placed already), and the band step and cage unit overlap found among
/// them.
#[test]
fn the_45_rule_on_a_band_is_true_of_the_published_solutions() {
    let (mut bands, mut pointing) = (0, 0);
    for line in puzzles(VARIANTS_SIGH).chain(puzzles(KILLERS_HARD)) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = backtrack::sudoku::variant::Variant::from_json(line).unwrap();
        if variant.solution.is_none() || !variant.board.geometry().is_classic_killer() {
            continue;
        }
        let report = every_step_true_of(&variant, 2_000, &fields["id"]);
        bands += report.steps.iter().filter(|s| s.technique().name == "45 rule on a band").count();
        pointing += report.steps.iter().filter(|s| s.builtin() == Some(Builtin::CageUnitOverlap)).count();
    }
    // tarek's "unsolvable #41" takes four, "0 cage, hard" one.
    assert!(bands >= 5, "{bands}");
    // Cage unit overlap, checked against the same published solutions: steps of theirs outside
    // the bifurcations' trials.
    assert!(pointing >= 10, "{pointing}");
}

/// A cage step keeps exactly the values that some filling of the cage uses: counted here by
/// trying every filling of a small cage.
#[test]
fn a_cage_keeps_the_values_some_filling_uses() {
    // Row 1 split into cages of 2, 3 and 4 cells; the rest of the grid free.
    for (sums, seed) in [([3, 24, 18], 0u64), ([17, 6, 22], 1), ([10, 12, 23], 2), ([4, 23, 18], 3)] {
        let _ = seed;
        let grid = killer(&[(sums[0], &[0, 1]), (sums[1], &[2, 3, 4]), (sums[2], &[5, 6, 7, 8])]);
        let step = Builtin::CageCombination.find(&grid).expect("a cage of 2 to 4 cells rules values out");
        let Evidence::CageCombination(cage) = &step.evidence else { panic!("{step}") };
        let cage = &cage.0;
        // Every filling of the cage by different values 1..=9 with its sum, by brute force.
        let k = cage.cells.len();
        let mut can = vec![Digits::empty(); k];
        for n in 0..9usize.pow(k as u32) {
            let values: Vec<usize> = (0..k).map(|i| n / 9usize.pow(i as u32) % 9 + 1).collect();
            let distinct = values.iter().collect::<std::collections::BTreeSet<_>>().len() == k;
            if distinct && values.iter().sum::<usize>() == cage.sum as usize {
                for (i, &v) in values.iter().enumerate() {
                    can[i] |= Digits::from(Digit::new(v as u8));
                }
            }
        }
        for (i, &cell) in cage.cells.iter().enumerate() {
            let removed: Digits =
                step.eliminations.iter().filter(|c| c.cell == cell).map(|c| Digits::from(c.digit)).collect();
            assert_eq!(grid.candidates(cell) - removed, can[i], "{step}");
        }
    }
}

/// Cage unit overlap, pointing: a cage of 22 over r1c3, r2c3 and r2c4 (no house holds it) holds {5,8,9} or
/// {6,7,9}, so 9 is in it; with 9 gone from r2c4 it can only go in r1c3 or r2c3, which column
/// 3 and box 1 both see: the rest of column 3 and of box 1 lose 9. Every easier technique,
/// the cage combination and the 45 rule among them, finds nothing first.
#[test]
fn cage_unit_overlap_pointing() {
    let mut grid = killer(&[(22, &[2, 11, 12])]);
    keep(&mut grid, cell(1, 3), &[5, 6, 7, 8, 9]);
    keep(&mut grid, cell(2, 3), &[5, 6, 7, 8, 9]);
    keep(&mut grid, cell(2, 4), &[5, 6, 7, 8]);
    let mut seen: Vec<Cell> = (3..=9).map(|r| cell(r, 3)).collect();
    seen.extend([cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2), cell(3, 1), cell(3, 2)]);
    let step = expect(&grid, Builtin::CageUnitOverlap, &[], &each(&seen, &[9]));
    assert_eq!(
        step.to_string(),
        "cage unit overlap (pointing): r1c3, r2c3 and r2c4 add up to 22 with {5,8,9} or {6,7,9}, so \
         9 is in the cage, in r1c3 or r2c3; the cells that see them all cannot hold it, so remove 9 \
         from r1c1, r1c2, r2c1, r2c2, r3c1, r3c2, r3c3, r4c3, r5c3, r6c3, r7c3, r8c3, r9c3"
    );
    assert_eq!(step.location(), "look at 9 in the cage of r1c3, r2c3 and r2c4 (22)");
    // With 9 in r2c4 as well, only the cells that see all three lose it: r2c1 and r2c2 (row 2
    // and box 1).
    let mut wider = killer(&[(22, &[2, 11, 12])]);
    keep(&mut wider, cell(1, 3), &[5, 6, 7, 8, 9]);
    keep(&mut wider, cell(2, 3), &[5, 6, 7, 8, 9]);
    keep(&mut wider, cell(2, 4), &[5, 6, 7, 8, 9]);
    let step = expect(&wider, Builtin::CageUnitOverlap, &[], &each(&[cell(2, 1), cell(2, 2)], &[9]));
    assert!(step.to_string().contains("so 9 is in the cage, in r1c3, r2c3 or r2c4;"), "{step}");
    // Once they have lost it, nothing is left to point at (5, 6, 7 and 8 are each in one
    // combination only).
    remove(&mut wider, 9, [cell(2, 1), cell(2, 2)]);
    assert!(Builtin::CageUnitOverlap.find(&wider).is_none());
}

/// Cage unit overlap, claiming: row 1's 7 only in r1c3 or r1c4, both in a cage of 10 over r1c3,
/// r1c4 and r2c4 (no house holds it): the cage holds 7, so {1,2,7}, never {1,3,6}, {1,4,5} or
/// {2,3,5}, and r2c4 is not 7.
#[test]
fn cage_unit_overlap_claiming() {
    let step = claimed(10, [&[1, 2, 3, 4, 5, 6, 7]; 3]);
    assert_eq!(
        step.to_string(),
        "cage unit overlap (claiming): in row 1, 7 can only go in r1c3 or r1c4, all in the cage of \
         r1c3, r1c4 and r2c4 (10), so the cage holds 7, with {1,2,7}: r1c3 and r1c4 keep {1,2,7}; \
         r2c4 keeps {1,2}"
    );
    assert_eq!(step.location(), "look at 7 in row 1 and the cage of r1c3, r1c4 and r2c4 (10)");
}

/// Claiming reads the ways that put the value in the house: a cage of 15 over r1c3 {3,7}, r1c4
/// {5,6,7} and r2c4 {2,5,7} can be 3 + 5 + 7 with the 7 in r2c4, but row 1's 7 is in r1c3 or
/// r1c4, so the 5 of r1c4 goes with the 7 of r2c4 (its one way left is 3 + 7 + 5).
#[test]
fn cage_unit_overlap_claiming_puts_the_value_in_the_house() {
    let step = claimed(15, [&[3, 7], &[5, 6, 7], &[2, 5, 7]]);
    assert_eq!(
        step.to_string(),
        "cage unit overlap (claiming): in row 1, 7 can only go in r1c3 or r1c4, all in the cage of \
         r1c3, r1c4 and r2c4 (15), so the cage holds 7, with {2,6,7} or {3,5,7}: r1c4 keeps {6,7}; \
         r2c4 keeps {2,5}"
    );
}

/// The claiming step on a cage of `sum` over r1c3, r1c4 and r2c4, each cell with its `options`,
/// row 1's 7 only in r1c3 or r1c4: it is the next step, and what it keeps is checked against
/// every filling of the cage with 7 in r1c3 or r1c4, by brute force.
fn claimed(sum: u8, options: [&[u8]; 3]) -> Step {
    let mut grid = killer(&[(u32::from(sum), &[2, 3, 12])]);
    let cage = [cell(1, 3), cell(1, 4), cell(2, 4)];
    for (at, options) in cage.into_iter().zip(options) {
        keep(&mut grid, at, options);
    }
    remove(&mut grid, 7, row(1, &[3, 4]));
    let mut kept = [Digits::empty(); 3];
    for (a, b, c) in itertools::iproduct!(options[0], options[1], options[2]) {
        if a != b && b != c && a != c && a + b + c == sum && (*a == 7 || *b == 7) {
            for (k, &v) in kept.iter_mut().zip([a, b, c]) {
                *k |= Digits::from(d(v));
            }
        }
    }
    let gone: Vec<(Cell, u8)> = cage
        .iter()
        .zip(kept)
        .zip(options)
        .flat_map(|((&c, k), options)| options.iter().filter(move |&&x| !k.has(d(x))).map(move |&x| (c, x)))
        .collect();
    expect(&grid, Builtin::CageUnitOverlap, &[], &gone)
}

/// Crossed combinations: a cage of 17 in r1c1 and r1c2 holds {8,9}; a cage of 10 in r1c4 and
/// r1c5, in the same row, then holds neither 8 nor 9. What the step keeps is checked against
/// every filling of the two cages, by brute force.
#[test]
fn crossed_combinations() {
    let mut grid = killer(&[(17, &[0, 1]), (10, &[3, 4])]);
    keep(&mut grid, cell(1, 1), &[8, 9]);
    keep(&mut grid, cell(1, 2), &[8, 9]);
    let step = Builtin::CrossedCombinations.find(&grid).expect("the cage of 10 loses 8 and 9");
    assert_eq!(
        step.to_string(),
        "crossed combinations: in row 1, r1c1 and r1c2 add up to 17 with {8,9}; r1c4 and r1c5 (10) \
         share no value with them, so they hold {3,7} or {4,6}: r1c4 and r1c5 keep {3,4,6,7}"
    );
    // By brute force: the values r1c4 and r1c5 take in some filling of both cages, apart.
    let mut can = [Digits::empty(); 2];
    for (a, b, x, y) in itertools::iproduct!(1..=9u8, 1..=9u8, 1..=9u8, 1..=9u8) {
        let distinct = [a, b, x, y].iter().collect::<std::collections::BTreeSet<_>>().len() == 4;
        if distinct && a + b == 17 && x + y == 10 {
            can[0] |= Digits::from(d(x));
            can[1] |= Digits::from(d(y));
        }
    }
    for (i, at) in [cell(1, 4), cell(1, 5)].into_iter().enumerate() {
        let gone: Digits =
            step.eliminations.iter().filter(|c| c.cell == at).map(|c| Digits::from(c.digit)).collect();
        assert_eq!(grid.candidates(at) - gone, can[i], "{step}");
    }
    assert!(step.eliminations.iter().all(|c| [cell(1, 4), cell(1, 5)].contains(&c.cell)), "{step}");
    // Each cage left with what the other allows, nothing more to cross.
    let mut after = grid.clone();
    for c in &step.eliminations {
        after.eliminate(c.cell, c.digit);
    }
    assert!(Builtin::CrossedCombinations.find(&after).is_none());
}

/// A 10×10 killer (2×5 boxes, one given; made by `generate --killer --size 10 --seed 5`, its
/// seventh) that needs guessing without crossed combinations: solved with them, medium, every
/// step true of its one solution (found and proved unique by the general engine, checked
/// against the rules by the tests' own checker).
#[test]
fn crossed_combinations_solve_a_killer_without_a_guess() {
    let line = r#"{"size":10,"boxes":"2x5","givens":"...........................................................................................8........","cages":[{"sum":17,"cells":[43,33]},{"sum":24,"cells":[60,70,50]},{"sum":16,"cells":[27,17,37]},{"sum":14,"cells":[83,73,84]},{"sum":27,"cells":[14,15,13,4]},{"sum":14,"cells":[38,28,29,18]},{"sum":13,"cells":[97,87,86]},{"sum":15,"cells":[75,65,76,77]},{"sum":18,"cells":[85,95,96,94]},{"sum":23,"cells":[98,88,78]},{"sum":10,"cells":[19,9]},{"sum":18,"cells":[21,11,20,1]},{"sum":13,"cells":[22,12,23]},{"sum":28,"cells":[24,25,34,44]},{"sum":18,"cells":[26,16,6]},{"sum":15,"cells":[41,40,42]},{"sum":14,"cells":[0,10]},{"sum":16,"cells":[49,48,39,47]},{"sum":16,"cells":[55,56,54]},{"sum":15,"cells":[35,36]},{"sum":8,"cells":[45,46]},{"sum":7,"cells":[52,53]},{"sum":18,"cells":[90,80,81,82]},{"sum":12,"cells":[74,64,63]},{"sum":10,"cells":[99,89]},{"sum":12,"cells":[7,8]},{"sum":24,"cells":[93,92,91]},{"sum":7,"cells":[71,61]},{"sum":17,"cells":[66,67,57]},{"sum":24,"cells":[68,58,69]},{"sum":21,"cells":[32,31,30]},{"sum":9,"cells":[5]},{"sum":4,"cells":[3,2]},{"sum":16,"cells":[72,62]},{"sum":2,"cells":[51]},{"sum":10,"cells":[59]},{"sum":5,"cells":[79]}]}"#;
    let fields: serde_json::Value = serde_json::from_str(line).unwrap();
    let variant = backtrack::sudoku::variant::Variant::from_json(line).unwrap();
    let mut search = backtrack::sudoku::search::Solutions::new(&variant.board);
    let truth = search.next().map(|_| search.board()).unwrap();
    assert!(search.next().is_none(), "one solution");
    Rules::of_json(&fields).check(fields["givens"].as_str().unwrap(), &format!("{truth:#}")).unwrap();
    let report = solve(&variant.board);
    assert_eq!(report.outcome, Outcome::Solved);
    assert_eq!(format!("{:#}", report.board()), format!("{truth:#}"));
    check_steps(&report.steps, &truth, "10×10 killer");
    assert_eq!(report.grade(), Grade::Medium);
    let crossed = report.steps.iter().filter(|s| s.builtin() == Some(Builtin::CrossedCombinations)).count();
    assert!(crossed >= 1, "{crossed}");
    // Without them, the rest of the chain has to guess.
    let without: Vec<&dyn Technique> = Builtin::ALL
        .iter()
        .filter(|&&t| t != Builtin::CrossedCombinations)
        .map(|t| t as &dyn Technique)
        .collect();
    assert_eq!(solve_with(&variant.board, &without).grade(), Grade::NeedsGuessing);
}

#[test]
fn explain_shows_a_killers_cages_and_steps_a_person_can_follow() {
    let killer = puzzles(VARIANTS_SIGH).find(|l| l.contains("Killer sudoku [gaps]")).unwrap();
    let out = run_backtrack(&["sudoku", "--explain", "-f", "-"], killer.as_bytes());
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("Its cages (a letter each, then their sums):"), "{stdout}");
    assert!(
        stdout.contains(
            "1. cage combination: r2c3 and r2c4 add up to 17 with {8,9}, so r2c3 and r2c4 keep {8,9}"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("45 rule (innies): row 9 adds up to 45"), "{stdout}");
    assert!(stdout.contains("solved (medium"), "{stdout}");
}

/// The relations between cells (sigh's examples, `tests/data/variants_sigh.jsonl`): anti-knight,
/// anti-knight with anti-king, anti-knight with non-consecutive, and the hard non-consecutive
/// one within 2,000 steps. Every step true of the published solution (a knight's or a king's
/// move makes peers, side by side cells lose the values one apart); those with a published
/// solution solved to it, checked by the rules; the non-consecutive step explained.
#[test]
fn relations_between_cells_are_solved_as_published() {
    let (mut solved, mut chains) = (0, 0);
    for line in puzzles(VARIANTS_SIGH) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = backtrack::sudoku::variant::Variant::from_json(line).unwrap();
        if variant.board.geometry().relation().is_none() {
            continue;
        }
        assert!(backtrack::sudoku::logic::supports(variant.board.geometry()).is_ok());
        let report = every_step_true_of(&variant, 2_000, &fields["id"]);
        if let (Outcome::Solved, Some(published)) = (&report.outcome, &variant.solution) {
            let answer = format!("{:#}", report.board());
            assert_eq!(&answer, published, "{}", fields["id"]);
            let givens = fields["givens"].as_str().unwrap();
            assert_eq!(Rules::of_json(&fields).check(givens, &answer), Ok(()), "{}", fields["id"]);
            solved += 1;
        }
        if fields["rules"].as_array().unwrap().iter().any(|r| r == "non-consecutive") {
            let said: Vec<String> = report.steps.iter().map(|s| s.to_string()).collect();
            let step =
                said.iter().find(|s| s.starts_with("non-consecutive: ")).expect("a non-consecutive step");
            assert!(step.contains("cannot be") && step.contains("one apart from"), "{step}");
            // A forcing chain follows each way with the rule as well as the singles; every
            // step true of the one solution (the hard one has none published: the engine's,
            // proved unique).
            for chain in said.iter().filter(|s| s.contains("forcing chain on ")) {
                assert!(
                    chain.contains(", each way followed with singles and the non-consecutive rule: "),
                    "{chain}"
                );
                chains += 1;
            }
            let mut search = backtrack::sudoku::search::Solutions::new(&variant.board);
            let truth = search.next().map(|_| search.board()).unwrap();
            assert!(search.next().is_none(), "{}: one solution", fields["id"]);
            check_steps(&report.steps, &truth, fields["id"].as_str().unwrap());
        }
    }
    assert_eq!(solved, 3);
    assert!(chains > 0, "the hard non-consecutive one takes forcing chains");
}

/// Under non-consecutive, two cells side by side placed one apart are a contradiction (a trial
/// may place them before the step that takes the values one apart runs); a knight's move apart
/// under anti-knight, a placed digit leaves the cell.
#[test]
fn relations_make_contradictions_and_peers() {
    use backtrack::sudoku::logic::Contradiction;
    use backtrack::sudoku::{Extra, Geometry};
    let geometry = Geometry::classic().with_extras(&[Extra::NonConsecutive]).unwrap();
    let mut grid = Grid::new(&Board::empty_of(&geometry));
    let (a, b) = (geometry.cell(0, 0), geometry.cell(0, 1));
    grid.place(a, Digit::new(5));
    assert_eq!(grid.contradiction(), None);
    assert!(grid.candidates(b).has(Digit::new(4)), "the step takes 4 from r1c2, saying so");
    grid.place(b, Digit::new(4));
    assert_eq!(grid.contradiction(), Some(Contradiction::Consecutive(a, b)));
    let knight = Geometry::classic().with_extras(&[Extra::AntiKnight]).unwrap();
    let mut grid = Grid::new(&Board::empty_of(&knight));
    grid.place(knight.cell(0, 0), Digit::new(5));
    assert!(!grid.candidates(knight.cell(1, 2)).has(Digit::new(5)));
    assert!(grid.candidates(knight.cell(1, 3)).has(Digit::new(5)));
    assert!(!grid.is_unique(), "the uniqueness techniques reason on houses alone");
}
