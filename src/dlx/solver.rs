//! Algorithm X on the dancing links: an explicit state machine, as in Knuth's DLX1.

use super::{DlxError, Matrix};

/// Counters of a search, exactly as Knuth's DLX1 counts them: `nodes` counts each entry to a
/// level (the root included) and each solution (a leaf of its own); `updates` counts each item
/// covered (even one whose list is already empty: a dead end) and each node hidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree.
    pub nodes: u64,
    /// Link updates: items covered plus nodes hidden.
    pub updates: u64,
    /// Nodes whose chosen item had no option left.
    pub dead_ends: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// Stop the search once a budget is spent; see [`Solver::budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Stop before entering a node past this many.
    pub max_nodes: u64,
    /// Stop before entering a node once this many updates are done.
    pub max_updates: u64,
    /// Stop before entering a node at or after this moment (looked at every 1,024 nodes).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_nodes: u64::MAX, max_updates: u64::MAX, deadline: None }
    }
}

/// Where the search is, between two calls (Knuth's labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Enter a new node on `level`: choose an item and cover it.
    Forward,
    /// Try the option `choice[level]` (or back up when the item's list is exhausted).
    Advance,
    /// Take back the option `choice[level]` and move to the next one.
    Recover,
    /// Exhausted, or stopped by the budget; the matrix is restored.
    Done,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running: more solutions may follow.
    Running,
    /// Every solution has been found.
    Exhausted,
    /// The [`Budget`] ran out first: there may be more solutions.
    OutOfBudget,
}

/// A search for exact covers of a [`Matrix`]: an [`Iterator`] of solutions, each the list of
/// the chosen option numbers.
///
/// It borrows the matrix mutably while the links dance, and restores it exactly when dropped,
/// at any point of the search: one matrix serves any number of searches.
///
/// [`next_solution`](Solver::next_solution) lends the solution without allocating; the
/// `Iterator` impl copies it into a `Vec`.
#[derive(Debug)]
pub struct Solver<'m> {
    matrix: &'m mut Matrix,
    /// The node chosen on each level.
    choice: Vec<u32>,
    level: usize,
    /// The item being branched on at `level` (a header index). Knuth keeps it in a variable
    /// too: when `choice[level]` comes back round to the header, the header's `item` field
    /// holds its `len`, not the item.
    best: u32,
    /// The number of levels in the solution just found.
    depth: usize,
    state: State,
    /// Options chosen before the search, by [`choose`](Solver::choose), as their first node.
    preset: Vec<u32>,
    /// The solution lent by `next_solution`: the preset options, then one option a level.
    solution: Vec<usize>,
    stats: Stats,
    budget: Budget,
    outcome: Outcome,
}

impl Matrix {
    /// A search over this matrix; see [`Solver`].
    pub fn solver(&mut self) -> Solver<'_> {
        let levels = self.primary_items() + 1;
        Solver {
            choice: vec![0; levels],
            level: 0,
            best: 0,
            depth: 0,
            state: State::Forward,
            preset: Vec::new(),
            solution: Vec::with_capacity(levels),
            stats: Stats::default(),
            budget: Budget::default(),
            outcome: Outcome::Running,
            matrix: self,
        }
    }
}

impl Solver<'_> {
    /// Choose `option` before the search: it will be part of every solution (the givens of a
    /// Sudoku).
    ///
    /// # Errors
    /// [`DlxError::Conflict`] if the option shares an item with an option already chosen,
    /// [`DlxError::NoSuchOption`] if there is no such option, and [`DlxError::SearchStarted`]
    /// once the search has begun.
    pub fn choose(&mut self, option: usize) -> Result<(), DlxError> {
        if self.stats.nodes > 0 || self.state != State::Forward {
            return Err(DlxError::SearchStarted);
        }
        let Some(&spacer) = self.matrix.option_spacer.get(option) else {
            return Err(DlxError::NoSuchOption { option, options: self.matrix.options() });
        };
        let first = spacer + 1;
        if let Some(item) = self.matrix.option_items(option).find(|&i| !self.matrix.is_active(i as u32 + 1)) {
            return Err(DlxError::Conflict { option, item });
        }
        // Cover the option's items, its own first item included.
        let header = self.matrix.nodes[first as usize].item;
        self.stats.updates += self.matrix.cover(header);
        self.stats.updates += self.matrix.cover_others(first);
        self.preset.push(first);
        Ok(())
    }

    /// Set a budget: the search stops, with [`Outcome::OutOfBudget`], before entering a node
    /// past `max_nodes` or once `max_updates` updates are done.
    pub fn budget(mut self, budget: Budget) -> Self {
        self.set_budget(budget);
        self
    }

    /// Set the budget in place; see [`budget`](Self::budget).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the search is still running, exhausted, or stopped by the budget.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Count the solutions from here on, with no allocation per solution.
    pub fn count_solutions(&mut self) -> u64 {
        let mut n = 0;
        while self.next_solution().is_some() {
            n += 1;
        }
        n
    }

    /// The next solution, lent: the chosen option numbers (preset options first, then one a
    /// level). `None` when the search is exhausted or out of budget; see
    /// [`outcome`](Self::outcome).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if self.search() {
            self.solution.clear();
            let m = &*self.matrix;
            let nodes = self.preset.iter().chain(&self.choice[..self.depth]);
            self.solution.extend(nodes.map(|&x| m.option_of(x)));
            Some(&self.solution)
        } else {
            None
        }
    }

    /// Run to the next solution (true) or to the end (false). Knuth's Algorithm X, steps
    /// X2..X8, with the levels in `choice`: no recursion.
    fn search(&mut self) -> bool {
        let m = &mut *self.matrix;
        loop {
            match self.state {
                State::Forward => {
                    if self.stats.nodes >= self.budget.max_nodes
                        || self.stats.updates >= self.budget.max_updates
                        || (self.stats.nodes % 1024 == 0
                            && self.budget.deadline.is_some_and(|d| std::time::Instant::now() >= d))
                    {
                        self.outcome = Outcome::OutOfBudget;
                        self.unwind();
                        return false;
                    }
                    self.stats.nodes += 1;
                    let Some(best) = m.choose_item() else {
                        // Only at the root, when no primary item is left to cover: the preset
                        // options (or nothing) are the one solution.
                        self.state = State::Done;
                        self.outcome = Outcome::Exhausted;
                        self.stats.solutions += 1;
                        self.depth = 0;
                        return true;
                    };
                    if m.len(best) == 0 {
                        self.stats.dead_ends += 1;
                    }
                    self.stats.updates += m.cover(best);
                    self.best = best;
                    self.choice[self.level] = m.nodes[best as usize].down;
                    self.state = State::Advance;
                }
                State::Advance => {
                    let cur = self.choice[self.level];
                    if cur == self.best {
                        // Every option of the item was tried: back up.
                        m.uncover(self.best);
                        if self.level == 0 {
                            self.state = State::Done;
                            self.outcome = Outcome::Exhausted;
                            self.unwind();
                            return false;
                        }
                        self.level -= 1;
                        self.best = m.nodes[self.choice[self.level] as usize].item;
                        self.state = State::Recover;
                        continue;
                    }
                    self.stats.updates += m.cover_others(cur);
                    if m.next[0] == 0 {
                        // Knuth's `sanity()`, in debug builds: every link still consistent.
                        debug_assert_eq!(m.sanity(), Ok(()));
                        // A solution counts as a node of its own, as in DLX1 (TAOCP 7.2.2-(4)).
                        self.stats.nodes += 1;
                        self.stats.solutions += 1;
                        self.depth = self.level + 1;
                        self.state = State::Recover;
                        return true;
                    }
                    self.level += 1;
                    self.state = State::Forward;
                }
                State::Recover => {
                    let cur = self.choice[self.level];
                    m.uncover_others(cur);
                    self.choice[self.level] = m.nodes[cur as usize].down;
                    self.state = State::Advance;
                }
                State::Done => return false,
            }
        }
    }

    /// Restore the matrix from wherever the search is: the top level as its state says, the
    /// full levels below it from the top down, then the preset options in reverse.
    fn unwind(&mut self) {
        let m = &mut *self.matrix;
        let full_levels = match self.state {
            State::Forward => self.level,
            State::Advance => {
                m.uncover(self.best);
                self.level
            }
            State::Recover => {
                let cur = self.choice[self.level];
                m.uncover_others(cur);
                m.uncover(m.nodes[cur as usize].item);
                self.level
            }
            State::Done => 0,
        };
        for &cur in self.choice[..full_levels].iter().rev() {
            m.uncover_others(cur);
            m.uncover(m.nodes[cur as usize].item);
        }
        while let Some(first) = self.preset.pop() {
            m.uncover_others(first);
            m.uncover(m.nodes[first as usize].item);
        }
        debug_assert_eq!(m.sanity(), Ok(()), "the matrix is restored");
        self.state = State::Done;
    }
}

impl Iterator for Solver<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

impl std::iter::FusedIterator for Solver<'_> {}

impl Drop for Solver<'_> {
    fn drop(&mut self) {
        if self.state != State::Done || !self.preset.is_empty() {
            self.unwind();
        }
    }
}
