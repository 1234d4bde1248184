//! Rules of the user's own (`backtrack::sudoku::rule`): a thermometer written here, laid on
//! grids whose every solution is known; the engine and the driver find exactly the grids that
//! the rule's `check` keeps among them, whether its pruning is strong or does nothing.

use backtrack::stack_assumptions;
use backtrack::sudoku::generate::Generator;
use backtrack::sudoku::rule::{Candidates, Contradiction, Rule};
use backtrack::sudoku::search::{Propagation, Solutions};
use backtrack::sudoku::{Board, ExactCover, Geometry, logic};

/// Values rise strictly along the cells, bulb first. `prune: false`: it only checks full grids.
#[derive(Debug)]
pub struct Thermometer {
    pub cells: Vec<usize>,
    pub prune: bool,
}

impl Rule for Thermometer {
    fn name(&self) -> &'static str {
        "thermometer"
    }

    fn check(&self, values: &[u8], _side: usize) -> bool {
        self.cells.windows(2).all(|pair| values[pair[0]] < values[pair[1]])
    }

    fn prune(&self, grid: &mut Candidates<'_>) -> Result<(), Contradiction> {
        if !self.prune {
            return Ok(());
        }
        let mut least = 0;
        for &cell in &self.cells {
            grid.keep_between(cell, least + 1, grid.side() as u8)?;
            least = grid.smallest(cell);
        }
        let mut most = grid.side() as u8 + 1;
        for &cell in self.cells.iter().rev() {
            grid.keep_between(cell, 1, most - 1)?;
            most = grid.largest(cell);
        }
        Ok(())
    }
}

/// Every solution of `board` as lines, by the general engine.
fn by_engine(board: &Board) -> Vec<String> {
    let mut search = Solutions::new(board);
    let mut found = Vec::new();
    while search.next().is_some() {
        found.push(format!("{:#}", search.board()));
    }
    found.sort();
    found
}

/// The same by the driver over the engine's propagating guards.
fn by_driver(board: &Board) -> Vec<String> {
    let grid = Propagation::new(board);
    let generators = grid.generators();
    let mut search = stack_assumptions(&generators);
    let mut found = Vec::new();
    while search.next().is_some() {
        found.push(format!("{:#}", grid.solution().unwrap()));
    }
    found.sort();
    found
}

fn values(line: &str) -> Vec<u8> {
    line.chars().map(|c| c.to_digit(36).unwrap() as u8).collect()
}

#[test]
fn a_rule_of_ones_own_keeps_exactly_the_grids_its_check_keeps() {
    // Every 4×4 grid (288, published) and every 5×5 Latin square (161,280, OEIS A002860),
    // filtered by the thermometers' own check: the grids each solver finds with the rule.
    for base in [Geometry::of_side(4).unwrap(), Geometry::latin(5).unwrap()] {
        let side = base.side();
        let every = by_engine(&Board::empty_of(&base));
        assert_eq!(every.len(), if side == 4 { 288 } else { 161_280 });
        let tubes: [&[&[usize]]; 3] = [
            &[&[0, 1, 2]],
            &[&[side * 2, side + 1, 2], &[side * side - 1, side * side - 2]],
            &[&[0, side, 2 * side, 3 * side]],
        ];
        for tubes in tubes {
            let keeps = |line: &String| {
                let v = values(line);
                tubes.iter().all(|t| t.windows(2).all(|p| v[p[0]] < v[p[1]]))
            };
            let expected: Vec<String> = every.iter().filter(|g| keeps(g)).cloned().collect();
            assert!(!expected.is_empty() && expected.len() < every.len(), "{side}: {tubes:?}");
            for prune in [true, false] {
                let mut geometry = base.clone();
                for tube in tubes {
                    geometry = geometry.with_rule(Thermometer { cells: tube.to_vec(), prune });
                }
                let board = Board::empty_of(&geometry);
                assert_eq!(by_engine(&board), expected, "{side}×{side} {tubes:?}, pruning {prune}");
                assert_eq!(
                    by_driver(&board),
                    expected,
                    "the driver: {side}×{side} {tubes:?}, pruning {prune}"
                );
                assert_eq!(board.count_solutions(usize::MAX), expected.len());
            }
        }
    }
}

#[test]
fn givens_that_break_a_rule_of_ones_own_have_no_solution() {
    let geometry = Geometry::of_side(4).unwrap().with_rule(Thermometer { cells: vec![0, 1], prune: true });
    let board = Board::from_values(&geometry, &[3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(Solutions::new(&board).count(), 0);
    assert!(board.solve().is_none());
    assert!(Propagation::new(&board).solution().is_none());
    let weak = Geometry::of_side(4).unwrap().with_rule(Thermometer { cells: vec![0, 1], prune: false });
    let board = Board::from_values(&weak, &[3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(Solutions::new(&board).count(), 0, "checked on every full grid");
}

#[test]
fn solvers_that_cannot_take_a_rule_of_ones_own_say_so() {
    let geometry = Geometry::classic().with_rule(Thermometer { cells: vec![0, 1, 2], prune: true });
    assert!(!geometry.is_classic());
    assert_eq!(geometry.beyond_houses(), Some("thermometer"));
    assert_eq!(geometry.name(), "9×9, thermometer");
    assert_eq!(ExactCover::with_cages(&geometry).err().as_deref(), Some("thermometer is not exact cover"));
    let why = logic::supports(&geometry).unwrap_err();
    assert!(why.contains("not thermometer"), "{why}");
    assert!(Generator::new(1).geometry(&geometry).is_err());
    // Two grids with the same rule value are the same grid; the same rule written twice is not.
    assert_eq!(geometry.clone(), geometry);
    let again = Geometry::classic().with_rule(Thermometer { cells: vec![0, 1, 2], prune: true });
    assert_ne!(again, geometry);
}
