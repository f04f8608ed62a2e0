//! The player's own counter art (`<data folder>/counters/<game>/<id>.png`): a good picture is drawn in
//! place of our counter on a board and in Track mode; a truncated one and a 20,000-pixel one fall back
//! to our counter with one message each naming the file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};

use common::*;
use egui::epaint::{ClippedShape, Shape};
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::widgets::counter_art::{self, GameCounters};

/// A good 64 × 64 PNG: a red square with a white stripe.
fn good_png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(64, 64, |_, y| {
        if (28..36).contains(&y) {
            image::Rgba([255, 255, 255, 255])
        } else {
            image::Rgba([200, 30, 30, 255])
        }
    });
    let mut bytes = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
        .unwrap();
    bytes
}

/// The CRC-32 PNG chunks end with.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffff_u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// One PNG chunk: length, type, data, CRC.
fn chunk(bytes: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let mut body = kind.to_vec();
    body.extend(data);
    bytes.extend((data.len() as u32).to_be_bytes());
    bytes.extend(&body);
    bytes.extend(crc32(&body).to_be_bytes());
}

/// A PNG whose header says 20,000 × 20,000 pixels (1.6 GB decoded) with a few bytes of pixel data
/// after it, as a large file begins: it must be refused from the header alone.
fn huge_png_header() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(20_000_u32.to_be_bytes());
    ihdr.extend(20_000_u32.to_be_bytes());
    ihdr.extend([8, 6, 0, 0, 0]); // 8-bit RGBA, no interlace
    chunk(&mut bytes, b"IHDR", &ihdr);
    chunk(&mut bytes, b"IDAT", &[0x78, 0x9c, 0x63, 0x00, 0x00]);
    chunk(&mut bytes, b"IEND", &[]);
    bytes
}

/// A data folder with Hunt art: `mode.png` good, `oxygen.png` truncated, `battery.png` 20,000 pixels.
fn art_folder(name: &str) -> (periscope_app::storage::Storage, PathBuf) {
    let storage = temp_storage(name);
    let dir = storage.counter_art_dir().join("hunt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mode.png"), good_png()).unwrap();
    let good = good_png();
    std::fs::write(dir.join("oxygen.png"), &good[..good.len() / 2]).unwrap();
    std::fs::write(dir.join("battery.png"), huge_png_header()).unwrap();
    (storage, dir)
}

fn file(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

#[test]
fn good_art_is_read_and_the_bad_fall_back_with_a_message_naming_the_file() {
    let (storage, dir) = art_folder("art-load");
    std::fs::write(dir.join("periscope.png"), good_png()).unwrap();
    let loaded = counter_art::load(&storage.counter_art_dir(), &GameCounters::shipped());
    let read: Vec<(&str, &str)> = loaded
        .pictures
        .iter()
        .map(|p| (p.game.as_str(), p.id.as_str()))
        .collect();
    assert_eq!(read, [("hunt", "mode")], "the good picture alone is read");
    assert_eq!(loaded.pictures[0].image.size, [64, 64]);
    assert_eq!(loaded.messages.len(), 3, "{:#?}", loaded.messages);
    let about = |name: &str| {
        let f = file(&dir, name);
        let found: Vec<&String> = loaded.messages.iter().filter(|m| m.contains(&f)).collect();
        assert_eq!(found.len(), 1, "one message names {f}: {:#?}", loaded.messages);
        found[0].clone()
    };
    let huge = about("battery.png");
    assert!(
        huge.contains("20000 × 20000") && huge.contains("2048"),
        "refused from its header, by size: {huge}"
    );
    // Cut short inside its chunk list: refused before decoding.
    assert!(
        about("oxygen.png").contains("is cut short"),
        "{}",
        about("oxygen.png")
    );
    assert!(about("periscope.png").contains("no counter of hunt has the id 'periscope'"));
    assert!(huge.contains("our counter is drawn instead"));
}

/// A 1 × 1 PNG whose colour profile (`iCCP`) inflates to `inflated` bytes of zeros, with a `zTXt`
/// and an `eXIf` chunk beside it: the pixel is red.
fn bomb_png(inflated: usize) -> Vec<u8> {
    use std::io::Write;
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(1_u32.to_be_bytes());
    ihdr.extend(1_u32.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut bytes, b"IHDR", &ihdr);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..inflated / zeros.len() {
        z.write_all(&zeros).unwrap();
    }
    let mut iccp = b"bomb\0\0".to_vec();
    iccp.extend(z.finish().unwrap());
    chunk(&mut bytes, b"iCCP", &iccp);
    let mut ztxt = b"Comment\0\0".to_vec();
    ztxt.extend(&iccp[6..]);
    chunk(&mut bytes, b"zTXt", &ztxt);
    chunk(&mut bytes, b"eXIf", b"MM\0*junk");
    let mut idat = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    idat.write_all(&[0, 255, 0, 0]).unwrap(); // filter none, one red pixel
    chunk(&mut bytes, b"IDAT", &idat.finish().unwrap());
    chunk(&mut bytes, b"IEND", &[]);
    bytes
}

/// A picture whose colour profile and text inflate to 256 MB each is read without inflating them: the
/// ancillary chunks are dropped before decoding, and its one pixel is drawn.
#[test]
fn a_png_whose_colour_profile_inflates_to_hundreds_of_megabytes_is_read_without_it() {
    let png = bomb_png(256 << 20);
    assert!(
        png.len() < 2 << 20,
        "the bomb is small on disk: {} bytes",
        png.len()
    );
    let kept = periscope_data::bounded::png_essentials(&png).unwrap();
    for dropped in [&b"iCCP"[..], b"zTXt", b"eXIf"] {
        assert!(
            !kept.windows(4).any(|w| w == dropped),
            "{:?} dropped",
            std::str::from_utf8(dropped)
        );
    }
    let started = std::time::Instant::now();
    let image = counter_art::decode_picture(&png).unwrap();
    eprintln!(
        "a 256 MB iCCP bomb of {} bytes read in {:?}",
        png.len(),
        started.elapsed()
    );
    assert_eq!(image.size, [1, 1]);
    assert_eq!(image.pixels[0], egui::Color32::from_rgb(255, 0, 0));
}

/// Pictures that are not files are skipped with a line naming each: a FIFO (opening it would block the
/// app) and a link to `/dev/zero` (read for ever).
#[cfg(unix)]
#[test]
fn a_fifo_and_a_link_to_a_device_among_the_pictures_are_skipped_naming_each() {
    let storage = temp_storage("art-fifo");
    let dir = storage.counter_art_dir().join("hunt");
    std::fs::create_dir_all(&dir).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(dir.join("mode.png"))
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/dev/zero", dir.join("oxygen.png")).unwrap();
    let loaded = counter_art::load(&storage.counter_art_dir(), &GameCounters::shipped());
    assert!(loaded.pictures.is_empty());
    assert_eq!(loaded.messages.len(), 2, "{:#?}", loaded.messages);
    assert!(loaded.messages[0].contains(&file(&dir, "mode.png")) && loaded.messages[0].contains("FIFO"));
    assert!(loaded.messages[1].contains(&file(&dir, "oxygen.png")) && loaded.messages[1].contains("device"));
}

#[test]
fn no_folder_is_no_art_and_no_message() {
    let storage = temp_storage("art-none");
    let loaded = counter_art::load(&storage.counter_art_dir(), &GameCounters::shipped());
    assert!(loaded.pictures.is_empty() && loaded.messages.is_empty());
}

/// A large good picture is shrunk when read, so its texture stays small.
#[test]
fn a_large_picture_is_kept_small() {
    let storage = temp_storage("art-large");
    let dir = storage.counter_art_dir().join("sensuikan");
    std::fs::create_dir_all(&dir).unwrap();
    image::RgbImage::from_pixel(1200, 600, image::Rgb([10, 20, 30]))
        .save(dir.join("t95.jpg"))
        .unwrap();
    let loaded = counter_art::load(&storage.counter_art_dir(), &GameCounters::shipped());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    assert_eq!(
        loaded.pictures[0].image.size,
        [256, 128],
        "JPEG read, shrunk to 256 a side"
    );
}

/// Whether any shape painted in the last frame is filled with `texture`.
fn drawn(shapes: &[ClippedShape], texture: egui::TextureId) -> usize {
    fn count(shape: &Shape, texture: egui::TextureId) -> usize {
        match shape {
            Shape::Rect(r) => usize::from(r.brush.as_ref().is_some_and(|b| b.fill_texture_id == texture)),
            Shape::Vec(v) => v.iter().map(|s| count(s, texture)).sum(),
            Shape::Mesh(m) => usize::from(m.texture_id == texture),
            _ => 0,
        }
    }
    shapes.iter().map(|c| count(&c.shape, texture)).sum()
}

/// [Modes.1] The submarine's counter in its Cruising Mode box on the Hunt table, and the same counter
/// (kind `mode`) in Track mode, are the player's picture; flipped in Track mode it shows our back.
#[test]
fn the_picture_is_drawn_on_the_board_and_in_track_mode() {
    let (storage, dir) = art_folder("art-ui");
    let mut h = harness(storage.clone());
    settle(&mut h);
    // The start screen says what the folder gave, once per file.
    assert!(h.query_by_label_contains("1 counter picture from").is_some());
    for name in ["oxygen.png", "battery.png"] {
        assert_eq!(
            h.query_all_by_label_contains(&file(&dir, name)).count(),
            1,
            "{name} is named once"
        );
    }
    let (texture, _) = counter_art::art(&h.ctx, "hunt", "mode").expect("the picture is a texture");
    assert_eq!(
        drawn(&h.output().shapes, texture),
        0,
        "no counter on the start screen"
    );

    new_game(&mut h, 7, false);
    settle(&mut h);
    assert_eq!(
        drawn(&h.output().shapes, texture),
        1,
        "the SUB counter is the picture"
    );
    // The refused pictures' counters are ours: the Oxygen marker still has its chit.
    assert!(counter_art::art(&h.ctx, "hunt", "oxygen").is_none());

    // A fresh start on the same folder, for Track mode.
    let mut h = harness(storage);
    settle(&mut h);
    let (texture, _) = counter_art::art(&h.ctx, "hunt", "mode").unwrap();
    click(&mut h, "Track mode: Submarine Hunt");
    assert!(matches!(h.state().screen, Screen::Track(_)));
    assert!(
        drawn(&h.output().shapes, texture) >= 1,
        "Track mode's SUB counter is the picture"
    );
    h.get_by_label("Counter SUB").click_secondary();
    settle(&mut h);
    assert!(h.query_by_label("Counter SUB (flipped)").is_some());
    assert_eq!(
        drawn(&h.output().shapes, texture),
        0,
        "flipped, the counter shows our back"
    );
}

/// Only Track mode, whose counters' kinds come from the mix itself, names a counter by a string; every
/// board goes through its game's constants (`periscope_boards`' `counters.rs`), so the boards' test of
/// every id against its game's mix sees every id a board draws. Both the app's sources and the boards'
/// are read.
#[test]
fn boards_name_their_counters_by_the_constants() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut by_string = Vec::new();
    for src in [crates.join("app/src"), crates.join("boards/src")] {
        let mut files = Vec::new();
        walk(&src, &mut files);
        by_string.extend(
            files
                .iter()
                .filter(|f| !f.ends_with("widgets/counter_ids.rs"))
                .filter(|f| {
                    let text = std::fs::read_to_string(f).unwrap();
                    text.contains("of_mix(") || text.contains("CounterId {")
                })
                .map(|f| f.strip_prefix(&src).unwrap().display().to_string()),
        );
    }
    assert_eq!(by_string, ["track/scene.rs"]);
}
