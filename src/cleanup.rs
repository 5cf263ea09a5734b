//! Nothing left behind. Every temporary file and folder sdkc makes and every solver process it
//! starts is registered here for as long as it lives, so that an interrupt (SIGINT, SIGTERM,
//! SIGHUP) can kill the processes and remove the files before sdkc exits, whatever thread was
//! doing what.
//!
//! One lock guards the registry, and it is held while a thing is made and registered and while
//! the interrupt handler cleans up: the handler never runs between "made" and "registered", and
//! nothing new is made once it has started. A solver runs in a process group of its own (so a
//! time limit or an interrupt kills whatever it forked too, and Ctrl-C at the terminal reaches
//! sdkc, not the solver) and, on Linux, with a parent-death signal, so even a SIGKILL of sdkc
//! takes the solver with it.
//!
//! SIGKILL cannot be caught, so the binary also starts a guardian (`start_guardian`; not for
//! `run --solver builtin`, which has nothing to leave behind: `without_guardian`): a forked
//! copy of sdkc, in a session of its own, told over a pipe what is registered. When sdkc ends,
//! however it ends, the pipe closes, and the guardian kills what is still registered and removes
//! it: after a normal exit nothing, after a SIGKILL the solver group and the temporary folders.

use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    next: u64,
    /// Temporary folders and files, removed on an interrupt.
    paths: Vec<(u64, PathBuf)>,
    /// Process groups of running solvers (the leader's pid), killed on an interrupt.
    groups: Vec<(u64, i32)>,
    /// The guardian's pipe, when there is one: every change above is told to it too.
    guardian: Option<std::fs::File>,
    /// Set by `without_guardian`: the command promised to register nothing.
    unguarded: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next: 0,
    paths: Vec::new(),
    groups: Vec::new(),
    guardian: None,
    unguarded: false,
});

fn lock() -> MutexGuard<'static, Registry> {
    // A thread that panicked while holding the lock left the lists consistent (each change is
    // one push or one retain): carry on with them.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

impl Registry {
    fn add_path(&mut self, p: PathBuf) -> u64 {
        self.next += 1;
        self.tell(&format!(
            "p {} {}\n",
            self.next,
            hex(p.as_os_str().as_encoded_bytes())
        ));
        self.paths.push((self.next, p));
        self.next
    }

    fn add_group(&mut self, pid: i32) -> u64 {
        self.next += 1;
        self.tell(&format!("g {} {pid}\n", self.next));
        self.groups.push((self.next, pid));
        self.next
    }

    fn remove(&mut self, id: u64) {
        self.tell(&format!("- {id}\n"));
        self.paths.retain(|(i, _)| *i != id);
        self.groups.retain(|(i, _)| *i != id);
    }

    fn tell(&mut self, line: &str) {
        debug_assert!(
            !self.unguarded,
            "a command started without the guardian registered a solver or a temporary file"
        );
        // One write of less than PIPE_BUF bytes: the guardian reads whole lines. If the guardian
        // is gone, the interrupt handler still covers everything but SIGKILL.
        if let Some(pipe) = &mut self.guardian
            && pipe.write_all(line.as_bytes()).is_err()
        {
            self.guardian = None;
        }
    }
}

/// Paths as hex, so that any byte (a newline in $TMPDIR) survives the line protocol.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A temporary folder, removed when dropped or when sdkc is interrupted.
pub struct TempDir {
    // Declared first, so it is dropped (the folder removed) before it leaves the registry.
    dir: tempfile::TempDir,
    id: u64,
}

impl TempDir {
    /// A fresh `sdkc-XXXXXX` folder in the system's temporary folder.
    pub fn new() -> io::Result<TempDir> {
        let mut reg = lock();
        let dir = tempfile::Builder::new().prefix("sdkc-").tempdir()?;
        let id = reg.add_path(dir.path().to_path_buf());
        Ok(TempDir { dir, id })
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        lock().remove(self.id);
    }
}

/// A temporary file beside an output file, removed when dropped unless it was renamed into place,
/// and removed when sdkc is interrupted.
pub struct TempFile {
    file: Option<tempfile::NamedTempFile>,
    id: u64,
}

impl TempFile {
    /// A fresh hidden `.sdkc-XXXXXX.tmp` file in `dir`, created with `mode` (less the umask).
    pub fn new_in(dir: &Path, mode: u32) -> io::Result<TempFile> {
        use std::os::unix::fs::PermissionsExt;
        let mut reg = lock();
        let file = tempfile::Builder::new()
            .prefix(".sdkc-")
            .suffix(".tmp")
            .permissions(std::fs::Permissions::from_mode(mode))
            .tempfile_in(dir)
            .map_err(|e| {
                // tempfile appends ` at path ".sdkc-….tmp"` to the system's words: the user
                // never named that file, so keep only the words.
                let text = e.to_string();
                let words = text.split(" at path \"").next().unwrap_or(&text);
                io::Error::new(e.kind(), words.to_string())
            })?;
        let id = reg.add_path(file.path().to_path_buf());
        Ok(TempFile {
            file: Some(file),
            id,
        })
    }

    /// The open file.
    pub fn as_file(&self) -> &std::fs::File {
        self.file
            .as_ref()
            .expect("a temporary file lives until persisted")
            .as_file()
    }

    /// Rename the file to `target`; it is no longer temporary. Under the lock, so an interrupt
    /// sees either the temporary file (and removes it) or the renamed one (and keeps it).
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let mut reg = lock();
        let file = self.file.take().expect("persisted once");
        let id = self.id;
        match file.persist(target) {
            Ok(_) => {
                reg.remove(id);
                Ok(())
            }
            Err(e) => {
                // Dropping it removes the temporary file.
                drop(e.file);
                reg.remove(id);
                Err(e.error)
            }
        }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            lock().remove(self.id);
        }
    }
}

/// A solver process, the leader of its own process group. Dropping it kills the group.
pub struct Process {
    child: Child,
    id: u64,
    done: bool,
}

impl Process {
    /// Start `cmd` in a new process group that dies with sdkc.
    pub fn spawn(cmd: &mut Command) -> io::Result<Process> {
        let parent = std::process::id();
        cmd.process_group(0);
        // SAFETY: the closure runs in the child between fork and exec and calls only
        // async-signal-safe functions (prctl, getppid, raise).
        unsafe {
            cmd.pre_exec(move || {
                #[cfg(target_os = "linux")]
                {
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                        return Err(io::Error::last_os_error());
                    }
                    // sdkc died before the signal was armed: nobody would ever reap this.
                    if libc::getppid() as u32 != parent {
                        libc::raise(libc::SIGKILL);
                    }
                }
                let _ = parent;
                Ok(())
            });
        }
        let mut reg = lock();
        let child = cmd.spawn()?;
        let id = reg.add_group(child.id() as i32);
        Ok(Process {
            child,
            id,
            done: false,
        })
    }

    /// The exit status once the solver has ended, without blocking. Whatever it left running in
    /// its group is killed before the leader is reaped (while its pid cannot be reused).
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        let mut reg = lock();
        let pid = self.child.id() as i32;
        // SAFETY: plain system calls on a zeroed siginfo_t that the kernel fills in.
        let exited = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) != 0 {
                return Err(io::Error::last_os_error());
            }
            info.si_pid() != 0
        };
        if !exited {
            return Ok(None);
        }
        kill_group(pid);
        let status = self.child.wait()?;
        self.finish(&mut reg);
        Ok(Some(status))
    }

    /// Kill the solver and everything in its group, and reap it.
    pub fn kill(&mut self) {
        if self.done {
            return;
        }
        let mut reg = lock();
        kill_group(self.child.id() as i32);
        let _ = self.child.wait();
        self.finish(&mut reg);
    }

    fn finish(&mut self, reg: &mut Registry) {
        reg.remove(self.id);
        self.done = true;
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

fn kill_group(pid: i32) {
    // SAFETY: a signal to a process group sdkc created; ESRCH (already gone) is fine.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

/// Catch SIGINT, SIGTERM and SIGHUP: kill every solver, remove every temporary file and folder,
/// say so on standard error, and exit with 128 + the signal's number (130, 143, 129), as a shell
/// does for a process killed by it. For the binary; a library user installs it or not.
pub fn install_signal_handler() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("sdkc-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until exit: nothing new is started or created from here on.
                let reg = lock();
                for &(_, pid) in &reg.groups {
                    kill_group(pid);
                }
                for (_, path) in &reg.paths {
                    let _ = if path.is_dir() {
                        std::fs::remove_dir_all(path)
                    } else {
                        std::fs::remove_file(path)
                    };
                }
                let name = match signal {
                    SIGINT => "SIGINT",
                    SIGTERM => "SIGTERM",
                    _ => "SIGHUP",
                };
                eprintln!("sdkc: interrupted by {name}; solvers stopped, temporary files removed");
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// Say, in place of `start_guardian`, that this command starts no solver process and makes no
/// temporary file (`run --solver builtin`): the guardian would never have anything to clean,
/// and forking it cost such a run 0.3 to 1 ms of wall time on a 2-core machine (a batch of the
/// 19 hard 9x9s takes 7 to 8 ms). Registering anything afterwards is a bug (a panic in debug
/// builds).
pub fn without_guardian() {
    lock().unguarded = true;
}

/// Start the guardian (see the module's first lines). Call it first thing in `main`, while the
/// process has one thread: the fork copies only the calling thread, and with no other thread
/// there is no lock another thread could hold in the copy.
pub fn start_guardian() -> io::Result<()> {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors; close-on-exec keeps them out of every solver.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let (read_end, write_end) = (fds[0], fds[1]);
    // SAFETY: see above: a single-threaded process forks.
    match unsafe { libc::fork() } {
        -1 => Err(io::Error::last_os_error()),
        0 => {
            // SAFETY: in the guardian: its own session (no terminal signals), standard streams
            // to /dev/null (it must not hold a pipe a caller waits on), nothing else open but
            // its end of the pipe.
            unsafe {
                libc::setsid();
                // Out of the way first: with standard input closed, the pipe may be fd 0.
                let pipe = libc::fcntl(read_end, libc::F_DUPFD, 10);
                let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
                for fd in 0..3 {
                    libc::dup2(null, fd);
                }
                libc::dup2(pipe, 3);
                libc::close_range(4, libc::c_uint::MAX, 0);
                guard(std::fs::File::from_raw_fd(3));
                libc::_exit(0);
            }
        }
        _ => {
            // SAFETY: the parent keeps only the write end, which it owns from here on.
            unsafe { libc::close(read_end) };
            lock().guardian = Some(unsafe { std::fs::File::from_raw_fd(write_end) });
            Ok(())
        }
    }
}

/// The guardian's loop: keep the registry's copy until the pipe closes, then kill and remove
/// what is still in it.
fn guard(pipe: std::fs::File) {
    use std::io::BufRead;
    use std::os::unix::ffi::OsStringExt;
    let mut paths = std::collections::BTreeMap::new();
    let mut groups = std::collections::BTreeMap::new();
    for line in io::BufReader::new(pipe).lines() {
        let Ok(line) = line else { break };
        let mut words = line.split(' ');
        let (Some(kind), Some(id)) = (words.next(), words.next()) else {
            continue;
        };
        match (kind, words.next()) {
            ("p", Some(h)) => {
                let bytes: Vec<u8> = (0..h.len() / 2)
                    .filter_map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).ok())
                    .collect();
                paths.insert(
                    id.to_string(),
                    PathBuf::from(std::ffi::OsString::from_vec(bytes)),
                );
            }
            ("g", Some(pid)) => {
                if let Ok(pid) = pid.parse::<i32>() {
                    groups.insert(id.to_string(), pid);
                }
            }
            ("-", None) => {
                paths.remove(id);
                groups.remove(id);
            }
            _ => {}
        }
    }
    for pid in groups.values() {
        kill_group(*pid);
    }
    for path in paths.values() {
        let _ = if path.is_dir() {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
    }
}
