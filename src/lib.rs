//! Gunbai.
