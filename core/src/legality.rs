//! Checking one turn, part by part, with a reason in the players' terms when it fails.
//!
//! This is written apart from the generator on purpose: tests compare the two, so a bug in
//! one shows up as a disagreement instead of hiding in both.

use crate::movegen::Scratch;
use crate::{Board, Delta, GameModel, JunctionId, PlayerId, Position, Stack, StackMove, Turn};

impl GameModel {
    /// Checks that `turn` is legal in `position` and returns the change it makes.
    ///
    /// # Errors
    /// The reason the turn is illegal, naming junctions and tiles ("c4 holds your own
    /// stack", "no band joins a1 to d6 through empty junctions").
    pub fn check_turn(&self, position: &Position, turn: &Turn) -> Result<Delta, String> {
        let board = &self.board;
        let rules = &self.rules;
        let parts = rules.parts;
        let side = position.side();
        let name = |j: JunctionId| board.junction_name(j);
        let mut tiles = position.tiles().to_vec();
        if let Some(cell) = turn.flip {
            if !parts.flip {
                return Err("this ruleset has no flips".into());
            }
            if let Some(&j) = board
                .cell_junctions(cell)
                .iter()
                .find(|&&j| !position.stack(j).is_empty())
            {
                return Err(format!(
                    "tile {} has a piece on {}",
                    board.cell_name(cell),
                    name(j)
                ));
            }
            tiles[cell as usize] = board.tiles().flipped(tiles[cell as usize]);
        }

        // The stacks as they stand after the optional step.
        let mut stacks = position.stacks().to_vec();
        let step = match &turn.stack_move {
            StackMove::Step { from, to } => {
                if !parts.step {
                    return Err("a step alone is not a turn in this ruleset".into());
                }
                Some((*from, *to))
            }
            StackMove::Merge { step, .. } => {
                if step.is_some() && !parts.step_then_merge {
                    return Err("this ruleset has no step before a merge".into());
                }
                if step.is_none() && !parts.merge {
                    return Err("this ruleset has no merges".into());
                }
                *step
            }
            StackMove::Split { step, .. } => {
                if step.is_some() && !parts.step_then_split {
                    return Err("this ruleset has no step before a split".into());
                }
                if step.is_none() && !parts.split {
                    return Err("this ruleset has no splits".into());
                }
                *step
            }
        };
        if let Some((from, to)) = step {
            self.check_step(&tiles, &stacks, side, from, to)?;
            stacks[to as usize] = stacks[from as usize];
            stacks[from as usize] = Stack::EMPTY;
        }

        match &turn.stack_move {
            StackMove::Step { .. } => {}
            StackMove::Merge {
                step,
                sources,
                target,
            } => {
                if let Some((_, to)) = step {
                    if !sources.contains(to) {
                        return Err(format!(
                            "the stack that stepped to {} must be one of the merging stacks",
                            name(*to)
                        ));
                    }
                }
                if sources.len() < 2 {
                    return Err("a merge needs two or more stacks".into());
                }
                let mut total = 0u8;
                for (i, &s) in sources.iter().enumerate() {
                    if sources[..i].contains(&s) {
                        return Err(format!("{} is named twice", name(s)));
                    }
                    self.check_own(&stacks, side, s)?;
                    if !board.neighbours(*target).contains(&s) {
                        return Err(format!("{} is not next to {}", name(s), name(*target)));
                    }
                    total += stacks[s as usize].height();
                }
                if total > rules.max_height {
                    return Err(format!(
                        "the merged stack would be {} high; stacks may be at most {} high",
                        total, rules.max_height
                    ));
                }
                self.check_landing(&stacks, side, *target, total)?;
            }
            StackMove::Split {
                step,
                source,
                parts: substacks,
            } => {
                if let Some((_, to)) = step {
                    if to != source {
                        return Err(format!(
                            "the split must start where the step ended, on {}",
                            name(*to)
                        ));
                    }
                }
                self.check_own(&stacks, side, *source)?;
                let height = stacks[*source as usize].height();
                if height < 2 {
                    return Err(format!(
                        "the single piece on {} cannot split",
                        name(*source)
                    ));
                }
                if substacks.len() < 2 {
                    return Err("a split needs two or more substacks".into());
                }
                let total: u8 = substacks.iter().map(|&(_, h)| h).sum();
                if total != height {
                    return Err(format!(
                        "the substacks add up to {} but the stack on {} is {} high",
                        total,
                        name(*source),
                        height
                    ));
                }
                for (i, &(t, h)) in substacks.iter().enumerate() {
                    if substacks[..i].iter().any(|&(u, _)| u == t) {
                        return Err(format!("{} is named twice", name(t)));
                    }
                    if h == 0 {
                        return Err(format!("the substack for {} is empty", name(t)));
                    }
                    if !board.neighbours(*source).contains(&t) {
                        return Err(format!("{} is not next to {}", name(t), name(*source)));
                    }
                    self.check_landing(&stacks, side, t, h)?;
                }
            }
        }
        Ok(turn.delta(position))
    }

    fn check_own(&self, stacks: &[Stack], side: PlayerId, j: JunctionId) -> Result<(), String> {
        let name = self.board.junction_name(j);
        match stacks[j as usize].owner() {
            None => Err(format!("{} is empty", name)),
            Some(owner) if owner != side => Err(format!("{} holds your opponent's stack", name)),
            Some(_) => Ok(()),
        }
    }

    fn check_landing(
        &self,
        stacks: &[Stack],
        side: PlayerId,
        target: JunctionId,
        height: u8,
    ) -> Result<(), String> {
        let there = stacks[target as usize];
        let name = self.board.junction_name(target);
        match there.owner() {
            None => Ok(()),
            Some(owner) if owner == side => Err(format!("{} holds your own stack", name)),
            Some(owner) => {
                let colour = self.board.junction(target).colour;
                if self.rules.may_land(side, height, there, colour) {
                    Ok(())
                } else {
                    Err(format!(
                        "a {}-stack landing on {} cannot capture the {}-stack of {} there ({} junction)",
                        height,
                        name,
                        there.height(),
                        self.rules.player_letter(owner),
                        colour
                    ))
                }
            }
        }
    }

    fn check_step(
        &self,
        tiles: &[u8],
        stacks: &[Stack],
        side: PlayerId,
        from: JunctionId,
        to: JunctionId,
    ) -> Result<(), String> {
        let board: &Board = &self.board;
        self.check_own(stacks, side, from)?;
        if !stacks[to as usize].is_empty() {
            return Err(format!("{} is not empty", board.junction_name(to)));
        }
        let mut reachable = Vec::new();
        Scratch::default().reach(board, tiles, stacks, from, &mut reachable);
        if !reachable.contains(&to) {
            return Err(format!(
                "no band joins {} to {} through empty junctions",
                board.junction_name(from),
                board.junction_name(to)
            ));
        }
        Ok(())
    }
}
