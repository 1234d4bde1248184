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
//!
//! **Any grid** ([`Generator::geometry`]: 4×4 to 25×25, boxes of any shape, jigsaw regions,
//! diagonals, windows, rules between cells). The random solution is made otherwise there: the
//! first row a random order of the values (any solution's first row is one, with its values
//! renamed; not where a rule reads the values, as non-consecutive does), then N more cells,
//! each given a random value among its candidates (with rules between cells, among those the
//! grid can still be completed with), and the general engine ([`search`](super::search))
//! completes the grid; if that grid has no completion within [`COMPLETION_GUESSES`] guesses,
//! another is drawn. Each uniqueness check of step 2 asks for a solution in which an emptied
//! cell holds another value than the solution's ([`Solutions::without`]: one that holds the
//! same value solves the puzzle before the cell was emptied, whose one solution is known), and
//! is bounded on grids over 81 cells ([`UNIQUENESS_GUESSES`], or
//! [`Generator::check_guesses`]): a given whose removal cannot be proved to keep one solution
//! within the bound stays, so the puzzle always has one solution, and [`Puzzle::minimal`] says
//! whether every check ended. The logic solver grades within [`GRADING_STEPS`] steps; a puzzle it
//! cannot grade so is passed over, as one of another grade is.

use super::geometry::{beside, classic};
use super::logic::{self, Grade, Kind};
use super::search::Solutions;
use super::{Board, Cage, Cell, Digit, Geometry};
use crate::{Budget, SplitMix64};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which cells a puzzle's givens mirror.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half-turn: r,c and N−1−r,N−1−c on a grid of side N (8−r,8−c on the 9×9 grid; the
    /// newspapers' favourite).
    Rotational,
    /// Quarter-turn: the four images of a cell under rotation by 90°.
    Quarter,
    /// Left and right: r,c and r,N−1−c.
    Mirror,
    /// Across the main diagonal: r,c and c,r.
    Diagonal,
    /// Left-right and up-down at once: r,c, r,N−1−c, N−1−r,c and N−1−r,N−1−c.
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

    /// The cells `cell` stands with on its grid: itself and its images, without repeats,
    /// smallest first.
    ///
    /// ```
    /// use backtrack::sudoku::{Cell, Geometry};
    /// use backtrack::sudoku::generate::Symmetry;
    ///
    /// let names = |cells: Vec<Cell>| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    /// assert_eq!(names(Symmetry::Rotational.orbit(Cell::at(0, 1))), ["r1c2", "r9c8"]);
    /// let six = Geometry::boxed(2, 3)?;
    /// assert_eq!(names(Symmetry::Quarter.orbit(six.cell(0, 1))), ["r1c2", "r2c6", "r5c1", "r6c5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn orbit(self, cell: Cell) -> Vec<Cell> {
        let (side, r, c) = (cell.side(), cell.row(), cell.col());
        let last = side - 1;
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotational => vec![(r, c), (last - r, last - c)],
            Symmetry::Quarter => vec![(r, c), (c, last - r), (last - r, last - c), (last - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, last - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::Dihedral => vec![(r, c), (r, last - c), (last - r, c), (last - r, last - c)],
        };
        let mut cells: Vec<Cell> =
            images.into_iter().map(|(r, c)| Cell::in_grid(side, r * side + c)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The groups of cells of `geometry` that are given or emptied together, each once.
    fn orbits(self, geometry: &Geometry) -> Vec<Vec<Cell>> {
        // Each orbit once: from its smallest cell.
        let cells = geometry.all_cells();
        cells.filter(|&cell| self.orbit(cell)[0] == cell).map(|cell| self.orbit(cell)).collect()
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
    /// Whether emptying any given (or group of givens) was proved to leave more than one
    /// solution. Always on grids of up to 81 cells; on larger grids a check that reaches its
    /// bound ([`Generator::check_guesses`]) keeps its given, and the puzzle may then not be
    /// minimal.
    pub minimal: bool,
}

impl Puzzle {
    /// The Sudoku Explainer rating of its hardest technique.
    pub fn score(&self) -> f32 {
        Grade::score(self.hardest)
    }

    /// How many givens it has.
    pub fn givens(&self) -> usize {
        self.board.values().iter().filter(|&&v| v != 0).count()
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
    geometry: Geometry,
    /// The bound of each uniqueness check, if one was set ([`Generator::check_guesses`]).
    check_guesses: Option<u64>,
    /// Where each solution tried is counted, if anywhere ([`Generator::count_tries`]).
    tried: Option<Arc<AtomicU64>>,
}

impl Generator {
    /// A generator whose puzzles all follow from `seed`: any grade, no symmetry, and up to
    /// 100,000 solutions tried per puzzle.
    pub fn new(seed: u64) -> Generator {
        Generator {
            seed,
            grade: None,
            symmetry: Symmetry::None,
            max_tries: 100_000,
            killer: false,
            geometry: Geometry::classic(),
            check_guesses: None,
            tried: None,
        }
    }

    /// Make the puzzles on this grid: any size from 4×4 to 25×25, boxes of any shape, jigsaw
    /// regions, the diagonals and windows, and the rules between cells (anti-knight, anti-king,
    /// non-consecutive; see the module docs for how). Refused, with the reason: cages (a
    /// killer's are made by [`Generator::killer`]), rules of the user's own (the logic solver
    /// cannot grade them), and a grid that no filling keeps, or that the engine cannot fill
    /// within [`COMPLETION_GUESSES`] (every try, which starts with more values placed, would
    /// fail: 16×16 with anti-king, anti-knight and non-consecutive).
    ///
    /// ```
    /// use backtrack::sudoku::generate::Generator;
    /// use backtrack::sudoku::{Extra, Geometry};
    ///
    /// let six = Geometry::boxed(2, 3)?.with_extras(&[Extra::Diagonals])?;
    /// let puzzle = Generator::new(5).geometry(&six)?.puzzle(0).expect("a puzzle within the tries");
    /// assert_eq!(puzzle.board.geometry(), &six);
    /// assert_eq!(puzzle.board.count_solutions(2), 1);
    /// assert!(puzzle.minimal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn geometry(mut self, geometry: &Geometry) -> Result<Generator, String> {
        if !geometry.cages().is_empty() {
            return Err("the generator makes its own cages (killers): give a grid without them".into());
        }
        // The generator grades every puzzle with the logic solver (which refuses the rules of a
        // user's own).
        logic::supports(geometry)
            .map_err(|why| format!("the generator grades with the logic solver: {why}"))?;
        // A grid whose houses no filling keeps (a jigsaw's regions can do that) would have
        // every try fail: said at once. So would one whose empty grid the engine cannot fill
        // within the bound of a try's completion, which starts with more values placed (16×16
        // with anti-king, anti-knight and non-consecutive: a filling takes 2.3 million guesses).
        let mut any = Solutions::new(&Board::empty_of(geometry)).budget(&Budget::nodes(COMPLETION_GUESSES));
        if any.next().is_none() {
            let name = geometry.name();
            let what = if geometry.relation().is_some() { "houses and rules" } else { "houses" };
            return Err(match any.outcome() {
                super::bitboard::Outcome::Exhausted => {
                    format!("no filling of the {name} grid keeps its {what}: no puzzle has one")
                }
                _ => format!(
                    "no filling of the {name} grid found within {COMPLETION_GUESSES} guesses: its {what} \
                     leave too few grids for the generator's random starts"
                ),
            });
        }
        self.geometry = geometry.clone();
        Ok(self)
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
    /// another grade is. Killers are made on every [`geometry`](Generator::geometry) of houses
    /// (any size and box shape, jigsaw regions, the diagonals).
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

    /// Bound each check that emptying a given keeps one solution at this many guesses
    /// (`u64::MAX` for none). A check that reaches it keeps its given, and [`Puzzle::minimal`]
    /// is then false: a larger bound proves more givens needless or needed, at the cost of
    /// time. By default grids of up to 81 cells are never bounded (the classic grid, and a
    /// 9×9 non-consecutive grid, whose checks pass 1,000 guesses now and then and all end in
    /// under a second), larger ones at [`UNIQUENESS_GUESSES`].
    /// On 25×25 grids over a third of the checks reach the default (seed 1: 225 of 625, and
    /// 225 of the 271 givens kept are kept so), and the puzzles are not proved minimal;
    /// without a bound, seed 1's first 25×25 puzzle is proved minimal in about 5 minutes on one
    /// core, against 6 s with the default (BENCHMARKS.md §5.2).
    ///
    /// ```
    /// use backtrack::sudoku::generate::Generator;
    /// use backtrack::sudoku::Geometry;
    ///
    /// let sixteen = Geometry::of_side(16)?;
    /// let quick = Generator::new(2).geometry(&sixteen)?.check_guesses(1);
    /// let thorough = Generator::new(2).geometry(&sixteen)?.check_guesses(u64::MAX);
    /// let (quick, thorough) = (quick.puzzle(0).unwrap(), thorough.puzzle(0).unwrap());
    /// assert!(thorough.minimal && !quick.minimal);
    /// assert_eq!(thorough.board.count_solutions(2), 1);
    /// assert_eq!(quick.board.count_solutions(2), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_guesses(mut self, guesses: u64) -> Generator {
        self.check_guesses = Some(guesses);
        self
    }

    /// The bound of each uniqueness check on this generator's grid (see
    /// [`Generator::check_guesses`]).
    fn check_bound(&self) -> u64 {
        let small = self.geometry.cells() <= classic::CELLS;
        self.check_guesses.unwrap_or(if small { u64::MAX } else { UNIQUENESS_GUESSES })
    }

    /// Count each solution tried into `counter` as it is tried, on every thread that makes
    /// puzzles with this generator or its clones: a live count for a display of progress,
    /// where a grade is rare or a try is long (the command line's counter shows it).
    ///
    /// ```
    /// use backtrack::sudoku::generate::Generator;
    /// use backtrack::sudoku::logic::Grade;
    /// use std::sync::{Arc, atomic::{AtomicU64, Ordering}};
    ///
    /// let tried = Arc::new(AtomicU64::new(0));
    /// let generator = Generator::new(2).grade(Grade::Hard).count_tries(Arc::clone(&tried));
    /// let puzzle = generator.puzzle(0).expect("a hard puzzle within the default tries");
    /// assert_eq!(tried.load(Ordering::Relaxed), puzzle.tries + 1);
    /// ```
    pub fn count_tries(mut self, counter: Arc<AtomicU64>) -> Generator {
        self.tried = Some(counter);
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
        let classic = self.geometry.is_classic();
        let orbits = self.symmetry.orbits(&self.geometry);
        for tries in 0..self.max_tries {
            if let Some(tried) = &self.tried {
                tried.fetch_add(1, Ordering::Relaxed);
            }
            let solution = if classic {
                random_solution(&mut random).to_vec()
            } else {
                // A start without a completion (or a grid without any) costs a try.
                let Some(grid) = self.random_grid(&mut random) else { continue };
                grid
            };
            let geometry = if self.killer {
                cages(&self.geometry, &solution, &mut random)
            } else {
                self.geometry.clone()
            };
            let (board, minimal) = minimal(&geometry, &solution, &orbits, self.check_bound(), &mut random);
            let report = if self.killer || !classic {
                let steps = if self.killer { KILLER_STEPS } else { GRADING_STEPS };
                let report = logic::solve_within(&board, logic::standard(), &Budget::nodes(steps));
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
                return Some(Puzzle { board, solution, grade, hardest, tries, minimal });
            }
        }
        None
    }

    /// A random solution grid of any geometry of houses (see the module docs), or `None` if
    /// the random start drawn has no completion within [`COMPLETION_GUESSES`].
    fn random_grid(&self, random: &mut SplitMix64) -> Option<Vec<u8>> {
        let geometry = &self.geometry;
        let side = geometry.side();
        let board = Board::empty_of(geometry);
        // The first row of any solution is a random order of the values once they are renamed,
        // unless a rule reads the values themselves (non-consecutive): then no row is laid.
        if !geometry.extras().iter().any(|rule| rule.reads_values()) {
            let mut values: Vec<u8> = (1..=side as u8).collect();
            random.shuffle(&mut values);
            for (col, &value) in values.iter().enumerate() {
                board.place(geometry.cell(0, col), Digit::new(value)).expect("a row's values all differ");
            }
        }
        let mut cells: Vec<Cell> = board.empty_cells().collect();
        random.shuffle(&mut cells);
        let completes = |board: &Board| {
            let mut search = Solutions::new(board).budget(&Budget::nodes(COMPLETION_GUESSES));
            search.next().map(|()| search.values())
        };
        // Relations between cells leave few grids (anti-king with anti-knight: a handful on
        // 9×9, up to renaming), which N values drawn at once almost never start: there each
        // value is drawn among those the grid can still be completed with, at the cost of a
        // search a cell.
        let careful = geometry.relation().is_some();
        // The completion of the last value so drawn: the grid's, when it is the last.
        let mut completion = None;
        for &cell in &cells[..side.min(cells.len())] {
            let mut candidates: Vec<Digit> = board.candidates(cell).digits().collect();
            if candidates.is_empty() {
                continue;
            }
            if !careful {
                let digit = candidates[random.below(candidates.len())];
                board.place(cell, digit).expect("a candidate keeps the rules");
                continue;
            }
            random.shuffle(&mut candidates);
            let completed = candidates.into_iter().any(|digit| {
                board.place(cell, digit).expect("a candidate keeps the rules");
                completion = completes(&board);
                if completion.is_none() {
                    board.clear(cell);
                }
                completion.is_some()
            });
            if !completed {
                return None;
            }
        }
        completion.or_else(|| completes(&board))
    }

    /// The puzzles `0, 1, 2, ...` of this seed, as long as each is found within the budget.
    pub fn puzzles(&self) -> impl Iterator<Item = Puzzle> + '_ {
        (0..).map_while(|i| self.puzzle(i))
    }
}

/// The classic grid's side, and the side of its boxes and its bands.
const SIDE: usize = classic::SIDE;
const BAND: usize = 3;

/// Nine rows (or columns) in a random order that keeps every box a box: the three bands in
/// any order, and the three lines of each band in any order. Moving a solution's rows (or
/// columns) so gives another solution.
pub fn shuffled_lines(random: &mut SplitMix64) -> [usize; SIDE] {
    let mut bands: [usize; BAND] = std::array::from_fn(|b| b);
    random.shuffle(&mut bands);
    let mut order = [0; SIDE];
    for (b, &band) in bands.iter().enumerate() {
        let mut lines: [usize; BAND] = std::array::from_fn(|l| l);
        random.shuffle(&mut lines);
        for (i, &line) in lines.iter().enumerate() {
            order[b * BAND + i] = band * BAND + line;
        }
    }
    order
}

/// A random solution of the classic grid (digits 1 to 9, reading order).
fn random_solution(random: &mut SplitMix64) -> [u8; classic::CELLS] {
    let mut cells = [0u8; classic::CELLS];
    // The boxes of the diagonal: 0, 4, 8.
    for b in (0..BAND).map(|k| k * (BAND + 1)) {
        let mut digits: [u8; SIDE] = std::array::from_fn(|i| i as u8 + 1);
        random.shuffle(&mut digits);
        for (i, d) in digits.into_iter().enumerate() {
            cells[(b / BAND * BAND + i / BAND) * SIDE + b % BAND * BAND + i % BAND] = d;
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
        let (r, c) = (rows[i / SIDE], cols[i % SIDE]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        full[Cell::at(r, c).index()]
    })
}

fn board_in(geometry: &Geometry, cells: &[u8]) -> Board {
    if geometry.is_classic() {
        let cells: [u8; classic::CELLS] = cells.try_into().expect("the classic grid's cells");
        return Board::try_from(cells).expect("a generator's grids keep the rules");
    }
    Board::from_values(geometry, cells).expect("a generator's grids keep the rules")
}

/// The most steps (trials' steps included) the logic solver may take to grade a killer: the
/// hard ones can take it minutes.
pub const KILLER_STEPS: u64 = 20_000;

/// The most steps the logic solver may take to grade a puzzle on a grid other than the classic
/// one (its trials on a 16×16 grid can take it minutes).
pub const GRADING_STEPS: u64 = 20_000;

/// The most guesses the general engine may take to complete a random start of a solution grid
/// (one without a completion is then dropped for another, as a try).
pub const COMPLETION_GUESSES: u64 = 10_000;

/// The most guesses the general engine may take to prove that emptying a given keeps one
/// solution; past it the given stays.
pub const UNIQUENESS_GUESSES: u64 = 1_000;

/// `geometry`'s grid with `solution` cut into cages: each grown from a random cell by random
/// side-by-side cells of other values, to two to four cells (fewer where no neighbour is
/// left), its sum the sum of its values.
fn cages(geometry: &Geometry, solution: &[u8], random: &mut SplitMix64) -> Geometry {
    let side = geometry.side();
    let mut cage_of = vec![usize::MAX; geometry.cells()];
    let mut order: Vec<usize> = (0..geometry.cells()).collect();
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
                .flat_map(|&c| beside(side, c))
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
    geometry.with_cages(cages).expect("cages of different values, their sums made")
}

/// The solution with as many groups of cells emptied as leave one solution, in random order;
/// and whether every check ended (see [`Puzzle::minimal`]).
///
/// The puzzle before a group is emptied has one solution, `solution`; a solution of the
/// puzzle after it that differs from it differs in a cell of the group (one that agrees on the
/// group solves the puzzle before). So on a grid other than the classic one, each cell of the
/// group in turn is searched for a solution in which it holds another value, the group's
/// earlier cells holding theirs: none in every search, and the solution is still the only one.
/// Counting to two instead found the known solution first and then proved it alone.
fn minimal(
    geometry: &Geometry,
    solution: &[u8],
    orbits: &[Vec<Cell>],
    guesses: u64,
    random: &mut SplitMix64,
) -> (Board, bool) {
    let mut cells = solution.to_vec();
    let mut order: Vec<&Vec<Cell>> = orbits.iter().collect();
    random.shuffle(&mut order);
    let mut minimal = true;
    // `u64::MAX` guesses: no bound (the engine reads a budget's bound as `Budget::node_limit`).
    let budget = Budget::nodes(guesses);
    for orbit in order {
        for &cell in orbit {
            cells[cell.index()] = 0;
        }
        let unique = if geometry.is_classic() {
            board_in(geometry, &cells).count_solutions(2) == 1
        } else {
            let mut fixed = cells.clone();
            orbit.iter().all(|&cell| {
                let board = board_in(geometry, &fixed);
                let digit = Digit::new(solution[cell.index()]);
                let mut search = Solutions::new(&board).budget(&budget).without(cell, digit);
                let other = search.next().is_some();
                let ended = search.outcome() != super::bitboard::Outcome::OutOfBudget;
                minimal &= ended || other;
                fixed[cell.index()] = solution[cell.index()];
                ended && !other
            })
        };
        if !unique {
            for &cell in orbit {
                cells[cell.index()] = solution[cell.index()];
            }
        }
    }
    (board_in(geometry, &cells), minimal)
}
