//! Seats at a `serve` table, through the API as two people's pages call it: each takes a
//! seat with its own link, the set-up is laid by clicks, a turn sent with the wrong
//! link is refused, a spectator only watches, and `--records` keeps the game, which the
//! test reads back line by line.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::server::Server;

fn seat_header(key: &str) -> String {
    format!("x-variant-run-seat: {key}\r\n")
}

/// A POST's JSON answer, with these headers.
fn ask(server: &Server, path: &str, body: &Value, headers: &str) -> (u16, Value) {
    let (status, _, answer) = server.post_with(path, &body.to_string(), headers);
    let value = serde_json::from_str(&answer).unwrap_or(Value::String(answer));
    (status, value)
}

/// Clicks one whole turn for the side to move: the first choice offered each time, until
/// the clicks play a turn. Returns the turn played.
fn click_a_turn(server: &Server, headers: &str) -> String {
    let state = server.state();
    let ply = state["ply"].as_u64().unwrap();
    let mut made: Vec<Value> = Vec::new();
    let mut next = state["choices"]
        .as_array()
        .expect("a person's turn")
        .clone();
    loop {
        let first = &next[0];
        made.push(
            json!({ "action": first["action"], "at": first["at"], "detail": first["detail"] }),
        );
        let (status, answer) = ask(
            server,
            "/api/choose",
            &json!({ "ply": ply, "choices": made }),
            headers,
        );
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["ok"], true, "{answer}");
        if let Some(played) = answer["played"].as_str() {
            return played.to_string();
        }
        if answer["complete"].is_string() {
            // A whole turn that could go on (a step that may also merge): play it.
            let (_, answer) = ask(
                server,
                "/api/choose",
                &json!({ "ply": ply, "choices": made, "play": true }),
                headers,
            );
            return answer["played"].as_str().expect("played").to_string();
        }
        next = answer["next"].as_array().unwrap().clone();
    }
}

#[test]
fn two_seats_play_one_game_by_clicks_and_the_game_is_kept() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("seats-records");
    let _ = std::fs::remove_dir_all(&dir);
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--size",
        "3",
        "--player",
        "x=human",
        "--player",
        "o=human",
        "--max-turns",
        "24",
        "--records",
        dir.to_str().unwrap(),
    ]);
    // The host hands out x's invitation; o's seat is taken by a spectator, without a link.
    let (status, _, invitations) = server.get_as_host("/api/seats/invitations");
    assert_eq!(status, 200, "{invitations}");
    let invitations: Value = serde_json::from_str(&invitations).unwrap();
    let x_key = invitations["seats"][0].as_str().unwrap().to_string();
    assert_eq!(x_key.len(), 32);
    let (status, _, refused) = server.get("/api/seats/invitations");
    assert_eq!(status, 200);
    assert!(refused.contains("only the host's link"), "{refused}");
    let x = seat_header(&x_key);
    let (_, taken) = ask(
        &server,
        "/api/seats/take",
        &json!({ "side": "x", "name": "Ada" }),
        &x,
    );
    assert_eq!(taken["key"], x_key.as_str(), "an invitation keeps its key");
    let (_, taken) = ask(
        &server,
        "/api/seats/take",
        &json!({ "side": "o", "name": "Bo" }),
        "",
    );
    let o_key = taken["key"]
        .as_str()
        .expect("a key for the taker")
        .to_string();
    let o = seat_header(&o_key);
    let (_, again) = ask(
        &server,
        "/api/seats/take",
        &json!({ "side": "o", "name": "Eve" }),
        "",
    );
    assert_eq!(
        again["refusal"], "o's seat is already taken by Bo",
        "{again}"
    );
    assert_eq!(server.state()["holders"], json!(["Ada", "Bo"]));

    let mut played = 0;
    loop {
        let state = server.state();
        if state["result"].is_string() {
            break;
        }
        let (mine, theirs) = if state["to_move"] == "x" {
            (&x, &o)
        } else {
            (&o, &x)
        };
        if played < 3 {
            // Whoever else sends the turn is refused, and the game stays as it was.
            let first = &state["choices"][0];
            let body = json!({ "ply": state["ply"], "choices": [
                { "action": first["action"], "at": first["at"], "detail": first["detail"] }
            ] });
            let holder = if state["to_move"] == "x" { "Ada" } else { "Bo" };
            for (who, headers) in [
                ("the other seat", theirs.clone()),
                ("a spectator", String::new()),
            ] {
                let (_, answer) = ask(&server, "/api/choose", &body, &headers);
                assert_eq!(answer["ok"], false, "{who}: {answer}");
                let refusal = answer["refusal"].as_str().unwrap();
                assert!(
                    refusal.contains(&format!("held by {holder}")),
                    "{who}: {refusal}"
                );
            }
            let (_, answer) = ask(&server, "/api/undo", &json!({}), "");
            assert!(
                answer["refusal"].as_str().unwrap().contains("host"),
                "{answer}"
            );
            assert_eq!(server.state()["ply"], state["ply"]);
        }
        if state["in_setup"] == true {
            assert!(
                state["setup_help"]
                    .as_str()
                    .unwrap()
                    .contains("click each lit cell"),
                "{state}"
            );
        }
        click_a_turn(&server, mine);
        played += 1;
        assert!(played <= 30, "the game ends within --max-turns");
    }
    let state = server.state();
    let turns = state["ply"].as_u64().unwrap() as usize;
    assert!(turns >= 2, "the set-up was clicked");

    // The kept record, read here line by line rather than by the code that wrote it.
    let started = Instant::now();
    let file = dir.join("game-0001.txt");
    while !file.exists() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "ruleset truchet-browne", "{text}");
    assert!(lines.contains(&"players x=human:Ada o=human:Bo"), "{text}");
    let numbered = lines
        .iter()
        .filter(|l| {
            l.trim_start()
                .split('.')
                .next()
                .is_some_and(|n| n.parse::<usize>().is_ok())
        })
        .count();
    assert_eq!(numbered, turns, "{text}");
    assert_eq!(
        lines.last().copied(),
        state["result"].as_str(),
        "the record ends with the page's result"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn a_stale_link_is_refused_and_the_host_alone_runs_the_table() {
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--layout",
        "random",
    ]);
    // A key that is none of this table's is refused, not taken for a spectator's.
    let (status, answer) = ask(
        &server,
        "/api/pause",
        &json!({ "paused": true }),
        &seat_header("0123456789abcdef0123456789abcdef"),
    );
    assert_eq!(status, 403, "{answer}");
    for (path, body) in [
        ("/api/pause", json!({ "paused": true })),
        ("/api/players", json!({ "players": ["human", "human"] })),
        ("/api/new", json!({})),
        ("/api/truncate", json!({ "ply": 0 })),
    ] {
        let (_, answer) = ask(&server, path, &body, "");
        let refusal = answer["refusal"].as_str().unwrap_or_default();
        assert!(
            refusal.starts_with("only the host's link may"),
            "{path}: {answer}"
        );
    }
    // The host plays x's seat while no one holds it: a designer alone at the page.
    let state = server.state();
    assert_eq!(state["players"][0], "human");
    let first = &state["choices"][0];
    let answer = server.ask(
        "/api/choose",
        &json!({ "ply": 0, "choices": [
            { "action": first["action"], "at": first["at"], "detail": first["detail"] }
        ] }),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    // A seat turned into a computer's is freed, and its link no longer plays.
    let (_, _, invitations) = server.get_as_host("/api/seats/invitations");
    let invitations: Value = serde_json::from_str(&invitations).unwrap();
    let x = seat_header(invitations["seats"][0].as_str().unwrap());
    ask(
        &server,
        "/api/seats/take",
        &json!({ "side": "x", "name": "Ada" }),
        &x,
    );
    server.ask("/api/players", &json!({ "players": ["greedy", "greedy"] }));
    let (status, _) = ask(&server, "/api/undo", &json!({}), &x);
    assert_eq!(status, 403);
    assert_eq!(server.state()["holders"], json!([null, null]));
}

/// A person lays the set-up, then hands the side to a computer: the record says both
/// played it, in that order.
#[test]
fn the_record_names_everyone_who_played_a_side() {
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--size",
        "3",
        "--player",
        "x=human",
        "--player",
        "o=greedy",
    ]);
    let answer = server.ask("/api/play", &json!({ "ply": 0, "text": "random" }));
    assert_eq!(answer["ok"], true, "{answer}");
    server.ask("/api/speed", &json!({ "ms": 0 }));
    server.ask("/api/players", &json!({ "players": ["greedy", "greedy"] }));
    let started = Instant::now();
    while server.state()["ply"].as_u64() < Some(6) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the computers play"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (_, _, record) = server.get("/api/record");
    assert!(
        record
            .lines()
            .any(|l| l == "players x=human+greedy o=greedy"),
        "{record}"
    );
}

/// `variant-run truchet-browne serve --host 0.0.0.0 --records playtest/`, as the README
/// shows it: on every address, the host's link printed, and a game a person plays in
/// kept in the folder, relative to where the command runs.
#[test]
fn readme_serve_for_playtesters() {
    let _port = crate::common::server::DEFAULT_PORT
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-playtest");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let server = Server::start_in(
        &[
            "truchet-browne",
            "serve",
            "--host",
            "0.0.0.0",
            "--records",
            "playtest/",
        ],
        &dir,
        &[],
    );
    assert!(
        server.banner.contains("on every address of this machine"),
        "{}",
        server.banner
    );
    assert_eq!(server.address, "127.0.0.1:8787");
    // Invitations name every address the server answers to, as the banner lists them, so
    // a host on 127.0.0.1 invites by one a playtester's machine can reach.
    let (_, _, invitations) = server.get_as_host("/api/seats/invitations");
    let invitations: Value = serde_json::from_str(&invitations).unwrap();
    let listed: Vec<&str> = server
        .banner
        .split_whitespace()
        .filter(|w| w.starts_with("http://"))
        .collect();
    assert_eq!(invitations["addresses"], json!(listed), "{}", server.banner);
    let answer = server.ask("/api/play", &json!({ "ply": 0, "text": "random" }));
    assert_eq!(answer["ok"], true, "{answer}");
    let record = std::fs::read_to_string(dir.join("playtest/game-0001.txt")).unwrap();
    assert!(record.contains("players x=human o=greedy"), "{record}");
    assert!(record.contains("   1. x  "), "{record}");
}
