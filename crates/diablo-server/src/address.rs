//! Who a connection counts as for the per-address bounds: its address,
//! or behind a listed proxy the one the proxies report, and an IPv6
//! address as its /64 (one host holds all of its prefix).

use axum::http::HeaderMap;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// A network: an address and how many of its leading bits count
/// (`10.0.0.0/8`, `::1/128`; a bare address is the whole length).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    base: IpAddr,
    bits: u8,
}

/// Why a network could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CidrError {
    /// The part before `/` is not an IPv4 or IPv6 address.
    Address(String),
    /// The part after `/` is not a number up to 32 (IPv4) or 128 (IPv6).
    Bits(String),
}

impl fmt::Display for CidrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CidrError::Address(a) => write!(f, "`{a}` is not an IPv4 or IPv6 address"),
            CidrError::Bits(b) => {
                write!(
                    f,
                    "`/{b}` is not a prefix length (0 to 32 for IPv4, 0 to 128 for IPv6)"
                )
            }
        }
    }
}

impl std::error::Error for CidrError {}

impl FromStr for Cidr {
    type Err = CidrError;

    fn from_str(text: &str) -> Result<Cidr, CidrError> {
        let (addr, bits) = match text.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let ip: IpAddr = addr
            .trim()
            .parse()
            .map_err(|_| CidrError::Address(addr.into()))?;
        let ip = ip.to_canonical();
        let most = if ip.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => most,
            Some(b) => b
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= most)
                .ok_or_else(|| CidrError::Bits(b.into()))?,
        };
        Ok(Cidr {
            base: masked(ip, bits),
            bits,
        })
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.base, self.bits)
    }
}

impl Cidr {
    /// Whether `ip` is in the network.
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        ip.is_ipv4() == self.base.is_ipv4() && masked(ip, self.bits) == self.base
    }
}

/// `ip` with all but its first `bits` bits zero.
fn masked(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(a) => {
            let keep = u32::MAX
                .checked_shl(32 - u32::from(bits.min(32)))
                .unwrap_or(0);
            IpAddr::V4(Ipv4Addr::from(u32::from(a) & keep))
        }
        IpAddr::V6(a) => {
            let keep = u128::MAX
                .checked_shl(128 - u32::from(bits.min(128)))
                .unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(a) & keep))
        }
    }
}

/// A client as the bounds count it: `ip` (an IPv6 one cut to its
/// prefix), and whether it is exempt from them (loopback, on a server
/// with no proxy listed; never an address a header reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client {
    /// The address the bounds count.
    pub ip: IpAddr,
    /// Loopback on a server with no proxy: the bounds skip it unless
    /// `--cap-loopback`.
    pub exempt: bool,
}

impl From<IpAddr> for Client {
    /// A direct connection from `ip` to a server with no proxy: IPv6 by
    /// its /64.
    fn from(ip: IpAddr) -> Client {
        Proxies::default().client(ip, &HeaderMap::new())
    }
}

/// The proxies whose `X-Forwarded-For` the server believes, and the IPv6
/// prefix one client is counted by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proxies {
    /// Networks of the proxies (none: believe no header).
    pub trusted: Vec<Cidr>,
    /// Leading bits of an IPv6 address that make one client (64).
    pub v6_prefix: u8,
}

impl Default for Proxies {
    fn default() -> Proxies {
        Proxies {
            trusted: Vec::new(),
            v6_prefix: 64,
        }
    }
}

impl Proxies {
    /// Behind the proxies in `trusted`, IPv6 counted by /64.
    #[must_use]
    pub fn new(trusted: Vec<Cidr>) -> Proxies {
        Proxies {
            trusted,
            ..Proxies::default()
        }
    }

    /// Whether any proxy is listed.
    #[must_use]
    pub fn any(&self) -> bool {
        !self.trusted.is_empty()
    }

    /// Whether `ip` is one of the listed proxies.
    #[must_use]
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|c| c.contains(ip))
    }

    fn counted(&self, ip: IpAddr) -> IpAddr {
        let ip = ip.to_canonical();
        if ip.is_ipv4() {
            ip
        } else {
            masked(ip, self.v6_prefix)
        }
    }

    /// The client of a request from `peer` with `headers`. From a listed
    /// proxy, `X-Forwarded-For` is read from the right (every proxy
    /// appends the address it saw): the first address that is not a listed
    /// proxy is the client (an entry that is not an address stops the walk
    /// at the proxy that wrote it); with no such header, `X-Real-IP`. From
    /// any other peer the headers are ignored. Loopback is exempt only on
    /// a server with no proxy listed, and never when a header named it.
    #[must_use]
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> Client {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return Client {
                ip: self.counted(peer),
                exempt: !self.any() && peer.is_loopback(),
            };
        }
        let hops: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .collect();
        let mut client = peer;
        if hops.is_empty() {
            if let Some(ip) = headers
                .get("x-real-ip")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<IpAddr>().ok())
            {
                client = ip.to_canonical();
            }
        } else {
            for hop in hops.iter().rev() {
                let Some(ip) = parse_hop(hop) else { break };
                client = ip;
                if !self.trusts(ip) {
                    break;
                }
            }
        }
        Client {
            ip: self.counted(client),
            exempt: false,
        }
    }
}

/// An entry of `X-Forwarded-For`: an address, or one with a port
/// (`1.2.3.4:5`, `[::1]:5`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .or_else(|_| hop.parse::<std::net::SocketAddr>().map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    fn xff(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(
                "x-forwarded-for",
                HeaderValue::from_str(v).expect("a value"),
            );
        }
        h
    }

    #[test]
    fn networks_are_read_and_hold_their_addresses() {
        let c: Cidr = "10.1.2.3/8".parse().expect("a network");
        assert_eq!(c.to_string(), "10.0.0.0/8");
        assert!(c.contains(ip("10.200.0.1")));
        assert!(!c.contains(ip("11.0.0.1")));
        assert!(c.contains(ip("::ffff:10.9.9.9")), "v4-mapped is IPv4");
        let one: Cidr = "127.0.0.1".parse().expect("an address");
        assert_eq!(one.to_string(), "127.0.0.1/32");
        assert!(!one.contains(ip("127.0.0.2")));
        let v6: Cidr = "2001:db8::/32".parse().expect("a network");
        assert!(v6.contains(ip("2001:db8:ffff::1")));
        assert!(!v6.contains(ip("10.0.0.1")));
        let all: Cidr = "0.0.0.0/0".parse().expect("everything");
        assert!(all.contains(ip("1.2.3.4")));
        assert_eq!(
            "10.0.0.0/33".parse::<Cidr>(),
            Err(CidrError::Bits("33".into()))
        );
        assert_eq!(
            "nginx/8".parse::<Cidr>(),
            Err(CidrError::Address("nginx".into()))
        );
        assert!("::/129".parse::<Cidr>().is_err());
        assert!("::/-1".parse::<Cidr>().is_err());
    }

    #[test]
    fn ipv6_counts_by_its_prefix() {
        let none = Proxies::default();
        let a = none.client(ip("2001:db8:1:2:aaaa::1"), &HeaderMap::new());
        let b = none.client(ip("2001:db8:1:2:bbbb::9"), &HeaderMap::new());
        let c = none.client(ip("2001:db8:1:3::1"), &HeaderMap::new());
        assert_eq!(a.ip, ip("2001:db8:1:2::"));
        assert_eq!(a, b);
        assert_ne!(a, c);
        let wide = Proxies {
            v6_prefix: 48,
            ..Proxies::default()
        };
        assert_eq!(
            wide.client(ip("2001:db8:1:2::1"), &HeaderMap::new()),
            wide.client(ip("2001:db8:1:3::1"), &HeaderMap::new())
        );
        assert_eq!(Client::from(ip("2001:db8:1:2::7")), a);
        // IPv4 as it is, mapped or not.
        assert_eq!(
            none.client(ip("::ffff:192.0.2.7"), &HeaderMap::new()).ip,
            ip("192.0.2.7")
        );
    }

    #[test]
    fn headers_are_believed_only_from_listed_proxies_right_to_left() {
        let p = Proxies::new(vec!["10.0.0.0/8".parse().expect("a network")]);
        // From a stranger: the header is ignored.
        let spoof = p.client(ip("203.0.113.5"), &xff(&["198.51.100.1"]));
        assert_eq!(spoof.ip, ip("203.0.113.5"));
        // From the proxy: its appended address, not what the client wrote
        // before it.
        let got = p.client(
            ip("10.0.0.2"),
            &xff(&["127.0.0.1, 198.51.100.1, 203.0.113.9"]),
        );
        assert_eq!(got.ip, ip("203.0.113.9"));
        // Through two proxies (and two header lines): past both.
        let got = p.client(ip("10.0.0.2"), &xff(&["203.0.113.9", "10.0.0.7"]));
        assert_eq!(got.ip, ip("203.0.113.9"));
        // Garbage stops at the proxy that wrote it.
        let got = p.client(ip("10.0.0.2"), &xff(&["203.0.113.9, nonsense, 10.0.0.7"]));
        assert_eq!(got.ip, ip("10.0.0.7"));
        // No header: X-Real-IP, then the peer.
        let mut real = HeaderMap::new();
        real.insert("x-real-ip", HeaderValue::from_static("198.51.100.4"));
        assert_eq!(p.client(ip("10.0.0.2"), &real).ip, ip("198.51.100.4"));
        assert_eq!(
            p.client(ip("10.0.0.2"), &HeaderMap::new()).ip,
            ip("10.0.0.2")
        );
        // A port on an entry is no part of the client.
        let got = p.client(ip("10.0.0.2"), &xff(&["[2001:db8:5:6::1]:443"]));
        assert_eq!(got.ip, ip("2001:db8:5:6::"));
    }

    #[test]
    fn loopback_is_exempt_only_with_no_proxy_and_never_when_reported() {
        let none = Proxies::default();
        assert!(none.client(ip("127.0.0.1"), &xff(&["203.0.113.1"])).exempt);
        assert!(none.client(ip("::1"), &HeaderMap::new()).exempt);
        assert!(!none.client(ip("192.0.2.1"), &HeaderMap::new()).exempt);
        let p = Proxies::new(vec!["127.0.0.1".parse().expect("an address")]);
        // A reported loopback counts like any address.
        let reported = p.client(ip("127.0.0.1"), &xff(&["127.0.0.1"]));
        assert_eq!(reported.ip, ip("127.0.0.1"));
        assert!(!reported.exempt);
        // With a proxy listed, a direct loopback connection counts too.
        assert!(!p.client(ip("::1"), &HeaderMap::new()).exempt);
        assert!(!p.client(ip("127.0.0.1"), &HeaderMap::new()).exempt);
    }
}
