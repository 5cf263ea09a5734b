//! `sdkc render`: SVG pictures of puzzles, checked in a real browser. Each picture of
//! `PICTURES` is drawn by sdkc, rendered to PNG by headless Chromium (Debian's `chromium`,
//! installed by `scripts/install-solvers`) and compared with `tests/render/NAME.png` within a
//! tolerance (anti-aliasing may differ by a shade, a clue may not). After an intended change
//! to the drawing, look at the new pictures and accept them with
//! `SDKC_UPDATE_PICTURES=1 cargo test --test render`.

mod common;
use common::{Sdkc, root};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Name of the reference picture, and `sdkc render` arguments.
const PICTURES: &[(&str, &[&str])] = &[
    ("killer-short", &["examples/killer-short.sdk"]),
    ("jigsaw", &["examples/jigsaw.sdk"]),
    ("arrow-sugarroad", &["examples/library/arrow-sugarroad.sdk"]),
    ("blitz", &["tests/fpuzzles/blitz.txt"]),
    ("one-five-nine", &["tests/fpuzzles/one-five-nine.txt"]),
    ("tiny-scar", &["tests/fpuzzles/tiny-scar.txt"]),
    ("sixteen-solution", &["examples/sixteen.sdk", "--solution"]),
    (
        "xv-kropki-x-solution",
        &["tests/fpuzzles/xv-kropki-x.txt", "--solution"],
    ),
    ("three-candidates", &["examples/three.sdk", "--candidates"]),
];

/// The SVG's width and height, from its first line.
fn size(svg: &str) -> (u32, u32) {
    let attr = |name: &str| -> u32 {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    (attr("width"), attr("height"))
}

/// `svg` rendered by headless Chromium at its own size: RGBA rows, width, height.
fn chromium(svg_path: &Path, width: u32, height: u32, dir: &Path) -> (Vec<u8>, u32, u32) {
    let png_path = dir.join("shot.png");
    let profile = dir.join("profile");
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
            &format!("--window-size={width},{height}"),
            &format!("--screenshot={}", png_path.display()),
            &format!("file://{}", svg_path.display()),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium runs (scripts/install-solvers installs Debian's chromium)");
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish in 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    decode(&std::fs::read(&png_path).expect("chromium wrote the screenshot"))
}

fn decode(bytes: &[u8]) -> (Vec<u8>, u32, u32) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    // Every pixel as RGBA, whatever the PNG stored.
    let channels = info.color_type.samples();
    let rgba: Vec<u8> = buf
        .chunks(channels)
        .flat_map(|p| match channels {
            4 => [p[0], p[1], p[2], p[3]],
            3 => [p[0], p[1], p[2], 255],
            2 => [p[0], p[0], p[0], p[1]],
            _ => [p[0], p[0], p[0], 255],
        })
        .collect();
    (rgba, info.width, info.height)
}

fn encode(path: &Path, rgba: &[u8], width: u32, height: u32) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(rgba)
        .unwrap();
}

/// The share of pixels that differ by more than a third of the range in some channel: a
/// shade of anti-aliasing is not a difference, a missing line or digit is.
fn differing(a: &[u8], b: &[u8]) -> f64 {
    let pixels = a.len() / 4;
    let off = a
        .chunks(4)
        .zip(b.chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 85))
        .count();
    off as f64 / pixels as f64
}

/// At most this share of pixels may differ from the reference.
const TOLERANCE: f64 = 0.002;

fn reference(name: &str) -> PathBuf {
    root().join(format!("tests/render/{name}.png"))
}

#[test]
fn pictures_match_their_references_in_chromium() {
    let update = std::env::var_os("SDKC_UPDATE_PICTURES").is_some();
    let dir = tempfile::tempdir().unwrap();
    let mut shots = Vec::new();
    for (name, args) in PICTURES {
        let svg_path = dir.path().join(format!("{name}.svg"));
        let mut all = vec!["render"];
        all.extend_from_slice(args);
        let out = svg_path.display().to_string();
        all.extend(["-o", &out]);
        Sdkc::new().args(&all).run();
        let svg = std::fs::read_to_string(&svg_path).unwrap();
        let (w, h) = size(&svg);
        let (pixels, pw, ph) = chromium(&svg_path, w, h, dir.path());
        assert_eq!((pw, ph), (w, h), "{name}: the screenshot's size");
        if update {
            encode(&reference(name), &pixels, pw, ph);
        }
        let (want, rw, rh) = decode(&std::fs::read(reference(name)).unwrap_or_else(|e| {
            panic!("{name}: no reference picture ({e}); make it with SDKC_UPDATE_PICTURES=1")
        }));
        assert_eq!((rw, rh), (pw, ph), "{name}: size against the reference");
        let d = differing(&pixels, &want);
        if d > TOLERANCE {
            let kept = std::env::temp_dir().join(format!("sdkc-render-{name}.png"));
            encode(&kept, &pixels, pw, ph);
            panic!(
                "{name}: {:.3}% of the pixels differ from tests/render/{name}.png (at most {:.1}% may); Chromium's picture is {}",
                d * 100.0,
                TOLERANCE * 100.0,
                kept.display()
            );
        }
        shots.push((name, pixels, pw, ph));
    }
    // The comparison can fail: two pictures of the same size but different puzzles differ by
    // far more than the tolerance (the killer and the jigsaw are both 9x9 with a title).
    let (killer, jigsaw) = (&shots[0], &shots[1]);
    assert_eq!((killer.2, killer.3), (jigsaw.2, jigsaw.3));
    assert!(differing(&killer.1, &jigsaw.1) > 10.0 * TOLERANCE);
}

/// What the SVG holds, without a browser: a cage a `cage` rule with its total, the givens, and
/// the same bytes every run.
#[test]
fn the_svg_draws_every_clue_and_is_deterministic() {
    let model = std::fs::read_to_string(root().join("examples/killer-short.sdk")).unwrap();
    let cages = model
        .lines()
        .filter(|l| l.starts_with("rule cage("))
        .count();
    let first = Sdkc::new()
        .args(&["render", "examples/killer-short.sdk"])
        .run()
        .out
        .stdout;
    assert_eq!(first.matches("class=\"cage\"").count(), cages);
    assert_eq!(first.matches("class=\"total\"").count(), cages);
    assert!(first.contains(">Killer sudoku (Wikipedia), library form</text>"));
    assert!(
        first.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"660\" height=\"700\"")
    );
    let again = Sdkc::new()
        .args(&["render", "examples/killer-short.sdk"])
        .run()
        .out
        .stdout;
    assert_eq!(first, again);
    // The classic: 30 givens, and with --solution the other 51 digits, in blue.
    let solved = Sdkc::new()
        .args(&["render", "examples/classic.sdk", "--solution"])
        .run()
        .out
        .stdout;
    assert_eq!(solved.matches("class=\"given\"").count(), 30);
    assert_eq!(solved.matches("class=\"solution\"").count(), 51);
    // Candidates: the three solutions' union, as `run --candidates` finds it.
    let three = Sdkc::new()
        .args(&["render", "examples/three.sdk", "--candidates"])
        .run()
        .out
        .stdout;
    assert_eq!(three.matches("class=\"candidate\"").count(), 15);
    assert_eq!(three.matches("class=\"solution\"").count(), 5);
}

/// What has no picture is named in the caption, never dropped silently; a puzzle with no
/// solution has none to draw.
#[test]
fn rules_without_a_picture_are_named_and_no_solution_is_an_error() {
    let svg = Sdkc::new()
        .args(&["render", "examples/kropki.sdk"])
        .run()
        .out
        .stdout;
    assert!(
        svg.contains(">rule white1 (written as algebra, not drawn)</text>"),
        "{svg}"
    );
    let svg = Sdkc::new()
        .args(&["render", "tests/fpuzzles/bird-in-a-storm.txt"])
        .run()
        .out
        .stdout;
    assert!(
        svg.contains(">Anti-knight</text>")
            && svg.contains(">Kropki negative (all dots given)</text>")
    );
    // A distinct area along part of a row is drawn, as a cage without a total (it was left
    // out, as if it were a whole row, which goes without saying).
    let svg = Sdkc::new()
        .model("grid 4x4\nboxes 2x2\narea half = r1c1 r1c2 r1c3\nrule distinct columns, boxes\nrule distinct half\n")
        .args(&["render", "model.sdk"])
        .run()
        .out
        .stdout;
    assert_eq!(svg.matches("class=\"cage\"").count(), 1, "{svg}");
    // A variant drawn as its plain rule is named in the caption (the two pictures were
    // byte-identical; a review found it).
    for (call, caption) in [
        (
            "sum_cage(10, r1c1 r1c2 r1c3)",
            "Sum cages: digits may repeat",
        ),
        (
            "slow_thermo(r9c4-r7c2)",
            "Slow thermometers: digits may repeat",
        ),
        (
            "equality_cage(r1c1 r1c2 r2c1 r2c2)",
            "Equality cages: as many odd as even, low as high; no middle digit",
        ),
        (
            "sandwich_of(r3, 10, 2, 8)",
            "Sandwich clues between 2 and 8",
        ),
    ] {
        let svg = Sdkc::new()
            .model(&format!(
                "grid 9x9\nboxes 3x3\nrule distinct rows, columns, boxes\nrule {call}\nrule {call}\n"
            ))
            .args(&["render", "model.sdk"])
            .run()
            .out
            .stdout;
        assert_eq!(
            svg.matches(&format!(">{caption}</text>")).count(),
            1,
            "{svg}"
        );
    }
    // A control character, which XML cannot hold, is drawn as U+FFFD (the picture was not
    // well-formed).
    let svg = Sdkc::new()
        .model("puzzle \"a\u{1}b\"\ngrid 4x4\nboxes 2x2\nrule distinct rows, columns, boxes\n")
        .args(&["render", "model.sdk"])
        .run()
        .out
        .stdout;
    assert!(
        svg.contains(">a\u{fffd}b</text>") && !svg.contains('\u{1}'),
        "{svg}"
    );
    Sdkc::new()
        .args(&["render", "examples/noway.sdk", "--solution"])
        .status(4)
        .stdout("")
        .stderr("error: the puzzle has no solution (builtin proved it infeasible)\n")
        .run();
}

/// A bad time limit, and `-o` naming the model read, are refused before anything is written
/// (by `render` and `export` alike).
#[test]
fn render_and_export_refuse_bad_arguments() {
    let model = std::fs::read_to_string(root().join("examples/three.sdk")).unwrap();
    let ran = Sdkc::new()
        .model(&model)
        .args(&["render", "model.sdk", "--solution", "--time-limit", "0"])
        .status(2)
        .stdout("")
        .stderr("error: --time-limit must be a positive number of seconds, not 0\n")
        .run();
    for command in ["render", "export"] {
        Sdkc::new()
            .current_dir(&ran.path())
            .args(&[command, "model.sdk", "-o", "model.sdk"])
            .status(2)
            .stderr("error: refusing to write model.sdk: it is the model this command reads; choose another -o\n")
            .run();
        assert_eq!(
            std::fs::read_to_string(ran.path().join("model.sdk")).unwrap(),
            model
        );
    }
}
