//! Checking one turn, part by part, with a reason in the players' terms when it fails.
//!
//! This is written apart from the generator on purpose: tests compare the two, so a bug in
//! one shows up as a disagreement instead of hiding in both.

use crate::board_cache::NewBoard;
use crate::forms::{Form, PieceForm, TileForm};
use crate::movegen::Scratch;
use crate::patch::{free_run, open_cells, stays_connected};
use crate::{
    names, Board, Delta, GameModel, JunctionId, KindId, PieceAction, PlayerId, Position, Stack,
    TileAction, Turn,
};

impl GameModel {
    /// Checks that `turn` is legal in `position` and returns the change it makes.
    ///
    /// # Errors
    /// The reason the turn is illegal, naming junctions and tiles ("c4 holds your own
    /// stack", "no band joins a1 to d6 through empty junctions").
    pub fn check_turn(&self, position: &Position, turn: &Turn) -> Result<Delta, String> {
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
            let allowed: Vec<String> = rules.forms.forms().iter().map(|f| f.to_string()).collect();
            return Err(format!(
                "a turn here is {}, not `{form}`",
                allowed
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let mut staged = position.clone();
        if let Some(cell) = turn.flip {
            let board = position.board();
            if let Some(&j) = board
                .cell_junctions(cell)
                .iter()
                .find(|&&j| !position.stack(j).is_empty())
            {
                return Err(format!(
                    "tile {} has a piece on {}",
                    board.cell_name(cell),
                    board.junction_name(j)
                ));
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
    fn check_tile(&self, position: &Position, action: TileAction) -> Result<(), String> {
        let board = position.board();
        let lattice = board.lattice();
        match action {
            TileAction::Place { cell, state } => {
                let name = names::spiral(lattice, cell);
                if position.pool() == 0 {
                    return Err("the pool is empty: no tile is left to place".into());
                }
                if board.cell_id(cell).is_some() {
                    return Err(format!("{name} already holds a tile"));
                }
                if !open_cells(position).contains(&cell) {
                    return Err(if board.cell_count() == 0 {
                        format!(
                            "the first tile goes to {}",
                            names::spiral(lattice, crate::patch::ORIGIN)
                        )
                    } else {
                        format!("{name} is not next to a tile")
                    });
                }
                if state as usize >= board.tiles().len() {
                    return Err(format!("{state} is not a tile state"));
                }
            }
            TileAction::Remove { cell } => {
                let rule = self.rules.removal;
                let name = names::spiral(lattice, cell);
                if rule.when_pool_empty && position.pool() > 0 {
                    return Err(format!(
                        "tiles are removed only once the pool is empty ({} left)",
                        position.pool()
                    ));
                }
                let Some(id) = board.cell_id(cell) else {
                    return Err(format!("{name} holds no tile"));
                };
                let free = free_run(position, id);
                if free < rule.free_sides as usize {
                    return Err(format!(
                        "tile {name} has {free} free side(s) in a row; a removed tile needs {}",
                        rule.free_sides
                    ));
                }
                if rule.keep_connected && !stays_connected(position, id) {
                    return Err(format!(
                        "removing tile {name} would split the other tiles apart"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks a piece action on the position the flip and tile action left.
    fn check_piece(&self, position: &Position, action: &PieceAction) -> Result<(), String> {
        let board = position.board();
        let rules = &self.rules;
        let side = position.side();
        let name = |j: JunctionId| board.junction_name(j);
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
            PieceAction::Step { .. } | PieceAction::Move { .. } | PieceAction::Drop { .. } => {}
            PieceAction::Merge {
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
                let kind = self.merging_kind(board, &stacks, sources[0])?;
                for (i, &s) in sources.iter().enumerate() {
                    if sources[..i].contains(&s) {
                        return Err(format!("{} is named twice", name(s)));
                    }
                    self.check_own(board, &stacks, side, s)?;
                    if self.merging_kind(board, &stacks, s)? != kind {
                        return Err(format!(
                            "{} and {} hold different kinds of piece, which do not merge",
                            name(sources[0]),
                            name(s)
                        ));
                    }
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
                self.check_landing(board, &stacks, side, *target, total)?;
            }
            PieceAction::Split {
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
                self.check_own(board, &stacks, side, *source)?;
                self.merging_kind(board, &stacks, *source)?;
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
                    self.check_landing(board, &stacks, side, t, h)?;
                }
            }
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
    ) -> Result<(), String> {
        let board = position.board();
        let stacks = position.stacks();
        let side = position.side();
        // A single piece moves: the top one, whatever it pins.
        match stacks[from as usize].owner() {
            None => return Err(format!("{} is empty", board.junction_name(from))),
            Some(owner) if owner != side => {
                return Err(format!(
                    "the top piece on {} is your opponent's",
                    board.junction_name(from)
                ))
            }
            Some(_) => {}
        }
        if from == to {
            return Err(format!(
                "the piece must leave {}",
                board.junction_name(from)
            ));
        }
        let there = stacks[to as usize];
        let kind = stacks[from as usize].top_kind();
        if !there.is_empty() && !self.rules.may_pin(there, kind) {
            if there.height() < self.rules.max_height {
                return Err(format!(
                    "a {} cannot stand on the {} on {}: {} does not stack",
                    self.rules.kinds[usize::from(kind)].name,
                    self.rules.kinds[usize::from(there.top_kind())].name,
                    board.junction_name(to),
                    if self.rules.stacks(kind) {
                        "that piece"
                    } else {
                        "it"
                    }
                ));
            }
            return Err(format!(
                "{} holds {} piece(s); stacks may be at most {} high",
                board.junction_name(to),
                there.height(),
                self.rules.max_height
            ));
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
        Err(format!(
            "no band joins {} to {} or to a junction next to it through empty junctions",
            board.junction_name(from),
            board.junction_name(to)
        ))
    }

    /// A drop of a piece of `kind` from the mover's supply on `to`.
    fn check_drop(&self, position: &Position, kind: KindId, to: JunctionId) -> Result<(), String> {
        let board = position.board();
        let rules = &self.rules;
        let side = position.side();
        let Some(spec) = rules.kinds.get(usize::from(kind)) else {
            return Err(format!("there is no kind of piece number {kind}"));
        };
        if position.supply_of(side, kind) == 0 {
            return Err(format!("you hold no {} to drop", spec.name));
        }
        if !position.stack(to).is_empty() {
            return Err(format!(
                "{} is not empty: a piece is dropped on an empty junction",
                board.junction_name(to)
            ));
        }
        let colour = board.junction(to).colour;
        if !rules.may_drop_on(side, colour) {
            return Err(format!(
                "{} is a {colour} junction; pieces are dropped on {} junctions",
                board.junction_name(to),
                colour.other()
            ));
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
    ) -> Result<KindId, String> {
        let stack = stacks[j as usize];
        self.rules
            .stacking_kind(stack)
            .ok_or_else(|| match stack.uniform_kind() {
                Some(kind) => format!(
                    "the {} on {} does not stack: it neither merges nor splits",
                    self.rules.kinds[usize::from(kind)].name,
                    board.junction_name(j)
                ),
                None => format!(
                    "the stack on {} holds pieces of several kinds: it neither merges nor splits",
                    board.junction_name(j)
                ),
            })
    }

    fn check_own(
        &self,
        board: &Board,
        stacks: &[Stack],
        side: PlayerId,
        j: JunctionId,
    ) -> Result<(), String> {
        let name = board.junction_name(j);
        let stack = stacks[j as usize];
        match stack.owner() {
            None => Err(format!("{} is empty", name)),
            Some(owner) if owner != side => Err(format!("{} holds your opponent's stack", name)),
            Some(_) if !stack.is_all(side) => Err(format!(
                "the stack on {name} holds a pinned piece of your opponent's: it moves only by its top piece"
            )),
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
    ) -> Result<(), String> {
        let there = stacks[target as usize];
        let name = board.junction_name(target);
        match there.owner() {
            None => Ok(()),
            Some(owner) if owner == side => Err(format!("{} holds your own stack", name)),
            Some(owner) => {
                let colour = board.junction(target).colour;
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
        position: &Position,
        tiles: &[u8],
        stacks: &[Stack],
        side: PlayerId,
        from: JunctionId,
        to: JunctionId,
    ) -> Result<(), String> {
        let board: &Board = position.board();
        self.check_own(board, stacks, side, from)?;
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
