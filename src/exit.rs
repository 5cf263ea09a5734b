//! Exit codes, documented in the README ("Exit codes"). Every error type says which one it
//! ends the command line with (`exit_code`), so the binary never guesses from a message.

/// Success: the grid found (and, when counting, the only one).
pub const OK: u8 = 0;
/// A file could not be read or written.
pub const IO: u8 = 1;
/// The command line itself is wrong (clap uses 2 as well).
pub const USAGE: u8 = 2;
/// The model has mistakes.
pub const MODEL: u8 = 3;
/// The puzzle has no solution.
pub const INFEASIBLE: u8 = 4;
/// The time limit ended the search before it could answer.
pub const TIME_LIMIT: u8 = 5;
/// The solver is not installed.
pub const SOLVER_MISSING: u8 = 6;
/// The solver could not be started, or failed.
pub const SOLVER_FAILED: u8 = 7;
/// The solver's answer could not be read.
pub const SOLVER_OUTPUT: u8 = 8;
/// A grid broke a rule: a bug in sdkc.
pub const WRONG_ANSWER: u8 = 9;
/// Counting found more than one solution.
pub const NOT_UNIQUE: u8 = 10;
/// `--givens-file`: some puzzle was not solved (or, when counting, not unique).
pub const BATCH_UNSOLVED: u8 = 11;
