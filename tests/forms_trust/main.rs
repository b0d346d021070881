//! Nothing assumed (issue 40): the app records only what the umpire gave it. A number is
//! never changed; a form never starts on an answer he did not give; one click never records
//! a casualty he did not mean; and every form is whole at 1280×720 with its button in view.
//! Through the real app (egui_kittest) and, for every number field of every rule set, random
//! play on the app's surface.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../simple_support/mod.rs"]
mod simple_support;
#[path = "../sky_support/mod.rs"]
mod sky_support;
#[path = "../ui_support/mod.rs"]
mod ui_support;

mod asked;
mod cards;
mod casualties;
mod common;
mod kinds;
mod numbers;
mod offered;
mod reach;
mod screen;
mod scripted;
mod typed;
