//! The explorer: a recorded search written as one page a learner steps through.
//!
//! A [`Recorder`] is an observer: at each event it reads the board (as text, one string a
//! cell) and keeps what changed, so the page can play the search forward and back, event by
//! event. [`Recorder::page`] writes the page: HTML, CSS and JavaScript inline (no network, it
//! opens from disk), the events in a compact form, the board beside the search tree, the
//! counters, and a legend. The script is `explorer.html` beside this file, plain and commented.

use crate::Event;
use std::collections::HashMap;
use std::fmt::{Display, Write as _};
use std::ops::ControlFlow;

/// How the page draws the board: `rows` × `cols` cells in reading order, with thicker lines
/// every `box_rows` rows and `box_cols` columns (0: none), and a checkerboard when `checkered`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Rows of cells.
    pub rows: usize,
    /// Cells a row.
    pub cols: usize,
    /// Rows of a box (3 for Sudoku), 0 for no boxes.
    pub box_rows: usize,
    /// Columns of a box, 0 for no boxes.
    pub box_cols: usize,
    /// Shade every other cell, as a chessboard.
    pub checkered: bool,
}

impl Layout {
    /// The Sudoku grid: 9 × 9 in boxes of 3 × 3.
    pub const SUDOKU: Layout = Layout { rows: 9, cols: 9, box_rows: 3, box_cols: 3, checkered: false };

    /// An `n` × `n` chessboard.
    pub fn chessboard(n: usize) -> Layout {
        Layout { rows: n, cols: n, box_rows: 0, box_cols: 0, checkered: true }
    }
}

/// One recorded event.
#[derive(Clone, Debug)]
struct Recorded {
    /// 0 assume, 1 take back, 2 dead end, 3 solution, 4 a step of reasoning.
    kind: u8,
    level: usize,
    /// The assumption's words (assume and take back), or why (dead end): a text number.
    text: u32,
    /// The cells that changed: (cell, text before, text after).
    changes: Vec<(u32, u32, u32)>,
    /// The cells a dead end is about.
    marks: Vec<u32>,
}

/// Records a search for the explorer page: an [`Observer`](crate::Observer) when called from
/// one (`search.observe(|e: Event<'_, _>| recorder.see(&e))`).
///
/// ```
/// use backtrack::watch::{Layout, Recorder};
/// use backtrack::{stack_assumptions, Attempt, Event};
/// use std::cell::Cell;
///
/// // Two cells, each 1 or 2, different: two solutions.
/// let cells = [Cell::new(0u8), Cell::new(0u8)];
/// let generators: Vec<_> = (0..2)
///     .map(|i| {
///         let cells = &cells;
///         move || {
///             (1..=2u8).filter(move |&v| cells.iter().all(|c| c.get() != v)).map(move |v| {
///                 cells[i].set(v);
///                 Attempt::new(format!("c{}={v}", i + 1), move |_| cells[i].set(0))
///             })
///         }
///     })
///     .collect();
/// let board = || cells.iter().map(|c| if c.get() == 0 { String::new() } else { c.get().to_string() }).collect();
/// let mut recorder = Recorder::new(1000, board, |slot| (vec![slot], format!("c{} has no value left", slot + 1)));
/// let mut search = stack_assumptions(&generators).observe(|e: Event<'_, _>| recorder.see(&e));
/// assert_eq!(search.by_ref().count(), 2);
/// drop(search);
/// assert_eq!(recorder.len(), 10); // 4 assumptions, 4 taken back, 2 solutions
/// let layout = Layout { rows: 1, cols: 2, box_rows: 0, box_cols: 0, checkered: false };
/// let page = recorder.page("Two cells", &layout);
/// assert!(page.starts_with("<!doctype html>") && page.contains("c1=1"));
/// ```
pub struct Recorder<'r> {
    limit: usize,
    board: Box<dyn Fn() -> Vec<String> + 'r>,
    dead_end: Box<dyn Fn(usize) -> (Vec<usize>, String) + 'r>,
    /// The board at the start, and as last seen.
    start: Vec<u32>,
    now: Vec<u32>,
    /// Every text once; events refer to them by number.
    texts: Vec<String>,
    numbers: HashMap<String, u32>,
    events: Vec<Recorded>,
    /// Nodes on each level, from the root: what `--stats` prints for the events recorded.
    profile: Vec<u64>,
    /// What each assumption in force changed, last made last: its take back undoes exactly
    /// that (the driver's contract), and is seen before it happens.
    in_force: Vec<Vec<(u32, u32, u32)>>,
    /// A name for each cell, drawn small in its corner (none: no names).
    labels: Vec<String>,
    /// The region of each cell, drawn with thick borders between two regions (none: boxes
    /// only, as the layout says).
    regions: Vec<usize>,
    /// The cage of each cell (-1: none), drawn with dashed borders.
    cages: Vec<i64>,
    /// Cells drawn tinted: the extra houses (an X-Sudoku's diagonals, a windoku's windows).
    shaded: Vec<usize>,
    /// The extra region of each cell (-1: none), drawn in a colour a region.
    tints: Vec<i64>,
}

impl std::fmt::Debug for Recorder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recorder").field("events", &self.events.len()).field("limit", &self.limit).finish()
    }
}

impl<'r> Recorder<'r> {
    /// Record up to `limit` events. `board` gives the board as it stands, a text a cell (empty
    /// for an empty cell); `dead_end` says, for a slot without candidates, which cells it is
    /// about and why.
    pub fn new(
        limit: usize,
        board: impl Fn() -> Vec<String> + 'r,
        dead_end: impl Fn(usize) -> (Vec<usize>, String) + 'r,
    ) -> Recorder<'r> {
        let mut recorder = Recorder {
            limit,
            board: Box::new(board),
            dead_end: Box::new(dead_end),
            start: Vec::new(),
            now: Vec::new(),
            texts: Vec::new(),
            numbers: HashMap::new(),
            events: Vec::new(),
            profile: vec![1],
            in_force: Vec::new(),
            labels: Vec::new(),
            regions: Vec::new(),
            cages: Vec::new(),
            shaded: Vec::new(),
            tints: Vec::new(),
        };
        let start: Vec<String> = (recorder.board)();
        recorder.start = start.iter().map(|t| recorder.number(t)).collect();
        recorder.now = recorder.start.clone();
        recorder
    }

    /// Name the cells: each label is drawn small in its cell's corner (an exact-cover item's
    /// name, say, when the cells are the items).
    pub fn label_cells(&mut self, labels: Vec<String>) {
        self.labels = labels;
    }

    /// Draw a jigsaw's regions: `region_of` gives each cell's region, and a thick border
    /// goes between two cells of different regions.
    pub fn draw_regions(&mut self, region_of: Vec<usize>) {
        self.regions = region_of;
    }

    /// Tint these cells: the extra houses of a grid (the diagonals of X-Sudoku, the windows of
    /// windoku), which the borders do not show.
    pub fn shade_cells(&mut self, cells: Vec<usize>) {
        self.shaded = cells;
    }

    /// Colour extra regions (regions that hold every value besides the boxes): `region_of`
    /// gives each cell's (-1: none), and each region gets a colour of its own (nine, in turn).
    pub fn tint_regions(&mut self, region_of: Vec<i64>) {
        self.tints = region_of;
    }

    /// Draw a killer's cages: `cages` lists each cage's cells and sum; a dashed border goes
    /// around each cage, and its sum in the corner of its first cell in reading order.
    pub fn draw_cages(&mut self, cells: usize, cages: &[(Vec<usize>, Option<u32>)]) {
        self.cages = vec![-1; cells];
        self.labels.resize(cells, String::new());
        for (k, (members, sum)) in cages.iter().enumerate() {
            for &cell in members {
                self.cages[cell] = k as i64;
            }
            if let (Some(&first), Some(sum)) = (members.iter().min(), sum) {
                self.labels[first] = sum.to_string();
            }
        }
    }

    /// The events recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether no event was recorded.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Whether the recording stopped at its limit.
    pub fn is_full(&self) -> bool {
        self.events.len() >= self.limit
    }

    fn number(&mut self, text: &str) -> u32 {
        if let Some(&n) = self.numbers.get(text) {
            return n;
        }
        let n = self.texts.len() as u32;
        self.texts.push(text.to_string());
        self.numbers.insert(text.to_string(), n);
        n
    }

    /// What changed on the board since it was last read: (cell, text before, text after).
    fn changes(&mut self) -> Vec<(u32, u32, u32)> {
        let mut changes = Vec::new();
        let board: Vec<String> = (self.board)();
        for (cell, text) in board.iter().enumerate() {
            let after = self.number(text);
            let before = self.now.get(cell).copied().unwrap_or(after);
            if before != after {
                changes.push((cell as u32, before, after));
                self.now[cell] = after;
            }
        }
        changes
    }

    /// Record `event` and what it changed on the board; `Break` once the limit is reached
    /// (the search may go on: the recording has stopped).
    pub fn see<A: Display>(&mut self, event: &Event<'_, A>) -> ControlFlow<()> {
        if self.is_full() {
            return ControlFlow::Break(());
        }
        let (kind, level, text, marks) = match event {
            Event::Assume { level, assumption, .. } => {
                if self.profile.len() <= *level {
                    self.profile.resize(level + 1, 0);
                }
                self.profile[*level] += 1;
                (0, *level, self.number(&assumption.to_string()), Vec::new())
            }
            Event::TakeBack { level, assumption, .. } => {
                (1, *level, self.number(&assumption.to_string()), Vec::new())
            }
            Event::DeadEnd { level, slot } => {
                let (cells, why) = (self.dead_end)(*slot);
                (2, *level, self.number(&why), cells.into_iter().map(|c| c as u32).collect())
            }
            Event::Solution { level } => (3, *level, self.number("a solution"), Vec::new()),
        };
        let changes = if kind == 1 {
            // The observer sees a take back before the guard is dropped: its change is the
            // inverse of its assumption's.
            let undone: Vec<(u32, u32, u32)> = self
                .in_force
                .pop()
                .unwrap_or_default()
                .into_iter()
                .rev()
                .map(|(c, b, a)| (c, a, b))
                .collect();
            for &(cell, _, after) in &undone {
                self.now[cell as usize] = after;
            }
            undone
        } else {
            let changes = self.changes();
            if kind == 0 {
                self.in_force.push(changes.clone());
            }
            changes
        };
        self.events.push(Recorded { kind, level, text, changes, marks });
        if self.is_full() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    /// Record a step of reasoning (the logic solver's): the board as it stands after it, the
    /// `sentence` that explains it, and the cells it rests on. A board text that starts with
    /// `?` is drawn as pencil marks: `?127` is an empty cell with candidates 1, 2 and 7.
    pub fn step(&mut self, sentence: &str, cells: impl IntoIterator<Item = usize>) -> ControlFlow<()> {
        if self.is_full() {
            return ControlFlow::Break(());
        }
        let text = self.number(sentence);
        let changes = self.changes();
        let marks = cells.into_iter().map(|c| c as u32).collect();
        self.events.push(Recorded { kind: 4, level: 0, text, changes, marks });
        if self.is_full() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    /// Nodes on each level among the events recorded, the root included: the search's own
    /// [`Stats::profile`](crate::Stats::profile) when the whole search was recorded.
    pub fn profile(&self) -> &[u64] {
        &self.profile
    }

    /// The page: one self-contained HTML file with the recording, titled `title`, the board
    /// drawn as `layout` says.
    pub fn page(&self, title: &str, layout: &Layout) -> String {
        let mut data = String::with_capacity(64 * self.events.len() + 1024);
        data.push('{');
        let _ = write!(data, "\"title\":{},", json_string(title));
        let _ = write!(
            data,
            "\"layout\":{{\"rows\":{},\"cols\":{},\"boxRows\":{},\"boxCols\":{},\"checkered\":{}}},",
            layout.rows, layout.cols, layout.box_rows, layout.box_cols, layout.checkered
        );
        data.push_str("\"texts\":");
        push_strings(&mut data, &self.texts);
        data.push_str(",\"labels\":");
        push_strings(&mut data, &self.labels);
        data.push_str(",\"regions\":");
        push_numbers(&mut data, self.regions.iter().map(|&r| r as u32));
        data.push_str(",\"cages\":[");
        data.push_str(&self.cages.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        data.push(']');
        data.push_str(",\"shaded\":");
        push_numbers(&mut data, self.shaded.iter().map(|&c| c as u32));
        data.push_str(",\"tints\":[");
        data.push_str(&self.tints.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        data.push(']');
        data.push_str(",\"start\":");
        push_numbers(&mut data, self.start.iter().copied());
        let _ = write!(data, ",\"complete\":{},", !self.is_full());
        // Each event: [kind, level, text, [cell, before, after, ...], [marked cells]].
        data.push_str("\"events\":[");
        for (i, e) in self.events.iter().enumerate() {
            if i > 0 {
                data.push(',');
            }
            let _ = write!(data, "[{},{},{},", e.kind, e.level, e.text);
            push_numbers(&mut data, e.changes.iter().flat_map(|&(c, b, a)| [c, b, a]));
            data.push(',');
            push_numbers(&mut data, e.marks.iter().copied());
            data.push(']');
        }
        data.push_str("]}");
        TEMPLATE.replace("/*DATA*/null", &data).replace("<!--TITLE-->", &html_text(title))
    }
}

/// The page, with `/*DATA*/null` where the recording goes.
const TEMPLATE: &str = include_str!("explorer.html");

fn push_numbers(out: &mut String, numbers: impl Iterator<Item = u32>) {
    out.push('[');
    for (i, n) in numbers.enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{n}");
    }
    out.push(']');
}

fn push_strings(out: &mut String, strings: &[String]) {
    out.push('[');
    for (i, text) in strings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&json_string(text));
    }
    out.push(']');
}

/// A JSON string, safe inside a `<script>` element (no `<` to end it).
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for HTML.
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_cannot_end_the_script() {
        assert_eq!(json_string("a\"b\\c</script>\n"), r#""a\"b\\c\u003c/script>\u000a""#);
    }
}
