#!/usr/bin/env python3
"""Refresh tests/fuzz/corpus/model/ from the model snippets written in the tests.

The fuzzer's seed corpus is examples/*.sdk (read at run time) plus these files. They are
extracted once and committed, rather than read from the tests at run time, so that the
smoke pass's inputs do not change whenever a test is edited. Run it from anywhere:

    python3 tests/fuzz/extract-snippets.py

It reads every ordinary Rust string literal ("..." and b"...") in tests/*.rs and src/**/*.rs,
substitutes the `const NAME: &str = "..."` constants of the same file for `{NAME}`
placeholders (`format!("{HEADER}rule ...")`), and keeps the multi-line literals that hold a
statement.
A snippet without a `grid` line gets the 9x9 header the error tests use.
"""

import hashlib
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "fuzz" / "corpus" / "model"
HEADER = "grid 9x9\nboxes 3x3\n"
STATEMENT = re.compile(
    r"(?m)^\s*(grid|rule|area|givens|boxes|values|regions|marks|relation|encoding|puzzle)\b\s"
)
LITERAL = re.compile(r'(?<![A-Za-z0-9_#])(b?)"((?:[^"\\]|\\.|\\\n)*)"', re.S)
CONST = re.compile(r'const\s+([A-Z0-9_]+)\s*:\s*&(?:str|\[u8\])\s*=\s*b?"((?:[^"\\]|\\.|\\\n)*)"', re.S)
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?(:[^{}]*)?\}")


def unescape(body: str) -> bytes:
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out += ch.encode()
            i += 1
            continue
        nxt = body[i + 1]
        i += 2
        if nxt == "\n":  # a line continuation: the newline and the next line's indent go
            while i < len(body) and body[i] in " \t\n":
                i += 1
        elif nxt == "x":
            out.append(int(body[i : i + 2], 16))
            i += 2
        elif nxt == "u":
            end = body.index("}", i)
            out += chr(int(body[i + 1 : end], 16)).encode()
            i = end + 1
        else:
            out += {"n": b"\n", "t": b"\t", "r": b"\r", "0": b"\0"}.get(nxt, nxt.encode())
    return bytes(out)


def main() -> None:
    sources = sorted((ROOT / "tests").glob("*.rs")) + sorted((ROOT / "src").rglob("*.rs"))
    seen = {}
    for path in sources:
        if path.name == "fuzz.rs":
            continue
        text = path.read_text()
        consts = {m.group(1): unescape(m.group(2)) for m in CONST.finditer(text)}
        for m in LITERAL.finditer(text):
            raw = unescape(m.group(2))

            def fill(p: re.Match) -> bytes:
                return consts.get(p.group(1) or "", b"").decode("utf-8", "replace")

            try:
                decoded = raw.decode()
            except UnicodeDecodeError:
                snippet = raw  # a deliberately bad byte: keep it as it is
            else:
                if m.group(1) == "" and PLACEHOLDER.search(decoded):
                    decoded = PLACEHOLDER.sub(fill, decoded)
                    decoded = decoded.replace("{{", "{").replace("}}", "}")
                snippet = decoded.encode()
            # Messages in src/ quote keywords too; a model snippet spans lines.
            if b"\n" not in snippet or not STATEMENT.search(snippet.decode("utf-8", "replace")):
                continue
            if not re.search(rb"(?m)^\s*grid\s", snippet):
                snippet = HEADER.encode() + snippet
            digest = hashlib.sha1(snippet).hexdigest()[:12]
            seen.setdefault(digest, (path.stem, snippet))
    for old in OUT.glob("*.sdk"):
        old.unlink()
    OUT.mkdir(parents=True, exist_ok=True)
    for digest, (stem, snippet) in sorted(seen.items()):
        (OUT / f"{stem}-{digest}.sdk").write_bytes(snippet)
    print(f"{len(seen)} snippets in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
