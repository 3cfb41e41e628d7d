//! The server's connections, accepted here rather than by `axum::serve` (which sets no
//! timeouts), each bounded in time, and bounded in number.
//!
//! - A request's head must arrive whole within [`ClientTimeouts::request`] of the server
//!   starting to wait for it, which is also how long a kept-alive connection may sit
//!   idle between requests: a client sending a header a byte at a time, or nothing at
//!   all, is closed then. (Its body must arrive within the same time: see the guard.)
//! - A response the client stops reading is given up after [`ClientTimeouts::write`]
//!   without progress, so a stalled reader holds nothing for long.
//! - At most [`MAX_CONNECTIONS`] are open at once, far below the descriptors a process
//!   gets (1,024 on most systems). A connection accepted past the cap closes one to make
//!   room: first one that has sent no whole request within [`GRACE`] of opening (the
//!   oldest of them), else the one quiet for longest. So idle and half-sent connections,
//!   however many, cannot keep the page from being served: each new request displaces
//!   one of them, and has its grace to send its request before it could be displaced.
//!
//! Each request carries the address its connection came in on ([`Connection`]), for the
//! `Host` check.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::{Extension, Router};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// The most connections open at once.
pub const MAX_CONNECTIONS: usize = 256;

/// How long the server waits on a client before giving it up (`serve --client-timeout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientTimeouts {
    /// How long a request's head may take to arrive, counted from when the server waits
    /// for it (after the connection opens, or after the previous response), and then its
    /// body.
    pub request: Duration,
    /// How long a response may wait for the client to read any of it: three times
    /// `request`, as a page or an event may be slow to drain on a poor network while
    /// a request is a few hundred bytes.
    pub write: Duration,
}

impl ClientTimeouts {
    /// The default of `--client-timeout`, in seconds.
    pub const DEFAULT_SECONDS: u64 = 10;

    /// The timeouts of `--client-timeout seconds`.
    pub fn of_seconds(seconds: u64) -> Self {
        ClientTimeouts {
            request: Duration::from_secs(seconds),
            write: Duration::from_secs(seconds.saturating_mul(3)),
        }
    }
}

impl Default for ClientTimeouts {
    fn default() -> Self {
        Self::of_seconds(Self::DEFAULT_SECONDS)
    }
}
/// How long a new connection has to send a whole request before the cap may close it
/// ahead of connections that have sent one.
pub const GRACE: Duration = Duration::from_secs(1);

/// What a request knows of its connection: the server's address as the client reached
/// it.
#[derive(Clone, Copy, Debug)]
pub struct Connection {
    pub local: SocketAddr,
}

/// What the cap looks at in a connection.
struct Activity {
    /// When it was accepted, and when bytes last moved either way, in milliseconds since
    /// the server started.
    accepted: u64,
    last: AtomicU64,
    /// Whether a whole request head has arrived on it.
    served: AtomicBool,
}

struct Entry {
    activity: Arc<Activity>,
    close: Arc<Notify>,
}

/// The open connections, by the order they were accepted.
#[derive(Default)]
struct Table {
    entries: HashMap<u64, Entry>,
    next: u64,
}

impl Table {
    /// Closes one connection to make room: the oldest that sent no whole request within
    /// its grace, else the one quiet for longest (`now` in milliseconds since the server
    /// started).
    fn evict_one(&mut self, now: u64) {
        let grace = u64::try_from(GRACE.as_millis()).unwrap_or(u64::MAX);
        let chosen = self
            .entries
            .iter()
            .min_by_key(|(id, entry)| {
                let activity = &entry.activity;
                let idle_past_grace = !activity.served.load(Ordering::Relaxed)
                    && now.saturating_sub(activity.accepted) > grace;
                let quiet_since = activity.last.load(Ordering::Relaxed);
                (
                    !idle_past_grace,
                    if idle_past_grace { **id } else { quiet_since },
                    **id,
                )
            })
            .map(|(id, _)| *id);
        if let Some(entry) = chosen.and_then(|id| self.entries.remove(&id)) {
            entry.close.notify_one();
        }
    }
}

fn lock(table: &Mutex<Table>) -> MutexGuard<'_, Table> {
    table.lock().unwrap_or_else(|e| e.into_inner())
}

/// Serves `app` on the connections `listener` accepts, until the process ends.
///
/// # Errors
/// None so far: a failed accept (out of descriptors, a connection reset before it was
/// taken) makes room or waits a moment, and goes on.
pub async fn serve(listener: TcpListener, app: Router, timeouts: ClientTimeouts) -> io::Result<()> {
    let table = Arc::new(Mutex::new(Table::default()));
    let clock = Instant::now();
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Most likely out of descriptors: close one, and do not spin.
                lock(&table).evict_one(millis_since(clock));
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Ok(local) = stream.local_addr() else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let now = millis_since(clock);
        let activity = Arc::new(Activity {
            accepted: now,
            last: AtomicU64::new(now),
            served: AtomicBool::new(false),
        });
        let close = Arc::new(Notify::new());
        let id = {
            let mut table = lock(&table);
            while table.entries.len() >= MAX_CONNECTIONS {
                table.evict_one(now);
            }
            let id = table.next;
            table.next += 1;
            let entry = Entry {
                activity: Arc::clone(&activity),
                close: Arc::clone(&close),
            };
            table.entries.insert(id, entry);
            id
        };
        let routes = app
            .clone()
            .layer(Extension(Connection { local }))
            .layer(Extension(Served(Arc::clone(&activity))));
        let service = TowerToHyperService::new(routes);
        let table = Arc::clone(&table);
        tokio::spawn(async move {
            let io = TokioIo::new(Watched {
                stream,
                activity,
                clock,
                write_timeout: timeouts.write,
                stalled: None,
            });
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.request);
            let connection = builder.serve_connection(io, service);
            tokio::select! {
                _ = connection => {}
                () = close.notified() => {}
            }
            lock(&table).entries.remove(&id);
        });
    }
}

/// Marks its connection as having sent a whole request (see [`mark_served`]).
#[derive(Clone)]
pub struct Served(Arc<Activity>);

/// Notes that a request arrived on its connection, so the cap closes other connections
/// first.
pub fn mark_served(request: &axum::extract::Request) {
    if let Some(Served(activity)) = request.extensions().get::<Served>() {
        activity.served.store(true, Ordering::Relaxed);
    }
}

fn millis_since(clock: Instant) -> u64 {
    u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// A connection's stream, noting when bytes move and giving up a write the client does
/// not take for its write timeout.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    clock: Instant,
    write_timeout: Duration,
    /// Since when a write has waited for the client, as a deadline.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Watched {
    fn moved(&self) {
        self.activity
            .last
            .store(millis_since(self.clock), Ordering::Relaxed);
    }

    /// A write that is waiting: pending until the write timeout passes without progress.
    fn waiting(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let timeout = self.write_timeout;
        let deadline = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn wrote(&mut self, written: io::Result<usize>) -> Poll<io::Result<usize>> {
        self.stalled = None;
        if matches!(written, Ok(n) if n > 0) {
            self.moved();
        }
        Poll::Ready(written)
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.moved();
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, bytes) {
            Poll::Ready(written) => this.wrote(written),
            Poll::Pending => this.waiting(cx),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Ready(written) => this.wrote(written),
            Poll::Pending => this.waiting(cx),
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README gives these figures for a server started without `--client-timeout`.
    #[test]
    fn by_default_a_request_has_10_seconds_and_a_response_30() {
        let default = ClientTimeouts::default();
        assert_eq!(default.request, Duration::from_secs(10));
        assert_eq!(default.write, Duration::from_secs(30));
    }
}
