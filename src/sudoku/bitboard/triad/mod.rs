//! The triad engine: the classic grid held as boxes of candidates and bands of configurations,
//! the representation of tdoku's fastest solver (Tom Dillon, `solver_dpll_triad_simd`), written
//! anew in safe Rust on the processor's vectors (`lanes`).
//!
//! It makes tdoku's guesses, a little faster than tdoku on the hardest puzzles, and is slower
//! than the band engine on the others (BENCHMARKS.md §2.1). The band engine hands it the puzzles
//! that look hardest at the root ([`super::Solutions`]), in a build for a processor with AVX2
//! (`RUSTFLAGS="-C target-cpu=native"`); elsewhere its lanes are arrays, four times slower, and
//! the band engine keeps every puzzle.
//!
//! Glossary: a **minirow** is the three cells of a row in a box, a **minicolumn** those of a
//! column; a **band** here is three boxes in a row (a row band) or in a column (a stack), its
//! boxes its **peers** 0, 1, 2, and each peer's **elements** its three minirows (row band) or
//! minicolumns (stack). A digit sits in one element of each peer of a band, a different one in
//! each: one of six **configurations** (the permutations of the elements).
//!
//! State, 480 bytes:
//! - for each box, 16 lanes: its nine cells' candidates as a 3×3 matrix in a 4×4 one, whose
//!   fourth column holds for each minirow the digits that may be *missing* from it (its negative
//!   **triad**), and fourth row the same for each minicolumn. In each row and column of the 4×4
//!   matrix a digit is in exactly one place: in one of the three cells, or missing from the
//!   element. A cell keeps one digit at least, a negative triad six (an element holds three);
//! - for each band, six lanes: the digits that may still follow each configuration, and the
//!   configurations to take out at its next update.
//!
//! Propagation sends messages both ways. A box that loses candidates draws its naked and hidden
//! singles (of cells and triads) in a few vector steps, and tells its two bands which elements
//! hold a digit and which lack it; a band that loses configurations works out which digits each
//! of its nine elements may hold (an element left with three holds them: the other
//! configurations go) and restricts its three boxes. This draws, besides what the band engine
//! draws, the rule that an element holds exactly three digits, both ways, on rows and on
//! columns alike. A guess takes a digit with two configurations left in the band with fewest.
//!
//! The state is copied at a guess, as the band engine's is. Each update is a few shuffles: the
//! engine is written for a processor with AVX2 (a build with `-C target-cpu=native`), and its
//! lanes fall back on arrays in other builds (correct, four times slower).

mod lanes;

use super::{Budget, Limits, Outcome, Stats};
use crate::sudoku::parse::line_of_cells;
use crate::sudoku::{Board, Geometry, ParseError};
use lanes::{Lanes8, Lanes16, Shuffle8, Shuffle16, V8, V16, ZERO};
use std::sync::LazyLock;

/// Whether the lanes are the processor's vectors (else arrays).
pub const VECTORS: bool = cfg!(all(target_arch = "x86_64", target_feature = "avx2"));

/// All nine digits.
const ALL: u16 = 0x1ff;

/// The six configurations: the element of each peer.
const CONFIGURATIONS: [[usize; 3]; 6] = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0], [0, 2, 1], [1, 0, 2]];

/// The lane of a box's cell in minirow `r`, minicolumn `c`.
const fn lane(r: usize, c: usize) -> usize {
    4 * r + c
}
/// The lane of the negative triad of minirow `r` (the fourth column).
const fn row_triad(r: usize) -> usize {
    4 * r + 3
}
/// The lane of the negative triad of minicolumn `c` (the fourth row).
const fn column_triad(c: usize) -> usize {
    12 + c
}

/// A shuffle of sixteen lanes from the global index of each output lane's source (which must
/// be in the same half), or `None` for a zero.
fn shuffle16(source: impl Fn(usize) -> Option<usize>) -> Shuffle16 {
    let lanes: Lanes16 = std::array::from_fn(|i| match source(i) {
        Some(s) => {
            debug_assert_eq!(s / 8, i / 8, "lane {i} reads lane {s} of the other half");
            (s % 8) as u8
        }
        None => ZERO,
    });
    Shuffle16::new(lanes)
}

fn shuffle8(source: impl Fn(usize) -> Option<usize>) -> Shuffle8 {
    let lanes: Lanes8 = std::array::from_fn(|i| source(i).map_or(ZERO, |s| s as u8));
    Shuffle8::new(lanes)
}

/// The shuffles of the engine, worked out once from the definitions above.
#[derive(Debug)]
struct Tables {
    /// A band's configurations (in both halves) to its triads: the OR of the two shuffles.
    triads: [Shuffle16; 2],
    /// For each peer and turn (1, 2): lane `k` gets the triad of the element `turn` after the
    /// one configuration `k` gives the peer. Peers 0 and 1 read the triads' low half, peer 2
    /// the high half.
    others: [[Shuffle8; 2]; 3],
    /// A box's candidates allowed by the triads of its peer in a row band [0] or stack [1],
    /// the triads in lanes `base..base + 3` (base 0 [0] or 4 [1]) and all digits in lane 3:
    /// the OR of the two shuffles.
    allowed: [[[Shuffle16; 2]; 2]; 2],
    /// The 3×3 matrix of a box turned by one column, the fourth row and column kept.
    turn3: [Shuffle16; 2],
    /// A box's triad lanes gathered: minirows' into lanes 4–6, minicolumns' into 12–14, from
    /// the OR of the halves of this shuffle (minirows) and the high half (minicolumns).
    gather: Shuffle16,
    /// For each box and turn (0, 1, 2): lane `k` of the low half gets the minirow triad (lanes
    /// 4–6) of the element `turn` after the one configuration `k` of its row band gives the box;
    /// of the high half, the same for its stack.
    messages: [[Shuffle16; 3]; 9],
    /// For a given in a box's lane: the lanes that lose its digit (the box's other cells, its
    /// minirow's and minicolumn's triads), and the lane itself (which loses the other digits).
    clue_conflicts: [V16; 12],
    clue_cell: [V16; 12],
    /// For each peer and element: the configurations that put a digit elsewhere in the peer.
    elsewhere: [[V8; 3]; 3],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let first_with = |peer: usize, element: usize, skip: usize| {
        (0..6).filter(|&k| CONFIGURATIONS[k][peer] == element).nth(skip)
    };
    let triads = [0, 1].map(|skip| {
        shuffle16(|i| {
            let (peer, element) = (i / 4, i % 4);
            (peer < 3 && element < 3)
                .then(|| first_with(peer, element, skip).expect("two each") + 8 * (i / 8))
        })
    });
    let others = [0, 1, 2].map(|peer| {
        [1, 2].map(|turn| {
            let base = if peer == 1 { 4 } else { 0 };
            shuffle8(|k| (k < 6).then(|| base + (CONFIGURATIONS[k][peer] + turn) % 3))
        })
    });
    let allowed = [0, 1].map(|vertical| {
        [0, 4].map(|base| {
            [1, 2].map(|turn| {
                shuffle16(|i| {
                    let (r, c) = (i / 4, i % 4);
                    let half = 8 * (i / 8);
                    let (element, triad) = if vertical == 1 { (c, r) } else { (r, c) };
                    Some(
                        half + if r < 3 && c < 3 {
                            base + element
                        } else if triad == 3 && element < 3 {
                            base + (element + turn) % 3
                        } else {
                            3
                        },
                    )
                })
            })
        })
    });
    let turn3 = [1, 2].map(|turn| {
        shuffle16(|i| {
            let (r, c) = (i / 4, i % 4);
            Some(if r < 3 && c < 3 { lane(r, (c + turn) % 3) } else { i })
        })
    });
    let gather = shuffle16(|i| match i {
        4 => Some(row_triad(0)),
        5 => Some(row_triad(1)),
        14 => Some(row_triad(2)),
        _ => None,
    });
    let messages = std::array::from_fn(|b| {
        let (bi, bj) = (b / 3, b % 3);
        [0, 1, 2].map(|turn| {
            shuffle16(|i| {
                let (k, peer, half) = if i < 8 { (i, bj, 0) } else { (i - 8, bi, 8) };
                (k < 6).then(|| half + 4 + (CONFIGURATIONS[k][peer] + turn) % 3)
            })
        })
    });
    let clue_conflicts = std::array::from_fn(|e| {
        let (r, c) = (e / 4, e % 4);
        V16::new(std::array::from_fn(|i| {
            let (rr, cc) = (i / 4, i % 4);
            let other_cell = rr < 3 && cc < 3 && i != e;
            let triad = i == row_triad(r) || i == column_triad(c);
            if (r < 3 && c < 3) && (other_cell || triad) { 0xffff } else { 0 }
        }))
    });
    let clue_cell =
        std::array::from_fn(|e| V16::new(std::array::from_fn(|i| if i == e { 0xffff } else { 0 })));
    let elsewhere = [0, 1, 2].map(|peer| {
        [0, 1, 2].map(|element| {
            V8::new(std::array::from_fn(
                |k| if k < 6 && CONFIGURATIONS[k][peer] != element { 0xffff } else { 0 },
            ))
        })
    });
    Tables { triads, others, allowed, turn3, gather, messages, clue_conflicts, clue_cell, elsewhere }
});

/// The fewest candidates of each lane of a box: one a cell, six a negative triad.
fn minima() -> V16 {
    let mut m = [1u16; 16];
    for i in 0..3 {
        m[row_triad(i)] = 6;
        m[column_triad(i)] = 6;
    }
    m[15] = 0;
    V16::new(m)
}

/// The cell lanes of a box.
fn cell_lanes() -> V16 {
    V16::new(std::array::from_fn(|i| if i % 4 < 3 && i / 4 < 3 { 0xffff } else { 0 }))
}

/// The digits of `x` found in one lane only of their row of four (or column): `by_one`,
/// `by_two` and `by_three` turn each row (column) by that many lanes. The three turns are
/// taken from `x` side by side, not one from the other: the box's loop waits on this.
fn alone(
    x: V16,
    by_one: impl Fn(V16) -> V16,
    by_two: impl Fn(V16) -> V16,
    by_three: impl Fn(V16) -> V16,
) -> V16 {
    let (a, b, c) = (by_one(x), by_two(x), by_three(x));
    // In two lanes or more: both of one pair, or one of each pair.
    let two = x.and(a).or(b.and(c)).or(x.or(a).and(b.or(c)));
    x.minus(two)
}

/// Where a cell is: its row and column, its box's band and stack, its place in the box.
#[derive(Clone, Copy, Debug)]
struct Place {
    row: u8,
    col: u8,
    bi: u8,
    bj: u8,
    r: u8,
    c: u8,
}

/// The place of each cell, worked out when compiled.
const PLACES: [Place; 81] = {
    let mut places = [Place { row: 0, col: 0, bi: 0, bj: 0, r: 0, c: 0 }; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        places[cell] = Place {
            row: row as u8,
            col: col as u8,
            bi: (row / 3) as u8,
            bj: (col / 3) as u8,
            r: (row % 3) as u8,
            c: (col % 3) as u8,
        };
        cell += 1;
    }
    places
};

/// A band: what each configuration still allows, and what is to go at its next update.
#[derive(Clone, Copy, Debug)]
struct Band {
    configurations: V8,
    pending: V8,
}

/// The grid: nine boxes, three row bands and three stacks.
#[derive(Clone, Copy, Debug)]
struct Grid {
    boxes: [V16; 9],
    /// Row bands [0] and stacks [1].
    bands: [[Band; 3]; 2],
}

/// A contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contradiction;

impl Grid {
    /// The grid with every candidate.
    fn empty() -> Grid {
        let full = V8::new([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);
        let band = Band { configurations: full, pending: V8::new([0; 8]) };
        Grid { boxes: [V16::splat(ALL); 9], bands: [[band; 3]; 2] }
    }

    /// The grid of 81 numbers (0 empty, 1–9 a given), its givens drawn, or `None` if they
    /// clash or propagation finds a contradiction.
    fn with_givens(cells: &[u8; 81]) -> Option<Grid> {
        let t = &*TABLES;
        let mut grid = Grid::empty();
        // The houses' digits so far, to refuse two givens that see each other.
        let mut seen = [0u16; 27];
        // The givens' cells as bits, visited in order without a branch per empty cell.
        let mut givens = cells.iter().enumerate().fold(0u128, |m, (i, &d)| m | (u128::from(d != 0) << i));
        while givens != 0 {
            let cell = givens.trailing_zeros() as usize;
            givens &= givens - 1;
            let bit = 1u16 << (cells[cell] - 1);
            let Place { row, col, bi, bj, r, c } = PLACES[cell];
            let [row, col, bi, bj, r, c] = [row, col, bi, bj, r, c].map(usize::from);
            let b = 3 * bi + bj;
            let clash = (seen[row] | seen[9 + col] | seen[18 + b]) & bit;
            seen[row] |= bit;
            seen[9 + col] |= bit;
            seen[18 + b] |= bit;
            if clash != 0 {
                return None;
            }
            // The box: the cell holds `d`, no other cell does, and its minirow and minicolumn
            // are not missing it. The bands: only the configurations that put `d` there.
            let e = lane(r, c);
            let gone = t.clue_conflicts[e].and(V16::splat(bit)).or(t.clue_cell[e].and(V16::splat(ALL ^ bit)));
            grid.boxes[b] = grid.boxes[b].minus(gone);
            let bit8 = V8::new([bit; 8]);
            let row_band = &mut grid.bands[0][bi].pending;
            *row_band = row_band.or(t.elsewhere[bj][r].and(bit8));
            let stack = &mut grid.bands[1][bj].pending;
            *stack = stack.or(t.elsewhere[bi][c].and(bit8));
        }
        let settled = (0..3).try_for_each(|i| {
            grid.update_band::<0>(t, i, (i + 1) % 3)?;
            grid.update_band::<1>(t, i, (i + 1) % 3)
        });
        settled.ok().map(|()| grid)
    }

    /// The triads of a band's configurations: which digits each element of each peer may hold.
    fn triads(t: &Tables, configurations: V8) -> V16 {
        let both = V16::from_halves(configurations, configurations);
        both.shuffle(&t.triads[0]).or(both.shuffle(&t.triads[1]))
    }

    /// Take out a band's pending configurations and restrict its boxes, the one the message
    /// came from (`from`) last.
    ///
    /// The direction is a constant (as the box's below), so that each copy has its tables'
    /// addresses and its order of messages worked out when compiled. Most calls find nothing
    /// pending: that test is inlined where the message is sent, and only real work calls
    /// [`Grid::take_out`] (as [`Grid::restrict_box`] calls [`Grid::draw_box`]). A call of
    /// the whole update for nothing saved and restored six registers and cleared the vector
    /// state (with the other changes of that day, the engine is 9 to 12 % faster without it
    /// on the forum's hardest lists: BENCHMARKS.md §2.1).
    #[inline(always)]
    fn update_band<const VERTICAL: usize>(
        &mut self,
        t: &Tables,
        index: usize,
        from: usize,
    ) -> Result<(), Contradiction> {
        let band = &self.bands[VERTICAL][index];
        if !band.configurations.intersects(band.pending) {
            return Ok(());
        }
        self.take_out::<VERTICAL>(t, index, from)
    }

    /// [`Grid::update_band`] where something is pending.
    #[inline(never)]
    fn take_out<const VERTICAL: usize>(
        &mut self,
        t: &Tables,
        index: usize,
        from: usize,
    ) -> Result<(), Contradiction> {
        let band = &mut self.bands[VERTICAL][index];
        let mut configurations = band.configurations.minus(band.pending);
        // An element left with three digits holds them: their configurations that put them
        // elsewhere in the peer go.
        let triads = Grid::triads(t, configurations);
        let held = triads.and(triads.counts().equal(V16::splat(3)));
        let (low, high) = (held.lo(), held.hi());
        let o = &t.others;
        let gone = low
            .shuffle(&o[0][0])
            .or(low.shuffle(&o[0][1]))
            .or(low.shuffle(&o[1][0]))
            .or(low.shuffle(&o[1][1]))
            .or(high.shuffle(&o[2][0]))
            .or(high.shuffle(&o[2][1]));
        // Most updates take out nothing more here: then the triads are those drawn already.
        let triads = if configurations.intersects(gone) {
            configurations = configurations.minus(gone);
            Grid::triads(t, configurations)
        } else {
            triads
        };
        band.configurations = configurations;
        let all = V8::new([0, 0, 0, ALL, 0, 0, 0, 0]);
        let (low, high) = (triads.lo().or(all), triads.hi().or(all));
        let a = &t.allowed[VERTICAL];
        let allowed = |source: V8, base: usize| {
            let both = V16::from_halves(source, source);
            both.shuffle(&a[base][0]).or(both.shuffle(&a[base][1]))
        };
        let peers = [allowed(low, 0), allowed(low, 1), allowed(high, 0)];
        // The order spelled out for each `from`, so that each peer's mask stays in a register
        // rather than being read back from an array by a number known only at run time.
        let restrict = |grid: &mut Grid, peer: usize| {
            if VERTICAL == 1 {
                grid.restrict_box::<true>(t, peer, index, peers[peer])
            } else {
                grid.restrict_box::<false>(t, index, peer, peers[peer])
            }
        };
        match from {
            0 => {
                restrict(self, 1)?;
                restrict(self, 2)?;
                restrict(self, 0)?;
            }
            1 => {
                restrict(self, 2)?;
                restrict(self, 0)?;
                restrict(self, 1)?;
            }
            _ => {
                restrict(self, 0)?;
                restrict(self, 1)?;
                restrict(self, 2)?;
            }
        }
        Ok(())
    }

    /// Keep only the `allowed` candidates of box (`bi`, `bj`), draw what follows in the box,
    /// and tell its bands.
    #[inline(always)]
    fn restrict_box<const FROM_VERTICAL: bool>(
        &mut self,
        t: &Tables,
        bi: usize,
        bj: usize,
        allowed: V16,
    ) -> Result<(), Contradiction> {
        if self.boxes[3 * bi + bj].is_subset_of(allowed) {
            return Ok(());
        }
        self.draw_box::<FROM_VERTICAL>(t, bi, bj, allowed)
    }

    /// [`Grid::restrict_box`] where the box loses candidates.
    #[inline(never)]
    fn draw_box<const FROM_VERTICAL: bool>(
        &mut self,
        t: &Tables,
        bi: usize,
        bj: usize,
        allowed: V16,
    ) -> Result<(), Contradiction> {
        let b = 3 * bi + bj;
        let mut cells = self.boxes[b];
        let (minima, cell_lanes) = (minima(), cell_lanes());
        let mut removing = cells.minus(allowed);
        let (mut rows_message, mut columns_message) = (V8::new([0; 8]), V8::new([0; 8]));
        loop {
            cells = cells.minus(removing);
            let counts = cells.counts();
            if counts.any_below(minima) {
                return Err(Contradiction);
            }
            // Naked singles (a cell with one digit, a triad with six) and hidden ones (a digit
            // in one place of its row or column of the 4×4 matrix).
            let singles = cells
                .and(counts.equal(minima))
                .or(alone(cells, V16::turn_rows, V16::turn_rows2, V16::turn_rows3))
                .or(alone(cells, V16::turn_columns, V16::turn_columns2, V16::turn_columns3));
            // A placed digit leaves the box's other cells and its element's triads.
            let placed = singles.and(cell_lanes);
            let rows = placed.or(placed.turn_rows()).or(placed.turn_rows2().or(placed.turn_rows3()));
            let columns =
                placed.or(placed.turn_columns()).or(placed.turn_columns2().or(placed.turn_columns3()));
            let taken = columns
                .or(columns.shuffle(&t.turn3[0]))
                .or(columns.shuffle(&t.turn3[1]))
                .or(rows)
                .or(placed.nonzero());
            removing = removing.or(taken.xor(placed));
            // The bands: a digit missing from an element leaves the configurations that put it
            // there; a digit placed in an element leaves those that put it elsewhere.
            let missing = gather(singles, t);
            let present = gather(taken, t);
            let m = &t.messages[b];
            let message = missing.shuffle(&m[0]).or(present.shuffle(&m[1])).or(present.shuffle(&m[2]));
            rows_message = rows_message.or(message.lo());
            columns_message = columns_message.or(message.hi());
            if !removing.intersects(cells) {
                break;
            }
        }
        self.boxes[b] = cells;
        let row_band = &mut self.bands[0][bi].pending;
        *row_band = row_band.or(rows_message);
        let stack = &mut self.bands[1][bj].pending;
        *stack = stack.or(columns_message);
        if FROM_VERTICAL {
            self.update_band::<0>(t, bi, bj)?;
            self.update_band::<1>(t, bj, bi)
        } else {
            self.update_band::<1>(t, bj, bi)?;
            self.update_band::<0>(t, bi, bj)
        }
    }

    /// Take out the pending configurations of a band guessed in.
    fn update(&mut self, t: &Tables, vertical: usize, index: usize) -> Result<(), Contradiction> {
        if vertical == 1 { self.update_band::<1>(t, index, 0) } else { self.update_band::<0>(t, index, 0) }
    }

    /// The band to guess in and the digit, the one with fewest configurations (two if any);
    /// `None` if every band is settled (a solution).
    fn choose(&self) -> Option<(usize, usize, u16)> {
        let mut best: Option<(u32, usize, usize)> = None;
        for vertical in 0..2 {
            for index in 0..3 {
                let count = self.bands[vertical][index].configurations.count();
                if count > 9 && best.is_none_or(|(c, _, _)| count < c) {
                    best = Some((count, vertical, index));
                }
            }
        }
        let (_, vertical, index) = best?;
        // Counters of the configurations each digit has: one or more, two or more, ...
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &x in &self.bands[vertical][index].configurations.lanes()[..6] {
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let digits = [two & !three, three & !four, four].into_iter().find(|&d| d != 0)?;
        Some((vertical, index, digits & digits.wrapping_neg()))
    }

    /// The digit (1–9) of each cell of a settled grid, in reading order.
    fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (b, cells) in self.boxes.iter().enumerate() {
            let lanes = cells.lanes();
            for r in 0..3 {
                for c in 0..3 {
                    let cell = (3 * (b / 3) + r) * 9 + 3 * (b % 3) + c;
                    out[cell] = lanes[lane(r, c)].trailing_zeros() as u8 + 1;
                }
            }
        }
        out
    }
}

/// The triad lanes of a box gathered for the band messages: minirows' in lanes 4–6, minicolumns'
/// in lanes 12–14.
fn gather(x: V16, t: &Tables) -> V16 {
    let g = x.shuffle(&t.gather);
    V16::from_halves(g.lo().or(g.hi()), x.hi())
}

/// A grid on the stack, with the band whose pending configurations are still to be taken out.
#[derive(Clone, Copy, Debug)]
struct Saved {
    grid: Grid,
    vertical: usize,
    index: usize,
}

/// The solutions of a classic puzzle by the triad engine, lazily: each the digits of the 81
/// cells in reading order.
#[derive(Clone, Debug)]
pub struct TriadSearch {
    tables: &'static Tables,
    /// The grid being searched, when `live`: worked on in place, copied only to the stack and
    /// back (a grid is 480 bytes; moving it in and out of an `Option` cost two copies a guess).
    grid: Grid,
    live: bool,
    /// The grids still to search, each with the band whose pending configurations are still
    /// to be taken out: the last is searched first.
    stack: Vec<Saved>,
    stats: Stats,
    /// The bounds of the search as an iterator (the band engine passes its own to `step`).
    budget: Limits,
    outcome: Outcome,
}

/// What a budgeted step of the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A solution: the digits of the 81 cells.
    Found([u8; 81]),
    /// No solution left.
    Exhausted,
    /// The budget ran out.
    OutOfBudget,
}

impl TriadSearch {
    /// The search of the puzzle of 81 numbers (0 empty).
    pub fn new(cells: &[u8; 81]) -> TriadSearch {
        let mut search = TriadSearch {
            tables: &TABLES,
            grid: Grid::empty(),
            live: false,
            stack: Vec::with_capacity(8),
            stats: Stats::default(),
            budget: Limits::default(),
            outcome: Outcome::Running,
        };
        search.restart(cells);
        search
    }

    /// The search of a puzzle given as text, read as [`super::Solutions::from_line`] reads it:
    /// a line of 81 cells straight in; any other text, and a line whose givens clash, as
    /// `str::parse::<Board>` reads it, with its errors.
    ///
    /// ```
    /// use backtrack::sudoku::bitboard::triad::TriadSearch;
    ///
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let mut search = TriadSearch::from_line(line)?;
    /// assert_eq!(search.by_ref().take(2).count(), 1);
    /// assert_eq!(search.stats().solutions, 1);
    /// assert!(TriadSearch::from_line("11").is_err());
    /// # Ok::<(), backtrack::sudoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// As `text.parse::<Board>()`: the text is not a classic board, or its givens break a rule.
    pub fn from_line(text: &str) -> Result<TriadSearch, ParseError> {
        if let Some(cells) = line_of_cells(text) {
            let search = TriadSearch::new(&cells);
            if search.live {
                return Ok(search);
            }
        }
        // Refused, or no solution at the root: the board says which, and why.
        let board = Board::parse_in(text, &Geometry::classic())?;
        Ok(TriadSearch::new(&board.digits()))
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Stop the search when `budget` runs out: its nodes are guesses, counted from the start
    /// of each puzzle, and its deadline is looked at every 256 guesses. The iterator then ends,
    /// and [`TriadSearch::outcome`] says why.
    ///
    /// ```
    /// use backtrack::sudoku::bitboard::{Budget, Outcome, triad::TriadSearch};
    ///
    /// // One given: grids without number. Ten guesses find a few of them, then the search stops.
    /// let line = format!("1{}", ".".repeat(80));
    /// let mut search = TriadSearch::from_line(&line)?.budget(&Budget::nodes(10));
    /// assert!(search.by_ref().count() <= 11);
    /// assert_eq!(search.outcome(), Outcome::OutOfBudget);
    /// assert_eq!(search.stats().guesses, 10);
    /// # Ok::<(), backtrack::sudoku::ParseError>(())
    /// ```
    pub fn budget(mut self, budget: &Budget) -> TriadSearch {
        self.budget = Limits::of(budget);
        self
    }

    /// Whether the search may go on, has reported every solution, or ran out of budget.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Start over on another puzzle, keeping the memory of the stack and the budget (its
    /// guesses counted again from this puzzle's start, its deadline the same instant).
    pub fn restart(&mut self, cells: &[u8; 81]) {
        self.stack.clear();
        self.stats = Stats::default();
        self.outcome = Outcome::Running;
        match Grid::with_givens(cells) {
            Some(grid) => {
                self.grid = grid;
                self.live = true;
            }
            None => self.live = false,
        }
    }
}

impl TriadSearch {
    /// Search on to the next solution, within `limits` (the guesses counted from the start).
    pub(crate) fn step(&mut self, limits: &Limits) -> Step {
        loop {
            if !self.live {
                let Some(saved) = self.stack.pop() else { return Step::Exhausted };
                self.grid = saved.grid;
                if self.grid.update(self.tables, saved.vertical, saved.index).is_err() {
                    self.stats.dead_ends += 1;
                    continue;
                }
                self.live = true;
            }
            let Some((vertical, index, digit)) = self.grid.choose() else {
                self.live = false;
                self.stats.solutions += 1;
                return Step::Found(self.grid.digits());
            };
            if limits.spent(self.stats.guesses) {
                return Step::OutOfBudget;
            }
            self.stats.guesses += 1;
            // The digit's first configuration, and the grid without it for later.
            let band = &mut self.grid.bands[vertical][index];
            let mine = V8::new([digit; 8]).and(band.configurations);
            let first = mine.lanes().iter().position(|&x| x != 0).expect("two configurations or more");
            let mut only = [0u16; 8];
            only[first] = digit;
            let only = V8::new(only);
            let rest = band.pending.or(mine.minus(only));
            band.pending = band.pending.or(only);
            self.stack.push(Saved { grid: self.grid, vertical, index });
            self.grid.bands[vertical][index].pending = rest;
            if self.grid.update(self.tables, vertical, index).is_err() {
                self.stats.dead_ends += 1;
                self.live = false;
            }
        }
    }
}

impl Iterator for TriadSearch {
    type Item = [u8; 81];

    fn next(&mut self) -> Option<[u8; 81]> {
        if self.outcome != Outcome::Running {
            return None;
        }
        let limits = self.budget;
        match self.step(&limits) {
            Step::Found(digits) => return Some(digits),
            Step::Exhausted => self.outcome = Outcome::Exhausted,
            Step::OutOfBudget => self.outcome = Outcome::OutOfBudget,
        }
        None
    }
}

impl std::iter::FusedIterator for TriadSearch {}
