//! The server's own source files, for the tests that keep rules the compiler cannot: every
//! write a `Change`, every setting in the README.

use std::path::{Path, PathBuf};

/// Each `.rs` file under `server/src`, as its path from there (with `/`) and its text.
pub fn rust_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(files.len() > 50, "the server's sources were not found under {}", root.display());
    files
        .into_iter()
        .map(|file| {
            let name = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&file).unwrap();
            (name, text)
        })
        .collect()
}

fn collect(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}
