//! Predicting the size of a search before running it: Knuth's random probes.
//!
//! Knuth, "Estimating the efficiency of backtrack programs" (Mathematics of Computation, 1975):
//! walk one random path from the root, choosing uniformly among the candidates at each level.
//! If the levels offer d1, d2, … candidates along the path, then
//! 1 + d1 + d1·d2 + d1·d2·d3 + … is an unbiased estimate of the number of nodes of the whole
//! tree, and d1·d2·…·dn (when the path reaches a solution) an unbiased estimate of the number of
//! solutions. The mean over many probes converges on the true sizes.

use crate::Stats;

/// The result of [`estimate`]: mean sizes over the probes.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// How many random paths were walked.
    pub probes: u64,
    /// Estimated nodes of the whole tree, the root included (as [`Stats::nodes`] counts them).
    pub nodes: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Estimated nodes on each level, the root first (as [`Stats::profile`] counts them).
    pub profile: Vec<f64>,
}

/// A small, fast, seedable random generator (SplitMix64), so that estimates are reproducible.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-shift (its tiny bias, below
    /// n / 2^64, does not matter here).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Put `items` in a random order, each order as likely (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Estimate the size of the search [`stack_assumptions`](crate::stack_assumptions) would make
/// over `generators` in the static order, from `probes` random paths.
///
/// Each probe calls the generators on the shared state as the search would, counts the
/// candidates of each level by pulling them (each assumption made and at once taken back), and
/// keeps a random one; every assumption is taken back before `estimate` returns.
///
/// With 0 probes there is nothing to estimate from: the figures are all 0, and the estimate's
/// `probes` says so.
///
/// # Examples
///
/// Eight queens: the tree has 2,057 nodes and 92 solutions.
///
/// ```
/// use backtrack::{estimate, Attempt};
/// use std::cell::Cell;
///
/// let cols: Vec<Cell<Option<usize>>> = (0..8).map(|_| Cell::new(None)).collect();
/// let free = |row: usize, col: usize| cols[..row].iter().enumerate()
///     .all(|(r, c)| c.get().is_none_or(|c| c != col && c.abs_diff(col) != row - r));
/// let generators: Vec<_> = (0..8).map(|row| {
///     let (cols, free) = (&cols, &free);
///     move || (0..8).filter(move |&c| free(row, c)).map(move |c| {
///         cols[row].set(Some(c));
///         Attempt::new(row, move |&row| cols[row].set(None))
///     })
/// }).collect();
///
/// let guess = estimate(&generators, 20_000, 1);
/// assert!((guess.nodes - 2057.0).abs() < 0.05 * 2057.0);
/// assert!((guess.solutions - 92.0).abs() < 0.15 * 92.0);
/// assert!(cols.iter().all(|c| c.get().is_none())); // the state is as it was
/// ```
pub fn estimate<G, I>(generators: &[G], probes: u64, seed: u64) -> Estimate
where
    G: Fn() -> I,
    I: Iterator,
{
    probe(generators, probes, seed, |_open| 0)
}

/// [`estimate`] for the order of [`Assumptions::fewest_first`](crate::Assumptions::fewest_first):
/// each level takes the open slot whose generator offers the fewest candidates.
pub fn estimate_fewest_first<G, I>(generators: &[G], probes: u64, seed: u64) -> Estimate
where
    G: Fn() -> I,
    I: Iterator,
{
    probe(generators, probes, seed, |open: &[usize]| {
        let mut best = (usize::MAX, 0);
        for (j, &slot) in open.iter().enumerate() {
            let n = crate::assume::promised(&generators[slot]());
            if n < best.0 {
                best = (n, j);
                if n == 0 {
                    break;
                }
            }
        }
        best.1
    })
}

/// The probes, with `choose` picking the position, among the open slots, of the next slot.
fn probe<G, I>(
    generators: &[G],
    probes: u64,
    seed: u64,
    mut choose: impl FnMut(&[usize]) -> usize,
) -> Estimate
where
    G: Fn() -> I,
    I: Iterator,
{
    let mut rng = SplitMix64::new(seed);
    let mut slots: Vec<usize> = (0..generators.len()).collect();
    let mut profile = vec![0.0; generators.len() + 1];
    let mut solutions = 0.0;
    // The assumptions along the current path, taken back last first after each probe.
    let mut path: Vec<I::Item> = Vec::with_capacity(generators.len());
    for _ in 0..probes {
        // Every probe starts from the same arrangement, so ties break the same way each time.
        for (k, slot) in slots.iter_mut().enumerate() {
            *slot = k;
        }
        let mut weight = 1.0;
        profile[0] += 1.0;
        for level in 0..generators.len() {
            let next = level + choose(&slots[level..]);
            slots.swap(level, next);
            let generator = &generators[slots[level]];
            let choices = generator().count();
            if choices == 0 {
                break;
            }
            let pick = rng.below(choices);
            // A generator called twice on the same state offers the same candidates; one that
            // does not (it reads a clock, say) just ends this probe.
            let Some(assumption) = generator().nth(pick) else { break };
            path.push(assumption);
            weight *= choices as f64;
            profile[level + 1] += weight;
            if level + 1 == generators.len() {
                solutions += weight;
            }
        }
        while let Some(assumption) = path.pop() {
            drop(assumption);
        }
    }
    if generators.is_empty() {
        solutions = probes as f64;
    }
    let n = probes.max(1) as f64;
    let profile: Vec<f64> = profile.into_iter().map(|x| x / n).collect();
    Estimate { probes, nodes: profile.iter().sum(), solutions: solutions / n, profile }
}

impl Estimate {
    /// The ratio of the estimate to the real count of a search, node for node.
    pub fn ratio_to(&self, stats: &Stats) -> f64 {
        self.nodes / stats.nodes() as f64
    }
}
