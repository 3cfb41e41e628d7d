//! What `moves` prints at a person's prompt. A few turns are listed in columns; many
//! (Browne's opening has 595) are summed up by the stack each moves and the tile each
//! changes, with the way to list one of them (`moves a1`) or all (`moves all`); one
//! place's turns are listed by what they do there.

use std::collections::BTreeMap;

use variant_run_core::{GameModel, LegalTurn, PieceForm, Position, TileForm};

use super::notation::Notation;
use super::turn_filter::{places_of, Role, TurnFilter};

/// The most turns `moves` lists without being asked for all of them: a screenful.
pub const LISTED_WHOLE: usize = 60;

/// The width listings are wrapped to.
const WIDTH: usize = 88;

/// The answer to `moves` (`request` empty), `moves all` or `moves FILTER`, for the
/// legal `turns` of `position` written in `notation`.
///
/// # Errors
/// The filter names no place of this board.
pub fn answer(
    model: &GameModel,
    notation: Notation,
    position: &Position,
    turns: &[LegalTurn],
    request: &str,
) -> Result<String, String> {
    let mut texts: Vec<(String, &LegalTurn)> = turns
        .iter()
        .map(|t| (notation.write(model, position, t), t))
        .collect();
    texts.sort_by(|a, b| a.0.cmp(&b.0));
    let count = |n: usize| match n {
        1 => "1 turn".to_string(),
        n => format!("{n} turns"),
    };
    match request.trim() {
        "" | "all" if texts.is_empty() => Ok("no legal turns\n".into()),
        "all" => Ok(format!("{}:\n{}", count(texts.len()), columns(&texts, 2))),
        "" if texts.len() <= LISTED_WHOLE => {
            Ok(format!("{}:\n{}", count(texts.len()), columns(&texts, 2)))
        }
        "" => Ok(summary(model, position, &texts)),
        filter => {
            let filter = TurnFilter::parse(notation, position, filter)?;
            let mut groups: BTreeMap<Role, Vec<(String, &LegalTurn)>> = BTreeMap::new();
            for (text, turn) in &texts {
                if let Some(role) = filter.role(model, position, &turn.turn) {
                    groups.entry(role).or_default().push((text.clone(), turn));
                }
            }
            let total: usize = groups.values().map(Vec::len).sum();
            if total == 0 {
                return Ok(format!("{}\n", filter.nothing_matches(model, position)));
            }
            let mut out = format!("{}: {}\n", filter.describe(model, position), count(total));
            for (role, group) in &groups {
                out.push_str(&format!(
                    "  {} ({}):\n",
                    heading(model, *role, &filter.name),
                    group.len()
                ));
                out.push_str(&columns(group, 4));
            }
            Ok(out)
        }
    }
}

/// The heading of one role's turns.
fn heading(model: &GameModel, role: Role, name: &str) -> String {
    match role {
        Role::Moves => format!("the stack on {name} moves"),
        Role::Arrives => format!("pieces come to {name}, or pass over it"),
        Role::Tile => format!("turns that {} tile {name}", tile_verbs(model)),
    }
}

/// What this ruleset's turns can do to a tile: `flip`, `lay or take away`.
fn tile_verbs(model: &GameModel) -> String {
    let forms = &model.rules.forms;
    let verbs: Vec<&str> = [
        (forms.has_flips(), "flip"),
        (forms.has_tile(TileForm::Place), "lay"),
        (forms.has_tile(TileForm::Remove), "take away"),
    ]
    .into_iter()
    .filter_map(|(on, verb)| on.then_some(verb))
    .collect();
    match verbs.as_slice() {
        [] => "change".into(),
        [one] => (*one).into(),
        [first @ .., last] => format!("{} or {last}", first.join(", ")),
    }
}

/// Many turns summed up: how many move each stack, and how many change each tile.
fn summary(model: &GameModel, position: &Position, texts: &[(String, &LegalTurn)]) -> String {
    let mut stacks: BTreeMap<String, usize> = BTreeMap::new();
    let mut tiles: BTreeMap<String, usize> = BTreeMap::new();
    let mut elsewhere = 0;
    for (_, turn) in texts {
        let (moved, changed) = places_of(model, position, &turn.turn);
        if moved.is_empty() && changed.is_empty() {
            elsewhere += 1;
        }
        for name in moved {
            *stacks.entry(name).or_default() += 1;
        }
        for name in changed {
            *tiles.entry(name).or_default() += 1;
        }
    }
    let mut out = format!(
        "{} turns, too many to read in one list; by where they act:\n",
        texts.len()
    );
    let counted = |counts: &BTreeMap<String, usize>| -> Vec<String> {
        let mut names: Vec<(&String, &usize)> = counts.iter().collect();
        // Board order reads best: by column letters, then row number.
        names.sort_by_key(|(name, _)| place_order(name));
        names.iter().map(|(n, c)| format!("{n} {c}")).collect()
    };
    if !stacks.is_empty() {
        out.push_str("  the stacks that can move, and how many turns move each:\n");
        out.push_str(&wrapped(&counted(&stacks), 4));
    }
    if !tiles.is_empty() {
        out.push_str(&format!(
            "  the tiles a turn can {}, and how many turns do:\n",
            tile_verbs(model)
        ));
        out.push_str(&wrapped(&counted(&tiles), 4));
    }
    if elsewhere > 0 {
        let what = if model.rules.forms.has_piece(PieceForm::Drop) {
            "drop a piece from the supply"
        } else {
            "move no stack and change no tile"
        };
        out.push_str(&format!("  {elsewhere} turns {what}\n"));
    }
    let example = stacks
        .keys()
        .chain(tiles.keys())
        .min_by_key(|n| place_order(n))
        .cloned()
        .unwrap_or_else(|| "a1".into());
    out.push_str(&format!(
        "`moves {example}` lists the turns of one stack, junction or tile; `moves all` \
         lists all {}\n",
        texts.len()
    ));
    out
}

/// A place name's key for board order: its letters, then its number, then the rest
/// (`a2` before `a10`, `b3e` before `b3w`).
fn place_order(name: &str) -> (usize, String, u64, String) {
    let letters: String = name.chars().take_while(char::is_ascii_lowercase).collect();
    let rest = &name[letters.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let tail = rest[digits.len()..].to_string();
    (
        letters.len(),
        letters,
        digits.parse().unwrap_or(u64::MAX),
        tail,
    )
}

/// Texts in as many columns as fit, each line indented.
fn columns(texts: &[(String, &LegalTurn)], indent: usize) -> String {
    let widest = texts
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0);
    let across = ((WIDTH - indent) / (widest + 3)).max(1);
    let rows = texts.len().div_ceil(across);
    let mut out = String::new();
    for row in 0..rows {
        let mut line = " ".repeat(indent);
        // Down the columns, as `ls` lists: each column reads in order.
        for column in 0..across {
            if let Some((text, _)) = texts.get(column * rows + row) {
                line.push_str(&format!("{text:<width$}", width = widest + 3));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Items separated by commas, wrapped, each line indented.
fn wrapped(items: &[String], indent: usize) -> String {
    let mut out = String::new();
    let mut line = " ".repeat(indent);
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}, ")
        } else {
            item.clone()
        };
        if line.len() + piece.trim_end().len() > WIDTH && !line.trim().is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line = " ".repeat(indent);
        }
        line.push_str(&piece);
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}
