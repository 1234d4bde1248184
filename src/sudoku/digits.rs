//! Digits (values) 1 to N, N up to 25, and sets of them as bit flags.

use super::geometry::{MAX_SIDE, classic};
use crate::Ones;
use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit: a value 1 to N of a grid of side N, at most 25 (1 to 9 on the classic grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `d`.
    ///
    /// # Panics
    /// If `d` is not in 1..=25; [`Digit::new_checked`] is the fallible twin.
    ///
    /// ```
    /// use backtrack::sudoku::Digit;
    /// assert_eq!(Digit::new(7).get(), 7);
    /// ```
    pub fn new(d: u8) -> Digit {
        Digit::new_checked(d).unwrap_or_else(|| panic!("{d} is not a Sudoku digit (1..={MAX_SIDE})"))
    }

    /// The digit `d`, or `None` if `d` is not in 1..=25 (a grid of side N takes 1..=N: the
    /// board checks that).
    pub fn new_checked(d: u8) -> Option<Digit> {
        NonZeroU8::new(d).filter(|d| d.get() as usize <= MAX_SIDE).map(Digit)
    }

    /// The digit as a number, 1 to N (1 to 9 on the classic grid).
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The classic grid's nine digits, 1 first ([`Digit::up_to`] for any side).
    pub fn all() -> impl ExactSizeIterator<Item = Digit> + Clone {
        Digit::up_to(classic::SIDE)
    }

    /// The digits 1 to `side`, 1 first.
    pub fn up_to(side: usize) -> impl ExactSizeIterator<Item = Digit> + Clone {
        (1..=side.min(MAX_SIDE) as u8).map(Digit::new)
    }

    /// The character that stands for the digit in a grid's text: `1` to `9`, then `A` (10)
    /// to `P` (25).
    pub fn symbol(self) -> char {
        super::Geometry::symbol(self.get())
    }

    pub(crate) fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    /// The digit's [symbol](Digit::symbol), as the grid shows it: `7`, and `E` for 14 on a
    /// 16×16, so that a step's sentence reads against the picture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.symbol(), f)
    }
}

bitflags::bitflags! {
    /// A set of digits: the candidates of a cell, the digits a house holds.
    ///
    /// One bit a digit, 1 to 25. The classic grid's nine are named, so that `iter()` yields
    /// them in order; [`Digits::digits`] iterates any set as [`Digit`]s. `Digits::all()` and
    /// `!set` are the classic grid's nine digits and the complement within them (bitflags'
    /// `!` truncates to the named bits); on a grid of side N, [`Digits::up_to`] is every value
    /// and `Digits::up_to(n) - set` the complement.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct Digits: u32 {
        /// 1
        const D1 = 1 << 0;
        /// 2
        const D2 = 1 << 1;
        /// 3
        const D3 = 1 << 2;
        /// 4
        const D4 = 1 << 3;
        /// 5
        const D5 = 1 << 4;
        /// 6
        const D6 = 1 << 5;
        /// 7
        const D7 = 1 << 6;
        /// 8
        const D8 = 1 << 7;
        /// 9
        const D9 = 1 << 8;
    }
}

impl Digits {
    /// The digits 1 to `side` (at most 25).
    ///
    /// ```
    /// use backtrack::sudoku::Digits;
    /// assert_eq!(Digits::up_to(9), Digits::all());
    /// assert_eq!((Digits::up_to(16) - Digits::D1).count(), 15);
    /// assert_eq!(Digits::up_to(16).to_string(), "123456789ABCDEFG");
    /// ```
    pub fn up_to(side: usize) -> Digits {
        Digits::from_bits_retain((1u32 << side.min(MAX_SIDE)) - 1)
    }

    /// The digits of the set as [`Digit`]s, smallest first; the iterator knows its length.
    ///
    /// ```
    /// use backtrack::sudoku::{Digit, Digits};
    /// let set = Digits::D2 | Digits::D7;
    /// assert_eq!(set.digits().map(Digit::get).collect::<Vec<_>>(), [2, 7]);
    /// assert_eq!(set.digits().len(), 2);
    /// assert_eq!((!set).count(), 7);
    /// ```
    pub fn digits(self) -> DigitIter {
        DigitIter(Ones(u64::from(self.bits())))
    }

    /// How many digits the set holds.
    pub fn count(self) -> usize {
        self.bits().count_ones() as usize
    }

    /// The one digit of a set of one, or `None`.
    pub fn single(self) -> Option<Digit> {
        // One bit. (`is_power_of_two` is a count of the bits, but the compiler makes it "not
        // empty, and empty once the lowest bit is out": three instructions on any x86-64.)
        let bits = self.bits();
        bits.is_power_of_two().then(|| Digit::new(bits.trailing_zeros() as u8 + 1))
    }

    /// Whether `d` is in the set.
    pub fn has(self, d: Digit) -> bool {
        self.contains(Digits::from(d))
    }
}

impl From<Digit> for Digits {
    fn from(d: Digit) -> Digits {
        Digits::from_bits_retain(1 << d.index())
    }
}

impl FromIterator<Digit> for Digits {
    fn from_iter<T: IntoIterator<Item = Digit>>(iter: T) -> Self {
        iter.into_iter().fold(Digits::empty(), |set, d| set | Digits::from(d))
    }
}

impl fmt::Display for Digits {
    /// The digits' symbols run together, `{1,7,9}` as `179`, `{1,10,16}` as `1AG`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.digits().try_for_each(|d| write!(f, "{}", d.symbol()))
    }
}

/// The digits of a [`Digits`] set, smallest first.
#[derive(Clone, Debug)]
pub struct DigitIter(Ones);

impl Iterator for DigitIter {
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        self.0.next().map(|bit| Digit::new(bit as u8 + 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for DigitIter {}
impl std::iter::FusedIterator for DigitIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_survives_iteration() {
        for bits in 0..512u32 {
            let set = Digits::from_bits(bits).unwrap();
            let back: Digits = set.digits().collect();
            assert_eq!(back, set);
            assert_eq!(set.digits().len(), bits.count_ones() as usize);
            assert_eq!((!set).count() + set.count(), 9);
            assert!(set.digits().is_sorted());
        }
        assert_eq!(Digits::from_bits(512), None, "only nine bits are known");
    }

    #[test]
    fn digits_are_checked() {
        assert_eq!(Digit::new_checked(0), None);
        assert_eq!(Digit::new_checked(26), None);
        assert_eq!(Digit::new_checked(25).map(Digit::symbol), Some('P'));
        assert_eq!(Digit::all().map(Digit::get).collect::<Vec<_>>(), (1..=9).collect::<Vec<_>>());
        assert_eq!(Digits::all().single(), None);
        assert_eq!(Digits::D5.single(), Some(Digit::new(5)));
    }
}
