//! `serve` under floods of connections, started with the 1,024 descriptors most systems
//! give a process: idle connections, requests whose head or body never ends, event
//! streams by the hundred, a client that stops reading. The page and the API go on
//! being served all along, and what never completes is closed within its timeout. The
//! server is started with `--client-timeout 2` (a request's head 2 s, its body 2 s, a
//! response the client stops reading 6 s), so the suite does not wait out the defaults
//! (10, 10 and 30 s); the defaults themselves are held by the cli tests and a unit test of
//! `ClientTimeouts`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::server::Server;

const FILES: u64 = 1024;

/// The servers' `--client-timeout`.
const TIMEOUT: Duration = Duration::from_secs(2);
/// How much later than its timeout a connection may close on a loaded machine.
const SLACK: Duration = Duration::from_secs(4);

fn serve() -> Server {
    let args = [
        "truchet-browne",
        "serve",
        "--port",
        "0",
        "--client-timeout",
        "2",
    ];
    Server::start_with_files(&args, FILES)
}

fn connect(server: &Server) -> TcpStream {
    let stream = TcpStream::connect(&server.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(40)))
        .unwrap();
    stream
}

/// A request that must be answered 200 within `within`, on a fresh connection.
fn answered(server: &Server, path: &str, within: Duration) {
    let started = Instant::now();
    let (status, _, body) = server.get(path);
    assert_eq!(status, 200, "{path}: {body}");
    assert!(
        started.elapsed() < within,
        "{path} took {:?}",
        started.elapsed()
    );
}

/// Whether the server has closed the connection: a read sees its end (or a reset),
/// rather than waiting.
fn closed_by_server(stream: &TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    let mut reader = stream;
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => return false,
            Err(_) => return true,
        }
    }
}

/// 1,100 idle connections (more than the server's descriptors once held) leave the page
/// and the API answered at once; the server has closed all but a few hundred of them.
#[test]
fn idle_connections_do_not_keep_the_page_from_being_served() {
    let server = serve();
    let idle: Vec<TcpStream> = (0..1100).map(|_| connect(&server)).collect();
    for path in ["/api/state", "/", "/page/app.js", "/api/state"] {
        answered(&server, path, Duration::from_secs(3));
    }
    let still_open = idle
        .iter()
        .filter(|s| !closed_by_server(s, Duration::from_millis(5)))
        .count();
    assert!(still_open <= 256, "{still_open} idle connections kept");
}

/// 250 requests whose head never ends, and 50 whose body never ends, are closed within
/// their timeouts; the API is answered meanwhile.
#[test]
fn half_sent_requests_are_closed_after_their_timeout() {
    let server = serve();
    let a = server.address.clone();
    let started = Instant::now();
    let heads: Vec<TcpStream> = (0..250)
        .map(|i| {
            let mut stream = connect(&server);
            // Some send nothing but a line, some all but the blank line.
            let part = if i % 2 == 0 {
                "GET /api/state HTTP/1.1\r\n".to_string()
            } else {
                format!("GET /api/state HTTP/1.1\r\nHost: {a}\r\n")
            };
            stream.write_all(part.as_bytes()).unwrap();
            stream
        })
        .collect();
    let bodies: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut stream = connect(&server);
            let part = format!(
                "POST /api/undo HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{"
            );
            stream.write_all(part.as_bytes()).unwrap();
            stream
        })
        .collect();
    answered(&server, "/api/state", Duration::from_secs(3));
    // A byte now and then does not keep a head open.
    let mut dribbled = connect(&server);
    dribbled.write_all(b"GET /api/state HTTP/1.1\r\n").unwrap();
    for _ in 0..6 {
        std::thread::sleep(TIMEOUT / 4);
        let _ = dribbled.write_all(b"X-Slow: 1\r\n");
    }
    answered(&server, "/api/state", Duration::from_secs(3));
    let deadline = TIMEOUT + TIMEOUT / 4 * 6 + SLACK;
    for stream in heads.iter().chain(&bodies).chain([&dribbled]) {
        let left = deadline
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(10));
        assert!(
            closed_by_server(stream, left),
            "open after {:?}",
            started.elapsed()
        );
    }
    // A body that never ends is answered 408 before the connection closes.
    let mut response = String::new();
    let mut late = connect(&server);
    write!(
        late,
        "POST /api/undo HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
         Content-Length: 10\r\n\r\n{{"
    )
    .unwrap();
    let _ = late.read_to_string(&mut response);
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    answered(&server, "/api/state", Duration::from_secs(3));
}

/// A kept-alive connection left idle after its request is closed after the timeout.
#[test]
fn an_idle_kept_alive_connection_is_closed() {
    let server = serve();
    let mut stream = connect(&server);
    write!(
        stream,
        "GET /api/state HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.address
    )
    .unwrap();
    let mut first = [0u8; 12];
    stream.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let started = Instant::now();
    assert!(closed_by_server(&stream, TIMEOUT + SLACK));
    let after = started.elapsed();
    assert!(after > TIMEOUT / 2 && after < TIMEOUT + SLACK, "{after:?}");
}

/// 600 event streams, each a long response the page would keep open: the server keeps a
/// few hundred, and the API is answered.
#[test]
fn event_streams_by_the_hundred_do_not_keep_the_page_from_being_served() {
    let server = serve();
    let a = server.address.clone();
    let streams: Vec<TcpStream> = (0..600)
        .map(|_| {
            let mut stream = connect(&server);
            write!(stream, "GET /api/events HTTP/1.1\r\nHost: {a}\r\n\r\n").unwrap();
            stream
        })
        .collect();
    answered(&server, "/api/state", Duration::from_secs(3));
    answered(&server, "/", Duration::from_secs(3));
    std::thread::sleep(Duration::from_millis(500));
    let open = streams
        .iter()
        .filter(|s| !closed_by_server(s, Duration::from_millis(5)))
        .count();
    assert!(open <= 256, "{open} streams kept");
}

/// A client that asks for page after page without reading any: once the buffers between
/// them are full, the server gives up the connection after the write timeout, and goes
/// on serving others meanwhile.
#[test]
fn a_client_that_stops_reading_is_given_up() {
    let server = serve();
    let mut stream = connect(&server);
    let a = server.address.clone();
    let request = format!("GET /page/app.js HTTP/1.1\r\nHost: {a}\r\n\r\n");
    let writer = {
        let mut stream = stream.try_clone().unwrap();
        std::thread::spawn(move || {
            for _ in 0..2000 {
                if stream.write_all(request.as_bytes()).is_err() {
                    break;
                }
            }
        })
    };
    std::thread::sleep(Duration::from_secs(2));
    answered(&server, "/api/state", Duration::from_secs(3));
    std::thread::sleep(TIMEOUT * 3 + SLACK);
    answered(&server, "/api/state", Duration::from_secs(3));
    // Everything sent before the server gave up, then the end (or a reset): fewer
    // responses than asked for. A server still waiting would send the rest as they are
    // read, then keep the connection open.
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut all = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let ended = loop {
        match stream.read(&mut buf) {
            Ok(0) => break true,
            Ok(n) => all.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                break false
            }
            Err(_) => break true,
        }
    };
    let _ = writer.join();
    let responses = String::from_utf8_lossy(&all)
        .matches("HTTP/1.1 200")
        .count();
    assert!(ended, "still open after {responses} responses");
    assert!(responses < 2000, "{responses} responses");
}
