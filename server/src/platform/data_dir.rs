//! The server's own folder (database, secret, mail, uploads) holds people's documents and
//! the signing secret: everything the server creates is readable by its own user only.

use anyhow::Context;
use std::path::Path;

/// Has every file and folder this process makes from now on made owner-only: SQLite's
/// database and journals, mail files and uploads are written by libraries that take no mode.
/// `main` calls it first, for every command.
pub fn owner_only_files() {
    #[cfg(unix)]
    rustix::process::umask(rustix::fs::Mode::from_bits_truncate(0o077));
}

/// Makes `data_dir` owner-only, and everything made in it later.
pub fn prepare(data_dir: &Path) -> anyhow::Result<()> {
    owner_only_files();
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
        std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(0o700)).with_context(|| format!("cannot make {} owner-only", data_dir.display()))?;
    }
    #[cfg(not(unix))]
    std::fs::create_dir_all(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
    Ok(())
}
