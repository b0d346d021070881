//! The numbers shared by execution and the cards: a d10 read 0 to 9 and its exact odds, each
//! side's factors in a clash of blades and what every difference does, a shot's factors and
//! the score it needs, and where an outsider's blow on grapplers falls.

pub mod clash;
pub mod clash_odds;
pub mod grapple;
pub mod odds;
pub mod shooting;
