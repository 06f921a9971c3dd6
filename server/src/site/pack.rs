//! The prerender output on disk: one append-only file of compressed page bodies, read back by
//! offset. One file rather than one per page, because creating 100,000 small files costs the
//! kernel more than rendering them; and it is unlinked as soon as it is open, so a crash leaves
//! nothing behind and every start begins from the database.

use bytes::Bytes;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct Pack {
    file: File,
    end: AtomicU64,
}

impl Pack {
    pub fn create(dir: &Path) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(format!("pages-{}-{:016x}.pack", std::process::id(), rand::random::<u64>()));
        let file = OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
        std::fs::remove_file(&path)?;
        Ok(Pack { file, end: AtomicU64::new(0) })
    }

    /// Writes `parts` one after another at the end; returns the offset of the first. Writers
    /// never wait for each other: each takes its own range first.
    pub fn append(&self, parts: &[&[u8]]) -> io::Result<u64> {
        let length: u64 = parts.iter().map(|part| part.len() as u64).sum();
        let offset = self.end.fetch_add(length, Ordering::Relaxed);
        let mut at = offset;
        for part in parts {
            self.file.write_all_at(part, at)?;
            at += part.len() as u64;
        }
        Ok(offset)
    }

    pub fn read(&self, offset: u64, length: u32) -> io::Result<Bytes> {
        let mut bytes = vec![0; length as usize];
        self.file.read_exact_at(&mut bytes, offset)?;
        Ok(bytes.into())
    }

    /// Bytes written so far, the dead ones of replaced pages included.
    pub fn written_bytes(&self) -> u64 {
        self.end.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_appended_reads_back_and_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let pack = Pack::create(dir.path()).unwrap();
        let first = pack.append(&[b"<html>", b"{}"]).unwrap();
        let second = pack.append(&[b"<p>two</p>"]).unwrap();
        assert_eq!((first, second, pack.written_bytes()), (0, 8, 18));
        assert_eq!(pack.read(6, 2).unwrap(), Bytes::from_static(b"{}"));
        assert_eq!(pack.read(second, 10).unwrap(), Bytes::from_static(b"<p>two</p>"));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the file is unlinked while open");
    }
}
