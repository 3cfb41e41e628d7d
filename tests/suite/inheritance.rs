//! What a derived ruleset does with the hooks it inherits: drops an optional one with
//! `false`, borrows another ruleset's script with `import "<ruleset>:<path>"`, and
//! `describe` says where each hook's script came from. The refusals (a required hook
//! dropped, an import that names no ruleset or leaves its folders, a cycle) are broken
//! fixtures, snapshotted by errors.rs; the symbolic link is made here, as git keeps none.

use std::path::{Path, PathBuf};

use variant_run::core::Position;
use variant_run::Variant;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/inheritance")
        .join(name)
}

fn load_fixture(name: &str) -> Variant {
    Variant::load(&fixture(name), None).unwrap_or_else(|e| panic!("{name} does not load: {e}"))
}

/// The lines of `describe` from `hooks:` on, up to the params.
fn hook_lines(variant: &Variant) -> String {
    variant
        .describe()
        .lines()
        .skip_while(|line| *line != "hooks:")
        .take_while(|line| !line.starts_with("param "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn describe_says_where_each_hook_comes_from() {
    let mut report = Vec::new();
    for name in ["truchet-boardspace", "truchet-hex"] {
        let variant = crate::common::load(name, None);
        report.push(format!("{name}\n{}", hook_lines(&variant)));
    }
    for name in ["browne-with-bases", "trugo-without-capture"] {
        report.push(format!("{name}\n{}", hook_lines(&load_fixture(name))));
    }
    insta::assert_snapshot!(report.join("\n\n"));
}

/// In Trugo, X's step to c4e leaves O's piece on a1w without a liberty and the after-turn
/// hook captures it (variants/trugo/positions/enemy-capture.pos); with the hook dropped,
/// the piece stays.
#[test]
fn a_dropped_after_turn_hook_captures_nothing() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/trugo/positions/enemy-capture.pos"),
    )
    .unwrap();
    let position_text = text
        .lines()
        .find_map(|line| line.strip_prefix("position "))
        .unwrap();
    let pieces_of_o_after_the_step = |variant: &Variant| {
        let position = variant.model.parse_position(position_text).unwrap();
        let turn = variant
            .legal_turns(&position)
            .unwrap()
            .into_iter()
            .find(|t| t.text == "b3w-c4e")
            .expect("the step is legal");
        let after: Position = variant.play(&position, &turn.delta).unwrap();
        let o = variant.model.rules.player_by_letter('o').unwrap();
        (position.pieces(o), after.pieces(o))
    };
    let trugo = crate::common::load("trugo", None);
    assert_eq!(pieces_of_o_after_the_step(&trugo), (2, 1));
    let dropped = load_fixture("trugo-without-capture");
    assert_eq!(pieces_of_o_after_the_step(&dropped), (2, 2));
}

/// truchet-boardspace's end, imported by name into Browne's rules, wins on three of the
/// four bases: x holds b8, d8 and f8, o has a piece left and x has just moved.
#[test]
fn a_script_borrowed_by_ruleset_name_plays_its_rule() {
    let variant = load_fixture("browne-with-bases");
    let tiles = ["rrrrrrr"; 7].join("/");
    let holds_three = format!(
        "{tiles} .x.x.x../......../o......./......../......../......../......../x....... o"
    );
    let position = variant.model.parse_position(&holds_three).unwrap();
    let outcome = variant.judge(&position).unwrap().expect("the game is over");
    assert_eq!(outcome.winner, variant.model.rules.player_by_letter('x'));
    assert_eq!(outcome.reason, "holds b8 d8 f8");
    // Two bases are not enough, and Browne's own end would not stop here either.
    let holds_two = holds_three.replacen(".x.x.x..", ".x.x....", 1);
    let position = variant.model.parse_position(&holds_two).unwrap();
    assert!(variant.judge(&position).unwrap().is_none());
}

/// A ruleset's script that is a symbolic link out of its folder is refused when another
/// ruleset imports it by name, as it is when its own ruleset uses it.
#[test]
fn an_import_by_ruleset_name_refuses_a_link_out_of_that_ruleset() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.rhai");
    std::fs::write(&secret, "fn game_result(game) { () }\n").unwrap();
    let importer = tempfile::tempdir().unwrap();
    let root = importer.path();
    std::fs::create_dir_all(root.join("rules")).unwrap();
    std::fs::create_dir_all(root.join("partner/rules")).unwrap();
    std::fs::write(
        root.join("variant.toml"),
        "extends = \"truchet-browne\"\n[rules]\nend = \"rules/end.rhai\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("rules/end.rhai"),
        "import \"partner:rules/linked\" as linked;\nfn game_result(game) { linked::game_result(game) }\n",
    )
    .unwrap();
    std::fs::write(
        root.join("partner/variant.toml"),
        "extends = \"truchet-browne\"\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret, root.join("partner/rules/linked.rhai")).unwrap();
    let error = Variant::load(root, None)
        .err()
        .expect("the link is refused");
    let message = error.to_string();
    assert!(
        message.contains("import \"partner:rules/linked\"")
            && message.contains("leads outside that folder (a symbolic link)"),
        "{message}"
    );
    let diagnostic = error.diagnostic().expect("located");
    assert_eq!(diagnostic.line_column(), Some((1, 1)));
}
