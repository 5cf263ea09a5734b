//! `sdkc compile`: the model as CPLEX-LP or MPS.

use std::io::Write;
use std::path::Path;

use sdkc::emit::{self, Format};
use sdkc::{Formulation, exit, mip::Mip};

use super::{print_model_errors, read_model};

pub fn compile(
    path: &Path,
    output: Option<&Path>,
    format: Format,
    stats: bool,
    formulation: Option<Formulation>,
) -> u8 {
    // A model from standard input has no name to put an extension on: it goes to standard output.
    // A model that is not a regular file (`-`, `/dev/stdin`, a FIFO, `<(...)`) has no folder
    // to put `MODEL.lp` in (`/dev/stdin.lp` would land in /dev): it goes to standard output.
    let streamed = path == Path::new("-") || !std::fs::metadata(path).is_ok_and(|m| m.is_file());
    let to_stdout = output == Some(Path::new("-")) || (output.is_none() && streamed);
    let out = output.map_or_else(
        || path.with_extension(format.extension()),
        Path::to_path_buf,
    );
    if let Err(e) = sdkc::output::refuse_inputs(&out, &[(path, "model")]) {
        eprintln!("error: {e}");
        return exit::USAGE;
    }
    let (bytes, name) = match read_model(path) {
        Ok(b) => b,
        Err((msg, code)) => {
            eprintln!("error: {msg}");
            return code;
        }
    };
    let (puzzle, mip) = match sdkc::build_with(&name, &bytes, None, formulation) {
        Ok(x) => x,
        Err(errs) => {
            print_model_errors(&name, &errs);
            return exit::MODEL;
        }
    };
    let result = if to_stdout {
        let stdout = std::io::stdout();
        let mut lock = std::io::BufWriter::new(stdout.lock());
        emit::write(&mip, format, &mut lock)
            .and_then(|()| lock.flush().map_err(emit::EmitError::Io))
    } else {
        emit::write_file(&mip, format, &out).map(|()| {
            eprintln!(
                "wrote {} ({} columns, {} rows, {} non-zeros)",
                out.display(),
                mip.columns.len(),
                mip.rows.len(),
                mip.nonzeros()
            );
        })
    };
    if let Err(e) = result {
        if let emit::EmitError::Io(io) = &e
            && io.kind() == std::io::ErrorKind::BrokenPipe
        {
            return exit::OK; // `compile -o - | head`: the reader has what it wanted
        }
        if to_stdout && let emit::EmitError::Io(io) = &e {
            eprintln!("error: cannot write to standard output: {io}");
        } else {
            eprintln!("error: {e}");
        }
        return e.exit_code();
    }
    if stats {
        let table = stats_table(&mip);
        if to_stdout {
            eprint!("{table}")
        } else {
            out!("{table}")
        }
    }
    // The process ends here: freeing a million small allocations one by one costs more
    // than the operating system reclaiming the pages at exit.
    std::mem::forget(mip);
    std::mem::forget(puzzle);
    exit::OK
}

fn stats_table(mip: &Mip) -> String {
    let width = mip
        .stats
        .iter()
        .map(|s| s.rule.len())
        .max()
        .unwrap_or(4)
        .max(5);
    let mut out = format!(
        "{:<width$}  {:>9}  {:>9}  {:>10}\n",
        "rule", "columns", "rows", "non-zeros"
    );
    for s in &mip.stats {
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>9}  {:>10}\n",
            s.rule, s.columns, s.rows, s.nonzeros
        ));
    }
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>9}  {:>10}\n",
        "total",
        mip.columns.len(),
        mip.rows.len(),
        mip.nonzeros()
    ));
    out
}
