//! The staged sampler, which draws the turns of random playouts, and the quick question
//! "is there any turn?" that end-of-game rules ask after every turn.
//!
//! Both run once per playout turn, so they avoid listing turns: where a flip option's
//! turns are whole-stack moves, they are counted (see [`crate::stack_count`]) and only
//! the drawn one is made; turns with tile actions or single-piece moves are drawn in the
//! generator's order, counted group by group where they can be (see
//! [`crate::ordered_draw`]). Their buffers live per thread and are reused, so a playout
//! allocates little.

use std::cell::RefCell;
use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::forms::{FormGroup, PieceForm};
use crate::movegen::{flippable_cells, for_each_turn, Flips, Scratch};
use crate::ordered_draw::{self, DrawBuffers};
use crate::stack_count::{
    any_stack_move, count_stack_moves, nth_stack_move, Category, OwnStacks, StagedBoard,
};
use crate::{CellId, Delta, FlipVerdict, GameModel, JunctionId, Position, Referee, Rules};

/// Buffers reused from one call to the next on a thread.
#[derive(Default)]
struct Buffers {
    scratch: Scratch,
    reaches: OwnStacks,
    /// The drawn stack's reach, listed.
    reach: Vec<JunctionId>,
    tiles: Vec<u8>,
    options: Vec<Option<CellId>>,
    draw: DrawBuffers,
    tally: Vec<(Category, u64)>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::default();
}

/// How many turns a random draw makes before it lists the allowed ones: where a rule
/// refuses few turns, a redraw or two finds one without listing them all.
const REDRAWS: usize = 8;

/// Runs `f` with this thread's buffers (fresh ones if they are in use further up).
fn with_buffers<T>(f: impl FnOnce(&mut Buffers) -> T) -> T {
    BUFFERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffers) => f(&mut buffers),
        Err(_) => f(&mut Buffers::default()),
    })
}

/// Whether the generator's turns of this group are whole-stack moves (and perhaps the
/// flip alone), which can be counted without being listed: the counts know nothing of
/// kinds of piece, single pieces' moves, drops or tile actions.
pub(crate) fn countable(rules: &Rules, group: &FormGroup) -> bool {
    group.tile.is_none()
        && !group.pieces.contains(PieceForm::Move)
        && !group.pieces.contains(PieceForm::Drop)
        && rules.plain_pieces()
}

/// The tiles as a flip leaves them: the position's own, or a copy with one tile flipped.
pub(crate) fn staged_tiles<'a>(
    position: &'a Position,
    flip: Option<CellId>,
    copy: &'a mut Vec<u8>,
) -> &'a [u8] {
    match flip {
        None => position.tiles(),
        Some(cell) => {
            copy.clear();
            copy.extend_from_slice(position.tiles());
            let tiles = position.board().tiles();
            copy[cell as usize] = tiles.flipped(copy[cell as usize]);
            copy
        }
    }
}

impl GameModel {
    /// The groups of forms whose turns make this flip or none.
    fn groups_for(&self, flip: Option<CellId>) -> impl Iterator<Item = &FormGroup> {
        self.rules
            .forms
            .groups()
            .iter()
            .filter(move |g| g.flip == flip.is_some())
    }

    /// A random turn for playouts, drawn in stages: first a flip option (no flip, or one
    /// of the flippable tiles) uniformly, then uniformly one of the turns the generator
    /// lists for that flip option (a turn listed twice is twice as likely); a flip option
    /// with no turn is dropped and another drawn. Not uniform over distinct turns, which
    /// playouts do not need. `choose(n)` must return an index below `n`.
    pub fn random_turn(
        &self,
        position: &Position,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Delta> {
        with_buffers(|buffers| {
            let mut options = std::mem::take(&mut buffers.options);
            options.clear();
            options.push(None);
            if self.rules.forms.has_flips() {
                options.extend(flippable_cells(position).map(Some));
            }
            let mut drawn = None;
            while !options.is_empty() {
                let flip = options.swap_remove(choose(options.len()));
                drawn = self.random_turn_flipping(position, flip, choose, buffers);
                if drawn.is_some() {
                    break;
                }
            }
            buffers.options = options;
            drawn
        })
    }

    /// A random turn making this flip (or none), if there is one.
    fn random_turn_flipping(
        &self,
        position: &Position,
        flip: Option<CellId>,
        choose: &mut dyn FnMut(usize) -> usize,
        buffers: &mut Buffers,
    ) -> Option<Delta> {
        if !self.groups_for(flip).all(|g| countable(&self.rules, g)) {
            // One of the turns in the generator's order, counted group by group.
            let turn = ordered_draw::draw(
                self,
                position,
                flip,
                self.groups_for(flip),
                choose,
                &mut buffers.draw,
            )?;
            return Some(self.delta(position, &turn));
        }
        let tiles = staged_tiles(position, flip, &mut buffers.tiles);
        let at = StagedBoard::new(&self.rules, position, tiles);
        let steps = self.groups_for(flip).any(|g| g.pieces.steps());
        buffers.reaches.compute_areas(&at, steps);
        let reaches = &mut buffers.reaches;
        // Each group's count, and the categories of stack moves behind it.
        let tally = &mut buffers.tally;
        tally.clear();
        let mut counts: ArrayVec<(u64, usize), 4> = ArrayVec::new();
        for group in self.groups_for(flip) {
            let start = tally.len();
            let moves = count_stack_moves(&at, group.pieces, reaches, tally);
            counts.push((u64::from(group.bare) + moves, start));
        }
        let total: u64 = counts.iter().map(|(count, _)| count).sum();
        if total == 0 {
            return None;
        }
        let mut k = choose(total as usize) as u64;
        for (i, group) in self.groups_for(flip).enumerate() {
            let (here, start) = counts[i];
            if k >= here {
                k -= here;
                continue;
            }
            if group.bare {
                if k == 0 {
                    return Some(Delta {
                        flip,
                        tile: None,
                        changes: Default::default(),
                        drop: None,
                    });
                }
                k -= 1;
            }
            let end = counts.get(i + 1).map_or(tally.len(), |&(_, next)| next);
            // A flip changes no stack: the stacks as they are are the staged ones.
            let action = nth_stack_move(
                &at,
                reaches,
                &tally[start..end],
                k,
                &mut buffers.scratch,
                &mut buffers.reach,
            );
            return Some(Delta {
                flip,
                tile: None,
                changes: action.changes(position),
                drop: None,
            });
        }
        unreachable!("k is below the total")
    }

    /// A random turn the referee allows: drawn as [`GameModel::random_turn`] draws (a
    /// flip option the referee refuses whole is dropped before a turn of it is made),
    /// again while the referee refuses the drawn one (a few times), then uniformly from
    /// the distinct turns it allows, listed. Where the referee refuses nothing, exactly
    /// [`GameModel::random_turn`].
    ///
    /// # Errors
    /// An error of the referee's rule.
    pub fn random_allowed_turn<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Option<Delta>, R::Error> {
        if !referee.filters_turns() {
            return Ok(self.random_turn(position, choose));
        }
        // Drawn as `random_turn` draws, by flip option, where an option the rule refuses
        // whole is dropped unseen: once a rule forbids flips, the no-flip turns are the
        // one option of dozens left, which redraws alone would seldom find.
        let mut options: Vec<Option<CellId>> = vec![None];
        if self.rules.forms.has_flips() {
            options.extend(flippable_cells(position).map(Some));
        }
        let mut weighed = vec![false; options.len()];
        let mut redraws = REDRAWS;
        while !options.is_empty() && redraws > 0 {
            let at = choose(options.len());
            let flip = options[at];
            let refused_whole = !weighed[at]
                && referee.every_turn_flipping(self, position, flip)? == FlipVerdict::RefusesEvery;
            weighed[at] = true;
            let drawn = if refused_whole {
                None
            } else {
                with_buffers(|buffers| self.random_turn_flipping(position, flip, choose, buffers))
            };
            let Some(delta) = drawn else {
                options.swap_remove(at);
                weighed.swap_remove(at);
                continue;
            };
            if referee.refusal(self, position, &delta)?.is_none() {
                return Ok(Some(delta));
            }
            redraws -= 1;
        }
        if options.is_empty() {
            return Ok(None);
        }
        let allowed = self.allowed_deltas(referee, position, &self.distinct_deltas(position))?;
        Ok(match allowed.len() {
            0 => None,
            n => Some(allowed[choose(n)].clone()),
        })
    }

    /// Whether the side to move has a turn the referee allows (see
    /// [`GameModel::has_turn`]).
    ///
    /// # Errors
    /// An error of the referee's rule.
    pub fn has_allowed_turn<R: Referee>(
        &self,
        referee: &R,
        position: &Position,
        with_flips: bool,
    ) -> Result<bool, R::Error> {
        if !referee.filters_turns() {
            return Ok(self.has_turn(position, with_flips));
        }
        self.has_turn_where(position, with_flips, &mut |delta| {
            Ok(referee.refusal(self, position, delta)?.is_none())
        })
    }

    /// Whether the side to move has a turn whose change `allowed` accepts: the turns are
    /// made one by one until one is.
    ///
    /// # Errors
    /// An error of `allowed`.
    pub fn has_turn_where<E>(
        &self,
        position: &Position,
        with_flips: bool,
        allowed: &mut dyn FnMut(&Delta) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let flips = if with_flips { Flips::All } else { Flips::None };
        let mut failed = None;
        let found = for_each_turn(self, position, flips, &mut |turn, staged| match allowed(
            &staged.delta(turn),
        ) {
            Ok(true) => ControlFlow::Break(()),
            Ok(false) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(found.is_break()),
        }
    }

    /// Whether the side to move has any turn; with `with_flips` false, only turns without
    /// a flip count.
    pub fn has_turn(&self, position: &Position, with_flips: bool) -> bool {
        with_buffers(|buffers| {
            if self.has_turn_flipping(position, None, buffers) {
                return true;
            }
            if !with_flips || !self.rules.forms.has_flips() {
                return false;
            }
            let cells: Vec<CellId> = flippable_cells(position).collect();
            cells
                .into_iter()
                .any(|cell| self.has_turn_flipping(position, Some(cell), buffers))
        })
    }

    /// Whether there is a turn making this flip (or none).
    fn has_turn_flipping(
        &self,
        position: &Position,
        flip: Option<CellId>,
        buffers: &mut Buffers,
    ) -> bool {
        if self.groups_for(flip).next().is_none() {
            return false;
        }
        if !self.groups_for(flip).all(|g| countable(&self.rules, g)) {
            let only = match flip {
                None => Flips::None,
                flip => Flips::Only(flip),
            };
            return for_each_turn(self, position, only, &mut |_, _| ControlFlow::Break(()))
                .is_break();
        }
        if self.groups_for(flip).any(|g| g.bare) {
            return true;
        }
        let tiles = staged_tiles(position, flip, &mut buffers.tiles);
        let at = StagedBoard::new(&self.rules, position, tiles);
        // Most positions have a step: one empty junction band-linked to a stack that
        // moves whole settles it.
        if self
            .groups_for(flip)
            .any(|g| g.pieces.contains(PieceForm::Step))
        {
            let stacks = position.stacks();
            let side = position.side();
            let stepping = position.held_junctions().any(|j| {
                stacks[j as usize].is_all(side) && Scratch::can_step(at.board, tiles, stacks, j)
            });
            if stepping {
                return true;
            }
        }
        let steps = self.groups_for(flip).any(|g| g.pieces.steps());
        buffers.reaches.compute_areas(&at, steps);
        let reaches = &mut buffers.reaches;
        self.groups_for(flip)
            .any(|g| any_stack_move(&at, g.pieces, reaches))
    }
}
