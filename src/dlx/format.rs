//! Knuth's text format for exact-cover problems, as his DLX programs read it.
//!
//! Lines that start with `|` are comments. The first other line lists the items, primary first,
//! then `|` and the secondary items. Every further line is an option: the names of its items.
//! Names are separated by white space.

use super::{DlxError, Named};
use std::fmt::Write;

impl Named {
    /// Read a problem in Knuth's format. Each option is named by its line, its items joined by
    /// single spaces.
    ///
    /// ```
    /// use backtrack::dlx::Named;
    ///
    /// let mut p = Named::from_knuth_format("| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let solution: Vec<&str> = p.solver().next_solution().unwrap().collect();
    /// assert_eq!(solution, ["A D", "C E F", "B G"]);
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    ///
    /// # Errors
    /// [`DlxError::Format`] with the line: a missing item line, a name twice in the item line,
    /// an option naming an unknown item or an item twice, a colour on a primary item. A
    /// secondary item in an option may carry a colour, `x:red`: the problem is then Knuth's
    /// XCC, solved by Algorithm C as his DLX2 solves it.
    pub fn from_knuth_format(text: &str) -> Result<Named, DlxError> {
        let mut lines =
            text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.starts_with('|'));
        let at = |line: usize, message: String| DlxError::Format { line, message };
        let (line, items) = lines
            .by_ref()
            .find(|(_, l)| !l.is_empty())
            .ok_or_else(|| at(text.lines().count().max(1), "no item line".into()))?;
        // Tokens: `|` alone parts primary from secondary items; `lo:hi|name` or `n|name` on a
        // primary item bounds how many times it is covered (Knuth's DLX3).
        let (mut primary, mut secondary, mut bounds) = (Vec::new(), Vec::new(), Vec::new());
        let mut in_secondary = false;
        for token in items.split_whitespace() {
            if token == "|" {
                if in_secondary {
                    return Err(at(line, "more than one '|' in the item line".into()));
                }
                in_secondary = true;
                continue;
            }
            if token.contains(':') && !token.contains('|') {
                return Err(at(
                    line,
                    format!(
                        "item {token:?}: an item's name has no ':' (colours go on the options' items, x:red)"
                    ),
                ));
            }
            let (name, bound) = match token.rsplit_once('|') {
                Some((spec, name)) if !in_secondary => (name, Some(spec)),
                Some(_) => return Err(at(line, format!("{token:?}: only primary items take bounds"))),
                None => (token, None),
            };
            if let Some(spec) = bound {
                let number = |t: &str| {
                    t.parse::<u32>()
                        .map_err(|_| at(line, format!("{token:?}: bounds are lo:hi|name or n|name")))
                };
                let (lo, hi) = match spec.split_once(':') {
                    Some((lo, hi)) => (number(lo)?, number(hi)?),
                    None => (number(spec)?, number(spec)?),
                };
                if hi == 0 || lo > hi {
                    return Err(at(line, format!("{token:?}: bounds need 1 <= hi and lo <= hi")));
                }
                bounds.push((primary.len(), lo, hi));
            }
            if name.is_empty() || name.contains(':') {
                return Err(at(line, format!("{token:?}: an item needs a name, without ':'")));
            }
            if in_secondary { secondary.push(name) } else { primary.push(name) }
        }
        let mut problem = Named::new(primary, secondary).map_err(|e| match e {
            DlxError::DuplicateName { name } => at(line, format!("item {name:?} is listed twice")),
            e => e,
        })?;
        for (item, lo, hi) in bounds {
            problem.matrix().set_bounds(item, lo, hi)?;
        }
        let mut place = 0;
        for (line, option) in lines {
            if option.is_empty() {
                continue;
            }
            place += 1;
            let names: Vec<&str> = option.split_whitespace().collect();
            // No primary item: no search can choose it. Knuth's programs leave it out
            // ("Option ignored"), and so does this reader, keeping his counts.
            let primary = problem.matrix_ref().primary_items();
            let item = |n: &&str| problem.names().item_number(n.split(':').next().unwrap_or(n));
            if names.iter().filter_map(item).all(|i| i >= primary) && names.iter().all(|n| item(n).is_some())
            {
                problem.ignored.push((place, option.to_string()));
                continue;
            }
            if let Some(name) = names.iter().find(|n| {
                n.split_once(':').is_some_and(|(i, c)| i.is_empty() || c.is_empty() || c.contains(':'))
            }) {
                return Err(at(line, format!("{name:?}: a colour is written item:colour")));
            }
            // `add_option` checks the names; here its errors gain the line they are on.
            problem.add_option(&names.join(" "), &names).map_err(|e| match e {
                DlxError::UnknownName { name } => at(line, format!("{name:?} is not an item")),
                DlxError::ColorOnPrimary { item, .. } => at(
                    line,
                    format!(
                        "{:?} is a primary item: only secondary items take colours",
                        problem.names().item(item)
                    ),
                ),
                DlxError::RepeatedItem { item, .. } => {
                    at(line, format!("item {:?} appears twice in the option", problem.names().item(item)))
                }
                e => e,
            })?;
        }
        Ok(problem)
    }

    /// Write the problem in Knuth's format (one option a line, its items by name, with their
    /// colours; the primary items with their bounds).
    pub fn to_knuth_format(&self) -> String {
        let (matrix, names) = (self.matrix_ref(), self.names());
        let (primary, items) = (matrix.primary_items(), matrix.items());
        // A primary item covered other than once carries its bounds: `lo:hi|name`, `n|name`.
        let item = |i: usize| match matrix.bounds(i) {
            (1, 1) => names.item(i).to_string(),
            (lo, hi) if lo == hi => format!("{hi}|{}", names.item(i)),
            (lo, hi) => format!("{lo}:{hi}|{}", names.item(i)),
        };
        let mut out = (0..primary).map(item).collect::<Vec<_>>().join(" ");
        if items > primary {
            out.push_str(" | ");
            out.push_str(&(primary..items).map(|i| names.item(i)).collect::<Vec<_>>().join(" "));
        }
        out.push('\n');
        for o in 0..matrix.options() {
            let named = |(i, c): (usize, u32)| {
                if c == 0 {
                    names.item(i).to_string()
                } else {
                    format!("{}:{}", names.item(i), names.color(c))
                }
            };
            let line: Vec<String> = matrix.option_colored_items(o).map(named).collect();
            let _ = writeln!(out, "{}", line.join(" "));
        }
        out
    }
}
