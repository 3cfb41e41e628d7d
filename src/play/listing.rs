//! A position's turns in text order, without holding them all.
//!
//! `moves` and `perft --divide` list every distinct turn of a position, sorted by its
//! text. A big board has tens of millions (truchet-hex at size 40 has about 50 million
//! at its opening): as a list they would take many gigabytes. Up to
//! [`SORTED_IN_MEMORY`] turns are sorted in memory; beyond that the listing streams, in
//! two passes over the turns, one flip option at a time (see the core's
//! `for_each_turn_group`):
//!
//! 1. every group's first and last text are noted, and the turns without a flip kept;
//! 2. the groups are generated again in the order of their first texts, and the kept
//!    turns merged in between.
//!
//! This works because the texts of one flip share their start (`bc34:...`, `Flip C 3,
//! ...`), so the groups of different flips do not interleave; a notation where they did
//! would be refused with a message rather than listed out of order.

use std::ops::ControlFlow;

use variant_run_core::{CellId, LegalTurn, Position};

use crate::ruleset::Variant;

/// How many turns are sorted in memory before the listing streams instead.
pub const SORTED_IN_MEMORY: usize = 1_000_000;

/// What a listing may fail with: a script, the listing itself, or what is done with it.
pub type ListingError = Box<dyn std::error::Error>;

/// Hands every distinct turn of a position to `emit`, one flip option at a time, in no
/// particular order.
///
/// # Errors
/// A script fails, or `emit` fails.
pub fn for_each_unordered(
    variant: &Variant,
    position: &Position,
    emit: &mut dyn FnMut(&LegalTurn) -> Result<(), ListingError>,
) -> Result<(), ListingError> {
    let mut failed = None;
    let _ = variant
        .model
        .for_each_turn_group(variant, position, &mut |group| match group
            .iter()
            .try_for_each(&mut *emit)
        {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        })?;
    failed.map_or(Ok(()), Err)
}

/// Hands every distinct turn of a position to `emit` with its text by `text`, in the
/// order of those texts.
///
/// # Errors
/// A script fails, `emit` fails, or the listing is too long to sort in memory and its
/// texts do not fall into separate ranges by flip.
pub fn for_each_in_order(
    variant: &Variant,
    position: &Position,
    text: &dyn Fn(&LegalTurn) -> String,
    emit: &mut dyn FnMut(&LegalTurn, &str) -> Result<(), ListingError>,
) -> Result<(), ListingError> {
    for_each_in_order_holding(variant, position, text, emit, SORTED_IN_MEMORY)
}

/// Like [`for_each_in_order`], streaming once more than `held` turns have been found.
///
/// # Errors
/// As [`for_each_in_order`].
pub fn for_each_in_order_holding(
    variant: &Variant,
    position: &Position,
    text: &dyn Fn(&LegalTurn) -> String,
    emit: &mut dyn FnMut(&LegalTurn, &str) -> Result<(), ListingError>,
    held_most: usize,
) -> Result<(), ListingError> {
    let mut held: Vec<(String, LegalTurn)> = Vec::new();
    let mut unflipped: Vec<(String, LegalTurn)> = Vec::new();
    let mut ranges: Vec<FlipRange> = Vec::new();
    let mut streaming = false;
    let mut total = 0u64;
    let _ = variant
        .model
        .for_each_turn_group(variant, position, &mut |group| {
            total += group.len() as u64;
            let mut texts: Vec<(String, LegalTurn)> =
                group.into_iter().map(|t| (text(&t), t)).collect();
            texts.sort_by(|a, b| a.0.cmp(&b.0));
            let flip = texts[0].1.turn.flip;
            let Some(flip) = flip else {
                unflipped = texts;
                return ControlFlow::Continue(());
            };
            ranges.push(FlipRange {
                flip,
                first: texts[0].0.clone(),
                last: texts[texts.len() - 1].0.clone(),
            });
            if !streaming {
                held.extend(texts);
                if held.len() + unflipped.len() > held_most {
                    streaming = true;
                    held = Vec::new();
                }
            }
            ControlFlow::Continue(())
        })?;
    if !streaming {
        held.append(&mut unflipped);
        held.sort_by(|a, b| a.0.cmp(&b.0));
        for (shown, turn) in &held {
            emit(turn, shown)?;
        }
        return Ok(());
    }
    ranges.sort_by(|a, b| a.first.cmp(&b.first));
    let inside_a_range = |shown: &String| {
        let after = ranges.partition_point(|r| r.first <= *shown);
        after > 0 && *shown <= ranges[after - 1].last
    };
    if ranges.windows(2).any(|w| w[0].last >= w[1].first)
        || unflipped.iter().any(|(shown, _)| inside_a_range(shown))
    {
        return Err(format!(
            "{total} turns: more than {held_most} to sort in memory, and the texts of \
             different flips interleave in this notation, so they cannot be listed in order"
        )
        .into());
    }
    let mut kept = unflipped.into_iter().peekable();
    for range in &ranges {
        while let Some((shown, turn)) = kept.next_if(|(shown, _)| *shown < range.first) {
            emit(&turn, &shown)?;
        }
        let group = variant
            .model
            .distinct_turns_flipping(variant, position, Some(range.flip))?;
        let mut texts: Vec<(String, LegalTurn)> =
            group.into_iter().map(|t| (text(&t), t)).collect();
        texts.sort_by(|a, b| a.0.cmp(&b.0));
        for (shown, turn) in &texts {
            emit(turn, shown)?;
        }
    }
    for (shown, turn) in kept {
        emit(&turn, &shown)?;
    }
    Ok(())
}

/// The texts of one flip's turns run from `first` to `last`.
struct FlipRange {
    flip: CellId,
    first: String,
    last: String,
}
