//! The set bits of a mask, as an exact-size iterator: candidates for bitmask generators.

use std::iter::FusedIterator;

/// The positions of the set bits of a `u64`, lowest first.
///
/// Many generators compute their candidates as a bit mask (the free columns of a queen's row,
/// the free digits of a cell); `Ones` turns the mask into an iterator that knows its length, as
/// [`Assumptions::fewest_first`](crate::Assumptions::fewest_first) needs.
///
/// ```
/// use backtrack::Ones;
/// let free = Ones(0b1010_0110);
/// assert_eq!(free.len(), 4);
/// assert_eq!(free.collect::<Vec<_>>(), [1, 2, 5, 7]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ones(pub u64);

impl Iterator for Ones {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let bit = (self.0 != 0).then(|| self.0.trailing_zeros() as usize)?;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Ones {}
impl FusedIterator for Ones {}
