//! `serve` against hostile requests, sent raw over TCP to a server started on a port the
//! system picks: what it serves and refuses, with which status, and that it goes on
//! answering (a panic would end the game's thread, or the connection, and show here).
//! The refusals of turn texts and records are compared with what the command line says
//! for the same input. Also the README's `serve`, `show --watch` and `play --watch`
//! commands, run as written.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::copy::copy_variant;
use crate::common::server::{Server, BIN};

/// What the terminal says to a person who types `line` at the first prompt.
fn terminal_refusal(args: &[&str], line: &[u8]) -> String {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = line.to_vec();
    input.extend_from_slice(b"\nquit\n");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&output.stdout).to_string();
    // The answer is the line after the first prompt (`   1. x> `).
    let after = out
        .split("1. x> ")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    after.lines().next().unwrap().to_string()
}

#[test]
fn serves_the_page_its_files_and_the_rulesets_files_only() {
    let server = Server::start(&["truchet-browne", "serve", "--port", "0"]);
    assert!(
        server.address.starts_with("127.0.0.1:"),
        "loopback by default"
    );
    let (status, head, body) = server.get("/");
    assert_eq!(status, 200);
    assert!(body.contains("<script src=\"/page/app.js\""));
    assert!(head
        .to_lowercase()
        .contains("content-security-policy: default-src 'self'"));
    assert!(head
        .to_lowercase()
        .contains("x-content-type-options: nosniff"));
    for page in ["/page/app.js", "/page/app.css"] {
        assert_eq!(server.get(page).0, 200, "{page}");
    }
    let (status, head, body) = server.get("/files/variant.toml");
    assert_eq!(status, 200);
    assert!(head.contains("text/plain"));
    assert!(body.contains("[board]"));
    for (path, expected) in [
        ("/files/../../Cargo.toml", 400),
        ("/files/%2e%2e/trugo/variant.toml", 400),
        ("/files/rules/..%2f..%2fREADME.md", 400),
        ("/files//etc/passwd", 400),
        ("/files/no-such-file", 404),
        ("/page/../Cargo.toml", 404),
        ("/Cargo.toml", 404),
        ("/api/nothing", 404),
        ("/api/picture?ply=abc", 400),
        ("/api/picture?ply=99999", 404),
        ("/api/picture?other=1", 400),
    ] {
        let (status, _, body) = server.get(path);
        assert_eq!(status, expected, "{path}: {body}");
        assert!(!body.is_empty(), "{path}: a refusal says why");
    }
    assert_eq!(server.get("/api/state").0, 200, "still answering");
}

#[test]
fn requests_from_elsewhere_and_malformed_ones_get_a_clear_4xx() {
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--layout",
        "random",
    ]);
    let a = &server.address;
    let cases: Vec<(String, u16)> = vec![
        // A name that is not this server's (DNS rebinding).
        (
            "GET / HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n".into(),
            421,
        ),
        ("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".into(), 421),
        // A page elsewhere.
        (
            format!(
                "POST /api/undo HTTP/1.1\r\nHost: {a}\r\nOrigin: http://evil.example\r\n\
                 Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            ),
            403,
        ),
        // A form post, which any page may send.
        (
            format!(
                "POST /api/undo HTTP/1.1\r\nHost: {a}\r\nContent-Type: text/plain\r\n\
                 Content-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            ),
            415,
        ),
    ];
    for (request, expected) in cases {
        let (status, _, body) = server.raw(request.as_bytes());
        assert_eq!(status, expected, "{request:?}: {body}");
        assert!(!body.is_empty(), "{request:?}: a refusal says why");
    }
    // What is not HTTP is answered 400 or the connection closed, and the server goes on.
    for request in [
        "\u{1}\u{2}garbage\r\n\r\n".to_string(),
        format!("GET / HTTP/1.1\r\nHost: {a}\r\nBad Header\r\n\r\n"),
        format!("GET /\u{7f} HTTP/1.1\r\nHost: {a}\r\n\r\n"),
        format!("POST /api/play HTTP/1.1\r\nHost: {a}\r\nContent-Length: x\r\n\r\n"),
    ] {
        let (status, _, _) = server.raw(request.as_bytes());
        assert!(status == 400 || status == 0, "{request:?}: {status}");
        assert_eq!(server.get("/api/state").0, 200, "still answering");
    }
    for (path, body, expected) in [
        ("/api/play", "{", 400),
        ("/api/play", "[1,2]", 422),
        ("/api/play", r#"{"ply":"x","text":"a1"}"#, 422),
        ("/api/play", r#"{"ply":0,"text":"a1","extra":1}"#, 422),
        ("/api/play", r#"{"ply":-1,"text":"a1"}"#, 422),
        (
            "/api/choose",
            r#"{"ply":0,"choices":[{"action":"jump","at":"a1"}]}"#,
            400,
        ),
        (
            "/api/choose",
            r#"{"ply":0,"choices":[{"action":"pick","at":"zz99"}]}"#,
            400,
        ),
        (
            "/api/choose",
            r#"{"ply":0,"click":{"on":"point","at":"nowhere"}}"#,
            400,
        ),
        (
            "/api/choose",
            r#"{"ply":0,"click":{"on":"edge","at":"a1"}}"#,
            400,
        ),
        ("/api/players", r#"{"players":["human"]}"#, 400),
        ("/api/players", r#"{"players":["human","robot"]}"#, 400),
        ("/api/players", r#"{"players":["human","mcts:lots"]}"#, 400),
        ("/api/truncate", r#"{"ply":5}"#, 400),
        ("/api/compare", r#"{"against":"../../etc"}"#, 400),
        ("/api/compare", r#"{"against":"trugo","games":0}"#, 400),
        ("/api/compare", r#"{"against":"base"}"#, 400),
    ] {
        let (status, _, answer) = server.post(path, body);
        assert_eq!(status, expected, "{path} {body}: {answer}");
        assert!(!answer.is_empty(), "{path} {body}: a refusal says why");
    }
    // Bodies are bounded: a turn is no bigger than a line at the prompt, anything but a
    // record is at most 64 KiB.
    let huge = format!(r#"{{"ply":0,"text":"{}"}}"#, "a".repeat(100_000));
    assert_eq!(server.post("/api/play", &huge).0, 413);
    let (status, _, body) = server.raw(
        format!(
            "POST /api/record HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
             Content-Length: 999999999\r\nConnection: close\r\n\r\n{{"
        )
        .as_bytes(),
    );
    assert_eq!(status, 413, "{body}");
    assert_eq!(server.state()["ply"], 0, "nothing was played");
}

#[test]
fn hostile_turn_texts_get_the_terminals_refusals() {
    let args = [
        "truchet-browne",
        "--layout",
        "random",
        "--player",
        "x=human",
        "--player",
        "o=human",
    ];
    let server = Server::start(&[&args[..], &["serve", "--port", "0"]].concat());
    let terminal_args = [&args[..], &["play"]].concat();
    let long = "b".repeat(5000);
    for text in [
        "a1-h8",
        "zz",
        "a1-a1-a1",
        "ab34:ab34:a1-b2",
        "\u{1b}[31mred\u{7}",
        "a1\u{0}-b2",
        "\u{202e}a1-b2",
        long.as_str(),
    ] {
        let answer = server.ask("/api/play", &serde_json::json!({ "ply": 0, "text": text }));
        assert_eq!(answer["ok"], false, "{text:?}");
        let terminal = terminal_refusal(&terminal_args, text.as_bytes());
        assert_eq!(
            answer["refusal"].as_str().unwrap(),
            terminal,
            "the page and the terminal refuse {text:?} alike"
        );
    }
    // A click that makes an illegal turn is refused as the typed turn is.
    let answer = server.ask(
        "/api/choose",
        &serde_json::json!({
            "ply": 0,
            "choices": [{ "action": "pick", "at": "a1" }],
            "click": { "on": "point", "at": "h8" },
        }),
    );
    assert_eq!(
        answer["refusal"].as_str().unwrap(),
        terminal_refusal(&terminal_args, b"a1-h8")
    );
    assert_eq!(server.state()["ply"], 0, "a refused turn changes nothing");
}

#[test]
fn hostile_records_get_replays_refusals_and_change_nothing() {
    let server = Server::start(&["truchet-browne", "serve", "--port", "0", "--size", "5"]);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-records");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let status = Command::new(BIN)
        .args([
            "truchet-browne",
            "play",
            "--seed",
            "4",
            "--size",
            "5",
            "--record",
        ])
        .arg(&file)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let good = std::fs::read_to_string(&file).unwrap();
    let third = good
        .lines()
        .find(|l| l.trim_start().starts_with("3. "))
        .unwrap()
        .to_string();
    // The third set-up turn played by the other player (whoever the rules give it).
    let other = if third.contains(" x ") { "o" } else { "x" };
    let hostile = [
        good.replace(&third, "   3. o  zz99"),
        good.replace(&third, &format!("   3. {other}  r")),
        good.replace("ruleset truchet-browne", "ruleset trugo"),
        good.replace("ruleset truchet-browne", "ruleset ../../etc"),
        good.replace("options ", "options --seed x "),
        format!("{good}   99. x  a1-b2\n"),
        good.replace(&third, "   3. o  r\u{1b}[2J"),
        "not a record at all".to_string(),
    ];
    for text in &hostile {
        std::fs::write(&file, text).unwrap();
        let answer = server.ask("/api/record", &serde_json::json!({ "text": text }));
        assert_eq!(answer["ok"], false, "{text}");
        let refusal = answer["refusal"].as_str().unwrap().to_string();
        let replay = Command::new(BIN).arg("replay").arg(&file).output().unwrap();
        let said = String::from_utf8_lossy(&replay.stderr).to_string();
        if refusal.starts_with("this record is a game of") {
            continue;
        }
        // `replay` says the file's name first.
        assert!(
            said.contains(&refusal),
            "the page refuses as replay does: page {refusal:?}, replay {said:?}"
        );
    }
    assert_eq!(server.state()["ply"], 0, "no record was half loaded");
    let answer = server.ask("/api/record", &serde_json::json!({ "text": good }));
    assert_eq!(answer["ok"], true);
    let state = server.state();
    let turns = turn_lines(&good).len();
    assert_eq!(state["ply"].as_u64().unwrap() as usize, turns);
    assert_eq!(
        state["result"].as_str().unwrap(),
        good.lines().last().unwrap()
    );
    let (_, _, record) = server.get("/api/record");
    assert_eq!(
        turn_lines(&record),
        turn_lines(&good),
        "the record downloaded has the same turns"
    );
}

#[test]
fn computer_players_play_the_game_play_plays() {
    let args = [
        "truchet-browne",
        "--size",
        "5",
        "--seed",
        "9",
        "--player",
        "x=greedy",
        "--player",
        "o=random",
    ];
    let server = Server::start(&[&args[..], &["serve", "--port", "0"]].concat());
    server.ask("/api/speed", &serde_json::json!({ "ms": 0 }));
    let started = Instant::now();
    let state = loop {
        let state = server.state();
        if state["result"].is_string() {
            break state;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "the game ends");
        std::thread::sleep(Duration::from_millis(50));
    };
    let played = Command::new(BIN).args(args).arg("play").output().unwrap();
    let transcript = String::from_utf8_lossy(&played.stdout).to_string();
    let (_, _, record) = server.get("/api/record");
    assert!(!turn_lines(&record).is_empty());
    assert_eq!(
        turn_lines(&record),
        turn_lines(&transcript),
        "the same seed plays the same game"
    );
    assert_eq!(
        state["result"].as_str().unwrap(),
        transcript.lines().last().unwrap()
    );
}

/// The turn lines of a record or transcript (`  12. x  a1-b2`), trimmed.
fn turn_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .map(String::from)
        .collect()
}

/// `variant-run truchet-browne serve --open`, as the README shows it: the host's link
/// (the page's address with the host's key) goes to the browser ($BROWSER, a script here
/// that writes it down).
#[test]
fn readme_serve_open() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-open");
    std::fs::create_dir_all(&dir).unwrap();
    let opened = dir.join("opened.txt");
    let _ = std::fs::remove_file(&opened);
    let browser = dir.join("browser.sh");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" > {}\n", opened.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let _port = crate::common::server::DEFAULT_PORT
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let server = Server::start_in(
        &["truchet-browne", "serve", "--open"],
        &crate::common::root(),
        &[("BROWSER", browser.to_str().unwrap())],
    );
    assert_eq!(server.address, "127.0.0.1:8787", "the default port");
    let started = Instant::now();
    while !opened.exists() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let url = std::fs::read_to_string(&opened).unwrap();
    assert_eq!(
        url.trim(),
        format!("http://127.0.0.1:8787/#host={}", server.host_key)
    );
    assert_eq!(server.get("/").0, 200);
}

/// `variant-run trugo serve --port 0 --player x=mcts:200`, as the README shows it: a
/// person (o, who plays first in Trugo) against the tree search, on a port the system
/// picks.
#[test]
fn readme_serve_against_mcts() {
    let server = Server::start(&["trugo", "serve", "--port", "0", "--player", "x=mcts:200"]);
    let state = server.state();
    assert_eq!(state["letters"], serde_json::json!(["o", "x"]));
    assert_eq!(state["players"], serde_json::json!(["human", "mcts:200"]));
    let first = &state["choices"][0];
    assert_eq!(first["action"], "place");
    let choice = serde_json::json!({
        "action": first["action"], "at": first["at"], "detail": first["detail"],
    });
    let answer = server.ask(
        "/api/choose",
        &serde_json::json!({ "ply": 0, "choices": [choice] }),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    let started = Instant::now();
    while server.state()["ply"].as_u64() < Some(2) {
        assert!(started.elapsed() < Duration::from_secs(60), "mcts answers");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Reads what a `--watch` command prints until `pattern` shows, or fails after a while.
fn read_until(out: &mut BufReader<std::process::ChildStdout>, seen: &mut String, pattern: &str) {
    let started = Instant::now();
    while !seen.contains(pattern) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no {pattern:?} in {seen}"
        );
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            panic!("the command stopped: {seen}");
        }
        seen.push_str(&line);
    }
}

/// `variant-run ./my-truchet show --watch` and `play --watch`, as the README shows them:
/// each runs again when the ruleset is saved, and says what is wrong when it no longer
/// loads.
#[test]
fn readme_show_and_play_watch() {
    for command in ["show", "play"] {
        let dir = copy_variant("truchet-browne", &format!("watch-{command}/my-truchet"));
        let root = dir.parent().unwrap();
        let mut child = Command::new(BIN)
            .args(["./my-truchet", command, "--watch"])
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut seen = String::new();
        let done = "x owns";
        read_until(&mut out, &mut seen, done);
        let toml = dir.join("variant.toml");
        let text = std::fs::read_to_string(&toml).unwrap();
        std::fs::write(&toml, text.replace("size = 7", "size = 5")).unwrap();
        read_until(&mut out, &mut seen, "run 2");
        let mut second = String::new();
        read_until(&mut out, &mut second, done);
        assert!(
            second.contains("  e  "),
            "the board is 5 wide now: {second}"
        );
        assert!(!second.contains("  h  "), "{second}");
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// A drop, clicked: in examples/designs/browne-drops a piece taken goes back to its
/// owner's hand, and the page offers it as `drop` choices on the junctions the ruleset
/// allows (x's own, dark colour), each a whole turn; the one clicked is played, and the
/// piece leaves the hand.
#[test]
fn a_piece_in_hand_is_dropped_by_a_click() {
    let position =
        "rrrrr/rrrrr/rrrrr/rrrrr/rrrrr x...../...o2../....../....../....../...... x supply:x=1";
    let server = Server::start(&[
        "examples/designs/browne-drops",
        "serve",
        "--port",
        "0",
        "--size",
        "5",
        "--position",
        position,
    ]);
    let state = server.state();
    let drops: Vec<&serde_json::Value> = state["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["action"] == "drop")
        .collect();
    // The 18 empty dark junctions of the 5 x 5 board, as the design's test counts them.
    assert_eq!(drops.len(), 18, "{}", state["choices"]);
    assert!(drops.iter().all(|c| c["on"] == "point"), "{drops:?}");
    let first = drops[0];
    let choice = serde_json::json!({
        "action": "drop", "at": first["at"], "detail": first["detail"],
    });
    let answer = server.ask(
        "/api/choose",
        &serde_json::json!({ "ply": 0, "choices": [choice] }),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    let state = server.state();
    assert_eq!(state["ply"], 1, "{state}");
    let turn = state["turns"][0]["text"].as_str().unwrap();
    assert_eq!(turn, format!("*{}", first["at"].as_str().unwrap()));
    let (_, _, record) = server.get("/api/record");
    assert!(record.contains(&turn.to_string()), "{record}");
}
