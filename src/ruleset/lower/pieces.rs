//! `[[pieces]]` and `[[counters]]`: the kinds of piece and the numbers a game keeps
//! beside the board. Both are data of the model's, so the core's generator, texts and
//! positions carry them; scripts read them through `game`.

use variant_run_core::{
    Counter, GameModel, KindId, PieceKind, PlayerId, PlayerSpec, Position, Stack,
};

use super::Lowering;
use crate::printable::printable;
use crate::ruleset::config::{CounterConfig, CounterScope, Expr, PieceConfig};
use crate::ruleset::error::VariantError;

/// The largest magnitude of a counter's bounds: far beyond any game's count, small
/// enough that adding to a counter never overflows.
const COUNTER_LIMIT: i64 = 1_000_000_000;

/// The word position texts use for a fixed board's supplies: no counter may take it.
const SUPPLY_FIELD: &str = "supply";

/// The kinds of piece: those `[[pieces]]` lists, or one plain kind.
pub(super) fn kinds(
    lowering: &Lowering,
    pieces: &[PieceConfig],
    players: &[PlayerSpec; 2],
) -> Result<Vec<PieceKind>, VariantError> {
    if pieces.is_empty() {
        return Ok(vec![PieceKind::plain()]);
    }
    if pieces.len() > Stack::MAX_KINDS {
        return Err(lowering.bad(
            "pieces",
            format!(
                "[[pieces]] lists {} kinds; a ruleset has at most {}",
                pieces.len(),
                Stack::MAX_KINDS
            ),
        ));
    }
    let mut kinds: Vec<PieceKind> = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let name = piece.name.as_str();
        if !is_name(name) {
            return Err(lowering.bad_labelled(
                &format!("pieces[{i}].name"),
                format!(
                    "[[pieces]] name `{}` must be a word of lower-case letters, digits and \
                     `_`, starting with a letter (scripts name the kind by it)",
                    printable(name)
                ),
                "not a name",
            ));
        }
        if kinds.iter().any(|k| k.name == name) {
            return Err(lowering.bad_labelled(
                &format!("pieces[{i}].name"),
                format!("two kinds of piece are called `{name}`"),
                "a name used before",
            ));
        }
        let mut chars = piece.letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => {
                return Err(lowering.bad_labelled(
                    &format!("pieces[{i}].letter"),
                    format!(
                        "[[pieces]] letter `{}` must be one letter, a to z or A to Z",
                        printable(&piece.letter)
                    ),
                    "one letter",
                ))
            }
        };
        let clash = players
            .iter()
            .find(|p| p.letter == letter)
            .map(|p| format!("player {}'s letter", p.letter))
            .or_else(|| {
                kinds
                    .iter()
                    .find(|k| k.letter == letter)
                    .map(|k| format!("the letter of `{}`", k.name))
            });
        if let Some(clash) = clash {
            return Err(lowering.bad_labelled(
                &format!("pieces[{i}].letter"),
                format!(
                    "[[pieces]] {name}: `{letter}` is already {clash}; position texts need \
                     every letter to say one thing"
                ),
                "a letter used before",
            ));
        }
        kinds.push(PieceKind {
            name: name.to_string(),
            letter,
            stacks: piece.stacks,
        });
    }
    Ok(kinds)
}

/// Whether a kind's or counter's name is a plain word scripts can write.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name.len() <= 32
}

/// The counters, their start values and bounds worked out.
pub(super) fn counters(
    lowering: &Lowering,
    configs: &[CounterConfig],
) -> Result<Vec<Counter>, VariantError> {
    let mut counters: Vec<Counter> = Vec::with_capacity(configs.len());
    for (i, config) in configs.iter().enumerate() {
        let at = |key: &str| format!("counters[{i}].{key}");
        let name = config.name.as_str();
        if !is_name(name) || name == SUPPLY_FIELD {
            return Err(lowering.bad_labelled(
                &at("name"),
                format!(
                    "[[counters]] name `{}` must be a word of lower-case letters, digits and \
                     `_`, starting with a letter, and not `{SUPPLY_FIELD}` (position texts \
                     write supplies under that name)",
                    printable(name)
                ),
                "not a counter's name",
            ));
        }
        if counters.iter().any(|c| c.name == name) {
            return Err(lowering.bad_labelled(
                &at("name"),
                format!("two counters are called `{name}`"),
                "a name used before",
            ));
        }
        let value = |key: &str, expr: &Option<Expr>, default: i64| -> Result<i64, VariantError> {
            let n = match expr {
                None => default,
                Some(expr) => lowering.count(&at(key), expr)?,
            };
            if n.abs() > COUNTER_LIMIT {
                return Err(lowering.bad(
                    &at(key),
                    format!("[[counters]] {name}: {key} = {n} is beyond ±{COUNTER_LIMIT}"),
                ));
            }
            Ok(n)
        };
        let min = value("min", &config.min, 0)?;
        let max = value("max", &config.max, 1_000_000)?;
        let start = value("start", &config.start, 0)?;
        if !(min..=max).contains(&start) {
            let key = if config.start.is_some() {
                "start"
            } else {
                "min"
            };
            return Err(lowering.bad(
                &at(key),
                format!(
                    "[[counters]] {name}: it starts at {start}, outside its bounds {min}..{max}"
                ),
            ));
        }
        counters.push(Counter {
            name: name.to_string(),
            per_player: config.per == CounterScope::Player,
            start,
            min,
            max,
        });
    }
    Ok(counters)
}

/// Puts each kind's start pieces on the start stacks (`[[pieces]] start`), replacing
/// what a start row put there.
pub(super) fn place_start_pieces(
    lowering: &Lowering,
    pieces: &[PieceConfig],
    model: &GameModel,
    stacks: &mut [Stack],
) -> Result<(), VariantError> {
    let board = &model.board;
    let rules = &model.rules;
    for (kind, piece) in pieces.iter().enumerate() {
        for (letter, junctions) in &piece.start {
            let at = format!("pieces[{kind}].start.{letter}");
            let mut chars = letter.chars();
            let player = match (chars.next(), chars.next()) {
                (Some(c), None) => rules.player_by_letter(c),
                _ => None,
            }
            .ok_or_else(|| {
                lowering.bad_labelled(
                    &at,
                    format!(
                        "[[pieces]] {}: start names `{}`, which is not a player's letter ({} or {})",
                        piece.name,
                        printable(letter),
                        rules.player_letter(0),
                        rules.player_letter(1)
                    ),
                    "not a player",
                )
            })?;
            if board.is_patch() && !junctions.is_empty() {
                return Err(lowering.bad(
                    &at,
                    format!(
                        "[[pieces]] {}: a patch has no junctions before its first tile; its \
                         pieces come from the supply",
                        piece.name
                    ),
                ));
            }
            for name in junctions {
                let j = board.junction_by_name(name).ok_or_else(|| {
                    lowering.bad_labelled(
                        &at,
                        format!(
                            "[[pieces]] {}: `{}` is not a junction of the board at size {}",
                            piece.name,
                            printable(name),
                            lowering.size.unwrap_or(0)
                        ),
                        "not a junction",
                    )
                })?;
                stacks[j as usize] = Stack::of_kind(player as PlayerId, kind as KindId, 1);
            }
        }
    }
    Ok(())
}

/// Each kind's supply at the start (`[[pieces]] supply`; the first kind's is
/// `[setup] supply`, given as `first`), by kind.
pub(super) fn start_supplies(
    lowering: &Lowering,
    pieces: &[PieceConfig],
    first: u32,
) -> Result<Vec<u32>, VariantError> {
    let mut supplies = vec![first];
    for (kind, piece) in pieces.iter().enumerate() {
        let Some(expr) = &piece.supply else {
            if kind > 0 {
                supplies.push(0);
            }
            continue;
        };
        let at = format!("pieces[{kind}].supply");
        if kind == 0 {
            return Err(lowering.bad(
                &at,
                format!(
                    "[[pieces]] {}: the first kind's supply is `[setup] supply`",
                    piece.name
                ),
            ));
        }
        let n = lowering.count(&at, expr)?;
        let n = u32::try_from(n)
            .ok()
            .filter(|&n| n <= super::setup::MAX_COUNT)
            .ok_or_else(|| {
                lowering.bad(
                    &at,
                    format!(
                        "[[pieces]] {}: supply is {n}; it must be 0 to {}",
                        piece.name,
                        super::setup::MAX_COUNT
                    ),
                )
            })?;
        supplies.push(n);
    }
    Ok(supplies)
}

/// Sets a position's supplies to the start supplies, by kind.
pub(crate) fn give_start_supplies(position: &mut Position, supplies: &[u32]) {
    for (kind, &n) in supplies.iter().enumerate() {
        for player in 0..2 {
            position.set_supply_of(player, kind as KindId, n);
        }
    }
}
