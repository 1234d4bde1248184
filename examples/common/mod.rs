//! What the examples share: output that ends quietly when its reader has had enough, their
//! exit status.

/// `println!` that hands a closed pipe (`| head`) back as an error, where `println!` would
/// panic; the function it is used in returns a `Result`.
macro_rules! say {
    ($($arg:tt)*) => { writeln!(std::io::stdout(), $($arg)*)? };
}
pub(crate) use say;

/// Whether `error` is a closed pipe: the example then ends quietly with status 0, as Unix
/// tools do.
fn closed_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    error.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

/// The exit status of an example whose work returned `result`: its own status, 0 on a closed
/// pipe, and 2 with the error on standard error otherwise (bad usage, bad input).
pub fn exit_code(name: &str, result: Result<u8, Box<dyn std::error::Error>>) -> std::process::ExitCode {
    let code = result.unwrap_or_else(|e| {
        if closed_pipe(&*e) {
            return 0;
        }
        eprintln!("{name}: {e}");
        2
    });
    std::process::ExitCode::from(code)
}
