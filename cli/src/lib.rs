//! The plumbing of the `loadbal` command, shared with `loadbal-papers`'s `reproduce`: exit codes,
//! one-line errors, number parsers that accept negative values, progress bars, the memory guard,
//! output formats and Monte Carlo shard files.
//!
//! The command itself is documented by `loadbal --help` and the README.
#![warn(missing_docs)]

pub mod output;
pub mod shard;
pub mod support;
