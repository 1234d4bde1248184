//! One search cut into parts: on every core, or as shards that another engine runs.
//!
//! Glossary: a search is cut at a **depth**; the **top** is the tree down to that level, whose
//! assumptions on the last level are **leaves**; each leaf's **prefix** (the candidate numbers
//! of its assumptions, [`Assumptions::prefix`]) names the **subtree** below it. The top and the
//! subtrees are independent searches, and their counters add up to the whole search's, level by
//! level ([`Stats::add`]).
//!
//! The state of a search is not shared between threads (it lives in `Cell`s). So a part is a
//! closure of the user's that builds its own state and generators, and hands its search to the
//! [`Part`] it is given: the same closure serves one thread, many threads ([`count_parallel`])
//! and shards on many machines ([`count_shard`]).
//!
//! ```
//! use backtrack::split::{self, Shard};
//! use backtrack::{stack_assumptions, Attempt};
//! use std::cell::Cell;
//!
//! // N queens, one slot a row (as in examples/queens.rs, which has a faster board).
//! fn queens(n: usize, part: split::Part<'_>) -> backtrack::Stats {
//!     let cols: Vec<Cell<Option<usize>>> = (0..n).map(|_| Cell::new(None)).collect();
//!     let free = |row: usize, col: usize| {
//!         cols[..row].iter().enumerate().all(|(r, c)| c.get().is_none_or(|c| c != col && c.abs_diff(col) != row - r))
//!     };
//!     let generators: Vec<_> = (0..n)
//!         .map(|row| {
//!             let (cols, free) = (&cols, &free);
//!             move || {
//!                 (0..n).filter(move |&col| free(row, col)).map(move |col| {
//!                     cols[row].set(Some(col));
//!                     Attempt::new((), move |_| cols[row].set(None))
//!                 })
//!             }
//!         })
//!         .collect();
//!     part.count(stack_assumptions(&generators))
//! }
//!
//! let whole = split::count_shard(64, Shard::WHOLE, |part| queens(8, part));
//! assert_eq!((whole.solutions(), whole.nodes()), (92, 2057));
//! // Three shards, as three machines would run them: together, the same counters.
//! let mut total = backtrack::Stats::default();
//! for index in 1..=3 {
//!     let shard = Shard::new(index, 3).unwrap();
//!     total.add(&split::count_shard(shard.parts(), shard, |part| queens(8, part)));
//! }
//! assert_eq!(total, whole);
//! ```

use crate::{Assumptions, Observer, SlotOrder, Stats};

/// A candidate number on each level from 1 down: the name of a subtree.
pub type Prefix = Vec<u32>;

/// One part of a search cut at a depth: the tree above the leaves, or one subtree.
#[derive(Debug)]
pub enum Part<'a> {
    /// The tree down to `depth`; its leaves are told to `leaves`.
    Top {
        /// The level of the leaves.
        depth: usize,
        /// Where the leaves go, in the order the search meets them.
        leaves: &'a mut Leaves,
    },
    /// The subtree below one leaf.
    Below(&'a [u32]),
}

impl Part<'_> {
    /// Run `search` (a whole search, as `stack_assumptions` builds it, with any observer or
    /// order) on this part, calling `solution` at each solution (the state then holds it);
    /// the part's counters.
    pub fn run<G, I, O, S>(self, search: Assumptions<'_, G, I, O, S>, mut solution: impl FnMut()) -> Stats
    where
        G: Fn() -> I,
        I: Iterator,
        O: Observer<I::Item>,
        S: SlotOrder<G, I>,
    {
        match self {
            Part::Top { depth, leaves } => {
                let mut search = search.to_depth(depth);
                while search.next().is_some() {
                    if search.at_leaf() {
                        leaves.meet(|| search.prefix());
                    } else {
                        solution();
                    }
                }
                search.stats().clone()
            }
            Part::Below(prefix) => {
                let mut search = search.below(prefix);
                while search.next().is_some() {
                    solution();
                }
                search.stats().clone()
            }
        }
    }

    /// Count the solutions of this part of `search`; its counters.
    pub fn count<G, I, O, S>(self, search: Assumptions<'_, G, I, O, S>) -> Stats
    where
        G: Fn() -> I,
        I: Iterator,
        O: Observer<I::Item>,
        S: SlotOrder<G, I>,
    {
        match self {
            // A subtree is counted whole: by recursion ([`Assumptions::count_all`]).
            Part::Below(prefix) => {
                let mut search = search.below(prefix);
                search.count_all();
                search.stats().clone()
            }
            top => top.run(search, || ()),
        }
    }
}

/// The parts of a count's cut a shard takes, while the shards are few ([`Shard::parts`]).
pub const PARTS_A_SHARD: usize = 64;

/// The most parts a count in shards is cut into when there are more shards than
/// [`MOST_PARTS`] / [`PARTS_A_SHARD`] ([`Shard::parts`]): the top of the cut, which every shard
/// walks, stays a walk of a fraction of a second where each shard's own subtrees are small.
pub const MOST_PARTS: usize = 1 << 16;

/// Shard `index` of `count` (from 1): a deterministic share of a search's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole search, as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, or `None` unless `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (1 <= index && index <= count).then_some(Shard { index, count })
    }

    /// Its number, from 1.
    pub fn index(self) -> usize {
        self.index
    }

    /// How many shards there are.
    pub fn count(self) -> usize {
        self.count
    }

    /// How many parts a count in these shards cuts its search into ([`count_shard`], and the
    /// command line's `--count --shard`): [`PARTS_A_SHARD`] a shard, so that each shard's share
    /// evens out over many subtrees, but past 1,024 shards no more than [`MOST_PARTS`] in all,
    /// fewer a shard down to one each. Every shard walks the whole top of the cut, and 64 a
    /// shard made that top the whole cost where the shards are many: 100,000 shards of the
    /// empty 6×6 Sudoku (Dancing Links) cut at 6.4 million leaves, 19.6 s of each shard's
    /// time against milliseconds for its own subtrees; now 0.1 s (BENCHMARKS.md §7). A search
    /// that never has so many subtrees at one depth is cut where it is widest, found by
    /// walking it at each depth in turn: every shard then walks most of the search several
    /// times (the 6×6 Sudoku with its first row given, 39,168 grids counted in 23 ms, took
    /// 0.5 s a shard in 2,000 shards), so shards that outnumber a search's subtrees gain
    /// nothing.
    ///
    /// ```
    /// use backtrack::split::Shard;
    ///
    /// assert_eq!(Shard::new(1, 16).unwrap().parts(), 64 * 16);
    /// assert_eq!(Shard::new(1, 1_024).unwrap().parts(), 65_536);
    /// assert_eq!(Shard::new(1, 4_096).unwrap().parts(), 65_536);
    /// assert_eq!(Shard::new(1, 100_000).unwrap().parts(), 100_000);
    /// ```
    pub fn parts(self) -> usize {
        self.count.saturating_mul(PARTS_A_SHARD).min(MOST_PARTS).max(self.count)
    }

    /// Whether the `n`-th item of a list (from 0) is this shard's, the items dealt in turn as
    /// cards are: shard I of N takes items I - 1, I - 1 + N, ... (the lines of a batch).
    pub fn takes(self, n: usize) -> bool {
        n % self.count == self.index - 1
    }

    /// Whether the `n`-th subtree of a cut (from 0) is this shard's: dealt in turn, but back
    /// and forth (1, 2, ..., N, N, ..., 2, 1, 1, 2, ...). Neighbouring subtrees are alike, and
    /// their sizes drift along the cut; dealt one way only, the first shards would take the
    /// larger of each round every time. (Measured on pentominoes 6x10 in 16 shards, 64 subtrees
    /// each: the slowest shard 1.24 times the mean dealt one way, 1.19 back and forth; in 2 and
    /// 4 shards, 1.16 and 1.17 against 1.01 and 1.04. BENCHMARKS.md has the table.)
    pub fn takes_subtree(self, n: usize) -> bool {
        let (round, seat) = (n / self.count, n % self.count);
        let seat = if round % 2 == 0 { seat } else { self.count - 1 - seat };
        seat == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `I/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Shard, String> {
        text.split_once('/')
            .and_then(|(i, n)| Shard::new(i.trim().parse().ok()?, n.trim().parse().ok()?))
            .ok_or_else(|| "give I/N, shard I of N, with 1 <= I <= N (1/4, 2/4, 3/4, 4/4)".to_string())
    }
}

/// The leaves of the top of a cut search, as the search meets them: how many, and the
/// prefixes of those kept (a shard keeps its own only, so that a cut into millions of parts
/// holds a shard's share of them). Dancing Links' cuts keep theirs here too, with prefixes of
/// their own kind.
#[derive(Debug)]
pub struct Leaves<P = Prefix> {
    met: usize,
    /// The shard whose leaves are kept; every leaf is, without one.
    shard: Option<Shard>,
    kept: Vec<P>,
}

impl<P> Default for Leaves<P> {
    fn default() -> Leaves<P> {
        Leaves::of(None)
    }
}

impl<P> Leaves<P> {
    /// Every leaf kept (to run a top of one's own: `Part::Top { depth: usize::MAX, leaves:
    /// &mut Leaves::new() }` is the whole search).
    pub fn new() -> Leaves<P> {
        Leaves::default()
    }

    /// The leaves of `shard` kept (every one without a shard).
    pub(crate) fn of(shard: Option<Shard>) -> Leaves<P> {
        Leaves { met: 0, shard, kept: Vec::new() }
    }

    /// The prefixes of the leaves kept, in the order met.
    pub fn kept(&self) -> &[P] {
        &self.kept
    }

    /// A leaf met, whose prefix `prefix` gives if it is kept.
    pub fn meet(&mut self, prefix: impl FnOnce() -> P) {
        if self.shard.is_none_or(|shard| shard.takes_subtree(self.met)) {
            self.kept.push(prefix());
        }
        self.met += 1;
    }

    /// How many leaves were met, and the prefixes of those kept.
    pub(crate) fn into_parts(self) -> (usize, Vec<P>) {
        (self.met, self.kept)
    }
}

/// The top of the search at the shallowest depth that gives at least `parts` leaves, with its
/// counters and its leaves. Every caller that asks for the same number of parts gets the same
/// cut, so shards run apart agree on it.
pub fn cut(parts: usize, search: impl Fn(Part<'_>) -> Stats) -> (Stats, Vec<Prefix>) {
    cut_keeping(parts, None, search)
}

/// [`cut`], keeping the leaves of `shard` only (all without one): the top's counters, and
/// the prefixes of the leaves kept.
fn cut_keeping(
    parts: usize,
    shard: Option<Shard>,
    search: impl Fn(Part<'_>) -> Stats,
) -> (Stats, Vec<Prefix>) {
    cut_at_depth(parts, 1, |depth| {
        let mut leaves = Leaves::of(shard);
        let top = search(Part::Top { depth, leaves: &mut leaves });
        let (met, kept) = leaves.into_parts();
        // No leaves: the search is shallower than the depth.
        let end = if met == 0 { Tried::Bottom } else { Tried::Deeper };
        (end, met, (top, kept))
    })
}

/// How the top of a search at one depth ended, for [`cut_at_depth`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tried {
    /// A deeper top may have more leaves.
    Deeper,
    /// No deeper top has more leaves (the search ends at this depth or above).
    Bottom,
    /// A bound stopped it: it is the cut, as far as it got.
    Stopped,
}

/// The rule every cut follows (the driver's, Dancing Links', the Sudoku engine's): the top at
/// the shallowest depth from `first` with at least `parts` leaves, or, for a search that never
/// has so many, the widest (the shallowest of the widest); a top that a bound stopped at once.
/// `top(depth)` walks the top down to `depth`: how it ended, how many leaves, and the cut it
/// makes. Every caller that asks for the same number of parts gets the same cut, so shards run
/// apart agree on it.
pub(crate) fn cut_at_depth<T>(
    parts: usize,
    first: usize,
    mut top: impl FnMut(usize) -> (Tried, usize, T),
) -> T {
    // A small search never has `parts` leaves at any depth, and is cut where it is widest
    // (cut past its depth, it would all be top, in shard 1).
    let mut widest: Option<(usize, T)> = None;
    for depth in first.. {
        let (end, leaves, cut) = top(depth);
        if leaves >= parts || end == Tried::Stopped {
            return cut;
        }
        let wider = widest.as_ref().is_none_or(|(most, _)| leaves > *most);
        if end == Tried::Bottom {
            return match widest {
                Some((_, widest)) if !wider => widest,
                _ => cut,
            };
        }
        if wider {
            widest = Some((leaves, cut));
        }
    }
    unreachable!("a search is cut at some depth")
}

/// Count shard `shard` of a search: the search is cut where it has at least `parts` leaves
/// ([`cut`]), the leaves are dealt back and forth ([`Shard::takes_subtree`]), and the first shard counts the
/// top too. The shards' counters add up to the whole search's. More parts balance the shards
/// better and cost a larger top, searched by every shard ([`Shard::parts`] is the command
/// line's choice: 64 a shard, no more than 65,536 in all, or one a shard past 65,536
/// shards). The shard keeps its own leaves only.
pub fn count_shard(parts: usize, shard: Shard, search: impl Fn(Part<'_>) -> Stats) -> Stats {
    let (top, leaves) = cut_keeping(parts, Some(shard), &search);
    let mut total = if shard.index == 1 { top } else { Stats::default() };
    for prefix in &leaves {
        total.add(&search(Part::Below(prefix)));
    }
    total
}

/// What a shard is a part of: the run, named by what it searched (the command with its
/// options, and a hash of its input if it read one). Every shard's summary carries it, and
/// `backtrack merge` refuses shards of different runs, saying what differs: the shards of
/// `queens 8` are not to be added to those of `queens 9`, nor a batch's to another batch's.
///
/// ```
/// use backtrack::split::Run;
///
/// let a = Run::new("cover --count").input(b"x1 x2\nx1\nx2\n");
/// let b = Run::new("cover --count").input(b"x1 x2\nx1 x2\n");
/// assert_ne!(a, b);
/// assert_eq!(a.to_string(), "cover --count, input 049984447cf244e3");
/// // The hash is 64-bit FNV-1a: its published value for "a".
/// assert_eq!(Run::new("").input(b"a").input_text().unwrap(), "af63dc4c8601ec8c");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    command: String,
    input: Option<u64>,
}

impl Run {
    /// A run of `command` (the program and the options that shape the search, the shard
    /// left out), on no input.
    pub fn new(command: impl Into<String>) -> Run {
        Run { command: command.into(), input: None }
    }

    /// The same run, on the input `bytes`.
    #[must_use]
    pub fn input(self, bytes: &[u8]) -> Run {
        let mut hash = InputHash::new();
        hash.write(bytes);
        self.input_hash(hash.finish())
    }

    /// The same run, on an input whose [`InputHash`] is `hash` (an input read as a stream).
    #[must_use]
    pub fn input_hash(self, hash: u64) -> Run {
        Run { input: Some(hash), ..self }
    }

    /// The command.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The input's hash, as 16 hexadecimal digits.
    pub fn input_text(&self) -> Option<String> {
        self.input.map(|h| format!("{h:016x}"))
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.command)?;
        if let Some(input) = self.input_text() {
            write!(f, ", input {input}")?;
        }
        Ok(())
    }
}

/// The hash of an input, fed as it is read: 64-bit FNV-1a, the same on every machine and
/// every build (`std`'s hasher promises neither), so that shards run anywhere compare.
#[derive(Clone, Copy, Debug)]
pub struct InputHash(u64);

impl InputHash {
    /// The hash of nothing yet.
    pub fn new() -> InputHash {
        InputHash(0xcbf2_9ce4_8422_2325)
    }

    /// Feed `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of what was fed.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for InputHash {
    fn default() -> InputHash {
        InputHash::new()
    }
}

/// A shard's counters as the line of JSON that `backtrack merge` adds up: `{"summary":
/// {"shard": "I/N", "run": ..., "input": ..., "solutions": ..., "nodes": ..., "dead_ends":
/// ..., "profile": [...], "stopped": 0 or 1}}` (`run` and `input`: the [`Run`] it is a part
/// of; `stopped`: a budget ended the shard early, its counts are a lower bound).
///
/// ```
/// use backtrack::split::{shard_summary, Run, Shard};
///
/// let run = Run::new("queens 8");
/// let line = shard_summary(&run, Shard::new(2, 4).unwrap(), &backtrack::Stats::default(), false);
/// assert_eq!(
///     line,
///     r#"{"summary":{"shard":"2/4","run":"queens 8","solutions":0,"nodes":0,"dead_ends":0,"profile":[],"stopped":0}}"#
/// );
/// ```
pub fn shard_summary(run: &Run, shard: Shard, stats: &Stats, stopped: bool) -> String {
    let profile: Vec<String> = stats.profile().iter().map(u64::to_string).collect();
    let input = run.input_text().map_or(String::new(), |h| format!(r#","input":"{h}""#));
    format!(
        r#"{{"summary":{{"shard":"{shard}","run":{}{input},"solutions":{},"nodes":{},"dead_ends":{},"profile":[{}],"stopped":{}}}}}"#,
        json_string(run.command()),
        stats.solutions(),
        stats.nodes(),
        stats.dead_ends(),
        profile.join(","),
        u8::from(stopped)
    )
}

/// `text` as a JSON string, quoted and escaped.
fn json_string(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Count a search on `threads` threads (0: one a core): cut where it has 64 leaves a thread,
/// each subtree searched on a thread of its own, with its own state. The counters are those
/// of the search run on one thread, exactly.
#[cfg(feature = "parallel")]
pub fn count_parallel(threads: usize, search: impl Fn(Part<'_>) -> Stats + Sync) -> Stats {
    use rayon::prelude::*;
    let threads = if threads == 0 { rayon::current_num_threads() } else { threads };
    let (mut total, leaves) = cut(64 * threads, &search);
    let below = |prefix: &Prefix| search(Part::Below(prefix));
    let parts: Vec<Stats> = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| leaves.par_iter().map(below).collect()),
        Err(_) => leaves.iter().map(below).collect(),
    };
    for part in &parts {
        total.add(part);
    }
    total
}

/// Run `work` on this thread and on up to `threads - 1` others (as many as can be started),
/// until each returns; a panic in one is raised again here.
pub(crate) fn on_threads(threads: usize, work: impl Fn() + Sync) {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, &work).ok())
            .collect();
        work();
        for helper in helpers {
            helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::{Tried, cut_at_depth};

    /// The depth `cut_at_depth` takes on a search whose tops have `widths` leaves at depths 1,
    /// 2, ... (no leaves past them), with the depths it walked.
    fn cut_of(widths: &[usize], parts: usize) -> (usize, Vec<usize>) {
        let mut walked = Vec::new();
        let depth = cut_at_depth(parts, 1, |depth| {
            walked.push(depth);
            let leaves = widths.get(depth - 1).copied().unwrap_or(0);
            (if leaves == 0 { Tried::Bottom } else { Tried::Deeper }, leaves, depth)
        });
        (depth, walked)
    }

    #[test]
    fn a_cut_is_the_shallowest_with_enough_leaves_else_the_first_of_the_widest() {
        // Enough: the first depth with `parts`, walked no deeper.
        assert_eq!(cut_of(&[3, 9, 5, 12], 4), (2, vec![1, 2]));
        assert_eq!(cut_of(&[3, 9, 5, 12], 10), (4, vec![1, 2, 3, 4]));
        // Never enough: the widest, the shallowest of a tie, once the search has ended.
        assert_eq!(cut_of(&[3, 9, 5, 9], 100), (2, vec![1, 2, 3, 4, 5]));
        assert_eq!(cut_of(&[2], 100), (1, vec![1, 2]));
        // No leaves at all: the first depth, all top.
        assert_eq!(cut_of(&[], 100), (1, vec![1]));
        // A top stopped by a bound is the cut, as far as it got.
        let stopped =
            cut_at_depth(100, 1, |depth| (if depth == 3 { Tried::Stopped } else { Tried::Deeper }, 7, depth));
        assert_eq!(stopped, 3);
    }
}
