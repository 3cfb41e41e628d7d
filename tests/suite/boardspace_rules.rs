//! truchet-boardspace against truchet-browne on positions built to show each rule
//! difference of the digest: the capture rule, the base win, the capture-all win, the tie
//! that goes to the player who did not move, the loss of a player who cannot move, and
//! the draw rule that is off.

use std::collections::BTreeSet;

use variant_run::core::Position;
use variant_run::{draw, Variant};

fn load(name: &str) -> Variant {
    Variant::load_named(name, None).unwrap_or_else(|e| panic!("{name} loads: {e}"))
}

/// The same position for truchet-browne: its `o` owns the light junctions like White, its
/// `x` the dark ones like Black.
fn as_browne(text: &str) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    for field in &mut fields[1..3] {
        *field = field.replace('w', "o").replace('b', "x");
    }
    fields.join(" ")
}

fn position(variant: &Variant, text: &str) -> Position {
    variant
        .model
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The canonical texts of the turns without a flip (the flips multiply every list by the
/// number of free tiles without showing anything new).
fn turns_without_flip(variant: &Variant, position: &Position) -> Vec<String> {
    variant
        .model
        .legal_turns(position)
        .into_iter()
        .filter(|t| t.turn.flip.is_none())
        .map(|t| t.text)
        .collect()
}

fn result_line(variant: &Variant, position: &Position) -> String {
    let letter = |p| variant.model.rules.player_letter(p);
    match variant.judge(position).unwrap() {
        Some(outcome) => match outcome.winner {
            Some(w) => format!("{} wins: {}", letter(w), outcome.reason),
            None => format!("draw: {}", outcome.reason),
        },
        None => "the game goes on".into(),
    }
}

const EQUAL_CAPTURE: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
     ......../......../......../...w2..../...b..../......../......../b....... w";

#[test]
fn an_equal_stack_captures_at_the_defenders_home() {
    let boardspace = load("truchet-boardspace");
    let browne = load("truchet-browne");
    let here = position(&boardspace, EQUAL_CAPTURE);
    let there = position(&browne, &as_browne(EQUAL_CAPTURE));
    let ours = turns_without_flip(&boardspace, &here);
    let theirs: BTreeSet<String> = turns_without_flip(&browne, &there).into_iter().collect();
    // Every Browne turn is legal here: the rules only differ in what captures.
    assert!(theirs.iter().all(|t| ours.contains(t)));
    let mut report = draw::board_marked(&boardspace.model, &boardspace.marks, &here);
    report.push_str(&format!(
        "\nturns without a flip ({} of {} turns):\n",
        ours.len(),
        boardspace.model.legal_turns(&here).len()
    ));
    for turn in &ours {
        report.push_str(&format!("  {turn}\n"));
    }
    report.push_str("\nlegal here, refused by truchet-browne:\n");
    for turn in ours.iter().filter(|t| !theirs.contains(*t)) {
        let refused = browne.model.parse_turn_in(&there, turn).unwrap_err();
        report.push_str(&format!("  {turn}: {refused}\n"));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn the_capture_rule_is_landing_at_least_as_high_anywhere() {
    let boardspace = load("truchet-boardspace");
    let capture = &boardspace.model.rules.capture;
    for landing in 1..=4 {
        for defender in 1..=4 {
            for at_home in [false, true] {
                assert_eq!(
                    capture.captures(landing, defender, at_home),
                    landing >= defender,
                    "{landing} on {defender}, at home: {at_home}"
                );
            }
        }
    }
}

/// White holds a1 and c1; the 2-stack on f1 can split onto e1 and g1.
const BASES: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
     .......b/......../......../......../......../......../......../w.w..w2.. w";

#[test]
fn three_of_four_bases_win() {
    let boardspace = load("truchet-boardspace");
    let browne = load("truchet-browne");
    let start = position(&boardspace, BASES);
    let mut report = draw::board_marked(&boardspace.model, &boardspace.marks, &start);
    report.push_str(&format!("{}\n\n", result_line(&boardspace, &start)));
    report.push_str("turns without a flip, and how each ends:\n");
    for turn in boardspace.model.legal_turns(&start) {
        if turn.turn.flip.is_some() {
            continue;
        }
        let after = boardspace.model.after(&start, &turn.delta);
        report.push_str(&format!(
            "  {:<16} {}\n",
            turn.text,
            result_line(&boardspace, &after)
        ));
    }
    // The same split ends nothing in Browne's rules, which have no bases.
    let there = position(&browne, &as_browne(BASES));
    let split = browne.model.parse_turn_in(&there, "f1-e1,g1").unwrap();
    let after = browne.model.after(&there, &split.delta);
    report.push_str(&format!(
        "\ntruchet-browne after f1-e1,g1: {}\n",
        result_line(&browne, &after)
    ));
    insta::assert_snapshot!(report);
}

#[test]
fn the_other_end_rules() {
    let boardspace = load("truchet-boardspace");
    let browne = load("truchet-browne");
    let cases = [
        (
            "White has just taken Black's last piece",
            "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
             w......./......../......../......../......../......../......../........ b",
        ),
        (
            "both hold three targets after White's turn: Black, who did not move, wins",
            "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
             b.b.b.../......../......../......../......../......../......../w.w.w... b",
        ),
        (
            "White to move with one piece that no band joins to anything (a8, tile ab78 `r`)",
            "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
             w......./......../......../......../......../......../.b.b..../........ w",
        ),
        (
            "no draw rule: 500 turns without a capture",
            "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
             ......../......../..w...../......../......../......../.....b../........ w 500",
        ),
    ];
    let mut report = String::new();
    for (title, text) in cases {
        let here = position(&boardspace, text);
        let there = position(&browne, &as_browne(text));
        report.push_str(&format!("## {title}\n"));
        report.push_str(&draw::board_marked(
            &boardspace.model,
            &boardspace.marks,
            &here,
        ));
        report.push_str(&format!(
            "truchet-boardspace: {}\ntruchet-browne:     {}\n\n",
            result_line(&boardspace, &here),
            result_line(&browne, &there)
        ));
    }
    insta::assert_snapshot!(report);
}

/// A flip never opens a move on this board: a stack's first band link runs through a tile
/// at its own junction, and a tile with a piece on a corner cannot flip; merges and splits
/// ignore the tiles. So "cannot move without flipping" and "cannot move at all" agree
/// here. This checks it on positions along seeded games, each also cut down to a single
/// stack of the player to move, so that many of them have no turn at all.
#[test]
fn no_flip_ever_opens_a_move() {
    let boardspace = load("truchet-boardspace");
    let model = &boardspace.model;
    let (mut checked, mut stuck) = (0, 0);
    for seed in 0..6u64 {
        let mut game =
            variant_run::Game::new(&boardspace, variant_run::Layout::Random, seed).unwrap();
        let mut players = variant_run::play::players::RandomPlayer::new(seed);
        while game.outcome().is_none() && game.history().len() < 150 {
            let position = game.position();
            let side = position.side();
            let own: Vec<u16> = (0..model.board.junction_count() as u16)
                .filter(|&j| position.stack(j).is_owned_by(side))
                .collect();
            for &keep in &own {
                let mut alone = position.clone();
                for &j in own.iter().filter(|&&j| j != keep) {
                    alone.set_stack(j, variant_run::core::Stack::EMPTY);
                }
                let with_flips = model.has_turn(&alone, true);
                assert_eq!(
                    with_flips,
                    model.has_turn(&alone, false),
                    "{}",
                    model.position_text(&alone)
                );
                checked += 1;
                stuck += usize::from(!with_flips);
            }
            match variant_run::play::players::Player::choose(&mut players, &game).unwrap() {
                variant_run::play::players::Choice::Turn(turn) => {
                    game.play_legal(turn).unwrap();
                }
                variant_run::play::players::Choice::Text(_) => break,
            }
        }
    }
    assert!(
        checked > 1000 && stuck > 50,
        "{checked} positions, {stuck} stuck"
    );
}
