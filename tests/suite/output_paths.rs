//! Output paths that are not plain files: every command that writes a file (`show
//! --svg`, `play --record`, `match --html`, `replay --svg`, `report --html`, a study's
//! `--out`) given a named pipe, a device, `/dev/stdout`, a symbolic link (to a file, to
//! nothing, to a pipe, in a loop), a folder or a socket. A device or a pipe is written
//! in place and stays what it was; a link is followed and stays a link; what cannot be
//! written is one message, and nothing is left beside the path.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::JoinHandle;

const BIN: &str = env!("CARGO_BIN_EXE_variant-run");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> Output {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The one line a refused command prints, which must name the path and say why.
fn refused(args: &[&str]) -> String {
    let output = run(args);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(!output.status.success(), "{args:?} was not refused");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: the name is NUL-terminated and lives for the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_fifo()
}

fn is_char_device(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_char_device()
}

/// Reads a named pipe to its end on a thread of its own (opening it waits for the
/// writer, as the writer's opening waits for it).
fn read_pipe(path: &Path) -> JoinHandle<Vec<u8>> {
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .unwrap()
            .read_to_end(&mut bytes)
            .unwrap();
        bytes
    })
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `show --svg`, `play --record` and `match --html` into a named pipe: the reader gets
/// the picture, the record and the page, each once and whole, and the pipe is still a
/// pipe with nothing beside it.
#[test]
fn a_named_pipe_is_written_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    mkfifo(&pipe);
    let expected_svg = ok(&["truchet-browne", "show", "--svg", "/dev/stdout"]).stdout;
    let cases: [(&[&str], &str); 3] = [
        (&["truchet-browne", "show", "--svg"], "</svg>\n"),
        (
            &[
                "truchet-browne",
                "play",
                "--seed",
                "3",
                "--max-turns",
                "30",
                "--record",
            ],
            "turns without a result\n",
        ),
        (
            &[
                "truchet-browne",
                "match",
                "--size",
                "3",
                "--games",
                "2",
                "--max-turns",
                "10",
                "--html",
            ],
            "</html>\n",
        ),
    ];
    for (args, ending) in cases {
        let reader = read_pipe(&pipe);
        let mut args = args.to_vec();
        args.push(s(&pipe));
        ok(&args);
        let text = String::from_utf8(reader.join().unwrap()).unwrap();
        assert!(text.ends_with(ending), "{args:?}: {text}");
        assert_eq!(text.matches(ending).count(), 1, "{args:?}: once");
        if args[1] == "show" {
            assert!(
                expected_svg.ends_with(text.as_bytes()),
                "the picture `show` draws"
            );
        }
        assert!(is_fifo(&pipe), "{args:?}: still a pipe");
        assert_eq!(names(dir.path()), ["pipe"], "{args:?}");
    }
}

/// A person's game recorded into a pipe: each line reaches the reader once, as it is
/// played, not the whole record again after every turn.
#[test]
fn a_person_s_record_streams_into_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    mkfifo(&pipe);
    let reader = read_pipe(&pipe);
    let mut child = Command::new(BIN)
        .args([
            "truchet-browne",
            "play",
            "--size",
            "3",
            "--layout",
            "rrr/rrr/rrr",
            "--player",
            "x=human",
            "--record",
            s(&pipe),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"a1-b2\nquit\n")
        .unwrap();
    assert!(child.wait().unwrap().success());
    let text = String::from_utf8(reader.join().unwrap()).unwrap();
    assert_eq!(text.matches("ruleset truchet-browne").count(), 1, "{text}");
    assert_eq!(text.matches("a1-b2").count(), 1, "{text}");
    assert!(text.ends_with("game abandoned\n"), "{text}");
    assert!(is_fifo(&pipe));
}

/// Before a test writes to a path of the system's `/dev` (the tests run as root on CI,
/// where replacing `/dev/stdout` or `/dev/null` with a file breaks the machine): the same
/// command must have left a pipe, and a link to one, as they were. A regression fails
/// here, on paths of the test's own.
fn safe_to_write_dev() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    mkfifo(&pipe);
    std::os::unix::fs::symlink("pipe", dir.path().join("stdout")).unwrap();
    let reader = read_pipe(&pipe);
    ok(&[
        "truchet-browne",
        "show",
        "--svg",
        s(&dir.path().join("stdout")),
    ]);
    reader.join().unwrap();
    assert!(
        is_fifo(&pipe) && dir.path().join("stdout").is_symlink(),
        "a pipe or a link was replaced: /dev is not tried"
    );
}

/// `--svg /dev/stdout` and `--record /dev/stdout` write to the program's own output, as
/// in every Unix tool; `/dev/stderr` and `/dev/fd/1` too. The links of `/dev` stay links.
#[test]
fn dev_stdout_is_the_program_s_output() {
    safe_to_write_dev();
    let links = ["/dev/stdout", "/dev/stderr", "/dev/fd"].map(Path::new);
    assert!(
        links.iter().all(|l| l.is_symlink()),
        "/dev is as the system made it"
    );
    let svg = ok(&["truchet-browne", "show", "--svg", "/dev/stdout"]).stdout;
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.ends_with("</svg>\n"));
    let fd =
        String::from_utf8(ok(&["truchet-browne", "show", "--svg", "/dev/fd/1"]).stdout).unwrap();
    assert_eq!(fd, svg);
    let err = ok(&["truchet-browne", "show", "--svg", "/dev/stderr"]);
    assert!(String::from_utf8_lossy(&err.stderr).ends_with("</svg>\n"));
    let out = ok(&[
        "truchet-browne",
        "play",
        "--seed",
        "3",
        "--max-turns",
        "20",
        "--record",
        "/dev/stdout",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    // The game as it is printed, then its record.
    assert_eq!(text.matches("ruleset truchet-browne").count(), 2, "{text}");
    assert!(text.ends_with("turns without a result\n"));
    assert!(
        links.iter().all(|l| l.is_symlink()),
        "/dev's links stay links"
    );
}

/// A device is written, never replaced: the system's `/dev/null` (once replaced by a
/// regular file when run as root).
#[test]
fn dev_null_stays_a_device() {
    safe_to_write_dev();
    let null = Path::new("/dev/null");
    assert!(is_char_device(null));
    ok(&["truchet-browne", "show", "--svg", "/dev/null"]);
    ok(&[
        "truchet-browne",
        "match",
        "--size",
        "3",
        "--games",
        "2",
        "--max-turns",
        "10",
        "--html",
        "/dev/null",
    ]);
    assert!(is_char_device(null), "/dev/null is still a device");
    assert_eq!(std::fs::metadata(null).unwrap().len(), 0);
}

/// A character device made with `mknod` (the null device's numbers) beside the test:
/// written, still a device. Making a device needs root (or CAP_MKNOD); without it the
/// test says it is skipped and checks nothing.
#[test]
fn a_device_made_with_mknod_stays_a_device() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("mynull");
    let name = std::ffi::CString::new(device.as_os_str().as_bytes()).unwrap();
    // SAFETY: the name is NUL-terminated and lives for the call.
    let made = unsafe { libc::mknod(name.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    if made != 0 {
        eprintln!(
            "SKIPPED a_device_made_with_mknod_stays_a_device: mknod: {} (needs root)",
            std::io::Error::last_os_error()
        );
        return;
    }
    ok(&["truchet-browne", "show", "--svg", s(&device)]);
    ok(&[
        "truchet-browne",
        "play",
        "--seed",
        "1",
        "--max-turns",
        "10",
        "--record",
        s(&device),
    ]);
    assert!(is_char_device(&device), "still a device");
    assert_eq!(names(dir.path()), ["mynull"]);
}

/// A symbolic link is followed, link after link: a file at its end is replaced whole
/// (in its own folder), a link to nothing makes the file it names, a link to a pipe
/// writes the pipe; the links stay links. A loop is refused in one line.
#[test]
fn symbolic_links_are_followed_and_stay_links() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("pictures")).unwrap();
    std::fs::write(d.join("pictures/board.svg"), "old").unwrap();
    // to-file -> via -> pictures/board.svg
    symlink("pictures/board.svg", d.join("via")).unwrap();
    symlink(d.join("via"), d.join("to-file")).unwrap();
    ok(&["truchet-browne", "show", "--svg", s(&d.join("to-file"))]);
    let svg = std::fs::read_to_string(d.join("pictures/board.svg")).unwrap();
    assert!(svg.ends_with("</svg>\n"), "{svg}");
    for link in ["via", "to-file"] {
        assert!(d.join(link).is_symlink(), "{link} is still a link");
    }
    assert_eq!(names(&d.join("pictures")), ["board.svg"]);
    // A link to a file not there yet.
    symlink("pictures/new.txt", d.join("dangling")).unwrap();
    ok(&[
        "truchet-browne",
        "play",
        "--seed",
        "3",
        "--max-turns",
        "20",
        "--record",
        s(&d.join("dangling")),
    ]);
    assert!(d.join("dangling").is_symlink());
    let record = std::fs::read_to_string(d.join("pictures/new.txt")).unwrap();
    assert!(record.starts_with("ruleset truchet-browne\n"), "{record}");
    // A link to a pipe.
    mkfifo(&d.join("pipe"));
    symlink("pipe", d.join("to-pipe")).unwrap();
    let reader = read_pipe(&d.join("pipe"));
    ok(&["truchet-browne", "show", "--svg", s(&d.join("to-pipe"))]);
    assert!(String::from_utf8(reader.join().unwrap())
        .unwrap()
        .ends_with("</svg>\n"));
    assert!(is_fifo(&d.join("pipe")) && d.join("to-pipe").is_symlink());
    // A loop.
    symlink("loop-b", d.join("loop-a")).unwrap();
    symlink("loop-a", d.join("loop-b")).unwrap();
    let message = refused(&["truchet-browne", "show", "--svg", s(&d.join("loop-a"))]);
    assert!(message.contains("symbolic links"), "{message}");
    assert!(message.contains("loop-a"), "{message}");
    let mut expected = vec![
        "dangling", "loop-a", "loop-b", "pictures", "pipe", "to-file", "to-pipe", "via",
    ];
    expected.sort_unstable();
    assert_eq!(names(d), expected, "nothing left beside the paths");
}

/// A folder, a socket and a link to a folder are refused before any game is played, in
/// one line naming the path; nothing is made.
#[test]
fn a_folder_or_a_socket_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("folder")).unwrap();
    std::os::unix::fs::symlink("folder", d.join("to-folder")).unwrap();
    let socket = std::os::unix::net::UnixListener::bind(d.join("socket")).unwrap();
    for (name, why) in [
        ("folder", "folder"),
        ("to-folder", "folder"),
        ("socket", "socket"),
    ] {
        let path = d.join(name);
        let path = s(&path);
        for args in [
            vec!["truchet-browne", "show", "--svg", path],
            vec![
                "truchet-browne",
                "play",
                "--max-turns",
                "4",
                "--record",
                path,
            ],
            vec!["truchet-browne", "match", "--games", "1", "--html", path],
        ] {
            let message = refused(&args);
            assert!(
                message.contains(path) && message.contains(why),
                "{args:?}: {message}"
            );
        }
    }
    drop(socket);
    assert_eq!(names(&d.join("folder")), Vec::<String>::new());
}

/// `replay --svg DIR` writes each picture as the rest do: a picture's name that is a
/// pipe or a link to a file is written through, and stays what it was.
#[test]
fn replay_pictures_follow_the_same_rules() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let record = d.join("game.txt");
    ok(&[
        "truchet-browne",
        "play",
        "--size",
        "3",
        "--seed",
        "2",
        "--max-turns",
        "3",
        "--record",
        s(&record),
    ]);
    let pictures = d.join("pictures");
    std::fs::create_dir(&pictures).unwrap();
    mkfifo(&pictures.join("001.svg"));
    std::fs::write(d.join("elsewhere.svg"), "old").unwrap();
    std::os::unix::fs::symlink(d.join("elsewhere.svg"), pictures.join("002.svg")).unwrap();
    let reader = read_pipe(&pictures.join("001.svg"));
    ok(&["replay", s(&record), "--svg", s(&pictures)]);
    let first = String::from_utf8(reader.join().unwrap()).unwrap();
    assert!(first.contains("after turn 1"), "{first}");
    assert!(is_fifo(&pictures.join("001.svg")));
    assert!(pictures.join("002.svg").is_symlink());
    let second = std::fs::read_to_string(d.join("elsewhere.svg")).unwrap();
    assert!(second.contains("after turn 2"), "{second}");
    assert!(names(&pictures).iter().all(|n| !n.starts_with('.')));
}

/// `report DIR --html` into a pipe, and a study whose results file is a pipe: the page
/// reaches the reader; the results file is refused (it is read back and appended to, so
/// it must be a file) before any game, rather than waiting on the pipe for ever.
#[test]
fn study_outputs_that_are_pipes() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results");
    let study = [
        "truchet-browne",
        "match",
        "--size",
        "3",
        "--games",
        "4",
        "--max-turns",
        "10",
        "--shard",
        "1/2",
        "--out",
    ];
    for shard in ["1/2", "2/2"] {
        let mut args = study.to_vec();
        args[study.len() - 2] = shard;
        args.push(s(&results));
        ok(&args);
    }
    let page = dir.path().join("page");
    mkfifo(&page);
    let reader = read_pipe(&page);
    ok(&["report", s(&results), "--html", s(&page)]);
    assert!(String::from_utf8(reader.join().unwrap())
        .unwrap()
        .ends_with("</html>\n"));
    let results = dir.path().join("more-results");
    std::fs::create_dir(&results).unwrap();
    let file: PathBuf = results.join("shard-2-of-2.jsonl");
    mkfifo(&file);
    let mut args = study.to_vec();
    args[study.len() - 2] = "2/2";
    args.push(s(&results));
    let message = refused(&args);
    assert!(
        message.contains("shard-2-of-2.jsonl") && message.contains("not a regular file"),
        "{message}"
    );
    assert!(is_fifo(&file));
}
