//! The terminal as a person uses it: `serve --open` on a machine where no browser
//! opens, `play --show`, the `moves` filter at the prompt and on the command line, and
//! laying the set-up tiles a few at a time.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::server::BIN;

/// An executable shell script in this test's folder.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// What `serve --open` prints on standard error with this environment, up to and with
/// its note that no browser opened (the server is then stopped).
fn open_failure(env: &[(&str, &str)], env_remove: &[&str]) -> Vec<String> {
    let mut command = Command::new(BIN);
    command
        .args(["truchet-browne", "serve", "--open", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for name in env_remove {
        command.env_remove(name);
    }
    let mut child = command.envs(env.iter().copied()).spawn().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let started = Instant::now();
    let mut seen = Vec::new();
    while !seen
        .iter()
        .any(|l: &String| l.contains("no browser opened"))
    {
        let left = Duration::from_secs(20).saturating_sub(started.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    // Anything the launcher printed after the note would show here too.
    std::thread::sleep(Duration::from_millis(200));
    seen.extend(lines.try_iter());
    let _ = child.kill();
    let _ = child.wait();
    seen
}

/// On a machine without a browser, `xdg-open` prints a line for every browser it tries:
/// a person sees one line instead, saying what failed and where the page is.
#[test]
fn serve_open_without_a_browser_says_so_in_one_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("open-without-browser");
    // A stand-in for xdg-open on a machine without a browser, found first on the PATH.
    script(
        &dir,
        "xdg-open",
        "for b in www-browser links2 elinks links lynx w3m; do\n  \
         echo \"/usr/bin/xdg-open: 882: $b: not found\" >&2\ndone\n\
         echo \"xdg-open: no method available for opening '$1'\" >&2\nexit 3",
    );
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap());
    let seen = open_failure(&[("PATH", &path)], &["BROWSER"]);
    assert_eq!(seen.len(), 1, "{seen:#?}");
    let line = &seen[0];
    assert!(
        line.starts_with(
            "variant-run: note: no browser opened (`xdg-open` exited with code 3); \
             open http://127.0.0.1:"
        ) && line.ends_with("/ by hand"),
        "{line}"
    );

    // A $BROWSER that is not there at all.
    let seen = open_failure(&[("BROWSER", "no-such-browser-here")], &[]);
    assert_eq!(seen.len(), 1, "{seen:#?}");
    assert!(
        seen[0].starts_with(
            "variant-run: note: no browser opened (`no-such-browser-here` was not found); \
             open http://127.0.0.1:"
        ),
        "{}",
        seen[0]
    );
}
