//! Puzzles made to order: one solution, minimal, of the grade asked for, from a seed.
//!
//! How a puzzle is made, as most generators do it (qqwing among them):
//! 1. **A random solution.** The three boxes of the diagonal do not see each other: each gets
//!    a random order of the nine digits, and the band engine completes the grid. The rows and
//!    columns are then shuffled within their bands and stacks, the bands and stacks shuffled,
//!    and the grid transposed or not: moves that keep every house a house.
//! 2. **Givens taken away.** The cells, grouped by the symmetry asked for (a cell and its
//!    images), are visited in a random order; a group is emptied when the puzzle keeps one
//!    solution without it, and given back otherwise. One pass leaves the puzzle minimal: a given
//!    that was needed then is needed still, since taking more givens away only adds solutions.
//! 3. **Graded.** The logic solver grades it; a puzzle of another grade is dropped and the next
//!    solution tried.
//!
//! Puzzle `i` of a seed comes from its own random stream, so the same seed gives the same
//! puzzles whatever the order or the number of threads that make them.

use super::logic::{self, Grade, Kind};
use super::{Board, Cell};
use crate::SplitMix64;
use std::fmt;

/// Which cells a puzzle's givens mirror.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half-turn: r,c and 8-r,8-c (the newspapers' favourite).
    Rotational,
    /// Quarter-turn: the four images of a cell under rotation by 90°.
    Quarter,
    /// Left and right: r,c and r,8-c.
    Mirror,
    /// Across the main diagonal: r,c and c,r.
    Diagonal,
    /// Left-right and up-down at once: r,c, r,8-c, 8-r,c and 8-r,8-c.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Dihedral,
    ];

    /// The cells `cell` stands with: itself and its images, without repeats, smallest first.
    pub fn orbit(self, cell: Cell) -> Vec<Cell> {
        let (r, c) = (cell.row(), cell.col());
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotational => vec![(r, c), (8 - r, 8 - c)],
            Symmetry::Quarter => vec![(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, 8 - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::Dihedral => vec![(r, c), (r, 8 - c), (8 - r, c), (8 - r, 8 - c)],
        };
        let mut cells: Vec<Cell> = images.into_iter().map(|(r, c)| Cell::at(r, c)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The groups of cells that are given or emptied together, each once.
    fn orbits(self) -> Vec<Vec<Cell>> {
        // Each orbit once: from its smallest cell.
        Cell::all().filter(|&cell| self.orbit(cell)[0] == cell).map(|cell| self.orbit(cell)).collect()
    }

    /// The name, as the command line takes it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle made by [`Generator`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub board: Board,
    /// Its one solution.
    pub solution: Board,
    /// Its grade by the logic solver.
    pub grade: Grade,
    /// The hardest technique the logic solver used (`None` if the puzzle was full).
    pub hardest: Option<Kind>,
    /// Solutions tried before this one had the grade asked for (0 when the first did).
    pub tries: u64,
}

impl Puzzle {
    /// The Sudoku Explainer rating of its hardest technique.
    pub fn score(&self) -> f32 {
        Grade::score(self.hardest)
    }

    /// How many givens it has.
    pub fn givens(&self) -> usize {
        Cell::all().filter(|&c| self.board.get(c).is_some()).count()
    }
}

/// Makes puzzles: each has one solution, is minimal (for its symmetry: emptying any group of
/// given cells leaves more than one solution) and, if asked, has the grade asked for.
///
/// ```
/// use backtrack::sudoku::generate::{Generator, Symmetry};
/// use backtrack::sudoku::logic::Grade;
///
/// let generator = Generator::new(7).grade(Grade::Medium).symmetry(Symmetry::Rotational);
/// let puzzle = generator.puzzle(0).expect("a medium puzzle within the default tries");
/// assert_eq!(puzzle.board.count_solutions(2), 1);
/// assert_eq!(puzzle.grade, Grade::Medium);
/// assert_eq!(Generator::new(7).grade(Grade::Medium).symmetry(Symmetry::Rotational).puzzle(0), Some(puzzle));
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    seed: u64,
    grade: Option<Grade>,
    symmetry: Symmetry,
    max_tries: u64,
}

impl Generator {
    /// A generator whose puzzles all follow from `seed`: any grade, no symmetry, and up to
    /// 100,000 solutions tried per puzzle.
    pub fn new(seed: u64) -> Generator {
        Generator { seed, grade: None, symmetry: Symmetry::None, max_tries: 100_000 }
    }

    /// Keep only puzzles of this grade.
    pub fn grade(mut self, grade: Grade) -> Generator {
        self.grade = Some(grade);
        self
    }

    /// Make the givens follow this symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// Give up on a puzzle after trying this many solutions (a grade may be rare).
    pub fn max_tries(mut self, tries: u64) -> Generator {
        self.max_tries = tries.max(1);
        self
    }

    /// Puzzle number `index` of this seed, or `None` if no solution tried within the budget
    /// gave a puzzle of the grade asked for.
    pub fn puzzle(&self, index: u64) -> Option<Puzzle> {
        // Each puzzle its own stream: the seed and the index mixed, so that neighbouring
        // seeds and indices do not share their streams.
        let mut random = SplitMix64::new(
            SplitMix64::new(self.seed).next_u64() ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let orbits = self.symmetry.orbits();
        for tries in 0..self.max_tries {
            let solution = random_solution(&mut random);
            let board = minimal(&solution, &orbits, &mut random);
            let report = logic::solve(&board);
            let grade = report.grade();
            if self.grade.is_none_or(|wanted| wanted == grade) {
                let hardest = report.hardest();
                return Some(Puzzle { board, solution: board_of(&solution), grade, hardest, tries });
            }
        }
        None
    }

    /// The puzzles `0, 1, 2, ...` of this seed, as long as each is found within the budget.
    pub fn puzzles(&self) -> impl Iterator<Item = Puzzle> + '_ {
        (0..).map_while(|i| self.puzzle(i))
    }
}

/// Nine rows (or columns) in a random order that keeps every box a box: the three bands in
/// any order, and the three lines of each band in any order. Moving a solution's rows (or
/// columns) so gives another solution.
pub fn shuffled_lines(random: &mut SplitMix64) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    random.shuffle(&mut bands);
    let mut order = [0; 9];
    for (b, &band) in bands.iter().enumerate() {
        let mut lines = [0, 1, 2];
        random.shuffle(&mut lines);
        for (i, &line) in lines.iter().enumerate() {
            order[b * 3 + i] = band * 3 + line;
        }
    }
    order
}

/// A random solution grid (digits 1 to 9, reading order).
fn random_solution(random: &mut SplitMix64) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        for (i, d) in digits.into_iter().enumerate() {
            cells[(b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3] = d;
        }
    }
    let board = Board::try_from(cells).expect("the diagonal boxes never see each other");
    // Completed by the seed's driver in its fixed order (fewest candidates first), not by the
    // fastest engine, whose guesses change as it is tuned: a seed gives the same puzzles from
    // one version to the next.
    let generators = board.generators();
    let mut search = crate::stack_assumptions(&generators).fewest_first();
    search.next().expect("three boxes always complete");
    let full = board.digits();
    let (rows, cols, transpose) = (shuffled_lines(random), shuffled_lines(random), random.below(2) == 1);
    std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        full[Cell::at(r, c).index()]
    })
}

fn board_of(cells: &[u8; 81]) -> Board {
    Board::try_from(*cells).expect("a generator's grids keep the rules")
}

/// The solution with as many groups of cells emptied as leave one solution, in random order.
fn minimal(solution: &[u8; 81], orbits: &[Vec<Cell>], random: &mut SplitMix64) -> Board {
    let mut cells = *solution;
    let mut order: Vec<&Vec<Cell>> = orbits.iter().collect();
    random.shuffle(&mut order);
    for orbit in order {
        for &cell in orbit {
            cells[cell.index()] = 0;
        }
        if board_of(&cells).count_solutions(2) != 1 {
            for &cell in orbit {
                cells[cell.index()] = solution[cell.index()];
            }
        }
    }
    board_of(&cells)
}
