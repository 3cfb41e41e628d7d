//! The script sandbox holds against hostile scripts: data grown in every way Rhai offers
//! stops at a limit, imports and script paths stay inside the ruleset's folders, output
//! is bounded, and a ruleset may raise its limits only up to their ceilings. The broken
//! fixtures (`tests/fixtures/broken/`) show the messages; these tests show the limits
//! hold whatever way a script tries.

use std::path::Path;
use std::process::Command;

use variant_run::ruleset::script::{Limits, ScriptHost};

/// A host whose only folder is a fresh temporary one holding `script.rhai`.
fn host_with(script: &str, limits: Limits) -> (tempfile::TempDir, ScriptHost) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("script.rhai"), script).unwrap();
    let host = ScriptHost::new(&[dir.path().to_path_buf()], None, limits);
    (dir, host)
}

/// What a call of `grow()` in this script ends with: the first line of its error.
fn grow(script: &str) -> String {
    let (dir, mut host) = host_with(script, Limits::default());
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    match host.call::<rhai::Dynamic>(&compiled, "grow", ()) {
        Ok(value) => format!("NOT STOPPED: returned {}", value.type_name()),
        Err(e) => e.message.lines().next().unwrap_or_default().to_string(),
    }
}

/// Rhai checks the size of most values it builds, but not every container a value goes
/// into: where it does not, the memory budget stops the script. Each way of growing
/// data must stop at some limit; the snapshot shows which.
#[test]
fn data_grown_in_any_way_stops_at_a_limit() {
    let ways = [
        ("string appended to", r#"let s = ""; loop { s += "abcdefgh"; }"#),
        ("string doubled", r#"let s = "ab"; loop { s += s; }"#),
        ("array pushed to", "let a = []; loop { a.push(1); }"),
        ("array doubled", "let a = [1]; loop { a += a; }"),
        (
            "array of arrays",
            "let row = []; for i in 0..1000 { row.push(i); } let a = []; loop { a.push(row); }",
        ),
        (
            "array element set to an array",
            "let row = []; for i in 0..5000 { row.push(i); } \
             let a = []; a.pad(1000, 0); let i = 0; loop { a[i % 1000] = row; i += 1; }",
        ),
        ("map entries by index", "let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; }"),
        (
            "map entries set to arrays",
            "let row = []; for i in 0..5000 { row.push(i); } let m = #{}; let i = 0; loop { m[`k${i}`] = row; i += 1; }",
        ),
        (
            "map entries set to strings",
            "let s = \"\"; s.pad(9000, 'x'); let m = #{}; let i = 0; loop { m[`k${i}`] = s; i += 1; }",
        ),
        ("map holding itself", "let m = #{a: 1}; let i = 0; loop { m[`k${i}`] = m; i += 1; }"),
        (
            "array inside a map property",
            "let m = #{ list: [] }; loop { m.list.push(1); }",
        ),
        (
            "maps merged",
            "let m = #{}; let i = 0; loop { let one = #{}; one[`k${i}`] = i; m += one; i += 1; }",
        ),
        (
            "map inside a map by index",
            "let m = #{ inner: #{} }; let i = 0; loop { m.inner[`k${i}`] = i; i += 1; }",
        ),
        ("recursion", "fn deeper(n) { deeper(n + 1) } deeper(0)"),
    ];
    let mut report = Vec::new();
    for (what, body) in ways {
        let script = if body.starts_with("fn ") {
            let (helper, call) = body.split_at(body.rfind('}').unwrap() + 1);
            format!("{helper}\nfn grow() {{ {call} }}\n")
        } else {
            format!("fn grow() {{ {body} }}\n")
        };
        let stopped = grow(&script);
        assert!(!stopped.starts_with("NOT STOPPED"), "{what}: {stopped}");
        // How far past its limit a value got depends on when memory was counted last.
        let stopped = match stopped.split_once(" holds ") {
            Some((name, rest)) => format!(
                "{name} holds N{}",
                rest.trim_start_matches(|c: char| c.is_ascii_digit())
            ),
            None => stopped,
        };
        report.push(format!("{what:<30} {stopped}"));
    }
    insta::assert_snapshot!(report.join("\n"));
}

/// Arrays nested ever deeper are refused long before copying, counting or dropping them
/// (all done by recursion) could overflow the stack, even a test thread's small one.
#[test]
fn deeply_nested_data_stops_at_a_limit() {
    let stopped = grow("fn grow() { let a = []; loop { a = [a]; } }\n");
    assert_eq!(
        stopped,
        "`a` nests arrays and maps more than 64 levels deep"
    );
}

/// A limit a ruleset raises applies, and so does one it lowers.
#[test]
fn limits_set_in_toml_apply() {
    let script = "fn grow() { let a = []; for i in 0..50 { a.push(i); } a.len() }\n";
    let tight = Limits {
        array_items: 20,
        ..Limits::default()
    };
    let (dir, mut host) = host_with(script, tight);
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    let error = host.call::<i64>(&compiled, "grow", ()).unwrap_err();
    assert!(error.message.contains("past 20 items"), "{error}");
    let (dir, mut host) = host_with(script, Limits::default());
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    assert_eq!(host.call::<i64>(&compiled, "grow", ()).unwrap(), 50);
}

/// Recursion as deep as the highest call-depth limit a ruleset may set stops with an
/// error, not a stack overflow, even on a test thread's small stack.
#[test]
fn the_deepest_allowed_recursion_fits_the_stack() {
    let most = variant_run::ruleset::script::limits::LIMITS
        .iter()
        .find(|l| l.key == "call_depth")
        .unwrap()
        .ceiling;
    let limits = Limits {
        call_depth: most,
        ..Limits::default()
    };
    let script =
        "fn deeper(n) { let a = [n, n, n]; deeper(n + 1) + a.len() }\nfn grow() { deeper(0) }\n";
    let (dir, mut host) = host_with(script, limits);
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    let error = host.call::<i64>(&compiled, "grow", ()).unwrap_err();
    assert!(error.message.contains("deeper than"), "{error}");
}

/// A symbolic link inside the variant folder that points out of it is refused, for a
/// script named in the TOML and for an import, without the target being read.
#[test]
fn links_out_of_the_variant_folder_are_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.rhai");
    std::fs::write(&secret, "fn can_capture(a, b, c) { true }\n").unwrap();
    let variant = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&secret, variant.path().join("linked.rhai")).unwrap();
    std::fs::write(
        variant.path().join("importer.rhai"),
        "import \"linked\" as l;\nfn f() { 1 }\n",
    )
    .unwrap();
    let mut host = ScriptHost::new(&[variant.path().to_path_buf()], None, Limits::default());
    let named = host.dirs().find("linked.rhai").unwrap_err();
    assert!(
        named.message.contains("leads outside that folder"),
        "{named}"
    );
    let imported = host
        .compile(&variant.path().join("importer.rhai"))
        .err()
        .unwrap();
    assert!(
        imported.message.contains("leads outside that folder"),
        "{imported}"
    );
    assert_eq!(imported.line_column(), Some((1, 1)));
}

/// A script that prints in a loop while the ruleset loads writes a bounded amount, ends
/// with one notice, and the ruleset still loads (exit code 0).
#[test]
fn script_output_is_bounded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(["tests/fixtures/sandbox/prints-a-lot", "position"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    // The game's budget, and a notice for each call that spent its own before the game's
    // was spent, and the last.
    let limits = Limits::default();
    let notices = limits.print_bytes_per_game / limits.print_bytes_per_call + 1;
    assert!(
        stderr.len() as u64 <= limits.print_bytes_per_game + notices * 200,
        "{} bytes",
        stderr.len()
    );
    let notices = stderr
        .lines()
        .filter(|l| l.starts_with("script: (output dropped"))
        .count();
    let calls = stderr.matches("for the rest of this call").count();
    assert_eq!(
        notices - calls,
        1,
        "one notice once the game's budget is spent"
    );
    assert!(calls >= 1);
    assert!(
        stderr.contains("\\u{1b}[31m") && !stderr.contains('\u{1b}'),
        "control characters are escaped"
    );
}

/// A `variant.toml` that is a symbolic link out of its folder is refused without being
/// read, whether it is the ruleset's own or that of a ruleset it extends: the message
/// says so in one line, and quotes nothing of the file it points at.
#[test]
fn a_variant_toml_linked_out_of_its_folder_is_refused_unread() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.toml");
    std::fs::write(&secret, "SECRET = \"do not show\"\nname = \n").unwrap();
    let linked = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&secret, linked.path().join("variant.toml")).unwrap();
    let extending = tempfile::tempdir().unwrap();
    std::fs::write(
        extending.path().join("variant.toml"),
        format!("extends = \"{}\"\nname = \"mine\"\n", linked.path().display()),
    )
    .unwrap();
    for dir in [linked.path(), extending.path()] {
        let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
            .args([dir.to_str().unwrap(), "position"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("variant.toml: a symbolic link out of its folder; it is not read"),
            "{stderr}"
        );
        assert!(!stderr.contains("SECRET"), "{stderr}");
    }
    // A link that stays inside the folder is followed, as for scripts.
    let inside = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sandbox/prints-a-lot/variant.toml"),
        inside.path().join("real.toml"),
    )
    .unwrap();
    std::os::unix::fs::symlink("real.toml", inside.path().join("variant.toml")).unwrap();
    assert!(variant_run::ruleset::merged::MergedToml::read(inside.path()).is_ok());
}
