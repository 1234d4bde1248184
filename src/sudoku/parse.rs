//! Reading boards: the newspaper string, pasted grids, and the seed's comma-separated files.

use super::geometry::{MAX_SIDE, SIDES, classic};
use super::{Board, Cell, Digit, Geometry, House};
use crate::watch::counted;
use std::fmt;
use std::str::FromStr;

impl FromStr for Board {
    type Err = ParseError;

    /// Read a board from text, in any of the usual layouts, of any size: the side follows from
    /// the number of cells (16, 36, 64, 81, 144, 256, 625, … for 4, 6, 8, 9, 12, 16, 25, …; the
    /// boxes those of [`Geometry::of_side`], or those a grid's drawing shows: bands of R rows
    /// between blank lines, groups of C columns set apart, as `Display` draws them;
    /// [`Board::parse_in`] reads a grid of a geometry given, jigsaw or with extra houses).
    /// - the newspaper string: N² cells on one line, `0`, `.` or `_` for an empty cell, values
    ///   `1`-`9` then `A` (10) to `P` (25), in either case;
    /// - a grid of N lines of N cells, with or without decorations (`|`, `-`, `+`, spaces,
    ///   blank lines between bands);
    /// - the seed's file format: `_` for empty, commas between cells;
    /// - numbers separated by spaces or commas, for those who write `10 11 12` (`0` empty).
    ///
    /// Givens that break a rule (a digit twice in a house) are an error before any search.
    ///
    /// ```
    /// use backtrack::sudoku::Board;
    ///
    /// let line: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
    /// let grid: Board = "
    ///     _,_,6,  _,_,7,  4,_,3
    ///     _,_,_,  9,_,6,  _,2,_
    ///     5,_,_,  3,_,4,  _,_,6
    ///
    ///     7,4,_,  _,_,_,  _,1,_
    ///     8,_,9,  _,_,_,  3,_,4
    ///     _,1,_,  _,_,_,  _,5,7
    ///
    ///     2,_,_,  6,_,3,  _,_,5
    ///     _,3,_,  2,_,8,  _,_,_
    ///     4,_,5,  7,_,_,  2,_,_".parse()?;
    /// assert_eq!(line, grid);
    ///
    /// // 6×6 (2×3 boxes) and 16×16 (4×4 boxes, values 1-9 then A-G).
    /// let six: Board = "1.....4.2.........................3.".parse()?;
    /// assert_eq!(six.geometry().boxes(), Some((2, 3)));
    /// let sixteen: Board = format!("G{}", ".".repeat(255)).parse()?;
    /// assert_eq!(sixteen.geometry().side(), 16);
    ///
    /// let err = "12345678".parse::<Board>().unwrap_err();
    /// assert_eq!(err.to_string(), "8 cells, expected 81");
    /// let err = "1".repeat(250).parse::<Board>().unwrap_err();
    /// assert_eq!(err.to_string(), "250 cells, expected 256");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, ParseError> {
        // The common case, one puzzle a line of exactly 81 cells, without the general reader's
        // line and cell lists (a batch reads millions of them).
        if let Some(cells) = line_of_cells(text) {
            return Board::try_from(cells);
        }
        read(text, None)
    }
}

impl Board {
    /// Read a board of `geometry` from text, in the layouts [`Board`'s `parse`](Board::from_str)
    /// reads.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Geometry};
    ///
    /// let jigsaw = Geometry::jigsaw(4, "ABBBAABCADCCDDDC")?;
    /// let board = Board::parse_in(".23..3.........1", &jigsaw)?;
    /// assert_eq!(board.solve().map(|b| format!("{b:#}")).as_deref(), Some("1234431221433421"));
    /// let err = Board::parse_in("4...4...........", &jigsaw).unwrap_err();
    /// assert_eq!(err.to_string(), "digit 4 appears twice in column 1 (r1c1 and r2c1)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As `parse`, with the size of `geometry` expected.
    pub fn parse_in(text: &str, geometry: &Geometry) -> Result<Board, ParseError> {
        if let Some(cells) = line_of_cells(text).filter(|_| geometry.is_classic()) {
            return Board::try_from(cells);
        }
        read(text, Some(geometry))
    }

    /// A board of `geometry` from its values in reading order, 0 for empty.
    ///
    /// # Errors
    /// Not N² values, a value over the side, or a digit twice in a house.
    pub fn from_values(geometry: &Geometry, values: &[u8]) -> Result<Board, ParseError> {
        if values.len() != geometry.cells() {
            return Err(ParseError::CellCount { found: values.len(), expected: geometry.cells() });
        }
        let board = Board::empty_of(geometry);
        for (cell, &value) in geometry.all_cells().zip(values) {
            if value == 0 {
                continue;
            }
            let digit = Digit::new_checked(value)
                .filter(|d| (d.get() as usize) <= geometry.side())
                .ok_or(ParseError::NotADigit { cell, found: value })?;
            if board.place(cell, digit).is_err() {
                let (house, first) = geometry
                    .homes(cell)
                    .iter()
                    .find_map(|&h| {
                        let cells = geometry.members(h as usize);
                        cells
                            .iter()
                            .find(|&&c| board.get(c) == Some(digit))
                            .map(|&c| (geometry.house(h as usize), c))
                    })
                    .expect("a digit that cannot go in an empty cell is in one of its houses");
                return Err(ParseError::Repeated { digit, house, first, second: cell });
            }
        }
        Ok(board)
    }
}

/// A cell read from text: its value (0 empty), and where it stands.
struct Read {
    value: u8,
    line: usize,
    column: usize,
}

/// The general reader: the cells of the text, line by line, then the size they make (or the
/// size of `geometry`), then the board.
fn read(text: &str, geometry: Option<&Geometry>) -> Result<Board, ParseError> {
    let as_numbers = numbers_only(text);
    let lines = if as_numbers { numbers(text)? } else { symbols(text)? };
    let count: usize = lines.iter().map(Vec::len).sum();
    let side = match geometry {
        Some(geometry) => geometry.side(),
        None => side_of_lines(&lines)?,
    };
    let drawn = if geometry.is_none() { drawn_boxes(&lines, side, !as_numbers) } else { None };
    let cells: Vec<Read> = match lines.as_slice() {
        [cells] if cells.len() == side * side => lines.into_iter().flatten().collect(),
        [_] | [] => return Err(ParseError::CellCount { found: count, expected: side * side }),
        _ => {
            if let Some(cells) = lines.iter().find(|cells| cells.len() != side) {
                return Err(ParseError::LineLength {
                    line: cells[0].line,
                    found: cells.len(),
                    expected: side,
                });
            }
            if lines.len() != side {
                return Err(ParseError::RowCount { found: lines.len(), expected: side });
            }
            lines.into_iter().flatten().collect()
        }
    };
    let geometry = match geometry {
        Some(geometry) => geometry.clone(),
        None => match drawn {
            Some((rows, cols)) => Geometry::boxed(rows, cols),
            None => Geometry::of_side(side),
        }
        .map_err(|_| unknown_size(count))?,
    };
    if let Some(read) = cells.iter().find(|r| r.value as usize > side) {
        return Err(ParseError::OutOfRange {
            line: read.line,
            column: read.column,
            // As it is written: `17`, or `H`.
            found: match as_numbers {
                true => read.value.to_string(),
                false => Geometry::symbol(read.value).to_string(),
            },
            side,
        });
    }
    let values: Vec<u8> = cells.iter().map(|r| r.value).collect();
    Board::from_values(&geometry, &values)
}

/// The side of the grid that `text` is written for, as [`Board`'s `parse`](Board::from_str)
/// reads it without a grid given: the length of its rows where it has several, else the side
/// whose square is its count of cells.
pub(crate) fn side_of_text(text: &str) -> Result<usize, ParseError> {
    let lines = if numbers_only(text) { numbers(text)? } else { symbols(text)? };
    side_of_lines(&lines)
}

/// The side of a grid read as `lines` of cells, without a grid given.
fn side_of_lines(lines: &[Vec<Read>]) -> Result<usize, ParseError> {
    match lines {
        [first, _, ..] if SIDES.contains(&first.len()) => Ok(first.len()),
        _ => {
            let count = lines.iter().map(Vec::len).sum();
            side_of(count).ok_or_else(|| unknown_size(count))
        }
    }
}

/// The boxes a grid of `side` lines of cells is drawn with, if its drawing shows them: bands
/// of R rows between blank or ruled lines, and (a character a cell, `columns`) groups of C
/// columns set apart by wider gaps or rules, each the same in every row, with R·C the side;
/// one of the two gives the other. So the grids `Display` draws, and `backtrack generate
/// --format text` prints, are read back on their boxes: a 12×12 grid drawn in bands of four rows
/// has boxes of 4×3, not the 3×4 of its size. `None` for any other layout (a grid on one line,
/// a rule between every two rows as a jigsaw's drawing has, bands of different heights).
fn drawn_boxes(lines: &[Vec<Read>], side: usize, columns: bool) -> Option<(usize, usize)> {
    if lines.len() != side || lines.iter().any(|cells| cells.len() != side) {
        return None;
    }
    let rows = groups(&lines.iter().map(|cells| cells[0].line).collect::<Vec<_>>(), side);
    let cols = match columns {
        true => {
            let mut widths =
                lines.iter().map(|cells| groups(&cells.iter().map(|r| r.column).collect::<Vec<_>>(), side));
            let first = widths.next()?;
            widths.all(|w| w == first).then_some(first).flatten()
        }
        false => None,
    };
    match (rows, cols) {
        (Some(r), Some(c)) => (r * c == side).then_some((r, c)),
        (Some(r), None) => Some((r, side / r)),
        (None, Some(c)) => Some((side / c, c)),
        (None, None) => None,
    }
}

/// The size of the groups that `positions` (increasing) fall into, a group ending wherever the
/// step to the next is longer than the shortest step; `Some` if there are two groups or more,
/// all of one size that divides `side`.
fn groups(positions: &[usize], side: usize) -> Option<usize> {
    let steps: Vec<usize> = positions.windows(2).map(|p| p[1] - p[0]).collect();
    let shortest = *steps.iter().min()?;
    let mut sizes = Vec::new();
    let mut size = 1;
    for &step in &steps {
        if step > shortest {
            sizes.push(size);
            size = 0;
        }
        size += 1;
    }
    sizes.push(size);
    let first = sizes[0];
    (sizes.len() >= 2 && sizes.iter().all(|&s| s == first) && first > 1 && side % first == 0).then_some(first)
}

/// The side of a grid of `count` cells, if the reader knows it (4 to 25).
fn side_of(count: usize) -> Option<usize> {
    SIDES.clone().find(|side| side * side == count)
}

/// Why `count` cells, read without a grid given, make no grid: a square past the largest side
/// is refused for its size; any other count is a grid cut short or run over.
fn unknown_size(count: usize) -> ParseError {
    match count.isqrt() {
        side if side * side == count && side > MAX_SIDE => ParseError::TooLarge { side },
        _ => ParseError::CellCount { found: count, expected: nearest_square(count) },
    }
}

/// The number of cells of the grid nearest in size to `count` cells, to say what was expected.
fn nearest_square(count: usize) -> usize {
    // A short line is most likely a classic puzzle cut short.
    if count < 12 {
        return classic::CELLS;
    }
    SIDES.clone().map(|side| side * side).min_by_key(|&cells| cells.abs_diff(count)).unwrap_or(classic::CELLS)
}

/// Whether the text is numbers separated by spaces or commas, one at least of two digits (`10
/// 11 12`): every other layout has a cell a character.
fn numbers_only(text: &str) -> bool {
    let mut tokens = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty());
    let mut long = false;
    let all = tokens.all(|t| {
        long |= t.len() == 2;
        t.len() <= 2 && (t.bytes().all(|b| b.is_ascii_digit()) || t == "." || t == "_")
    });
    all && long
}

/// The cells of text written as numbers, line by line (lines without any left out).
fn numbers(text: &str) -> Result<Vec<Vec<Read>>, ParseError> {
    let mut lines = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let mut cells = Vec::new();
        let mut column = 1;
        for token in line.split(|c: char| c.is_whitespace() || c == ',') {
            if !token.is_empty() {
                // Two digits at most (`numbers_only`): a value over the side is told once the
                // side is known.
                let value = token.parse::<u8>().unwrap_or(0);
                cells.push(Read { value, line: l + 1, column });
            }
            column += token.chars().count() + 1;
        }
        if !cells.is_empty() {
            lines.push(cells);
        }
    }
    Ok(lines)
}

/// The cells of text written a character a cell, line by line (lines without any left out).
fn symbols(text: &str) -> Result<Vec<Vec<Read>>, ParseError> {
    let mut lines = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let mut cells = Vec::new();
        for (c, ch) in line.chars().enumerate() {
            let value = match ch {
                '0' | '.' | '_' => 0,
                '|' | '-' | '+' | ',' => continue,
                _ if ch.is_whitespace() => continue,
                _ => match Geometry::value_of(ch).filter(|&v| v as usize <= MAX_SIDE) {
                    Some(value) => value,
                    None => {
                        return Err(ParseError::InvalidCharacter { line: l + 1, column: c + 1, found: ch });
                    }
                },
            };
            cells.push(Read { value, line: l + 1, column: c + 1 });
        }
        if !cells.is_empty() {
            lines.push(cells);
        }
    }
    Ok(lines)
}

/// The numbers of a line of exactly 81 cells (digits, `0`, `.` or `_` for an empty cell), 0 for
/// an empty cell; `None` for any other text. Every byte is looked at, without a branch on each.
pub(crate) fn line_of_cells(text: &str) -> Option<[u8; classic::CELLS]> {
    let bytes = <[u8; classic::CELLS]>::try_from(text.as_bytes()).ok()?;
    let digits = bytes.map(|b| b.wrapping_sub(b'0'));
    let marks = bytes.iter().zip(&digits).fold(true, |ok, (&b, &d)| ok & (d <= 9 || b == b'.' || b == b'_'));
    marks.then(|| digits.map(|d| if d <= 9 { d } else { 0 }))
}

impl TryFrom<[u8; classic::CELLS]> for Board {
    type Error = ParseError;

    /// A classic board from 81 numbers in reading order, 0 for empty and 1 to 9 for givens.
    ///
    /// # Errors
    /// A number above 9, or a digit twice in a house.
    fn try_from(cells: [u8; classic::CELLS]) -> Result<Board, ParseError> {
        if let Some(board) = Board::from_digits(&cells) {
            return Ok(board);
        }
        // Refused: place the givens one by one to say which cell is wrong, and why.
        Board::from_values(classic::geometry(), &cells)
    }
}

/// Why a text is not a board. Positions are 1-based, as an editor shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// A character that is neither a digit, an empty mark (`0 . _`), nor a decoration.
    InvalidCharacter {
        /// The line of the text, from 1.
        line: usize,
        /// The column (character) in that line, from 1.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A one-line board whose cells are not N² (those of the grid given, or of any side the
    /// reader knows).
    CellCount {
        /// How many cells the line has.
        found: usize,
        /// The cells of the grid given, or of the nearest grid in size.
        expected: usize,
    },
    /// A grid of N² cells, read without a grid given, whose side N is past [`MAX_SIDE`].
    TooLarge {
        /// N.
        side: usize,
    },
    /// A grid line without N cells.
    LineLength {
        /// The line of the text, from 1.
        line: usize,
        /// How many cells it has.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A grid without N lines of cells.
    RowCount {
        /// How many lines of cells the text has.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A value over the grid's side (`A`, 10, in a 9×9 grid).
    OutOfRange {
        /// The line of the text, from 1.
        line: usize,
        /// The column (character) in that line, from 1.
        column: usize,
        /// The value as it is written: its character (`A`), or its number (`17`).
        found: String,
        /// The side of the grid.
        side: usize,
    },
    /// A number that is not a digit, in [`Board::try_from`].
    NotADigit {
        /// Where.
        cell: Cell,
        /// The number found.
        found: u8,
    },
    /// A given that repeats a digit in a house.
    Repeated {
        /// The digit.
        digit: Digit,
        /// The house that holds it twice.
        house: House,
        /// Where it is first.
        first: Cell,
        /// Where it is again.
        second: Cell,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::InvalidCharacter { line, column, found } => {
                write!(f, "line {line}, column {column}: {found:?} is not a digit or an empty mark")
            }
            ParseError::CellCount { found: 0, expected } => {
                write!(f, "the puzzle is empty: no cells, expected {expected}")
            }
            ParseError::TooLarge { side } => write!(
                f,
                "{} cells make a {side}x{side} grid: the sides read go from {} to {MAX_SIDE} ({} cells)",
                side * side,
                SIDES.start(),
                MAX_SIDE * MAX_SIDE
            ),
            ParseError::CellCount { found, expected } => {
                write!(f, "{}, expected {expected}", counted(*found as u64, "cell"))
            }
            ParseError::LineLength { line, found, expected } => {
                write!(f, "line {line} has {}, expected {expected}", counted(*found as u64, "cell"))
            }
            ParseError::RowCount { found, expected } => {
                write!(f, "{found} lines of cells, expected {expected}")
            }
            ParseError::OutOfRange { line, column, found, side } => {
                write!(
                    f,
                    "line {line}, column {column}: '{found}' is over {side}, the largest value of a {side}x{side} grid"
                )
            }
            ParseError::NotADigit { cell, found } if cell.side() == classic::SIDE => {
                write!(f, "{cell}: {found} is not a digit")
            }
            ParseError::NotADigit { cell, found } => {
                write!(f, "{cell}: {found} is not a value of a {0}x{0} grid (1 to {0})", cell.side())
            }
            ParseError::Repeated { digit, house, first, second } => {
                write!(f, "digit {digit} appears twice in {house} ({first} and {second})")
            }
        }
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    const NEWSPAPER: &str =
        "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

    fn err(text: &str) -> String {
        text.parse::<Board>().unwrap_err().to_string()
    }

    #[test]
    fn every_error_says_where_and_what() {
        let mut bad = NEWSPAPER.to_string();
        bad.replace_range(6..7, "%");
        assert_eq!(err(&bad), "line 1, column 7: '%' is not a digit or an empty mark");
        assert_eq!(err(&NEWSPAPER[..80]), "80 cells, expected 81");
        assert_eq!(err(&format!("{NEWSPAPER}0")), "82 cells, expected 81");
        assert_eq!(err(""), "the puzzle is empty: no cells, expected 81");
        assert_eq!(err("   \n\n"), "the puzzle is empty: no cells, expected 81");
        let grid: Vec<&str> = (0..9).map(|r| &NEWSPAPER[r * 9..r * 9 + 9]).collect();
        let short = format!("{}\n{}\n{}", grid[0], &grid[1][..8], grid[2..].join("\n"));
        assert_eq!(err(&short), "line 2 has 8 cells, expected 9");
        assert_eq!(err(&grid[..8].join("\n")), "8 lines of cells, expected 9");
        let twice = format!("12{}1{}", ".".repeat(5), ".".repeat(73));
        assert_eq!(err(&twice), "digit 1 appears twice in row 1 (r1c1 and r1c8)");
        let col = format!("5{}5{}", ".".repeat(26), ".".repeat(53));
        assert_eq!(err(&col), "digit 5 appears twice in column 1 (r1c1 and r4c1)");
        let boxed = format!("9{}9{}", ".".repeat(9), ".".repeat(70));
        assert_eq!(err(&boxed), "digit 9 appears twice in box 1 (r1c1 and r2c2)");
        assert_eq!(Board::try_from([10; 81]).unwrap_err().to_string(), "r1c1: 10 is not a digit");
        assert_eq!(err("é"), "line 1, column 1: 'é' is not a digit or an empty mark");
        assert_eq!(
            err(&".".repeat(36 * 36)),
            "1296 cells make a 36x36 grid: the sides read go from 4 to 25 (625 cells)"
        );
        assert_eq!(
            err(&".".repeat(26 * 26)),
            "676 cells make a 26x26 grid: the sides read go from 4 to 25 (625 cells)"
        );
        assert_eq!(err(&".".repeat(630)), "630 cells, expected 625");
        // With a grid given, its size is what was expected.
        let classic = Board::parse_in(&".".repeat(36 * 36), classic::geometry()).unwrap_err();
        assert_eq!(classic.to_string(), "1296 cells, expected 81");
    }

    #[test]
    fn a_value_over_the_side_is_shown_as_written() {
        // 256 cells as numbers, the third 17 (then 26, 99): a 16×16 grid's values stop at 16.
        let numbers = |third: &str| format!("1 10 {third} {}", vec!["0"; 253].join(" "));
        let over = "'17' is over 16, the largest value of a 16x16 grid";
        assert_eq!(err(&numbers("17")), format!("line 1, column 6: {over}"));
        assert!(
            err(&numbers("26")).starts_with("line 1, column 6: '26' is over 16"),
            "{}",
            err(&numbers("26"))
        );
        assert!(
            err(&numbers("99")).starts_with("line 1, column 6: '99' is over 16"),
            "{}",
            err(&numbers("99"))
        );
        let symbols = format!("1AH{}", ".".repeat(253));
        assert_eq!(err(&symbols), "line 1, column 3: 'H' is over 16, the largest value of a 16x16 grid");
    }

    #[test]
    fn a_grid_is_read_back_on_the_boxes_it_is_drawn_with() {
        let shapes = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (4, 4)];
        for (rows, cols) in shapes {
            let geometry = Geometry::boxed(rows, cols).unwrap();
            let full = Board::empty_of(&geometry).solve().unwrap();
            // Every other cell emptied: the drawing has blank cells and values side by side.
            let values: Vec<u8> =
                full.values().iter().enumerate().map(|(i, &v)| if i % 2 == 0 { v } else { 0 }).collect();
            for board in [full, Board::from_values(&geometry, &values).unwrap()] {
                let drawn = board.to_string();
                let read: Board = drawn.parse().unwrap_or_else(|e| panic!("{rows}x{cols}: {e}\n{drawn}"));
                assert_eq!(read.geometry().boxes(), Some((rows, cols)), "{drawn}");
                assert_eq!(read.values(), board.values());
            }
        }
        // Bands of three rows: the comma-separated 6×6 of a user whose boxes are 3 rows by 2.
        let six =
            "1,2, 3,4, 5,6\n3,4, 5,6, 1,2\n5,6, 1,2, 3,4\n\n2,1, 4,3, 6,5\n4,3, 6,5, 2,1\n6,5, 2,1, 4,3";
        assert_eq!(six.parse::<Board>().unwrap().geometry().boxes(), Some((3, 2)));
        // With no bands, or bands that do not make boxes, the boxes of the size.
        let plain = "1.....\n......\n......\n......\n......\n......";
        assert_eq!(plain.parse::<Board>().unwrap().geometry().boxes(), Some((2, 3)));
        let uneven = ".....1\n......\n\n......\n......\n......\n\n......";
        assert_eq!(uneven.parse::<Board>().unwrap().geometry().boxes(), Some((2, 3)));
        // A jigsaw's drawing, a rule between rows: read on the boxes of its size.
        let jigsaw = Geometry::jigsaw(6, "AAABBBAACCBBDACCBEDDCCEEDFFFFEDDFFEE").unwrap();
        let drawn = Board::empty_of(&jigsaw).to_string();
        assert_eq!(drawn.parse::<Board>().unwrap().geometry().boxes(), Some((2, 3)), "{drawn}");
        // A given grid is read on its own boxes, however it is drawn.
        let tall = Board::empty_of(&Geometry::boxed(3, 2).unwrap()).to_string();
        let wide = Geometry::boxed(2, 3).unwrap();
        assert_eq!(Board::parse_in(&tall, &wide).unwrap().geometry().boxes(), Some((2, 3)));
    }

    /// The rules, checked the plainest way: every number at most 9, no digit twice in a row, a
    /// column or a box.
    fn keeps_the_rules(cells: &[u8; 81]) -> bool {
        let houses = |cell: usize| [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3];
        (0..81).all(|a| {
            cells[a] <= 9
                && (0..a).all(|b| {
                    cells[a] == 0 || cells[a] != cells[b] || houses(a).iter().all(|h| !houses(b).contains(h))
                })
        })
    }

    proptest::proptest! {
        #[test]
        fn the_branch_free_check_agrees_with_the_rules(
            cells in proptest::collection::vec(
                proptest::prop_oneof![8 => 0u8..=9, 1 => proptest::prelude::any::<u8>()], 81),
            keep in proptest::collection::vec(proptest::prelude::any::<u8>(), 81),
            density in 0u8..64,
        ) {
            // From none to about 20 givens: grids that keep the rules are common, not only
            // ones that break them.
            let cells: [u8; 81] = std::array::from_fn(|i| if keep[i] < density { cells[i] } else { 0 });
            let board = Board::try_from(cells);
            proptest::prop_assert_eq!(board.is_ok(), keeps_the_rules(&cells), "{:?}", cells);
            match board {
                Ok(board) => proptest::prop_assert_eq!(board.digits(), cells),
                // A number over 9 is named, with its cell.
                Err(ParseError::NotADigit { cell, found }) => {
                    proptest::prop_assert_eq!(cells[cell.index()], found);
                    proptest::prop_assert!(found > 9);
                }
                Err(ParseError::Repeated { digit, first, second, .. }) => {
                    proptest::prop_assert_eq!(cells[first.index()], digit.get());
                    proptest::prop_assert_eq!(cells[second.index()], digit.get());
                }
                Err(e) => proptest::prop_assert!(false, "unexpected error {e}"),
            }
        }
    }

    #[test]
    fn numbers_over_nine_are_refused_whatever_their_low_bits() {
        // The check reads a number's low four bits for its digit: 16, 17, 25 look like 0, 1, 9.
        for found in [10, 15, 16, 17, 25, 32, 255] {
            let mut cells = [0; 81];
            cells[40] = found;
            assert_eq!(
                Board::try_from(cells).unwrap_err().to_string(),
                format!("r5c5: {found} is not a digit")
            );
        }
    }

    #[test]
    fn layouts_parse_to_the_same_board() {
        let board: Board = NEWSPAPER.parse().unwrap();
        let dots = NEWSPAPER.replace('0', ".");
        let unders = NEWSPAPER.replace('0', "_");
        let spaced: String = NEWSPAPER.chars().flat_map(|c| [c, ' ']).collect();
        for text in [dots, unders, spaced, format!("{board}"), format!("{board:#}")] {
            assert_eq!(text.parse::<Board>().unwrap(), board, "{text}");
        }
        let decorated = "
            0 0 6 | 0 0 7 | 4 0 3
            0 0 0 | 9 0 6 | 0 2 0
            5 0 0 | 3 0 4 | 0 0 6
            ------+-------+------
            7 4 0 | 0 0 0 | 0 1 0
            8 0 9 | 0 0 0 | 3 0 4
            0 1 0 | 0 0 0 | 0 5 7
            ------+-------+------
            2 0 0 | 6 0 3 | 0 0 5
            0 3 0 | 2 0 8 | 0 0 0
            4 0 5 | 7 0 0 | 2 0 0";
        assert_eq!(decorated.parse::<Board>().unwrap(), board);
    }

    #[test]
    fn the_seed_file_parses() {
        // seeds/000: the importer's example file, commas, `_` for empty, blank lines between bands.
        let text = include_str!("../../tests/data/seed000.txt");
        let board: Board = text.parse().unwrap();
        assert_eq!(
            format!("{board:#}"),
            "..71.439.9.5327148341689.52593.682.1.72.13..961.972.35.8623.914154.96823.398415.."
        );
    }

    #[test]
    fn round_trip() {
        let board: Board = NEWSPAPER.parse().unwrap();
        let line = format!("{board:#}");
        assert_eq!(line, NEWSPAPER.replace('0', "."));
        assert_eq!(line.parse::<Board>().unwrap().to_string(), board.to_string());
    }
}
