//! Bounds on a driver search: a number of nodes, a deadline, or both.

use crate::assume::{Event, Observer};
use std::cell::Cell;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// An [`Observer`] that stops a search after so many nodes or at a deadline, and remembers
/// that it did: "stopped" is then told apart from "exhausted".
///
/// Given by reference, the budget stays readable while the search holds it; combined with
/// another observer by a pair (`.observe((&budget, trace))`).
///
/// ```
/// use backtrack::{stack_assumptions, Attempt, Budget};
///
/// // Three slots of ten candidates: a tree of 1 + 10 + 100 + 1000 nodes.
/// let generators: Vec<_> = (0..3).map(|_| || (0..10).map(|v| Attempt::new(v, |_| ()))).collect();
/// let budget = Budget::nodes(50);
/// let mut search = stack_assumptions(&generators).observe(&budget);
/// let found = search.by_ref().count();
/// assert!(budget.exceeded() && search.is_stopped());
/// // The root, the 50 nodes allowed, and the 51st, where the budget stopped the search.
/// assert_eq!(search.stats().nodes(), 52);
/// assert!(found < 1000);
///
/// let enough = Budget::nodes(10_000);
/// assert_eq!(stack_assumptions(&generators).observe(&enough).count(), 1000);
/// assert!(!enough.exceeded());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    max_nodes: Option<u64>,
    max_updates: Option<u64>,
    deadline: Option<Instant>,
    nodes: Cell<u64>,
    exceeded: Cell<bool>,
}

impl Budget {
    /// No bound (until one is added).
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Stop the search at its first node past `max` (nodes are assumptions; the root is free).
    /// That node is made, seen, and taken back at once: the search's own counters count it.
    pub fn nodes(max: u64) -> Budget {
        Budget::new().max_nodes(max)
    }

    /// Also stop at the first node past `max`.
    pub fn max_nodes(mut self, max: u64) -> Budget {
        self.max_nodes = Some(max);
        self
    }

    /// Whether the budget bounds anything (nodes or time).
    pub fn is_bounded(&self) -> bool {
        self.max_nodes.is_some() || self.max_updates.is_some() || self.deadline.is_some()
    }

    /// Also stop once `time` has passed from now (checked every 1,024 nodes).
    pub fn timeout(mut self, time: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(time);
        self
    }

    /// Also stop at `deadline` (checked every 1,024 nodes).
    pub fn deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Whether the budget stopped the search.
    pub fn exceeded(&self) -> bool {
        self.exceeded.get()
    }

    /// The nodes counted so far.
    pub fn spent(&self) -> u64 {
        self.nodes.get()
    }

    /// Also stop once `max` updates are done: for the engines that count them (Dancing Links
    /// counts its link updates as Knuth's DLX1 does); the others have no updates to count.
    pub fn max_updates(mut self, max: u64) -> Budget {
        self.max_updates = Some(max);
        self
    }

    /// The bound on nodes (`u64::MAX` for none), for an engine that counts its own: the
    /// driver's assumptions, Dancing Links' nodes, the band engine's guesses, the logic
    /// solver's steps. One budget, whatever the engine; each copies its bounds when the search
    /// starts, and reports what it spent with [`spend`](Self::spend).
    pub fn node_limit(&self) -> u64 {
        self.max_nodes.unwrap_or(u64::MAX)
    }

    /// The bound on updates (`u64::MAX` for none).
    pub fn update_limit(&self) -> u64 {
        self.max_updates.unwrap_or(u64::MAX)
    }

    /// The moment to stop at, if any.
    pub fn deadline_at(&self) -> Option<Instant> {
        self.deadline
    }

    /// Note what a search that counts its own nodes spent, and whether it stopped at a bound:
    /// [`spent`](Self::spent) and [`exceeded`](Self::exceeded) then tell it.
    pub fn spend(&self, nodes: u64, exceeded: bool) {
        self.nodes.set(self.nodes.get() + nodes);
        self.exceeded.set(self.exceeded.get() || exceeded);
    }

    fn see<A>(&self, event: &Event<'_, A>) -> ControlFlow<()> {
        if let Event::Assume { .. } = event {
            let nodes = self.nodes.get() + 1;
            self.nodes.set(nodes);
            let late = nodes % 1024 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.max_nodes.is_some_and(|max| nodes > max) {
                self.exceeded.set(true);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

impl<A> Observer<A> for Budget {
    #[inline]
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()> {
        self.see(&event)
    }
}

impl<A> Observer<A> for &Budget {
    #[inline]
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()> {
        self.see(&event)
    }
}

/// Two observers: both see every event; the search stops if either asks.
impl<A, O1: Observer<A>, O2: Observer<A>> Observer<A> for (O1, O2) {
    #[inline]
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()> {
        let first = self.0.event(event);
        let second = self.1.event(event);
        if first.is_break() || second.is_break() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}
