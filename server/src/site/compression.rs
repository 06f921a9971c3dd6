//! Brotli and gzip for the bodies the site keeps and serves, and for HTML documents the start
//! they all share. Every document of a build begins with the same ~33 KB (`app::document_start`:
//! the first tags of the head and the inline stylesheet), two thirds of a page. That start is
//! compressed once, and a page's brotli is that stream joined bit for bit to one of the rest of
//! the page: one stream for the browser. Measured on a service page and the job-post form:
//! 175 to 203 µs instead of 796 to 854 µs, for 3% more bytes (9,842 instead of 9,548). The rest
//! is not compressed with the start as its dictionary, which would save little (the stylesheet
//! shares few words with the body): brotli 8.0.4 panics on some pages in that mode.

use brotli::concat::{BroCatli, BroCatliResult};
use brotli::enc::StandardAlloc;
use brotli::enc::encode::{BrotliEncoderDestroyInstance, BrotliEncoderMaxCompressedSize, BrotliEncoderOperation, BrotliEncoderStateStruct};
use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

/// Quality 5, not 9: measured on a service page, 2.4 ms instead of 15.7 ms to render and
/// compress, for 1% more bytes (6,743 instead of 6,690).
const QUALITY: u32 = 5;
/// The window: 4 MiB, more than any page; the same for a start and what follows it, as
/// concatenation requires.
const WINDOW_BITS: u32 = 22;

/// Bytes holding exactly `bytes`: a growing Vec keeps up to twice its length, which a cache
/// weighed by length would not see.
pub fn exact(bytes: Vec<u8>) -> Bytes {
    bytes.into_boxed_slice().into()
}

pub fn compress(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 5);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 16 * 1024, QUALITY, WINDOW_BITS);
        writer.write_all(body).expect("writing to memory");
    }
    exact(out)
}

pub fn gzip(body: &[u8]) -> Bytes {
    let mut out = GzEncoder::new(Vec::with_capacity(body.len() / 4), Compression::new(6));
    out.write_all(body).expect("writing to memory");
    exact(out.finish().expect("writing to memory"))
}

pub fn decompress(compressed: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(compressed.len() * 5);
    brotli::BrotliDecompress(&mut &compressed[..], &mut out).expect("our own brotli decompresses");
    exact(out)
}

/// The start every HTML document of this build shares, and its brotli, made once.
pub struct DocumentStart {
    text: Bytes,
    compressed: Vec<u8>,
}

impl DocumentStart {
    pub fn new(text: String) -> Self {
        let text = Bytes::from(text);
        let compressed = part(&text, Joined::First);
        DocumentStart { text, compressed }
    }

    /// `document` in brotli: its start as kept and the rest compressed now, when it begins with
    /// this start; compressed whole otherwise.
    pub fn compress(&self, document: &[u8]) -> Bytes {
        match document.strip_prefix(&self.text[..]) {
            Some(rest) if !rest.is_empty() => concatenate(&self.compressed, &part(rest, Joined::Following)).unwrap_or_else(|| compress(document)),
            _ => compress(document),
        }
    }
}

/// Where a brotli stream made to be joined goes.
#[derive(Clone, Copy, PartialEq)]
enum Joined {
    First,
    Following,
}

fn part(input: &[u8], joined: Joined) -> Vec<u8> {
    let mut state = BrotliEncoderStateStruct::new(StandardAlloc::default());
    state.params.quality = QUALITY as i32;
    state.params.lgwin = WINDOW_BITS as i32;
    state.params.size_hint = input.len();
    state.params.appendable = true;
    if joined == Joined::Following {
        state.params.catable = true;
        state.params.magic_number = false;
    }
    let mut out = vec![0; BrotliEncoderMaxCompressedSize(input.len())];
    let (mut available_in, mut next_in, mut available_out, mut next_out) = (input.len(), 0, out.len(), 0);
    let finished = state.compress_stream(
        BrotliEncoderOperation::BROTLI_OPERATION_FINISH,
        &mut available_in,
        input,
        &mut next_in,
        &mut available_out,
        &mut out,
        &mut next_out,
        &mut None,
        &mut |_, _, _, _| (),
    );
    BrotliEncoderDestroyInstance(&mut state);
    // The output is sized for the worst case, so one call finishes.
    assert!(finished, "brotli finishes into a buffer of its maximum size");
    out.truncate(next_out);
    out
}

/// `first` then `second` as one brotli stream; None if they were not made to be joined.
fn concatenate(first: &[u8], second: &[u8]) -> Option<Bytes> {
    let mut joined = BroCatli::new();
    let mut out = vec![0; first.len() + second.len() + 16];
    let mut written = 0;
    for stream in [first, second] {
        joined.new_brotli_file();
        let mut read = 0;
        match joined.stream(stream, &mut read, &mut out, &mut written) {
            BroCatliResult::Success | BroCatliResult::NeedsMoreInput => {}
            _ => return None,
        }
    }
    match joined.finish(&mut out, &mut written) {
        BroCatliResult::Success => {
            out.truncate(written);
            Some(exact(out))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stylesheet_start() -> String {
        format!("<!DOCTYPE html><head><style>{}</style>", (0..400).map(|i| format!(".c{i}{{color:#0b5563;margin:{i}px}}")).collect::<String>())
    }

    #[test]
    fn a_document_with_the_start_decompresses_to_itself() {
        let start = DocumentStart::new(stylesheet_start());
        let document = format!(
            "{}<title>Cleaning</title><body>{}</body>",
            stylesheet_start(),
            (0..300).map(|i| format!("<p class=\"c{i}\">Deep clean {i}</p>")).collect::<String>()
        );
        let compressed = start.compress(document.as_bytes());
        assert_eq!(decompress(&compressed), document.as_bytes());
        let whole = compress(document.as_bytes()).len();
        assert!(compressed.len() < whole * 11 / 10, "{} bytes against {whole} compressed whole", compressed.len());
    }

    #[test]
    fn a_document_without_the_start_is_compressed_whole() {
        let start = DocumentStart::new(stylesheet_start());
        for document in ["<!DOCTYPE html><p>An error page of another build</p>".to_string(), stylesheet_start(), String::new()] {
            assert_eq!(decompress(&start.compress(document.as_bytes())), document.as_bytes());
        }
    }
}
