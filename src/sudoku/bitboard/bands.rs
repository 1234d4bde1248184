//! The grid as 27 band masks, and propagation on them.

use super::tables::{
    BAND, CLAIMED, LOCKED, OTHER_BANDS, OTHERS, PEERS_IN_BAND, alone_in_row, columns, in_columns, minirows,
};

/// Empty cells above which a guess looks at every cell with two candidates (see
/// [`Bands::guess`]).
const WIDE_OPEN: usize = 45;

/// Empty cells at or below which a guess takes the first cell with two candidates, unscored
/// (see [`Bands::guess`]).
const NEARLY_FULL: usize = 30;

/// Where a digit may still go: for digit `d` (0..9) and band `b` (0..3), `masks[3 * d + b]`
/// holds the cells of the band that can take it. A placed digit keeps its own cell's bit and
/// loses every peer, so when the grid is full the masks are the solution.
///
/// The whole state is `Copy`: the search branches by copying it, which costs less than undoing,
/// and a copy needs no trail.
///
/// Propagation is lazy, as in JCZSolve: a change to a mask is not followed at once. The band
/// rule of a mask runs when the mask differs from what that rule last left (`seen`), so placing
/// a digit or taking one out is a single AND, and the rule that follows draws everything the
/// change forces in the band (locked candidates, hidden singles) and the columns it takes from
/// the other bands. Finding the masks to look at is 27 comparisons, cheaper than keeping a set of
/// changed masks at every write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bands {
    masks: [u32; 27],
    /// Each mask as its band rule last left it; `u32::MAX` (never a mask) for "not yet".
    seen: [u32; 27],
    /// The cells of each band that hold no digit yet.
    unsolved: [u32; 3],
    /// The empty cells of each band with two candidates, as of the last count of naked singles
    /// (where the search looks for a guess).
    pairs: [u32; 3],
}

/// A grid at rest (every rule drawn) and one candidate to take out of it: what the search keeps
/// to come back to. At rest each mask is what its rule last left, so the masks alone say it all.
///
/// The candidate is taken out when the grid is restored, not when it is saved: a mask changed
/// in a copy just made, then read again as part of the whole copy, stalls the processor (the
/// write is narrower than the reads, and cannot be forwarded to them): a sixth of the search's
/// own loop on serg, `perf annotate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Saved {
    masks: [u32; 27],
    unsolved: [u32; 3],
    /// The mask to take the candidate from.
    changed: u32,
    /// The candidate's cell in that mask.
    cell: u32,
}

/// A full grid: each digit's masks hold exactly its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Filled {
    masks: [u32; 27],
}

impl Filled {
    /// The full grid of the digits (1..=9) of the 81 cells.
    pub(super) fn of_digits(digits: &[u8; 81]) -> Filled {
        let mut masks = [0; 27];
        for (cell, &digit) in digits.iter().enumerate() {
            let BandCell { band, bit } = BandCell::new(cell);
            masks[(3 * usize::from(digit.max(1) - 1) + band).min(26)] |= 1 << bit;
        }
        Filled { masks }
    }

    /// The digit (1..=9) in `cell` (0..81).
    pub(super) fn digit(&self, cell: usize) -> u8 {
        let BandCell { band, bit } = BandCell::new(cell);
        (0..9).find(|&d| self.masks[3 * d + band] >> bit & 1 == 1).map_or(0, |d| d as u8 + 1)
    }

    /// The digit (1..=9) in each cell.
    pub(super) fn digits(&self) -> [u8; 81] {
        // A full grid holds each digit three times in each band: three cells a mask, always,
        // so the loop has no branch to mispredict.
        let mut grid = [0; 81];
        for (digit, masks) in (1..).zip(self.masks.chunks_exact(3)) {
            for (band, &mask) in masks.iter().enumerate() {
                let mut cells = mask;
                for _ in 0..3 {
                    let bit = cells.trailing_zeros() as usize;
                    cells &= cells.wrapping_sub(1);
                    // Always a cell of the band; the bound only spares a check that cannot fail.
                    grid[(27 * band + bit).min(80)] = digit;
                }
            }
        }
        grid
    }
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
        Bands { masks: [BAND; 27], seen: [u32::MAX; 27], unsolved: [BAND; 3], pairs: [0; 3] }
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
        // Two population counts, not three: two bands fit in one 64-bit word.
        let [first, second, third] = self.unsolved;
        (u64::from(first) | u64::from(second) << 32).count_ones() as usize + third.count_ones() as usize
    }

    /// How many empty cells have two candidates, as of the last count of naked singles.
    pub(super) fn pairs_count(&self) -> u32 {
        self.pairs.iter().map(|band| band.count_ones()).sum()
    }

    /// Whether every cell holds a digit.
    pub(super) fn is_full(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Put `digit` (0..9) in `cell`: the digit leaves the cell's row and box in the band. The
    /// band rule that [`propagate`](Bands::propagate) runs next finds the digit alone in its
    /// row, takes the cell from the other digits and the column from the other bands. The
    /// caller has checked that the cell allows it.
    #[inline]
    pub(super) fn place(&mut self, cell: BandCell, digit: usize) {
        self.masks[3 * digit + cell.band] &= !PEERS_IN_BAND[cell.bit as usize];
    }

    /// The grid at rest without `digit` (0..9) in `cell`, saved.
    pub(super) fn without(&self, cell: BandCell, digit: usize) -> Saved {
        debug_assert_eq!(self.masks, self.seen, "saved at rest only");
        let index = 3 * digit + cell.band;
        Saved { masks: self.masks, unsolved: self.unsolved, changed: index as u32, cell: 1 << cell.bit }
    }

    /// Go on with the grid `saved`: its changed mask has news for its rule.
    pub(super) fn restore(&mut self, saved: &Saved) {
        self.masks = saved.masks;
        self.seen = saved.masks;
        let changed = (saved.changed as usize).min(26);
        self.masks[changed] &= !saved.cell;
        self.seen[changed] = u32::MAX;
        self.unsolved = saved.unsolved;
        self.pairs = [0; 3];
    }

    /// Draw every consequence: the band rule on each changed mask until none changes, then
    /// naked singles, then the columns that claim a box, until none finds anything.
    pub(super) fn propagate(&mut self) -> Result {
        loop {
            loop {
                let mut quiet = true;
                // Unrolled, so that each call knows its digit and band when compiled.
                macro_rules! each {
                    ($($index:literal)*) => {$(
                        if self.masks[$index] != self.seen[$index] {
                            quiet = false;
                            self.band_rule($index)?;
                        }
                    )*};
                }
                each!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
                if quiet {
                    break;
                }
            }
            if self.is_full() {
                return Ok(());
            }
            // With `NEARLY_FULL` empty cells or fewer, claims are seldom found (top95: 12 of
            // 266) but half of serg's calls are there.
            let progress = self.naked_singles()? || self.empty_cells() > NEARLY_FULL && self.claims();
            if !progress {
                return Ok(());
            }
        }
    }

    /// One digit in one band: keep the cells the band's permutations allow (locked candidates),
    /// take from the other bands the columns the digit is locked to in a box (which also keeps
    /// a placed digit out of its column), and mark the cells where a row has one place left for
    /// it as solved (a hidden single in the row, or a digit just placed): they leave the other
    /// digits. Inlined where `index` is a constant, it compiles to one rule for that mask.
    #[inline(always)]
    fn band_rule(&mut self, index: usize) -> Result {
        let index = index.min(26);
        let band = index % 3;
        let mask = self.masks[index];
        let mask = mask & LOCKED[minirows(mask)];
        if mask == 0 {
            return Err(Contradiction);
        }
        let keep = OTHER_BANDS[columns(mask) as usize];
        let (first, second) = OTHERS[index];
        self.masks[first as usize] &= keep;
        self.masks[second as usize] &= keep;
        // Without a branch on whether any cell was solved: as good as random to the processor.
        // The digit's own mask is written after, with its solved cells kept.
        let solved = alone_in_row(mask);
        self.unsolved[band] &= !solved;
        for digit in 0..9 {
            self.masks[3 * digit + band] &= !solved;
        }
        self.masks[index] = mask;
        self.seen[index] = mask;
        Ok(())
    }

    /// [`propagate`](Bands::propagate) for the grid of the givens, where every mask has news.
    ///
    /// The rule runs on all 27 masks once, with no test, then on those that changed since,
    /// found in one pass of 27 comparisons without a branch, until none has; then `propagate`
    /// (which finds nothing more to do on the masks, and goes on to the naked singles). A
    /// sweep of `propagate` branches on each mask, which here is as good as random: the
    /// givens' cascade takes several sweeps with a few changed masks in each. (Measured: the
    /// 17-clue set 10% faster, unbiased 5%, the others within 2%.) After a guess only one
    /// mask has news and the sweeps are cheaper.
    pub(super) fn propagate_givens(&mut self) -> Result {
        macro_rules! each {
            ($($index:literal)*) => {$(
                self.band_rule($index)?;
            )*};
        }
        each!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
        loop {
            let mut changed = 0u32;
            for index in (0..27).rev() {
                changed = changed << 1 | u32::from(self.masks[index] != self.seen[index]);
            }
            if changed == 0 {
                return self.propagate();
            }
            while changed != 0 {
                let index = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.band_rule(index)?;
            }
        }
    }

    /// Count the candidates of every cell of a band, bit-parallel, saturating at 4: the cells
    /// with at least one, two, three and four.
    #[inline(always)]
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

    /// Columns that claim a box: where a digit's column has cells in one band only, the digit
    /// is in that column in the box the column crosses, and leaves the box's other columns.
    /// `true` if any mask changed (its band rule has news).
    ///
    /// The band rule takes a column from the other bands where a box of its band points along
    /// it, but never asks which bands a column still has: this is that question, the rule the
    /// other way round, and with it a column's hidden single (a box left with one cell, which
    /// the band rule then places). Run where the band rules and naked singles
    /// have nothing left, not in the band rule: there it wakes rules the lazy engine would have
    /// left asleep, and costs more than it spares (BENCHMARKS §2.1). Measured in process beside
    /// no claims: top95 9.0 guesses a puzzle against 10.5 and 13 % faster,
    /// top1465 10.3 against 12.0 and 3 %, the 17-clue set 5 %; hardest 7.5 against 8.5 but
    /// 2 % slower, and serg 6 % slower, where it spares no guess.
    fn claims(&mut self) -> bool {
        let mut changed = 0;
        for digit in self.masks.chunks_exact_mut(3) {
            // Opaque to the compiler, so that it keeps this loop's loads and stores scalar: in a
            // build with AVX-512 it made the nine digits three gathers, three table gathers and
            // three scatters, dear on a loop of nine (serg 2 to 5 % slower, BENCHMARKS.md §2.1).
            #[cfg(target_feature = "avx512f")]
            let digit = std::hint::black_box(digit);
            let [a, b, c] = [0, 1, 2].map(|band| columns(digit[band]));
            // The columns the digit has in two bands or more: a band claims the rest of its own.
            let shared = a & b | a & c | b & c;
            for (mask, own) in digit.iter_mut().zip([a, b, c]) {
                let kept = *mask & CLAIMED[(own & !shared) as usize];
                changed |= *mask ^ kept;
                *mask = kept;
            }
        }
        changed != 0
    }

    /// Place every empty cell that has one candidate left, and note the cells with two (see
    /// `pairs`); `Ok(true)` if any was placed.
    fn naked_singles(&mut self) -> Result<bool> {
        let mut progress = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                self.pairs[band] = 0;
                continue;
            }
            let [one, two, three, _] = self.counts(band);
            if unsolved & !one != 0 {
                return Err(Contradiction);
            }
            self.pairs[band] = unsolved & two & !three;
            let mut singles = unsolved & !two;
            progress |= singles != 0;
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                // The single's digit; an earlier single of this pass may have taken it.
                let Some(digit) = (0..9).find(|&d| self.masks[3 * d + band] >> bit & 1 == 1) else {
                    return Err(Contradiction);
                };
                self.masks[3 * digit + band] &= !PEERS_IN_BAND[bit as usize];
            }
        }
        Ok(progress)
    }

    /// What to guess on: a cell with two candidates if there is one (either digit may be
    /// tried); else a digit with two places left in a row (try it in the first); else a cell
    /// with three candidates; else the first empty cell. `None` when the grid is full.
    ///
    /// Among cells with two (or three) candidates, one with the most empty peers, those with
    /// two candidates counted twice ([`reach`](Bands::reach)): its digit reaches furthest, so
    /// both branches propagate most. (Measured on top1465: 12 guesses a puzzle, against 18.6
    /// for the first such cell in reading order.)
    pub(super) fn guess(&self) -> Option<(BandCell, usize)> {
        if self.is_full() {
            return None;
        }
        // The cells with two candidates, as propagation's last count of naked singles left them.
        // Early in a search, with more than `WIDE_OPEN` empty cells, the guess's choice weighs
        // on the whole tree below it: the widest of them all. Deeper down, the widest of the
        // first two in each band, since scoring every pair costs more than the guesses it
        // spares. (Measured: on top95 11.4 guesses a puzzle against 14.1 for the first two
        // throughout, on hardest 8.7 against 10.1; serg 6.3 either way, and a seventh faster
        // than with the widest of all throughout.) With `NEARLY_FULL` empty cells or fewer
        // the tree below is small whatever the choice, and scoring even six cells costs more
        // than it spares: the first pair. (Measured: serg 6.39 guesses a puzzle against 6.30
        // and 3% faster; top1465 12.63 against 12.50 and every set within 1%. The first pair
        // from 45 empty cells down costs top1465 15% more guesses and 3% of its speed.)
        let first_two = |cells: u32| {
            let first = cells & cells.wrapping_neg();
            let rest = cells & !first;
            first | rest & rest.wrapping_neg()
        };
        let empty = self.empty_cells();
        if empty <= NEARLY_FULL
            && let Some(band) = (0..3).find(|&b| self.pairs[b] != 0)
        {
            let cell = BandCell { band, bit: self.pairs[band].trailing_zeros() };
            return Some((cell, self.first_digit(cell)));
        }
        let pairs = if empty > WIDE_OPEN { self.pairs } else { self.pairs.map(first_two) };
        if let Some(cell) = self.widest_of(pairs) {
            return Some((cell, self.first_digit(cell)));
        }
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
        self.widest_of([0, 1, 2].map(|band| self.unsolved[band] & pick(self.counts(band))))
    }

    /// Among `cells` (a mask a band), the one with the most empty peers.
    fn widest_of(&self, cells: [u32; 3]) -> Option<BandCell> {
        let mut best: Option<(u32, BandCell)> = None;
        for (band, mut cells) in cells.into_iter().enumerate() {
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

    /// How many empty peers `cell` has (in its band, row and box, and in its column in the
    /// other bands), the peers with two candidates counted twice: a digit placed there leaves
    /// such a peer one candidate, a single at once. One population count for each: the
    /// column's cells of the other two bands fit side by side (bits `column + 9k` and one
    /// above), and beside the band's peers in a 64-bit word. (Built for any x86-64 a count is a
    /// dozen instructions; three of them made choosing a guess 2 to 3% slower on every set.)
    /// The peers with two candidates counted twice, against once: top95 10.5 guesses a puzzle
    /// against 11.4 and 6 % faster, top1465 12.0 against 12.6 and 5 % faster, unbiased 3 to 5 %,
    /// the 17-clue set and easy50 1 to 3 %, serg and hardest even; counted three times, top95
    /// 12.5 guesses and 10 % slower.
    fn reach(&self, cell: BandCell) -> u32 {
        let BandCell { band, bit } = cell;
        let column = in_columns(1 << (bit % 9));
        let in_band = self.unsolved[band] & PEERS_IN_BAND[bit as usize];
        // The other two bands: digit 0's masks are numbered as the bands are.
        let (first, second) = OTHERS[band];
        let in_column =
            self.unsolved[usize::from(first)] & column | (self.unsolved[usize::from(second)] & column) << 1;
        let pairs_band = self.pairs[band] & PEERS_IN_BAND[bit as usize];
        let pairs_column =
            self.pairs[usize::from(first)] & column | (self.pairs[usize::from(second)] & column) << 1;
        (u64::from(in_band) | u64::from(in_column) << 32).count_ones()
            + (u64::from(pairs_band) | u64::from(pairs_column) << 32).count_ones()
    }

    /// The smallest digit (0..9) that `cell` allows; 0 if none.
    fn first_digit(&self, cell: BandCell) -> usize {
        (0..9).find(|&d| self.allows(cell, d)).unwrap_or(0)
    }

    /// The grid, which must be full, as its solution.
    pub(super) fn filled(&self) -> Filled {
        debug_assert!(self.is_full());
        debug_assert!(
            self.masks.iter().all(|m| m.count_ones() == 3)
                && (0..3).all(|b| (0..9).fold(0, |all, d| all | self.masks[3 * d + b]) == BAND),
            "a full grid's masks share out its cells, three to each digit in each band"
        );
        Filled { masks: self.masks }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_left_in_one_band_claims_its_box_there() {
        // Digit 1 leaves c1 in the two lower bands: in the top band it must be in c1, so box 1
        // loses c2 and c3 for it, and nothing else changes.
        let mut bands = Bands::new();
        bands.masks[1] &= !in_columns(1);
        bands.masks[2] &= !in_columns(1);
        let before = bands.masks;
        assert!(bands.claims());
        assert_eq!(bands.masks[0], BAND & !in_columns(0b110));
        assert_eq!(bands.masks[1..], before[1..]);
        // Drawn already: nothing more to claim.
        assert!(!bands.claims());
    }
}
