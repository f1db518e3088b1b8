//! `cargo xtask dist [--out DIR] [--live URL] [--for-tests]`: the
//! self-contained static site — the
//! game, the rules page, the embed script and iframe route, both wasm
//! modules (through `wasm-opt`), the search worker, the page's modules
//! bundled and minified by esbuild (see [`bundle`]), the CSS and the wasm
//! bindings minified file by file, the app manifest and icons, and a
//! service worker whose cache is named by a hash of every file it serves —
//! and nothing else (no tests, sources, type declarations or dot-files).
//! Upload the folder to any static host, at its root or under a sub-path:
//! every URL in it is relative.

use crate::install::{self, e2e_dir, run, run_quietly};
use crate::root;
use crate::wasm::build_web;
use anyhow::{Context as _, bail};
use sha2::{Digest as _, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Files of `web/` that are for the developer only: the type declarations
/// and the service worker's template (`make` fills it in as `sw.js`); the
/// lessons' data, which esbuild bundles into the lessons page's script.
const NOT_SHIPPED: &[&str] = &["lib/types.js", "sw.js", "learn/lessons.json"];

/// Where a file of `web/` is served when that is not its source path. The
/// source keeps each page's HTML, CSS and wiring in the page's folder
/// (`friend/`, `analysis/`, `rules/`, `play/`) and what pages share in
/// `lib/`; the site serves them where links and embeds have always found
/// them (`web/friend.html`, `web/style.css`, ...). A page's HTML names its
/// scripts and styles by these URLs. Every file under `lib/` or a page
/// folder that the site serves must be listed here (or be a bundled
/// script, [`MAIN_ENTRY`] and [`OTHER_ENTRIES`]): `make` refuses others.
const PUBLIC: &[(&str, &str)] = &[
    ("lib/style.css", "style.css"),
    // A plain script, not a module, so copied (and minified) as it is: the
    // notice of a page opened from disk, which index.html writes in only on
    // `file://`, where modules cannot run.
    ("play/file-page.js", "file-page.js"),
    ("friend/friend.html", "friend.html"),
    ("friend/friend.css", "friend.css"),
    ("lobby/lobby.html", "lobby.html"),
    ("lobby/lobby.css", "lobby.css"),
    ("analysis/analysis.html", "analysis.html"),
    ("analysis/analysis.css", "analysis.css"),
    ("analysis/review.css", "review.css"),
    ("rules/rules.html", "rules.html"),
    ("learn/learn.html", "learn.html"),
    ("learn/learn.css", "learn.css"),
    ("games/games.html", "games.html"),
    ("players/players.html", "players.html"),
    ("players/players.css", "players.css"),
    ("games/games.css", "games.css"),
    ("puzzles/puzzles.html", "puzzles.html"),
    ("puzzles/puzzles.css", "puzzles.css"),
    // The puzzle set (crates/diablo-lab, docs/puzzles.md): fetched by the
    // puzzles page when it opens, never part of a script.
    ("puzzles/puzzles.json", "puzzles.json"),
];

/// The wasm modules and their bindings: written by wasm-bindgen next to the
/// adapters that import them, served as `web/pkg/`.
const PKG: (&str, &str) = ("lib/engine/pkg/", "pkg/");

/// The game page's script, bundled on its own (one file, plus the chunks
/// it imports on demand): what the page loads at start is what counts.
/// Each entry is (the script's name in the site's `web/`, its source).
const MAIN_ENTRY: (&str, &str) = ("main", "play/main.js");

/// The other pages' and the element's scripts, bundled together so that
/// they share chunks (a page showing boards loads the element's code once).
const OTHER_ENTRIES: &[(&str, &str)] = &[
    ("rules", "rules/rules.js"),
    ("friend", "friend/friend.js"),
    ("lobby", "lobby/lobby.js"),
    // The header's "Play online" entry of every page (the game page loads it
    // once playable: play/controls.js) and the player in its Settings.
    ("online", "lib/header/online.js"),
    ("analysis", "analysis/analysis.js"),
    ("learn", "learn/learn.js"),
    ("games", "games/games.js"),
    ("players", "players/players.js"),
    ("puzzles", "puzzles/puzzles.js"),
    ("embed/diablo-board", "embed/diablo-board.js"),
    ("embed/frame", "embed/frame.js"),
    ("ai-worker", "lib/engine/ai-worker.js"),
];

/// The modules the browser tests import by URL, built only for them
/// (`--for-tests`) and bundled on their own, so that the shipped files
/// are the same with them or without.
const TEST_ENTRIES: &[(&str, &str)] = &[
    ("engine", "lib/engine/engine.js"),
    ("computer", "lib/game/computer.js"),
    ("i18n", "lib/i18n/i18n.js"),
    ("embed/config", "embed/config.js"),
];

/// The path in the site's `web/` of the file at `rel` in the source's
/// `web/`, or `None` for a file the site does not serve as it is (a module,
/// which is bundled; a type declaration; a dot-file). An error for a file
/// of a page or of `lib/` with no public name.
fn public_path(rel: &str) -> anyhow::Result<Option<String>> {
    if let Some((_, to)) = PUBLIC.iter().find(|(from, _)| *from == rel) {
        return Ok(Some((*to).to_string()));
    }
    if let Some(name) = rel.strip_prefix(PKG.0) {
        // The bindings' JavaScript; the wasm goes through wasm-opt.
        let shipped = name.ends_with(".js") && !name.contains('/');
        return Ok(shipped.then(|| format!("{}{name}", PKG.1)));
    }
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name.starts_with('.')
        || name.ends_with(".d.ts")
        || name.ends_with(".js")
        || NOT_SHIPPED.contains(&rel)
    {
        return Ok(None);
    }
    if rel.contains('/') && !rel.starts_with("app/") && !rel.starts_with("embed/") {
        bail!("web/{rel} has no URL in the site: list it in PUBLIC (crates/xtask/src/dist.rs)");
    }
    Ok(Some(rel.to_string()))
}

/// `wasm-opt` flags per module: the game and friend-page modules small (`-Os`
/// measures about 200 bytes smaller gzipped than `-Oz` on them), the AI
/// modules fast; SIMD allowed in the one built with it.
const OPT: [(&str, &str, &[&str]); 4] = [
    ("diablo_wasm_bg.wasm", "-Os", &[]),
    ("diablo_wasm_ai_bg.wasm", "-O3", &[]),
    ("diablo_wasm_ai_simd_bg.wasm", "-O3", &["--enable-simd"]),
    ("diablo_wasm_corr_bg.wasm", "-Os", &[]),
];

/// The marker file a dist folder always holds (and the page may read).
const MARKER: &str = "version.json";

/// The default output folder.
/// `dist/` in the checkout, or the folder `DIABLO_DIST` names (so two
/// people testing in one checkout can keep their builds apart).
pub fn default_out() -> PathBuf {
    std::env::var_os("DIABLO_DIST").map_or_else(|| root().join("dist"), PathBuf::from)
}

/// Where the pages look for the live relay: `live.json` at the site's
/// root, `{"url": null}` (links only) unless `--live URL` names a relay.
/// `diablo-server` answers this path itself with its own relay, so the
/// file is left out of the service worker's list: pages always ask.
const LIVE: &str = "live.json";

/// Builds the site into `out`, naming the relay `live` (none: links
/// only), with the test-only modules when `for_tests`.
pub fn dist(out: &Path, live: Option<&str>, for_tests: bool) -> anyhow::Result<PathBuf> {
    build_web()?;
    install::ensure_npm_packages()?;
    make(out, for_tests)?;
    let url = serde_json::to_string(&live).context("the relay's URL")?;
    write(&out.join(LIVE), format!("{{\"url\": {url}}}\n").as_bytes())?;
    report(out)?;
    println!("xtask: the site is in {}", out.display());
    Ok(out.to_path_buf())
}

/// Writes the site (the wasm modules must be built).
fn make(out: &Path, for_tests: bool) -> anyhow::Result<()> {
    clear(out)?;
    let web = root().join("web");
    let mut copied = Vec::new();
    copy_file(
        &root().join("index.html"),
        &out.join("index.html"),
        &mut copied,
        out,
    )?;
    copy_site(&web, &out.join("web"), &mut copied, out)?;
    minify(out, &copied)?;
    bundle(&web, &out.join("web"), for_tests)?;
    let opt = e2e_dir().join("node_modules").join(".bin").join("wasm-opt");
    for (wasm, level, features) in OPT {
        let from = web.join(PKG.0).join(wasm);
        let to = out.join("web").join(PKG.1).join(wasm);
        run(Command::new(&opt)
            .arg(level)
            .args(features)
            .args([
                "--enable-bulk-memory",
                "--enable-nontrapping-float-to-int",
                "--enable-sign-ext",
                "--enable-mutable-globals",
                // Sections for toolchains, not browsers.
                "--strip-producers",
                "--strip-target-features",
            ])
            .arg(&from)
            .arg("-o")
            .arg(&to))?;
    }
    check_urls(&out.join("web"))?;
    let mut files: Vec<String> = walk(out)?.iter().map(|f| relative(f, out)).collect();
    files.sort();
    // The service worker: every file and a version naming their contents.
    let version = version_of(out, &files)?;
    let mut listed: Vec<String> = vec!["./".into()];
    listed.extend(files.iter().cloned());
    let list = listed
        .iter()
        .map(|f| format!("\"{f}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let sw = std::fs::read_to_string(web.join("sw.js"))
        .context("cannot read web/sw.js")?
        .replace("'__VERSION__'", &format!("'{version}'"))
        .replace("['__FILES__']", &format!("[{list}]"));
    write(&out.join("sw.js"), sw.as_bytes())?;
    write(
        &out.join(MARKER),
        format!(
            "{{\"version\": \"{version}\", \"files\": {}}}\n",
            files.len() + 1
        )
        .as_bytes(),
    )?;
    Ok(())
}

/// A version naming the contents of `files` (paths in `out`): the first
/// 64 bits of a SHA-256 over each path and its bytes.
fn version_of(out: &Path, files: &[String]) -> anyhow::Result<String> {
    let mut hash = Sha256::new();
    for f in files {
        hash.update(f.as_bytes());
        hash.update([0]);
        let bytes = std::fs::read(out.join(f)).with_context(|| format!("cannot read {f}"))?;
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    }
    Ok(hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Minifies the copied scripts and styles in place, each file on its own:
/// the style sheet and the wasm bindings (`web/pkg/*.js`, which keep their
/// names, since each finds its wasm next to itself by `import.meta.url`).
fn minify(out: &Path, files: &[String]) -> anyhow::Result<()> {
    let esbuild = e2e_dir().join("node_modules").join(".bin").join("esbuild");
    let inputs: Vec<&String> = files
        .iter()
        .filter(|f| f.ends_with(".js") || f.ends_with(".css"))
        .collect();
    run(Command::new(&esbuild).current_dir(out).args(inputs).args([
        "--minify",
        "--target=es2022",
        "--outdir=.",
        "--outbase=.",
        "--allow-overwrite",
        "--log-level=warning",
    ]))
}

/// Bundles the page's modules from `web` into `to` (`dist/web`): each entry
/// gets its public name (the HTML files load them by it), shared code goes into
/// `chunk-*.js` and modules loaded with `import()` into `NAME-*.js`, all
/// next to `main.js`, so every relative URL a module builds from
/// `import.meta.url` (the worker's) still means `web/`; the wasm bindings
/// stay separate files (`--external`), next to their wasm.
fn bundle(web: &Path, to: &Path, for_tests: bool) -> anyhow::Result<()> {
    let esbuild = e2e_dir().join("node_modules").join(".bin").join("esbuild");
    let to = std::path::absolute(to).with_context(|| format!("cannot resolve {}", to.display()))?;
    let common = |entries: &[(&str, &str)]| {
        let mut cmd = Command::new(&esbuild);
        cmd.current_dir(web)
            .args(entries.iter().map(|(name, from)| format!("{name}={from}")))
            .args([
                "--bundle",
                "--splitting",
                "--format=esm",
                "--minify",
                "--target=es2022",
                "--outbase=.",
                "--external:./pkg/*",
                "--log-level=warning",
            ]);
        cmd.arg(format!("--outdir={}", to.display()));
        cmd
    };
    run(&mut common(&[MAIN_ENTRY]))?;
    run(&mut common(OTHER_ENTRIES))?;
    if for_tests {
        run(&mut common(TEST_ENTRIES))?;
    }
    Ok(())
}

/// Fails when a bundled script builds a URL from `import.meta.url` (the
/// worker's, a wasm file's) that names no file of the site: bundling moves
/// code between files, and such a URL is relative to the file it ends up in.
fn check_urls(web: &Path) -> anyhow::Result<()> {
    const START: &str = "new URL(\"";
    const END: &str = "\",import.meta.url)";
    for file in walk(web)? {
        if file.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let mut rest = text.as_str();
        let mut checked = 0;
        while let Some(at) = rest.find(START) {
            rest = &rest[at + START.len()..];
            let Some(end) = rest.find('"') else { break };
            let name = &rest[..end];
            if !rest[end..].starts_with(END) {
                continue;
            }
            checked += 1;
            if !file.parent().unwrap_or(web).join(name).exists() {
                bail!(
                    "{} asks for {name}, which is not in the site",
                    file.display()
                );
            }
        }
        // The wasm bindings, imported by path (`--external:./pkg/*`).
        for (at, _) in text.match_indices("\"./pkg/") {
            let name = text[at + 1..].split('"').next().unwrap_or_default();
            if !file.parent().unwrap_or(web).join(name).exists() {
                bail!(
                    "{} imports {name}, which is not in the site",
                    file.display()
                );
            }
        }
        if text.matches("import.meta.url").count() != checked {
            bail!(
                "{} uses import.meta.url other than as new URL(\"NAME\", import.meta.url): cannot check it",
                file.display()
            );
        }
    }
    Ok(())
}

/// Every file under `dir`, in no particular order.
fn walk(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter(|e| e.as_ref().map_or(true, |e| !e.file_type().is_dir()))
        .map(|e| {
            e.map(walkdir::DirEntry::into_path)
                .with_context(|| format!("cannot read {}", dir.display()))
        })
        .collect()
}

/// Empties `out`, refusing a non-empty folder that is not an earlier build.
fn clear(out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        let empty = std::fs::read_dir(out)
            .with_context(|| format!("cannot read {}", out.display()))?
            .next()
            .is_none();
        if !empty && !out.join(MARKER).exists() {
            bail!(
                "{} is not empty and holds no {MARKER}: not overwriting it",
                out.display()
            );
        }
        std::fs::remove_dir_all(out).with_context(|| format!("cannot clear {}", out.display()))?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))
}

/// An HTML page without the indentation at the start of its lines (the
/// browser ignores it, gzip does not). A page with `<pre>` or `<textarea>`
/// content spread over lines keeps its text as written.
fn unindent_html(text: &str) -> String {
    let keeps_space = text.contains("<pre")
        || text.match_indices("<textarea").any(|(i, _)| {
            text[i..]
                .find("</textarea>")
                .is_some_and(|end| text[i..i + end].contains('\n'))
        });
    if keeps_space {
        return text.to_string();
    }
    text.lines()
        .map(str::trim_start)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn relative(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn write(to: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(to, bytes).with_context(|| format!("cannot write {}", to.display()))
}

fn copy_file(from: &Path, to: &Path, files: &mut Vec<String>, out: &Path) -> anyhow::Result<()> {
    let mut bytes =
        std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
    if from.extension().is_some_and(|e| e == "html")
        && let Ok(text) = std::str::from_utf8(&bytes)
    {
        bytes = unindent_html(text).into_bytes();
    }
    write(to, &bytes)?;
    files.push(relative(to, out));
    Ok(())
}

/// Copies what the site serves from `web/` as it is, each file to its
/// public path ([`public_path`]): the modules are bundled instead, and
/// nothing the browser never asks for is copied.
fn copy_site(from: &Path, to: &Path, files: &mut Vec<String>, out: &Path) -> anyhow::Result<()> {
    let mut sources = walk(from)?;
    sources.sort();
    for path in sources {
        let rel = relative(&path, from);
        if rel.split('/').any(|part| part.starts_with('.')) {
            continue;
        }
        if let Some(public) = public_path(&rel)? {
            copy_file(&path, &to.join(public), files, out)?;
        }
    }
    Ok(())
}

/// Prints each file's raw, gzip and brotli size (measured by Node's zlib,
/// which the test tools need anyway), and the total the game page loads at
/// start.
fn report(out: &Path) -> anyhow::Result<()> {
    let script = r"
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const zlib = require('node:zlib');
const root = process.argv[1];
const walk = (d) => readdirSync(d).flatMap((n) => statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]);
const rows = walk(root).sort().map((f) => {
  const b = readFileSync(f);
  const br = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return [f.slice(root.length + 1), b.length, zlib.gzipSync(b, { level: 9 }).length, br];
});
const pad = (s, n) => String(s).padStart(n);
console.log(`${'file'.padEnd(40)} ${pad('raw', 9)} ${pad('gzip', 9)} ${pad('brotli', 9)}`);
for (const [f, r, g, b] of rows) console.log(`${f.padEnd(40)} ${pad(r, 9)} ${pad(g, 9)} ${pad(b, 9)}`);
const sum = (i, pick) => rows.filter(pick).reduce((a, r) => a + r[i], 0);
const all = () => true;
console.log(`${'total'.padEnd(40)} ${pad(sum(1, all), 9)} ${pad(sum(2, all), 9)} ${pad(sum(3, all), 9)}`);
";
    run_quietly(Command::new("node").args(["-e", script]).arg(out))
}

#[cfg(test)]
mod html_tests {
    use super::unindent_html;

    #[test]
    fn indentation_goes_unless_preformatted_text_is_there() {
        assert_eq!(
            unindent_html("<p>\n    <b>x</b>\n  </p>"),
            "<p>\n<b>x</b>\n</p>\n"
        );
        let pre = "<pre>\n  a\n</pre>";
        assert_eq!(unindent_html(pre), pre);
        let area = "<textarea>\n  keep\n</textarea>";
        assert_eq!(unindent_html(area), area);
        assert_eq!(
            unindent_html("<textarea></textarea>\n  <p>"),
            "<textarea></textarea>\n<p>\n"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_empty_folder_that_is_not_a_build_is_never_cleared() {
        let dir = std::env::temp_dir().join(format!("diablo-dist-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("precious.txt"), b"keep").expect("write");
        let e = clear(&dir).expect_err("refused");
        assert!(e.to_string().contains("not overwriting"), "{e}");
        assert!(dir.join("precious.txt").exists());
        std::fs::write(dir.join(MARKER), b"{}").expect("write");
        clear(&dir).expect("an earlier build is cleared");
        assert!(!dir.join("precious.txt").exists());
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn versions_name_contents() {
        let dir = std::env::temp_dir().join(format!("diablo-version-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("web")).expect("temp dir");
        let files = ["index.html".to_string(), "web/main.js".to_string()];
        std::fs::write(dir.join("index.html"), b"<p>").expect("write");
        std::fs::write(dir.join("web/main.js"), b"go()").expect("write");
        let first = version_of(&dir, &files).expect("a version");
        assert_eq!(first.len(), 16);
        assert_eq!(version_of(&dir, &files).expect("again"), first);
        std::fs::write(dir.join("web/main.js"), b"go( )").expect("write");
        assert_ne!(version_of(&dir, &files).expect("changed"), first);
        // A byte moved from one file to the next is another site too.
        std::fs::write(dir.join("index.html"), b"<p>g").expect("write");
        std::fs::write(dir.join("web/main.js"), b"o()").expect("write");
        assert_ne!(version_of(&dir, &files).expect("moved"), first);
        std::fs::remove_dir_all(&dir).expect("clean up");
        assert_eq!(
            relative(Path::new("/x/dist/web/a.js"), Path::new("/x/dist")),
            "web/a.js"
        );
    }
}
