//! Watching a search: its tree as Graphviz DOT, the lines of a trace, and the explorer page.
//!
//! All are [`Observer`](crate::Observer)s, or helpers for one, fed by
//! [`Assumptions::observe`](crate::Assumptions::observe).

mod explorer;

pub use explorer::{Layout, Recorder};

/// `n` and `noun`, which takes an `s` past one ("1 node", "0 nodes", "2 events"): the
/// sentences a person reads (a counters' line keeps one form).
///
/// ```
/// assert_eq!(backtrack::watch::counted(1, "node"), "1 node");
/// assert_eq!(backtrack::watch::counted(12, "event"), "12 events");
/// ```
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

use crate::Event;
use std::fmt::{self, Display, Write as _};
use std::io::Write;
use std::ops::ControlFlow;

impl<A: Display> Display for Event<'_, A> {
    /// One line of a trace: `assume r1c3=4`, `take back r1c3=4`, `dead end`, `solution`. The
    /// alternate form (`{:#}`) indents the line by the level, two spaces a level.
    ///
    /// ```
    /// use backtrack::Event;
    /// let event: Event<'_, &str> = Event::Assume { level: 3, slot: 7, assumption: &"r1c3=4" };
    /// assert_eq!(event.to_string(), "assume r1c3=4");
    /// assert_eq!(format!("{event:#}"), "    assume r1c3=4");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (depth, text) = match self {
            Event::Assume { level, assumption, .. } => (level - 1, format!("assume {assumption}")),
            Event::TakeBack { level, assumption, .. } => (level - 1, format!("take back {assumption}")),
            Event::DeadEnd { level, .. } => (*level, "dead end".to_string()),
            Event::Solution { level } => (*level, "solution".to_string()),
        };
        if f.alternate() {
            write!(f, "{:w$}", "", w = 2 * depth)?;
        }
        f.write_str(&text)
    }
}

/// The ways to watch a search: what a [`Watcher`] does with each event.
#[derive(Debug, Clone, Default)]
pub struct Watch {
    /// Write a trace line for every event, indented by level.
    pub trace: bool,
    /// Redraw a frame at every event (see [`Watcher::new`]); the trace when `false` but
    /// `trace` is set. The watcher flushes its output after each frame: the pace of the
    /// animation is the writer's (the library never sleeps; `backtrack::run::Paced` pauses at
    /// each flush).
    pub animate: bool,
    /// Record the search tree (see [`Watcher::tree`]).
    pub tree: bool,
    /// Stop the search after this many trace lines, or tree nodes.
    pub limit: u64,
}

impl Watch {
    /// Whether any watching is asked for.
    pub fn any(&self) -> bool {
        self.trace || self.animate || self.tree
    }
}

/// Live counters, kept by the watcher from the events (the search's own [`Stats`](crate::Stats)
/// are out of reach while the search borrows the watcher).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counters {
    /// Assumptions made (the root not included).
    pub nodes: u64,
    /// Dead ends met.
    pub dead_ends: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The level now.
    pub level: usize,
}

impl Display for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "nodes {}  dead ends {}  depth {}  solutions {}",
            self.nodes, self.dead_ends, self.level, self.solutions
        )
    }
}

/// One observer for every way of watching a search: it records the tree, writes trace lines,
/// or redraws frames, and stops the search at the limit.
///
/// ```
/// use backtrack::{stack_assumptions, Attempt, Event};
/// use backtrack::watch::{Counters, Watch, Watcher};
///
/// let generators = [0, 1].map(|_| || (1..=2).map(|v| Attempt::new(v, |_| ())));
/// let watch = Watch { trace: true, limit: 4, ..Watch::default() };
/// let mut out = Vec::new();
/// let draw = |_: &Event<'_, Attempt<i32, _>>, _: &Counters| String::new();
/// let mut watcher = Watcher::new(&mut out, &watch, |slot| format!("slot {slot} is stuck"), draw);
/// let solutions = stack_assumptions(&generators).observe(|e: Event<'_, _>| watcher.see(&e)).count();
/// assert_eq!(solutions, 1, "one solution, then the trace was full and the search stopped");
/// drop(watcher);
/// assert_eq!(String::from_utf8(out)?, "assume 1\n  assume 1\n    solution\n  take back 1\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Watcher<'w, W, F> {
    out: W,
    watch: &'w Watch,
    dead_end: Box<dyn Fn(usize) -> String + 'w>,
    draw: F,
    lines: u64,
    counters: Counters,
    tree: Option<Tree>,
}

impl<W, F> std::fmt::Debug for Watcher<'_, W, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watcher").field("watch", self.watch).field("counters", &self.counters).finish()
    }
}

impl<'w, W: Write, F> Watcher<'w, W, F> {
    /// A watcher that writes to `out`. `dead_end(slot)` words a dead end for the trace
    /// (`dead end: r2c5 has no candidate`); `draw(event, counters)` makes a frame of the
    /// animation, which is written after the ANSI codes that clear the screen. Animate only
    /// when `out` is a terminal (`std::io::IsTerminal`); elsewhere ask for the trace.
    pub fn new(out: W, watch: &'w Watch, dead_end: impl Fn(usize) -> String + 'w, draw: F) -> Self {
        Watcher {
            out,
            watch,
            dead_end: Box::new(dead_end),
            draw,
            lines: 0,
            counters: Counters::default(),
            tree: watch.tree.then(|| Tree::new(watch.limit.max(1) as usize)),
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The tree recorded, if [`Watch::tree`] asked for one.
    pub fn tree(&self) -> Option<&Tree> {
        self.tree.as_ref()
    }

    /// See one event: the observer to pass to [`Assumptions::observe`](crate::Assumptions::observe).
    pub fn see<A: Display>(&mut self, event: &Event<'_, A>) -> ControlFlow<()>
    where
        F: FnMut(&Event<'_, A>, &Counters) -> String,
    {
        match event {
            Event::Assume { level, .. } => {
                self.counters.nodes += 1;
                self.counters.level = *level;
            }
            Event::TakeBack { level, .. } => self.counters.level = level - 1,
            Event::DeadEnd { .. } => self.counters.dead_ends += 1,
            Event::Solution { .. } => self.counters.solutions += 1,
        }
        if let Some(tree) = &mut self.tree {
            if tree.record(event).is_break() {
                return ControlFlow::Break(());
            }
        }
        if self.watch.animate {
            let frame = (self.draw)(event, &self.counters);
            // Home the cursor and clear the screen, then the frame.
            let _ = write!(self.out, "\x1b[H\x1b[2J{frame}");
            let _ = self.out.flush(); // a frame is whole: the writer may pause here
        } else if self.watch.trace {
            self.lines += 1;
            if self.lines > self.watch.limit {
                return ControlFlow::Break(());
            }
            let _ = match event {
                Event::DeadEnd { level, slot } => {
                    writeln!(self.out, "{:w$}{}", "", (self.dead_end)(*slot), w = 2 * level)
                }
                _ => writeln!(self.out, "{event:#}"),
            };
        }
        ControlFlow::Continue(())
    }
}

/// What a node of a [`Tree`] turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The root: no assumption yet.
    Root,
    /// An assumption whose subtree was searched (or is being searched).
    Inner,
    /// An assumption after which some slot had no candidate.
    DeadEnd,
    /// An assumption that completed a solution.
    Solution,
}

/// The search tree, recorded from the events of a search, up to `limit` nodes.
///
/// Its nodes are the search's nodes, the root and one per assumption, so their number is the
/// one [`Stats::nodes`](crate::Stats::nodes) reports; dead ends and solutions are marked.
///
/// ```
/// use backtrack::{stack_assumptions, Attempt};
/// use backtrack::watch::Tree;
///
/// // Two slots of two values, the second different from the first.
/// let first = std::cell::Cell::new(0);
/// let generators = [0, 1].map(|slot| {
///     let first = &first;
///     move || (1..=2).filter(move |&v| slot == 0 || v != first.get()).map(move |v| {
///         if slot == 0 { first.set(v) }
///         Attempt::new(v, |_| ())
///     })
/// });
/// let mut tree = Tree::new(100);
/// let mut search = stack_assumptions(&generators).observe(|e: backtrack::Event<'_, Attempt<i32, _>>| tree.record(&e));
/// search.by_ref().count();
/// let nodes = search.stats().nodes();
/// drop(search);
/// assert_eq!(tree.len() as u64, nodes); // 1 root + 2 + 2
/// assert!(tree.to_dot().starts_with("digraph search {"));
/// ```
#[derive(Clone, Debug)]
pub struct Tree {
    labels: Vec<String>,
    parents: Vec<usize>,
    kinds: Vec<NodeKind>,
    current: usize,
    limit: usize,
}

impl Tree {
    /// An empty tree (just the root) that stops the search once it holds `limit` nodes.
    pub fn new(limit: usize) -> Tree {
        Tree { labels: vec!["root".into()], parents: vec![0], kinds: vec![NodeKind::Root], current: 0, limit }
    }

    /// Record one event; `Break` once the tree is full, which ends the search.
    pub fn record<A: Display>(&mut self, event: &Event<'_, A>) -> ControlFlow<()> {
        match event {
            Event::Assume { assumption, .. } => {
                self.labels.push(assumption.to_string());
                self.parents.push(self.current);
                self.kinds.push(NodeKind::Inner);
                self.current = self.labels.len() - 1;
                if self.labels.len() >= self.limit {
                    return ControlFlow::Break(());
                }
            }
            Event::TakeBack { .. } => self.current = self.parents[self.current],
            Event::DeadEnd { .. } => self.kinds[self.current] = NodeKind::DeadEnd,
            Event::Solution { .. } => self.kinds[self.current] = NodeKind::Solution,
        }
        ControlFlow::Continue(())
    }

    /// The number of nodes recorded, the root included.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether only the root is recorded.
    pub fn is_empty(&self) -> bool {
        self.labels.len() == 1
    }

    /// What node `i` (0 is the root, then in the order the search made them) turned out to be.
    pub fn kind(&self, i: usize) -> NodeKind {
        self.kinds[i]
    }

    /// Write the tree to `path`: a picture (SVG) when the name ends in `.svg`, else DOT.
    ///
    /// # Errors
    /// The file cannot be written; or an SVG was asked of a build without the `svg` feature.
    pub fn write_to(&self, path: &std::path::Path) -> Result<(), String> {
        let dot = self.to_dot();
        let text = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
            with_title(&dot_to_svg(&dot)?, &self.title())
        } else {
            dot
        };
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// What the picture shows, in a line: the nodes, dead ends and solutions drawn.
    fn title(&self) -> String {
        let count = |kind| self.kinds.iter().filter(|&&k| k == kind).count();
        format!(
            "The search tree: {}, {}, {}",
            counted(self.len() as u64, "node"),
            counted(count(NodeKind::DeadEnd) as u64, "dead end"),
            counted(count(NodeKind::Solution) as u64, "solution")
        )
    }

    /// The tree in Graphviz's DOT language: `dot -Tsvg tree.dot -o tree.svg` draws it. Dead
    /// ends are red boxes, solutions green double circles; comments at the top give the title
    /// and the legend (an SVG written by [`write_to`](Self::write_to) shows them above the tree).
    pub fn to_dot(&self) -> String {
        let mut out = format!(
            "digraph search {{\n  // {}\n  // the root at the top; an ellipse: an assumption; a red box: a dead end; a green double circle: a solution\n  node [shape=ellipse, fontsize=10];\n",
            self.title()
        );
        for (i, label) in self.labels.iter().enumerate() {
            let style = match self.kinds[i] {
                NodeKind::Root => ", shape=point",
                NodeKind::Inner => "",
                NodeKind::DeadEnd => ", shape=box, color=red, fontcolor=red",
                NodeKind::Solution => ", shape=doublecircle, color=darkgreen, fontcolor=darkgreen",
            };
            let label = label.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "  n{i} [label=\"{label}\"{style}];");
        }
        for i in 1..self.labels.len() {
            let _ = writeln!(out, "  n{} -> n{i};", self.parents[i]);
        }
        out.push_str("}\n");
        out
    }
}

/// Lay out and draw a DOT graph as SVG, in Rust (the layout-rs crate): no Graphviz needed.
/// The picture with a title and a legend above it, sized to be read at the picture's scale.
fn with_title(svg: &str, title: &str) -> String {
    let number = |key: &str| -> Option<f64> {
        let at = svg.find(&format!(" {key}=\""))? + key.len() + 3;
        svg[at..].split('"').next()?.parse().ok()
    };
    let (Some(width), Some(height)) = (number("width"), number("height")) else { return svg.to_string() };
    let Some(open_end) = svg.find("xmlns=\"http://www.w3.org/2000/svg\">") else { return svg.to_string() };
    let size = (width / 60.0).clamp(14.0, 200.0);
    let band = 3.2 * size;
    let legend = "the root at the top \u{b7} an ellipse: an assumption \u{b7} a red box: a dead end \u{b7} \
                  a green double circle: a solution \u{b7} an arrow: from an assumption to one made under it";
    // Wide enough for the words, however narrow the tree.
    let width = width.max(0.55 * size * legend.chars().count() as f64 + 2.0 * size);
    let header = format!(
        "<svg width=\"{width}\" height=\"{}\" viewBox=\"0 {} {width} {}\" xmlns=\"http://www.w3.org/2000/svg\">\n\
         <text x=\"{size}\" y=\"{}\" font-size=\"{}\" font-family=\"sans-serif\" font-weight=\"bold\">{title}</text>\n\
         <text x=\"{size}\" y=\"{}\" font-size=\"{size}\" font-family=\"sans-serif\">{legend}</text>\n",
        height + band,
        -band,
        height + band,
        -1.9 * size,
        1.2 * size,
        -0.5 * size,
    );
    let start = svg.find("<svg").unwrap_or(0);
    let after = open_end + "xmlns=\"http://www.w3.org/2000/svg\">".len();
    format!("{}{header}{}", &svg[..start], &svg[after..])
}

#[cfg(feature = "svg")]
fn dot_to_svg(dot: &str) -> Result<String, String> {
    use layout::backends::svg::SVGWriter;
    use layout::gv::{DotParser, GraphBuilder};
    let graph = DotParser::new(dot).process().map_err(|e| format!("cannot lay out the tree: {e}"))?;
    let mut builder = GraphBuilder::new();
    builder.visit_graph(&graph);
    let mut visual = builder.get();
    let mut svg = SVGWriter::new();
    visual.do_it(false, false, false, &mut svg);
    Ok(svg.finalize())
}

#[cfg(not(feature = "svg"))]
fn dot_to_svg(_: &str) -> Result<String, String> {
    Err("this build draws no SVG (the `svg` feature is off): write a .dot file and run `dot -Tsvg`".into())
}
