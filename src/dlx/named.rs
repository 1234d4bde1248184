//! Exact-cover problems with named items and options, as in the seed's `R1C1#1` Sudoku model.

use super::{BitMultiSolver, Budget, DlxError, Matrix, Outcome, Solver, Stats};
use std::collections::HashMap;

/// An exact-cover problem whose items and options have names.
///
/// Names map to dense numbers once, when the problem is built, so the search runs at index
/// speed; a solution comes back as option numbers and is read as names without allocating.
///
/// ```
/// use backtrack::dlx::Named;
///
/// // Two cells, two digits, each cell one digit and each digit once: a 2x1 Latin row.
/// let mut p = Named::new(["c1", "c2", "d1", "d2"], [] as [&str; 0])?;
/// for cell in ["c1", "c2"] {
///     for digit in ["d1", "d2"] {
///         p.add_option(&format!("{cell}={digit}"), [cell, digit])?;
///     }
/// }
/// let mut solver = p.solver();
/// solver.choose("c1=d2")?;
/// let solution: Vec<&str> = solver.next_solution().unwrap().collect();
/// assert_eq!(solution, ["c1=d2", "c2=d1"]);
/// # Ok::<(), backtrack::dlx::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Named {
    matrix: Matrix,
    names: Names,
    /// Options read but left out: each option line's place among the options (from 1) and
    /// its text. See [`Named::ignored`].
    pub(super) ignored: Vec<(usize, String)>,
}

/// The names of a [`Named`] problem's items and options.
#[derive(Clone, Debug, Default)]
pub struct Names {
    items: Vec<String>,
    item_index: HashMap<String, usize>,
    options: Vec<String>,
    option_index: HashMap<String, usize>,
    /// The colours' names, colour `c` at `c - 1`.
    colors: Vec<String>,
    color_index: HashMap<String, u32>,
}

impl Names {
    /// The name of item `item`.
    pub fn item(&self, item: usize) -> &str {
        &self.items[item]
    }

    /// The name of option `option`.
    pub fn option(&self, option: usize) -> &str {
        &self.options[option]
    }

    /// The number of the item called `name`.
    pub fn item_number(&self, name: &str) -> Option<usize> {
        self.item_index.get(name).copied()
    }

    /// The name of colour `color` (from 1).
    pub fn color(&self, color: u32) -> &str {
        &self.colors[color as usize - 1]
    }

    /// The number of the (first) option called `name`.
    pub fn option_number(&self, name: &str) -> Option<usize> {
        self.option_index.get(name).copied()
    }
}

impl Named {
    /// A problem with these primary and secondary items, and no option yet.
    ///
    /// # Errors
    /// [`DlxError::DuplicateName`] if a name is given twice.
    pub fn new<P, S>(primary: P, secondary: S) -> Result<Named, DlxError>
    where
        P: IntoIterator,
        P::Item: AsRef<str>,
        S: IntoIterator,
        S::Item: AsRef<str>,
    {
        let mut names = Names::default();
        let mut count = [0usize; 2];
        for (kind, name) in primary
            .into_iter()
            .map(|n| (0, n.as_ref().to_string()))
            .chain(secondary.into_iter().map(|n| (1, n.as_ref().to_string())))
        {
            if names.item_index.insert(name.clone(), names.items.len()).is_some() {
                return Err(DlxError::DuplicateName { name });
            }
            names.items.push(name);
            count[kind] += 1;
        }
        Ok(Named { matrix: Matrix::new(count[0], count[1]), names, ignored: Vec::new() })
    }

    /// Add an option called `name` that covers the items named `items`; returns its number.
    /// A secondary item may carry a colour, `x:red` as in Knuth's DLX2: options that give it
    /// the same colour go together (Algorithm C).
    ///
    /// # Errors
    /// An unknown item name, an item named twice, no item, a colour on a primary item.
    pub fn add_option<I>(&mut self, name: &str, items: I) -> Result<usize, DlxError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut numbers = Vec::new();
        for item in items {
            let (item, color) = match item.as_ref().split_once(':') {
                Some((item, color)) => (item, Some(color)),
                None => (item.as_ref(), None),
            };
            let number = self
                .names
                .item_number(item)
                .ok_or_else(|| DlxError::UnknownName { name: item.to_string() })?;
            let color = match color {
                None => 0,
                Some(color) => {
                    let next = self.names.colors.len() as u32 + 1;
                    let c = *self.names.color_index.entry(color.to_string()).or_insert(next);
                    if c == next {
                        self.names.colors.push(color.to_string());
                    }
                    c
                }
            };
            numbers.push((number, color));
        }
        let option = self.matrix.add_colored_option(&numbers)?;
        self.names.option_index.entry(name.to_string()).or_insert(option);
        self.names.options.push(name.to_string());
        Ok(option)
    }

    /// The options [`Named::from_knuth_format`] read and left out, as Knuth's DLX programs do:
    /// those without a primary item, which no search could choose (and which would only add
    /// work, and change his counts). Each with its place among the option lines, from 1.
    pub fn ignored(&self) -> &[(usize, String)] {
        &self.ignored
    }

    /// The names.
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// The matrix, for searching by numbers.
    pub fn matrix(&mut self) -> &mut Matrix {
        &mut self.matrix
    }

    /// The matrix, to read.
    pub fn matrix_ref(&self) -> &Matrix {
        &self.matrix
    }

    /// A search whose solutions read as names: Algorithm X or C on the dancing links, or,
    /// when an item has bounds ([`Matrix::set_bounds`], `2:3|A` in Knuth's format),
    /// Algorithm M on bit sets ([`BitMultiSolver`]), so that every solution covers each item
    /// within its bounds.
    ///
    /// ```
    /// use backtrack::dlx::Named;
    ///
    /// // A covered twice, B once or twice (Knuth's format): DLX3's four solutions.
    /// let mut p = Named::from_knuth_format("2|A 1:2|B C\nA B\nA\nB C\nA C\nB\n")?;
    /// let mut solver = p.solver();
    /// let mut solutions = 0;
    /// while let Some(options) = solver.next_solution() {
    ///     let options: Vec<&str> = options.collect();
    ///     assert_eq!(options.iter().filter(|o| o.contains('A')).count(), 2);
    ///     solutions += 1;
    /// }
    /// assert_eq!(solutions, 4);
    /// assert_eq!(solver.stats().nodes, 11);
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn solver(&mut self) -> NamedSolver<'_> {
        let engine = if self.matrix.has_multiplicities() {
            Engine::Multi(Box::new(BitMultiSolver::new(&self.matrix)))
        } else {
            Engine::Links(Box::new(self.matrix.solver()))
        };
        NamedSolver { engine, names: &self.names }
    }
}

/// A search over a [`Named`] problem: a [`Solver`], or a [`BitMultiSolver`] for a problem
/// with multiplicities.
#[derive(Debug)]
pub struct NamedSolver<'p> {
    engine: Engine<'p>,
    names: &'p Names,
}

#[derive(Debug)]
enum Engine<'p> {
    Links(Box<Solver<'p>>),
    Multi(Box<BitMultiSolver>),
}

impl<'p> NamedSolver<'p> {
    /// Choose the option called `name` before the search (a given).
    ///
    /// # Errors
    /// [`DlxError::UnknownName`] for an unknown option, or [`DlxError::Conflict`];
    /// [`DlxError::Unsupported`] with multiplicities.
    pub fn choose(&mut self, name: &str) -> Result<(), DlxError> {
        let option =
            self.names.option_number(name).ok_or_else(|| DlxError::UnknownName { name: name.to_string() })?;
        match &mut self.engine {
            Engine::Links(solver) => solver.choose(option),
            Engine::Multi(_) => {
                Err(DlxError::Unsupported { what: "givens with multiplicities (Algorithm M)" })
            }
        }
    }

    /// The next solution, as the names of its options (no allocation).
    pub fn next_solution(&mut self) -> Option<impl Iterator<Item = &'p str> + '_> {
        let names = self.names;
        let options = match &mut self.engine {
            Engine::Links(solver) => solver.next_solution(),
            Engine::Multi(solver) => solver.next_solution(),
        };
        options.map(move |options| options.iter().map(move |&o| names.option(o)))
    }

    /// The dancing links' solver underneath (to watch it, or to give it options by number);
    /// `None` for Algorithm M.
    pub fn solver(&mut self) -> Option<&mut Solver<'p>> {
        match &mut self.engine {
            Engine::Links(solver) => Some(solver),
            Engine::Multi(_) => None,
        }
    }

    /// Bound the search from now on.
    pub fn set_budget(&mut self, budget: &Budget) {
        match &mut self.engine {
            Engine::Links(solver) => solver.set_budget(budget),
            Engine::Multi(solver) => solver.set_budget(budget),
        }
    }

    /// Count the solutions left (every one found, or up to the budget).
    pub fn count_solutions(&mut self) -> u64 {
        match &mut self.engine {
            Engine::Links(solver) => solver.count_solutions(),
            Engine::Multi(solver) => solver.count_solutions(),
        }
    }

    /// The counters so far, as Knuth's programs count them (DLX1, DLX2 or DLX3).
    pub fn stats(&self) -> Stats {
        match &self.engine {
            Engine::Links(solver) => solver.stats(),
            Engine::Multi(solver) => solver.stats(),
        }
    }

    /// How the search stands.
    pub fn outcome(&self) -> Outcome {
        match &self.engine {
            Engine::Links(solver) => solver.outcome(),
            Engine::Multi(solver) => solver.outcome(),
        }
    }
}
