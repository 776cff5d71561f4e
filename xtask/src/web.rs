//! `cargo xtask web [--serve] [--port N]`: the static site in `target/web/` — the page
//! (`web/`), the library compiled to WebAssembly with wasm-bindgen — and a small server for it
//! on 127.0.0.1.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::{cargo, root, run, target_dir};

pub const TARGET: &str = "wasm32-unknown-unknown";

/// Builds the site; returns its folder.
///
/// Two WebAssembly builds of the bindings: `pkg/calcudoku_web*` (what the page and its worker
/// start with) and `pkg/calcudoku_print*` (with the `pdf` feature: the PDF converter and its
/// fonts, about twice the size, loaded only when the player prints).
pub fn build() -> Result<PathBuf> {
    let root = root();
    let site = target_dir().join("web");
    ensure_target()?;
    let bindgen = bindgen_tool()?;
    let wasm = target_dir().join(TARGET).join("wasm/calcudoku_web.wasm");
    for (features, name) in [("", "calcudoku_web"), ("pdf", "calcudoku_print")] {
        let mut build = cargo();
        build.args(["build", "-p", "calcudoku-web", "--target", TARGET, "--profile", "wasm"]);
        if !features.is_empty() {
            build.args(["--features", features]);
        }
        run(&mut build)?;
        run(Command::new(&bindgen)
            .args(["--target", "web", "--no-typescript", "--out-name", name, "--out-dir"])
            .arg(site.join("pkg"))
            .arg(&wasm))?;
        let bytes = std::fs::read(site.join(format!("pkg/{name}_bg.wasm")))?;
        eprintln!(
            "xtask: pkg/{name}_bg.wasm: {} KB of WebAssembly, {} KB gzipped",
            bytes.len() / 1024,
            gzipped_len(&bytes)? / 1024
        );
    }
    for entry in std::fs::read_dir(root.join("web"))? {
        let path = entry?.path();
        if path.is_file() {
            std::fs::copy(&path, site.join(path.file_name().expect("a file name")))?;
        }
    }
    eprintln!("xtask: {} written", site.display());
    Ok(site)
}

/// The wasm32 target of the toolchain, added when missing.
fn ensure_target() -> Result<()> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    match installed {
        Ok(o) if String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == TARGET) => Ok(()),
        Ok(_) => run(Command::new("rustup").args(["target", "add", TARGET])),
        // No rustup: let cargo say whether the target is there.
        Err(_) => Ok(()),
    }
}

/// The version of a package in Cargo.lock.
fn locked_version(name: &str) -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"") {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    bail!("{name} is not in Cargo.lock")
}

/// wasm-bindgen's command-line tool at the version of the `wasm-bindgen` crate, installed
/// from crates.io into `target/tools` on first use.
fn bindgen_tool() -> Result<PathBuf> {
    let version = locked_version("wasm-bindgen")?;
    let tools = target_dir().join("tools");
    let tool = tools.join("bin/wasm-bindgen");
    let current = Command::new(&tool).arg("--version").output();
    let matches = current.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(&version));
    if !matches {
        run(cargo()
            .args(["install", "wasm-bindgen-cli", "--version", &version, "--root"])
            .arg(&tools))?;
    }
    Ok(tool)
}

/// The size of `bytes` compressed as a web server would send them.
fn gzipped_len(bytes: &[u8]) -> Result<usize> {
    Ok(gzip(bytes)?.len())
}

/// A file's bytes compressed, kept while the file stays the same (gzip -9 of the WebAssembly
/// takes a while).
fn gzip_cached(file: &Path, bytes: &[u8]) -> Result<Vec<u8>> {
    type Cache = std::collections::HashMap<PathBuf, (Vec<u8>, Vec<u8>)>;
    static CACHE: std::sync::Mutex<Option<Cache>> = std::sync::Mutex::new(None);
    if let Some((plain, packed)) =
        CACHE.lock().expect("the gzip cache").get_or_insert_default().get(file)
    {
        if plain == bytes {
            return Ok(packed.clone());
        }
    }
    let packed = gzip(bytes)?;
    let mut cache = CACHE.lock().expect("the gzip cache");
    cache.get_or_insert_default().insert(file.to_path_buf(), (bytes.to_vec(), packed.clone()));
    Ok(packed)
}

/// `bytes` compressed by `gzip -9`.
fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut child = Command::new("gzip")
        .args(["-9", "-c"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .context("gzip, to compress")?;
    let mut stdin = child.stdin.take().expect("piped");
    let data = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output()?;
    writer.join().expect("the writer thread")?;
    Ok(out.stdout)
}

/// Serves `site` on 127.0.0.1:`port` (0: any free port); returns the port.
pub fn serve(site: &Path, port: u16, background: bool) -> Result<u16> {
    let listener = TcpListener::bind(("127.0.0.1", port)).context("binding the web server")?;
    let port = listener.local_addr()?.port();
    let site = site.to_path_buf();
    let accept = move || {
        for stream in listener.incoming().flatten() {
            let site = site.clone();
            std::thread::spawn(move || {
                let _ = respond(&site, stream);
            });
        }
    };
    if background {
        std::thread::spawn(accept);
    } else {
        eprintln!("xtask: serving http://127.0.0.1:{port}/ (Ctrl-C stops)");
        accept();
    }
    Ok(port)
}

fn respond(site: &Path, stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // Headers up to the blank line (no bodies are expected): only whether gzip is taken.
    let mut line = String::new();
    let mut takes_gzip = false;
    while reader.read_line(&mut line)? > 2 {
        let lower = line.to_ascii_lowercase();
        takes_gzip |= lower.starts_with("accept-encoding:") && lower.contains("gzip");
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let rel = if path.ends_with('/') { format!("{path}index.html") } else { path.to_string() };
    let file = site.join(rel.trim_start_matches('/'));
    let inside = !rel.split('/').any(|part| part == "..");
    let mut out = stream;
    match std::fs::File::open(&file).ok().filter(|_| inside && file.is_file()) {
        Some(mut f) => {
            let mut body = Vec::new();
            f.read_to_end(&mut body)?;
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("html") => "text/html; charset=utf-8",
                Some("js" | "mjs") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("wasm") => "application/wasm",
                Some("json") => "application/json",
                Some("png") => "image/png",
                Some("svg") => "image/svg+xml",
                _ => "application/octet-stream",
            };
            // Text and WebAssembly compressed, as a web host sends them.
            let mut encoding = "";
            if takes_gzip && kind != "image/png" && kind != "application/octet-stream" {
                if let Ok(packed) = gzip_cached(&file, &body) {
                    body = packed;
                    encoding = "Content-Encoding: gzip\r\n";
                }
            }
            write!(
                out,
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\n{encoding}Content-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
                body.len()
            )?;
            out.write_all(&body)
        }
        None => {
            write!(out, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
    }
}

/// The page's browser test: the site served on a free port, `web/tests/e2e.mjs` run by Node
/// against it (playwright-core from npm driving Debian's chromium, axe-core in the page), then
/// `web/tests/lighthouse.mjs` (Lighthouse's scores, as a phone and as a desktop).
pub fn browser_test() -> Result<()> {
    let site = build()?;
    let tests = root().join("web/tests");
    if ["playwright-core", "axe-core", "lighthouse"]
        .iter()
        .any(|p| !tests.join("node_modules").join(p).exists())
    {
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&tests))
            .context("installing playwright-core, axe-core and lighthouse with npm (Node.js and npm are needed)")?;
    }
    let port = serve(&site, 0, true)?;
    let base = format!("http://127.0.0.1:{port}/");
    run(Command::new("node").arg(tests.join("e2e.mjs")).arg(&base).arg(&site))?;
    run(Command::new("node").arg(tests.join("lighthouse.mjs")).arg(&base))
}
