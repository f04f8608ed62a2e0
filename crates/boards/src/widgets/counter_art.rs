//! The player's own counter art: `<data folder>/counters/<game>/<counter id>.png` (or `.jpg`, `.jpeg`),
//! drawn in place of our vector chits on every board and in Track mode (`docs/counter-art.md`).
//!
//! The folder is read once, when the app starts ([`load`]): each image's size is read from its header
//! first, so a picture larger than [`MAX_SIDE`] a side is refused without being decoded; the rest are
//! decoded, shrunk to at most [`TEXTURE_SIDE`] a side (a counter is never drawn larger) and turned into
//! textures once ([`install`]). A missing image is no matter (our chit is drawn); an oversize or
//! unreadable one, or a file that names no counter of the game, is refused with one message naming the
//! file, shown on the start screen beside the chart overrides'.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{ColorImage, Context, Id, TextureHandle, TextureId, TextureOptions};

/// The largest image accepted, in pixels a side: a counter sheet scanned at 600 dpi gives about 400 px
/// a counter, so 2048 leaves room, and a 2048 × 2048 picture decodes into 16 MB at most.
pub const MAX_SIDE: u32 = 2048;

/// The size a picture is kept at, in pixels a side: larger than any counter is drawn at 200 % zoom.
pub const TEXTURE_SIDE: u32 = 256;

/// The extensions read, lower case (a file's is compared without case).
pub const EXTENSIONS: [&str; 3] = ["png", "jpg", "jpeg"];

/// One game's counters, as the art folder is checked against them: its id and its counter ids with
/// each kind's printed label.
#[derive(Debug, Clone)]
pub struct GameCounters {
    pub game: String,
    /// `(id, label)`: the label the art stands for (a board's own words on a counter, which differ from
    /// it, are shown on a strip over the art).
    pub kinds: Vec<(String, String)>,
}

impl GameCounters {
    /// Every game's counters, from the data crate's mixes (the list `periscope-cli counters list` prints).
    pub fn shipped() -> Vec<GameCounters> {
        periscope_data::counters::GAMES
            .iter()
            .filter_map(|&game| Some(Self::from_mix(periscope_data::counters::of_game(game)?.ok()?)))
            .collect()
    }

    /// A game's counters from its mix.
    pub fn from_mix(mix: periscope_data::counters::CounterMix) -> Self {
        GameCounters {
            game: mix.game,
            kinds: mix.kinds.into_iter().map(|k| (k.id, k.label)).collect(),
        }
    }
}

/// One picture read: whose counter it is and its pixels, not yet a texture.
pub struct Picture {
    pub game: String,
    pub id: String,
    pub label: String,
    pub path: PathBuf,
    pub image: ColorImage,
}

/// What the art folder held: the pictures read, and one message for each file refused.
#[derive(Default)]
pub struct Loaded {
    pub pictures: Vec<Picture>,
    pub messages: Vec<String>,
}

/// Reads `dir` (`<data folder>/counters`): one folder per game, one picture per counter id. No folder
/// is no art and no message.
pub fn load(dir: &Path, games: &[GameCounters]) -> Loaded {
    let mut out = Loaded::default();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let Some(game) = games.iter().find(|g| g.game == name) else {
            let known: Vec<&str> = games.iter().map(|g| g.game.as_str()).collect();
            out.messages.push(format!(
                "{}: no game is called '{name}' (the folders are {}); its pictures are not used.",
                folder.display(),
                known.join(", ")
            ));
            continue;
        };
        load_game(&folder, game, &mut out);
    }
    out
}

fn load_game(folder: &Path, game: &GameCounters, out: &mut Loaded) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        out.messages
            .push(format!("{}: the folder could not be read.", folder.display()));
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| has_image_extension(p))
        .collect();
    files.sort();
    // A FIFO would block the app and a link to a device would be read for ever: skipped, and named.
    files.retain(|p| match periscope_data::bounded::refused_entry(p) {
        Some(e) => {
            out.messages.push(format!("Skipped: {e}."));
            false
        }
        None => true,
    });
    for path in files {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let Some((id, label)) = game.kinds.iter().find(|(id, _)| *id == stem) else {
            out.messages.push(format!(
                "{}: no counter of {} has the id '{stem}' (periscope-cli counters list {} lists them); \
                 the picture is not used.",
                path.display(),
                game.game,
                game.game
            ));
            continue;
        };
        if out.pictures.iter().any(|p| p.game == game.game && p.id == *id) {
            out.messages.push(format!(
                "{}: counter '{id}' has a picture already; this one is not used.",
                path.display()
            ));
            continue;
        }
        match read_picture(&path) {
            Ok(image) => out.pictures.push(Picture {
                game: game.game.clone(),
                id: id.clone(),
                label: label.clone(),
                path,
                image,
            }),
            Err(why) => out.messages.push(format!(
                "{}: {why}; our counter is drawn instead.",
                path.display()
            )),
        }
    }
}

fn has_image_extension(path: &Path) -> bool {
    path.extension()
        .map(|x| x.to_string_lossy().to_lowercase())
        .is_some_and(|x| EXTENSIONS.contains(&x.as_str()))
}

/// Reads one picture: at most [`periscope_data::bounded::IMAGE`]'s size of a regular file; a PNG
/// reduced to the chunks drawing needs (a colour profile, text or EXIF chunk that would inflate to
/// gigabytes is never decoded; see `bounded::png_essentials`); its size from the header (refused above
/// [`MAX_SIDE`] before anything is decoded), then its pixels, shrunk to [`TEXTURE_SIDE`].
pub fn read_picture(path: &Path) -> Result<ColorImage, String> {
    use periscope_data::bounded;
    let bytes = bounded::read_bytes(path, bounded::IMAGE).map_err(|e| match e {
        // The message follows the file's name.
        bounded::ReadError::TooLarge { .. } | bounded::ReadError::NotAFile { .. } => {
            let full = e.to_string();
            let shown = path.display().to_string();
            full.strip_prefix(&shown)
                .unwrap_or(&full)
                .trim_start()
                .to_string()
        }
        other => format!("could not be opened ({other})"),
    })?;
    decode_picture(&bytes)
}

/// [`read_picture`] of a file's bytes, read already.
pub fn decode_picture(bytes: &[u8]) -> Result<ColorImage, String> {
    use periscope_data::bounded;
    let bytes = if bounded::is_png(bytes) {
        std::borrow::Cow::Owned(bounded::png_essentials(bytes)?)
    } else {
        std::borrow::Cow::Borrowed(bytes)
    };
    // Every reader allocates no more than a picture of MAX_SIDE a side needs (the header is read with
    // that limit too); the decoder's is also held to MAX_SIDE a side.
    let open = |sides: bool| {
        let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes.as_ref()))
            .with_guessed_format()
            .map_err(|e| format!("could not be opened ({e})"))?;
        let mut limits = image::Limits::default();
        if sides {
            limits.max_image_width = Some(MAX_SIDE);
            limits.max_image_height = Some(MAX_SIDE);
        }
        limits.max_alloc = Some(u64::from(MAX_SIDE) * u64::from(MAX_SIDE) * 8);
        reader.limits(limits);
        Ok::<_, String>(reader)
    };
    let (w, h) = open(false)?
        .into_dimensions()
        .map_err(|e| format!("is not a PNG or JPEG picture Periscope can read ({e})"))?;
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "is {w} × {h} pixels, larger than the {MAX_SIDE} × {MAX_SIDE} Periscope reads"
        ));
    }
    if w == 0 || h == 0 {
        return Err("has no pixels".into());
    }
    // Belt and braces: the decoder itself refuses what the header check let through by mistake.
    let decoded = open(true)?
        .decode()
        .map_err(|e| format!("could not be read ({e})"))?;
    let decoded = if w > TEXTURE_SIDE || h > TEXTURE_SIDE {
        decoded.thumbnail(TEXTURE_SIDE, TEXTURE_SIDE)
    } else {
        decoded
    };
    let rgba = decoded.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

/// The textures of the pictures, keyed by game and counter id, as the painter finds them.
#[derive(Default)]
pub struct CounterArt {
    /// Game, then counter id: the texture and the label of the kind it stands for.
    textures: HashMap<String, HashMap<String, (TextureHandle, String)>>,
}

/// Where the installed art sits in egui's memory.
fn memory_id() -> Id {
    Id::unique("periscope-counter-art")
}

/// Turns the pictures into textures, once, and puts them where [`art`] finds them.
pub fn install(ctx: &Context, pictures: Vec<Picture>) {
    let mut art = CounterArt::default();
    for p in pictures {
        let name = format!("counter-art/{}/{}", p.game, p.id);
        let texture = ctx.load_texture(name, p.image, TextureOptions::LINEAR);
        art.textures
            .entry(p.game)
            .or_default()
            .insert(p.id, (texture, p.label));
    }
    ctx.data_mut(|d| d.insert_temp(memory_id(), Arc::new(art)));
}

/// The player's picture of counter `id` of `game`, if there is one: its texture and the label of the
/// kind it stands for.
pub fn art(ctx: &Context, game: &str, id: &str) -> Option<(TextureId, String)> {
    let art = ctx.data(|d| d.get_temp::<Arc<CounterArt>>(memory_id()))?;
    let (texture, label) = art.textures.get(game)?.get(id)?;
    Some((texture.id(), label.clone()))
}
