//! The names a request may call this server by, whatever address it listens on.
//!
//! A web page elsewhere can make the browser send requests here through a name of its
//! own that it points at this machine (DNS rebinding): the browser then sends that name
//! in `Host`, and the page's own origin in `Origin`. So a request is answered only when
//! its `Host` names the address its connection came in on (an address the server
//! listens on, written as an IP address) or `localhost`, with the server's port; and a
//! request sent by a page (with an `Origin`) only when that origin is `http://` and a
//! host accepted by the same rule. Names other than `localhost` are never taken: any
//! name can be pointed here by whoever controls it.
//!
//! The checks read the text as browsers write it (RFC 3986 and 6454): an IPv6 address
//! in brackets, no zone, the port in decimal with no leading zero, and the port left out
//! only when it is 80.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Whether a `Host` header's value names this server, on a connection that came in on
/// `local` (the server's address as the client reached it).
pub fn host_names_this_server(host: &str, local: SocketAddr) -> bool {
    let Some((name, port)) = split_port(host) else {
        return false;
    };
    let port_matches = match port {
        Some(port) => port == local.port(),
        None => local.port() == 80,
    };
    port_matches && (name.eq_ignore_ascii_case("localhost") || names_address(name, local.ip()))
}

/// Whether an `Origin` header's value is a page of this server, on a connection that
/// came in on `local`.
pub fn origin_is_this_server(origin: &str, local: SocketAddr) -> bool {
    origin
        .strip_prefix("http://")
        .is_some_and(|host| host_names_this_server(host, local))
}

/// A host and its port, if it has one: `127.0.0.1:8787`, `[::1]:8787`, `localhost`.
/// `None` when the port is not a port as browsers write it.
fn split_port(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = match host.rfind(':') {
        // A colon inside brackets belongs to an IPv6 address.
        Some(colon) if !host[colon..].contains(']') => (&host[..colon], Some(&host[colon + 1..])),
        _ => (host, None),
    };
    let port = match port {
        None => None,
        Some(digits) => Some(canonical_port(digits)?),
    };
    Some((name, port))
}

/// A port written in decimal digits, without a sign or a leading zero.
fn canonical_port(digits: &str) -> Option<u16> {
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if plain {
        digits.parse().ok()
    } else {
        None
    }
}

/// Whether `name` is the address `ip` written out: dotted decimal for IPv4, in brackets
/// for IPv6 (an IPv4 address reached over IPv6, `::ffff:a.b.c.d`, may be written either
/// way).
fn names_address(name: &str, ip: IpAddr) -> bool {
    let ip = ip.to_canonical();
    let named: Option<IpAddr> = match name.strip_prefix('[') {
        Some(rest) => rest
            .strip_suffix(']')
            .and_then(|inside| inside.parse::<Ipv6Addr>().ok())
            .map(|v6| IpAddr::V6(v6).to_canonical()),
        None => name.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
    };
    named == Some(ip)
}

/// How a refusal names the server: its address as the connection reached it, and
/// `localhost`, each with the port.
pub fn own_names(local: SocketAddr) -> [String; 2] {
    let ip = local.ip().to_canonical();
    [
        SocketAddr::new(ip, local.port()).to_string(),
        format!("localhost:{}", local.port()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_the_address_reached_or_localhost_with_the_port() {
        let v4: SocketAddr = "192.0.2.2:8787".parse().unwrap();
        let v6: SocketAddr = "[fd00::2]:8787".parse().unwrap();
        let mapped: SocketAddr = "[::ffff:127.0.0.1]:8787".parse().unwrap();
        let web: SocketAddr = "127.0.0.1:80".parse().unwrap();
        for (host, local, accepted) in [
            ("192.0.2.2:8787", v4, true),
            ("localhost:8787", v4, true),
            ("LocalHost:8787", v4, true),
            ("127.0.0.1:8787", v4, false),
            ("192.0.2.2:8788", v4, false),
            ("192.0.2.2", v4, false),
            ("192.0.2.2:08787", v4, false),
            ("192.0.2.2:+8787", v4, false),
            ("192.0.2.02:8787", v4, false),
            ("evil.example:8787", v4, false),
            ("localhost.:8787", v4, false),
            ("[fd00::2]:8787", v6, true),
            ("[FD00:0::2]:8787", v6, true),
            ("fd00::2:8787", v6, false),
            ("[fd00::2%eth0]:8787", v6, false),
            ("127.0.0.1:8787", mapped, true),
            ("[::ffff:127.0.0.1]:8787", mapped, true),
            ("127.0.0.1", web, true),
            ("127.0.0.1:80", web, true),
            ("", v4, false),
            (":8787", v4, false),
        ] {
            assert_eq!(
                host_names_this_server(host, local),
                accepted,
                "{host:?} on {local}"
            );
        }
        assert!(origin_is_this_server("http://localhost:8787", v4));
        assert!(!origin_is_this_server("https://localhost:8787", v4));
        assert!(!origin_is_this_server("null", v4));
        assert!(!origin_is_this_server("http://evil.example:8787", v4));
    }
}
