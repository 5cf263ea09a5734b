//! `-o` writes what it was asked to and nothing else: a regular file is replaced whole and keeps
//! its mode, a symlink's target is written, a device or FIFO is written in place, the model
//! itself is refused, and a new file gets 0666 less the umask.

mod common;
use common::*;

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

const CLASSIC: &str = "examples/classic.sdk";

fn classic_lp() -> String {
    sdkc(&["compile", CLASSIC, "-o", "-"]).stdout
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

#[test]
fn a_0640_file_is_replaced_and_keeps_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("model.lp");
    std::fs::write(&out, "old\n").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = sdkc(&["compile", CLASSIC, "-o", out.to_str().unwrap()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), classic_lp());
    assert_eq!(mode(&out), 0o640);
    // Nothing else in the folder: no temporary file left beside it.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_new_file_gets_0666_less_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    for (umask, expected) in [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)] {
        let out = dir.path().join(format!("new-{umask:o}.lp"));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sdkc"));
        cmd.args(["compile", CLASSIC, "-o", out.to_str().unwrap()])
            .current_dir(root());
        // SAFETY: umask is async-signal-safe; it changes only the child's mask.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(move || {
                libc::umask(umask);
                Ok(())
            });
        }
        assert!(cmd.status().unwrap().success());
        assert_eq!(mode(&out), expected, "umask {umask:o}");
    }
}

#[test]
fn a_symlink_is_followed_and_its_target_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.lp");
    std::fs::write(&target, "old\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o604)).unwrap();
    let link = dir.path().join("link.lp");
    std::os::unix::fs::symlink("real.lp", &link).unwrap();
    let o = sdkc(&["compile", CLASSIC, "-o", link.to_str().unwrap()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), classic_lp());
    assert_eq!(mode(&target), 0o604);
    // A dangling symlink: its target is created.
    let dangling = dir.path().join("dangling.lp");
    std::os::unix::fs::symlink("made.lp", &dangling).unwrap();
    let o = sdkc(&["compile", CLASSIC, "-o", dangling.to_str().unwrap()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made.lp")).unwrap(),
        classic_lp()
    );
}

#[test]
fn a_fifo_is_written_into_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a plain system call on a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let o = sdkc(&["compile", CLASSIC, "-o", fifo.to_str().unwrap()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(reader.join().unwrap(), classic_lp());
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

/// A file the user may not write is not replaced, though its folder lets them: `>` in a shell
/// refuses it too. Run as another user (nobody, 65534) in a folder anyone may write, on that
/// user's own read-only file and on root's 0644 file.
#[test]
fn a_file_the_user_may_not_write_is_not_replaced() {
    use std::os::unix::process::CommandExt;
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: running as another user needs root");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let model = dir.path().join("m.sdk");
    std::fs::copy(root().join(CLASSIC), &model).unwrap();
    let theirs = dir.path().join("theirs.svg");
    std::fs::write(&theirs, "keep me\n").unwrap();
    std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o444)).unwrap();
    let roots = dir.path().join("roots.svg");
    std::fs::write(&roots, "keep me\n").unwrap();
    std::fs::set_permissions(&roots, std::fs::Permissions::from_mode(0o644)).unwrap();
    for file in [&theirs, &roots] {
        let o = Command::new(env!("CARGO_BIN_EXE_sdkc"))
            .args(["render", "m.sdk", "-o"])
            .arg(file)
            .current_dir(dir.path())
            .uid(65534)
            .gid(65534)
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            format!(
                "error: cannot write {}: Permission denied (os error 13)\n",
                file.display()
            )
        );
        assert_eq!(std::fs::read_to_string(file).unwrap(), "keep me\n");
    }
    let meta = std::fs::metadata(&roots).unwrap();
    assert_eq!((meta.uid(), meta.mode() & 0o7777), (0, 0o644));
    // Nothing else was left in the folder.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

/// A standard output that cannot take the bytes (/dev/full) is an error that says where,
/// the same words for every command that writes its result there.
#[test]
fn a_full_standard_output_is_named() {
    for args in [
        &["compile", CLASSIC, "-o", "-"][..],
        &["export", CLASSIC],
        &["render", CLASSIC],
        &["run", CLASSIC, "--solver", "builtin"],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_sdkc"))
            .args(args)
            .current_dir(common::root())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).ends_with(
                "error: cannot write to standard output: No space left on device (os error 28)\n"
            ),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn a_character_device_is_written_in_place() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: making a device node needs root");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let null = dir.path().join("null");
    let c = std::ffi::CString::new(null.to_str().unwrap()).unwrap();
    // The same device as /dev/null (major 1, minor 3), in a folder of the test's own.
    // SAFETY: a plain system call on a valid path.
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    assert_eq!(made, 0, "mknod: {}", std::io::Error::last_os_error());
    let before = mode(&null);
    let o = sdkc(&["compile", CLASSIC, "-o", null.to_str().unwrap()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let meta = std::fs::metadata(&null).unwrap();
    assert!(meta.file_type().is_char_device());
    assert_eq!(meta.permissions().mode() & 0o7777, before);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn the_model_itself_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("m.sdk");
    std::fs::copy(root().join(CLASSIC), &model).unwrap();
    let before = std::fs::read(&model).unwrap();
    let o = sdkc_in(dir.path(), &["compile", "m.sdk", "-o", "m.sdk"]);
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        "error: refusing to write m.sdk: it is the model this command reads; choose another -o\n"
    );
    // Through a symlink, and for generate too.
    std::os::unix::fs::symlink("m.sdk", dir.path().join("alias.lp")).unwrap();
    let o = sdkc_in(dir.path(), &["compile", "m.sdk", "-o", "alias.lp"]);
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        "error: refusing to write alias.lp: it is the model this command reads; choose another -o\n"
    );
    let o = sdkc_in(dir.path(), &["generate", "m.sdk", "-o", "./m.sdk"]);
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        "error: refusing to write ./m.sdk: it is the model this command reads; choose another -o\n"
    );
    // One file per puzzle into a folder, where a puzzle's file is a link to the model.
    std::fs::create_dir(dir.path().join("g")).unwrap();
    std::os::unix::fs::symlink("../m.sdk", dir.path().join("g/m-1.sdk")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &["generate", "m.sdk", "--format", "sdk", "-o", "g/"],
    );
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        "error: refusing to write g/m-1.sdk: it is the model this command reads; choose another -o\n"
    );
    // A later puzzle's file too, before the first puzzle is written (a review found m-1.sdk
    // written, then the refusal).
    std::fs::remove_file(dir.path().join("g/m-1.sdk")).unwrap();
    std::os::unix::fs::symlink("../m.sdk", dir.path().join("g/m-3.sdk")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "generate", "m.sdk", "-n", "3", "--format", "sdk", "-o", "g/",
        ],
    );
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        "error: refusing to write g/m-3.sdk: it is the model this command reads; choose another -o\n"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path().join("g"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["m-3.sdk"]);
    // Beyond `-n`, the link is not one of the files asked for, nor is a name generate never
    // writes (`+1` reads as a number; a review found it refused).
    std::os::unix::fs::symlink("../m.sdk", dir.path().join("g/m-+1.sdk")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "generate", "m.sdk", "-n", "2", "--format", "sdk", "-o", "g/",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stderr
            .starts_with("generated 2 irreducible puzzles into g/")
    );
    assert_eq!(before, std::fs::read(&model).unwrap());
    // And a file `--keep-files` would keep, the model's name in the model's folder.
    std::fs::copy(&model, dir.path().join("highs-1.lp")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "highs-1.lp",
            "--solver",
            "highs",
            "--keep-files",
            ".",
        ],
    );
    assert_eq!(o.code, 2);
    assert_eq!(
        o.stderr,
        format!(
            "error: refusing --keep-files .: a kept file could replace the model {}; choose another folder\n",
            dir.path()
                .canonicalize()
                .unwrap()
                .join("highs-1.lp")
                .display()
        )
    );
    assert_eq!(
        std::fs::read(dir.path().join("highs-1.lp")).unwrap(),
        before
    );
    assert_eq!(std::fs::read(&model).unwrap(), before);
}

/// A kept file is written as `-o` is, through a symlink into its target: a kept name in the
/// folder that is a link to the model, or a hard link to the `--givens-file` list, is refused
/// before any solver runs (exit 2), and neither file changes. (A review found the model's
/// text replaced by the LP file, and the list by HiGHS's log.) A kept name that is a folder
/// is a file sdkc cannot write: exit 1, not the solver's exit 7.
#[test]
fn kept_files_never_replace_what_the_command_reads() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("victim.sdk");
    std::fs::copy(root().join(CLASSIC), &model).unwrap();
    let before = std::fs::read(&model).unwrap();
    std::fs::create_dir(dir.path().join("kf")).unwrap();
    std::os::unix::fs::symlink("../victim.sdk", dir.path().join("kf/highs-1.lp")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "victim.sdk",
            "--solver",
            "highs",
            "--keep-files",
            "kf",
        ],
    );
    assert_eq!(o.code, 2, "{}", o.stderr);
    let shown = model.canonicalize().unwrap();
    assert_eq!(
        o.stderr,
        format!(
            "error: refusing --keep-files kf: a kept file could replace the model {}; choose another folder\n",
            shown.display()
        )
    );
    assert_eq!(std::fs::read(&model).unwrap(), before);

    let list = dir.path().join("list.txt");
    let puzzles = std::fs::read(root().join("examples/puzzles.txt")).unwrap();
    std::fs::write(&list, &puzzles).unwrap();
    std::fs::create_dir(dir.path().join("kg")).unwrap();
    std::fs::hard_link(&list, dir.path().join("kg/highs-1.log")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "victim.sdk",
            "--givens-file",
            "kg/highs-1.log",
            "--solver",
            "highs",
            "--keep-files",
            "kg",
        ],
    );
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert_eq!(
        o.stderr,
        format!(
            "error: refusing --keep-files kg: a kept file could replace the --givens-file list {}; choose another folder\n",
            dir.path()
                .canonicalize()
                .unwrap()
                .join("kg/highs-1.log")
                .display()
        )
    );
    assert_eq!(std::fs::read(&list).unwrap(), puzzles);

    std::fs::create_dir_all(dir.path().join("kd/highs-1.lp")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "victim.sdk",
            "--solver",
            "highs",
            "--keep-files",
            "kd",
        ],
    );
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("cannot write kd/highs-1.lp: it is a folder"),
        "{}",
        o.stderr
    );
}

/// `--keep-files` names a folder: a file or a link to nowhere there is refused before any
/// solver runs, as an output error (exit 1), and a missing folder is made.
#[test]
fn keep_files_must_be_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("afile"), "x").unwrap();
    for args in [
        &[
            "run",
            "model.sdk",
            "--solver",
            "highs",
            "--keep-files",
            "afile",
        ][..],
        &[
            "run",
            "model.sdk",
            "--solver",
            "highs",
            "--givens-file",
            "-",
            "--keep-files",
            "afile",
        ],
    ] {
        std::fs::copy(root().join(CLASSIC), dir.path().join("model.sdk")).unwrap();
        let o = sdkc_in(dir.path(), args);
        assert_eq!(o.code, 1, "{}", o.stderr);
        assert_eq!(o.stderr, "error: --keep-files afile: not a folder\n");
    }
    // A link to nowhere is said to be one (the system's "File exists" was all it said); sdkc
    // makes no folder through it.
    std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("dangling")).unwrap();
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--solver",
            "highs",
            "--keep-files",
            "dangling",
        ],
    );
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert_eq!(
        o.stderr,
        format!(
            "error: --keep-files dangling: a symbolic link to {}, which does not exist (sdkc \
             makes no folder through a link: make it, or name another folder)\n",
            dir.path().join("nowhere").display()
        )
    );
    assert!(!dir.path().join("nowhere").exists());
    let o = sdkc_in(
        dir.path(),
        &[
            "run",
            "model.sdk",
            "--solver",
            "highs",
            "--keep-files",
            "new/kept",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(dir.path().join("new/kept/highs-1.lp").is_file());
}

/// Puzzles are written as they are proved, so memory stays flat however many are asked for
/// (all held at once, 20,000 9x9 puzzles took 395 MB), and a reader that stops early (`|
/// head`) stops the run without an error.
#[test]
fn generate_streams_its_puzzles() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args([
            "generate", CLASSIC, "-n", "1000000", "--seed", "5", "-j", "1",
        ])
        .current_dir(root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.as_mut().unwrap()),
        &mut first,
    )
    .unwrap();
    // The first puzzle arrives long before a million are made, and is the seed's first.
    let one = sdkc(&["generate", CLASSIC, "-n", "1", "--seed", "5"]);
    assert_eq!(first, one.stdout);
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let o = sdkc(&["compile", CLASSIC, "-o", dir.path().to_str().unwrap()]);
    assert_eq!(o.code, 1);
    assert_eq!(
        o.stderr,
        format!(
            "error: cannot write {}: it is a folder; sdkc writes regular files, character devices, FIFOs and sockets\n",
            dir.path().display()
        )
    );
}

#[test]
fn generate_dash_o_dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let to_file = dir.path().join("p.txt");
    let o = sdkc(&["generate", "examples/six.sdk", "--seed", "3"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let dash = sdkc(&["generate", "examples/six.sdk", "--seed", "3", "-o", "-"]);
    assert_eq!(dash.code, 0, "{}", dash.stderr);
    assert_eq!(dash.stdout, o.stdout);
    let file = sdkc(&[
        "generate",
        "examples/six.sdk",
        "--seed",
        "3",
        "-o",
        to_file.to_str().unwrap(),
    ]);
    assert_eq!(file.code, 0, "{}", file.stderr);
    assert_eq!(std::fs::read_to_string(&to_file).unwrap(), o.stdout);
    assert_eq!(mode(&to_file) & 0o600, 0o600);
}

/// The same when the model or the list is standard input redirected from a kept name: that
/// file is the input (a review found `run - --keep-files kf < kf/highs-1.lp` replaced it).
#[test]
fn a_kept_name_that_is_standard_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("kf")).unwrap();
    let kept = dir.path().join("kf/highs-1.lp");
    std::fs::copy(root().join(CLASSIC), &kept).unwrap();
    let before = std::fs::read(&kept).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(["run", "-", "--solver", "highs", "--keep-files", "kf"])
        .current_dir(dir.path())
        .stdin(std::fs::File::open(&kept).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: refusing --keep-files kf: a kept file could replace the model {}; choose another folder\n",
            kept.canonicalize().unwrap().display()
        )
    );
    assert_eq!(std::fs::read(&kept).unwrap(), before);
}

/// An `-o` that is the model read through standard input (`render - -o m.sdk < m.sdk`) is the
/// model too: refused before any work, for every command that writes one (a review found
/// render, export, compile and generate replacing the model). Standard input that is no file
/// (a pipe) still writes anywhere.
#[test]
fn an_output_that_is_standard_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("m.sdk");
    std::fs::copy(root().join(CLASSIC), &model).unwrap();
    let before = std::fs::read(&model).unwrap();
    for args in [
        &["render", "-", "-o", "m.sdk"][..],
        &["export", "-", "-o", "m.sdk"],
        &["compile", "-", "-o", "m.sdk"],
        &[
            "generate", "-", "-n", "1", "--solver", "builtin", "-o", "m.sdk",
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sdkc"))
            .args(args)
            .current_dir(dir.path())
            .stdin(std::fs::File::open(&model).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "error: refusing to write m.sdk: it is the model this command reads; choose another -o\n",
            "{args:?}"
        );
        assert_eq!(std::fs::read(&model).unwrap(), before, "{args:?}");
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sdkc"))
        .args(["compile", "-", "-o", "out.lp"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&before).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(dir.path().join("out.lp").exists());
}
