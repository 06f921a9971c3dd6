//! The server's own folder (database, secret, mail, uploads) holds people's documents and
//! the signing secret: everything the server creates is readable by its own user only.

use anyhow::Context;
use std::path::Path;

/// Makes `data_dir` owner-only and has every later file and folder made owner-only too.
pub fn prepare(data_dir: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        // The process-wide default, so SQLite's journal files, mail files and uploads (written
        // by libraries that do not take a mode) are owner-only as well.
        // SAFETY: umask only sets the process's file-creation mask; it cannot fail.
        unsafe { libc::umask(0o077) };
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
        std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(0o700)).with_context(|| format!("cannot make {} owner-only", data_dir.display()))?;
    }
    #[cfg(not(unix))]
    std::fs::create_dir_all(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
    Ok(())
}
