//! Dice: notation, rolling (from an RNG or from faces typed at the table), and exact odds.
//!
//! The notation follows Foundry VTT where it has a convention (see `docs/notation.md`):
//!
//! ```
//! use gunbai::dice::{parse, CmpOp, Comparison, Expr, Notation, RngDice};
//!
//! // sky: a Command test, 2d6 at most 8.
//! let test: Comparison = "2d6<=8".parse()?;
//! assert!((test.probability() - 26.0 / 36.0).abs() < 1e-12);
//! assert_eq!(test, Comparison::new(Expr::dice(2, 6), CmpOp::Le, Expr::constant(8)));
//!
//! // Any notation round-trips through its canonical text.
//! let n = parse("15d6 CS >= 5")?;
//! assert_eq!(n.to_string(), "15d6cs>=5");
//!
//! // Rolls keep every face.
//! let roll = test.roll(&mut RngDice::seeded(7))?;
//! assert_eq!(roll.left.faces().count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod display;
mod exact;
mod expr;
mod notation;
mod odds;
mod origin;
mod parser;
mod pool_roll;
mod pools;
mod record;
mod roll;
mod source;

pub use expr::{CmpOp, Comparison, Expr, Keep, Notation, SuccessCount, Term, TermKind};
pub use notation::{
    MAX_CONSTANT, MAX_DICE, MAX_INPUT_CHARS, MAX_KEEP_WORK, MAX_SIDES, MIN_SIDES, NotationError,
    parse,
};
pub use odds::Distribution;
pub use origin::DiceOrigin;
pub use pool_roll::{PoolRoll, check_count};
pub use record::{Record, Recorded, Recording};
pub use roll::{ComparisonRoll, Die, ExprRoll, TermRoll};
pub use source::{DiceError, DiceSource, RngDice, TableDice};
