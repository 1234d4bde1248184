//! What the examples share: output that ends quietly when its reader has had enough.

/// `println!` that hands a closed pipe (`| head`) back as an error, where `println!` would
/// panic; the function it is used in returns a `Result`.
macro_rules! say {
    ($($arg:tt)*) => { writeln!(std::io::stdout(), $($arg)*)? };
}
pub(crate) use say;

/// Whether `error` is a closed pipe: the example then ends quietly with status 0, as Unix
/// tools do.
pub fn closed_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    error.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
