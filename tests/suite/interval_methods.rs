//! The intervals a report gives are the ones its documents name: docs/criteria.md's
//! table of methods against the code's ([`FigureKind::doc_words`]), and the `--html`
//! page's footnote, read from real pages, against the table. The page once said "normal
//! approximation" for every mean while the means had bootstrap intervals.

use std::collections::BTreeMap;

use variant_run::play::game_record::{End, GameRecord};
use variant_run::play::player_kind::PlayerKind;
use variant_run::play::tally::{Tally, BOOTSTRAP_MAX_GAMES};
use variant_run::play::tournament::MatchResult;
use variant_run::report::intervals::FigureKind;
use variant_run::report::{html, Summary};

/// docs/criteria.md's table of intervals: each row's first cell (the kind of figure)
/// and last cell (its method).
fn doc_table() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(crate::common::root().join("docs/criteria.md")).unwrap();
    let mut rows = BTreeMap::new();
    let mut in_table = false;
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if line.starts_with("| figures |") && cells.last() == Some(&"95% interval") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        if !line.starts_with('|') {
            break;
        }
        rows.insert(cells[0].to_string(), cells.last().unwrap().to_string());
    }
    assert!(
        !rows.is_empty(),
        "docs/criteria.md has no table of intervals"
    );
    rows
}

/// The page's footnote on intervals, as (kind, method) pairs: `95% intervals: Wilson
/// score for rates; bootstrap over games for game length, captures per game and
/// quality criteria.`
fn footnote(page: &str) -> BTreeMap<String, String> {
    let start = page
        .find("95% intervals: ")
        .expect("the page names its intervals' methods");
    let sentence = &page[start + "95% intervals: ".len()..];
    let sentence = &sentence[..sentence.find('.').unwrap()];
    let mut named = BTreeMap::new();
    for part in sentence.split("; ") {
        let (method, kinds) = part.split_once(" for ").unwrap();
        for kind in kinds.split(", ").flat_map(|k| k.split(" and ")) {
            assert!(
                named.insert(kind.to_string(), method.to_string()).is_none(),
                "{kind} named twice in `{sentence}`"
            );
        }
    }
    named
}

#[test]
fn the_doc_names_the_method_the_code_uses_for_each_figure() {
    let table = doc_table();
    for kind in FigureKind::ALL {
        assert_eq!(
            table.get(kind.name()),
            Some(&kind.doc_words()),
            "docs/criteria.md's table of intervals on {}",
            kind.name()
        );
    }
    assert_eq!(table.len(), FigureKind::ALL.len(), "{table:?}");
}

/// A real match's page (every figure's values kept: the first method of each row) and
/// one of more games than a report keeps values for (the second), read as a person
/// reads them: the footnote's method of each kind of figure is the one the doc names.
#[test]
fn the_page_names_the_methods_the_doc_names() {
    let table = doc_table();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let json = crate::common::run_json([
        "examples/designs/trugo-score",
        "match",
        "--games",
        "6",
        "--html",
        page.to_str().unwrap(),
        "--json",
    ]);
    let page = std::fs::read_to_string(&page).unwrap();
    let named = footnote(&page);
    // This design scores its games: every kind of figure is on its page.
    let kinds: Vec<&str> = FigureKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(named.keys().map(String::as_str).collect::<Vec<_>>(), {
        let mut sorted = kinds.clone();
        sorted.sort();
        sorted
    });
    for (kind, method) in &named {
        let doc = &table[kind];
        let first = doc.split("; ").next().unwrap();
        assert_eq!(
            method, first,
            "{kind}: the page says {method}, the doc {doc}"
        );
    }
    // The JSON names the same, by key.
    assert_eq!(json["intervals"]["rates"], "wilson");
    assert_eq!(json["intervals"]["criteria"], "bootstrap");
    assert_eq!(json["intervals"]["scores"], "bootstrap");

    // Past the games whose values a report keeps, the means' method is the doc's second.
    let summary = Summary::of(&many_games(BOOTSTRAP_MAX_GAMES + 1));
    let named = footnote(&html::match_page(&summary));
    for (kind, method) in &named {
        let doc = &table[kind];
        let past = doc.split("; ").last().unwrap();
        let past = past.split(" past ").next().unwrap();
        assert_eq!(
            method, past,
            "{kind} past the kept games: the doc says {doc}"
        );
    }
    assert_eq!(named["game length"], "normal approximation");
    assert_eq!(named["rates"], "Wilson score");
}

/// A match's result of `games` made-up games (x wins every other one, lengths 10 to
/// 19), without playing them.
fn many_games(games: usize) -> MatchResult {
    let mut tally = Tally::new();
    for index in 0..games {
        let won = index % 2 == 0;
        tally.add(GameRecord {
            index,
            seed: index as u64,
            swapped: false,
            kinds: ["greedy".into(), "random".into()],
            first: 0,
            end: if won { End::Win } else { End::Draw },
            winner: won.then_some(0),
            reason: "made up".into(),
            ending: None,
            scores: None,
            result: if won {
                "x wins: made up"
            } else {
                "draw: made up"
            }
            .into(),
            turns: 10 + index % 10,
            captures: (index % 3) as u64,
            positions: 10,
            legal_turns: 100,
            final_position: String::new(),
            criteria: Default::default(),
            curve: Vec::new(),
            position_list: Vec::new(),
        });
    }
    MatchResult {
        ruleset: "truchet-browne".into(),
        source: "truchet-browne".into(),
        options: Vec::new(),
        seed: 1,
        max_turns: 2000,
        letters: ['x', 'o'],
        kinds: [PlayerKind::Greedy, PlayerKind::Random],
        alternate: false,
        tally,
        samples: Vec::new(),
    }
}
