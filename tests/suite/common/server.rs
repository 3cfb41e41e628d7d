//! A `serve` started for one test on a port the system picks, spoken to in raw HTTP over
//! TCP (so a test can send what no well-behaved client would), and stopped by its
//! process id when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_variant-run");

/// Held by a test whose server listens on the default port, 8787 (the README's commands
/// name none), so that two such tests do not run at once.
pub static DEFAULT_PORT: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A server started for one test, stopped by its process id when dropped.
pub struct Server {
    pub child: Child,
    pub address: String,
    /// The line the server printed on starting, which names its address.
    pub banner: String,
    /// The host's key, from the link printed on the next line.
    pub host_key: String,
    /// Everything it printed on standard error, once it ends (in a mutex, so that
    /// threads may share a server).
    stderr: std::sync::Mutex<std::sync::mpsc::Receiver<String>>,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(args, Path::new(env!("CARGO_MANIFEST_DIR")), &[])
    }

    pub fn start_in(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> Server {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .current_dir(dir)
            .envs(env.iter().copied());
        Server::start_command(command)
    }

    /// A server started with at most `files` open descriptors, as most systems give a
    /// process (1,024), whatever this test runner was given.
    pub fn start_with_files(args: &[&str], files: u64) -> Server {
        use std::os::unix::process::CommandExt;
        let mut command = Command::new(BIN);
        command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        // SAFETY: between fork and exec the closure only calls setrlimit, which is
        // async-signal-safe, on a value on its own stack.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: files,
                    rlim_max: files,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
        Server::start_command(command)
    }

    fn start_command(mut command: Command) -> Server {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        let mut link = String::new();
        stdout.read_line(&mut link).unwrap();
        let host_key = link
            .trim_end()
            .rsplit_once("#host=")
            .unwrap_or_else(|| panic!("no host link in {link:?}"))
            .1
            .to_string();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let (send, stderr) = std::sync::mpsc::channel();
        let mut err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            let _ = send.send(text);
        });
        Server {
            child,
            address,
            banner: line,
            host_key,
            stderr: std::sync::Mutex::new(stderr),
        }
    }

    /// Sends raw bytes, returns the status and the body.
    pub fn raw(&self, request: &[u8]) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        // Written on a thread of its own: a server that refuses a large body answers
        // before it is all sent, and the answer is read meanwhile.
        let mut writer = stream.try_clone().unwrap();
        let request = request.to_vec();
        let sending = std::thread::spawn(move || {
            let _ = writer.write_all(&request);
        });
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let _ = sending.join();
        let text = String::from_utf8_lossy(&response).to_string();
        if text.is_empty() {
            // The connection closed without an answer.
            return (0, String::new(), String::new());
        }
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, head.to_string(), body.to_string())
    }

    pub fn get(&self, path: &str) -> (u16, String, String) {
        self.raw(
            format!(
                "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                self.address
            )
            .as_bytes(),
        )
    }

    /// A POST from the host's page (with the host's key).
    pub fn post(&self, path: &str, body: &str) -> (u16, String, String) {
        let key = format!("x-variant-run-host: {}\r\n", self.host_key);
        self.post_with(path, body, &key)
    }

    /// A POST with other headers (`name: value\r\n` each): a seat's key, or none.
    pub fn post_with(&self, path: &str, body: &str, headers: &str) -> (u16, String, String) {
        self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
                 {headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                self.address,
                body.len()
            )
            .as_bytes(),
        )
    }

    /// A GET from the host's page.
    pub fn get_as_host(&self, path: &str) -> (u16, String, String) {
        self.raw(
            format!(
                "GET {path} HTTP/1.1\r\nHost: {}\r\nx-variant-run-host: {}\r\n\
                 Connection: close\r\n\r\n",
                self.address, self.host_key
            )
            .as_bytes(),
        )
    }

    /// The JSON answer to a POST that must succeed.
    pub fn ask(&self, path: &str, body: &serde_json::Value) -> serde_json::Value {
        let (status, _, answer) = self.post(path, &body.to_string());
        assert_eq!(status, 200, "{path} {body}: {answer}");
        serde_json::from_str(&answer).unwrap()
    }

    pub fn state(&self) -> serde_json::Value {
        let (status, _, body) = self.get("/api/state");
        assert_eq!(status, 200);
        serde_json::from_str(&body).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let received = self
            .stderr
            .lock()
            .map(|r| r.recv_timeout(Duration::from_secs(5)));
        if let Ok(Ok(stderr)) = received {
            assert!(
                !stderr.contains("panicked"),
                "the server panicked: {stderr}"
            );
        }
    }
}
