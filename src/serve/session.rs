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
use variant_run_core::{CellId, PlayerId, Position};

use super::compare::{CompareRequest, CompareStatus};
use super::reply::{Answer, Reply};
use super::thinker::{Job, Thinker, Thought};
use super::view::{self, Frame};
use super::watch::Watcher;
use super::{ReadOptions, ServeError, ServeOptions};
use crate::draw::Highlight;
use crate::play::choices::{Action, Choice, ChoiceTable, Spot};
use crate::play::players::check_kind;
use crate::play::record::Record;
use crate::play::setup::{GameSetup, StartChoice};
use crate::play::tournament::computer_kinds;
use crate::play::{replay, Game, GameError, Notation};
use crate::printable::printable;
use crate::ruleset::{find_variant, Variant};

/// A click's choice, as the page sends it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceIn {
    pub action: String,
    pub at: String,
    #[serde(default)]
    pub detail: String,
}

/// A click on a spot that offers no choice: a cell or a junction (`on`), by name.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClickIn {
    pub on: String,
    pub at: String,
}

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
            | Request::CompareChoices => Some(false),
            _ => Some(true),
        }
    }
}

/// What reaches the session's thread.
pub enum Message {
    Ask(Request, oneshot::Sender<Answer>),
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
}

impl Handle {
    /// Sends a request and waits for its answer.
    pub async fn ask(&self, request: Request) -> Answer {
        let (send, answer) = oneshot::channel();
        if self.inbox.send(Message::Ask(request, send)).is_err() {
            return Err((503, "the game has stopped".into()));
        }
        answer
            .await
            .unwrap_or_else(|_| Err((503, "the game has stopped".into())))
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
    let mut session = Session {
        dir: dir.clone(),
        setup: options.setup.clone(),
        kinds: [String::new(), String::new()],
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
    Ok(Handle { inbox, state, dir })
}

/// The page's players: those chosen, and for a side not chosen a person for the first
/// player and the capture-seeking player for the second (a page is for playing).
fn page_kinds(variant: &Variant, setup: &GameSetup, chosen: [String; 2]) -> [String; 2] {
    let rules = &variant.model.rules;
    let mut kinds = chosen;
    for (side, default) in [(0, "human"), (1, "greedy")] {
        let letter = rules.player_letter(side);
        if !setup.players.iter().any(|p| p.letter == letter) {
            kinds[side as usize] = default.to_string();
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
    kind: String,
    since: Instant,
}

/// What lasts across reloads.
pub(super) struct Session {
    dir: PathBuf,
    setup: GameSetup,
    kinds: [String; 2],
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

/// A live game: the loaded ruleset, the game, and each position it went through.
struct Live<'v> {
    variant: &'v Variant,
    game: Game<'v>,
    notation: Notation<'v>,
    frames: Vec<Frame>,
    /// Each turn as shown, in the game's notation.
    shown: Vec<String>,
    table: Option<(usize, ChoiceTable)>,
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
                Message::Ask(_, answer) => {
                    let _ = answer.send(Err((
                        409,
                        "the ruleset does not load: fix the problems shown and save".into(),
                    )));
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
                Message::Ask(request, answer) => {
                    let changes = request.changes();
                    let ply = live.game.history().len();
                    let (reply, exit) = self.answer(&mut live, request);
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
        Ok(live)
    }

    /// Starts the computer's turn when a computer is to move, once the time between
    /// computer turns has passed; `true` when it played one at once (a set-up turn).
    fn start_computer_turn(&mut self, live: &mut Live) -> bool {
        let game = &live.game;
        let side = game.to_move();
        let kind = self.kinds[side as usize].clone();
        let waits = self.paused
            || self.thinking.is_some()
            || game.outcome().is_some()
            || game.history().len() >= self.max_turns
            || kind == "human";
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
            if let Err(e) = live.play_typed("random") {
                self.note = Some(e.to_string());
                self.paused = true;
            }
            self.turns = live.server_texts();
            self.publish(live);
            return true;
        }
        self.thinking = Some(Thinking {
            game: self.game_id,
            ply: game.history().len(),
            kind: kind.clone(),
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
        self.thinking = None;
        match thought
            .turn
            .map_err(GameError::Setup)
            .and_then(|text| live.play_server_text(&text))
        {
            Ok(()) => self.turns = live.server_texts(),
            Err(e) => {
                self.note = Some(format!("the computer could not play: {e}"));
                self.paused = true;
            }
        }
        self.publish(live);
    }

    /// Answers a request; an exit when the game must be played on another load.
    fn answer(&mut self, live: &mut Live, request: Request) -> (Answer, Option<Exit>) {
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
                self.choose(live, &choices, click.as_ref(), play)
            }
            Request::Play { ply: asked, text } => {
                if asked != ply {
                    return (Ok(refused("the game has moved on; try again")), None);
                }
                if self.kinds[live.game.to_move() as usize] != "human" {
                    return (Ok(refused("it is the computer's turn")), None);
                }
                match live.play_typed(&text) {
                    Ok(shown) => {
                        self.after_turn(live);
                        Ok(Reply::Json(json!({ "ok": true, "played": shown })))
                    }
                    Err(e) => Ok(refused(&printable(&e.to_string()))),
                }
            }
            Request::Undo => {
                // Back to before the last turn a person played (or the start).
                let humans: Vec<bool> = self.kinds.iter().map(|k| k == "human").collect();
                let mut keep = ply.saturating_sub(1);
                while keep > 0 && !humans[live.frames[keep].to_move as usize] {
                    keep -= 1;
                }
                self.paused = humans.iter().all(|h| !h);
                return self.rewind(live, keep);
            }
            Request::Truncate { ply: to } => {
                if to > ply {
                    return (
                        Err((400, format!("the game has {ply} turns, not {to}"))),
                        None,
                    );
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
            Request::Picture { ply: asked } => match asked {
                None => Ok(Reply::Svg(view::picture(
                    live.variant,
                    live.frames.last(),
                    true,
                    &live.game,
                ))),
                Some(k) if k <= ply => Ok(Reply::Svg(view::picture(
                    live.variant,
                    live.frames.get(k),
                    false,
                    &live.game,
                ))),
                Some(k) => Err((404, format!("the game has {ply} turns, not {k}"))),
            },
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
            Request::CompareReport => match &self.compare.report {
                Some(html) => Ok(Reply::Html(html.clone())),
                None => Err((404, "no comparison has finished yet".into())),
            },
        };
        (answer, None)
    }

    fn after_turn(&mut self, live: &mut Live) {
        self.turns = live.server_texts();
        self.note = None;
        self.next_computer = None;
    }

    /// The clicks of a person's turn.
    fn choose(
        &mut self,
        live: &mut Live,
        choices: &[ChoiceIn],
        click: Option<&ClickIn>,
        play: bool,
    ) -> Answer {
        if let Some(bad) = choices
            .iter()
            .find(|c| Action::from_word(&c.action).is_none())
        {
            return Err((
                400,
                format!("`{}` is not an action", printable(&bad.action)),
            ));
        }
        if self.kinds[live.game.to_move() as usize] != "human" {
            return Ok(refused("it is the computer's turn"));
        }
        if live.game.in_setup() || live.game.outcome().is_some() {
            return Ok(refused("there is no turn to click here"));
        }
        let variant = live.variant;
        let notation = live.notation;
        let position = live.game.position().clone();
        let table = live.table().map_err(|e| (500, e.to_string()))?;
        let board = position.board();
        let mut made = Vec::new();
        for choice in choices {
            made.push(read_choice(table, board, choice)?);
        }
        let next = table.next(&made);
        if !made.is_empty() && next.choices.is_empty() && next.complete.is_none() {
            let (before, last) = made.split_at(made.len() - 1);
            let text = table.refusal(variant, &position, notation, before, last[0].spot);
            return Ok(refused(&text));
        }
        if let Some(click) = click {
            let cell = match click.on.as_str() {
                "cell" => true,
                "point" => false,
                other => {
                    return Err((
                        400,
                        format!("`{}` is not `cell` or `point`", printable(other)),
                    ))
                }
            };
            let spot = table.spot(cell, &click.at).ok_or_else(|| {
                (
                    400,
                    format!("`{}` names no {} here", printable(&click.at), click.on),
                )
            })?;
            let text = table.refusal(variant, &position, notation, &made, spot);
            return Ok(refused(&text));
        }
        let complete = next.complete.map(|i| table.turns()[i].clone());
        if let Some(turn) = &complete {
            if play || next.choices.is_empty() {
                let shown = notation.write(&variant.model, &position, turn);
                return match live.play_legal(turn.clone(), shown.clone()) {
                    Ok(()) => {
                        self.after_turn(live);
                        Ok(Reply::Json(json!({ "ok": true, "played": shown })))
                    }
                    Err(e) => Ok(refused(&e.to_string())),
                };
            }
        } else if play {
            return Ok(refused("these clicks do not make a whole turn yet"));
        }
        let next = view::choices_json(&next.choices, board);
        let complete = complete.map(|t| notation.write(&variant.model, &position, &t));
        Ok(Reply::Json(json!({
            "ok": true,
            "next": next,
            "complete": complete,
            "picture": staged_picture(live, &made),
        })))
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
            return Err((400, "give the kinds of both players".into()));
        };
        let mut chosen = [String::new(), String::new()];
        for (side, kind) in [x, o].into_iter().enumerate() {
            let kind = kind.trim();
            if kind != "human" {
                check_kind(kind).map_err(|e| (400, e))?;
                let name = kind.split(':').next().unwrap_or(kind);
                if !computer_kinds().contains(&name) {
                    return Err((400, format!("`{kind}` is not a computer player")));
                }
            }
            chosen[side] = kind.to_string();
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

    /// A record of the game so far, as `play --record` writes one.
    fn record(&self, live: &Live) -> Record {
        let model = &live.variant.model;
        let letter = |p: PlayerId| model.rules.player_letter(p);
        let start = &live.frames[0];
        let turns = live
            .shown
            .iter()
            .enumerate()
            .map(|(i, text)| crate::play::RecordedTurn {
                number: i + 1,
                player: letter(live.frames[i].to_move),
                text: text.clone(),
                line: 0,
            })
            .collect();
        let result = match live.game.outcome() {
            Some(outcome) => Some(crate::play::session::result_line(live.variant, outcome)),
            None if live.game.history().len() >= self.max_turns => Some(format!(
                "stopped after {} turns without a result",
                self.max_turns
            )),
            None => None,
        };
        Record {
            ruleset: self.setup.ruleset.clone(),
            options: self.setup.record_options(),
            players: (0..2)
                .map(|p| format!("{}={}", letter(p), self.kinds[p as usize]))
                .collect(),
            start: (!start.in_setup).then(|| model.position_text(&start.position)),
            turns,
            result,
        }
    }

    /// Loads a record: checked turn by turn as `replay` checks it, and taken whole or not
    /// at all.
    fn load_record(&mut self, live: &mut Live, text: &str) -> (Answer, Option<Exit>) {
        let refuse = |e: &dyn std::fmt::Display| (Ok(refused(&printable(&e.to_string()))), None);
        let record = match Record::parse(text) {
            Ok(record) => record,
            Err(e) => return refuse(&e),
        };
        let same = find_variant(&record.ruleset)
            .ok()
            .and_then(|d| d.canonicalize().ok())
            .zip(self.dir.canonicalize().ok())
            .is_some_and(|(a, b)| a == b);
        if !same {
            return refuse(&format!(
                "this record is a game of `{}`; this page plays {} (start `variant-run {} serve` \
                 to replay it)",
                record.ruleset, live.variant.name, record.ruleset
            ));
        }
        let (variant, mut setup) = match replay::prepare(&record, self.read_options) {
            Ok(prepared) => prepared,
            Err(e) => return refuse(&e),
        };
        let mut game = match replay::start(&record, &variant, &setup) {
            Ok(game) => game,
            Err(e) => return refuse(&e),
        };
        if let Some(start) = &record.start {
            let fresh = setup.game(&variant).ok();
            let differs = fresh.is_none_or(|g| {
                g.in_setup() || variant.model.position_text(g.position()) != *start
            });
            if differs && !game.in_setup() {
                setup.start = StartChoice::Position(start.clone());
            }
        }
        for turn in &record.turns {
            if let Err(e) = replay::play_turn(&mut game, &setup, turn) {
                return refuse(&e);
            }
        }
        let turns: Vec<String> = game.history().iter().map(|p| p.text.clone()).collect();
        drop(game);
        setup.ruleset.clone_from(&self.setup.ruleset);
        setup.players.clear();
        self.setup = setup;
        self.turns = turns;
        self.game_id += 1;
        self.thinking = None;
        self.next_computer = None;
        self.paused = true;
        self.note = Some(format!("record loaded: {} turns", record.turns.len()));
        let ok = Ok(Reply::Json(
            json!({ "ok": true, "turns": record.turns.len() }),
        ));
        if variant.source().options == live.variant.source().options {
            drop(variant);
            let (_, exit) = self.rewind(live, self.turns.len());
            (ok, exit)
        } else {
            (ok, Some(Exit::Switch(Box::new(variant))))
        }
    }

    /// Writes the state and hands it to every page.
    fn publish(&mut self, live: &mut Live) {
        self.version += 1;
        let human = self.kinds[live.game.to_move() as usize] == "human";
        let first = if human && !live.game.in_setup() && live.game.outcome().is_none() {
            match live.table() {
                Ok(table) => Some(table.next(&[]).choices),
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
                "kind": t.kind,
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
        });
        self.publish.send_replace(Arc::from(state.to_string()));
    }
}

impl Live<'_> {
    /// The canonical texts of the turns played.
    fn server_texts(&self) -> Vec<String> {
        self.game.history().iter().map(|p| p.text.clone()).collect()
    }

    /// The choices of the current position, made once per position.
    fn table(&mut self) -> Result<&ChoiceTable, GameError> {
        let ply = self.game.history().len();
        if self.table.as_ref().is_none_or(|(p, _)| *p != ply) {
            let turns = self.game.legal_turns()?;
            let table = ChoiceTable::new(self.variant, self.game.position(), turns)?;
            self.table = Some((ply, table));
        }
        Ok(&self.table.as_ref().expect("made above").1)
    }

    /// Plays a turn as the game writes it (a replayed turn, a computer's turn).
    fn play_server_text(&mut self, text: &str) -> Result<(), GameError> {
        if self.game.in_setup() {
            return self.play_typed(text).map(|_| ());
        }
        let before = self.game.position().clone();
        let turn = Notation::Server.read(self.variant, &before, text)?;
        let shown = self.notation.write(&self.variant.model, &before, &turn);
        self.play_legal(turn, shown)
    }

    /// Plays a turn typed in the game's notation, as the terminal's prompt does.
    fn play_typed(&mut self, text: &str) -> Result<String, GameError> {
        let before = self.snapshot();
        let shown = self.notation.play(&mut self.game, text)?;
        self.record(before, shown.clone());
        Ok(shown)
    }

    fn play_legal(
        &mut self,
        turn: variant_run_core::LegalTurn,
        shown: String,
    ) -> Result<(), GameError> {
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::Over(outcome.reason.clone()));
        }
        let before = self.snapshot();
        self.game.play_legal(turn)?;
        self.record(before, shown);
        Ok(())
    }

    fn snapshot(&self) -> (Position, Vec<CellId>) {
        (self.game.position().clone(), self.game.unplaced_cells())
    }

    /// The frame after a turn just played.
    fn record(&mut self, before: (Position, Vec<CellId>), shown: String) {
        let number = self.game.history().len();
        let player = self.frames.last().map_or(0, |f| f.to_move);
        let letter = self.variant.model.rules.player_letter(player);
        let last = Highlight::between(
            &before.0,
            self.game.position(),
            &before.1,
            &self.game.unplaced_cells(),
            format!("{number}. {letter} {shown}"),
        );
        self.frames.push(Frame::of(&self.game, Some(last)));
        self.shown.push(shown);
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
        if let Message::Ask(_, answer) = message {
            let _ = answer.send(Err((409, "the ruleset is loading again; try again".into())));
        }
    }
}

fn refused(text: &str) -> Reply {
    Reply::Json(json!({ "ok": false, "refusal": text }))
}

/// A choice as the page sent it, read against the current position.
fn read_choice(
    table: &ChoiceTable,
    board: &variant_run_core::Board,
    choice: &ChoiceIn,
) -> Result<Choice, (u16, String)> {
    let action = Action::from_word(&choice.action).ok_or_else(|| {
        (
            400,
            format!("`{}` is not an action", printable(&choice.action)),
        )
    })?;
    let spot = table.spot(action.on_cell(), &choice.at).ok_or_else(|| {
        (
            400,
            format!("`{}` names no cell or junction here", printable(&choice.at)),
        )
    })?;
    let detail = match action {
        Action::Place => {
            let mut letters = choice.detail.chars();
            match (letters.next(), letters.next()) {
                (Some(letter), None) => board.tiles().state_by_letter(letter),
                _ => None,
            }
            .ok_or_else(|| {
                (
                    400,
                    format!("`{}` is not a tile state", printable(&choice.detail)),
                )
            })?
        }
        Action::Part => choice.detail.parse().map_err(|_| {
            (
                400,
                format!("`{}` is not a height", printable(&choice.detail)),
            )
        })?,
        _ => 0,
    };
    Ok(Choice {
        action,
        spot,
        detail,
    })
}

/// While a tile is flipped and before the piece moves, the picture shows the flip made.
fn staged_picture(live: &Live, made: &[Choice]) -> Option<String> {
    let flip = made.first().filter(|c| c.action == Action::Flip)?;
    let Spot::Cell(cell) = flip.spot else {
        return None;
    };
    let mut position = live.game.position().clone();
    let id = position.board().cell_id(cell)?;
    let flipped = position.board().tiles().flipped(position.tile(id));
    position.set_tile(id, flipped);
    Some(view::picture_of(live.variant, &position, &live.game))
}
