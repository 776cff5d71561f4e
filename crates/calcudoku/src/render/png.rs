//! The picture as PNG: the SVG drawn by `resvg` with the bundled font, so the pixels are the
//! same on every machine.

use super::{Picture, RenderError, fonts, svg};

/// Pixels per SVG user unit by default: a 9×9 grid comes out 549 pixels wide.
pub const DEFAULT_SCALE: f32 = 1.5;

/// Draws the picture as a PNG image, `scale` pixels per SVG user unit.
pub fn render(p: &Picture, scale: f32) -> Result<Vec<u8>, RenderError> {
    from_svg(&svg::render(p), scale)
}

/// The most pixels a PNG image may have (2²⁶: 8192 × 8192; 256 MiB while it is drawn).
pub const MAX_PIXELS: u64 = 1 << 26;

/// Draws an SVG document (of this module's making) as PNG.
pub fn from_svg(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    if !(scale.is_finite() && scale > 0.0 && scale <= 16.0) {
        return Err(RenderError::Scale(scale));
    }
    let tree = fonts::tree(svg)?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or(RenderError::Scale(scale))?;
    if u64::from(size.width()) * u64::from(size.height()) > MAX_PIXELS {
        return Err(RenderError::TooLarge(size.width(), size.height()));
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(RenderError::Scale(scale))?;
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| RenderError::Encode(e.to_string()))
}

/// Encodes the pixels on white as an RGB PNG, filtered and compressed hard: the pictures are
/// mostly flat white, which compresses several times smaller than tiny-skia's own RGBA PNG.
fn encode(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let mut rgb = Vec::with_capacity(pixmap.width() as usize * pixmap.height() as usize * 3);
    for px in pixmap.pixels() {
        // Premultiplied colour over white: c + (255 − alpha).
        let under = 255 - px.alpha();
        rgb.extend([px.red() + under, px.green() + under, px.blue() + under]);
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(bytes)
}
