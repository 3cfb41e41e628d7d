//! Playing a ruleset: games turn by turn, turns in notations, layouts dealt from keys,
//! computer players, sessions that write a game's transcript, and matches of many games.

pub mod alphabeta;
pub mod appraisal;
pub mod choices;
pub mod computer_turn;
pub mod criteria;
pub mod evaluation;
pub mod game;
pub mod game_count;
pub mod game_record;
pub mod input;
pub mod laying;
pub mod layouts;
pub mod lead;
pub mod listing;
pub mod lookahead;
pub mod mcts;
pub mod notation;
pub mod player;
pub mod player_kind;
pub mod players;
pub mod playout;
pub mod prompt;
pub mod record;
pub mod record_games;
pub mod replay;
pub mod samples;
pub mod session;
pub mod setup;
pub mod show;
pub mod tally;
pub mod thinking_time;
pub mod tournament;
pub mod transposition;
pub mod turn_filter;
pub mod turn_list;

pub use game::{opening, Game, GameError, Played};
pub use layouts::{parse_layout, Layout};
pub use notation::Notation;
pub use record::{Record, RecordError, RecordedTurn};
