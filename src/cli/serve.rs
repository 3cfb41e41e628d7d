//! `variant-run <ruleset> serve`: the playtesting page. The server is the library's
//! ([`variant_run::serve`]); this prints where it listens (every address it can be
//! reached at) and opens a browser on asking.

use std::io::Write;
use std::process::Stdio;

use variant_run::play::setup::GameSetup;
use variant_run::serve::{self as server, ClientTimeouts, Listening, ServeOptions};

use super::args::ServeArgs;
use super::replay::read_options;
use super::Failure;

pub fn serve(setup: &GameSetup, args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let serve_options = ServeOptions {
        setup: setup.clone(),
        host: args.host,
        port: args.port,
        max_turns: args.players.limit.max_turns(),
        timeouts: ClientTimeouts::of_seconds(args.client_timeout),
        records: args.records.clone(),
        read_options,
    };
    let mut printed = Ok(());
    server::serve(serve_options, |listening, host_key| {
        let urls = listening.urls();
        let host_link = format!("{}#host={host_key}", urls[0]);
        printed = writeln!(
            out,
            "{}\nyour link, which runs the table (keep it to yourself; the page gives each \
             seat a link to invite a player): {host_link}",
            start_line(&setup.ruleset, listening)
        )
        .and_then(|()| out.flush());
        if args.open {
            open(&host_link);
        }
    })?;
    Ok(printed?)
}

/// `variant-run: serving truchet-browne at http://127.0.0.1:8787/ (Ctrl-C to stop)`; a
/// server on every address lists them (a page elsewhere cannot name it otherwise: names
/// other than `localhost` are refused).
fn start_line(ruleset: &str, listening: &Listening) -> String {
    let urls = listening.urls();
    if listening.everywhere() {
        format!(
            "variant-run: serving {ruleset} on every address of this machine ({}), port {}: \
             {} (Ctrl-C to stop)",
            listening.bound.ip(),
            listening.bound.port(),
            urls.join(" ")
        )
    } else {
        format!(
            "variant-run: serving {ruleset} at {} (Ctrl-C to stop)",
            urls[0]
        )
    }
}

/// Opens the page in `$BROWSER` if set, else in the system's own browser. A failure is
/// one note, not an error (the address is printed): what failed and the address to open
/// by hand. The launcher's own output is not shown: on a machine without a browser,
/// `xdg-open` prints a line for every browser it looked for.
fn open(url: &str) {
    let command = match std::env::var("BROWSER") {
        Ok(browser) if !browser.trim().is_empty() => browser,
        _ if cfg!(target_os = "macos") => "open".into(),
        _ if cfg!(windows) => "explorer".into(),
        _ => "xdg-open".into(),
    };
    let launched = std::process::Command::new(&command)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match launched {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return note(&command, "was not found", url)
        }
        Err(e) => return note(&command, &format!("did not start: {e}"), url),
    };
    // A launcher ends at once, saying by its exit code whether a browser opened; a
    // browser named by $BROWSER may run until it is closed. Waited for on a thread of
    // its own, so the server never waits, and nothing is left a zombie.
    let url = url.to_string();
    std::thread::spawn(move || match child.wait() {
        Ok(status) if status.success() => {}
        Ok(status) => match status.code() {
            Some(code) => note(&command, &format!("exited with code {code}"), &url),
            None => note(&command, "was stopped by a signal", &url),
        },
        Err(e) => note(&command, &format!("could not be waited for: {e}"), &url),
    });
}

fn note(command: &str, what: &str, url: &str) {
    let command = variant_run::printable::printable(command);
    eprintln!("variant-run: note: no browser opened (`{command}` {what}); open {url} by hand");
}
