//! Who may play a side, as a value: a person, or one of the built-in computer players
//! with the budget it was given. A kind is read from its text once, where it enters the
//! program (a command line, the page, a results file), and written back as the same
//! text wherever it is shown or kept (a record's `players` line, a report, the page).
//! A kind's name, its text, what it does and the player it makes are all here: a new
//! kind of player is a variant of [`PlayerKind`] and its player.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::alphabeta::{self, AlphaBetaPlayer, BadLimit, Limit};
use super::mcts::{BadBudget, Budget, MctsPlayer, Scoring, DEFAULT_PLAYOUTS};
use super::player::Player;
use super::players::{GreedyPlayer, RandomPlayer};

/// A kind of player, as `--player x=<kind>` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A person at the terminal or at a seat of the page.
    Human,
    /// A uniformly random legal turn.
    Random,
    /// The best turn one step ahead.
    Greedy,
    /// Monte Carlo tree search: `mcts`, `mcts-lead`, with the budget after a colon if one
    /// was given (`mcts:2000`, `mcts:500ms`; none means the default playouts).
    Mcts {
        scoring: Scoring,
        budget: Option<Budget>,
    },
    /// Alpha-beta search: `alphabeta`, with the depth or time after a colon if one was
    /// given (`alphabeta:6`, `alphabeta:300ms`; none means the default depth).
    AlphaBeta { limit: Option<Limit> },
}

/// Every kind by its name, without a budget, as the help and the page list them, with
/// what it does.
pub const PLAYER_KINDS: &[(PlayerKind, &str)] = &[
    (PlayerKind::Random, "plays a uniformly random legal turn"),
    (
        PlayerKind::Greedy,
        "wins at once if it can, never lets the opponent win at once if it can help it, \
         else plays the turn the ruleset's `evaluate` likes best (without one, the one that \
         takes the most pieces)",
    ),
    (
        PlayerKind::Mcts {
            scoring: Scoring::Gain,
            budget: None,
        },
        "searches the turns with random playouts (Monte Carlo tree search), scoring a \
         playout it cuts off by the lead it gained; `mcts:2000` gives it 2000 playouts a \
         turn (1000 without), `mcts:500ms` half a second",
    ),
    (
        PlayerKind::Mcts {
            scoring: Scoring::Lead,
            budget: None,
        },
        "mcts scoring the playouts it cuts off by the lead they stand at rather than the \
         lead they gained (mcts's scoring until 2026-11-26): far ahead, every playout looks \
         won to it, and it lets won endgames run into a draw; budgets as for mcts",
    ),
    (
        PlayerKind::AlphaBeta { limit: None },
        "the classical robot: alpha-beta search over half-turn steps (a flip, then a stack \
         move), four deep (`alphabeta:6` six, `alphabeta:300ms` as deep as 0.3 s of thinking \
         allows), with a transposition table, scoring the positions it reaches by the \
         ruleset's `evaluate`, or by material, goals, stacks, regions, mobility and threats \
         (far ahead, also by how close it has come to what is left); where the end rule \
         draws after a run of turns without a capture, a score fades toward half as that \
         run nears its end, so a lead is pressed rather than held",
    ),
    (PlayerKind::Human, "you: type turns in the terminal"),
];

impl PlayerKind {
    /// The kind's name, the part before any colon: `mcts` for `mcts:500ms`.
    pub fn name(&self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Mcts {
                scoring: Scoring::Gain,
                ..
            } => "mcts",
            PlayerKind::Mcts {
                scoring: Scoring::Lead,
                ..
            } => "mcts-lead",
            PlayerKind::AlphaBeta { .. } => "alphabeta",
        }
    }

    /// Whether a person plays this side (every other kind is a computer player).
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerKind::Human)
    }

    /// The names of the computer players, as a match may use them, in the order of
    /// [`PLAYER_KINDS`].
    pub fn computer_names() -> Vec<&'static str> {
        PLAYER_KINDS
            .iter()
            .filter(|(kind, _)| !kind.is_human())
            .map(|(kind, _)| kind.name())
            .collect()
    }

    /// The kind of a name alone (`mcts`, no budget), if it is one.
    fn of_name(name: &str) -> Option<PlayerKind> {
        PLAYER_KINDS
            .iter()
            .map(|(kind, _)| *kind)
            .find(|kind| kind.name() == name)
    }
}

impl FromStr for PlayerKind {
    type Err = KindError;

    /// Reads a kind as written: a name of [`PLAYER_KINDS`], and for `mcts`, `mcts-lead`
    /// and `alphabeta` perhaps a budget after a colon (`mcts:2000`, `alphabeta:300ms`).
    ///
    /// # Errors
    /// An unknown kind, or a budget that does not read.
    fn from_str(text: &str) -> Result<PlayerKind, KindError> {
        let (name, budget) = match text.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (text, None),
        };
        let Some(kind) = PlayerKind::of_name(name) else {
            return Err(KindError::Unknown(text.to_string()));
        };
        let Some(budget) = budget else {
            return Ok(kind);
        };
        match kind {
            PlayerKind::Mcts { scoring, .. } => Ok(PlayerKind::Mcts {
                scoring,
                budget: Some(Budget::parse(name, budget).map_err(KindError::Budget)?),
            }),
            PlayerKind::AlphaBeta { .. } => Ok(PlayerKind::AlphaBeta {
                limit: Some(alphabeta::parse_limit(budget).map_err(KindError::Limit)?),
            }),
            _ => Err(KindError::TakesNoBudget(text.to_string())),
        }
    }
}

/// Why a text is not a kind of player; its sentence is made where it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindError {
    /// No kind has this name (the whole text).
    Unknown(String),
    /// A kind that takes no budget was given one (the whole text).
    TakesNoBudget(String),
    /// A search player's budget that does not read.
    Budget(BadBudget),
    /// The robot's depth or time that does not read.
    Limit(BadLimit),
}

impl fmt::Display for KindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KindError::Unknown(text) => {
                let names: Vec<&str> = PLAYER_KINDS.iter().map(|(k, _)| k.name()).collect();
                write!(
                    f,
                    "`{text}` is not a kind of player; the kinds are {}",
                    names.join(", ")
                )
            }
            KindError::TakesNoBudget(text) => write!(
                f,
                "`{text}`: only `mcts` and `mcts-lead` take a budget after a colon \
                 (`mcts:2000`, `mcts:500ms`), \
                 and `alphabeta` a depth or a time (`alphabeta:6`, `alphabeta:300ms`)"
            ),
            KindError::Budget(bad) => bad.fmt(f),
            KindError::Limit(bad) => bad.fmt(f),
        }
    }
}

impl std::error::Error for KindError {}

/// Makes a built-in computer player of a kind; `None` for a person (`human` is the
/// CLI's and the page's business).
pub fn computer_player(kind: &PlayerKind, seed: u64) -> Option<Box<dyn Player>> {
    Some(match *kind {
        PlayerKind::Human => return None,
        PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
        PlayerKind::Greedy => Box::new(GreedyPlayer::new(seed)),
        PlayerKind::Mcts { scoring, budget } => Box::new(
            MctsPlayer::new(budget.unwrap_or(Budget::Playouts(DEFAULT_PLAYOUTS)), seed)
                .with_scoring(scoring),
        ),
        PlayerKind::AlphaBeta { limit } => Box::new(AlphaBetaPlayer::new(
            limit.unwrap_or(Limit::Depth(alphabeta::DEFAULT_DEPTH)),
        )),
    })
}

/// The kind as it is written on a command line: it reads back as the same kind.
impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            PlayerKind::Mcts {
                budget: Some(Budget::Playouts(n)),
                ..
            } => write!(f, ":{n}"),
            PlayerKind::Mcts {
                budget: Some(Budget::Millis(ms)),
                ..
            }
            | PlayerKind::AlphaBeta {
                limit: Some(Limit::Millis(ms)),
            } => write!(f, ":{ms}ms"),
            PlayerKind::AlphaBeta {
                limit: Some(Limit::Depth(depth)),
            } => write!(f, ":{depth}"),
            _ => Ok(()),
        }
    }
}

/// Kept as its text (a study's results files hold a game's set-up), so the files read
/// as they did when kinds were texts.
impl Serialize for PlayerKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PlayerKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PlayerKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_and_writes_back_the_same() {
        let texts = [
            "human",
            "random",
            "greedy",
            "mcts",
            "mcts:2000",
            "mcts:500ms",
            "mcts-lead",
            "mcts-lead:60",
            "mcts-lead:1ms",
            "alphabeta",
            "alphabeta:4",
            "alphabeta:12",
            "alphabeta:300ms",
        ];
        for text in texts {
            let kind: PlayerKind = text.parse().unwrap();
            assert_eq!(kind.to_string(), text);
            assert_eq!(kind.to_string().parse::<PlayerKind>(), Ok(kind));
        }
        for (kind, _) in PLAYER_KINDS {
            assert_eq!(kind.to_string().parse::<PlayerKind>(), Ok(*kind));
        }
    }

    #[test]
    fn a_kind_reads_as_the_value_it_names() {
        assert_eq!("human".parse(), Ok(PlayerKind::Human));
        assert_eq!(
            "mcts:500ms".parse(),
            Ok(PlayerKind::Mcts {
                scoring: Scoring::Gain,
                budget: Some(Budget::Millis(500)),
            })
        );
        assert_eq!(
            "mcts-lead".parse(),
            Ok(PlayerKind::Mcts {
                scoring: Scoring::Lead,
                budget: None,
            })
        );
        assert_eq!(
            "alphabeta:6".parse(),
            Ok(PlayerKind::AlphaBeta {
                limit: Some(Limit::Depth(6)),
            })
        );
        assert!(!"greedy".parse::<PlayerKind>().unwrap().is_human());
    }

    #[test]
    fn a_bad_kind_is_refused_in_one_sentence() {
        assert_eq!(
            "robot".parse::<PlayerKind>().map_err(|e| e.to_string()),
            Err(
                "`robot` is not a kind of player; the kinds are random, greedy, mcts, \
                 mcts-lead, alphabeta, human"
                    .to_string()
            )
        );
        assert_eq!(
            "greedy:3".parse::<PlayerKind>().map_err(|e| e.to_string()),
            Err(
                "`greedy:3`: only `mcts` and `mcts-lead` take a budget after a colon \
                 (`mcts:2000`, `mcts:500ms`), and `alphabeta` a depth or a time \
                 (`alphabeta:6`, `alphabeta:300ms`)"
                    .to_string()
            )
        );
        for bad in [
            "mcts:lots",
            "mcts:0",
            "mcts-lead:",
            "alphabeta:0",
            "alphabeta:13",
        ] {
            assert!(bad.parse::<PlayerKind>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_kind_is_kept_as_its_text() {
        let kind: PlayerKind = "mcts:500ms".parse().unwrap();
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(json, r#""mcts:500ms""#);
        assert_eq!(serde_json::from_str::<PlayerKind>(&json).unwrap(), kind);
        assert!(serde_json::from_str::<PlayerKind>(r#""robot""#).is_err());
    }
}
