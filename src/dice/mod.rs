//! TEMPORARY STUB: replaced by the real dice engine.
#![allow(missing_docs, clippy::todo, unused)]
use serde::{Deserialize, Serialize};
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expr { pub terms: Vec<u32> }
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CmpOp { Le, Lt, Ge, Gt, Eq }
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparison { pub left: Expr, pub op: CmpOp, pub right: Expr }
impl std::fmt::Display for Expr { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() } }
impl std::fmt::Display for Comparison { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() } }
pub struct Distribution;
impl Distribution {
    pub fn mean(&self) -> f64 { todo!() }
    pub fn probability_that(&self, op: CmpOp, v: i64) -> f64 { todo!() }
}
impl Expr {
    pub fn constant(n: i64) -> Expr { todo!() }
    pub fn dice(c: u32, s: u32) -> Expr { todo!() }
    pub fn keep_highest(c: u32, s: u32, k: u32) -> Expr { todo!() }
    pub fn success_count(c: u32, s: u32, op: CmpOp, t: i64) -> Expr { todo!() }
    pub fn offset(self, n: i64) -> Expr { todo!() }
    pub fn dice_count(&self) -> u32 { todo!() }
    pub fn distribution(&self) -> Distribution { todo!() }
}
impl Comparison {
    pub fn new(l: Expr, op: CmpOp, r: Expr) -> Self { todo!() }
    pub fn probability(&self) -> f64 { todo!() }
}
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum DiceError { #[error("x")] X }
pub trait DiceSource { fn roll(&mut self, sides: u32) -> Result<u32, DiceError>; }
#[derive(Clone)]
pub struct TableDice;
impl DiceSource for TableDice { fn roll(&mut self, sides: u32) -> Result<u32, DiceError> { todo!() } }
impl TableDice { pub fn finish(self) -> Result<(), DiceError> { todo!() } }
pub struct RngDice;
impl RngDice { pub fn seeded(s: u64) -> Self { todo!() } }
impl DiceSource for RngDice { fn roll(&mut self, sides: u32) -> Result<u32, DiceError> { todo!() } }
