//! A study split over many machines: the games of a `match`, a `compare` or an
//! `evaluate`, played in shards that each write their games to a results file as they
//! end, then merged into the report one machine would have printed.
//!
//! - [`Study`]: what is played, in parts (one match, the two of a comparison, the
//!   ladder steps and self-play of an evaluation), and the fingerprint of each part's
//!   ruleset. Its games are numbered through the parts, and shard `K` of `N` plays those
//!   whose number leaves `K - 1` divided by `N` ([`shard`]): every shard gets some of
//!   every part, so shards take about as long.
//! - [`results_file`]: a shard's results, one game a line after a header that describes
//!   the study, appended and flushed as each game ends.
//! - [`run`]: plays a shard, or the rest of it: the games already in the results folder
//!   are not played again.
//! - [`inputs`]: what `report` was given: a study's results files, or game records.
//! - [`merge`]: reads any number of results files, checks that they belong together and
//!   that no game is missing or recorded two ways, and gives back each part's result,
//!   its games added in game order exactly as a one-machine run adds them: the report is
//!   the same byte for byte.

pub mod inputs;
pub mod merge;
pub mod results_file;
pub mod run;
pub mod shard;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::play::evaluation::Evaluation;
use crate::play::setup::GameSetup;
use crate::play::tournament::{MatchError, MatchResult, MatchSpec, ReadyMatch};

/// The command a study's games belong to: how its parts make a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StudyKind {
    /// `variant-run <ruleset> match`: one part.
    Match,
    /// `variant-run compare <A> <B>`: two parts, A then B.
    Compare,
    /// `variant-run <ruleset> evaluate`: the ladder's steps, then the self-play match.
    Evaluate,
}

impl StudyKind {
    /// The command's name, as typed.
    pub fn command(self) -> &'static str {
        match self {
            StudyKind::Match => "match",
            StudyKind::Compare => "compare",
            StudyKind::Evaluate => "evaluate",
        }
    }
}

/// One match of a study.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The ruleset as asked for, its options, the seed and the players of game 0.
    pub setup: GameSetup,
    pub games: usize,
    pub max_turns: usize,
    /// The fingerprint of the ruleset's files when the study was started
    /// ([`crate::ruleset::fingerprint`]).
    pub fingerprint: String,
}

/// What a study plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    pub kind: StudyKind,
    pub parts: Vec<Part>,
}

/// What a study's games add up to, ready for its report.
pub enum StudyResult {
    Match(MatchResult),
    /// A and B (boxed: two results are far larger than the other variants).
    Compare(Box<[MatchResult; 2]>),
    Evaluate(Evaluation),
}

/// A study that cannot be played, merged or reported.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A file or folder cannot be read or written.
    #[error("{path}: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Anything else: the message says what and where.
    #[error("{0}")]
    Refused(String),
}

impl StudyError {
    pub fn io(path: impl Into<PathBuf>, error: std::io::Error) -> StudyError {
        StudyError::Io {
            path: path.into(),
            error,
        }
    }
}

impl Study {
    /// The study of these matches, checked and loaded, with their rulesets' fingerprints.
    pub fn of(kind: StudyKind, matches: &[ReadyMatch]) -> Study {
        let parts = matches
            .iter()
            .map(|ready| {
                let spec = ready.spec();
                Part {
                    setup: spec.setup.clone(),
                    games: spec.games,
                    max_turns: spec.max_turns,
                    fingerprint: ready.variant().fingerprint.clone(),
                }
            })
            .collect();
        Study { kind, parts }
    }

    /// The matches of its parts, to check and play again; `keep_games` as for
    /// [`MatchSpec::keep_games`].
    pub fn specs(&self, keep_games: bool) -> Vec<MatchSpec> {
        self.parts
            .iter()
            .map(|part| MatchSpec {
                setup: part.setup.clone(),
                games: part.games,
                max_turns: part.max_turns,
                keep_games,
                // Results files never list positions (see `MatchSpec::positions`).
                positions: false,
            })
            .collect()
    }

    /// How many games it plays in all.
    pub fn games(&self) -> usize {
        self.parts.iter().map(|p| p.games).sum()
    }

    /// The study-wide number of game `index` of part `part`: parts' games follow each
    /// other.
    pub fn number(&self, part: usize, index: usize) -> usize {
        self.parts[..part].iter().map(|p| p.games).sum::<usize>() + index
    }

    /// The part a study-wide game number falls in, and its index there.
    pub fn locate(&self, mut number: usize) -> Option<(usize, usize)> {
        for (part, p) in self.parts.iter().enumerate() {
            if number < p.games {
                return Some((part, number));
            }
            number -= p.games;
        }
        None
    }

    /// A part's name in messages: `A (truchet-browne)`, `ladder step 2 (mcts:100
    /// against greedy)`, or nothing for a match's one part.
    pub fn part_name(&self, part: usize) -> String {
        let p = &self.parts[part];
        let kinds: Vec<String> = p.setup.players.iter().map(|c| c.kind.to_string()).collect();
        match self.kind {
            StudyKind::Match => "the match".to_string(),
            StudyKind::Compare => {
                let name = if part == 0 { "A" } else { "B" };
                format!("{name} ({})", p.setup.ruleset)
            }
            StudyKind::Evaluate if part + 1 == self.parts.len() => {
                format!("the self-play match ({})", kinds.join(" against "))
            }
            StudyKind::Evaluate => {
                format!("ladder step {} ({})", part + 1, kinds.join(" against "))
            }
        }
    }

    /// The first way `other` is another study than this one, in a designer's words, or
    /// `None` if they are the same study. `names` say where each is: `["there", "here"]`
    /// (the other's value first).
    pub fn difference(&self, other: &Study, names: [&str; 2]) -> Option<String> {
        let [there, here] = names;
        if self.kind != other.kind {
            return Some(format!(
                "`{}` {there}, `{}` {here}",
                other.kind.command(),
                self.kind.command()
            ));
        }
        if self.parts.len() != other.parts.len() {
            return Some(format!(
                "{} matches {there}, {} {here} (another --ladder?)",
                other.parts.len(),
                self.parts.len()
            ));
        }
        for (i, (mine, theirs)) in self.parts.iter().zip(&other.parts).enumerate() {
            let name = self.part_name(i);
            let (a, b) = (&theirs.setup, &mine.setup);
            let differs = |what: &str, a: String, b: String| {
                (a != b).then(|| format!("{name}: {what} {a} {there}, {b} {here}"))
            };
            let players = |s: &GameSetup| {
                let p: Vec<String> = s.players.iter().map(|c| c.to_string()).collect();
                p.join(" ")
            };
            let found = differs("ruleset", a.ruleset.clone(), b.ruleset.clone())
                .or_else(|| {
                    differs(
                        "options",
                        a.record_options().join(" "),
                        b.record_options().join(" "),
                    )
                })
                .or_else(|| differs("start", a.start.to_string(), b.start.to_string()))
                .or_else(|| differs("players", players(a), players(b)))
                .or_else(|| differs("games", theirs.games.to_string(), mine.games.to_string()))
                .or_else(|| {
                    differs(
                        "--max-turns",
                        theirs.max_turns.to_string(),
                        mine.max_turns.to_string(),
                    )
                })
                .or_else(|| {
                    (theirs.fingerprint != mine.fingerprint).then(|| {
                        format!(
                            "{name}: the ruleset's files differ (fingerprint {} {there}, {} \
                             {here})",
                            theirs.fingerprint, mine.fingerprint
                        )
                    })
                });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

impl StudyResult {
    /// The result of a study's parts, in order.
    ///
    /// # Panics
    /// If the number of results does not fit the kind (a bug: the parts come from the
    /// study).
    pub fn of(kind: StudyKind, mut results: Vec<MatchResult>) -> StudyResult {
        match kind {
            StudyKind::Match => StudyResult::Match(results.pop().expect("one match")),
            StudyKind::Compare => {
                let b = results.pop().expect("two matches");
                let a = results.pop().expect("two matches");
                StudyResult::Compare(Box::new([a, b]))
            }
            StudyKind::Evaluate => {
                let self_play = results.pop().expect("the self-play match");
                StudyResult::Evaluate(Evaluation {
                    steps: results,
                    self_play,
                })
            }
        }
    }
}
