//! `variant-run <ruleset> serve`: the playtesting page. The server is the library's
//! ([`variant_run::serve`]); this prints where it listens and opens a browser on asking.

use std::io::Write;
use std::net::SocketAddr;

use variant_run::play::setup::GameSetup;
use variant_run::play::tournament::DEFAULT_MAX_TURNS;
use variant_run::serve::{self as server, ServeOptions};

use super::args::{GameOptions, ServeArgs};
use super::replay::read_options;
use super::Failure;

pub fn serve(
    setup: &GameSetup,
    options: &GameOptions,
    args: &ServeArgs,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let serve_options = ServeOptions {
        setup: setup.clone(),
        host: args.host,
        port: args.port,
        max_turns: options.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        read_options,
    };
    let mut printed = Ok(());
    server::serve(serve_options, |address| {
        let url = page_url(address);
        printed = writeln!(
            out,
            "variant-run: serving {} at {url} (Ctrl-C to stop)",
            setup.ruleset
        )
        .and_then(|()| out.flush());
        if args.open {
            open(&url);
        }
    })?;
    Ok(printed?)
}

/// The page's address; an unspecified address (`--host 0.0.0.0`) is reached through
/// this machine's own.
fn page_url(address: SocketAddr) -> String {
    let host = match address.ip() {
        ip if ip.is_unspecified() => "127.0.0.1".to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    format!("http://{host}:{}/", address.port())
}

/// Opens the page in `$BROWSER` if set, else in the system's own browser; a failure is
/// a note, not an error (the address is printed).
fn open(url: &str) {
    let command = match std::env::var("BROWSER") {
        Ok(browser) if !browser.trim().is_empty() => browser,
        _ if cfg!(target_os = "macos") => "open".into(),
        _ if cfg!(windows) => "explorer".into(),
        _ => "xdg-open".into(),
    };
    if let Err(e) = std::process::Command::new(&command).arg(url).spawn() {
        eprintln!("variant-run: note: cannot open a browser with `{command}`: {e}; open {url}");
    }
}
