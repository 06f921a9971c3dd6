//! A photo without what a camera or phone writes beside the picture: the place it was taken
//! (GPS), the device, the time, comments, previews. What is kept is what is known to be
//! picture, and nothing else, so a kind of metadata nobody listed cannot slip through:
//! - JPEG: the start and end, quantisation and Huffman tables, every frame header, arithmetic
//!   coding conditions, restart interval, line count, each scan with its coded data, the JFIF
//!   header, an `ICC_PROFILE` colour profile and the Adobe segment (CMYK and YCCK colours
//!   depend on it); nothing after the picture's end. Of the Exif block only its orientation
//!   survives, written anew on its own: phones save pictures sideways and say which way is up.
//! - PNG: the critical chunks, transparency, gamma, chromaticities, sRGB, ICC profile, pixel
//!   size, and the animation chunks of an animated PNG.
//! - WebP: the image, alpha and animation chunks, the ICC profile, and the extended header with
//!   its flags rewritten to what is kept; nothing after the RIFF container's end.
//!
//! The picture's bytes are kept as they are, so nothing is decoded or re-encoded and the
//! quality stays. A file that is not well formed is refused rather than stored as it came.

use crate::platform::storage::StorageError;
use crate::platform::storage::{FileKind, Storage};

/// Why a photo cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct Unreadable;

/// `bytes`, a photo of `kind`, without its metadata; a kind that is not a photo is unreadable.
pub fn strip(kind: FileKind, bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    match kind {
        FileKind::Jpeg => strip_jpeg(bytes),
        FileKind::Png => strip_png(bytes),
        FileKind::Webp => strip_webp(bytes),
        FileKind::Pdf | FileKind::Doc | FileKind::Docx => Err(Unreadable),
    }
}

/// Rewrites the photo stored as `key` without its metadata, for photos stored before they were
/// cleaned on upload: whether it changed. A file gone is left gone; one that is not a photo that
/// can be read, so cannot be cleaned, is deleted (and said in the log), so that no link hands it
/// out as it came.
pub async fn clean_stored(storage: &Storage, key: &str) -> Result<bool, StorageError> {
    let bytes = match storage.get(key).await {
        Ok(bytes) => bytes,
        Err(StorageError::NotFound) => return Ok(false),
        Err(error) => return Err(error),
    };
    let cleaned = match FileKind::sniff(&bytes).map(|kind| strip(kind, &bytes)) {
        Some(Ok(cleaned)) => cleaned,
        Some(Err(Unreadable)) | None => {
            tracing::warn!(%key, "a stored photo cannot be read, so its metadata cannot be removed: it is deleted");
            storage.delete(key).await;
            return Ok(true);
        }
    };
    if cleaned == bytes {
        return Ok(false);
    }
    storage.replace(key, cleaned.into()).await?;
    Ok(true)
}

/// [`clean_stored`] for each of `keys`: the keys it changed.
pub async fn clean_all_stored(storage: &Storage, keys: &[String]) -> Result<Vec<String>, StorageError> {
    let mut changed = Vec::new();
    for key in keys {
        if clean_stored(storage, key).await? {
            changed.push(key.clone());
        }
    }
    Ok(changed)
}

/// Whether the JPEG segment `marker`, holding `data`, is picture.
fn jpeg_keeps(marker: u8, data: &[u8]) -> bool {
    match marker {
        // Frame headers (SOF0-3, 5-7, 9-11, 13-15), Huffman tables, arithmetic coding
        // conditions, quantisation tables, line count, restart interval, scan header.
        0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF | 0xC4 | 0xCC | 0xDB | 0xDC | 0xDD | 0xDA => true,
        0xE0 => data.starts_with(b"JFIF\0"),
        // APP2 also carries multi-picture (MPF) pointers to preview images.
        0xE2 => data.starts_with(b"ICC_PROFILE\0"),
        0xEE => data.starts_with(b"Adobe"),
        _ => false,
    }
}

/// `jpeg` with only its picture's segments, and without whatever follows its picture's end
/// (phones append preview images, with their own Exif, and motion-photo videos there).
pub fn strip_jpeg(jpeg: &[u8]) -> Result<Vec<u8>, Unreadable> {
    if !jpeg.starts_with(&[0xFF, 0xD8]) {
        return Err(Unreadable);
    }
    let mut kept = Vec::with_capacity(jpeg.len());
    kept.extend_from_slice(&jpeg[..2]);
    let mut at = 2;
    loop {
        // Fill bytes (0xFF repeated) may come before a marker.
        while jpeg.get(at) == Some(&0xFF) && jpeg.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        let (Some(&0xFF), Some(&marker)) = (jpeg.get(at), jpeg.get(at + 1)) else { return Err(Unreadable) };
        match marker {
            // The picture's end: nothing after it is kept.
            0xD9 => {
                kept.extend_from_slice(&jpeg[at..at + 2]);
                return Ok(kept);
            }
            // Markers without a length: restarts are picture, TEM is not.
            0xD0..=0xD7 => {
                kept.extend_from_slice(&jpeg[at..at + 2]);
                at += 2;
            }
            0x01 => at += 2,
            _ => {
                let end = segment_end(jpeg, at)?;
                let data = &jpeg[at + 4..end];
                if jpeg_keeps(marker, data) {
                    kept.extend_from_slice(&jpeg[at..end]);
                } else if let Some(orientation) = (marker == 0xE1).then(|| exif_orientation(data)).flatten() {
                    kept.extend_from_slice(&orientation_segment(orientation));
                }
                at = end;
                // A scan: its coded data runs to the next marker that is not a stuffed byte or a restart.
                if marker == 0xDA {
                    let data_end = scan_end(jpeg, at)?;
                    kept.extend_from_slice(&jpeg[at..data_end]);
                    at = data_end;
                }
            }
        }
    }
}

/// The orientation an Exif block (`Exif\0\0` and a TIFF structure) gives its picture, when it
/// is not upright already (2 to 8: mirrored or turned).
fn exif_orientation(data: &[u8]) -> Option<u16> {
    let tiff = data.strip_prefix(b"Exif\0\0")?;
    let big_endian = match tiff.get(..2)? {
        b"MM" => true,
        b"II" => false,
        _ => return None,
    };
    let u16_at = |at: usize| tiff.get(at..at + 2).map(|b| if big_endian { u16::from_be_bytes([b[0], b[1]]) } else { u16::from_le_bytes([b[0], b[1]]) });
    let u32_at = |at: usize| {
        tiff.get(at..at + 4).map(|b| if big_endian { u32::from_be_bytes([b[0], b[1], b[2], b[3]]) } else { u32::from_le_bytes([b[0], b[1], b[2], b[3]]) })
    };
    let first_directory = usize::try_from(u32_at(4)?).ok()?;
    let entries = u16_at(first_directory)?;
    (0..usize::from(entries)).map(|n| first_directory + 2 + 12 * n).find_map(|entry| {
        // Orientation: tag 0x0112, a SHORT, one of it.
        let (tag, kind, count) = (u16_at(entry)?, u16_at(entry + 2)?, u32_at(entry + 4)?);
        let orientation = u16_at(entry + 8)?;
        (tag == 0x0112 && kind == 3 && count == 1 && (2..=8).contains(&orientation)).then_some(orientation)
    })
}

/// An APP1 segment whose Exif block holds `orientation` and nothing else.
fn orientation_segment(orientation: u16) -> Vec<u8> {
    let [high, low] = orientation.to_be_bytes();
    // Big-endian TIFF, its first directory at 8 with one entry, and no directory after it.
    let exif: [u8; 32] = [b'E', b'x', b'i', b'f', 0, 0, b'M', b'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, high, low, 0, 0, 0, 0, 0, 0];
    let length = u16::try_from(exif.len() + 2).expect("a short segment").to_be_bytes();
    [&[0xFF, 0xE1], &length[..], &exif[..]].concat()
}

/// Where the segment at `at` (a marker with a length) ends.
fn segment_end(jpeg: &[u8], at: usize) -> Result<usize, Unreadable> {
    let length = match (jpeg.get(at + 2), jpeg.get(at + 3)) {
        (Some(&high), Some(&low)) => usize::from(u16::from_be_bytes([high, low])),
        _ => return Err(Unreadable),
    };
    let end = at + 2 + length;
    if length < 2 || end > jpeg.len() { Err(Unreadable) } else { Ok(end) }
}

/// Where the coded data of a scan starting at `at` ends: at the next marker.
fn scan_end(jpeg: &[u8], mut at: usize) -> Result<usize, Unreadable> {
    loop {
        let found = jpeg.get(at..).and_then(|rest| rest.iter().position(|byte| *byte == 0xFF)).ok_or(Unreadable)?;
        at += found;
        match jpeg.get(at + 1) {
            Some(0x00 | 0xD0..=0xD7) => at += 2,
            Some(_) => return Ok(at),
            None => return Err(Unreadable),
        }
    }
}

/// The PNG chunks kept: the critical ones, the colour and size of the pixels, and animation.
const PNG_KEPT: [&[u8; 4]; 13] = [b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"pHYs", b"acTL", b"fcTL", b"fdAT"];

const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// `png` with only its picture's chunks.
pub fn strip_png(png: &[u8]) -> Result<Vec<u8>, Unreadable> {
    if !png.starts_with(PNG_SIGNATURE) {
        return Err(Unreadable);
    }
    let mut kept = Vec::with_capacity(png.len());
    kept.extend_from_slice(PNG_SIGNATURE);
    let mut at = PNG_SIGNATURE.len();
    loop {
        let header = png.get(at..at + 8).ok_or(Unreadable)?;
        let length = usize::try_from(u32::from_be_bytes([header[0], header[1], header[2], header[3]])).map_err(|_| Unreadable)?;
        let kind: &[u8] = &header[4..8];
        // Length, type, data and CRC.
        let end = at.checked_add(12).and_then(|n| n.checked_add(length)).filter(|end| *end <= png.len()).ok_or(Unreadable)?;
        if PNG_KEPT.iter().any(|known| known.as_slice() == kind) {
            kept.extend_from_slice(&png[at..end]);
        }
        at = end;
        if kind == b"IEND" {
            return Ok(kept);
        }
    }
}

/// The WebP chunks kept: lossy and lossless image data, alpha, animation, and the ICC profile.
const WEBP_KEPT: [&[u8; 4]; 6] = [b"VP8 ", b"VP8L", b"ALPH", b"ANIM", b"ANMF", b"ICCP"];
/// The extended header's flags: ICC profile, Exif and XMP (alpha and animation describe the picture).
const VP8X_ICC: u8 = 0x20;
const VP8X_EXIF: u8 = 0x08;
const VP8X_XMP: u8 = 0x04;

/// `webp` with only its picture's chunks.
pub fn strip_webp(webp: &[u8]) -> Result<Vec<u8>, Unreadable> {
    if webp.len() < 12 || &webp[0..4] != b"RIFF" || &webp[8..12] != b"WEBP" {
        return Err(Unreadable);
    }
    // The container says where it ends: bytes after it are no part of the picture.
    let riff_end = usize::try_from(u32::from_le_bytes([webp[4], webp[5], webp[6], webp[7]])).ok().and_then(|size| size.checked_add(8)).ok_or(Unreadable)?;
    let webp = webp.get(..riff_end).ok_or(Unreadable)?;
    let mut kept = webp[0..12].to_vec();
    let mut extended_header = None;
    let mut has_icc = false;
    let mut at = 12;
    while at < webp.len() {
        let header = webp.get(at..at + 8).ok_or(Unreadable)?;
        let size = usize::try_from(u32::from_le_bytes([header[4], header[5], header[6], header[7]])).map_err(|_| Unreadable)?;
        // Header, data, and a pad byte to an even length.
        let end = at.checked_add(8).and_then(|n| n.checked_add(size + size % 2)).filter(|end| *end <= webp.len()).ok_or(Unreadable)?;
        let kind = &header[0..4];
        if kind == b"VP8X" && size > 0 {
            extended_header = Some(kept.len() + 8);
            kept.extend_from_slice(&webp[at..end]);
        } else if WEBP_KEPT.iter().any(|known| known.as_slice() == kind) {
            has_icc |= kind == b"ICCP";
            kept.extend_from_slice(&webp[at..end]);
        }
        at = end;
    }
    if let Some(flags) = extended_header {
        kept[flags] &= !(VP8X_EXIF | VP8X_XMP | VP8X_ICC);
        if has_icc {
            kept[flags] |= VP8X_ICC;
        }
    }
    let riff_size = u32::try_from(kept.len() - 8).map_err(|_| Unreadable)?;
    kept[4..8].copy_from_slice(&riff_size.to_le_bytes());
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment(marker: u8, data: &[u8]) -> Vec<u8> {
        let mut bytes = vec![0xFF, marker];
        bytes.extend_from_slice(&u16::try_from(data.len() + 2).unwrap().to_be_bytes());
        bytes.extend_from_slice(data);
        bytes
    }

    /// A baseline picture: tables, a frame, a scan whose data holds a stuffed byte and a restart.
    fn jpeg_picture() -> Vec<u8> {
        [
            segment(0xDB, b"quantisation"),
            segment(0xDD, b"\x00\x04"),
            segment(0xC0, b"frame"),
            segment(0xC4, b"huffman"),
            vec![0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02],
            b"pixels\xFF\x00more\xFF\xD0rest".to_vec(),
        ]
        .concat()
    }

    fn jpeg(extra: &[Vec<u8>], picture: &[u8]) -> Vec<u8> {
        [vec![0xFF, 0xD8], extra.concat(), picture.to_vec(), vec![0xFF, 0xD9]].concat()
    }

    #[test]
    fn a_jpeg_keeps_only_its_picture_segments() {
        // (segment, kept)
        let cases: [(Vec<u8>, bool); 23] = [
            (segment(0xE0, b"JFIF\0\x01\x02"), true),
            (segment(0xE0, b"JFXX\0thumbnail"), false),
            (segment(0xE1, b"Exif\0\0GPSLatitude 51.5"), false),
            (segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0<gps/>"), false),
            (segment(0xE2, b"ICC_PROFILE\0\x01\x01profile"), true),
            (segment(0xE2, b"MPF\0pointers to previews"), false),
            (segment(0xE3, b"Meta GPS 51.5"), false),
            (segment(0xE4, b"FPXR GPS"), false),
            (segment(0xE6, b"NITF GPS 51.5"), false),
            (segment(0xEB, b"JP JUMBF GPS"), false),
            (segment(0xEC, b"Ducky GPS"), false),
            (segment(0xED, b"Photoshop 3.0\0IPTC GPS"), false),
            (segment(0xEE, b"Adobe\0\x64\0\0\0\0\x02"), true),
            (segment(0xEF, b"GPS 51.5"), false),
            (segment(0xFE, b"taken at home GPS"), false),
            (segment(0xCC, b"arithmetic"), true),
            (segment(0xC2, b"progressive frame"), true),
            (segment(0xC1, b"extended frame"), true),
            (segment(0xC3, b"lossless frame"), true),
            (segment(0xC9, b"arithmetic frame"), true),
            (segment(0xCF, b"differential frame"), true),
            (segment(0xDC, b"\x00\x10"), true),
            (segment(0xDE, b"hierarchical"), false),
        ];
        for (extra, kept) in cases {
            let stripped = strip_jpeg(&jpeg(std::slice::from_ref(&extra), &jpeg_picture())).unwrap();
            let expected = if kept { jpeg(std::slice::from_ref(&extra), &jpeg_picture()) } else { jpeg(&[], &jpeg_picture()) };
            assert_eq!(stripped, expected, "segment {:02X} {:?}", extra[1], String::from_utf8_lossy(&extra[4..]));
        }
    }

    #[test]
    fn a_jpeg_loses_what_follows_its_end_and_keeps_a_progressive_scans_tables() {
        let progressive = [jpeg_picture(), segment(0xC4, b"second table"), vec![0xFF, 0xDA, 0x00, 0x03, 0x01], b"more pixels".to_vec()].concat();
        let whole = jpeg(&[], &progressive);
        // A preview image appended after the end, with its own position.
        let appended = [whole.clone(), vec![0xFF, 0xD8], segment(0xE1, b"Exif\0\0GPSLatitude 51.5"), vec![0xFF, 0xD9], b"motion video".to_vec()].concat();
        let stripped = strip_jpeg(&appended).unwrap();
        assert_eq!(stripped, whole);
        assert!(!stripped.windows(3).any(|w| w == b"GPS"));
    }

    /// An Exif block in either byte order: a GPS pointer, the orientation, and a maker note.
    fn exif(big_endian: bool, orientation: u16) -> Vec<u8> {
        let two = |n: u16| if big_endian { n.to_be_bytes() } else { n.to_le_bytes() };
        let four = |n: u32| if big_endian { n.to_be_bytes() } else { n.to_le_bytes() };
        let entry = |tag: u16, kind: u16, value: [u8; 4]| [&two(tag)[..], &two(kind), &four(1), &value].concat();
        let orientation = [two(orientation), [0, 0]].concat();
        [
            b"Exif\0\0".to_vec(),
            if big_endian { b"MM".to_vec() } else { b"II".to_vec() },
            two(42).to_vec(),
            four(8).to_vec(),
            two(3).to_vec(),
            entry(0x8825, 4, four(200)),
            entry(0x0112, 3, orientation.try_into().unwrap()),
            entry(0x927C, 7, *b"GPS!"),
            four(0).to_vec(),
        ]
        .concat()
    }

    #[test]
    fn a_jpeg_keeps_its_orientation_alone_of_its_exif() {
        for big_endian in [true, false] {
            let located = jpeg(&[segment(0xE1, &exif(big_endian, 6))], &jpeg_picture());
            let stripped = strip_jpeg(&located).unwrap();
            assert_eq!(stripped, jpeg(&[orientation_segment(6)], &jpeg_picture()), "big endian: {big_endian}");
            assert_eq!(exif_orientation(&stripped[6..38]), Some(6), "a reader finds it again");
            assert!(!stripped.windows(3).any(|w| w == b"GPS"));
            // Upright already: nothing to say.
            assert_eq!(strip_jpeg(&jpeg(&[segment(0xE1, &exif(big_endian, 1))], &jpeg_picture())).unwrap(), jpeg(&[], &jpeg_picture()));
        }
        // Cut short or not Exif at all: no orientation, and nothing else kept.
        assert_eq!(exif_orientation(&exif(true, 6)[..20]), None);
        assert_eq!(exif_orientation(b"http://ns.adobe.com/xap/1.0/\0<x/>"), None);
    }

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut bytes = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
        bytes.extend_from_slice(kind);
        bytes.extend_from_slice(data);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        bytes
    }

    fn png(chunks: &[Vec<u8>]) -> Vec<u8> {
        [PNG_SIGNATURE.to_vec(), chunk(b"IHDR", &[0; 13]), chunks.concat(), chunk(b"IDAT", b"pixels"), chunk(b"IEND", b"")].concat()
    }

    #[test]
    fn a_png_keeps_only_its_picture_chunks() {
        let cases: [(&[u8; 4], bool); 20] = [
            (b"PLTE", true),
            (b"tRNS", true),
            (b"gAMA", true),
            (b"cHRM", true),
            (b"sRGB", true),
            (b"iCCP", true),
            (b"pHYs", true),
            (b"acTL", true),
            (b"fcTL", true),
            (b"fdAT", true),
            (b"eXIf", false),
            (b"tEXt", false),
            (b"zTXt", false),
            (b"iTXt", false),
            (b"tIME", false),
            (b"bKGD", false),
            (b"sPLT", false),
            (b"caBX", false),
            (b"gpSt", false),
            (b"prVt", false),
        ];
        for (kind, kept) in cases {
            let with = chunk(kind, b"GPS 51.5 or the data");
            let expected = if kept { png(std::slice::from_ref(&with)) } else { png(&[]) };
            assert_eq!(strip_png(&png(std::slice::from_ref(&with))).unwrap(), expected, "{}", String::from_utf8_lossy(kind));
        }
        // Nothing after IEND.
        let trailing = [png(&[]), b"GPS 51.5".to_vec()].concat();
        assert_eq!(strip_png(&trailing).unwrap(), png(&[]));
    }

    fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut bytes = kind.to_vec();
        bytes.extend_from_slice(&u32::try_from(data.len()).unwrap().to_le_bytes());
        bytes.extend_from_slice(data);
        if data.len() % 2 == 1 {
            bytes.push(0);
        }
        bytes
    }

    fn riff(chunks: &[Vec<u8>]) -> Vec<u8> {
        let body = chunks.concat();
        [b"RIFF".to_vec(), u32::try_from(body.len() + 4).unwrap().to_le_bytes().to_vec(), b"WEBP".to_vec(), body].concat()
    }

    fn flags(bits: u8) -> Vec<u8> {
        riff_chunk(b"VP8X", &[bits, 0, 0, 0, 9, 0, 0, 9, 0, 0])
    }

    #[test]
    fn a_webp_keeps_only_its_picture_chunks_and_flags_what_it_kept() {
        let (alpha, animation) = (0x10, 0x02);
        let picture = riff_chunk(b"VP8L", b"pixels!");
        let cases: [(Vec<u8>, bool); 8] = [
            (riff_chunk(b"VP8 ", b"lossy"), true),
            (riff_chunk(b"ALPH", b"alpha"), true),
            (riff_chunk(b"ANIM", b"loop"), true),
            (riff_chunk(b"ANMF", b"frame"), true),
            (riff_chunk(b"EXIF", b"GPS 51.5N"), false),
            (riff_chunk(b"XMP ", b"<x:xmpmeta/>"), false),
            (riff_chunk(b"GPS ", b"51.5N"), false),
            (riff_chunk(b"ICCX", b"unknown"), false),
        ];
        for (extra, kept) in cases {
            let webp = riff(&[flags(alpha | animation | VP8X_EXIF | VP8X_XMP), picture.clone(), extra.clone()]);
            let expected =
                if kept { riff(&[flags(alpha | animation), picture.clone(), extra.clone()]) } else { riff(&[flags(alpha | animation), picture.clone()]) };
            assert_eq!(strip_webp(&webp).unwrap(), expected, "{:?}", String::from_utf8_lossy(&extra[..4]));
        }
        // The ICC flag follows its chunk: set when one is kept, cleared when there is none.
        let icc = riff_chunk(b"ICCP", b"profile");
        assert_eq!(strip_webp(&riff(&[flags(0), icc.clone(), picture.clone()])).unwrap(), riff(&[flags(VP8X_ICC), icc, picture.clone()]));
        assert_eq!(strip_webp(&riff(&[flags(VP8X_ICC), picture.clone()])).unwrap(), riff(&[flags(0), picture.clone()]));
        // Bytes after the container's end go.
        let trailing = [riff(std::slice::from_ref(&picture)), riff_chunk(b"EXIF", b"GPS 51.5N")].concat();
        assert_eq!(strip_webp(&trailing).unwrap(), riff(&[picture]));
    }

    #[test]
    fn a_file_cut_short_or_of_another_kind_is_unreadable() {
        assert_eq!(strip_webp(&riff(&[riff_chunk(b"VP8L", b"pixels")])[..20]), Err(Unreadable));
        assert_eq!(strip_webp(b"RIFF\x04\x00\x00\x00WAVE"), Err(Unreadable));
        assert_eq!(strip_jpeg(b"\xFF\xD8\xFF\xE1\x00\x40Exif"), Err(Unreadable));
        assert_eq!(strip_jpeg(b"GIF89a"), Err(Unreadable));
        assert_eq!(strip_png(&[PNG_SIGNATURE.to_vec(), chunk(b"IHDR", &[0; 13])].concat()), Err(Unreadable));
        assert_eq!(strip_png(b"\x89PNG\r\n\x1a\n\xFF\xFF\xFF\xFFIDAT"), Err(Unreadable));
        assert_eq!(strip(FileKind::Pdf, b"%PDF-1.7"), Err(Unreadable));
    }
}
