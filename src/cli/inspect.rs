//! `position`, `show`, `moves`, `perft`: questions about one position (the chosen one,
//! or where play starts).

use std::io::Write;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use variant_run::play::session::result_line;
use variant_run::play::setup::GameSetup;
use variant_run::{draw, parallel, Variant};

use super::Failure;

pub fn position(variant: &Variant, setup: &GameSetup, out: &mut dyn Write) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    writeln!(out, "{}", variant.model.position_text(&position))?;
    Ok(())
}

pub fn show(variant: &Variant, setup: &GameSetup, out: &mut dyn Write) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    write!(
        out,
        "{}",
        draw::board_marked(&variant.model, &variant.marks, &position)
    )?;
    if let Some(outcome) = variant.judge(&position)? {
        writeln!(out, "game over, {}", result_line(variant, &outcome))?;
    }
    Ok(())
}

pub fn moves(variant: &Variant, setup: &GameSetup, out: &mut dyn Write) -> Result<(), Failure> {
    let position = setup.start_position(variant)?;
    let notation = setup.notation(variant)?;
    if let Some(outcome) = variant.judge(&position)? {
        // Standard output stays a plain list (empty); say why on standard error.
        eprintln!(
            "variant-run: no turns: the game is over, {}",
            result_line(variant, &outcome)
        );
        return Ok(());
    }
    // Listed in the order of their texts in the chosen notation.
    let mut texts: Vec<String> = variant
        .legal_turns(&position)?
        .iter()
        .map(|turn| notation.write(&variant.model, &position, turn))
        .collect();
    texts.sort();
    for text in texts {
        writeln!(out, "{text}")?;
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
    let roots = if variant.judge(&position)?.is_some() {
        0
    } else {
        variant.legal_turns(&position)?.len() as u64
    };
    let progress = ProgressBar::with_draw_target(Some(roots), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("perft {msg} [{bar:30}] {pos}/{len} turns, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_message(depth.to_string());
    progress.enable_steady_tick(Duration::from_millis(250));
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
