//! `backtrack generate`: puzzles made to order, one a line.

use super::{Show, Status, show};
use backtrack::sudoku::generate::{Generator, Puzzle, Symmetry};
use backtrack::sudoku::logic::Grade;
use backtrack::sudoku::{Extra, Geometry};
use clap::ValueEnum;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

/// Make Sudoku puzzles with one solution, of a grade and a symmetry.
///
/// Each puzzle has exactly one solution and is minimal: emptying any given, or any group of
/// givens the symmetry ties together, leaves more than one solution (on a large grid, as far as
/// --check-guesses lets each check go: `minimal` in the JSON says whether every one ended).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack generate                          one puzzle, any grade
  backtrack generate --count 10 --grade hard  ten puzzles that need an X-wing or a triple
  backtrack generate --symmetry rotational --seed 42   the same puzzle every time
  backtrack generate --count 1000 --format json        with solutions, grades and ratings
  backtrack generate --killer --count 5 > k.jsonl      killers, as lines of the variant file
  backtrack sudoku --explain \"$(head -1 k.jsonl)\"     the first, explained step by step
  backtrack generate --size 16 --format text   a 16x16 puzzle, drawn
  backtrack generate --boxes 2x3 --count 5     6x6 puzzles with boxes of 2 rows by 3 columns
  backtrack generate --regions MAP             a jigsaw on the regions of MAP (N² letters)
  backtrack generate --rules diagonals         X-Sudoku
  backtrack generate --rules anti-knight --format text   no value twice a knight's move apart

A puzzle on a grid its length does not give (regions, rules, boxes other than the size's own)
is a line of the variant file, as a killer is: `backtrack sudoku -f` reads it back, and the
lines of --format json as they are.

The grades are the logic solver's (backtrack sudoku --solver logic): easy (singles), medium
(locked candidates, pairs), hard (X-wing, triples), fiendish (swordfish, jellyfish, wings, quads),
guessing (bifurcation).

Exit status: 0 every puzzle made, 2 bad usage, 3 a puzzle of the grade was not found within
--max-tries.")]
pub struct Args {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1, value_parser = crate::cmd::one_or_more, allow_negative_numbers = true)]
    count: u64,

    /// Keep only puzzles of this grade (`any`: every puzzle made). Some grids make few or no
    /// puzzles of a grade, each try costing more than on the classic grid: the minimal puzzles
    /// of a 9×9 non-consecutive grid (seven givens) needed guessing in 400 tries of 400 (seed
    /// 1), at about half a second a try; bound the search with --max-tries.
    #[arg(long, value_enum, default_value_t = GradeArg::Any)]
    grade: GradeArg,

    /// The pattern of the givens.
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    symmetry: Symmetry,

    /// The seed: the same seed (with the same grade and symmetry) gives the same puzzles,
    /// whatever --jobs [default: from the clock, printed with --stats].
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    seed: Option<u64>,

    /// Make puzzles on N threads [default: one a core].
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024), allow_negative_numbers = true)]
    jobs: Option<u64>,

    /// Give up on a puzzle after trying N solutions for it (a grade can be rare).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = crate::cmd::one_or_more, allow_negative_numbers = true)]
    max_tries: u64,

    /// One line a puzzle, or JSON (puzzle, solution, grade, rating, givens).
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,

    /// Bound each check that emptying a given keeps one solution at N guesses (0: no bound).
    /// A check stopped there keeps its given, and the puzzle may not be minimal (`minimal` in
    /// the JSON). By default, no bound on grids of up to 81 cells, and 1,000 guesses on larger
    /// ones: 16×16 grids of houses end nearly every check within it (with anti-knight a few
    /// stop, and `0` proves the puzzles minimal in about four times the time); a 25×25 grid
    /// stops a third of them (most of the givens it keeps), and is proved minimal without a
    /// bound in minutes (5 on one core for seed 1) rather than seconds.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    check_guesses: Option<u64>,

    /// Print the seed, the puzzles a second and the solutions tried on standard error.
    #[arg(long)]
    stats: bool,

    /// Make killers: the solution cut into cages of 2 to 4 cells, each with its sum, and the
    /// givens emptied while one solution is left (often every one). Each killer is one line
    /// of the variant file (JSON: size, boxes, givens, cages, solution, grade), which
    /// `backtrack sudoku -f` reads back; `--format text` draws its grid and cages. Any grid:
    /// `--size`, `--boxes`, `--regions`, `--rules` (a 16×16 one takes a fraction of a second, a
    /// 25×25 one half a minute).
    #[arg(long, conflicts_with = "symmetry")]
    killer: bool,

    /// A grid of side N (4 to 25): square boxes where N is a square, else 2x3, 2x4, 3x4, ...;
    /// no boxes where N is prime (a Latin square) [default: 9].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(4..=25), allow_negative_numbers = true)]
    size: Option<u64>,

    /// Boxes of R rows by C columns (`2x3`, `3x4`, `4x4`, ...): a grid of side R·C.
    #[arg(long, value_name = "RxC", value_parser = crate::cmd::sudoku::boxes, conflicts_with = "size")]
    boxes: Option<(usize, usize)>,

    /// A jigsaw: N² letters in reading order, one a region of N cells, instead of boxes.
    #[arg(long, value_name = "MAP", conflicts_with_all = ["size", "boxes"])]
    regions: Option<String>,

    /// Extra rules, comma-separated: the houses `diagonals` (X-Sudoku) and `windoku` (windows
    /// the size of a box), and the rules between cells `anti-knight`, `anti-king` (no value
    /// twice a knight's or a king's move apart) and `non-consecutive` (no two cells side by
    /// side one apart). The three together make "miracle" puzzles of two or three givens.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = crate::cmd::sudoku::rule)]
    rules: Vec<Extra>,
}

impl Args {
    /// The grid of `--size`, `--boxes`, `--regions` and `--rules`.
    fn geometry(&self) -> Result<Geometry, String> {
        let geometry = match (&self.regions, self.boxes, self.size) {
            (Some(map), _, _) => {
                let cells = map.chars().filter(|c| !c.is_whitespace()).count();
                let side = (4..=25).find(|s| s * s == cells).ok_or_else(|| {
                    format!("--regions: the map has {cells} letters, not N² for a side N from 4 to 25")
                })?;
                Geometry::jigsaw(side, map).map_err(|e| format!("--regions: {e}"))?
            }
            (None, Some((rows, cols)), _) => {
                Geometry::boxed(rows, cols).map_err(|e| format!("--boxes: {e}"))?
            }
            (None, None, size) => {
                Geometry::of_side(size.unwrap_or(9) as usize).map_err(|e| format!("--size: {e}"))?
            }
        };
        if geometry.side() < 4 {
            return Err(format!("--boxes: a grid of side {}: give 4 to 25", geometry.side()));
        }
        geometry.with_extras(&self.rules).map_err(|e| format!("--rules: {e}"))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GradeArg {
    Any,
    Easy,
    Medium,
    Hard,
    Fiendish,
    Guessing,
}

impl GradeArg {
    /// The grade asked for, or `None` for any.
    fn grade(self) -> Option<Grade> {
        match self {
            GradeArg::Any => None,
            GradeArg::Easy => Some(Grade::Easy),
            GradeArg::Medium => Some(Grade::Medium),
            GradeArg::Hard => Some(Grade::Hard),
            GradeArg::Fiendish => Some(Grade::Fiendish),
            GradeArg::Guessing => Some(Grade::NeedsGuessing),
        }
    }
}

use backtrack::run::Format;

/// One puzzle as printed.
#[derive(Serialize)]
struct Made {
    /// The puzzle's place among the seed's, from 1 (as a batch's `line`).
    number: u64,
    puzzle: String,
    solution: String,
    givens: usize,
    grade: String,
    score: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    symmetry: &'static str,
    seed: u64,
    tries: u64,
    /// Whether every given was proved needed (on large grids a bounded check may keep one).
    minimal: bool,
    /// A killer's cages, as the variant file writes them.
    #[serde(skip_serializing_if = "Option::is_none")]
    cages: Option<Vec<CageLine>>,
    /// The grid, as the variant file gives it, when the puzzle's length does not say it.
    #[serde(flatten, skip_serializing_if = "GridFields::by_length")]
    grid: GridFields,
}

/// The fields of the variant file that give a grid.
#[derive(Serialize)]
struct GridFields {
    size: usize,
    boxes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rules: Vec<&'static str>,
    /// Whether a line's length gives the grid (no regions, no rules, the size's own boxes).
    #[serde(skip)]
    by_length: bool,
}

impl GridFields {
    fn of(geometry: &Geometry) -> GridFields {
        let own = Geometry::of_side(geometry.side()).ok();
        // A jigsaw's regions, or extra regions on top of the boxes (the variant file tells them
        // apart by its `boxes`).
        let regions = geometry.region_map().or_else(|| geometry.extra_region_map());
        let rules: Vec<&'static str> = geometry.extras().iter().map(|e| e.name()).collect();
        let by_length =
            rules.is_empty() && regions.is_none() && own.is_some_and(|own| own.boxes() == geometry.boxes());
        GridFields {
            size: geometry.side(),
            boxes: geometry.boxes().map(|(r, c)| format!("{r}x{c}")),
            regions,
            rules,
            by_length,
        }
    }

    fn by_length(&self) -> bool {
        self.by_length
    }
}

/// A cage as the variant file writes it.
#[derive(Serialize)]
struct CageLine {
    sum: Option<u32>,
    cells: Vec<usize>,
}

impl Made {
    fn new(index: u64, puzzle: &Puzzle, symmetry: Symmetry, seed: u64) -> Made {
        Made {
            number: index + 1,
            puzzle: format!("{:#}", puzzle.board),
            solution: format!("{:#}", puzzle.solution),
            givens: puzzle.givens(),
            grade: puzzle.grade.to_string(),
            score: puzzle.score(),
            hardest: puzzle.hardest.map(|t| t.name),
            symmetry: symmetry.name(),
            seed,
            tries: puzzle.tries,
            minimal: puzzle.minimal,
            cages: (!puzzle.board.geometry().cages().is_empty()).then(|| {
                let cages = puzzle.board.geometry().cages().iter();
                cages.map(|c| CageLine { sum: c.sum, cells: c.cells.clone() }).collect()
            }),
            grid: GridFields::of(puzzle.board.geometry()),
        }
    }

    /// The puzzle as its line of the variant file (`--format line`, for a killer or a grid its
    /// length does not give), which `backtrack sudoku -f` reads: every field of the grid.
    fn variant_line(&self) -> io::Result<String> {
        #[derive(Serialize)]
        struct VariantLine<'m> {
            id: String,
            #[serde(flatten)]
            grid: &'m GridFields,
            givens: &'m str,
            #[serde(skip_serializing_if = "Option::is_none")]
            cages: Option<&'m [CageLine]>,
            solution: &'m str,
            grade: &'m str,
            score: f32,
        }
        let kind = if self.cages.is_some() { "killer" } else { "puzzle" };
        let line = VariantLine {
            id: format!("{kind}-{}-{}", self.seed, self.number),
            grid: &self.grid,
            givens: &self.puzzle,
            cages: self.cages.as_deref(),
            solution: &self.solution,
            grade: &self.grade,
            score: self.score,
        };
        serde_json::to_string(&line).map_err(io::Error::other)
    }
}

impl Show for Made {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.cages.is_none() && self.grid.by_length {
            writeln!(out, "{}", self.puzzle)
        } else {
            writeln!(out, "{}", self.variant_line()?)
        }
    }
}

/// The puzzle as its grid, for `--format text`, and beneath it what the picture does not show
/// (its rules, the cells of its extra houses, a killer's cages), as `backtrack sudoku` writes
/// them.
fn grid(out: &mut dyn Write, puzzle: &Puzzle) -> io::Result<()> {
    writeln!(out, "{}\n", puzzle.board)?;
    crate::cmd::sudoku::write_grid_notes(out, &puzzle.board)
}

/// Puzzles made at a time per thread: enough to keep the threads busy, few enough that the
/// first lines come at once.
const CHUNK: u64 = 16;

pub fn run(args: Args) -> io::Result<Status> {
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64
    });
    let symmetry = args.symmetry;
    let mut generator = Generator::new(seed).symmetry(symmetry).max_tries(args.max_tries).killer(args.killer);
    if let Some(guesses) = args.check_guesses {
        generator = generator.check_guesses(if guesses == 0 { u64::MAX } else { guesses });
    }
    match args.geometry().and_then(|geometry| generator.clone().geometry(&geometry)) {
        Ok(on_grid) => generator = on_grid,
        Err(why) => {
            eprintln!("error: {why}");
            return Ok(Status::BadInput);
        }
    }
    if let Some(grade) = args.grade.grade() {
        generator = generator.grade(grade);
    }
    let jobs =
        args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {jobs} threads: {e}");
            return Ok(Status::BadInput);
        }
    };
    let start = Instant::now();
    let tried = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    generator = generator.count_tries(std::sync::Arc::clone(&tried));
    let progress = backtrack::run::progress_with("puzzles", "solutions tried", tried);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut made, mut printed, mut tries) = (0u64, 0u64, 0u64);
    let mut status = Status::Solved;
    'chunks: while made < args.count {
        let end = args.count.min(made + CHUNK * jobs as u64);
        let puzzles: Vec<Option<Puzzle>> =
            pool.install(|| (made..end).into_par_iter().map(|i| generator.puzzle(i)).collect());
        for (index, puzzle) in (made..end).zip(puzzles) {
            let Some(puzzle) = puzzle else {
                let grade = args.grade.grade().map_or(String::new(), |g| format!("{g} "));
                let tries = crate::cmd::solutions(args.max_tries);
                eprintln!("error: puzzle {}: no {grade}puzzle in {tries} tried (--max-tries)", index + 1);
                status = Status::Stopped;
                break 'chunks;
            };
            tries += puzzle.tries + 1;
            printed += 1;
            let made = Made::new(index, &puzzle, symmetry, seed);
            if args.format == Format::Text {
                grid(&mut out, &puzzle)?;
            } else {
                show(&mut out, args.format == Format::Json, &made)?;
            }
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        }
        made = end;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if args.stats {
        let seconds = start.elapsed().as_secs_f64();
        eprintln!("seed: {seed}");
        eprintln!(
            "puzzles: {printed} in {seconds:.3} s ({:.0} a second)",
            printed as f64 / seconds.max(1e-9)
        );
        eprintln!("solutions tried: {tries}");
    }
    Ok(status)
}
