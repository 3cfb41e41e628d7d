//! The search player (`mcts`): Monte Carlo tree search with UCT, its positions scored by
//! random playouts drawn with the staged sampler ([`super::playout`]).
//!
//! Each search step walks down the tree by UCT, adds one position, plays a short random
//! playout from it and scores the result for each side. A playout that has not ended
//! after [`PLAYOUT_TURNS`] turns is scored by the ruleset's `evaluate`, or without one by
//! material (pieces on the board and still to receive) and each side's progress toward
//! the goals its end rule asks about (`GoalWorth`; a chain's where the tree's own turns
//! left it, which random turns would scatter), which tells far more than a random
//! game played to its end would: random Truchet games run for hundreds of turns and end
//! by chance.
//!
//! Truchet positions have hundreds of distinct turns, so a node opens its turns a few at
//! a time (progressive widening): the turns that take the most enemy pieces first, the
//! rest in a seeded random order, one more each time the node's visits grow enough.
//! Below the root that order is drawn as it is needed, the way playouts draw their turns
//! ([`turn_list`]): most nodes open two or three turns of hundreds.
//! Where the ruleset has an `evaluate`, the root takes its turns in turn from that order
//! and from the turns the evaluation says gain on the position, best first, so that a
//! step toward a scripted goal is searched as early as a capture ([`turn_list::root_turns`]). The
//! tree is kept between turns: when the game reaches a position the tree already holds
//! (the opponent answered as searched), the search goes on from there.
//!
//! A cut-off playout is scored by the lead it gained over the position searched from,
//! not by the lead it stands at. Scored by the lead (`mcts-lead`, mcts's scoring until
//! 2026-11-26), every playout far ahead scores near 1 whatever it did, so the search
//! cannot tell a turn that brings the last enemy pieces within reach from one that
//! wanders, and a won endgame runs into the quiet-turn draw; scored by the gain, a
//! playout that took more stands out again. What the search reports of its choice (the
//! chance through the chosen turn) is the chance by the lead either way.
//!
//! A budget in playouts makes the same choice for the same seed on every machine; a
//! budget in milliseconds does as many as that much thinking allows: it counts the
//! thread's CPU time ([`super::thinking_time`]), so it depends on the machine but not on
//! its load.

use rand::RngCore;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use variant_run_core::{PlayerId, Position};

use super::criteria::SearchView;
use super::game::{Game, GameError};
use super::lead::lead_chance;
use super::lookahead;
use super::player::{Choice, Player};
use super::playout::{play_out, PlayoutEnd};
use super::thinking_time::{ThinkingClock, MAX_MILLIS};
use crate::ruleset::Variant;
use goal_worth::GoalWorth;
use turn_list::{Listing, Order, TurnList};

mod goal_worth;
mod turn_list;

/// Turns a playout plays before it is scored by the ruleset's evaluation.
pub const PLAYOUT_TURNS: u32 = 12;
/// Playouts per turn when the kind names no budget (`mcts`).
pub const DEFAULT_PLAYOUTS: u32 = 1000;
/// UCT's exploration weight (scores are between 0 and 1).
const EXPLORATION: f64 = 0.6;
/// Progressive widening: a node visited `n` times considers `WIDEN_BASE + WIDEN_RATE *
/// sqrt(n)` of its turns.
const WIDEN_BASE: f64 = 2.0;
const WIDEN_RATE: f64 = 1.5;
/// The most a search tree may hold, in bytes as [`Tree::held`] counts them. Past it the
/// tree stops growing and the search goes on with playouts from the leaves it has, so a
/// budget of any size stays in bounded memory (a tree of 100,000 playouts once took 3 GB).
/// Counted from the tree's own sizes, not the allocator's, so a seed still makes the same
/// choice on every machine.
pub const MAX_TREE_BYTES: usize = 512 << 20;
/// The largest budgets a search takes: an hour ([`MAX_MILLIS`]), or ten million
/// playouts, a turn.
pub const MAX_PLAYOUTS: u32 = 10_000_000;

/// What the allocator adds to each block it hands out, counted in a tree's bytes so that
/// its cap holds for the process, not only for the data.
const BLOCK_HEADER: usize = 16;

/// How a playout cut off before the end is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// By the lead where it stops (`mcts-lead`).
    Lead,
    /// By the lead it gained over the position searched from (`mcts`).
    Gain,
}

impl Scoring {
    /// The scoring of a search player's kind by its name (`mcts`, `mcts-lead`), or
    /// `None` for a kind that is no search player.
    pub fn of_kind(name: &str) -> Option<Scoring> {
        match name {
            "mcts" => Some(Scoring::Gain),
            "mcts-lead" => Some(Scoring::Lead),
            _ => None,
        }
    }
}

/// How much a search may do per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts: the same choice for a seed on every machine.
    Playouts(u32),
    /// As many playouts as this many milliseconds of thinking (CPU time) allow (at least
    /// one).
    Millis(u64),
}

impl Budget {
    /// Reads the part of a search player's kind after the colon (`mcts:` or
    /// `mcts-lead:`, named by `kind` in the message): `2000` playouts or `500ms`.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(kind: &str, text: &str) -> Result<Budget, BadBudget> {
        let bad = || BadBudget {
            kind: kind.to_string(),
            text: text.to_string(),
        };
        let budget = match text.strip_suffix("ms") {
            Some(ms) => Budget::Millis(ms.parse().map_err(|_| bad())?),
            None => Budget::Playouts(text.parse().map_err(|_| bad())?),
        };
        match budget {
            Budget::Playouts(0) | Budget::Millis(0) => Err(bad()),
            Budget::Playouts(n) if n > MAX_PLAYOUTS => Err(bad()),
            Budget::Millis(ms) if ms > MAX_MILLIS => Err(bad()),
            _ => Ok(budget),
        }
    }
}

/// A search player's budget that does not read: the kind's name and what followed its
/// colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadBudget {
    kind: String,
    text: String,
}

impl std::fmt::Display for BadBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let BadBudget { kind, text } = self;
        write!(
            f,
            "`{kind}:{text}`: the budget is a number of playouts (`{kind}:2000`, at most \
             {MAX_PLAYOUTS}) or of milliseconds (`{kind}:500ms`, at most {MAX_MILLIS}), \
             above 0"
        )
    }
}

/// A position of the tree.
struct Node {
    position: Position,
    /// The player who made the turn that led here (scores are theirs).
    mover: PlayerId,
    /// The result if the game is over here: the winner, or `None` for a draw.
    over: Option<Option<PlayerId>>,
    /// The distinct turns from here, best first, as far as they are listed; made on the
    /// second visit (a leaf is only played out).
    turns: Option<TurnList>,
    /// The nodes of the first `children.len()` turns.
    children: Vec<usize>,
    visits: u32,
    /// The mover's summed scores, as the search weighs them.
    score: f64,
    /// The mover's summed chances by the lead, the same as `score` unless scored by the
    /// gain: what the player reports of its choice.
    chance: f64,
}

/// The search tree, its nodes in one arena; node 0 is the root.
struct Tree {
    nodes: Vec<Node>,
    /// What its nodes hold, as [`Node::bytes`] counts it.
    bytes: usize,
    /// The most it may hold: it stops growing there.
    limit: usize,
    /// The first player's lead at the root, which a search scored by the gain takes off
    /// a cut-off playout's lead (0 when scored by the lead).
    baseline: f64,
    /// What a whole goal of the end rule is worth in a cut-off playout's lead.
    goals: GoalWorth,
}

/// Plays the turn a tree search likes best.
pub struct MctsPlayer {
    budget: Budget,
    scoring: Scoring,
    rng: Pcg64Mcg,
    tree: Option<Tree>,
    tree_limit: usize,
    /// What the last search made of its choice.
    view: Option<SearchView>,
}

impl MctsPlayer {
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer {
        MctsPlayer {
            budget,
            scoring: Scoring::Gain,
            rng: Pcg64Mcg::seed_from_u64(seed),
            tree: None,
            tree_limit: MAX_TREE_BYTES,
            view: None,
        }
    }

    /// The same player scoring cut-off playouts this way.
    #[must_use]
    pub fn with_scoring(mut self, scoring: Scoring) -> MctsPlayer {
        self.scoring = scoring;
        self
    }

    /// The first player's lead at `position` that cut-off playouts are scored against:
    /// 0 when scored by the lead, the lead there when scored by the gain.
    fn baseline(
        &self,
        variant: &Variant,
        position: &Position,
        goals: GoalWorth,
    ) -> Result<f64, GameError> {
        Ok(match self.scoring {
            Scoring::Lead => 0.0,
            Scoring::Gain => goals.lead(variant, position, position)?,
        })
    }

    /// The same player with a tree that holds at most `bytes`.
    #[must_use]
    pub fn with_tree_limit(mut self, bytes: usize) -> MctsPlayer {
        self.tree_limit = bytes;
        self
    }

    /// The tree from the last search, rooted where the game is now, if it holds this
    /// position within two turns of its root; else a new tree.
    fn tree_for(&mut self, variant: &Variant, position: &Position) -> Result<Tree, GameError> {
        if let Some(tree) = self.tree.take() {
            let mut found = None;
            let mut frontier = vec![0];
            for _ in 0..=2 {
                if let Some(&at) = frontier
                    .iter()
                    .find(|&&n| tree.nodes[n].position == *position)
                {
                    found = Some(at);
                    break;
                }
                frontier = frontier
                    .iter()
                    .flat_map(|&n| tree.nodes[n].children.iter().copied())
                    .collect();
            }
            if let Some(at) = found {
                return Ok(tree.rerooted(at));
            }
        }
        let mover = 1 - position.side();
        let root = Node::new(variant, position.clone(), mover)?;
        Ok(Tree {
            bytes: root.bytes(None),
            nodes: vec![root],
            limit: self.tree_limit,
            baseline: 0.0,
            goals: GoalWorth::default(),
        })
    }
}

impl Node {
    fn new(variant: &Variant, position: Position, mover: PlayerId) -> Result<Node, GameError> {
        let over = variant.judge(&position)?.map(|o| o.winner);
        Ok(Node {
            position,
            mover,
            over,
            turns: None,
            children: Vec::new(),
            visits: 0,
            score: 0.0,
            chance: 0.0,
        })
    }

    /// The bytes the node holds, counted from its sizes (its board too where it is not
    /// its parent's: a Trugo placement makes a new one).
    fn bytes(&self, parent: Option<&Position>) -> usize {
        let position = &self.position;
        // The node itself is counted by the tree's arena (see `Tree::held`); each block
        // the allocator hands out costs a header besides.
        let mut bytes = position.tiles().len()
            + std::mem::size_of_val(position.stacks())
            + self.children.capacity() * std::mem::size_of::<usize>()
            + self.turns.as_ref().map_or(0, TurnList::bytes)
            + 4 * BLOCK_HEADER;
        if parent.is_none_or(|p| !std::sync::Arc::ptr_eq(p.board(), position.board())) {
            // A board of its own: every table of it, as the board counts them, each a
            // block of the allocator's (about twenty), and the count its Arc keeps.
            bytes += position.board().bytes() + 24 * BLOCK_HEADER;
        }
        bytes
    }

    /// How many of its turns the node considers now.
    fn width(&self) -> usize {
        (WIDEN_BASE + WIDEN_RATE * f64::from(self.visits).sqrt()) as usize
    }
}

impl Tree {
    /// The subtree under `at`, as a tree of its own.
    fn rerooted(self, at: usize) -> Tree {
        // Breadth first from `at`: a node's new id is its place in this order.
        let mut order = vec![at];
        let mut head = 0;
        while head < order.len() {
            order.extend_from_slice(&self.nodes[order[head]].children);
            head += 1;
        }
        let mut new_id = vec![usize::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            new_id[old] = new;
        }
        let mut old: Vec<Option<Node>> = self.nodes.into_iter().map(Some).collect();
        let nodes: Vec<Node> = order
            .iter()
            .map(|&id| {
                let mut node = old[id].take().expect("each node once");
                node.children.iter_mut().for_each(|c| *c = new_id[*c]);
                node
            })
            .collect();
        let mut bytes = nodes[0].bytes(None);
        for node in &nodes {
            for &c in &node.children {
                bytes += nodes[c].bytes(Some(&node.position));
            }
        }
        Tree {
            nodes,
            bytes,
            limit: self.limit,
            baseline: self.baseline,
            goals: self.goals,
        }
    }

    /// Whether the tree holds as much as it may: it grows no more.
    fn full(&self) -> bool {
        self.held() >= self.limit
    }

    /// What the tree holds: its nodes' own bytes and the arena they sit in, at the most
    /// the arena will hold when it next grows (the old block and the new one, twice as
    /// large, side by side while the nodes move).
    fn held(&self) -> usize {
        let slots = if self.nodes.len() == self.nodes.capacity() {
            3 * self.nodes.capacity().max(1)
        } else {
            self.nodes.capacity()
        };
        self.bytes + slots * std::mem::size_of::<Node>()
    }

    /// One search step: select, expand, play out, back up. A full tree only plays out
    /// from the leaves it has.
    fn step(&mut self, variant: &Variant, rng: &mut Pcg64Mcg) -> Result<(), GameError> {
        let mut path = vec![0];
        let mut at = 0;
        // Down the tree while the node has been visited and its game goes on.
        let leaf = loop {
            let node = &self.nodes[at];
            if node.over.is_some() || node.visits == 0 {
                break at;
            }
            if node.turns.is_none() {
                // The root always opens its turns: a choice needs them.
                if self.full() && at != 0 {
                    break at;
                }
                // Where the ruleset scores positions itself, the root (the choice) opens
                // its turns by that score too. The root lists them all (the choice looks
                // past the ones opened); a node below it, its captures, drawing the rest.
                let (order, listing) = match at {
                    0 if variant.has_evaluation() => (Order::Evaluation, Listing::Whole),
                    0 => (Order::Captures, Listing::Whole),
                    _ => (Order::Captures, Listing::Drawn),
                };
                let seed = rng.next_u64();
                let turns = TurnList::new(variant, &node.position, seed, order, listing)?;
                self.bytes += turns.bytes();
                self.nodes[at].turns = Some(turns);
            }
            let node = &self.nodes[at];
            let turns = node.turns.as_ref().expect("made above");
            if turns.is_empty() {
                // No turn although the game goes on: nothing to search below.
                break at;
            }
            let open = node.width().min(turns.len());
            if node.children.is_empty() && self.full() && at != 0 {
                break at;
            }
            if node.children.len() < open && (!self.full() || node.children.is_empty()) {
                let next = node.children.len();
                let Node {
                    position: parent,
                    turns,
                    ..
                } = &mut self.nodes[at];
                let turns = turns.as_mut().expect("made above");
                let before = turns.bytes();
                let opened = turns
                    .get(variant, parent, next)?
                    .map(|delta| variant.model.after(parent, delta));
                self.bytes = self.bytes + turns.bytes() - before;
                if let Some(mut position) = opened {
                    variant.model.settle(variant, &mut position)?;
                    let parent = &self.nodes[at].position;
                    let mover = parent.side();
                    let child = Node::new(variant, position, mover)?;
                    self.bytes += child.bytes(Some(parent)) + std::mem::size_of::<usize>();
                    self.nodes.push(child);
                    let id = self.nodes.len() - 1;
                    self.nodes[at].children.push(id);
                    path.push(id);
                    break id;
                }
                // It has no turn past those open: search below them, or play out from
                // here where none is.
                if self.nodes[at].children.is_empty() {
                    break at;
                }
            }
            at = self.select(at);
            path.push(at);
        };
        let (scores, chances) = self.evaluate(variant, leaf, rng)?;
        for &n in &path {
            let node = &mut self.nodes[n];
            let mover = node.mover as usize;
            node.visits += 1;
            node.score += scores[mover];
            node.chance += chances[mover];
        }
        Ok(())
    }

    /// The child of `at` with the best UCT value.
    fn select(&self, at: usize) -> usize {
        let node = &self.nodes[at];
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, node.children[0]);
        for &c in &node.children {
            let child = &self.nodes[c];
            let n = f64::from(child.visits.max(1));
            let value = child.score / n + EXPLORATION * (log_n / n).sqrt();
            if value > best.0 {
                best = (value, c);
            }
        }
        best.1
    }

    /// Scores for both players of a leaf, as the search weighs them and as chances by
    /// the lead: its result if the game is over, else a short playout's result, or its
    /// evaluation where the playout is cut off.
    fn evaluate(
        &self,
        variant: &Variant,
        leaf: usize,
        rng: &mut Pcg64Mcg,
    ) -> Result<([f64; 2], [f64; 2]), GameError> {
        let node = &self.nodes[leaf];
        let same = |scores| (scores, scores);
        if let Some(winner) = node.over {
            return Ok(same(result_scores(winner)));
        }
        let mut cut = node.position.clone();
        let playout = play_out(&variant.model, variant, &mut cut, rng, PLAYOUT_TURNS)?;
        Ok(match playout.end {
            PlayoutEnd::Over { winner } => same(result_scores(winner)),
            PlayoutEnd::Stuck => same([0.5, 0.5]),
            // The ruleset's `evaluate`, or without one the material on the board and
            // the goals of the end rule.
            PlayoutEnd::Cut => {
                let lead = self.goals.lead(variant, &node.position, &cut)?;
                let chances = lead_scores(lead);
                // Scored by the lead (or from an even root) the two are one: one curve.
                if self.baseline == 0.0 {
                    (chances, chances)
                } else {
                    (lead_scores(lead - self.baseline), chances)
                }
            }
        })
    }
}

/// A finished game's scores: 1 to the winner, 0 to the loser, a half each for a draw.
fn result_scores(winner: Option<PlayerId>) -> [f64; 2] {
    match winner {
        Some(w) => {
            let mut s = [0.0; 2];
            s[w as usize] = 1.0;
            s
        }
        None => [0.5, 0.5],
    }
}

/// Scores by the first player's lead in pieces' worth: a logistic curve.
fn lead_scores(lead: f64) -> [f64; 2] {
    let first = lead_chance(lead);
    [first, 1.0 - first]
}

impl Player for MctsPlayer {
    fn search_view(&self) -> Option<SearchView> {
        self.view
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, GameError> {
        self.view = None;
        if game.in_setup() {
            return Ok(Choice::RandomSetUp);
        }
        let variant = game.variant();
        let position = game.position();
        let legal = game.legal_turns()?;
        if legal.len() <= 1 {
            self.tree = None;
            return Ok(match legal.into_iter().next() {
                Some(turn) => Choice::Turn(turn),
                None => Choice::NoTurn,
            });
        }
        // A win at once needs no search (the first, in canonical order).
        for turn in &legal {
            if lookahead::won_by(
                variant,
                &variant.play(position, &turn.delta)?,
                position.side(),
            )? {
                self.tree = None;
                self.view = Some(SearchView {
                    chance: 1.0,
                    focus: None,
                });
                return Ok(Choice::Turn(turn.clone()));
            }
        }
        let tree = self.search(variant, position)?;
        let root = &tree.nodes[0];
        let turns = root
            .turns
            .as_ref()
            .expect("a searched root has its turns")
            .whole(variant, position)?;
        let (index, node) = safest_turn(&tree, variant, position, &turns)?;
        // Its change, or the position it leaves, names the legal turn to play.
        let delta = &turns[index];
        let target = match node {
            Some(c) => tree.nodes[c].position.clone(),
            None => variant.play(position, delta)?,
        };
        let mut chosen = legal.iter().position(|t| t.delta == *delta);
        if chosen.is_none() {
            for (i, turn) in legal.iter().enumerate() {
                if variant.play(position, &turn.delta)? == target {
                    chosen = Some(i);
                    break;
                }
            }
        }
        self.view = node.map(|c| tree.view_through(c));
        let i = chosen.expect("every searched turn is one of the legal turns");
        let turn = legal.into_iter().nth(i).expect("an index of the list");
        // The search goes on from the chosen turn's subtree, if it has one.
        self.tree = node.map(|c| tree.rerooted(c));
        Ok(Choice::Turn(turn))
    }
}

impl MctsPlayer {
    /// The search from `position` for the budget: the tree kept from the last turn where
    /// the game followed it, grown by as many steps as the budget allows.
    fn search(&mut self, variant: &Variant, position: &Position) -> Result<Tree, GameError> {
        let mut tree = self.tree_for(variant, position)?;
        // Scored by the gain, the lead to gain on is the one here; a subtree kept from
        // the last turn was scored against the lead then, a capture or two away.
        tree.goals = GoalWorth::of(variant);
        tree.baseline = self.baseline(variant, position, tree.goals)?;
        let clock = ThinkingClock::start();
        let mut done = 0u32;
        loop {
            let enough = match self.budget {
                Budget::Playouts(n) => done >= n,
                Budget::Millis(ms) => done > 0 && clock.used_up(ms),
            };
            // However short the budget, the root's turns are made and one opened (the
            // first playout of a new tree only scores the root).
            if enough && !tree.nodes[0].children.is_empty() {
                break;
            }
            tree.step(variant, &mut self.rng)?;
            done += 1;
        }
        Ok(tree)
    }
}

/// The root's turn to play, by its place in the root's `turns` and its node if opened:
/// the most visited (the first of equals) after which the opponent cannot win at once;
/// if every turn the search opened lets them, the first of the others that does not; if
/// all do, the most visited.
fn safest_turn(
    tree: &Tree,
    variant: &Variant,
    position: &Position,
    turns: &[variant_run_core::Delta],
) -> Result<(usize, Option<usize>), GameError> {
    let root = &tree.nodes[0];
    let mut ranked: Vec<(usize, usize)> = root.children.iter().copied().enumerate().collect();
    ranked.sort_by_key(|&(i, c)| (std::cmp::Reverse(tree.nodes[c].visits), i));
    let most_visited = *ranked
        .first()
        .expect("a searched root with turns has children");
    for &(i, c) in &ranked {
        if !lookahead::loses_at_once(variant, &tree.nodes[c].position)? {
            return Ok((i, Some(c)));
        }
    }
    for (i, delta) in turns.iter().enumerate().skip(root.children.len()) {
        if !lookahead::loses_at_once(variant, &variant.play(position, delta)?)? {
            return Ok((i, None));
        }
    }
    Ok((most_visited.0, Some(most_visited.1)))
}

impl Tree {
    /// What the search says of the root's child `child`: the chance through it, and the
    /// share of the search it had.
    fn view_through(&self, child: usize) -> SearchView {
        let root = &self.nodes[0];
        let node = &self.nodes[child];
        let searched: u32 = root.children.iter().map(|&k| self.nodes[k].visits).sum();
        SearchView {
            chance: if node.visits > 0 {
                node.chance / f64::from(node.visits)
            } else {
                0.5
            },
            focus: (searched > 0).then(|| f64::from(node.visits) / f64::from(searched)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::turn_list::{ordered_turns, root_turns};
    use super::*;
    use crate::play::{Game, Layout};
    use variant_run_core::Delta;

    /// `mcts` is the kind designers reach for, so it is the one that finishes won
    /// endgames; `mcts-lead` replays the figures measured before (BENCHMARKS.md).
    #[test]
    fn each_search_kind_has_its_scoring() {
        assert_eq!(Scoring::of_kind("mcts"), Some(Scoring::Gain));
        assert_eq!(Scoring::of_kind("mcts-lead"), Some(Scoring::Lead));
        assert_eq!(Scoring::of_kind("mcts-gain"), None);
        assert_eq!(
            MctsPlayer::new(Budget::Playouts(1), 0).scoring,
            Scoring::Gain,
            "a search made without a kind scores as mcts does"
        );
    }

    #[test]
    fn budgets_read() {
        assert_eq!(Budget::parse("mcts", "2000"), Ok(Budget::Playouts(2000)));
        assert_eq!(Budget::parse("mcts", "500ms"), Ok(Budget::Millis(500)));
        assert_eq!(
            Budget::parse("mcts", "10000000"),
            Ok(Budget::Playouts(10_000_000))
        );
        assert_eq!(
            Budget::parse("mcts", "3600000ms"),
            Ok(Budget::Millis(3_600_000))
        );
        for bad in [
            "",
            "0",
            "0ms",
            "-3",
            "ms",
            "1.5",
            "2s",
            "10000001",
            "3600001ms",
            "18446744073709551615ms",
        ] {
            assert!(Budget::parse("mcts", bad).is_err(), "{bad}");
        }
    }

    /// What `evaluate` makes, for the side to move in `position`, of the position each
    /// turn leaves.
    fn score_after<'a>(
        variant: &'a Variant,
        position: &'a Position,
    ) -> impl Fn(&Delta) -> i64 + 'a {
        let mover = position.side();
        move |d: &Delta| {
            variant
                .evaluate(&variant.play(position, d).unwrap(), mover)
                .unwrap()
        }
    }

    /// The connection design (5x5) as seeded random play walks it, a new game after each
    /// end: the first position within `steps` turns where `found` holds of it and of its
    /// turns captures first, with the search's random state there (the same
    /// `ordered_turns` again from it). Each turn is scored by `evaluate` for the mover.
    fn connection_position_where(
        seed: u64,
        steps: usize,
        mut found: impl FnMut(&Variant, &Position, &[Delta], &dyn Fn(&Delta) -> i64) -> bool,
    ) -> (Variant, Position, Pcg64Mcg) {
        use rand::RngCore;
        let variant = Variant::load_named("examples/designs/truchet-connection", Some(5)).unwrap();
        assert!(variant.has_evaluation());
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut position = Game::new(&variant, Layout::Random, seed)
            .unwrap()
            .position()
            .clone();
        for _ in 0..steps {
            let turns = ordered_turns(&variant, &position, rng.clone().next_u64()).unwrap();
            if found(
                &variant,
                &position,
                &turns,
                &score_after(&variant, &position),
            ) {
                return (variant, position, rng);
            }
            let pick = rng.next_u64() as usize % turns.len();
            position = variant.play(&position, &turns[pick]).unwrap();
            if variant.judge(&position).unwrap().is_some() {
                position = Game::new(&variant, Layout::Random, rng.next_u64())
                    .unwrap()
                    .position()
                    .clone();
            }
        }
        panic!("no such position in {steps} turns");
    }

    /// Where a ruleset has an `evaluate`, the root opens the turn it scores best first
    /// (when that gains on the position) and the biggest capture second, then on in turn
    /// from both orders, each turn once.
    #[test]
    fn the_root_opens_the_best_evaluated_turn_and_the_biggest_capture() {
        // A position where the biggest capture is not the best evaluated turn, which gains.
        let (variant, position, rng) =
            connection_position_where(3, 200, |variant, position, turns, score| {
                let mover = position.side();
                let best = turns.iter().map(score).max().unwrap();
                let now = variant.evaluate(position, mover).unwrap();
                let capture = &turns[0];
                capture.pieces_taken(position, mover) > 0 && score(capture) < best && best > now
            });
        let turns = ordered_turns(&variant, &position, rng.clone().next_u64()).unwrap();
        let score = score_after(&variant, &position);
        let best = turns.iter().map(&score).max().unwrap();
        let root = root_turns(&variant, &position, rng.clone().next_u64()).unwrap();
        assert_eq!(score(&root[0]), best, "the best evaluated first");
        assert_eq!(root[1], turns[0], "the biggest capture second");
        assert_eq!(root.len(), turns.len());
        assert!(turns.iter().all(|t| root.contains(t)), "each turn once");
    }

    /// Where no turn gains by the evaluation, the root opens its turns captures first,
    /// as every other node does: the turns it scores worse are not put last.
    #[test]
    fn without_a_gain_by_the_evaluation_the_root_opens_captures_first() {
        // No gain, and turns scored worse among the first: ordered by the evaluation they
        // would come last.
        let (variant, position, rng) =
            connection_position_where(5, 2000, |variant, position, turns, score| {
                let now = variant.evaluate(position, position.side()).unwrap();
                let scores: Vec<i64> = turns.iter().map(score).collect();
                let worse_early = scores.iter().take(4).filter(|&&s| s < now).count();
                scores.iter().all(|&s| s <= now) && worse_early >= 2
            });
        let turns = ordered_turns(&variant, &position, rng.clone().next_u64()).unwrap();
        let root = root_turns(&variant, &position, rng.clone().next_u64()).unwrap();
        assert!(root == turns, "the root opens its turns captures first");
    }

    /// A tree at its limit stops growing, and the search still plays a legal turn with
    /// the playouts it goes on making from its leaves.
    #[test]
    fn a_full_tree_grows_no_more() {
        let variant = Variant::load_named("truchet-browne", Some(5)).unwrap();
        let game = Game::new(&variant, Layout::Random, 4).unwrap();
        let limit = 16 << 10;
        let mut player = MctsPlayer::new(Budget::Playouts(3000), 9).with_tree_limit(limit);
        let Choice::Turn(turn) = player.choose(&game).unwrap() else {
            panic!("a turn")
        };
        assert!(game.legal_turns().unwrap().contains(&turn));
        // The choice's subtree is kept; the whole tree stopped within a node of the limit.
        let mut unlimited = MctsPlayer::new(Budget::Playouts(3000), 9);
        unlimited.choose(&game).unwrap();
        let grown = unlimited.tree.as_ref().unwrap();
        let capped = player.tree.as_ref().unwrap();
        assert!(
            grown.held() > 4 * limit,
            "the test needs a tree past the limit"
        );
        assert!(capped.held() <= limit, "{} bytes kept", capped.held());
        let root_visits = |tree: &Tree| tree.nodes[0].visits;
        assert!(root_visits(capped) > 0);
    }

    /// Far ahead, mcts-lead's playouts all score near a win whatever they did; mcts's
    /// score what they gained, around even, while both report the chance by the lead.
    #[test]
    fn scored_by_the_gain_a_won_position_still_tells_playouts_apart() {
        let variant = Variant::load_named("truchet-browne", Some(5)).unwrap();
        // X has six pieces, O one, far from them.
        let text = "rrrrr/rlrlr/rrlrr/rlrlr/rrrrr ..o.../....../....../....../x.x.x./.x.x.x x";
        let position = variant.model.parse_position(text).unwrap();
        let game = Game::from_position(&variant, position).unwrap();
        let mean = |tree: &Tree, sum: fn(&Node) -> f64| {
            let root = &tree.nodes[0];
            let children = root.children.iter().map(|&c| &tree.nodes[c]);
            let (total, visits) =
                children.fold((0.0, 0), |(t, v), child| (t + sum(child), v + child.visits));
            total / f64::from(visits)
        };
        // Means over four seeds: one search's mean gain moves from 0.6 to 0.8 with its
        // seed.
        let seeds = 1..=4u64;
        let mut searched = Vec::new();
        for scoring in [Scoring::Lead, Scoring::Gain] {
            let (mut score, mut chance) = (0.0, 0.0);
            for seed in seeds.clone() {
                let mut player = MctsPlayer::new(Budget::Playouts(400), seed).with_scoring(scoring);
                let mut tree = player.tree_for(&variant, game.position()).unwrap();
                tree.baseline = player
                    .baseline(&variant, game.position(), tree.goals)
                    .unwrap();
                for _ in 0..400 {
                    tree.step(&variant, &mut player.rng).unwrap();
                }
                score += mean(&tree, |n| n.score) / 4.0;
                chance += mean(&tree, |n| n.chance) / 4.0;
            }
            searched.push((score, chance));
        }
        let [(lead_score, lead_chance), (gain_score, gain_chance)] = searched[..] else {
            unreachable!()
        };
        assert!(
            (lead_score - lead_chance).abs() < 1e-9,
            "scored by the lead, the two are one"
        );
        assert!(lead_score > 0.9, "{lead_score}");
        assert!(gain_chance > 0.9, "{gain_chance}");
        assert!((0.4..0.8).contains(&gain_score), "{gain_score}");
    }

    /// After the opponent's answer, the search starts from what it already knows there.
    #[test]
    fn the_tree_is_kept_where_the_game_follows_it() {
        let variant = Variant::load_named("truchet-browne", Some(5)).unwrap();
        let mut game = Game::new(&variant, Layout::Random, 4).unwrap();
        let mut player = MctsPlayer::new(Budget::Playouts(300), 9);
        let Choice::Turn(turn) = player.choose(&game).unwrap() else {
            panic!("a turn")
        };
        game.play_legal(turn).unwrap();
        // The answer the search looked at most.
        let tree = player.tree.as_ref().unwrap();
        let root = &tree.nodes[0];
        assert_eq!(root.position, *game.position());
        let answer = root
            .children
            .iter()
            .max_by_key(|&&c| tree.nodes[c].visits)
            .copied()
            .unwrap();
        let (visits, position) = (
            tree.nodes[answer].visits,
            tree.nodes[answer].position.clone(),
        );
        assert!(visits > 1);
        let reply = game
            .legal_turns()
            .unwrap()
            .into_iter()
            .find(|t| variant.play(game.position(), &t.delta).unwrap() == position)
            .unwrap();
        game.play_legal(reply).unwrap();
        let kept = player.tree_for(&variant, game.position()).unwrap();
        assert_eq!(kept.nodes[0].visits, visits);
        // A position the tree does not hold starts a new one.
        let elsewhere = Game::new(&variant, Layout::Random, 5).unwrap();
        player.tree = Some(kept);
        let fresh = player.tree_for(&variant, elsewhere.position()).unwrap();
        assert_eq!((fresh.nodes.len(), fresh.nodes[0].visits), (1, 0));
    }
}
