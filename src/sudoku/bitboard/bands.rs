//! The grid as 27 band masks, and propagation on them.

use super::tables::{BAND, LOCKED, PEERS_IN_BAND, PERMUTED, alone_in_row, columns, in_columns, minirows};

/// Where a digit may still go: for digit `d` (0..9) and band `b` (0..3), `masks[3 * d + b]`
/// holds the cells of the band that can take it. A placed digit keeps its own cell's bit and
/// loses every peer, so when the grid is full the masks are the solution.
///
/// The whole state is 124 bytes and `Copy`: the search branches by copying it, which costs
/// less than undoing, and a copy needs no trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bands {
    masks: [u32; 27],
    /// The cells of each band that hold no digit yet.
    unsolved: [u32; 3],
    /// The masks changed since their band rule last ran: bit `3 * d + b`.
    changed: u32,
    /// The digits whose masks changed since their stack rule last ran: bit `d`.
    stale: u32,
}

/// The propagation met a contradiction: a cell, or a digit in a house, has no place left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Contradiction;

type Result<T = ()> = std::result::Result<T, Contradiction>;

/// A cell as the masks number it: its band and its bit in the band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BandCell {
    band: usize,
    bit: u32,
}

impl BandCell {
    pub(super) fn new(cell: usize) -> BandCell {
        BandCell { band: cell / 27, bit: (cell % 27) as u32 }
    }

    /// The band, 0..3.
    pub(super) fn band(self) -> usize {
        self.band
    }

    /// The bit in the band, 0..27.
    pub(super) fn bit(self) -> u32 {
        self.bit
    }

    /// The cell's number in reading order, 0..81.
    pub(super) fn index(self) -> usize {
        27 * self.band + self.bit as usize
    }
}

/// Where a search branches: see [`Bands::branch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    /// One of the cell's candidates.
    Cell(BandCell),
    /// The digit (0..9) in one of its two places left in a row.
    Places { digit: usize, cells: [BandCell; 2] },
}

impl Bands {
    /// The empty grid: every digit may go anywhere.
    pub(super) fn new() -> Bands {
        Bands { masks: [BAND; 27], unsolved: [BAND; 3], changed: 0, stale: 0 }
    }

    /// The grid with givens placed: `placed[d][b]` holds the cells of band `b` given digit `d`.
    /// All the givens at once: each digit leaves the given cells and its givens' peers. `None`
    /// if two givens of a digit see each other.
    pub(super) fn with_givens(placed: &[[u32; 3]; 9]) -> Option<Bands> {
        let mut given = [0; 3];
        for digit in placed {
            for (band, cells) in digit.iter().enumerate() {
                given[band] |= cells;
            }
        }
        let mut bands = Bands::new();
        for (digit, mine) in placed.iter().enumerate() {
            let column = mine.map(|cells| in_columns(columns(cells)));
            for band in 0..3 {
                let mut peers = 0;
                let mut cells = mine[band];
                while cells != 0 {
                    peers |= PEERS_IN_BAND[cells.trailing_zeros() as usize];
                    cells &= cells - 1;
                }
                let other_columns = (0..3).filter(|&b| b != band).fold(0, |c, b| c | column[b]);
                if (peers | other_columns) & mine[band] != 0 {
                    return None;
                }
                bands.masks[3 * digit + band] = (BAND & !given[band] | mine[band]) & !peers & !other_columns;
            }
        }
        bands.unsolved = given.map(|cells| BAND & !cells);
        bands.changed = (1 << 27) - 1;
        bands.stale = (1 << 9) - 1;
        Some(bands)
    }

    /// Whether `digit` (0..9) may still go in `cell`.
    #[inline]
    pub(super) fn allows(&self, cell: BandCell, digit: usize) -> bool {
        self.masks[3 * digit + cell.band] >> cell.bit & 1 == 1
    }

    /// The digits (bit `d` for digit `d + 1`) that `cell` still allows.
    pub(super) fn candidates(&self, cell: BandCell) -> u32 {
        (0..9).filter(|&d| self.allows(cell, d)).fold(0, |set, d| set | 1 << d)
    }

    /// How many cells hold no digit yet.
    pub(super) fn empty_cells(&self) -> usize {
        self.unsolved.iter().map(|u| u.count_ones() as usize).sum()
    }

    /// Whether every cell holds a digit.
    pub(super) fn is_full(&self) -> bool {
        self.unsolved == [0; 3]
    }

    #[inline]
    fn set(&mut self, index: usize, mask: u32) {
        // Without a branch: whether a mask changes is as good as random to the processor.
        let changed = u32::from(self.masks[index] != mask);
        self.masks[index] = mask;
        self.changed |= changed << index;
        self.stale |= changed << (index / 3);
    }

    /// Put `digit` (0..9) in `cell`: it leaves the cell's other candidates and its peers.
    /// The caller has checked that the cell allows it.
    #[inline]
    pub(super) fn place(&mut self, cell: BandCell, digit: usize) {
        let BandCell { band, bit } = cell;
        let at = 1 << bit;
        self.unsolved[band] &= !at;
        self.leave_cells(band, digit, at, false);
        self.set(3 * digit + band, self.masks[3 * digit + band] & !PEERS_IN_BAND[bit as usize]);
        let column = in_columns(columns(at));
        for other in 0..3 {
            if other != band {
                self.set(3 * digit + other, self.masks[3 * digit + other] & !column);
            }
        }
    }

    /// Take `cells` of `band` out of every digit's mask but `digit`'s, the cells being filled
    /// with it; with `stacks`, the digits that lost a cell have their stack rule run again too.
    /// (Measured: after a hidden single it finds more, after a guess it costs more than it finds.)
    #[inline]
    fn leave_cells(&mut self, band: usize, digit: usize, cells: u32, stacks: bool) {
        // Gathered in registers, written once: the loop has no store to wait on.
        let (mut changed, mut stale) = (0, 0);
        for d in 0..9 {
            let index = 3 * d + band;
            let old = self.masks[index];
            let new = if d == digit { old } else { old & !cells };
            self.masks[index] = new;
            let differs = u32::from(old != new);
            changed |= differs << index;
            stale |= differs << d;
        }
        self.changed |= changed;
        if stacks {
            self.stale |= stale;
        }
    }

    /// Take `digit` (0..9) out of the candidates of `cell`.
    pub(super) fn eliminate(&mut self, cell: BandCell, digit: usize) {
        let index = 3 * digit + cell.band;
        self.set(index, self.masks[index] & !(1 << cell.bit));
    }

    /// Draw every consequence: the band rule on each changed mask, the stack rule on each
    /// changed digit, then naked singles, until nothing changes.
    pub(super) fn propagate(&mut self) -> Result {
        // The bands whose masks changed since their naked singles were last looked for.
        let mut touched = 0;
        loop {
            while self.changed != 0 {
                while self.changed != 0 {
                    let index = self.changed.trailing_zeros() as usize;
                    self.changed &= self.changed - 1;
                    touched |= 1 << (index % 3);
                    self.band_rule(index)?;
                }
                while self.stale != 0 {
                    let digit = self.stale.trailing_zeros() as usize;
                    self.stale &= self.stale - 1;
                    self.stack_rule(digit)?;
                }
            }
            if touched == 0 || !self.naked_singles(std::mem::take(&mut touched))? {
                return Ok(());
            }
        }
    }

    /// One digit in one band: keep the cells the band's permutations allow (locked candidates),
    /// then place the digit where a row has one cell left for it (hidden single in the row).
    #[inline]
    fn band_rule(&mut self, index: usize) -> Result {
        let (digit, band) = (index / 3, index % 3);
        let mask = self.masks[index];
        let allowed = mask & LOCKED[minirows(mask)];
        if allowed == 0 {
            return Err(Contradiction);
        }
        if allowed != mask {
            self.masks[index] = allowed; // the rule is idempotent: no need to run it again
            self.stale |= 1 << digit;
        }
        let placed = alone_in_row(allowed) & self.unsolved[band];
        if placed == 0 {
            return Ok(());
        }
        // In the band, the permutations already keep the digit out of the rest of its rows and
        // boxes; the cells leave the other digits, and the columns the digit's other bands.
        self.unsolved[band] &= !placed;
        self.leave_cells(band, digit, placed, true);
        let column = in_columns(columns(placed));
        for other in 0..3 {
            if other != band {
                self.set(3 * digit + other, self.masks[3 * digit + other] & !column);
            }
        }
        Ok(())
    }

    /// Count the candidates of every cell of a band, bit-parallel, saturating at 4: the cells
    /// with at least one, two, three and four.
    #[inline]
    fn counts(&self, band: usize) -> [u32; 4] {
        let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
        for digit in 0..9 {
            let mask = self.masks[3 * digit + band];
            four |= three & mask;
            three |= two & mask;
            two |= one & mask;
            one |= mask;
        }
        [one, two, three, four]
    }

    /// Place every empty cell of the `bands` (a bit each) that has one candidate left;
    /// `Ok(true)` if any was placed.
    fn naked_singles(&mut self, bands: u32) -> Result<bool> {
        let mut progress = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 || bands >> band & 1 == 0 {
                continue;
            }
            let [one, two, ..] = self.counts(band);
            if unsolved & !one != 0 {
                return Err(Contradiction);
            }
            let singles = unsolved & !two;
            if singles == 0 {
                continue;
            }
            // All of the band's singles at once, a digit at a time. A single's cell is in no
            // other digit's mask already: only its own digit's peers and column change.
            progress = true;
            self.unsolved[band] &= !singles;
            for digit in 0..9 {
                let index = 3 * digit + band;
                let mine = self.masks[index] & singles;
                if mine == 0 {
                    continue;
                }
                let mut peers = 0;
                let mut cells = mine;
                while cells != 0 {
                    peers |= PEERS_IN_BAND[cells.trailing_zeros() as usize];
                    cells &= cells - 1;
                }
                if peers & mine != 0 {
                    return Err(Contradiction); // two singles of one digit see each other
                }
                self.set(index, self.masks[index] & !peers);
                let column = in_columns(columns(mine));
                for other in 0..3 {
                    if other != band {
                        let index = 3 * digit + other;
                        self.set(index, self.masks[index] & !column);
                    }
                }
            }
        }
        Ok(progress)
    }

    /// One digit in the three stacks (columns of boxes): keep the columns of each box through
    /// which the digit can pass once per column and once per box (the band rule turned on its
    /// side), then place the digit where a column has one cell left for it.
    fn stack_rule(&mut self, digit: usize) -> Result {
        let masks = [0, 1, 2].map(|band| self.masks[3 * digit + band]);
        let present = masks.map(columns);
        let mut keep = [0; 3];
        for shift in [0, 3, 6] {
            // Place `3 * band + column`: the digit in that column of the stack, in that band.
            let available =
                (present[0] >> shift & 7) | (present[1] >> shift & 7) << 3 | (present[2] >> shift & 7) << 6;
            let allowed = PERMUTED[available as usize] as u32;
            if allowed == 0 {
                return Err(Contradiction);
            }
            for (band, keep) in keep.iter_mut().enumerate() {
                *keep |= (allowed >> (3 * band) & 7) << shift;
            }
        }
        // Columns left to one band: where that band has one row left in them, a hidden single.
        let one_band = (keep[0] ^ keep[1] ^ keep[2]) & !(keep[0] & keep[1] & keep[2]);
        for (band, &kept) in keep.iter().enumerate() {
            // The current mask: a single placed in an earlier band took its column out of this one.
            let mask = self.masks[3 * digit + band] & in_columns(kept);
            self.set(3 * digit + band, mask);
            let rows = [mask & 0x1ff, mask >> 9 & 0x1ff, mask >> 18];
            let one_row = (rows[0] ^ rows[1] ^ rows[2]) & !(rows[0] & rows[1] & rows[2]);
            let mut cells = mask & in_columns(one_band & one_row) & self.unsolved[band];
            while cells != 0 {
                let cell = BandCell { band, bit: cells.trailing_zeros() };
                cells &= cells - 1;
                if !self.allows(cell, digit) {
                    return Err(Contradiction); // an earlier single took its place
                }
                self.place(cell, digit);
            }
        }
        Ok(())
    }

    /// What to guess on: a cell with two candidates if there is one (either digit may be
    /// tried); else a digit with two places left in a row (try it in the first); else a cell
    /// with three candidates; else the first empty cell. `None` when the grid is full.
    ///
    /// Among cells with two (or three) candidates, the one with the most empty peers: its digit reaches
    /// furthest, so both branches propagate most. (Measured on top1465: 11 guesses a puzzle,
    /// against 19 for the first such cell in reading order.)
    pub(super) fn guess(&self) -> Option<(BandCell, usize)> {
        self.branch().map(|branch| match branch {
            Branch::Cell(cell) => (cell, self.first_digit(cell)),
            Branch::Places { digit, cells } => (cells[0], digit),
        })
    }

    /// Where the search should branch: on a cell (its candidates are the alternatives) or on a
    /// digit with two places left in a row (the places are); see [`Bands::guess`].
    pub(super) fn branch(&self) -> Option<Branch> {
        if self.is_full() {
            return None;
        }
        // Cells with exactly two candidates: at least two, not three.
        if let Some(cell) = self.widest(|[_, two, three, _]| two & !three) {
            return Some(Branch::Cell(cell));
        }
        // Rarer paths, for a search that is young or wide open: a digit with two places left
        // in a row, else the cell with three candidates and the most empty peers, else the
        // first empty cell.
        for band in 0..3 {
            for digit in 0..9 {
                let mask = self.masks[3 * digit + band] & self.unsolved[band];
                for shift in [0, 9, 18] {
                    let row = mask >> shift & 0x1ff;
                    if row.count_ones() == 2 {
                        let first = BandCell { band, bit: shift + row.trailing_zeros() };
                        let second = BandCell { band, bit: shift + 31 - row.leading_zeros() };
                        return Some(Branch::Places { digit, cells: [first, second] });
                    }
                }
            }
        }
        let first = (0..3)
            .find(|&b| self.unsolved[b] != 0)
            .map(|band| BandCell { band, bit: self.unsolved[band].trailing_zeros() });
        self.widest(|[_, _, three, four]| three & !four).or(first).map(Branch::Cell)
    }

    /// Among the empty cells that `pick` takes from a band's counts (at least one, two, three,
    /// four candidates), the one with the most empty peers.
    fn widest(&self, pick: impl Fn([u32; 4]) -> u32) -> Option<BandCell> {
        let mut best: Option<(u32, BandCell)> = None;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let mut cells = unsolved & pick(self.counts(band));
            while cells != 0 {
                let cell = BandCell { band, bit: cells.trailing_zeros() };
                cells &= cells - 1;
                let reach = self.reach(cell);
                if best.is_none_or(|(most, _)| reach > most) {
                    best = Some((reach, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// How many empty peers `cell` has: in its band (row and box), and in its column in the
    /// other bands.
    fn reach(&self, cell: BandCell) -> u32 {
        let BandCell { band, bit } = cell;
        let column = in_columns(1 << (bit % 9));
        let in_band = (self.unsolved[band] & PEERS_IN_BAND[bit as usize]).count_ones();
        let in_column: u32 =
            (0..3).filter(|&b| b != band).map(|b| (self.unsolved[b] & column).count_ones()).sum();
        in_band + in_column
    }

    /// The smallest digit (0..9) that `cell` allows; 0 if none.
    fn first_digit(&self, cell: BandCell) -> usize {
        (0..9).find(|&d| self.allows(cell, d)).unwrap_or(0)
    }

    /// The digit (1..=9) in each cell, 0 where there is none yet.
    pub(super) fn digits(&self) -> [u8; 81] {
        let mut grid = [0; 81];
        for (index, &mask) in self.masks.iter().enumerate() {
            let (digit, band) = (index / 3, index % 3);
            let mut placed = mask & !self.unsolved[band];
            while placed != 0 {
                let bit = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                grid[27 * band + bit] = digit as u8 + 1;
            }
        }
        grid
    }
}
