//! The files a user asks sdkc to write (every `-o`). sdkc writes what it was asked to and
//! nothing else: a regular file is replaced whole or not at all and keeps its permissions and
//! owner; a symlink is followed and its target replaced; a character device, FIFO or socket is
//! written in place, never replaced by a file; a file that is an input of the same command is
//! refused before any work.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::cleanup::TempFile;

#[derive(Debug)]
pub enum OutputError {
    /// `-o` names a file the same command reads.
    IsInput { path: PathBuf, role: &'static str },
    /// `-o` names something sdkc will not write into (a folder, a block device).
    NotAFile { path: PathBuf, what: &'static str },
    /// The system refused (no such folder, no permission, disk full, a symlink loop).
    Io { path: PathBuf, error: io::Error },
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::IsInput { path, role } => write!(
                f,
                "refusing to write {}: it is the {role} this command reads; choose another -o",
                path.display()
            ),
            OutputError::NotAFile { path, what } => write!(
                f,
                "cannot write {}: it is {what}; sdkc writes regular files, character devices, FIFOs and sockets",
                path.display()
            ),
            OutputError::Io { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for OutputError {}

/// The file an input path reads: `-`, standard input, is `/dev/stdin`, which is the file it
/// was redirected from (`render - -o m.sdk < m.sdk` reads m.sdk).
pub fn as_file(input: &Path) -> &Path {
    if input == Path::new("-") {
        Path::new("/dev/stdin")
    } else {
        input
    }
}

/// Refuse an `-o` that names one of `inputs` (`(path, role)`, e.g. the model): writing it would
/// destroy what the command is reading. Compared by device and inode, so a symlink, a hard link
/// or another spelling of the same file is caught too. Call before any work.
pub fn refuse_inputs(output: &Path, inputs: &[(&Path, &'static str)]) -> Result<(), OutputError> {
    if output == Path::new("-") {
        return Ok(());
    }
    let Ok(out) = fs::metadata(output) else {
        return Ok(()); // a new file is nobody's input
    };
    for &(input, role) in inputs {
        if let Ok(m) = fs::metadata(as_file(input))
            && (m.dev(), m.ino()) == (out.dev(), out.ino())
            // /dev/stdin as the model and -o /dev/stdout can be the same terminal: that is no
            // file to destroy.
            && out.file_type().is_file()
        {
            return Err(OutputError::IsInput {
                path: output.to_path_buf(),
                role,
            });
        }
    }
    Ok(())
}

/// Write the file at `path` with what `fill` writes; see the module's first lines for what
/// happens to what is there already. A regular file goes through a temporary file in the same
/// folder, flushed to disk and renamed over the target only when complete, so a failure or an
/// interrupt never leaves half a file (and the temporary file is removed).
pub fn write<E: From<OutputError>>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<(), E> {
    let io_err = |error: io::Error| OutputError::Io {
        path: path.to_path_buf(),
        error,
    };
    let target = resolve(path).map_err(io_err)?;
    let existing = match fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_err(e).into()),
    };
    if let Some(m) = &existing {
        let t = m.file_type();
        let what = if t.is_dir() {
            Some("a folder")
        } else if t.is_block_device() {
            Some("a block device")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(OutputError::NotAFile {
                path: path.to_path_buf(),
                what,
            }
            .into());
        }
        if !t.is_file() {
            // A character device, a FIFO or a socket: write into it, never replace it.
            let file = OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(io_err)?;
            let mut w = io::BufWriter::with_capacity(1 << 16, &file);
            fill(&mut w)?;
            return w.flush().map_err(|e| io_err(e).into());
        }
    }
    if existing.is_some() {
        // Replacing needs only the folder's write permission, but a file the user may not
        // write is not theirs to replace: `>` in a shell refuses it, and so does sdkc (a
        // review replaced a 0444 file, and root's 0644 one, as another user). Opened for
        // writing without truncating, it is left as it was.
        OpenOptions::new()
            .write(true)
            .open(&target)
            .map_err(io_err)?;
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // A new file gets 0666 less the umask, as `>` in a shell gives it; a replaced one keeps
    // its mode exactly (set below, where the umask does not apply).
    let tmp = TempFile::new_in(dir, 0o666).map_err(io_err)?;
    if let Some(m) = &existing {
        let file = tmp.as_file();
        // The owner first: chown clears set-id bits, which set_permissions then restores.
        // Only root may give a file away; anyone else keeps their own ownership silently.
        let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
        file.set_permissions(fs::Permissions::from_mode(m.mode() & 0o7777))
            .map_err(io_err)?;
    }
    {
        let mut w = io::BufWriter::with_capacity(1 << 20, tmp.as_file());
        fill(&mut w)?;
        w.flush().map_err(io_err)?;
    }
    tmp.as_file().sync_all().map_err(io_err)?;
    tmp.persist(&target).map_err(io_err)?;
    Ok(())
}

/// Follow `path` through symlinks to the file they name (which need not exist yet): replacing
/// a symlink with a file would cut the link, so its target is what gets written.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    // The limit Linux uses for a path lookup (ELOOP beyond it).
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}
