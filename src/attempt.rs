//! A general-purpose assumption guard, for problems that bring no guard of their own.

use std::fmt;
use std::ops::Deref;

/// An assumption in force: a value that says what was assumed, and the closure that takes the
/// assumption back when the guard is dropped.
///
/// Shaped like `scopeguard`'s guard: it works like a smart pointer to the value
/// ([`Deref`]), and the closure runs however the scope is left — normal exit, `break`, `?`, or a
/// panic unwinding. Make the change first, then wrap the undo in an `Attempt`:
///
/// ```
/// use backtrack::Attempt;
/// use std::cell::Cell;
///
/// let queens = Cell::new(0u64);
/// {
///     queens.set(queens.get() | 1 << 5);
///     let square = Attempt::new(5, |&sq| queens.set(queens.get() & !(1 << sq)));
///     assert_eq!(*square, 5);
///     assert_eq!(queens.get(), 1 << 5);
/// } // dropped: taken back
/// assert_eq!(queens.get(), 0);
/// ```
///
/// The same guard serves hand-written recursion, where `let _g = ...;` holds the assumption for
/// the rest of the scope. Problems with a state of their own (the Sudoku board) have their own
/// guard types; the driver accepts any type whose `Drop` takes the assumption back.
#[must_use = "dropping the guard at once takes the assumption back at once"]
pub struct Attempt<T, F: FnOnce(&T)> {
    // `None` only inside `drop` and `into_inner`, which consume the guard: everywhere a user can
    // reach it, it is `Some`. (scopeguard uses `ManuallyDrop` and `ptr::read` here; an `Option`
    // costs one branch and keeps the crate free of `unsafe`.)
    inner: Option<(T, F)>,
}

impl<T, F: FnOnce(&T)> Attempt<T, F> {
    /// Guard an assumption already made: `undo(&value)` runs when the guard is dropped.
    pub fn new(value: T, undo: F) -> Self {
        Attempt { inner: Some((value, undo)) }
    }

    /// Keep the assumption for good: return the value without running the undo closure.
    ///
    /// ```
    /// use backtrack::Attempt;
    /// use std::cell::Cell;
    ///
    /// let undone = Cell::new(false);
    /// let guard = Attempt::new(7, |_| undone.set(true));
    /// assert_eq!(Attempt::into_inner(guard), 7);
    /// assert!(!undone.get());
    /// ```
    pub fn into_inner(mut guard: Self) -> T {
        let (value, _undo) = guard.inner.take().expect("a live guard holds its value");
        value
    }
}

impl<T, F: FnOnce(&T)> Drop for Attempt<T, F> {
    fn drop(&mut self) {
        if let Some((value, undo)) = self.inner.take() {
            undo(&value);
        }
    }
}

impl<T, F: FnOnce(&T)> Deref for Attempt<T, F> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.inner.as_ref().expect("a live guard holds its value").0
    }
}

impl<T: fmt::Debug, F: FnOnce(&T)> fmt::Debug for Attempt<T, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Attempt").field(&**self).finish()
    }
}

impl<T: fmt::Display, F: FnOnce(&T)> fmt::Display for Attempt<T, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}
