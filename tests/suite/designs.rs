//! The designs of examples/designs/, new rules written as TOML + Rhai only: each loads
//! and plays (`check` plays seeded games of it), and each rule it adds does what its
//! comments say, on positions drawn by hand.

use std::process::Command;

use variant_run::ruleset::Variant;

fn designs() -> std::path::PathBuf {
    crate::common::root().join("examples/designs")
}

/// Every folder there, found rather than listed, so a new design is checked too.
#[test]
fn every_design_loads_and_plays() {
    let mut checked = Vec::new();
    let mut folders: Vec<_> = std::fs::read_dir(designs())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("variant.toml").is_file())
        .collect();
    folders.sort();
    for folder in folders {
        let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .arg("check")
            .arg(&folder)
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(output.status.success(), "{}: {said}", folder.display());
        assert!(said.contains(": ok"), "{}: {said}", folder.display());
        checked.push(folder.file_name().unwrap().to_string_lossy().into_owned());
    }
    assert_eq!(
        checked,
        [
            "browne-endgame",
            "hex-bases",
            "truchet-connection",
            "truchet-go",
            "trugo-60-flat",
            "trugo-placer",
            "trugo-square"
        ]
    );
}

/// Go's capture on squares: after x's turn, o's 2-stack on c3 has x on all four sides
/// and goes whole; o's piece on a1 has x on both of its sides and goes too (edges give no
/// safety); x's pieces each keep an empty junction beside them and stay.
#[test]
fn go_capture_takes_surrounded_groups_whole_edges_included() {
    let variant = Variant::load(&designs().join("truchet-go"), Some(5)).unwrap();
    let tiles = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";
    let before = format!("{tiles} ....../....../..x.../.xo2x../x.x.../ox.... o");
    let mut position = variant.model.parse_position(&before).unwrap();
    variant.after_turn(&mut position).unwrap();
    assert_eq!(
        variant.model.position_text(&position),
        format!("{tiles} ....../....../..x.../.x.x../x.x.../.x.... o")
    );
}

/// Trugo with 60 tiles and no stacking: the pool holds 60, and a piece never lands on
/// another (stacks stay one high).
#[test]
fn trugo_60_flat_has_its_pool_and_no_stacks() {
    let variant = Variant::load(&designs().join("trugo-60-flat"), None).unwrap();
    let start = variant_run::play::opening(&variant, variant_run::play::Layout::Setup, 1).unwrap();
    assert_eq!(start.pool(), 60);
    assert_eq!(variant.model.rules.max_height, 1);
}

/// Only the placer receives pieces: the placement of Trugo's fixture
/// placement-fills-both-colours.pos (x lays b6, completing the light b6w and the dark
/// a1e) gives x its piece on a1e and leaves b6w empty, where Trugo gives o one too.
#[test]
fn only_the_placer_receives_the_new_junctions_pieces() {
    let start = "0,0a;0,1a;1,-1a - 33 o=25,x=25 x";
    let after = |variant: &Variant| {
        let position = variant.model.parse_position(start).unwrap();
        let turn = variant
            .legal_turns(&position)
            .unwrap()
            .into_iter()
            .find(|t| t.text == "a:b6")
            .unwrap();
        let next = variant.play(&position, &turn.delta).unwrap();
        let at = |name: &str| {
            let j = next.board().junction_by_name(name).unwrap();
            next.stack(j).owner()
        };
        (at("b6w"), at("a1e"), next.supply(0), next.supply(1))
    };
    let trugo = crate::common::load("trugo", None);
    // Trugo's players: o first (0), x second (1).
    assert_eq!(after(&trugo), (Some(0), Some(1), 24, 24));
    let placer = Variant::load(&designs().join("trugo-placer"), None).unwrap();
    assert_eq!(after(&placer), (None, Some(1), 25, 24));
    // The same rule in TOML, `pieces = "placer-supply"`, over trugo's `pieces = "supply"`.
    let toml = crate::common::root().join("tests/fixtures/inheritance/trugo-placer-toml");
    assert_eq!(
        after(&Variant::load(&toml, None).unwrap()),
        (None, Some(1), 25, 24)
    );
    // A receiver script that gives the placer both new junctions, in its own pieces.
    let takes_all = crate::common::root().join("tests/fixtures/inheritance/trugo-placer-takes-all");
    assert_eq!(
        after(&Variant::load(&takes_all, None).unwrap()),
        (Some(1), Some(1), 25, 23)
    );
}

/// Browne's endgame evaluation: material while both sides have three stacks or more; once
/// o is down to one stack and x leads by 3, 3 plus how near x's stacks of two stand. Here
/// x's 2-stack on c4 is two steps from o's piece on e4: 3 + (4 - 2 / 2) = 6 for x, -6
/// for o; with single pieces only nothing hunts: 3.
#[test]
fn browne_endgame_scores_the_hunt_once_the_enemy_has_one_or_two_stacks() {
    let variant = Variant::load(&designs().join("browne-endgame"), Some(5)).unwrap();
    let tiles = "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr";
    let score = |stacks: &str, player| {
        let position = variant
            .model
            .parse_position(&format!("{tiles} {stacks} x"))
            .unwrap();
        variant.evaluate(&position, player).unwrap()
    };
    // Even material, many stacks: the lead.
    assert_eq!(score("x.x.x./....../....../....../....../o.o.o.", 0), 0);
    // x: 2 on c4 plus three singles (5 pieces); o: one piece on e4.
    let hunt = "x.x.../....../..x2.o./....../....../x.....";
    assert_eq!(score(hunt, 0), 6);
    assert_eq!(score(hunt, 1), -6);
    // More material, all in single pieces: none of x's stacks can land on e4.
    assert_eq!(score("x.x.x./....../..x.o./....../....../x.x...", 0), 3);
}
