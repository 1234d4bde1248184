//! The variant file: one puzzle of any size and rules a line, as a JSON object.
//!
//! The fields: `size` (N; left out, the side the givens are written for), `boxes` (`"RxC"`: R
//! rows by C columns; `null` with no `regions`: no boxes at all, a Latin square; absent, the
//! boxes a line of N² characters has, as [`Geometry::of_side`] gives them: 3×3 for 9, 2×3 for
//! 6, none for a prime side), `givens` (N² characters, `.` or `0` blank, values `1`-`9` then
//! `A`…), `regions` (N² letters, one a region:
//! with `boxes` null or absent, a jigsaw, whose regions replace the boxes; with `boxes` given too,
//! extra regions on top of the boxes, each holding every value once besides them, as sigh's solver
//! writes its "extra regions"), `rules` (a list: `"diagonals"`, `"windoku"`, `"anti-knight"`,
//! `"anti-king"`, `"non-consecutive"`), and optionally `solution` (N² characters) and `id`. Other
//! fields are ignored; a rule this crate does not know is refused by name, never ignored. `cages`
//! (a list of `{"sum": S, "cells": [0-based indices]}`, the sum optional) makes a killer. The
//! lines `backtrack generate --format json` prints are read as they are: their `givens` is the
//! count of givens, and the puzzle's text is in `puzzle`.
//!
//! ```
//! use backtrack::sudoku::variant::Variant;
//!
//! let line = r#"{"size":4,"boxes":null,"givens":".23..3.........1","regions":"ABBBAABCADCCDDDC","rules":[],"solution":"1234431221433421"}"#;
//! let variant = Variant::from_json(line)?;
//! assert_eq!(variant.board.geometry().name(), "4×4 jigsaw");
//! let solved = variant.board.solve().unwrap();
//! assert_eq!(Some(format!("{solved:#}")), variant.solution);
//!
//! // A killer 4×4: r1c1 + r1c2 = 3, so they hold 1 and 2; and a cage that cannot be.
//! let killer = r#"{"size":4,"boxes":"2x2","givens":"1...............","cages":[{"sum":3,"cells":[0,1]}]}"#;
//! let board = Variant::from_json(killer)?.board;
//! assert_eq!(board.geometry().name(), "4×4, killer");
//! assert_eq!(format!("{:#}", board.solve().unwrap()).get(..2), Some("12"));
//! let wrong = r#"{"size":4,"boxes":"2x2","givens":"................","cages":[{"sum":9,"cells":[0,1]}]}"#;
//! assert_eq!(Variant::from_json(wrong).unwrap_err().to_string(), "field `cages`: cage 1: 2 different values make 3 to 7, not 9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Board, Cage, Extra, Geometry, GeometryError, ParseError};
use serde::Deserialize;
use std::fmt;

/// One puzzle of the variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Variant {
    /// The puzzle: its givens, on its geometry.
    pub board: Board,
    /// The published solution, as the line gives it (N² characters), if it gives one.
    pub solution: Option<String>,
    /// The puzzle's name, if the line gives one.
    pub id: Option<String>,
}

/// The fields as they are written.
/// A cage as the variant file writes it: `{"sum": S, "cells": [0-based indices]}`, the sum
/// optional.
#[derive(Deserialize)]
struct CageField {
    #[serde(default)]
    sum: Option<u32>,
    cells: Vec<usize>,
}

#[derive(Deserialize)]
struct Fields {
    /// `None` when the line leaves it out: the side the givens are written for.
    #[serde(default)]
    size: Option<usize>,
    /// `None` when the line has no `boxes`, `Some(None)` when it says `null`.
    #[serde(default, deserialize_with = "present")]
    boxes: Option<Option<String>>,
    /// The puzzle's text; or, in `backtrack generate --format json`'s lines, the count of
    /// givens, the text being in `puzzle`.
    #[serde(default)]
    givens: Option<serde_json::Value>,
    #[serde(default)]
    puzzle: Option<String>,
    #[serde(default)]
    regions: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    cages: Vec<CageField>,
    #[serde(default)]
    solution: Option<String>,
    #[serde(default)]
    id: Option<String>,
}

impl Variant {
    /// Read one line of the variant file.
    ///
    /// # Errors
    /// Text that is not a JSON object with the fields above, a field that says what cannot
    /// be (a box shape that does not make the size, a region map of the wrong size, givens
    /// that break a rule), or a rule this crate does not solve: each says which field.
    pub fn from_json(line: &str) -> Result<Variant, VariantError> {
        let fields: Fields = serde_json::from_str(line).map_err(|e| VariantError::Json(e.to_string()))?;
        let givens = fields.givens()?;
        let parse = |error| VariantError::Field { field: "givens", error: FieldError::Parse(error) };
        let size = match fields.size {
            Some(size) => size,
            None => super::parse::side_of_text(givens).map_err(parse)?,
        };
        let geometry = fields.geometry(size)?;
        let board = Board::parse_in(givens, &geometry).map_err(parse)?;
        if let Some(solution) = &fields.solution {
            Board::parse_in(solution, &geometry).map_err(|error| VariantError::Field {
                field: "solution",
                error: FieldError::Parse(error),
            })?;
        }
        Ok(Variant { board, solution: fields.solution, id: fields.id })
    }
}

/// A field that may be absent or `null`, and means one thing for each: `Some` whenever it is
/// written (serde's own `Option` reads `null` and absent alike).
fn present<'de, D: serde::Deserializer<'de>>(field: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(field).map(Some)
}

impl Fields {
    /// The puzzle's text: `givens`, or `puzzle` where `givens` is a count (the lines of
    /// `backtrack generate --format json`, which `backtrack sudoku -f` reads back as they are).
    fn givens(&self) -> Result<&str, VariantError> {
        match (&self.givens, &self.puzzle) {
            (Some(serde_json::Value::String(text)), _) => Ok(text),
            (Some(serde_json::Value::Number(_)), Some(text)) => Ok(text),
            // Not `puzzle` alone: an answer of `backtrack sudoku --format json` has one, and
            // says nothing of its grid.
            (None, _) => Err(VariantError::Json("missing field `givens`".to_string())),
            (Some(_), _) => Err(VariantError::Field { field: "givens", error: FieldError::NotText }),
        }
    }

    /// The geometry the fields describe, on a grid of side `size`.
    fn geometry(&self, size: usize) -> Result<Geometry, VariantError> {
        let field = |field, error| VariantError::Field { field, error };
        let mut extras = Vec::new();
        for rule in &self.rules {
            match Extra::from_name(rule) {
                Some(extra) => extras.push(extra),
                None => return Err(field("rules", FieldError::UnknownRule(rule.clone()))),
            }
        }
        let geometry = match (&self.regions, &self.boxes) {
            (Some(map), None | Some(None)) => {
                Geometry::jigsaw(size, map).map_err(|e| field("regions", FieldError::Geometry(e)))?
            }
            (_, Some(Some(boxes))) => {
                let (rows, cols) =
                    parse_boxes(boxes).ok_or_else(|| field("boxes", FieldError::Boxes(boxes.clone())))?;
                if rows.checked_mul(cols) != Some(size) {
                    return Err(field("boxes", FieldError::Boxes(boxes.clone())));
                }
                let boxed =
                    Geometry::boxed(rows, cols).map_err(|e| field("boxes", FieldError::Geometry(e)))?;
                match &self.regions {
                    // Boxes and regions: the regions are houses on top of the boxes.
                    Some(map) => boxed
                        .with_extra_regions(map)
                        .map_err(|e| field("regions", FieldError::Geometry(e)))?,
                    None => boxed,
                }
            }
            (None, Some(None)) => {
                Geometry::latin(size).map_err(|e| field("size", FieldError::Geometry(e)))?
            }
            // No word of boxes: those of a puzzle written as a line, so that a classic
            // puzzle needs no more than its size and givens.
            (None, None) => Geometry::of_side(size).map_err(|e| field("size", FieldError::Geometry(e)))?,
        };
        let geometry = geometry.with_extras(&extras).map_err(|e| field("rules", FieldError::Geometry(e)))?;
        if self.cages.is_empty() {
            return Ok(geometry);
        }
        let cages = self.cages.iter().map(|c| Cage::new(c.cells.clone(), c.sum)).collect();
        geometry.with_cages(cages).map_err(|e| field("cages", FieldError::Geometry(e)))
    }
}

/// A box shape written `RxC` (or `R×C`): R rows by C columns, both from 1.
///
/// ```
/// use backtrack::sudoku::variant::parse_boxes;
/// assert_eq!(parse_boxes("2x3"), Some((2, 3)));
/// assert_eq!(parse_boxes("3×3"), Some((3, 3)));
/// assert_eq!(parse_boxes("3"), None);
/// ```
pub fn parse_boxes(text: &str) -> Option<(usize, usize)> {
    let (rows, cols) = text.split_once(['x', 'X', '×'])?;
    let (rows, cols) = (rows.trim().parse().ok()?, cols.trim().parse().ok()?);
    (rows > 0 && cols > 0).then_some((rows, cols))
}

/// Why a line of the variant file is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantError {
    /// The line is not a JSON object with the fields, as serde_json says.
    Json(String),
    /// A field says what cannot be.
    Field {
        /// The field's name.
        field: &'static str,
        /// What is wrong with it.
        error: FieldError,
    },
}

/// What is wrong with a field of the variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldError {
    /// The givens or the solution cannot be read.
    Parse(ParseError),
    /// The size, the boxes, the regions, the rules or the cages make no grid.
    Geometry(GeometryError),
    /// A box shape that is not `RxC` with R·C the size.
    Boxes(String),
    /// A rule of no known name.
    UnknownRule(String),
    /// The givens are not the puzzle's text, nor a count beside the text in `puzzle`.
    NotText,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Json(e) => write!(f, "not a puzzle of the variant file: {e}"),
            VariantError::Field { field, error } => write!(f, "field `{field}`: {error}"),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Parse(e) => e.fmt(f),
            FieldError::Geometry(e) => e.fmt(f),
            FieldError::Boxes(boxes) => write!(f, "{boxes:?} is not RxC boxes whose cells make the size"),
            FieldError::NotText => {
                write!(f, "not the puzzle's text (N² characters), nor a count beside the text in `puzzle`")
            }
            FieldError::UnknownRule(rule) => {
                let known = Extra::ALL.iter().map(|r| format!("{:?}", r.name()));
                write!(f, "no rule is called {rule:?} (the rules: {})", known.collect::<Vec<_>>().join(", "))
            }
        }
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::Field { error: FieldError::Parse(e), .. } => Some(e),
            VariantError::Field { error: FieldError::Geometry(e), .. } => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(line: &str) -> String {
        Variant::from_json(line).unwrap_err().to_string()
    }

    #[test]
    fn every_field_is_read() {
        let x = r#"{"size":9,"boxes":"3x3","givens":".................................................................................","rules":["diagonals"],"id":"x"}"#;
        let variant = Variant::from_json(x).unwrap();
        assert_eq!(variant.board.geometry().name(), "9×9, diagonals");
        assert_eq!(variant.id.as_deref(), Some("x"));
        let six = r#"{"size":6,"boxes":"3x2","givens":"....................................","rules":[],"extra":1}"#;
        assert_eq!(Variant::from_json(six).unwrap().board.geometry().boxes(), Some((3, 2)));
        let latin = r#"{"size":5,"boxes":null,"givens":".........................","rules":["diagonals"]}"#;
        assert_eq!(Variant::from_json(latin).unwrap().board.geometry().name(), "5×5 Latin, diagonals");
    }

    #[test]
    fn a_size_left_out_is_the_givens_and_the_generators_json_is_read() {
        let four = Variant::from_json(r#"{"givens":"1..............."}"#).unwrap();
        assert_eq!(four.board.geometry().name(), "4×4");
        let jigsaw = r#"{"givens":".23..3.........1","regions":"ABBBAABCADCCDDDC"}"#;
        assert_eq!(Variant::from_json(jigsaw).unwrap().board.geometry().name(), "4×4 jigsaw");
        // Written as numbers, a row a line: the side is the rows' length.
        let rows = Variant::from_json(r#"{"givens":"1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0"}"#).unwrap();
        assert_eq!(rows.board.geometry().side(), 4);
        // A line of `backtrack generate --boxes 3x2 --format json`: `givens` counts them.
        let made = r#"{"number":1,"puzzle":"...15..6...2....165..2..4.......5...","solution":"246153163542352416534261421635615324","givens":10,"grade":"easy","size":6,"boxes":"3x2"}"#;
        let made = Variant::from_json(made).unwrap();
        assert_eq!(made.board.geometry().boxes(), Some((3, 2)));
        assert_eq!(made.board.empty_cells().count(), 36 - 10);
        assert_eq!(made.board.solve().map(|b| format!("{b:#}")), made.solution);
        // An answer of `backtrack sudoku --format json` is not a puzzle: it has no `givens`.
        let answer = r#"{"puzzle":"...3..1.....2...","verdict":"solved","solutions":["1243431231242431"]}"#;
        assert!(err(answer).starts_with("not a puzzle of the variant file: missing field `givens`"));
        // The text in `givens` is the puzzle, whatever `puzzle` says.
        let both = r#"{"givens":"1...............","puzzle":"2..............."}"#;
        assert_eq!(format!("{:#}", Variant::from_json(both).unwrap().board).get(..1), Some("1"));
    }

    #[test]
    fn boxes_left_out_are_those_of_the_size_and_null_is_none() {
        let geometry = |boxes: &str, size: usize| {
            let line = format!(r#"{{"size":{size},{boxes}"givens":"{}"}}"#, ".".repeat(size * size));
            Variant::from_json(&line).unwrap().board.geometry().clone()
        };
        assert!(geometry("", 9).is_classic());
        assert_eq!(geometry("", 6).boxes(), Some((2, 3)));
        assert_eq!(geometry("", 16).boxes(), Some((4, 4)));
        assert_eq!(geometry("", 7).name(), "7×7 Latin");
        assert_eq!(geometry(r#""boxes":null,"#, 9).name(), "9×9 Latin");
        assert_eq!(geometry(r#""boxes":null,"#, 9).boxes(), None);
        // Regions with no boxes, written or null: a jigsaw.
        let map = "AABBAABBCCDDCCDD";
        for boxes in ["", r#""boxes":null,"#] {
            let line = format!(r#"{{"size":4,{boxes}"givens":"................","regions":"{map}"}}"#);
            assert_eq!(Variant::from_json(&line).unwrap().board.geometry().name(), "4×4 jigsaw");
        }
    }

    #[test]
    fn every_error_names_its_field() {
        let line = |fields: &str| format!(r#"{{"size":4,"givens":"................",{fields}}}"#);
        assert_eq!(
            err(&line(r#""boxes":"2x3""#)),
            r#"field `boxes`: "2x3" is not RxC boxes whose cells make the size"#
        );
        assert_eq!(
            err(&line(r#""boxes":"big""#)),
            r#"field `boxes`: "big" is not RxC boxes whose cells make the size"#
        );
        assert_eq!(
            err(&line(r#""regions":"AAAB""#)),
            "field `regions`: the region map has 4 cells, expected 16"
        );
        assert!(
            err(&line(r#""rules":["sideways"]"#))
                .starts_with(r#"field `rules`: no rule is called "sideways""#)
        );
        assert_eq!(
            err(&line(r#""rules":["sideways"]"#)),
            "field `rules`: no rule is called \"sideways\" (the rules: \"diagonals\", \"windoku\", \
             \"anti-knight\", \"anti-king\", \"non-consecutive\")"
        );
        let six =
            r#"{"size":6,"boxes":"2x3","givens":"....................................","rules":["windoku"]}"#;
        assert_eq!(
            err(six),
            "field `rules`: windoku's windows are the size of square boxes: a 6x6 grid has none"
        );
        let twice = r#"{"size":4,"boxes":"2x2","givens":"11.............."}"#;
        assert_eq!(err(twice), "field `givens`: digit 1 appears twice in row 1 (r1c1 and r1c2)");
        let short = r#"{"size":4,"boxes":"2x2","givens":"1.."}"#;
        assert_eq!(err(short), "field `givens`: 3 cells, expected 16");
        assert!(err(r#"{"size":4}"#).starts_with("not a puzzle of the variant file: missing field `givens`"));
        let not_text =
            "field `givens`: not the puzzle's text (N² characters), nor a count beside the text in `puzzle`";
        assert_eq!(err(r#"{"givens":10}"#), not_text);
        assert_eq!(err(r#"{"givens":["1"],"puzzle":"1..............."}"#), not_text);
        assert_eq!(err(r#"{"givens":"1.."}"#), "field `givens`: 3 cells, expected 81");
        assert!(err("not json").starts_with("not a puzzle of the variant file: expected"));
        assert!(err(r#"{"size":30,"givens":""}"#).starts_with("field `size`: a side of 30"));
        // Found by geometry_text: boxes whose cells overflow a number.
        let huge = r#"{"size":9,"boxes":"99999999999x99999999999","givens":""}"#;
        assert!(err(huge).starts_with("field `boxes`"), "{}", err(huge));
        let huge = r#"{"size":99999999999,"regions":"AB","givens":""}"#;
        assert_eq!(err(huge), "field `regions`: a side of 99999999999: sides go from 1 to 25");
    }
}
