//! `variant-run <ruleset> serve`: a local web server and a page to playtest a ruleset in
//! a browser: a board played by clicking, computer opponents, records, rules that reload
//! as they are saved, and a comparison with another ruleset.
//!
//! The parts, in the order a request flows through them:
//! - [`connections`]: connections accepted, timed out and capped;
//! - [`http`]: the routes (the page, its API, the ruleset's own files), with the checks
//!   every request passes (host and origin, by [`names`]; content type, size) and a clear
//!   4xx for what fails them;
//! - [`seats`]: who may do what: the host's link, a link per seat, spectators;
//! - [`session`]: the game, on a thread of its own (a loaded ruleset keeps its compiled
//!   scripts on the thread that compiled them), answering requests sent over a channel
//!   and publishing its state, which [`view`] writes as JSON for the page;
//!   [`live`] holds the game being played, [`clicks`] reads a person's clicks (set-up
//!   tiles included), and [`kept_records`] keeps every game people play (`--records`);
//! - [`thinker`]: computer turns, on a worker thread with its own copy of the ruleset,
//!   so the page stays answered while a player searches;
//! - [`watch`]: the ruleset's folders (those of the rulesets it extends, and the shared
//!   scripts) watched for changes, for the session and for `play --watch` and
//!   `show --watch` at the terminal;
//! - [`compare`]: `compare` against another ruleset, on worker threads, with progress;
//! - [`reply`]: what the session and the comparisons answer a request with;
//! - [`page`]: the page itself (HTML, CSS and JavaScript built into the binary: nothing
//!   is fetched from elsewhere). It holds no rules: what may be clicked comes from
//!   [`crate::play::choices`].

pub mod addresses;
pub mod clicks;
pub mod compare;
pub mod connections;
pub mod files;
pub mod http;
pub mod kept_records;
mod live;
pub mod names;
pub mod page;
pub mod reply;
pub mod seats;
pub mod session;
pub mod thinker;
pub mod view;
pub mod watch;

use std::ffi::OsString;
use std::net::{IpAddr, SocketAddr};

use crate::play::setup::GameSetup;
pub use addresses::Listening;
pub use connections::ClientTimeouts;

/// Reads a record's options line as the command line reads a ruleset's options (the
/// command line's parser lives in the binary).
pub type ReadOptions = fn(&str, &[OsString]) -> Result<GameSetup, String>;

/// What `serve` is asked to do.
#[derive(Clone)]
pub struct ServeOptions {
    /// The ruleset and the game the page starts with.
    pub setup: GameSetup,
    /// The address to listen on: loopback unless `--host` says otherwise.
    pub host: IpAddr,
    /// 0: a port the operating system picks.
    pub port: u16,
    /// A game still going after this many turns stops, as `play`'s do.
    pub max_turns: usize,
    /// How long the server waits on a client.
    pub timeouts: ClientTimeouts,
    /// Where every game a person plays is kept as a record (`--records`).
    pub records: Option<std::path::PathBuf>,
    pub read_options: ReadOptions,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Load(#[from] crate::ruleset::VariantError),
    #[error("{0}")]
    Game(String),
    #[error("cannot listen on {address}: {error}")]
    Bind {
        address: SocketAddr,
        error: std::io::Error,
    },
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Starts the session, listens, calls `ready` with where it listens (the addresses it
/// can be reached at) and the host's key, and serves until the process is stopped.
///
/// # Errors
/// The ruleset does not load with the chosen options, or the address cannot be listened
/// on.
pub fn serve(
    options: ServeOptions,
    ready: impl FnOnce(&Listening, &str),
) -> Result<(), ServeError> {
    let handle = session::start(&options)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(async move {
        let address = SocketAddr::new(options.host, options.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| ServeError::Bind { address, error })?;
        let bound = listener.local_addr()?;
        let dual_stack = bound.is_ipv6() && addresses::takes_ipv4(&listener);
        let listening = Listening::of(bound, dual_stack);
        ready(&listening, &handle.host_key);
        let app = http::router(handle, &listening, options.timeouts.request);
        connections::serve(listener, app, options.timeouts).await?;
        Ok(())
    })
}
