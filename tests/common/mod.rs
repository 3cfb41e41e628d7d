//! Helpers shared by the integration tests: loading rulesets and rendering the reports
//! that snapshots hold.

#![allow(dead_code)]

pub mod copy;

use std::path::Path;

use variant_run::core::Position;
use variant_run::{render, Variant};

pub fn load(name: &str, size: Option<u32>) -> Variant {
    Variant::load_named(name, size).unwrap_or_else(|e| panic!("{name} does not load: {e}"))
}

/// A position fixture: `#` comments, then `size N` and `position <text>` lines.
pub struct Fixture {
    pub comment: String,
    pub size: Option<u32>,
    pub position: String,
}

pub fn read_fixture(path: &Path) -> Fixture {
    let text = std::fs::read_to_string(path).unwrap();
    let mut fixture = Fixture {
        comment: String::new(),
        size: None,
        position: String::new(),
    };
    for line in text.lines() {
        if let Some(c) = line.strip_prefix('#') {
            fixture.comment.push_str(c.trim());
            fixture.comment.push('\n');
        } else if let Some(s) = line.strip_prefix("size ") {
            fixture.size = Some(s.trim().parse().unwrap());
        } else if let Some(p) = line.strip_prefix("position ") {
            fixture.position = p.trim().to_string();
        }
    }
    fixture
}

/// The board, the legal turns in canonical text and their number, and whether the game
/// is over: what a designer reads to check a ruleset on one position.
pub fn moves_report(variant: &Variant, position: &Position) -> String {
    let model = &variant.model;
    let mut out = render::board(model, position);
    out.push('\n');
    if let Some(outcome) = variant.judge(position).unwrap() {
        out.push_str(&format!("game over: {}\n", outcome.reason));
        return out;
    }
    let turns = model.legal_turns(position);
    for turn in &turns {
        let next = model.after(position, &turn.delta);
        let note = match variant.judge(&next).unwrap() {
            Some(outcome) => format!("   -> game over: {}", outcome.reason),
            None => String::new(),
        };
        out.push_str(&format!("{}{}\n", turn.text, note));
    }
    out.push_str(&format!("{} turns\n", turns.len()));
    out
}
