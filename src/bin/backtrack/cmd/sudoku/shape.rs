//! The grid the puzzles are read on: `--boxes`, `--regions` and `--rules`, or the variant file's
//! fields, or the size each puzzle's length gives; and what each solver and mode can take.

use super::plan::{Mode, Plan, Solver};
use backtrack::sudoku::variant::{Variant, VariantError};
use backtrack::sudoku::{Board, Cage, Extra, Geometry, GeometryError, ParseError};
use std::fmt;

/// The geometry asked for on the command line.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// The grid of `--boxes` or `--regions`, with the `--rules`; `None`: each puzzle's size.
    fixed: Option<Geometry>,
    /// The `--rules`, for grids whose size each puzzle gives.
    extras: Vec<Extra>,
    /// The `--cages` of a killer, laid on each puzzle's grid.
    cages: Vec<Cage>,
}

impl Shape {
    /// The shape of the options: boxes (`R`, `C`), a region map, extra regions on top of
    /// either, and rules.
    pub fn new(
        boxes: Option<(usize, usize)>,
        regions: Option<&str>,
        extra_regions: Option<&str>,
        extras: Vec<Extra>,
        cages: Vec<Cage>,
    ) -> Result<Shape, String> {
        let side_of = |map: &str, option: &str| {
            let cells = map.chars().filter(|c| !c.is_whitespace()).count();
            (1..=25).find(|s| s * s == cells).ok_or_else(|| {
                format!("{option}: the map has {cells} letters, not N² for a side N from 1 to 25")
            })
        };
        let fixed = match (boxes, regions) {
            (Some((rows, cols)), _) => {
                Some(Geometry::boxed(rows, cols).map_err(|e| format!("--boxes: {e}"))?)
            }
            (None, Some(map)) => {
                let side = side_of(map, "--regions")?;
                Some(Geometry::jigsaw(side, map).map_err(|e| format!("--regions: {e}"))?)
            }
            (None, None) => None,
        };
        let fixed = match (fixed, extra_regions) {
            (fixed, Some(map)) => {
                let base = match fixed {
                    Some(geometry) => geometry,
                    None => Geometry::of_side(side_of(map, "--extra-regions")?)
                        .map_err(|e| format!("--extra-regions: {e}"))?,
                };
                Some(base.with_extra_regions(map).map_err(|e| format!("--extra-regions: {e}"))?)
            }
            (fixed, None) => fixed,
        };
        let fixed = match fixed {
            Some(geometry) => Some(geometry.with_extras(&extras).map_err(|e| format!("--rules: {e}"))?),
            None => None,
        };
        Ok(Shape { fixed, extras, cages })
    }

    /// Read one puzzle: a line of the variant file (a JSON object), or a grid's text on the
    /// geometry of the options (or of its own size).
    pub fn read(&self, text: &str) -> Result<Board, ReadError> {
        if text.trim_start().starts_with('{') {
            if !self.is_plain() {
                return Err(ReadError::Other(
                    "a line of the variant file gives its own grid: leave out --boxes, --regions, \
                     --extra-regions, --rules and --cages"
                        .into(),
                ));
            }
            return Variant::from_json(text).map(|variant| variant.board).map_err(ReadError::Variant);
        }
        let board = match &self.fixed {
            // The size comes from the options here, not from the puzzle: say so.
            Some(geometry) => Board::parse_in(text, geometry).map_err(|e| match e {
                ParseError::CellCount { found, expected } if found > 0 => ReadError::Other(format!(
                    "{}, expected {expected} for the {} grid of the options",
                    backtrack::watch::counted(found as u64, "cell"),
                    geometry.name()
                )),
                e => ReadError::Parse(e),
            })?,
            None => text.parse().map_err(ReadError::Parse)?,
        };
        // A fixed grid has its rules already; cages are laid on any grid.
        if self.cages.is_empty() && (self.fixed.is_some() || self.extras.is_empty()) {
            return Ok(board);
        }
        let mut geometry = board.geometry().clone();
        if self.fixed.is_none() && !self.extras.is_empty() {
            geometry = geometry.with_extras(&self.extras).map_err(ReadError::Geometry)?;
        }
        if !self.cages.is_empty() {
            geometry = geometry.with_cages(self.cages.clone()).map_err(ReadError::Geometry)?;
        }
        Board::from_values(&geometry, &board.values()).map_err(ReadError::Parse)
    }

    /// The options as a run names them (`Plan::run_command`): the grid and its rules.
    pub fn options(&self) -> String {
        let mut text = String::new();
        if let Some(geometry) = &self.fixed {
            text.push_str(&format!(" --grid '{}'", geometry.name()));
            if let Some(map) = geometry.region_map() {
                text.push_str(&format!(" --regions {map}"));
            }
            if let Some(map) = geometry.extra_region_map() {
                text.push_str(&format!(" --extra-regions {map}"));
            }
        }
        // A fixed grid's name says its rules.
        if self.fixed.is_none() && !self.extras.is_empty() {
            let names: Vec<&str> = self.extras.iter().map(|e| e.name()).collect();
            text.push_str(&format!(" --rules {}", names.join(",")));
        }
        if !self.cages.is_empty() {
            let mut hash = backtrack::split::InputHash::new();
            hash.write(format!("{:?}", self.cages).as_bytes());
            text.push_str(&format!(" --cages {}:{:016x}", self.cages.len(), hash.finish()));
        }
        text
    }

    /// The side of the grid of the options, if they give one.
    pub fn side(&self) -> Option<usize> {
        self.fixed.as_ref().map(Geometry::side)
    }

    /// Whether the options say nothing of the grid: each puzzle's length gives it.
    pub fn is_plain(&self) -> bool {
        self.fixed.is_none() && self.extras.is_empty() && self.cages.is_empty()
    }
}

/// Why a puzzle could not be read.
#[derive(Debug)]
pub enum ReadError {
    Parse(ParseError),
    Variant(VariantError),
    Geometry(GeometryError),
    Other(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Parse(e) => e.fmt(f),
            ReadError::Variant(e) => e.fmt(f),
            ReadError::Geometry(e) => e.fmt(f),
            ReadError::Other(e) => f.write_str(e),
        }
    }
}

/// Whether the plan can run on a grid of `geometry`, or the sentence that says why not: the
/// classic grid takes everything; other grids take the general engine, Dancing Links, the
/// driver (with the general engine's propagating generators, or the seed's) and the logic solver (on
/// houses, the relations between cells, and killers), and
/// the explorer draws their boxes and regions.
pub fn supports(plan: &Plan, geometry: &Geometry) -> Result<(), String> {
    if geometry.is_classic() {
        return Ok(());
    }
    let name = geometry.name();
    let logic = plan.solver == Solver::Logic || matches!(plan.mode, Mode::Explain | Mode::Hint { .. });
    if logic {
        backtrack::sudoku::logic::supports(geometry).map_err(|why| format!("{why}: solve without it"))?;
    }
    if let Some(rule) = geometry.beyond_houses()
        && matches!(plan.mode, Mode::Estimate { .. })
    {
        return Err(format!("--estimate probes the seed's generators, which take houses only, not {rule}"));
    }
    if plan.solver == Solver::Dlx && geometry.relation().is_none() && !geometry.cages().is_empty() {
        // Killer cages are exact cover: their value combinations are options of the matrix.
        backtrack::sudoku::ExactCover::with_cages(geometry)
            .map_err(|why| format!("Dancing Links cannot take the cages of {name}: {why}"))?;
    } else if let Some(rule) = geometry.beyond_houses()
        && (plan.solver == Solver::Dlx || (plan.solver == Solver::Backtrack && plan.order.is_some()))
    {
        // The driver's propagating generators are the general engine's, which takes every rule.
        let solver = if plan.solver == Solver::Dlx { "Dancing Links" } else { "the seed's generators" };
        return Err(format!("{solver} take houses only, not {rule}: solve {name} without --solver"));
    }
    if plan.solver == Solver::Bitboard && plan.solver_given {
        return Err(format!(
            "the band engine is the classic 9×9 grid's: solve {name} without --solver bitboard"
        ));
    }
    Ok(())
}
