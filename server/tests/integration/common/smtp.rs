//! A small real SMTP server for tests: it speaks enough SMTP for lettre and keeps every
//! message it receives, so tests read the codes from the mail as a person would.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Mutex;

#[derive(Clone, Default)]
pub struct Inbox {
    messages: Arc<Mutex<Vec<String>>>,
    /// How long the server takes to accept a message once it has all of it (a slow relay).
    accept_after_ms: Arc<AtomicU64>,
    /// Whether a whole message is in and its acceptance not yet answered.
    accepting: Arc<AtomicBool>,
}

impl Inbox {
    /// Makes the server take `delay` to accept each message it has received.
    pub fn accept_after(&self, delay: Duration) {
        self.accept_after_ms.store(delay.as_millis() as u64, Ordering::SeqCst);
    }

    /// Waits (up to `seconds`) until a message has been received and is being accepted.
    pub async fn wait_until_accepting(&self, seconds: u64) {
        let deadline = std::time::Instant::now() + Duration::from_secs(seconds);
        while !self.accepting.load(Ordering::SeqCst) {
            assert!(std::time::Instant::now() < deadline, "no mail was being sent within {seconds} s");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits (up to `seconds`) for a message to `to`, newest first; returns it decoded.
    pub async fn wait_for(&self, to: &str, seconds: u64) -> String {
        self.wait_for_containing(to, "", seconds).await
    }

    /// Like `wait_for`, for a message that also contains `needle`.
    pub async fn wait_for_containing(&self, to: &str, needle: &str, seconds: u64) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        loop {
            if let Some(message) = self.messages.lock().await.iter().rev().find(|m| m.contains(&format!("To: {to}")) && m.contains(needle)) {
                return message.replace("=\r\n", "").replace("=3D", "=");
            }
            assert!(std::time::Instant::now() < deadline, "no mail to {to} arrived within {seconds} s");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// How many messages to `to` containing `needle` have arrived so far.
    pub async fn count_containing(&self, to: &str, needle: &str) -> usize {
        self.messages.lock().await.iter().filter(|m| m.contains(&format!("To: {to}")) && m.contains(needle)).count()
    }

    /// The 6-digit code of the newest mail to `to` (a line of its own in the text body).
    pub async fn code_for(&self, to: &str) -> String {
        self.code_in(to, "").await
    }

    /// The 6-digit code of the newest mail to `to` that contains `needle`.
    pub async fn code_in(&self, to: &str, needle: &str) -> String {
        let message = self.wait_for_containing(to, needle, 15).await;
        let code = message.lines().map(str::trim).find(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_digit()));
        code.expect("a line holding the 6-digit code").to_string()
    }
}

/// Serves SMTP on `listener` until the test ends.
pub fn serve(listener: TcpListener, inbox: Inbox) {
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let inbox = inbox.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 test.smtp ESMTP\r\n").await;
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            inbox.accepting.store(true, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(inbox.accept_after_ms.load(Ordering::SeqCst))).await;
                            inbox.messages.lock().await.push(data.take().unwrap());
                            let _ = write.write_all(b"250 OK queued\r\n").await;
                            inbox.accepting.store(false, Ordering::SeqCst);
                        } else {
                            body.push_str(line.strip_prefix('.').unwrap_or(&line));
                            body.push_str("\r\n");
                        }
                        continue;
                    }
                    let command = line.to_uppercase();
                    let reply: &[u8] = if command.starts_with("EHLO") {
                        b"250-test.smtp\r\n250 8BITMIME\r\n"
                    } else if command.starts_with("DATA") {
                        data = Some(String::new());
                        b"354 End data with <CR><LF>.<CR><LF>\r\n"
                    } else if command.starts_with("QUIT") {
                        let _ = write.write_all(b"221 Bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
}

/// A running SMTP server and its inbox.
pub async fn start() -> (String, Inbox) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let inbox = Inbox::default();
    serve(listener, inbox.clone());
    (url, inbox)
}
