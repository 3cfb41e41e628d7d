//! The script sandbox holds against hostile scripts: data grown in every way Rhai offers
//! stops at a limit, imports and script paths stay inside the ruleset's folders, output
//! is bounded, and a ruleset may raise its limits only up to their ceilings. The broken
//! fixtures (`tests/fixtures/broken/`) show the messages; these tests show the limits
//! hold whatever way a script tries.

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
        "`a` nests arrays, maps and curried functions more than 64 levels deep"
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
    let root = &crate::common::root();
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
        format!(
            "extends = \"{}\"\nname = \"mine\"\n",
            linked.path().display()
        ),
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
        crate::common::root().join("tests/fixtures/sandbox/prints-a-lot/variant.toml"),
        inside.path().join("real.toml"),
    )
    .unwrap();
    std::os::unix::fs::symlink("real.toml", inside.path().join("variant.toml")).unwrap();
    assert!(variant_run::ruleset::merged::MergedToml::read(inside.path()).is_ok());
}

/// A ruleset derived from truchet-browne in a fresh temporary folder, as a designer
/// writes one, with its capture or end rule replaced by the given script
/// (`rules/capture.rhai`, `rules/end.rhai`).
fn browne_with(capture: Option<&str>, end: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("rules")).unwrap();
    let mut toml = String::from("extends = \"truchet-browne\"\n\n[rules]\n");
    for (hook, script) in [("capture", capture), ("end", end)] {
        if let Some(script) = script {
            std::fs::write(dir.path().join(format!("rules/{hook}.rhai")), script).unwrap();
            toml.push_str(&format!("{hook} = \"rules/{hook}.rhai\"\n"));
        }
    }
    std::fs::write(dir.path().join("variant.toml"), toml).unwrap();
    dir
}

/// Runs the program; its exit code, and its standard error without the notes that a
/// copied ruleset's name differs from its folder's.
fn run_on(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let error = stderr
        .split("variant-run: ")
        .filter(|message| !message.is_empty() && !message.starts_with("note: "))
        .map(|message| format!("variant-run: {message}"))
        .collect();
    (output.status.code(), error)
}

fn path(dir: &tempfile::TempDir) -> &str {
    dir.path().to_str().unwrap()
}

/// A chain of 50,000 closures, each calling the one before, once overflowed the stack
/// when it was dropped (the process aborted). A closure cannot capture a variable from
/// outside it, so the chain cannot be built: the script is refused when the ruleset
/// loads, pointing at the variable.
#[test]
fn closures_cannot_capture_so_no_chain_of_them_can_be_built() {
    let dir = browne_with(
        Some(
            "fn can_capture(l, d, h) {\n    let f = || 1;\n    for i in 0..50000 { let g = f; \
             f = || g.call(); }\n    true\n}\n",
        ),
        None,
    );
    let (code, stderr) = run_on(&[path(&dir), "position"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "variant-run: an anonymous function cannot use `g`: it sees only its own \
             parameters and variables (it cannot capture variables from outside it; pass a \
             value in with `curry`)\n"
        ) && stderr.contains("/rules/capture.rhai:3:43 ]"),
        "{stderr}"
    );
    // A map holding a closure over itself was a reference cycle, never freed: `check`
    // of such a ruleset climbed to 4 GB. It cannot be written either.
    let dir = browne_with(
        Some(
            "fn can_capture(l, d, h) {\n    let m = #{}; let f = || m; m.f = f;\n    for i in \
             0..900 { m[`k${i}`] = blob(9000); }\n    true\n}\n",
        ),
        None,
    );
    let output = Command::new(env!("CARGO_BIN_EXE_variant-run"))
        .args(["check", path(&dir)])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(
        report.contains("error: an anonymous function cannot use `m`")
            && report.contains("/rules/capture.rhai:2:29 ]"),
        "{report}"
    );
}

/// Calls nested through function pointers and through the callbacks of `map` and `sort`
/// (with native frames between the script's) as deep as the highest call-depth limit a
/// ruleset may set stop with an error, not a stack overflow, on a test thread's stack.
#[test]
fn the_deepest_calls_through_function_pointers_fit_the_stack() {
    let most = variant_run::ruleset::script::limits::LIMITS
        .iter()
        .find(|l| l.key == "call_depth")
        .unwrap()
        .ceiling;
    let limits = Limits {
        call_depth: most,
        ..Limits::default()
    };
    for script in [
        "fn deeper(f, n) { let a = [n, n]; f.call(f, n + 1) + a.len() }\n\
         fn grow() { let f = Fn(\"deeper\"); f.call(f, 0) }\n",
        "fn deeper(n) { [n].map(|x| deeper(x + 1))[0] }\nfn grow() { deeper(0) }\n",
        "fn deeper(n) { let a = [n, n + 1]; a.sort(|x, y| deeper(x + 1) - y); a[0] }\n\
         fn grow() { deeper(0) }\n",
        "fn deeper(n) { let f = Fn(\"deeper\").curry(n + 1); call(f) }\nfn grow() { deeper(0) }\n",
    ] {
        let (dir, mut host) = host_with(script, limits);
        let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
        match host.call::<i64>(&compiled, "grow", ()) {
            Err(error) => assert!(error.message.contains("deeper than"), "{script}: {error}"),
            // Rhai's `sort` takes a comparator that fails for one saying "equal", so the
            // recursion ends there; what matters is that it ends.
            Ok(_) if script.contains("sort") => {}
            Ok(value) => panic!("{script}: returned {value}"),
        }
    }
}

/// A chain built with `curry` instead (a function pointer holding the one before) nests
/// values the way `[a]` does: it stops at the nesting limit, in `game_result` as in a
/// match on two threads, where 10,000 links once aborted the process.
#[test]
fn a_chain_of_curried_functions_stops_at_the_nesting_limit() {
    let end = "fn one() { 1 }\nfn link(f) { f.call() }\nfn game_result(game) {\n    let f = \
               Fn(\"one\");\n    for i in 0..10000 { f = Fn(\"link\").curry(f); }\n    ()\n}\n";
    let dir = browne_with(None, Some(end));
    let (code, stderr) = run_on(&[
        path(&dir),
        "match",
        "--games",
        "4",
        "--threads",
        "2",
        "--max-turns",
        "20",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "variant-run: game 0 (seed 10451216379200822465): `f` nests arrays, maps and \
             curried functions more than 64 levels deep\n"
        ) && stderr.contains("/rules/end.rhai:5:25 ]"),
        "{stderr}"
    );
}

/// Values nested deeper than the documented 64 levels are refused however they are
/// built, even when they stay small: arrays 400 deep once passed.
#[test]
fn values_nested_past_64_levels_are_refused_however_built() {
    for (what, body) in [
        ("arrays", "let a = []; for i in 0..400 { a = [a]; } a.len()"),
        (
            "maps",
            "let m = #{}; for i in 0..400 { m = #{ inner: m }; } m.len()",
        ),
        (
            "maps and arrays",
            "let v = []; for i in 0..400 { v = if i % 2 == 0 { #{ v: v } } else { [v] }; } 1",
        ),
        (
            "curried functions",
            "let f = Fn(\"grow\"); for i in 0..400 { f = Fn(\"grow\").curry([f]); } 1",
        ),
    ] {
        let stopped = grow(&format!("fn grow() {{ {body} }}\n"));
        assert!(
            stopped.ends_with("more than 64 levels deep"),
            "{what}: {stopped}"
        );
    }
}

/// What Rhai's standard library offers that would let a rule wait, read the clock or
/// escape the limits is not offered to rulesets: each is refused with a message.
#[test]
fn functions_that_wait_or_read_the_clock_are_not_offered() {
    for (call, refused) in [
        ("sleep(30)", "`sleep` is not offered to rulesets"),
        (
            "sleep(9223372036854775807)",
            "`sleep` is not offered to rulesets",
        ),
        (
            "[30].map(Fn(\"sleep\"))",
            "`sleep` is not offered to rulesets",
        ),
        (
            "Fn(\"sleep\").call(30)",
            "`sleep` is not offered to rulesets",
        ),
        ("timestamp()", "no function `timestamp` taking no arguments"),
    ] {
        let started = std::time::Instant::now();
        let stopped = grow(&format!("fn grow() {{ {call} }}\n"));
        assert!(stopped.contains(refused), "{call}: {stopped}");
        assert!(started.elapsed().as_secs() < 5, "{call} waited");
    }
}

/// Nothing a script builds outlives its call: a map holding a function pointer that
/// holds the map (a reference cycle, never freed, when closures captured) holds a copy,
/// and two hundred calls that each build a megabyte leave the thread's memory where it
/// was (a megabyte kept by each would be two hundred).
#[test]
fn nothing_a_script_builds_is_kept_between_calls() {
    let script =
        "fn keep() {\n    let m = #{};\n    let f = Fn(\"keep\").curry(m);\n    m.f = f;\n    \
                  for i in 0..900 { m[`k${i}`] = blob(1000); }\n    m.len()\n}\n";
    let limits = Limits {
        array_items: 1_000_000,
        ..Limits::default()
    };
    let (dir, mut host) = host_with(script, limits);
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    let before = variant_run::memory::thread_bytes().expect("the suite counts memory");
    for _ in 0..200 {
        assert_eq!(host.call::<i64>(&compiled, "keep", ()).unwrap(), 901);
    }
    let after = variant_run::memory::thread_bytes().unwrap();
    assert!(
        after.grown_since(before) < 1 << 20,
        "{} bytes kept",
        after.grown_since(before)
    );
}

/// A `[params]` value is a value scripts read, so it may nest no deeper than the values
/// they build.
#[test]
fn params_nested_past_64_levels_are_refused() {
    let dir = browne_with(None, None);
    let deep = format!("deep = {}1{}\n", "[".repeat(70), "]".repeat(70));
    let toml = dir.path().join("variant.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("{text}\n[params]\n{deep}")).unwrap();
    let (code, stderr) = run_on(&[path(&dir), "position"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "variant-run: [params] deep nests arrays and tables 70 levels deep; scripts may \
             nest values at most 64 levels deep\n"
        ),
        "{stderr}"
    );
}

/// docs/sandbox.md shows how to give an anonymous function a value instead of capturing
/// it: the example runs as it says.
#[test]
fn the_sandbox_page_example_of_curry_runs() {
    let page = std::fs::read_to_string(crate::common::root().join("docs/sandbox.md")).unwrap();
    let start = page.find("```rhai\n").expect("a rhai example") + "```rhai\n".len();
    let example = &page[start..start + page[start..].find("```").unwrap()];
    let (dir, mut host) = host_with(example, Limits::default());
    let compiled = host.compile(&dir.path().join("script.rhai")).unwrap();
    let heights: rhai::Array = [1i64, 5, 3, 2].map(rhai::Dynamic::from).to_vec();
    let tall = host
        .call::<rhai::Array>(&compiled, "tall_stacks", (heights, 2i64))
        .unwrap();
    let tall: Vec<i64> = tall.into_iter().map(|h| h.as_int().unwrap()).collect();
    assert_eq!(tall, [5, 3]);
    // Written with a closure instead, it is refused when it loads.
    let closure = example.replace("Fn(\"above\").curry(limit)", "|h| h > limit");
    let (dir, mut host) = host_with(&closure, Limits::default());
    let error = host.compile(&dir.path().join("script.rhai")).err().unwrap();
    assert!(
        error
            .message
            .starts_with("an anonymous function cannot use `limit`"),
        "{error}"
    );
}
