//! What a command line chooses for a game (the ruleset and how it loads, where the game
//! starts, the notation, who plays) and the objects it makes: the loaded ruleset, the
//! game, the seats, and the options a record keeps so `replay` can make them again.

use std::fmt;

use serde::{Deserialize, Serialize};
use variant_run_core::Position;

use super::game::{opening, Game, GameError};
use super::layouts::{layout_for_game_id, layout_for_key, parse_layout, Layout};
use super::notation::Notation;
use super::player_kind::{computer_player, KindError, PlayerKind};
use super::session::Seat;
use crate::printable;
use crate::ruleset::{LoadOptions, Variant, VariantError};

/// Where a game starts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartChoice {
    /// The ruleset's own set-up (placement turns, or tiles drawn from the seed).
    #[default]
    Setup,
    /// Tiles drawn from the seed, skipping any placement turns (`--layout random`).
    RandomLayout,
    /// A given layout: the tile field of a position text (`--layout TILES`).
    Layout(String),
    /// Tiles dealt from a key by the ruleset's keyed generator (`--key N`).
    Key(i64),
    /// ... from the key of a text game id (`--game-id TEXT`).
    GameId(String),
    /// A whole position (`--position TEXT`).
    Position(String),
}

/// The start as the command line gives it (`--position "..."`), for messages.
impl std::fmt::Display for StartChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartChoice::Setup => f.write_str("the ruleset's own set-up"),
            StartChoice::RandomLayout => f.write_str("--layout random"),
            StartChoice::Layout(tiles) => write!(f, "--layout \"{tiles}\""),
            StartChoice::Key(key) => write!(f, "--key {key}"),
            StartChoice::GameId(id) => write!(f, "--game-id \"{id}\""),
            StartChoice::Position(text) => write!(f, "--position \"{text}\""),
        }
    }
}

/// Who plays one side: a player's letter and a kind (`x=human`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerChoice {
    pub letter: char,
    pub kind: PlayerKind,
}

impl std::str::FromStr for PlayerChoice {
    type Err = String;

    /// Reads `x=human`, `o=mcts:2000`.
    fn from_str(text: &str) -> Result<PlayerChoice, String> {
        let (letter, kind) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}` is not `<letter>=<kind>`, such as `x=human`"))?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => c,
            _ => return Err(format!("`{letter}` is not a player's letter")),
        };
        Ok(PlayerChoice {
            letter,
            kind: kind.parse().map_err(|e: KindError| e.to_string())?,
        })
    }
}

impl fmt::Display for PlayerChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.letter, self.kind)
    }
}

/// A choice the ruleset cannot honour (a player letter it does not have).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// Everything chosen for a game. A sharded study keeps it in its results files
/// (serde), to tell whether shards played the same games and to play them again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// A ruleset name or the path of a variant folder.
    pub ruleset: String,
    pub size: Option<u32>,
    pub tiles: Option<String>,
    pub params: Vec<(String, String)>,
    pub start: StartChoice,
    pub seed: u64,
    pub notation: Option<String>,
    pub players: Vec<PlayerChoice>,
}

/// The default match when a side is not chosen: a capture-seeking player against a random
/// one.
pub const DEFAULT_KINDS: [PlayerKind; 2] = [PlayerKind::Greedy, PlayerKind::Random];

impl GameSetup {
    /// Loads the ruleset with the chosen size, tiles and params (a start position's rows
    /// give the size when none is chosen).
    ///
    /// # Errors
    /// The ruleset cannot be found or does not load with these choices.
    pub fn load(&self) -> Result<Variant, VariantError> {
        Variant::load_named_with(&self.ruleset, &self.load_options())
    }

    /// The choices the ruleset is loaded with: a game with the same ones plays on the
    /// same load.
    pub fn load_options(&self) -> LoadOptions {
        LoadOptions {
            size: self.size,
            tiles: self.tiles.clone(),
            params: self.params.clone(),
            position: match &self.start {
                StartChoice::Position(text) => Some(text.clone()),
                _ => None,
            },
        }
    }

    /// The chosen notation of a loaded ruleset.
    ///
    /// # Errors
    /// The ruleset has no notation of that name.
    pub fn notation<'v>(&self, variant: &'v Variant) -> Result<Notation<'v>, GameError> {
        Notation::named(variant, self.notation.as_deref())
    }

    /// A new game: from the chosen position, or from the chosen layout and the ruleset's
    /// set-up, with the seed drawing whatever is random.
    ///
    /// # Errors
    /// The choice does not fit the ruleset, or its end-of-game script fails.
    pub fn game<'v>(&self, variant: &'v Variant) -> Result<Game<'v>, GameError> {
        match &self.start {
            StartChoice::Position(text) => {
                let position = variant
                    .model
                    .parse_position(text)
                    .map_err(|e| GameError::Setup(e.to_string()))?;
                Game::from_position(variant, position)
            }
            _ => Game::new(variant, self.layout(variant)?, self.seed),
        }
    }

    /// The position a game starts its play from: the chosen position, or the opening
    /// after any set-up turns (played as `random`, as computer players do).
    ///
    /// # Errors
    /// As [`GameSetup::game`].
    pub fn start_position(&self, variant: &Variant) -> Result<Position, GameError> {
        match &self.start {
            StartChoice::Position(_) => Ok(self.game(variant)?.position().clone()),
            _ => opening(variant, self.layout(variant)?, self.seed),
        }
    }

    fn layout(&self, variant: &Variant) -> Result<Layout, GameError> {
        Ok(match &self.start {
            StartChoice::Setup | StartChoice::Position(_) => Layout::Setup,
            StartChoice::RandomLayout => Layout::Random,
            StartChoice::Layout(tiles) => parse_layout(variant, Some(tiles))?,
            StartChoice::Key(key) => layout_for_key(variant, *key)?,
            StartChoice::GameId(id) => layout_for_game_id(variant, id)?,
        })
    }

    /// The kinds of player of the two sides, by player id: the chosen ones, the default
    /// match for sides not chosen.
    ///
    /// # Errors
    /// A letter that is not one of the ruleset's players, or a side chosen twice.
    pub fn kinds(&self, variant: &Variant) -> Result<[PlayerKind; 2], SetupError> {
        let rules = &variant.model.rules;
        let mut kinds = DEFAULT_KINDS;
        let mut chosen = [false, false];
        for choice in &self.players {
            let player = rules.player_by_letter(choice.letter).ok_or_else(|| {
                SetupError(format!(
                    "--player {choice}: {} has no player `{}` (its players are {} and {})",
                    variant.name,
                    choice.letter,
                    rules.player_letter(0),
                    rules.player_letter(1)
                ))
            })? as usize;
            if std::mem::replace(&mut chosen[player], true) {
                return Err(SetupError(format!(
                    "--player {}: that side is chosen twice",
                    choice.letter
                )));
            }
            kinds[player] = choice.kind;
        }
        Ok(kinds)
    }

    /// The seats: the chosen players, the default match for sides not chosen. Computer
    /// players are seeded from the game's seed and their side.
    ///
    /// # Errors
    /// As [`GameSetup::kinds`].
    pub fn seats(&self, variant: &Variant) -> Result<[Seat; 2], SetupError> {
        let kinds = self.kinds(variant)?;
        let seed = self.seed;
        Ok([0u64, 1].map(|p| {
            let kind = kinds[p as usize];
            match computer_player(&kind, seed.wrapping_mul(2).wrapping_add(p + 1)) {
                Some(player) => Seat::Computer { kind, player },
                None => Seat::Human,
            }
        }))
    }

    /// Refuses a ruleset name or an option's text that is not one line of safe text:
    /// they are written into a record's `ruleset` and `options` lines (and shown in
    /// reports), which must read back as they were written. A newline in `--param` once
    /// split the options line, and the rest of the value was lost. The start position is
    /// checked too (a record's `start` line).
    ///
    /// # Errors
    /// The first such text, named by its option and shown escaped, on one line.
    pub fn check_texts(&self) -> Result<(), SetupError> {
        let mut texts: Vec<(&str, String)> = vec![("the ruleset", self.ruleset.clone())];
        if let Some(tiles) = &self.tiles {
            texts.push(("--tiles", tiles.clone()));
        }
        match &self.start {
            StartChoice::Layout(text) => texts.push(("--layout", text.clone())),
            StartChoice::GameId(text) => texts.push(("--game-id", text.clone())),
            StartChoice::Position(text) => texts.push(("--position", text.clone())),
            _ => {}
        }
        if let Some(notation) = &self.notation {
            texts.push(("--notation", notation.clone()));
        }
        for (name, value) in &self.params {
            texts.push(("--param", format!("{name}={value}")));
        }
        for (flag, text) in texts {
            if let Some(c) = text.chars().find(|&c| printable::is_unsafe(c)) {
                return Err(SetupError(format!(
                    "{flag} `{}`: an option's value is one line of text; this one holds {}",
                    printable::printable(&text),
                    printable::unsafe_words(c)
                )));
            }
        }
        Ok(())
    }

    /// The options a record keeps to make the same game again, as they are typed.
    pub fn record_options(&self) -> Vec<String> {
        let mut out = vec!["--seed".to_string(), self.seed.to_string()];
        let mut add = |flag: &str, value: String| {
            out.push(flag.to_string());
            out.push(value);
        };
        if let Some(size) = self.size {
            add("--size", size.to_string());
        }
        if let Some(tiles) = &self.tiles {
            add("--tiles", tiles.clone());
        }
        for (name, value) in &self.params {
            add("--param", format!("{name}={value}"));
        }
        match &self.start {
            StartChoice::Setup | StartChoice::Position(_) => {}
            StartChoice::RandomLayout => add("--layout", "random".into()),
            StartChoice::Layout(tiles) => add("--layout", tiles.clone()),
            StartChoice::Key(key) => add("--key", key.to_string()),
            StartChoice::GameId(id) => add("--game-id", id.clone()),
        }
        if let Some(notation) = &self.notation {
            add("--notation", notation.clone());
        }
        out
    }
}
