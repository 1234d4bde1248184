//! Sums a killer implies over several houses: the rule of 45 grown over bands of rows, columns
//! and boxes, as a solver by hand reads it ("rows 1 and 2 hold 90; the cages mostly in them add
//! up to 94; so the cells they stick out with add up to 4 more than the cells of the rows they
//! leave out").
//!
//! The cells of such a sum need not hold different values (two rows hold every value twice),
//! so the engine cannot read them as a cage's combinations. Each is a linear equation
//! `Σ plus − Σ minus = sum`, read for its bounds: the least and the most each side can add up
//! to, counted on the values its cells can still take, say how far each cell's value can move
//! before the other cells cannot make up the difference. The cells of a side that see each
//! other (a group) take different values, so a group's least is the sum of its smallest
//! *different* candidates, much tighter than each cell's least added up. With one or two open
//! cells left the equation is read exactly. The same reading as the sum handler of sigh's
//! Interactive Sudoku Solver, whose optimizer derives these sums the same way (its
//! `_makeInnieOutieSumHandlers` and hidden cages).
//!
//! They are made at a killer's first guess, not before: most killers fall to propagation
//! alone and never pay for them. What they buy is measured in BENCHMARKS.md §9: on the hard
//! killers of the mixed set, up to five times fewer guesses.

use super::{MAX_SIDE, PLACED, Solutions, take};
use crate::sudoku::{Geometry, House};
use std::collections::HashSet;

/// A derived sum: its groups, one after the other in [`Linear::groups`], and what they add up
/// to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sum {
    groups: (u32, u32),
    sum: i32,
}

/// Cells of one side of a sum that all see each other, from `cells.0` to `cells.1` in
/// [`Linear::cells`].
#[derive(Clone, Copy, Debug)]
struct Group {
    cells: (u32, u32),
    minus: bool,
}

/// The derived sums of a geometry, as the engine reads them.
#[derive(Debug, Default)]
pub(super) struct Linear {
    sums: Vec<Sum>,
    groups: Vec<Group>,
    cells: Vec<u16>,
}

impl Linear {
    /// Whether there is no sum to read.
    pub(super) fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }
}

/// A sum as derived: the cells added, the cells taken away, the total.
type Derived = (Vec<usize>, Vec<usize>, i32);

/// The sums a killer implies beyond each house's, laid out for [`Solutions::linear`]; those
/// whose cells (in order) are in `known` are left out: the engine reads them as cages already
/// (each house's own innies and outies).
pub(super) fn derive(geometry: &Geometry, known: &HashSet<Vec<usize>>) -> Linear {
    let cages: Vec<(Vec<usize>, i32)> =
        geometry.cages().iter().filter_map(|c| Some((c.cells.clone(), c.sum? as i32))).collect();
    if cages.is_empty() {
        return Linear::default();
    }
    let side = geometry.side();
    let total = (side * (side + 1) / 2) as i32;
    let sees = |a: usize, b: usize| {
        let (a, b) = (geometry.cell_checked(a), geometry.cell_checked(b));
        a.zip(b).is_some_and(|(a, b)| geometry.sees(a, b))
    };
    let mut cage_of = vec![usize::MAX; geometry.cells()];
    for (i, (cells, _)) in cages.iter().enumerate() {
        for &c in cells {
            cage_of[c] = i;
        }
    }
    let mut derived: Vec<Derived> = Vec::new();

    // Bands: the houses of one kind taken one more at a time, from either end. Each cage mostly
    // inside the band joins it; the band's cells outside the joined cages and the cages' cells
    // outside the band then differ by what the cages add up to beyond the band's total.
    let of_kind = |kind: fn(House) -> bool| -> Vec<Vec<usize>> {
        (0..geometry.houses().len())
            .filter(|&h| kind(geometry.house(h)))
            .map(|h| geometry.members(h).iter().map(|c| c.index()).collect())
            .collect()
    };
    let rows = of_kind(|h| matches!(h, House::Row(_)));
    let cols = of_kind(|h| matches!(h, House::Col(_)));
    let boxes = of_kind(|h| matches!(h, House::Box(_) | House::Region(_)));
    let orders: [Vec<&Vec<usize>>; 5] = [
        rows.iter().collect(),
        rows.iter().rev().collect(),
        cols.iter().collect(),
        cols.iter().rev().collect(),
        boxes.iter().collect(),
    ];
    for band in orders {
        let mut inside = vec![false; geometry.cells()];
        let mut joined = vec![false; cages.len()];
        let mut covered = vec![false; geometry.cells()];
        let mut held = 0;
        for (k, house) in band.iter().enumerate() {
            for &c in house.iter() {
                inside[c] = true;
            }
            for (i, (cells, sum)) in cages.iter().enumerate() {
                if !joined[i] && 2 * cells.iter().filter(|&&c| inside[c]).count() > cells.len() {
                    joined[i] = true;
                    held += sum;
                    for &c in cells {
                        covered[c] = true;
                    }
                }
            }
            let (mut a, mut b, mut uncaged) = (0, 0, false);
            for c in 0..geometry.cells() {
                if inside[c] != covered[c] {
                    if inside[c] {
                        a += 1
                    } else {
                        b += 1
                    }
                    uncaged |= cage_of[c] == usize::MAX;
                }
            }
            // Small differences only: a sum over many cells bounds little and costs a read.
            if a + b == 0 || a + b > side || (a > 2 && b > 2) || (a + b > 6 && !uncaged) {
                continue;
            }
            let left_out: Vec<usize> = (0..geometry.cells()).filter(|&c| inside[c] && !covered[c]).collect();
            let sticking: Vec<usize> = (0..geometry.cells()).filter(|&c| covered[c] && !inside[c]).collect();
            derived.push((sticking, left_out, held - (k as i32 + 1) * total));
        }
    }

    // A cage that leaves a house by one cell: the house's cells outside the cages it holds
    // whole and outside that cage add up to the cell outside less what is left of the house's
    // total (an arrow, as a solver by hand reads it).
    // How many cells of each cage the house holds.
    let mut held_in = vec![0usize; cages.len()];
    for h in 0..geometry.houses().len() {
        let (house, in_house) = (geometry.members(h), geometry.house_set(h));
        let outside = |&c: &usize| geometry.cell_checked(c).is_some_and(|cell| !in_house.contains(cell));
        let mut met = Vec::new();
        for cell in house {
            let i = cage_of[cell.index()];
            if i != usize::MAX {
                if held_in[i] == 0 {
                    met.push(i);
                }
                held_in[i] += 1;
            }
        }
        let whole = |i: usize| held_in[i] == cages[i].0.len();
        let whole_sum: i32 = met.iter().filter(|&&i| whole(i)).map(|&i| cages[i].1).sum();
        // Every cell of the house caged: the cages' cells outside it add up to the cages' sums
        // less the house's total (outies; those that see each other are already read as a
        // cage, the others are read here).
        if house.iter().all(|c| cage_of[c.index()] != usize::MAX) {
            let out: Vec<usize> =
                met.iter().flat_map(|&i| cages[i].0.iter().copied()).filter(outside).collect();
            let covered: i32 = met.iter().map(|&i| cages[i].1).sum();
            if !out.is_empty() && out.len() <= side {
                derived.push((out, Vec::new(), covered - total));
            }
        }
        for &i in met.iter().filter(|&&i| cages[i].0.len() > 1 && cages[i].0.len() - held_in[i] == 1) {
            let rest: Vec<usize> = house
                .iter()
                .map(|c| c.index())
                .filter(|&c| cage_of[c] == usize::MAX || (cage_of[c] != i && !whole(cage_of[c])))
                .collect();
            if rest.len() + 1 > 6 {
                continue;
            }
            let out: Vec<usize> = cages[i].0.iter().copied().filter(outside).collect();
            derived.push((rest, out, total - whole_sum - cages[i].1));
        }
        for &i in &met {
            held_in[i] = 0;
        }
    }

    let mut linear = Linear::default();
    let mut laid: HashSet<(Vec<usize>, Vec<usize>, i32)> = HashSet::new();
    for (mut plus, mut minus, sum) in derived {
        plus.sort_unstable();
        minus.sort_unstable();
        // A sum the engine reads as a cage already (a house's innies).
        if minus.is_empty() && known.contains(&plus) {
            continue;
        }
        if plus.len() + minus.len() > MAX_SIDE || !laid.insert((plus.clone(), minus.clone(), sum)) {
            continue;
        }
        let from = linear.groups.len() as u32;
        for (side_cells, is_minus) in [(&plus, false), (&minus, true)] {
            // Greedy groups: each cell joins the first group it sees every cell of.
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for &cell in side_cells.iter() {
                match groups.iter_mut().find(|g| g.iter().all(|&o| sees(o, cell))) {
                    Some(group) => group.push(cell),
                    None => groups.push(vec![cell]),
                }
            }
            for group in groups {
                let start = linear.cells.len() as u32;
                linear.cells.extend(group.iter().map(|&c| c as u16));
                linear.groups.push(Group { cells: (start, linear.cells.len() as u32), minus: is_minus });
            }
        }
        linear.sums.push(Sum { groups: (from, linear.groups.len() as u32), sum });
    }
    linear
}

/// The values from `low` to `high` (1-based, either may lie beyond the grid's values) as bits.
fn between(low: i32, high: i32) -> u32 {
    let (low, high) = (low.max(1), high.min(32));
    if low > high {
        return 0;
    }
    let upto = if high == 32 { u32::MAX } else { (1u32 << high) - 1 };
    upto & !((1u32 << (low - 1)) - 1)
}

/// Of `count` different values among `values` (bits): the least sum and the largest value in
/// it, the most sum and the smallest value in it; `None` if there are fewer than `count`.
fn spread(values: u32, count: u32) -> Option<(i32, i32, i32, i32)> {
    if values.count_ones() < count {
        return None;
    }
    let (mut low, mut high) = (values, values);
    let (mut least, mut most, mut top_of_least, mut bottom_of_most) = (0, 0, 0, i32::MAX);
    for _ in 0..count {
        let value = low.trailing_zeros() as i32 + 1;
        least += value;
        top_of_least = value;
        low &= low - 1;
        let top = 31 - high.leading_zeros();
        most += top as i32 + 1;
        bottom_of_most = top as i32 + 1;
        high &= !(1 << top);
    }
    Some((least, top_of_least, most, bottom_of_most))
}

impl Solutions {
    /// The derived sums ([`derive`]), each read for its bounds: `None` at a contradiction, else
    /// whether any candidate left.
    pub(super) fn linear(&mut self) -> Option<bool> {
        let mut changed = false;
        let tables = std::sync::Arc::clone(&self.tables);
        let Some(linear) = tables.linear.get() else { return Some(false) };
        for s in &linear.sums {
            let groups = &linear.groups[s.groups.0 as usize..s.groups.1 as usize];
            // Each group's open values, and the least and most its open cells add up to.
            let mut open_values = [0u32; MAX_SIDE];
            let mut stats = [(0i32, 0i32, 0i32, 0i32); MAX_SIDE];
            let (mut least, mut most, mut open) = (0i32, 0i32, 0usize);
            let mut fault = false;
            for (g, group) in groups.iter().enumerate() {
                let sign = if group.minus { -1 } else { 1 };
                let (mut fixed, mut count, mut values) = (0i32, 0u32, 0u32);
                for &cell in &linear.cells[group.cells.0 as usize..group.cells.1 as usize] {
                    let word = self.cells[cell as usize];
                    if word & PLACED != 0 {
                        fixed += (word & !PLACED).trailing_zeros() as i32 + 1;
                    } else {
                        count += 1;
                        values |= word;
                    }
                }
                let Some((low, top_of_low, high, bottom_of_high)) = spread(values, count) else {
                    fault = true;
                    break;
                };
                open += count as usize;
                open_values[g] = values;
                stats[g] = (low, top_of_low, high, bottom_of_high);
                let (low, high) = (fixed + low, fixed + high);
                if sign > 0 {
                    least += low;
                    most += high;
                } else {
                    least -= high;
                    most -= low;
                }
            }
            // How far the total may rise above its least, and fall below its most.
            let (rise, fall) = (s.sum - least, most - s.sum);
            if fault || rise < 0 || fall < 0 {
                self.blame(groups);
                return None;
            }
            if open == 0 {
                continue;
            }
            if open <= 2 {
                if !self.exact(groups, s.sum)? {
                    continue;
                }
                changed = true;
                if !self.queue.is_empty() {
                    break;
                }
                continue;
            }
            for (g, group) in groups.iter().enumerate() {
                if open_values[g] == 0 {
                    continue;
                }
                let (_, top_of_low, _, bottom_of_high) = stats[g];
                // A cell above its group's least by d raises the total by d at least.
                let keep = if group.minus {
                    between(bottom_of_high - rise, top_of_low + fall)
                } else {
                    between(bottom_of_high - fall, top_of_low + rise)
                };
                if open_values[g] & !keep == 0 {
                    continue;
                }
                for &cell in &linear.cells[group.cells.0 as usize..group.cells.1 as usize] {
                    if self.cells[cell as usize] & PLACED == 0
                        && take(&mut self.cells, &mut self.queue, cell, !keep & !PLACED, &mut changed)
                            .is_none()
                    {
                        self.blame(groups);
                        return None;
                    }
                }
            }
            if !self.queue.is_empty() {
                break;
            }
        }
        Some(changed)
    }

    /// One or two open cells: each keeps the values the other (or the sum alone) completes.
    /// `None` at a contradiction, else whether any candidate left.
    fn exact(&mut self, groups: &[Group], sum: i32) -> Option<bool> {
        let Some(linear) = self.tables.linear.get() else { return Some(false) };
        let mut rest = sum;
        let mut open: [(u16, i32, usize); 2] = [(0, 0, 0); 2];
        let mut n = 0;
        for (g, group) in groups.iter().enumerate() {
            let sign = if group.minus { -1 } else { 1 };
            for &cell in &linear.cells[group.cells.0 as usize..group.cells.1 as usize] {
                let word = self.cells[cell as usize];
                if word & PLACED != 0 {
                    rest -= sign * ((word & !PLACED).trailing_zeros() as i32 + 1);
                } else {
                    open[n] = (cell, sign, g);
                    n += 1;
                }
            }
        }
        let mut changed = false;
        let side = self.geometry.side() as i32;
        if n == 1 {
            let (cell, sign, _) = open[0];
            let value = rest * sign;
            let keep = if (1..=side).contains(&value) { 1u32 << (value - 1) } else { 0 };
            if take(&mut self.cells, &mut self.queue, cell, !keep & !PLACED, &mut changed).is_none() {
                self.blame(groups);
                return None;
            }
            return Some(changed);
        }
        // sign_a · a + sign_b · b = rest.
        let (a, b) = (open[0], open[1]);
        let together = a.2 == b.2 || self.sees(a.0, b.0);
        for (this, other) in [(a, b), (b, a)] {
            let (mine, theirs) = (self.cells[this.0 as usize], self.cells[other.0 as usize]);
            if mine & PLACED != 0 {
                continue;
            }
            let mut keep = 0u32;
            let mut values = mine & !PLACED;
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values ^= bit;
                let value = bit.trailing_zeros() as i32 + 1;
                let partner = (rest - this.1 * value) * other.1;
                let fits = (1..=side).contains(&partner)
                    && theirs & (1 << (partner - 1)) != 0
                    && !(together && partner == value);
                if fits {
                    keep |= bit;
                }
            }
            if take(&mut self.cells, &mut self.queue, this.0, !keep & !PLACED, &mut changed).is_none() {
                self.blame(groups);
                return None;
            }
        }
        Some(changed)
    }

    /// Whether two cells see each other.
    fn sees(&self, a: u16, b: u16) -> bool {
        let words = self.tables.words;
        self.tables.peer_bits[a as usize * words + b as usize / 64] & (1 << (b % 64)) != 0
    }

    /// A contradiction in a sum: its open cells take the blame (dom/wdeg).
    fn blame(&mut self, groups: &[Group]) {
        let Some(linear) = self.tables.linear.get() else { return };
        for group in groups {
            for &cell in &linear.cells[group.cells.0 as usize..group.cells.1 as usize] {
                if self.cells[cell as usize] & PLACED == 0 {
                    self.weights[cell as usize] += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spread_of_different_values() {
        // Two of {1, 3, 4, 9}: least 1 + 3 (top 3), most 9 + 4 (bottom 4).
        assert_eq!(spread(0b1_0000_1101, 2), Some((4, 3, 13, 4)));
        assert_eq!(spread(0b101, 3), None);
        assert_eq!(between(3, 5), 0b11100);
        assert_eq!(between(-4, 1), 1);
        assert_eq!(between(6, 5), 0);
        assert_eq!(between(30, 40), 0b111 << 29);
    }
}
