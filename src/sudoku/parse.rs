//! Reading boards: the newspaper string, pasted grids, and the seed's comma-separated files.

use super::{Board, Cell, Digit, House};
use std::fmt;
use std::str::FromStr;

impl FromStr for Board {
    type Err = ParseError;

    /// Read a board from text, in any of the usual layouts:
    /// - the newspaper string: 81 cells on one line, `0`, `.` or `_` for an empty cell;
    /// - a grid of nine lines of nine cells, with or without decorations (`|`, `-`, `+`,
    ///   spaces, blank lines between bands);
    /// - the seed's file format: `_` for empty, commas between cells.
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
    /// let err = "12345678".parse::<Board>().unwrap_err();
    /// assert_eq!(err.to_string(), "8 cells, expected 81");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, ParseError> {
        // The common case, one puzzle a line of exactly 81 cells, without the general reader's
        // line and cell lists (a batch reads millions of them).
        if let Some(cells) = line_of_cells(text) {
            return Board::try_from(cells);
        }
        // The cells of each line that has any, with the line's number (1-based).
        let mut lines: Vec<(usize, Vec<u8>)> = Vec::new();
        for (l, line) in text.lines().enumerate() {
            let mut cells = Vec::new();
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '1'..='9' => cells.push(ch as u8 - b'0'),
                    '0' | '.' | '_' => cells.push(0),
                    '|' | '-' | '+' | ',' => {}
                    _ if ch.is_whitespace() => {}
                    _ => return Err(ParseError::InvalidCharacter { line: l + 1, column: c + 1, found: ch }),
                }
            }
            if !cells.is_empty() {
                lines.push((l + 1, cells));
            }
        }
        let cells: Vec<u8> = match lines.as_slice() {
            [(_, cells)] if cells.len() == 81 => cells.clone(),
            [(_, cells)] => return Err(ParseError::CellCount { found: cells.len() }),
            [] => return Err(ParseError::CellCount { found: 0 }),
            _ => {
                if let Some((line, cells)) = lines.iter().find(|(_, cells)| cells.len() != 9) {
                    return Err(ParseError::LineLength { line: *line, found: cells.len() });
                }
                if lines.len() != 9 {
                    return Err(ParseError::RowCount { found: lines.len() });
                }
                lines.into_iter().flat_map(|(_, cells)| cells).collect()
            }
        };
        Board::try_from(<[u8; 81]>::try_from(cells).expect("81 cells counted above"))
    }
}

/// The numbers of a line of exactly 81 cells (digits, `0`, `.` or `_` for an empty cell), 0 for
/// an empty cell; `None` for any other text. Every byte is looked at, without a branch on each.
pub(crate) fn line_of_cells(text: &str) -> Option<[u8; 81]> {
    let bytes = <[u8; 81]>::try_from(text.as_bytes()).ok()?;
    let digits = bytes.map(|b| b.wrapping_sub(b'0'));
    let marks = bytes.iter().zip(&digits).fold(true, |ok, (&b, &d)| ok & (d <= 9 || b == b'.' || b == b'_'));
    marks.then(|| digits.map(|d| if d <= 9 { d } else { 0 }))
}

impl TryFrom<[u8; 81]> for Board {
    type Error = ParseError;

    /// A board from 81 numbers in reading order, 0 for empty and 1 to 9 for givens.
    ///
    /// # Errors
    /// A number above 9, or a digit twice in a house.
    fn try_from(cells: [u8; 81]) -> Result<Board, ParseError> {
        if let Some(board) = Board::from_digits(&cells) {
            return Ok(board);
        }
        // Refused: place the givens one by one to say which cell is wrong, and why.
        let board = Board::empty();
        for (cell, &d) in Cell::all().zip(&cells) {
            if d == 0 {
                continue;
            }
            let digit = Digit::new_checked(d).ok_or(ParseError::NotADigit { cell, found: d })?;
            if board.place(cell, digit).is_err() {
                let (house, first) = cell
                    .houses()
                    .into_iter()
                    .find_map(|h| h.cells().find(|&c| board.get(c) == Some(digit)).map(|c| (h, c)))
                    .expect("a digit that cannot go in an empty cell is in one of its houses");
                return Err(ParseError::Repeated { digit, house, first, second: cell });
            }
        }
        Ok(board)
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
    /// A one-line board without 81 cells.
    CellCount {
        /// How many cells the line has.
        found: usize,
    },
    /// A grid line without 9 cells.
    LineLength {
        /// The line of the text, from 1.
        line: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A grid without 9 lines of cells.
    RowCount {
        /// How many lines of cells the text has.
        found: usize,
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
            ParseError::CellCount { found } => write!(f, "{found} cells, expected 81"),
            ParseError::LineLength { line, found } => write!(f, "line {line} has {found} cells, expected 9"),
            ParseError::RowCount { found } => write!(f, "{found} lines of cells, expected 9"),
            ParseError::NotADigit { cell, found } => write!(f, "{cell}: {found} is not a digit"),
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
        assert_eq!(err(""), "0 cells, expected 81");
        assert_eq!(err("   \n\n"), "0 cells, expected 81");
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
