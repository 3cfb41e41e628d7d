//! How good a position is for a player when the ruleset has no `evaluate`, from what the
//! ruleset says matters: the material, each side's progress toward the goals its end
//! rule asks about ([`crate::ruleset::goals`]), its stacks weighted by height and by how
//! far they have come toward those goals (or, without any, toward the other side's home
//! edge), the size of the regions they stand in, how many of them can move, and which of
//! them an adjacent enemy could take (by the ruleset's capture table); and, where one
//! side is far ahead, how close it has come to the other's last stacks and how much room
//! it has left them.
//!
//! The terms are those of Boardspace's own Truchet robot (pieces, bases held, stacks by
//! height and advance, height times region size), with the goals, the advance and the
//! threats read from the ruleset instead of written for one game, and two more
//! (mobility and threats) for the ways Truchet games are won besides captures: leaving
//! the other side no move, and taking what stands unguarded. The last two (distance and
//! room) are the endgame's: far ahead, every other term is flat while the other side's
//! last pieces run, and the robot wandered until a quiet-turn rule drew the game (a
//! chess engine's "mop-up" term drives a lone king to the edge for the same reason).
//! A goal won by taking pieces of a kind (a king) counts half as lost while an adjacent
//! enemy could take a stack holding them: the capture is one turn away.
//! Each term is a difference (the player's less the other's) and the appraisal their
//! weighted sum, in pieces' worth ([`Weights`]).

use std::cell::RefCell;
use std::collections::VecDeque;

use variant_run_core::{CaptureTable, Colour, JunctionId, PlayerId, Position};

use crate::ruleset::goals::Goal;
use crate::ruleset::Variant;

/// How many terms an appraisal has, in the order of [`TERMS`].
pub const TERM_COUNT: usize = 8;

/// The terms by name.
pub const TERMS: [&str; TERM_COUNT] = [
    "material", "goals", "stacks", "regions", "mobility", "threats", "distance", "room",
];

/// The weight of each term, in pieces' worth per unit of the term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [f64; TERM_COUNT]);

impl Weights {
    /// The weights a ruleset is appraised with: a piece is worth one; a
    /// whole goal reached is worth half the pieces a side starts with (so a goal that
    /// needs three junctions puts each at two pieces on Truchet's twelve); Boardspace's
    /// robot's stack and region weights (a tenth of a piece per height-weighted stack,
    /// 0.014 per height and junction of its region); three tenths of a piece per stack
    /// that can move (a twentieth drew most games of Browne's Truchet against the robot
    /// before it: leaving the other side no move is a way to win there); a fifth of a
    /// piece per height of a stack an adjacent enemy can take; far ahead, a twentieth of
    /// a piece per step between the other's stacks and the nearest two of one's own,
    /// and three hundredths per junction those stacks can step to (together a fraction
    /// of a piece, so that closing in never outweighs taking one).
    pub fn standard(start_material: f64) -> Weights {
        Weights([
            1.0,
            0.5 * start_material,
            0.1,
            0.014,
            0.3,
            -0.2,
            -0.05,
            0.03,
        ])
    }
}

/// A ruleset's appraisal, with what it reads from the board worked out once.
pub struct Appraiser {
    goals: Vec<Goal>,
    /// For each player, each junction's steps to the nearest junction the player
    /// advances toward, if it has any (a fixed board only).
    distance: [Option<Vec<u8>>; 2],
    /// The farthest any junction is from them: a stack there has advanced nothing.
    farthest: [u8; 2],
    /// The most steps between two junctions of the board: the most a stack's distance
    /// or room counts for when closing in.
    across: u32,
    capture: CaptureTable,
    /// Each player's junction colour: a stack there is at home for the capture table.
    colours: [Colour; 2],
    max_height: u8,
    weights: Weights,
    scratch: RefCell<Scratch>,
}

#[derive(Default)]
struct Scratch {
    region: Vec<JunctionId>,
    sizes: Vec<u32>,
    /// For the walks of [`Appraiser::closing_in`].
    steps: Vec<u8>,
    queue: Vec<JunctionId>,
}

/// Where a side is this many times the other's material, with at most [`FEW_STACKS`]
/// stacks left to the other, it closes in (the terms `distance` and `room`).
const FAR_AHEAD: u32 = 3;
const FEW_STACKS: u32 = 4;

/// How far a side far ahead has closed in on the other's stacks. Each of the other
/// side's stacks counts at most the board's breadth in steps (or junctions), and the sums
/// are taken less the most that [`FEW_STACKS`] stacks could count, so that neither is
/// ever above zero: taking a stack never costs the side ahead, nor does the capture that
/// brings it this far ahead. Counted from zero instead, that capture cost the side ahead
/// the steps and room of every stack left, two or three pieces' worth, and the robot
/// stood at twelve pieces against five rather than take the fifth.
struct ClosingIn {
    ahead: PlayerId,
    /// The steps from each of the other side's stacks to the two nearest of its own.
    distance: f64,
    /// The empty junctions the other side's stacks can step to.
    room: f64,
}

impl Appraiser {
    /// The appraisal of `variant` with its standard weights.
    pub fn new(variant: &Variant) -> Appraiser {
        let start = variant.start_with_first_tiles();
        let material = f64::from(start.pieces(0) + start.supply(0)).max(1.0);
        Appraiser::with_weights(variant, Weights::standard(material))
    }

    pub fn with_weights(variant: &Variant, weights: Weights) -> Appraiser {
        let goals = variant.goals().goals.clone();
        let board = &variant.model.board;
        let mut distance = [None, None];
        let mut farthest = [0, 0];
        let mut across = 0;
        if !board.is_patch() {
            across = (0..board.junction_count() as JunctionId)
                .map(|j| steps_from(variant, &[j]).into_iter().max().unwrap_or(0))
                .max()
                .map_or(0, u32::from);
            for player in 0..2u8 {
                let mut targets: Vec<JunctionId> = goals
                    .iter()
                    .filter(|g| g.player() == player)
                    .flat_map(|g| g.targets().iter().copied())
                    .collect();
                if targets.is_empty() {
                    targets = variant.home_junctions(1 - player);
                }
                if !targets.is_empty() {
                    let steps = steps_from(variant, &targets);
                    farthest[player as usize] = steps.iter().copied().max().unwrap_or(0);
                    distance[player as usize] = Some(steps);
                }
            }
        }
        Appraiser {
            goals,
            distance,
            farthest,
            across,
            capture: variant.model.rules.capture.clone(),
            colours: [0, 1].map(|p| variant.model.rules.colour_of(p)),
            max_height: variant.model.rules.max_height,
            weights,
            scratch: RefCell::default(),
        }
    }

    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// How good `position` is for `player`, in pieces' worth.
    pub fn appraise(&self, position: &Position, player: PlayerId) -> f64 {
        let terms = self.terms(position, player);
        terms
            .iter()
            .zip(self.weights.0.iter())
            .map(|(t, w)| t * w)
            .sum()
    }

    /// Each term for `player`: theirs less the other's.
    pub fn terms(&self, position: &Position, player: PlayerId) -> [f64; TERM_COUNT] {
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        regions(position, scratch);
        let mut terms = [0.0; TERM_COUNT];
        for side in 0..2u8 {
            let sign = if side == player { 1.0 } else { -1.0 };
            let own = self.side_terms(position, side, scratch);
            for (t, o) in terms.iter_mut().zip(own) {
                *t += sign * o;
            }
        }
        if let Some(closing) = self.closing_in(position, scratch) {
            let sign = if closing.ahead == player { 1.0 } else { -1.0 };
            terms[6] = sign * closing.distance;
            terms[7] = -sign * closing.room;
        }
        terms
    }

    /// One side's terms, the regions worked out in `scratch`.
    fn side_terms(
        &self,
        position: &Position,
        side: PlayerId,
        scratch: &Scratch,
    ) -> [f64; TERM_COUNT] {
        let board = position.board();
        let material = f64::from(position.pieces(side) + position.supply(side));
        let mut goals: f64 = self
            .goals
            .iter()
            .filter(|g| g.player() == side)
            .map(|g| g.progress(position))
            .sum();
        let distance = self.distance[side as usize].as_deref();
        let farthest = f64::from(self.farthest[side as usize]);
        let colour = self.colours[side as usize];
        let (mut stacks, mut regions, mut mobility, mut threats) = (0.0, 0.0, 0.0, 0.0);
        for j in position.held_junctions() {
            let stack = position.stack(j);
            if stack.owner() != Some(side) {
                continue;
            }
            let height = stack.height();
            let advance = distance.map_or(0.0, |d| farthest - f64::from(d[j as usize]));
            stacks += height_weight(height) * (1.0 + 0.1 * advance);
            let region = scratch.sizes[scratch.region[j as usize] as usize];
            regions += f64::from(height) * f64::from(region);
            if can_move(position, j, height) {
                mobility += 1.0;
            }
            let at_home = board.junction(j).colour == colour;
            if self
                .capture
                .captures(self.attack_on(position, j, side), height, at_home)
            {
                threats += f64::from(height);
                // A stack holding pieces the other side wins by taking (a king) puts
                // that goal within one capture: half of it counts as lost already.
                goals -= 0.5
                    * self
                        .goals
                        .iter()
                        .filter(|g| g.player() != side)
                        .map(|g| g.share_taken_with(stack))
                        .sum::<f64>();
            }
        }
        [
            material, goals, stacks, regions, mobility, threats, 0.0, 0.0,
        ]
    }

    /// A side far ahead, and how far it has closed in: the steps from each of the other
    /// side's stacks to its two nearest stacks, and the empty junctions those stacks
    /// can step to. `None` where no side is far ahead (see [`FAR_AHEAD`]) or the board
    /// grows as it is played.
    fn closing_in(&self, position: &Position, scratch: &mut Scratch) -> Option<ClosingIn> {
        if position.board().is_patch() {
            return None;
        }
        let material = [0, 1].map(|p| position.pieces(p) + position.supply(p));
        let ahead = (0..2u8).find(|&p| {
            let other = material[1 - p as usize];
            other > 0 && material[p as usize] >= FAR_AHEAD * other
        })?;
        let behind = 1 - ahead;
        if position.stack_count(behind) > FEW_STACKS {
            return None;
        }
        let (mut distance, mut room) = (0, 0);
        for j in position.held_junctions() {
            if position.stack(j).owner() == Some(behind) {
                distance += nearest_two(position, j, ahead, scratch).min(self.across);
                scratch.queue.clear();
                position.step_reach(j, &mut scratch.queue);
                room += (scratch.queue.len() as u32).min(self.across);
            }
        }
        let most = f64::from(FEW_STACKS * self.across);
        Some(ClosingIn {
            ahead,
            distance: f64::from(distance) - most,
            room: f64::from(room) - most,
        })
    }

    /// The tallest landing the other side could make on `j` from the junctions next to
    /// it: its stacks there merged (two or more), or a split of one of them.
    fn attack_on(&self, position: &Position, j: JunctionId, side: PlayerId) -> u8 {
        let (mut sum, mut count, mut split) = (0u8, 0, 0u8);
        for &k in position.board().neighbours(j) {
            let stack = position.stack(k);
            if stack.owner().is_some_and(|o| o != side) {
                sum = sum.saturating_add(stack.height());
                count += 1;
                split = split.max(stack.height().saturating_sub(1));
            }
        }
        let merged = if count >= 2 {
            sum.min(self.max_height)
        } else {
            0
        };
        merged.max(split)
    }
}

/// A stack's worth by height, before its advance: taller stacks capture more and are
/// taken by fewer (Boardspace weighs heights 1 to 4 about as 1, 2.2, 3.3 and 4.4).
fn height_weight(height: u8) -> f64 {
    match height {
        0 => 0.0,
        1 => 1.0,
        h => 1.1 * f64::from(h),
    }
}

/// Whether the stack on `j` has a move of its own: an empty junction along a band (a
/// step), or, two or more high, an empty junction beside it (a split).
fn can_move(position: &Position, j: JunctionId, height: u8) -> bool {
    let board = position.board();
    board
        .band_neighbours(j, position.tiles())
        .any(|k| position.stack(k).is_empty())
        || (height >= 2
            && board
                .neighbours(j)
                .iter()
                .any(|&k| position.stack(k).is_empty()))
}

/// The steps (between junctions sharing a tile side) from `from` to the nearest two
/// stacks of `side`, or twice the steps to its one stack: a breadth-first walk that
/// stops at the second.
fn nearest_two(
    position: &Position,
    from: JunctionId,
    side: PlayerId,
    scratch: &mut Scratch,
) -> u32 {
    let board = position.board();
    let steps = &mut scratch.steps;
    steps.clear();
    steps.resize(board.junction_count(), u8::MAX);
    let queue = &mut scratch.queue;
    queue.clear();
    queue.push(from);
    steps[from as usize] = 0;
    let (mut found, mut total) = (0, 0);
    let mut next = 0;
    while next < queue.len() {
        let j = queue[next];
        next += 1;
        let here = steps[j as usize];
        for &k in board.neighbours(j) {
            if steps[k as usize] != u8::MAX {
                continue;
            }
            steps[k as usize] = here.saturating_add(1);
            queue.push(k);
            if position.stack(k).owner() == Some(side) {
                total += u32::from(steps[k as usize]);
                found += 1;
                if found == 2 {
                    return total;
                }
            }
        }
    }
    // One stack only: counted twice.
    2 * total
}

/// Each junction's region (junctions joined by bands) into `scratch.region`, as the
/// junction that stands for it, and each such junction's region size into
/// `scratch.sizes`: the board's own reckoning, which joins the bands in a union-find in
/// place (walking the regions through a queue cost an eighth more of the appraisal,
/// which the robot makes at every leaf).
fn regions(position: &Position, scratch: &mut Scratch) {
    let board = position.board();
    board.region_roots(position.tiles(), &mut scratch.region);
    scratch.sizes.clear();
    scratch.sizes.resize(board.junction_count(), 0);
    for &root in &scratch.region {
        scratch.sizes[root as usize] += 1;
    }
}

/// Each junction's steps (between junctions sharing a tile side) to the nearest of
/// `targets` on the ruleset's board; unreachable ones as far as the farthest reached.
fn steps_from(variant: &Variant, targets: &[JunctionId]) -> Vec<u8> {
    let board = &variant.model.board;
    let mut steps = vec![u8::MAX; board.junction_count()];
    let mut queue: VecDeque<JunctionId> = VecDeque::new();
    for &t in targets {
        steps[t as usize] = 0;
        queue.push_back(t);
    }
    while let Some(j) = queue.pop_front() {
        let next = steps[j as usize].saturating_add(1);
        for &k in board.neighbours(j) {
            if steps[k as usize] == u8::MAX {
                steps[k as usize] = next;
                queue.push_back(k);
            }
        }
    }
    let reached = steps
        .iter()
        .copied()
        .filter(|&s| s != u8::MAX)
        .max()
        .unwrap_or(0);
    for s in &mut steps {
        if *s == u8::MAX {
            *s = reached;
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::play::{Game, Layout};
    use variant_run_core::Stack;

    /// The junctions a walk along band links reaches from `start`, each marked in
    /// `region` with `label`: the reference the union-find of tiles is held to.
    fn walk_region(position: &Position, start: usize, label: usize, region: &mut [usize]) {
        let board = position.board();
        let mut queue = VecDeque::from([start as JunctionId]);
        region[start] = label;
        while let Some(j) = queue.pop_front() {
            for k in board.band_neighbours(j, position.tiles()) {
                if region[k as usize] == usize::MAX {
                    region[k as usize] = label;
                    queue.push_back(k);
                }
            }
        }
    }

    /// Three pieces against one: the side ahead is scored by the steps from the lone
    /// piece to its two nearest stacks and by the junctions the piece can step to,
    /// counted here by hand on a board of `/` tiles, where bands run up to the right,
    /// each less the most four stacks could count (14 steps apiece, the breadth of the
    /// board corner to corner); two against one is not far enough ahead.
    #[test]
    fn far_ahead_the_side_ahead_closes_in() {
        let variant = Variant::load_named("truchet-browne", None).unwrap();
        let appraiser = Appraiser::new(&variant);
        let tiles = ["rrrrrrr"; 7].join("/");
        // o on e4; x on g6 (four steps away, on the piece's diagonal), b4 (three) and
        // e2 (two). Along its diagonal the piece steps to d3, c2 and b1, and to f5 before
        // g6 blocks it.
        let stacks = "......../......../......x./......../.x..o.../......../....x.../........";
        let position = variant
            .model
            .parse_position(&format!("{tiles} {stacks} x 0"))
            .unwrap();
        let terms = appraiser.terms(&position, 0);
        assert_eq!(
            (terms[6], terms[7]),
            (2.0 + 3.0 - 56.0, 56.0 - 4.0),
            "for x, ahead"
        );
        let terms = appraiser.terms(&position, 1);
        assert_eq!((terms[6], terms[7]), (51.0, -52.0), "for o, behind");
        // Two pieces against one is not far enough ahead.
        let stacks = "......../......../......../......../.x..o.../......../....x.../........";
        let position = variant
            .model
            .parse_position(&format!("{tiles} {stacks} x 0"))
            .unwrap();
        assert_eq!(&appraiser.terms(&position, 0)[6..], &[0.0, 0.0]);
    }

    /// The capture that brings a side three times the other's material, and every
    /// capture after it, raise its appraisal by more than the piece: closing in counts
    /// what is left to do, never a cost of having come this far.
    #[test]
    fn taking_a_stack_far_ahead_never_costs_the_closing_in() {
        let variant = Variant::load_named("truchet-browne", None).unwrap();
        let appraiser = Appraiser::new(&variant);
        let tiles = ["rrrrrrr"; 7].join("/");
        let closing = |stacks: &str| {
            let position = variant
                .model
                .parse_position(&format!("{tiles} {stacks} x 0"))
                .unwrap();
            let [.., distance, room] = appraiser.terms(&position, 0);
            let w = appraiser.weights().0;
            distance * w[6] + room * w[7]
        };
        // Nine x pieces against o's four, then three, two and one: o's stacks go from
        // the far corner inward, the last one nearest to x.
        let x = "xxxx..../x......./x......./......../......../......../.......x/......xx";
        let o_stacks = ["a1", "h8", "d5", "e4"];
        let mut before = closing(&with_o(x, &o_stacks));
        assert_eq!(before, 0.0, "nine against four is not three to one");
        for left in (1..o_stacks.len()).rev() {
            let after = closing(&with_o(x, &o_stacks[o_stacks.len() - left..]));
            assert!(
                after > before,
                "{left} left: {after} after, {before} before"
            );
            before = after;
        }
    }

    /// `stacks` (rows from 8 down to 1) with an o piece on each of `junctions`.
    fn with_o(stacks: &str, junctions: &[&str]) -> String {
        let mut rows: Vec<Vec<u8>> = stacks.split('/').map(|r| r.as_bytes().to_vec()).collect();
        for name in junctions {
            let (file, rank) = (name.as_bytes()[0] - b'a', name.as_bytes()[1] - b'1');
            rows[7 - rank as usize][file as usize] = b'o';
        }
        let rows: Vec<String> = rows
            .into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect();
        rows.join("/")
    }

    /// The board's union of the tiles' bands finds the regions that a walk along band
    /// links does, with the sizes the appraisal reads, on square and hexagonal boards
    /// and on Trugo's growing patch, all through random games.
    /// A king an adjacent enemy stack could take puts the other side's goal of taking it
    /// (read from the king design's end rule) within one capture: its owner's goal term
    /// counts half that goal as lost.
    #[test]
    fn a_king_within_reach_of_a_capture_counts_half_its_goal_lost() {
        let dir = crate::ruleset::find_variant("examples/designs/browne-king").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        let appraiser = Appraiser::new(&variant);
        let mut position = variant.start_with_first_tiles();
        let x_king = variant.model.board.junction_by_name("d2").unwrap();
        assert_eq!(appraiser.terms(&position, 0)[1], 0.0);
        // A tall enemy stack beside the king, the rest of the board as at the start.
        let beside = position
            .board()
            .neighbours(x_king)
            .iter()
            .copied()
            .find(|&k| position.stack(k).is_empty())
            .unwrap();
        position.set_stack(beside, Stack::new(1, 4));
        assert_eq!(appraiser.terms(&position, 0)[1], -0.5);
        assert_eq!(appraiser.terms(&position, 1)[1], 0.5);
    }

    #[test]
    fn regions_are_those_band_links_reach() {
        for ruleset in [
            "truchet-browne",
            "truchet-boardspace",
            "truchet-hex",
            "trugo",
        ] {
            let variant = Variant::load_named(ruleset, None).unwrap();
            let layout = if variant.model.board.is_patch() {
                Layout::Setup
            } else {
                Layout::Random
            };
            let mut game = Game::new(&variant, layout, 3).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(3);
            let mut scratch = Scratch::default();
            let mut checked = 0;
            while checked < 40 && game.outcome().is_none() {
                let position = game.position();
                regions(position, &mut scratch);
                let mut expected = vec![usize::MAX; position.board().junction_count()];
                for j in 0..expected.len() {
                    if expected[j] == usize::MAX {
                        walk_region(position, j, j, &mut expected);
                    }
                }
                // Labelled from the lowest junction up, a walked region's label is its
                // lowest junction: the root the board names it by.
                for j in 0..expected.len() {
                    assert_eq!(
                        scratch.region[j] as usize, expected[j],
                        "{ruleset}, turn {checked}, junction {j}"
                    );
                    let size = expected.iter().filter(|&&r| r == expected[j]).count();
                    let found = scratch.sizes[scratch.region[j] as usize] as usize;
                    assert_eq!(found, size, "{ruleset}, turn {checked}, junction {j}");
                }
                let turns = game.legal_turns().unwrap();
                let Some(turn) = turns.choose(&mut rng) else {
                    break;
                };
                game.play_legal(turn.clone()).unwrap();
                checked += 1;
            }
            assert!(checked >= 10, "{ruleset}: only {checked} positions");
        }
    }
}
