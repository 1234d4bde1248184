//! Alternating inference chains (AIC), with grouped nodes. A node is a digit in a cell, or a
//! digit in a group: the two or three cells where a box crosses a line, taken together ("one
//! of them is the digit"). Links alternate:
//!
//! - **strong** (if one is false, the other is true): the two candidates of a cell with two,
//!   or the two nodes that hold every place of a digit in a house;
//! - **weak** (if one is true, the other is false): two candidates of one cell, or two nodes of
//!   one digit whose cells all see each other.
//!
//! Starting with a strong link and ending with one: if the first node is false, the last is
//! true, so one of the two ends is true. When both ends are one digit, no cell that sees every
//! cell of both can hold it; when they are two digits in one cell, the cell holds one of them;
//! when they are digits d and e in two cells that see each other, the first cell is not e and
//! the last is not d.
//!
//! X-Chain (one digit) and XY-Chain (cells with two candidates) are the simplest AICs, and come
//! earlier; this finds the chains that mix them, and go through groups. Sudoku Explainer has no
//! AIC as such: it is rated 7.0, where its chains of more than one digit begin.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step, read_back};
use crate::lists::Lists;
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry, House};
use itertools::Itertools;
use std::fmt;

/// The longest chain looked for, in links.
const MOST_LINKS: usize = 11;

/// A digit in one cell, or in a group of two or three cells of a box in one line (one of them
/// holds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The digit.
    pub digit: Digit,
    /// The cell, or the cells of the group.
    pub cells: Cells,
}

/// The nodes of the chain from one end to the other, the first false, the next true, and so on:
/// the last is true if the first is false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aic {
    /// The nodes, an even number of them.
    pub nodes: Vec<Node>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let nodes = Nodes::of(grid);
    // Every node's links, found once: each search from a start goes through most of them.
    let strong = Lists::build(nodes.all.len(), |n, to| nodes.strong(grid, n, to));
    // A weak link leads to a node that is false, from which only a strong link goes on: a node
    // without one is a dead end, and not an end of a chain (which is true). Leaving them out
    // keeps the search small on open grids, where most candidates have no strong link.
    let mut out = Vec::new();
    let weak = Lists::build(nodes.all.len(), |n, to| {
        out.clear();
        nodes.weak(grid, n, &mut out);
        to.extend(out.iter().copied().filter(|&m| !strong.get(m as usize).is_empty()));
    });
    let mut search = Search { parent: vec![None; 2 * nodes.all.len()], reached: Vec::new() };
    (0..nodes.all.len())
        .filter(|&start| !strong.get(start).is_empty())
        .find_map(|start| search.from(grid, &nodes, [&strong, &weak], start))
}

/// Every node of the grid, numbered: the candidates, then the groups.
struct Nodes {
    all: Vec<Node>,
    /// For each node, the cells that see every cell of it and still have its digit: where its
    /// weak links in one digit lead, and what a chain between two nodes of a digit removes
    /// (the cells both nodes' sets share).
    seen: Vec<Cells>,
    /// The first cell of each node (a candidate's cell).
    first: Vec<Cell>,
    /// How many nodes are candidates: the groups come after them.
    candidates: usize,
    /// For each candidate, the groups its weak links lead to: the cells that see all of a
    /// group (a few) are the candidates it links to, so each group lists them once, where each
    /// candidate asking every group of its digit took a third of a 25×25 solve.
    group_links: Lists<u16>,
    /// For each candidate, the groups whose first cell is its cell: where a group is looked
    /// up by its cells (one or two to compare, not every group of the digit).
    groups_from: Lists<u16>,
    /// The side of the grid.
    side: usize,
    /// The number of the node of each digit in each cell (`u16::MAX`: not a candidate), at
    /// `cell index * side + digit index`.
    candidate: Vec<u16>,
    /// The groups of each digit, by number.
    groups: Vec<Vec<u16>>,
    /// Each digit's cells.
    has: Vec<Cells>,
}

impl Nodes {
    fn of(grid: &Grid) -> Nodes {
        let side = grid.side();
        let mut nodes = Nodes {
            all: Vec::new(),
            seen: Vec::new(),
            first: Vec::new(),
            candidates: 0,
            group_links: Lists::default(),
            groups_from: Lists::default(),
            side,
            candidate: vec![u16::MAX; grid.geometry().cells() * side],
            groups: vec![Vec::new(); side],
            has: grid.cells_of_digits(),
        };
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell).digits() {
                nodes.candidate[cell.index() * side + digit.index()] = nodes.all.len() as u16;
                nodes.all.push(Node { digit, cells: Cells::from(cell) });
            }
        }
        nodes.candidates = nodes.all.len();
        // A group is where a box (or jigsaw region) and a row or column that crosses it meet:
        // the rows it meets, top to bottom, then the columns, left to right.
        let boxes: Vec<House> =
            grid.houses().filter(|h| matches!(h, House::Box(_) | House::Region(_))).collect();
        let crossing = |b: House| {
            let members = grid.members(b);
            let mut rows: Vec<usize> = members.iter().map(|c| c.row()).collect();
            let mut cols: Vec<usize> = members.iter().map(|c| c.col()).collect();
            rows.sort();
            rows.dedup();
            cols.sort();
            cols.dedup();
            let rows = rows.into_iter().map(|r| House::Row(r as u8));
            rows.chain(cols.into_iter().map(|c| House::Col(c as u8))).collect::<Vec<House>>()
        };
        let crossings: Vec<(Cells, Vec<House>)> =
            boxes.iter().map(|&b| (*grid.house_set(b), crossing(b))).collect();
        for digit in grid.digits() {
            for (in_box, lines) in &crossings {
                for &line in lines {
                    let cells = *grid.house_set(line) & *in_box & nodes.has[digit.index()];
                    if cells.len() >= 2 {
                        nodes.groups[digit.index()].push(nodes.all.len() as u16);
                        nodes.all.push(Node { digit, cells });
                    }
                }
            }
        }
        let seen =
            |n: &Node| n.cells.iter().fold(nodes.has[n.digit.index()], |seen, c| seen & *grid.peer_set(c));
        nodes.seen = nodes.all.iter().map(seen).collect();
        nodes.first = nodes.all.iter().map(|n| n.cells.first().expect("a node has cells")).collect();
        nodes.link_groups();
        nodes
    }

    /// The node of `digit` on exactly `cells`, if there is one (a candidate, or a group).
    fn find(&self, digit: Digit, cells: Cells) -> Option<u32> {
        if let Some(cell) = cells.single() {
            let id = self.candidate[cell.index() * self.side + digit.index()];
            return (id != u16::MAX).then_some(u32::from(id));
        }
        let first = self.candidate[cells.first()?.index() * self.side + digit.index()];
        let starting = if first == u16::MAX { &[][..] } else { self.groups_from.get(usize::from(first)) };
        starting.iter().map(|&g| u32::from(g)).find(|&g| self.all[g as usize].cells == cells)
    }

    /// The nodes that are true if `node` is false: its cell's other candidate if it has two;
    /// the other places of its digit in a house where they make one node.
    fn strong(&self, grid: &Grid, node: usize, out: &mut Vec<u32>) {
        let Node { digit, ref cells } = self.all[node];
        let first = self.first[node];
        if node < self.candidates {
            let candidates = grid.candidates(first);
            if candidates.count() == 2
                && let Some(other) = candidates.digits().find(|&d| d != digit)
            {
                out.push(u32::from(self.candidate[first.index() * self.side + other.index()]));
            }
        }
        for house in grid.houses_of(first) {
            let house_set = grid.house_set(house);
            if cells.is_subset(*house_set)
                && let Some(other) = self.find(digit, (*house_set & self.has[digit.index()]) - *cells)
            {
                out.push(other);
            }
        }
    }

    /// The nodes that are false if `node` is true: its cell's other candidates; the nodes of its
    /// digit whose cells all see all of its cells.
    fn weak(&self, grid: &Grid, node: usize, out: &mut Vec<u32>) {
        let digit = self.all[node].digit;
        if node < self.candidates {
            let cell = self.first[node];
            for other in grid.candidates(cell).digits().filter(|&d| d != digit) {
                out.push(u32::from(self.candidate[cell.index() * self.side + other.index()]));
            }
        }
        let seen = self.seen[node];
        for cell in seen.iter() {
            out.push(u32::from(self.candidate[cell.index() * self.side + digit.index()]));
        }
        if node < self.candidates {
            out.extend(self.group_links.get(node).iter().map(|&g| u32::from(g)));
            return;
        }
        for &group in &self.groups[digit.index()] {
            if self.all[usize::from(group)].cells.is_subset(seen) {
                out.push(u32::from(group));
            }
        }
    }

    /// For each candidate, the groups of its digit whose cells all see its cell, in order
    /// ([`Nodes::group_links`]), and the groups that start at it ([`Nodes::groups_from`]).
    fn link_groups(&mut self) {
        let candidate = |g: u16, cell: Cell| {
            let digit = self.all[usize::from(g)].digit;
            usize::from(self.candidate[cell.index() * self.side + digit.index()])
        };
        let groups = self.groups.iter().flatten().copied();
        let seen =
            groups.clone().flat_map(|g| self.seen[usize::from(g)].iter().map(move |c| (candidate(g, c), g)));
        let group_links = Lists::gather(self.candidates, seen);
        let firsts = groups.map(|g| (candidate(g, self.first[usize::from(g)]), g));
        self.groups_from = Lists::gather(self.candidates, firsts);
        self.group_links = group_links;
    }
}

/// A breadth-first search's memory, kept from one start to the next.
struct Search {
    /// Each state reached and the state it was reached from: state 2n is node n false, 2n + 1
    /// node n true (after an odd number of links).
    parent: Vec<Option<u32>>,
    /// The states reached by the last search, to clear.
    reached: Vec<u32>,
}

impl Search {
    /// The shortest chains from `start` (assumed false), breadth first; the first whose two
    /// ends remove something.
    fn from(
        &mut self,
        grid: &Grid,
        nodes: &Nodes,
        [strong, weak]: [&Lists<u32>; 2],
        start: usize,
    ) -> Option<Step> {
        for state in self.reached.drain(..) {
            self.parent[state as usize] = None;
        }
        let parent = &mut self.parent;
        let first = 2 * start as u32;
        parent[first as usize] = Some(first);
        self.reached.push(first);
        let mut layer = vec![first];
        let mut next = Vec::new();
        for links in 1..=MOST_LINKS {
            let on = links % 2 == 1;
            next.clear();
            for &state in &layer {
                let node = state as usize / 2;
                for &to in if on { strong.get(node) } else { weak.get(node) } {
                    let to = 2 * to + u32::from(on);
                    if parent[to as usize].is_some() {
                        continue;
                    }
                    parent[to as usize] = Some(state);
                    self.reached.push(to);
                    next.push(to);
                    if on && links >= 3 {
                        let eliminations = conclusions(grid, nodes, start, to as usize / 2);
                        if !eliminations.is_empty() {
                            let chain = read_back(first, to, |at| parent[at as usize]);
                            let nodes = chain.iter().map(|&s| nodes.all[s as usize / 2]).collect();
                            return Some(Step::new(Aic { nodes }, vec![], eliminations));
                        }
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            std::mem::swap(&mut layer, &mut next);
        }
        None
    }
}

/// What follows from "node `a` or node `b` is true".
fn conclusions(grid: &Grid, nodes: &Nodes, a: usize, b: usize) -> Vec<Candidate> {
    let (seen_a, seen_b) = (&nodes.seen[a], &nodes.seen[b]);
    let (x, y) = (nodes.first[a], nodes.first[b]);
    let groups = a >= nodes.candidates || b >= nodes.candidates;
    let (a, b) = (&nodes.all[a], &nodes.all[b]);
    if a.digit == b.digit {
        // The cells that see every cell of both and have the digit (none of theirs).
        if a.cells.meets(b.cells) || !seen_a.meets(*seen_b) {
            return Vec::new();
        }
        return (*seen_a & *seen_b).iter().map(|c| Candidate::new(c, a.digit)).collect();
    }
    if groups {
        return Vec::new(); // groups of two digits: nothing simple to say
    }
    if x == y {
        // The cell holds one of the two digits: its other candidates go.
        return grid
            .candidates(x)
            .digits()
            .filter(|&d| d != a.digit && d != b.digit)
            .map(|d| Candidate::new(x, d))
            .collect();
    }
    if !grid.sees(x, y) {
        return Vec::new();
    }
    // x holds a.digit or y holds b.digit; they see each other, so x cannot hold b.digit (then y
    // could not, and x would not hold a.digit) nor y a.digit.
    [(x, b.digit), (y, a.digit)]
        .into_iter()
        .filter(|&(c, d)| grid.candidates(c).has(d))
        .map(|(c, d)| Candidate::new(c, d))
        .collect()
}

impl fmt::Display for Node {
    /// `r1c2` for a cell; a group in a row `r1c23`, in a column `r12c3`, as on the classic grid;
    /// on a grid of side over 9, where numbers run to two figures, `r1c{2,3}` and `r{12,13}c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Cell> = self.cells.iter().collect();
        let first = cells[0];
        let numbers = |place: fn(Cell) -> usize| {
            let numbers = cells.iter().map(|&c| place(c) + 1);
            if cells.len() > 1 && first.side() > 9 {
                format!("{{{}}}", numbers.format(","))
            } else {
                numbers.format("").to_string()
            }
        };
        if cells.iter().all(|c| c.row() == first.row()) {
            write!(f, "r{}c{}", first.row() + 1, numbers(Cell::col))
        } else {
            write!(f, "r{}c{}", numbers(Cell::row), first.col() + 1)
        }
    }
}

impl Explain for Aic {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::Aic)
    }

    fn location(&self) -> String {
        let (first, last) = (self.nodes[0], self.nodes[self.nodes.len() - 1]);
        format!("follow the links from {first} ({}) to {last} ({})", first.digit, last.digit)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let links: Vec<String> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n}{}{}", if i % 2 == 0 { "≠" } else { "=" }, n.digit))
            .collect();
        let (first, last) = (self.nodes[0], self.nodes[self.nodes.len() - 1]);
        let then = removals(&step.eliminations);
        write!(
            f,
            "alternating inference chain: {}, so {first}={} or {last}={}: {then}",
            links.join(" → "),
            first.digit,
            last.digit
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.nodes.iter().fold(Cells::empty(), |all, n| all | n.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::Node;
    use crate::sudoku::{Cell, Cells, Digit, Geometry};

    fn node(cells: impl IntoIterator<Item = Cell>) -> String {
        Node { digit: Digit::new(1), cells: cells.into_iter().collect::<Cells>() }.to_string()
    }

    #[test]
    fn nodes_name_their_cells_on_every_side() {
        let classic = Geometry::classic();
        let at = |row, col| classic.cell(row, col);
        assert_eq!(node([at(0, 1)]), "r1c2");
        assert_eq!(node([at(0, 1), at(0, 2)]), "r1c23");
        assert_eq!(node([at(0, 2), at(1, 2)]), "r12c3");

        // Two figures a number: a group's numbers are set apart, so r10c{1,2} is not r10c12.
        let sixteen = Geometry::of_side(16).unwrap();
        let at = |row, col| sixteen.cell(row, col);
        assert_eq!(node([at(9, 11)]), "r10c12");
        assert_eq!(node([at(9, 0), at(9, 1)]), "r10c{1,2}");
        assert_eq!(node([at(9, 11), at(9, 12)]), "r10c{12,13}");
        assert_eq!(node([at(13, 2), at(14, 2), at(15, 2)]), "r{14,15,16}c3");
    }
}
