//! Conflict-driven clause learning: the search that learns from its dead ends.
//!
//! A depth-first search that meets a contradiction goes back one guess and tries the next value,
//! and may meet the same contradiction again under every other choice above it. This search
//! asks *why* instead: each value it takes out or places keeps its reason (the value placed in a
//! peer, or the one place left in a house), and at a contradiction it follows the reasons back
//! to the guesses that caused it, learns a clause (these values cannot all be placed together),
//! and jumps back to the deepest guess the clause still concerns, past every guess that had no
//! part in the contradiction. It is the method of SAT solvers (GRASP, Chaff, MiniSat: the first
//! unique implication point, activities that decay, restarts, learned clauses forgotten by
//! their literal block distance, Glucose's measure; each clause shortened to one literal a
//! decision level where it can, Feng and Bacchus's all-UIP shrinking), here on the grid's own
//! constraints: the variables are "cell c holds value v", each cell holds one value and each
//! house holds each value once, and these are propagated as the engine propagates them (naked
//! and hidden singles), never written out as clauses. On a grid of houses it decides, as the depth-first
//! search guesses, in the cell or the house's value with the fewest left, its activities
//! breaking the ties ([`Learner::decide`]).
//!
//! It is what Gecode's 25×25 examples need (BENCHMARKS.md §8): puzzles with half the grid
//! open after every filter, where the depth-first search passes three million guesses and
//! this one needs five hundred to a quarter of a million contradictions.
//! [`Solutions`](super::Solutions) turns to it when its own search has spent
//! [`AFTER_GUESSES`] guesses; the solutions its search found are excluded by a clause each,
//! and each solution this one finds moves its guiding path on (the decisions that led to it,
//! whose other sides are searched in turn), so the next `next()` finds another one or proves
//! there is none, and a count holds no more for a million solutions than for one.
//!
//! Measured and not kept (§8): locked candidates as a propagator with its own reasons (as
//! many contradictions, a fifth slower), restarts of 30 to 1,000 contradictions a unit or none
//! (within a tenth of each other; 300), activities that start with the cells of fewest values.
//! On grids with relations, proving that a 9×9 jigsaw with anti-knight has no filling (§9.2:
//! CaDiCaL needs two to fourteen times fewer conflicts), restart units of 30 or 100, each
//! variable's last value decided again, and the fewest group: each as often slower as faster.
//!
//! It takes every rule the peers and neighbours express (houses, anti-knight, anti-king, cages
//! without a sum, non-consecutive); killer sums and a user's own rules keep the depth-first
//! search, which reads them.

use super::{PLACED, Tables};

/// The guesses after which the depth-first search hands over to this one: most puzzles need
/// a few guesses or none, and never pay for the clauses. Handed over at 300 rather than 2,000
/// (BENCHMARKS.md §8.3): the 25×25 puzzles that learning solves in a few thousand
/// contradictions take half the time (0.07 → 0.03 s), `mixed_rules.jsonl` 4 % less, and every
/// other set of houses is even.
pub(crate) const AFTER_GUESSES: u64 = 300;

/// The solutions the depth-first search may have found and still hand over: a search that
/// lists many solutions is not one that keeps failing, and keeps the depth-first search.
pub(crate) const KEEP_FOUND: usize = 16;

const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Why a variable took its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a fact of the root.
    Decided,
    /// False because this variable is true (a peer, or the same cell, holds the value).
    Excluded(u32),
    /// True because it is the last variable of this group not false.
    Last(u32),
    /// Implied by this learned clause (its first literal).
    Clause(u32),
}

/// What the guiding path asks of the search next ([`Learner::path_next`]).
enum PathStep {
    /// Decide this literal of the path.
    Decide(u32),
    /// A literal of the path is false: no solution holds it.
    Refuted,
    /// The path holds: the search decides for itself.
    Free,
}

/// A contradiction, as the clause that all its literals made false.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two variables true that exclude each other.
    Both(u32, u32),
    /// A group (a cell, or a value in a house) with every variable false.
    Empty(u32),
    /// A learned clause with every literal false.
    Clause(u32),
}

/// The learned clauses, one after the other in one vector (a clause read while propagating is
/// one cache line away from its watch, not two): at a clause's offset its length, its literal
/// block distance (how many decision levels its literals spanned when learned; the top bit
/// marks a clause forgotten), its activity (an `f32`'s bits), then its literals.
#[derive(Clone, Debug, Default)]
struct Arena {
    words: Vec<u32>,
    /// The offset of each clause kept.
    kept: Vec<u32>,
}

const HEADER: usize = 3;
const FORGOTTEN: u32 = 1 << 31;

impl Arena {
    fn push(&mut self, lits: &[u32], lbd: u32) -> u32 {
        let at = self.words.len() as u32;
        self.words.extend([lits.len() as u32, lbd, 0f32.to_bits()]);
        self.words.extend_from_slice(lits);
        self.kept.push(at);
        at
    }

    #[inline]
    fn lits(&self, at: u32) -> &[u32] {
        let at = at as usize;
        &self.words[at + HEADER..at + HEADER + self.words[at] as usize]
    }

    #[inline]
    fn lits_mut(&mut self, at: u32) -> &mut [u32] {
        let at = at as usize;
        let len = self.words[at] as usize;
        &mut self.words[at + HEADER..at + HEADER + len]
    }

    fn lbd(&self, at: u32) -> u32 {
        self.words[at as usize + 1] & !FORGOTTEN
    }

    fn activity(&self, at: u32) -> f32 {
        f32::from_bits(self.words[at as usize + 2])
    }

    fn set_activity(&mut self, at: u32, activity: f32) {
        self.words[at as usize + 2] = activity.to_bits();
    }
}

#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    /// A literal of the clause: when true, the clause is satisfied and is not read.
    blocker: u32,
}

/// A literal: a variable (cell × side + value) shifted left, the low bit set when negated.
#[inline]
fn pos(var: u32) -> u32 {
    var << 1
}

#[inline]
fn neg(var: u32) -> u32 {
    var << 1 | 1
}

/// The state of the search: assignments on a trail, groups with their counts of variables not
/// false, learned clauses with two watched literals each.
#[derive(Clone, Debug)]
pub(crate) struct Learner {
    side: usize,
    /// Each cell's candidates at the root (0 for a cell placed there).
    root: Vec<u32>,
    assign: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<u32>,
    /// Where each decision level starts on the trail.
    levels: Vec<usize>,
    head: usize,
    /// The groups that need one variable true: each open cell's values, each value's places in
    /// each house where it is not placed.
    group_start: Vec<u32>,
    group_vars: Vec<u32>,
    /// How many of each group's variables are not false.
    open: Vec<u32>,
    /// The groups of each variable.
    var_group_start: Vec<u32>,
    var_groups: Vec<u32>,
    clauses: Arena,
    watches: Vec<Vec<Watch>>,
    activity: Vec<f64>,
    var_inc: f64,
    clause_inc: f32,
    /// On grids with relations between cells or cages ([`Tables::cells_only`]), the variables
    /// not set, the most active on top: the decision of SAT solvers (see [`Learner::decide`]).
    heap: Option<Heap>,
    seen: Vec<bool>,
    conflicts: u64,
    restart_at: u64,
    restarts: u32,
    reduce_at: u64,
    reductions: u64,
    /// No assignment is left: every solution has been found.
    done: bool,
    /// The guiding path: once a solution is found, the literals the search takes first, in
    /// order (each a decision of its own, as MiniSat takes its assumptions), each with whether
    /// its other side is still to be searched. Its solutions are those that hold the path; the
    /// solutions before it were those of the sides already searched. So each solution is
    /// excluded by where the search stands, not by a clause kept for good: a count through the
    /// learner holds one path, however many solutions it finds (see [`Learner::found`]).
    path: Vec<(u32, bool)>,
    /// The learned clause being made, and scratch for its minimisation.
    learnt: Vec<u32>,
    /// The conflict that last counted each decision level ([`Learner::lbd`]).
    level_mark: Vec<u32>,
    stack: Vec<u32>,
    to_clear: Vec<u32>,
    scratch: Vec<u32>,
    shrinking: Shrinking,
}

/// What [`Learner::shrink`] works in, kept from one conflict to the next: the clause's
/// literals by level, the variables it marks seen, the clause it makes, and the literals of
/// lower levels a level's walk meets.
#[derive(Clone, Debug, Default)]
struct Shrinking {
    buckets: Vec<Vec<u32>>,
    marked: Vec<u32>,
    out: Vec<u32>,
    extras: Vec<u32>,
}

impl Learner {
    /// The search from the engine's state `cells` (propagated: each cell's candidates, with
    /// [`PLACED`] once placed), with the grids `excluded` (values in reading order, as
    /// [`Solutions::values`](super::Solutions::values) gives them) already found.
    pub(crate) fn new(tables: &Tables, side: usize, cells: &[u32], excluded: &[Vec<u8>]) -> Learner {
        let size = cells.len();
        let vars = size * side;
        let root: Vec<u32> = cells.iter().map(|&w| if w & PLACED != 0 { 0 } else { w }).collect();
        let mut assign = vec![FALSE; vars];
        for (cell, &word) in cells.iter().enumerate() {
            let mut bits = word & !PLACED;
            while bits != 0 {
                let value = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                assign[cell * side + value] = if word & PLACED != 0 { TRUE } else { UNSET };
            }
        }
        // The groups: each open cell, then each value's places in each house where it is open.
        let (mut group_start, mut group_vars) = (vec![0u32], Vec::new());
        for (cell, &bits) in root.iter().enumerate() {
            if bits != 0 {
                let mut left = bits;
                while left != 0 {
                    group_vars.push((cell * side + left.trailing_zeros() as usize) as u32);
                    left &= left - 1;
                }
                group_start.push(group_vars.len() as u32);
            }
        }
        for house in tables.members.chunks_exact(side) {
            let placed = house.iter().fold(0, |all, &c| {
                let word = cells[c as usize];
                if word & PLACED != 0 { all | word } else { all }
            });
            for value in 0..side {
                if placed >> value & 1 != 0 {
                    continue;
                }
                let from = group_vars.len();
                group_vars.extend(
                    house
                        .iter()
                        .filter(|&&c| root[c as usize] >> value & 1 != 0)
                        .map(|&c| (c as usize * side + value) as u32),
                );
                if group_vars.len() == from {
                    // A value with no place in a house: nothing to search.
                    group_vars.truncate(from);
                }
                group_start.push(group_vars.len() as u32);
            }
        }
        let groups = group_start.len() - 1;
        let open: Vec<u32> = (0..groups).map(|g| group_start[g + 1] - group_start[g]).collect();
        let mut counts = vec![0u32; vars + 1];
        for &var in &group_vars {
            counts[var as usize + 1] += 1;
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let var_group_start = counts.clone();
        let mut var_groups = vec![0u32; group_vars.len()];
        for g in 0..groups {
            for &var in &group_vars[group_start[g] as usize..group_start[g + 1] as usize] {
                let at = &mut counts[var as usize];
                var_groups[*at as usize] = g as u32;
                *at += 1;
            }
        }
        let activity = vec![0.0; vars];
        let heap = tables.cells_only.then(|| {
            let mut heap = Heap::new(vars);
            for (var, &a) in assign.iter().enumerate() {
                if a == UNSET {
                    heap.insert(var as u32, &activity);
                }
            }
            heap
        });
        let mut learner = Learner {
            side,
            root,
            level: vec![0; vars],
            reason: vec![Reason::Decided; vars],
            trail: Vec::new(),
            levels: Vec::new(),
            head: 0,
            group_start,
            group_vars,
            open,
            var_group_start,
            var_groups,
            clauses: Arena::default(),
            watches: vec![Vec::new(); 2 * vars],
            activity,
            var_inc: 1.0,
            clause_inc: 1.0,
            heap,
            seen: vec![false; vars],
            conflicts: 0,
            restart_at: 0,
            restarts: 0,
            reduce_at: 2_000,
            reductions: 0,
            done: false,
            path: Vec::new(),
            learnt: Vec::new(),
            level_mark: vec![u32::MAX; vars + 1],
            stack: Vec::new(),
            to_clear: Vec::new(),
            shrinking: Shrinking::default(),
            scratch: Vec::new(),
            assign,
        };
        learner.restart_at = RESTART_UNIT * luby(0);
        // A group with no variable is a contradiction; one with one variable places it.
        for g in 0..groups {
            match learner.open[g] {
                0 => learner.done = true,
                1 => {
                    let var = learner.group_vars[learner.group_start[g] as usize];
                    if learner.assign[var as usize] == UNSET {
                        learner.enqueue(pos(var), Reason::Decided);
                    }
                }
                _ => {}
            }
        }
        for grid in excluded {
            learner.exclude(grid);
        }
        if !learner.done && learner.propagate(tables).is_some() {
            learner.done = true;
        }
        learner
    }

    /// Two searches that share this one's solutions between them, each solution in one: a
    /// variable (a cell holds a value) made true at the root of the first and false at the
    /// root of the second. `None` when there is nothing left to decide.
    ///
    /// The variable is the one whose two halves draw the most between them (the product of
    /// what each sets at the root, as look-ahead SAT solvers weigh a choice), among the next
    /// decision and the [`SPLIT_TRIED`] most active variables of the groups with the fewest
    /// variables left: a variable that draws little on one side leaves that side almost the
    /// whole search, and the two threads no faster than one. (On Gecode's 25×25 examples,
    /// against the next decision alone: 81.3 s for the 18 on two threads against 90.8, the
    /// slowest 20.9 s against 26.8; BENCHMARKS.md §8.3.)
    pub(crate) fn split(&self, tables: &Tables) -> Option<(Learner, Learner)> {
        if self.done || self.decision_level() > 0 {
            return None;
        }
        let next = self.clone().decide()?;
        let base = self.trail.len();
        let mut best: Option<(usize, Learner, Learner)> = None;
        for var in std::iter::once(next).chain(self.split_candidates(next)) {
            let (mut yes, mut no) = (self.clone(), self.clone());
            yes.assume(pos(var), tables);
            no.assume(neg(var), tables);
            // A side refuted at once is no split: the other side is the whole search.
            let drawn =
                if yes.done || no.done { 0 } else { (yes.trail.len() - base) * (no.trail.len() - base) };
            if best.as_ref().is_none_or(|(most, _, _)| drawn > *most) {
                best = Some((drawn, yes, no));
            }
        }
        best.map(|(_, yes, no)| (yes, no))
    }

    /// The search split into `leaves` parts or a few more (a power of two), each part split in
    /// two in turn as [`split`](Learner::split) splits, in the order the parts are to be read:
    /// the first side of a split before the second; itself back if it cannot split at all.
    pub(crate) fn split_into(
        self: Box<Self>,
        tables: &Tables,
        leaves: usize,
    ) -> Result<Vec<Learner>, Box<Learner>> {
        let mut parts = vec![*self];
        while parts.len() < leaves {
            let mut halves = Vec::with_capacity(2 * parts.len());
            let mut split = false;
            for part in parts {
                match part.split(tables) {
                    Some((yes, no)) => {
                        halves.extend([yes, no]);
                        split = true;
                    }
                    None => halves.push(part),
                }
            }
            parts = halves;
            if !split {
                break;
            }
        }
        match parts.len() {
            1 => Err(Box::new(parts.pop().expect("one part"))),
            _ => Ok(parts),
        }
    }

    /// The most active variables not set of the groups with the fewest variables not false
    /// (two or more), `next` left out: at most [`SPLIT_TRIED`].
    fn split_candidates(&self, next: u32) -> Vec<u32> {
        let fewest = self.open.iter().copied().filter(|&open| open >= 2).min().unwrap_or(0);
        let mut vars: Vec<u32> = Vec::new();
        for (g, &open) in self.open.iter().enumerate() {
            if open == fewest {
                let (a, b) = (self.group_start[g] as usize, self.group_start[g + 1] as usize);
                vars.extend(
                    self.group_vars[a..b].iter().filter(|&&v| self.assign[v as usize] == UNSET && v != next),
                );
            }
        }
        vars.sort_unstable();
        vars.dedup();
        vars.sort_by(|&a, &b| self.activity[b as usize].total_cmp(&self.activity[a as usize]));
        vars.truncate(SPLIT_TRIED);
        vars
    }

    /// Take `lit` as a fact at the root, with what it implies.
    fn assume(&mut self, lit: u32, tables: &Tables) {
        self.enqueue(lit, Reason::Decided);
        if self.propagate(tables).is_some() {
            self.done = true;
        }
    }

    #[inline]
    fn value(&self, lit: u32) -> u8 {
        let a = self.assign[(lit >> 1) as usize];
        if a == UNSET || lit & 1 == 0 { a } else { a ^ 3 }
    }

    fn decision_level(&self) -> u32 {
        self.levels.len() as u32
    }

    /// Make `lit` true for `reason`, counting a variable made false out of its groups.
    #[inline]
    fn enqueue(&mut self, lit: u32, reason: Reason) {
        let var = (lit >> 1) as usize;
        debug_assert_eq!(self.assign[var], UNSET);
        self.assign[var] = if lit & 1 == 0 { TRUE } else { FALSE };
        self.level[var] = self.decision_level();
        self.reason[var] = reason;
        self.trail.push(lit);
        if lit & 1 != 0 {
            for &g in
                &self.var_groups[self.var_group_start[var] as usize..self.var_group_start[var + 1] as usize]
            {
                self.open[g as usize] -= 1;
            }
        }
    }

    /// Undo every assignment above decision level `level`.
    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let from = self.levels[level as usize];
        for i in (from..self.trail.len()).rev() {
            let lit = self.trail[i];
            let var = (lit >> 1) as usize;
            if lit & 1 != 0 {
                for &g in &self.var_groups
                    [self.var_group_start[var] as usize..self.var_group_start[var + 1] as usize]
                {
                    self.open[g as usize] += 1;
                }
            }
            self.assign[var] = UNSET;
            if let Some(heap) = &mut self.heap {
                heap.insert(var as u32, &self.activity);
            }
        }
        self.trail.truncate(from);
        self.levels.truncate(level as usize);
        self.head = from;
    }

    /// Make `var` false because `because` is true: a contradiction if it is true.
    #[inline]
    fn exclude_var(&mut self, var: u32, because: u32) -> Option<Conflict> {
        match self.assign[var as usize] {
            UNSET => {
                self.enqueue(neg(var), Reason::Excluded(because));
                None
            }
            TRUE => Some(Conflict::Both(because, var)),
            _ => None,
        }
    }

    /// Draw the consequences of the trail: a contradiction, if one is met.
    fn propagate(&mut self, tables: &Tables) -> Option<Conflict> {
        let side = self.side;
        while self.head < self.trail.len() {
            let lit = self.trail[self.head];
            self.head += 1;
            let var = lit >> 1;
            if lit & 1 == 0 {
                // True: the cell's other values, and the value in its peers (and the values
                // one apart in its neighbours, under the non-consecutive rule), are false.
                let (cell, value) = (var as usize / side, var as usize % side);
                let bit = 1u32 << value;
                let mut others = self.root[cell] & !bit;
                while others != 0 {
                    let other = others.trailing_zeros() as usize;
                    others &= others - 1;
                    if let Some(conflict) = self.exclude_var((cell * side + other) as u32, var) {
                        return Some(conflict);
                    }
                }
                let (from, to) = (tables.peer_start[cell] as usize, tables.peer_start[cell + 1] as usize);
                for &peer in &tables.peers[from..to] {
                    if self.root[peer as usize] & bit != 0 {
                        if let Some(conflict) = self.exclude_var((peer as usize * side + value) as u32, var) {
                            return Some(conflict);
                        }
                    }
                }
                let (from, to) =
                    (tables.adjacent_start[cell] as usize, tables.adjacent_start[cell + 1] as usize);
                for &next in &tables.adjacent[from..to] {
                    let mut near = (bit << 1 | bit >> 1) & self.root[next as usize];
                    while near != 0 {
                        let value = near.trailing_zeros() as usize;
                        near &= near - 1;
                        if let Some(conflict) = self.exclude_var((next as usize * side + value) as u32, var) {
                            return Some(conflict);
                        }
                    }
                }
            } else {
                // False: a group left with one variable not false places it.
                let (from, to) = (
                    self.var_group_start[var as usize] as usize,
                    self.var_group_start[var as usize + 1] as usize,
                );
                for i in from..to {
                    let g = self.var_groups[i] as usize;
                    match self.open[g] {
                        0 => return Some(Conflict::Empty(g as u32)),
                        1 => {
                            let (a, b) = (self.group_start[g] as usize, self.group_start[g + 1] as usize);
                            let last = self.group_vars[a..b]
                                .iter()
                                .copied()
                                .find(|&v| self.assign[v as usize] != FALSE)
                                .expect("a group with one variable not false");
                            if self.assign[last as usize] == UNSET {
                                self.enqueue(pos(last), Reason::Last(g as u32));
                            }
                        }
                        _ => {}
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(lit ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Read the learned clauses that watch `false_lit`, which has just become false.
    fn propagate_clauses(&mut self, false_lit: u32) -> Option<Conflict> {
        let mut watches = std::mem::take(&mut self.watches[false_lit as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < watches.len() {
            let watch = watches[i];
            i += 1;
            if self.value(watch.blocker) == TRUE {
                watches[j] = watch;
                j += 1;
                continue;
            }
            let lits = self.clauses.lits_mut(watch.clause);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            if first != watch.blocker && self.value(first) == TRUE {
                watches[j] = Watch { clause: watch.clause, blocker: first };
                j += 1;
                continue;
            }
            // Another literal not false to watch instead.
            let mut moved = false;
            let len = self.clauses.lits(watch.clause).len();
            for k in 2..len {
                let lit = self.clauses.lits(watch.clause)[k];
                if self.value(lit) != FALSE {
                    self.clauses.lits_mut(watch.clause).swap(1, k);
                    self.watches[lit as usize].push(Watch { clause: watch.clause, blocker: first });
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            watches[j] = watch;
            j += 1;
            if self.value(first) == FALSE {
                conflict = Some(Conflict::Clause(watch.clause));
                while i < watches.len() {
                    watches[j] = watches[i];
                    j += 1;
                    i += 1;
                }
            } else {
                self.enqueue(first, Reason::Clause(watch.clause));
            }
        }
        watches.truncate(j);
        self.watches[false_lit as usize] = watches;
        conflict
    }

    /// The literals of a reason or conflict other than `skip` (all of them false), into
    /// `scratch`.
    fn reason_lits(&mut self, reason: Reason, skip: Option<u32>) {
        self.scratch.clear();
        match reason {
            Reason::Decided => {}
            Reason::Excluded(var) => self.scratch.push(neg(var)),
            Reason::Last(g) => {
                let (a, b) =
                    (self.group_start[g as usize] as usize, self.group_start[g as usize + 1] as usize);
                self.scratch
                    .extend(self.group_vars[a..b].iter().filter(|&&v| Some(v) != skip).map(|&v| pos(v)));
            }
            Reason::Clause(id) => {
                let lits = self.clauses.lits(id);
                self.scratch.extend(lits.iter().copied().filter(|&l| Some(l >> 1) != skip));
            }
        }
    }

    fn conflict_lits(&mut self, conflict: Conflict) {
        match conflict {
            Conflict::Both(a, b) => {
                self.scratch.clear();
                self.scratch.extend([neg(a), neg(b)]);
            }
            Conflict::Empty(g) => self.reason_lits(Reason::Last(g), None),
            Conflict::Clause(id) => self.reason_lits(Reason::Clause(id), None),
        }
    }

    fn bump_var(&mut self, var: u32) {
        let a = &mut self.activity[var as usize];
        *a += self.var_inc;
        if *a > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        if let Some(heap) = &mut self.heap {
            heap.increase(var, &self.activity);
        }
    }

    fn bump_clause(&mut self, id: u32) {
        let activity = self.clauses.activity(id) + self.clause_inc;
        self.clauses.set_activity(id, activity);
        if activity > 1e20 {
            for i in 0..self.clauses.kept.len() {
                let at = self.clauses.kept[i];
                self.clauses.set_activity(at, self.clauses.activity(at) * 1e-20);
            }
            self.clause_inc *= 1e-20;
        }
    }

    /// The first unique implication point's clause of `conflict` into `learnt` (its asserting
    /// literal first), and the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> u32 {
        let level = self.decision_level();
        self.learnt.clear();
        self.learnt.push(0);
        let mut paths = 0;
        let mut index = self.trail.len();
        let implied;
        self.conflict_lits(conflict);
        if let Conflict::Clause(id) = conflict {
            self.bump_clause(id);
        }
        loop {
            let lits = std::mem::take(&mut self.scratch);
            for &lit in &lits {
                let var = lit >> 1;
                if !self.seen[var as usize] && self.level[var as usize] > 0 {
                    self.seen[var as usize] = true;
                    self.bump_var(var);
                    if self.level[var as usize] >= level {
                        paths += 1;
                    } else {
                        self.learnt.push(lit);
                    }
                }
            }
            self.scratch = lits;
            // The newest literal of the trail that takes part.
            loop {
                index -= 1;
                if self.seen[(self.trail[index] >> 1) as usize] {
                    break;
                }
            }
            let lit = self.trail[index];
            let var = lit >> 1;
            self.seen[var as usize] = false;
            paths -= 1;
            if paths == 0 {
                implied = lit;
                break;
            }
            let reason = self.reason[var as usize];
            if let Reason::Clause(id) = reason {
                self.bump_clause(id);
            }
            self.reason_lits(reason, Some(var));
        }
        self.learnt[0] = implied ^ 1;
        // Minimise: a literal whose reason's literals are all in the clause (or implied by
        // them, recursively) adds nothing.
        self.to_clear.clear();
        self.to_clear.extend(self.learnt[1..].iter().map(|&l| l >> 1));
        let mut keep = 1;
        for i in 1..self.learnt.len() {
            let lit = self.learnt[i];
            if matches!(self.reason[(lit >> 1) as usize], Reason::Decided) || !self.redundant(lit >> 1) {
                self.learnt[keep] = lit;
                keep += 1;
            }
        }
        self.learnt.truncate(keep);
        for i in 0..self.to_clear.len() {
            self.seen[self.to_clear[i] as usize] = false;
        }
        self.shrink();
        // Jump back to the deepest level of the other literals, which goes second.
        if self.learnt.len() == 1 {
            return 0;
        }
        let mut deepest = 1;
        for i in 2..self.learnt.len() {
            if self.level[(self.learnt[i] >> 1) as usize] > self.level[(self.learnt[deepest] >> 1) as usize] {
                deepest = i;
            }
        }
        self.learnt.swap(1, deepest);
        self.level[(self.learnt[1] >> 1) as usize]
    }

    /// All-UIP shrinking (Feng and Bacchus, "Clause size reduction with all-UIP learning",
    /// SAT 2020): the literals of each level below the conflict's, if two or more, are
    /// replaced by that level's unique implication point (the one literal of the level all of
    /// them follow from), when following their reasons back within the level meets no literal
    /// of a level the clause does not hold already (those it meets of such levels join the
    /// clause). The clause says which choices of each level led to the conflict in one literal
    /// a level where it can. Measured on Gecode's 25×25 puzzles (BENCHMARKS.md §8.3): a third
    /// fewer contradictions, 106 s → 61 s for the 18 on one thread. Replacing
    /// only where the clause gets shorter, as the paper does, was slower here (44.6 s against
    /// 38.6 s on puzzles 1, 8, 9 and 10).
    fn shrink(&mut self) {
        let top = self.decision_level() as usize;
        // The scratch vectors of the last conflict, emptied: nothing allocated a conflict.
        let Shrinking { mut buckets, mut marked, mut out, mut extras } = std::mem::take(&mut self.shrinking);
        buckets.iter_mut().for_each(Vec::clear);
        if buckets.len() <= top {
            buckets.resize(top + 1, Vec::new());
        }
        marked.clear();
        out.clear();
        for &lit in &self.learnt[1..] {
            let var = lit >> 1;
            buckets[self.level[var as usize] as usize].push(lit);
            self.seen[var as usize] = true;
            marked.push(var);
        }
        out.push(self.learnt[0]);
        for level in (1..top).rev() {
            let set = &buckets[level];
            if set.len() < 2 {
                out.extend_from_slice(set);
                continue;
            }
            let (start, end) =
                (self.levels[level - 1], self.levels.get(level).copied().unwrap_or(self.trail.len()));
            let mut pending = set.len();
            let mut uip = None;
            extras.clear();
            let mut index = end;
            'walk: while index > start {
                index -= 1;
                let lit = self.trail[index];
                let var = lit >> 1;
                if !self.seen[var as usize] {
                    continue;
                }
                if pending == 1 {
                    uip = Some(lit);
                    break;
                }
                pending -= 1;
                let reason = self.reason[var as usize];
                self.reason_lits(reason, Some(var));
                for k in 0..self.scratch.len() {
                    let u = self.scratch[k];
                    let uvar = u >> 1;
                    let lv = self.level[uvar as usize] as usize;
                    if lv == 0 || self.seen[uvar as usize] {
                        continue;
                    }
                    if lv == level {
                        pending += 1;
                    } else if !buckets[lv].is_empty() {
                        extras.push(u);
                    } else {
                        break 'walk;
                    }
                    self.seen[uvar as usize] = true;
                    marked.push(uvar);
                }
            }
            match uip {
                Some(uip) => {
                    out.push(uip ^ 1);
                    for &e in &extras {
                        buckets[self.level[(e >> 1) as usize] as usize].push(e);
                    }
                }
                None => {
                    out.extend_from_slice(&buckets[level]);
                    for &e in &extras {
                        self.seen[(e >> 1) as usize] = false;
                    }
                }
            }
        }
        for &var in &marked {
            self.seen[var as usize] = false;
        }
        std::mem::swap(&mut self.learnt, &mut out);
        self.shrinking = Shrinking { buckets, marked, out, extras };
    }

    /// Whether `var`'s literal in the clause follows from the clause's other literals.
    fn redundant(&mut self, var: u32) -> bool {
        self.stack.clear();
        self.stack.push(var);
        let top = self.to_clear.len();
        while let Some(v) = self.stack.pop() {
            let reason = self.reason[v as usize];
            self.reason_lits(reason, Some(v));
            for k in 0..self.scratch.len() {
                let u = self.scratch[k] >> 1;
                if self.seen[u as usize] || self.level[u as usize] == 0 {
                    continue;
                }
                if matches!(self.reason[u as usize], Reason::Decided) {
                    for &w in &self.to_clear[top..] {
                        self.seen[w as usize] = false;
                    }
                    self.to_clear.truncate(top);
                    return false;
                }
                self.seen[u as usize] = true;
                self.to_clear.push(u);
                self.stack.push(u);
            }
        }
        true
    }

    /// Watch the first two literals of the clause at `at` (it has two at least).
    fn watch(&mut self, at: u32) {
        let lits = self.clauses.lits(at);
        let (a, b) = (lits[0], lits[1]);
        self.watches[a as usize].push(Watch { clause: at, blocker: b });
        self.watches[b as usize].push(Watch { clause: at, blocker: a });
    }

    /// Exclude the grid `values` from the solutions to come: a clause that one of its open
    /// cells holds another value. Made at the root.
    fn exclude(&mut self, values: &[u8]) {
        self.cancel_until(0);
        let side = self.side;
        let mut lits: Vec<u32> = Vec::new();
        for (cell, &value) in values.iter().enumerate() {
            if self.root[cell] == 0 || value == 0 {
                continue;
            }
            let var = (cell * side + value as usize - 1) as u32;
            match self.value(neg(var)) {
                TRUE => return,
                FALSE => {}
                _ => lits.push(neg(var)),
            }
        }
        match lits.len() {
            0 => self.done = true,
            1 => self.enqueue(lits[0], Reason::Decided),
            _ => {
                let at = self.clauses.push(&lits, 0);
                self.watch(at);
            }
        }
    }

    /// Forget half of the learned clauses, the least useful first (the most levels, then the
    /// least active), keeping those that are reasons now and those of two levels or fewer;
    /// then pack the arena and watch the clauses kept again.
    fn reduce(&mut self) {
        let locked = |this: &Learner, at: u32| {
            let first = this.clauses.lits(at)[0];
            this.value(first) == TRUE
                && matches!(this.reason[(first >> 1) as usize], Reason::Clause(r) if r == at)
        };
        let mut candidates: Vec<u32> = self
            .clauses
            .kept
            .iter()
            .copied()
            .filter(|&at| self.clauses.lbd(at) > 2 && !locked(self, at))
            .collect();
        candidates.sort_by(|&a, &b| {
            let c = &self.clauses;
            c.lbd(b).cmp(&c.lbd(a)).then(c.activity(a).total_cmp(&c.activity(b)))
        });
        for &at in &candidates[..candidates.len() / 2] {
            self.clauses.words[at as usize + 1] |= FORGOTTEN;
        }
        // Pack: each clause kept moves down; a reason follows its clause.
        let mut packed = Arena::default();
        let mut moved: Vec<(u32, u32)> = Vec::new();
        let old = std::mem::take(&mut self.clauses);
        for &at in &old.kept {
            if old.words[at as usize + 1] & FORGOTTEN != 0 {
                continue;
            }
            let to = packed.push(old.lits(at), old.lbd(at));
            packed.set_activity(to, old.activity(at));
            moved.push((at, to));
        }
        for &lit in &self.trail {
            let var = (lit >> 1) as usize;
            if let Reason::Clause(at) = self.reason[var] {
                let i = moved.binary_search_by_key(&at, |&(from, _)| from).expect("a reason is kept");
                self.reason[var] = Reason::Clause(moved[i].1);
            }
        }
        self.clauses = packed;
        for list in &mut self.watches {
            list.clear();
        }
        for i in 0..self.clauses.kept.len() {
            self.watch(self.clauses.kept[i]);
        }
    }

    /// Search on to the next full grid, written into `cells` as the engine's words: `None` when
    /// there is none left, `Some(false)` when the budget stops it first.
    pub(crate) fn next(
        &mut self,
        tables: &Tables,
        cells: &mut [u32],
        stats: &mut super::Stats,
        budget: &super::Limits,
    ) -> Option<bool> {
        if self.done {
            return None;
        }
        loop {
            if let Some(conflict) = self.propagate(tables) {
                self.conflicts += 1;
                stats.dead_ends += 1;
                if self.decision_level() == 0 {
                    self.done = true;
                    return None;
                }
                let back = self.analyze(conflict);
                let lbd = self.lbd();
                self.cancel_until(back);
                let first = self.learnt[0];
                if self.learnt.len() == 1 {
                    self.enqueue(first, Reason::Decided);
                } else {
                    let id = self.clauses.push(&self.learnt, lbd);
                    self.watch(id);
                    self.enqueue(first, Reason::Clause(id));
                }
                self.var_inc /= 0.98;
                self.clause_inc /= 0.999;
                continue;
            }
            if self.conflicts >= self.restart_at {
                self.restarts += 1;
                self.restart_at = self.conflicts + RESTART_UNIT * luby(self.restarts);
                self.cancel_until(0);
            }
            if self.conflicts >= self.reduce_at {
                self.reductions += 1;
                self.reduce_at = self.conflicts + 2_000 + 300 * self.reductions;
                self.reduce();
            }
            let lit = match self.path_next() {
                PathStep::Decide(lit) => lit,
                PathStep::Refuted => {
                    self.backtrack_path();
                    if self.done {
                        return None;
                    }
                    continue;
                }
                PathStep::Free => match self.decide() {
                    // A decision places a value, as a guess of the depth-first search does.
                    // (Saving each variable's last value and deciding it again, as SAT solvers
                    // do, decides mostly "not this value" here, which takes little out: two to
                    // three times the contradictions on the 25×25 puzzles.)
                    Some(var) => pos(var),
                    None => {
                        self.found(cells);
                        stats.solutions += 1;
                        return Some(true);
                    }
                },
            };
            if budget.spent(stats.guesses) {
                return Some(false);
            }
            stats.guesses += 1;
            self.levels.push(self.trail.len());
            self.enqueue(lit, Reason::Decided);
        }
    }

    /// A full grid reached: written into `cells`, and the path moved on past it. The grid is
    /// what propagation makes of the path and the decisions after it, so the one grid that
    /// holds them all; the path takes those decisions and turns the deepest to its other
    /// side. It replaced a clause kept against each solution, of every open cell: a count of a
    /// 25×25 puzzle with many solutions held 3 KB a solution (232 MB at 67,458 in 30 s) and
    /// started again from the root after each; now 18 MB at 738,581 in the same 30 s
    /// (BENCHMARKS.md §8.3).
    fn found(&mut self, cells: &mut [u32]) {
        let side = self.side;
        for (cell, word) in cells.iter_mut().enumerate() {
            let value = (0..side).find(|&v| self.assign[cell * side + v] == TRUE).expect("a full grid");
            *word = 1 << value | PLACED;
        }
        // Its free decisions join the path, each with its other side to search. The path's
        // literals were all true before the first of them (each decided, or implied, ahead of
        // any free decision), so they are the levels past the deepest literal of the path.
        let first_free =
            self.path.iter().map(|&(lit, _)| self.level[(lit >> 1) as usize]).max().unwrap_or(0) as usize;
        for level in first_free..self.levels.len() {
            self.path.push((self.trail[self.levels[level]], true));
        }
        self.backtrack_path();
    }

    /// What the path asks next: its first literal not yet true, to decide; `Refuted` if one
    /// is false (no solution holds the path); `Free` when it holds, and the search decides.
    fn path_next(&self) -> PathStep {
        for &(lit, _) in &self.path {
            match self.value(lit) {
                TRUE => {}
                FALSE => return PathStep::Refuted,
                _ => return PathStep::Decide(lit),
            }
        }
        PathStep::Free
    }

    /// Move the path on to the next part of the search: the deepest literal whose other side
    /// is left is turned to it (its side is searched), the literals after it dropped; the
    /// search goes back to the level before it. Done when no literal has a side left.
    fn backtrack_path(&mut self) {
        while let Some((lit, open)) = self.path.pop() {
            if open {
                let var = (lit >> 1) as usize;
                if self.assign[var] != UNSET {
                    self.cancel_until(self.level[var].saturating_sub(1));
                }
                self.path.push((lit ^ 1, false));
                return;
            }
        }
        self.done = true;
    }

    /// The next decision, `None` when every variable is set.
    ///
    /// On a grid of houses: in the group (a cell's values, or a value's places in a house)
    /// with the fewest variables not false, two or more, the most active variable not set;
    /// among groups as small, the most active of them all. The fewest first, as the
    /// depth-first search chooses, the activities (VSIDS) breaking the ties, rather than the
    /// most active variable of the whole grid as SAT solvers decide: on Gecode's 25×25 puzzles
    /// 15 % fewer contradictions in all (up to 37 % on one, 7 % more on one), for a pass over
    /// the groups' counts at each decision (BENCHMARKS.md §8.3). Propagation has placed every
    /// group's last variable not false, and a group with one placed has no other not false
    /// (its cell's other values and its peers): a group of two or more is open, and where none
    /// is, the grid is full.
    ///
    /// Where relations between cells or cages constrain the grid beyond its groups, the
    /// groups' sizes say less, and the most active variable of all is decided, as SAT
    /// solvers do. (The groups' fewest took the hard non-consecutive puzzle of sigh's
    /// examples from 16,268 decisions to 33,306; the cells' fewest, to 30,730.)
    fn decide(&mut self) -> Option<u32> {
        if let Some(heap) = &mut self.heap {
            return loop {
                match heap.pop(&self.activity) {
                    None => break None,
                    Some(var) if self.assign[var as usize] == UNSET => break Some(var),
                    Some(_) => {}
                }
            };
        }
        let mut fewest = u32::MAX;
        let mut best: Option<(f64, u32)> = None;
        for (g, &open) in self.open.iter().enumerate() {
            if open < 2 || open > fewest {
                continue;
            }
            if open < fewest {
                fewest = open;
                best = None;
            }
            let (a, b) = (self.group_start[g] as usize, self.group_start[g + 1] as usize);
            for &var in &self.group_vars[a..b] {
                if self.assign[var as usize] == UNSET {
                    let activity = self.activity[var as usize];
                    if best.is_none_or(|(most, _)| activity > most) {
                        best = Some((activity, var));
                    }
                }
            }
        }
        debug_assert!(best.is_some() || !self.assign.contains(&UNSET), "no open group: every variable set");
        best.map(|(_, var)| var)
    }

    /// The literal block distance of the clause being learned: how many decision levels its
    /// literals span (each level marked with this conflict's number, nothing to clear).
    fn lbd(&mut self) -> u32 {
        let mark = self.conflicts as u32;
        let mut levels = 0;
        for &lit in &self.learnt {
            let level = self.level[(lit >> 1) as usize] as usize;
            if self.level_mark[level] != mark {
                self.level_mark[level] = mark;
                levels += 1;
            }
        }
        levels
    }
}

/// Variables weighed for a split besides the next decision ([`Learner::split`]).
const SPLIT_TRIED: usize = 16;

/// Conflicts in a unit of the restart sequence.
const RESTART_UNIT: u64 = 300;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, ...: the i-th restart's length in units.
fn luby(i: u32) -> u64 {
    let mut i = u64::from(i) + 1;
    loop {
        // The smallest 2^k - 1 at least i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// The variables not set, the most active on top.
#[derive(Clone, Debug)]
struct Heap {
    items: Vec<u32>,
    /// Each variable's place in `items`, `u32::MAX` when absent.
    place: Vec<u32>,
}

impl Heap {
    fn new(vars: usize) -> Heap {
        Heap { items: Vec::new(), place: vec![u32::MAX; vars] }
    }

    fn insert(&mut self, var: u32, activity: &[f64]) {
        if self.place[var as usize] != u32::MAX {
            return;
        }
        self.place[var as usize] = self.items.len() as u32;
        self.items.push(var);
        self.up(self.items.len() - 1, activity);
    }

    fn increase(&mut self, var: u32, activity: &[f64]) {
        let at = self.place[var as usize];
        if at != u32::MAX {
            self.up(at as usize, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.items.first()?;
        let last = self.items.pop().expect("not empty");
        self.place[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.place[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    fn up(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            if activity[self.items[parent] as usize] >= activity[var as usize] {
                break;
            }
            self.items[at] = self.items[parent];
            self.place[self.items[at] as usize] = at as u32;
            at = parent;
        }
        self.items[at] = var;
        self.place[var as usize] = at as u32;
    }

    fn down(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        loop {
            let child = 2 * at + 1;
            if child >= self.items.len() {
                break;
            }
            let child = if child + 1 < self.items.len()
                && activity[self.items[child + 1] as usize] > activity[self.items[child] as usize]
            {
                child + 1
            } else {
                child
            };
            if activity[self.items[child] as usize] <= activity[var as usize] {
                break;
            }
            self.items[at] = self.items[child];
            self.place[self.items[at] as usize] = at as u32;
            at = child;
        }
        self.items[at] = var;
        self.place[var as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
