//! Who `serve` answers, on every address it can listen on: loopback (IPv4 and IPv6),
//! every address (`0.0.0.0`, `::`) and this machine's own addresses. A request is
//! answered only when its `Host` names the address its connection came in on, or
//! `localhost`, with the server's port; one sent by a page only when its `Origin` is a
//! page of this server. So a web page elsewhere, reaching the server through a name of
//! its own (DNS rebinding), changes nothing and reads nothing. The start-up line names
//! the addresses the server really listens on. Also the ruleset's files that are never
//! served: hidden ones and ones with other names.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv6Addr, SocketAddr, TcpStream};
use std::time::Duration;

use crate::common::copy::copy_variant;
use crate::common::server::Server;

/// One raw request to `to`, with the `Host` (if any) and `Origin` given; the status and
/// the body (status 0 when the connection closed without an answer).
fn request(
    to: SocketAddr,
    method: &str,
    path: &str,
    host: Option<&str>,
    origin: Option<&str>,
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect_timeout(&to, Duration::from_secs(10))
        .unwrap_or_else(|e| panic!("connect to {to}: {e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if let Some(host) = host {
        head.push_str(&format!("Host: {host}\r\n"));
    }
    if let Some(origin) = origin {
        head.push_str(&format!("Origin: {origin}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    head.push_str(body);
    stream.write_all(head.as_bytes()).unwrap();
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// An address as a `Host` header writes it, with a port.
fn host_of(ip: IpAddr, port: u16) -> String {
    SocketAddr::new(ip, port).to_string()
}

/// This machine's IPv4 addresses, read from the kernel's routing table (`LOCAL` host
/// routes), and its IPv6 ones from `/proc/net/if_inet6`, link-local ones left out: a
/// reading of its own, not the server's.
fn machine_addresses() -> (Vec<IpAddr>, Vec<IpAddr>) {
    let mut v4 = Vec::new();
    let trie = std::fs::read_to_string("/proc/net/fib_trie").unwrap_or_default();
    let lines: Vec<&str> = trie.lines().collect();
    for pair in lines.windows(2) {
        if pair[1].trim() == "/32 host LOCAL" {
            if let Some(ip) = pair[0]
                .trim()
                .strip_prefix("|-- ")
                .and_then(|a| a.parse().ok())
            {
                v4.push(IpAddr::V4(ip));
            }
        }
    }
    v4.sort();
    v4.dedup();
    let mut v6 = Vec::new();
    for line in std::fs::read_to_string("/proc/net/if_inet6")
        .unwrap_or_default()
        .lines()
    {
        let Some(hex) = line.split_whitespace().next() else {
            continue;
        };
        let Ok(bits) = u128::from_str_radix(hex, 16) else {
            continue;
        };
        let ip = Ipv6Addr::from(bits);
        if ip.segments()[0] & 0xffc0 != 0xfe80 {
            v6.push(IpAddr::V6(ip));
        }
    }
    v6.sort();
    (v4, v6)
}

/// The addresses a start-up line lists, in its order.
fn listed(banner: &str) -> Vec<IpAddr> {
    banner
        .split("http://")
        .skip(1)
        .map(|rest| {
            let authority = rest.split('/').next().unwrap();
            authority.parse::<SocketAddr>().unwrap().ip()
        })
        .collect()
}

/// Every request a foreign page could send through a name of its own, and the ones a
/// page of this server sends, against a server listening on `bind`, reached at each of
/// `reached`: refused or answered, and the game changed only by the answered ones.
fn check_names(bind: &str, reached: &[IpAddr]) {
    let server = Server::start(&["truchet-browne", "serve", "--port", "0", "--host", bind]);
    let port: u16 = server.address.rsplit(':').next().unwrap().parse().unwrap();
    for &ip in reached {
        let to = SocketAddr::new(ip, port);
        let own = host_of(ip, port);
        let page = format!("http://{own}");
        let local = format!("localhost:{port}");
        let state = |host: &str| request(to, "GET", "/api/state", Some(host), None, "");
        let (status, before) = state(&own);
        assert_eq!(status, 200, "{bind} via {own}");
        assert_eq!(state(&local).0, 200, "{bind} via {own}, Host localhost");
        // Names that are not this server's, however written.
        let foreign = [
            format!("evil.example:{port}"),
            "evil.example".to_string(),
            format!("{own}.evil.example"),
            format!("localhost.:{port}"),
            format!("{}:{}", own.rsplit_once(':').unwrap().0, port + 1),
            format!("{}:0{port}", own.rsplit_once(':').unwrap().0),
            own.rsplit_once(':').unwrap().0.to_string(),
            String::new(),
        ];
        for host in &foreign {
            for path in ["/", "/api/state", "/api/record", "/files/variant.toml"] {
                let (status, body) = request(to, "GET", path, Some(host), None, "");
                assert_eq!(
                    status, 421,
                    "{bind} via {own}: Host {host:?} {path}: {body}"
                );
                assert!(
                    !body.contains("[board]") && !body.contains("ruleset "),
                    "{body}"
                );
            }
        }
        let (status, _) = request(to, "GET", "/api/state", None, None, "");
        assert_eq!(status, 421, "no Host at all");
        // The issue's probe: a foreign page starts a new game, with its name in both.
        for host in &foreign[..2] {
            let origin = format!("http://{host}");
            let (status, _) = request(
                to,
                "POST",
                "/api/new",
                Some(host),
                Some(&origin),
                r#"{"seed":99}"#,
            );
            assert_eq!(status, 421, "{bind} via {own}: {host}");
        }
        // This server's name, but a foreign page's origin.
        for origin in [
            "http://evil.example".to_string(),
            format!("http://evil.example:{port}"),
            format!("https://{own}"),
            format!("http://{}:{}", own.rsplit_once(':').unwrap().0, port + 1),
            "null".to_string(),
        ] {
            let (status, _) = request(
                to,
                "POST",
                "/api/new",
                Some(&own),
                Some(&origin),
                r#"{"seed":99}"#,
            );
            assert_eq!(status, 403, "{bind} via {own}: Origin {origin}");
        }
        assert_eq!(state(&own).1, before, "nothing refused changed the game");
        // This server's own page, by its address and by `localhost`.
        for origin in [page.clone(), format!("http://localhost:{port}")] {
            let (status, body) = request(to, "POST", "/api/undo", Some(&own), Some(&origin), "{}");
            assert_eq!(status, 200, "{bind} via {own}: Origin {origin}: {body}");
        }
    }
}

#[test]
fn loopback_answers_only_its_own_names() {
    check_names("127.0.0.1", &["127.0.0.1".parse().unwrap()]);
    if TcpStream::connect_timeout(&"[::1]:9".parse().unwrap(), Duration::from_millis(200))
        .is_err_and(|e| e.kind() == std::io::ErrorKind::AddrNotAvailable)
    {
        eprintln!("SKIPPED --host ::1: this machine has no IPv6 loopback");
        return;
    }
    check_names("::1", &["::1".parse().unwrap()]);
}

/// `--host 0.0.0.0` (the issue's probe: a foreign page drove the server through any
/// name) and `--host ::`: every address of the machine is answered by its own address
/// only, and the start-up line lists them, loopback first.
#[test]
fn every_address_answers_each_by_its_own_name() {
    let (v4, v6) = machine_addresses();
    assert!(v4.contains(&"127.0.0.1".parse().unwrap()), "{v4:?}");
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--host",
        "0.0.0.0",
    ]);
    assert!(
        server
            .banner
            .contains("on every address of this machine (0.0.0.0)"),
        "{}",
        server.banner
    );
    let shown = listed(&server.banner);
    assert_eq!(shown[0], "127.0.0.1".parse::<IpAddr>().unwrap());
    let mut sorted = shown.clone();
    sorted.sort();
    assert_eq!(sorted, v4, "{}", server.banner);
    drop(server);
    check_names("0.0.0.0", &v4);
    if v6.is_empty() {
        eprintln!("SKIPPED --host ::: this machine has no IPv6 address");
        return;
    }
    let server = Server::start(&["truchet-browne", "serve", "--port", "0", "--host", "::"]);
    let shown = listed(&server.banner);
    assert_eq!(
        shown[0],
        "::1".parse::<IpAddr>().unwrap(),
        "{}",
        server.banner
    );
    // Linux takes IPv4 on `::` unless told not to.
    let dual = std::fs::read_to_string("/proc/sys/net/ipv6/bindv6only")
        .is_ok_and(|only| only.trim() == "0");
    let mut expected: Vec<IpAddr> = v6.clone();
    if dual {
        expected.extend(&v4);
    }
    expected.sort();
    let mut sorted = shown;
    sorted.sort();
    assert_eq!(sorted, expected, "{}", server.banner);
    drop(server);
    check_names("::", &expected);
}

/// Bound to one of the machine's own addresses, the server answers to it (and
/// `localhost`), and names that one address on starting.
#[test]
fn one_address_answers_its_own_name() {
    let (v4, v6) = machine_addresses();
    let Some(own) = v4.iter().chain(&v6).find(|ip| !ip.is_loopback()) else {
        eprintln!("SKIPPED one_address_answers_its_own_name: no address but loopback");
        return;
    };
    let server = Server::start(&[
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--host",
        &own.to_string(),
    ]);
    assert_eq!(listed(&server.banner), [*own], "{}", server.banner);
    assert!(server.banner.contains(" at http://"), "{}", server.banner);
    drop(server);
    check_names(&own.to_string(), &[*own]);
}

/// `/files/.env` and other hidden files are refused as the file list leaves them out,
/// however named (a hidden folder, a link to a hidden file); so is a file with a second
/// name (a hard link), which may be a file from elsewhere linked into the folder.
#[test]
fn hidden_and_hard_linked_files_are_not_served() {
    let dir = copy_variant("truchet-browne", "serve-hidden/my-truchet");
    std::fs::write(dir.join(".env"), "SECRET=1\n").unwrap();
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    std::fs::write(dir.join(".git/config"), "[secret]\n").unwrap();
    std::os::unix::fs::symlink(".env", dir.join("env.txt")).unwrap();
    let elsewhere = dir.parent().unwrap().join("elsewhere.txt");
    std::fs::write(&elsewhere, "SECRET=2\n").unwrap();
    std::fs::hard_link(&elsewhere, dir.join("linked.txt")).unwrap();
    let server = Server::start_in(
        &["./my-truchet", "serve", "--port", "0"],
        dir.parent().unwrap(),
        &[],
    );
    for path in [
        "/files/.env",
        "/files/.git/config",
        "/files/rules/../.env",
        "/files/%2eenv",
        "/files/env.txt",
        "/files/linked.txt",
    ] {
        let (status, _, body) = server.get(path);
        assert!(
            (400..500).contains(&status) && !body.contains("SECRET"),
            "{path}: {status} {body}"
        );
    }
    let (status, _, list) = server.get("/api/files");
    assert_eq!(status, 200);
    for name in [".env", ".git", "linked.txt", "env.txt"] {
        assert!(!list.contains(name), "{name} listed: {list}");
    }
    assert_eq!(server.get("/files/variant.toml").0, 200);
}
