//! Counting every solution on several threads.
//!
//! The tree is cut at a shallow depth: the paths down to that depth are enumerated once, on one
//! thread, and each path's subtree is searched on its own, on a copy of the matrix with the
//! path's options chosen up front. Covering the items of the chosen options in another order
//! leaves the same lists in the same order (taking nodes out of a doubly linked list keeps the
//! order of the others), so each subtree is searched exactly as the single search would, and
//! the counters add up to the single search's, node for node and update for update.

use super::{Matrix, Stats};
use rayon::prelude::*;

impl Matrix {
    /// Count every solution on `threads` threads (0: one a core), with the counters of the
    /// whole search, equal to those of [`Solver::count_solutions`](super::Solver::count_solutions)
    /// run alone.
    ///
    /// ```
    /// use backtrack::dlx::Named;
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let stats = queens.matrix().count_in_parallel(2);
    /// assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, 1049, 16680));
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn count_in_parallel(&mut self, threads: usize) -> Stats {
        // Deep enough for a few dozen subtrees a thread, so that they balance.
        let threads = if threads == 0 { rayon::current_num_threads() } else { threads };
        let mut total = Stats::default();
        let mut paths = Vec::new();
        let mut depth = 0;
        while paths.len() < 32 * threads && depth < 4 {
            depth += 1;
            (paths, total) = (Vec::new(), Stats::default());
            self.prefixes(depth, &mut Vec::new(), &mut paths, &mut total);
        }
        let search = |matrix: &mut Matrix, path: &Vec<usize>| {
            let mut solver = matrix.solver();
            for &option in path {
                solver.choose(option).expect("the options of a path never clash");
            }
            let replay = solver.stats(); // the path's own updates are counted already
            solver.count_solutions();
            let done = solver.stats();
            Stats {
                nodes: done.nodes,
                updates: done.updates - replay.updates,
                dead_ends: done.dead_ends,
                solutions: done.solutions,
            }
        };
        let subtrees: Vec<Stats> = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| paths.par_iter().map_init(|| self.clone(), search).collect()),
            Err(_) => paths.iter().map(|path| search(&mut self.clone(), path)).collect(),
        };
        for s in subtrees {
            total.nodes += s.nodes;
            total.updates += s.updates;
            total.dead_ends += s.dead_ends;
            total.solutions += s.solutions;
        }
        total
    }

    /// Walk the tree down to `depth`, as the solver would, counting what it meets above that
    /// depth and collecting the paths (the options chosen) that reach it.
    fn prefixes(
        &mut self,
        depth: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        stats: &mut Stats,
    ) {
        if path.len() == depth {
            out.push(path.clone());
            return;
        }
        stats.nodes += 1;
        let Some(best) = self.choose_item() else {
            stats.solutions += 1; // nothing to cover at the root: the empty solution
            return;
        };
        if self.len(best) == 0 {
            stats.dead_ends += 1;
        }
        stats.updates += self.cover(best);
        let mut row = self.nodes[best as usize].down;
        while row != best {
            stats.updates += self.cover_others(row);
            if self.next[0] == 0 {
                stats.nodes += 1;
                stats.solutions += 1;
            } else {
                path.push(self.option_of(row));
                self.prefixes(depth, path, out, stats);
                path.pop();
            }
            self.uncover_others(row);
            row = self.nodes[row as usize].down;
        }
        self.uncover(best);
    }
}
