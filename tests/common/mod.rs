//! Helpers shared by the integration tests: loading rulesets and rendering the reports
//! that snapshots hold.

#![allow(dead_code)]

pub mod copy;

use std::path::Path;

use variant_run::core::Position;
use variant_run::{draw, Variant};

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
    let mut out = draw::board(model, position);
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

/// Plays a whole game between computer players as `variant-run <ruleset>` does, and
/// returns its transcript and how it ended.
pub fn transcript(
    variant: &Variant,
    layout: variant_run::Layout,
    seed: u64,
    kinds: [&str; 2],
    header: &str,
) -> (String, variant_run::play::session::Ending) {
    use variant_run::play::players::computer_player;
    use variant_run::play::session::{self, Seat};
    let mut game = variant_run::Game::new(variant, layout, seed).unwrap();
    let mut seats = [0u64, 1].map(|p| Seat::Computer {
        kind: kinds[p as usize].to_string(),
        player: computer_player(kinds[p as usize], seed.wrapping_mul(2).wrapping_add(p + 1))
            .unwrap(),
    });
    let mut out = Vec::new();
    let ending = session::run(
        &mut game,
        &mut seats,
        header,
        2000,
        &mut std::io::empty(),
        &mut out,
    )
    .unwrap();
    (String::from_utf8(out).unwrap(), ending)
}

/// The entries of a perft table under `tests/`.
pub fn perft_table(file: &str) -> Vec<variant_run::core::testing::PerftEntry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(file);
    variant_run::core::testing::read_perft_table(&std::fs::read_to_string(path).unwrap())
}
