//! `compare` from the page: the same seeded games on this ruleset and another (its base,
//! or any ruleset `list` shows), on worker threads that load their own copies, with the
//! games played so far reported as they finish; at the end, the HTML report `compare
//! --html` writes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Value};

use super::reply::{Answer, Refusal, Reply};
use crate::play::player_kind::PlayerKind;
use crate::play::setup::{GameSetup, PlayerChoice, DEFAULT_KINDS};
use crate::play::tournament::{MatchSpec, DEFAULT_GAMES, DEFAULT_MAX_TURNS};
use crate::report::{html, Comparison, Summary};
use crate::ruleset::{list_variants, Variant};

/// The most games a comparison from the page plays on each ruleset.
pub const MAX_GAMES: usize = 10_000;

/// How often progress is sent to the page.
const PROGRESS_EVERY: Duration = Duration::from_millis(150);

/// What the page asks to compare.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// `base` (the ruleset this one extends) or a ruleset's name from `list`.
    pub against: String,
    pub games: Option<usize>,
    /// The two computer players, by side.
    pub players: Option<Vec<String>>,
}

/// A comparison's progress and result.
#[derive(Clone, Debug, Default)]
pub struct CompareStatus {
    pub running: bool,
    pub against: Option<String>,
    /// Games played so far, of `total` (both rulesets).
    pub done: usize,
    pub total: usize,
    pub error: Option<String>,
    /// The HTML report, once it is written.
    pub report: Option<String>,
    /// The figures whose intervals are apart, by label.
    pub differences: Vec<String>,
}

impl CompareStatus {
    pub fn finished(&self) -> bool {
        !self.running
    }

    pub fn json(&self) -> Value {
        json!({
            "running": self.running,
            "against": self.against,
            "done": self.done,
            "total": self.total,
            "error": self.error,
            "report": self.report.is_some(),
            "differences": self.differences,
        })
    }
}

/// The rulesets a comparison may be made against: the base (if any), then `list`'s.
pub fn choices(variant: &Variant) -> Value {
    let others: Vec<String> = list_variants()
        .into_iter()
        .map(|v| v.name)
        .filter(|n| *n != variant.name)
        .collect();
    json!({
        "base": variant.extends.as_ref().map(|d| d.display().to_string()),
        "others": others,
    })
}

/// Starts a comparison on a thread of its own; `send` gets its progress and its end.
pub fn start(
    status: &mut CompareStatus,
    setup: &GameSetup,
    variant: &Variant,
    request: CompareRequest,
    send: impl Fn(CompareStatus) + Send + Sync + 'static,
) -> Answer {
    if status.running {
        return Err(Refusal::ComparisonRunning);
    }
    let against = match request.against.as_str() {
        "base" => match &variant.extends {
            Some(dir) => dir.display().to_string(),
            None => return Err(Refusal::NoBase(variant.name.clone())),
        },
        name => {
            if !list_variants().iter().any(|v| v.name == name) {
                return Err(Refusal::NotARuleset(name.to_string()));
            }
            name.to_string()
        }
    };
    let games = request.games.unwrap_or(DEFAULT_GAMES);
    if games == 0 || games > MAX_GAMES {
        return Err(Refusal::GamesOutOfRange { most: MAX_GAMES });
    }
    let [x, o] = match &request.players {
        None => DEFAULT_KINDS,
        Some(texts) => computer_kinds(texts)?,
    };
    let rules = &variant.model.rules;
    let mut a = setup.clone();
    a.ruleset = variant.dir.display().to_string();
    a.players = vec![
        PlayerChoice {
            letter: rules.player_letter(0),
            kind: x,
        },
        PlayerChoice {
            letter: rules.player_letter(1),
            kind: o,
        },
    ];
    let mut b = a.clone();
    b.ruleset.clone_from(&against);
    *status = CompareStatus {
        running: true,
        against: Some(against),
        done: 0,
        total: 2 * games,
        ..CompareStatus::default()
    };
    let first = status.clone();
    thread::Builder::new()
        .name("compare".into())
        .spawn(move || {
            let end = run([a, b], games, first.clone(), &send);
            send(end);
        })
        .map_err(Refusal::CannotStartComparison)?;
    Ok(Reply::Json(json!({ "ok": true })))
}

/// The two kinds of computer player a comparison is asked for, read from the page's
/// texts.
fn computer_kinds(texts: &[String]) -> Result<[PlayerKind; 2], Refusal> {
    let [x, o] = texts else {
        return Err(Refusal::KindsOfBoth);
    };
    let mut kinds = [PlayerKind::Human; 2];
    for (kind, text) in kinds.iter_mut().zip([x, o]) {
        *kind = text.parse().map_err(Refusal::NotAKind)?;
        if kind.is_human() {
            return Err(Refusal::NotAComputer(text.clone()));
        }
    }
    Ok(kinds)
}

/// Plays both matches and writes the report.
fn run(
    setups: [GameSetup; 2],
    games: usize,
    status: CompareStatus,
    send: &(dyn Fn(CompareStatus) + Send + Sync),
) -> CompareStatus {
    let fail = |e: String| CompareStatus {
        running: false,
        error: Some(e),
        ..status.clone()
    };
    let specs = setups.map(|setup| MatchSpec {
        setup,
        games,
        max_turns: DEFAULT_MAX_TURNS,
        // The comparison reads only the tallies, never the games one by one.
        keep_games: false,
        positions: false,
    });
    let mut ready = Vec::new();
    for (name, spec) in ["A", "B"].iter().zip(&specs) {
        match spec.ready() {
            Ok(r) => ready.push(r),
            Err(e) => return fail(format!("{name} ({}): {e}", spec.setup.ruleset)),
        }
    }
    // One core stays free for the page and the game.
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let pool = match crate::parallel::pool(Some(cores.saturating_sub(1).max(1))) {
        Ok(pool) => pool,
        Err(e) => return fail(e.to_string()),
    };
    let done = AtomicUsize::new(0);
    let last = Mutex::new(Instant::now());
    let progress = || {
        let now_done = done.fetch_add(1, Ordering::Relaxed) + 1;
        let mut last = last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.elapsed() >= PROGRESS_EVERY {
            *last = Instant::now();
            send(CompareStatus {
                done: now_done,
                ..status.clone()
            });
        }
    };
    let mut summaries = Vec::new();
    for (name, ready) in ["A", "B"].iter().zip(&ready) {
        match ready.play_on(&pool, &progress) {
            Ok(result) => summaries.push(Summary::of(&result)),
            Err(e) => return fail(format!("{name}: {e}")),
        }
    }
    let b = summaries.pop().expect("two summaries");
    let a = summaries.pop().expect("two summaries");
    let comparison = Comparison::of(a, b);
    CompareStatus {
        running: false,
        done: status.total,
        differences: comparison
            .differences
            .iter()
            .map(|d| d.label.clone())
            .collect(),
        report: Some(html::compare_page(&comparison)),
        ..status
    }
}
