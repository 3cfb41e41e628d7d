//! The addresses a listening server can be reached at: the one it is bound to, or, bound
//! to every address (`0.0.0.0`, `::`), this machine's own, so that the start-up line
//! says where the server really listens.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Where a server listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listening {
    /// The address it is bound to (the port the system picked, if asked to).
    pub bound: SocketAddr,
    /// The addresses it can be reached at, loopback first (of the family bound first):
    /// the bound one, or this
    /// machine's addresses of the family (families, for `::` taking IPv4 too) it
    /// listens on. Link-local IPv6 addresses are left out: a web address cannot name
    /// them without an interface.
    pub addresses: Vec<IpAddr>,
}

impl Listening {
    /// Where a server bound to `bound` listens; `dual_stack` says whether a server bound
    /// to `::` takes IPv4 connections too.
    pub fn of(bound: SocketAddr, dual_stack: bool) -> Listening {
        let ip = bound.ip();
        let addresses = if ip.is_unspecified() {
            let mut addresses: Vec<IpAddr> = machine_addresses()
                .into_iter()
                .filter(|a| match a {
                    IpAddr::V4(_) => ip.is_ipv4() || dual_stack,
                    IpAddr::V6(v6) => ip.is_ipv6() && !is_link_local(v6),
                })
                .collect();
            // Loopback is there even where the interfaces cannot be listed.
            let loopback = match ip {
                IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
            };
            addresses.push(loopback);
            // Loopback first, the bound family first.
            addresses.sort_by_key(|a| (!a.is_loopback(), a.is_ipv6() != ip.is_ipv6(), *a));
            addresses.dedup();
            addresses
        } else {
            vec![ip]
        };
        Listening { bound, addresses }
    }

    /// Whether the server listens on every address of this machine.
    pub fn everywhere(&self) -> bool {
        self.bound.ip().is_unspecified()
    }

    /// The page's address at each address, loopback first.
    pub fn urls(&self) -> Vec<String> {
        self.addresses
            .iter()
            .map(|ip| format!("http://{}/", SocketAddr::new(*ip, self.bound.port())))
            .collect()
    }
}

fn is_link_local(v6: &Ipv6Addr) -> bool {
    v6.segments()[0] & 0xffc0 == 0xfe80
}

/// The addresses of this machine's interfaces that are up, IPv4 and IPv6.
#[cfg(unix)]
pub fn machine_addresses() -> Vec<IpAddr> {
    let mut found = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list it allocates, or fails and
    // leaves it alone.
    if unsafe { libc::getifaddrs(&mut list) } != 0 {
        return found;
    }
    let mut entry = list;
    while !entry.is_null() {
        // SAFETY: `entry` is a node of the list getifaddrs made, not yet freed.
        let node = unsafe { &*entry };
        let up = node.ifa_flags & (libc::IFF_UP as u32) != 0;
        if up && !node.ifa_addr.is_null() {
            // SAFETY: a non-null `ifa_addr` points at a socket address whose family
            // field says which struct it is.
            let family = i32::from(unsafe { (*node.ifa_addr).sa_family });
            if family == libc::AF_INET {
                // SAFETY: an AF_INET address is a sockaddr_in.
                let v4 = unsafe { &*(node.ifa_addr as *const libc::sockaddr_in) };
                found.push(IpAddr::V4(Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr))));
            } else if family == libc::AF_INET6 {
                // SAFETY: an AF_INET6 address is a sockaddr_in6.
                let v6 = unsafe { &*(node.ifa_addr as *const libc::sockaddr_in6) };
                found.push(IpAddr::V6(Ipv6Addr::from(v6.sin6_addr.s6_addr)));
            }
        }
        entry = node.ifa_next;
    }
    // SAFETY: the list came from getifaddrs and is freed once, after its last use.
    unsafe { libc::freeifaddrs(list) };
    found
}

#[cfg(not(unix))]
pub fn machine_addresses() -> Vec<IpAddr> {
    Vec::new()
}

/// Whether a listening IPv6 socket takes IPv4 connections too (`IPV6_V6ONLY` off, the
/// Linux default).
#[cfg(unix)]
pub fn takes_ipv4(listener: &impl std::os::fd::AsRawFd) -> bool {
    let mut only: libc::c_int = 0;
    let mut size = std::mem::size_of::<libc::c_int>() as libc::socklen_t;
    // SAFETY: getsockopt writes at most `size` bytes into `only`, which lives for the
    // call, and the descriptor is the listener's, open while it is borrowed.
    let done = unsafe {
        libc::getsockopt(
            listener.as_raw_fd(),
            libc::IPPROTO_IPV6,
            libc::IPV6_V6ONLY,
            (&mut only as *mut libc::c_int).cast(),
            &mut size,
        )
    };
    done == 0 && only == 0
}

#[cfg(not(unix))]
pub fn takes_ipv4<T>(_listener: &T) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_lists_loopback_first_and_a_bound_one_itself() {
        let everywhere = Listening::of("0.0.0.0:8787".parse().unwrap(), false);
        assert_eq!(everywhere.addresses[0], IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert!(everywhere.addresses.iter().all(IpAddr::is_ipv4));
        assert_eq!(everywhere.urls()[0], "http://127.0.0.1:8787/");
        let v6 = Listening::of("[::]:80".parse().unwrap(), false);
        assert_eq!(v6.urls()[0], "http://[::1]:80/");
        assert!(v6.addresses.iter().all(IpAddr::is_ipv6));
        let one = Listening::of("192.0.2.2:1".parse().unwrap(), false);
        assert_eq!(one.urls(), ["http://192.0.2.2:1/"]);
        assert!(!one.everywhere() && everywhere.everywhere());
    }
}
