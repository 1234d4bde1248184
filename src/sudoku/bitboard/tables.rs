//! The lookup tables of the band engine, computed at compile time.
//!
//! A **band** is three rows of the grid (rows 1–3, 4–6, 7–9); one digit's candidates in a band
//! are a 27-bit mask, bit `9 * row + column` (row 0..3 within the band, column 0..9). A
//! **minirow** is the three cells where a row of the band crosses a box: 9 of them per band,
//! numbered `3 * row + box`.

/// The cells of a band: 27 bits.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The nine columns of one row of a band.
pub(super) const ROW: u32 = 0x1ff;

/// For a row's 9 bits: which of its three minirows hold a bit (bit `box`).
const MINIROWS_OF_ROW: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        table[row] =
            (row & 7 != 0) as u32 | ((row >> 3 & 7 != 0) as u32) << 1 | ((row >> 6 & 7 != 0) as u32) << 2;
        row += 1;
    }
    table
};

/// The nine minirows of a band mask that hold a candidate: bit `3 * row + box`.
#[inline]
pub(super) fn minirows(band: u32) -> usize {
    (MINIROWS_OF_ROW[(band & ROW) as usize]
        | MINIROWS_OF_ROW[(band >> 9 & ROW) as usize] << 3
        | MINIROWS_OF_ROW[(band >> 18) as usize] << 6) as usize
}

/// For a set of minirows that hold a candidate of one digit: the cells of the minirows that can
/// still hold it, 0 when none can.
///
/// In a band a digit stands once in each row and once in each box, so its three places are one
/// minirow per row, each in a different box: one of the six permutations of the boxes. A minirow
/// that belongs to no permutation made of available minirows cannot hold the digit. This one
/// table is the band's whole share of locked candidates (pointing and claiming) and of hidden
/// singles in boxes; 0 means no permutation fits: the digit has no place in some row or box.
pub(super) const LOCKED: [u32; 512] = {
    let mut table = [0; 512];
    let mut available = 0;
    while available < 512 {
        let allowed = PERMUTED[available] as usize;
        let mut cells = 0;
        let mut minirow = 0;
        while minirow < 9 {
            if allowed >> minirow & 1 == 1 {
                cells |= 7 << (minirow / 3 * 9 + minirow % 3 * 3);
            }
            minirow += 1;
        }
        table[available] = cells;
        available += 1;
    }
    table
};

/// For a 3×3 set of places (bit `3 * line + box`): the places that belong to a permutation
/// (one place per line, each in a different box) made only of places in the set. For a band the
/// lines are its rows and the places its minirows.
const PERMUTED: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0; 512];
    let mut available = 0;
    while available < 512 {
        let mut allowed = 0;
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMUTATIONS[p];
            let mask = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if available & mask == mask {
                allowed |= mask;
            }
            p += 1;
        }
        table[available] = allowed as u16;
        available += 1;
    }
    table
};

/// For each cell of a band: its peers within the band (its row and its box), itself excluded.
pub(super) const PEERS_IN_BAND: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut peers = ROW << (9 * row);
        let box_cols = 7 << (col / 3 * 3);
        peers |= box_cols | box_cols << 9 | box_cols << 18;
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
};

/// For the columns (9 bits) in which one digit can go in a band: the cells of another band
/// that can keep the digit. A box of the band with one column left for the digit holds it in
/// that column (locked candidates, the box pointing along the column), so the other bands lose
/// that column; a placed digit is the case of one cell.
pub(super) const OTHER_BANDS: [u32; 512] = box_by_box(BoxColumns::Pointing);

/// For the columns (9 bits) in which one digit can go in a band and in no other band: the
/// cells of the band that can keep the digit. Such a column holds the digit in this band, so in
/// the box it crosses (locked candidates, the column claiming the box), and the box's other
/// columns lose it.
pub(super) const CLAIMED: [u32; 512] = box_by_box(BoxColumns::Claimed);

/// What a box's columns of one digit (3 bits) take away, for the two tables of columns.
#[derive(Clone, Copy)]
enum BoxColumns {
    /// A box with one column left points along it: that column goes ([`OTHER_BANDS`]).
    Pointing,
    /// A box with a column claimed keeps it alone: the box's other columns go ([`CLAIMED`]).
    Claimed,
}

/// For each set of columns (9 bits): the cells of a band left once each box's columns have
/// taken away what `rule` says. One builder for both tables: a `const fn` may take a plain
/// enum where it could not call a function pointer.
const fn box_by_box(rule: BoxColumns) -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut lost = 0;
        let mut shift = 0;
        while shift < 9 {
            let in_box = columns >> shift & 7;
            let gone = match rule {
                BoxColumns::Pointing if in_box.is_power_of_two() => in_box,
                BoxColumns::Claimed if in_box != 0 => 7 & !in_box,
                _ => 0,
            };
            lost |= gone << shift;
            shift += 3;
        }
        table[columns as usize] = BAND & !in_columns(lost);
        columns += 1;
    }
    table
}

/// For each mask `3 * digit + band`: the masks of the same digit in the two other bands.
pub(super) const OTHERS: [(u8, u8); 27] = {
    let mut table = [(0, 0); 27];
    let mut index = 0;
    while index < 27 {
        let (digit, band) = (index / 3, index % 3);
        let first = if band == 0 { 1 } else { 0 };
        let second = if band == 2 { 1 } else { 2 };
        table[index] = ((3 * digit + first) as u8, (3 * digit + second) as u8);
        index += 1;
    }
    table
};

/// The columns (9 bits) in which a band mask holds a cell.
#[inline]
pub(super) fn columns(band: u32) -> u32 {
    (band | band >> 9 | band >> 18) & ROW
}

/// The cells of a band in the given columns (9 bits).
#[inline]
pub(super) const fn in_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// The cells of a band mask that are alone in their row.
#[inline]
pub(super) fn alone_in_row(band: u32) -> u32 {
    let mut alone = 0;
    let mut shift = 0;
    while shift < 27 {
        let row = band >> shift & ROW;
        if row & row.wrapping_sub(1) == 0 {
            alone |= row << shift;
        }
        shift += 9;
    }
    alone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_band_allows_every_cell() {
        assert_eq!(LOCKED[0x1ff], BAND);
        assert_eq!(minirows(BAND), 0x1ff);
    }

    #[test]
    fn a_digit_locked_in_one_minirow_of_a_box_leaves_the_rest_of_its_row() {
        // Box 0 holds the digit only in row 0: rows 1 and 2 lose box 0, row 0 loses boxes 1, 2.
        let available = 0x1ff & !(1 << 3) & !(1 << 6);
        let cells = LOCKED[available];
        assert_eq!(cells & ROW, 7);
        assert_eq!(cells >> 9 & ROW, 0x1f8);
        assert_eq!(cells >> 18 & ROW, 0x1f8);
    }

    #[test]
    fn no_permutation_means_no_place() {
        // Rows 0 and 1 both only in box 0.
        assert_eq!(LOCKED[1 | 1 << 3 | 0x1c0], 0);
    }

    #[test]
    fn peers_in_band_are_a_row_and_a_box() {
        for (cell, peers) in PEERS_IN_BAND.iter().enumerate() {
            // 8 in the row, 8 in the box, 2 of them in both.
            assert_eq!(peers.count_ones(), 14, "cell {cell}");
        }
        assert_eq!(alone_in_row(1 | 3 << 9 | 1 << 26), 1 | 1 << 26);
        assert_eq!(columns(1 << 4 | 1 << 9 | 1 << 26), 1 << 4 | 1 | 1 << 8);
        assert_eq!(in_columns(1), 1 | 1 << 9 | 1 << 18);
    }

    #[test]
    fn a_column_in_one_band_claims_its_box() {
        // The column of bit 4, the middle one of the middle box: the box keeps it and loses
        // the columns of bits 3 and 5; the other boxes keep all theirs.
        assert_eq!(CLAIMED[1 << 4], BAND & !in_columns(1 << 3 | 1 << 5));
        // The first and the last column claim the first and the last box at once; no column,
        // no claim.
        assert_eq!(CLAIMED[1 | 1 << 8], BAND & !in_columns(1 << 1 | 1 << 2 | 1 << 6 | 1 << 7));
        assert_eq!(CLAIMED[0], BAND);
    }
}
