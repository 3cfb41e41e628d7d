//! A stack too tall to draw at its corner of a hexagonal patch. Corners on one line are
//! four characters apart, so `(ox)` fits and `(oxo)` would run into the next corner (it
//! cut `(xxoxx)` to `(xxox.` before): a taller stack is drawn as a number, `(1)`, and a
//! line under the board gives it whole, bottom first, with its junction's name.

/// Trugo with stacks up to six high.
const FIXTURE: &str = "tests/fixtures/tall-trugo";

/// Six tiles, whose two junctions are b3e and a1w.
const TILES: &str = "-2,0a;-1,0c;-1,1a;0,-1c;0,0a;1,-2c";

fn show(stacks: &str) -> String {
    let position = format!("{TILES} {stacks} 6 o=24,x=24 o");
    let shown = crate::common::run_ok([FIXTURE, "show", "--position", position.as_str()]);
    String::from_utf8(shown).unwrap()
}

/// Read by hand: b3e (below b2, right of b3) shows `(1)` and a1w (left of a1) `(2)`,
/// each whole and no corner mark cut; the line under the board lists `xxoxx` at b3e and
/// `ooxoo` at a1w.
#[test]
fn stacks_too_tall_for_their_corner_are_numbered_and_listed() {
    insta::assert_snapshot!(show("-1,0e=xxoxx;0,0w=ooxoo"));
}

/// A stack that fits stays at its corner; only the tall one is listed.
#[test]
fn a_stack_that_fits_is_drawn_in_place() {
    let shown = show("-1,0e=xo;0,0w=ooxoo");
    assert!(shown.contains("(xo)"), "{shown}");
    assert!(shown.contains("(1)"), "{shown}");
    let listed: Vec<&str> = shown
        .lines()
        .filter(|l| l.starts_with("stacks too tall"))
        .collect();
    assert_eq!(
        listed,
        ["stacks too tall to draw at their corner, bottom first: (1) ooxoo at a1w"]
    );
}
