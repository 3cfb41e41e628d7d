//! Checking one turn, part by part, with a reason in the players' terms when it fails.
//!
//! This is written apart from the generator on purpose: tests compare the two, so a bug in
//! one shows up as a disagreement instead of hiding in both.

use crate::board_cache::NewBoard;
use crate::forms::{Form, PieceForm, TileForm};
use crate::movegen::Scratch;
use crate::patch::{free_run, open_cells, stays_connected};
use crate::{
    Board, Delta, GameModel, Illegal, JunctionId, KindId, PieceAction, PlayerId, Position, Stack,
    TileAction, Turn,
};

impl GameModel {
    /// Checks that `turn` is legal in `position` and returns the change it makes.
    ///
    /// # Errors
    /// The reason the turn is illegal, naming junctions and tiles ("c4 holds your own
    /// stack", "no band joins a1 to d6 through empty junctions").
    pub fn check_turn(&self, position: &Position, turn: &Turn) -> Result<Delta, Illegal> {
        let rules = &self.rules;
        let form = Form {
            flip: turn.flip.is_some(),
            tile: turn.tile.map(|t| match t {
                TileAction::Place { .. } => TileForm::Place,
                TileAction::Remove { .. } => TileForm::Remove,
            }),
            piece: turn.piece.as_ref().map(|p| match p {
                PieceAction::Step { .. } => PieceForm::Step,
                PieceAction::Merge { step: None, .. } => PieceForm::Merge,
                PieceAction::Merge { .. } => PieceForm::StepThenMerge,
                PieceAction::Split { step: None, .. } => PieceForm::Split,
                PieceAction::Split { .. } => PieceForm::StepThenSplit,
                PieceAction::Move { .. } => PieceForm::Move,
                PieceAction::Drop { .. } => PieceForm::Drop,
            }),
        };
        if !rules.forms.allows(form) {
            return Err(Illegal::Form {
                allowed: rules.forms.forms().to_vec(),
                form,
            });
        }
        let mut staged = position.clone();
        if let Some(cell) = turn.flip {
            let board = position.board();
            if let Some(&j) = board
                .cell_junctions(cell)
                .iter()
                .find(|&&j| !position.stack(j).is_empty())
            {
                return Err(Illegal::FlipUnderPiece {
                    tile: board.named_cell(cell),
                    piece: board.named_junction(j),
                });
            }
            staged.tiles[cell as usize] = board.tiles().flipped(staged.tile(cell));
        }
        if let Some(action) = turn.tile {
            self.check_tile(&staged, action)?;
            crate::patch::apply_tile(rules, &mut staged, action, NewBoard::Shared);
        }
        if let Some(piece) = &turn.piece {
            self.check_piece(&staged, piece)?;
        }
        Ok(crate::deltas::delta_with(turn, &staged))
    }

    /// Checks a tile action on the position the flip left.
    fn check_tile(&self, position: &Position, action: TileAction) -> Result<(), Illegal> {
        let board = position.board();
        match action {
            TileAction::Place { cell, state } => {
                if position.pool() == 0 {
                    return Err(Illegal::PoolEmpty);
                }
                if board.cell_id(cell).is_some() {
                    return Err(Illegal::CellTaken(board.named_place(cell)));
                }
                if !open_cells(position).contains(&cell) {
                    return Err(if board.cell_count() == 0 {
                        Illegal::FirstTileAt(board.named_place(crate::patch::ORIGIN))
                    } else {
                        Illegal::NotNextToTile(board.named_place(cell))
                    });
                }
                if state as usize >= board.tiles().len() {
                    return Err(Illegal::NoTileState(state));
                }
            }
            TileAction::Remove { cell } => {
                let rule = self.rules.removal;
                if rule.when_pool_empty && position.pool() > 0 {
                    return Err(Illegal::PoolNotEmpty(position.pool()));
                }
                let Some(id) = board.cell_id(cell) else {
                    return Err(Illegal::NoTile(board.named_place(cell)));
                };
                let free = free_run(position, id);
                if free < rule.free_sides as usize {
                    return Err(Illegal::TooFewFreeSides {
                        tile: board.named_place(cell),
                        free,
                        needed: rule.free_sides,
                    });
                }
                if rule.keep_connected && !stays_connected(position, id) {
                    return Err(Illegal::SplitsTiles(board.named_place(cell)));
                }
            }
        }
        Ok(())
    }

    /// Checks a piece action on the position the flip and tile action left.
    fn check_piece(&self, position: &Position, action: &PieceAction) -> Result<(), Illegal> {
        let side = position.side();
        let tiles = position.tiles();

        // The stacks as they stand after the optional step.
        let mut stacks = position.stacks().to_vec();
        let step = match action {
            PieceAction::Step { from, to } => Some((*from, *to)),
            PieceAction::Merge { step, .. } | PieceAction::Split { step, .. } => *step,
            PieceAction::Move { from, to } => return self.check_move(position, *from, *to),
            PieceAction::Drop { kind, to } => return self.check_drop(position, *kind, *to),
        };
        if let Some((from, to)) = step {
            self.check_step(position, tiles, &stacks, side, from, to)?;
            stacks[to as usize] = stacks[from as usize];
            stacks[from as usize] = Stack::EMPTY;
        }

        match action {
            PieceAction::Step { .. } | PieceAction::Move { .. } | PieceAction::Drop { .. } => {
                Ok(())
            }
            PieceAction::Merge {
                step,
                sources,
                target,
            } => self.check_merge(position, &stacks, *step, sources, *target),
            PieceAction::Split {
                step,
                source,
                parts,
            } => self.check_split(position, &stacks, *step, *source, parts),
        }
    }

    /// A merge of `sources` onto `target`, on the stacks after its step.
    fn check_merge(
        &self,
        position: &Position,
        stacks: &[Stack],
        step: Option<(JunctionId, JunctionId)>,
        sources: &[JunctionId],
        target: JunctionId,
    ) -> Result<(), Illegal> {
        let board = position.board();
        let side = position.side();
        let named = |j: JunctionId| board.named_junction(j);
        if let Some((_, to)) = step {
            if !sources.contains(&to) {
                return Err(Illegal::StepperNotMerging(named(to)));
            }
        }
        if sources.len() < 2 {
            return Err(Illegal::MergeOfOne);
        }
        let mut total = 0u8;
        let kind = self.merging_kind(board, stacks, sources[0])?;
        for (i, &s) in sources.iter().enumerate() {
            if sources[..i].contains(&s) {
                return Err(Illegal::NamedTwice(named(s)));
            }
            self.check_own(board, stacks, side, s)?;
            if self.merging_kind(board, stacks, s)? != kind {
                return Err(Illegal::KindsDiffer {
                    first: named(sources[0]),
                    other: named(s),
                });
            }
            if !board.neighbours(target).contains(&s) {
                return Err(Illegal::NotNextTo {
                    junction: named(s),
                    centre: named(target),
                });
            }
            total += stacks[s as usize].height();
        }
        if total > self.rules.max_height {
            return Err(Illegal::MergeTooHigh {
                height: total,
                max: self.rules.max_height,
            });
        }
        self.check_landing(board, stacks, side, target, total)
    }

    /// A split of the stack on `source` into `parts`, on the stacks after its step.
    fn check_split(
        &self,
        position: &Position,
        stacks: &[Stack],
        step: Option<(JunctionId, JunctionId)>,
        source: JunctionId,
        parts: &[(JunctionId, u8)],
    ) -> Result<(), Illegal> {
        let board = position.board();
        let side = position.side();
        let named = |j: JunctionId| board.named_junction(j);
        if let Some((_, to)) = step {
            if to != source {
                return Err(Illegal::SplitNotAtStep(named(to)));
            }
        }
        self.check_own(board, stacks, side, source)?;
        self.merging_kind(board, stacks, source)?;
        let height = stacks[source as usize].height();
        if height < 2 {
            return Err(Illegal::SinglePiece(named(source)));
        }
        if parts.len() < 2 {
            return Err(Illegal::SplitInOne);
        }
        let total: u8 = parts.iter().map(|&(_, h)| h).sum();
        if total != height {
            return Err(Illegal::SubstacksDoNotAdd {
                total,
                stack: named(source),
                height,
            });
        }
        for (i, &(t, h)) in parts.iter().enumerate() {
            if parts[..i].iter().any(|&(u, _)| u == t) {
                return Err(Illegal::NamedTwice(named(t)));
            }
            if h == 0 {
                return Err(Illegal::EmptySubstack(named(t)));
            }
            if !board.neighbours(source).contains(&t) {
                return Err(Illegal::NotNextTo {
                    junction: named(t),
                    centre: named(source),
                });
            }
            self.check_landing(board, stacks, side, t, h)?;
        }
        Ok(())
    }

    /// A single piece's move: from the top of one of the mover's stacks, through its
    /// region and perhaps one step, to `to`.
    fn check_move(
        &self,
        position: &Position,
        from: JunctionId,
        to: JunctionId,
    ) -> Result<(), Illegal> {
        let board = position.board();
        let stacks = position.stacks();
        let side = position.side();
        // A single piece moves: the top one, whatever it pins.
        match stacks[from as usize].owner() {
            None => return Err(Illegal::Empty(board.named_junction(from))),
            Some(owner) if owner != side => {
                return Err(Illegal::OpponentsPiece(board.named_junction(from)))
            }
            Some(_) => {}
        }
        if from == to {
            return Err(Illegal::StaysPut(board.named_junction(from)));
        }
        let there = stacks[to as usize];
        let kind = stacks[from as usize].top_kind();
        if !there.is_empty() && !self.rules.may_pin(there, kind) {
            if there.height() < self.rules.max_height {
                return Err(Illegal::CannotPin {
                    kind: self.named_kind(kind),
                    under: self.named_kind(there.top_kind()),
                    on: board.named_junction(to),
                    mover_stacks: self.rules.stacks(kind),
                });
            }
            return Err(Illegal::Full {
                on: board.named_junction(to),
                height: there.height(),
                max: self.rules.max_height,
            });
        }
        // Where the region part can end on an empty junction (and the step start from).
        let mut region = Vec::new();
        Scratch::default().reach(board, position.tiles(), stacks, from, &mut region);
        region.push(from);
        let by_band = region
            .iter()
            .any(|&j| j == to || board.band_neighbours(j, position.tiles()).any(|n| n == to));
        let by_step = region.iter().any(|&j| board.neighbours(j).contains(&to));
        if by_band || by_step {
            return Ok(());
        }
        Err(Illegal::NoWay {
            from: board.named_junction(from),
            to: board.named_junction(to),
        })
    }

    /// A drop of a piece of `kind` from the mover's supply on `to`.
    fn check_drop(&self, position: &Position, kind: KindId, to: JunctionId) -> Result<(), Illegal> {
        let board = position.board();
        let rules = &self.rules;
        let side = position.side();
        if rules.kinds.get(usize::from(kind)).is_none() {
            return Err(Illegal::NoKind(kind));
        }
        if position.supply_of(side, kind) == 0 {
            return Err(Illegal::NoneToDrop(self.named_kind(kind)));
        }
        if !position.stack(to).is_empty() {
            return Err(Illegal::DropOnStack(board.named_junction(to)));
        }
        let colour = board.junction(to).colour;
        if !rules.may_drop_on(side, colour) {
            return Err(Illegal::DropColour {
                on: board.named_junction(to),
                colour,
            });
        }
        Ok(())
    }

    /// The kind of the stack on `j` for a merge or a split: refused when its pieces are
    /// of several kinds, or of one that does not stack.
    fn merging_kind(
        &self,
        board: &Board,
        stacks: &[Stack],
        j: JunctionId,
    ) -> Result<KindId, Illegal> {
        let stack = stacks[j as usize];
        self.rules
            .stacking_kind(stack)
            .ok_or_else(|| match stack.uniform_kind() {
                Some(kind) => Illegal::DoesNotStack {
                    kind: self.named_kind(kind),
                    on: board.named_junction(j),
                },
                None => Illegal::MixedKinds(board.named_junction(j)),
            })
    }

    fn check_own(
        &self,
        board: &Board,
        stacks: &[Stack],
        side: PlayerId,
        j: JunctionId,
    ) -> Result<(), Illegal> {
        let stack = stacks[j as usize];
        match stack.owner() {
            None => Err(Illegal::Empty(board.named_junction(j))),
            Some(owner) if owner != side => Err(Illegal::OpponentsStack(board.named_junction(j))),
            Some(_) if !stack.is_all(side) => Err(Illegal::PinnedPiece(board.named_junction(j))),
            Some(_) => Ok(()),
        }
    }

    fn check_landing(
        &self,
        board: &Board,
        stacks: &[Stack],
        side: PlayerId,
        target: JunctionId,
        height: u8,
    ) -> Result<(), Illegal> {
        let there = stacks[target as usize];
        match there.owner() {
            None => Ok(()),
            Some(owner) if owner == side => Err(Illegal::OwnStack(board.named_junction(target))),
            Some(owner) => {
                let colour = board.junction(target).colour;
                if self.rules.may_land(side, height, there, colour) {
                    Ok(())
                } else {
                    Err(Illegal::NoCapture {
                        height,
                        on: board.named_junction(target),
                        there: there.height(),
                        owner: self.rules.player_letter(owner),
                        colour,
                    })
                }
            }
        }
    }

    fn check_step(
        &self,
        position: &Position,
        tiles: &[u8],
        stacks: &[Stack],
        side: PlayerId,
        from: JunctionId,
        to: JunctionId,
    ) -> Result<(), Illegal> {
        let board: &Board = position.board();
        self.check_own(board, stacks, side, from)?;
        if !stacks[to as usize].is_empty() {
            return Err(Illegal::NotEmpty(board.named_junction(to)));
        }
        let mut reachable = Vec::new();
        Scratch::default().reach(board, tiles, stacks, from, &mut reachable);
        if !reachable.contains(&to) {
            return Err(Illegal::NoBand {
                from: board.named_junction(from),
                to: board.named_junction(to),
            });
        }
        Ok(())
    }
}
