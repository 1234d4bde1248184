//! The driver's observable contract: laziness, the empty case, fusing, restoring the state on
//! every way out, counters and events, and agreement with a brute-force oracle.

use backtrack::{Attempt, Event, stack_assumptions};
use itertools::Itertools;
use proptest::prelude::*;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A small constraint problem: `slots` slots with values `0..domain`, and pairs of
/// (slot, value) assignments that may not hold together.
struct Problem {
    domain: u8,
    forbidden: Vec<((usize, u8), (usize, u8))>,
    values: Vec<Cell<Option<u8>>>,
    /// Every set and free, in order, to check the unwinding order.
    log: RefCell<Vec<(bool, usize)>>,
}

impl Problem {
    fn new(slots: usize, domain: u8, forbidden: Vec<((usize, u8), (usize, u8))>) -> Self {
        let values = (0..slots).map(|_| Cell::new(None)).collect();
        Problem { domain, forbidden, values, log: RefCell::new(Vec::new()) }
    }

    fn allowed(&self, slot: usize, v: u8) -> bool {
        self.forbidden.iter().all(|&(a, b)| {
            let clash = |(s1, v1): (usize, u8), (s2, v2): (usize, u8)| {
                (s1, v1) == (slot, v) && self.values[s2].get() == Some(v2)
            };
            !clash(a, b) && !clash(b, a)
        })
    }

    fn set(&self, slot: usize, v: u8) -> Attempt<(usize, u8), impl FnOnce(&(usize, u8)) + '_> {
        assert_eq!(self.values[slot].get(), None, "slot {slot} assumed twice");
        self.values[slot].set(Some(v));
        self.log.borrow_mut().push((true, slot));
        Attempt::new((slot, v), move |&(slot, _)| {
            self.values[slot].set(None);
            self.log.borrow_mut().push((false, slot));
        })
    }

    fn snapshot(&self) -> Vec<u8> {
        self.values.iter().map(|v| v.get().expect("every slot holds a value at a solution")).collect()
    }

    fn is_clear(&self) -> bool {
        self.values.iter().all(|v| v.get().is_none())
    }
}

macro_rules! generators {
    ($p:expr) => {
        (0..$p.values.len())
            .map(|slot| {
                let p = &$p;
                move || {
                    (0..p.domain)
                        .filter(move |&v| p.allowed(slot, v))
                        .collect::<Vec<_>>()
                        .into_iter()
                        .map(move |v| p.set(slot, v))
                }
            })
            .collect::<Vec<_>>()
    };
}

#[test]
fn zero_slots_yield_one_solution() {
    let generators: Vec<fn() -> std::iter::Empty<()>> = Vec::new();
    let mut search = stack_assumptions(&generators);
    assert_eq!(search.next(), Some(()));
    assert_eq!(search.next(), None);
    assert_eq!(search.stats().solutions(), 1);
    assert_eq!(search.stats().nodes(), 1);
}

#[test]
fn building_the_search_calls_no_generator() {
    let generators = [|| -> std::iter::Empty<()> { panic!("called too early") }];
    let search = stack_assumptions(&generators);
    drop(search); // never iterated: nothing ran
    let search = stack_assumptions(&generators).fewest_first();
    drop(search);
}

#[test]
fn fused_after_exhaustion() {
    let p = Problem::new(2, 2, vec![]);
    let gens = generators!(p);
    let mut search = stack_assumptions(&gens);
    assert_eq!(search.by_ref().count(), 4);
    for _ in 0..3 {
        assert_eq!(search.next(), None);
    }
    assert!(p.is_clear());
}

#[test]
fn first_solution_uniqueness_and_count() {
    // Three slots, values 0..3, all different: 6 permutations.
    let forbidden =
        (0..3).tuple_combinations().flat_map(|(a, b)| (0..3).map(move |v| ((a, v), (b, v)))).collect();
    let p = Problem::new(3, 3, forbidden);
    let gens = generators!(p);
    let mut search = stack_assumptions(&gens);
    assert_eq!(search.next(), Some(()));
    assert_eq!(p.snapshot(), [0, 1, 2]);
    drop(search);
    assert!(p.is_clear());
    assert_eq!(stack_assumptions(&gens).take(2).count(), 2);
    assert_eq!(stack_assumptions(&gens).count(), 6);
}

/// The log must undo in exactly the reverse order of the assumptions in force.
fn assert_unwound_lifo(p: &Problem) {
    let log = p.log.borrow();
    let mut stack = Vec::new();
    for &(set, slot) in log.iter() {
        if set {
            stack.push(slot);
        } else {
            assert_eq!(stack.pop(), Some(slot), "freed out of order");
        }
    }
    assert!(stack.is_empty(), "assumptions left in force: {stack:?}");
    assert!(p.is_clear());
}

#[test]
fn dropping_after_the_first_solution_restores_the_state() {
    let p = Problem::new(5, 3, vec![]);
    let gens = generators!(p);
    let mut search = stack_assumptions(&gens);
    search.next();
    assert_eq!(search.level(), 5);
    assert_eq!(p.snapshot(), [0; 5]);
    drop(search);
    assert_unwound_lifo(&p);
}

#[test]
fn breaking_out_restores_the_state() {
    let p = Problem::new(6, 3, vec![((0, 0), (5, 0)), ((2, 1), (3, 1))]);
    let gens = generators!(p);
    let mut seen = 0;
    for () in stack_assumptions(&gens).fewest_first() {
        seen += 1;
        if seen == 17 {
            break;
        }
    }
    assert_eq!(seen, 17);
    assert_unwound_lifo(&p);
}

#[test]
fn a_panic_in_a_generator_restores_the_state() {
    let p = Problem::new(6, 2, vec![]);
    let calls = Cell::new(0);
    let gens: Vec<_> = (0..6)
        .map(|slot| {
            let (p, calls) = (&p, &calls);
            move || {
                calls.set(calls.get() + 1);
                if calls.get() == 9 {
                    panic!("generator {slot} fails");
                }
                (0..2).map(move |v| p.set(slot, v))
            }
        })
        .collect();
    let result = catch_unwind(AssertUnwindSafe(|| stack_assumptions(&gens).count()));
    assert!(result.is_err());
    assert!(p.log.borrow().len() > 5, "the search was deep when it panicked");
    assert_unwound_lifo(&p);
}

#[test]
fn a_panic_while_pulling_a_candidate_restores_the_state() {
    let p = Problem::new(4, 3, vec![]);
    let pulls = Cell::new(0);
    let gens: Vec<_> = (0..4)
        .map(|slot| {
            let (p, pulls) = (&p, &pulls);
            move || {
                (0..3).map(move |v| {
                    pulls.set(pulls.get() + 1);
                    assert!(pulls.get() < 20, "pull fails");
                    p.set(slot, v)
                })
            }
        })
        .collect();
    let result = catch_unwind(AssertUnwindSafe(|| stack_assumptions(&gens).count()));
    assert!(result.is_err());
    assert_unwound_lifo(&p);
}

#[test]
fn a_generator_is_resumed_not_recomputed() {
    // Each generator is called once per time its slot is reached from the level below.
    let p = Problem::new(3, 2, vec![]);
    let calls: Vec<Cell<u32>> = (0..3).map(|_| Cell::new(0)).collect();
    let gens: Vec<_> = (0..3)
        .map(|slot| {
            let (p, calls) = (&p, &calls);
            move || {
                calls[slot].set(calls[slot].get() + 1);
                (0..2).map(move |v| p.set(slot, v))
            }
        })
        .collect();
    assert_eq!(stack_assumptions(&gens).count(), 8);
    let calls: Vec<u32> = calls.iter().map(Cell::get).collect();
    assert_eq!(calls, [1, 2, 4]);
}

#[test]
fn events_agree_with_the_counters() {
    let p = Problem::new(5, 3, vec![((0, 0), (1, 0)), ((1, 1), (4, 2)), ((2, 2), (3, 2)), ((3, 0), (4, 0))]);
    let gens = generators!(p);
    let (mut assumes, mut takebacks, mut dead, mut sols) = (0u64, 0u64, 0u64, 0u64);
    let mut level_now = 0;
    let mut search = stack_assumptions(&gens).observe(|e: Event<'_, _>| match e {
        Event::Assume { level, .. } => {
            assert_eq!(level, level_now + 1);
            level_now = level;
            assumes += 1;
        }
        Event::TakeBack { level, .. } => {
            assert_eq!(level, level_now);
            level_now -= 1;
            takebacks += 1;
        }
        Event::DeadEnd { level, .. } => {
            assert_eq!(level, level_now);
            dead += 1
        }
        Event::Solution { level } => {
            assert_eq!(level, 5);
            sols += 1
        }
    });
    let n = search.by_ref().count() as u64;
    let stats = search.stats().clone();
    drop(search);
    assert_eq!(assumes, stats.assumptions());
    assert_eq!(takebacks, assumes, "every assumption taken back when the search ends");
    assert_eq!((dead, sols), (stats.dead_ends(), stats.solutions()));
    assert_eq!(n, sols);
}

/// Two (slot, value) assignments that may not hold together.
type Conflict = ((usize, u8), (usize, u8));

fn problem_strategy() -> impl Strategy<Value = (usize, u8, Vec<Conflict>)> {
    (0usize..6, 1u8..4).prop_flat_map(|(slots, domain)| {
        let pair = ((0..slots.max(1), 0..domain), (0..slots.max(1), 0..domain));
        (Just(slots), Just(domain), prop::collection::vec(pair, 0..10))
    })
}

proptest! {
    /// The driver finds exactly the assignments an unpruned product filtered by the rules finds,
    /// in the same (lexicographic) order; the fewest-first order finds the same set.
    #[test]
    fn agrees_with_a_brute_force_oracle((slots, domain, forbidden) in problem_strategy()) {
        let forbidden: Vec<_> = forbidden.into_iter().filter(|((a, _), (b, _))| a != b).collect();
        let ok = |vals: &[u8]| forbidden.iter().all(|&((s1, v1), (s2, v2))| !(vals[s1] == v1 && vals[s2] == v2));
        let oracle: Vec<Vec<u8>> = (0..slots).map(|_| 0..domain).multi_cartesian_product().filter(|v| ok(v)).collect();
        // multi_cartesian_product of nothing yields nothing in itertools 0.14; the nullary product is one.
        let oracle = if slots == 0 { vec![vec![]] } else { oracle };

        let p = Problem::new(slots, domain, forbidden.clone());
        let gens = generators!(p);
        let mut found = Vec::new();
        for () in stack_assumptions(&gens) {
            found.push(p.snapshot());
        }
        prop_assert_eq!(&found, &oracle);
        prop_assert!(p.is_clear());

        let mut fewest = Vec::new();
        let mut search = stack_assumptions(&gens).fewest_first();
        while search.next().is_some() {
            fewest.push(p.snapshot());
        }
        prop_assert!(search.stats().nodes() <= 1 + (0..slots).map(|k| (domain as u64).pow(k as u32 + 1)).sum::<u64>());
        drop(search);
        fewest.sort();
        prop_assert_eq!(&fewest, &oracle);
        assert_unwound_lifo(&p);
    }
}

#[test]
fn the_path_lists_the_slots_in_the_order_reached() {
    // Slot 2 offers one value, slot 0 three, slot 1 two: fewest-first takes 2, then 1, then 0.
    let p = Problem::new(3, 3, vec![]);
    let gens: Vec<_> = (0..3)
        .map(|slot| {
            let p = &p;
            let offered = [3u8, 2, 1][slot];
            move || (0..offered).map(move |v| p.set(slot, v))
        })
        .collect();
    let mut search = stack_assumptions(&gens).fewest_first();
    assert!(search.next().is_some());
    assert_eq!(search.level(), 3);
    let path: Vec<(usize, (usize, u8))> = search.path().map(|(slot, guard)| (slot, **guard)).collect();
    assert_eq!(path, [(2, (2, 0)), (1, (1, 0)), (0, (0, 0))]);
    drop(search);
    assert_unwound_lifo(&p);
}

#[test]
fn counting_by_recursion_tells_the_same_events_and_counters_as_next() {
    // For each board, each order, a cut below a prefix, and an observer that stops the search
    // at its k-th event: `count_all` and `by_ref().count()` see the same events, in the same
    // order, with the same counters and the same ending.
    let masks = (Cell::new(0u64), Cell::new(0u128), Cell::new(0u128));
    for n in [1, 4, 6] {
        let toggle = |row: usize, col: usize| {
            masks.0.set(masks.0.get() ^ 1 << col);
            masks.1.set(masks.1.get() ^ 1 << (row + col));
            masks.2.set(masks.2.get() ^ 1 << (col + n - 1 - row));
        };
        let generators: Vec<_> = (0..n)
            .map(|row| {
                let (masks, toggle) = (&masks, &toggle);
                move || {
                    let taken = masks.0.get()
                        | (masks.1.get() >> row) as u64
                        | (masks.2.get() >> (n - 1 - row)) as u64;
                    backtrack::Ones((u64::MAX >> (64 - n)) & !taken).map(move |col| {
                        toggle(row, col);
                        Attempt::new((row, col), move |&(r, c)| toggle(r, c))
                    })
                }
            })
            .collect();
        for (fewest, prefix, stop_at) in [false, true]
            .into_iter()
            .cartesian_product([vec![], vec![1]])
            .cartesian_product([0, 1, 2, 7, 40, 300])
            .map(|((f, p), k)| (f, p, k))
        {
            let run = |recursive: bool| {
                let events = RefCell::new(Vec::new());
                let observer = |e: Event<'_, Attempt<(usize, usize), _>>| {
                    events.borrow_mut().push(format!("{e:?}"));
                    if events.borrow().len() == stop_at {
                        std::ops::ControlFlow::Break(())
                    } else {
                        std::ops::ControlFlow::Continue(())
                    }
                };
                let search = stack_assumptions(&generators).observe(observer);
                let search = if prefix.is_empty() { search } else { search.below(&prefix) };
                let (count, stats, stopped) = if fewest {
                    let mut search = search.fewest_first();
                    let count = if recursive { search.count_all() } else { search.by_ref().count() as u64 };
                    (count, search.stats().clone(), search.is_stopped())
                } else {
                    let mut search = search;
                    let count = if recursive { search.count_all() } else { search.by_ref().count() as u64 };
                    (count, search.stats().clone(), search.is_stopped())
                };
                assert_eq!(
                    (masks.0.get(), masks.1.get(), masks.2.get()),
                    (0, 0, 0),
                    "every assumption taken back"
                );
                (count, stats, stopped, events.into_inner())
            };
            assert_eq!(
                run(true),
                run(false),
                "n = {n}, fewest {fewest}, prefix {prefix:?}, stop at {stop_at}"
            );
        }
    }
}
