//! The truchet-hex ruleset, loaded from its folder as the CLI loads it: the board's counts
//! and names against the digest (worked out by hand in the comments), and how a bad size
//! or tile set is refused, with both the default tile and `--tiles trugo`. (Its
//! hand-picked move lists, perft table, openings and a seeded game are its fixtures,
//! `variants/truchet-hex/`, run by `variant-run test`.)

use std::path::PathBuf;

use variant_run::play::game::opening;
use variant_run::LoadOptions;
use variant_run::{Layout, Variant};

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
        // (Where the pieces start is the ruleset's `start_rows`, a rule a designer
        // changes: its describe and opening fixtures pin it.)
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
    // In the ruleset's own words, `[board] sizes.says`.
    let toml = variant_run::ruleset::merged::MergedToml::read(&variant_dir()).unwrap();
    let says = toml.table["board"]["sizes"]["says"].as_str().unwrap();
    assert_eq!(
        error,
        format!("truchet-hex cannot be played at size 1: it needs {says}")
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
