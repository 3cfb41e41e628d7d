//! SVG pictures of positions, for every geometry: square boards (Browne's stacks,
//! Boardspace's marked bases), hex-hex boards with both tile sets, and Trugo's patch
//! (pinned stacks, a removed tile, no tiles at all). Each picture must parse with a real
//! SVG library (usvg), its bands must end on junctions of their own colour, and its
//! snapshot is a summary of what it draws (common/svg_reading.rs): read it as the
//! picture's description. The command line's `--svg` options are checked at the end.
//!
//! Each picture is of positions written here, before and after a turn, so that what is
//! drawn does not move when a rule does: these test the drawing, and the rules' own
//! fixtures test the rules.

use std::path::Path;
use std::process::{Command, Output};

use variant_run::core::Position;
use variant_run::draw::{board_svg, Highlight, Picture};
use variant_run::{LoadOptions, Variant};

use crate::common::load;
use crate::common::svg_reading::{bands_meet_at_junctions, parses, summary};

/// The picture `show --svg` draws of a position, and the last turn when given.
fn picture(variant: &Variant, position: &Position, last: Option<&Highlight>) -> String {
    let svg = board_svg(
        &variant.model,
        position,
        &Picture {
            title: Some(&variant.name),
            marks: &variant.marks,
            last,
            ..Default::default()
        },
    );
    parses(&svg);
    let band_ends = bands_meet_at_junctions(&svg);
    if position.board().cell_count() > 0 {
        assert!(band_ends > 0, "no band ends on a junction");
    }
    svg
}

fn position(variant: &Variant, text: &str) -> Position {
    variant
        .model
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position a turn left (written out, so that no rule is asked), and the turn's
/// highlight, captioned with its text.
fn after(variant: &Variant, before: &Position, text: &str, next: &str) -> (Position, Highlight) {
    let next = position(variant, next);
    let player = variant.model.rules.player_letter(before.side());
    let last = Highlight::between(before, &next, &[], &[], format!("1. {player} {text}"));
    (next, last)
}

/// variants/truchet-browne/positions/height-limit-and-splits.pos: stacks of 1 to 3.
const BROWNE_STACKS: &str = "rrr/rrr/rrr ..../.oo./.x3.x2/..x. x";
/// variants/trugo/positions/release-of-a-pinned-piece.pos: a1w holds an x pinned
/// under an o.
const TRUGO_PINNED: &str = "-2,0c;-2,1a;-2,2b;-1,-1a;-1,0b;-1,1c;-1,2a;0,-2b;0,-1c;0,0a;\
     0,1b;0,2c;1,-2a;1,-1b;1,0c;1,1a;2,-2c;2,-1a;2,0b \
     -1,0e=x;-1,0w=x;-1,1e=x;0,0w=xo;1,0w=o 0 o=20,x=20 x";
/// variants/trugo/positions/landing-pins.pos, before and after x's a1e-b6e.
const TRUGO_LANDING: [&str; 2] = [
    "-2,0c;-2,1a;-2,2b;-1,-1a;-1,0b;-1,1c;-1,2a;0,-2b;0,-1c;0,0a;0,1b;0,2c;1,-2a;1,-1b;\
     1,0c;1,1a;2,-2c;2,-1a;2,0b 0,0e=x;0,0w=o;1,0e=o 0 o=20,x=20 x",
    "-2,0c;-2,1a;-2,2b;-1,-1a;-1,0b;-1,1c;-1,2a;0,-2b;0,-1c;0,0a;0,1b;0,2c;1,-2a;1,-1b;\
     1,0c;1,1a;2,-2c;2,-1a;2,0b 0,0w=o;1,0e=ox 0 o=20,x=20 o 1",
];

#[test]
fn square_browne_stacks_of_several_heights() {
    let variant = load("truchet-browne", Some(3));
    let start = position(&variant, BROWNE_STACKS);
    let svg = picture(&variant, &start, None);
    assert!(svg.contains(">3</text>") && svg.contains(">2</text>"));
    insta::assert_snapshot!(summary(&svg));
}

#[test]
fn square_browne_last_turn_flips_a_tile_and_captures() {
    let variant = load("truchet-browne", Some(3));
    // b2 (x3) splits two pieces onto b3, taking the o there, and one onto a2.
    let start = position(&variant, BROWNE_STACKS);
    let (next, last) = after(
        &variant,
        &start,
        "b2-a2,2xb3",
        "rrr/rrr/rrr ..../.x2o./x..x2/..x. o",
    );
    assert_eq!(last.junctions.len(), 3, "b2, a2 and b3: {last:?}");
    insta::assert_snapshot!(
        "square_browne_last_turn_captures",
        summary(&picture(&variant, &next, Some(&last)))
    );

    let start = position(&variant, "rrr/lrr/rrr ..o./..../.x../x... x");
    let (next, last) = after(
        &variant,
        &start,
        "cd23:b2-d2",
        "rrr/lrl/rrr ..o./..../...x/x... o 1",
    );
    assert_eq!(last.tiles.len(), 1, "{last:?}");
    insta::assert_snapshot!(
        "square_browne_last_turn_flips",
        summary(&picture(&variant, &next, Some(&last)))
    );
}

#[test]
fn square_boardspace_marks_its_bases() {
    let variant = load("truchet-boardspace", None);
    let start = position(
        &variant,
        "rrrlrrl/rlrlrlr/rrlrlll/rrlrlrl/rllrllr/rllrlrr/llllrll \
         w.w.w.w./.w.w.w.w/w.w.w.w./......../......../b.b.b.b./.b.b.b.b/b.b.b.b. w",
    );
    let svg = picture(&variant, &start, None);
    assert!(svg.contains("w&#39;s targets (Black&#39;s home bases): a1 c1 e1 g1"));
    insta::assert_snapshot!(summary(&svg));
}

#[test]
fn hex_with_the_default_tile() {
    let variant = load("truchet-hex", Some(2));
    let start = position(&variant, "01/101/10 oo/.../o2.o/..../..../x3.x/.../xx x");
    insta::assert_snapshot!(summary(&picture(&variant, &start, None)));
}

#[test]
fn hex_with_trugo_tiles() {
    let options = LoadOptions {
        size: Some(2),
        tiles: Some("trugo".to_string()),
        ..Default::default()
    };
    let variant = Variant::load_named_with("truchet-hex", &options).unwrap();
    let start = position(&variant, "02/120/21 oo/.../o.o2/..../..../x.x/.../x2x o");
    insta::assert_snapshot!(summary(&picture(&variant, &start, None)));
}

#[test]
fn trugo_pinned_stacks() {
    let variant = load("trugo", None);
    let start = position(&variant, TRUGO_PINNED);
    let svg = picture(&variant, &start, None);
    assert!(svg.contains("a piece showing under one of the other colour is pinned"));
    insta::assert_snapshot!("trugo_pinned_stack", summary(&svg));

    // The x lands on the o on b6e and pins it.
    let start = position(&variant, TRUGO_LANDING[0]);
    let (next, last) = after(&variant, &start, "a1e-b6e", TRUGO_LANDING[1]);
    insta::assert_snapshot!(
        "trugo_landing_pins",
        summary(&picture(&variant, &next, Some(&last)))
    );
}

#[test]
fn trugo_removed_tile_and_empty_patch() {
    let variant = load("trugo", None);
    // Removing b6 takes both pieces: the cell is drawn empty, its corners ringed.
    let start = position(
        &variant,
        "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;1,0w=o 0 o=24,x=24 x",
    );
    let (next, last) = after(
        &variant,
        &start,
        "b6",
        "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a - 0 o=24,x=24 o",
    );
    assert_eq!(last.tiles.len(), 1, "{last:?}");
    let svg = picture(&variant, &next, Some(&last));
    assert!(svg.contains("the cell it emptied"));
    insta::assert_snapshot!("trugo_removed_tile", summary(&svg));

    let empty = position(&variant, "- - 36 o=25,x=25 o");
    insta::assert_snapshot!(
        "trugo_no_tiles_yet",
        summary(&picture(&variant, &empty, None))
    );
}

#[test]
fn the_same_position_draws_the_same_text() {
    // Drawn twice in one process: hash maps are seeded anew for each, so any hash order
    // reaching the text would show as a difference.
    let variant = load("trugo", None);
    let start = position(&variant, TRUGO_LANDING[0]);
    let (next, last) = after(&variant, &start, "a1e-b6e", TRUGO_LANDING[1]);
    assert_eq!(
        picture(&variant, &next, Some(&last)),
        picture(&variant, &next, Some(&last))
    );
}

// ----- the command line -----

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(crate::common::root())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn scratch(label: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn show_writes_the_picture_and_still_draws_the_board() {
    let dir = scratch("svg-show");
    let file = dir.join("board.svg");
    let file_arg = file.to_str().unwrap();
    let with = run(&["truchet-hex", "show", "--size", "2", "--svg", file_arg]);
    assert!(with.status.success(), "{}", text(&with.stderr));
    let without = run(&["truchet-hex", "show", "--size", "2"]);
    assert_eq!(text(&with.stdout), text(&without.stdout));
    let svg = std::fs::read_to_string(&file).unwrap();
    parses(&svg);
    assert!(svg.contains("<title>truchet-hex</title>"));

    // Browne's tiles are laid by set-up turns: the picture marks the last of them.
    let browne = dir.join("browne.svg");
    let shown = run(&[
        "truchet-browne",
        "show",
        "--size",
        "3",
        "--svg",
        browne.to_str().unwrap(),
    ]);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    let svg = std::fs::read_to_string(&browne).unwrap();
    parses(&svg);
    let summary = summary(&svg);
    assert!(
        summary.contains("*last turn: 3. ") && summary.contains("laid by the last turn"),
        "{summary}"
    );

    // A file that cannot be written is named, with the reason.
    let missing = dir.join("no-such-folder").join("board.svg");
    let failed = run(&["trugo", "show", "--svg", missing.to_str().unwrap()]);
    assert_eq!(failed.status.code(), Some(2));
    let message = text(&failed.stderr);
    assert!(
        message.starts_with("variant-run: --svg: cannot write ")
            && message.contains("no-such-folder")
            && message.lines().count() == 1,
        "{message}"
    );

    // Other commands refuse it.
    let refused = run(&["trugo", "moves", "--svg", file_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "variant-run: --svg has no meaning for `moves`; it goes with show\n"
    );
}

#[test]
fn replay_writes_one_picture_per_position() {
    let dir = scratch("svg-replay");
    let record = dir.join("game.txt");
    let played = run(&[
        "truchet-browne",
        "--size",
        "3",
        "--seed",
        "2",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let turns = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    let pictures = dir.join("pictures");
    let replayed = run(&[
        "replay",
        record.to_str().unwrap(),
        "--svg",
        pictures.to_str().unwrap(),
    ]);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));

    let mut names: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = (0..=turns).map(|n| format!("{n:03}.svg")).collect();
    assert_eq!(names, expected);
    let read = |n: usize| std::fs::read_to_string(pictures.join(&expected[n])).unwrap();
    for n in 0..=turns {
        parses(&read(n));
    }
    // The start has no tiles laid yet; turn 1 is x's set-up turn; turn 4 the first piece
    // move; the last picture gives the result.
    assert!(read(0).contains("cells whose tiles are not laid yet"));
    assert!(!read(0).contains("last turn"));
    assert!(read(1).contains("last turn: 1. x ") && read(1).contains("the tiles it laid"));
    assert!(read(1).contains("o owns the light junctions, and is to move"));
    assert!(
        read(4).contains("last turn: 4. x ")
            && read(4).contains("the junctions whose stacks it changed")
    );
    assert!(read(turns).contains("game over, "));
}
