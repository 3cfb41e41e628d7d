//! Listings of big positions stream in bounded memory and come out exactly as the sorted
//! listing would; holding a position's turns for a player is refused past a limit.

use crate::common::load;
use variant_run::play::listing::{for_each_in_order, for_each_in_order_holding};
use variant_run::play::notation::Notation;
use variant_run::play::{opening, Layout};

/// Streaming (forced here by holding at most 10 turns) lists the same texts in the same
/// order as sorting them all in memory, in every notation.
#[test]
fn a_streamed_listing_equals_the_sorted_one() {
    // Trugo has no flips: its turns are one group, merged in as the turns without a flip.
    let trugo = "-1,0a;-1,1a;0,-1a;0,0a;0,1a;1,-1a;1,0a 0,0e=x;0,0w=o 5 o=24,x=24 x";
    for (ruleset, notation, position) in [
        ("truchet-browne", None, None),
        ("truchet-boardspace", Some("boardspace"), None),
        ("truchet-hex", None, None),
        ("trugo", None, Some(trugo)),
    ] {
        let variant = load(ruleset, None);
        let notation = Notation::named(&variant, notation).unwrap();
        let start = match position {
            Some(text) => variant.model.parse_position(text).unwrap(),
            None => opening(&variant, Layout::Setup, 3).unwrap(),
        };
        let text =
            |turn: &variant_run::core::LegalTurn| notation.write(&variant.model, &start, turn);
        let mut sorted = Vec::new();
        for_each_in_order(&variant, &start, &text, &mut |_, t| {
            sorted.push(t.to_string());
            Ok(())
        })
        .unwrap();
        let mut streamed = Vec::new();
        for_each_in_order_holding(
            &variant,
            &start,
            &text,
            &mut |_, t| {
                streamed.push(t.to_string());
                Ok(())
            },
            10,
        )
        .unwrap();
        let mut expected: Vec<String> = variant
            .legal_turns(&start)
            .unwrap()
            .iter()
            .map(text)
            .collect();
        expected.sort();
        assert!(expected.len() > 10, "{ruleset}: the listing streams");
        assert_eq!(sorted, expected, "{ruleset}");
        assert_eq!(streamed, expected, "{ruleset}");
    }
}

#[test]
fn holding_too_many_turns_is_refused_with_a_message() {
    let variant = load("truchet-browne", None);
    let start = opening(&variant, Layout::Setup, 1).unwrap();
    let error = variant.legal_turns_within(&start, 100).unwrap_err();
    assert_eq!(
        error.to_string(),
        "truchet-browne: this position has more than 100 distinct turns: too many to hold in \
         memory to choose among them (`moves` lists them and `perft 1` counts them); play on \
         a smaller board (--size)"
    );
    // Within a bound it can hold, every turn (how many is the ruleset's to say).
    assert_eq!(
        variant.legal_turns_within(&start, 100_000).unwrap().len(),
        variant.legal_turns(&start).unwrap().len()
    );
}

/// The peak memory of the program run with `args`, in kilobytes, and its output; the
/// program must succeed.
// The child is reaped by `wait4`, which also reports its peak memory; clippy sees no
// `wait()` and takes it for a zombie.
#[allow(clippy::zombie_processes)]
fn peak_kilobytes(args: &[&str]) -> (i64, String) {
    use std::os::unix::process::ExitStatusExt;
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut output = String::new();
    std::io::Read::read_to_string(&mut child.stdout.unwrap(), &mut output).unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data the call fills in; `pid` is our own child, waited once.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    let status = std::process::ExitStatus::from_raw(status);
    assert!(status.success(), "{args:?}: {status}");
    (usage.ru_maxrss, output)
}

/// A long line of Trugo tiles: every empty cell beside it takes a tile in any state.
fn trugo_line(tiles: i32) -> String {
    let cells: Vec<String> = (0..tiles).map(|q| format!("{q},0a")).collect();
    format!("{} - 36 o=25,x=25 o", cells.join(";"))
}

/// Listing or counting a big patch's turns holds one placement's positions at a time, not
/// every placement's (each with a board of its own): a 600-tile line took 268 MB, a
/// 2,000-tile one 2.9 GB. The rules are the test designer's copy of Trugo's
/// (tests/fixtures/designer/my-trugo): the counts and the memory are those of these
/// rules, which a change to the shipped trugo does not move.
#[test]
fn a_big_patch_is_listed_and_counted_in_bounded_memory() {
    let trugo = crate::common::root().join("tests/fixtures/designer/my-trugo");
    let trugo = trugo.to_str().unwrap();
    let line = trugo_line(600);
    let (kilobytes, output) = peak_kilobytes(&[trugo, "moves", "--position", &line]);
    // The cells beside a line of n cells: n + 1 above, n + 1 below, one at each end; a
    // tile goes to each in any of its 3 states, and the empty patch has no other turn.
    assert_eq!(
        output.lines().count(),
        3 * (2 * 600 + 4),
        "every placement, once"
    );
    assert!(kilobytes < 64_000, "moves took {kilobytes} kB");
    let line = trugo_line(300);
    let (kilobytes, output) =
        peak_kilobytes(&[trugo, "perft", "2", "--threads", "1", "--position", &line]);
    // The count the build that held every position gave (the count is unchanged).
    assert_eq!(output.trim(), "3288834");
    assert!(kilobytes < 64_000, "perft 2 took {kilobytes} kB");
}

/// Play lays the pool's tiles, so a patch whose tiles and pool together pass the most a
/// position text holds is refused: every position a game reaches reads back.
#[test]
fn a_patch_that_could_grow_past_the_limit_is_refused() {
    let variant = load("trugo", None);
    let near = trugo_line(1990).replace(" 36 ", " 10 ");
    assert!(variant.model.parse_position(&near).is_ok());
    let over = trugo_line(1990).replace(" 36 ", " 11 ");
    assert_eq!(
        variant.model.parse_position(&over).unwrap_err().to_string(),
        "bad position: pool: 1990 tiles with 11 more in the pool could grow to 2001; a \
         patch holds at most 2000"
    );
}
