//! Stage timings for the one-hot model of box size n: analyze, lower, emit LP, emit MPS.
//! `cargo bench --bench pipeline`; the end-to-end numbers (with peak memory) come from
//! `bench/compile.py`.

use criterion::{Criterion, criterion_group, criterion_main};
use sdkc::emit::{self, Format};

fn model(n: usize) -> String {
    let side = n * n;
    let mut s = format!("grid {side}x{side}\nboxes {n}x{n}\ngivens {{\n");
    for r in 0..side {
        let row: Vec<String> = (0..side)
            .map(|c| {
                if r == c {
                    ((r * n + r / n + c) % side + 1).to_string()
                } else {
                    ".".into()
                }
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s.push_str("}\nrule distinct rows, columns, boxes\n");
    s
}

fn stages(c: &mut Criterion) {
    for n in [3usize, 7] {
        let text = model(n);
        let puzzle = sdkc::load("bench.sdk", text.as_bytes(), None).unwrap();
        let mip = sdkc::lower::lower(&puzzle).unwrap();
        let mut g = c.benchmark_group(format!("n{n}"));
        g.sample_size(20);
        g.bench_function("analyze", |b| {
            b.iter(|| sdkc::load("bench.sdk", text.as_bytes(), None).unwrap())
        });
        g.bench_function("lower", |b| b.iter(|| sdkc::lower::lower(&puzzle).unwrap()));
        for format in [Format::Lp, Format::Mps] {
            g.bench_function(format!("emit-{format}"), |b| {
                b.iter(|| {
                    let mut sink = std::io::sink();
                    emit::write(&mip, format, &mut sink).unwrap();
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, stages);
criterion_main!(benches);
