//! The long hostile soak (TESTING.md), ignored in the suite:
//!
//! ```sh
//! SOAK_MINUTES=10 cargo test --release -- --ignored hostile_soak --nocapture
//! ```
//!
//! For `SOAK_MINUTES` (1 by default), at once: `serve` on every address this machine
//! can listen on (loopback, `0.0.0.0`, `::`, its own addresses), each with 1,024
//! descriptors, flooded with idle connections, requests whose head or body never ends,
//! event streams, clients that stop reading, and requests with every combination of
//! `Host` (its own address, `localhost`, another address of the machine, a foreign
//! name, a wrong port, none) and `Origin` (none, its own, `localhost`, foreign, https,
//! `null`), each answered with the status its combination must get (200, 421 or 403);
//! the page and the API answered within 3 seconds all along; each server's descriptors
//! and memory bounded. Meanwhile outputs are written by `show --svg`, `play --record`
//! and `match --html` to paths of every kind (a pipe, a link to one, a chain of links to
//! a file, a link to nothing, a device, `/dev/null`, a folder, a socket, a loop), each
//! left what it was. Seeded, so a failure can be run again.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::common::server::{Server, BIN};

/// The addresses to listen on here: every kind, as far as the machine has them.
fn binds() -> Vec<String> {
    let mut binds = vec!["127.0.0.1".to_string(), "0.0.0.0".to_string()];
    let has_v6 = std::fs::read_to_string("/proc/net/if_inet6").is_ok_and(|t| !t.is_empty());
    if has_v6 {
        binds.push("::1".into());
        binds.push("::".into());
    }
    let own = variant_run::serve::addresses::machine_addresses();
    if let Some(ip) = own.iter().find(|ip| ip.is_ipv4() && !ip.is_loopback()) {
        binds.push(ip.to_string());
    }
    binds
}

/// One listening server and the addresses a client reaches it at.
struct Target {
    server: Server,
    port: u16,
    reach: Vec<IpAddr>,
}

fn start(bind: &str) -> Target {
    let server = Server::start_with_files(
        &["truchet-browne", "serve", "--port", "0", "--host", bind],
        1024,
    );
    let port: u16 = server.address.rsplit(':').next().unwrap().parse().unwrap();
    let reach = server
        .banner
        .split("http://")
        .skip(1)
        .filter_map(|rest| rest.split('/').next()?.parse::<SocketAddr>().ok())
        .map(|a| a.ip())
        .collect();
    Target {
        server,
        port,
        reach,
    }
}

/// A request with a Host and Origin of each kind, and the status it must get.
fn combination(rng: &mut Pcg64Mcg, target: &Target, to: SocketAddr) -> (String, u16) {
    let own = SocketAddr::new(to.ip(), target.port).to_string();
    let port = target.port;
    let (host, host_ok) = match rng.gen_range(0..7) {
        0 | 1 => (Some(own.clone()), true),
        2 => (Some(format!("localhost:{port}")), true),
        3 => (Some(format!("evil.example:{port}")), false),
        4 => (
            Some(format!("{}:{}", own.rsplit_once(':').unwrap().0, port ^ 1)),
            false,
        ),
        5 => (None, false),
        // Another address: not the one this connection came in on.
        _ => (
            Some(if to.ip().is_loopback() {
                format!("192.0.2.254:{port}")
            } else {
                format!("127.0.0.2:{port}")
            }),
            false,
        ),
    };
    let (origin, origin_ok) = match rng.gen_range(0..7) {
        0 | 1 => (None, true),
        2 => (Some(format!("http://{own}")), true),
        3 => (Some(format!("http://localhost:{port}")), true),
        4 => (Some(format!("http://evil.example:{port}")), false),
        5 => (Some(format!("https://{own}")), false),
        _ => (Some("null".to_string()), false),
    };
    let post = rng.gen_bool(0.3);
    let mut request = if post {
        "POST /api/pause HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 16\r\n"
            .to_string()
    } else {
        "GET /api/state HTTP/1.1\r\n".to_string()
    };
    if let Some(host) = host {
        request.push_str(&format!("Host: {host}\r\n"));
    }
    if let Some(origin) = origin {
        request.push_str(&format!("Origin: {origin}\r\n"));
    }
    request.push_str("Connection: close\r\n\r\n");
    if post {
        request.push_str(r#"{"paused":false}"#);
    }
    let status = match (host_ok, origin_ok) {
        (false, _) => 421,
        (true, false) => 403,
        (true, true) => 200,
    };
    (request, status)
}

/// The status of the answer; 0 when the connection closed without one.
fn status_of(to: SocketAddr, request: &str) -> u16 {
    let mut stream = TcpStream::connect_timeout(&to, Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("cannot connect to {to}: {e}"));
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.write_all(request.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Floods every server with hostile connections and checked requests until `stop`.
fn flood(targets: &[Target], seed: u64, stop: &AtomicBool, requests: &AtomicU64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut held: Vec<TcpStream> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let target = &targets[rng.gen_range(0..targets.len())];
        let ip = target.reach[rng.gen_range(0..target.reach.len())];
        let to = SocketAddr::new(ip, target.port);
        let own = to.to_string();
        let kind = rng.gen_range(0..10);
        if kind < 5 {
            let (request, expected) = combination(&mut rng, target, to);
            let status = status_of(to, &request);
            assert_eq!(status, expected, "{request:?} to {to}");
            requests.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        let Ok(mut stream) = TcpStream::connect_timeout(&to, Duration::from_secs(5)) else {
            panic!("cannot connect to {to}");
        };
        let opening = match kind {
            5 => String::new(),
            6 => "GET /api/state HTTP/1.1\r\nHost: ".to_string(),
            7 => format!(
                "POST /api/pause HTTP/1.1\r\nHost: {own}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{"
            ),
            8 => format!("GET /api/events HTTP/1.1\r\nHost: {own}\r\n\r\n"),
            _ => format!("GET /page/app.js HTTP/1.1\r\nHost: {own}\r\n\r\n").repeat(200),
        };
        let _ = stream.set_write_timeout(Some(Duration::from_secs(2)));
        let _ = stream.write_all(opening.as_bytes());
        held.push(stream);
        if held.len() > 1500 {
            let at = rng.gen_range(0..held.len());
            held.swap_remove(at);
        }
    }
}

/// The page and the API answered within 3 seconds, on every address, all along; each
/// server's descriptors and memory bounded.
fn watch(targets: &[Target], stop: &AtomicBool, slowest: &AtomicU64) {
    while !stop.load(Ordering::Relaxed) {
        for target in targets {
            for &ip in &target.reach {
                let to = SocketAddr::new(ip, target.port);
                for path in ["/api/state", "/"] {
                    let started = Instant::now();
                    let request =
                        format!("GET {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n");
                    assert_eq!(status_of(to, &request), 200, "{path} at {to}");
                    let took = started.elapsed();
                    assert!(took < Duration::from_secs(3), "{path} at {to}: {took:?}");
                    slowest.fetch_max(took.as_millis() as u64, Ordering::Relaxed);
                }
            }
            let pid = target.server.child.id();
            let files = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count);
            assert!(files < 256 + 64, "{files} descriptors open");
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
            let rss_kb: u64 = status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
                .unwrap_or(0);
            assert!(rss_kb < 400 << 10, "{rss_kb} KB resident");
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn mkfifo(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: the name is NUL-terminated and lives for the call.
    unsafe { libc::mkfifo(name.as_ptr(), 0o644) == 0 }
}

fn make_null_device(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: the name is NUL-terminated and lives for the call.
    unsafe { libc::mknod(name.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) == 0 }
}

/// Writes outputs to paths of every kind, each left what it was.
fn outputs(seed: u64, stop: &AtomicBool, written: &AtomicU64) {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    while !stop.load(Ordering::Relaxed) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let out = d.join("out");
        let kind = rng.gen_range(0..9);
        let mut reader = None;
        let mut socket = None;
        let refused = match kind {
            0 => false,
            1 | 2 => {
                assert!(mkfifo(&d.join("pipe")));
                if kind == 2 {
                    symlink("pipe", &out).unwrap();
                } else {
                    std::fs::rename(d.join("pipe"), &out).unwrap();
                }
                let pipe = if kind == 2 {
                    d.join("pipe")
                } else {
                    out.clone()
                };
                reader = Some(std::thread::spawn(move || {
                    let mut text = Vec::new();
                    std::fs::File::open(pipe)
                        .unwrap()
                        .read_to_end(&mut text)
                        .unwrap();
                    text
                }));
                false
            }
            3 => {
                std::fs::write(d.join("file"), "old").unwrap();
                symlink("file", d.join("via")).unwrap();
                symlink(d.join("via"), &out).unwrap();
                false
            }
            4 => {
                symlink("nothing-yet", &out).unwrap();
                false
            }
            5 => {
                // The null device's numbers, made here (needs root), so that no mistake
                // can touch the system's /dev/null.
                if !make_null_device(&d.join("device")) {
                    continue;
                }
                symlink("device", &out).unwrap();
                false
            }
            6 => {
                std::fs::create_dir(&out).unwrap();
                true
            }
            7 => {
                symlink("out", &out).unwrap();
                true
            }
            _ => {
                socket = Some(std::os::unix::net::UnixListener::bind(&out).unwrap());
                true
            }
        };
        let path = out.to_str().unwrap();
        let args: Vec<&str> = match rng.gen_range(0..3) {
            0 => vec!["truchet-browne", "show", "--svg", path],
            1 => vec![
                "truchet-browne",
                "play",
                "--size",
                "3",
                "--max-turns",
                "6",
                "--record",
                path,
            ],
            _ => vec![
                "truchet-browne",
                "match",
                "--size",
                "3",
                "--games",
                "2",
                "--max-turns",
                "6",
                "--html",
                path,
            ],
        };
        let output = Command::new(BIN)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.success(),
            !refused,
            "{args:?} ({kind}): {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        if let Some(reader) = reader {
            let text = reader.join().unwrap();
            assert!(
                text.len() > 100,
                "{args:?}: the pipe's reader got {} bytes",
                text.len()
            );
        }
        let still = std::fs::symlink_metadata(&out).unwrap().file_type();
        let expected_kind = match kind {
            0 => still.is_file(),
            1 => still.is_fifo(),
            6 => still.is_dir(),
            8 => still.is_socket(),
            _ => still.is_symlink(),
        };
        assert!(expected_kind, "{args:?} ({kind}): {still:?}");
        let leftovers = std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        assert_eq!(leftovers, 0, "{args:?} ({kind})");
        if kind == 5 {
            assert!(std::fs::metadata(d.join("device"))
                .unwrap()
                .file_type()
                .is_char_device());
        }
        drop(socket);
        written.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
#[ignore = "the long soak: SOAK_MINUTES=10 cargo test --release -- --ignored hostile_soak"]
fn hostile_soak() {
    let minutes: f64 = std::env::var("SOAK_MINUTES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(1.0);
    let targets: Arc<Vec<Target>> = Arc::new(binds().iter().map(|b| start(b)).collect());
    let stop = Arc::new(AtomicBool::new(false));
    let requests = Arc::new(AtomicU64::new(0));
    let written = Arc::new(AtomicU64::new(0));
    let slowest = Arc::new(AtomicU64::new(0));
    let mut threads = Vec::new();
    for seed in 0..3 {
        let (targets, stop, requests) = (targets.clone(), stop.clone(), requests.clone());
        threads.push(std::thread::spawn(move || {
            flood(&targets, seed, &stop, &requests)
        }));
    }
    {
        let (targets, stop, slowest) = (targets.clone(), stop.clone(), slowest.clone());
        threads.push(std::thread::spawn(move || watch(&targets, &stop, &slowest)));
    }
    {
        let (stop, written) = (stop.clone(), written.clone());
        threads.push(std::thread::spawn(move || outputs(7, &stop, &written)));
    }
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < minutes * 60.0 {
        std::thread::sleep(Duration::from_secs(1));
        assert!(
            threads.iter().all(|t| !t.is_finished()),
            "a soak thread stopped early"
        );
    }
    stop.store(true, Ordering::Relaxed);
    for thread in threads {
        thread.join().unwrap();
    }
    println!(
        "{} servers ({}), {minutes} minutes: {} checked requests, slowest page {} ms, {} \
         outputs written",
        targets.len(),
        binds().join(", "),
        requests.load(Ordering::Relaxed),
        slowest.load(Ordering::Relaxed),
        written.load(Ordering::Relaxed)
    );
}
