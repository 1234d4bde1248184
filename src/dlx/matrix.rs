//! The matrix of dancing links: items, options, and the cover and uncover operations.

use super::DlxError;

/// Marks a spacer node (the boundary between two options) in [`Node::item`]: a spacer's item
/// is `SPACER + k`, where `k` is the number of the option just before it. (Knuth stores `-k`
/// in the spacer's `top`; keeping the option number there, and not in every node, makes a
/// node 12 bytes instead of 16: fewer cache lines touched by every hide and unhide.)
const SPACER: u32 = 1 << 31;

/// One node of the four-way linked structure. A "pointer" is an array index, as in Knuth's
/// programs: half the size of a reference, and safe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    /// The node above, in the item's vertical list (for a spacer: the first node of the option
    /// before it).
    up: u32,
    /// The node below (for a spacer: the last node of the option after it).
    down: u32,
    /// The item this node belongs to (as a header index: the item's number + 1); for a header,
    /// the number of options left in its list (Knuth: `@d len itm`, read it with
    /// [`Matrix::len`]); `SPACER + k` for the spacer after option `k`.
    item: u32,
}

/// An exact-cover problem: items, and options that each cover some items.
///
/// *Primary* items must be covered exactly once, *secondary* items at most once. Items are
/// numbered from 0, primary first; options are numbered from 0 in the order they are added.
///
/// ```
/// use backtrack::dlx::Matrix;
///
/// // Knuth's example from "Dancing Links": items A..G, six options, one exact cover.
/// let mut m = Matrix::new(7, 0);
/// let [a, b, c, d, e, f, g] = [0, 1, 2, 3, 4, 5, 6];
/// for items in [&[c, e, f][..], &[a, d, g], &[b, c, f], &[a, d], &[b, g], &[d, e, g]] {
///     m.add_option(items)?;
/// }
/// let solutions: Vec<Vec<usize>> = m.solver().collect();
/// assert_eq!(solutions, [vec![3, 0, 4]]); // {A D}, {C E F}, {B G}: one option a level
/// # Ok::<(), backtrack::dlx::DlxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    primary: usize,
    items: usize,
    /// The horizontal list of active items: `prev`/`next` indexed by item + 1; index 0 is the
    /// root of the primary items, index `items + 1` the root of the secondary items.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Headers 0..=items + 1 (0 and items + 1 unused as lists), then spacers and option nodes.
    nodes: Vec<Node>,
    /// The spacer that precedes each option: its nodes follow it.
    option_spacer: Vec<u32>,
    /// The colour of each node (Knuth's Algorithm C, his DLX2): 0 for none, a colour from 1 on
    /// a secondary item, [`PURIFIED`] while its item is purified to its colour. Empty while no
    /// option has a colour: Algorithm X then pays nothing for them but one test a node.
    colors: Vec<i32>,
    /// How many times each primary item is to be covered, `(lo, hi)` (Knuth's Algorithm M,
    /// his DLX3, `lo:hi|item`); empty while every item is covered once.
    bounds: Vec<(u32, u32)>,
}

/// The colour of a node whose item is purified to that node's own colour: it is compatible with
/// the choice made, so it is neither hidden nor purified again (Knuth's `color = -1`).
const PURIFIED: i32 = -1;

impl Matrix {
    /// An empty matrix with `primary` primary items and `secondary` secondary items.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let items = primary + secondary;
        let n = items + 2;
        let (root1, root2) = (0u32, (items + 1) as u32);
        let mut prev = vec![0u32; n];
        let mut next = vec![0u32; n];
        // Two circular lists: root1 with the primary items, root2 with the secondary items.
        let mut link = |circle: &[u32]| {
            for (k, &x) in circle.iter().enumerate() {
                next[x as usize] = circle[(k + 1) % circle.len()];
                prev[x as usize] = circle[(k + circle.len() - 1) % circle.len()];
            }
        };
        link(&(root1..=primary as u32).collect::<Vec<_>>());
        link(&std::iter::once(root2).chain(primary as u32 + 1..=items as u32).collect::<Vec<_>>());
        let mut nodes: Vec<Node> = (0..n as u32).map(|i| Node { up: i, down: i, item: 0 }).collect();
        // The first spacer.
        nodes.push(Node { up: 0, down: 0, item: SPACER });
        Matrix {
            primary,
            items,
            prev,
            next,
            nodes,
            option_spacer: Vec::new(),
            colors: Vec::new(),
            bounds: Vec::new(),
        }
    }

    /// The number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// The number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.items
    }

    /// The number of options.
    pub fn options(&self) -> usize {
        self.option_spacer.len()
    }

    /// Add an option covering `items` (0-based item numbers); returns its number.
    ///
    /// # Errors
    /// An empty option, an item out of range, or an item named twice.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, DlxError> {
        let colored: Vec<(usize, u32)> = items.iter().map(|&i| (i, 0)).collect();
        self.add_colored_option(&colored)
    }

    /// Add an option covering `items`, each with a colour: 0 for none, or a colour from 1 on a
    /// secondary item (Knuth's `x:red`). Options that give a secondary item the same colour
    /// may both be chosen; a colourless one takes the item alone. With colours the search is
    /// Knuth's Algorithm C (his DLX2), with his counts.
    ///
    /// ```
    /// use backtrack::dlx::Matrix;
    ///
    /// // TAOCP 7.2.2.1-(49): items p q r | x y, colours A = 1, B = 2.
    /// let mut m = Matrix::new(3, 2);
    /// let [p, q, r, x, y] = [0, 1, 2, 3, 4];
    /// for option in [&[(p, 0), (q, 0), (x, 0), (y, 1)][..], &[(p, 0), (r, 0), (x, 1), (y, 0)],
    ///                &[(p, 0), (x, 2)], &[(q, 0), (x, 1)], &[(r, 0), (y, 2)]] {
    ///     m.add_colored_option(option)?;
    /// }
    /// let solutions: Vec<Vec<usize>> = m.solver().collect();
    /// assert_eq!(solutions, [vec![3, 1]]); // q x:A, then p r x:A y: both give x the colour A
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    ///
    /// # Errors
    /// An empty option, an item out of range or named twice, a colour on a primary item.
    pub fn add_colored_option(&mut self, items: &[(usize, u32)]) -> Result<usize, DlxError> {
        if let Some(&(item, _)) = items.iter().find(|&&(i, c)| c > 0 && i < self.primary) {
            return Err(DlxError::ColorOnPrimary { option: self.options(), item });
        }
        if items.iter().any(|&(_, c)| c > i32::MAX as u32) {
            return Err(DlxError::TooLarge { nodes: self.nodes.len() });
        }
        let plain: Vec<usize> = items.iter().map(|&(i, _)| i).collect();
        let option = self.add_plain_option(&plain)?;
        if items.iter().any(|&(_, c)| c > 0) && self.colors.is_empty() {
            self.colors = vec![0; self.nodes.len()];
        }
        if !self.colors.is_empty() {
            self.colors.resize(self.nodes.len(), 0);
            let first = self.option_spacer[option] as usize + 1;
            for (k, &(_, color)) in items.iter().enumerate() {
                self.colors[first + k] = color as i32;
            }
        }
        Ok(option)
    }

    fn add_plain_option(&mut self, items: &[usize]) -> Result<usize, DlxError> {
        if items.is_empty() {
            return Err(DlxError::EmptyOption { option: self.options() });
        }
        if self.nodes.len() + items.len() + 1 >= SPACER as usize {
            return Err(DlxError::TooLarge { nodes: self.nodes.len() + items.len() + 1 });
        }
        // A short option is checked against itself pair by pair; a long one with a set, so that
        // reading an option of n items takes time linear in n, not quadratic.
        let mut seen = std::collections::HashSet::new();
        for (k, &i) in items.iter().enumerate() {
            if i >= self.items {
                return Err(DlxError::NoSuchItem { option: self.options(), item: i, items: self.items });
            }
            let repeated = if items.len() <= 32 { items[..k].contains(&i) } else { !seen.insert(i) };
            if repeated {
                return Err(DlxError::RepeatedItem { option: self.options(), item: i });
            }
        }
        let option = self.options() as u32;
        let spacer = self.nodes.len() as u32 - 1;
        self.option_spacer.push(spacer);
        for &i in items {
            let header = i as u32 + 1;
            let x = self.nodes.len() as u32;
            let last = self.nodes[header as usize].up;
            self.nodes.push(Node { up: last, down: header, item: header });
            self.nodes[last as usize].down = x;
            self.nodes[header as usize].up = x;
            self.nodes[header as usize].item += 1; // the header's len
        }
        let last = self.nodes.len() as u32 - 1;
        self.nodes[spacer as usize].down = last;
        self.nodes.push(Node { up: spacer + 1, down: 0, item: SPACER + option });
        Ok(option as usize)
    }

    /// The items of `option`, in the order given.
    ///
    /// # Panics
    /// If there is no such option.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.option_spacer[option] as usize + 1;
        self.nodes[first..].iter().take_while(|n| n.item < SPACER).map(|n| n.item as usize - 1)
    }

    /// The items of `option` with their colours (0: none), in the order given.
    pub fn option_colored_items(&self, option: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let first = self.option_spacer[option] as usize + 1;
        self.option_items(option)
            .enumerate()
            .map(move |(k, item)| (item, self.color(first + k).max(0) as u32))
    }

    /// Ask that primary item `item` be covered between `lo` and `hi` times (`1 <= hi`, `lo <=
    /// hi`): Knuth's multiplicities, which his Algorithm M (DLX3) solves; see
    /// [`BitMultiSolver`](super::BitMultiSolver) and [`MultiSolver`](super::MultiSolver)
    /// ([`Named::solver`](super::Named::solver) and `backtrack cover` choose them when an item
    /// has bounds). [`Matrix::solver`] and [`BitSolver`](super::BitSolver) are Algorithms X
    /// and C: the first does not read bounds, the second refuses them.
    ///
    /// # Errors
    /// [`DlxError::Bounds`] for an item that is not primary or bounds that hold no number.
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), DlxError> {
        if item >= self.primary || hi == 0 || lo > hi {
            return Err(DlxError::Bounds { item, lo, hi });
        }
        if self.bounds.is_empty() {
            self.bounds = vec![(1, 1); self.primary];
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// The bounds of primary item `item`: `(1, 1)` unless [`set_bounds`](Self::set_bounds) said
    /// otherwise.
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        self.bounds.get(item).copied().unwrap_or((1, 1))
    }

    /// Whether some primary item is to be covered other than exactly once: Algorithm M.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// Whether some option gives an item a colour: the search is then Algorithm C.
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The colour of node `x` (0 when the matrix has none).
    #[inline]
    fn color(&self, x: usize) -> i32 {
        if self.colors.is_empty() { 0 } else { self.colors[x] }
    }

    /// How many options are left in the list of `header`'s item (stored in the header node).
    #[inline]
    pub(super) fn len(&self, header: u32) -> u32 {
        self.nodes[header as usize].item
    }

    /// The option that node `x` belongs to: the number in the spacer that ends it.
    pub(super) fn option_of(&self, x: u32) -> usize {
        let spacer =
            self.nodes[x as usize..].iter().find(|n| n.item >= SPACER).expect("options end with a spacer");
        (spacer.item - SPACER) as usize
    }

    /// The node below `x` in its item's list (for a header: the first option node).
    #[inline]
    pub(super) fn down(&self, x: u32) -> u32 {
        self.nodes[x as usize].down
    }

    /// The item of option node `x`, as a header index.
    #[inline]
    pub(super) fn item_of(&self, x: u32) -> u32 {
        self.nodes[x as usize].item
    }

    /// Whether every primary item is covered: a solution.
    #[inline]
    pub(super) fn is_covered(&self) -> bool {
        self.next[0] == 0
    }

    /// The first node of `option`, if there is such an option.
    pub(super) fn first_node(&self, option: usize) -> Option<u32> {
        self.option_spacer.get(option).map(|&spacer| spacer + 1)
    }

    /// Whether `item` (as a header index) is in its active list.
    pub(super) fn is_active(&self, header: u32) -> bool {
        self.next[self.prev[header as usize] as usize] == header
    }

    /// Remove `header`'s item from the active list and hide every option that has it.
    /// Returns the number of updates, counted as Knuth's DLX1 counts them: one for the item,
    /// one for each node hidden.
    #[inline]
    pub(super) fn cover(&mut self, header: u32) -> u64 {
        self.cover_m(header, true)
    }

    /// Remove the other nodes of `row`'s option from their items' lists, going right.
    #[inline]
    fn hide(&mut self, row: u32) -> u64 {
        let mut updates = 0;
        let mut q = row + 1;
        while q != row {
            let Node { up, down, item } = self.nodes[q as usize];
            if item >= SPACER {
                q = up; // wrap to the first node of the option
                continue;
            }
            if self.color(q as usize) == PURIFIED {
                q += 1; // its item is purified to this node's colour: it stays
                continue;
            }
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.nodes[item as usize].item -= 1; // the header's len
            updates += 1;
            q += 1;
        }
        updates
    }

    /// Undo [`cover`](Self::cover): the options come back in the reverse order, going up.
    ///
    /// Knuth: "I used to think that it was important to uncover an item by processing its
    /// options from bottom to top… no harm is done if the options are processed in any order";
    /// but within each option we must go left, since `hide` went right.
    #[inline]
    pub(super) fn uncover(&mut self, header: u32) {
        self.uncover_m(header, true)
    }

    #[inline]
    fn unhide(&mut self, row: u32) {
        let mut q = row - 1;
        while q != row {
            let Node { up, down, item } = self.nodes[q as usize];
            if item >= SPACER {
                q = down; // wrap to the last node of the option
                continue;
            }
            if self.color(q as usize) == PURIFIED {
                q -= 1;
                continue;
            }
            self.nodes[up as usize].down = q;
            self.nodes[down as usize].up = q;
            self.nodes[item as usize].item += 1; // the header's len
            q -= 1;
        }
    }

    /// Cover the items of `node`'s option other than `node`'s own, going right: a colourless
    /// item is covered, a coloured one purified (Knuth's Algorithm C), a purified one left.
    /// The updates; `cleansings` counts as Knuth's DLX2 counts them.
    #[inline]
    pub(super) fn cover_others(&mut self, node: u32, cleansings: &mut u64) -> u64 {
        let mut updates = 0;
        let mut p = node + 1;
        while p != node {
            let Node { up, item, .. } = self.nodes[p as usize];
            if item >= SPACER {
                p = up;
            } else {
                updates += self.cover_or_purify(p, cleansings);
                p += 1;
            }
        }
        updates
    }

    /// Undo [`cover_others`](Self::cover_others): uncover or unpurify going left.
    #[inline]
    pub(super) fn uncover_others(&mut self, node: u32) {
        let mut p = node - 1;
        while p != node {
            let Node { down, item, .. } = self.nodes[p as usize];
            if item >= SPACER {
                p = down;
            } else {
                self.uncover_or_unpurify(p);
                p -= 1;
            }
        }
    }

    /// Cover node `p`'s item, or purify it to `p`'s colour.
    #[inline]
    pub(super) fn cover_or_purify(&mut self, p: u32, cleansings: &mut u64) -> u64 {
        match self.color(p as usize) {
            0 => self.cover(self.nodes[p as usize].item),
            PURIFIED => 0,
            _ => self.purify(p, cleansings),
        }
    }

    /// Undo [`cover_or_purify`](Self::cover_or_purify).
    #[inline]
    pub(super) fn uncover_or_unpurify(&mut self, p: u32) {
        match self.color(p as usize) {
            0 => self.uncover(self.nodes[p as usize].item),
            PURIFIED => {}
            _ => self.unpurify(p),
        }
    }

    /// Keep in `p`'s item only the options that give it `p`'s colour: hide the others, and
    /// mark those as [`PURIFIED`] (Knuth's `purify`, with his counts: an update a node hidden,
    /// a cleansing for the item and for each option kept).
    fn purify(&mut self, p: u32, cleansings: &mut u64) -> u64 {
        let (header, color) = (self.nodes[p as usize].item, self.colors[p as usize]);
        *cleansings += 1;
        let mut updates = 0;
        let mut row = self.nodes[header as usize].down;
        while row != header {
            if self.colors[row as usize] == color {
                *cleansings += 1;
                self.colors[row as usize] = PURIFIED;
            } else {
                updates += self.hide(row);
            }
            row = self.nodes[row as usize].down;
        }
        updates
    }

    /// Undo [`purify`](Self::purify), going up.
    fn unpurify(&mut self, p: u32) {
        let (header, color) = (self.nodes[p as usize].item, self.colors[p as usize]);
        let mut row = self.nodes[header as usize].up;
        while row != header {
            if self.colors[row as usize] == PURIFIED {
                self.colors[row as usize] = color;
            } else {
                self.unhide(row);
            }
            row = self.nodes[row as usize].up;
        }
    }

    /// Whether node `x` is in its item's list (not hidden).
    pub(super) fn is_visible(&self, x: u32) -> bool {
        let Node { up, .. } = self.nodes[x as usize];
        self.nodes[up as usize].down == x
    }

    /// The primary item with the fewest options left (leftmost on ties), as a header index;
    /// `None` when every primary item is covered.
    #[inline]
    pub(super) fn choose_item(&self) -> Option<u32> {
        let mut k = self.next[0];
        if k == 0 {
            return None;
        }
        let (mut best, mut fewest) = (k, u32::MAX);
        while k != 0 {
            let len = self.len(k);
            if len < fewest {
                (best, fewest) = (k, len);
                if len == 0 {
                    break;
                }
            }
            k = self.next[k as usize];
        }
        Some(best)
    }

    // Algorithm M's steps, as Knuth's DLX3 takes them.

    /// The colour of node `x`: 0 for none, negative while purified.
    pub(super) fn node_color(&self, x: u32) -> i32 {
        self.color(x as usize)
    }

    /// The up link of node `x`.
    pub(super) fn up(&self, x: u32) -> u32 {
        self.nodes[x as usize].up
    }

    /// Take `header`'s item out of the active list.
    pub(super) fn deactivate(&mut self, header: u32) {
        let (l, r) = (self.prev[header as usize], self.next[header as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
    }

    /// Put `header`'s item back in the active list.
    pub(super) fn reactivate(&mut self, header: u32) {
        let (l, r) = (self.prev[header as usize], self.next[header as usize]);
        self.next[l as usize] = header;
        self.prev[r as usize] = header;
    }

    /// DLX3's `cover(c, deact)`: hide the options of `header`'s list, and take the item out
    /// of the active list if `deact`. An update for the item and one a node hidden.
    #[inline]
    pub(super) fn cover_m(&mut self, header: u32, deact: bool) -> u64 {
        if deact {
            self.deactivate(header);
        }
        let mut updates = 1;
        let mut row = self.nodes[header as usize].down;
        while row != header {
            updates += self.hide(row);
            row = self.nodes[row as usize].down;
        }
        updates
    }

    /// Undo [`cover_m`](Self::cover_m).
    #[inline]
    pub(super) fn uncover_m(&mut self, header: u32, react: bool) {
        let mut row = self.nodes[header as usize].up;
        while row != header {
            self.unhide(row);
            row = self.nodes[row as usize].up;
        }
        if react {
            self.reactivate(header);
        }
    }

    /// DLX3's `purify`: as [`purify`](Self::purify), but the chosen node `p` is left as it is
    /// (DLX3 counts a cleansing for the item and one for each other option kept).
    pub(super) fn purify_m(&mut self, p: u32, cleansings: &mut u64) -> u64 {
        let (header, color) = (self.nodes[p as usize].item, self.colors[p as usize]);
        *cleansings += 1;
        let mut updates = 0;
        let mut row = self.nodes[header as usize].down;
        while row != header {
            if self.colors[row as usize] != color {
                updates += self.hide(row);
            } else if row != p {
                *cleansings += 1;
                self.colors[row as usize] = PURIFIED;
            }
            row = self.nodes[row as usize].down;
        }
        updates
    }

    /// Undo [`purify_m`](Self::purify_m).
    pub(super) fn unpurify_m(&mut self, p: u32) {
        let (header, color) = (self.nodes[p as usize].item, self.colors[p as usize]);
        let mut row = self.nodes[header as usize].up;
        while row != header {
            if self.colors[row as usize] == PURIFIED {
                self.colors[row as usize] = color;
            } else if row != p {
                self.unhide(row);
            }
            row = self.nodes[row as usize].up;
        }
    }

    /// DLX3's `tweak(n, block)`: take the topmost option `n` out of its item's list; with
    /// `block`, also hide the option's other nodes. An update a node removed.
    pub(super) fn tweak(&mut self, n: u32, block: bool) -> u64 {
        let mut updates = if block { self.hide(n) } else { 0 };
        if self.color(n as usize) != PURIFIED {
            let Node { up, down, item } = self.nodes[n as usize];
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.nodes[item as usize].item -= 1;
            updates += 1;
        }
        updates
    }

    /// DLX3's `untweak(c, x, unblock)`: put back the options tweaked out of `header`'s list,
    /// from `first` (the topmost before the first tweak) down to the present top; with
    /// `unblock`, their other nodes too, else uncover the item without reactivating it.
    pub(super) fn untweak(&mut self, header: u32, first: u32, unblock: bool) {
        let z = self.nodes[header as usize].down;
        self.nodes[header as usize].down = first;
        let (mut row, mut above, mut k) = (first, header, 0);
        while row != z {
            self.nodes[row as usize].up = above;
            k += 1;
            if unblock {
                self.unhide(row); // the order within an option is free: its nodes are in other lists
            }
            above = row;
            row = self.nodes[row as usize].down;
        }
        self.nodes[row as usize].up = above;
        self.nodes[header as usize].item += k;
        if !unblock {
            self.uncover_m(header, false);
        }
    }

    /// The active primary item after `header` (0, the root, for the first; 0 after the last).
    #[inline]
    pub(super) fn next_active(&self, header: u32) -> u32 {
        self.next[header as usize]
    }

    /// The number of header nodes plus one (Knuth's `last_itm`): option nodes come after.
    pub(super) fn last_item(&self) -> u32 {
        self.items as u32 + 1
    }

    /// Check every link, as Knuth's `sanity()` does: each active item's list is a consistent
    /// doubly linked circle of nodes of that item, as long as its `len` says, and the item
    /// lists are consistent circles.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn sanity(&self) -> Result<(), String> {
        for root in [0, self.items as u32 + 1] {
            let mut k = root;
            let mut steps = 0;
            loop {
                let n = self.next[k as usize];
                if self.prev[n as usize] != k {
                    return Err(format!("item list: prev of {n} is not {k}"));
                }
                k = n;
                steps += 1;
                if k == root {
                    break;
                }
                if steps > self.items + 1 {
                    return Err("item list does not close".into());
                }
                let mut count = 0;
                let mut x = self.nodes[k as usize].down;
                let mut previous = k;
                while x != k {
                    let node = self.nodes[x as usize];
                    if node.item != k {
                        return Err(format!(
                            "node {x} in the list of item {} belongs to {}",
                            k - 1,
                            node.item
                        ));
                    }
                    if node.up != previous {
                        return Err(format!("node {x}: up is {}, expected {previous}", node.up));
                    }
                    count += 1;
                    if count > self.nodes.len() {
                        return Err(format!("the list of item {} does not close", k - 1));
                    }
                    previous = x;
                    x = node.down;
                }
                if self.nodes[k as usize].up != previous {
                    return Err(format!("item {}: header's up is wrong", k - 1));
                }
                if self.len(k) as usize != count {
                    return Err(format!("item {}: len {} but {count} nodes", k - 1, self.len(k)));
                }
            }
        }
        Ok(())
    }
}
