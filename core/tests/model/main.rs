//! Tests of the core model, one binary: the generators held against the naive reference
//! generators of `core/tests/reference/`, on square, hex and patch boards, and the
//! geometry of every lattice; how refused turn texts say what is wrong.

#[allow(dead_code)]
#[path = "../reference/mod.rs"]
mod reference;

mod generator_agrees_with_reference;
mod geometry;
mod hex_generator_agrees_with_reference;
mod texts_with_kinds;
mod trugo_generator_agrees_with_reference;
mod turn_errors;
