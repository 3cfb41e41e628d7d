//! Every kind of bad input gets one message saying what is wrong and where: position
//! texts, turn texts, and rulesets with a mistake in their TOML or scripts (the folders
//! of `tests/fixtures/broken/`, one mistake each).

use variant_run::Variant;

/// The test designer's copy of Browne's rules (tests/fixtures/designer/my-truchet) on
/// the standard 7x7 board: messages of the program's, on rules that do not move when the
/// shipped ones do.
fn designers_truchet() -> Variant {
    let dir = crate::common::root().join("tests/fixtures/designer/my-truchet");
    Variant::load(&dir, Some(7)).unwrap()
}

const OPENING: &str = "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr \
    o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x";

#[test]
fn bad_position_texts() {
    let variant = designers_truchet();
    let cases = [
        "",
        "rrrrrrr x",
        "rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrqrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......./......../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../...z..../x.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x5.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x1.x.x.x./.x.x.x.x/x.x.x.x. x",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. w",
        "rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../......../x.x.x.x./.x.x.x.x/x.x.x.x. x many",
    ];
    let report: Vec<String> = cases
        .iter()
        .map(|text| {
            let error = variant.model.parse_position(text).unwrap_err();
            format!("{text}\n  -> {error}")
        })
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}

/// The quiet-turn count is digits without leading zeros: `+3`, `007` and `00` would
/// read as 3, 7 and 0 but never print back as written, so they are refused; the counts
/// that are written read back as the same text.
#[test]
fn a_quiet_count_reads_only_as_it_is_written() {
    let variant = designers_truchet();
    let model = &variant.model;
    let my_trugo = crate::common::root().join("tests/fixtures/designer/my-trugo");
    let patch = Variant::load(&my_trugo, None).unwrap();
    for refused in ["+3", "007", "00", "-0", "٣", "0x3", "1_000", "4294967296"] {
        let text = format!("{OPENING} {refused}");
        let error = model.parse_position(&text).unwrap_err().to_string();
        assert!(
            error.contains("quiet:") && error.contains("is not a count of turns"),
            "{refused:?}: {error}"
        );
        let text = format!("- - 36 o=25,x=25 o {refused}");
        let error = patch.model.parse_position(&text).unwrap_err().to_string();
        assert!(error.contains("quiet:"), "{refused:?} on a patch: {error}");
    }
    for (written, count) in [("0", 0), ("3", 3), ("10", 10), ("4294967295", u32::MAX)] {
        let position = model
            .parse_position(&format!("{OPENING} {written}"))
            .unwrap();
        assert_eq!(position.quiet_turns(), count);
        let printed = model.position_text(&position);
        match count {
            0 => assert_eq!(printed, OPENING, "0 is the count left out"),
            _ => assert_eq!(printed, format!("{OPENING} {written}")),
        }
    }
}

#[test]
fn bad_turn_texts_leave_the_game_unchanged() {
    let variant = designers_truchet();
    let model = &variant.model;
    let start = model.parse_position(OPENING).unwrap();
    let fixture = model.parse_position("rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr/rrrrrrr o.o.o.o./.o.o.o.o/o.o.o.o./......../x2x2....../..x.x.x./.x.x.x.x/x.x..... x").unwrap();
    let empty_rows = "......../......../";
    let tiles = ["rrrrrrr"; 7].join("/");
    let at_home = model
        .parse_position(&format!(
            "{tiles} {empty_rows}.xo2x..../{empty_rows}{empty_rows}........ x"
        ))
        .unwrap();
    let too_tall = model
        .parse_position(&format!(
            "{tiles} {empty_rows}.x3.x2..../{empty_rows}{empty_rows}........ x"
        ))
        .unwrap();
    let cases: Vec<(&variant_run::core::Position, &str)> = vec![
        // cannot be read
        (&start, ""),
        (&start, "a1"),
        (&start, "a1-"),
        (&start, "a1-b2-c3"),
        (&start, "z9-a1"),
        (&start, "qq12:a1-b2"),
        (&start, "a1-c3;c3-b4;b4-b5"),
        (&start, "b4-b3,0xa4"),
        (&start, "a1,b2-c3,d4"),
        (&start, "a1-c3;c3-d4"),
        // can be read, but not played here
        (&start, "d4-e5"),
        (&start, "a8-b7"),
        (&start, "a1-b2"),
        (&start, "c3-d5"),
        (&start, "a1-d6"),
        (&start, "ab12:c3-d4"),
        (&fixture, "a4-a5,b4"),
        (&start, "a1,a3-b2"),
        (&start, "a3-a4,b3"),
        (&start, "c3-d4;b2,d4-c4"),
        (&fixture, "a4,b4-c4"),
        (&fixture, "a4,b4-a5"),
        (&fixture, "a4-a5,3xb4"),
        (&fixture, "a4-b5,a3"),
        (&fixture, "c3,c5-c4"),
        (&start, "c3-d4;b2,d2-c2"),
        (&at_home, "b6,d6-c6"),
        (&too_tall, "b6,d6-c6"),
    ];
    let mut report = Vec::new();
    for (position, text) in cases {
        let before = position.clone();
        let mut game_position = position.clone();
        let error = match model.parse_turn_in(&game_position, text) {
            Ok(turn) => {
                model.apply(&mut game_position, &turn.delta);
                panic!("`{text}` was accepted")
            }
            Err(e) => e,
        };
        assert_eq!(game_position, before);
        report.push(format!("{text:<22} -> {error}"));
    }
    insta::assert_snapshot!(report.join("\n"));
}

/// Every folder under `tests/fixtures/broken/` is a ruleset with one mistake, named by
/// the `# broken: ...` line its variant.toml starts with. Each must be refused, when it
/// loads or else when its start position is played (some mistakes show only when a rule
/// runs), with one message saying what is wrong and where.
#[test]
fn broken_rulesets_say_what_is_wrong_and_where() {
    let broken = crate::common::root().join("tests/fixtures/broken");
    let mut dirs: Vec<_> = std::fs::read_dir(&broken)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|dir| dir.join("variant.toml").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 40, "{} broken fixtures", dirs.len());
    let mut failed = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        // Each snapshot is compared, and shown if it differs, before the test fails.
        let held = std::panic::catch_unwind(|| broken_ruleset_says(dir, &name));
        if held.is_err() {
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "broken fixtures whose message moved: {failed:?}"
    );
}

/// The message of one broken fixture, snapshotted as `...@<fixture>__variant.toml`.
fn broken_ruleset_says(dir: &std::path::Path, name: &str) {
    let path = dir.join("variant.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let comment = text
        .lines()
        .next()
        .filter(|line| line.starts_with("# broken: "))
        .unwrap_or_else(|| {
            panic!(
                "{}: the first line says what is wrong (`# broken: ...`)",
                path.display()
            )
        });
    let error = match Variant::load(dir, None) {
        Ok(variant) => match variant_run::play::opening(&variant, variant_run::Layout::Random, 1) {
            Ok(_) => panic!("{}: the broken ruleset loads and plays", dir.display()),
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    // Paths show relative to the working directory when they are below it, which
    // depends on where the tests run from: hide both forms.
    let mut shown = error.replace(&dir.display().to_string(), "<fixture>");
    if let Ok(relative) = dir.strip_prefix(std::env::current_dir().unwrap()) {
        shown = shown.replace(&relative.display().to_string(), "<fixture>");
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_input_file(&path);
    settings.bind(|| {
        insta::assert_snapshot!(
            format!("broken_rulesets_say_what_is_wrong_and_where@{name}__variant.toml"),
            format!("{comment}\n{shown}")
        );
    });
}
