//! Computer turns, on a worker thread with its own copy of the ruleset, so the session
//! answers the page while a player searches.
//!
//! The worker keeps each side's player from one computer turn to the next, as `play`
//! does, so a game between computer players in the page is the game `play` plays with
//! the same seed and players. A new game, an undo, a record loaded or a ruleset reloaded
//! starts new players (the session's game id changes); an answer for a game that is
//! gone is dropped by the session.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use variant_run_core::{PlayerId, Position};

use crate::play::computer_turn::play_computer_turn;
use crate::play::player::Player;
use crate::play::player_kind::{computer_player, PlayerKind};
use crate::play::{Game, GameError, Notation};
use crate::ruleset::{Variant, VariantError, VariantSource};

/// A computer turn to choose.
pub struct Job {
    /// The game it belongs to (the session's game id) and the number of turns played.
    pub game: u64,
    pub ply: usize,
    /// The ruleset as the session loaded it, and which version of its files.
    pub source: VariantSource,
    pub rules_version: u64,
    pub position: Position,
    pub side: PlayerId,
    pub kind: PlayerKind,
    /// The game's seed: each side's player is seeded from it as `play` seeds it.
    pub seed: u64,
}

/// What the worker decided: the canonical text of the turn, or why it could not.
pub struct Thought {
    pub game: u64,
    pub ply: usize,
    pub turn: Result<String, ThinkError>,
}

/// Why the worker has no turn for the page.
#[derive(Debug, thiserror::Error)]
pub enum ThinkError {
    #[error("the ruleset did not load for the computer: {0}")]
    Load(#[from] VariantError),
    /// The side's kind is a person's (the session asks only for computers' turns).
    #[error("`{0}` is not a computer player")]
    NotComputer(PlayerKind),
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The worker's inbox.
#[derive(Clone)]
pub struct Thinker {
    jobs: Sender<Job>,
}

impl Thinker {
    /// Starts the worker; its answers go to `answer`.
    pub fn start(answer: impl Fn(Thought) + Send + 'static) -> Thinker {
        let (jobs, inbox) = mpsc::channel();
        thread::Builder::new()
            .name("computer turns".into())
            .spawn(move || work(&inbox, &answer))
            .expect("a thread for computer turns");
        Thinker { jobs }
    }

    /// Asks for a turn; the answer comes through the `answer` given to [`Thinker::start`].
    pub fn ask(&self, job: Job) {
        // The worker ends only when every sender is gone.
        let _ = self.jobs.send(job);
    }
}

/// The worker's loop: its copy of the ruleset, reloaded when the files change, and the
/// players of the current game.
fn work(inbox: &Receiver<Job>, answer: &dyn Fn(Thought)) {
    let mut loaded: Option<(u64, String, Variant)> = None;
    let mut players: BTreeMap<(u64, PlayerId), (PlayerKind, Box<dyn Player>)> = BTreeMap::new();
    for job in inbox {
        let key = format!("{:?}", job.source);
        let fresh = loaded
            .as_ref()
            .is_some_and(|(v, k, _)| *v == job.rules_version && *k == key);
        if !fresh {
            match job.source.load() {
                Ok(variant) => loaded = Some((job.rules_version, key, variant)),
                Err(e) => {
                    answer(Thought {
                        game: job.game,
                        ply: job.ply,
                        turn: Err(ThinkError::Load(e)),
                    });
                    continue;
                }
            }
        }
        let Some((_, _, variant)) = &loaded else {
            continue;
        };
        players.retain(|(game, _), _| *game == job.game);
        let seat = (job.game, job.side);
        if players.get(&seat).is_none_or(|(kind, _)| *kind != job.kind) {
            let seed = job
                .seed
                .wrapping_mul(2)
                .wrapping_add(u64::from(job.side) + 1);
            match computer_player(&job.kind, seed) {
                Some(player) => {
                    players.insert(seat, (job.kind, player));
                }
                None => {
                    answer(Thought {
                        game: job.game,
                        ply: job.ply,
                        turn: Err(ThinkError::NotComputer(job.kind)),
                    });
                    continue;
                }
            }
        }
        let (kind, player) = players.get_mut(&seat).expect("made above");
        let turn = choose(variant, job.position, player.as_mut(), kind);
        answer(Thought {
            game: job.game,
            ply: job.ply,
            turn,
        });
    }
}

/// The player's turn from `position`, played on the worker's copy of the game as `play`
/// plays it, as the server notation writes it (the session plays that text again).
fn choose(
    variant: &Variant,
    position: Position,
    player: &mut dyn Player,
    kind: &PlayerKind,
) -> Result<String, ThinkError> {
    let mut game = Game::from_position(variant, position)?;
    Ok(play_computer_turn(
        &mut game,
        player,
        kind,
        &Notation::Server,
    )?)
}
