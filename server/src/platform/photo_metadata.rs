//! A photo without what a camera or phone writes beside the picture: the place it was taken
//! (GPS), the device, the time, comments. JPEG loses its APP1 (Exif, XMP), APP13 (IPTC), COM
//! and multi-picture (MPF) segments and anything after the picture's end; PNG its eXIf and
//! text chunks; WebP its EXIF and XMP chunks (and the flags that announce them). The picture's bytes are kept as they are, so
//! nothing is decoded or re-encoded and the quality stays. A file that is not well formed is
//! refused rather than stored as it came.

/// Why a photo cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct Unreadable;

/// The JPEG segments dropped: APP1 (Exif and XMP, where the GPS position is), APP13 (IPTC)
/// and comments.
const JPEG_DROPPED: [u8; 3] = [0xE1, 0xED, 0xFE];

/// The PNG chunks dropped: Exif, and free text (which tools fill with places and devices).
const PNG_DROPPED: [&[u8; 4]; 5] = [b"eXIf", b"tEXt", b"zTXt", b"iTXt", b"tIME"];

const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// `jpeg` without its metadata segments, and without whatever follows its picture's end
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
            // Markers without a length.
            0x01 | 0xD0..=0xD7 => {
                kept.extend_from_slice(&jpeg[at..at + 2]);
                at += 2;
            }
            _ => {
                let end = segment_end(jpeg, at)?;
                let multi_picture = marker == 0xE2 && jpeg[at + 4..end].starts_with(b"MPF\0");
                if !JPEG_DROPPED.contains(&marker) && !multi_picture {
                    kept.extend_from_slice(&jpeg[at..end]);
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

/// `png` without its metadata chunks.
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
        if !PNG_DROPPED.iter().any(|dropped| dropped.as_slice() == kind) {
            kept.extend_from_slice(&png[at..end]);
        }
        at = end;
        if kind == b"IEND" {
            return Ok(kept);
        }
    }
}

/// The WebP chunks dropped, and the bits of the extended header's flags that announce them.
const WEBP_DROPPED: [(&[u8; 4], u8); 2] = [(b"EXIF", 0x08), (b"XMP ", 0x04)];

/// `webp` without its metadata chunks.
pub fn strip_webp(webp: &[u8]) -> Result<Vec<u8>, Unreadable> {
    if webp.len() < 12 || &webp[0..4] != b"RIFF" || &webp[8..12] != b"WEBP" {
        return Err(Unreadable);
    }
    let mut kept = webp[0..12].to_vec();
    let mut at = 12;
    while at < webp.len() {
        let header = webp.get(at..at + 8).ok_or(Unreadable)?;
        let size = usize::try_from(u32::from_le_bytes([header[4], header[5], header[6], header[7]])).map_err(|_| Unreadable)?;
        // Header, data, and a pad byte to an even length.
        let end = at.checked_add(8).and_then(|n| n.checked_add(size + size % 2)).filter(|end| *end <= webp.len()).ok_or(Unreadable)?;
        let kind = &header[0..4];
        if !WEBP_DROPPED.iter().any(|(dropped, _)| dropped.as_slice() == kind) {
            let start = kept.len();
            kept.extend_from_slice(&webp[at..end]);
            if kind == b"VP8X" && size > 0 {
                kept[start + 8] &= !WEBP_DROPPED.iter().fold(0, |bits, (_, bit)| bits | bit);
            }
        }
        at = end;
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

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut bytes = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
        bytes.extend_from_slice(kind);
        bytes.extend_from_slice(data);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn a_jpeg_loses_its_exif_xmp_iptc_and_comments_and_keeps_its_picture() {
        let picture = [segment(0xDB, b"quantisation"), segment(0xC0, b"frame"), segment(0xC4, b"huffman")].concat();
        let scan = [vec![0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02], b"pixels\xFF\x00more\xFF\xD0rest".to_vec(), vec![0xFF, 0xD9]].concat();
        let jpeg = [
            vec![0xFF, 0xD8],
            segment(0xE0, b"JFIF\0"),
            segment(0xE1, b"Exif\0\0GPSLatitude 51.5"),
            segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0<gps/>"),
            segment(0xED, b"Photoshop 3.0\0IPTC"),
            segment(0xFE, b"taken at home"),
            segment(0xE2, b"MPF\0pointers"),
            picture.clone(),
            scan.clone(),
            // A preview image appended after the end, with its own position.
            vec![0xFF, 0xD8],
            segment(0xE1, b"Exif\0\0GPSLatitude 51.5"),
            vec![0xFF, 0xD9],
        ]
        .concat();
        let stripped = strip_jpeg(&jpeg).unwrap();
        assert_eq!(stripped, [vec![0xFF, 0xD8], segment(0xE0, b"JFIF\0"), picture, scan].concat());
        assert!(!stripped.windows(3).any(|w| w == b"GPS"));
    }

    #[test]
    fn a_png_loses_its_exif_and_text_chunks_and_keeps_its_picture() {
        let header = chunk(b"IHDR", &[0; 13]);
        let data = chunk(b"IDAT", b"pixels");
        let end = chunk(b"IEND", b"");
        let png = [
            PNG_SIGNATURE.to_vec(),
            header.clone(),
            chunk(b"eXIf", b"GPS 51.5"),
            chunk(b"tEXt", b"Location\0home"),
            chunk(b"iTXt", b"XML:com.adobe.xmp\0gps"),
            data.clone(),
            end.clone(),
        ]
        .concat();
        assert_eq!(strip_png(&png).unwrap(), [PNG_SIGNATURE.to_vec(), header, data, end].concat());
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

    #[test]
    fn a_webp_loses_its_exif_and_xmp_and_the_flags_announcing_them() {
        let flags = |bits: u8| riff_chunk(b"VP8X", &[bits, 0, 0, 0, 9, 0, 0, 9, 0, 0]);
        let picture = riff_chunk(b"VP8L", b"pixels!");
        let webp = riff(&[flags(0x08 | 0x04 | 0x10), picture.clone(), riff_chunk(b"EXIF", b"GPS 51.5N"), riff_chunk(b"XMP ", b"<x:xmpmeta/>")]);
        assert_eq!(strip_webp(&webp).unwrap(), riff(&[flags(0x10), picture]));
    }

    #[test]
    fn a_file_cut_short_or_of_another_kind_is_unreadable() {
        assert_eq!(strip_webp(&riff(&[riff_chunk(b"VP8L", b"pixels")])[..20]), Err(Unreadable));
        assert_eq!(strip_webp(b"RIFF\x04\x00\x00\x00WAVE"), Err(Unreadable));
        assert_eq!(strip_jpeg(b"\xFF\xD8\xFF\xE1\x00\x40Exif"), Err(Unreadable));
        assert_eq!(strip_jpeg(b"GIF89a"), Err(Unreadable));
        assert_eq!(strip_png(&[PNG_SIGNATURE.to_vec(), chunk(b"IHDR", &[0; 13])].concat()), Err(Unreadable));
        assert_eq!(strip_png(b"\x89PNG\r\n\x1a\n\xFF\xFF\xFF\xFFIDAT"), Err(Unreadable));
    }
}
