//! Showing boards: the seed's newspaper layout (any box shape; region borders for a jigsaw),
//! and the one-line form.

use super::geometry::Layout;
use super::{Board, Cell};
use std::fmt;

impl fmt::Display for Board {
    /// `{}` prints the seed's layout: bands of boxes separated by a blank line, a gap between
    /// boxes, `.` for an empty cell (a jigsaw grid draws its regions' borders instead). `{:#}`
    /// prints the one-line form, N² characters (`.` for empty, values `1`-`9` then `A`…), the
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
    ///
    /// let six: Board = "123456456123231564564231312645645312".parse()?;
    /// assert_eq!(six.to_string().lines().next(), Some("   1 2 3    4 5 6"));
    /// assert_eq!(six.to_string().lines().count(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            // One write of the whole line: a batch prints one a puzzle, and 81 calls of the
            // formatter cost more than the search of an easy puzzle.
            let line: Vec<u8> = self.values().into_iter().map(|d| symbol(d) as u8).collect();
            return f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?);
        }
        f.write_str(&self.draw(|_, symbol| symbol.to_string()))
    }
}

impl Board {
    /// The layout `{}` prints, each cell's character (its value's symbol, `.` when empty)
    /// passed through `paint` first: what an animation uses to colour the cell it is about.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Cell};
    ///
    /// let board = Board::empty();
    /// let marked = board.draw(|cell, symbol| if cell == Cell::at(0, 0) { "*".into() } else { symbol.to_string() });
    /// assert_eq!(marked.lines().next(), Some("   * . .    . . .    . . ."));
    /// ```
    pub fn draw(&self, paint: impl Fn(Cell, char) -> String) -> String {
        let geometry = self.geometry();
        let side = geometry.side();
        let cell = |row, col| {
            let cell = geometry.cell(row, col);
            paint(cell, self.get(cell).map_or('.', |d| d.symbol()))
        };
        let Layout::Boxes { rows, cols } = *geometry.layout() else {
            return regions(self, cell);
        };
        let mut out = String::new();
        for row in 0..side {
            if row > 0 {
                out.push_str(if row % rows == 0 { "\n\n" } else { "\n" });
            }
            out.push_str("   ");
            for col in 0..side {
                out.push_str(&cell(row, col));
                if col + 1 < side {
                    out.push_str(if (col + 1) % cols == 0 { "    " } else { " " });
                }
            }
        }
        out
    }
}

impl Board {
    /// A killer's cages as a user checks them against the printed puzzle: the layout of `{}`
    /// with each cell's cage letter (`a`…`z`, `A`…`Z`, then `0`…`9`; `.` for a cell in no
    /// cage), then each letter's sum. `None` without cages.
    ///
    /// ```
    /// use backtrack::sudoku::variant::Variant;
    ///
    /// let line = r#"{"size":4,"boxes":"2x2","givens":"................","cages":[{"sum":3,"cells":[0,1]},{"sum":7,"cells":[2,3]}]}"#;
    /// let map = Variant::from_json(line)?.board.cage_map().unwrap();
    /// assert_eq!(map.lines().next(), Some("   a a    b b"));
    /// assert_eq!(map.lines().last(), Some("a 3, b 7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cage_map(&self) -> Option<String> {
        let cages = self.geometry().cages();
        if cages.is_empty() {
            return None;
        }
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let letter = |i: usize| LETTERS.get(i).map_or('?', |&b| char::from(b));
        let mut of = vec![None; self.geometry().cells()];
        for (i, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                of[cell] = Some(letter(i));
            }
        }
        let map = self.draw(|cell, _| of[cell.index()].unwrap_or('.').to_string());
        let sums: Vec<String> = cages
            .iter()
            .enumerate()
            .map(|(i, c)| {
                format!("{} {}", letter(i), c.sum.map_or("(no sum)".to_string(), |s| s.to_string()))
            })
            .collect();
        Some(format!("{map}\n\n{}", sums.join(", ")))
    }
}

/// The character of a value in the one-line form, `.` for 0.
fn symbol(value: u8) -> char {
    if value == 0 { '.' } else { super::Geometry::symbol(value) }
}

/// A grid without boxes: `|` between cells of two regions, and under each row a line with `-`
/// under each cell whose neighbour below is in another region (`+` where borders meet). A
/// Latin square has no region: its rows follow each other.
fn regions(board: &Board, cell: impl Fn(usize, usize) -> String) -> String {
    let geometry = board.geometry();
    let side = geometry.side();
    let region = |row: usize, col: usize| geometry.region_of(geometry.cell(row, col));
    let mut out = String::new();
    for row in 0..side {
        let mut line = String::from("   ");
        for col in 0..side {
            line.push_str(&cell(row, col));
            if col + 1 < side {
                line.push(if region(row, col) != region(row, col + 1) { '|' } else { ' ' });
            }
        }
        out.push_str(line.trim_end());
        if row + 1 == side {
            break;
        }
        out.push('\n');
        let mut under = String::from("   ");
        for col in 0..side {
            let below = region(row, col) != region(row + 1, col);
            under.push(if below { '-' } else { ' ' });
            if col + 1 < side {
                let right_below = region(row, col + 1) != region(row + 1, col + 1);
                let beside = region(row, col) != region(row, col + 1)
                    || region(row + 1, col) != region(row + 1, col + 1);
                under.push(match (below || right_below, beside) {
                    (true, true) => '+',
                    (true, false) if below && right_below => '-',
                    (false, true) => '|',
                    _ => ' ',
                });
            }
        }
        if !under.trim().is_empty() {
            out.push_str(under.trim_end());
            out.push('\n');
        }
    }
    out
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self:#})")
    }
}
