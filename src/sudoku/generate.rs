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
use super::{Board, Cage, Cell, Geometry};
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
    killer: bool,
}

impl Generator {
    /// A generator whose puzzles all follow from `seed`: any grade, no symmetry, and up to
    /// 100,000 solutions tried per puzzle.
    pub fn new(seed: u64) -> Generator {
        Generator { seed, grade: None, symmetry: Symmetry::None, max_tries: 100_000, killer: false }
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

    /// Make killers: the solution cut into cages of two to four cells (each of different
    /// values, the sum of each known), then as many givens emptied as leave one solution, which
    /// is often all of them. The puzzle's board carries the cages in its geometry. A killer the
    /// logic solver cannot grade within [`KILLER_STEPS`] steps is passed over, as one of
    /// another grade is.
    ///
    /// ```
    /// use backtrack::sudoku::generate::Generator;
    ///
    /// let puzzle = Generator::new(3).killer(true).puzzle(0).expect("a killer within the tries");
    /// assert!(puzzle.board.geometry().is_classic_killer());
    /// assert_eq!(puzzle.board.count_solutions(2), 1);
    /// for cage in puzzle.board.geometry().cages() {
    ///     let values = cage.cells.iter().map(|&i| puzzle.solution.values()[i] as u32);
    ///     assert_eq!(values.sum::<u32>(), cage.sum.unwrap());
    /// }
    /// ```
    pub fn killer(mut self, killer: bool) -> Generator {
        self.killer = killer;
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
            let geometry = if self.killer { cages(&solution, &mut random) } else { Geometry::classic() };
            let board = minimal(&geometry, &solution, &orbits, &mut random);
            let report = if self.killer {
                let chain: Vec<&dyn logic::Technique> =
                    logic::Builtin::ALL.iter().map(|t| t as &dyn logic::Technique).collect();
                let report = logic::solve_within(&board, &chain, &crate::Budget::nodes(KILLER_STEPS));
                if report.outcome != logic::Outcome::Solved {
                    continue;
                }
                report
            } else {
                logic::solve(&board)
            };
            let grade = report.grade();
            if self.grade.is_none_or(|wanted| wanted == grade) {
                let hardest = report.hardest();
                let solution = board_in(&geometry, &solution);
                return Some(Puzzle { board, solution, grade, hardest, tries });
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

fn board_in(geometry: &Geometry, cells: &[u8; 81]) -> Board {
    if geometry.is_classic() {
        return board_of(cells);
    }
    Board::from_values(geometry, cells).expect("a generator's grids keep the rules")
}

/// The most steps (trials' steps included) the logic solver may take to grade a killer: the
/// hard ones can take it minutes.
pub const KILLER_STEPS: u64 = 20_000;

/// The classic grid with `solution` cut into cages: each grown from a random cell by random
/// side-by-side cells of other values, to two to four cells (fewer where no neighbour is
/// left), its sum the sum of its values.
fn cages(solution: &[u8; 81], random: &mut SplitMix64) -> Geometry {
    let mut cage_of = [usize::MAX; 81];
    let mut order: Vec<usize> = (0..81).collect();
    random.shuffle(&mut order);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let size = 2 + random.below(3);
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < size {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / 9, c % 9);
                    [
                        (r > 0).then(|| c - 9),
                        (r < 8).then(|| c + 9),
                        (col > 0).then(|| c - 1),
                        (col < 8).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&n| cage_of[n] == usize::MAX && cage.iter().all(|&m| solution[m] != solution[n]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let cell = next[random.below(next.len())];
            cage_of[cell] = cages.len();
            cage.push(cell);
        }
        cages.push(cage);
    }
    let cages = cages
        .into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
            Cage::new(cells, Some(sum))
        })
        .collect();
    Geometry::classic().with_cages(cages).expect("cages of different values, their sums made")
}

/// The solution with as many groups of cells emptied as leave one solution, in random order.
fn minimal(geometry: &Geometry, solution: &[u8; 81], orbits: &[Vec<Cell>], random: &mut SplitMix64) -> Board {
    let mut cells = *solution;
    let mut order: Vec<&Vec<Cell>> = orbits.iter().collect();
    random.shuffle(&mut order);
    for orbit in order {
        for &cell in orbit {
            cells[cell.index()] = 0;
        }
        if board_in(geometry, &cells).count_solutions(2) != 1 {
            for &cell in orbit {
                cells[cell.index()] = solution[cell.index()];
            }
        }
    }
    board_in(geometry, &cells)
}
