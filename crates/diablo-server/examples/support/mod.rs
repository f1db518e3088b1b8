//! What the load examples (`load.rs`, `lobby_load.rs`) share: a free
//! port, and what a process spent (from Linux's /proc).

/// A free TCP port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// (user + system CPU seconds, peak resident KiB) of a process.
pub fn usage(pid: u32) -> (f64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let cpu = stat_cpu(&stat);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    (cpu, hwm)
}

/// User + system CPU seconds from a /proc stat line.
pub fn stat_cpu(stat: &str) -> f64 {
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the name.
    (ticks(11) + ticks(12)) / 100.0
}
