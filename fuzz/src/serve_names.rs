//! The check behind the fuzz target `serve_names`: the `Host` and `Origin` a request to
//! `serve` may carry, against the address its connection came in on. The first byte
//! chooses that address (loopback and other addresses, IPv4 and IPv6, an IPv4 address
//! reached over IPv6, port 80 where a browser leaves the port out); the rest is the
//! `Host`, a newline, and the `Origin`.
//!
//! - a `Host` accepted names this server: read by the standard library's own parser of
//!   addresses, it is the connection's address with the server's port, or it is
//!   `localhost` with that port (either without the port only on port 80);
//! - the names a browser writes for this server are accepted: the address as the
//!   standard library writes it, and `localhost`, with the port;
//! - an `Origin` is accepted exactly when it is `http://` and an accepted `Host`.

use std::net::{IpAddr, SocketAddr};

use variant_run::serve::names::{host_names_this_server, origin_is_this_server, own_names};

/// The addresses a connection may come in on.
const LOCAL: [&str; 8] = [
    "127.0.0.1:8787",
    "192.0.2.2:8787",
    "[::1]:8787",
    "[fd00::2]:8787",
    "[::ffff:127.0.0.1]:8787",
    "[::ffff:192.0.2.2]:41000",
    "127.0.0.1:80",
    "[fd00::2]:80",
];

pub fn serve_names(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let local: SocketAddr = LOCAL[usize::from(choice) % LOCAL.len()]
        .parse()
        .expect("a listed address");
    let text = String::from_utf8_lossy(rest);
    let (host, origin) = text.split_once('\n').unwrap_or((&text, ""));
    let ip = local.ip().to_canonical();
    let port = local.port();
    if host_names_this_server(host, local) {
        assert!(names_it(host, ip, port), "{host:?} accepted on {local}");
    }
    // The names a browser writes, and those a refusal gives, are accepted.
    let written = [
        SocketAddr::new(ip, port).to_string(),
        format!("localhost:{port}"),
    ];
    for name in written.iter().chain(&own_names(local)) {
        assert!(host_names_this_server(name, local), "{name} on {local}");
    }
    if port == 80 {
        let bare = match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        assert!(host_names_this_server(&bare, local), "{bare} on {local}");
    }
    let from_here = origin
        .strip_prefix("http://")
        .is_some_and(|rest| host_names_this_server(rest, local));
    assert_eq!(
        origin_is_this_server(origin, local),
        from_here,
        "{origin:?} on {local}"
    );
}

/// Whether `host` names the address `ip` with `port`, read with the standard library:
/// `ip:port` (`[ip]:port` for IPv6) or `localhost:port`, in any case, with a port in
/// plain decimal; or, on port 80, without the port.
fn names_it(host: &str, ip: IpAddr, port: u16) -> bool {
    let lower = host.to_ascii_lowercase();
    if lower == format!("localhost:{port}") || (port == 80 && lower == "localhost") {
        return true;
    }
    if let Ok(address) = host.parse::<SocketAddr>() {
        let port_text = host.rsplit(':').next().unwrap_or("");
        return address.ip().to_canonical() == ip
            && address.port() == port
            && port_text == port.to_string();
    }
    if port != 80 {
        return false;
    }
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    bare.parse::<IpAddr>()
        .is_ok_and(|named| named.to_canonical() == ip && (named.is_ipv4() != host.starts_with('[')))
}
