//! `backtrack techniques`: the logic solver's chain, easiest first, with ratings and grades.

use super::{Show, Status, show};
use backtrack::sudoku::logic::Builtin;
use serde::Serialize;
use std::io::{self, Write};

/// List the logic solver's techniques, with their ratings and grades.
///
/// In the order the solver tries them, easiest first, with their Sudoku Explainer ratings and
/// the grade each gives a puzzle; the names are those `backtrack sudoku --techniques` takes.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack techniques
  backtrack sudoku --explain --techniques naked-single,hidden-single PUZZLE   how far singles go")]
pub struct Args {
    /// A table, or JSON (one object).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

use backtrack::run::Format;

#[derive(Serialize)]
struct Row {
    name: String,
    technique: &'static str,
    rating: f32,
    grade: String,
}

#[derive(Serialize)]
struct Techniques {
    techniques: Vec<Row>,
}

impl Show for Techniques {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        // Columns as wide as their longest entry.
        let name = self.techniques.iter().map(|r| r.name.len()).max().unwrap_or(0);
        let technique = self.techniques.iter().map(|r| r.technique.len()).max().unwrap_or(0);
        writeln!(out, "{:<name$} {:<technique$} {:>6}  grade", "name", "technique", "rating")?;
        for row in &self.techniques {
            writeln!(
                out,
                "{:<name$} {:<technique$} {:>6.1}  {}",
                row.name, row.technique, row.rating, row.grade
            )?;
        }
        Ok(())
    }
}

pub fn run(args: Args) -> io::Result<Status> {
    let techniques = Builtin::ALL
        .iter()
        .map(|&t| Row {
            name: t.flag(),
            technique: t.name(),
            rating: t.rating(),
            grade: t.grade().to_string(),
        })
        .collect();
    show(io::BufWriter::new(io::stdout().lock()), args.format == Format::Json, &Techniques { techniques })?;
    Ok(Status::Solved)
}
