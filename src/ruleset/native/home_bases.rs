//! hex-bases' end (`examples/designs/hex-bases/rules/end.rhai`): holding `bases_to_win` of
//! the other side's home bases wins; otherwise Browne's end.

use variant_run_core::{GameModel, JunctionId, Outcome, PlayerId, Position};

use super::browne::Browne;
use super::{letter, win};
use crate::ruleset::script::board_edges;
use crate::ruleset::Variant;

/// The script this copies, and what it imports.
pub(super) const END: &str = include_str!("scripts/home_bases_end.rhai");
pub(super) const END_IMPORTS: &[&str] = &[super::OUTCOME, super::browne::END];

/// Each player's hold on the other's bases, the player to move looked at first (so when
/// both hold enough, the one who did not move wins), then Browne's end.
#[derive(Clone, Debug)]
pub(super) struct HomeBases {
    /// By owner: their home bases, the junctions of their colour along their home edge,
    /// found once (the board is fixed: the script's `bases` finds the same every time).
    bases: [Vec<JunctionId>; 2],
    /// `bases_to_win`, compared as the script compares it (a count `>=` it, so 0 or less
    /// is met by holding none).
    needed: i64,
    browne: Browne,
}

impl HomeBases {
    /// The rule on the variant's board; `None` where the script would fail instead of
    /// deciding: a player with no home edge, a patch (no top or bottom edge), or a
    /// `bases_to_win` that is no whole number.
    pub(super) fn of(variant: &Variant) -> Option<HomeBases> {
        let board = &variant.model.board;
        let bases = |owner: PlayerId| -> Option<Vec<JunctionId>> {
            let home = variant.homes[owner as usize]?;
            let colour = variant.model.rules.colour_of(owner);
            let edge = board_edges::junctions_on(board, &home.to_string()).ok()?;
            Some(
                edge.into_iter()
                    .filter(|&j| board.junction(j).colour == colour)
                    .collect(),
            )
        };
        Some(HomeBases {
            bases: [bases(0)?, bases(1)?],
            needed: variant.int_param("bases_to_win")?,
            browne: Browne::of(variant)?,
        })
    }

    pub(super) fn decide(&self, model: &GameModel, position: &Position) -> Option<Outcome> {
        let next = position.side();
        for player in [next, 1 - next] {
            let enemy = 1 - player;
            let held = self.bases[enemy as usize]
                .iter()
                .filter(|&&j| position.stack(j).is_owned_by(player))
                .count();
            if held as i64 >= self.needed {
                let (p, e, needed) = (letter(model, player), letter(model, enemy), self.needed);
                return win(player, format!("{p} holds {needed} of {e}'s home bases"));
            }
        }
        self.browne.decide(model, position)
    }
}
