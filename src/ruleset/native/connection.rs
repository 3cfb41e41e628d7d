//! truchet-connection's end (`examples/designs/truchet-connection/rules/end.rhai`): a
//! chain of one's pieces from one's home edge to the far edge wins; otherwise Browne's end.

use variant_run_core::{GameModel, JunctionId, Outcome, Position};

use super::browne::Browne;
use super::{letter, win};
use crate::ruleset::config::Edge;
use crate::ruleset::script::board_edges::{self, Adjacency};
use crate::ruleset::Variant;

/// The script this copies, and what it imports.
pub(super) const END: &str = include_str!("scripts/connection_end.rhai");
pub(super) const END_IMPORTS: &[&str] = &[super::OUTCOME, super::browne::END];

/// Each player's chain, the mover's looked at first, then Browne's end.
#[derive(Clone, Debug)]
pub(super) struct Connection {
    /// By player: the home edge and the junctions of the two edges the chain joins,
    /// found once (the board is fixed: the script finds the same junctions every time).
    chains: [Chain; 2],
    browne: Browne,
}

#[derive(Clone, Debug)]
struct Chain {
    home: Edge,
    from: Vec<JunctionId>,
    to: Vec<JunctionId>,
}

impl Connection {
    /// The rule on the variant's board; `None` where the script would fail instead of
    /// deciding: a player with no home edge (`game.edge("")`), or a patch, which has no
    /// top or bottom edge.
    pub(super) fn of(variant: &Variant) -> Option<Connection> {
        let board = &variant.model.board;
        let chain = |home: Option<Edge>| -> Option<Chain> {
            let home = home?;
            // The script's `far_edge`: bottom for a top home, top for any other.
            let far = if home == Edge::Top {
                Edge::Bottom
            } else {
                Edge::Top
            };
            Some(Chain {
                home,
                from: board_edges::junctions_on(board, &home.to_string()).ok()?,
                to: board_edges::junctions_on(board, &far.to_string()).ok()?,
            })
        };
        Some(Connection {
            chains: [chain(variant.homes[0])?, chain(variant.homes[1])?],
            browne: Browne::of(variant)?,
        })
    }

    pub(super) fn decide(&self, model: &GameModel, position: &Position) -> Option<Outcome> {
        let next = position.side();
        let mover = 1 - next;
        for player in [mover, next] {
            let chain = &self.chains[player as usize];
            if board_edges::connected(position, player, &chain.from, &chain.to, Adjacency::Tiles) {
                let (p, home) = (letter(model, player), chain.home);
                return win(player, format!("{p} joins the {home} edge to the far edge"));
            }
        }
        self.browne.decide(model, position)
    }
}
