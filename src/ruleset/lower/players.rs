//! `[[players]]`: two players, their letters, names and colours, and the pieces each has
//! at the start.

use variant_run_core::{GameModel, PlayerId, PlayerSpec, Stack};

use super::Lowering;
use crate::printable::printable;
use crate::ruleset::config::{Edge, PlayerConfig};
use crate::ruleset::error::VariantError;
use crate::ruleset::StartCounts;

pub(super) struct Players {
    pub specs: [PlayerSpec; 2],
    pub names: [String; 2],
    /// The player who makes the first piece move.
    pub first: PlayerId,
}

/// The two players, and who moves first (`[turn] first`).
pub(super) fn players(
    lowering: &Lowering,
    players: &[PlayerConfig],
    first: &str,
) -> Result<Players, VariantError> {
    let [a, b] = players else {
        return Err(lowering.bad(
            "players",
            format!(
                "[[players]] lists {} players; a game has exactly 2",
                players.len()
            ),
        ));
    };
    let spec = |i: usize, p: &PlayerConfig| {
        let mut chars = p.letter.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) if letter.is_ascii_lowercase() => Ok(PlayerSpec {
                letter,
                colour: p.colour,
            }),
            _ => Err(lowering.bad_labelled(
                &format!("players[{i}].letter"),
                format!(
                    "[[players]] letter `{}` must be one lower-case letter",
                    p.letter
                ),
                "one letter, a to z",
            )),
        }
    };
    let specs = [spec(0, a)?, spec(1, b)?];
    if specs[0].letter == specs[1].letter {
        return Err(lowering.bad_labelled(
            "players[1].letter",
            format!(
                "both players have the letter `{}`; each needs its own",
                specs[0].letter
            ),
            "the same letter as the first player's",
        ));
    }
    if specs[0].colour == specs[1].colour {
        return Err(lowering.bad_labelled(
            "players[1].colour",
            format!(
                "both players own the {} junctions; each needs its own colour",
                specs[0].colour
            ),
            "the same colour as the first player's",
        ));
    }
    if let (Some(home), true) = (a.home, a.home == b.home) {
        return Err(lowering.bad_labelled(
            "players[1].home",
            format!("both players have their home at the {home} edge; each needs its own"),
            "the same home as the first player's",
        ));
    }
    let first = specs
        .iter()
        .position(|s| s.letter.to_string() == first)
        .ok_or_else(|| {
            lowering.bad_labelled(
                "turn.first",
                format!(
                    "[turn] first = \"{first}\" is not a player's letter ({} or {})",
                    specs[0].letter, specs[1].letter
                ),
                "not a player's letter",
            )
        })? as PlayerId;
    Ok(Players {
        specs,
        // Names reach the terminal in messages: control characters are shown escaped.
        names: [a.name.as_str(), b.name.as_str()].map(|n| printable(n).into_owned()),
        first,
    })
}

/// The stacks at the start: each player's pieces on every junction of their colour in the
/// `start_rows` junction rows nearest their home edge that have such junctions.
pub(super) fn start_stacks(
    lowering: &Lowering,
    players: &[PlayerConfig],
    model: &GameModel,
) -> Result<Vec<Stack>, VariantError> {
    let board = &model.board;
    let mut stacks = vec![Stack::EMPTY; board.junction_count()];
    for (player, p) in players.iter().enumerate() {
        let (home, start_rows) = match (p.home, &p.start_rows) {
            (Some(home), Some(rows)) => (home, rows),
            (None, None) => continue,
            _ => {
                return Err(lowering.bad(
                    &format!("players[{player}]"),
                    format!(
                        "[[players]] {}: `home` and `start_rows` go together (pieces on the \
                         start rows nearest the home edge); give both or neither",
                        p.letter
                    ),
                ))
            }
        };
        if board.is_patch() {
            return Err(lowering.bad(
                &format!("players[{player}].start_rows"),
                format!(
                    "[[players]] {}: a patch has no rows to start on; its pieces come from \
                     `[setup] supply`",
                    p.letter
                ),
            ));
        }
        let at = format!("players[{player}].start_rows");
        let rows = lowering.count(&at, start_rows)?;
        if rows < 0 {
            return Err(lowering.bad(
                &at,
                format!(
                    "start_rows of {} is {rows}; it cannot be negative",
                    p.letter
                ),
            ));
        }
        let colour = p.colour;
        let ordered: Vec<&Vec<u16>> = match home {
            Edge::Top => board.junction_rows().iter().collect(),
            Edge::Bottom => board.junction_rows().iter().rev().collect(),
        };
        let own_rows: Vec<&Vec<u16>> = ordered
            .into_iter()
            .filter(|row| row.iter().any(|&j| board.junction(j).colour == colour))
            .collect();
        if rows as usize > own_rows.len() {
            return Err(lowering.bad(
                &at,
                format!(
                    "start_rows of {} is {rows}, but the board has {} rows of {} junctions at \
                     size {}",
                    p.letter,
                    own_rows.len(),
                    colour,
                    lowering.size.unwrap_or(0)
                ),
            ));
        }
        for row in own_rows.into_iter().take(rows as usize) {
            for &j in row.iter().filter(|&&j| board.junction(j).colour == colour) {
                if !stacks[j as usize].is_empty() {
                    return Err(lowering.bad(
                        &at,
                        format!(
                            "the players' start rows overlap on {} at size {}",
                            board.junction_name(j),
                            lowering.size.unwrap_or(0)
                        ),
                    ));
                }
                stacks[j as usize] = Stack::new(player as PlayerId, 1);
            }
        }
    }
    Ok(stacks)
}

/// A player with no pieces on the board and none to receive has lost before the first
/// turn: that is a mistake in the numbers, not a game.
pub(super) fn check_everyone_has_pieces(
    lowering: &Lowering,
    players: &[PlayerConfig],
    start_stacks: &[Stack],
    counters: &StartCounts,
) -> Result<(), VariantError> {
    if counters.supplies.iter().any(|&n| n > 0) {
        return Ok(());
    }
    for (player, p) in players.iter().enumerate() {
        let pieces: u32 = start_stacks
            .iter()
            .map(|s| s.pieces_of(player as PlayerId))
            .sum();
        if pieces == 0 {
            let at = if p.start_rows.is_some() {
                format!("players[{player}].start_rows")
            } else {
                format!("players[{player}]")
            };
            return Err(lowering.bad_labelled(
                &at,
                format!(
                    "{} starts with no pieces on the board and [setup] supply gives none",
                    p.letter
                ),
                "no pieces for this player",
            ));
        }
    }
    Ok(())
}
