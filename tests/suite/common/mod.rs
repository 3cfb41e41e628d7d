//! Helpers shared by the integration tests: loading rulesets and rendering the reports
//! that snapshots hold.

#![allow(dead_code)]

pub mod copy;
pub mod server;
pub mod svg_reading;

use std::path::{Path, PathBuf};

use variant_run::core::Position;
use variant_run::{draw, Variant};

/// What `variant-run <args>` prints, run from the project folder; the test fails with
/// the program's message if it does not succeed.
pub fn run_ok<I, S>(args: I) -> Vec<u8>
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// What `variant-run <args> --json` prints (the `--json` is the caller's), read.
pub fn run_json<I, S>(args: I) -> serde_json::Value
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    serde_json::from_slice(&run_ok(args)).unwrap()
}

/// The project folder whose rulesets, fixtures and tables the tests read:
/// `$VARIANT_RUN_HOME` when it is set (rule_change.rs points it at a changed copy of the
/// project, and rulesets are then found there too), else this checkout.
pub fn root() -> PathBuf {
    std::env::var_os("VARIANT_RUN_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

pub fn load(name: &str, size: Option<u32>) -> Variant {
    Variant::load_named(name, size).unwrap_or_else(|e| panic!("{name} does not load: {e}"))
}

/// A position fixture: `#` comments (what it shows, and what was worked out by hand),
/// then `position <text>`, and optionally `size N` (the board it is on), `after <turn>`
/// (draw the position after this turn; any number of them) and `perft <depth>` (count
/// the turn sequences up to that depth).
pub struct Fixture {
    pub comment: String,
    pub size: Option<u32>,
    pub position: String,
    pub after: Vec<String>,
    pub perft: u32,
}

pub fn read_fixture(path: &Path) -> Fixture {
    let text = std::fs::read_to_string(path).unwrap();
    let mut fixture = Fixture {
        comment: String::new(),
        size: None,
        position: String::new(),
        after: Vec::new(),
        perft: 0,
    };
    for (n, line) in text.lines().enumerate() {
        let bad = || panic!("{}:{}: not a fixture line: {line}", path.display(), n + 1);
        if let Some(c) = line.strip_prefix('#') {
            fixture.comment.push_str(c.trim());
            fixture.comment.push('\n');
        } else if let Some(s) = line.strip_prefix("size ") {
            fixture.size = Some(s.trim().parse().unwrap_or_else(|_| bad()));
        } else if let Some(p) = line.strip_prefix("position ") {
            fixture.position = p.trim().to_string();
        } else if let Some(t) = line.strip_prefix("after ") {
            fixture.after.push(t.trim().to_string());
        } else if let Some(d) = line.strip_prefix("perft ") {
            fixture.perft = d.trim().parse().unwrap_or_else(|_| bad());
        } else if !line.trim().is_empty() {
            bad();
        }
    }
    fixture
}

/// The board, the legal turns in canonical text and their number, and whether the game
/// is over: what a designer reads to check a ruleset on one position. A turn after which
/// the after-turn rules take pieces says which, and one that ends the game says how.
pub fn moves_report(variant: &Variant, position: &Position) -> String {
    let model = &variant.model;
    let mut out = draw::board(model, position);
    out.push('\n');
    if let Some(outcome) = variant.judge(position).unwrap() {
        out.push_str(&format!("game over: {}\n", outcome.reason));
        return out;
    }
    let turns = variant.legal_turns(position).unwrap();
    for turn in &turns {
        out.push_str(&turn.text);
        out.push_str(&turn_notes(variant, position, &turn.delta));
        out.push('\n');
    }
    out.push_str(&format!("{} turns\n", turns.len()));
    out
}

/// What a turn does beyond its text: the pieces the after-turn rules take (`x on a1e`),
/// and the end of the game.
pub fn turn_notes(
    variant: &Variant,
    position: &Position,
    delta: &variant_run::core::Delta,
) -> String {
    let model = &variant.model;
    let before_rules = model.after(position, delta);
    let next = variant.play(position, delta).unwrap();
    let mut notes = String::new();
    let taken: Vec<String> = (0..next.board().junction_count() as u16)
        .filter_map(|j| {
            let (was, is) = (before_rules.stack(j), next.stack(j));
            (was != is).then(|| {
                let letters: String = was
                    .owners()
                    .skip(is.height() as usize)
                    .map(|p| model.rules.player_letter(p))
                    .collect();
                format!("{letters} on {}", next.board().junction_name(j))
            })
        })
        .collect();
    if !taken.is_empty() {
        notes.push_str(&format!("   -> captures {}", taken.join(", ")));
    }
    if let Some(outcome) = variant.judge(&next).unwrap() {
        let result = match outcome.winner {
            Some(w) => format!("{} wins", model.rules.player_letter(w)),
            None => "draw".to_string(),
        };
        notes.push_str(&format!("   -> {result}: {}", outcome.reason));
    }
    notes
}

/// The whole report of a fixture: its comment and position, the moves report, the
/// position after each `after` turn, and perft counts.
pub fn fixture_report(variant: &Variant, fixture: &Fixture) -> String {
    let model = &variant.model;
    let position = model
        .parse_position(&fixture.position)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut out = format!(
        "{}\nposition {}\n\n{}",
        fixture.comment,
        fixture.position,
        moves_report(variant, &position)
    );
    for text in &fixture.after {
        let turn = variant_run::play::Notation::Server
            .read(variant, &position, text)
            .unwrap_or_else(|e| panic!("after {text}: {e}"));
        let next = variant.play(&position, &turn.delta).unwrap();
        out.push_str(&format!(
            "\nafter {}{}\n{}\n{}",
            turn.text,
            turn_notes(variant, &position, &turn.delta),
            model.position_text(&next),
            draw::board(model, &next)
        ));
    }
    if fixture.perft > 0 {
        out.push('\n');
        for depth in 1..=fixture.perft {
            let count = model.perft(variant, &position, depth).unwrap();
            out.push_str(&format!("perft {depth}: {count}\n"));
        }
    }
    out
}

/// Plays a whole game between computer players as `variant-run <ruleset>` does (`kinds`
/// for the first and second player), and returns its transcript (a valid game record,
/// boards and all) and how it ended.
pub fn transcript(
    setup: &variant_run::play::setup::GameSetup,
    kinds: [&str; 2],
    max_turns: usize,
) -> (String, variant_run::play::session::Ending) {
    use variant_run::play::session::{self, Transcript};
    use variant_run::play::setup::PlayerChoice;
    let variant = setup.load().unwrap();
    let rules = &variant.model.rules;
    let mut setup = setup.clone();
    setup.players = (0..2)
        .map(|p| PlayerChoice {
            letter: rules.player_letter(p),
            kind: kinds[p as usize].to_string(),
        })
        .collect();
    let mut game = setup.game(&variant).unwrap();
    let mut seats = setup.seats(&variant).unwrap();
    let header = variant_run::play::Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        ..Default::default()
    };
    let mut out = Vec::new();
    let ending = session::run(
        &mut game,
        &mut seats,
        &header,
        max_turns,
        setup.notation(&variant).unwrap(),
        &mut std::io::empty(),
        &mut Transcript {
            out: &mut out,
            record: None,
        },
    )
    .unwrap();
    (String::from_utf8(out).unwrap(), ending)
}

/// One position of a perft table: `id`, `position`, optional `size` and `tiles`, and
/// the `depth` to count to.
pub struct PerftEntry {
    pub id: String,
    pub position: String,
    pub size: Option<u32>,
    pub tiles: Option<String>,
    pub depth: u32,
}

/// Reads a perft table, `tests/perft/<ruleset>.perft`.
pub fn read_perft_table(path: &Path) -> Vec<PerftEntry> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries: Vec<PerftEntry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{}:{}", path.display(), n + 1);
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            entries.push(PerftEntry {
                id: value.to_string(),
                position: String::new(),
                size: None,
                tiles: None,
                depth: 0,
            });
            continue;
        }
        let entry = entries
            .last_mut()
            .unwrap_or_else(|| panic!("{}: a perft table starts with `id`", at()));
        match key {
            "position" => entry.position = value.to_string(),
            "size" => entry.size = Some(value.parse().unwrap_or_else(|_| panic!("{}", at()))),
            "tiles" => entry.tiles = Some(value.to_string()),
            "depth" => entry.depth = value.parse().unwrap_or_else(|_| panic!("{}", at())),
            _ => panic!("{}: unknown key `{key}`", at()),
        }
    }
    entries
}

/// The ruleset a perft entry is counted on.
pub fn load_for(ruleset: &str, entry: &PerftEntry) -> Variant {
    let options = variant_run::LoadOptions {
        size: entry.size,
        tiles: entry.tiles.clone(),
        ..Default::default()
    };
    Variant::load_named_with(ruleset, &options)
        .unwrap_or_else(|e| panic!("{ruleset} does not load: {e}"))
}
