//! The game of a `serve` page, on a thread of its own: requests come in over a channel
//! with a channel for the answer, and every change is published as the page's state
//! (see [`super::view`]).
//!
//! The session outlives the ruleset it plays: the choices (seed, size, params, players)
//! and the turns played, as canonical texts, are kept apart from the loaded ruleset, so
//! that when the files change the ruleset is loaded again and the game played again
//! under the new rules, up to the first turn that is no longer legal. While the files do
//! not load, the page shows the problems with their file, line and caret, and the game
//! waits for the next save.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::json;
use tokio::sync::{oneshot, watch};

use super::clicks::{self, ChoiceIn, ClickIn, Clicked};
use super::compare::{CompareRequest, CompareStatus};
use super::kept_records::RecordsFolder;
use super::live::Live;
use super::reply::{Answer, Refusal, Reply};
use super::seats::{Caller, Presented, Seats};
use super::thinker::{Job, Thinker, Thought};
use super::view::{self, Frame};
use super::watch::Watcher;
use super::{ReadOptions, ServeError, ServeOptions};

mod kept;
mod seating;
use crate::play::player_kind::PlayerKind;
use crate::play::setup::{GameSetup, StartChoice};
use crate::play::GameError;
use crate::printable::printable;
use crate::ruleset::{find_variant, Variant};

/// A new game's options, as the page sends them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub seed: Option<u64>,
    pub size: Option<u32>,
    pub tiles: Option<String>,
    #[serde(default)]
    pub params: Vec<(String, String)>,
    pub notation: Option<String>,
    /// `random`, a tile layout, or nothing for the ruleset's own set-up.
    pub layout: Option<String>,
}

/// What the page asks.
pub enum Request {
    /// The clicks made so far in position `ply`; `click`, a spot clicked that offers no
    /// choice (answered with why); `play`, to play the turn the choices make.
    Choose {
        ply: usize,
        choices: Vec<ChoiceIn>,
        click: Option<ClickIn>,
        play: bool,
    },
    /// A typed turn.
    Play {
        ply: usize,
        text: String,
    },
    /// Back to the last position a person was to move in, before the last turn.
    Undo,
    /// Play on from turn `ply`, dropping the turns after it.
    Truncate {
        ply: usize,
    },
    New(NewGame),
    Players(Vec<String>),
    Pause(bool),
    /// Milliseconds between computer turns.
    Speed(u64),
    /// The picture after turn `ply` (the current position if `None`).
    Picture {
        ply: Option<usize>,
    },
    Record,
    LoadRecord(String),
    Compare(CompareRequest),
    CompareReport,
    /// The rulesets a comparison may be made against.
    CompareChoices,
    Seat(SeatRequest),
}

/// What the page asks of the seats.
pub enum SeatRequest {
    /// The seats' invitation links (the host's to hand out).
    Invitations,
    /// Who the caller is: the host, a seat's holder, or a spectator.
    Me,
    /// A person takes a side's seat under a name.
    Take { side: char, name: String },
    /// A seat's holder leaves it, or the host frees it.
    Free { side: char },
}

impl Request {
    /// Whether answering it changes the state the page shows: `None` for clicks, which
    /// do only when they play a turn.
    fn changes(&self) -> Option<bool> {
        match self {
            Request::Choose { .. } => None,
            Request::Picture { .. }
            | Request::Record
            | Request::CompareReport
            | Request::CompareChoices
            | Request::Seat(SeatRequest::Invitations | SeatRequest::Me) => Some(false),
            _ => Some(true),
        }
    }
}

/// What reaches the session's thread.
pub enum Message {
    /// A request, with the keys it presents.
    Ask(Request, Presented, oneshot::Sender<Answer>),
    FilesChanged,
    Thought(Thought),
    Compare(CompareStatus),
}

/// How the page reaches the session.
#[derive(Clone)]
pub struct Handle {
    inbox: Sender<Message>,
    pub state: watch::Receiver<Arc<str>>,
    /// The ruleset's folder, whose files the page may read.
    pub dir: PathBuf,
    /// The host's key, for the link printed when the server starts.
    pub host_key: String,
}

impl Handle {
    /// Sends a request, with the keys it presents, and waits for its answer.
    pub async fn ask(&self, request: Request, keys: Presented) -> Answer {
        let (send, answer) = oneshot::channel();
        if self.inbox.send(Message::Ask(request, keys, send)).is_err() {
            return Err(Refusal::Stopped);
        }
        answer.await.unwrap_or(Err(Refusal::Stopped))
    }
}

/// Loads the ruleset, plays the start of the game, and starts the session's thread.
///
/// # Errors
/// The ruleset does not load, or the game cannot start with these options.
pub fn start(options: &ServeOptions) -> Result<Handle, ServeError> {
    let dir = find_variant(&options.setup.ruleset)?;
    let (inbox, messages) = mpsc::channel();
    let (publish, state) = watch::channel(Arc::from("{}"));
    // The first load happens here, so a mistake stops `serve` before it listens; the
    // session's thread loads its own copy (scripts stay on the thread that compiled them).
    let first = options.setup.load()?;
    check_setup(&first, &options.setup).map_err(|e| ServeError::Game(e.to_string()))?;
    drop(first);
    let thinker = {
        let inbox = inbox.clone();
        Thinker::start(move |thought| {
            let _ = inbox.send(Message::Thought(thought));
        })
    };
    let watcher = {
        let inbox = inbox.clone();
        Watcher::new(&dir, move || {
            let _ = inbox.send(Message::FilesChanged);
        })
        .map_err(|e| ServeError::Game(format!("cannot watch the ruleset's files: {e}")))?
    };
    let seats = Seats::new()
        .map_err(|e| ServeError::Game(format!("no random bytes for the seats' keys: {e}")))?;
    let host_key = seats.host_key().text().to_string();
    let records = options
        .records
        .as_deref()
        .map(RecordsFolder::open)
        .transpose()?;
    let mut session = Session {
        seats,
        played_by: Vec::new(),
        records,
        game_file: None,
        dir: dir.clone(),
        setup: options.setup.clone(),
        kinds: [PlayerKind::Human; 2],
        turns: Vec::new(),
        paused: false,
        speed: Duration::from_millis(250),
        max_turns: options.max_turns,
        note: None,
        problems: None,
        game_id: 1,
        rules_version: 1,
        thinking: None,
        next_computer: None,
        compare: CompareStatus::default(),
        publish,
        thinker,
        inbox: inbox.clone(),
        read_options: options.read_options,
        watcher,
        version: 0,
        pending: None,
    };
    let (ready_send, ready) = mpsc::channel();
    thread::Builder::new().name("game".into()).spawn(move || {
        let first = match session.setup.load() {
            Ok(variant) => variant,
            Err(e) => {
                let _ = ready_send.send(Err(e.to_string()));
                return;
            }
        };
        match session.setup.kinds(&first) {
            Ok(kinds) => session.kinds = page_kinds(&first, &session.setup, kinds),
            Err(e) => {
                let _ = ready_send.send(Err(e.to_string()));
                return;
            }
        }
        let _ = ready_send.send(Ok(()));
        session.run(first, &messages);
    })?;
    ready
        .recv()
        .unwrap_or_else(|_| Err("the game's thread stopped".into()))
        .map_err(ServeError::Game)?;
    // The page is served once the game's first state is there.
    let published = Instant::now();
    while state.borrow().len() <= 2 && published.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(2));
    }
    Ok(Handle {
        inbox,
        state,
        dir,
        host_key,
    })
}

/// The page's players: those chosen, and for a side not chosen a person for the first
/// player and the capture-seeking player for the second (a page is for playing).
fn page_kinds(variant: &Variant, setup: &GameSetup, chosen: [PlayerKind; 2]) -> [PlayerKind; 2] {
    let rules = &variant.model.rules;
    let mut kinds = chosen;
    for (side, default) in [(0, PlayerKind::Human), (1, PlayerKind::Greedy)] {
        let letter = rules.player_letter(side);
        if !setup.players.iter().any(|p| p.letter == letter) {
            kinds[side as usize] = default;
        }
    }
    kinds
}

/// Checks that the game the options choose starts, and that the players and the
/// notation fit the ruleset.
fn check_setup(variant: &Variant, setup: &GameSetup) -> Result<(), GameError> {
    setup
        .kinds(variant)
        .map_err(|e| GameError::Setup(e.to_string()))?;
    setup.notation(variant)?;
    setup.game(variant).map(|_| ())
}

/// A computer turn being chosen.
struct Thinking {
    game: u64,
    ply: usize,
    kind: PlayerKind,
    since: Instant,
}

/// What lasts across reloads.
pub(super) struct Session {
    /// Who may do what.
    seats: Seats,
    /// Who played each of `turns`, as a record's `players` line writes a player.
    played_by: Vec<String>,
    /// Where games people play are kept (`--records`).
    records: Option<RecordsFolder>,
    /// The current game's file there, once a person has played in it.
    game_file: Option<PathBuf>,
    dir: PathBuf,
    setup: GameSetup,
    kinds: [PlayerKind; 2],
    /// The turns played, as the game writes them (canonical server texts).
    turns: Vec<String>,
    paused: bool,
    speed: Duration,
    max_turns: usize,
    /// A sentence for the page: a reload, a turn dropped, a computer that failed.
    note: Option<String>,
    /// The ruleset's problems, while its files do not load (or a script fails).
    problems: Option<String>,
    /// Changes whenever the computer's pending answer stops mattering.
    game_id: u64,
    rules_version: u64,
    thinking: Option<Thinking>,
    next_computer: Option<Instant>,
    compare: CompareStatus,
    publish: watch::Sender<Arc<str>>,
    thinker: Thinker,
    inbox: Sender<Message>,
    read_options: ReadOptions,
    watcher: Watcher,
    version: u64,
    /// The answer to a request that needed the ruleset loaded again, sent once the game
    /// on the new load is published.
    pending: Option<(oneshot::Sender<Answer>, Answer)>,
}

/// Why a live game stopped.
enum Exit {
    /// The files changed: load them again.
    Reload,
    /// Play on with another loaded ruleset (other options chosen).
    Switch(Box<Variant>),
    /// The page's server is gone.
    Quit,
}

impl Session {
    fn run(&mut self, first: Variant, messages: &Receiver<Message>) {
        let mut loaded = Some(first);
        loop {
            let exit = match &loaded {
                Some(variant) => self.live(variant, messages),
                None => self.broken(messages),
            };
            match exit {
                Exit::Quit => return,
                Exit::Switch(variant) => loaded = Some(*variant),
                Exit::Reload => {
                    let started = Instant::now();
                    // The old copy goes first: its scripts are dropped before new ones load.
                    loaded = None;
                    self.rules_version += 1;
                    self.game_id += 1;
                    self.thinking = None;
                    let _ = self.watcher.follow(&self.dir);
                    match self.setup.load() {
                        Ok(variant) => {
                            self.problems = None;
                            self.note = Some(format!(
                                "the ruleset changed and loaded again in {} ms",
                                started.elapsed().as_millis()
                            ));
                            loaded = Some(variant);
                        }
                        Err(e) => {
                            self.problems = Some(problems(&self.dir, &e));
                            self.note = Some(
                                "the ruleset changed and no longer loads: the game waits \
                                 for the next save"
                                    .into(),
                            );
                        }
                    }
                }
            }
        }
    }

    /// While the files do not load: the problems are shown, and requests refused.
    fn broken(&mut self, messages: &Receiver<Message>) -> Exit {
        self.publish_broken();
        if let Some((answer, reply)) = self.pending.take() {
            let _ = answer.send(reply);
        }
        for message in messages {
            match message {
                Message::FilesChanged => {
                    settle(messages);
                    return Exit::Reload;
                }
                Message::Ask(_, _, answer) => {
                    let _ = answer.send(Err(Refusal::DoesNotLoad));
                }
                Message::Thought(_) => {}
                Message::Compare(status) => {
                    self.compare = status;
                    self.publish_broken();
                }
            }
        }
        Exit::Quit
    }

    fn publish_broken(&mut self) {
        self.version += 1;
        let state = json!({
            "version": self.version,
            "broken": true,
            "ruleset": self.setup.ruleset,
            "note": self.note,
            "problems": self.problems,
            "compare": self.compare.json(),
        });
        self.publish.send_replace(Arc::from(state.to_string()));
    }

    /// Plays the game on a loaded ruleset until the files change or other options need
    /// another load.
    fn live(&mut self, variant: &Variant, messages: &Receiver<Message>) -> Exit {
        let mut live = match self.replayed(variant) {
            Ok(live) => live,
            Err(e) => {
                self.problems = Some(e);
                return self.broken(messages);
            }
        };
        self.publish(&mut live);
        if let Some((answer, reply)) = self.pending.take() {
            let _ = answer.send(reply);
        }
        loop {
            // A computer's set-up turn is played at once, and the next one scheduled.
            while self.start_computer_turn(&mut live) {}
            let message = match self.next_computer {
                Some(at) => {
                    match messages.recv_timeout(at.saturating_duration_since(Instant::now())) {
                        Ok(message) => message,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => return Exit::Quit,
                    }
                }
                None => match messages.recv() {
                    Ok(message) => message,
                    Err(_) => return Exit::Quit,
                },
            };
            match message {
                Message::FilesChanged => {
                    settle(messages);
                    return Exit::Reload;
                }
                Message::Thought(thought) => self.thought(&mut live, thought),
                Message::Compare(status) => {
                    let finished = status.finished();
                    self.compare = status;
                    // The comparison sends its progress a few times a second.
                    if finished || self.compare.running {
                        self.publish(&mut live);
                    }
                }
                Message::Ask(request, keys, answer) => {
                    let changes = request.changes();
                    let ply = live.game.history().len();
                    let (reply, exit) = match self.seats.caller(&keys) {
                        Ok(caller) => self.answer(&mut live, request, caller),
                        Err(refusal) => (Err(Refusal::Seat(refusal)), None),
                    };
                    // The answer goes once the state it leads to is published, so a page
                    // that asks for the state next sees it.
                    if let Some(exit) = exit {
                        self.pending = Some((answer, reply));
                        return exit;
                    }
                    // A click that only narrows the choices changes nothing shown.
                    if changes.unwrap_or(live.game.history().len() != ply) {
                        self.publish(&mut live);
                    }
                    let _ = answer.send(reply);
                }
            }
        }
    }

    /// The game the session's choices and turns make on `variant`, played again turn by
    /// turn; a turn no longer legal ends it there, with a note.
    fn replayed<'v>(&mut self, variant: &'v Variant) -> Result<Live<'v>, String> {
        let notation = self.setup.notation(variant).map_err(|e| e.to_string())?;
        let game = self.setup.game(variant).map_err(|e| e.to_string())?;
        let mut live = Live {
            variant,
            frames: vec![Frame::of(&game, None)],
            game,
            notation,
            shown: Vec::new(),
            table: None,
        };
        let turns = std::mem::take(&mut self.turns);
        for (i, text) in turns.iter().enumerate() {
            if let Err(e) = live.play_server_text(text) {
                if let GameError::Script(d) = &e {
                    self.problems = Some(d.to_string());
                }
                let kept = if i == 0 {
                    "the game starts again".to_string()
                } else {
                    format!("the game goes on after turn {i}")
                };
                self.note = Some(format!(
                    "turn {} `{}` is not legal under the new rules ({}); {kept}",
                    i + 1,
                    printable(text),
                    printable(&e.to_string())
                ));
                break;
            }
        }
        self.turns = live.server_texts();
        self.played_by.truncate(self.turns.len());
        Ok(live)
    }

    /// Starts the computer's turn when a computer is to move, once the time between
    /// computer turns has passed; `true` when it played one at once (a set-up turn).
    fn start_computer_turn(&mut self, live: &mut Live) -> bool {
        let game = &live.game;
        let side = game.to_move();
        let kind = self.kinds[side as usize];
        let waits = self.paused
            || self.thinking.is_some()
            || game.outcome().is_some()
            || game.history().len() >= self.max_turns
            || kind.is_human();
        if waits {
            self.next_computer = None;
            return false;
        }
        let now = Instant::now();
        match self.next_computer {
            None => {
                self.next_computer = Some(now + self.speed);
                return false;
            }
            Some(at) if at > now => return false,
            Some(_) => self.next_computer = None,
        }
        if game.in_setup() {
            // Computer players lay set-up tiles at random, as they do in `play`.
            match live.play_typed("random") {
                Ok(_) => self.played(live, kind.to_string()),
                Err(e) => {
                    self.note = Some(e.to_string());
                    self.paused = true;
                }
            }
            self.publish(live);
            return true;
        }
        self.thinking = Some(Thinking {
            game: self.game_id,
            ply: game.history().len(),
            kind,
            since: now,
        });
        self.thinker.ask(Job {
            game: self.game_id,
            ply: game.history().len(),
            source: live.variant.source(),
            rules_version: self.rules_version,
            position: game.position().clone(),
            side,
            kind,
            seed: self.setup.seed,
        });
        self.publish(live);
        false
    }

    fn thought(&mut self, live: &mut Live, thought: Thought) {
        let current = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.game == thought.game && t.ply == thought.ply);
        if !current || thought.game != self.game_id {
            return;
        }
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let played = match thought.turn {
            Ok(text) => live.play_server_text(&text).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        match played {
            Ok(()) => self.played(live, thinking.kind.to_string()),
            Err(e) => {
                self.note = Some(format!("the computer could not play: {e}"));
                self.paused = true;
            }
        }
        self.publish(live);
    }

    /// Answers a request; an exit when the game must be played on another load.
    fn answer(
        &mut self,
        live: &mut Live,
        request: Request,
        caller: Caller,
    ) -> (Answer, Option<Exit>) {
        if let Err(refusal) = self.permitted(live, &request, caller) {
            return (Ok(refused(&refusal.to_string())), None);
        }
        let ply = live.game.history().len();
        let answer = match request {
            Request::Choose {
                ply: asked,
                choices,
                click,
                play,
            } => {
                if asked != ply {
                    return (Ok(refused("the game has moved on; try again")), None);
                }
                self.choose(live, &choices, click.as_ref(), play, caller)
            }
            Request::Play { ply: asked, text } => {
                if asked != ply {
                    return (Ok(refused("the game has moved on; try again")), None);
                }
                if !self.kinds[live.game.to_move() as usize].is_human() {
                    return (Ok(refused("it is the computer's turn")), None);
                }
                match live.play_typed(&text) {
                    Ok(shown) => {
                        self.after_turn(live, self.person(caller));
                        Ok(Reply::Json(json!({ "ok": true, "played": shown })))
                    }
                    Err(e) => Ok(refused(&printable(&e.to_string()))),
                }
            }
            Request::Undo => {
                // Back to before the last turn a person played (or the start).
                let humans = self.kinds.map(|k| k.is_human());
                let mut keep = ply.saturating_sub(1);
                while keep > 0 && !humans[live.frames[keep].to_move as usize] {
                    keep -= 1;
                }
                self.paused = humans.iter().all(|h| !h);
                return self.rewind(live, keep);
            }
            Request::Truncate { ply: to } => {
                if to > ply {
                    let past = Refusal::PastTheEnd {
                        played: ply,
                        asked: to,
                    };
                    return (Err(past), None);
                }
                self.paused = true;
                return self.rewind(live, to);
            }
            Request::New(options) => return self.new_game(live, options),
            Request::Players(kinds) => self.players(live, &kinds),
            Request::Pause(paused) => {
                self.paused = paused;
                Ok(Reply::Json(json!({ "ok": true })))
            }
            Request::Speed(ms) => {
                self.speed = Duration::from_millis(ms.min(10_000));
                Ok(Reply::Json(json!({ "ok": true })))
            }
            Request::Picture { ply: asked } => picture(live, asked),
            Request::Record => Ok(Reply::Text(self.record(live).to_string())),
            Request::LoadRecord(text) => return self.load_record(live, &text),
            Request::Compare(request) => {
                super::compare::start(&mut self.compare, &self.setup, live.variant, request, {
                    let inbox = self.inbox.clone();
                    move |status| {
                        let _ = inbox.send(Message::Compare(status));
                    }
                })
            }
            Request::CompareChoices => Ok(Reply::Json(super::compare::choices(live.variant))),
            Request::Seat(request) => self.seat_request(live, request, caller),
            Request::CompareReport => match &self.compare.report {
                Some(html) => Ok(Reply::Html(html.clone())),
                None => Err(Refusal::NoComparisonReport),
            },
        };
        (answer, None)
    }

    /// After a turn played by `who` (a record's `players` word: a computer's kind, or
    /// a person), whoever played it.
    fn played(&mut self, live: &Live, who: String) {
        self.turns = live.server_texts();
        self.played_by.truncate(self.turns.len().saturating_sub(1));
        self.played_by.push(who);
        self.keep_record(live, None);
    }

    /// After a person's turn: the last note and a computer's pending start go too.
    fn after_turn(&mut self, live: &mut Live, who: String) {
        // Cleared first: a record that cannot be written says so in the note.
        self.note = None;
        self.next_computer = None;
        self.played(live, who);
    }

    /// The clicks of a person's turn.
    fn choose(
        &mut self,
        live: &mut Live,
        choices: &[ChoiceIn],
        click: Option<&ClickIn>,
        play: bool,
        caller: Caller,
    ) -> Answer {
        if !self.kinds[live.game.to_move() as usize].is_human() {
            return Ok(refused("it is the computer's turn"));
        }
        match clicks::answer(live, choices, click, play)? {
            Clicked::Played(shown) => {
                self.after_turn(live, self.person(caller));
                Ok(Reply::Json(json!({ "ok": true, "played": shown })))
            }
            Clicked::Answer(reply) => Ok(reply),
        }
    }

    fn rewind(&mut self, live: &mut Live, keep: usize) -> (Answer, Option<Exit>) {
        self.turns.truncate(keep);
        self.game_id += 1;
        self.thinking = None;
        self.next_computer = None;
        match self.replayed(live.variant) {
            Ok(again) => {
                *live = again;
                (Ok(Reply::Json(json!({ "ok": true }))), None)
            }
            Err(e) => (Ok(refused(&e)), None),
        }
    }

    fn players(&mut self, live: &mut Live, kinds: &[String]) -> Answer {
        let [x, o] = kinds else {
            return Err(Refusal::KindsOfBoth);
        };
        let mut chosen = [PlayerKind::Human; 2];
        for (side, kind) in [x, o].into_iter().enumerate() {
            chosen[side] = kind.trim().parse().map_err(Refusal::NotAKind)?;
        }
        for side in 0..2u8 {
            if !chosen[side as usize].is_human() {
                // A seat turned into a computer's is no one's, and its link stops playing.
                self.seats.renew(side);
            }
        }
        self.kinds = chosen;
        self.game_id += 1;
        self.thinking = None;
        self.next_computer = None;
        self.paused = false;
        let _ = live;
        Ok(Reply::Json(json!({ "ok": true })))
    }

    fn new_game(&mut self, live: &mut Live, options: NewGame) -> (Answer, Option<Exit>) {
        let mut setup = self.setup.clone();
        setup.seed = options.seed.unwrap_or(setup.seed);
        setup.size = options.size;
        setup.tiles = options.tiles.filter(|t| !t.trim().is_empty());
        setup.params = options.params;
        setup.notation = options.notation.filter(|n| !n.trim().is_empty());
        setup.start = match options.layout.as_deref().map(str::trim) {
            None | Some("") => StartChoice::Setup,
            Some("random") => StartChoice::RandomLayout,
            Some(tiles) => StartChoice::Layout(tiles.to_string()),
        };
        let reload = setup.load_options() != live.variant.source().options;
        let other = if reload {
            match setup.load() {
                Ok(variant) => Some(variant),
                Err(e) => return (Ok(refused(&printable(&e.to_string()))), None),
            }
        } else {
            None
        };
        let check = check_setup(other.as_ref().unwrap_or(live.variant), &setup);
        if let Err(e) = check {
            return (Ok(refused(&printable(&e.to_string()))), None);
        }
        self.leave_game(live);
        self.setup = setup;
        self.turns.clear();
        self.game_id += 1;
        self.thinking = None;
        self.next_computer = None;
        self.note = None;
        self.paused = false;
        match other {
            Some(variant) => (
                Ok(Reply::Json(json!({ "ok": true }))),
                Some(Exit::Switch(Box::new(variant))),
            ),
            None => {
                let (answer, _) = self.rewind(live, 0);
                (answer, None)
            }
        }
    }

    /// Writes the state and hands it to every page.
    fn publish(&mut self, live: &mut Live) {
        self.version += 1;
        let human = self.kinds[live.game.to_move() as usize].is_human();
        let first = if human && live.game.outcome().is_none() {
            match clicks::first_choices(live) {
                Ok(choices) => Some(choices),
                Err(e) => {
                    self.note = Some(e.to_string());
                    None
                }
            }
        } else {
            None
        };
        let thinking = self.thinking.as_ref().map(|t| {
            json!({
                "kind": t.kind.to_string(),
                "ms": t.since.elapsed().as_millis() as u64,
            })
        });
        let state = view::state(&view::StateParts {
            version: self.version,
            game_id: self.game_id,
            variant: live.variant,
            setup: &self.setup,
            kinds: &self.kinds,
            game: &live.game,
            frames: &live.frames,
            shown: &live.shown,
            first: first.as_deref(),
            thinking,
            paused: self.paused,
            speed_ms: self.speed.as_millis() as u64,
            max_turns: self.max_turns,
            note: self.note.as_deref(),
            problems: self.problems.as_deref(),
            compare: self.compare.json(),
            notation: live.notation.name(),
            holders: [self.seats.holder(0), self.seats.holder(1)],
            records: self.records.is_some(),
        });
        self.publish.send_replace(Arc::from(state.to_string()));
    }
}

/// The problems of a ruleset that does not load, as `check` lists them (every problem
/// of the stage that failed), each with its file, line and caret.
fn problems(dir: &std::path::Path, error: &crate::ruleset::VariantError) -> String {
    let report = crate::check::check(dir);
    if report.problems.is_empty() {
        return error.to_string();
    }
    report
        .problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Lets the events of one save settle, then drops them.
fn settle(messages: &Receiver<Message>) {
    thread::sleep(super::watch::SETTLE);
    let mut kept = Vec::new();
    while let Ok(message) = messages.try_recv() {
        if !matches!(message, Message::FilesChanged) {
            kept.push(message);
        }
    }
    // Requests that came in meanwhile are answered by the next copy of the game (the
    // page asks again when it is refused); computer answers are stale by now.
    for message in kept {
        if let Message::Ask(_, _, answer) = message {
            let _ = answer.send(Err(Refusal::Reloading));
        }
    }
}

/// The picture after turn `ply`, or of the current position (with click targets).
fn picture(live: &Live, ply: Option<usize>) -> Answer {
    let played = live.game.history().len();
    match ply {
        None => Ok(Reply::Svg(view::picture(
            live.variant,
            live.frames.last(),
            true,
            &live.game,
        ))),
        Some(k) if k <= played => Ok(Reply::Svg(view::picture(
            live.variant,
            live.frames.get(k),
            false,
            &live.game,
        ))),
        Some(k) => Err(Refusal::NoSuchTurn { played, asked: k }),
    }
}

fn refused(text: &str) -> Reply {
    Reply::Json(json!({ "ok": false, "refusal": text }))
}
