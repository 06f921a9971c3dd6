//! Large kept bodies sent without copying them. A body kept uncompressed (what a client that
//! takes no compression is sent, and what gzip is made from) is held in a sealed file in memory
//! (`memfd`), mapped; a connection asked to write those bytes hands the kernel the file's pages
//! (`sendfile`) rather than copying them into the socket, as nginx does with its files. Copying
//! a 50 KB page was a fifth of the time of sending it. Linux only, as the server is.

use bytes::Bytes;
use parking_lot::Mutex;
use pin_project_lite::pin_project;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, IoSlice, Write};
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};
use tokio::net::TcpStream;

/// Smaller bodies are copied: for them a second system call costs more than the copy saves.
const SMALLEST: usize = 16 * 1024;

/// Each mapped body's first byte's address, its length and its file.
type Bodies = BTreeMap<usize, (usize, RawFd)>;

/// The mapped bodies, replaced whole when one is made or dropped (once per kept body), so that a
/// write looks one up without a lock: each thread keeps the map it last read, and reads it again
/// only once [`VERSION`] has moved. A lock on every large write had both cores writing one line
/// of memory, twice a response.
static MAPPED: LazyLock<Mutex<Arc<Bodies>>> = LazyLock::new(Mutex::default);

/// Moves on every change of [`MAPPED`], inside its lock. A body's bytes reach a connection only
/// after the body was made, so a thread that sees them also sees the version its making set. A
/// dropped body is forgotten (and the version moved) before it is unmapped and its file closed,
/// and only then can the kernel give its address or descriptor to another body, whose making
/// moves the version again: a thread's old copy is never used for the bytes of a new body.
static VERSION: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The version this thread last read, and what it read.
    static SEEN: RefCell<(u64, Arc<Bodies>)> = RefCell::default();
}

fn change(edit: impl FnOnce(&mut Bodies)) {
    let mut bodies = MAPPED.lock();
    edit(Arc::make_mut(&mut bodies));
    VERSION.fetch_add(1, Ordering::Release);
}

/// `look` run on the mapped bodies as of now (read under the lock while the thread's own copy is
/// being torn down).
fn with_bodies<T>(look: impl Fn(&Bodies) -> T) -> T {
    SEEN.try_with(|seen| {
        let (version, bodies) = &mut *seen.borrow_mut();
        let now = VERSION.load(Ordering::Acquire);
        if *version != now {
            *bodies = MAPPED.lock().clone();
            *version = now;
        }
        look(bodies)
    })
    .unwrap_or_else(|_| look(&MAPPED.lock()))
}

/// The most bodies mapped at once (each holds a file descriptor and a mapping, which the rest
/// of the process needs too), whatever the descriptors allowed: the kernel allows a process
/// about 65,000 mappings (`vm.max_map_count`), and the allocator and the threads need theirs.
const MOST_MAPPED: usize = 8192;

/// The kernel's page: a mapped body takes whole ones.
const PAGE: usize = 4096;

/// `body` held in a mapped file, when it is large enough to be worth sending from one; as it is
/// when it is not, or when the file cannot be made.
pub fn mapped(body: Bytes) -> Bytes {
    if body.len() < SMALLEST || MAPPED.lock().len() >= most_mapped() {
        return body;
    }
    match MappedBody::new(&body) {
        Ok(mapped) => Bytes::from_owner(mapped),
        Err(error) => {
            tracing::debug!(%error, "a body could not be held in a mapped file");
            body
        }
    }
}

/// A quarter of the file descriptors the process may open, the rest being for connections, the
/// database and files, and at most [`MOST_MAPPED`].
fn most_mapped() -> usize {
    let open_files = open_files_limit().map_or(0, |limit| limit.rlim_cur);
    usize::try_from(open_files / 4).unwrap_or(usize::MAX).min(MOST_MAPPED)
}

fn open_files_limit() -> Option<libc::rlimit> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the limit into the struct it is given.
    (unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0).then_some(limit)
}

/// Lets the process open as many files as its hard limit allows, as nginx and Go's runtime do:
/// each connection and each mapped body holds one, and the soft limit is often 1,024.
pub fn raise_open_files_limit() {
    let Some(mut limit) = open_files_limit() else { return };
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max;
        // SAFETY: setrlimit reads the struct it is given; a soft limit up to the hard one is allowed.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
            tracing::warn!(error = %io::Error::last_os_error(), "the open files limit could not be raised");
        }
    }
}

/// The memory `bytes` take: whole pages for a mapped body's.
pub fn held_bytes(bytes: &[u8]) -> usize {
    if file_of(bytes).is_some() { bytes.len().next_multiple_of(PAGE) } else { bytes.len() }
}

/// Bytes in a sealed in-memory file, mapped read-only: the file's pages cannot change, so the
/// kernel may send them while the body is dropped.
struct MappedBody {
    file: OwnedFd,
    address: *const u8,
    length: usize,
}

// SAFETY: the mapping is read-only and lives as long as the value.
unsafe impl Send for MappedBody {}
unsafe impl Sync for MappedBody {}

impl MappedBody {
    fn new(body: &[u8]) -> io::Result<Self> {
        // SAFETY: the name is a C string; the call returns a new descriptor or -1.
        let fd = unsafe { libc::memfd_create(c"kept-body".as_ptr(), libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `fd` was just opened and is owned by nothing else.
        let file = std::fs::File::from(unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) });
        (&file).write_all(body)?;
        let seals = libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE | libc::F_SEAL_SEAL;
        // SAFETY: sealing a memfd opened with MFD_ALLOW_SEALING and not mapped writable.
        if unsafe { libc::fcntl(fd, libc::F_ADD_SEALS, seals) } < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a new read-only shared mapping of the whole file, which is `body.len()` long.
        let address = unsafe { libc::mmap(std::ptr::null_mut(), body.len(), libc::PROT_READ, libc::MAP_SHARED, fd, 0) };
        if address == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        let mapped = MappedBody { file: file.into(), address: address.cast(), length: body.len() };
        change(|bodies| {
            bodies.insert(mapped.address as usize, (mapped.length, mapped.file.as_raw_fd()));
        });
        Ok(mapped)
    }
}

impl AsRef<[u8]> for MappedBody {
    fn as_ref(&self) -> &[u8] {
        // SAFETY: the mapping is `length` bytes, readable, and lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.address, self.length) }
    }
}

impl Drop for MappedBody {
    fn drop(&mut self) {
        // Forgotten before it is unmapped: no lookup finds a file for memory that is not its.
        change(|bodies| {
            bodies.remove(&(self.address as usize));
        });
        // SAFETY: unmapping the mapping this value made, which nothing borrows any more.
        unsafe { libc::munmap(self.address.cast_mut().cast(), self.length) };
    }
}

/// The file and the offset in it of `bytes`, when they are part of a mapped body: the file lives
/// as long as the bytes are borrowed. Looked up for large writes only.
fn file_of(bytes: &[u8]) -> Option<(BorrowedFd<'_>, libc::off_t)> {
    if bytes.len() < SMALLEST {
        return None;
    }
    let start = bytes.as_ptr() as usize;
    let (address, length, file) = with_bodies(|bodies| bodies.range(..=start).next_back().map(|(&address, &(length, file))| (address, length, file)))?;
    let offset = libc::off_t::try_from(start - address).ok()?;
    // SAFETY: `bytes` lie within a live mapped body, whose file is closed only after the body is
    // dropped, which cannot happen while its bytes are borrowed.
    (start + bytes.len() <= address + length).then(|| (unsafe { BorrowedFd::borrow_raw(file) }, offset))
}

pin_project! {
    /// A connection that sends the bytes of mapped bodies from their files.
    pub struct SendfileStream {
        #[pin]
        stream: TcpStream,
    }
}

impl SendfileStream {
    pub fn new(stream: TcpStream) -> Self {
        SendfileStream { stream }
    }
}

impl AsyncRead for SendfileStream {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_read(cx, buf)
    }
}

impl AsyncWrite for SendfileStream {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.poll_write_vectored(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let stream = self.project().stream;
        let Some((at, (file, offset))) = bufs.iter().enumerate().find_map(|(n, buf)| file_of(buf).map(|found| (n, found))) else {
            return stream.poll_write_vectored(cx, bufs);
        };
        let socket = stream.as_raw_fd();
        if at > 0 {
            // What comes before (the headers), held back by the kernel until the body follows.
            let before = &bufs[..at];
            return poll_write_io(&stream, cx, || {
                // SAFETY: an `IoSlice` is an `iovec`; the message borrows `before` for the call only.
                let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
                message.msg_iov = before.as_ptr().cast_mut().cast();
                message.msg_iovlen = before.len() as _;
                let sent = unsafe { libc::sendmsg(socket, &message, libc::MSG_MORE | libc::MSG_NOSIGNAL) };
                usize::try_from(sent).map_err(|_| io::Error::last_os_error())
            });
        }
        let length = bufs[0].len();
        poll_write_io(&stream, cx, || {
            let mut from = offset;
            // SAFETY: `file` is borrowed from a body that `bufs` borrows. A client gone away is an
            // error here, not a signal: Rust's runtime ignores SIGPIPE.
            let sent = unsafe { libc::sendfile(socket, file.as_raw_fd(), &mut from, length) };
            usize::try_from(sent).map_err(|_| io::Error::last_os_error())
        })
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_shutdown(cx)
    }
}

/// Runs `write` once the socket takes more, as tokio's own writes do.
fn poll_write_io(stream: &TcpStream, cx: &mut Context<'_>, mut write: impl FnMut() -> io::Result<usize>) -> Poll<io::Result<usize>> {
    loop {
        ready!(stream.poll_write_ready(cx))?;
        match stream.try_io(Interest::WRITABLE, &mut write) {
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
            written => return Poll::Ready(written),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn connected() -> (SendfileStream, TcpStream) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        let (served, _) = listener.accept().await.unwrap();
        (SendfileStream::new(served), client)
    }

    #[tokio::test]
    async fn a_mapped_body_goes_out_whole_after_what_comes_before_it() {
        let page: Vec<u8> = (0..200_000u32).map(|n| (n % 251) as u8).collect();
        let body = mapped(Bytes::from(page.clone()));
        let address = body.as_ptr() as usize;
        let file = file_of(&body).unwrap().0.as_raw_fd();
        assert!(file_of(&body).is_some(), "held in a file");
        assert!(file_of(&body[10..]).is_some() && file_of(&page).is_none(), "found by its address only");
        let (mut served, mut client) = connected().await;
        let reading = tokio::spawn(async move {
            let mut everything = Vec::new();
            client.read_to_end(&mut everything).await.unwrap();
            everything
        });
        let head = b"HTTP/1.1 200 OK\r\n\r\n".to_vec();
        let mut bufs_left = vec![Bytes::from(head.clone()), body.clone(), Bytes::from_static(b"after")];
        // As hyper writes: the buffers not yet sent, again and again, however much each write took.
        while !bufs_left.is_empty() {
            let slices: Vec<IoSlice> = bufs_left.iter().map(|b| IoSlice::new(b)).collect();
            let mut written = std::future::poll_fn(|cx| Pin::new(&mut served).poll_write_vectored(cx, &slices)).await.unwrap();
            while written > 0 {
                let first = &mut bufs_left[0];
                let taken = written.min(first.len());
                let _ = first.split_to(taken);
                written -= taken;
                if first.is_empty() {
                    bufs_left.remove(0);
                }
            }
        }
        served.shutdown().await.unwrap();
        drop(served);
        drop(body);
        let everything = reading.await.unwrap();
        assert_eq!(everything, [head, page, b"after".to_vec()].concat());
        assert_ne!(MAPPED.lock().get(&address).map(|(_, was)| *was), Some(file), "forgotten once dropped");
    }

    #[test]
    fn a_thread_finds_bodies_made_since_it_last_looked() {
        let first = mapped(Bytes::from(vec![1u8; SMALLEST]));
        let (asking, asked) = std::sync::mpsc::channel::<Bytes>();
        let (answering, answers) = std::sync::mpsc::channel();
        let looker = std::thread::spawn(move || {
            for body in asked {
                answering.send(file_of(&body).map(|(file, _)| file.as_raw_fd())).unwrap();
            }
        });
        asking.send(first.clone()).unwrap();
        assert_eq!(answers.recv().unwrap(), file_of(&first).map(|(file, _)| file.as_raw_fd()));
        // Made after the other thread kept its map: it must read the map again, not miss it.
        let second = mapped(Bytes::from(vec![2u8; SMALLEST]));
        asking.send(second.clone()).unwrap();
        let found = answers.recv().unwrap();
        assert!(found.is_some() && found == file_of(&second).map(|(file, _)| file.as_raw_fd()), "{found:?}");
        drop(asking);
        looker.join().unwrap();
    }

    #[test]
    fn a_thread_forgets_bodies_dropped_since_it_last_looked() {
        let body = mapped(Bytes::from(vec![3u8; SMALLEST]));
        let address = body.as_ptr() as usize;
        let (dropped, when_dropped) = std::sync::mpsc::channel::<()>();
        let (answering, answers) = std::sync::mpsc::channel();
        let looker = std::thread::spawn(move || {
            answering.send(with_bodies(|bodies| bodies.contains_key(&address))).unwrap();
            when_dropped.recv().unwrap();
            answering.send(with_bodies(|bodies| bodies.contains_key(&address))).unwrap();
        });
        assert!(answers.recv().unwrap(), "known while it lives");
        drop(body);
        dropped.send(()).unwrap();
        assert!(!answers.recv().unwrap(), "forgotten by a thread that knew it");
        looker.join().unwrap();
    }

    #[test]
    fn small_bodies_stay_as_they_are() {
        let small = Bytes::from(vec![7u8; SMALLEST - 1]);
        let kept = mapped(small.clone());
        assert_eq!(kept.as_ptr(), small.as_ptr(), "not copied into a file");
    }
}
