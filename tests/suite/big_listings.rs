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
    assert_eq!(variant.legal_turns_within(&start, 1000).unwrap().len(), 595);
}
