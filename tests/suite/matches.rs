//! `match` and `compare`: the Wilson interval against hand-worked values, seeded matches
//! whose counts add up and do not depend on the number of threads, the readable reports
//! as snapshots, a rule change seen through `compare`, and the HTML page.

use serde_json::Value;
use variant_run::play::player_kind::PlayerKind;
use variant_run::play::setup::{GameSetup, PlayerChoice};
use variant_run::play::tournament::{play_match, MatchResult, MatchSpec, DEFAULT_MAX_TURNS};
use variant_run::report::stats::wilson;
use variant_run::report::{html, json, text, Comparison, Summary};

use crate::common::copy::{copy_dir, edit};
use crate::common::svg_reading;

/// Worked by hand from the formula (see `report::stats::wilson`), z = 1.96, so z² =
/// 3.8416; with n = 10: z²/n = 0.38416, the denominator 1 + z²/n = 1.38416,
/// z²/2n = 0.19208, z²/4n² = 0.009604, and z / 1.38416 = 1.416021.
#[test]
fn wilson_intervals_match_the_hand_worked_values() {
    let close = |got: f64, want: f64| (got - want).abs() < 1e-5;
    let cases = [
        // 0 of 10: p = 0. centre = (0 + 0.19208) / 1.38416 = 0.138770;
        // half = 1.416021 · sqrt(0 + 0.009604) = 1.416021 · 0.098 = 0.138770.
        (0, 10, 0.0, 0.277540),
        // 5 of 10: p = 0.5. centre = (0.5 + 0.19208) / 1.38416 = 0.5;
        // half = 1.416021 · sqrt(0.25/10 + 0.009604) = 1.416021 · 0.186021 = 0.263410.
        (5, 10, 0.236590, 0.763410),
        // 10 of 10: p = 1. centre = (1 + 0.19208) / 1.38416 = 0.861230;
        // half = 1.416021 · sqrt(0 + 0.009604) = 0.138770.
        (10, 10, 0.722460, 1.0),
        // 3 of 12: p = 0.25, z²/n = 0.320133, denominator 1.320133, z²/2n = 0.160067,
        // z²/4n² = 0.006669. centre = (0.25 + 0.160067) / 1.320133 = 0.310625;
        // half = 1.96 / 1.320133 · sqrt(0.1875/12 + 0.006669)
        //      = 1.484699 · sqrt(0.022294) = 1.484699 · 0.149312 = 0.221685.
        (3, 12, 0.088940, 0.532310),
    ];
    for (successes, trials, low, high) in cases {
        let interval = wilson(successes, trials).unwrap();
        assert!(
            close(interval.low, low) && close(interval.high, high),
            "{successes} of {trials}: {interval:?}, expected {low}..{high}"
        );
    }
    assert_eq!(wilson(0, 0), None, "no trials, no interval");
}

fn spec(ruleset: &str, size: Option<u32>, params: &[(&str, &str)], games: usize) -> MatchSpec {
    MatchSpec {
        setup: GameSetup {
            ruleset: ruleset.into(),
            size,
            params: params
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            seed: 1,
            ..GameSetup::default()
        },
        games,
        max_turns: DEFAULT_MAX_TURNS,
        keep_games: true,
        positions: false,
    }
}

/// The test designer's copy of Browne's rules, by its folder.
fn designers_truchet() -> String {
    let dir = crate::common::root().join("tests/fixtures/designer/my-truchet");
    dir.to_str().unwrap().to_string()
}

fn run(spec: &MatchSpec) -> MatchResult {
    play_match(spec, &|| {}).unwrap_or_else(|e| panic!("{}: {e}", spec.setup.ruleset))
}

/// Runs a match on a rayon pool of `threads` threads.
fn run_on(threads: usize, spec: &MatchSpec) -> MatchResult {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| run(spec))
}

fn count(value: &Value) -> u64 {
    value["count"].as_u64().unwrap()
}

/// The counts of a match's JSON add up to its number of games, every way they are cut.
fn assert_counts_add_up(report: &Value, games: u64) {
    assert_eq!(report["games"], games);
    let draws = count(&report["draws"]);
    let unfinished = count(&report["unfinished"]);
    for group in ["players", "seats"] {
        let wins: u64 = report[group]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| count(&p["wins"]))
            .sum();
        assert_eq!(wins + draws + unfinished, games, "{group}");
    }
    let endings: u64 = report["endings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["count"].as_u64().unwrap())
        .sum();
    assert_eq!(endings, games);
    let list = report["game_list"].as_array().unwrap();
    assert_eq!(list.len() as u64, games);
    let decisive = list.iter().filter(|g| g["result"] == "win").count() as u64;
    assert_eq!(report["first_seat_advantage"]["of"], decisive);
    assert_eq!(wins_of(report, 0) + wins_of(report, 1), decisive);
}

fn wins_of(report: &Value, player: usize) -> u64 {
    count(&report["players"][player]["wins"])
}

#[test]
fn seeded_matches_add_up_and_do_not_depend_on_the_number_of_threads() {
    for spec in [
        spec("truchet-browne", Some(3), &[], 12),
        spec("truchet-browne", Some(5), &[], 12),
        spec("trugo", None, &[("pool", "8")], 12),
    ] {
        let one = json::match_json(&Summary::of(&run_on(1, &spec)));
        let two = json::match_json(&Summary::of(&run_on(2, &spec)));
        assert_eq!(one, two, "{}: 1 and 2 threads", spec.setup.ruleset);
        let report: Value = serde_json::from_str(&one).unwrap();
        assert_counts_add_up(&report, 12);
        // Sides alternate: game 0 as chosen (the default, greedy first), game 1 swapped.
        let list = report["game_list"].as_array().unwrap();
        let kind_of_first_listed = |g: &Value| g["sides"][0][1].as_str().unwrap().to_string();
        assert_eq!(kind_of_first_listed(&list[0]), "greedy");
        assert_eq!(kind_of_first_listed(&list[1]), "random");
        let seeds: Vec<u64> = list.iter().map(|g| g["seed"].as_u64().unwrap()).collect();
        let mut distinct = seeds.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "every game its own seed");
    }
}

/// A game of a match is the game `play` plays with its seed and players.
#[test]
fn a_matchs_game_is_the_game_play_plays() {
    let spec = spec("truchet-browne", Some(5), &[], 2);
    let result = run(&spec);
    for game in result.tally.kept_games().unwrap() {
        let setup = GameSetup {
            ruleset: "truchet-browne".into(),
            size: Some(5),
            seed: game.seed,
            ..GameSetup::default()
        };
        let kinds = [game.kinds[0].as_str(), game.kinds[1].as_str()];
        let (transcript, _) = crate::common::transcript(&setup, kinds, DEFAULT_MAX_TURNS);
        assert_eq!(
            transcript.lines().last().unwrap(),
            game.result,
            "game {}",
            game.index
        );
        let record = variant_run::play::Record::parse(&transcript).unwrap();
        let turns = record.turns.len();
        assert_eq!(turns, game.turns, "game {}", game.index);
    }
}

/// A match keeps what its report needs, not its games: without `--json` no game's
/// record is kept, the lengths are a histogram with one entry per length, and the report
/// is the one made from every game's record.
#[test]
fn a_match_keeps_counts_not_games() {
    let mut spec = spec("truchet-browne", Some(5), &[], 40);
    spec.max_turns = 30;
    let kept = run(&spec);
    spec.keep_games = false;
    let counted = run(&spec);
    assert!(counted.tally.kept_games().is_none());
    assert!(counted.tally.lengths().len() <= 31);
    assert_eq!(
        text::match_report(&Summary::of(&counted)),
        text::match_report(&Summary::of(&kept))
    );
    assert_eq!(
        html::match_page(&Summary::of(&counted)),
        html::match_page(&Summary::of(&kept))
    );
    // The figures from the counts are those the kept games give one by one.
    let games = kept.tally.kept_games().unwrap();
    let summary = Summary::of(&counted);
    let mut lengths: Vec<u64> = games.iter().map(|g| g.turns as u64).collect();
    lengths.sort_unstable();
    assert_eq!(summary.length.min, lengths.first().copied());
    assert_eq!(summary.length.max, lengths.last().copied());
    assert_eq!(
        summary.length.median,
        Some((lengths[19] + lengths[20]) as f64 / 2.0)
    );
    let mean = lengths.iter().sum::<u64>() as f64 / 40.0;
    assert_eq!(summary.length.mean, Some(mean));
    assert_eq!(
        summary.captures.total,
        games.iter().map(|g| g.captures).sum::<u64>()
    );
}

/// The report of a match on the test designer's copy of Browne's rules
/// (tests/fixtures/designer/my-truchet): a report of the program's, on rules that do not
/// move when the shipped ones do.
#[test]
fn readable_match_report() {
    let result = run(&spec(&designers_truchet(), Some(5), &[], 12));
    insta::assert_snapshot!(from_the_project(text::match_report(&Summary::of(&result))));
}

/// The same with chosen players, on Trugo's rules laid on square tiles (the test ruleset
/// tests/fixtures/square-trugo, rules of its own).
#[test]
fn readable_match_report_of_chosen_players_on_trugo() {
    let square_trugo = crate::common::root().join("tests/fixtures/square-trugo");
    let mut spec = spec(square_trugo.to_str().unwrap(), None, &[("pool", "8")], 12);
    spec.setup.players = vec![
        PlayerChoice {
            letter: 'x',
            kind: PlayerKind::Greedy,
        },
        PlayerChoice {
            letter: 'o',
            kind: PlayerKind::Greedy,
        },
    ];
    let result = run(&spec);
    insta::assert_snapshot!(from_the_project(text::match_report(&Summary::of(&result))));
}

/// A report that names rulesets by their folders, with the folders named from the
/// project's (the sample games' commands), so the snapshot holds wherever the project is.
fn from_the_project(report: String) -> String {
    report.replace(&format!("{}/", crate::common::root().display()), "")
}

/// The designer's rule change (a landing stack must be strictly taller, away from home
/// too), seen through `compare` on the same seeds: the snapshot is the side-by-side
/// report, with `*` on the figures whose intervals are apart. A is the designer's folder
/// as it was, B the edited copy, so nothing but the rule differs (truchet-browne itself
/// would add its three tile-laying set-up turns to every game of A).
#[test]
fn compare_shows_what_a_stricter_capture_rule_does() {
    let copy = |name: &str| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("compare-stricter")
            .join(name);
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(
            &crate::common::root().join("tests/fixtures/designer/my-truchet"),
            &dir,
        );
        edit(
            &dir.join("variant.toml"),
            "name = \"my-truchet\"",
            &format!("name = \"{name}\""),
        );
        dir.to_str().unwrap().to_string()
    };
    let before = copy("my-truchet");
    let stricter = copy("my-truchet-stricter");
    edit(
        &std::path::Path::new(&stricter).join("rules/capture.rhai"),
        "landing >= defender",
        "landing > defender",
    );
    // Random players: two greedy players defend so well (neither lets the other win at
    // once) that most of their games are drawn whichever rule is played.
    let players = ["x", "o"].map(|l| PlayerChoice {
        letter: l.chars().next().unwrap(),
        kind: PlayerKind::Random,
    });
    // On 3x3 the rule never comes into play; on 5x5, 60 games show it.
    let mut a = spec(&before, Some(5), &[], 60);
    a.setup.players = players.to_vec();
    let mut b = a.clone();
    b.setup.ruleset = stricter;
    let comparison = Comparison::of(Summary::of(&run(&a)), Summary::of(&run(&b)));
    let seeds = |s: &Summary| s.game_list.iter().map(|g| g.seed).collect::<Vec<_>>();
    assert_eq!(seeds(&comparison.a), seeds(&comparison.b), "the same seeds");
    let report: Value = serde_json::from_str(&json::compare_json(&comparison)).unwrap();
    assert_counts_add_up(&report["a"], 60);
    assert_counts_add_up(&report["b"], 60);
    insta::assert_snapshot!(text::compare_report(&comparison));
}

#[test]
fn a_ruleset_compared_with_itself_differs_nowhere() {
    let a = spec("trugo", None, &[("pool", "8")], 12);
    let comparison = Comparison::of(Summary::of(&run(&a)), Summary::of(&run(&a)));
    assert!(comparison.differences.is_empty());
    assert_eq!(comparison.a, comparison.b);
    let report = text::compare_report(&comparison);
    assert!(!report.contains('*'), "{report}");
}

/// Checks that the tags of an HTML page balance: every element opened is closed in
/// order, except void elements and self-closed (`/>`) ones. Returns the names of the
/// elements, in order.
fn balanced_tags(page: &str) -> Vec<String> {
    const VOID: [&str; 6] = ["meta", "br", "hr", "img", "input", "link"];
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("a tag that does not end");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue; // <!DOCTYPE html>
        }
        assert!(!tag.contains('<'), "`<` inside a tag: {tag}");
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(!name.is_empty(), "a `<` that starts no tag: <{tag}>");
        if let Some(closing) = tag.strip_prefix('/') {
            let closing = closing.trim();
            assert_eq!(
                open.pop().as_deref(),
                Some(closing),
                "</{closing}> closes nothing open"
            );
            continue;
        } else if !(tag.ends_with('/') || VOID.contains(&name.as_str())) {
            open.push(name.clone());
        }
        seen.push(name);
    }
    assert!(open.is_empty(), "left open: {open:?}");
    seen
}

#[test]
fn the_html_pages_are_well_formed_self_contained_and_hold_the_charts() {
    use base64::Engine as _;
    let a = spec("trugo", None, &[("pool", "8")], 12);
    let summary = Summary::of(&run(&a));
    let mut b = a.clone();
    b.setup.params = vec![("pool".into(), "10".into())];
    let comparison = Comparison::of(summary.clone(), Summary::of(&run(&b)));
    let samples = |s: &Summary| {
        s.samples
            .iter()
            .filter(|g| !g.value_curve.is_empty())
            .count()
    };
    let pages = [
        (html::match_page(&summary), samples(&summary)),
        (
            html::compare_page(&comparison),
            samples(&comparison.a) + samples(&comparison.b),
        ),
    ];
    for (page, curves) in pages {
        let tags = balanced_tags(&page);
        assert_eq!(tags.first().map(String::as_str), Some("html"));
        let svgs = tags.iter().filter(|t| *t == "svg").count();
        assert_eq!(
            svgs,
            4 + curves,
            "the win-rate chart, the length histogram, a chart per group of criteria and \
             each sample game's value curve"
        );
        assert!(curves > 0);
        assert_eq!(tags.iter().filter(|t| *t == "polyline").count(), curves);
        // Bars with error bars (path), histogram bars (rect).
        assert!(tags.iter().any(|t| t == "path"));
        assert!(tags.iter().filter(|t| *t == "rect").count() > 7);
        // Sample boards: SVG pictures embedded as images, each one a picture usvg reads.
        const PICTURE: &str = "src=\"data:image/svg+xml;base64,";
        let pictures: Vec<&str> = page.split(PICTURE).skip(1).collect();
        assert!(!pictures.is_empty(), "no sample board pictures");
        for picture in &pictures {
            let data = &picture[..picture.find('"').unwrap()];
            let svg = base64::engine::general_purpose::STANDARD
                .decode(data)
                .unwrap();
            svg_reading::parses(std::str::from_utf8(&svg).unwrap());
        }
        assert_eq!(page.matches("src=").count(), pictures.len());
        for external in ["<script", "href=", "url(", "@import"] {
            assert!(!page.contains(external), "{external} in the page");
        }
    }
    let compare = html::compare_page(&comparison);
    assert!(compare.contains("Sample games of A") && compare.contains("Sample games of B"));
}

fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .current_dir(crate::common::root())
        .output()
        .unwrap()
}

/// The commands as typed: JSON on standard output, the HTML page in its file, and one
/// clear line for each mistake.
#[test]
fn match_and_compare_on_the_command_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-match");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("report.html");
    let _ = std::fs::remove_file(&page);
    let output = cli(&[
        "truchet-browne",
        "match",
        "--games",
        "6",
        "--size",
        "3",
        "--json",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Standard error is a pipe here, not a terminal: the progress bar stays hidden.
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_counts_add_up(&report, 6);
    assert!(std::fs::read_to_string(&page).unwrap().contains("<svg"));
    // Options may stand before the command, and compare takes the same ones.
    let compared = cli(&[
        "compare",
        "truchet-browne",
        "truchet-browne",
        "--games",
        "4",
        "--size",
        "3",
        "--json",
    ]);
    assert!(
        compared.status.success(),
        "{}",
        String::from_utf8_lossy(&compared.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&compared.stderr), "");
    let comparison: Value = serde_json::from_slice(&compared.stdout).unwrap();
    assert_eq!(comparison["a"], comparison["b"]);
    assert_eq!(comparison["differences"], Value::Array(Vec::new()));

    for (args, message) in [
        (
            &["truchet-browne", "match", "--notation", "server"][..],
            "variant-run: --notation has no meaning for `match`; it goes with play, moves, perft, serve\n",
        ),
        (
            &["truchet-browne", "--games", "3"][..],
            "variant-run: --games has no meaning for `play`; it goes with match, evaluate, compare\n",
        ),
        (
            &["compare", "trugo", "trugo", "--divide"][..],
            "variant-run: --divide has no meaning for `compare`; it goes with perft\n",
        ),
        (
            &["truchet-browne", "match", "--player", "x=human"][..],
            // The kinds listed come from PLAYER_KINDS, which other players will join.
            "variant-run: --player x=human: a match is played by computer players (random, ",
        ),
        (
            &["truchet-browne", "match", "--games", "0"][..],
            "variant-run: a match needs at least one game\n",
        ),
        (
            &["compare", "truchet-browne", "no-such-ruleset"][..],
            "variant-run: no ruleset `no-such-ruleset`",
        ),
        (
            &[
                "truchet-browne",
                "match",
                "--games",
                "1",
                "--html",
                "/no/such/folder/r.html",
            ][..],
            "variant-run: --html /no/such/folder/r.html: No such file or directory (os error 2)\n",
        ),
    ] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }

    // A mistake is found before the report file is made: no empty page is left behind.
    let never = dir.join("never.html");
    let _ = std::fs::remove_file(&never);
    let refused = cli(&[
        "truchet-browne",
        "match",
        "--games",
        "0",
        "--html",
        never.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(!never.exists(), "{}", never.display());
}
