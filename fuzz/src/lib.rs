//! The checks behind the fuzz targets, one function per target, each taking the fuzzer's
//! bytes. A check panics when the program misbehaves: a panic inside the library, a text
//! printed back that does not read back the same, a turn accepted that is not legal, a
//! record that reads differently once printed.
//!
//! The fuzz targets (`fuzz_targets/`, nightly, cargo-fuzz) call these functions; the test
//! suite includes this file as a module and runs the same checks on stable, over the seed
//! corpora in `corpus/` and seeded mutations of them (`tests/suite/fuzz_properties.rs`).
//! Only `variant_run`, `std`, `tempfile` and `libc` are used, so the file compiles in
//! both. The checks of output paths and of the server's names have files of their own.

mod output_paths;
mod serve_names;

pub use output_paths::output_path;
pub use serve_names::serve_names;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use variant_run::core::{Delta, Position};
use variant_run::play::notation::Notation;
use variant_run::play::players::{Choice, Player, RandomPlayer};
use variant_run::play::record::Record;
use variant_run::play::replay;
use variant_run::play::setup::{GameSetup, StartChoice};
use variant_run::play::{opening, Game, Layout};
use variant_run::printable::is_unsafe;
use variant_run::ruleset::script::{Limits, ScriptHost};
use variant_run::Variant;

/// The project folder: its rulesets give the boards and positions the texts are read on.
fn project() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if here.join("variants").is_dir() {
        here.to_path_buf()
    } else {
        here.parent().unwrap_or(here).to_path_buf()
    }
}

fn load(name: &str, size: Option<u32>, tiles: Option<&str>) -> Variant {
    let options = variant_run::LoadOptions {
        size,
        tiles: tiles.map(String::from),
        ..Default::default()
    };
    Variant::load_named_with(name, &options).unwrap_or_else(|e| panic!("{name} does not load: {e}"))
}

/// Reads a position text on each ruleset; for every one that accepts it, the text it
/// prints reads back as the same position and prints the same again, and the position
/// can be drawn and its turns listed.
fn positions_round_trip(variants: &[Variant], data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in variants {
        let model = &variant.model;
        let Ok(position) = model.parse_position(text) else {
            continue;
        };
        let printed = model.position_text(&position);
        let again = model.parse_position(&printed).unwrap_or_else(|e| {
            panic!(
                "{}: {printed:?} (printed from {text:?}) does not read back: {e}",
                variant.name
            )
        });
        assert_eq!(again, position, "{}: {text:?} -> {printed:?}", variant.name);
        assert_eq!(model.position_text(&again), printed, "{}", variant.name);
        let _ = variant_run::draw::board_marked(model, &variant.marks, &position);
        if let Ok(None) = variant.judge(&position) {
            let _ = variant.legal_turns_within(&position, 20_000);
        }
    }
}

/// The folder of one of examples/designs/, from the fuzz crate or from the project's
/// test suite (which includes this file).
fn design(name: &str) -> String {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = if here.join("examples/designs").is_dir() {
        here
    } else {
        here.parent().expect("the fuzz crate sits in the project")
    };
    root.join("examples/designs")
        .join(name)
        .display()
        .to_string()
}

thread_local! {
    // Browne at three sizes, and designs whose texts hold piece kinds (a king that stands
    // alone), pieces in hand and a counter of each player's.
    static SQUARE: Vec<Variant> = [3, 5, 7]
        .map(|size| load("truchet-browne", Some(size), None))
        .into_iter()
        .chain([
            load(&design("browne-king"), None, None),
            load(&design("browne-drops"), Some(3), None),
            load(&design("browne-flip-limit"), Some(3), None),
        ])
        .collect();
    static HEX: Vec<Variant> = vec![
        load("truchet-hex", Some(2), None),
        load("truchet-hex", Some(4), None),
        load("truchet-hex", Some(2), Some("trugo")),
    ];
    static PATCH: Vec<Variant> = vec![load("trugo", None, None)];
}

/// Position texts of square boards (truchet-browne at sizes 3, 5 and 7, and designs with
/// kinds, supplies and counters).
pub fn position_square(data: &[u8]) {
    SQUARE.with(|variants| positions_round_trip(variants, data));
}

/// Position texts of hex-hex boards (truchet-hex at sizes 2 and 4, and with Trugo's tile).
pub fn position_hex(data: &[u8]) {
    HEX.with(|variants| positions_round_trip(variants, data));
}

/// Position texts of patches (Trugo).
pub fn position_patch(data: &[u8]) {
    PATCH.with(|variants| positions_round_trip(variants, data));
}

/// A ruleset (at one or more sizes) with the positions its turn texts are read in, and
/// each position's legal turns by the change they make.
struct TurnBench {
    variants: Vec<Variant>,
    /// The variant a position is on, the position, and its turns.
    positions: Vec<(usize, Position, HashMap<Delta, String>)>,
}

impl TurnBench {
    /// The openings of a few seeds at each size, and the ruleset's position fixtures.
    fn new(name: &str, sizes: &[Option<u32>]) -> TurnBench {
        let mut sizes: Vec<Option<u32>> = sizes.to_vec();
        let fixtures = fixture_positions(name);
        for (size, _) in &fixtures {
            if !sizes.contains(size) {
                sizes.push(*size);
            }
        }
        let variants: Vec<Variant> = sizes.iter().map(|&size| load(name, size, None)).collect();
        let mut positions = Vec::new();
        let mut add = |index: usize, position: Position| {
            let turns = variants[index]
                .legal_turns(&position)
                .expect("turns of a fixture")
                .into_iter()
                .map(|t| (t.delta, t.text))
                .collect();
            positions.push((index, position, turns));
        };
        for (index, variant) in variants.iter().enumerate() {
            for seed in 1..=3 {
                add(
                    index,
                    opening(variant, Layout::Setup, seed).expect("an opening"),
                );
            }
        }
        for (size, text) in fixtures {
            let index = sizes.iter().position(|s| *s == size).expect("loaded");
            if let Ok(position) = variants[index].model.parse_position(&text) {
                add(index, position);
            }
        }
        TurnBench {
            variants,
            positions,
        }
    }

    /// Reads a turn text (the first byte picks the position); a turn that reads is one of
    /// the position's legal turns, with its canonical text, and what it is written as in
    /// the notation reads back as the same turn.
    fn check(&self, notation: Option<&str>, data: &[u8]) {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        let (index, position, legal) = &self.positions[pick as usize % self.positions.len()];
        let variant = &self.variants[*index];
        let notation = Notation::named(variant, notation).expect("the notation");
        let Ok(turn) = notation.read(variant, position, text) else {
            return;
        };
        let canonical = legal
            .get(&turn.delta)
            .unwrap_or_else(|| panic!("{text:?} was accepted but is not a legal turn here"));
        assert_eq!(&turn.text, canonical, "{text:?}: not the canonical text");
        let written = notation.write(&variant.model, position, &turn);
        let again = notation
            .read(variant, position, &written)
            .unwrap_or_else(|e| {
                panic!("{written:?} (written from {text:?}) does not read back: {e}")
            });
        assert_eq!(again.delta, turn.delta, "{text:?} -> {written:?}");
    }
}

/// The `position ...` and `size ...` lines of a ruleset's position fixtures.
fn fixture_positions(name: &str) -> Vec<(Option<u32>, String)> {
    let dir = project().join("variants").join(name).join("positions");
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let size = text
            .lines()
            .find_map(|l| l.strip_prefix("size "))
            .and_then(|s| s.trim().parse().ok());
        if let Some(position) = text.lines().find_map(|l| l.strip_prefix("position ")) {
            found.push((size, position.trim().to_string()));
        }
    }
    found
}

thread_local! {
    static BROWNE: TurnBench = TurnBench::new("truchet-browne", &[None]);
    static BOARDSPACE: TurnBench = TurnBench::new("truchet-boardspace", &[None]);
}

/// Turn texts in the play-by-mail server's notation (truchet-browne).
pub fn turn_server(data: &[u8]) {
    BROWNE.with(|bench| bench.check(None, data));
}

/// Turn texts in Boardspace's notation (truchet-boardspace).
pub fn turn_boardspace(data: &[u8]) {
    BOARDSPACE.with(|bench| bench.check(Some("boardspace"), data));
}

/// The parts of a record that printing it keeps (not the lines turns stood on).
fn record_parts(record: &Record) -> impl PartialEq + std::fmt::Debug {
    let turns: Vec<(usize, char, String)> = record
        .turns
        .iter()
        .map(|t| (t.number, t.player, t.text.clone()))
        .collect();
    (
        record.ruleset.clone(),
        record.options.clone(),
        record.players.clone(),
        record.start.clone(),
        turns,
        record.result.clone(),
    )
}

/// How many turns of a fuzzed record are replayed.
const REPLAYED_TURNS: usize = 200;

/// How many loaded rulesets the record check keeps for the next records.
const KEPT_RULESETS: usize = 8;

thread_local! {
    static LOADED: RefCell<HashMap<String, Option<Variant>>> = RefCell::new(HashMap::new());
}

/// Game records: a record that reads prints as a record that reads the same, and
/// printing that gives the same text; a record of a shipped ruleset replays without a
/// panic (its turns checked as `replay` checks them).
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::parse(text) else {
        return;
    };
    // What a record's lines hold is safe to show, however its options line was quoted.
    for word in record.options.iter().chain(&record.players) {
        assert!(!word.chars().any(is_unsafe), "{word:?} read from {text:?}");
    }
    let printed = record.to_string();
    let again = Record::parse(&printed)
        .unwrap_or_else(|e| panic!("{printed:?} (printed from {text:?}) does not read back: {e}"));
    assert_eq!(
        record_parts(&again),
        record_parts(&record),
        "{text:?} -> {printed:?}"
    );
    assert_eq!(again.to_string(), printed);
    replay_record(&record);
}

/// Replays a record of a shipped ruleset whose options the small reader below knows.
fn replay_record(record: &Record) {
    const SHIPPED: [&str; 4] = [
        "truchet-browne",
        "truchet-boardspace",
        "truchet-hex",
        "trugo",
    ];
    if !SHIPPED.contains(&record.ruleset.as_str()) {
        return;
    }
    let Some(setup) = read_options(&record.ruleset, &record.options) else {
        return;
    };
    let key = format!("{setup:?}");
    LOADED.with(|loaded| {
        let mut loaded = loaded.borrow_mut();
        if loaded.len() >= KEPT_RULESETS && !loaded.contains_key(&key) {
            loaded.clear();
        }
        let variant = loaded.entry(key).or_insert_with(|| setup.load().ok());
        let Some(variant) = variant.as_ref() else {
            return;
        };
        let Ok(mut game) = replay::start(record, variant, &setup) else {
            return;
        };
        for turn in record.turns.iter().take(REPLAYED_TURNS) {
            if replay::play_turn(&mut game, &setup, turn).is_err() {
                break;
            }
        }
        let _ = replay::ending(&game, record);
    });
}

/// The options of a record, read as the command line reads them, for the options that
/// choose a game (small boards only, so the fuzzer stays fast); `None` for anything else.
fn read_options(ruleset: &str, options: &[String]) -> Option<GameSetup> {
    let mut setup = GameSetup {
        ruleset: ruleset.to_string(),
        seed: 1,
        ..GameSetup::default()
    };
    let mut words = options.iter();
    while let Some(flag) = words.next() {
        let value = words.next()?.clone();
        match flag.as_str() {
            "--seed" => setup.seed = value.parse().ok()?,
            "--size" => setup.size = Some(value.parse().ok().filter(|&s: &u32| s <= 7)?),
            "--tiles" => setup.tiles = Some(value),
            "--param" => {
                let (name, value) = value.split_once('=')?;
                setup.params.push((name.to_string(), value.to_string()));
            }
            "--layout" if value == "random" => setup.start = StartChoice::RandomLayout,
            "--layout" => setup.start = StartChoice::Layout(value),
            "--key" => setup.start = StartChoice::Key(value.parse().ok()?),
            "--game-id" => setup.start = StartChoice::GameId(value),
            "--notation" => setup.notation = Some(value),
            _ => return None,
        }
    }
    Some(setup)
}

/// The separator of the files of a fuzzed ruleset: `%%% <path>` on a line of its own.
const FILE_MARK: &str = "%%% ";

/// The largest board a fuzzed ruleset is played on, in junctions: bigger ones are slow
/// to play, not more interesting.
const MAX_PLAYED_JUNCTIONS: usize = 200;

/// How many turns of a fuzzed ruleset are played.
const PLAYED_TURNS: usize = 12;

/// Loading a ruleset: `variant.toml`, then any scripts, each after a `%%% rules/x.rhai`
/// line, written to a temporary variant folder. Loading never panics; a ruleset that
/// loads on a small board plays a few seeded random turns, its position texts reading
/// back at every turn.
pub fn variant(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some(files) = split_files(text) else {
        return;
    };
    let Ok(root) = tempfile::tempdir() else {
        return;
    };
    // In a `variants/` folder of its own, so the shared scripts are the project's.
    let dir = root.path().join("variants").join("fuzzed");
    for (path, contents) in &files {
        let file = dir.join(path);
        if let Some(parent) = file.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = std::fs::write(file, contents);
    }
    let Ok(variant) = Variant::load(&dir, None) else {
        return;
    };
    if variant.model.board.junction_count() > MAX_PLAYED_JUNCTIONS {
        return;
    }
    let Ok(mut game) = Game::new(&variant, Layout::Setup, 1) else {
        return;
    };
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    let model = &variant.model;
    for _ in 0..PLAYED_TURNS {
        if game.outcome().is_some() {
            break;
        }
        let side = game.to_move() as usize;
        let played = match players[side].choose(&game) {
            Ok(Choice::Turn(turn)) => game.play_legal(turn).is_ok(),
            Ok(Choice::RandomSetUp) => game.play("random").is_ok(),
            _ => false,
        };
        if !played {
            break;
        }
        let printed = model.position_text(game.position());
        let again = model
            .parse_position(&printed)
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(&again, game.position(), "{printed:?}");
    }
}

/// The files of a fuzzed ruleset by their paths in the variant folder; `None` when a
/// path could leave it or too many files are given.
fn split_files(text: &str) -> Option<Vec<(PathBuf, String)>> {
    let mut files = vec![(PathBuf::from("variant.toml"), String::new())];
    for line in text.split_inclusive('\n') {
        if let Some(path) = line.strip_prefix(FILE_MARK) {
            let path = Path::new(path.trim());
            let plain = path.components().all(|c| matches!(c, Component::Normal(_)));
            if !plain || path.as_os_str().is_empty() || files.len() >= 8 {
                return None;
            }
            files.push((path.to_path_buf(), String::new()));
        } else {
            files.last_mut()?.1.push_str(line);
        }
    }
    Some(files)
}

/// The options a record keeps, given by the fuzzer: the first byte picks the option, the
/// rest is its value. An option the program accepts (its texts one line of safe text)
/// makes a record that reads back with the same options and start, and a `--param`
/// value it accepts loads or is refused with a message; one it refuses is refused in one
/// line that shows the value escaped.
pub fn options(data: &[u8]) {
    let Some((&which, value)) = data.split_first() else {
        return;
    };
    let Ok(value) = std::str::from_utf8(value) else {
        return;
    };
    let mut setup = GameSetup {
        ruleset: "truchet-browne".into(),
        size: Some(3),
        seed: 1,
        ..GameSetup::default()
    };
    match which % 7 {
        0 => setup
            .params
            .push(("draw_after_quiet_turns".into(), value.into())),
        1 => match value.split_once('=') {
            Some((name, value)) => setup.params.push((name.into(), value.into())),
            None => return,
        },
        2 => setup.start = StartChoice::Layout(value.into()),
        3 => setup.start = StartChoice::GameId(value.into()),
        4 => setup.tiles = Some(value.into()),
        5 => setup.notation = Some(value.into()),
        _ => setup.start = StartChoice::Position(value.into()),
    }
    if let Err(refused) = setup.check_texts() {
        let message = refused.to_string();
        assert!(
            !message.contains('\n') && !message.chars().any(is_unsafe),
            "{message:?}"
        );
        return;
    }
    let record = Record {
        ruleset: setup.ruleset.clone(),
        options: setup.record_options(),
        start: match &setup.start {
            StartChoice::Position(text) => Some(text.trim().to_string()),
            _ => None,
        },
        ..Record::default()
    };
    let printed = record.to_string();
    let again = Record::parse(&printed)
        .unwrap_or_else(|e| panic!("{printed:?} (options {value:?}) does not read back: {e}"));
    assert_eq!(again.options, record.options, "{printed:?}");
    assert_eq!(again.start, record.start, "{printed:?}");
    if !setup.params.is_empty() {
        if let Ok(variant) = setup.load() {
            let _ = setup.game(&variant);
        }
    }
}

/// Scripts from a small grammar of what has broken the sandbox before: closures (which
/// may not capture), curried function pointers wrapping one another, recursion direct
/// and through callbacks, arrays and maps nested and grown by index, blobs, the
/// functions withheld from rulesets, `try`/`catch` around it all. The fuzzer's bytes
/// choose the productions. Every script compiles or is refused with a message, and every
/// call ends, with a value or an error: no panic, no stack overflow, no hang (the limits
/// are small, so each input runs in milliseconds), no runaway memory.
pub fn script(data: &[u8]) {
    let program = ScriptGrammar::new(data).program();
    let Ok(dir) = tempfile::tempdir() else {
        return;
    };
    let path = dir.path().join("script.rhai");
    if std::fs::write(&path, &program).is_err() {
        return;
    }
    let limits = Limits {
        operations: 50_000,
        time_ms: 500,
        memory_mb: 8,
        ..Limits::default()
    };
    let mut host = ScriptHost::new(&[dir.path().to_path_buf()], None, limits);
    let Ok(compiled) = host.compile(&path) else {
        return;
    };
    for _ in 0..2 {
        if let Err(e) = host.call::<i64>(&compiled, "grow", ()) {
            assert!(!e.message.is_empty(), "{program}");
        }
    }
}

/// Writes a script from the fuzzer's bytes, one byte a choice (0 once they run out).
struct ScriptGrammar<'a> {
    bytes: &'a [u8],
    at: usize,
    /// How deep the expression being written is, to keep scripts small.
    depth: usize,
}

/// The variables every generated `grow` starts with.
const VARIABLES: [&str; 4] = ["a", "m", "f", "n"];

impl<'a> ScriptGrammar<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        ScriptGrammar {
            bytes,
            at: 0,
            depth: 0,
        }
    }

    fn choose(&mut self, among: usize) -> usize {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte as usize % among
    }

    fn number(&mut self) -> usize {
        [0, 1, 2, 7, 64, 65, 100, 1000, 20000][self.choose(9)]
    }

    fn variable(&mut self) -> &'static str {
        VARIABLES[self.choose(VARIABLES.len())]
    }

    fn program(&mut self) -> String {
        let mut out = String::from(
            "fn one() { 1 }\n\
             fn wrap(x) { [x] }\n\
             fn link(f) { f.call() }\n\
             fn deeper(n) { deeper(n + 1) }\n\
             fn twice(f, x) { f.call(f.call(x)) }\n\
             fn back(n) { [n].map(|x| back(x + 1)) }\n\
             fn grow() {\n    let a = []; let m = #{}; let f = Fn(\"one\"); let n = 0;\n",
        );
        let statements = 1 + self.choose(8);
        for _ in 0..statements {
            let statement = self.statement();
            out.push_str("    ");
            out.push_str(&statement);
            out.push('\n');
        }
        out.push_str("    a.len() + m.len()\n}\n");
        out
    }

    fn statement(&mut self) -> String {
        let v = self.variable();
        match self.choose(10) {
            0 => format!("{v} = {};", self.expression()),
            1 => format!("a.push({});", self.expression()),
            2 => format!("m[`k${{n}}`] = {}; n += 1;", self.expression()),
            3 => format!("m.x = {};", self.expression()),
            4 => {
                let count = self.number();
                let body = self.statement();
                format!("for i in 0..{count} {{ {body} }}")
            }
            5 => {
                let body = self.statement();
                format!("try {{ {body} }} catch (e) {{ n += 1; }}")
            }
            6 => format!("let {v} = {};", self.expression()),
            7 => format!("let b = {}; n += b.len();", self.expression()),
            8 => format!("if {v} == {} {{ n += 1; }}", self.expression()),
            _ => format!("{};", self.expression()),
        }
    }

    fn expression(&mut self) -> String {
        if self.depth > 4 {
            return self.variable().to_string();
        }
        self.depth += 1;
        let e = match self.choose(22) {
            0 | 1 => self.variable().to_string(),
            2 => format!("[{}, {}]", self.expression(), self.expression()),
            3 => format!("#{{ x: {} }}", self.expression()),
            4 => format!("|x| {}", self.expression()),
            5 => format!("|| {}", self.variable()),
            6 => format!("Fn(\"wrap\").curry({})", self.expression()),
            7 => format!("Fn(\"link\").curry({})", self.expression()),
            8 => format!("{}.call()", self.expression()),
            9 => format!("wrap({})", self.expression()),
            10 => format!("twice(Fn(\"wrap\"), {})", self.expression()),
            11 => "deeper(0)".into(),
            12 => "back(0)".into(),
            13 => format!("blob({})", self.number()),
            14 => format!("\"s\".pad({}, 'x')", self.number()),
            15 => format!("{}.len()", self.variable()),
            16 => format!("sleep({})", self.number()),
            17 => "timestamp()".into(),
            18 => format!("[1, 2, 3].map(|x| {})", self.expression()),
            19 => format!("{} + {}", self.expression(), self.expression()),
            20 => format!("{}.curry({})", self.variable(), self.expression()),
            _ => self.number().to_string(),
        };
        self.depth -= 1;
        e
    }
}
