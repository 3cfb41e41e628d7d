//! A patch of square tiles: Trugo's rules on Browne's square lattice
//! (tests/fixtures/square-trugo). The core lays, names and plays square patches as it does
//! hexagonal ones; these tests hold the drawing to the same: square tiles drawn as
//! squares, and a legend that names junctions as the turns name them.

use std::process::{Command, Output};

const FIXTURE: &str = "tests/fixtures/square-trugo";

/// Nine tiles round `a1`; x on `a1sw`, o on `b1sw`, an o pinned under an x on `b8sw`.
const POSITION: &str =
    "0,0r;-1,1l;-1,0r;0,1l;-1,-1r;0,-1l;1,-1r;1,0l;1,1r 0,0sw=x;0,1sw=o;1,1sw=ox 0 o=20,x=20 o";

fn run(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(crate::common::root())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Read by hand: three rows of three squares, each named above its state letter, with a
/// spoke towards each end of its band (`/` for `r`, `\` for `l`); the four inner
/// junctions, where four tiles meet, show their stacks or colours (`a1sw` x, `b7sw` light
/// and empty, `b1sw` o, `b8sw` an x pinning an o, written bottom first: `ox`), and the
/// outer corners `.`.
#[test]
fn a_square_patch_is_drawn_as_squares() {
    let shown = stdout(&run(&[FIXTURE, "show", "--position", POSITION]));
    insta::assert_snapshot!(shown);
}

/// The legend says how junctions are named in the form the turn texts use: the
/// south-west corner of a square (`b3sw`), not a hexagon's east or west point.
#[test]
fn the_legend_names_junctions_as_the_turns_do() {
    let shown = stdout(&run(&[FIXTURE, "show", "--position", POSITION]));
    let legend = shown
        .lines()
        .find(|l| l.starts_with("a junction is named"))
        .expect("the drawing has a line on junction names");
    assert_eq!(
        legend,
        "a junction is named after the tile whose south-west corner it is (b3sw)"
    );
    // The one legal turn, worked out by hand: no band joins b1sw to another junction, so
    // o steps to a neighbour: onto the single x on a1sw, pinning it (b8sw already holds
    // two, the height limit; no tile has three free sides to be removed). Its junctions
    // are written with the legend's corner suffix.
    let turns = stdout(&run(&[FIXTURE, "moves", "--position", POSITION]));
    assert_eq!(turns, "b1sw-a1sw\n");
}
