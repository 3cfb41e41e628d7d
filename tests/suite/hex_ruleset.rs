//! The truchet-hex ruleset, loaded from its folder as the CLI loads it: the board's counts
//! and names against the digest (worked out by hand in the comments), the opening boards,
//! hand-picked move lists, the perft table the core's reference check confirms, and a
//! seeded game, with both the default tile and `--tiles trugo`.

use crate::common;

use std::path::PathBuf;

use variant_run::play::game::opening;
use variant_run::play::session::Ending;
use variant_run::LoadOptions;
use variant_run::{draw, Layout, Variant};

fn variant_dir() -> PathBuf {
    crate::common::root().join("variants/truchet-hex")
}

fn load(size: u32, tiles: Option<&str>) -> Variant {
    let options = LoadOptions {
        size: Some(size),
        tiles: tiles.map(str::to_string),
        ..Default::default()
    };
    Variant::load_with(&variant_dir(), &options).unwrap()
}

/// A position drawn, with its text above, as a designer checks it.
fn report(variant: &Variant, position: &variant_run::core::Position) -> String {
    format!(
        "{}\n\n{}",
        variant.model.position_text(position),
        draw::board(&variant.model, position)
    )
}

fn names(variant: &Variant, junctions: &[u16]) -> Vec<String> {
    junctions
        .iter()
        .map(|&j| variant.model.board.junction_name(j))
        .collect()
}

#[test]
fn counts_follow_the_digest_at_every_size() {
    for size in 2..=6u32 {
        let variant = load(size, None);
        let board = &variant.model.board;
        let s = size as usize;
        assert_eq!(board.cell_count(), 3 * s * (s - 1) + 1, "cells, size {s}");
        assert_eq!(board.junction_count(), 6 * s * s, "junctions, size {s}");
        assert_eq!(board.row_count(), 4 * s, "junction rows, size {s}");
        assert_eq!(board.column_count(), 4 * s - 1, "columns, size {s}");
        assert_eq!(board.cell_rows().len(), 2 * s - 1, "cell rows, size {s}");
        // x fills rows 1 and 3 (s and s + 1 junctions), o the top row and the one two
        // below it: 2s + 1 pieces each, 9 on the standard board.
        let start = opening(&variant, Layout::Random, 1).unwrap();
        assert_eq!(start.pieces(0), 2 * size + 1);
        assert_eq!(start.pieces(1), 2 * size + 1);
    }
}

#[test]
fn standard_board_names_junctions_and_cells_as_the_digest_does() {
    let variant = load(4, None);
    let board = &variant.model.board;
    let rows: Vec<&Vec<u16>> = board.junction_rows().iter().rev().collect();
    // Columns a..o are the 15 distinct across-positions of corners. The bottom cell row's
    // four cells have centres 2 columns apart starting at e: their bottom corners make row
    // 1, their lower side corners row 2, their upper side corners row 3.
    assert_eq!(names(&variant, rows[0]), ["e1", "g1", "i1", "k1"]);
    assert_eq!(names(&variant, rows[1]), ["d2", "f2", "h2", "j2", "l2"]);
    assert_eq!(names(&variant, rows[2]), ["d3", "f3", "h3", "j3", "l3"]);
    // The middle rows reach the far columns a and o.
    let row8 = names(&variant, rows[7]);
    assert_eq!(row8.first().map(String::as_str), Some("a8"));
    assert_eq!(row8.last().map(String::as_str), Some("o8"));
    assert_eq!(row8.len(), 8);
    assert_eq!(names(&variant, rows[15]), ["e16", "g16", "i16", "k16"]);
    // Colours alternate by row, row 1 dark: x (dark) owns odd rows.
    for (i, row) in rows.iter().enumerate() {
        for &j in row.iter() {
            let dark = board.junction(j).colour == variant_run::core::Colour::Dark;
            assert_eq!(dark, i % 2 == 0, "{}", board.junction_name(j));
        }
    }
    // Cells: the column of the centre and the cell row from 1 at the bottom.
    let cell_rows: Vec<Vec<String>> = board
        .cell_rows()
        .iter()
        .rev()
        .map(|row| row.iter().map(|&c| board.cell_name(c)).collect())
        .collect();
    assert_eq!(cell_rows[0], ["e1", "g1", "i1", "k1"]);
    assert_eq!(cell_rows[3], ["b4", "d4", "f4", "h4", "j4", "l4", "n4"]);
    assert_eq!(cell_rows[6], ["e7", "g7", "i7", "k7"]);
    // The rim has 6 (2s - 1) = 42 corners; the 6 (s - 1) = 18 where two rim cells meet
    // have three neighbours, the other 6s = 24 only two. Every other junction has three.
    let two = (0..board.junction_count() as u16)
        .filter(|&j| board.neighbours(j).len() == 2)
        .count();
    let three = (0..board.junction_count() as u16)
        .filter(|&j| board.neighbours(j).len() == 3)
        .count();
    assert_eq!((two, three), (24, 72));
}

#[test]
fn opening_boards() {
    for size in [2, 3, 4] {
        let variant = load(size, None);
        let start = opening(&variant, Layout::Random, 1).unwrap();
        insta::assert_snapshot!(format!("hex_opening_size_{size}"), report(&variant, &start));
    }
    let variant = load(3, Some("trugo"));
    let start = opening(&variant, Layout::Random, 1).unwrap();
    insta::assert_snapshot!("hex_opening_size_3_trugo", report(&variant, &start));
}

/// Hand-picked positions on the size-2 board; the expected turns are worked out in each
/// comment from the digest, and the snapshot must list exactly those.
const HAND_PICKED: &[(&str, &str, &str)] = &[
    (
        "three_stack_merge",
        // x on c4, d2, e4 around d3, where o3 stands on x's colour (away from home, so
        // a >= d captures). Tiles all 0 join only dark corners, so x's light stacks cannot
        // step; every tile has a piece on a corner, so none can flip. Only the merge of all
        // three (3 >= 3) captures; pairs are too low. One turn: c4,d2,e4-d3.
        "00/000/00 ../.../.o./..../.xx./.o3./.x./.. x",
        "merge of three stacks onto d3",
    ),
    (
        "three_way_split",
        // x4 on d3 (neighbours c4, d2, e4); o on d2 at home needs a substack of 2 or more.
        // Tiles all 1: no dark band, no step; o on c5 and e5 block the other flips.
        // Splits: c4 1 + d2 2 + e4 1; c4,d2 as 1+3 or 2+2; d2,e4 as 3+1 or 2+2;
        // c4,e4 as 1+3, 2+2, 3+1: eight turns.
        "11/111/11 ../.../.../.oo./..../.x4./.o./.. x",
        "splits of x4 to three (and two) junctions",
    ),
    (
        "rim_junctions",
        // x2 on the rim corner c1 (neighbours b2, d2 only), x on b3 and a5 around the rim
        // junction a4 (neighbours b3, a5 only). No steps (tiles all 1), no flips (pieces
        // on every tile). Turns: the split c1-b2,d2; the merges a5,b3-a4 and b3,c1-b2.
        "11/111/11 ../.../.o./x.../..o./x../.../x2. x",
        "rim junctions with two neighbours",
    ),
    (
        "flip_opens_steps",
        // x on c1; tile c1 (state 0) joins c1, b3, d3; every other tile is 1, joining
        // only light corners. Without a flip: c1-b3, c1-d3. Flipping e1, b2 or d2 to 0
        // joins d3 or b3 to two more dark corners: e1 adds e1, f3; b2 adds c5, a5;
        // d2 adds c5, e5. Flipping f2 or c3 opens nothing new, but is still a distinct
        // turn with each of the two steps; e3 has o on e8. 2 + 4 + 4 + 4 + 2 + 2 = 18.
        "11/111/01 .o/.../.../..../..../.../.../x. x",
        "a flip that opens steps along the bands",
    ),
];

#[test]
fn hand_picked_move_lists() {
    let variant = load(2, None);
    for (name, text, what) in HAND_PICKED {
        let position = variant.model.parse_position(text).unwrap();
        assert_eq!(
            variant.judge(&position).unwrap(),
            None,
            "{name} is not over"
        );
        let turns: Vec<String> = variant
            .model
            .legal_turns(&position)
            .into_iter()
            .map(|t| t.text)
            .collect();
        let shown = format!(
            "{what}\n{}\nlegal turns ({}):\n{}\n",
            report(&variant, &position),
            turns.len(),
            turns.join("\n")
        );
        insta::assert_snapshot!(format!("hex_moves_{name}"), shown);
    }
}

/// Plays a whole game between computer players as `variant-run truchet-hex` does.
fn transcript(variant: &Variant, seed: u64) -> (String, Ending) {
    let setup = variant_run::play::setup::GameSetup {
        ruleset: "truchet-hex".into(),
        size: variant.size,
        tiles: variant.tile_set.clone(),
        seed,
        ..Default::default()
    };
    common::transcript(&setup, ["greedy", "random"], 2000)
}

#[test]
fn seeded_game_transcript() {
    let (text, ending) = transcript(&load(4, None), 1);
    assert_eq!(ending, Ending::Finished);
    insta::assert_snapshot!("hex_game_size_4_seed_1", text);
}

#[test]
fn games_finish_at_other_sizes_and_with_the_trugo_tile() {
    for (size, tiles) in [(3, None), (5, None), (3, Some("trugo")), (4, Some("trugo"))] {
        let variant = load(size, tiles);
        for seed in 1..=2 {
            let (text, ending) = transcript(&variant, seed);
            assert_eq!(ending, Ending::Finished, "size {size} {tiles:?}");
            let last = text.lines().last().unwrap();
            assert!(
                last.contains(" wins: ") || last.starts_with("draw: "),
                "size {size} {tiles:?} seed {seed}: {last}"
            );
        }
    }
}

#[test]
fn bad_choices_say_what_is_wrong() {
    let options = LoadOptions {
        size: None,
        tiles: Some("penrose".into()),
        ..Default::default()
    };
    let error = Variant::load_with(&variant_dir(), &options)
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.ends_with("no tile set `penrose` in [tile.sets]; known sets: trugo"),
        "{error}"
    );
    let too_small = LoadOptions {
        size: Some(1),
        tiles: None,
        ..Default::default()
    };
    let error = Variant::load_with(&variant_dir(), &too_small)
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        error,
        "truchet-hex cannot be played at size 1: it needs 2 or more cells per side"
    );
    // Junction rows of a hex board differ in length; the error names the row.
    let variant = load(2, None);
    let error = variant
        .model
        .parse_position("01/101/10 oo/.../ooo/.../..../xxx/.../xx x")
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "bad position: stacks: row 5 has 4 junctions, found 3 tokens in `...`"
    );
    // A Trugo state letter is refused by the default tile.
    let error = variant
        .model
        .parse_position("02/101/10 oo/.../ooo/..../..../xxx/.../xx x")
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "bad position: tiles: `2` in row 1 from the top is not a tile state (0 or 1)"
    );
}

/// Runs the `variant-run` binary; its exit code and what it printed.
fn cli(args: &[&str]) -> (i32, String, String) {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .output()
        .unwrap();
    (
        run.status.code().unwrap_or(-1),
        String::from_utf8(run.stdout).unwrap(),
        String::from_utf8(run.stderr).unwrap(),
    )
}

#[test]
fn the_command_line_chooses_size_and_tiles() {
    // The same opening as the library gives, with the Trugo tile at size 3.
    let (code, out, _) = cli(&["truchet-hex", "position", "--size", "3", "--tiles", "trugo"]);
    assert_eq!(code, 0);
    let variant = load(3, Some("trugo"));
    let start = opening(&variant, Layout::Random, 1).unwrap();
    assert_eq!(out.trim_end(), variant.model.position_text(&start));
    // The game's record says which tiles are played.
    let (code, out, _) = cli(&["truchet-hex", "--size", "3", "--tiles", "trugo"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("ruleset truchet-hex\noptions --seed 1 --size 3 --tiles trugo\n"),
        "{}",
        out.lines().next().unwrap_or_default()
    );
    // An unknown set is one clear error, exit code 2.
    let (code, _, err) = cli(&["truchet-hex", "show", "--tiles", "trugoo"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("variant-run: ") && err.contains("no tile set `trugoo` in [tile.sets]"),
        "{err}"
    );
}
