//! Showing boards: the seed's newspaper layout (any box shape; region borders for a jigsaw),
//! and the one-line form.

use super::geometry::Layout;
use super::{Board, Cell, Geometry};
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
    /// cage), then each letter's sum. `None` without cages. A killer of more than 62 cages (a
    /// 16×16 one has a hundred) names each with two of those characters (`aa`, `ab`, …; `..`
    /// for a cell in none).
    ///
    /// ```
    /// use backtrack::sudoku::variant::Variant;
    ///
    /// let line = r#"{"size":4,"boxes":"2x2","givens":"................","cages":[{"sum":3,"cells":[0,1]},{"sum":7,"cells":[2,3]}]}"#;
    /// let map = Variant::from_json(line)?.board.cage_map().unwrap();
    /// assert_eq!(map.lines().next(), Some("   a a    b b"));
    /// assert_eq!(map.lines().last(), Some("a 3, b 7"));
    ///
    /// // 64 cages of one cell on a 16×16 grid: two characters each.
    /// use backtrack::sudoku::{Board, Cage, Geometry};
    /// let cages = (0..64).map(|i| Cage::new(vec![i], Some(1 + i as u32 % 16))).collect();
    /// let map = Board::empty_of(&Geometry::of_side(16)?.with_cages(cages)?).cage_map().unwrap();
    /// assert!(map.starts_with("   aa ab ac ad    ae af ag ah"));
    /// assert!(map.lines().nth(5).unwrap().starts_with("   .. .. .. ..")); // the fifth row, past a blank line
    /// assert!(map.ends_with("a9 14, ba 15, bb 16"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cage_map(&self) -> Option<String> {
        let cages = self.geometry().cages();
        if cages.is_empty() {
            return None;
        }
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let count = LETTERS.len();
        let one = |i: usize| char::from(LETTERS[i % count]);
        // A grid holds at most 625 cages: two characters name 62² = 3,844.
        let two = cages.len() > count;
        let letter = |i: usize| match two {
            false => one(i).to_string(),
            true => format!("{}{}", one(i / count), one(i)),
        };
        let none = if two { ".." } else { "." };
        let mut of = vec![None; self.geometry().cells()];
        for (i, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                of[cell] = Some(letter(i));
            }
        }
        let map = self.draw(|cell, _| of[cell.index()].clone().unwrap_or_else(|| none.to_string()));
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

impl Board {
    /// The extra houses (an X-Sudoku's diagonals, a windoku's windows) as a user checks them
    /// against the printed puzzle: the layout of `{}` with `#` on each of their cells and `.`
    /// elsewhere. `None` without extra houses.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Extra, Geometry};
    ///
    /// let x = Geometry::of_side(4)?.with_extras(&[Extra::Diagonals])?;
    /// let map = Board::empty_of(&x).extra_house_map().unwrap();
    /// assert_eq!(map.lines().next(), Some("   # .    . #"));
    /// assert_eq!(Board::empty().extra_house_map(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extra_house_map(&self) -> Option<String> {
        let cells = self.geometry().extra_house_cells();
        if cells.is_empty() {
            return None;
        }
        Some(self.draw(|cell, _| if cells.contains(cell) { "#" } else { "." }.to_string()))
    }

    /// The extra regions on top of the boxes
    /// ([`Geometry::with_extra_regions`](super::Geometry::with_extra_regions)) as a user checks
    /// them: the layout of `{}` with each cell's region letter. `None` without them.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Geometry};
    ///
    /// let groups = Geometry::of_side(4)?.with_extra_regions("ABABCDCDABABCDCD")?;
    /// let map = Board::empty_of(&groups).extra_region_map().unwrap();
    /// assert_eq!(map.lines().next(), Some("   A B    A B"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extra_region_map(&self) -> Option<String> {
        let letters: Vec<char> = self.geometry().extra_region_map()?.chars().collect();
        Some(self.draw(|cell, _| letters[cell.index()].to_string()))
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

impl Board {
    /// The puzzle as a picture (SVG), as a user checks it against the printed one: thin lines
    /// between cells, thick ones between boxes or jigsaw regions, the extra houses (the diagonals
    /// of an X-Sudoku, the windows of a windoku) shaded, extra regions a pale colour each, each
    /// killer cage a dashed outline inside its cells with its sum in the corner of its first
    /// cell; the givens in black, and `solution`'s other values in blue.
    ///
    /// ```
    /// use backtrack::sudoku::variant::Variant;
    ///
    /// let line = r#"{"size":4,"boxes":"2x2","givens":"1...............","cages":[{"sum":3,"cells":[0,1]}]}"#;
    /// let board = Variant::from_json(line)?.board;
    /// let svg = board.svg(None);
    /// assert!(svg.starts_with("<svg") && svg.contains("stroke-dasharray") && svg.contains(">3</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn svg(&self, solution: Option<&Board>) -> String {
        use std::fmt::Write as _;
        const SIZE: usize = 40;
        const MARGIN: usize = 10;
        let geometry = self.geometry();
        let n = geometry.side();
        let cells: Vec<Cell> = geometry.all_cells().collect();
        let at = |i: usize| (MARGIN + i % n * SIZE, MARGIN + i / n * SIZE);
        let width = 2 * MARGIN + n * SIZE;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{width}\" \
             viewBox=\"0 0 {width} {width}\" font-family=\"sans-serif\">\n\
             <rect width=\"{width}\" height=\"{width}\" fill=\"white\"/>\n"
        );
        // The extra houses (diagonals, windows), shaded: the borders show only boxes and regions.
        for i in geometry.extra_house_cells().iter().map(|c| c.index()) {
            let (x, y) = at(i);
            let _ =
                writeln!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{SIZE}\" height=\"{SIZE}\" fill=\"#eee\"/>");
        }
        // Extra regions on top of the boxes: a pale colour each (nine, in turn).
        const TINTS: [&str; 9] = [
            "#fde2e4", "#dcefe6", "#fff1c1", "#dbe7f7", "#e8dff5", "#fbe2c6", "#d5f0d8", "#efe2d3", "#dff2f8",
        ];
        for (i, &cell) in cells.iter().enumerate() {
            if let Some(region) = geometry.extra_region_of(cell) {
                let (x, y) = at(i);
                let tint = TINTS[region % TINTS.len()];
                let _ = writeln!(
                    svg,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{SIZE}\" height=\"{SIZE}\" fill=\"{tint}\"/>"
                );
            }
        }
        // Every cell's border: thick where the region changes.
        let region = |i: usize| geometry.region_of(cells[i]);
        for i in 0..n * n {
            let (x, y) = at(i);
            let (r, c) = (i / n, i % n);
            if c + 1 < n {
                let thick = region(i) != region(i + 1);
                line(&mut svg, (x + SIZE, y), (x + SIZE, y + SIZE), if thick { 3 } else { 1 }, "");
            }
            if r + 1 < n {
                let thick = region(i) != region(i + n);
                line(&mut svg, (x, y + SIZE), (x + SIZE, y + SIZE), if thick { 3 } else { 1 }, "");
            }
        }
        let edge = MARGIN + n * SIZE;
        let _ = writeln!(
            svg,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>",
            edge - MARGIN,
            edge - MARGIN
        );
        // Cages: a dashed line inside each cell's side that borders another cage.
        let mut cage_of = vec![usize::MAX; n * n];
        for (k, cage) in geometry.cages().iter().enumerate() {
            for &i in &cage.cells {
                cage_of[i] = k;
            }
        }
        const INSET: usize = 4;
        for i in (0..n * n).filter(|&i| cage_of[i] != usize::MAX) {
            let (x, y) = at(i);
            let (r, c) = (i / n, i % n);
            let apart = |j: Option<usize>| j.is_none_or(|j| cage_of[j] != cage_of[i]);
            let (left, right) =
                (apart(c.checked_sub(1).map(|c| r * n + c)), apart((c + 1 < n).then(|| i + 1)));
            let (top, bottom) =
                (apart(r.checked_sub(1).map(|r| r * n + c)), apart((r + 1 < n).then(|| i + n)));
            // Inside the cell where the cage ends, to its edge where it goes on.
            let (x0, x1) =
                (if left { x + INSET } else { x }, if right { x + SIZE - INSET } else { x + SIZE });
            let (y0, y1) =
                (if top { y + INSET } else { y }, if bottom { y + SIZE - INSET } else { y + SIZE });
            let dash = " stroke-dasharray=\"3,3\"";
            if top {
                line(&mut svg, (x0, y0), (x1, y0), 1, dash);
            }
            if bottom {
                line(&mut svg, (x0, y1), (x1, y1), 1, dash);
            }
            if left {
                line(&mut svg, (x0, y0), (x0, y1), 1, dash);
            }
            if right {
                line(&mut svg, (x1, y0), (x1, y1), 1, dash);
            }
        }
        for cage in geometry.cages() {
            if let (Some(&first), Some(sum)) = (cage.cells.iter().min(), cage.sum) {
                let (x, y) = at(first);
                let _ = writeln!(svg, "<text x=\"{}\" y=\"{}\" font-size=\"10\">{sum}</text>", x + 6, y + 14);
            }
        }
        // The values: givens black and bold, the solution's others blue.
        for (i, &cell) in cells.iter().enumerate() {
            let (value, colour) = match (self.get(cell), solution.and_then(|s| s.get(cell))) {
                (Some(d), _) => (d, "black\" font-weight=\"bold"),
                (None, Some(d)) => (d, "#1565c0"),
                (None, None) => continue,
            };
            let (x, y) = at(i);
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-size=\"22\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
                x + SIZE / 2,
                y + SIZE / 2 + 8,
                Geometry::symbol(value.get())
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// A line of the picture, `width` pixels wide, with `style` added.
fn line(svg: &mut String, (x1, y1): (usize, usize), (x2, y2): (usize, usize), width: usize, style: &str) {
    use std::fmt::Write as _;
    let colour = if width > 1 {
        "black"
    } else if style.is_empty() {
        "#999"
    } else {
        "#b04"
    };
    let _ = writeln!(
        svg,
        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" stroke-width=\"{width}\"{style}/>"
    );
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self:#})")
    }
}
