//! Brotli and gzip for the bodies the site keeps and serves, and for pages the part they all
//! share. Every document of a build holds the same inline stylesheet
//! (`app::inline_stylesheet`), most of a page, and every page's payload the same site data.
//! Such a part is compressed once; a page's brotli is what comes before it, the part as kept,
//! and the rest, three streams joined bit for bit into one for the browser (brotli streams made
//! to be concatenated refer to nothing before their own start): several times faster to make,
//! for a few per cent more bytes. The parts are not compressed with what precedes them as their
//! dictionary, which would save little (the stylesheet shares few words with the page): brotli
//! 8.0.4 panics on some pages in that mode.

use brotli::concat::{BroCatli, BroCatliResult};
use brotli::enc::StandardAlloc;
use brotli::enc::encode::{BrotliEncoderDestroyInstance, BrotliEncoderMaxCompressedSize, BrotliEncoderOperation, BrotliEncoderStateStruct};
use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

/// Quality 5, not 9: several times faster to make, for hardly more bytes.
const QUALITY: u32 = 5;
/// A page's own parts, compressed for every page made: quality 4 takes half the time of 5 for
/// a small share more of the page as sent.
const PAGE_PART_QUALITY: u32 = 4;
/// A page's parts under `SMALL_PART` bytes (a head before the stylesheet; a payload's own few
/// hundred bytes): their stream's fixed cost is most of the time, and quality 2 takes a third
/// of quality 4's for a few more bytes.
const SMALL_PART_QUALITY: u32 = 2;
const SMALL_PART: usize = 4 << 10;
// Qualities 0 and 1 take a fast path that ignores `appendable`: their streams cannot be joined.
const _: () = assert!(QUALITY >= 2 && PAGE_PART_QUALITY >= 2 && SMALL_PART_QUALITY >= 2);
/// The window: 4 MiB, more than any page; the same for every stream joined, as joining requires.
const WINDOW_BITS: u32 = 22;

/// The quality a page's own part of `length` bytes is compressed at.
fn part_quality(length: usize) -> u32 {
    if length < SMALL_PART { SMALL_PART_QUALITY } else { PAGE_PART_QUALITY }
}

/// Bytes holding exactly `bytes`: a growing Vec keeps up to twice its length, which a cache
/// weighed by length would not see.
fn exact(bytes: Vec<u8>) -> Bytes {
    bytes.into_boxed_slice().into()
}

/// `body` in brotli, as one stream.
pub fn brotli(body: &[u8]) -> Bytes {
    exact(stream(body, Stream::Whole, QUALITY).expect("brotli finishes into a buffer of its maximum size"))
}

/// `body` in gzip.
pub fn gzip(body: &[u8]) -> Bytes {
    let mut out = GzEncoder::new(Vec::with_capacity(body.len() / 4), Compression::new(6));
    out.write_all(body).expect("writing to memory");
    exact(out.finish().expect("writing to memory"))
}

/// The body of a brotli stream this module made: an error only for bytes damaged since (a
/// page file on disk, say).
pub fn unbrotli(compressed: &[u8]) -> std::io::Result<Bytes> {
    let mut out = Vec::with_capacity(compressed.len() * 5);
    brotli::BrotliDecompress(&mut &compressed[..], &mut out)?;
    Ok(exact(out))
}

/// A part every page's body holds, and its brotli, made once.
pub struct SharedPart {
    /// Finds the part in a document; made once, as making it for a part this long costs as
    /// much as a search.
    finder: memchr::memmem::Finder<'static>,
    compressed: Vec<u8>,
}

impl SharedPart {
    pub fn new(text: String) -> Self {
        let compressed = stream(text.as_bytes(), Stream::Following, QUALITY).expect("brotli finishes into a buffer of its maximum size");
        SharedPart { finder: memchr::memmem::Finder::new(text.as_bytes()).into_owned(), compressed }
    }

    /// `document` in brotli: the shared part as kept and the rest compressed now, when the
    /// document holds the part with something before and after it; compressed whole otherwise.
    pub fn brotli(&self, document: &[u8]) -> Bytes {
        let joined = self.finder.find(document).and_then(|at| {
            let (before, after) = (&document[..at], &document[at + self.finder.needle().len()..]);
            if before.is_empty() || after.is_empty() {
                return None;
            }
            concatenate(&[
                &stream(before, Stream::First, part_quality(before.len()))?,
                &self.compressed,
                &stream(after, Stream::Following, part_quality(after.len()))?,
            ])
        });
        joined.unwrap_or_else(|| brotli(document))
    }
}

/// What a brotli stream is: whole, or made to be joined, first or after another (then it
/// refers to nothing before its own start).
#[derive(Clone, Copy, PartialEq)]
enum Stream {
    Whole,
    First,
    Following,
}

/// `input` as one brotli stream of the `kind`; None if it did not finish.
fn stream(input: &[u8], kind: Stream, quality: u32) -> Option<Vec<u8>> {
    let mut state = BrotliEncoderStateStruct::new(StandardAlloc::default());
    state.params.quality = quality as i32;
    state.params.lgwin = WINDOW_BITS as i32;
    state.params.size_hint = input.len();
    state.params.appendable = kind != Stream::Whole;
    if kind == Stream::Following {
        state.params.catable = true;
        state.params.magic_number = false;
    }
    // Sized for the worst case, so that one call finishes.
    let mut out = vec![0; BrotliEncoderMaxCompressedSize(input.len())];
    let (mut available_in, mut next_in, mut available_out, mut next_out) = (input.len(), 0, out.len(), 0);
    let succeeded = state.compress_stream(
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
    let finished = succeeded && state.is_finished();
    BrotliEncoderDestroyInstance(&mut state);
    finished.then(|| {
        out.truncate(next_out);
        out
    })
}

/// `streams` as one brotli stream; None if they were not made to be joined.
fn concatenate(streams: &[&[u8]]) -> Option<Bytes> {
    let mut joined = BroCatli::new();
    let mut out = vec![0; streams.iter().map(|s| s.len()).sum::<usize>() + 16];
    let mut written = 0;
    for stream in streams {
        joined.new_brotli_file();
        let mut read = 0;
        match joined.stream(stream, &mut read, &mut out, &mut written) {
            BroCatliResult::Success | BroCatliResult::NeedsMoreInput if read == stream.len() => {}
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

    fn stylesheet() -> String {
        format!("<style>{}</style>", (0..400).map(|i| format!(".c{i}{{color:#0b5563;margin:{i}px}}")).collect::<String>())
    }

    fn document(before: &str, after: &str) -> String {
        format!("{before}{}{after}", stylesheet())
    }

    #[test]
    fn a_document_with_the_shared_part_decompresses_to_itself() {
        let shared = SharedPart::new(stylesheet());
        let head = "<!DOCTYPE html><html lang=\"en-GB\"><head><title>Cleaning</title>";
        let page = format!("</head><body>{}</body></html>", (0..300).map(|i| format!("<p class=\"c{i}\">Deep clean {i}</p>")).collect::<String>());
        let whole = document(head, &page);
        let compressed = shared.brotli(whole.as_bytes());
        assert_eq!(unbrotli(&compressed).unwrap(), whole.as_bytes());
        assert_ne!(compressed, brotli(whole.as_bytes()), "made around the kept part, not whole");
        let alone = brotli(whole.as_bytes()).len();
        assert!(compressed.len() < alone * 11 / 10, "{} bytes against {alone} compressed whole", compressed.len());
    }

    #[test]
    fn any_rest_joins_the_shared_part() {
        let shared = SharedPart::new(stylesheet());
        // One and two bytes (a joined stream begins with two bytes as they are), several
        // blocks, and bytes that do not compress at all.
        let noise: String = (0..100_000u32).map(|i| char::from_u32(0x4e00 + (i.wrapping_mul(2_654_435_761) >> 20)).unwrap()).collect();
        let long = "<p>Fully insured cleaners in Winchester</p>".repeat(3_000);
        for (before, after) in [("<", ">"), ("<!", "</"), (long.as_str(), long.as_str()), (noise.as_str(), noise.as_str())] {
            let whole = document(before, after);
            let compressed = shared.brotli(whole.as_bytes());
            assert_eq!(unbrotli(&compressed).unwrap(), whole.as_bytes(), "{} and {} bytes around it", before.len(), after.len());
            assert_ne!(compressed, brotli(whole.as_bytes()), "{} and {} bytes around it: joined, not whole", before.len(), after.len());
        }
    }

    #[test]
    fn a_document_without_the_shared_part_around_something_is_compressed_whole() {
        let shared = SharedPart::new(stylesheet());
        for whole in
            ["<!DOCTYPE html><p>An error page of another build</p>".to_string(), stylesheet(), document("<head>", ""), document("", "</html>"), String::new()]
        {
            assert_eq!(shared.brotli(whole.as_bytes()), brotli(whole.as_bytes()));
            assert_eq!(unbrotli(&brotli(whole.as_bytes())).unwrap(), whole.as_bytes());
        }
    }
}
