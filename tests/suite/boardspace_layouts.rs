//! truchet-boardspace layouts: the generator against the digest's key-0 vector and against
//! layouts the JDK's own `java.util.Random` dealt (tests/boardspace/JavaLayouts.java wrote
//! tests/boardspace/java_layouts.txt), and the opening board for key 0.

use variant_run::play::layouts::{key_for_game_id, layout_for_game_id, layout_for_key};
use variant_run::play::Layout;
use variant_run::Variant;

fn boardspace() -> Variant {
    Variant::load_named("truchet-boardspace", None).expect("truchet-boardspace loads")
}

fn tiles_text(variant: &Variant, layout: Layout) -> String {
    match layout {
        Layout::Given(tiles) => variant.model.tiles_text(&tiles),
        other => panic!("a keyed layout is a given layout, not {other:?}"),
    }
}

/// The digest's test vector: `java.util.Random(0)`, 49 draws of `nextInt(4)`.
const KEY_0_DRAWS: [u32; 49] = [
    2, 3, 0, 2, 2, 1, 2, 0, 2, 3, 1, 1, 1, 2, 3, 3, 3, 0, 3, 0, 1, 1, 0, 1, 0, 2, 0, 0, 2, 0, 3, 2,
    0, 1, 2, 1, 1, 0, 3, 3, 3, 2, 1, 3, 2, 3, 2, 2, 3,
];

#[test]
fn key_0_draws_the_digest_vector_draw_by_draw() {
    let variant = boardspace();
    let keyed = variant.keyed_layout.as_ref().expect("[setup.layout]");
    let draws = keyed.draws(&variant.model.board, 0);
    for (i, (&ours, &digest)) in draws.iter().zip(KEY_0_DRAWS.iter()).enumerate() {
        assert_eq!(ours, digest, "draw {}", i + 1);
    }
    assert_eq!(draws.len(), KEY_0_DRAWS.len());
}

#[test]
fn key_0_lays_the_tiles_the_digest_implies() {
    // Built here from the digest's words alone: draw k is tile column k / 7 (a..g), tile
    // row k % 7 + 1 from the bottom; 0 or 1 is `r`, 2 or 3 is `l`; the tile field lists
    // rows from the top.
    let mut grid = [['?'; 7]; 7];
    for (k, &draw) in KEY_0_DRAWS.iter().enumerate() {
        grid[k % 7][k / 7] = if draw < 2 { 'r' } else { 'l' };
    }
    let expected: Vec<String> = grid.iter().rev().map(|row| row.iter().collect()).collect();
    let variant = boardspace();
    let layout = layout_for_key(&variant, 0).unwrap();
    assert_eq!(tiles_text(&variant, layout), expected.join("/"));
}

#[test]
fn keys_and_game_ids_lay_out_what_java_util_random_deals() {
    let variant = boardspace();
    let data = include_str!("../boardspace/java_layouts.txt");
    let mut checked = 0;
    for line in data.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[..] {
            ["key", key, tiles] => {
                let key: i64 = key.parse().unwrap();
                let layout = layout_for_key(&variant, key).unwrap();
                assert_eq!(tiles_text(&variant, layout), tiles, "key {key}");
            }
            ["game-id", id, key, tiles] => {
                assert_eq!(
                    key_for_game_id(&variant, id).unwrap(),
                    key.parse::<i64>().unwrap(),
                    "game id {id}"
                );
                let layout = layout_for_game_id(&variant, id).unwrap();
                assert_eq!(tiles_text(&variant, layout), tiles, "game id {id}");
            }
            _ => panic!("unreadable line `{line}`"),
        }
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn a_seeded_game_starts_from_the_layout_of_its_seed_as_key() {
    let variant = boardspace();
    let seeded = variant_run::play::game::opening(&variant, Layout::Setup, 42).unwrap();
    let keyed = layout_for_key(&variant, 42).unwrap();
    assert_eq!(
        variant.model.tiles_text(seeded.tiles()),
        tiles_text(&variant, keyed)
    );
}

#[test]
fn bad_game_ids_and_rulesets_without_keys_are_refused_with_a_reason() {
    let variant = boardspace();
    let empty = key_for_game_id(&variant, "").unwrap_err().to_string();
    assert_eq!(
        empty,
        "--game-id: game id `` must be a non-empty text without control characters"
    );
    let control = key_for_game_id(&variant, "a\tb").unwrap_err().to_string();
    assert!(control.contains("game id `a\\tb`"), "{control}");
    let browne = Variant::load_named("truchet-browne", None).unwrap();
    let refused = layout_for_key(&browne, 1).unwrap_err().to_string();
    assert_eq!(
        refused,
        "--key: truchet-browne deals no keyed layouts (its variant.toml has no [setup.layout])"
    );
}

/// The command line: `position --key`, `--game-id`, and a clear refusal of a bad id.
#[test]
fn position_command_prints_keyed_openings() {
    let run = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .arg("truchet-boardspace")
            .args(args)
            .current_dir(crate::common::root())
            .output()
            .expect("variant-run runs");
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let java = include_str!("../boardspace/java_layouts.txt");
    let key_0_tiles = java.lines().find_map(|l| l.strip_prefix("key 0 ")).unwrap();
    let (code, out, _) = run(&["position", "--key", "0"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.split(' ').next(), Some(key_0_tiles));
    // "ab" is key 97 * 4 + 98 = 486.
    let (_, by_id, _) = run(&["position", "--game-id", "ab"]);
    let (_, by_key, _) = run(&["position", "--key", "486"]);
    assert_eq!(by_id, by_key);
    let (code, out, err) = run(&["position", "--game-id", ""]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "variant-run: --game-id: game id `` must be a non-empty text without control characters\n"
    );
}
