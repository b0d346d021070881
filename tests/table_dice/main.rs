//! Table dice you can trust (issue 26): the app never rolls, records or assumes what the
//! umpire did not. Each trap an umpire met is a test named after it, through the real app;
//! and a property test over every rule set's random play holds the table's dice to the app's.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../ui_support/mod.rs"]
mod ui_support;

mod assumed;
mod common;
mod counts;
mod ending;
mod faces_and_keys;
mod forms;
mod props;
mod small;
mod table_things;
