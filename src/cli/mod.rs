//! TEMPORARY: the command line (merged with the dice engine's odds/roll).
pub mod check;
pub mod replay;
pub mod simulate;
pub mod report;
