//! Showing boards: the seed's newspaper layout, and the 81-character line.

use super::{Board, Cell};
use std::fmt;

impl fmt::Display for Board {
    /// `{}` prints the seed's layout: three bands separated by a blank line, a gap between
    /// boxes, `.` for an empty cell. `{:#}` prints the 81-character line (`.` for empty), the
    /// community's one-puzzle-a-line format.
    ///
    /// ```
    /// use backtrack::sudoku::Board;
    ///
    /// let board: Board = "926517483374986521581324796743865912859172364612439857298643175137258649465791238".parse()?;
    /// let grid = board.to_string();
    /// assert_eq!(grid.lines().next(), Some("   9 2 6    5 1 7    4 8 3"));
    /// assert_eq!(grid.lines().count(), 11);
    /// assert_eq!(format!("{board:#}").len(), 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |cell: Cell| self.get(cell).map_or('.', |d| (b'0' + d.get()) as char);
        if f.alternate() {
            // One write of the whole line: a batch prints one a puzzle, and 81 calls of the
            // formatter cost more than the search of an easy puzzle.
            let line = self.digits().map(|d| if d == 0 { b'.' } else { b'0' + d });
            return f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?);
        }
        for row in 0..9 {
            if row == 3 || row == 6 {
                writeln!(f)?;
            }
            let mut line = String::from("   ");
            for col in 0..9 {
                line.push(digit(Cell::at(row, col)));
                line.push_str(match col {
                    2 | 5 => "    ",
                    8 => "",
                    _ => " ",
                });
            }
            f.write_str(&line)?;
            if row < 8 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self:#})")
    }
}
