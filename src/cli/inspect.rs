//! `position`, `show`, `moves`, `perft`: questions about one position (the chosen one,
//! or where play starts).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use variant_run::core::Position;
use variant_run::draw::Highlight;
use variant_run::play::listing;
use variant_run::play::session::result_line;
use variant_run::play::setup::GameSetup;
use variant_run::play::turn_filter::TurnFilter;
use variant_run::{draw, output_file, parallel, Variant};

use super::Failure;

pub fn position(variant: &Variant, setup: &GameSetup, out: &mut dyn Write) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    writeln!(out, "{}", variant.model.position_text(&position))?;
    Ok(())
}

/// Draws the position on standard output, and with `svg` also as a picture in that file.
pub fn show(
    variant: &Variant,
    setup: &GameSetup,
    svg: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (position, last) = position_and_last_turn(variant, setup)?;
    write!(
        out,
        "{}",
        draw::board_marked(&variant.model, &variant.marks, &position)
    )?;
    let over = variant
        .judge(&position)?
        .map(|outcome| format!("game over, {}", result_line(variant, &outcome)));
    if let Some(line) = &over {
        writeln!(out, "{line}")?;
    }
    if let Some(file) = svg {
        let picture = draw::Picture {
            title: Some(&variant.name),
            marks: &variant.marks,
            last: last.as_ref(),
            result: over.as_deref(),
            ..Default::default()
        };
        let text = draw::board_svg(&variant.model, &position, &picture);
        // The board first: the picture may go to the same place (`/dev/stdout`).
        out.flush()?;
        output_file::write_whole(file, text.as_bytes())
            .map_err(|e| format!("--svg: cannot write {}: {e}", file.display()))?;
    }
    Ok(())
}

/// The position where play starts (as [`GameSetup::start_position`]), and the last
/// turn that reached it when one did: the last set-up turn of a ruleset whose tiles are
/// laid by turns. A chosen position or layout is reached by no turn.
fn position_and_last_turn(
    variant: &Variant,
    setup: &GameSetup,
) -> Result<(Position, Option<Highlight>), Failure> {
    let mut game = setup.game(variant)?;
    let mut last = None;
    // Played as `random`, as the opening is, so the position is the same.
    while game.in_setup() {
        let before = game.position().clone();
        let unplaced = game.unplaced_cells();
        let played = game.play("random")?.clone();
        let caption = format!(
            "{}. {} {}",
            game.history().len(),
            variant.model.rules.player_letter(played.player),
            played.text
        );
        last = Some(Highlight::between(
            &before,
            game.position(),
            &unplaced,
            &game.unplaced_cells(),
            caption,
        ));
    }
    Ok((game.position().clone(), last))
}

/// Lists the legal turns, one canonical text per line; with a filter (a junction's or
/// tile's name, see [`TurnFilter`]), only those that concern that place. A filter that
/// matches no turn lists nothing and says why on standard error: an empty list is an
/// answer here, not a player who is stuck.
pub fn moves(
    variant: &Variant,
    setup: &GameSetup,
    filter: &str,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    let notation = setup.notation(variant)?;
    let model = &variant.model;
    let filter = match filter.trim() {
        "" => None,
        text => {
            Some(TurnFilter::parse(notation, &position, text).map_err(|e| format!("moves: {e}"))?)
        }
    };
    if let Some(outcome) = variant.judge(&position)? {
        // Not an empty list: a script reading the list must not take the game for one
        // where a player is stuck.
        return Err(format!(
            "no turns: the game is over, {}",
            result_line(variant, &outcome)
        )
        .into());
    }
    let mut listed = 0usize;
    // Listed in the order of their texts in the chosen notation, as they are found.
    listing::for_each_in_order(
        variant,
        &position,
        &|turn| notation.write(model, &position, turn),
        &mut |turn, text| {
            if let Some(filter) = &filter {
                if filter.role(model, &position, &turn.turn).is_none() {
                    return Ok(());
                }
            }
            listed += 1;
            Ok(writeln!(out, "{text}")?)
        },
    )?;
    if let (Some(filter), 0) = (&filter, listed) {
        eprintln!(
            "variant-run: note: {}",
            filter.nothing_matches(model, &position)
        );
    }
    Ok(())
}

/// Counts turn by turn at the root, the turns shared out over the threads, so progress
/// shows and `--divide` lines appear (in their order) as the counts come in; the total
/// comes last.
pub fn perft(
    pool: &rayon::ThreadPool,
    variant: &Variant,
    setup: &GameSetup,
    depth: u32,
    divide: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    let notation = setup.notation(variant)?;
    let model = &variant.model;
    if depth == 0 {
        writeln!(out, "1")?;
        return Ok(());
    }
    // perft 1 is the number of turns, counted without writing their texts; with
    // `--divide`, they are listed as the listing finds them, in bounded memory.
    let roots = model.perft(variant, &position, 1)?;
    if depth == 1 {
        if divide {
            listing::for_each_in_order(
                variant,
                &position,
                &|turn| turn.text.clone(),
                &mut |turn, _| {
                    let text = notation.write(model, &position, turn);
                    Ok(writeln!(out, "{text} 1")?)
                },
            )?;
        }
        writeln!(out, "{roots}")?;
        return Ok(());
    }
    let progress = ProgressBar::with_draw_target(Some(roots), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("perft {msg} [{bar:30}] {pos}/{len} turns, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_message(depth.to_string());
    progress.enable_steady_tick(Duration::from_millis(250));
    // Deeper counts share the turns out over the threads, which hold them all: a position
    // with too many is refused by the ruleset's legal_turns with a message.
    let mut total = 0u64;
    let mut failed = None;
    parallel::perft_divide_each(pool, variant, &position, depth, &mut |turn, count| {
        total += count;
        progress.inc(1);
        if divide && failed.is_none() {
            let text = notation.write(model, &position, &turn);
            // Each line goes out as soon as it is known (and a closed pipe stops us).
            if let Err(e) = writeln!(out, "{text} {count}").and_then(|()| out.flush()) {
                failed = Some(e);
            }
        }
    })?;
    progress.finish_and_clear();
    if let Some(e) = failed {
        return Err(e.into());
    }
    writeln!(out, "{total}")?;
    Ok(())
}
